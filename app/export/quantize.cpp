#include "export/quantize.h"

#include <algorithm>
#include <unordered_map>
#include <utility>

namespace scanviz::exports {

namespace {

int Distance2(std::uint32_t a, std::uint32_t b) {
  const int dr = static_cast<int>((a >> 16) & 0xFF) - static_cast<int>((b >> 16) & 0xFF);
  const int dg = static_cast<int>((a >> 8) & 0xFF) - static_cast<int>((b >> 8) & 0xFF);
  const int db = static_cast<int>(a & 0xFF) - static_cast<int>(b & 0xFF);
  return dr * dr + dg * dg + db * db;
}

// Only this many of the most frequent colours compete for the palette: a figure has far fewer;
// a photograph would otherwise cost (distinct colours x palette) comparisons per pass.
constexpr size_t kMaxCandidates = 8192;

}  // namespace

IndexedImage Quantize(const RgbaImage& image, int x, int y, int w, int h, int max_colors) {
  max_colors = std::clamp(max_colors, 2, 256);
  IndexedImage out;
  out.width = w;
  out.height = h;
  std::unordered_map<std::uint32_t, std::uint32_t> counts;
  for (int row = y; row < y + h; ++row)
    for (int col = x; col < x + w; ++col) ++counts[image.Rgb(col, row)];

  // Most frequent first; equal counts by colour, so the same picture gives the same palette.
  std::vector<std::pair<std::uint32_t, std::uint32_t>> by_count(counts.begin(), counts.end());
  std::sort(by_count.begin(), by_count.end(), [](const auto& a, const auto& b) {
    return a.second != b.second ? a.second > b.second : a.first < b.first;
  });

  std::unordered_map<std::uint32_t, std::uint8_t> index_of;
  if (by_count.size() <= static_cast<size_t>(max_colors)) {
    for (const auto& [rgb, count] : by_count) {
      index_of[rgb] = static_cast<std::uint8_t>(out.palette.size());
      out.palette.push_back(rgb);
    }
  } else {
    if (by_count.size() > kMaxCandidates) by_count.resize(kMaxCandidates);
    std::vector<bool> taken(by_count.size(), false);
    // Spread the palette: a colour joins when it is at least `apart` from every chosen one, the
    // distance halving each pass; the last pass (0) fills what room is left by frequency.
    for (int apart : {48, 24, 12, 6, 3, 0}) {
      for (size_t i = 0;
           i < by_count.size() && out.palette.size() < static_cast<size_t>(max_colors); ++i) {
        if (taken[i]) continue;
        const std::uint32_t c = by_count[i].first;
        bool far = true;
        for (std::uint32_t p : out.palette) {
          if (Distance2(c, p) < apart * apart) {
            far = false;
            break;
          }
        }
        if (!far) continue;
        taken[i] = true;
        out.palette.push_back(c);
      }
    }
    for (const auto& [rgb, count] : counts) {
      size_t best = 0;
      int best_d = Distance2(rgb, out.palette[0]);
      for (size_t i = 1; i < out.palette.size() && best_d > 0; ++i) {
        const int d = Distance2(rgb, out.palette[i]);
        if (d < best_d) {
          best_d = d;
          best = i;
        }
      }
      index_of[rgb] = static_cast<std::uint8_t>(best);
    }
  }

  out.indices.resize(static_cast<size_t>(w) * static_cast<size_t>(h));
  size_t k = 0;
  for (int row = y; row < y + h; ++row)
    for (int col = x; col < x + w; ++col) out.indices[k++] = index_of[image.Rgb(col, row)];
  return out;
}

}  // namespace scanviz::exports
