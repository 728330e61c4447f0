// The JSON pieces of the trace format (core/trace_json.h): reading a field with its place named in
// the error, values (int32, float32 and its infinities), the backend. The single-block trace
// (trace_io.cpp, trace_decode.cpp) and the grid's files (core/grid/) are built from them.
#include "core/trace_json.h"

#include <cmath>
#include <string>

namespace scanviz::trace_json {

// float32 max/min identities are infinities, which JSON numbers cannot hold: they are written as
// the strings "inf" and "-inf", and NaN (inf + -inf in a float32 sum) as "nan". Undefined cells
// are null.
json EncodeValue(ElementType type, double v) {
  if (type == ElementType::kInt32) return static_cast<long long>(v);
  if (std::isinf(v)) return v < 0 ? "-inf" : "inf";
  if (std::isnan(v)) return "nan";  // float32 sums that meet inf and -inf
  return static_cast<double>(static_cast<float>(v));
}

[[noreturn]] void Fail(std::string_view where, const std::string& what) {
  throw LoadError(where.empty() ? what : std::string(where) + ": " + what);
}

const json& Field(const json& object, const char* key, std::string_view where) {
  if (!object.is_object()) Fail(where, "expected an object");
  auto it = object.find(key);
  if (it == object.end()) Fail(where, std::string("missing field \"") + key + "\"");
  return *it;
}

bool IntegerIn(const json& v, long long lo, long long hi, long long* out) {
  if (v.is_number_unsigned()) {
    // Compared as unsigned only when hi is not negative: an empty array's hi is -1.
    const auto u = v.get<unsigned long long>();
    if (hi < 0 || u > static_cast<unsigned long long>(hi)) return false;
    *out = static_cast<long long>(u);
    return *out >= lo;
  }
  if (!v.is_number_integer()) return false;
  *out = v.get<long long>();
  return *out >= lo && *out <= hi;
}

int IntField(const json& object, const char* key, std::string_view where) {
  const json& v = Field(object, key, where);
  if (!v.is_number_integer()) Fail(std::string(where) + "." + key, "expected an integer");
  long long x = 0;
  if (!IntegerIn(v, -2147483648LL, 2147483647LL, &x))
    Fail(std::string(where) + "." + key, "out of range");
  return static_cast<int>(x);
}

std::int64_t Int64Field(const json& object, const char* key, std::string_view where) {
  const json& v = Field(object, key, where);
  if (!v.is_number_integer()) Fail(std::string(where) + "." + key, "expected an integer");
  long long x = 0;
  // Times and waits, in ns: within +-2^53 (104 days), the difference of any two fits in an int64
  // (Summarize subtracts them) and a double holds each exactly (the timeline draws them).
  if (!IntegerIn(v, -kMaxTraceTime, kMaxTraceTime, &x))
    Fail(std::string(where) + "." + key, "out of range");
  return x;
}

std::string StringField(const json& object, const char* key, std::string_view where) {
  const json& v = Field(object, key, where);
  if (!v.is_string()) Fail(std::string(where) + "." + key, "expected a string");
  return v.get<std::string>();
}

double DecodeValue(const json& v, ElementType type, const std::string& where) {
  if (type == ElementType::kInt32) {
    if (!v.is_number_integer()) Fail(where, "expected an int32 value");
    long long x = 0;
    if (!IntegerIn(v, -2147483648LL, 2147483647LL, &x)) Fail(where, "value outside int32");
    return static_cast<double>(x);
  }
  if (v.is_string()) {
    const std::string s = v.get<std::string>();
    if (s == "inf") return HUGE_VAL;
    if (s == "-inf") return -HUGE_VAL;
    if (s == "nan") return std::nan("");
    Fail(where, "expected a float32 value");
  }
  if (!v.is_number()) Fail(where, "expected a float32 value");
  const double x = v.get<double>();
  if (static_cast<double>(static_cast<float>(x)) != x) Fail(where, "not a float32 value");
  return x;
}

bool BoolField(const json& object, const char* key, std::string_view where) {
  const json& v = Field(object, key, where);
  if (!v.is_boolean()) Fail(std::string(where) + "." + key, "expected true or false");
  return v.get<bool>();
}

BackendInfo DecodeBackend(const json& b) {
  BackendInfo backend;
  backend.kind = EnumField<BackendKind>(b, "kind", "meta.backend");
  if (backend.kind == BackendKind::kCuda) {
    backend.device_name = StringField(b, "device", "meta.backend");
    backend.compute_major = IntField(b, "compute_major", "meta.backend");
    backend.compute_minor = IntField(b, "compute_minor", "meta.backend");
    backend.driver_version = IntField(b, "driver_version", "meta.backend");
    backend.runtime_version = IntField(b, "runtime_version", "meta.backend");
  }
  return backend;
}

json EncodeBackend(const BackendInfo& b) {
  json backend = {{"kind", ToString(b.kind)}};
  if (b.kind == BackendKind::kCuda) {
    backend["device"] = b.device_name;
    backend["compute_major"] = b.compute_major;
    backend["compute_minor"] = b.compute_minor;
    backend["driver_version"] = b.driver_version;
    backend["runtime_version"] = b.runtime_version;
  }
  return backend;
}

}  // namespace scanviz::trace_json
