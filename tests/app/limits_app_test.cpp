// Every bound the app's loaders enforce against a hostile file or link (settings, presets, quiz
// sets, sessions and the session a link carries), fed just inside (not refused for it) and just
// outside (refused, with its one-line reason): issue #38's class 7. tests/core/limits_test.cpp has
// the core's. scripts/mutation_plants.txt loosens each; docs/reliability.md, "Round four: limits",
// lists them with their tests.
#include <gtest/gtest.h>

#include <cstddef>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "core/link/deflate.h"
#include "core/link/share_text.h"
#include "core/trace.h"
#include "core/trace_io.h"
#include "state/app_state.h"
#include "state/presets.h"
#include "state/session.h"
#include "state/settings.h"
#include "state/share_link.h"
#include "support/temp_dir.h"
#include "teach/lab_results.h"
#include "teach/quiz_set.h"

namespace scanviz {
namespace {

constexpr std::size_t kMiB = std::size_t{1} << 20;

bool Has(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

std::string Nested(int depth) {
  return std::string(static_cast<std::size_t>(depth), '[') + "1" +
         std::string(static_cast<std::size_t>(depth), ']');
}

std::string Repeat(const std::string& item, int count) {
  std::string s;
  for (int i = 0; i < count; ++i) s += (i > 0 ? "," : "") + item;
  return s;
}

// `text` + spaces before its last '}' so that it is `bytes` long.
std::string PaddedTo(std::string text, std::size_t bytes) {
  EXPECT_LE(text.size(), bytes);
  text.insert(text.rfind('}'), bytes - text.size(), ' ');
  return text;
}

std::string With(std::string text, const std::string& from, const std::string& to) {
  const std::size_t at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  return at == std::string::npos ? text : text.replace(at, from.size(), to);
}

// [SECTION] Settings
TEST(LimitsApp, SettingsFileIsAtMost1MiB) {
  testing::TempDir dir;
  const std::string path = dir.File("settings.json");
  std::ofstream(path) << PaddedTo(R"({"theme": "light"})", kMiB);
  const SettingsLoad inside = LoadSettings(path);
  EXPECT_EQ(inside.message, "");
  EXPECT_EQ(inside.settings.theme, scene::Theme::kLight);
  std::ofstream(path) << PaddedTo(R"({"theme": "light"})", kMiB + 1);
  const SettingsLoad outside = LoadSettings(path);
  EXPECT_TRUE(Has(outside.message, "more than the 1048576 this reads")) << outside.message;
  EXPECT_EQ(outside.settings.theme, Settings{}.theme);
}

TEST(LimitsApp, SettingsNestAtMost8Levels) {
  EXPECT_FALSE(ParseSettings(R"({"x": )" + Nested(7) + "}").unreadable);
  EXPECT_TRUE(ParseSettings(R"({"x": )" + Nested(8) + "}").unreadable);
}

TEST(LimitsApp, SettingsWindowAndRecentFilesAtTheirEdges) {
  struct Case {
    std::string field;
    int kept, refused;
  };
  for (const Case& c : {Case{"window_width", 16384, 16385}, Case{"window_width", 320, 319},
                        Case{"window_height", 16384, 16385}, Case{"window_height", 240, 239}}) {
    const SettingsLoad in = ParseSettings("{\"" + c.field + "\": " + std::to_string(c.kept) + "}");
    EXPECT_EQ(in.message, "") << c.field;
    EXPECT_EQ(c.field == "window_width" ? in.settings.window_width : in.settings.window_height,
              c.kept);
    const SettingsLoad out =
        ParseSettings("{\"" + c.field + "\": " + std::to_string(c.refused) + "}");
    EXPECT_TRUE(Has(out.message, c.field)) << c.field << " " << c.refused << ": " << out.message;
  }
  std::vector<std::string> paths;
  for (std::size_t i = 0; i <= kMaxRecent; ++i) paths.push_back("\"/f" + std::to_string(i) + "\"");
  std::string list;
  for (std::size_t i = 0; i < kMaxRecent; ++i) list += (i > 0 ? "," : "") + paths[i];
  EXPECT_EQ(ParseSettings("{\"recent\": [" + list + "]}").settings.recent.size(), kMaxRecent);
  const SettingsLoad nine = ParseSettings("{\"recent\": [" + list + "," + paths.back() + "]}");
  EXPECT_EQ(nine.settings.recent.size(), kMaxRecent);  // the first eight kept
  const std::string longest(4096, 'p'), too_long(4097, 'p');
  EXPECT_EQ(ParseSettings("{\"recent\": [\"" + longest + "\"]}").settings.recent.size(), 1u);
  const SettingsLoad bad = ParseSettings("{\"recent\": [\"" + too_long + "\"]}");
  EXPECT_TRUE(bad.settings.recent.empty());
  EXPECT_TRUE(Has(bad.message, "recent")) << bad.message;
}

// Past kMaxSavedInput the input is left out of the file (the next start would refuse the file).
TEST(LimitsApp, SettingsKeepAnInputOfAtMost64KiB) {
  Settings s;
  s.input = std::string(kMaxSavedInput, '1');
  EXPECT_EQ(ParseSettings(SettingsToJson(s)).settings.input, s.input);
  s.input.push_back('1');
  EXPECT_FALSE(Has(SettingsToJson(s), "\"input\""));
}

// [SECTION] Presets
std::string PresetsFile(const std::string& entries, const std::string& extra = "") {
  return R"({"schema": "scanviz-presets/1", )" + extra + R"("presets": [)" + entries + "]}";
}

TEST(LimitsApp, PresetsAtEveryEdge) {
  const std::string one = R"({"name": "p", "random": 2})";
  const auto many = [](int count) {
    std::string s;
    for (int i = 0; i < count; ++i)
      s +=
          (i > 0 ? ",{\"name\": \"p" : "{\"name\": \"p") + std::to_string(i) + "\", \"random\": 2}";
    return s;
  };
  struct Case {
    const char* what;
    std::string inside, outside, why;
  };
  const Case cases[] = {
      {"presets", PresetsFile(many(kMaxPresets)), PresetsFile(many(kMaxPresets + 1)),
       "more than 100 presets"},
      {"name",
       PresetsFile(R"({"name": ")" + std::string(kMaxPresetNameBytes, 'n') + R"(", "random": 2})"),
       PresetsFile(R"({"name": ")" + std::string(kMaxPresetNameBytes + 1, 'n') +
                   R"(", "random": 2})"),
       "'name' is longer than 100 bytes"},
      {"values", PresetsFile(R"({"name": "v", "values": [)" + Repeat("1", kMaxElements) + "]}"),
       PresetsFile(R"({"name": "v", "values": [)" + Repeat("1", kMaxElements + 1) + "]}"),
       "'values' must be an array of 1..1024 numbers"},
      {"random", PresetsFile(R"({"name": "r", "random": 1024})"),
       PresetsFile(R"({"name": "r", "random": 1025})"), "'random' must be a whole number 1..1024"},
      {"bytes", PaddedTo(PresetsFile(one), kMaxPresetsFileBytes),
       PaddedTo(PresetsFile(one), kMaxPresetsFileBytes + 1), "larger than 1048576 bytes"},
      {"nesting", PresetsFile(one, "\"x\": " + Nested(3) + ", "),
       PresetsFile(one, "\"x\": " + Nested(4) + ", "), "nested more than 4"},
  };
  for (const Case& c : cases) {
    const PresetLoad in = ParsePresets(c.inside);
    EXPECT_FALSE(Has(in.error, c.why)) << c.what << ": " << in.error;
    if (std::string(c.what) != "nesting") {
      EXPECT_EQ(in.error, "") << c.what;
    }
    const PresetLoad out = ParsePresets(c.outside);
    EXPECT_TRUE(Has(out.error, c.why)) << c.what << ": " << out.error;
  }
}

// [SECTION] Quiz sets
std::string QuizFile(const std::string& exercises, const std::string& extra = "") {
  return R"({"schema": "scanviz-quiz/1", "title": "t", )" + extra + R"("exercises": [)" +
         exercises + "]}";
}
std::string Exercise(const std::string& input, const std::string& title = "e") {
  return R"({"title": ")" + title + R"(", "algorithm": "hillis-steele", )" + input +
         R"(, "round": 1})";
}

TEST(LimitsApp, QuizSetsAtEveryEdge) {
  const std::string one = Exercise(R"("input": [1, 2])");
  struct Case {
    const char* what;
    std::string inside, outside, why;
  };
  const Case cases[] = {
      {"exercises", QuizFile(Repeat(one, teach::kMaxExercises)),
       QuizFile(Repeat(one, teach::kMaxExercises + 1)),
       "'exercises' must be an array of 1..200 exercises"},
      {"title", QuizFile(Exercise(R"("input": [1, 2])", std::string(400, 't'))),
       QuizFile(Exercise(R"("input": [1, 2])", std::string(401, 't'))),
       "'title' must be a string of 1..400"},
      {"input", QuizFile(Exercise("\"input\": [" + Repeat("1", kMaxElements) + "]")),
       QuizFile(Exercise("\"input\": [" + Repeat("1", kMaxElements + 1) + "]")),
       "'input' must be an array of 1..1024 numbers"},
      {"random.n", QuizFile(Exercise(R"("random": {"n": 1024})")),
       QuizFile(Exercise(R"("random": {"n": 1025})")), "'random.n' must be a whole number 1..1024"},
      {"random.lo", QuizFile(Exercise(R"("random": {"n": 4, "lo": -1000000})")),
       QuizFile(Exercise(R"("random": {"n": 4, "lo": -1000001})")),
       "'random.lo' must be a whole number in -1e6..1e6"},
      {"random.hi", QuizFile(Exercise(R"("random": {"n": 4, "hi": 1000000})")),
       QuizFile(Exercise(R"("random": {"n": 4, "hi": 1000001})")),
       "'random.hi' must be a whole number in -1e6..1e6"},
      {"bytes", PaddedTo(QuizFile(one), teach::kMaxQuizFileBytes),
       PaddedTo(QuizFile(one), teach::kMaxQuizFileBytes + 1), "larger than 1048576 bytes"},
      {"nesting", QuizFile(one, "\"x\": " + Nested(3) + ", "),
       QuizFile(one, "\"x\": " + Nested(4) + ", "), "nested more than 4"},
  };
  for (const Case& c : cases) {
    const teach::QuizSetLoad in = teach::ParseQuizSet(c.inside, "q.json");
    EXPECT_FALSE(Has(in.error, c.why)) << c.what << ": " << in.error;
    if (std::string(c.what) != "nesting") {
      EXPECT_EQ(in.error, "") << c.what;
    }
    const teach::QuizSetLoad out = teach::ParseQuizSet(c.outside, "q.json");
    EXPECT_TRUE(Has(out.error, c.why)) << c.what << ": " << out.error;
  }
}

// [SECTION] Sessions, and the session a link carries
const std::string kInput = "\"input\": \"3,1,7,0,4,1,6,3\"";

// The session with a generator of n values in lo..hi, its check as this build makes it.
std::string RandomSession(int n, int lo, int hi) {
  RandomInput r;
  r.n = n;
  r.lo = lo;
  r.hi = hi;
  const std::uint32_t check = ValuesCheck(GeneratedValues(r, ElementType::kInt32));
  return With(
      SessionToJson(Session{}), kInput,
      "\"random\": {\"n\": " + std::to_string(n) + ", \"seed\": 1, \"lo\": " + std::to_string(lo) +
          ", \"hi\": " + std::to_string(hi) + ", \"check\": " + std::to_string(check) + "}");
}

TEST(LimitsApp, SessionsAtEveryEdge) {
  const std::string good = SessionToJson(Session{});
  struct Case {
    const char* what;
    std::string inside, outside, why;
  };
  const Case cases[] = {
      {"input", With(good, kInput, "\"input\": \"" + Repeat("1", kMaxGridElements) + "\""),
       With(good, kInput, "\"input\": \"" + Repeat("1", kMaxGridElements + 1) + "\""), "65536"},
      {"random.n", RandomSession(kMaxGridElements, 0, 9), RandomSession(kMaxGridElements + 1, 0, 9),
       "random.n: expected an integer in 1 .. 65536"},
      {"random.lo", RandomSession(4, -1000000000, 9), RandomSession(4, -1000000001, 9),
       "random.lo: expected an integer in -1000000000 .. 1000000000"},
      {"random.hi", RandomSession(4, 0, 1000000000), RandomSession(4, 0, 1000000001),
       "random.hi: expected an integer in 0 .. 1000000000"},
      {"nesting", With(good, "{", "{\"x\": " + Nested(63) + ", "),
       With(good, "{", "{\"x\": " + Nested(64) + ", "), "nested more than 64"},
  };
  for (const Case& c : cases) {
    // Nothing in a session nests 64 levels: inside, it is refused for the unknown key only.
    const bool valid = std::string(c.what) != "nesting";
    const SessionLoad in = ParseSession(c.inside);
    EXPECT_EQ(in.session.has_value(), valid) << c.what << ": " << in.error;
    EXPECT_FALSE(Has(in.error, c.why)) << c.what << ": " << in.error;
    const SessionLoad out = ParseSession(c.outside);
    EXPECT_FALSE(out.session) << c.what;
    EXPECT_TRUE(Has(out.error, c.why)) << c.what << ": " << out.error;
    // A link carries the session's text: the same bounds hold for what it opens.
    if (c.inside.size() > link::kMaxSessionBytes) continue;
    const auto link = [](const std::string& json) {
      return "#s=" + link::Base64UrlEncode(link::Deflate(json));
    };
    const LinkLoad by_link = SessionFromLink(link(c.inside), "");
    EXPECT_EQ(by_link.load.session.has_value(), valid) << c.what << ": " << by_link.load.error;
    EXPECT_FALSE(Has(by_link.load.error, c.why)) << c.what << ": " << by_link.load.error;
    const LinkLoad refused = SessionFromLink(link(c.outside), "");
    EXPECT_TRUE(Has(refused.load.error, c.why)) << c.what << ": " << refused.load.error;
  }
}

// A sparse session file one byte past the limit: refused by its size, unread.
TEST(LimitsApp, SessionFilesOneBytePastTheLimitAreRefusedUnread) {
  testing::TempDir dir;
  const std::string path = dir.File("big.json");
  std::ofstream(path).close();
  std::filesystem::resize_file(path, kMaxTraceFileBytes + 1);
  const SessionLoad load = LoadSession(path);
  EXPECT_FALSE(load.session);
  EXPECT_TRUE(
      Has(load.error, "more than the " + std::to_string(kMaxTraceFileBytes) + " this reads"))
      << load.error;
}

// What the app opens (File > Open, a dropped file, `scanviz FILE`) and the bundled trace a link
// names, sparse and one byte past the limit: refused by the size alone, unread.
TEST(LimitsApp, AppAndLinkTraceFilesOneBytePastTheLimitAreRefusedUnread) {
  testing::TempDir dir;
  const std::string path = dir.File("blelloch-8.json");  // a bundled trace's name
  std::ofstream(path).close();
  std::filesystem::resize_file(path, kMaxTraceFileBytes + 1);
  const std::string why = "more than the " + std::to_string(kMaxTraceFileBytes) + " this reads";
  Settings settings;
  settings.input = "3 1 7 0";
  AppState app(settings);
  const std::string opened = app.OpenFile(path);
  EXPECT_TRUE(Has(opened, why)) << opened;
  const std::string link = "#" + link::EncodeFragment(SessionToJson(Session{}), "blelloch-8.json");
  const LinkLoad linked = SessionFromLink(link, dir.Path().string());
  // The session opens with the simulator's run; the note says why the trace was not taken.
  EXPECT_TRUE(linked.load.session) << linked.load.error;
  EXPECT_TRUE(Has(linked.note, why)) << linked.note;
}

// The teacher's and the install's files, sparse: at the limit read (and refused for holding
// zeros), one byte past it refused by the size alone.
TEST(LimitsApp, TeachingFilesAtTheirSizeLimits) {
  struct Case {
    const char* what;
    std::size_t limit;
    std::string (*error)(const std::string& path);
  };
  const Case cases[] = {
      {"a quiz set", teach::kMaxQuizFileBytes,
       [](const std::string& p) { return teach::LoadQuizSet(p).error; }},
      {"the presets", kMaxPresetsFileBytes,
       [](const std::string& p) { return LoadPresets(p).error; }},
      {"the lab's results", std::size_t{8} << 20,
       [](const std::string& p) { return teach::LoadLabResults(p).error; }},
  };
  testing::TempDir dir;
  for (const Case& c : cases) {
    for (const std::size_t bytes : {c.limit, c.limit + 1}) {
      const std::string path = dir.File(std::to_string(bytes) + ".json");
      std::ofstream(path).close();
      std::filesystem::resize_file(path, bytes);
      const std::string error = c.error(path);
      EXPECT_FALSE(error.empty()) << c.what;
      EXPECT_EQ(Has(error, "more than the " + std::to_string(c.limit) + " this reads"),
                bytes > c.limit)
          << c.what << " of " << bytes << " bytes: " << error;
    }
  }
}

}  // namespace
}  // namespace scanviz
