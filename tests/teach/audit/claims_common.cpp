// The checks every text gets: grammar by count, combinations, quoted lists.
#include <cstdlib>
#include <regex>

#include "audit/claims.h"
#include "audit/patterns.h"

namespace scanviz::audit {

void Audit::Check(const std::string& family, bool holds, const std::string& why,
                  const std::string& text) {
  ++checked[family];
  if (!holds) false_claims.push_back(family + ": " + why + "\n  in: " + text);
}

double ParseValue(const std::string& s) {
  if (s == "inf") return 1.0 / 0.0;
  if (s == "-inf") return -1.0 / 0.0;
  return std::strtod(s.c_str(), nullptr);
}

int ParseCount(std::string s) {  // "9,217" -> 9217
  std::string digits;
  for (char c : s)
    if (c != ',') digits += c;
  return std::atoi(digits.c_str());
}

std::vector<std::string> Split(const std::string& s, const std::string& sep) {
  std::vector<std::string> out;
  size_t from = 0;
  for (size_t at; (at = s.find(sep, from)) != std::string::npos; from = at + sep.size())
    out.push_back(s.substr(from, at - from));
  out.push_back(s.substr(from));
  return out;
}

void CheckGrammar(const std::string& text, Audit* audit) {
  // A singular subject ("Thread 31", "lane 3") with a plural verb, and the other way round; "Each
  // of threads 0 to 7 copies" is singular by its "Each".
  static const std::regex one(
      R"(\b([Tt]hread|[Ll]ane|[Pp]osition|[Bb]lock|[Tt]ile) \d+ (hold|write|exist|copy|read|have|are|keep|take|add|reach|become)\b)");
  static const std::regex many(
      R"((Each of )?\b([Tt]hreads|[Ll]anes|[Pp]ositions|[Bb]locks|[Tt]iles) \d+ (and|to) \d+ (holds|writes|exists|copies|reads|has|is|keeps|takes|adds|reaches|becomes)\b)");
  for (std::sregex_iterator it(text.begin(), text.end(), one), end; it != end; ++it)
    audit->Check("grammar", false, Quoted(it->str()) + ": one, with the plural verb", text);
  for (std::sregex_iterator it(text.begin(), text.end(), many), end; it != end; ++it)
    audit->Check("grammar", (*it)[1].matched,
                 Quoted(it->str()) + ": several, with the singular verb", text);
  // A count and its noun: "1 GPU", "4 GPUs", never "1 GPUs" nor "2 cell" (a number after a
  // digit or a point is part of another: "1.5 steps" is not "5 steps"; "2 block barriers" counts
  // barriers, "the 2 block sums" sums, and "in round 2 thread 3" names a thread).
  static const std::regex counted(
      R"((^|[^\d.,])(\d[\d,]*) (GPU|shard|total|number|cell|pass|element|block|round|step|dependent step|zero|one|byte|word|value|thread|tile|key|lane|operator application|application)(s|es)?(?![\w-]| barrier| sum| \d))");
  for (std::sregex_iterator it(text.begin(), text.end(), counted), end; it != end; ++it) {
    const bool single = ParseCount((*it)[2]) == 1;
    const size_t at = static_cast<size_t>(it->position());
    const size_t from = at < 40 ? 0 : at - 40;  // the words around it, to find the sentence
    audit->Check("grammar", single != (*it)[4].matched,
                 Quoted(it->str()) + (single ? ": one, with the plural" : ": several, singular") +
                     " (in \"" + text.substr(from, at - from + it->str().size() + 20) + "\")",
                 text);
  }
  // "the lowest 1 lane of each group have": one, with the plural verb.
  static const std::regex each(
      R"(\b1 (lane|thread|block|tile|cell|element) of each \w+ (have|keep|are|hold|write)\b)");
  for (std::sregex_iterator it(text.begin(), text.end(), each), end; it != end; ++it)
    audit->Check("grammar", false, Quoted(it->str()) + ": one, with the plural verb", text);
  audit->Check("grammar", true, "", text);  // counted: the text was read
}

void CheckCombinations(ElementType type, const std::string& text, Audit* audit) {
  static const std::regex infix("(^|[^+\\d. ] |[(\\[])" + std::string(kV) + " (\\+|max|min|last) " +
                                kV + " = " + kV + "(?! [+])");
  static const std::regex call("(max|min|last)\\(" + std::string(kV) + ", " + kV + "\\) = " + kV);
  auto check = [&](const std::string& op, const std::string& a, const std::string& b,
                   const std::string& c, const std::string& what) {
    const OpKind k = op == "+"     ? OpKind::kAdd
                     : op == "max" ? OpKind::kMax
                     : op == "min" ? OpKind::kMin
                                   : OpKind::kLast;
    const std::string want = FormatValue(type, Apply(k, type, ParseValue(a), ParseValue(b)));
    audit->Check("combination", want == c, Quoted(what) + ": the operator gives " + want, text);
  };
  for (std::sregex_iterator it(text.begin(), text.end(), infix), end; it != end; ++it)
    check((*it)[3], (*it)[2], (*it)[4], (*it)[5], it->str());
  for (std::sregex_iterator it(text.begin(), text.end(), call), end; it != end; ++it)
    check((*it)[1], (*it)[2], (*it)[3], (*it)[4], it->str());
}

bool ListMatches(const std::string& list, ElementType type, const std::vector<double>& values) {
  static const std::regex shape(R"(^\[(.*)\](?: \((\d+) values\))?$)");
  std::smatch m;
  if (!std::regex_match(list, m, shape)) return false;
  if (m[2].matched && ParseCount(m[2]) != static_cast<int>(values.size())) return false;
  const std::string body = m[1];
  std::vector<std::string> items = body.empty() ? std::vector<std::string>{} : Split(body, ", ");
  size_t gap = items.size();
  for (size_t i = 0; i < items.size(); ++i)
    if (items[i] == "..." || items[i] == "…") gap = i;
  if (gap == items.size()) {
    if (items.size() != values.size()) return false;
    for (size_t i = 0; i < items.size(); ++i)
      if (items[i] != FormatValue(type, values[i])) return false;
    return true;
  }
  const size_t tail = items.size() - gap - 1;
  if (gap + tail > values.size()) return false;
  for (size_t i = 0; i < gap; ++i)
    if (items[i] != FormatValue(type, values[i])) return false;
  for (size_t i = 0; i < tail; ++i)
    if (items[gap + 1 + i] != FormatValue(type, values[values.size() - tail + i])) return false;
  return true;
}

}  // namespace scanviz::audit
