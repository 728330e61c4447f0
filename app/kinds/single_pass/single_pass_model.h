// The single-pass scan of the current input (the timeline, L): simulated in its tile size
// and order when first asked for (again only when the input, the size or the order changed), or
// the trace a file held, which stays until the next input edit or another size or order. No GL,
// no ImGui: the single-pass kind's state holds it (single_pass_state.h).
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "core/grid/single_pass.h"
#include "state/model_input.h"

namespace scanviz {

class SinglePassModel {
 public:
  // Reads `input`, and the tile size and order below, when it traces.
  explicit SinglePassModel(const ModelInput& input) : m_input(input) {}

  // The tiles the timeline shows the input in: `tile_size` elements (a power of two, 4..1024)
  // taken in `tile_order`.
  int tile_size = 8;
  TileOrder tile_order = TileOrder::kBlockIdx;

  const SinglePassTrace& Traced();
  // Which trace Traced() gives: "the simulator's schedule (...)", or where a file's was recorded.
  const std::string& Origin() const { return m_origin; }
  // Changes whenever Traced() gives another trace: what a view caches from it is stale.
  std::uint64_t Version() const { return m_version; }
  // Shows a trace recorded elsewhere, from `origin` (a file), for the current input's
  // generation and the tile size and order above (the caller sets them to the trace's first).
  void Open(SinglePassTrace trace, std::string origin);
  // Whether Traced() is a file's trace (until an edit or another tile size or order).
  bool ShowsFile() const;
  // That file's trace (nullptr when Traced() is the simulator's) and the file (sessions).
  const SinglePassTrace* FileTrace() const { return ShowsFile() ? &*m_trace : nullptr; }
  const std::string& FilePath() const { return m_file; }

 private:
  const ModelInput& m_input;
  std::optional<SinglePassTrace> m_trace;  // Traced(), for the key below
  struct Key {
    std::uint64_t generation = ~0ull;
    int tile_size = 0;
    TileOrder order = TileOrder::kBlockIdx;
    bool from_file = false;
  } m_key;
  std::string m_origin;
  std::string m_file;
  std::uint64_t m_version = 0;
};

}  // namespace scanviz
