// The teaching entry of the warp-shuffle scan: its pseudo-code and the story of each round, with
// the trace's real values (the driver is kernels/core/algorithms/warp_shuffle.h).
#include <algorithm>

#include "core/algorithms/warp_shuffle.h"
#include "core/registry.h"
#include "teach/narration_context.h"
#include "teach/pseudo_code.h"
#include "teach/teach_registry.h"

namespace scanviz::teach {
namespace {

using text::Range;
using namespace warp_shuffle;

const std::vector<double>& Values(const Round& round, int array) {
  return At(round.buffers, array);
}

// The round's title, from its spec alone: also the title of a round that cannot be narrated.
std::string Title(const RoundSpec& spec, int round) {
  switch (spec.phase) {
    case kLoad:
      return "Round 0: load into registers";
    case kWarpScan:
      return "Warp scan " + Num(spec.phase_round) + ", offset " + Num(spec.stride);
    case kWarpTotals:
      return "Warp totals to shared memory";
    case kTotalsLoad:
      return "Warp 0 reads the totals";
    case kTotalsScan:
      return "Totals scan " + Num(spec.phase_round) + ", offset " + Num(spec.stride);
    case kTotalsStore:
      return "Scanned totals to shared memory";
    case kAddOffset:
      return "Each warp adds the warps before it";
    case kConvert:
      return "Conversion";
    default:
      return "Round " + Num(round);
  }
}

// "one warp, 8 of whose 32 lanes run" / "one warp of 32 lanes" / "4 warps of 32 lanes".
std::string Shape(const TraceMeta& meta) {
  const int warps = Warps(meta.n), width = Width(meta.n);
  if (warps > 1) return Num(warps) + " warps of " + Num(width) + " lanes";
  if (width == 32) return "one warp of 32 lanes";
  return "one warp, " + Num(width) + " of whose 32 lanes run (the block has " + Num(width) +
         (width == 1 ? " thread" : " threads") + "; the shuffles work in groups of " + Num(width) +
         ")";
}

Narration Load(const Context& c) {
  const TraceMeta& meta = c.meta();
  const int n = meta.n, lanes = Lanes(n);
  Narration out{Title(c.spec(), c.round), {}};
  out.paragraphs.push_back(
      (n == 1 ? std::string("Thread 0 reads the single element")
              : "Each of " + Range("thread", 0, n - 1) + " reads its element") +
      " from global memory into a register, v: " +
      text::Values(meta.type, Values(c.now(), kV), 0, static_cast<size_t>(n)) +
      ". A register belongs to one thread; another thread can read it only through a warp "
      "shuffle. The block is " +
      Shape(meta) + ".");
  if (lanes > n) {
    const std::string why =
        std::string(n == lanes - 1 ? " exists" : " exist") +
        (Warps(n) == 1 ? " only to make the block a power of two, " + Num(lanes) + " lanes"
                       : " only to fill the last warp");
    out.paragraphs.push_back(text::Capital(Range("thread", n, lanes - 1)) + why + ": " +
                             (n == lanes - 1 ? "it holds" : "they hold") + " the identity " +
                             text::Identity(meta) + ", which changes no " + c.Sum() + ".");
  }
  out.paragraphs.push_back(
      "No barrier follows: nothing is shared yet, and the shuffles that come next keep each "
      "warp's lanes in step by themselves.");
  return out;
}

// A round of Hillis-Steele inside groups of `width` lanes on register array `array`.
Narration ShuffleScan(const Context& c, int array, int width, const char* who) {
  const TraceMeta& meta = c.meta();
  const int o = c.spec().stride;
  Narration out{Title(c.spec(), c.round), {}};
  const std::string name = At(c.trace.arrays, array).name;
  const std::vector<int> written = WrittenPositions(c, array);
  std::string what = std::string("Every lane of ") + who + " hands its " + name + " to the lane " +
                     text::Places(o) + " above it (__shfl_up_sync with offset " + Num(o) +
                     "). The lanes at least " + Num(o) + " into their group of " + Num(width) +
                     " " + CombineWithLeft(meta.op, o, false) + ": " + name + " = " +
                     CombineText(meta.op, "shfl_up(" + name + ", " + Num(o) + ")", name) +
                     "; the lowest " +
                     (o == 1 ? std::string("lane of each group has no partner and keeps its")
                             : Num(o) + " lanes of each group have no partner and keep their") +
                     " value. " + ActiveThreads(c) + ".";
  out.paragraphs.push_back(what);
  if (!written.empty()) {
    // The rightmost lane that holds real input, so a padded warp is not explained with identities.
    const int real = At(c.trace.arrays, array).real;
    int pos = written.back();
    for (auto it = written.rbegin(); it != written.rend(); ++it) {
      if (*it < real) {
        pos = *it;
        break;
      }
    }
    const std::vector<double>& prev = Values(c.before(), array);
    const std::vector<double>& next = Values(c.now(), array);
    const Window w = At(At(c.info().cells, array), pos).window;
    out.paragraphs.push_back(
        "For example, lane " + Num(pos) + " receives " + c.V(At(prev, pos - o)) + " from lane " +
        Num(pos - o) + " and holds " + c.V(At(prev, pos)) + ": it becomes " +
        text::Combination(meta, At(prev, pos - o), At(prev, pos), At(next, pos)) + ", the " +
        c.Sum() + " of " + text::Window(meta, w) + ".");
  }
  std::string why =
      "This is Hillis-Steele inside a warp: after the round a lane holds the " +
      std::string(c.Sum()) + " of up to " + text::Count(2 * o, "value") +
      " ending at its own. It needs no second buffer, because the shuffle delivers the values the "
      "lanes held when the round began, all at once, so no lane can see a neighbour's new value; "
      "and no barrier, because a warp's lanes execute the shuffle together.";
  if (2 * o >= width && array == kV && Warps(meta.n) == 1) {
    why += " The warp is the whole block, so v now holds the inclusive scan: " +
           text::Values(meta.type, Values(c.now(), kV), 0, static_cast<size_t>(meta.n)) + ".";
  }
  out.paragraphs.push_back(why);
  if (c.spec().phase_round == 1) {
    if (std::string note =
            OperandOrderNote(c, "the value from the lane below, then the lane's own");
        !note.empty())
      out.paragraphs.push_back(note);
  }
  if (std::string note = OverflowNote(c); !note.empty()) out.paragraphs.push_back(note);
  return out;
}

Narration WarpTotals(const Context& c) {
  const TraceMeta& meta = c.meta();
  const int width = Width(meta.n), warps = Warps(meta.n);
  std::vector<int> last_lanes;
  for (int w = 0; w < warps; ++w) last_lanes.push_back(w * width + width - 1);
  Narration out{Title(c.spec(), c.round), {}};
  out.paragraphs.push_back(
      "The last lane of each warp (" + text::List("thread", last_lanes) + ") holds the " + c.Sum() +
      " of its whole warp and writes it to sums in shared memory: " +
      text::Values(meta.type, Values(c.now(), kSums)) +
      ". Registers cannot cross a warp, so this is where the warps meet. A barrier follows: warp "
      "0 reads every warp's total next.");
  return out;
}

Narration TotalsLoad(const Context& c) {
  const TraceMeta& meta = c.meta();
  const int warps = Warps(meta.n), k = TotalsWidth(meta.n);
  Narration out{Title(c.spec(), c.round), {}};
  std::string what = "Lanes 0 to " + Num(warps - 1) + " of warp 0 read the " + Num(warps) +
                     " totals into their register t: " +
                     text::Values(meta.type, Values(c.now(), kT), 0, static_cast<size_t>(warps)) +
                     ".";
  if (k > warps) {
    // Appended piece by piece: GCC 12 misreports " " + std::string&& as an overlapping memcpy.
    what += " ";
    what += text::Capital(Range("lane", warps, k - 1));
    what += warps == k - 1 ? " holds" : " hold";
    what += " the identity, so the totals' scan runs on a power of two, " + Num(k) + " lanes.";
  }
  out.paragraphs.push_back(what +
                           " One warp is enough for the totals: a block has at most 32 warps.");
  return out;
}

Narration TotalsStore(const Context& c) {
  const TraceMeta& meta = c.meta();
  const int width = Width(meta.n);
  Narration out{Title(c.spec(), c.round), {}};
  out.paragraphs.push_back("Warp 0 writes the scanned totals back to sums: " +
                           text::Values(meta.type, Values(c.now(), kSums)) +
                           ". sums[w] is now the " + c.Sum() + " of warps 0 to w, inputs 0 to " +
                           Num(width) +
                           "(w + 1) - 1. A barrier follows, so that "
                           "every warp can read the totals of the warps before it.");
  return out;
}

Narration AddOffset(const Context& c) {
  const TraceMeta& meta = c.meta();
  const int width = Width(meta.n), n = meta.n;
  Narration out{Title(c.spec(), c.round), {}};
  out.paragraphs.push_back(
      "Every thread of warp w > 0 combines sums[w - 1], the " + std::string(c.Sum()) +
      " of all the warps before its own, with its v; warp 0 has nothing before it and is already "
      "done. " +
      ActiveThreads(c) + ".");
  const int last = n - 1;
  if (last >= width) {
    const int warp = last / width;
    const std::vector<double>& sums = Values(c.now(), kSums);
    out.paragraphs.push_back("For example, thread " + Num(last) + " in warp " + Num(warp) + ": " +
                             text::Combination(meta, At(sums, warp - 1),
                                               At(Values(c.before(), kV), last),
                                               At(Values(c.now(), kV), last)) +
                             ". The offset covers the earlier inputs, so it comes first.");
  }
  out.paragraphs.push_back("v now holds the inclusive scan: " +
                           text::Values(meta.type, Values(c.now(), kV), 0, static_cast<size_t>(n)) +
                           ".");
  if (std::string note = OverflowNote(c); !note.empty()) out.paragraphs.push_back(note);
  return out;
}

Narration Convert(const Context& c) {
  const TraceMeta& meta = c.meta();
  Narration out{Title(c.spec(), c.round), {}};
  out.paragraphs.push_back(
      "One more round turns the inclusive scan into an exclusive one: every lane takes the value "
      "of the lane below it with a shuffle of offset 1; lane 0 of warp w > 0 has no lane below "
      "in its warp and takes sums[w - 1] instead, and lane 0 of warp 0 takes the identity " +
      text::Identity(meta) + ". No operator is applied. The exclusive scan is " +
      text::Values(meta.type, Values(c.now(), kV), 0, static_cast<size_t>(meta.n)) + ".");
  return out;
}

Narration NarrateRound(const Context& c) {
  switch (c.spec().phase) {
    case kLoad:
      return Load(c);
    case kWarpScan:
      return ShuffleScan(c, kV, Width(c.meta().n), "every warp");
    case kWarpTotals:
      return WarpTotals(c);
    case kTotalsLoad:
      return TotalsLoad(c);
    case kTotalsScan:
      return ShuffleScan(c, kT, TotalsWidth(c.meta().n), "warp 0");
    case kTotalsStore:
      return TotalsStore(c);
    case kAddOffset:
      return AddOffset(c);
    case kConvert:
      return Convert(c);
    default:
      return {Title(c.spec(), c.round), {"This round has an unknown phase and is not narrated."}};
  }
}

std::string WorkNote(const Trace& trace, const TraceAnalysis&) {
  const int n = trace.meta.n;
  if (Warps(n) == 1)
    return "With one warp this is Hillis-Steele on " + Num(Width(n)) +
           (Width(n) == 1 ? " lane" : " lanes") +
           ": the work grows like n log2 n, but n is at most 32.";
  return "Each warp does a Hillis-Steele of 32 lanes (129 applications), warp 0 scans the " +
         Num(Warps(n)) +
         " totals, and every lane past the first warp adds its offset once: for a "
         "fixed warp size the work grows linearly in n.";
}

}  // namespace

// Each thread is "i", one per lane.
extern const TeachInfo k_warp_shuffle_teach;
const TeachInfo k_warp_shuffle_teach = {
    .id = Algorithm::kWarpShuffle,
    .pseudo =
        {
            {"thread i (lane = i mod 32, warp w = i / 32):", "", "", ""},
            {"  v = data[i], or the identity if i >= n    # a register", "load", "", ""},
            {"  for offset = 1, 2, 4, 8, 16:", "loop", "", ""},
            {"    up = shfl_up(v, offset)                 # lane - offset's v", "step", "", ""},
            {"    if lane >= offset: v = %C", "step", "up", "v"},
            {"  if the block has more than one warp:", "", "", ""},
            {"    if lane == 31: sums[w] = v              # the warp's total", "totals", "", ""},
            {"    wait for all threads", "totals", "", ""},
            {"    if w == 0: t = sums[lane], or the identity", "totals-load", "", ""},
            {"    for offset = 1, 2, ... < warps:         # warp 0 alone", "totals-loop", "", ""},
            {"      up = shfl_up(t, offset)", "totals-step", "", ""},
            {"      if lane >= offset: t = %C", "totals-step", "up", "t"},
            {"    if w == 0 and lane < warps: sums[lane] = t", "totals-store", "", ""},
            {"    wait for all threads", "totals-store", "", ""},
            {"    if w > 0: v = %C        # the warps before", "offset", "sums[w - 1]", "v"},
            {"  if converting to exclusive:", "", "", ""},
            {"    v = shfl_up(v, 1); lane 0 takes sums[w - 1] (warp 0: identity)", "convert", "",
             ""},
            {"  output[i] = v", "store", "", ""},
        },
    .title = Title,
    .narrate_round = NarrateRound,
    .work_note = WorkNote,
    .tradeoff = [](int n) -> std::string {
      return std::string("The warp-shuffle scan keeps its values in registers and needs ") +
             (Warps(n) == 1 ? "no block barrier while the block is one warp (n up to 32, as "
                              "here), and two past it, whatever n"
                            : "only two block barriers, whatever n") +
             ": it is how fast libraries scan a block.";
    },
    .float_grouping =
        "the warp-shuffle scan adds doubling windows inside each warp, then whole "
        "warps' totals",
};

}  // namespace scanviz::teach
