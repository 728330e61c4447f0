"""Every control has a tooltip: a source check over the app's views and the window's own files
(app/platform/*.cpp: the frame's side panel and strips are frame.cpp's) and the kinds' (app/kinds/). Each ImGui
control call (Button, SmallButton, Checkbox, RadioButton, Slider*, Input*, BeginCombo, Selectable,
Drag*, views.h's InlineButton and primitives.h's Button, RadioButton and SliderInt) must be followed by a call of the Tip() helper (views.h) before the next control and within
a few lines, so that a control added without one fails here. It reads the source, not the running
app: the live test (ui_live_test.py) hovers controls and checks what their tooltips say.

A control that must have none says why on its line: `// no tooltip: <reason>`.

No view calls ImGui::SetTooltip: its line is never wrapped, and ImGui 1.86 cuts a line wider than
the window at its edge (issue #26 item 17: the n field's tooltip at 1024x768). ShowTooltip
(views.h) wraps to the window; the live test checks where a tooltip lies.

Usage: tooltips_test.py SOURCE_DIR"""
import glob, os, re, sys

CONTROL = re.compile(r"(ImGui::(Button|SmallButton|Checkbox|RadioButton|Slider\w*|Input\w+|"
                     r"BeginCombo|Selectable|Drag\w+)|\bInlineButton|"
                     # The drawing primitives' widgets (primitives.h), which take the context.
                     r"(?<![\w:])(Button|RadioButton|SliderInt)(?=\(ui\b))\(")
WINDOW = 10  # lines after the control in which its Tip() must come


def main():
    if len(sys.argv) != 2:
        print(__doc__)
        return 2
    root = sys.argv[1]
    files = []
    for folder in ("views", "figures", "platform", "ui", "ui/views", "ui/kinds"):
        files += sorted(glob.glob(os.path.join(root, "app", folder, "*.cpp")))
    files += sorted(glob.glob(os.path.join(root, "app", "kinds", "**", "*.cpp"), recursive=True))
    failures, controls, raw = [], 0, []
    for path in files:
        lines = open(path, encoding="utf-8").read().splitlines()
        for i, line in enumerate(lines):
            if not CONTROL.search(line) or "// no tooltip:" in line:
                continue
            controls += 1
            tipped = False
            for j in range(i, min(i + WINDOW, len(lines))):
                after = lines[j]
                if j > i and CONTROL.search(after):
                    break
                if re.search(r"\bTip\(", after):
                    tipped = True
                    break
            if not tipped:
                failures.append(f"{os.path.relpath(path, root)}:{i + 1}: {line.strip()}")
        for i, line in enumerate(lines):
            if "ImGui::SetTooltip(" in line:
                raw.append(f"{os.path.relpath(path, root)}:{i + 1}: {line.strip()}")
    for f in failures:
        print("FAIL no Tip() after the control at", f)
    for r in raw:
        print("FAIL ImGui::SetTooltip (one line, cut at the window's edge; use ShowTooltip) at", r)
    print(f"tooltips_test: {controls} controls; {len(failures)} without a tooltip; "
          f"{len(raw)} ImGui::SetTooltip")
    return 1 if failures or raw or controls < 30 else 0


if __name__ == "__main__":
    sys.exit(main())
