// What every part of a figure's export draws from (figure_fit.h measures it, figure_render.h
// draws it offscreen, export_runner.h does so beside the app, figure_export.h is the front the
// app and the command line call): the app's state with the renderer, fonts and views it is drawn
// with, the picture's style, and what the shown kind's figure is called and how many steps it
// has. Kept apart from figure_export.h so that the parts below the front need not include it.
#pragma once

#include <string>

#include "draw/fonts.h"
#include "draw/renderer.h"
#include "export/export_plan.h"
#include "kinds/kind.h"
#include "kinds/kind_view.h"
#include "state/app_state.h"
#include "views/views.h"

namespace scanviz {

struct FigureSource {
  AppState& app;
  Renderer& renderer;
  Fonts& fonts;     // the app's (the figure's own are FigureFonts of them; an export rebuilds
                    // them at its own size for a while, figure_fit.h)
  ViewSet& views;   // the kinds draw with them (kinds/kind_view.h)
  float scale = 1;  // the frame's scale: content scale x panel text x presenter
  // When set, each figure drawn records its text here (the last one stays): --dump-layout with an
  // export says what the exported picture holds.
  TextRecorder* text = nullptr;
};

struct FigureStyle {
  exports::Size size;
  bool transparent = false;  // PNG and SVG; a GIF has the theme's background
  int gif_delay_ms = exports::kDefaultDelayMs;
};

// The figure is the shown kind's (kind_model.h). Its steps: a GIF's frames, a sequence's files.
inline int FigureRoundCount(AppState& app) {
  return ShownKindOf(app).Steps(app).count;
}
// "scanviz-blelloch", "scanviz-hillis-steele-vs-blelloch", "scanviz-multi-block-blelloch-b4".
inline std::string FigureStemOf(AppState& app) {
  return ShownKindOf(app).FigureStem(app);
}

}  // namespace scanviz
