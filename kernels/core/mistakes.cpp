#include "core/mistake.h"

#include <array>

namespace scanviz {
namespace {

MistakeInfo SingleBuffer() {
  MistakeInfo m{};
  m.id = Mistake::kHillisSteeleSingleBuffer;
  m.algorithm = Algorithm::kHillisSteele;
  m.key = "single-buffer";
  m.name = "one buffer where Hillis-Steele needs two";
  m.removed = "pin and pout are the same buffer: every round reads the cells it is writing.";
  m.why =
      "A thread may read its left neighbour's cell after that neighbour has already "
      "overwritten it this round, so it adds a value that already holds the partial sum twice; "
      "whether it does depends on which thread runs first.";
  m.alias_from = hillis_steele::kBuf1;
  m.alias_to = hillis_steele::kBuf0;
  return m;
}

MistakeInfo NoBarrier(Algorithm a) {
  MistakeInfo m{};
  m.id =
      a == Algorithm::kHillisSteele ? Mistake::kHillisSteeleNoBarrier : Mistake::kBlellochNoBarrier;
  m.algorithm = a;
  m.key = "no-barrier";
  m.name = "no barrier between rounds";
  m.removed = "the __syncthreads() that ends each round is gone.";
  m.why = a == Algorithm::kHillisSteele
              ? "A warp that finishes a round goes straight on to the next and reads cells that "
                "other warps have not written yet (or have already overwritten in a later round); "
                "within one warp the lanes still run together, so 32 elements look fine."
              : "A warp runs up the tree and down again without waiting: it combines nodes that "
                "other warps have not finished, and takes prefixes from nodes they have not "
                "received yet; one warp on its own still gets it right.";
  m.no_barrier = true;
  return m;
}

MistakeInfo NoSeed() {
  MistakeInfo m{};
  m.id = Mistake::kBlellochNoSeed;
  m.algorithm = Algorithm::kBlelloch;
  m.key = "no-seed";
  m.name = "the root never set to the identity";
  m.removed = "the seed step between the sweeps does nothing: the root keeps the total.";
  m.why =
      "The down-sweep hands every node the prefix of everything before it, starting from the "
      "root's value; starting from the total instead of the identity adds the total to every "
      "cell, and the last cell gets it once more.";
  m.skip_phase = blelloch::kSeed;
  return m;
}

const std::array<MistakeInfo, 4>& Table() {
  static const std::array<MistakeInfo, 4> table = {SingleBuffer(),
                                                   NoBarrier(Algorithm::kHillisSteele),
                                                   NoBarrier(Algorithm::kBlelloch), NoSeed()};
  return table;
}

}  // namespace

std::span<const MistakeInfo> Mistakes() {
  return Table();
}

const MistakeInfo* FindMistake(Mistake m) {
  for (const MistakeInfo& info : Table())
    if (info.id == m) return &info;
  return nullptr;
}

const MistakeInfo* FindMistake(Algorithm algorithm, std::string_view key) {
  for (const MistakeInfo& info : Table())
    if (info.algorithm == algorithm && key == info.key) return &info;
  return nullptr;
}

const char* ToString(Mistake m) {
  for (const MistakeInfo& info : Table())
    if (info.id == m) return info.key;
  return "none";
}

}  // namespace scanviz
