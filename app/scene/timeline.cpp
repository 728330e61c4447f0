#include "scene/timeline.h"

#include <algorithm>

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

Layout Build(const SinglePassTrace& trace) {
  Layout out;
  out.rows = trace.TileCount();
  out.span = trace.Span();
  for (const TileRecord& r : trace.tiles) {
    const std::int64_t first = r.published_a >= 0 ? r.published_a : r.published_p;
    out.bars.push_back({r.tile, Segment::kScan, r.start, first});
    if (r.published_a >= 0) {
      // The look-back, with each run of X reads drawn as a wait: from the read before it (or
      // the publication of A) to the run's last read.
      std::int64_t at = r.published_a;
      for (const LookRead& x : r.reads) {
        if (x.flag == single_pass::kFlagX) {
          if (x.time > at) out.bars.push_back({r.tile, Segment::kWait, at, x.time});
        } else if (x.time > at) {
          out.bars.push_back({r.tile, Segment::kLookBack, at, x.time});
        }
        at = std::max(at, x.time);
        out.marks.push_back({r.tile, x.predecessor, x.flag, x.time});
      }
      if (r.published_p > at) out.bars.push_back({r.tile, Segment::kLookBack, at, r.published_p});
    }
    out.bars.push_back({r.tile, Segment::kStore, r.published_p, r.end});
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
  return static_cast<std::int64_t>(f * static_cast<float>(span) + 0.5f);
}

std::string Caption(const SinglePassTrace& trace, std::int64_t t) {
  int count[3] = {0, 0, 0};
  for (const Status& s : StatusAt(trace, t)) ++count[std::clamp(s.flag, 0, 2)];
  return "at " + std::to_string(t) + (trace.measured ? " ns" : " steps") + ": " +
         std::to_string(count[2]) + " P, " + std::to_string(count[1]) + " A, " +
         std::to_string(count[0]) + " X";
}

}  // namespace scanviz::timeline
