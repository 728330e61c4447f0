#!/usr/bin/env bash
# Installs every Debian/Ubuntu package ScanViz needs to build, test and run. Idempotent: does
# nothing when all are present. Uses sudo when not root. CUDA is optional and not installed here:
# with /usr/local/cuda present the build adds the GPU kernels, without it the CPU simulator runs.
set -euo pipefail

packages=(
  build-essential cmake ninja-build pkg-config git
  nlohmann-json3-dev libcli11-dev libgtest-dev libgmock-dev libbenchmark-dev
  libimgui-dev libglfw3-dev python3-glad libstb-dev libgl-dev libgl1-mesa-dri
  zlib1g-dev  # the share link's raw DEFLATE (core/link/deflate.cpp)
  libgif-dev  # the app's animated GIF export (without it the build leaves the GIF out)
  fonts-dejavu-core xvfb xauth x11-utils xdotool python3 imagemagick ccache
  # scripts/package_test.sh: cpack's dpkg-shlibdeps, the desktop entry's and AppStream validators
  dpkg-dev desktop-file-utils appstream
  # scripts/fuzz.sh, scripts/sanitize.sh: clang's libFuzzer and sanitizer runtimes, llvm-symbolizer
  clang-14 libfuzzer-14-dev libclang-rt-14-dev llvm-14
  # scripts/tidy.sh: clang-tidy's bugprone checks and clang-query's unsequenced-move matcher
  clang-tidy-14 clang-tools-14
  # scripts/web.sh, scripts/web_test.sh: the web page and its browser tests (docs/web.md)
  emscripten chromium
  # tests/app/ui_narration_copy_test.py (issue #34, screen readers) and ui_qr_test.py: read the X
  # clipboard (tkinter)
  python3-tk
  # View > Show QR code (app/qr): libqrencode; its tests decode the app's screenshots with zbarimg
  libqrencode-dev zbar-tools
  # scanviz-cli serve, the classroom server (app/classroom/, docs/classroom.md): cpp-httplib, and
  # the OpenSSL and brotli headers its pkg-config flags make httplib.h include
  libcpp-httplib-dev libssl-dev libbrotli-dev
  # scripts/busy_ui_test.sh: the UI tests with a CPU hog beside them (docs/testing.md)
  stress-ng
  # File > Open and Save session through the desktop's own dialogs (issue #37, docs/lecture.md):
  # libportal; tests/app/ui_portal_test.py runs xdg-desktop-portal and its GTK backend on a
  # private session bus
  libportal-dev xdg-desktop-portal xdg-desktop-portal-gtk dbus-daemon
)
# npm for puppeteer-core (scripts/web_test.sh): Debian's, unless a node with its own npm is here.
command -v npm >/dev/null || packages+=(npm)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "setup: all ${#packages[@]} packages already installed"
  exit 0
fi

sudo=""
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null || { echo "setup: need root or sudo to install: ${missing[*]}" >&2; exit 1; }
  sudo="sudo"
fi
echo "setup: installing ${missing[*]}"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
