// The shards' scans, reduces and strategies for every operator and type, defined and compiled
// here once (shard_scan.cuh declares them, extern elsewhere): every launch of a scanner's kernels
// comes from this file's module, where the scanner set their attributes (shard_scan.cuh says
// why), and the jobs' files stay quick to build.
#define SCANVIZ_SHARD_SCAN_INSTANTIATE
#include "cuda/multi_gpu/shard_scan.cuh"

namespace scanviz::multi_gpu {

template <class Op>
ShardScanner<Op>::ShardScanner() = default;
template <class Op>
ShardScanner<Op>::~ShardScanner() = default;

template <class Op>
cudaError_t ShardScanner<Op>::Scan(const T* in, T* out, long long m, bool inclusive, const T* carry,
                                   cudaStream_t stream) {
  T* next = nullptr;
  SCANVIZ_PERF_TRY(ws_.Get(0, 2, &next));
  for (long long b = 0, k = 0; b < m; b += kChunk, ++k) {
    const int len = static_cast<int>(std::min(kChunk, m - b));
    const T* c = b == 0 ? carry : next + ((k - 1) & 1);
    SCANVIZ_PERF_TRY(inclusive ? scan_.template Scan<T, true>(in + b, out + b, len, stream, c)
                               : scan_.template Scan<T, false>(in + b, out + b, len, stream, c));
    if (b + len < m)  // the next chunk's carry: everything up to this chunk's end
      TotalAfterScanKernel<Op>
          <<<1, 1, 0, stream>>>(in + b, out + b, len, inclusive, next + (k & 1));
  }
  return cudaGetLastError();
}

template <class Op>
cudaError_t ShardScanner<Op>::Reduce(const T* in, long long m, T* total, cudaStream_t stream) {
  const long long per_block = std::max<long long>(4LL * kThreads * 16, (m / 2048 + 3) / 4 * 4);
  const int blocks = static_cast<int>(std::max<long long>(1, (m + per_block - 1) / per_block));
  T* partial = nullptr;
  SCANVIZ_PERF_TRY(ws_.Get(1, static_cast<std::size_t>(blocks), &partial));
  ReducePartialsKernel<Op><<<blocks, kThreads, 0, stream>>>(in, m, per_block, partial);
  ReduceFinalKernel<Op><<<1, kThreads, 0, stream>>>(partial, blocks, total);
  return cudaGetLastError();
}

template <class Op>
cudaError_t ShardScanner<Op>::AddOffset(T* out, long long m, const T* offset, cudaStream_t stream) {
  if (m <= 0) return cudaSuccess;
  const long long vectors = (m + 3) / 4;
  const int blocks =
      static_cast<int>(std::min<long long>((vectors + kThreads - 1) / kThreads, 132LL * 16));
  AddOffsetKernel<Op><<<blocks, kThreads, 0, stream>>>(out, m, offset);
  return cudaGetLastError();
}

template <class Op, class T>
std::string RunStrategy(MultiGpuStrategy strategy, int rank, int ranks, const T* in, T* out,
                        long long m, bool inclusive, ShardScanner<Op>& scanner,
                        const Exchange<T>& x, NcclSession& nccl, cudaStream_t stream,
                        Stamps* stamps) {
  Stamps none;
  Stamps& mark = stamps ? *stamps : none;
  std::string why;
  if (strategy == MultiGpuStrategy::kScanThenAdd) {
    if (m > 0) why = Cuda("the shard's scan", scanner.Scan(in, out, m, inclusive, nullptr, stream));
    if (!why.empty()) return why;
    TotalAfterScanKernel<Op><<<1, 1, 0, stream>>>(in, out, m, inclusive, x.total);
  } else {
    why = Cuda("reduce", scanner.Reduce(in, m, x.total, stream));
    if (!why.empty()) return why;
  }
  mark.Mark(stream);
  why = nccl.AllGather(x.total, x.gathered, 1, NcclType<T>(), stream);
  if (!why.empty()) return why;
  mark.Mark(stream);
  OffsetKernel<Op><<<1, 1, 0, stream>>>(x.gathered, rank, x.offset);
  mark.Mark(stream);
  if (strategy == MultiGpuStrategy::kScanThenAdd) {
    if (rank > 0) why = Cuda("add", scanner.AddOffset(out, m, x.offset, stream));
  } else if (m > 0) {
    why = Cuda("carried scan", scanner.Scan(in, out, m, inclusive, x.offset, stream));
  }
  (void)ranks;
  if (!why.empty()) return why;
  mark.Mark(stream);
  return Cuda("launch", cudaGetLastError());
}

SCANVIZ_SHARD_OPS(SCANVIZ_SHARD_INSTANTIATION)

}  // namespace scanviz::multi_gpu
