// The applications view's layout (docs/applications.md): an application trace (core/applications/)
// and the player's step -> the current pass as labelled rows (input, the bit a split reads, the
// flags or sizes, their exclusive scan, the output), each kept element's arrow to its destination,
// an allocation's pool as slices, and the step's narration. No GL, no ImGui: tested alone.
//
// The player has three steps a pass (flag, scan, scatter); a radix sort's passes follow each
// other. Rows appear as their step is reached. Large n (up to 2^16) keeps every value here but
// Columns() picks the cells a view draws: all of them, or the first and last few with a gap.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/applications/applications.h"

namespace scanviz::application_scene {

enum class Step : std::uint8_t { kFlag, kScan, kScatter };
// "flag", "scan", "scatter"; an allocation's third step is its "fill" (each thread writes its index
// into the cells it owns), as the CLI and docs/applications.md name it.
const char* Name(Step s, ApplicationKind application);

struct StepRef {
  int pass = 0;
  Step step = Step::kFlag;
  bool operator==(const StepRef&) const = default;
};
// Three per pass, in order: what the player steps through.
std::vector<StepRef> Steps(const ApplicationTrace& trace);
// Step k of the trace (clamped into range).
StepRef StepAt(const ApplicationTrace& trace, int k);

enum class RowKind : std::uint8_t { kInput, kBit, kFlags, kScan, kOutput, kPool };

struct Row {
  RowKind kind;
  std::string title;           // "input", "bit 0", "flags", "scan", "output", "pool"
  std::vector<double> values;  // one per cell (the pool row: one per thread's slice, its owner)
  std::vector<std::string> text;
  // Cells the step points at: the flagged ones (flags, scan, input), the written ones (output).
  std::vector<char> lit;
};

// An arrow of the scatter: element `from` of the pass's input to cell `to` of the output row.
struct Arrow {
  int from = 0;
  int to = 0;
  bool zero = true;  // split and radix sort: it goes with the zeros (else with the ones)
};

// Allocation: thread `thread`'s slice of the pool, [begin, end).
struct Slice {
  int thread = 0;
  int begin = 0, end = 0;
};

struct PassLayout {
  int pass = 0;
  int pass_count = 1;
  int bit = -1;
  Step step = Step::kFlag;
  std::string title;          // "pass 2 of 3 · bit 1: a stable split of the last pass's output"
  std::string note;           // the sign flip, or empty
  std::vector<Row> rows;      // the rows reached by the step, top to bottom
  std::vector<Arrow> arrows;  // the scatter step's
  std::vector<Slice> slices;  // allocation's scatter step
  int n = 0;
  int total = 0;          // the pass's scan total
  int pool = 0;           // allocation: the pool's size (the total)
  std::string narration;  // the step in a sentence or two, with the trace's values
};

// Element i's destination in the pass (compaction: -1 when not kept; allocation: its offset).
std::vector<int> Destinations(const ApplicationTrace& trace, int pass);
// The exclusive scan of the pass's flags, as the trace's GridTrace computed it.
std::vector<int> ScanValues(const ApplicationPass& pass);

PassLayout Build(const ApplicationTrace& trace, int step);

// The cells drawn of a row of n: all of them when n <= max_cells, else the first and last
// max_cells / 2 with a gap after `gap_after` (an index into `index`; -1: none).
struct Columns {
  std::vector<int> index;
  int gap_after = -1;
  int Slot(int i) const;  // the drawn slot of element i (the gap counted as one), or -1
  int Slots() const { return static_cast<int>(index.size()) + (gap_after >= 0 ? 1 : 0); }
};
Columns Visible(int n, int max_cells);

// One element's story up to the player's step, for the side panel's Inspector: what the flag
// step made of it, what its scan value counts, where the scatter put it, and the invariant that
// makes that right checked against the trace's own output ("✓ output[3] holds 1").
struct ElementStory {
  std::string title;               // "element 5 · input 1"
  std::vector<std::string> lines;  // one per step reached
  std::string check;               // the scatter's invariant with the values; empty before it
  bool ok = true;                  // whether the trace's output agrees
};
ElementStory StoryOf(const ApplicationTrace& trace, int step, int i);  // i in the pass's input

// The title line of the view: "stream compaction · --keep odd · n = 8 · scan: Blelloch blocks of
// 8".
std::string Heading(const ApplicationTrace& trace);

}  // namespace scanviz::application_scene
