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

void PrintGrid(const GridTrace& g, std::ostream& out, const GridTableOptions& o) {
  const std::string flavour = g.Inclusive() ? "inclusive" : "exclusive";
  const int blocks = g.BlockCount();
  const AlgorithmInfo& algo = Info(g.block_algorithm);
  // The chapters count the rounds that apply the operator (log2 B for Hillis-Steele, 2 log2 B
  // for Blelloch); the trace's steps add the load and, for some, the seed or the conversion.
  const size_t block_steps = g.blocks.empty() ? 0 : g.blocks[0].rounds.size();
  const int block_depth = algo.depth(g.block_size);
  out << "phase 1 · block scan: " << blocks << (blocks == 1 ? " block" : " blocks") << " of "
      << g.block_size << ", each a " << algo.name << " scan of its own elements (" << block_depth
      << (block_depth == 1 ? " round" : " rounds") << " of the operator, " << block_steps
      << " steps in all, " << flavour << "), its total to sums[block]\n";
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
