// The registry entry of Blelloch (driver: blelloch.h).
#include "core/algorithms/blelloch.h"

#include "core/registry.h"

namespace scanviz {
namespace {

using namespace blelloch;

int TrailingOnes(int i) {
  int t = 0;
  while (i & 1) {
    ++t;
    i >>= 1;
  }
  return t;
}

std::vector<ArrayDesc> Arrays(int n, bool) {
  return {{"buf", Space::kShared, NextPowerOfTwo(n), n}};
}

Window CellWindow(const Trace& trace, int round, int, int pos) {
  const RoundSpec& spec = trace.rounds[static_cast<size_t>(round)].spec;
  const int padded = trace.meta.padded_n;
  if (spec.phase == kLoad) return Range(pos, pos);
  if (spec.phase == kConvert) {
    // The map skips the padding cells, which keep their exclusive prefix.
    if (pos >= trace.meta.n) return Range(0, pos - 1);
    return Range(0, pos);
  }
  const int t = TrailingOnes(pos);
  if (spec.phase == kUpSweep) {
    // A node is complete up to the level reached so far: 2^min(t, levels) elements ending at pos.
    const int levels = Log2Ceil(2 * spec.stride);
    const int k = t < levels ? t : levels;
    return Range(pos - (1 << k) + 1, pos);
  }
  // Seed and down-sweep: nodes visited so far ((pos + 1) divisible by the stride, the seed acting
  // as stride n') hold everything before their subtree; the others still hold their up-sweep sum.
  const int stride = spec.phase == kSeed ? padded : spec.stride;
  if ((pos + 1) % stride == 0) {
    if (pos - stride < 0) return EmptyWindow();
    return Range(0, pos - stride);
  }
  return Range(pos - (1 << t) + 1, pos);
}

CellClass ClassOf(ActionKind kind) {
  switch (kind) {
    case ActionKind::kLoad:
      return CellClass::kLoaded;
    case ActionKind::kAdd:
    case ActionKind::kAddInput:
      return CellClass::kAdded;
    case ActionKind::kSeed:
      return CellClass::kSeeded;
    case ActionKind::kSwapAdd:
      return CellClass::kSwapAdded;
    default:
      return CellClass::kUnchanged;
  }
}

}  // namespace

extern const AlgorithmInfo k_blelloch_info;
const AlgorithmInfo k_blelloch_info = {
    .id = Algorithm::kBlelloch,
    .key = "blelloch",
    .name = "Blelloch",
    .summary = "exclusive, one shared buffer, 2 log2 n rounds, 2(n' - 1) work",
    .inclusive = false,
    .phases = {{.key = "load",
                .title = "round 0 · staging step (load)",
                .anchor = "load",
                .context = {},
                .summary = "round 0, the staging step: every thread copies its element from global into shared memory"},
               {.key = "up-sweep",
                .title = "up-sweep round {phase_round} · stride {stride}",
                .anchor = "up-step",
                .context = {"up-loop"},
                .summary = "up-sweep round {phase_round}  stride {stride}",
                .counted = true},
               {.key = "seed",
                .title = "seed step · root = identity",
                .anchor = "seed",
                .context = {},
                .summary = "seed step: the root (position {last}) becomes the identity"},
               {.key = "down-sweep",
                .title = "down-sweep round {phase_round} · stride {stride}",
                .anchor = "down-step",
                .context = {"down-loop"},
                .summary = "down-sweep round {phase_round}  stride {stride}",
                .counted = true},
               {.key = "convert",
                .title = "conversion step (to the other flavour)",
                .anchor = "convert",
                .context = {},
                .summary = "conversion step, to inclusive: every cell adds its own input element"}},
    .padded_size = [](int n) { return NextPowerOfTwo(n); },
    .block_size = [](int n) { return NextPowerOfTwo(n); },
    .arrays = Arrays,
    .double_buffered = false,
    .window = CellWindow,
    .cell_class = ClassOf,
    .cell_case = nullptr,
    .work = [](int n) { return 2 * (NextPowerOfTwo(n) - 1); },
    .depth = [](int n) { return 2 * Log2Ceil(n); },
    .work_formula = "n' - 1 in each sweep, 2(n' - 1) in all (n' = n rounded up to a power of two)",
    .depth_formula = "2 log2 n' rounds (and a seed that applies no operator)",
    .work_short = "2(n'-1)",
    .padded_layout = true,
};

}  // namespace scanviz
