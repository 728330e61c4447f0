// Applications of the scan for the tests: run by the simulator as the app runs them (in the block
// size the application picks for the input's length, the request checked first), and the
// chapters' parameters.
#pragma once

#include <gtest/gtest.h>

#include <utility>
#include <vector>

#include "core/applications/applications.h"

namespace scanviz::testing {

inline ApplicationTrace SimulatedApplication(ApplicationKind application, std::vector<double> input,
                                             ApplicationParams params = {}) {
  ApplicationRequest r;
  r.application = application;
  r.params = params;
  r.input = std::move(input);
  r.block_size = DefaultApplicationBlockSize(static_cast<int>(r.input.size()));
  EXPECT_EQ(ValidateApplicationRequest(r), "");
  return SimulateApplication(r);
}

// --keep odd: the chapters' compaction example (3 1 7 0 4 1 6 3 keeps 3 1 7 1 3).
inline ApplicationParams KeepOdd() {
  ApplicationParams p;
  p.keep.kind = KeepKind::kOdd;
  return p;
}

}  // namespace scanviz::testing
