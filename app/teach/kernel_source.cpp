#include "teach/kernel_source.h"

#include <algorithm>
#include <cstddef>
#include <string>
#include <vector>

#include "core/registry.h"

namespace scanviz::teach {
namespace detail {
// Defined in the generated kernel_source_embed.cpp.
extern const EmbeddedFile kKernelFiles[];
extern const std::size_t kKernelFileCount;
}  // namespace detail

namespace {

// `[line:NAME]` tags say which rounds run a line of the loop; `[does:KIND]` which threads run a
// line of a step function.
constexpr std::string_view kLineTag = "[line:";
constexpr std::string_view kDoesTag = "[does:";

std::string_view TrimRight(std::string_view s) {
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r'))
    s.remove_suffix(1);
  return s;
}

// The next `[line:...]` or `[does:...]` tag at or after pos, or npos.
size_t FindTag(std::string_view raw, size_t pos, std::string_view* which) {
  const size_t line = raw.find(kLineTag, pos), does = raw.find(kDoesTag, pos);
  *which = line <= does ? kLineTag : kDoesTag;
  return std::min(line, does);
}

// Moves every `[line:NAME]` and `[does:KIND]` of a line into its tags; drops a `//` comment left
// holding nothing else.
CodeLine ParseLine(std::string_view raw, int source_line) {
  CodeLine line;
  line.source_line = source_line;
  std::string text;
  size_t pos = 0;
  while (pos < raw.size()) {
    std::string_view which;
    const size_t open = FindTag(raw, pos, &which);
    if (open == std::string_view::npos) {
      text.append(raw.substr(pos));
      break;
    }
    const size_t close = raw.find(']', open);
    if (close == std::string_view::npos) {
      text.append(raw.substr(pos));
      break;
    }
    text.append(raw.substr(pos, open - pos));
    std::string name(raw.substr(open + which.size(), close - open - which.size()));
    (which == kLineTag ? line.tags : line.does).push_back(std::move(name));
    pos = close + 1;
  }
  std::string_view shown = TrimRight(text);
  if (!line.tags.empty() || !line.does.empty()) {
    const size_t comment = shown.rfind("//");
    if (comment != std::string_view::npos && TrimRight(shown.substr(comment + 2)).empty())
      shown = TrimRight(shown.substr(0, comment));
  }
  line.text = std::string(shown);
  line.instrumentation = false;  // the drivers hold no recording code: the executor records
  return line;
}

// The lines of a text, without their newlines.
std::vector<std::string_view> Lines(std::string_view text) {
  std::vector<std::string_view> out;
  size_t pos = 0;
  while (pos < text.size()) {
    size_t eol = text.find('\n', pos);
    if (eol == std::string_view::npos) eol = text.size();
    out.push_back(text.substr(pos, eol - pos));
    pos = eol + 1;
  }
  return out;
}

bool IsIdentifierChar(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

// The first `NameStep(` called in `text`: an identifier that starts with a capital letter and
// ends in "Step", followed by "(".
std::string CalledStep(std::string_view text) {
  for (size_t at = text.find("Step("); at != std::string_view::npos;
       at = text.find("Step(", at + 1)) {
    size_t begin = at;
    while (begin > 0 && IsIdentifierChar(text[begin - 1])) --begin;
    if (begin < at && text[begin] >= 'A' && text[begin] <= 'Z')
      return std::string(text.substr(begin, at + 4 - begin));
  }
  return {};
}

}  // namespace

std::span<const EmbeddedFile> KernelFiles() {
  return {detail::kKernelFiles, detail::kKernelFileCount};
}

const EmbeddedFile* KernelFile(Algorithm algorithm) {
  const std::string begin = "// [kernel:" + std::string(ToString(algorithm)) + "]";
  for (const EmbeddedFile& f : KernelFiles())
    if (f.Text().find(begin) != std::string_view::npos) return &f;
  return nullptr;
}

CodeListing ParseMarkedListing(std::string_view file_text, std::string_view key,
                               std::string title) {
  CodeListing listing;
  listing.title = std::move(title);
  const std::string begin = "// [kernel:" + std::string(key) + "]";
  const std::string end = "// [/kernel:" + std::string(key) + "]";
  bool inside = false;
  int number = 0;
  size_t pos = 0;
  while (pos <= file_text.size()) {
    size_t eol = file_text.find('\n', pos);
    if (eol == std::string_view::npos) eol = file_text.size();
    const std::string_view raw = file_text.substr(pos, eol - pos);
    ++number;
    if (raw.find(end) != std::string_view::npos) return listing;
    if (inside) listing.lines.push_back(ParseLine(raw, number));
    if (raw.find(begin) != std::string_view::npos) inside = true;
    pos = eol + 1;
  }
  // No closing marker: show nothing rather than the rest of the file.
  listing.lines.clear();
  return listing;
}

CodeListing ParseKernelListing(std::string_view file_text, Algorithm algorithm,
                               std::string_view path) {
  return ParseMarkedListing(file_text, ToString(algorithm),
                            std::string(path) + " (" + DisplayName(algorithm) + ")");
}

CodeListing MarkedListing(std::string_view key) {
  const std::string begin = "// [kernel:" + std::string(key) + "]";
  for (const EmbeddedFile& f : KernelFiles())
    if (f.Text().find(begin) != std::string_view::npos)
      return ParseMarkedListing(f.Text(), key, f.path);
  return CodeListing{};
}

CodeListing ParseStepFunction(std::string_view file_text, std::string_view name,
                              std::string_view path) {
  CodeListing listing;
  const std::vector<std::string_view> lines = Lines(file_text);
  const std::string signature = "ThreadAction " + std::string(name) + "(";
  for (size_t i = 0; i < lines.size(); ++i) {
    if (lines[i].find(signature) == std::string_view::npos) continue;
    size_t first = i;
    if (i > 0 && lines[i - 1].rfind("template", 0) == 0) first = i - 1;
    for (size_t j = i; j < lines.size(); ++j) {
      if (lines[j] != "}") continue;
      listing.title = std::string(name) + (path.empty() ? "" : " (" + std::string(path) + ")");
      for (size_t k = first; k <= j; ++k)
        listing.lines.push_back(ParseLine(lines[k], static_cast<int>(k) + 1));
      return listing;
    }
    return CodeListing{};  // no closing brace: show nothing rather than the rest of the file
  }
  return listing;
}

CodeListing StepListing(const CodeListing& kernel, Algorithm algorithm, const RoundSpec& spec) {
  const std::string anchor = RoundTags(algorithm, spec).anchor;
  std::string name;
  for (const CodeLine& line : kernel.lines) {
    if (std::find(line.tags.begin(), line.tags.end(), anchor) == line.tags.end()) continue;
    name = CalledStep(line.text);
    if (!name.empty()) break;
  }
  if (name.empty()) return CodeListing{};
  // The algorithm's own file first: drivers may name their steps alike (Hillis-Steele's and
  // Sklansky's ScanStep); then the shared ones (scan_steps.h's LoadStep).
  if (const EmbeddedFile* own = KernelFile(algorithm)) {
    CodeListing step = ParseStepFunction(own->Text(), name, own->path);
    if (!step.lines.empty()) return step;
  }
  for (const EmbeddedFile& f : KernelFiles()) {
    CodeListing step = ParseStepFunction(f.Text(), name, f.path);
    if (!step.lines.empty()) return step;
  }
  return CodeListing{};
}

CodeListing KernelListing(Algorithm algorithm) {
  const EmbeddedFile* file = KernelFile(algorithm);
  if (file == nullptr) return CodeListing{};
  return ParseKernelListing(file->Text(), algorithm, file->path);
}

}  // namespace scanviz::teach
