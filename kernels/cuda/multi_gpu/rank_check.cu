// The check job: the scan across GPUs against the sequential scan, for every operator (last
// included: the ranks' order matters), both element types, inclusive and exclusive, both
// strategies, at sizes that P does not divide (and n < P: ranks with empty shards). Each rank
// makes the whole input from the seed, scans its shard across the GPUs, and compares it with the
// sequential scan of the whole input on the host; the ranks' mismatch counts are summed with an
// all-reduce and rank 0 prints one line per case. float32 inputs are small integers, so every sum
// is exact and the comparison is equality, as for int32.
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdint>
#include <ostream>
#include <random>
#include <vector>

#include "core/trace.h"
#include "cuda/cuda_util.h"
#include "cuda/multi_gpu/rank_env.h"
#include "cuda/multi_gpu/shard_scan.cuh"

namespace scanviz::multi_gpu {
namespace {

template <class T>
std::vector<T> MakeInput(long long n, unsigned seed) {
  std::mt19937 rng(seed);
  std::uniform_int_distribution<int> value(-9, 9), zero(0, 3);
  std::vector<T> v(static_cast<size_t>(n));
  for (T& x : v) x = zero(rng) == 0 ? T(0) : static_cast<T>(value(rng));  // zeros: `last` skips them
  return v;
}

template <class Op, class T = typename Op::Value>
std::vector<T> Sequential(const std::vector<T>& in, bool inclusive) {
  const Op op;
  std::vector<T> out(in.size());
  T acc = Op::Identity();
  for (size_t i = 0; i < in.size(); ++i) {
    if (!inclusive) out[i] = acc;
    acc = op(acc, in[i]);
    if (inclusive) out[i] = acc;
  }
  return out;
}

struct CaseResult {
  long long mismatches = 0, first_bad = -1;
  std::string error;
};

template <class Op, class T = typename Op::Value>
CaseResult RunCase(const RankJob& job, RankEnv& env, ShardScanner<Op>& scanner, long long n,
                   bool inclusive, MultiGpuStrategy strategy, T* d_in, T* d_out,
                   const Exchange<T>& x, long long* d_count) {
  CaseResult c;
  const unsigned seed = job.seed * 1000003u + static_cast<unsigned>(n) * 31u +
                        static_cast<unsigned>(Op::kKind) * 7u + (std::is_same_v<T, float> ? 1u : 0u);
  const std::vector<T> in = MakeInput<T>(n, seed);
  const std::vector<T> want = Sequential<Op>(in, inclusive);
  const long long begin = ShardBegin(n, job.ranks, job.rank), m = ShardSize(n, job.ranks, job.rank);
  c.error = Cuda("cudaMemcpy", cudaMemcpy(d_in, in.data() + begin, m * sizeof(T),
                                          cudaMemcpyHostToDevice));
  if (c.error.empty())
    c.error = RunStrategy<Op>(strategy, job.rank, job.ranks, d_in, d_out, m, inclusive, scanner,
                              x, env.nccl, env.stream, nullptr);
  if (c.error.empty()) c.error = env.nccl.Wait(env.stream, "the scan across GPUs");
  std::vector<T> got(static_cast<size_t>(m));
  if (c.error.empty() && m > 0)
    c.error = Cuda("cudaMemcpy", cudaMemcpy(got.data(), d_out, m * sizeof(T), cudaMemcpyDeviceToHost));
  if (!c.error.empty()) return c;
  long long mine = 0;
  for (long long i = 0; i < m; ++i) {
    if (got[static_cast<size_t>(i)] != want[static_cast<size_t>(begin + i)]) {
      if (mine++ == 0) c.first_bad = begin + i;
    }
  }
  // Every rank's count, summed: all ranks agree on the verdict.
  c.error = Cuda("cudaMemcpy", cudaMemcpy(d_count, &mine, sizeof mine, cudaMemcpyHostToDevice));
  if (c.error.empty()) c.error = env.nccl.AllReduce(d_count, 1, ncclInt64, ncclSum, env.stream);
  if (c.error.empty()) c.error = env.nccl.Wait(env.stream, "the mismatch count");
  if (c.error.empty())
    c.error = Cuda("cudaMemcpy", cudaMemcpy(&c.mismatches, d_count, sizeof(long long),
                                            cudaMemcpyDeviceToHost));
  return c;
}

template <class Op, class T = typename Op::Value>
int CheckTyped(const RankJob& job, RankEnv& env, const std::vector<long long>& sizes,
               std::ostream& log, std::string* why) {
  const long long largest = *std::max_element(sizes.begin(), sizes.end());
  const long long shard = (largest + job.ranks - 1) / job.ranks + 4;
  cuda::DeviceArray<T> in, out, xbuf;
  cuda::DeviceArray<long long> count;
  *why = Cuda("cudaMalloc", in.Allocate(shard));
  if (why->empty()) *why = Cuda("cudaMalloc", out.Allocate(shard));
  if (why->empty()) *why = Cuda("cudaMalloc", xbuf.Allocate(2 + job.ranks));
  if (why->empty()) *why = Cuda("cudaMalloc", count.Allocate(1));
  if (!why->empty()) return 2;
  const Exchange<T> x{xbuf.ptr, xbuf.ptr + 2, xbuf.ptr + 1};
  ShardScanner<Op> scanner;
  int rc = 0;
  for (long long n : sizes) {
    for (bool inclusive : {true, false}) {
      for (MultiGpuStrategy s : {MultiGpuStrategy::kScanThenAdd, MultiGpuStrategy::kReduceThenScan}) {
        const CaseResult c = RunCase<Op>(job, env, scanner, n, inclusive, s, in.ptr, out.ptr, x,
                                         count.ptr);
        if (!c.error.empty()) {
          *why = c.error;
          return 2;
        }
        if (c.mismatches != 0) rc = 1;
        if (job.rank == 0 || c.first_bad >= 0)
          log << "check P=" << job.ranks << " " << ToString(Op::kKind) << " "
              << (std::is_same_v<T, float> ? "float32" : "int32") << " "
              << (inclusive ? "inclusive" : "exclusive") << " " << ToString(s) << " n=" << n
              << ": " << (c.mismatches == 0 ? "ok" : "WRONG") << " (" << c.mismatches
              << " wrong elements" << (c.first_bad >= 0 ? ", rank " + std::to_string(job.rank) +
                                                              "'s first at " +
                                                              std::to_string(c.first_bad)
                                                        : std::string())
              << ")\n";
      }
    }
  }
  return rc;
}

}  // namespace

int RunCheckJob(const RankJob& job, RankEnv& env, std::ostream& log, std::string* why) {
  std::vector<long long> sizes = {1, std::max(1, job.ranks - 1), 3LL * job.ranks + 1, 100003,
                                  (1LL << 22) + 5};
  if (job.check_n > 0) sizes = {job.check_n};
  int rc = 0;
  for (ElementType type : {ElementType::kInt32, ElementType::kFloat32}) {
    for (OpKind op : kAllOps) {
      const int r = DispatchOp(op, type, [&](auto o) {
        return CheckTyped<decltype(o)>(job, env, sizes, log, why);
      });
      if (r == 2) return 2;
      rc = std::max(rc, r);
    }
  }
  if (job.rank == 0)
    log << "check P=" << job.ranks << ": " << (rc == 0 ? "every case equals" : "SOME CASES DIFFER FROM")
        << " the sequential scan (" << sizes.size() * 2 * 2 * 2 * 4 << " cases)\n";
  return rc;
}

}  // namespace scanviz::multi_gpu
