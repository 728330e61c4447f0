// The registry of the kinds' states (kind_state.h), in KindId's order (kind_id.h's list). It makes
// them and nothing else, so AppState, which asks for them, never reaches the kinds' other half.
#include <filesystem>
#include <memory>

#include "kinds/applications/applications_state.h"
#include "kinds/benchmark/benchmark_state.h"
#include "state/kind_state.h"
#include "kinds/multi_block/multi_block_state.h"
#include "kinds/side_by_side/side_by_side_state.h"
#include "kinds/single_pass/single_pass_state.h"

namespace scanviz {

std::unique_ptr<KindState> MakeBlockScanState();  // kinds/block_scan/block_scan_state.cpp

// Each kind's state from its line in the registry (kind_id.h): Make<Name>State. Today's kinds'
// are made here from their headers; a kind added later defines its own in its folder.
#define SCANVIZ_KIND_STATE_DECLARE(id, name, key, display) \
  std::unique_ptr<KindState> Make##name##State(const ModelInput&, const BlockSelection&);
SCANVIZ_FOR_EACH_KIND(SCANVIZ_KIND_STATE_DECLARE)
#undef SCANVIZ_KIND_STATE_DECLARE

std::unique_ptr<KindState> MakeBlockScanState(const ModelInput&, const BlockSelection&) {
  return MakeBlockScanState();
}
std::unique_ptr<KindState> MakeSideBySideState(const ModelInput&, const BlockSelection&) {
  return std::make_unique<SideBySideState>();
}
std::unique_ptr<KindState> MakeMultiBlockState(const ModelInput& input,
                                               const BlockSelection& selection) {
  return std::make_unique<MultiBlockState>(input, selection);
}
std::unique_ptr<KindState> MakeSinglePassState(const ModelInput& input, const BlockSelection&) {
  return std::make_unique<SinglePassState>(input);
}
std::unique_ptr<KindState> MakeApplicationsState(const ModelInput& input, const BlockSelection&) {
  return std::make_unique<ApplicationsState>(input);
}
std::unique_ptr<KindState> MakeBenchmarkState(const ModelInput&, const BlockSelection&) {
  return std::make_unique<BenchmarkState>();
}

KindStates MakeKindStates(const ModelInput& input, const BlockSelection& selection) {
  KindStates states;
#define SCANVIZ_KIND_STATE(id, name, key, display) \
  states.push_back(Make##name##State(input, selection));
  SCANVIZ_FOR_EACH_KIND(SCANVIZ_KIND_STATE)
#undef SCANVIZ_KIND_STATE
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
