// The inspector's view of one cell (scene.h): whether the trace has it, its analysis, and its
// check, the invariant window over the input with the combination written out.
#include <algorithm>
#include <sstream>

#include "core/registry.h"
#include "scene/find.h"
#include "scene/scene.h"

namespace scanviz::scene {

namespace {

constexpr int kMaxExpressionTerms = 8;

const char* OpSymbol(OpKind op) {
  switch (op) {
    case OpKind::kAdd:
      return " + ";
    case OpKind::kMax:
    case OpKind::kMin:
    case OpKind::kLast:
      return ", ";
  }
  return " + ";
}

}  // namespace

const CellInfo* FindCellInfo(const Trace& trace, const TraceAnalysis& analysis,
                             const CellRef& cell) {
  if (cell.round < 0 || cell.round >= static_cast<int>(analysis.rounds.size()) ||
      cell.round >= static_cast<int>(trace.rounds.size()))
    return nullptr;
  // The cell must exist in the trace (its snapshot) and in the analysis: an analysis of another
  // trace may have cells this one lacks.
  const Round& round = trace.rounds[static_cast<size_t>(cell.round)];
  const auto* values = Find(round.buffers, cell.buffer);
  if (values == nullptr || Find(*values, cell.pos) == nullptr) return nullptr;
  const auto* row = Find(analysis.rounds[static_cast<size_t>(cell.round)].cells, cell.buffer);
  return row ? Find(*row, cell.pos) : nullptr;
}

bool HasCell(const Trace& trace, const TraceAnalysis& analysis, const CellRef& cell) {
  if (cell.round == kInputRound)
    return cell.buffer == 0 && cell.pos >= 0 && cell.pos < trace.meta.n;
  return FindCellInfo(trace, analysis, cell) != nullptr;
}

CellCheck CheckCell(const Trace& trace, const TraceAnalysis& analysis, const CellRef& cell) {
  CellCheck check;
  if (cell.round == kInputRound) {
    if (cell.pos < 0 || cell.pos >= trace.meta.n) return check;
    check.window = {cell.pos, cell.pos, true};
    check.stored = trace.input[static_cast<size_t>(cell.pos)];
  } else {
    const CellInfo* found = FindCellInfo(trace, analysis, cell);
    if (found == nullptr || !found->window.valid) return check;
    const CellInfo& ci = *found;
    check.window = ci.window;
    const Round& round = trace.rounds[static_cast<size_t>(cell.round)];
    check.stored = round.buffers[static_cast<size_t>(cell.buffer)][static_cast<size_t>(cell.pos)];
    // The analysis decided, once, whether the cell holds its window (with the float32 tolerance).
    check.valid = true;
    check.expected = ci.expected;
    check.ok = ci.ok;
  }
  if (cell.round == kInputRound) {
    check.valid = true;
    check.expected = FoldWindow(trace, check.window);
    check.ok = true;  // an input holds itself
  }

  const ElementType type = trace.meta.type;
  const std::string result = FormatValue(type, check.expected);
  if (check.window.Empty()) {
    check.expression = "nothing before it: identity " + result;
    return check;
  }
  auto term = [&](int pos) {
    double v = pos < trace.meta.n ? trace.input[static_cast<size_t>(pos)] : trace.meta.identity;
    return FormatValue(type, v);
  };
  const int count = check.window.hi - check.window.lo + 1;
  std::ostringstream os;
  const char* sep = OpSymbol(trace.meta.op);
  if (trace.meta.op != OpKind::kAdd) os << ToString(trace.meta.op) << "(";
  if (count <= kMaxExpressionTerms) {
    for (int p = check.window.lo; p <= check.window.hi; ++p) {
      if (p > check.window.lo) os << sep;
      os << term(p);
    }
  } else {
    os << term(check.window.lo) << sep << term(check.window.lo + 1) << sep << "…" << sep
       << term(check.window.hi);
  }
  if (trace.meta.op != OpKind::kAdd) os << ")";
  os << " = " << result;
  if (count > kMaxExpressionTerms) os << "  (" << count << " terms)";
  check.expression = "in[" + std::to_string(check.window.lo) + ".." +
                     std::to_string(check.window.hi) + "]: " + os.str();
  return check;
}

}  // namespace scanviz::scene
