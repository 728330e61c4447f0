#!/usr/bin/env bash
# Round three's H200 run (issue #24), from the repository root on the GPU machine: build the bench
# (the policy tests, plain C++, ran on the CPU machine), a short run of the cluster rows under a timeout (a hang of the cluster
# messages shows as rc 124), the side-by-side run (e, its three kernels, their cluster rows and
# ticket twins, CUB, memcpy; n = 2^10..2^28, both types and modes, 30 timed calls a point), then
# compute-sanitizer (memcheck, racecheck, synccheck) on the cluster kernels. Results go to $OUT.
set -u
OUT=${OUT:-$PWD/round3-out}
mkdir -p "$OUT"
test -f kernels/perf/cluster.cuh || { echo "not the round-three tree: $(pwd)"; exit 3; }
export CXX=/opt/gcc/bin/g++ CUDAHOSTCXX=/opt/gcc/bin/g++ LD_LIBRARY_PATH=/opt/gcc/lib64
Q=name,driver_version,clocks.sm,clocks.max.sm,clocks.mem,power.draw,power.limit,temperature.gpu
nvidia-smi --query-gpu=$Q --format=csv >"$OUT/nvidia-smi.csv"
{
  cmake -S . -B build-gpu -G Ninja -DCMAKE_BUILD_TYPE=Release -DSCANVIZ_GUI=OFF \
    -DCMAKE_PREFIX_PATH="$PWD/.deps/usr" &&
    cmake --build build-gpu -j16 --target scanviz-cli
} >"$OUT/build.log" 2>&1 || { tail -40 "$OUT/build.log"; exit 1; }
echo "build: $SECONDS s; warnings: $(grep -ci 'warning' "$OUT/build.log")"
CLI=build-gpu/app/cli/scanviz-cli
CL=e.r128v8b1cx2,e.r128v8b1cx4,e.r128v8b1cx8,e.s128v16b1cx4,e.h128s26r16b1cex2,e.h128s26r16b1cex4
CL=$CL,e.r128v8t1cx4,e.h128s26r16t1cex2
timeout 120 $CLI bench --rungs "$CL" --max-log2 20 --repeats 2 >"$OUT/smoke.log" 2>&1
echo "smoke rc=$? ($SECONDS s)"
REF=e.r128v8b1c,e.s128v16b1c,e.h128s26r16b1ce,e.r128v8t1c,e.h128s26r16t1ce
timeout $((560 - SECONDS > 300 ? 300 : 560 - SECONDS)) $CLI bench --repeats 30 --json "$OUT/round3.json" --rungs "e,$CL,$REF,cub,memcpy" \
  >"$OUT/round3.log" 2>&1
echo "bench rc=$? ($SECONDS s)"
SAN=e.r128v8b1cx4,e.r128v8b1cx8,e.h128s26r16b1cex2,e.r128v8t1cx4,e.h128s26r16t1cex2
for tool in memcheck racecheck synccheck; do
  [ "$SECONDS" -lt "${SAN_DEADLINE:-480}" ] || { echo "$tool: skipped (time)"; continue; }
  timeout 100 compute-sanitizer --tool $tool $CLI bench --rungs "$SAN" --min-log2 15 \
    --max-log2 17 --repeats 1 >"$OUT/$tool.log" 2>&1
  echo "$tool rc=$? ($SECONDS s): $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' "$OUT/$tool.log")"
done
