// How a person reaches a kind of view: its line in the Show menu, its keys and their lines in the
// key help, and the names older command lines and state files gave it. Each kind says its own
// (Kind::Entry); the menu, the shortcuts, the key help, the command line and the state file read
// them from the registry and name no kind. UI-free: the key tests read it without a window.
#pragma once

#include <vector>

#include "core/trace.h"

namespace scanviz {

// One key of a kind: a capital letter, as the help shows it (GLFW's key code for a letter is the
// capital's character code), and its line in the help, in the group "What is shown".
struct KindKey {
  const char* key;   // "M"
  const char* help;  // "multi-block scan on / off (click a block: its rounds; Esc: back)"
};

struct KindEntry {
  // The menu: the item's name for --state-file and the keyboard walk ("menu.multi_block"), its
  // tooltip, and the heading drawn above it (nullptr: none; "": a separator alone).
  const char* menu_name = nullptr;
  const char* tip = "";
  const char* section = nullptr;
  // Its keys: the first is the one the menu and the tooltips name; none for a kind reached
  // otherwise (the block scan: Tab or B).
  std::vector<KindKey> keys = {};
  // The command line's flags that show it ("--side-by-side"), or a flag's value that does
  // ("--panel=bench"), space-separated; and, when two are given, the one shown: the higher
  // `cover` (the order in which earlier versions drew the kinds over each other).
  const char* implied_by = "";
  int cover = 0;
  // The most values it shows, the input --bench-frames makes for it (a block's, or the grid's).
  int largest_n = kMaxElements;
  // The state file's flag for it from before the file had "kind" (nullptr: none); the UI tests
  // still read them.
  const char* state_flag = nullptr;
};

}  // namespace scanviz
