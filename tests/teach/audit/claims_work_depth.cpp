// The checks of the work-and-depth words: the chapters' trade-off and Brent's count at n (the
// summary's and the work-and-depth tab's captions, teach/work_depth), and the figure's and status
// bar's "work W of T · depth D of E" at a round. Every work and depth is the audit's own count of
// a simulated trace (recount.h: operator applications, rounds that apply the operator), never the
// analysis' nor the work-and-depth series'.
#include <cmath>
#include <cstdio>
#include <map>
#include <optional>
#include <regex>

#include "audit/claims.h"
#include "audit/patterns.h"
#include "core/registry.h"
#include "core/simulator.h"

namespace scanviz::audit {
namespace {

using It = std::sregex_iterator;

struct Count {
  long long work = 0, depth = 0;
};

// Simulated once per algorithm and n: the ranges' check asks for every n up to 1024.
Count Counted(Algorithm a, int n) {
  static std::map<std::pair<Algorithm, int>, Count> known;
  const auto at = known.find({a, n});
  if (at != known.end()) return at->second;
  const Trace t = Simulate(ScanRequest{a, OpKind::kAdd, ElementType::kInt32,
                                       std::vector<double>(static_cast<size_t>(n), 0.0)});
  return known[{a, n}] = Count{TotalWork(t), OperatorRounds(t)};
}

// An algorithm's name as the captions write it, or nullopt.
std::optional<Algorithm> Named(const std::string& name) {
  for (const AlgorithmInfo* info : Algorithms())
    if (name == DisplayName(info->id)) return info->id;
  return std::nullopt;
}

std::string Names() {
  std::string out(1, '(');
  for (const AlgorithmInfo* info : Algorithms()) {
    if (out.size() > 1) out += '|';
    out += DisplayName(info->id);
  }
  return out + ")";
}

long long Number(const std::string& s) {
  return ParseCount(s);
}

// "5 ÷ 2 = 2.5", "10 ÷ 3 ≈ 3.33": equal only where exact, else two decimals.
bool QuotientHolds(long long a, long long b, const std::string& eq, const std::string& q) {
  const double exact = static_cast<double>(a) / static_cast<double>(b);
  std::string digits;  // "3,968" -> "3968"
  for (char c : q)
    if (c != ',') digits += c;
  const double said = ParseValue(digits);
  if (eq == "=") return std::fabs(said - exact) < 1e-12 * std::max(1.0, exact);
  char two[32];
  std::snprintf(two, sizeof two, "%.2f", exact);
  return digits == two && std::fabs(said - exact) > 1e-12;
}

// Each pair of algorithms told at n (CornersTradeoff, BrentCaption).
void CheckPairs(int n, const std::string& text, Audit* a) {
  const std::string x = Names();
  const std::regex same(x + " and " + x +
                        R"( do the same work \(([\d,]+)\) in the same ([\d,]+) rounds?)");
  for (It it(text.begin(), text.end(), same), end; it != end; ++it) {
    const Count p = Counted(*Named((*it)[1]), n), q = Counted(*Named((*it)[2]), n);
    a->Check("work depth",
             p.work == q.work && p.depth == q.depth && Number((*it)[3]) == p.work &&
                 Number((*it)[4]) == p.depth,
             Quoted(it->str()), text);
  }
  const std::regex depth(x + " and " + x + R"( take the same ([\d,]+) rounds?, so )" + x +
                         R"(, with less work \(([\d,]+) against ([\d,]+)\))");
  for (It it(text.begin(), text.end(), depth), end; it != end; ++it) {
    const Count p = Counted(*Named((*it)[1]), n), q = Counted(*Named((*it)[2]), n);
    const Count less = Counted(*Named((*it)[4]), n);
    const Count more = (*it)[4] == (*it)[1] ? q : p;
    a->Check("work depth",
             p.depth == q.depth && Number((*it)[3]) == p.depth && less.work < more.work &&
                 Number((*it)[5]) == less.work && Number((*it)[6]) == more.work,
             Quoted(it->str()), text);
  }
  const std::regex sooner(
      x + R"( (?:does no more work than|does ([\d,]+) more applications than) )" + x +
      R"( \(([\d,]+) against ([\d,]+)\) (?:and finishes|to finish) ([\d,]+) rounds? sooner \(([\d,]+) against ([\d,]+)\)(?:: it pays only while p is more than ([\d,]+) ÷ ([\d,]+) (=|≈) ([\d.,]+))?)");
  for (It it(text.begin(), text.end(), sooner), end; it != end; ++it) {
    const std::smatch& m = *it;
    const Count f = Counted(*Named(m[1]), n), s = Counted(*Named(m[3]), n);
    const long long extra = f.work - s.work, saved = s.depth - f.depth;
    bool holds = Number(m[4]) == f.work && Number(m[5]) == s.work && Number(m[6]) == saved &&
                 saved > 0 && Number(m[7]) == f.depth && Number(m[8]) == s.depth &&
                 m[2].matched == (extra > 0) && m[9].matched == (extra > 0);
    if (holds && extra > 0)
      holds = Number(m[2]) == extra && Number(m[9]) == extra && Number(m[10]) == saved &&
              QuotientHolds(extra, saved, m[11], m[12]);
    a->Check("work depth", holds,
             Quoted(m.str()) + ": work " + std::to_string(f.work) + " and " +
                 std::to_string(s.work) + ", depth " + std::to_string(f.depth) + " and " +
                 std::to_string(s.depth),
             text);
  }
}

// The chapters' own pair (ChaptersTradeoff), told from either side.
void CheckChapters(int n, const std::string& text, Audit* a) {
  const Count hs = Counted(Algorithm::kHillisSteele, n), bl = Counted(Algorithm::kBlelloch, n);
  const long long extra = hs.work - bl.work, saved = bl.depth - hs.depth;
  static const std::regex buys(
      R"(Hillis-Steele buys its (\d+) fewer rounds? with (\d+) more operator applications?)");
  for (It it(text.begin(), text.end(), buys), end; it != end; ++it)
    a->Check(
        "work depth",
        std::stoll((*it)[1]) == saved && std::stoll((*it)[2]) == extra && saved > 0 && extra > 0,
        Quoted(it->str()), text);
  static const std::regex saves(
      R"(Blelloch saves (\d+) operator applications? and pays with (\d+) more rounds?)");
  for (It it(text.begin(), text.end(), saves), end; it != end; ++it)
    a->Check(
        "work depth",
        std::stoll((*it)[1]) == extra && std::stoll((*it)[2]) == saved && saved > 0 && extra > 0,
        Quoted(it->str()), text);
  static const std::regex no_more(
      R"(Hillis-Steele does no more work than Blelloch \((\d+) against (\d+): Blelloch sweeps (?:all (\d+) positions of the padded array|the array), twice\) and takes (?:(\d+) fewer rounds?|as many rounds))");
  long long padded = 1;
  while (padded < n) padded *= 2;
  for (It it(text.begin(), text.end(), no_more), end; it != end; ++it)
    a->Check("work depth",
             std::stoll((*it)[1]) == hs.work && std::stoll((*it)[2]) == bl.work && extra <= 0 &&
                 ((*it)[3].matched ? std::stoll((*it)[3]) == padded && padded > n : padded == n) &&
                 ((*it)[4].matched ? std::stoll((*it)[4]) == saved && saved > 0 : saved == 0),
             Quoted(it->str()), text);
  static const std::regex plain(
      R"((Hillis-Steele|Blelloch) does (\d+) operator applications? in (\d+) rounds?, (Hillis-Steele|Blelloch) (\d+) in (\d+))");
  for (It it(text.begin(), text.end(), plain), end; it != end; ++it) {
    const bool hs_first = (*it)[1] == "Hillis-Steele";
    const Count& p = hs_first ? hs : bl;
    const Count& q = hs_first ? bl : hs;
    a->Check("work depth",
             std::stoll((*it)[2]) == p.work && std::stoll((*it)[3]) == p.depth &&
                 std::stoll((*it)[5]) == q.work && std::stoll((*it)[6]) == q.depth,
             Quoted(it->str()), text);
  }
}

// "about 15.9 steps for Hillis-Steele": work / p + depth, one decimal below 100, whole above.
std::string BrentSteps(const Count& c, int p) {
  const double steps = static_cast<double>(c.work) / p + static_cast<double>(c.depth);
  char buf[32];
  if (steps >= 100) {
    std::string digits = std::to_string(std::llround(steps)), out;
    for (size_t i = 0; i < digits.size(); ++i) {
      if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
      out += digits[i];
    }
    return out;
  }
  std::snprintf(buf, sizeof buf, "%.1f", steps);
  return buf;
}

// "n = 2..3, 5 and 9..11" for sorted sizes.
std::string Ranges(const std::vector<int>& sizes) {
  if (sizes.empty()) return "no n";
  std::vector<std::string> runs;
  for (size_t i = 0; i < sizes.size();) {
    size_t j = i;
    while (j + 1 < sizes.size() && sizes[j + 1] == sizes[j] + 1) ++j;
    runs.push_back(std::to_string(sizes[i]) +
                   (j > i ? ".." + std::to_string(sizes[j]) : std::string()));
    i = j + 1;
  }
  std::string out = "n = ";
  for (size_t k = 0; k < runs.size(); ++k)
    out += (k == 0 ? "" : k + 1 < runs.size() ? ", " : " and ") + runs[k];
  return out;
}

// Brent's steps at n for p, and for each algorithm named the sizes 2..max where it takes fewest.
void CheckBrent(int n, int max_n, const std::string& text, Audit* a) {
  const std::string x = Names();
  static const std::regex with(R"(With p = (\d+) that is about ([^.]*\d[^.]*?)\. )");
  std::smatch m;
  if (!std::regex_search(text, m, with)) return;
  const int p = std::stoi(m[1]);
  const std::string list = m[2];
  const std::regex each(R"(([\d.,]+) steps for )" + x);
  for (It it(list.begin(), list.end(), each), end; it != end; ++it)
    a->Check("work depth", (*it)[1] == BrentSteps(Counted(*Named((*it)[2]), n), p),
             Quoted(it->str()) + ": " + BrentSteps(Counted(*Named((*it)[2]), n), p), text);
  const std::regex fewest(
      R"(Over n = 2\.\.(\d+) with p = (\d+), the fewest steps \(ties shared\): (.*?)\. )");
  if (!std::regex_search(text, m, fewest)) return;
  a->Check("work depth", std::stoi(m[1]) == max_n && std::stoi(m[2]) == p, Quoted(m[0]), text);
  std::vector<Algorithm> named;
  const std::string all = m[3];
  const std::regex at(x + " at ((?:n = )?[^;]*)");
  std::vector<std::pair<Algorithm, std::string>> said;
  for (It it(all.begin(), all.end(), at), end; it != end; ++it)
    said.push_back({*Named((*it)[1]), (*it)[2]});
  std::vector<std::vector<long long>> steps(said.size());
  for (int k = 2; k <= max_n; ++k)
    for (size_t i = 0; i < said.size(); ++i) {
      const Count c = Counted(said[i].first, k);
      steps[i].push_back(c.work + c.depth * p);  // p times the steps, exactly
    }
  for (size_t i = 0; i < said.size(); ++i) {
    std::vector<int> wins;
    for (int k = 2; k <= max_n; ++k) {
      bool best = true;
      for (size_t j = 0; j < said.size(); ++j)
        best = best && steps[i][static_cast<size_t>(k - 2)] <= steps[j][static_cast<size_t>(k - 2)];
      if (best) wins.push_back(k);
    }
    a->Check("work depth", said[i].second == Ranges(wins),
             Quoted(said[i].second) + ": " + Ranges(wins), text);
  }
}

}  // namespace

void CheckWorkDepthCaption(int n, int max_n, const std::string& text, Audit* audit) {
  ++audit->texts;
  CheckGrammar(text, audit);
  CheckChapters(n, text, audit);
  CheckPairs(n, text, audit);
  if (max_n > 0) CheckBrent(n, max_n, text, audit);
}

// "work 7 of 17  ·  depth 2 of 3" (the figure's heading at a round), "work 17, depth 3" (a
// kind's status bar): the round's running count and the trace's whole.
void CheckWorkDepthNumbers(const Trace& t, int round, const std::string& text, Audit* audit) {
  ++audit->texts;
  long long work = 0, depth = 0;
  for (int r = 0; r <= round && r < static_cast<int>(t.rounds.size()); ++r) {
    const int k = Applications(t.rounds[static_cast<size_t>(r)]);
    work += k;
    depth += k > 0 ? 1 : 0;
  }
  static const std::regex heading(R"(work (\d+) of (\d+)  ·  depth (\d+) of (\d+))");
  for (It it(text.begin(), text.end(), heading), end; it != end; ++it)
    audit->Check(
        "work depth numbers",
        std::stoll((*it)[1]) == work && std::stoll((*it)[2]) == TotalWork(t) &&
            std::stoll((*it)[3]) == depth && std::stoll((*it)[4]) == OperatorRounds(t),
        Quoted(it->str()) + ": work " + std::to_string(work) + ", depth " + std::to_string(depth),
        text);
  static const std::regex status(R"(work (\d+), depth (\d+))");
  for (It it(text.begin(), text.end(), status), end; it != end; ++it)
    audit->Check("work depth numbers",
                 std::stoll((*it)[1]) == TotalWork(t) && std::stoll((*it)[2]) == OperatorRounds(t),
                 Quoted(it->str()), text);
}

}  // namespace scanviz::audit
