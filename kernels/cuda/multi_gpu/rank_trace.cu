// The trace job: this rank's part of a recorded scan across GPUs. The strategy runs once untimed
// (modules, workspaces, NCCL's channels), then once recorded: after a barrier every rank stamps
// %globaltimer (its origin), and a stamp follows each phase, in stream order. Then the shard's own
// single-pass timeline is recorded by the instrumented kernel (cuda_trace.h) in a run of its own,
// for the view's zoom. The part (this rank alone, its shard's input and output) goes to
// work_dir/rank-<r>.json; after a barrier rank 0 merges the parts (MergeRankTraces) into
// work_dir/trace.json, so a job across nodes ends with the whole trace in its shared folder.
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <ostream>
#include <sstream>
#include <vector>

#include "core/algorithms/algorithms.h"
#include "core/multi_gpu/multi_gpu_io.h"
#include "core/multi_gpu/request_file.h"
#include "core/registry.h"
#include "cuda/cuda_trace.h"
#include "cuda/cuda_util.h"
#include "cuda/multi_gpu/rank_env.h"
#include "cuda/multi_gpu/shard_scan.cuh"

namespace scanviz::multi_gpu {
namespace {

namespace fs = std::filesystem;

std::vector<GpuPhaseKind> PhasesOf(MultiGpuStrategy s) {
  if (s == MultiGpuStrategy::kScanThenAdd)
    return {GpuPhaseKind::kScan, GpuPhaseKind::kAllGather, GpuPhaseKind::kOffset,
            GpuPhaseKind::kAdd};
  return {GpuPhaseKind::kReduce, GpuPhaseKind::kAllGather, GpuPhaseKind::kOffset,
          GpuPhaseKind::kScan};
}

// The shard's timeline from the instrumented single-pass kernel (small shards only).
std::optional<SinglePassTrace> ShardTimeline(const MultiGpuRequest& r, std::vector<double> shard,
                                             double offset, int device, std::string* note) {
  if (shard.empty() || static_cast<int>(shard.size()) > kMaxGridElements) return std::nullopt;
  SinglePassRequest sp;
  sp.block_algorithm = r.block_algorithm;
  sp.tile_size = r.tile_size;
  sp.op = r.op;
  sp.type = r.type;
  sp.input = std::move(shard);
  sp.convert = Info(r.block_algorithm).inclusive != r.inclusive;
  if (r.strategy == MultiGpuStrategy::kReduceThenScan) sp.carry_in = offset;
  if (const std::string bad = ValidateSinglePassRequest(sp); !bad.empty()) {
    *note = "no shard timeline: " + bad;
    return std::nullopt;
  }
  cuda::SinglePassRun run = cuda::RunSinglePassTrace(sp, device);
  if (!run.trace) *note = "no shard timeline: " + run.error;
  return std::move(run.trace);
}

// How the ranks' clocks were put on one axis, with the spread of their raw clocks at the origin.
std::string MeasuredAlignment(const MultiGpuTrace& t) {  // clock_origin: less the lowest rank's
  std::int64_t lo = 0, hi = 0;
  for (size_t r = 0; r < t.ranks.size(); ++r) {
    const std::int64_t o = t.ranks[r].clock_origin;
    lo = r == 0 ? o : std::min(lo, o);
    hi = r == 0 ? o : std::max(hi, o);
  }
  char spread[32];
  std::snprintf(spread, sizeof spread, "%.1f", static_cast<double>(hi - lo) / 1000.0);
  return "t = 0 on each GPU is the end of a barrier (a one-word ncclAllReduce that every rank "
         "waits on), stamped with %globaltimer right after it on the rank's stream; each phase "
         "ends at the next stamp. The GPUs' raw %globaltimer values at that moment spread over " +
         std::string(spread) + " us";
}

// The link between GPU 0 and GPU 1 from `nvidia-smi topo -m`'s matrix ("NV18": 18 NVLinks).
std::string Interconnect(const std::string& topo, int gpus) {
  if (gpus < 2) return "one GPU: no link crossed";
  std::istringstream in(topo);
  for (std::string line; std::getline(in, line);) {
    std::istringstream row(line);
    std::string first, self, link;
    if (row >> first >> self >> link && first == "GPU0")
      return std::string(link.rfind("NV", 0) == 0 ? "NVLink" : "PCIe/system") +
             " (nvidia-smi topo -m: GPU0-GPU1 " + link + ")";
  }
  return "unknown (no nvidia-smi topo -m matrix)";
}

// Every rank's raw clock at the origin (*origin, device), gathered: *lowest gets the lowest, which
// each rank takes from its own (the raw values, ns since an epoch, are beyond what a JSON number
// holds exactly; their differences are small).
std::string LowestOrigin(const RankJob& job, RankEnv& env, const unsigned long long* origin,
                         unsigned long long* lowest) {
  cuda::DeviceArray<unsigned long long> all;
  std::string why = Cuda("cudaMalloc", all.Allocate(job.ranks));
  if (why.empty()) why = env.nccl.AllGather(origin, all.ptr, 1, ncclUint64, env.stream);
  if (why.empty()) why = env.nccl.Wait(env.stream, "the clocks' all-gather");
  std::vector<unsigned long long> h(static_cast<size_t>(job.ranks));
  if (why.empty())
    why = Cuda("cudaMemcpy", cudaMemcpy(h.data(), all.ptr, h.size() * sizeof(h[0]),
                                        cudaMemcpyDeviceToHost));
  if (why.empty()) *lowest = *std::min_element(h.begin(), h.end());
  return why;
}

template <class Op>
std::string TraceTyped(const MultiGpuRequest& r, const RankJob& job, RankEnv& env,
                       MultiGpuTrace* part) {
  using T = typename Op::Value;
  const long long n = static_cast<long long>(r.input.size());
  const long long begin = ShardBegin(n, job.ranks, job.rank), m = ShardSize(n, job.ranks, job.rank);
  std::vector<T> h_in(static_cast<size_t>(m)), h_out(static_cast<size_t>(m));
  for (long long i = 0; i < m; ++i) h_in[static_cast<size_t>(i)] = static_cast<T>(r.input[begin + i]);
  cuda::DeviceArray<T> in, out, xbuf;
  cuda::DeviceArray<unsigned long long> slots;
  std::string why = Cuda("cudaMalloc", in.Allocate(std::max<long long>(m, 4)));
  if (why.empty()) why = Cuda("cudaMalloc", out.Allocate(std::max<long long>(m, 4)));
  if (why.empty()) why = Cuda("cudaMalloc", xbuf.Allocate(2 + job.ranks));
  if (why.empty()) why = Cuda("cudaMalloc", slots.Allocate(Stamps::kMaxStamps));
  if (why.empty() && m > 0)
    why = Cuda("cudaMemcpy", cudaMemcpy(in.ptr, h_in.data(), m * sizeof(T), cudaMemcpyHostToDevice));
  if (!why.empty()) return why;
  const Exchange<T> x{xbuf.ptr, xbuf.ptr + 2, xbuf.ptr + 1};
  ShardScanner<Op> scanner;
  for (int recorded = 0; recorded < 2; ++recorded) {  // the first run warms up
    Stamps stamps{slots.ptr, 0};
    why = env.nccl.Barrier(env.stream);
    if (!why.empty()) return why;
    stamps.Mark(env.stream);  // the origin: right after the barrier
    why = RunStrategy<Op>(r.strategy, job.rank, job.ranks, in.ptr, out.ptr, m, r.inclusive,
                          scanner, x, env.nccl, env.stream, recorded ? &stamps : nullptr);
    if (why.empty()) why = env.nccl.Wait(env.stream, "the scan across GPUs");
    if (!why.empty()) return why;
  }
  unsigned long long lowest = 0;
  why = LowestOrigin(job, env, slots.ptr, &lowest);
  if (!why.empty()) return why;
  std::vector<T> h_x(static_cast<size_t>(2 + job.ranks));
  std::vector<unsigned long long> t(Stamps::kMaxStamps);
  why = Cuda("cudaMemcpy", cudaMemcpy(h_x.data(), xbuf.ptr, h_x.size() * sizeof(T),
                                      cudaMemcpyDeviceToHost));
  if (why.empty()) why = Cuda("cudaMemcpy", cudaMemcpy(t.data(), slots.ptr, t.size() * sizeof(t[0]),
                                                       cudaMemcpyDeviceToHost));
  if (why.empty() && m > 0)
    why = Cuda("cudaMemcpy", cudaMemcpy(h_out.data(), out.ptr, m * sizeof(T), cudaMemcpyDeviceToHost));
  if (!why.empty()) return why;

  GpuRank g;
  g.rank = job.rank;
  g.device = env.backend.device_name;
  g.device_index = env.device;
  g.host = env.host;
  g.begin = begin;
  g.end = begin + m;
  g.total = static_cast<double>(h_x[0]);
  g.offset = static_cast<double>(h_x[1]);
  for (int k = 0; k < job.ranks; ++k) g.gathered.push_back(static_cast<double>(h_x[2 + k]));
  const std::vector<GpuPhaseKind> kinds = PhasesOf(r.strategy);
  for (size_t k = 0; k < kinds.size(); ++k)
    g.phases.push_back({kinds[k], static_cast<std::int64_t>(t[k] - t[0]),
                        static_cast<std::int64_t>(t[k + 1] - t[0])});
  g.clock_origin = static_cast<std::int64_t>(t[0] - lowest);
  std::string note;
  g.shard = ShardTimeline(r, std::vector<double>(r.input.begin() + begin, r.input.begin() + begin + m),
                          g.offset, env.device, &note);

  part->strategy = r.strategy;
  part->op = r.op;
  part->type = r.type;
  part->inclusive = r.inclusive;
  part->identity = static_cast<double>(Op::Identity());
  part->backend = env.backend;
  part->measured = true;
  part->clock = "ns (%globaltimer)";
  part->nccl_version = env.nccl.Version();
  part->input.assign(r.input.begin() + begin, r.input.begin() + begin + m);
  part->output.assign(h_out.begin(), h_out.end());
  part->ranks = {std::move(g)};
  return note;  // a note only: the part stands without the timeline
}

}  // namespace

int RunTraceJob(const RankJob& job, RankEnv& env, std::ostream& log, std::string* why) {
  const fs::path dir(job.work_dir);
  std::ifstream f(dir / "request.json");
  const std::string text((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
  std::optional<MultiGpuRequest> request = ParseMultiGpuRequest(text, why);
  if (!request) return 2;
  if (request->gpus != job.ranks) {
    *why = "the request is for " + std::to_string(request->gpus) + " GPUs, the job has " +
           std::to_string(job.ranks) + " ranks";
    return 2;
  }
  MultiGpuTrace part;
  const std::string error = DispatchOp(request->op, request->type, [&](auto op) {
    return TraceTyped<decltype(op)>(*request, job, env, &part);
  });
  if (part.ranks.empty()) {
    *why = error;
    return 2;
  }
  if (!error.empty()) log << "rank " << job.rank << ": " << error << '\n';
  const std::string path = (dir / ("rank-" + std::to_string(job.rank) + ".json")).string();
  if (const std::string bad = SaveMultiGpuFile(part, path); !bad.empty()) {
    *why = bad;
    return 2;
  }
  // Every part is written (each rank wrote before the barrier): rank 0 makes the whole.
  if (std::string e = env.nccl.Barrier(env.stream); !e.empty()) {
    *why = e;
    return 2;
  }
  if (job.rank == 0) {
    std::vector<MultiGpuTrace> parts;
    for (int r = 0; r < job.ranks; ++r) {
      std::optional<MultiGpuTrace> p =
          LoadMultiGpuPartFile((dir / ("rank-" + std::to_string(r) + ".json")).string(), why);
      if (!p) return 2;
      parts.push_back(std::move(*p));
    }
    std::optional<MultiGpuTrace> whole = MergeRankTraces(std::move(parts), why);
    if (!whole) return 2;
    whole->alignment = MeasuredAlignment(*whole);
    std::ifstream topo(dir / "topology.txt");
    whole->interconnect = Interconnect(
        std::string((std::istreambuf_iterator<char>(topo)), std::istreambuf_iterator<char>()),
        job.ranks);
    if (const std::string bad = SaveMultiGpuFile(*whole, (dir / "trace.json").string());
        !bad.empty()) {
      *why = bad;
      return 2;
    }
  }
  const GpuRank& g = part.ranks[0];
  log << "rank " << job.rank << ": shard [" << g.begin << ", " << g.end << "), total " << g.total
      << ", offset " << g.offset << ", " << g.phases.size() << " phases in "
      << (g.phases.empty() ? 0 : g.phases.back().end) << " ns -> " << path << '\n';
  return 0;
}

}  // namespace scanviz::multi_gpu
