// CheckMultiGpu (core/multi_gpu/multi_gpu.h): what must hold in a trace of the scan across GPUs,
// from its own values. Values that a rank computed from others' (the gathered totals, the offset,
// the add) are held exactly, in the trace's arithmetic; values against the input (each total, the
// output) through the window folder, which allows float32 addition its rounding as the
// single-pass and grid checks do.
#include <algorithm>
#include <cmath>
#include <limits>

#include "core/multi_gpu/multi_gpu.h"
#include "core/multi_gpu/multi_gpu_steps.h"
#include "core/window_folder.h"

namespace scanviz {

namespace {

using Problems = std::vector<std::string>;

void Add(Problems* out, std::string what) {
  if (out->size() < 12) out->push_back(std::move(what));
}

bool SameValue(double a, double b) {
  return a == b || (std::isnan(a) && std::isnan(b));
}

Window Span(long long lo, long long hi) {
  return hi < lo ? EmptyWindow() : Range(static_cast<int>(lo), static_cast<int>(hi));
}

std::string RankName(const GpuRank& r) {
  return "rank " + std::to_string(r.rank);
}

// The shards tile the input in rank order, the remainder spread over the first ranks. False when a
// shard lies outside the input (nothing else can be checked then).
bool CheckShards(const MultiGpuTrace& t, Problems* out) {
  const int gpus = t.Gpus();
  bool inside = true;
  for (const GpuRank& r : t.ranks) {
    const long long begin = multi_gpu::ShardBegin(t.N(), gpus, r.rank);
    const long long end = multi_gpu::ShardBegin(t.N(), gpus, r.rank + 1);
    if (r.begin != begin || r.end != end)
      Add(out, RankName(r) + ": its shard is [" + std::to_string(r.begin) + ", " +
                   std::to_string(r.end) + "), but " + std::to_string(t.N()) + " elements over " +
                   std::to_string(gpus) + " GPUs give it [" + std::to_string(begin) + ", " +
                   std::to_string(end) + ")");
    if (r.begin < 0 || r.end > t.N() || r.begin > r.end) inside = false;
  }
  return inside;
}

// Each total against its shard, what every rank gathered against the totals sent, each offset
// against the lower ranks' totals (in rank order: `last` tells a wrong order).
void CheckExchange(const MultiGpuTrace& t, const WindowFolder& folder, Problems* out) {
  DispatchOp(t.op, t.type, [&](auto op) {
    using T = typename decltype(op)::Value;
    for (const GpuRank& r : t.ranks) {
      const Window own = Span(r.begin, r.end - 1);
      if (!folder.Matches(own, r.total))
        Add(out, RankName(r) + ": its total " + FormatValue(t.type, r.total) +
                     " should be its shard's combination, " +
                     FormatValue(t.type, folder.Fold(own)));
      if (static_cast<int>(r.gathered.size()) != t.Gpus()) {
        Add(out, RankName(r) + ": gathered " + std::to_string(r.gathered.size()) +
                     " totals, not one per GPU");
        continue;
      }
      std::vector<T> gathered;
      for (size_t q = 0; q < r.gathered.size(); ++q) {
        gathered.push_back(static_cast<T>(r.gathered[q]));
        if (!SameValue(r.gathered[q], t.ranks[q].total))
          Add(out, RankName(r) + ": gathered " + FormatValue(t.type, r.gathered[q]) +
                       " from rank " + std::to_string(q) + ", which sent " +
                       FormatValue(t.type, t.ranks[q].total));
      }
      const auto offset = static_cast<double>(multi_gpu::RankOffset(gathered.data(), r.rank, op));
      if (!SameValue(offset, r.offset))
        Add(out, RankName(r) + ": its offset " + FormatValue(t.type, r.offset) +
                     " should be the lower ranks' totals combined in order, " +
                     FormatValue(t.type, offset));
    }
  });
}

// The shard's timeline: it checks, it is this rank's shard, and the output is what it gives with
// the offset (added after it, or carried into it), exactly.
void CheckShardTimeline(const MultiGpuTrace& t, const GpuRank& r, Problems* out) {
  const SinglePassTrace& s = *r.shard;
  const std::string at = RankName(r) + "'s shard timeline";
  const auto begin = t.input.begin() + r.begin, end = t.input.begin() + r.end;
  if (s.op != t.op || s.type != t.type || s.Inclusive() != t.inclusive ||
      !std::equal(begin, end, s.input.begin(), s.input.end(), SameValue)) {
    Add(out, at + ": is not its shard's scan (its input, operator, type or flavour differ)");
    return;
  }
  for (const std::string& problem : CheckSinglePass(s)) Add(out, at + ": " + problem);
  const bool carried = t.strategy == MultiGpuStrategy::kReduceThenScan;
  if (carried != s.carry_in.has_value() || (carried && !SameValue(*s.carry_in, r.offset)))
    Add(out, at + (carried ? ": should carry the offset into its first tile"
                           : ": scans from the identity, with no prefix carried in"));
  DispatchOp(t.op, t.type, [&](auto op) {
    using T = typename decltype(op)::Value;
    for (size_t i = 0; i < s.output.size(); ++i) {
      const auto local = static_cast<T>(s.output[i]);
      const double want =
          carried ? s.output[i]
                  : static_cast<double>(multi_gpu::AddOffset(static_cast<T>(r.offset), local, op));
      if (!SameValue(want, t.output[static_cast<size_t>(r.begin) + i])) {
        Add(out, "output[" + std::to_string(r.begin + static_cast<long long>(i)) + "] should be " +
                     (carried ? "its shard's carried-in scan, "
                              : "the offset added to its shard's scan, ") +
                     FormatValue(t.type, want));
        break;
      }
    }
  });
}

// Every rank's phases are the strategy's, in order; the all-gather overlaps on every rank.
void CheckPhases(const MultiGpuTrace& t, Problems* out) {
  const std::vector<GpuPhaseKind> want = StrategyPhases(t.strategy);
  std::int64_t latest_join = std::numeric_limits<std::int64_t>::min();
  std::int64_t earliest_leave = std::numeric_limits<std::int64_t>::max();
  for (const GpuRank& r : t.ranks) {
    bool kinds = r.phases.size() == want.size();
    for (size_t k = 0; kinds && k < want.size(); ++k) kinds = r.phases[k].kind == want[k];
    if (!kinds) {
      Add(out, RankName(r) + ": its phases should be " + ToString(want[0]) + ", all-gather, " +
                   "offset, " + ToString(want[3]) + ", in that order");
      continue;
    }
    for (size_t k = 0; k < r.phases.size(); ++k) {
      const GpuPhase& p = r.phases[k];
      if (p.end < p.start || (k > 0 && p.start < r.phases[k - 1].end))
        Add(out, RankName(r) + ": its " + ToString(p.kind) +
                     " ends before it starts or starts before its previous phase ended");
      if (p.kind == GpuPhaseKind::kAllGather) {
        latest_join = std::max(latest_join, p.start);
        earliest_leave = std::min(earliest_leave, p.end);
      }
    }
  }
  const std::int64_t margin = t.measured ? kRankClockMarginNs : 0;
  if (latest_join != std::numeric_limits<std::int64_t>::min() &&
      earliest_leave + margin < latest_join)
    Add(out, "a rank's all-gather ended at " + std::to_string(earliest_leave) +
                 " before the last rank joined it at " + std::to_string(latest_join));
}

}  // namespace

std::vector<std::string> CheckMultiGpu(const MultiGpuTrace& t) {
  Problems out;
  if (t.N() < 1 || t.ranks.empty() || t.Gpus() > kMaxGpus) {
    Add(&out,
        "the trace holds no elements or no GPUs (or more than " + std::to_string(kMaxGpus) + ")");
    return out;
  }
  if (t.output.size() != t.input.size()) Add(&out, "the output is not as long as the input");
  for (int r = 0; r < t.Gpus(); ++r)
    if (t.ranks[static_cast<size_t>(r)].rank != r)
      Add(&out, "the ranks are not 0.." + std::to_string(t.Gpus() - 1) + " in order");
  if (!out.empty() || !CheckShards(t, &out)) return out;
  TraceMeta meta;
  meta.op = t.op;
  meta.type = t.type;
  meta.identity = t.identity;
  meta.n = meta.padded_n = static_cast<int>(t.N());
  const WindowFolder folder(meta, t.input);
  CheckExchange(t, folder, &out);
  for (long long i = 0; i < t.N(); ++i) {
    const Window w = Span(0, i - (t.inclusive ? 0 : 1));
    if (!folder.Matches(w, t.output[static_cast<size_t>(i)])) {
      Add(&out, "output[" + std::to_string(i) + "] should hold the scan of the prefix up to it, " +
                    FormatValue(t.type, folder.Fold(w)) + ", not " +
                    FormatValue(t.type, t.output[static_cast<size_t>(i)]));
      break;
    }
  }
  for (const GpuRank& r : t.ranks) {
    if (r.shard) CheckShardTimeline(t, r, &out);
  }
  CheckPhases(t, &out);
  return out;
}

}  // namespace scanviz
