// The one file that includes the generated header, so that a new commit recompiles only this.
#include "perf/build_info.h"

#include "perf/build_commit.h"

namespace scanviz::perf {

const char* BuildCommit() {
  return SCANVIZ_BUILD_COMMIT;
}

}  // namespace scanviz::perf
