"""The GPUs kind (issue #36) in the live app, driven by xdotool under Xvfb and read back through
--state-file: opened by --kind gpus, Home goes to the first moment and → to the next moment a phase
began or ended, a click on a GPU's name opens its shard's timeline and Escape comes back, Ctrl+S
writes the figure as PNG and SVG; at 1024x768 every GPU's row and the plot lie inside the window;
at 1600x900, 1024x768 and 3840x2160 the rows take at least half of the window's height.

Needs Xvfb, xdotool and python3; without one of them it reports SKIPPED (exit 77)."""
import glob, os, shutil, sys, time

from ui_test_support import SKIP, finish, make_workdir, png_size
from ui_live_test import Live


def run(app, workdir, size, expect):
    live = Live(app, workdir, size=size, config=f"config-{size[0]}", args=("--kind", "gpus"))
    try:
        live.settle()
        s = live.wait(lambda s: s["kind"] == "gpus", "--kind gpus", 5)
        if not expect(s is not None, f"{size}: --kind gpus did not show the GPUs"):
            return
        live.keys("Home")
        s = live.wait(lambda s: s["gpus"]["cursor"] == 0, "Home: the first moment", 5)
        if not expect(s is not None, f"{size}: Home did not go to the first moment"):
            return
        g = s["gpus"]
        expect(g["gpus"] == 4 and len(g["ranks"]) == 4 and not g["measured"],
               f"{size}: wanted 4 simulated GPUs, got {g}")
        expect(g["cursor"] == 0, f"{size}: Home: the first moment, got {g['cursor']}")
        live.keys("Right")
        s = live.wait(lambda s: s["gpus"]["cursor"] > 0, "→: the next moment", 5)
        expect(s is not None, f"{size}: → did not move the cursor")
        # Every GPU's name, the plot, inside the window: nothing cut off.
        w = s["widgets"]
        for name in ["gpus-plot"] + [f"gpu-row-{r}" for r in range(4)]:
            ok = name in w and w[name][0] >= 0 and w[name][1] >= 0 and \
                w[name][0] + w[name][2] <= size[0] + 1 and w[name][1] + w[name][3] <= size[1] + 1
            expect(ok, f"{size}: {name} not inside the window: {w.get(name)}")
        # The rows grow with the window: at 4K they once kept their 1080p height and left the
        # lower four fifths of the figure empty.
        plot_h = w.get("gpus-plot", [0, 0, 0, 0])[3]
        expect(plot_h >= 0.5 * size[1],
               f"{size}: the GPUs' rows take {plot_h:.0f} px of a {size[1]} px window (< half)")
        live.click("gpu-row-2")
        s = live.wait(lambda s: s["gpus"]["zoom"] == 2, "a click on GPU 2: its shard", 5)
        expect(s is not None, f"{size}: a click on GPU 2's name did not open its shard")
        live.screenshot(f"gpus-shard-{size[0]}.png")
        live.keys("Escape")
        s = live.wait(lambda s: s["gpus"]["zoom"] == -1, "Escape: the GPUs again", 5)
        expect(s is not None, f"{size}: Escape did not come back to the GPUs")
        live.click("gpu-row-0")
        s = live.wait(lambda s: s["gpus"]["zoom"] == 0, "a click on GPU 0: its shard", 5)
        expect(s is not None, f"{size}: a click on GPU 0's name did not open its shard")
        live.keys("Escape")
        live.wait(lambda s: s["gpus"]["zoom"] == -1, "Escape", 5)
        live.screenshot(f"gpus-{size[0]}.png")
        if size[0] == 1600:
            live.keys("ctrl+s")
            # The kind's stem, then the step as every export names it ("-round2").
            stem = os.path.join(workdir, "scanviz-gpus-p4-scan-then-add-round")
            deadline = time.time() + 60  # a deadline for files never written, not a measure
            while time.time() < deadline and not (glob.glob(stem + "*.png") and
                                                  glob.glob(stem + "*.svg")):
                time.sleep(0.2)
            pngs, svgs = glob.glob(stem + "*.png"), glob.glob(stem + "*.svg")
            ok = len(pngs) == 1 and len(svgs) == 1
            expect(ok, f"Ctrl+S: no {stem}*.png and .svg: {glob.glob(workdir + '/*')}")
            if ok:
                svg = open(svgs[0], encoding="utf-8").read()
                expect(svg.count('class="total-in"') == 4, "the SVG's four totals going in")
                expect(png_size(pngs[0])[0] > 0, "the PNG")
    finally:
        live.close()


def main():
    missing = [t for t in ("Xvfb", "xdotool") if not shutil.which(t)]
    if missing:
        print(f"SKIPPED: {' and '.join(missing)} not found (scripts/setup.sh installs them)")
        return SKIP
    app = sys.argv[1]
    workdir = make_workdir("gpus")
    failures, checks = [], 0

    def expect(ok, message):
        nonlocal checks
        checks += 1
        if not ok:
            failures.append(message)
        return ok

    for size in [(1600, 900), (1024, 768), (3840, 2160)]:
        run(app, workdir, size, expect)
    return finish("ui_gpus_test", workdir, failures, checks)


if __name__ == "__main__":
    sys.exit(main())
