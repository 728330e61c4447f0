"""A quiz keeps its secrets on screen (issue #37): for every shipped set and every question, the
app opens a session at that question with one of the kinds asked for (--kind, each kind in turn)
and draws a frame with --dump-layout. The frame must show the plain figure of the exercise's
algorithm (no other algorithm's rounds), and every cell the asked round writes (for a threads
question every cell of the arrays it writes) with no text and no class: class "undefined", and
all of them the same fill, border and style. The asked cells come from scanviz-cli's trace of the
exercise, not from the app. The command line's exports at the first question: another round is
refused, the asked round's SVG blank. (Every kind's SVG, the narration and the table:
quiz_secrets_test.cpp.)

Needs Xvfb and python3; without Xvfb it reports SKIPPED (exit 77)."""
import glob, json, os, re, shutil, subprocess, sys

from ui_test_support import SKIP, Checks, Xvfb, finish, make_workdir, svg_cells

KINDS = ["block-scan", "side-by-side", "every-algorithm", "multi-block", "single-pass",
         "applications", "benchmark", "gpus"]


def cli_trace(cli, ex):
    """The exercise's trace, as scanviz-cli prints it (the app's quiz builds the same scan)."""
    argv = [cli, "trace", "--backend", "cpu", "--json", "--algorithm", ex["algorithm"]]
    if "input" in ex:
        argv += ["--input", ",".join(str(v) for v in ex["input"])]
    else:
        argv += ["--random", str(ex["random"]["n"]), "--seed", str(ex["random"]["seed"])]
    for key, flag in (("op", "--op"), ("type", "--type"), ("mistake", "--mistake"),
                      ("thread_order", "--thread-order")):
        if key in ex:
            argv += [flag, str(ex[key])]
    if ex.get("convert"):
        argv.append("--convert")
    r = subprocess.run(argv, capture_output=True, text=True, timeout=60)
    return json.loads(r.stdout[:r.stdout.rindex("}") + 1])


def asked_cells(trace, r, threads):
    """(buffer, pos) of each cell round r writes; a threads question blanks their whole arrays."""
    writes = {(a, p) for action in trace["rounds"][r]["actions"] if action  # None: idle
              for a, p in action[2]}
    if not threads:
        return writes
    arrays = {a for a, _ in writes}
    return {(a, p) for a in arrays for p in range(trace["arrays"][a]["size"])}


def check_question(expect, frame, ex, trace, where):
    cells = [c for c in frame["cells"] if c["class"] != "input" and
             c["algorithm"] == ex["algorithm"]]
    if not expect(cells, f"{where}: no cell of the exercise's {ex['algorithm']} drawn"):
        return
    r = max(c["round"] for c in cells)  # the player is held on the asked round
    if not expect(r < len(trace["rounds"]), f"{where}: round {r} past the exercise's trace"):
        return
    asked = asked_cells(trace, r, ex.get("ask") == "threads")
    shown = [c for c in cells if c["round"] == r and (c["buffer"], c["pos"]) in asked]
    expect({(c["buffer"], c["pos"]) for c in shown} == asked,
           f"{where}: asked cells drawn {sorted((c['buffer'], c['pos']) for c in shown)}, "
           f"wanted {sorted(asked)}")
    for c in shown:
        expect(c["text"] in ("", "…") and c["class"] == "undefined",  # "…": the blank
               f"{where}: asked cell {c['buffer']}[{c['pos']}] shows {c['text']!r}, "
               f"class {c['class']}")
    looks = {(tuple(c["fill"]), tuple(c["border"]), c["style"], c["hs_case"]) for c in shown}
    expect(len(looks) <= 1, f"{where}: the asked cells differ in colour or style: {looks}")
    panes = {p.get("algorithm") for p in frame["panels"] if p["name"] == "trace"}
    expect(panes == {ex["algorithm"]}, f"{where}: panes {panes}, wanted {ex['algorithm']} alone")


def check_exports(expect, app, env, workdir, session):
    """The command line's exports at question 1 of the first set (round 1 asked): another round
    (a GIF, the default last round) is refused with the reason and writes nothing; round 1 alone
    is written with its asked cells blank."""
    def run(name, *flags):
        out = os.path.join(workdir, name)
        r = subprocess.run([app, session, "--backend", "cpu", *flags[:-1], flags[-1] + out],
                           env=env, capture_output=True, text=True, timeout=120)
        return r, out
    for name, flags in (("q.gif", ["--export-gif", ""]), ("last.svg", ["--export-svg", ""])):
        r, out = run(name, *flags)
        expect(r.returncode != 0 and "quiz question is open" in r.stderr and
               not os.path.exists(out), f"{flags[0]} during a question: exit {r.returncode}, "
               f"{r.stderr.strip()[:200]!r}, written: {os.path.exists(out)}")
    r, out = run("asked.svg", "--round", "1", "--export-svg", "")
    if expect(r.returncode == 0 and os.path.exists(out),
              f"--round 1 --export-svg: exit {r.returncode} {r.stderr.strip()[:200]}"):
        cells = svg_cells(out)
        asked = {k: v for k, v in cells.items() if k[:2] == (1, 1)}  # round 1 writes buf[1]
        expect(len(asked) == 8 and all(v in ("", "…") for v in asked.values()),
               f"round 1's cells in the SVG: {asked}")


def main():
    if not shutil.which("Xvfb"):
        print("SKIPPED: Xvfb not found (scripts/setup.sh installs it)")
        return SKIP
    app, cli, root = sys.argv[1:4]
    workdir = make_workdir("quiz-secrets")
    expect = Checks()
    xvfb = Xvfb("1600x900")
    env = dict(os.environ, DISPLAY=xvfb.display, XDG_CONFIG_HOME=os.path.join(workdir, "config"))
    runs = 0
    try:
        for path in sorted(glob.glob(os.path.join(root, "assets", "quizzes", "*.json"))):
            with open(path, encoding="utf-8") as f:
                exercises = {e["title"]: e for e in json.load(f)["exercises"]}
            traces = {}
            question, count = 0, 1
            while question < count:
                kind = KINDS[runs % len(KINDS)]
                runs += 1
                name = f"{os.path.basename(path)[:2]}-q{question + 1}-{kind}"
                where = f"{os.path.basename(path)} question {question + 1} (--kind {kind})"
                session = os.path.join(workdir, name + ".scanviz")
                with open(session, "w", encoding="utf-8") as f:
                    json.dump({"format": "scanviz-session", "version": 3, "type": "int32",
                               "op": "add", "algorithm": "hillis-steele", "input": "3 1 7 0",
                               "quiz": {"shown": True, "set": os.path.basename(path),
                                        "question": question}}, f)
                dump = os.path.join(workdir, name + ".json")
                r = subprocess.run([app, session, "--backend", "cpu", "--kind", kind,
                                    "--screenshot", os.path.join(workdir, name + ".png"),
                                    "--size", "1600x900", "--dump-layout", dump],
                                   env=env, capture_output=True, text=True, timeout=120)
                if runs == 1:
                    check_exports(expect, app, env, workdir, session)
                if not expect(r.returncode == 0 and os.path.exists(dump),
                              f"{where}: exit {r.returncode}: {r.stderr.strip()[:300]}"):
                    break
                with open(dump, encoding="utf-8") as f:
                    frame = json.load(f)
                lines = [l["text"] for p in frame["panels"] if p["name"] == "side"
                         for l in p["lines"]]
                heading = next((m for m in (re.match(r"Question (\d+) of (\d+) · (.*)", t)
                                            for t in lines) if m), None)
                if not expect(heading is not None and int(heading[1]) == question + 1,
                              f"{where}: no question heading in the side panel: {lines[:6]}"):
                    break
                count = int(heading[2])
                ex = exercises[heading[3]]
                if heading[3] not in traces:
                    traces[heading[3]] = cli_trace(cli, ex)
                check_question(expect, frame, ex, traces[heading[3]], where)
                question += 1
    finally:
        xvfb.close()
    expect(runs >= 30, f"only {runs} questions")
    print(f"{runs} questions drawn")  # one app run each
    return finish("ui_quiz_secrets_test", workdir, expect.failures, expect.count)


if __name__ == "__main__":
    sys.exit(main())
