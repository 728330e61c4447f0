"""The live app driven as a person drives it: real key presses, short taps, clicks and typing sent
by xdotool to `scanviz` running under Xvfb, and what happened read back from the app's
--state-file (the algorithm, each player's round, the input, which field has the keyboard).

Ctrl+S saves the figure (PNG and SVG) into the current folder and says so in the status line;
"All rounds" writes the GIF and the numbered sequence.

These are the lecture bugs a headless screenshot cannot see: a Tab that pushes the keyboard into
the Input box, a 12 ms clicker tap that never reaches a frame, Escape throwing away what was typed,
a half-typed array replacing the trace; and undo / redo with Ctrl+Z, Ctrl+Shift+Z and Ctrl+Y, the
controls' tooltips, the key help (F1, ?, Escape, a click outside).

Needs Xvfb, xdotool and python3; without one of them it reports SKIPPED (exit 77)."""
import json, os, platform, re, shutil, signal, subprocess, sys, tempfile, time

from ui_test_support import SKIP, finish, gif_info, inside, make_workdir, png_size, svg_cells

# Every run waits for the app's state, never for wall time: a click keeps the pointer on its
# control until the state file shows it taken, and a double-click is made in step with the app's
# frames and read on the app's own clock (Live.click, Live.double_click), so a loaded machine
# delays a check but does not fail it (docs/testing.md, Tests that hold on a busy machine).
# Under a sanitizer (scripts/sanitize.sh) the app is many times slower: waits last longer, and
# the run exists to find data races while the app's threads work. There, and only there: settle()
# also waits for the app to be asleep (Live.idle), and an input whose effect did not show once the
# app was asleep is sent once more, with a line "retried: ..." in the log (Live.send).
SLOW = 3 if os.environ.get("SCANVIZ_UNDER_SANITIZER") else 1
# The least a wait for a state lasts before it gives up, in seconds: a frame on a machine whose two
# cores a CPU hog shares (the CI stage under stress-ng) can take a second, and the callers' own
# timeouts (2 to 5 s) were written for an idle machine. Only a check that fails waits this long.
WAIT_FLOOR = 30

# The main thread asleep in glfwWaitEvents: poll or ppoll on the X connection, GLFW's empty-event
# pipe and (Linux) the joysticks' inotify descriptor. Its waits inside a frame are on one
# descriptor (xcb waiting for the X server) or a futex (Mesa's rasteriser threads).
_WAIT_SYSCALLS = {"x86_64": {7, 271}, "aarch64": {73}}.get(platform.machine())


def brief(s):
    """The state a failure message shows: what has the keyboard, which view, where the player is."""
    if not s:
        return "no state file"
    keys = ("algorithm", "multi_block", "opened_block", "text_input", "file_dialog", "file_error",
            "help", "selected", "panel", "input_text", "input_error", "notice", "message")
    out = {k: s.get(k) for k in keys if k in s}
    for k, v in out.items():  # n = 65536 types a long Input box
        if isinstance(v, str) and len(v) > 80:
            out[k] = v[:77] + "..."
    alg = s.get("algorithm")
    if alg in s.get("rounds", {}):
        out["round"] = s["rounds"][alg]
    if "grid" in s:
        out["grid"] = {k: s["grid"].get(k) for k in ("step", "of", "blocks")}
    values = s.get("values", [])
    out["values"] = values if len(values) <= 16 else f"{len(values)} values"
    return json.dumps(out, ensure_ascii=False)

TAP = ["--delay", "12"]  # xdotool: 12 ms between keys; each press and release back to back


class Live:
    def __init__(self, app, workdir, size=(1600, 900), config="config", args=()):
        self.workdir = workdir
        self.state_path = os.path.join(workdir, "state.json")
        # Over the figure's empty lower half, where no control (and no tooltip) is.
        self.rest = (str(size[0] // 2), str(size[1] * 5 // 6))
        # A free display: Xvfb picks one and writes its number to the pipe (-displayfd).
        read_fd, write_fd = os.pipe()
        # -noreset: no server reset between clients (a client connecting during one fails).
        # -ardelay: xdotool presses and releases a key 30 ms apart, but on a loaded machine it
        # can be held up between the two past the server's 660 ms autorepeat delay, and the key
        # repeats (one ↓ moved the keyboard two items): 30 s, which no stall reaches.
        self.xvfb = subprocess.Popen(["Xvfb", "-displayfd", str(write_fd), "-screen", "0",
                                      f"{size[0]}x{size[1]}x24", "-nolisten", "tcp",
                                      "-noreset", "-ardelay", "30000"],
                                     pass_fds=(write_fd,),
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(write_fd)
        with os.fdopen(read_fd) as f:
            display = f.readline().strip()
        if not display:
            raise RuntimeError("Xvfb did not start")
        self.env = dict(os.environ, DISPLAY=f":{display}",
                        XDG_CONFIG_HOME=os.path.join(workdir, config))
        self.log = open(os.path.join(workdir, "app.log"), "w")
        # In the work directory: Ctrl+S saves there (the current folder, no export folder set).
        self.app = subprocess.Popen([app, "--backend", "cpu", "--size", f"{size[0]}x{size[1]}",
                                     "--state-file", self.state_path, *args],
                                    env=self.env, stdout=self.log, stderr=subprocess.STDOUT,
                                    cwd=workdir)
        self.wait(lambda s: True, "the first frame", timeout=30)
        # Keys go to the window under the pointer (there is no window manager): rest it on the
        # figure's empty lower half.
        self.xdo("mousemove", *self.rest)
        time.sleep(0.2)

    def xdo(self, *args):
        subprocess.run(["xdotool", *args], env=self.env, check=True, timeout=30)

    def state(self):
        try:
            with open(self.state_path, encoding="utf-8") as f:
                return json.load(f)
        except (OSError, ValueError):
            return None

    def wait(self, predicate, what, timeout=5.0, poll=0.05):
        """The state once `predicate` holds, else None after `timeout` seconds, never less than
        WAIT_FLOOR (three times as long under a sanitizer, whose app draws a frame many times
        slower): a deadline only an app that never gets there reaches, never a measure."""
        deadline = time.time() + max(timeout, WAIT_FLOOR) * SLOW
        while time.time() < deadline:
            if self.app.poll() is not None:
                raise RuntimeError(f"the app exited ({self.app.returncode}) waiting for {what}")
            s = self.state()
            if s is not None and predicate(s):
                return s
            time.sleep(poll)
        return None

    def idle(self):
        """Whether the app's main thread is asleep waiting for events (in glfwWaitEvents): every
        event it was sent taken, its settle frames drawn, the state file written. None where that
        cannot be read (/proc/PID/syscall, an architecture not listed)."""
        try:
            if _WAIT_SYSCALLS is None:
                raise OSError(f"no syscall numbers for {platform.machine()}")
            with open(f"/proc/{self.app.pid}/syscall") as f:
                fields = f.read().split()
        except OSError as e:
            if not getattr(self, "idle_unknown", False):
                self.idle_unknown = True
                print(f"settle: cannot tell whether the app is asleep ({e}): the state file alone")
            return None
        try:
            return int(fields[0]) in _WAIT_SYSCALLS and int(fields[2], 16) >= 2
        except (IndexError, ValueError):  # "running", or a number we do not know
            return False

    def wait_idle(self, timeout):
        """Until idle() holds for three samples in a row; whether it did (None: cannot tell)."""
        deadline, run = time.time() + timeout, 0
        while time.time() < deadline:
            idle = self.idle()
            if idle is None:
                return None
            run = run + 1 if idle else 0
            if run >= 3:
                return True
            time.sleep(0.03)
        return False

    def settle(self, limit=None):
        """Waits until the state file stops changing (the queue drained, the frame drawn) and the
        app is asleep (idle): a frame that a loaded machine stalls for longer than the window is
        not the last one (CI once read a cell editor's state there: Enter on a bad value lets go
        of the field and takes it back two frames later). The plain run waits at most 3 s
        more for sleep (a player playing never sleeps). Under a sanitizer a frame that traces a
        large input on the main thread (n = 65536, the grid of 2000) takes seconds, so the app
        must be asleep for up to `limit` seconds (60), and then it is woken once by a 1-pixel
        pointer move and back and must settle again: once (in ten runs) it went to sleep with
        its state a frame behind, text_input false for a cell editor that had the keyboard. A
        state the nudge changed is printed. Sets self.settled_idle: whether it was seen asleep."""
        slow = SLOW > 1
        window = 0.8 if slow else 0.4
        limit = limit if limit is not None else (60 if slow else 30)
        last, stable_since, asleep, before_nudge = None, time.time(), 0, None
        deadline = time.time() + limit
        self.settled_idle = None
        while time.time() < deadline:
            s = self.state()
            if s != last:
                if before_nudge is not None and s is not None:
                    changed = sorted(k for k in s if k not in ("widgets", "tooltip",
                                                               "tooltip_rect") and
                                     s.get(k) != before_nudge.get(k))
                    if changed:
                        print("settle: the app had gone to sleep a frame early; woken by a pointer "
                              "move its state changed: " + ", ".join(
                                  f"{k} {before_nudge.get(k)!r} -> {s.get(k)!r}"[:160]
                                  for k in changed))
                        before_nudge = s
                last, stable_since, asleep = s, time.time(), 0
            elif time.time() - stable_since > window:
                if not slow:
                    # Unchanged for 0.4 s, and asleep (or cannot tell, or 3 s more have
                    # passed: a player playing never sleeps): a frame that a loaded machine
                    # stalls for longer than the window must not be read as the last one.
                    if self.idle() is not False or time.time() - stable_since > window + 3.0:
                        break
                    time.sleep(0.02)
                    continue
                idle = self.idle()
                if idle is None:  # cannot tell: as in the plain run
                    break
                asleep = asleep + 1 if idle else 0
                if asleep >= 3 and before_nudge is not None:
                    self.settled_idle = True
                    break
                if asleep >= 3:
                    before_nudge, asleep = last, 0
                    self.xdo("mousemove_relative", "--", "1", "0", "mousemove_relative", "--",
                             "-1", "0")
                    time.sleep(0.1)  # the motion delivered: the app is awake (idle() false)
                    continue
            time.sleep(0.05)
        else:
            if slow:
                self.settled_idle = False
                print(f"settle: the app was still busy after {limit} s: {brief(last)}")
        return last

    def send(self, send, predicate, what, timeout=5.0):
        """send() (keys, a click), then the state once `predicate` holds, else None. Under a
        sanitizer only: when the effect has not shown by the timeout and the app is asleep with it
        still not shown (so the input cannot be on its way), the input is sent once more and the
        log says "retried: <what>". The plain run never sends twice: there a lost input fails."""
        send()
        s = self.wait(predicate, what, timeout)
        if s is not None or SLOW == 1:
            return s
        s = self.settle()
        if s is not None and predicate(s):
            print(f"late: {what} (after the app went to sleep, not within {timeout * SLOW:g} s)")
            return s
        if not self.settled_idle:
            print(f"not retried: {what} (the app is still busy, a second input could act twice): "
                  f"{brief(s)}")
            return None
        print(f"retried: {what} (not shown within {timeout * SLOW:g} s, the app asleep): {brief(s)}")
        send()
        return self.wait(predicate, what, timeout)

    def open_dialog(self, key, kind, what):
        """Presses `key` (Ctrl+O, Ctrl+Shift+S); the state once the file dialog of `kind` ("open",
        "save") is up with the keyboard in its path field, else None. Under a sanitizer the app
        is asleep first, so that nothing an earlier step left (a retrace on the main thread) is
        still on its way; the plain run presses the key at once."""
        if SLOW > 1:
            self.settle()
        return self.send(lambda: self.keys(key),
                         lambda s: s["file_dialog"] == kind and s["text_input"], what)

    def keys(self, *names):
        self.xdo("key", *TAP, *names)

    def screenshot(self, name):
        """The screen as it is now, into the work directory (kept when a check failed); its name,
        or why there is none."""
        path = os.path.join(self.workdir, name)
        try:
            subprocess.run(["import", "-window", "root", path], env=self.env, check=True,
                           timeout=30, capture_output=True)
            return os.path.basename(path)
        except (OSError, subprocess.SubprocessError) as e:
            return f"no screenshot ({e})"

    def click(self, widget, fx=0.5):
        """Clicks `widget` at `fx` of its width (its middle unless said). ImGui (1.86's GLFW
        backend) reads the pointer where it is when a frame starts, not where it was clicked, and
        a button acts on the frame that sees it up again: the pointer stays on the control until
        the state file shows the click taken and the button up (on a loaded machine that frame
        can come seconds later), then goes back over the figure."""
        x, y, w, h = self.state()["widgets"][widget]
        clicks = self.state()["mouse"]["clicks"]
        self.xdo("mousemove", str(int(x + w * fx)), str(int(y + h / 2)), "click", "1")
        self.wait(lambda s: s["mouse"]["clicks"] > clicks and not s["mouse"]["down"],
                  f"a click on {widget} taken", 10)
        self.xdo("mousemove", *self.rest)  # back off the control, over the figure

    def double_click(self, widget):
        """Double-clicks `widget` (an input cell: its editor opens) as the app defines a
        double-click; the state once a text field has the keyboard, else None. Dear ImGui 1.86
        reads the button once a frame: a press is a click in the frame that sees it down after a
        frame that saw it up, and two clicks are a double-click when the frames that took them
        are less than io.MouseDoubleClickTime (0.30 s) apart on its own clock. So the second
        click goes once the state file shows the first taken and the button seen up again (sent
        earlier, both can land in one frame and make one click), and the app's clock, read back
        from the state file, says whether the two were a double-click. Where a busy machine held
        the frames further apart than that, the app saw two clicks, not a double-click: the pair
        is sent again (up to 8 times, each in the log). Two clicks that were a double-click on
        the app's clock and did not open the editor fail: that is the app's fault."""
        x, y, w, h = self.state()["widgets"][widget]
        self.xdo("mousemove", str(int(x + w / 2)), str(int(y + h / 2)))
        gaps = []
        for attempt in range(8):
            before = self.settle()  # the hover's frames drawn; no click of before is near
            clicks = before["mouse"]["clicks"]
            self.xdo("click", "1")
            first = self.wait(lambda s: s["mouse"]["clicks"] > clicks and not s["mouse"]["down"],
                              "the first click taken and the button seen up", 10, poll=0.005)
            if first is None:
                return None
            self.xdo("click", "1")
            second = self.wait(lambda s: s["mouse"]["clicks"] > first["mouse"]["clicks"],
                               "the second click taken", 10, poll=0.005)
            if second is None:
                return None
            m = second["mouse"]
            gaps.append(m["click_time"] - m["previous_click_time"])
            if gaps[-1] < m["double_click_time"]:
                return self.wait(lambda s: s["text_input"], f"the editor of {widget}", 5)
            print(f"not a double-click on {widget}: the app took the clicks {gaps[-1]:.2f} s "
                  f"apart on its clock (over {m['double_click_time']:.2f} s); sent again")
        return None

    def close(self):
        """Quits as a user does (Ctrl+Q); returns the app's exit code."""
        try:
            self.keys("ctrl+q")
        except subprocess.CalledProcessError:
            self.app.send_signal(signal.SIGTERM)
        try:
            rc = self.app.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.app.kill()
            rc = "killed"
        self.xvfb.terminate()
        self.xvfb.wait(timeout=10)
        self.log.close()
        return rc


def overlaps(a, b):
    """Whether rectangles a and b ([x, y, w, h]) share any area."""
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


def tooltips_at_1024(live, expect):
    """Issue #26 item 17, in the lecture hall's 1024x768 window: tooltips covered what they
    explain. The n field's ran past the window's right edge; the cell editor's hid the error under
    the field until the mouse moved; an application's element hid the cells it is about."""
    window = [0, 0, 1024, 768]

    def hover(x, y, what, want=lambda tip: tip != ""):
        live.xdo("mousemove", str(int(x)), str(int(y)))
        return live.wait(lambda s: want(s["tooltip"]) and s["tooltip_rect"][2] > 0, what, 3)

    s = live.settle(limit=120 if SLOW > 1 else None)
    x, y, w, h = s["widgets"]["n"]
    s = hover(x + min(w / 2, 20), y + h / 2, "the n field's tooltip")
    expect(s is not None and inside(s["tooltip_rect"], window),
           f"the n field's tooltip at 1024x768: {s and s['tooltip_rect']}, wanted in {window}")
    live.xdo("mousemove", *live.rest)
    # The pointer stays on the cell after the double-click, over the editor's field.
    s = live.double_click("input[2]")
    expect(s is not None, "at 1024x768 a double-click on input[2] did not open its editor")
    live.keys("ctrl+a")
    live.xdo("type", "--delay", "12", "abc")
    s = live.settle()
    error, tip = s["widgets"].get("cell_error"), s["tooltip_rect"]
    expect(s["text_input"] and error is not None and (tip[2] == 0 or not overlaps(tip, error)),
           f"the cell editor's error {error} under the tooltip {tip} ({s['tooltip']!r})")
    expect(error is not None and inside(error, window),
           f"the cell editor's error at {error}, wanted in the window")
    live.keys("Escape")
    live.settle()
    s = live.send(lambda: live.click("apps"), lambda s: s["kind"] == "applications" and
                  "application_figure" in s["widgets"], "Applications")
    expect(s is not None, "a click on Applications did not show the applications view")
    if s is None:
        return
    fig = s["widgets"]["application_figure"]
    # The input row's first cell: under the index ruler, the first row's middle.
    s = hover(fig[0] + 6, fig[1] + 32, "an element's tooltip",
              lambda tip: tip.startswith("element 0"))
    expect(s is not None and not overlaps(s["tooltip_rect"], fig) and
           inside(s["tooltip_rect"], window),
           f"element 0's tooltip {s and s['tooltip_rect']} over the figure's rows {fig}")
    live.xdo("mousemove", *live.rest)


def main():
    missing = [t for t in ("Xvfb", "xdotool") if not shutil.which(t)]
    if missing:
        print(f"SKIPPED: {' and '.join(missing)} not found (scripts/setup.sh installs them)")
        return SKIP
    app = sys.argv[1]
    workdir = make_workdir("live")
    failures, checks = [], 0
    live = None

    def expect(ok, message):
        """A check; a failure's message carries the app's state as it is now (what has the
        keyboard, the dialog, the view) and the name of a screenshot taken then, kept in the
        work directory, so that the log can say what happened."""
        nonlocal checks
        checks += 1
        if not ok:
            state = live.state() if live is not None and live.app.poll() is None else None
            if state:
                shot = live.screenshot(f"fail-{checks}.png")
                message += f"\n     state: {brief(state)}\n     screen: {shot}"
            failures.append(message)
        return ok

    live = Live(app, workdir)
    try:
        # Under a sanitizer the work and depth series (a background thread, started after the
        # first frame) takes many seconds, and the app draws frames until it is done.
        s = live.settle(limit=120 if SLOW > 1 else None)
        expect(s["algorithm"] == "hillis-steele" and s["values"] == [3, 1, 7, 0, 4, 1, 6, 3],
               f"start: {s['algorithm']} {s['values']}, wanted the chapters' example")

        # Asleep when idle: once the main thread sleeps (the work and depth series, which keeps
        # it drawing, done: seconds on a loaded machine), left alone for 10 s it uses under 0.2 s
        # of CPU (its own, not the process's); then a key still wakes it. CPU used, not time
        # taken: a loaded machine does not make a sleeping thread use more.
        live.wait_idle(60 * SLOW)
        ticks = os.sysconf("SC_CLK_TCK")

        def cpu_seconds():
            with open(f"/proc/{live.app.pid}/task/{live.app.pid}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
            return (int(fields[11]) + int(fields[12])) / ticks  # utime + stime

        sanitizer = os.environ.get("SCANVIZ_UNDER_SANITIZER")
        if sanitizer:
            print(f"idle CPU: not measured under {sanitizer} (its runtime's threads use CPU of "
                  "their own); the plain build's run measures it")
        else:
            before = cpu_seconds()
            time.sleep(10)
            idle = cpu_seconds() - before
            expect(idle < 0.2,
                   f"left alone for 10 s the app's main thread used {idle:.2f} s of CPU, "
                   "wanted < 0.2")
        live.keys("Home")
        s = live.wait(lambda s: s["rounds"]["hillis-steele"]["round"] == 0, "Home after idling", 30)
        expect(s is not None, "Home after 10 s idle: never shown (the key did not wake the app)")
        live.keys("End")
        live.wait(lambda s: s["rounds"]["hillis-steele"]["round"] == 3, "End", 2)

        # A figure larger than its pane (Ctrl+= eight times) is panned to show the current round;
        # at its usual size again (Ctrl+0) it fits, and no pan is left over to hide its top (nor
        # the next kind's: the grid at n = 8 lost its input rows to one).
        live.keys(*["ctrl+equal"] * 8)
        s = live.wait(lambda s: s["pan_y"] != 0, "Ctrl+= eight times", 3)
        expect(s is not None, "eight Ctrl+=: the figure was not panned to the current round")
        live.keys("ctrl+0")
        s = live.wait(lambda s: s["pan_y"] == 0, "Ctrl+0", 3)
        expect(s is not None, f"Ctrl+0: the figure fits, yet pan_y is {live.state()['pan_y']}")

        # The Tab trap: a click on |< gives its window the keyboard; Tab must switch the algorithm
        # and leave the Input box alone, so that 5 and the arrows stay shortcuts.
        live.click("first")
        s = live.send(lambda: live.keys("Tab"), lambda s: s["algorithm"] == "blelloch",
                      "Tab to Blelloch")
        expect(s is not None, "Tab after clicking |< did not switch to Blelloch")
        s = live.settle()
        expect(not s["text_input"], "Tab after clicking |< put the keyboard in a text field")
        live.keys("5", "Right", "Right")
        s = live.settle()
        expect(s["values"] == [3, 1, 7, 0, 4, 1, 6, 3] and s["input_text"] == "3 1 7 0 4 1 6 3",
               f"5 Right Right after Tab edited the input: {s['input_text']!r}")
        expect(s["panel"] == "numerics", f"5 chose the {s['panel']} tab, wanted numerics")
        expect(s["rounds"]["blelloch"]["round"] == 2,
               f"Right Right stepped to round {s['rounds']['blelloch']['round']}, wanted 2")

        # Short taps, as a clicker sends them: Home, then five 12 ms Rights, five times over.
        for attempt in range(5):
            live.keys("Home", "Right", "Right", "Right", "Right", "Right")
            s = live.settle()
            expect(s["rounds"]["blelloch"]["round"] == 5,
                   f"try {attempt + 1}: Home + 5 quick Rights reached round "
                   f"{s['rounds']['blelloch']['round']}, wanted 5")
        live.keys("End")
        s = live.settle()
        expect(s["rounds"]["blelloch"]["round"] == s["rounds"]["blelloch"]["of"] - 1,
               "End did not reach the last round")

        # Ctrl+S: the figure at this round as PNG (the window's size) and SVG, named after the
        # algorithm and the round its heading says (issue #37 item 15: "round 6 of 6" was saved as
        # round7, the step's index); a second save takes the next free name; the status line says
        # where.
        # The heading counts the down-sweep's own rounds, as the chapter does ("down-sweep round 3
        # of 3"), and the file names the sweep with it: "down-sweep-round3".
        heading = re.search(r"^(?:(\S+) )?round (\d+) of (\d+)", s["step"]["caption"])
        expect(heading is not None and heading.group(2) == heading.group(3),
               f"End: the heading {s['step']['caption']!r} names no last round")
        last = s["rounds"]["blelloch"]["round"]
        named = "?"
        if heading:
            named = (heading.group(1) + "-" if heading.group(1) else "") + "round" + heading.group(2)
        stem = os.path.join(workdir, f"scanviz-blelloch-{named}")
        live.keys("ctrl+s")
        s = live.wait(lambda s: s["notice"] != "", "the notice of Ctrl+S", timeout=10)
        expect(s is not None and f"scanviz-blelloch-{named}.png and .svg" in s["notice"]
               and workdir in s["notice"], f"Ctrl+S: notice {s and s['notice']!r}")
        if expect(os.path.exists(stem + ".png") and os.path.exists(stem + ".svg"),
                  f"Ctrl+S wrote {sorted(os.listdir(workdir))}, wanted {stem}.png and .svg"):
            expect(png_size(stem + ".png") == (1600, 900),
                   f"Ctrl+S: the PNG is {png_size(stem + '.png')}, wanted the window's 1600x900")
            rounds = {r for (r, b, p) in svg_cells(stem + ".svg") if r >= 0}
            expect(rounds == set(range(last + 1)),
                   f"Ctrl+S: the SVG draws rounds {sorted(rounds)}, wanted 0..{last}")
        live.keys("ctrl+s")
        s = live.wait(lambda s: f"{named}-2.png" in s["notice"], "a second Ctrl+S",
                      timeout=10)
        expect(s is not None and os.path.exists(stem + "-2.png") and os.path.exists(stem + "-2.svg"),
               f"a second Ctrl+S: {sorted(os.listdir(workdir))}, notice {s and s['notice']!r}")
        # In the Input box Ctrl+S is the box's: nothing is saved.
        live.click("input")
        live.keys("ctrl+s")
        s = live.settle()
        expect(not os.path.exists(stem + "-3.png"), "Ctrl+S in the Input box saved a figure")
        live.keys("Escape")
        live.settle()
        # "All rounds": the GIF (one frame a round) and the folder of numbered PNGs and SVGs.
        live.click("export_rounds")
        s = live.wait(lambda s: "rounds" in s["notice"], "the notice of All rounds", timeout=30)
        gif = os.path.join(workdir, "scanviz-blelloch.gif")
        folder = os.path.join(workdir, "scanviz-blelloch-rounds")
        count = live.state()["rounds"]["blelloch"]["of"]
        no_gif = s is not None and "no GIF" in s["notice"]  # a build without giflib says so
        if expect(s is not None and (no_gif or os.path.exists(gif)) and os.path.isdir(folder),
                  f"All rounds: {sorted(os.listdir(workdir))}, notice {s and s['notice']!r}"):
            expect(no_gif or gif_info(gif)[2] == count,
                   f"All rounds: the GIF has {gif_info(gif)[2]} frames, the trace {count} rounds")
            expect(len(os.listdir(folder)) == 2 * count,
                   f"All rounds: {len(os.listdir(folder))} files, wanted {2 * count}")
        expect(live.state()["rounds"]["blelloch"]["round"] == last,
               "exporting every round moved the player")
        s = live.send(lambda: live.keys("Home", "space"),
                      lambda s: s["rounds"]["blelloch"]["playing"], "Space to play", timeout=3)
        expect(s is not None, "a quick Space tap did not start playing")
        s = live.send(lambda: live.keys("space"),
                      lambda s: not s["rounds"]["blelloch"]["playing"], "Space to pause", timeout=3)
        expect(s is not None, "a second quick Space tap did not pause")

        # Typing over the array: nothing is applied while the box has the keyboard; an invalid
        # text stays, with its error, and the trace stays the last good one; Escape leaves the
        # box keeping the text; arrows in the box move the cursor, not the player.
        live.keys("End")
        s = live.settle()
        before, steps = s["rounds"]["blelloch"]["round"], s["undo"]
        live.click("input")
        s = live.settle()
        expect(s["text_input"], "a click in the Input box did not give it the keyboard")
        live.keys("ctrl+a")
        live.xdo("type", "--delay", "12", "1,,x")
        live.keys("Left", "Left")
        s = live.settle()
        expect(s["values"] == [3, 1, 7, 0, 4, 1, 6, 3],
               f"half-typed text replaced the trace: values {s['values']}")
        expect(s["rounds"]["blelloch"]["round"] == before,
               "arrow keys in the Input box stepped the player")
        live.keys("Escape")
        s = live.settle()
        expect(not s["text_input"], "Escape did not leave the Input box")
        expect(s["input_text"] == "1,,x",
               f"Escape threw away what was typed: the box holds {s['input_text']!r}")
        expect(s["input_error"] != "", "an invalid text left no error")
        expect(s["values"] == [3, 1, 7, 0, 4, 1, 6, 3],
               f"an invalid text changed the trace: values {s['values']}")
        # Issue #26 item 19: leaving the box with it is no undo step (its undo changed nothing).
        expect(s["undo"] == steps, f"leaving the box with an invalid text: {s['undo']} undo "
               f"steps, wanted {steps}")
        live.click("input")
        live.keys("ctrl+a")
        live.xdo("type", "--delay", "12", "5 6 7 8 9")
        live.keys("Return")
        s = live.settle()
        expect(s["values"] == [5, 6, 7, 8, 9] and s["input_error"] == "",
               f"Enter did not apply '5 6 7 8 9': values {s['values']}, error {s['input_error']!r}")
        expect(not s["text_input"], "Enter left the keyboard in the Input box")
        expect(s["rounds"]["blelloch"]["round"] == s["rounds"]["blelloch"]["of"] - 1,
               "the last round did not stay the last after the edit")
        # In place: double-click an input cell, a bad value stays in its editor (Enter does not
        # apply it), a good one replaces the cell; Escape cancels.
        s = live.double_click("input[2]")
        expect(s is not None, "a double-click on input[2] did not open its editor")
        live.keys("ctrl+a")
        live.xdo("type", "--delay", "12", "abc")
        live.keys("Return")
        s = live.settle()
        expect(s["values"] == [5, 6, 7, 8, 9] and s["text_input"],
               f"a bad value in the cell editor: values {s['values']}, editor open {s['text_input']}")
        live.keys("ctrl+a")
        live.xdo("type", "--delay", "12", "40")
        live.keys("Return")
        s = live.settle()
        expect(s["values"] == [5, 6, 40, 8, 9] and not s["text_input"],
               f"40 in the cell editor: values {s['values']}, editor open {s['text_input']}")
        s = live.double_click("input[2]")
        expect(s is not None, "a second double-click on input[2] did not open its editor")
        live.xdo("type", "--delay", "12", "1")
        live.keys("Escape")
        s = live.settle()
        expect(s["values"] == [5, 6, 40, 8, 9] and not s["text_input"],
               f"Escape in the cell editor: values {s['values']}, editor open {s['text_input']}")
        live.xdo("mousemove", "800", "750")
        # Escape closes a popup (the export options) and does nothing else: the selected cell
        # stays selected; a second Escape, with no popup open, drops it.
        before = live.settle()
        if before["selected"] is None:  # the double-click's first click may have dropped it
            before = live.send(lambda: live.click("input[3]"), lambda s: s["selected"] is not None,
                               "a click on input[3] selects it") or live.settle()
        expect(before["selected"] is not None and not before["popup"],
               f"before the export options: selected {before['selected']}, popup {before['popup']}")
        s = live.send(lambda: live.click("export_options"), lambda s: s["popup"],
                      "Options… opens the export options")
        expect(s is not None, "Options… did not open the export options")
        s = live.send(lambda: live.keys("Escape"), lambda s: not s["popup"],
                      "Escape closes the export options")
        expect(s is not None, "Escape did not close the export options")
        s = live.settle()
        expect(s["selected"] == before["selected"],
               f"Escape on the popup also dropped the selection: {s['selected']}")
        s = live.send(lambda: live.keys("Escape"), lambda s: s["selected"] is None,
                      "a second Escape drops the selection")
        expect(s is not None, "a second Escape did not drop the selected cell")

        # Undo and redo of input edits: Ctrl+Z takes back the cell, then the typed text, which
        # brings back the invalid text left with Escape (with its error; that was no step of its
        # own); Ctrl+Shift+Z and Ctrl+Y bring them back.
        # The last round stays the last throughout.
        def last_round(s):
            return s["rounds"]["blelloch"]["round"] == s["rounds"]["blelloch"]["of"] - 1

        live.keys("ctrl+z")
        s = live.settle()
        expect(s["values"] == [5, 6, 7, 8, 9] and s["input_text"] == "5 6 7 8 9",
               f"Ctrl+Z after the cell edit: values {s['values']}, text {s['input_text']!r}")
        expect(s["redo"] == 1, f"Ctrl+Z left {s['redo']} redo steps, wanted 1")
        live.keys("ctrl+z")
        s = live.settle()
        expect(s["input_text"] == "1,,x" and s["input_error"] != "" and
               s["values"] == [3, 1, 7, 0, 4, 1, 6, 3],
               f"a second Ctrl+Z: text {s['input_text']!r}, error {s['input_error']!r}, "
               f"values {s['values']}")
        expect(last_round(s), "the last round did not stay the last after an undo")
        live.keys("ctrl+shift+z")
        s = live.settle()
        expect(s["values"] == [5, 6, 7, 8, 9] and s["input_error"] == "",
               f"Ctrl+Shift+Z: values {s['values']}, error {s['input_error']!r}")
        live.keys("ctrl+y")
        s = live.settle()
        expect(s["values"] == [5, 6, 40, 8, 9] and s["redo"] == 0,
               f"Ctrl+Y: values {s['values']}, {s['redo']} redo steps left")
        expect(last_round(s), "the last round did not stay the last after a redo")
        # The Undo button does the same, and its tooltip names the edit and the key.
        x, y, w, h = live.state()["widgets"]["undo"]
        live.xdo("mousemove", str(int(x + w / 2)), str(int(y + h / 2)))
        s = live.wait(lambda s: s["tooltip"] != "", "the Undo button's tooltip", timeout=3)
        expect(s is not None and "cell 2" in s["tooltip"] and "(Ctrl+Z)" in s["tooltip"],
               f"the Undo button's tooltip: {s and s['tooltip']!r}")
        live.click("undo")
        s = live.settle()
        expect(s["values"] == [5, 6, 7, 8, 9], f"the Undo button: values {s['values']}")
        live.click("redo")
        s = live.settle()
        expect(s["values"] == [5, 6, 40, 8, 9], f"the Redo button: values {s['values']}")

        # Tooltips: every control says what it does, and its key where it has one.
        for widget, key in (("n", None), ("randomise", None), ("presets", None),
                            ("op max", None), ("first", "(Home)"), ("keys", "(F1 or ?)")):
            live.xdo("mousemove", "800", "750")  # off every control: no tooltip
            live.wait(lambda s: s["tooltip"] == "", "no tooltip", timeout=3)
            x, y, w, h = live.state()["widgets"][widget]
            live.xdo("mousemove", str(int(x + min(w / 2, 20))), str(int(y + h / 2)))
            s = live.wait(lambda s: s["tooltip"] != "", f"{widget}'s tooltip", timeout=3)
            tip = s["tooltip"] if s else ""
            expect(tip != "" and (key is None or key in tip),
                   f"hovering {widget}: tooltip {tip!r}" + (f", wanted {key} in it" if key else ""))
        live.xdo("mousemove", "800", "750")

        # The help: F1 opens it, it keeps the keys (Right does not step), Escape closes it and
        # does not also drop the selected cell; ? (Shift+/) opens it, a click outside closes it.
        live.click("input[1]")
        s = live.settle()
        expect(s["selected"] is not None, "a click on input[1] did not select it")
        round_before = s["rounds"]["blelloch"]["round"]
        s = live.send(lambda: live.keys("F1"), lambda s: s["help"], "F1 to open the help",
                      timeout=3)
        expect(s is not None, "F1 did not open the help")
        live.keys("Home")
        s = live.settle()
        expect(s["help"] and s["rounds"]["blelloch"]["round"] == round_before,
               "Home stepped the player behind the open help")
        live.keys("Escape")
        s = live.settle()
        expect(not s["help"], "Escape did not close the help")
        expect(s["selected"] is not None, "the Escape that closed the help also dropped the selection")
        s = live.send(lambda: live.keys("question"), lambda s: s["help"], "? to open the help",
                      timeout=3)
        expect(s is not None, "? (Shift+/) did not open the help")
        live.xdo("mousemove", "20", "880", "click", "1")
        s = live.wait(lambda s: not s["help"], "a click outside to close the help", timeout=3)
        expect(s is not None, "a click outside the help did not close it")
        live.xdo("mousemove", "800", "750")
        live.keys("Escape")
        s = live.settle()
        expect(s["selected"] is None, "Escape with the help closed did not drop the selection")

        # The n field: 2000 is taken (the multi-block scan scans it all), and the note says a
        # block scan shows the first 1024; 70000 becomes 65536 and says why.
        live.click("n", fx=0.15)  # the number, not its - and + buttons
        live.keys("ctrl+a")
        live.xdo("type", "--delay", "12", "70000")
        live.keys("Return")
        s = live.settle()
        expect(len(s["values"]) == 65536 and "65536" in s["n_note"],
               f"n = 70000: {len(s['values'])} values, note {s.get('n_note')!r}")
        live.click("n", fx=0.15)
        live.keys("ctrl+a")
        live.xdo("type", "--delay", "12", "2000")
        live.keys("Return")
        s = live.settle()
        expect(len(s["values"]) == 2000 and "first 1024" in s["n_note"],
               f"n = 2000: {len(s['values'])} values, note {s.get('n_note')!r}")

        live.keys("Tab")
        s = live.settle()
        expect(s["algorithm"] == "warp-shuffle" and not s["text_input"],
               f"Tab after an edit: {s['algorithm']}, keyboard in a field: {s['text_input']}")

        # Issue #26 item 7, the Tab trap in the fields: Tab in the n field (or the input box)
        # went from field to field and stayed there. It leaves the field and switches the
        # algorithm, each time.
        for field in ("n", "input"):
            before = live.state()["algorithm"]
            live.click(field, fx=0.15)
            s = live.wait(lambda s: s["text_input"], f"a click into the {field} field", 10)
            expect(s is not None, f"a click into the {field} field gave it no keyboard")
            live.keys("Tab")
            s = live.settle()
            expect(s["algorithm"] != before and not s["text_input"],
                   f"Tab in the {field} field: {before} -> {s['algorithm']}, keyboard in a "
                   f"field: {s['text_input']}")
            again = s["algorithm"]
            live.keys("Tab")
            s = live.settle()
            expect(s["algorithm"] != again and not s["text_input"],
                   f"a second Tab after the {field} field: {again} -> {s['algorithm']}")
        # Four Tabs went round the block scans and the multi-block scan (five in the cycle):
        # one more is back on the warp-shuffle scan, where the steps below expect it.
        live.keys("Tab")
        s = live.settle()
        expect(s["algorithm"] == "warp-shuffle", f"the fifth Tab: {s['algorithm']}")

        # The multi-block scan: M shows the grid; the chapters' example typed into the Input
        # box; Right steps through the phases; a click on block 1 opens its rounds in the
        # single-block view; Escape returns to the grid; M leaves it.
        # Under a sanitizer the grid of the 2000 values just typed takes seconds to trace.
        s = live.send(lambda: live.keys("m"), lambda s: s.get("multi_block"), "M: the grid view",
                      20)
        expect(s is not None, "M did not show the multi-block scan")
        live.click("input")
        live.keys("ctrl+a")
        live.xdo("type", "--delay", "12", "3 1 7 0 4 1 6 3 5 2 8 1 9")
        live.keys("Return")
        s = live.wait(lambda s: s["values"] == [3, 1, 7, 0, 4, 1, 6, 3, 5, 2, 8, 1, 9] and
                      not s["text_input"], "the example typed", 20)
        expect(s is not None and s.get("grid", {}).get("blocks") == 4 and not s.get("grid", {}).get("problems"),
               f"the example in blocks of 4: {s and s.get('grid')}")
        live.keys("Home", "Right")
        s = live.wait(lambda s: s.get("grid", {}).get("step") == 1, "Right: phase 2", 15)
        expect(s is not None and s.get("grid", {}).get("of") == 3, f"Home, Right: {live.state().get('grid')}")
        s = live.settle()
        expect("block[1]" in s["widgets"], "the grid view did not place its blocks")
        s = live.send(lambda: live.click("block[1]"), lambda s: s.get("opened_block") == [0, 1],
                      "a click on block 1", 15)
        expect(s is not None, f"a click on block 1: opened {live.state().get('opened_block')}")
        if s is not None:
            hs = s["rounds"]["hillis-steele"]
            expect(hs["of"] == 3 and hs["round"] == 2,
                   f"block 1's rounds (4 elements, Hillis-Steele: 3 rounds): {hs}")
        live.keys("Left")
        s = live.wait(lambda s: s["rounds"]["hillis-steele"]["round"] == 1, "Left in block 1", 15)
        expect(s is not None and s.get("grid", {}).get("step") == 1,
               "Left in an opened block did not step its rounds (or moved the grid)")
        live.keys("Escape")
        s = live.wait(lambda s: s.get("opened_block") is None, "Escape: back to the grid", 15)
        expect(s is not None and s.get("multi_block") and s.get("grid", {}).get("step") == 1,
               f"Escape from block 1: {live.state().get('opened_block')}")
        # M again: back to what was shown before M, the warp-shuffle scan Tab reached.
        s = live.send(lambda: live.keys("m"), lambda s: not s.get("multi_block"),
                      "M: the block scans again", 15)
        expect(s is not None and s["algorithm"] == "warp-shuffle" and s["kind"] == "block-scan",
               f"M again: {live.state().get('algorithm')}")

        # Files: Ctrl+O, a path typed, Enter opens the GPU's trace and the status line says where
        # it was recorded; Ctrl+Shift+S saves the session; Escape closes the dialog unchanged.
        h200 = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "docs",
                            "example-blelloch-h200.json")
        s = live.open_dialog("ctrl+o", "open", "Ctrl+O: the Open dialog")
        expect(s is not None, "Ctrl+O did not open the file dialog with the keyboard in its field")
        live.xdo("type", "--delay", "12", h200)
        live.keys("Return")
        s = live.wait(lambda s: s["file_dialog"] == "", "the trace opened")
        s = live.settle()
        expect(s["algorithm"] == "blelloch" and s["values"] == [3, 1, 7, 0, 4, 1, 6, 3] and
               s["backend"].startswith("recorded on NVIDIA H200"),
               f"Ctrl+O on the H200 trace: {s['algorithm']} {s['values']} {s['backend']!r}")
        session = os.path.join(workdir, "lecture.scanviz")
        s = live.open_dialog("ctrl+shift+s", "save", "Ctrl+Shift+S: the Save dialog")
        expect(s is not None, "Ctrl+Shift+S did not open the save dialog")
        live.keys("ctrl+a")
        live.xdo("type", "--delay", "12", session)
        live.keys("Return")
        s = live.wait(lambda s: s["file_dialog"] == "", "the session saved")
        expect(s is not None and os.path.exists(session), "Ctrl+Shift+S did not save the session")
        if os.path.exists(session):
            with open(session, encoding="utf-8") as f:
                saved = json.load(f)
            expect(saved.get("format") == "scanviz-session" and "trace" in saved,
                   "the saved session does not carry the GPU's trace")
        s = live.open_dialog("ctrl+o", "open", "Ctrl+O: the Open dialog again")
        expect(s is not None, "a second Ctrl+O did not open the file dialog with the keyboard in its field")
        live.xdo("type", "--delay", "12", "/nonexistent.scanviz")
        live.keys("Escape")
        s = live.settle()
        expect(s["file_dialog"] == "" and s["backend"].startswith("recorded on NVIDIA H200"),
               f"Escape in the Open dialog: dialog {s['file_dialog']!r}, {s['backend']!r}")
        live.keys("Right")  # the keys are the player's again
        live.keys("Home")
        s = live.settle()
        expect(s["rounds"]["blelloch"]["round"] == 0 and not s["text_input"],
               f"Home after the dialog: round {s['rounds']['blelloch']['round']}")
        # Enter and Tab typed back to back (12 ms apart, as a quick hand does): the edit is taken
        # and Tab goes to the next algorithm. The app once read "a field has the keyboard" from
        # ImGui's WantTextInput, a frame or two late: the Tab then went to ImGui, whose tabbing
        # put the keyboard in the Input box.
        live.click("n", fx=0.15)
        live.keys("ctrl+a")
        live.xdo("type", "--delay", "12", "16")
        live.keys("Return", "Tab")
        s = live.wait(lambda s: s["algorithm"] == "warp-shuffle" and len(s["values"]) == 16,
                      "Enter and Tab back to back", 10)
        s = live.settle() if s is not None else live.state()
        expect(s["algorithm"] == "warp-shuffle" and len(s["values"]) == 16 and not s["text_input"],
               f"Enter then Tab at once: {brief(s)}")
    finally:
        rc = live.close()
    expect(rc == 0, f"the app exited with {rc} when its window was closed")
    settings = os.path.join(workdir, "config", "scanviz", "settings.json")
    expect(os.path.exists(settings), "closing the window did not save the settings")

    live = Live(app, workdir, size=(1024, 768), config="config-1024")
    try:
        tooltips_at_1024(live, expect)
    finally:
        rc = live.close()
    expect(rc == 0, f"the app at 1024x768 exited with {rc} when its window was closed")
    return finish("ui_live_test", workdir, failures, checks)


if __name__ == "__main__":
    sys.exit(main())
