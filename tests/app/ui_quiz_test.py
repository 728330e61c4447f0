"""The Quiz mode (Q) driven as a student drives it: Q opens the panel, a click starts the first
shipped set, the answers are typed into the blank cells' fields (Tab between them, Enter submits),
and the grades and the score are read back from --state-file. A Q typed into an answer field is
text, not the shortcut. Q with a question open hands it in: Q again shows it graded.

Needs Xvfb, xdotool and python3; without one of them it reports SKIPPED (exit 77)."""
import shutil, sys, time

from ui_live_test import Live
from ui_test_support import Checks, SKIP, finish, make_workdir

# Round 1 of the chapters' example (3 1 7 0 4 1 6 3): pout = 3 4 8 7 4 5 7 9. Cell 5 answered 6.
ANSWERS = ["3", "4", "8", "7", "4", "6", "7", "9"]


def main():
    missing = [t for t in ("Xvfb", "xdotool") if not shutil.which(t)]
    if missing:
        print(f"SKIPPED: {' and '.join(missing)} not found (scripts/setup.sh installs them)")
        return SKIP
    app = sys.argv[1]
    workdir = make_workdir("quiz")
    expect = Checks()  # expect(ok, message): counts the check, keeps a failure

    live = Live(app, workdir)
    try:
        s = live.settle()
        expect(not s["quiz"]["on"], f"quiz on at start: {s['quiz']}")
        live.keys("q")
        s = live.wait(lambda s: s["quiz"]["on"] and "quiz_set_0" in s["widgets"], "Q")
        if not expect(s is not None, "Q did not open the Quiz panel with the shipped sets"):
            return finish("ui_quiz_test", workdir, expect.failures, expect.count)
        live.click("quiz_set_0")
        s = live.wait(lambda s: s["quiz"].get("questions", 0) > 0 and s["text_input"],
                      "the first question, its first field focused")
        if not expect(s is not None, "clicking the first set did not start it with a field "
                      f"focused: {live.state()['quiz']}"):
            return finish("ui_quiz_test", workdir, expect.failures, expect.count)
        expect(s["quiz"]["set"].startswith("1 · Hillis-Steele"), f"set: {s['quiz']['set']}")
        expect(s["algorithm"] == "hillis-steele" and s["rounds"]["hillis-steele"]["round"] == 1,
               f"the figure is not at the asked round 1: {s['rounds']['hillis-steele']}")
        # A q typed into a field is the answer's text, not the shortcut that closes the quiz.
        live.xdo("type", "--delay", "30", "q")
        s = live.wait(lambda s: s["quiz"]["answers"][0] == "q", "q typed", timeout=3)
        expect(s is not None and s["quiz"]["on"], f"typing q in a field: {live.state()['quiz']}")
        live.keys("BackSpace")
        for i, a in enumerate(ANSWERS):
            live.xdo("type", "--delay", "30", a)
            if i + 1 < len(ANSWERS):
                live.keys("Tab")
            time.sleep(0.1)
        s = live.wait(lambda s: s["quiz"]["answers"] == ANSWERS, "the answers typed")
        expect(s is not None, f"answers as typed with Tab between: {live.state()['quiz']}")
        live.keys("Return")
        s = live.wait(lambda s: s["quiz"]["graded"], "Enter submits")
        if expect(s is not None, f"Enter did not submit: {live.state()['quiz']}"):
            expect(s["quiz"]["right"] == 7 and s["quiz"]["asked"] == 8,
                   f"score {s['quiz']['right']} of {s['quiz']['asked']}, wanted 7 of 8")
        live.keys("Return")
        s = live.wait(lambda s: s["quiz"]["question"] == 1 and not s["quiz"]["graded"] and
                      s["text_input"], "Enter goes to the next question, its first field focused")
        if expect(s is not None, f"Enter after the grades: {live.state()['quiz']}"):
            expect(s["rounds"]["hillis-steele"]["round"] == 2,
                   f"question 2 asks round 2: {s['rounds']['hillis-steele']}")
            # A fast typist: five keys at once, within one frame. The digit after a Tab must land
            # in the field the Tab moved to (it used to vanish: ImGui drops the characters of the
            # frame a field activates in).
            live.xdo("key", "--delay", "0", "1", "1", "Tab", "2", "5")
            s = live.wait(lambda s: s["quiz"]["answers"][:2] == ["11", "25"], "fast typing",
                          timeout=3)
            expect(s is not None, f"typed 1 1 Tab 2 5 at once: {live.state()['quiz']}")
        # Q outside a field closes the panel; the quiz is kept, and the open question, whose
        # answer the figure now shows, is handed in as typed (issue #37, item 2).
        live.xdo("mousemove", "800", "750", "click", "1")
        expect(live.wait(lambda s: not s["text_input"], "a click lets go of the field") is not None,
               "a click on the figure did not take the keyboard from the answer field")
        live.keys("q")
        s = live.wait(lambda s: not s["quiz"]["on"], "Q again")
        expect(s is not None and s["quiz"].get("question") == 1 and s["quiz"]["graded"],
               f"Q again: {live.state()['quiz']}")
        live.keys("q")
        s = live.wait(lambda s: s["quiz"]["on"], "Q once more")
        expect(s is not None and s["quiz"]["graded"] and s["quiz"]["question"] == 1,
               f"Q once more shows the question graded, not open again: {live.state()['quiz']}")
    finally:
        rc = live.close()
        expect(rc == 0, f"exit code {rc}")
    return finish("ui_quiz_test", workdir, expect.failures, expect.count)


if __name__ == "__main__":
    sys.exit(main())
