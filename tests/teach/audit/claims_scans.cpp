// The checks of what a round says about whole arrays (the scans it quotes, how far back the
// windows reach, the root), of Hillis-Steele's one-buffer race, and of the summary.
#include <algorithm>
#include <cstdio>
#include <regex>

#include "audit/claims.h"
#include "audit/patterns.h"
#include "core/registry.h"
#include "core/simulator.h"

namespace scanviz::audit {
namespace {

using It = std::sregex_iterator;

bool Has(const Win& w, int i) {
  return w.valid && !w.Empty() && w.lo <= i && i <= w.hi;
}

const std::vector<double>& Snapshot(const Trace& t, int r, int array) {
  return t.rounds[static_cast<size_t>(r)].buffers.at(static_cast<size_t>(array));
}

}  // namespace

// "thread 2 might see 4 instead of 1 at position 1 ... and compute 4 + 7 instead of 1 + 7" and
// what the sentence says that race counts: every number from the round before and the windows.
void CheckRace(const Trace& t, const Windows& w, int r, const std::string& text, Audit* a) {
  static const std::regex race(
      "thread (\\d+) might see " + std::string(kV) + " instead of " + kV +
      " at position (\\d+)(?: \\(thread \\d+'s new value\\))? and compute " + kV + " \\+ " + kV +
      " instead of " + kV + " \\+ " + kV +
      "(, counting input (\\d+) twice|, inputs (\\d+) to (\\d+) where only (\\d+) to (\\d+) "
      "belong: "
      "input (\\d+) a round early\\. In round 2 thread (\\d+) adds position (\\d+), input (\\d+), "
      "once more, so input (\\d+) would be counted twice)?");
  const RoundSpec& spec = t.rounds[static_cast<size_t>(r)].spec;
  const ElementType type = t.meta.type;
  for (It it(text.begin(), text.end(), race), end; it != end; ++it) {
    const std::smatch& m = *it;
    auto num = [&](int g) { return std::stoi(m[g]); };
    const int j = num(1), p = num(4), s = spec.stride;
    const std::vector<double>& prev = Snapshot(t, r - 1, spec.pin);
    const std::vector<Win>& pw = w[static_cast<size_t>(r - 1)][static_cast<size_t>(spec.pin)];
    auto fmt = [&](int i) { return FormatValue(type, prev.at(static_cast<size_t>(i))); };
    const std::string early =
        FormatValue(type, Apply(OpKind::kAdd, type, prev.at(static_cast<size_t>(p - s)),
                                prev.at(static_cast<size_t>(p))));
    const bool values = p == j - s && m[2] == early && m[5] == early && m[3] == fmt(p) &&
                        m[7] == fmt(p) && m[6] == fmt(j) && m[8] == fmt(j);
    a->Check("race", values,
             Quoted(m.str()) + ": one buffer gives " + early + " at position " + std::to_string(p) +
                 " (in " + ToString(type) + ")",
             text);
    const Win seen = Union(pw.at(static_cast<size_t>(p - s)), pw.at(static_cast<size_t>(p)));
    const Win own = pw.at(static_cast<size_t>(j));
    if (m[10].matched) {
      a->Check("race", Has(seen, num(10)) && Has(own, num(10)),
               Quoted(m.str()) + ": input " + m[10].str() + " is not in both operands", text);
    }
    if (m[11].matched) {
      const Win got = Union(seen, own), right = Union(pw.at(static_cast<size_t>(p)), own);
      const int k = num(15), back = j - 2 * s;
      const bool next = r + 1 < static_cast<int>(t.rounds.size()) &&
                        t.rounds[static_cast<size_t>(r) + 1].spec.stride == 2 * s;
      const Win there = back >= 0 ? w[static_cast<size_t>(r)][static_cast<size_t>(spec.pout)].at(
                                        static_cast<size_t>(back))
                                  : Win{};
      const bool holds = got.lo == num(11) && got.hi == num(12) && right.lo == num(13) &&
                         right.hi == num(14) && Has(got, k) && !Has(right, k) && num(16) == j &&
                         num(17) == back && next && there.lo == num(18) && there.hi == num(18) &&
                         Has(got, num(18)) && num(19) == num(18);
      a->Check("race", holds, Quoted(m.str()), text);
    }
  }
}

// Every scan a round quotes, how far its windows reach back, the root's total, a value received.
void CheckScans(const Trace& t, const Windows& w, int r, const std::string& text, Audit* a) {
  const TraceMeta& meta = t.meta;
  static const std::regex scan(std::string("(inclusive|exclusive) scan:? ") + kList);
  for (It it(text.begin(), text.end(), scan), end; it != end; ++it) {
    const bool inclusive = (*it)[1] == "inclusive";
    a->Check(
        "scan",
        ListMatches((*it)[2], meta.type, SequentialScan(meta.op, meta.type, t.input, inclusive)),
        Quoted(it->str()), text);
  }
  const RoundSpec& spec = t.rounds[static_cast<size_t>(r)].spec;
  static const std::regex reach(
      R"(Positions? 0(?: to (\d+)| and (\d+))? already reach(?:es)? back to position 0)");
  for (It it(text.begin(), text.end(), reach), end; it != end; ++it) {
    const int d = (*it)[1].matched   ? std::stoi((*it)[1])
                  : (*it)[2].matched ? std::stoi((*it)[2])
                                     : 0;
    const std::vector<Win>& cells = w[static_cast<size_t>(r)][static_cast<size_t>(spec.pout)];
    bool holds = d + 1 < meta.n && !(cells[static_cast<size_t>(d) + 1].lo == 0);
    for (int i = 0; i <= d; ++i) holds = holds && cells.at(static_cast<size_t>(i)).lo == 0;
    a->Check("scan", holds, Quoted(it->str()), text);
  }
  static const std::regex root(
      "(?:The root, position (\\d+), now holds|position (\\d+), which "
      "held) the [a-z -]+? of the whole array(?::| \\() " +
      std::string(kV));
  for (It it(text.begin(), text.end(), root), end; it != end; ++it) {
    const int k = std::stoi((*it)[1].matched ? (*it)[1] : (*it)[2]);
    const std::string total =
        FormatValue(meta.type, Fold(meta.op, meta.type, t.input, 0, meta.n - 1));
    a->Check("scan", k == t.arrays[0].size - 1 && (*it)[3] == total, Quoted(it->str()), text);
  }
  static const std::regex receives("position (\\d+) receives " + std::string(kV) +
                                   " from position (\\d+)");
  for (It it(text.begin(), text.end(), receives), end; it != end; ++it) {
    const std::vector<double>& prev = Snapshot(t, r - 1, std::max(0, spec.pin));
    a->Check("scan",
             FormatValue(meta.type, prev.at(static_cast<size_t>(std::stoi((*it)[3])))) == (*it)[2],
             Quoted(it->str()), text);
  }
}

namespace {

void CheckOthers(const Trace& t, const std::string& text, Audit* a) {
  for (const AlgorithmInfo* other : Algorithms()) {
    const std::regex does(std::string(other->name) +
                          R"( does (\d+) operator applications? in (\d+) rounds?)");
    std::smatch m;
    if (!std::regex_search(text, m, does)) continue;
    const Trace o = Simulate(ScanRequest{other->id, OpKind::kAdd, ElementType::kInt32,
                                         std::vector<double>(static_cast<size_t>(t.meta.n), 0.0)});
    a->Check("summary", std::stoi(m[1]) == TotalWork(o) && std::stoi(m[2]) == OperatorRounds(o),
             Quoted(m.str()), text);
  }
}

}  // namespace

void CheckSummary(const Trace& t, const std::string& text, Audit* a) {
  ++a->texts;
  CheckGrammar(text, a);
  CheckCombinations(t.meta.type, text, a);
  const TraceMeta& meta = t.meta;
  static const std::regex result(std::string("The (inclusive|exclusive) scan of ") + kList +
                                 " is " + kList);
  std::smatch m;
  if (std::regex_search(text, m, result)) {
    const bool inclusive = m[1] == "inclusive";
    a->Check(
        "summary",
        inclusive == t.Inclusive() && ListMatches(m[2], meta.type, t.input) &&
            ListMatches(m[3], meta.type, SequentialScan(meta.op, meta.type, t.input, inclusive)),
        Quoted(m.str()), text);
  }
  static const std::regex work(
      R"(Work: (\d+) operator applications?, against n - 1 = (\d+)(?: for a sequential loop \((\d+\.\d+) times as many\))?)");
  if (std::regex_search(text, m, work)) {
    char ratio[32];
    std::snprintf(ratio, sizeof ratio, "%.2f", static_cast<double>(TotalWork(t)) / (meta.n - 1));
    a->Check("summary",
             std::stoi(m[1]) == TotalWork(t) && std::stoi(m[2]) == meta.n - 1 &&
                 (!m[3].matched || m[3] == ratio),
             Quoted(m.str()) + ": work " + std::to_string(TotalWork(t)), text);
  }
  static const std::regex depth(
      R"(Depth: (\d+) (?:rounds apply|round applies) the operator, against (\d+) dependent steps? for the sequential loop; the kernel passes (\d+) block barriers(?:, and (\d+) rounds? needs? none)?)");
  if (std::regex_search(text, m, depth)) {
    int barriers = 0;
    for (const Round& r : t.rounds) barriers += r.spec.level >= Level::kBlock ? 1 : 0;
    const int none = static_cast<int>(t.rounds.size()) - barriers;
    a->Check("summary",
             std::stoi(m[1]) == OperatorRounds(t) && std::stoi(m[2]) == meta.n - 1 &&
                 std::stoi(m[3]) == barriers &&
                 (m[4].matched ? std::stoi(m[4]) == none : none == 0),
             Quoted(m.str()), text);
  }
  static const std::regex sweeps(R"(n' - 1 = (\d+) times, 2\(n' - 1\) = (\d+))");
  if (std::regex_search(text, m, sweeps)) {
    const int padded = t.arrays[0].size;
    a->Check("summary", std::stoi(m[1]) == padded - 1 && std::stoi(m[2]) == 2 * (padded - 1),
             Quoted(m.str()), text);
  }
  CheckOthers(t, text, a);
}

}  // namespace scanviz::audit
