// ApplicationsState (applications_state.h): an application trace file, and its session fields.
#include "kinds/applications/applications_state.h"

#include <algorithm>

namespace scanviz {

std::optional<KindFileResult> ApplicationsState::OpenTraceFile(KindHost& host, AnyTraceLoad& loaded,
                                                               const std::string& path) {
  if (!loaded.application) return std::nullopt;
  ApplicationTrace& trace = *loaded.application;
  std::string origin = TraceOrigin(trace.backend, path);
  host.TakeFileInput({trace.type, std::nullopt, std::nullopt, trace.input});
  host.ShowKind(kId);
  model.Open(std::move(trace), std::move(origin));  // with its application and parameters
  return KindFileResult{"opened the application trace " + path, {}};
}

void ApplicationsState::WriteSession(const KindHost&, bool shown, Session& s) const {
  s.application = shown;
  s.application_kind = model.Application();
  s.keep = model.Keep();
  s.split_bit = model.SplitBit();
  s.radix_bits = model.RadixBits();
  s.application_step = shown ? model.PlayerStep() : -1;
}

void ApplicationsState::ReadSession(KindHost&, const Session& s) {
  model.SetApplication(s.application_kind);
  model.SetKeep(s.keep);
  model.SetSplitBit(s.split_bit);
  model.SetRadixBits(s.radix_bits);
}

void ApplicationsState::ShowFromSession(KindHost&, const Session& s) {
  Player& p = model.ApplicationPlayer();
  const int step = s.application_step;
  p.Seek(step < 0 ? p.RoundCount() - 1 : std::min(step, p.RoundCount() - 1));
}

}  // namespace scanviz
