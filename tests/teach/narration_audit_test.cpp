// Issue #37's class test: every sentence of every narration, app and CLI, with its numbers
// recomputed from the trace (tests/teach/audit/), over every algorithm, operator and type, both
// flavours, and n in {1, 2, 3, 8, 13, 31, 32, 33, 64, 100, 1024, 65536 where the kind allows}.
// A false claim fails with the claim, why, and the text it is in.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <random>
#include <sstream>

#include "audit/claims.h"
#include "audit/report.h"
#include "cli/application_table.h"
#include "cli/grid_table.h"
#include "core/analysis.h"
#include "core/grid/grid_steps.h"
#include "core/registry.h"
#include "core/simulator.h"
#include "teach/grid_teach.h"
#include "teach/narration.h"
#include "teach/single_pass_teach.h"

namespace scanviz::audit {
namespace {

const int kBlockSizes[] = {1, 2, 3, 8, 13, 31, 32, 33, 64, 100, 1024};  // one block: up to 1024
const ElementType kTypes[] = {ElementType::kInt32, ElementType::kFloat32};

// Values a class would type, mixed signs, some zeros (last keeps its value over a 0); with
// `extreme`, int32's ends and float32's large and fractional values, so that sums wrap or round.
std::vector<double> Input(int n, ElementType type, bool extreme, unsigned seed) {
  std::mt19937 rng(seed + static_cast<unsigned>(n));
  std::vector<double> v;
  for (int i = 0; i < n; ++i) {
    const int small = static_cast<int>(rng() % 19) - 6;
    if (!extreme) {
      v.push_back(small);
    } else if (type == ElementType::kInt32) {
      v.push_back(i % 3 == 0 ? 2147483647.0 : i % 3 == 1 ? small : -2147483647.0 - 1);
    } else {
      v.push_back(i % 2 == 0 ? 1.5e30 * small : 0.1 * small);
    }
  }
  return v;
}

std::string Joined(const teach::Narration& n) {
  std::string out = n.title;
  for (const std::string& p : n.paragraphs) out += "\n" + p;
  return out;
}

void AuditBlockScan(const ScanRequest& request, Audit* audit) {
  const Trace trace = Simulate(request);
  const TraceAnalysis analysis = Analyze(trace);
  const Windows windows = TrackWindows(trace);
  const std::vector<teach::Narration> story = teach::NarrateTrace(trace, analysis);
  for (int r = 0; r < static_cast<int>(trace.rounds.size()); ++r)
    CheckRound(trace, windows, r, Joined(story[static_cast<size_t>(r)]), audit);
  CheckSummary(trace, Joined(story.back()), audit);
}

// The block scan's narration (the app's Narration tab and scanviz-cli trace --narrate print the
// same sentences): every algorithm, operator, type, flavour and size, plain and extreme values.
TEST(NarrationAudit, EverySentenceOfEveryBlockScanIsTrue) {
  Audit audit;
  for (const AlgorithmInfo* algorithm : Algorithms())
    for (OpKind op : kAllOps)
      for (ElementType type : kTypes)
        for (int n : kBlockSizes)
          for (bool convert : {false, true})
            for (bool extreme : {false, true})
              AuditBlockScan({algorithm->id, op, type, Input(n, type, extreme, 7), convert},
                             &audit);
  ReportAudit(audit);
  // Each family met claims to check: a pattern that no longer matches its sentence would
  // otherwise pass by checking nothing.
  for (const char* family : {"grammar", "combination", "active threads", "work", "worked cell",
                             "window", "race", "scan", "summary"})
    EXPECT_GT(audit.checked[family], 100) << family;
}

void AuditGrid(const GridRequest& request, Audit* audit) {
  const GridTrace grid = SimulateGrid(request);
  const std::vector<const GridTrace*> levels = GridLevels(grid);
  const std::vector<GridStep> steps = GridSteps(grid);
  for (int s = 0; s < static_cast<int>(steps.size()); ++s) {
    const teach::GridNarration n = teach::NarrateGridStep(grid, s);
    std::string text = n.title;
    for (const std::string& p : n.paragraphs) text += "\n" + p;
    CheckGridStep(*levels[static_cast<size_t>(steps[static_cast<size_t>(s)].level)], text, audit);
  }
  std::ostringstream table;
  PrintGridTable(grid, table);
  CheckGridTable(grid, table.str(), audit);
}

// The multi-block view's narration and scanviz-cli's grid table: block sizes from 4 to 1024 on
// every n up to 2^16, where the last block is short and where the sums need a grid of their own.
TEST(NarrationAudit, EverySentenceOfEveryGridIsTrue) {
  Audit audit;
  for (const AlgorithmInfo* algorithm : Algorithms())
    for (int block : {4, 8, 1024})
      for (int n : {1, 2, 3, 8, 13, 31, 32, 33, 64, 100, 1024})
        for (OpKind op : kAllOps)
          for (ElementType type : kTypes)
            AuditGrid({algorithm->id, block, op, type, Input(n, type, false, 3)}, &audit);
  // 2^16 elements: every algorithm with the smallest and the largest block, one operator a type.
  for (const AlgorithmInfo* algorithm : Algorithms())
    for (int block : {4, 1024})
      AuditGrid({algorithm->id, block, OpKind::kAdd, ElementType::kInt32,
                 Input(1 << 16, ElementType::kInt32, false, 5)},
                &audit);
  ReportAudit(audit);
  for (const char* family : {"grid", "cli grid", "combination"})
    EXPECT_GT(audit.checked[family], 100) << family;
}

// scanviz-cli's application tables: each pass's scan line, every application, block scan and
// block size, n up to 2^16.
TEST(NarrationAudit, EveryApplicationScanLineIsTrue) {
  Audit audit;
  for (int a = 0; a < 4; ++a)
    for (const AlgorithmInfo* algorithm : Algorithms())
      for (int block : {4, 64, 1024})
        for (int n : {1, 2, 3, 8, 13, 31, 32, 33, 64, 100, 1024, 65536}) {
          if (n == 65536 && block != 1024) continue;
          ApplicationRequest request;
          request.application = static_cast<ApplicationKind>(a);
          request.block_algorithm = algorithm->id;
          request.block_size = block;
          request.params.bits = 3;
          std::mt19937 rng(static_cast<unsigned>(n));
          for (int i = 0; i < n; ++i) request.input.push_back(static_cast<double>(rng() % 8));
          const ApplicationTrace trace = SimulateApplication(request);
          std::ostringstream table;
          PrintApplicationTable(trace, table);
          CheckApplicationTable(trace, table.str(), &audit);
        }
  ReportAudit(audit);
  EXPECT_GT(audit.checked["cli application"], 100);
}

// The single-pass narration: every tile algorithm and size, both tile orders.
TEST(NarrationAudit, EverySentenceOfEverySinglePassIsTrue) {
  Audit audit;
  for (const AlgorithmInfo* algorithm : Algorithms())
    for (int tile : {4, 8, 1024})
      for (int n : {1, 2, 3, 8, 13, 31, 32, 33, 64, 100, 1024, 65536})
        for (TileOrder order : {TileOrder::kBlockIdx, TileOrder::kTicket}) {
          if (n == 65536 && tile == 4) continue;
          for (OpKind op : kAllOps)
            for (ElementType type : kTypes) {
              // 2^16: one operator and type (the counts depend on the tiles alone).
              if (n == 65536 && (op != OpKind::kAdd || type != ElementType::kInt32)) continue;
              SinglePassRequest request{
                  algorithm->id, tile,  op,          type, Input(n, type, false, 9),
                  order,         false, std::nullopt};
              const SinglePassTrace trace = SimulateSinglePass(request);
              const teach::SinglePassNarration narration = teach::NarrateSinglePass(trace);
              std::string text = narration.title;
              for (const std::string& p : narration.paragraphs) text += "\n" + p;
              CheckSinglePass(trace, text, &audit);
            }
        }
  ReportAudit(audit);
  EXPECT_GT(audit.checked["single pass"], 100);
}

}  // namespace
}  // namespace scanviz::audit
