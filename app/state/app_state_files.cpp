// AppState's files (app_state.h, "Sessions and trace files"): a trace of any kind opened (its
// input becomes the app's until the next edit), a session made and applied, the recent files and
// the settings.
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <filesystem>

#include "core/any_trace_io.h"
#include "core/file_io.h"
#include "core/input.h"
#include "core/registry.h"
#include "core/trace_io.h"
#include "state/app_state.h"

namespace scanviz {

// [SECTION] Trace files: a single block's, or one a kind takes (a grid's, an application's, a
// single pass's)

std::string AppState::OpenFile(const std::string& path) {
  if (OpensAsLink(path)) return OpenLink(path);  // `scanviz 'https://...#s=...'`
  const FileText file = ReadFileLimited(path, kMaxTraceFileBytes);
  if (!file.Ok()) return path + ": " + file.error;
  switch (SniffFileKind(file.text)) {
    case FileKind::kSession: {
      SessionLoad loaded = ParseSession(file.text);
      if (!loaded.session) return path + ": " + loaded.error;
      const std::string note = ApplySession(*loaded.session);
      notice = "opened the session " + path + (note.empty() ? "" : "; " + note);
      break;
    }
    case FileKind::kTrace: {
      AnyTraceLoad loaded = ParseAnyTraceJson(file.text);
      std::optional<KindFileResult> taken;
      for (const auto& state : m_kinds)
        if (!taken) taken = state->OpenTraceFile(*this, loaded, path);
      if (taken && !taken->error.empty()) return path + ": " + taken->error;
      if (taken) {
        notice = taken->notice;
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

void AppState::OpenTrace(Trace trace, std::string origin) {
  // Undo brings back the input from before; redo gives the file's input, traced here.
  const EditScope edit(*this, {EditKind::kFile});
  m_input.type = trace.meta.type;
  m_input.op = trace.meta.op;
  m_input.convert = trace.meta.converted;
  SetKind(HomeKind());
  m_algorithm = trace.meta.algorithm;
  m_input.values = trace.input;
  m_input_text = FormatValues(m_input.values, m_input.type, " ");
  m_input_error.clear();
  view.selected.reset();
  view.hovered.reset();
  Regenerate();  // every other algorithm on the same input, by the simulator
  ++m_input
        .generation;  // a GPU run of this input, still under way, must not replace the file's trace
  const Algorithm a = trace.meta.algorithm;
  Install(Index(a), std::move(trace), origin);
  PlayerOf(a).Seek(static_cast<int>(Slot(a).trace.rounds.size()) - 1);
  m_file_trace = std::make_pair(a, origin);
  m_input.backend_status = std::move(origin);
}

void AppState::TakeFileInput(FileInput input) {
  // Undo brings back the input from before; redo gives the file's input, traced here.
  const EditScope edit(*this, {EditKind::kFile});
  m_input.type = input.type;
  if (input.op) m_input.op = *input.op;
  if (input.convert) m_input.convert = *input.convert;
  m_input.values = std::move(input.values);
  m_input_text = FormatValues(m_input.values, m_input.type, " ");
  m_input_error.clear();
  view.selected.reset();
  view.hovered.reset();
  Regenerate();
  ++m_input
        .generation;  // a GPU run of this input, still under way, must not replace the file's trace
}

void AppState::EditValues(ElementType type, OpKind op, std::vector<double> values) {
  m_input.type = type;
  m_input.op = op;
  SetValues(std::move(values));
}

// [SECTION] Sessions

namespace {

PanelFold FoldOf(const ViewState::Fold& f) {
  return f.collapsed ? PanelFold::kFolded : f.unfolded ? PanelFold::kUnfolded : PanelFold::kAuto;
}

void SetFold(ViewState::Fold& f, PanelFold fold) {
  f.collapsed = fold == PanelFold::kFolded;
  f.unfolded = fold == PanelFold::kUnfolded;
}

// Bit for bit (std::bit_cast is not in the web build's libc++).
bool SameBits(double a, double b) {
  std::uint64_t x = 0, y = 0;
  std::memcpy(&x, &a, sizeof x);
  std::memcpy(&y, &b, sizeof y);
  return x == y;
}

// The generator of `values`, if Random made them (Randomise; or n raised, which adds random values
// from the seed: those after the first `head` values): the longest tail that is RandomValues'
// own (its defaults), compared bit for bit, when it is at least half of the values.
std::optional<RandomInput> GeneratorOf(const std::vector<double>& values, std::uint64_t seed,
                                       ElementType type) {
  RandomInput r;
  r.n = static_cast<int>(values.size());
  r.seed = seed;
  if (r.n < 2) return std::nullopt;
  const std::vector<double> made = RandomValues(r.n, seed, type, r.lo, r.hi);
  std::size_t k = values.size();
  while (k > 0 && SameBits(made[k - 1], values[k - 1])) --k;
  if (k > values.size() / 2) return std::nullopt;
  if (k > 0)
    r.head = FormatValues({values.begin(), values.begin() + static_cast<long>(k)}, type, " ");
  r.check = ValuesCheck(values);
  return r;
}

}  // namespace

// Version 3's fields: the generator, both panes' rounds, the folds, the panels' options, the
// benchmark chart and a quiz in progress.
void AppState::ViewToSession(Session& s) const {
  if (m_input_error.empty()) s.random = GeneratorOf(m_input.values, m_seed, m_input.type);
  for (const AlgorithmInfo* info : Algorithms()) {
    Slot(info->id);  // traced, so that its player's round is the current input's
    s.player_rounds.emplace_back(info->id, m_players[Index(info->id)].Round());
  }
  s.left_fold = FoldOf(view.left);
  s.right_fold = FoldOf(view.right);
  s.pseudo_code = view.pseudo_code;
  s.lanes_log2 = view.lanes_log2;
  s.bank_padding = view.bank_padding;
  s.mistake = m_mistake;
  // Each kind's own fields: its flag (shown, or under the timeline), its settings and step.
  const KindId under = ShownState().ShownOver() ? m_kind_before : m_kind;
  for (const auto& state : m_kinds) {
    const KindId id = state->Id();
    state->WriteSession(*this, state->ShownOver() ? id == m_kind : id == under, s);
  }
  s.quiz = view.quiz;
  if (quiz.quiz && !quiz.path.empty()) {
    s.quiz_set = std::filesystem::path(quiz.path).filename().string();
    s.quiz_question = quiz.quiz->QuestionIndex();
  }
}

// A quiz set shipped with the app (AppState::quiz's sets), started at the session's question.
std::string AppState::ResumeQuiz(const Session& s) {
  if (s.quiz_set.empty()) return {};
  for (const std::string& path : quiz.sets) {
    if (std::filesystem::path(path).filename().string() != s.quiz_set) continue;
    if (!StartQuiz(*this, path)) return "the quiz " + s.quiz_set + " does not open: " + quiz.error;
    quiz.quiz->GoTo(s.quiz_question);
    view.quiz = s.quiz;
    if (view.quiz) ShowQuestion(*this);
    return {};
  }
  return "the quiz " + s.quiz_set + " is not one shipped with this build";
}

Session AppState::ToSession() const {
  Session s;
  s.input = m_input_error.empty() ? m_input_text : FormatValues(m_input.values, m_input.type, " ");
  s.type = m_input.type;
  s.op = m_input.op;
  s.convert = m_input.convert;
  s.algorithm = m_algorithm;
  s.round = m_players[Index(m_algorithm)].Round();
  s.seed = m_seed;
  s.only_current = view.only_current;
  s.color_by_case = view.color_by_case;
  s.theme = view.theme;
  s.panel = view.panel;
  s.figure_scale = view.figure_scale;
  ViewToSession(s);
  // A block scan's recorded trace, unless the kind shown has its own (the grid, an application).
  const KindId under = ShownState().ShownOver() ? m_kind_before : m_kind;
  if (StateOf(under).KeepsBlockTrace() && ShowsFileTrace()) {
    s.trace = Current().trace;
    s.trace_origin = m_file_trace->second.substr(0, m_file_trace->second.find(" ("));
  }
  return s;
}

std::string AppState::ApplySession(const Session& s) {
  const EditScope edit(*this, {EditKind::kFile});
  m_seed = s.seed;
  for (const auto& state : m_kinds) state->ReadSessionEarly(s);  // the pair, the chart's choices
  view.only_current = s.only_current;
  view.color_by_case = s.color_by_case;
  view.theme = s.theme;
  view.panel = s.panel;
  view.panel_from_code = true;
  view.figure_scale = s.figure_scale;
  SetFold(view.left, s.left_fold);
  SetFold(view.right, s.right_fold);
  view.pseudo_code = s.pseudo_code;
  view.lanes_log2 = s.lanes_log2;
  view.bank_padding = s.bank_padding;
  view.quiz = false;
  quiz.quiz.reset();
  SetMistake(s.mistake);  // before a recorded trace, which a later regeneration would replace
  SetKind(HomeKind());
  if (s.trace) {
    OpenTrace(*s.trace, s.trace_origin.empty() ? "recorded elsewhere · session" : s.trace_origin);
  } else {
    m_input.type = s.type;
    m_input.op = s.op;
    m_input.convert = s.convert;
    m_algorithm = s.algorithm;
    view.selected.reset();
    view.hovered.reset();
    SetInputText(s.input);  // checked by ParseSession: it parses as the type
  }
  // A kind's file (a GPU's timeline: it holds until the next edit, so the input above is set
  // first), then the round on screen, which its input may have re-traced.
  for (const auto& state : m_kinds) state->ReadSessionFile(*this, s);
  ApplyModes(s);
  std::string note = ResumeQuiz(s);
  // Every algorithm's round last: a quiz's exercise (its thread order) traces them again.
  for (const auto& [a, round] : s.player_rounds) {
    Player& p = PlayerOf(a);
    p.Seek(round < 0 ? p.RoundCount() - 1 : std::min(round, p.RoundCount() - 1));
  }
  return note;
}

// The round on screen, the kinds' settings, then the kind shown (ParseSession allows one at most,
// and none with a recorded trace) on its step, then one shown over it (the timeline).
void AppState::ApplyModes(const Session& s) {
  Player& current = CurrentPlayer();
  current.Seek(s.round < 0 ? current.RoundCount() - 1
                           : std::min(s.round, current.RoundCount() - 1));
  for (const auto& state : m_kinds) state->ReadSession(*this, s);
  // An old session may name side by side beside another kind: the later in the registry wins.
  for (const bool over : {false, true}) {
    for (auto it = m_kinds.rbegin(); it != m_kinds.rend(); ++it) {
      KindState& state = **it;
      if (state.ShownOver() != over || !state.ShownIn(s)) continue;
      const KindId under = m_kind;
      SetKind(state.Id());
      // Over the kind the session had under it, a chart too (SetKind keeps no chart as the way
      // back, kind_state.h's WayBackTo): the session opens as it was saved.
      if (over) m_kind_before = under;
      state.ShowFromSession(*this, s);
      break;
    }
  }
  for (const auto& state : m_kinds) state->ReadSessionLast(*this, s);
}

std::string AppState::SaveSessionTo(const std::string& path) {
  std::string err = SaveSession(ToSession(), path);
  if (!err.empty()) return err;
  NoteRecent(path);
  notice = "saved the session to " + path;
  return {};
}

std::string AppState::OpenLink(std::string_view text) {
  const LinkLoad link = SessionFromLink(text, m_traces_dir);
  if (!link.load.session) return link.load.error;
  std::string note = ApplySession(*link.load.session);
  if (!link.note.empty()) note = note.empty() ? link.note : link.note + "; " + note;
  notice = note.empty() ? "opened the shared link" : "opened the shared link; " + note;
  return {};
}

void AppState::ReportLink(const std::string& error) {
  ActionTaken();  // an earlier link's error is out of date either way
  if (error.empty()) return;
  message = error;
  m_link_message = error;
}

void AppState::ActionTaken() {
  if (!m_link_message.empty() && message == m_link_message) message.clear();
  m_link_message.clear();
}

// [SECTION] Recent files and settings

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
  s.input = m_input_error.empty() ? m_input_text : FormatValues(m_input.values, m_input.type, " ");
  s.algorithm = m_algorithm;
  s.op = m_input.op;
  s.type = m_input.type;
  s.convert = m_input.convert;
  s.panel = view.panel;
  s.recent = m_recent;
  s.export_dir = view.export_dir;
  s.export_transparent = view.export_transparent;
  s.show_fps = view.show_fps;
  return s;
}

}  // namespace scanviz
