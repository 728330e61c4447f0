// View > Show QR code's text: the app's (app_window.h), since the link of the view is the
// platform's (the page's own address on the web, ShareLinkBase on the desktop).
#include "platform/app_window.h"
#include "seam/platform.h"

namespace scanviz {

void DrawQrCode(App& app, UiContext& ui) {
  const AppState& st = *app.state;
  const std::string text = st.classroom_students_url.empty() ? platform::LinkOf(st.ShareLink())
                                                             : st.classroom_students_url;
  if (app.qr.Draw(ui, text)) platform::CopyText(app, text);
}

}  // namespace scanviz
