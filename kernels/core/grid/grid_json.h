// The grid's JSON pieces (core/grid/grid_io.cpp), for the files that hold grids inside them: an
// application's passes (core/applications/application_io.cpp). Internal to core.
#pragma once

#include <string>
#include <vector>

#include "core/grid/grid.h"
#include "core/trace_json.h"

namespace scanviz::trace_json {

json EncodeValues(ElementType type, const std::vector<double>& values);
// object[key]: exactly `size` values of `type`; throws LoadError naming where.key[i].
std::vector<double> DecodeValues(const json& object, const char* key, ElementType type, size_t size,
                                 const std::string& where);
// A grid as its file's object (format, version, meta, input, grid), and back, validated as
// loading does; `depth` is the recursion level the object must say it is.
json EncodeGrid(const GridTrace& grid);
GridTrace DecodeGrid(const json& root, const std::string& where, int depth);

}  // namespace scanviz::trace_json
