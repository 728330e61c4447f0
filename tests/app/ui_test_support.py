"""Shared by the headless UI tests: the tools they need, running `scanviz --screenshot` with
--dump-layout, reading the PNG's pixels, and the palette's colours as documented in
app/scene/palette.cpp, written out here so that a wrong colour in the app cannot also be the
expected one.

A missing tool means the test cannot look at anything: it reports SKIPPED and exits 77, which
CTest (SKIP_RETURN_CODE) shows as skipped, never as passed."""
import atexit, json, os, shutil, struct, subprocess, sys, tempfile

SKIP = 77

# The chapters' worked example.
EXAMPLE = [3, 1, 7, 0, 4, 1, 6, 3]
EXAMPLE_TEXT = ",".join(map(str, EXAMPLE))


def require_tools():
    """Exits 77 (skipped) unless Xvfb and ImageMagick's convert are on PATH."""
    missing = [t for t in ("Xvfb", "convert") if not shutil.which(t)]
    if missing:
        print(f"SKIPPED: {' and '.join(missing)} not found (install xvfb and imagemagick: "
              "scripts/setup.sh)")
        sys.exit(SKIP)


def make_workdir(name):
    """A fresh directory for this run's screenshots, dumps and settings (never a fixed name, so two
    runs or two build trees cannot read each other's files)."""
    return tempfile.mkdtemp(prefix=f"scanviz-{name}-")


def hex_rgb(v):
    return ((v >> 16) & 0xFF, (v >> 8) & 0xFF, v & 0xFF)


# app/scene/palette.cpp, per theme. The cell colours are Okabe-Ito and the same in every theme.
# Hillis-Steele's cases, with "Colour cases" on: 1 full window, 2 partial left window, 3 no left
# neighbour.
CASE_FILL = {1: (0x00, 0x72, 0xB2), 2: (0xCC, 0x79, 0xA7), 3: (0xF0, 0xE4, 0x42)}
_CELLS = {"loaded": 0x56B4E9, "copied": 0xE69F00, "computed": 0x0072B2, "add": 0xE69F00,
          "seed": 0x009E73, "swap-and-add": 0x0072B2}
# ok and bad are text colours too (checks, errors): Okabe-Ito's bluish green and vermillion,
# lightened on dark and darkened on light to 4.5:1 on the panels (issue #34; docs/app.md, Contrast
# and colour); the dark theme's dim text lightened from 0xA0A4AC, 4.05:1 on the current band.
_THEMES = {
    "dark": {"background": 0x1E2127, "text": 0xF0F0F0, "text_dim": 0xB4B8C0, "border": 0xF5F5F5,
             "current_band": 0x3A4250, "input": 0x4A505C, "undefined": 0x2A2E35,
             "unchanged": 0x4A505C, "arrow_current": 0xF0E442, "bracket": 0xF0E442,
             "ok": 0x2EC4A0, "bad": 0xFF8445},
    "light": {"background": 0xFAFAF7, "text": 0x141414, "text_dim": 0x5A5F66, "border": 0x202020,
              "current_band": 0xE4EAF2, "input": 0xD8DCE2, "undefined": 0xF0F0F0,
              "unchanged": 0xD8DCE2, "arrow_current": 0xD55E00, "bracket": 0xD55E00,
              "ok": 0x00704F, "bad": 0xA84400},
    "high-contrast": {"background": 0x000000, "text": 0xFFFFFF, "text_dim": 0xE0E0E0,
                      "border": 0xFFFFFF, "current_band": 0x30303A, "input": 0x505050,
                      "undefined": 0x101010, "unchanged": 0x505050, "arrow_current": 0xFFFF00,
                      "bracket": 0xFFFF00, "ok": 0x009E73, "bad": 0xD55E00},
}
PALETTE = {theme: {k: hex_rgb(v) for k, v in {**_CELLS, **colours}.items()}
           for theme, colours in _THEMES.items()}
for _theme, _p in PALETTE.items():
    # The side and control panels sit on the background lifted by 0.05 (lowered in light).
    k = -0.05 * 255 if _theme == "light" else 0.05 * 255
    _p["panel"] = tuple(round(c + k) for c in _p["background"])


class Frame:
    """A screenshot's pixels (RGB) and its --dump-layout file."""

    def __init__(self, png, layout):
        data = subprocess.run(["convert", png, "ppm:-"], check=True, capture_output=True).stdout
        parts, pos = [], 0
        while len(parts) < 4:  # P6 w h maxval
            while data[pos:pos + 1].isspace():
                pos += 1
            end = pos
            while not data[end:end + 1].isspace():
                end += 1
            parts.append(data[pos:end])
            pos = end
        if parts[0] != b"P6" or parts[3] != b"255":
            raise ValueError(f"{png}: convert gave {parts[0]!r} maxval {parts[3]!r}, wanted P6 255")
        self.w, self.h = int(parts[1]), int(parts[2])
        self.px = data[pos + 1:]
        if len(self.px) < self.w * self.h * 3:
            raise ValueError(f"{png}: {len(self.px)} bytes of pixels for {self.w}x{self.h}")
        self.layout = json.load(open(layout, encoding="utf-8"))
        self.png = png

    def pixel(self, x, y):
        i = (y * self.w + x) * 3
        return tuple(self.px[i:i + 3])

    def clamp(self, rect):
        """Integer pixel bounds (x0, y0, x1, y1) of a [x, y, w, h] rectangle, inside the frame."""
        x, y, w, h = rect
        return (max(0, int(x)), max(0, int(y)), min(self.w, int(x + w + 0.5)),
                min(self.h, int(y + h + 0.5)))

    def pixels(self, rect, step=1):
        x0, y0, x1, y1 = self.clamp(rect)
        return [self.pixel(x, y) for y in range(y0, y1, step) for x in range(x0, x1, step)]

    def count_near(self, rect, colour, tol=24):
        return sum(1 for p in self.pixels(rect) if near(p, colour, tol))

    def panels(self, name):
        return [p for p in self.layout.get("panels", []) if p["name"] == name]


def near(a, b, tol=24):
    return all(abs(x - y) <= tol for x, y in zip(a, b))


def inside(inner, outer, slack=1.0):
    """Whether rectangle `inner` lies within `outer` (both [x, y, w, h], pixels)."""
    return (inner[0] >= outer[0] - slack and inner[1] >= outer[1] - slack and
            inner[0] + inner[2] <= outer[0] + outer[2] + slack and
            inner[1] + inner[3] <= outer[1] + outer[3] + slack)


def screenshot(app, workdir, name, flags, size=(1600, 1000), screen="1920x1080"):
    """Runs `app --screenshot` on this test's X server (run_on_x) with --dump-layout. Returns (Frame, None) or (None,
    the reason it failed)."""
    png = os.path.join(workdir, f"{name}.png")
    layout = os.path.join(workdir, f"{name}.json")
    env = dict(os.environ, XDG_CONFIG_HOME=os.path.join(workdir, "config"))  # never the real home
    r = run_on_x([app, "--screenshot", png, "--size", f"{size[0]}x{size[1]}", "--dump-layout",
                  layout] + flags, env=env, screen=screen, timeout=120)
    if r.returncode != 0 or not os.path.exists(png) or not os.path.exists(layout):
        return None, f"exit {r.returncode}: {r.stderr.strip()[:300]}"
    frame = Frame(png, layout)
    if (frame.w, frame.h) != size:
        return None, f"frame is {frame.w}x{frame.h}, wanted {size[0]}x{size[1]}"
    return frame, None


class Checks:
    """A test's checks: `expect(ok, message)` counts one and keeps its message when it failed;
    returns ok. finish() takes its .failures and .count."""

    def __init__(self):
        self.failures, self.count = [], 0

    def __call__(self, ok, message):
        self.count += 1
        if not ok:
            self.failures.append(message)
        return ok


def finish(name, workdir, failures, checks):
    """Prints the failures and a summary; keeps the work directory when something failed, so its
    screenshots can be looked at. Returns the exit code."""
    for f in failures:
        print("FAIL", f)
    print(f"{name}: {checks} checks; {len(failures)} failures")
    if failures or checks == 0:
        print(f"screenshots and dumps kept in {workdir}")
        return 1
    shutil.rmtree(workdir, ignore_errors=True)
    return 0


def gif_info(path):
    """Reads a GIF's blocks (no pixels): (width, height, frames, delays in hundredths, loops).
    Written here, not taken from the app's giflib, so that a writer bug cannot also be the
    reader's."""
    data = open(path, "rb").read()
    if data[:6] not in (b"GIF87a", b"GIF89a"):
        raise ValueError(f"{path}: not a GIF ({data[:6]!r})")
    width, height, flags = struct.unpack("<HHB", data[6:11])
    pos = 13 + (3 * (2 << (flags & 7)) if flags & 0x80 else 0)

    def skip_sub_blocks(p):
        while data[p] != 0:
            p += data[p] + 1
        return p + 1

    frames, delays, loops = 0, [], False
    while True:
        block = data[pos]
        if block == 0x3B:  # trailer
            break
        if block == 0x21:  # extension: label, then sub-blocks
            label = data[pos + 1]
            pos += 2
            if label == 0xF9:  # graphic control: size 4, flags, delay (LE), transparent index
                delays.append(struct.unpack("<H", data[pos + 2:pos + 4])[0])
            if label == 0xFF and data[pos + 1:pos + 12] == b"NETSCAPE2.0":
                loops = True
            pos = skip_sub_blocks(pos)
        elif block == 0x2C:  # image: descriptor, local palette, LZW code size, data
            frames += 1
            f = data[pos + 9]
            pos += 10 + (3 * (2 << (f & 7)) if f & 0x80 else 0) + 1
            pos = skip_sub_blocks(pos)
        else:
            raise ValueError(f"{path}: unexpected block 0x{block:02x} at {pos}")
    return width, height, frames, delays, loops


def png_size(path):
    """(width, height) from a PNG's header."""
    data = open(path, "rb").read(24)
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError(f"{path}: not a PNG")
    return struct.unpack(">II", data[16:24])


def svg_cells(path):
    """The figure's cells in an exported SVG: {(round, buffer, pos): the value drawn}."""
    import xml.etree.ElementTree as ET
    ns = "{http://www.w3.org/2000/svg}"
    cells = {}
    for g in ET.parse(path).getroot().iter(ns + "g"):
        if not g.get("class", "").startswith("cell "):
            continue
        key = (int(g.get("data-round")), int(g.get("data-buffer")), int(g.get("data-pos")))
        texts = [t.text or "" for t in g.iter(ns + "text")]
        cells[key] = texts[0] if len(texts) == 1 else texts
    return cells


class Xvfb:
    """One X server for a test's many runs (xvfb-run starts one per run, and now and then fails
    to clean up after it): a free display, which Xvfb picks and writes to a pipe (-displayfd)."""

    def __init__(self, screen="1600x900"):
        read_fd, write_fd = os.pipe()
        # -noreset: by default Xvfb resets when its last client leaves, and a run that connects
        # during the reset (a loaded 2-core CI machine) fails with "Failed to open display".
        # -ardelay: no autorepeat from a key press and release that a loaded machine holds apart
        # (ui_live_test.py's Live says more).
        self.proc = subprocess.Popen(["Xvfb", "-displayfd", str(write_fd), "-screen", "0",
                                      f"{screen}x24", "-nolisten", "tcp", "-noreset",
                                      "-ardelay", "30000"],
                                     pass_fds=(write_fd,),
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(write_fd)
        with os.fdopen(read_fd) as f:
            number = f.readline().strip()
        if not number:
            self.proc.kill()
            raise RuntimeError("Xvfb did not start")
        self.display = f":{number}"

    def close(self):
        self.proc.terminate()
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()


def svg_overflow(path, slack=1.0):
    """What an exported SVG draws outside its viewBox: a list of (element, its box [x0, y0, x1,
    y1]) for each <rect>, <line>, <polygon>, <path> and <text> that pokes out by more than `slack`
    units. Boxes include half the stroke; a text is as wide as the writers estimate it (0.6 em a
    character, svg_doc.h's TextWidth) and 1 em tall; a <tspan>'s x and dy move its line. Outside
    <defs> only (a pattern's or marker's own coordinates are not the figure's)."""
    import re
    import xml.etree.ElementTree as ET
    ns = "{http://www.w3.org/2000/svg}"
    root = ET.parse(path).getroot()
    vx, vy, vw, vh = (float(v) for v in root.get("viewBox").split())
    defs = {id(e) for d in root.iter(ns + "defs") for e in d.iter()}

    def num(e, name, default=0.0):
        v = e.get(name)
        return default if v is None or v.endswith("%") else float(v)

    def text_box(x, y, text, px, anchor):
        w = 0.6 * px * len(text)
        x0 = {"middle": x - w / 2, "end": x - w}.get(anchor, x)
        return [x0, y - 0.8 * px, x0 + w, y + 0.2 * px]

    boxes = []
    for e in root.iter():
        if id(e) in defs:
            continue
        tag = e.tag.replace(ns, "")
        half = num(e, "stroke-width") / 2 if e.get("stroke") not in (None, "none") else 0
        if tag == "rect" and e.get("width", "").endswith("%"):
            continue  # the background
        if tag == "rect":
            x, y = num(e, "x"), num(e, "y")
            boxes.append((e, [x - half, y - half, x + num(e, "width") + half,
                              y + num(e, "height") + half]))
        elif tag == "line":
            xs, ys = (num(e, "x1"), num(e, "x2")), (num(e, "y1"), num(e, "y2"))
            boxes.append((e, [min(xs) - half, min(ys) - half, max(xs) + half, max(ys) + half]))
        elif tag in ("polygon", "path"):
            pts = [float(v) for v in re.findall(r"-?\d+(?:\.\d+)?(?:e-?\d+)?",
                                                 e.get("points") or e.get("d") or "")]
            if len(pts) >= 2:
                xs, ys = pts[0::2], pts[1::2]
                boxes.append((e, [min(xs) - half, min(ys) - half, max(xs) + half,
                                  max(ys) + half]))
        elif tag == "text":
            px, anchor = num(e, "font-size", 16), e.get("text-anchor", "start")
            x, y = num(e, "x"), num(e, "y")
            spans = list(e.iter(ns + "tspan"))
            if not spans:
                boxes.append((e, text_box(x, y, e.text or "", px, anchor)))
            for s in spans:
                y += num(s, "dy")
                boxes.append((e, text_box(num(s, "x", x), y, s.text or "", px, anchor)))
    return [(ET.tostring(e, encoding="unicode")[:160], b) for e, b in boxes
            if b[0] < vx - slack or b[1] < vy - slack or b[2] > vx + vw + slack or
            b[3] > vy + vh + slack]


_SERVERS = {}


def run_on_x(argv, env=None, screen="1920x1080", timeout=120):
    """subprocess.run(argv) on an X server of this size, one per size for the whole test (started on
    first use, stopped at exit). xvfb-run started a server for every run and now and then failed to
    clean up after it, exiting 5 over the app's own exit code (a hostile-file check read 5, not 2,
    on CI)."""
    if screen not in _SERVERS:
        if not _SERVERS:
            atexit.register(lambda: [x.close() for x in _SERVERS.values()])
        _SERVERS[screen] = Xvfb(screen)
    env = dict(env if env is not None else os.environ, DISPLAY=_SERVERS[screen].display)
    env.pop("WAYLAND_DISPLAY", None)
    return subprocess.run(argv, env=env, capture_output=True, text=True, timeout=timeout)
