// Trace files: the round trip, and every kind of bad file failing with a message that names the
// problem (never a crash, never half a trace).
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <limits>
#include <fstream>
#include <nlohmann/json.hpp>

#include "core/analysis.h"
#include "core/input.h"
#include "core/simulator.h"
#include "core/trace_io.h"
#include "support/temp_dir.h"
#include "support/trace_compare.h"

namespace scanviz {
namespace {

using nlohmann::json;

Trace Example(Algorithm algorithm, ElementType type = ElementType::kInt32,
              OpKind op = OpKind::kAdd) {
  return Simulate(ScanRequest{algorithm, op, type, {3, 1, 7, 0, 4, 1, 6}});
}

std::string LoadError(const std::string& text) {
  const TraceLoadResult r = ParseTraceJson(text);
  EXPECT_FALSE(r.trace.has_value());
  return r.error;
}

TEST(TraceIo, RoundTripKeepsEveryCellAndAction) {
  for (Algorithm algorithm : {Algorithm::kHillisSteele, Algorithm::kBlelloch}) {
    for (ElementType type : {ElementType::kInt32, ElementType::kFloat32}) {
      for (OpKind op : kAllOps) {
        const Trace original = Example(algorithm, type, op);
        const TraceLoadResult loaded = ParseTraceJson(TraceToJson(original));
        ASSERT_TRUE(loaded.trace) << loaded.error;
        EXPECT_EQ(testing::FirstDifferenceInFile(original, *loaded.trace), "");
      }
    }
  }
}

// The same with the conversion round, whose file says "converted": true.
TEST(TraceIo, RoundTripKeepsTheConversion) {
  for (Algorithm algorithm : {Algorithm::kHillisSteele, Algorithm::kBlelloch}) {
    for (ElementType type : {ElementType::kInt32, ElementType::kFloat32}) {
      for (OpKind op : kAllOps) {
        ScanRequest request{algorithm, op, type, {3, 1, 7, 0, 4, 1, 6}, /*convert=*/true};
        const Trace original = Simulate(request);
        const TraceLoadResult loaded = ParseTraceJson(TraceToJson(original));
        ASSERT_TRUE(loaded.trace) << loaded.error;
        EXPECT_EQ(testing::FirstDifferenceInFile(original, *loaded.trace), "");
      }
    }
  }
}

// Every backend field differs from every other, so a writer that swaps two of them is caught.
BackendInfo Cuda() {
  return BackendInfo{BackendKind::kCuda, "NVIDIA H200", 9, 0, 13000, 12080};
}

TEST(TraceIo, RoundTripKeepsTheCudaBackendInfo) {
  Trace t = Example(Algorithm::kBlelloch);
  t.meta.backend = Cuda();
  const TraceLoadResult loaded = ParseTraceJson(TraceToJson(t));
  ASSERT_TRUE(loaded.trace) << loaded.error;
  EXPECT_EQ(testing::FirstDifferenceInFile(t, *loaded.trace), "");
  EXPECT_EQ(DescribeBackend(loaded.trace->meta.backend), "CUDA: NVIDIA H200 (sm_90)");
}

// A round trip compares every field the file holds: a file whose backend was changed loads (it is
// valid), records the same run, and still differs from the trace it was written from.
TEST(TraceIo, FileComparisonSeesEveryBackendField) {
  Trace t = Example(Algorithm::kBlelloch);
  t.meta.backend = Cuda();
  const json good = json::parse(TraceToJson(t));
  const struct {
    const char* key;
    json value;
    const char* expected;
  } cases[] = {
      {"driver_version", 12040, "meta.backend.driver_version: 13000 vs 12040"},
      {"runtime_version", 13000, "meta.backend.runtime_version: 12080 vs 13000"},
      {"compute_major", 8, "meta.backend.compute_major: 9 vs 8"},
      {"compute_minor", 9, "meta.backend.compute_minor: 0 vs 9"},
      {"device", "NVIDIA H100", "meta.backend.device: \"NVIDIA H200\" vs \"NVIDIA H100\""},
  };
  for (const auto& c : cases) {
    json j = good;
    j["meta"]["backend"][c.key] = c.value;
    const TraceLoadResult loaded = ParseTraceJson(j.dump());
    ASSERT_TRUE(loaded.trace) << c.key << ": " << loaded.error;
    EXPECT_EQ(testing::FirstDifference(t, *loaded.trace), "") << c.key;  // the same run
    EXPECT_EQ(testing::FirstDifferenceInFile(t, *loaded.trace), c.expected);
  }
  json cpu = good;
  cpu["meta"]["backend"] = {{"kind", "cpu"}};
  const TraceLoadResult loaded = ParseTraceJson(cpu.dump());
  ASSERT_TRUE(loaded.trace) << loaded.error;
  EXPECT_EQ(testing::FirstDifferenceInFile(t, *loaded.trace), "meta.backend.kind: cuda vs cpu");
  // The fields the loader checks against the operator, changed in memory.
  Trace other = *loaded.trace;
  other.meta.backend = t.meta.backend;
  EXPECT_EQ(testing::FirstDifferenceInFile(t, other), "");
  other.meta.identity = 1;
  EXPECT_EQ(testing::FirstDifferenceInFile(t, other), "meta.identity: 0 vs 1");
  other.meta.identity = 0;
  other.meta.converted = true;
  EXPECT_EQ(testing::FirstDifferenceInFile(t, other), "meta.converted: false vs true");
}

// A writer that drops a field must not pass unnoticed: the loader requires every field and names
// the one that is missing.
TEST(TraceIo, ADroppedFieldIsNoticed) {
  for (Algorithm algorithm : {Algorithm::kHillisSteele, Algorithm::kBlelloch}) {
    for (ElementType type : {ElementType::kInt32, ElementType::kFloat32}) {
      for (OpKind op : kAllOps) {
        json j = json::parse(TraceToJson(Example(algorithm, type, op)));
        j["meta"].erase("identity");
        EXPECT_EQ(LoadError(j.dump()), "meta: missing field \"identity\"")
            << ToString(algorithm) << " " << ToString(type) << " " << ToString(op);
      }
    }
  }
  // Version 2 files always say whether they were converted.
  for (Algorithm algorithm : {Algorithm::kHillisSteele, Algorithm::kBlelloch}) {
    ScanRequest request{algorithm, OpKind::kAdd, ElementType::kInt32, {3, 1, 7, 0, 4, 1, 6}, true};
    json j = json::parse(TraceToJson(Simulate(request)));
    j["meta"].erase("converted");
    EXPECT_EQ(LoadError(j.dump()), "meta: missing field \"converted\"");
  }
  // Version 1 files recorded before the flag existed (docs/example-blelloch-h200.json) have none:
  // without a conversion round that means false, and nothing is lost. A version 1 file that has
  // the conversion round but not the flag names the flag.
  {
    auto v1 = [](const char* name) {
      std::ifstream in(std::string(SCANVIZ_SOURCE_DIR) + "/tests/data/v1/" + name + ".json");
      json j = json::parse(in);
      j["meta"].erase("converted");
      return j;
    };
    EXPECT_EQ(LoadError(v1("blelloch-example-convert").dump()),
              "meta.converted: missing, but the file has the 9 rounds of a converted scan");
    EXPECT_EQ(LoadError(v1("hillis-steele-example-convert").dump()),
              "meta.converted: missing, but the file has the 5 rounds of a converted scan");
    const TraceLoadResult loaded = ParseTraceJson(v1("blelloch-example").dump());
    ASSERT_TRUE(loaded.trace) << loaded.error;
    EXPECT_FALSE(loaded.trace->meta.converted);
  }
  // Every CUDA backend field.
  Trace t = Example(Algorithm::kBlelloch);
  t.meta.backend = Cuda();
  const json cuda = json::parse(TraceToJson(t));
  for (const char* key :
       {"kind", "device", "compute_major", "compute_minor", "driver_version", "runtime_version"}) {
    json j = cuda;
    j["meta"]["backend"].erase(key);
    EXPECT_EQ(LoadError(j.dump()), std::string("meta.backend: missing field \"") + key + "\"");
  }
  for (const char* key :
       {"algorithm", "op", "type", "n", "padded_n", "block_size", "block_count", "backend"}) {
    json j = cuda;
    j["meta"].erase(key);
    EXPECT_EQ(LoadError(j.dump()), std::string("meta: missing field \"") + key + "\"");
  }
}

// The identity in the file must be the operator's: a writer that records another one is caught,
// and so is an edited file.
TEST(TraceIo, RejectsAnIdentityThatIsNotTheOperators) {
  const struct {
    OpKind op;
    ElementType type;
    json identity;
    const char* expected;
  } cases[] = {
      {OpKind::kAdd, ElementType::kInt32, 1,
       "meta.identity: 1, but the identity of add on int32 is 0"},
      {OpKind::kMax, ElementType::kInt32, 0,
       "meta.identity: 0, but the identity of max on int32 is -2147483648"},
      {OpKind::kMin, ElementType::kInt32, -2147483648LL,
       "meta.identity: -2147483648, but the identity of min on int32 is 2147483647"},
      {OpKind::kMax, ElementType::kFloat32, "inf",
       "meta.identity: inf, but the identity of max on float32 is -inf"},
      {OpKind::kAdd, ElementType::kFloat32, -0.0,
       "meta.identity: -0, but the identity of add on float32 is 0"},
      {OpKind::kLast, ElementType::kInt32, 7,
       "meta.identity: 7, but the identity of last on int32 is 0"},
      {OpKind::kAdd, ElementType::kInt32, 0.5, "meta.identity: expected an int32 value"},
      {OpKind::kAdd, ElementType::kInt32, nullptr, "meta.identity: expected an int32 value"},
  };
  for (const auto& c : cases) {
    json j = json::parse(TraceToJson(Example(Algorithm::kHillisSteele, c.type, c.op)));
    j["meta"]["identity"] = c.identity;
    EXPECT_EQ(LoadError(j.dump()), c.expected);
  }
}

// docs/example-blelloch-h200.json, the trace the H200 recorded (gpu-validation.md links it), loads
// and passes the self-check: a stricter loader must not lock out the files already written.
TEST(TraceIo, TheCommittedH200TraceLoads) {
  const TraceLoadResult loaded =
      LoadTraceFile(SCANVIZ_SOURCE_DIR "/docs/example-blelloch-h200.json");
  ASSERT_TRUE(loaded.trace) << loaded.error;
  EXPECT_EQ(DescribeBackend(loaded.trace->meta.backend), "CUDA: NVIDIA H200 (sm_90)");
  EXPECT_TRUE(Analyze(*loaded.trace).Ok());
  EXPECT_EQ(loaded.trace->Result(), (std::vector<double>{0, 3, 4, 11, 11, 15, 16, 22}));
}

TEST(TraceIo, UndefinedCellsAreNull) {
  const json j = json::parse(TraceToJson(Example(Algorithm::kHillisSteele)));
  EXPECT_TRUE(j["rounds"][0]["values"][1][0].is_null());  // buf[1] before round 1 writes it
  EXPECT_EQ(j["rounds"][1]["values"][1][1], 4);
}

TEST(TraceIo, RejectsAnUnknownVersion) {
  json j = json::parse(TraceToJson(Example(Algorithm::kBlelloch)));
  j["version"] = 3;
  EXPECT_EQ(LoadError(j.dump()),
            "unsupported trace format version 3 (this build reads versions 1 and 2)");
  j["version"] = 0;
  EXPECT_NE(LoadError(j.dump()).find("version 0"), std::string::npos);
}

TEST(TraceIo, RejectsSomethingElse) {
  EXPECT_NE(LoadError("[1,2,3]").find("not a JSON object"), std::string::npos);
  EXPECT_NE(LoadError("{\"hello\": 1}").find("not a ScanViz trace"), std::string::npos);
  EXPECT_NE(LoadError("").find("malformed JSON"), std::string::npos);
}

TEST(TraceIo, EveryTruncationFailsCleanly) {
  const std::string text = TraceToJson(Example(Algorithm::kHillisSteele));
  for (size_t length = 0; length + 1 < text.size(); length += 7) {
    const TraceLoadResult r = ParseTraceJson(text.substr(0, length));
    ASSERT_FALSE(r.trace.has_value()) << length;
    ASSERT_NE(r.error.find("malformed JSON"), std::string::npos) << r.error;
  }
}

TEST(TraceIo, RejectsSnapshotsThatContradictTheMetadata) {
  const json good = json::parse(TraceToJson(Example(Algorithm::kBlelloch)));
  struct Case {
    const char* name;
    void (*edit)(json&);
    const char* expected;
  };
  const Case cases[] = {
      {"short buffer", [](json& j) { j["rounds"][2]["values"][0].erase(3); },
       "rounds[2].values[0]: has 7 cells, but buf has 8"},
      {"missing round", [](json& j) { j["rounds"].erase(5); },
       "rounds: the file has 7 rounds, but a blelloch scan of 7 elements records 8 (truncated or "
       "edited?)"},
      {"wrong n", [](json& j) { j["meta"]["n"] = 9; },
       "meta.padded_n: 8, but a blelloch scan of 9 elements has 16"},
      {"input length", [](json& j) { j["input"].erase(0); },
       "input: has 6 values, but meta.n is 7"},
      {"phase", [](json& j) { j["rounds"][1]["phase"] = "down-sweep"; },
       "rounds[1]: is down-sweep stride 1, but the metadata's scan has up-sweep stride 1 here"},
      {"unknown op", [](json& j) { j["meta"]["op"] = "mul"; }, "meta.op: unknown value \"mul\""},
      {"value type", [](json& j) { j["rounds"][1]["values"][0][1] = 1.5; },
       "rounds[1].values[0][1]: expected an int32 value"},
      {"value range", [](json& j) { j["input"][0] = 4294967296LL; },
       "input[0]: value outside int32"},
      {"null but written", [](json& j) { j["rounds"][1]["values"][0][1] = nullptr; },
       "rounds[1].values[0][1]: is null, but a thread has written it"},
      {"thread count", [](json& j) { j["rounds"][1]["actions"].erase(0); },
       "rounds[1].actions: expected 8 threads"},
      {"bad action",
       [](json& j) {
         j["rounds"][1]["actions"][0] = json::array({"fly", json::array(), json::array()});
       },
       "rounds[1].actions[0]: unknown action \"fly\""},
      {"position", [](json& j) { j["rounds"][1]["actions"][1][2][0][1] = 99; },
       "rounds[1].actions[1]: position out of range"},
      {"array", [](json& j) { j["rounds"][1]["actions"][1][2][0][0] = 5; },
       "rounds[1].actions[1]: array out of range"},
      {"write to the input", [](json& j) { j["rounds"][1]["actions"][1][2][0][0] = "input"; },
       "rounds[1].actions[1]: writes to the input"},
      {"access shape", [](json& j) { j["rounds"][1]["actions"][1][1][0] = 3; },
       "rounds[1].actions[1]: expected an access [array, position]"},
      {"level", [](json& j) { j["rounds"][2]["level"] = "warp"; },
       "rounds[2]: is up-sweep stride 2 at warp level, but the metadata's scan has up-sweep "
       "stride 2 at block level here"},
      {"unknown level", [](json& j) { j["rounds"][2]["level"] = "galaxy"; },
       "rounds[2].level: unknown value \"galaxy\""},
      {"arrays", [](json& j) { j["arrays"][0]["size"] = 16; },
       "arrays[0]: \"buf\" (shared, 16), but a blelloch scan of 7 elements has buf (shared, 8)"},
      {"array space", [](json& j) { j["arrays"][0]["space"] = "register"; },
       "arrays[0]: \"buf\" (register, 8), but a blelloch scan of 7 elements has buf (shared, 8)"},
      {"block count", [](json& j) { j["meta"]["block_count"] = 2; },
       "meta.block_count: 2, but a blelloch scan of 7 elements has 1"},
      {"identity", [](json& j) { j["meta"]["identity"] = 5; },
       "meta.identity: 5, but the identity of add on int32 is 0"},
      {"no identity", [](json& j) { j["meta"].erase("identity"); },
       "meta: missing field \"identity\""},
      {"no converted", [](json& j) { j["meta"].erase("converted"); },
       "meta: missing field \"converted\""},
      {"first round not recorded", [](json& j) { j["rounds"][0]["values"][0] = nullptr; },
       "rounds[0].values[0]: the first round records every array"},
      {"unrecorded but written", [](json& j) { j["rounds"][1]["values"][0] = nullptr; },
       "rounds[1].values[0]: is not recorded, but written"},
      {"missing field", [](json& j) { j["rounds"][3].erase("stride"); },
       "rounds[3]: missing field \"stride\""},
  };
  for (const Case& c : cases) {
    json j = good;
    c.edit(j);
    EXPECT_EQ(LoadError(j.dump()), c.expected) << c.name;
  }
}

TEST(TraceIo, AValidFileWithAWrongValueLoadsButFailsTheCheck) {
  json j = json::parse(TraceToJson(Example(Algorithm::kBlelloch)));
  j["rounds"][3]["values"][0][7] = 26;  // the up-sweep total, off by one
  const TraceLoadResult loaded = ParseTraceJson(j.dump());
  ASSERT_TRUE(loaded.trace) << loaded.error;
  EXPECT_FALSE(Analyze(*loaded.trace).Ok());
}

// Version 1 files, written before the engine (tests/data/v1), still load, and the drivers give
// the very same run.
TEST(TraceIo, VersionOneFilesLoadAndTheDriversReproduceThem) {
  int files = 0;
  for (const char* name : {"hillis-steele-example", "blelloch-example",
                           "hillis-steele-example-convert", "blelloch-example-convert",
                           "hillis-steele-last", "blelloch-last", "hillis-steele-float32-13",
                           "blelloch-float32-13", "hillis-steele-max-13", "blelloch-max-13"}) {
    const std::string path = std::string(SCANVIZ_SOURCE_DIR) + "/tests/data/v1/" + name + ".json";
    const TraceLoadResult loaded = LoadTraceFile(path);
    ASSERT_TRUE(loaded.trace) << loaded.error;
    const Trace& v1 = *loaded.trace;
    EXPECT_EQ(v1.meta.format_version, 1);
    const Trace now = Simulate(
        ScanRequest{v1.meta.algorithm, v1.meta.op, v1.meta.type, v1.input, v1.meta.converted});
    EXPECT_EQ(testing::FirstDifference(v1, now), "") << name;
    EXPECT_TRUE(Analyze(v1).Ok()) << name;
    ++files;
  }
  EXPECT_EQ(files, 10);
  // A version 1 trace recorded on an H200 before the conversion round existed (no "converted").
  const TraceLoadResult h200 =
      LoadTraceFile(std::string(SCANVIZ_SOURCE_DIR) + "/docs/example-blelloch-h200.json");
  ASSERT_TRUE(h200.trace) << h200.error;
  EXPECT_EQ(h200.trace->meta.backend.kind, BackendKind::kCuda);
  EXPECT_TRUE(Analyze(*h200.trace).Ok());
}

TEST(TraceIo, VersionOneRejectsWhatVersionOneCannotHold) {
  const std::string path = std::string(SCANVIZ_SOURCE_DIR) + "/tests/data/v1/blelloch-example.json";
  std::ifstream in(path);
  json j = json::parse(in);
  j["meta"]["algorithm"] = "warp-shuffle";
  EXPECT_EQ(LoadError(j.dump()),
            "meta.algorithm: version 1 files hold only hillis-steele and blelloch");
}

TEST(TraceIo, WarpShuffleRoundTripKeepsRegistersAndLevels) {
  for (int n : {8, 40, 100, 1024}) {
    for (bool convert : {false, true}) {
      const Trace t =
          Simulate(ScanRequest{Algorithm::kWarpShuffle, OpKind::kAdd, ElementType::kInt32,
                               RandomValues(n, 3, ElementType::kInt32), convert});
      const std::string text = TraceToJson(t);
      const TraceLoadResult loaded = ParseTraceJson(text);
      ASSERT_TRUE(loaded.trace) << loaded.error;
      EXPECT_EQ(testing::FirstDifference(t, *loaded.trace), "") << n;
      const json j = json::parse(text);
      EXPECT_EQ(j["arrays"][0]["space"], "register");
      EXPECT_EQ(j["rounds"][1]["level"], "warp");
      EXPECT_EQ(j["rounds"][0]["level"], "lane");
    }
  }
}

// One warp has no warp sums: an access to that empty array is out of range (fuzz finding: the
// bound was compared as unsigned, and -1 let every position through to a write past the end).
TEST(TraceIo, AnAccessToAnEmptyArrayIsRefused) {
  const Trace t = Simulate(ScanRequest{Algorithm::kWarpShuffle, OpKind::kAdd, ElementType::kInt32,
                                       RandomValues(5, 3, ElementType::kInt32), false});
  json j = json::parse(TraceToJson(t));
  ASSERT_EQ(j["arrays"][1]["size"], 0);
  for (int dir : {1, 2}) {
    json e = j;
    e["rounds"][1]["actions"][7] = json::array({"add", json::array(), json::array()});
    e["rounds"][1]["actions"][7][dir] = json::array({json::array({1, 7})});
    EXPECT_EQ(LoadError(e.dump()), "rounds[1].actions[7]: position out of range") << dir;
  }
}

TEST(TraceIo, FloatInfinitiesSurvive) {
  const Trace t =
      Simulate(ScanRequest{Algorithm::kBlelloch, OpKind::kMax, ElementType::kFloat32, {1.25, -3}});
  const TraceLoadResult loaded = ParseTraceJson(TraceToJson(t));
  ASSERT_TRUE(loaded.trace) << loaded.error;
  EXPECT_EQ(testing::FirstDifferenceInFile(t, *loaded.trace), "");
}

TEST(TraceIo, NotANumberSurvivesAsText) {
  // inf + -inf in a float32 sum is NaN; JSON has no NaN, so the file says "nan".
  const double inf = std::numeric_limits<double>::infinity();
  const Trace t = Simulate(
      ScanRequest{Algorithm::kHillisSteele, OpKind::kAdd, ElementType::kFloat32, {inf, -inf, 1}});
  const std::string text = TraceToJson(t);
  EXPECT_NE(text.find("\"nan\""), std::string::npos);
  const TraceLoadResult loaded = ParseTraceJson(text);
  ASSERT_TRUE(loaded.trace) << loaded.error;
  EXPECT_TRUE(std::isnan(loaded.trace->rounds.back().buffers[0][1]));
  EXPECT_EQ(TraceToJson(*loaded.trace), text);  // NaN != NaN: compare the files
  EXPECT_TRUE(Analyze(*loaded.trace).Ok()) << Analyze(*loaded.trace).violations.front();
}

TEST(TraceIo, HostileNumbersAndShapesAreRefusedWithAReason) {
  const json good = json::parse(TraceToJson(Example(Algorithm::kHillisSteele)));
  struct Case {
    const char* name;
    std::string text;
    const char* expected;  // a part of the error
  };
  auto edited = [&](void (*edit)(json&)) {
    json j = good;
    edit(j);
    return j.dump();
  };
  std::string huge_number = good.dump();
  huge_number.replace(huge_number.find("\"n\":7"), 5, "\"n\":1e400");
  const Case cases[] = {
      // 2^32 + 7 wraps to 7 as a 32-bit int: refused, not read as 7.
      {"n wraps", edited([](json& j) { j["meta"]["n"] = 4294967303LL; }), "meta.n"},
      {"n negative", edited([](json& j) { j["meta"]["n"] = -7; }), "meta.n"},
      {"n unsigned 64", edited([](json& j) { j["meta"]["n"] = 18446744073709551615ULL; }), "meta.n"},
      {"stride wraps", edited([](json& j) { j["rounds"][1]["stride"] = 4294967297LL; }), "stride"},
      {"position wraps",
       edited([](json& j) { j["rounds"][1]["actions"][1][2][0][1] = 4294967297LL; }),
       "position out of range"},
      {"int32 too big", edited([](json& j) { j["rounds"][1]["values"][0][1] = 2147483648LL; }),
       "value outside int32"},
      {"1e400", huge_number, "malformed JSON"},
      {"deep nesting", std::string(200000, '[') + std::string(200000, ']'), "nested more than"},
  };
  for (const Case& c : cases) {
    const std::string error = LoadError(c.text);
    EXPECT_NE(error.find(c.expected), std::string::npos) << c.name << ": " << error;
  }
}

TEST(TraceIo, AFileThatIsNotARegularFileIsNotRead) {
  const testing::TempDir dir;
  EXPECT_NE(LoadTraceFile(dir.Path().string()).error.find("not a regular file"), std::string::npos);
  EXPECT_NE(LoadTraceFile("/dev/zero").error.find("not a regular file"), std::string::npos);
}

TEST(TraceIo, SaveIsAtomicAndLoadNamesTheFile) {
  const testing::TempDir dir;
  const std::string path = dir.File("trace.json");
  const Trace t = Example(Algorithm::kHillisSteele);
  ASSERT_EQ(SaveTraceFile(t, path), "");
  const TraceLoadResult loaded = LoadTraceFile(path);
  ASSERT_TRUE(loaded.trace) << loaded.error;
  EXPECT_EQ(testing::FirstDifferenceInFile(t, *loaded.trace), "");
  // The temporary file the save renames is gone: the directory holds the trace alone.
  int files = 0;
  for (const auto& entry : std::filesystem::directory_iterator(dir.Path())) {
    EXPECT_EQ(entry.path().filename(), "trace.json");
    ++files;
  }
  EXPECT_EQ(files, 1);
  const std::string nowhere = dir.File("no-such-dir/x.json");
  EXPECT_NE(SaveTraceFile(t, nowhere), "");
  const TraceLoadResult missing = LoadTraceFile(nowhere);
  EXPECT_EQ(missing.error, "cannot open " + nowhere + ": No such file or directory");
}

}  // namespace
}  // namespace scanviz

namespace scanviz {
namespace {

// Cycles per round, measured on a GPU, travel with the trace file to a laptop; a file without
// them says "not measured" (< 0), and a nonsense count is refused with its field's name.
TEST(TraceIoCycles, CyclesPerRoundRoundTripAndAreChecked) {
  Trace t = Simulate(ScanRequest{Algorithm::kBlelloch, OpKind::kAdd, ElementType::kInt32,
                                 {3, 1, 7, 0, 4, 1, 6, 3}});
  for (const Round& r : t.rounds) EXPECT_LT(r.cycles, 0);
  const std::string plain = TraceToJson(t);
  EXPECT_EQ(plain.find("cycles"), std::string::npos);
  for (size_t i = 0; i < t.rounds.size(); ++i) t.rounds[i].cycles = 100.0 + static_cast<double>(i);
  const TraceLoadResult back = ParseTraceJson(TraceToJson(t));
  ASSERT_TRUE(back.trace) << back.error;
  for (size_t i = 0; i < t.rounds.size(); ++i)
    EXPECT_EQ(back.trace->rounds[i].cycles, 100.0 + static_cast<double>(i));
  std::string bad = TraceToJson(t);
  const size_t at = bad.find("\"cycles\":100");
  ASSERT_NE(at, std::string::npos);
  bad.replace(at, 12, "\"cycles\":-5");
  const TraceLoadResult refused = ParseTraceJson(bad);
  EXPECT_FALSE(refused.trace);
  EXPECT_NE(refused.error.find("cycles"), std::string::npos) << refused.error;
}

}  // namespace
}  // namespace scanviz
