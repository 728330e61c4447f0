#include "cli/application_table.h"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <ostream>
#include <string>
#include <vector>

#include "cli/applications/table_entry.h"
#include "cli/grid_table.h"
#include "core/analysis.h"
#include "core/applications/radix_sort.h"
#include "core/applications/split.h"
#include "core/registry.h"

namespace scanviz {
namespace {

constexpr const char* kGap = "…";

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

}  // namespace

namespace application_table {

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

void PrintList(const std::string& label, const std::vector<std::string>& items, std::ostream& out,
               const ApplicationTableOptions& o, const std::string& empty) {
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

std::vector<std::string> Abbreviated(std::vector<std::string> items,
                                     const ApplicationTableOptions& o) {
  const size_t keep = static_cast<size_t>(std::max(2, o.max_values)), n = items.size();
  if (n <= keep) return items;
  std::vector<std::string> out(items.begin(), items.begin() + static_cast<long>(keep / 2));
  out.push_back(std::string(kGap) + " (" + std::to_string(n) + " in all)");
  out.insert(out.end(), items.end() - static_cast<long>(keep / 2), items.end());
  return out;
}

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

std::vector<std::string> KeyCells(const ApplicationTrace& t, const std::vector<double>& keys) {
  if (!t.sign_flipped) return Cells(keys, t.type);
  std::vector<double> numbers;
  for (double k : keys) numbers.push_back(applications::FlipSignBit(static_cast<std::int32_t>(k)));
  return Cells(numbers, t.type);
}

}  // namespace application_table

#define SCANVIZ_CLI_APPLICATION_POINTER(id, ns) &k_##ns##_cli,
static const CliApplication* const kCliApplications[] = {
    SCANVIZ_FOR_EACH_APPLICATION(SCANVIZ_CLI_APPLICATION_POINTER)};
#undef SCANVIZ_CLI_APPLICATION_POINTER

const CliApplication& CliOf(ApplicationKind application) {
  const auto i = static_cast<size_t>(application);
  return *kCliApplications[i < std::size(kCliApplications) ? i : 0];
}

namespace {

using namespace application_table;

std::string ScanLine(const ApplicationTrace& t, const ApplicationPass& p) {
  const GridTrace& s = p.scan;
  std::string how;
  if (s.BlockCount() == 1) {
    // The rounds that apply the operator, as the chapters count them, and the trace's steps: the
    // block's own, which a block that holds fewer elements than its size has fewer of.
    how = "one " + std::string(DisplayName(t.block_algorithm)) + " block of " +
          std::to_string(t.block_size);
    if (s.blocks.size() == 1) {
      const BlockShape shape = ShapeOf(s.blocks[0]);
      how += ", " + std::to_string(shape.rounds) + (shape.rounds == 1 ? " round" : " rounds") +
             " of the operator in " + std::to_string(shape.steps) +
             (shape.steps == 1 ? " step" : " steps");
    }
  } else {
    how = std::to_string(s.BlockCount()) + " " + DisplayName(t.block_algorithm) + " blocks of " +
          std::to_string(t.block_size) + ", their sums scanned, the offsets added";
  }
  return how + (Info(t.block_algorithm).inclusive ? ", converted to exclusive" : "");
}

// What steps 1 and 2 compute, in a line each.
void PrintFlagAndScanSteps(const ApplicationTrace& t, const ApplicationPass& p, std::ostream& out) {
  const ApplicationInfo& info = Info(t.application);
  out << "step 1 · " << CliOf(t.application).flag_step(t, p) << '\n';
  out << "step 2 · scan: " << info.scan_name << " = the exclusive sum of the " << info.flags_name
      << " (" << ScanLine(t, p) << ")\n";
}

// The pass's rows, one cell per element: the input (or keys), the bit read, the flags, their
// scan and where each element goes.
std::vector<Row> PassRows(const ApplicationTrace& t, const ApplicationPass& p,
                          const std::vector<std::string>& scan) {
  std::vector<Row> rows;
  const CliApplication& entry = CliOf(t.application);
  if (entry.input_row) rows.push_back(entry.input_row(t, p));
  if (p.bit >= 0) {
    std::vector<std::string> bits;
    for (double x : p.input)
      bits.push_back(std::to_string(applications::BitOf(static_cast<std::int32_t>(x), p.bit)));
    rows.push_back({"bit " + std::to_string(p.bit), bits});
  }
  rows.push_back({Info(t.application).flags_name, Cells(p.flags, ElementType::kInt32)});
  rows.push_back({entry.scan_label, scan});
  if (entry.dest_row) rows.push_back(entry.dest_row(t, p, scan));
  return rows;
}

void PrintPass(const ApplicationTrace& t, const ApplicationPass& p, std::ostream& out,
               const ApplicationTableOptions& o) {
  const std::vector<std::string> scan = Cells(p.scan.output, ElementType::kInt32);
  PrintFlagAndScanSteps(t, p, out);
  PrintColumns(PassRows(t, p, scan), static_cast<int>(p.input.size()), out, o);
  CliOf(t.application).scatter_step(t, p, scan, out, o);
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
  if (const std::string parameter = info.parameter(t.params, t.type); !parameter.empty())
    out << " · " << parameter;
  out << " · " << ToString(t.type) << " · n = " << t.N()
      << " · scan: " << DisplayName(t.block_algorithm) << " blocks of " << t.block_size << "\n";
  const CliApplication& entry = CliOf(t.application);
  if (entry.keys) entry.keys(t, out, o);
  for (size_t p = 0; p < t.passes.size(); ++p) {
    if (entry.pass_header) entry.pass_header(t, p, out);
    PrintPass(t, t.passes[p], out, o);
  }
  out << "result: " << entry.result(t);
  out << '\n';
  if (t.passes.size() > 1 || t.sign_flipped)  // else it is step 3's output, printed above
    PrintList("output", Abbreviated(Cells(t.output, t.type), o), out, o, "(empty)");
  out << "invariant: " << info.invariant << '\n';
}

}  // namespace scanviz
