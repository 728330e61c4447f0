// The QR code library (app/qr/qr_code.h) against the standard's numbers: the smallest version for
// a text's length at level M (else L), the side 17 + 4 * version, the finder patterns in the
// corners, the quiet zone light, and no code (with the reason) for a text no QR code holds.
// tests/app/ui_qr_test.py and tests/web/qr_test.js decode what the app draws with zbarimg.
#include "qr/qr_code.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <string>

namespace scanviz::qr {
namespace {

// Whether the 7x7 finder pattern (dark ring, light ring, dark 3x3 centre) starts at (x, y).
bool FinderAt(const Code& c, int x, int y) {
  for (int dy = 0; dy < 7; ++dy) {
    for (int dx = 0; dx < 7; ++dx) {
      const int ring = std::max(std::abs(dx - 3), std::abs(dy - 3));  // 3 outer, 2 light, <2 dark
      if (c.Dark(x + dx, y + dy) != (ring != 2)) return false;
    }
  }
  return true;
}

TEST(QrCode, TheSmallestVersionThatHoldsTheText) {
  const Code c = Encode("http://a.b/#s=1");  // 15 bytes: version 1 holds 14 at M, 17 at L
  ASSERT_TRUE(c.Ok()) << c.error;
  EXPECT_EQ(c.version, 2);
  EXPECT_EQ(c.level, 'M');
  EXPECT_EQ(c.modules, 25);
  EXPECT_EQ(c.Side(), 25 + 2 * kQuietZone);
  const Code one = Encode("http://a.b/#s");  // 13 bytes
  EXPECT_EQ(one.version, 1);
  EXPECT_EQ(one.modules, 21);
}

TEST(QrCode, VersionGrowsWithTheText) {
  // Level M, 8-bit mode: version 6 holds 106 bytes, version 7 122.
  EXPECT_EQ(Encode(std::string(106, 'a')).version, 6);
  EXPECT_EQ(Encode(std::string(107, 'a')).version, 7);
  EXPECT_EQ(Encode(std::string(107, 'a')).modules, 45);
}

TEST(QrCode, FinderPatternsAndQuietZone) {
  const Code c = Encode("http://127.0.0.1:8023/#class");
  ASSERT_TRUE(c.Ok());
  const int q = kQuietZone, m = c.modules;
  EXPECT_TRUE(FinderAt(c, q, q));
  EXPECT_TRUE(FinderAt(c, q + m - 7, q));
  EXPECT_TRUE(FinderAt(c, q, q + m - 7));
  EXPECT_FALSE(FinderAt(c, q + m - 7, q + m - 7));  // the fourth corner has none
  int dark = 0;
  for (int y = 0; y < c.Side(); ++y) {
    for (int x = 0; x < c.Side(); ++x) {
      const bool quiet = x < q || y < q || x >= q + m || y >= q + m;
      if (quiet) {
        EXPECT_FALSE(c.Dark(x, y)) << x << "," << y << " is in the quiet zone";
      }
      dark += c.Dark(x, y);
    }
  }
  EXPECT_GT(dark, m * m / 4);  // masked data: roughly half dark
  EXPECT_LT(dark, m * m * 3 / 4);
  EXPECT_FALSE(c.Dark(-1, 5));
  EXPECT_FALSE(c.Dark(5, c.Side()));
}

TEST(QrCode, LevelLWhereMDoesNotFit) {
  const Code m = Encode(std::string(2331, 'x'));  // version 40 at M holds 2,331 bytes
  ASSERT_TRUE(m.Ok()) << m.error;
  EXPECT_EQ(m.level, 'M');
  EXPECT_EQ(m.version, 40);
  const Code l = Encode(std::string(2332, 'x'));
  ASSERT_TRUE(l.Ok()) << l.error;
  EXPECT_EQ(l.level, 'L');
  EXPECT_LT(l.version, 40);  // L holds more a version: a smaller one than M's 40
  EXPECT_EQ(l.modules, 17 + 4 * l.version);
  const Code most = Encode(std::string(kMaxBytes, 'x'));
  ASSERT_TRUE(most.Ok()) << most.error;
  EXPECT_EQ(most.version, 40);
  EXPECT_EQ(most.level, 'L');
  EXPECT_EQ(most.modules, 177);
}

TEST(QrCode, TooLongOrEmptyGivesTheReason) {
  const Code c = Encode(std::string(kMaxBytes + 1, 'x'));
  EXPECT_FALSE(c.Ok());
  EXPECT_EQ(c.modules, 0);
  EXPECT_EQ(c.error,
            "no QR code: the link is 2,954 characters, more than a QR code holds (2,953); use "
            "Copy link or save the session");
  EXPECT_EQ(c.error.find('\n'), std::string::npos);
  EXPECT_FALSE(Encode("").Ok());
  EXPECT_FALSE(Encode("").error.empty());
}

}  // namespace
}  // namespace scanviz::qr
