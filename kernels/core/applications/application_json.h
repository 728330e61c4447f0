// An application trace as JSON (docs/trace-format.md, "Applications"), for any_trace_io.cpp's
// loader of every kind of trace file. Internal to core; the public side is
// core/applications/application_io.h.
#pragma once

#include "core/applications/applications.h"
#include "core/trace_json.h"

namespace scanviz::trace_json {

json EncodeApplication(const ApplicationTrace& trace);
// Validates the structure (parameters, lengths, each pass's scan as a grid) and never returns
// half a trace: throws LoadError naming the place. CheckApplication then checks what the values
// mean.
ApplicationTrace DecodeApplication(const json& root);

}  // namespace scanviz::trace_json
