// The CLI's entry of each application (cli/applications/<name>.cpp), as core's ApplicationInfo is
// core's: what `scanviz-cli trace` prints of it and the options it reads. application_table.cpp
// and application_command.cpp ask these, never which application a trace is.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

#include "cli/application_command.h"
#include "cli/application_table.h"

namespace scanviz {
namespace application_table {

struct Row {
  std::string label;
  std::vector<std::string> cells;  // one per element
};

}  // namespace application_table

struct CliApplication {
  // Its own option (--keep, --bit, --bits) or its default into the request; "" or why not.
  std::string (*set_params)(const ApplicationCommandArgs& args, ApplicationRequest* request);
  // Before the passes: a radix sort's keys and their sign flip; null for the others.
  void (*keys)(const ApplicationTrace& t, std::ostream& out, const ApplicationTableOptions& o);
  // The line over pass p (a radix sort's "pass 2 of 3 · bit 1: ..."); null: none.
  void (*pass_header)(const ApplicationTrace& t, size_t p, std::ostream& out);
  // Step 1 in a line, after "step 1 · ".
  std::string (*flag_step)(const ApplicationTrace& t, const ApplicationPass& p);
  // The pass's first row (the input or the keys) and its last (where each element goes); null:
  // none (an allocation's sizes are its input; its slices are listed after).
  application_table::Row (*input_row)(const ApplicationTrace& t, const ApplicationPass& p);
  application_table::Row (*dest_row)(const ApplicationTrace& t, const ApplicationPass& p,
                                     const std::vector<std::string>& scan);
  const char* scan_label;  // "scan", allocation's "offsets"
  // The scan's total, what step 3 does with it, and what it made.
  void (*scatter_step)(const ApplicationTrace& t, const ApplicationPass& p,
                       const std::vector<std::string>& scan, std::ostream& out,
                       const ApplicationTableOptions& o);
  std::string (*result)(const ApplicationTrace& t);  // after "result: "
};

#define SCANVIZ_CLI_APPLICATION_DECLARE(id, ns) extern const CliApplication k_##ns##_cli;
SCANVIZ_FOR_EACH_APPLICATION(SCANVIZ_CLI_APPLICATION_DECLARE)
#undef SCANVIZ_CLI_APPLICATION_DECLARE

const CliApplication& CliOf(ApplicationKind application);

// What the entries share (application_table.cpp).
namespace application_table {

// Rows of one cell per element, in aligned columns, wrapped into chunks of columns that fit the
// width: "  label   3  1  7 ...".
void PrintColumns(const std::vector<Row>& rows, int n, std::ostream& out,
                  const ApplicationTableOptions& o);
// A list that is not per element (the compacted output, the pool), wrapped at the width.
void PrintList(const std::string& label, const std::vector<std::string>& items, std::ostream& out,
               const ApplicationTableOptions& o, const std::string& empty = "(empty)");
std::vector<std::string> Cells(const std::vector<double>& v, ElementType type);
// The first and last max / 2 of a list, around "…".
std::vector<std::string> Abbreviated(std::vector<std::string> items,
                                     const ApplicationTableOptions& o);
// A flipped key as its 32 bits in hex ("0x7ffffff9" for -7): what the passes' bits are of.
std::vector<std::string> HexCells(const std::vector<double>& v);
// A radix sort's pass shows each key as the number it stands for: flipped back.
std::vector<std::string> KeyCells(const ApplicationTrace& t, const std::vector<double>& keys);
// Split's pieces, which radix sort's passes share (split.cpp).
std::string SplitFlagStep(const ApplicationTrace& t, const ApplicationPass& p);
Row SplitDestRow(const ApplicationTrace& t, const ApplicationPass& p,
                 const std::vector<std::string>& scan);
// The total of the zeros and where step 3 sends each element; `output` the cells it wrote.
void SplitScatterStep(const ApplicationPass& p, const std::vector<std::string>& output,
                      std::ostream& out, const ApplicationTableOptions& o);

}  // namespace application_table
}  // namespace scanviz
