// The teaching entry of Blelloch: its pseudo-code and the story of each round, with the trace's
// real values (the driver is kernels/core/algorithms/blelloch.h).
#include <algorithm>

#include "core/algorithms/blelloch.h"
#include "core/registry.h"
#include "teach/narration_context.h"
#include "teach/pseudo_code.h"
#include "teach/teach_registry.h"
#include "teach/work_depth.h"

namespace scanviz::teach {
namespace {

using text::Range;
using namespace blelloch;

// The round's title, from its spec alone: also the title of a round that cannot be narrated.
std::string Title(const RoundSpec& spec, int round) {
  switch (spec.phase) {
    case kLoad:
      return "Round 0: load";
    case kUpSweep:
      return "Up-sweep round " + Num(spec.phase_round) + ", stride " + Num(spec.stride);
    case kSeed:
      return "Seed";
    case kDownSweep:
      return "Down-sweep round " + Num(spec.phase_round) + ", stride " + Num(spec.stride);
    case kConvert:
      return "Conversion";
    default:
      return "Round " + Num(round);
  }
}

std::string OneBufferText() {
  return "Why one buffer is enough in the up-sweep, unlike Hillis-Steele: in a round, thread t "
         "writes only its position k and reads k and k - stride. The positions written are 2 x "
         "stride apart and never equal any k - stride, so no thread reads a cell that another "
         "thread writes in the same round; the barrier at the end of each round is all the "
         "ordering needed.";
}

std::string DownSweepOneBufferText() {
  return "Why one buffer is still enough in the down-sweep, where each thread writes two cells: "
         "thread t reads and writes only its own pair, k - stride and k. The pairs of a round "
         "are 2 x stride apart and do not overlap, so no cell is touched by two threads; each "
         "thread reads both of its cells before it writes either (it keeps the old left value "
         "in a register), so the swap needs no second buffer.";
}

Narration BlellochLoad(const Context& c) {
  const TraceMeta& meta = c.meta();
  const int n = meta.n, padded = meta.padded_n;
  Narration out{Title(c.spec(), c.round), {}};
  out.paragraphs.push_back(
      (n == 1 ? std::string("Thread 0 copies the single element")
              : "Each of " + Range("thread", 0, n - 1) + " copies its element") +
      " from global memory into the one shared buffer: " +
      text::Values(meta.type, At(c.now().buffers, 0), 0, static_cast<size_t>(n)) +
      ". No operator is applied; the barrier lets every thread see every element.");
  if (padded > n) {
    out.paragraphs.push_back("n = " + Num(n) +
                             " is not a power of two, but the tree needs a power-of-two number of "
                             "leaves, n' = " +
                             Num(padded) + ": " + Range("thread", n, padded - 1) +
                             (n == padded - 1 ? " writes the " : " write the ") + "identity " +
                             text::Identity(meta) + " into " + Range("position", n, padded - 1) +
                             ". A padding cell changes no " + c.Sum() +
                             ", and the store copies out only the first n positions.");
  }
  return out;
}

// Right ends k of the tree nodes written this round, from the recorded actions.
std::vector<int> NodePositions(const Context& c) {
  std::vector<int> ks;
  for (const ThreadAction& a : c.now().actions) {
    if (a.kind == ActionKind::kAdd) ks.push_back(a.write[0]);
    if (a.kind == ActionKind::kSwapAdd) ks.push_back(a.write[1]);
  }
  return ks;
}

// The node to work through as the example: the rightmost that holds real input, so a padded
// scan does not explain a round with 0 + 0. -1 (which At rejects) when no node was written.
int ExampleNode(const std::vector<int>& ks, int n) {
  for (auto it = ks.rbegin(); it != ks.rend(); ++it)
    if (*it < n) return *it;
  return ks.empty() ? -1 : ks.back();
}

// A node whose cells reach into the padding holds fewer inputs than cells (n = 3: position 3
// holds input 2 only): say which, for the rightmost such node written this round.
std::string PaddingNote(const Context& c, const std::vector<int>& ks) {
  const TraceMeta& meta = c.meta();
  if (ks.empty() || ks.back() < meta.n) return {};
  const int k = ks.back();
  const Window w = At(At(c.info().cells, 0), k).window;
  const int real_hi = std::min(w.hi, meta.n - 1);
  return "; padding cells hold the identity and change nothing, so position " + Num(k) +
         ", whose cells reach into the padding, holds the " + c.Sum() + " of " +
         (w.lo > real_hi ? std::string("no input at all") : Range("input", w.lo, real_hi)) +
         " only";
}

Narration BlellochUpSweep(const Context& c) {
  const TraceMeta& meta = c.meta();
  const int s = c.spec().stride;
  Narration out{Title(c.spec(), c.round), {}};
  const std::vector<int> ks = NodePositions(c);
  const bool one = ks.size() == 1;
  std::string verb = meta.op == OpKind::kAdd ? "adds into it" : "combines into it";
  out.paragraphs.push_back(ActiveThreads(c) + ". Thread t works on position k = (t + 1) x " +
                           Num(2 * s) + " - 1, here " + text::List("position", ks) + ", and " +
                           verb + " the value " + text::Places(s) + " to " + (one ? "its" : "the") +
                           " left: a right child absorbing its left sibling. " +
                           text::Count(c.info().operator_applications, "operator application") +
                           " this round.");

  const int k = ExampleNode(ks, meta.n);
  const std::vector<double>& prev = At(c.before().buffers, 0);
  const double result = At(At(c.now().buffers, 0), k);
  const CellInfo& cell = At(At(c.info().cells, 0), k);
  const Window w = cell.window;
  out.paragraphs.push_back("For example, thread " + Num(cell.writer) + " combines position " +
                           Num(k - s) + " (" + c.V(At(prev, k - s)) + ") with position " + Num(k) +
                           " (" + c.V(At(prev, k)) + "): position " + Num(k) + " becomes " +
                           text::Combination(meta, At(prev, k - s), At(prev, k), result) +
                           ", the " + c.Sum() + " of " + text::Window(meta, w) + ".");

  std::string why =
      "Why this is right: each position written joins two neighbouring windows of " +
      text::Count(s, "cell") + ", so it now holds the " + c.Sum() + " of the " + Num(2 * s) +
      " cells ending at it" + PaddingNote(c, ks) + ". " +
      (c.spec().phase_round == 1 ? std::string("Cells not written keep their input; the down-sweep "
                                               "reuses them.")
                                 : "Cells not written keep the partial " + std::string(c.Sum()) +
                                       "s of earlier rounds; the down-sweep reuses them.");
  if (one && ks.back() == meta.padded_n - 1) {
    why += " The root, position " + Num(k) + ", now holds the " + c.Sum() +
           " of the whole array: " + c.V(result) + ".";
  }
  out.paragraphs.push_back(why);
  if (c.spec().phase_round == 1) {
    out.paragraphs.push_back(OneBufferText());
    if (std::string note = OperandOrderNote(c, "the left sibling buf[k - stride], then buf[k]");
        !note.empty())
      out.paragraphs.push_back(note);
  }
  if (std::string note = OverflowNote(c); !note.empty()) out.paragraphs.push_back(note);
  return out;
}

Narration BlellochSeed(const Context& c) {
  const TraceMeta& meta = c.meta();
  const int root = meta.padded_n - 1;
  const double total = At(At(c.before().buffers, 0), root);
  const std::string id = text::Identity(meta);
  Narration out{Title(c.spec(), c.round), {}};
  out.paragraphs.push_back(
      "Only thread 0 is active: it replaces the root, position " + Num(root) + ", which held the " +
      c.Sum() + " of the whole array (" + c.V(total) + "), with the identity " + id +
      ". The root's subtree is the whole array and nothing comes before it, so its prefix is the "
      "identity.");
  if (meta.padded_n == 1) {
    out.paragraphs.push_back(
        "With one element there is no tree to sweep: the seed alone gives the exclusive scan of "
        "one element, [" +
        id + "].");
    return out;
  }
  out.paragraphs.push_back(
      "This is why Blelloch's result is exclusive: the down-sweep hands every node the " +
      std::string(c.Sum()) + " of everything before its subtree, starting from this " + id +
      ", so each position ends with the " + c.Sum() +
      " of the inputs strictly before it and "
      "position 0 ends with the identity " +
      id + ". The " + c.Sum() + " of the whole array, " + c.V(total) +
      ", is overwritten and is not part of the result.");
  return out;
}

std::string PairList(const std::vector<int>& ks, int s) {
  // Appended piece by piece: GCC 12 misreports "(" + std::string&& as an overlapping memcpy.
  auto pair = [&](int k) {
    std::string p = "(";
    p += Num(k - s);
    p += ", ";
    p += Num(k);
    p += ")";
    return p;
  };
  if (ks.size() == 1) return "the pair " + pair(ks[0]);
  std::string out = "the pairs ";
  if (ks.size() <= 4) {
    for (size_t i = 0; i < ks.size(); ++i)
      out += pair(ks[i]) + (i + 2 < ks.size() ? ", " : i + 1 < ks.size() ? " and " : "");
    return out;
  }
  return out + pair(ks[0]) + ", " + pair(ks[1]) + ", ..., " + pair(ks.back()) + " (" +
         Num(static_cast<int>(ks.size())) + " pairs)";
}

Narration BlellochDownSweep(const Context& c) {
  const TraceMeta& meta = c.meta();
  const int s = c.spec().stride;
  Narration out{Title(c.spec(), c.round), {}};
  const std::vector<int> ks = NodePositions(c);
  out.paragraphs.push_back(
      ActiveThreads(c) + (ks.size() == 1 ? ", on " : ", each on a pair (k - " + Num(s) + ", k): ") +
      PairList(ks, s) + ". The left cell receives the parent's value at k, the " + c.Sum() +
      " of everything before the node; the right cell becomes that value combined with the left "
      "cell's old value, the " +
      c.Sum() + " of the left subtree.");

  const int k = ExampleNode(ks, meta.n);
  const std::vector<double>& prev = At(c.before().buffers, 0);
  const std::vector<double>& next = At(c.now().buffers, 0);
  const std::vector<CellInfo>& cells = At(c.info().cells, 0);
  out.paragraphs.push_back(
      "For example, thread " + Num(At(cells, k).writer) + ": position " + Num(k - s) +
      " receives " + c.V(At(prev, k)) + " from position " + Num(k) + ", and position " + Num(k) +
      " becomes " + text::Combination(meta, At(prev, k), At(prev, k - s), At(next, k)) + ".");

  std::string why = "Why this is right: a node visited so far holds the " + std::string(c.Sum()) +
                    " of every input before its subtree. Position " + Num(k - s) + " now covers " +
                    text::Window(meta, At(cells, k - s).window) + " and position " + Num(k) +
                    " covers " + text::Window(meta, At(cells, k).window) + ".";
  if (s == 1) {
    why += " Every position has now been visited, so each holds the " + std::string(c.Sum()) +
           " of the inputs before it: the exclusive scan " +
           text::Values(meta.type, next, 0, static_cast<size_t>(meta.n)) + ".";
  }
  out.paragraphs.push_back(why);
  if (c.spec().phase_round == 1) {
    out.paragraphs.push_back(DownSweepOneBufferText());
    if (std::string note = OperandOrderNote(
            c, "the parent's prefix (everything before the node), then the left subtree's total");
        !note.empty())
      out.paragraphs.push_back(note);
  }
  if (std::string note = OverflowNote(c); !note.empty()) out.paragraphs.push_back(note);
  return out;
}

Narration Convert(const Context& c) {
  const TraceMeta& meta = c.meta();
  const int n = meta.n;
  Narration out{Title(c.spec(), c.round), {}};
  const std::vector<double>& prev = At(c.before().buffers, std::max(0, c.spec().pin));
  const std::vector<double>& next = At(c.now().buffers, c.spec().pout);
  const int last = n - 1;
  out.paragraphs.push_back(
      "One more round turns the exclusive scan into an inclusive one: each of " +
      Range("thread", 0, last) +
      " combines its exclusive prefix with its own input, read again "
      "from global memory. Position " +
      Num(last) + " becomes " +
      text::Combination(meta, At(prev, last), At(c.trace.input, last), At(next, last)) + ". " +
      (meta.padded_n > n ? "The padding cells are left as they are. " : "") +
      "The inclusive scan is " + text::Values(meta.type, next, 0, static_cast<size_t>(n)) + ".");
  if (std::string note = OverflowNote(c); !note.empty()) out.paragraphs.push_back(note);
  return out;
}

Narration NarrateRound(const Context& c) {
  switch (c.spec().phase) {
    case kLoad:
      return BlellochLoad(c);
    case kUpSweep:
      return BlellochUpSweep(c);
    case kSeed:
      return BlellochSeed(c);
    case kDownSweep:
      return BlellochDownSweep(c);
    case kConvert:
      return Convert(c);
    default:
      return {Title(c.spec(), c.round), {"This round has an unknown phase and is not narrated."}};
  }
}

std::string WorkNote(const Trace& trace, const TraceAnalysis& analysis) {
  const TraceMeta& meta = trace.meta;
  const int sweeps = 2 * (meta.padded_n - 1);
  std::string work = "Each sweep applies it n' - 1 = " + Num(meta.padded_n - 1) +
                     " times, 2(n' - 1) = " + Num(sweeps) +
                     (meta.converted ? " for the sweeps" : " in all") + ", so the work grows like n";
  work += meta.padded_n > meta.n ? "; the " + Num(meta.padded_n - meta.n) +
                                       " padding cells make the tree larger than n."
                                 : ".";
  // The conversion to inclusive combines each exclusive result with its own input: counted by
  // the trace, not assumed.
  const int conversion = analysis.work - sweeps;
  if (meta.converted && conversion > 0)
    work += " The conversion round adds " + Num(conversion) +
            " more, one for each element it turns inclusive (its exclusive result combined with "
            "its own input): " +
            Num(analysis.work) + " in all.";
  return work;
}

}  // namespace

// Each thread is "t", one per tree node it owns.
extern const TeachInfo k_blelloch_teach;
const TeachInfo k_blelloch_teach = {
    .id = Algorithm::kBlelloch,
    .pseudo =
        {
            {"thread t (n' = n rounded up to a power of two; one buffer, buf):", "", "", ""},
            {"  buf[t] = data[t], or the identity if t >= n   # the staging step", "load", "", ""},
            {"  wait for all threads", "load", "", ""},
            {"  for stride = 1, 2, ..., n'/2:            # up-sweep", "up-loop", "", ""},
            {"    k = (t + 1) * 2 * stride - 1", "up-step", "", ""},
            {"    if k < n': buf[k] = %C", "up-step", "buf[k - stride]", "buf[k]"},
            {"    wait for all threads", "up-step", "", ""},
            {"  if t == 0: buf[n' - 1] = identity       # seed the root", "seed", "", ""},
            {"  wait for all threads", "seed", "", ""},
            {"  for stride = n'/2, ..., 2, 1:            # down-sweep", "down-loop", "", ""},
            {"    k = (t + 1) * 2 * stride - 1", "down-step", "", ""},
            {"    if k < n': old = buf[k - stride]", "down-step", "", ""},
            {"               buf[k - stride] = buf[k]", "down-step", "", ""},
            {"               buf[k] = %C", "down-step", "buf[k]", "old"},
            {"    wait for all threads", "down-step", "", ""},
            {"  if converting to inclusive:", "", "", ""},
            {"    if t < n: buf[t] = %C", "convert", "buf[t]", "data[t]"},
            {"    wait for all threads", "convert", "", ""},
            {"  if t < n: output[t] = buf[t]", "store", "", ""},
        },
    .title = Title,
    .narrate_round = NarrateRound,
    .work_note = WorkNote,
    .tradeoff = [](int n) { return ChaptersTradeoff(Algorithm::kBlelloch, n); },
    .float_grouping = "Blelloch adds pairs, then pairs of pairs, up a tree and back down",
    .corner = "work 2n, depth 2 log2 n",
};

}  // namespace scanviz::teach
