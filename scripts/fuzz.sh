#!/usr/bin/env bash
# Builds the libFuzzer targets of tests/fuzz (clang-14, ASan + UBSan, SCANVIZ_FUZZ=ON) into
# build-asan/ and runs each for SECONDS (default 60), as many at a time as there are cores. The
# build is the one scripts/sanitize.sh runs the tests in under ASan: one set of flags, built once.
#
#   bash scripts/fuzz.sh [SECONDS] [target...]     targets: trace input settings bench_results session grid
#                                                  quiz lab_results timeline link multi_gpu_results
#   bash scripts/fuzz.sh --build-only
#
# Each target starts from its committed seeds (tests/fuzz/corpus/<target>, never written to) and
# the corpus earlier runs grew (build-asan/corpus/<target>). A crash, leak, undefined behaviour,
# broken invariant, input slower than SCANVIZ_FUZZ_TIMEOUT seconds (default 10) or out-of-memory
# is a finding: its input is kept in fuzz-findings/<target>/ (or $SCANVIZ_FUZZ_FINDINGS) beside
# the fuzzer's report and a README with the commands that reproduce and minimise it, and the
# script exits 1. Prints one line per target. docs/reliability.md has the rest.
#
# SCANVIZ_FUZZ_KEEP_GOING=1 is for long runs: libFuzzer's fork mode, which keeps fuzzing past
# crashes, timeouts and out-of-memory; at the end each kept input is run again and the findings
# are listed by what went wrong, with a count and an example each; SCANVIZ_FUZZ_WORKERS (default
# 1) fuzzing processes a target, where there are cores to spare.
#
# SCANVIZ_FUZZ_PREBUILT=1 runs the targets already in $SCANVIZ_FUZZ_BUILD_DIR without building
# (a machine without clang, the programs built here: they link the sanitizers and libFuzzer in).
set -euo pipefail
cd "$(dirname "$0")/.."
all_targets=(trace input settings bench_results session grid quiz lab_results timeline link
  multi_gpu_results)

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

build=${SCANVIZ_FUZZ_BUILD_DIR:-build-asan}
findings=${SCANVIZ_FUZZ_FINDINGS:-fuzz-findings}
timeout=${SCANVIZ_FUZZ_TIMEOUT:-10}
jobs=${SCANVIZ_FUZZ_JOBS:-$(nproc)}
keep_going=${SCANVIZ_FUZZ_KEEP_GOING:-0}
workers=${SCANVIZ_FUZZ_WORKERS:-1}
prebuilt=${SCANVIZ_FUZZ_PREBUILT:-0}

[ "$prebuilt" = 1 ] || command -v clang++-14 >/dev/null || {
  echo "fuzz: clang++-14 not found (bash scripts/setup.sh installs it)" >&2
  exit 2
}
# The configuration scripts/sanitize.sh asan uses too (keep the two alike, or each undoes the
# other's): -O1 -g and no NDEBUG, fast enough to fuzz, readable stacks, assertions live. Only the
# libraries the targets link are built here (not the app, the CLI or the tests).
[ "$prebuilt" = 1 ] || CC=clang-14 CXX=clang++-14 cmake -S . -B "$build" -G Ninja -DSCANVIZ_FUZZ=ON \
  -DSCANVIZ_GUI=OFF -DSCANVIZ_CUDA=OFF -DSCANVIZ_PERF=OFF -DSCANVIZ_BENCH=OFF \
  -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_C_FLAGS_RELWITHDEBINFO="-O1 -g" \
  -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g" >/dev/null
[ "$prebuilt" = 1 ] ||
  cmake --build "$build" -j "$(nproc)" --target "${targets[@]/#/fuzz_}" | grep -vE '^\[|^ninja: no work to do' || true
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
  # input.dict for the input parser; json.dict for the JSON files, with a target's own keys and
  # values after it where it has some (tests/fuzz/<target>.dict): libFuzzer takes one dictionary.
  local dict=tests/fuzz/json.dict
  if [ "$t" = input ]; then
    dict=tests/fuzz/input.dict
  elif [ "$t" = link ]; then
    dict=tests/fuzz/link.dict  # a link's own parts: its text is base64url, not JSON
  elif [ -f "tests/fuzz/$t.dict" ]; then
    dict=$logs/$t.dict
    cat tests/fuzz/json.dict "tests/fuzz/$t.dict" >"$dict"
  fi
  # Keep-going mode counts what it finds: it starts from an empty findings folder.
  [ "$keep_going" = 1 ] && rm -rf "${findings:?}/$t"
  mkdir -p "$build/corpus/$t" "$findings/$t"
  local rc=0 mode=(-print_final_stats=1)
  [ "$keep_going" = 1 ] && mode=(-fork="$workers" -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1)
  # The first corpus directory is the one libFuzzer adds to; the committed seeds come second.
  "$build/tests/fuzz/fuzz_$t" -max_total_time="$seconds" -timeout="$timeout" \
    -rss_limit_mb=2048 -dict="$dict" -artifact_prefix="$findings/$t/" "${mode[@]}" \
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

# The report's first line that says what went wrong, most specific first: a broken invariant,
# undefined behaviour, an uncaught exception, a failed library assertion, then the sanitizer's or
# libFuzzer's own verdict (heap-buffer-overflow, leak, timeout, out-of-memory, deadly signal).
Diagnosis() {
  local pattern line
  for pattern in 'invariant broken: .*' 'runtime error: .*' 'what\(\): .*' "Assertion '.*' failed" \
    'ERROR: [A-Za-z]+Sanitizer: [a-z -]+' 'ERROR: libFuzzer: [a-z -]+'; do
    line=$(grep -m1 -oE "$pattern" "$1" || true)
    if [ -n "$line" ]; then
      echo "${line:0:140}"
      return
    fi
  done
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

# Keep-going mode: runs every kept input of target $1 again and prints its findings grouped by
# what went wrong (numbers and quoted text left out of the grouping), with an example each.
ClassifyFindings() {
  local t=$1 f what
  declare -A count example
  for f in "$findings/$t"/crash-* "$findings/$t"/timeout-* "$findings/$t"/oom-* \
    "$findings/$t"/leak-* "$findings/$t"/slow-unit-*; do
    [ -f "$f" ] && [[ "$f" != *.log ]] && [[ "$f" != *.min ]] || continue
    "$build/tests/fuzz/fuzz_$t" -timeout="$timeout" -rss_limit_mb=2048 "$f" >"$f.log" 2>&1 || true
    what=$(Diagnosis "$f.log")
    [ -n "$what" ] || what="no longer fails (or only slowly) when run again alone"
    local key
    key=$(sed -E 's/"[^"]*"/"…"/g; s/-?[0-9][0-9.eE+-]*/N/g' <<<"$what" | cut -c1-90)
    count[$key]=$((${count[$key]:-0} + 1))
    [ -n "${example[$key]:-}" ] || example[$key]="$f"
  done
  for key in "${!count[@]}"; do
    echo "  ${count[$key]} x $key"
    echo "      e.g. $build/tests/fuzz/fuzz_$t ${example[$key]}"
  done
}

status=0
for t in "${targets[@]}"; do
  rc=$(cat "$logs/$t.rc" 2>/dev/null || echo 2)
  # The last status line: "#123456 DONE cov: 812 ft: 3190 corp: 402/61Kb ..." (in fork mode
  # "#123456: cov: 812 ft: 3190 corp: 402 ...").
  stats=$(grep -E '^#[0-9]+' "$logs/$t.log" | tail -1 || true)
  runs=$(sed -nE 's/^stat::number_of_executed_units: *([0-9]+).*/\1/p' "$logs/$t.log" | tail -1)
  [ -n "$runs" ] || runs=$(sed -nE 's/^#([0-9]+).*/\1/p' <<<"$stats")
  cov=$(sed -nE 's/.* cov: ([0-9]+).*/\1/p' <<<"$stats")
  corp=$(sed -nE 's/.* corp: ([0-9]+(\/[0-9A-Za-z]+)?).*/\1/p' <<<"$stats")
  summary="${seconds} s, ${runs:-?} runs, cov ${cov:-?}, corpus ${corp:-?}"
  if [ "$keep_going" = 1 ]; then
    kept=$(find "$findings/$t" -maxdepth 1 -type f ! -name '*.log' ! -name '*.min' ! -name README |
      wc -l)
    # Fork mode's cov counts differently: replaying the grown corpus with the seeds once gives
    # the figure a plain run reports (the regression seeds left out: they may still crash).
    seeds=$(mktemp -d)
    find "tests/fuzz/corpus/$t" -type f ! -name 'regression-*' -exec cp {} "$seeds" \;
    replay=$("$build/tests/fuzz/fuzz_$t" -runs=0 -rss_limit_mb=2048 "$build/corpus/$t" "$seeds" 2>&1 |
      sed -nE 's/.*INITED (cov: [0-9]+ ft: [0-9]+ corp: [^ ]+).*/\1/p' | tail -1)
    rm -rf "$seeds"
    summary="$summary; the grown corpus and the seeds replayed: ${replay:-failed}"
    if [ "$kept" -eq 0 ]; then
      echo "fuzz $t: ok ($summary)"
    else
      status=1
      echo "fuzz $t: $kept FINDING(S) ($summary):"
      ClassifyFindings "$t"
    fi
    continue
  fi
  if [ "$rc" -eq 0 ]; then
    echo "fuzz $t: ok ($summary)"
    continue
  fi
  status=1
  artifact=$(sed -nE 's/.*Test unit written to (.*)$/\1/p' "$logs/$t.log" | tail -1)
  if [ -n "$artifact" ] && [ -f "$artifact" ]; then
    RecordFinding "$t" "$artifact"
    what=$(Diagnosis "$logs/$t.log")
    echo "fuzz $t: FINDING (${what:-exit $rc}; $summary): $artifact; reproduce: $build/tests/fuzz/fuzz_$t $artifact (see $findings/$t/README)"
  else
    echo "fuzz $t: FAILED (exit $rc, no input kept; $summary): see $logs/$t.log"
  fi
done
exit $status
