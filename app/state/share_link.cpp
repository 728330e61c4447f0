#include "state/share_link.h"

#include <array>
#include <cstdlib>
#include <filesystem>
#include <nlohmann/json.hpp>

#include "core/any_trace_io.h"
#include "core/file_io.h"
#include "core/link/share_text.h"
#include "core/trace_io.h"

namespace scanviz {
namespace {

constexpr std::array<std::string_view, 8> kBundled = {"example-blelloch-h200.json",
                                                      "blelloch-1024-h200.json",
                                                      "blelloch-8.json",
                                                      "hillis-steele-8.json",
                                                      "single-pass-8x8-ticket.json",
                                                      "single-pass-8x8-blockidx.json",
                                                      "single-pass-65536-ticket.json",
                                                      "single-pass-65536-blockidx.json"};

// The file name in an origin: "recorded on NVIDIA H200 · name.json", or a path.
std::string FileNameOf(const std::string& origin) {
  const std::size_t dot = origin.rfind("· ");
  const std::string tail = dot == std::string::npos ? origin : origin.substr(dot + 3);
  return std::filesystem::path(tail).filename().string();
}

// What the app says a single block's trace came from: "recorded on" only for a GPU's recording.
// FileNameOf reads the name back after the "· ".
std::string BundledOrigin(const BackendInfo& backend, const std::string& name) {
  if (backend.kind != BackendKind::kCuda) return "recorded by the CPU simulator · " + name;
  return "recorded on " + (backend.device_name.empty() ? "a CUDA GPU" : backend.device_name) +
         " · " + name;
}

// What reading the bundled trace a link names came to: `note` when it could not be read (the
// link opens, with the simulator's run), `refusal` when it was read but does not fit the session
// (the link does not open).
struct BundledRead {
  std::string note;
  std::string refusal;
};

// The bundled trace named by the link, put into the session as a file would have been; then the
// session read again with it, so that the trace passes every check a session's embedded trace
// passes (its kind and the mode shown, its type, operator and input, its tiles): issue #38,
// finding 5. A trace does not replace what the session says, nor hide under another mode.
BundledRead AddBundledTrace(Session& s, const std::string& name, const std::string& dir) {
  if (!IsBundledTrace(name)) return {"its trace " + name + " is not one bundled with ScanViz", ""};
  const std::string path = (std::filesystem::path(dir) / name).string();
  const FileText file = ReadFileLimited(path, kMaxTraceFileBytes);
  if (!file.Ok()) return {"its trace " + name + " is not here (" + file.error + ")", ""};
  AnyTraceLoad loaded = ParseAnyTraceJson(file.text);
  Session with = s;
  if (loaded.multi_gpu) {  // issue #36: a GPU node's recording, or the bundled simulated one
    with.multi_gpu = std::move(*loaded.multi_gpu);
    with.multi_gpu_origin = path;
  } else if (loaded.single_pass) {
    with.single_pass = std::move(*loaded.single_pass);
    with.single_pass_origin = path;
  } else if (loaded.trace) {
    with.trace_origin = BundledOrigin(loaded.trace->meta.backend, name);
    with.trace = std::move(*loaded.trace);
  } else {
    return {"its trace " + name + " does not open: " + loaded.error, ""};
  }
  SessionLoad checked = ParseSession(SessionToJson(with));
  if (!checked.session) return {"", "its trace " + name + " does not fit it: " + checked.error};
  s = std::move(*checked.session);
  return {};
}

}  // namespace

bool IsBundledTrace(std::string_view file_name) {
  for (std::string_view b : kBundled)
    if (b == file_name) return true;
  // Issue #36: the scans across GPUs in docs/multi-gpu/ (assets/CMakeLists.txt bundles each one),
  // named multi-gpu-*.json; a plain file name, never a path.
  constexpr std::string_view kPrefix = "multi-gpu-", kSuffix = ".json";
  return file_name.size() > kPrefix.size() + kSuffix.size() && file_name.starts_with(kPrefix) &&
         file_name.ends_with(kSuffix) && file_name.find_first_of("/\\") == std::string_view::npos;
}

std::string ShareFragment(const Session& s) {
  Session lean = s;
  std::string ref;
  const std::string origin = s.multi_gpu     ? s.multi_gpu_origin
                             : s.single_pass ? s.single_pass_origin
                             : s.trace       ? s.trace_origin
                                             : "";
  if (s.multi_gpu || s.single_pass || s.trace) {
    const std::string name = FileNameOf(origin);
    ref = IsBundledTrace(name) ? name : link::kNoTrace;
  }
  lean.multi_gpu.reset();
  lean.multi_gpu_origin.clear();
  lean.single_pass.reset();
  lean.single_pass_origin.clear();
  lean.trace.reset();
  lean.trace_origin.clear();
  // The file's JSON without its indentation: the same fields, fewer bytes to deflate.
  return link::EncodeFragment(nlohmann::json::parse(SessionToJson(lean)).dump(), ref);
}

std::string LinkRefusal(std::string_view fragment) {
  const std::string save = ": File > Save session (Ctrl+Shift+S) keeps all of it in a file";
  const std::size_t most = link::kMaxLinkChars - kLinkAddressRoom;
  if (fragment.size() > most)
    return "not copied: a link to this view would be " + std::to_string(fragment.size()) +
           " characters, past the " + std::to_string(most) + " a link holds" + save;
  const LinkLoad back = SessionFromLink(std::string("#").append(fragment), {});
  if (!back.load.session) return "not copied: " + back.load.error + save;
  return {};
}

bool IsShareLink(std::string_view text) {
  return link::DecodeLink(text).found;
}

bool OpensAsLink(const std::string& text) {
  std::error_code error;
  return IsShareLink(text) && !std::filesystem::exists(text, error);
}

LinkLoad SessionFromLink(std::string_view text, const std::string& traces_dir) {
  LinkLoad out;
  const link::SharedText shared = link::DecodeLink(text);
  if (!shared.found) {
    out.load.error = "this is not a ScanViz link (it has no #s= part)";
    return out;
  }
  if (!shared.error.empty()) {
    out.load.error = shared.error;
    return out;
  }
  out.load = ParseSession(shared.session_json);
  if (!out.load.session) {
    out.load.error = "this link does not open: " + out.load.error;
    return out;
  }
  if (shared.trace_ref == link::kNoTrace) {
    out.note =
        "the link leaves out the session's recorded trace (too big for a link): this is "
        "the simulator's run of the same input";
  } else if (!shared.trace_ref.empty()) {
    const BundledRead read = AddBundledTrace(*out.load.session, shared.trace_ref, traces_dir);
    if (!read.refusal.empty()) {
      out.load.session.reset();
      out.load.error = "this link does not open: " + read.refusal;
    } else if (!read.note.empty()) {
      out.note = "the link's " + read.note + ": this is the simulator's run of the same input";
    }
  }
  return out;
}

std::string ShareLinkBase() {
  const char* env = std::getenv("SCANVIZ_WEB_URL");
  return env != nullptr && env[0] != '\0' ? env : "http://127.0.0.1:8023/";
}

}  // namespace scanviz
