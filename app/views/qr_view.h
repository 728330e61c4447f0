// View > Show QR code (J): the current view's link, or a classroom's address for the students
// (AppState::classroom_students_url), as a QR code over the whole window, large enough to scan
// from the back of a room: dark modules on white with the quiet zone whatever the theme, the
// address in text under it (Copy puts it on the clipboard), or in place of a code the one line
// why there is none (a link longer than any QR code holds). --dump-layout records it as the
// panel "qr" (detail "version V level M", or "refused"): its rectangle, the code's square (the
// line "qr", its text the encoded link) and the address ("address") or the reason ("refusal").
#pragma once

#include <string>

#include "qr/qr_code.h"
#include "views/views.h"

namespace scanviz {

class QrView {
 public:
  // Draws the code of `text` (encoded again only when the text changes). Returns whether its
  // Copy button was pressed (the caller copies Text()); its Close button clears ViewState::qr.
  bool Draw(UiContext& ui, const std::string& text);
  const std::string& Text() const { return m_text; }

 private:
  std::string m_text;
  qr::Code m_code;
  bool m_encoded = false;
};

}  // namespace scanviz
