// The code panel's real source: each algorithm's driver (kernels/core/algorithms/<name>.h, the
// round loop that the CUDA kernel, the simulator and the performance lab all run), embedded at
// build time and cut at its `// [kernel:KEY]` ... `// [/kernel:KEY]` markers.
//
// The text is what the build compiled from the same commit, so the panel shows the code that
// produced the trace rather than a copy that could fall behind.
#pragma once

#include <cstddef>
#include <span>
#include <string>
#include <string_view>

#include "core/trace.h"
#include "teach/code_listing.h"

namespace scanviz::teach {

struct EmbeddedFile {
  const char* path;  // relative to the source tree: "kernels/core/algorithms/blelloch.h"
  const unsigned char* bytes;
  std::size_t size;
  std::string_view Text() const {
    return std::string_view(reinterpret_cast<const char*>(bytes), size);
  }
};

// Every embedded driver file.
std::span<const EmbeddedFile> KernelFiles();

// The embedded file that holds the algorithm's driver (the one with its markers), or null.
const EmbeddedFile* KernelFile(Algorithm algorithm);

// The lines of the algorithm's driver, markers excluded, `// [line:...]` tags moved from the text
// into CodeLine::tags. Empty lines() if the markers are missing.
CodeListing KernelListing(Algorithm algorithm);

// The step function the round runs, as the code panel shows it beside the round loop: the first
// `NameStep(` called on a line of `kernel` tagged with the round's anchor (ScanStep, UpSweepStep,
// LoadStep, ...), cut from the embedded file that defines it (its `template` line to its closing
// brace), `// [does:...]` tags moved into CodeLine::does. Empty when the anchor calls no step
// function (the warp-shuffle scan's load is one statement in the loop).
CodeListing StepListing(const CodeListing& kernel, Algorithm algorithm, const RoundSpec& spec);

// The step function `name`, cut from `file_text` (for tests); empty if it is not defined there.
CodeListing ParseStepFunction(std::string_view file_text, std::string_view name,
                              std::string_view path = {});

// The lines between `// [kernel:KEY]` and `// [/kernel:KEY]` in `file_text`, tags moved as for
// a driver; empty lines() if the markers are missing.
CodeListing ParseMarkedListing(std::string_view file_text, std::string_view key, std::string title);
// The same cut from whichever embedded file holds the markers (the multi-block scan's grid loop,
// key "multi-block", in kernels/core/grid/multi_block.h), titled with its path.
CodeListing MarkedListing(std::string_view key);

// The same cut applied to any text (for tests and for a file loaded at run time).
CodeListing ParseKernelListing(std::string_view file_text, Algorithm algorithm,
                               std::string_view path = {});

}  // namespace scanviz::teach
