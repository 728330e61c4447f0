#!/usr/bin/env bash
# The CLI's own limits (issue #38, class 7): each fed just inside (exit 0) and just outside (exit 2,
# one line on stderr naming the bound, nothing on stdout): --random and --input of a block scan
# (1..1,024), of a multi-block scan and of an application (1..65,536). The loaders' limits behind
# `check` are tested without the CLI (tests/core/limits_test.cpp), and so is --input past 65,536
# values, longer than one argument may be (128 KiB).
set -u
cli=${SCANVIZ_CLI:?set SCANVIZ_CLI to the scanviz-cli binary}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
passed=0
failed=0
fail() { failed=$((failed + 1)); echo "FAIL: $*"; }

# inside NAME ARGS...: exit 0.
inside() {
  local name=$1 rc
  shift
  "$cli" "$@" >"$tmp/out" 2>&1
  rc=$?
  if [ "$rc" -ne 0 ]; then fail "$name: exit $rc, expected 0: $(head -c 300 "$tmp/out")"; return; fi
  passed=$((passed + 1))
}
# outside NAME PATTERN ARGS...: exit 2, one line on stderr containing PATTERN, nothing on stdout.
outside() {
  local name=$1 pattern=$2 rc
  shift 2
  "$cli" "$@" >"$tmp/out" 2>"$tmp/err"
  rc=$?
  if [ "$rc" -ne 2 ]; then fail "$name: exit $rc, expected 2: $(head -c 300 "$tmp/err")"; return; fi
  if [ -s "$tmp/out" ]; then fail "$name: printed to stdout"; return; fi
  if [ "$(wc -l <"$tmp/err")" -ne 1 ]; then fail "$name: stderr is not one line"; return; fi
  if ! grep -qF -- "$pattern" "$tmp/err"; then fail "$name: '$(cat "$tmp/err")' lacks '$pattern'"; return; fi
  passed=$((passed + 1))
}

values() { seq -s, 1 "$1"; }

inside "block --random 1024" trace -b cpu --random 1024
outside "block --random 1025" "--random 1025: choose 1..1024" trace -b cpu --random 1025
inside "block --input 1024 values" trace -b cpu -i "$(values 1024)"
outside "block --input 1025 values" "1025 elements: a single block scans at most 1024" \
  trace -b cpu -i "$(values 1025)"
mb=(trace -b cpu -a multi-block --block-size 1024)
inside "multi-block --random 65536" "${mb[@]}" --random 65536
outside "multi-block --random 65537" "--random 65537: choose 1..65536" "${mb[@]}" --random 65537
inside "application --random 65536" trace -b cpu -a compact --keep odd --random 65536
outside "application --random 65537" "--random 65537: choose 1..65536" \
  trace -b cpu -a compact --keep odd --random 65537

echo "limits_cli_test: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
