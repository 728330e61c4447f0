// Rung (e): the single-pass scan with decoupled look-back (its kernels and host side:
// single_pass_scan.cuh, where the comment tells the rung's story). This file makes its rows.
#include <memory>
#include <string>

#include "perf/perf_internal.cuh"
#include "perf/policies.h"
#include "perf/single_pass_scan.cuh"

namespace scanviz::perf {
namespace {

template <int kVariant>
std::unique_ptr<Rung> Make() {
  constexpr SinglePassPolicy P = kSinglePassVariants[kVariant];
  return MakeTyped<SinglePassScan<kVariant>>(VariantName(P), Describe(P));
}

}  // namespace

std::unique_ptr<Rung> MakeSinglePassRung(const std::string& name) {
  if (name == "e") {
    return MakeTyped<BandedScan<>>("e", "");  // described by BandedScan::Describe()
  }
  return MakeRow<std::size(kSinglePassVariants)>(
      name, [](std::size_t i) { return VariantName(kSinglePassVariants[i]); },
      [&]<std::size_t I>() { return Make<static_cast<int>(I)>(); });
}

}  // namespace scanviz::perf
