#!/usr/bin/env bash
# Builds the libFuzzer targets of tests/fuzz (clang-14, ASan + UBSan, SCANVIZ_FUZZ=ON) into
# build-fuzz/ and runs each for SECONDS (default 60), as many at a time as there are cores.
#
#   bash scripts/fuzz.sh [SECONDS] [target...]     targets: trace input settings bench_results
#   bash scripts/fuzz.sh --build-only
#
# Each target starts from its committed seeds (tests/fuzz/corpus/<target>, never written to) and
# the corpus earlier runs grew (build-fuzz/corpus/<target>). A crash, leak, undefined behaviour,
# broken invariant, input slower than SCANVIZ_FUZZ_TIMEOUT seconds (default 10) or out-of-memory
# is a finding: its input is kept in fuzz-findings/<target>/ (or $SCANVIZ_FUZZ_FINDINGS) beside
# the fuzzer's report and a README with the commands that reproduce and minimise it, and the
# script exits 1. Prints one line per target. docs/reliability.md has the rest.
set -euo pipefail
cd "$(dirname "$0")/.."
all_targets=(trace input settings bench_results)

build_only=0
seconds=60
if [ "${1:-}" = "--build-only" ]; then
  build_only=1
  shift
elif [ $# -gt 0 ]; then
  seconds=$1
  shift
fi
# libFuzzer reads -max_total_time=0 as "forever": refuse it rather than hang a CI run.
if ! [[ "$seconds" =~ ^[0-9]+$ ]] || [ "$seconds" -lt 1 ]; then
  echo "fuzz: SECONDS must be a positive integer (got '$seconds')" >&2
  exit 2
fi
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=("${all_targets[@]}")
for t in "${targets[@]}"; do
  [[ " ${all_targets[*]} " == *" $t "* ]] || {
    echo "fuzz: unknown target '$t' (${all_targets[*]})" >&2
    exit 2
  }
done

build=${SCANVIZ_FUZZ_BUILD_DIR:-build-fuzz}
findings=${SCANVIZ_FUZZ_FINDINGS:-fuzz-findings}
timeout=${SCANVIZ_FUZZ_TIMEOUT:-10}
jobs=${SCANVIZ_FUZZ_JOBS:-$(nproc)}

command -v clang++-14 >/dev/null || {
  echo "fuzz: clang++-14 not found (bash scripts/setup.sh installs it)" >&2
  exit 2
}
# -O1 -g and no NDEBUG: fast enough to fuzz, readable stacks, and assertions stay live. Only the
# libraries the targets link are built (the app, the CLI and the tests are not needed).
CC=clang-14 CXX=clang++-14 cmake -S . -B "$build" -G Ninja -DSCANVIZ_FUZZ=ON \
  -DSCANVIZ_TESTS=OFF -DSCANVIZ_GUI=OFF -DSCANVIZ_CUDA=OFF -DSCANVIZ_PERF=OFF \
  -DSCANVIZ_BENCH=OFF -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_C_FLAGS_RELWITHDEBINFO="-O1 -g" -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g" >/dev/null
cmake --build "$build" -j "$(nproc)" --target "${targets[@]/#/fuzz_}" | grep -v '^\[' || true
for t in "${targets[@]}"; do
  [ -x "$build/tests/fuzz/fuzz_$t" ] || {
    echo "fuzz: build of fuzz_$t failed" >&2
    exit 2
  }
done
[ $build_only -eq 0 ] || exit 0

# Symbolised stacks in the reports; UBSan stops at the first error (it is built not to recover).
symbolizer=$(command -v llvm-symbolizer-14 || echo /usr/lib/llvm-14/bin/llvm-symbolizer)
[ -x "$symbolizer" ] && export ASAN_SYMBOLIZER_PATH=$symbolizer
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}

logs=$build/fuzz-logs
mkdir -p "$logs"

# Runs one target to completion; its exit status goes to $logs/<target>.rc.
RunTarget() {
  local t=$1
  local dict=tests/fuzz/json.dict
  [ "$t" = input ] && dict=tests/fuzz/input.dict
  mkdir -p "$build/corpus/$t" "$findings/$t"
  local rc=0
  # The first corpus directory is the one libFuzzer adds to; the committed seeds come second.
  "$build/tests/fuzz/fuzz_$t" -max_total_time="$seconds" -timeout="$timeout" \
    -rss_limit_mb=2048 -dict="$dict" -artifact_prefix="$findings/$t/" -print_final_stats=1 \
    "$build/corpus/$t" "tests/fuzz/corpus/$t" >"$logs/$t.log" 2>&1 || rc=$?
  echo "$rc" >"$logs/$t.rc"
}

# Keeps the report beside the input and writes the commands that reproduce it.
RecordFinding() {
  local t=$1 artifact=$2
  cp "$logs/$t.log" "$artifact.log"
  cat >"$findings/$t/README" <<EOF
fuzz_$t: finding $(basename "$artifact") ($(date -u +%Y-%m-%dT%H:%M:%SZ), $(git rev-parse --short HEAD 2>/dev/null || echo unknown))
report: $artifact.log

build:      bash scripts/fuzz.sh --build-only
reproduce:  $build/tests/fuzz/fuzz_$t $artifact
minimise:   $build/tests/fuzz/fuzz_$t -minimize_crash=1 -max_total_time=60 -exact_artifact_path=$artifact.min $artifact
regression: once fixed, copy the (minimised) input to tests/fuzz/corpus/$t/ and commit it
EOF
}

running=0
for t in "${targets[@]}"; do
  rm -f "$logs/$t.rc"
  RunTarget "$t" &
  running=$((running + 1))
  if [ $running -ge "$jobs" ]; then
    wait -n || true
    running=$((running - 1))
  fi
done
wait

status=0
for t in "${targets[@]}"; do
  rc=$(cat "$logs/$t.rc" 2>/dev/null || echo 2)
  # The last status line: "#123456 DONE cov: 812 ft: 3190 corp: 402/61Kb ...".
  stats=$(grep -E '^#[0-9]+' "$logs/$t.log" | tail -1 || true)
  runs=$(sed -nE 's/^stat::number_of_executed_units: *([0-9]+).*/\1/p' "$logs/$t.log" | tail -1)
  cov=$(sed -nE 's/.* cov: ([0-9]+).*/\1/p' <<<"$stats")
  corp=$(sed -nE 's/.* corp: ([0-9]+\/[0-9A-Za-z]+).*/\1/p' <<<"$stats")
  summary="${seconds} s, ${runs:-?} runs, cov ${cov:-?}, corpus ${corp:-?}"
  if [ "$rc" -eq 0 ]; then
    echo "fuzz $t: ok ($summary)"
    continue
  fi
  status=1
  artifact=$(sed -nE 's/.*Test unit written to (.*)$/\1/p' "$logs/$t.log" | tail -1)
  if [ -n "$artifact" ] && [ -f "$artifact" ]; then
    RecordFinding "$t" "$artifact"
    what=$(grep -m1 -oE 'ERROR: [A-Za-z]+: [a-z-]+|runtime error: .*|invariant broken: .*|ERROR: libFuzzer: [a-z-]+' "$logs/$t.log" | cut -c1-120 || true)
    echo "fuzz $t: FINDING (${what:-exit $rc}; $summary): $artifact; reproduce: $build/tests/fuzz/fuzz_$t $artifact (see $findings/$t/README)"
  else
    echo "fuzz $t: FAILED (exit $rc, no input kept; $summary): see $logs/$t.log"
  fi
done
exit $status
