#include "cli/trace_table.h"

#include <algorithm>
#include <cstdint>
#include <ostream>
#include <sstream>
#include <string>
#include <vector>

#include "core/input.h"
#include "core/registry.h"

namespace scanviz {
namespace {

std::string WindowLabel(const Window& w) {
  if (!w.valid) return "";
  if (w.Empty()) return "{}";
  if (w.lo == w.hi) return std::to_string(w.lo);
  return std::to_string(w.lo) + ".." + std::to_string(w.hi);
}

std::string ArrayName(const Trace& trace, int a) {
  if (a < 0) return "input";
  if (a >= static_cast<int>(trace.arrays.size())) return "?";
  return trace.arrays[static_cast<size_t>(a)].name;
}

void ReplaceAll(std::string& s, std::string_view key, const std::string& value) {
  for (size_t at = s.find(key); at != std::string::npos; at = s.find(key, at + value.size()))
    s.replace(at, key.size(), value);
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

// "round 3  stride 4  read buf[0] (pin), write buf[1] (pout)": the registry's phase summary.
std::string RoundTitle(const Trace& trace, size_t index, const RoundInfo& info) {
  const Round& round = trace.rounds[index];
  const RoundSpec& s = round.spec;
  const AlgorithmInfo& algorithm = Info(trace.meta.algorithm);
  std::string summary = s.phase < algorithm.phases.size() ? algorithm.phases[s.phase].summary : "?";
  ReplaceAll(summary, "{phase_round}", std::to_string(s.phase_round));
  ReplaceAll(summary, "{stride}", std::to_string(s.stride));
  ReplaceAll(summary, "{pin}", ArrayName(trace, s.pin));
  ReplaceAll(summary, "{pout}", ArrayName(trace, s.pout));
  ReplaceAll(summary, "{last}", std::to_string(trace.meta.padded_n - 1));
  std::ostringstream t;
  ReplaceAll(summary, "{round}", std::to_string(index));
  t << summary;
  if (index == 0 && trace.meta.padded_n > trace.meta.n) {
    t << "; cells " << trace.meta.n << ".." << trace.meta.padded_n - 1 << " are padding (identity "
      << FormatValue(trace.meta.type, trace.meta.identity) << ")";
  }
  if (s.level != Level::kBlock) t << "  [" << ToString(s.level) << " level]";
  t << "\n  threads " << ActiveThreads(round) << " active;  operator applications "
    << info.operator_applications << " (total " << info.cumulative_work << ")";
  if (round.cycles >= 0) t << ";  " << static_cast<long long>(round.cycles) << " GPU cycles";
  if (round.padded_cycles >= 0)
    t << " (" << static_cast<long long>(round.padded_cycles) << " padded)";
  return t.str();
}

// The legend: an entry for each mark the table above showed, read from the trace and its analysis
// (so from what the algorithm's registry entry made of each action), never from its name.
void PrintLegend(const Trace& trace, const TraceAnalysis& analysis, const TableOptions& options,
                 std::ostream& out) {
  const TraceMeta& meta = trace.meta;
  bool did[8] = {};  // the classes the "did" rows showed
  bool unwritten = false, cases = false;
  for (size_t r = 0; r < trace.rounds.size() && r < analysis.rounds.size(); ++r) {
    const RoundInfo& info = analysis.rounds[r];
    const auto pout = static_cast<size_t>(trace.rounds[r].spec.pout);
    if (pout < info.cells.size())
      for (const CellInfo& c : info.cells[pout]) did[static_cast<int>(c.cls)] = true;
    for (const std::vector<std::uint8_t>& d : trace.rounds[r].defined)
      unwritten = unwritten || std::find(d.begin(), d.end(), 0) != d.end();
    cases = cases || !info.hs_case.empty();
  }
  const std::string op = ToString(meta.op);
  auto shown = [&](CellClass c) { return did[static_cast<int>(c)]; };
  std::vector<std::string> items;
  if (shown(CellClass::kUnchanged)) items.push_back(". unchanged (dotted box)");
  if (shown(CellClass::kCopied)) items.push_back("cp copied across (dashed)");
  if (shown(CellClass::kComputed))
    items.push_back(ShortLabel(CellClass::kComputed, meta.op) + " newly computed with " + op +
                    " (solid)");
  if (shown(CellClass::kAdded))
    items.push_back(ShortLabel(CellClass::kAdded, meta.op) + " " + op + " (dashed)");
  if (shown(CellClass::kSwapAdded))
    items.push_back(ShortLabel(CellClass::kSwapAdded, meta.op) + " swap-and-" + op + " (solid)");
  if (shown(CellClass::kSeeded)) items.push_back("id identity written");
  if (shown(CellClass::kLoaded)) items.push_back("ld loaded from global memory");
  if (unwritten || shown(CellClass::kUndefined)) items.push_back("? not written yet");
  if (meta.padded_n > meta.n) items.push_back("p padding cell");
  const std::string indent(8, ' ');
  out << '\n';
  std::string line = "legend: ";
  for (size_t i = 0; i < items.size(); ++i) {
    if (i > 0 && line.size() + 2 + items[i].size() > static_cast<size_t>(options.width)) {
      out << line << '\n';
      line = indent;
    } else if (i > 0) {
      line += "  ";
    }
    line += items[i];
  }
  out << line << '\n';
  if (cases)
    out << indent << "case 1: full window of 2^r elements; 2: partial left window (it reaches "
        << "position 0); 3: no left neighbour at this stride\n";
  if (options.windows)
    out << indent << "window a..b: the input positions whose combination the cell holds; {} none\n";
}

// The table's columns: a label column on the left, then cells of one width, right-aligned.
struct Table {
  static constexpr size_t kLabelWidth = 13;
  std::ostream& out;
  size_t width;   // of a cell
  int per_chunk;  // cells a line, before the row wraps into another chunk

  void Cell(const std::string& s) const {
    out << std::string(width > s.size() ? width - s.size() : 0, ' ') << s;
  }
  void Label(const std::string& s) const {
    out << "  " << s
        << std::string(kLabelWidth - 2 > s.size() ? kLabelWidth - 2 - s.size() : 0, ' ');
  }
};

// "Blelloch scan (exclusive), op add, int32, n = 8, 8 threads" and the input.
void PrintHeading(const Trace& trace, std::ostream& out) {
  const TraceMeta& meta = trace.meta;
  out << DisplayName(meta.algorithm) << " scan (" << (trace.Inclusive() ? "inclusive" : "exclusive")
      << "), op " << ToString(meta.op) << ", " << ToString(meta.type) << ", n = " << meta.n;
  if (meta.padded_n != meta.n) out << " (padded to " << meta.padded_n << ")";
  out << ", " << meta.block_size << (meta.block_size == 1 ? " thread\n" : " threads\n");
  out << "input: [" << FormatValues(trace.input, meta.type) << "]\n";
}

// Column width: wide enough for every value, label and (optionally) window in the trace.
size_t CellWidth(const Trace& trace, const TraceAnalysis& analysis, const TableOptions& options) {
  size_t width = 4;
  for (const Round& r : trace.rounds)
    for (const auto& buffer : r.buffers)
      for (double v : buffer) width = std::max(width, FormatValue(trace.meta.type, v).size() + 1);
  if (options.windows) {
    for (const RoundInfo& info : analysis.rounds)
      for (const auto& buffer : info.cells)
        for (const CellInfo& c : buffer) width = std::max(width, WindowLabel(c.window).size() + 1);
  }
  return width;
}

// Cell i of an array sits in column i * column_stride + column_offset (a warp's total under the
// lane that wrote it); -1 where the array has no cell.
int IndexAt(const ArrayDesc& a, int column) {
  const int i = (column - a.column_offset) / a.column_stride;
  return column >= a.column_offset && (column - a.column_offset) % a.column_stride == 0 &&
                 i < a.size
             ? i
             : -1;
}

// Columns lo..hi-1 of round ri: the positions, each array, what each thread did, Hillis-Steele's
// cases and (optionally) the windows.
void PrintChunk(const Trace& trace, size_t ri, const RoundInfo& info, int lo, int hi,
                const TableOptions& options, const Table& table) {
  const TraceMeta& meta = trace.meta;
  const Round& round = trace.rounds[ri];
  table.Label("position");
  for (int i = lo; i < hi; ++i) {
    std::string position = std::to_string(i);
    if (i >= meta.n) position.push_back('p');
    table.Cell(position);
  }
  table.out << '\n';
  const bool roles = Info(meta.algorithm).double_buffered && ri > 0;
  auto row = [&](int b, const std::string& name, auto text) {
    table.Label(name);
    for (int c = lo; c < hi; ++c) {
      const int i = IndexAt(trace.arrays[static_cast<size_t>(b)], c);
      table.Cell(i < 0 ? "" : text(i));
    }
    table.out << '\n';
  };
  for (int b = 0; b < meta.buffer_count; ++b) {
    if (trace.arrays[static_cast<size_t>(b)].size == 0) continue;
    std::string name = ArrayName(trace, b);
    if (roles) name += b == round.spec.pout ? " pout" : " pin";
    row(b, name, [&](int i) {
      return round.defined[b][i] ? FormatValue(meta.type, round.buffers[b][i]) : "?";
    });
  }
  const int b = round.spec.pout;
  row(b, "did", [&](int i) { return ShortLabel(info.cells[b][i].cls, meta.op); });
  if (!info.hs_case.empty()) row(b, "case", [&](int i) { return std::to_string(info.hs_case[i]); });
  if (options.windows)
    row(b, "window", [&](int i) { return WindowLabel(info.cells[b][i].window); });
}

// The result, the work and depth against their formulas, and the self-check's verdict.
void PrintSummary(const Trace& trace, const TraceAnalysis& analysis, std::ostream& out) {
  const TraceMeta& meta = trace.meta;
  out << "\nresult (" << (trace.Inclusive() ? "inclusive" : "exclusive") << "): ["
      << FormatValues(trace.Result(), meta.type) << "]\n";
  out << "work: " << analysis.work << " operator applications";
  out << " (" << Info(meta.algorithm).work_short << " = " << Info(meta.algorithm).work(meta.n);
  if (analysis.work > Info(meta.algorithm).work(meta.n))
    out << ", plus " << analysis.work - Info(meta.algorithm).work(meta.n) << " for the conversion";
  out << ")";
  out << "; sequential scan: " << meta.n - 1 << "\n";
  out << "depth: " << analysis.depth
      << " rounds that apply the operator; barriers: " << analysis.barriers << "\n";
  if (analysis.Ok()) {
    out << "self-check: every cell of every round holds the combination of its invariant window\n";
  } else {
    out << "self-check FAILED:\n";
    for (const std::string& v : analysis.violations) out << "  " << v << '\n';
  }
}

}  // namespace

void PrintTraceTable(const Trace& trace, const TraceAnalysis& analysis, std::ostream& out,
                     const TableOptions& options) {
  PrintHeading(trace, out);
  const size_t width = CellWidth(trace, analysis, options);
  const int per_chunk = std::max(
      1, static_cast<int>((static_cast<size_t>(options.width) - Table::kLabelWidth) / width));
  const Table table{out, width, per_chunk};
  for (size_t ri = 0; ri < trace.rounds.size(); ++ri) {
    const RoundInfo& info = analysis.rounds[ri];
    out << '\n' << RoundTitle(trace, ri, info) << '\n';
    for (int lo = 0; lo < trace.meta.padded_n; lo += per_chunk) {
      const int hi = std::min(trace.meta.padded_n, lo + per_chunk);
      PrintChunk(trace, ri, info, lo, hi, options, table);
    }
    if (options.after_round) options.after_round(ri, out);
  }
  PrintSummary(trace, analysis, out);
  if (options.legend) PrintLegend(trace, analysis, options, out);
}

}  // namespace scanviz
