// The registry entry of Sklansky (driver: sklansky.h).
#include "core/algorithms/sklansky.h"

#include "core/registry.h"

namespace scanviz {
namespace {

using namespace sklansky;

// The buffer, padded; the conversion's register x, for the n real elements, only when the
// conversion runs.
std::vector<ArrayDesc> Arrays(int n, bool convert) {
  std::vector<ArrayDesc> arrays = {{"buf", Space::kShared, NextPowerOfTwo(n), n}};
  if (convert) arrays.push_back({"x", Space::kRegister, n, n});
  return arrays;
}

// After the round with stride s, cell i holds everything from the start of its block of 2s cells
// up to i: the block's lower half was complete already, and the upper half has just taken the
// lower half's last cell. After the last round a block is the whole buffer: the inclusive prefix.
// The conversion leaves buf as it was and gives x the exclusive prefix.
Window CellWindow(const Trace& trace, int round, int array, int pos) {
  if (array == kX) return pos == 0 ? EmptyWindow() : Range(0, pos - 1);
  const RoundSpec& spec = trace.rounds[static_cast<size_t>(round)].spec;
  switch (spec.phase) {
    case kLoad:
      return Range(pos, pos);
    case kScan:
      return Range(pos - pos % (2 * spec.stride), pos);
    default:
      return Range(0, pos);
  }
}

}  // namespace

extern const AlgorithmInfo k_sklansky_info;
const AlgorithmInfo k_sklansky_info = {
    .id = Algorithm::kSklansky,
    .key = "sklansky",
    .name = "Sklansky",
    .summary = "inclusive, one shared buffer, log2 n rounds, n'/2 log2 n' work: each round the "
               "upper half of every block adds its lower half's last cell",
    .inclusive = true,
    .phases = {{.key = "load",
                .title = "round 0 · staging step (load)",
                .anchor = "load",
                .context = {},
                .summary = "round 0, the staging step: every thread copies its element from global "
                           "into shared memory"},
               {.key = "scan",
                .title = "round {round} · stride {stride}",
                .anchor = "step",
                .context = {"loop"},
                .summary = "round {round}  stride {stride}: buf[i] = buf[i - i % {stride} - 1] . "
                           "buf[i] wherever i & {stride}",
                .counted = true},
               {.key = "convert",
                .title = "conversion step (to the other flavour)",
                .anchor = "convert",
                .context = {},
                .summary = "conversion step, to exclusive: thread i reads buf[i - 1] into its "
                           "register x, the identity at position 0"}},
    .padded_size = [](int n) { return NextPowerOfTwo(n); },
    .block_size = [](int n) { return NextPowerOfTwo(n); },
    .arrays = Arrays,
    .double_buffered = false,
    .window = CellWindow,
    // The chapters' conventions, as Hillis-Steele's: a new combination solid ("computed"), the
    // conversion's moves dashed.
    .cell_class = HillisSteeleClassOf,
    .cell_case = nullptr,
    .work = [](int n) { return NextPowerOfTwo(n) / 2 * Log2Ceil(n); },
    .depth = [](int n) { return Log2Ceil(n); },
    .work_formula = "n'/2 in each of the log2 n' rounds: n'/2 log2 n' (n' = n rounded up to a "
                    "power of two)",
    .depth_formula = "log2 n' rounds",
    .work_short = "n'/2 log2 n'",
};

}  // namespace scanviz
