// The checks of the scan across GPUs' words: the GPUs kind's narration (teach/multi_gpu_teach) at
// a moment, and scanviz-cli's multi-gpu table. The shards, totals and offsets are recomputed from
// the input (the remainder spread over the first ranks, each total the fold of its shard, each
// offset the fold of the lower totals); the times from the recorded phases.
#include <algorithm>
#include <cstdio>
#include <regex>

#include "audit/claims.h"
#include "audit/patterns.h"

namespace scanviz::audit {
namespace {

using It = std::sregex_iterator;

// "[a, b]", appended: GCC 12 misreports "[" + std::string&& (-Wrestrict).
std::string Bracketed(const std::string& items) {
  std::string out(1, '[');
  out += items;
  out += ']';
  return out;
}

// What the audit knows of a trace without the trace's own totals and offsets.
struct Recount {
  std::vector<long long> begin;  // P + 1 shard bounds
  std::vector<double> totals, offsets;
  long long largest = 0;            // the largest shard
  std::int64_t longest_gather = 0;  // the longest all-gather
};

Recount RecountGpus(const MultiGpuTrace& t) {
  Recount r;
  const long long n = t.N(), p = t.Gpus();
  for (long long k = 0, at = 0; k <= p; ++k) {
    r.begin.push_back(at);
    at += n / p + (k < n % p ? 1 : 0);
  }
  double acc = Identity(t.op, t.type);
  for (long long k = 0; k < p; ++k) {
    const long long lo = r.begin[static_cast<size_t>(k)], hi = r.begin[static_cast<size_t>(k + 1)];
    r.largest = std::max(r.largest, hi - lo);
    r.totals.push_back(Fold(t.op, t.type, t.input, static_cast<int>(lo), static_cast<int>(hi) - 1));
    r.offsets.push_back(acc);
    acc = Apply(t.op, t.type, acc, r.totals.back());
  }
  for (const GpuRank& g : t.ranks)
    for (const GpuPhase& ph : g.phases)
      if (ph.kind == GpuPhaseKind::kAllGather)
        r.longest_gather = std::max(r.longest_gather, ph.end - ph.start);
  return r;
}

std::string Us(std::int64_t ns) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f", static_cast<double>(ns) / 1000.0);
  return buf;
}

// "GPUs 0, 1 and 3" -> {0, 1, 3}.
std::vector<int> Ranks(const std::string& list) {
  std::vector<int> out;
  static const std::regex number(R"(\d+)");
  for (It it(list.begin(), list.end(), number), end; it != end; ++it)
    out.push_back(std::stoi(it->str()));
  return out;
}

// What rank `g` does at `moment`, in the narration's words' first word(s): the phase running
// (start <= moment < end), else "finished" after its last phase, "not started yet" before its
// first, and "between phases" (which no sentence may call either) otherwise.
std::string Doing(const MultiGpuTrace& t, const GpuRank& g, std::int64_t moment) {
  int ended = 0;
  for (const GpuPhase& p : g.phases) {
    if (p.start <= moment && moment < p.end) {
      switch (p.kind) {
        case GpuPhaseKind::kReduce:
          return "reducing";
        case GpuPhaseKind::kScan:
          return t.strategy == MultiGpuStrategy::kReduceThenScan ? "scanning the shard with"
                                                                 : "scanning the shard, from";
        case GpuPhaseKind::kAllGather:
          return "in the all-gather";
        case GpuPhaseKind::kOffset:
          return "combining";
        case GpuPhaseKind::kAdd:
          return "adding";
      }
    }
    ended += p.end <= moment ? 1 : 0;
  }
  if (ended == static_cast<int>(g.phases.size())) return "finished";
  return ended == 0 ? "not started yet" : "between phases";
}

void CheckWho(const MultiGpuTrace& t, std::int64_t moment, const std::string& text, Audit* a) {
  static const std::regex at(R"(At ([\d.]+) us: ([^\n]*)\.)");
  std::smatch m;
  if (!std::regex_search(text, m, at)) return;
  a->Check("gpus", m[1] == Us(moment), Quoted(m[1].str()) + ": the moment is " + Us(moment), text);
  std::vector<int> told(static_cast<size_t>(t.Gpus()), 0);
  static const std::regex clause(R"(GPUs? ([\d, and]+?) (?:is|are) ([^;]+))");
  const std::string all = m[2];
  for (It it(all.begin(), all.end(), clause), end; it != end; ++it) {
    const std::string what = (*it)[2];
    for (int rank : Ranks((*it)[1])) {
      if (rank < 0 || rank >= t.Gpus()) {
        a->Check("gpus", false, Quoted(it->str()) + ": no GPU " + std::to_string(rank), text);
        continue;
      }
      ++told[static_cast<size_t>(rank)];
      const std::string doing = Doing(t, t.ranks[static_cast<size_t>(rank)], moment);
      a->Check("gpus", what.rfind(doing, 0) == 0,
               Quoted(it->str()) + ": GPU " + std::to_string(rank) + " is " + doing, text);
    }
  }
  a->Check("gpus", std::all_of(told.begin(), told.end(), [](int k) { return k == 1; }),
           "every GPU told once", text);
}

// The split, the totals sent and the exchange's size and time.
void CheckExchange(const MultiGpuTrace& t, const Recount& r, const std::string& text, Audit* a) {
  const std::string p = std::to_string(t.Gpus());
  static const std::regex split(R"(The (\d+) elements? (?:is|are) split into (\d+) shards?)");
  for (It it(text.begin(), text.end(), split), end; it != end; ++it)
    a->Check("gpus", std::stoll((*it)[1]) == t.N() && (*it)[2] == p, Quoted(it->str()), text);
  static const std::regex totals(R"(its shard's total: ([^.]*?)\. NCCL)");
  for (It it(text.begin(), text.end(), totals), end; it != end; ++it)
    a->Check("gpus", ListMatches(Bracketed((*it)[1]), t.type, r.totals),
             Quoted(it->str()) + ": the shards' folds differ", text);
  static const std::regex all(R"(receives all (\d+) totals?)");
  for (It it(text.begin(), text.end(), all), end; it != end; ++it)
    a->Check("gpus", (*it)[1] == p, Quoted(it->str()), text);
  static const std::regex cross(
      R"(Only (\d+) numbers? cross(?:es)? \((\d+) bytes\) where each GPU holds up to (\d+) bytes of shard\. The all-gather took up to ([\d.]+) us)");
  for (It it(text.begin(), text.end(), cross), end; it != end; ++it)
    a->Check("gpus",
             (*it)[1] == p && std::stoll((*it)[2]) == 4LL * t.Gpus() &&
                 std::stoll((*it)[3]) == 4 * r.largest && (*it)[4] == Us(r.longest_gather),
             Quoted(it->str()) + ": the largest shard holds " + std::to_string(r.largest) +
                 ", the longest all-gather " + Us(r.longest_gather),
             text);
}

// Each offset; `last`'s note on the order; the traffic.
void CheckOffsets(const MultiGpuTrace& t, const Recount& r, const std::string& text, Audit* a) {
  static const std::regex identity(std::string(R"(GPU 0's is the identity, )") + kV + R"(\))");
  for (It it(text.begin(), text.end(), identity), end; it != end; ++it)
    a->Check("gpus", (*it)[1] == FormatValue(t.type, Identity(t.op, t.type)), Quoted(it->str()),
             text);
  static const std::regex each(std::string(R"( GPU (\d+): )") + kV + "[;.]");
  for (It it(text.begin(), text.end(), each), end; it != end; ++it) {
    const size_t k = static_cast<size_t>(std::stoi((*it)[1]));
    a->Check("gpus", k < r.offsets.size() && (*it)[2] == FormatValue(t.type, r.offsets[k]),
             Quoted(it->str()) + ": the lower GPUs' totals give " +
                 (k < r.offsets.size() ? FormatValue(t.type, r.offsets[k]) : "no GPU"),
             text);
  }
  static const std::regex last(std::string(R"(so GPU (\d+)'s offset is )") + kV +
                               "(?:, where the totals combined backwards would give " + kV + ")?");
  for (It it(text.begin(), text.end(), last), end; it != end; ++it) {
    const size_t k = static_cast<size_t>(std::stoi((*it)[1]));
    double backwards = Identity(t.op, t.type);
    for (size_t j = std::min(k, r.totals.size()); j-- > 0;)
      backwards = Apply(t.op, t.type, backwards, r.totals[j]);
    const std::string want = FormatValue(t.type, backwards);
    a->Check("gpus",
             k + 1 == r.offsets.size() && (*it)[2] == FormatValue(t.type, r.offsets[k]) &&
                 ((*it)[3].matched ? (*it)[3] == want && want != (*it)[2].str()
                                   : want == FormatValue(t.type, r.offsets[k])),
             Quoted(it->str()) + ": backwards " + want, text);
  }
  static const std::regex traffic(
      R"((Scan, then add|Reduce, then scan) moves (\d) words an element: [^(]*\((\d+) words on a shard of (\d+)\))");
  for (It it(text.begin(), text.end(), traffic), end; it != end; ++it) {
    const long long words = (*it)[1] == "Scan, then add" ? 4 : 3;
    a->Check("gpus",
             std::stoll((*it)[2]) == words && std::stoll((*it)[3]) == words * r.largest &&
                 std::stoll((*it)[4]) == r.largest &&
                 ((*it)[1] == "Scan, then add") == (t.strategy == MultiGpuStrategy::kScanThenAdd),
             Quoted(it->str()), text);
  }
}

}  // namespace

void CheckMultiGpuNarration(const MultiGpuTrace& t, std::int64_t moment, const std::string& text,
                            Audit* audit) {
  ++audit->texts;
  CheckGrammar(text, audit);
  CheckCombinations(t.type, text, audit);
  const Recount r = RecountGpus(t);
  static const std::regex title(
      R"(^Across GPUs · (\d+) GPUs?, (scan then add|reduce then scan) \((simulated|measured)\) · ([\d.]+) us)");
  std::smatch m;
  const bool titled = std::regex_search(text, m, title);
  audit->Check("gpus",
               titled && std::stoi(m[1]) == t.Gpus() &&
                   (m[2] == "scan then add") == (t.strategy == MultiGpuStrategy::kScanThenAdd) &&
                   (m[3] == "measured") == t.measured && m[4] == Us(moment),
               "the title", text);
  CheckWho(t, moment, text, audit);
  CheckExchange(t, r, text, audit);
  CheckOffsets(t, r, text, audit);
}

// The GPUs kind's caption: "t = 3.2 µs · all-gather (the totals cross between the GPUs): GPUs
// 0, 1" for each phase running; "every GPU is done" after the last phase, "about to start" before
// any began.
void CheckGpuCaption(const MultiGpuTrace& t, std::int64_t moment, const std::string& text,
                     Audit* audit) {
  ++audit->texts;
  CheckGrammar(text, audit);
  std::vector<std::vector<int>> in(5);  // by GpuPhaseKind: the ranks running it
  bool started = false, done = true;
  for (const GpuRank& g : t.ranks)
    for (const GpuPhase& p : g.phases) {
      if (p.start <= moment && moment < p.end) in[static_cast<size_t>(p.kind)].push_back(g.rank);
      started = started || p.start <= moment;
      done = done && p.end <= moment;
    }
  std::string want;
  for (size_t k = 0; k < in.size(); ++k) {
    if (in[k].empty()) continue;
    want += std::string(" · ") + ToString(static_cast<GpuPhaseKind>(k)) + " (";
    std::string ranks = in[k].size() == 1 ? "GPU " : "GPUs ";
    for (size_t i = 0; i < in[k].size(); ++i)
      ranks += (i == 0 ? "" : ", ") + std::to_string(in[k][i]);
    want += ")" + ranks;
  }
  // Each phase's words between its name and the ranks are free; the ranks and the order are not.
  static const std::regex phase(R"( · ([a-z-]+) \([^)]*\): (GPUs? \d+(?:, \d+)*))");
  std::string said;
  for (It it(text.begin(), text.end(), phase), end; it != end; ++it)
    said += " · " + (*it)[1].str() + " ()" + (*it)[2].str();
  audit->Check("gpus caption", said == want, Quoted(text) + ": running" + want, text);
  const bool says_done = text.find("every GPU is done") != std::string::npos;
  const bool says_start = text.find("about to start") != std::string::npos;
  audit->Check("gpus caption", says_done == (want.empty() && done),
               "every GPU is done: " + std::to_string(done), text);
  audit->Check("gpus caption", !says_start || !started, "about to start, after a phase began",
               text);
  audit->Check("gpus caption", !want.empty() || says_done || says_start,
               "no phase running and nothing said", text);
}

// scanviz-cli trace -a multi-gpu: the header, every rank's row, the summary line and the output.
void CheckMultiGpuTable(const MultiGpuTrace& t, const std::string& text, Audit* audit) {
  ++audit->texts;
  CheckGrammar(text, audit);
  const Recount r = RecountGpus(t);
  static const std::regex head(R"(multi-gpu: (\d+) (?:simulated )?GPUs?, .*, n = (\d+))");
  std::smatch m;
  audit->Check(
      "cli gpus",
      std::regex_search(text, m, head) && std::stoi(m[1]) == t.Gpus() && std::stoll(m[2]) == t.N(),
      "the header", text);
  // rank, device (words), [begin, end), total, gathered, offset.
  static const std::regex row(std::string(R"(\n(\d+) +.*? +\[(\d+), (\d+)\) +)") + kV +
                              R"( +(\S+) +)" + kV + " ");
  std::string gathered;
  for (double v : r.totals) {
    if (!gathered.empty()) gathered += ',';
    gathered += FormatValue(t.type, v);
  }
  int rows = 0;
  for (It it(text.begin(), text.end(), row), end; it != end; ++it, ++rows) {
    const size_t k = static_cast<size_t>(std::stoi((*it)[1]));
    audit->Check("cli gpus",
                 k < r.totals.size() && std::stoll((*it)[2]) == r.begin[k] &&
                     std::stoll((*it)[3]) == r.begin[k + 1] &&
                     (*it)[4] == FormatValue(t.type, r.totals[k]) && (*it)[5] == gathered &&
                     (*it)[6] == FormatValue(t.type, r.offsets[k]),
                 Quoted(it->str()) + ": rank " + std::to_string(k), text);
  }
  audit->Check("cli gpus", rows == t.Gpus(), "a row per GPU", text);
  // The summary from the phases: the span, the longest all-gather, the rank whose phase before the
  // all-gather ended last and its time in the other phases.
  std::int64_t span = 0, latest = -1, local_of_slowest = 0;
  int slowest = -1;
  for (const GpuRank& g : t.ranks) {
    std::int64_t before = -1, local = 0;
    for (size_t k = 0; k < g.phases.size(); ++k) {
      span = std::max(span, g.phases[k].end);
      if (g.phases[k].kind != GpuPhaseKind::kAllGather)
        local += g.phases[k].end - g.phases[k].start;
      else if (k > 0 && before < 0)
        before = g.phases[k - 1].end;
    }
    if (before > latest) latest = before, slowest = g.rank, local_of_slowest = local;
  }
  static const std::regex summary(
      R"(span ([\d.]+) us; the longest all-gather ([\d.]+) us \((\d+) numbers? crossed, (\d+) bytes\)(?:; the slowest rank (\d+), ([\d.]+) us of work on its shard)?)");
  audit->Check("cli gpus",
               std::regex_search(text, m, summary) && m[1] == Us(span) &&
                   m[2] == Us(r.longest_gather) && std::stoi(m[3]) == t.Gpus() &&
                   std::stoi(m[4]) == 4 * t.Gpus() && m[5].matched == (slowest >= 0) &&
                   (!m[5].matched || (std::stoi(m[5]) == slowest && m[6] == Us(local_of_slowest))),
               "the summary: span " + Us(span) + ", slowest rank " + std::to_string(slowest), text);
  static const std::regex output(R"(\noutput: ([^\n]*))");
  if (std::regex_search(text, m, output)) {
    std::string list = m[1];
    std::string spaced;
    for (size_t i = 0; i < list.size(); ++i)  // "1,2, …" -> "1, 2, …"
      spaced += list[i] == ',' && i + 1 < list.size() && list[i + 1] != ' '
                    ? std::string(", ")
                    : std::string(1, list[i]);
    audit->Check(
        "cli gpus",
        ListMatches(Bracketed(spaced), t.type, SequentialScan(t.op, t.type, t.input, t.inclusive)),
        "the output", text);
  }
}

}  // namespace scanviz::audit
