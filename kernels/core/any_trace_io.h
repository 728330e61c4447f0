// A trace file of any kind: a single-block trace (core/trace_io.h), a multi-block grid or a
// single-pass scan (core/grid/grid_io.h), an application (core/applications/application_io.h) or
// the scan across GPUs (core/multi_gpu/multi_gpu_io.h), told apart by meta.algorithm. The one
// reader above all of them: `scanviz-cli check` and the app's Open read every file through it.
#pragma once

#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <string>
#include <string_view>

#include "core/applications/applications.h"
#include "core/grid/grid.h"
#include "core/grid/single_pass.h"
#include "core/multi_gpu/multi_gpu.h"
#include "core/trace.h"

namespace scanviz {

struct AnyTraceLoad {
  std::optional<Trace> trace;
  std::optional<GridTrace> grid;
  std::optional<SinglePassTrace> single_pass;
  std::optional<ApplicationTrace> application;
  std::optional<MultiGpuTrace> multi_gpu;  // the scan across GPUs (core/multi_gpu/multi_gpu_io.h)
  std::string error;                       // set when none is
  bool Ok() const {
    return trace.has_value() || grid.has_value() || single_pass.has_value() ||
           application.has_value() || multi_gpu.has_value();
  }
};
// Parses once (ReadJson: the trace format's keys, kMaxGridNesting levels), then decodes.
AnyTraceLoad ParseAnyTraceJson(std::string_view text);
// A trace of any kind already parsed (a session's embedded single-pass trace); throws
// std::bad_alloc when memory runs out.
AnyTraceLoad DecodeAnyTraceJson(const nlohmann::json& root);
AnyTraceLoad LoadAnyTraceFile(const std::string& path);

}  // namespace scanviz
