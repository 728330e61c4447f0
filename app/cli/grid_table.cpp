#include "cli/grid_table.h"

#include <ostream>
#include <string>
#include <vector>

#include "core/analysis.h"
#include "core/registry.h"

namespace scanviz {
namespace {

void PrintValues(const GridTrace& g, const std::string& label, const std::vector<double>& v,
                 std::ostream& out, const GridTableOptions& o) {
  PrintValueRow(g.type, label, v, out, o);
}

std::string Pad(std::string s, size_t width) {
  if (s.size() < width) s.append(width - s.size(), ' ');
  return s;
}

std::string ShapeText(const BlockShape& s) {
  return std::to_string(s.rounds) + (s.rounds == 1 ? " round" : " rounds") + " of the operator, " +
         std::to_string(s.steps) + (s.steps == 1 ? " step" : " steps") + " in all";
}

// "(3 rounds of the operator, 4 steps in all, inclusive)", read off the block traces: a block
// smaller than the block size (the last, or n below it) has fewer rounds. Blocks that differ from
// block 0 are named; without recorded traces the counts are left out rather than guessed.
std::string BlockRounds(const GridTrace& g, const std::string& flavour) {
  if (g.blocks.size() != static_cast<size_t>(g.BlockCount())) return "(" + flavour + ")";
  const BlockShape first = ShapeOf(g.blocks[0]);
  std::string out = "(";
  out += ShapeText(first);
  for (int b = 1; b < g.BlockCount(); ++b) {
    const BlockShape s = ShapeOf(g.blocks[static_cast<size_t>(b)]);
    if (s == first) continue;
    const int size = g.BlockCount(b);
    // Appended piece by piece: GCC 12 misreports "..." + std::string&& as an overlapping memcpy.
    out += "; block ";
    out += std::to_string(b) + ", of " + std::to_string(size) +
           (size == 1 ? " element: " : " elements: ") + ShapeText(s);
  }
  return out + ", " + flavour + ")";
}

void PrintGrid(const GridTrace& g, std::ostream& out, const GridTableOptions& o) {
  const std::string flavour = g.Inclusive() ? "inclusive" : "exclusive";
  const int blocks = g.BlockCount();
  const AlgorithmInfo& algo = Info(g.block_algorithm);
  out << "phase 1 · block scan: " << blocks << (blocks == 1 ? " block" : " blocks") << " of "
      << g.block_size << ", each a " << algo.name << " scan of its own elements "
      << BlockRounds(g, flavour) << ", its total to sums[block]\n";
  PrintValues(g, "input        ", g.input, out, o);
  if (o.blocks && blocks <= o.max_values) {
    for (int b = 0; b < blocks; ++b) {
      const std::vector<double> slice(g.block_output.begin() + g.BlockBegin(b),
                                      g.block_output.begin() + g.BlockBegin(b) + g.BlockCount(b));
      std::string label = Pad("block " + std::to_string(b), 13);
      PrintValues(g, label, slice, out, o);
    }
  } else {
    PrintValues(g, "block output ", g.block_output, out, o);
  }
  if (blocks == 1) {
    out << "one block: its scan is the result; no sums, no offsets\n";
    return;
  }
  PrintValues(g, "sums         ", g.sums, out, o);
  const GridTrace& inner = g.sums_scan.front();
  out << "phase 2 · sums scan: offsets = the exclusive scan of the " << blocks << " block sums ("
      << (inner.BlockCount() == 1 ? "one block"
                                  : "a grid of " + std::to_string(inner.BlockCount()) +
                                        " blocks, the same three phases")
      << ")\n";
  if (inner.BlockCount() > 1) {
    out << "  ┌ the sums' own multi-block scan, level " << inner.depth << '\n';
    PrintGrid(inner, out, o);
    out << "  └ level " << inner.depth << " done\n";
  }
  PrintValues(g, "offsets      ", g.Offsets(), out, o);
  out << "phase 3 · add offsets: output[i] = offsets[block of i] " << ToString(g.op)
      << " block output[i] (block 0 adds nothing)\n";
  PrintValues(g, "output       ", g.output, out, o);
}

}  // namespace

BlockShape ShapeOf(const Trace& block) {
  BlockShape s;
  s.steps = static_cast<int>(block.rounds.size());
  for (const Round& r : block.rounds) {
    int applications = 0;
    for (const ThreadAction& a : r.actions) applications += OperatorApplications(a.kind);
    s.rounds += applications > 0 ? 1 : 0;
  }
  return s;
}

// "3 4 11 11" or, past max values, "3 4 11 … 40 41 (4096 values)", wrapped at width.
void PrintValueRow(ElementType type, const std::string& label, const std::vector<double>& v,
                 std::ostream& out, const GridTableOptions& o) {
  const size_t n = v.size(), keep = static_cast<size_t>(o.max_values);
  std::vector<std::string> cells;
  for (size_t i = 0; i < n; ++i) {
    if (n > keep && i == keep / 2) {
      cells.push_back("…");
      i = n - keep / 2;
    }
    cells.push_back(FormatValue(type, v[i]));
  }
  std::string line = "  " + label;
  const std::string indent(line.size(), ' ');
  for (const std::string& c : cells) {
    if (line.size() + c.size() + 1 > static_cast<size_t>(o.width) && line != indent) {
      out << line << '\n';
      line = indent;
    }
    line += ' ' + c;
  }
  if (n > keep) line += "  (" + std::to_string(n) + " values)";
  out << line << '\n';
}

void PrintGridTable(const GridTrace& g, std::ostream& out, const GridTableOptions& options) {
  out << "multi-block scan · " << Info(g.block_algorithm).name << " blocks of " << g.block_size
      << " · " << ToString(g.op) << " · " << ToString(g.type) << " · n = " << g.N() << " · "
      << (g.Inclusive() ? "inclusive" : "exclusive") << "\n";
  PrintGrid(g, out, options);
}

}  // namespace scanviz
