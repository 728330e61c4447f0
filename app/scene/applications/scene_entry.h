// The scene's entry of each application (scene/applications/<name>.cpp), as core's
// ApplicationInfo is core's: what the applications view and its SVG draw and say that differs
// from one application to the next. application_scene.cpp, the SVG and the app's view ask these,
// never which application a trace is.
#pragma once

#include <string>
#include <vector>

#include "scene/application_scene.h"

namespace scanviz::application_scene {

struct SceneApplication {
  // Step 1's sentence after "step 1 · flag: " (`flagged`: the elements whose flag is not 0).
  std::string (*flag_sentence)(const ApplicationTrace& t, const ApplicationPass& p, int flagged);
  // The title over pass `pass`, and the note under it (PassLayout::title and note).
  void (*title)(const ApplicationTrace& t, const ApplicationPass& p, int pass, PassLayout* out);
  // Whether that title already names the pass (radix sort's): the step alone follows it.
  bool title_names_pass;
  // Split and radix sort: each element goes with the zeros or the ones of its bit (the bit row,
  // the two groups' colours).
  bool grouped;
  // Compaction: only the kept elements' scan values are destinations, lit in the scan row.
  bool scatters_flagged_only;
  // Step 3's rows (the output and its arrows, or the pool's slices) and its sentence; `input` is
  // the pass's input as shown.
  std::string (*scatter)(const ApplicationTrace& t, const ApplicationPass& p,
                         const std::vector<int>& dest, const std::vector<double>& input,
                         PassLayout* out);
  std::string (*result)(const ApplicationTrace& t);  // after the last pass: "5 of 8 kept"
  std::string (*status)(const ApplicationTrace& t);  // the status bar's: "3 zeros, 5 ones"
  const char* element_word;      // the Inspector's title: "value ", "key ", "size "
  const char* counted;           // what a scan value counts: "kept elements", "zeros"
  const char* destination_word;  // "destination", allocation's "offset"
  // Step 1 for one element (`x` its value as shown), and step 3: where it went and the check.
  std::string (*flag_line)(const ApplicationTrace& t, const ApplicationPass& p, int flag,
                           const std::string& x);
  void (*scatter_story)(const ApplicationTrace& t, const ApplicationPass& p, int i, int flag, int s,
                        ElementStory* out);
};

#define SCANVIZ_SCENE_APPLICATION_DECLARE(id, ns) extern const SceneApplication k_##ns##_scene;
SCANVIZ_FOR_EACH_APPLICATION(SCANVIZ_SCENE_APPLICATION_DECLARE)
#undef SCANVIZ_SCENE_APPLICATION_DECLARE

const SceneApplication& SceneOf(ApplicationKind application);

// What the entries share.
Row MakeRow(RowKind kind, std::string title, const std::vector<double>& values, ElementType type);
std::string Count(long long k, const char* one, const char* many);
// A radix sort's flipped key shown as the number it stands for; any other value as it is.
double Shown(const ApplicationTrace& t, double v);
std::string ShownValue(const ApplicationTrace& t, double v);
// The title of a one-pass application: its name, and the bit it splits on.
void NameTitle(const ApplicationTrace& t, const ApplicationPass& p, int pass, PassLayout* out);
// Step 3's output row with an arrow from each element to its destination.
void AddOutputRow(const ApplicationTrace& t, const ApplicationPass& p, const std::vector<int>& dest,
                  PassLayout* out);
// The result of a permutation: "8 elements sorted".
std::string Permuted(const ApplicationTrace& t);
// Split's pieces, which radix sort's passes share (split.cpp).
std::string SplitFlagSentence(const ApplicationTrace& t, const ApplicationPass& p, int flagged);
std::string SplitScatter(const ApplicationTrace& t, const ApplicationPass& p,
                         const std::vector<int>& dest, const std::vector<double>& input,
                         PassLayout* out);
std::string SplitFlagLine(const ApplicationTrace& t, const ApplicationPass& p, int flag,
                          const std::string& x);
void SplitScatterStory(const ApplicationTrace& t, const ApplicationPass& p, int i, int flag, int s,
                       ElementStory* out);

}  // namespace scanviz::application_scene
