"""All rounds exported beside the live app (issue #26 item 21): `scanviz` under Xvfb at 1920x1080
with n = 1024 (Blelloch, 22 rounds), driven by xdotool, read back through --state-file.

- A full run: the window keeps drawing while the export runs (the state file's frame count goes
  up, its progress says "Exporting round k of N"), a key pressed meanwhile is honoured (Home moves
  the reader's player, and the export still draws every round: its GIF has one frame a round),
  the export's progress is seen at several rounds, each in a frame of its own, the reader's round
  never jumps to the export's, and at the end the status line says what was written, every file
  there. All in the app's state, never in milliseconds: on a loaded machine a frame can take a
  second, and the test must not fail for it (the longest frame is printed, not checked: a
  benchmark's number, `scanviz --bench-frames`).
- Every wait is for a state (the notice, the export no longer running, the app asleep with its
  export gone), with a deadline that only an app that never gets there reaches.
- Escape cancels one mid-way, and so does the status bar's Cancel button: "Export cancelled",
  no GIF, no folder, no temporary file.
- A second All rounds while one runs is refused with a message (the first goes on).
- An edit during the export (Tab: the next algorithm) cancels it with a message, nothing written.

Needs Xvfb, xdotool and python3; without one of them it reports SKIPPED (exit 77)."""
import os, re, shutil, sys, time

from ui_live_test import Live
from ui_test_support import Checks, SKIP, finish, gif_info, make_workdir, svg_cells

ROUND = re.compile(r"Exporting round (\d+) of (\d+)")


def export_of(s):
    return (s or {}).get("export") or {}


def main():
    missing = [t for t in ("Xvfb", "xdotool") if not shutil.which(t)]
    if missing:
        print(f"SKIPPED: {' and '.join(missing)} not found (scripts/setup.sh installs them)")
        return SKIP
    app = sys.argv[1]
    workdir = make_workdir("export-live")
    expect = Checks()  # expect(ok, message): counts the check, keeps a failure

    live = Live(app, workdir, size=(1920, 1080),
                args=("--random", "1024", "--algorithm", "blelloch"))
    try:
        s = live.settle()
        count = s["rounds"]["blelloch"]["of"]
        expect(len(s["values"]) == 1024 and count > 10, f"start: n = {len(s['values'])}, {count}")
        live.keys("End")
        live.settle()
        full_run(live, workdir, count, expect)
        cancel_runs(live, workdir, expect)
        refusals(live, workdir, expect)
    finally:
        rc = live.close()
    expect(rc == 0, f"the app exited with {rc}")
    return finish("ui_export_live_test", workdir, expect.failures, expect.count)


def watch(live, until, timeout=120, on_state=None):
    """Samples the state file every 20 ms until `until(state)` holds; the states seen."""
    seen, deadline = [], time.time() + timeout
    while time.time() < deadline:
        s = live.state()
        if s is not None:
            if not seen or s != seen[-1]:
                seen.append(s)
                if on_state:
                    on_state(s)
            if until(s):
                break
        time.sleep(0.02)
    return seen


def full_run(live, workdir, count, expect):
    gif = os.path.join(workdir, "scanviz-blelloch.gif")
    folder = os.path.join(workdir, "scanviz-blelloch-rounds")
    last = count - 1
    pressed = []

    def press_home_mid_export(s):
        m = ROUND.search(export_of(s).get("text", ""))
        if not pressed and m and int(m.group(1)) >= 3 and export_of(s).get("running"):
            pressed.append(True)
            live.keys("Home")  # the reader's player, while the export draws its own rounds

    t0 = time.time()
    live.click("export_rounds")
    seen = watch(live, lambda s: "rounds" in s["notice"] or s["message"],
                 on_state=press_home_mid_export)
    elapsed = time.time() - t0
    running = [s for s in seen if export_of(s).get("running")]
    texts = {export_of(s).get("text") for s in running}
    frames = [export_of(s).get("frames", 0) for s in running]
    end = seen[-1] if seen else {}
    expect(len(running) >= 5 and len(set(frames)) >= 5,
           f"the window drew {len(set(frames))} frames seen while the export ran "
           f"({len(running)} states in {elapsed:.1f} s): it should keep drawing")
    progress = sorted({int(m.group(1)) for t in texts if (m := ROUND.search(t or ""))})
    expect(len(progress) >= 3 and all(ROUND.search(t).group(2) == str(count)
                                      for t in texts if t and ROUND.search(t)),
           f"the progress said rounds {progress} (texts {sorted(t for t in texts if t)[:5]}...), "
           f"wanted 'Exporting round k of {count}' for several k")
    home = [s for s in running if s["rounds"]["blelloch"]["round"] == 0]
    expect(pressed and home, "Home pressed during the export did not move the player while it ran")
    rounds = {s["rounds"]["blelloch"]["round"] for s in seen}
    expect(rounds <= {last, 0}, f"the reader's round jumped to {sorted(rounds)} during the export "
                                f"(only {last}, then 0 after Home, are the reader's)")
    longest = export_of(end).get("longest_frame_ms", 0)
    expect("saved " + str(count) + " rounds" in end.get("notice", ""),
           f"the notice at the end: {end.get('notice')!r}, message {end.get('message')!r}")
    expect(not export_of(end).get("running", True), "the export still runs after its notice")
    no_gif = "no GIF" in end.get("notice", "")
    if expect(os.path.isdir(folder), f"no folder {folder}: {sorted(os.listdir(workdir))}"):
        expect(len(os.listdir(folder)) == 2 * count,
               f"{len(os.listdir(folder))} files in the folder, wanted {2 * count}")
        # Each file is its own round, whatever the reader's player did meanwhile (Home).
        for k in (1, last):
            svg = os.path.join(folder, f"scanviz-blelloch-{k:02d}.svg")
            drawn = ({r for (r, b, p) in svg_cells(svg) if r >= 0} if os.path.exists(svg)
                     else None)
            expect(drawn == set(range(k + 1)),
                   f"{os.path.basename(svg)} draws rounds {drawn and sorted(drawn)}, wanted 0..{k}")
    if not no_gif and expect(os.path.exists(gif), "no GIF written"):
        expect(gif_info(gif)[2] == count and gif_info(gif)[:2] == (1920, 1080),
               f"the GIF: {gif_info(gif)}, wanted {count} frames of 1920x1080")
    print(f"full run (printed, not checked): {elapsed:.1f} s, {len(set(frames))} frames seen, "
          f"the longest {longest:.0f} ms")


def settled(live):
    """Until the app is asleep: an export that has work keeps it drawing (main.cpp, Animating),
    so once it sleeps the export job is gone and anything it would write is written."""
    if live.wait_idle(60) is None:  # cannot tell (no /proc syscall): the state file alone
        live.settle()


def leftovers(workdir, stem):
    return [n for n in os.listdir(workdir) if n.startswith(stem) or ".tmp" in n]


def start_and_wait(live, what):
    """All rounds clicked; the state once the export has drawn a round or two, else None."""
    live.click("export_rounds")
    seen = watch(live, lambda s: (m := ROUND.search(export_of(s).get("text", ""))) is not None
                 and int(m.group(1)) >= 2, timeout=60)
    s = seen[-1] if seen else None
    return s if s and export_of(s).get("running") else None


def cancel_runs(live, workdir, expect):
    for how, stem in (("Escape", "scanviz-blelloch-2"), ("the Cancel button", "scanviz-blelloch-2")):
        s = start_and_wait(live, how)
        if not expect(s is not None, f"{how}: the export did not start or ended at once"):
            continue
        if how == "Escape":
            live.keys("Escape")
        else:
            live.click("export_cancel")
        seen = watch(live, lambda s: not export_of(s).get("running"), timeout=60)
        end = seen[-1] if seen else {}
        expect("Export cancelled" in end.get("notice", ""),
               f"{how}: the status line says {end.get('notice')!r} / {end.get('message')!r}")
        settled(live)  # a file written late would show now
        left = leftovers(workdir, stem)
        expect(not left, f"{how}: left {left} (a cancelled export writes nothing)")


def refusals(live, workdir, expect):
    # A second All rounds while one runs: refused, the first goes on (then cancelled).
    s = start_and_wait(live, "a second export")
    if expect(s is not None, "the export for the second-request check did not start"):
        live.click("export_rounds")
        seen = watch(live, lambda s: "export is running" in s["message"], timeout=30)
        end = seen[-1] if seen else {}
        expect("export is running" in end.get("message", "") and export_of(end).get("running"),
               f"a second All rounds: {end.get('message')!r}, running "
               f"{export_of(end).get('running')}")
        live.keys("Escape")
        watch(live, lambda s: not export_of(s).get("running"), timeout=60)
    # An edit (Tab: the next algorithm) cancels it: nothing written, a message says why.
    s = start_and_wait(live, "an edit during the export")
    if expect(s is not None, "the export for the edit check did not start"):
        live.keys("Tab")
        seen = watch(live, lambda s: not export_of(s).get("running"), timeout=60)
        end = seen[-1] if seen else {}
        expect("figure changed" in end.get("message", "") and end["algorithm"] != "blelloch",
               f"Tab during the export: {end.get('message')!r}, {end.get('algorithm')}")
        settled(live)
        left = leftovers(workdir, "scanviz-blelloch-2")
        expect(not left, f"the edit's cancel left {left}")


if __name__ == "__main__":
    sys.exit(main())
