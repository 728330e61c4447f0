// What the session's readers share (session.cpp, session_v3.cpp): session_v3.cpp's parts, and a
// field read with its checks, or Bad naming what is wrong ("multi_block.block_size: expected a
// power of two"). Internal to the session's files.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "core/grid/grid.h"
#include "core/quote.h"

namespace scanviz {

struct Session;  // session.h

// Version 3's parts of the session's JSON (session_v3.cpp), for session.cpp. Declared here, not
// in a session_v3.h, so that session.cpp (which holds session.h's struct) does not include
// session_v3's header while session_v3.cpp includes session.h: one way down, no loop.

// The "view" object's version 3 fields, into s (its algorithm read already).
void ParseViewV3(const nlohmann::json& view, Session& s);
// The "benchmark" and "quiz" objects.
void ParseBenchmarkAndQuiz(const nlohmann::json& j, Session& s);
// The "random" object: the values it makes, checked against the hash the writer saw.
std::vector<double> ReadRandom(const nlohmann::json& j, Session& s);
// Writes version 3's fields into j (its "view" object written already).
void WriteV3(const Session& s, nlohmann::json& j);
// Issue #36: the GPUs kind's "gpus" object and its file's "multi_gpu_trace" (session_v3.cpp),
// written only where the GPUs are shown or a trace of theirs is held: other sessions stay as they
// were.
void ParseGpus(const nlohmann::json& j, Session& s);
void WriteGpus(const Session& s, nlohmann::json& j);

}  // namespace scanviz

namespace scanviz::session_read {

using json = nlohmann::json;

struct Bad {
  std::string what;
};

inline const json& Need(const json& j, const char* key) {
  if (!j.contains(key)) throw Bad{std::string("missing field \"") + key + "\""};
  return j[key];
}

// A value of the file as a message shows it: a string quoted as all text from a file is
// (core/quote.h), anything else as JSON with every byte past ASCII escaped; 40 characters at most.
inline std::string Shown(const json& v) {
  if (v.is_string()) return QuoteForMessage(v.get<std::string>(), 40);
  return v.dump(-1, ' ', true, json::error_handler_t::replace).substr(0, 40);
}

template <class E>
E EnumAt(const json& j, const char* key, E fallback, bool required) {
  if (!j.contains(key)) {
    if (required) throw Bad{std::string("missing field \"") + key + "\""};
    return fallback;
  }
  E out{};
  const json& v = j[key];
  if (!v.is_string() || !Parse(v.get<std::string>(), &out))
    throw Bad{std::string(key) + ": unknown value " + Shown(v)};
  return out;
}

inline bool BoolAt(const json& j, const char* key, bool fallback) {
  if (!j.contains(key)) return fallback;
  if (!j[key].is_boolean()) throw Bad{std::string(key) + ": expected true or false"};
  return j[key].get<bool>();
}

// An integer within [lo, hi]; an unsigned JSON number is compared as one, since 2^64 - 1 read as
// a long long is -1.
inline bool InRange(const json& v, long long lo, long long hi) {
  if (v.is_number_unsigned())
    return hi >= 0 && v.get<unsigned long long>() <= static_cast<unsigned long long>(hi) &&
           v.get<long long>() >= lo;
  return v.is_number_integer() && v.get<long long>() >= lo && v.get<long long>() <= hi;
}

inline long long IntAt(const json& j, const char* key, long long fallback, long long lo,
                       long long hi) {
  if (!j.contains(key)) return fallback;
  const json& v = j[key];
  if (!InRange(v, lo, hi))
    throw Bad{std::string(key) + ": expected an integer in " + std::to_string(lo) + " .. " +
              std::to_string(hi)};
  return v.get<long long>();
}

// A block or tile size: a power of two from 4 to 1024.
inline int SizeAt(const json& j, const char* key, int fallback) {
  const long long v = IntAt(j, key, fallback, kMinGridBlockSize, kMaxGridBlockSize);
  if ((v & (v - 1)) != 0) throw Bad{std::string(key) + ": expected a power of two, 4 .. 1024"};
  return static_cast<int>(v);
}

// An optional object; its errors name it ("multi_block.block_size: ...").
template <class F>
void ObjectAt(const json& j, const char* key, F&& read) {
  if (!j.contains(key)) return;
  if (!j[key].is_object()) throw Bad{std::string(key) + ": expected an object"};
  try {
    read(j[key]);
  } catch (const Bad& b) {
    throw Bad{std::string(key) + "." + b.what};
  }
}

}  // namespace scanviz::session_read
