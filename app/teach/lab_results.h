// The mistakes lab's GPU results (docs/mistakes.md): what scripts/mistakes_device.sh measured on a
// GPU (every kernel, broken and correct, run many times at several sizes; compute-sanitizer's
// racecheck and synccheck on each), shipped as a file (assets/labs/) so that the app shows them on
// a laptop without a GPU, as measured, with the device's name.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/mistake.h"

namespace scanviz::teach {

struct LabOutcome {
  int count = 0;        // runs that gave this result
  int wrong_cells = 0;  // 0: the correct scan
  int first_wrong = -1;
  std::string got, want;  // the first wrong cell's value, and the correct one
};

struct LabKernel {
  Algorithm algorithm = Algorithm::kHillisSteele;
  Mistake mistake = Mistake::kNone;
  int n = 0;
  int runs = 0;
  int right = 0;                     // runs that gave the correct scan
  std::vector<LabOutcome> outcomes;  // most frequent first
};

struct LabSanitizer {
  Algorithm algorithm = Algorithm::kHillisSteele;
  Mistake mistake = Mistake::kNone;
  int n = 0;
  std::string tool;  // "racecheck", "synccheck"
  int errors = 0;
  std::string summary;  // the tool's own summary line
};

struct LabResults {
  std::string device;  // "NVIDIA H200"
  std::string date;    // "2026-12-01"
  std::vector<LabKernel> kernels;
  std::vector<LabSanitizer> sanitizers;
  // The kernels and sanitizer runs of one mistake (kNone: the correct kernel), by size.
  std::vector<const LabKernel*> KernelsOf(Algorithm a, Mistake m) const;
  std::vector<const LabSanitizer*> SanitizersOf(Algorithm a, Mistake m) const;
};

struct LabLoad {
  LabResults results;
  std::string error;  // one line naming the field; empty on success
  bool Ok() const { return error.empty(); }
};

LabLoad ParseLabResults(std::string_view json_text, std::string_view name);
LabLoad LoadLabResults(const std::string& path);

// One line per size for the app and the notes: "n = 1024: right in 87 of 100 runs; 9 distinct
// results, the commonest wrong one: 96 cells, first result[832] = 3788 (should be 3780)".
std::string DescribeKernel(const LabKernel& k);

}  // namespace scanviz::teach
