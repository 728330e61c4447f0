// Scan operators: associative binary functions with an identity, usable on host and device.
//
// Each operator is a small struct templated on the element type T, so that a kernel or the
// simulator is instantiated once per (T, Op) pair. Adding a type means one Limits<T>
// specialisation; adding an operator means one struct and one OpKind value.
#pragma once

#include <cstdint>

#include "core/hd.h"

namespace scanviz {

enum class OpKind : std::uint8_t { kAdd, kMax, kMin, kLast };
// Every operator, in the order the CLI, the app and the tests list them.
inline constexpr OpKind kAllOps[] = {OpKind::kAdd, OpKind::kMax, OpKind::kMin, OpKind::kLast};
enum class ElementType : std::uint8_t { kInt32, kFloat32 };

template <class T>
struct Limits;

template <>
struct Limits<std::int32_t> {
  SCANVIZ_HD static constexpr std::int32_t Lowest() { return -2147483647 - 1; }
  SCANVIZ_HD static constexpr std::int32_t Highest() { return 2147483647; }
};

template <>
struct Limits<float> {
  SCANVIZ_HD static constexpr float Lowest() { return -__builtin_huge_valf(); }
  SCANVIZ_HD static constexpr float Highest() { return __builtin_huge_valf(); }
};

// int32 addition wraps modulo 2^32, as the GPU's integer add does. Going through uint32 makes
// the wrap defined behaviour in C++ too, so the simulator and the kernel agree bit for bit.
SCANVIZ_HD SCANVIZ_FORCEINLINE std::int32_t WrappingAdd(std::int32_t a, std::int32_t b) {
  return static_cast<std::int32_t>(static_cast<std::uint32_t>(a) + static_cast<std::uint32_t>(b));
}
SCANVIZ_HD SCANVIZ_FORCEINLINE float WrappingAdd(float a, float b) {
  return a + b;
}

template <class T>
struct AddOp {
  using Value = T;
  static constexpr OpKind kKind = OpKind::kAdd;
  SCANVIZ_HD static constexpr T Identity() { return T(0); }
  SCANVIZ_HD T operator()(T a, T b) const { return WrappingAdd(a, b); }
};

template <class T>
struct MaxOp {
  using Value = T;
  static constexpr OpKind kKind = OpKind::kMax;
  SCANVIZ_HD static constexpr T Identity() { return Limits<T>::Lowest(); }
  SCANVIZ_HD T operator()(T a, T b) const { return a < b ? b : a; }
};

template <class T>
struct MinOp {
  using Value = T;
  static constexpr OpKind kKind = OpKind::kMin;
  SCANVIZ_HD static constexpr T Identity() { return Limits<T>::Highest(); }
  SCANVIZ_HD T operator()(T a, T b) const { return b < a ? b : a; }
};

// "The last non-zero value so far": x . y = y if y != 0, else x; identity 0. Associative but not
// commutative (last(3, 0) = 3, last(0, 3) = 3, but last(3, 5) = 5 and last(5, 3) = 3): it is the
// carry of a segmented scan and of fill-forward. With it a scan that swaps the operands of a
// combination gives a different result, which add, max and min (and float addition) cannot show.
template <class T>
struct LastOp {
  using Value = T;
  static constexpr OpKind kKind = OpKind::kLast;
  SCANVIZ_HD static constexpr T Identity() { return T(0); }
  SCANVIZ_HD T operator()(T a, T b) const { return b != T(0) ? b : a; }
};

// Calls f(Op{}) with the operator struct that (op, type) names. Host-only glue used by the
// simulator and the CUDA launcher to pick a template instantiation at run time.
template <class F>
decltype(auto) DispatchOp(OpKind op, ElementType type, F&& f) {
  if (type == ElementType::kFloat32) {
    switch (op) {
      case OpKind::kMax:
        return f(MaxOp<float>{});
      case OpKind::kMin:
        return f(MinOp<float>{});
      case OpKind::kLast:
        return f(LastOp<float>{});
      case OpKind::kAdd:
        break;
    }
    return f(AddOp<float>{});
  }
  switch (op) {
    case OpKind::kMax:
      return f(MaxOp<std::int32_t>{});
    case OpKind::kMin:
      return f(MinOp<std::int32_t>{});
    case OpKind::kLast:
      return f(LastOp<std::int32_t>{});
    case OpKind::kAdd:
      break;
  }
  return f(AddOp<std::int32_t>{});
}

}  // namespace scanviz
