// ApplicationModel (application_model.h): the chosen application of the scan run on the current
// input, through the backend's one door (RunApplication), as the grid is; or a file's trace.
#include "kinds/applications/application_model.h"

#include <algorithm>

#include "backend/backend.h"
#include "scene/application_scene.h"

namespace scanviz {

void ApplicationModel::SetApplication(ApplicationKind application) {
  if (application == m_application) return;
  m_application = application;
  m_stale = true;
  m_player.First();  // another application: its first step
}

void ApplicationModel::SetKeep(KeepRule keep) {
  if (keep == m_params.keep) return;
  m_params.keep = keep;
  m_stale = true;  // traced again when next shown
}

void ApplicationModel::SetSplitBit(int bit) {
  bit = std::clamp(bit, 0, 31);
  if (bit == m_params.bit) return;
  m_params.bit = bit;
  m_stale = true;  // traced again when next shown
}

void ApplicationModel::SetRadixBits(int bits) {
  bits = std::clamp(bits, 0, 32);
  if (bits == m_radix_bits) return;
  m_radix_bits = bits;
  m_stale = true;  // traced again when next shown
}

const ApplicationSlot& ApplicationModel::Traced() {
  if (m_stale) Regenerate();
  return m_slot;
}

void ApplicationModel::Regenerate() {
  m_stale = false;
  ++m_version;
  ApplicationRequest r;
  r.application = m_application;
  r.params = m_params;
  r.params.bits = m_radix_bits > 0 ? m_radix_bits : RadixBitsNeeded(m_input.values);
  r.type = m_input.type;
  r.input = m_input.values;
  r.block_size = DefaultApplicationBlockSize(static_cast<int>(m_input.values.size()));
  const int step = m_player.Round();
  m_slot = ApplicationSlot{};
  if (std::string error = ValidateApplicationRequest(r); !error.empty()) {
    m_slot.error = std::move(error);
    m_player.SetRoundCount(1);
    return;
  }
  // As the grid: one synchronous run (ModelInput::SyncBackend), and the simulator when the GPU
  // fails, saying why.
  ApplicationOutcome out = RunApplication(m_input.SyncBackend(), r);
  if (!out.application) {
    const std::string why = out.error;
    out = RunApplication(BackendChoice::kCpu, r);
    out.ran = "CPU simulation (CUDA failed: " + why + ")";
  }
  if (!out.application) {
    m_slot.error = out.error;
    m_player.SetRoundCount(1);
    return;
  }
  m_slot.trace = std::move(*out.application);
  m_slot.ran = out.ran;
  m_slot.problems = CheckApplication(*m_slot.trace);
  m_player.SetRoundCount(static_cast<int>(application_scene::Steps(*m_slot.trace).size()));
  m_player.Seek(step);
}

void ApplicationModel::Open(ApplicationTrace trace, std::string origin) {
  m_application = trace.application;
  m_params = trace.params;
  if (trace.application == ApplicationKind::kRadixSort) m_radix_bits = trace.params.bits;
  m_slot = ApplicationSlot{};
  m_slot.problems = CheckApplication(trace);
  m_slot.trace = std::move(trace);
  m_slot.ran = std::move(origin);
  m_stale = false;
  ++m_version;
  m_player.SetRoundCount(static_cast<int>(3 * m_slot.trace->passes.size()));
  m_player.Last();
}

}  // namespace scanviz
