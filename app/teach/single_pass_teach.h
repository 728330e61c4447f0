// The single-pass scan's teaching side: the timeline told in sentences with the trace's own
// numbers (how many tiles waited, how far they looked back), for the Narration tab.
#pragma once

#include <string>
#include <vector>

#include "core/grid/single_pass.h"

namespace scanviz::teach {

struct SinglePassNarration {
  std::string title;  // "Single pass · 8 tiles of 8 (simulated)"
  std::vector<std::string> paragraphs;
};

SinglePassNarration NarrateSinglePass(const SinglePassTrace& trace);

}  // namespace scanviz::teach
