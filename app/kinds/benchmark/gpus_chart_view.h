// The benchmark chart's "across GPUs" half (issue #36), drawn from gpus_chart.h's model: GB/s
// against n for each GPU count, both strategies, the faster one's bound and P x one GPU's e as
// references, and the speed-ups in words. Internal to the benchmark kind's view.
#pragma once

#include "views/views.h"

namespace scanviz {

// Whether the results' folder holds bench across GPUs' files and the chart shows them.
bool GpusBenchShown(UiContext& ui);
// With `controls`, and only where such files exist: the row that picks one GPU's chart or the
// chart across GPUs.
void DrawGpusToggle(UiContext& ui);
// The chart across GPUs below the title: its header, the GPU count's selector (with `controls`),
// the legend, the plot and the summary, and the files that did not read.
void DrawGpusBench(UiContext& ui, bool controls);

}  // namespace scanviz
