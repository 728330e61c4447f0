#include "core/multi_gpu/rank_job.h"

namespace scanviz::multi_gpu {

const char* ToString(RankJobKind kind) {
  switch (kind) {
    case RankJobKind::kCheck:
      return "check";
    case RankJobKind::kBench:
      return "bench";
    case RankJobKind::kTrace:
      break;
  }
  return "trace";
}

bool Parse(const std::string& key, RankJobKind* kind) {
  for (RankJobKind k : {RankJobKind::kTrace, RankJobKind::kCheck, RankJobKind::kBench}) {
    if (key == ToString(k)) {
      *kind = k;
      return true;
    }
  }
  return false;
}

}  // namespace scanviz::multi_gpu
