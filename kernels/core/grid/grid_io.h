// Grid trace files: the trace format's multi-block form (docs/trace-format.md, "Grids"): the
// grid's metadata and input, each block's own single-block trace, and the global arrays between
// the phases. Loading validates the structure (block count, each block's trace and slice, the
// arrays' lengths) and never half-loads; `scanviz-cli check` then checks what the values mean.
// Files of any kind are read through core/any_trace_io.h.
#pragma once

#include <iosfwd>
#include <string>

#include "core/grid/grid.h"
#include "core/grid/single_pass.h"
#include "core/trace.h"

namespace scanviz {

// A grid of 2^16 elements in blocks of 4 recurses 7 times; each level nests three more.
inline constexpr int kMaxGridNesting = 48;

void WriteGridJson(const GridTrace& grid, std::ostream& out, bool pretty = false);
std::string GridToJson(const GridTrace& grid, bool pretty = false);
// Writes atomically, as SaveTraceFile does; empty on success, else why not.
std::string SaveGridFile(const GridTrace& grid, const std::string& path);

// Single-pass traces (core/grid/single_pass.h), the same way.
void WriteSinglePassJson(const SinglePassTrace& trace, std::ostream& out, bool pretty = false);
std::string SaveSinglePassFile(const SinglePassTrace& trace, const std::string& path);

}  // namespace scanviz
