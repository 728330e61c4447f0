// The rung registry: every rung the bench can run, by name. The ladder's rungs and their
// variants come from policies.h's tables; each rung file knows its own names.
#include "perf/perf_internal.cuh"
#include "perf/policies.h"

namespace scanviz::perf {

std::unique_ptr<Rung> MakeRung(const std::string& name) {
  if (name == "c") return MakePaddedBlellochRung();
  if (name == "d") return MakeReduceThenScanRung();
  if (name == "cub") return MakeCubRung();
  if (name == "thrust") return MakeThrustRung();
  if (name == "memcpy") return MakeMemcpyRung();
  for (auto make : {MakeHillisSteeleRung, MakeBlellochRung, MakeSinglePassRung}) {
    if (auto r = make(name)) return r;
  }
  return nullptr;
}

std::vector<std::string> LadderNames() {
  return {"a", "b", "c", "d", "e", "cub", "thrust", "memcpy"};
}

std::vector<std::string> RungNames() {
  std::vector<std::string> names = LadderNames();
  for (const auto& p : kHillisSteeleVariants) names.push_back(VariantName('a', p));
  for (const auto& p : kBlellochVariants) names.push_back(VariantName('b', p));
  for (const auto& p : kSinglePassVariants) names.push_back(VariantName(p));
  return names;
}

}  // namespace scanviz::perf
