// Traces that contradict themselves, as a loaded file or a buggy kernel may: each is a correct
// simulated trace with one thing broken in one round. Whatever reads a trace for display (the
// narration, the numerics and work panels, the scene and its inspector) must survive all of them.
#pragma once

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "core/input.h"
#include "core/simulator.h"
#include "core/trace.h"

namespace scanviz::testing {

struct BrokenTrace {
  std::string name;  // "blelloch add n=8: cell changed in round 3"
  Trace trace;
  int dropped_round = -1;  // the round erased from the source trace, or -1
  // The self-check must reject it: the break changes what some cell holds or who writes it.
  // (Moving an action to another thread, or swapping its operands, leaves every value right.)
  bool detectable = false;
};

// The sources: both algorithms, sizes from 1 to past one power of two, `add` and the
// non-commutative `last`, int32 and float32; inputs in -20..20 so `last` meets zeros.
inline std::vector<Trace> BrokenTraceSources(const std::vector<int>& sizes) {
  std::vector<Trace> out;
  for (Algorithm algorithm : {Algorithm::kHillisSteele, Algorithm::kBlelloch}) {
    for (int n : sizes) {
      for (OpKind op : {OpKind::kAdd, OpKind::kLast}) {
        const ElementType type =
            n % 2 == 1 && op == OpKind::kAdd ? ElementType::kFloat32 : ElementType::kInt32;
        out.push_back(Simulate(
            ScanRequest{algorithm, op, type, RandomValues(n, 11u * n + 3, type, -20, 20)}));
      }
    }
  }
  return out;
}

// Every way of breaking `good` this file knows, in every round.
inline std::vector<BrokenTrace> BreakEveryRound(const Trace& good) {
  std::vector<BrokenTrace> out;
  const std::string source = std::string(ToString(good.meta.algorithm)) + " " +
                             ToString(good.meta.op) + " " + ToString(good.meta.type) +
                             " n=" + std::to_string(good.meta.n) + ": ";
  auto add = [&](const std::string& what, int r, Trace t, bool detectable, int dropped = -1) {
    out.push_back(
        {source + what + " in round " + std::to_string(r), std::move(t), dropped, detectable});
  };
  for (int r = 0; r < static_cast<int>(good.rounds.size()); ++r) {
    const Round& round = good.rounds[r];
    std::vector<int> active;
    for (int t = 0; t < static_cast<int>(round.actions.size()); ++t)
      if (round.actions[t].kind != ActionKind::kIdle) active.push_back(t);
    if (active.empty()) continue;
    const int first = active.front(), last = active.back();
    const int pout = round.spec.pout;
    const int written = round.actions[last].write[0] >= 0 ? round.actions[last].write[0]
                                                          : round.actions[last].write[1];

    {  // A cell holds a value other than the one computed.
      Trace t = good;
      t.rounds[r].buffers[pout][written] += 1;
      add("cell " + std::to_string(written) + " changed", r, std::move(t), true);
    }
    {  // The round's values, in reverse order.
      Trace t = good;
      std::vector<double>& cells = t.rounds[r].buffers[pout];
      std::vector<std::uint8_t>& defined = t.rounds[r].defined[pout];
      std::reverse(cells.begin(), cells.end());
      std::reverse(defined.begin(), defined.end());
      if (t.rounds[r].buffers != good.rounds[r].buffers)
        add("values reversed", r, std::move(t), false);
    }
    {  // Two threads' actions exchanged.
      Trace t = good;
      const int other = first != last ? last : (first + 1) % good.meta.block_size;
      std::swap(t.rounds[r].actions[first], t.rounds[r].actions[other]);
      if (other != first) add("threads' actions swapped", r, std::move(t), false);
    }
    if (good.meta.block_size > 1) {  // One thread's action recorded for another thread too.
      Trace t = good;
      const int other = last != first ? last : (first + 1) % good.meta.block_size;
      t.rounds[r].actions[other] = t.rounds[r].actions[first];
      add("an action duplicated", r, std::move(t), true);
    }
    if (active.size() > 1) {  // A thread writes the cell another thread writes.
      Trace t = good;
      ThreadAction& a = t.rounds[r].actions[last];
      const ThreadAction& b = t.rounds[r].actions[first];
      a.write[0] = b.write[0] >= 0 ? b.write[0] : b.write[1];
      add("a write collides", r, std::move(t), true);
    }
    {  // The last active thread's action lost.
      Trace t = good;
      t.rounds[r].actions[last] = ThreadAction{};
      add("an action removed", r, std::move(t), false);
    }
    {  // Every action's operands in the other order (a kernel that swaps them).
      Trace t = good;
      for (ThreadAction& a : t.rounds[r].actions) {
        std::swap(a.read[0], a.read[1]);
        std::swap(a.write[0], a.write[1]);
      }
      add("operands swapped", r, std::move(t), false);
    }
    {  // An action that reads outside the buffer.
      Trace t = good;
      t.rounds[r].actions[first].read[0] = good.meta.padded_n + 3;
      t.rounds[r].actions[first].read[1] = -7;
      add("reads out of range", r, std::move(t), false);
    }
    {  // An action that writes outside the buffer.
      Trace t = good;
      t.rounds[r].actions[first].write[0] = good.meta.padded_n + 3;
      add("writes out of range", r, std::move(t), true);
    }
    {  // An action that writes one cell past the end: the off-by-one a bounds check can miss.
      Trace t = good;
      t.rounds[r].actions[first].write[0] = good.arrays[static_cast<size_t>(pout)].size;
      add("writes one past the end", r, std::move(t), true);
    }
    {  // A written cell marked as never written.
      Trace t = good;
      t.rounds[r].defined[pout][written] = 0;
      add("a written cell undefined", r, std::move(t), false);
    }
    if (r > 0) {  // The round itself missing.
      Trace t = good;
      t.rounds.erase(t.rounds.begin() + r);
      add("round dropped", r, std::move(t), true, r);
    }
  }
  return out;
}

}  // namespace scanviz::testing
