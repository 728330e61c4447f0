"""Every text the app draws, readable in every theme (issue #34, part 5): over the --dump-layout of
every kind of view (the four block scans, Hillis-Steele's cases, side by side, the multi-block
grid, the single-pass timeline, the four applications, the benchmark chart, the quiz, the mistakes
lab, the key help, each tab of the side panel, presenter mode) in every theme, each text's colour against the colour under it must reach
WCAG 2's 4.5:1 (3:1 for text of 24 px and over). The dump says each line's colour, the colour
under it and its size (app/views/text_colors.cpp reads them from what was drawn); so that the
dump cannot lie, a sample of them is held against the screenshot's pixels: the text's box shows
the reported background around glyphs of the reported colour.

Also: the round labels and the Case tags at least the panels' text size, in the normal and the
presenter view.

Usage: ui_contrast_test.py SCANVIZ SOURCE_DIR   (exit 77: Xvfb or ImageMagick missing)."""
import os, sys
import xml.etree.ElementTree as ET

from ui_test_support import (EXAMPLE_TEXT, finish, make_workdir, near, require_tools, run_on_x,
                             screenshot)

THEMES = ("dark", "light", "high-contrast")
BASE = ["--backend", "cpu", "--input", EXAMPLE_TEXT]
VIEWS = [
    ("hillis-steele", ["--algorithm", "hillis-steele", "--round", "1"]),
    ("cases", ["--algorithm", "hillis-steele", "--case-colors", "--round", "2"]),
    ("blelloch", ["--algorithm", "blelloch", "--round", "3"]),
    ("warp-shuffle", ["--algorithm", "warp-shuffle", "--round", "1"]),
    ("sklansky", ["--algorithm", "sklansky", "--round", "1", "--select", "2:0:7"]),
    ("side-by-side", ["--side-by-side"]),
    ("grid", ["--algorithm", "multi-block", "--block-size", "4"]),
    ("timeline", ["--kind", "single-pass"]),
    ("compact", ["--app", "compact", "--keep", "odd", "--round", "1"]),
    ("radix-sort", ["--app", "radix-sort"]),
    ("split", ["--app", "split"]),
    ("allocate", ["--app", "allocate"]),
    ("benchmark", ["--kind", "benchmark"]),
    ("quiz", ["--quiz", "{src}/assets/quizzes/01-hillis-steele.json"]),
    ("mistakes", ["--panel", "mistakes", "--mistake", "no-barrier"]),
    ("keys", ["--keys"]),
    # The other tabs of the side panel.
    ("code", ["--algorithm", "blelloch", "--round", "2", "--panel", "code"]),
    ("narration", ["--algorithm", "blelloch", "--round", "2", "--panel", "narration"]),
    ("work-depth", ["--algorithm", "sklansky", "--panel", "work-depth"]),
    ("numerics", ["--algorithm", "hillis-steele", "--type", "float32", "--panel", "numerics"]),
    ("warps-banks", ["--algorithm", "warp-shuffle", "--panel", "warps-banks"]),
    ("presenter", ["--algorithm", "hillis-steele", "--case-colors", "--round", "2",
                   "--presenter"]),
]
# Views whose text lies over the others: only that panel's lines are on top (the rest are covered).
ONLY_PANEL = {"keys": "help"}
LARGE_PX = 24
# The SVG exports of the figures: the same rules, each text against the rectangle under it.
SVGS = [
    ("cases", ["--algorithm", "hillis-steele", "--case-colors", "--round", "2"]),
    ("blelloch", ["--algorithm", "blelloch", "--round", "5"]),
    ("side-by-side", ["--side-by-side", "--round", "1"]),
    ("grid", ["--algorithm", "multi-block", "--block-size", "4"]),
    ("timeline", ["--kind", "single-pass"]),
    ("compact", ["--app", "compact", "--keep", "odd", "--round", "1"]),
    ("allocate", ["--app", "allocate"]),
]


def luminance(rgb):
    def lin(v):
        v /= 255
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4
    r, g, b = (lin(v) for v in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def ratio(a, b):
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def texts(frame, only=None):
    """Every drawn text of the dump: (where, text, colour, background, px, rect); with `only`,
    that panel's lines alone (an overlay's, over everything else)."""
    out = []
    for p in frame.layout["panels"]:
        if only and p["name"] != only:
            continue
        for l in p["lines"]:
            if "color" in l and l["visible"] and l["text"].strip():
                out.append((f"{p['name']}/{l['kind']}", l["text"], tuple(l["color"]),
                            tuple(l["background"]), l["px"], l["rect"]))
    for c in frame.layout["cells"] if not only else []:
        if c["text"]:
            out.append((f"cell r{c['round']} p{c['pos']}", c["text"], tuple(c["text_color"]),
                        tuple(c["fill"]), c["text_px"], c["rect"]))
    return out


def check_contrast(name, frame, failures, only=None):
    checks = 0
    for where, text, fg, bg, px, _ in texts(frame, only):
        need = 3.0 if px >= LARGE_PX else 4.5
        checks += 1
        got = ratio(fg, bg)
        if got < need:
            failures.append(f"{name}: {where} {text[:40]!r} {px:.0f} px: #{bytes(fg).hex()} on "
                            f"#{bytes(bg).hex()} is {got:.2f}:1, wants {need}:1")
    return checks


def matches_pixels(frame, fg, bg, rect):
    """Whether the screenshot shows `bg` over a tenth of the text's box at least (the dump gives
    the background where the text reads worst: a slider's text over its grab and its frame) and
    a pixel near `fg` inside it (the glyphs' stems are fully covered at the sizes drawn). "" when
    it does, the reason when not, None when the box is too small to tell."""
    x0, y0, x1, y1 = frame.clamp(rect)
    if x1 - x0 < 6 or y1 - y0 < 6:
        return None
    px = frame.pixels(rect)
    counts = {}
    for p in px:
        counts[p] = counts.get(p, 0) + 1
    under = sum(n for c, n in counts.items() if near(c, bg, 12))
    if under < len(px) / 10:
        common = max(counts, key=counts.get)
        return (f"#{bytes(bg).hex()} (the dump's background) covers {under} of its {len(px)} "
                f"pixels; the commonest is #{bytes(common).hex()}")
    if not any(near(p, fg, 40) for p in px):
        return f"no pixel near the text colour #{bytes(fg).hex()}"
    return ""


def check_pixels(name, frame, failures, only=None):
    """The dump against the screenshot, for up to 25 texts a frame spread over its panels."""
    items = texts(frame, only)
    sample = items[::max(1, len(items) // 25)]
    checks = 0
    for where, text, fg, bg, px, rect in sample:
        if ratio(fg, bg) < 1.5:  # nothing to tell apart (reported as a contrast failure anyway)
            continue
        verdict = matches_pixels(frame, fg, bg, rect)
        if verdict is None:
            continue
        checks += 1
        if verdict:
            failures.append(f"{name}: {where} {text[:30]!r} at {[round(v) for v in rect]}: "
                            f"{verdict}")
    return checks


def svg_colour(v):
    v = (v or "").strip()
    if not v.startswith("#") or len(v) != 7:
        return None
    return tuple(int(v[i:i + 2], 16) for i in (1, 3, 5))


def svg_texts(path):
    """Each <text> of an SVG export with its fill, size and the fill of the topmost filled
    rectangle under its anchor drawn before it (a cell's own rectangle, a band, the page)."""
    rects, out = [], []

    def num(e, name):
        try:
            return float(e.get(name, "0").rstrip("%"))
        except ValueError:
            return 0.0

    def walk(e, fill=None):
        tag = e.tag.split("}")[-1]
        fill = svg_colour(e.get("fill")) or fill
        if tag == "rect" and svg_colour(e.get("fill")):
            full = e.get("width", "").endswith("%")
            rects.append((None if full else (num(e, "x"), num(e, "y"), num(e, "width"),
                                             num(e, "height")), svg_colour(e.get("fill"))))
        if tag == "text":
            x, y = num(e, "x"), num(e, "y")
            under = None
            for r, c in reversed(rects):
                if r is None or (r[0] <= x <= r[0] + r[2] and r[1] <= y <= r[1] + r[3]):
                    under = c
                    break
            text = "".join(e.itertext())
            if under and fill and text.strip():
                out.append((text, fill, under, num(e, "font-size")))
        for child in e:
            walk(child, fill if tag != "svg" else None)

    walk(ET.parse(path).getroot())
    return out


def check_svgs(app, workdir, failures):
    checks = 0
    for theme in THEMES:
        for name, flags in SVGS:
            path = os.path.join(workdir, f"{name}-{theme}.svg")
            r = run_on_x([app] + BASE + flags + ["--theme", theme, "--export-svg", path])
            checks += 1
            if r.returncode != 0 or not os.path.exists(path):
                failures.append(f"svg {name}-{theme}: exit {r.returncode}: {r.stderr[:200]}")
                continue
            texts_ = svg_texts(path)
            if not texts_:
                failures.append(f"svg {name}-{theme}: no text with a fill found")
            for text, fg, bg, px in texts_:
                need = 3.0 if px >= LARGE_PX else 4.5
                checks += 1
                if ratio(fg, bg) < need:
                    failures.append(f"svg {name}-{theme}: {text[:40]!r} {px:.0f} px: "
                                    f"#{bytes(fg).hex()} on #{bytes(bg).hex()} is "
                                    f"{ratio(fg, bg):.2f}:1, wants {need}:1")
    return checks


def check_sizes(name, frame, failures):
    """Round labels and Case tags at least as large as the panels' text."""
    # The panels' text: the status bar's, which presenter mode keeps (and scales).
    panel_px = [l["px"] for p in frame.layout["panels"] if p["name"] == "status"
                for l in p["lines"] if "px" in l]
    figure = [(l["kind"], l["text"], l["px"]) for p in frame.layout["panels"] for l in p["lines"]
              if l["kind"] in ("round", "case tag") and "px" in l]
    if not panel_px:
        return 0
    body = sorted(panel_px)[len(panel_px) // 2]
    checks = 0
    for kind, text, px in figure:
        checks += 1
        if px < body - 0.5:
            failures.append(f"{name}: {kind} {text!r} is {px:.1f} px, the panels' text {body:.1f}")
    return checks


def main():
    require_tools()
    app, src = sys.argv[1], sys.argv[2]
    workdir = make_workdir("contrast")
    failures, checks = [], 0
    kinds_seen = set()
    for theme in THEMES:
        for name, flags in VIEWS:
            shot = f"{name}-{theme}"
            flags = [f.format(src=src) for f in flags]
            frame, error = screenshot(app, workdir, shot, BASE + flags + ["--theme", theme])
            checks += 1
            if error:
                failures.append(f"{shot}: {error}")
                continue
            only = ONLY_PANEL.get(name)
            n = check_contrast(shot, frame, failures, only)
            if n == 0:
                failures.append(f"{shot}: the dump has no text with its colours")
            checks += n + check_pixels(shot, frame, failures, only)
            if name in ("cases", "presenter"):
                sizes = check_sizes(shot, frame, failures)
                kinds_seen.update(l["kind"] for p in frame.layout["panels"] for l in p["lines"])
                checks += sizes
    checks += check_svgs(app, workdir, failures)
    for kind in ("round", "case tag"):
        checks += 1
        if kind not in kinds_seen:
            failures.append(f"no {kind!r} line in the cases and presenter dumps")
    return finish("ui_contrast_test", workdir, failures, checks)


if __name__ == "__main__":
    sys.exit(main())
