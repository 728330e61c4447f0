"""The narration panel's text is copyable (issue #34, part 3): the live app under Xvfb, driven by
xdotool as a person drives it (the Narration tab's key, → to step, a click on Copy text and on
Copy round), the system clipboard read back from the X server (tkinter, another X client) and
compared with what `scanviz-cli trace --narrate --windows` prints for the same input: the step's
title and every paragraph of its narration; the round's table, tab-separated, row by row.

Needs Xvfb, xdotool and python3's tkinter; without one of them it reports SKIPPED (exit 77)."""
import shutil, subprocess, sys

from ui_live_test import Live
from ui_test_support import Checks, EXAMPLE_TEXT, SKIP, finish, make_workdir


def cli_round(cli, round_):
    """Round `round_` of the chapters' example as scanviz-cli tells it: its narration (title, then
    paragraphs) and its table's rows {label: cells}."""
    text = subprocess.run([cli, "trace", "-i", EXAMPLE_TEXT, "-b", "cpu", "--windows", "--narrate"],
                          check=True, capture_output=True, text=True).stdout
    rounds, current, in_table = [], None, False
    for line in text.split("\n"):
        if line.startswith("  threads ") and " active;" in line:
            current = {"rows": {}, "title": "", "paragraphs": []}
            rounds.append(current)
            in_table = True
        elif line.startswith("narration of step "):
            current["title"] = line.split(": ", 1)[1]
            in_table = False
        elif in_table and line.startswith("  "):
            label, cells = line[:13].strip(), line[13:].split()
            current["rows"][label.replace(" pin", "").replace(" pout", "")] = cells
        elif not line.startswith("  "):
            in_table = False
        elif current is not None and current["title"] and line.strip():
            current["paragraphs"].append(line.strip())
    return rounds[round_]


def clipboard(env):
    """The X clipboard's text, asked of its owner (the app) by another X client."""
    r = subprocess.run([sys.executable, "-c", "import tkinter; t = tkinter.Tk(); t.withdraw(); "
                        "print(t.clipboard_get(), end='')"], env=env, capture_output=True,
                       text=True, timeout=30)
    return r.stdout if r.returncode == 0 else f"(no clipboard: {r.stderr.strip()[-200:]})"


def main():
    missing = [t for t in ("Xvfb", "xdotool") if not shutil.which(t)]
    try:
        import tkinter  # noqa: F401  (the clipboard's reader)
    except ImportError:
        missing.append("python3-tk")
    if missing:
        print(f"SKIPPED: {' and '.join(missing)} not found (scripts/setup.sh installs them)")
        return SKIP
    app, cli = sys.argv[1], sys.argv[2]
    workdir = make_workdir("narration-copy")
    expect = Checks()  # expect(ok, message): counts the check, keeps a failure
    live = Live(app, workdir)
    try:
        live.settle()
        live.keys("3", "Home", "Right", "Right")  # the Narration tab; round 2
        s = live.wait(lambda s: "copy narration" in s["widgets"] and
                      s["rounds"]["hillis-steele"]["round"] == 2, "the Narration tab at round 2")
        expect(s is not None, "the Narration tab's Copy text button did not show at round 2")
        want = cli_round(cli, 2)
        live.click("copy narration")
        s = live.wait(lambda s: "narration" in s["notice"], "Copy text's notice")
        expect(s is not None, "Copy text said nothing in the status line")
        text = clipboard(live.env)
        wanted = "\n\n".join([want["title"], *want["paragraphs"]]) + "\n"
        expect(text == wanted, f"Copy text copied {text[:300]!r}\n     wanted {wanted[:300]!r}")

        live.click("copy round")
        live.wait(lambda s: "table" in s["notice"], "Copy round's notice")
        rows = {}
        for line in clipboard(live.env).split("\n")[1:]:
            if line:
                label, *cells = line.split("\t")
                rows[label.replace(" (read)", "").replace(" (written)", "")] = cells
        for label, cells in want["rows"].items():
            expect(rows.get(label) == cells,
                   f"Copy round's row {label}: {rows.get(label)}, scanviz-cli's {cells}")
        live.screenshot("narration-copy.png")
    finally:
        live.close()
    return finish("ui_narration_copy_test", workdir, expect.failures, expect.count)


if __name__ == "__main__":
    sys.exit(main())
