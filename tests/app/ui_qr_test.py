"""View > Show QR code on the desktop (issue #34, part 1), read back as a phone would: zbarimg
(Debian zbar-tools) decodes the code in the app's screenshot, and the text must be exactly the
link File > Copy link put on the clipboard.

- The live app under Xvfb, driven by xdotool (a click on File > Copy link, then the J key): the
  clipboard read by another X client (Tk's clipboard_get, as a paste reads it), the screen taken
  with ImageMagick's import, decoded; J and Escape close the code. Two states: the chapters'
  example, and 64 random values on the multi-block grid (a longer link, a larger version).
- Headless (--screenshot --qr --dump-layout): presenter mode at 1920x1080, the code most of the
  window's height and decoded equal to the dump's "qr" line; the address under it inside the
  window; in every theme the modules black on white.
- A link too long for any QR code: no code (zbarimg finds nothing), the one-line reason instead.

Needs Xvfb, xdotool, ImageMagick (convert, import), python3's tkinter and zbarimg; without one it
reports SKIPPED (exit 77)."""
import os, random, shutil, subprocess, sys

from ui_test_support import Checks, EXAMPLE_TEXT, SKIP, finish, inside, make_workdir, screenshot
from ui_live_test import Live


def tools_missing():
    missing = [t for t in ("Xvfb", "xdotool", "convert", "import", "zbarimg") if not shutil.which(t)]
    try:
        import tkinter  # noqa: F401  (the clipboard's other X client)
    except ImportError:
        missing.append("python3-tk")
    return missing


def decode(png):
    """The texts zbarimg reads in `png` (QR codes only), one per code found."""
    r = subprocess.run(["zbarimg", "--quiet", "--raw", "-Sdisable", "-Sqrcode.enable", png],
                       capture_output=True, timeout=60)
    # --raw prints each symbol's data and a newline; the links hold none.
    return [line.decode("utf-8", "replace") for line in r.stdout.splitlines() if line]


def clipboard(env):
    """The X clipboard's text as another client pastes it (Tk asks the owner, the app)."""
    code = ("import tkinter; r = tkinter.Tk(); r.withdraw(); "
            "print(r.clipboard_get(), end=''); r.destroy()")
    r = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                       timeout=30)
    return r.stdout if r.returncode == 0 else f"<no clipboard: {r.stderr.strip()[-200:]}>"


def live_state(app, workdir, name, args, expect):
    """One state in the live app: Copy link, J, the screen decoded; J and Escape close."""
    live = Live(app, workdir, config=f"config-{name}", args=args)
    try:
        live.settle()
        live.click("menu.file")
        s = live.wait(lambda s: "menu.copy_link" in s["widgets"], "the File menu")
        expect(s is not None, f"{name}: File > Copy link did not show")
        if s is None:
            return
        live.click("menu.copy_link")
        s = live.wait(lambda s: s["notice"].startswith("copied a link"), "Copy link's notice")
        expect(s is not None, f"{name}: Copy link gave no notice: {live.state()['notice']!r}")
        copied = clipboard(live.env)
        expect("#s=" in copied, f"{name}: the clipboard holds {copied[:120]!r}, not a link")
        live.keys("j")
        s = live.wait(lambda s: s["qr"], "the QR code (J)")
        expect(s is not None, f"{name}: J did not show the QR code")
        live.settle()
        shot = live.screenshot(f"{name}-live.png")
        found = decode(os.path.join(workdir, shot))
        expect(found == [copied],
               f"{name}: zbarimg read {[f[:100] for f in found]} in {shot}, wanted the copied "
               f"link {copied[:100]!r} ({len(copied)} characters)")
        live.keys("j")
        expect(live.wait(lambda s: not s["qr"], "J closing it") is not None,
               f"{name}: J did not close the QR code")
        live.keys("j")
        live.wait(lambda s: s["qr"], "the QR code again")
        live.keys("Escape")
        expect(live.wait(lambda s: not s["qr"], "Escape closing it") is not None,
               f"{name}: Escape did not close the QR code")
    finally:
        rc = live.close()
    expect(rc == 0, f"{name}: the app exited with {rc}")


def qr_panel(frame):
    panels = frame.panels("qr")
    return panels[0] if len(panels) == 1 else None


def line(panel, kind):
    return next((l for l in panel["lines"] if l["kind"] == kind), None) if panel else None


def presenter(app, workdir, expect):
    """Presenter mode on a projector's 1920x1080: large, decoded, the address inside the window."""
    size = (1920, 1080)
    flags = ["--backend", "cpu", "--input", EXAMPLE_TEXT, "--presenter", "--qr"]
    for theme in ("dark", "light", "high-contrast"):
        frame, err = screenshot(app, workdir, f"presenter-{theme}", flags + ["--theme", theme],
                                size=size)
        expect(frame is not None, f"presenter {theme}: {err}")
        if frame is None:
            continue
        panel = qr_panel(frame)
        code, address = line(panel, "qr"), line(panel, "address")
        expect(code is not None and address is not None,
               f"presenter {theme}: no qr panel with its code and address in the dump")
        if code is None or address is None:
            continue
        found = decode(os.path.join(workdir, f"presenter-{theme}.png"))
        expect(found == [code["text"]], f"presenter {theme}: zbarimg read {found}, the dump's "
                                        f"code is {code['text']!r}")
        expect(address["text"] == code["text"], f"presenter {theme}: the address under the code "
                                                 f"is {address['text']!r}")
        x, y, w, h = code["rect"]
        expect(h >= 0.6 * size[1], f"presenter {theme}: the code is {h:.0f} px tall, under 60 % "
                                   f"of {size[1]}")
        expect(inside(address["rect"], [0, 0, *size]) and address["rect"][1] >= y + h,
               f"presenter {theme}: the address {address['rect']} is not under the code inside "
               f"the window")
        # The quiet zone's corner white, the finder's corner (4 modules in) black, any theme.
        side = 17 + 4 * int(panel["detail"].split()[1]) + 8  # "version V level M"; quiet zone
        m = w / side
        expect(frame.pixel(int(x + m / 2), int(y + m / 2)) == (255, 255, 255) and
               frame.pixel(int(x + 4.5 * m), int(y + 4.5 * m)) == (0, 0, 0),
               f"presenter {theme}: the quiet zone is not white or the finder not black")


def too_long(app, workdir, expect):
    """A link no QR code holds: the reason in place of the code, and nothing to decode."""
    rng = random.Random(34)
    values = ",".join(str(rng.randrange(-10**6, 10**6)) for _ in range(1024))
    frame, err = screenshot(app, workdir, "too-long",
                            ["--backend", "cpu", "--input", values, "--qr"])
    expect(frame is not None, f"too long: {err}")
    if frame is None:
        return
    panel = qr_panel(frame)
    refusal = line(panel, "refusal")
    expect(panel is not None and panel["detail"] == "refused" and line(panel, "qr") is None,
           f"too long: the qr panel is {panel and panel['detail']}, wanted refused with no code")
    expect(refusal is not None and refusal["text"].startswith("no QR code: the link is ") and
           "\n" not in refusal["text"], f"too long: the reason is {refusal}")
    found = decode(os.path.join(workdir, "too-long.png"))
    expect(found == [], f"too long: zbarimg read {found}")


def main():
    missing = tools_missing()
    if missing:
        print(f"SKIPPED: {', '.join(missing)} not found (scripts/setup.sh installs them)")
        return SKIP
    app = sys.argv[1]
    workdir = make_workdir("qr")
    expect = Checks()  # expect(ok, message): counts the check, keeps a failure
    live_state(app, workdir, "example", ["--input", EXAMPLE_TEXT], expect)
    # Typed values travel in the link as they are (Random's as its seed): a longer link.
    rng = random.Random(64)
    values = ",".join(str(rng.randrange(-999, 1000)) for _ in range(64))
    live_state(app, workdir, "grid64",
               ["--kind", "multi-block", "--input", values, "--block-size", "16"], expect)
    presenter(app, workdir, expect)
    too_long(app, workdir, expect)
    return finish("ui_qr_test", workdir, expect.failures, expect.count)


if __name__ == "__main__":
    sys.exit(main())
