// The code panel: the embedded drivers are the files on disk, their tags are stripped from the
// text, and each round of the worked example lights the lines that run in it.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <sstream>

#include "core/registry.h"
#include "core/simulator.h"
#include "teach/kernel_source.h"
#include "teach/pseudo_code.h"

namespace scanviz::teach {
namespace {

const std::vector<double> kExample = {3, 1, 7, 0, 4, 1, 6, 3};

Trace Sim(Algorithm algorithm, std::vector<double> input = kExample, bool convert = false) {
  return Simulate(ScanRequest{algorithm, OpKind::kAdd, ElementType::kInt32, input, convert});
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
  ASSERT_FALSE(KernelFiles().empty());
  for (const EmbeddedFile& f : KernelFiles()) {
    const std::string path = std::string(SCANVIZ_SOURCE_DIR) + "/" + f.path;
    std::ifstream file(path, std::ios::binary);
    ASSERT_TRUE(file) << path;
    std::stringstream disk;
    disk << file.rdbuf();
    EXPECT_EQ(f.Text(), disk.str()) << path;
  }
}

TEST(KernelSource, EveryAlgorithmHasItsDriverListingWithEveryTag) {
  for (const AlgorithmInfo* info : Algorithms()) {
    SCOPED_TRACE(info->key);
    const CodeListing listing = KernelListing(info->id);
    ASSERT_FALSE(listing.lines.empty());
    ASSERT_NE(KernelFile(info->id), nullptr);
    EXPECT_NE(listing.title.find(KernelFile(info->id)->path), std::string::npos);
    EXPECT_TRUE(ListingContains(listing, "exec.Round"));
    EXPECT_FALSE(ListingContains(listing, "[line:"));
    EXPECT_FALSE(ListingContains(listing, "[kernel:"));
    EXPECT_FALSE(ListingContains(listing, "[/kernel:"));
    for (const CodeLine& line : listing.lines) {
      EXPECT_TRUE(line.text.empty() || line.text.back() != ' ') << line.text;
      // A tagged line keeps its code but loses the now empty comment.
      if (!line.tags.empty()) {
        EXPECT_EQ(line.text.find("//"), std::string::npos) << line.text;
      }
    }
    EXPECT_EQ(MissingTags(listing, info->id), S{});
    EXPECT_EQ(MissingTags(PseudoCodeListing(info->id), info->id), S{});
  }
  // Each listing holds its own driver's steps and no other's.
  const CodeListing hs = KernelListing(Algorithm::kHillisSteele);
  const CodeListing bl = KernelListing(Algorithm::kBlelloch);
  EXPECT_TRUE(ListingContains(hs, "ScanStep("));
  EXPECT_FALSE(ListingContains(hs, "UpSweepStep"));
  EXPECT_TRUE(ListingContains(bl, "UpSweepStep"));
  EXPECT_TRUE(ListingContains(bl, "DownSweepStep"));
  EXPECT_TRUE(ListingContains(KernelListing(Algorithm::kWarpShuffle), "ShuffleScanStep"));
  // Line numbers point into the file: the first listed line follows the opening marker.
  const std::string_view file = KernelFile(Algorithm::kBlelloch)->Text();
  const size_t marker = file.find("// [kernel:blelloch]");
  ASSERT_NE(marker, std::string_view::npos);
  const int marker_line =
      1 + static_cast<int>(std::count(file.begin(), file.begin() + marker, '\n'));
  EXPECT_EQ(bl.lines.front().source_line, marker_line + 1);
}

TEST(KernelSource, ParsesTagsAndRejectsAnUnclosedKernel) {
  const std::string text =
      "x\n// [kernel:blelloch]\n  a = 1;   // [line:seed]\n  b();  // keep [line:store]\n"
      "// [/kernel:blelloch]\n";
  const CodeListing l = ParseKernelListing(text, Algorithm::kBlelloch);
  ASSERT_EQ(l.lines.size(), 2u);
  EXPECT_EQ(l.lines[0].text, "  a = 1;");
  EXPECT_EQ(l.lines[0].tags, S{"seed"});
  EXPECT_EQ(l.lines[1].text, "  b();  // keep");  // a real comment stays
  EXPECT_EQ(l.lines[1].tags, S{"store"});
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
  // Whole statements light: the round's exec.Round(...) call, its lambda and the step it calls.
  EXPECT_EQ(Tags(k, load), (S{"load", "load"}));
  EXPECT_NE(k.lines[load[1]].text.find("LoadStep"), std::string::npos);
  for (int r = 1; r <= 2; ++r) {
    const std::vector<int> lines = HighlightedLines(k, t.meta.algorithm, t.rounds[r].spec, false);
    EXPECT_EQ(Tags(k, lines),
              (S{"loop", "swap", "swap", "swap", "swap", "step", "step", "step", "step"}))
        << r;
    EXPECT_GT(lines.front(), load.back());
    EXPECT_NE(k.lines[lines[lines.size() - 2]].text.find("ScanStep"), std::string::npos);
    EXPECT_NE(k.lines[lines.back()].text.find("});"), std::string::npos);
  }
  const std::vector<int> last = HighlightedLines(k, t.meta.algorithm, t.rounds[3].spec, true);
  EXPECT_EQ(Tags(k, last), (S{"loop", "swap", "swap", "swap", "swap", "step", "step", "step",
                              "step", "store"}));
  EXPECT_NE(k.lines[last.back()].text.find("return pout"), std::string::npos);

  const CodeListing p = PseudoCodeListing(Algorithm::kHillisSteele);
  EXPECT_EQ(Tags(p, HighlightedLines(p, t.meta.algorithm, t.rounds[0].spec, false)),
            (S{"load", "load", "load"}));
  EXPECT_EQ(Tags(p, HighlightedLines(p, t.meta.algorithm, t.rounds[2].spec, false)),
            (S{"loop", "swap", "step", "step", "step"}));
}

TEST(KernelSource, BlellochRoundsOfTheWorkedExample) {
  const Trace t = Sim(Algorithm::kBlelloch);
  const CodeListing k = KernelListing(Algorithm::kBlelloch);
  ASSERT_EQ(t.rounds.size(), 8u);  // load, 3 up-sweep, seed, 3 down-sweep
  EXPECT_EQ(Tags(k, HighlightedLines(k, t.meta.algorithm, t.rounds[0].spec, false)), (S{"load"}));
  // Each sweep is one loop, written once (the wide rounds and the narrow ones near the root, see
  // exec.Narrow, are the same loop run twice): its header lights with the round's statement.
  for (int r = 1; r <= 3; ++r) {
    const std::vector<int> up = HighlightedLines(k, t.meta.algorithm, t.rounds[r].spec, false);
    EXPECT_EQ(Tags(k, up), (S{"up-loop", "up-step", "up-step", "up-step", "up-step"})) << r;
    EXPECT_NE(k.lines[up[0]].text.find("for ("), std::string::npos) << k.lines[up[0]].text;
    EXPECT_NE(k.lines[up[3]].text.find("UpSweepStep"), std::string::npos);
  }
  const std::vector<int> seed = HighlightedLines(k, t.meta.algorithm, t.rounds[4].spec, false);
  EXPECT_EQ(Tags(k, seed), (S{"seed", "seed", "seed"}));
  EXPECT_NE(k.lines[seed[1]].text.find("SeedStep"), std::string::npos);
  for (int r = 5; r <= 7; ++r) {
    const bool last = r == 7;
    const std::vector<int> down = HighlightedLines(k, t.meta.algorithm, t.rounds[r].spec, last);
    S want = {"down-loop", "down-loop", "down-step", "down-step", "down-step", "down-step"};
    if (last) want.push_back("store");
    EXPECT_EQ(Tags(k, down), want);
    EXPECT_NE(k.lines[down[0]].text.find("for ("), std::string::npos) << k.lines[down[0]].text;
    EXPECT_NE(k.lines[down[4]].text.find("DownSweepStep"), std::string::npos);
  }

  const CodeListing p = PseudoCodeListing(Algorithm::kBlelloch, OpKind::kMax);
  EXPECT_EQ(Tags(p, HighlightedLines(p, t.meta.algorithm, t.rounds[4].spec, false)),
            (S{"seed", "seed"}));
  EXPECT_EQ(Tags(p, HighlightedLines(p, t.meta.algorithm, t.rounds[1].spec, false)),
            (S{"up-loop", "up-step", "up-step", "up-step"}));
  EXPECT_TRUE(ListingContains(p, "max(buf[k - stride], buf[k])"));
}

TEST(KernelSource, WarpShuffleRounds) {
  const Trace t = Sim(Algorithm::kWarpShuffle, std::vector<double>(100, 1));
  const CodeListing k = KernelListing(Algorithm::kWarpShuffle);
  std::vector<S> seen;
  for (size_t r = 0; r < t.rounds.size(); ++r)
    seen.push_back(
        Tags(k, HighlightedLines(k, t.meta.algorithm, t.rounds[r].spec, r + 1 == t.rounds.size())));
  ASSERT_EQ(seen.size(), 12u);  // load, 5 warp rounds, totals, totals load, 2 totals rounds,
                                // store of the totals, offsets
  EXPECT_EQ(seen[0], (S{"load"}));
  for (int r = 1; r <= 5; ++r) EXPECT_EQ(seen[r], (S{"loop", "step"})) << r;
  EXPECT_EQ(seen[6], (S{"totals"}));
  EXPECT_EQ(seen[7], (S{"totals-load"}));
  EXPECT_EQ(seen[8], (S{"totals-loop", "totals-step"}));
  EXPECT_EQ(seen[10], (S{"totals-store"}));
  EXPECT_EQ(seen[11], (S{"offset", "store"}));
}

// The optional conversion round lights its own step and swap, never the scan loop's.
TEST(KernelSource, ConversionRounds) {
  for (const AlgorithmInfo* info : Algorithms()) {
    const Algorithm a = info->id;
    const Trace t = Sim(a, kExample, /*convert=*/true);
    ASSERT_EQ(std::string(PhaseName(a, t.rounds.back().spec.phase)), "convert");
    const CodeListing k = KernelListing(a);
    const std::vector<int> lines = HighlightedLines(k, a, t.rounds.back().spec, true);
    const bool hs = a == Algorithm::kHillisSteele;
    // Worked out for the algorithms written before this test; any other lights every line of its
    // driver tagged with the conversion's tags, then the store.
    S want;
    if (hs) {
      want = {"convert-swap", "convert-swap", "convert-swap", "convert-swap", "convert",
              "convert", "convert", "convert", "store"};
    } else if (a == Algorithm::kBlelloch) {
      want = {"convert", "convert", "convert", "store"};
    } else if (a == Algorithm::kWarpShuffle) {
      want = {"convert", "store"};
    } else {
      const RoundTagSet tags = RoundTags(a, t.rounds.back().spec);
      for (const CodeLine& line : k.lines) {
        for (const std::string& tag : line.tags) {
          if (tag == tags.anchor ||
              std::find(tags.context.begin(), tags.context.end(), tag) != tags.context.end()) {
            want.push_back(line.tags.front());  // as Tags() names a line
            break;
          }
        }
      }
      want.push_back("store");
      EXPECT_GT(want.size(), 1u) << info->key << ": no line of its driver is the conversion's";
    }
    EXPECT_EQ(Tags(k, lines), want) << info->key;
    // The conversion lights none of the scan's lines.
    const std::vector<int> scan = HighlightedLines(k, a, t.rounds[1].spec, false);
    for (int i : scan)
      EXPECT_EQ(std::count(lines.begin(), lines.end(), i), 0) << ToString(a) << " line " << i;
    const CodeListing p = PseudoCodeListing(a);
    const S pseudo = Tags(p, HighlightedLines(p, a, t.rounds.back().spec, false));
    if (hs) {
      EXPECT_EQ(pseudo, (S{"convert-swap", "convert", "convert"}));
    } else {
      EXPECT_EQ(pseudo.back(), "convert") << info->key;
      EXPECT_EQ(std::count(pseudo.begin(), pseudo.end(), "swap"), 0) << info->key;
    }
  }
}

// [SECTION] The step beside the loop: the function the round calls, its lines lit by what the
// threads did, with how many threads ran each.

// The thread count of the step's line that holds `needle`.
int Threads(const CodeListing& step, const Round& round, const std::string& needle) {
  const std::vector<int> n = StepLineThreads(step, round);
  for (size_t i = 0; i < step.lines.size(); ++i)
    if (step.lines[i].text.find(needle) != std::string::npos) return n[i];
  ADD_FAILURE() << needle << " not in " << step.title;
  return -1;
}

TEST(StepListing, EachRoundShowsTheStepItCalls) {
  const Trace hs = Sim(Algorithm::kHillisSteele, kExample, /*convert=*/true);
  const CodeListing hk = KernelListing(Algorithm::kHillisSteele);
  const S hs_steps = {"LoadStep", "ScanStep", "ScanStep", "ScanStep", "ToExclusiveStep"};
  ASSERT_EQ(hs.rounds.size(), hs_steps.size());
  for (size_t r = 0; r < hs.rounds.size(); ++r) {
    const CodeListing step = StepListing(hk, Algorithm::kHillisSteele, hs.rounds[r].spec);
    ASSERT_FALSE(step.lines.empty()) << r;
    EXPECT_EQ(step.title.rfind(hs_steps[r], 0), 0u) << step.title;
    EXPECT_NE(step.lines.front().text.find("template"), std::string::npos);
    EXPECT_EQ(step.lines.back().text, "}");
    EXPECT_FALSE(ListingContains(step, "[does:"));
  }
  const Trace bl = Sim(Algorithm::kBlelloch, kExample, /*convert=*/true);
  const CodeListing bk = KernelListing(Algorithm::kBlelloch);
  const S bl_steps = {"LoadStep",      "UpSweepStep",   "UpSweepStep",   "UpSweepStep",
                      "SeedStep",      "DownSweepStep", "DownSweepStep", "DownSweepStep",
                      "ToInclusiveStep"};
  ASSERT_EQ(bl.rounds.size(), bl_steps.size());
  for (size_t r = 0; r < bl.rounds.size(); ++r) {
    const CodeListing step = StepListing(bk, Algorithm::kBlelloch, bl.rounds[r].spec);
    EXPECT_EQ(step.title.rfind(bl_steps[r], 0), 0u) << step.title;
  }
  // The warp-shuffle scan's load is one statement of the loop: no step beside it.
  const Trace ws = Sim(Algorithm::kWarpShuffle, std::vector<double>(100, 1));
  const CodeListing wk = KernelListing(Algorithm::kWarpShuffle);
  EXPECT_TRUE(StepListing(wk, Algorithm::kWarpShuffle, ws.rounds[0].spec).lines.empty());
  EXPECT_EQ(StepListing(wk, Algorithm::kWarpShuffle, ws.rounds[1].spec).title.rfind(
                "ShuffleScanStep", 0),
            0u);
  EXPECT_EQ(StepListing(wk, Algorithm::kWarpShuffle, ws.rounds[8].spec).title.rfind(
                "ShuffleScanStep", 0),
            0u);
}

// Sklansky's steps share Hillis-Steele's names (ScanStep, ToExclusiveStep): each of its rounds
// shows its own driver's step, from sklansky.h. The chapters' example, round 2 (stride 2): all 8
// threads run the guard, positions 2, 3, 6, 7 add; the conversion: thread 0 seeds, 1..7 copy.
TEST(StepListing, AStepComesFromTheAlgorithmsOwnDriverWhenNamesAreShared) {
  const Trace t = Sim(Algorithm::kSklansky, kExample, /*convert=*/true);
  const CodeListing k = KernelListing(Algorithm::kSklansky);
  for (size_t r = 1; r < t.rounds.size(); ++r) {
    const CodeListing step = StepListing(k, Algorithm::kSklansky, t.rounds[r].spec);
    ASSERT_FALSE(step.lines.empty()) << r;
    EXPECT_NE(step.title.find("sklansky.h"), std::string::npos) << step.title;
  }
  const CodeListing scan = StepListing(k, Algorithm::kSklansky, t.rounds[2].spec);
  EXPECT_TRUE(ListingContains(scan, "(tid >> d << d) - 1"));  // the source's formula shows
  EXPECT_EQ(Threads(scan, t.rounds[2], "return ThreadAction{};"), 8);
  EXPECT_EQ(Threads(scan, t.rounds[2], "buf[tid] = op(buf[source], buf[tid]);"), 4);
  const CodeListing conv = StepListing(k, Algorithm::kSklansky, t.rounds[4].spec);
  EXPECT_EQ(Threads(conv, t.rounds[4], "x = Op::Identity();"), 1);
  EXPECT_EQ(Threads(conv, t.rounds[4], "x = buf[tid - 1];"), 7);
  // And Hillis-Steele keeps its own.
  const Trace hs = Sim(Algorithm::kHillisSteele, kExample, /*convert=*/true);
  EXPECT_NE(StepListing(KernelListing(Algorithm::kHillisSteele), Algorithm::kHillisSteele,
                        hs.rounds[4].spec)
                .title.find("hillis_steele.h"),
            std::string::npos);
}

TEST(StepListing, TheLinesLightByWhatTheThreadsDid) {
  // Hillis-Steele on the chapters' example: at stride 1 seven threads add and thread 0 copies;
  // at stride 4, four and four.
  const Trace hs = Sim(Algorithm::kHillisSteele, kExample, /*convert=*/true);
  const CodeListing hk = KernelListing(Algorithm::kHillisSteele);
  const CodeListing scan = StepListing(hk, Algorithm::kHillisSteele, hs.rounds[1].spec);
  EXPECT_EQ(Threads(scan, hs.rounds[1], "if (tid >= n)"), 8);
  EXPECT_EQ(Threads(scan, hs.rounds[1], "if (tid >= stride)"), 8);
  EXPECT_EQ(Threads(scan, hs.rounds[1], "pout[tid] = op(pin[tid - stride], pin[tid]);"), 7);
  EXPECT_EQ(Threads(scan, hs.rounds[1], "pout[tid] = pin[tid];"), 1);
  EXPECT_EQ(Threads(scan, hs.rounds[3], "pout[tid] = op(pin[tid - stride], pin[tid]);"), 4);
  EXPECT_EQ(Threads(scan, hs.rounds[3], "pout[tid] = pin[tid];"), 4);
  const CodeListing conv = StepListing(hk, Algorithm::kHillisSteele, hs.rounds[4].spec);
  EXPECT_EQ(Threads(conv, hs.rounds[4], "pout[0] = Op::Identity();"), 1);
  EXPECT_EQ(Threads(conv, hs.rounds[4], "pout[tid] = pin[tid - 1];"), 7);

  // Blelloch on 5 elements (n' = 8): the load pads three cells with the identity; the index
  // formula runs on every thread, the guarded add on n' / (2 stride) of them.
  const Trace bl = Sim(Algorithm::kBlelloch, {3, 1, 7, 0, 4}, /*convert=*/true);
  const CodeListing bk = KernelListing(Algorithm::kBlelloch);
  const CodeListing load = StepListing(bk, Algorithm::kBlelloch, bl.rounds[0].spec);
  EXPECT_EQ(Threads(load, bl.rounds[0], "buf[tid] = data[tid];"), 5);
  EXPECT_EQ(Threads(load, bl.rounds[0], "buf[tid] = Op::Identity();"), 3);
  const int threads = static_cast<int>(bl.rounds[1].actions.size());
  for (int r = 1; r <= 3; ++r) {
    const CodeListing up = StepListing(bk, Algorithm::kBlelloch, bl.rounds[r].spec);
    EXPECT_EQ(Threads(up, bl.rounds[r], "const int index = Index(tid, stride);"), threads);
    EXPECT_NE(ListingContains(up, "(tid + 1) * stride * 2 - 1"), false);  // the formula shows
    EXPECT_EQ(Threads(up, bl.rounds[r], "buf[index] = op(buf[index - stride], buf[index]);"),
              8 >> r);
  }
  const CodeListing seed = StepListing(bk, Algorithm::kBlelloch, bl.rounds[4].spec);
  EXPECT_EQ(Threads(seed, bl.rounds[4], "buf[padded_n - 1] = Op::Identity();"), 1);
  for (int r = 5; r <= 7; ++r) {
    const CodeListing down = StepListing(bk, Algorithm::kBlelloch, bl.rounds[r].spec);
    EXPECT_EQ(Threads(down, bl.rounds[r], "buf[index - stride] = buf[index];"), 1 << (r - 5));
    EXPECT_EQ(Threads(down, bl.rounds[r], "buf[index] = op(buf[index], left);"), 1 << (r - 5));
  }
  const CodeListing incl = StepListing(bk, Algorithm::kBlelloch, bl.rounds[8].spec);
  EXPECT_EQ(Threads(incl, bl.rounds[8], "buf[tid] = op(buf[tid], data[tid]);"), 5);
}

// Every thread that did something returns through exactly one counted `return`: the tags agree
// with the steps' actions in every round of every algorithm, size and conversion.
TEST(StepListing, TheTagsAgreeWithTheActions) {
  const S known = {"all", "load-input", "load-identity", "copy", "add", "seed", "swap-add",
                   "add-input"};
  for (const AlgorithmInfo* info : Algorithms()) {
    const CodeListing k = KernelListing(info->id);
    for (int n : {1, 5, 8, 33, 100}) {
      for (bool convert : {false, true}) {
        const Trace t = Sim(info->id, std::vector<double>(static_cast<size_t>(n), 2), convert);
        for (size_t r = 0; r < t.rounds.size(); ++r) {
          const CodeListing step = StepListing(k, info->id, t.rounds[r].spec);
          if (step.lines.empty()) continue;
          int returned = 0;
          const std::vector<int> threads = StepLineThreads(step, t.rounds[r]);
          for (size_t i = 0; i < step.lines.size(); ++i) {
            for (const std::string& d : step.lines[i].does)
              EXPECT_NE(std::find(known.begin(), known.end(), d), known.end()) << d;
            const std::string& text = step.lines[i].text;
            if (text.find("return MakeAction(") != std::string::npos ||
                text.find("return a;") != std::string::npos)
              returned += threads[i];
          }
          const auto active = std::count_if(
              t.rounds[r].actions.begin(), t.rounds[r].actions.end(),
              [](const ThreadAction& a) { return a.kind != ActionKind::kIdle; });
          EXPECT_EQ(returned, active) << info->key << " n=" << n << " round " << r;
        }
      }
    }
  }
}

TEST(StepListing, ACutNeedsTheWholeFunction) {
  const std::string text =
      "template <class Op>\nSCANVIZ_HD ThreadAction FooStep(int tid) {\n  return x;  // "
      "[does:add]\n}\n";
  const CodeListing foo = ParseStepFunction(text, "FooStep", "f.h");
  ASSERT_EQ(foo.lines.size(), 4u);
  EXPECT_EQ(foo.title, "FooStep (f.h)");
  EXPECT_EQ(foo.lines[2].text, "  return x;");
  EXPECT_EQ(foo.lines[2].does, S{"add"});
  EXPECT_EQ(foo.lines[0].source_line, 1);
  EXPECT_TRUE(ParseStepFunction(text, "BarStep").lines.empty());
  EXPECT_TRUE(ParseStepFunction(text.substr(0, text.size() - 2), "FooStep").lines.empty());
}

}  // namespace
}  // namespace scanviz::teach
