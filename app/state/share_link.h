// "Copy link": the app's session (session.h, its JSON unchanged) as a share link's fragment
// (core/link/share_text.h), and a link's text back to a session. A trace recorded on a GPU is too
// big for a link: one bundled with the app (the data dir's traces/, the web page's too) is named
// by its file name; any other is left out, and the link says so.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "state/session.h"

namespace scanviz {

// The trace files bundled in the data dir's traces/ (the H200's recordings of docs/).
bool IsBundledTrace(std::string_view file_name);

// "s=...[&t=...]": `s` without its recorded traces, and the bundled one's name or "-" for them.
std::string ShareFragment(const Session& s);
// Room kept for the address before the '#' (the page's, a file://): a fragment longer than
// link::kMaxLinkChars less this is not copied.
inline constexpr std::size_t kLinkAddressRoom = 2048;
// Why Copy link must not copy `fragment` (ShareFragment's), in one line that offers the session
// file instead; empty when the link opens as it is (it fits, and reads back as a session).
std::string LinkRefusal(std::string_view fragment);
// Whether `text` is a share link: "#s=...", or an address with a scheme then "#s=..."
// (core/link/share_text.h).
bool IsShareLink(std::string_view text);
// Whether `scanviz TEXT` (and the app's Open) opens TEXT as a link: it is one, and no file is
// there by that name. A path that names a file opens the file, whatever it holds (issue #38).
bool OpensAsLink(const std::string& text);

struct LinkLoad {
  SessionLoad load;  // the session, or the one-line reason the link does not open
  std::string note;  // what the link left out ("the session's trace is not included ...")
};
// The session of a link; a bundled trace named by the link is read from traces_dir.
LinkLoad SessionFromLink(std::string_view text, const std::string& traces_dir);

// Where a copied link points: $SCANVIZ_WEB_URL, else the address `scripts/web.sh --serve` serves.
std::string ShareLinkBase();

}  // namespace scanviz
