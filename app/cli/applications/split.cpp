// Split in `scanviz-cli trace` (cli/applications/table_entry.h): --bit, each element's
// destination and the zeros' total. Radix sort's passes share these pieces (radix_sort.cpp).
#include <ostream>

#include "cli/applications/table_entry.h"
#include "core/analysis.h"
#include "core/applications/split.h"

namespace scanviz {
namespace application_table {

std::string SplitFlagStep(const ApplicationTrace& t, const ApplicationPass& p) {
  return "flag: flags[i] = 1 - bit " + std::to_string(p.bit) + " of " +
         (t.sign_flipped ? "the flipped key" : "x") + " (1: it goes with the zeros)";
}

Row SplitDestRow(const ApplicationTrace&, const ApplicationPass& p,
                 const std::vector<std::string>&) {
  std::vector<std::string> dest;
  const int n = static_cast<int>(p.input.size());
  for (int i = 0; i < n; ++i) {
    const auto u = static_cast<size_t>(i);
    dest.push_back(std::to_string(applications::SplitDestination(static_cast<int>(p.flags[u]),
                                                                 static_cast<int>(p.scan.output[u]),
                                                                 static_cast<int>(p.total), i)));
  }
  return {"dest", dest};
}

void SplitScatterStep(const ApplicationPass& p, const std::vector<std::string>& output,
                      std::ostream& out, const ApplicationTableOptions& o) {
  const std::string total = FormatValue(ElementType::kInt32, p.total);
  const std::string last = std::to_string(static_cast<int>(p.input.size()) - 1);
  out << "  total_zeros " << total << " = scan[" << last << "] + flags[" << last << "]\n";
  out << "step 3 · scatter: a zero goes to scan[i], a one to total_zeros + i - scan[i] = " << total
      << " + i - scan[i]\n";
  PrintList("output", Abbreviated(output, o), out, o);
}

}  // namespace application_table

namespace {

using namespace application_table;

std::string SetParams(const ApplicationCommandArgs& args, ApplicationRequest* request) {
  request->params.bit = args.bit;
  return {};
}

Row InputRow(const ApplicationTrace& t, const ApplicationPass& p) {
  return {"input", Cells(p.input, t.type)};
}

void ScatterStep(const ApplicationTrace& t, const ApplicationPass& p,
                 const std::vector<std::string>&, std::ostream& out,
                 const ApplicationTableOptions& o) {
  SplitScatterStep(p, Cells(p.output, t.type), out, o);
}

std::string Result(const ApplicationTrace& t) {
  const int ones = t.N() - static_cast<int>(t.total);  // the nouns follow the counts
  return FormatValue(ElementType::kInt32, t.total) + (t.total == 1 ? " zero" : " zeros") +
         " of bit " + std::to_string(t.params.bit) + " first, then " + std::to_string(ones) +
         (ones == 1 ? " one" : " ones") + ", each in input order";
}

}  // namespace

const CliApplication k_split_cli = {
    .set_params = SetParams,
    .keys = nullptr,
    .pass_header = nullptr,
    .flag_step = SplitFlagStep,
    .input_row = InputRow,
    .dest_row = SplitDestRow,
    .scan_label = "scan",
    .scatter_step = ScatterStep,
    .result = Result,
};

}  // namespace scanviz
