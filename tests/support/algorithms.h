// Every algorithm of the registry as a test parameter: a suite instantiated with
// SCANVIZ_FOR_EVERY_ALGORITHM runs once per line of SCANVIZ_FOR_EACH_ALGORITHM, so an algorithm
// added there is tested as every block scan here without a test being edited. The test names are
// the keys ("EveryAlgorithm/GridBlockScan.EqualsTheSequentialScan/warp_shuffle").
#pragma once

#include <gtest/gtest.h>

#include <cctype>
#include <ostream>
#include <string>
#include <vector>

#include "core/registry.h"

namespace scanviz::testing {

// Read when the suites are registered (InitGoogleTest), after every entry is initialised.
inline std::vector<Algorithm> EveryAlgorithm() {
  std::vector<Algorithm> out;
  for (const AlgorithmInfo* info : Algorithms()) out.push_back(info->id);
  return out;
}

inline std::string AlgorithmTestName(const ::testing::TestParamInfo<Algorithm>& p) {
  std::string name = Info(p.param).key;
  for (char& c : name)
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  return name;
}

}  // namespace scanviz::testing

namespace scanviz {
// So that gtest names a parameter by its key, not its bytes.
inline void PrintTo(Algorithm a, std::ostream* os) {
  *os << Info(a).key;
}
}  // namespace scanviz

#define SCANVIZ_FOR_EVERY_ALGORITHM(suite)                                            \
  INSTANTIATE_TEST_SUITE_P(EveryAlgorithm, suite,                                     \
                           ::testing::ValuesIn(::scanviz::testing::EveryAlgorithm()), \
                           ::scanviz::testing::AlgorithmTestName)
