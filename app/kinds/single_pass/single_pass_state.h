// The single-pass kind's state: its model (single_pass_model.h, with the tile size and order it
// simulates in), the moment the timeline shows, its session fields (a GPU's timeline goes with the
// session) and a single-pass trace file opened. The timeline is shown over the kind before it.
#pragma once

#include <cstdint>

#include "state/kind_state.h"
#include "kinds/single_pass/single_pass_model.h"

namespace scanviz {

class AppState;

class SinglePassState final : public KindState {
 public:
  static constexpr KindId kId = KindId::kSinglePass;
  explicit SinglePassState(const ModelInput& input) : model(input) {}
  KindId Id() const override { return kId; }
  // No players: the timeline's cursor moves from moment to moment (kinds/single_pass.cpp).
  bool ShownOver() const override { return true; }
  bool WayBackTo() const override { return false; }  // a chart: L again goes to the rounds

  std::optional<KindFileResult> OpenTraceFile(KindHost& host, AnyTraceLoad& loaded,
                                              const std::string& path) override;
  void WriteSession(const KindHost&, bool shown, Session& s) const override;
  void ReadSessionFile(KindHost& host, const Session& s) override;
  void ReadSession(KindHost&, const Session& s) override;
  bool ShownIn(const Session& s) const override { return s.timeline; }
  void ReadSessionLast(KindHost&, const Session& s) override {
    timeline_cursor = s.timeline_cursor;
  }

  // Shows a single-pass trace (a file's) in the timeline: its input becomes the app's where a
  // block scan can take it, until the next edit or another tile size or order.
  void Open(KindHost& host, SinglePassTrace trace, std::string origin);

  SinglePassModel model;
  std::int64_t timeline_cursor = -1;  // the moment the status array shows; < 0: the end
};

// The app's single-pass kind (kinds/single_pass/single_pass.cpp).
SinglePassState& SinglePassOf(AppState& app);
const SinglePassState& SinglePassOf(const AppState& app);

}  // namespace scanviz
