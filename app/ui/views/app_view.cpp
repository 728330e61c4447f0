// The applications view (docs/applications.md), in place of the rounds: the chosen application
// of the scan on the current input, one pass at a time, the player stepping through each pass's
// flag, scan and scatter. The layout is scene/app_scene.h's; this only places it on screen: a row
// per array, the title at the left, an arrow from each element to the output cell its scan value
// sends it to, an allocation's pool as a bar of labelled slices. A row longer than the view holds
// shows its first and last cells and a gap that says how many are between.
#include <algorithm>
#include <cmath>
#include <cstdio>

#include "core/analysis.h"
#include "kinds/kind.h"
#include "views.h"

namespace scanviz {
namespace {

constexpr scene::Rgba kFlagged = kAppFlagged;
constexpr scene::Rgba kZeros = kAppZeros;
constexpr scene::Rgba kOnes = kAppOnes;
constexpr scene::Rgba kKept = kAppKept;

scene::Rgba Dim(scene::Rgba c, float a) {
  return {c.r, c.g, c.b, a};
}

// Where the slots of a row go: `slots` of width `w` from x0.
struct Strip {
  float x0 = 0, w = 0;
  float X(int slot) const { return x0 + w * static_cast<float>(slot); }
};

void Arrowhead(ImDrawList* dl, ImVec2 a, ImVec2 b, ImU32 c, float size) {
  const float dx = b.x - a.x, dy = b.y - a.y;
  const float len = std::max(1e-3f, std::sqrt(dx * dx + dy * dy));
  const float ux = dx / len, uy = dy / len;
  dl->AddTriangleFilled(
      b, ImVec2(b.x - ux * size - uy * size * 0.5f, b.y - uy * size + ux * size * 0.5f),
      ImVec2(b.x - ux * size + uy * size * 0.5f, b.y - uy * size - ux * size * 0.5f), c);
}

}  // namespace

void DrawAppControls(UiContext& ui) {
  AppState& app = ui.app;
  const bool shown = app.ShownKind() == KindId::kApplication;
  if (ImGui::RadioButton("Applications", shown)) app.SetKind(KindId::kApplication);
  Place(ui, "apps");
  Tip(ui,
      "What a scan is for: compaction, split, radix sort and allocation on this input, each "
      "pass stepped through flag, scan and scatter");
  if (!shown) return;
  ImGui::Indent();
  ImGui::SetNextItemWidth(-1);
  const bool open = ImGui::BeginCombo("##app", Info(app.App()).name);
  Place(ui, "app_kind");
  Tip(ui, "The application of the scan to run on the input");
  if (open) {
    for (const AppInfo& info : Apps()) {
      if (ImGui::Selectable(info.name, info.id == app.App())) app.SetApp(info.id);
      Tip(ui, info.summary);
    }
    ImGui::EndCombo();
  }
  switch (app.App()) {
    case AppKind::kCompact: {
      ImGui::TextUnformatted("keep");
      const KeepRule keep = app.Keep();
      for (KeepKind k : {KeepKind::kOdd, KeepKind::kEven, KeepKind::kPositive, KeepKind::kNonzero,
                         KeepKind::kGreater}) {
        KeepRule rule{k, k == KeepKind::kGreater ? keep.threshold : 0};
        std::string label = ToString(rule, ElementType::kInt32);
        if (k == KeepKind::kGreater) label = "greater";
        SameLineIfFits(label.c_str(), true);
        if (ImGui::RadioButton(label.c_str(), keep.kind == k)) app.SetKeep(rule);
        Tip(ui, "--keep: the elements the flag step keeps (odd and even: int32 only)");
      }
      if (keep.kind == KeepKind::kGreater) {
        float k = static_cast<float>(keep.threshold);
        ImGui::SetNextItemWidth(ui.fonts.ui_px * 6);
        if (ImGui::InputFloat("K##keep", &k, 1, 10, "%g")) app.SetKeep({KeepKind::kGreater, k});
        Tip(ui, "greater:K keeps the elements above K");
      }
      break;
    }
    case AppKind::kSplit: {
      int bit = app.SplitBit();
      ImGui::SetNextItemWidth(-ui.fonts.ui_px * 3);
      if (ImGui::SliderInt("bit", &bit, 0, 31)) app.SetSplitBit(bit);
      Place(ui, "split_bit");
      Tip(ui, "--bit K: the elements whose bit K is 0 go first, then those with a 1");
      break;
    }
    case AppKind::kRadixSort: {
      int bits = app.RadixBits();
      ImGui::SetNextItemWidth(-ui.fonts.ui_px * 3);
      if (ImGui::SliderInt("bits", &bits, 0, 32, bits == 0 ? "as needed" : "%d"))
        app.SetRadixBits(bits);
      Place(ui, "radix_bits");
      Tip(ui,
          "--bits K: one split per bit, lowest first (0: as many as the keys need; 32 with "
          "a negative key)");
      break;
    }
    case AppKind::kAllocate:
      ImGui::TextWrapped("the input is each thread's size (>= 0)");
      break;
  }
  ImGui::Unindent();
}

void AppView::Draw(UiContext& ui, ViewRect rect) {
  AppState& app = ui.app;
  const AppSlot& slot = app.Application();
  ImGui::SetNextWindowPos(ImVec2(rect.x, rect.y));
  ImGui::SetNextWindowSize(ImVec2(rect.w, rect.h));
  ImGui::Begin("##apps", nullptr,
               ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoBackground |
                   ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings |
                   ImGuiWindowFlags_NoBringToFrontOnFocus);
  if (ui.text != nullptr) ui.text->BeginPanel("apps", rect, Info(app.App()).key);
  const float px = ui.fonts.ui_px;
  if (!slot.trace) {
    ImGui::PushFont(ui.fonts.large);
    ImGui::TextUnformatted(Info(app.App()).name);
    ImGui::PopFont();
    const std::string why = "cannot run on this input: " + slot.error;
    TextWrappedColored(ui.palette.bad, why);
    Record(ui, "error", why);
    ImGui::End();
    return;
  }
  const AppTrace& t = *slot.trace;
  const int step = app.AppPlayer().Round();
  if (m_version != app.AppVersion() || m_step != step) {
    m_layout = app_scene::Build(t, step);
    m_widest_chars = 1;
    for (const app_scene::Row& r : m_layout.rows)
      for (const std::string& text : r.text)
        m_widest_chars = std::max(m_widest_chars, static_cast<int>(text.size()));
    m_version = app.AppVersion();
    m_step = step;
  }
  const app_scene::PassLayout& l = m_layout;

  ImGui::PushFont(ui.fonts.large);
  const std::string heading = app_scene::Heading(t);
  ImGui::TextWrapped("%s", heading.c_str());
  Record(ui, "title", heading);
  ImGui::PopFont();
  TextWrappedColored(ui.palette.text_dim, "ran: " + slot.ran);
  if (!slot.problems.empty()) {
    TextWrappedColored(ui.palette.bad, "CheckApp: " + slot.problems.front());
    Record(ui, "error", slot.problems.front());
  }
  // The radix sort's title already names the pass: the step alone after it.
  std::string pass = l.title + "  ·  ";
  pass += t.app == AppKind::kRadixSort ? AppStepTitle(app).substr(AppStepTitle(app).find("step"))
                                       : AppStepTitle(app);
  ImGui::TextWrapped("%s", pass.c_str());
  Record(ui, "pass", pass);
  if (!l.note.empty()) {
    TextWrappedColored(ui.palette.text_dim, l.note);
    Record(ui, "note", l.note);
  }
  ImGui::PushFont(ui.fonts.large);
  ImGui::TextWrapped("%s", l.narration.c_str());
  Record(ui, "narration", l.narration);
  ImGui::PopFont();

  // The figure: rows of cells under the text, the arrows (or the pool) below the scan.
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  const float label_w = px * 5.5f;
  const float left = origin.x + label_w;
  const float width = std::max(px * 4, rect.x + rect.w - left - px);
  const float fig_px = px * app.view.figure_scale;
  // A cell as wide as its widest value needs (one digit: 1.6 em), so that a small window still
  // shows eight of them; the rows' values are the layout's, measured once per step.
  const float min_cell =
      std::max(fig_px * 1.6f, static_cast<float>(m_widest_chars) * fig_px * 0.62f + fig_px * 0.8f);
  const float row_h = fig_px * 1.7f, gap = fig_px * 0.45f;
  // The arrows' band gives way first when the rows do not fit the view's height.
  int band_rows = 0;
  bool band = false;
  for (const app_scene::Row& r : l.rows) {
    ++band_rows;
    band = band || r.kind == app_scene::RowKind::kOutput || r.kind == app_scene::RowKind::kPool;
  }
  const float room = rect.y + rect.h - ImGui::GetCursorScreenPos().y - px;
  const float rows_need = static_cast<float>(band_rows) * (row_h + gap) + fig_px * 1.2f;
  const float arrows_h =
      !band ? 0
            : std::max(fig_px * 1.6f,
                       std::min(std::max(fig_px * 4, std::min(fig_px * 9, rect.h * 0.22f)),
                                room - rows_need));
  const int max_cells = std::max(4, static_cast<int>(width / min_cell));
  const app_scene::Columns cols = app_scene::Visible(l.n, max_cells);
  const Strip strip{left, std::min(std::max(fig_px * 3.2f, min_cell),
                                   width / static_cast<float>(std::max(1, cols.Slots())))};
  const ImU32 border = ToImU32(ui.palette.border), text = ToImU32(ui.palette.text);
  ImFont* font = ImGui::GetFont();

  auto cell = [&](float x, float y, float w, const std::string& s, scene::Rgba fill, bool lit) {
    dl->AddRectFilled(ImVec2(x + 1, y), ImVec2(x + w - 1, y + row_h),
                      ToImU32(lit ? fill : Dim(ui.palette.input, 0.35f)));
    dl->AddRect(ImVec2(x + 1, y), ImVec2(x + w - 1, y + row_h), border);
    const ImVec2 size = font->CalcTextSizeA(fig_px, FLT_MAX, 0, s.c_str());
    if (size.x <= w - 2)
      dl->AddText(font, fig_px, ImVec2(x + (w - size.x) * 0.5f, y + (row_h - size.y) * 0.5f),
                  lit ? IM_COL32(0, 0, 0, 255) : text, s.c_str());
  };
  auto row_label = [&](float y, const std::string& s) {
    dl->AddText(font, fig_px, ImVec2(origin.x, y + (row_h - fig_px) * 0.5f), text, s.c_str());
    if (ui.text != nullptr) ui.text->Text("row", s, {origin.x, y, label_w, row_h});
  };
  auto gap_cell = [&](float y, const app_scene::Columns& c, int n) {
    if (c.gap_after < 0) return;
    const float x = strip.X(c.gap_after + 1);
    const std::string more = "…" + std::to_string(n - static_cast<int>(c.index.size()));
    dl->AddText(font, fig_px * 0.8f, ImVec2(x + 2, y + (row_h - fig_px * 0.8f) * 0.5f),
                ToImU32(ui.palette.text_dim), more.c_str());
    if (ui.text != nullptr) ui.text->Text("gap", more, {x, y, strip.w, row_h});
  };
  // The colour of element i's cells: its group (split) or kept (compaction), when it is lit.
  const std::vector<int> dest = app_scene::Destinations(t, l.pass);
  auto fill_of = [&](const app_scene::Row& r, int i) {
    if (r.kind == app_scene::RowKind::kOutput) return kKept;
    if (t.app == AppKind::kSplit || t.app == AppKind::kRadixSort)
      return r.kind == app_scene::RowKind::kBit
                 ? (r.values[static_cast<size_t>(i)] != 0 ? kOnes : kZeros)
                 : kFlagged;
    return kFlagged;
  };
  float y = origin.y + px * 0.4f;
  float y_scan_bottom = y;
  float y_output = -1;
  for (const app_scene::Row& r : l.rows) {
    if (r.kind == app_scene::RowKind::kOutput || r.kind == app_scene::RowKind::kPool) {
      y += arrows_h;
      y_output = y;
    }
    row_label(y, r.title);
    if (r.kind == app_scene::RowKind::kPool) {
      // The pool as one bar: each thread's slice [offset, offset + size) in proportion.
      const float pw = width;
      const float scale_x = l.pool > 0 ? pw / static_cast<float>(l.pool) : 0;
      int labelled = 0;
      float last_label_end = -1e9f;
      for (const app_scene::Slice& s : l.slices) {
        if (s.end <= s.begin) {
          // An empty slice [offset, offset): a tick where it would start, named below the bar.
          const float x = left + scale_x * static_cast<float>(s.begin);
          dl->AddLine(ImVec2(x, y - fig_px * 0.3f), ImVec2(x, y + row_h + fig_px * 1.8f),
                      ToImU32(ui.palette.text), 2);
          if (l.n <= 64) {
            char lab[64];
            std::snprintf(lab, sizeof lab, "t%d [%d, %d) empty", s.thread, s.begin, s.end);
            dl->AddText(font, fig_px * 0.75f, ImVec2(x + 2, y + row_h + fig_px * 1.0f),
                        ToImU32(ui.palette.text), lab);
            if (ui.text != nullptr) ui.text->Text("slice", lab, {x, y, 1, row_h});
          }
          continue;
        }
        const float x0 = left + scale_x * static_cast<float>(s.begin);
        const float x1 = left + scale_x * static_cast<float>(s.end);
        if (x1 - x0 < 0.5f && s.thread % 64 != 0) continue;  // sub-pixel slices: the bar's fill
        const scene::Rgba c = s.thread % 2 == 0 ? kZeros : kFlagged;
        dl->AddRectFilled(ImVec2(x0, y), ImVec2(std::max(x1, x0 + 1), y + row_h), ToImU32(c));
        if (x1 - x0 >= 3) dl->AddRect(ImVec2(x0, y), ImVec2(x1, y + row_h), border);
        char lab[64];
        std::snprintf(lab, sizeof lab, "t%d [%d, %d)", s.thread, s.begin, s.end);
        const ImVec2 size = font->CalcTextSizeA(fig_px * 0.85f, FLT_MAX, 0, lab);
        if (size.x <= x1 - x0 - 2) {
          dl->AddText(font, fig_px * 0.85f,
                      ImVec2(x0 + (x1 - x0 - size.x) * 0.5f, y + (row_h - size.y) * 0.5f),
                      IM_COL32(0, 0, 0, 255), lab);
          if (ui.text != nullptr) ui.text->Text("slice", lab, {x0, y, x1 - x0, row_h});
          ++labelled;
        } else if (x0 >= last_label_end && x1 - x0 >= 1 && labelled < 400) {
          // Too narrow for its range: the thread's number under the bar.
          const std::string tn = "t" + std::to_string(s.thread);
          const ImVec2 ts = font->CalcTextSizeA(fig_px * 0.75f, FLT_MAX, 0, tn.c_str());
          dl->AddText(font, fig_px * 0.75f, ImVec2(x0, y + row_h + 2), ToImU32(ui.palette.text_dim),
                      tn.c_str());
          last_label_end = x0 + ts.x + 2;
          ++labelled;
        }
        // The slice's thread, up from its offset in the scan row.
        const int slot_i = cols.Slot(s.thread);
        if (slot_i >= 0) {
          const ImVec2 a(strip.X(slot_i) + strip.w * 0.5f, y_scan_bottom);
          const ImVec2 b(x0 + 1, y - 1);
          dl->AddLine(a, b, ToImU32(Dim(ui.palette.arrow, 0.7f)), 1.5f);
          Arrowhead(dl, a, b, ToImU32(ui.palette.arrow), fig_px * 0.45f);
        }
      }
      char total[64];
      std::snprintf(total, sizeof total, "%d cells", l.pool);
      dl->AddText(font, fig_px * 0.8f, ImVec2(left + pw - px * 4, y + row_h + fig_px * 1.1f),
                  ToImU32(ui.palette.text_dim), total);
      y += row_h + gap + fig_px;
      continue;
    }
    const int count = static_cast<int>(r.values.size());
    const app_scene::Columns c =
        r.kind == app_scene::RowKind::kOutput ? app_scene::Visible(count, max_cells) : cols;
    for (size_t k = 0; k < c.index.size(); ++k) {
      const int i = c.index[k];
      const int s = c.Slot(i);
      cell(strip.X(s), y, strip.w, r.text[static_cast<size_t>(i)], fill_of(r, i),
           r.lit[static_cast<size_t>(i)] != 0 || r.kind == app_scene::RowKind::kBit);
    }
    gap_cell(y, c, count);
    if (r.kind != app_scene::RowKind::kOutput) y_scan_bottom = y + row_h;
    y += row_h + gap;
  }
  // Index ruler over the first row.
  for (size_t k = 0; k < cols.index.size(); ++k) {
    const int i = cols.index[k];
    if (cols.index.size() > 40 && i % 8 != 0 && k + 1 != cols.index.size()) continue;
    const std::string s = std::to_string(i);
    dl->AddText(font, fig_px * 0.7f, ImVec2(strip.X(cols.Slot(i)) + 2, origin.y - fig_px * 0.45f),
                ToImU32(ui.palette.text_dim), s.c_str());
  }
  // The scatter's arrows, from the last row above the output down to each destination.
  if (y_output >= 0 && !l.arrows.empty()) {
    const app_scene::Columns out_cols =
        app_scene::Visible(static_cast<int>(l.rows.back().values.size()), max_cells);
    int hidden = 0;
    for (const app_scene::Arrow& a : l.arrows) {
      const int s0 = cols.Slot(a.from), s1 = out_cols.Slot(a.to);
      if (s0 < 0 || s1 < 0) {
        ++hidden;
        continue;
      }
      const scene::Rgba c = t.app == AppKind::kCompact ? kKept : a.zero ? kZeros : kOnes;
      const ImVec2 p0(strip.X(s0) + strip.w * 0.5f, y_scan_bottom + 1);
      const ImVec2 p1(strip.X(s1) + strip.w * 0.5f, y_output - 2);
      dl->AddBezierCubic(p0, ImVec2(p0.x, p0.y + arrows_h * 0.45f),
                         ImVec2(p1.x, p1.y - arrows_h * 0.45f), p1, ToImU32(c), 2.0f);
      Arrowhead(dl, ImVec2(p1.x, p1.y - fig_px), p1, ToImU32(c), fig_px * 0.55f);
    }
    if (hidden > 0) {
      const std::string note =
          std::to_string(hidden) + " arrows not drawn: their element or destination is in a gap";
      dl->AddText(font, fig_px * 0.8f, ImVec2(left, y + gap), ToImU32(ui.palette.text_dim),
                  note.c_str());
      if (ui.text != nullptr) ui.text->Text("note", note, {left, y + gap, width, fig_px});
    }
  }
  // An element's story under the pointer: its flag, scan value and destination (the side
  // panel's Inspector tells it at length; a click keeps it there).
  ViewState& vs = app.view;
  if (m_version != m_selected_for) {
    vs.app_selected.reset();  // another trace: the index means another element
    m_selected_for = m_version;
  }
  const ImVec2 m = ImGui::GetIO().MousePos;
  if (!vs.ignore_mouse && ImGui::IsWindowHovered() && m.x >= left && m.y >= origin.y && m.y < y &&
      m.x < left + width) {
    const int slot_under = static_cast<int>((m.x - left) / strip.w);
    for (int i : cols.index) {
      if (cols.Slot(i) != slot_under) continue;
      vs.app_next_hovered = i;
      if (ImGui::IsMouseClicked(ImGuiMouseButton_Left))
        vs.app_selected = vs.app_selected == i ? std::nullopt : std::optional(i);
      const AppPass& p = t.passes[static_cast<size_t>(l.pass)];
      const std::vector<int> scan = app_scene::ScanValues(p);
      ImGui::SetTooltip("element %d: %s, %s %g, scan %d, %s %d", i,
                        l.rows.front().text[static_cast<size_t>(i)].c_str(), Info(t.app).flags_name,
                        p.flags[static_cast<size_t>(i)], scan[static_cast<size_t>(i)],
                        t.app == AppKind::kAllocate ? "offset" : "destination",
                        dest[static_cast<size_t>(i)]);
      break;
    }
  }
  ImGui::End();
}

}  // namespace scanviz
