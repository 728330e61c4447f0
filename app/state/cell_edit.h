// The array view's in-place editor of an input cell (double-click a cell of the input row): what
// its text means, and what the editor does when a frame ends. No ImGui: the view draws the field
// and reports how the frame ended it; these decide, and the tests pin them down.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "core/ops.h"

namespace scanviz {

// The editor's text read as one value of the trace's element type.
struct CellEditText {
  std::optional<double> value;  // set exactly when `problem` is empty
  std::string problem;          // ParseValues' error, or "type one value"
  bool Ok() const { return problem.empty(); }
};

// Reads `text` as the input box does (core/input.h's ParseValues: a block's 1024 values at most),
// then asks for exactly one value.
CellEditText ParseCellEdit(std::string_view text, ElementType type);

// What the editor does once its field has had the frame.
enum class CellEditOutcome {
  kEditing,  // stays open
  kApply,    // writes the value into the cell and closes
  kRetry,    // Enter on a bad value: stays open, asks for the keyboard again, the error says why
  kClose,    // closes, the cell unchanged (Escape, or a click elsewhere with a bad value)
};

// `escape`: Escape was pressed in the field; `enter`: Enter was; `left_field`: the field lost the
// keyboard without Enter (a click elsewhere), which applies a good value and drops a bad one.
CellEditOutcome DecideCellEdit(const CellEditText& text, bool escape, bool enter, bool left_field);

}  // namespace scanviz
