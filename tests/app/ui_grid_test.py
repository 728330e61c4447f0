"""The multi-block grid's band captions (issue #26 item 20): the sums scan one level down sits on a
band whose caption ("phase 2 · level 1: the 4 sums scanned in one block") no block boundary line
crosses, and that no view edge cuts, at the usual size, in presenter mode, at HiDPI (the X
server's Xft.dpi at 192: GLFW's content scale 2, where the title is wider than the grid) and with
the seven nested bands of n = 65536.

Each case is a `scanviz --screenshot` with --dump-layout: the grid panel's "band" lines (each
band's rectangle), "band-title" lines (each caption line's text box) and "boundary" lines (each
piece of a boundary drawn). A caption box must lie inside its band and the panel, hold readable
text, and meet no boundary, in the dump and in the pixels: no column of the box is the boundary's
colour from its top to its bottom.

Needs Xvfb, ImageMagick's convert and python3; without them it reports SKIPPED (exit 77). The
HiDPI cases need xrdb (x11-xserver-utils); without it they are left out, and said so."""
import os, shutil, subprocess, sys

from ui_test_support import (PALETTE, SKIP, Frame, Xvfb, finish, make_workdir, near,
                             require_tools)

CASES = [  # name, size, flags
    ("usual", (1600, 900), ["--random", "16", "--block-size", "4"]),
    ("presenter", (900, 700), ["--random", "16", "--block-size", "4", "--presenter"]),
    ("presenter-narrow", (640, 700), ["--random", "8", "--block-size", "4", "--presenter"]),
    ("nested", (1280, 720), ["--random", "65536", "--block-size", "4"]),
    ("phase-2", (1600, 900), ["--random", "64", "--block-size", "4", "--round", "1"]),
]
HIDPI_CASES = [
    ("hidpi", (1600, 900), ["--random", "8", "--block-size", "4"]),
    ("hidpi-wide", (1920, 1080), ["--random", "16", "--block-size", "4"]),
]


def main():
    require_tools()
    if not shutil.which("Xvfb"):
        print("SKIPPED: Xvfb not found (scripts/setup.sh installs it)")
        return SKIP
    app = sys.argv[1]
    workdir = make_workdir("grid")
    failures, count = [], [0]

    def expect(ok, message):
        count[0] += 1
        if not ok:
            failures.append(message)
        return ok

    for dpi, cases in ((None, CASES), (192, HIDPI_CASES)):
        if dpi and not shutil.which("xrdb"):
            print("note: xrdb not found (x11-xserver-utils): the HiDPI cases are left out")
            continue
        xvfb = Xvfb("1920x1080")
        try:
            env = dict(os.environ, DISPLAY=xvfb.display,
                       XDG_CONFIG_HOME=os.path.join(workdir, "config"))
            if dpi:
                subprocess.run(["xrdb", "-nocpp", "-merge"], input=f"Xft.dpi: {dpi}\n", env=env,
                               text=True, check=True)
            for name, size, flags in cases:
                check_case(app, workdir, env, name, size, flags, expect)
        finally:
            xvfb.close()
    return finish("ui_grid_test", workdir, failures, count[0])


def overlaps(a, b):
    """Whether rectangles a and b ([x, y, w, h]) share more than an edge."""
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


def crossing_columns(frame, box, colour):
    """The columns of `box` that are `colour` from its top to its bottom (a boundary line; no
    glyph is as tall as its line box)."""
    x0, y0, x1, y1 = frame.clamp(box)
    lo, hi = y0 + max(1, (y1 - y0) // 20), y1 - max(1, (y1 - y0) // 20)
    if hi <= lo:
        return []
    return [x for x in range(x0, x1)
            if all(near(frame.pixel(x, y), colour, 12) for y in range(lo, hi))]


def captions_of(lines):
    """The caption boxes: each "band-title" line; a dump from before them has only each band's
    title at its top left, about as wide as DejaVu Sans sets it (0.45 em a character)."""
    titles = [(l["text"], l["rect"]) for l in lines if l["kind"] == "band-title"]
    if titles:
        return titles
    return [(l["text"], [l["rect"][0], l["rect"][1], 0.45 * l["rect"][3] * len(l["text"]),
                         l["rect"][3]]) for l in lines if l["kind"] == "band"]


def check_case(app, workdir, env, name, size, flags, expect):
    png, dump = os.path.join(workdir, f"{name}.png"), os.path.join(workdir, f"{name}.json")
    r = subprocess.run([app, "--backend", "cpu", "--algorithm", "multi-block", "--screenshot", png,
                        "--size", f"{size[0]}x{size[1]}", "--dump-layout", dump] + flags,
                       env=env, capture_output=True, text=True, timeout=180)
    if not expect(r.returncode == 0, f"{name}: exit {r.returncode}: {r.stderr.strip()[:300]}"):
        return
    frame = Frame(png, dump)
    panels = frame.panels("grid")
    if not expect(len(panels) == 1, f"{name}: {len(panels)} grid panels in the dump"):
        return
    panel = panels[0]
    lines = panel["lines"]
    bands = [l for l in lines if l["kind"] == "band" and l["rect"][2] > 0]
    boundaries = [l["rect"] for l in lines if l["kind"] == "boundary"]
    captions = captions_of(lines)
    expect(captions, f"{name}: no band caption drawn")
    expect(boundaries, f"{name}: no block boundary recorded (the dump's \"boundary\" lines)")
    px = panel["rect"]
    line_colour = PALETTE["dark"]["text_dim"]
    for text, box in captions:
        label = f"{name}: caption {text!r} at {[round(v) for v in box]}"
        expect(box[3] >= 7, f"{label}: too small to read")
        expect(box[0] >= px[0] - 1 and box[0] + box[2] <= px[0] + px[2] + 1,
               f"{label}: cut by the grid's edge at x = {px[0] + px[2]:.0f}")
        if bands:
            expect(any(b["rect"][0] - 1 <= box[0] and box[0] + box[2] <= b["rect"][0] +
                       b["rect"][2] + 1 and b["rect"][1] - 1 <= box[1] and
                       box[1] + box[3] <= b["rect"][1] + b["rect"][3] + 1 for b in bands),
                   f"{label}: not inside its band")
        crossed = [b for b in boundaries if overlaps(b, box)]
        expect(not crossed, f"{label}: crossed by the boundaries at "
                            f"{[round(b[0]) for b in crossed]}")
        columns = crossing_columns(frame, box, line_colour)
        expect(not columns, f"{label}: a line through it in the pixels at x = {columns[:4]}")
    # Every band says which level it is (its title or its short title).
    for b in bands:
        level = b["text"].split("level ", 1)[1].split(":", 1)[0]
        inside = [t for t, box in captions if overlaps(box, b["rect"])]
        expect(any(f"level {level}" in t for t in inside),
               f"{name}: the band of level {level} says {inside}")


if __name__ == "__main__":
    sys.exit(main())
