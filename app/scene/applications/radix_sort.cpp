// Radix sort in the applications view (scene/applications/scene_entry.h): a split per pass
// (split.cpp's pieces) over the keys, under a title that names the pass and the sign flip.
#include "scene/applications/scene_entry.h"

namespace scanviz::application_scene {
namespace {

// The title over the pass, and the note about flipped keys.
void Title(const ApplicationTrace& t, const ApplicationPass& p, int pass, PassLayout* out) {
  out->title = "pass " + std::to_string(pass + 1) + " of " + std::to_string(out->pass_count) +
               " · bit " + std::to_string(p.bit) + ": a stable split of ";
  out->title += pass == 0 ? "the keys" : "the last pass's output";
  if (t.sign_flipped)
    out->note =
        "a key is negative, so every key's sign bit was flipped first (x XOR "
        "0x80000000): flipped, bit order is numeric order. Keys are shown as their "
        "numbers; the bits are the flipped keys'; the result flips them back";
}

std::string Passes(const ApplicationTrace& t) {
  return Count(static_cast<long long>(t.passes.size()), "pass", "passes");
}

}  // namespace

const SceneApplication k_radix_sort_scene = {
    .flag_sentence = SplitFlagSentence,
    .title = Title,
    .title_names_pass = true,
    .grouped = true,
    .scatters_flagged_only = false,
    .scatter = SplitScatter,
    .result = Permuted,
    .status = Passes,
    .element_word = "key ",
    .counted = "zeros",
    .destination_word = "destination",
    .flag_line = SplitFlagLine,
    .scatter_story = SplitScatterStory,
};

}  // namespace scanviz::application_scene
