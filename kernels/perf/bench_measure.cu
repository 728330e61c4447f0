// Stage 4 of a bench run (bench_stages.cuh): each rung checked against the CPU reference, then at
// a timed size warmed up and timed with CUDA events over rotating buffers, and a look-back rung
// checked again after it ran hot.
#include <algorithm>
#include <cmath>

#include "core/perf/bench_host.h"
#include "core/perf/bench_report.h"
#include "perf/bench_stages.cuh"

namespace scanviz::perf {

namespace {

// The device buffers of one size: `sets` input/output pairs, every input holding the case's
// data, every output poisoned (0xFF: an int32 of -1, a float32 NaN), freed on the way out.
class CaseBuffers {
 public:
  CaseBuffers(const HostCase& c, int sets) : m_bytes(static_cast<std::size_t>(c.n) * 4) {
    m_in.assign(sets, nullptr);
    m_out.assign(sets, nullptr);
    try {
      for (int s = 0; s < sets; ++s) {
        Check(cudaMalloc(&m_in[s], m_bytes), "cudaMalloc(in)");
        Check(cudaMalloc(&m_out[s], m_bytes), "cudaMalloc(out)");
      }
      Check(cudaMemcpy(m_in[0], c.Input(), m_bytes, cudaMemcpyHostToDevice), "upload");
      for (int s = 1; s < sets; ++s)
        Check(cudaMemcpy(m_in[s], m_in[0], m_bytes, cudaMemcpyDeviceToDevice), "copy sets");
      for (int s = 0; s < sets; ++s) Check(cudaMemset(m_out[s], 0xFF, m_bytes), "poison");
      Check(cudaDeviceSynchronize(), "setup");
    } catch (...) {
      Free();  // a constructor that throws runs no destructor
      throw;
    }
  }
  CaseBuffers(const CaseBuffers&) = delete;
  CaseBuffers& operator=(const CaseBuffers&) = delete;
  ~CaseBuffers() { Free(); }
  int Sets() const { return static_cast<int>(m_in.size()); }
  std::size_t Bytes() const { return m_bytes; }
  const void* In(int i) const { return m_in[i % Sets()]; }
  void* Out(int i) const { return m_out[i % Sets()]; }

 private:
  void Free() {
    for (void* p : m_in)
      if (p) cudaFree(p);
    for (void* p : m_out)
      if (p) cudaFree(p);
  }
  std::size_t m_bytes;
  std::vector<void*> m_in, m_out;
};

// What every rung of a run shares: the stream, the events and the pinned download buffer.
class Session {
 public:
  explicit Session(long long max_n) {
    try {
      Check(cudaStreamCreateWithFlags(&m_stream, cudaStreamNonBlocking), "cudaStreamCreate");
      Check(cudaEventCreate(&m_ev0), "cudaEventCreate");
      Check(cudaEventCreate(&m_ev1), "cudaEventCreate");
      Check(cudaMallocHost(&m_host_out, static_cast<std::size_t>(max_n) * 4 + 16),
            "cudaMallocHost");
    } catch (...) {
      Release();
      throw;
    }
  }
  Session(const Session&) = delete;
  Session& operator=(const Session&) = delete;
  ~Session() { Release(); }
  cudaStream_t Stream() const { return m_stream; }

  // One run into set 0's (re-poisoned) output, downloaded and checked.
  Verdict CheckedRun(Rung& rung, ScanArgs args, const HostCase& c, const CaseBuffers& buf,
                     const std::string& where) {
    args.in = buf.In(0);
    args.out = buf.Out(0);
    Check(cudaMemsetAsync(buf.Out(0), 0xFF, buf.Bytes(), m_stream), "poison");
    Check(rung.Run(args), "launch " + where);
    Check(cudaStreamSynchronize(m_stream), "run " + where);
    Check(cudaMemcpy(m_host_out, buf.Out(0), buf.Bytes(), cudaMemcpyDeviceToHost), "download");
    return rung.IsCopy()
               ? CheckCopy(c, m_host_out)
               : CheckScan(c, args.inclusive, m_host_out, kFloatTolerance, rung.IndependentTile());
  }

  // `warmup` untimed runs, then `repeats` runs each between two events, each on the next set.
  std::vector<double> TimedRuns(Rung& rung, ScanArgs args, const CaseBuffers& buf, int warmup,
                                int repeats, const std::string& where) {
    for (int w = 0; w < warmup; ++w) {
      args.in = buf.In(w);
      args.out = buf.Out(w);
      Check(rung.Run(args), "warm-up " + where);
    }
    Check(cudaStreamSynchronize(m_stream), "warm-up " + where);
    std::vector<double> us;
    for (int r = 0; r < repeats; ++r) {
      args.in = buf.In(r + 1);
      args.out = buf.Out(r + 1);
      Check(cudaEventRecord(m_ev0, m_stream), "cudaEventRecord");
      Check(rung.Run(args), "timed " + where);
      Check(cudaEventRecord(m_ev1, m_stream), "cudaEventRecord");
      Check(cudaEventSynchronize(m_ev1), "timed " + where);
      float ms = 0;
      Check(cudaEventElapsedTime(&ms, m_ev0, m_ev1), "cudaEventElapsedTime");
      us.push_back(1000.0 * ms);
    }
    return us;
  }

 private:
  void Release() {
    if (m_host_out) cudaFreeHost(m_host_out);
    if (m_ev0) cudaEventDestroy(m_ev0);
    if (m_ev1) cudaEventDestroy(m_ev1);
    if (m_stream) cudaStreamDestroy(m_stream);
  }
  cudaStream_t m_stream = nullptr;
  cudaEvent_t m_ev0 = nullptr, m_ev1 = nullptr;
  void* m_host_out = nullptr;
};

BenchMeasurement MeasureRung(Session& session, Rung& rung, const HostCase& c,
                             const CaseBuffers& buf, bool inclusive, bool timed,
                             const BenchRunOptions& plan) {
  BenchMeasurement m;
  m.type = TypeName(c.type);
  m.mode = ModeName(inclusive);
  m.n = c.n;
  m.rung = rung.Name();
  m.timed = timed;
  m.rotation_sets = buf.Sets();
  ScanArgs args;
  args.n = static_cast<int>(c.n);
  args.type = c.type == ElementType::kInt32 ? Dtype::kInt32 : Dtype::kFloat32;
  args.inclusive = inclusive;
  args.stream = session.Stream();
  const std::string where = m.rung + " " + m.type + " " + m.mode + " n=" + std::to_string(c.n);
  const Verdict v = session.CheckedRun(rung, args, c, buf, where);
  m.correct = v.correct;
  m.rel_err = v.rel_err;
  m.mismatches = v.mismatches;
  m.first_bad = v.first_bad;
  if (!timed) return m;
  const TimingSummary t =
      Summarise(session.TimedRuns(rung, args, buf, plan.warmup, plan.repeats, where));
  m.time_us_median = t.median_us;
  m.time_us_min = t.min_us;
  m.time_us_max = t.max_us;
  m.gbps = ScanGbps(c.n, t.median_us);
  if (m.rung[0] == 'e') {  // the racy kind of kernel: check again after it ran hot
    const Verdict again = session.CheckedRun(rung, args, c, buf, where);
    m.recheck_correct = again.correct;
    m.correct = m.correct && again.correct;
  }
  return m;
}

}  // namespace

std::string MakeRungs(const std::vector<std::string>& names,
                      std::vector<std::unique_ptr<Rung>>* rungs) {
  const std::vector<std::string> wanted = names.empty() ? LadderNames() : names;
  std::vector<std::string> made;
  for (const std::string& name : wanted) {
    if (std::find(made.begin(), made.end(), name) != made.end()) continue;  // "a,a": once
    std::unique_ptr<Rung> r = MakeRung(name);
    if (!r) {
      std::string known;
      for (const std::string& k : RungNames()) known += (known.empty() ? "" : " ") + k;
      return "unknown rung '" + name + "' (known: " + known + ")";
    }
    made.push_back(name);
    rungs->push_back(std::move(r));
  }
  return {};
}

void MeasureAll(const BenchRunOptions& plan, long long l2_bytes,
                const std::vector<std::unique_ptr<Rung>>& rungs, BenchResults* results,
                std::ostream& out) {
  const std::vector<PlannedSize> sizes = PlannedSizes(plan);
  if (sizes.empty()) return;
  Session session(sizes.back().n);
  std::uint64_t seed = 12345;
  for (const std::string& type_name : plan.types) {
    const ElementType type = type_name == "int32" ? ElementType::kInt32 : ElementType::kFloat32;
    for (const PlannedSize& size : sizes) {
      const HostCase c = MakeCase(type, size.n, ++seed);
      const CaseBuffers buf(c, RotationSets(2 * size.n * 4, l2_bytes, size.timed));
      for (const std::string& mode : plan.modes) {
        for (const std::unique_ptr<Rung>& rung : rungs) {
          BenchMeasurement m =
              MeasureRung(session, *rung, c, buf, mode == "inclusive", size.timed, plan);
          if (!m.correct) out << CheckFailureLine(m) << "\n" << std::flush;
          results->measurements.push_back(std::move(m));
        }
      }
      if (size.timed) {
        out << "  done " << type_name << " n=2^"
            << static_cast<int>(std::log2(static_cast<double>(size.n))) << "\n"
            << std::flush;
      }
    }
  }
}

}  // namespace scanviz::perf
