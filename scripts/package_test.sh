#!/usr/bin/env bash
# The install and the .deb as a user gets them, from an already built tree (CTest runs this as
# `package_test`, label `package`, on the build that scripts/test.sh made; nothing is rebuilt):
#   1. `cmake --install BUILD --prefix SCRATCH` installs the programs and the data, and the
#      installed app finds its data dir beside its bin/;
#   2. `cpack -G DEB` makes scanviz_<version>_<arch>.deb; its control fields (name, version,
#      Depends with what dpkg-shlibdeps found plus fonts and libGL, no CUDA package) and its file
#      list (everything under /usr, each file where Debian expects it) are checked;
#      `apt-get install --simulate` resolves its Depends on this system;
#   3. the .deb is unpacked into a scratch root (dpkg-deb -x, no root needed); the desktop entry
#      and the AppStream metadata validate; the installed `scanviz --data-dir`, run from another
#      directory with SCANVIZ_DATA_DIR unset, names ROOT/usr/share/scanviz, found beside the
#      executable (an installed program never reads the build tree: app/state/data_dir.h);
#   4. under Xvfb, the installed `scanviz --screenshot` draws the figure (its cells' pixels are not
#      the background) and the benchmark chart from the installed results file, with no presets
#      or data warning; the live app's window carries the icon at every size and the desktop
#      entry's StartupWMClass;
#   5. the installed `scanviz-cli` runs the chapters' example.
# Exit 77 (CTest: skipped) when a tool it needs is missing; the scratch directory is kept and named
# when a check fails.
#
#   bash scripts/package_test.sh [BUILD_DIR]      (default: build)
set -euo pipefail
src=$(cd "$(dirname "$0")/.." && pwd)
build_arg=${1:-$src/build}
[ -f "$build_arg/CMakeCache.txt" ] || { echo "package_test: $build_arg is not a build tree" >&2; exit 2; }
build=$(cd "$build_arg" && pwd)

for tool in cmake cpack dpkg-deb dpkg-shlibdeps xvfb-run xdotool xprop convert python3 \
  desktop-file-validate appstreamcli; do
  if ! command -v "$tool" >/dev/null; then
    echo "SKIPPED: $tool not found (scripts/setup.sh installs it)"
    exit 77
  fi
done
[ -x "$build/app/ui/scanviz" ] || { echo "SKIPPED: the build has no desktop app"; exit 77; }
version=$(sed -n 's/^CMAKE_PROJECT_VERSION:STATIC=//p' "$build/CMakeCache.txt")

work=$(mktemp -d "${TMPDIR:-/tmp}/scanviz-package-XXXXXX")
failures=0
checks=0
Check() {  # Check "what" command...: one check, its output shown when it fails
  local what=$1 out
  shift
  checks=$((checks + 1))
  if out=$("$@" 2>&1); then
    echo "ok    $what"
  else
    echo "FAIL  $what"
    printf '%s\n' "$out" | sed 's/^/      /' | head -40
    failures=$((failures + 1))
  fi
}
Finish() {
  echo "package_test: $checks checks; $failures failures"
  if [ "$failures" -eq 0 ]; then
    rm -rf "$work"
    exit 0
  fi
  echo "package_test: kept $work"
  exit 1
}
Has() { grep -qF -- "$2" <<<"$1" || { echo "missing: $2"; printf '%s\n' "$1"; return 1; }; }
HasNot() { ! grep -qF -- "$2" <<<"$1" || { echo "unexpected: $2"; printf '%s\n' "$1"; return 1; }; }

# The data and programs every install has, relative to the prefix.
files=(bin/scanviz bin/scanviz-cli
  share/scanviz/presets.json share/scanviz/bench/h200.json
  share/applications/scanviz.desktop share/metainfo/io.github.scanviz.ScanViz.metainfo.xml
  share/icons/hicolor/scalable/apps/scanviz.svg share/doc/scanviz/README.md)
for size in 16 32 48 64 128 256; do
  files+=("share/scanviz/icons/scanviz-$size.png" "share/icons/hicolor/${size}x$size/apps/scanviz.png")
done
for shader in "$src"/shaders/*.glsl; do files+=("share/scanviz/shaders/$(basename "$shader")"); done
# The H200's recordings a share link may name (assets/CMakeLists.txt), as the build tree has them.
for trace in "$build"/share/scanviz/traces/*.json; do
  files+=("share/scanviz/traces/$(basename "$trace")")
done

# What the installed `scanviz --data-dir` must say for a prefix.
DataDirIs() {
  local prefix=$1 out
  out=$(cd "$work/elsewhere" && env -u SCANVIZ_DATA_DIR "$prefix/bin/scanviz" --data-dir) || {
    echo "exit $?"
    printf '%s\n' "$out"
    return 1
  }
  Has "$out" "data dir: $prefix/share/scanviz" &&
    Has "$out" "found by: beside the executable (../share/scanviz)" &&
    Has "$out" "bench/h200.json: $prefix/share/scanviz/bench/h200.json" &&
    Has "$out" "presets: 10 read from presets.json" && HasNot "$out" "$build" && HasNot "$out" "$src"
}
mkdir -p "$work/elsewhere" "$work/config"
export XDG_CONFIG_HOME=$work/config  # the live run saves its settings here, never in a real home

echo "== cmake --install"
Check "cmake --install $build --prefix SCRATCH" cmake --install "$build" --prefix "$work/prefix"
missing=()
for f in "${files[@]}"; do [ -e "$work/prefix/$f" ] || missing+=("$f"); done
Check "every file installed under the prefix" test ${#missing[@]} -eq 0
[ ${#missing[@]} -eq 0 ] || printf '      not installed: %s\n' "${missing[@]}"
Check "the installed app finds the installed data" DataDirIs "$work/prefix"

echo "== cpack -G DEB"
Check "cpack -G DEB" bash -c "cd '$build' && cpack -G DEB -B '$work/pkg'"
debs=("$work"/pkg/scanviz_*.deb)
if [ ! -f "${debs[0]}" ] || [ ${#debs[@]} -ne 1 ]; then
  Check "exactly one scanviz_*.deb" false
  Finish
fi
deb=${debs[0]}
echo "      $(basename "$deb"), $(stat -c %s "$deb") bytes"
Check "named scanviz_${version}_<arch>.deb" test "$(basename "$deb")" = \
  "scanviz_${version}_$(dpkg --print-architecture).deb"
field() { dpkg-deb -f "$deb" "$1"; }
Check "Package: scanviz" test "$(field Package)" = scanviz
Check "Version: $version" test "$(field Version)" = "$version"
Check "Maintainer, Section and Description set" test -n "$(field Maintainer)" -a \
  -n "$(field Section)" -a -n "$(field Description)"
depends=$(field Depends)
echo "      Depends: $depends"
DependsOn() { tr ',' '\n' <<<"$depends" | awk '{print $1}' | grep -qxF "$1"; }
for dep in libglfw3 libgl1 fonts-dejavu-core libc6 libstdc++6; do
  Check "Depends names $dep" DependsOn "$dep"
done
Check "Depends names no CUDA package" HasNot "$depends" cuda
listing=$(dpkg-deb -c "$deb" | awk '{print $6}')
missing=()
for f in "${files[@]}"; do grep -qxF "./usr/$f" <<<"$listing" || missing+=("$f"); done
Check "every file in the package, under /usr" test ${#missing[@]} -eq 0
[ ${#missing[@]} -eq 0 ] || printf '      not in the package: /usr/%s\n' "${missing[@]}"
OnlyUsr() { ! grep -vE '^\./(usr(/.*)?)?$' <<<"$listing"; }
Check "nothing outside /usr" OnlyUsr
if command -v apt-get >/dev/null; then
  # Resolves the Depends against this system's packages and lists (installs nothing).
  Check "apt-get install --simulate resolves the Depends" bash -c \
    "apt-get install --simulate --no-install-recommends '$deb' 2>&1 | tee /dev/stderr | grep -q '^Inst scanviz '"
fi

echo "== the package, unpacked into a scratch root"
root=$work/root
Check "dpkg-deb -x" dpkg-deb -x "$deb" "$root"
Check "desktop-file-validate" desktop-file-validate "$root/usr/share/applications/scanviz.desktop"
Check "appstreamcli validate --no-net" appstreamcli validate --no-net \
  "$root/usr/share/metainfo/io.github.scanviz.ScanViz.metainfo.xml"
desktop=$(cat "$root/usr/share/applications/scanviz.desktop")
Check "the desktop entry runs scanviz and shows the installed icon" bash -c \
  "grep -qx 'Exec=scanviz' <<<'$desktop' && grep -qx 'Icon=scanviz' <<<'$desktop' &&
   test -x '$root/usr/bin/scanviz'"
Check "its programs' libraries all resolve" bash -c \
  "! ldd '$root/usr/bin/scanviz' '$root/usr/bin/scanviz-cli' | grep 'not found'"
Check "the installed app finds the installed data" DataDirIs "$root/usr"

echo "== the installed app under Xvfb"
app=$root/usr/bin/scanviz
Shot() {  # Shot NAME FLAGS...: a screenshot and its layout from the installed app
  local name=$1
  shift
  (cd "$work/elsewhere" && env -u SCANVIZ_DATA_DIR xvfb-run -a -s "-screen 0 1280x800x24" \
    "$app" --screenshot "$work/$name.png" --size 1200x760 --backend cpu \
    --dump-layout "$work/$name.json" "$@")
}
Check "scanviz --screenshot (the chapters' example)" Shot figure --input 3,1,7,0,4,1,6,3
Check "scanviz --screenshot --panel bench" Shot bench --panel bench
# The figure: its cells drawn (pixels other than the background inside each cell's rectangle),
# the benchmark chart from the installed file (a device line, no error), no warning anywhere.
Check "the figure is drawn, the chart read, no warning" python3 - "$work" "$src/tests/app" <<'EOF'
import sys
sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, sys.argv[2])
from ui_test_support import Frame, PALETTE, near
work, bad = sys.argv[1], []
figure = Frame(f"{work}/figure.png", f"{work}/figure.json")
bench = Frame(f"{work}/bench.png", f"{work}/bench.json")
bg = PALETTE["dark"]["background"]
cells = figure.layout.get("cells", [])
if len(cells) < 8:
    bad.append(f"{len(cells)} cells in the layout, expected the 8 inputs and every round")
# A cell is drawn when pixels inside its rectangle are not the background.
drawn = sum(1 for c in cells
            if any(not near(p, bg) for p in figure.pixels([c["rect"][0] + 2, c["rect"][1] + 2,
                                                           c["rect"][2] - 4, c["rect"][3] - 4], 2)))
if drawn < len(cells):
    bad.append(f"only {drawn} of {len(cells)} cells differ from the background")
for name, frame in (("figure", figure), ("bench", bench)):
    text = " | ".join(l.get("text", "") for p in frame.layout.get("panels", [])
                      for l in p.get("lines", []))
    for word in ("presets:", "built-in", "no data dir", "no results file"):
        if word in text:
            bad.append(f"{name}: the app says '{word}': {text[:400]}")
panels = bench.panels("bench")
if len(panels) != 1:
    bad.append(f"{len(panels)} bench panels")
else:
    kinds = [l.get("kind") for l in panels[0].get("lines", [])]
    if "error" in kinds or "device" not in kinds:
        bad.append(f"bench panel: {panels[0].get('lines')}"[:400])
print("\n".join(bad) or f"{drawn} of {len(cells)} cells drawn; the chart has its device line")
sys.exit(1 if bad else 0)
EOF

# The live window: the icon at every size, the WM class the desktop entry names.
LiveWindow() {
  xvfb-run -a -s "-screen 0 1280x800x24" bash -c '
    cd "$1" || exit 1
    env -u SCANVIZ_DATA_DIR "$2" --backend cpu --size 800x600 --state-file "$3" &
    pid=$!
    wid=$(timeout 30 xdotool search --sync --onlyvisible --name "^ScanViz$" | head -1)
    for _ in $(seq 100); do [ -s "$3" ] && break; sleep 0.1; done
    if [ -n "$wid" ]; then
      xprop -id "$wid" WM_CLASS
      xprop -len 1000000 -id "$wid" _NET_WM_ICON | grep -o "Icon ([0-9]* x [0-9]*)"
    fi
    kill -TERM $pid
    wait $pid
    echo "exit $?"' _ "$work/elsewhere" "$app" "$work/state.json"
}
live=$(LiveWindow 2>&1 || true)
Check "the live app exits cleanly on SIGTERM" Has "$live" "exit 0"
Check "WM_CLASS is StartupWMClass=ScanViz" Has "$live" '"ScanViz", "ScanViz"'
for size in 16 32 48 64 128 256; do
  Check "window icon ${size}x$size" Has "$live" "Icon ($size x $size)"
done

echo "== the installed scanviz-cli"
cli=$root/usr/bin/scanviz-cli
Check "scanviz-cli --version says $version" bash -c "'$cli' --version | grep -qF '$version'"
out=$(cd "$work/elsewhere" && "$cli" trace --algorithm blelloch --input 3,1,7,0,4,1,6,3 \
  --backend cpu 2>&1 || true)
Check "scanviz-cli trace: the chapters' example" Has "$out" "result (exclusive): [0,3,4,11,11,15,16,22]"

Finish
