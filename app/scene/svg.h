// An exported figure as SVG: the scene in the app's theme, on the theme's background or on none,
// one pane or two side by side, each under the app's heading. (scene.h's WriteSvg(scene, out) is
// the plain one: one scene, light theme.)
#pragma once

#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "scene/palette.h"
#include "scene/scene.h"
#include "scene/svg_doc.h"

namespace scanviz::scene {

// The theme (light, the default, prints well) and the background (transparent: none, a slide's
// own shows through) are SvgLook's.
struct SvgOptions : SvgLook {
  bool color_by_case = false;  // Hillis-Steele's cases, as the app's "Colour cases" draws them
};

struct SvgPane {
  const Scene* scene = nullptr;
  std::string title;                // above the pane (FigureHeading); empty: none
  std::optional<CellRef> selected;  // ringed, as the app rings the selected cell
};

// The panes left to right in one document. Each cell is a <g class="cell CLASS" data-round=R
// data-buffer=B data-pos=P> holding its box and its value's <text>.
void WriteSvg(const std::vector<SvgPane>& panes, const SvgOptions& options, std::ostream& out);

}  // namespace scanviz::scene
