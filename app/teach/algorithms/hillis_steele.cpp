// The teaching entry of Hillis-Steele: its pseudo-code and the story of each round, with the
// trace's real values (the driver is kernels/core/algorithms/hillis_steele.h).
#include <algorithm>
#include <cstdint>
#include <utility>

#include "core/algorithms/hillis_steele.h"
#include "core/registry.h"
#include "teach/narration_context.h"
#include "teach/pseudo_code.h"
#include "teach/teach_registry.h"
#include "teach/work_depth.h"

namespace scanviz::teach {
namespace {

using text::Range;
using namespace hillis_steele;

// The round's title, from its spec alone: also the title of a round that cannot be narrated.
std::string Title(const RoundSpec& spec, int round) {
  return text::StrideRoundTitle(spec, round, kLoad, kScan, kConvert);
}

Narration HillisSteeleLoad(const Context& c) {
  const int n = c.meta().n;
  Narration out{Title(c.spec(), c.round), {}};
  out.paragraphs.push_back(
      (n == 1 ? std::string("Thread 0 copies the single element")
              : "Each of " + Range("thread", 0, n - 1) + " copies its element") +
      " from global memory into buf[0] in shared memory: " +
      text::Values(c.meta().type, At(c.now().buffers, 0)) +
      ". buf[1] has not been written yet (shown as ?). No operator is applied; the barrier at "
      "the end makes every element visible to every thread before the first round reads its "
      "neighbours.");
  if (n == 1) {
    out.paragraphs.push_back(
        "With one element the loop never runs (stride 1 is not less than n = 1): buf[0] already "
        "holds the inclusive scan.");
  }
  return out;
}

// The Case paragraph for the example cell, from the windows the analysis assigns.
std::string CaseText(const Context& c, int pos, int left_pos) {
  const int s = c.spec().stride;
  const int which = At(c.info().hs_case, pos);
  const Window left =
      At(At(At(c.analysis.rounds, c.round - 1).cells, c.spec().pin), left_pos).window;
  const Window now = At(At(c.info().cells, c.spec().pout), pos).window;
  if (which == 1) {
    return "Position " + Num(pos) + " is Case 1, a full window (" + Num(pos) + " >= 2 x " + Num(s) +
           " - 1): its left operand covers a full window of " + Num(s) + " (" +
           text::Window(c.meta(), left) + "), so the new window has " + Num(2 * s) + ": " +
           text::Window(c.meta(), now) + ".";
  }
  return "Position " + Num(pos) + " is Case 2, a partial left window (" + Num(s) + " <= " +
         Num(pos) + " < " + Num(2 * s - 1) + "): its left operand's window already starts at position 0 (" +
         text::Window(c.meta(), left) + "), so the new window is shorter than " + Num(2 * s) +
         " but complete: " + text::Window(c.meta(), now) + ".";
}

std::string CaseRanges(const Context& c) {
  const std::vector<int>& cases = c.info().hs_case;
  const char* kNames[] = {"", "Case 1 (full window)", "Case 2 (partial left window)",
                          "Case 3 (no left neighbour, copied)"};
  std::string out = "This round: ";
  bool first = true;
  for (int k = 1; k <= 3; ++k) {
    int lo = -1, hi = -1;
    for (int i = 0; i < static_cast<int>(cases.size()); ++i) {
      if (cases[i] != k) continue;
      if (lo < 0) lo = i;
      hi = i;
    }
    if (lo < 0) continue;
    out += (first ? "" : "; ") + std::string(kNames[k]) + " " + Range("position", lo, hi);
    first = false;
  }
  return out + ".";
}

// The positions the round combines (Case 1 and 2) and those it copies (Case 3), as spans.
struct RoundSpans {
  int clo, chi;  // computed
  int plo, phi;  // copied
};
RoundSpans SpansOf(const std::vector<CellInfo>& cells) {
  const auto [clo, chi] =
      text::Span(cells, [](const CellInfo& x) { return x.cls == CellClass::kComputed; });
  const auto [plo, phi] =
      text::Span(cells, [](const CellInfo& x) { return x.cls == CellClass::kCopied; });
  return {clo, chi, plo, phi};
}

// What the threads do.
std::string WhatThreadsDo(const Context& c, const RoundSpans& sp) {
  const int s = c.spec().stride, pin = c.spec().pin, pout = c.spec().pout;
  return "Threads read buf[" + Num(pin) + "] and write buf[" + Num(pout) + "]. " +
         text::Capital(Range("thread", sp.clo, sp.chi)) + (sp.clo == sp.chi ? " " : " each ") +
         CombineWithLeft(c.meta().op, s, sp.clo == sp.chi) + "; " +
         Range("position", sp.plo, sp.phi) + (sp.plo == sp.phi ? " has" : " have") +
         " nothing that far to the left and" + IsAre(sp.plo, sp.phi) +
         " copied across unchanged. " + text::Count(c.info().active_threads, "thread") +
         (c.info().active_threads == 1 ? " is" : " are") + " active, " +
         Num(c.info().operator_applications) +
         (c.info().operator_applications == 1 ? " of them applies" : " of them apply") +
         " the operator.";
}

// One worked cell, the rightmost (chi), with the operands the kernel read; a Case 2 cell too
// when the rightmost is Case 1; then where each case lies.
std::string WorkedCell(const Context& c, int chi) {
  const TraceMeta& meta = c.meta();
  const int pin = c.spec().pin, pout = c.spec().pout;
  const std::vector<CellInfo>& cells = At(c.info().cells, pout);
  const std::vector<double>& prev = At(c.before().buffers, pin);
  const std::vector<double>& next = At(c.now().buffers, pout);
  auto example = [&](int pos) {
    const ThreadAction& a = At(c.now().actions, At(cells, pos).writer);
    return std::pair<int, int>{a.read[0], a.read[1]};
  };
  const auto [l, r] = example(chi);
  std::string worked =
      "For example, thread " + Num(At(cells, chi).writer) + " reads " + c.V(At(prev, l)) +
      " at position " + Num(l) + " and " + c.V(At(prev, r)) + " at position " + Num(r) +
      " of buf[" + Num(pin) + "]: position " + Num(chi) + " of buf[" + Num(pout) + "] becomes " +
      text::Combination(meta, At(prev, l), At(prev, r), At(next, chi)) + ". " + CaseText(c, chi, l);
  int case2_hi = -1;
  for (int i = 0; i < static_cast<int>(c.info().hs_case.size()); ++i)
    if (c.info().hs_case[i] == 2) case2_hi = i;
  if (At(c.info().hs_case, chi) == 1 && case2_hi >= 0) {
    const auto [l2, r2] = example(case2_hi);
    worked += " Likewise position " + Num(case2_hi) + " (Case 2) becomes " +
              text::Combination(meta, At(prev, l2), At(prev, r2), At(next, case2_hi)) + ".";
  }
  return worked + " " + CaseRanges(c);
}

// Why the round is right: the invariant.
std::string WhyRight(const Context& c) {
  const TraceMeta& meta = c.meta();
  const int s = c.spec().stride, pin = c.spec().pin, pout = c.spec().pout;
  const std::vector<double>& next = At(c.now().buffers, pout);
  std::string why = std::string("Why this is right: before the round every cell of buf[") +
                    Num(pin) + "] held the " + c.Sum() + " of up to " + text::Count(s, "input") +
                    " ending at its position. Thread i joins the window ending at i - " + Num(s) +
                    " to the one ending at i; they meet end to end, so position i now "
                    "holds the " +
                    c.Sum() + " of up to " + text::Count(2 * s, "input") + " ending at i. ";
  if (2 * s >= meta.n) {
    why += "Every window now reaches back to position 0, so buf[" + Num(pout) +
           "] holds the inclusive scan: " + text::Values(meta.type, next) + ".";
  } else {
    const int done = std::min(2 * s - 1, meta.n - 1);
    why += text::Capital(Range("position", 0, done)) +
           (done == 0 ? " already reaches" : " already reach") + " back to position 0 and" +
           IsAre(0, done) + " final; the rest need more rounds.";
  }
  return why;
}

// a + b as the trace's type adds: int32 wraps modulo 2^32 as the GPU does, float32 rounds. The
// race below is told with add for every operator, and its numbers must be ones the kernel could
// hold (2147483647 + 1 is -2147483648 in an int32, never 2147483648).
double AddInType(ElementType type, double a, double b) {
  if (type == ElementType::kInt32)
    return WrappingAdd(static_cast<std::int32_t>(a), static_cast<std::int32_t>(b));
  return static_cast<double>(static_cast<float>(a) + static_cast<float>(b));
}

// What one buffer would get wrong in round 1 (stride 1), with add: thread 2 may read position 1
// after thread 1 rewrote it, so it takes in inputs 0 to 2 instead of 1 to 2, input 0 a round
// early. That alone counts nothing twice; round 2 does, when thread 2 adds position 0 (input 0)
// again. Empty when the round cannot show it (n < 3, or input 0 is 0 and changes nothing).
std::string OneBufferRace(const Context& c) {
  const TraceMeta& meta = c.meta();
  const std::vector<double>& prev = At(c.before().buffers, c.spec().pin);
  if (c.spec().stride != 1 || meta.n < 3) return {};
  const double a = At(prev, 0), b = At(prev, 1), x = At(prev, 2);
  const double early = AddInType(meta.type, a, b);
  if (early == b) return {};
  return "thread 2 might see " + c.V(early) + " instead of " + c.V(b) +
         " at position 1 (thread 1's new value) and compute " +
         CombineText(OpKind::kAdd, c.V(early), c.V(x)) + " instead of " +
         CombineText(OpKind::kAdd, c.V(b), c.V(x)) +
         ", inputs 0 to 2 where only 1 to 2 belong: input 0 a round early. In round 2 thread 2 "
         "adds position 0, input 0, once more, so input 0 would be counted twice";
}

// The first round is where double buffering matters first: say why, with a read that one buffer
// would have got wrong. With max, min and last the harm is shown with add, in a paragraph of its
// own (one paragraph would be too long to read from the back).
std::vector<std::string> WhyTwoBuffers(const Context& c) {
  const TraceMeta& meta = c.meta();
  const int s = c.spec().stride;
  std::string buffers =
      "Why two buffers: in the same round thread i reads position i - " + Num(s) +
      " while thread i - " + Num(s) +
      " writes it. With one buffer nothing orders the two, so thread i could read a value "
      "that was already replaced this round";
  const std::string race = OneBufferRace(c);
  if (meta.op == OpKind::kAdd && !race.empty()) {
    buffers += ": " + race;
  } else if (meta.op != OpKind::kAdd && meta.n >= 3) {
    // max, min and last give the same result when an input is combined twice (max(a, a) = a):
    // the race does no harm to the values, which a student would otherwise be told it does.
    buffers += ". With " + std::string(ToString(meta.op)) +
               " that does no harm to the values: an input combined twice changes no " +
               ToString(meta.op) +
               ", so a one-buffer kernel computes the right result for it (the Mistakes tab "
               "shows this), though its threads still race";
  }
  buffers +=
      ". Reading only buf[pin] and writing only buf[pout] means every read sees the "
      "previous round, whatever order the threads run in; the barrier makes the writes "
      "visible before pin and pout swap.";
  std::vector<std::string> out = {buffers};
  if (meta.op != OpKind::kAdd && !race.empty()) out.push_back("With add it would: " + race + ".");
  return out;
}

Narration HillisSteeleScan(const Context& c) {
  const RoundSpans spans = SpansOf(At(c.info().cells, c.spec().pout));
  Narration out{Title(c.spec(), c.round), {}};
  out.paragraphs.push_back(WhatThreadsDo(c, spans));
  out.paragraphs.push_back(WorkedCell(c, spans.chi));
  out.paragraphs.push_back(WhyRight(c));
  if (c.spec().phase_round == 1) {
    for (std::string& p : WhyTwoBuffers(c)) out.paragraphs.push_back(std::move(p));
    const int s = c.spec().stride;
    if (std::string note = OperandOrderNote(c, "pin[i - " + Num(s) + "], then pin[i]");
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
  std::string what =
      "One more round turns the inclusive scan into an exclusive one. Thread 0 writes the "
      "identity " +
      text::Identity(meta) + " into position 0 of " +
      c.trace.arrays[static_cast<size_t>(c.spec().pout)].name;
  if (n > 1) {
    what += "; " + Range("thread", 1, n - 1) + (n == 2 ? " copies" : " each copy") +
            " the value on its left one place to the right: position " + Num(n - 1) + " receives " +
            c.V(At(prev, n - 2)) + " from position " + Num(n - 2);
  }
  what +=
      ". No operator is applied: shifting right by one place drops each position's own "
      "input from its prefix. The exclusive scan is " +
      text::Values(meta.type, next, 0, static_cast<size_t>(n)) + ".";
  out.paragraphs.push_back(what);
  return out;
}

Narration NarrateRound(const Context& c) {
  switch (c.spec().phase) {
    case kLoad:
      return HillisSteeleLoad(c);
    case kScan:
      return HillisSteeleScan(c);
    case kConvert:
      return Convert(c);
    default:
      return {Title(c.spec(), c.round), {"This round has an unknown phase and is not narrated."}};
  }
}

std::string WorkNote(const Trace&, const TraceAnalysis&) {
  return "Each round with stride s applies the operator at the n - s positions that have a left "
         "neighbour, so the work grows like n log2 n.";
}

}  // namespace

// Each thread is "i", one per element.
extern const TeachInfo k_hillis_steele_teach;
const TeachInfo k_hillis_steele_teach = {
    .id = Algorithm::kHillisSteele,
    .pseudo =
        {
            {"thread i (the chapter's names: buf[0], buf[1]; pin reads, pout writes):", "", "",
             ""},
            {"  buf[0][i] = data[i]                 # the staging step: into shared memory", "load",
             "", ""},
            {"  wait for all threads", "load", "", ""},
            {"  pout = 0", "load", "", ""},
            {"  for stride = 1, 2, 4, ... while stride < n:", "loop", "", ""},
            {"    pin = pout; pout = 1 - pout        # the roles swap each round", "swap", "", ""},
            {"    if i >= stride: buf[pout][i] = %C", "step", "buf[pin][i - stride]", "buf[pin][i]"},
            {"    else:           buf[pout][i] = buf[pin][i]   # nothing to the left", "step", "",
             ""},
            {"    wait for all threads", "step", "", ""},
            {"  if converting to exclusive:", "", "", ""},
            {"    pin = pout; pout = 1 - pout", "convert-swap", "", ""},
            {"    buf[pout][i] = buf[pin][i - 1], or the identity if i == 0", "convert", "", ""},
            {"    wait for all threads", "convert", "", ""},
            {"  output[i] = buf[pout][i]", "store", "", ""},
        },
    .title = Title,
    .narrate_round = NarrateRound,
    .work_note = WorkNote,
    .tradeoff = [](int n) { return ChaptersTradeoff(Algorithm::kHillisSteele, n); },
    .float_grouping = "Hillis-Steele adds windows that double each round",
    .corner = "depth log2 n, work n log2 n",
};

}  // namespace scanviz::teach
