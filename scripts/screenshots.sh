#!/usr/bin/env bash
# Regenerates the README's screenshots in docs/ from real traces, with the app's --screenshot mode
# under Xvfb. Usage: bash scripts/screenshots.sh [path/to/scanviz]
set -euo pipefail
cd "$(dirname "$0")/.."
app=${1:-build/app/ui/scanviz}
ex=3,1,7,0,4,1,6,3
shot() { xvfb-run -a -s "-screen 0 1920x1080x24" "$app" --screenshot "$@"; }
shot docs/hillis-steele.png --size 1600x1000 --algorithm hillis-steele --input $ex
shot docs/blelloch.png --size 1600x1000 --algorithm blelloch --input $ex
shot docs/inspector.png --size 1600x1000 --algorithm hillis-steele --input $ex --case-colors --select 3:1:6
shot docs/light-theme.png --size 1600x1000 --algorithm blelloch --input 3,1,7,0,4,1,6 --theme light
shot docs/side-by-side.png --size 1920x1080 --side-by-side --presenter --input $ex
shot docs/n1024.png --size 1600x1000 --algorithm hillis-steele --random 1024 --seed 7
# The teaching panels (right-hand tabs) and the benchmark chart (G).
shot docs/teach-panels.png --size 1600x1000 --algorithm blelloch --input $ex --round 5 --panel code
shot docs/narration.png --size 1600x1000 --algorithm hillis-steele --input $ex --round 2 --panel narration
shot docs/work-depth.png --size 1600x1000 --algorithm hillis-steele --input $ex --round 2 --panel work-depth
shot docs/float32.png --size 1600x1000 --algorithm hillis-steele --type float32 --panel numerics \
  --input 0.1,0.2,0.3,0.4,0.5,0.6,0.7,0.8,0.9,1.0,1.1,1.2,1.3
shot docs/bench-panel.png --size 1600x1000 --input $ex --panel bench
shot docs/bench-panel-pct.png --size 1600x1000 --input $ex --panel bench --bench-plot pct
shot docs/keys.png --size 1600x1000 --input $ex --keys
# The warp-shuffle scan: the example inside one warp with its code, and a block of three warps
# at the round that adds each warp's offset, told in words.
shot docs/warp-shuffle.png --size 1600x1000 --algorithm warp-shuffle --input $ex --round 2 --panel code
shot docs/warp-shuffle-warps.png --size 1600x1000 --algorithm warp-shuffle --random 70 --seed 2 \
  --round 11 --panel narration
shot docs/hs-vs-warp.png --size 1920x1080 --pair hillis-steele,warp-shuffle --presenter --input $ex
# The chapters' case figures: Hillis-Steele's rounds with each cell's case as the chapters draw
# it (Case 1 solid, Case 2 dashed, Case 3 dotted), the legend saying so.
for r in 1 2 3; do
  shot docs/cases-round$r.png --size 1600x1000 --algorithm hillis-steele --input $ex --case-colors \
    --round $r
done
# Values that must not vanish: Blelloch with max writes the identity, -2^31, at the root.
shot docs/blelloch-max.png --size 1600x1000 --algorithm blelloch --input $ex --op max --round 5
# A GPU's trace opened on a machine without one: the status line says where it was recorded.
shot docs/opened-h200-trace.png --size 1600x1000 docs/example-blelloch-h200.json --round 4
# The multi-block scan (issue #11): the chapters' 13 values in blocks of 4, output[6]'s window;
# block 1 opened in the single-block view; 2^16 values in 64 blocks of 1024 and, at phase 2's
# fourth level, in 16384 blocks of 4 (the sums scanned by grids of their own).
mb="--algorithm multi-block --block-size 4 --input 3,1,7,0,4,1,6,3,5,2,8,1,9"
shot docs/multi-block-example.png --size 1600x900 $mb --grid-select output:6
shot docs/multi-block-block.png --size 1600x900 $mb --open-block 1
shot docs/multi-block-65536.png --size 1600x900 --algorithm multi-block --block-size 1024 \
  --random 65536 --grid-select offsets:2
shot docs/multi-block-65536-blocks-of-4.png --size 1600x900 --algorithm multi-block \
  --block-size 4 --random 65536 --round 3
# The scan across GPUs (issue #36, D): the bundled simulated trace at 11 µs, during the all-gather,
# through a session that holds it and that moment (a trace file opens at its end).
gpus=$(mktemp -d)
python3 - docs/multi-gpu/multi-gpu-4x16-simulated.json >"$gpus/gpus.scanviz" <<'PY'
import json, sys
t = json.load(open(sys.argv[1]))
json.dump({"format": "scanviz-session", "version": 3, "type": "int32", "op": "add",
           "input": ",".join(str(int(v)) for v in t["input"]), "algorithm": "hillis-steele",
           "view": {"theme": "dark", "panel": "inspector"},
           "gpus": {"shown": True, "gpus": 4, "strategy": "scan-then-add", "cursor": 11000,
                    "zoom": -1},
           "multi_gpu_trace": t, "multi_gpu_origin": "multi-gpu-4x16-simulated.json"}, sys.stdout)
PY
shot docs/gpus.png --size 1600x900 "$gpus/gpus.scanviz"
rm -rf "$gpus"
