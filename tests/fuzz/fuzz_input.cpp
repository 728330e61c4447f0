// Fuzz target: the input parser, as the CLI's --input and the app's text box use it, for both
// element types.
//
// Beyond "no crash": an accepted text holds 1..1024 values of its type (int32: integers in
// range; float32: finite float32 values), and writing them with FormatValues (as the app does
// when a cell is edited, and saves in its settings) and parsing that again gives the same values
// bit for bit, with either separator the app and the CLI use.
//
// Finding F1 (docs/reliability.md): FormatValue wrote a float32 with 7 significant digits, and a
// float32 needs up to 9 to read back the same ("35555555", the regression seed); it now writes the
// shortest form that reads back bit for bit.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
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

std::string Describe(double v) {
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.17g", v);
  return buf;
}

bool SameBits(double a, double b) {
  return std::memcmp(&a, &b, sizeof a) == 0;
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
    if (!ok)
      Fail(kTarget, "accepted a value outside " + std::string(ToString(type)) + ": " + Describe(v));
  }
  for (std::string_view separator : {",", " "}) {
    const std::string formatted = FormatValues(parsed.values, type, separator);
    const ParsedValues again = ParseValues(formatted, type);
    if (!again.Ok())
      Fail(kTarget, "ParseValues rejects what FormatValues wrote (" + again.error + ")");
    if (again.values.size() != parsed.values.size())
      Fail(kTarget, std::to_string(parsed.values.size()) + " values read back as " +
                        std::to_string(again.values.size()));
    for (size_t i = 0; i < parsed.values.size(); ++i) {
      // Bit for bit: -0 must stay -0 (it is not the identity of float addition).
      const double v = parsed.values[i], back = again.values[i];
      if (SameBits(v, back)) continue;
      Fail(kTarget, std::string(ToString(type)) + " value " + std::to_string(i) + ", " +
                        Describe(v) + ", written as \"" + FormatValue(type, v) +
                        "\", reads back as " + Describe(back));
    }
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
