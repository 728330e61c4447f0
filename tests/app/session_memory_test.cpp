// Issue #25, finding 3 (docs/reliability.md, F24), for sessions: a session's embedded trace was
// written out of the session's tree and parsed again, both trees alive (a padded one took 41 times
// its size), and running out of memory aborted. Now a session is parsed once, its traces decoded
// from that tree, with the trace format's rules for unknown bulk and the bound on the tree.
#include <gtest/gtest.h>

#include <fstream>
#include <string>

#include "core/simulator.h"
#include "state/session.h"
#include "support/memory_probe.h"
#include "support/temp_dir.h"

namespace scanviz {
namespace {

constexpr std::size_t kMB = 1000000;

// A session carrying a recorded trace, as the app writes it.
std::string SessionWithTrace() {
  Session s;
  s.algorithm = Algorithm::kHillisSteele;
  s.input = "3,1,7,0,4,1,6,3";
  s.trace = Simulate(ScanRequest{
      Algorithm::kHillisSteele, OpKind::kAdd, ElementType::kInt32, {3, 1, 7, 0, 4, 1, 6, 3}});
  return SessionToJson(s);
}

std::string Bulk(const std::string& unit, std::size_t bytes) {
  std::string out;
  out.reserve(bytes + unit.size() + 1);
  while (out.size() < bytes) out += (out.empty() ? "" : ",") + unit;
  return out;
}

// `text` with `insert` right after the first `after`.
std::string Insert(std::string text, const std::string& after, const std::string& insert) {
  return text.insert(text.find(after) + after.size(), insert);
}

TEST(SessionMemory, UnknownBulkInASessionOrItsTraceIsRefusedNamingTheKey) {
  const std::string good = SessionWithTrace();
  ASSERT_TRUE(ParseSession(good).session) << ParseSession(good).error;
  const std::string bulk = Bulk("{}", kMB);
  EXPECT_EQ(ParseSession(Insert(good, "{", "\"padding\": [" + bulk + "],")).error,
            "not a session: unknown key \"padding\" holds an array (not part of the format)");
  EXPECT_EQ(ParseSession(Insert(good, "\"trace\": {", "\"padding\": [" + bulk + "],")).error,
            "not a session: unknown key \"padding\" in trace holds an array (not part of the "
            "format)");
  std::string round = good;
  round.insert(round.find("\"actions\""), "\"notes\": {},");
  EXPECT_EQ(ParseSession(round).error,
            "not a session: unknown key \"notes\" in trace.rounds[0] holds an object (not part "
            "of the format)");
}

// Loads `text` as a session in a fresh process (support/memory_probe.h).
void ExpectSessionLoad(const std::string& text, const testing::LoadJudge& judge,
                       std::size_t headroom = 0) {
  const testing::TempDir dir;
  const std::string path = dir.File("hostile.scanviz");
  std::ofstream(path, std::ios::binary) << text;
  testing::ExpectLoadInFreshProcess([&] { return LoadSession(path).error; }, judge, headroom);
}

testing::LoadJudge RefusedWithin(const std::string& name, std::size_t file_bytes, long kb_per_mb,
                                 long base_kb = 16000) {
  return [=](const std::string& error, long growth_kb) -> std::string {
    const long mb = static_cast<long>(file_bytes / kMB);
    if (error.empty()) return name + ": loaded";
    if (growth_kb > kb_per_mb * mb + base_kb)
      return name + ": " + std::to_string(growth_kb / 1000) + " MB for " + std::to_string(mb) +
             " MB of file (" + error + ")";
    return "";
  };
}

TEST(SessionMemory, AHostileSessionCostsABoundedMultipleOfItsSize) {
  if (testing::kSanitized) GTEST_SKIP() << "memory is not measurable under a sanitizer";
  const std::size_t size = 8 * kMB;
  const std::string padded =
      Insert(SessionWithTrace(), "\"trace\": {", "\"padding\": [" + Bulk("{}", size) + "],");
  ExpectSessionLoad(padded, RefusedWithin("its trace padded with {}", padded.size(), 3000));
  // Bulk under keys the format knows (issue #38): a session reads within a trace file's bounds,
  // 4 times the file and 100 MB at most (the text included). It was 28 times the file.
  const std::string rounds = Insert(SessionWithTrace(), "\"rounds\": [", Bulk("{}", size) + ",");
  ExpectSessionLoad(rounds,
                    RefusedWithin("its trace's rounds stuffed", rounds.size(), 4000, 100000));
  const std::string arrays = Insert(SessionWithTrace(), "\"rounds\": [",
                                    Bulk("[" + Bulk("{}", size / 8) + "]", size) + ",");
  ExpectSessionLoad(arrays, RefusedWithin("its trace's rounds stuffed with [{}, ...]",
                                          arrays.size(), 4000, 100000));
}

TEST(SessionMemory, RunningOutOfMemoryIsAnErrorNotAnAbort) {
  if (testing::kSanitized) GTEST_SKIP() << "RLIMIT_AS and a sanitizer's shadow memory do not mix";
  // 8 MB of zeros in arrays in the trace's rounds (each within the bound on an array's elements):
  // a tree of about 130 MB, in 48 MB of room.
  ExpectSessionLoad(
      Insert(SessionWithTrace(), "\"rounds\": [", Bulk("[" + Bulk("0", kMB) + "]", 8 * kMB) + ","),
      [](const std::string& error, long) -> std::string {
        return error.find("hostile.scanviz: not enough memory to read it (") != std::string::npos
                   ? ""
                   : "not the error expected: " + error;
      },
      48 * kMB);
}

}  // namespace
}  // namespace scanviz
