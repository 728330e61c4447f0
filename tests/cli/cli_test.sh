#!/usr/bin/env bash
# scanviz-cli as a user runs it: the chapters' examples, exit codes, one-line errors that name the
# offending token, nothing written on bad input, check on good and tampered files, and the --json
# trace checked field by field (check_trace_json.py) against the documented format.
#
# Every check ends in exactly one pass or fail: no check is skipped because a tool is missing.
# The JSON checks need python3; without it the other checks still run, and the script exits 77,
# which CTest reports as skipped (SKIP_RETURN_CODE), never as passed.
set -u
cli=${SCANVIZ_CLI:?set SCANVIZ_CLI to the scanviz-cli binary}
here=$(cd "$(dirname "$0")" && pwd)
checker="$here/check_trace_json.py"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
passed=0
failed=0
have_python=0
if command -v python3 >/dev/null 2>&1; then have_python=1; fi

pass() { passed=$((passed + 1)); }
fail() { failed=$((failed + 1)); echo "FAIL: $*"; }

# expect_run NAME EXPECTED_RC GREP_PATTERN -- ARGS...: runs the CLI, checks the exit code and that
# stdout+stderr contain the pattern.
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

# expect_usage_error NAME PATTERN -- ARGS...: exit 2, exactly one line on stderr naming the problem,
# nothing on stdout.
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

ex=3,1,7,0,4,1,6,3
expect_run "blelloch example" 0 "result (exclusive): [0,3,4,11,11,15,16,22]" -- trace --algorithm blelloch --input $ex --backend cpu
expect_run "blelloch rounds" 0 "down-sweep round 3  stride 1" -- trace --algorithm blelloch --input $ex --backend cpu
expect_run "hillis-steele example" 0 "result (inclusive): [3,4,11,11,15,16,22,25]" -- trace --algorithm hillis-steele --input "3 1 7 0 4 1 6 3" --backend cpu
expect_run "hillis-steele round 3" 0 "round 3  stride 4  read buf[0] (pin), write buf[1] (pout)" -- trace -a hillis-steele -i $ex -b cpu
expect_run "auto says which ran" 0 "ran on: " -- trace -a blelloch -i $ex
expect_run "max" 0 "result (inclusive): [3,3,7,7,7,7,7,7]" -- trace -i $ex --op max -b cpu
expect_run "min negative" 0 "result (inclusive): [-3,-3,-3,-5]" -- trace --input=-3,1,7,-5 --op min -b cpu
expect_run "max tags name the operator" 0 "swmx swap-and-max (solid)" -- trace -a blelloch -i $ex --op max -b cpu
expect_run "min tags name the operator" 0 "mn newly computed with min (solid)" -- trace -i $ex --op min -b cpu
expect_run "negative first value, no =" 0 "result (inclusive): [-3,-2,5]" -- trace --input -3,1,7 -b cpu
expect_run "negative first value, short flag" 0 "result (inclusive): [-3,-2,5]" -- trace -i "-3 1 7" -b cpu
expect_run "random" 0 "n = 100" -- trace --random 100 --seed 4 -b cpu
expect_run "windows" 0 "0..7" -- trace -i $ex --windows -b cpu
expect_run "float32" 0 "result (inclusive): [1.5,2,4.25]" -- trace -i 1.5,0.5,2.25 --type float32 -b cpu
expect_run "version" 0 "scanviz-cli 0.1.0" -- --version
# The mistakes lab: the broken run beside the correct one, the first wrong cell named.
expect_run "mistake single buffer" 0 "the first is result[2] = 7, should be 6" -- trace -a hillis-steele --random 1024 --mistake single-buffer --thread-order in-order
expect_run "mistake names the hazard" 0 "hazard: round 1: thread 2 read buf[0][1] after thread 1 had already overwritten it in the same round" -- trace -a hillis-steele --random 1024 --mistake single-buffer --thread-order in-order
expect_run "single buffer from the top down is right" 0 "result: the same as the correct kernel's" -- trace -a hillis-steele --random 1024 --mistake single-buffer --thread-order reverse
expect_run "no barrier in one warp" 0 "result: the same as the correct kernel's" -- trace -a hillis-steele --random 32 --mistake no-barrier --thread-order warp-by-warp
expect_run "no barrier across warps" 0 "first difference: round" -- trace -a blelloch --random 1024 --mistake no-barrier --thread-order warp-by-warp
expect_run "no seed" 0 "result[0] = 25, should be 0" -- trace -a blelloch -i $ex --mistake no-seed
expect_run "mistake to a file" 0 "wrote $tmp/mistake.json" -- trace -a blelloch -i $ex --mistake no-seed -o "$tmp/mistake.json"
expect_run "a mistake file says so" 0 "\"mistake\": \"no-seed\"" -- trace -a blelloch -i $ex --mistake no-seed --json
expect_run "help" 0 "trace" -- --help
expect_run "trace help" 0 "--algorithm" -- trace --help

# Overflow: a warning naming the first cell that wrapped, and the trace still printed.
expect_run "overflow warning" 0 "warning: int32 overflow: the first cell that wrapped is round 1, buf[1][1]" -- trace -i 2147483647,1 -b cpu

# --op last, the non-commutative operator: a swapped combination would keep an earlier value.
sparse=0,5,0,0,2,0,7,0
expect_run "last hillis-steele" 0 "result (inclusive): [0,5,5,5,2,2,7,7]" -- trace -a hillis-steele -i $sparse --op last -b cpu
expect_run "last blelloch" 0 "result (exclusive): [0,0,5,5,5,2,2,7]" -- trace -a blelloch -i $sparse --op last -b cpu

# expect_json NAME CASE -- ARGS...: the CLI exits 0, says on stderr which backend ran, and prints on
# stdout one JSON document whose every field equals check_trace_json.py's CASE.
expect_json() {
  local name=$1 want=$2
  shift 3
  local rc
  "$cli" "$@" >"$tmp/$want.json" 2>"$tmp/$want.err"
  rc=$?
  if [ "$rc" -ne 0 ]; then
    fail "$name: exit $rc, expected 0: $(cat "$tmp/$want.err")"
    python3 "$checker" check "$want" "$tmp/$want.json"  # where the trace went wrong, if it did
    return
  fi
  if ! grep -qF "ran on: CPU simulation" "$tmp/$want.err"; then
    fail "$name: stderr does not say which backend ran: $(cat "$tmp/$want.err")"
    return
  fi
  if ! python3 "$checker" check "$want" "$tmp/$want.json"; then fail "$name: see above"; return; fi
  # The checker must reject each of a list of one-field edits of this very file.
  if ! python3 "$checker" selftest "$want" "$tmp/$want.json"; then fail "$name: selftest"; return; fi
  pass
}

if [ "$have_python" -eq 1 ]; then
  expect_json "json blelloch" blelloch-add -- trace -a blelloch -i $ex --json -b cpu
  expect_json "json hillis-steele" hillis-steele-add -- trace -a hillis-steele -i $ex --json -b cpu
  expect_json "json last blelloch" blelloch-last -- trace -a blelloch -i $sparse --op last --json -b cpu
  expect_json "json last hillis-steele" hillis-steele-last -- trace -a hillis-steele -i $sparse --op last --json -b cpu
fi

# The warp-shuffle scan: its --json is a version 2 trace whose result (the registers v after the
# last round) is the inclusive scan, for int32 and float32 and every operator, in one warp and in
# several; the expected scan is computed here, left to right.
if [ "$have_python" -eq 1 ]; then
  for n in 8 70; do
    for type in int32 float32; do
      for op in add max min last; do
        name="warp-shuffle $type $op n=$n"
        values=$(python3 -c "import random; r=random.Random($n); print(','.join(str(r.choice([0,r.randint(-9,9)])*(1 if '$type'=='int32' else 0.5)) for _ in range($n)))")
        if ! "$cli" trace -a warp-shuffle --input="$values" --type $type --op $op --json -b cpu >"$tmp/ws.json" 2>"$tmp/ws.err"; then
          fail "$name: exit $?: $(cat "$tmp/ws.err")"
          continue
        fi
        if python3 - "$tmp/ws.json" "$values" "$op" "$n" <<'PY'; then pass; else fail "$name: see above"; fi
import json, sys
d = json.load(open(sys.argv[1]))
x = [float(v) for v in sys.argv[2].split(",")]
op, n = sys.argv[3], int(sys.argv[4])
combine = {"add": lambda a, b: a + b, "max": max, "min": min,
           "last": lambda a, b: b if b != 0 else a}[op]
want, acc = [], None
for v in x:
    acc = v if acc is None else combine(acc, v)
    want.append(acc)
problems = []
if d["version"] != 2 or d["meta"]["algorithm"] != "warp-shuffle":
    problems.append(f"version {d['version']}, algorithm {d['meta']['algorithm']}")
arrays = [a["name"] for a in d["arrays"]]
if arrays != ["v", "sums", "t"] or d["arrays"][0]["space"] != "register":
    problems.append(f"arrays {d['arrays']}")
last = d["rounds"][-1]
if last["pout"] != 0:
    problems.append(f"the last round writes array {last['pout']}, not v")
got = last["values"][0][:n]
if any(abs(g - w) > 1e-4 * max(1.0, abs(w)) for g, w in zip(got, want)) or len(got) != n:
    problems.append(f"result {got[:10]}..., expected {want[:10]}...")
levels = {r["level"] for r in d["rounds"]}
if "warp" not in levels:
    problems.append(f"no warp-level round: {levels}")
for p in problems:
    print(p)
sys.exit(1 if problems else 0)
PY
      done
    done
  done
fi

# Trace files: write, check ok; tamper, check fails; garbage, check fails with a message.
expect_run "write trace" 0 "wrote $tmp/b.json" -- trace -a blelloch -i $ex -b cpu -o "$tmp/b.json"
expect_run "check good" 0 "ok: Blelloch" -- check "$tmp/b.json"
sed -E 's/"version": *[0-9]+/"version":7/' "$tmp/b.json" >"$tmp/v7.json"
expect_run "check version" 2 "unsupported trace format version 7" -- check "$tmp/v7.json"
head -c 200 "$tmp/b.json" >"$tmp/trunc.json"
expect_run "check truncated" 2 "malformed JSON" -- check "$tmp/trunc.json"
expect_run "check missing" 2 "cannot open" -- check "$tmp/nope.json"
# The file written with -o is the one --json prints.
if [ "$have_python" -eq 1 ]; then
  if python3 "$checker" check blelloch-add "$tmp/b.json"; then pass; else fail "written file: see above"; fi
fi
# Change the up-sweep total 25 to 26 in the file: structurally valid, semantically wrong.
if [ "$have_python" -eq 1 ]; then
  if python3 - "$tmp/b.json" "$tmp/bad.json" <<'PY'; then
import json, sys
d = json.load(open(sys.argv[1]))
assert d["rounds"][3]["values"][0][7] == 25, "round 3 should hold the up-sweep total 25"
d["rounds"][3]["values"][0][7] = 26
json.dump(d, open(sys.argv[2], "w"))
PY
    expect_run "check wrong value" 1 "round 3 buf[7] = 26, but its window [0..7] combines to 25" -- check "$tmp/bad.json"
  else
    fail "check wrong value: could not write the tampered file"
  fi
fi

# Bad input: exit 2, one line naming the offending token, nothing written.
expect_usage_error "not an integer" "'x7' is not an integer" -- trace -i 3,x7,1 -o "$tmp/never.json"
expect_usage_error "fraction" "'1.5' is not an integer" -- trace -i 1.5 -o "$tmp/never.json"
expect_usage_error "empty" "the input is empty" -- trace -i "" -o "$tmp/never.json"
expect_usage_error "empty element" "empty element after '3'" -- trace -i 3,,1
expect_usage_error "out of range" "'2147483648' is outside int32" -- trace -i 1,2147483648 -o "$tmp/never.json"
big=$(seq -s, 1 1025)
expect_usage_error "too many" "1025 elements: a single block scans at most 1024" -- trace -i "$big" -o "$tmp/never.json"
expect_usage_error "random too many" "--random 2000" -- trace --random 2000
expect_usage_error "unknown algorithm" "unknown algorithm 'kogge-stone'" -- trace -a kogge-stone -i 1,2
expect_usage_error "unknown op" "unknown operator 'mul'" -- trace -i 1,2 --op mul
expect_usage_error "unknown backend" "unknown backend 'tpu'" -- trace -i 1,2 --backend tpu
expect_usage_error "unknown flag" "--frobnicate" -- trace -i 1,2 --frobnicate
expect_usage_error "no input" "trace needs --input or --random" -- trace
expect_usage_error "no subcommand" "subcommand" --
expect_usage_error "unknown command" "unknown command 'trcae' (trace, check" -- trcae -i 1,2
expect_usage_error "input and random" "give either --input or --random, not both" -- trace -i 1,2 --random 0 -o "$tmp/never.json"
expect_usage_error "random zero" "--random 0: choose 1..1024" -- trace --random 0 -o "$tmp/never.json"
expect_usage_error "negative seed" "--seed '-1': choose a whole number" -- trace --random 4 --seed -1 -o "$tmp/never.json"
expect_usage_error "seed overflow" "--seed '18446744073709551616'" -- trace --random 4 --seed 18446744073709551616
expect_usage_error "seed text" "--seed '1x'" -- trace --random 4 --seed 1x
expect_usage_error "double sign" "'+-5'" -- trace -i 1,+-5 -o "$tmp/never.json"
expect_usage_error "empty output" "--output: the file name is empty" -- trace -i 1,2 -o ""
expect_usage_error "output is a folder" "is a directory; not replaced" -- trace -i 1,2 -o "$tmp"
expect_usage_error "output folder missing" "no folder $tmp/no-such-dir" -- trace -i 1,2 -o "$tmp/no-such-dir/x.json"
expect_usage_error "empty algorithm" "--algorithm" -- trace -i 1,2 --algorithm=
expect_usage_error "unknown type" "unknown element type 'int64'" -- trace -i 1,2 --type int64
expect_usage_error "mistake of another algorithm" "mistakes of Hillis-Steele: single-buffer, no-barrier" -- trace -i 1,2 --mistake no-seed
expect_usage_error "unknown thread order" "--thread-order 'sideways'" -- trace -i 1,2 --thread-order sideways
expect_usage_error "thread order on the GPU" "the GPU picks its own" -- trace -i 1,2 --thread-order reverse --backend cuda
expect_usage_error "runs out of range" "--runs -3: choose 1..100000" -- trace -i 1,2 --runs -3
expect_usage_error "cycles out of range" "--cycles -2: choose 1..100000" -- trace -i 1,2 --cycles -2 --backend cpu
expect_usage_error "cycles need the GPU" "--cycles times the rounds on the GPU" -- trace -i 1,2 --cycles 5 --backend cpu
long=$(printf 'y%.0s' $(seq 1 500))
expect_usage_error "long token shortened" "is not an integer" -- trace -i "1,$long"
if [ "$(wc -c <"$tmp/err")" -lt 200 ]; then pass; else fail "long token: the error repeats it whole: $(cat "$tmp/err")"; fi
# A file already there is left as it was when the input is bad (a folder passed as -o stays too).
printf 'keep me' >"$tmp/keep.json"
expect_usage_error "bad input keeps the file" "'x' is not an integer" -- trace -i 1,x -o "$tmp/keep.json"
if [ "$(cat "$tmp/keep.json")" = "keep me" ]; then pass; else fail "bad input replaced an existing -o file"; fi
if [ -d "$tmp" ]; then pass; else fail "-o on a folder removed it"; fi
if [ -e "$tmp/never.json" ] || ls "$tmp"/never.json.* >/dev/null 2>&1; then fail "a file was written on bad input"; else pass; fi

# The multi-block scan: the chapters' three phases, its bad parameters, its file and its check.
mb="trace -a multi-block -b cpu"
expect_run "multi-block example" 0 "output        3 4 11 11 15 16 22 25 30 32 40 41 50" -- $mb --block-size 4 -i 3,1,7,0,4,1,6,3,5,2,8,1,9
expect_run "multi-block offsets" 0 "offsets       0 11 25 41" -- $mb --block-size 4 -i 3,1,7,0,4,1,6,3,5,2,8,1,9
expect_run "multi-block blelloch exclusive" 0 "output        0 3 4 11 11 15 16 22 25" -- $mb --block-size 4 --block-algorithm blelloch -i 3,1,7,0,4,1,6,3,5
expect_run "multi-block converted" 0 "output        0 3 4 11 11 15 16 22 25" -- $mb --block-size 4 --convert -i 3,1,7,0,4,1,6,3,5
# Issue #26 item 13: the block scan's rounds as the chapters count them (log2 B, 2 log2 B), not
# the trace's steps with the load and the seed.
# Issue #37 item 17: counted on each block's trace; the last block, of 1 element, has none.
expect_run "multi-block rounds, Hillis-Steele blocks of 4" 0 "(2 rounds of the operator, 3 steps in all; block 3, of 1 element: 0 rounds of the operator, 1 step in all, inclusive)" -- $mb --block-size 4 --random 13
expect_run "multi-block rounds, 8 values in a block of 1024" 0 "(3 rounds of the operator, 4 steps in all, inclusive)" -- $mb --block-size 1024 -i 3,1,7,0,4,1,6,3
expect_run "multi-block rounds, Blelloch blocks of 8" 0 "(6 rounds of the operator, 8 steps in all, exclusive)" -- $mb --block-size 8 --block-algorithm blelloch --random 13
expect_run "compaction's scan rounds" 0 "one Blelloch block of 8, 6 rounds of the operator in 8 steps" -- trace -a compact -b cpu --keep odd -i 3,1,7,0,4,1,6,3
expect_run "multi-block recursion" 0 "the sums' own multi-block scan, level 1" -- $mb --block-size 4 --random 100
expect_run "multi-block 2^16" 0 "check: every block's cells" -- $mb --block-size 1024 --random 65536
expect_usage_error "multi-block block size" "--block-size 6: choose a power of two from 4 to 1024" -- $mb --block-size 6 --random 10
expect_usage_error "multi-block block size 2048" "--block-size 2048: choose a power of two from 4 to 1024" -- $mb --block-size 2048 --random 10
# Any algorithm of the registry scans the blocks: the warp shuffle's inclusive blocks as Hillis-Steele's.
expect_run "multi-block warp-shuffle blocks" 0 "output        3 4 11 11 15 16 22 25 30 32 40 41 50" -- $mb --block-size 4 --block-algorithm warp-shuffle -i 3,1,7,0,4,1,6,3,5,2,8,1,9
expect_run "multi-block warp-shuffle converted" 0 "output        0 3 4 11 11 15 16 22 25" -- $mb --block-size 4 --block-algorithm warp-shuffle --convert -i 3,1,7,0,4,1,6,3,5
expect_usage_error "multi-block block algorithm" "--block-algorithm 'sort': choose hillis-steele, blelloch" -- $mb --block-algorithm sort --random 10
expect_usage_error "multi-block too many" "--random 65537: choose 1..65536 for a multi-block scan" -- $mb --random 65537
expect_usage_error "multi-block bad value" "'x' is not an integer" -- $mb -i 1,x -o "$tmp/never.json"
expect_usage_error "multi-block no mistakes" "--mistake is for single-block scans, not multi-block" -- $mb --mistake no-seed -i 1,2
expect_usage_error "block size without multi-block" "--block-size is for --algorithm multi-block" -- trace -a blelloch --block-size 8 -i 1,2
expect_run "multi-block writes a file" 0 "wrote $tmp/grid.json" -- $mb --block-size 4 --random 40 -o "$tmp/grid.json"
expect_run "multi-block file checks" 0 "ok: multi-block, 10 blocks of 4" -- check "$tmp/grid.json"
if [ "$have_python" -eq 1 ]; then
  python3 - "$tmp/grid.json" "$tmp/grid-bad.json" <<'PY'
import json, sys
g = json.load(open(sys.argv[1]))
g["grid"]["output"][5] += 1
json.dump(g, open(sys.argv[2], "w"))
PY
  expect_run "multi-block tampered output" 1 "phase 3: output[5] should hold the scan of the prefix" -- check "$tmp/grid-bad.json"
  "$cli" $mb --block-size 8 --random 30 --json >"$tmp/grid-stdout.json" 2>/dev/null
  if python3 -c 'import json,sys; g=json.load(open(sys.argv[1])); sys.exit(0 if g["meta"]["algorithm"]=="multi-block" and len(g["grid"]["blocks"])==4 else 1)' "$tmp/grid-stdout.json"; then pass; else fail "multi-block --json is not one grid document"; fi
fi

# The single-pass scan with decoupled look-back: its timeline table, bad parameters, file, check.
sp="trace -a single-pass -b cpu"
spx=3,1,7,0,4,1,6,3,5,2,8,1,9,2,2,2,1,1,1,1,4,4,4,4,5,5,5,5,6,6,6,6
expect_run "single-pass example" 0 "output       3 4 11 11 15 16 22 25 30 32 40 41 50 52 54 56" -- $sp --tile-size 4 -i $spx
expect_run "single-pass look-back" 0 "     2      2    2         0         3         8         9        2     2  1:X×2 1:A=14 0:P=11" -- $sp --tile-size 4 -i $spx
expect_run "single-pass simulated" 0 "a simulated schedule (not measured)" -- $sp --tile-size 4 -i $spx
expect_run "single-pass summary" 0 "summary: 1 of 8 tiles waited" -- $sp --tile-size 4 -i $spx
expect_run "single-pass ticket" 0 "taken in ticket order" -- $sp --tile-order ticket --random 100
expect_run "single-pass warp-shuffle tiles" 0 "output       3 4 11 11 15 16 22 25 30 32 40 41 50 52 54 56" -- $sp --tile-size 4 --block-algorithm warp-shuffle -i $spx
expect_run "single-pass warp-shuffle converted" 0 "check: every tile's scan" -- $sp --tile-size 8 --block-algorithm warp-shuffle --convert --random 1000
expect_run "single-pass 2^16" 0 "check: every tile's scan" -- $sp --tile-size 4 --random 65536
expect_usage_error "single-pass tile size" "--tile-size 6: choose a power of two from 4 to 1024" -- $sp --tile-size 6 --random 10
expect_usage_error "single-pass tile order" "--tile-order 'fifo': choose blockidx or ticket" -- $sp --tile-order fifo --random 10
expect_usage_error "single-pass block size" "--block-size is for --algorithm multi-block; a single-pass tile is --tile-size" -- $sp --block-size 8 --random 10
expect_usage_error "tile order elsewhere" "--tile-order is for --algorithm single-pass" -- trace -a multi-block --tile-order ticket -i 1,2
expect_usage_error "single-pass no mistakes" "--cycles is for single-block scans, not single-pass" -- $sp --cycles 5 -i 1,2
expect_usage_error "single-pass bad value" "'y' is not an integer" -- $sp -i 1,y -o "$tmp/never-sp.json"
if [ -e "$tmp/never-sp.json" ]; then fail "single-pass wrote a file on bad input"; else pass; fi
expect_run "single-pass writes a file" 0 "wrote $tmp/sp.json" -- $sp --tile-size 8 --random 100 -o "$tmp/sp.json"
expect_run "single-pass file checks" 0 "ok: single-pass, 13 tiles of 8" -- check "$tmp/sp.json"
if [ "$have_python" -eq 1 ]; then
  python3 - "$tmp/sp.json" "$tmp/sp-bad.json" <<'PY'
import json, sys
g = json.load(open(sys.argv[1]))
t = next(t for t in g["single_pass"]["tiles"] if any(r["flag"] == 1 for r in t["reads"]))
r = next(r for r in t["reads"] if r["flag"] == 1)
r["value"] += 1
json.dump(g, open(sys.argv[2], "w"))
PY
  expect_run "single-pass tampered read" 1 "saw A with" -- check "$tmp/sp-bad.json"
fi

# The applications of the scan: the chapters' example through each, their bad parameters, their
# files, check on good and tampered files, and the --json result against a reference written here.
ap="trace -b cpu -a"
expect_run "compact example" 0 "  output 3 1 7 1 3" -- $ap compact --keep odd -i $ex
expect_run "compact kept count" 0 "result: 5 of 8 kept" -- $ap compact --keep odd -i $ex
expect_run "compact scan row" 0 "  scan  0 1 2 3 3 3 4 4" -- $ap compact --keep odd -i $ex
expect_run "compact greater" 0 "  output 7 4 6" -- $ap compact --keep greater:3 -i $ex
expect_run "compact nothing kept" 0 "(nothing kept)" -- $ap compact --keep greater:100 -i $ex
expect_run "compact float32" 0 "  output 1.5 2.25" -- $ap compact --keep positive --type float32 -i 1.5,-0.5,2.25
expect_run "split example" 0 "  output 0 4 6 3 1 7 1 3" -- $ap split --bit 0 -i $ex
expect_run "split total zeros" 0 "total_zeros 3 = scan[7] + flags[7]" -- $ap split --bit 0 -i $ex
expect_run "radix example" 0 "  output 0 1 1 3 3 4 6 7" -- $ap radix-sort -i $ex
expect_run "radix default bits" 0 "--bits 3" -- $ap radix-sort -i $ex
expect_run "radix signed" 0 "  output -7 0 1 1 3 3 4 6" -- $ap radix-sort -i 3,1,-7,0,4,1,6,3
expect_run "radix flips the sign bit" 0 "flipped 0x80000003 0x80000001 0x7ffffff9" -- $ap radix-sort -i 3,1,-7,0,4,1,6,3
expect_run "radix fewer bits says so" 0 "(the keys need 3 for a full sort)" -- $ap radix-sort --bits 2 -i $ex
expect_run "allocate example" 0 "slices 0:[0,3) 1:[3,4) 2:[4,11) 3:[11,11) 4:[11,15)" -- $ap allocate -i $ex
expect_run "allocate pool size" 0 "total 25 = offsets[7] + sizes[7]: the pool's size" -- $ap allocate -i $ex
expect_run "allocate hillis-steele" 0 "offsets 0 3 4 11 11 15 16 22" -- $ap allocate --block-algorithm hillis-steele --block-size 4 -i $ex
expect_run "allocate warp-shuffle" 0 "offsets 0 3 4 11 11 15 16 22" -- $ap allocate --block-algorithm warp-shuffle --block-size 4 -i $ex
expect_usage_error "application block algorithm" "--block-algorithm 'sort': choose hillis-steele, blelloch" -- $ap compact --block-algorithm sort -i 1,2
long_input=$(seq -s, 1 3000)
expect_run "application input past one block" 0 "result: 3000 zeros of bit 31 first" -- $ap split --bit 31 -i "$long_input"
for application in "compact --keep even" "split --bit 3" "radix-sort" "allocate"; do
  expect_run "$application 2^16" 0 "check: every flag is its element's" -- $ap $application --random 65536
done
expect_usage_error "keep foo" '--keep "foo": choose odd, even, positive, nonzero or greater:K' -- $ap compact --keep foo -i 1,2 -o "$tmp/never.json"
expect_usage_error "keep greater without K" '--keep "greater:"' -- $ap compact --keep greater: -i 1,2
expect_usage_error "keep odd on float32" "float32 values are neither odd nor even" -- $ap compact --keep odd --type float32 -i 1.5
expect_usage_error "bit 32" "--bit 32: choose 0..31" -- $ap split --bit 32 -i 1,2 -o "$tmp/never.json"
expect_usage_error "bit -1" "--bit -1: choose 0..31" -- $ap split --bit -1 -i 1,2
expect_usage_error "bits 0" "--bits 0: choose 1..32" -- $ap radix-sort --bits 0 -i 1,2 -o "$tmp/never.json"
expect_usage_error "bits 33" "--bits 33: choose 1..32" -- $ap radix-sort --bits 33 -i 1,2
expect_usage_error "bits past the trace" "more than a trace holds" -- $ap radix-sort --bits 32 --random 65536
expect_usage_error "negative size" "allocate: size -1 (element 1) is negative" -- $ap allocate -i 3,-1,2 -o "$tmp/never.json"
expect_usage_error "pool too large" "allocate: the sizes add up to 2000000000 cells" -- $ap allocate -i 1000000000,1000000000
expect_usage_error "split float32" "--type float32: split takes int32 values" -- $ap split --type float32 -i 1.5
expect_usage_error "radix float32" "--type float32: radix-sort takes int32 values" -- $ap radix-sort --type float32 -i 1
expect_usage_error "allocate float32" "--type float32: allocate takes int32 values" -- $ap allocate --type float32 -i 1
expect_usage_error "keep without compact" "--keep is for --algorithm compact" -- $ap blelloch --keep odd -i 1,2
expect_usage_error "keep on split" "--keep is for --algorithm compact" -- $ap split --keep odd -i 1,2
expect_usage_error "bit without split" "--bit is for --algorithm split" -- $ap radix-sort --bit 2 -i 1,2
expect_usage_error "bits without radix-sort" "--bits is for --algorithm radix-sort" -- $ap multi-block --bits 2 -i 1,2
expect_usage_error "op on an application" "--op is for scans, not for compact" -- $ap compact --op max -i 1,2
expect_usage_error "mistake on an application" "--mistake is for scans, not for split" -- $ap split --mistake no-seed -i 1,2
expect_usage_error "application block size" "--block-size 6: choose a power of two from 4 to 1024" -- $ap compact --block-size 6 -i 1,2
expect_usage_error "application too many" "--random 65537: choose 1..65536 for allocate" -- $ap allocate --random 65537
expect_usage_error "application bad value" "'x' is not an integer" -- $ap compact -i 1,x -o "$tmp/never.json"
if [ -e "$tmp/never.json" ] || ls "$tmp"/never.json.* >/dev/null 2>&1; then fail "an application wrote a file on bad input"; else pass; fi
for application in compact split radix-sort allocate; do
  expect_run "$application writes a file" 0 "wrote $tmp/$application.json" -- $ap $application --random 300 --block-size 16 -o "$tmp/$application.json"
  expect_run "$application file checks" 0 "ok: $application (" -- check "$tmp/$application.json"
done
head -c 3000 "$tmp/split.json" >"$tmp/split-trunc.json"
expect_run "application truncated" 2 "malformed JSON" -- check "$tmp/split-trunc.json"
if [ "$have_python" -eq 1 ]; then
  # tamper KEY EDIT EXPECTED: the edited file must fail check naming the step (or the field).
  tamper() {
    local name=$1 file=$2 edit=$3 want=$4 want_rc=${5:-1}  # 1: fails its check; 2: does not open
    python3 - "$tmp/$file.json" "$tmp/tampered.json" "$edit" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
exec(sys.argv[3])
json.dump(d, open(sys.argv[2], "w"))
PY
    local out rc
    out=$("$cli" check "$tmp/tampered.json" 2>&1)
    rc=$?
    if [ "$rc" -ne "$want_rc" ]; then fail "$name: exit $rc, expected $want_rc: $out"; return; fi
    if ! grep -qF -- "$want" <<<"$out"; then fail "$name: output lacks '$want': $out"; return; fi
    if [ "$(wc -l <<<"$out")" -gt 9 ]; then fail "$name: more than the report: $out"; return; fi
    pass
  }
  tamper "tampered flag" compact 'p=d["passes"][0]; p["flags"][7]=1-p["flags"][7]; p["scan"]["input"][7]=p["flags"][7]; p["scan"]["grid"]["blocks"][0]["input"][7]=p["flags"][7]' "step 1 flags: flags[7]"
  tamper "tampered scan" split 'd["passes"][0]["scan"]["grid"]["output"][40]+=1' "step 2 scan: phase 3: output[40]"
  tamper "tampered total" allocate 'd["passes"][0]["total"]-=1; d["total"]-=1; d["passes"][0]["output"].pop(); d["output"].pop()' "step 2 scan: total"
  tamper "tampered scatter" radix-sort 'd["passes"][1]["output"][3]+=1000' "pass 2 (bit 1) · step 3 scatter: output[3]"
  tamper "tampered pool" allocate 'd["passes"][0]["output"][5]+=1; d["output"][5]+=1' "step 3 scatter: pool[5]"
  tamper "tampered result" compact 'd["output"][0]+=1' "result: the output is not the last pass's"
  tamper "tampered keys" radix-sort 'd["meta"]["sign_flipped"]=not d["meta"]["sign_flipped"]' "keys: sign_flipped"
  tamper "hostile pass count" radix-sort 'd["passes"]=d["passes"][:1]' "passes: expected" 2
  tamper "hostile total" compact 'd["passes"][0]["total"]=10**6' "passes[0].total" 2
  tamper "hostile keep" compact 'd["meta"]["keep"]="foo"' 'meta.keep: --keep "foo"' 2
  tamper "hostile bit" split 'd["meta"]["bit"]=40' "--bit 40" 2
  # --json: one document, its result the reference computed here.
  for case in "compact --keep odd" "compact --keep greater:4" "split --bit 1" "radix-sort" "allocate"; do
    for n in 1 9 1500; do
      set -- $case
      application=$1
      "$cli" $ap $case --random $n --seed $n --json >"$tmp/application-stdout.json" 2>/dev/null
      if python3 - "$tmp/application-stdout.json" "$application" "$*" <<'PY'; then pass; else fail "$case n=$n: --json result"; fi
import json, sys
d = json.load(open(sys.argv[1]))
application, args = sys.argv[2], sys.argv[3].split()
x = d["input"]
if application == "compact":
    k = args[2]
    keep = (lambda v: v % 2 != 0) if k == "odd" else (lambda v: v > int(k.split(":")[1]))
    want = [v for v in x if keep(v)]
elif application == "split":
    b = int(args[2])
    want = [v for v in x if not (v >> b) & 1] + [v for v in x if (v >> b) & 1]
elif application == "radix-sort":
    want = sorted(x)
else:
    want = [i for i, s in enumerate(x) for _ in range(s)]
    off, acc = [], 0
    for s in x:
        off.append(acc); acc += s
    if d["passes"][0]["scan"]["grid"]["output"] != off or d["total"] != acc:
        sys.exit("offsets or total differ")
ok = d["meta"]["algorithm"] == application and d["output"] == want
sys.exit(0 if ok else f"{application}: output differs: {d['output'][:10]} vs {want[:10]}")
PY
    done
  done
fi

# CUDA: with a usable device --backend cuda runs there; without, it is an error quoting CUDA.
if "$cli" devices >/dev/null 2>&1; then
  expect_run "cuda backend" 0 "ran on: CUDA: " -- trace -a blelloch -i $ex --backend cuda
  expect_run "cuda application" 0 "ran on: CUDA: " -- trace -a radix-sort --random 3000 --backend cuda
else
  expect_run "devices says why" 1 "no usable CUDA device: " -- devices
  expect_run "cuda backend without device" 1 "no usable CUDA device: " -- trace -i $ex --backend cuda
  expect_run "auto falls back" 0 "ran on: CPU simulation (no CUDA device: " -- trace -i $ex
  expect_run "cuda application without device" 1 "no usable CUDA device: " -- trace -a compact -i $ex --backend cuda
  expect_run "application falls back" 0 "ran on: CPU simulation (no CUDA device: " -- trace -a split -i $ex
fi

echo "cli: $passed passed, $failed failed"
if [ "$failed" -ne 0 ]; then exit 1; fi
if [ "$have_python" -eq 0 ]; then
  echo "SKIPPED: python3 not found: the --json output and the tampered-file checks did not run"
  exit 77
fi
exit 0
