// Trace files of the scan across GPUs: the trace format's "multi-gpu" form (docs/trace-format.md):
// the metadata (strategy, operator, type, flavour, how the times were taken and the clocks
// aligned), the input, the output and every rank (its shard, total, gathered totals, offset,
// phases and, when kept, its shard's single-pass timeline in the single-pass form). Loading
// validates the shape and never half-loads; `scanviz-cli check` then checks what the values mean
// (CheckMultiGpu). Files of any kind are read through core/any_trace_io.h.
//
// A rank's part: each NCCL rank writes the same form holding only its own rank (ranks = [its
// record], input and output = its shard's slice, meta.n its shard's size, meta.gpus the job's P);
// MergeRankTraces puts the P parts together into the whole trace.
#pragma once

#include <iosfwd>
#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/multi_gpu/multi_gpu.h"

namespace scanviz {

void WriteMultiGpuJson(const MultiGpuTrace& trace, std::ostream& out, bool pretty = false);
// Writes atomically, as SaveTraceFile does; empty on success, else why not. A rank's part is
// written the same way.
std::string SaveMultiGpuFile(const MultiGpuTrace& trace, const std::string& path);

// The file's object and back, validated as loading does (throws trace_json::LoadError naming the
// place). `part`: a rank's part (one rank, its slice) rather than a whole trace.
nlohmann::json EncodeMultiGpu(const MultiGpuTrace& trace);
MultiGpuTrace DecodeMultiGpu(const nlohmann::json& root, bool part = false);

// A rank's part file, read and validated; nothing and one line in `why` when it is not one.
std::optional<MultiGpuTrace> ParseMultiGpuPartJson(std::string_view text, std::string* why);
std::optional<MultiGpuTrace> LoadMultiGpuPartFile(const std::string& path, std::string* why);

// The whole trace from the P ranks' parts, in any order: they must agree (P, strategy, operator,
// type, flavour, identity), hold ranks 0..P-1 once each, and their shards must follow one another
// from 0 with no gap. The first rank's metadata (backend, clock, alignment, interconnect, NCCL's
// version) is the trace's. Nothing, and one line in `why`, when they do not fit together.
std::optional<MultiGpuTrace> MergeRankTraces(std::vector<MultiGpuTrace> parts, std::string* why);

}  // namespace scanviz
