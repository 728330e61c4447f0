#!/usr/bin/env python3
"""Headless UI test: runs `scanviz --screenshot --dump-layout` on Xvfb for both algorithms
on the chapters' example, every round, and checks real pixels inside the trace view only:

- the trace view (its rectangle from the dump, not the sidebars or the status line) is drawn: many
  distinct colours, and its header names the round shown, in the palette's text colour;
- every cell of the current round is filled with its class's colour from the palette table in
  ui_test_support.py (the palette's documented values, not the app's own dump), and the border's
  ink along its top edge has the pattern its class calls for (dotted: short runs, dashed: long
  runs, solid: one run) in the table's border colour.

A few frames use the light and high-contrast themes, whose colours differ. Hillis-Steele's rounds
are also drawn with --case-colors: then a written cell's fill is its case's colour and its border
the chapters' case figures' (Case 1 solid, Case 2 dashed, Case 3 dotted).

Usage: ui_headless_test.py SCANVIZ. Exit 77 (CTest SKIP_RETURN_CODE) when Xvfb or ImageMagick's
convert is missing: skipped, never passed."""
import json, os, re, subprocess, sys

sys.dont_write_bytecode = True  # no __pycache__ in the source tree for the shared module
from ui_test_support import (CASE_FILL, EXAMPLE_TEXT, PALETTE, finish, inside, make_workdir,
                             near, require_tools, run_on_x, screenshot)

CASE_STYLE = {1: "solid", 2: "dashed", 3: "dotted"}  # the chapters' case figures
# The chapters' styles, varied where two classes would share one (issue #34, scene/stroke.h):
# loaded dash-dot beside copied's dashes, add's heavier dashes, swap-and-add a double line.
EXPECTED_STYLE = {"unchanged": "dotted", "loaded": "dash-dot", "copied": "dashed",
                  "add": "dashed", "seed": "plain", "computed": "solid", "swap-and-add": "double"}
ROUNDS = {"hillis-steele": 4, "blelloch": 8}  # n = 8
# Each round's heading as the chapters count: Hillis-Steele's staging step is round 0, then rounds
# 1 to 3; Blelloch has 2 log2 8 = 6 rounds, the sweeps', with the seed step between them.
HEADINGS = {
    "hillis-steele": ["round 0 · staging step (load)", "round 1 of 3 · stride 1",
                      "round 2 of 3 · stride 2", "round 3 of 3 · stride 4"],
    "blelloch": ["round 0 · staging step (load)", "up-sweep round 1 of 3 · stride 1",
                 "up-sweep round 2 of 3 · stride 2",
                 "up-sweep round 3 of 3 · stride 4", "seed step · root = identity",
                 "down-sweep round 1 of 3 · stride 4",
                 "down-sweep round 2 of 3 · stride 2",
                 "down-sweep round 3 of 3 · stride 1"]}
NAMES = {"hillis-steele": "Hillis-Steele", "blelloch": "Blelloch"}
FILL_TOL = 6  # the shader fills flat (exact); antialiasing only touches edges, not sampled


def border_ok(want, runs, covered, bw):
    if want == "solid":
        return len(runs) == 1 and covered > 0.95
    if want == "dashed":
        return len(runs) >= 2 and 0.5 < covered < 0.9 and max(runs) >= 3 * bw
    if want == "dash-dot":  # dashes of four widths between dots of one
        return (len(runs) >= 3 and 0.45 < covered < 0.85 and max(runs) >= 3 * bw and
                min(runs[1:-1] or [0]) <= 1.5 * bw)
    if want == "plain":  # a thin outline at the edge (the input row's): no border ink inside it
        return covered < 0.05
    return len(runs) >= 3 and 0.3 < covered < 0.7 and max(runs) <= 2 * bw


def spilled(frame):
    """The cells whose value is drawn wider than the cell's inside, its width less its borders and
    a pixel clear of each, as the dump measured it (issue #26 item 15: '3e+38' ran into its
    cell's borders)."""
    return [(c["text"], round(c["text_w"], 2), [round(v, 1) for v in c["rect"]])
            for c in frame.layout["cells"]
            if c["text"] and c["text_w"] > c["rect"][2] - 2 * (c["border_width"] + 1) + 0.01]


def check_frame(frame, algorithm, rnd, theme, failures, by_case=False):
    """Returns the number of checks made."""
    pal = PALETTE[theme]
    checks = 0
    tag = f"{theme} {algorithm} round {rnd}"
    views = [p for p in frame.panels("trace") if p.get("algorithm") == algorithm]
    if len(views) != 1:
        failures.append(f"{tag}: {len(views)} trace views of {algorithm} in the dump, wanted 1")
        return 1
    view = views[0]
    # Not blank, inside the view only.
    colours = set(frame.pixels(view["rect"], step=3))
    checks += 1
    if len(colours) < 20:
        failures.append(f"{tag}: trace view {view['rect']} looks blank ({len(colours)} colours)")
    # The header names this round, and is drawn in the text colour.
    headers = [l for l in view["lines"] if l["kind"] == "header"]
    checks += 1
    heading = HEADINGS[algorithm][rnd]
    if len(headers) != 1 or not headers[0]["text"].startswith(
            f"{NAMES[algorithm]} ({'inclusive' if algorithm == 'hillis-steele' else 'exclusive'})"
            f"  ·  {heading}  ·  "):
        failures.append(f"{tag}: header {[h['text'] for h in headers]} does not say {heading!r}; "
                        f"{rnd} of {last}")
    else:
        ink = frame.count_near(headers[0]["rect"], pal["text"], 30)
        if ink < 40:
            failures.append(f"{tag}: header '{headers[0]['text']}' has {ink} pixels of the text "
                            f"colour {pal['text']} in {headers[0]['rect']}")
    checks += 1
    if spilled(frame):
        failures.append(f"{tag}: values wider than their cells: {spilled(frame)[:3]}")
    current = [c for c in frame.layout["cells"]
               if c["algorithm"] == algorithm and c["round"] == rnd and c["class"] != "input"]
    checks += 1
    if len(current) < 8:
        failures.append(f"{tag}: {len(current)} cells of round {rnd} in the layout, wanted >= 8")
    for c in current:
        x, y, cw, ch = (int(round(v)) for v in c["rect"])
        bw = max(1, int(c["border_width"]))
        name = f"{tag} buf[{c['buffer']}][{c['pos']}] ({c['class']})"
        checks += 1
        if not inside(c["rect"], view["rect"]):
            failures.append(f"{name}: cell {c['rect']} outside the trace view {view['rect']}")
            continue
        # Fill: a point inside the box away from the border and the centred label, against the
        # table's colour for the class.
        fx, fy = x + 2 * bw + 3, y + ch - 2 * bw - 3
        case = c["hs_case"] if by_case else 0
        if case:
            want = CASE_FILL[case]
            checks += 1
            if not near(frame.pixel(fx, fy), want, FILL_TOL):
                failures.append(f"{name}: case {case} fill {frame.pixel(fx, fy)}, wanted {want}")
        elif not c["padding"]:
            want = pal[c["class"]]
            checks += 1
            if not near(frame.pixel(fx, fy), want, FILL_TOL):
                failures.append(f"{name}: fill {frame.pixel(fx, fy)} at ({fx},{fy}), the palette "
                                f"says {want}")
        want = CASE_STYLE[case] if case else EXPECTED_STYLE.get(c["class"])
        if want is None:
            continue
        # Border pattern: runs of border-coloured pixels along the middle of the top edge (a
        # double line: along its outer line, its middle the fill's).
        ey = y + bw // 2
        if want == "double":
            middle = [near(frame.pixel(xx, ey), pal["border"], 60) for xx in range(x + 1, x + cw - 1)]
            checks += 1
            if sum(middle) > 0.3 * len(middle):
                failures.append(f"{name}: expected a double border, its middle row is ink")
            ey, want = y, "solid"
        ink = [near(frame.pixel(xx, ey), pal["border"], 60) for xx in range(x + 1, x + cw - 1)]
        runs, run = [], 0
        for on in ink + [False]:
            if on:
                run += 1
            elif run:
                runs.append(run)
                run = 0
        covered = sum(ink) / max(1, len(ink))
        checks += 1
        if not border_ok(want, runs, covered, bw):
            failures.append(f"{name}: expected {want} border{f' (case {case})' if case else ''}, "
                            f"ink runs {runs[:8]} cover "
                            f"{covered:.2f}")
    return checks


def main():
    if len(sys.argv) != 2:
        print(__doc__)
        return 2
    app = sys.argv[1]
    require_tools()
    workdir = make_workdir("ui-headless")
    frames = [("dark", a, r) for a, n in ROUNDS.items() for r in range(n)]
    frames += [("light", "hillis-steele", 2), ("light", "blelloch", 6),
               ("high-contrast", "hillis-steele", 3), ("high-contrast", "blelloch", 5)]
    failures, checks = [], 0
    for theme, algorithm, rnd in frames:
        name = f"{theme}-{algorithm}-{rnd}"
        frame, error = screenshot(app, workdir, name, [
            "--algorithm", algorithm, "--input", EXAMPLE_TEXT, "--round", str(rnd), "--theme",
            theme])
        checks += 1
        if error:
            failures.append(f"{name}: {error}")
            continue
        if frame.layout.get("theme") != theme:
            failures.append(f"{name}: the dump says theme {frame.layout.get('theme')!r}")
        checks += check_frame(frame, algorithm, rnd, theme, failures)
    # The case figures: rounds 1 to 3 of Hillis-Steele with --case-colors.
    for rnd in (1, 2, 3):
        name = f"cases-hillis-steele-{rnd}"
        frame, error = screenshot(app, workdir, name, [
            "--algorithm", "hillis-steele", "--input", EXAMPLE_TEXT, "--round", str(rnd),
            "--case-colors"])
        checks += 1
        if error:
            failures.append(f"{name}: {error}")
            continue
        cases = {c["hs_case"] for c in frame.layout["cells"] if c["round"] == rnd}
        checks += 1
        if not {1, 3} <= cases or (rnd >= 2 and 2 not in cases):
            failures.append(f"{name}: the dump's cases of round {rnd} are {sorted(cases)}")
        checks += check_frame(frame, "hillis-steele", rnd, "dark", failures, by_case=True)
    # The legend lists the boxes the shown traces' threads drew: Sklansky never copies a value
    # across or writes the identity; Blelloch beside Hillis-Steele draws both and their own.
    for name, flags, want, never in [
            ("legend-sklansky", ["--algorithm", "sklansky"], {"computed", "loaded"},
             {"copied across", "the seed (identity)", "swap-and-"}),
            ("legend-pair", ["--side-by-side"], {"copied across", "the seed (identity)",
                                                  "swap-and-add", "computed"}, set()),
            # Issue #26 item 14: with the cases coloured a copied cell is drawn dotted (Case 3);
            # the legend said "dashed: copied across" beside it.
            ("legend-cases", ["--algorithm", "hillis-steele", "--case-colors"],
             {"Case 1", "Case 2", "Case 3", "loaded"}, {"copied across", "solid: computed"})]:
        frame, error = screenshot(app, workdir, name, [*flags, "--input", EXAMPLE_TEXT])
        checks += 1
        if error:
            failures.append(f"{name}: {error}")
            continue
        legend = " | ".join(l["text"] for p in frame.panels("side") for l in p["lines"]
                            if l["kind"] == "legend")
        missing = [w for w in want if w not in legend]
        wrong = [w for w in never if w in legend]
        if missing or wrong:
            failures.append(f"{name}: legend {legend!r} lacks {missing} or has {wrong}")
    # Issue #26 item 1: a larger figure (Ctrl+=, the session's figure_scale) in presenter mode
    # made the cells flatter until every number vanished. Each size: the last round's cells
    # all show their values, in a font that grows with the figure and in cells as tall as it.
    sizes = []
    for scale in (1.0, 1.44, 2.0736, 2.986):
        name = f"presenter-figure-{scale}"
        session = os.path.join(workdir, f"{name}.scanviz")
        with open(session, "w", encoding="utf-8") as f:
            json.dump({"format": "scanviz-session", "version": 1, "input": "3,1,7,0,4,1,6,3",
                       "type": "int32", "op": "add", "convert": False,
                       "algorithm": "hillis-steele", "round": -1, "seed": 1,
                       "view": {"figure_scale": scale}}, f)
        frame, error = screenshot(app, workdir, name, ["--open", session, "--presenter"],
                                  size=(1600, 900))
        checks += 1
        if error:
            failures.append(f"{name}: {error}")
            continue
        last = [c for c in frame.layout["cells"] if c["round"] == 3 and c["class"] != "input"]
        bare = [c for c in last if not c["text"] or c["rect"][3] < c["text_px"]]
        if len(last) < 8 or bare:
            failures.append(f"{name}: {len(last)} cells of round 3 drawn, {len(bare)} without "
                            f"their value or shorter than it: {bare[:2]}")
            continue
        sizes.append(max(c["text_px"] for c in last))
    checks += 1
    if len(sizes) != 4 or sorted(set(sizes)) != sizes:
        failures.append(f"the values' font does not grow with the figure: {sizes}")

    # The deepest grid (2^16 values in blocks of 4: levels 0..7) fits its pane as it opens, Fit
    # view's state: every row's title and every level's band caption drawn whole inside the pane,
    # at the last step too, on a 1080p screen and a 1024x768 projector (issue #26 item 2).
    n, block = 65536, 4
    levels = 1
    while n // block ** levels >= block:
        levels += 1  # level d scans n / B^d values; the last fits one block
    want_rows = 6 + 4 * (levels - 2) + 1  # level 0's six, each middle level's four, the top's one
    for size in ((1920, 1080), (1024, 768)):
        name = f"grid-65536-by-4-{size[0]}x{size[1]}"
        frame, error = screenshot(app, workdir, name, [
            "--backend", "cpu", "--algorithm", "multi-block", "--random", str(n), "--block-size",
            str(block)], size=size)
        checks += 1
        if error:
            failures.append(f"{name}: {error}")
            continue
        grid = [p for p in frame.layout["panels"] if p["name"] == "grid"]
        lines = grid[0]["lines"] if grid else []
        rows = [l for l in lines if l["kind"] == "row"]
        bands = [l for l in lines if l["kind"] == "band"]
        hidden = [l["text"] for l in rows + bands if not l["visible"]]
        if len(rows) != want_rows or len(bands) != levels - 1 or hidden:
            failures.append(f"{name}: {len(rows)} row titles of {want_rows} and {len(bands)} band "
                            f"captions of {levels - 1} drawn, not whole in the pane: {hidden}")

    # Presenter mode fills a 4K projector (96 dpi, no HiDPI scale) as it fills a 1080p one: the
    # values' font doubles and the figure spans as much of the height (issue #26 item 4).
    spans = {}
    for size in ((1920, 1080), (3840, 2160)):
        name = f"presenter-{size[0]}x{size[1]}"
        frame, error = screenshot(app, workdir, name, ["--backend", "cpu", "--presenter"],
                                  size=size, screen="3840x2160")
        checks += 1
        if error:
            failures.append(f"{name}: {error}")
            continue
        cells = frame.layout["cells"]
        top = min(c["rect"][1] for c in cells)
        bottom = max(c["rect"][1] + c["rect"][3] for c in cells)
        spans[size[1]] = (max(c["text_px"] for c in cells), (bottom - top) / size[1])
    checks += 1
    if len(spans) == 2 and not (spans[2160][0] >= 1.9 * spans[1080][0] and
                                spans[2160][1] >= 0.9 * spans[1080][1]):
        failures.append(f"presenter mode at 4K: values at {spans[2160][0]} px over "
                        f"{spans[2160][1]:.0%} of the height; at 1080p {spans[1080][0]} px over "
                        f"{spans[1080][1]:.0%}")

    # Issue #26 item 15: float32 values as long as 3e+38 (and the infinities they sum to) stay
    # inside their cells: smaller, then shorter (3e38, ∞), then "…", never over the borders, never
    # gone; at the lecture's 1280x755 the whole value shows.
    for name, size, flags in [("float-1280", (1280, 755), []),
                              ("float-1024", (1024, 768), []),
                              ("float-pair-1024", (1024, 768), ["--side-by-side"])]:
        frame, error = screenshot(app, workdir, name, [
            "--type", "float32", "--input", "3e38,3e38,1,2,3,4,5,6", *flags], size=size)
        checks += 1
        if error:
            failures.append(f"{name}: {error}")
            continue
        cells = frame.layout["cells"]
        bare = [c for c in cells if not c["text"] or c["text_px"] < 7]
        checks += 1
        if spilled(frame) or bare or len(cells) < 40:
            failures.append(f"{name}: {len(cells)} cells; values wider than their cells: "
                            f"{spilled(frame)[:3]}; without a value: {len(bare)}")
        if name == "float-1280":
            checks += 1
            inputs = [c["text"] for c in cells if c["class"] == "input"]
            if inputs[:2] != ["3e+38", "3e+38"]:
                failures.append(f"{name}: the input row reads {inputs}, wanted 3e+38 twice")

    # A large grid edited as the live loop does it (--bench-frames: CheckGrid and the freeing
    # of the replaced grid on workers, docs/app.md), so that the TSan stage runs those threads.
    env = dict(os.environ, XDG_CONFIG_HOME=os.path.join(workdir, "config"))
    r = run_on_x([app, "--backend", "cpu", "--bench-frames", "2", "--size", "1280x800",
                  "--algorithm", "multi-block", "--block-size", "1024", "--random", "16384"],
                 env=env, screen="1280x800", timeout=600)
    checks += 1
    if r.returncode != 0 or "edit at n = 16384" not in r.stdout:
        failures.append(f"--bench-frames on a grid of 16384: exit {r.returncode}, "
                        f"{(r.stdout + r.stderr).strip()[-300:]!r}")
    return finish("ui_headless_test", workdir, failures, checks)


if __name__ == "__main__":
    sys.exit(main())
