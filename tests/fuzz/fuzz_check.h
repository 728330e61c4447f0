// What the fuzz targets share: a check that stops the run with a message when an invariant
// beyond "no crash" fails. libFuzzer treats the abort as a crash and keeps the input that made it.
#pragma once

#include <cstdio>
#include <cstdlib>
#include <string>

namespace scanviz::fuzz {

// abort() rather than an exception or a return code: libFuzzer records a finding only for a
// crash, and the message must say which invariant broke, not just where.
[[noreturn]] inline void Fail(const char* target, const std::string& what) {
  std::fprintf(stderr, "\n%s: invariant broken: %s\n", target, what.c_str());
  std::abort();
}

}  // namespace scanviz::fuzz
