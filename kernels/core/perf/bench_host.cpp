#include "core/perf/bench_host.h"

#include <algorithm>
#include <cmath>
#include <ctime>
#include <thread>

namespace scanviz::perf {

namespace {

// f(begin, end, chunk) over [0, n) in one chunk per hardware thread (one below 2^16 elements).
template <class F>
void ParallelChunks(std::size_t n, unsigned chunks, F f) {
  if (chunks <= 1 || n < (1u << 16)) {
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

unsigned Chunks() {
  return std::max(1u, std::min(32u, std::thread::hardware_concurrency()));
}

std::uint64_t SplitMix(std::uint64_t x) {
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

}  // namespace

BenchRunOptions PlanRun(int min_log2, int max_log2, int repeats, std::vector<std::string> types,
                        std::vector<std::string> modes) {
  BenchRunOptions o;
  o.min_log2 = std::clamp(min_log2, 0, kMaxBenchLog2);
  o.max_log2 = std::clamp(max_log2, o.min_log2, kMaxBenchLog2);
  for (int k = o.min_log2; k <= o.max_log2; ++k) o.timed_sizes.push_back(1LL << k);
  for (long long extra : {1LL, 3LL, 31LL, 1000LL, 1337LL, 4095LL, 4097LL, 65537LL, 1000003LL,
                          (1LL << 20) + 1, (1LL << 24) - 3}) {
    const bool timed =
        std::find(o.timed_sizes.begin(), o.timed_sizes.end(), extra) != o.timed_sizes.end();
    if (extra < (2LL << o.max_log2) && !timed) o.check_sizes.push_back(extra);
  }
  o.repeats = std::max(1, repeats);
  o.warmup = kBenchWarmup;
  o.types = std::move(types);
  o.modes = std::move(modes);
  o.float_tolerance = kFloatTolerance;
  o.throughput = kThroughput;
  return o;
}

std::vector<PlannedSize> PlannedSizes(const BenchRunOptions& options) {
  std::vector<PlannedSize> out;
  for (long long n : options.timed_sizes) out.push_back({n, true});
  for (long long n : options.check_sizes) out.push_back({n, false});
  std::sort(out.begin(), out.end(),
            [](const PlannedSize& a, const PlannedSize& b) { return a.n < b.n; });
  return out;
}

const void* HostCase::Input() const {
  return type == ElementType::kInt32 ? static_cast<const void*>(in_i.data()) : in_f.data();
}

HostCase MakeCase(ElementType type, long long n, std::uint64_t seed) {
  HostCase c;
  c.type = type;
  c.n = n;
  const auto size = static_cast<std::size_t>(n);
  if (type == ElementType::kInt32) {
    c.in_i.resize(size);
    ParallelChunks(size, Chunks(), [&](std::size_t b, std::size_t e, unsigned) {
      for (std::size_t i = b; i < e; ++i)
        c.in_i[i] = static_cast<std::int32_t>(SplitMix(seed * 0x100000001ull + i));
    });
    c.ref_i.resize(size);
    std::uint32_t s = 0;
    for (std::size_t i = 0; i < size; ++i) c.ref_i[i] = s += static_cast<std::uint32_t>(c.in_i[i]);
  } else {
    c.in_f.resize(size);
    ParallelChunks(size, Chunks(), [&](std::size_t b, std::size_t e, unsigned) {
      for (std::size_t i = b; i < e; ++i) {
        c.in_f[i] =
            static_cast<float>(SplitMix(seed * 0x100000001ull + i) >> 40) * (1.0f / 16777216.0f);
      }
    });
    c.ref_f.resize(size);
    double s = 0;
    for (std::size_t i = 0; i < size; ++i) c.ref_f[i] = s += static_cast<double>(c.in_f[i]);
  }
  return c;
}

Verdict CheckCopy(const HostCase& c, const void* out) {
  const auto* want = static_cast<const std::uint32_t*>(c.Input());
  const auto* got = static_cast<const std::uint32_t*>(out);
  Verdict v;
  for (long long i = 0; i < c.n; ++i) {
    if (got[i] != want[i] && v.mismatches++ == 0) v.first_bad = i;
  }
  v.correct = v.mismatches == 0;
  v.rel_err = v.correct ? 0 : 1;
  return v;
}

Verdict CheckScan(const HostCase& c, bool inclusive, const void* out, double tolerance,
                  long long tile) {
  // The element i's tile starts at s; the sum of everything before s is taken off the reference.
  const auto start = [tile](std::size_t i) {
    return tile > 0 ? i - i % static_cast<std::size_t>(tile) : 0;
  };
  const auto n = static_cast<std::size_t>(c.n);
  const unsigned hw = Chunks();
  std::vector<double> num(hw, 0), den(hw, 0);
  std::vector<long long> bad(hw, 0), first(hw, -1);
  if (c.type == ElementType::kInt32) {
    const auto* o = static_cast<const std::uint32_t*>(out);
    ParallelChunks(n, hw, [&](std::size_t b, std::size_t e, unsigned t) {
      for (std::size_t i = b; i < e; ++i) {
        const std::size_t s = start(i);
        const std::uint32_t before = s == 0 ? 0u : c.ref_i[s - 1];
        const std::uint32_t want =
            (inclusive ? c.ref_i[i] : (i == s ? before : c.ref_i[i - 1])) - before;
        if (o[i] != want && bad[t]++ == 0) first[t] = static_cast<long long>(i);
      }
    });
  } else {
    const auto* o = static_cast<const float*>(out);
    ParallelChunks(n, hw, [&](std::size_t b, std::size_t e, unsigned t) {
      double nu = 0, de = 0;
      for (std::size_t i = b; i < e; ++i) {
        const std::size_t s = start(i);
        const double before = s == 0 ? 0.0 : c.ref_f[s - 1];
        const double want = (inclusive ? c.ref_f[i] : (i == s ? before : c.ref_f[i - 1])) - before;
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
  if (c.type == ElementType::kInt32) {
    v.rel_err = v.mismatches ? 1 : 0;
    v.correct = v.mismatches == 0;
  } else {
    v.rel_err = de > 0 ? std::sqrt(nu / de) : std::sqrt(nu);
    v.correct = v.mismatches == 0 && v.rel_err < tolerance;
  }
  return v;
}

int RotationSets(long long set_bytes, long long l2_bytes, bool timed) {
  if (!timed || set_bytes <= 0 || set_bytes >= 2 * l2_bytes) return 1;
  return static_cast<int>(std::min<long long>(64, (3 * l2_bytes + set_bytes - 1) / set_bytes));
}

TimingSummary Summarise(std::vector<double> us) {
  TimingSummary s;
  if (us.empty()) return s;
  std::sort(us.begin(), us.end());
  const std::size_t h = us.size() / 2;
  s.median_us = us.size() % 2 ? us[h] : 0.5 * (us[h - 1] + us[h]);
  s.min_us = us.front();
  s.max_us = us.back();
  return s;
}

double ScanGbps(long long n, double us) {
  return 2.0 * static_cast<double>(n) * 4.0 / (us * 1e-6) / 1e9;
}

std::string IsoUtc(std::chrono::system_clock::time_point t) {
  const std::time_t secs = std::chrono::system_clock::to_time_t(t);
  std::tm utc{};
  gmtime_r(&secs, &utc);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &utc);
  return buf;
}

const char* TypeName(ElementType type) {
  return type == ElementType::kInt32 ? "int32" : "float32";
}

const char* ModeName(bool inclusive) {
  return inclusive ? "inclusive" : "exclusive";
}

}  // namespace scanviz::perf
