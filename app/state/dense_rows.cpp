#include "state/dense_rows.h"

#include <algorithm>
#include <cmath>

namespace scanviz {
namespace {

bool Same(const scene::Rgba& p, const scene::Rgba& q) {
  return p.r == q.r && p.g == q.g && p.b == q.b && p.a == q.a;
}

bool SameLook(const BoxInstance& a, const BoxInstance& b) {
  return Same(a.fill, b.fill) && Same(a.border, b.border) && a.style == b.style &&
         a.hatch == b.hatch && a.border_width == b.border_width;
}

}  // namespace

void DenseRows::Add(const BoxInstance& look, int priority, std::vector<BoxInstance>* out) {
  if (!m_row.empty() && (m_row.back().look.y != look.y || m_row.back().look.h != look.h))
    Flush(out);
  // Every pixel the cell touches (a thousandth of a pixel of rounding aside), so that a written
  // cell between two pixels shows in both rather than in neither.
  const float start = look.x / m_pixel, end = (look.x + look.w) / m_pixel;
  const long first = static_cast<long>(std::floor(start + 1e-3f));
  const long last = std::max(first + 1, static_cast<long>(std::ceil(end - 1e-3f)));
  for (long p = first; p < last; ++p) {
    if (!m_row.empty() && m_row.back().index >= p) {
      if (m_row.back().index == p && priority > m_row.back().priority)
        m_row.back() = {p, priority, look};
      continue;
    }
    m_row.push_back({p, priority, look});
  }
}

void DenseRows::Flush(std::vector<BoxInstance>* out) {
  for (size_t i = 0; i < m_row.size();) {
    size_t j = i + 1;
    while (j < m_row.size() && m_row[j].index == m_row[j - 1].index + 1 &&
           SameLook(m_row[j].look, m_row[i].look))
      ++j;
    BoxInstance run = m_row[i].look;
    run.x = static_cast<float>(m_row[i].index) * m_pixel;
    run.w = static_cast<float>(m_row[j - 1].index + 1 - m_row[i].index) * m_pixel;
    out->push_back(run);
    i = j;
  }
  m_row.clear();
}

}  // namespace scanviz
