// The performance lab's driver: runs the ladder (rungs a..e) next to CUB, thrust and cudaMemcpy,
// checks every output against a CPU reference, times with CUDA events, prints the table and writes
// the JSON results file. See docs/performance.md.
#include <thrust/version.h>
#include <cub/version.cuh>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iomanip>
#include <limits>
#include <map>
#include <sstream>
#include <stdexcept>
#include <thread>

#include "perf/perf_bench.h"
#include "perf/perf_internal.cuh"

namespace scanviz::perf {
namespace {

struct CudaError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

void Check(cudaError_t e, const char* what) {
  if (e != cudaSuccess) {
    throw CudaError(std::string(what) + ": " + cudaGetErrorName(e) + " (" + cudaGetErrorString(e) +
                    ")");
  }
}

constexpr double kFloatTolerance = 1e-5;  // ||out - ref|| / ||ref||, reference in float64

// ------------------------------------------------------------------ host helpers
template <class F>
void ParallelChunks(std::size_t n, F f) {  // f(begin, end, chunk_index)
  const unsigned hw = std::max(1u, std::min(32u, std::thread::hardware_concurrency()));
  const std::size_t chunks = n < (1u << 16) ? 1 : hw;
  if (chunks == 1) {
    f(std::size_t{0}, n, 0u);
    return;
  }
  std::vector<std::thread> threads;
  for (unsigned c = 0; c < chunks; ++c) {
    const std::size_t b = n * c / chunks, e = n * (c + 1) / chunks;
    threads.emplace_back([=, &f] { f(b, e, c); });
  }
  for (auto& t : threads) t.join();
}

std::uint64_t SplitMix(std::uint64_t x) {
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

struct Verdict {
  bool correct = false;
  double rel_err = 0;        // float: ||out-ref||/||ref||; int: 0 or 1
  long long mismatches = 0;  // int: elements that differ; float: non-finite elements
  long long first_bad = -1;
};

// Input for one (type, n): fresh random data (int32: any 32-bit value; float: uniform [0, 1)),
// never zeros, and the inclusive reference (int32 wrapping; float in float64).
struct HostCase {
  int n = 0;
  std::vector<std::int32_t> in_i;
  std::vector<float> in_f;
  std::vector<std::uint32_t> ref_i;
  std::vector<double> ref_f;
};

void MakeCase(Dtype type, int n, std::uint64_t seed, HostCase* c) {
  c->n = n;
  if (type == Dtype::kInt32) {
    c->in_i.resize(n);
    ParallelChunks(n, [&](std::size_t b, std::size_t e, unsigned) {
      for (std::size_t i = b; i < e; ++i)
        c->in_i[i] = static_cast<std::int32_t>(SplitMix(seed * 0x100000001ull + i));
    });
    c->ref_i.resize(n);
    std::uint32_t s = 0;
    for (int i = 0; i < n; ++i) c->ref_i[i] = s += static_cast<std::uint32_t>(c->in_i[i]);
  } else {
    c->in_f.resize(n);
    ParallelChunks(n, [&](std::size_t b, std::size_t e, unsigned) {
      for (std::size_t i = b; i < e; ++i) {
        c->in_f[i] =
            static_cast<float>(SplitMix(seed * 0x100000001ull + i) >> 40) * (1.0f / 16777216.0f);
      }
    });
    c->ref_f.resize(n);
    double s = 0;
    for (int i = 0; i < n; ++i) c->ref_f[i] = s += static_cast<double>(c->in_f[i]);
  }
}

Verdict CheckCopy(const HostCase& c, Dtype type, const void* out) {
  Verdict v;
  const void* in = type == Dtype::kInt32 ? static_cast<const void*>(c.in_i.data()) : c.in_f.data();
  v.correct = std::memcmp(in, out, static_cast<std::size_t>(c.n) * 4) == 0;
  v.rel_err = v.correct ? 0 : 1;
  return v;
}

Verdict CheckScan(const HostCase& c, Dtype type, bool inclusive, const void* out) {
  const int n = c.n;
  const unsigned hw = std::max(1u, std::min(32u, std::thread::hardware_concurrency()));
  std::vector<double> num(hw, 0), den(hw, 0);
  std::vector<long long> bad(hw, 0), first(hw, -1);
  if (type == Dtype::kInt32) {
    const auto* o = static_cast<const std::uint32_t*>(out);
    ParallelChunks(n, [&](std::size_t b, std::size_t e, unsigned t) {
      for (std::size_t i = b; i < e; ++i) {
        const std::uint32_t want = inclusive ? c.ref_i[i] : (i == 0 ? 0u : c.ref_i[i - 1]);
        if (o[i] != want) {
          if (bad[t]++ == 0) first[t] = static_cast<long long>(i);
        }
      }
    });
  } else {
    const auto* o = static_cast<const float*>(out);
    ParallelChunks(n, [&](std::size_t b, std::size_t e, unsigned t) {
      double nu = 0, de = 0;
      for (std::size_t i = b; i < e; ++i) {
        const double want = inclusive ? c.ref_f[i] : (i == 0 ? 0.0 : c.ref_f[i - 1]);
        const double got = o[i];
        if (!std::isfinite(got)) {
          if (bad[t]++ == 0) first[t] = static_cast<long long>(i);
          continue;
        }
        nu += (got - want) * (got - want);
        de += want * want;
      }
      num[t] = nu;
      den[t] = de;
    });
  }
  Verdict v;
  double nu = 0, de = 0;
  for (unsigned t = 0; t < hw; ++t) {
    nu += num[t];
    de += den[t];
    v.mismatches += bad[t];
    if (first[t] >= 0 && (v.first_bad < 0 || first[t] < v.first_bad)) v.first_bad = first[t];
  }
  if (type == Dtype::kInt32) {
    v.rel_err = v.mismatches ? 1 : 0;
    v.correct = v.mismatches == 0;
  } else {
    v.rel_err = de > 0 ? std::sqrt(nu / de) : std::sqrt(nu);
    v.correct = v.mismatches == 0 && v.rel_err < kFloatTolerance;
  }
  return v;
}

// ------------------------------------------------------------------ results
struct Result {
  std::string type, mode, rung;
  long long n = 0;
  bool timed = false;
  int rotation_sets = 1;
  double median_us = 0, min_us = 0, max_us = 0;
  double gbps = 0;  // 2 * n * 4 bytes / median time
  double pct_memcpy = std::nan("");
  double ratio_vs_cub = std::nan("");
  Verdict verdict;
  Verdict recheck;  // second poisoned run after timing (look-back rungs)
  bool rechecked = false;
};

struct DeviceInfo {
  std::string name;
  int device = 0, sm_count = 0, cc_major = 0, cc_minor = 0;
  int clock_khz = 0, mem_clock_khz = 0, bus_width = 0, l2_bytes = 0;
  long long global_mem = 0;
  int driver = 0, runtime = 0;
};

std::string JsonEscape(const std::string& s) {
  std::string r;
  for (char ch : s) {
    if (ch == '"' || ch == '\\') {
      r += '\\';
      r += ch;
    } else if (static_cast<unsigned char>(ch) < 0x20) {
      r += ' ';
    } else {
      r += ch;
    }
  }
  return r;
}

std::string Num(double v) {
  if (!std::isfinite(v)) return "null";
  std::ostringstream o;
  o << std::setprecision(6) << v;
  return o.str();
}

std::string Key(const std::string& type, const std::string& mode, long long n,
                const std::string& rung) {
  return type + "|" + mode + "|" + std::to_string(n) + "|" + rung;
}

struct CrossoverPoint {
  long long n;
  double a_gbps, b_gbps;
  std::string winner;
};

}  // namespace

int RunBench(const BenchOptions& options, std::ostream& out, std::string* error) {
  // -------------------------------------------------------------- device
  DeviceInfo dev;
  {
    int count = 0;
    cudaError_t e = cudaGetDeviceCount(&count);
    if (e != cudaSuccess || count == 0) {
      if (error)
        *error = std::string("no usable CUDA device: ") +
                 (e != cudaSuccess ? cudaGetErrorString(e) : "0 devices");
      return 2;
    }
    e = cudaSetDevice(0);
    cudaDeviceProp prop{};
    if (e == cudaSuccess) e = cudaGetDeviceProperties(&prop, 0);
    if (e != cudaSuccess) {
      if (error) *error = std::string("no usable CUDA device: ") + cudaGetErrorString(e);
      return 2;
    }
    dev.name = prop.name;
    dev.sm_count = prop.multiProcessorCount;
    dev.cc_major = prop.major;
    dev.cc_minor = prop.minor;
    dev.l2_bytes = prop.l2CacheSize;
    dev.global_mem = static_cast<long long>(prop.totalGlobalMem);
    cudaDeviceGetAttribute(&dev.clock_khz, cudaDevAttrClockRate, 0);
    cudaDeviceGetAttribute(&dev.mem_clock_khz, cudaDevAttrMemoryClockRate, 0);
    cudaDeviceGetAttribute(&dev.bus_width, cudaDevAttrGlobalMemoryBusWidth, 0);
    cudaDriverGetVersion(&dev.driver);
    cudaRuntimeGetVersion(&dev.runtime);
    cudaGetLastError();
  }

  // -------------------------------------------------------------- rungs
  std::vector<std::string> names = options.rungs;
  if (names.empty()) names = LadderNames();
  std::vector<std::unique_ptr<Rung>> rungs;
  for (const auto& nm : names) {
    std::unique_ptr<Rung> r = MakeRung(nm);
    if (!r) {
      std::string known;
      for (const auto& v : RungNames()) known += (known.empty() ? "" : " ") + v;
      if (error) *error = "unknown rung '" + nm + "' (known: " + known + ")";
      out << "unknown rung '" << nm << "' (known: " << known << ")\n";
      return 1;
    }
    rungs.push_back(std::move(r));
  }

  // -------------------------------------------------------------- sizes
  const int min_log2 = std::clamp(options.min_log2, 0, 28);
  const int max_log2 = std::clamp(options.max_log2, min_log2, 28);
  std::map<long long, bool> sizes;  // n -> timed
  for (int k = min_log2; k <= max_log2; ++k) sizes[1LL << k] = true;
  for (long long extra : {1LL, 3LL, 31LL, 1000LL, 1337LL, 4095LL, 4097LL, 65537LL, 1000003LL,
                          (1LL << 20) + 1, (1LL << 24) - 3}) {
    if (extra < (2LL << max_log2) && !sizes.count(extra)) sizes[extra] = false;
  }
  std::vector<Dtype> types;
  if (options.int32) types.push_back(Dtype::kInt32);
  if (options.float32) types.push_back(Dtype::kFloat32);
  std::vector<bool> modes;
  if (options.inclusive) modes.push_back(true);
  if (options.exclusive) modes.push_back(false);
  const int repeats = std::max(1, options.repeats);
  constexpr int kWarmup = 3;

  out << "ScanViz perf lab on " << dev.name << " (" << dev.sm_count << " SMs, cc " << dev.cc_major
      << "." << dev.cc_minor << ", L2 " << dev.l2_bytes / (1 << 20) << " MiB, SM clock "
      << dev.clock_khz / 1000 << " MHz, driver " << dev.driver << ", runtime " << dev.runtime
      << ")\n";
  for (const auto& r : rungs)
    out << "  " << std::setw(8) << r->Name() << ": " << r->Description() << "\n";
  out << std::flush;

  std::vector<Result> results;
  std::string fatal;
  bool all_correct = true;
  try {
    cudaStream_t stream;
    Check(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking), "cudaStreamCreate");
    cudaEvent_t ev0, ev1;
    Check(cudaEventCreate(&ev0), "cudaEventCreate");
    Check(cudaEventCreate(&ev1), "cudaEventCreate");
    const long long max_n = sizes.rbegin()->first;
    void* host_out = nullptr;
    Check(cudaMallocHost(&host_out, static_cast<std::size_t>(max_n) * 4 + 16), "cudaMallocHost");

    std::uint64_t seed = 12345;
    for (Dtype type : types) {
      const std::string tname = type == Dtype::kInt32 ? "int32" : "float32";
      for (const auto& [n, timed] : sizes) {
        HostCase hc;
        MakeCase(type, static_cast<int>(n), ++seed, &hc);
        const std::size_t bytes = static_cast<std::size_t>(n) * 4;
        const std::size_t set_bytes = 2 * bytes;
        int sets = 1;  // rotate input/output buffers while the data would stay in L2
        if (timed && set_bytes < 2 * static_cast<std::size_t>(dev.l2_bytes)) {
          sets = static_cast<int>(std::min<std::size_t>(
              64, (3 * static_cast<std::size_t>(dev.l2_bytes) + set_bytes - 1) / set_bytes));
        }
        std::vector<void*> d_in(sets, nullptr), d_out(sets, nullptr);
        for (int s = 0; s < sets; ++s) {
          Check(cudaMalloc(&d_in[s], bytes), "cudaMalloc(in)");
          Check(cudaMalloc(&d_out[s], bytes), "cudaMalloc(out)");
        }
        const void* src =
            type == Dtype::kInt32 ? static_cast<const void*>(hc.in_i.data()) : hc.in_f.data();
        Check(cudaMemcpy(d_in[0], src, bytes, cudaMemcpyHostToDevice), "upload");
        for (int s = 1; s < sets; ++s)
          Check(cudaMemcpy(d_in[s], d_in[0], bytes, cudaMemcpyDeviceToDevice), "copy sets");
        for (int s = 0; s < sets; ++s) Check(cudaMemset(d_out[s], 0xFF, bytes), "poison");
        Check(cudaDeviceSynchronize(), "setup");

        for (bool inclusive : modes) {
          const std::string mname = inclusive ? "inclusive" : "exclusive";
          for (auto& rung : rungs) {
            Result res;
            res.type = tname;
            res.mode = mname;
            res.rung = rung->Name();
            res.n = n;
            res.timed = timed;
            res.rotation_sets = sets;
            ScanArgs args;
            args.n = static_cast<int>(n);
            args.type = type;
            args.inclusive = inclusive;
            args.stream = stream;
            const std::string where =
                rung->Name() + " " + tname + " " + mname + " n=" + std::to_string(n);
            auto checked_run = [&](Verdict* v) {
              args.in = d_in[0];
              args.out = d_out[0];
              Check(cudaMemsetAsync(d_out[0], 0xFF, bytes, stream), "poison");
              Check(rung->Run(args), ("launch " + where).c_str());
              Check(cudaStreamSynchronize(stream), ("run " + where).c_str());
              Check(cudaMemcpy(host_out, d_out[0], bytes, cudaMemcpyDeviceToHost), "download");
              *v = rung->IsCopy() ? CheckCopy(hc, type, host_out)
                                  : CheckScan(hc, type, inclusive, host_out);
            };
            checked_run(&res.verdict);
            if (timed) {
              for (int w = 0; w < kWarmup; ++w) {
                args.in = d_in[w % sets];
                args.out = d_out[w % sets];
                Check(rung->Run(args), ("warm-up " + where).c_str());
              }
              Check(cudaStreamSynchronize(stream), ("warm-up " + where).c_str());
              std::vector<double> us;
              for (int r = 0; r < repeats; ++r) {
                args.in = d_in[(r + 1) % sets];
                args.out = d_out[(r + 1) % sets];
                Check(cudaEventRecord(ev0, stream), "cudaEventRecord");
                Check(rung->Run(args), ("timed " + where).c_str());
                Check(cudaEventRecord(ev1, stream), "cudaEventRecord");
                Check(cudaEventSynchronize(ev1), ("timed " + where).c_str());
                float ms = 0;
                Check(cudaEventElapsedTime(&ms, ev0, ev1), "cudaEventElapsedTime");
                us.push_back(1000.0 * ms);
              }
              std::sort(us.begin(), us.end());
              res.median_us = us.size() % 2 ? us[us.size() / 2]
                                            : 0.5 * (us[us.size() / 2 - 1] + us[us.size() / 2]);
              res.min_us = us.front();
              res.max_us = us.back();
              res.gbps = 2.0 * static_cast<double>(bytes) / (res.median_us * 1e-6) / 1e9;
              if (res.rung[0] == 'e') {  // the racy kind of kernel: check again after it ran hot
                checked_run(&res.recheck);
                res.rechecked = true;
              }
            }
            const bool ok = res.verdict.correct && (!res.rechecked || res.recheck.correct);
            if (!ok) {
              all_correct = false;
              out << "CHECK FAILED: " << where << " rel_err=" << res.verdict.rel_err
                  << " mismatches=" << res.verdict.mismatches
                  << " first_bad=" << res.verdict.first_bad
                  << (res.rechecked
                          ? " (recheck " + std::string(res.recheck.correct ? "ok" : "FAILED") + ")"
                          : "")
                  << "\n"
                  << std::flush;
            }
            results.push_back(res);
          }
        }
        for (int s = 0; s < sets; ++s) {
          Check(cudaFree(d_in[s]), "cudaFree");
          Check(cudaFree(d_out[s]), "cudaFree");
        }
        if (timed)
          out << "  done " << tname << " n=2^"
              << static_cast<int>(std::log2(static_cast<double>(n))) << "\n"
              << std::flush;
      }
    }
    cudaFreeHost(host_out);
    cudaEventDestroy(ev0);
    cudaEventDestroy(ev1);
    cudaStreamDestroy(stream);
  } catch (const std::exception& ex) {
    fatal = ex.what();
    all_correct = false;
    out << "FATAL: " << fatal << "\n";
  }

  // -------------------------------------------------------------- derived numbers
  std::map<std::string, const Result*> index;
  for (const auto& r : results) index[Key(r.type, r.mode, r.n, r.rung)] = &r;
  auto find = [&](const std::string& t, const std::string& m, long long n,
                  const std::string& rung) -> const Result* {
    auto it = index.find(Key(t, m, n, rung));
    return it == index.end() ? nullptr : it->second;
  };
  for (auto& r : results) {
    if (!r.timed) continue;
    if (const Result* c = find(r.type, r.mode, r.n, "memcpy"))
      r.pct_memcpy = 100.0 * r.gbps / c->gbps;
    if (const Result* c = find(r.type, r.mode, r.n, "cub")) r.ratio_vs_cub = r.gbps / c->gbps;
  }

  // -------------------------------------------------------------- table
  out << "\n"
      << std::left << std::setw(8) << "type" << std::setw(10) << "mode" << std::right
      << std::setw(11) << "n"
      << "  " << std::left << std::setw(9) << "rung" << std::right << std::setw(11) << "time_us"
      << std::setw(10) << "GB/s" << std::setw(10) << "%memcpy" << std::setw(8) << "xCUB"
      << "  check\n";
  for (const auto& r : results) {
    if (!r.timed) continue;
    out << std::left << std::setw(8) << r.type << std::setw(10) << r.mode << std::right
        << std::setw(11) << r.n << "  " << std::left << std::setw(9) << r.rung << std::right
        << std::fixed << std::setprecision(2) << std::setw(11) << r.median_us
        << std::setprecision(1) << std::setw(10) << r.gbps << std::setw(10) << r.pct_memcpy
        << std::setprecision(2) << std::setw(8) << r.ratio_vs_cub << "  "
        << (r.verdict.correct && (!r.rechecked || r.recheck.correct) ? "ok" : "FAIL") << "\n";
  }
  out.unsetf(std::ios::floatfield);
  {
    long long checks = 0, failed = 0;
    for (const auto& r : results) {
      ++checks;
      if (!(r.verdict.correct && (!r.rechecked || r.recheck.correct))) ++failed;
    }
    out << "\ncorrectness: " << checks - failed << " / " << checks
        << " checks passed (all rungs, both types and modes, every size incl. non-powers of two)\n";
  }

  // crossover a vs b
  struct Crossover {
    std::string type, mode;
    std::vector<CrossoverPoint> points;
    std::vector<long long> switches;
  };
  std::vector<Crossover> crossovers;
  for (Dtype type : types) {
    for (bool inclusive : modes) {
      Crossover c;
      c.type = type == Dtype::kInt32 ? "int32" : "float32";
      c.mode = inclusive ? "inclusive" : "exclusive";
      for (const auto& [n, timed] : sizes) {
        if (!timed) continue;
        const Result* a = find(c.type, c.mode, n, "a");
        const Result* b = find(c.type, c.mode, n, "b");
        if (!a || !b) continue;
        c.points.push_back({n, a->gbps, b->gbps, a->gbps >= b->gbps ? "a" : "b"});
        if (c.points.size() > 1 && c.points[c.points.size() - 2].winner != c.points.back().winner)
          c.switches.push_back(n);
      }
      if (!c.points.empty()) crossovers.push_back(c);
    }
  }
  for (const auto& c : crossovers) {
    out << "\ncrossover Hillis-Steele (a) vs Blelloch (b), " << c.type << " " << c.mode << ":";
    for (const auto& p : c.points) {
      out << " 2^" << static_cast<int>(std::log2(static_cast<double>(p.n))) << ":" << p.winner;
    }
    out << "  | winner changes at n =";
    if (c.switches.empty()) out << " (none)";
    for (long long s : c.switches) out << " " << s;
    out << "\n";
  }

  // compact summary: int32 inclusive GB/s
  {
    std::vector<std::string> cols;
    for (const auto& r : rungs) cols.push_back(r->Name());
    for (const char* t : {"int32", "float32"}) {
      const std::string mode = "inclusive";
      bool any = false;
      for (const auto& r : results) any |= r.timed && r.type == t && r.mode == mode;
      if (!any) continue;
      out << "\nsummary " << t << " " << mode << ": GB/s (read+write) [median us]\n"
          << std::setw(10) << "n";
      for (const auto& c : cols) out << std::setw(17) << c;
      out << "\n";
      for (const auto& [n, timed] : sizes) {
        if (!timed) continue;
        out << std::setw(10) << n;
        for (const auto& c : cols) {
          const Result* r = find(t, mode, n, c);
          std::ostringstream cell;
          if (r)
            cell << std::fixed << std::setprecision(0) << r->gbps << " [" << std::setprecision(1)
                 << r->median_us << "]";
          out << std::setw(17) << cell.str();
        }
        out << "\n";
      }
    }
  }

  // targets (int32 inclusive)
  std::ostringstream targets_json;
  {
    const std::string t = "int32", m = "inclusive";
    const long long big = 1LL << max_log2;
    const Result* e = find(t, m, big, "e");
    const Result* cub = find(t, m, big, "cub");
    const Result* mc = find(t, m, big, "memcpy");
    out << "\ntargets (int32 inclusive):\n";
    targets_json << "{";
    if (e && cub && mc) {
      const double pct = 100.0 * e->gbps / mc->gbps, ratio = e->gbps / cub->gbps;
      out << "  n=" << big << ": e " << e->gbps << " GB/s = " << pct << "% of memcpy (" << mc->gbps
          << " GB/s) [target >= 85%: " << (pct >= 85 ? "MET" : "MISSED") << "]; " << ratio
          << "x CUB (" << cub->gbps
          << " GB/s) [target >= 1.10: " << (ratio >= 1.10 ? "MET" : "MISSED") << "]\n";
      targets_json << "\"large_n\":" << big << ",\"e_pct_memcpy\":" << Num(pct)
                   << ",\"e_ratio_vs_cub\":" << Num(ratio)
                   << ",\"pct_met\":" << (pct >= 85 ? "true" : "false")
                   << ",\"cub_met\":" << (ratio >= 1.10 ? "true" : "false") << ",";
    }
    bool latency_ok = true, any_small = false;
    targets_json << "\"small_n_latency\":[";
    bool first = true;
    for (const auto& [n, timed] : sizes) {
      if (!timed || n > (1LL << 16)) continue;
      const Result* es = find(t, m, n, "e");
      const Result* cs = find(t, m, n, "cub");
      if (!es || !cs) continue;
      any_small = true;
      const bool ok = es->median_us < cs->median_us;
      latency_ok &= ok;
      out << "  n=" << n << ": e " << es->median_us << " us vs CUB " << cs->median_us << " us "
          << (ok ? "(e faster)" : "(CUB faster)") << "\n";
      targets_json << (first ? "" : ",") << "{\"n\":" << n << ",\"e_us\":" << Num(es->median_us)
                   << ",\"cub_us\":" << Num(cs->median_us) << "}";
      first = false;
    }
    targets_json << "],\"small_n_latency_met\":" << (any_small && latency_ok ? "true" : "false");
    if (any_small) out << "  small-n latency target: " << (latency_ok ? "MET" : "MISSED") << "\n";
    const long long mid = 1LL << 24;
    bool monotone = true, have_all = true;
    double prev = 0;
    out << "  n=2^24 ladder:";
    targets_json << ",\"ladder_2_24\":{";
    first = true;
    for (const char* rn : {"a", "b", "c", "d", "e"}) {
      const Result* r = find(t, m, mid, rn);
      if (!r) {
        have_all = false;
        continue;
      }
      out << " " << rn << "=" << std::fixed << std::setprecision(0) << r->gbps;
      out.unsetf(std::ios::floatfield);
      if (r->gbps < prev) monotone = false;
      prev = r->gbps;
      targets_json << (first ? "" : ",") << "\"" << rn << "\":" << Num(r->gbps);
      first = false;
    }
    targets_json << "},\"ladder_monotone_met\":" << (have_all && monotone ? "true" : "false");
    out << " GB/s [each >= previous: " << (have_all ? (monotone ? "MET" : "MISSED") : "n/a")
        << "]\n";
    targets_json << ",\"all_correct\":" << (all_correct ? "true" : "false") << "}";
    out << "  all correct: " << (all_correct ? "yes" : "NO") << "\n";
  }

  // -------------------------------------------------------------- JSON
  if (!options.json_path.empty()) {
    std::ofstream js(options.json_path);
    if (!js) {
      out << "cannot write " << options.json_path << "\n";
    } else {
      js << "{\n\"schema\":\"scanviz-perf/1\",\n\"device\":{\"name\":\"" << JsonEscape(dev.name)
         << "\",\"sm_count\":" << dev.sm_count << ",\"compute_capability\":\"" << dev.cc_major
         << "." << dev.cc_minor << "\",\"sm_clock_khz\":" << dev.clock_khz
         << ",\"mem_clock_khz\":" << dev.mem_clock_khz
         << ",\"mem_bus_width_bits\":" << dev.bus_width << ",\"l2_bytes\":" << dev.l2_bytes
         << ",\"global_mem_bytes\":" << dev.global_mem << ",\"driver_version\":" << dev.driver
         << ",\"runtime_version\":" << dev.runtime << ",\"cub_version\":" << CUB_VERSION
         << ",\"thrust_version\":" << THRUST_VERSION << "},\n\"options\":{\"min_log2\":" << min_log2
         << ",\"max_log2\":" << max_log2 << ",\"repeats\":" << repeats << ",\"warmup\":" << kWarmup
         << ",\"float_tolerance\":" << kFloatTolerance
         << ",\"throughput\":\"2*n*sizeof(T)/median_time (bytes read + bytes "
            "written)\"},\n\"rungs\":[";
      for (std::size_t i = 0; i < rungs.size(); ++i) {
        js << (i ? "," : "") << "{\"name\":\"" << rungs[i]->Name() << "\",\"description\":\""
           << JsonEscape(rungs[i]->Description()) << "\"}";
      }
      js << "],\n\"measurements\":[\n";
      bool first = true;
      for (const auto& r : results) {
        js << (first ? "" : ",\n") << "{\"type\":\"" << r.type << "\",\"mode\":\"" << r.mode
           << "\",\"n\":" << r.n << ",\"rung\":\"" << r.rung
           << "\",\"timed\":" << (r.timed ? "true" : "false");
        if (r.timed) {
          js << ",\"time_us_median\":" << Num(r.median_us) << ",\"time_us_min\":" << Num(r.min_us)
             << ",\"time_us_max\":" << Num(r.max_us) << ",\"gbps\":" << Num(r.gbps)
             << ",\"pct_memcpy\":" << Num(r.pct_memcpy)
             << ",\"ratio_vs_cub\":" << Num(r.ratio_vs_cub)
             << ",\"rotation_sets\":" << r.rotation_sets;
        }
        js << ",\"correct\":"
           << (r.verdict.correct && (!r.rechecked || r.recheck.correct) ? "true" : "false")
           << ",\"rel_err\":" << Num(r.verdict.rel_err)
           << ",\"mismatches\":" << r.verdict.mismatches;
        if (r.rechecked) js << ",\"recheck_correct\":" << (r.recheck.correct ? "true" : "false");
        js << "}";
        first = false;
      }
      js << "\n],\n\"crossover\":[";
      for (std::size_t i = 0; i < crossovers.size(); ++i) {
        const auto& c = crossovers[i];
        js << (i ? ",\n" : "\n") << "{\"type\":\"" << c.type << "\",\"mode\":\"" << c.mode
           << "\",\"points\":[";
        for (std::size_t k = 0; k < c.points.size(); ++k) {
          const auto& p = c.points[k];
          js << (k ? "," : "") << "{\"n\":" << p.n << ",\"a_gbps\":" << Num(p.a_gbps)
             << ",\"b_gbps\":" << Num(p.b_gbps) << ",\"winner\":\"" << p.winner << "\"}";
        }
        js << "],\"winner_changes_at\":[";
        for (std::size_t k = 0; k < c.switches.size(); ++k) js << (k ? "," : "") << c.switches[k];
        js << "]}";
      }
      js << "\n],\n\"targets\":" << targets_json.str()
         << ",\n\"fatal\":" << (fatal.empty() ? "null" : "\"" + JsonEscape(fatal) + "\"")
         << ",\n\"all_correct\":" << (all_correct ? "true" : "false") << "\n}\n";
      out << "wrote " << options.json_path << "\n";
    }
  }
  if (!fatal.empty() && error) *error = fatal;
  return all_correct ? 0 : 1;
}

}  // namespace scanviz::perf
