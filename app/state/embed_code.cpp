#include "state/embed_code.h"

#include <vector>

#include "scene/svg_doc.h"  // svg::Escape: XML's escaping, which an HTML attribute's is

namespace scanviz {

namespace {

// The &-separated parts of a fragment ("#s=...&t=-&embed"), the leading '#' kept on the first.
std::vector<std::string> Parts(const std::string& fragment) {
  std::vector<std::string> parts;
  std::size_t start = 0;
  while (true) {
    const std::size_t amp = fragment.find('&', start);
    parts.push_back(fragment.substr(start, amp == std::string::npos ? amp : amp - start));
    if (amp == std::string::npos) return parts;
    start = amp + 1;
  }
}

bool IsEmbed(const std::string& part) {
  return part == "embed" || part == "#embed" || part == "embed=1";
}

}  // namespace

bool WantsEmbed(const std::string& fragment) {
  for (const std::string& p : Parts(fragment))
    if (IsEmbed(p)) return true;
  return false;
}

std::string WithoutEmbed(const std::string& fragment) {
  const bool hash = !fragment.empty() && fragment[0] == '#';
  std::string kept;
  for (const std::string& p : Parts(hash ? fragment.substr(1) : fragment)) {
    if (IsEmbed(p)) continue;
    kept += kept.empty() ? p : "&" + p;
  }
  return kept.empty() || !hash ? kept : "#" + kept;
}

std::string EmbedLink(const std::string& link) {
  const std::size_t hash = link.find('#');
  if (hash != std::string::npos && WantsEmbed(link.substr(hash))) return link;
  return link + (hash == std::string::npos ? "#embed" : "&embed");
}

std::string EmbedCode(const std::string& link, int width, int height, const std::string& title) {
  return "<iframe src=\"" + scene::svg::Escape(EmbedLink(link)) + "\" width=\"" +
         std::to_string(width) + "\" height=\"" + std::to_string(height) +
         "\" style=\"border:0\" title=\"" + scene::svg::Escape(title) +
         "\" allow=\"fullscreen\"></iframe>";
}

}  // namespace scanviz
