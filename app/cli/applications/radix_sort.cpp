// Radix sort in `scanviz-cli trace` (cli/applications/table_entry.h): --bits, the keys and their
// sign flip, then a split per pass (split.cpp's pieces) over the keys shown as their numbers.
#include <ostream>

#include "cli/applications/table_entry.h"
#include "core/analysis.h"

namespace scanviz {
namespace {

using namespace application_table;

std::string SetParams(const ApplicationCommandArgs& args, ApplicationRequest* request) {
  request->params.bits = args.bits_given ? args.bits : RadixBitsNeeded(request->input);
  return {};
}

void Keys(const ApplicationTrace& t, std::ostream& out, const ApplicationTableOptions& o) {
  out << "keys: ";
  if (t.sign_flipped) {
    out << "a key is negative, so every key's sign bit is flipped first (x XOR 0x80000000): as "
           "int32 bits a negative key has bit 31 set and would sort after the positives; "
           "flipped, bit order is numeric order. The passes sort the flipped keys (shown as "
           "their numbers; the bits are the flipped key's); the result flips them back\n";
    PrintColumns({{"input", Cells(t.input, t.type)}, {"flipped", HexCells(t.keys)}}, t.N(), out, o);
  } else {
    out << "every key is non-negative (bit 31 clear): sorted as they are\n";
  }
}

void PassHeader(const ApplicationTrace& t, size_t p, std::ostream& out) {
  out << "pass " << p + 1 << " of " << t.passes.size() << " · bit " << t.passes[p].bit
      << ": a stable split of the last pass's output\n";
}

Row KeyRow(const ApplicationTrace& t, const ApplicationPass& p) {
  return {"key", KeyCells(t, p.input)};
}

void ScatterStep(const ApplicationTrace& t, const ApplicationPass& p,
                 const std::vector<std::string>&, std::ostream& out,
                 const ApplicationTableOptions& o) {
  SplitScatterStep(p, KeyCells(t, p.output), out, o);
}

std::string Result(const ApplicationTrace& t) {
  std::string s = "ordered by the low " + std::to_string(t.params.bits) +
                  (t.params.bits == 1 ? " bit" : " bits") +
                  (t.sign_flipped ? " of the flipped keys, flipped back" : "");
  if (t.params.bits < RadixBitsNeeded(t.input))
    s += " (the keys need " + std::to_string(RadixBitsNeeded(t.input)) + " for a full sort)";
  return s;
}

}  // namespace

const CliApplication k_radix_sort_cli = {
    .set_params = SetParams,
    .keys = Keys,
    .pass_header = PassHeader,
    .flag_step = SplitFlagStep,
    .input_row = KeyRow,
    .dest_row = SplitDestRow,
    .scan_label = "scan",
    .scatter_step = ScatterStep,
    .result = Result,
};

}  // namespace scanviz
