// One block scan's trace as the app shows it (TraceSlot): the trace, its analysis, where it ran,
// its teaching data (TeachSlot, derived once per trace by FillTeach so the panels only read it)
// and, for the mistakes lab, the correct kernel's trace beside it. AppState holds one per
// algorithm, GridModel one for the opened block.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/analysis.h"
#include "core/trace.h"
#include "teach/code_listing.h"
#include "teach/mistake_report.h"
#include "teach/narration.h"
#include "teach/numerics.h"
#include "teach/work_depth.h"  // RoundWork

namespace scanviz {

// What the teaching panels show for one trace, derived from it when it arrives.
struct TeachSlot {
  teach::CodeListing kernel;  // the real CUDA kernel
  teach::CodeListing pseudo;  // our pseudo-code, with the trace's operator
  // The step function each round runs (ScanStep, UpSweepStep, ...), shown beside the loop: one
  // per round, shared by the rounds of a phase; empty where the round calls none.
  std::vector<teach::CodeListing> steps;
  std::vector<teach::Narration> narration;   // one per round, then the summary
  std::vector<teach::RoundWork> round_work;  // one per round
  teach::FloatDiagnostics float_diag;        // applicable: float32 add
  teach::IntDiagnostics int_diag;            // applicable: int32 add
};

struct TraceSlot {
  Trace trace;
  TraceAnalysis analysis;
  std::string ran;  // "CPU simulation", "CUDA: ..."
  TeachSlot teach;
  // The mistakes lab: a trace made with a mistake comes with the correct kernel's trace of the
  // same input (one more simulation) and the comparison of the two; empty otherwise.
  std::optional<Trace> correct;
  teach::MistakeReport mistake;
};

// The teaching data of slot.trace (its analysis already made).
void FillTeach(TraceSlot& slot);

}  // namespace scanviz
