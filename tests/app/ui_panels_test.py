#!/usr/bin/env python3
"""Headless test of the teaching panels: `scanviz --screenshot --panel P` for every right-hand tab
(code, narration, work-depth, numerics, with int32 and float32 input), the benchmark chart, and a
bad results file. Each frame must render (exit 0, the PNG at the requested size), the panel's
region must not be blank (many distinct colours), and the panels must differ from one another
there (the tab switch is real). A bad flag value must exit 2 with a message.

Exit 77 (CTest SKIP_RETURN_CODE) when xvfb-run or ImageMagick's convert is missing: skipped,
never passed."""
import hashlib, os, shutil, subprocess, sys

W, H = 1600, 1000


def read_ppm(path):
    data = subprocess.run(["convert", path, "ppm:-"], check=True, capture_output=True).stdout
    parts, pos = [], 0
    while len(parts) < 4:  # P6 w h maxval
        while data[pos:pos + 1].isspace():
            pos += 1
        end = pos
        while not data[end:end + 1].isspace():
            end += 1
        parts.append(data[pos:end])
        pos = end
    return int(parts[1]), int(parts[2]), data[pos + 1:]


def region(px, w, x0, x1, y0, y1, step=3):
    return [bytes(px[(y * w + x) * 3:(y * w + x) * 3 + 3]) for y in range(y0, y1, step)
            for x in range(x0, x1, step)]


def main():
    app, out = sys.argv[1], sys.argv[2]
    if not shutil.which("xvfb-run") or not shutil.which("convert"):
        print("SKIPPED: xvfb-run or ImageMagick convert not found")
        return 77
    os.makedirs(out, exist_ok=True)
    env = dict(os.environ, XDG_CONFIG_HOME=os.path.join(out, "config"))  # never the real home
    garbage = os.path.join(out, "garbage.json")
    with open(garbage, "w") as f:
        f.write("{ this is not a results file")
    # name, extra flags, region (fractions of the frame) the panel occupies, minimum colours
    right = (0.58, 1.0, 0.05, 0.95)
    middle = (0.22, 0.70, 0.10, 0.85)
    cases = [
        ("inspector", ["--panel", "inspector", "--select", "2:0:5"], (0.80, 1.0, 0.05, 0.6), 12),
        ("code", ["--panel", "code", "--round", "2"], right, 12),
        ("code-blelloch", ["--panel", "code", "--algorithm", "blelloch", "--round", "5"], right, 12),
        ("narration", ["--panel", "narration", "--round", "1"], right, 12),
        ("narration-convert", ["--panel", "narration", "--convert"], right, 12),
        ("work-depth", ["--panel", "work-depth", "--round", "2"], right, 20),
        ("numerics-int", ["--panel", "numerics", "--input", "2000000000,2000000000,5,7"], right, 12),
        ("numerics-float", ["--panel", "numerics", "--type", "float32", "--input",
                            "0.1,0.2,0.3,0.4,0.5,0.6,0.7,0.8,0.9,1.0,1.1,1.2,1.3"], right, 12),
        ("bench", ["--panel", "bench"], middle, 20),
        ("bench-float-exclusive", ["--panel", "bench", "--bench-type", "float32", "--bench-mode",
                                   "exclusive"], middle, 20),
        ("bench-garbage", ["--panel", "bench", "--bench-results", garbage], middle, 3),
        ("presenter-code", ["--panel", "code", "--presenter"], (0.0, 1.0, 0.0, 1.0), 12),
    ]
    failures, digests = [], {}
    for name, flags, (fx0, fx1, fy0, fy1), min_colours in cases:
        png = os.path.join(out, f"{name}.png")
        r = subprocess.run(["xvfb-run", "-a", "-s", "-screen 0 1920x1080x24", app, "--screenshot", png,
                            "--size", f"{W}x{H}", "--input", "3,1,7,0,4,1,6,3"] + flags, env=env,
                           capture_output=True, text=True, timeout=120)
        if r.returncode != 0 or not os.path.exists(png):
            failures.append(f"{name}: exit {r.returncode}: {r.stderr.strip()[:300]}")
            continue
        w, h, px = read_ppm(png)
        if (w, h) != (W, H):
            failures.append(f"{name}: frame is {w}x{h}, wanted {W}x{H}")
            continue
        pixels = region(px, w, int(fx0 * w), int(fx1 * w), int(fy0 * h), int(fy1 * h))
        colours = len(set(pixels))
        if colours < min_colours:
            failures.append(f"{name}: panel region looks blank ({colours} colours)")
        digests[name] = hashlib.sha1(b"".join(pixels)).hexdigest()
        print(f"{name}: {colours} colours")
    # Every right-hand tab and both benchmark selections draw something different.
    for a, b in [("inspector", "code"), ("code", "narration"), ("narration", "work-depth"),
                 ("work-depth", "numerics-int"), ("numerics-int", "numerics-float"),
                 ("code", "code-blelloch"), ("narration", "narration-convert"),
                 ("bench", "bench-float-exclusive"), ("bench", "bench-garbage")]:
        if a in digests and b in digests and digests[a] == digests[b]:
            failures.append(f"{a} and {b} render the same pixels")
    # Bad values are refused with exit 2 and a message, before any window opens.
    for flags in (["--panel", "charts"], ["--type", "float64"], ["--bench-mode", "both"]):
        r = subprocess.run([app] + flags, capture_output=True, text=True, timeout=60, env=env)
        if r.returncode != 2 or "scanviz:" not in r.stderr:
            failures.append(f"{' '.join(flags)}: exit {r.returncode}, stderr {r.stderr.strip()!r}")
    for f in failures:
        print("FAIL", f)
    print(f"{len(cases)} screenshots; {len(failures)} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
