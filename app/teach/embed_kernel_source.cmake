# Writes OUTPUT, a C++ file holding the bytes of INPUT (the CUDA kernels) as an array, for the code
# panel. Hex bytes rather than a raw string literal: no delimiter can clash with the source text.
# Usage: cmake -DINPUT=<file> -DOUTPUT=<file.cpp> -P embed_kernel_source.cmake
file(READ ${INPUT} hex HEX)
string(LENGTH "${hex}" hex_length)
math(EXPR size "${hex_length} / 2")
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," bytes "${hex}")
# One line per 32 bytes keeps the generated file readable in a diff or an editor.
string(REGEX REPLACE "((0x[0-9a-f][0-9a-f],){32})" "\\1\n    " bytes "${bytes}")
file(WRITE ${OUTPUT}.tmp
"// Generated from kernels/cuda/trace_kernels.cu by app/teach/embed_kernel_source.cmake.
// Do not edit: the build regenerates it whenever the kernels change.
#include <cstddef>

namespace scanviz::teach::detail {
extern const unsigned char kKernelFileBytes[];
extern const std::size_t kKernelFileSize;
const unsigned char kKernelFileBytes[] = {
    ${bytes}0x00};
const std::size_t kKernelFileSize = ${size};
}  // namespace scanviz::teach::detail
")
# Only touch OUTPUT when the text changed, so an unrelated reconfigure recompiles nothing.
file(COPY_FILE ${OUTPUT}.tmp ${OUTPUT} ONLY_IF_DIFFERENT)
file(REMOVE ${OUTPUT}.tmp)
