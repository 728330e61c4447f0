// The mistakes lab's lesson, UI-free: a broken run (a trace made with a mistake, core/mistake.h)
// beside the correct run of the same input. Which result cells are wrong, where the two runs first
// part, which cells differ in each round (the figure marks them), and one sentence on the first
// hazard: which thread overwrote what another thread still needed. The CLI prints it; the app's
// Mistakes panel shows it.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/trace.h"

namespace scanviz::teach {

struct MistakeReport {
  // The result: how many of its cells are wrong, the first of them (-1: none), its values.
  int result_cells = 0;
  int wrong = 0;
  int first_wrong = -1;
  double got = 0, want = 0;
  // The first (round, array, cell) where the snapshots differ (round -1: none).
  // A single buffer: the correct run's cell is in the array its round writes (diff_correct_array).
  int diff_round = -1, diff_array = -1, diff_cell = -1, diff_correct_array = -1;
  std::string diff_got, diff_want;  // formatted; "?" for a cell nothing had written
  // [round][array][cell]: 1 where the broken run's snapshot differs from the correct one's (for
  // the array a round writes, from what the correct round wrote).
  std::vector<std::vector<std::vector<std::uint8_t>>> differs;
  // The first hazard, one sentence (empty: none found).
  std::string hazard;
  // Where the hazard happened: its round, the reading thread and the cell (-1: none).
  int hazard_round = -1, hazard_thread = -1, hazard_array = -1, hazard_cell = -1;
};

// Both traces of the same request; `correct` made with Mistake::kNone.
MistakeReport ReportMistake(const Trace& broken, const Trace& correct);

// "1022 of 1024 result cells wrong; the first is result[2] = 7, should be 6", or that the result is
// right in this order.
std::string ResultLine(const Trace& broken, const MistakeReport& r);
// "round 1 (round 1 · stride 1), buf[0][1] = 2, the correct kernel has 1"; empty: none.
std::string DifferenceLine(const Trace& broken, const MistakeReport& r);

}  // namespace scanviz::teach
