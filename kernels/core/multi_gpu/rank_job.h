// One rank of the scan across GPUs: a process on one GPU, one of P, as distributed jobs run
// (`scanviz-cli rank`, started P times by the launcher in backend/multi_gpu_backend.cpp, or once
// per GPU on each node by hand or by a job scheduler). The job's description only: the ranks
// themselves are kernels/cuda/multi_gpu/ (rank.h: RunRank), reached through the backend.
//
// The ranks meet through a work folder that every rank can read (on one node, a temporary
// folder; across nodes, a shared one): rank 0 creates the NCCL unique id and writes it there
// (work_dir/nccl-id, written whole then renamed), the others wait for it; the job's request is
// there (request.json, written by the launcher) and each rank writes its part there
// (rank-<r>.json, and rank 0 the bench's results: bench.json).
#pragma once

#include <string>

namespace scanviz::multi_gpu {

enum class RankJobKind { kTrace, kCheck, kBench };
const char* ToString(RankJobKind kind);
bool Parse(const std::string& key, RankJobKind* kind);

struct RankJob {
  RankJobKind kind = RankJobKind::kTrace;
  int rank = 0, ranks = 1;
  int device = -1;         // the CUDA device on its node (-1: the rank modulo the visible GPUs)
  std::string work_dir;
  double timeout_s = 120;  // the NCCL id's arrival, the communicator, every wait on a collective
  // The bench: n = 2^k for k in [min_log2, max_log2] (0: the largest that fits), repeats each.
  int min_log2 = 24, max_log2 = 0, repeats = 10;
  // The check: the sizes (0: its own list) and a seed.
  long long check_n = 0;
  unsigned seed = 1;
};

}  // namespace scanviz::multi_gpu
