// The registry entry of Hillis-Steele (driver: hillis_steele.h).
#include "core/algorithms/hillis_steele.h"

#include "core/registry.h"

namespace scanviz {
namespace {

using namespace hillis_steele;

std::vector<ArrayDesc> Arrays(int n, bool) {
  return {{"buf[0]", Space::kShared, n, n}, {"buf[1]", Space::kShared, n, n}};
}

// After the round with stride s, pout[i] covers up to 2s elements ending at i; pin still holds
// the previous round's windows of up to s elements. After the conversion the written buffer holds
// the exclusive prefix, the other still the inclusive one.
Window CellWindow(const Trace& trace, int round, int array, int pos) {
  const RoundSpec& spec = trace.rounds[static_cast<size_t>(round)].spec;
  if (spec.phase == kLoad) return Range(pos, pos);
  if (spec.phase == kConvert) {
    if (array != spec.pout) return Range(0, pos);
    return pos == 0 ? EmptyWindow() : Range(0, pos - 1);
  }
  const int reach = array == spec.pout ? 2 * spec.stride : spec.stride;
  return Range(pos - reach + 1, pos);
}

// Case 1 full window (i >= 2s - 1), Case 2 partial left window (s <= i < 2s - 1), Case 3 no left
// neighbour (i < s).
int Case(const TraceMeta&, const RoundSpec& spec, int pos) {
  if (spec.phase != kScan || spec.stride <= 0) return 0;
  if (pos >= 2 * spec.stride - 1) return 1;
  if (pos >= spec.stride) return 2;
  return 3;
}

int Work(int n) {
  int work = 0;
  for (int stride = 1; stride < n; stride *= 2) work += n - stride;
  return work;
}

}  // namespace

extern const AlgorithmInfo k_hillis_steele_info;
const AlgorithmInfo k_hillis_steele_info = {
    .id = Algorithm::kHillisSteele,
    .key = "hillis-steele",
    .name = "Hillis-Steele",
    .summary = "inclusive, two shared buffers, log2 n rounds, about n log2 n work",
    .inclusive = true,
    .phases = {{.key = "load",
                .title = "round 0 · staging step (load)",
                .anchor = "load",
                .context = {},
                .summary = "round 0, the staging step: every thread copies its element from global into shared memory"},
               {.key = "scan",
                .title = "round {round} · stride {stride}",
                .anchor = "step",
                .context = {"loop", "swap"},
                .summary = "round {round}  stride {stride}  read {pin} (pin), write {pout} (pout)",
                .counted = true},
               {.key = "convert",
                .title = "conversion step (to the other flavour)",
                .anchor = "convert",
                .context = {"convert-swap"},
                .summary = "conversion step, to exclusive: shift right by one into {pout}, identity "
                           "at position 0"}},
    .padded_size = [](int n) { return n; },
    .block_size = [](int n) { return n; },
    .arrays = Arrays,
    .double_buffered = true,
    .window = CellWindow,
    .cell_class = HillisSteeleClassOf,
    .cell_case = Case,
    .work = Work,
    .depth = [](int n) { return Log2Ceil(n); },
    .work_formula = "the sum of n - s over the strides s = 1, 2, 4, ... < n: about n log2 n",
    .depth_formula = "log2 n rounds",
    .work_short = "sum of (n - s) over the strides s",
};

}  // namespace scanviz
