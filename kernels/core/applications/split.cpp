// Split's entry (core/applications/application_entry.h): its --bit parameter, the flag check (the
// inverted bit) and the scatter check that radix sort's passes share, and the sequential
// std::stable_partition. Its steps are split.h.
#include <algorithm>
#include <nlohmann/json.hpp>

#include "core/analysis.h"
#include "core/applications/application_entry.h"
#include "core/applications/split.h"
#include "core/trace_json.h"

namespace scanviz {

namespace applications {
namespace {

int SplitFlag(const ApplicationTrace& t, double x, int, int bit, std::string* why) {
  const int want = 1 - BitOf(static_cast<std::int32_t>(x), bit);
  *why = "bit " + std::to_string(bit) + " of " + FormatValue(t.type, x) + " is " +
         std::to_string(1 - want) + " (the flag is the inverted bit)";
  return want;
}

std::string SplitScatterCheck(const ApplicationTrace& t, const ApplicationPass& pass, int i) {
  const size_t ui = static_cast<size_t>(i);
  const int flag = static_cast<int>(pass.flags[ui]),
            offset = static_cast<int>(pass.scan.output[ui]);
  const auto d =
      static_cast<size_t>(SplitDestination(flag, offset, static_cast<int>(pass.total), i));
  if (d >= pass.output.size())
    return "element " + std::to_string(i) + "'s destination " + std::to_string(d) +
           " is outside the output";
  if (pass.output[d] != pass.input[ui]) return WrongCell(t, pass, d, i, pass.input[ui]);
  return {};
}

}  // namespace

const PassRule kSplitPass = {
    .output_size = AllCells,
    .max_total = AtMostN,
    .destination = SplitDestination,
    .flag = SplitFlag,
    .check_scatter = SplitScatterCheck,
};

}  // namespace applications

namespace {

std::string Parameter(const ApplicationParams& params, ElementType) {
  return "--bit " + std::to_string(params.bit);
}

int Bit(const ApplicationParams& params, int) {
  return params.bit;
}

std::string Validate(const ApplicationRequest& request) {
  if (request.params.bit < 0 || request.params.bit > 31)
    return "--bit " + std::to_string(request.params.bit) + ": choose 0..31 (int32 has 32 bits)";
  return {};
}

std::vector<double> Sequential(const ApplicationRequest& request) {
  std::vector<double> out = request.input;
  const std::uint64_t bit = std::uint64_t{1} << request.params.bit;
  std::stable_partition(out.begin(), out.end(),
                        [&](double x) { return (applications::Pattern(x) & bit) == 0; });
  return out;
}

void WriteMeta(const ApplicationTrace& t, nlohmann::json* meta) {
  (*meta)["bit"] = t.params.bit;
}

void ReadMeta(const nlohmann::json& m, ApplicationRequest* request, bool*) {
  request->params.bit = trace_json::IntField(m, "bit", "meta");
}

}  // namespace

const ApplicationInfo k_split_application = {
    .id = {},  // set by the registry, from the entry's place in SCANVIZ_FOR_EACH_APPLICATION
    .key = "split",
    .name = "split by one bit",
    .summary =
        "the elements whose bit K is 0 first, then those whose bit is 1, both in their order",
    .parameters = "--bit K (0..31)",
    .types = "int32",
    .float32 = false,
    .flags_name = "flags",
    .scan_name = "zeros before",
    .output_name = "partitioned",
    .invariant =
        "scanning the inverted bit counts the zeros before each element: a zero goes there, "
        "a one goes after all the zeros, behind the ones before it (total_zeros + i - "
        "scan[i])",
    .scatter_name = "scatter",
    .keyed = false,
    .rule = &applications::kSplitPass,
    .parameter = Parameter,
    .pass_count = applications::OnePass,
    .pass_bit = Bit,
    .validate = Validate,
    .sequential = Sequential,
    .write_meta = WriteMeta,
    .read_meta = ReadMeta,
};

}  // namespace scanviz
