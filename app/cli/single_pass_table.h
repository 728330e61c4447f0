// A single-pass trace as text for scanviz-cli: the tiles' timeline as a table (when each started,
// published A and P, and finished; what it read looking back; how long it waited), the summary a
// class discusses, and the output.
#pragma once

#include <iosfwd>

#include "cli/grid_table.h"
#include "core/grid/single_pass.h"

namespace scanviz {

// Rows for at most `max_tiles` tiles: the first ones and the last few around "…".
void PrintSinglePassTable(const SinglePassTrace& trace, std::ostream& out, int max_tiles = 32,
                          const GridTableOptions& options = {});

}  // namespace scanviz
