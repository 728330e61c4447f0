// Stream compaction in `scanviz-cli trace` (cli/applications/table_entry.h): --keep, and each kept
// element's destination.
#include <ostream>

#include "cli/applications/table_entry.h"
#include "core/analysis.h"

namespace scanviz {
namespace {

using namespace application_table;

std::string SetParams(const ApplicationCommandArgs& args, ApplicationRequest* request) {
  return ParseKeep(args.keep_given ? args.keep : "nonzero", request->type, &request->params.keep);
}

std::string FlagStep(const ApplicationTrace& t, const ApplicationPass&) {
  return "flag: flags[i] = 1 if --keep " + ToString(t.params.keep, t.type) + " keeps input[i]";
}

Row InputRow(const ApplicationTrace& t, const ApplicationPass& p) {
  return {"input", Cells(p.input, t.type)};
}

Row DestRow(const ApplicationTrace&, const ApplicationPass& p,
            const std::vector<std::string>& scan) {
  std::vector<std::string> dest;
  for (size_t i = 0; i < p.input.size(); ++i) dest.push_back(p.flags[i] != 0 ? scan[i] : "·");
  return {"dest", dest};
}

void ScatterStep(const ApplicationTrace& t, const ApplicationPass& p,
                 const std::vector<std::string>&, std::ostream& out,
                 const ApplicationTableOptions& o) {
  const std::string last = std::to_string(static_cast<int>(p.input.size()) - 1);
  out << "  total " << FormatValue(ElementType::kInt32, p.total) << " = scan[" << last
      << "] + flags[" << last << "]: the kept count\n";
  out << "step 3 · scatter: a kept element i writes itself to output[scan[i]]\n";
  PrintList("output", Abbreviated(Cells(p.output, t.type), o), out, o, "(nothing kept)");
}

std::string Result(const ApplicationTrace& t) {
  return FormatValue(ElementType::kInt32, t.total) + " of " + std::to_string(t.N()) + " kept";
}

}  // namespace

const CliApplication k_compact_cli = {
    .set_params = SetParams,
    .keys = nullptr,
    .pass_header = nullptr,
    .flag_step = FlagStep,
    .input_row = InputRow,
    .dest_row = DestRow,
    .scan_label = "scan",
    .scatter_step = ScatterStep,
    .result = Result,
};

}  // namespace scanviz
