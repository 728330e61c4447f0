// The input every per-kind model traces (grid_model.h, single_pass_model.h,
// application_model.h): the values, their type and operator, the backend asked for and what it
// said, and the edit's generation. AppState owns it and edits it (its edits are the undo unit,
// edit_history.h); each model holds a const reference and reads it when it traces, so no model
// knows AppState.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "backend/backend.h"
#include "core/trace.h"

namespace scanviz {

struct ModelInput {
  std::vector<double> values;
  ElementType type = ElementType::kInt32;
  OpKind op = OpKind::kAdd;
  bool convert = false;
  BackendChoice backend = BackendChoice::kAuto;
  std::string backend_status;    // AppState::BackendStatus: "CPU simulation", "CUDA: ..."
  std::uint64_t generation = 0;  // one more per edit (and per trace file opened)

  // The backend of a synchronous run (the grid, an application): the simulator, unless CUDA is
  // asked for or "auto" has already found a device, so an unanswered "is there a GPU?" must not
  // hold up the edit.
  BackendChoice SyncBackend() const {
    const bool cuda = backend == BackendChoice::kCuda ||
                      (backend == BackendChoice::kAuto && backend_status.rfind("CUDA", 0) == 0);
    return cuda ? backend : BackendChoice::kCpu;
  }
};

}  // namespace scanviz
