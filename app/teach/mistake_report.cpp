#include "teach/mistake_report.h"

#include <algorithm>
#include <utility>

#include "core/analysis.h"
#include "core/mistake.h"
#include "core/registry.h"

namespace scanviz::teach {
namespace {

// Whether thread w ran (its step, or its whole pass without barriers) before thread t in the
// trace's thread order (core/simulator.h).
enum class Order { kBefore, kAfter, kTogether, kUnknown };

Order RunsBefore(const std::string& order, int w, int t) {
  if (w == t) return Order::kTogether;
  if (order == "reverse") return w > t ? Order::kBefore : Order::kAfter;
  if (order == "warp-by-warp") {
    if (w / 32 == t / 32) return Order::kTogether;  // lanes of a warp run in lockstep
    return w / 32 < t / 32 ? Order::kBefore : Order::kAfter;
  }
  if (order.rfind("random:", 0) == 0) return Order::kUnknown;
  return w < t ? Order::kBefore : Order::kAfter;  // in-order (or none recorded)
}

bool Differs(const Round& a, const Round& b, size_t array, size_t cell) {
  if (a.defined[array][cell] != b.defined[array][cell]) return true;
  return a.defined[array][cell] != 0 && a.buffers[array][cell] != b.buffers[array][cell];
}

std::string Value(const Trace& t, const Round& r, int array, int cell) {
  const size_t a = static_cast<size_t>(array), i = static_cast<size_t>(cell);
  return r.defined[a][i] ? FormatValue(t.meta.type, r.buffers[a][i]) : std::string("?");
}

std::string Cell(const Trace& t, int array, int cell) {
  if (array == kReservedArray) {
    const int before = kReservedCells - cell;
    return "the block's reserved shared memory, " + std::to_string(before) +
           (before == 1 ? " word" : " words") + " before " + t.arrays.front().name + "[0]";
  }
  if (array == kInputArray) return "input[" + std::to_string(cell) + "]";
  return t.arrays[static_cast<size_t>(array)].name + "[" + std::to_string(cell) + "]";
}

// What a thread did, in words: "added buf[0][6] and buf[1][0] into buf[0][0]".
std::string Did(const Trace& t, const ThreadAction& a) {
  const auto read = [&](int k) { return Cell(t, a.read_array[k], a.read[k]); };
  const auto write = [&](int k) { return Cell(t, a.write_array[k], a.write[k]); };
  switch (a.kind) {
    case ActionKind::kIdle:
      return "did nothing";
    case ActionKind::kAdd:
    case ActionKind::kAddInput:
      return "added " + read(0) + " and " + read(1) + " into " + write(0);
    case ActionKind::kSwapAdd:
      return "moved " + read(1) + " to " + write(0) + " and added " + read(0) + " into " + write(1);
    case ActionKind::kSeed:
      return "set " + write(0) + " to the identity";
    case ActionKind::kCopy:
    case ActionKind::kLoad:
      return "copied " + read(0) + " to " + write(0);
  }
  return "?";
}

// "thread 40 (warp 1)" in warp-by-warp order, "thread 40" in the others.
std::string Thread(const Trace& t, int tid) {
  std::string s = "thread " + std::to_string(tid);
  if (t.meta.thread_order == "warp-by-warp") s += " (warp " + std::to_string(tid / 32) + ")";
  return s;
}

void SetHazard(MistakeReport& r, int round, int thread, int array, int cell, std::string text) {
  r.hazard = std::move(text);
  r.hazard_round = round;
  r.hazard_thread = thread;
  r.hazard_array = array;
  r.hazard_cell = cell;
}

// A single buffer: in a round, thread t read a cell another thread w wrote in the same round, and
// w ran first, so t got the new value where it needed the one from before the round.
void FindAliasHazard(const Trace& b, MistakeReport& r) {
  const std::string& order = b.meta.thread_order;
  for (size_t round = static_cast<size_t>(std::max(r.diff_round, 1)); round < b.rounds.size();
       ++round) {
    const Round& now = b.rounds[round];
    const Round& before = b.rounds[round - 1];
    std::vector<std::vector<int>> writer(b.arrays.size());
    for (size_t a = 0; a < b.arrays.size(); ++a) writer[a].assign(now.buffers[a].size(), -1);
    for (size_t w = 0; w < now.actions.size(); ++w) {
      const ThreadAction& act = now.actions[w];
      for (int k = 0; k < 2; ++k)
        if (act.write[k] >= 0 && act.write_array[k] >= 0)
          writer[static_cast<size_t>(act.write_array[k])][static_cast<size_t>(act.write[k])] =
              static_cast<int>(w);
    }
    for (size_t t = 0; t < now.actions.size(); ++t) {
      const ThreadAction& act = now.actions[t];
      for (int k = 0; k < 2; ++k) {
        const int a = act.read_array[k], p = act.read[k];
        if (a < 0 || p < 0) continue;
        const int w = writer[static_cast<size_t>(a)][static_cast<size_t>(p)];
        if (w < 0 || w == static_cast<int>(t)) continue;
        if (!Differs(before, now, static_cast<size_t>(a), static_cast<size_t>(p))) continue;
        const Order o = RunsBefore(order, w, static_cast<int>(t));
        if (o != Order::kBefore && o != Order::kUnknown) continue;
        const std::string head = "round " + std::to_string(round) + ": " +
                                 Thread(b, static_cast<int>(t)) + " read " + Cell(b, a, p);
        const std::string when =
            o == Order::kBefore
                ? " after " + Thread(b, w) + " had already overwritten it"
                : ", which " + Thread(b, w) + " may already have overwritten (a random order)";
        SetHazard(r, static_cast<int>(round), static_cast<int>(t), a, p,
                  head + when + " in the same round (it needed the value from before the round, " +
                      Value(b, before, a, p) + "; the round left " + Value(b, now, a, p) + ")");
        return;
      }
    }
  }
}

// No barrier: thread t read, in round r, a cell that thread w writes in an earlier round q. With
// no barrier each thread (each warp) runs all its rounds before the next one starts: if w runs
// after t, t read the cell before w wrote it; if w runs first, w ran ahead and a later round may
// have overwritten the cell before t read it.
void FindBarrierHazard(const Trace& b, const Trace& c, MistakeReport& r) {
  const std::string& order = b.meta.thread_order;
  // The writes of each cell: (round, thread), in round order.
  std::vector<std::vector<std::vector<std::pair<int, int>>>> writes(b.arrays.size());
  for (size_t a = 0; a < b.arrays.size(); ++a) writes[a].resize(b.rounds[0].buffers[a].size());
  for (size_t round = 0; round < b.rounds.size(); ++round) {
    const std::vector<ThreadAction>& acts = b.rounds[round].actions;
    for (size_t w = 0; w < acts.size(); ++w)
      for (int k = 0; k < 2; ++k)
        if (acts[w].write[k] >= 0 && acts[w].write_array[k] >= 0)
          writes[static_cast<size_t>(acts[w].write_array[k])][static_cast<size_t>(acts[w].write[k])]
              .push_back({static_cast<int>(round), static_cast<int>(w)});
  }
  for (size_t round = 1; round < b.rounds.size() && round < c.rounds.size(); ++round) {
    const std::vector<ThreadAction>& acts = b.rounds[round].actions;
    for (size_t ti = 0; ti < acts.size(); ++ti) {
      const int t = static_cast<int>(ti);
      for (int k = 0; k < 2; ++k) {
        const int a = acts[ti].read_array[k], p = acts[ti].read[k];
        if (a < 0 || p < 0) continue;
        const auto& cell = writes[static_cast<size_t>(a)][static_cast<size_t>(p)];
        // The write the read needs: the last one before this round.
        int q = -1, w = -1;
        for (const auto& [wr, wt] : cell)
          if (wr < static_cast<int>(round)) q = wr, w = wt;
        if (q < 0) continue;
        const Order o = RunsBefore(order, w, t);
        if (o == Order::kTogether) continue;
        const size_t sa = static_cast<size_t>(a), sp = static_cast<size_t>(p);
        const Round& needed = c.rounds[round - 1];
        // t ran first: it read the cell before w's write (which changed it).
        const bool early = q == 0 || Differs(c.rounds[static_cast<size_t>(q) - 1],
                                             c.rounds[static_cast<size_t>(q)], sa, sp);
        // w ran first: the first later write, by a thread that ran before t, that changed it.
        int later = -1, by = -1;
        for (const auto& [wr, wt] : cell) {
          if (wr <= q || later >= 0) continue;
          const Order g = RunsBefore(order, wt, t);
          if ((g == Order::kBefore || g == Order::kUnknown) &&
              Differs(needed, c.rounds[static_cast<size_t>(wr)], sa, sp))
            later = wr, by = wt;
        }
        const std::string head =
            "round " + std::to_string(round) + ": " + Thread(b, t) + " read " + Cell(b, a, p);
        // Who ran all its rounds first: a warp in warp-by-warp order, else a thread.
        const auto unit = [&](int tid) {
          return order == "warp-by-warp" ? "warp " + std::to_string(tid / 32)
                                         : "thread " + std::to_string(tid);
        };
        std::string text;
        if (o == Order::kAfter && early) {
          text = head + " before " + Thread(b, w) + " had written it in round " +
                 std::to_string(q) + ": without a barrier " + unit(t) +
                 " ran all its rounds first, and nothing made it wait";
        } else if (o == Order::kBefore && later >= 0) {
          text = head + " after " + Thread(b, by) + " had already overwritten it in round " +
                 std::to_string(later) + " (it needed the value of round " + std::to_string(q) +
                 ", written by thread " + std::to_string(w) + "): without a barrier " + unit(by) +
                 " ran all its rounds first";
        } else if (o == Order::kUnknown && (early || later >= 0)) {
          text = head + ", which " + Thread(b, w) + " writes in round " + std::to_string(q) +
                 ": in this random order, with no barrier to keep them in step, it may have read "
                 "it before that write or after a later round had overwritten it";
        } else {
          continue;
        }
        SetHazard(r, static_cast<int>(round), t, a, p, std::move(text));
        return;
      }
    }
  }
}

// A skipped phase (Blelloch's seed): its rounds did not run, so the cell they write kept its value.
void FindSkippedStep(const Trace& b, const Trace& c, const MistakeInfo& m, MistakeReport& r) {
  for (size_t round = 0; round < b.rounds.size() && round < c.rounds.size(); ++round) {
    if (b.rounds[round].spec.phase != m.skip_phase) continue;
    for (const ThreadAction& act : c.rounds[round].actions) {
      if (act.write[0] < 0 || act.write_array[0] < 0) continue;
      const int a = act.write_array[0], p = act.write[0];
      SetHazard(r, static_cast<int>(round), -1, a, p,
                std::string("the ") + PhaseName(b.meta.algorithm, b.rounds[round].spec.phase) +
                    " step did nothing: the root " + Cell(b, a, p) + " kept the total " +
                    Value(b, b.rounds[round], a, p) + " where the identity " +
                    Value(c, c.rounds[round], a, p) +
                    " belonged, and the down-sweep then handed it to every cell");
      return;
    }
  }
}

// A step's line changed (no-edge-check, wrong-index): in the first round whose memory differs,
// the first thread that did something else than the correct kernel's thread, both in words; and,
// where it read a cell another thread wrote in that round before it ran, that race too.
void FindChangedStep(const Trace& b, const Trace& c, MistakeReport& r) {
  const size_t round = static_cast<size_t>(r.diff_round);
  if (round >= b.rounds.size() || round >= c.rounds.size()) return;
  const std::vector<ThreadAction>& got = b.rounds[round].actions;
  const std::vector<ThreadAction>& want = c.rounds[round].actions;
  for (size_t t = 0; t < got.size() && t < want.size(); ++t) {
    if (SameAction(got[t], want[t])) continue;
    const int tid = static_cast<int>(t);
    std::string text = "round " + std::to_string(round) + ": " + Thread(b, tid) + " " +
                       Did(b, got[t]) + "; in the correct kernel it " + Did(c, want[t]);
    for (int k = 0; k < 2; ++k) {
      const int a = got[t].read_array[k], p = got[t].read[k];
      if (a < 0 || p < 0) continue;
      for (size_t w = 0; w < got.size(); ++w) {
        const ThreadAction& wa = got[w];
        const bool writes = (wa.write_array[0] == a && wa.write[0] == p) ||
                            (wa.write_array[1] == a && wa.write[1] == p);
        if (!writes || w == t) continue;
        const Order o = RunsBefore(b.meta.thread_order, static_cast<int>(w), tid);
        text += o == Order::kBefore
                    ? " (and " + Thread(b, static_cast<int>(w)) +
                          " had already overwritten that cell in this round: a race too)"
                    : " (a cell " + Thread(b, static_cast<int>(w)) +
                          " overwrites in this same round: a race too)";
        break;
      }
    }
    const int a = got[t].write_array[0], p = got[t].write[0];
    SetHazard(r, static_cast<int>(round), tid, a, p, std::move(text));
    return;
  }
}

}  // namespace

MistakeReport ReportMistake(const Trace& broken, const Trace& correct) {
  MistakeReport r;
  const std::vector<double> got = broken.Result(), want = correct.Result();
  r.result_cells = static_cast<int>(got.size());
  for (size_t i = 0; i < got.size() && i < want.size(); ++i) {
    if (got[i] == want[i]) continue;
    if (r.wrong++ == 0) {
      r.first_wrong = static_cast<int>(i);
      r.got = got[i];
      r.want = want[i];
    }
  }
  const MistakeInfo* m = FindMistake(broken.meta.mistake);
  const size_t rounds = std::min(broken.rounds.size(), correct.rounds.size());
  r.differs.resize(rounds);
  for (size_t round = 0; round < rounds; ++round) {
    const Round& b = broken.rounds[round];
    const Round& c = correct.rounds[round];
    r.differs[round].resize(b.buffers.size());
    for (size_t a = 0; a < b.buffers.size() && a < c.buffers.size(); ++a) {
      r.differs[round][a].assign(b.buffers[a].size(), 0);
      // A single buffer: the array the broken round writes holds what the correct round writes
      // into its own output array; the aliased array is never used.
      if (m != nullptr && static_cast<int>(a) == m->alias_from) continue;
      const size_t ca = static_cast<int>(a) == b.spec.pout && c.spec.pout >= 0
                            ? static_cast<size_t>(c.spec.pout)
                            : a;
      for (size_t i = 0; i < b.buffers[a].size() && i < c.buffers[ca].size(); ++i) {
        if (b.defined[a][i] == c.defined[ca][i] &&
            (b.defined[a][i] == 0 || b.buffers[a][i] == c.buffers[ca][i]))
          continue;
        r.differs[round][a][i] = 1;
        if (r.diff_round >= 0) continue;
        r.diff_round = static_cast<int>(round);
        r.diff_array = static_cast<int>(a);
        r.diff_cell = static_cast<int>(i);
        r.diff_correct_array = static_cast<int>(ca);
        r.diff_got = Value(broken, b, r.diff_array, r.diff_cell);
        r.diff_want = Value(correct, c, r.diff_correct_array, r.diff_cell);
      }
    }
  }
  if (m == nullptr || r.diff_round < 0) return r;
  if (m->alias_from >= 0) FindAliasHazard(broken, r);
  if (m->no_barrier) FindBarrierHazard(broken, correct, r);
  if (m->skip_phase >= 0) FindSkippedStep(broken, correct, *m, r);
  if (m->step) FindChangedStep(broken, correct, r);
  return r;
}

std::string ResultLine(const Trace& broken, const MistakeReport& r) {
  if (r.wrong == 0) return "the same as the correct kernel's in this thread order";
  const ElementType type = broken.meta.type;
  return std::to_string(r.wrong) + " of " + std::to_string(r.result_cells) +
         " cells wrong; the first is result[" + std::to_string(r.first_wrong) +
         "] = " + FormatValue(type, r.got) + ", should be " + FormatValue(type, r.want);
}

std::string DifferenceLine(const Trace& broken, const MistakeReport& r) {
  if (r.diff_round < 0) return {};
  return "round " + std::to_string(r.diff_round) + " (" + RoundTitle(broken, r.diff_round) + "), " +
         Cell(broken, r.diff_array, r.diff_cell) + " = " + r.diff_got +
         ", the correct kernel has " + r.diff_want +
         (r.diff_correct_array == r.diff_array
              ? std::string()
              : " (in " + Cell(broken, r.diff_correct_array, r.diff_cell) + ")");
}

}  // namespace scanviz::teach
