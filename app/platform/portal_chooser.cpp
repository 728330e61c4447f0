// The desktop's own file dialogs (portal_chooser.h) through libportal. The portal's reply comes
// on GLib's default main context; Poll runs that context's ready work and returns, so the ImGui
// frame goes on drawing while the dialog is up.
#include "platform/portal_chooser.h"

#include <gio/gio.h>
#include <libportal/portal.h>

#include <string>
#include <utility>

namespace scanviz {

namespace {

// How long the portal may take to say it is there (D-Bus may start it first, on a loaded
// machine): past that the path field shows. The user's own time in the dialog has no limit.
constexpr int kProbeMs = 20000;

constexpr const char* kPortal = "org.freedesktop.portal.Desktop";
constexpr const char* kPortalPath = "/org/freedesktop/portal/desktop";

std::string Why(const GError* err) {
  return err != nullptr && err->message != nullptr ? err->message : "no reason given";
}

// The request's filters as the portal takes them: a(sa(us)), 0 for a glob pattern.
GVariant* Filters(const std::vector<FileFilter>& filters) {
  GVariantBuilder all;
  g_variant_builder_init(&all, G_VARIANT_TYPE("a(sa(us))"));
  for (const FileFilter& f : filters) {
    GVariantBuilder patterns;
    g_variant_builder_init(&patterns, G_VARIANT_TYPE("a(us)"));
    for (const std::string& p : f.patterns) g_variant_builder_add(&patterns, "(us)", 0u, p.c_str());
    g_variant_builder_add(&all, "(s@a(us))", f.name.c_str(), g_variant_builder_end(&patterns));
  }
  return g_variant_ref_sink(g_variant_builder_end(&all));
}

// The first file of the portal's answer (a{sv} with "uris"), as a local path; "" where none.
std::string FirstPath(GVariant* results) {
  const char** uris = nullptr;
  std::string path;
  if (g_variant_lookup(results, "uris", "^a&s", &uris) && uris != nullptr && uris[0] != nullptr) {
    if (gchar* file = g_filename_from_uri(uris[0], nullptr, nullptr)) {
      path = file;
      g_free(file);
    }
  }
  g_free(static_cast<gpointer>(uris));
  return path;
}

class PortalChooser;

// One asynchronous call's tie back to its request: a reply to a request that was cancelled or
// replaced (its cancellable no longer the chooser's) changes nothing.
struct Call {
  PortalChooser* chooser;
  GCancellable* cancellable;  // a reference of its own, so that no later request reuses it
  bool save;                  // which dialog: its reply is read with that dialog's finish
};

class PortalChooser final : public FileChooser {
 public:
  ~PortalChooser() override {
    Cancel();
    // The cancelled calls' replies come on the next iterations; they must find this chooser.
    for (int i = 0; pending_ > 0 && i < 1000; ++i) g_main_context_iteration(nullptr, FALSE);
    g_clear_object(&cancellable_);
    g_clear_object(&portal_);
    g_clear_object(&bus_);
  }

  bool Start(const FileRequest& request, std::string* why) override;
  FileAnswer Poll(std::string* out) override;
  void Cancel() override;

 private:
  static void OnProbe(GObject* source, GAsyncResult* result, gpointer data);
  static void OnAnswer(GObject* source, GAsyncResult* result, gpointer data);
  // The chooser the call was for, while the call is still its current one; frees the tie.
  static PortalChooser* Current(gpointer data, bool* save = nullptr);
  gpointer NewCall() {
    ++pending_;
    return new Call{this, G_CANCELLABLE(g_object_ref(cancellable_)), request_.save};
  }
  void ShowDialog();
  void Finish(FileAnswer answer, std::string out);

  GDBusConnection* bus_ = nullptr;
  XdpPortal* portal_ = nullptr;
  GCancellable* cancellable_ = nullptr;  // the request's: Cancel closes its dialog
  std::string gave_up_;  // why no portal answers: every later Start falls back at once
  FileRequest request_;
  FileAnswer answer_ = FileAnswer::kWaiting;
  std::string out_;
  int pending_ = 0;  // calls whose replies have not come yet
};

bool PortalChooser::Start(const FileRequest& request, std::string* why) {
  if (gave_up_.empty() && bus_ == nullptr) {
    GError* err = nullptr;
    bus_ = g_bus_get_sync(G_BUS_TYPE_SESSION, nullptr, &err);
    if (bus_ == nullptr) gave_up_ = "no D-Bus session bus: " + Why(err);
    g_clear_error(&err);
  }
  if (!gave_up_.empty()) {
    *why = gave_up_;
    return false;
  }
  request_ = request;
  answer_ = FileAnswer::kWaiting;
  out_.clear();
  g_clear_object(&cancellable_);
  cancellable_ = g_cancellable_new();
  // Is a portal with a file chooser there? Its FileChooser's version, asked without waiting.
  g_dbus_connection_call(bus_, kPortal, kPortalPath, "org.freedesktop.DBus.Properties", "Get",
                         g_variant_new("(ss)", "org.freedesktop.portal.FileChooser", "version"),
                         G_VARIANT_TYPE("(v)"), G_DBUS_CALL_FLAGS_NONE, kProbeMs, cancellable_,
                         &PortalChooser::OnProbe, NewCall());
  return true;
}

FileAnswer PortalChooser::Poll(std::string* out) {
  // The default context's ready work, without waiting; bounded, so a busy bus cannot hold the
  // frame.
  for (int i = 0; i < 64 && g_main_context_iteration(nullptr, FALSE); ++i) {
  }
  *out = out_;
  return answer_;
}

void PortalChooser::Cancel() {
  if (cancellable_ != nullptr) g_cancellable_cancel(cancellable_);
  Finish(FileAnswer::kCancelled, {});
}

// Only the first answer counts: a reply that comes after Cancel changes nothing.
void PortalChooser::Finish(FileAnswer answer, std::string out) {
  if (answer_ != FileAnswer::kWaiting) return;
  answer_ = answer;
  out_ = std::move(out);
}

PortalChooser* PortalChooser::Current(gpointer data, bool* save) {
  auto* call = static_cast<Call*>(data);
  if (save != nullptr) *save = call->save;
  PortalChooser* me = call->chooser;
  --me->pending_;
  const bool current = call->cancellable == me->cancellable_ && me->answer_ == FileAnswer::kWaiting;
  g_object_unref(call->cancellable);
  delete call;
  return current ? me : nullptr;
}

void PortalChooser::OnProbe(GObject* source, GAsyncResult* result, gpointer data) {
  PortalChooser* me = Current(data);
  GError* err = nullptr;
  GVariant* reply = g_dbus_connection_call_finish(G_DBUS_CONNECTION(source), result, &err);
  if (reply != nullptr) g_variant_unref(reply);
  if (me == nullptr) {
    g_clear_error(&err);
    return;
  }
  if (reply != nullptr) {
    me->ShowDialog();
    return;
  }
  const bool late = g_error_matches(err, G_IO_ERROR, G_IO_ERROR_TIMED_OUT);
  me->gave_up_ = late ? "no portal answered within " + std::to_string(kProbeMs / 1000) + " s"
                      : "no xdg-desktop-portal file chooser: " + Why(err);
  me->Finish(FileAnswer::kFailed, me->gave_up_);
  g_clear_error(&err);
}

void PortalChooser::ShowDialog() {
  if (portal_ == nullptr) portal_ = xdp_portal_new();
  GVariant* filters = Filters(request_.filters);
  // No parent window: libportal makes one only from a GTK or Qt window, and this is GLFW's.
  if (request_.save) {
    xdp_portal_save_file(portal_, nullptr, request_.title.c_str(), request_.name.c_str(),
                         request_.folder.c_str(), nullptr, filters, nullptr, nullptr,
                         XDP_SAVE_FILE_FLAG_NONE, cancellable_, &PortalChooser::OnAnswer,
                         NewCall());
  } else {
    xdp_portal_open_file(portal_, nullptr, request_.title.c_str(), filters, nullptr, nullptr,
                         XDP_OPEN_FILE_FLAG_NONE, cancellable_, &PortalChooser::OnAnswer,
                         NewCall());
  }
  g_variant_unref(filters);
}

void PortalChooser::OnAnswer(GObject* source, GAsyncResult* result, gpointer data) {
  bool save = false;
  PortalChooser* me = Current(data, &save);
  GError* err = nullptr;
  XdpPortal* portal = XDP_PORTAL(source);
  GVariant* results = save ? xdp_portal_save_file_finish(portal, result, &err)
                           : xdp_portal_open_file_finish(portal, result, &err);
  if (me == nullptr) {  // a reply to a request closed or replaced since
    if (results != nullptr) g_variant_unref(results);
    g_clear_error(&err);
    return;
  }
  if (results != nullptr) {
    std::string path = FirstPath(results);
    g_variant_unref(results);
    if (path.empty()) {
      me->Finish(FileAnswer::kFailed, "the portal chose no local file");
    } else {
      me->Finish(FileAnswer::kChosen, std::move(path));
    }
  } else if (g_error_matches(err, G_IO_ERROR, G_IO_ERROR_CANCELLED)) {
    me->Finish(FileAnswer::kCancelled, {});  // the dialog's own Cancel, or ours
  } else {
    me->Finish(FileAnswer::kFailed, "the portal's dialog failed: " + Why(err));
  }
  g_clear_error(&err);
}

}  // namespace

std::unique_ptr<FileChooser> MakePortalChooser() {
  return std::make_unique<PortalChooser>();
}

}  // namespace scanviz
