// The scan across GPUs' trace files (core/multi_gpu/multi_gpu_io.h): the round trip through the
// file and through any_trace_io, what loading refuses (one line, nothing half-loaded), and the
// merge of the ranks' parts (and its refusals).
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <sstream>

#include "core/any_trace_io.h"
#include "core/multi_gpu/multi_gpu_io.h"
#include "support/temp_dir.h"

namespace scanviz {
namespace {

using V = std::vector<double>;

MultiGpuTrace Simulated(MultiGpuStrategy strategy = MultiGpuStrategy::kReduceThenScan,
                        ElementType type = ElementType::kFloat32, int gpus = 3) {
  MultiGpuRequest r;
  r.gpus = gpus;
  r.strategy = strategy;
  r.type = type;
  r.op = OpKind::kAdd;
  r.inclusive = false;
  r.tile_size = 4;
  for (int i = 0; i < 23; ++i) r.input.push_back(i % 5 == 0 ? 0.5 : i % 7);
  return SimulateMultiGpu(r);
}

std::string Text(const MultiGpuTrace& t) {
  std::ostringstream out;
  WriteMultiGpuJson(t, out);
  return out.str();
}

void ExpectSame(const MultiGpuTrace& a, const MultiGpuTrace& b) {
  EXPECT_EQ(Text(a), Text(b));
  ASSERT_EQ(a.Gpus(), b.Gpus());
  EXPECT_EQ(a.output, b.output);
  for (int k = 0; k < a.Gpus(); ++k) {
    const GpuRank &x = a.ranks[static_cast<size_t>(k)], &y = b.ranks[static_cast<size_t>(k)];
    EXPECT_EQ(x.gathered, y.gathered);
    EXPECT_EQ(x.offset, y.offset);
    EXPECT_EQ(x.phases.size(), y.phases.size());
    ASSERT_EQ(x.shard.has_value(), y.shard.has_value());
    if (x.shard) {
      EXPECT_EQ(x.shard->carry_in, y.shard->carry_in);
    }
  }
}

TEST(MultiGpuIo, RoundTripsThroughAFileAndAnyTraceIo) {
  for (const auto strategy : {MultiGpuStrategy::kScanThenAdd, MultiGpuStrategy::kReduceThenScan}) {
    const MultiGpuTrace t = Simulated(strategy);
    testing::TempDir dir;
    const std::string path = dir.File("t.json");
    ASSERT_EQ(SaveMultiGpuFile(t, path), "");
    const AnyTraceLoad loaded = LoadAnyTraceFile(path);
    ASSERT_TRUE(loaded.multi_gpu.has_value()) << loaded.error;
    EXPECT_FALSE(loaded.single_pass.has_value() || loaded.trace.has_value());
    ExpectSame(t, *loaded.multi_gpu);
    EXPECT_TRUE(CheckMultiGpu(*loaded.multi_gpu).empty());
  }
}

nlohmann::json Json(const MultiGpuTrace& t) {
  return nlohmann::json::parse(Text(t));
}

std::string LoadError(const nlohmann::json& j) {
  const AnyTraceLoad loaded = ParseAnyTraceJson(j.dump());
  EXPECT_FALSE(loaded.Ok());
  EXPECT_EQ(loaded.error.find('\n'), std::string::npos);
  return loaded.error;
}

TEST(MultiGpuIo, RefusesWhatTheViewCouldNotDraw) {
  const nlohmann::json good = Json(Simulated());
  ASSERT_TRUE(ParseAnyTraceJson(good.dump()).multi_gpu.has_value());
  nlohmann::json j = good;
  j["meta"]["gpus"] = 4;
  EXPECT_NE(LoadError(j).find("multi_gpu.ranks"), std::string::npos);
  j = good;
  j["multi_gpu"]["ranks"][1]["rank"] = 2;
  EXPECT_NE(LoadError(j).find("ranks[1].rank"), std::string::npos);
  j = good;
  j["multi_gpu"]["ranks"][1]["begin"] = 9;
  EXPECT_NE(LoadError(j).find("multi_gpu.ranks[1]"), std::string::npos);
  j = good;
  j["multi_gpu"]["ranks"][0]["phases"][1]["end"] = 0;
  EXPECT_NE(LoadError(j).find("phases[1].end"), std::string::npos);
  j = good;
  j["multi_gpu"]["ranks"][0]["phases"][0]["kind"] = "scatter";
  EXPECT_NE(LoadError(j).find("phases[0].kind"), std::string::npos);
  j = good;
  j["multi_gpu"]["ranks"][2]["gathered"].erase(0);
  EXPECT_NE(LoadError(j).find("gathered"), std::string::npos);
  j = good;
  j["meta"]["strategy"] = "scan-then-scan";
  EXPECT_NE(LoadError(j).find("meta.strategy"), std::string::npos);
  j = good;
  j["multi_gpu"]["ranks"][1]["shard"]["input"].erase(0);
  EXPECT_NE(LoadError(j).find("ranks[1].shard"), std::string::npos);
  j = good;
  j["meta"]["identity"] = 1;
  EXPECT_NE(LoadError(j).find("meta.identity"), std::string::npos);
}

// The ranks' parts as each process writes them: its rank, its slice.
MultiGpuTrace Part(const MultiGpuTrace& whole, int rank) {
  MultiGpuTrace p = whole;
  const GpuRank& r = whole.ranks[static_cast<size_t>(rank)];
  p.ranks = {r};
  p.input.assign(whole.input.begin() + r.begin, whole.input.begin() + r.end);
  p.output.assign(whole.output.begin() + r.begin, whole.output.begin() + r.end);
  return p;
}

TEST(MultiGpuMerge, ThePartsMakeTheWholeInAnyOrder) {
  const MultiGpuTrace whole = Simulated(MultiGpuStrategy::kScanThenAdd, ElementType::kInt32, 4);
  std::string why;
  const std::optional<MultiGpuTrace> merged =
      MergeRankTraces({Part(whole, 2), Part(whole, 0), Part(whole, 3), Part(whole, 1)}, &why);
  ASSERT_TRUE(merged.has_value()) << why;
  ExpectSame(whole, *merged);
  EXPECT_TRUE(CheckMultiGpu(*merged).empty());
}

TEST(MultiGpuMerge, APartRoundTripsThroughItsFile) {
  const MultiGpuTrace whole = Simulated();
  testing::TempDir dir;
  std::vector<MultiGpuTrace> parts;
  for (int k = 0; k < whole.Gpus(); ++k) {
    const std::string path = dir.File("rank" + std::to_string(k) + ".json");
    ASSERT_EQ(SaveMultiGpuFile(Part(whole, k), path), "");
    std::string why;
    std::optional<MultiGpuTrace> part = LoadMultiGpuPartFile(path, &why);
    ASSERT_TRUE(part.has_value()) << why;
    parts.push_back(std::move(*part));
  }
  // A part is not a whole trace: any_trace_io refuses it.
  EXPECT_FALSE(LoadAnyTraceFile(dir.File("rank1.json")).Ok());
  std::string why;
  const std::optional<MultiGpuTrace> merged = MergeRankTraces(parts, &why);
  ASSERT_TRUE(merged.has_value()) << why;
  ExpectSame(whole, *merged);
}

std::string Refusal(std::vector<MultiGpuTrace> parts) {
  std::string why;
  EXPECT_FALSE(MergeRankTraces(std::move(parts), &why).has_value());
  return why;
}

TEST(MultiGpuMerge, RefusesPartsThatDoNotFit) {
  const MultiGpuTrace w = Simulated(MultiGpuStrategy::kScanThenAdd, ElementType::kInt32, 3);
  EXPECT_NE(Refusal({}).find("none"), std::string::npos);
  EXPECT_NE(Refusal({Part(w, 0), Part(w, 1)}).find("2 parts for 3 GPUs"), std::string::npos);
  EXPECT_NE(Refusal({Part(w, 0), Part(w, 1), Part(w, 1)}).find("rank 1 is there twice"),
            std::string::npos);
  MultiGpuTrace other = Part(w, 1);
  other.strategy = MultiGpuStrategy::kReduceThenScan;
  EXPECT_NE(Refusal({Part(w, 0), other, Part(w, 2)}).find("another strategy"), std::string::npos);
  MultiGpuTrace op = Part(w, 2);
  op.op = OpKind::kMax;
  EXPECT_NE(Refusal({Part(w, 0), Part(w, 1), op}).find("another operator"), std::string::npos);
  MultiGpuTrace flavour = Part(w, 2);
  flavour.inclusive = !flavour.inclusive;
  EXPECT_NE(Refusal({Part(w, 0), Part(w, 1), flavour}).find("flavour"), std::string::npos);
  MultiGpuTrace gap = Part(w, 2);
  gap.ranks[0].begin += 1;
  gap.input.pop_back();
  gap.output.pop_back();
  EXPECT_NE(Refusal({Part(w, 0), Part(w, 1), gap}).find("rank 2's shard begins at"),
            std::string::npos);
  MultiGpuTrace two = Part(w, 0);
  two.ranks.push_back(w.ranks[1]);
  EXPECT_NE(Refusal({two, Part(w, 2)}).find("holds 2 ranks"), std::string::npos);
}

}  // namespace
}  // namespace scanviz
