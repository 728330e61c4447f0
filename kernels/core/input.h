// Parsing and generating scan inputs, shared by the CLI and the app.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/ops.h"

namespace scanviz {

struct ParsedValues {
  std::vector<double> values;
  std::string error;  // names the offending token; empty on success
  bool Ok() const { return error.empty(); }
};

// Accepts "3,1,7,0", "3 1 7 0", "3, 1, 7, 0" and the same inside [ ]. Checks each token is a
// value of `type` (int32: an integer in range) and that there are 1..max_values of them (a
// single block's 1024 unless the caller scans a grid).
ParsedValues ParseValues(std::string_view text, ElementType type, int max_values = 1024);

// n values drawn uniformly from [lo, hi] (integers for int32), reproducible from the seed.
std::vector<double> RandomValues(int n, std::uint64_t seed, ElementType type, int lo = 0,
                                 int hi = 9);

// A seed as a user gives it (--seed, the thread order random:SEED, a session file's seed): decimal
// digits only, 0..2^64 - 1 (no sign, no wrap-around). The error is the one every caller shows,
// after the name of what it read: "'-1': choose a whole number 0..18446744073709551615".
struct ParsedSeed {
  std::uint64_t value = 0;
  std::string error;  // empty on success
  bool Ok() const { return error.empty(); }
};
ParsedSeed ParseSeed(std::string_view text);

// "3,1,7,0" (the form ParseValues reads back).
std::string FormatValues(const std::vector<double>& values, ElementType type,
                         std::string_view separator = ",");

}  // namespace scanviz
