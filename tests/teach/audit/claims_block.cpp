// The checks of a block scan's narration: each round's sentences and the summary.
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

// "Threads 1 to 31, 33 to 63, ..., 993 to 1023 (992 in all)" against the set it names.
bool RunsMatch(std::string runs, const std::set<int>& want) {
  int all = -1;
  if (const size_t p = runs.find(" ("); p != std::string::npos) {
    all = ParseCount(runs.substr(p + 2));
    runs = runs.substr(0, p);
  }
  std::vector<int> head, tail;
  bool gap = false;
  for (std::string token : Split(runs, ", ")) {
    for (const std::string& piece : Split(token, " and ")) {
      if (piece == "...") {
        gap = true;
        continue;
      }
      const std::vector<std::string> ends = Split(piece, " to ");
      const int lo = std::atoi(ends[0].c_str()), hi = std::atoi(ends.back().c_str());
      for (int i = lo; i <= hi; ++i) (gap ? tail : head).push_back(i);
    }
  }
  const std::vector<int> w(want.begin(), want.end());
  if (!gap) return head == w && (all < 0 || all == static_cast<int>(w.size()));
  if (all != static_cast<int>(w.size()) || head.size() + tail.size() > w.size()) return false;
  return std::equal(head.begin(), head.end(), w.begin()) &&
         std::equal(tail.begin(), tail.end(), w.end() - static_cast<long>(tail.size()));
}

void CheckActive(const Trace& t, int r, const std::string& text, Audit* a) {
  const Round& now = t.rounds[static_cast<size_t>(r)];
  const std::set<int> active = ActiveThreads(now);
  static const std::regex runs(
      R"(\bThreads? ((?:\d+|, |\.\.\.| to | and | \(\d+ in all\))+) (?:is|are) active)");
  for (It it(text.begin(), text.end(), runs), end; it != end; ++it)
    a->Check("active threads", RunsMatch((*it)[1], active), Quoted(it->str()), text);
  static const std::regex count(R"((\d+) threads? (?:is|are) active, (\d+) of them appl)");
  for (It it(text.begin(), text.end(), count), end; it != end; ++it) {
    a->Check("active threads", std::stoi((*it)[1]) == static_cast<int>(active.size()),
             Quoted(it->str()) + ": " + std::to_string(active.size()) + " acted", text);
    a->Check("work", std::stoi((*it)[2]) == Applications(now), Quoted(it->str()), text);
  }
  static const std::regex applications(R"((\d+) operator applications? this round)");
  for (It it(text.begin(), text.end(), applications), end; it != end; ++it)
    a->Check("work", std::stoi((*it)[1]) == Applications(now), Quoted(it->str()), text);
  static const std::regex ratio(R"((half|twice) as many as in the round before)");
  for (It it(text.begin(), text.end(), ratio), end; it != end; ++it) {
    const auto before =
        static_cast<int>(ActiveThreads(t.rounds[static_cast<size_t>(r - 1)]).size());
    const auto n = static_cast<int>(active.size());
    a->Check("active threads", (*it)[1] == "half" ? 2 * n == before : n == 2 * before,
             Quoted(it->str()) + ": " + std::to_string(before) + " then " + std::to_string(n),
             text);
  }
}

const std::vector<double>& Snapshot(const Trace& t, int r, int array) {
  return t.rounds[static_cast<size_t>(r)].buffers.at(static_cast<size_t>(array));
}

// "thread 7 reads 5 at position 5 and 9 at position 7 of buf[0]: position 7 of buf[1] becomes".
void CheckWorkedCell(const Trace& t, int r, const std::string& text, Audit* a) {
  static const std::regex worked("thread (\\d+) reads " + std::string(kV) +
                                 " at position (\\d+) and " + kV +
                                 " at position (\\d+) of buf\\[(\\d+)\\]: position (\\d+) of "
                                 "buf\\[(\\d+)\\] becomes [^=]*= " +
                                 kV);
  const ElementType type = t.meta.type;
  for (It it(text.begin(), text.end(), worked), end; it != end; ++it) {
    const std::smatch& m = *it;
    const int thread = std::stoi(m[1]), l = std::stoi(m[3]), rr = std::stoi(m[5]);
    const int pin = std::stoi(m[6]), q = std::stoi(m[7]), pout = std::stoi(m[8]);
    const ThreadAction& act =
        t.rounds[static_cast<size_t>(r)].actions.at(static_cast<size_t>(thread));
    const bool holds =
        FormatValue(type, Snapshot(t, r - 1, pin).at(static_cast<size_t>(l))) == m[2] &&
        FormatValue(type, Snapshot(t, r - 1, pin).at(static_cast<size_t>(rr))) == m[4] &&
        FormatValue(type, Snapshot(t, r, pout).at(static_cast<size_t>(q))) == m[9] &&
        act.read[0] == l && act.read[1] == rr && act.write[0] == q;
    a->Check("worked cell", holds, Quoted(m.str()), text);
  }
}

// "inputs 2 to 5", "input 3", "inputs 2 and 3", "no input at all" -> {lo, hi}.
Win ParseInputs(const std::string& s) {
  static const std::regex range(R"(inputs? (\d+)(?: (?:to|and) (\d+))?)");
  std::smatch m;
  if (!std::regex_search(s, m, range)) return {0, -1, true};
  const int lo = std::stoi(m[1]);
  return {lo, m[2].matched ? std::stoi(m[2]) : lo, true};
}

bool SameInputs(Win claimed, Win tracked, int n) {
  claimed.hi = std::min(claimed.hi, n - 1);  // "inputs 2 to 3 (position 3 is padding)"
  if (claimed.Empty() || tracked.Empty())
    return claimed.Empty() == tracked.Empty() && tracked.valid;
  return tracked.valid && claimed.lo == tracked.lo && claimed.hi == tracked.hi;
}

// "position 7 becomes 11 + 14 = 25, the sum of inputs 0 to 7": the value is the window's, and the
// window is the cell's.
void CheckWindowValues(const Trace& t, const Windows& w, int r, const std::string& text, Audit* a) {
  static const std::regex claim(
      "(?:position (\\d+)|lane (\\d+) receives [^:]*: it) becomes .*?= " + std::string(kV) +
      ", the (?:sum|maximum|minimum|last non-zero value) of ((?:no "
      "input at all)|inputs? \\d+(?: (?:to|and) \\d+)?)");
  const TraceMeta& meta = t.meta;
  const int array = std::max(0, t.rounds[static_cast<size_t>(r)].spec.pout);
  for (It it(text.begin(), text.end(), claim), end; it != end; ++it) {
    const int k = std::stoi((*it)[1].matched ? (*it)[1] : (*it)[2]);
    const Win claimed = ParseInputs((*it)[4]);
    const double want =
        Fold(meta.op, meta.type, t.input, claimed.lo, std::min(claimed.hi, meta.n - 1));
    const Win tracked =
        w[static_cast<size_t>(r)][static_cast<size_t>(array)].at(static_cast<size_t>(k));
    a->Check("window",
             FormatValue(meta.type, want) == (*it)[3] && SameInputs(claimed, tracked, meta.n),
             Quoted(it->str()), text);
  }
}

// Blelloch's up-sweep: "holds the sum of the 4 cells ending at it", and its padding note.
void CheckNodeWindows(const Trace& t, const Windows& w, int r, const std::string& text, Audit* a) {
  static const std::regex ending(R"(holds the [a-z -]+? of the (\d+) (inputs|cells) ending at it)");
  const int n = t.meta.n;
  const std::vector<Win>& cells = w[static_cast<size_t>(r)][0];
  for (It it(text.begin(), text.end(), ending), end; it != end; ++it) {
    const int size = std::stoi((*it)[1]);
    for (const ThreadAction& act : t.rounds[static_cast<size_t>(r)].actions) {
      const int k = act.kind == ActionKind::kAdd ? act.write[0] : -1;
      if (k < 0) continue;
      const Win cell = cells.at(static_cast<size_t>(k));
      const bool holds = (*it)[2] == "inputs" ? cell.valid && cell.hi - cell.lo + 1 == size
                                              : SameInputs({k - size + 1, k, true}, cell, n);
      a->Check("window", holds,
               Quoted(it->str()) + " at position " + std::to_string(k) + ", which holds inputs " +
                   std::to_string(cell.lo) + " to " + std::to_string(cell.hi),
               text);
    }
  }
  static const std::regex padding(
      R"(position (\d+), whose cells reach into the padding, holds the [a-z -]+? of (no input at all|inputs? \d+(?: (?:to|and) \d+)?) only)");
  for (It it(text.begin(), text.end(), padding), end; it != end; ++it) {
    const int k = std::stoi((*it)[1]);
    a->Check("window",
             k >= n && SameInputs(ParseInputs((*it)[2]), cells.at(static_cast<size_t>(k)), n),
             Quoted(it->str()), text);
  }
}

}  // namespace

void CheckRace(const Trace& t, const Windows& w, int r, const std::string& text, Audit* a);
void CheckScans(const Trace& t, const Windows& w, int r, const std::string& text, Audit* a);

void CheckRound(const Trace& trace, const Windows& windows, int round, const std::string& text,
                Audit* audit) {
  ++audit->texts;
  CheckGrammar(text, audit);
  CheckCombinations(trace.meta.type, text, audit);
  CheckActive(trace, round, text, audit);
  CheckScans(trace, windows, round, text, audit);
  if (round == 0) return;
  CheckWorkedCell(trace, round, text, audit);
  CheckWindowValues(trace, windows, round, text, audit);
  CheckNodeWindows(trace, windows, round, text, audit);
  CheckRace(trace, windows, round, text, audit);
}

}  // namespace scanviz::audit
