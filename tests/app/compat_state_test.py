#!/usr/bin/env python3
"""Issue #35's safety net, the live app's side: each session of tests/data/compat, and its link,
handed to `scanviz FILE` (as a double-click or a pasted link does) under Xvfb, and the app's
--state-file once it is idle compared with the golden <name>.state.json the app wrote before the
refactor (tests/data/compat/README.md). compat_test.cpp checks the same fixtures through AppState;
this checks what the window's app reports: the kind, its step, every player, the input, the view's
toggles, the panels, the keyboard's menus and every widget's rectangle.

Left out, as they depend on the moment or the machine: the tooltip (the pointer rests where Xvfb
puts it, and a tooltip shows after a delay), the mouse's clicks on the app's clock, and the
export's frame timing; paths are written
relative to the source tree, the build tree's as <build>.

Usage: compat_state_test.py SCANVIZ [--write] [--only TEXT]
  --write: the goldens again, from this build; --only: the fixtures whose name holds TEXT
Exit 77 (CTest's SKIP_RETURN_CODE) when Xvfb is missing: skipped, never passed."""
import json, os, shutil, subprocess, sys, time

sys.dont_write_bytecode = True  # no __pycache__ in the source tree for the shared modules
from ui_test_support import SKIP, Xvfb, make_workdir
from ui_live_test import Live

SOURCE = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FIXTURES = os.path.join(SOURCE, "tests", "data", "compat")
# The mouse's clicks are counted on the app's own clock (the ImGui time of each), a moment too.
VOLATILE = ("tooltip", "tooltip_rect", "mouse")
# The data dir, as the app is handed it: a link at one fixed path, so that a text naming a file in
# it (a bundled trace's origin, "<data>/traces/...") wraps alike in every checkout and the widgets
# below it stay where the goldens have them.
DATA_LINK = "/tmp/scanviz-compat-data"
# The benchmark's results, as compat_support.cpp sets them: not the data dir's, measured again now
# and then.
BENCH = os.path.join(SOURCE, "tests", "data", "bench", "h200-run8-v1.json")


class Idle(Live):
    """Live's test of the app's main thread asleep in glfwWaitEvents, on an app started here."""

    def __init__(self, proc):  # not Live's: no Xvfb of its own, no pointer moved
        self.app = proc


def neutral(state, build):
    """The state without what depends on the moment or the checkout."""
    for key in VOLATILE:
        state.pop(key, None)
    state.get("export", {}).pop("longest_frame_ms", None)
    state["widgets"] = {k: [round(v, 2) for v in r] for k, r in state.get("widgets", {}).items()}
    text = json.dumps(state, sort_keys=True, ensure_ascii=False)
    text = text.replace(DATA_LINK + "/", "<data>/").replace(build + "/", "<build>/")
    text = text.replace(SOURCE + "/", "")
    return json.loads(text)


def settled(app, state_path, env, arg, workdir):
    """Runs the app on `arg` until it is idle with the same state twice; that state, or the
    reason it has none."""
    config = make_workdir("compat-config")  # no settings from an earlier run
    proc = subprocess.Popen([app, "--backend", "cpu", "--size", "1600x900", "--bench-results",
                             BENCH, "--state-file", state_path, arg],
                            env=dict(env, XDG_CONFIG_HOME=config),
                            stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT, cwd=workdir)
    idle, last, deadline = Idle(proc), None, time.time() + 90
    try:
        while time.time() < deadline:
            if proc.poll() is not None:
                return None, f"the app exited ({proc.returncode})"
            waited = idle.wait_idle(10)
            if waited is None:  # cannot tell: the state unchanged for a second stands in
                time.sleep(1.0)
            try:
                with open(state_path, encoding="utf-8") as f:
                    now = f.read()
            except OSError:
                now = None
            if now is not None and now == last:
                return json.loads(now), ""
            last = now
            time.sleep(0.3)
        return None, "the app did not settle in 90 s"
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
        shutil.rmtree(config, ignore_errors=True)
        if os.path.exists(state_path):
            os.remove(state_path)


def differences(want, got, where=""):
    """Each field that differs, nested ones by their path, with both values."""
    if isinstance(want, dict) and isinstance(got, dict):
        out = []
        for k in sorted(set(want) | set(got)):
            out += differences(want.get(k), got.get(k), f"{where}/{k}")
        return out
    if want == got:
        return []
    return [f"{where}: golden {json.dumps(want)[:200]}, now {json.dumps(got)[:200]}"]


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    app, args = os.path.abspath(sys.argv[1]), sys.argv[2:]
    write = "--write" in args
    only = args[args.index("--only") + 1] if "--only" in args[:-1] else ""
    if not shutil.which("Xvfb"):
        print("SKIPPED: Xvfb not found (scripts/setup.sh installs it)")
        sys.exit(SKIP)
    build = os.path.dirname(os.path.dirname(os.path.dirname(app)))  # build/app/ui/scanviz
    names = sorted(f[:-len(".scanviz")] for f in os.listdir(FIXTURES)
                   if f.endswith(".scanviz") and only in f)
    workdir, x = make_workdir("compat-state"), Xvfb("1600x900")
    data = os.path.join(build, "share", "scanviz")
    if os.path.islink(DATA_LINK) or os.path.exists(DATA_LINK):
        os.remove(DATA_LINK)
    os.symlink(data, DATA_LINK)
    env = dict(os.environ, DISPLAY=x.display, SCANVIZ_DATA_DIR=DATA_LINK)
    env.pop("WAYLAND_DISPLAY", None)
    failures, checks = [], 0
    try:
        for name in names:
            opened = {"file": os.path.join(FIXTURES, name + ".scanviz")}
            link = os.path.join(FIXTURES, name + ".link")
            if os.path.exists(link):
                with open(link, encoding="utf-8") as f:
                    opened["link"] = f.read().strip()
                # The fragment Copy link writes after the '#': only "#s=..." (or an address before
                # it) is a link; "s=..." names a file (issue #38).
                if opened["link"].startswith("s="):
                    opened["link"] = "#" + opened["link"]
            got = {}
            for how, arg in opened.items():
                state, why = settled(app, os.path.join(workdir, "state.json"), env, arg, workdir)
                if state is None:
                    failures.append(f"{name} from its {how}: {why}")
                    continue
                got[how] = neutral(state, build)
            golden = os.path.join(FIXTURES, name + ".state.json")
            if write:
                with open(golden, "w", encoding="utf-8") as f:
                    f.write(json.dumps(got, indent=1, sort_keys=True, ensure_ascii=False) + "\n")
                continue
            with open(golden, encoding="utf-8") as f:
                want = json.load(f)
            for how in want:
                checks += 1
                for d in differences(want[how], got.get(how)):
                    failures.append(f"{name} from its {how}: {d}")
    finally:
        x.close()
    shutil.rmtree(workdir, ignore_errors=True)
    for f in failures:
        print("FAIL:", f)
    if write:
        print(f"{len(names)} state goldens written to {FIXTURES}")
        return 1 if failures else 0
    print(f"{checks - len({f.split(':')[0] for f in failures})} passed, "
          f"{len({f.split(':')[0] for f in failures})} failed")
    return 1 if failures or checks == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
