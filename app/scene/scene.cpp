// Builds the drawable scene of a trace at a player position. See scene.h for the layout units.
//
// Vertical layout, top to bottom (every row is kCellH tall):
//   room for the inspector's bracket, then the input row (global memory);
//   round 0 (load): arrows from the input, the loaded buffer (Hillis-Steele: then buf[1], '?');
//   Hillis-Steele round r >= 1: a band with the pin row (what the round read, unchanged), arrows,
//     and the pout row (what it wrote); the buffers' roles swap each round, so the pin row shows
//     buf[0] in odd rounds and buf[1] in even ones, each tagged with its name and role;
//   Blelloch round r >= 1: arrows from the previous round's row, then this round's row.
#include "scene/scene.h"

#include <algorithm>
#include <sstream>

namespace scanviz::scene {

namespace {

constexpr float kTopRoom = 1.6f;    // above the input row: the bracket and its caption
constexpr float kBoxInset = 0.06f;  // gap between neighbouring boxes, each side
constexpr float kStackGap = 0.3f;   // between the two buffers of the load round
constexpr int kMaxExpressionTerms = 8;

// Bounds-checked element access: the scene is built from traces the app loads, and a file may
// contradict itself (an action naming a buffer or cell that is not there, an analysis of another
// size). A miss draws a '?' cell or no arrow, never a read past an array.
template <class V>
const typename V::value_type* Find(const V& v, int i) {
  return i >= 0 && i < static_cast<int>(v.size()) ? &v[static_cast<size_t>(i)] : nullptr;
}

Emphasis EmphasisOf(int round, int current) {
  if (round == current) return Emphasis::kCurrent;
  return round < current ? Emphasis::kPast : Emphasis::kFuture;
}

class SceneBuilder {
 public:
  SceneBuilder(const Trace& trace, const TraceAnalysis& analysis, const ViewOptions& options)
      : m_trace(trace), m_analysis(analysis), m_options(options) {
    m_scene.columns = trace.meta.padded_n;
    m_scene.width = static_cast<float>(m_scene.columns) * kCellW;
  }

  Scene Build() {
    const int round_count = static_cast<int>(m_trace.rounds.size());
    if (round_count == 0) return m_scene;
    const int current = std::clamp(m_options.current_round, 0, round_count - 1);
    int last = m_options.show_future ? round_count - 1 : current;

    m_y = kTopRoom;
    m_input_row_y = m_y;
    AddInputRow(current);
    if (m_options.only_current) {
      AddRound(current, current, /*with_previous=*/true);
    } else {
      for (int r = 0; r <= last; ++r) AddRound(r, current, /*with_previous=*/false);
    }
    if (m_options.selected) AddBracket(*m_options.selected);
    m_scene.height = m_y;
    return std::move(m_scene);
  }

 private:
  bool Hs() const { return m_trace.meta.algorithm == Algorithm::kHillisSteele; }

  void AddInputRow(int current) {
    Row row{kInputRound, 0, m_y, current == 0 ? Emphasis::kCurrent : Emphasis::kPast};
    m_scene.rows.push_back(row);
    for (int i = 0; i < m_trace.meta.n && i < static_cast<int>(m_trace.input.size()); ++i) {
      Box box;
      box.rect = CellRect(i, m_y);
      box.cell = {kInputRound, 0, i};
      box.cls = CellClass::kLoaded;
      box.style = BoxStyle::kNone;
      box.emphasis = row.emphasis;
      box.is_input = true;
      box.text = FormatValue(m_trace.meta.type, m_trace.input[static_cast<size_t>(i)]);
      m_scene.boxes.push_back(std::move(box));
    }
    m_scene.labels.push_back({0, m_y + kCellH / 2, "input", LabelRole::kRowTag, row.emphasis});
    m_y += kCellH;
  }

  // One round: its rows, their labels and the arrows of its active threads. with_previous: the
  // round is shown alone, so Blelloch also shows the row it read from.
  void AddRound(int r, int current, bool with_previous) {
    const Round& round = m_trace.rounds[static_cast<size_t>(r)];
    const Emphasis emphasis = EmphasisOf(r, current);
    const std::string title = RoundTitle(m_trace, r);
    const RoundInfo* info = Find(m_analysis.rounds, r);
    std::string activity = std::to_string(info ? info->active_threads : 0) + " of " +
                           std::to_string(m_trace.meta.block_size) + " threads active";

    if (r == 0) {
      // Load: the input row sits right above; arrows cross one gap.
      float src_y = m_y;  // bottom of the input row
      m_y += kArrowGap;
      AddLabel(0, m_y - kArrowGap / 2, title + " · " + activity, LabelRole::kRowTitle, emphasis);
      const int written = round.spec.pout;
      float dst_y = m_y;
      AddRow(r, written, emphasis, BufferTag(round, written));
      if (Hs()) {
        m_y += kStackGap;
        AddRow(r, 1 - written, emphasis, BufferTag(round, 1 - written));
      }
      AddArrows(r, emphasis, src_y, dst_y);
      return;
    }

    if (Hs()) {
      m_y += kBandGap;
      const int pin = round.spec.pin;
      const int pout = round.spec.pout;
      AddRow(r, pin, emphasis, BufferTag(round, pin));
      float src_y = m_y;
      m_y += kArrowGap;
      AddLabel(0, m_y - kArrowGap / 2, title + " · " + activity, LabelRole::kRowTitle, emphasis);
      float dst_y = m_y;
      AddRow(r, pout, emphasis, BufferTag(round, pout));
      AddArrows(r, emphasis, src_y, dst_y);
      return;
    }

    // Blelloch: one buffer; round r reads what round r - 1 left.
    if (with_previous) {
      m_y += kBandGap;
      AddRow(r - 1, 0, Emphasis::kPast, "before: " + RoundTitle(m_trace, r - 1));
    }
    float src_y = m_y;
    m_y += kArrowGap;
    AddLabel(0, m_y - kArrowGap / 2, activity, LabelRole::kRowTitle, emphasis);
    float dst_y = m_y;
    AddRow(r, 0, emphasis, title);
    AddArrows(r, emphasis, src_y, dst_y);
  }

  std::string BufferTag(const Round& round, int buffer) const {
    if (!Hs()) return "buf";
    std::string tag = "buf[" + std::to_string(buffer) + "]";
    if (round.spec.phase == Phase::kLoad)
      return buffer == round.spec.pout ? tag + " · loaded" : tag;
    return tag + (buffer == round.spec.pin ? " · pin" : " · pout");
  }

  Rect CellRect(int pos, float y) const {
    return {static_cast<float>(pos) * kCellW + kBoxInset, y + kBoxInset, kCellW - 2 * kBoxInset,
            kCellH - 2 * kBoxInset};
  }

  void AddLabel(float x, float y, std::string text, LabelRole role, Emphasis emphasis) {
    m_scene.labels.push_back({x, y, std::move(text), role, emphasis});
  }

  void AddRow(int r, int buffer, Emphasis emphasis, const std::string& tag) {
    const Round& round = m_trace.rounds[static_cast<size_t>(r)];
    const RoundInfo* info = Find(m_analysis.rounds, r);
    m_scene.rows.push_back({r, buffer, m_y, emphasis});
    const auto* values = Find(round.buffers, buffer);
    const auto* defined = Find(round.defined, buffer);
    const auto* cells = info ? Find(info->cells, buffer) : nullptr;
    for (int i = 0; i < m_trace.meta.padded_n; ++i) {
      const CellInfo* found = cells ? Find(*cells, i) : nullptr;
      const CellInfo ci = found ? *found : CellInfo{};
      const double* value = values ? Find(*values, i) : nullptr;
      const std::uint8_t* is_defined = defined ? Find(*defined, i) : nullptr;
      Box box;
      box.rect = CellRect(i, m_y);
      box.cell = {r, buffer, i};
      box.cls = ci.cls;
      box.style = StyleOf(ci.cls);
      box.emphasis = emphasis;
      box.padding = ci.padding;
      box.written = ci.writer >= 0;
      box.idle = !box.written;
      if (Hs() && r > 0 && buffer == round.spec.pout && info) {
        if (const int* hs_case = Find(info->hs_case, i)) box.hs_case = *hs_case;
      }
      box.text = value && is_defined && *is_defined ? FormatValue(m_trace.meta.type, *value) : "?";
      m_scene.boxes.push_back(std::move(box));
    }
    AddLabel(0, m_y + kCellH / 2, tag, LabelRole::kRowTag, emphasis);
    m_y += kCellH;
  }

  void AddArrows(int r, Emphasis emphasis, float src_y, float dst_y) {
    const Round& round = m_trace.rounds[static_cast<size_t>(r)];
    auto cx = [](int pos) { return (static_cast<float>(pos) + 0.5f) * kCellW; };
    const int columns = m_scene.columns;
    auto add = [&](int thread, int from, int to) {
      if (from < 0 || to < 0 || from >= columns || to >= columns) return;
      m_scene.arrows.push_back({cx(from), src_y, cx(to), dst_y, r, thread, emphasis});
    };
    for (size_t t = 0; t < round.actions.size(); ++t) {
      const ThreadAction& a = round.actions[t];
      const int thread = static_cast<int>(t);
      switch (a.kind) {
        case ActionKind::kIdle:
        case ActionKind::kSeed:
          break;
        case ActionKind::kLoad:
        case ActionKind::kCopy:
          add(thread, a.read[0], a.write[0]);
          break;
        case ActionKind::kAdd:
          add(thread, a.read[0], a.write[0]);
          add(thread, a.read[1], a.write[0]);
          break;
        case ActionKind::kAddInput:
          // Converting to the other flavour: buf[i] combined with the input element i.
          add(thread, a.read[0], a.write[0]);
          break;
        case ActionKind::kSwapAdd:
          // read = (left, right), write = (left, right): left <- right; right <- right + left.
          add(thread, a.read[1], a.write[0]);
          add(thread, a.read[0], a.write[1]);
          add(thread, a.read[1], a.write[1]);
          break;
      }
    }
  }

  void AddBracket(const CellRef& cell) {
    CellCheck check = CheckCell(m_trace, m_analysis, cell);
    if (!check.valid) return;
    float y = m_input_row_y;
    std::string caption = check.expression + (check.ok ? "  ✓" : "  ✗");
    if (check.window.Empty()) {
      // The identity: no input position; mark the left edge.
      m_scene.brackets.push_back({0, 0, y, caption});
    } else {
      m_scene.brackets.push_back({static_cast<float>(check.window.lo) * kCellW,
                                  static_cast<float>(check.window.hi + 1) * kCellW, y, caption});
    }
    Label label{static_cast<float>(std::max(check.window.lo, 0)) * kCellW, y - 1.1f, caption,
                LabelRole::kBracket, Emphasis::kCurrent};
    label.ok = check.ok;
    m_scene.labels.push_back(std::move(label));
  }

  const Trace& m_trace;
  const TraceAnalysis& m_analysis;
  const ViewOptions& m_options;
  Scene m_scene;
  float m_y = 0;
  float m_input_row_y = 0;
};

const char* OpSymbol(OpKind op) {
  switch (op) {
    case OpKind::kAdd:
      return " + ";
    case OpKind::kMax:
      return ", ";
    case OpKind::kMin:
    case OpKind::kLast:
      return ", ";
  }
  return " + ";
}

}  // namespace

const Box* Scene::FindBox(const CellRef& c) const {
  for (const Box& b : boxes) {
    if (b.cell == c) return &b;
  }
  return nullptr;
}

const Box* Scene::BoxAt(float x, float y) const {
  for (const Box& b : boxes) {
    if (b.rect.Contains(x, y)) return &b;
  }
  return nullptr;
}

std::string RoundTitle(const Trace& trace, int round) {
  if (round < 0) return "input";
  if (round >= static_cast<int>(trace.rounds.size())) return "round " + std::to_string(round);
  const RoundSpec& s = trace.rounds[static_cast<size_t>(round)].spec;
  std::string stride = " · stride " + std::to_string(s.stride);
  switch (s.phase) {
    case Phase::kLoad:
      return "round 0 · load";
    case Phase::kScan:
      return "round " + std::to_string(round) + stride;
    case Phase::kUpSweep:
      return "up-sweep " + std::to_string(s.step) + stride;
    case Phase::kSeed:
      return "seed · root = identity";
    case Phase::kDownSweep:
      return "down-sweep " + std::to_string(s.step) + stride;
    case Phase::kConvert:
      return "convert to the other flavour";
  }
  return "round " + std::to_string(round);
}

Scene BuildScene(const Trace& trace, const TraceAnalysis& analysis, const ViewOptions& options) {
  return SceneBuilder(trace, analysis, options).Build();
}

CellCheck CheckCell(const Trace& trace, const TraceAnalysis& analysis, const CellRef& cell) {
  CellCheck check;
  if (cell.round == kInputRound) {
    const double* stored = Find(trace.input, cell.pos);
    if (!stored || cell.pos >= trace.meta.n) return check;
    check.window = {cell.pos, cell.pos, true};
    check.stored = *stored;
  } else {
    if (cell.round < 0 || cell.round >= static_cast<int>(analysis.rounds.size())) return check;
    const auto& cells = analysis.rounds[static_cast<size_t>(cell.round)].cells;
    if (cell.buffer < 0 || cell.buffer >= static_cast<int>(cells.size())) return check;
    if (cell.pos < 0 ||
        cell.pos >= static_cast<int>(cells[static_cast<size_t>(cell.buffer)].size())) {
      return check;
    }
    const CellInfo& ci = cells[static_cast<size_t>(cell.buffer)][static_cast<size_t>(cell.pos)];
    if (!ci.window.valid) return check;
    // The analysis may not match the trace (another size, or fewer rounds): look the value up in
    // the trace itself.
    const Round* round = Find(trace.rounds, cell.round);
    const std::vector<double>* values = round ? Find(round->buffers, cell.buffer) : nullptr;
    const double* stored = values ? Find(*values, cell.pos) : nullptr;
    if (!stored) return check;
    check.window = ci.window;
    check.stored = *stored;
  }
  check.valid = true;
  check.expected = FoldWindow(trace, check.window);
  check.ok = check.expected == check.stored;

  const ElementType type = trace.meta.type;
  const std::string result = FormatValue(type, check.expected);
  if (check.window.Empty()) {
    check.expression = "nothing before it: identity " + result;
    return check;
  }
  auto term = [&](int pos) {
    const double* input = pos < trace.meta.n ? Find(trace.input, pos) : nullptr;
    return FormatValue(type, input ? *input : trace.meta.identity);
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
