"""The --dump-layout of a set of states, written to a folder, and two such folders compared: a
refactor of how the views record their text (issue #35, part 5) must leave every dump byte for
byte the same. Run it on the tree before the change and after it:

    dump_layouts.py SCANVIZ SOURCE_DIR OUT_DIR           writes OUT_DIR/<state>.json
    dump_layouts.py --compare BEFORE_DIR AFTER_DIR       exit 1 when a dump differs or is missing

The states: every kind of view, the side panel's tabs, presenter mode, each theme, the quiz, the
key help, the QR code, the benchmark's error, a figure export's own dump. Needs Xvfb
(ui_test_support.run_on_x). The data dir is the app's build tree's, or SCANVIZ_DATA_DIR. A state the app refuses is written as its exit code and stderr, so a
refusal that changes shows too."""
import difflib, os, sys

from ui_test_support import EXAMPLE_TEXT, run_on_x

BASE = ["--backend", "cpu", "--input", EXAMPLE_TEXT]
STATES = [
    ("hillis-steele", ["--algorithm", "hillis-steele", "--round", "1"]),
    ("cases", ["--algorithm", "hillis-steele", "--case-colors", "--round", "2"]),
    ("blelloch", ["--algorithm", "blelloch", "--round", "3"]),
    ("blelloch-dense", ["--algorithm", "blelloch", "--random", "1024", "--seed", "1"]),
    ("warp-shuffle", ["--algorithm", "warp-shuffle", "--round", "1"]),
    ("sklansky", ["--algorithm", "sklansky", "--round", "1", "--select", "2:0:7"]),
    ("side-by-side", ["--side-by-side"]),
    ("grid", ["--algorithm", "multi-block", "--block-size", "4"]),
    ("grid-phase-2", ["--algorithm", "multi-block", "--random", "64", "--seed", "1",
                      "--block-size", "4", "--round", "1"]),
    ("grid-code", ["--algorithm", "multi-block", "--block-size", "4", "--panel", "code"]),
    ("grid-narration", ["--algorithm", "multi-block", "--block-size", "4", "--panel",
                        "narration"]),
    ("grid-select", ["--algorithm", "multi-block", "--block-size", "4", "--grid-select",
                     "output:5"]),
    ("timeline", ["--kind", "single-pass"]),
    ("timeline-narration", ["--kind", "single-pass", "--panel", "narration"]),
    ("compact", ["--app", "compact", "--keep", "odd", "--round", "1"]),
    ("compact-narration", ["--app", "compact", "--keep", "odd", "--panel", "narration"]),
    ("radix-sort", ["--app", "radix-sort"]),
    ("split", ["--app", "split"]),
    ("allocate", ["--app", "allocate"]),
    ("split-65536", ["--random", "65536", "--seed", "1", "--app", "split", "--bit", "3"]),
    ("gpus", ["--kind", "gpus"]),
    ("gpus-narration", ["--kind", "gpus", "--panel", "narration"]),
    ("benchmark", ["--kind", "benchmark"]),
    ("bench-pct", ["--panel", "bench", "--bench-plot", "pct"]),
    ("bench-v1", ["--panel", "bench", "--bench-results", "{src}/tests/data/bench/h200-run8-v1.json"]),
    ("bench-missing", ["--panel", "bench", "--bench-results", "{src}/no-such-results.json"]),
    ("quiz", ["--quiz", "{src}/assets/quizzes/01-hillis-steele.json"]),
    ("mistakes", ["--panel", "mistakes", "--mistake", "no-barrier"]),
    ("keys", ["--keys"]),
    ("keys-presenter", ["--keys", "--presenter", "--theme", "light"]),
    ("qr", ["--presenter", "--qr"]),
    ("code", ["--algorithm", "blelloch", "--round", "2", "--panel", "code"]),
    ("code-convert", ["--algorithm", "hillis-steele", "--round", "1", "--panel", "code",
                      "--convert"]),
    ("narration", ["--algorithm", "blelloch", "--round", "2", "--panel", "narration"]),
    ("work-depth", ["--algorithm", "sklansky", "--panel", "work-depth"]),
    ("numerics", ["--algorithm", "hillis-steele", "--type", "float32", "--panel", "numerics"]),
    ("warps-banks", ["--algorithm", "warp-shuffle", "--panel", "warps-banks"]),
    ("warps-banks-blelloch", ["--algorithm", "blelloch", "--round", "2", "--panel",
                              "warps-banks"]),
    ("presenter", ["--algorithm", "hillis-steele", "--case-colors", "--round", "2",
                   "--presenter"]),
    ("light", ["--algorithm", "blelloch", "--round", "2", "--theme", "light"]),
    ("high-contrast", ["--algorithm", "sklansky", "--theme", "high-contrast"]),
    ("truncated", ["--algorithm", "hillis-steele", "--random", "2000", "--seed", "1"]),
    ("open-block", ["--kind", "multi-block", "--random", "64", "--seed", "1", "--block-size", "8",
                    "--open-block", "1"]),
    ("qr-refused", ["--input", ",".join(str(i * 7919 % 2000001 - 1000000) for i in range(1024)),
                    "--qr"]),
    ("mistakes-seed", ["--algorithm", "blelloch", "--panel", "mistakes", "--mistake", "no-seed"]),
    ("grid-presenter", ["--algorithm", "multi-block", "--random", "16", "--seed", "1",
                        "--block-size", "4", "--presenter"]),
]
# Figure exports write their own dump (figure_fit.cpp): one per kind.
EXPORTS = [("export-" + name, flags) for name, flags in [
    ("blelloch", ["--algorithm", "blelloch", "--round", "2"]),
    ("side-by-side", ["--kind", "side-by-side"]),
    ("grid", ["--algorithm", "multi-block", "--block-size", "4"]),
    ("timeline", ["--kind", "single-pass"]),
    ("compact", ["--app", "compact", "--keep", "odd", "--round", "1"]),
    ("gpus", ["--kind", "gpus"]),
    ("gpus-narration", ["--kind", "gpus", "--panel", "narration"]),
    ("benchmark", ["--kind", "benchmark"]),
]]


def dump(app, src, out):
    os.makedirs(out, exist_ok=True)
    env = dict(os.environ, XDG_CONFIG_HOME=os.path.join(out, "config"))
    # The data dir (presets, labs, the committed benchmark) of the build tree the app is in, unless
    # SCANVIZ_DATA_DIR says where: a copy of the app elsewhere finds it too.
    tree = os.path.join(os.path.dirname(os.path.abspath(app)), "..", "..", "share", "scanviz")
    if "SCANVIZ_DATA_DIR" not in env and os.path.isdir(tree):
        env["SCANVIZ_DATA_DIR"] = os.path.abspath(tree)
    runs = [(n, f, "--screenshot") for n, f in STATES] + [(n, f, "--export-png") for n, f in EXPORTS]
    for name, flags, how in runs:
        flags = [f.replace("{src}", src) for f in flags]
        png, layout = os.path.join(out, name + ".png"), os.path.join(out, name + ".json")
        size = ["--size", "1600x1000"] if how == "--screenshot" else []
        # One input: typed or random.
        base = BASE[:2] if "--random" in flags or "--input" in flags else BASE
        r = run_on_x([app, how, png] + size + ["--dump-layout", layout] + base + flags, env=env,
                     timeout=180)
        if r.returncode != 0 or not os.path.exists(layout):
            with open(layout, "w") as f:
                f.write(f"exit {r.returncode}\n{r.stderr}")
        if os.path.exists(png):
            os.remove(png)  # the pixels are the UI tests' business; the dump is what must match
        print(f"{name}: exit {r.returncode}", flush=True)


def compare(before, after):
    names = sorted(n for n in os.listdir(before) if n.endswith(".json"))
    differ = 0
    for name in names:
        b = os.path.join(before, name)
        a = os.path.join(after, name)
        if not os.path.exists(a):
            print(f"MISSING {name}")
            differ += 1
            continue
        with open(b) as f1, open(a) as f2:
            lb, la = f1.read().splitlines(), f2.read().splitlines()
        if lb != la:
            differ += 1
            print(f"DIFFERS {name}")
            for line in list(difflib.unified_diff(lb, la, b, a, lineterm="", n=1))[:40]:
                print("  " + line)
    print(f"{len(names)} dumps compared; {differ} differ")
    return 1 if differ or not names else 0


def main(argv):
    if len(argv) == 4 and argv[1] == "--compare":
        return compare(argv[2], argv[3])
    if len(argv) == 4:
        dump(argv[1], argv[2], argv[3])
        return 0
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
