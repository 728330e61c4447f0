// File > Copy embed code: the <iframe> that puts the figure (a share link with &embed: only the
// figure and its step bar, layout.h) on a slide or a course page. No ImGui: tested without a
// window.
#pragma once

#include <string>

namespace scanviz {

// The size an embedded figure asks for, in CSS pixels: a slide's figure, and room for the step
// bar under it.
inline constexpr int kEmbedWidth = 720, kEmbedHeight = 420;

// `link` with "&embed" added (once), so that it opens as an embedded figure.
std::string EmbedLink(const std::string& link);
// <iframe src="LINK&embed" width="W" height="H" style="border:0" title="TITLE"
// allow="fullscreen"></iframe>, the link and the title escaped for an HTML attribute.
std::string EmbedCode(const std::string& link, int width, int height, const std::string& title);
// Whether a page address's fragment asks for an embedded figure: "embed" among its &-parts.
bool WantsEmbed(const std::string& fragment);
// The fragment without its "embed" part, for the share link's reader.
std::string WithoutEmbed(const std::string& fragment);

}  // namespace scanviz
