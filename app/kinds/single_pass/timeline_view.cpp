// The single-pass scan's timeline (L), in place of the rounds: tiles down, time across, from the
// trace (scene/timeline.h): each tile's scan, look-back (its waits on X in red) and store as bars,
// each status read a tick in the colour of the flag it saw (X grey, A amber, P green) with a line
// up to the tile it read; the cursor (click or drag; ← → step from one publication to the next)
// and, beside every row, what that tile's status word held at the cursor. The times are the GPU's
// (%globaltimer) or the simulator's schedule, and the header says which.
#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdio>

#include "kinds/single_pass/timeline_view.h"
#include "state/kind_model.h"
#include "kinds/single_pass/single_pass_state.h"
#include "views/primitives.h"
#include "scene/timeline.h"
#include "views/views.h"

namespace scanviz {
namespace {

constexpr scene::Rgba kScan = {0.337f, 0.706f, 0.914f, 1};      // sky blue
constexpr scene::Rgba kLook = {0.902f, 0.624f, 0.000f, 1};      // orange: looking back
constexpr scene::Rgba kWait = {0.835f, 0.200f, 0.150f, 1};      // red: a read that saw X
constexpr scene::Rgba kStore = {0.000f, 0.620f, 0.451f, 1};     // bluish green
constexpr scene::Rgba kFlagX = {0.55f, 0.55f, 0.55f, 1};
constexpr scene::Rgba kFlagA = {0.902f, 0.624f, 0.000f, 1};
constexpr scene::Rgba kFlagP = {0.000f, 0.620f, 0.451f, 1};

scene::Rgba SegmentColor(timeline::Segment s) {
  switch (s) {
    case timeline::Segment::kScan:
      return kScan;
    case timeline::Segment::kLookBack:
      return kLook;
    case timeline::Segment::kWait:
      return kWait;
    case timeline::Segment::kStore:
      return kStore;
  }
  return kScan;
}

scene::Rgba FlagColor(int flag) { return flag == 2 ? kFlagP : flag == 1 ? kFlagA : kFlagX; }
const char* FlagName(int flag) { return flag == 2 ? "P" : flag == 1 ? "A" : "X"; }

void Controls(UiContext& ui, const SinglePassTrace& t) {
  SinglePassState& vs = SinglePassOf(ui.app);
  ImGui::TextUnformatted("tile size");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(ui.fonts.ui_px * 6);
  const std::string current = std::to_string(vs.model.tile_size);
  const bool open = ImGui::BeginCombo("##tile", current.c_str());
  Tip(ui, "Elements per tile: one block scans one tile");
  if (open) {
    for (int b = kMinGridBlockSize; b <= kMaxGridBlockSize; b *= 2) {
      const bool picked = ImGui::Selectable(std::to_string(b).c_str(), b == vs.model.tile_size);
      Tip(ui, "Tiles of this many elements, one block each");
      if (picked) {
        vs.model.tile_size = b;
        SinglePassOf(ui.app).timeline_cursor = -1;
      }
    }
    ImGui::EndCombo();
  }
  // Each control on the line while it fits, else on the next: a narrow window cuts none off.
  SameLineIfFits("tiles taken in", false);
  ImGui::TextUnformatted("tiles taken in");
  SameLineIfFits("blockIdx order", true);
  if (ImGui::RadioButton("blockIdx order", vs.model.tile_order == TileOrder::kBlockIdx)) {
    vs.model.tile_order = TileOrder::kBlockIdx;
    SinglePassOf(ui.app).timeline_cursor = -1;
  }
  Tip(ui, "Block b scans tile b: CUDA does not promise that blocks start in this order");
  SameLineIfFits("ticket order", true);
  if (ImGui::RadioButton("ticket order", vs.model.tile_order == TileOrder::kTicket)) {
    vs.model.tile_order = TileOrder::kTicket;
    SinglePassOf(ui.app).timeline_cursor = -1;
  }
  Tip(ui, "Each block takes the next tile from an atomic counter when it starts: every "
          "predecessor is already running");
  // The timeline is the shown kind: its button and its key (Kind::Entry) take it away.
  const Kind& shown = ShownKindOf(ui);
  const std::string rounds = std::string("Rounds (") + KeyOfKind(shown.Id()) + ")";
  SameLineIfFits(rounds.c_str(), false);
  if (Button(ui, rounds.c_str(), {"controls", "tile size · tiles taken in · " + rounds}))
    ui.app.ToggleKind(shown.Id());
  const std::string back = std::string("Back to ") + DisplayName(ui.app.WayBack());
  Tip(ui, back.c_str(), KeyOfKind(shown.Id()));
  (void)t;
}

// [SECTION] Title, summary, legend

std::string TitleOf(const SinglePassTrace& t) {
  return "Single-pass scan, decoupled look-back: " + std::to_string(t.TileCount()) +
         (t.TileCount() == 1 ? " tile of " : " tiles of ") + std::to_string(t.tile_size) +
         ", n = " + std::to_string(t.N());
}

std::string OriginOf(const std::string& origin, const SinglePassTrace& t) {
  return "times: " + origin + ", in " + t.clock;
}

void DrawTitle(UiContext& ui, const TimelineSource& src) {
  const SinglePassTrace& t = *src.trace;
  ImGui::PushFont(ui.fonts.large);
  const std::string title = src.title + TitleOf(t);
  TextWrapped(ui, "title", title);
  ImGui::PopFont();
  const std::string origin = OriginOf(src.origin, t);
  TextWrappedColored(ui, "origin", t.measured ? ui.palette.text : ui.palette.text_dim, origin);
}

void DrawSummary(UiContext& ui, const SinglePassTrace& t) {
  const std::string line = timeline::SummaryLine(t);
  TextWrapped(ui, "summary", line);
}

// The segments' colours, then the flags a read can see. An entry on the line while it fits, else
// on the next (a narrow window cuts none off).
void DrawLegend(const UiContext& ui) {
  const float px = ui.fonts.ui_px;
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const float sw = px * 0.9f;
  bool first = true;
  auto place = [&](float w, float gap) {
    if (first) {
      first = false;
      return;
    }
    ImGui::SameLine(0, gap);
    if (ImGui::GetCursorPosX() + w > ImGui::GetWindowContentRegionMax().x) ImGui::NewLine();
  };
  const float spacing = ImGui::GetStyle().ItemSpacing.x;
  for (timeline::Segment s : {timeline::Segment::kScan, timeline::Segment::kLookBack,
                              timeline::Segment::kWait, timeline::Segment::kStore}) {
    place(sw + spacing + ImGui::CalcTextSize(timeline::Name(s)).x, px);
    const ImVec2 p = ImGui::GetCursorScreenPos();
    dl->AddRectFilled(ImVec2(p.x, p.y + px * 0.15f), ImVec2(p.x + sw, p.y + px * 0.15f + sw),
                      ToImU32(SegmentColor(s)));
    ImGui::Dummy(ImVec2(sw, sw));
    ImGui::SameLine();
    ImGui::TextUnformatted(timeline::Name(s));
  }
  place(ImGui::CalcTextSize("reads: ").x, px);
  ImGui::TextUnformatted("reads: ");
  for (int f : {0, 1, 2}) {
    const char* name = f == 0   ? "| X not ready"
                       : f == 1 ? "| A aggregate"
                                : "| P inclusive prefix";
    place(ImGui::CalcTextSize(name).x, spacing);
    ImGui::TextColored(ImVec4(FlagColor(f).r, FlagColor(f).g, FlagColor(f).b, 1), "%s", name);
  }
}

// [SECTION] The plot: tiles down, time across

// Where the plot lies: its rows (`per_row` tiles each when there are more tiles than pixels), the
// time span across `width` from `left`, the row labels from `label_x`.
struct Plot {
  float px = 0;
  float label_x = 0, left = 0, width = 0;
  float top = 0, row_h = 0, bar_pad = 0;
  int rows = 0, per_row = 1, shown_rows = 0;
  std::int64_t span = 1;
  bool two_lines = false;  // the cursor's caption and the status column's title a line each
  float X(std::int64_t time) const {
    return left + width * static_cast<float>(static_cast<double>(time) / static_cast<double>(span));
  }
  float Bottom() const { return top + row_h * shown_rows; }
};

// The plot: rows on the left, the status column on the right; a line of room above it for the
// cursor's caption and the status column's title. A narrow plot (a small window) cannot hold the
// cursor's caption beside the status column's title: then they take a line each.
Plot PlacePlot(const UiContext& ui, ViewRect rect, const SinglePassTrace& t, std::int64_t now) {
  Plot p;
  p.px = ui.fonts.ui_px;
  const float px = p.px;
  const float label_w = px * 5.5f;
  const float status_w = std::min(rect.w * 0.28f, px * 12);
  p.left = ImGui::GetCursorScreenPos().x + label_w;
  p.width = std::max(10.0f, rect.x + rect.w - p.left - status_w - px * 1.5f);
  p.span = std::max<std::int64_t>(1, t.Span());
  p.two_lines =
      ImGui::CalcTextSize(
          timeline::Caption(t, now < 0 ? p.span : std::min(now, p.span)).c_str())
              .x +
          px * 2 >
      p.width;
  ImGui::Dummy(ImVec2(1, px * (p.two_lines ? 2.75f : 1.4f)));
  const ImVec2 origin_px = ImGui::GetCursorScreenPos();
  p.label_x = origin_px.x;
  const float axis_h = px * 2.2f;
  p.top = origin_px.y + px * 0.3f;
  const float height = std::max(10.0f, rect.y + rect.h - p.top - axis_h - px * 0.5f);
  p.rows = std::max(1, t.TileCount());
  // Rows of at least one pixel: more tiles than that share a row (each drawn as its extent).
  p.per_row = std::max(1, static_cast<int>(std::ceil(p.rows / height)));
  p.shown_rows = (p.rows + p.per_row - 1) / p.per_row;
  p.row_h = std::min(height / p.shown_rows, px * 2.4f);
  p.bar_pad = p.row_h > 6 ? p.row_h * 0.18f : 0.0f;
  return p;
}

// The timeline's bars and reads, laid out once per trace and row grouping, not every frame
// (16 384 tiles hold up to a million reads). The one timeline view's, at file scope while
// DrawTimelineView is a free function: it moves into the view's own object when the views have one
// each (the kinds registry), as GridView's scene is.
struct LayoutCache {
  std::uint64_t version = ~0ull;
  const SinglePassTrace* trace = nullptr;
  int per_row = 0;
  timeline::Layout layout;
  const timeline::Layout& Get(const SinglePassTrace& t, std::uint64_t v, int rows_of) {
    if (version != v || trace != &t || per_row != rows_of) {
      layout = timeline::Aggregate(timeline::Build(t), rows_of);
      version = v;
      trace = &t;
      per_row = rows_of;
    }
    return layout;
  }
};
LayoutCache layout_cache;

// Each tile's scan, look-back, waits and store as bars; each read a tick in the colour of the flag
// it saw, and (rows tall enough to follow) a thin line up to the tile read.
void DrawBarsAndReads(const Plot& p, const timeline::Layout& layout) {
  ImDrawList* dl = ImGui::GetWindowDrawList();
  for (const timeline::Bar& b : layout.bars) {
    const int row = b.tile;  // a tile, or (aggregated) its row
    const float y0 = p.top + row * p.row_h + p.bar_pad;
    const float y1 = p.top + (row + 1) * p.row_h - p.bar_pad;
    float x0 = p.X(b.from), x1 = p.X(b.to);
    if (x1 - x0 < 1) x1 = x0 + 1;
    dl->AddRectFilled(ImVec2(x0, y0), ImVec2(x1, y1), ToImU32(SegmentColor(b.kind)));
  }
  const bool lines = p.row_h >= p.px * 0.8f && layout.marks.size() <= 4000;
  for (const timeline::Mark& m : layout.marks) {
    const int row = m.tile / p.per_row;
    const float x = p.X(m.time);
    const float y0 = p.top + row * p.row_h, y1 = y0 + p.row_h;
    const ImU32 c = ToImU32(FlagColor(m.flag));
    if (lines) {
      const int predecessor_row = m.predecessor / p.per_row;
      const float yp = p.top + (static_cast<float>(predecessor_row) + 0.5f) * p.row_h;
      dl->AddLine(ImVec2(x, y0 + p.row_h * 0.5f), ImVec2(x, yp), (c & 0x00ffffff) | 0x60000000, 1);
    }
    dl->AddLine(ImVec2(x, y0), ImVec2(x, y1), c, p.row_h > 6 ? 2.5f : 1.0f);
  }
}

// "tile k" beside the rows, as many as fit (with tiles a row: the row's first tile).
void DrawRowLabels(const UiContext& ui, const Plot& p) {
  ImDrawList* dl = ImGui::GetWindowDrawList();
  ImGui::PushFont(ui.fonts.ui);
  const int label_every = std::max(1, static_cast<int>(std::ceil(p.px * 1.1f / p.row_h)));
  for (int row = 0; row < p.shown_rows; row += label_every) {
    const int first = row * p.per_row;
    std::string label = "tile ";
    label += std::to_string(first);
    const float y = p.top + row * p.row_h + (p.row_h - p.px) * 0.5f;
    dl->AddText(ImVec2(p.label_x, std::max(y, p.top + row * p.row_h)), ToImU32(ui.palette.text),
                label.c_str());
  }
  ImGui::PopFont();
}

void DrawTimeAxis(const UiContext& ui, const Plot& p, const SinglePassTrace& t) {
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const float px = p.px, axis_y = p.Bottom();
  for (double tick : NiceTicks(0, static_cast<double>(p.span), 6)) {
    if (tick > static_cast<double>(p.span) * 1.0001) break;
    const float x = p.X(static_cast<std::int64_t>(tick));
    dl->AddLine(ImVec2(x, axis_y), ImVec2(x, axis_y + px * 0.4f), ToImU32(ui.palette.text_dim));
    char tl[32];
    std::snprintf(tl, sizeof tl, "%g", tick);
    dl->AddText(ImVec2(x - px, axis_y + px * 0.45f), ToImU32(ui.palette.text), tl);
  }
  std::string unit = t.measured ? "ns since the first tile started (%globaltimer)"
                                : "simulated steps (not measured)";
  if (p.per_row > 1) {
    unit += "  ·  ";
    unit += std::to_string(p.per_row);
    unit += " tiles a row, reads not drawn";
  }
  dl->AddText(ImVec2(p.left + p.width * 0.5f - px * 6, axis_y + px * 1.3f),
              ToImU32(ui.palette.text_dim), unit.c_str());
}

// [SECTION] The cursor, the hovered tile, the status words at the cursor

// The cursor: click or drag in the plot; the arrow keys step between moments (shortcuts.cpp).
// Leaves the plot's button the last item. Returns the cursor's time.
std::int64_t DrawCursor(UiContext& ui, const Plot& p, const SinglePassTrace& t, ViewRect rect,
                        std::int64_t& now) {
  ViewState& vs = ui.app.view;
  const float px = p.px;
  ImDrawList* dl = ImGui::GetWindowDrawList();
  ImGui::SetCursorScreenPos(ImVec2(p.left, p.top));
  ImGui::InvisibleButton("##timeline-plot",
                         ImVec2(p.width, std::max(1.0f, p.row_h * p.shown_rows)));
  Place(ui, "timeline-plot");
  if (ImGui::IsItemActive() && !vs.ignore_mouse)
    now = timeline::TimeAt(ImGui::GetIO().MousePos.x, p.left, p.width, p.span);
  const std::int64_t cursor = now < 0 ? p.span : std::min(now, p.span);
  const float cx = p.X(cursor);
  dl->AddLine(ImVec2(cx, p.top - px * 0.2f), ImVec2(cx, p.Bottom()), ToImU32(ui.palette.text), 2);
  const std::string caption = timeline::Caption(t, cursor);
  const float caption_w = ImGui::CalcTextSize(caption.c_str()).x;
  const float caption_right = p.two_lines ? rect.x + rect.w - px * 0.5f : p.left + p.width;
  const ImVec2 caption_at(std::max(p.left, std::min(cx + px * 0.3f, caption_right - caption_w)),
                          p.top - px * 1.35f);
  DumpLine(ui, {"cursor", caption}, {cx, p.top, 1, p.row_h * p.shown_rows});
  const ViewRect caption_box = {caption_at.x, caption_at.y, caption_w, px};
  DrawFigureText(ui, {nullptr, 0, caption_at, ToImU32(ui.palette.text)}, caption, "caption",
                 &caption_box);
  return cursor;
}

// The hovered row's tile: its block and SM, its moments, its values and every read it made.
void TileTooltip(UiContext& ui, const Plot& p, const SinglePassTrace& t) {
  if (!ImGui::IsItemHovered() || ui.app.view.ignore_mouse) return;
  const int row = timeline::RowAt(ImGui::GetIO().MousePos.y, p.top, p.row_h, p.shown_rows);
  if (row < 0) return;
  const int k = std::min(row * p.per_row, p.rows - 1);
  const TileRecord& r = t.tiles[static_cast<size_t>(k)];
  std::string reads;
  for (const LookRead& x : r.reads) {
    reads += ' ';
    reads += std::to_string(x.predecessor);
    reads += ':';
    reads += FlagName(x.flag);
    reads += x.flag == 0 ? "×" : "=";
    reads += x.flag == 0 ? std::to_string(x.reads) : FormatValue(t.type, x.value);
  }
  char head[320];
  std::snprintf(head, sizeof head,
                "tile %d (block %d, %s %d)\nstart %lld, A %s, P %lld, end %lld, waited %lld\n"
                "aggregate %s, exclusive prefix %s, inclusive %s\nreads:",
                r.tile, r.block, t.measured ? "SM" : "slot", r.sm, static_cast<long long>(r.start),
                r.published_a < 0 ? "-" : std::to_string(r.published_a).c_str(),
                static_cast<long long>(r.published_p), static_cast<long long>(r.end),
                static_cast<long long>(r.waited), FormatValue(t.type, r.aggregate).c_str(),
                FormatValue(t.type, r.exclusive).c_str(), FormatValue(t.type, r.inclusive).c_str());
  ShowTooltip(ui, head + (reads.empty() ? std::string(" none") : reads));  // wrapped: many reads
}

// The status array at the cursor, one box per row beside it.
void DrawStatusColumn(UiContext& ui, const Plot& p, const SinglePassTrace& t, std::int64_t cursor,
                      ViewRect rect) {
  const float px = p.px;
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const float status_w = std::min(rect.w * 0.28f, px * 12);
  const std::vector<timeline::Status> status = timeline::StatusAt(t, cursor);
  const float sx = p.left + p.width + px * 0.8f;
  const char* status_title = ImGui::CalcTextSize("status words then").x <= rect.x + rect.w - sx
                                 ? "status words then"
                                 : "status";
  const ImVec2 status_at(sx, p.top - px * (p.two_lines ? 2.7f : 1.35f));
  const ViewRect title_box = {status_at.x, status_at.y, ImGui::CalcTextSize(status_title).x, px};
  DrawFigureText(ui, {nullptr, 0, status_at, ToImU32(ui.palette.text)}, status_title,
                 "status_title", &title_box);
  ImGui::PushFont(p.row_h >= ui.fonts.large_px * 1.1f ? ui.fonts.large : ui.fonts.ui);
  for (int row = 0; row < p.shown_rows; ++row) {
    const int k = row * p.per_row;
    const timeline::Status& s = status[static_cast<size_t>(k)];
    const float y0 = p.top + row * p.row_h + p.bar_pad * 0.5f,
                y1 = p.top + (row + 1) * p.row_h - p.bar_pad * 0.5f;
    scene::Rgba fill = FlagColor(s.flag);
    fill.a = 0.85f;
    dl->AddRectFilled(ImVec2(sx, y0), ImVec2(sx + status_w - px * 0.5f, y1), ToImU32(fill));
    if (p.row_h < px * 1.05f) continue;
    std::string text = FlagName(s.flag);
    if (s.flag != 0) {
      text += "  ";
      text += FormatValue(t.type, s.value);
    }
    const ViewRect bar = {sx, y0, status_w, y1 - y0};
    DrawFigureText(
        ui,
        {nullptr, 0, ImVec2(sx + px * 0.3f, y0 + (y1 - y0 - ImGui::GetFontSize()) * 0.5f),
         IM_COL32(0, 0, 0, 255)},
        text, {"status", "tile " + std::to_string(k) + ": " + text}, &bar);
  }
  ImGui::PopFont();
}

}  // namespace

// [SECTION] The view

float TimelineFigureWidth(UiContext& ui) {
  const SinglePassTrace& t = SinglePassOf(ui.app).model.Traced();
  const Fonts& fonts = ui.fonts;
  const float px = fonts.ui_px, spacing = ImGui::GetStyle().ItemSpacing.x;
  auto width = [&](const std::string& s) {
    return fonts.ui->CalcTextSizeA(px, FLT_MAX, 0, s.c_str()).x;
  };
  // DrawLegend's entries on one line: swatches and names a text size apart, then the reads.
  float legend = width("reads: ") + px;
  for (timeline::Segment s : {timeline::Segment::kScan, timeline::Segment::kLookBack,
                              timeline::Segment::kWait, timeline::Segment::kStore})
    legend += px * 0.9f + spacing + width(timeline::Name(s)) + px;
  for (const char* name : {"| X not ready", "| A aggregate", "| P inclusive prefix"})
    legend += spacing + width(name);
  const float title = fonts.large->CalcTextSizeA(fonts.large_px, FLT_MAX, 0, TitleOf(t).c_str()).x;
  const float text = std::max({title, width(OriginOf(SinglePassOf(ui.app).model.Origin(), t)),
                               width(timeline::SummaryLine(t)), legend});
  return std::ceil(text + 2 * ImGui::GetStyle().WindowPadding.x);
}

void DrawTimelineView(UiContext& ui, ViewRect rect, bool controls) {
  SinglePassState& state = SinglePassOf(ui.app);
  const TimelineSource src{&state.model.Traced(), &state.timeline_cursor, state.model.Version(),
                           state.model.Origin(), {}, {}};
  DrawSinglePassTimeline(ui, rect, src, controls);
}

void DrawSinglePassTimeline(UiContext& ui, ViewRect rect, const TimelineSource& src,
                            bool controls) {
  const SinglePassTrace& t = *src.trace;
  BeginPanelWindow(ui, "##timeline", rect, "timeline");
  DrawTitle(ui, src);
  if (controls) Controls(ui, t);
  if (src.above) src.above();
  DrawSummary(ui, t);
  DrawLegend(ui);
  const Plot p = PlacePlot(ui, rect, t, *src.cursor);
  ImGui::GetWindowDrawList()->AddRect(ImVec2(p.left, p.top),
                                      ImVec2(p.left + p.width, p.top + p.row_h * p.shown_rows),
                                      ToImU32(ui.palette.text_dim));
  DrawBarsAndReads(p, layout_cache.Get(t, src.version, p.per_row));
  DrawRowLabels(ui, p);
  DrawTimeAxis(ui, p, t);
  const std::int64_t cursor = DrawCursor(ui, p, t, rect, *src.cursor);
  TileTooltip(ui, p, t);
  DrawStatusColumn(ui, p, t, cursor, rect);
  ImGui::End();
}

}  // namespace scanviz
