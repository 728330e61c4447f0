// Standalone driver for the performance lab (not part of the scanviz_perf library target):
//   perf [--min-log2 K] [--max-log2 K] [--repeats R] [--json FILE] [--rungs a,b,e,cub]
//        [--no-int32] [--no-float32] [--no-inclusive] [--no-exclusive]
#include <cstdlib>
#include <iostream>
#include <sstream>
#include <string>

#include "perf/perf_bench.h"

namespace {

int Usage(const char* argv0) {
  std::cerr << "usage: " << argv0
            << " [--min-log2 K] [--max-log2 K] [--repeats R] [--json FILE] [--rungs "
               "a,b,c,d,e,cub,thrust,memcpy]\n"
               "       [--no-int32] [--no-float32] [--no-inclusive] [--no-exclusive]\n";
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  scanviz::perf::BenchOptions options;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    auto value = [&]() -> const char* { return i + 1 < argc ? argv[++i] : nullptr; };
    if (arg == "--min-log2" || arg == "--max-log2" || arg == "--repeats") {
      const char* v = value();
      if (!v) return Usage(argv[0]);
      const int k = std::atoi(v);
      if (arg == "--min-log2")
        options.min_log2 = k;
      else if (arg == "--max-log2")
        options.max_log2 = k;
      else
        options.repeats = k;
    } else if (arg == "--json") {
      const char* v = value();
      if (!v) return Usage(argv[0]);
      options.json_path = v;
    } else if (arg == "--rungs") {
      const char* v = value();
      if (!v) return Usage(argv[0]);
      std::stringstream ss(v);
      std::string item;
      while (std::getline(ss, item, ',')) {
        if (!item.empty()) options.rungs.push_back(item);
      }
    } else if (arg == "--no-int32") {
      options.int32 = false;
    } else if (arg == "--no-float32") {
      options.float32 = false;
    } else if (arg == "--no-inclusive") {
      options.inclusive = false;
    } else if (arg == "--no-exclusive") {
      options.exclusive = false;
    } else {
      return Usage(argv[0]);
    }
  }
  std::string error;
  const int rc = scanviz::perf::RunBench(options, std::cout, &error);
  if (rc == 2) std::cerr << "perf: " << error << "\n";
  return rc;
}
