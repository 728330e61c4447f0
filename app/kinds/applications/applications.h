// The applications kind's model half, what its view shares with it.
#pragma once

#include <string>

#include "state/app_state.h"

namespace scanviz {

// The applications' step: "pass 1 of 3 · step 2 of 3: scan" (their kind's step caption, which the
// applications' view heads its figure with too).
std::string ApplicationStepTitle(AppState& app);

}  // namespace scanviz
