// The compat test's one seam to the app (issue #35: a session and a link written before the kinds
// became modules open identical after it). The fixtures in tests/data/compat were written by the
// app as it was (compat_fixtures.cpp); the goldens beside them say what the app showed after
// opening each one. A refactor that renames an AppState call adapts it here, in this file's .cpp,
// and nowhere else: the test and the generator both go through these functions.
#pragma once

#include <memory>
#include <nlohmann/json.hpp>
#include <string>

#include "state/app_state.h"

namespace scanviz::compat {

// The folder of the fixtures, in the source tree.
std::string FixtureDir();

// An app as the fixtures are opened in: the settings' defaults, the simulator (no GPU, no
// background run), the shipped quiz sets and the bundled traces a link may name.
std::unique_ptr<AppState> FreshApp();

// What `app` shows, field by field: the kind, its step counter and status numbers, its own state
// fields, every algorithm's round, the input, the session it would save (as JSON, and the hash of
// its exact text) and the link it would copy. Paths under the source tree are made relative and
// the bundled traces' folder reads "<traces>", so the goldens do not depend on the checkout.
nlohmann::json Shown(AppState& app);

// A fresh app that opened `path` (a session or a trace file; absolute) with OpenFile, or the text
// of a share link with OpenLink: what OpenFile/OpenLink returned, the notice, and Shown.
nlohmann::json OpenedFile(const std::string& path);
nlohmann::json OpenedLink(const std::string& text);

// "" when equal, else each differing field (nested ones by their path) with both values.
std::string Differences(const nlohmann::json& want, const nlohmann::json& got,
                        const std::string& where = "");

}  // namespace scanviz::compat
