// What a kind of view keeps between frames (its model, the view state only it uses, its part of a
// session), behind one interface that AppState loops over: an edit marks every kind stale, the
// frame polls them, sessions ask each for its fields. No GL, no ImGui.
//
// Two interfaces, both below AppState, so that no file circle runs through it: KindState, which
// each kind's state implements (kinds/<kind>/<kind>_state.h), and KindHost, what AppState shares
// with them (the block scans' players, the algorithm chosen, showing a kind), which AppState
// implements. A state never sees AppState; AppState never sees a kind's own type. The states are
// made by MakeKindStates (kinds/kind_states.cpp, a line per kind, in KindId's order), which calls
// nothing but their constructors; the kinds' other half (kind_model.h, the registry KindOf), which
// calls AppState, stands above it.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/any_trace_io.h"
#include "core/trace.h"
#include "state/kind_id.h"
#include "scene/scene.h"
#include "state/model_input.h"
#include "state/player.h"
#include "state/session.h"
#include "state/trace_slot.h"

namespace scanviz {

// What every kind may use of AppState: the block scans (their players and the algorithm chosen,
// which several kinds show), the kind shown, and a trace file's input made the app's.
class KindHost {
 public:
  virtual Algorithm ChosenAlgorithm() const = 0;      // the block scan's algorithm
  virtual Algorithm SelectedAlgorithm() const = 0;    // whose trace the selected cell belongs to
  virtual Player& BlockPlayer(Algorithm a) = 0;       // AppState::PlayerOf
  virtual Player& ShownBlockPlayer() = 0;             // AppState::CurrentPlayer
  virtual Algorithm ShownBlockAlgorithm() const = 0;  // AppState::GetAlgorithm
  // A block scan's player's round, as it stands (not traced again).
  virtual int PlayerRound(Algorithm a) const = 0;
  virtual void ShowKind(KindId kind) = 0;  // AppState::SetKind
  // A trace file's input (its type, and its operator and conversion where it has them) becomes
  // the app's: one undo step; the block scans trace it; a GPU run still under way is dropped.
  struct FileInput {
    ElementType type = ElementType::kInt32;
    std::optional<OpKind> op;
    std::optional<bool> convert;
    std::vector<double> values;
  };
  virtual void TakeFileInput(FileInput input) = 0;
  // The same as an input edit (AppState::SetValues), after the type and operator are set.
  virtual void EditValues(ElementType type, OpKind op, std::vector<double> values) = 0;

 protected:
  ~KindHost() = default;
};

// A trace file a kind took (OpenFile): the notice, or why it does not open.
struct KindFileResult {
  std::string notice;
  std::string error;
};

class KindState {
 public:
  virtual ~KindState() = default;
  virtual KindId Id() const = 0;

  // [SECTION] The model's life: an input edit, once per frame, after the frame that shows an
  // edit, and work still running on a worker.
  virtual void MarkStale() {}
  virtual void Poll() {}
  virtual void AfterFrame() {}
  virtual bool BackgroundPending() const { return false; }
  // Another kind is shown (or this one again): what it had open or selected closes.
  virtual void KindChanged() {}

  // [SECTION] What the centre shows while this kind is shown: its players (→ ← step them), the
  // block algorithms whose rounds it shows, and those it traces with the edit (Shown, not later).
  virtual std::vector<Player*> ShownPlayers(KindHost&) { return {}; }
  virtual std::vector<Algorithm> ShownAlgorithms(const KindHost&) const { return {}; }
  virtual bool TracesNow(const KindHost&, Algorithm) const { return false; }
  // A block of its own standing in for a block scan's trace and player (an opened block of the
  // grid), asked of every kind: the algorithm, and its slot and player for that algorithm.
  virtual std::optional<Algorithm> OpenedAlgorithm() const { return std::nullopt; }
  virtual const TraceSlot* OpenedSlot(Algorithm) const { return nullptr; }
  virtual Player* OpenedPlayer(Algorithm) { return nullptr; }

  // [SECTION] Where it stands among the kinds: the one every other gives way to (the first in the
  // registry) aside, whether choosing an algorithm keeps it (side by side), whether Tab reaches it
  // after the block algorithms (the grid), whether it is shown over the kind before it (the
  // timeline), and whether a session with it shown keeps a recorded block trace.
  virtual bool KeepsOnAlgorithm() const { return false; }
  virtual bool InTabCycle() const { return false; }
  virtual bool ShownOver() const { return false; }
  // Whether a view key pressed a second time (AppState::ToggleKind) may come back to it. A chart
  // (the benchmark, the timeline) may not: G on the timeline, then G again, goes back to the
  // rounds the timeline was opened from, so that G, G, L, L never ping-pongs between the two.
  virtual bool WayBackTo() const { return true; }
  virtual bool KeepsBlockTrace() const { return true; }

  // [SECTION] Trace files and sessions: its own files (false: not its kind), its fields
  // written, read before the session's input (Early) and after it, and whether the session shows
  // it, on its step. The file format is session.h's; each kind fills its own fields.
  virtual std::optional<KindFileResult> OpenTraceFile(KindHost&, AnyTraceLoad&,
                                                      const std::string& /*path*/) {
    return std::nullopt;
  }
  // `shown`: this kind is the one shown (under a timeline, the one below it).
  virtual void WriteSession(const KindHost&, bool /*shown*/, Session&) const {}
  virtual void ReadSessionEarly(const Session&) {}
  virtual void ReadSessionFile(KindHost&, const Session&) {}
  virtual void ReadSession(KindHost&, const Session&) {}
  virtual bool ShownIn(const Session&) const { return false; }
  virtual void ShowFromSession(KindHost&, const Session&) {}
  // After every kind has read its fields and the shown one is shown (the timeline's cursor).
  virtual void ReadSessionLast(KindHost&, const Session&) {}
};

// The block scans' cell selection (ViewState's selected, hovered and selected_algorithm), which a
// block of the grid shares while opened: handed to the kinds as references, so that no model
// reads the view.
struct BlockSelection {
  std::optional<scene::CellRef>& selected;
  std::optional<scene::CellRef>& hovered;
  Algorithm& algorithm;
};

using KindStates = std::vector<std::unique_ptr<KindState>>;
// Every kind's state, in KindId's order (kinds/kind_states.cpp); the models read `input`.
KindStates MakeKindStates(const ModelInput& input, const BlockSelection& selection);

// Where a trace was recorded, as the status line says it: "recorded on NVIDIA H200 · file" first
// (the part before " (" is what the status bar shows; the rest is its tooltip).
std::string TraceOrigin(const BackendInfo& b, const std::string& path);

}  // namespace scanviz
