"""Keyboard only (issue #34): the live app under Xvfb driven by xdotool key presses alone, never a
mouse event, read back through --state-file.

Every menu item is walked to and chosen by keys: the menus and their items come from the app itself
(the state file's "keyboard": the bar's menus, each item with its menu, in the order drawn; the item
ImGui's navigation is on; how often each was chosen), so an item added later is walked too. Each
menu is opened from the bar by F10, → and ↓ (and again by Alt and its first letter), ↓ walks to
the item (→ into the Applications submenu), Enter chooses it, and the item's count must go up;
for the items that change what is shown, that change is checked too (the kind, the algorithm, the
theme, the quiz, the tab, presenter mode). The input box and n are edited by typing after I and N,
F6 gives the controls the keyboard (and Esc gives it back), Shift+Tab walks back where Tab walked.

Needs Xvfb, xdotool and python3; without one of them it reports SKIPPED (exit 77)."""
import os, shutil, sys, time

from ui_test_support import Checks, SKIP, finish, make_workdir
from ui_live_test import Live, brief

APP_KEYS = ["--delay", "60"]  # between keys: each one a frame of its own


def main():
    if len(sys.argv) != 2:
        print("usage: ui_keyboard_test.py SCANVIZ")
        return 2
    missing = [t for t in ("Xvfb", "xdotool") if not shutil.which(t)]
    if missing:
        print(f"SKIPPED: {' and '.join(missing)} not found (scripts/setup.sh installs them)")
        return SKIP
    app = sys.argv[1]
    workdir = make_workdir("keyboard")
    expect = Checks()  # expect(ok, message): counts the check, keeps a failure

    live = Live(app, workdir)
    # Live rests the pointer on the figure (keys go to the window under it: no window manager);
    # from here on no mouse event is sent.
    try:
        drive(live, expect)
    finally:
        rc = live.close()
    expect(rc == 0, f"the app exited with {rc} after Ctrl+Q")
    return finish("ui_keyboard_test", workdir, expect.failures, expect.count)


def press(live, *names):
    live.xdo("key", *APP_KEYS, *names)


def kb(s):
    return s["keyboard"] if s else {}


def items_of(s, menu):
    return [name for m, name in kb(s).get("items", []) if m == menu]


def chosen(s, item):
    return kb(s).get("chosen", {}).get(item, 0)


def walk_to(live, target, limit, key="Down"):
    """↓ (or `key`) until ImGui's navigation is on `target`, each press once the last one has
    moved it; the state then, else None."""
    s = live.wait(lambda s: kb(s).get("nav_item"), "the navigation on an item", 3)
    for _ in range(limit + 1):
        if s is None or kb(s).get("nav_item") == target:
            return s
        here = kb(s)["nav_item"]
        press(live, key)
        s = live.wait(lambda s: kb(s).get("nav_item") not in ("", here), f"{key} from {here}", 3)
    return None


def open_menu(live, index, how):
    """Opens the bar's menu `index` by keys: "f10" (F10, → index times, ↓) or "alt" (Alt and its
    first letter). The state once the keyboard is on one of its items, else None."""
    s = live.settle()
    menu = kb(s)["menus"][index]
    if how == "f10":
        press(live, "F10")
        if live.wait(lambda s: kb(s).get("nav_item") == kb(s)["menus"][0], "F10", 5) is None:
            return None
        for _ in range(index):
            press(live, "Right")
        if live.wait(lambda s: kb(s).get("nav_item") == menu, f"→ to {menu}", 5) is None:
            return None
        press(live, "Down")
    else:
        press(live, f"alt+{menu.split('.')[1][0]}")
    return live.wait(lambda s: kb(s).get("nav_item") in items_of(s, menu), f"{menu} open", 5)


# After an item: what it opened closed again, what it switched switched back, by keys.
UNDO = {"menu.open": ["Escape"], "menu.save": ["Escape"], "menu.keys": ["Escape"],
        "menu.presenter": ["p"], "menu.fullscreen": ["F11"], "menu.left": ["bracketleft"],
        "menu.right": ["bracketright"], "menu.quiz": ["q"], "menu.qr": ["Escape"]}

# What an item must change, read from the state file (beside its count going up).
def effect(item, s):
    name = item.split(".", 1)[1]
    kinds = {"side_by_side": "side-by-side", "multi_block": "multi-block",
             "single_pass": "single-pass", "benchmark": "benchmark",
             "every_algorithm": "every-algorithm"}
    if name in kinds:
        return s["kind"] == kinds[name]
    if name.startswith("app."):
        return s["kind"] == "applications"
    if name.startswith("theme"):
        return s["theme"] == ["dark", "light", "high-contrast"][int(name[5:])]
    if name.startswith("tab."):
        return s["panel"] == name[4:]
    if name == "quiz":
        return s["quiz"]["on"]
    if name == "presenter":
        return s["presenter"]
    if name == "keys":
        return s["help"]
    if name == "qr":  # View > Show QR code: it keeps the keys until Esc (UNDO) closes it
        return s["qr"]
    if name in ("open", "save"):
        return s["file_dialog"] == name
    if name in s["rounds"]:  # an algorithm
        return s["kind"] == "block-scan" and s["algorithm"] == name
    return True


def choose_every_item(live, expect, how):
    s = live.settle()
    menus = kb(s)["menus"]
    expect(len(menus) >= 5, f"the bar's menus: {menus}")
    walked = 0
    for index, menu in enumerate(menus):
        s = open_menu(live, index, how)
        if not expect(s is not None, f"{how}: {menu} did not open by keys: {brief(live.state())}"):
            press(live, "Escape", "Escape")
            continue
        for item in items_of(s, menu):
            if item == "menu.quit":
                continue  # last of all: it ends the run
            walked += choose(live, expect, how, index, menu, item)
    return walked


def choose(live, expect, how, index, menu, item):
    """Opens `menu`, walks to `item` (into a submenu by →) and chooses it with Enter."""
    s = live.settle()
    if kb(s).get("nav_item") not in items_of(s, menu):
        s = open_menu(live, index, how)
    if not expect(s is not None, f"{how}: {menu} did not open for {item}"):
        return 0
    count = len(items_of(s, menu))
    if item == "menu.applications":
        return 0  # a submenu: its items are walked below
    parent = "menu.applications" if item.startswith("menu.app.") else None
    if parent:
        s = walk_to(live, parent, count)
        if s is not None:
            press(live, "Right")
            s = live.wait(lambda s: kb(s).get("nav_item") in items_of(s, parent), "the submenu", 5)
            count = len(items_of(s, parent)) if s else 0
    s = walk_to(live, item, count) if s is not None else None
    if not expect(s is not None, f"{how}: {item} not reached by ↓ in {menu}: "
                  f"{kb(live.state()).get('nav_item')!r}"):
        press(live, "Escape", "Escape", "Escape")
        return 0
    before = chosen(s, item)
    press(live, "Return")
    s = live.wait(lambda s: chosen(s, item) > before, f"{item} chosen", 5)
    if expect(s is not None, f"{how}: Enter on {item} did not choose it: {brief(live.state())}"):
        s = live.settle()
        expect(effect(item, s), f"{how}: {item} chosen, but: {brief(s)}")
    if item == "menu.export_all":
        live.wait(lambda s: not s["export"]["running"], "the export's end", 60)
    for key in UNDO.get(item, []):
        press(live, key)
    live.settle()
    return 1


def drive(live, expect):
    # The window takes keys once it is mapped under the pointer: → until a round is stepped (a
    # key sent before that is lost by the X server, not by the app), then Home.
    alg = live.settle()["algorithm"]
    for _ in range(10):
        press(live, "Right")
        if live.wait(lambda s: s["rounds"][alg]["round"] > 0, "a first key", 1) is not None:
            break
    press(live, "Home")
    s = live.settle()
    expect(not kb(s)["navigating"], f"navigating from the start: {kb(s)}")
    # F10 and Alt alone give the menu bar the keyboard; Esc takes it back; the arrows step again.
    for key in ("F10", "alt"):
        press(live, key)
        s = live.wait(lambda s: kb(s)["navigating"] and kb(s)["nav_item"] == "menu.file", key, 5)
        expect(s is not None, f"{key} did not put the keyboard on File: {kb(live.state())}")
        press(live, "Escape")
        s = live.wait(lambda s: not kb(s)["navigating"], f"Esc after {key}", 5)
        expect(s is not None, f"Esc did not leave the menu bar: {kb(live.state())}")
    alg = live.state()["algorithm"]
    round0 = live.state()["rounds"][alg]["round"]
    press(live, "Right")
    s = live.wait(lambda s: s["rounds"][alg]["round"] == round0 + 1, "→ steps", 5)
    expect(s is not None, f"→ after the menu bar did not step: {brief(live.state())}")

    # Every item, by F10 and the arrows, then again by Alt and the menu's letter.
    walked = choose_every_item(live, expect, "f10")
    expect(walked >= 30, f"only {walked} menu items walked")
    choose_every_item(live, expect, "alt")
    s = live.settle()
    all_items = {name for _, name in kb(s)["items"]} - {"menu.quit", "menu.applications"}
    all_items -= set(kb(s)["menus"])
    missed = sorted(i for i in all_items if chosen(s, i) < 2)
    expect(not missed, f"items never chosen by keys (twice: F10 and Alt): {missed}")

    # Issue #35's proof kind: in the Show menu (chosen above by keys), and its own key, V, shows
    # it; → steps every algorithm's rounds together; V again goes back to the kind before.
    expect("menu.every_algorithm" in all_items, "the Show menu has no Every algorithm")
    before = live.settle()["kind"]
    if before == "every-algorithm":  # the walk left it shown: V puts it away first
        press(live, "v")
        before = live.wait(lambda s: s["kind"] != "every-algorithm", "V: away", 5)["kind"]
    press(live, "v")
    s = live.wait(lambda s: s["kind"] == "every-algorithm", "V: every algorithm", 5)
    if expect(s is not None, f"V did not show every algorithm: {brief(live.state())}"):
        press(live, "Home", "Right")
        s = live.wait(lambda s: all(r["round"] == min(1, r["of"] - 1)
                                    for r in s["rounds"].values()), "→: every algorithm", 5)
        expect(s is not None, f"→ did not step every algorithm: {live.state()['rounds']}")
        press(live, "v")
        s = live.wait(lambda s: s["kind"] == before, "V again: the kind before", 5)
        expect(s is not None, f"V again did not go back to {before}: {brief(live.state())}")

    # The input box and n, by typing.
    press(live, "i")
    s = live.wait(lambda s: s["text_input"], "I: the input box", 5)
    if expect(s is not None, f"I did not give the input box the keyboard: {brief(live.state())}"):
        press(live, "ctrl+a")
        live.xdo("type", "--delay", "40", "5 6 7 8 9")
        press(live, "Return")
        s = live.wait(lambda s: s["values"] == [5, 6, 7, 8, 9] and not s["text_input"],
                      "typed into the input box", 5)
        expect(s is not None, f"typing into the input box: {brief(live.state())}")
    press(live, "n")
    s = live.wait(lambda s: s["text_input"], "N: n", 5)
    if expect(s is not None, f"N did not give n the keyboard: {brief(live.state())}"):
        press(live, "ctrl+a")
        live.xdo("type", "--delay", "40", "12")
        press(live, "Return")
        s = live.wait(lambda s: len(s["values"]) == 12 and not s["text_input"], "n typed", 5)
        expect(s is not None, f"typing n = 12: {brief(live.state())}")

    # F6: the controls have the keyboard; Tab walks on, Shift+Tab back; Esc gives it back.
    press(live, "F6")
    s = live.wait(lambda s: kb(s)["navigating"] and kb(s)["panels"] == 1 and kb(s)["nav_item"],
                  "F6", 5)
    if expect(s is not None, f"F6 did not give a control the keyboard: {kb(live.state())}"):
        # Tab to the next named control (some between have no name in the state file), then
        # Shift+Tab as many times: back on the first.
        alg, first, tabs = s["algorithm"], kb(s)["nav_item"], 0
        for tabs in range(1, 7):
            press(live, "Tab")
            s = live.settle()
            if kb(s)["nav_item"] not in ("", first):
                break
        expect(kb(s)["nav_item"] not in ("", first), f"Tab did not move on from {first}")
        press(live, *["shift+Tab"] * tabs)
        s = live.wait(lambda s: kb(s)["nav_item"] == first, "Shift+Tab", 3)
        expect(s is not None, f"{tabs} Shift+Tab did not go back to {first}: "
               f"{kb(live.state()).get('nav_item')!r}")
        s = live.settle()
        expect(s["algorithm"] == alg, f"Tab in the controls changed the algorithm: {brief(s)}")
    press(live, "Escape")
    s = live.wait(lambda s: not kb(s)["navigating"], "Esc after F6", 5)
    expect(s is not None, f"Esc did not give the keyboard back: {kb(live.state())}")
    press(live, "Tab")
    s = live.wait(lambda s: s["algorithm"] != alg, "Tab: the next algorithm", 5)
    expect(s is not None, f"Tab after Esc did not switch the algorithm: {brief(live.state())}")

    # The quiz's set, chosen in the side panel (F6 twice) by ↓ and Enter.
    press(live, "q")
    s = live.wait(lambda s: s["quiz"]["on"], "Q", 5)
    press(live, "F6", "F6")
    s = live.wait(lambda s: kb(s)["panels"] == 2 and kb(s)["nav_item"], "F6 F6: the side panel", 5)
    if expect(s is not None, f"F6 twice did not reach the side panel: {kb(live.state())}"):
        s = walk_to(live, "quiz_set_1", 20)
        if expect(s is not None, f"the second quiz set not reached by ↓: {kb(live.state())}"):
            press(live, "Return")
            s = live.wait(lambda s: s["quiz"].get("set"), "a quiz set chosen", 5)
            expect(s is not None, f"Enter on a quiz set did not start it: {live.state()['quiz']}")
    for _ in range(3):  # the answer's field (it took the keyboard), then the panel
        press(live, "Escape")
        if live.wait(lambda s: not kb(s)["navigating"] and not s["text_input"], "Esc", 2):
            break
    press(live, "q")
    live.wait(lambda s: not s["quiz"]["on"], "Q off", 5)

    # Quit, the File menu's last item, by keys too.
    s = open_menu(live, 0, "f10")
    if expect(s is not None, "File did not open for Quit"):
        s = walk_to(live, "menu.quit", len(items_of(s, "menu.file")))
        if expect(s is not None, "Quit not reached by ↓"):
            press(live, "Return")
            try:
                live.app.wait(timeout=20)
            except Exception:
                pass
            expect(live.app.poll() == 0, f"Quit by keys: the app is still running or exited "
                                         f"{live.app.poll()}")


if __name__ == "__main__":
    sys.exit(main())
