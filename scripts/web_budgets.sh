#!/usr/bin/env bash
# The web page's budgets (issue #23, part 6; docs/web.md records a run), on this machine in one
# run: the site's size gzip-compressed (budget 6 MB), load to first frame in headless Chromium
# with software WebGL (budget 1.5 s), and the frame time at n = 1024 on the page beside the
# desktop app's (--bench-frames, Mesa's software GL under Xvfb; budget: within 2x).
# Needs the site (scripts/web.sh) and the desktop app (scripts/build.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
site=${SCANVIZ_WEB_DIR:-build-web}/site
native=${SCANVIZ_BUILD_DIR:-build}/app/ui/scanviz
size=1280x755
echo "== site, gzip -9 per file (what a static host serves compressed)"
total=0
for f in "$site"/*; do
  z=$(gzip -9 -c "$f" | wc -c)
  total=$((total + z))
  printf '%-12s %9d bytes, %9d gzip\n' "$(basename "$f")" "$(stat -c %s "$f")" "$z"
done
echo "site gzip total: $total bytes ($(awk "BEGIN { printf \"%.2f\", $total / 1e6 }") MB; budget 6 MB)"
echo "== the page (headless Chromium, SwiftShader WebGL 2), $size"
NODE_PATH="$PWD/.deps/web/node_modules" node tests/web/budgets.js "$site" "$size"
echo "== the desktop app (Xvfb, Mesa), $size, Hillis-Steele n = 1024"
xvfb-run -a "$native" --bench-frames 100 --random 1024 --size "$size" |
  grep -E "renderer|window|view \(all rounds"
