#include "scene/timeline.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "core/grid/single_pass_steps.h"

namespace scanviz::timeline {

const char* Name(Segment s) {
  switch (s) {
    case Segment::kScan:
      return "scan";
    case Segment::kLookBack:
      return "look-back";
    case Segment::kWait:
      return "wait (X)";
    case Segment::kStore:
      return "add prefix, store";
  }
  return "";
}

namespace {

// A bar, joined to the one before it when it continues it (a look-back is one bar, not one a read).
void Push(std::vector<Bar>* bars, Bar b) {
  if (!bars->empty() && bars->back().tile == b.tile && bars->back().kind == b.kind &&
      bars->back().to == b.from) {
    bars->back().to = b.to;
  } else {
    bars->push_back(b);
  }
}

}  // namespace

Layout Build(const SinglePassTrace& trace) {
  Layout out;
  out.rows = trace.TileCount();
  out.span = trace.Span();
  for (const TileRecord& r : trace.tiles) {
    const std::int64_t first = r.published_a >= 0 ? r.published_a : r.published_p;
    Push(&out.bars, {r.tile, Segment::kScan, r.start, first});
    if (r.published_a >= 0) {
      // The look-back, with each run of X reads drawn as a wait: from the read before it (or
      // the publication of A) to the run's last read.
      std::int64_t at = r.published_a;
      for (const LookRead& x : r.reads) {
        if (x.flag == single_pass::kFlagX) {
          if (x.time > at) Push(&out.bars, {r.tile, Segment::kWait, at, x.time});
        } else if (x.time > at) {
          Push(&out.bars, {r.tile, Segment::kLookBack, at, x.time});
        }
        at = std::max(at, x.time);
        out.marks.push_back({r.tile, x.predecessor, x.flag, x.time});
      }
      if (r.published_p > at) Push(&out.bars, {r.tile, Segment::kLookBack, at, r.published_p});
    }
    Push(&out.bars, {r.tile, Segment::kStore, r.published_p, r.end});
  }
  return out;
}

Layout Aggregate(const Layout& layout, int per_row) {
  if (per_row <= 1) return layout;
  Layout out;
  out.span = layout.span;
  out.rows = (layout.rows + per_row - 1) / per_row;
  constexpr int kKinds = 4;
  struct Extent {
    std::int64_t from = 0, to = -1;
  };
  std::vector<Extent> extent(static_cast<size_t>(out.rows) * kKinds);
  for (const Bar& b : layout.bars) {
    Extent& e = extent[static_cast<size_t>(b.tile / per_row) * kKinds + static_cast<size_t>(b.kind)];
    if (e.to < e.from) {
      e = {b.from, b.to};
    } else {
      e.from = std::min(e.from, b.from);
      e.to = std::max(e.to, b.to);
    }
  }
  // Scan first, then the look-back, the waits over it, the store last: later bars draw on top.
  for (int row = 0; row < out.rows; ++row)
    for (int k = 0; k < kKinds; ++k) {
      const Extent& e = extent[static_cast<size_t>(row) * kKinds + static_cast<size_t>(k)];
      if (e.to >= e.from) out.bars.push_back({row, static_cast<Segment>(k), e.from, e.to});
    }
  return out;
}

std::vector<Status> StatusAt(const SinglePassTrace& trace, std::int64_t t) {
  std::vector<Status> out(trace.tiles.size());
  for (size_t k = 0; k < trace.tiles.size(); ++k) {
    const TileRecord& r = trace.tiles[k];
    if (t >= r.published_p) {
      out[k] = {single_pass::kFlagP, r.inclusive};
    } else if (r.published_a >= 0 && t >= r.published_a) {
      out[k] = {single_pass::kFlagA, r.aggregate};
    }
  }
  return out;
}

std::vector<std::int64_t> Moments(const SinglePassTrace& trace) {
  std::vector<std::int64_t> m = {0};
  for (const TileRecord& r : trace.tiles) {
    if (r.published_a >= 0) m.push_back(r.published_a);
    m.push_back(r.published_p);
  }
  m.push_back(trace.Span());
  std::sort(m.begin(), m.end());
  m.erase(std::unique(m.begin(), m.end()), m.end());
  return m;
}

int RowAt(float y, float top, float row_h, int rows) {
  if (row_h <= 0 || y < top) return -1;
  const int row = static_cast<int>((y - top) / row_h);
  return row < rows ? row : -1;
}

std::int64_t TimeAt(float x, float left, float width, std::int64_t span) {
  if (width <= 0) return 0;
  const float f = std::clamp((x - left) / width, 0.0f, 1.0f);
  return std::llround(f * static_cast<float>(span));
}

std::string Caption(const SinglePassTrace& trace, std::int64_t t) {
  int count[3] = {0, 0, 0};
  for (const Status& s : StatusAt(trace, t)) ++count[std::clamp(s.flag, 0, 2)];
  return "at " + std::to_string(t) + (trace.measured ? " ns" : " steps") + ": " +
         std::to_string(count[2]) + " P, " + std::to_string(count[1]) + " A, " +
         std::to_string(count[0]) + " X";
}

std::string SummaryLine(const SinglePassTrace& trace) {
  const SinglePassSummary sum = Summarize(trace);
  char line[256];
  std::snprintf(line, sizeof line,
                "%d of %d tiles waited on an X (longest %lld); tiles looked back %.1f tiles on "
                "average, at most %d; %d started before a lower-numbered tile",
                sum.tiles_that_waited, sum.tiles, static_cast<long long>(sum.longest_wait),
                sum.mean_looked_back, sum.max_looked_back, sum.out_of_order);
  return line;
}

}  // namespace scanviz::timeline
