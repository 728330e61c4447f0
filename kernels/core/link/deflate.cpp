#include "core/link/deflate.h"

#include <array>
#include <cstdint>
#include <vector>

#include "core/link/deflate_tables.h"

namespace scanviz::link {
namespace {

// [SECTION] Writing: bits least significant first; Huffman codes most significant first

class BitWriter {
 public:
  void Bits(std::uint32_t value, int count) {
    for (int i = 0; i < count; ++i) Bit((value >> i) & 1u);
  }
  void Code(std::uint32_t code, int length) {
    for (int i = length - 1; i >= 0; --i) Bit((code >> i) & 1u);
  }
  void AlignToByte() {
    while (m_used != 0) Bit(0);
  }
  std::string Take() {
    AlignToByte();
    return std::move(m_out);
  }

 private:
  void Bit(std::uint32_t b) {
    if (m_used == 0) m_out.push_back(0);
    m_out.back() = static_cast<char>(static_cast<unsigned char>(m_out.back()) | (b << m_used));
    m_used = (m_used + 1) % 8;
  }
  std::string m_out;
  int m_used = 0;
};

// A literal/length symbol in the fixed code.
void FixedSymbol(BitWriter& w, int symbol) {
  if (symbol < 144) {
    w.Code(0x30 + symbol, 8);
  } else if (symbol < 256) {
    w.Code(0x190 + symbol - 144, 9);
  } else if (symbol < 280) {
    w.Code(symbol - 256, 7);
  } else {
    w.Code(0xc0 + symbol - 280, 8);
  }
}

void FixedMatch(BitWriter& w, int length, int distance) {
  int li = 28;
  while (kLengthBase[li] > length) --li;
  FixedSymbol(w, 257 + li);
  w.Bits(length - kLengthBase[li], kLengthExtra[li]);
  int di = 29;
  while (kDistBase[di] > distance) --di;
  w.Code(di, 5);
  w.Bits(distance - kDistBase[di], kDistExtra[di]);
}

constexpr std::size_t kWindow = 32768;
constexpr int kMinMatch = 3, kMaxMatch = 258, kChain = 64;

std::uint32_t Hash3(std::string_view d, std::size_t i) {
  const auto b = [&](std::size_t k) {
    return static_cast<std::uint32_t>(static_cast<unsigned char>(d[k]));
  };
  return ((b(i) << 10) ^ (b(i + 1) << 5) ^ b(i + 2)) & 0x7fff;
}

// One fixed-Huffman block: greedy matches found through a hash chain of the last 32 KiB.
std::string FixedBlock(std::string_view d) {
  BitWriter w;
  w.Bits(1, 1);  // the last block
  w.Bits(1, 2);  // fixed Huffman
  std::vector<int> head(1 << 15, -1), prev(d.size(), -1);
  std::size_t i = 0;
  auto insert = [&](std::size_t k) {
    if (k + 2 >= d.size()) return;
    const std::uint32_t h = Hash3(d, k);
    prev[k] = head[h];
    head[h] = static_cast<int>(k);
  };
  while (i < d.size()) {
    int best = 0, best_dist = 0;
    if (i + kMinMatch <= d.size()) {
      int cand = head[Hash3(d, i)];
      for (int n = 0; cand >= 0 && n < kChain && i - cand <= kWindow; ++n, cand = prev[cand]) {
        int len = 0;
        const int most = static_cast<int>(std::min<std::size_t>(kMaxMatch, d.size() - i));
        while (len < most && d[cand + len] == d[i + len]) ++len;
        if (len > best) {
          best = len;
          best_dist = static_cast<int>(i - cand);
        }
      }
    }
    if (best >= kMinMatch) {
      FixedMatch(w, best, best_dist);
      for (int k = 0; k < best; ++k) insert(i + k);
      i += static_cast<std::size_t>(best);
    } else {
      FixedSymbol(w, static_cast<unsigned char>(d[i]));
      insert(i);
      ++i;
    }
  }
  FixedSymbol(w, 256);
  return w.Take();
}

// Stored blocks of at most 65535 bytes each.
std::string StoredBlocks(std::string_view d) {
  std::string out;
  std::size_t i = 0;
  do {
    const std::size_t n = std::min<std::size_t>(65535, d.size() - i);
    const bool last = i + n == d.size();
    out.push_back(last ? 1 : 0);  // BFINAL, BTYPE 00, then aligned to the byte
    out.push_back(static_cast<char>(n & 0xff));
    out.push_back(static_cast<char>(n >> 8));
    out.push_back(static_cast<char>(~n & 0xff));
    out.push_back(static_cast<char>((~n >> 8) & 0xff));
    out.append(d.substr(i, n));
    i += n;
  } while (i < d.size());
  return out;
}

}  // namespace

std::string Deflate(std::string_view data) {
  std::string fixed = FixedBlock(data);
  std::string stored = StoredBlocks(data);
  return fixed.size() <= stored.size() ? fixed : stored;
}

}  // namespace scanviz::link
