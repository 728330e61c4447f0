// Trace files: versioned JSON, documented in docs/trace-format.md.
//
// Loading validates everything against the metadata before it returns a trace: an unknown
// version, a truncated or malformed file, or snapshots that contradict the metadata give an error
// naming the problem, and no trace (never half of one).
#pragma once

#include <cstddef>
#include <iosfwd>
#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <string>
#include <string_view>

#include "core/file_io.h"
#include "core/trace.h"

namespace scanviz {

class JsonKeys;     // core/json_read.h
struct JsonLimits;  // core/json_read.h

inline constexpr const char* kTraceFormatName = "scanviz-trace";
// A trace of 2^16 elements in a grid runs to tens of megabytes; anything past this is not one.
inline constexpr std::size_t kMaxTraceFileBytes = std::size_t{512} << 20;
// Arrays and objects nest five levels in a trace; a file nested deeper is refused before parsing.
inline constexpr int kMaxTraceNesting = 16;
// What reading a trace file may take besides its text (issue #38): a tree of 3 bytes a byte of
// text and 80 MB, a grid's block traces taken out of it as they are read and counted as what they
// decode to. With the text and the program, a refused file costs at most 4 times its size and
// 100 MB; the largest files of every kind fit (scripts/memory_bench.sh).
inline constexpr std::size_t kTraceJsonBytesPerByte = 3;
inline constexpr std::size_t kTraceJsonBaseBytes = std::size_t{80} << 20;
// The most rounds a single block's trace may list (the longest schedule, Blelloch's converted
// scan of 1024 elements, has 23), and the most elements any array of a trace file may hold (an
// allocation's pool, 2^20 cells): more is refused as the parse meets it.
inline constexpr std::size_t kMaxTraceRoundsListed = 256;
inline constexpr std::size_t kMaxTraceArrayElements = std::size_t{1} << 20;
// Those two bounds by key, for JsonLimits::max_elements: a session file, which embeds traces,
// reads within them too.
std::size_t TraceArrayBound(std::string_view key);

struct TraceLoadResult {
  std::optional<Trace> trace;
  std::string error;  // set when trace is empty
};

void WriteTraceJson(const Trace& trace, std::ostream& out, bool pretty = false);
std::string TraceToJson(const Trace& trace, bool pretty = false);

// Every key a trace file of any kind holds (single blocks in versions 1 and 2, grids, single-pass
// traces, applications): a key not on it may not hold an array, an object or a long string
// (core/json_read.h), and is dropped.
const JsonKeys& TraceFileKeys();
// How a trace file of any kind is read: the keys above, `max_depth` levels of nesting.
JsonLimits TraceJsonLimits(int max_depth);

// Parses once (ReadJson, TraceJsonLimits(kMaxTraceNesting)), then decodes.
TraceLoadResult ParseTraceJson(std::string_view text);
// A single-block trace already parsed (a session's embedded trace, a file read as any kind);
// throws std::bad_alloc when memory runs out (its caller knows the file's size to say so).
TraceLoadResult DecodeTraceJson(const nlohmann::json& root);
TraceLoadResult LoadTraceFile(const std::string& path);

// Writes to a temporary file beside `path` and renames it into place, so a failure leaves no
// partial file. Returns an empty string on success, else the reason.
std::string SaveTraceFile(const Trace& trace, const std::string& path);

}  // namespace scanviz
