// An export plan carried out beside the app (issue #26 item 21): the UI thread's half of an
// export job (export/export_job.h). Each frame's Slice draws what the job needs, a figure frame
// at a time (the fit's measures, then each round's pictures and SVG), for about a frame's budget;
// the job's worker encodes and writes. The window keeps drawing and taking keys meanwhile.
//
// The user's view is not disturbed: the export draws in an ImGui context of its own (its fonts
// built at the picture's scale, not the window's), with a copy of the view as it was when the
// export started (theme, zoom of the figure, selection: changing them now does not change the
// export), and seeks the shown kind to its rounds only inside a slice, every player put back as
// it was (round, playing, time to the next round) before the app's own frame is drawn.
//
// It draws from the app's traces, which it does not own: an edit that changes what the figure
// shows (the input, undo, the algorithm, the kind, the pair, an opened block, the timeline's
// tiles) cancels it, with a message, before it draws again. Nothing is held across frames but
// copies and the job; no reference into the state outlives a slice.
#pragma once

#include <imgui.h>

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "export/export_job.h"
#include "figures/figure_fit.h"
#include "figures/figure_render.h"
#include "figures/figure_source.h"

namespace scanviz {

class ExportRunner {
 public:
  // `plan` checked (CheckTargets); the figure `src` shows now is the one exported. `threaded`:
  // the job's worker on its own thread (false on the web).
  ExportRunner(FigureSource& src, exports::ExportPlan plan, const FigureStyle& style,
               bool threaded);
  ~ExportRunner();  // cancels; needs the GL context (the app resets it before shutting GL down)
  ExportRunner(const ExportRunner&) = delete;
  ExportRunner& operator=(const ExportRunner&) = delete;

  // The UI thread's work for one frame: at least one figure frame, then more while `budget_ms`
  // lasts and the job has room. Between ImGui frames (before the app's NewFrame).
  void Slice(double budget_ms);
  // Whether a Slice now has work (else the app may sleep until the worker wakes it).
  bool HasWork() const;
  void Cancel() { m_job.Cancel(); }
  exports::JobStatus Status() const { return m_job.Status(); }
  // Cancelled because the figure changed under it (an edit): the message says what.
  bool Changed() const { return m_changed; }
  const exports::ExportPlan& Plan() const { return m_job.Plan(); }
  AppState& App() { return m_src.app; }
  // What the status line says once every file is written.
  void SetDoneNotice(std::string notice) { m_done_notice = std::move(notice); }
  const std::string& DoneNotice() const { return m_done_notice; }
  // "Exporting round 3 of 11…" and how far, 0..1 (the fit's measures, the rounds drawn, the
  // rounds encoded).
  std::string ProgressText() const;
  float Fraction() const;

 private:
  class Scope;  // the export's context, view and rounds for the length of a slice
  struct Identity {
    std::uint64_t generation = 0;
    int kind = 0, algorithm = 0, left = 0, right = 0, rounds = 0, tile_size = 0, tile_order = 0;
    std::optional<OpenedBlock> opened;  // a block of the grid shown in place of the grid
    std::string stem;
    bool operator==(const Identity&) const = default;
  };
  static Identity IdentityOf(AppState& app);
  void MakeContext(FigureSource& src);
  std::string Step();  // one figure frame: empty, or why the job fails
  std::string Capture(int round);

  exports::ExportJob m_job;
  FigureStyle m_style;
  Identity m_identity;
  ViewState m_view;  // the view as the export started (swapped in during a slice)
  bool m_pictures = false;
  ImGuiContext* m_context = nullptr;
  Fonts m_fonts;       // the export context's
  ViewSet m_views;     // the export's caches, not the window's
  FigureSource m_src;  // the app's state and renderer, the export's fonts and views
  std::optional<Offscreen> m_target;
  std::optional<FigureScale> m_figure_scale;
  std::optional<FigureFitter> m_fitter;
  int m_measures = 0;  // figure frames measured
  bool m_changed = false;
  std::string m_done_notice;
};

}  // namespace scanviz
