// Everything the app knows between frames: the input, every algorithm's trace of it, the players,
// the view options (view_state.h) and the backend status. No GL, no ImGui: views read it and call
// its actions.
//
// Traces are regenerated only on a user action: the CPU simulator runs at once (n = 1024 takes well
// under a millisecond), and where CUDA is wanted a background task runs the kernels and its result
// replaces the simulator's trace when it arrives, unless a newer edit has come since (generation).
// With each trace come its teaching data (code listings, narration, per-round work, numerics),
// derived once per trace so the panels only read them. Two things are not per trace: the work and
// depth series over n = 1..1024 (about half a second, so computed on a background thread and shown
// as "computing..." until ready) and the benchmark results file (read when first shown).
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
#include "core/applications/applications.h"
#include "core/grid/grid.h"
#include "core/grid/single_pass.h"
#include "core/perf/bench_results.h"
#include "core/trace.h"
#include "edit_history.h"
#include "kind_id.h"
#include "player.h"
#include "presets.h"
#include "quiz_session.h"
#include "scene/grid_scene.h"
#include "scene/palette.h"
#include "scene/scene.h"
#include "session.h"
#include "settings.h"
#include "teach/code_listing.h"
#include "teach/lab_results.h"
#include "teach/mistake_report.h"
#include "teach/narration.h"
#include "teach/numerics.h"
#include "teach/work_depth.h"
#include "view_state.h"

namespace scanviz {

// What the teaching panels show for one trace, derived from it when it arrives.
struct TeachSlot {
  teach::CodeListing kernel;                 // the real CUDA kernel
  teach::CodeListing pseudo;                 // our pseudo-code, with the trace's operator
  // The step function each round runs (ScanStep, UpSweepStep, ...), shown beside the loop: one
  // per round, shared by the rounds of a phase; empty where the round calls none.
  std::vector<teach::CodeListing> steps;
  std::vector<teach::Narration> narration;   // one per round, then the summary
  std::vector<teach::RoundWork> round_work;  // one per round
  teach::FloatDiagnostics float_diag;        // applicable: float32 add
  teach::IntDiagnostics int_diag;            // applicable: int32 add
};

struct TraceSlot {
  Trace trace;
  TraceAnalysis analysis;
  std::string ran;  // "CPU simulation", "CUDA: ..."
  TeachSlot teach;
  // The mistakes lab: a trace made with a mistake comes with the correct kernel's trace of the
  // same input (one more simulation) and the comparison of the two; empty otherwise.
  std::optional<Trace> correct;
  teach::MistakeReport mistake;
};

// The multi-block scan of the current input (the grid view): its trace and where it ran.
struct GridSlot {
  GridTrace grid;
  std::vector<std::string> problems;  // CheckGrid's findings: empty when every phase holds
  std::string ran;                    // "CPU simulation", "CUDA: ..."
  std::string error;                  // why there is no grid (an input it cannot scan)
  bool checked = true;  // false while CheckGrid runs on a worker (AppState::SetBackgroundGridCheck)
};

// The application of the scan shown in the applications view (docs/applications.md): its trace
// of the current input (or of a file), CheckApplication's findings and where it ran.
struct ApplicationSlot {
  std::optional<ApplicationTrace> trace;
  std::vector<std::string> problems;  // CheckApplication's: empty when every step holds
  std::string ran;                    // "CPU simulation", "CUDA: ...", or the file
  std::string error;                  // why there is no trace (an input it cannot take)
};

// A block of the grid opened in the single-block view: its level (0: the scan asked for, d: the
// sums scan of level d - 1) and number.
struct OpenedBlock {
  int level = 0;
  int block = 0;
  bool operator==(const OpenedBlock&) const = default;
};

class AppState {
 public:
  explicit AppState(const Settings& settings);
  ~AppState();
  AppState(const AppState&) = delete;
  AppState& operator=(const AppState&) = delete;

  // [SECTION] Input edits. Each regenerates the traces, keeping the players' rounds, and is one
  // step of the undo history (edit_history.h says what counts as an edit).
  bool SetInputText(const std::string& text);  // false: keeps the last good trace, sets InputError
  void SetValues(std::vector<double> values);
  void SetCell(int pos, double value);
  void Resize(int n);  // truncates, or extends with random values from the seed
  void Randomize(int n, std::uint64_t seed);
  void SetOp(OpKind op);
  void SetAlgorithm(Algorithm a);
  void ToggleAlgorithm();  // the next algorithm in the registry (Tab)
  // Side by side: the two algorithms shown, left and right (by default the chapters' two).
  void SetPair(Algorithm left, Algorithm right);
  Algorithm Left() const { return m_pair[0]; }
  Algorithm Right() const { return m_pair[1]; }
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
  const std::vector<double>& Values() const { return m_values; }
  ElementType Type() const { return m_type; }
  OpKind Op() const { return m_op; }
  bool Convert() const { return m_convert; }
  // The algorithm whose rounds the single-block panels describe: the chosen one, or while a block
  // of the grid is open, the grid's block scan.
  Algorithm GetAlgorithm() const { return m_opened ? m_grid_block_algorithm : m_algorithm; }
  BackendChoice Backend() const { return m_backend; }
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
    if (BlockShown(a)) return m_block_slot;
    Refresh(Index(a));
    return m_slots[Index(a)];
  }
  const TraceSlot& Current() const { return Slot(GetAlgorithm()); }
  Player& PlayerOf(Algorithm a) {
    if (BlockShown(a)) return m_block_player;
    Refresh(Index(a));
    return m_players[Index(a)];
  }
  Player& CurrentPlayer() { return PlayerOf(GetAlgorithm()); }
  // The players of what the centre shows (kind_model.h): the shown algorithm's, both side by
  // side, the grid's, the opened block's, the application's; none for the timeline and the chart.
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
  // M, L, G, S: shows `kind`, or when it is shown already, the kind shown before it.
  void ToggleKind(KindId kind);

  // [SECTION] The multi-block scan (the grid view; app_state_grid.cpp). It scans the whole input
  // (up to kMaxGridElements); the block scans take its first kMaxElements values (BlockValues).
  void SetGridBlockAlgorithm(Algorithm a);  // any block algorithm of the registry
  Algorithm GridBlockAlgorithm() const { return m_grid_block_algorithm; }
  void SetGridBlockSize(int block_size);  // a power of two in 4..1024 (rounded down, clamped)
  // The live app checks a large grid (kBackgroundGridCheck elements or more: 50..90 ms at 2^16)
  // on a worker, so an edit shows before CheckGrid's verdict; Poll() takes the verdict. Off by
  // default: tests, screenshots and exports check before the grid is shown.
  static constexpr int kBackgroundGridCheck = 16384;
  void SetBackgroundGridCheck(bool on) { m_background_grid_check = on; }
  bool WaitForGridCheck(double seconds);  // true once the shown grid is checked
  int GridBlockSize() const { return m_grid_block_size; }
  // Traced when first asked for after an edit; not const: tracing replaces the grid's player
  // step count, closes a block the edit took away and may start the check on a worker.
  const GridSlot& Grid();
  Player& GridPlayer() {
    Grid();
    return m_grid_player;
  }
  // Opens block `block` of level `level` in the single-block view (false: no such block);
  // CloseBlock returns to the grid.
  bool OpenBlock(int level, int block);
  void CloseBlock();
  const std::optional<OpenedBlock>& Opened() const { return m_opened; }
  // The values a block scan traces: the input, or its first kMaxElements values.
  std::vector<double> BlockValues() const;
  bool BlockScansTruncated() const { return m_values.size() > static_cast<size_t>(kMaxElements); }

  // Called once per frame: takes a finished CUDA result if it is still wanted.
  void Poll();
  // Traces the algorithms an edit left for later (see Slot); the loop calls it after a frame.
  void CatchUp() const;
  // Work running on another thread whose result the next frames should show (a CUDA trace, the
  // work and depth series): the app keeps drawing, or sleeps until `wake` says it is done.
  bool BackgroundPending() const;
  // Called from the worker thread when a background result is ready (the app posts an empty
  // GLFW event, so a sleeping loop shows it at once). Set before the first edit; thread-safe.
  void SetWake(std::function<void()> wake) { m_wake = std::move(wake); }
  bool WaitForBackend(double seconds);  // headless: waits for pending CUDA work
  const std::string& BackendStatus() const { return m_backend_status; }
  std::uint64_t Generation() const { return m_generation; }

  Settings ToSettings(int window_width, int window_height) const;

  // [SECTION] Work and depth over n = 1..1024, computed once in the background
  void StartWorkDepth();  // idempotent; the first call starts the thread
  // nullptr until ready (starts the computation if it was not started).
  const std::vector<teach::WorkDepthPoint>* WorkDepthSeries();
  bool WaitForWorkDepth(double seconds);  // headless

  // [SECTION] The Presets menu: the built-in list until main sets the data dir's presets.json
  void SetPresets(std::vector<PresetSpec> presets) { m_presets = std::move(presets); }
  const std::vector<PresetSpec>& Presets() const { return m_presets; }

  // [SECTION] The applications (app_state_applications.cpp): compaction, split, radix sort or
  // allocation run on the current input (an int32 input for all but compaction), traced again after
  // each edit or parameter change while the mode is on; the player steps through every pass's flag,
  // scan and scatter steps.
  void SetApplication(ApplicationKind application);
  ApplicationKind Application() const { return m_application; }
  void SetKeep(KeepRule keep);
  const KeepRule& Keep() const { return m_application_params.keep; }
  void SetSplitBit(int bit);  // clamped into 0..31
  int SplitBit() const { return m_application_params.bit; }
  void SetRadixBits(int bits);  // 1..32; 0: as many as the keys need (RadixBitsNeeded)
  int RadixBits() const { return m_radix_bits; }
  // Traced when first asked for after an edit (as Grid).
  const ApplicationSlot& TracedApplication();
  Player& ApplicationPlayer() {
    TracedApplication();
    return m_application_player;
  }
  // One more per new trace.
  std::uint64_t ApplicationVersion() const { return m_application_version; }
  // Shows an application trace recorded elsewhere (a file): its input, type and parameters
  // become the app's, until the next edit.
  void OpenApplication(ApplicationTrace trace, std::string origin);
  // Shows a grid trace file in the grid view: its input, operator, type, block scan and size
  // become the app's; the grid is the file's until the next edit. False (with the reason) for a
  // grid the grid view cannot hold.
  std::string OpenGridTrace(GridTrace grid, std::string origin);

  // [SECTION] The single-pass scan (L; app_state_grid.cpp): the current input traced on the
  // simulator in the view's tile size and order (again only when one of them changed), or the
  // trace a file held, which stays until the next input edit. `ran` says which.
  const SinglePassTrace& SinglePass();
  const std::string& SinglePassOrigin() const { return m_single_pass_origin; }
  // Changes whenever SinglePass() gives another trace: what a view caches from it is stale.
  std::uint64_t SinglePassVersion() const { return m_single_pass_version; }
  void OpenSinglePass(SinglePassTrace trace, std::string origin);
  // Whether SinglePass() is a file's trace (until an edit or another tile size or order).
  bool ShowsFileSinglePass() const;

  // [SECTION] Benchmark results (read on first use; app_state_files.cpp)
  void SetBenchResultsPath(std::string path);  // also forgets what was read
  const std::string& BenchResultsPath() const { return m_bench_path; }
  const perf::BenchLoad& BenchResults();

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
  void ApplySession(const Session& s);
  std::string SaveSessionTo(const std::string& path);  // empty, or the reason
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

 private:
  struct Pending {
    std::uint64_t generation;
    std::future<std::vector<ScanOutcome>> result;
  };
  static size_t Index(Algorithm a) { return static_cast<size_t>(a); }
  bool BlockShown(Algorithm a) const {
    return m_kind == KindId::kMultiBlock && m_opened && a == m_grid_block_algorithm;
  }
  void RegenerateGrid();  // the grid of the current input, its player kept on its step
  // The application of the current input, its player kept on its step.
  void RegenerateApplication();
  void InstallBlock();  // the opened block's slot from the grid
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
  bool Shown(Algorithm a) const;  // drawn now: the algorithm, the pair side by side, the selection's
  // Traces slot `index` if the last edit left it for later: fills the cache (m_slots).
  void Refresh(size_t index) const;
  // A new trace for one algorithm, its player kept on the matching round (MatchRound).
  void Install(size_t index, Trace trace, std::string ran) const;
  static void FillTeach(TraceSlot& slot);
  // The request for algorithm a: the input, with a's mistake if the lab has one chosen.
  ScanRequest MistakeRequest(Algorithm a) const;

  std::string m_input_text;
  std::string m_input_error;
  std::vector<double> m_values;
  ElementType m_type = ElementType::kInt32;
  OpKind m_op = OpKind::kAdd;
  bool m_convert = false;
  Algorithm m_algorithm = Algorithm::kHillisSteele;
  BackendChoice m_backend = BackendChoice::kAuto;
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
  KindId m_kind = KindId::kBlockScan;
  KindId m_kind_before = KindId::kBlockScan;  // ToggleKind's way back
  Algorithm m_grid_block_algorithm = Algorithm::kHillisSteele;
  int m_grid_block_size = 4;
  GridSlot m_grid;
  // CheckGrid of m_grid.grid on a worker, which reads the grid: m_grid is not replaced while it
  // runs (FinishGridCheck waits first).
  bool m_background_grid_check = false;
  std::future<std::vector<std::string>> m_grid_check;
  std::future<void> m_grid_drop;  // the grid replaced, freed on a worker
  void FinishGridCheck();         // waits for a running check and takes its findings
  Player m_grid_player;
  bool m_grid_stale = true;
  std::optional<OpenedBlock> m_opened;
  ApplicationKind m_application = ApplicationKind::kCompact;
  ApplicationParams m_application_params;
  int m_radix_bits = 0;  // 0: RadixBitsNeeded of the input
  ApplicationSlot m_application_slot;
  Player m_application_player;
  bool m_application_stale = true;
  std::uint64_t m_application_version = 0;
  TraceSlot m_block_slot;
  Player m_block_player;
  Algorithm m_pair[2] = {Algorithm::kHillisSteele, Algorithm::kBlelloch};
  std::uint64_t m_generation = 0;
  std::vector<Pending> m_pending;
  std::string m_backend_status;
  std::string m_cpu_status;
  // Set once a background "auto" run fell back to the simulator: later edits then skip the
  // background run, which would only simulate the same traces a second time.
  std::string m_auto_fallback_status;
  std::future<std::vector<teach::WorkDepthPoint>> m_work_depth_future;
  std::optional<std::vector<teach::WorkDepthPoint>> m_work_depth;
  std::string m_bench_path;
  std::optional<perf::BenchLoad> m_bench;
  // The algorithm whose trace came from a file, and where it was recorded; reset by every edit.
  std::optional<std::pair<Algorithm, std::string>> m_file_trace;
  std::vector<std::string> m_recent;
  std::optional<SinglePassTrace> m_single_pass;  // SinglePass(), for the key below
  struct SinglePassKey {
    std::uint64_t generation = ~0ull;
    int tile_size = 0;
    TileOrder order = TileOrder::kBlockIdx;
    bool from_file = false;
  } m_single_pass_key;
  std::string m_single_pass_origin;
  std::string m_single_pass_file;  // the file a single-pass trace was opened from (sessions)
  std::uint64_t m_single_pass_version = 0;
  std::function<void()> m_wake;  // copied into each worker: the state may not outlive it
  std::vector<PresetSpec> m_presets = BuiltinPresets();
  EditHistory m_history;
  int m_edit_depth = 0;  // open EditScopes
  InputSnapshot m_edit_before;
  EditTag m_edit_tag;
};

}  // namespace scanviz
