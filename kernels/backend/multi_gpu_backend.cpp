#include "backend/multi_gpu_backend.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

#include "core/any_trace_io.h"
#include "core/file_io.h"
#include "core/multi_gpu/multi_gpu_io.h"
#include "core/multi_gpu/request_file.h"
#if defined(SCANVIZ_HAVE_CUDA)
#include "cuda/cuda_trace.h"
#endif
#if defined(SCANVIZ_HAVE_NCCL)
#include "cuda/multi_gpu/rank.h"
#endif

namespace scanviz {

namespace fs = std::filesystem;

namespace {

std::vector<std::string> Words(const char* text) {
  std::vector<std::string> out;
  std::istringstream in(text ? text : "");
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

std::string LastLine(const fs::path& log) {
  std::ifstream f(log);
  std::string line, last;
  while (std::getline(f, line))
    if (!line.empty()) last = line;
  return last.empty() ? "no output" : last;
}

// Starts one rank; its pid, or -1.
pid_t Spawn(const std::vector<std::string>& argv, const fs::path& log) {
  const pid_t pid = fork();
  if (pid != 0) return pid;
  const int fd = open(log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (fd >= 0) {
    dup2(fd, 1);
    dup2(fd, 2);
    close(fd);
  }
  setenv("NCCL_NVLS_ENABLE", "0", 1);  // no NVLink multicast (rank_main.cu says why)
  std::vector<char*> args;
  for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  execvp(args[0], args.data());
  std::fprintf(stderr, "cannot start %s: %s\n", args[0], std::strerror(errno));
  _exit(127);
}

void StopAll(std::vector<pid_t>& pids) {
  for (pid_t p : pids)
    if (p > 0) kill(p, SIGTERM);
  const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(3);
  for (pid_t& p : pids) {
    while (p > 0 && waitpid(p, nullptr, WNOHANG) == 0) {
      if (std::chrono::steady_clock::now() > until) {
        kill(p, SIGKILL);
        waitpid(p, nullptr, 0);
        break;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    p = -1;
  }
}

}  // namespace

std::string MultiGpuUnavailable(int gpus) {
#if !defined(SCANVIZ_HAVE_NCCL)
  (void)gpus;
  return "this build has no NCCL ranks (nccl.h and libnccl were not found when it was built)";
#else
  const cuda::DeviceStatus s = cuda::QueryDevices();
  if (!s.usable) return "no CUDA device: " + s.message;
  if (static_cast<int>(s.devices.size()) < gpus)
    return std::to_string(s.devices.size()) + " GPU(s) visible, " + std::to_string(gpus) +
           " asked for";
  return {};
#endif
}

std::string GpuTopology() {
  FILE* p = popen("nvidia-smi topo -m 2>/dev/null", "r");
  if (!p) return {};
  std::string out;
  char buf[4096];
  for (size_t got; (got = fread(buf, 1, sizeof buf, p)) > 0;) out.append(buf, got);
  return pclose(p) == 0 ? out : std::string();
}

std::string LaunchRanks(const MultiGpuLaunch& launch, int ranks, multi_gpu::RankJobKind job,
                        const std::vector<std::string>& extra, std::string* work_dir) {
  std::string dir = launch.work_dir;
  if (dir.empty()) {
    char tmpl[] = "/tmp/scanviz-ranks-XXXXXX";
    if (!mkdtemp(tmpl)) return std::string("cannot make a work folder: ") + std::strerror(errno);
    dir = tmpl;
  }
  std::error_code ec;
  fs::create_directories(dir, ec);
  fs::remove(fs::path(dir) / "nccl-id", ec);  // a stale id from an earlier job would mislead
  *work_dir = dir;
  std::vector<pid_t> pids;
  for (int r = 0; r < ranks; ++r) {
    std::vector<std::string> argv = Words(std::getenv("SCANVIZ_RANK_WRAPPER"));
    for (const std::string& a :
         {launch.self, std::string("rank"), std::string("--job"), std::string(ToString(job)),
          std::string("--rank"), std::to_string(r), std::string("--ranks"), std::to_string(ranks),
          std::string("--device"), std::to_string(r), std::string("--work-dir"), dir,
          std::string("--timeout"), std::to_string(launch.timeout_s)})
      argv.push_back(a);
    argv.insert(argv.end(), extra.begin(), extra.end());
    pids.push_back(Spawn(argv, fs::path(dir) / ("rank-" + std::to_string(r) + ".log")));
  }
  const auto deadline = std::chrono::steady_clock::now() +
                        std::chrono::milliseconds(static_cast<long long>(launch.timeout_s * 1000));
  int left = ranks;
  while (left > 0) {
    for (int r = 0; r < ranks; ++r) {
      int status = 0;
      if (pids[r] <= 0 || waitpid(pids[r], &status, WNOHANG) != pids[r]) continue;
      pids[r] = -1;
      --left;
      const int code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
      if (code != 0) {
        StopAll(pids);
        return "rank " + std::to_string(r) + " failed (exit " + std::to_string(code) + "): " +
               LastLine(fs::path(dir) / ("rank-" + std::to_string(r) + ".log"));
      }
    }
    if (left > 0 && std::chrono::steady_clock::now() > deadline) {
      std::string running;
      for (int r = 0; r < ranks; ++r)
        if (pids[r] > 0) running += (running.empty() ? "" : ", ") + std::to_string(r);
      StopAll(pids);
      return "ranks " + running + " did not finish within " +
             std::to_string(static_cast<int>(launch.timeout_s)) + " s; stopped (logs in " + dir + ")";
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  return {};
}

std::optional<MultiGpuTrace> RunMultiGpuOnGpus(const MultiGpuRequest& request,
                                               const MultiGpuLaunch& launch, std::string* why) {
  *why = MultiGpuUnavailable(request.gpus);
  if (!why->empty()) return std::nullopt;
  MultiGpuLaunch l = launch;
  if (l.work_dir.empty()) {
    char tmpl[] = "/tmp/scanviz-ranks-XXXXXX";
    if (!mkdtemp(tmpl)) {
      *why = std::string("cannot make a work folder: ") + std::strerror(errno);
      return std::nullopt;
    }
    l.work_dir = tmpl;
  }
  // A note for the run's folder, through the one writer (file_io.h) as every file: its failure
  // is not the run's.
  (void)WriteFileAtomically((fs::path(l.work_dir) / "topology.txt").string(), GpuTopology());
  *why = WriteFileAtomically((fs::path(l.work_dir) / "request.json").string(),
                             MultiGpuRequestToJson(request));
  if (!why->empty()) return std::nullopt;
  std::string dir;
  *why = LaunchRanks(l, request.gpus, multi_gpu::RankJobKind::kTrace, {}, &dir);
  if (!why->empty()) return std::nullopt;
  // Rank 0 merged the parts (rank_trace.cu), with the clocks' alignment and the GPUs' link.
  AnyTraceLoad load = LoadAnyTraceFile((fs::path(dir) / "trace.json").string());
  if (!load.multi_gpu) {
    *why = "the ranks' trace: " + (load.error.empty() ? std::string("not a multi-gpu trace") : load.error);
    return std::nullopt;
  }
  std::optional<MultiGpuTrace> t = std::move(load.multi_gpu);
  if (launch.work_dir.empty()) fs::remove_all(dir);
  return t;
}

int RunMultiGpuRank(const multi_gpu::RankJob& job, std::ostream& log, std::string* why) {
#if defined(SCANVIZ_HAVE_NCCL)
  return multi_gpu::RunRank(job, log, why);
#else
  (void)job;
  (void)log;
  *why = MultiGpuUnavailable(job.ranks);
  return 2;
#endif
}

}  // namespace scanviz
