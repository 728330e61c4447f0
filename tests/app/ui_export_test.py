"""The figure exports from the command line, as a course's script makes them: `scanviz
--export-gif/--export-svg/--export-png/--export-sequence` under Xvfb, checked against the trace
that `scanviz-cli trace --json` prints for the same input (the GIF's frames are its rounds; the
SVG at --round K holds every cell each round up to K wrote, with the trace's value, and nothing
later), and the refusals: a round out of range, a path that cannot be written, a directory or a
pipe where a file would go, flags that do not go together: exit 2, one line, nothing written.

The timeline's and the benchmark's figures hold no controls (--dump-layout with the export).

Every kind's figure is fitted to its picture (issue #26 item 3): in a 1920x1080 PNG, and a GIF's
frames, what is drawn spans the picture on one axis but for a margin, is centred on the other and
touches no edge; the SVG's viewBox holds everything it draws.

Needs Xvfb, ImageMagick's convert and python3; without them it reports SKIPPED (exit 77)."""
import json, os, shutil, stat, subprocess, sys

from ui_test_support import (PALETTE, SKIP, Xvfb, finish, gif_info, make_workdir, near, png_size,
                             require_tools, svg_cells, svg_overflow)

EXAMPLE = "3,1,7,0,4,1,6,3"


def main():
    require_tools()
    if not shutil.which("Xvfb"):
        print("SKIPPED: Xvfb not found (scripts/setup.sh installs it)")
        return SKIP
    app, cli = sys.argv[1], sys.argv[2]
    workdir = make_workdir("export")
    xvfb = Xvfb("1600x900")
    env = dict(os.environ, DISPLAY=xvfb.display, XDG_CONFIG_HOME=os.path.join(workdir, "config"))
    checks = Checks()
    try:
        # A build without giflib says so and exports no GIF: this test then proves nothing.
        probe = subprocess.run([app, "--backend", "cpu", "--export-gif",
                                os.path.join(workdir, "probe.gif")], env=env,
                               capture_output=True, text=True, timeout=180)
        if "no giflib" in probe.stderr:
            print("SKIPPED: this scanviz was built without giflib (libgif-dev)")
            shutil.rmtree(workdir, ignore_errors=True)
            return SKIP
        run_checks(app, cli, workdir, env, checks.expect)
    finally:
        xvfb.close()
    return finish("ui_export_test", workdir, checks.failures, checks.count)


class Checks:
    def __init__(self):
        self.failures, self.count = [], 0

    def expect(self, ok, message):
        self.count += 1
        if not ok:
            self.failures.append(message)
        return ok


def run_checks(app, cli, workdir, env, expect):
    def path(name):
        return os.path.join(workdir, name)

    def run(*flags):
        return subprocess.run([app, "--backend", "cpu", *flags], env=env, capture_output=True,
                              text=True, timeout=180)

    def trace(algorithm, *input_flags):
        r = subprocess.run([cli, "trace", "--backend", "cpu", "--algorithm", algorithm,
                            *input_flags, "--json"], capture_output=True, text=True, timeout=60)
        return json.loads(r.stdout)

    def value(v):
        return "?" if v is None else str(int(v))

    # A value too wide for its cell is drawn in its short form (issue #26 item 15: the full one
    # ran over the cell's borders): max's and min's identities as −2³¹ and 2³¹−1.
    long_form = {"−2³¹": "-2147483648", "2³¹−1": "2147483647"}

    def check_svg(name, t, k, label):
        """Every cell each round 0..k wrote is drawn with the trace's value; none after k; the
        input row is the input."""
        cells = svg_cells(path(name))
        inputs = {pos: v for (r, b, pos), v in cells.items() if r == -1}
        expect(inputs == {i: value(v) for i, v in enumerate(t["input"])},
               f"{label}: input row {inputs}, wanted {t['input']}")
        rounds = {r for (r, b, p) in cells if r >= 0}
        expect(rounds == set(range(k + 1)),
               f"{label}: the SVG draws rounds {sorted(rounds)}, wanted 0..{k}")
        for r in range(k + 1):
            rd = t["rounds"][r]
            pout = rd["pout"]
            want = {p: value(v) for p, v in enumerate(rd["values"][pout])}
            got = {p: long_form.get(v, v) if isinstance(v, str) else v
                   for (cr, b, p), v in cells.items() if cr == r and b == pout}
            if not expect(got == want, f"{label}: round {r} array {pout}: drew {got}, "
                                       f"the trace has {want}"):
                break
        # Each cell is one box with one value.
        expect(all(isinstance(v, str) for v in cells.values()),
               f"{label}: a cell with other than one <text>")

    # [1] Each algorithm: the GIF's frames are the trace's rounds, the SVG at a middle round
    # holds exactly that round's cells, the PNG has the asked size.
    cases = [("hillis-steele", ["--input", EXAMPLE]), ("blelloch", ["--input", EXAMPLE]),
             ("warp-shuffle", ["--random", "40", "--seed", "7"]),
             ("blelloch", ["--random", "13", "--seed", "3", "--op", "max"])]
    for algorithm, input_flags in cases:
        t = trace(algorithm, *input_flags)
        count = len(t["rounds"])
        k = count // 2
        label = f"{algorithm} {' '.join(input_flags)}"
        stem = f"{algorithm}-{len(t['input'])}-{t['meta']['op']}"
        r = run("--algorithm", algorithm, *input_flags, "--export-gif", path(stem + ".gif"),
                "--gif-delay-ms", "500", "--export-svg", path(stem + ".svg"), "--round", str(k),
                "--export-png", path(stem + ".png"), "--size", "1280x720")
        if not expect(r.returncode == 0, f"{label}: exit {r.returncode}: {r.stderr.strip()}"):
            continue
        w, h, frames, delays, loops = gif_info(path(stem + ".gif"))
        expect(frames == count, f"{label}: the GIF has {frames} frames, the trace {count} rounds")
        expect((w, h) == (1280, 720), f"{label}: GIF {w}x{h}, wanted the window's 1280x720")
        expect(delays == [50] * (count - 1) + [150],
               f"{label}: delays {delays}, wanted 50 cs a round and the last 150")
        expect(loops, f"{label}: the GIF does not loop")
        expect(png_size(path(stem + ".png")) == (1280, 720),
               f"{label}: PNG {png_size(path(stem + '.png'))}, wanted 1280x720")
        check_svg(stem + ".svg", t, k, label)

    # [2] The GIF's last frame is the last round's PNG: its colours survive the palette.
    t = trace("hillis-steele", "--input", EXAMPLE)
    last = len(t["rounds"]) - 1
    r = run("--input", EXAMPLE, "--export-gif", path("hs.gif"), "--export-png", path("hs.png"),
            "--export-size", "800x600")
    if expect(r.returncode == 0, f"hs.gif: exit {r.returncode}: {r.stderr.strip()}"):
        subprocess.run(["convert", path("hs.gif"), "-coalesce", path("hs-frame-%d.png")],
                       check=True)
        diff = subprocess.run(["compare", "-metric", "PAE", path(f"hs-frame-{last}.png"),
                               path("hs.png"), "null:"], capture_output=True, text=True)
        worst = float(diff.stderr.split("(")[1].rstrip(")")) * 255 if "(" in diff.stderr else 999
        expect(worst <= 12, f"the GIF's last frame differs from the PNG by up to {worst:.0f}/255 "
                            f"in a channel ({diff.stderr.strip()})")

    # [3] Bigger than the screen, on a transparent background, and themed.
    r = run("--input", EXAMPLE, "--theme", "light", "--export-png", path("big.png"),
            "--export-size", "2400x1350", "--transparent", "--export-svg", path("clear.svg"))
    if expect(r.returncode == 0, f"2400x1350 on a 1600x900 screen: exit {r.returncode}: "
                                 f"{r.stderr.strip()}"):
        expect(png_size(path("big.png")) == (2400, 1350),
               f"--export-size 2400x1350 gave {png_size(path('big.png'))}")
        corner = subprocess.run(["convert", path("big.png"), "-crop", "1x1+0+0", "rgba:-"],
                                capture_output=True, check=True).stdout
        expect(len(corner) == 4 and corner[3] == 0,
               f"--transparent: the corner pixel is {list(corner)}, wanted alpha 0")
        svg = open(path("clear.svg"), encoding="utf-8").read()
        expect('<rect width="100%"' not in svg, "--transparent: the SVG still has a background")
    r = run("--input", EXAMPLE, "--theme", "light", "--export-png", path("light.png"),
            "--export-svg", path("light.svg"))
    if expect(r.returncode == 0, f"light: exit {r.returncode}: {r.stderr.strip()}"):
        corner = subprocess.run(["convert", path("light.png"), "-crop", "1x1+0+0", "rgb:-"],
                                capture_output=True, check=True).stdout
        expect(near(tuple(corner), PALETTE["light"]["background"], 2),
               f"light theme: the corner is {tuple(corner)}, wanted the background")
        expect('fill="#fafaf7"' in open(path("light.svg"), encoding="utf-8").read(),
               "light theme: the SVG's background is not the theme's")

    # [4] A numbered sequence, side by side: one PNG and one SVG per round of the longer trace.
    hs = len(trace("hillis-steele", "--input", EXAMPLE)["rounds"])
    bl = len(trace("blelloch", "--input", EXAMPLE)["rounds"])
    r = run("--input", EXAMPLE, "--pair", "hillis-steele,blelloch", "--export-sequence",
            path("seq"), "--export-gif", path("pair.gif"))
    if expect(r.returncode == 0, f"sequence: exit {r.returncode}: {r.stderr.strip()}"):
        names = sorted(os.listdir(path("seq")))
        stem = "scanviz-hillis-steele-vs-blelloch"
        want = sorted(f"{stem}-{i:02d}.{ext}" for i in range(max(hs, bl)) for ext in ("png", "svg"))
        expect(names == want, f"sequence files {names}, wanted {want}")
        expect(gif_info(path("pair.gif"))[2] == max(hs, bl),
               f"side by side: {gif_info(path('pair.gif'))[2]} frames, wanted {max(hs, bl)}")
        rounds = {r for (r, b, p) in svg_cells(path(f"seq/{stem}-03.svg")) if r >= 0}
        expect(rounds == set(range(4)), f"{stem}-03.svg draws rounds {sorted(rounds)}")

    # [5] The figure alone: the timeline and the benchmark chart are exported without their
    # rows of controls (tile size and order; type, mode, unit, checkboxes, results file) and
    # without the "back to the rounds" key in the title. --dump-layout with an export records
    # the figure drawn; the same kind's screenshot shows that the controls are recorded at all.
    def lines_of(json_path, panel):
        with open(json_path, encoding="utf-8") as f:
            dump = json.load(f)
        return [l for p in dump["panels"] if p["name"] == panel for l in p["lines"]]

    for kind, panel in (("single-pass", "timeline"), ("benchmark", "bench")):
        r = run("--input", EXAMPLE, "--kind", kind, "--export-png", path(f"{kind}.png"),
                "--dump-layout", path(f"{kind}-figure.json"))
        s = run("--input", EXAMPLE, "--kind", kind, "--screenshot", path(f"{kind}-screen.png"),
                "--dump-layout", path(f"{kind}-screen.json"))
        if not (expect(r.returncode == 0, f"{kind} figure: exit {r.returncode}: {r.stderr}") and
                expect(s.returncode == 0, f"{kind} screen: exit {s.returncode}: {s.stderr}")):
            continue
        figure = lines_of(path(f"{kind}-figure.json"), panel)
        screen = lines_of(path(f"{kind}-screen.json"), panel)
        expect(any(l["kind"] == "controls" for l in screen),
               f"{kind}: the screen's dump records no controls: {screen}")
        expect(any(l["kind"] == "title" for l in figure),
               f"{kind}: the figure's dump has no title: {figure}")
        expect(not any(l["kind"] == "controls" for l in figure),
               f"{kind}: the exported figure draws its controls: {figure}")
        titles = [l["text"] for l in figure if l["kind"] == "title"]
        expect(not any("back to the rounds" in t or "(L)" in t or "(G" in t for t in titles),
               f"{kind}: the figure's title names a key: {titles}")

    # [6] Refused: exit 2, one line on stderr, nothing written, nothing replaced.
    os.mkdir(path("a-folder.svg"))
    os.mkfifo(path("pipe.gif"))
    with open(path("keep.png"), "w") as f:
        f.write("not replaced")
    refusals = [
        (["--input", EXAMPLE, "--export-svg", path("r99.svg"), "--round", "99"], "--round 99",
         ["r99.svg"]),
        (["--input", EXAMPLE, "--export-gif", path("r7.gif"), "--export-png", path("keep.png"),
          "--round", "7"], "--round 7", ["r7.gif"]),
        (["--input", EXAMPLE, "--export-png", path("no/such/folder/x.png")], "no/such/folder",
         []),
        (["--input", EXAMPLE, "--export-svg", path("a-folder.svg")], "is a directory", []),
        (["--input", EXAMPLE, "--export-gif", path("pipe.gif"), "--export-png",
          path("keep.png")], "not a regular file", []),
        (["--input", EXAMPLE, "--export-sequence", path("keep.png")], "not a folder", []),
        (["--input", EXAMPLE, "--export-gif", path("t.gif"), "--transparent"], "--transparent",
         ["t.gif"]),
        (["--input", EXAMPLE, "--export-svg", path("d.svg"), "--gif-delay-ms", "300"],
         "--gif-delay-ms", ["d.svg"]),
        (["--input", EXAMPLE, "--export-png", path("s.png"), "--export-size", "100x100"],
         "--export-size", ["s.png"]),
        (["--input", EXAMPLE, "--export-gif", path("g.gif"), "--round", "2"], "--round",
         ["g.gif"]),
        (["--input", "1,x", "--export-png", path("bad-input.png")], "--input",
         ["bad-input.png"]),
        # Issue #25: said so on stderr, but exited 0.
        (["--input", EXAMPLE, "--kind", "multi-block", "--open-block", "2147483647",
          "--export-png", path("no-block.png")], "--open-block 2147483647", ["no-block.png"]),
        # A FILE that is not a session or a trace, or not a file at all (a script's typo).
        (["--open", path("keep.png"), "--export-png", path("bad-open.png")],
         "neither a ScanViz session", ["bad-open.png"]),
        (["--open", "/dev/zero", "--export-svg", path("zero.svg")], "not a regular file",
         ["zero.svg"]),
        # Issue #25: an empty --screenshot started the interactive app and hung the script; a
        # bad --quiz or --keep said so twice.
        (["--input", EXAMPLE, "--screenshot", ""], "--screenshot needs a file name", []),
        (["--input", EXAMPLE, "--quiz", "BAD", "--screenshot", path("quiz.png")],
         "--quiz: BAD", ["quiz.png"]),
        (["--input", EXAMPLE, "--app", "compact", "--keep", "greater:99999999999",
          "--export-png", path("keep-k.png")], "outside int32", ["keep-k.png"]),
    ]
    for flags, says, absent in refusals:
        r = run(*flags)
        lines = r.stderr.strip().splitlines()
        label = " ".join(f.replace(workdir + "/", "") for f in flags[2:])
        expect(r.returncode == 2, f"{label}: exit {r.returncode}, wanted 2 ({r.stderr.strip()})")
        expect(len(lines) == 1 and says in lines[0],
               f"{label}: stderr {lines}, wanted one line naming {says!r}")
        for name in absent:
            expect(not os.path.exists(path(name)), f"{label}: {name} was written")
    expect(os.path.isdir(path("a-folder.svg")), "the folder at a-folder.svg was replaced")
    expect(stat.S_ISFIFO(os.stat(path("pipe.gif")).st_mode), "the pipe at pipe.gif was replaced")
    expect(open(path("keep.png")).read() == "not replaced",
           "keep.png was replaced by a run that was refused")

    check_fitted(run, path, expect)
    check_svg_whole(run, path, expect)


def content_box(png):
    """(x0, y0, x1, y1, width, height): the box of what differs from the corner's colour (the
    theme's background), by ImageMagick's trim."""
    r = subprocess.run(["convert", png, "-fuzz", "1%", "-format", "%@ %w %h", "info:"],
                       capture_output=True, text=True, check=True)
    box, w, h = r.stdout.split()
    bw, rest = box.split("x", 1)
    bh, x, y = rest.split("+")
    x, y = int(x), int(y)
    return x, y, x + int(bw), y + int(bh), int(w), int(h)


KINDS = [("block-scan", ["--input", EXAMPLE]),
         ("side-by-side", ["--input", EXAMPLE, "--kind", "side-by-side"]),
         ("grid", ["--algorithm", "multi-block", "--random", "16", "--seed", "1"]),
         ("timeline", ["--input", EXAMPLE, "--kind", "single-pass"]),
         ("applications", ["--input", EXAMPLE, "--app", "compact"]),
         ("benchmark", ["--input", EXAMPLE, "--kind", "benchmark"]),
         ("dense", ["--algorithm", "blelloch", "--random", "1024"])]


def check_fitted(run, path, expect):
    """[7] Each kind's figure fitted to a 1920x1080 picture (docs: "fitted to the picture"; it was
    the screen's figure at the top of an empty page): what it draws spans the picture's width or
    height within a margin, centred on both axes, touching no edge; a GIF's last frame likewise,
    its first in the same place."""
    def fitted(png, label):
        x0, y0, x1, y1, w, h = content_box(png)
        left, right, top, bottom = x0, w - x1, y0, h - y1
        edge = 0.01 * min(w, h)
        expect(min(left, right, top, bottom) >= edge,
               f"{label}: drawn at {x0},{y0}..{x1},{y1} of {w}x{h}: it touches the edge")
        expect(x1 - x0 >= 0.9 * w or y1 - y0 >= 0.9 * h,
               f"{label}: drawn at {x0},{y0}..{x1},{y1} of {w}x{h}: it fills neither side")
        expect(abs(left - right) <= 0.03 * w and abs(top - bottom) <= 0.03 * h,
               f"{label}: margins left {left} right {right} top {top} bottom {bottom}: "
               f"not centred")

    for kind, flags in KINDS:
        gif = kind in ("block-scan", "grid")
        out = ["--export-png", path(f"fit-{kind}.png"), "--export-size", "1920x1080"]
        if gif:
            out += ["--export-gif", path(f"fit-{kind}.gif")]
        r = run(*flags, *out)
        if not expect(r.returncode == 0, f"fit {kind}: exit {r.returncode}: {r.stderr.strip()}"):
            continue
        fitted(path(f"fit-{kind}.png"), f"{kind} PNG")
        if gif:
            subprocess.run(["convert", path(f"fit-{kind}.gif"), "-coalesce",
                            path(f"fit-{kind}-frame-%d.png")], check=True)
            frames = sorted((n for n in os.listdir(path(".")) if n.startswith(f"fit-{kind}-frame-")),
                            key=lambda n: int(n.rsplit("-", 1)[1].split(".")[0]))
            # The last frame holds every round: fitted. The first holds fewer, in the same place
            # (a GIF's frames do not move): inside the last's box, from the same top.
            fitted(path(frames[-1]), f"{kind} GIF {frames[-1]}")
            first, last = content_box(path(frames[0])), content_box(path(frames[-1]))
            expect(last[0] - 2 <= first[0] and first[2] <= last[2] + 2 and
                   abs(first[1] - last[1]) <= 2 and first[3] <= last[3] + 2,
                   f"{kind} GIF: frame 0 drawn at {first[:4]}, the last at {last[:4]}")


def check_svg_whole(run, path, expect):
    """[8] The SVG's viewBox holds every element it draws (issue #26: "the SVG is cropped right"):
    each kind's, and what the writers cut at the right, a caption past the last column and a
    value wider than its cell in the last one."""
    cases = [(kind, flags) for kind, flags in KINDS if kind != "benchmark"] + [
        ("bracket caption", ["--algorithm", "sklansky", "--input", EXAMPLE, "--select", "2:0:7"]),
        ("wide values", ["--algorithm", "blelloch", "--random", "13", "--seed", "3", "--op",
                         "max"]),
        ("grid caption", ["--algorithm", "multi-block", "--random", "13", "--grid-select",
                          "output:12"])]
    for label, flags in cases:
        name = "whole-" + label.replace(" ", "-") + ".svg"
        r = run(*flags, "--export-svg", path(name))
        if expect(r.returncode == 0, f"{label}: exit {r.returncode}: {r.stderr.strip()}"):
            over = svg_overflow(path(name))
            expect(not over, f"{label} SVG: drawn outside its viewBox: {over[:3]}")


if __name__ == "__main__":
    sys.exit(main())
