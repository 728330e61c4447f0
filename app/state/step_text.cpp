#include "state/step_text.h"

#include <algorithm>
#include <cstring>
#include <nlohmann/json.hpp>

#include "core/analysis.h"
#include "core/registry.h"
#include "state/trace_slot.h"

namespace scanviz {

namespace {

using nlohmann::json;

// The slot and round the single-block panels describe, or null when no block round is shown.
struct ShownRound {
  const TraceSlot* slot = nullptr;
  Algorithm algorithm = Algorithm::kHillisSteele;
  int round = 0;
};

ShownRound ShownRoundOf(AppState& app) {
  ShownRound r;
  if (app.ShownAlgorithms().empty()) return r;
  r.algorithm = TeachAlgorithm(app);
  const TraceSlot& slot = app.Slot(r.algorithm);
  r.round = app.PlayerOf(r.algorithm).Round();
  if (r.round < 0 || r.round >= static_cast<int>(slot.trace.rounds.size())) return r;
  if (slot.teach.narration.size() != slot.trace.rounds.size() + 1) return r;
  if (slot.analysis.rounds.size() != slot.trace.rounds.size()) return r;
  r.slot = &slot;
  return r;
}

std::string WindowLabel(const Window& w) {
  if (!w.valid) return "";
  if (w.Empty()) return "{}";
  if (w.lo == w.hi) return std::to_string(w.lo);
  return std::to_string(w.lo) + ".." + std::to_string(w.hi);
}

// "threads 0..7 active; 6 operator applications (13 in all so far)".
std::string Summary(const Round& round, const RoundInfo& info) {
  std::vector<int> ids;
  for (int t = 0; t < static_cast<int>(round.actions.size()); ++t)
    if (round.actions[static_cast<size_t>(t)].kind != ActionKind::kIdle) ids.push_back(t);
  std::string s = "no thread active";
  if (ids.size() == 1) s = "thread " + std::to_string(ids[0]) + " active";
  if (ids.size() > 1) {
    const bool contiguous = ids.back() - ids.front() + 1 == static_cast<int>(ids.size());
    s = std::to_string(ids.size()) + " threads active (" + std::to_string(ids.front()) +
        (contiguous ? " to " : " ... ") + std::to_string(ids.back()) + ")";
  }
  return s + "; " + std::to_string(info.operator_applications) + " operator applications (" +
         std::to_string(info.cumulative_work) + " in all so far)";
}

json Row(std::string head, std::vector<std::string> cells) {
  return json{{"head", std::move(head)}, {"cells", std::move(cells)}};
}

// The rows of the array the round writes: who wrote each cell, what it did, its case, its window.
void WrittenRows(const Trace& trace, const RoundInfo& info, size_t pout, json& rows) {
  const std::vector<CellInfo>& cells = info.cells[pout];
  std::vector<std::string> thread, did, window;
  for (const CellInfo& c : cells) {
    thread.push_back(c.writer >= 0 ? std::to_string(c.writer) : "");
    did.push_back(ShortLabel(c.cls, trace.meta.op));
    window.push_back(WindowLabel(c.window));
  }
  rows.push_back(Row("written by thread", std::move(thread)));
  rows.push_back(Row("did", std::move(did)));
  if (!info.hs_case.empty()) {
    std::vector<std::string> cases;
    for (int c : info.hs_case) cases.push_back(c > 0 ? std::to_string(c) : "");
    rows.push_back(Row("case", std::move(cases)));
  }
  rows.push_back(Row("window", std::move(window)));
}

json Table(const ShownRound& shown) {
  const Trace& trace = shown.slot->trace;
  const auto r = static_cast<size_t>(shown.round);
  const Round& round = trace.rounds[r];
  const RoundInfo& info = shown.slot->analysis.rounds[r];
  json rows = json::array();
  size_t columns = 0;
  for (size_t a = 0; a < round.buffers.size(); ++a) {
    std::string head = a < trace.arrays.size() ? trace.arrays[a].name : "?";
    const bool read = static_cast<int>(a) == round.spec.pin;
    const bool written = static_cast<int>(a) == round.spec.pout;
    if (read || written)
      head += read && written ? " (read and written)" : read ? " (read)" : " (written)";
    std::vector<std::string> cells;
    for (size_t i = 0; i < round.buffers[a].size(); ++i) {
      const bool defined =
          a < round.defined.size() && i < round.defined[a].size() && round.defined[a][i] != 0;
      cells.push_back(defined ? FormatValue(trace.meta.type, round.buffers[a][i]) : "?");
    }
    columns = std::max(columns, cells.size());
    rows.push_back(Row(std::move(head), std::move(cells)));
  }
  const auto pout = static_cast<size_t>(round.spec.pout);
  if (pout < info.cells.size()) WrittenRows(trace, info, pout, rows);
  std::vector<int> positions(columns);
  for (size_t i = 0; i < columns; ++i) positions[i] = static_cast<int>(i);
  const teach::Narration& n = shown.slot->teach.narration[r];
  return json{{"caption", std::string(DisplayName(shown.algorithm)) + ": " + n.title},
              {"summary", Summary(round, info)},
              {"positions", positions},
              {"rows", std::move(rows)}};
}

}  // namespace

Algorithm TeachAlgorithm(const AppState& app) {
  const std::vector<Algorithm> shown = app.ShownAlgorithms();
  if (shown.size() < 2) return app.GetAlgorithm();
  const Algorithm a = app.view.selected_algorithm;
  return std::find(shown.begin(), shown.end(), a) != shown.end() ? a : shown.front();
}

StepText StepTextOf(AppState& app, const Kind& kind) {
  StepText text;
  text.caption = kind.Steps(app).caption;
  if (QuestionOpen(app.quiz, app.view.quiz)) {
    // The narration tells the round's values and classes: the question's answer (issue #37).
    text.title = "Quiz question";
    text.paragraphs.push_back(kQuestionOpenText);
    return text;
  }
  const ShownRound shown = ShownRoundOf(app);
  if (shown.slot == nullptr) {
    text.title = text.caption;
    text.paragraphs.push_back(kind.StatusNumbers(app));
    return text;
  }
  const std::vector<teach::Narration>& story = shown.slot->teach.narration;
  const teach::Narration& n = story[static_cast<size_t>(shown.round)];
  text.title = n.title;
  text.paragraphs = n.paragraphs;
  if (shown.round + 2 == static_cast<int>(story.size())) {  // the last round: the summary too
    text.paragraphs.push_back(story.back().title);
    for (const std::string& p : story.back().paragraphs) text.paragraphs.push_back(p);
  }
  return text;
}

std::string PlainText(const StepText& text) {
  std::string s = text.title;
  for (const std::string& p : text.paragraphs) {
    s += "\n\n";
    s += p;
  }
  s += '\n';
  return s;
}

json RoundTable(AppState& app) {
  if (QuestionOpen(app.quiz, app.view.quiz)) return json();  // it holds the answer
  const ShownRound shown = ShownRoundOf(app);
  return shown.slot == nullptr ? json() : Table(shown);
}

std::uint64_t RoundDigest(AppState& app) {
  if (QuestionOpen(app.quiz, app.view.quiz)) return 0;  // no table (RoundTable)
  const ShownRound shown = ShownRoundOf(app);
  if (shown.slot == nullptr) return 0;
  std::uint64_t h = 1469598103934665603ull;  // FNV-1a over the words below
  auto mix = [&h](std::uint64_t v) {
    for (int i = 0; i < 8; ++i, v >>= 8) h = (h ^ (v & 0xFF)) * 1099511628211ull;
  };
  const Trace& trace = shown.slot->trace;
  const Round& round = trace.rounds[static_cast<size_t>(shown.round)];
  mix(static_cast<std::uint64_t>(shown.algorithm));
  mix(static_cast<std::uint64_t>(shown.round));
  mix(static_cast<std::uint64_t>(trace.meta.op) << 8 | static_cast<std::uint64_t>(trace.meta.type));
  for (const std::vector<double>& b : round.buffers)
    for (double v : b) {
      std::uint64_t bits = 0;  // not std::bit_cast: the page's libc++ 14 has none
      std::memcpy(&bits, &v, sizeof bits);
      mix(bits);
    }
  for (const std::vector<std::uint8_t>& d : round.defined)
    for (std::uint8_t v : d) mix(v);
  for (const ThreadAction& a : round.actions)
    mix(static_cast<std::uint64_t>(a.kind) | static_cast<std::uint64_t>(a.write[0] + 1) << 8 |
        static_cast<std::uint64_t>(a.write[1] + 1) << 36);
  return h;
}

std::string RoundTableTsv(const json& table) {
  if (!table.is_object()) return "";
  std::string s = table.value("caption", "");
  s += "\nposition";
  for (const json& p : table["positions"]) {
    s += '\t';
    s += std::to_string(p.get<int>());
  }
  for (const json& row : table["rows"]) {
    s += '\n';
    s += row["head"].get<std::string>();
    for (const json& c : row["cells"]) {
      s += '\t';
      s += c.get<std::string>();
    }
  }
  s += '\n';
  return s;
}

}  // namespace scanviz
