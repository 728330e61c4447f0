// Stream compaction's entry (core/applications/application_entry.h): its words, its --keep
// parameter, the flag check against the predicate and the sequential std::copy_if. Its steps are
// compact.h.
#include <algorithm>
#include <cmath>
#include <iterator>
#include <nlohmann/json.hpp>

#include "core/analysis.h"
#include "core/applications/application_entry.h"
#include "core/applications/compact.h"
#include "core/trace_json.h"

namespace scanviz {
namespace {

std::string Parameter(const ApplicationParams& params, ElementType type) {
  return "--keep " + ToString(params.keep, type);
}

std::string Validate(const ApplicationRequest& request) {
  if (request.type == ElementType::kFloat32 &&
      (request.params.keep.kind == KeepKind::kOdd || request.params.keep.kind == KeepKind::kEven))
    return "--keep " + ToString(request.params.keep, request.type) +
           ": float32 values are neither odd nor even";
  return {};
}

int Destination(int flag, int scan, int, int) {
  return flag != 0 ? scan : -1;
}

int Flag(const ApplicationTrace& t, double x, int, int, std::string* why) {
  const int want = applications::Keeps(x, t.params.keep.kind, t.params.keep.threshold) ? 1 : 0;
  *why = "--keep " + ToString(t.params.keep, t.type) + (want ? " keeps " : " drops ") +
         FormatValue(t.type, x);
  return want;
}

std::string CheckScatter(const ApplicationTrace& t, const ApplicationPass& pass, int i) {
  const size_t ui = static_cast<size_t>(i);
  const int flag = static_cast<int>(pass.flags[ui]),
            offset = static_cast<int>(pass.scan.output[ui]);
  if (flag != 0 && pass.output[static_cast<size_t>(offset)] != pass.input[ui])
    return applications::WrongCell(t, pass, static_cast<size_t>(offset), i, pass.input[ui]);
  return {};
}

// Written apart from the steps: the predicate in doubles, not Keeps.
bool Kept(double x, const KeepRule& keep) {
  switch (keep.kind) {
    case KeepKind::kOdd:
      return std::fmod(x, 2.0) != 0;
    case KeepKind::kEven:
      return std::fmod(x, 2.0) == 0;
    case KeepKind::kPositive:
      return x > 0;
    case KeepKind::kGreater:
      return x > keep.threshold;
    case KeepKind::kNonzero:
      break;
  }
  return x != 0;
}

std::vector<double> Sequential(const ApplicationRequest& request) {
  std::vector<double> out;
  std::copy_if(request.input.begin(), request.input.end(), std::back_inserter(out),
               [&](double x) { return Kept(x, request.params.keep); });
  return out;
}

void WriteMeta(const ApplicationTrace& t, nlohmann::json* meta) {
  (*meta)["keep"] = ToString(t.params.keep, t.type);
}

void ReadMeta(const nlohmann::json& m, ApplicationRequest* request, bool*) {
  using namespace trace_json;
  if (std::string e =
          ParseKeep(StringField(m, "keep", "meta"), request->type, &request->params.keep);
      !e.empty())
    Fail("meta.keep", e);
}

const PassRule kPass = {
    .output_size = applications::TotalCells,
    .max_total = applications::AtMostN,
    .destination = Destination,
    .flag = Flag,
    .check_scatter = CheckScatter,
};

}  // namespace

const ApplicationInfo k_compact_application = {
    .id = {},  // set by the registry, from the entry's place in SCANVIZ_FOR_EACH_APPLICATION
    .key = "compact",
    .name = "stream compaction",
    .summary = "keep the elements a predicate accepts, in order, packed to the front",
    .parameters = "--keep odd|even|positive|nonzero|greater:K",
    .types = "int32 or float32 (odd and even: int32)",
    .float32 = true,
    .flags_name = "flags",
    .scan_name = "destinations",
    .output_name = "kept",
    .invariant =
        "a kept element's exclusive scan value counts the kept elements before it, so it is "
        "the element's place in the output; the output's length is the total",
    .scatter_name = "scatter",
    .keyed = false,
    .rule = &kPass,
    .parameter = Parameter,
    .pass_count = applications::OnePass,
    .pass_bit = applications::NoBit,
    .validate = Validate,
    .sequential = Sequential,
    .write_meta = WriteMeta,
    .read_meta = ReadMeta,
};

}  // namespace scanviz
