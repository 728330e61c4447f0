#!/usr/bin/env bash
# Round three's fourth H200 run (issue #24, items 1 and 2): the sweep below one wave and the
# look-ahead warp, from the repository root on the GPU machine. Uses the scanviz-cli built on the
# CPU machine (GCC 12, carried as build/app/cli/scanviz-cli) if it runs there, else builds one.
# (A) e, its three kernels and their look-ahead rows (w), CUB and memcpy at n = 2^10..2^28;
# (B) the tile shapes and CTAs per SM at n = 2^20..2^24, with the copy and no-chain ablations;
# both types and modes, 20 timed calls a point; then compute-sanitizer (memcheck, racecheck,
# synccheck) on the look-ahead kernels at n = 2^15..2^17. Results go to $OUT.
set -u
OUT=${OUT:-$PWD/round3-out}
mkdir -p "$OUT"
test -f kernels/perf/rung_e_describe.cu || { echo "not the round-three tree: $(pwd)"; exit 3; }
export CXX=/opt/gcc/bin/g++ CUDAHOSTCXX=/opt/gcc/bin/g++ LD_LIBRARY_PATH=/opt/gcc/lib64
Q=name,driver_version,clocks.sm,clocks.max.sm,clocks.mem,power.draw,power.limit,temperature.gpu
nvidia-smi --query-gpu=$Q --format=csv >"$OUT/nvidia-smi4.csv"
CLI=build/app/cli/scanviz-cli
if ! timeout 30 $CLI devices >"$OUT/devices4.log" 2>&1; then
  cat "$OUT/devices4.log" | tail -5
  {
    cmake -S . -B build-gpu -G Ninja -DCMAKE_BUILD_TYPE=Release -DSCANVIZ_GUI=OFF \
      -DCMAKE_PREFIX_PATH="$PWD/.deps/usr" &&
      cmake --build build-gpu -j16 --target scanviz-cli
  } >"$OUT/build4.log" 2>&1 || { tail -40 "$OUT/build4.log"; exit 1; }
  echo "build: $SECONDS s; warnings: $(grep -ci 'warning' "$OUT/build4.log")"
  CLI=build-gpu/app/cli/scanviz-cli
fi
W=e.r128v8b1cw,e.r128v8b1cwm6,e.r128v8b4cw,e.s128v16b1cw,e.h128s26r16b1cew,e.r96v8b1cw,e.h96s32r16b1cew
timeout 60 $CLI bench --rungs "$W" --max-log2 20 --repeats 2 >"$OUT/smoke4.log" 2>&1
echo "smoke rc=$? ($SECONDS s)"
K=e.r128v8b1c,e.s128v16b1c,e.h128s26r16b1ce
timeout 240 $CLI bench --repeats 20 --json "$OUT/round3d.json" --rungs "e,$K,$W,cub,memcpy" \
  >"$OUT/round3d.log" 2>&1
echo "bench A rc=$? ($SECONDS s)"
S=e.r128v4b1c,e.r128v12b1c,e.r128v16b1c,e.r256v8b1c,e.r512v6b1c,e.r64v8b1c,e.r128v8b1cm6
S=$S,e.s128v8b1c,e.s128v18b1c,e.s128v24b1c,e.s256v8b1c,e.h128s16r8b1ce,e.h128s22r12b1ce
S=$S,e.h256s13r8b1ce,e.r128v8b2c,e.r128v8b4c,e.s128v16b4c,e.h128s26r16b2ce
AB=e.r128v8b1c.copy,e.s128v16b1c.copy,e.h128s26r16b1ce.copy
AB=$AB,e.r128v8b1c.nochain,e.s128v16b1c.nochain,e.h128s26r16b1ce.nochain
timeout 200 $CLI bench --repeats 20 --min-log2 20 --max-log2 24 --json "$OUT/round3e.json" \
  --rungs "e,$K,$S,$AB,cub,memcpy" >"$OUT/round3e.log" 2>&1
echo "bench B rc=$? ($SECONDS s)"
nvidia-smi --query-gpu=$Q --format=csv,noheader >>"$OUT/nvidia-smi4.csv"
SAN=e.r128v8b1cw,e.s128v16b1cw,e.h128s26r16b1cew,e.r96v8b1cw,e.h96s32r16b1cew
for tool in memcheck racecheck synccheck; do
  [ "$SECONDS" -lt "${SAN_DEADLINE:-480}" ] || { echo "$tool: skipped (time)"; continue; }
  timeout 100 compute-sanitizer --tool $tool $CLI bench --rungs "$SAN" --min-log2 15 \
    --max-log2 17 --repeats 1 >"$OUT/${tool}4.log" 2>&1
  echo "$tool rc=$? ($SECONDS s): $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' "$OUT/${tool}4.log")"
done
