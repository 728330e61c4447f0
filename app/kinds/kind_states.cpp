// The registry of the kinds' states (kind_state.h): a line per kind, in KindId's order. It makes
// them and nothing else, so AppState, which asks for them, never reaches the kinds' other half.
#include <filesystem>
#include <memory>

#include "kinds/applications/applications_state.h"
#include "kinds/benchmark/benchmark_state.h"
#include "kinds/kind_state.h"
#include "kinds/multi_block/multi_block_state.h"
#include "kinds/side_by_side/side_by_side_state.h"
#include "kinds/single_pass/single_pass_state.h"

namespace scanviz {

std::unique_ptr<KindState> MakeBlockScanState();  // kinds/block_scan/block_scan_state.cpp

KindStates MakeKindStates(const ModelInput& input, const BlockSelection& selection) {
  KindStates states;
  states.push_back(MakeBlockScanState());
  states.push_back(std::make_unique<SideBySideState>());
  states.push_back(std::make_unique<MultiBlockState>(input, selection));
  states.push_back(std::make_unique<SinglePassState>(input));
  states.push_back(std::make_unique<ApplicationsState>(input));
  states.push_back(std::make_unique<BenchmarkState>());
  return states;  // kinds_test checks each one's Id against its place
}

std::string TraceOrigin(const BackendInfo& b, const std::string& path) {
  const std::string file = std::filesystem::path(path).filename().string();
  if (b.kind == BackendKind::kCuda) {
    return "recorded on " + (b.device_name.empty() ? std::string("a CUDA GPU") : b.device_name) +
           " · " + file + " (sm_" + std::to_string(b.compute_major) +
           std::to_string(b.compute_minor) + ", driver " + std::to_string(b.driver_version) +
           ", runtime " + std::to_string(b.runtime_version) + "; opened from " + path +
           "; an edit traces the new input here)";
  }
  return "recorded by the CPU simulator · " + file + " (opened from " + path +
         "; an edit traces the new input here)";
}

}  // namespace scanviz
