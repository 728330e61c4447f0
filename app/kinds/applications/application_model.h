// The application of the scan shown in the applications view (docs/applications.md):
// compaction, split, radix sort or allocation of the current input (an int32 input for all but
// compaction), its parameters, its trace (traced when first asked for after an edit or a change
// of application or parameter, or a file's until the next edit), CheckApplication's findings
// and the player that steps through every pass's flag, scan and scatter steps. No GL, no ImGui:
// the applications kind's state holds it (applications_state.h), stale after every edit.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/applications/applications.h"
#include "state/model_input.h"
#include "state/player.h"

namespace scanviz {

// The application's trace of the current input (or of a file), CheckApplication's findings and
// where it ran.
struct ApplicationSlot {
  std::optional<ApplicationTrace> trace;
  std::vector<std::string> problems;  // CheckApplication's: empty when every step holds
  std::string ran;                    // "CPU simulation", "CUDA: ...", or the file
  std::string error;                  // why there is no trace (an input it cannot take)
};

class ApplicationModel {
 public:
  explicit ApplicationModel(const ModelInput& input) : m_input(input) {}

  void SetApplication(ApplicationKind application);
  ApplicationKind Application() const { return m_application; }
  void SetKeep(KeepRule keep);
  const KeepRule& Keep() const { return m_params.keep; }
  void SetSplitBit(int bit);  // clamped into 0..31
  int SplitBit() const { return m_params.bit; }
  void SetRadixBits(int bits);  // 1..32; 0: as many as the keys need (RadixBitsNeeded)
  int RadixBits() const { return m_radix_bits; }
  // Traced when first asked for after an edit or a change above (the player kept on its step).
  const ApplicationSlot& Traced();
  Player& ApplicationPlayer() {
    Traced();
    return m_player;
  }
  int PlayerStep() const { return m_player.Round(); }  // the player's step, not traced again
  std::uint64_t Version() const { return m_version; }  // one more per new trace
  void MarkStale() { m_stale = true; }                 // an edit: traced again when next asked
  // Shows an application trace recorded elsewhere (`origin`: a file) with its application and
  // parameters, until the next edit; its player on the last step.
  void Open(ApplicationTrace trace, std::string origin);

 private:
  void Regenerate();

  const ModelInput& m_input;
  ApplicationKind m_application{};  // the first: compaction
  ApplicationParams m_params;
  int m_radix_bits = 0;  // 0: RadixBitsNeeded of the input
  ApplicationSlot m_slot;
  Player m_player;
  bool m_stale = true;
  std::uint64_t m_version = 0;
};

}  // namespace scanviz
