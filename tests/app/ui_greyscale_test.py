"""The case classes told apart without colour (issue #34, part 5): the legend of each block scan
(Hillis-Steele, Blelloch, both side by side, Hillis-Steele's cases) rendered in every theme, its
sample boxes converted to greyscale, and each box's stroke measured from the pixels: the runs of
ink and gap along its top edge, and the layers of ink and gap across the edge. Every two classes
of a legend must differ in one of them, or in the fill's grey by a clear step (an unchanged cell
and a Case 3 cell are both dotted, but one is dark and one light). Loaded and copied were both
dashed, with fills of nearly equal brightness.

Usage: ui_greyscale_test.py SCANVIZ   (exit 77: Xvfb or ImageMagick missing)."""
import sys

from ui_test_support import (EXAMPLE_TEXT, PALETTE, finish, make_workdir, require_tools,
                             screenshot)

THEMES = ("dark", "light", "high-contrast")
LEGENDS = [
    ("hillis-steele", ["--algorithm", "hillis-steele"]),
    ("blelloch", ["--algorithm", "blelloch"]),
    ("side-by-side", ["--side-by-side"]),
    ("cases", ["--algorithm", "hillis-steele", "--case-colors"]),
]
FILL_STEP = 60  # greys this far apart read as different fills
MIN_UNLIKE = 0.15  # strokes that differ over less of their ink than this look alike


def grey(p):
    return 0.299 * p[0] + 0.587 * p[1] + 0.114 * p[2]


def sample_box(frame, line, panel_bg):
    """The legend line's sample box (common.cpp's SampleBox: 1.5 text heights tall, 1.6 times as
    wide, left of the text, whose first line is centred on it): the bounding box of the pixels
    there that differ from the panel, or None."""
    x, y, _, _ = line["rect"]
    px = line.get("px", 17)
    ys = range(max(0, int(y - 0.25 * px - 3)), min(frame.h, int(y + 1.25 * px + 3)))
    xs = range(max(0, int(x - 2.4 * px - 12)), int(x) - 1)
    hits = [(a, b) for b in ys for a in xs if abs(grey(frame.pixel(a, b)) - grey(panel_bg)) > 12]
    if not hits:
        return None
    return (min(p[0] for p in hits), min(p[1] for p in hits), max(p[0] for p in hits) + 1,
            max(p[1] for p in hits) + 1)


def stroke_mask(frame, box, border_grey):
    """The box's edge band (8 px deep) in greyscale as ink (nearer the border's grey than the
    fill's) or not, and the fill's grey."""
    x0, y0, x1, y1 = box
    fill = grey(frame.pixel((x0 + x1) // 2, y0 + (y1 - y0) * 3 // 4))
    mask = {}
    for y in range(y0, y1):
        for x in range(x0, x1):
            if min(x - x0, x1 - 1 - x, y - y0, y1 - 1 - y) < 8:
                g = grey(frame.pixel(x, y))
                mask[(x - x0, y - y0)] = abs(g - border_grey) < abs(g - fill)
    return mask, fill


def unlike(a, b):
    """The share of the two strokes' ink (where either has ink) that only one of them has."""
    keys = a[0].keys() & b[0].keys()
    either = sum(1 for k in keys if a[0][k] or b[0][k])
    return sum(1 for k in keys if a[0][k] != b[0][k]) / max(1, either)


def main():
    require_tools()
    app = sys.argv[1]
    workdir = make_workdir("greyscale")
    failures, checks = [], 0
    for theme in THEMES:
        for name, flags in LEGENDS:
            shot = f"{name}-{theme}"
            frame, error = screenshot(app, workdir, shot, ["--backend", "cpu", "--input",
                                                           EXAMPLE_TEXT, "--theme", theme] + flags)
            checks += 1
            if error:
                failures.append(f"{shot}: {error}")
                continue
            side = frame.panels("side")
            panel_bg = frame.pixel(int(side[0]["rect"][0]) + 3, int(side[0]["rect"][1]) + 3)
            entries = []
            border = grey(PALETTE[theme]["border"])
            for l in (l for p in side for l in p["lines"] if l["kind"] == "legend"):
                if "never written" in l["text"] or "read" in l["text"]:
                    continue  # '?' is its mark; the arrow is no box
                box = sample_box(frame, l, panel_bg)
                checks += 1
                if box is None:
                    failures.append(f"{shot}: no sample box beside {l['text']!r}")
                    continue
                entries.append((l["text"], stroke_mask(frame, box, border)))
            if len(entries) < 3:
                failures.append(f"{shot}: {len(entries)} legend entries, wanted 3 or more")
            for i, (ta, sa) in enumerate(entries):
                for tb, sb in entries[i + 1:]:
                    checks += 1
                    share = unlike(sa, sb)
                    if share < MIN_UNLIKE and abs(sa[1] - sb[1]) < FILL_STEP:
                        failures.append(f"{shot}: {ta!r} and {tb!r} look alike in grey: their "
                                        f"strokes differ over {share:.0%} of their ink, their "
                                        f"fills' greys {sa[1]:.0f} and {sb[1]:.0f}")
    return finish("ui_greyscale_test", workdir, failures, checks)


if __name__ == "__main__":
    sys.exit(main())
