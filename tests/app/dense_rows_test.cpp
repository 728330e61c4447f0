// Dense rows (dense_rows.h): cells narrower than a pixel go by pixel runs, a pixel shared by an
// idle and a written cell shows the written one, and a row never costs more boxes than pixels.
#include "state/dense_rows.h"

#include <gtest/gtest.h>

#include <vector>

namespace scanviz {
namespace {

constexpr scene::Rgba kIdle{0.3f, 0.3f, 0.3f, 1};
constexpr scene::Rgba kActive{0.9f, 0.6f, 0.1f, 1};

BoxInstance Cell(float x, float w, scene::Rgba fill, float y = 10) {
  BoxInstance b;
  b.x = x;
  b.y = y;
  b.w = w;
  b.h = 20;
  b.fill = fill;
  b.border = fill;
  return b;
}

bool IsActive(const BoxInstance& b) {
  return b.fill.r == kActive.r;
}

TEST(DenseRows, LikeNeighboursBecomeOneRun) {
  DenseRows dense(1.0f);
  std::vector<BoxInstance> out;
  for (int i = 0; i < 100; ++i) dense.Add(Cell(0.5f * static_cast<float>(i), 0.5f, kIdle), 0, &out);
  dense.Flush(&out);
  ASSERT_EQ(out.size(), 1u);
  EXPECT_FLOAT_EQ(out[0].x, 0);
  EXPECT_FLOAT_EQ(out[0].w, 50);
  EXPECT_FLOAT_EQ(out[0].y, 10);
  EXPECT_FLOAT_EQ(out[0].h, 20);
}

TEST(DenseRows, AWrittenCellWinsItsPixelOverAnIdleOne) {
  // Blelloch's first up-sweep round at 0.6 px a cell: every other cell written. Every pixel
  // holds one written cell or more, so the whole row shows the written colour; with the idle
  // cells first in each pixel the order of arrival must not matter.
  DenseRows dense(1.0f);
  std::vector<BoxInstance> out;
  for (int i = 0; i < 64; ++i) {
    const bool written = i % 2 == 1;
    dense.Add(Cell(0.6f * static_cast<float>(i), 0.6f, written ? kActive : kIdle), written ? 2 : 0,
              &out);
  }
  dense.Flush(&out);
  ASSERT_FALSE(out.empty());
  float covered = 0;
  for (const BoxInstance& b : out) {
    EXPECT_TRUE(IsActive(b)) << "a run at x = " << b.x << " shows the idle colour";
    covered += b.w;
  }
  EXPECT_FLOAT_EQ(covered, 39);  // pixels 0..38: the last cell covers 37.8..38.4
}

TEST(DenseRows, SparseWrittenCellsStayVisibleAndRowsStaySmall) {
  // One written cell in 32 (a late up-sweep round) at 0.5 px a cell: a one-pixel mark every 16
  // pixels, never lost between idle neighbours; never more boxes than pixels.
  DenseRows dense(1.0f);
  std::vector<BoxInstance> out;
  const int n = 1024;
  for (int i = 0; i < n; ++i) {
    const bool written = i % 32 == 31;
    dense.Add(Cell(0.5f * static_cast<float>(i), 0.5f, written ? kActive : kIdle), written ? 2 : 0,
              &out);
  }
  dense.Flush(&out);
  int marks = 0;
  for (const BoxInstance& b : out) {
    if (IsActive(b)) {
      ++marks;
      EXPECT_FLOAT_EQ(b.w, 1);
    }
  }
  EXPECT_EQ(marks, n / 32);
  EXPECT_LE(out.size(), static_cast<size_t>(n / 2));
}

TEST(DenseRows, ANewRowStartsANewRunAndGapsAreKept) {
  DenseRows dense(1.0f);
  std::vector<BoxInstance> out;
  dense.Add(Cell(0, 2, kIdle, 10), 0, &out);
  dense.Add(Cell(2, 2, kIdle, 10), 0, &out);
  dense.Add(Cell(10, 2, kIdle, 10), 0, &out);  // a gap (a block boundary): two runs
  dense.Add(Cell(0, 2, kIdle, 40), 0, &out);   // the next row
  dense.Flush(&out);
  ASSERT_EQ(out.size(), 3u);
  EXPECT_FLOAT_EQ(out[0].w, 4);
  EXPECT_FLOAT_EQ(out[1].x, 10);
  EXPECT_FLOAT_EQ(out[2].y, 40);
}

TEST(DenseRows, HiDpiPixelsAreHalfAPoint) {
  DenseRows dense(0.5f);  // framebuffer scale 2
  std::vector<BoxInstance> out;
  dense.Add(Cell(0, 0.5f, kIdle), 0, &out);
  dense.Add(Cell(0.5f, 0.5f, kActive), 2, &out);
  dense.Flush(&out);
  ASSERT_EQ(out.size(), 2u);
  EXPECT_FLOAT_EQ(out[1].x, 0.5f);
  EXPECT_FLOAT_EQ(out[1].w, 0.5f);
}

}  // namespace
}  // namespace scanviz
