#!/usr/bin/env bash
# On a machine with an NVIDIA GPU: the mistakes lab's GPU half (docs/mistakes.md). Each mistake,
# and each correct kernel, run K times (default 100) at n = 32, 256 and 1024 without
# instrumentation, counting the distinct results; then compute-sanitizer racecheck, synccheck and
# memcheck on each at n = 1024 (a few runs: a sanitized launch is slow). Logs go to $OUT (or
# mistakes-logs/). CLI=path/to/scanviz-cli (default build-gpu/app/cli/scanviz-cli).
set -uo pipefail
cd "$(dirname "$0")/.."
out=${OUT:-mistakes-logs}
mkdir -p "$out"
cli=${CLI:-build-gpu/app/cli/scanviz-cli}
runs=${RUNS:-100}
sanitizer=$(command -v compute-sanitizer || echo /usr/local/cuda/bin/compute-sanitizer)
{
  echo "== $(date -u +%FT%TZ)"
  nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
} 2>&1 | tee "$out/environment.txt"

kernels=("hillis-steele -" "hillis-steele single-buffer" "hillis-steele no-barrier"
         "hillis-steele no-edge-check" "blelloch -" "blelloch no-barrier" "blelloch wrong-index"
         "blelloch no-seed")
entries=()
sanitizers=()
for k in "${kernels[@]}"; do
  read -r a m <<<"$k"
  flags=(trace --algorithm "$a" --backend cuda)
  [ "$m" != "-" ] && flags+=(--mistake "$m")
  for n in 32 256 1024; do
    "$cli" "${flags[@]}" --random "$n" --seed 5 --runs "$runs" 2>&1 | tee -a "$out/outcomes.txt"
    entries+=("$("$cli" "${flags[@]}" --random "$n" --seed 5 --runs "$runs" --json)")
  done
  for tool in racecheck synccheck memcheck; do
    log="$out/$tool-$a-$m.txt"
    "$sanitizer" --tool "$tool" --print-limit 5 "$cli" "${flags[@]}" --random 1024 --seed 5 \
      --runs 3 >"$log" 2>&1
    summary=$(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' "$log" | head -1 | sed 's/^=* *//')
    errors=$(grep -oE '[0-9]+ error' <<<"$summary" | head -1 | cut -d' ' -f1)
    echo "$tool $a $m: $summary" | tee -a "$out/sanitizers.txt"
    mm=$m; [ "$m" = "-" ] && mm=none
    sanitizers+=("{\"algorithm\":\"$a\",\"mistake\":\"$mm\",\"n\":1024,\"tool\":\"$tool\",\"errors\":${errors:-0},\"summary\":\"$summary\"}")
  done
done
# The lab results file the app's Mistakes tab reads (assets/labs/): every kernel's outcomes at
# every size, and the sanitizers' verdicts.
join() { local IFS=,; echo "$*"; }
device=$(nvidia-smi --query-gpu=name --format=csv,noheader | head -1)
printf '{"schema":"scanviz-lab/1","device":"%s","date":"%s","kernels":[%s],"sanitizers":[%s]}\n' \
  "$device" "$(date -u +%F)" "$(join "${entries[@]}")" "$(join "${sanitizers[@]}")" >"$out/lab.json"
echo "wrote $out/lab.json"
