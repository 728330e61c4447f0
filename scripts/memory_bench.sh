#!/usr/bin/env bash
# What reading and writing a trace costs in memory (issue #38, finding 8): for the largest trace of
# every kind the limits allow, written by `scanviz-cli trace -o`, its size and the peak resident
# memory (/usr/bin/time's maximum RSS) of the CLI writing it, of `scanviz-cli check` reading it and
# of the app opening it headless (--screenshot under Xvfb; less what it takes opening no file, its
# window, GL and fonts); then files that are refused (one just past a limit, two stuffed with
# bulk). Each row says whether the worst of them is within 4 times the file and 100 MB (MB: 10^6
# bytes). A benchmark: it prints a table and asserts nothing
# (docs/reliability.md, "Round four: memory").
#
#   bash scripts/memory_bench.sh                 # every kind; the files go to a temporary folder
#   KINDS="radix-sort multi-block" bash scripts/memory_bench.sh
#   CLI=old/scanviz-cli APP=old/scanviz bash scripts/memory_bench.sh   # another build's programs
#   NO_APP=1 bash scripts/memory_bench.sh        # the CLI only (no Xvfb)
#   WORK=dir KEEP=1 bash scripts/memory_bench.sh # the files in dir, kept
set -euo pipefail
cd "$(dirname "$0")/.."
cli=${CLI:-$PWD/build/app/cli/scanviz-cli}
app=${APP:-$PWD/build/app/ui/scanviz}
export SCANVIZ_DATA_DIR=${SCANVIZ_DATA_DIR:-$PWD/build/share/scanviz}
export XDG_CONFIG_HOME=${XDG_CONFIG_HOME:-$(mktemp -d)}  # no saved settings leak in
work=${WORK:-$(mktemp -d)}
mkdir -p "$work"
kinds=${KINDS:-"hillis-steele blelloch warp-shuffle sklansky multi-block single-pass multi-gpu compact split radix-sort allocate"}
[ -x "$cli" ] || { echo "memory_bench: no $cli (bash scripts/build.sh first)" >&2; exit 1; }

# The largest trace of each kind: n, blocks, tiles, GPUs and passes at the limits' edge, the
# smallest blocks (the most block traces), a conversion round where there is one.
flags_of() {
  case $1 in
    hillis-steele | blelloch | warp-shuffle | sklansky) echo "-a $1 --random 1024 --convert" ;;
    multi-block) echo "-a multi-block --block-algorithm hillis-steele --block-size 4 --random 65536 --convert" ;;
    single-pass) echo "-a single-pass --tile-size 4 --random 65536" ;;
    multi-gpu) echo "-a multi-gpu --gpus 16 --random 65536" ;;
    compact) echo "-a compact --keep odd --block-size 4 --random 65536" ;;
    split) echo "-a split --bit 0 --block-size 4 --random 65536" ;;
    radix-sort) echo "-a radix-sort --bits 4 --block-size 4 --random 65536" ;;
    allocate) echo "-a allocate --block-size 4 --random 65536" ;;
  esac
}

# Runs a command; prints its maximum RSS in MB and its exit status.
peak_mb() {
  local t=$work/time.txt status=0
  /usr/bin/time -f %M -o "$t" "$@" >/dev/null 2>"$work/stderr.txt" || status=$?
  echo "$(($(tail -1 "$t") * 1024 / 1000000)) $status"
}

# The app opening FILE headless.
app_peak_mb() {
  if [ -n "${NO_APP:-}" ]; then
    echo "- -"
    return
  fi
  local t=$work/time.txt status=0
  xvfb-run -a -s "-screen 0 1280x800x24" /usr/bin/time -f %M -o "$t" \
    "$app" --backend cpu "$1" --screenshot "$work/shot.png" --size 1280x800 \
    >/dev/null 2>"$work/stderr.txt" || status=$?
  echo "$(($(tail -1 "$t") * 1024 / 1000000)) $status"
}

# The app's own memory, opening no file (its window, GL, fonts): the app's column is its peak
# opening a file, and the verdict takes the part above this.
app_base=-
if [ -z "${NO_APP:-}" ]; then
  t=$work/time.txt
  xvfb-run -a -s "-screen 0 1280x800x24" /usr/bin/time -f %M -o "$t" \
    "$app" --backend cpu --input 3,1,7,0,4,1,6,3 --screenshot "$work/shot.png" --size 1280x800 \
    >/dev/null 2>"$work/stderr.txt"
  app_base=$(($(tail -1 "$t") * 1024 / 1000000))
fi

# verdict FILE_BYTES PEAK_MB: the peak as a multiple of the file, and whether it is within
# 4 times the file and 100 MB.
verdict() {
  awk -v b="$1" -v p="$2" \
    'BEGIN { mb = b / 1000000; printf "%.1fx %s", p / mb, (p <= 4 * mb + 100 ? "yes" : "NO") }'
}

# row NAME FILE WRITE_PEAK ("-": a file the CLI does not write)
row() {
  local name=$1 file=$2 write=$3 bytes check_mb check_status app_mb app_status worst
  bytes=$(stat -c %s "$file")
  read -r check_mb check_status < <(peak_mb "$cli" check "$file")
  read -r app_mb app_status < <(app_peak_mb "$file")
  local app_above=-
  [ "$app_mb" = - ] || app_above=$((app_mb - app_base))
  worst=$(printf '%s\n%s\n%s\n' "${write%% *}" "$check_mb" "$app_above" | grep -v -- - |
    sort -n | tail -1)
  printf '| %s | %.1f | %s | %s (exit %s) | %s (exit %s) | %s |\n' "$name" \
    "$(awk -v b="$bytes" 'BEGIN { print b / 1000000 }')" "$write" "$check_mb" "$check_status" \
    "$app_mb" "$app_status" "$(verdict "$bytes" "$worst")"
}

echo "memory_bench: $cli, $(nproc) cores, files in $work"
echo
echo "The app opening no file: $app_base MB; its column is its peak, the verdict what is above that."
echo
echo "| file | MB | trace -o, MB | check, MB | app, MB | worst: x file, within 4x + 100 MB |"
echo "| --- | ---: | ---: | ---: | ---: | --- |"
for kind in $kinds; do
  file=$work/$kind.json
  # shellcheck disable=SC2046 # the flags are words
  read -r write status < <(peak_mb "$cli" trace $(flags_of "$kind") --backend cpu -o "$file")
  [ "$status" = 0 ] || write="$write (exit $status)"
  row "$kind" "$file" "$write"
done

# Refused: a radix sort with one pass more than its 2^18 scanned elements allow (its first pass
# again, the metadata saying 5 bits); a single block whose rounds are stuffed with {} to 100 MB (the
# bound on an array's elements), and with 33 arrays of a million {} (the bound on the tree).
radix=$work/radix-sort.json
if [ -f "$radix" ]; then
  python3 - "$radix" "$work/radix-one-pass-over.json" <<'EOF'
import sys
text = open(sys.argv[1]).read()
start = text.index('"passes":[') + len('"passes":[')
depth, i = 0, start
while True:  # the end of the first pass's object (no string in a trace holds a brace)
    depth += {'{': 1, '}': -1}.get(text[i], 0)
    i += 1
    if depth == 0:
        break
out = text[:start] + text[start:i] + ',' + text[start:]
out = out.replace('"bits":4', '"bits":5', 1)
open(sys.argv[2], 'w').write(out)
EOF
  row "radix-sort, a pass over 2^18 (refused)" "$work/radix-one-pass-over.json" -
fi
"$cli" trace -a hillis-steele --random 1024 --backend cpu -o "$work/block.json" >/dev/null
python3 - "$work/block.json" "$work/stuffed-rounds.json" "$work/stuffed-arrays.json" <<'EOF'
import sys
text = open(sys.argv[1]).read()
at = text.index('[', text.index('"rounds":')) + 1
bulk = ','.join(['{}'] * ((100 * 1000 * 1000) // 3))
open(sys.argv[2], 'w').write(text[:at] + bulk + ',' + text[at:])
bulk = ','.join(['[' + ','.join(['{}'] * 1000000) + ']'] * 33)
open(sys.argv[3], 'w').write(text[:at] + bulk + ',' + text[at:])
EOF
row "single block, rounds stuffed with {} (refused)" "$work/stuffed-rounds.json" -
row "single block, rounds: 33 x [{}, ...] (refused)" "$work/stuffed-arrays.json" -
[ -n "${KEEP:-}" ] || rm -rf "$work"
