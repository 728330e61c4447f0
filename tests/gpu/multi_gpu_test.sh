#!/usr/bin/env bash
# The scan across GPUs from the CLI (issue #36). Everywhere: a rank that cannot run (no GPU, no
# NCCL in the build, no rank 0 to hand it the NCCL id) exits 2 with one line, never a
# hang; `bench --gpus` on a machine without them says why in one line (exit 2). With two
# GPUs and NCCL: every operator, type, mode and strategy equals the sequential scan (bench --gpus 2
# --check), and a trace recorded on the GPUs passes `scanviz-cli check`. Exit 77 (skipped, never
# passed) for that part where the machine has no two GPUs or the build no NCCL.
set -u
cli=${SCANVIZ_CLI:?}
fail=0
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# A lone rank 1: nobody publishes the id (or there is no GPU / no NCCL): one line, exit 2, never a
# hang. timeout(1)'s 120 s is a deadline for a rank that never ends (its exit 124 fails), not a
# measure: how long the rank took is not checked (a loaded machine is slow).
timeout 120 "$cli" rank --job trace --rank 1 --ranks 2 --work-dir "$work" --timeout 3 \
  >"$work/out" 2>"$work/err"
rc=$?
lines=$(grep -c . "$work/err")
if [ "$rc" -eq 2 ] && [ "$lines" -eq 1 ]; then
  echo "PASS a rank that cannot run says why in one line (exit 2): $(cat "$work/err")"
else
  echo "FAIL a lone rank: exit $rc (124: still running after 120 s), $lines line(s) on stderr"
  cat "$work/err"; fail=1
fi

if ! "$cli" --help | grep -q "^  bench"; then  # a build without CUDA has no bench at all
  echo "SKIPPED: this build has no bench (no CUDA), so no bench --gpus"
  [ "$fail" -eq 0 ] && exit 77
  exit 1
fi
"$cli" bench --gpus 2 --check --check-n 1001 --timeout 300 >"$work/check" 2>"$work/check.err"
rc=$?
if [ "$rc" -eq 2 ]; then
  if [ "$(grep -c . "$work/check.err")" -eq 1 ] && grep -q "bench --gpus 2: " "$work/check.err"; then
    echo "PASS without two GPUs, bench --gpus 2 says why in one line: $(cat "$work/check.err")"
  else
    echo "FAIL bench --gpus 2 (exit 2) did not say why in one line:"; cat "$work/check.err"; fail=1
  fi
  [ "$fail" -eq 0 ] && { echo "SKIPPED: the GPU part (no two GPUs or no NCCL here)"; exit 77; }
  exit 1
fi
if [ "$rc" -eq 0 ] && grep -q "every case equals the sequential scan" "$work/check"; then
  echo "PASS on 2 GPUs: $(grep -c ': ok' "$work/check") cases equal the sequential scan"
else
  echo "FAIL bench --gpus 2 --check: exit $rc"; tail -5 "$work/check" "$work/check.err"; fail=1
fi
for s in scan-then-add reduce-then-scan; do
  if "$cli" trace -a multi-gpu --gpus 2 --strategy "$s" --random 77 --tile-size 4 --op last \
       --backend cuda -o "$work/t.json" >"$work/t.out" 2>&1 && "$cli" check "$work/t.json" >/dev/null; then
    echo "PASS a $s trace recorded on 2 GPUs (last, n = 77) passes the check"
  else
    echo "FAIL the $s trace on 2 GPUs:"; tail -3 "$work/t.out"; fail=1
  fi
done
exit $fail
