// Trace files: versioned JSON, documented in docs/trace-format.md.
//
// Loading validates everything against the metadata before it returns a trace: an unknown
// version, a truncated or malformed file, or snapshots that contradict the metadata give an error
// naming the problem, and no trace (never half of one).
#pragma once

#include <cstddef>
#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>

#include "core/file_io.h"
#include "core/trace.h"

namespace scanviz {

inline constexpr const char* kTraceFormatName = "scanviz-trace";
// A trace of 2^16 elements in a grid runs to tens of megabytes; anything past this is not one.
inline constexpr std::size_t kMaxTraceFileBytes = std::size_t{512} << 20;
// Arrays and objects nest five levels in a trace; a file nested deeper is refused before parsing.
inline constexpr int kMaxTraceNesting = 16;

struct TraceLoadResult {
  std::optional<Trace> trace;
  std::string error;  // set when trace is empty
};

void WriteTraceJson(const Trace& trace, std::ostream& out, bool pretty = false);
std::string TraceToJson(const Trace& trace, bool pretty = false);

TraceLoadResult ParseTraceJson(std::string_view text);
TraceLoadResult LoadTraceFile(const std::string& path);

// Writes to a temporary file beside `path` and renames it into place, so a failure leaves no
// partial file. Returns an empty string on success, else the reason.
std::string SaveTraceFile(const Trace& trace, const std::string& path);



}  // namespace scanviz
