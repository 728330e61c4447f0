#include "core/any_trace_io.h"

#include "core/applications/application_json.h"
#include "core/file_io.h"
#include "core/grid/grid_io.h"
#include "core/grid/grid_json.h"
#include "core/trace_io.h"
#include "core/trace_json.h"

namespace scanviz {

using namespace trace_json;

AnyTraceLoad ParseAnyTraceJson(std::string_view text) {
  AnyTraceLoad result;
  if (text.size() > kMaxTraceFileBytes) {
    result.error = "the file is " + std::to_string(text.size()) + " bytes, more than the " +
                   std::to_string(kMaxTraceFileBytes) + " a trace may have";
    return result;
  }
  if (std::string nesting = CheckJsonNesting(text, kMaxGridNesting); !nesting.empty()) {
    result.error = "not a ScanViz trace: " + nesting;
    return result;
  }
  json root;
  try {
    root = json::parse(text.begin(), text.end());
  } catch (const json::exception& e) {
    result.error = "malformed JSON (truncated file?): " + std::string(e.what());
    return result;
  }
  const bool has_key = root.is_object() && root.contains("meta") && root["meta"].is_object() &&
                       root["meta"].contains("algorithm") && root["meta"]["algorithm"].is_string();
  const std::string key = has_key ? root["meta"]["algorithm"].get<std::string>() : "";
  ApplicationKind application{};
  const bool is_application = ParseApplication(key, &application);
  if (key != kMultiBlockKey && key != kSinglePassKey && !is_application) {
    // A single block: its own parser, with its own nesting limit.
    TraceLoadResult single = ParseTraceJson(text);
    result.trace = std::move(single.trace);
    result.error = std::move(single.error);
    return result;
  }
  try {
    auto format = root.find("format");
    if (format == root.end() || *format != kTraceFormatName)
      Fail("", "not a ScanViz trace (missing \"format\": \"scanviz-trace\")");
    if (IntField(root, "version", "") != kTraceFormatVersion)
      Fail("version",
           std::string(is_application ? "applications" : "grids and single-pass traces") +
               " are in version " + std::to_string(kTraceFormatVersion) + " only");
    if (is_application) {
      result.application = DecodeApplication(root);
    } else if (key == kSinglePassKey) {
      result.single_pass = DecodeSinglePass(root);
    } else {
      result.grid = DecodeGrid(root, "", 0);
    }
  } catch (const LoadError& e) {
    result.error = e.what();
  } catch (const json::exception& e) {
    result.error = e.what();
  }
  return result;
}

AnyTraceLoad LoadAnyTraceFile(const std::string& path) {
  const FileText file = ReadFileLimited(path, kMaxTraceFileBytes);
  if (!file.Ok()) {
    AnyTraceLoad r;
    r.error = file.error;
    return r;
  }
  AnyTraceLoad result = ParseAnyTraceJson(file.text);
  if (!result.Ok()) result.error = path + ": " + result.error;
  return result;
}

}  // namespace scanviz
