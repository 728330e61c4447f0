#include "figures/export_runner.h"

#include <imgui_impl_opengl3.h>

#include <chrono>
#include <utility>
#include <vector>

#include "core/registry.h"
#include "kinds/kind.h"
#include "kinds/multi_block/multi_block_state.h"
#include "kinds/side_by_side/side_by_side_state.h"
#include "kinds/single_pass/single_pass_state.h"
#include "seam/platform.h"

namespace scanviz {

// [SECTION] A slice's surroundings: the export's ImGui context and view swapped in, the shown
// players kept (a seek restarts a playing player's interval: put back whole, not just its round)

class ExportRunner::Scope {
 public:
  explicit Scope(ExportRunner& runner)
      : m_runner(runner), m_app(runner.m_src.app), m_main(ImGui::GetCurrentContext()) {
    std::swap(m_app.view, m_runner.m_view);
    for (Player* p : m_app.ShownPlayers()) m_players.emplace_back(p, *p);
    if (m_runner.m_context != nullptr) ImGui::SetCurrentContext(m_runner.m_context);
  }
  ~Scope() {
    ImGui::SetCurrentContext(m_main);
    for (auto& [player, saved] : m_players) *player = saved;
    std::swap(m_app.view, m_runner.m_view);
  }
  Scope(const Scope&) = delete;
  Scope& operator=(const Scope&) = delete;

 private:
  ExportRunner& m_runner;
  AppState& m_app;
  ImGuiContext* m_main;
  std::vector<std::pair<Player*, Player>> m_players;
};

// [SECTION] Start and end

ExportRunner::ExportRunner(FigureSource& src, exports::ExportPlan plan, const FigureStyle& style,
                           bool threaded)
    : m_job(std::move(plan), style.transparent, style.gif_delay_ms, EncodePng, threaded,
            src.app.Wake()),
      m_style(style),
      m_identity(IdentityOf(src.app)),
      m_view(src.app.view),
      m_src{src.app, src.renderer, m_fonts, m_views, src.scale, src.text} {
  m_view.export_request = ViewState::Export::kNone;
  for (int r : m_job.Rounds()) m_pictures = m_pictures || m_job.Needs(r).Picture();
  if (m_pictures) MakeContext(src);
}

// A context of the export's own: the window's style, fonts built at the frame's scale (the fit
// rebuilds them at its own), no settings file.
void ExportRunner::MakeContext(FigureSource& src) {
  ImGuiContext* main = ImGui::GetCurrentContext();
  const ImGuiStyle style = ImGui::GetStyle();
  m_context = ImGui::CreateContext();
  ImGui::SetCurrentContext(m_context);
  ImGui::GetIO().IniFilename = nullptr;
  ImGui::GetIO().LogFilename = nullptr;
  ImGui::GetStyle() = style;
  ImGui_ImplOpenGL3_Init(platform::GlslVersion());
  EnsureFonts(&m_fonts, src.scale, src.fonts.figure_scale);
  ImGui::SetCurrentContext(main);
}

ExportRunner::~ExportRunner() {
  m_job.Cancel();
  if (m_context == nullptr) return;
  ImGuiContext* main = ImGui::GetCurrentContext();
  ImGui::SetCurrentContext(m_context);
  m_figure_scale.reset();  // its fonts and style given back, in the export's context
  m_target.reset();
  ImGui_ImplOpenGL3_Shutdown();
  ImGui::DestroyContext(m_context);
  ImGui::SetCurrentContext(main);
}

// [SECTION] What the export draws: cancelled when it changes

ExportRunner::Identity ExportRunner::IdentityOf(AppState& app) {
  Identity id;
  id.generation = app.Generation();
  id.kind = static_cast<int>(app.ShownKind());
  id.algorithm = static_cast<int>(app.GetAlgorithm());
  id.left = static_cast<int>(SideBySideOf(app).Left());
  id.right = static_cast<int>(SideBySideOf(app).Right());
  id.rounds = FigureRoundCount(app);
  id.tile_size = SinglePassOf(app).model.tile_size;
  id.tile_order = static_cast<int>(SinglePassOf(app).model.tile_order);
  id.opened = MultiBlockOf(app).grid.Opened();
  id.stem = FigureStemOf(app);
  return id;
}

// [SECTION] A frame's slice

void ExportRunner::Slice(double budget_ms) {
  if (m_job.Status().Finished() || m_changed) return;
  if (!(IdentityOf(m_src.app) == m_identity)) {
    m_changed = true;
    m_job.Cancel();
    return;
  }
  if (!HasWork()) return;
  using Clock = std::chrono::steady_clock;
  const auto t0 = Clock::now();
  const Scope scope(*this);
  do {
    if (std::string err = Step(); !err.empty()) {
      m_job.Fail(std::move(err));
      return;
    }
  } while (HasWork() &&
           std::chrono::duration<double, std::milli>(Clock::now() - t0).count() < budget_ms);
}

bool ExportRunner::HasWork() const {
  if (m_job.Status().Finished() || m_changed) return false;
  if (m_pictures && (!m_fitter || !m_fitter->Done())) return true;
  return m_job.NextRound().has_value();
}

// One figure frame: the picture's framebuffer and scale first, then the fit's measures (every
// picture's round, a pass or a few), then a round's capture.
std::string ExportRunner::Step() {
  AppState& app = m_src.app;
  const Kind& kind = ShownKindOf(app);
  if (m_pictures && !m_target) {
    m_target.emplace(m_style.size.width, m_style.size.height);
    if (!m_target->Error().empty()) return m_target->Error();
    m_figure_scale.emplace(m_src);
    std::vector<int> rounds;
    for (int r : m_job.Rounds())
      if (m_job.Needs(r).Picture()) rounds.push_back(r);
    m_fitter.emplace(m_style.size.width, m_style.size.height, std::move(rounds));
  }
  if (m_pictures && !m_fitter->Done()) {
    ++m_measures;
    m_fitter->Next(m_src, *m_figure_scale, [&](int r) { kind.Seek(app, r); });
    return {};
  }
  const std::optional<int> round = m_job.NextRound();
  return round ? Capture(*round) : std::string();
}

// Round `round`'s GIF frame (opaque), its PNG's picture (the GIF's frame when both are opaque)
// and its SVG, handed to the job.
std::string ExportRunner::Capture(int round) {
  AppState& app = m_src.app;
  ShownKindOf(app).Seek(app, round);
  const exports::RoundNeeds needs = m_job.Needs(round);
  exports::RoundCapture c;
  std::string err;
  const FigureFit fit = m_pictures ? m_fitter->Result() : FigureFit{};
  if (needs.gif) err = RenderInto(m_src, *m_figure_scale, fit, *m_target, false, &c.gif);
  if (err.empty() && needs.png && (!needs.gif || m_style.transparent))
    err = RenderInto(m_src, *m_figure_scale, fit, *m_target, m_style.transparent, &c.png);
  if (!err.empty()) return err;
  if (needs.svg) {
    c.svg = ShownKindOf(app).FigureSvgLater(app, m_style.transparent);
    if (!c.svg && !needs.svg_path.empty())
      return needs.svg_path + ": " + DisplayName(app.ShownKind()) +
             ": a picture only, with no SVG; export it as PNG";
  }
  m_job.Deliver(round, std::move(c));
  return {};
}

// [SECTION] Progress

std::string ExportRunner::ProgressText() const {
  const exports::JobStatus s = m_job.Status();
  if (s.cancelling) return "Cancelling the export…";
  if (m_pictures && (!m_fitter || !m_fitter->Done())) return "Exporting: fitting the figure…";
  if (s.encoded == s.total) return "Exporting: writing the files…";
  return "Exporting round " + std::to_string(std::min(s.captured + 1, s.total)) + " of " +
         std::to_string(s.total) + "…";
}

float ExportRunner::Fraction() const {
  const exports::JobStatus s = m_job.Status();
  if (s.total == 0) return 1;
  return static_cast<float>(s.captured + s.encoded) / static_cast<float>(2 * s.total);
}

}  // namespace scanviz
