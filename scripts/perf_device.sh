#!/usr/bin/env bash
# Builds the ScanViz performance lab (kernels/perf) with nvcc alone -- independent of the project's
# CMake -- and runs it on the GPU of this machine. Logs and the JSON results file go to $OUT
# (default ./perf-out).
#
#   bash scripts/perf_device.sh                 # build, then the full ladder (n = 2^10 .. 2^28)
#   PERF_BIN=build-perf/perf bash scripts/perf_device.sh   # reuse a binary built elsewhere
#   PERF_TUNE=1 bash scripts/perf_device.sh     # also time the look-back and textbook variants (int32 inclusive)
#   PERF_ARGS="--rungs a,b,c,d,e,e.s128v16b1c,e.h128s26r16b1c,e.s128v18b1c,e.v1,cub,thrust,memcpy" bash scripts/perf_device.sh
#                                               # exactly the final run of docs/bench/h200.json
#   PERF_ARGS="--max-log2 24 --repeats 10" bash scripts/perf_device.sh
set -euo pipefail
cd "$(dirname "$0")/.."
OUT="${OUT:-$PWD/perf-out}"
mkdir -p "$OUT"
NVCC="${NVCC:-nvcc}"
command -v "$NVCC" >/dev/null 2>&1 || NVCC=/usr/local/cuda/bin/nvcc

BIN="${PERF_BIN:-}"
if [[ -n "$BIN" && -x "$BIN" ]] && { "$BIN" --bogus-flag 2>&1 || true; } | grep -q "usage:"; then
  echo "using prebuilt $BIN"
else
  BUILD="${BUILD_DIR:-/tmp/scanviz-perf-build}"
  mkdir -p "$BUILD"
  FLAGS=(-O3 -std=c++20 -arch=sm_90 -Ikernels -Xcompiler -Wall,-Wextra)
  echo "building with $("$NVCC" --version | tail -1)"
  t0=$(date +%s)
  pids=()
  for f in kernels/perf/*.cu; do
    "$NVCC" "${FLAGS[@]}" -c "$f" -o "$BUILD/$(basename "$f" .cu).o" &
    pids+=($!)
  done
  "$NVCC" -O3 -std=c++20 -Ikernels -Xcompiler -Wall,-Wextra -c kernels/perf/perf_main.cpp -o "$BUILD/perf_main.o" &
  pids+=($!)
  for p in "${pids[@]}"; do wait "$p"; done
  "$NVCC" -arch=sm_90 "$BUILD"/*.o -o "$BUILD/perf"
  BIN="$BUILD/perf"
  echo "built in $(( $(date +%s) - t0 )) s"
fi

nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,clocks.mem,power.draw,power.limit,temperature.gpu \
  --format=csv > "$OUT/nvidia-smi.csv" 2>&1 || true
cat "$OUT/nvidia-smi.csv" || true

rc=0
if [[ "${PERF_TUNE:-0}" == "1" ]]; then
  echo "== tuning: look-back variants, int32 inclusive"
  timeout "${PERF_TUNE_TIMEOUT:-150}" "$BIN" --min-log2 16 --max-log2 28 --repeats 15 --no-float32 --no-exclusive \
    --rungs "${PERF_TUNE_RUNGS:-e,e.s128v16b1c,e.h128s26r16b1c,e.h128s26r16b1ce,e.s128v18b1c,e.v1,e.lb8,e.r128v8b1c,e.s128v8b1c,e.s64v16b1c,e.s128v12b1c,e.s128v16b1ck64,e.s256v8b1c,e.s256v12b1c,a,a.64,a.256,a.512,b,b.64,b.256,b.ws64,b.ws256,b.ws512,d,cub,memcpy}" \
    --json "$OUT/tune.json" > "$OUT/tune.log" 2>&1 || rc=$?
  sed -n '/^summary/,$p' "$OUT/tune.log" | head -60
  echo "tune rc=$rc"
fi

echo "== ladder"
# shellcheck disable=SC2086
timeout "${PERF_TIMEOUT:-240}" "$BIN" --json "$OUT/h200.json" ${PERF_ARGS:-} > "$OUT/ladder.log" 2>&1 || rc=$?
grep -E "CHECK FAILED|FATAL" "$OUT/ladder.log" | head -20 || true
sed -n '/^correctness/,$p' "$OUT/ladder.log"
echo "ladder rc=$rc"
exit $rc
