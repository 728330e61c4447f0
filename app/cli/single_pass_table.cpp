#include "cli/single_pass_table.h"

#include <algorithm>
#include <cstdio>
#include <ostream>
#include <string>

#include "core/analysis.h"
#include "core/grid/single_pass_steps.h"
#include "core/registry.h"

namespace scanviz {
namespace {

std::string Right(const std::string& s, size_t width) {
  return s.size() >= width ? s : std::string(width - s.size(), ' ') + s;
}

// "1:X×2 1:A=14 0:P=11": what each read of the look-back saw.
std::string Reads(const SinglePassTrace& t, const TileRecord& r) {
  std::string s;
  for (const LookRead& x : r.reads) {
    if (!s.empty()) s += ' ';
    s += std::to_string(x.predecessor) + ':' + "XAP"[std::clamp(x.flag, 0, 2)];
    if (x.flag == single_pass::kFlagX) {
      s += "×" + std::to_string(x.reads);
    } else {
      s += '=' + FormatValue(t.type, x.value);
    }
  }
  if (r.total_reads > 0 && static_cast<int>(r.reads.size()) >= kMaxRecordedReads) s += " …";
  return s.empty() ? "-" : s;
}

void PrintRow(const SinglePassTrace& t, const TileRecord& r, std::ostream& out) {
  out << Right(std::to_string(r.tile), 6) << Right(std::to_string(r.block), 7)
      << Right(std::to_string(r.sm), 5) << Right(std::to_string(r.start), 10)
      << Right(r.published_a < 0 ? "-" : std::to_string(r.published_a), 10)
      << Right(std::to_string(r.published_p), 10) << Right(std::to_string(r.end), 10)
      << Right(std::to_string(r.waited), 9) << Right(std::to_string(r.LookedBack()), 6) << "  "
      << Reads(t, r) << '\n';
}

}  // namespace

void PrintSinglePassTable(const SinglePassTrace& t, std::ostream& out, int max_tiles,
                          const GridTableOptions& options) {
  const int tiles = t.TileCount();
  out << "single-pass scan with decoupled look-back · " << Info(t.block_algorithm).name
      << " tiles of " << t.tile_size << " · " << ToString(t.op) << " · " << ToString(t.type)
      << " · n = " << t.N() << " · " << (t.Inclusive() ? "inclusive" : "exclusive") << " · "
      << tiles << (tiles == 1 ? " tile" : " tiles") << " taken in "
      << (t.order == TileOrder::kTicket ? "ticket order (an atomic counter)" : "blockIdx order")
      << '\n';
  out << "times: " << t.clock
      << (t.measured ? ", measured on the GPU" : ", a simulated schedule (not measured): ") ;
  if (!t.measured)
    out << kSimulatedSlots << " tiles resident at once, each scan round one step plus a jitter, "
        << "each status read one step";
  out << '\n';
  PrintValueRow(t.type, "input       ", t.input, out, options);
  out << "  tile  block   " << (t.measured ? "SM" : "slot") << (t.measured ? "   " : " ")
      << "    start         A         P       end   waited  back  look-back reads (tile:flag)\n";
  const int keep = std::max(2, max_tiles);
  for (int k = 0; k < tiles; ++k) {
    if (tiles > keep && k == keep - 4) {
      out << "   …    (" << tiles - keep << " more tiles)\n";
      k = tiles - 4;
    }
    PrintRow(t, t.tiles[static_cast<size_t>(k)], out);
  }
  const SinglePassSummary s = Summarize(t);
  out << "summary: " << s.tiles_that_waited << " of " << s.tiles << " tiles waited on a predecessor"
      << " that had published nothing (X)";
  if (s.longest_wait_tile >= 0)
    out << ", longest tile " << s.longest_wait_tile << ": " << s.longest_wait << ' '
        << (t.measured ? "ns" : "steps");
  char mean[32];
  std::snprintf(mean, sizeof mean, "%.2f", s.mean_looked_back);
  out << "; tiles looked back " << mean << " predecessors on average, at most " << s.max_looked_back;
  out << "; " << s.out_of_order << " tiles started before a lower-numbered one; span "
      << t.Span() << ' ' << (t.measured ? "ns" : "steps");
  if (s.clock_skew > 0)
    out << "; a read's time lay up to " << s.clock_skew
        << " ns before the store it saw (each SM reads its own copy of the timer)";
  out << '\n';
  PrintValueRow(t.type, "output      ", t.output, out, options);
}

}  // namespace scanviz
