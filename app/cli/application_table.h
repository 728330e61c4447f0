// An application trace (core/applications/) as text for scanviz-cli: each pass's three steps, the
// arrays one column per element (the input, the flags, the scan, the destinations), what the
// scatter wrote, the result and the invariant that makes it right. Long arrays print their first
// and last columns around "…"; --json always holds every value.
#pragma once

#include <iosfwd>

#include "core/applications/applications.h"

namespace scanviz {

struct ApplicationTableOptions {
  int width = 100;      // wrap the columns into chunks that fit this many characters
  int max_values = 32;  // more elements than this: the first and last max_values / 2
};

void PrintApplicationTable(const ApplicationTrace& trace, std::ostream& out,
                           const ApplicationTableOptions& options = {});

// One line for `scanviz-cli check` and the CLI's closing note: what the check verified.
const char* ApplicationCheckSentence();

}  // namespace scanviz
