// The GPUs kind: the scan across GPUs (core/multi_gpu/multi_gpu.h), the GPUs as rows and their
// phases on one time axis. Its state: the trace shown (the simulator's run of the current input on
// P simulated GPUs, or a multi-gpu trace file's, which stays until the next edit), the moment the
// cursor stands at, the GPU zoomed into (its shard's single-pass timeline), its session fields.
// UI-free: the moments, the caption and the SVG figure are here, for both halves and the tests.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/multi_gpu/multi_gpu.h"
#include "scene/svg_doc.h"
#include "state/kind_state.h"

namespace scanviz {

class AppState;

class GpusState final : public KindState {
 public:
  static constexpr KindId kId = KindId::kGpus;
  explicit GpusState(const ModelInput& input) : m_input(input) {}
  KindId Id() const override { return kId; }

  void KindChanged() override { zoom = -1; }
  std::optional<KindFileResult> OpenTraceFile(KindHost& host, AnyTraceLoad& loaded,
                                              const std::string& path) override;
  void WriteSession(const KindHost&, bool shown, Session& s) const override;
  void ReadSessionFile(KindHost& host, const Session& s) override;
  void ReadSession(KindHost&, const Session& s) override;
  bool ShownIn(const Session& s) const override { return s.gpus_shown; }
  void ReadSessionLast(KindHost&, const Session& s) override;

  // The trace shown: a file's until the next edit, else the simulator's (traced when first asked
  // for after an edit or another P or strategy).
  const MultiGpuTrace& Traced();
  // Shows a multi-gpu trace recorded elsewhere (a file, `origin` its path).
  void Open(KindHost& host, MultiGpuTrace trace, std::string origin);
  bool ShowsFile() const;
  // "measured on 4 x NVIDIA H100 80GB HBM3 (file)" or "simulated (...)": where the times are from.
  const std::string& Origin() const { return m_origin; }
  const std::string& FilePath() const { return m_file; }
  std::uint64_t Version() const { return m_version; }

  // The simulator's settings (a file's trace has its own).
  int gpus = 4;
  MultiGpuStrategy strategy = MultiGpuStrategy::kScanThenAdd;
  std::int64_t cursor = -1;  // the moment shown (ns on the trace's clock); < 0: the end
  int zoom = -1;             // the GPU whose shard timeline is shown; -1: the GPUs
  // The zoomed shard's timeline cursor (single_pass/timeline_view.h draws it).
  std::int64_t shard_cursor = -1;

 private:
  const ModelInput& m_input;
  std::optional<MultiGpuTrace> m_trace;
  struct Key {
    std::uint64_t generation = ~0ull;
    int gpus = 0;
    MultiGpuStrategy strategy = MultiGpuStrategy::kScanThenAdd;
    bool from_file = false;
  } m_key;
  std::string m_origin, m_file;
  std::uint64_t m_version = 0;
};

GpusState& GpusOf(AppState& app);
const GpusState& GpusOf(const AppState& app);

// [SECTION] The moments and what they are called (UI-free, tested)
// The cursor's steps are core's MultiGpuMoments (0 and every phase's start and end).
// The cursor at `now` (clamped to the span; < 0: the end).
std::int64_t GpuCursorAt(const MultiGpuTrace& t, std::int64_t now);
// What the GPUs are doing at `now`: "t = 3.2 µs · all-gather: the 4 totals cross between the GPUs".
std::string GpuCaption(const MultiGpuTrace& t, std::int64_t now);
// The phase rank `rank` is in at `now` (nullptr: none, before its first or after its last).
const GpuPhase* PhaseAt(const GpuRank& rank, std::int64_t now);
// "4 simulated GPUs" / "measured on 8 x NVIDIA H100 ... · NCCL 2.28.3 · NVLink ... · clocks: ...".
std::string GpuProvenance(const MultiGpuTrace& t);
// A time in words on the trace's clock: "850 ns", "3.2 µs", "1.25 ms".
std::string GpuTime(std::int64_t ns);

// [SECTION] The figure (gpus_svg.cpp)
// The view's and the SVG's words for the figure (issue #37 item 13: the SVG said them otherwise):
// "scan, then add"; the arrows' legend; the time axis' caption.
const char* StrategyWords(MultiGpuStrategy s);
extern const char* const kGpuArrowsLegend;
std::string GpuTimeAxisCaption(const MultiGpuTrace& t);
// A phase's colour, the view's and the SVG's (Okabe-Ito's; the phase's name goes with it).
scene::Rgba GpuPhaseColor(GpuPhaseKind k);
// The GPUs at `cursor` as an SVG document, as the view draws them; `origin`: where the times are
// from. A zoomed GPU's shard: its single-pass timeline's SVG (the rank must hold its shard).
std::string GpusFigureSvg(const MultiGpuTrace& t, std::int64_t cursor, const std::string& origin,
                          const scene::SvgLook& look);
std::string GpuShardSvg(const GpuRank& rank, std::int64_t cursor, const scene::SvgLook& look);

}  // namespace scanviz
