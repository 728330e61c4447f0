#include "scene/application_scene.h"

#include <algorithm>
#include <cstdint>

#include "core/analysis.h"
#include "core/applications/split.h"
#include "core/registry.h"
#include "scene/applications/scene_entry.h"

namespace scanviz::application_scene {
namespace {

std::vector<double> AsDoubles(const std::vector<int>& v) {
  return {v.begin(), v.end()};
}

}  // namespace

const char* Name(Step s, ApplicationKind application) {
  switch (s) {
    case Step::kFlag:
      return "flag";
    case Step::kScan:
      return "scan";
    case Step::kScatter:
      return Info(application).scatter_name;
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
  const ApplicationInfo& info = Info(trace.application);
  const std::vector<int> scan = ScanValues(p);
  const int n = static_cast<int>(std::min(p.flags.size(), scan.size()));
  std::vector<int> dest(static_cast<size_t>(n), -1);
  for (int i = 0; i < n; ++i) {
    const int flag = static_cast<int>(p.flags[static_cast<size_t>(i)]);
    const int s = scan[static_cast<size_t>(i)];
    dest[static_cast<size_t>(i)] = info.rule->destination(flag, s, static_cast<int>(p.total), i);
  }
  return dest;
}

namespace {

// Step 1: the input, the bit read (split, radix sort) and the flags. Returns the input as shown.
std::vector<double> AddFlagStep(const ApplicationTrace& trace, const ApplicationPass& p,
                                PassLayout* out) {
  std::vector<double> input;
  input.reserve(p.input.size());
  for (double v : p.input) input.push_back(Shown(trace, v));
  const std::string in_title = Info(trace.application).keyed ? "keys" : "input";
  out->rows.push_back(MakeRow(RowKind::kInput, in_title, input, trace.type));
  if (SceneOf(trace.application).grouped) {
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
  for (size_t i = 0; i < flags.lit.size(); ++i) flags.lit[i] = static_cast<char>(p.flags[i] != 0);
  out->narration = SceneOf(trace.application).flag_sentence(trace, p, flagged);
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
    scan_row.lit[i] =
        static_cast<char>(!SceneOf(trace.application).scatters_flagged_only || p.flags[i] != 0);
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
  const SceneApplication& entry = SceneOf(trace.application);
  entry.title(trace, p, at.pass, &out);

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
  s += entry.scatter(trace, p, dest, input, &out);
  if (at.pass + 1 == out.pass_count) s += ". Result: " + entry.result(trace);
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
  if (const std::string parameter = info.parameter(trace.params, trace.type); !parameter.empty())
    s += " · " + parameter;
  s += " · ";
  s += ToString(trace.type);
  s += " · n = " + std::to_string(trace.N());
  s += " · scan: ";
  s += Info(trace.block_algorithm).name;
  s += " blocks of " + std::to_string(trace.block_size);
  return s;
}

ElementStory StoryOf(const ApplicationTrace& t, int step, int i) {
  ElementStory out;
  if (t.passes.empty()) return out;
  const StepRef at = StepAt(t, step);
  const ApplicationPass& p = t.passes[static_cast<size_t>(at.pass)];
  const int n = static_cast<int>(p.input.size());
  if (i < 0 || i >= n) return out;
  const size_t k = static_cast<size_t>(i);
  const std::string x = ShownValue(t, p.input[k]);
  const SceneApplication& entry = SceneOf(t.application);
  out.title = "element " + std::to_string(i) + " · " + entry.element_word + x;
  if (t.passes.size() > 1)
    out.title +=
        " · pass " + std::to_string(at.pass + 1) + " of " + std::to_string(t.passes.size());
  const int flag = static_cast<int>(p.flags[k]);
  const std::vector<int> scan = ScanValues(p);
  const int s = k < scan.size() ? scan[k] : 0;
  out.lines.push_back(entry.flag_line(t, p, flag, x));
  if (at.step == Step::kFlag) return out;
  out.lines.push_back("scan " + std::to_string(s) + ": the " + entry.counted +
                      " before it (exclusive)");
  if (at.step == Step::kScan) return out;
  entry.scatter_story(t, p, i, flag, s, &out);
  return out;
}

}  // namespace scanviz::application_scene
