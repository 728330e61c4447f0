// AppState's applications mode (app_state.h, "The applications"): the chosen application of the
// scan run on the current input, through the backend's one door (RunApplication), as the grid is.
#include <algorithm>

#include "app_state.h"
#include "scene/application_scene.h"

namespace scanviz {

void AppState::SetApp(AppKind app) {
  if (app == m_app) return;
  m_app = app;
  m_app_stale = true;
  m_app_player.First();  // another application: its first step
}

void AppState::SetKeep(KeepRule keep) {
  if (keep == m_app_params.keep) return;
  m_app_params.keep = keep;
  m_app_stale = true;  // traced again when next shown
}

void AppState::SetSplitBit(int bit) {
  bit = std::clamp(bit, 0, 31);
  if (bit == m_app_params.bit) return;
  m_app_params.bit = bit;
  m_app_stale = true;  // traced again when next shown
}

void AppState::SetRadixBits(int bits) {
  bits = std::clamp(bits, 0, 32);
  if (bits == m_radix_bits) return;
  m_radix_bits = bits;
  m_app_stale = true;  // traced again when next shown
}

const AppSlot& AppState::Application() {
  if (m_app_stale) RegenerateApp();
  return m_app_slot;
}

void AppState::RegenerateApp() {
  m_app_stale = false;
  ++m_app_version;
  AppRequest r;
  r.app = m_app;
  r.params = m_app_params;
  r.params.bits = m_radix_bits > 0 ? m_radix_bits : RadixBitsNeeded(m_values);
  r.type = m_type;
  r.input = m_values;
  r.block_size = DefaultAppBlockSize(static_cast<int>(m_values.size()));
  const int step = m_app_player.Round();
  m_app_slot = AppSlot{};
  if (std::string error = ValidateAppRequest(r); !error.empty()) {
    m_app_slot.error = std::move(error);
    m_app_player.SetRoundCount(1);
    return;
  }
  // As the grid: the simulator unless CUDA is asked for (or "auto" has found a device), and the
  // simulator when the GPU fails, saying why.
  const bool cuda = m_backend == BackendChoice::kCuda ||
                    (m_backend == BackendChoice::kAuto && m_backend_status.rfind("CUDA", 0) == 0);
  AppOutcome out = RunApplication(cuda ? m_backend : BackendChoice::kCpu, r);
  if (!out.app) {
    const std::string why = out.error;
    out = RunApplication(BackendChoice::kCpu, r);
    out.ran = "CPU simulation (CUDA failed: " + why + ")";
  }
  if (!out.app) {
    m_app_slot.error = out.error;
    m_app_player.SetRoundCount(1);
    return;
  }
  m_app_slot.trace = std::move(*out.app);
  m_app_slot.ran = out.ran;
  m_app_slot.problems = CheckApp(*m_app_slot.trace);
  m_app_player.SetRoundCount(static_cast<int>(app_scene::Steps(*m_app_slot.trace).size()));
  m_app_player.Seek(step);
}

}  // namespace scanviz
