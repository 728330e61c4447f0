#include "core/quote.h"

#include <cstdint>

namespace scanviz {
namespace {

constexpr char kHex[] = "0123456789abcdef";

// The code point of the UTF-8 sequence at text[i], and its length; length 0: not valid UTF-8
// (a stray continuation byte, a cut sequence, an overlong form, a surrogate, past U+10FFFF).
std::uint32_t DecodeUtf8(std::string_view text, std::size_t i, std::size_t* length) {
  const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
  const unsigned char b = byte(i);
  std::size_t n = 0;
  std::uint32_t cp = 0, least = 0;
  if (b >= 0xc2 && b <= 0xdf) {
    n = 2, cp = b & 0x1fu, least = 0x80;
  } else if (b >= 0xe0 && b <= 0xef) {
    n = 3, cp = b & 0x0fu, least = 0x800;
  } else if (b >= 0xf0 && b <= 0xf4) {
    n = 4, cp = b & 0x07u, least = 0x10000;
  }
  *length = 0;
  if (n == 0 || i + n > text.size()) return 0;
  for (std::size_t k = 1; k < n; ++k) {
    if ((byte(i + k) & 0xc0) != 0x80) return 0;
    cp = (cp << 6) | (byte(i + k) & 0x3fu);
  }
  if (cp < least || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return 0;
  *length = n;
  return cp;
}

// A code point a terminal or a text view would act on rather than show: the C1 controls (CSI is
// U+009B), the line and paragraph separators, and the bidirectional overrides that reorder what
// follows them on the line.
bool ActsOnText(std::uint32_t cp) {
  return (cp >= 0x80 && cp <= 0x9f) || cp == 0x2028 || cp == 0x2029 || cp == 0x200e ||
         cp == 0x200f || (cp >= 0x202a && cp <= 0x202e) || (cp >= 0x2066 && cp <= 0x2069);
}

std::string Escaped(unsigned char c) {
  switch (c) {
    case '\n':
      return "\\n";
    case '\r':
      return "\\r";
    case '\t':
      return "\\t";
    case '"':
      return "\\\"";
    case '\\':
      return "\\\\";
    default:
      return {'\\', 'x', kHex[c >> 4], kHex[c & 15]};
  }
}

std::string EscapedCodePoint(std::uint32_t cp) {
  std::string out = "\\u";
  for (int shift = 12; shift >= 0; shift -= 4) out += kHex[(cp >> shift) & 15];
  return out;
}

}  // namespace

std::string QuoteForMessage(std::string_view text, std::size_t max) {
  std::string out = "\"";
  std::size_t shown = 0;  // characters of the escaped text so far
  for (std::size_t i = 0; i < text.size();) {
    const unsigned char c = static_cast<unsigned char>(text[i]);
    std::string piece;
    std::size_t length = 1;
    if (c < 0x20 || c == 0x7f || c == '"' || c == '\\') {
      piece = Escaped(c);
    } else if (c < 0x80) {
      piece = std::string(1, static_cast<char>(c));
    } else {
      const std::uint32_t cp = DecodeUtf8(text, i, &length);
      if (length == 0) {
        piece = Escaped(c), length = 1;
      } else {
        piece = ActsOnText(cp) ? EscapedCodePoint(cp) : std::string(text.substr(i, length));
      }
    }
    // An escape counts as its characters; a UTF-8 character as one. Never cut inside either.
    const std::size_t width = piece[0] == '\\' ? piece.size() : 1;
    if (shown + width > max) {
      out += "…\"";
      return out;
    }
    out += piece;
    shown += width;
    i += length;
  }
  out += '"';
  return out;
}

}  // namespace scanviz
