#include "core/schedule.h"

#include "core/algorithms/algorithms.h"
#include "core/exec.h"
#include "core/ops.h"

namespace scanviz {

std::vector<RoundSpec> RoundSchedule(Algorithm algorithm, int n, bool convert, Mistake mistake) {
  std::vector<RoundSpec> rounds = DispatchAlgorithm(algorithm, [&](auto driver) {
    ScheduleExec<int> exec;
    decltype(driver)::Run(exec, static_cast<const int*>(nullptr), n, convert, AddOp<int>{});
    return std::move(exec).Take();
  });
  const MistakeInfo* m = FindMistake(mistake);
  for (RoundSpec& r : rounds) r = ApplyMistake(m, r);
  return rounds;
}

}  // namespace scanviz
