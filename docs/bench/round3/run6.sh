#!/usr/bin/env bash
# Round three's final H200 run (issue #24, item 3), from the repository root on the GPU machine, at
# a clean commit: build scanviz-cli with GCC 13 (warnings counted), nvidia-smi before and after,
# the ladder (a b c d e cub thrust memcpy), e's four kernels, their ticket twins, their copy and
# no-chain ablations and the look-ahead rows, n = 2^10..2^28, both types and modes, 30 timed calls
# a point; then compute-sanitizer (memcheck, racecheck, synccheck) on the look-ahead kernels and
# e's new register tile at n = 2^15..2^17. Results go to $OUT (docs/bench/h200.json,
# h200_ladder.log, h200_nvidia-smi.csv; the rest to docs/bench/round3/).
set -u
OUT=${OUT:-$PWD/round3-out}
mkdir -p "$OUT"
export CXX=/opt/gcc/bin/g++ CUDAHOSTCXX=/opt/gcc/bin/g++ LD_LIBRARY_PATH=/opt/gcc/lib64
echo "tree: $(git rev-parse HEAD 2>&1 | head -1); changed: $(git status --porcelain --untracked-files=no 2>&1 | wc -l)"
Q=name,driver_version,clocks.sm,clocks.max.sm,clocks.mem,power.draw,power.limit,temperature.gpu
nvidia-smi --query-gpu=$Q --format=csv >"$OUT/h200_nvidia-smi.csv"
{
  cmake -S . -B build-gpu -G Ninja -DCMAKE_BUILD_TYPE=Release -DSCANVIZ_GUI=OFF \
    -DCMAKE_PREFIX_PATH="$PWD/.deps/usr" &&
    cmake --build build-gpu -j16 --target scanviz-cli
} >"$OUT/build6.log" 2>&1 || { tail -40 "$OUT/build6.log"; exit 1; }
echo "build: $SECONDS s; warnings: $(grep -ci 'warning' "$OUT/build6.log")"
CLI=build-gpu/app/cli/scanviz-cli
K=e.r128v8b1c,e.r128v16b1c,e.s128v16b1c,e.h128s26r16b1ce
T=e.r128v8t1c,e.r128v16t1c,e.s128v16t1c,e.h128s26r16t1ce
AB=e.r128v8b1c.copy,e.r128v16b1c.copy,e.s128v16b1c.copy,e.h128s26r16b1ce.copy
AB=$AB,e.r128v8b1c.nochain,e.r128v16b1c.nochain,e.s128v16b1c.nochain,e.h128s26r16b1ce.nochain
W=e.r128v8b1cw,e.s128v16b1cw,e.h128s26r16b1cew
LIMIT=$((540 - SECONDS - 90))
timeout $((LIMIT > 330 ? 330 : LIMIT)) $CLI bench --repeats 30 --json "$OUT/h200.json" \
  --rungs "a,b,c,d,e,cub,thrust,memcpy,$K,$T,$AB,$W" >"$OUT/h200_ladder.log" 2>&1
echo "bench rc=$? ($SECONDS s): $(grep -E '^correctness' "$OUT/h200_ladder.log")"
nvidia-smi --query-gpu=$Q --format=csv,noheader >>"$OUT/h200_nvidia-smi.csv"
SAN=e.r128v8b1cw,e.s128v16b1cw,e.h128s26r16b1cew,e.r128v16b1c
for tool in memcheck racecheck synccheck; do
  [ "$SECONDS" -lt "${SAN_DEADLINE:-545}" ] || { echo "$tool: skipped (time)"; continue; }
  timeout 40 compute-sanitizer --tool $tool $CLI bench --rungs "$SAN" --min-log2 15 \
    --max-log2 17 --repeats 1 >"$OUT/${tool}6.log" 2>&1
  echo "$tool rc=$? ($SECONDS s): $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' "$OUT/${tool}6.log")"
done
