// Bank-conflict degrees per round against hand counts. Model (teach/banks.h): word a is in bank
// a mod 32; an access's degree is the most distinct words any one bank serves; each of a step's
// reads and writes, per branch (action kind), is one access per warp.
//
// Blelloch, buffer at word 0, thread t at stride s works on index(t) = 2s(t + 1) - 1 and reads
// index(t) - s (read 1) and index(t) (read 2), writes index(t) (and index(t) - s in the
// down-sweep). Threads t < n' / (2s) work, packed into the low warps.
//
// Unpadded, a full warp (t = 32w + l, l = 0..31): 2s(t + 1) mod 32 repeats every 16 / s lanes
// when 2s <= 32, so the 32 lanes share 16 / s banks, 2s distinct words each: degree 2s. When
// 2s >= 32 every lane's word is in one bank: degree = the number of working lanes.
//   n' = 1024 up-sweep round k (s = 2^(k-1), 512 / s threads):
//     k:      1  2  3  4   5   6   7  8  9  10
//     s:      1  2  4  8  16  32  64 128 256 512
//     lanes: 32 32 32 32  32  16   8  4  2   1   (per running warp)
//     degree: 2  4  8 16  32  16   8  4  2   1
//   e.g. k = 5: read 2 at 32(t + 1) - 1 = 32t + 31, all in bank 31; read 1 at 32t + 15, bank 15.
//   Down-sweep round r has stride 512 / 2^(r-1) and 2^(r-1) threads: degrees
//     r: 1..10 -> 1 2 4 8 16 32 16 8 4 2.
//
// Padded (p -> p + p / 32), for n' = 1024 every access is conflict-free:
//   s = 1:  read 2 at p = 64w + 2l + 1, p / 32 = 2w + [l >= 16]; bank = (2w + 2l + 1 + [l >= 16])
//           mod 32: lanes 0..15 take the 16 odd banks, lanes 16..31 the 16 even ones: degree 1.
//   s = 2:  l = 8q + r: p = 128w + 4l + 3, p / 32 = 4w + q; bank = (4r + q + 3 + 4w) mod 32, and
//           4r + q (r < 8, q < 4) takes 32 values: 1. (s = 4, 8 alike: 8r + q, 16r + q.)
//   s = 16: p = 32t + 31, p / 32 = t; word 33t + 31, bank (t + 31) mod 32: 32 banks: 1.
//   s = 32: 16 lanes, p = 64t + 63, p / 32 = 2t + 1; word 66t + 64, bank 2t: 16 banks: 1.
//   s = 64: 8 lanes, word 132t + 130, bank 4t + 2: 1. (s = 128, 256 alike; s = 512: one lane.)
//   (At n' = 2048, s = 32 would fill a warp and lanes t and t + 16 share bank 2t: 2-way; the
//   CUDA samples' second term, p >> 10, is for that. Not reachable at n <= 1024.)
//
// The chapters' example n = 8: every word lies in 0..15 (Hillis-Steele's two buffers of 8) or
// 0..7 (Blelloch's one), under 32 words, so no two distinct words share a bank: degree 1
// throughout, padded or not (p / 32 = 0).
#include <gtest/gtest.h>

#include "core/algorithms/blelloch.h"
#include "core/algorithms/hillis_steele.h"
#include "core/algorithms/warp_shuffle.h"
#include "core/registry.h"
#include "core/simulator.h"
#include "teach/banks.h"

namespace scanviz::teach {
namespace {

const std::vector<double> kExample = {3, 1, 7, 0, 4, 1, 6, 3};

Trace Scan(Algorithm a, std::vector<double> input) {
  return Simulate(ScanRequest{a, OpKind::kAdd, ElementType::kInt32, std::move(input)});
}
Trace Scan(Algorithm a, int n) {
  return Scan(a, std::vector<double>(static_cast<size_t>(n), 1.0));
}

int RoundIndex(const Trace& t, PhaseId phase, int phase_round) {
  for (size_t i = 0; i < t.rounds.size(); ++i)
    if (t.rounds[i].spec.phase == phase && t.rounds[i].spec.phase_round == phase_round)
      return static_cast<int>(i);
  ADD_FAILURE() << "no round " << int(phase) << "/" << phase_round;
  return 0;
}

TEST(Banks, ChaptersExampleHasNoConflicts) {
  for (Algorithm a : {Algorithm::kHillisSteele, Algorithm::kBlelloch}) {
    const Trace t = Scan(a, kExample);
    for (bool padded : {false, true}) {
      const std::vector<RoundBanks> rounds = AnalyzeBanks(t, BankOptions{padded});
      ASSERT_EQ(rounds.size(), t.rounds.size());
      for (size_t r = 0; r < rounds.size(); ++r)
        EXPECT_EQ(rounds[r].worst_degree, 1) << ToString(a) << " round " << r << " " << padded;
    }
  }
  // Blelloch n = 8 up-sweep stride 1: 4 lanes read 0, 2, 4, 6 and 1, 3, 5, 7, write 1, 3, 5, 7:
  // three accesses of one transaction each.
  const Trace bl = Scan(Algorithm::kBlelloch, kExample);
  const RoundBanks up1 = AnalyzeBanks(bl, RoundIndex(bl, blelloch::kUpSweep, 1));
  ASSERT_EQ(up1.accesses.size(), 3u);
  EXPECT_EQ(up1.transactions, 3);
  EXPECT_EQ(up1.accesses[0].lanes.size(), 4u);
  EXPECT_EQ(up1.accesses[1].lanes[3].address, 7);
  // Hillis-Steele n = 8 stride 4: lanes 0..3 copy pin[t] to pout[t], lanes 4..7 add pin[t - 4]
  // and pin[t]: two branches, so read 1 and write 1 are two instructions each, read 2 one: 5.
  // pin is buf[0] (words 0..7) in round 1 and 3, pout buf[1] at words 8..15.
  const Trace hs = Scan(Algorithm::kHillisSteele, kExample);
  const RoundBanks s4 = AnalyzeBanks(hs, RoundIndex(hs, hillis_steele::kScan, 3));
  EXPECT_EQ(s4.accesses.size(), 5u);
  EXPECT_EQ(s4.transactions, 5);
  for (const WarpAccess& a : s4.accesses) {
    if (!a.write) continue;
    EXPECT_EQ(a.lanes.front().address, 8 + a.lanes.front().lane);
  }
}

TEST(Banks, Blelloch1024WithoutPadding) {
  const Trace t = Scan(Algorithm::kBlelloch, 1024);
  const int up[] = {2, 4, 8, 16, 32, 16, 8, 4, 2, 1};
  const int down[] = {1, 2, 4, 8, 16, 32, 16, 8, 4, 2};
  for (int k = 1; k <= 10; ++k) {
    EXPECT_EQ(AnalyzeBanks(t, RoundIndex(t, blelloch::kUpSweep, k)).worst_degree, up[k - 1]) << k;
    EXPECT_EQ(AnalyzeBanks(t, RoundIndex(t, blelloch::kDownSweep, k)).worst_degree, down[k - 1])
        << k;
  }
  // Up-sweep round 1: 16 warps x 3 accesses x 2 transactions.
  EXPECT_EQ(AnalyzeBanks(t, RoundIndex(t, blelloch::kUpSweep, 1)).transactions, 96);
  // Round 5 (stride 16): one warp; read 1 at 32t + 15 (bank 15), read 2 and write 1 at 32t + 31
  // (bank 31): 3 x 32.
  const RoundBanks r5 = AnalyzeBanks(t, RoundIndex(t, blelloch::kUpSweep, 5));
  ASSERT_EQ(r5.accesses.size(), 3u);
  EXPECT_EQ(r5.transactions, 96);
  EXPECT_EQ(r5.accesses[0].worst_bank, 15);
  EXPECT_EQ(r5.accesses[1].worst_bank, 31);
  EXPECT_EQ(r5.accesses[1].LanesInBank(31).size(), 32u);
  EXPECT_EQ(r5.accesses[1].lanes[1].address, 63);
  // Down-sweep round 6 (stride 16): 4 accesses (2 reads, 2 writes) x 32.
  EXPECT_EQ(AnalyzeBanks(t, RoundIndex(t, blelloch::kDownSweep, 6)).transactions, 128);
  // The load and the seed: consecutive words, and one word.
  EXPECT_EQ(AnalyzeBanks(t, 0).worst_degree, 1);
  EXPECT_EQ(AnalyzeBanks(t, 0).transactions, 32);
  EXPECT_EQ(AnalyzeBanks(t, RoundIndex(t, blelloch::kSeed, 1)).worst_degree, 1);
}

TEST(Banks, Blelloch1024WithPaddingIsConflictFree) {
  const Trace t = Scan(Algorithm::kBlelloch, 1024);
  const std::vector<RoundBanks> rounds = AnalyzeBanks(t, {.padded = true});
  for (size_t r = 0; r < rounds.size(); ++r) EXPECT_EQ(rounds[r].worst_degree, 1) << r;
  // The same accesses, one transaction each: round 1 16 warps x 3, round 5 one warp x 3.
  EXPECT_EQ(rounds[static_cast<size_t>(RoundIndex(t, blelloch::kUpSweep, 1))].transactions, 48);
  const RoundBanks& r5 = rounds[static_cast<size_t>(RoundIndex(t, blelloch::kUpSweep, 5))];
  EXPECT_EQ(r5.transactions, 3);
  // Lane 1 of read 2: p = 63 -> word 63 + 1 = 64, bank 0; lane 0: word 31, bank 31.
  EXPECT_EQ(r5.accesses[1].lanes[1].address, 64);
  EXPECT_EQ(r5.accesses[1].lanes[1].bank, 0);
  EXPECT_EQ(r5.accesses[1].lanes[0].bank, 31);
  EXPECT_EQ(r5.accesses[1].DistinctBanks(), 32);
  // Round 6 (stride 32), lane 15 of read 2: p = 64 x 15 + 63 = 1023 -> 1023 + 31 = 1054, bank 30.
  const RoundBanks& r6 = rounds[static_cast<size_t>(RoundIndex(t, blelloch::kUpSweep, 6))];
  EXPECT_EQ(r6.accesses[1].lanes[15].address, 1054);
  EXPECT_EQ(r6.accesses[1].lanes[15].bank, 30);
  EXPECT_EQ(SharedLayout(t, {.padded = true}).words(), 1055);
  EXPECT_EQ(SharedLayout(t, BankOptions{}).words(), 1024);
}

TEST(Banks, HillisSteele1024IsConflictFree) {
  // Each access covers up to 32 consecutive words: 32 distinct banks. buf[1] starts at word 1024.
  const Trace t = Scan(Algorithm::kHillisSteele, 1024);
  for (bool padded : {false, true}) {  // padding is Blelloch's: no effect here
    for (const RoundBanks& r : AnalyzeBanks(t, BankOptions{padded})) EXPECT_EQ(r.worst_degree, 1);
  }
  EXPECT_EQ(SharedLayout(t, BankOptions{}).Address(1, 0), 1024);
  // Stride 16: warp 0 splits into copying lanes 0..15 and adding lanes 16..31 (5 accesses), the
  // other 31 warps add (3): 98 transactions. Stride 512: warps 0..15 only copy (2), 16..31 add (3).
  EXPECT_EQ(AnalyzeBanks(t, RoundIndex(t, hillis_steele::kScan, 5)).transactions, 98);
  EXPECT_EQ(AnalyzeBanks(t, RoundIndex(t, hillis_steele::kScan, 10)).transactions, 80);
}

TEST(Banks, WarpShuffleBroadcastsTheWarpTotals) {
  const Trace t = Scan(Algorithm::kWarpShuffle, 1024);
  // Registers and the global input have no banks: the load and the shuffles touch no shared word.
  EXPECT_EQ(AnalyzeBanks(t, 0).worst_degree, 0);
  EXPECT_EQ(AnalyzeBanks(t, RoundIndex(t, warp_shuffle::kWarpScan, 1)).accesses.size(), 0u);
  // Adding the offsets: all 32 lanes of warp w > 0 read sums[w - 1], one word: a broadcast.
  const RoundBanks add = AnalyzeBanks(t, RoundIndex(t, warp_shuffle::kAddOffset, 1));
  EXPECT_EQ(add.worst_degree, 1);
  EXPECT_EQ(add.transactions, 31);
  EXPECT_EQ(add.accesses[0].lanes.size(), 32u);
  // Warp totals: lane 31 of each warp writes sums[w]: 32 warps x 1.
  const RoundBanks totals = AnalyzeBanks(t, RoundIndex(t, warp_shuffle::kWarpTotals, 1));
  EXPECT_EQ(totals.worst_degree, 1);
  EXPECT_EQ(totals.transactions, 32);
}

// Sklansky, n' = 1024 (32 warps), its one buffer at word 0. Round d (stride s = 2^d): thread i
// works when bit d of i is set; it reads (i >> d << d) - 1 (read 1) and i (read 2), writes i.
//   read 2, write: a warp's working lanes l touch words 32w + l of one 32-word line: distinct
//     banks, degree 1.
//   read 1: the s lanes of a block read one word, a broadcast. s < 32: a warp holds 32 / 2s
//     working blocks whose words 32w + 2sk + s - 1 lie in distinct banks: degree 1, 32 / 2s
//     banks. s >= 32: blocks are whole warps, every working lane reads the same word: degree 1,
//     one bank.
//   Working warps: s < 32 all 32 (16 lanes each); s >= 32 the 16 whose lanes have bit d set.
//   Each working warp makes 3 accesses of one transaction: 96 transactions a round for s < 32,
//   48 for s >= 32.
TEST(Banks, SklanskysBroadcastsAreConflictFree) {
  const Trace t = Scan(Algorithm::kSklansky, 1024);
  EXPECT_FALSE(PaddingApplies(t));  // its registry entry offers no padded layout: none needed
  for (int r = 1; r <= 10; ++r) {
    const int s = 1 << (r - 1);
    const RoundBanks b = AnalyzeBanks(t, r);
    SCOPED_TRACE("stride " + std::to_string(s));
    EXPECT_EQ(b.worst_degree, 1);
    const int warps = s < 32 ? 32 : 16;
    EXPECT_EQ(b.accesses.size(), static_cast<size_t>(3 * warps));
    EXPECT_EQ(b.transactions, 3 * warps);
    for (const WarpAccess& a : b.accesses) {
      EXPECT_EQ(a.lanes.size(), s < 32 ? 16u : 32u);
      if (a.slot == AccessSlot::kRead0) {
        EXPECT_EQ(a.DistinctBanks(), s < 32 ? 16 / s : 1) << "warp " << a.warp;
      }
    }
  }
  // The last round: warps 16..31 each read word 511 with all 32 lanes, one transaction.
  const RoundBanks last = AnalyzeBanks(t, 10);
  const WarpAccess* broadcast = nullptr;
  for (const WarpAccess& a : last.accesses)
    if (a.warp == 20 && a.slot == AccessSlot::kRead0) broadcast = &a;
  ASSERT_NE(broadcast, nullptr);
  for (const LaneAccess& l : broadcast->lanes) EXPECT_EQ(l.address, 511);
  EXPECT_EQ(broadcast->degree, 1);
  EXPECT_EQ(BankSentence(t, 10, last, AnalyzeBanks(t, 10, {.padded = true}), false),
            "Round 10 · stride 512: every warp's access hits distinct banks or one broadcast word: "
            "no conflict.");
}

// Which traces offer the padded layout is the registry's word, not a name compared here.
TEST(Banks, PaddingAppliesWhereTheRegistrySaysSo) {
  for (const AlgorithmInfo* info : Algorithms()) {
    const Trace t = Scan(info->id, 40);
    EXPECT_EQ(PaddingApplies(t), info->padded_layout) << info->key;
    if (!info->padded_layout) {
      // The option changes nothing where it does not apply.
      for (int r = 0; r < static_cast<int>(t.rounds.size()); ++r)
        EXPECT_EQ(AnalyzeBanks(t, r).transactions,
                  AnalyzeBanks(t, r, {.padded = true}).transactions)
            << info->key << " round " << r;
    }
  }
  EXPECT_TRUE(Info(Algorithm::kBlelloch).padded_layout);
}

TEST(Banks, SentenceNamesTheConflictAndWhatPaddingDoes) {
  const Trace t = Scan(Algorithm::kBlelloch, 1024);
  const int r = RoundIndex(t, blelloch::kUpSweep, 5);
  const RoundBanks plain = AnalyzeBanks(t, r), padded = AnalyzeBanks(t, r, {.padded = true});
  EXPECT_EQ(BankSentence(t, r, plain, padded, false),
            "Up-sweep round 5 · stride 16: lanes 0..31 of warp 0 (read 1, buf) hit bank 15: a "
            "32-way conflict, 32 transactions instead of 1. Padding spreads them over 32 banks: "
            "no conflict.");
  EXPECT_EQ(BankSentence(t, r, plain, padded, true),
            "Up-sweep round 5 · stride 16: every warp's access hits distinct banks or one "
            "broadcast word: no conflict. Without padding: a 32-way conflict.");
  const Trace ws = Scan(Algorithm::kWarpShuffle, 64);
  const RoundBanks none = AnalyzeBanks(ws, 1);
  EXPECT_NE(BankSentence(ws, 1, none, none, false).find("no shared-memory access"),
            std::string::npos);
}

}  // namespace
}  // namespace scanviz::teach
