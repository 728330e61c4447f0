// Issue #37's narration audit, the kinds round three's audit left out: the scan across GPUs (the
// GPUs kind's narration and caption, scanviz-cli's multi-gpu table), the applications view's
// step texts, the work-and-depth captions and every kind's "work W, depth D" (the status bar, the
// figure's heading). Each number recomputed by tests/teach/audit/ from the trace.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <random>
#include <sstream>

#include "audit/claims.h"
#include "audit/report.h"
#include "cli/multi_gpu_table.h"
#include "core/registry.h"
#include "core/simulator.h"
#include "kinds/benchmark/bench_model.h"
#include "kinds/gpus/gpus_state.h"
#include "kinds/kind.h"
#include "scene/application_scene.h"
#include "scene/applications/scene_entry.h"
#include "scene/scene.h"
#include "state/app_state.h"
#include "teach/multi_gpu_teach.h"
#include "teach/work_depth.h"

namespace scanviz::audit {
namespace {

const int kSizes[] = {1, 2, 3, 8, 13, 31, 32, 33, 64, 100, 1024, 65536};
const ElementType kTypes[] = {ElementType::kInt32, ElementType::kFloat32};

std::vector<double> Values(int n, unsigned seed, int spread = 19) {
  std::mt19937 rng(seed + static_cast<unsigned>(n));
  std::vector<double> v;
  for (int i = 0; i < n; ++i)
    v.push_back(static_cast<double>(static_cast<int>(rng() % spread) - 6));
  return v;
}

// The GPUs kind's Narration tab and caption at every moment a class steps to, and the CLI's table:
// P from 1 to 16 (more GPUs than elements too, as the CLI allows), both strategies, every operator
// and type, n up to 2^16.
TEST(NarrationAudit, EverySentenceAcrossGpusIsTrue) {
  Audit audit;
  for (int n : kSizes)
    for (int gpus : {1, 2, 3, 4, 8, 16})
      for (MultiGpuStrategy strategy :
           {MultiGpuStrategy::kScanThenAdd, MultiGpuStrategy::kReduceThenScan})
        for (OpKind op : kAllOps)
          for (ElementType type : kTypes) {
            // 2^16: add on int32 (the words depend on the shards, not on the operator).
            if (n == 65536 && (op != OpKind::kAdd || type != ElementType::kInt32)) continue;
            MultiGpuRequest request;
            request.gpus = gpus;
            request.strategy = strategy;
            request.op = op;
            request.type = type;
            request.input = Values(n, 11);
            const MultiGpuTrace trace = SimulateMultiGpu(request);
            for (std::int64_t moment : MultiGpuMoments(trace)) {
              const teach::MultiGpuNarration told = teach::NarrateMultiGpu(trace, moment);
              std::string text = told.title;
              for (const std::string& p : told.paragraphs) text += "\n" + p;
              CheckMultiGpuNarration(trace, moment, text, &audit);
              CheckGpuCaption(trace, moment, GpuCaption(trace, moment), &audit);
            }
            std::ostringstream table;
            PrintMultiGpuTable(trace, table);
            CheckMultiGpuTable(trace, table.str(), &audit);
            // The kind's provenance line and its figure's heading: words by count.
            CheckGrammar(GpuProvenance(trace), &audit);
            if (n <= 1024)
              CheckGrammar(GpusFigureSvg(trace, trace.Span(), GpuProvenance(trace), {}), &audit);
          }
  ReportAudit(audit, {"gpus", "gpus caption", "cli gpus", "grammar"});
}

// The applications view: every step's title, note and narration (and the heading above them), for
// each application, block scan and block size, n up to 2^16; a radix sort of one pass and of three.
TEST(NarrationAudit, EveryApplicationStepIsTrue) {
  Audit audit;
  for (int a = 0; a < 4; ++a)
    for (const AlgorithmInfo* algorithm : Algorithms())
      for (int block : {4, 64, 1024})
        for (int n : kSizes)
          for (int bits : {1, 3}) {
            const auto kind = static_cast<ApplicationKind>(a);
            if (n == 65536 && block != 1024) continue;
            if (bits == 1 && kind != ApplicationKind::kRadixSort) continue;
            ApplicationRequest request;
            request.application = kind;
            request.block_algorithm = algorithm->id;
            request.block_size = block;
            request.params.bits = bits;
            request.params.bit = 1;
            // Sizes for an allocation, keys with negatives (a sign flip) for the others.
            request.input = Values(n, 5, kind == ApplicationKind::kAllocate ? 5 : 19);
            for (double& v : request.input)
              if (kind == ApplicationKind::kAllocate) v = v < 0 ? -v : v;
            if (!ValidateApplicationRequest(request).empty()) continue;
            const ApplicationTrace trace = SimulateApplication(request);
            const int steps = static_cast<int>(application_scene::Steps(trace).size());
            for (int k = 0; k < steps; ++k) {
              const application_scene::PassLayout l = application_scene::Build(trace, k);
              CheckApplicationStep(
                  trace, l.pass,
                  application_scene::Heading(trace) + "\n" + l.title + "\n" + l.note + "\n" +
                      l.narration + "\nstatus: " + application_scene::SceneOf(kind).status(trace),
                  &audit);
            }
          }
  ReportAudit(audit, {"applications", "grammar"});
}

// The work-and-depth captions: the chapters' trade-off and Brent's count from every algorithm's
// side at every n up to 1024, and the tab's caption (its fewest-steps ranges over n = 2..100 and
// 2..1024) for p from 1 to 1024.
TEST(NarrationAudit, EveryWorkAndDepthCaptionIsTrue) {
  Audit audit;
  for (int n : kSizes) {
    if (n > kMaxElements) continue;
    for (const AlgorithmInfo* a : Algorithms()) {
      CheckWorkDepthCaption(n, 0, teach::ChaptersTradeoff(a->id, n), &audit);
      CheckWorkDepthCaption(n, 0, teach::CornersTradeoff(a->id, n), &audit);
    }
  }
  const std::vector<teach::WorkDepthPoint> to100 = teach::WorkDepthSeries(100);
  for (int n : {1, 2, 3, 8, 13, 31, 32, 33, 64, 100})
    for (int p : {1, 2, 4, 32, 1024})
      CheckWorkDepthCaption(n, 100, teach::BrentCaption(to100, n, p), &audit);
  const std::vector<teach::WorkDepthPoint> to1024 = teach::WorkDepthSeries(kMaxElements);
  for (int p : {4, 32})
    CheckWorkDepthCaption(kMaxElements, kMaxElements, teach::BrentCaption(to1024, kMaxElements, p),
                          &audit);
  ReportAudit(audit, {"work depth"});
}

// "work W, depth D": the block scan's, side by side's and every algorithm's status bar, and the
// figure's heading at every round ("work 7 of 17 · depth 2 of 3"), every algorithm and operator.
TEST(NarrationAudit, EveryKindsWorkAndDepthIsTrue) {
  Audit audit;
  for (int n : kSizes) {
    if (n > kMaxElements) continue;
    std::string typed;
    for (double v : Values(n, 2)) typed += std::to_string(static_cast<int>(v)) + " ";
    Settings settings;
    settings.input = typed;
    AppState app(settings);
    app.SetBackend(BackendChoice::kCpu);
    for (OpKind op : {OpKind::kAdd, OpKind::kMax})
      for (const AlgorithmInfo* a : Algorithms()) {
        app.SetOp(op);
        app.SetAlgorithm(a->id);
        for (KindId id : {KindId::kBlockScan, KindId::kSideBySide, KindId::kEveryAlgorithm}) {
          app.SetKind(id);
          const std::string status = ShownKindOf(app).StatusNumbers(app);
          // Each algorithm the line names is checked against its own trace; a block scan's names
          // none: the one shown.
          for (Algorithm shown : app.ShownAlgorithms()) {
            const std::string name = std::string(DisplayName(shown)) + ": work";
            const size_t at = status.find(name);
            if (id != KindId::kBlockScan && at == std::string::npos) continue;
            const std::string part =
                at == std::string::npos ? status : status.substr(at, status.find("  ·  ", at) - at);
            const Trace& trace = app.Slot(shown).trace;
            CheckWorkDepthNumbers(trace, static_cast<int>(trace.rounds.size()) - 1, part, &audit);
          }
        }
        const TraceSlot& slot = app.Slot(a->id);
        for (int r = 0; r < static_cast<int>(slot.trace.rounds.size()); ++r)
          CheckWorkDepthNumbers(slot.trace, r,
                                scene::FigureHeading(slot.trace, slot.analysis, r, false), &audit);
      }
  }
  ReportAudit(audit, {"work depth numbers"});
}

// The benchmark chart's summary, from the results files the app ships (docs/bench/): every type
// and mode, the rungs the chart shows at first (no variants) and every rung, GB/s and % of memcpy.
TEST(NarrationAudit, TheBenchmarkSummaryIsTrue) {
  Audit audit;
  const std::string dir = std::string(SCANVIZ_SOURCE_DIR) + "/docs/bench/";
  for (const char* file : {"h200.json", "ab/ab_after_1.json", "ab/ab_before_1.json"}) {
    const perf::BenchLoad load = perf::LoadBenchResults(dir + file);
    ASSERT_TRUE(load.results) << file << ": " << load.error;
    const perf::BenchResults& res = *load.results;
    for (const char* type : {"int32", "float32"})
      for (const char* mode : {"inclusive", "exclusive"})
        for (bool variants : {false, true}) {
          long long n_hi = 0;
          for (const perf::BenchMeasurement& m : res.measurements)
            if (m.timed && m.type == type && m.mode == mode) n_hi = std::max(n_hi, m.n);
          BenchAtMax at;
          for (const perf::BenchMeasurement& m : res.measurements)
            if (m.timed && m.type == type && m.mode == mode && m.n == n_hi &&
                (variants || m.rung.find('.') == std::string::npos))
              at.push_back({m.rung, &m});
          CheckBenchSummary(at, BenchSummary(res, at), &audit);
          // Without the copy, or without the textbook pair, it says less, never something false.
          BenchAtMax fewer;
          for (const auto& [name, m] : at)
            if (name != "a") fewer.push_back({name, m});
          CheckBenchSummary(fewer, BenchSummary(res, fewer), &audit);
        }
  }
  ReportAudit(audit, {"benchmark"});
}

}  // namespace
}  // namespace scanviz::audit
