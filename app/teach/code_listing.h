// A listing for the code panel (the real kernel or our pseudo-code) and which of its lines run in
// a given round of a trace.
//
// Lines are mapped to rounds by tags, not by line numbers: the kernel file carries
// `// [line:load]`, `// [line:barrier]`, ... comments, so editing the kernel keeps the mapping
// right, and MissingTags() turns a renamed tag into a failing test rather than a dark panel.
#pragma once

#include <string>
#include <vector>

#include "core/trace.h"

namespace scanviz::teach {

struct CodeLine {
  std::string text;               // as displayed: tag comments removed, trailing blanks trimmed
  std::vector<std::string> tags;  // "load", "barrier", "up-step", ...
  // In a step function: which threads run the line, by what they did in the round (`// [does:K]`
  // tags: an action kind such as "add", "copy", "swap-add", "idle", or "all").
  std::vector<std::string> does;
  int source_line = 0;            // 1-based line in the kernel file; 0 for pseudo-code
  bool instrumentation = false;   // the trace recorder, not the algorithm (the panel may dim it)
};

struct CodeListing {
  std::string title;
  std::vector<CodeLine> lines;
};

// What a round runs, as tags: the anchor is the round's own step line; the context lines are its
// loop header and buffer swap (the registry's phase table).
struct RoundTagSet {
  std::string anchor;                // "load", "step", "up-step", "seed", "down-step", "convert"
  std::vector<std::string> context;  // "loop", "swap", "up-loop", "down-loop"
};
RoundTagSet RoundTags(Algorithm algorithm, const RoundSpec& spec);

// Indices into listing.lines that run in the round, sorted: the lines tagged with its anchor or
// one of its context tags (each phase's context has tags of its own: the conversion's buffer swap
// is `convert-swap`, not the scan's `swap`), and, after the last round, the `store`.
std::vector<int> HighlightedLines(const CodeListing& listing, Algorithm algorithm,
                                  const RoundSpec& spec, bool last_round);

// How many threads of the round ran each line of a step listing (StepListing), from the trace's
// actions: a line tagged `[does:add]` counts the threads whose action was an add, `[does:all]`
// every thread of the round; 0 for an untagged line.
std::vector<int> StepLineThreads(const CodeListing& step, const Round& round);

// Tags some round of `algorithm` needs that no line of the listing carries; empty when in sync.
std::vector<std::string> MissingTags(const CodeListing& listing, Algorithm algorithm);

}  // namespace scanviz::teach
