// The classic mistakes (the mistakes lab): each is a correct algorithm with exactly one thing taken
// away, taken away by the executor that runs the algorithm's own driver, so the steps and the round
// loop on screen stay the chapters' (core/exec.h):
//   - aliased buffers: the executor hands the driver one buffer where it asks for two (Hillis-
//     Steele's pin and pout the same memory);
//   - no barrier: the executor does not wait at the end of a round, so a thread (a warp, on the
//     GPU) runs ahead into the next round while others are still in this one;
//   - a skipped step: the executor does not run the rounds of one phase (Blelloch's seed).
#pragma once

#include <cstdint>
#include <span>
#include <string_view>

#include "core/algorithms/algorithms.h"
#include "core/round_spec.h"

namespace scanviz {

// One per entry (the same key may serve several algorithms: "no-barrier").
enum class Mistake : std::uint8_t {
  kNone,
  kHillisSteeleSingleBuffer,
  kHillisSteeleNoBarrier,
  kBlellochNoBarrier,
  kBlellochNoSeed,
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
};

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
