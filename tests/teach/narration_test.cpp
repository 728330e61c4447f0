// The narration: the worked example's real values round by round, and short, sane text for every
// size, operator and type.
#include <gtest/gtest.h>

#include "core/input.h"
#include "core/simulator.h"
#include "teach/narration.h"

namespace scanviz::teach {
namespace {

const std::vector<double> kExample = {3, 1, 7, 0, 4, 1, 6, 3};

std::vector<Narration> Narrate(Algorithm algorithm, const std::vector<double>& input,
                               OpKind op = OpKind::kAdd, ElementType type = ElementType::kInt32) {
  const Trace t = Simulate(ScanRequest{algorithm, op, type, input});
  return NarrateTrace(t, Analyze(t));
}

std::string Joined(const Narration& n) {
  std::string out = n.title;
  for (const std::string& p : n.paragraphs) out += "\n" + p;
  return out;
}

#define EXPECT_HAS(text, needle)                                                              \
  EXPECT_NE((text).find(needle), std::string::npos) << "missing \"" << (needle) << "\" in:\n" \
                                                    << (text)

TEST(Narration, HillisSteeleWorkedExample) {
  const std::vector<Narration> n = Narrate(Algorithm::kHillisSteele, kExample);
  ASSERT_EQ(n.size(), 5u);  // 4 rounds + summary
  const std::string r0 = Joined(n[0]), r1 = Joined(n[1]), r2 = Joined(n[2]), r3 = Joined(n[3]);
  EXPECT_HAS(r0, "[3, 1, 7, 0, 4, 1, 6, 3]");
  EXPECT_HAS(r1, "Round 1, stride 1");
  EXPECT_HAS(r1, "position 0 has nothing");
  EXPECT_HAS(r1, "6 + 3 = 9");  // position 7 of buf[1]
  EXPECT_HAS(r1, "Why two buffers");
  EXPECT_HAS(r1, "see 4 instead of 1");  // thread 2 racing thread 1 with one buffer
  EXPECT_HAS(r2, "Threads 2 to 7 each add the value 2 places to their left");
  EXPECT_HAS(r2, "positions 0 and 1 have nothing");
  EXPECT_HAS(r2, "5 + 9 = 14");
  EXPECT_HAS(r2, "position 2 (Case 2) becomes 3 + 8 = 11");
  EXPECT_EQ(r2.find("Why two buffers"), std::string::npos);
  EXPECT_HAS(r3, "11 + 14 = 25");
  EXPECT_HAS(r3, "Position 7 is Case 1");
  EXPECT_HAS(r3, "inputs 0 to 7");
  EXPECT_HAS(r3, "position 6 (Case 2) becomes 11 + 11 = 22");
  EXPECT_HAS(r3, "Case 3 (no left neighbour, copied) positions 0 to 3");
  EXPECT_HAS(r3, "inclusive scan: [3, 4, 11, 11, 15, 16, 22, 25]");
  const std::string summary = Joined(n[4]);
  EXPECT_HAS(summary, "Work: 17 operator applications, against n - 1 = 7");
  EXPECT_HAS(summary, "Depth: 3 rounds");
  EXPECT_HAS(summary, "Blelloch does 14 operator applications in 6 rounds");
}

TEST(Narration, BlellochWorkedExample) {
  const std::vector<Narration> n = Narrate(Algorithm::kBlelloch, kExample);
  ASSERT_EQ(n.size(), 9u);  // 8 rounds + summary
  EXPECT_HAS(Joined(n[1]), "positions 1, 3, 5 and 7");
  EXPECT_HAS(Joined(n[1]), "6 + 3 = 9");
  EXPECT_HAS(Joined(n[1]), "Why one buffer");
  EXPECT_HAS(Joined(n[2]), "half as many");
  EXPECT_HAS(Joined(n[3]), "11 + 14 = 25");
  EXPECT_HAS(Joined(n[3]), "The root, position 7, now holds the sum of the whole array: 25");
  const std::string seed = Joined(n[4]);
  EXPECT_HAS(seed, "position 7");
  EXPECT_HAS(seed, "identity 0");
  EXPECT_HAS(seed, "(25)");
  EXPECT_HAS(seed, "exclusive");
  EXPECT_HAS(Joined(n[5]), "position 7 becomes 0 + 11 = 11");
  EXPECT_HAS(Joined(n[5]), "position 3 receives 0");
  EXPECT_HAS(Joined(n[6]), "position 7 becomes 11 + 5 = 16");
  EXPECT_HAS(Joined(n[7]), "exclusive scan [0, 3, 4, 11, 11, 15, 16, 22]");
  EXPECT_HAS(Joined(n[8]), "Each sweep applies it n' - 1 = 7 times, 2(n' - 1) = 14 in all");
}

// Sklansky on the chapters' example: the blocks and who reads which cell, a worked cell with the
// trace's values, the one-buffer argument in round 1, the broadcast from round 2 on; its
// conversion into registers; the summary by Brent's count against the other corners.
TEST(Narration, SklanskyWorkedExample) {
  const std::vector<Narration> n = Narrate(Algorithm::kSklansky, kExample);
  ASSERT_EQ(n.size(), 5u);  // 4 rounds + summary
  const std::string r1 = Joined(n[1]), r2 = Joined(n[2]), r3 = Joined(n[3]);
  EXPECT_HAS(r1, "Round 1, stride 1");
  EXPECT_HAS(r1, "4 blocks of 2 cells");
  EXPECT_HAS(r1, "position 7 reads position 6");
  EXPECT_HAS(r1, "6 + 3 = 9");
  EXPECT_HAS(r1, "Why one buffer is enough");
  EXPECT_HAS(r2, "positions 2 and 3 read position 1; positions 6 and 7 read position 5");
  EXPECT_HAS(r2, "5 + 9 = 14, the sum of inputs 4 to 7");
  EXPECT_HAS(r2, "broadcast");
  EXPECT_HAS(r3, "positions 4 to 7 read position 3");
  EXPECT_HAS(r3, "11 + 14 = 25, the sum of inputs 0 to 7");
  EXPECT_HAS(r3, "inclusive scan [3, 4, 11, 11, 15, 16, 22, 25]");
  const std::string summary = Joined(n[4]);
  EXPECT_HAS(summary, "n'/2 log2 n' = 12");
  EXPECT_HAS(summary, "Sklansky and Hillis-Steele take the same 3 rounds, so Sklansky, with less "
                      "work (12 against 17), is ahead for every p");
  EXPECT_HAS(summary, "fan-out");
  // Padding (n = 6, n' = 8) and the conversion into the register x.
  ScanRequest request{Algorithm::kSklansky, OpKind::kAdd, ElementType::kInt32,
                      {3, 1, 7, 0, 4, 1}, true};
  const Trace t = Simulate(request);
  const std::vector<Narration> c = NarrateTrace(t, Analyze(t));
  ASSERT_EQ(c.size(), 6u);
  EXPECT_HAS(Joined(c[0]), "threads 6 and 7 write the identity 0 into positions 6 and 7");
  EXPECT_HAS(Joined(c[4]), "into its register x");
  EXPECT_HAS(Joined(c[4]), "exclusive scan is [0, 3, 4, 11, 11, 15]");
  EXPECT_HAS(Joined(c[5]), "1 round needs none");
}

TEST(Narration, PaddingAndSingleElement) {
  const std::string load = Joined(Narrate(Algorithm::kBlelloch, {5, 2, 9, 1, 4})[0]);
  EXPECT_HAS(load, "n' = 8");
  EXPECT_HAS(load, "threads 5 to 7 write the identity 0 into positions 5 to 7");
  const std::string summary = Joined(Narrate(Algorithm::kBlelloch, {5, 2, 9, 1, 4}).back());
  EXPECT_HAS(summary, "against n - 1 = 4 for a sequential loop");
  EXPECT_HAS(summary, "Each sweep applies it n' - 1 = 7 times, 2(n' - 1) = 14 in all");
  EXPECT_HAS(summary, "the 3 padding cells");

  const std::vector<Narration> hs = Narrate(Algorithm::kHillisSteele, {42});
  ASSERT_EQ(hs.size(), 2u);
  EXPECT_HAS(Joined(hs[0]), "loop never runs");
  EXPECT_HAS(Joined(hs[1]), "Work: 0 operator applications");
  const std::vector<Narration> bl = Narrate(Algorithm::kBlelloch, {42});
  ASSERT_EQ(bl.size(), 3u);  // load, seed, summary
  EXPECT_HAS(Joined(bl[1]), "(42)");
  EXPECT_HAS(Joined(bl[1]), "[0]");
}

TEST(Narration, Conversion) {
  ScanRequest request{Algorithm::kBlelloch, OpKind::kAdd, ElementType::kInt32, kExample};
  request.convert = true;
  Trace t = Simulate(request);
  std::vector<Narration> n = NarrateTrace(t, Analyze(t));
  ASSERT_EQ(n.size(), 10u);
  EXPECT_HAS(Joined(n[7]), "exclusive scan [0, 3, 4, 11, 11, 15, 16, 22]");
  EXPECT_HAS(Joined(n[8]), "Position 7 becomes 22 + 3 = 25");
  EXPECT_HAS(Joined(n[9]), "The inclusive scan of");
  request.algorithm = Algorithm::kHillisSteele;
  t = Simulate(request);
  n = NarrateTrace(t, Analyze(t));
  ASSERT_EQ(n.size(), 6u);
  EXPECT_HAS(Joined(n[4]), "exclusive scan is [0, 3, 4, 11, 11, 15, 16, 22]");
  EXPECT_HAS(Joined(n[5]), "The exclusive scan of");
}

// Hillis-Steele and Sklansky share their rounds' titles (text::StrideRoundTitle): the load, a
// stride round, the conversion.
TEST(Narration, StrideRoundTitles) {
  for (Algorithm a : {Algorithm::kHillisSteele, Algorithm::kSklansky}) {
    ScanRequest request{a, OpKind::kAdd, ElementType::kInt32, kExample};
    request.convert = true;
    const Trace t = Simulate(request);
    const std::vector<Narration> n = NarrateTrace(t, Analyze(t));
    ASSERT_EQ(n.size(), 6u) << ToString(a);  // load, 3 rounds, the conversion, the summary
    EXPECT_EQ(n[0].title, "Round 0: load") << ToString(a);
    EXPECT_EQ(n[2].title, "Round 2, stride 2") << ToString(a);
    EXPECT_EQ(n[4].title, "Conversion") << ToString(a);
  }
}

TEST(Narration, OperatorsAndTypes) {
  const std::string max = Joined(Narrate(Algorithm::kHillisSteele, kExample, OpKind::kMax)[3]);
  EXPECT_HAS(max, "max(7, 6) = 7");
  EXPECT_HAS(max, "keep the larger");
  const std::string seed = Joined(Narrate(Algorithm::kBlelloch, kExample, OpKind::kMin)[4]);
  EXPECT_HAS(seed, "identity 2147483647");
  const std::string f = Joined(
      Narrate(Algorithm::kHillisSteele, {0.5, 1.25, -2}, OpKind::kAdd, ElementType::kFloat32)[2]);
  EXPECT_HAS(f, "0.5 + -0.75 = -0.25");
  const std::string fmax = Joined(
      Narrate(Algorithm::kBlelloch, {0.5, 1.25, -2}, OpKind::kMax, ElementType::kFloat32)[0]);
  EXPECT_HAS(fmax, "identity -inf");
}

// `last` is not commutative: the narration says so where the order first matters, with the
// operands in the kernel's order, and says nothing of it for the commutative operators.
TEST(Narration, LastExplainsOperandOrder) {
  const std::vector<double> input = {0, 5, 0, 0, 2, 0, 7, 0};
  const std::vector<Narration> hs = Narrate(Algorithm::kHillisSteele, input, OpKind::kLast);
  EXPECT_HAS(Joined(hs[1]), "Operand order matters with last");
  EXPECT_HAS(Joined(hs[1]), "pin[i - 1], then pin[i]");
  EXPECT_HAS(Joined(hs[1]), "keep their own value if it is not zero");
  EXPECT_HAS(Joined(hs[1]), "last(7, 0) = 7");  // position 7: last(pin[6], pin[7])
  EXPECT_EQ(Joined(hs[2]).find("Operand order"), std::string::npos);
  const std::vector<Narration> b = Narrate(Algorithm::kBlelloch, input, OpKind::kLast);
  EXPECT_HAS(Joined(b[5]), "the parent's prefix (everything before the node), then the left");
  EXPECT_HAS(Joined(b[6]), "last(5, 2) = 2");  // down-sweep 2 at position 7: prefix first
  EXPECT_HAS(Joined(b[1]), "the last non-zero value of the 2 cells ending at it");
  for (const Narration& x : Narrate(Algorithm::kHillisSteele, input, OpKind::kAdd))
    EXPECT_EQ(Joined(x).find("Operand order"), std::string::npos);
}

TEST(Narration, EverySizeStaysShort) {
  for (int n : {1, 2, 3, 5, 7, 8, 9, 31, 33, 255, 1000, 1024}) {
    for (Algorithm a : {Algorithm::kHillisSteele, Algorithm::kBlelloch, Algorithm::kSklansky}) {
      for (OpKind op : kAllOps) {
        for (ElementType type : {ElementType::kInt32, ElementType::kFloat32}) {
          ScanRequest request{a, op, type, RandomValues(n, 7u * n, type, -50, 50)};
          request.convert = n % 2 == 1;  // odd sizes also narrate the conversion round
          const Trace t = Simulate(request);
          const std::vector<Narration> all = NarrateTrace(t, Analyze(t));
          for (const Narration& x : all) {
            ASSERT_FALSE(x.title.empty());
            ASSERT_FALSE(x.paragraphs.empty()) << x.title;
            for (const std::string& p : x.paragraphs) {
              EXPECT_LT(p.size(), 900u)
                  << "n=" << n << " " << ToString(a) << " " << x.title << ":\n"
                  << p;
              EXPECT_EQ(p.find("nan"), std::string::npos) << p;
              // A correct trace is always told: the fallbacks for broken ones never show.
              EXPECT_EQ(p.find("cannot be narrated"), std::string::npos) << x.title << ": " << p;
              EXPECT_EQ(p.find("fails the self-check"), std::string::npos) << x.title << ": " << p;
            }
          }
        }
      }
    }
  }
}

#define EXPECT_LACKS(text, needle)                                                         \
  EXPECT_EQ((text).find(needle), std::string::npos) << "unexpected \"" << (needle) << "\" in:\n" \
                                                    << (text)

// The trade-off told from the numbers at this n, not the slogan: at n = 6 Hillis-Steele does
// less work than Blelloch (11 against 14, Blelloch sweeps 8 padded positions twice).
TEST(Narration, TheTradeoffSaysWhatTheNumbersSay) {
  const std::string six = Joined(Narrate(Algorithm::kHillisSteele, {1, 2, 3, 4, 5, 6}).back());
  EXPECT_HAS(six, "Hillis-Steele does no more work than Blelloch (11 against 14");
  EXPECT_HAS(six, "all 8 positions of the padded array");
  EXPECT_LACKS(six, "buys its short depth");
  const std::string eight = Joined(Narrate(Algorithm::kHillisSteele, kExample).back());
  EXPECT_HAS(eight, "Hillis-Steele buys its 3 fewer rounds with 3 more operator applications");
  const std::string bl = Joined(Narrate(Algorithm::kBlelloch, kExample).back());
  EXPECT_HAS(bl, "Blelloch saves 3 operator applications and pays with 3 more rounds");
  for (int n : {2, 3, 5, 7, 9, 10, 11, 17, 18}) {
    const std::string s =
        Joined(Narrate(Algorithm::kHillisSteele, std::vector<double>(n, 1)).back());
    EXPECT_HAS(s, "does no more work than Blelloch");
  }
}

// The chapters' arguments where they belong: no "earlier rounds" before there are any, the
// down-sweep's own one-buffer argument, a right shift called a right shift, and the operator's
// own word under max (no "total").
TEST(Narration, EachRoundsArgumentFitsThatRound) {
  const std::vector<Narration> bl = Narrate(Algorithm::kBlelloch, kExample);
  EXPECT_LACKS(Joined(bl[1]), "earlier rounds");
  EXPECT_HAS(Joined(bl[1]), "Cells not written keep their input");
  EXPECT_HAS(Joined(bl[2]), "partial sums of earlier rounds");
  EXPECT_HAS(Joined(bl[1]), "one buffer is enough in the up-sweep");
  EXPECT_HAS(Joined(bl[5]), "one buffer is still enough in the down-sweep");
  EXPECT_LACKS(Joined(bl[6]), "one buffer is still enough");

  const Trace hs = Simulate(ScanRequest{Algorithm::kHillisSteele, OpKind::kAdd,
                                        ElementType::kInt32, kExample, /*convert=*/true});
  const std::string convert = Joined(NarrateTrace(hs, Analyze(hs))[4]);
  EXPECT_HAS(convert, "one place to the right");
  EXPECT_LACKS(convert, "to the left");

  const std::string seed = Joined(Narrate(Algorithm::kBlelloch, kExample, OpKind::kMax)[4]);
  EXPECT_HAS(seed, "The maximum of the whole array, 7, is overwritten");
  EXPECT_LACKS(seed, "total");
}

// Issue #26, items 9 to 11: what the narration says of warps, idempotent operators, the
// conversion's work and a single active thread, each against the trace's own numbers.
TEST(Narration, WarpsIdempotentOperatorsConversionAndGrammar) {
  // A warp has 32 lanes; n = 8 runs 8 of them, with no block barrier (the summary said two).
  const std::vector<Narration> ws = Narrate(Algorithm::kWarpShuffle, kExample);
  EXPECT_HAS(Joined(ws[0]), "one warp, 8 of whose 32 lanes run");
  EXPECT_LACKS(Joined(ws[0]), "one warp of 8 lanes");
  EXPECT_HAS(Joined(ws.back()), "needs no block barrier while the block is one warp");
  EXPECT_LACKS(Joined(ws.back()), "needs only two block barriers");
  const std::vector<Narration> ws13 = Narrate(Algorithm::kWarpShuffle, std::vector<double>(13, 1));
  EXPECT_HAS(Joined(ws13[0]), "Threads 13 to 15 exist only to make the block a power of two");
  const std::vector<Narration> ws100 =
      Narrate(Algorithm::kWarpShuffle, std::vector<double>(100, 1));
  EXPECT_HAS(Joined(ws100.back()), "needs only two block barriers, whatever n");

  // With max, reading a value twice changes no result: the example is given with add.
  const std::string hs_max = Joined(Narrate(Algorithm::kHillisSteele, kExample, OpKind::kMax)[1]);
  EXPECT_HAS(hs_max, "With max that does no harm to the values");
  // 4 + 7 holds inputs 0 to 2, input 0 once: the double count comes in round 2 (issue #37).
  EXPECT_HAS(hs_max, "compute 4 + 7 instead of 1 + 7, inputs 0 to 2 where only 1 to 2 belong");
  EXPECT_LACKS(hs_max, "counting input 0 twice");
  EXPECT_LACKS(hs_max, "max(3, 7) instead of max(1, 7)");
  const std::string hs_add = Joined(Narrate(Algorithm::kHillisSteele, kExample)[1]);
  EXPECT_HAS(hs_add, "compute 4 + 7 instead of 1 + 7, inputs 0 to 2 where only 1 to 2 belong");
  EXPECT_HAS(hs_add, "In round 2 thread 2 adds position 0, input 0, once more");

  // Blelloch with the conversion: its 8 applications are said, and the total.
  const Trace bl = Simulate(ScanRequest{Algorithm::kBlelloch, OpKind::kAdd, ElementType::kInt32,
                                        kExample, /*convert=*/true});
  const std::string summary = Joined(NarrateTrace(bl, Analyze(bl)).back());
  EXPECT_HAS(summary, "2(n' - 1) = 14 for the sweeps");
  EXPECT_HAS(summary, "The conversion round adds 8 more");
  EXPECT_HAS(summary, "22 in all");

  // "1 of them applies", not "apply".
  const Trace hs = Simulate(ScanRequest{Algorithm::kHillisSteele, OpKind::kAdd,
                                        ElementType::kInt32, {3, 1, 7, 0, 4}, /*convert=*/false});
  const std::string round3 = Joined(NarrateTrace(hs, Analyze(hs))[3]);
  EXPECT_HAS(round3, "5 threads are active, 1 of them applies the operator");
}

}  // namespace
}  // namespace scanviz::teach
