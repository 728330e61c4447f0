#include <gtest/gtest.h>

#include <bit>
#include <cstdint>
#include <cstdlib>

#include <cmath>

#include <random>

#include <cstring>

#include "core/analysis.h"
#include "core/input.h"
#include "core/simulator.h"

namespace scanviz {
namespace {

using V = std::vector<double>;

TEST(ParseValues, AcceptsCommasSpacesAndBrackets) {
  EXPECT_EQ(ParseValues("3,1,7,0", ElementType::kInt32).values, (V{3, 1, 7, 0}));
  EXPECT_EQ(ParseValues("3 1 7 0", ElementType::kInt32).values, (V{3, 1, 7, 0}));
  EXPECT_EQ(ParseValues(" 3, 1 ,7 ,  0 ", ElementType::kInt32).values, (V{3, 1, 7, 0}));
  EXPECT_EQ(ParseValues("[3,-1,+7]", ElementType::kInt32).values, (V{3, -1, 7}));
  EXPECT_EQ(ParseValues("-2147483648,2147483647", ElementType::kInt32).values,
            (V{-2147483648.0, 2147483647}));
  EXPECT_EQ(ParseValues("1.5 -2", ElementType::kFloat32).values, (V{1.5, -2}));
}

TEST(ParseValues, NamesTheOffendingToken) {
  EXPECT_EQ(ParseValues("3,x1,7", ElementType::kInt32).error, "'x1' is not an integer");
  EXPECT_EQ(ParseValues("3,1.5", ElementType::kInt32).error, "'1.5' is not an integer");
  EXPECT_EQ(ParseValues("2147483648", ElementType::kInt32).error,
            "'2147483648' is outside int32 [-2147483648, 2147483647]");
  EXPECT_EQ(ParseValues("99999999999999999999", ElementType::kInt32).error,
            "'99999999999999999999' is outside int32 [-2147483648, 2147483647]");
  EXPECT_EQ(ParseValues("", ElementType::kInt32).error, "the input is empty");
  EXPECT_EQ(ParseValues("  ", ElementType::kInt32).error, "the input is empty");
  EXPECT_EQ(ParseValues("3,,1", ElementType::kInt32).error, "empty element after '3'");
  EXPECT_EQ(ParseValues("3,1,", ElementType::kInt32).error, "empty element after '1'");
  EXPECT_EQ(ParseValues(",3", ElementType::kInt32).error, "empty element before the first comma");
  EXPECT_EQ(ParseValues("-", ElementType::kInt32).error, "'-' is not an integer");
  EXPECT_EQ(ParseValues("nan", ElementType::kFloat32).error,
            "'nan' is not a finite float32 number");
}

TEST(ParseValues, LimitsTheSizeToOneBlock) {
  std::string text;
  for (int i = 0; i < 1025; ++i) text += "1 ";
  const ParsedValues parsed = ParseValues(text, ElementType::kInt32);
  EXPECT_EQ(parsed.error, "1025 elements: a single block scans at most 1024");
  EXPECT_TRUE(parsed.values.empty());
  text.resize(text.size() - 2);
  EXPECT_TRUE(ParseValues(text, ElementType::kInt32).Ok());
}

// RandomValues writes out libstdc++'s distributions, so that the web build (libc++) draws the same
// values from a seed as the desktop: here, with libstdc++, they must be the library's own.
#ifdef __GLIBCXX__
TEST(RandomValues, AreLibstdcxxsDistributionsBitForBit) {
  for (std::uint64_t seed : {0ull, 1ull, 7ull, 2024ull, 18446744073709551615ull}) {
    for (auto [lo, hi] : {std::pair{0, 9}, std::pair{-3, 3}, std::pair{-1000, 1000},
                          std::pair{0, 0}, std::pair{-2147483647 - 1, 2147483647}}) {
      std::mt19937_64 a(seed), b(seed);
      std::uniform_int_distribution<long long> ints(lo, hi);
      std::uniform_real_distribution<double> reals(lo, hi);
      std::vector<double> want_i, want_f;
      for (int i = 0; i < 5000; ++i) want_i.push_back(static_cast<double>(ints(a)));
      for (int i = 0; i < 5000; ++i)
        want_f.push_back(static_cast<double>(static_cast<float>(reals(b))));
      EXPECT_EQ(RandomValues(5000, seed, ElementType::kInt32, lo, hi), want_i) << seed << " " << lo;
      EXPECT_EQ(RandomValues(5000, seed, ElementType::kFloat32, lo, hi), want_f)
          << seed << " " << lo;
    }
  }
}
#endif

TEST(RandomValues, IsReproducibleAndInRange) {
  const V a = RandomValues(100, 7, ElementType::kInt32, -3, 3);
  EXPECT_EQ(a, RandomValues(100, 7, ElementType::kInt32, -3, 3));
  EXPECT_NE(a, RandomValues(100, 8, ElementType::kInt32, -3, 3));
  for (double v : a) {
    EXPECT_GE(v, -3);
    EXPECT_LE(v, 3);
  }
  EXPECT_EQ(FormatValues({3, -1, 7}, ElementType::kInt32), "3,-1,7");
}

TEST(ParseSeed, TakesDigitsUpTo2To64Minus1) {
  EXPECT_EQ(ParseSeed("0").value, 0u);
  EXPECT_TRUE(ParseSeed("0").Ok());
  EXPECT_EQ(ParseSeed("007").value, 7u);
  EXPECT_EQ(ParseSeed("18446744073709551615").value, 18446744073709551615ull);
  EXPECT_TRUE(ParseSeed("18446744073709551615").Ok());
  for (const char* bad : {"", "-1", "-0", "+1", " 1", "1 ", "1x", "0x10", "1.5", "1e3",
                          "18446744073709551616", "18446744073709551620", "99999999999999999999",
                          "99999999999999999999999", "000000000000000000001"}) {
    const ParsedSeed seed = ParseSeed(bad);
    EXPECT_FALSE(seed.Ok()) << bad;
    EXPECT_EQ(seed.value, 0u) << bad;
    // One message for every caller (--seed, random:SEED, a session's seed). Built by appending:
    // GCC 12 misreports "..." + std::string&& as an overlapping memcpy.
    std::string want = "'";
    want += bad;
    want += "': choose a whole number 0..18446744073709551615";
    EXPECT_EQ(seed.error, want);
  }
  // A long paste is quoted by its start and length.
  std::string want(1, '\'');
  want += std::string(40, '9');
  want += "…' (100 characters): choose a whole number 0..18446744073709551615";
  EXPECT_EQ(ParseSeed(std::string(100, '9')).error, want);
}

// The simulator's random:SEED order takes the same seeds.
TEST(ParseSeed, IsTheThreadOrdersSeed) {
  SimulatorOptions o;
  ASSERT_TRUE(ParseThreadOrder("random:18446744073709551615", &o));
  EXPECT_EQ(o.seed, 18446744073709551615ull);
  for (const char* bad : {"random:", "random:-1", "random:18446744073709551616", "random:+3"})
    EXPECT_FALSE(ParseThreadOrder(bad, &o)) << bad;
}

// What the app writes when a cell is edited, and saves in its settings, must read back as the
// same float32 bit for bit: 7 significant digits are not always enough (fuzz finding F1).
TEST(FormatValues, Float32ReadsBackBitForBit) {
  const std::vector<float> cases = {35555555.0f, 0.1f,          1.0f / 3.0f,
                                    16777217.0f, 3.4028235e38f, 1.17549435e-38f,
                                    1e-45f,      -0.0f,         0.7f + 0.2f};
  for (float f : cases) {
    const std::string text = FormatValue(ElementType::kFloat32, f);
    const ParsedValues back = ParseValues(text, ElementType::kFloat32);
    ASSERT_TRUE(back.Ok()) << text << ": " << back.error;
    ASSERT_EQ(back.values.size(), 1u);
    const float g = static_cast<float>(back.values[0]);
    EXPECT_EQ(std::bit_cast<std::uint32_t>(f), std::bit_cast<std::uint32_t>(g))
        << f << " written as " << text;
  }
  EXPECT_EQ(FormatValue(ElementType::kFloat32, 0.1f), "0.1");  // still the shortest form
  EXPECT_EQ(FormatValue(ElementType::kFloat32, 35555555.0f), "35555556");
}

// A float32 a class would write plainly reads plainly: 50 is "50", not "5e+01" (the shortest
// %g form); far from 1 the exponent stays.
TEST(FormatValues, Float32BetweenTenThousandthAndTenMillionIsPlainDecimals) {
  const std::vector<std::pair<float, std::string>> cases = {
      {50.0f, "50"},       {100.0f, "100"},         {-2.5f, "-2.5"},
      {0.25f, "0.25"},     {1000000.0f, "1000000"}, {9999999.0f, "9999999"},
      {0.0001f, "0.0001"}, {1234.5f, "1234.5"},     {0.0f, "0"},
      {1e-5f, "1e-05"},    {3e38f, "3e+38"},        {16777217.0f, "16777216"}};
  for (const auto& [f, text] : cases) {
    EXPECT_EQ(FormatValue(ElementType::kFloat32, f), text);
    const ParsedValues back = ParseValues(text, ElementType::kFloat32);
    ASSERT_TRUE(back.Ok()) << text;
    EXPECT_EQ(static_cast<float>(back.values[0]), f) << text;
  }
  std::mt19937 rng(5);  // every plain value round-trips, up to its last bit
  for (int i = 0; i < 20000; ++i) {
    const float f = std::ldexp(static_cast<float>(rng() % 16777216u) / 16777216.0f,
                               static_cast<int>(rng() % 38) - 13);
    const std::string text = FormatValue(ElementType::kFloat32, f);
    EXPECT_EQ(std::strtof(text.c_str(), nullptr), f) << text;
    if (f >= 1e-4f && f < 1e7f) {
      EXPECT_EQ(text.find('e'), std::string::npos) << text;
    }
  }
}

}  // namespace
}  // namespace scanviz
