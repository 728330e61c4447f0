#include "app_state.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <filesystem>

#include "core/file_io.h"
#include "core/grid/grid_io.h"
#include "core/grid/grid_steps.h"
#include "core/input.h"
#include "core/registry.h"
#include "core/simulator.h"
#include "core/trace_io.h"
#include "teach/kernel_source.h"
#include "teach/pseudo_code.h"

namespace scanviz {

namespace {

ScanRequest MakeRequest(Algorithm a, OpKind op, ElementType type, bool convert,
                        const std::vector<double>& v) {
  ScanRequest r;
  r.algorithm = a;
  r.op = op;
  r.type = type;
  r.convert = convert;
  r.input = v;
  return r;
}

template <typename T>
bool Ready(const std::future<T>& f) {
  return f.wait_for(std::chrono::seconds(0)) == std::future_status::ready;
}

}  // namespace

class AppState::EditScope {
 public:
  EditScope(AppState& app, EditTag tag) : m_app(app) {
    if (m_app.m_edit_depth++ > 0) return;
    m_app.m_edit_before = m_app.Snapshot();
    m_app.m_edit_tag = tag;
  }
  ~EditScope() {
    if (--m_app.m_edit_depth > 0) return;
    m_app.m_history.Record(m_app.m_edit_before, m_app.m_edit_tag, m_app.Snapshot());
  }
  EditScope(const EditScope&) = delete;
  EditScope& operator=(const EditScope&) = delete;

 private:
  AppState& m_app;
};

AppState::AppState(const Settings& settings)
    : m_type(settings.type),
      m_op(settings.op),
      m_convert(settings.convert),
      m_algorithm(settings.algorithm) {
  view.theme = settings.theme;
  view.panel = settings.panel;
  SetRecent(settings.recent);
  view.export_dir = settings.export_dir;
  view.export_transparent = settings.export_transparent;
  if (!SetInputText(settings.input)) {
    message = "saved input was invalid (" + m_input_error + "); using the chapters' example";
    SetInputText("3 1 7 0 4 1 6 3");
  }
  m_history.Clear();  // the saved input is where undo stops
}

// Pending futures finish before the state goes; the grid's check first, as it reads m_grid.
AppState::~AppState() {
  FinishGridCheck();
}

bool AppState::SetInputText(const std::string& text) {
  const EditScope edit(*this, {EditKind::kText});
  m_input_text = text;
  ParsedValues parsed = ParseValues(text, m_type, kMaxGridElements);
  if (!parsed.Ok()) {
    m_input_error = parsed.error;
    return false;
  }
  m_input_error.clear();
  m_values = std::move(parsed.values);
  Regenerate();
  return true;
}

void AppState::SetValues(std::vector<double> values) {
  const EditScope edit(*this, {EditKind::kValues});
  m_input_text = FormatValues(values, m_type, " ");
  m_input_error.clear();
  m_values = std::move(values);
  Regenerate();
}

void AppState::SetCell(int pos, double value) {
  if (pos < 0 || pos >= static_cast<int>(m_values.size())) return;
  const EditScope edit(*this, {EditKind::kCell, pos});
  std::vector<double> v = m_values;
  v[static_cast<size_t>(pos)] = value;
  SetValues(std::move(v));
}

void AppState::Resize(int n) {
  const EditScope edit(*this, {EditKind::kSize});
  n = std::clamp(n, 1, kMaxGridElements);
  std::vector<double> v = m_values;
  if (n > static_cast<int>(v.size())) {
    std::vector<double> extra = RandomValues(n, m_seed, m_type);
    for (size_t i = v.size(); i < static_cast<size_t>(n); ++i) v.push_back(extra[i]);
  } else {
    v.resize(static_cast<size_t>(n));
  }
  SetValues(std::move(v));
}

void AppState::Randomize(int n, std::uint64_t seed) {
  const EditScope edit(*this, {EditKind::kRandom});
  m_seed = seed;
  SetValues(RandomValues(std::clamp(n, 1, kMaxGridElements), seed, m_type));
}

void AppState::SetOp(OpKind op) {
  const EditScope edit(*this, {EditKind::kOp});
  m_op = op;
  Regenerate();
}

void AppState::SetAlgorithm(Algorithm a) {
  // Side by side stays (the algorithm is the one a single pane shows); any other kind gives way.
  if (m_kind != KindId::kSideBySide) SetKind(KindId::kBlockScan);
  m_algorithm = a;
  view.selected.reset();
}

void AppState::ToggleAlgorithm() {
  // The block scans in the registry's order, then the multi-block scan, then round again.
  if (m_kind == KindId::kMultiBlock) {
    SetAlgorithm(static_cast<Algorithm>(0));
  } else if (static_cast<int>(m_algorithm) + 1 == kAlgorithmCount) {
    SetKind(KindId::kMultiBlock);
  } else {
    SetAlgorithm(static_cast<Algorithm>(static_cast<int>(m_algorithm) + 1));
  }
}

// [SECTION] The kind of view shown

void AppState::SetKind(KindId kind) {
  if (kind == m_kind) return;
  CloseBlock();  // a block is opened from the grid and closes with it
  view.grid_selected.reset();
  view.grid_hovered.reset();
  view.selected.reset();
  view.hovered.reset();
  m_kind_before = m_kind;
  m_kind = kind;  // what it shows is traced when first asked for (Grid, Application, Slot)
}

void AppState::ToggleKind(KindId kind) {
  if (m_kind != kind) {
    SetKind(kind);
  } else {
    SetKind(m_kind_before == kind ? KindId::kBlockScan : m_kind_before);
  }
}

std::vector<Player*> AppState::ShownPlayers() {
  switch (m_kind) {
    case KindId::kBlockScan:
      return {&CurrentPlayer()};
    case KindId::kSideBySide:
      if (m_pair[0] == m_pair[1]) return {&PlayerOf(m_pair[0])};
      return {&PlayerOf(m_pair[0]), &PlayerOf(m_pair[1])};
    case KindId::kMultiBlock:
      return {m_opened ? &m_block_player : &GridPlayer()};
    case KindId::kApplication:
      return {&AppPlayer()};
    case KindId::kSinglePass:  // the timeline's cursor moves from moment to moment
    case KindId::kBenchmark:
      break;
  }
  return {};
}

std::vector<Algorithm> AppState::ShownAlgorithms() const {
  switch (m_kind) {
    case KindId::kBlockScan:
      return {GetAlgorithm()};
    case KindId::kSideBySide:
      if (m_pair[0] == m_pair[1]) return {m_pair[0]};
      return {m_pair[0], m_pair[1]};
    case KindId::kMultiBlock:
      if (m_opened) return {m_grid_block_algorithm};
      break;
    default:
      break;
  }
  return {};
}

// [SECTION] The multi-block scan

void AppState::SetGridBlockAlgorithm(Algorithm a) {
  if (!IsGridBlockAlgorithm(a) || a == m_grid_block_algorithm) return;
  CloseBlock();
  m_grid_block_algorithm = a;
  m_grid_stale = true;  // traced again when next shown
}

void AppState::SetGridBlockSize(int block_size) {
  int b = kMinGridBlockSize;
  while (b * 2 <= std::min(block_size, kMaxGridBlockSize)) b *= 2;
  if (b == m_grid_block_size) return;
  CloseBlock();
  view.grid_selected.reset();
  m_grid_block_size = b;
  m_grid_stale = true;
}

const GridSlot& AppState::Grid() const {
  if (m_grid_stale) const_cast<AppState*>(this)->RegenerateGrid();
  return m_grid;
}

std::vector<double> AppState::BlockValues() const {
  if (!BlockScansTruncated()) return m_values;
  return {m_values.begin(), m_values.begin() + kMaxElements};
}

void AppState::RegenerateGrid() {
  m_grid_stale = false;
  GridRequest r;
  r.block_algorithm = m_grid_block_algorithm;
  r.block_size = m_grid_block_size;
  r.op = m_op;
  r.type = m_type;
  r.input = m_values;
  r.convert = m_convert;
  const int step = m_grid_player.Round();
  FinishGridCheck();  // the worker reads the grid replaced below
  if (m_background_grid_check && m_grid.grid.N() >= kBackgroundGridCheck) {
    // A large grid's many vectors take tens of milliseconds to free (33 ms in blocks of 4):
    // freed on a worker too.
    m_grid_drop = std::async(std::launch::async, [old = std::move(m_grid)]() mutable {
      const GridSlot gone = std::move(old);
    });
  }
  m_grid = GridSlot{};
  if (std::string error = ValidateGridRequest(r); !error.empty()) {
    m_grid.error = std::move(error);
    m_grid_player.SetRoundCount(1);
    CloseBlock();
    return;
  }
  // The simulator, unless CUDA is asked for (or "auto" has already found a device): the grid is
  // one synchronous run, so an unanswered "is there a GPU?" must not hold up the edit.
  const bool cuda = m_backend == BackendChoice::kCuda ||
                    (m_backend == BackendChoice::kAuto && m_backend_status.rfind("CUDA", 0) == 0);
  GridOutcome out = RunGridScan(cuda ? m_backend : BackendChoice::kCpu, r);
  if (!out.grid) {
    const std::string why = out.error;
    out = RunGridScan(BackendChoice::kCpu, r);
    out.ran = "CPU simulation (CUDA failed: " + why + ")";
  }
  m_grid.grid = std::move(*out.grid);
  m_grid.ran = out.ran;
  if (m_background_grid_check && m_grid.grid.N() >= kBackgroundGridCheck) {
    m_grid.checked = false;
    m_grid_check =
        std::async(std::launch::async, [grid = &m_grid.grid] { return CheckGrid(*grid); });
  } else {
    m_grid.problems = CheckGrid(m_grid.grid);
  }
  m_grid_player.SetRoundCount(static_cast<int>(GridSteps(m_grid.grid).size()));
  m_grid_player.Seek(step);
  if (view.grid_selected && !scene::BuildGridScene(m_grid.grid, 0).FindCell(*view.grid_selected))
    view.grid_selected.reset();
  view.grid_hovered.reset();
  if (m_opened) InstallBlock();
}

bool AppState::OpenBlock(int level, int block) {
  if (m_kind != KindId::kMultiBlock) return false;
  const GridTrace* grid = scene::GridLevel(Grid().grid, level);
  if (grid == nullptr || block < 0 || block >= grid->BlockCount()) return false;
  m_opened = OpenedBlock{level, block};
  InstallBlock();
  m_block_player.Last();  // the block as phase 1 left it; Home and Left walk its rounds
  view.selected.reset();
  view.hovered.reset();
  view.selected_algorithm = m_grid_block_algorithm;
  return true;
}

void AppState::CloseBlock() {
  if (!m_opened) return;
  m_opened.reset();
  view.selected.reset();
  view.hovered.reset();
}

void AppState::InstallBlock() {
  const GridTrace* grid = scene::GridLevel(m_grid.grid, m_opened->level);
  if (grid == nullptr || m_opened->block >= grid->BlockCount()) {
    m_opened.reset();  // the edit took the block away
    return;
  }
  TraceSlot& slot = m_block_slot;
  const int round = m_block_player.Round();
  slot.trace = grid->blocks[static_cast<size_t>(m_opened->block)];
  slot.analysis = Analyze(slot.trace);
  slot.ran = m_grid.ran;
  slot.correct.reset();
  slot.mistake = {};
  FillTeach(slot);
  m_block_player.SetRoundCount(static_cast<int>(slot.trace.rounds.size()));
  m_block_player.Seek(round);
  if (view.selected && !scene::HasCell(slot.trace, slot.analysis, *view.selected))
    view.selected.reset();
}

void AppState::SetPair(Algorithm left, Algorithm right) {
  m_pair[0] = left;
  m_pair[1] = right;
}

void AppState::SetBackend(BackendChoice choice) {
  m_backend = choice;
  Regenerate();
}

void AppState::SetType(ElementType type) {
  if (type == m_type) return;
  const EditScope edit(*this, {EditKind::kType});
  m_type = type;
  if (ParseValues(m_input_text, type, kMaxGridElements).Ok()) {
    SetInputText(m_input_text);
    return;
  }
  // float32 -> int32 with fractions (or an old invalid text): round what the trace holds.
  std::vector<double> v = m_values;
  for (double& x : v) {
    if (type == ElementType::kInt32) {
      x = std::clamp(std::round(x), -2147483648.0, 2147483647.0);
    } else {
      x = static_cast<double>(static_cast<float>(x));
    }
  }
  SetValues(std::move(v));
}

void AppState::SetMistake(Mistake m) {
  if (m == m_mistake) return;
  m_mistake = m;
  Regenerate();
}

Mistake AppState::MistakeOf(Algorithm a) const {
  const MistakeInfo* info = FindMistake(m_mistake);
  return info != nullptr && info->algorithm == a ? m_mistake : Mistake::kNone;
}

void AppState::SetThreadOrder(const SimulatorOptions& order) {
  if (order.order == m_thread_order.order && order.seed == m_thread_order.seed) return;
  m_thread_order = order;
  Regenerate();
}

void AppState::SetConvert(bool convert) {
  if (convert == m_convert) return;
  m_convert = convert;
  Regenerate();
}

void AppState::ApplyPreset(const Preset& preset) {
  const EditScope edit(*this, {EditKind::kPreset});
  if (preset.type) SetType(*preset.type);
  SetValues(preset.values);
  if (preset.type) SetOp(OpKind::kAdd);  // the numerics presets are about add
}

InputSnapshot AppState::Snapshot() const {
  return {m_input_text, m_input_error, m_values, m_type, m_op, m_seed};
}

void AppState::Restore(const InputSnapshot& s) {
  m_input_text = s.text;
  m_input_error = s.error;
  m_values = s.values;
  m_type = s.type;
  m_op = s.op;
  m_seed = s.seed;
  Regenerate();  // the players keep their rounds (MatchRound), as after any edit
}

bool AppState::Undo() {
  std::optional<InputSnapshot> s = m_history.Undo(Snapshot());
  if (s) Restore(*s);
  return s.has_value();
}

bool AppState::Redo() {
  std::optional<InputSnapshot> s = m_history.Redo(Snapshot());
  if (s) Restore(*s);
  return s.has_value();
}

ScanRequest AppState::MistakeRequest(Algorithm a) const {
  ScanRequest r = MakeRequest(a, m_op, m_type, m_convert, BlockValues());
  r.mistake = MistakeOf(a);
  return r;
}

void AppState::FillTeach(TraceSlot& slot) const {
  TeachSlot& t = slot.teach;
  const Algorithm a = slot.trace.meta.algorithm;
  t.kernel = teach::KernelListing(a);
  t.pseudo = teach::PseudoCodeListing(a, slot.trace.meta.op);
  t.steps.clear();
  std::map<PhaseId, size_t> phase_step;  // a phase's rounds all run its step
  for (const Round& r : slot.trace.rounds) {
    auto [it, inserted] = phase_step.try_emplace(r.spec.phase, t.steps.size());
    t.steps.push_back(inserted ? teach::StepListing(t.kernel, a, r.spec) : t.steps[it->second]);
  }
  t.narration = teach::NarrateTrace(slot.trace, slot.analysis);
  t.round_work = teach::RoundWorkSeries(slot.trace, slot.analysis);
  t.float_diag = teach::DiagnoseFloat(slot.trace);
  t.int_diag = teach::DiagnoseInt(slot.trace, slot.analysis);
}

void AppState::Install(size_t index, Trace trace, std::string ran) {
  TraceSlot& slot = m_slots[index];
  Player& player = m_players[index];
  std::vector<RoundSpec> before, after;
  for (const Round& r : slot.trace.rounds) before.push_back(r.spec);
  for (const Round& r : trace.rounds) after.push_back(r.spec);
  const int round = slot.trace.rounds.empty() ? player.Round() : MatchRound(before, player.Round(), after);
  slot.trace = std::move(trace);
  slot.analysis = Analyze(slot.trace);
  slot.ran = std::move(ran);
  slot.correct.reset();
  slot.mistake = {};
  if (slot.trace.meta.mistake != Mistake::kNone) {
    ScanRequest correct =
        MakeRequest(slot.trace.meta.algorithm, slot.trace.meta.op, slot.trace.meta.type,
                    slot.trace.meta.converted, slot.trace.input);
    if (ValidateRequest(correct).empty()) {
      slot.correct = Simulate(correct);
      slot.mistake = teach::ReportMistake(slot.trace, *slot.correct);
    }
  }
  FillTeach(slot);
  player.SetRoundCount(static_cast<int>(slot.trace.rounds.size()));
  player.Seek(round);
}

void AppState::Regenerate() {
  ++m_generation;
  m_file_trace.reset();  // an edit: the simulator (or the GPU) traces the new input
  m_grid_stale = true;  // the grid and the application when first asked for (the frame asks)
  m_app_stale = true;
  // The algorithms on screen on the simulator, now: the next frame shows the edit. The others
  // when first asked for (Slot, PlayerOf) or after that frame (CatchUp).
  for (const AlgorithmInfo* info : Algorithms()) {
    const Algorithm a = info->id;
    m_stale[Index(a)] = !Shown(a);
    if (m_stale[Index(a)]) continue;
    ScanOutcome out = RunScan(BackendChoice::kCpu, MistakeRequest(a), m_thread_order);
    if (!out.trace) {
      m_input_error = out.error;
      return;
    }
    Install(Index(a), std::move(*out.trace), out.ran);
  }
  // A selection (or hover) the edit took away (a shorter input, fewer rounds) is dropped, not
  // shown as a cell that is no longer there.
  const TraceSlot& picked = Slot(view.selected_algorithm);
  if (view.selected && !scene::HasCell(picked.trace, picked.analysis, *view.selected))
    view.selected.reset();
  if (view.hovered && !scene::HasCell(picked.trace, picked.analysis, *view.hovered))
    view.hovered.reset();
  m_cpu_status = m_slots[Index(m_algorithm)].ran;
  if (m_backend == BackendChoice::kCpu) {
    m_backend_status = m_cpu_status;
    return;
  }
  if (m_backend == BackendChoice::kAuto && !m_auto_fallback_status.empty()) {
    m_backend_status = m_auto_fallback_status;
    return;
  }
  // CUDA (or auto) in the background: QueryCuda can take a while the first time.
  if (m_backend_status.empty() || m_backend_status.rfind("CUDA", 0) != 0) {
    m_backend_status = "CPU simulation (checking for a CUDA device…)";
  }
  std::vector<ScanRequest> requests;
  for (const AlgorithmInfo* info : Algorithms()) requests.push_back(MistakeRequest(info->id));
  BackendChoice choice = m_backend;
  m_pending.push_back(
      {m_generation,
       std::async(std::launch::async, [requests, choice, wake = m_wake, order = m_thread_order] {
         std::vector<ScanOutcome> outs;
         for (const ScanRequest& r : requests) outs.push_back(RunScan(choice, r, order));
         if (wake) wake();  // the result is ready: a sleeping loop shows it now
         return outs;
       })});
}

void AppState::Poll() {
  if (m_grid_check.valid() && Ready(m_grid_check)) FinishGridCheck();
  for (auto it = m_pending.begin(); it != m_pending.end();) {
    if (!Ready(it->result)) {
      ++it;
      continue;
    }
    std::vector<ScanOutcome> outs = it->result.get();
    const bool wanted = it->generation == m_generation;
    it = m_pending.erase(it);
    if (!wanted || outs.size() != m_slots.size()) continue;
    std::string failed;
    for (const ScanOutcome& o : outs)
      if (!o.trace) failed += o.error;
    if (!failed.empty()) {
      m_backend_status = "CPU simulation (CUDA failed: " + failed + ")";
      continue;
    }
    m_backend_status = outs[0].ran;
    if (outs[0].fell_back) {  // the simulator's traces are already shown
      // No device is final for this process (QueryCuda runs once); a failed run is not.
      if (!QueryCuda().usable) m_auto_fallback_status = outs[0].ran;
      continue;
    }
    for (size_t i = 0; i < m_slots.size(); ++i) {
      m_stale[i] = 0;
      Install(i, std::move(*outs[i].trace), outs[i].ran);
    }
  }
}

bool AppState::Shown(Algorithm a) const {
  switch (m_kind) {
    case KindId::kBlockScan:
      return a == m_algorithm || a == view.selected_algorithm;
    case KindId::kSideBySide:
      return a == m_pair[0] || a == m_pair[1] || a == view.selected_algorithm;
    default:  // the other kinds show none of the block scans' own traces
      return false;
  }
}

void AppState::Refresh(size_t index) const {
  if (!m_stale[index]) return;
  auto* self = const_cast<AppState*>(this);
  self->m_stale[index] = 0;
  const Algorithm a = static_cast<Algorithm>(index);
  ScanOutcome out = RunScan(BackendChoice::kCpu, MistakeRequest(a), m_thread_order);
  if (out.trace) self->Install(index, std::move(*out.trace), out.ran);
}

void AppState::CatchUp() const {
  for (size_t i = 0; i < m_stale.size(); ++i) Refresh(i);
}

bool AppState::BackgroundPending() const {
  return !m_pending.empty() || (m_work_depth_future.valid() && !Ready(m_work_depth_future)) ||
         m_grid_check.valid();
}

void AppState::FinishGridCheck() {
  if (m_grid_drop.valid()) m_grid_drop.wait();
  if (!m_grid_check.valid()) return;
  m_grid.problems = m_grid_check.get();
  m_grid.checked = true;
}

bool AppState::WaitForGridCheck(double seconds) {
  if (m_grid_check.valid() &&
      m_grid_check.wait_for(std::chrono::duration<double>(seconds)) != std::future_status::ready)
    return false;
  FinishGridCheck();
  return true;
}

bool AppState::WaitForBackend(double seconds) {
  auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
  for (Pending& p : m_pending) {
    if (p.result.wait_until(deadline) != std::future_status::ready) return false;
  }
  Poll();
  return true;
}

// [SECTION] Sessions and trace files

namespace {

// Where a trace was recorded, as the status line says it: "recorded on NVIDIA H200" first (the
// part before " (" is what the status bar shows; the rest is its tooltip).
std::string TraceOrigin(const BackendInfo& b, const std::string& path) {
  const std::string file = std::filesystem::path(path).filename().string();
  if (b.kind == BackendKind::kCuda) {
    return "recorded on " + (b.device_name.empty() ? std::string("a CUDA GPU") : b.device_name) +
           " · " + file + " (sm_" + std::to_string(b.compute_major) +
           std::to_string(b.compute_minor) + ", driver " + std::to_string(b.driver_version) +
           ", runtime " + std::to_string(b.runtime_version) + "; opened from " + path +
           "; an edit traces the new input here)";
  }
  return "recorded by the CPU simulator · " + file + " (opened from " + path +
         "; an edit traces the new input here)";
}

}  // namespace

void AppState::OpenTrace(Trace trace, std::string origin) {
  // Undo brings back the input from before; redo gives the file's input, traced here.
  const EditScope edit(*this, {EditKind::kFile});
  m_type = trace.meta.type;
  m_op = trace.meta.op;
  m_convert = trace.meta.converted;
  SetKind(KindId::kBlockScan);
  m_algorithm = trace.meta.algorithm;
  m_values = trace.input;
  m_input_text = FormatValues(m_values, m_type, " ");
  m_input_error.clear();
  view.selected.reset();
  view.hovered.reset();
  Regenerate();  // every other algorithm on the same input, by the simulator
  ++m_generation;  // a GPU run of this input, still under way, must not replace the file's trace
  const Algorithm a = trace.meta.algorithm;
  Install(Index(a), std::move(trace), origin);
  PlayerOf(a).Seek(static_cast<int>(Slot(a).trace.rounds.size()) - 1);
  m_file_trace = std::make_pair(a, origin);
  m_backend_status = std::move(origin);
}

void AppState::OpenApp(AppTrace trace, std::string origin) {
  const EditScope edit(*this, {EditKind::kFile});
  m_type = trace.type;
  m_app = trace.app;
  m_app_params = trace.params;
  if (trace.app == AppKind::kRadixSort) m_radix_bits = trace.params.bits;
  m_values = trace.input;
  m_input_text = FormatValues(m_values, m_type, " ");
  m_input_error.clear();
  view.selected.reset();
  view.hovered.reset();
  Regenerate();
  ++m_generation;  // a GPU run of this input, still under way, must not replace the file's trace
  SetKind(KindId::kApplication);
  m_app_slot = AppSlot{};
  m_app_slot.problems = CheckApp(trace);
  m_app_slot.trace = std::move(trace);
  m_app_slot.ran = std::move(origin);
  m_app_stale = false;
  ++m_app_version;
  m_app_player.SetRoundCount(static_cast<int>(3 * m_app_slot.trace->passes.size()));
  m_app_player.Last();
}

std::string AppState::OpenGridTrace(GridTrace grid, std::string origin) {
  if (grid.depth != 0 || !IsGridBlockAlgorithm(grid.block_algorithm) ||
      grid.block_size < kMinGridBlockSize || grid.block_size > kMaxGridBlockSize ||
      (grid.block_size & (grid.block_size - 1)) != 0 || grid.N() < 1 ||
      grid.N() > kMaxGridElements)
    return "a grid the grid view cannot show (block scans of 4..1024 of " + AlgorithmKeys() + ")";
  const EditScope edit(*this, {EditKind::kFile});
  m_type = grid.type;
  m_op = grid.op;
  m_convert = grid.converted;
  m_grid_block_algorithm = grid.block_algorithm;
  m_grid_block_size = grid.block_size;
  m_values = grid.input;
  m_input_text = FormatValues(m_values, m_type, " ");
  m_input_error.clear();
  view.selected.reset();
  view.hovered.reset();
  Regenerate();
  ++m_generation;
  SetKind(KindId::kMultiBlock);  // the file's grid replaces the simulation below
  FinishGridCheck();
  m_grid = GridSlot{};
  m_grid.problems = CheckGrid(grid);
  m_grid.grid = std::move(grid);
  m_grid.ran = std::move(origin);
  m_grid_stale = false;
  m_grid_player.SetRoundCount(static_cast<int>(GridSteps(m_grid.grid).size()));
  m_grid_player.Last();
  return {};
}

Session AppState::ToSession() const {
  Session s;
  s.input = m_input_error.empty() ? m_input_text : FormatValues(m_values, m_type, " ");
  s.type = m_type;
  s.op = m_op;
  s.convert = m_convert;
  s.algorithm = m_algorithm;
  s.round = m_players[Index(m_algorithm)].Round();
  s.seed = m_seed;
  s.left = m_pair[0];
  s.right = m_pair[1];
  s.only_current = view.only_current;
  s.color_by_case = view.color_by_case;
  s.theme = view.theme;
  s.panel = view.panel;
  s.figure_scale = view.figure_scale;
  // Version 2's fields: the timeline is shown over the kind before it.
  const KindId under = m_kind == KindId::kSinglePass ? m_kind_before : m_kind;
  s.side_by_side = under == KindId::kSideBySide;
  s.multi_block = under == KindId::kMultiBlock;
  s.block_algorithm = m_grid_block_algorithm;
  s.block_size = m_grid_block_size;
  s.grid_step = s.multi_block ? m_grid_player.Round() : -1;
  s.application = under == KindId::kApplication;
  s.app = m_app;
  s.keep = m_app_params.keep;
  s.split_bit = m_app_params.bit;
  s.radix_bits = m_radix_bits;
  s.app_step = s.application ? m_app_player.Round() : -1;
  s.timeline = m_kind == KindId::kSinglePass;
  s.tile_size = view.tile_size;
  s.tile_order = view.tile_order;
  s.timeline_cursor = view.timeline_cursor;
  if (ShowsFileSinglePass()) {  // a GPU's timeline goes with the session, as a trace does
    s.single_pass = *m_single_pass;
    s.single_pass_origin = m_single_pass_file;
  }
  if (!s.multi_block && !s.application && ShowsFileTrace()) {
    s.trace = Current().trace;
    s.trace_origin = m_file_trace->second.substr(0, m_file_trace->second.find(" ("));
  }
  return s;
}

void AppState::ApplySession(const Session& s) {
  const EditScope edit(*this, {EditKind::kFile});
  m_seed = s.seed;
  m_pair[0] = s.left;
  m_pair[1] = s.right;
  view.only_current = s.only_current;
  view.color_by_case = s.color_by_case;
  view.theme = s.theme;
  view.panel = s.panel;
  view.panel_from_code = true;
  view.figure_scale = s.figure_scale;
  SetKind(KindId::kBlockScan);
  if (s.trace) {
    OpenTrace(*s.trace, s.trace_origin.empty() ? "recorded elsewhere · session" : s.trace_origin);
  } else {
    m_type = s.type;
    m_op = s.op;
    m_convert = s.convert;
    m_algorithm = s.algorithm;
    view.selected.reset();
    view.hovered.reset();
    SetInputText(s.input);  // checked by ParseSession: it parses as the type
  }
  auto seek = [](Player& p, int round) {
    p.Seek(round < 0 ? p.RoundCount() - 1 : std::min(round, p.RoundCount() - 1));
  };
  // A file's timeline (it holds until the next edit: the input above is set first), then the
  // round on screen, which its input may have re-traced.
  if (s.single_pass)
    OpenSinglePass(*s.single_pass, s.single_pass_origin.empty() ? "recorded elsewhere · session"
                                                                : s.single_pass_origin);
  seek(CurrentPlayer(), s.round);
  // The modes' settings, then the mode shown (ParseSession allows one at most, and none with a
  // recorded trace) on its step.
  SetGridBlockAlgorithm(s.block_algorithm);
  SetGridBlockSize(s.block_size);
  SetApp(s.app);
  SetKeep(s.keep);
  SetSplitBit(s.split_bit);
  SetRadixBits(s.radix_bits);
  view.tile_size = s.tile_size;
  view.tile_order = s.tile_order;
  if (s.multi_block) {
    SetKind(KindId::kMultiBlock);
    seek(GridPlayer(), s.grid_step);
  } else if (s.application) {
    SetKind(KindId::kApplication);
    seek(AppPlayer(), s.app_step);
  } else if (s.side_by_side) {
    SetKind(KindId::kSideBySide);
  }
  if (s.timeline) SetKind(KindId::kSinglePass);
  view.timeline_cursor = s.timeline_cursor;
}

bool AppState::ShowsFileSinglePass() const {
  return m_single_pass && m_single_pass_key.from_file &&
         m_single_pass_key.generation == m_generation &&
         m_single_pass_key.tile_size == view.tile_size &&
         m_single_pass_key.order == view.tile_order;
}

std::string AppState::SaveSessionTo(const std::string& path) {
  std::string err = SaveSession(ToSession(), path);
  if (!err.empty()) return err;
  NoteRecent(path);
  notice = "saved the session to " + path;
  return {};
}

const SinglePassTrace& AppState::SinglePass() {
  const SinglePassKey key{m_generation, view.tile_size, view.tile_order, false};
  // A file's trace stays until an edit, or until another tile size or order is asked for.
  if (ShowsFileSinglePass()) return *m_single_pass;
  if (!m_single_pass || key.generation != m_single_pass_key.generation ||
      key.tile_size != m_single_pass_key.tile_size || key.order != m_single_pass_key.order) {
    SinglePassRequest r;
    r.tile_size = std::clamp(view.tile_size, kMinGridBlockSize, kMaxGridBlockSize);
    r.order = view.tile_order;
    r.op = m_op;
    r.type = m_type;
    r.input = m_values;
    r.convert = m_convert;
    m_single_pass = SimulateSinglePass(r);
    m_single_pass_key = key;
    ++m_single_pass_version;
    m_single_pass_origin = "the simulator's schedule (simulated, not measured)";
  }
  return *m_single_pass;
}

void AppState::OpenSinglePass(SinglePassTrace trace, std::string origin) {
  // The trace's input becomes the app's where a block scan can take it, so the other views show
  // the same array; a longer one is shown in the timeline alone.
  if (trace.N() <= kMaxElements) {
    m_type = trace.type;
    m_op = trace.op;
    SetValues(trace.input);
  }
  view.tile_size = trace.tile_size;
  view.tile_order = trace.order;
  SetKind(KindId::kSinglePass);
  view.timeline_cursor = -1;
  m_single_pass_origin = (trace.measured ? "measured on " + trace.backend.device_name
                                         : std::string("a simulated schedule")) +
                         " (" + origin + ")";
  m_single_pass_file = origin;
  m_single_pass = std::move(trace);
  m_single_pass_key = {m_generation, view.tile_size, view.tile_order, true};
  ++m_single_pass_version;
}

std::string AppState::OpenFile(const std::string& path) {
  const FileText file = ReadFileLimited(path, kMaxTraceFileBytes);
  if (!file.Ok()) return path + ": " + file.error;
  switch (SniffFileKind(file.text)) {
    case FileKind::kSession: {
      SessionLoad loaded = ParseSession(file.text);
      if (!loaded.session) return path + ": " + loaded.error;
      ApplySession(*loaded.session);
      notice = "opened the session " + path;
      break;
    }
    case FileKind::kTrace: {
      AnyTraceLoad loaded = ParseAnyTraceJson(file.text);
      if (loaded.single_pass) {
        OpenSinglePass(std::move(*loaded.single_pass), path);
        notice = "opened the single-pass trace " + path;
        break;
      }
      if (loaded.app) {
        const std::string origin = TraceOrigin(loaded.app->backend, path);
        OpenApp(std::move(*loaded.app), origin);
        notice = "opened the application trace " + path;
        break;
      }
      if (loaded.grid) {
        const std::string origin = TraceOrigin(loaded.grid->backend, path);
        const std::string err = OpenGridTrace(std::move(*loaded.grid), origin);
        if (!err.empty()) return path + ": " + err;
        notice = "opened the grid trace " + path;
        break;
      }
      if (!loaded.trace) return path + ": " + loaded.error;
      const std::string origin = TraceOrigin(loaded.trace->meta.backend, path);
      OpenTrace(std::move(*loaded.trace), origin);
      notice = "opened the trace " + path;
      break;
    }
    case FileKind::kUnknown:
      return path + ": neither a ScanViz session (.scanviz) nor a trace (scanviz-cli trace -o)";
  }
  NoteRecent(path);
  return {};
}

void AppState::SetRecent(std::vector<std::string> recent) {
  m_recent.clear();
  for (std::string& p : recent) {
    if (p.empty() || std::find(m_recent.begin(), m_recent.end(), p) != m_recent.end()) continue;
    if (m_recent.size() == kMaxRecent) break;
    m_recent.push_back(std::move(p));
  }
}

void AppState::NoteRecent(const std::string& path) {
  std::error_code ec;
  std::filesystem::path abs = std::filesystem::absolute(path, ec);
  const std::string p = ec ? path : abs.lexically_normal().string();
  std::vector<std::string> recent = {p};
  for (const std::string& r : m_recent)
    if (r != p) recent.push_back(r);
  SetRecent(std::move(recent));
}

Settings AppState::ToSettings(int window_width, int window_height) const {
  Settings s;
  s.window_width = window_width;
  s.window_height = window_height;
  s.theme = view.theme;
  s.input = m_input_error.empty() ? m_input_text : FormatValues(m_values, m_type, " ");
  s.algorithm = m_algorithm;
  s.op = m_op;
  s.type = m_type;
  s.convert = m_convert;
  s.panel = view.panel;
  s.recent = m_recent;
  s.export_dir = view.export_dir;
  s.export_transparent = view.export_transparent;
  return s;
}

void AppState::StartWorkDepth() {
  if (m_work_depth || m_work_depth_future.valid()) return;
  m_work_depth_future =
      std::async(std::launch::async, [wake = m_wake] {
        std::vector<teach::WorkDepthPoint> series = teach::WorkDepthSeries(kMaxElements);
        if (wake) wake();
        return series;
      });
}

const std::vector<teach::WorkDepthPoint>* AppState::WorkDepthSeries() {
  StartWorkDepth();
  if (!m_work_depth && Ready(m_work_depth_future)) m_work_depth = m_work_depth_future.get();
  return m_work_depth ? &*m_work_depth : nullptr;
}

bool AppState::WaitForWorkDepth(double seconds) {
  StartWorkDepth();
  if (m_work_depth) return true;
  if (m_work_depth_future.wait_for(std::chrono::duration<double>(seconds)) !=
      std::future_status::ready) {
    return false;
  }
  return WorkDepthSeries() != nullptr;
}

void AppState::SetBenchResultsPath(std::string path) {
  m_bench_path = std::move(path);
  m_bench.reset();
}

const perf::BenchLoad& AppState::BenchResults() {
  if (!m_bench) {
    if (m_bench_path.empty()) {
      m_bench = perf::BenchLoad{};
      m_bench->error =
          "no results file: the data dir has no bench/h200.json (scanviz --data-dir says where "
          "it looks); open one with --bench-results FILE";
    } else {
      m_bench = perf::LoadBenchResults(m_bench_path);
    }
  }
  return *m_bench;
}

}  // namespace scanviz
