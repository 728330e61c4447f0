// The shown step as text, for whoever cannot see the figure (issue #34, part 3; docs/web.md,
// "Screen readers"): the step's title and narration (what the Narration tab says), and the current
// round's buffers as a table (what the figure draws: values, the thread that wrote each cell, what
// it did, its invariant window). The page's live region and Text view read it, and the desktop's
// narration panel copies it. Read off the shown trace and its analysis, as the figure is; no ImGui.
#pragma once

#include <cstdint>
#include <nlohmann/json_fwd.hpp>
#include <string>
#include <vector>

#include "state/kind_model.h"
#include "state/app_state.h"

namespace scanviz {

// The algorithm whose trace the teaching panels describe: the shown one, or side by side the one
// a cell was last selected in (the first when neither was). Defined here, below the views, which
// declare it too (views.h).
Algorithm TeachAlgorithm(const AppState& app);

// What the narration, its copy and the page's live text say while a quiz question is open
// (quiz_session.h): they would tell the answer.
inline constexpr const char* kQuestionOpenText =
    "A quiz question is open: the narration and the round's table come back once it is answered.";

struct StepText {
  std::string title;    // the narration's "Round 2, stride 2"; else the step's caption
  std::string caption;  // the step's caption everywhere: "round 2 of 3 · stride 2"
  std::vector<std::string> paragraphs;  // the narration; else the status bar's numbers
};

// A block scan's round (the shown algorithm's, the opened block of the grid's), told as the
// Narration tab tells it; another kind (`kind`, the shown one: the caller asks the registry, which
// stands above this file): its step's caption and numbers.
StepText StepTextOf(AppState& app, const Kind& kind);

// The title, then each paragraph, a blank line between: what the narration panel copies.
std::string PlainText(const StepText& text);

// The shown round of a block scan as a table: {"caption", "summary", "positions": [0..],
// "rows": [{"head", "cells": [...]}]}: a row per array (its values, "?" where unwritten), then
// for the array the round writes the thread that wrote each cell, what it did (the CLI's tags:
// "ld", "cp", "+", "."), Hillis-Steele's case and the cell's window ("2..5"). Null for a kind that
// shows no block round, and while a quiz question is open.
nlohmann::json RoundTable(AppState& app);

// A digest of what RoundTable reads (the algorithm, the round, its buffers, what was written and
// by whom), 0 when it would be null: a page that shows the table rebuilds it only when this
// changes (a 1024-cell round's table is about 5 ms to build on the page).
std::uint64_t RoundDigest(AppState& app);

// The same table, tab-separated, a line a row (the positions first): what a spreadsheet pastes.
std::string RoundTableTsv(const nlohmann::json& table);

}  // namespace scanviz
