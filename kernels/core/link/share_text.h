// The share link's text: a session (app/state/session.h's JSON, unchanged) deflated and written in
// base64url into a URL's fragment, "#s=<text>", and, where the session's trace was left out (a
// recording is too big for a link), "&t=<name>": a trace bundled with the page by its file name,
// or "-" for "not included". Only the fragment is read, so the same text works after any address
// (the page's, a file://, none at all), in the browser and on the desktop's command line; "s=..."
// without the '#' is a file's name (issue #38).
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace scanviz::link {

inline constexpr const char* kNoTrace = "-";
// A session's JSON is a few hundred bytes; a link's text is refused past these.
inline constexpr std::size_t kMaxLinkChars = 64 * 1024;
inline constexpr std::size_t kMaxSessionBytes = 256 * 1024;

std::string Base64UrlEncode(std::string_view bytes);
std::optional<std::string> Base64UrlDecode(std::string_view text);  // nullopt: not base64url

// "s=...[&t=...]", the fragment without its '#'.
std::string EncodeFragment(std::string_view session_json, std::string_view trace_ref = {});

struct SharedText {
  bool found = false;        // the text holds an "s=" fragment at all
  std::string session_json;  // when decoded
  std::string trace_ref;     // "", kNoTrace or a bundled trace's file name
  std::string error;         // one line: why the link does not open
};
// A whole URL ("https://host/page#s=...", a scheme and what follows it, then "#s=") or "#s=...".
// found is false for anything else: a file's name, however much of "s=" it holds, is no link.
SharedText DecodeLink(std::string_view text);

}  // namespace scanviz::link
