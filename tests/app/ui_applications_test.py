"""The applications view headless (`scanviz --app ... --screenshot --dump-layout`): the rows each
step reaches, the narration naming the invariant with the trace's values, the output drawn in the
written colour only once the scatter ran, the pool's slices labelled, the sign flip said for
signed keys, a 2^16-element input drawn as its first and last cells, and a hostile application
file refused in one line.

Needs Xvfb, ImageMagick's convert and python3; without one it reports SKIPPED (exit 77)."""
import json, os, subprocess, sys

from ui_test_support import (Checks, EXAMPLE_TEXT, SKIP, finish, make_workdir, require_tools, run_on_x,
                             screenshot)

KEPT = (0x00, 0x9E, 0x73)  # application_view.cpp's kKept: an output cell the scatter wrote


def lines(frame, kind=None):
    out = []
    for p in frame.panels("apps"):
        out += [l for l in p["lines"] if kind is None or l["kind"] == kind]
    return out


def texts(frame, kind):
    return [l["text"] for l in lines(frame, kind)]


def main():
    require_tools()
    app = sys.argv[1]
    workdir = make_workdir("applications")
    expect = Checks()  # expect(ok, message): counts the check, keeps a failure

    base = ["--backend", "cpu", "--input", EXAMPLE_TEXT]
    # Compaction, keep odd: step 1 (flag) has two rows; step 3 (scatter) four, the output written.
    flag, err = screenshot(app, workdir, "compact-flag",
                           base + ["--app", "compact", "--keep", "odd", "--round", "0"])
    scatter, err2 = screenshot(app, workdir, "compact-scatter",
                               base + ["--app", "compact", "--keep", "odd", "--round", "2"])
    if expect(flag is not None and scatter is not None, f"compact screenshots: {err} {err2}"):
        expect(texts(flag, "row") == ["input", "flags"], f"flag step rows: {texts(flag, 'row')}")
        expect(texts(scatter, "row") == ["input", "flags", "scan", "kept"],
               f"scatter step rows: {texts(scatter, 'row')}")
        narr = " ".join(texts(scatter, "narration"))
        expect("a kept element's exclusive scan value counts the kept elements before it" in narr
               and "Output length 5 of 8" in narr and "goes to output[3]" in narr,
               f"scatter narration: {narr}")
        expect("flags[i] = 1 if --keep odd keeps input[i]: 5 elements of 8 kept"
               in " ".join(texts(flag, "narration")), f"flag narration: {texts(flag, 'narration')}")
        panel = scatter.panels("apps")[0]["rect"]
        rows = {l["text"]: l["rect"] for l in lines(scatter, "row")}
        kept = rows["kept"]
        band = [panel[0], kept[1], panel[2], kept[3]]
        expect(scatter.count_near(band, KEPT, 30) > 500,
               "the kept row is not drawn in the written colour")
        expect(flag.count_near([panel[0], kept[1], panel[2], kept[3]], KEPT, 30) < 50,
               "the flag step already shows written output cells")

        # The side panel speaks of the application, not of a block scan's boxes: its colours
        # (no "dotted: unchanged" box), and the status bar the application's numbers.
        side = [l["text"] for p in scatter.panels("side") for l in p["lines"]]
        expect("flag 1: kept (its input and scan cells lit too)" in side and
               "written by the scatter" in side and
               not any(t.startswith("dotted") for t in side),
               f"the side panel in the applications mode: {side}")
        status = [l["text"] for p in scatter.panels("status") for l in p["lines"]]
        expect(any("compact  ·  n = 8  ·  5 of 8 kept  ·  scan in blocks of 8" in t for t in status),
               f"the status bar in the applications mode: {status}")
    narration, err = screenshot(app, workdir, "compact-narration",
                                base + ["--app", "compact", "--keep", "odd", "--panel", "narration"])
    if expect(narration is not None, f"narration screenshot: {err}"):
        side = " ".join(l["text"] for p in narration.panels("side") for l in p["lines"])
        expect("Why it is right: a kept element's exclusive scan value counts" in side and
               "step 2 scans them (exclusive), giving the destinations" in side,
               f"the Narration tab in the applications mode: {side}")

    # In a small window (1024x600) the chapters' eight values still show whole, with no gap,
    # and the output row fits under the arrows.
    small, err = screenshot(app, workdir, "compact-small",
                            base + ["--app", "compact", "--keep", "odd", "--round", "2"],
                            size=(1024, 600))
    if expect(small is not None, f"small compact screenshot: {err}"):
        expect(texts(small, "gap") == [], f"1024x600: a gap in the rows: {texts(small, 'gap')}")
        panel = small.panels("apps")[0]["rect"]
        kept = {l["text"]: l["rect"] for l in lines(small, "row")}.get("kept")
        expect(kept is not None and kept[1] + kept[3] <= panel[1] + panel[3],
               f"1024x600: the kept row {kept} is not inside the view {panel}")

    # Allocation: the slices [offset, offset + size), the empty one too.
    alloc, err = screenshot(app, workdir, "allocate", base + ["--app", "allocate"])
    if expect(alloc is not None, f"allocate screenshot: {err}"):
        slices = texts(alloc, "slice")
        for want in ("t0 [0, 3)", "t2 [4, 11)", "t3 [11, 11) empty", "t7 [22, 25)"):
            expect(want in slices, f"allocate: no slice {want!r} in {slices}")

    # Radix sort of signed keys: the sign flip is said, the last pass sorts.
    radix, err = screenshot(app, workdir, "radix",
                            ["--backend", "cpu", "--input", "3,-1,7,0,4,1,-6,3",
                             "--app", "radix-sort"])
    if expect(radix is not None, f"radix screenshot: {err}"):
        expect(any("sign bit was flipped" in t for t in texts(radix, "note")),
               f"radix: no sign-flip note in {texts(radix, 'note')}")
        expect(any("pass 32 of 32" in t for t in texts(radix, "pass")),
               f"radix: {texts(radix, 'pass')}")

    # 2^16 elements: drawn (first and last cells). How long it takes is a benchmark's number
    # (scanviz --bench-frames), not a check: screenshot()'s deadline fails only a run that hangs.
    big, err = screenshot(app, workdir, "big", ["--backend", "cpu", "--random", "65536",
                                                "--app", "split", "--bit", "3"])
    if expect(big is not None, f"65536 screenshot: {err}"):
        expect(texts(big, "row") == ["input", "bit 3", "flags", "scan", "partitioned"],
               f"65536 rows: {texts(big, 'row')}")
        expect(any("arrows not drawn" in t for t in texts(big, "note")),
               f"65536: no note on the arrows not drawn: {texts(big, 'note')}")

    # A hostile application file: exit 2 with one line, never a crash.
    bad = os.path.join(workdir, "bad.json")
    with open(bad, "w") as f:
        f.write('{"format":2,"meta":{"algorithm":"radix-sort","n":3,"bits":1e9},"input":[1,2]}')
    env = dict(os.environ, XDG_CONFIG_HOME=os.path.join(workdir, "config"))
    r = run_on_x([app, bad, "--screenshot", os.path.join(workdir, "bad.png")], env=env)
    expect(r.returncode == 2, f"hostile file: exit {r.returncode}, wanted 2: {r.stderr[-300:]}")
    expect(len([l for l in r.stderr.splitlines() if "bad.json" in l]) == 1,
           f"hostile file: {r.stderr[-300:]}")

    # Issue #25: a single-pass trace whose tile is not its place loaded, and the timeline indexed
    # its rows by it (a SIGSEGV in timeline::Aggregate when tiles share a row); the loader
    # refuses it, naming the field.
    here = os.path.dirname(os.path.abspath(__file__))
    with open(os.path.join(here, "..", "..", "docs", "single-pass",
                           "single-pass-8x8-blockidx.json")) as f:
        sp = json.load(f)
    sp["single_pass"]["tiles"][1]["tile"] = 100000
    bad_sp = os.path.join(workdir, "bad-tile.json")
    with open(bad_sp, "w") as f:
        json.dump(sp, f)
    r = run_on_x([app, bad_sp, "--screenshot", os.path.join(workdir, "bad-tile.png")], env=env)
    expect(r.returncode == 2, f"bad tile: exit {r.returncode}, wanted 2: {r.stderr[-300:]}")
    expect(len([l for l in r.stderr.splitlines() if "single_pass.tiles[1].tile" in l]) == 1,
           f"bad tile: {r.stderr[-300:]}")
    check_ruler_clear(app, workdir, expect)
    return finish("ui_applications_test", workdir, expect.failures, expect.count)


APPLICATIONS = [("compact", ["--app", "compact", "--keep", "odd"]),
                ("radix-sort", ["--app", "radix-sort"]),
                ("split", ["--app", "split"]),
                ("allocate", ["--app", "allocate"])]


def ruler_problems(layout):
    """Where the index ruler's digits (kind `index`) touch the text above them (the title, the pass
    line, the narration) or the first row's cells under them, from a --dump-layout: one line each
    (empty: clear). Rects are [x, y, w, h]."""
    with open(layout, encoding="utf-8") as f:
        panels = [p for p in json.load(f)["panels"] if p["name"] == "apps"]
    lines = [l for p in panels for l in p["lines"]]
    digits = [l["rect"] for l in lines if l["kind"] == "index"]
    if not digits:
        return ["no index digits in the dump"]
    top = min(r[1] for r in digits)
    bottom = max(r[1] + r[3] for r in digits)
    above = [l for l in lines if l["kind"] not in ("index", "row") and l["rect"][1] < top]
    rows = [l["rect"][1] for l in lines if l["kind"] == "row"]
    problems = [f"the digits' top {top:.0f} is above the bottom {l['rect'][1] + l['rect'][3]:.0f} "
                f"of the {l['kind']} line {l['text'][:40]!r}"
                for l in above if l["rect"][1] + l["rect"][3] > top]
    if rows and bottom > min(rows):
        problems.append(f"the digits' bottom {bottom:.0f} is under the first row's top {min(rows):.0f}")
    return problems


def check_ruler_clear(app, workdir, expect):
    """Issue #37 item 15: the index ruler over an application's first row, clear of the text above
    it and of the cells under it, in the live view (1600x1000 and 1024x768) and in its exported
    figure (a 1920x1080 PNG, whose fitted picture must still fill it: ui_export_tests)."""
    env = dict(os.environ, XDG_CONFIG_HOME=os.path.join(workdir, "config"))
    base = ["--backend", "cpu", "--input", EXAMPLE_TEXT]
    for name, flags in APPLICATIONS:
        for size in ((1600, 1000), (1024, 768)):
            label = f"{name} live {size[0]}x{size[1]}"
            frame, err = screenshot(app, workdir, f"ruler-{name}-{size[0]}", base + flags, size=size)
            if expect(frame is not None, f"{label}: {err}"):
                problems = ruler_problems(os.path.join(workdir, f"ruler-{name}-{size[0]}.json"))
                expect(not problems, f"{label}: {'; '.join(problems)}")
        png, layout = (os.path.join(workdir, f"ruler-{name}-export.{e}") for e in ("png", "json"))
        r = run_on_x([app, *base, *flags, "--export-png", png, "--export-size", "1920x1080",
                      "--dump-layout", layout], env=env)
        if expect(r.returncode == 0 and os.path.exists(layout),
                  f"{name} export: exit {r.returncode}: {r.stderr.strip()[-300:]}"):
            problems = ruler_problems(layout)
            expect(not problems, f"{name} export: {'; '.join(problems)}")


if __name__ == "__main__":
    sys.exit(main())
