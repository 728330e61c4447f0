// The mistakes lab's GPU results file (teach/lab_results.h): the shipped one loads and says what
// the H200 showed; a file that does not add up, or names a mistake of another algorithm, is
// refused with the field's name.
#include "teach/lab_results.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace scanviz::teach {
namespace {

TEST(LabResults, TheShippedFileHoldsEveryKernelAtEverySize) {
  const LabLoad load = LoadLabResults(SCANVIZ_SOURCE_DIR "/assets/labs/mistakes-h200.json");
  ASSERT_TRUE(load.Ok()) << load.error;
  const LabResults& r = load.results;
  EXPECT_EQ(r.device, "NVIDIA H200");
  for (const MistakeInfo& m : Mistakes()) {
    SCOPED_TRACE(m.key);
    const auto kernels = r.KernelsOf(m.algorithm, m.id);
    ASSERT_EQ(kernels.size(), 3u);
    EXPECT_EQ(kernels[0]->n, 32);
    EXPECT_EQ(kernels[2]->n, 1024);
    EXPECT_EQ(r.SanitizersOf(m.algorithm, m.id).size(), 3u);  // racecheck, synccheck, memcheck
  }
  // What docs/mistakes.md says of this run: the correct kernels always right and race-free, one
  // warp hiding both races, no-seed never right and no race.
  for (Algorithm a : {Algorithm::kHillisSteele, Algorithm::kBlelloch}) {
    for (const LabKernel* k : r.KernelsOf(a, Mistake::kNone)) EXPECT_EQ(k->right, k->runs);
    for (const LabSanitizer* s : r.SanitizersOf(a, Mistake::kNone)) EXPECT_EQ(s->errors, 0);
    const Mistake no_barrier = FindMistake(a, "no-barrier")->id;
    EXPECT_EQ(r.KernelsOf(a, no_barrier)[0]->right, 100) << "one warp";
    EXPECT_EQ(r.KernelsOf(a, no_barrier)[2]->right, 0);
  }
  // The logic errors: never right, one result every time, nothing for racecheck.
  for (Mistake m : {Mistake::kBlellochNoSeed, Mistake::kBlellochWrongIndex}) {
    for (const LabKernel* k : r.KernelsOf(Algorithm::kBlelloch, m)) {
      EXPECT_EQ(k->right, 0);
      EXPECT_EQ(k->outcomes.size(), 1u);
    }
    for (const LabSanitizer* s : r.SanitizersOf(Algorithm::kBlelloch, m)) EXPECT_EQ(s->errors, 0);
  }
  // No edge check: wrong at every size, a race at 1024, and memcheck sees nothing.
  for (const LabKernel* k :
       r.KernelsOf(Algorithm::kHillisSteele, Mistake::kHillisSteeleNoEdgeCheck))
    EXPECT_EQ(k->right, 0);
  for (const LabSanitizer* s :
       r.SanitizersOf(Algorithm::kHillisSteele, Mistake::kHillisSteeleNoEdgeCheck)) {
    if (s->tool == "memcheck") {
      EXPECT_EQ(s->errors, 0);
    }
    if (s->tool == "racecheck") {
      EXPECT_GT(s->errors, 0);
    }
  }
  int racecheck_errors = 0;
  for (const LabSanitizer* s :
       r.SanitizersOf(Algorithm::kHillisSteele, Mistake::kHillisSteeleSingleBuffer))
    if (s->tool == "racecheck") racecheck_errors += s->errors;
  EXPECT_GT(racecheck_errors, 0);
}

TEST(LabResults, DescribesASizeInOneLine) {
  LabKernel k;
  k.n = 1024;
  k.runs = 100;
  k.right = 87;
  k.outcomes = {{87, 0, -1, "", ""}, {9, 96, 832, "3788", "3780"}, {4, 112, 800, "3630", "3629"}};
  EXPECT_EQ(DescribeKernel(k),
            "n = 1024: right in 87 of 100 runs; 3 distinct results, the commonest wrong one: 96 "
            "cells wrong, first result[832] = 3788 (should be 3780)");
}

// A results file need not list a kernel's outcomes commonest first: the reader sorts them, and
// the line names the wrong result most runs gave (here listed third of four, after a rarer one).
TEST(LabResults, TheCommonestWrongResultIsTheOneMostRunsGaveInAnyOrder) {
  const LabLoad load = ParseLabResults(
      R"({"schema": "scanviz-lab/1", "device": "G", "sanitizers": [], "kernels": [
          {"algorithm": "blelloch", "mistake": "none", "n": 8, "runs": 10, "right": 3,
           "outcomes": [
             {"count": 1, "wrong_cells": 4, "first_wrong": 2, "got": "9", "want": "8"},
             {"count": 3, "wrong_cells": 0},
             {"count": 4, "wrong_cells": 2, "first_wrong": 5, "got": "20", "want": "15"},
             {"count": 2, "wrong_cells": 1, "first_wrong": 7, "got": "30", "want": "31"}]}]})",
      "f");
  ASSERT_TRUE(load.Ok()) << load.error;
  const LabKernel& k = load.results.kernels.at(0);
  std::vector<int> counts;
  for (const LabOutcome& o : k.outcomes) counts.push_back(o.count);
  EXPECT_EQ(counts, (std::vector<int>{4, 3, 2, 1}));
  EXPECT_EQ(DescribeKernel(k),
            "n = 8: right in 3 of 10 runs; 4 distinct results, the commonest wrong one: 2 cells "
            "wrong, first result[5] = 20 (should be 15)");
}

TEST(LabResults, RefusesWhatDoesNotAddUp) {
  const std::string head =
      R"({"schema": "scanviz-lab/1", "device": "G", "sanitizers": [], "kernels": [)";
  auto error = [&](const std::string& kernel) {
    return ParseLabResults(head + kernel + "]}", "f").error;
  };
  EXPECT_EQ(error(R"({"algorithm": "blelloch", "mistake": "none", "n": 8, "runs": 3, "right": 3,
                      "outcomes": [{"count": 3, "wrong_cells": 0}]})"),
            "");
  EXPECT_EQ(error(R"({"algorithm": "blelloch", "mistake": "none", "n": 8, "runs": 4, "right": 3,
                      "outcomes": [{"count": 3, "wrong_cells": 0}]})"),
            "f: kernels[0]: the outcomes count 3 runs, not 4");
  EXPECT_EQ(error(R"({"algorithm": "blelloch", "mistake": "single-buffer", "n": 8, "runs": 1,
                      "right": 1, "outcomes": [{"count": 1, "wrong_cells": 0}]})"),
            "f: kernels[0]: 'mistake' \"single-buffer\" is not one of this algorithm's");
  EXPECT_EQ(error(R"({"algorithm": "blelloch", "mistake": "none", "n": 0, "runs": 1, "right": 1,
                      "outcomes": []})"),
            "f: kernels[0]: 'n' must be 1..1024");
  // Issue #25: 43 outcomes of 10^8 runs sum to 2^32 + 5,032,704, which an int total wrapped to the
  // 5,032,704 runs claimed (signed overflow); an "n" of 2^32 + 8 was read as 8.
  std::string outcomes;
  for (int i = 0; i < 43; ++i)
    outcomes += std::string(i ? ", " : "") + R"({"count": 100000000, "wrong_cells": 0})";
  EXPECT_EQ(error(R"({"algorithm": "blelloch", "mistake": "none", "n": 8, "runs": 5032704,
                      "right": 0, "outcomes": [)" +
                  outcomes + "]}"),
            "f: kernels[0]: the outcomes count 4300000000 runs, not 5032704");
  EXPECT_EQ(error(R"({"algorithm": "blelloch", "mistake": "none", "n": 8, "runs": 0, "right": 0,
                      "outcomes": [{"count": 1, "wrong_cells": 0}]})"),
            "f: kernels[0]: the outcomes count 1 runs, not 0");
  EXPECT_EQ(error(R"({"algorithm": "blelloch", "mistake": "none", "n": 4294967304, "runs": 1,
                      "right": 1, "outcomes": [{"count": 1, "wrong_cells": 0}]})"),
            "f: kernels[0]: 'n' must be 1..1024");
  EXPECT_EQ(error(R"({"algorithm": "blelloch", "mistake": "none", "n": 8, "runs": 1, "right": 1,
                      "outcomes": [{"count": 18446744073709551615, "wrong_cells": 0}]})"),
            "f: kernels[0]: outcomes[0]: 'count' must be a count");
  EXPECT_EQ(
      ParseLabResults(R"({"schema": "scanviz-lab/1", "kernels": [], "sanitizers": []})", "f").error,
      "f: 'device' is missing: results are shown with the GPU they came from");
  EXPECT_EQ(ParseLabResults("[1]", "f").error, "f: not a JSON object");
  EXPECT_EQ(LoadLabResults("/nonexistent/lab.json").error, "/nonexistent/lab.json: not found");
}

// Issue #25 (fuzz_lab_results): the outcomes were summed but not held to the kernel they describe,
// and the Mistakes tab showed lines that contradict themselves: "256 cells wrong" of a 128-value
// result, a first wrong cell past its end, a result no run gave (count 0) among the "distinct
// results", the correct scan as two of them, a 'right' other than the correct result's count
// ("right in 100 of 100 runs; 2 distinct results, the commonest wrong one: ..."), and one kernel
// at one size (or one sanitizer run) listed twice. What `scanviz-cli trace --runs K --json` writes
// holds all of these.
TEST(LabResults, RefusesOutcomesThatContradictTheKernel) {
  const std::string head = R"({"schema": "scanviz-lab/1", "device": "G", "sanitizers": [], )";
  auto error = [&](const std::string& outcomes, int right = 0) {
    return ParseLabResults(head + R"("kernels": [{"algorithm": "blelloch", "mistake": "none",
        "n": 8, "runs": 10, "right": )" +
                               std::to_string(right) + R"(, "outcomes": [)" + outcomes + "]}]}",
                           "f")
        .error;
  };
  EXPECT_EQ(error(R"({"count": 6, "wrong_cells": 0},
                     {"count": 4, "wrong_cells": 3, "first_wrong": 5, "got": "1", "want": "2"})",
                  6),
            "");
  EXPECT_EQ(error(R"({"count": 10, "wrong_cells": 9, "first_wrong": 0})"),
            "f: kernels[0]: outcomes[0]: 9 wrong cells from result[0] on: the result has 8");
  EXPECT_EQ(error(R"({"count": 10, "wrong_cells": 1, "first_wrong": 8})"),
            "f: kernels[0]: outcomes[0]: 1 wrong cells from result[8] on: the result has 8");
  EXPECT_EQ(error(R"({"count": 10, "wrong_cells": 4, "first_wrong": 5})"),
            "f: kernels[0]: outcomes[0]: 4 wrong cells from result[5] on: the result has 8");
  EXPECT_EQ(error(R"({"count": 10, "wrong_cells": 0}, {"count": 0, "wrong_cells": 0})", 10),
            "f: kernels[0]: outcomes[1]: 'count' is 0: no run gave this result");
  EXPECT_EQ(error(R"({"count": 5, "wrong_cells": 0}, {"count": 5, "wrong_cells": 0})", 10),
            "f: kernels[0]: the correct scan is listed as two results");
  EXPECT_EQ(error(R"({"count": 4, "wrong_cells": 0},
                     {"count": 6, "wrong_cells": 2, "first_wrong": 1, "got": "1", "want": "2"})",
                  10),
            "f: kernels[0]: 'right' is 10, but the correct result came 4 times");
  const std::string kernel = R"({"algorithm": "blelloch", "mistake": "no-seed", "n": 8, "runs": 1,
      "right": 0, "outcomes": [{"count": 1, "wrong_cells": 1, "first_wrong": 7}]})";
  EXPECT_EQ(ParseLabResults(head + R"("kernels": [)" + kernel + ", " + kernel + "]}", "f").error,
            "f: kernels[1]: blelloch no-seed at n = 8 is listed twice");
  const std::string run =
      R"({"algorithm": "blelloch", "mistake": "no-seed", "n": 8, "tool": "racecheck", "errors": 0})";
  EXPECT_EQ(ParseLabResults(R"({"schema": "scanviz-lab/1", "device": "G", "kernels": [],
                                "sanitizers": [)" +
                                run + ", " + run + "]}",
                            "f")
                .error,
            "f: sanitizers[1]: racecheck of blelloch no-seed at n = 8 is listed twice");
}

// Issue #25, finding 3 (docs/reliability.md, F24): a key the file does not have may not hold
// bulk (a million `{}` became a tree of 36 times the file's size before anything was checked).
TEST(LabResults, RefusesUnknownBulk) {
  const std::string head = R"({"schema": "scanviz-lab/1", "device": "G", "sanitizers": [], )";
  std::string bulk = "{}";
  while (bulk.size() < 1000000) bulk += ",{}";
  EXPECT_EQ(ParseLabResults(head + R"("kernels": [], "padding": [)" + bulk + "]}", "f").error,
            "f: unknown key \"padding\" holds an array (not part of the format)");
  EXPECT_EQ(ParseLabResults(head + R"("kernels": [{"algorithm": "blelloch", "mistake": "none",
                      "n": 8, "runs": 3, "right": 3, "outcomes": [{"count": 3, "wrong_cells": 0}],
                      "notes": {"a": 1}}]})",
                            "f")
                .error,
            "f: unknown key \"notes\" in kernels[0] holds an object (not part of the format)");
  // A short unknown value is dropped, as before.
  EXPECT_EQ(ParseLabResults(head + R"("kernels": [], "note": "by hand"})", "f").error, "");
}

}  // namespace
}  // namespace scanviz::teach
