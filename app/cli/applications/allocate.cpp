// Parallel allocation in `scanviz-cli trace` (cli/applications/table_entry.h): the sizes, the
// offsets, each thread's slice and the pool.
#include <ostream>

#include "cli/applications/table_entry.h"
#include "core/analysis.h"

namespace scanviz {
namespace {

using namespace application_table;

std::string NoParams(const ApplicationCommandArgs&, ApplicationRequest*) {
  return {};
}

std::string FlagStep(const ApplicationTrace&, const ApplicationPass&) {
  return "sizes: thread i asks for sizes[i] = input[i] cells";
}

void FillStep(const ApplicationTrace& t, const ApplicationPass& p,
              const std::vector<std::string>& scan, std::ostream& out,
              const ApplicationTableOptions& o) {
  const int n = static_cast<int>(p.input.size());
  const std::string last = std::to_string(n - 1);
  out << "  total " << FormatValue(ElementType::kInt32, p.total) << " = offsets[" << last
      << "] + sizes[" << last << "]: the pool's size\n";
  out << "step 3 · fill: thread i owns [offsets[i], offsets[i] + sizes[i]) and writes i into "
         "it\n";
  std::vector<std::string> slices;
  for (int i = 0; i < n; ++i) {
    const auto u = static_cast<size_t>(i);
    slices.push_back(std::to_string(i) + ":[" + scan[u] + "," +
                     FormatValue(ElementType::kInt32, p.scan.output[u] + p.flags[u]) + ")");
  }
  PrintList("slices", Abbreviated(slices, o), out, o);
  PrintList("pool  ", Abbreviated(Cells(p.output, t.type), o), out, o, "(no cells)");
}

std::string Result(const ApplicationTrace& t) {
  // "a pool of 1 cell for 1 thread": the nouns follow the counts.
  return "a pool of " + FormatValue(ElementType::kInt32, t.total) +
         (t.total == 1 ? " cell for " : " cells for ") + std::to_string(t.N()) +
         (t.N() == 1 ? " thread" : " threads");
}

}  // namespace

const CliApplication k_allocate_cli = {
    .set_params = NoParams,
    .keys = nullptr,
    .pass_header = nullptr,
    .flag_step = FlagStep,
    .input_row = nullptr,
    .dest_row = nullptr,
    .scan_label = "offsets",
    .scatter_step = FillStep,
    .result = Result,
};

}  // namespace scanviz
