// Builds the drawable scene of a trace at a player position. See scene.h for the layout units.
//
// Vertical layout, top to bottom (every row is kCellH tall):
//   room for the inspector's bracket and the warps' names, then the input row (global memory);
//   round 0 (load): arrows from the input, the row of the array it wrote (and, for a
//     double-buffered algorithm, the other buffer, '?');
//   a later round whose one source array is the row just above: arrows from that row, then the
//     row of the array it wrote (Blelloch, the warp scan: a chain of rows);
//   any other round (Hillis-Steele's rounds, whose buffers swap roles; a round that reads two
//     arrays): a band with a row for each array it read, as it was before the round, arrows, and
//     the row it wrote, each tagged with its name and role.
// Arrays shorter than the thread grid (a warp's total) sit under the column the registry gives
// them; registers and shared memory are told apart by the rows' space.
#include "scene/scene.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <set>

#include "core/registry.h"
#include "scene/find.h"

namespace scanviz::scene {

namespace {

constexpr float kTopRoom = 1.6f;    // above the input row: the bracket and its caption
constexpr float kBoxInset = 0.06f;  // gap between neighbouring boxes, each side
constexpr float kStackGap = 0.3f;   // between the two buffers of the load round

Emphasis EmphasisOf(int round, int current) {
  if (round == current) return Emphasis::kCurrent;
  return round < current ? Emphasis::kPast : Emphasis::kFuture;
}

class SceneBuilder {
 public:
  SceneBuilder(const Trace& trace, const TraceAnalysis& analysis, const ViewOptions& options)
      : m_trace(trace),
        m_analysis(analysis),
        m_options(options),
        m_info(Info(trace.meta.algorithm)),
        m_last_row(trace.arrays.size(), -1) {
    m_scene.columns = std::max(trace.meta.padded_n, trace.meta.n);
    m_scene.width = static_cast<float>(m_scene.columns) * kCellW;
  }

  Scene Build() {
    const int round_count = static_cast<int>(m_trace.rounds.size());
    // An analysis that is not this trace's (a broken file) still draws: what the analysis lacks
    // shows as '?', through Find.
    if (round_count == 0) return m_scene;
    const int current = std::clamp(m_options.current_round, 0, round_count - 1);
    int last = m_options.show_future ? round_count - 1 : current;
    // Room for every row's boxes at once: at n = 1024 a scene holds over 10,000 of them, and
    // growing the vector copies each box (two strings) again and again.
    size_t cells = m_trace.input.size();
    for (const ArrayDesc& a : m_trace.arrays) cells += static_cast<size_t>(a.size) * 2;
    m_scene.boxes.reserve(cells * static_cast<size_t>(last + 1));

    m_y = kTopRoom;
    m_input_row_y = m_y;
    AddInputRow(current);
    if (m_options.only_current) {
      AddRound(current, current, /*alone=*/true);
    } else {
      for (int r = 0; r <= last; ++r) AddRound(r, current, /*alone=*/false);
    }
    AddWarpDividers();
    // The bracket of a cell the figure shows: not of a round after the current one (the teacher
    // stepped back before it was written), nor of a round "only the current round" hides.
    if (m_options.selected) {
      const CellRef& sel = *m_options.selected;
      const bool shown = sel.round == kInputRound ||
                         (sel.round <= last && (!m_options.only_current || sel.round == current));
      if (shown) AddBracket(sel);
    }
    m_scene.height = m_y;
    return std::move(m_scene);
  }

 private:
  void AddInputRow(int current) {
    Row row{kInputRound, 0, m_y, current == 0 ? Emphasis::kCurrent : Emphasis::kPast,
            Space::kGlobal};
    m_scene.rows.push_back(row);
    for (int i = 0; i < m_trace.meta.n; ++i) {
      Box box;
      box.rect = CellRect(static_cast<float>(i), m_y);
      box.cell = {kInputRound, 0, i};
      box.cls = CellClass::kLoaded;
      box.style = BoxStyle::kNone;
      box.emphasis = row.emphasis;
      box.is_input = true;
      box.text = FormatValue(m_trace.meta.type, m_trace.input[static_cast<size_t>(i)]);
      box.compact = CompactValue(m_trace.meta.type, m_trace.input[static_cast<size_t>(i)]);
      m_scene.boxes.push_back(std::move(box));
    }
    m_scene.labels.push_back({0, m_y + kCellH / 2, "input", LabelRole::kRowTag, row.emphasis});
    m_last_input_y = m_y;
    m_y += kCellH;
  }

  // The arrays a round reads (the input aside), in array order.
  std::vector<int> SourceArrays(const Round& round) const {
    std::set<int> arrays;
    const int count = static_cast<int>(m_trace.arrays.size());
    if (round.spec.pin >= 0 && round.spec.pin < count) arrays.insert(round.spec.pin);
    for (const ThreadAction& a : round.actions)
      for (int k = 0; k < 2; ++k)
        if (a.read[k] >= 0 && a.read_array[k] >= 0 && a.read_array[k] < count)
          arrays.insert(a.read_array[k]);
    return {arrays.begin(), arrays.end()};
  }

  // One round: its rows, their labels and the arrows of its active threads. alone: the round is
  // shown without the rounds before it, so whatever it read gets a row of its own.
  void AddRound(int r, int current, bool alone) {
    const Round& round = m_trace.rounds[static_cast<size_t>(r)];
    const Emphasis emphasis = EmphasisOf(r, current);
    const std::string title = RoundTitle(m_trace, r);
    const RoundInfo* info = Find(m_analysis.rounds, r);
    const std::string activity =
        HidesHow(r)
            ? std::string("? of ") + std::to_string(m_trace.meta.block_size) + " threads active"
            : std::to_string(info ? info->active_threads : 0) + " of " +
                  std::to_string(m_trace.meta.block_size) + " threads active";
    const int pout = round.spec.pout;
    if (Find(m_trace.arrays, pout) == nullptr) return;  // a round that writes no array we know

    if (r == 0) {
      // Load: the input row sits right above; arrows cross one gap.
      m_y += kArrowGap;
      AddLabel(0, m_y - kArrowGap / 2, title + " · " + activity, LabelRole::kRowTitle, emphasis);
      AddRow(r, pout, emphasis, Tag(round, pout));
      if (m_info.double_buffered) {
        for (int a = 0; a < static_cast<int>(m_trace.arrays.size()); ++a) {
          if (a == pout) continue;
          m_y += kStackGap;
          AddRow(r, a, emphasis, Tag(round, a));
        }
      }
      AddArrows(r, emphasis);
      return;
    }

    const std::vector<int> sources = SourceArrays(round);
    const bool chain = !alone && !m_info.double_buffered && sources.size() == 1 &&
                       m_last_row[static_cast<size_t>(sources[0])] == m_last_block;
    m_last_block = r;
    if (!chain) {
      // A band: what the round read, as it was before the round.
      m_y += kBandGap;
      for (int a : sources) {
        // (A single buffer, the mistakes lab's: the round reads the array it writes, so the
        // band shows it as the round found it.)
        const bool role = m_info.double_buffered && a != pout;
        // Hillis-Steele's pin is unchanged by the round: its row after the round is the same.
        const int shown = role ? r : r - 1;
        const std::string tag =
            role ? Tag(round, a) : Name(a) + " · as the round found it";
        AddRow(shown, a, role ? emphasis : Emphasis::kPast, tag);
        m_last_row[static_cast<size_t>(a)] = r;
      }
    }
    m_y += kArrowGap;
    if (m_info.double_buffered) {
      AddLabel(0, m_y - kArrowGap / 2, title + " · " + activity, LabelRole::kRowTitle, emphasis);
      AddRow(r, pout, emphasis, Tag(round, pout));
    } else {
      AddLabel(0, m_y - kArrowGap / 2, activity, LabelRole::kRowTitle, emphasis);
      AddRow(r, pout, emphasis, m_trace.arrays.size() > 1 ? Name(pout) + " · " + title : title);
    }
    AddArrows(r, emphasis);
  }

  bool Blank(const CellRef& c) const {
    return std::find(m_options.blanks.begin(), m_options.blanks.end(), c) != m_options.blanks.end();
  }
  bool HidesHow(int round) const {
    if (!m_options.blank_how) return false;
    for (const CellRef& c : m_options.blanks)
      if (c.round == round) return true;
    return false;
  }

  std::string Name(int array) const {
    const ArrayDesc& a = m_trace.arrays[static_cast<size_t>(array)];
    return a.space == Space::kRegister ? a.name + " (registers)" : a.name;
  }

  std::string Tag(const Round& round, int array) const {
    std::string tag = Name(array);
    if (!m_info.double_buffered) return tag;
    if (round.spec.pin == kInputArray) return array == round.spec.pout ? tag + " · loaded" : tag;
    if (round.spec.pin == round.spec.pout) return tag + " · pin and pout";
    return tag + (array == round.spec.pin ? " · pin" : " · pout");
  }

  float Column(int array, int pos) const {
    if (array < 0) return static_cast<float>(pos);
    const ArrayDesc& a = m_trace.arrays[static_cast<size_t>(array)];
    return static_cast<float>(pos * a.column_stride + a.column_offset);
  }

  Rect CellRect(float column, float y) const {
    return {column * kCellW + kBoxInset, y + kBoxInset, kCellW - 2 * kBoxInset,
            kCellH - 2 * kBoxInset};
  }

  void AddLabel(float x, float y, std::string text, LabelRole role, Emphasis emphasis) {
    m_scene.labels.push_back({x, y, std::move(text), role, emphasis});
  }

  // A row of array `array` as it was after round `r`.
  void AddRow(int r, int array, Emphasis emphasis, const std::string& tag) {
    const Round& round = m_trace.rounds[static_cast<size_t>(r)];
    const RoundInfo* info = Find(m_analysis.rounds, r);
    const ArrayDesc* found_desc = Find(m_trace.arrays, array);
    if (found_desc == nullptr) return;
    const ArrayDesc& desc = *found_desc;
    m_scene.rows.push_back({r, array, m_y, emphasis, desc.space});
    const auto* values = Find(round.buffers, array);
    const auto* defined = Find(round.defined, array);
    const auto* cells = info ? Find(info->cells, array) : nullptr;
    const bool cases =
        info && cells && array == round.spec.pout && info->hs_case.size() == cells->size();
    for (int i = 0; i < desc.size; ++i) {
      const CellInfo* found = cells ? Find(*cells, i) : nullptr;
      const CellInfo ci = found ? *found : CellInfo{};
      const double* value = values ? Find(*values, i) : nullptr;
      const std::uint8_t* is_defined = defined ? Find(*defined, i) : nullptr;
      Box box;
      box.rect = CellRect(Column(array, i), m_y);
      box.cell = {r, array, i};
      box.cls = ci.cls;
      box.style = StyleOf(ci.cls);
      box.emphasis = emphasis;
      box.space = desc.space;
      box.padding = ci.padding;
      box.written = ci.writer >= 0;
      box.idle = !box.written;
      // The analysis may be another trace's (a broken file): fewer cells than this row.
      if (cases && static_cast<size_t>(i) < info->hs_case.size())
        box.hs_case = info->hs_case[static_cast<size_t>(i)];
      if (m_options.differs != nullptr) {
        const auto* by_array = Find(*m_options.differs, r);
        const auto* by_cell = by_array ? Find(*by_array, array) : nullptr;
        const std::uint8_t* d = by_cell ? Find(*by_cell, i) : nullptr;
        box.differs = d != nullptr && *d != 0;
      }
      const bool known = value && is_defined && *is_defined;
      box.text = known ? FormatValue(m_trace.meta.type, *value) : "?";
      if (known) box.compact = CompactValue(m_trace.meta.type, *value);
      if (Blank(box.cell)) {
        box.text.clear();
        box.compact.clear();
        // Every asked box alike: its border style and fill colour are a class question's answer,
        // and in a value question they tell a copied cell (the value above it) from a computed
        // one.
        box.style = BoxStyle::kSolid;
        box.cls = CellClass::kUndefined;
        box.hs_case = 0;
        box.differs = false;  // the mistakes lab's mark: where the broken value went wrong
      }
      m_scene.boxes.push_back(std::move(box));
    }
    AddLabel(0, m_y + kCellH / 2, tag, LabelRole::kRowTag, emphasis);
    m_row_y[{r, array}] = m_y;
    m_latest_y[array] = m_y;
    m_last_row[static_cast<size_t>(array)] = m_last_block;
    m_y += kCellH;
  }

  // Arrows from each cell the round's threads read (in the latest row showing it) to the cells
  // they wrote (in the round's own row).
  void AddArrows(int r, Emphasis emphasis) {
    if (HidesHow(r)) return;
    const Round& round = m_trace.rounds[static_cast<size_t>(r)];
    const int pout = round.spec.pout;
    const auto dst = m_row_y.find({r, pout});
    if (dst == m_row_y.end()) return;
    const float dst_y = dst->second;
    auto cx = [&](int array, int pos) { return (Column(array, pos) + 0.5f) * kCellW; };
    auto add = [&](int thread, int from_array, int from, int to_array, int to) {
      if (from < 0 || to < 0 || to_array != pout) return;
      // Positions past their array (a trace that contradicts itself) get no arrow.
      if (to >= m_trace.arrays[static_cast<size_t>(pout)].size) return;
      if (from_array == kInputArray
              ? from >= m_trace.meta.n
              : (Find(m_trace.arrays, from_array) == nullptr ||
                 from >= m_trace.arrays[static_cast<size_t>(from_array)].size))
        return;
      float src_y = 0;
      if (from_array == kInputArray) {
        if (r != 0) return;  // a later round's input reads would cross every row
        src_y = m_last_input_y + kCellH;
      } else {
        const auto src = m_latest_y.find(from_array);
        if (src == m_latest_y.end()) return;
        src_y = src->second + kCellH;
        // In a double-buffered band the read row is above the written one; never draw upward.
        if (src_y > dst_y) return;
      }
      m_scene.arrows.push_back(
          {cx(from_array, from), src_y, cx(to_array, to), dst_y, r, thread, emphasis});
    };
    // The written row is the latest of its array; arrows start from the rows drawn before it.
    m_latest_y.erase(pout);
    for (const auto& [key, y] : m_row_y) {
      if (key.second == pout && key.first < r && y < dst_y) m_latest_y[pout] = y;
    }
    for (size_t t = 0; t < round.actions.size(); ++t) {
      const ThreadAction& a = round.actions[t];
      const int thread = static_cast<int>(t);
      switch (a.kind) {
        case ActionKind::kIdle:
        case ActionKind::kSeed:
          break;
        case ActionKind::kSwapAdd:
          // read = (left, right), write = (left, right): left <- right; right <- right . left.
          add(thread, a.read_array[1], a.read[1], a.write_array[0], a.write[0]);
          add(thread, a.read_array[0], a.read[0], a.write_array[1], a.write[1]);
          add(thread, a.read_array[1], a.read[1], a.write_array[1], a.write[1]);
          break;
        default:
          for (int k = 0; k < 2; ++k)
            add(thread, a.read_array[k], a.read[k], a.write_array[0], a.write[0]);
          break;
      }
    }
    m_latest_y[pout] = dst_y;
  }

  // Warps: a line between each two, and their names above the input, when the block has several.
  void AddWarpDividers() {
    constexpr int kWarp = 32;
    const int columns = m_scene.columns;
    bool registers = false;
    for (const ArrayDesc& a : m_trace.arrays) registers = registers || a.space == Space::kRegister;
    if (!registers || columns <= kWarp) return;
    for (int w = 0; w * kWarp < columns; ++w) {
      if (w > 0)
        m_scene.dividers.push_back({static_cast<float>(w * kWarp) * kCellW, m_input_row_y, m_y});
      AddLabel(static_cast<float>(w * kWarp) * kCellW, m_input_row_y - 0.35f,
               "warp " + std::to_string(w), LabelRole::kColumnTag, Emphasis::kPast);
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
      const int hi = std::min(check.window.hi, m_scene.columns - 1);
      m_scene.brackets.push_back({static_cast<float>(check.window.lo) * kCellW,
                                  static_cast<float>(hi + 1) * kCellW, y, caption});
    }
    Label label{static_cast<float>(std::max(check.window.lo, 0)) * kCellW, y - 1.1f, caption,
                LabelRole::kBracket, Emphasis::kCurrent};
    label.ok = check.ok;
    m_scene.labels.push_back(std::move(label));
  }

  const Trace& m_trace;
  const TraceAnalysis& m_analysis;
  const ViewOptions& m_options;
  const AlgorithmInfo& m_info;
  Scene m_scene;
  float m_y = 0;
  float m_input_row_y = 0;
  float m_last_input_y = 0;
  std::map<std::pair<int, int>, float> m_row_y;  // (round, array) -> y of its row
  std::map<int, float> m_latest_y;               // array -> y of the latest row showing it
  std::vector<int> m_last_row;                   // array -> the round block that last drew it
  int m_last_block = 0;                          // the round whose rows were drawn last
};

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

Scene BuildScene(const Trace& trace, const TraceAnalysis& analysis, const ViewOptions& options) {
  return SceneBuilder(trace, analysis, options).Build();
}

std::string CompactValue(ElementType type, double v) {
  // The common case first, without formatting anything: a small integer is as short as it gets
  // (an edit at n = 1024 builds this for every cell of every round).
  if (type == ElementType::kInt32 && std::fabs(v) < 1e4) return {};
  const std::string full = FormatValue(type, v);
  std::string out;
  if (type == ElementType::kInt32 && v == -2147483648.0) {
    out = "−2³¹";
  } else if (type == ElementType::kInt32 && v == 2147483647.0) {
    out = "2³¹−1";
  } else if (std::isinf(v)) {
    out = v < 0 ? "−∞" : "∞";
  } else if (std::isnan(v)) {
    return {};
  } else if (std::fabs(v) >= 1e4 || (v != 0 && std::fabs(v) < 1e-3)) {
    // Two significant digits and a short exponent: 123456789 -> 1.2e8, -0.000123 -> -1.2e-4.
    int exponent = static_cast<int>(std::floor(std::log10(std::fabs(v))));
    double mantissa = v / std::pow(10.0, exponent);
    if (std::fabs(mantissa) >= 9.95) {  // 9.96 would print as 10.0
      mantissa /= 10;
      ++exponent;
    }
    char buf[48];
    std::snprintf(buf, sizeof buf, "%.1fe%d", mantissa, exponent);
    out = buf;
  } else if (type == ElementType::kFloat32) {
    // Three significant digits, written plainly: %.3g would give 1000.25 as "1e+03".
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.3g", v);
    if (std::strchr(buf, 'e') != nullptr) std::snprintf(buf, sizeof buf, "%.0f", v);
    out = buf;
  }
  // Counted in characters, not bytes (−, ² and ∞ are several bytes of UTF-8).
  auto chars = [](const std::string& s) {
    return std::count_if(s.begin(), s.end(), [](char c) { return (c & 0xC0) != 0x80; });
  };
  return !out.empty() && chars(out) < chars(full) ? out : std::string();
}

std::string FigureHeading(const Trace& trace, const TraceAnalysis& analysis, int round,
                          bool hide_work) {
  const RoundInfo* info = Find(analysis.rounds, round);
  std::string out = std::string(DisplayName(trace.meta.algorithm)) + " (" +
                    (trace.Inclusive() ? "inclusive" : "exclusive") + ")  ·  " +
                    RoundHeading(trace, round);
  if (info == nullptr) return out;
  const std::string work = hide_work ? "?" : std::to_string(info->cumulative_work);
  return out + "  ·  work " + work + " of " + std::to_string(analysis.work) + "  ·  depth " +
         std::to_string(info->depth) + " of " + std::to_string(analysis.depth);
}

}  // namespace scanviz::scene
