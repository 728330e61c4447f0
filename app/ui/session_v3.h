// Version 3's parts of the session's JSON (session_v3.cpp), for session.cpp.
#pragma once

#include <nlohmann/json.hpp>
#include <vector>

#include "session.h"

namespace scanviz {

// The "view" object's version 3 fields, into s (its algorithm read already).
void ParseViewV3(const nlohmann::json& view, Session& s);
// The "benchmark" and "quiz" objects.
void ParseBenchmarkAndQuiz(const nlohmann::json& j, Session& s);
// The "random" object: the values it makes, checked against the hash the writer saw.
std::vector<double> ReadRandom(const nlohmann::json& j, Session& s);
// Writes version 3's fields into j (its "view" object written already).
void WriteV3(const Session& s, nlohmann::json& j);

}  // namespace scanviz
