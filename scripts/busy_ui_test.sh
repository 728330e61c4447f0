#!/usr/bin/env bash
# The plain build's UI tests that drive the live app (keys, clicks, double-clicks, waits for its
# --state-file) with a CPU hog beside them: stress-ng keeps every core busy (one worker a core
# unless SCANVIZ_HOG_CPUS says), so the app's frames, xdotool and the tests' own Python come late,
# as on a loaded CI machine. The tests wait for the app's state, never for wall time
# (docs/testing.md, Tests that hold on a busy machine): here they must all pass. The hog is always
# stopped, whatever happens to the tests (a trap on exit and on signals), and a stress-ng that
# outlives this script anyway stops itself after its own --timeout.
#
# Left out unless --all: ui_keyboard_tests (a walk of every menu item by keys, over 4 minutes
# beside the hog; the TSan stage leaves it out too) and the screenshot tests (one `--screenshot`
# run each, no input and no wait to hold: only slower), which would take CI past its 30 minutes.
#
#   bash scripts/busy_ui_test.sh [--all] [extra ctest arguments]    (after scripts/build.sh)
set -euo pipefail
cd "$(dirname "$0")/.."
build=${SCANVIZ_BUILD_DIR:-build}
cpus=${SCANVIZ_HOG_CPUS:-$(nproc)}
select=(-R '^ui_(live|export_live|quiz|gpus|qr|narration_copy)_tests$')
if [ "${1:-}" = "--all" ]; then
  select=(-R '^ui_')
  shift
fi
start=$SECONDS
if ! command -v stress-ng >/dev/null; then
  echo "busy: FAILED (no stress-ng: scripts/setup.sh installs it)"
  exit 1
fi
if [ ! -f "$build/CTestTestfile.cmake" ]; then
  echo "busy: FAILED (no build in $build: run scripts/build.sh first)"
  exit 1
fi

# Each in its own process group (setsid), so that the trap stops stress-ng and every worker it
# forked, and ctest with the tests and apps it started. ctest runs in the background and is waited
# for, so that a signal reaches the trap at once, not when the tests end.
hog="" tests=""
Stop() {
  [ -z "$tests" ] || kill -TERM -- "-$tests" 2>/dev/null || true
  [ -z "$hog" ] || kill -TERM -- "-$hog" 2>/dev/null || true
  wait 2>/dev/null || true
}
trap Stop EXIT
trap 'echo "busy: FAILED (interrupted)"; exit 130' INT TERM
setsid stress-ng --cpu "$cpus" --timeout 3600s --quiet >"$build/busy-stress-ng.log" 2>&1 &
hog=$!

rc=0
setsid ctest --test-dir "$build" --output-on-failure --timeout 900 -j "$(nproc)" "${select[@]}" "$@" \
  >"$build/busy-ctest.log" 2>&1 &
tests=$!
wait "$tests" || rc=$?
tests=""
grep -vE '^ *(Start|[0-9]+/[0-9]+ Test +#[0-9]+: .* Passed)' "$build/busy-ctest.log" | tail -60 || true
load=$(cut -d' ' -f1-3 /proc/loadavg)
counts=$(grep -E 'tests passed' "$build/busy-ctest.log" | tail -1 | sed 's/^ *//' || true)
if [ "$rc" -eq 0 ]; then
  echo "busy: ok (${counts:-no tests}; beside stress-ng --cpu $cpus, load $load; $((SECONDS - start)) s)"
else
  echo "busy: FAILED (${counts:-ctest exit $rc}; beside stress-ng --cpu $cpus, load $load; $((SECONDS - start)) s)"
fi
exit "$rc"
