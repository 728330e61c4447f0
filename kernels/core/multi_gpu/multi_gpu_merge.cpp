// MergeRankTraces (core/multi_gpu/multi_gpu_io.h): the P ranks' parts, each written by its own
// process, put together into the trace of the whole scan.
#include <algorithm>

#include "core/multi_gpu/multi_gpu_io.h"

namespace scanviz {

namespace {

// Why part `p` cannot join part 0's job; empty when it can.
std::string Disagreement(const MultiGpuTrace& first, const MultiGpuTrace& p) {
  const GpuRank& r = p.ranks.front();
  const std::string who = "rank " + std::to_string(r.rank) + "'s part";
  if (r.gathered.size() != first.ranks.front().gathered.size())
    return who + " gathered " + std::to_string(r.gathered.size()) + " totals, rank " +
           std::to_string(first.ranks.front().rank) + "'s " +
           std::to_string(first.ranks.front().gathered.size());
  if (p.strategy != first.strategy) return who + " ran another strategy";
  if (p.op != first.op || p.type != first.type || p.identity != first.identity)
    return who + " scanned with another operator or type";
  if (p.inclusive != first.inclusive)
    return who + " is of the other flavour (inclusive, exclusive)";
  if (p.measured != first.measured) return who + " was measured where the others were not, or so";
  if (p.input.size() != p.output.size() ||
      static_cast<long long>(p.input.size()) != r.end - r.begin)
    return who + " does not hold its shard's input and output";
  return "";
}

}  // namespace

std::optional<MultiGpuTrace> MergeRankTraces(std::vector<MultiGpuTrace> parts, std::string* why) {
  auto refuse = [&](const std::string& line) -> std::optional<MultiGpuTrace> {
    if (why) *why = "cannot merge the ranks' parts: " + line;
    return std::nullopt;
  };
  if (parts.empty()) return refuse("there are none");
  for (const MultiGpuTrace& p : parts)
    if (p.ranks.size() != 1)
      return refuse("a part holds " + std::to_string(p.ranks.size()) + " ranks, not its own one");
  std::sort(parts.begin(), parts.end(), [](const MultiGpuTrace& a, const MultiGpuTrace& b) {
    return a.ranks.front().rank < b.ranks.front().rank;
  });
  const size_t gpus = parts.front().ranks.front().gathered.size();
  if (parts.size() != gpus)
    return refuse(std::to_string(parts.size()) + " parts for " + std::to_string(gpus) + " GPUs");
  long long next = 0;
  for (size_t k = 0; k < parts.size(); ++k) {
    const GpuRank& r = parts[k].ranks.front();
    if (r.rank != static_cast<int>(k))
      return refuse(r.rank < static_cast<int>(k)
                        ? "rank " + std::to_string(r.rank) + " is there twice"
                        : "rank " + std::to_string(k) + " is missing");
    if (const std::string line = Disagreement(parts.front(), parts[k]); !line.empty())
      return refuse(line);
    if (r.begin != next)
      return refuse("rank " + std::to_string(k) + "'s shard begins at " + std::to_string(r.begin) +
                    ", not at " + std::to_string(next) + ", where the shard before it ended");
    next = r.end;
  }
  MultiGpuTrace whole = parts.front();
  whole.ranks.clear();
  whole.input.clear();
  whole.output.clear();
  for (MultiGpuTrace& p : parts) {
    whole.input.insert(whole.input.end(), p.input.begin(), p.input.end());
    whole.output.insert(whole.output.end(), p.output.begin(), p.output.end());
    whole.ranks.push_back(std::move(p.ranks.front()));
  }
  if (whole.input.empty()) return refuse("the shards hold no elements");
  return whole;
}

}  // namespace scanviz
