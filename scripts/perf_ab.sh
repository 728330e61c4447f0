#!/usr/bin/env bash
# Times the performance lab's rungs of two source trees side by side, in one run on one GPU: the
# baseline (another checkout, e.g. `git worktree add ../base <commit>`) and this tree. Each tree's
# scanviz-cli is built without the GUI or tests; then `bench` runs alternately, baseline first,
# ROUNDS times, and scripts/perf_ab_summary.py prints each rung's median GB/s per size for both and
# their ratio. Logs and the results files go to $OUT (default ./perf-ab).
#
#   bash scripts/perf_ab.sh BASELINE_DIR [bench flags, default: --rungs a,b --min-log2 20]
#   ROUNDS=3 bash scripts/perf_ab.sh ../base --rungs a,b --min-log2 20 --max-log2 28 --repeats 10
#   STAGE=build ... / STAGE=run ...   only build, or only run what an earlier call built
set -euo pipefail
cd "$(dirname "$0")/.."
base=${1:?usage: perf_ab.sh BASELINE_DIR [bench flags]}
shift
flags=("$@")
[ ${#flags[@]} -gt 0 ] || flags=(--rungs a,b --min-log2 20)
out=${OUT:-$PWD/perf-ab}
rounds=${ROUNDS:-2}
mkdir -p "$out"
prefix=()
[ -d .deps/usr ] && prefix=(-DCMAKE_PREFIX_PATH="$PWD/.deps/usr")  # headers carried to a bare machine

build() {  # build DIR SOURCE: scanviz-cli of SOURCE into DIR
  cmake -S "$2" -B "$1" -G Ninja -DCMAKE_BUILD_TYPE=Release -DSCANVIZ_GUI=OFF -DSCANVIZ_TESTS=OFF \
    -DSCANVIZ_BENCH=OFF "${prefix[@]}" >"$1.configure.txt" 2>&1
  cmake --build "$1" -j "$(nproc)" --target scanviz-cli >"$1.build.txt" 2>&1
}
stage=${STAGE:-all}
if [ "$stage" != run ]; then
  build "$out/build-base" "$base" &
  b1=$!
  build "$out/build-new" "$PWD" &
  b2=$!
  wait $b1 || { tail -20 "$out/build-base.build.txt"; exit 1; }
  wait $b2 || { tail -20 "$out/build-new.build.txt"; exit 1; }
  echo "built the baseline and this tree"
fi
[ "$stage" != build ] || exit 0

# ABBA: the order alternates from round to round, so that a GPU warming up over the run does not
# favour one side.
for r in $(seq 1 "$rounds"); do
  order="base new"
  [ $((r % 2)) -eq 0 ] && order="new base"
  for side in $order; do
    "$out/build-$side/app/cli/scanviz-cli" bench "${flags[@]}" --json "$out/$side-$r.json" \
      >"$out/$side-$r.txt" 2>&1 || { tail -5 "$out/$side-$r.txt"; exit 1; }
    echo "$side run $r: $(grep -c '' "$out/$side-$r.txt") lines"
  done
done
python3 scripts/perf_ab_summary.py "$out"/base-*.json -- "$out"/new-*.json | tee "$out/summary.txt"
