#!/usr/bin/env bash
# The web page's budgets (issue #23, part 6; docs/web.md records a run), on this machine in one
# run: the site's size gzip-compressed (budget 6 MB), load to first frame in headless Chromium
# with software WebGL (budget 1.5 s), and the frame time at n = 1024 on the page beside the
# desktop app's (--bench-frames, Mesa's software GL under Xvfb; budget: within 2x), in turns.
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
# The page and the desktop app take turns, $rounds rounds of each (a shared machine's load moves
# both alike within a round); the ratio is each round's page frame over its desktop frame, and
# the budget is read on their median.
rounds=${SCANVIZ_BUDGET_ROUNDS:-3}
work=$(mktemp -d)
for r in $(seq "$rounds"); do
  echo "== round $r: the page (headless Chromium, SwiftShader WebGL 2), $size"
  NODE_PATH="$PWD/.deps/web/node_modules" node tests/web/budgets.js "$site" "$size" |
    tee "$work/page-$r.json"
  echo "== round $r: the desktop app (Xvfb, Mesa), $size, Hillis-Steele n = 1024"
  xvfb-run -a "$native" --bench-frames 100 --random 1024 --size "$size" |
    grep -E "renderer|window|view \(all rounds" | tee "$work/native-$r.txt"
done
python3 - "$work" "$rounds" <<'PY'
import json, re, statistics, sys
work, rounds = sys.argv[1], int(sys.argv[2])
ratios = []
for r in range(1, rounds + 1):
    frame = json.load(open(f"{work}/page-{r}.json"))["frame_n1024"]
    page, cpu = frame["callback_median_ms"], frame["cpu_median_ms"]
    native = float(re.search(r"all rounds shown\):\s+([0-9.]+) ms",
                             open(f"{work}/native-{r}.txt").read()).group(1))
    ratios.append(page / native)
    print(f"round {r}: page {page:.1f} ms (its wasm and WebGL calls {cpu:.1f} ms, the rest waiting "
          f"for the GPU process), desktop {native:.1f} ms, {page / native:.2f}x")
print(f"frame time at n = 1024, page over desktop: median {statistics.median(ratios):.2f}x "
      f"of {rounds} rounds (budget 2x)")
PY
rm -rf "$work"
