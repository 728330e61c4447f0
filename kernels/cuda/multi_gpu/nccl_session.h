// A rank's NCCL communicator, with every wait bounded: the unique id exchanged through the work
// folder, the communicator made non-blocking (ncclCommInitRankConfig, blocking = 0) and polled,
// and each collective waited on by polling the stream and the communicator's asynchronous error
// until a deadline, after which the communicator is aborted. A rank that died, a GPU that is not
// there or a wrong rank count thus gives one line, never a hang.
#pragma once

#include <cuda_runtime.h>
#include <nccl.h>

#include <string>

#include "core/multi_gpu/rank_job.h"

namespace scanviz::multi_gpu {

class NcclSession {
 public:
  NcclSession() = default;
  NcclSession(const NcclSession&) = delete;
  NcclSession& operator=(const NcclSession&) = delete;
  ~NcclSession();

  // Joins the job's communicator on the current device; empty, or why not.
  std::string Open(const RankJob& job);
  ncclComm_t Comm() const { return comm_; }
  std::string Version() const;  // "2.28.3"

  // Enqueues an all-gather of `count` elements per rank on `stream` (waits only for NCCL to
  // accept it).
  std::string AllGather(const void* send, void* recv, size_t count, ncclDataType_t type,
                        cudaStream_t stream);
  // Enqueues an all-reduce (sum or max) in place.
  std::string AllReduce(void* data, size_t count, ncclDataType_t type, ncclRedOp_t op,
                        cudaStream_t stream);
  // Waits until `stream` is done, or the deadline: then aborts the communicator. `what` names it.
  std::string Wait(cudaStream_t stream, const std::string& what);
  // Every rank here: a one-word all-reduce, waited on.
  std::string Barrier(cudaStream_t stream);

 private:
  std::string Settle(ncclResult_t r, const char* what);  // a non-blocking call's outcome
  std::string Abort(const std::string& why);
  ncclComm_t comm_ = nullptr;
  int* barrier_word_ = nullptr;  // device
  double timeout_s_ = 120;
  int rank_ = 0;
};

// NCCL's data type for an element type of the scan.
template <class T>
ncclDataType_t NcclType();

}  // namespace scanviz::multi_gpu
