// Fuzz target: the input parser, as the CLI's --input and the app's text box use it, for both
// element types.
//
// Beyond "no crash": an accepted text holds 1..1024 values of its type (int32: integers in
// range; float32: finite float32 values), and writing them with FormatValues (as the app does
// when a cell is edited, and saves in its settings) and parsing that again gives the same values
// bit for bit, with either separator the app and the CLI use.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include "core/analysis.h"
#include "core/input.h"
#include "core/trace.h"
#include "fuzz/fuzz_check.h"

namespace scanviz::fuzz {
namespace {

constexpr const char* kTarget = "fuzz_input";

std::string Describe(const std::vector<double>& values, ElementType type) {
  std::string out = ToString(type);
  out += ":";
  char buf[40];
  for (double v : values) {
    std::snprintf(buf, sizeof buf, " %.17g", v);
    out += buf;
  }
  return out;
}

bool SameBits(const std::vector<double>& a, const std::vector<double>& b) {
  return a.size() == b.size() &&
         (a.empty() || std::memcmp(a.data(), b.data(), a.size() * sizeof(double)) == 0);
}

void Check(std::string_view text, ElementType type) {
  const ParsedValues parsed = ParseValues(text, type);
  if (!parsed.Ok()) return;
  if (parsed.values.empty() || parsed.values.size() > static_cast<size_t>(kMaxElements))
    Fail(kTarget, "accepted " + std::to_string(parsed.values.size()) + " values");
  for (double v : parsed.values) {
    const bool ok = type == ElementType::kInt32
                        ? v == std::trunc(v) && v >= -2147483648.0 && v <= 2147483647.0
                        : std::isfinite(v) && static_cast<double>(static_cast<float>(v)) == v;
    if (!ok) Fail(kTarget, "accepted a value outside the type: " + Describe({v}, type));
  }
  for (std::string_view separator : {",", " "}) {
    const std::string formatted = FormatValues(parsed.values, type, separator);
    const ParsedValues again = ParseValues(formatted, type);
    if (!again.Ok())
      Fail(kTarget,
           "ParseValues rejects what FormatValues wrote: \"" + formatted + "\": " + again.error);
    // Bit for bit: -0 must stay -0 (it is not the identity of float addition).
    if (!SameBits(again.values, parsed.values))
      Fail(kTarget, "the round trip through \"" + formatted + "\" changed the values: " +
                        Describe(parsed.values, type) + " became " + Describe(again.values, type));
  }
}

}  // namespace
}  // namespace scanviz::fuzz

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  scanviz::fuzz::Check(text, scanviz::ElementType::kInt32);
  scanviz::fuzz::Check(text, scanviz::ElementType::kFloat32);
  return 0;
}
