// An application of the scan (compaction, split, radix sort, allocation) at a step as an SVG
// figure, as the applications view draws it (application_scene.h's PassLayout): the heading, the
// pass and step, the narration; then the rows the step has reached (the input or keys, the bit a
// split reads, the flags or sizes, their scan), each titled at the left under an index ruler, the
// cells the step points at lit; the scatter's arrows from each element to its output cell, or an
// allocation's pool as a bar of labelled slices. A row longer than max_cells shows its first and
// last cells and a gap that says how many are between.
#pragma once

#include <ostream>

#include "core/applications/applications.h"
#include "scene/svg_doc.h"

namespace scanviz::scene {

struct ApplicationSvgOptions : SvgLook {
  bool heading = true;    // the heading, the pass and step, and the note above the rows
  bool narration = true;  // the step's narration (application_scene's) under the heading
  int max_cells = 32;     // cells drawn of a row; more: the first and last half and a gap
};

// Each cell is a <g class="cell KIND" data-index=I> (KIND: input, bit, flags, scan, output)
// holding its box and value; each row's title a <text class="row-title">; each arrow a <g
// class="arrow"> (a line and its head); each pool slice a <rect class="slice">.
void WriteApplicationSvg(const ApplicationTrace& trace, int step,
                         const ApplicationSvgOptions& options, std::ostream& out);

}  // namespace scanviz::scene
