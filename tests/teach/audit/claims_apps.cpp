// The checks of the applications view's words (scene/application_scene: each step's title, note
// and narration, the view's heading): every count recomputed from the pass's input and flags with
// a loop of the audit's own (the kept elements, the zeros and ones of the bit, the exclusive sum,
// the blocks, the pool and the last thread's slice, the first element that moves).
#include <cstdint>
#include <regex>

#include "audit/claims.h"
#include "audit/patterns.h"

namespace scanviz::audit {
namespace {

using It = std::sregex_iterator;

struct PassCount {
  int n = 0, flagged = 0, zeros = 0;
  std::vector<long long> exclusive;  // the exclusive sum of the flags
  long long total = 0;               // all the flags' sum
};

PassCount CountPass(const ApplicationPass& p) {
  PassCount c;
  c.n = static_cast<int>(p.input.size());
  for (size_t i = 0; i < p.flags.size(); ++i) {
    c.exclusive.push_back(c.total);
    c.total += static_cast<long long>(p.flags[i]);
    c.flagged += p.flags[i] != 0 ? 1 : 0;
  }
  if (p.bit >= 0)
    for (double v : p.input)
      c.zeros += ((static_cast<std::uint32_t>(static_cast<std::int32_t>(v)) >> p.bit) & 1u) == 0;
  return c;
}

// Step 1 and the title: the kept ones, the zeros and ones, the pass and its bit.
void CheckFlagStep(const ApplicationPass& p, const PassCount& c, int pass, int passes,
                   const std::string& text, Audit* a) {
  static const std::regex kept(R"((\d+) elements? of (\d+) kept)");
  for (It it(text.begin(), text.end(), kept), end; it != end; ++it)
    a->Check("applications", std::stoi((*it)[1]) == c.flagged && std::stoi((*it)[2]) == c.n,
             Quoted(it->str()) + ": " + std::to_string(c.flagged) + " flags are 1", text);
  static const std::regex bits(R"(flags\[i\] = 1 - bit (\d+) [^:]*\): (\d+) zeros?, (\d+) ones?)");
  for (It it(text.begin(), text.end(), bits), end; it != end; ++it)
    a->Check("applications",
             std::stoi((*it)[1]) == p.bit && std::stoi((*it)[2]) == c.zeros &&
                 std::stoi((*it)[3]) == c.n - c.zeros && c.zeros == c.flagged,
             Quoted(it->str()) + ": bit " + std::to_string(p.bit) + " is 0 in " +
                 std::to_string(c.zeros),
             text);
  static const std::regex title(
      R"(pass (\d+) of (\d+) · bit (\d+): a stable split of the (keys|last))");
  for (It it(text.begin(), text.end(), title), end; it != end; ++it)
    a->Check("applications",
             std::stoi((*it)[1]) == pass + 1 && std::stoi((*it)[2]) == passes &&
                 std::stoi((*it)[3]) == p.bit && ((*it)[4] == "keys") == (pass == 0),
             Quoted(it->str()), text);
}

// Step 2: the blocks of the scan and its total.
void CheckScanStep(const ApplicationPass& p, const PassCount& c, const std::string& text,
                   Audit* a) {
  static const std::regex scan(
      R"(\(([^,()]+), (\d+) blocks? of (\d+)\); total = scan\[(-?\d+)\] \+ \w+\[(-?\d+)\] = (\d+) \+ (\d+) = (\d+))");
  for (It it(text.begin(), text.end(), scan), end; it != end; ++it) {
    const int b = p.scan.block_size, last = c.n - 1;
    const bool holds =
        (*it)[1] == Info(p.scan.block_algorithm).name && std::stoi((*it)[3]) == b &&
        std::stoi((*it)[2]) == (c.n + b - 1) / b && std::stoi((*it)[4]) == last &&
        std::stoi((*it)[5]) == last && last >= 0 &&
        std::stoll((*it)[6]) == c.exclusive[static_cast<size_t>(last)] &&
        std::stoll((*it)[7]) == static_cast<long long>(p.flags[static_cast<size_t>(last)]) &&
        std::stoll((*it)[8]) == c.total;
    a->Check("applications", holds,
             Quoted(it->str()) + ": the flags sum to " + std::to_string(c.total), text);
  }
}

// Step 3 and the result.
void CheckScatterStep(const ApplicationTrace& t, const ApplicationPass& p, const PassCount& c,
                      const std::string& text, Audit* a) {
  static const std::regex length(R"(Output length (\d+) of (\d+))");
  for (It it(text.begin(), text.end(), length), end; it != end; ++it)
    a->Check("applications", std::stoll((*it)[1]) == c.total && std::stoi((*it)[2]) == c.n,
             Quoted(it->str()), text);
  static const std::regex moves(std::string(R"(e\.g\. input\[(\d+)\] \()") + kV +
                                R"(\) has scan (\d+), so it goes to output\[(\d+)\])");
  for (It it(text.begin(), text.end(), moves), end; it != end; ++it) {
    int first = -1;  // the first kept element whose place is not its index
    for (int i = 0; i < c.n && first < 0; ++i)
      if (p.flags[static_cast<size_t>(i)] != 0 && c.exclusive[static_cast<size_t>(i)] != i)
        first = i;
    const long long s = first < 0 ? -1 : c.exclusive[static_cast<size_t>(first)];
    a->Check("applications",
             std::stoi((*it)[1]) == first &&
                 (*it)[2] == FormatValue(t.type, p.input[static_cast<size_t>(first)]) &&
                 std::stoll((*it)[3]) == s && std::stoll((*it)[4]) == s &&
                 s < static_cast<long long>(p.output.size()) &&
                 FormatValue(t.type, p.output[static_cast<size_t>(s)]) == (*it)[2],
             Quoted(it->str()) + ": the first kept element that moves is " + std::to_string(first),
             text);
  }
  static const std::regex zeros(
      R"(total_zeros = (\d+): a zero goes to scan\[i\], a one to (\d+) \+)");
  for (It it(text.begin(), text.end(), zeros), end; it != end; ++it)
    a->Check("applications", std::stoi((*it)[1]) == c.zeros && std::stoi((*it)[2]) == c.zeros,
             Quoted(it->str()), text);
  static const std::regex pool(R"(Pool: (\d+) cells?(?:; thread (\d+) owns \[(\d+), (\d+)\))?)");
  for (It it(text.begin(), text.end(), pool), end; it != end; ++it) {
    const int last = c.n - 1;
    a->Check(
        "applications",
        std::stoll((*it)[1]) == c.total && (*it)[2].matched == (last >= 0) &&
            (!(*it)[2].matched || (std::stoi((*it)[2]) == last &&
                                   std::stoll((*it)[3]) == c.exclusive[static_cast<size_t>(last)] &&
                                   std::stoll((*it)[4]) == c.total)),
        Quoted(it->str()), text);
  }
}

// What the last pass's scatter says of the whole, and the heading's n.
void CheckResult(const ApplicationTrace& t, const std::string& text, Audit* a) {
  const PassCount last = CountPass(t.passes.back());
  static const std::regex kept(R"((?:Result|status): (\d+) of (\d+) kept)");
  for (It it(text.begin(), text.end(), kept), end; it != end; ++it)
    a->Check("applications", std::stoll((*it)[1]) == last.total && std::stoi((*it)[2]) == t.N(),
             Quoted(it->str()), text);
  static const std::regex pool(R"((?:Result|status): a pool of (\d+) cells?)");
  for (It it(text.begin(), text.end(), pool), end; it != end; ++it)
    a->Check("applications", std::stoll((*it)[1]) == last.total, Quoted(it->str()), text);
  static const std::regex split(R"((?:Result|status): (\d+) zeros?, (\d+) ones?)");
  for (It it(text.begin(), text.end(), split), end; it != end; ++it)
    a->Check("applications",
             std::stoi((*it)[1]) == last.zeros && std::stoi((*it)[2]) == t.N() - last.zeros,
             Quoted(it->str()), text);
  static const std::regex passes(R"((?:Result|status): (\d+) pass(?:es)?)");
  for (It it(text.begin(), text.end(), passes), end; it != end; ++it)
    a->Check("applications", std::stoi((*it)[1]) == t.params.bits, Quoted(it->str()), text);
  static const std::regex permuted(R"(Result: (\d+) elements? (partitioned|sorted))");
  for (It it(text.begin(), text.end(), permuted), end; it != end; ++it)
    a->Check("applications", std::stoi((*it)[1]) == t.N(), Quoted(it->str()), text);
  static const std::regex n(R"( · n = (\d+) · )");
  for (It it(text.begin(), text.end(), n), end; it != end; ++it)
    a->Check("applications", std::stoi((*it)[1]) == t.N(), Quoted(it->str()), text);
}

}  // namespace

void CheckApplicationStep(const ApplicationTrace& t, int pass, const std::string& text,
                          Audit* audit) {
  ++audit->texts;
  CheckGrammar(text, audit);
  CheckCombinations(ElementType::kInt32, text, audit);
  const ApplicationPass& p = t.passes.at(static_cast<size_t>(pass));
  const PassCount c = CountPass(p);
  CheckFlagStep(p, c, pass, static_cast<int>(t.passes.size()), text, audit);
  CheckScanStep(p, c, text, audit);
  CheckScatterStep(t, p, c, text, audit);
  CheckResult(t, text, audit);
}

}  // namespace scanviz::audit
