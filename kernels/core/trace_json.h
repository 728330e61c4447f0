// The JSON pieces of the trace format (docs/trace-format.md) that the grid's file
// (core/grid/grid_io.cpp) builds on: internal to core.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>
#include <string_view>

#include "core/json_read.h"
#include "core/quote.h"
#include "core/trace.h"

namespace scanviz::trace_json {

// The error of a trace file's JSON that ReadJson refused: "malformed JSON (truncated file?): ...",
// "not a ScanViz trace: nested more than 16 levels deep ...", "not enough memory to read it (...)".
std::string ReadError(const JsonRead& read);

using nlohmann::json;

// What a malformed file throws; its message names the place ("meta.n: ...").
struct LoadError : std::runtime_error {
  using std::runtime_error::runtime_error;
};
[[noreturn]] void Fail(std::string_view where, const std::string& what);

const json& Field(const json& object, const char* key, std::string_view where);
// A JSON integer within [lo, hi], or false: an unsigned 2^64 - 1 must not read as -1.
bool IntegerIn(const json& v, long long lo, long long hi, long long* out);
int IntField(const json& object, const char* key, std::string_view where);
// A time or a duration, in ns: at most kMaxTraceTime either side of 0.
inline constexpr long long kMaxTraceTime = 1LL << 53;
std::int64_t Int64Field(const json& object, const char* key, std::string_view where);
std::string StringField(const json& object, const char* key, std::string_view where);
bool BoolField(const json& object, const char* key, std::string_view where);

// A string field naming one of an enum's values (the Parse overloads of core/trace.h).
template <class E>
E EnumField(const json& object, const char* key, std::string_view where) {
  const std::string s = StringField(object, key, where);
  E e{};
  if (!Parse(s, &e)) Fail(std::string(where) + "." + key, "unknown value " + QuoteForMessage(s));
  return e;
}
json EncodeValue(ElementType type, double v);
double DecodeValue(const json& v, ElementType type, const std::string& where);
json EncodeBackend(const BackendInfo& backend);
BackendInfo DecodeBackend(const json& backend);

// A whole single-block trace as the file's top-level object, and back (validated as loading
// does; throws LoadError).
json EncodeTrace(const Trace& trace);
Trace DecodeTrace(const json& root);

}  // namespace scanviz::trace_json

namespace scanviz {
struct SinglePassTrace;
// core/grid/single_pass_io.cpp: the single-pass form (throws trace_json::LoadError).
trace_json::json EncodeSinglePass(const SinglePassTrace& trace);
SinglePassTrace DecodeSinglePass(const trace_json::json& root);

}  // namespace scanviz
