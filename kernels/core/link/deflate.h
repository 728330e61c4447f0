// Raw DEFLATE (RFC 1951) for the share link's compact session text (core/link/share_text.h): a
// thin wrapper over zlib's raw streams (windowBits -15), level 9. The desktop links Debian's
// zlib1g; the web build compiles zlib from Debian's source package (scripts/fetch_sources.sh), so
// both write the same bytes. Links written by the old hand-written codec were raw DEFLATE too and
// still open.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace scanviz::link {

std::string Deflate(std::string_view data);

struct Inflated {
  std::optional<std::string> data;
  std::string
      error;  // one line: why the stream is not valid DEFLATE (truncated, damaged, too large)
};
// At most max_out bytes of output: a stream that expands past it is refused at the cap (a
// "bomb" never allocates more than max_out).
Inflated Inflate(std::string_view stream, std::size_t max_out);

}  // namespace scanviz::link
