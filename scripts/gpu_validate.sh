#!/usr/bin/env bash
# On a machine with an NVIDIA GPU and CUDA: builds ScanViz without the GUI, runs the GPU-vs-CPU
# tests, the whole CTest suite, the CLI on the chapters' example on CUDA, and compute-sanitizer
# (racecheck, memcheck, synccheck) on the instrumented kernels. Logs go to $OUT (or gpu-logs/).
# Used to produce docs/gpu-validation.md. Extra arguments go to cmake.
set -uo pipefail
cd "$(dirname "$0")/.."
out=${OUT:-gpu-logs}
mkdir -p "$out"
build=${SCANVIZ_BUILD_DIR:-build-gpu}
prefix=()
[ -d .deps/usr ] && prefix=(-DCMAKE_PREFIX_PATH="$PWD/.deps/usr")  # headers carried to a machine without them
{
  echo "== $(date -u +%FT%TZ) $(uname -m)"
  nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader
  /usr/local/cuda/bin/nvcc --version | tail -1
} 2>&1 | tee "$out/environment.txt"

cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DSCANVIZ_GUI=OFF "${prefix[@]}" "$@" \
  >"$out/configure.txt" 2>&1 || { tail -30 "$out/configure.txt"; exit 1; }
cmake --build "$build" -j "$(nproc)" >"$out/build.txt" 2>&1 || { grep -E "error|FAILED" "$out/build.txt" | head -30; exit 1; }
echo "built: $(grep -c '' "$out/build.txt") build lines, warnings: $(grep -c 'warning' "$out/build.txt")"

cli="$build/app/cli/scanviz-cli"
status=0
"$cli" devices 2>&1 | tee "$out/devices.txt"
algorithms=$("$cli" algorithms | cut -d' ' -f1 | tr '\n' ' ')
echo "algorithms: $algorithms"
for a in $algorithms; do
  "$cli" trace --algorithm $a --input 3,1,7,0,4,1,6,3 --backend cuda -o "$out/$a.json" >"$out/$a.txt" 2>&1 || status=1
  head -1 "$out/$a.txt"; grep -E "^result" "$out/$a.txt"
  "$cli" check "$out/$a.json" || status=1
  # The non-commutative operator, and float32, on the GPU.
  "$cli" trace --algorithm $a --input 0,5,0,0,2,0,7,0 --op last --backend cuda | grep -E "^result" || status=1
  "$cli" trace --algorithm $a --input 0.1,0.2,0.3,0.4,0.5 --type float32 --backend cuda | grep -E "^result" || status=1
done

echo "== every algorithm as the block scan of the grid and the single pass, on CUDA (checked)"
for a in $algorithms; do
  for kind in "multi-block --block-size 32 --random 5000" "single-pass --tile-size 256 --random 65536" \
              "single-pass --tile-size 4 --random 1000 --tile-order ticket"; do
    set -- $kind
    "$cli" trace -a $kind --block-algorithm $a --seed 11 --backend cuda -o "$out/blocks-$a-$1.json" \
      >"$out/blocks-$a-$1.txt" 2>&1 || status=1
    echo "$a in $*: $("$cli" check "$out/blocks-$a-$1.json" 2>&1 | tail -1)"
  done
  for tool in racecheck synccheck memcheck; do
    if compute-sanitizer --tool $tool --error-exitcode 9 "$cli" trace -a single-pass --tile-size 256 \
         --random 4096 --block-algorithm $a --backend cuda --json >/dev/null 2>>"$out/sanitizer.txt" &&
       compute-sanitizer --tool $tool --error-exitcode 9 "$cli" trace -a multi-block --block-size 64 \
         --random 4096 --block-algorithm $a --backend cuda --json >/dev/null 2>>"$out/sanitizer.txt"; then
      echo "$tool single-pass and multi-block with $a blocks: clean"
    else
      echo "$tool single-pass and multi-block with $a blocks: ERRORS (see sanitizer.txt)"; status=1
    fi
  done
done | tee "$out/blocks.txt"

echo "== GPU-vs-CPU tests"
"$build/tests/gpu_tests" 2>&1 | tee "$out/gpu_tests.txt" | grep -E "^\[  |compared|random cases|SKIPPED|FAILED" || true
grep -q "FAILED\|SKIPPED ]" "$out/gpu_tests.txt" && status=1

echo "== CTest"
ctest --test-dir "$build" --output-on-failure -j 8 >"$out/ctest.txt" 2>&1 || status=1
tail -4 "$out/ctest.txt"

echo "== compute-sanitizer on the instrumented kernels"
for tool in racecheck memcheck synccheck; do
  for a in $algorithms; do
    for n in 8 33 100 1024; do
      log="$out/sanitizer.txt"
      echo "-- $tool $a n=$n" >>"$log"
      if compute-sanitizer --tool $tool --error-exitcode 9 "$cli" trace -a $a --random $n --seed $n \
           --backend cuda --json >/dev/null 2>>"$log"; then
        echo "$tool $a n=$n: clean"
      else
        echo "$tool $a n=$n: ERRORS (see sanitizer.txt)"; status=1
      fi
    done
  done
done | tee "$out/sanitizer_summary.txt"
grep -h "ERROR SUMMARY" "$out/sanitizer.txt" | sort | uniq -c
exit $status
