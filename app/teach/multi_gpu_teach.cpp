#include "teach/multi_gpu_teach.h"

#include <algorithm>
#include <cstdio>

#include "core/multi_gpu/multi_gpu_steps.h"

namespace scanviz::teach {
namespace {

std::string Micro(std::int64_t ns) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f us", static_cast<double>(ns) / 1000.0);
  return buf;
}

// "1 GPU", "4 GPUs": the noun follows the count (P may be 1, n may be 1).
std::string Count(long long k, const char* one, const char* many) {
  std::string s = std::to_string(k);
  s += ' ';
  s += k == 1 ? one : many;
  return s;
}

// "GPUs 0, 1 and 3" / "GPU 2".
std::string Gpus(const std::vector<int>& ranks) {
  std::string s = ranks.size() == 1 ? "GPU " : "GPUs ";
  for (size_t k = 0; k < ranks.size(); ++k) {
    if (k > 0) s += k + 1 == ranks.size() ? " and " : ", ";
    s += std::to_string(ranks[k]);
  }
  return s;
}

const char* Doing(GpuPhaseKind kind, bool carried) {
  switch (kind) {
    case GpuPhaseKind::kReduce:
      return "reducing the shard to one total (reading it once, writing nothing)";
    case GpuPhaseKind::kScan:
      return carried ? "scanning the shard with the offset carried into its first tile"
                     : "scanning the shard, from the identity";
    case GpuPhaseKind::kAllGather:
      return "in the all-gather: the shard's total sent, waiting for every GPU's";
    case GpuPhaseKind::kOffset:
      return "combining the lower ranks' totals into the offset";
    case GpuPhaseKind::kAdd:
      return "adding the offset to every element of the shard";
  }
  return "";
}

// One sentence per activity: which GPUs are doing it at the moment.
std::string WhoDoesWhat(const MultiGpuTrace& t, std::int64_t moment) {
  const bool carried = t.strategy == MultiGpuStrategy::kReduceThenScan;
  std::vector<std::string> kinds;
  std::vector<std::vector<int>> who;
  auto note = [&](const std::string& what, int rank) {
    const auto at = std::find(kinds.begin(), kinds.end(), what);
    if (at == kinds.end()) {
      kinds.push_back(what);
      who.push_back({rank});
    } else {
      who[static_cast<size_t>(at - kinds.begin())].push_back(rank);
    }
  };
  for (const GpuRank& r : t.ranks) {
    const RankActivity a = ActivityAt(r, moment);
    if (a.running >= 0) {
      note(Doing(r.phases[static_cast<size_t>(a.running)].kind, carried), r.rank);
    } else {
      note(a.done == static_cast<int>(r.phases.size()) ? "finished" : "not started yet", r.rank);
    }
  }
  std::string s = "At " + Micro(moment) + ": ";
  for (size_t k = 0; k < kinds.size(); ++k) {
    if (k > 0) s += "; ";
    s += Gpus(who[k]) + (who[k].size() == 1 ? " is " : " are ") + kinds[k];
  }
  return s + ".";
}

std::string Values(const MultiGpuTrace& t, const std::vector<double>& v) {
  std::string s;
  for (size_t k = 0; k < v.size(); ++k) s += (k > 0 ? ", " : "") + FormatValue(t.type, v[k]);
  return s;
}

// The totals and what the all-gather gives; why it costs microseconds whatever n is.
std::vector<std::string> Exchange(const MultiGpuTrace& t) {
  std::vector<double> totals;
  for (const GpuRank& r : t.ranks) totals.push_back(r.total);
  const MultiGpuSummary s = Summarize(t);
  const long long shard_bytes = 4 * multi_gpu::ShardSize(t.N(), t.Gpus(), 0);
  const bool one = t.Gpus() == 1;
  return {
      "Each GPU sends one number, its shard's total: " + Values(t, totals) +
          ". NCCL has no scan collective, so the scan is built from an all-gather: " +
          (one ? std::string("the one GPU receives its own total back.")
               : "every GPU receives all " + std::to_string(t.Gpus()) + " totals, in rank order."),
      "Only " + Count(t.Gpus(), "number crosses", "numbers cross") + " (" +
          std::to_string(4 * t.Gpus()) + " bytes) where each GPU holds up to " +
          std::to_string(shard_bytes) + " bytes of shard. The all-gather took up to " +
          Micro(s.longest_exchange) +
          ": that is latency (the GPUs agreeing that everyone has sent), not bandwidth, so it "
          "costs about the same whatever n is, while the work on the shards grows with n/P."};
}

// Each offset and why: the lower ranks' totals, combined in rank order.
std::string Offsets(const MultiGpuTrace& t) {
  std::string s =
      "Each GPU's offset is the combination of the totals of the GPUs before it, in "
      "rank order (GPU 0's is the identity, " +
      FormatValue(t.type, t.identity) + "):";
  for (const GpuRank& r : t.ranks) {
    s += " GPU " + std::to_string(r.rank) + ": " + FormatValue(t.type, r.offset);
    s += r.rank + 1 == t.Gpus() ? "." : ";";
  }
  if (t.op != OpKind::kLast || t.Gpus() < 3) return s;
  // `last` is not commutative: the same totals combined backwards give another offset.
  const GpuRank& top = t.ranks.back();
  const double backwards = DispatchOp(t.op, t.type, [&](auto op) {
    using T = typename decltype(op)::Value;
    T acc = decltype(op)::Identity();
    for (int r = top.rank - 1; r >= 0; --r)
      acc = op(acc, static_cast<T>(top.gathered[static_cast<size_t>(r)]));
    return static_cast<double>(acc);
  });
  s += " With last the order matters: the later GPU's non-zero total wins, so GPU " +
       std::to_string(top.rank) + "'s offset is " + FormatValue(t.type, top.offset) +
       (backwards != top.offset
            ? ", where the totals combined backwards would give " + FormatValue(t.type, backwards)
            : "; combined backwards these totals happen to agree") +
       ".";
  return s;
}

std::string Traffic(const MultiGpuTrace& t) {
  const long long per_gpu = multi_gpu::ShardSize(t.N(), t.Gpus(), 0);
  const bool add = t.strategy == MultiGpuStrategy::kScanThenAdd;
  return std::string(add ? "Scan, then add" : "Reduce, then scan") + " moves " + (add ? "4" : "3") +
         " words an element: " +
         (add ? "the scan reads and writes the shard, the add reads and writes it again"
              : "the reduce reads the shard, the scan reads and writes it") +
         " (" + std::to_string((add ? 4 : 3) * per_gpu) + " words on a shard of " +
         std::to_string(per_gpu) + "). " +
         (add ? "Reduce, then scan saves a quarter of it, 3 words an element."
              : "Scan, then add would move 4; one GPU's single pass moves 2.");
}

}  // namespace

MultiGpuNarration NarrateMultiGpu(const MultiGpuTrace& t, std::int64_t moment) {
  MultiGpuNarration n;
  const bool add = t.strategy == MultiGpuStrategy::kScanThenAdd;
  n.title = "Across GPUs · " + Count(t.Gpus(), "GPU", "GPUs") + ", " +
            (add ? "scan then add" : "reduce then scan") +
            (t.measured ? " (measured)" : " (simulated)") + " · " + Micro(moment);
  n.paragraphs.push_back(WhoDoesWhat(t, moment));
  // Where the scan stands: before the first rank joined the all-gather (the local work), in it
  // (the totals cross), or after every rank left it (the offsets). The totals are told once sent.
  std::int64_t joined = -1, gathered = -1;
  for (const GpuRank& r : t.ranks)
    for (const GpuPhase& p : r.phases)
      if (p.kind == GpuPhaseKind::kAllGather) {
        joined = joined < 0 ? p.start : std::min(joined, p.start);
        gathered = std::max(gathered, p.end);
      }
  const bool sent = joined >= 0 && moment >= joined;
  const bool before = gathered < 0 || moment < gathered;
  if (!sent) {
    n.paragraphs.push_back(
        "The " + Count(t.N(), "element is", "elements are") + " split into " +
        Count(t.Gpus(), "shard", "shards") +
        ", one per GPU, in order (the first ranks take one more when n does not divide). " +
        (add ? "Each GPU scans its shard on its own and keeps its last inclusive value as its "
               "total."
             : "Each GPU first reduces its shard: its total, with the shard read once."));
  }
  if (sent)
    for (std::string& p : Exchange(t)) n.paragraphs.push_back(std::move(p));
  if (!before) {
    n.paragraphs.push_back(Offsets(t));
    n.paragraphs.push_back(
        add ? "Then each GPU adds its offset in front of every element of its shard."
            : "Then each GPU scans its shard with the offset as its first tile's prefix: tile 0 "
              "publishes offset · aggregate at once, and every later tile's look-back meets it.");
  }
  n.paragraphs.push_back(Traffic(t));
  n.paragraphs.push_back(
      t.measured ? "The times are the GPUs' own clocks (" + t.clock +
                       "), put on one axis: " + t.alignment + "."
                 : "The times come from the simulator's model of an H100 node (per phase a "
                   "kernel launch plus its bytes at the memory's speed; the all-gather's "
                   "latency), not a measurement: open a trace recorded on GPUs to see real ones.");
  return n;
}

}  // namespace scanviz::teach
