"""File > Open and File > Save session through the desktop's own dialogs (issue #37, item 16),
driven as a person drives them: xdotool presses Ctrl+O in `scanviz` under Xvfb and types into
whatever dialog comes up; the app's --state-file says what it did.

1. No portal answers (DBUS_SESSION_BUS_ADDRESS points nowhere): the path field comes up, its note
   and the status line say why, and a path typed there opens the file.
2. xdg-desktop-portal and its GTK backend, started by a private dbus-daemon on the test's own X
   server: Ctrl+O shows the portal's GTK Open dialog (not the path field); a path typed into it
   (Ctrl+L, the path, Enter) opens that file in the app. Ctrl+Shift+S shows its Save dialog with
   the suggested name in the app's folder: Enter saves there. Escape in the app's window closes
   the portal's dialog. Skipped (the rest still runs) only where those programs are not installed.

Needs Xvfb, xdotool and python3; without one of them it reports SKIPPED (exit 77)."""
import json, os, shutil, subprocess, sys, time

from ui_test_support import SKIP, Checks, finish, make_workdir

HERE = os.path.dirname(os.path.abspath(__file__))
TRACE = os.path.normpath(os.path.join(HERE, "..", "..", "docs", "example-blelloch-h200.json"))
PORTAL = "/usr/libexec/xdg-desktop-portal"
PORTAL_GTK = "/usr/libexec/xdg-desktop-portal-gtk"
# The longest a state is waited for: only a check that fails waits this long (a loaded machine
# starting the portal, its backend and GTK can take seconds), three times as long under a sanitizer
# (scripts/sanitize.sh tsan), whose app draws a frame many times slower.
WAIT = 60 * (3 if os.environ.get("SCANVIZ_UNDER_SANITIZER") else 1)


class Session:
    """An X server, optionally a private session bus on it, and the app on both."""

    def __init__(self, app, workdir, name, bus):
        self.workdir = os.path.join(workdir, name)
        os.makedirs(self.workdir)
        self.procs = []
        self.log = None
        read_fd, write_fd = os.pipe()
        self.procs.append(subprocess.Popen(
            ["Xvfb", "-displayfd", str(write_fd), "-screen", "0", "1280x800x24", "-nolisten",
             "tcp", "-noreset", "-ardelay", "30000"], pass_fds=(write_fd,),
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        os.close(write_fd)
        with os.fdopen(read_fd) as f:
            display = f.readline().strip()
        if not display:
            raise RuntimeError("Xvfb did not start")
        # XDG_CURRENT_DESKTOP: the portal picks the backend made for the desktop (gtk.portal's
        # UseIn=gnome); GTK_USE_PORTAL=0: the GTK backend's own dialog is GTK's, not the portal's.
        self.env = dict(os.environ, DISPLAY=f":{display}", XDG_CURRENT_DESKTOP="GNOME",
                        GTK_USE_PORTAL="0", NO_AT_BRIDGE="1",
                        XDG_CONFIG_HOME=os.path.join(self.workdir, "config"),
                        XDG_DATA_HOME=os.path.join(self.workdir, "data"))
        self.env.pop("WAYLAND_DISPLAY", None)
        if bus:
            bus_log = open(os.path.join(self.workdir, "bus.log"), "w")
            daemon = subprocess.Popen(["dbus-daemon", "--session", "--nofork",
                                       "--print-address=1"], env=self.env,
                                      stdout=subprocess.PIPE, stderr=bus_log, text=True)
            self.procs.append(daemon)
            self.env["DBUS_SESSION_BUS_ADDRESS"] = daemon.stdout.readline().strip()
        else:
            self.env["DBUS_SESSION_BUS_ADDRESS"] = "unix:path=" + os.path.join(self.workdir, "none")
        self.state_path = os.path.join(self.workdir, "state.json")
        self.log = open(os.path.join(self.workdir, "app.log"), "w")
        self.app = subprocess.Popen([app, "--backend", "cpu", "--size", "1280x800",
                                     "--state-file", self.state_path], env=self.env,
                                    stdout=self.log, stderr=subprocess.STDOUT, cwd=self.workdir)
        self.procs.append(self.app)
        try:
            self.wait(lambda s: True, "the first frame")
        except Exception:
            self.close()
            raise
        self.pointer_on_app()

    def xdo(self, *args, check=True):
        return subprocess.run(["xdotool", *args], env=self.env, check=check, timeout=30,
                              capture_output=True, text=True)

    def pointer_on_app(self):
        # No window manager: the keys go to the window under the pointer (or the one focused).
        self.xdo("mousemove", "640", "700")
        wins = self.xdo("search", "--pid", str(self.app.pid), check=False).stdout.split()
        if wins:
            self.xdo("windowfocus", wins[-1], check=False)

    def state(self):
        try:
            with open(self.state_path, encoding="utf-8") as f:
                return json.load(f)
        except (OSError, ValueError):
            return None

    def wait(self, predicate, what, timeout=WAIT):
        deadline = time.time() + timeout
        while time.time() < deadline:
            if self.app.poll() is not None:
                raise RuntimeError(f"the app exited ({self.app.returncode}) waiting for {what}")
            s = self.state()
            if s is not None and predicate(s):
                return s
            time.sleep(0.05)
        return None

    def window(self, title, timeout=WAIT):
        """The X window whose name is `title` once it is mapped, else None."""
        deadline = time.time() + timeout
        while time.time() < deadline:
            r = self.xdo("search", "--onlyvisible", "--name", f"^{title}$", check=False)
            if r.stdout.split():
                return r.stdout.split()[0]
            time.sleep(0.1)
        return None

    def gone(self, win, timeout=WAIT):
        deadline = time.time() + timeout
        while time.time() < deadline:
            r = self.xdo("getwindowname", win, check=False)
            vis = self.xdo("search", "--onlyvisible", "--name", ".", check=False).stdout.split()
            if r.returncode != 0 or win not in vis:
                return True
            time.sleep(0.1)
        return False

    def type_into(self, win, *keys_then_text):
        """Focuses the dialog's window and presses the keys / types the text given."""
        self.xdo("windowfocus", "--sync", win, check=False)
        for k in keys_then_text:
            if k.startswith("key:"):
                self.xdo("key", "--clearmodifiers", k[4:])
            else:
                self.xdo("type", "--delay", "20", k)
            time.sleep(0.3)  # GTK's location entry completes as it is typed

    def screenshot(self, path):
        subprocess.run(["import", "-window", "root", path], env=self.env, check=False,
                       timeout=60)

    def close(self):
        for p in reversed(self.procs):
            p.terminate()
            try:
                p.wait(timeout=10)
            except subprocess.TimeoutExpired:
                p.kill()
        if self.log is not None:
            self.log.close()


def no_portal(app, workdir, expect):
    """The path field where no portal answers, saying why."""
    s = Session(app, workdir, "no-portal", bus=False)
    try:
        s.xdo("key", "ctrl+o")
        st = s.wait(lambda st: st["file_dialog"] == "open" and st["text_input"], "Ctrl+O")
        expect(st is not None, "no portal: Ctrl+O brought up no dialog with the keyboard")
        if st is None:
            return
        expect(st["file_via"] == "path", f"no portal: the dialog is {st['file_via']!r}, not the "
               "path field")
        expect("D-Bus" in st["file_note"] and "path field" in st["file_note"],
               f"no portal: the dialog's note does not say why: {st['file_note']!r}")
        expect(st["message"] == st["file_note"],
               f"no portal: the status line {st['message']!r} is not the note")
        s.screenshot(os.path.join(s.workdir, "fallback.png"))
        s.xdo("type", "--delay", "12", TRACE)
        s.xdo("key", "Return")
        st = s.wait(lambda st: st["file_dialog"] == "" and st["algorithm"] == "blelloch",
                    "the trace opened from the path field")
        expect(st is not None and st["backend"].startswith("recorded on NVIDIA H200"),
               f"no portal: the path typed did not open the trace: {st and st['backend']!r}")
    finally:
        s.close()


def portal_open(s, expect, shot):
    """Ctrl+O: the portal's dialog, a path typed into it, the trace opened."""
    s.xdo("key", "ctrl+o")
    st = s.wait(lambda st: st["file_via"] != "", "Ctrl+O")
    expect(st is not None and st["file_via"] == "desktop",
           f"portal: Ctrl+O gave {st and st['file_via']!r}, not the desktop's dialog "
           f"({st and st['file_note']!r})")
    win = s.window("Open a session or a trace")
    expect(win is not None, "portal: no window 'Open a session or a trace' came up")
    if win is None:
        return
    time.sleep(1)  # the dialog's first draw, for the screenshot
    if shot:
        s.screenshot(shot)
    s.type_into(win, "key:ctrl+l", TRACE, "key:Return")
    st = s.wait(lambda st: st["file_dialog"] == "" and st["algorithm"] == "blelloch",
                "the trace chosen in the portal's dialog")
    expect(st is not None and st["backend"].startswith("recorded on NVIDIA H200") and
           "opened the trace" in st["notice"],
           f"portal: the file chosen did not open: {st and (st['backend'], st['notice'])!r}")
    expect(s.gone(win), "portal: the Open dialog is still up after Enter")


def portal_save(s, expect):
    """Ctrl+Shift+S: the portal's Save dialog in the app's folder with the suggested name."""
    s.pointer_on_app()
    s.xdo("key", "ctrl+shift+s")
    win = s.window("Save the session")
    expect(win is not None, "portal: no window 'Save the session' came up")
    if win is None:
        return
    s.type_into(win, "key:Return")
    target = os.path.join(s.workdir, "lecture.scanviz")
    st = s.wait(lambda st: st["file_dialog"] == "" and os.path.exists(target),
                "the session saved from the portal's dialog")
    expect(st is not None, f"portal: Enter in the Save dialog did not save {target}")


def portal_escape(s, expect):
    """Escape in the app's window closes the portal's dialog; nothing opens."""
    s.pointer_on_app()
    s.xdo("key", "ctrl+o")
    win = s.window("Open a session or a trace")
    expect(win is not None, "portal: a second Ctrl+O brought up no dialog")
    if win is None:
        return
    s.pointer_on_app()
    s.xdo("key", "Escape")
    st = s.wait(lambda st: st["file_dialog"] == "", "Escape")
    expect(st is not None, "portal: Escape in the app's window left the request open")
    expect(s.gone(win), "portal: Escape in the app's window left the portal's dialog up")


def main():
    if len(sys.argv) < 2:
        print("usage: ui_portal_test.py path/to/scanviz [screenshot.png]")
        return 2
    missing = [t for t in ("Xvfb", "xdotool", "import") if not shutil.which(t)]
    if missing:
        print(f"SKIPPED: {', '.join(missing)} not found (scripts/setup.sh installs them)")
        return SKIP
    app = os.path.abspath(sys.argv[1])  # the app runs in its own folder
    shot = os.path.abspath(sys.argv[2]) if len(sys.argv) > 2 else None
    workdir = make_workdir("portal")
    expect = Checks()
    no_portal(app, workdir, expect)
    if all(os.path.exists(p) for p in (PORTAL, PORTAL_GTK)) and shutil.which("dbus-daemon"):
        s = Session(app, workdir, "portal", bus=True)
        try:
            portal_open(s, expect, shot)
            portal_save(s, expect)
            portal_escape(s, expect)
        finally:
            s.close()
    else:
        print("portal part SKIPPED: xdg-desktop-portal, xdg-desktop-portal-gtk or dbus-daemon "
              "not installed (scripts/setup.sh installs them)")
    return finish("ui_portal_test", workdir, expect.failures, expect.count)


if __name__ == "__main__":
    sys.exit(main())
