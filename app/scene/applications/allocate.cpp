// Parallel allocation in the applications view (scene/applications/scene_entry.h): the sizes, the
// offsets, and each thread's slice of the pool.
#include "scene/applications/scene_entry.h"

namespace scanviz::application_scene {
namespace {

std::string FlagSentence(const ApplicationTrace&, const ApplicationPass&, int) {
  return "step 1 · flag: sizes[i] = input[i], the cells thread i asks for";
}

// Step 3: each thread's slice of the pool, and the sentence about it.
std::string Pool(const ApplicationTrace&, const ApplicationPass& p, const std::vector<int>& dest,
                 const std::vector<double>&, PassLayout* out) {
  const int n = out->n;
  out->pool = out->total;
  for (int i = 0; i < n; ++i) {
    const int size = static_cast<int>(p.flags[static_cast<size_t>(i)]);
    out->slices.push_back({i, dest[static_cast<size_t>(i)], dest[static_cast<size_t>(i)] + size});
  }
  std::vector<double> owners;
  owners.reserve(out->slices.size());
  for (const Slice& sl : out->slices) owners.push_back(sl.thread);
  Row pool = MakeRow(RowKind::kPool, "pool", owners, ElementType::kInt32);
  for (size_t i = 0; i < pool.lit.size(); ++i)
    pool.lit[i] = out->slices[i].end > out->slices[i].begin ? 1 : 0;
  out->rows.push_back(std::move(pool));
  std::string s = "Pool: " + Count(out->pool, "cell", "cells");
  if (n > 0) {
    const Slice& last = out->slices.back();
    s += "; thread " + std::to_string(last.thread) + " owns [" + std::to_string(last.begin) + ", " +
         std::to_string(last.end) + ")";
  }
  return s;
}

std::string PoolSize(const ApplicationTrace& t) {
  return "a pool of " + Count(static_cast<long long>(t.total), "cell", "cells");
}

std::string FlagLine(const ApplicationTrace&, const ApplicationPass&, int flag,
                     const std::string& x) {
  return "asks for " + x + (flag == 1 ? " cell" : " cells");
}

void ScatterStory(const ApplicationTrace&, const ApplicationPass& p, int i, int flag, int s,
                  ElementStory* out) {
  const std::vector<double>& o = p.output;
  out->lines.push_back("owns pool cells [" + std::to_string(s) + ", " + std::to_string(s + flag) +
                       ")");
  bool ok = s >= 0 && s + flag <= static_cast<int>(o.size());
  for (int c = s; ok && c < s + flag; ++c) ok = o[static_cast<size_t>(c)] == i;
  out->ok = ok;
  out->check =
      std::string(ok ? "✓" : "✗") + " its offset is the sizes before it: " +
      (flag == 0 ? "an empty slice at " + std::to_string(s)
                 : "cells " + std::to_string(s) + ".." + std::to_string(s + flag - 1) +
                       (ok ? " are thread " : " are not all thread ") + std::to_string(i) + "'s");
}

}  // namespace

const SceneApplication k_allocate_scene = {
    .flag_sentence = FlagSentence,
    .title = NameTitle,
    .title_names_pass = false,
    .grouped = false,
    .scatters_flagged_only = false,
    .scatter = Pool,
    .result = PoolSize,
    .status = PoolSize,
    .element_word = "size ",
    .counted = "cells asked for",
    .destination_word = "offset",
    .flag_line = FlagLine,
    .scatter_story = ScatterStory,
};

}  // namespace scanviz::application_scene
