# Writes OUTPUT, a C++ file holding the bytes of each file in INPUTS (the algorithms' drivers, the
# code every backend runs) as arrays, with their paths relative to ROOT, for the code panel. Hex
# bytes rather than raw string literals: no delimiter can clash with the source text.
# Usage: cmake -DINPUTS=<a.h;b.h> -DROOT=<source dir> -DOUTPUT=<file.cpp> -P embed_kernel_source.cmake
set(arrays "")
set(table "")
set(index 0)
foreach(input IN LISTS INPUTS)
  file(READ ${input} hex HEX)
  string(LENGTH "${hex}" hex_length)
  math(EXPR size "${hex_length} / 2")
  string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," bytes "${hex}")
  # One line per 32 bytes keeps the generated file readable in a diff or an editor.
  string(REGEX REPLACE "((0x[0-9a-f][0-9a-f],){32})" "\\1\n    " bytes "${bytes}")
  file(RELATIVE_PATH path ${ROOT} ${input})
  string(APPEND arrays "const unsigned char kFile${index}[] = {\n    ${bytes}0x00};\n")
  string(APPEND table "    {\"${path}\", kFile${index}, ${size}},\n")
  math(EXPR index "${index} + 1")
endforeach()
file(WRITE ${OUTPUT}.tmp
"// Generated from the algorithms' drivers by app/teach/embed_kernel_source.cmake.
// Do not edit: the build regenerates it whenever a driver changes.
#include \"teach/kernel_source.h\"

namespace scanviz::teach::detail {
namespace {
${arrays}}  // namespace
extern const EmbeddedFile kKernelFiles[];
extern const std::size_t kKernelFileCount;
const EmbeddedFile kKernelFiles[] = {
${table}};
const std::size_t kKernelFileCount = ${index};
}  // namespace scanviz::teach::detail
")
# Only touch OUTPUT when the text changed, so an unrelated reconfigure recompiles nothing.
file(COPY_FILE ${OUTPUT}.tmp ${OUTPUT} ONLY_IF_DIFFERENT)
file(REMOVE ${OUTPUT}.tmp)
