#include "scene/application_scene.h"

#include <algorithm>
#include <cstdint>

#include "core/analysis.h"
#include "core/applications/radix_sort.h"
#include "core/applications/split.h"
#include "core/registry.h"

namespace scanviz::application_scene {
namespace {

bool Splits(ApplicationKind application) {
  return application == ApplicationKind::kSplit || application == ApplicationKind::kRadixSort;
}

// A radix sort's pass works on flipped keys when a key was negative: shown as the numbers they
// stand for (flipped back); the bits are the flipped key's.
double Shown(const ApplicationTrace& t, double v) {
  if (t.application != ApplicationKind::kRadixSort || !t.sign_flipped) return v;
  return applications::FlipSignBit(static_cast<std::int32_t>(v));
}

Row MakeRow(RowKind kind, std::string title, const std::vector<double>& values, ElementType type) {
  Row r{kind, std::move(title), values, {}, std::vector<char>(values.size(), 0)};
  r.text.reserve(values.size());
  for (double v : values) r.text.push_back(FormatValue(type, v));
  return r;
}

std::vector<double> AsDoubles(const std::vector<int>& v) {
  return {v.begin(), v.end()};
}

std::string Count(long long k, const char* one, const char* many) {
  std::string s = std::to_string(k);
  s += ' ';
  s += k == 1 ? one : many;
  return s;
}

std::string FlagSentence(const ApplicationTrace& t, const ApplicationPass& p, int flagged) {
  const int n = static_cast<int>(p.flags.size());
  std::string s = "step 1 · flag: ";
  switch (t.application) {
    case ApplicationKind::kCompact:
      s += "flags[i] = 1 if --keep ";
      s += ToString(t.params.keep, t.type);
      s += " keeps input[i]: ";
      s += Count(flagged, "element", "elements");
      s += " of " + std::to_string(n) + " kept";
      break;
    case ApplicationKind::kSplit:
    case ApplicationKind::kRadixSort:
      s += "flags[i] = 1 - bit " + std::to_string(p.bit);
      s += t.sign_flipped ? " of the flipped key" : " of input[i]";
      s += " (1: it goes with the zeros): ";
      s += Count(flagged, "zero", "zeros");
      s += ", " + Count(n - flagged, "one", "ones");
      break;
    case ApplicationKind::kAllocate:
      s += "sizes[i] = input[i], the cells thread i asks for";
      break;
  }
  return s;
}

}  // namespace

const char* Name(Step s, ApplicationKind application) {
  switch (s) {
    case Step::kFlag:
      return "flag";
    case Step::kScan:
      return "scan";
    case Step::kScatter:
      return application == ApplicationKind::kAllocate ? "fill" : "scatter";
  }
  return "flag";
}

std::vector<StepRef> Steps(const ApplicationTrace& trace) {
  std::vector<StepRef> steps;
  for (int p = 0; p < static_cast<int>(trace.passes.size()); ++p)
    for (Step s : {Step::kFlag, Step::kScan, Step::kScatter}) steps.push_back({p, s});
  return steps;
}

StepRef StepAt(const ApplicationTrace& trace, int k) {
  const int count = 3 * static_cast<int>(trace.passes.size());
  if (count == 0) return {};
  k = std::clamp(k, 0, count - 1);
  return {k / 3, static_cast<Step>(k % 3)};
}

std::vector<int> ScanValues(const ApplicationPass& pass) {
  std::vector<int> scan;
  scan.reserve(pass.scan.output.size());
  for (double v : pass.scan.output) scan.push_back(static_cast<int>(v));
  return scan;
}

std::vector<int> Destinations(const ApplicationTrace& trace, int pass) {
  const ApplicationPass& p = trace.passes.at(static_cast<size_t>(pass));
  const std::vector<int> scan = ScanValues(p);
  const int n = static_cast<int>(std::min(p.flags.size(), scan.size()));
  std::vector<int> dest(static_cast<size_t>(n), -1);
  for (int i = 0; i < n; ++i) {
    const int flag = static_cast<int>(p.flags[static_cast<size_t>(i)]);
    const int s = scan[static_cast<size_t>(i)];
    if (trace.application == ApplicationKind::kCompact) {
      dest[static_cast<size_t>(i)] = flag != 0 ? s : -1;
    } else if (Splits(trace.application)) {
      dest[static_cast<size_t>(i)] =
          applications::SplitDestination(flag, s, static_cast<int>(p.total), i);
    } else {
      dest[static_cast<size_t>(i)] = s;  // allocation: the offset
    }
  }
  return dest;
}

namespace {

// The title over the pass, and the note about a radix sort's flipped keys.
void SetTitle(const ApplicationTrace& trace, const ApplicationPass& p, int pass, PassLayout* out) {
  if (trace.application == ApplicationKind::kRadixSort) {
    out->title = "pass " + std::to_string(pass + 1) + " of " + std::to_string(out->pass_count) +
                 " · bit " + std::to_string(p.bit) + ": a stable split of ";
    out->title += pass == 0 ? "the keys" : "the last pass's output";
    if (trace.sign_flipped)
      out->note =
          "a key is negative, so every key's sign bit was flipped first (x XOR "
          "0x80000000): flipped, bit order is numeric order. Keys are shown as their "
          "numbers; the bits are the flipped keys'; the result flips them back";
  } else {
    out->title = Info(trace.application).name;
    if (p.bit >= 0) out->title += " on bit " + std::to_string(p.bit);
  }
}

// Step 1: the input, the bit read (split, radix sort) and the flags. Returns the input as shown.
std::vector<double> AddFlagStep(const ApplicationTrace& trace, const ApplicationPass& p,
                                PassLayout* out) {
  std::vector<double> input;
  input.reserve(p.input.size());
  for (double v : p.input) input.push_back(Shown(trace, v));
  const std::string in_title = trace.application == ApplicationKind::kRadixSort ? "keys" : "input";
  out->rows.push_back(MakeRow(RowKind::kInput, in_title, input, trace.type));
  if (Splits(trace.application)) {
    std::vector<double> bits;
    bits.reserve(p.input.size());
    for (double v : p.input)
      bits.push_back(applications::BitOf(static_cast<std::int32_t>(v), p.bit));
    out->rows.push_back(
        MakeRow(RowKind::kBit, "bit " + std::to_string(p.bit), bits, ElementType::kInt32));
  }
  int flagged = 0;
  for (double f : p.flags) flagged += f != 0 ? 1 : 0;
  out->rows.push_back(
      MakeRow(RowKind::kFlags, Info(trace.application).flags_name, p.flags, ElementType::kInt32));
  Row& flags = out->rows.back();
  for (size_t i = 0; i < flags.lit.size(); ++i) flags.lit[i] = p.flags[i] != 0;
  out->narration = FlagSentence(trace, p, flagged);
  return input;
}

// Step 2: the exclusive scan of the flags, and its total.
void AddScanStep(const ApplicationTrace& trace, const ApplicationPass& p,
                 const std::vector<int>& scan, PassLayout* out) {
  const ApplicationInfo& info = Info(trace.application);
  out->rows.push_back(MakeRow(RowKind::kScan, "scan", AsDoubles(scan), ElementType::kInt32));
  // The scan values the scatter uses as destinations: the flagged elements' (all, otherwise).
  Row& scan_row = out->rows.back();
  for (size_t i = 0; i < scan_row.lit.size() && i < p.flags.size(); ++i)
    scan_row.lit[i] = trace.application != ApplicationKind::kCompact || p.flags[i] != 0;
  const int n = out->n;
  const int last_scan = n > 0 ? scan[static_cast<size_t>(n - 1)] : 0;
  const int last_flag = n > 0 ? static_cast<int>(p.flags[static_cast<size_t>(n - 1)]) : 0;
  const int blocks = p.scan.BlockCount();
  std::string s = "step 2 · scan: ";
  s += info.scan_name;
  s += " = the exclusive sum of the ";
  s += info.flags_name;
  s += " (";
  s += Info(p.scan.block_algorithm).name;
  s += ", " + Count(blocks, "block", "blocks") + " of " + std::to_string(p.scan.block_size);
  s += "); total = scan[" + std::to_string(n - 1) + "] + " + info.flags_name + "[" +
       std::to_string(n - 1) + "] = " + std::to_string(last_scan) + " + " +
       std::to_string(last_flag) + " = " + std::to_string(out->total);
  out->narration = s;
}

// Step 3 of an allocation: each thread's slice of the pool. Returns the sentence about it.
std::string AddPool(const ApplicationPass& p, const std::vector<int>& dest, PassLayout* out) {
  const int n = out->n;
  out->pool = out->total;
  for (int i = 0; i < n; ++i) {
    const int size = static_cast<int>(p.flags[static_cast<size_t>(i)]);
    out->slices.push_back({i, dest[static_cast<size_t>(i)], dest[static_cast<size_t>(i)] + size});
  }
  std::vector<double> owners;
  owners.reserve(out->slices.size());
  for (const Slice& sl : out->slices) owners.push_back(sl.thread);
  Row pool = MakeRow(RowKind::kPool, "pool", owners, ElementType::kInt32);
  for (size_t i = 0; i < pool.lit.size(); ++i)
    pool.lit[i] = out->slices[i].end > out->slices[i].begin;
  out->rows.push_back(std::move(pool));
  std::string s = "Pool: " + std::to_string(out->pool) + " cells";
  if (n > 0) {
    const Slice& last = out->slices.back();
    s += "; thread " + std::to_string(last.thread) + " owns [" + std::to_string(last.begin) + ", " +
         std::to_string(last.end) + ")";
  }
  return s;
}

// Step 3 of the others: the output row, an arrow from each element to its destination. Returns
// the sentence about it (`input` as shown, for an example).
std::string AddOutput(const ApplicationTrace& trace, const ApplicationPass& p,
                      const std::vector<int>& dest, const std::vector<double>& input,
                      PassLayout* out) {
  const int n = out->n;
  std::vector<double> output;
  output.reserve(p.output.size());
  for (double v : p.output) output.push_back(Shown(trace, v));
  out->rows.push_back(
      MakeRow(RowKind::kOutput, Info(trace.application).output_name, output, trace.type));
  Row& o = out->rows.back();
  for (int i = 0; i < n; ++i) {
    const int d = dest[static_cast<size_t>(i)];
    if (d < 0 || d >= static_cast<int>(o.lit.size())) continue;
    out->arrows.push_back({i, d, p.flags[static_cast<size_t>(i)] != 0});
    o.lit[static_cast<size_t>(d)] = 1;
  }
  if (trace.application != ApplicationKind::kCompact) {
    return "total_zeros = " + std::to_string(out->total) + ": a zero goes to scan[i], a one to " +
           std::to_string(out->total) + " + i - scan[i]";
  }
  std::string s = "Output length " + std::to_string(out->total) + " of " + std::to_string(n);
  // The first kept element that moves: its scan value counts the kept ones before it.
  for (const Arrow& a : out->arrows) {
    if (a.to == a.from) continue;
    s += "; e.g. input[" + std::to_string(a.from) + "] (" +
         FormatValue(trace.type, input[static_cast<size_t>(a.from)]) + ") has scan " +
         std::to_string(a.to) + ", so it goes to output[" + std::to_string(a.to) + "]";
    break;
  }
  return s;
}

// What the whole application made, said after its last pass.
std::string ResultSentence(const ApplicationTrace& trace) {
  if (trace.application == ApplicationKind::kCompact) {
    return std::to_string(static_cast<long long>(trace.total)) + " of " +
           std::to_string(trace.N()) + " kept";
  }
  if (trace.application == ApplicationKind::kAllocate)
    return "a pool of " + std::to_string(static_cast<long long>(trace.total)) + " cells";
  return std::to_string(trace.output.size()) + " elements " + Info(trace.application).output_name;
}

}  // namespace

PassLayout Build(const ApplicationTrace& trace, int step) {
  PassLayout out;
  if (trace.passes.empty()) return out;
  const StepRef at = StepAt(trace, step);
  const ApplicationPass& p = trace.passes[static_cast<size_t>(at.pass)];
  out.pass = at.pass;
  out.pass_count = static_cast<int>(trace.passes.size());
  out.bit = p.bit;
  out.step = at.step;
  out.n = static_cast<int>(p.input.size());
  out.total = static_cast<int>(p.total);
  SetTitle(trace, p, at.pass, &out);

  // Rows: the input, the bit read (split, radix sort), the flags, their scan, the output.
  const std::vector<double> input = AddFlagStep(trace, p, &out);
  if (at.step == Step::kFlag) return out;
  AddScanStep(trace, p, ScanValues(p), &out);
  if (at.step == Step::kScan) return out;

  // Step 3: the scatter, with the invariant that makes it right.
  const std::vector<int> dest = Destinations(trace, at.pass);
  std::string s = "step 3 · scatter: ";
  s += Info(trace.application).invariant;
  s += ". ";
  s += trace.application == ApplicationKind::kAllocate ? AddPool(p, dest, &out)
                                                       : AddOutput(trace, p, dest, input, &out);
  if (at.pass + 1 == out.pass_count) s += ". Result: " + ResultSentence(trace);
  out.narration = s;
  return out;
}

int Columns::Slot(int i) const {
  const auto it = std::lower_bound(index.begin(), index.end(), i);
  if (it == index.end() || *it != i) return -1;
  const int k = static_cast<int>(it - index.begin());
  return gap_after >= 0 && k > gap_after ? k + 1 : k;
}

Columns Visible(int n, int max_cells) {
  Columns c;
  max_cells = std::max(2, max_cells);
  if (n <= max_cells) {
    for (int i = 0; i < n; ++i) c.index.push_back(i);
    return c;
  }
  const int half = max_cells / 2;
  for (int i = 0; i < half; ++i) c.index.push_back(i);
  for (int i = n - half; i < n; ++i) c.index.push_back(i);
  c.gap_after = half - 1;
  return c;
}

std::string Heading(const ApplicationTrace& trace) {
  const ApplicationInfo& info = Info(trace.application);
  std::string s = info.name;
  s += " (";
  s += info.key;
  s += ")";
  if (trace.application == ApplicationKind::kCompact) {
    s += " · --keep ";
    s += ToString(trace.params.keep, trace.type);
  } else if (trace.application == ApplicationKind::kSplit) {
    s += " · --bit " + std::to_string(trace.params.bit);
  } else if (trace.application == ApplicationKind::kRadixSort) {
    s += " · --bits " + std::to_string(trace.params.bits);
  }
  s += " · ";
  s += ToString(trace.type);
  s += " · n = " + std::to_string(trace.N());
  s += " · scan: ";
  s += Info(trace.block_algorithm).name;
  s += " blocks of " + std::to_string(trace.block_size);
  return s;
}

namespace {

std::string ShownValue(const ApplicationTrace& t, double v) {
  return FormatValue(t.type, Shown(t, v));
}

// Step 1 for one element: why its flag is what it is (`x` its value as shown).
std::string FlagLine(const ApplicationTrace& t, const ApplicationPass& p, int flag,
                     const std::string& x) {
  switch (t.application) {
    case ApplicationKind::kCompact:
      return std::string("flag ") + (flag ? "1: " : "0: ") + "--keep " +
             ToString(t.params.keep, t.type) + (flag ? " keeps " : " drops ") + x;
    case ApplicationKind::kSplit:
    case ApplicationKind::kRadixSort: {
      const std::string bit = "bit " + std::to_string(p.bit);
      return bit + " of " + x + " is " + (flag ? "0" : "1") + ": flag " + std::to_string(flag) +
             (flag ? " (it goes with the zeros, first)" : " (it goes with the ones, after)");
    }
    case ApplicationKind::kAllocate:
      return "asks for " + x + (flag == 1 ? " cell" : " cells");
  }
  return {};
}

// Step 3 for element i (flag `flag`, scan `s`): where it went, and the check that it is there.
void ScatterStory(const ApplicationTrace& t, const ApplicationPass& p, int i, int flag, int s,
                  ElementStory* out) {
  const size_t k = static_cast<size_t>(i);
  const int total = static_cast<int>(p.total);
  const std::vector<double>& o = p.output;
  auto holds = [&](int at_cell, double want) {
    return at_cell >= 0 && at_cell < static_cast<int>(o.size()) &&
           o[static_cast<size_t>(at_cell)] == want;
  };
  switch (t.application) {
    case ApplicationKind::kCompact:
      if (!flag) {
        out->lines.push_back("not written: its flag is 0");
        return;
      }
      out->lines.push_back("written to output[" + std::to_string(s) + "]");
      out->ok = holds(s, p.input[k]);
      out->check =
          std::string(out->ok ? "✓" : "✗") + " a kept element's exclusive scan is its " +
          "destination: output[" + std::to_string(s) + "] holds " +
          (s < static_cast<int>(o.size()) ? ShownValue(t, o[static_cast<size_t>(s)]) : "nothing");
      return;
    case ApplicationKind::kSplit:
    case ApplicationKind::kRadixSort: {
      const int d = applications::SplitDestination(flag, s, total, i);
      out->lines.push_back(
          flag ? "written to output[" + std::to_string(d) + "]: the zeros before it"
               : "written to output[" + std::to_string(d) + "] = " + std::to_string(total) +
                     " zeros + " + std::to_string(i) + " - " + std::to_string(s) +
                     " ones before it");
      out->ok = holds(d, p.input[k]);
      out->check =
          std::string(out->ok ? "✓" : "✗") + " stable: output[" + std::to_string(d) + "] holds " +
          (d >= 0 && d < static_cast<int>(o.size()) ? ShownValue(t, o[static_cast<size_t>(d)])
                                                    : "nothing");
      return;
    }
    case ApplicationKind::kAllocate: {
      out->lines.push_back("owns pool cells [" + std::to_string(s) + ", " +
                           std::to_string(s + flag) + ")");
      bool ok = s >= 0 && s + flag <= static_cast<int>(o.size());
      for (int c = s; ok && c < s + flag; ++c) ok = o[static_cast<size_t>(c)] == i;
      out->ok = ok;
      out->check = std::string(ok ? "✓" : "✗") + " its offset is the sizes before it: " +
                   (flag == 0 ? "an empty slice at " + std::to_string(s)
                              : "cells " + std::to_string(s) + ".." + std::to_string(s + flag - 1) +
                                    (ok ? " are thread " : " are not all thread ") +
                                    std::to_string(i) + "'s");
      return;
    }
  }
}

}  // namespace

ElementStory StoryOf(const ApplicationTrace& t, int step, int i) {
  ElementStory out;
  if (t.passes.empty()) return out;
  const StepRef at = StepAt(t, step);
  const ApplicationPass& p = t.passes[static_cast<size_t>(at.pass)];
  const int n = static_cast<int>(p.input.size());
  if (i < 0 || i >= n) return out;
  const size_t k = static_cast<size_t>(i);
  const std::string x = ShownValue(t, p.input[k]);
  const char* what = t.application == ApplicationKind::kAllocate    ? "size "
                     : t.application == ApplicationKind::kRadixSort ? "key "
                                                                    : "value ";
  out.title = "element " + std::to_string(i) + " · " + what + x;
  if (t.passes.size() > 1)
    out.title +=
        " · pass " + std::to_string(at.pass + 1) + " of " + std::to_string(t.passes.size());
  const int flag = static_cast<int>(p.flags[k]);
  const std::vector<int> scan = ScanValues(p);
  const int s = k < scan.size() ? scan[k] : 0;
  out.lines.push_back(FlagLine(t, p, flag, x));
  if (at.step == Step::kFlag) return out;
  const char* counted = t.application == ApplicationKind::kCompact    ? "kept elements"
                        : t.application == ApplicationKind::kAllocate ? "cells asked for"
                                                                      : "zeros";
  out.lines.push_back("scan " + std::to_string(s) + ": the " + counted + " before it (exclusive)");
  if (at.step == Step::kScan) return out;
  ScatterStory(t, p, i, flag, s, &out);
  return out;
}

}  // namespace scanviz::application_scene
