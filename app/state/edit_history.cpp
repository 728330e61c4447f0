#include "state/edit_history.h"

namespace scanviz {

std::string Describe(const EditTag& tag) {
  switch (tag.kind) {
    case EditKind::kText:
      return "the input text";
    case EditKind::kCell:
      return "cell " + std::to_string(tag.key);
    case EditKind::kSize:
      return "n";
    case EditKind::kValues:
      return "the values";
    case EditKind::kPreset:
      return "the preset";
    case EditKind::kRandom:
      return "Randomise";
    case EditKind::kOp:
      return "the operator";
    case EditKind::kType:
      return "the type";
    case EditKind::kFile:
      return "the opened file";
  }
  return "the input";
}

bool EditHistory::Coalesces(const EditTag& tag) {
  return tag.kind == EditKind::kCell || tag.kind == EditKind::kSize;
}

namespace {

// What the scans run on: an invalid text leaves it as it was.
bool SameInput(const InputSnapshot& a, const InputSnapshot& b) {
  return a.values == b.values && a.type == b.type && a.op == b.op && a.seed == b.seed;
}

}  // namespace

void EditHistory::Record(const InputSnapshot& before, EditTag tag, const InputSnapshot& after) {
  if (before == after) return;
  // An invalid text left in the box, or one fixed back to the values it had: no step (its undo
  // would change only the box's words, nothing the figure shows).
  if ((!before.error.empty() || !after.error.empty()) && SameInput(before, after)) return;
  m_redo.clear();
  if (m_open && !m_undo.empty() && m_undo.back().tag == tag && Coalesces(tag)) {
    // The run's step keeps the input from before its first edit; back where it began, the run
    // changed nothing.
    if (m_undo.back().state == after) {
      m_undo.pop_back();
      m_open = false;
    }
    return;
  }
  m_undo.push_back({before, tag});
  if (m_undo.size() > m_max_depth) m_undo.erase(m_undo.begin());
  m_open = true;
}

std::optional<InputSnapshot> EditHistory::Undo(const InputSnapshot& current) {
  m_open = false;
  if (m_undo.empty()) return std::nullopt;
  Entry e = std::move(m_undo.back());
  m_undo.pop_back();
  m_redo.push_back({current, e.tag});
  return std::move(e.state);
}

std::optional<InputSnapshot> EditHistory::Redo(const InputSnapshot& current) {
  m_open = false;
  if (m_redo.empty()) return std::nullopt;
  Entry e = std::move(m_redo.back());
  m_redo.pop_back();
  m_undo.push_back({current, e.tag});
  if (m_undo.size() > m_max_depth) m_undo.erase(m_undo.begin());
  return std::move(e.state);
}

void EditHistory::Clear() {
  m_undo.clear();
  m_redo.clear();
  m_open = false;
}

}  // namespace scanviz
