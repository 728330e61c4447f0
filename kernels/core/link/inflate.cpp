// Inflate (core/link/deflate.h), after zlib's puff.c: canonical Huffman codes decoded a bit at a
// time from their counts per length, which is slow but small, and plenty for a link's kilobytes.
#include <array>
#include <cstdint>
#include <vector>

#include "core/link/deflate.h"
#include "core/link/deflate_tables.h"

namespace scanviz::link {
namespace {

constexpr int kMaxBits = 15;

struct Huffman {
  std::array<int, kMaxBits + 1> count{};
  std::vector<int> symbol;
};

// The canonical code from each symbol's length; false when it is over-subscribed.
bool Build(Huffman& h, const int* lengths, int n) {
  h.count.fill(0);
  for (int s = 0; s < n; ++s) ++h.count[lengths[s]];
  int left = 1;
  for (int len = 1; len <= kMaxBits; ++len) {
    left = left * 2 - h.count[len];
    if (left < 0) return false;
  }
  std::array<int, kMaxBits + 2> offs{};
  for (int len = 1; len < kMaxBits; ++len) offs[len + 1] = offs[len] + h.count[len];
  h.symbol.assign(n, 0);
  for (int s = 0; s < n; ++s)
    if (lengths[s] != 0) h.symbol[offs[lengths[s]]++] = s;
  return true;
}

class Reader {
 public:
  Reader(std::string_view in, std::size_t max_out) : m_in(in), m_max(max_out) {}
  std::string error;
  std::string out;

  // `count` bits, least significant first; sets the error past the end.
  int Bits(int count) {
    int v = 0;
    for (int i = 0; i < count; ++i) {
      if (m_pos >= m_in.size()) {
        Fail("the link is cut short");
        return 0;
      }
      v |= ((static_cast<unsigned char>(m_in[m_pos]) >> m_bit) & 1) << i;
      if (++m_bit == 8) {
        m_bit = 0;
        ++m_pos;
      }
    }
    return v;
  }
  int Decode(const Huffman& h) {
    int code = 0, first = 0, index = 0;
    for (int len = 1; len <= kMaxBits && error.empty(); ++len) {
      code |= Bits(1);
      const int count = h.count[len];
      if (code - count < first) return h.symbol[index + (code - first)];
      index += count;
      first = (first + count) << 1;
      code <<= 1;
    }
    Fail("a code the stream never defined");
    return -1;
  }
  // A stored block, after AlignToByte.
  bool Stored() {
    if (m_pos + 4 > m_in.size()) return Fail("the link is cut short");
    const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(m_in[m_pos + k]); };
    const unsigned len = byte(0) | (byte(1) << 8), nlen = byte(2) | (byte(3) << 8);
    if (len != (~nlen & 0xffffu)) return Fail("a stored block's length is damaged");
    m_pos += 4;
    if (m_pos + len > m_in.size()) return Fail("the link is cut short");
    if (out.size() + len > m_max) return Fail("the data is too large");
    out.append(m_in.substr(m_pos, len));
    m_pos += len;
    return true;
  }
  bool Codes(const Huffman& lit, const Huffman& dist) {
    for (;;) {
      const int s = Decode(lit);
      if (!error.empty()) return false;
      if (s < 256) {
        if (out.size() >= m_max) return Fail("the data is too large");
        out.push_back(static_cast<char>(s));
        continue;
      }
      if (s == 256) return true;
      const int li = s - 257;
      if (li >= 29) return Fail("a length code out of range");
      const std::size_t len = kLengthBase[li] + Bits(kLengthExtra[li]);
      const int di = Decode(dist);
      if (!error.empty()) return false;
      if (di >= 30) return Fail("a distance code out of range");
      const std::size_t d = kDistBase[di] + Bits(kDistExtra[di]);
      if (!error.empty()) return false;
      if (d > out.size()) return Fail("a distance before the start");
      if (out.size() + len > m_max) return Fail("the data is too large");
      for (std::size_t k = 0; k < len; ++k) out.push_back(out[out.size() - d]);
    }
  }
  void AlignToByte() {
    if (m_bit != 0) {
      m_bit = 0;
      ++m_pos;
    }
  }
  bool Fail(const std::string& why) {
    if (error.empty()) error = why;
    return false;
  }

 private:
  std::string_view m_in;
  std::size_t m_max;
  std::size_t m_pos = 0;
  int m_bit = 0;
};

bool Fixed(Reader& r) {
  std::array<int, 288> lit{};
  for (int s = 0; s < 288; ++s) lit[s] = s < 144 ? 8 : s < 256 ? 9 : s < 280 ? 7 : 8;
  std::array<int, 30> dist{};
  dist.fill(5);
  Huffman l, d;
  Build(l, lit.data(), 288);
  Build(d, dist.data(), 30);
  return r.Codes(l, d);
}

// A dynamic block's code lengths (RFC 1951 3.2.7), then its codes.
bool Dynamic(Reader& r) {
  const int nlen = r.Bits(5) + 257, ndist = r.Bits(5) + 1, ncode = r.Bits(4) + 4;
  if (nlen > 286 || ndist > 30) return r.Fail("a dynamic block's sizes are out of range");
  static constexpr std::array<int, 19> kOrder = {16, 17, 18, 0, 8,  7, 9,  6, 10, 5,
                                                 11, 4,  12, 3, 13, 2, 14, 1, 15};
  std::array<int, 320> lengths{};
  for (int i = 0; i < ncode; ++i) lengths[kOrder[i]] = r.Bits(3);
  Huffman lencode;
  if (!r.error.empty() || !Build(lencode, lengths.data(), 19))
    return r.Fail("a dynamic block's code lengths are damaged");
  lengths.fill(0);
  for (int i = 0; i < nlen + ndist;) {
    int s = r.Decode(lencode);
    if (!r.error.empty()) return false;
    if (s < 16) {
      lengths[i++] = s;
      continue;
    }
    int value = 0, repeat = 0;
    if (s == 16) {
      if (i == 0) return r.Fail("a repeat with nothing before it");
      value = lengths[i - 1];
      repeat = 3 + r.Bits(2);
    } else {
      repeat = s == 17 ? 3 + r.Bits(3) : 11 + r.Bits(7);
    }
    if (i + repeat > nlen + ndist) return r.Fail("a repeat past the code lengths");
    while (repeat-- > 0) lengths[i++] = value;
  }
  Huffman l, d;
  if (!Build(l, lengths.data(), nlen) || !Build(d, lengths.data() + nlen, ndist))
    return r.Fail("a dynamic block's codes are damaged");
  return r.Codes(l, d);
}

}  // namespace

Inflated Inflate(std::string_view stream, std::size_t max_out) {
  Reader r(stream, max_out);
  int last = 0;
  do {
    last = r.Bits(1);
    const int type = r.Bits(2);
    if (!r.error.empty()) break;
    if (type == 0) {
      r.AlignToByte();
      r.Stored();
    } else if (type == 1) {
      Fixed(r);
    } else if (type == 2) {
      Dynamic(r);
    } else {
      r.Fail("a block of an unknown type");
    }
  } while (!last && r.error.empty());
  Inflated out;
  if (r.error.empty()) {
    out.data = std::move(r.out);
  } else {
    out.error = std::move(r.error);
  }
  return out;
}

}  // namespace scanviz::link
