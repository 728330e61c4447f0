"""Click and type (issue #37 item 10), live under Xvfb with xdotool as a teacher does it: a click
selects a cell, typing a number edits that cell's input value (typing replaces it, Enter applies,
Escape cancels), at xdotool's 12 ms a key, so the keys typed before the editor has the keyboard
reach it too; the digits still switch the side panel once no cell is selected. Read back from the
app's --state-file. `--shot PATH` also writes the screen with the editor open (docs/click-and-type.png).

Needs Xvfb, xdotool and python3; without one of them it reports SKIPPED (exit 77)."""
import os, shutil, subprocess, sys

from ui_test_support import SKIP, finish, make_workdir
from ui_live_test import Live, brief


def main():
    missing = [t for t in ("Xvfb", "xdotool") if not shutil.which(t)]
    if missing:
        print(f"SKIPPED: {' and '.join(missing)} not found (scripts/setup.sh installs them)")
        return SKIP
    app = sys.argv[1]
    shot = sys.argv[sys.argv.index("--shot") + 1] if "--shot" in sys.argv else None
    workdir = make_workdir("typing")
    failures, checks = [], 0
    live = None

    def expect(ok, message):
        nonlocal checks
        checks += 1
        if not ok:
            state = live.state() if live is not None and live.app.poll() is None else None
            if state:
                message += f"\n     state: {brief(state)}\n     screen: " + \
                    live.screenshot(f"fail-{checks}.png")
            failures.append(message)
        return ok

    live = Live(app, workdir, size=(1280, 800), args=("--input", "3,1,7,0,4,1,6,3"))
    try:
        s = live.settle()
        expect(s["values"] == [3, 1, 7, 0, 4, 1, 6, 3] and s["panel"] == "inspector",
               f"start: values {s['values']}, panel {s['panel']}")
        # A click selects input[2]; typing 52 (5 is the Numerics tab's key) edits its value.
        s = live.send(lambda: live.click("input[2]"), lambda s: s["selected"] == [-1, 0, 2],
                      "a click on input[2] selects it")
        expect(s is not None, "a click on input[2] did not select it")
        live.xdo("type", "--delay", "12", "52")
        s = live.wait(lambda s: s["text_input"], "the cell's editor has the keyboard")
        expect(s is not None, "typing 52 on a selected cell opened no editor")
        s = live.settle()
        expect(s["panel"] == "inspector", f"typing 5 on a selected cell chose the tab {s['panel']}")
        if shot:
            live.screenshot(os.path.basename(shot))
            shutil.copy(os.path.join(workdir, os.path.basename(shot)), shot)
        live.keys("Return")
        s = live.settle()
        expect(s["values"] == [3, 1, 52, 0, 4, 1, 6, 3] and not s["text_input"],
               f"52 then Enter: values {s['values']}, editor open {s['text_input']}")
        # The cell stays selected: typing again replaces the value; Escape cancels.
        expect(s["selected"] == [-1, 0, 2], f"after Enter the selection is {s['selected']}")
        live.xdo("type", "--delay", "12", "--", "-9")
        # Escape once the editor has the keyboard: an Escape within a frame or two of the first
        # key left a field with the keyboard about one run in three (a known race, lecture.md).
        live.wait(lambda s: s["text_input"], "-9's editor has the keyboard")
        live.keys("Escape")
        s = live.settle()
        expect(s["values"] == [3, 1, 52, 0, 4, 1, 6, 3] and not s["text_input"],
               f"-9 then Escape: values {s['values']}, editor open {s['text_input']}")
        expect(s["panel"] == "inspector", f"-9 then Escape: the tab is {s['panel']}")
        check_early_escape(live, expect)
        # Typed, then Enter at once (before the editor can have had the keyboard): applied.
        live.xdo("type", "--delay", "12", "7")
        live.keys("Return")
        s = live.settle()
        expect(s["values"] == [3, 1, 7, 0, 4, 1, 6, 3] and not s["text_input"],
               f"7 then Enter: values {s['values']}, editor open {s['text_input']}")
        # No cell selected (Escape drops it): 5 is the Numerics tab again.
        s = live.send(lambda: live.keys("Escape"), lambda s: s["selected"] is None,
                      "Escape drops the selection")
        expect(s is not None, "Escape did not drop the selection")
        s = live.send(lambda: live.keys("5"), lambda s: s["panel"] == "numerics",
                      "5 with no cell selected: the Numerics tab")
        expect(s is not None and s["values"] == [3, 1, 7, 0, 4, 1, 6, 3],
               "5 with no cell selected did not choose the Numerics tab")
    finally:
        live.close()
    return finish("ui_typing_test", workdir, failures, checks)


EARLY_ESCAPES = 12


def check_early_escape(live, expect):
    """An Escape right after a value's first key, before the editor can have the keyboard (one
    xdotool run: the digit and Escape 12 ms apart, or the Escape from a second run at once):
    the value is cancelled and no text field keeps the keyboard, every time (it was one run in
    three: the editor took the keyboard in the frame that read the Escape as the value's, and kept
    it). Each try then types its number and Enter, which must reach the cell, not a field."""
    for i in range(EARLY_ESCAPES):
        before = live.state()["values"]
        if i % 2 == 0:
            live.keys("9", "Escape")
        else:
            live.keys("9")
            live.keys("Escape")
        s = live.settle()
        if not expect(s["values"] == before and not s["text_input"],
                      f"try {i}: 9 then Escape at once: values {s['values']}, a text field has "
                      f"the keyboard: {s['text_input']}"):
            return
        expect(s["selected"] == [-1, 0, 2] and s["panel"] == "inspector",
               f"try {i}: 9 then Escape: selection {s['selected']}, tab {s['panel']}")
        # The cell still takes a value (no field took the keys): i, then Enter.
        live.xdo("type", "--delay", "12", str(i))
        live.keys("Return")
        s = live.settle()
        want = before[:2] + [i] + before[3:]
        if not expect(s["values"] == want and not s["text_input"],
                      f"try {i}: {i} then Enter after the Escape: values {s['values']}, "
                      f"a text field has the keyboard: {s['text_input']}"):
            return


if __name__ == "__main__":
    sys.exit(main())
