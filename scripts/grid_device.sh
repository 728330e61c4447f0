#!/usr/bin/env bash
# On a machine with an NVIDIA GPU: the grid-sized scans' GPU half (docs/single-pass.md,
# docs/gpu-validation.md). The GPU tests (every block scan, the multi-block scan and the single-pass
# scan against the simulator), the single-pass timeline recorded at n = 2^16 in tiles of 1024 and for
# a class (8 tiles of 8), in blockIdx and ticket order, and compute-sanitizer memcheck, racecheck
# and synccheck on the multi-block and single-pass kernels. Logs and traces go to $OUT (or
# grid-logs/). CLI=path/to/scanviz-cli, GPU_TESTS=path/to/gpu_tests (default build/...).
set -uo pipefail
cd "$(dirname "$0")/.."
out=${OUT:-grid-logs}
mkdir -p "$out"
cli=${CLI:-build/app/cli/scanviz-cli}
gpu_tests=${GPU_TESTS:-build/tests/gpu_tests}
sanitizer=$(command -v compute-sanitizer || echo /usr/local/cuda/bin/compute-sanitizer)
{
  echo "== $(date -u +%FT%TZ)"
  nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem --format=csv,noheader
} 2>&1 | tee "$out/environment.txt"

"$gpu_tests" 2>&1 | tail -n 60 >"$out/gpu_tests.txt"
grep -E '^\[  (PASSED|FAILED|SKIPPED) |tiles, .* waited|compared' "$out/gpu_tests.txt"

class=3,1,7,0,4,1,6,3,5,2,8,1,9,2,2,2,1,1,1,1,4,4,4,4,5,5,5,5,6,6,6,6,7,7,7,7,1,2,3,4,5,6,7,8,9,9,9,9,0,1,0,1,0,1,0,1,2,2,2,2,2,2,2,2
for order in blockidx ticket; do
  "$cli" trace -a single-pass --backend cuda --tile-size 8 --tile-order "$order" -i "$class" \
    -o "$out/single-pass-8x8-$order.json" >"$out/single-pass-8x8-$order.txt" 2>&1
  "$cli" trace -a single-pass --backend cuda --tile-size 1024 --tile-order "$order" \
    --random 65536 --seed 5 -o "$out/single-pass-65536-$order.json" \
    >"$out/single-pass-65536-$order.txt" 2>&1
  grep -E '^(ran on|summary|check)' "$out/single-pass-8x8-$order.txt" "$out/single-pass-65536-$order.txt"
done
"$cli" trace -a multi-block --backend cuda --block-size 4 -i 3,1,7,0,4,1,6,3,5,2,8,1,9 \
  -o "$out/multi-block-example.json" >"$out/multi-block-example.txt" 2>&1
"$cli" trace -a multi-block --backend cuda --block-size 1024 --random 65536 --seed 5 \
  -o "$out/multi-block-65536.json" >"$out/multi-block-65536.txt" 2>&1
grep -E '^(ran on|check)' "$out"/multi-block-*.txt
for f in "$out"/*.json; do "$cli" check "$f" | cut -c1-200; done

for tool in memcheck racecheck synccheck; do
  for cmd in "single-pass --tile-size 1024 --random 65536 --tile-order ticket" \
             "single-pass --tile-size 8 --random 64" \
             "multi-block --block-size 256 --random 65536 --block-algorithm blelloch" \
             "multi-block --block-size 4 --random 100"; do
    name=$(echo "$cmd" | tr -cs 'a-z0-9' '-' | cut -c1-60)
    log="$out/$tool-$name.txt"
    # shellcheck disable=SC2086
    "$sanitizer" --tool "$tool" --print-limit 5 "$cli" trace -a $cmd --backend cuda >"$log" 2>&1
    echo "$tool $cmd: $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' "$log" | head -1 | sed 's/^=* *//')" |
      tee -a "$out/sanitizers.txt"
  done
done
