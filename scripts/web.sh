#!/usr/bin/env bash
# The web page: the same app built with Debian's emscripten for WebGL 2, into build-web/, and the
# static site in build-web/site/ (index.html, index.js, index.wasm, index.data). docs/web.md.
#
#   bash scripts/web.sh            install what is missing, build, write the site
#   bash scripts/web.sh --serve    the same, then serve the site on 127.0.0.1 (prints the address)
#   bash scripts/web.sh --check    only say whether the tools are here (exit 1 when not)
set -euo pipefail
cd "$(dirname "$0")/.."
export CCACHE_BASEDIR="${CCACHE_BASEDIR:-$PWD}" CCACHE_NOHASHDIR="${CCACHE_NOHASHDIR:-1}"
# emcc's JS optimizer needs Debian's node-acorn, which a node outside Debian does not search.
export NODE_PATH=/usr/share/nodejs EMSDK_PYTHON=/usr/bin/python3
out=${SCANVIZ_WEB_DIR:-build-web}
packages=(emscripten chromium dpkg-dev fonts-dejavu-core nlohmann-json3-dev libstb-dev cmake
          ninja-build)

Missing() {
  local p
  for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || echo "$p"
  done
}

if [ "${1:-}" = "--check" ]; then
  missing=$(Missing | tr '\n' ' ')
  [ -z "$missing" ] || { echo "web: missing $missing"; exit 1; }
  exit 0
fi

missing=$(Missing)
if [ -n "$missing" ]; then
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo=sudo
  echo "web: installing $(echo "$missing" | tr '\n' ' ')"
  $sudo apt-get update -qq
  # shellcheck disable=SC2086
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends $missing
fi

mkdir -p "$out"
bash scripts/fetch_sources.sh "$out"
launcher=()
command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
emcmake cmake -S . -B "$out" -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DSCANVIZ_IMGUI_SRC="$PWD/$out/imgui-src" -DSCANVIZ_GIFLIB_SRC="$PWD/$out/giflib-src" \
  -DSCANVIZ_ZLIB_SRC="$PWD/$out/zlib-src" \
  -DSCANVIZ_QRENCODE_SRC="$PWD/$out/qrencode-src" \
  "${launcher[@]}" >"$out/configure.log" 2>&1 ||
  { cat "$out/configure.log"; exit 1; }
cmake --build "$out" --target scanviz_web -j "$(nproc)"

site=$out/site
rm -rf "$site"
mkdir -p "$site"
cp app/web/index.html app/web/input.js "$site/"
cp app/web/a11y.js "$site/"  # screen readers (issue #34): the live region, the Text view
cp app/web/classroom.js "$site/"  # the classroom's clients (issue #34, docs/classroom.md)
cp "$out"/app/ui/index.js "$out"/app/ui/index.wasm "$out"/app/ui/index.data "$site/"
echo "web: the site is in $site ($(du -sh "$site" | cut -f1))"

if [ "${1:-}" = "--serve" ]; then
  port=${PORT:-8023}
  echo "web: serving $site at http://127.0.0.1:$port/ (Ctrl+C stops)"
  exec python3 -m http.server "$port" --bind 127.0.0.1 --directory "$site"
fi
