// The registry entry of the warp-shuffle scan (driver: warp_shuffle.h).
#include "core/algorithms/warp_shuffle.h"

#include "core/registry.h"

namespace scanviz {
namespace {

using namespace warp_shuffle;

std::vector<ArrayDesc> Arrays(int n, bool) {
  const int width = Width(n), warps = Warps(n);
  // The warp totals and warp 0's register t sit under the last lane of the warp they stand for.
  return {{"v", Space::kRegister, Lanes(n), n, 1, 0},
          {"sums", Space::kShared, warps > 1 ? warps : 0, warps, width, width - 1},
          {"t", Space::kRegister, TotalsWidth(n), warps, width, width - 1}};
}

// The spec of the latest round, up to `round`, that wrote `array`: a value keeps the window it
// was given until the array is written again.
const RoundSpec* LastWriter(const Trace& trace, int round, int array) {
  for (int r = round; r >= 0; --r) {
    const RoundSpec& spec = trace.rounds[static_cast<size_t>(r)].spec;
    if (spec.pout == array) return &spec;
  }
  return nullptr;
}

// A Hillis-Steele inside groups of `width` lanes: after the round with offset o, lane l holds
// the combination of up to 2o values ending at its own, never reaching into the group before.
int ScanReach(int lane, int offset) {
  return lane < 2 * offset - 1 ? lane : 2 * offset - 1;
}

Window CellWindow(const Trace& trace, int round, int array, int pos) {
  const RoundSpec* spec = LastWriter(trace, round, array);
  if (spec == nullptr) return Window{};
  const int n = trace.meta.n, width = Width(n);
  switch (spec->phase) {
    case kLoad:
      return Range(pos, pos);
    case kWarpScan:
      return Range(pos - ScanReach(pos % width, spec->stride), pos);
    case kWarpTotals:
    case kTotalsLoad:
      return Range(pos * width, pos * width + width - 1);
    case kTotalsScan:
      return Range((pos - ScanReach(pos, spec->stride)) * width, pos * width + width - 1);
    case kTotalsStore:
      return Range(0, pos * width + width - 1);
    case kAddOffset:
      return Range(0, pos);
    case kConvert:
      return pos == 0 ? EmptyWindow() : Range(0, pos - 1);
    default:
      return Window{};
  }
}

// Hillis-Steele's cases, lane by lane, in the shuffle rounds.
int Case(const TraceMeta& meta, const RoundSpec& spec, int pos) {
  int lane = 0;
  if (spec.phase == kWarpScan) {
    lane = pos % Width(meta.n);
  } else if (spec.phase == kTotalsScan) {
    lane = pos;
  } else {
    return 0;
  }
  if (lane >= 2 * spec.stride - 1) return 1;
  if (lane >= spec.stride) return 2;
  return 3;
}

int ScanWork(int width) {
  int work = 0;
  for (int offset = 1; offset < width; offset *= 2) work += width - offset;
  return work;
}

int Work(int n) {
  const int width = Width(n), warps = Warps(n);
  if (warps == 1) return ScanWork(width);
  return warps * ScanWork(width) + ScanWork(TotalsWidth(n)) + (Lanes(n) - width);
}

int Depth(int n) {
  const int warps = Warps(n);
  return Log2Ceil(Width(n)) + (warps > 1 ? Log2Ceil(TotalsWidth(n)) + 1 : 0);
}

}  // namespace

extern const AlgorithmInfo k_warp_shuffle_info;
const AlgorithmInfo k_warp_shuffle_info = {
    .id = Algorithm::kWarpShuffle,
    .key = "warp-shuffle",
    .name = "Warp shuffle",
    .summary =
        "inclusive, values in registers: a Hillis-Steele in each warp with shuffles, then "
        "the warps' totals",
    .inclusive = true,
    .phases = {{.key = "load",
                .title = "round 0 · staging step (load into registers)",
                .anchor = "load",
                .context = {},
                .summary = "round 0, the staging step: every thread reads its element into its "
                           "register v"},
               {.key = "warp-scan",
                .title = "warp scan round {phase_round} · offset {stride}",
                .anchor = "step",
                .context = {"loop"},
                .summary = "warp scan round {phase_round}  offset {stride}: v = shfl_up(v, {stride}) . v",
                .counted = true},
               {.key = "warp-totals",
                .title = "warp totals → shared memory",
                .anchor = "totals",
                .context = {},
                .summary = "warp totals: the last lane of each warp writes v to sums"},
               {.key = "totals-load",
                .title = "warp 0 reads the totals",
                .anchor = "totals-load",
                .context = {},
                .summary = "totals: warp 0 reads sums into its register t"},
               {.key = "totals-scan",
                .title = "totals scan round {phase_round} · offset {stride}",
                .anchor = "totals-step",
                .context = {"totals-loop"},
                .summary = "totals scan round {phase_round}  offset {stride}: t = shfl_up(t, {stride}) . t",
                .counted = true},
               {.key = "totals-store",
                .title = "scanned totals → shared memory",
                .anchor = "totals-store",
                .context = {},
                .summary = "totals: warp 0 writes the scanned totals back to sums"},
               {.key = "add-offset",
                .title = "add each warp's offset",
                .anchor = "offset",
                .context = {},
                .summary = "offset: each lane of warp w > 0 combines sums[w - 1] with v",
                .counted = true},
               {.key = "convert",
                .title = "conversion step (to the other flavour)",
                .anchor = "convert",
                .context = {},
                .summary =
                    "conversion step, to exclusive: v moves one lane up; lane 0 of warp w takes "
                    "sums[w - 1]"}},
    .padded_size = Lanes,
    .block_size = Lanes,
    .arrays = Arrays,
    .double_buffered = false,
    .window = CellWindow,
    .cell_class = HillisSteeleClassOf,
    .cell_case = Case,
    .work = Work,
    .depth = Depth,
    .work_formula =
        "a Hillis-Steele of 32 lanes in every warp, one of the warp totals, and one "
        "operator per lane past the first warp: linear in n for a fixed warp size",
    .depth_formula =
        "log2 32 shuffle rounds, then log2(warps) for the totals and one for the "
        "offsets",
    .work_short = "one warp: scan(n'); more: warps x scan(32) + scan(totals) + (n' - 32)",
};

}  // namespace scanviz
