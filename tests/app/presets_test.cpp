#include "state/presets.h"

#include <gtest/gtest.h>

#include <fstream>
#include <string>
#include <vector>

#include "core/input.h"
#include "support/temp_dir.h"

namespace scanviz {
namespace {

const std::string kShipped = SCANVIZ_SOURCE_DIR "/assets/presets.json";

// The menu as the app built it in code before the presets became data (MakePresets(seed) of
// app_state.cpp, copied here unchanged): the shipped file must give exactly this.
std::vector<Preset> LegacyPresets(std::uint64_t seed) {
  std::vector<Preset> p;
  p.push_back({"Chapters' example (8)", {3, 1, 7, 0, 4, 1, 6, 3}});
  p.push_back({"All ones (16)", std::vector<double>(16, 1.0)});
  std::vector<double> desc;
  for (int i = 16; i >= 1; --i) desc.push_back(i);
  p.push_back({"Descending (16)", desc});
  std::vector<double> alt;
  for (int i = 1; i <= 16; ++i) alt.push_back(i % 2 ? i : -i);
  p.push_back({"Alternating signs (16)", alt});
  p.push_back({"Power of two (32, random)", RandomValues(32, seed, ElementType::kInt32)});
  p.push_back({"Not a power of two (13, random)", RandomValues(13, seed, ElementType::kInt32)});
  p.push_back({"Largest block (1024, random)", RandomValues(1024, seed, ElementType::kInt32)});
  p.push_back({"int32 wraps (8 x 1e9)", std::vector<double>(8, 1e9), ElementType::kInt32});
  std::vector<double> tenths;
  for (int i = 0; i < 16; ++i) tenths.push_back(static_cast<float>(0.1));
  p.push_back({"float32: sixteen 0.1s", tenths, ElementType::kFloat32});
  std::vector<double> mixed;
  for (int i = 0; i < 16; ++i) mixed.push_back(i % 4 == 0 ? 1e8 : static_cast<float>(1.5 + i));
  p.push_back({"float32: 1e8 and small values (16)", mixed, ElementType::kFloat32});
  return p;
}

void ExpectSameMenu(const std::vector<Preset>& got, const std::vector<Preset>& want) {
  ASSERT_EQ(got.size(), want.size());
  for (size_t i = 0; i < want.size(); ++i) {
    EXPECT_EQ(got[i].name, want[i].name) << i;
    EXPECT_EQ(got[i].values, want[i].values) << want[i].name;  // bit for bit
    EXPECT_EQ(got[i].type, want[i].type) << want[i].name;
  }
}

// A file with one preset entry (raw JSON) and the schema.
std::string OneEntry(const std::string& entry) {
  return R"({"schema": "scanviz-presets/1", "presets": [)" + entry + "]}";
}

void ExpectRefused(const std::string& json, const std::string& fragment) {
  const PresetLoad l = ParsePresets(json);
  EXPECT_NE(l.error.find(fragment), std::string::npos)
      << "error '" << l.error << "' lacks '" << fragment << "' for " << json.substr(0, 200);
  EXPECT_EQ(l.presets, BuiltinPresets()) << "a refused file gives the built-in list";
}

TEST(Presets, ShippedFileIsTheMenuTheAppHadInCode) {
  const PresetLoad l = LoadPresets(kShipped);
  ASSERT_EQ(l.error, "");
  for (std::uint64_t seed : {1ull, 7ull, 123456789ull}) {
    SCOPED_TRACE(seed);
    ExpectSameMenu(MakePresets(l.presets, seed), LegacyPresets(seed));
  }
}

TEST(Presets, BuiltinListEqualsTheShippedFile) {
  // The fallback is what a complete install would show.
  const PresetLoad l = LoadPresets(kShipped);
  ASSERT_EQ(l.error, "");
  EXPECT_EQ(l.presets, BuiltinPresets());
  ExpectSameMenu(MakePresets(BuiltinPresets(), 5), LegacyPresets(5));
}

TEST(Presets, RandomEntriesFollowTheSeedFixedOnesDoNot) {
  const std::vector<PresetSpec> specs = BuiltinPresets();
  const std::vector<Preset> a = MakePresets(specs, 1), b = MakePresets(specs, 2);
  ASSERT_EQ(a.size(), b.size());
  int random = 0;
  for (size_t i = 0; i < specs.size(); ++i) {
    if (specs[i].random > 0) {
      ++random;
      EXPECT_EQ(a[i].values.size(), static_cast<size_t>(specs[i].random));
      EXPECT_NE(a[i].values, b[i].values) << specs[i].name;
    } else {
      EXPECT_EQ(a[i].values, b[i].values) << specs[i].name;
    }
  }
  EXPECT_EQ(random, 3);  // power of two, not a power of two, the largest block
}

TEST(Presets, Float32ValuesAreRoundedToFloat32) {
  const PresetLoad l = ParsePresets(
      OneEntry(R"({"name": "tenth", "values": [0.1, 16777217, -3.4e38], "type": "float32"})"));
  ASSERT_EQ(l.error, "");
  ASSERT_EQ(l.presets.size(), 1u);
  EXPECT_EQ(l.presets[0].values, (std::vector<double>{static_cast<float>(0.1), 16777216.0,
                                                      static_cast<float>(-3.4e38)}));
  EXPECT_EQ(l.presets[0].type, ElementType::kFloat32);
}

TEST(Presets, UntypedAndInt32ValuesAreInt32Integers) {
  const PresetLoad l =
      ParsePresets(OneEntry(R"({"name": "edges", "values": [-2147483648, 2147483647, 1e9]})"));
  ASSERT_EQ(l.error, "");
  EXPECT_EQ(l.presets[0].values, (std::vector<double>{-2147483648.0, 2147483647.0, 1e9}));
  EXPECT_FALSE(l.presets[0].type.has_value());
  ExpectRefused(OneEntry(R"({"name": "x", "values": [2147483648]})"),
                "presets[0]: values[0] is not an integer in int32's range");
  ExpectRefused(OneEntry(R"({"name": "x", "values": [1, -2147483649]})"), "values[1]");
  ExpectRefused(OneEntry(R"({"name": "x", "values": [1.5], "type": "int32"})"), "values[0]");
  ExpectRefused(OneEntry(R"({"name": "x", "values": [18446744073709551615]})"), "values[0]");
  ExpectRefused(OneEntry(R"({"name": "x", "values": [1e39], "type": "float32"})"),
                "values[0] is not a finite float32 number");
}

TEST(Presets, WrongTypesAreNamed) {
  ExpectRefused(OneEntry(R"({"name": "x", "values": [1, "2"]})"), "values[1]");
  ExpectRefused(OneEntry(R"({"name": "x", "values": [1, null]})"), "values[1]");
  ExpectRefused(OneEntry(R"({"name": "x", "values": [true]})"), "values[0]");
  ExpectRefused(OneEntry(R"({"name": "x", "values": "3 1 7 0"})"), "'values' must be an array");
  ExpectRefused(OneEntry(R"({"name": "x", "values": []})"), "'values' must be an array");
  ExpectRefused(OneEntry(R"({"name": 3, "values": [1]})"), "'name' missing or not a string");
  ExpectRefused(OneEntry(R"({"values": [1]})"), "'name' missing");
  ExpectRefused(OneEntry(R"({"name": "", "values": [1]})"), "'name' is empty");
  ExpectRefused(OneEntry(R"({"name": "a\tb", "values": [1]})"), "control character");
  ExpectRefused(OneEntry(R"({"name": "x", "values": [1], "type": "float64"})"), "'type' must be");
  ExpectRefused(OneEntry(R"({"name": "x", "values": [1], "type": 32})"), "'type' must be");
  ExpectRefused(OneEntry(R"({"name": "x", "value": [1]})"), "unknown key \"value\"");
  ExpectRefused(OneEntry(R"({"name": "x"})"), "exactly one of 'values' and 'random'");
  ExpectRefused(OneEntry(R"({"name": "x", "values": [1], "random": 4})"), "exactly one of");
  ExpectRefused(OneEntry(R"(["x", [1]])"), "presets[0]: not an object");
  ExpectRefused(R"({"schema": "scanviz-presets/1", "presets": [{"name": "a", "values": [1]},
                {"name": "a", "values": [2]}]})",
                "presets[1]: 'name' repeats an earlier one");
}

TEST(Presets, RandomCountsAreChecked) {
  const PresetLoad l = ParsePresets(OneEntry(R"({"name": "r", "random": 1024})"));
  ASSERT_EQ(l.error, "");
  EXPECT_EQ(l.presets[0].random, 1024);
  EXPECT_EQ(MakePresets(l.presets, 3)[0].values, RandomValues(1024, 3, ElementType::kInt32));
  for (const char* bad : {"0", "1025", "-1", "1.5", "\"8\"", "1e3", "18446744073709551615"})
    ExpectRefused(OneEntry(std::string(R"({"name": "r", "random": )") + bad + "}"),
                  "'random' must be a whole number 1..1024");
}

TEST(Presets, TheFileAsAWholeIsChecked) {
  ExpectRefused("", "not valid JSON");
  ExpectRefused("{\"schema\": \"scanviz-presets/1\", \"presets\": [", "not valid JSON");
  ExpectRefused("[1, 2]", "not a JSON object");
  ExpectRefused(R"({"presets": []})", "'schema' missing");
  ExpectRefused(R"({"schema": "scanviz-presets/2", "presets": []})", "unsupported schema");
  ExpectRefused(R"({"schema": "scanviz-presets/1"})", "'presets' missing");
  ExpectRefused(R"({"schema": "scanviz-presets/1", "presets": []})", "'presets' missing");
  ExpectRefused(R"({"schema": "scanviz-presets/1", "presets": {"a": 1}})", "'presets' missing");
  ExpectRefused(OneEntry(R"({"name": "x", "values": [1e400]})"), "not valid JSON");
  ExpectRefused(OneEntry("{\"name\": \"\xff\", \"values\": [1]}"), "not valid JSON");  // not UTF-8
}

TEST(Presets, SizeLimits) {
  // Too deep: refused by the nesting check before the parser sees it.
  ExpectRefused(std::string(100000, '[') + std::string(100000, ']'), "nested more than 4");
  ExpectRefused(OneEntry(R"({"name": "x", "values": [[[1]]]})"), "nested more than 4");
  // Too long a file, too many presets, too many values, too long a name.
  ExpectRefused(
      OneEntry(R"({"name": "x", "values": [1]})") + std::string(kMaxPresetsFileBytes, ' '),
      "larger than");
  std::string many = R"({"schema": "scanviz-presets/1", "presets": [)";
  for (int i = 0; i <= kMaxPresets; ++i) {
    if (i > 0) many += ",";
    many.append(R"({"name": "p)").append(std::to_string(i)).append(R"(", "random": 2})");
  }
  ExpectRefused(many + "]}", "more than 100 presets");
  std::string values = "1";
  for (int i = 1; i <= kMaxElements; ++i) values += ",1";
  ExpectRefused(OneEntry(R"({"name": "x", "values": [)" + values + "]}"),
                "'values' must be an array of 1..1024 numbers");
  ExpectRefused(OneEntry(R"({"name": ")" + std::string(kMaxPresetNameBytes + 1, 'n') +
                         R"(", "values": [1]})"),
                "'name' is longer than 100 bytes");
}

TEST(Presets, LoadNamesThePath) {
  testing::TempDir dir;
  PresetLoad l = LoadPresets(dir.File("absent.json"));
  EXPECT_EQ(l.error, dir.File("absent.json") + ": not found");
  EXPECT_EQ(l.presets, BuiltinPresets());
  l = LoadPresets("");
  EXPECT_NE(l.error.find("no presets file"), std::string::npos) << l.error;
  l = LoadPresets(dir.Path().string());  // a directory
  EXPECT_EQ(l.error.rfind(dir.Path().string() + ": ", 0), 0u) << l.error;
  EXPECT_EQ(l.presets, BuiltinPresets());
  {
    std::ofstream f(dir.File("bad.json"));
    f << R"({"schema": "scanviz-presets/1", "presets": [{"name": "x"}]})";
  }
  l = LoadPresets(dir.File("bad.json"));
  EXPECT_EQ(l.error,
            dir.File("bad.json") + ": presets[0]: needs exactly one of 'values' and 'random'");
  {
    std::ofstream f(dir.File("good.json"));
    f << OneEntry(R"({"name": "mine", "values": [5, 4]})");
  }
  l = LoadPresets(dir.File("good.json"));
  ASSERT_EQ(l.error, "");
  ASSERT_EQ(l.presets.size(), 1u);
  EXPECT_EQ(l.presets[0].name, "mine");
  EXPECT_EQ(l.presets[0].values, (std::vector<double>{5, 4}));
}

}  // namespace
}  // namespace scanviz
