// Raw DEFLATE (RFC 1951), small and self-contained, for the share link's compact session text
// (core/link/share_text.h). Deflate writes fixed-Huffman blocks with greedy LZ77 matches (or one
// stored block where that is shorter); Inflate reads stored, fixed and dynamic blocks, so text
// from zlib's raw deflate opens too. The web build has no zlib (emscripten's port downloads), and
// one codec on both builds makes the desktop's and the page's links the same.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace scanviz::link {

std::string Deflate(std::string_view data);

struct Inflated {
  std::optional<std::string> data;
  std::string error;  // why the stream is not valid DEFLATE (truncated, a bad code, too large)
};
// At most max_out bytes of output: a stream that expands past it is refused.
Inflated Inflate(std::string_view stream, std::size_t max_out);

}  // namespace scanviz::link
