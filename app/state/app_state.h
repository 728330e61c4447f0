// Everything the app knows between frames: the input and its edits (the undo unit), the block
// scans' traces of it and their players (which several kinds show), the kind of view shown and
// the one before, the view options (view_state.h), the backend status, sessions and files. What
// a kind keeps of its own (its model, its view state, its session fields) is its state
// (state/kind_state.h), one per kind, which AppState holds and loops over (StateOf hands one
// out; each kind's header has its typed accessor, MultiBlockOf(app) and the like): it never tests
// which kind it is. The traced models read the input (model_input.h) when they trace and every
// edit marks them stale. No GL, no ImGui: views read it and call its actions.
//
// Traces are regenerated only on a user action: the CPU simulator runs at once (n = 1024 takes well
// under a millisecond), and where CUDA is wanted a background task runs the kernels and its result
// replaces the simulator's trace when it arrives, unless a newer edit has come since (generation).
// With each trace come its teaching data (code listings, narration, per-round work, numerics),
// derived once per trace so the panels only read them (trace_slot.h). Not per trace: the work and
// depth series over n = 1..1024 (about half a second, so computed on a background thread and shown
// as "computing..." until ready).
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <future>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "backend/backend.h"
#include "core/analysis.h"
#include "core/trace.h"
#include "state/kind_id.h"
#include "state/kind_state.h"
#include "scene/grid_scene.h"
#include "scene/palette.h"
#include "scene/scene.h"
#include "state/edit_history.h"
#include "state/model_input.h"
#include "state/player.h"
#include "state/presets.h"
#include "state/quiz_session.h"
#include "state/session.h"
#include "state/settings.h"
#include "state/share_link.h"
#include "state/trace_slot.h"
#include "state/view_state.h"
#include "teach/lab_results.h"
#include "teach/work_depth.h"

namespace scanviz {

// A KindHost (kind_state.h): what the kinds' states may use of it.
class AppState final : public KindHost {
 public:
  explicit AppState(const Settings& settings);
  AppState(const AppState&) = delete;
  AppState& operator=(const AppState&) = delete;

  // [SECTION] Input edits. Each regenerates the traces, keeping the players' rounds, and is one
  // step of the undo history (edit_history.h says what counts as an edit).
  bool SetInputText(const std::string& text);  // false: keeps the last good trace, sets InputError
  void SetValues(std::vector<double> values);
  void SetCell(int pos, double value);
  void Resize(int n);  // truncates, or extends with random values from the seed
  void Randomize(int n, std::uint64_t seed);
  // The Randomise button: a new input every press. Where the values shown are the seed's own draw
  // (of n values, this type), the next seed's; else the seed's, so that a seed typed, the CLI's
  // --seed or a session's gives its input exactly.
  void RandomizeAgain(int n);
  void SetOp(OpKind op);
  void SetAlgorithm(Algorithm a);
  void ToggleAlgorithm();  // the next algorithm in the registry (Tab)
  void SetBackend(BackendChoice choice);
  // int32 <-> float32: keeps the input text where it parses as the new type; float32 values that
  // are not integers are rounded to int32.
  void SetType(ElementType type);
  // Adds the traced conversion round (Hillis-Steele -> exclusive, Blelloch -> inclusive).
  void SetConvert(bool convert);
  // The mistakes lab: the mistake to run (it applies to its own algorithm; the others run as
  // written) and the simulator's thread order. Not input edits: no undo step. With a mistake the
  // algorithm is traced on the simulator.
  void SetMistake(Mistake m);
  Mistake GetMistake() const { return m_mistake; }
  Mistake MistakeOf(Algorithm a) const;  // m_mistake if it is one of a's, else kNone
  void SetThreadOrder(const SimulatorOptions& order);
  const SimulatorOptions& ThreadOrder() const { return m_thread_order; }
  // The preset's type (when it needs one), its values, and add for the numerics presets: one step.
  void ApplyPreset(const Preset& preset);

  // [SECTION] Undo and redo of the input edits above
  bool Undo();  // false: nothing to undo
  bool Redo();
  const EditHistory& History() const { return m_history; }
  void ClearHistory() { m_history.Clear(); }  // the start (settings, command line) is the bottom

  const std::string& InputText() const { return m_input_text; }
  const std::string& InputError() const { return m_input_error; }
  const std::vector<double>& Values() const { return m_input.values; }
  ElementType Type() const { return m_input.type; }
  OpKind Op() const { return m_input.op; }
  bool Convert() const { return m_input.convert; }
  // The algorithm whose rounds the single-block panels describe: the chosen one, or while a block
  // of the grid is open, the grid's block scan (a kind's OpenedAlgorithm).
  Algorithm GetAlgorithm() const;
  BackendChoice Backend() const { return m_input.backend; }
  std::uint64_t Seed() const { return m_seed; }
  void SetSeed(std::uint64_t seed) { m_seed = seed; }

  // [SECTION] Traces and players
  // An edit traces the algorithms on screen at once and the others when first asked for (or
  // when the loop calls CatchUp after the frame that shows the edit): the edit reaches the screen
  // sooner, and every accessor still sees the current input's trace.
  // While a block of the grid is open, its algorithm's slot and player are that block's (its
  // trace, analysis and teaching data), so every single-block panel describes the opened block.
  // Const: reading a trace changes nothing the state describes (m_slots is a cache, below).
  const TraceSlot& Slot(Algorithm a) const {
    if (const TraceSlot* opened = ShownState().OpenedSlot(a)) return *opened;
    Refresh(Index(a));
    return m_slots[Index(a)];
  }
  const TraceSlot& Current() const { return Slot(GetAlgorithm()); }
  Player& PlayerOf(Algorithm a) {
    if (Player* opened = ShownState().OpenedPlayer(a)) return *opened;
    Refresh(Index(a));
    return m_players[Index(a)];
  }
  Player& CurrentPlayer() { return PlayerOf(GetAlgorithm()); }
  // The players of what the centre shows (the shown kind's state): the shown algorithm's, both
  // side by side, the grid's, the opened block's, the application's; none for the timeline and
  // the chart.
  std::vector<Player*> ShownPlayers();
  // The block algorithms whose rounds are shown: one, two side by side, the opened block's;
  // none when the centre shows something else.
  std::vector<Algorithm> ShownAlgorithms() const;
  template <typename F>
  void ForEachShownPlayer(F f) {
    for (Player* p : ShownPlayers()) f(*p);
  }

  // [SECTION] The kind of view the centre shows (kind_id.h). Each kind keeps its settings while
  // another is shown.
  KindId ShownKind() const { return m_kind; }
  void SetKind(KindId kind);
  // M, L, G, S: shows `kind`, or when it is shown already, WayBack.
  void ToggleKind(KindId kind);
  // Where a second press of the shown kind's key goes: the view it was opened from, never a chart
  // (KindState::WayBackTo), else the first kind (the rounds of a block scan).
  KindId WayBack() const;
  // Each kind's state (kind_state.h), made by the registry of states (MakeKindStates).
  KindState& StateOf(KindId kind) { return *m_kinds[static_cast<size_t>(kind)]; }
  const KindState& StateOf(KindId kind) const { return *m_kinds[static_cast<size_t>(kind)]; }

  // The values a block scan traces: the input, or its first kMaxElements values (the grid scans
  // the whole input, up to kMaxGridElements).
  std::vector<double> BlockValues() const;
  bool BlockScansTruncated() const {
    return m_input.values.size() > static_cast<size_t>(kMaxElements);
  }

  // Called once per frame: takes a finished CUDA result if it is still wanted.
  void Poll();
  // Traces the algorithms an edit left for later (see Slot); the loop calls it after a frame.
  void CatchUp();
  // Work running on another thread whose result the next frames should show (a CUDA trace, the
  // work and depth series): the app keeps drawing, or sleeps until `wake` says it is done.
  bool BackgroundPending() const;
  // Called from the worker thread when a background result is ready (the app posts an empty
  // GLFW event, so a sleeping loop shows it at once). Set before the first edit; thread-safe.
  void SetWake(std::function<void()> wake) { m_wake = std::move(wake); }
  const std::function<void()>& Wake() const { return m_wake; }  // for other workers (an export)
  bool WaitForBackend(double seconds);  // headless: waits for pending CUDA work
  const std::string& BackendStatus() const { return m_input.backend_status; }
  std::uint64_t Generation() const { return m_input.generation; }

  Settings ToSettings(int window_width, int window_height) const;

  // [SECTION] Work and depth over n = 1..1024, computed once in the background
  void StartWorkDepth();  // idempotent; the first call starts the thread
  // nullptr until ready (starts the computation if it was not started).
  const std::vector<teach::WorkDepthPoint>* WorkDepthSeries();
  bool WaitForWorkDepth(double seconds);  // headless

  // [SECTION] The Presets menu: the built-in list until main sets the data dir's presets.json
  void SetPresets(std::vector<PresetSpec> presets) { m_presets = std::move(presets); }
  const std::vector<PresetSpec>& Presets() const { return m_presets; }

  // [SECTION] Sessions and trace files (app_state_files.cpp)
  // Opens a session (.scanviz) or a trace file (`scanviz-cli trace -o`), by what it holds, and
  // puts it first in the recent files. Empty on success (`notice` says what was opened), else the
  // reason, with the state unchanged.
  std::string OpenFile(const std::string& path);
  // Shows a trace recorded elsewhere: its input, operator, type and conversion become the app's,
  // the other algorithms are simulated on the same input, and until the next edit the status line
  // says where it was recorded ("recorded on NVIDIA H200").
  void OpenTrace(Trace trace, std::string origin);
  Session ToSession() const;
  // Empty, or what it could not bring back (a quiz set this build does not ship).
  std::string ApplySession(const Session& s);
  std::string SaveSessionTo(const std::string& path);  // empty, or the reason
  // A share link (share_link.h; OpenFile takes one too): its session, with a bundled trace it
  // names from the traces folder. Empty on success (`notice` says what it left out), else the
  // one-line reason, with the state unchanged.
  std::string OpenLink(std::string_view text);
  std::string ShareLink() const { return ShareFragment(ToSession()); }  // "s=...", no '#'
  void SetTracesDir(std::string dir) { m_traces_dir = std::move(dir); }
  // The shown algorithm's trace came from a file (until the next edit).
  bool ShowsFileTrace() const { return m_file_trace && m_file_trace->first == m_algorithm; }
  const std::vector<std::string>& Recent() const { return m_recent; }
  void SetRecent(std::vector<std::string> recent);
  void NoteRecent(const std::string& path);  // first in the list, at most kMaxRecent

  ViewState view;
  QuizSession quiz;     // Q: the sets on offer and the quiz being taken (quiz_session.h)
  teach::LabLoad lab;   // the mistakes lab's GPU results (the data dir's labs/), for the tab
  std::string message;  // one-line problem for the status bar (settings, a file that did not open)
  std::string notice;   // one-line news for the status bar (a file opened or saved)
  // A classroom's teacher (--teach): the students' address, "http://HOST:P/#class", which View >
  // Show QR code shows instead of the view's link; empty otherwise.
  std::string classroom_students_url;
  // A link opened (OpenLink, by whoever handed it over): its error goes to `message` until the
  // next action (ActionTaken) or a link that opens; a good link clears an earlier link's error.
  void ReportLink(const std::string& error);
  // A step, a key, a click or a tap: a link's error, now out of date, leaves the status line
  // (other messages stay until clicked away).
  void ActionTaken();

  // [SECTION] KindHost (kind_state.h): what the kinds' states use
  Algorithm ChosenAlgorithm() const override { return m_algorithm; }
  Algorithm SelectedAlgorithm() const override { return view.selected_algorithm; }
  Player& BlockPlayer(Algorithm a) override { return PlayerOf(a); }
  Player& ShownBlockPlayer() override { return CurrentPlayer(); }
  Algorithm ShownBlockAlgorithm() const override { return GetAlgorithm(); }
  int PlayerRound(Algorithm a) const override { return m_players[Index(a)].Round(); }
  void ShowKind(KindId kind) override { SetKind(kind); }
  void TakeFileInput(FileInput input) override;
  void EditValues(ElementType type, OpKind op, std::vector<double> values) override;

 private:
  std::string m_link_message;  // `message` as ReportLink set it, while it shows
  struct Pending {
    std::uint64_t generation;
    std::future<std::vector<ScanOutcome>> result;
  };
  static size_t Index(Algorithm a) { return static_cast<size_t>(a); }
  const KindState& ShownState() const { return StateOf(m_kind); }
  KindState& ShownState() { return StateOf(m_kind); }
  // The kind every other gives way to: the registry's first (the block scan).
  KindId HomeKind() const { return m_kinds.front()->Id(); }
  // Opened by each input edit; the outermost one records the edit when it closes (SetType calls
  // SetInputText, a preset calls three edits: one step each).
  class EditScope {
   public:
    EditScope(AppState& app, EditTag tag);
    ~EditScope();
    EditScope(const EditScope&) = delete;
    EditScope& operator=(const EditScope&) = delete;

   private:
    AppState& m_app;
  };
  InputSnapshot Snapshot() const;
  void Restore(const InputSnapshot& s);
  void Regenerate();
  bool Shown(
      Algorithm a) const;  // drawn now: the algorithm, the pair side by side, the selection's
  // Traces slot `index` if the last edit left it for later: fills the cache (m_slots).
  void Refresh(size_t index) const;
  // A new trace for one algorithm, its player kept on the matching round (MatchRound).
  void Install(size_t index, Trace trace, std::string ran) const;
  // The request for algorithm a: the input, with a's mistake if the lab has one chosen.
  ScanRequest MistakeRequest(Algorithm a) const;
  // Sessions' parts (app_state_files.cpp).
  void ViewToSession(Session& s) const;
  void ApplyModes(const Session& s);
  std::string ResumeQuiz(const Session& s);

  std::string m_input_text;
  std::string m_input_error;
  // The values, type, operator, conversion, backend, backend status and generation: what the
  // models below read when they trace.
  ModelInput m_input;
  Algorithm m_algorithm = Algorithm::kHillisSteele;
  std::uint64_t m_seed = 1;
  Mistake m_mistake = Mistake::kNone;
  SimulatorOptions m_thread_order;
  // The block scans' traces of the current input and their players, [Algorithm]: a cache. An
  // edit traces the algorithms on screen and marks the others stale; the first read of a stale
  // one (Slot, PlayerOf, CatchUp) traces it, its player's round kept (Install). That read changes
  // nothing the state describes, so the readers stay const (a legend draws from a const
  // AppState) and these three are mutable: Refresh and Install are the only const writers.
  mutable std::vector<TraceSlot> m_slots = std::vector<TraceSlot>(kAlgorithmCount);
  mutable std::vector<Player> m_players = std::vector<Player>(kAlgorithmCount);
  mutable std::vector<char> m_stale = std::vector<char>(kAlgorithmCount, 0);
  KindId m_kind{};         // the registry's first (set by the constructor)
  KindId m_kind_before{};  // ToggleKind's way back
  std::vector<Pending> m_pending;
  std::string m_cpu_status;
  // Set once a background "auto" run fell back to the simulator: later edits then skip the
  // background run, which would only simulate the same traces a second time.
  std::string m_auto_fallback_status;
  std::future<std::vector<teach::WorkDepthPoint>> m_work_depth_future;
  std::optional<std::vector<teach::WorkDepthPoint>> m_work_depth;
  // The algorithm whose trace came from a file, and where it was recorded; reset by every edit.
  std::optional<std::pair<Algorithm, std::string>> m_file_trace;
  std::vector<std::string> m_recent;
  std::string m_traces_dir;      // the bundled traces a share link may name (data dir's traces/)
  std::function<void()> m_wake;  // copied into each worker: the state may not outlive it
  std::vector<PresetSpec> m_presets = BuiltinPresets();
  EditHistory m_history;
  int m_edit_depth = 0;  // open EditScopes
  InputSnapshot m_edit_before;
  EditTag m_edit_tag;
  // Every kind's state, in KindId's order, handed by the registry of states: their models read
  // m_input when they trace, and an opened block of the grid shares the block scans' selection
  // (view's), so they are declared after both, as they hold references to them.
  KindStates m_kinds =
      MakeKindStates(m_input, {view.selected, view.hovered, view.selected_algorithm});
};

}  // namespace scanviz
