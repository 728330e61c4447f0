// The checks of the multi-block narration, scanviz-cli's grid and application tables, and the
// single-pass narration.
#include <algorithm>
#include <cstdio>
#include <regex>

#include "audit/claims.h"
#include "audit/patterns.h"
#include "core/grid/grid_steps.h"
#include "core/grid/single_pass_steps.h"
#include "core/simulator.h"

namespace scanviz::audit {
namespace {

using It = std::sregex_iterator;

std::vector<double> Slice(const std::vector<double>& v, int begin, int count) {
  return {v.begin() + begin, v.begin() + begin + count};
}

std::vector<double> BlockTotals(const GridTrace& g) {
  std::vector<double> out;
  for (int b = 0; b < g.BlockCount(); ++b)
    out.push_back(Fold(g.op, g.type, Slice(g.input, g.BlockBegin(b), g.BlockCount(b)), 0,
                       g.BlockCount(b) - 1));
  return out;
}

void CheckCut(const GridTrace& g, const std::string& text, Audit* a) {
  const int blocks = g.BlockCount(), last = g.BlockCount(blocks - 1);
  static const std::regex cut(
      R"(The (\d+) (?:elements|sums) are cut into (\d+) blocks? of (\d+)(?: \(the last holds (\d+)\))?)");
  for (It it(text.begin(), text.end(), cut), end; it != end; ++it) {
    const std::smatch& m = *it;
    const bool holds =
        std::stoi(m[1]) == g.N() && std::stoi(m[2]) == blocks && blocks > 1 &&
        std::stoi(m[3]) == g.block_size &&
        (m[4].matched ? std::stoi(m[4]) == last && last != g.block_size : last == g.block_size);
    a->Check("grid", holds,
             Quoted(m.str()) + ": " + std::to_string(blocks) + " blocks, the last of " +
                 std::to_string(last),
             text);
  }
  static const std::regex one(
      R"(The (\d+) (?:elements?|sums?) (fits?|fill) (?:in )?one block of (up to )?(\d+))");
  for (It it(text.begin(), text.end(), one), end; it != end; ++it) {
    const std::smatch& m = *it;
    const bool full = g.N() == g.block_size;
    a->Check("grid",
             blocks == 1 && std::stoi(m[1]) == g.N() && std::stoi(m[4]) == g.block_size &&
                 (m[2] == "fill") == full && m[3].matched != full,
             Quoted(m.str()), text);
  }
}

void CheckGridValues(const GridTrace& g, const std::string& text, Audit* a) {
  static const std::regex block(std::string("Block (\\d+)'s ") + kList + " becomes " + kList);
  for (It it(text.begin(), text.end(), block), end; it != end; ++it) {
    const int b = std::stoi((*it)[1]);
    const std::vector<double> in = Slice(g.input, g.BlockBegin(b), g.BlockCount(b));
    a->Check("grid",
             ListMatches((*it)[2], g.type, in) &&
                 ListMatches((*it)[3], g.type, SequentialScan(g.op, g.type, in, g.Inclusive())),
             Quoted(it->str()), text);
  }
  const std::vector<double> totals = BlockTotals(g);
  static const std::regex sum(std::string("sums\\[(\\d+)\\] = ") + kV);
  for (It it(text.begin(), text.end(), sum), end; it != end; ++it)
    a->Check("grid",
             FormatValue(g.type, totals.at(static_cast<size_t>(std::stoi((*it)[1])))) == (*it)[2],
             Quoted(it->str()), text);
  static const std::regex sums(std::string("The sums now hold ") + kList);
  for (It it(text.begin(), text.end(), sums), end; it != end; ++it)
    a->Check("grid", ListMatches((*it)[1], g.type, totals), Quoted(it->str()), text);
  static const std::regex offsets(std::string("exclusively: offsets = ") + kList);
  for (It it(text.begin(), text.end(), offsets), end; it != end; ++it)
    a->Check("grid", ListMatches((*it)[1], g.type, SequentialScan(g.op, g.type, g.input, false)),
             Quoted(it->str()), text);
  static const std::regex output(std::string("output ") + kList +
                                 " is the (inclusive|exclusive) scan of the whole");
  for (It it(text.begin(), text.end(), output), end; it != end; ++it)
    a->Check("grid",
             ListMatches((*it)[1], g.type,
                         SequentialScan(g.op, g.type, g.input, (*it)[2] == "inclusive")) &&
                 ((*it)[2] == "inclusive") == g.Inclusive(),
             Quoted(it->str()), text);
}

// "(3 rounds of the operator, 4 steps in all; block 1, of 1 element: 0 rounds of the operator,
// 1 step in all, inclusive)" against every block's trace.
void CheckHeader(const GridTrace& g, const std::smatch& m, const std::string& text, Audit* a) {
  const bool counted = m[3].matched;
  std::map<int, std::pair<int, int>> named;
  const std::string rest = m[5];
  static const std::regex other(
      R"(; block (\d+), of (\d+) elements?: (\d+) rounds? of the operator, (\d+) steps? in all)");
  for (It it(rest.begin(), rest.end(), other), end; it != end; ++it)
    named[std::stoi((*it)[1])] = {std::stoi((*it)[3]), std::stoi((*it)[4])};
  bool holds = std::stoi(m[1]) == g.BlockCount() && std::stoi(m[2]) == g.block_size &&
               (m[6] == "inclusive") == g.Inclusive();
  for (int b = 0; counted && b < g.BlockCount(); ++b) {
    const Trace& t = g.blocks.at(static_cast<size_t>(b));
    const auto it = named.find(b);
    const std::pair<int, int> said =
        it != named.end() ? it->second : std::pair{std::stoi(m[3]), std::stoi(m[4])};
    holds = holds && said.first == OperatorRounds(t) &&
            said.second == static_cast<int>(t.rounds.size());
  }
  a->Check("cli grid", holds && (counted || g.blocks.empty()), Quoted(m.str()), text);
}

}  // namespace

void CheckGridStep(const GridTrace& level, const std::string& text, Audit* audit) {
  ++audit->texts;
  CheckGrammar(text, audit);
  CheckCombinations(level.type, text, audit);
  CheckCut(level, text, audit);
  CheckGridValues(level, text, audit);
}

void CheckGridTable(const GridTrace& grid, const std::string& text, Audit* audit) {
  ++audit->texts;
  CheckGrammar(text, audit);
  static const std::regex header(
      R"(phase 1 · block scan: (\d+) blocks? of (\d+), each a .*? scan of its own elements \((?:(\d+) rounds? of the operator, (\d+) steps? in all((?:; block \d+, of \d+ elements?: \d+ rounds? of the operator, \d+ steps? in all)*), )?(inclusive|exclusive)\))");
  // The table prints a level's phases when it has more than one block (a one-block sums scan is
  // a line of offsets): its headers are those levels', in order.
  std::vector<const GridTrace*> levels;
  for (const GridTrace* g : GridLevels(grid))
    if (levels.empty() || g->BlockCount() > 1) levels.push_back(g);
  size_t level = 0;
  for (It it(text.begin(), text.end(), header), end; it != end; ++it, ++level)
    CheckHeader(*levels.at(level), *it, text, audit);
  audit->Check("cli grid", level == levels.size(), "a level without its header", text);
}

void CheckApplicationTable(const ApplicationTrace& trace, const std::string& text, Audit* audit) {
  ++audit->texts;
  CheckGrammar(text, audit);
  static const std::regex line(
      R"(\(one .+? block of (\d+), (\d+) rounds? of the operator in (\d+) steps?)");
  size_t pass = 0;
  for (It it(text.begin(), text.end(), line), end; it != end; ++it, ++pass) {
    const GridTrace& scan = trace.passes.at(pass).scan;
    const Trace& block = scan.blocks.at(0);
    audit->Check("cli application",
                 std::stoi((*it)[1]) == scan.block_size &&
                     std::stoi((*it)[2]) == OperatorRounds(block) &&
                     std::stoi((*it)[3]) == static_cast<int>(block.rounds.size()),
                 Quoted(it->str()) + ": the trace has " + std::to_string(OperatorRounds(block)) +
                     " rounds in " + std::to_string(block.rounds.size()) + " steps",
                 text);
  }
}

// The look-back counts, and the work: each tile's own scan simulated again on its elements and
// counted, one combination per aggregate or prefix read and one for P, one per element to put the
// prefix in front.
void CheckSinglePass(const SinglePassTrace& t, const std::string& text, Audit* audit) {
  ++audit->texts;
  CheckGrammar(text, audit);
  long long scans = 0, lookback = 0, prefix = 0, looked = 0, most = 0;
  for (const TileRecord& r : t.tiles) {
    const int begin = t.TileBegin(r.tile), elements = std::min(t.tile_size, t.N() - begin);
    const Trace tile = Simulate(
        ScanRequest{t.block_algorithm, t.op, t.type, Slice(t.input, begin, elements), t.converted});
    scans += TotalWork(tile);
    int read = 0;
    for (const LookRead& l : r.reads)
      read += l.flag == single_pass::kFlagA || l.flag == single_pass::kFlagP;
    const bool has_prefix = r.tile > 0 || t.carry_in.has_value();
    lookback += read + (has_prefix ? 1 : 0);
    prefix += has_prefix ? elements : 0;
    looked += read;
    most = std::max<long long>(most, read);
  }
  const long long total = scans + lookback + prefix;
  std::smatch m;
  static const std::regex work(
      R"(scans apply the operator ([\d,]+) times, the look-back ([\d,]+) times, and putting each prefix in front of its tile's elements ([\d,]+) times: ([\d,]+) in all, about ([\d.]+) per element, against n - 1 = ([\d,]+))");
  if (std::regex_search(text, m, work)) {
    char per[32];
    std::snprintf(per, sizeof per, "%.1f", static_cast<double>(total) / t.N());
    audit->Check("single pass",
                 ParseCount(m[1]) == scans && ParseCount(m[2]) == lookback &&
                     ParseCount(m[3]) == prefix && ParseCount(m[4]) == total && m[5] == per &&
                     ParseCount(m[6]) == t.N() - 1,
                 Quoted(m.str()) + ": " + std::to_string(total) + " in all", text);
  }
  static const std::regex stays(
      R"(the work stays about n operator applications plus a few per tile)");
  if (std::regex_search(text, m, stays))
    audit->Check(
        "single pass", total <= 2LL * t.N(),
        Quoted(m.str()) + ": " + std::to_string(total) + " for n = " + std::to_string(t.N()), text);
  // Tile 0 has nothing to look back at: the mean is over the tiles after it.
  static const std::regex back(
      R"(A tile after the first looked back ([\d.]+) tiles on average and at most (\d+) tiles?)");
  if (std::regex_search(text, m, back)) {
    char mean[32];
    const int after = t.TileCount() - 1;
    std::snprintf(mean, sizeof mean, "%.1f", after > 0 ? static_cast<double>(looked) / after : 0.0);
    audit->Check("single pass", m[1] == mean && std::stoi(m[2]) == most, Quoted(m.str()), text);
  }
}

}  // namespace scanviz::audit
