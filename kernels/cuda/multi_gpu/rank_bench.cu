// The bench job: the scan across GPUs timed, int32 add, inclusive (the lab's bench, one level up),
// n = 2^k from job.min_log2 to job.max_log2 (0: the largest that every GPU holds, at most 2^34).
// At each n, on every rank, with a barrier before each timed thing so that every rank starts it
// together, and cudaEvents around it on the rank's stream:
//   both strategies end to end; then each phase alone: the shard's scan from the identity (e),
//   the add, the reduce, the scan with the offset carried in, and the all-gather of P totals.
// Each repetition's time is the slowest rank's (an all-reduce of max over the ranks: what the
// whole waits for); the file keeps their median, min and max. Then rank 0 alone (the others
// wait): one GPU's e and cudaMemcpy at the shard's size, and e at the whole n when one GPU holds
// it. The input is in[i] = i mod 8 (global index), whose inclusive scan has a closed form, so every
// output element of both strategies is checked on the GPU at every n ("full").
#include <cuda_runtime.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <ostream>
#include <vector>

#include "core/perf/bench_host.h"
#include "core/perf/multi_gpu_results.h"
#include "cuda/cuda_util.h"
#include "cuda/multi_gpu/rank_env.h"
#include "cuda/multi_gpu/shard_scan.cuh"
#include "perf/build_info.h"

namespace scanviz::multi_gpu {
namespace {

namespace fs = std::filesystem;
using Op = AddOp<std::int32_t>;
using T = std::int32_t;

__global__ void FillKernel(T* in, long long m, long long begin) {
  for (long long i = blockIdx.x * static_cast<long long>(blockDim.x) + threadIdx.x; i < m;
       i += static_cast<long long>(blockDim.x) * gridDim.x)
    in[i] = static_cast<T>((begin + i) & 7);
}

// sum_{j < k} (j mod 8), modulo 2^32: 28 per whole 8, then 0 + 1 + ... + (t - 1).
__device__ __forceinline__ std::uint32_t PrefixOfPattern(unsigned long long k) {
  const unsigned long long t = k & 7;
  return static_cast<std::uint32_t>(28ull * (k >> 3) + t * (t - 1) / 2);
}

__global__ void CheckKernel(const T* out, long long m, long long begin, unsigned long long* wrong,
                            unsigned long long* first) {
  for (long long i = blockIdx.x * static_cast<long long>(blockDim.x) + threadIdx.x; i < m;
       i += static_cast<long long>(blockDim.x) * gridDim.x) {
    const std::uint32_t want = PrefixOfPattern(static_cast<unsigned long long>(begin + i) + 1);
    if (static_cast<std::uint32_t>(out[i]) != want) {
      atomicAdd(wrong, 1ull);
      atomicMin(first, static_cast<unsigned long long>(begin + i));
    }
  }
}

struct Buffers {
  cuda::DeviceArray<T> in, out, xbuf;
  cuda::DeviceArray<unsigned long long> check;  // wrong, first
  cuda::DeviceArray<double> times;              // for the all-reduce of max
};

// Times one thing `repeats` times on every rank, each after a barrier; returns the slowest rank's
// time of each repetition (us). `run` enqueues it on the stream.
template <class Run>
std::string TimeAll(RankEnv& env, Buffers& b, int repeats, Run run, std::vector<double>* us) {
  cudaEvent_t e0, e1;
  cudaEventCreate(&e0);
  cudaEventCreate(&e1);
  std::vector<double> mine(static_cast<size_t>(repeats));
  std::string why;
  for (int k = 0; k < repeats && why.empty(); ++k) {
    why = env.nccl.Barrier(env.stream);
    if (!why.empty()) break;
    cudaEventRecord(e0, env.stream);
    why = run();
    cudaEventRecord(e1, env.stream);
    if (why.empty()) why = env.nccl.Wait(env.stream, "a timed run");
    float ms = 0;
    cudaEventElapsedTime(&ms, e0, e1);
    mine[static_cast<size_t>(k)] = 1000.0 * ms;
  }
  cudaEventDestroy(e0);
  cudaEventDestroy(e1);
  if (!why.empty()) return why;
  why = Cuda("cudaMemcpy", cudaMemcpy(b.times.ptr, mine.data(), mine.size() * sizeof(double),
                                      cudaMemcpyHostToDevice));
  if (why.empty())
    why = env.nccl.AllReduce(b.times.ptr, mine.size(), ncclFloat64, ncclMax, env.stream);
  if (why.empty()) why = env.nccl.Wait(env.stream, "the times' all-reduce");
  us->resize(mine.size());
  if (why.empty())
    why = Cuda("cudaMemcpy", cudaMemcpy(us->data(), b.times.ptr, mine.size() * sizeof(double),
                                        cudaMemcpyDeviceToHost));
  return why;
}

perf::TimeStats Stats(const std::vector<double>& us) {
  const perf::TimingSummary s = perf::Summarise(us);
  return {s.median_us, s.min_us, s.max_us};
}
double Median(const std::vector<double>& us) {
  return perf::Summarise(us).median_us;
}

// Every element of the shard against the closed form; adds to the point's counts (every rank's,
// summed by the caller's all-reduce).
std::string CheckShard(RankEnv& env, Buffers& b, long long m, long long begin,
                       unsigned long long* wrong, unsigned long long* first) {
  const unsigned long long init[2] = {0, ~0ull};
  std::string why =
      Cuda("cudaMemcpy", cudaMemcpy(b.check.ptr, init, sizeof init, cudaMemcpyHostToDevice));
  if (why.empty() && m > 0)
    CheckKernel<<<1024, 256, 0, env.stream>>>(b.out.ptr, m, begin, b.check.ptr, b.check.ptr + 1);
  if (why.empty()) why = env.nccl.Wait(env.stream, "the check");
  unsigned long long got[2] = {};
  if (why.empty())
    why = Cuda("cudaMemcpy", cudaMemcpy(got, b.check.ptr, sizeof got, cudaMemcpyDeviceToHost));
  *wrong += got[0];
  if (got[0] > 0) *first = std::min(*first, got[1]);
  return why;
}

int LargestLog2(const RankJob& job, RankEnv& env) {
  size_t free_bytes = 0, total = 0;
  cudaMemGetInfo(&free_bytes, &total);
  int k = job.min_log2;
  // in + out of one shard, 8 bytes an element, within 85% of what is free.
  while (k < 34 &&
         8.0 * ((1LL << (k + 1)) / job.ranks + 1) < 0.85 * static_cast<double>(free_bytes))
    ++k;
  (void)env;
  return k;
}

// Rank 0 alone (the others wait at the barriers): one GPU's e and cudaMemcpy at the shard's size,
// and e over the whole n when this GPU holds it beside its shard.
std::string OneGpu(const RankJob& job, RankEnv& env, Buffers& b, ShardScanner<Op>& scanner,
                   long long n, long long m, int reps, perf::MultiGpuPoint* p) {
  std::vector<double> t;
  auto only0 = [&](auto body) {
    return [&, body] { return job.rank == 0 ? body() : std::string(); };
  };
  std::string why =
      TimeAll(env, b, reps, only0([&] {
                return Cuda("one GPU's e at the shard",
                            scanner.Scan(b.in.ptr, b.out.ptr, m, true, nullptr, env.stream));
              }),
              &t);
  if (why.empty()) p->one_gpu_e_shard_us = Median(t);
  if (why.empty())
    why = TimeAll(env, b, reps, only0([&] {
                    return Cuda("memcpy", cudaMemcpyAsync(b.out.ptr, b.in.ptr, m * sizeof(T),
                                                          cudaMemcpyDeviceToDevice, env.stream));
                  }),
                  &t);
  if (why.empty()) p->one_gpu_memcpy_shard_us = Median(t);
  if (!why.empty()) return why;
  // The whole n on rank 0's GPU: 8 n bytes more, if free.
  size_t free_bytes = 0, total = 0;
  cudaMemGetInfo(&free_bytes, &total);
  double fits = job.rank == 0 && 8.0 * n + (1 << 30) < static_cast<double>(free_bytes) ? 1 : 0;
  why = Cuda("cudaMemcpy", cudaMemcpy(b.times.ptr, &fits, sizeof fits, cudaMemcpyHostToDevice));
  if (why.empty()) why = env.nccl.AllReduce(b.times.ptr, 1, ncclFloat64, ncclMax, env.stream);
  if (why.empty()) why = env.nccl.Wait(env.stream, "one GPU's room");
  if (why.empty())
    why = Cuda("cudaMemcpy", cudaMemcpy(&fits, b.times.ptr, sizeof fits, cudaMemcpyDeviceToHost));
  if (!why.empty() || fits == 0 || job.ranks == 1) {
    if (why.empty() && job.ranks == 1) p->one_gpu_e_full_us = p->one_gpu_e_shard_us;
    return why;
  }
  cuda::DeviceArray<T> in, out;
  if (job.rank == 0) {
    why = Cuda("cudaMalloc", in.Allocate(n));
    if (why.empty()) why = Cuda("cudaMalloc", out.Allocate(n));
    if (why.empty()) FillKernel<<<1024, 256, 0, env.stream>>>(in.ptr, n, 0);
    if (why.empty())
      why = Cuda("one GPU's e at n (warm-up)",
                 scanner.Scan(in.ptr, out.ptr, n, true, nullptr, env.stream));
  }
  if (!why.empty()) return why;  // rank 0 alone fails here; the others time out at the barrier
  why = TimeAll(env, b, reps, only0([&] {
                  return Cuda("one GPU's e at n",
                              scanner.Scan(in.ptr, out.ptr, n, true, nullptr, env.stream));
                }),
                &t);
  if (why.empty()) p->one_gpu_e_full_us = Median(t);
  return why;
}

// One n: both strategies checked then timed, each phase alone, one GPU's references.
std::string MeasurePoint(const RankJob& job, RankEnv& env, Buffers& b, ShardScanner<Op>& scanner,
                         long long n, perf::MultiGpuPoint* p) {
  const long long begin = ShardBegin(n, job.ranks, job.rank), m = ShardSize(n, job.ranks, job.rank);
  const Exchange<T> x{b.xbuf.ptr, b.xbuf.ptr + 2, b.xbuf.ptr + 1};
  p->n = n;
  p->gpus = job.ranks;
  p->shard = (n + job.ranks - 1) / job.ranks;
  FillKernel<<<1024, 256, 0, env.stream>>>(b.in.ptr, m, begin);
  const int reps = std::max(job.repeats, 1);
  unsigned long long wrong = 0, first = ~0ull;
  std::string why;
  const MultiGpuStrategy kBoth[] = {MultiGpuStrategy::kScanThenAdd,
                                    MultiGpuStrategy::kReduceThenScan};
  for (MultiGpuStrategy s : kBoth) {  // untimed and checked: warms up, and every element is checked
    why = Cuda("cudaMemset", cudaMemsetAsync(b.out.ptr, 0xff, m * sizeof(T), env.stream));
    if (why.empty())
      why = RunStrategy<Op>(s, job.rank, job.ranks, b.in.ptr, b.out.ptr, m, true, scanner, x,
                            env.nccl, env.stream, nullptr);
    if (why.empty()) why = CheckShard(env, b, m, begin, &wrong, &first);
    if (!why.empty()) return why;
  }
  std::vector<double> t;
  auto strategy = [&](MultiGpuStrategy s) {
    return [&, s] {
      return RunStrategy<Op>(s, job.rank, job.ranks, b.in.ptr, b.out.ptr, m, true, scanner, x,
                             env.nccl, env.stream, nullptr);
    };
  };
  if ((why = TimeAll(env, b, reps, strategy(kBoth[0]), &t)).empty()) p->scan_then_add = Stats(t);
  if (why.empty() && (why = TimeAll(env, b, reps, strategy(kBoth[1]), &t)).empty())
    p->reduce_then_scan = Stats(t);
  // The phases alone.
  auto scan = [&](const T* carry) {
    return [&, carry] {
      return m > 0 ? Cuda(carry ? "the carried scan alone" : "the scan alone",
                          scanner.Scan(b.in.ptr, b.out.ptr, m, true, carry, env.stream))
                   : std::string();
    };
  };
  if (why.empty() && (why = TimeAll(env, b, reps, scan(nullptr), &t)).empty())
    p->scan_us = Median(t);
  if (why.empty() && (why = TimeAll(env, b, reps, scan(x.offset), &t)).empty())
    p->carried_scan_us = Median(t);
  auto add = [&] {
    return job.rank > 0 ? Cuda("add", scanner.AddOffset(b.out.ptr, m, x.offset, env.stream))
                        : std::string();
  };
  if (why.empty() && (why = TimeAll(env, b, reps, add, &t)).empty()) p->add_us = Median(t);
  auto reduce = [&] { return Cuda("reduce", scanner.Reduce(b.in.ptr, m, x.total, env.stream)); };
  if (why.empty() && (why = TimeAll(env, b, reps, reduce, &t)).empty()) p->reduce_us = Median(t);
  auto exchange = [&] { return env.nccl.AllGather(x.total, x.gathered, 1, ncclInt32, env.stream); };
  if (why.empty() && (why = TimeAll(env, b, reps, exchange, &t)).empty())
    p->exchange_us = Median(t);
  if (why.empty()) why = OneGpu(job, env, b, scanner, n, m, reps, p);
  if (!why.empty()) return why;
  // Every rank's wrong count and first index, summed and min-ed over the ranks.
  double counts[2] = {static_cast<double>(wrong),
                      first == ~0ull ? -1.0 : -static_cast<double>(first)};
  why = Cuda("cudaMemcpy", cudaMemcpy(b.times.ptr, counts, sizeof counts, cudaMemcpyHostToDevice));
  if (why.empty()) why = env.nccl.AllReduce(b.times.ptr, 1, ncclFloat64, ncclSum, env.stream);
  if (why.empty()) why = env.nccl.AllReduce(b.times.ptr + 1, 1, ncclFloat64, ncclMax, env.stream);
  if (why.empty()) why = env.nccl.Wait(env.stream, "the check's all-reduce");
  if (why.empty())
    why =
        Cuda("cudaMemcpy", cudaMemcpy(counts, b.times.ptr, sizeof counts, cudaMemcpyDeviceToHost));
  p->mismatches = static_cast<long long>(counts[0]);
  p->correct = p->mismatches == 0;
  p->first_bad = p->correct ? -1 : static_cast<long long>(-counts[1]);
  p->check = "full";
  p->check_detail =
      "every element of both strategies' outputs against the closed form of the "
      "scan of i mod 8";
  return why;
}

// Every rank's host name, in rank order (an all-gather of 64 bytes each): the results file names
// the node each GPU sat in.
std::string GatherHosts(const RankJob& job, RankEnv& env, std::vector<std::string>* hosts) {
  constexpr size_t kName = 64;
  char mine[kName] = {};
  env.host.copy(mine, kName - 1);
  cuda::DeviceArray<char> names;
  std::string why = Cuda("cudaMalloc", names.Allocate(kName * (job.ranks + 1)));
  char* send = names.ptr + kName * job.ranks;
  if (why.empty())
    why = Cuda("cudaMemcpy", cudaMemcpy(send, mine, kName, cudaMemcpyHostToDevice));
  if (why.empty()) why = env.nccl.AllGather(send, names.ptr, kName, ncclChar, env.stream);
  if (why.empty()) why = env.nccl.Wait(env.stream, "the host names' all-gather");
  std::vector<char> all(kName * static_cast<size_t>(job.ranks));
  if (why.empty())
    why = Cuda("cudaMemcpy", cudaMemcpy(all.data(), names.ptr, all.size(), cudaMemcpyDeviceToHost));
  for (int r = 0; why.empty() && r < job.ranks; ++r) {
    const char* at = all.data() + kName * static_cast<size_t>(r);
    hosts->emplace_back(at, strnlen(at, kName - 1));
  }
  return why;
}

}  // namespace

void FillDevice(RankEnv& env, perf::BenchDevice* d);

int RunBenchJob(const RankJob& job, RankEnv& env, std::ostream& log, std::string* why) {
  const int max_log2 = job.max_log2 > 0 ? job.max_log2 : LargestLog2(job, env);
  const long long shard_cap = ((1LL << max_log2) + job.ranks - 1) / job.ranks + 4;
  Buffers b;
  *why = Cuda("cudaMalloc", b.in.Allocate(shard_cap));
  if (why->empty()) *why = Cuda("cudaMalloc", b.out.Allocate(shard_cap));
  if (why->empty()) *why = Cuda("cudaMalloc", b.xbuf.Allocate(2 + job.ranks));
  if (why->empty()) *why = Cuda("cudaMalloc", b.check.Allocate(2));
  if (why->empty()) *why = Cuda("cudaMalloc", b.times.Allocate(std::max(job.repeats, 1) + 8));
  if (!why->empty()) return 2;
  perf::MultiGpuBenchResults r;
  r.date = perf::IsoUtc(std::chrono::system_clock::now());
  r.commit = perf::BuildCommit();
  FillDevice(env, &r.device);
  r.gpus = job.ranks;
  r.nccl_version = env.nccl.Version();
  r.repeats = job.repeats;
  r.alignment =
      "each timed thing starts after a barrier (a one-word ncclAllReduce) and is bracketed by "
      "cudaEvents on each rank's stream; a repetition's time is the slowest rank's (all-reduce "
      "of max)";
  std::ifstream topo(fs::path(job.work_dir) / "topology.txt");
  r.topology.assign(std::istreambuf_iterator<char>(topo), std::istreambuf_iterator<char>());
  ShardScanner<Op> scanner;
  // An error left by a call before the first scan (a runtime or library query) would be reported
  // by the scan's own check: name it here, and clear it.
  if (const cudaError_t e = cudaGetLastError(); e != cudaSuccess)
    log << "rank " << job.rank << ": an earlier call left " << cudaGetErrorName(e)
        << " (cleared)\n";
  int rc = 0;
  for (int k = job.min_log2; k <= max_log2; ++k) {
    perf::MultiGpuPoint p;
    *why = MeasurePoint(job, env, b, scanner, 1LL << k, &p);
    if (!why->empty()) {
      r.fatal = *why;
      break;
    }
    if (!p.correct) rc = 1;
    if (job.rank == 0)
      log << "bench P=" << job.ranks << " n=2^" << k << ": scan-then-add "
          << p.scan_then_add.median_us << " us, reduce-then-scan " << p.reduce_then_scan.median_us
          << " us, exchange " << p.exchange_us << " us, check " << (p.correct ? "ok" : "WRONG")
          << '\n';
    r.points.push_back(p);
  }
  if (r.fatal.empty()) {
    if (const std::string bad = GatherHosts(job, env, &r.hosts); !bad.empty()) r.fatal = *why = bad;
  }
  r.all_correct = rc == 0 && r.fatal.empty();
  if (job.rank == 0) {
    const std::string path = (fs::path(job.work_dir) / "bench.json").string();
    if (const std::string bad = perf::SaveMultiGpuBenchResults(r, path); !bad.empty()) {
      *why = bad;
      return 2;
    }
  }
  return r.fatal.empty() ? rc : 2;
}

void FillDevice(RankEnv& env, perf::BenchDevice* d) {
  cudaDeviceProp prop{};
  cudaGetDeviceProperties(&prop, env.device);
  d->name = prop.name;
  d->sm_count = prop.multiProcessorCount;
  d->compute_capability = std::to_string(prop.major) + "." + std::to_string(prop.minor);
  d->l2_bytes = prop.l2CacheSize;
  d->global_mem_bytes = static_cast<long long>(prop.totalGlobalMem);
  cudaDeviceGetAttribute(&d->sm_clock_khz, cudaDevAttrClockRate, env.device);
  cudaDeviceGetAttribute(&d->mem_clock_khz, cudaDevAttrMemoryClockRate, env.device);
  cudaDeviceGetAttribute(&d->mem_bus_width_bits, cudaDevAttrGlobalMemoryBusWidth, env.device);
  cudaDriverGetVersion(&d->driver_version);
  cudaRuntimeGetVersion(&d->runtime_version);
  cudaGetLastError();  // an attribute this runtime no longer reports (0 above) leaves no error
}

}  // namespace scanviz::multi_gpu
