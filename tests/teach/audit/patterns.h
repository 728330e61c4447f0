// What the audit's checks share: the pattern of a value as the narration writes it, and parsing.
#pragma once

#include <string>
#include <vector>

namespace scanviz::audit {

// A value: "-3", "2.5", "1e+30", "inf", "-inf", "nan" (one group).
inline constexpr const char* kV = R"((-?(?:inf|nan|\d+(?:\.\d+)?(?:e[+-]?\d+)?)))";
// A quoted list: "[3, 4, 11]", "[3, ..., 25] (1000 values)" (one group, the whole list).
inline constexpr const char* kList = R"((\[[^\]]*\](?: \(\d+ values\))?))";

// "\"claim\"", built by appending: GCC 12 misreports "literal" + std::string&& (-Wrestrict).
inline std::string Quoted(const std::string& claim) {
  std::string out(1, '"');
  out += claim;
  out += '"';
  return out;
}

double ParseValue(const std::string& s);
int ParseCount(std::string s);  // "9,217" -> 9217
std::vector<std::string> Split(const std::string& s, const std::string& sep);

}  // namespace scanviz::audit
