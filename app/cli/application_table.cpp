#include "cli/application_table.h"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <ostream>
#include <string>
#include <vector>

#include "core/analysis.h"
#include "core/applications/radix_sort.h"
#include "core/applications/split.h"
#include "core/registry.h"

namespace scanviz {
namespace {

constexpr const char* kGap = "…";

struct Row {
  std::string label;
  std::vector<std::string> cells;  // one per element
};

// The elements a row shows: all, or the first and last max / 2 with -1 for the gap between.
std::vector<int> Shown(int n, const ApplicationTableOptions& o) {
  std::vector<int> shown;
  const int keep = std::max(2, o.max_values);
  for (int i = 0; i < n; ++i) {
    if (n > keep && i == keep / 2) {
      shown.push_back(-1);
      i = n - keep / 2;
    }
    shown.push_back(i);
  }
  return shown;
}

size_t Width(const std::string& s) {  // the terminal's columns: "…" is one
  size_t w = 0;
  for (unsigned char c : s) w += (c & 0xc0) != 0x80;
  return w;
}

std::string PadLeft(const std::string& s, size_t width) {
  const size_t w = Width(s);
  return w >= width ? s : std::string(width - w, ' ') + s;
}

// Rows of one cell per element, in aligned columns, wrapped into chunks of columns that fit the
// width: "  label   3  1  7 ...".
void PrintColumns(const std::vector<Row>& rows, int n, std::ostream& out,
                  const ApplicationTableOptions& o) {
  const std::vector<int> shown = Shown(n, o);
  size_t label = 0;
  for (const Row& r : rows) label = std::max(label, Width(r.label));
  std::vector<size_t> width(shown.size(), 1);
  for (size_t c = 0; c < shown.size(); ++c) {
    if (shown[c] < 0) continue;
    width[c] = Width(std::to_string(shown[c]));
    for (const Row& r : rows)
      width[c] = std::max(width[c], Width(r.cells[static_cast<size_t>(shown[c])]));
  }
  for (size_t begin = 0; begin < shown.size();) {
    size_t end = begin, used = 2 + label;
    while (end < shown.size() &&
           (end == begin || used + 1 + width[end] <= static_cast<size_t>(o.width)))
      used += 1 + width[end++];
    auto line = [&](const std::string& name, auto cell) {
      std::string s = "  " + name + std::string(label - Width(name), ' ');
      for (size_t c = begin; c < end; ++c)
        s += ' ' + PadLeft(shown[c] < 0 ? kGap : cell(shown[c]), width[c]);
      out << s << '\n';
    };
    line("i", [](int i) { return std::to_string(i); });
    for (const Row& r : rows) line(r.label, [&](int i) { return r.cells[static_cast<size_t>(i)]; });
    begin = end;
  }
}

// A list that is not per element (the compacted output, the pool), wrapped at the width.
void PrintList(const std::string& label, const std::vector<std::string>& items, std::ostream& out,
               const ApplicationTableOptions& o, const std::string& empty = "(empty)") {
  std::string line = "  " + label;
  const std::string indent(Width(line), ' ');
  if (items.empty()) line += " " + empty;
  for (const std::string& item : items) {
    if (Width(line) + Width(item) + 1 > static_cast<size_t>(o.width) && line != indent) {
      out << line << '\n';
      line = indent;
    }
    line += ' ' + item;
  }
  out << line << '\n';
}

std::vector<std::string> Cells(const std::vector<double>& v, ElementType type) {
  std::vector<std::string> out;
  out.reserve(v.size());
  for (double x : v) out.push_back(FormatValue(type, x));
  return out;
}

// The first and last max / 2 of a list, around "…".
std::vector<std::string> Abbreviated(std::vector<std::string> items,
                                     const ApplicationTableOptions& o) {
  const size_t keep = static_cast<size_t>(std::max(2, o.max_values)), n = items.size();
  if (n <= keep) return items;
  std::vector<std::string> out(items.begin(), items.begin() + static_cast<long>(keep / 2));
  out.push_back(std::string(kGap) + " (" + std::to_string(n) + " in all)");
  out.insert(out.end(), items.end() - static_cast<long>(keep / 2), items.end());
  return out;
}

// A flipped key as its 32 bits in hex ("0x7ffffff9" for -7): what the passes' bits are of.
std::vector<std::string> HexCells(const std::vector<double>& v) {
  std::vector<std::string> out;
  for (double x : v) {
    char buf[16];
    std::snprintf(buf, sizeof buf, "0x%08x",
                  static_cast<std::uint32_t>(static_cast<std::int32_t>(x)));
    out.emplace_back(buf);
  }
  return out;
}

// A radix sort's pass shows each key as the number it stands for: flipped back.
std::vector<std::string> KeyCells(const ApplicationTrace& t, const std::vector<double>& keys) {
  if (!t.sign_flipped) return Cells(keys, t.type);
  std::vector<double> numbers;
  for (double k : keys) numbers.push_back(applications::FlipSignBit(static_cast<std::int32_t>(k)));
  return Cells(numbers, t.type);
}

std::string ScanLine(const ApplicationTrace& t, const ApplicationPass& p) {
  const GridTrace& s = p.scan;
  // The rounds that apply the operator, as the chapters count them, and the trace's steps.
  const size_t steps = s.blocks.empty() ? 0 : s.blocks[0].rounds.size();
  const int depth = Info(t.block_algorithm).depth(t.block_size);
  std::string how = s.BlockCount() == 1
                        ? "one " + std::string(DisplayName(t.block_algorithm)) + " block of " +
                              std::to_string(t.block_size) + ", " + std::to_string(depth) +
                              (depth == 1 ? " round" : " rounds") + " of the operator in " +
                              std::to_string(steps) + " steps"
                        : std::to_string(s.BlockCount()) + " " + DisplayName(t.block_algorithm) +
                              " blocks of " + std::to_string(t.block_size) +
                              ", their sums scanned, the offsets added";
  return how + (Info(t.block_algorithm).inclusive ? ", converted to exclusive" : "");
}

// What steps 1 and 2 compute, in a line each.
void PrintFlagAndScanSteps(const ApplicationTrace& t, const ApplicationPass& p, std::ostream& out) {
  const ApplicationInfo& info = Info(t.application);
  switch (t.application) {
    case ApplicationKind::kCompact:
      out << "step 1 · flag: flags[i] = 1 if --keep " << ToString(t.params.keep, t.type)
          << " keeps input[i]\n";
      break;
    case ApplicationKind::kSplit:
    case ApplicationKind::kRadixSort:
      out << "step 1 · flag: flags[i] = 1 - bit " << p.bit << " of "
          << (t.sign_flipped ? "the flipped key" : "x") << " (1: it goes with the zeros)\n";
      break;
    case ApplicationKind::kAllocate:
      out << "step 1 · sizes: thread i asks for sizes[i] = input[i] cells\n";
      break;
  }
  out << "step 2 · scan: " << info.scan_name << " = the exclusive sum of the " << info.flags_name
      << " (" << ScanLine(t, p) << ")\n";
}

// The pass's rows, one cell per element: the input (or keys), the bit read, the flags, their
// scan and where each element goes.
std::vector<Row> PassRows(const ApplicationTrace& t, const ApplicationPass& p,
                          const std::vector<std::string>& scan) {
  const int n = static_cast<int>(p.input.size());
  std::vector<Row> rows;
  if (t.application == ApplicationKind::kRadixSort) {
    rows.push_back({"key", KeyCells(t, p.input)});
  } else if (t.application != ApplicationKind::kAllocate) {
    rows.push_back({"input", Cells(p.input, t.type)});
  }
  if (p.bit >= 0) {
    std::vector<std::string> bits;
    for (double x : p.input)
      bits.push_back(std::to_string(applications::BitOf(static_cast<std::int32_t>(x), p.bit)));
    rows.push_back({"bit " + std::to_string(p.bit), bits});
  }
  rows.push_back({Info(t.application).flags_name, Cells(p.flags, ElementType::kInt32)});
  rows.push_back({t.application == ApplicationKind::kAllocate ? "offsets" : "scan", scan});
  if (p.bit >= 0) {
    std::vector<std::string> dest;
    for (int i = 0; i < n; ++i) {
      const auto u = static_cast<size_t>(i);
      dest.push_back(std::to_string(applications::SplitDestination(
          static_cast<int>(p.flags[u]), static_cast<int>(p.scan.output[u]),
          static_cast<int>(p.total), i)));
    }
    rows.push_back({"dest", dest});
  } else if (t.application == ApplicationKind::kCompact) {
    std::vector<std::string> dest;
    for (int i = 0; i < n; ++i)
      dest.push_back(p.flags[static_cast<size_t>(i)] != 0 ? scan[static_cast<size_t>(i)] : "·");
    rows.push_back({"dest", dest});
  }
  return rows;
}

// The scan's total, what step 3 does with it, and what it made.
void PrintScatterStep(const ApplicationTrace& t, const ApplicationPass& p,
                      const std::vector<std::string>& scan, std::ostream& out,
                      const ApplicationTableOptions& o) {
  const int n = static_cast<int>(p.input.size());
  const std::string total = FormatValue(ElementType::kInt32, p.total);
  const std::string last = std::to_string(n - 1);
  switch (t.application) {
    case ApplicationKind::kCompact:
      out << "  total " << total << " = scan[" << last << "] + flags[" << last
          << "]: the kept count\n";
      out << "step 3 · scatter: a kept element i writes itself to output[scan[i]]\n";
      PrintList("output", Abbreviated(Cells(p.output, t.type), o), out, o, "(nothing kept)");
      break;
    case ApplicationKind::kSplit:
    case ApplicationKind::kRadixSort:
      out << "  total_zeros " << total << " = scan[" << last << "] + flags[" << last << "]\n";
      out << "step 3 · scatter: a zero goes to scan[i], a one to total_zeros + i - scan[i] = "
          << total << " + i - scan[i]\n";
      PrintList("output",
                Abbreviated(t.application == ApplicationKind::kRadixSort ? KeyCells(t, p.output)
                                                                         : Cells(p.output, t.type),
                            o),
                out, o);
      break;
    case ApplicationKind::kAllocate: {
      out << "  total " << total << " = offsets[" << last << "] + sizes[" << last
          << "]: the pool's size\n";
      out << "step 3 · fill: thread i owns [offsets[i], offsets[i] + sizes[i]) and writes i into "
             "it\n";
      std::vector<std::string> slices;
      for (int i = 0; i < n; ++i) {
        const auto u = static_cast<size_t>(i);
        slices.push_back(std::to_string(i) + ":[" + scan[u] + "," +
                         FormatValue(ElementType::kInt32, p.scan.output[u] + p.flags[u]) + ")");
      }
      PrintList("slices", Abbreviated(slices, o), out, o);
      PrintList("pool  ", Abbreviated(Cells(p.output, t.type), o), out, o, "(no cells)");
      break;
    }
  }
}

void PrintPass(const ApplicationTrace& t, const ApplicationPass& p, std::ostream& out,
               const ApplicationTableOptions& o) {
  const std::vector<std::string> scan = Cells(p.scan.output, ElementType::kInt32);
  PrintFlagAndScanSteps(t, p, out);
  PrintColumns(PassRows(t, p, scan), static_cast<int>(p.input.size()), out, o);
  PrintScatterStep(t, p, scan, out, o);
}

}  // namespace

const char* ApplicationCheckSentence() {
  return "every flag is its element's, every scan cell, block sum and offset holds its window, "
         "every element is where its scan value sends it, and the result equals the sequential "
         "reference";
}

void PrintApplicationTable(const ApplicationTrace& t, std::ostream& out,
                           const ApplicationTableOptions& o) {
  const ApplicationInfo& info = Info(t.application);
  out << info.name << " (" << info.key << ")";
  switch (t.application) {
    case ApplicationKind::kCompact:
      out << " · --keep " << ToString(t.params.keep, t.type);
      break;
    case ApplicationKind::kSplit:
      out << " · --bit " << t.params.bit;
      break;
    case ApplicationKind::kRadixSort:
      out << " · --bits " << t.params.bits;
      break;
    case ApplicationKind::kAllocate:
      break;
  }
  out << " · " << ToString(t.type) << " · n = " << t.N()
      << " · scan: " << DisplayName(t.block_algorithm) << " blocks of " << t.block_size << "\n";
  if (t.application == ApplicationKind::kRadixSort) {
    out << "keys: ";
    if (t.sign_flipped) {
      out << "a key is negative, so every key's sign bit is flipped first (x XOR 0x80000000): as "
             "int32 bits a negative key has bit 31 set and would sort after the positives; "
             "flipped, bit order is numeric order. The passes sort the flipped keys (shown as "
             "their numbers; the bits are the flipped key's); the result flips them back\n";
      PrintColumns({{"input", Cells(t.input, t.type)}, {"flipped", HexCells(t.keys)}}, t.N(), out,
                   o);
    } else {
      out << "every key is non-negative (bit 31 clear): sorted as they are\n";
    }
  }
  for (size_t p = 0; p < t.passes.size(); ++p) {
    if (t.application == ApplicationKind::kRadixSort)
      out << "pass " << p + 1 << " of " << t.passes.size() << " · bit " << t.passes[p].bit
          << ": a stable split of the last pass's output\n";
    PrintPass(t, t.passes[p], out, o);
  }
  out << "result: ";
  switch (t.application) {
    case ApplicationKind::kCompact:
      out << FormatValue(ElementType::kInt32, t.total) << " of " << t.N() << " kept";
      break;
    case ApplicationKind::kSplit:
      out << FormatValue(ElementType::kInt32, t.total) << " zeros of bit " << t.params.bit
          << " first, then " << t.N() - static_cast<int>(t.total) << " ones, each in input order";
      break;
    case ApplicationKind::kRadixSort:
      out << "ordered by the low " << t.params.bits << (t.params.bits == 1 ? " bit" : " bits")
          << (t.sign_flipped ? " of the flipped keys, flipped back" : "");
      if (t.params.bits < RadixBitsNeeded(t.input))
        out << " (the keys need " << RadixBitsNeeded(t.input) << " for a full sort)";
      break;
    case ApplicationKind::kAllocate:
      out << "a pool of " << FormatValue(ElementType::kInt32, t.total) << " cells for " << t.N()
          << " threads";
      break;
  }
  out << '\n';
  if (t.passes.size() > 1 || t.sign_flipped)  // else it is step 3's output, printed above
    PrintList("output", Abbreviated(Cells(t.output, t.type), o), out, o, "(empty)");
  out << "invariant: " << info.invariant << '\n';
}

}  // namespace scanviz
