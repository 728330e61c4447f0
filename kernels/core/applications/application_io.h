// Application trace files: written atomically as SaveTraceFile and SaveGridFile write theirs;
// read back through LoadAnyTraceFile (core/any_trace_io.h), which tells the kinds apart.
#pragma once

#include <iosfwd>
#include <string>

#include "core/applications/applications.h"

namespace scanviz {

void WriteApplicationJson(const ApplicationTrace& trace, std::ostream& out, bool pretty = false);
std::string ApplicationToJson(const ApplicationTrace& trace, bool pretty = false);
// Empty on success, else why not; a failure leaves what was at the path.
std::string SaveApplicationFile(const ApplicationTrace& trace, const std::string& path);

}  // namespace scanviz
