#include "teach/kernel_source.h"

#include <cstddef>
#include <string>

namespace scanviz::teach {
namespace detail {
// Defined in the generated kernel_source_embed.cpp.
extern const EmbeddedFile kKernelFiles[];
extern const std::size_t kKernelFileCount;
}  // namespace detail

namespace {

constexpr std::string_view kTagOpen = "[line:";

std::string_view TrimRight(std::string_view s) {
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r'))
    s.remove_suffix(1);
  return s;
}

// Moves every `[line:NAME]` of a line into tags; drops a `//` comment left holding nothing else.
CodeLine ParseLine(std::string_view raw, int source_line) {
  CodeLine line;
  line.source_line = source_line;
  std::string text;
  size_t pos = 0;
  while (pos < raw.size()) {
    const size_t open = raw.find(kTagOpen, pos);
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
    line.tags.emplace_back(raw.substr(open + kTagOpen.size(), close - open - kTagOpen.size()));
    pos = close + 1;
  }
  std::string_view shown = TrimRight(text);
  if (!line.tags.empty()) {
    const size_t comment = shown.rfind("//");
    if (comment != std::string_view::npos && TrimRight(shown.substr(comment + 2)).empty())
      shown = TrimRight(shown.substr(0, comment));
  }
  line.text = std::string(shown);
  line.instrumentation = false;  // the drivers hold no recording code: the executor records
  return line;
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

CodeListing ParseKernelListing(std::string_view file_text, Algorithm algorithm,
                               std::string_view path) {
  CodeListing listing;
  listing.title = std::string(path) + " (" + DisplayName(algorithm) + ")";
  const std::string key = ToString(algorithm);
  const std::string begin = "// [kernel:" + key + "]";
  const std::string end = "// [/kernel:" + key + "]";
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

CodeListing KernelListing(Algorithm algorithm) {
  const EmbeddedFile* file = KernelFile(algorithm);
  if (file == nullptr) return CodeListing{};
  return ParseKernelListing(file->Text(), algorithm, file->path);
}

}  // namespace scanviz::teach
