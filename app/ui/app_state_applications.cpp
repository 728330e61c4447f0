// AppState's applications mode (app_state.h, "The applications"): the chosen application of the
// scan run on the current input, through the backend's one door (RunApplication), as the grid is.
#include <algorithm>

#include "app_state.h"
#include "scene/application_scene.h"

namespace scanviz {

void AppState::SetApplication(ApplicationKind application) {
  if (application == m_application) return;
  m_application = application;
  m_application_stale = true;
  m_application_player.First();  // another application: its first step
}

void AppState::SetKeep(KeepRule keep) {
  if (keep == m_application_params.keep) return;
  m_application_params.keep = keep;
  m_application_stale = true;  // traced again when next shown
}

void AppState::SetSplitBit(int bit) {
  bit = std::clamp(bit, 0, 31);
  if (bit == m_application_params.bit) return;
  m_application_params.bit = bit;
  m_application_stale = true;  // traced again when next shown
}

void AppState::SetRadixBits(int bits) {
  bits = std::clamp(bits, 0, 32);
  if (bits == m_radix_bits) return;
  m_radix_bits = bits;
  m_application_stale = true;  // traced again when next shown
}

const ApplicationSlot& AppState::TracedApplication() {
  if (m_application_stale) RegenerateApplication();
  return m_application_slot;
}

void AppState::RegenerateApplication() {
  m_application_stale = false;
  ++m_application_version;
  ApplicationRequest r;
  r.application = m_application;
  r.params = m_application_params;
  r.params.bits = m_radix_bits > 0 ? m_radix_bits : RadixBitsNeeded(m_values);
  r.type = m_type;
  r.input = m_values;
  r.block_size = DefaultApplicationBlockSize(static_cast<int>(m_values.size()));
  const int step = m_application_player.Round();
  m_application_slot = ApplicationSlot{};
  if (std::string error = ValidateApplicationRequest(r); !error.empty()) {
    m_application_slot.error = std::move(error);
    m_application_player.SetRoundCount(1);
    return;
  }
  // As the grid: the simulator unless CUDA is asked for (or "auto" has found a device), and the
  // simulator when the GPU fails, saying why.
  const bool cuda = m_backend == BackendChoice::kCuda ||
                    (m_backend == BackendChoice::kAuto && m_backend_status.rfind("CUDA", 0) == 0);
  ApplicationOutcome out = RunApplication(cuda ? m_backend : BackendChoice::kCpu, r);
  if (!out.application) {
    const std::string why = out.error;
    out = RunApplication(BackendChoice::kCpu, r);
    out.ran = "CPU simulation (CUDA failed: " + why + ")";
  }
  if (!out.application) {
    m_application_slot.error = out.error;
    m_application_player.SetRoundCount(1);
    return;
  }
  m_application_slot.trace = std::move(*out.application);
  m_application_slot.ran = out.ran;
  m_application_slot.problems = CheckApplication(*m_application_slot.trace);
  m_application_player.SetRoundCount(
      static_cast<int>(application_scene::Steps(*m_application_slot.trace).size()));
  m_application_player.Seek(step);
}

}  // namespace scanviz
