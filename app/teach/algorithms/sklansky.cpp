// The teaching entry of Sklansky: its pseudo-code and the story of each round, with the trace's
// real values (the driver is kernels/core/algorithms/sklansky.h).
#include <algorithm>

#include "core/algorithms/sklansky.h"
#include "core/registry.h"
#include "teach/narration_context.h"
#include "teach/pseudo_code.h"
#include "teach/teach_registry.h"
#include "teach/work_depth.h"

namespace scanviz::teach {
namespace {

using text::Range;
using namespace sklansky;

// The round's title, from its spec alone: also the title of a round that cannot be narrated.
std::string Title(const RoundSpec& spec, int round) {
  return text::StrideRoundTitle(spec, round, kLoad, kScan, kConvert);
}

Narration SklanskyLoad(const Context& c) {
  const TraceMeta& meta = c.meta();
  const int n = meta.n, padded = meta.padded_n;
  Narration out{Title(c.spec(), c.round), {}};
  out.paragraphs.push_back(
      (n == 1 ? std::string("Thread 0 copies the single element")
              : "Each of " + Range("thread", 0, n - 1) + " copies its element") +
      " from global memory into the one shared buffer: " +
      text::Values(meta.type, At(c.now().buffers, kBuf), 0, static_cast<size_t>(n)) +
      ". No operator is applied; the barrier lets every thread see every element.");
  if (padded > n) {
    out.paragraphs.push_back("n = " + Num(n) +
                             " is not a power of two, but every round halves blocks of cells, so "
                             "the buffer needs a power-of-two number of them, n' = " +
                             Num(padded) + ": " + Range("thread", n, padded - 1) +
                             (n == padded - 1 ? " writes" : " write") + " the identity " +
                             text::Identity(meta) + " into " + Range("position", n, padded - 1) +
                             " (drawn hatched). A padding cell changes "
                             "no " +
                             c.Sum() + ", and the store copies out only the first n positions.");
  }
  if (padded == 1) {
    out.paragraphs.push_back(
        "With one element there is nothing to halve: the loop never runs, and buf already holds "
        "the inclusive scan.");
  }
  return out;
}

// "positions 2 and 3 read position 1; positions 6 and 7 read position 5": who reads which cell,
// block by block (the first two blocks and the last when there are many).
std::string BlockReads(int s, int padded) {
  const int blocks = padded / (2 * s);
  auto one = [&](int b) {
    const int source = b * 2 * s + s - 1;
    return Range("position", source + 1, source + s) + (s == 1 ? " reads" : " read") +
           " position " + Num(source);
  };
  if (blocks <= 4) {
    std::string out;
    for (int b = 0; b < blocks; ++b) out += (b > 0 ? "; " : "") + one(b);
    return out;
  }
  return one(0) + "; " + one(1) + "; ...; " + one(blocks - 1) + " (" + Num(blocks) + " blocks)";
}

// The position to work through: the highest one written that holds real input, so that a padded
// scan is not explained with the identity. -1 (which At rejects) when none was written.
int ExamplePosition(const std::vector<int>& written, int n) {
  for (auto it = written.rbegin(); it != written.rend(); ++it)
    if (*it < n) return *it;
  return written.empty() ? -1 : written.back();
}

std::string OneBufferText(int s) {
  return "Why one buffer is enough, unlike Hillis-Steele: a thread writes only its own cell, "
         "whose bit for " + Num(s) + " is set, and reads its own cell and the lower half's last "
         "cell, whose bit for " + Num(s) + " is clear. No cell is written by one thread and read "
         "by another in the same round, so every read sees the round before, whatever order the "
         "threads run in; the barrier at the end of the round is all the ordering needed.";
}

std::string BroadcastText(const Context& c, int s) {
  const int source = s - 1;
  return "Many threads, one cell: the " + Num(s) + " threads of each upper half read the " +
         "same cell (position " + Num(source) + " for " + Range("thread", s, 2 * s - 1) +
         "). Shared memory serves the lanes of a warp that read one word in a single access, a "
         "broadcast, so this fan-out costs no bank conflict (the Warps & banks tab counts none). "
         "It grows each round, up to n'/2 = " + Num(c.meta().padded_n / 2) + " readers of one "
         "cell in the last: cheap here, the price Sklansky's design pays in hardware adders, "
         "where one wire would have to drive them all.";
}

Narration SklanskyScan(const Context& c) {
  const TraceMeta& meta = c.meta();
  const int s = c.spec().stride, block = 2 * s, padded = meta.padded_n;
  const std::vector<int> written = WrittenPositions(c, kBuf);
  Narration out{Title(c.spec(), c.round), {}};

  // What the threads do.
  const std::string upper = "the positions i with i & " + Num(s) + " set";
  out.paragraphs.push_back(
      (block >= padded ? "The buffer is one block of " + Num(block) + " cells. Its upper half, " +
                             upper + ", takes"
                       : "The buffer falls into " + text::Count(padded / block, "block") + " of " +
                             Num(block) + " cells. In each block the upper half, " + upper +
                             ", takes") +
      " the last cell of the lower half into its own: " + BlockReads(s, padded) + ". " +
      Num(c.info().active_threads) + " of the " + Num(padded) +
      " threads work, the upper halves, half of them as in every round, applying the operator " +
      text::Count(c.info().operator_applications, "time") + " in all; the lower halves are idle.");

  // One worked cell, with the operands the kernel read.
  const int i = ExamplePosition(written, meta.n);
  const std::vector<CellInfo>& cells = At(c.info().cells, kBuf);
  const ThreadAction& a = At(c.now().actions, At(cells, i).writer);
  const int source = a.read[0];
  const std::vector<double>& prev = At(c.before().buffers, kBuf);
  const std::vector<double>& next = At(c.now().buffers, kBuf);
  const Window left = At(At(At(c.analysis.rounds, c.round - 1).cells, kBuf), source).window;
  out.paragraphs.push_back(
      "For example, thread " + Num(At(cells, i).writer) + " reads " + c.V(At(prev, source)) +
      " at position " + Num(source) + ", the " + c.Sum() + " of " + text::Window(meta, left) +
      ", and its own " + c.V(At(prev, i)) + ": position " + Num(i) + " becomes " +
      text::Combination(meta, At(prev, source), At(prev, i), At(next, i)) + ", the " + c.Sum() +
      " of " + text::Window(meta, At(cells, i).window) + ".");

  // Why the round is right: the invariant.
  std::string why = "Why this is right: before the round every cell held the " +
                    std::string(c.Sum()) + " of its block of " + Num(s) +
                    (s == 1 ? " cell" : " cells") +
                    " from the block's start up to itself. The lower half's last cell holds its "
                    "whole half; an upper-half cell holds its half's start up to itself; the two "
                    "meet end to end, so every cell now holds its block of " +
                    Num(block) + " from the start up to itself. ";
  if (block >= padded) {
    why += "The block is now the whole buffer: buf holds the inclusive scan " +
           text::Values(meta.type, next, 0, static_cast<size_t>(meta.n)) + ".";
  } else {
    const int done = std::min(block - 1, meta.n - 1);
    why += text::Capital(Range("position", 0, done)) +
           (done == 0 ? " reaches" : " reach") + " back to position 0 and" + IsAre(0, done) +
           " final; the rest need more rounds.";
  }
  out.paragraphs.push_back(why);

  if (c.spec().phase_round == 1) {
    out.paragraphs.push_back(OneBufferText(s));
    if (std::string note = OperandOrderNote(c, "the lower half's last cell, then buf[i]");
        !note.empty())
      out.paragraphs.push_back(note);
  } else {
    out.paragraphs.push_back(BroadcastText(c, s));
  }
  if (std::string note = OverflowNote(c); !note.empty()) out.paragraphs.push_back(note);
  return out;
}

Narration Convert(const Context& c) {
  const TraceMeta& meta = c.meta();
  const int n = meta.n;
  Narration out{Title(c.spec(), c.round), {}};
  const std::vector<double>& prev = At(c.before().buffers, kBuf);
  const std::vector<double>& next = At(c.now().buffers, kX);
  std::string what =
      "One more round turns the inclusive scan into an exclusive one, without a second buffer: "
      "thread 0 writes the identity " + text::Identity(meta) + " into its register x";
  if (n > 1) {
    what += "; " + Range("thread", 1, n - 1) + (n == 2 ? " reads" : " each read") +
            " the prefix of the left neighbour, buf[i - 1], into x: thread " + Num(n - 1) +
            " takes " + c.V(At(prev, n - 2)) + " from position " + Num(n - 2);
  }
  what += ". No operator is applied: shifting by one place drops each position's own input from "
          "its prefix. The round reads only buf and writes only registers, so no thread can "
          "overwrite a cell another thread still has to read, and it needs no barrier. The "
          "exclusive scan is " +
          text::Values(meta.type, next, 0, static_cast<size_t>(n)) + ".";
  out.paragraphs.push_back(what);
  return out;
}

Narration NarrateRound(const Context& c) {
  switch (c.spec().phase) {
    case kLoad:
      return SklanskyLoad(c);
    case kScan:
      return SklanskyScan(c);
    case kConvert:
      return Convert(c);
    default:
      return {Title(c.spec(), c.round), {"This round has an unknown phase and is not narrated."}};
  }
}

std::string WorkNote(const Trace& trace, const TraceAnalysis&) {
  const TraceMeta& meta = trace.meta;
  const int half = meta.padded_n / 2, rounds = Log2Ceil(meta.padded_n);
  std::string work = "Every round applies it in the upper half of each block, n'/2 = " +
                     Num(half) + (half == 1 ? " cell" : " cells") + ", for log2 n' = " + Num(rounds) +
                     (rounds == 1 ? " round" : " rounds") + ": n'/2 log2 n' = " +
                     Num(half * rounds) +
                     ". The work grows like n/2 log2 n, half the rate of Hillis-Steele's n log2 n, "
                     "for the same depth";
  work += meta.padded_n > meta.n ? "; the " + Num(meta.padded_n - meta.n) +
                                       " padding cells make the buffer larger than n."
                                 : ".";
  return work;
}

// By Brent's count against the other corners, then what the count leaves out.
std::string Tradeoff(int n) {
  return CornersTradeoff(Algorithm::kSklansky, n) +
         " When n is a power of two Sklansky is never behind Hillis-Steele (the same rounds, no "
         "more work); just past one, padding to n' nearly doubles its cells and Hillis-Steele, "
         "which pads nothing, does less work. What the counts leave out is fan-out: one cell "
         "feeds up to n'/2 threads, a free broadcast in shared memory but a long wire in a "
         "hardware adder.";
}

}  // namespace

// Each thread is "i", one per cell of the padded buffer.
extern const TeachInfo k_sklansky_teach;
const TeachInfo k_sklansky_teach = {
    .id = Algorithm::kSklansky,
    .pseudo =
        {
            {"thread i (n' = n rounded up to a power of two; one buffer, buf):", "", "", ""},
            {"  buf[i] = data[i], or the identity if i >= n   # the staging step", "load", "", ""},
            {"  wait for all threads", "load", "", ""},
            {"  for d = 0, 1, 2, ... while 2^d < n':      # stride 2^d", "loop", "", ""},
            {"    if bit d of i is set:                   # the upper half of a block", "step", "",
             ""},
            {"      buf[i] = %C", "step", "buf[(i >> d << d) - 1]", "buf[i]"},
            {"    wait for all threads", "step", "", ""},
            {"  if converting to exclusive:", "", "", ""},
            {"    x = buf[i - 1], or the identity if i == 0   # a register", "convert", "", ""},
            {"  if i < n: output[i] = buf[i] (x if converted)", "store", "", ""},
        },
    .title = Title,
    .narrate_round = NarrateRound,
    .work_note = WorkNote,
    .tradeoff = Tradeoff,
    .float_grouping = "Sklansky adds whole lower halves into upper halves, blocks doubling each "
                      "round",
    .corner = "depth log2 n, work n/2 log2 n",
};

}  // namespace scanviz::teach
