// The code panel's real source: kernels/cuda/trace_kernels.cu, embedded at build time (see
// CMakeLists.txt), cut at its `// [kernel:NAME]` ... `// [/kernel:NAME]` markers.
//
// The text is what the CUDA build compiled from the same commit, so the panel shows the code that
// produced the trace rather than a copy that could fall behind.
#pragma once

#include <string_view>

#include "core/trace.h"
#include "teach/code_listing.h"

namespace scanviz::teach {

inline constexpr std::string_view kKernelFilePath = "kernels/cuda/trace_kernels.cu";

// The whole embedded kernel file.
std::string_view KernelFileText();

// The lines of the algorithm's kernel in KernelFileText(), markers excluded, `// [line:...]` tags
// moved from the text into CodeLine::tags. Empty lines() if the markers are missing.
CodeListing KernelListing(Algorithm algorithm);

// The same cut applied to any text (for tests and for a kernel file loaded at run time).
CodeListing ParseKernelListing(std::string_view file_text, Algorithm algorithm);

}  // namespace scanviz::teach
