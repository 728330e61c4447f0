"""Issue #37, zoom and reading from the back (items 7, 8, 9, 12 in part, 14), checked as a class
would see them: the live app under Xvfb driven by xdotool (the wheel, Ctrl+=, Ctrl+0, F, the
presenter's Fit view button, the pointer on the status bar) read back through --state-file, and
headless frames (--screenshot --dump-layout) at 1024x768, at 192 dpi and in an export.

 7. The wheel enlarges the cells both ways and their values with them, the row tags stay on
    screen, Ctrl+0 undoes the wheel's zoom too, F and the presenter's Fit view button bring the
    figure back; Ctrl+= keeps the cells' shape (never flattened until the digits fill them).
    The class: every kind the wheel zooms (ZOOMABLE: the block scan, side by side, every
    algorithm, the multi-block grid and a block opened from it), wheel, Ctrl+0 and F.
 8. Side by side in presenter mode at 1024x768: the status bar's text inside the window; the
    applications in presenter mode use the width (rows and values grown).
 9. The benchmark chart at 192 dpi and 1024x768: title inside the panel, x labels apart, line
    labels inside the plot's height, a plot of some height, the results-file row inside.
12. No fps in the status bar unless asked (View > Frame rate); no status-bar tooltip in presenter
    mode (one shows outside it, at the same place).
14. The benchmark's exported PNG sets its text at the figure's size, not the UI's.

Needs Xvfb, xdotool, ImageMagick's convert and python3; without one of them SKIPPED (exit 77).
192 dpi is the X server's Xft.dpi (xrdb where installed, else libX11 through ctypes).
Usage: ui_zoom_test.py SCANVIZ"""
import ctypes, ctypes.util, json, os, shutil, subprocess, sys

from ui_test_support import SKIP, EXAMPLE_TEXT, Checks, Xvfb, finish, make_workdir, screenshot, \
    run_on_x, _SERVERS
from ui_live_test import Live


def set_dpi(display, dpi):
    """The server's Xft.dpi, as xrdb -merge sets it (GLFW's content scale dpi / 96). False where
    neither xrdb nor libX11 can be had."""
    env = dict(os.environ, DISPLAY=display)
    if shutil.which("xrdb"):
        subprocess.run(["xrdb", "-nocpp", "-merge"], input=f"Xft.dpi: {dpi}\n", env=env,
                       text=True, check=True)
        return True
    path = ctypes.util.find_library("X11")
    if not path:
        return False
    x = ctypes.CDLL(path)
    x.XOpenDisplay.restype = ctypes.c_void_p
    x.XDefaultRootWindow.restype = ctypes.c_ulong
    x.XDefaultRootWindow.argtypes = [ctypes.c_void_p]
    x.XInternAtom.restype = ctypes.c_ulong
    x.XInternAtom.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int]
    x.XChangeProperty.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_ulong, ctypes.c_ulong,
                                  ctypes.c_int, ctypes.c_int, ctypes.c_char_p, ctypes.c_int]
    x.XCloseDisplay.argtypes = [ctypes.c_void_p]
    d = x.XOpenDisplay(display.encode())
    if not d:
        return False
    value = f"Xft.dpi:\t{dpi}\n".encode()
    xa_string = 31
    x.XChangeProperty(d, x.XDefaultRootWindow(d), x.XInternAtom(d, b"RESOURCE_MANAGER", 0),
                      xa_string, 8, 0, value, len(value))
    x.XCloseDisplay(d)
    return True


def lines(frame, panel, kind=None):
    return [l for p in frame.panels(panel) for l in p["lines"] if kind is None or l["kind"] == kind]


def overlap_x(a, b):
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2]


# [SECTION] Item 7: every zoom path, live

def wheel(live, x, y, notches, what):
    before = live.settle()
    live.xdo("mousemove", str(int(x)), str(int(y)))
    for _ in range(notches):
        live.xdo("click", "4")
    live.wait(lambda s: s["zoom"] > before["zoom"] * 1.3, what, 10)
    return live.settle()


def live_zoom(app, workdir, expect):
    live = Live(app, workdir, size=(1600, 900),
                args=["--input", EXAMPLE_TEXT, "--algorithm", "hillis-steele"])
    try:
        s = live.send(lambda: live.keys("p"), lambda s: s["presenter"], "P: presenter mode")
        s = live.settle()
        w = s["widgets"]
        if not expect(all(k in w for k in ("input[0]", "value[0]", "row_tag.input", "figure")),
                      f"presenter: the state file lacks the figure's widgets: {sorted(w)[:20]}"):
            return
        cell, value, tag, fig = w["input[0]"], w["value[0]"], w["row_tag.input"], w["figure"]
        expect("status_fit" not in w, "presenter, unzoomed: a Fit view button already shown")
        # Five notches at the figure's right: it zooms round the pointer, the cells move left
        # under the row tags' column.
        z = wheel(live, fig[0] + fig[2] * 0.85, cell[1] + cell[3] / 2, 5, "the wheel's zoom")
        zw = z["widgets"]
        # The first input cell still on show (those panned under the tags are not reported).
        first = min((int(n[6:-1]) for n in zw if n.startswith("input[")), default=None)
        if not expect(first is not None and "row_tag.input" in zw,
                      f"zoomed: no input cell or tag on show: {sorted(zw)[:20]}"):
            return
        zc, zv, zt = zw[f"input[{first}]"], zw[f"value[{first}]"], zw["row_tag.input"]
        k = z["zoom"]
        expect(k > 1.8, f"five wheel notches: zoom {k}")
        expect(zc[2] > cell[2] * 1.3 and zc[3] > cell[3] * 1.3,
               f"wheel x{k:.2f}: the cells grow both ways (was {cell[2]:.0f}x{cell[3]:.0f}, "
               f"now {zc[2]:.0f}x{zc[3]:.0f})")
        expect(zv[3] > value[3] * 1.3,
               f"wheel x{k:.2f}: the values grow with their cells ({value[3]:.0f} px, now "
               f"{zv[3]:.0f} px)")
        expect(zt[0] >= fig[0] and zt[3] >= tag[3],
               f"wheel x{k:.2f}: the input row's tag at x {zt[0]:.0f} ({zt[3]:.0f} px), the "
               f"figure from x {fig[0]:.0f}: scrolled off or smaller (was {tag[3]:.0f} px)")
        expect(z["pan_x"] < 0, f"zoomed at the right: the figure panned left ({z['pan_x']})")
        # The round titles between the rows stay in the pane, wrapped or smaller: they ran off
        # its left edge ("d 0 · staging step (load)"), measured from where the unzoomed figure was.
        titles = {n: r for n, r in zw.items() if n.startswith("round_title:")}
        expect(titles and all(r[0] >= fig[0] for r in titles.values()),
               f"wheel x{k:.2f}: round titles left of the figure's pane (x {fig[0]:.0f}): "
               f"{[(n[12:], round(r[0])) for n, r in titles.items() if r[0] < fig[0]]}")
        # The cells panned under the tags' column are cut off there: no value on show lies
        # left of the tag's end (a tag drawn over a cell is neither readable).
        shown = [v for name, v in zw.items() if name.startswith("value[") and v[2] > 0]
        expect(shown and all(v[0] >= zt[0] + zt[2] for v in shown),
               f"wheel x{k:.2f}: values at x {[round(v[0]) for v in shown]} under the row tag "
               f"ending at {zt[0] + zt[2]:.0f}")
        expect("status_fit" in zw, "presenter, zoomed: no Fit view button in the status bar")
        # Ctrl+= on top, then Ctrl+0: every zoom undone, the cells as they were.
        s = live.send(lambda: live.keys("ctrl+equal"), lambda s: s["figure_scale"] > 1.1, "Ctrl+=")
        expect(s is not None, "Ctrl+=: the figure not larger")
        s = live.send(lambda: live.keys("ctrl+0"),
                      lambda s: s["figure_scale"] == 1 and s["zoom"] == 1, "Ctrl+0")
        s = live.settle()
        expect(s["zoom"] == 1 and s["pan_x"] == 0 and s["figure_scale"] == 1,
               f"Ctrl+0 after the wheel and Ctrl+=: zoom {s['zoom']}, pan {s['pan_x']}, "
               f"figure {s['figure_scale']}")
        back = s["widgets"]["input[0]"]
        expect(all(abs(a - b) <= 1 for a, b in zip(back, cell)),
               f"Ctrl+0: the first cell at {back}, was {cell}")
        # F and the presenter's Fit view button: the wheel's zoom gone.
        wheel(live, fig[0] + fig[2] * 0.5, cell[1] + cell[3] / 2, 2, "the wheel again")
        s = live.send(lambda: live.keys("f"), lambda s: s["zoom"] == 1, "F: Fit view")
        expect(s is not None, "F after the wheel: the zoom stays")
        wheel(live, fig[0] + fig[2] * 0.5, cell[1] + cell[3] / 2, 2, "the wheel once more")
        live.click("status_fit")
        s = live.wait(lambda s: s["zoom"] == 1, "the Fit view button", 10)
        expect(s is not None, "presenter's Fit view button: the zoom stays")
        shot = live.screenshot("zoom-presenter-live.png")
        print("live presenter screenshot:", shot)
    finally:
        rc = live.close()
        expect(rc == 0, f"the live app exited {rc}")


# [SECTION] Item 7's class: every kind that zooms, live

# The kinds whose figure the wheel zooms (the array view's and the grid's WheelZoomAndDrag; the
# timeline, the applications, the GPUs and the benchmark have no wheel zoom): each one's input
# cells, their values and the input row's tag, as --state-file reports them.
ZOOMABLE = [
    ("block scan, Blelloch", ["--algorithm", "blelloch"], "input", "value", "row_tag.input"),
    ("side by side", ["--side-by-side", "--pair", "hillis-steele,blelloch"], "input", "value",
     "row_tag.input"),
    ("every algorithm", ["--kind", "every-algorithm"], "input", "value", "row_tag.input"),
    ("the multi-block grid", ["--algorithm", "multi-block", "--block-size", "4"], "grid_input",
     "grid_value", "grid_row.input"),
    ("a block opened from the grid", ["--algorithm", "multi-block", "--block-size", "4",
                                      "--open-block", "1"], "input", "value", "row_tag.input"),
]


def first_shown(widgets, prefix):
    """The lowest index of `prefix`[i] the state file reports (cells panned off are not)."""
    found = [int(n[len(prefix) + 1:-1]) for n in widgets
             if n.startswith(prefix + "[") and n.endswith("]")]
    return min(found, default=None)


def live_zoom_kind(app, workdir, expect, name, args, cells, values, tag_key):
    """The wheel over `name`'s figure enlarges its cells both ways and their values with them,
    its input row's tag stays on screen no smaller; Ctrl+0 puts every cell back; F undoes the
    wheel too."""
    live = Live(app, workdir, size=(1600, 900), config="config-" + name.replace(" ", "-"),
                args=["--input", EXAMPLE_TEXT, *args])
    try:
        # At the first round: a zoomed figure scrolls to follow its current round, the input row
        # stays on show beside the first (a block opens at its last).
        s = live.send(lambda: live.keys("Home"), lambda s: s["step"]["step"] == 0, "Home")
        expect(s is not None, f"{name}: Home did not go to the first step")
        s = live.settle()
        w = s["widgets"]
        i = first_shown(w, cells)
        if not expect(i is not None and f"{values}[{i}]" in w and tag_key in w and "figure" in w,
                      f"{name}: the state file lacks the figure's widgets: {sorted(w)[:30]}"):
            return
        cell, value, tag, fig = w[f"{cells}[{i}]"], w[f"{values}[{i}]"], w[tag_key], w["figure"]
        z = wheel(live, fig[0] + fig[2] * 0.85, cell[1] + cell[3] / 2, 5,
                  f"{name}: the wheel's zoom")
        if not expect(z is not None, f"{name}: five wheel notches did not zoom"):
            return
        zw = z["widgets"]
        j = first_shown(zw, cells)
        if not expect(j is not None and f"{values}[{j}]" in zw and tag_key in zw,
                      f"{name}, zoomed x{z['zoom']:.2f} (pan {z['pan_x']:.0f}, {z['pan_y']:.0f}): "
                      f"no input cell, value or tag on show: "
                      f"{sorted(n for n in zw if n.startswith((cells, values, tag_key)))}"):
            return
        zc, zv, zt = zw[f"{cells}[{j}]"], zw[f"{values}[{j}]"], zw[tag_key]
        k = z["zoom"]
        expect(k > 1.8, f"{name}: five wheel notches, zoom {k}")
        expect(zc[2] > cell[2] * 1.3 and zc[3] > cell[3] * 1.3,
               f"{name}, wheel x{k:.2f}: the cells grow both ways (were {cell[2]:.0f}x"
               f"{cell[3]:.0f}, now {zc[2]:.0f}x{zc[3]:.0f})")
        expect(zv[3] > value[3] * 1.3,
               f"{name}, wheel x{k:.2f}: the values grow with their cells ({value[3]:.0f} px, "
               f"now {zv[3]:.0f} px)")
        expect(zt[0] >= fig[0] and zt[3] >= tag[3],
               f"{name}, wheel x{k:.2f}: the input row's tag at x {zt[0]:.0f} ({zt[3]:.0f} px), "
               f"the figure from x {fig[0]:.0f}: off screen or smaller (was {tag[3]:.0f} px)")
        s = live.send(lambda: live.keys("ctrl+0"), lambda s: s["zoom"] == 1, f"{name}: Ctrl+0")
        s = live.settle()
        back = s["widgets"].get(f"{cells}[{i}]", [])
        expect(s["zoom"] == 1 and s["pan_x"] == 0 and len(back) == 4 and
               all(abs(a - b) <= 1 for a, b in zip(back, cell)),
               f"{name}, Ctrl+0 after the wheel: zoom {s['zoom']}, pan {s['pan_x']}, the cell "
               f"at {back}, was {cell}")
        wheel(live, fig[0] + fig[2] * 0.5, cell[1] + cell[3] / 2, 2, f"{name}: the wheel again")
        s = live.send(lambda: live.keys("f"), lambda s: s["zoom"] == 1, f"{name}: F")
        expect(s is not None, f"{name}, F after the wheel: the zoom stays")
    finally:
        rc = live.close()
        expect(rc == 0, f"{name}: the live app exited {rc}")


# [SECTION] Item 12: the presenter's status bar has no tooltip over the figure

def live_status_tooltip(app, workdir, expect):
    live = Live(app, workdir, size=(1024, 768), config="config-tip",
                args=["--input", EXAMPLE_TEXT])
    try:
        def hover_status():
            tips = []
            for x in (300, 450, 600):  # the status bar's numbers, at its middle
                live.xdo("mousemove", str(x), str(768 - 17))
                s = live.settle()
                tips.append(s["tooltip"])
            live.xdo("mousemove", *live.rest)
            return tips
        plain = hover_status()
        expect(any(plain), f"the usual view: no tooltip on the status bar's numbers ({plain}): "
                           "the hover missed them, the presenter's check below means nothing")
        live.send(lambda: live.keys("p"), lambda s: s["presenter"], "P")
        tips = hover_status()
        expect(not any(tips), f"presenter mode: a status-bar tooltip over the figure: {tips}")
    finally:
        rc = live.close()
        expect(rc == 0, f"the live app exited {rc}")


# [SECTION] Headless frames

def figure_shape(app, workdir, expect):
    """Ctrl+= (the session's figure_scale) in presenter mode: Hillis-Steele's rows grow past the
    height; the cells keep their shape (height against their values) and scroll."""
    ratios = {}
    for scale in (1.0, 2.0736):
        name = f"shape-{scale}"
        session = os.path.join(workdir, f"{name}.scanviz")
        with open(session, "w", encoding="utf-8") as f:
            json.dump({"format": "scanviz-session", "version": 1, "input": EXAMPLE_TEXT,
                       "type": "int32", "op": "add", "convert": False, "algorithm": "hillis-steele",
                       "round": -1, "seed": 1, "view": {"figure_scale": scale}}, f)
        frame, error = screenshot(app, workdir, name, ["--open", session, "--presenter"],
                                  size=(1600, 900))
        if not expect(frame is not None, f"{name}: {error}"):
            return
        cells = [c for c in frame.layout["cells"] if c["text"] and c["rect"][1] >= 0]
        if not expect(cells, f"{name}: no value drawn"):
            return
        ratios[scale] = min(c["rect"][3] / c["text_px"] for c in cells)
    expect(ratios[2.0736] >= ratios[1.0] * 0.9,
           f"Ctrl+= twice: the cells flattened against their values (height / text "
           f"{ratios[1.0]:.2f} at the usual size, {ratios[2.0736]:.2f} larger)")


def no_fps(app, workdir, expect):
    frame, error = screenshot(app, workdir, "fps", ["--input", EXAMPLE_TEXT], size=(1024, 768))
    if not expect(frame is not None, f"fps: {error}"):
        return
    status = " ".join(l["text"] for l in lines(frame, "status"))
    expect("fps" not in status, f"the status bar shows the frame rate unasked: {status!r}")


def side_by_side_status(app, workdir, expect):
    frame, error = screenshot(app, workdir, "sbs-presenter",
                              ["--input", EXAMPLE_TEXT, "--side-by-side", "--pair",
                               "hillis-steele,blelloch", "--presenter"], size=(1024, 768))
    if not expect(frame is not None, f"side by side: {error}"):
        return
    for l in lines(frame, "status"):
        x, y, w, h = l["rect"]
        expect(x + w <= 1024 + 1 and y + h <= 768 + 1,
               f"side by side, presenter, 1024x768: the status text {l['text'][:60]!r} runs to "
               f"x {x + w:.0f}, y {y + h:.0f}")


def applications_width(app, workdir, expect):
    frame, error = screenshot(app, workdir, "apps-presenter",
                              ["--input", EXAMPLE_TEXT, "--app", "compact", "--keep", "odd",
                               "--presenter"], size=(1920, 1080))
    if not expect(frame is not None, f"applications: {error}"):
        return
    status_px = max(l.get("px", 0) for l in lines(frame, "status"))
    rows = lines(frame, "apps", "row")
    expect(rows and min(r["rect"][3] for r in rows) >= 1.7 * status_px * 1.5,
           f"applications, presenter, 1920x1080: rows {[r['rect'][3] for r in rows]} px tall at "
           f"text {status_px} px: the figure keeps a third of the width")


def variants_session(workdir):
    """A session (the fuzz corpus's benchmark one) with every variant of the bundled results' run
    on: 27 lines whose names stack past a 1024x768 plot's height."""
    src = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
    rungs = json.load(open(os.path.join(src, "docs", "bench", "h200.json"), encoding="utf-8"))
    variants = [r["name"] for r in rungs["rungs"] if "." in r["name"]]
    session = json.load(open(os.path.join(src, "tests", "fuzz", "corpus", "session",
                                          "v3-benchmark.scanviz"), encoding="utf-8"))
    session["benchmark"].update({"shown": True, "percent": False, "float": False,
                                 "toggled": variants})
    path = os.path.join(workdir, "variants.scanviz")
    with open(path, "w", encoding="utf-8") as f:
        json.dump(session, f)
    return path


def dpi_frame(app, workdir, expect, name, size, dpi, flags):
    """A headless frame (screenshot) at `size`, on a server at `dpi` where one is given; None
    (and a failed check, unless no dpi can be set here) where there is none."""
    if dpi:
        # A server of its own (closed with the others at exit: run_on_x ran before), its
        # Xft.dpi set once; -noreset keeps it between the runs.
        screen = f"{size[0]}x{size[1]} at {dpi} dpi"
        if screen not in _SERVERS:
            _SERVERS[screen] = Xvfb(f"{size[0]}x{size[1]}")
            if not set_dpi(_SERVERS[screen].display, dpi):
                print(f"{name}: neither xrdb nor libX11: {dpi} dpi not checked")
                return None
        frame, error = screenshot(app, workdir, name, flags, size=size, screen=screen)
    else:
        frame, error = screenshot(app, workdir, name, flags, size=size)
    return frame if expect(frame is not None, f"{name}: {error}") else None


def bench_frame(app, workdir, expect, name, size, dpi, flags=None):
    flags = flags or ["--input", EXAMPLE_TEXT, "--kind", "benchmark"]
    frame = dpi_frame(app, workdir, expect, name, size, dpi, flags)
    if frame is None:
        return
    panel = frame.panels("bench")[0]["rect"]
    px = max(l.get("px", 0) for l in lines(frame, "status"))
    right, bottom = panel[0] + panel[2], panel[1] + panel[3]
    for l in lines(frame, "bench", "title"):
        expect(l["rect"][0] + l["rect"][2] <= right + 1,
               f"{name}: the title runs to x {l['rect'][0] + l['rect'][2]:.0f}, the panel to "
               f"{right:.0f}")
    xs = sorted((l["rect"] for l in lines(frame, "bench", "x label")), key=lambda r: r[0])
    expect(len(xs) >= 3, f"{name}: {len(xs)} x labels")
    for a, b in zip(xs, xs[1:]):
        expect(a[0] + a[2] + px * 0.3 <= b[0], f"{name}: x labels run together: {a} {b}")
    plots = lines(frame, "bench", "plot")
    if not expect(plots, f"{name}: no plot drawn"):
        return
    plot = plots[0]["rect"]
    expect(plot[3] >= 6 * px, f"{name}: the plot {plot[3]:.0f} px tall at text {px} px")
    for l in lines(frame, "bench", "line label"):
        expect(l["rect"][1] >= plot[1] - px * 0.6,
               f"{name}: line label {l['text']!r} at y {l['rect'][1]:.0f} above the plot "
               f"(from {plot[1]:.0f}), over the legend")
    files = [l for l in lines(frame, "bench", "controls") if l["text"] == "results file"]
    expect(files and files[0]["rect"][1] + files[0]["rect"][3] <= bottom + 1,
           f"{name}: the results-file row {files and files[0]['rect']} past the panel's bottom "
           f"{bottom:.0f}")


def quiz_buttons(app, workdir, expect):
    """Item 6's remainder: the quiz at 192 dpi in a 1920x1080 window (and at 1024x768) shows
    every one of its buttons whole inside the window: the first question of each shipped set
    (the longest lists of answers), its Submit and its Other set."""
    src = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
    folder = os.path.join(src, "assets", "quizzes")
    sets = sorted(os.path.join(folder, name) for name in os.listdir(folder))
    cases = [(name, (1920, 1080), 192) for name in sets] + [(sets[0], (1024, 768), None)]
    for name, size, dpi in cases:
        where = f"the quiz {os.path.basename(name)} at {size[0]}x{size[1]}" + (f", {dpi} dpi" if dpi else "")
        flags = ["--input", EXAMPLE_TEXT, "--quiz", name]
        shot = f"quiz-{os.path.basename(name)[:2]}-{size[0]}"
        frame = dpi_frame(app, workdir, expect, shot, size, dpi, flags)
        if frame is None:
            continue
        buttons = lines(frame, "side", "button")
        if not expect({"Submit (Enter)", "Other set"} <= {b["text"] for b in buttons},
                      f"{where}: the quiz's buttons not drawn: {[b['text'] for b in buttons]}"):
            continue
        for b in buttons:
            x, y, w, h = b["rect"]
            expect(b["visible"] and x >= 0 and y >= 0 and x + w <= size[0] + 1 and
                   y + h <= size[1] + 1,
                   f"{where}: the button {b['text']!r} at {[round(v) for v in b['rect']]} "
                   f"(visible: {b['visible']}) not whole inside the window")


def bench_export(app, workdir, expect):
    png = os.path.join(workdir, "bench-export.png")
    dump = os.path.join(workdir, "bench-export.json")
    env = dict(os.environ, XDG_CONFIG_HOME=os.path.join(workdir, "config"))
    r = run_on_x([app, "--backend", "cpu", "--input", EXAMPLE_TEXT, "--kind", "benchmark",
                  "--export-png", png, "--export-size", "1920x1080", "--dump-layout", dump],
                 env=env)
    if not expect(r.returncode == 0 and os.path.exists(dump),
                  f"bench export: exit {r.returncode}: {r.stderr.strip()[:300]}"):
        return
    layout = json.load(open(dump, encoding="utf-8"))
    px = [l["px"] for p in layout.get("panels", []) for l in p["lines"]
          if l["kind"] == "summary" and "px" in l]
    expect(px and min(px) >= 17 * 1.5,
           f"the benchmark's 1920x1080 PNG sets its summary at {px} px: the UI's size, not the "
           "figure's")


def main():
    if len(sys.argv) != 2:
        print(__doc__)
        return 2
    missing = [t for t in ("Xvfb", "xdotool", "convert") if not shutil.which(t)]
    if missing:
        print(f"SKIPPED: {' and '.join(missing)} not found (scripts/setup.sh)")
        return SKIP
    app = os.path.abspath(sys.argv[1])
    workdir = make_workdir("zoom")
    checks = Checks()
    no_fps(app, workdir, checks)
    figure_shape(app, workdir, checks)
    side_by_side_status(app, workdir, checks)
    applications_width(app, workdir, checks)
    bench_frame(app, workdir, checks, "bench-1024x768", (1024, 768), None)
    bench_frame(app, workdir, checks, "bench-192dpi", (1920, 1080), 192)
    bench_frame(app, workdir, checks, "bench-variants", (1024, 768), None,
                ["--open", variants_session(workdir)])
    bench_export(app, workdir, checks)
    quiz_buttons(app, workdir, checks)
    live_zoom(app, workdir, checks)
    for name, args, cells, values, tag in ZOOMABLE:
        live_zoom_kind(app, workdir, checks, name, args, cells, values, tag)
    live_status_tooltip(app, workdir, checks)
    return finish("ui_zoom_test", workdir, checks.failures, checks.count)


if __name__ == "__main__":
    sys.exit(main())
