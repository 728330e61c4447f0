// Parallel allocation's entry (core/applications/application_entry.h): the sizes as flags, the
// pool as output (one owner per cell) and the sequential running sum. Its steps are allocate.h.
#include <nlohmann/json.hpp>

#include "core/analysis.h"
#include "core/applications/application_entry.h"

namespace scanviz {
namespace {

std::string Validate(const ApplicationRequest& request) {
  const int n = static_cast<int>(request.input.size());
  long long total = 0;
  for (int i = 0; i < n; ++i) {
    const double size = request.input[static_cast<size_t>(i)];
    if (size < 0)
      return "allocate: size " + FormatValue(request.type, size) + " (element " +
             std::to_string(i) + ") is negative; a thread asks for 0 cells or more";
    total += static_cast<long long>(size);
  }
  if (total > kMaxAllocationPool)
    return "allocate: the sizes add up to " + std::to_string(total) +
           " cells, more than a traced pool holds (" + std::to_string(kMaxAllocationPool) + ")";
  return {};
}

long long PoolCells(int) {
  return kMaxAllocationPool;
}

int Offset(int, int scan, int, int) {
  return scan;
}

int Flag(const ApplicationTrace& t, double x, int i, int, std::string* why) {
  *why = "thread " + std::to_string(i) + " asks for " + FormatValue(t.type, x);
  return static_cast<int>(x);
}

// Every cell of thread i's slice [offset, offset + size) holds i.
std::string CheckScatter(const ApplicationTrace& t, const ApplicationPass& pass, int i) {
  const size_t ui = static_cast<size_t>(i);
  const int flag = static_cast<int>(pass.flags[ui]),
            offset = static_cast<int>(pass.scan.output[ui]);
  for (int k = 0; k < flag; ++k) {
    const size_t c = static_cast<size_t>(offset) + static_cast<size_t>(k);
    if (pass.output[c] != i)
      return applications::Cell("pool", c) + " = " + FormatValue(t.type, pass.output[c]) +
             ", but it lies in thread " + std::to_string(i) + "'s slice [" +
             std::to_string(offset) + ", " + std::to_string(offset + flag) + ")";
  }
  return {};
}

std::vector<double> Sequential(const ApplicationRequest& request) {
  std::vector<double> out;
  for (size_t i = 0; i < request.input.size(); ++i)
    out.insert(out.end(), static_cast<size_t>(request.input[i]), static_cast<double>(i));
  return out;
}

const PassRule kPass = {
    .output_size = applications::TotalCells,
    .max_total = PoolCells,
    .destination = Offset,
    .flag = Flag,
    .check_scatter = CheckScatter,
};

}  // namespace

const ApplicationInfo k_allocate_application = {
    .id = {},  // set by the registry, from the entry's place in SCANVIZ_FOR_EACH_APPLICATION
    .key = "allocate",
    .name = "parallel allocation",
    .summary = "each thread asks for some cells of one pool and the scan hands it its own slice",
    .parameters = "the input is each thread's size (>= 0)",
    .types = "int32",
    .float32 = false,
    .flags_name = "sizes",
    .scan_name = "offsets",
    .output_name = "pool",
    .invariant =
        "the exclusive scan of the sizes is each thread's offset: the cells every thread "
        "before it took, so the slices [offset, offset + size) tile the pool, whose size is "
        "the total",
    .scatter_name = "fill",
    .keyed = false,
    .rule = &kPass,
    .parameter = applications::NoParameter,
    .pass_count = applications::OnePass,
    .pass_bit = applications::NoBit,
    .validate = Validate,
    .sequential = Sequential,
    .write_meta = applications::NoMeta,
    .read_meta = applications::NoReadMeta,
};

}  // namespace scanviz
