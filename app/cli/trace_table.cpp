#include "cli/trace_table.h"

#include <algorithm>
#include <ostream>
#include <sstream>
#include <string>
#include <vector>

#include "core/input.h"

namespace scanviz {
namespace {

std::string WindowLabel(const Window& w) {
  if (!w.valid) return "";
  if (w.Empty()) return "{}";
  if (w.lo == w.hi) return std::to_string(w.lo);
  return std::to_string(w.lo) + ".." + std::to_string(w.hi);
}

std::string BufferName(const Trace& trace, int b) {
  return trace.meta.buffer_count == 1 ? "buf" : "buf[" + std::to_string(b) + "]";
}

// Threads that acted this round, as compact ranges: "1..7", "1,3,5,7", "0".
std::string ActiveThreads(const Round& round) {
  std::vector<int> ids;
  for (int t = 0; t < static_cast<int>(round.actions.size()); ++t)
    if (round.actions[t].kind != ActionKind::kIdle) ids.push_back(t);
  if (ids.empty()) return "none";
  const bool contiguous = ids.back() - ids.front() + 1 == static_cast<int>(ids.size());
  if (contiguous) {
    return ids.size() == 1 ? std::to_string(ids[0])
                           : std::to_string(ids.front()) + ".." + std::to_string(ids.back());
  }
  std::string s;
  for (size_t i = 0; i < ids.size() && i < 8; ++i) {
    if (i) s += ',';
    s += std::to_string(ids[i]);
  }
  if (ids.size() > 8) s += ",... (" + std::to_string(ids.size()) + " threads)";
  return s;
}

std::string RoundTitle(const Trace& trace, size_t index, const RoundInfo& info) {
  const Round& round = trace.rounds[index];
  const RoundSpec& s = round.spec;
  std::ostringstream t;
  t << "round " << index << "  ";
  switch (s.phase) {
    case Phase::kLoad:
      t << "load: every thread copies its element from global into shared memory";
      if (trace.meta.padded_n > trace.meta.n) {
        t << "; cells " << trace.meta.n << ".." << trace.meta.padded_n - 1
          << " are padding (identity " << FormatValue(trace.meta.type, trace.meta.identity) << ")";
      }
      break;
    case Phase::kScan:
      t << "stride " << s.stride << "  read buf[" << s.pin << "] (pin), write buf[" << s.pout
        << "] (pout)";
      break;
    case Phase::kUpSweep:
      t << "up-sweep " << s.step << "  stride " << s.stride;
      break;
    case Phase::kSeed:
      t << "seed: the root (position " << trace.meta.padded_n - 1 << ") becomes the identity";
      break;
    case Phase::kDownSweep:
      t << "down-sweep " << s.step << "  stride " << s.stride;
      break;
    case Phase::kConvert:
      if (trace.meta.algorithm == Algorithm::kHillisSteele) {
        t << "to exclusive: shift right by one into buf[" << s.pout << "], identity at position 0";
      } else {
        t << "to inclusive: every cell adds its own input element";
      }
      break;
  }
  t << "\n  threads " << ActiveThreads(round) << " active;  operator applications "
    << info.operator_applications << " (total " << info.cumulative_work << ")";
  return t.str();
}

}  // namespace

void PrintTraceTable(const Trace& trace, const TraceAnalysis& analysis, std::ostream& out,
                     const TableOptions& options) {
  const TraceMeta& meta = trace.meta;
  out << DisplayName(meta.algorithm) << " scan (" << (trace.Inclusive() ? "inclusive" : "exclusive")
      << "), op " << ToString(meta.op) << ", " << ToString(meta.type) << ", n = " << meta.n;
  if (meta.padded_n != meta.n) out << " (padded to " << meta.padded_n << ")";
  out << ", " << meta.block_size << " threads\n";
  out << "input: [" << FormatValues(trace.input, meta.type) << "]\n";

  // Column width: wide enough for every value, label and (optionally) window in the trace.
  size_t width = 4;
  for (const Round& r : trace.rounds)
    for (const auto& buffer : r.buffers)
      for (double v : buffer) width = std::max(width, FormatValue(meta.type, v).size() + 1);
  if (options.windows) {
    for (const RoundInfo& info : analysis.rounds)
      for (const auto& buffer : info.cells)
        for (const CellInfo& c : buffer) width = std::max(width, WindowLabel(c.window).size() + 1);
  }
  const size_t label_width = 13;
  const int per_chunk =
      std::max(1, static_cast<int>((static_cast<size_t>(options.width) - label_width) / width));

  auto cell = [&](const std::string& s) {
    out << std::string(width > s.size() ? width - s.size() : 0, ' ') << s;
  };
  auto label = [&](const std::string& s) {
    out << "  " << s
        << std::string(label_width - 2 > s.size() ? label_width - 2 - s.size() : 0, ' ');
  };

  for (size_t ri = 0; ri < trace.rounds.size(); ++ri) {
    const Round& round = trace.rounds[ri];
    const RoundInfo& info = analysis.rounds[ri];
    out << '\n' << RoundTitle(trace, ri, info) << '\n';
    for (int lo = 0; lo < meta.padded_n; lo += per_chunk) {
      const int hi = std::min(meta.padded_n, lo + per_chunk);
      label("position");
      for (int i = lo; i < hi; ++i) {
        std::string position = std::to_string(i);
        if (i >= meta.n) position.push_back('p');
        cell(position);
      }
      out << '\n';
      for (int b = 0; b < meta.buffer_count; ++b) {
        std::string name = BufferName(trace, b);
        if (meta.buffer_count > 1 && round.spec.phase != Phase::kLoad)
          name += b == round.spec.pout ? " pout" : " pin";
        label(name);
        for (int i = lo; i < hi; ++i)
          cell(round.defined[b][i] ? FormatValue(meta.type, round.buffers[b][i]) : "?");
        out << '\n';
      }
      const int b = round.spec.pout;
      label("did");
      for (int i = lo; i < hi; ++i) cell(ShortLabel(info.cells[b][i].cls));
      out << '\n';
      if (!info.hs_case.empty()) {
        label("case");
        for (int i = lo; i < hi; ++i) cell(std::to_string(info.hs_case[i]));
        out << '\n';
      }
      if (options.windows) {
        label("window");
        for (int i = lo; i < hi; ++i) cell(WindowLabel(info.cells[b][i].window));
        out << '\n';
      }
    }
    if (options.after_round) options.after_round(ri, out);
  }

  out << "\nresult (" << (trace.Inclusive() ? "inclusive" : "exclusive") << "): ["
      << FormatValues(trace.Result(), meta.type) << "]\n";
  out << "work: " << analysis.work << " operator applications";
  if (meta.algorithm == Algorithm::kBlelloch) {
    out << " (2(n'-1) = " << 2 * (meta.padded_n - 1);
    if (meta.converted) out << ", plus " << meta.n << " for the conversion";
    out << ")";
  }
  out << "; sequential scan: " << meta.n - 1 << "\n";
  out << "depth: " << analysis.depth
      << " rounds that apply the operator; barriers: " << analysis.barriers << "\n";
  if (analysis.Ok()) {
    out << "self-check: every cell of every round holds the combination of its invariant window\n";
  } else {
    out << "self-check FAILED:\n";
    for (const std::string& v : analysis.violations) out << "  " << v << '\n';
  }
  if (options.legend) {
    out << "\nlegend: ";
    if (meta.algorithm == Algorithm::kHillisSteele) {
      out << ". unchanged (dotted box)  cp copied across (dashed)  + newly computed (solid)\n"
          << "        ld loaded from global memory  ? not written yet"
          << (meta.converted ? "  id identity written" : "") << "\n"
          << "        case 1: full window of 2^r elements; 2: partial window reaching position 0;"
             " 3: no left neighbour at this stride (copied)\n";
    } else {
      out << ". unchanged (dotted box)  + add (dashed)  sw+ swap-and-add (solid)\n"
          << "        id seeded with the identity  ld loaded from global memory  p padding cell\n";
    }
    if (options.windows)
      out << "        window a..b: the input positions whose combination the cell holds; {} none\n";
  }
}

}  // namespace scanviz
