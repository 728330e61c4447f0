#include "core/input.h"

#include <cctype>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <random>
#include <version>

#include "core/quote.h"
#include "core/trace.h"

namespace scanviz {

namespace {

// A token as an error message quotes it: escaped as every quote of a file's text is (core/quote.h),
// in full up to 40 characters, else its start and length, so a 100,000-character paste does not
// fill the terminal. In single quotes, as the app's input box has always shown them.
std::string Quoted(const std::string& token) {
  constexpr size_t kShown = 40;
  const std::string quoted = QuoteForMessage(token, kShown);
  // Built by appending: GCC 12 misreports "..." + std::string&& as an overlapping memcpy.
  std::string out = "'";
  // Between single quotes a double quote needs no escape: '"7"', not '\"7\"'. Every '"' in
  // `quoted` follows its escape's backslash, so each \" found is one.
  for (std::size_t i = 1; i + 1 < quoted.size(); ++i) {
    if (quoted[i] == '\\' && quoted[i + 1] == '"' && i + 2 < quoted.size()) continue;
    out += quoted[i];
  }
  out += "'";
  if (token.size() > kShown) out += " (" + std::to_string(token.size()) + " characters)";
  return out;
}

// The whole of [first, last) as a float32, as std::from_chars reads it. The web build's libc++ 14
// has no floating-point from_chars: there strtof reads it, refusing what from_chars would not
// take (a '+', a hexadecimal "0x", a value out of range).
bool ParseFloat(const char* first, const char* last, float* out) {
#if defined(__cpp_lib_to_chars)
  auto [ptr, ec] = std::from_chars(first, last, *out);
  return ec == std::errc() && ptr == last;
#else
  const std::string text(first, last);
  const size_t digits = text.rfind('-', 0) == 0 ? 1 : 0;
  if (text.empty() || text[0] == '+' || std::isspace(static_cast<unsigned char>(text[0])) ||
      (text.size() > digits + 1 && text[digits] == '0' && (text[digits + 1] | 0x20) == 'x'))
    return false;
  char* end = nullptr;
  errno = 0;
  *out = std::strtof(text.c_str(), &end);
  return errno == 0 && end == text.c_str() + text.size();
#endif
}

// One element of `type`, or why `token` is not one.
std::string ParseToken(const std::string& token, ElementType type, double* value) {
  if (type == ElementType::kInt32) {
    long long v = 0;
    const char* first = token.data();
    const char* last = token.data() + token.size();
    // One sign at most: a '+' must be followed by a digit ("+-5" is not a number).
    if (*first == '+') {
      ++first;
      if (first == last || !std::isdigit(static_cast<unsigned char>(*first)))
        return Quoted(token) + " is not an integer";
    }
    auto [ptr, ec] = std::from_chars(first, last, v);
    if (ec == std::errc::result_out_of_range ||
        (ec == std::errc() && ptr == last && (v < -2147483648LL || v > 2147483647LL)))
      return Quoted(token) + " is outside int32 [-2147483648, 2147483647]";
    if (ec != std::errc() || ptr != last || first == last)
      return Quoted(token) + " is not an integer";
    *value = static_cast<double>(v);
  } else {
    float v = 0;
    if (!ParseFloat(token.data(), token.data() + token.size(), &v) || !std::isfinite(v))
      return Quoted(token) + " is not a finite float32 number";
    *value = static_cast<double>(v);
  }
  return {};
}

}  // namespace

ParsedValues ParseValues(std::string_view text, ElementType type, int max_values) {
  ParsedValues out;
  // Strip one pair of surrounding brackets, so a result printed as [3,4,11] can be pasted back.
  size_t begin = text.find_first_not_of(" \t\r\n");
  size_t end = text.find_last_not_of(" \t\r\n");
  if (begin != std::string_view::npos && text[begin] == '[' && text[end] == ']') {
    text = text.substr(begin + 1, end - begin - 1);
  }
  auto is_space = [](char c) { return std::isspace(static_cast<unsigned char>(c)) != 0; };
  size_t i = 0;
  int commas = 0;  // commas since the last token
  bool have_token = false;
  std::string last_token;
  while (i < text.size()) {
    const char c = text[i];
    if (is_space(c)) {
      ++i;
      continue;
    }
    if (c == ',') {
      if (!have_token || ++commas > 1) {
        out.error = have_token ? "empty element after " + Quoted(last_token)
                               : "empty element before the first comma";
        return out;
      }
      ++i;
      continue;
    }
    size_t j = i;
    while (j < text.size() && text[j] != ',' && !is_space(text[j])) ++j;
    const std::string token(text.substr(i, j - i));
    i = j;
    double v = 0;
    if (std::string error = ParseToken(token, type, &v); !error.empty()) {
      out.error = std::move(error);
      return out;
    }
    out.values.push_back(v);
    last_token = token;
    have_token = true;
    commas = 0;
  }
  if (commas > 0) {
    out.error = "empty element after " + Quoted(last_token);
    return out;
  }
  if (out.values.empty()) {
    out.error = "the input is empty";
  } else if (out.values.size() > static_cast<size_t>(max_values)) {
    out.error = std::to_string(out.values.size()) +
                (max_values == kMaxElements ? " elements: a single block scans at most "
                                            : " elements: at most ") +
                std::to_string(max_values);
    out.values.clear();
  }
  return out;
}

namespace {

// The standard's engines are the same everywhere, its distributions are not: libc++ (the web
// build's) draws other integers than libstdc++ (the desktop's) from the same mt19937_64, and a
// shared link's random input (session.h's generator) must be the same values on both. These are
// libstdc++'s own algorithms (GCC 12, <bits/uniform_int_dist.h>, <bits/random.tcc>), written out,
// so the desktop's values are what they always were and the page's are the same.

// uniform_int_distribution<long long>(lo, hi) on a 64-bit engine: Lemire's nearly divisionless
// downscaling through a 128-bit product.
__extension__ typedef unsigned __int128 U128;  // GCC's and clang's (wasm32 too); not ISO C++

long long UniformInt(std::mt19937_64& rng, long long lo, long long hi) {
  const std::uint64_t range = static_cast<std::uint64_t>(hi) - static_cast<std::uint64_t>(lo) + 1;
  if (range == 0) return static_cast<long long>(rng());  // the whole 64-bit range
  U128 product = static_cast<U128>(rng()) * range;
  auto low = static_cast<std::uint64_t>(product);
  if (low < range) {
    const std::uint64_t threshold = (0 - range) % range;
    while (low < threshold) {
      product = static_cast<U128>(rng()) * range;
      low = static_cast<std::uint64_t>(product);
    }
  }
  // lo + the draw, wrapping in 64 bits: the sum is in [lo, hi], so it fits a long long.
  const std::uint64_t value =
      static_cast<std::uint64_t>(product >> 64) + static_cast<std::uint64_t>(lo);
  return static_cast<long long>(value);
}

// uniform_real_distribution<double>(lo, hi): generate_canonical<double, 53> (one draw over 2^64,
// kept below 1), scaled.
double UniformReal(std::mt19937_64& rng, double lo, double hi) {
  double u = static_cast<double>(rng()) / 18446744073709551616.0;
  if (u >= 1.0) u = std::nextafter(1.0, 0.0);
  return u * (hi - lo) + lo;
}

}  // namespace

std::vector<double> RandomValues(int n, std::uint64_t seed, ElementType type, int lo, int hi) {
  std::mt19937_64 rng(seed);
  std::vector<double> values(n < 0 ? 0 : n);
  if (type == ElementType::kInt32) {
    for (double& v : values) v = static_cast<double>(UniformInt(rng, lo, hi));
  } else {
    for (double& v : values) v = static_cast<double>(static_cast<float>(UniformReal(rng, lo, hi)));
  }
  return values;
}

std::string FormatValues(const std::vector<double>& values, ElementType type,
                         std::string_view separator) {
  std::string out;
  for (size_t i = 0; i < values.size(); ++i) {
    if (i) out += separator;
    out += FormatValue(type, values[i]);
  }
  return out;
}

ParsedSeed ParseSeed(std::string_view text) {
  constexpr std::uint64_t kMax = std::numeric_limits<std::uint64_t>::max();
  ParsedSeed out;
  std::uint64_t value = 0;
  bool ok = !text.empty() && text.size() <= 20;
  for (size_t i = 0; ok && i < text.size(); ++i) {
    const auto digit = static_cast<std::uint64_t>(text[i] - '0');
    ok = text[i] >= '0' && text[i] <= '9' && value <= (kMax - digit) / 10;
    value = value * 10 + digit;
  }
  if (ok) {
    out.value = value;
  } else {
    out.error = Quoted(std::string(text)) + ": choose a whole number 0.." + std::to_string(kMax);
  }
  return out;
}

}  // namespace scanviz
