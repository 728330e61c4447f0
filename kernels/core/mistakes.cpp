#include "core/mistake.h"

#include <array>

#include "core/algorithms/blelloch.h"
#include "core/algorithms/hillis_steele.h"

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

MistakeInfo NoEdgeCheck() {
  MistakeInfo m{};
  m.id = Mistake::kHillisSteeleNoEdgeCheck;
  m.algorithm = Algorithm::kHillisSteele;
  m.key = "no-edge-check";
  m.name = "no check at the left edge";
  m.removed =
      "the guard `if (tid >= stride)` is gone: threads 0 .. stride-1 also add pin[tid - stride], "
      "a cell left of position 0.";
  m.why =
      "Left of buf[1] lies the end of buf[0], which other threads are overwriting in the same "
      "round: those threads add a value from the far end of the array (and race for it). Left of "
      "buf[0] lies the block's reserved shared memory, which happened to read 0 on our GPU, so "
      "the rounds that read buf[0] look right with + and go wrong with max on negative values.";
  m.step = true;
  m.chapter_line = "if (tid >= stride) {";
  m.mistaken_line = "{  // every thread adds, the guard is gone";
  return m;
}

MistakeInfo WrongIndex() {
  MistakeInfo m{};
  m.id = Mistake::kBlellochWrongIndex;
  m.algorithm = Algorithm::kBlelloch;
  m.key = "wrong-index";
  m.name = "the tree's index one place off";
  m.removed =
      "the index formula lost its - 1: index = (tid + 1) * stride * 2, one cell right of the "
      "node thread tid owns.";
  m.why =
      "Every pair the sweeps combine starts one cell late: cell 0 is never added in, the "
      "right-most node falls past the end and is skipped, and the root the seed clears is not the "
      "node that holds the total. No two threads touch the same cell, so it is wrong the same way "
      "every time: a logic error, not a race.";
  m.step = true;
  m.chapter_line = "const int index = (tid + 1) * stride * 2 - 1;";
  m.mistaken_line = "const int index = (tid + 1) * stride * 2;";
  return m;
}

const std::array<MistakeInfo, 6>& Table() {
  static const std::array<MistakeInfo, 6> table = {
      SingleBuffer(), NoBarrier(Algorithm::kHillisSteele),
      NoEdgeCheck(),  NoBarrier(Algorithm::kBlelloch),
      WrongIndex(),   NoSeed()};
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
