#include "teach/grid_teach.h"

#include <algorithm>

#include "core/analysis.h"
#include "core/grid/grid_steps.h"
#include "core/registry.h"
#include "teach/kernel_source.h"

namespace scanviz::teach {

namespace {

constexpr size_t kMaxListed = 16;  // longer arrays are shown by their ends

std::string Values(const GridTrace& g, const std::vector<double>& v, size_t first = 0,
                   size_t count = std::string::npos) {
  count = std::min(count, v.size() - std::min(first, v.size()));
  std::string out = "[";
  for (size_t i = 0; i < count; ++i) {
    if (count > kMaxListed && i == kMaxListed / 2) {
      out += ", …";
      i = count - kMaxListed / 2;
    }
    if (i > 0) out += ", ";
    out += FormatValue(g.type, v[first + i]);
  }
  return out + "]";
}

std::string Num(long v) { return std::to_string(v); }

std::string Op(const GridTrace& g) { return g.op == OpKind::kAdd ? " + " : std::string(" ") + ToString(g.op) + " "; }

// Which block to work an example in: block 1 (the first with something before it), else 0.
int ExampleBlock(const GridTrace& g) { return g.BlockCount() > 1 ? 1 : 0; }

void Phase1(const GridTrace& g, int level, std::vector<std::string>* out) {
  const int blocks = g.BlockCount(), B = g.block_size, last = g.BlockCount(blocks - 1);
  const std::string flavour = g.Inclusive() ? "inclusive" : "exclusive";
  const std::string what = level == 0 ? " elements" : " sums";
  std::string cut =
      "The " + Num(g.N()) + what + " are cut into " + Num(blocks) + " blocks of " + Num(B);
  if (last != B) cut += " (the last holds " + Num(last) + ")";
  // One block: nothing is cut, and "the last" of one block would be a riddle.
  if (blocks == 1 && g.N() == 1)
    cut = "The 1" + what.substr(0, what.size() - 1) + " fits in one block of up to " + Num(B);
  else if (blocks == 1)
    cut = "The " + Num(g.N()) + what +
          (last == B ? " fill one block of " + Num(B) : " fit in one block of up to " + Num(B));
  out->push_back(cut + ". Each block scans its own elements with " +
                 DisplayName(g.block_algorithm) + " (" + flavour +
                 "), exactly as one block of the single-block view does: click a block to "
                 "watch its rounds.");
  const int b = ExampleBlock(g);
  const size_t begin = static_cast<size_t>(g.BlockBegin(b)), count = static_cast<size_t>(g.BlockCount(b));
  out->push_back("Block " + Num(b) + "'s " + Values(g, g.input, begin, count) + " becomes " +
                 Values(g, g.block_output, begin, count) +
                 ": each cell holds the scan of its block up to it, and knows nothing of the "
                 "blocks before.");
  if (blocks == 1) {
    out->push_back(level == 0 ? "One block holds the whole input: its scan is the output, "
                                "and there are no totals to scan."
                              : "One block holds every sum: its exclusive scan is the offsets "
                                "the level above adds.");
    return;
  }
  out->push_back("The block's last thread writes its total to sums[" + Num(b) + "] = " +
                 FormatValue(g.type, g.sums[static_cast<size_t>(b)]) + ". The sums now hold " +
                 Values(g, g.sums) + ": one total per block.");
}

void Phase3(const GridTrace& g, int level, std::vector<std::string>* out) {
  const std::vector<double>& off = g.Offsets();
  const int b = ExampleBlock(g);
  const size_t i = static_cast<size_t>(g.BlockBegin(b) + g.BlockCount(b) - 1);
  out->push_back("Every element of block b ≥ 1 puts offsets[b] in front of its block's value (the "
                 "offset first: it covers the earlier elements); block 0 keeps its values.");
  out->push_back("Element " + Num(static_cast<long>(i)) + " of block " + Num(b) + ": offsets[" +
                 Num(b) + "]" + Op(g) + "block output[" + Num(static_cast<long>(i)) + "] = " +
                 FormatValue(g.type, off[static_cast<size_t>(b)]) + Op(g) +
                 FormatValue(g.type, g.block_output[i]) + " = " + FormatValue(g.type, g.output[i]) +
                 ".");
  out->push_back(std::string(level == 0 ? "The output " : "This level's output ") + Values(g, g.output) +
                 " is the " + (g.Inclusive() ? "inclusive" : "exclusive") + " scan of the whole " +
                 (level == 0 ? "input" : "sums") + ": each cell holds the combination of its "
                 "whole prefix" + (level == 0 ? "." : ", the offsets of the level above."));
}

}  // namespace

GridNarration NarrateGridStep(const GridTrace& grid, int step) {
  GridNarration n;
  const std::vector<GridStep> steps = GridSteps(grid);
  if (step < 0 || step >= static_cast<int>(steps.size())) return n;
  const GridStep s = steps[static_cast<size_t>(step)];
  const std::vector<const GridTrace*> levels = GridLevels(grid);
  const GridTrace& g = *levels[static_cast<size_t>(s.level)];
  const int count = static_cast<int>(levels.size());
  if (s.level == 0) {
    n.title = s.phase == 1 ? "Phase 1 · block scan" : "Phase 3 · add offsets";
    s.phase == 1 ? Phase1(g, 0, &n.paragraphs) : Phase3(g, 0, &n.paragraphs);
    return n;
  }
  const GridTrace& above = *levels[static_cast<size_t>(s.level - 1)];
  if (count == 2) {
    n.title = "Phase 2 · sums scan";
    n.paragraphs.push_back("One block scans the " + Num(g.N()) + " sums exclusively: offsets = " +
                           Values(g, g.output) + ".");
    const int b = above.BlockCount() > 2 ? 2 : 1;
    std::string worked;
    for (int k = 0; k < b; ++k)
      worked += (k > 0 ? Op(g) : std::string()) + FormatValue(g.type, g.input[static_cast<size_t>(k)]);
    n.paragraphs.push_back("offsets[b] is the total of every block before b: offsets[" + Num(b) +
                           "] = " + worked + " = " +
                           FormatValue(g.type, g.output[static_cast<size_t>(b)]) +
                           ". Block 0 has nothing before it: the identity " +
                           FormatValue(g.type, g.identity) + ".");
    return n;
  }
  n.title = "Phase 2 · sums scan, level " + Num(s.level) + " · " +
            (s.phase == 1 ? "phase 1 (block scan)" : "phase 3 (add offsets)");
  if (s.phase == 1 && s.level == 1) {
    n.paragraphs.push_back(Num(above.BlockCount()) + " sums are more than one block of " +
                           Num(g.block_size) +
                           " holds: they are scanned by a grid of their own, the same three "
                           "phases one level down (the band below the sums).");
  }
  s.phase == 1 ? Phase1(g, s.level, &n.paragraphs) : Phase3(g, s.level, &n.paragraphs);
  return n;
}

CodeListing GridListing() { return MarkedListing(kMultiBlockKey); }

std::vector<std::string> GridStepTags(const GridTrace& grid, int step) {
  const std::vector<GridStep> steps = GridSteps(grid);
  if (step < 0 || step >= static_cast<int>(steps.size())) return {};
  const GridStep s = steps[static_cast<size_t>(step)];
  const GridTrace& g = *GridLevels(grid)[static_cast<size_t>(s.level)];
  std::vector<std::string> tags;
  if (s.level > 0) tags.push_back("phase2");
  if (s.phase == 1) {
    tags.push_back("phase1");
    if (g.BlockCount() == 1) tags.push_back("single");
  } else {
    tags.push_back("phase3");
  }
  return tags;
}

std::vector<int> GridHighlightedLines(const CodeListing& listing, const GridTrace& grid, int step) {
  const std::vector<std::string> tags = GridStepTags(grid, step);
  std::vector<int> lit;
  for (int i = 0; i < static_cast<int>(listing.lines.size()); ++i) {
    for (const std::string& t : listing.lines[static_cast<size_t>(i)].tags)
      if (std::find(tags.begin(), tags.end(), t) != tags.end()) {
        lit.push_back(i);
        break;
      }
  }
  return lit;
}

}  // namespace scanviz::teach
