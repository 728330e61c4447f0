// The shards' scans, reduces and strategies for every operator and type, compiled here once
// (shard_scan.cuh declares them extern elsewhere): the jobs' files stay quick to build.
#define SCANVIZ_SHARD_SCAN_INSTANTIATE
#include "cuda/multi_gpu/shard_scan.cuh"

namespace scanviz::multi_gpu {

SCANVIZ_SHARD_OPS(SCANVIZ_SHARD_INSTANTIATION)

}  // namespace scanviz::multi_gpu
