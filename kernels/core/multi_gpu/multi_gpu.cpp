// The scan across GPUs' names, request check, span, summary and moments (core/multi_gpu/
// multi_gpu.h). The simulator is multi_gpu_sim.cpp, the check multi_gpu_check.cpp.
#include "core/multi_gpu/multi_gpu.h"

#include <algorithm>

#include "core/multi_gpu/multi_gpu_steps.h"
#include "core/registry.h"

namespace scanviz {

const char* ToString(MultiGpuStrategy strategy) {
  return strategy == MultiGpuStrategy::kReduceThenScan ? "reduce-then-scan" : "scan-then-add";
}

bool Parse(const std::string& key, MultiGpuStrategy* strategy) {
  if (key == "scan-then-add") {
    *strategy = MultiGpuStrategy::kScanThenAdd;
  } else if (key == "reduce-then-scan") {
    *strategy = MultiGpuStrategy::kReduceThenScan;
  } else {
    return false;
  }
  return true;
}

namespace {

constexpr const char* kPhaseNames[] = {"reduce", "scan", "all-gather", "offset", "add"};

}  // namespace

const char* ToString(GpuPhaseKind kind) {
  return kPhaseNames[static_cast<int>(kind)];
}

bool Parse(const std::string& key, GpuPhaseKind* kind) {
  for (int k = 0; k < 5; ++k) {
    if (key == kPhaseNames[k]) {
      *kind = static_cast<GpuPhaseKind>(k);
      return true;
    }
  }
  return false;
}

std::vector<GpuPhaseKind> StrategyPhases(MultiGpuStrategy strategy) {
  if (strategy == MultiGpuStrategy::kReduceThenScan)
    return {GpuPhaseKind::kReduce, GpuPhaseKind::kAllGather, GpuPhaseKind::kOffset,
            GpuPhaseKind::kScan};
  return {GpuPhaseKind::kScan, GpuPhaseKind::kAllGather, GpuPhaseKind::kOffset, GpuPhaseKind::kAdd};
}

SinglePassRequest ShardRequest(const MultiGpuRequest& request, int rank) {
  SinglePassRequest s;
  s.block_algorithm = request.block_algorithm;
  s.tile_size = request.tile_size;
  s.op = request.op;
  s.type = request.type;
  // The shard's tiles scan in the block algorithm's own flavour, converted when the request asks
  // for the other one, as `--convert` does for the single-pass kind.
  s.convert = Info(request.block_algorithm).inclusive != request.inclusive;
  const long long n = static_cast<long long>(request.input.size());
  const long long begin = multi_gpu::ShardBegin(n, request.gpus, rank);
  const long long end = multi_gpu::ShardBegin(n, request.gpus, rank + 1);
  s.input.assign(request.input.begin() + begin, request.input.begin() + end);
  return s;
}

std::string ValidateMultiGpuRequest(const MultiGpuRequest& request) {
  if (request.gpus < 1 || request.gpus > kMaxGpus)
    return "--gpus " + std::to_string(request.gpus) + ": choose 1.." + std::to_string(kMaxGpus);
  if (request.input.empty() || static_cast<long long>(request.input.size()) > kMaxGridElements)
    return "the input needs 1.." + std::to_string(kMaxGridElements) + " values, not " +
           std::to_string(request.input.size());
  // Each shard's scan is a single-pass scan: its tile size and block algorithm checked as that
  // kind checks them (on the whole input: a shard is never larger).
  SinglePassRequest whole = ShardRequest(request, 0);
  whole.input = request.input;
  return ValidateSinglePassRequest(whole);
}

std::int64_t MultiGpuTrace::Span() const {
  std::int64_t end = 0;
  for (const GpuRank& r : ranks)
    for (const GpuPhase& p : r.phases) end = std::max(end, p.end);
  return end;
}

MultiGpuSummary Summarize(const MultiGpuTrace& trace) {
  MultiGpuSummary s;
  s.gpus = trace.Gpus();
  s.span = trace.Span();
  std::int64_t latest_before = -1;
  for (const GpuRank& r : trace.ranks) {
    std::int64_t before = -1, local = 0;
    for (size_t k = 0; k < r.phases.size(); ++k) {
      const GpuPhase& p = r.phases[k];
      if (p.kind == GpuPhaseKind::kAllGather) {
        s.longest_exchange = std::max(s.longest_exchange, p.end - p.start);
        if (k > 0 && before < 0) before = r.phases[k - 1].end;
      } else {
        local += p.end - p.start;
      }
    }
    if (before > latest_before) {
      latest_before = before;
      s.slowest_rank = r.rank;
      s.local_work = local;
    }
  }
  return s;
}

std::vector<std::int64_t> MultiGpuMoments(const MultiGpuTrace& trace) {
  std::vector<std::int64_t> moments{0};
  for (const GpuRank& r : trace.ranks) {
    for (const GpuPhase& p : r.phases) {
      moments.push_back(p.start);
      moments.push_back(p.end);
    }
  }
  std::sort(moments.begin(), moments.end());
  moments.erase(std::unique(moments.begin(), moments.end()), moments.end());
  return moments;
}

RankActivity ActivityAt(const GpuRank& rank, std::int64_t moment) {
  RankActivity a;
  for (size_t k = 0; k < rank.phases.size(); ++k) {
    const GpuPhase& p = rank.phases[k];
    if (p.end <= moment) ++a.done;
    if (a.running < 0 && p.start <= moment && moment < p.end) a.running = static_cast<int>(k);
  }
  return a;
}

}  // namespace scanviz
