// Split in the applications view (scene/applications/scene_entry.h): the bit each element reads,
// the zeros and the ones in their groups, each element's arrow to its place. Radix sort's passes
// are splits and share these pieces (radix_sort.cpp).
#include "core/applications/split.h"
#include "scene/applications/scene_entry.h"

namespace scanviz::application_scene {

std::string SplitFlagSentence(const ApplicationTrace& t, const ApplicationPass& p, int flagged) {
  const int n = static_cast<int>(p.flags.size());
  std::string s = "step 1 · flag: ";
  s += "flags[i] = 1 - bit " + std::to_string(p.bit);
  s += t.sign_flipped ? " of the flipped key" : " of input[i]";
  s += " (1: it goes with the zeros): ";
  s += Count(flagged, "zero", "zeros");
  s += ", " + Count(n - flagged, "one", "ones");
  return s;
}

std::string SplitScatter(const ApplicationTrace& t, const ApplicationPass& p,
                         const std::vector<int>& dest, const std::vector<double>&,
                         PassLayout* out) {
  AddOutputRow(t, p, dest, out);
  return "total_zeros = " + std::to_string(out->total) + ": a zero goes to scan[i], a one to " +
         std::to_string(out->total) + " + i - scan[i]";
}

std::string SplitFlagLine(const ApplicationTrace&, const ApplicationPass& p, int flag,
                          const std::string& x) {
  const std::string bit = "bit " + std::to_string(p.bit);
  return bit + " of " + x + " is " + (flag ? "0" : "1") + ": flag " + std::to_string(flag) +
         (flag ? " (it goes with the zeros, first)" : " (it goes with the ones, after)");
}

void SplitScatterStory(const ApplicationTrace& t, const ApplicationPass& p, int i, int flag, int s,
                       ElementStory* out) {
  const int total = static_cast<int>(p.total);
  const std::vector<double>& o = p.output;
  const int d = applications::SplitDestination(flag, s, total, i);
  out->lines.push_back(flag ? "written to output[" + std::to_string(d) + "]: the zeros before it"
                            : "written to output[" + std::to_string(d) +
                                  "] = " + std::to_string(total) + " zeros + " + std::to_string(i) +
                                  " - " + std::to_string(s) + " ones before it");
  out->ok = d >= 0 && d < static_cast<int>(o.size()) &&
            o[static_cast<size_t>(d)] == p.input[static_cast<size_t>(i)];
  out->check = std::string(out->ok ? "✓" : "✗") + " stable: output[" + std::to_string(d) +
               "] holds " +
               (d >= 0 && d < static_cast<int>(o.size()) ? ShownValue(t, o[static_cast<size_t>(d)])
                                                         : "nothing");
}

namespace {

std::string ZerosAndOnes(const ApplicationTrace& t) {
  const long long n = t.N(), total = static_cast<long long>(t.total);
  return Count(total, "zero", "zeros") + ", " + Count(n - total, "one", "ones");
}

}  // namespace

const SceneApplication k_split_scene = {
    .flag_sentence = SplitFlagSentence,
    .title = NameTitle,
    .title_names_pass = false,
    .grouped = true,
    .scatters_flagged_only = false,
    .scatter = SplitScatter,
    .result = Permuted,
    .status = ZerosAndOnes,
    .element_word = "value ",
    .counted = "zeros",
    .destination_word = "destination",
    .flag_line = SplitFlagLine,
    .scatter_story = SplitScatterStory,
};

}  // namespace scanviz::application_scene
