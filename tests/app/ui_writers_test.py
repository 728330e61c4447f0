"""Every file `scanviz` and `scanviz-cli` write, as a script runs them, against a write that fails
part way and a target that cannot be written (issue #38). The table WRITERS lists each writer once;
a new flag that writes a file gets a row.

For each writer: a write that fails at byte 1 and one whose final rename fails (the fault seam,
SCANVIZ_FAULT_WRITE_AT=K,NAME, core/file_io.h), a missing folder, a folder that is a file and a
folder where the file would go. Each time: exit 2, the failure said on stderr naming the file, no
"wrote" line, the old file kept byte for byte and nothing else left in its folder.

Then the findings of issue #38 as reported:
- `--screenshot ok.png --dump-layout /nonexistent/d.json` exits 2 before writing ok.png;
- `--export-png same.png --export-gif ./same.png` is refused with one line, nothing written;
- `--app radix-sort --random 65536 --bits 32 --export-png x.png` exits 2 with the CLI's line and
  writes nothing (it wrote a picture of the error and exited 0);
- `--screenshot` onto a folder exits 2 as `--export-*` does (it exited 1);
- `scanviz-cli bench --json` onto a missing folder exits 2 before it measures;
- settings.json that is not JSON, with settings.json.bad a folder: the app says once that it
  leaves the file as it is, and does not replace it on exit (finding 7);
- Ctrl+S in the live app with its SVG failing: "not saved: ..." and neither file written.

Needs Xvfb and python3; without them it reports SKIPPED (exit 77)."""
import os, shutil, subprocess, sys

from ui_test_support import SKIP, Checks, Xvfb, finish, make_workdir

OLD = b"the user's old file, kept byte for byte\n"


def writers(app, cli):
    """(name, argv for an output path, the output's file name): every process-level writer."""
    a = [app, "--backend", "cpu", "--size", "640x480"]
    t = [cli, "trace", "-b", "cpu"]
    return [
        ("scanviz-cli trace -o", lambda p: t + ["-i", "3,1,7,0", "-o", p], "t.json"),
        ("scanviz-cli trace -a multi-block -o",
         lambda p: t + ["-a", "multi-block", "--block-size", "8", "--random", "40", "-o", p],
         "grid.json"),
        ("scanviz-cli trace -a single-pass -o",
         lambda p: t + ["-a", "single-pass", "--tile-size", "8", "--random", "40", "-o", p],
         "sp.json"),
        ("scanviz-cli trace -a compact -o",
         lambda p: t + ["-a", "compact", "--random", "50", "--block-size", "16", "-o", p],
         "compact.json"),
        ("scanviz --export-png", lambda p: a + ["--export-png", p], "fig.png"),
        ("scanviz --export-svg", lambda p: a + ["--export-svg", p], "fig.svg"),
        ("scanviz --export-gif", lambda p: a + ["--export-gif", p], "fig.gif"),
        ("scanviz --screenshot", lambda p: a + ["--screenshot", p], "shot.png"),
        ("scanviz --screenshot --dump-layout (the layout)",
         lambda p: a + ["--screenshot", os.path.join(os.path.dirname(p), "..", "beside.png"),
                        "--dump-layout", p], "layout.json"),
        ("scanviz --export-svg --dump-layout (the layout)",
         lambda p: a + ["--export-svg", os.path.join(os.path.dirname(p), "..", "beside.svg"),
                        "--dump-layout", p], "layout.json"),
        ("scanviz --state-file", lambda p: a + ["--time-startup", "--state-file", p],
         "state.json"),
    ]


def listing(folder):
    out = {}
    for root, dirs, files in os.walk(folder):
        for name in dirs + files:
            full = os.path.join(root, name)
            rel = os.path.relpath(full, folder)
            out[rel] = None if os.path.isdir(full) else open(full, "rb").read()
    return out


def main():
    if not shutil.which("Xvfb"):
        print("SKIPPED: Xvfb not found (scripts/setup.sh installs it)")
        return SKIP
    app, cli = sys.argv[1], sys.argv[2]
    workdir = make_workdir("writers")
    xvfb = Xvfb("1600x900")
    base = dict(os.environ, DISPLAY=xvfb.display, XDG_CONFIG_HOME=os.path.join(workdir, "cfg"))
    base.pop("SCANVIZ_FAULT_WRITE_AT", None)
    expect = Checks()

    def run(argv, fault=None, env=None):
        e = dict(env or base)
        if fault is not None:
            e["SCANVIZ_FAULT_WRITE_AT"] = fault
        return subprocess.run(argv, env=e, capture_output=True, text=True, timeout=240,
                              cwd=workdir)

    try:
        for n, (name, argv, file) in enumerate(writers(app, cli)):
            folder = os.path.join(workdir, f"w{n}", "out")
            os.makedirs(folder)
            path = os.path.join(folder, file)
            r = run(argv(path))
            if not expect(r.returncode == 0 and os.path.isfile(path),
                          f"{name}: without a fault: exit {r.returncode}: {r.stderr.strip()}"):
                continue
            faults(name, argv, path, run, expect)
            unwritable(name, argv, folder, file, run, expect)
        sequence(app, workdir, run, expect)
        findings(app, cli, workdir, run, base, expect)
    finally:
        xvfb.close()
    return finish("ui_writers_test", workdir, expect.failures, expect.count)


def said(r, path):
    """Exit 2, the path named on stderr, no 'wrote' line."""
    return (r.returncode == 2 and path in r.stderr and "wrote" not in r.stdout
            and "wrote" not in r.stderr)


def faults(name, argv, path, run, expect):
    folder = os.path.dirname(path)
    with open(path, "wb") as f:
        f.write(OLD)
    before = listing(folder)
    for fault in ("1", "rename"):
        r = run(argv(path), fault=f"{fault},{os.path.basename(path)}")
        expect(said(r, path), f"{name}, fault {fault}: exit {r.returncode}, "
                              f"stderr {r.stderr.strip()!r}, stdout {r.stdout.strip()!r}")
        expect(listing(folder) == before,
               f"{name}, fault {fault}: the folder changed: {sorted(listing(folder))}")


def unwritable(name, argv, folder, file, run, expect):
    with open(os.path.join(folder, "a-file"), "w") as f:
        f.write("x")
    os.makedirs(os.path.join(folder, "a-folder", file))
    before = listing(folder)
    for target in (os.path.join(folder, "missing", file), os.path.join(folder, "a-file", file),
                   os.path.join(folder, "a-folder", file)):
        r = run(argv(target))
        expect(r.returncode == 2 and "wrote" not in r.stdout,
               f"{name} onto {os.path.relpath(target, folder)}: exit {r.returncode}, "
               f"{r.stderr.strip()!r}")
        expect(listing(folder) == before, f"{name} onto {target}: the folder changed")


def sequence(app, workdir, run, expect):
    """--export-sequence: one of its files failing leaves the folder as it was."""
    folder = os.path.join(workdir, "seq")
    argv = [app, "--backend", "cpu", "--size", "640x480", "--export-sequence", folder]
    r = run(argv)
    if not expect(r.returncode == 0, f"--export-sequence: exit {r.returncode}: {r.stderr}"):
        return
    names = sorted(os.listdir(folder))
    for name in names:
        with open(os.path.join(folder, name), "wb") as f:
            f.write(OLD)
    before = listing(folder)
    for fault in (f"1,{names[-1]}", f"rename,{names[-1]}", f"0,{names[0]}"):
        r = run(argv, fault=fault)
        expect(r.returncode == 2 and "wrote" not in r.stdout,
               f"--export-sequence, fault {fault}: exit {r.returncode}: {r.stderr.strip()!r}")
        expect(listing(folder) == before, f"--export-sequence, fault {fault}: files changed")
    shutil.rmtree(folder)
    r = run(argv, fault=f"1,{names[-1]}")  # a folder it made is gone again
    expect(r.returncode == 2 and not os.path.exists(folder),
           f"--export-sequence into a new folder, failing: exit {r.returncode}, "
           f"folder left: {os.path.exists(folder)}")


def one_line(r):
    return len([l for l in r.stderr.splitlines() if l.startswith("scanviz")]) == 1


def findings(app, cli, workdir, run, base, expect):
    a = [app, "--backend", "cpu", "--size", "640x480"]
    ok = os.path.join(workdir, "ok.png")
    r = run(a + ["--screenshot", ok, "--dump-layout", "/nonexistent/d.json"])
    expect(r.returncode == 2 and not os.path.exists(ok) and one_line(r),
           f"--screenshot ok.png --dump-layout /nonexistent/d.json: exit {r.returncode}, "
           f"ok.png written: {os.path.exists(ok)}, {r.stderr.strip()!r}")
    same = os.path.join(workdir, "same.png")
    r = run(a + ["--export-png", same, "--export-gif", os.path.join(workdir, ".", "same.png")])
    expect(r.returncode == 2 and not os.path.exists(same) and one_line(r)
           and "wrote" not in r.stdout,
           f"--export-png same.png --export-gif ./same.png: exit {r.returncode}, "
           f"{r.stdout.strip()!r} {r.stderr.strip()!r}")
    x = os.path.join(workdir, "x.png")
    flags = ["--random", "65536", "--bits", "32"]
    c = subprocess.run([cli, "trace", "-b", "cpu", "-a", "radix-sort", *flags], env=base,
                       capture_output=True, text=True, timeout=240)
    r = run(a + ["--app", "radix-sort", *flags, "--export-png", x])
    cli_line = c.stderr.strip().splitlines()[-1] if c.stderr.strip() else ""
    reason = cli_line.split(": ", 2)[-1] if cli_line else "?"
    expect(c.returncode == 2 and r.returncode == 2 and not os.path.exists(x) and one_line(r)
           and reason in r.stderr,
           f"--app radix-sort --random 65536 --bits 32 --export-png: exit {r.returncode} "
           f"(the CLI's {c.returncode}), x.png written: {os.path.exists(x)}, "
           f"{r.stderr.strip()!r} vs the CLI's {cli_line!r}")
    # bench --json onto a missing folder: refused before anything is measured (no GPU needed).
    # A build without the performance lab (the sanitizers' builds) has no bench command.
    has_bench = subprocess.run([cli, "bench", "--help"], env=base, capture_output=True,
                               timeout=60).returncode == 0
    if has_bench:
        b = subprocess.run([cli, "bench", "--json", "/nonexistent/r.json"], env=base,
                           capture_output=True, text=True, timeout=60)
        expect(b.returncode == 2 and "/nonexistent/r.json" in b.stderr,
               f"bench --json /nonexistent/r.json: exit {b.returncode}, {b.stderr.strip()!r}")
    else:
        print("ui_writers_test: this scanviz-cli has no bench command; its --json check skipped")
    folder = os.path.join(workdir, "a-folder")
    os.makedirs(folder)
    r = run(a + ["--screenshot", folder])
    expect(r.returncode == 2 and os.path.isdir(folder) and one_line(r),
           f"--screenshot onto a folder: exit {r.returncode}, {r.stderr.strip()!r}")
    settings_not_replaced(app, workdir, base, expect)
    save_figure_fails(app, workdir, expect)


def save_figure_fails(app, workdir, expect):
    """Ctrl+S (the figure's PNG and SVG, together or neither) with its SVG's write failing: the
    status line says so, and neither file is there."""
    from ui_live_test import Live
    folder = os.path.join(workdir, "ctrl-s")
    os.makedirs(folder)
    os.environ["SCANVIZ_FAULT_WRITE_AT"] = "1,.svg"  # the app is started with this environment
    try:
        live = Live(app, folder, size=(1280, 800))
    finally:
        del os.environ["SCANVIZ_FAULT_WRITE_AT"]
    try:
        live.settle()
        live.keys("ctrl+s")
        s = live.wait(lambda s: "not saved" in s.get("message", ""), "Ctrl+S's failure", 20)
        expect(s is not None and ".svg" in s["message"],
               f"Ctrl+S with its SVG failing: {(live.state() or {}).get('message')!r}")
        left = [n for n in os.listdir(folder) if n.endswith((".png", ".svg"))]
        expect(not left, f"Ctrl+S with its SVG failing left {left}")
    finally:
        live.close()


def settings_not_replaced(app, workdir, base, expect):
    """Finding 7: the live app, closed as a user closes it, leaves the file it could not keep."""
    try:
        from ui_live_test import Live
    except ImportError as e:
        expect(False, f"settings: cannot drive the live app: {e}")
        return
    config = os.path.join(workdir, "live", "config", "scanviz")
    os.makedirs(os.path.join(config, "settings.json.bad"))
    settings = os.path.join(config, "settings.json")
    with open(settings, "wb") as f:
        f.write(b"\x01 not JSON: the user's own file")
    live = Live(app, os.path.join(workdir, "live"), size=(1024, 768))
    s = live.settle()
    rc = live.close()
    log = open(os.path.join(workdir, "live", "app.log")).read()
    expect(open(settings, "rb").read() == b"\x01 not JSON: the user's own file",
           "settings: the file the app could neither read nor keep was replaced on exit")
    expect(log.count("left as it is") == 1 and "not saved" not in log.replace("not be saved", ""),
           f"settings: the warning is not said once: {log!r}")
    expect("left as it is" in (s or {}).get("message", ""),
           f"settings: the status line does not say it: {(s or {}).get('message')!r}")
    expect(rc == 0, f"settings: the app exited {rc}")


if __name__ == "__main__":
    sys.exit(main())
