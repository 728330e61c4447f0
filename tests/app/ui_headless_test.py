#!/usr/bin/env python3
"""Headless UI test: runs `scanviz --screenshot` under xvfb-run for both algorithms on the
chapters' example and checks real pixels: the frame is not blank, and at each cell's rectangle
(from --dump-layout) the fill colour matches and the border's ink pattern along the top edge is
the one its classification calls for (dotted: short runs, dashed: long runs, solid: one run).

Exit 77 (CTest SKIP_RETURN_CODE) when xvfb-run or ImageMagick's convert is missing: skipped,
never passed."""
import json, os, shutil, subprocess, sys

EXPECTED_STYLE = {"unchanged": "dotted", "loaded": "dashed", "copied": "dashed", "add": "dashed",
                  "seed": "dashed", "computed": "solid", "swap-and-add": "solid"}


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
    w, h = int(parts[1]), int(parts[2])
    return w, h, data[pos + 1:]


def near(a, b, tol=40):
    return all(abs(x - y) <= tol for x, y in zip(a, b))


def main():
    app, out = sys.argv[1], sys.argv[2]
    if not shutil.which("xvfb-run") or not shutil.which("convert"):
        print("SKIPPED: xvfb-run or ImageMagick convert not found")
        return 77
    os.makedirs(out, exist_ok=True)
    env = dict(os.environ, XDG_CONFIG_HOME=os.path.join(out, "config"))  # never the real home
    failures, checked = [], 0
    for algorithm, rounds in (("hillis-steele", 4), ("blelloch", 8)):
        for rnd in range(rounds):
            png = os.path.join(out, f"{algorithm}-{rnd}.png")
            layout = os.path.join(out, f"{algorithm}-{rnd}.json")
            subprocess.run(["xvfb-run", "-a", "-s", "-screen 0 1920x1080x24", app, "--screenshot", png,
                            "--size", "1600x1000", "--algorithm", algorithm, "--input", "3,1,7,0,4,1,6,3",
                            "--round", str(rnd), "--dump-layout", layout], check=True, env=env,
                           capture_output=True, timeout=120)
            w, h, px = read_ppm(png)
            cells = json.load(open(layout))["cells"]
            pixel = lambda x, y: tuple(px[(y * w + x) * 3:(y * w + x) * 3 + 3])
            # Not blank: many distinct colours.
            colours = {pixel(x, y) for x in range(0, w, 7) for y in range(0, h, 7)}
            if len(colours) < 20:
                failures.append(f"{png}: looks blank ({len(colours)} colours)")
            current = [c for c in cells if c["round"] == rnd and c["class"] != "input"]
            if not current:
                failures.append(f"{png}: no cells of round {rnd} in the layout")
            for c in current:
                x, y, cw, ch = (int(round(v)) for v in c["rect"])
                bw = max(1, int(c["border_width"]))
                name = f"{algorithm} round {rnd} buf[{c['buffer']}][{c['pos']}] ({c['class']})"
                # Fill: a point inside the box away from the border and the centred label.
                fx, fy = x + 2 * bw + 3, y + ch - 2 * bw - 3
                if not c["padding"] and not near(pixel(fx, fy), c["fill"]):
                    failures.append(f"{name}: fill {pixel(fx, fy)} != {c['fill']}")
                want = EXPECTED_STYLE.get(c["class"])
                if want is None:
                    continue
                # Border pattern: runs of border-coloured pixels along the middle of the top edge.
                ey = y + bw // 2
                ink = [near(pixel(xx, ey), c["border"], 60) for xx in range(x + 1, x + cw - 1)]
                runs, run = [], 0
                for on in ink + [False]:
                    if on:
                        run += 1
                    elif run:
                        runs.append(run)
                        run = 0
                covered = sum(ink) / max(1, len(ink))
                if want == "solid":
                    ok = len(runs) == 1 and covered > 0.95
                elif want == "dashed":
                    ok = len(runs) >= 2 and 0.5 < covered < 0.9 and max(runs) >= 3 * bw
                else:
                    ok = len(runs) >= 3 and 0.3 < covered < 0.7 and max(runs) <= 2 * bw
                checked += 1
                if not ok:
                    failures.append(f"{name}: expected {want} border, ink runs {runs[:8]} cover {covered:.2f}")
    for f in failures[:40]:
        print("FAIL", f)
    print(f"checked {checked} cell borders; {len(failures)} failures")
    return 1 if failures or checked == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
