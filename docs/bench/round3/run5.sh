#!/usr/bin/env bash
# Round three's fifth H200 run (issue #24, item 1): e with its new size class (the register tile of
# 8192 below one wave, from the sweep of run4.sh) beside its kernels, the candidates around it and
# CUB and memcpy, n = 2^18..2^25, both types and modes, 30 timed calls a point, twice; uses the
# scanviz-cli built on the CPU machine (carried), while the GCC 13 build of the same tree runs
# beside it (its warnings counted; its binary's commit line printed). Results go to $OUT.
set -u
OUT=${OUT:-$PWD/round3-out}
mkdir -p "$OUT"
export CXX=/opt/gcc/bin/g++ CUDAHOSTCXX=/opt/gcc/bin/g++ LD_LIBRARY_PATH=/opt/gcc/lib64
echo "tree: $(git rev-parse HEAD 2>&1 | head -1); changed: $(git status --porcelain --untracked-files=no 2>&1 | wc -l)"
(
  cmake -S . -B build-gpu -G Ninja -DCMAKE_BUILD_TYPE=Release -DSCANVIZ_GUI=OFF \
    -DCMAKE_PREFIX_PATH="$PWD/.deps/usr" && nice cmake --build build-gpu -j12 --target scanviz-cli
  echo "build rc=$? at $SECONDS s"
) >"$OUT/build5.log" 2>&1 &
BUILD=$!
CLI=build/app/cli/scanviz-cli
R=e,e.r128v8b1c,e.r128v16b1c,e.s128v16b1c,e.h128s26r16b1ce,e.r256v16b1c,e.r128v16b2c
R=$R,e.r128v16b1c.copy,e.r128v16b1c.nochain,e.r128v16t1c,e.s128v16b1cw,cub,memcpy
for pass in 1 2; do
  timeout 200 $CLI bench --repeats 30 --min-log2 18 --max-log2 25 --json "$OUT/round3f$pass.json" \
    --rungs "$R" >"$OUT/round3f$pass.log" 2>&1
  echo "bench pass $pass rc=$? ($SECONDS s): $(grep -E '^correctness' "$OUT/round3f$pass.log")"
done
wait $BUILD
tail -2 "$OUT/build5.log"
echo "warnings: $(grep -ci 'warning' "$OUT/build5.log")"
timeout 60 build-gpu/app/cli/scanviz-cli bench --rungs e,memcpy --max-log2 12 --repeats 2 \
  >"$OUT/gcc13_smoke.log" 2>&1
echo "gcc13 binary rc=$?: $(grep -m1 commit "$OUT/gcc13_smoke.log")"
