#!/usr/bin/env bash
# Mutation check: does the test suite catch the bugs we can imagine? Plants each bug of
# scripts/mutation_plants.txt (an exact text replacement in one file) one at a time, rebuilds only
# the programs that the plant's tests run, runs those tests (ctest -R), puts the file back, and
# says "caught" (some test failed) or "NOT CAUGHT" (every test still passed). Exit 0 only when every
# plant was caught; 1 when one was not; 2 when the check itself cannot run (a plant no longer
# applies, a plant does not compile, the baseline fails). See docs/testing.md.
#
# usage: bash scripts/mutation_check.sh [--all] [--list] [PLANT...]
#   PLANT...  only these plants (by name); default: every plant in the list
#   --all     run every test for every plant (slow; to see everything that catches a plant)
#   --list    print the plants and exit
#
# Builds in build-mutation/ (or $SCANVIZ_MUTATION_BUILD_DIR), configured once per run with the GUI,
# without CUDA and the performance lab; ccache (when installed) makes rebuilding a reverted file a
# cache hit. About 45 minutes on 2 cores with a warm ccache (142 plants after a 10-minute baseline;
# docs/testing.md has the last run).
set -uo pipefail
cd "$(dirname "$0")/.." || exit 2
# As scripts/test.sh: ccache hits across clones in other folders.
export CCACHE_BASEDIR="${CCACHE_BASEDIR:-$PWD}" CCACHE_NOHASHDIR="${CCACHE_NOHASHDIR:-1}"
plants_file=scripts/mutation_plants.txt
build=${SCANVIZ_MUTATION_BUILD_DIR:-build-mutation}
jobs=$(nproc)

all_tests=0
# Never run: the GPU tests, which skip in this build without CUDA (gpu-validation.md runs them):
# every suite whose name starts with Gpu (GpuVsCpu, GpuGrid, GpuMistakes, GpuSinglePass,
# GpuApplications, ...), a parameterised one's too (EveryAlgorithm/GpuBareBlock.X/0), and
# AppStateGpu. A GPU test that a later suite adds under another name only skips: the baseline
# allows skips (below). Nor compat_state_tests: its goldens are the layout of a build with CUDA
# (the controls' backend row is three radio buttons there, one line of text here, 6 px shorter,
# and every widget below it moves); no plant lists it, and scripts/test.sh's build runs it.
exclude=(-E '(^|/)(Gpu[A-Za-z0-9_]*|AppStateGpu)[.]|^compat_state_tests$')
list_only=0
wanted=()
for arg in "$@"; do
  case "$arg" in
    --all) all_tests=1 ;;
    --list) list_only=1 ;;
    -h | --help) sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) echo "mutation_check: unknown option $arg" >&2; exit 2 ;;
    *) wanted+=("$arg") ;;
  esac
done

die() { echo "mutation_check: $*" >&2; exit 2; }
for tool in cmake ninja ctest python3; do
  command -v "$tool" >/dev/null || die "$tool not found (bash scripts/setup.sh installs it)"
done

# [SECTION] The plant list
# Records of "key: value" lines, one blank-line-separated record per plant (see the file's head).
names=() files=() bugs=() tests=() olds=() news=()
parse_plants() {
  local line key value lineno=0 in_record=0
  local name="" file="" bug="" regex="" old="" new="" have_old=0 have_new=0 start=0
  flush() {
    [ "$in_record" -eq 1 ] || return 0
    [ -n "$name" ] || die "$plants_file:$start: a plant without a name"
    [ -n "$file" ] || die "$plants_file:$start: plant $name has no file"
    [ -n "$bug" ] || die "$plants_file:$start: plant $name does not say what bug it stands for"
    [ -n "$regex" ] || die "$plants_file:$start: plant $name has no tests regex"
    [ "$have_old" -eq 1 ] || die "$plants_file:$start: plant $name has no old text"
    [ -n "$old" ] || die "$plants_file:$start: plant $name has an empty old text"
    [ "$have_new" -eq 1 ] || die "$plants_file:$start: plant $name has no new text"
    [ "$old" != "$new" ] || die "$plants_file:$start: plant $name changes nothing"
    local n
    for n in "${names[@]}"; do [ "$n" != "$name" ] || die "$plants_file: two plants named $name"; done
    names+=("$name") files+=("$file") bugs+=("$bug") tests+=("$regex") olds+=("$old") news+=("$new")
    in_record=0 name="" file="" bug="" regex="" old="" new="" have_old=0 have_new=0
  }
  while IFS= read -r line || [ -n "$line" ]; do
    lineno=$((lineno + 1))
    case "$line" in
      '#'*) continue ;;
      '') flush; continue ;;
    esac
    [[ "$line" =~ ^([a-z]+):\ ?(.*)$ ]] || die "$plants_file:$lineno: not a 'key: value' line: $line"
    key=${BASH_REMATCH[1]}
    value=${BASH_REMATCH[2]}
    [ "$in_record" -eq 1 ] || { in_record=1; start=$lineno; }
    # Values are taken as written after "key: " (one space); the old and new texts keep every
    # other character, leading spaces included.
    case "$key" in
      name) name=$value ;;
      file) file=$value ;;
      bug) bug=$value ;;
      tests) regex=$value ;;
      old) old=$value have_old=1 ;;
      new) new=$value have_new=1 ;;
      *) die "$plants_file:$lineno: unknown key '$key'" ;;
    esac
  done <"$plants_file"
  flush
}
[ -f "$plants_file" ] || die "$plants_file not found"
parse_plants

if [ "$list_only" -eq 1 ]; then
  for i in "${!names[@]}"; do
    printf '%-32s %s\n    %s\n' "${names[$i]}" "${files[$i]}" "${bugs[$i]}"
  done
  exit 0
fi

selected=()
if [ ${#wanted[@]} -eq 0 ]; then
  selected=("${!names[@]}")
else
  for w in "${wanted[@]}"; do
    found=""
    for i in "${!names[@]}"; do [ "${names[$i]}" = "$w" ] && found=$i; done
    [ -n "$found" ] || die "no plant named $w (--list shows them)"
    selected+=("$found")
  done
fi

# count_occurrences FILE TEXT: how many times TEXT occurs in FILE, exactly.
count_occurrences() {
  python3 -c 'import sys; print(open(sys.argv[1], encoding="utf-8", newline="").read().count(sys.argv[2]))' "$1" "$2"
}
# replace_once FILE OLD NEW: OLD must occur exactly once.
replace_once() {
  python3 - "$1" "$2" "$3" <<'PY'
import sys
path, old, new = sys.argv[1:]
text = open(path, encoding="utf-8", newline="").read()
if text.count(old) != 1:
    sys.exit(1)
with open(path, "w", encoding="utf-8", newline="") as f:
    f.write(text.replace(old, new, 1))
PY
}

# Every selected plant must apply before anything is built: a list that has drifted from the code
# is an error to fix, never a plant to skip.
for i in "${selected[@]}"; do
  f=${files[$i]}
  [ -f "$f" ] || die "plant ${names[$i]} no longer applies: $f does not exist: update the list"
  count=$(count_occurrences "$f" "${olds[$i]}")
  [ "$count" = 1 ] || die "plant ${names[$i]} no longer applies: its old text occurs $count times in $f (wanted exactly once): update the list"
done

# [SECTION] Putting the file back, whatever happens
# The planted file's original is saved before the plant and copied back (a fresh modification
# time, so that the next build recompiles it) on success, failure, Ctrl-C or kill.
work=$(mktemp -d)
planted=""
restore() {
  if [ -n "$planted" ]; then
    cp "$work/original" "$planted" || { echo "mutation_check: could not restore $planted" >&2; return 1; }
    planted=""
  fi
}
cleanup() {
  [ -z "$planted" ] || echo "mutation_check: putting $planted back" >&2
  restore || exit 2
  rm -rf "$work"
}
trap cleanup EXIT
trap 'echo "mutation_check: interrupted" >&2; exit 130' INT TERM HUP

# [SECTION] Build and test helpers
logs=$build/mutation-logs
run_cmake() {  # run_cmake LOG ARGS...: quiet unless it fails
  local log=$1
  shift
  if ! cmake "$@" >"$log" 2>&1; then
    tail -40 "$log" >&2
    return 1
  fi
}

# targets_for REGEX: the build-tree programs that the tests matching REGEX run (read from
# ctest's own description of each test), as ninja targets. Building exactly these means a test
# can never run a program that is out of date with the planted source.
targets_for() {
  ctest --test-dir "$build" --show-only=json-v1 -R "$1" "${exclude[@]}" 2>/dev/null | python3 -c '
import json, os, sys
build = os.path.realpath(sys.argv[1])
out = set()
for test in json.load(sys.stdin).get("tests", []):
    for arg in test.get("command", []):
        path = arg.split("=", 1)[1] if "=" in arg else arg
        path = os.path.realpath(path) if os.path.isabs(path) else ""
        if path.startswith(build + os.sep):
            out.add(os.path.relpath(path, build))
print(" ".join(sorted(out)))' "$build"
}

# run_tests REGEX LOG: runs the tests; prints "pass", "fail NAME NAME ..." or "none".
# A skipped test is neither: run_tests reports it as "skip NAME ...".
run_tests() {
  local regex=$1 log=$2
  # --timeout: a deadline for a hung test (as scripts/test.sh's), never a measure of speed: on a
  # loaded machine a test may be slow, and a baseline that fails for it stops the whole check.
  ctest --test-dir "$build" -R "$regex" "${exclude[@]}" -j "$jobs" --timeout 300 --output-on-failure >"$log" 2>&1
  python3 - "$log" <<'PY'
import re, sys
text = open(sys.argv[1], encoding="utf-8", errors="replace").read()
if "No tests were found" in text:
    print("none")
    sys.exit()
def listed(heading):  # the tests ctest lists under a heading: "  82 - ui_panels_tests (Failed)"
    if heading not in text:
        return []
    return re.findall(r"^\s+\d+ - (\S+) \(", text.split(heading, 1)[1].split("\n\n", 1)[0], re.M)
failed = listed("The following tests FAILED:")
skipped = listed("The following tests did not run:")
if failed:
    print("fail " + " ".join(failed))
elif skipped:
    print("skip " + " ".join(skipped))
else:
    print("pass")
PY
}

# [SECTION] Configure once, build and check the baseline
start_all=$(date +%s)
mkdir -p "$build"
rm -rf "$logs"
mkdir -p "$logs"
echo "mutation_check: ${#selected[@]} plants; build dir $build (GUI on, CUDA and perf off), -j $jobs"
run_cmake "$logs/configure.log" -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DSCANVIZ_CUDA=OFF -DSCANVIZ_PERF=OFF -DSCANVIZ_BENCH=OFF -DSCANVIZ_GUI=ON -DSCANVIZ_TESTS=ON ||
  die "configure failed (log: $logs/configure.log)"
run_cmake "$logs/baseline-build.log" --build "$build" -j "$jobs" ||
  die "the baseline does not build (log: $logs/baseline-build.log)"
[ -x "$build/app/ui/scanviz" ] ||
  die "the desktop app was not built (GLFW or Dear ImGui missing?): the UI plants need it"

# Every test but the GPU ones must pass on the unplanted code: a test that already fails would
# "catch" every plant. A skipped test (a GPU test not excluded above, the GIF test without giflib,
# a UI test without Xvfb) is no failure: it is listed, and a plant that only a skipped test could
# catch shows as NOT CAUGHT (its outcome "skip"). (The whole suite rather than the plants' tests:
# CMake's regular expressions allow too few groups to join them.)
baseline=$(run_tests "." "$logs/baseline-tests.log")
case "$baseline" in
  pass) ;;
  skip*) echo "baseline: skipped, not failed (${baseline#skip }); log: $logs/baseline-tests.log" ;;
  *) die "the baseline is not green ($baseline); log: $logs/baseline-tests.log" ;;
esac
for i in "${selected[@]}"; do
  count=$(ctest --test-dir "$build" -N -R "${tests[$i]}" | sed -n 's/^Total Tests: //p')
  [ "${count:-0}" -gt 0 ] || die "plant ${names[$i]}: its tests regex '${tests[$i]}' matches no test: update the list"
done
echo "baseline: built, and all $(ctest --test-dir "$build" -N "${exclude[@]}" | sed -n 's/^Total Tests: //p') tests but the GPU ones and compat_state_tests pass or skip ($(($(date +%s) - start_all)) s)"
echo

# [SECTION] The plants
caught=0
missed=0
broken=0
uncaught=()
unbuilt=()
k=0
for i in "${selected[@]}"; do
  k=$((k + 1))
  name=${names[$i]} file=${files[$i]} regex=${tests[$i]}
  [ "$all_tests" -eq 1 ] && regex="."
  t0=$(date +%s)
  targets=$(targets_for "$regex")
  [ -n "$targets" ] || die "plant $name: its tests run no program of the build tree"
  cp "$file" "$work/original"
  planted=$file
  replace_once "$file" "${olds[$i]}" "${news[$i]}" ||
    die "plant $name no longer applies: update the list"
  # shellcheck disable=SC2086  # targets is a list of paths without spaces
  if ! run_cmake "$logs/$name-build.log" --build "$build" -j "$jobs" --target $targets; then
    restore || exit 2
    printf '[%2d/%d] %-34s BUILD FAILED: the plant does not compile (log: %s): fix the list\n' \
      "$k" "${#selected[@]}" "$name" "$logs/$name-build.log"
    unbuilt+=("$name")
    broken=$((broken + 1))
    continue
  fi
  outcome=$(run_tests "$regex" "$logs/$name-tests.log")
  restore || exit 2
  seconds=$(($(date +%s) - t0))
  case "$outcome" in
    fail*)
      # shellcheck disable=SC2086  # one word per failed test
      set -- ${outcome#fail }
      verdict="caught"
      first="${*:1:4}"
      by="failed ($#): ${first// /, }"
      [ $# -gt 4 ] && by+=", ... (all in $logs/$name-tests.log)"
      caught=$((caught + 1))
      ;;
    *)
      verdict="NOT CAUGHT"
      by="every test passed: $regex ($outcome)"
      uncaught+=("$name")
      missed=$((missed + 1))
      ;;
  esac
  printf '[%2d/%d] %-34s %-10s  %3d s  %s\n' "$k" "${#selected[@]}" "$name" "$verdict" "$seconds" \
    "${files[$i]}"
  printf '        bug: %s\n        %s\n' "${bugs[$i]}" "$by"
done

# [SECTION] Summary
echo
echo "summary: $caught of ${#selected[@]} plants caught, $missed not caught, $broken did not build;" \
  "$(($(date +%s) - start_all)) s in all"
[ ${#uncaught[@]} -eq 0 ] || printf '  NOT CAUGHT: %s\n' "${uncaught[@]}"
[ ${#unbuilt[@]} -eq 0 ] || printf '  DOES NOT BUILD: %s\n' "${unbuilt[@]}"
[ "$broken" -eq 0 ] || exit 2
[ "$missed" -eq 0 ]
