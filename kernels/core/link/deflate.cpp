#include "core/link/deflate.h"

#include <zlib.h>

#include <algorithm>
#include <climits>

namespace scanviz::link {
namespace {

constexpr int kRawWindowBits = -15;  // raw DEFLATE: no zlib or gzip header
constexpr std::size_t kChunk = 16 * 1024;

Bytef* In(std::string_view s) {
  // zlib's next_in is not const in 1.2.13's API; it only reads.
  return reinterpret_cast<Bytef*>(const_cast<char*>(s.data()));
}

// The one line a stream that did not inflate gets, from how it stopped.
std::string InflateError(int rc, bool trailing, bool past_cap, std::size_t max_out,
                         const char* msg) {
  if (trailing) return "its compressed text has bytes after the end of the stream";
  if (past_cap) return "it expands past " + std::to_string(max_out / 1024) + " KiB";
  if (rc == Z_DATA_ERROR || rc == Z_NEED_DICT)
    return "its compressed text is damaged (" +
           std::string(msg != nullptr ? msg : "not valid DEFLATE") + ")";
  return "its compressed text is cut short (the stream does not end)";
}

}  // namespace

std::string Deflate(std::string_view data) {
  z_stream z{};
  if (deflateInit2(&z, 9, Z_DEFLATED, kRawWindowBits, 9, Z_DEFAULT_STRATEGY) != Z_OK) return {};
  std::string out(deflateBound(&z, static_cast<uLong>(data.size())), '\0');
  z.next_in = In(data);
  z.avail_in = static_cast<uInt>(data.size());
  z.next_out = reinterpret_cast<Bytef*>(out.data());
  z.avail_out = static_cast<uInt>(out.size());
  const int rc = deflate(&z, Z_FINISH);  // deflateBound leaves room for all of it in one call
  out.resize(rc == Z_STREAM_END ? z.total_out : 0);
  deflateEnd(&z);
  return out;
}

Inflated Inflate(std::string_view stream, std::size_t max_out) {
  Inflated result;
  if (stream.size() > UINT_MAX) {
    result.error = "its compressed text is too long";
    return result;
  }
  z_stream z{};
  if (inflateInit2(&z, kRawWindowBits) != Z_OK) {
    result.error = "the decompressor did not start";
    return result;
  }
  z.next_in = In(stream);
  z.avail_in = static_cast<uInt>(stream.size());
  std::string out;
  int rc = Z_OK;
  bool past_cap = false;
  while (rc == Z_OK) {
    // Room for one byte past the cap at most: a stream that fills it is too large, and a bomb
    // never makes more than that.
    const std::size_t had = out.size();
    const std::size_t room = std::min(kChunk, max_out + 1 - had);
    out.resize(had + room);
    z.next_out = reinterpret_cast<Bytef*>(out.data() + had);
    z.avail_out = static_cast<uInt>(room);
    rc = inflate(&z, Z_NO_FLUSH);
    out.resize(had + room - z.avail_out);
    past_cap = out.size() > max_out;
    if (past_cap) break;
    if (rc == Z_BUF_ERROR && z.avail_out != 0) break;  // no input left, the stream not ended
    if (rc == Z_BUF_ERROR) rc = Z_OK;                  // only out of room: go on
  }
  const bool trailing = rc == Z_STREAM_END && z.avail_in != 0;
  if (rc == Z_STREAM_END && !trailing && !past_cap)
    result.data = std::move(out);
  else
    result.error = InflateError(rc, trailing, past_cap, max_out, z.msg);
  inflateEnd(&z);
  return result;
}

}  // namespace scanviz::link
