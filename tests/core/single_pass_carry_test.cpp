// A single-pass scan with a prefix carried in (SinglePassRequest::carry_in, the scan across GPUs'
// reduce, then scan): every operator, both flavours, against a sequential scan written here with
// the carry in front; CheckSinglePass holds the carry; the file keeps it, and a file without one
// stays as it was.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <sstream>

#include "core/any_trace_io.h"
#include "core/grid/grid_io.h"
#include "core/grid/single_pass.h"
#include "core/grid/single_pass_steps.h"
#include "support/sequential.h"

namespace scanviz {
namespace {

using V = std::vector<double>;

SinglePassRequest Carried(OpKind op, ElementType type, bool convert, double carry) {
  SinglePassRequest r;
  r.block_algorithm = Algorithm::kHillisSteele;
  r.tile_size = 4;
  r.op = op;
  r.type = type;
  r.convert = convert;
  r.input = {3, 0, 7, 0, 4, 1, 0, 3, 5, 2, 0, 1, 9};
  r.carry_in = carry;
  return r;
}

// The sequential scan of carry, input... without the carry's own cell.
V WithCarry(const SinglePassRequest& r, bool inclusive) {
  V in = r.input;
  in.insert(in.begin(), *r.carry_in);
  V out = testing::SequentialScan(r.op, r.type, in, true);
  if (inclusive) return V(out.begin() + 1, out.end());
  return V(out.begin(), out.end() - 1);
}

TEST(SinglePassCarry, EveryOperatorGetsTheCarryInFront) {
  for (const OpKind op : {OpKind::kAdd, OpKind::kMax, OpKind::kMin, OpKind::kLast})
    for (const ElementType type : {ElementType::kInt32, ElementType::kFloat32})
      for (const bool convert : {false, true}) {
        const SinglePassRequest r = Carried(op, type, convert, 6);
        const SinglePassTrace t = SimulateSinglePass(r);
        const std::string what = std::string(ToString(op)) + " " + ToString(type) +
                                 (convert ? " exclusive" : " inclusive");
        EXPECT_EQ(t.output, WithCarry(r, t.Inclusive())) << what;
        EXPECT_EQ(t.tiles[0].exclusive, 6) << what;
        EXPECT_TRUE(CheckSinglePass(t).empty()) << what << ": " << CheckSinglePass(t).front();
      }
}

TEST(SinglePassCarry, TileZeroPublishesThePrefixAtOnce) {
  namespace sp = single_pass;
  const std::uint64_t word = sp::FirstPublicationWithCarry(0, 10, 5, AddOp<std::int32_t>{});
  EXPECT_EQ(sp::FlagOf(word), unsigned{sp::kFlagP});
  EXPECT_EQ(sp::ValueOf<std::int32_t>(word), 15);
  EXPECT_EQ(sp::FlagOf(sp::FirstPublicationWithCarry(1, 10, 5, AddOp<std::int32_t>{})),
            unsigned{sp::kFlagA});
  const auto look = sp::StartLookBackWithCarry<AddOp<std::int32_t>>(0, 10);
  EXPECT_TRUE(look.done);
  EXPECT_EQ(look.exclusive, 10);
}

TEST(SinglePassCarry, TheCheckHoldsTheCarry) {
  SinglePassTrace t = SimulateSinglePass(Carried(OpKind::kAdd, ElementType::kInt32, false, 6));
  ASSERT_TRUE(CheckSinglePass(t).empty());
  t.carry_in = 7;  // the trace says another carry than its values hold
  EXPECT_FALSE(CheckSinglePass(t).empty());
  SinglePassTrace dropped =
      SimulateSinglePass(Carried(OpKind::kAdd, ElementType::kInt32, false, 6));
  dropped.carry_in.reset();
  EXPECT_FALSE(CheckSinglePass(dropped).empty());
}

std::string Text(const SinglePassTrace& t) {
  std::ostringstream out;
  WriteSinglePassJson(t, out);
  return out.str();
}

TEST(SinglePassCarry, TheFileKeepsTheCarryAndOnlyThen) {
  const SinglePassTrace t =
      SimulateSinglePass(Carried(OpKind::kMax, ElementType::kFloat32, true, 4.5));
  const AnyTraceLoad loaded = ParseAnyTraceJson(Text(t));
  ASSERT_TRUE(loaded.single_pass.has_value()) << loaded.error;
  ASSERT_TRUE(loaded.single_pass->carry_in.has_value());
  EXPECT_EQ(*loaded.single_pass->carry_in, 4.5);
  EXPECT_EQ(Text(*loaded.single_pass), Text(t));
  SinglePassRequest plain = Carried(OpKind::kMax, ElementType::kFloat32, true, 0);
  plain.carry_in.reset();
  const std::string text = Text(SimulateSinglePass(plain));
  EXPECT_EQ(text.find("carry_in"), std::string::npos);
  const AnyTraceLoad back = ParseAnyTraceJson(text);
  ASSERT_TRUE(back.single_pass.has_value());
  EXPECT_FALSE(back.single_pass->carry_in.has_value());
}

}  // namespace
}  // namespace scanviz
