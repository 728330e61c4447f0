// SinglePassState (single_pass_state.h): a single-pass trace file, and its session fields.
#include "kinds/single_pass/single_pass_state.h"

#include "core/grid/grid.h"

namespace scanviz {

void SinglePassState::Open(KindHost& host, SinglePassTrace trace, std::string origin) {
  // The trace's input becomes the app's where a block scan can take it, so the other views show
  // the same array; a longer one is shown in the timeline alone.
  if (trace.N() <= kMaxElements) host.EditValues(trace.type, trace.op, trace.input);
  model.tile_size = trace.tile_size;
  model.tile_order = trace.order;
  host.ShowKind(kId);
  timeline_cursor = -1;
  model.Open(std::move(trace), std::move(origin));
}

std::optional<KindFileResult> SinglePassState::OpenTraceFile(KindHost& host, AnyTraceLoad& loaded,
                                                             const std::string& path) {
  if (!loaded.single_pass) return std::nullopt;
  Open(host, std::move(*loaded.single_pass), path);
  return KindFileResult{"opened the single-pass trace " + path, {}};
}

void SinglePassState::WriteSession(const KindHost&, bool shown, Session& s) const {
  s.timeline = shown;
  s.tile_size = model.tile_size;
  s.tile_order = model.tile_order;
  s.timeline_cursor = timeline_cursor;
  // A GPU's timeline goes with the session, as a trace does.
  if (const SinglePassTrace* file = model.FileTrace()) {
    s.single_pass = *file;
    s.single_pass_origin = model.FilePath();
  }
}

void SinglePassState::ReadSessionFile(KindHost& host, const Session& s) {
  // A file's timeline (it holds until the next edit: the input is set first).
  if (s.single_pass)
    Open(host, *s.single_pass,
         s.single_pass_origin.empty() ? "recorded elsewhere · session" : s.single_pass_origin);
}

void SinglePassState::ReadSession(KindHost&, const Session& s) {
  model.tile_size = s.tile_size;
  model.tile_order = s.tile_order;
}

}  // namespace scanviz
