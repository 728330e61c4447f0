// Shared-memory banks per round of a trace, from the positions each thread's action recorded.
//
// The model (the one every NVIDIA GPU since Kepler follows for 4-byte words): shared memory is 32
// banks of 4-byte words; word address a sits in bank a mod 32. One warp's access to shared memory
// is served in as many transactions as the largest number of DISTINCT words that fall into one
// bank (lanes reading the same word get it by broadcast, not a conflict): that number is the
// access's conflict degree, 1 when conflict-free.
//
// What counts as one access: each of a step's reads and writes (read[0], read[1], write[0],
// write[1]) is its own load or store instruction, and lanes of a warp on different branches (a
// Hillis-Steele round's copying and adding lanes; different ActionKinds) issue different
// instructions, so an access is (warp, slot, action kind), over the lanes that make it. Only
// shared arrays have banks: registers and the global input are skipped.
//
// Addresses: the arrays lie one after another in shared memory in the trace's order, as the
// traced kernel lays them out (core/trace_builder.h's ArrayLayout; 4-byte elements). With
// `padded`, the shared arrays of an algorithm whose registry entry offers it
// (AlgorithmInfo::padded_layout: Blelloch's buffer) are modelled as the conflict-free
// layout of the CUDA samples (GPU Gems 3, ch. 39): position p is stored at p +
// CONFLICT_FREE_OFFSET(p) = p + p / 32, one pad word after every 32. The kernels do not run that
// layout (yet); this is the analysis of its addresses.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/trace.h"

namespace scanviz::teach {

inline constexpr int kBankCount = 32;

struct BankOptions {
  bool padded = false;  // shared arrays at p + p / 32 where the registry offers it (Blelloch)
};

// Whether the padding option changes anything for this trace: its registry entry's
// padded_layout (Blelloch's buffer; not Sklansky's broadcasts or Hillis-Steele's
// consecutive cells, which have no conflict to remove).
bool PaddingApplies(const Trace& trace);
// CONFLICT_FREE_OFFSET: the word that position p of a padded array occupies.
inline int PaddedPosition(int p) {
  return p + p / kBankCount;
}

// Word addresses of the trace's shared arrays.
class SharedLayout {
 public:
  SharedLayout(const Trace& trace, BankOptions options);
  bool IsShared(int array) const;
  // The word address of position `pos` of shared array `array`.
  int Address(int array, int pos) const;
  int words() const { return m_words; }

 private:
  std::vector<int> m_base;  // [array]: first word, -1 for non-shared arrays
  std::vector<std::uint8_t> m_padded;
  int m_words = 0;
};

enum class AccessSlot : std::uint8_t { kRead0, kRead1, kWrite0, kWrite1 };
const char* ToString(AccessSlot s);  // "read 1", "read 2", "write 1", "write 2"

struct LaneAccess {
  int lane = 0;  // 0..31 within the warp
  int array = 0;
  int position = 0;
  int address = 0;
  int bank = 0;
};

// One warp's shared-memory instruction.
struct WarpAccess {
  int warp = 0;
  AccessSlot slot = AccessSlot::kRead0;
  ActionKind kind = ActionKind::kIdle;
  bool write = false;
  std::vector<LaneAccess> lanes;  // by lane
  int degree = 0;                 // max distinct addresses in one bank (>= 1)
  int worst_bank = 0;             // the lowest bank that reaches `degree`
  // Lanes whose word is in `bank` (distinct addresses or not).
  std::vector<int> LanesInBank(int bank) const;
  int DistinctBanks() const;
};

struct RoundBanks {
  std::vector<WarpAccess> accesses;  // by warp, then slot, then kind
  int worst_degree = 0;              // 0: the round touches no shared memory
  int transactions = 0;              // sum of the accesses' degrees
  // The access with the worst degree (the first such); nullptr when there is none.
  const WarpAccess* Worst() const;
  // The worst degree among warp `warp`'s accesses (0 if it has none).
  int WarpDegree(int warp) const;
};

RoundBanks AnalyzeBanks(const Trace& trace, int round, BankOptions options = {});
std::vector<RoundBanks> AnalyzeBanks(const Trace& trace, BankOptions options = {});

// One sentence for the tab: what the round's worst access does, and what padding changes (both
// layouts' analyses of the same round). E.g. "Up-sweep round 5: lanes 0..31 of warp 0 (read 2,
// buf) hit bank 31: a 32-way conflict. With padding they spread over 32 banks: no conflict."
std::string BankSentence(const Trace& trace, int round, const RoundBanks& plain,
                         const RoundBanks& padded, bool show_padded);

}  // namespace scanviz::teach
