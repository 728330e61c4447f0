// Exporting what the trace view shows, for slides and notes: the figure alone (its heading, the
// rounds, a selected cell's bracket; not the panels, not a hover), fitted to the picture (scaled
// to fill it within a margin, centred: figure_fit.h), rendered offscreen at any size the way the
// screen draws it (our renderer and ImGui's text) and written as PNG; the same figure as SVG from
// the scene; every round as an animated GIF and a numbered sequence. The command line
// (--export-*) and the live app (Ctrl+S, the Export section) both come here. Which files, under
// which names, and whether they may be written is export/export_plan.h's.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "export/export_plan.h"
#include "export/image.h"
#include "figures/figure_source.h"

namespace scanviz {

// The figure at the players' rounds as RGBA, rows top down. Needs the GL context and ImGui between
// frames (after one frame's Render, before the next NewFrame). Empty, or why not.
std::string RenderFigure(FigureSource& src, const FigureStyle& style, exports::RgbaImage* out);
// The figure at the kind's step as an SVG document, in the app's theme; empty for a kind whose
// figure is a picture only (the benchmark chart).
std::string FigureSvg(AppState& app, bool transparent);

// Renders every file of `plan`, then writes them (the sequence's folder made first); nothing is
// written unless every file rendered. The players are left where they were. Runs the export job
// (export_runner.h) to its end. Empty, or why not.
std::string RunExportPlan(FigureSource& src, const exports::ExportPlan& plan,
                          const FigureStyle& style);

// The live app. Ctrl+S: the figure as PNG and SVG under a free name in `dir` (only the PNG for
// the benchmark chart, which has no scene), at once. All rounds: a GIF and a folder of numbered
// PNGs and SVGs, drawn and written beside the app over the next frames (export_runner.h), into
// `job`; refused while one runs. `notice` says what was written where; `error` why nothing was.
struct ExportOutcome {
  std::string notice;
  std::string error;
};
class ExportRunner;
ExportOutcome SaveFigure(FigureSource& src, const std::string& dir, const FigureStyle& style);
ExportOutcome StartAllRounds(FigureSource& src, const std::string& dir, const FigureStyle& style,
                             std::unique_ptr<ExportRunner>* job);
// Carries out the view's export request (Ctrl+S, the Export buttons) at the view's size (0: the
// window's) and clears it; the notice, or the error, goes to the status line (All rounds': when
// it ends).
void CarryOutExportRequest(FigureSource& src, exports::Size window,
                           std::unique_ptr<ExportRunner>* job);
// A frame's part of the export running beside the app: the Cancel button's (or Escape's)
// request taken, up to `budget_ms` of drawing, the status bar's progress; once the job ends, what
// it wrote (or that it was cancelled, or why it failed) to the status line, and `job` reset.
void StepExport(std::unique_ptr<ExportRunner>* job, double budget_ms);

// The command line's --export-* flags (`request`, its round set; `style`, the size, transparency
// and GIF delay they ask for): plans, checks every path, renders, writes, says what it
// wrote. The exit code: 0 written; 2 a usage error (a round out of range, a path that cannot be
// written, two names for one file, no giflib for a GIF) or a drawing or a write that failed, said
// in one line, with nothing written (all the files or none) and every old file kept.
// `also`: a file written with the exports, all or none (--dump-layout), its bytes made by
// `also_bytes` once every figure is drawn; refused if it is one of the exports.
int RunExports(FigureSource& src, const exports::ExportRequest& request, const FigureStyle& style,
               const std::string& also = {}, std::function<std::string()> also_bytes = {});

}  // namespace scanviz
