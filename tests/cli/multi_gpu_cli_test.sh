#!/usr/bin/env bash
# scanviz-cli trace -a multi-gpu as a user runs it: the table on the simulator, the strategies,
# the fall-back line when no GPUs can run it, usage errors that name the option, nothing written
# on bad input, the file and `check` on it (good and tampered).
set -u
cli=${SCANVIZ_CLI:?set SCANVIZ_CLI to the scanviz-cli binary}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
passed=0
failed=0
pass() { passed=$((passed + 1)); }
fail() { failed=$((failed + 1)); echo "FAIL: $*"; }

# expect_run NAME EXPECTED_RC PATTERN -- ARGS...: the exit code, and the pattern in stdout+stderr.
expect_run() {
  local name=$1 want_rc=$2 pattern=$3
  shift 4
  local out rc
  out=$("$cli" "$@" 2>&1)
  rc=$?
  if [ "$rc" -ne "$want_rc" ]; then fail "$name: exit $rc, expected $want_rc; output: $out"; return; fi
  if ! grep -qF -- "$pattern" <<<"$out"; then fail "$name: output lacks '$pattern': $out"; return; fi
  pass
}

# expect_usage_error NAME PATTERN -- ARGS...: exit 2, one line on stderr naming it, no stdout.
expect_usage_error() {
  local name=$1 pattern=$2
  shift 3
  local out err rc
  out=$("$cli" "$@" 2>"$tmp/err")
  rc=$?
  err=$(cat "$tmp/err")
  if [ "$rc" -ne 2 ]; then fail "$name: exit $rc, expected 2 ($err)"; return; fi
  if [ -n "$out" ]; then fail "$name: printed to stdout: $out"; return; fi
  if [ "$(wc -l <"$tmp/err")" -ne 1 ]; then fail "$name: stderr is not one line: $err"; return; fi
  if ! grep -qF -- "$pattern" <<<"$err"; then fail "$name: '$err' lacks '$pattern'"; return; fi
  pass
}

mg="trace -a multi-gpu -b cpu"
ex=3,1,7,0,4,1,6,3,5,2
# 10 elements over 4 GPUs: shards of 3, 3, 2, 2; totals 11, 5, 9, 7.
expect_run "multi-gpu shards" 0 "1    simulated GPU 1     [3, 6)          5           11,5,9,7                11" -- $mg --gpus 4 -i $ex
expect_run "multi-gpu output" 0 "output: 3,4,11,11,15,16,22,25,30,32" -- $mg --gpus 4 -i $ex
expect_run "multi-gpu check" 0 "check: every shard, total, gathered total, offset and shard timeline holds" -- $mg --gpus 4 -i $ex
expect_run "multi-gpu simulated" 0 "4 simulated GPUs, scan-then-add, add, int32, inclusive, n = 10" -- $mg --gpus 4 -i $ex
expect_run "multi-gpu phases" 0 " · all-gather " -- $mg --gpus 2 -i $ex
expect_run "multi-gpu reduce-then-scan" 0 " · offset 16018-18018 · scan " -- $mg --gpus 2 --strategy reduce-then-scan -i $ex
expect_run "multi-gpu exclusive" 0 "output: 0,3,4,11,11,15,16,22,25,30" -- $mg --gpus 3 --block-algorithm blelloch -i $ex
expect_run "multi-gpu last" 0 "output: 3,3,7,7,4,4,6,6,5,5" -- $mg --gpus 3 --op last --strategy reduce-then-scan -i 3,0,7,0,4,0,6,0,5,0
expect_run "multi-gpu empty shards" 0 "output: 3,4" -- $mg --gpus 5 -i 3,1
expect_run "multi-gpu 2^16" 0 "check: every shard" -- $mg --gpus 8 --tile-size 256 --random 65536
# Without GPUs (this build has no NCCL ranks, or the machine lacks them): auto falls back and says
# why in one line; cuda fails with that line.
expect_run "multi-gpu auto falls back" 0 "simulated GPUs instead" -- trace -a multi-gpu --gpus 2 -i $ex
expect_run "multi-gpu cuda says why" 1 "scanviz-cli: error: multi-gpu on 16 GPUs:" -- trace -a multi-gpu --gpus 16 -b cuda -i $ex
expect_usage_error "multi-gpu gpus" "--gpus 17: choose 1..16" -- $mg --gpus 17 -i $ex
expect_usage_error "multi-gpu strategy" "--strategy 'scan-then-scan': choose scan-then-add or reduce-then-scan" -- $mg --strategy scan-then-scan -i $ex
expect_usage_error "multi-gpu tile size" "--tile-size 6" -- $mg --tile-size 6 -i $ex
expect_usage_error "multi-gpu block size" "--block-size is not for --algorithm multi-gpu" -- $mg --block-size 8 -i $ex
expect_usage_error "gpus elsewhere" "--gpus is for --algorithm multi-gpu" -- trace -a single-pass --gpus 2 -i $ex
expect_usage_error "multi-gpu no narrate" "--narrate is for single-block scans, not multi-gpu" -- $mg --narrate -i $ex
expect_usage_error "multi-gpu bad value" "'y' is not an integer" -- $mg -i 1,y -o "$tmp/never.json"
if [ -e "$tmp/never.json" ]; then fail "multi-gpu wrote a file on bad input"; else pass; fi
expect_run "multi-gpu writes a file" 0 "wrote $tmp/mg.json" -- $mg --gpus 3 --strategy reduce-then-scan --random 50 -o "$tmp/mg.json"
expect_run "multi-gpu file checks" 0 "ok: multi-gpu, 3 GPUs, reduce-then-scan" -- check "$tmp/mg.json"
expect_run "multi-gpu json" 0 '"algorithm": "multi-gpu"' -- $mg --gpus 2 -i $ex --json
if command -v python3 >/dev/null 2>&1; then
  # A rank that says it gathered another total: check names it.
  python3 - "$tmp/mg.json" "$tmp/mg-bad.json" <<'PY'
import json, sys
t = json.load(open(sys.argv[1]))
t["multi_gpu"]["ranks"][2]["gathered"][0] += 1
json.dump(t, open(sys.argv[2], "w"))
PY
  expect_run "multi-gpu tampered gathered" 1 "rank 2: gathered" -- check "$tmp/mg-bad.json"
fi

echo "multi-gpu cli: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
