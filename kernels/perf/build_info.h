// What the bench knows about its own build, for the results file. Plain C++.
#pragma once

namespace scanviz::perf {

// The project's commit this binary was built from (cmake/build_commit.cmake): 40 hex digits,
// "-dirty" after them when tracked files had changes, or "unknown" outside a git checkout.
const char* BuildCommit();

}  // namespace scanviz::perf
