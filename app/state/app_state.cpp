// AppState (app_state.h): the input and its edits, the kind shown, undo, and the block scans'
// traces: the simulator's at once for what is on screen, the others when first asked for, CUDA's
// on a worker. The files and sessions are app_state_files.cpp's; what the kinds keep of their own
// is their states' (state/kind_state.h), which it loops over.
#include "state/app_state.h"

#include <algorithm>
#include <chrono>
#include <cmath>

#include "core/input.h"
#include "core/registry.h"
#include "core/simulator.h"
#include "state/launch.h"

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

AppState::AppState(const Settings& settings) : m_algorithm(settings.algorithm) {
  m_kind = m_kind_before = HomeKind();
  m_input.type = settings.type;
  m_input.op = settings.op;
  m_input.convert = settings.convert;
  view.theme = settings.theme;
  view.panel = settings.panel;
  SetRecent(settings.recent);
  view.export_dir = settings.export_dir;
  view.export_transparent = settings.export_transparent;
  view.show_fps = settings.show_fps;
  if (!SetInputText(settings.input)) {
    message = "saved input was invalid (" + m_input_error + "); using the chapters' example";
    SetInputText("3 1 7 0 4 1 6 3");
  }
  m_history.Clear();  // the saved input is where undo stops
}

AppState::EditScope::EditScope(AppState& app, EditTag tag) : m_app(app) {
  if (m_app.m_edit_depth++ > 0) return;
  m_app.m_edit_before = m_app.Snapshot();
  m_app.m_edit_tag = tag;
}

AppState::EditScope::~EditScope() {
  if (--m_app.m_edit_depth > 0) return;
  m_app.m_history.Record(m_app.m_edit_before, m_app.m_edit_tag, m_app.Snapshot());
}

// [SECTION] Input edits

bool AppState::SetInputText(const std::string& text) {
  const EditScope edit(*this, {EditKind::kText});
  m_input_text = text;
  ParsedValues parsed = ParseValues(text, m_input.type, kMaxGridElements);
  if (!parsed.Ok()) {
    m_input_error = parsed.error;
    return false;
  }
  m_input_error.clear();
  if (parsed.values.size() != m_input.values.size()) view.FitView();
  m_input.values = std::move(parsed.values);
  Regenerate();
  return true;
}

void AppState::SetValues(std::vector<double> values) {
  const EditScope edit(*this, {EditKind::kValues});
  m_input_text = FormatValues(values, m_input.type, " ");
  m_input_error.clear();
  if (values.size() != m_input.values.size()) view.FitView();
  m_input.values = std::move(values);
  Regenerate();
}

void AppState::SetCell(int pos, double value) {
  if (pos < 0 || pos >= static_cast<int>(m_input.values.size())) return;
  const EditScope edit(*this, {EditKind::kCell, pos});
  std::vector<double> v = m_input.values;
  v[static_cast<size_t>(pos)] = value;
  SetValues(std::move(v));
}

void AppState::Resize(int n) {
  const EditScope edit(*this, {EditKind::kSize});
  n = std::clamp(n, 1, kMaxGridElements);
  std::vector<double> v = m_input.values;
  if (n > static_cast<int>(v.size())) {
    std::vector<double> extra = RandomValues(n, m_seed, m_input.type);
    for (size_t i = v.size(); i < static_cast<size_t>(n); ++i) v.push_back(extra[i]);
  } else {
    v.resize(static_cast<size_t>(n));
  }
  SetValues(std::move(v));
}

void AppState::Randomize(int n, std::uint64_t seed) {
  const EditScope edit(*this, {EditKind::kRandom});
  m_seed = seed;
  SetValues(RandomValues(std::clamp(n, 1, kMaxGridElements), seed, m_input.type));
}

void AppState::RandomizeAgain(int n) {
  n = std::clamp(n, 1, kMaxGridElements);
  const bool drawn = RandomValues(n, m_seed, m_input.type) == m_input.values;
  Randomize(n, drawn ? m_seed + 1 : m_seed);
}

void AppState::SetOp(OpKind op) {
  const EditScope edit(*this, {EditKind::kOp});
  m_input.op = op;
  Regenerate();
}

void AppState::SetType(ElementType type) {
  if (type == m_input.type) return;
  const EditScope edit(*this, {EditKind::kType});
  m_input.type = type;
  if (ParseValues(m_input_text, type, kMaxGridElements).Ok()) {
    SetInputText(m_input_text);
    return;
  }
  // float32 -> int32 with fractions (or an old invalid text): round what the trace holds.
  std::vector<double> v = m_input.values;
  for (double& x : v) {
    if (type == ElementType::kInt32) {
      x = std::clamp(std::round(x), -2147483648.0, 2147483647.0);
    } else {
      x = static_cast<double>(static_cast<float>(x));
    }
  }
  SetValues(std::move(v));
}

void AppState::SetConvert(bool convert) {
  if (convert == m_input.convert) return;
  m_input.convert = convert;
  Regenerate();
}

void AppState::ApplyPreset(const Preset& preset) {
  const EditScope edit(*this, {EditKind::kPreset});
  if (preset.type) SetType(*preset.type);
  SetValues(preset.values);
  if (preset.type) SetOp(OpKind::kAdd);  // the numerics presets are about add
}

Algorithm AppState::GetAlgorithm() const {
  for (const auto& state : m_kinds)
    if (std::optional<Algorithm> opened = state->OpenedAlgorithm()) return *opened;
  return m_algorithm;
}

void AppState::SetAlgorithm(Algorithm a) {
  // Side by side stays (the algorithm is the one a single pane shows); any other kind gives way.
  if (!ShownState().KeepsOnAlgorithm()) SetKind(HomeKind());
  m_algorithm = a;
  view.selected.reset();
}

void AppState::ToggleAlgorithm() {
  // The block scans in the registry's order, then the kind Tab reaches after them (the
  // multi-block scan), then round again.
  if (ShownState().InTabCycle()) {
    SetAlgorithm(static_cast<Algorithm>(0));
  } else if (static_cast<int>(m_algorithm) + 1 == kAlgorithmCount) {
    for (const auto& state : m_kinds)
      if (state->InTabCycle()) SetKind(state->Id());
  } else {
    SetAlgorithm(static_cast<Algorithm>(static_cast<int>(m_algorithm) + 1));
  }
}

void AppState::SetBackend(BackendChoice choice) {
  m_input.backend = choice;
  Regenerate();
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

// [SECTION] The kind of view shown

void AppState::SetKind(KindId kind) {
  if (kind == m_kind) return;
  for (const auto& state : m_kinds) state->KindChanged();  // an opened block of the grid closes
  view.selected.reset();
  view.hovered.reset();
  // A chart is never the way back (kind_state.h's WayBackTo): the view before it stays.
  if (ShownState().WayBackTo()) m_kind_before = m_kind;
  m_kind = kind;  // what it shows is traced when first asked for (the models' Traced, Slot)
  notice.clear();  // the news was of the view before ("opened the single-pass trace ...")
}

void AppState::ToggleKind(KindId kind) {
  if (m_kind != kind) {
    SetKind(kind);
  } else {
    SetKind(WayBack());
  }
}

KindId AppState::WayBack() const {
  return m_kind_before == m_kind ? HomeKind() : m_kind_before;
}

std::vector<Player*> AppState::ShownPlayers() {
  return ShownState().ShownPlayers(*this);
}

std::vector<Algorithm> AppState::ShownAlgorithms() const {
  return ShownState().ShownAlgorithms(*this);
}

std::vector<double> AppState::BlockValues() const {
  if (!BlockScansTruncated()) return m_input.values;
  return {m_input.values.begin(), m_input.values.begin() + kMaxElements};
}

// [SECTION] Undo and redo

InputSnapshot AppState::Snapshot() const {
  return {m_input_text, m_input_error, m_input.values, m_input.type, m_input.op, m_seed};
}

void AppState::Restore(const InputSnapshot& s) {
  if (s.values.size() != m_input.values.size()) view.FitView();
  m_input_text = s.text;
  m_input_error = s.error;
  m_input.values = s.values;
  m_input.type = s.type;
  m_input.op = s.op;
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

// [SECTION] Traces: the simulator at once, CUDA on a worker

ScanRequest AppState::MistakeRequest(Algorithm a) const {
  ScanRequest r = MakeRequest(a, m_input.op, m_input.type, m_input.convert, BlockValues());
  r.mistake = MistakeOf(a);
  return r;
}

void AppState::Install(size_t index, Trace trace, std::string ran) const {
  TraceSlot& slot = m_slots[index];
  Player& player = m_players[index];
  std::vector<RoundSpec> before, after;
  for (const Round& r : slot.trace.rounds) before.push_back(r.spec);
  for (const Round& r : trace.rounds) after.push_back(r.spec);
  const int round =
      slot.trace.rounds.empty() ? player.Round() : MatchRound(before, player.Round(), after);
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
  ++m_input.generation;
  notice.clear();  // the news was of the input before (a file opened, a session saved)
  m_file_trace.reset();  // an edit: the simulator (or the GPU) traces the new input
  // The kinds' models when first asked for (the frame asks): the grid, the application.
  for (const auto& state : m_kinds) state->MarkStale();
  // The algorithms on screen on the simulator, now: the next frame shows the edit. The others
  // when first asked for (Slot, PlayerOf) or after that frame (CatchUp).
  for (const AlgorithmInfo* info : Algorithms()) {
    const Algorithm a = info->id;
    m_stale[Index(a)] = Shown(a) ? 0 : 1;
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
  if (m_input.backend == BackendChoice::kCpu) {
    m_input.backend_status = m_cpu_status;
    return;
  }
  if (m_input.backend == BackendChoice::kAuto && !m_auto_fallback_status.empty()) {
    m_input.backend_status = m_auto_fallback_status;
    return;
  }
  // CUDA (or auto) in the background: QueryCuda can take a while the first time.
  if (m_input.backend_status.empty() || m_input.backend_status.rfind("CUDA", 0) != 0) {
    m_input.backend_status = "CPU simulation (checking for a CUDA device…)";
  }
  std::vector<ScanRequest> requests;
  for (const AlgorithmInfo* info : Algorithms()) requests.push_back(MistakeRequest(info->id));
  BackendChoice choice = m_input.backend;
  m_pending.push_back(
      {m_input.generation, Launch([requests, choice, wake = m_wake, order = m_thread_order] {
         std::vector<ScanOutcome> outs;
         for (const ScanRequest& r : requests) outs.push_back(RunScan(choice, r, order));
         if (wake) wake();  // the result is ready: a sleeping loop shows it now
         return outs;
       })});
}

void AppState::Poll() {
  for (const auto& state : m_kinds) state->Poll();
  for (auto it = m_pending.begin(); it != m_pending.end();) {
    if (!Ready(it->result)) {
      ++it;
      continue;
    }
    std::vector<ScanOutcome> outs = it->result.get();
    const bool wanted = it->generation == m_input.generation;
    it = m_pending.erase(it);
    if (!wanted || outs.size() != m_slots.size()) continue;
    std::string failed;
    for (const ScanOutcome& o : outs)
      if (!o.trace) failed += o.error;
    if (!failed.empty()) {
      m_input.backend_status = "CPU simulation (CUDA failed: " + failed + ")";
      continue;
    }
    m_input.backend_status = outs[0].ran;
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
  return ShownState().TracesNow(*this, a);
}

void AppState::Refresh(size_t index) const {
  if (!m_stale[index]) return;
  m_stale[index] = 0;
  const Algorithm a = static_cast<Algorithm>(index);
  ScanOutcome out = RunScan(BackendChoice::kCpu, MistakeRequest(a), m_thread_order);
  if (out.trace) Install(index, std::move(*out.trace), out.ran);
}

void AppState::CatchUp() {
  for (const auto& state : m_kinds) state->AfterFrame();
  for (size_t i = 0; i < m_stale.size(); ++i) Refresh(i);
}

bool AppState::BackgroundPending() const {
  if (!m_pending.empty() || (m_work_depth_future.valid() && !Ready(m_work_depth_future)))
    return true;
  for (const auto& state : m_kinds)
    if (state->BackgroundPending()) return true;
  return false;
}

bool AppState::WaitForBackend(double seconds) {
  auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
  for (Pending& p : m_pending) {
    if (p.result.wait_until(deadline) != std::future_status::ready) return false;
  }
  Poll();
  return true;
}

// [SECTION] Work and depth over n = 1..1024, on a worker

void AppState::StartWorkDepth() {
  if (m_work_depth || m_work_depth_future.valid()) return;
  m_work_depth_future = Launch([wake = m_wake] {
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

}  // namespace scanviz
