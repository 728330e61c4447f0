#include "core/perf/results_file.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace scanviz::perf {

double Sig6(double v) {
  if (!std::isfinite(v)) return v;
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.6g", v);
  return std::strtod(buf, nullptr);
}

std::string ResultsReadError(const JsonRead& read) {
  switch (read.problem) {
    case JsonRead::Problem::kSyntax:
    case JsonRead::Problem::kRange:  // a number out of range (1e400)
      return "not valid JSON (" + read.error + ")";
    case JsonRead::Problem::kShape:
      return "not a results file: " + read.error;
    default:
      return read.error;
  }
}

}  // namespace scanviz::perf
