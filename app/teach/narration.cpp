#include "teach/narration.h"

#include <algorithm>
#include <cstdio>
#include <stdexcept>

#include "teach/narration_text.h"
#include "teach/pseudo_code.h"
#include "teach/work_depth.h"

namespace scanviz::teach {
namespace {

using text::Range;

// Every read of what a trace or its analysis holds goes through At. A narration indexes by the
// positions the recorded actions name and by the rounds before the current one; in a trace that
// contradicts itself (a loaded file may) those can be anywhere, and a miss must end the round's
// narration with a message, never read past an array. NarrateRound catches the exception.
template <class V>
const typename V::value_type& At(const V& v, int i) {
  if (i < 0 || i >= static_cast<int>(v.size())) {
    throw std::out_of_range("position " + std::to_string(i) + " of an array of " +
                            std::to_string(v.size()));
  }
  return v[static_cast<size_t>(i)];
}

// What the narration of one round reads from: the round, the one before it, and their analysis.
struct Context {
  const Trace& trace;
  const TraceAnalysis& analysis;
  int round;
  const TraceMeta& meta() const { return trace.meta; }
  const Round& now() const { return At(trace.rounds, round); }
  const Round& before() const { return At(trace.rounds, round - 1); }
  const RoundInfo& info() const { return At(analysis.rounds, round); }
  const RoundSpec& spec() const { return now().spec; }
  const char* Sum() const { return text::Aggregate(meta().op); }
  std::string V(double v) const { return text::Value(meta(), v); }
};

std::string Num(int v) {
  return std::to_string(v);
}

// The round's title, from its spec alone: also the title of a round that cannot be narrated.
std::string Title(const RoundSpec& spec, int round) {
  switch (spec.phase) {
    case Phase::kLoad:
      return "Round 0: load";
    case Phase::kScan:
      return "Round " + Num(round) + ", stride " + Num(spec.stride);
    case Phase::kUpSweep:
      return "Up-sweep round " + Num(spec.step) + ", stride " + Num(spec.stride);
    case Phase::kSeed:
      return "Seed";
    case Phase::kDownSweep:
      return "Down-sweep round " + Num(spec.step) + ", stride " + Num(spec.stride);
    case Phase::kConvert:
      return "Conversion";
  }
  return "Round " + Num(round);
}

// "adds the value 2 places to its left to its own" and the like, singular or plural.
std::string CombineWithLeft(OpKind op, int stride, bool one) {
  const std::string left =
      "the value " + text::Places(stride) + " to " + (one ? "its" : "their") + " left";
  switch (op) {
    case OpKind::kMax:
      return std::string(one ? "keeps" : "keep") + " the larger of " + (one ? "its" : "their") +
             " own value and " + left;
    case OpKind::kMin:
      return std::string(one ? "keeps" : "keep") + " the smaller of " + (one ? "its" : "their") +
             " own value and " + left;
    case OpKind::kLast:
      return std::string(one ? "keeps" : "keep") + " " + (one ? "its" : "their") +
             " own value if it is not zero, else " + (one ? "takes " : "take ") + left;
    case OpKind::kAdd:
      break;
  }
  return std::string(one ? "adds " : "add ") + left + " to " + (one ? "its" : "their") + " own";
}

std::string IsAre(int lo, int hi) {
  return lo == hi ? " is" : " are";
}

std::string Ratio(int work, int sequential) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2f", static_cast<double>(work) / sequential);
  return buf;
}

std::string OverflowNote(const Context& c) {
  const std::optional<Overflow>& o = c.analysis.overflow;
  if (!o || o->round != c.round) return {};
  return "Note: position " + Num(o->position) + " of buf[" + Num(o->buffer) +
         "] wrapped around: its exact sum, " + std::to_string(o->exact) +
         ", does not fit in an int32, so the cell holds " + c.V(o->stored) +
         " (the numerics panel lists every wrapped cell).";
}

// For a non-commutative operator, why each combination puts its operands in the kernel's order.
// `order` names the two operands, the earlier inputs first.
std::string OperandOrderNote(const Context& c, const std::string& order) {
  if (c.meta().op != OpKind::kLast) return {};
  return "Operand order matters with last: it is not commutative. last(a, b) keeps b unless b is "
         "0, so a combination must put the operand that covers earlier inputs first: " +
         order +
         ". Written the other way round it would keep an earlier value over a later one, a "
         "mistake that add, max and min can never show because their order does not matter.";
}

// [SECTION] Hillis-Steele

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
    return "Position " + Num(pos) + " is Case 1 (" + Num(pos) + " >= 2 x " + Num(s) +
           " - 1): its left operand covers a full window of " + Num(s) + " (" +
           text::Window(c.meta(), left) + "), so the new window has " + Num(2 * s) + ": " +
           text::Window(c.meta(), now) + ".";
  }
  return "Position " + Num(pos) + " is Case 2 (" + Num(s) + " <= " + Num(pos) + " < " +
         Num(2 * s - 1) + "): its left operand's window already starts at position 0 (" +
         text::Window(c.meta(), left) + "), so the new window is shorter than " + Num(2 * s) +
         " but complete: " + text::Window(c.meta(), now) + ".";
}

std::string CaseRanges(const Context& c) {
  const std::vector<int>& cases = c.info().hs_case;
  const char* kNames[] = {"", "Case 1 (full window)", "Case 2 (window reaches position 0)",
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

Narration HillisSteeleScan(const Context& c) {
  const TraceMeta& meta = c.meta();
  const int s = c.spec().stride, pin = c.spec().pin, pout = c.spec().pout;
  const std::vector<CellInfo>& cells = At(c.info().cells, pout);
  const auto [clo, chi] =
      text::Span(cells, [](const CellInfo& x) { return x.cls == CellClass::kComputed; });
  const auto [plo, phi] =
      text::Span(cells, [](const CellInfo& x) { return x.cls == CellClass::kCopied; });
  Narration out{Title(c.spec(), c.round), {}};

  // What the threads do.
  std::string what = "Threads read buf[" + Num(pin) + "] and write buf[" + Num(pout) + "]. " +
                     text::Capital(Range("thread", clo, chi)) + (clo == chi ? " " : " each ") +
                     CombineWithLeft(meta.op, s, clo == chi) + "; " + Range("position", plo, phi) +
                     (plo == phi ? " has" : " have") + " nothing that far to the left and" +
                     IsAre(plo, phi) + " copied across unchanged. " + Num(c.info().active_threads) +
                     " threads are active, " + Num(c.info().operator_applications) +
                     " of them apply the operator.";
  out.paragraphs.push_back(what);

  // One worked cell, the rightmost, with the operands the kernel read.
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
  out.paragraphs.push_back(worked + " " + CaseRanges(c));

  // Why the round is right: the invariant.
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
  out.paragraphs.push_back(why);

  // The first round is where double buffering matters first: say why.
  if (c.spec().step == 1) {
    std::string buffers =
        "Why two buffers: in the same round thread i reads position i - " + Num(s) +
        " while thread i - " + Num(s) +
        " writes it. With one buffer nothing orders the two, so thread i could read a value "
        "that was already replaced this round";
    const int j = 2 * s;
    if (j < meta.n && At(prev, j - s) != At(next, j - s)) {
      buffers += ": thread " + Num(j) + " might see " + c.V(At(next, j - s)) + " instead of " +
                 c.V(At(prev, j - s)) + " at position " + Num(j - s) + " and compute " +
                 CombineText(meta.op, c.V(At(next, j - s)), c.V(At(prev, j))) + " instead of " +
                 CombineText(meta.op, c.V(At(prev, j - s)), c.V(At(prev, j))) +
                 ", counting inputs twice in later rounds";
    }
    buffers +=
        ". Reading only buf[pin] and writing only buf[pout] means every read sees the "
        "previous round, whatever order the threads run in; the barrier makes the writes "
        "visible before pin and pout swap.";
    out.paragraphs.push_back(buffers);
    if (std::string note = OperandOrderNote(c, "pin[i - " + Num(s) + "], then pin[i]");
        !note.empty())
      out.paragraphs.push_back(note);
  }
  if (std::string note = OverflowNote(c); !note.empty()) out.paragraphs.push_back(note);
  return out;
}

// [SECTION] Blelloch

std::string OneBufferText() {
  return "Why one buffer is enough here, unlike Hillis-Steele: in a round, thread t writes only "
         "its position k and reads k and k - stride. The positions written are 2 x stride apart "
         "and never equal any k - stride, so no thread reads a cell that another thread writes "
         "in the same round; the barrier at the end of each round is all the ordering needed.";
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
                             Num(padded) + ": " + Range("thread", n, padded - 1) + " write the " +
                             "identity " + text::Identity(meta) + " into " +
                             Range("position", n, padded - 1) + ". A padding cell changes no " +
                             c.Sum() + ", and the store copies out only the first n positions.");
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

std::string ActiveThreads(const Context& c) {
  const int active = c.info().active_threads;
  std::string out =
      text::Capital(Range("thread", 0, active - 1)) + (active == 1 ? " is" : " are") + " active";
  if (c.round > 1 && c.before().spec.phase == c.spec().phase) {
    const int before = At(c.analysis.rounds, c.round - 1).active_threads;
    if (active * 2 == before) out += ", half as many as in the round before";
    if (active == before * 2) out += ", twice as many as in the round before";
  }
  return out;
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

  std::string why = "Why this is right: each position written joins two neighbouring windows of " +
                    text::Count(s, "input") + ", so it now holds the " + c.Sum() + " of the " +
                    Num(2 * s) + " inputs ending at it. Cells not written keep the partial " +
                    c.Sum() + "s of earlier rounds; the down-sweep reuses them.";
  if (one && ks.back() == meta.padded_n - 1) {
    why += " The root, position " + Num(k) + ", now holds the " + c.Sum() +
           " of the whole array: " + c.V(result) + ".";
  }
  out.paragraphs.push_back(why);
  if (c.spec().step == 1) {
    out.paragraphs.push_back(OneBufferText());
    if (std::string note = OperandOrderNote(c, "the left sibling B[k - stride], then B[k]");
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
      id + ". The total " + c.V(total) + " is overwritten and is not part of the result.");
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
  if (c.spec().step == 1) {
    if (std::string note = OperandOrderNote(
            c, "the parent's prefix (everything before the node), then the left subtree's total");
        !note.empty())
      out.paragraphs.push_back(note);
  }
  if (std::string note = OverflowNote(c); !note.empty()) out.paragraphs.push_back(note);
  return out;
}

// [SECTION] Conversion to the other flavour

Narration Convert(const Context& c) {
  const TraceMeta& meta = c.meta();
  const int n = meta.n;
  Narration out{Title(c.spec(), c.round), {}};
  const std::vector<double>& prev = At(c.before().buffers, std::max(0, c.spec().pin));
  const std::vector<double>& next = At(c.now().buffers, c.spec().pout);
  if (meta.algorithm == Algorithm::kHillisSteele) {
    std::string what =
        "One more round turns the inclusive scan into an exclusive one. Thread 0 writes the "
        "identity " +
        text::Identity(meta) + " into position 0 of buf[" + Num(c.spec().pout) + "]";
    if (n > 1) {
      what += "; " + Range("thread", 1, n - 1) + (n == 2 ? " copies" : " each copy") +
              " the prefix one place to the left: position " + Num(n - 1) + " receives " +
              c.V(At(prev, n - 2)) + " from position " + Num(n - 2);
    }
    what +=
        ". No operator is applied: shifting right by one place drops each position's own "
        "input from its prefix. The exclusive scan is " +
        text::Values(meta.type, next, 0, static_cast<size_t>(n)) + ".";
    out.paragraphs.push_back(what);
    return out;
  }
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

Narration Narrate(const Context& c) {
  switch (c.spec().phase) {
    case Phase::kLoad:
      return c.meta().algorithm == Algorithm::kHillisSteele ? HillisSteeleLoad(c) : BlellochLoad(c);
    case Phase::kScan:
      return HillisSteeleScan(c);
    case Phase::kUpSweep:
      return BlellochUpSweep(c);
    case Phase::kSeed:
      return BlellochSeed(c);
    case Phase::kDownSweep:
      return BlellochDownSweep(c);
    case Phase::kConvert:
      return Convert(c);
  }
  return {Title(c.spec(), c.round), {"This round has an unknown phase and is not narrated."}};
}

// Why a trace that fails its self-check is not narrated. The sentences of a round lean on what
// the self-check guarantees (each written cell holds its window, the actions have the kernel's
// layout); told from a wrong trace they would explain values that are not there.
std::string NotNarrated(const TraceAnalysis& analysis, const char* what) {
  return "This trace fails the self-check (first problem: " + analysis.violations.front() +
         "), so its " + what +
         " not narrated. scanviz-cli check lists every problem, and the inspector shows what each "
         "cell holds against its window.";
}

}  // namespace

Narration NarrateRound(const Trace& trace, const TraceAnalysis& analysis, int round) {
  if (round < 0 || round >= static_cast<int>(trace.rounds.size())) {
    return {"Round " + Num(round),
            {"This trace has no round " + Num(round) + ": it records " +
             text::Count(static_cast<int>(trace.rounds.size()), "round") + "."}};
  }
  const std::string title = Title(trace.rounds[static_cast<size_t>(round)].spec, round);
  if (!analysis.Ok()) return {title, {NotNarrated(analysis, "rounds are")}};
  try {
    return Narrate(Context{trace, analysis, round});
  } catch (const std::out_of_range& e) {
    // The self-check passed, but it does not look at where the actions read, nor at whether the
    // analysis is this trace's: say what is missing rather than guess.
    return {title,
            {"This round cannot be narrated: it refers to a cell or round that the trace "
             "or its analysis does not hold (" +
             std::string(e.what()) + "), so the trace contradicts itself."}};
  }
}

Narration NarrateSummary(const Trace& trace, const TraceAnalysis& analysis) {
  const TraceMeta& meta = trace.meta;
  const bool hs = meta.algorithm == Algorithm::kHillisSteele;
  const int n = meta.n, sequential = n - 1;
  Narration out{"Summary", {}};
  if (!analysis.Ok()) {
    out.paragraphs.push_back(NotNarrated(analysis, "result, work and depth are"));
    return out;
  }
  out.paragraphs.push_back(std::string("The ") + (trace.Inclusive() ? "inclusive" : "exclusive") +
                           " scan of " + text::Values(meta.type, trace.input) + " is " +
                           text::Values(meta.type, trace.Result()) + ".");

  std::string work = "Work: " + Num(analysis.work) +
                     " operator applications, against n - 1 = " + Num(sequential) +
                     " for a sequential loop";
  work += sequential > 0 ? " (" + Ratio(analysis.work, sequential) + " times as many). "
                         : "; one element needs none. ";
  if (hs) {
    work +=
        "Each round with stride s applies the operator at the n - s positions that have a "
        "left neighbour, so the work grows like n log2 n.";
  } else {
    work += "Each sweep applies it n' - 1 = " + Num(meta.padded_n - 1) +
            " times, 2(n' - 1) = " + Num(2 * (meta.padded_n - 1)) +
            " in all, so the work grows like n";
    work += meta.padded_n > n ? "; the " + Num(meta.padded_n - n) +
                                    " padding cells make the tree "
                                    "larger than n."
                              : ".";
  }
  out.paragraphs.push_back(work);

  out.paragraphs.push_back(
      "Depth: " + Num(analysis.depth) + " rounds apply the operator, against " + Num(sequential) +
      " dependent steps for the sequential loop; the kernel passes " + Num(analysis.barriers) +
      " barriers, one after each round including the load" + (hs ? "" : " and the seed") +
      (meta.converted ? " and the conversion." : "."));

  // The other algorithm on the same n, measured the same way, for the trade-off.
  if (n < 1 || n > kMaxElements) return out;
  const Algorithm other = hs ? Algorithm::kBlelloch : Algorithm::kHillisSteele;
  const WorkDepth o = MeasureWorkDepth(other, n);
  out.paragraphs.push_back(
      std::string("For the same n, ") + DisplayName(other) + " does " + Num(o.work) +
      " operator applications in " + Num(o.depth) + " rounds. " +
      (hs ? "Hillis-Steele buys its short depth with extra work; Blelloch keeps the work linear "
            "and pays with twice the rounds."
          : "Blelloch keeps the work linear and pays with about twice the rounds; Hillis-Steele "
            "is shallower but its work grows faster."));
  return out;
}

std::vector<Narration> NarrateTrace(const Trace& trace, const TraceAnalysis& analysis) {
  std::vector<Narration> out;
  for (int r = 0; r < static_cast<int>(trace.rounds.size()); ++r)
    out.push_back(NarrateRound(trace, analysis, r));
  out.push_back(NarrateSummary(trace, analysis));
  return out;
}

}  // namespace scanviz::teach
