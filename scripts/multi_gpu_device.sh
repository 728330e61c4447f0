#!/usr/bin/env bash
# On a machine with several NVIDIA GPUs, CUDA and NCCL: builds scanviz-cli without the GUI and
# runs the scan across GPUs (docs/multi-gpu.md): where NCCL is, the GPUs' links, the check against
# the sequential scan for P = 2, 4 and 8 (what the machine has), traces recorded on the GPUs
# (checked), compute-sanitizer memcheck and racecheck on every rank, and the bench for P = 1, 2,
# 4, 8. Logs and results go to $OUT (or multi-gpu-logs/). Used to produce docs/gpu-validation.md's
# multi-GPU section and docs/bench/multi-gpu-*.json.
# With one GPU, P = 1 runs (the ranks, NCCL and both strategies on one GPU) and P = 2 must refuse
# in one line. The "lab" stage runs the GPU-vs-CPU tests and rung e against CUB and memcpy, to
# show that the lab's kernels, now shared with the ranks (perf/single_pass_scan.cuh), did not move.
#   STAGES="build check trace sanitize bench lab" (default: all), BENCH_MAX_LOG2 (default: what
#   fits).
set -uo pipefail
cd "$(dirname "$0")/.."
# NVLink SHARP (multicast) stays off in every program started from here (the ranks set it too).
export NCCL_NVLS_ENABLE=0
out=${OUT:-multi-gpu-logs}
mkdir -p "$out"
build=${SCANVIZ_BUILD_DIR:-build-gpu}
stages=${STAGES:-build check trace sanitize bench lab}
has() { [[ " $stages " == *" $1 "* ]]; }
cli="$build/app/cli/scanviz-cli"
gpus=$(nvidia-smi -L 2>/dev/null | grep -c '^GPU')
status=0
{
  echo "== $(date -u +%FT%TZ) $(hostname), $gpus GPU(s)"
  nvidia-smi --query-gpu=index,name,driver_version,memory.total --format=csv,noheader
  nvidia-smi topo -m
  echo "nccl.h: $(ls /usr/include/nccl.h /usr/local/cuda/include/nccl.h 2>/dev/null | tr '\n' ' ')"
  echo "libnccl: $(ls /usr/lib/x86_64-linux-gnu/libnccl.so* /usr/local/cuda/lib*/libnccl.so* 2>/dev/null | tr '\n' ' ')"
  echo "NCCL_NVLS_ENABLE=$NCCL_NVLS_ENABLE"
} 2>&1 | tee "$out/environment.txt"

if has build; then
  prefix=()
  [ -d .deps/usr ] && prefix=(-DCMAKE_PREFIX_PATH="$PWD/.deps/usr")
  cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DSCANVIZ_GUI=OFF -DSCANVIZ_BENCH=OFF \
    -DSCANVIZ_TESTS=ON -DSCANVIZ_FUZZ=OFF -DCMAKE_CUDA_ARCHITECTURES=90-real "${prefix[@]}" \
    >"$out/configure.txt" 2>&1 || { tail -30 "$out/configure.txt"; exit 1; }
  grep -E "NCCL|CUDA kernels" "$out/configure.txt"
  cmake --build "$build" -j "$(nproc)" --target scanviz-cli gpu_tests >"$out/build.txt" 2>&1 ||
    { grep -E "error|FAILED" "$out/build.txt" | head -30; exit 1; }
  echo "built: warnings: $(grep -c 'warning' "$out/build.txt")"
fi

sizes=(1)
for p in 2 4 8; do [ "$p" -le "$gpus" ] && sizes+=("$p"); done
if [ "$gpus" -lt 2 ]; then  # one GPU: P = 2 must say why in one line, not hang
  "$cli" bench --gpus 2 --check >"$out/refused-p2.txt" 2>&1
  echo "bench --gpus 2 on $gpus GPU: exit $? ($(cat "$out/refused-p2.txt"))"
fi

if has check; then
  for p in "${sizes[@]}"; do
    "$cli" bench --gpus "$p" --check --timeout 600 >"$out/check-p$p.txt" 2>&1 || status=1
    tail -1 "$out/check-p$p.txt"; grep -c ": ok" "$out/check-p$p.txt" | sed "s/^/  cases ok: /"
    grep -E "WRONG|failed|error" "$out/check-p$p.txt" | head -5
  done
fi

if has trace; then
  for p in "${sizes[@]}"; do
    for s in scan-then-add reduce-then-scan; do
      f="$out/multi-gpu-${p}x16-$s.json"
      "$cli" trace -a multi-gpu --gpus "$p" --strategy "$s" --random $((16 * p)) --seed 7 \
        --tile-size 4 --backend cuda -o "$f" >"$out/trace-p$p-$s.txt" 2>&1 || status=1
      echo "trace P=$p $s: $(tail -1 "$out/trace-p$p-$s.txt") / check: $("$cli" check "$f" 2>&1 | tail -1)"
    done
  done
  p=${sizes[-1]:-2}
  "$cli" trace -a multi-gpu --gpus "$p" --random 4096 --tile-size 256 --op last --type float32 \
    --convert --backend cuda -o "$out/multi-gpu-${p}x512-last.json" >"$out/trace-last.txt" 2>&1 || status=1
  echo "trace P=$p last float32 exclusive: $("$cli" check "$out/multi-gpu-${p}x512-last.json" 2>&1 | tail -1)"
fi

if has bench; then
  for p in 1 2 4 8; do
    [ "$p" -le "$gpus" ] || continue
    max=()
    [ -n "${BENCH_MAX_LOG2:-}" ] && max=(--max-log2 "$BENCH_MAX_LOG2")
    "$cli" bench --gpus "$p" --min-log2 24 "${max[@]}" --repeats 10 --timeout 580 \
      --json "$out/multi-gpu-p$p.json" >"$out/bench-p$p.txt" 2>&1 || status=1
    tail -4 "$out/bench-p$p.txt"
  done
fi
if has lab; then
  "$build/tests/gpu_tests" >"$out/gpu_tests.txt" 2>&1 || status=1
  grep -E "^\[  PASSED|^\[  FAILED|tests ran" "$out/gpu_tests.txt" | head -5
  "$cli" bench --rungs e,cub,memcpy --min-log2 20 --max-log2 28 --repeats 10 --no-float32 \
    --no-exclusive --json "$out/lab-e.json" >"$out/lab-e.txt" 2>&1 || status=1
  tail -25 "$out/lab-e.txt"
fi
if has sanitize; then
  for tool in memcheck racecheck; do
    for p in $(printf '%s\n' "${sizes[0]}" "${sizes[1]:-}" "${sizes[-1]}" | sort -un); do
      SCANVIZ_RANK_WRAPPER="compute-sanitizer --tool $tool --error-exitcode 9" \
        "$cli" bench --gpus "$p" --check --check-n 100003 --timeout ${SANITIZE_TIMEOUT:-300} >"$out/sanitize-$tool-p$p.txt" 2>&1
      rc=$?
      errs=$(grep -c "ERROR SUMMARY: [1-9]" "$out/sanitize-$tool-p$p.txt")
      summaries=$(grep -c "ERROR SUMMARY: 0 errors" "$out/sanitize-$tool-p$p.txt")
      echo "compute-sanitizer $tool, P=$p, every rank: exit $rc, $summaries rank(s) with 0 errors, $errs with errors"
      grep -E "^========= (Invalid|Program hit|Error|Race|.*ERROR SUMMARY)" "$out/sanitize-$tool-p$p.txt" | sort | uniq -c | head -12
      grep -A6 -m2 "^========= [A-Z]" "$out/sanitize-$tool-p$p.txt" | head -16
      [ "$rc" -eq 0 ] && [ "$errs" -eq 0 ] || status=1
    done
  done
fi

echo "status: $status"
exit $status
