// Fuzz target: the grid-sized trace files (multi-block grids, single-pass timelines, the
// applications, the scan across GPUs), as `scanviz-cli check` and the app's Open read them
// (ParseAnyTraceJson).
//
// Beyond "no crash, no leak, no undefined behaviour", a file the loader accepts must come back
// through the writer unchanged (written, reloaded and written again gives the same text), and the
// checks (CheckGrid, CheckSinglePass and its summary, CheckApplication) and the timeline's layout
// must run on it: a file that loads can still record a wrong scan, and the check says so.
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>
#include <string_view>

#include "core/any_trace_io.h"
#include "core/applications/application_io.h"
#include "core/applications/applications.h"
#include "core/grid/grid_io.h"
#include "core/multi_gpu/multi_gpu_io.h"
#include "fuzz/fuzz_check.h"
#include "scene/timeline.h"
#include "teach/multi_gpu_teach.h"

namespace {

constexpr const char* kTarget = "fuzz_grid";

template <class Write>
void RoundTrip(const std::string& written, Write&& write, const char* kind) {
  const scanviz::AnyTraceLoad again = scanviz::ParseAnyTraceJson(written);
  if (!again.Ok())
    scanviz::fuzz::Fail(kTarget, std::string("the loader rejects the ") + kind +
                                     " the writer wrote: " + again.error);
  if (write(again) != written)
    scanviz::fuzz::Fail(kTarget, std::string("the ") + kind + " changed in a round trip");
}

std::string SinglePassJson(const scanviz::SinglePassTrace& t) {
  std::ostringstream out;
  scanviz::WriteSinglePassJson(t, out);
  return out.str();
}

std::string MultiGpuJson(const scanviz::MultiGpuTrace& t) {
  std::ostringstream out;
  scanviz::WriteMultiGpuJson(t, out);
  return out.str();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace scanviz;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const AnyTraceLoad loaded = ParseAnyTraceJson(text);
  if (!loaded.Ok()) {
    if (loaded.error.empty()) fuzz::Fail(kTarget, "nothing loaded and no error");
    return 0;
  }
  if (loaded.grid) {
    (void)CheckGrid(*loaded.grid);
    RoundTrip(GridToJson(*loaded.grid), [](const AnyTraceLoad& a) {
      return a.grid ? GridToJson(*a.grid) : std::string();
    }, "grid");
  }
  if (loaded.single_pass) {
    (void)CheckSinglePass(*loaded.single_pass);
    (void)Summarize(*loaded.single_pass);
    const timeline::Layout layout = timeline::Build(*loaded.single_pass);
    (void)timeline::StatusAt(*loaded.single_pass, layout.span / 2);
    (void)timeline::Moments(*loaded.single_pass);
    RoundTrip(SinglePassJson(*loaded.single_pass), [](const AnyTraceLoad& a) {
      return a.single_pass ? SinglePassJson(*a.single_pass) : std::string();
    }, "single-pass trace");
  }
  if (loaded.multi_gpu) {
    // The check, the summary, the moments and each moment's narration, as the GPUs kind runs them.
    const MultiGpuTrace& t = *loaded.multi_gpu;
    (void)CheckMultiGpu(t);
    (void)Summarize(t);
    for (const std::int64_t moment : MultiGpuMoments(t)) (void)teach::NarrateMultiGpu(t, moment);
    RoundTrip(
        MultiGpuJson(t),
        [](const AnyTraceLoad& a) {
          return a.multi_gpu ? MultiGpuJson(*a.multi_gpu) : std::string();
        },
        "multi-gpu trace");
  }
  if (loaded.application) {
    (void)CheckApplication(*loaded.application);
    RoundTrip(
        ApplicationToJson(*loaded.application),
        [](const AnyTraceLoad& a) {
          return a.application ? ApplicationToJson(*a.application) : std::string();
        },
        "application");
  }
  return 0;
}
