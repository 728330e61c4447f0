// Stream compaction in the applications view (scene/applications/scene_entry.h): the kept
// elements lit, each one's arrow to its place, and the sentences that say so.
#include "core/analysis.h"
#include "scene/applications/scene_entry.h"

namespace scanviz::application_scene {
namespace {

std::string FlagSentence(const ApplicationTrace& t, const ApplicationPass& p, int flagged) {
  const int n = static_cast<int>(p.flags.size());
  std::string s = "step 1 · flag: ";
  s += "flags[i] = 1 if --keep ";
  s += ToString(t.params.keep, t.type);
  s += " keeps input[i]: ";
  s += Count(flagged, "element", "elements");
  s += " of " + std::to_string(n) + " kept";
  return s;
}

// The output row, and the first kept element that moves: its scan value counts the kept ones
// before it.
std::string Scatter(const ApplicationTrace& t, const ApplicationPass& p,
                    const std::vector<int>& dest, const std::vector<double>& input,
                    PassLayout* out) {
  AddOutputRow(t, p, dest, out);
  std::string s = "Output length " + std::to_string(out->total) + " of " + std::to_string(out->n);
  for (const Arrow& a : out->arrows) {
    if (a.to == a.from) continue;
    s += "; e.g. input[" + std::to_string(a.from) + "] (" +
         FormatValue(t.type, input[static_cast<size_t>(a.from)]) + ") has scan " +
         std::to_string(a.to) + ", so it goes to output[" + std::to_string(a.to) + "]";
    break;
  }
  return s;
}

std::string Kept(const ApplicationTrace& t) {
  return std::to_string(static_cast<long long>(t.total)) + " of " + std::to_string(t.N()) + " kept";
}

std::string FlagLine(const ApplicationTrace& t, const ApplicationPass&, int flag,
                     const std::string& x) {
  return std::string("flag ") + (flag ? "1: " : "0: ") + "--keep " +
         ToString(t.params.keep, t.type) + (flag ? " keeps " : " drops ") + x;
}

void ScatterStory(const ApplicationTrace& t, const ApplicationPass& p, int i, int flag, int s,
                  ElementStory* out) {
  const std::vector<double>& o = p.output;
  if (!flag) {
    out->lines.push_back("not written: its flag is 0");
    return;
  }
  out->lines.push_back("written to output[" + std::to_string(s) + "]");
  out->ok = s >= 0 && s < static_cast<int>(o.size()) &&
            o[static_cast<size_t>(s)] == p.input[static_cast<size_t>(i)];
  out->check =
      std::string(out->ok ? "✓" : "✗") + " a kept element's exclusive scan is its " +
      "destination: output[" + std::to_string(s) + "] holds " +
      (s < static_cast<int>(o.size()) ? ShownValue(t, o[static_cast<size_t>(s)]) : "nothing");
}

}  // namespace

const SceneApplication k_compact_scene = {
    .flag_sentence = FlagSentence,
    .title = NameTitle,
    .title_names_pass = false,
    .grouped = false,
    .scatters_flagged_only = true,
    .scatter = Scatter,
    .result = Kept,
    .status = Kept,
    .element_word = "value ",
    .counted = "kept elements",
    .destination_word = "destination",
    .flag_line = FlagLine,
    .scatter_story = ScatterStory,
};

}  // namespace scanviz::application_scene
