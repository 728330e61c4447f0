// How scanviz-cli exits: 0 ok, 1 failed (a check, CUDA, a file), 2 a usage error, reported as
// one line on stderr that names the option.
#pragma once

#include <iostream>
#include <string>

namespace scanviz::cli {

inline constexpr int kExitOk = 0;
inline constexpr int kExitFailed = 1;
inline constexpr int kExitUsage = 2;

inline int UsageError(const std::string& message) {
  std::cerr << "scanviz-cli: error: " << message << '\n';
  return kExitUsage;
}

}  // namespace scanviz::cli
