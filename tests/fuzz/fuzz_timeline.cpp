// Fuzz target: the single-pass timeline's drawing data, from a loaded file (ParseAnyTraceJson, as
// the app's Open reads it; fuzz_grid checks the loader and its round trip) to what the timeline
// view and its figure draw (scene/timeline.h: Build, Aggregate, StatusAt, Moments, Caption,
// SummaryLine; scene/timeline_svg.h) and the Narration tab tells (teach/single_pass_teach.h).
//
// Beyond "no crash": the app draws a file the loader accepts without running CheckSinglePass, so
// whatever it holds, the layout stays inside the plot: a row per tile, every bar and read mark on
// a row that exists, from <= to, at times within [0, span]; aggregated by 1, 2, 3, 7, n, n + 1 and
// more tiles a row it has ceil(tiles / per_row) rows, each bar the extent of its tiles' bars of
// that kind, no marks. The status words at any cursor (before 0, each moment and either side of
// it, the end, past it) move only X -> A -> P, hold what the tile published, are all P from the
// end; the moments run from 0 to the span; the caption's counts add up to the tiles. The summary
// (Summarize, SummaryLine, the narration) counts what the trace holds: the tiles that waited, the
// longest wait and its tile, how far tiles looked back, the tiles out of order. The SVG figure at
// four cursors has finite coordinates, its bars, reads and cursor inside the plot's frame.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <limits>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "core/any_trace_io.h"
#include "fuzz/fuzz_check.h"
#include "scene/timeline.h"
#include "scene/timeline_svg.h"
#include "teach/single_pass_teach.h"

namespace scanviz::fuzz {
namespace {

constexpr const char* kTarget = "fuzz_timeline";

std::string Str(std::int64_t v) {
  return std::to_string(v);
}

// Every bar and mark on a row of the layout, at times within [0, span].
void CheckBounds(const timeline::Layout& l, const std::string& what) {
  for (const timeline::Bar& b : l.bars) {
    if (b.tile < 0 || b.tile >= l.rows || static_cast<int>(b.kind) > 3)
      Fail(kTarget,
           what + ": a bar on row " + std::to_string(b.tile) + " of " + std::to_string(l.rows));
    if (b.from < 0 || b.from > b.to || b.to > l.span)
      Fail(kTarget, what + ": a " + timeline::Name(b.kind) + " bar of row " +
                        std::to_string(b.tile) + " from " + Str(b.from) + " to " + Str(b.to) +
                        ", the span " + Str(l.span));
  }
  for (const timeline::Mark& m : l.marks) {
    if (m.tile < 0 || m.tile >= l.rows || m.predecessor < 0 || m.predecessor >= m.tile ||
        m.flag < 0 || m.flag > 2 || m.time < 0 || m.time > l.span)
      Fail(kTarget, what + ": tile " + std::to_string(m.tile) + "'s read of tile " +
                        std::to_string(m.predecessor) + " (flag " + std::to_string(m.flag) +
                        ") at " + Str(m.time) + ", the span " + Str(l.span));
  }
}

void CheckLayout(const SinglePassTrace& t, const timeline::Layout& l) {
  if (l.rows != t.TileCount() || l.span != t.Span())
    Fail(kTarget, "Build: " + std::to_string(l.rows) + " rows, span " + Str(l.span));
  size_t reads = 0;
  for (const TileRecord& r : t.tiles) reads += r.reads.size();
  if (l.marks.size() != reads) Fail(kTarget, "Build: a mark for each read");
  for (size_t i = 1; i < l.bars.size(); ++i)
    if (l.bars[i].tile < l.bars[i - 1].tile) Fail(kTarget, "Build: bars not in tile order");
  CheckBounds(l, "Build");
}

// Aggregate(per_row): ceil(tiles / per_row) rows, each kind's bar its tiles' extent, no marks.
void CheckAggregate(const timeline::Layout& l, int per_row) {
  const timeline::Layout a = timeline::Aggregate(l, per_row);
  const std::string what = "Aggregate(" + std::to_string(per_row) + ")";
  if (per_row <= 1) {
    if (a.bars.size() != l.bars.size() || a.marks.size() != l.marks.size() || a.rows != l.rows)
      Fail(kTarget, what + " is not the layout as it is");
    return;
  }
  const long long rows = (static_cast<long long>(l.rows) + per_row - 1) / per_row;
  if (a.rows != rows || a.span != l.span || !a.marks.empty())
    Fail(kTarget, what + ": " + std::to_string(a.rows) + " rows, not " + std::to_string(rows));
  CheckBounds(a, what);
  for (size_t i = 0; i < a.bars.size(); ++i) {
    const timeline::Bar& row = a.bars[i];
    std::int64_t from = std::numeric_limits<std::int64_t>::max();
    std::int64_t to = std::numeric_limits<std::int64_t>::min();
    for (const timeline::Bar& b : l.bars) {
      if (b.tile / per_row != row.tile || b.kind != row.kind) continue;
      from = std::min(from, b.from);
      to = std::max(to, b.to);
    }
    if (row.from != from || row.to != to ||
        (i > 0 && a.bars[i - 1].tile == row.tile && a.bars[i - 1].kind >= row.kind))
      Fail(kTarget, what + ": row " + std::to_string(row.tile) + "'s " + timeline::Name(row.kind) +
                        " bar is not its tiles' extent, once");
  }
}

// The status words at `at`, against the ones at the cursor before (`before`, empty for the first).
void CheckStatus(const SinglePassTrace& t, std::int64_t at, std::vector<timeline::Status>* before) {
  const std::vector<timeline::Status> now = timeline::StatusAt(t, at);
  const std::string what = "StatusAt(" + Str(at) + ")";
  if (now.size() != t.tiles.size()) Fail(kTarget, what + ": not a word per tile");
  int count[3] = {0, 0, 0};
  for (size_t k = 0; k < now.size(); ++k) {
    const timeline::Status& s = now[k];
    const TileRecord& r = t.tiles[k];
    const std::string tile = what + ", tile " + std::to_string(k);
    if (s.flag < 0 || s.flag > 2) Fail(kTarget, tile + ": flag " + std::to_string(s.flag));
    ++count[s.flag];
    const double held = s.flag == 2 ? r.inclusive : s.flag == 1 ? r.aggregate : 0.0;
    if (s.value != held && !(std::isnan(s.value) && std::isnan(held)))
      Fail(kTarget, tile + ": holds another value than it published");
    if (!before->empty() && s.flag < (*before)[k].flag) Fail(kTarget, tile + ": went back");
    if (at >= t.Span() && s.flag != 2) Fail(kTarget, tile + ": not P at the end");
    if (at < 0 && s.flag != 0) Fail(kTarget, tile + ": published before 0");
  }
  const std::string caption = timeline::Caption(t, at);
  const std::string counts = std::to_string(count[2]) + " P, " + std::to_string(count[1]) + " A, " +
                             std::to_string(count[0]) + " X";
  if (caption.size() < counts.size() ||
      caption.compare(caption.size() - counts.size(), counts.size(), counts) != 0)
    Fail(kTarget, what + ": the caption '" + caption + "' does not count " + counts);
  *before = now;
}

void CheckCursors(const SinglePassTrace& t) {
  const std::vector<std::int64_t> moments = timeline::Moments(t);
  if (moments.empty() || moments.front() != 0 || moments.back() != t.Span())
    Fail(kTarget, "Moments: not from 0 to the span " + Str(t.Span()));
  for (size_t i = 1; i < moments.size(); ++i)
    if (moments[i] <= moments[i - 1]) Fail(kTarget, "Moments: not in order, or twice");
  std::vector<std::int64_t> cursors = {std::numeric_limits<std::int64_t>::min(), -1};
  for (std::int64_t m : moments) {
    if (m > 0) cursors.push_back(m - 1);
    cursors.push_back(m);
  }
  cursors.push_back(t.Span() + 1);
  cursors.push_back(std::numeric_limits<std::int64_t>::max());
  std::vector<timeline::Status> before;
  for (std::int64_t at : cursors) CheckStatus(t, at, &before);
}

// Summarize, SummaryLine and the narration, against counts made here from the trace.
void CheckSummary(const SinglePassTrace& t) {
  const SinglePassSummary s = Summarize(t);
  int waited = 0, max_back = 0, out_of_order = 0;
  std::int64_t longest = 0, latest = -1;
  long long looked = 0;
  for (const TileRecord& r : t.tiles) {
    waited += r.waited > 0;
    longest = std::max(longest, r.waited);
    int back = 0;
    for (const LookRead& x : r.reads) back += x.flag != 0;
    max_back = std::max(max_back, back);
    looked += back;
    out_of_order += r.start < latest;
    latest = std::max(latest, r.start);
  }
  if (s.tiles != t.TileCount() || s.tiles_that_waited != waited || s.longest_wait != longest ||
      s.max_looked_back != max_back || s.out_of_order != out_of_order || s.clock_skew < 0)
    Fail(kTarget, "Summarize: " + std::to_string(s.tiles_that_waited) + " waited (counted " +
                      std::to_string(waited) + "), longest " + Str(s.longest_wait) + " (" +
                      Str(longest) + "), looked back at most " + std::to_string(s.max_looked_back) +
                      " (" + std::to_string(max_back) + "), " + std::to_string(s.out_of_order) +
                      " out of order (" + std::to_string(out_of_order) + ")");
  const bool tile_ok =
      longest == 0 ? s.longest_wait_tile == -1
                   : s.longest_wait_tile >= 0 && s.longest_wait_tile < s.tiles &&
                         t.tiles[static_cast<size_t>(s.longest_wait_tile)].waited == longest;
  const double mean = s.tiles > 1 ? static_cast<double>(looked) / (s.tiles - 1) : 0.0;
  if (!tile_ok || s.mean_looked_back != mean)
    Fail(kTarget, "Summarize: the longest wait's tile " + std::to_string(s.longest_wait_tile) +
                      ", or the mean look-back");
  const std::string line = timeline::SummaryLine(t);
  if (line.rfind(std::to_string(waited) + " of " + std::to_string(s.tiles) + " tiles waited", 0))
    Fail(kTarget, "SummaryLine: " + line);
  const teach::SinglePassNarration n = teach::NarrateSinglePass(t);
  if (n.paragraphs.size() != 5 ||
      n.title.find(std::to_string(s.tiles) + " tile") == std::string::npos)
    Fail(kTarget, "the narration: " + n.title);
  if ((waited == 0) != (n.paragraphs[1].rfind("No tile had to wait", 0) == 0))
    Fail(kTarget, "the narration's waits: " + n.paragraphs[1]);
}

// An attribute's number in one SVG element's line; NaN when absent.
double Attr(const std::string& line, const char* name) {
  const std::string key = std::string(" ") + name + "=\"";
  const size_t at = line.find(key);
  if (at == std::string::npos) return std::nan("");
  return std::strtod(line.c_str() + at + key.size(), nullptr);
}

// The figure: every coordinate finite; bars, reads and the cursor inside the plot's frame.
void CheckSvg(const SinglePassTrace& t, std::int64_t cursor, int max_rows) {
  scene::TimelineSvgOptions o;
  o.max_rows = max_rows;
  std::ostringstream out;
  scene::WriteTimelineSvg(t, cursor, o, out);
  std::istringstream in(out.str());
  double left = 0, right = 0, top = 0, bottom = 0;
  const std::string what = "the SVG at " + Str(cursor) + ", " + std::to_string(max_rows) + " rows";
  for (std::string line; std::getline(in, line);) {
    for (const char* a : {"x", "y", "width", "height", "x1", "y1", "x2", "y2"}) {
      const std::string key = std::string(" ") + a + "=\"";
      if (line.find(key) != std::string::npos && !std::isfinite(Attr(line, a)))
        Fail(kTarget, what + ": " + line);
    }
    const bool bar = line.rfind("<rect class=\"bar ", 0) == 0;
    const bool mark = line.rfind("<line class=\"read ", 0) == 0;
    if (line.rfind("<rect class=\"frame\"", 0) == 0) {
      left = Attr(line, "x");
      top = Attr(line, "y");
      right = left + Attr(line, "width");
      bottom = top + Attr(line, "height");
    } else if (bar) {
      const double x = Attr(line, "x"), y = Attr(line, "y");
      if (x < left - 0.01 || x + Attr(line, "width") > right + 1.01 || y < top ||
          y + Attr(line, "height") > bottom + 0.01)
        Fail(kTarget, what + ": a bar outside the plot: " + line);
    } else if (mark || line.rfind("<line class=\"cursor\"", 0) == 0) {
      const double x = Attr(line, "x1");
      if (x < left - 0.01 || x > right + 0.01 ||
          (mark && (Attr(line, "y1") < top - 0.01 || Attr(line, "y2") > bottom + 0.01)))
        Fail(kTarget, what + ": a read or the cursor outside the plot: " + line);
    }
  }
}

void CheckTrace(const SinglePassTrace& t) {
  const timeline::Layout layout = timeline::Build(t);
  CheckLayout(t, layout);
  const int n = t.TileCount();
  for (int per_row : {0, 1, 2, 3, 7, n, n + 1, 2 * n + 5}) CheckAggregate(layout, per_row);
  CheckCursors(t);
  CheckSummary(t);
  for (std::int64_t cursor : {std::int64_t{-1}, std::int64_t{0}, t.Span() / 2, t.Span() + 1})
    CheckSvg(t, cursor, cursor == 0 ? 3 : 64);
  CheckSvg(t, -1, 1);
}

}  // namespace
}  // namespace scanviz::fuzz

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace scanviz;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const AnyTraceLoad loaded = ParseAnyTraceJson(text);
  if (!loaded.Ok() && loaded.error.empty())
    fuzz::Fail(fuzz::kTarget, "nothing loaded and no error");
  if (loaded.single_pass) fuzz::CheckTrace(*loaded.single_pass);
  return 0;
}
