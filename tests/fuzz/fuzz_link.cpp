// Fuzz target: a share link (core/link/share_text.h's DecodeLink: base64url, then zlib's raw
// inflate under the session size cap; then app/state/share_link.cpp's SessionFromLink, which reads
// the session as a file is read). What the page's address bar, the desktop's Paste link and
// `scanviz 'URL#s=...'` hand the app.
//
// An input whose first byte is 0xFF is a raw DEFLATE stream (the rest), put into a link as
// "#s=<base64url>", so the fuzzer reaches inflate's every path (damaged, cut short, a bomb) without
// having to find base64url first; any other input is the link's text itself.
//
// Beyond "no crash": a link that does not open says why in one line starting "this link does not
// open" (or names the missing "#s="); text that is no link is never read as one; decoded text is
// at most kMaxSessionBytes; an opened session, copied again (ShareFragment), makes a link that
// Copy link would copy (LinkRefusal empty, unless it is too long) and that opens as the same
// session (the same JSON).
#include <cstddef>
#include <cstdint>
#include <string>

#include "core/link/share_text.h"
#include "fuzz/fuzz_check.h"
#include "state/share_link.h"

namespace scanviz::fuzz {
namespace {

constexpr const char* kTarget = "fuzz_link";

void CheckRefused(const LinkLoad& load, const link::SharedText& shared) {
  const std::string& e = load.load.error;
  if (e.empty()) Fail(kTarget, "a link that did not open without a message");
  if (e.find('\n') != std::string::npos) Fail(kTarget, "a message of more than one line: " + e);
  if (shared.found && e.rfind("this link does not open", 0) != 0)
    Fail(kTarget, "a refused link's message does not say so: " + e);
}

void CheckCopiedAgain(const Session& s) {
  const std::string fragment = ShareFragment(s);
  const std::string why = LinkRefusal(fragment);
  const bool too_long = fragment.size() > link::kMaxLinkChars - kLinkAddressRoom;
  if (!why.empty() && !too_long) Fail(kTarget, "Copy link refuses an opened session: " + why);
  if (too_long && why.empty()) Fail(kTarget, "Copy link would copy a link past the limit");
  if (!why.empty()) return;
  const LinkLoad again = SessionFromLink("#" + fragment, {});
  if (!again.load.session)
    Fail(kTarget, "a link copied from an opened one does not open: " + again.load.error);
  Session lean = s;  // what a link carries: no recorded trace (ShareFragment names it by file)
  lean.trace.reset();
  lean.trace_origin.clear();
  lean.single_pass.reset();
  lean.single_pass_origin.clear();
  if (SessionToJson(*again.load.session) != SessionToJson(lean))
    Fail(kTarget, "a link copied from an opened one opens as another session");
}

}  // namespace
}  // namespace scanviz::fuzz

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace scanviz;
  std::string text(reinterpret_cast<const char*>(data), size);
  if (size > 0 && data[0] == 0xFF) text = "#s=" + link::Base64UrlEncode(text.substr(1));
  const link::SharedText shared = link::DecodeLink(text);
  if (shared.found != IsShareLink(text)) fuzz::Fail(fuzz::kTarget, "IsShareLink disagrees");
  if (shared.session_json.size() > link::kMaxSessionBytes)
    fuzz::Fail(fuzz::kTarget, "the decoded session is past the cap");
  if (!shared.found && !shared.session_json.empty())
    fuzz::Fail(fuzz::kTarget, "text without \"s=\" decoded as a link");
  const LinkLoad load = SessionFromLink(text, {});  // no traces folder: a named trace is a note
  if (!load.load.session) {
    fuzz::CheckRefused(load, shared);
    return 0;
  }
  if (!shared.error.empty()) fuzz::Fail(fuzz::kTarget, "a link with an error opened");
  fuzz::CheckCopiedAgain(*load.load.session);
  return 0;
}
