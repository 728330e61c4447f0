// The scan across GPUs: the GPUs as rows, their phases on one time axis, the exchange of the P
// totals between them. Its steps are the moments a phase began or ended on any GPU; ← and → move
// the cursor from one to the next, as the single-pass timeline's do. Here: its state (gpus_state.h)
// and its model half; gpus_view.cpp draws it.
#include <algorithm>
#include <cstdio>
#include <memory>
#include <nlohmann/json.hpp>

#include "kinds/gpus/gpus_state.h"
#include "kinds/kind.h"

namespace scanviz {

// [SECTION] The moments and what they are called

std::int64_t GpuCursorAt(const MultiGpuTrace& t, std::int64_t now) {
  const std::int64_t span = t.ranks.empty() ? 0 : t.Span();
  return now < 0 ? span : std::min(now, span);
}

const GpuPhase* PhaseAt(const GpuRank& rank, std::int64_t now) {
  const RankActivity a = ActivityAt(rank, now);
  return a.running < 0 ? nullptr : &rank.phases[static_cast<size_t>(a.running)];
}

std::string GpuTime(std::int64_t ns) {
  char text[32];
  if (ns < 1000)
    std::snprintf(text, sizeof text, "%lld ns", static_cast<long long>(ns));
  else if (ns < 1000000)
    std::snprintf(text, sizeof text, "%.3g µs", static_cast<double>(ns) / 1e3);
  else
    std::snprintf(text, sizeof text, "%.3g ms", static_cast<double>(ns) / 1e6);
  return text;
}

namespace {

// "GPU 2", "GPUs 0, 1, 3": the ranks in one phase.
std::string RankList(const std::vector<int>& ranks) {
  std::string out = ranks.size() == 1 ? "GPU " : "GPUs ";
  for (size_t i = 0; i < ranks.size(); ++i) out += (i == 0 ? "" : ", ") + std::to_string(ranks[i]);
  return out;
}

// What a phase does, in the words the caption gives it.
const char* PhaseDoes(GpuPhaseKind k) {
  switch (k) {
    case GpuPhaseKind::kReduce:
      return "reduce its shard to its total";
    case GpuPhaseKind::kScan:
      return "scan its shard";
    case GpuPhaseKind::kAllGather:
      return "the totals cross between the GPUs";
    case GpuPhaseKind::kOffset:
      return "combine the lower GPUs' totals";
    case GpuPhaseKind::kAdd:
      return "add the offset to its shard";
  }
  return "";
}

}  // namespace

std::string GpuCaption(const MultiGpuTrace& t, std::int64_t now) {
  std::string out = "t = " + GpuTime(now);
  if (t.ranks.empty()) return out;
  bool any = false;
  for (GpuPhaseKind k : {GpuPhaseKind::kReduce, GpuPhaseKind::kScan, GpuPhaseKind::kAllGather,
                         GpuPhaseKind::kOffset, GpuPhaseKind::kAdd}) {
    std::vector<int> in;
    for (const GpuRank& r : t.ranks)
      if (const GpuPhase* p = PhaseAt(r, now); p != nullptr && p->kind == k) in.push_back(r.rank);
    if (in.empty()) continue;
    out += std::string(" · ") + ToString(k) + " (" + PhaseDoes(k) + "): " + RankList(in);
    any = true;
  }
  if (!any) out += now >= t.Span() ? " · every GPU is done" : " · the GPUs are about to start";
  return out;
}

std::string GpuProvenance(const MultiGpuTrace& t) {
  if (!t.measured)
    return std::to_string(t.Gpus()) + (t.Gpus() == 1 ? " simulated GPU" : " simulated GPUs") +
           ", not measured · " +
           (t.alignment.empty() ? std::string("times from the simulator's model") : t.alignment);
  // A node's GPUs are alike: the first rank's names them when the backend does not.
  const std::string device = !t.backend.device_name.empty() ? t.backend.device_name
                             : t.ranks.empty()              ? std::string("GPUs")
                                                            : t.ranks.front().device;
  std::string out = "measured on " + std::to_string(t.Gpus()) + " x " + device;
  if (!t.nccl_version.empty()) out += " · NCCL " + t.nccl_version;
  if (!t.interconnect.empty()) out += " · " + t.interconnect;
  if (!t.alignment.empty()) out += " · clocks: " + t.alignment;
  return out;
}

// [SECTION] Its state (gpus_state.h)

const MultiGpuTrace& GpusState::Traced() {
  if (ShowsFile()) return *m_trace;
  const Key key{m_input.generation, gpus, strategy, false};
  if (m_trace && !m_key.from_file && key.generation == m_key.generation && key.gpus == m_key.gpus &&
      key.strategy == m_key.strategy)
    return *m_trace;
  MultiGpuRequest r;
  const int n = static_cast<int>(m_input.values.size());
  r.gpus = std::clamp(gpus, 1, std::max(1, std::min(kMaxGpus, n)));  // one element each at least
  r.strategy = strategy;
  r.op = m_input.op;
  r.type = m_input.type;
  r.input = m_input.values;
  if (std::string err = ValidateMultiGpuRequest(r); !err.empty()) {
    m_trace = MultiGpuTrace{};
    m_origin = "no GPUs to show: " + err;
  } else {
    m_trace = SimulateMultiGpu(r);
    m_origin = GpuProvenance(*m_trace);
  }
  m_key = key;
  ++m_version;
  return *m_trace;
}

bool GpusState::ShowsFile() const {
  return m_trace && m_key.from_file && m_key.generation == m_input.generation;
}

void GpusState::Open(KindHost& host, MultiGpuTrace trace, std::string origin) {
  // The trace's input becomes the app's where a block scan can take it, so the other views show
  // the same array; a longer one is shown here alone.
  if (trace.N() <= kMaxElements) host.EditValues(trace.type, trace.op, trace.input);
  host.ShowKind(kId);
  cursor = -1;
  zoom = -1;
  shard_cursor = -1;
  m_origin = GpuProvenance(trace) + " · " + origin;
  m_file = std::move(origin);
  m_trace = std::move(trace);
  m_key = {m_input.generation, gpus, strategy, true};
  ++m_version;
}

std::optional<KindFileResult> GpusState::OpenTraceFile(KindHost& host, AnyTraceLoad& loaded,
                                                       const std::string& path) {
  if (!loaded.multi_gpu) return std::nullopt;
  Open(host, std::move(*loaded.multi_gpu), path);
  return KindFileResult{"opened the multi-gpu trace " + path, {}};
}

void GpusState::WriteSession(const KindHost&, bool shown, Session& s) const {
  s.gpus_shown = shown;
  s.gpus = gpus;
  s.gpus_strategy = strategy;
  s.gpus_cursor = cursor;
  s.gpus_zoom = zoom;
  // A GPU node's recording goes with the session, as a single-pass trace does.
  if (ShowsFile()) {
    s.multi_gpu = *m_trace;
    s.multi_gpu_origin = m_file;
  }
}

void GpusState::ReadSessionFile(KindHost& host, const Session& s) {
  if (s.multi_gpu)
    Open(host, *s.multi_gpu,
         s.multi_gpu_origin.empty() ? "recorded elsewhere · session" : s.multi_gpu_origin);
}

void GpusState::ReadSession(KindHost&, const Session& s) {
  gpus = s.gpus;
  strategy = s.gpus_strategy;
}

void GpusState::ReadSessionLast(KindHost&, const Session& s) {
  cursor = s.gpus_cursor;
  zoom = s.gpus_zoom;
}

GpusState& GpusOf(AppState& app) {
  return static_cast<GpusState&>(app.StateOf(GpusState::kId));
}
const GpusState& GpusOf(const AppState& app) {
  return static_cast<const GpusState&>(app.StateOf(GpusState::kId));
}

std::unique_ptr<KindState> MakeGpusState(const ModelInput& input, const BlockSelection&) {
  return std::make_unique<GpusState>(input);
}

// [SECTION] Its model half

namespace {

class Gpus final : public Kind {
 public:
  KindId Id() const override { return KindId::kGpus; }
  KindEntry Entry() const override {
    return {.menu_name = "menu.gpus",
            .tip =
                "The scan across GPUs: each GPU's shard, the exchange of the P totals, the "
                "offsets",
            // No key: one more line in the key help makes the presenter's at 720p too small to
            // read (ui_panels_tests' keys-presenter-720p, 13.5 px against 14). The Show menu,
            // --kind gpus and a multi-gpu file show it; a click on a GPU's name opens its shard.
            .keys = {},
            .cover = 6};
  }
  // Shown from the start, so that → steps through the phases.
  void Show(AppState& app) const override {
    app.SetKind(Id());
    GpusOf(app).cursor = 0;
  }
  bool Back(AppState& app) const override {
    if (GpusOf(app).zoom < 0) return false;
    GpusOf(app).zoom = -1;
    return true;
  }
  StepCounter Steps(AppState& app) const override {
    const MultiGpuTrace& t = GpusOf(app).Traced();
    const std::vector<std::int64_t> moments = MultiGpuMoments(t);
    const std::int64_t now = GpuCursorAt(t, GpusOf(app).cursor);
    StepCounter c;
    c.count = std::max<int>(1, static_cast<int>(moments.size()));
    const auto at = std::upper_bound(moments.begin(), moments.end(), now);
    c.step = std::clamp(static_cast<int>(at - moments.begin()) - 1, 0, c.count - 1);
    c.caption = "moment " + std::to_string(c.step + 1) + " of " + std::to_string(c.count) + " · " +
                GpuCaption(t, now);
    return c;
  }
  void Step(AppState& app, int direction) const override {
    const MultiGpuTrace& t = GpusOf(app).Traced();
    const std::vector<std::int64_t> moments = MultiGpuMoments(t);
    if (moments.empty()) return;
    const std::int64_t now = GpuCursorAt(t, GpusOf(app).cursor);
    std::int64_t to = now;
    if (direction > 0) {
      auto it = std::upper_bound(moments.begin(), moments.end(), now);
      to = it == moments.end() ? moments.back() : *it;
    } else {
      auto it = std::lower_bound(moments.begin(), moments.end(), now);
      to = it == moments.begin() ? moments.front() : *std::prev(it);
    }
    GpusOf(app).cursor = to;
  }
  void Seek(AppState& app, int step) const override {
    const std::vector<std::int64_t> moments = MultiGpuMoments(GpusOf(app).Traced());
    if (moments.empty()) return;
    const int last = static_cast<int>(moments.size()) - 1;
    GpusOf(app).cursor = moments[static_cast<size_t>(std::clamp(step, 0, last))];
  }
  std::string StatusNumbers(AppState& app) const override {
    const MultiGpuTrace& t = GpusOf(app).Traced();
    if (t.ranks.empty()) return "GPUs  ·  " + GpusOf(app).Origin();
    const MultiGpuSummary s = Summarize(t);
    return "GPUs  ·  n = " + std::to_string(t.N()) + "  ·  P = " + std::to_string(t.Gpus()) +
           "  ·  " + ToString(t.strategy) + "  ·  " + GpuTime(s.span) + ", the exchange " +
           GpuTime(s.longest_exchange) + "  ·  " + (t.measured ? "measured" : "simulated");
  }
  bool Offers(AppState&, SidePanel tab) const override { return tab == SidePanel::kNarration; }
  std::string NotOffered(SidePanel tab) const override {
    return std::string(DisplayName(tab)) +
           " describes a block scan's rounds; each GPU's shard runs a single-pass scan (click a "
           "GPU's name to see its timeline). The legend and each GPU's numbers are beside "
           "the rows; the Narration tab tells it in words.";
  }
  std::string FigureStem(AppState& app) const override {
    const MultiGpuTrace& t = GpusOf(app).Traced();
    std::string stem = "scanviz-gpus-p" + std::to_string(t.Gpus()) + "-" + ToString(t.strategy);
    if (GpusOf(app).zoom >= 0) stem += "-gpu" + std::to_string(GpusOf(app).zoom);
    return stem;
  }
  std::string FigureSvg(AppState& app, bool transparent) const override {
    GpusState& g = GpusOf(app);
    const MultiGpuTrace& t = g.Traced();
    const scene::SvgLook look{app.view.theme, transparent};
    if (g.zoom >= 0 && g.zoom < t.Gpus() && t.ranks[static_cast<size_t>(g.zoom)].shard)
      return GpuShardSvg(t.ranks[static_cast<size_t>(g.zoom)], g.shard_cursor, look);
    return GpusFigureSvg(t, g.cursor, g.Origin(), look);
  }
  void StateFields(AppState& app, nlohmann::json& j) const override {
    const GpusState& g = GpusOf(app);
    const MultiGpuTrace& t = GpusOf(app).Traced();
    nlohmann::json ranks = nlohmann::json::array();
    for (const GpuRank& r : t.ranks) {
      const GpuPhase* p = PhaseAt(r, GpuCursorAt(t, g.cursor));
      ranks.push_back({{"rank", r.rank},
                       {"begin", r.begin},
                       {"end", r.end},
                       {"total", r.total},
                       {"offset", r.offset},
                       {"phase", p != nullptr ? ToString(p->kind) : "none"}});
    }
    j["gpus"] = {{"gpus", t.Gpus()},         {"strategy", ToString(t.strategy)},
                 {"measured", t.measured},   {"cursor", GpuCursorAt(t, g.cursor)},
                 {"zoom", g.zoom},           {"origin", g.Origin()},
                 {"ranks", std::move(ranks)}};
  }
};

}  // namespace

const Kind& GpusKind() {
  static const Gpus kind;
  return kind;
}

}  // namespace scanviz
