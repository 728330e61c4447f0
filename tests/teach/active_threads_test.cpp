// Issue #26, item 8: every sentence of the narration that says which threads are active is
// recomputed from the trace: the threads whose action in that round is not idle. The warp-shuffle
// scan's narration said "Threads 0 to 6" where lanes 1 to 7 acted, in every round. Every
// algorithm of the registry, sizes that are and are not powers of two and multiples of a warp,
// two operators, with and without the conversion round.
#include <gtest/gtest.h>

#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "core/simulator.h"
#include "support/algorithms.h"
#include "teach/narration.h"

namespace scanviz::teach {
namespace {

std::set<int> Acting(const Round& round) {
  std::set<int> out;
  for (size_t t = 0; t < round.actions.size(); ++t)
    if (round.actions[t].kind != ActionKind::kIdle) out.insert(static_cast<int>(t));
  return out;
}

// The runs of a set, as "lo-hi" strings, for comparing with what the sentence lists.
std::vector<std::pair<int, int>> RunsOf(const std::set<int>& s) {
  std::vector<std::pair<int, int>> runs;
  for (int i : s) {
    if (!runs.empty() && runs.back().second == i - 1) {
      runs.back().second = i;
    } else {
      runs.push_back({i, i});
    }
  }
  return runs;
}

// What a sentence names, read back: "Threads 1 to 31, 33 to 63, ..., 993 to 1023 (992 in all)",
// "Threads 2 and 3", "Thread 0". Its runs as written (an elided middle left out), the count
// given after an ellipsis, and whether there was one.
struct Named {
  std::vector<std::pair<int, int>> runs;
  int count = -1;
  bool elided = false;
};

Named Parse(std::string list) {
  Named out;
  std::smatch m;
  if (std::regex_search(list, m, std::regex(R"( \((\d+) in all\)$)"))) {
    out.count = std::stoi(m[1]);
    list = list.substr(0, static_cast<size_t>(m.position(0)));
  }
  out.elided = list.find("...") != std::string::npos;
  // A lone run may read "2 and 3"; a run of two among others reads "2, 3".
  if (std::regex_match(list, m, std::regex(R"((\d+) and (\d+))"))) {
    out.runs.push_back({std::stoi(m[1]), std::stoi(m[2])});
    return out;
  }
  std::string item;
  // Commas and the last " and " both separate runs.
  const std::string separated = std::regex_replace(list, std::regex(", | and "), ";");
  std::stringstream ss(separated);
  while (std::getline(ss, item, ';')) {
    while (!item.empty() && item.front() == ' ') item.erase(item.begin());
    if (item.empty() || item == "...") continue;
    if (std::regex_match(item, m, std::regex(R"((\d+) to (\d+))"))) {
      out.runs.push_back({std::stoi(m[1]), std::stoi(m[2])});
    } else {
      const int v = std::stoi(item);
      // "2, 3" inside a list: two numbers a run apart are one run.
      if (!out.runs.empty() && out.runs.back().second == v - 1 && out.runs.back().first == v - 1)
        out.runs.back().second = v;
      else
        out.runs.push_back({v, v});
    }
  }
  return out;
}

class ActiveThreads : public ::testing::TestWithParam<Algorithm> {};

TEST_P(ActiveThreads, EverySentenceNamesTheThreadsThatActed) {
  const std::regex sentence(R"((Threads?) ([0-9][0-9 ,.()a-z]*?) (?:is|are) active)");
  const std::regex counted(R"((\d+) threads? (?:is|are) active, (\d+) of them appl)");
  int checked = 0;
  for (int n : {1, 2, 5, 8, 13, 32, 33, 100, 1024}) {
    for (OpKind op : {OpKind::kAdd, OpKind::kMax}) {
      for (bool convert : {false, true}) {
        std::vector<double> input(static_cast<size_t>(n));
        for (int i = 0; i < n; ++i) input[static_cast<size_t>(i)] = (i * 7 + 3) % 10;
        const Trace t = Simulate(ScanRequest{GetParam(), op, ElementType::kInt32, input, convert});
        const TraceAnalysis a = Analyze(t);
        for (int r = 0; r < static_cast<int>(t.rounds.size()); ++r) {
          const std::set<int> acting = Acting(t.rounds[static_cast<size_t>(r)]);
          const Narration story = NarrateRound(t, a, r);
          for (const std::string& p : story.paragraphs) {
            const std::string where = "n = " + std::to_string(n) + ", round " + std::to_string(r) +
                                      (convert ? ", converted" : "") + ": " + p;
            for (std::sregex_iterator it(p.begin(), p.end(), sentence), end; it != end; ++it) {
              const Named named = Parse((*it)[2]);
              const auto runs = RunsOf(acting);
              if (named.elided) {
                ASSERT_GE(named.runs.size(), 3u) << where;
                EXPECT_EQ(named.count, static_cast<int>(acting.size())) << where;
                EXPECT_EQ(named.runs.front(), runs.front()) << where;
                EXPECT_EQ(named.runs[1], runs[1]) << where;
                EXPECT_EQ(named.runs.back(), runs.back()) << where;
              } else {
                EXPECT_EQ(named.runs, runs) << where;
              }
              ++checked;
            }
            for (std::sregex_iterator it(p.begin(), p.end(), counted), end; it != end; ++it) {
              EXPECT_EQ(std::stoi((*it)[1]), static_cast<int>(acting.size())) << where;
              ++checked;
            }
          }
        }
      }
    }
  }
  // Hillis-Steele says it by count, Blelloch and the warp-shuffle scan by name; Sklansky in its
  // own words (none of these forms). Every algorithm that says it must say it somewhere.
  if (GetParam() != Algorithm::kSklansky) {
    EXPECT_GT(checked, 0);
  }
}

SCANVIZ_FOR_EVERY_ALGORITHM(ActiveThreads);

}  // namespace
}  // namespace scanviz::teach
