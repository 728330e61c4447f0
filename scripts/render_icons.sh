#!/usr/bin/env bash
# Renders assets/icons/scanviz.svg to the PNGs committed beside it (scanviz-16.png ...
# scanviz-256.png), which the app loads as its window icon and the install puts in the hicolor
# theme. Uses rsvg-convert (Debian: librsvg2-bin), needed only to regenerate them, not to build:
#   sudo apt-get install librsvg2-bin && bash scripts/render_icons.sh
# rsvg-convert writes no time stamp: re-rendering an unchanged SVG gives byte-identical PNGs.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v rsvg-convert >/dev/null || {
  echo "render_icons: rsvg-convert not found (apt-get install librsvg2-bin)" >&2
  exit 1
}
for size in 16 32 48 64 128 256; do
  rsvg-convert --width "$size" --height "$size" --format png \
    -o "assets/icons/scanviz-$size.png" assets/icons/scanviz.svg
  echo "assets/icons/scanviz-$size.png"
done
