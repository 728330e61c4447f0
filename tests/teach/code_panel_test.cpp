// The code panel: the embedded kernel is the file on disk, its tags are stripped from the text,
// and each round of the worked example lights the lines that run in it.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <sstream>

#include "core/simulator.h"
#include "teach/kernel_source.h"
#include "teach/pseudo_code.h"

namespace scanviz::teach {
namespace {

const std::vector<double> kExample = {3, 1, 7, 0, 4, 1, 6, 3};

Trace Sim(Algorithm algorithm) {
  return Simulate(ScanRequest{algorithm, OpKind::kAdd, ElementType::kInt32, kExample});
}

bool ListingContains(const CodeListing& listing, const std::string& needle) {
  for (const CodeLine& line : listing.lines)
    if (line.text.find(needle) != std::string::npos) return true;
  return false;
}

// The tags of the highlighted lines, in order, one per line (the first tag of each).
std::vector<std::string> Tags(const CodeListing& listing, const std::vector<int>& lines) {
  std::vector<std::string> out;
  for (int i : lines) out.push_back(listing.lines[i].tags.empty() ? "" : listing.lines[i].tags[0]);
  return out;
}

using S = std::vector<std::string>;

TEST(KernelSource, EmbeddedTextIsTheFileOnDisk) {
  std::ifstream file(SCANVIZ_KERNEL_FILE, std::ios::binary);
  ASSERT_TRUE(file) << SCANVIZ_KERNEL_FILE;
  std::stringstream disk;
  disk << file.rdbuf();
  EXPECT_EQ(KernelFileText(), disk.str());
}

TEST(KernelSource, ListingsHoldTheKernelsWithoutTags) {
  const CodeListing hs = KernelListing(Algorithm::kHillisSteele);
  const CodeListing bl = KernelListing(Algorithm::kBlelloch);
  ASSERT_FALSE(hs.lines.empty());
  ASSERT_FALSE(bl.lines.empty());
  EXPECT_TRUE(ListingContains(hs, "HillisSteeleStep"));
  EXPECT_FALSE(ListingContains(hs, "BlellochUpSweepStep"));
  EXPECT_TRUE(ListingContains(bl, "BlellochUpSweepStep"));
  EXPECT_TRUE(ListingContains(bl, "BlellochDownSweepStep"));
  EXPECT_FALSE(ListingContains(bl, "HillisSteeleStep"));
  for (const CodeListing* l : {&hs, &bl}) {
    EXPECT_FALSE(ListingContains(*l, "[line:"));
    EXPECT_FALSE(ListingContains(*l, "[kernel:"));
    EXPECT_FALSE(ListingContains(*l, "[/kernel:"));
    for (const CodeLine& line : l->lines) {
      EXPECT_TRUE(line.text.empty() || line.text.back() != ' ') << line.text;
      // A tagged line keeps its code but loses the now empty comment.
      if (!line.tags.empty()) {
        EXPECT_EQ(line.text.find("//"), std::string::npos) << line.text;
      }
    }
  }
  EXPECT_TRUE(MissingTags(hs, Algorithm::kHillisSteele).empty());
  EXPECT_TRUE(MissingTags(bl, Algorithm::kBlelloch).empty());
  // Line numbers point into the file: the first listed line follows the opening marker.
  const std::string_view file = KernelFileText();
  const size_t marker = file.find("// [kernel:blelloch]");
  ASSERT_NE(marker, std::string_view::npos);
  const int marker_line =
      1 + static_cast<int>(std::count(file.begin(), file.begin() + marker, '\n'));
  EXPECT_EQ(bl.lines.front().source_line, marker_line + 1);
}

TEST(KernelSource, ParsesTagsAndRejectsAnUnclosedKernel) {
  const std::string text =
      "x\n// [kernel:blelloch]\n  a = 1;   // [line:seed]\n  b();  // keep [line:barrier]\n"
      "// [/kernel:blelloch]\n";
  const CodeListing l = ParseKernelListing(text, Algorithm::kBlelloch);
  ASSERT_EQ(l.lines.size(), 2u);
  EXPECT_EQ(l.lines[0].text, "  a = 1;");
  EXPECT_EQ(l.lines[0].tags, S{"seed"});
  EXPECT_EQ(l.lines[1].text, "  b();  // keep");  // a real comment stays
  EXPECT_EQ(l.lines[1].tags, S{"barrier"});
  EXPECT_EQ(l.lines[0].source_line, 3);
  EXPECT_TRUE(
      ParseKernelListing("// [kernel:blelloch]\n a;\n", Algorithm::kBlelloch).lines.empty());
  EXPECT_FALSE(MissingTags(l, Algorithm::kBlelloch).empty());
}

TEST(KernelSource, HillisSteeleRoundsOfTheWorkedExample) {
  const Trace t = Sim(Algorithm::kHillisSteele);
  const CodeListing k = KernelListing(Algorithm::kHillisSteele);
  ASSERT_EQ(t.rounds.size(), 4u);
  const std::vector<int> load = HighlightedLines(k, t.meta.algorithm, t.rounds[0].spec, false);
  EXPECT_EQ(Tags(k, load), (S{"load", "barrier"}));
  ASSERT_EQ(load.size(), 2u);
  EXPECT_EQ(load[1], load[0] + 1);  // the load's own barrier, not the loop's
  EXPECT_NE(k.lines[load[0]].text.find("LoadStep"), std::string::npos);
  for (int r = 1; r <= 2; ++r) {
    const std::vector<int> lines = HighlightedLines(k, t.meta.algorithm, t.rounds[r].spec, false);
    EXPECT_EQ(Tags(k, lines), (S{"loop", "swap", "swap", "step", "barrier"})) << r;
    EXPECT_GT(lines.front(), load.back());
    EXPECT_NE(k.lines[lines[3]].text.find("HillisSteeleStep"), std::string::npos);
    EXPECT_NE(k.lines[lines[4]].text.find("__syncthreads"), std::string::npos);
  }
  const std::vector<int> last = HighlightedLines(k, t.meta.algorithm, t.rounds[3].spec, true);
  EXPECT_EQ(Tags(k, last), (S{"loop", "swap", "swap", "step", "barrier", "store"}));
  EXPECT_NE(k.lines[last.back()].text.find("out[tid]"), std::string::npos);

  const CodeListing p = PseudoCodeListing(Algorithm::kHillisSteele);
  EXPECT_EQ(Tags(p, HighlightedLines(p, t.meta.algorithm, t.rounds[0].spec, false)),
            (S{"load", "barrier"}));
  EXPECT_EQ(Tags(p, HighlightedLines(p, t.meta.algorithm, t.rounds[2].spec, false)),
            (S{"loop", "swap", "step", "step", "barrier"}));
  EXPECT_TRUE(MissingTags(p, Algorithm::kHillisSteele).empty());
}

TEST(KernelSource, BlellochRoundsOfTheWorkedExample) {
  const Trace t = Sim(Algorithm::kBlelloch);
  const CodeListing k = KernelListing(Algorithm::kBlelloch);
  ASSERT_EQ(t.rounds.size(), 8u);  // load, 3 up-sweep, seed, 3 down-sweep
  EXPECT_EQ(Tags(k, HighlightedLines(k, t.meta.algorithm, t.rounds[0].spec, false)),
            (S{"load", "barrier"}));
  std::vector<int> up;
  for (int r = 1; r <= 3; ++r) {
    up = HighlightedLines(k, t.meta.algorithm, t.rounds[r].spec, false);
    EXPECT_EQ(Tags(k, up), (S{"up-loop", "up-step", "barrier"})) << r;
    EXPECT_NE(k.lines[up[1]].text.find("BlellochUpSweepStep"), std::string::npos);
  }
  const std::vector<int> seed = HighlightedLines(k, t.meta.algorithm, t.rounds[4].spec, false);
  EXPECT_EQ(Tags(k, seed), (S{"seed", "barrier"}));
  EXPECT_NE(k.lines[seed[0]].text.find("BlellochSeedStep"), std::string::npos);
  EXPECT_NE(k.lines[seed[1]].text.find("__syncthreads"), std::string::npos);
  EXPECT_EQ(seed[1], seed[0] + 1);
  EXPECT_GT(seed[0], up.back());  // the seed's barrier is not the up-sweep's
  for (int r = 5; r <= 7; ++r) {
    const bool last = r == 7;
    const std::vector<int> down = HighlightedLines(k, t.meta.algorithm, t.rounds[r].spec, last);
    EXPECT_EQ(Tags(k, down), last ? (S{"down-loop", "down-step", "barrier", "store"})
                                  : (S{"down-loop", "down-step", "barrier"}));
    EXPECT_GT(down.front(), seed.back());
    EXPECT_NE(k.lines[down[1]].text.find("BlellochDownSweepStep"), std::string::npos);
  }

  const CodeListing p = PseudoCodeListing(Algorithm::kBlelloch, OpKind::kMax);
  EXPECT_EQ(Tags(p, HighlightedLines(p, t.meta.algorithm, t.rounds[4].spec, false)),
            (S{"seed", "barrier"}));
  EXPECT_EQ(Tags(p, HighlightedLines(p, t.meta.algorithm, t.rounds[1].spec, false)),
            (S{"up-loop", "up-step", "up-step", "barrier"}));
  EXPECT_TRUE(ListingContains(p, "max(B[k - stride], B[k])"));
  EXPECT_TRUE(MissingTags(p, Algorithm::kBlelloch).empty());
}

// The optional conversion round lights its own step and swap, never the scan loop's.
TEST(KernelSource, ConversionRounds) {
  for (Algorithm a : {Algorithm::kHillisSteele, Algorithm::kBlelloch}) {
    ScanRequest request{a, OpKind::kAdd, ElementType::kInt32, kExample};
    request.convert = true;
    const Trace t = Simulate(request);
    ASSERT_EQ(t.rounds.back().spec.phase, Phase::kConvert);
    const CodeListing k = KernelListing(a);
    const std::vector<int> lines = HighlightedLines(k, a, t.rounds.back().spec, true);
    const bool hs = a == Algorithm::kHillisSteele;
    EXPECT_EQ(Tags(k, lines), hs ? (S{"swap", "swap", "convert", "barrier", "store"})
                                 : (S{"convert", "barrier", "store"}));
    const std::vector<int> scan = HighlightedLines(k, a, t.rounds[1].spec, false);
    EXPECT_LT(scan.back(), lines.front()) << ToString(a);
    const CodeListing p = PseudoCodeListing(a);
    EXPECT_EQ(Tags(p, HighlightedLines(p, a, t.rounds.back().spec, false)),
              hs ? (S{"swap", "convert", "barrier"}) : (S{"convert", "barrier"}));
  }
}

}  // namespace
}  // namespace scanviz::teach
