// The narration audit's checks (issue #37): each finds the claims of one family in a text (a
// round's narration, the summary, the grid's steps, the CLI's lines) with a pattern, recomputes
// every number of the claim from the trace (audit/recount.h) and records the claims that are
// false. A family the text does not contain checks nothing; Audit counts the claims checked, so a
// test can see that the families it expects were met.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "audit/recount.h"
#include "core/applications/applications.h"
#include "core/grid/grid.h"
#include "core/grid/single_pass.h"
#include "core/multi_gpu/multi_gpu.h"
#include "core/trace.h"
#include "kinds/benchmark/bench_model.h"

namespace scanviz::audit {

struct Audit {
  long long texts = 0;
  std::map<std::string, long long> checked;  // claims checked, by family
  std::vector<std::string> false_claims;     // "family: why, in: <text>"
  void Check(const std::string& family, bool holds, const std::string& why,
             const std::string& text);
};

// Every text: subject and verb agree in number ("thread 3 writes", "threads 3 and 4 write"), and
// every combination written out ("11 + 14 = 25", "max(3, 7) = 7", "3 max 5 = 5") is what the
// operator gives in the trace's type.
void CheckGrammar(const std::string& text, Audit* audit);
void CheckCombinations(ElementType type, const std::string& text, Audit* audit);

// One round's narration (title and paragraphs joined) against the trace: active threads, their
// count and operator applications, worked cells, windows and their values, the one-buffer race,
// every scan it quotes. `windows` is TrackWindows(trace).
void CheckRound(const Trace& trace, const Windows& windows, int round, const std::string& text,
                Audit* audit);
// The summary: the result, work, depth, barriers, and the other algorithms at the same n.
void CheckSummary(const Trace& trace, const std::string& text, Audit* audit);

// The multi-block view's narration of one step (grid_teach) against that step's level.
void CheckGridStep(const GridTrace& level, const std::string& text, Audit* audit);
// scanviz-cli's grid table: every level's phase 1 header, in level order.
void CheckGridTable(const GridTrace& grid, const std::string& text, Audit* audit);
// scanviz-cli's application table: each pass's scan line.
void CheckApplicationTable(const ApplicationTrace& trace, const std::string& text, Audit* audit);
// The single-pass narration: the look-back counts and the work.
void CheckSinglePass(const SinglePassTrace& trace, const std::string& text, Audit* audit);

// The scan across GPUs: the GPUs kind's narration at `moment` (teach/multi_gpu_teach), its
// caption (kinds/gpus: who is in which phase), and scanviz-cli's multi-gpu table.
void CheckMultiGpuNarration(const MultiGpuTrace& trace, std::int64_t moment,
                            const std::string& text, Audit* audit);
void CheckGpuCaption(const MultiGpuTrace& trace, std::int64_t moment, const std::string& text,
                     Audit* audit);
void CheckMultiGpuTable(const MultiGpuTrace& trace, const std::string& text, Audit* audit);
// The applications view's title, note and narration of a step of pass `pass`, and its heading.
void CheckApplicationStep(const ApplicationTrace& trace, int pass, const std::string& text,
                          Audit* audit);
// The work-and-depth captions at n (the chapters' trade-off, Brent's count; with max_n > 0 the
// fewest-steps ranges over n = 2..max_n), and a figure heading's or status bar's work and depth
// of `trace` at `round` (the last round: the whole).
void CheckWorkDepthCaption(int n, int max_n, const std::string& text, Audit* audit);
void CheckWorkDepthNumbers(const Trace& trace, int round, const std::string& text, Audit* audit);

// The benchmark chart's summary (BenchSummary) over the results file's points `at`.
void CheckBenchSummary(const BenchAtMax& at, const std::string& text, Audit* audit);

// A quoted list, "[3, 4, ..., 25] (1000 values)", against the values it stands for.
bool ListMatches(const std::string& list, ElementType type, const std::vector<double>& values);

}  // namespace scanviz::audit
