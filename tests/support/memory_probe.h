// What loading a file costs in memory, measured in a fresh process: how much its peak resident
// memory grew while the loader ran, and whether the loader returned (with its error) or the
// process died (std::bad_alloc's abort), optionally with little address space left (RLIMIT_AS).
//
// The process is a gtest death test in the "threadsafe" style, which runs the test program again
// up to the check: a fork of the test program would hold the memory earlier tests freed, which
// malloc hands out again without asking for more, so neither measure would hold.
//
// Under a sanitizer both measures mean nothing (ASan maps terabytes of shadow and keeps freed
// memory in quarantine): the tests that use them skip themselves where kSanitized.
#pragma once

#include <gtest/gtest.h>
#include <sys/resource.h>
#include <unistd.h>

#include <cstdio>
#include <functional>
#include <string>

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define SCANVIZ_TEST_SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer) || \
    __has_feature(memory_sanitizer)
#define SCANVIZ_TEST_SANITIZED 1
#endif
#endif

namespace scanviz::testing {

#ifdef SCANVIZ_TEST_SANITIZED
inline constexpr bool kSanitized = true;
#else
inline constexpr bool kSanitized = false;
#endif

namespace detail {

inline long PeakKb() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  return u.ru_maxrss;
}

// Lets the process map at most `headroom` more bytes than it has mapped now (/proc/self/statm's
// first field, in pages).
inline void LimitAddressSpace(std::size_t headroom) {
  unsigned long pages = 0;
  if (FILE* f = std::fopen("/proc/self/statm", "r")) {
    if (std::fscanf(f, "%lu", &pages) != 1) pages = 0;
    std::fclose(f);
  }
  const rlim_t limit = pages * static_cast<rlim_t>(sysconf(_SC_PAGESIZE)) + headroom;
  const rlimit r{limit, limit};
  setrlimit(RLIMIT_AS, &r);
}

}  // namespace detail

// What is wrong with a load, "" when nothing: its error, and how far its peak memory grew.
using LoadJudge = std::function<std::string(const std::string& error, long peak_growth_kb)>;

// Runs `load` (which returns its loader's error) in a fresh process, with at most
// `headroom_bytes` more address space where nonzero, and fails the test with what `judge` says,
// or where the process dies.
inline void ExpectLoadInFreshProcess(const std::function<std::string()>& load,
                                     const LoadJudge& judge, std::size_t headroom_bytes = 0) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_EXIT(
      {
        if (headroom_bytes > 0) detail::LimitAddressSpace(headroom_bytes);
        const long before = detail::PeakKb();
        const std::string error = load();
        const std::string wrong = judge(error, detail::PeakKb() - before);
        std::fprintf(stderr, "%s\n", wrong.empty() ? "as expected" : wrong.c_str());
        std::fflush(stderr);
        _exit(wrong.empty() ? 0 : 1);
      },
      ::testing::ExitedWithCode(0), "as expected");
}

}  // namespace scanviz::testing
