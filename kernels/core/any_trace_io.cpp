#include "core/any_trace_io.h"

#include <new>

#include "core/applications/application_json.h"
#include "core/file_io.h"
#include "core/grid/grid_io.h"
#include "core/grid/grid_json.h"
#include "core/multi_gpu/multi_gpu_io.h"
#include "core/trace_io.h"
#include "core/trace_json.h"

namespace scanviz {

using namespace trace_json;

namespace {

// meta.algorithm, the key that tells the kinds apart ("" when missing).
std::string KindKey(const json& root) {
  const bool has_key = root.is_object() && root.contains("meta") && root["meta"].is_object() &&
                       root["meta"].contains("algorithm") && root["meta"]["algorithm"].is_string();
  return has_key ? root["meta"]["algorithm"].get<std::string>() : "";
}

bool IsApplication(const std::string& key) {
  ApplicationKind application{};
  return ParseApplication(key, &application);
}

bool IsSingleBlock(const json& root) {
  const std::string key = KindKey(root);
  return key != kMultiBlockKey && key != kSinglePassKey && key != kMultiGpuKey &&
         !IsApplication(key);
}

}  // namespace

AnyTraceLoad DecodeAnyTraceJson(const json& root) {
  AnyTraceLoad result;
  if (IsSingleBlock(root)) {
    TraceLoadResult single = DecodeTraceJson(root);
    result.trace = std::move(single.trace);
    result.error = std::move(single.error);
    return result;
  }
  const std::string key = KindKey(root);
  const bool is_application = IsApplication(key);
  try {
    auto format = root.find("format");
    if (format == root.end() || *format != kTraceFormatName)
      Fail("", "not a ScanViz trace (missing \"format\": \"scanviz-trace\")");
    if (IntField(root, "version", "") != kTraceFormatVersion)
      Fail("version", std::string(is_application ? "applications"
                                                 : "grids, single-pass and multi-gpu traces") +
                          " are in version " + std::to_string(kTraceFormatVersion) + " only");
    if (is_application) {
      result.application = DecodeApplication(root);
    } else if (key == kSinglePassKey) {
      result.single_pass = DecodeSinglePass(root);
    } else if (key == kMultiGpuKey) {
      result.multi_gpu = DecodeMultiGpu(root);
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

AnyTraceLoad ParseAnyTraceJson(std::string_view text) {
  AnyTraceLoad result;
  if (text.size() > kMaxTraceFileBytes) {
    result.error = "the file is " + std::to_string(text.size()) + " bytes, more than the " +
                   std::to_string(kMaxTraceFileBytes) + " a trace may have";
    return result;
  }
  // A grid's block traces are decoded as the parse reads each, and the tree keeps a stand-in: the
  // whole tree was 15 to 20 times the text (issue #38). The taker lives until the decoding ends.
  BlockTraceTaker taker;
  JsonLimits limits = TraceJsonLimits(kMaxGridNesting);
  limits.taker = &taker;
  const JsonRead read = ReadJson(text, limits);
  if (!read.Ok()) {
    result.error = ReadError(read);
    return result;
  }
  try {
    // A single block nests less deeply than a grid (its own limit, its own message).
    if (IsSingleBlock(read.value)) {
      if (std::string nesting = CheckJsonNesting(text, kMaxTraceNesting); !nesting.empty()) {
        result.error = "not a ScanViz trace: " + nesting;
        return result;
      }
    }
    result = DecodeAnyTraceJson(read.value);
  } catch (const std::bad_alloc&) {
    result.error = NoMemoryError(text.size());
  }
  if (result.Ok() && !read.unknown.empty()) {
    result = AnyTraceLoad();
    result.error = "not a ScanViz trace: " + read.unknown;
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
