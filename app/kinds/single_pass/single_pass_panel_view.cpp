// The side panel's Narration for the single-pass timeline: the trace told in sentences
// (teach/single_pass_teach.h).
#include "kinds/single_pass/timeline_view.h"
#include "kinds/single_pass/single_pass_state.h"
#include "teach/single_pass_teach.h"
#include "views/views.h"

namespace scanviz {

void DrawSinglePassNarration(UiContext& ui) {
  const teach::SinglePassNarration n =
      teach::NarrateSinglePass(SinglePassOf(ui.app).model.Traced());
  DrawLargeParagraphs(ui, n.title, n.paragraphs);
}

}  // namespace scanviz
