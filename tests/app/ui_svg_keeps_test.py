"""The SVG keeps what the PNG shows (issue #37 item 13): every kind's figure exported as PNG and
SVG in one run (`scanviz --export-png --export-svg --dump-layout`), the PNG's text (the layout
dump records every text the exported figure drew, in the picture's pixels) found in the SVG's
text, and its cells' values in the SVG's cells. The SVGs had dropped the grid's "✓ every phase's
invariant holds" and some of the allocation's slice labels. A figure drawn as a picture only (the
benchmark chart) writes no SVG and is left out. An application's title is broken only at its
dots (item 15). The current round's arrows are
checked in scene_test (SvgDrawsTheCurrentRoundsArrowsInTheirColour).

Needs Xvfb and python3; without them it reports SKIPPED (exit 77)."""
import json, os, re, shutil, sys
import xml.etree.ElementTree as ET

from ui_test_support import SKIP, finish, make_workdir, run_on_x

EXAMPLE = "3,1,7,0,4,1,6,3"
# Every kind of view with an SVG of its own, at a step that shows what the issue found missing.
KINDS = [
    ("hillis-steele", ["--algorithm", "hillis-steele", "--round", "2"]),
    ("blelloch", ["--algorithm", "blelloch", "--round", "7"]),
    ("warp-shuffle", ["--algorithm", "warp-shuffle", "--round", "1"]),
    ("sklansky", ["--algorithm", "sklansky", "--round", "2"]),
    ("side-by-side", ["--kind", "side-by-side"]),
    ("every-algorithm", ["--kind", "every-algorithm"]),
    ("grid", ["--algorithm", "multi-block", "--block-size", "4", "--round", "2"]),
    ("open-block", ["--kind", "multi-block", "--block-size", "4", "--open-block", "1"]),
    ("timeline", ["--kind", "single-pass"]),
    ("compact", ["--app", "compact", "--keep", "odd", "--round", "2"]),
    ("split", ["--app", "split", "--round", "2"]),
    ("radix-sort", ["--app", "radix-sort", "--round", "1"]),
    ("allocate", ["--app", "allocate", "--input", "3,0,7,0,4,1,0,3", "--round", "2"]),
    ("gpus", ["--kind", "gpus", "--round", "2"]),
]
# Lines the view records in words for a part it draws without that text (a bar, an arrow, the
# cursor: "GPU 0: scan 511 ns .. 4.52 µs", drawn as a bar labelled "scan"), or for several texts
# drawn apart ("GPU 0: shard [0, 2) total 4  offset 0"): their drawn labels are the SVG's own
# texts, checked with the rest; the record itself is no text of the picture.
RECORDS = {"phase", "exchange", "numbers", "cursor"}
# Lines that join two texts drawn apart ("tile 0: P  25": the row's label and its status word).
JOINED = {"status"}
NOT_IN_SVG = set()


def norm(text):
    return re.sub(r"\s+", " ", text.replace("\u2009", " ")).strip()


def svg_texts(path):
    root = ET.parse(path).getroot()
    out = []
    for el in root.iter():
        if el.tag.endswith("}text") or el.tag == "text":
            out.append(norm(" ".join(el.itertext())))  # a wrapped text: a <tspan> a line
    return out


def figure_lines(dump_path):
    with open(dump_path, encoding="utf-8") as f:
        dump = json.load(f)
    lines = [l for p in dump["panels"] for l in p["lines"] if l.get("visible", True)]
    return dump, [l for l in lines
                  if l["kind"] not in ("controls",) and l["kind"] not in RECORDS and norm(l["text"])]


def missing_texts(lines, texts):
    """The dump's lines whose text the SVG does not hold: as a whole, or in pieces where the SVG
    wraps a line at its " · " (or the PNG two lines into one)."""
    whole = " ".join(texts)
    out = []
    for l in lines:
        t = norm(l["text"])
        if t in whole or t in NOT_IN_SVG:
            continue
        cut = r"\s·\s|\n|: " if l["kind"] in JOINED else r"\s·\s|\n"
        pieces = [norm(p) for p in re.split(cut, l["text"]) if norm(p)]
        if pieces and all(p in whole for p in pieces):
            continue
        out.append(f"{l['kind']}: {t!r}")
    return out


def main():
    if not shutil.which("Xvfb"):
        print("SKIPPED: Xvfb not found (scripts/setup.sh installs it)")
        return SKIP
    app = sys.argv[1]
    workdir = make_workdir("svg-keeps")
    env = dict(os.environ, XDG_CONFIG_HOME=os.path.join(workdir, "config"))
    failures, checks = [], 0

    def expect(ok, message):
        nonlocal checks
        checks += 1
        if not ok:
            failures.append(message)
        return ok

    for name, flags in KINDS:
        png, svg, layout = (os.path.join(workdir, f"{name}.{ext}") for ext in ("png", "svg", "json"))
        base = ["--backend", "cpu"] + ([] if "--input" in flags else ["--input", EXAMPLE])
        r = run_on_x([app, *base, *flags, "--export-png", png, "--export-svg", svg,
                      "--dump-layout", layout], env=env, timeout=180)
        if not expect(r.returncode == 0 and os.path.exists(svg) and os.path.exists(layout),
                      f"{name}: exit {r.returncode}: {r.stderr.strip()[:300]}"):
            continue
        dump, lines = figure_lines(layout)
        texts = svg_texts(svg)
        expect(len(lines) > 0, f"{name}: the figure's dump records no text")
        gone = missing_texts(lines, texts)
        expect(not gone, f"{name}: the PNG shows {len(gone)} texts the SVG lacks: " +
               "; ".join(gone[:8]))
        # The cells' values: every value a cell of the PNG shows is a text of the SVG.
        values = {norm(c["text"]) for c in dump.get("cells", []) if norm(c.get("text", ""))}
        lost = sorted(v for v in values if v not in texts)
        expect(not lost, f"{name}: cell values in the PNG, not in the SVG: {lost[:10]}")
        # The application's title broken only where the view breaks it, at a " · " (item 15: ImGui
        # wrapped it inside "n = 8"): as tall as its lines in the large font, which is about 1.25
        # times the one-line pass line's height; a line more wrapped by ImGui makes it 1.6 times
        # or more. At the export's size and at a narrow one.
        if name in ("compact", "split", "radix-sort", "allocate"):
            narrow = os.path.join(workdir, f"{name}-narrow.json")
            r = run_on_x([app, *base, *flags, "--export-png", os.path.join(workdir, "narrow.png"),
                          "--export-size", "640x900", "--dump-layout", narrow], env=env,
                         timeout=180)
            for where, path in (("export", layout), ("640 px", narrow)):
                if not os.path.exists(path):
                    expect(False, f"{name} at {where}: no dump (exit {r.returncode})")
                    continue
                got = {l["kind"]: l for l in figure_lines(path)[1]}
                title, ref = got.get("title"), got.get("pass")
                if not expect(title and ref, f"{name} at {where}: no title or pass line"):
                    continue
                lines = title["text"].count("\n") + 1
                ratio = title["rect"][3] / (lines * ref["rect"][3])
                expect(1.05 <= ratio <= 1.45,
                       f"{name} at {where}: the title's {lines} lines are {title['rect'][3]:.0f} px "
                       f"tall ({ratio:.2f} pass lines each): wrapped inside a line "
                       f"{title['text']!r}")
    return finish("ui_svg_keeps_test", workdir, failures, checks)


if __name__ == "__main__":
    sys.exit(main())
