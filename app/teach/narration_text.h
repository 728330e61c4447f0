// Small phrase builders for the narration: ranges of positions, short value lists, windows and
// combinations written out with the trace's operator. Kept apart so narration.cpp reads as the
// story of a round, not as string plumbing.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "core/analysis.h"
#include "core/trace.h"

namespace scanviz::teach::text {

// "position 3", "positions 0 and 1", "positions 2 to 7"; `noun` is "position" or "thread".
std::string Range(const char* noun, int lo, int hi);

// "positions 1, 3, 5 and 7"; past six items "positions 1, 3, 5, ..., 1023 (512 in all)".
std::string List(const char* noun, const std::vector<int>& items);

// Ascending items as runs of consecutive values: {1, 2, 3, 5} -> {1, 3}, {5, 5}.
std::vector<std::pair<int, int>> ConsecutiveRuns(const std::vector<int>& items);

// Runs of consecutive items: "threads 1 to 7", "threads 1 to 31 and 33 to 39"; past four runs
// "threads 1 to 31, 33 to 63, ..., 993 to 1023 (992 in all)". `items` ascending.
std::string Runs(const char* noun, const std::vector<int>& items);

// "1 place", "4 places".
std::string Places(int count);

// "1 input", "8 inputs": count and noun, plural past one.
std::string Count(int count, const char* noun);

// The title of a round of an inclusive scan whose phases are load, stride rounds and the
// conversion (Hillis-Steele's and Sklansky's): "Round 0: load", "Round 2, stride 2",
// "Conversion"; from the spec alone, so a round that cannot be narrated has one too.
std::string StrideRoundTitle(const RoundSpec& spec, int round, PhaseId load, PhaseId scan,
                             PhaseId convert);

// The text with its first letter upper-cased, to start a sentence with a built phrase.
std::string Capital(std::string s);

// "[3, 4, 11]"; long arrays show their ends only: "[3, 4, 11, 11, ..., 498, 512] (1000 values)".
std::string Values(ElementType type, const std::vector<double>& values, size_t from = 0,
                   size_t count = static_cast<size_t>(-1));

// "11 + 14 = 25", "max(3, 7) = 7": the combination exactly as the kernel computed it.
std::string Combination(const TraceMeta& meta, double a, double b, double result);

// "sum", "maximum", "minimum".
const char* Aggregate(OpKind op);

// "inputs 0 to 7", "input 3", "no input (the identity 0)", with a padding note for Blelloch.
std::string Window(const TraceMeta& meta, const scanviz::Window& w);

// The operator's identity as displayed: "0", "-2147483648", "inf".
std::string Identity(const TraceMeta& meta);

std::string Value(const TraceMeta& meta, double v);

// Lowest and highest position p of `cells` with pred(cells[p]); {0, -1} when none.
template <class Pred>
std::pair<int, int> Span(const std::vector<CellInfo>& cells, Pred pred) {
  int lo = -1, hi = -1;
  for (int p = 0; p < static_cast<int>(cells.size()); ++p) {
    if (!pred(cells[p])) continue;
    if (lo < 0) lo = p;
    hi = p;
  }
  return lo < 0 ? std::pair<int, int>{0, -1} : std::pair<int, int>{lo, hi};
}

}  // namespace scanviz::teach::text
