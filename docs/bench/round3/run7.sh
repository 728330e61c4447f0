#!/usr/bin/env bash
# Round three's final run again, at a clean commit (issue #24, item 3): run6.sh's bench and
# sanitizers with the scanviz-cli built on the CPU machine (GCC 12, nvcc 13.0) at the commit the
# results file names, carried as build/app/cli/scanviz-cli. (run6.sh built on the GPU machine with
# GCC 13, 0 warnings, but that machine's checkout had an older HEAD, so its binary's commit read
# "<older>-dirty"; its results are kept as docs/bench/round3/final_gcc13.*.) Results go to $OUT.
set -u
OUT=${OUT:-$PWD/round3-out}
mkdir -p "$OUT"
export LD_LIBRARY_PATH=/opt/gcc/lib64
Q=name,driver_version,clocks.sm,clocks.max.sm,clocks.mem,power.draw,power.limit,temperature.gpu
nvidia-smi --query-gpu=$Q --format=csv >"$OUT/h200_nvidia-smi.csv"
CLI=build/app/cli/scanviz-cli
K=e.r128v8b1c,e.r128v16b1c,e.s128v16b1c,e.h128s26r16b1ce
T=e.r128v8t1c,e.r128v16t1c,e.s128v16t1c,e.h128s26r16t1ce
AB=e.r128v8b1c.copy,e.r128v16b1c.copy,e.s128v16b1c.copy,e.h128s26r16b1ce.copy
AB=$AB,e.r128v8b1c.nochain,e.r128v16b1c.nochain,e.s128v16b1c.nochain,e.h128s26r16b1ce.nochain
W=e.r128v8b1cw,e.s128v16b1cw,e.h128s26r16b1cew
timeout 300 $CLI bench --repeats 30 --json "$OUT/h200.json" \
  --rungs "a,b,c,d,e,cub,thrust,memcpy,$K,$T,$AB,$W" >"$OUT/h200_ladder.log" 2>&1
echo "bench rc=$? ($SECONDS s): $(grep -E '^correctness' "$OUT/h200_ladder.log")"
nvidia-smi --query-gpu=$Q --format=csv,noheader >>"$OUT/h200_nvidia-smi.csv"
SAN=e.r128v8b1cw,e.s128v16b1cw,e.h128s26r16b1cew,e.r128v16b1c
for tool in memcheck racecheck synccheck; do
  timeout 40 compute-sanitizer --tool $tool $CLI bench --rungs "$SAN" --min-log2 15 \
    --max-log2 17 --repeats 1 >"$OUT/${tool}7.log" 2>&1
  echo "$tool rc=$? ($SECONDS s): $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' "$OUT/${tool}7.log")"
done
