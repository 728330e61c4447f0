// The desktop's own Open and Save dialogs through xdg-desktop-portal (libportal, Debian's
// libportal-dev): built only where libportal is found (SCANVIZ_HAVE_LIBPORTAL).
#pragma once
#include <memory>

#include "state/file_chooser.h"

namespace scanviz {

// A chooser that asks the session bus's org.freedesktop.portal.Desktop for its FileChooser, then
// shows its dialog. Asynchronous on GLib's default main context, which Poll iterates once a frame
// (nothing else in the app runs it): the frame loop never waits on it. Where no portal answers
// (no session bus, no portal, no FileChooser backend, no reply within kProbeMs) Start or Poll
// says why, and later requests go straight to the path field.
std::unique_ptr<FileChooser> MakePortalChooser();

}  // namespace scanviz
