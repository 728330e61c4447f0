#!/usr/bin/env python3
"""Headless test of what the panels say: `scanviz --screenshot --dump-layout` on the chapters'
example, each panel checked for its content, and its pixels looked at only inside its own
rectangle from the dump (the side panel's tab area below the tab row, and below the legend for
the inspector; the trace view; the benchmark chart), never the sidebars, tab row or legend.

- Narration at --round K: exactly the teaching library's narration of round K (title, then
  paragraphs), taken independently from `scanviz-cli trace --narrate`, plus the summary at the
  last round; rounds 1 and 2 differ; the title is drawn in the title colour and every paragraph in
  the text colour, inside the tab's area.
- Code at --round K: the lit lines are exactly those the kernel file's `// [line:TAG]` comments
  call for in that round (the round's anchor step, the loop and swap lines between it and the
  barrier before it, the barrier after it, the store after the last round), the anchor's step
  function is among them and no other phase's is; the margin bar is drawn beside each lit line
  shown and beside no other.
- --select ROUND:BUFFER:POS: the inspector states the window lo..hi (computed here from the
  chapters' formulas), the combination of the inputs over it and a check mark in the ok colour;
  the bracket over the input spans exactly the input cells lo..hi, both in the dump and in
  pixels of the bracket colour, and its caption is that combination.
- A broken benchmark results file: the chart area shows its one-line error in the error colour.
- The other tabs (work and depth, numerics) and the benchmark chart draw in their own area, and
  differ where their input differs (the chart: type and mode, GB/s or % of memcpy); presenter
  mode hides the side panels.
- The benchmark chart's header: the device and date, and the commit, toolkit and clock of a
  scanviz-perf/2 file; "not recorded" for what the committed /1 file lacks.
- --keys: every line of docs/app.md's key table (which app_key_tests holds equal to the app's)
  drawn whole inside the help card in two or three columns, at a readable size, also in a 720p presenter
  window.
- Bad flag values exit 2 with a message.

Expected colours come from the palette table in ui_test_support.py, never from the app's dump.

Usage: ui_panels_test.py SCANVIZ SCANVIZ_CLI SOURCE_DIR. Exit 77 (CTest SKIP_RETURN_CODE) when
Xvfb or ImageMagick's convert is missing: skipped, never passed."""
import hashlib, json, os, re, shutil, subprocess, sys

sys.dont_write_bytecode = True  # no __pycache__ in the source tree for the shared module
from ui_test_support import (EXAMPLE, EXAMPLE_TEXT, PALETTE, finish, inside, make_workdir, near,
                             require_tools, screenshot)

PAL = PALETTE["dark"]  # the default theme
N = len(EXAMPLE)
LOG_N = N.bit_length() - 1  # 3
HS_ROUNDS = LOG_N + 1  # load, strides 1, 2, 4
BL_ROUNDS = 2 * LOG_N + 2  # load, up-sweep x3, seed, down-sweep x3

# The step function each phase's anchor line calls (kernels/core/algorithms/<name>.h, the drivers).
STEP_CALLS = {"load": "LoadStep(", "step": "ScanStep(", "up-step": "UpSweepStep(",
              "seed": "SeedStep(", "down-step": "DownSweepStep(",
              "convert-hillis-steele": "ToExclusiveStep(",
              "convert-blelloch": "ToInclusiveStep("}
ALGORITHMS = ("hillis-steele", "blelloch")


class Checker:
    def __init__(self):
        self.failures, self.checks = [], 0

    def expect(self, ok, message):
        self.checks += 1
        if not ok:
            self.failures.append(message)
        return ok


# [SECTION] Expected values, worked out here


def round_tags(algorithm, rnd, convert):
    """(anchor tag, context tags) of a round of the n = 8 example, as the kernel's loops run it."""
    if rnd == 0:
        return "load", []
    if algorithm == "hillis-steele":
        if rnd <= LOG_N:
            return "step", ["loop", "swap"]
        assert convert and rnd == LOG_N + 1
        return "convert", ["convert-swap"]
    if rnd <= LOG_N:
        return "up-step", ["up-loop"]
    if rnd == LOG_N + 1:
        return "seed", []
    if rnd <= 2 * LOG_N + 1:
        return "down-step", ["down-loop"]
    assert convert and rnd == 2 * LOG_N + 2
    return "convert", []


def kernel_line_tags(source_dir, algorithm):
    tags = {}
    path = os.path.join(source_dir, "kernels", "core", "algorithms",
                        algorithm.replace("-", "_") + ".h")
    with open(path, encoding="utf-8") as f:
        for number, text in enumerate(f, 1):
            found = re.findall(r"//\s*\[line:([a-z-]+)\]", text)
            if found:
                tags[number] = set(found)
    return tags


def expected_lit(numbers, tags, anchor, context, last_round):
    """Source line numbers lit for a round, over the listing's lines (`numbers`, in order): the
    lines tagged with the round's anchor or one of its context tags (each phase has context tags of
    its own); the store after the last round."""
    has = lambda i, t: t in tags.get(numbers[i], ())
    lit = {numbers[i] for i in range(len(numbers))
           if has(i, anchor) or any(has(i, t) for t in context)}
    if last_round:
        lit |= {numbers[i] for i in range(len(numbers)) if has(i, "store")}
    return lit


def window(algorithm, rnd, buffer, pos):
    """The invariant window lo..hi of a cell of the example, from the chapters' formulas (not
    from the app or the core's analysis)."""
    if algorithm == "hillis-steele":
        # Round r >= 1 writes buf[r % 2] (pout) with the sums of up to 2^r inputs; the other
        # buffer (pin) still holds round r - 1's windows of 2^(r-1).
        pout = rnd % 2
        width = 2 ** rnd if buffer == pout else 2 ** (rnd - 1)
        return max(0, pos - width + 1), pos
    # Blelloch up-sweep round r: position p holds the sum of the 2^k inputs ending at p, where 2^k
    # is the largest block (up to 2^r) that p closes ((p + 1) divisible by 2^k).
    assert 1 <= rnd <= LOG_N
    k = 0
    while k < rnd and (pos + 1) % (2 ** (k + 1)) == 0:
        k += 1
    return pos - 2 ** k + 1, pos


def cli_narration(cli, algorithm, convert):
    """{round: (title, [paragraphs])} and the summary, from `scanviz-cli trace --narrate`."""
    cmd = [cli, "trace", "--algorithm", algorithm, "--input", EXAMPLE_TEXT, "--backend", "cpu",
           "--narrate"] + (["--convert"] if convert else [])
    r = subprocess.run(cmd, capture_output=True, text=True, timeout=60)
    if r.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)}: exit {r.returncode}: {r.stderr.strip()[:300]}")
    lines = r.stdout.splitlines()
    rounds, summary = {}, None
    for i, line in enumerate(lines):
        m = re.match(r"narration of step (\d+): (.*)$", line)
        s = re.match(r"narration, summary: (.*)$", line)
        if not (m or s):
            continue
        paragraphs = []
        for follow in lines[i + 1:]:
            if not follow.startswith("  "):
                break
            paragraphs.append(follow[2:])
        block = ((m or s).group(2 if m else 1), paragraphs)
        if m:
            rounds[int(m.group(1))] = block
        else:
            summary = block
    return rounds, summary


def application_narration(side):
    """The narration blocks the app drew, from the dump: each 'title' line starts one."""
    blocks = []
    for line in side["lines"]:
        if line["kind"] == "title":
            blocks.append((line["text"], []))
        elif line["kind"] == "paragraph":
            if not blocks:
                blocks.append((None, []))
            blocks[-1][1].append(line["text"])
    return blocks


# [SECTION] Per-panel checks


def side_panel(c, frame, name, tab):
    sides = frame.panels("side")
    if not c.expect(len(sides) == 1 and sides[0].get("tab") == tab and "content" in sides[0],
                    f"{name}: the dump has side panels {[s.get('tab') for s in sides]}, wanted "
                    f"one showing the {tab} tab with its content area"):
        return None
    side = sides[0]
    c.expect(inside(side["content"], side["rect"]) and side["content"][1] > side["rect"][1],
             f"{name}: the tab area {side['content']} is not below the tabs inside the side "
             f"panel {side['rect']}")
    return side


def ink_lines(c, frame, name, panel, area, kinds, colour, minimum):
    """Every visible line of these kinds lies in `area` and shows `minimum` pixels of `colour`."""
    shown = [l for l in panel["lines"] if l["kind"] in kinds and l["visible"]]
    c.expect(shown, f"{name}: no {'/'.join(kinds)} line of the panel is visible")
    for line in shown:
        if not c.expect(inside(line["rect"], area),
                        f"{name}: {line['kind']} '{line['text'][:50]}' at {line['rect']} is "
                        f"outside the panel's area {area}"):
            continue
        ink = frame.count_near(line["rect"], colour, 30)
        c.expect(ink >= minimum, f"{name}: {line['kind']} '{line['text'][:50]}' shows {ink} "
                 f"pixels of {colour} in {line['rect']}, wanted >= {minimum}")


def check_narration(c, frame, name, algorithm, rnd, last, story):
    side = side_panel(c, frame, name, "Narration")
    if side is None:
        return None
    rounds, summary = story
    if not c.expect(rnd in rounds and summary is not None,
                    f"{name}: scanviz-cli trace --narrate printed no narration for round {rnd}"):
        return None
    want = [rounds[rnd]] + ([summary] if rnd == last else [])
    got = application_narration(side)
    if got != want:
        detail = "no narration"
        for i, (g, w) in enumerate(zip(got, want)):
            if g != w:
                detail = f"block {i}: app says {g[0]!r} {[p[:60] for p in g[1]]}, the teaching " \
                         f"library says {w[0]!r} {[p[:60] for p in w[1]]}"
                break
        else:
            detail = f"{len(got)} blocks, wanted {len(want)}"
        c.expect(False, f"{name}: the narration panel at round {rnd} is not the narration of "
                 f"round {rnd}: {detail}")
    ink_lines(c, frame, name, side, side["content"], ("title",), PAL["arrow_current"], 40)
    ink_lines(c, frame, name, side, side["content"], ("paragraph",), PAL["text"], 60)
    return got


def check_code(c, frame, name, algorithm, rnd, last, convert, tags):
    side = side_panel(c, frame, name, "Code")
    if side is None:
        return
    code = [l for l in side["lines"] if l["kind"] == "code"]
    if not c.expect(len(code) > 20, f"{name}: {len(code)} code lines in the dump"):
        return
    numbers = [l["number"] for l in code]
    anchor, context = round_tags(algorithm, rnd, convert)
    want = expected_lit(numbers, tags[algorithm], anchor, context, rnd == last)
    got = {l["number"] for l in code if l["lit"]}
    c.expect(want and got == want,
             f"{name}: lit lines {sorted(got)}, the kernel's tags for round {rnd} ({anchor}, "
             f"{'+'.join(context) or 'no context'}) call for {sorted(want)}")
    call = STEP_CALLS[f"convert-{algorithm}" if anchor == "convert" else anchor]
    lit_text = [l["text"] for l in code if l["lit"]]
    c.expect(any(call in t for t in lit_text),
             f"{name}: no lit line calls {call} (lit: {lit_text})")
    others = [s for s in STEP_CALLS.values() if s != call and any(s in t for t in lit_text)]
    c.expect(not others, f"{name}: another phase's step is lit: {others}")
    # Pixels: the margin bar (the title colour) just left of each fully shown line, lit or not,
    # and the band behind the lit ones (90 % opaque over the panel): most of a lit row is band
    # between the glyphs, an unlit row has none (text edges come within a few levels of it at
    # most in 1 % of its pixels).
    band = tuple(round(0.9 * b + 0.1 * p) for b, p in zip(PAL["current_band"], PAL["panel"]))
    shown = [l for l in code if l["visible"]]
    c.expect(any(l["lit"] for l in shown), f"{name}: no lit line is scrolled into view")
    for l in shown:
        x, y, w, h = l["rect"]
        if not c.expect(inside(l["rect"], side["content"]),
                        f"{name}: code line {l['number']} at {l['rect']} outside the tab area"):
            continue
        bar = frame.count_near([x - 3, y + 2, 2, h - 4], PAL["arrow_current"], 40)
        behind = frame.count_near(l["rect"], band, 4) / max(1, len(frame.pixels(l["rect"])))
        if l["lit"]:
            c.expect(bar >= h - 8 and behind > 0.5,
                     f"{name}: lit line {l['number']} has {bar} bar pixels and {behind:.0%} of "
                     f"its row on the band")
        else:
            c.expect(bar == 0 and behind < 0.05,
                     f"{name}: line {l['number']} is not lit but shows {bar} bar pixels and "
                     f"{behind:.0%} of its row on the band")


def check_selection(c, frame, name, algorithm, cell):
    rnd, buffer, pos = cell
    lo, hi = window(algorithm, rnd, buffer, pos)
    total = sum(EXAMPLE[lo:hi + 1])
    expression = f"in[{lo}..{hi}]: " + " + ".join(map(str, EXAMPLE[lo:hi + 1])) + f" = {total}"
    # The inspector, below the legend.
    side = side_panel(c, frame, name, "Inspector")
    if side is not None:
        texts = [l["text"] for l in side["lines"]]
        # Hillis-Steele's two shared buffers are buf[0] and buf[1], Blelloch's one is buf.
        array = f"buf[{buffer}]" if algorithm == "hillis-steele" else "buf"
        for want in (f"{array}[{pos}] (shared): ", f"window: input[{lo}..{hi}]", expression):
            c.expect(any(t.startswith(want) for t in texts),
                     f"{name}: the inspector has no line '{want}' (it says {texts})")
        checks = [l for l in side["lines"] if l["kind"] == "check"]
        if c.expect(len(checks) == 1 and checks[0]["text"] == f"✓ cell holds {total}",
                    f"{name}: inspector check lines {[l['text'] for l in checks]}, wanted "
                    f"'✓ cell holds {total}'"):
            ink_lines(c, frame, name, side, side["content"], ("check",), PAL["ok"], 40)
    # The bracket over the input cells lo..hi.
    views = frame.panels("trace")
    if not c.expect(len(views) == 1, f"{name}: {len(views)} trace views"):
        return
    view = views[0]
    inputs = {x["pos"]: x["rect"] for x in frame.layout["cells"]
              if x["class"] == "input" and x["algorithm"] == algorithm}
    if not c.expect(sorted(inputs) == list(range(N)), f"{name}: input cells {sorted(inputs)}"):
        return
    left, right = inputs[lo][0], inputs[hi][0] + inputs[hi][2]
    cell_w, top = inputs[0][2], inputs[0][1]
    slack = cell_w / 4
    brackets = view.get("brackets", [])
    if c.expect(len(brackets) == 1, f"{name}: {len(brackets)} brackets in the trace view"):
        b = brackets[0]
        c.expect(abs(b["x0"] - left) <= slack and abs(b["x1"] - right) <= slack,
                 f"{name}: bracket spans x {b['x0']:.0f}..{b['x1']:.0f}, the input cells "
                 f"{lo}..{hi} span {left:.0f}..{right:.0f}")
        c.expect(b["caption"] == expression + "  ✓",
                 f"{name}: bracket caption {b['caption']!r}, wanted {expression + '  ✓'!r}")
        captions = [l for l in view["lines"] if l["kind"] == "bracket"]
        c.expect([l["text"] for l in captions] == [expression + "  ✓"],
                 f"{name}: caption lines drawn {[l['text'] for l in captions]}")
        if captions:
            ink_lines(c, frame, name, view, view["rect"], ("bracket",), PAL["ok"], 30)
    # Pixels of the bracket colour in the strip just above the input row: they must run from the
    # left edge of input cell lo to the right edge of input cell hi, and nowhere else.
    strip = [view["rect"][0], top - cell_w, view["rect"][2], cell_w]
    x0, y0, x1, y1 = frame.clamp(strip)
    columns = [x for x in range(x0, x1)
               if any(near(frame.pixel(x, y), PAL["bracket"], 30) for y in range(y0, y1))]
    if c.expect(columns, f"{name}: no pixel of the bracket colour {PAL['bracket']} above the "
                f"input row"):
        c.expect(abs(columns[0] - left) <= slack and abs(columns[-1] + 1 - right) <= slack,
                 f"{name}: bracket pixels span x {columns[0]}..{columns[-1] + 1}, the input cells "
                 f"{lo}..{hi} span {left:.0f}..{right:.0f}")
        c.expect(len(columns) >= 0.95 * (columns[-1] + 1 - columns[0]),
                 f"{name}: the bracket's stroke has gaps ({len(columns)} of "
                 f"{columns[-1] + 1 - columns[0]} columns)")


def check_bench_error(c, frame, name, fragments):
    benches = frame.panels("bench")
    if not c.expect(len(benches) == 1, f"{name}: {len(benches)} bench panels in the dump"):
        return
    bench = benches[0]
    errors = [l for l in bench["lines"] if l["kind"] == "error"]
    if c.expect(len(errors) == 1 and errors[0]["text"].startswith("✗ ") and
                all(f in errors[0]["text"] for f in fragments),
                f"{name}: error lines {[l['text'] for l in errors]}, wanted one with {fragments}"):
        ink_lines(c, frame, name, bench, bench["rect"], ("error",), PAL["bad"], 40)
    ink_lines(c, frame, name, bench, bench["rect"], ("title",), PAL["text"], 60)
    c.expect(not any(l["kind"] == "device" for l in bench["lines"]),
             f"{name}: a broken file still labels a device")


def check_area_drawn(c, frame, name, area, min_colours, text_pixels):
    """Not blank inside `area`: distinct colours, and pixels of the text colour."""
    colours = len(set(frame.pixels(area, step=2)))
    c.expect(colours >= min_colours,
             f"{name}: {area} looks blank ({colours} colours, wanted >= {min_colours})")
    ink = frame.count_near(area, PAL["text"], 30)
    c.expect(ink >= text_pixels, f"{name}: {area} has {ink} pixels of the text colour")


def check_bench_gpus(c, shot, workdir, source_dir):
    """The chart across GPUs (issue #36): the synthetic fixture beside a copy of the committed
    results; the toggle offered, the header of the file, the plot drawn, a sentence a GPU count,
    and other pixels for one count than for all."""
    folder = os.path.join(workdir, "bench-gpus")
    os.makedirs(folder, exist_ok=True)
    shutil.copy(os.path.join(source_dir, "docs", "bench", "h200.json"), folder)
    shutil.copy(os.path.join(source_dir, "tests", "data", "multi-gpu", "multi-gpu-synthetic.json"),
                folder)
    results = ["--panel", "bench", "--bench-results", os.path.join(folder, "h200.json")]
    frame = shot("bench-gpus-offered", results)
    benches = frame.panels("bench") if frame else []
    if frame and c.expect(len(benches) == 1, f"bench-gpus-offered: {len(benches)} bench panels"):
        lines = benches[0]["lines"]
        c.expect(any(l["kind"] == "controls" and l["text"] == "chart" for l in lines),
                 "bench-gpus-offered: no 'chart: one GPU / across GPUs' row beside the files")
        c.expect(any(l["kind"] == "plot" and l["text"] == "GB/s" for l in lines),
                 "bench-gpus-offered: the one-GPU chart is not the one shown first")
    plots = {}
    for name, count, sentences in [("bench-gpus-all", "all", 2), ("bench-gpus-4", "4", 1)]:
        frame = shot(name, results + ["--bench-gpus", count])
        benches = frame.panels("bench") if frame else []
        if not (frame and c.expect(len(benches) == 1, f"{name}: {len(benches)} bench panels")):
            continue
        lines = benches[0]["lines"]
        c.expect(not any(l["kind"] == "error" for l in lines), f"{name}: an error: {lines}")
        device = [l["text"] for l in lines if l["kind"] == "device"]
        c.expect(len(device) == 1 and "4 x Synthetic GPU" in device[0]
                 and "every output checked correct" in device[0],
                 f"{name}: the 'measured on' lines are {device}")
        summary = [l["text"] for l in lines if l["kind"] == "summary"]
        c.expect(len(summary) == sentences and all("x one GPU's e" in s for s in summary),
                 f"{name}: sentences {summary}, wanted {sentences} with a speed-up")
        plot = [l for l in lines if l["kind"] == "plot"]
        if c.expect(len(plot) == 1 and plot[0]["text"] == "GB/s across GPUs",
                    f"{name}: plot lines {plot}"):
            check_area_drawn(c, frame, name, plot[0]["rect"], 8, 0)
            plots[name] = digest(frame, plot[0]["rect"])
    c.expect(len(plots) == 2 and plots["bench-gpus-all"] != plots["bench-gpus-4"],
             "the chart across GPUs draws the same pixels for every count and for 4 GPUs")


def digest(frame, area):
    return hashlib.sha1(b"".join(bytes(p) for p in frame.pixels(area))).hexdigest()


def narration_pixels(frame):
    """A digest of the narration's own pixels: from its first title down, inside the tab's area
    (above it, the tab's heading names the round whatever the narration says)."""
    sides = frame.panels("side")
    titles = [l for l in sides[0]["lines"] if l["kind"] == "title"] if sides else []
    if not titles or "content" not in sides[0]:
        return None
    x, y, w, h = sides[0]["content"]
    top = titles[0]["rect"][1]
    return digest(frame, [x, top, w, y + h - top])


def cli_values(cli, flags):
    """{(round, array, pos): value text} and the input's, from `scanviz-cli trace --json`."""
    cmd = [cli, "trace", "--backend", "cpu", "--json"] + flags
    r = subprocess.run(cmd, capture_output=True, text=True, timeout=60)
    if r.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)}: exit {r.returncode}: {r.stderr.strip()[:300]}")
    d = json.loads(r.stdout)
    is_float = d["meta"]["type"] == "float32"

    def text(v):
        if isinstance(v, str):
            return v
        return f"{v:.7g}" if is_float else str(int(v))

    values = {(-1, 0, i): text(v) for i, v in enumerate(d["input"])}
    for rnd, entry in enumerate(d["rounds"]):
        for array, cells in enumerate(entry["values"]):
            for pos, v in enumerate(cells or []):
                if v is not None:
                    values[(rnd, array, pos)] = text(v)
    return values


SHORT_FORM = re.compile(r"^(−2³¹|2³¹−1|∞|−∞|-?\d\.\de-?\d+|-?\d*\.?\d+)$")


def check_every_value_shown(c, frame, name, values, min_px):
    """Every cell of the figure with a known value shows it: its full text, or, in a cell too
    narrow for it, a short form of it; never a blank cell because some other value is long."""
    shown = 0
    for cell in frame.layout["cells"]:
        key = (cell["round"], cell["buffer"], cell["pos"])
        if key not in values:
            continue
        want, got = values[key], cell["text"]
        shown += 1
        if not c.expect(got != "", f"{name}: cell {key} (value {want}) shows no text"):
            continue
        c.expect(got == want or (SHORT_FORM.match(got) and got != "" and len(got) < len(want)),
                 f"{name}: cell {key} shows {got!r} for the value {want}")
        c.expect(cell["text_px"] >= min_px,
                 f"{name}: cell {key} text is {cell['text_px']:.1f} px, below {min_px}")
    c.expect(shown >= 8, f"{name}: only {shown} cells with values in the dump")


# [SECTION] The cases


def key_table(source_dir):
    """(keys, action) of each line of docs/app.md's generated key table."""
    doc = open(os.path.join(source_dir, "docs", "app.md"), encoding="utf-8").read()
    body = doc[doc.index("<!-- keys:begin"):doc.index("<!-- keys:end -->")]
    rows = []
    for line in body.splitlines()[3:]:  # the marker, the header and its rule
        cells = [x.strip() for x in line.strip().strip("|").split("|")]
        if len(cells) == 2 and cells[1]:  # a group's heading has no action
            rows.append((cells[0], cells[1]))
    return rows


def check_key_help(c, frame, name, table, min_px):
    help_panels = frame.panels("help")
    if not c.expect(len(help_panels) == 1, f"{name}: {len(help_panels)} help panels drawn"):
        return
    card = help_panels[0]
    lines = card["lines"]
    c.expect(inside(card["rect"], [0, 0, frame.w, frame.h]), f"{name}: the card leaves the window")
    for keys, action in table:
        k = [l for l in lines if l["kind"] == "keys" and l["text"] == keys]
        a = [l for l in lines if l["kind"] == "action" and l["text"] == action]
        if not c.expect(k and a, f"{name}: {keys!r} / {action!r} not drawn"):
            continue
        for l in (k[0], a[0]):
            c.expect(l["visible"] and inside(l["rect"], card["rect"]),
                     f"{name}: {l['text']!r} cut off or outside the card ({l['rect']})")
            c.expect(l["rect"][3] >= min_px,
                     f"{name}: {l['text']!r} is {l['rect'][3]:.1f} px tall, wanted >= {min_px}")
    lefts = sorted({round(l["rect"][0]) for l in lines if l["kind"] == "keys"})
    # Two columns, or three on a wide window (help_view.cpp: whichever fits the larger font).
    c.expect(len(lefts) in (2, 3) and
             all(b - a > card["rect"][2] * 0.7 / len(lefts) for a, b in zip(lefts, lefts[1:])),
             f"{name}: the keys start at x {lefts}, wanted two or three columns")


def main():
    if len(sys.argv) != 4:
        print(__doc__)
        return 2
    app, cli, source_dir = sys.argv[1:]
    require_tools()
    workdir = make_workdir("ui-panels")
    c = Checker()
    tags = {a: kernel_line_tags(source_dir, a) for a in ALGORITHMS}
    for a, t in tags.items():
        c.expect(len(t) >= 5, f"only {len(t)} tagged lines in the {a} driver")
    stories = {(a, conv): cli_narration(cli, a, conv)
               for a in ("hillis-steele", "blelloch") for conv in (False, True)}

    def shot(name, flags):
        frame, error = screenshot(app, workdir, name, ["--input", EXAMPLE_TEXT] + flags)
        c.expect(error is None, f"{name}: {error}")
        return frame

    # Narration: the library's words for this round, and a different round says something else.
    narrated = {}
    for name, algorithm, rnd, convert in [("narration-hs-1", "hillis-steele", 1, False),
                                          ("narration-hs-2", "hillis-steele", 2, False),
                                          ("narration-bl-5", "blelloch", 5, False),
                                          ("narration-bl-7", "blelloch", 7, False),
                                          ("narration-hs-convert", "hillis-steele", 4, True)]:
        frame = shot(name, ["--panel", "narration", "--algorithm", algorithm, "--round", str(rnd)]
                     + (["--convert"] if convert else []))
        if frame:
            last = (HS_ROUNDS if algorithm == "hillis-steele" else BL_ROUNDS) - 1 + int(convert)
            narrated[name] = (check_narration(c, frame, name, algorithm, rnd, last,
                                              stories[(algorithm, convert)]),
                              narration_pixels(frame))
    if c.expect("narration-hs-1" in narrated and "narration-hs-2" in narrated,
                "narration rounds 1 and 2 were not both shown"):
        (text1, pixels1), (text2, pixels2) = narrated["narration-hs-1"], narrated["narration-hs-2"]
        c.expect(text1 and text2 and text1 != text2,
                 "the narration of round 1 and round 2 is the same text")
        c.expect(pixels1 and pixels2 and pixels1 != pixels2,
                 "the narration panel draws the same pixels at rounds 1 and 2")

    # Code: the round's lines lit, and no other phase's.
    for name, algorithm, rnd, convert in [("code-hs-2", "hillis-steele", 2, False),
                                          ("code-hs-3", "hillis-steele", 3, False),
                                          ("code-hs-convert", "hillis-steele", 4, True),
                                          ("code-bl-2", "blelloch", 2, False),
                                          ("code-bl-4", "blelloch", 4, False),
                                          ("code-bl-5", "blelloch", 5, False)]:
        frame = shot(name, ["--panel", "code", "--algorithm", algorithm, "--round", str(rnd)] +
                     (["--convert"] if convert else []))
        if frame:
            last = (HS_ROUNDS if algorithm == "hillis-steele" else BL_ROUNDS) - 1 + int(convert)
            check_code(c, frame, name, algorithm, rnd, last, convert, tags)

    # A selected cell: the inspector's window and the bracket over exactly its input cells.
    for name, algorithm, cell in [("select-hs-2-0-5", "hillis-steele", (2, 0, 5)),
                                  ("select-hs-3-1-6", "hillis-steele", (3, 1, 6)),
                                  ("select-hs-2-1-3", "hillis-steele", (2, 1, 3)),
                                  ("select-bl-2-0-7", "blelloch", (2, 0, 7))]:
        frame = shot(name, ["--panel", "inspector", "--algorithm", algorithm, "--round",
                            str(cell[0]), "--select", ":".join(map(str, cell))])
        if frame:
            check_selection(c, frame, name, algorithm, cell)

    # The benchmark chart, and broken results files: one line saying what is wrong.
    garbage = os.path.join(workdir, "garbage.json")
    with open(garbage, "w") as f:
        f.write("{ this is not a results file")
    wrong_schema = os.path.join(workdir, "wrong-schema.json")
    with open(wrong_schema, "w") as f:
        f.write('{"schema": "other/9"}')
    for name, path, fragments in [("bench-garbage", garbage, [garbage, "not valid JSON"]),
                                  ("bench-wrong-schema", wrong_schema,
                                   [wrong_schema, 'unsupported schema "other/9"'])]:
        frame = shot(name, ["--panel", "bench", "--bench-results", path])
        if frame:
            check_bench_error(c, frame, name, fragments)
    chart = {}
    # The committed file is a scanviz-perf/2 run: its header names its date (the file's own),
    # commit and toolkit; round one's /1 file (tests/data) has neither date nor commit, and says
    # so. The /2 seed of the fuzz corpus is another GPU's file.
    with open(os.path.join(source_dir, "docs", "bench", "h200.json")) as f:
        committed = json.load(f)
    v2 = os.path.join(source_dir, "tests", "fuzz", "corpus", "bench_results", "v2-sample.json")
    v1 = os.path.join(source_dir, "tests", "data", "bench", "h200-run8-v1.json")
    for name, flags, device_has, run_has in [
            ("bench", [], ["NVIDIA H200", committed["date"]],
             ["commit " + committed["commit"][:7], "CUDA 13.0, CUB 3.0.1", "SM clock"]),
            ("bench-v1", ["--bench-results", v1], ["NVIDIA H200", "date not recorded"],
             ["commit not recorded in the file (scanviz-perf/1)"]),
            ("bench-float-exclusive", ["--bench-type", "float32", "--bench-mode", "exclusive"],
             ["NVIDIA H200"], []),
            ("bench-pct", ["--bench-plot", "pct"], ["NVIDIA H200"], []),
            ("bench-v2", ["--bench-results", v2], ["Test GPU (4 SMs", "2026-12-02T10:11:12Z"],
             ["commit 0123456789abcdef0123456789abcdef01234567", "CUDA 13.0, CUB 3.0.1",
              "SM clock 1756 MHz before the run"])]:
        frame = shot(name, ["--panel", "bench"] + flags)
        benches = frame.panels("bench") if frame else []
        if frame and c.expect(len(benches) == 1, f"{name}: {len(benches)} bench panels"):
            bench = benches[0]
            c.expect(not any(l["kind"] == "error" for l in bench["lines"]),
                     f"{name}: the results file shows an error: {bench['lines']}")
            device = [l["text"] for l in bench["lines"] if l["kind"] == "device"]
            run = [l["text"] for l in bench["lines"] if l["kind"] == "run"]
            c.expect(len(device) == 1 and device[0].startswith("measured on ")
                     and all(w in device[0] for w in device_has),
                     f"{name}: the 'measured on' line is {device}, without {device_has}")
            c.expect(len(run) == 1 and all(w in run[0] for w in run_has),
                     f"{name}: the run line is {run}, without {run_has}")
            check_area_drawn(c, frame, name, bench["rect"], 40, 300)
            # The plot's own box (not the selectors above it, which show the choice anyway).
            plots = [l for l in bench["lines"] if l["kind"] == "plot"]
            unit = "% of memcpy" if "pct" in flags else "GB/s"
            if c.expect(len(plots) == 1 and plots[0]["text"] == unit,
                        f"{name}: plot lines {plots}, wanted one in {unit}"):
                chart[name] = digest(frame, plots[0]["rect"])
    c.expect(len(chart) == 5 and chart["bench"] != chart["bench-float-exclusive"],
             "the benchmark chart draws the same pixels for int32 inclusive and float32 exclusive")
    c.expect(len(chart) == 5 and chart["bench"] != chart["bench-pct"],
             "the benchmark chart draws the same pixels in GB/s and in % of memcpy")
    check_bench_gpus(c, shot, workdir, source_dir)

    # The other tabs draw in their own area, and differently for different input.
    area = {}
    for name, tab, flags in [
            ("work-depth", "Work & depth", ["--panel", "work-depth", "--round", "2"]),
            ("numerics-int", "Numerics", ["--panel", "numerics", "--input",
                                          "2000000000,2000000000,5,7"]),
            ("numerics-float", "Numerics", ["--panel", "numerics", "--type", "float32", "--input",
                                            "0.1,0.2,0.3,0.4,0.5,0.6,0.7,0.8,0.9,1.0,1.1,1.2"])]:
        frame = shot(name, flags)
        side = side_panel(c, frame, name, tab) if frame else None
        if side:
            check_area_drawn(c, frame, name, side["content"], 20, 300)
            area[name] = digest(frame, side["content"])
    c.expect(len(area) == 3 and area["numerics-int"] != area["numerics-float"],
             "the numerics tab draws the same pixels for int32 wrap-around and float32 input")

    # Numbers never vanish: the identity of max and min (±2^31), 9- and 10-digit values, float32
    # in a view narrowed by a reading tab. Every known cell shows its value or a short form.
    wide = "1000000000," * 7 + "1000000000"
    tenths = ",".join(["0.1"] * 16)
    for name, flags, size in [
            ("values-bl-max", ["--algorithm", "blelloch", "--op", "max"], (1600, 1000)),
            ("values-bl-min", ["--algorithm", "blelloch", "--op", "min"], (1600, 1000)),
            ("values-hs-wraps", ["--algorithm", "hillis-steele", "--input", wide], (1600, 1000)),
            ("values-9-digits", ["--algorithm", "blelloch", "--input", "123456789,1,2,3"],
             (1600, 1000)),
            ("values-float-narrow", ["--algorithm", "hillis-steele", "--type", "float32",
                                     "--input", tenths, "--panel", "narration"], (1366, 768)),
            # A projector's 1024x768, and a laptop's 1366x768 with a reading tab open: the
            # figure takes the room first, its values at the UI font or larger.
            ("values-1024", ["--algorithm", "blelloch"], (1024, 768)),
            ("values-1366-code", ["--algorithm", "hillis-steele", "--panel", "code"], (1366, 768)),
            ("values-1366-narration", ["--algorithm", "blelloch", "--panel", "narration"],
             (1366, 768))]:
        frame, error = screenshot(app, workdir, name, ["--input", EXAMPLE_TEXT] + flags, size)
        if not c.expect(error is None, f"{name}: {error}"):
            continue
        cli_flags = [f for f in flags if f not in ("--panel", "narration", "code")]
        if "--input" not in cli_flags:
            cli_flags += ["--input", EXAMPLE_TEXT]
        # At the UI font (17 px) where the window leaves room; 7 px at least anywhere.
        readable = 15 if name.startswith(("values-1024", "values-1366", "values-float")) else 7
        check_every_value_shown(c, frame, name, cli_values(cli, cli_flags), readable)

    # Blelloch at n = 1000 and 1024 (22 rounds): fitted, the current round's row lies inside the
    # figure's panel, above the status line, not half under it.
    for n in (1000, 1024):
        name = f"fit-blelloch-{n}"
        frame, error = screenshot(app, workdir, name, ["--algorithm", "blelloch", "--random", str(n)],
                                  (1600, 900))
        if not c.expect(error is None, f"{name}: {error}"):
            continue
        views = frame.panels("trace")
        status = frame.panels("status")
        if not c.expect(len(views) == 1 and len(status) == 1, f"{name}: trace/status panels missing"):
            continue
        last = max(cell["round"] for cell in frame.layout["cells"])
        row = [cell for cell in frame.layout["cells"] if cell["round"] == last]
        c.expect(len(row) > 0, f"{name}: no cells of the last round {last} drawn")
        bottom = max(cell["rect"][1] + cell["rect"][3] for cell in row)
        view_bottom = views[0]["rect"][1] + views[0]["rect"][3]
        c.expect(bottom <= view_bottom + 0.5 and bottom <= status[0]["rect"][1] + 0.5,
                 f"{name}: the last round's row ends at y {bottom:.0f}, below the figure's panel "
                 f"({view_bottom:.0f}) or the status line ({status[0]['rect'][1]:.0f})")

    # Presenter mode: no side panels, the rounds take the whole width.
    frame = shot("presenter", ["--panel", "code", "--presenter"])
    if frame:
        views = frame.panels("trace")
        c.expect(not frame.panels("side") and not frame.panels("controls"),
                 "presenter mode still draws the side panels")
        c.expect(len(views) == 1 and views[0]["rect"][0] == 0 and views[0]["rect"][2] == frame.w,
                 f"presenter mode: trace view at {[v['rect'] for v in views]}, wanted the whole "
                 f"width {frame.w}")

    # The key help (--keys, as F1 opens it): every line of docs/app.md's key table (the same table,
    # app_key_tests checks) drawn, whole, inside the card, at least as large as the panels' text,
    # in two columns; in a small presenter window too, where it shrinks rather than scroll.
    table = key_table(source_dir)
    c.expect(len(table) > 30, f"docs/app.md's key table has {len(table)} lines")
    for name, flags, size in [("keys", ["--keys"], (1600, 1000)),
                              ("keys-presenter-720p", ["--keys", "--presenter", "--theme", "light"],
                               (1280, 720))]:
        frame, error = screenshot(app, workdir, name, ["--input", EXAMPLE_TEXT] + flags, size)
        if not c.expect(error is None, f"{name}: {error}"):
            continue
        check_key_help(c, frame, name, table, min_px=14 if "--presenter" in flags else 18)
    frame = shot("no-keys", [])
    if frame:
        c.expect(not frame.panels("help"), "the key help is drawn without --keys")

    # The single-pass timeline (L) at a projector's size and in a small window: the title and
    # the cursor's caption inside the view, the caption and the status column's title apart (on
    # one line when there is room, a line each when not).
    for name, size, one_line in [("timeline-wide", (1600, 1000), True),
                                 ("timeline-small", (800, 600), False)]:
        frame, error = screenshot(app, workdir, name,
                                  ["--input", EXAMPLE_TEXT, "--panel", "timeline"], size)
        if not c.expect(error is None, f"{name}: {error}"):
            continue
        panel = frame.panels("timeline")
        if not c.expect(len(panel) == 1, f"{name}: {len(panel)} timeline panels"):
            continue
        rect = panel[0]["rect"]
        got = {l["kind"]: l for l in panel[0]["lines"]}
        if not c.expect(all(k in got for k in ("title", "caption", "status_title")),
                        f"{name}: recorded {sorted(got)}"):
            continue
        for kind in ("caption", "status_title"):
            c.expect(inside(got[kind]["rect"], rect), f"{name}: the {kind} {got[kind]['rect']} is "
                     f"not inside the view {rect}")
        a, b = got["caption"]["rect"], got["status_title"]["rect"]
        apart = a[0] + a[2] <= b[0] or b[0] + b[2] <= a[0] or a[1] + a[3] <= b[1] or b[1] + b[3] <= a[1]
        c.expect(apart, f"{name}: the caption {a} and the status title {b} overlap")
        c.expect((abs(a[1] - b[1]) < 2) == one_line,
                 f"{name}: caption at y {a[1]}, status title at y {b[1]} (one line: {one_line})")
        c.expect(got["title"]["text"].startswith("Single-pass scan, decoupled look-back: 1 tile of 8"),
                 f"{name}: title {got['title']['text']!r}")

    # Bad values are refused with exit 2 and a message, before any window opens.
    env = dict(os.environ, XDG_CONFIG_HOME=os.path.join(workdir, "config"))
    for flags in (["--panel", "charts"], ["--type", "float64"], ["--bench-mode", "both"],
                  ["--bench-plot", "percent"],
                  ["--seed", "-1"], ["--seed", "18446744073709551616"], ["--round", "+3"],
                  ["--size", "99999x600"], ["--input", "1,2", "--random", "4"],
                  ["--input", "1,+-5"], ["--select", "1:x:2"]):
        r = subprocess.run([app] + flags, capture_output=True, text=True, timeout=60, env=env)
        c.expect(r.returncode == 2 and "scanviz:" in r.stderr,
                 f"{' '.join(flags)}: exit {r.returncode}, stderr {r.stderr.strip()!r}")
    return finish("ui_panels_test", workdir, c.failures, c.checks)


if __name__ == "__main__":
    sys.exit(main())
