// The applications kind's state: its model (application_model.h: the application, its parameters,
// its trace and player), the element under the pointer or clicked, its session fields and an
// application trace file opened.
#pragma once

#include "kinds/applications/application_model.h"
#include "state/kind_state.h"

namespace scanviz {

class AppState;

class ApplicationsState final : public KindState {
 public:
  static constexpr KindId kId = KindId::kApplication;
  explicit ApplicationsState(const ModelInput& input) : model(input) {}
  KindId Id() const override { return kId; }

  void MarkStale() override { model.MarkStale(); }
  std::vector<Player*> ShownPlayers(KindHost&) override { return {&model.ApplicationPlayer()}; }
  bool KeepsBlockTrace() const override { return false; }

  std::optional<KindFileResult> OpenTraceFile(KindHost& host, AnyTraceLoad& loaded,
                                              const std::string& path) override;
  void WriteSession(const KindHost&, bool shown, Session& s) const override;
  void ReadSession(KindHost&, const Session& s) override;
  bool ShownIn(const Session& s) const override { return s.application; }
  void ShowFromSession(KindHost&, const Session& s) override;

  ApplicationModel model;
  // The element under the pointer (as of the previous frame; next_hovered: this frame's) or
  // clicked, an index into the current pass's input; the side panel's Inspector tells its story.
  std::optional<int> selected, hovered, next_hovered;
};

// The app's applications kind (kinds/applications/applications.cpp).
ApplicationsState& ApplicationsOf(AppState& app);
const ApplicationsState& ApplicationsOf(const AppState& app);

}  // namespace scanviz
