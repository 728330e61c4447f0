#!/usr/bin/env bash
# Round three's second H200 run: after the first (run.sh) showed every cluster row slower, the
# cluster rows again with their last cluster barrier (which makes racecheck clean), beside the
# copies launched with and without clusters (what the cluster launch alone costs), int32
# inclusive at n = 2^10..2^28, 30 timed calls a point; then the sanitizers. Results go to $OUT.
set -u
OUT=${OUT:-$PWD/round3-out}
mkdir -p "$OUT"
test -f kernels/perf/cluster.cuh || { echo "not the round-three tree: $(pwd)"; exit 3; }
export CXX=/opt/gcc/bin/g++ CUDAHOSTCXX=/opt/gcc/bin/g++ LD_LIBRARY_PATH=/opt/gcc/lib64
Q=name,driver_version,clocks.sm,clocks.max.sm,clocks.mem,power.draw,power.limit,temperature.gpu
nvidia-smi --query-gpu=$Q --format=csv >"$OUT/nvidia-smi2.csv"
{
  cmake -S . -B build-gpu -G Ninja -DCMAKE_BUILD_TYPE=Release -DSCANVIZ_GUI=OFF \
    -DCMAKE_PREFIX_PATH="$PWD/.deps/usr" &&
    cmake --build build-gpu -j16 --target scanviz-cli
} >"$OUT/build2.log" 2>&1 || { tail -40 "$OUT/build2.log"; exit 1; }
echo "build: $SECONDS s; warnings: $(grep -ci 'warning' "$OUT/build2.log")"
CLI=build-gpu/app/cli/scanviz-cli
R=e.r128v8b1c,e.r128v8b1cx4,e.r128v8b1c.copy,e.r128v8b1cx4.copy,e.r128v8t1cx4
R=$R,e.h128s26r16b1ce,e.h128s26r16b1cex2,e.h128s26r16b1ce.copy,e.h128s26r16b1cex2.copy,memcpy
timeout 200 $CLI bench --repeats 30 --no-float32 --no-exclusive --json "$OUT/round3b.json" \
  --rungs "$R" >"$OUT/round3b.log" 2>&1
echo "bench rc=$? ($SECONDS s)"
SAN=e.r128v8b1cx4,e.r128v8b1cx8,e.h128s26r16b1cex2,e.r128v8t1cx4,e.h128s26r16t1cex2
for tool in memcheck racecheck synccheck; do
  [ "$SECONDS" -lt "${SAN_DEADLINE:-500}" ] || { echo "$tool: skipped (time)"; continue; }
  timeout 100 compute-sanitizer --tool $tool $CLI bench --rungs "$SAN" --min-log2 15 \
    --max-log2 17 --repeats 1 >"$OUT/${tool}2.log" 2>&1
  echo "$tool rc=$? ($SECONDS s): $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' "$OUT/${tool}2.log")"
done
