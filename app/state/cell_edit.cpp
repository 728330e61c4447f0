#include "state/cell_edit.h"

#include "core/input.h"

namespace scanviz {

CellEditText ParseCellEdit(std::string_view text, ElementType type) {
  ParsedValues parsed = ParseValues(text, type);
  CellEditText out;
  if (!parsed.Ok()) {
    out.problem = std::move(parsed.error);
  } else if (parsed.values.size() != 1) {
    out.problem = "type one value";
  } else {
    out.value = parsed.values[0];
  }
  return out;
}

CellEditOutcome DecideCellEdit(const CellEditText& text, bool escape, bool enter, bool left_field) {
  if (escape) return CellEditOutcome::kClose;
  if (enter) return text.Ok() ? CellEditOutcome::kApply : CellEditOutcome::kRetry;
  if (left_field) return text.Ok() ? CellEditOutcome::kApply : CellEditOutcome::kClose;
  return CellEditOutcome::kEditing;
}

}  // namespace scanviz
