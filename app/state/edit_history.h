// Undo and redo of input edits (Ctrl+Z, Ctrl+Shift+Z / Ctrl+Y): a bounded stack of snapshots of
// the input as it was before each edit. No ImGui, no traces: AppState takes a snapshot before an
// edit, records it with what the edit left, and on undo restores a snapshot and regenerates.
//
// What counts as an edit is what changes the input the scans run on: the text, a cell, n, a
// preset, Randomise / New seed, the operator, the element type. The algorithm, the backend, the
// conversion round and the view are choices about how the input is shown, not edits of it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/ops.h"

namespace scanviz {

// Everything an input edit can change. `error` is kept so that undoing back to an invalid text
// shows it as it was (with its error, the trace of the last good values).
struct InputSnapshot {
  std::string text;
  std::string error;
  std::vector<double> values;
  ElementType type = ElementType::kInt32;
  OpKind op = OpKind::kAdd;
  std::uint64_t seed = 1;  // Resize extends with values from it; Randomise made `values` with it
  bool operator==(const InputSnapshot&) const = default;
};

// kFile: a session or trace file opened (its input, operator and type replace the app's).
enum class EditKind { kText, kCell, kSize, kValues, kPreset, kRandom, kOp, kType, kFile };

// What an edit did, for coalescing and for the Undo / Redo buttons' tooltips.
struct EditTag {
  EditKind kind = EditKind::kValues;
  int key = 0;  // kCell: the position
  bool operator==(const EditTag&) const = default;
};

// "cell 3", "n", "operator": what an undo or redo step would change.
std::string Describe(const EditTag& tag);

class EditHistory {
 public:
  static constexpr std::size_t kDefaultDepth = 100;
  explicit EditHistory(std::size_t max_depth = kDefaultDepth) : m_max_depth(max_depth) {}

  // The input went from `before` to `after` by `tag`. Nothing is recorded when they are equal,
  // nor when an invalid text (in either) leaves the values, type, operator and seed as they were.
  // A new edit clears the redo stack. Consecutive edits of the same cell, or of n, are one step
  // (typing 4, then 40, into cell 3; clicking n's + five times), unless an undo or redo came
  // between; when such a run comes back to where it began, its step goes away.
  void Record(const InputSnapshot& before, EditTag tag, const InputSnapshot& after);
  // The snapshot to restore, given the input as it is now (kept for redo / undo); nullopt when
  // there is nothing to undo (redo).
  std::optional<InputSnapshot> Undo(const InputSnapshot& current);
  std::optional<InputSnapshot> Redo(const InputSnapshot& current);
  // The next edit starts a step of its own, whatever it is (the start of a new text session).
  void BreakCoalescing() { m_open = false; }
  void Clear();

  bool CanUndo() const { return !m_undo.empty(); }
  bool CanRedo() const { return !m_redo.empty(); }
  std::size_t UndoCount() const { return m_undo.size(); }
  std::size_t RedoCount() const { return m_redo.size(); }
  // The edit an undo (redo) would take back (do again). Only when CanUndo (CanRedo).
  const EditTag& NextUndo() const { return m_undo.back().tag; }
  const EditTag& NextRedo() const { return m_redo.back().tag; }

 private:
  struct Entry {
    InputSnapshot state;  // undo: the input before the edit; redo: the input after it
    EditTag tag;
  };
  static bool Coalesces(const EditTag& tag);
  std::size_t m_max_depth;
  std::vector<Entry> m_undo;  // oldest first
  std::vector<Entry> m_redo;  // the next redo last
  bool m_open = false;        // the last undo entry may still take the next edit of its kind
};

}  // namespace scanviz
