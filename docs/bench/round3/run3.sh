#!/usr/bin/env bash
# Round three's third H200 run: the cluster rows' messages awaited with mbarrier.test_wait
# (polling) beside try_wait, and e's kernels, CUB and memcpy, int32 inclusive and exclusive at
# n = 2^10..2^28, 30 timed calls a point; then memcheck and racecheck on the polled rows.
set -u
OUT=${OUT:-$PWD/round3-out}
mkdir -p "$OUT"
test -f kernels/perf/cluster.cuh || { echo "not the round-three tree: $(pwd)"; exit 3; }
export CXX=/opt/gcc/bin/g++ CUDAHOSTCXX=/opt/gcc/bin/g++ LD_LIBRARY_PATH=/opt/gcc/lib64
{
  cmake -S . -B build-gpu -G Ninja -DCMAKE_BUILD_TYPE=Release -DSCANVIZ_GUI=OFF \
    -DCMAKE_PREFIX_PATH="$PWD/.deps/usr" &&
    cmake --build build-gpu -j16 --target scanviz-cli
} >"$OUT/build3.log" 2>&1 || { tail -40 "$OUT/build3.log"; exit 1; }
echo "build: $SECONDS s; warnings: $(grep -ci 'warning' "$OUT/build3.log")"
CLI=build-gpu/app/cli/scanviz-cli
R=e,e.r128v8b1c,e.r128v8b1cx4,e.r128v8b1cx4p,e.h128s26r16b1ce,e.h128s26r16b1cex2
R=$R,e.h128s26r16b1cex2p,cub,memcpy
timeout 150 $CLI bench --repeats 30 --no-float32 --json "$OUT/round3c.json" --rungs "$R" \
  >"$OUT/round3c.log" 2>&1
echo "bench rc=$? ($SECONDS s)"
for tool in memcheck racecheck; do
  [ "$SECONDS" -lt "${SAN_DEADLINE:-260}" ] || { echo "$tool: skipped (time)"; continue; }
  timeout 60 compute-sanitizer --tool $tool $CLI bench --rungs e.r128v8b1cx4p,e.h128s26r16b1cex2p \
    --min-log2 15 --max-log2 16 --repeats 1 >"$OUT/${tool}3.log" 2>&1
  echo "$tool rc=$? ($SECONDS s): $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' "$OUT/${tool}3.log")"
done
