#!/usr/bin/env bash
# The tests under clang-14's sanitizers, each build in its own directory:
#
#   asan: core_tests, teach_tests, app_tests (scene, player, settings, benchmark results),
#         export_tests (the GIF writer, the export plan) and the CLI test, with AddressSanitizer (+ LeakSanitizer) and UndefinedBehaviorSanitizer
#         (float-cast-overflow included, no recovery: undefined behaviour fails the test) and
#         libstdc++'s assertions, the GUI and CUDA off, in build-asan/. It is the fuzz targets'
#         build (SCANVIZ_FUZZ=ON, CMakeLists.txt has the flags), shared with scripts/fuzz.sh:
#         the libFuzzer coverage instrumentation it adds changes nothing the tests see.
#   tsan: the desktop app's UI tests (ui_headless_tests, ui_panels_tests, ui_live_tests,
#         ui_export_tests: the app
#         under Xvfb and Mesa's llvmpipe, by screenshot and driven by xdotool) with
#         ThreadSanitizer, the GUI on, in build-tsan/; the one report Mesa makes at exit is
#         suppressed by tests/sanitizers/tsan.supp, which says why.
#
#   bash scripts/sanitize.sh [asan] [tsan]      (both when none is named)
#
# Every sanitizer report is also written to <build>/sanitizer-logs/ and printed at the end, since
# some tests capture the programs' stderr. Prints one line per stage; exits 1 when one failed.
set -euo pipefail
cd "$(dirname "$0")/.."
stages=("$@")
[ ${#stages[@]} -gt 0 ] || stages=(asan tsan)
for s in "${stages[@]}"; do
  [ "$s" = asan ] || [ "$s" = tsan ] || {
    echo "sanitize: unknown stage '$s' (asan, tsan)" >&2
    exit 2
  }
done
command -v clang++-14 >/dev/null || {
  echo "sanitize: clang++-14 not found (bash scripts/setup.sh installs it)" >&2
  exit 2
}
symbolizer=$(command -v llvm-symbolizer-14 || echo /usr/lib/llvm-14/bin/llvm-symbolizer)
jobs=$(nproc)

# Configures a clang-14 build at -O1 -g without NDEBUG (readable stacks, assertions live), CUDA
# and the benchmarks off, as scripts/fuzz.sh does. Extra arguments go to cmake.
Configure() {
  local build=$1
  shift
  CC=clang-14 CXX=clang++-14 cmake -S . -B "$build" -G Ninja -DSCANVIZ_CUDA=OFF \
    -DSCANVIZ_PERF=OFF -DSCANVIZ_BENCH=OFF -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DCMAKE_C_FLAGS_RELWITHDEBINFO="-O1 -g" -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g" \
    "$@" >/dev/null
}

# Prints the reports the sanitizers wrote under $1 (log_path); fails when there is one.
Reports() {
  local dir=$1 found=0 f
  for f in "$dir"/*; do
    [ -s "$f" ] || continue
    found=1
    echo "---- $f"
    cat "$f"
  done
  return $found
}

# A stage's result: the counts from CTest's log, and whether it and the sanitizers were clean.
Summary() {
  local stage=$1 log=$2 rc=$3 reports=$4 seconds=$5
  local counts
  counts=$(grep -E 'tests passed|tests failed' "$log" | tail -1 | sed 's/^ *//' || true)
  if [ "$rc" -eq 0 ] && [ "$reports" -eq 0 ]; then
    echo "sanitize $stage: ok (${counts:-no test ran}; no sanitizer report; ${seconds} s)"
    return 0
  fi
  echo "sanitize $stage: FAILED (${counts:-ctest exit $rc}; $reports sanitizer report file(s); ${seconds} s)"
  return 1
}

status=0
for stage in "${stages[@]}"; do
  start=$SECONDS
  if [ "$stage" = asan ]; then
    build=build-asan
    # The flags are SCANVIZ_FUZZ's: the same configuration as scripts/fuzz.sh.
    Configure "$build" -DSCANVIZ_FUZZ=ON -DSCANVIZ_GUI=OFF
    targets=(core_tests teach_tests app_tests export_tests gpu_tests scanviz-cli)
    # The classroom server's tests (issue #34): its library, its gate's Stream (scanviz-cli serve
    # itself is the scanviz-cli above, run by classroom_serve_test).
    targets+=(classroom_tests classroom_gate_tests)
    # The narration audit (issue #37): every sentence of every kind recounted from its trace
    # (about 3 minutes here, under a minute in the plain build).
    targets+=(narration_audit_tests)
    # The QR code's library (where libqrencode is) and the desktop teacher's publisher (issue #34),
    # where the configuration has them: else CTest runs their _NOT_BUILT stand-ins and fails.
    # The saved sessions and links of every kind (issue #35, tests/data/compat) opened through
    # AppState: a test that names its target once it is configured.
    for t in qr_tests class_publisher_tests compat_tests; do
      ninja -C "$build" -t query "$t" >/dev/null 2>&1 && targets+=("$t")
    done
    logs=$PWD/$build/sanitizer-logs
    export ASAN_OPTIONS="detect_leaks=1:detect_stack_use_after_return=1:check_initialization_order=1:strict_init_order=1:log_path=$logs/asan"
    export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1:log_path=$logs/ubsan"
    export ASAN_SYMBOLIZER_PATH=$symbolizer
    # gpu_tests: built so that CTest does not report it missing; without CUDA it skips.
    # The two sweeps over every size 1..300 of the grid and of the applications take two minutes
    # under ASan: their sanitized cases are the same code as the large-size tests here, so they
    # run in the plain build only.
    tests=(-E '^ui_|^MultiBlock\.EverySizeUpTo300|^Applications\.EverySizeUpTo300')
  else
    build=build-tsan
    flags="-fsanitize=thread -fno-omit-frame-pointer"
    Configure "$build" -DSCANVIZ_GUI=ON -DCMAKE_C_FLAGS="$flags" -DCMAKE_CXX_FLAGS="$flags" \
      -DCMAKE_EXE_LINKER_FLAGS="$flags"
    targets=(scanviz scanviz-cli)
    logs=$PWD/$build/sanitizer-logs
    # The live UI test's idle-CPU check measures the app, not a sanitizer's runtime (whose own
    # threads wake on their own): it is skipped under one, and says so.
    export SCANVIZ_UNDER_SANITIZER=tsan
    export TSAN_OPTIONS="suppressions=$PWD/tests/sanitizers/tsan.supp:second_deadlock_stack=1:external_symbolizer_path=$symbolizer:log_path=$logs/tsan"
    # Less ui_keyboard_tests: a walk of every menu item by keys (3 minutes, 7 under TSan) on the UI
    # thread alone; the app's threads (workers, exports, --teach's publisher) run in the others.
    tests=(-R '^ui_' -E '^ui_keyboard_tests$')
  fi
  rm -rf "$logs"
  mkdir -p "$logs"
  # The build's gtest discovery runs the test programs, under the sanitizer too.
  cmake --build "$build" -j "$jobs" --target "${targets[@]}" >"$build/build.log" 2>&1 || {
    tail -40 "$build/build.log"
    echo "sanitize $stage: FAILED (build; see $build/build.log)"
    status=1
    continue
  }
  rc=0
  ctest --test-dir "$build" --output-on-failure --timeout 600 -j "$jobs" "${tests[@]}" \
    >"$build/ctest.log" 2>&1 || rc=$?
  if [ $rc -ne 0 ]; then
    grep -vE '^ *(Start|[0-9]+/[0-9]+ Test +#[0-9]+: .* Passed)' "$build/ctest.log" | tail -60 || true
  fi
  reports=0
  Reports "$logs" || reports=$(find "$logs" -type f -size +0 | wc -l)
  Summary "$stage" "$build/ctest.log" $rc "$reports" $((SECONDS - start)) || status=1
done
exit $status
