// The scene's application registry, in SCANVIZ_FOR_EACH_APPLICATION's order, and what the entries
// share (scene/applications/scene_entry.h).
#include "scene/applications/scene_entry.h"

#include <cstdint>
#include <iterator>

#include "core/analysis.h"
#include "core/applications/radix_sort.h"

namespace scanviz::application_scene {
namespace {

#define SCANVIZ_SCENE_APPLICATION_POINTER(id, ns) &k_##ns##_scene,
const SceneApplication* const kAll[] = {
    SCANVIZ_FOR_EACH_APPLICATION(SCANVIZ_SCENE_APPLICATION_POINTER)};
#undef SCANVIZ_SCENE_APPLICATION_POINTER

}  // namespace

const SceneApplication& SceneOf(ApplicationKind application) {
  const auto i = static_cast<size_t>(application);
  return *kAll[i < std::size(kAll) ? i : 0];
}

Row MakeRow(RowKind kind, std::string title, const std::vector<double>& values, ElementType type) {
  Row r{kind, std::move(title), values, {}, std::vector<char>(values.size(), 0)};
  r.text.reserve(values.size());
  for (double v : values) r.text.push_back(FormatValue(type, v));
  return r;
}

std::string Count(long long k, const char* one, const char* many) {
  std::string s = std::to_string(k);
  s += ' ';
  s += k == 1 ? one : many;
  return s;
}

// A radix sort's pass works on flipped keys when a key was negative: shown as the numbers they
// stand for (flipped back); the bits are the flipped key's.
double Shown(const ApplicationTrace& t, double v) {
  if (!Info(t.application).keyed || !t.sign_flipped) return v;
  return applications::FlipSignBit(static_cast<std::int32_t>(v));
}

std::string ShownValue(const ApplicationTrace& t, double v) {
  return FormatValue(t.type, Shown(t, v));
}

void NameTitle(const ApplicationTrace& t, const ApplicationPass& p, int, PassLayout* out) {
  out->title = Info(t.application).name;
  if (p.bit >= 0) out->title += " on bit " + std::to_string(p.bit);
}

void AddOutputRow(const ApplicationTrace& t, const ApplicationPass& p, const std::vector<int>& dest,
                  PassLayout* out) {
  const int n = out->n;
  std::vector<double> output;
  output.reserve(p.output.size());
  for (double v : p.output) output.push_back(Shown(t, v));
  out->rows.push_back(MakeRow(RowKind::kOutput, Info(t.application).output_name, output, t.type));
  Row& o = out->rows.back();
  for (int i = 0; i < n; ++i) {
    const int d = dest[static_cast<size_t>(i)];
    if (d < 0 || d >= static_cast<int>(o.lit.size())) continue;
    out->arrows.push_back({i, d, p.flags[static_cast<size_t>(i)] != 0});
    o.lit[static_cast<size_t>(d)] = 1;
  }
}

std::string Permuted(const ApplicationTrace& t) {
  return Count(static_cast<long long>(t.output.size()), "element", "elements") + " " +
         Info(t.application).output_name;
}

}  // namespace scanviz::application_scene
