#include "cuda/multi_gpu/nccl_session.h"

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <thread>

namespace scanviz::multi_gpu {

namespace fs = std::filesystem;

namespace {

using Clock = std::chrono::steady_clock;

std::string Quote(const char* what, ncclResult_t r) {
  return std::string(what) + ": " + ncclGetErrorString(r) + " (NCCL error " +
         std::to_string(static_cast<int>(r)) + ")";
}

double Seconds(Clock::time_point since) {
  return std::chrono::duration<double>(Clock::now() - since).count();
}

void Nap() { std::this_thread::sleep_for(std::chrono::microseconds(50)); }

// Rank 0: the unique id, written whole to a temporary name and renamed, so a reader never sees
// half of it.
std::string PublishId(const std::string& dir, ncclUniqueId* id) {
  if (const ncclResult_t r = ncclGetUniqueId(id); r != ncclSuccess)
    return Quote("ncclGetUniqueId", r);
  const fs::path tmp = fs::path(dir) / "nccl-id.tmp", done = fs::path(dir) / "nccl-id";
  {
    std::ofstream f(tmp, std::ios::binary);
    f.write(id->internal, sizeof id->internal);
    if (!f) return "cannot write " + tmp.string();
  }
  std::error_code ec;
  fs::rename(tmp, done, ec);
  return ec ? "cannot rename " + tmp.string() + ": " + ec.message() : "";
}

std::string AwaitId(const std::string& dir, double timeout_s, ncclUniqueId* id) {
  const fs::path done = fs::path(dir) / "nccl-id";
  const auto start = Clock::now();
  while (Seconds(start) < timeout_s) {
    std::ifstream f(done, std::ios::binary);
    if (f && f.read(id->internal, sizeof id->internal)) return {};
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return "rank 0's NCCL id did not arrive in " + done.string() + " within " +
         std::to_string(static_cast<int>(timeout_s)) + " s (is rank 0 running?)";
}

}  // namespace

template <>
ncclDataType_t NcclType<std::int32_t>() {
  return ncclInt32;
}
template <>
ncclDataType_t NcclType<float>() {
  return ncclFloat32;
}

NcclSession::~NcclSession() {
  if (barrier_word_) cudaFree(barrier_word_);
  if (!comm_) return;
  // Non-blocking: the finalize completes in the background; poll it (briefly) before the destroy.
  ncclResult_t r = ncclCommFinalize(comm_);
  const auto start = Clock::now();
  while (r == ncclInProgress && Seconds(start) < 10) {
    Nap();
    ncclCommGetAsyncError(comm_, &r);
  }
  if (r == ncclSuccess) {
    ncclCommDestroy(comm_);
  } else {
    ncclCommAbort(comm_);
  }
}

std::string NcclSession::Version() const {
  int v = 0;
  ncclGetVersion(&v);
  return std::to_string(v / 10000) + "." + std::to_string(v / 100 % 100) + "." +
         std::to_string(v % 100);
}

std::string NcclSession::Abort(const std::string& why) {
  if (comm_) ncclCommAbort(comm_);
  comm_ = nullptr;
  return why;
}

std::string NcclSession::Settle(ncclResult_t r, const char* what) {
  const auto start = Clock::now();
  while (r == ncclInProgress) {
    if (Seconds(start) > timeout_s_)
      return Abort(std::string(what) + ": no answer within " +
                   std::to_string(static_cast<int>(timeout_s_)) + " s; communicator aborted");
    Nap();
    ncclCommGetAsyncError(comm_, &r);
  }
  return r == ncclSuccess ? "" : Abort(Quote(what, r));
}

std::string NcclSession::Open(const RankJob& job) {
  timeout_s_ = job.timeout_s;
  rank_ = job.rank;
  ncclUniqueId id{};
  std::string why = job.rank == 0 ? PublishId(job.work_dir, &id)
                                  : AwaitId(job.work_dir, job.timeout_s, &id);
  if (!why.empty()) return why;
  ncclConfig_t config = NCCL_CONFIG_INITIALIZER;
  config.blocking = 0;  // every call returns at once; Settle polls with a deadline
  const ncclResult_t r = ncclCommInitRankConfig(&comm_, job.ranks, id, job.rank, &config);
  if (r != ncclSuccess && r != ncclInProgress) return Quote("ncclCommInitRankConfig", r);
  why = Settle(r, "ncclCommInitRankConfig (joining the other ranks)");
  if (!why.empty()) return why;
  if (cudaMalloc(&barrier_word_, sizeof(int)) != cudaSuccess) return "cudaMalloc of one word failed";
  return {};
}

std::string NcclSession::AllGather(const void* send, void* recv, size_t count,
                                   ncclDataType_t type, cudaStream_t stream) {
  if (!comm_) return "no communicator";
  return Settle(ncclAllGather(send, recv, count, type, comm_, stream), "ncclAllGather");
}

std::string NcclSession::AllReduce(void* data, size_t count, ncclDataType_t type, ncclRedOp_t op,
                                   cudaStream_t stream) {
  if (!comm_) return "no communicator";
  return Settle(ncclAllReduce(data, data, count, type, op, comm_, stream), "ncclAllReduce");
}

std::string NcclSession::Wait(cudaStream_t stream, const std::string& what) {
  const auto start = Clock::now();
  while (true) {
    const cudaError_t e = cudaStreamQuery(stream);
    if (e == cudaSuccess) return {};
    if (e != cudaErrorNotReady)
      return Abort(what + ": " + cudaGetErrorName(e) + " (" + cudaGetErrorString(e) + ")");
    ncclResult_t r = ncclSuccess;
    if (comm_) ncclCommGetAsyncError(comm_, &r);
    if (r != ncclSuccess && r != ncclInProgress) return Abort(Quote(what.c_str(), r));
    if (Seconds(start) > timeout_s_)
      return Abort(what + ": not done within " + std::to_string(static_cast<int>(timeout_s_)) +
                   " s (another rank gone?); communicator aborted");
    Nap();
  }
}

std::string NcclSession::Barrier(cudaStream_t stream) {
  std::string why = AllReduce(barrier_word_, 1, ncclInt32, ncclSum, stream);
  return why.empty() ? Wait(stream, "barrier") : why;
}

}  // namespace scanviz::multi_gpu
