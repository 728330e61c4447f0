// The classic mistakes (the mistakes lab): each is a correct algorithm with exactly one thing taken
// away, taken away by the executor that runs the algorithm's own driver, so the steps and the round
// loop on screen stay the chapters' (core/exec.h):
//   - aliased buffers: the executor hands the driver one buffer where it asks for two (Hillis-
//     Steele's pin and pout the same memory);
//   - no barrier: the executor does not wait at the end of a round, so a thread (a warp, on the
//     GPU) runs ahead into the next round while others are still in this one;
//   - a skipped step: the executor does not run the rounds of one phase (Blelloch's seed).
// Two mistakes live inside a step, where no executor can reach: a guard removed (Hillis-Steele's
// `tid >= stride`) and an index formula off by one (Blelloch's). For those the caller runs the
// unchanged driver with the operator wrapped as Mistaken<Op, M>; the driver's call to the step
// then picks the mistaken step (core/algorithms/mistaken_steps.h), which is the chapters' step
// with its one line changed. The code panel keeps showing the chapters' steps.
#pragma once

#include <cstdint>
#include <span>
#include <string_view>

#include "core/algorithm_id.h"
#include "core/round_spec.h"

namespace scanviz {

// One per entry (the same key may serve several algorithms: "no-barrier").
enum class Mistake : std::uint8_t {
  kNone,
  kHillisSteeleSingleBuffer,
  kHillisSteeleNoBarrier,
  kBlellochNoBarrier,
  kBlellochNoSeed,
  kHillisSteeleNoEdgeCheck,
  kBlellochWrongIndex,
};

struct MistakeInfo {
  Mistake id = Mistake::kNone;
  Algorithm algorithm = Algorithm::kHillisSteele;
  const char* key;      // "single-buffer": the CLI's --mistake and the trace file
  const char* name;     // "one buffer where two are needed"
  const char* removed;  // one sentence: what was taken away
  const char* why;      // one sentence: why it matters
  // How the executor takes it away.
  int alias_from = -1, alias_to = -1;  // array alias_from is array alias_to's memory
  bool no_barrier = false;             // rounds end without a barrier
  int skip_phase = -1;                 // the rounds of this phase do not run
  bool step = false;                   // a step's line changed (Mistaken<Op, id>)
  // The line as the chapters write it and as the mistake has it (empty when the mistake is the
  // executor's and no line of code changes).
  const char* chapter_line = "";
  const char* mistaken_line = "";
};

namespace mistaken {
// The operator of a step-level mistake: the same operator under another type, so that the
// unchanged driver's call to the step resolves to the mistaken overload.
template <class Op, Mistake M>
struct Mistaken : Op {};
}  // namespace mistaken
using mistaken::Mistaken;

// The mistakes of every algorithm, in the order the lab lists them.
std::span<const MistakeInfo> Mistakes();
// Null for kNone, else its entry.
const MistakeInfo* FindMistake(Mistake m);
// The entry for `key` of `algorithm` ("no-barrier" exists for several), or null.
const MistakeInfo* FindMistake(Algorithm algorithm, std::string_view key);
const char* ToString(Mistake m);  // its key; "none" for kNone

// A round as the executor runs it with the mistake: the aliased array in place of the other, a
// warp's synchronisation where the block's barrier was. The simulator records it; the loader and
// the analysis expect it.
inline RoundSpec ApplyMistake(const MistakeInfo* m, RoundSpec spec) {
  if (m == nullptr) return spec;
  if (spec.pin == m->alias_from) spec.pin = m->alias_to;
  if (spec.pout == m->alias_from) spec.pout = m->alias_to;
  if (m->no_barrier && spec.level == Level::kBlock) spec.level = Level::kWarp;
  return spec;
}

}  // namespace scanviz
