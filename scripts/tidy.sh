#!/usr/bin/env bash
# clang-tidy-14 with the bugprone checks of .clang-tidy over every C++ source the native build
# compiles, plus scripts/unsequenced_move.query (clang-query-14): an argument moved from while
# another argument of the same call reads it, which bugprone-use-after-move misses when the read
# sits in a conditional (issue #38, finding 1). A stage of scripts/test.sh; docs/reliability.md.
#
# The sources come from the compile_commands.json of a build configured only for this (clang-14,
# Debug so that assert() is seen, the desktop app, the tests and the benchmarks, no CUDA: the .cu
# files and the CUDA-only .cpp files are out of scope; the fuzz targets are not in the native
# build). Nothing is compiled: the generated headers are written by their own commands alone.
#
#   bash scripts/tidy.sh             every source
#   bash scripts/tidy.sh FILE...     these sources only (paths relative to the checkout)
#
# Prints the findings and "tidy: FAILED (...)" and exits 1, or "tidy: ok (N files, 0 findings)".
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
build=${SCANVIZ_TIDY_BUILD_DIR:-build-tidy}
jobs=${SCANVIZ_TIDY_JOBS:-$(nproc)}
for tool in clang-tidy-14 clang-query-14 clang-14; do
  command -v "$tool" >/dev/null || { echo "tidy: FAILED ($tool not found: run scripts/setup.sh)"; exit 1; }
done

mkdir -p "$build"
if ! CC=clang-14 CXX=clang++-14 cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Debug \
    -DSCANVIZ_CUDA=OFF -DSCANVIZ_GUI=ON -DSCANVIZ_TESTS=ON -DSCANVIZ_BENCH=ON >"$build/tidy-cmake.log" 2>&1; then
  cat "$build/tidy-cmake.log"
  echo "tidy: FAILED (cmake)"
  exit 1
fi
# The generated sources and headers (glad, the embedded shaders and kernels), each by its own
# command: building them as targets would first compile the libraries their targets depend on.
ninja -C "$build" -t targets all | awk -F: '$2 ~ /CUSTOM_COMMAND/ && $1 !~ /\.util$/ && $1 !~ /^\// { print $1 }' |
  xargs -r ninja -C "$build" -t commands -s | sh

# The project's own sources in the database (not the generated ones under the build folder).
mapfile -t files < <(python3 - "$build" "$root" "$@" <<'EOF'
import json, os, sys
import shlex
build, root, wanted = sys.argv[1], sys.argv[2], {os.path.abspath(f) for f in sys.argv[3:]}
entries = {e["file"]: e for e in json.load(open(os.path.join(build, "compile_commands.json")))}
for f in sorted(entries):
    if (not f.startswith(root + "/") or not f.endswith(".cpp")
            or f.startswith(os.path.abspath(build) + "/") or (wanted and f not in wanted)):
        continue
    # Each source with the command that preprocesses it (with its comments: a NOLINT is one).
    args, cmd = shlex.split(entries[f]["command"]), []
    while args:
        a = args.pop(0)
        if a == "-o": args.pop(0)
        elif a != "-c": cmd.append(a)
    cmd = [c for c in cmd if c != "ccache" and not c.endswith("/ccache")]
    print(f + "\t" + "cd " + shlex.quote(entries[f]["directory"]) + " && " + shlex.join(cmd + ["-E", "-C"]))
EOF
)
[ ${#files[@]} -gt 0 ] || { echo "tidy: FAILED (no sources found in $build/compile_commands.json)"; exit 1; }

out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
# A source's report is kept in the cache under a hash of what clang-tidy reads: the preprocessed
# source with its comments (the checkout's folder written as @ROOT@, so that a clone elsewhere
# hits), its path, .clang-tidy and clang-tidy's version. CI's runs on one machine then check only
# the sources whose text (or a header's) changed.
cache=${SCANVIZ_TIDY_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/scanviz-tidy}
mkdir -p "$cache"
salt=$({ clang-tidy-14 --version; cat .clang-tidy; } | sha256sum | cut -c1-64)
export build root out cache salt
TidyOne() {  # a line "SOURCE<TAB>PREPROCESS COMMAND"
  local src=${1%%$'\t'*} pp=${1#*$'\t'} key rc=0
  local report="$out/tidy-$(tr / _ <<<"${src#"$root"/}").txt"
  key=$({ echo "$salt ${src#"$root"/}"; bash -c "$pp" 2>&1; } | sed "s#$root#@ROOT@#g" | sha256sum | cut -c1-64)
  if [ -f "$cache/$key" ]; then
    sed "s#@ROOT@#$root#g" "$cache/$key" >"$report"
    return 0
  fi
  clang-tidy-14 -p "$build" --quiet --header-filter="^$root/(app|kernels|tests|bench)/" "$src" \
    >"$report" 2>&1 || rc=$?
  if [ $rc -ne 0 ] && ! grep -qE ": (warning|error): " "$report"; then
    echo "$src:1:1: error: clang-tidy-14 exited with $rc and no finding [scanviz-tidy-run]" >>"$report"
  else
    sed "s#$root#@ROOT@#g" "$report" >"$cache/$key.$$" && mv "$cache/$key.$$" "$cache/$key"
  fi
}
export -f TidyOne
# One report per source, so that parallel runs do not interleave their lines.
printf '%s\n' "${files[@]}" | xargs -d '\n' -P "$jobs" -n 1 bash -c 'TidyOne "$1"' _
files=("${files[@]%%$'\t'*}")

# The query, over the sources that move something or include a header of ours that does (clang-query
# keeps every AST it parses, so a few sources a process).
mapfile -t movers < <(git grep -l 'std::move' -- '*.h' | xargs -r -n1 basename)
pattern='std::move'
for h in "${movers[@]}"; do pattern+="|include \"([a-z_]+/)*${h//./\\.}\""; done
mapfile -t queried < <(printf '%s\n' "${files[@]}" | xargs -r grep -lE "$pattern")
printf '%s\n' "${queried[@]}" | xargs -r -P "$jobs" -n 4 sh -c \
  'clang-query-14 -p "$0" -f scripts/unsequenced_move.query "$@" >"$(mktemp -p '"$out"' query-XXXX)" 2>&1 || true' "$build"

# Findings: clang-tidy's "file:line:col: error: ... [check]" lines in our files (one per place,
# though a header's appear once for each source that includes it), and each query match as one
# such line at its std::move.
findings=$(
  { cat "$out"/tidy-*.txt | grep -E "^$root/[^:]+:[0-9]+:[0-9]+: (warning|error): " || true
    find "$out" -name 'query-*' -exec cat {} + | awk -v root="$root/" -v build="$root/$build/" '
      /^Match #/ { move = ""; read = "" }
      / note: "move" binds here$/ { move = $1 }
      / note: "read" binds here$/ { read = $1; sub(/:$/, "", read) }
      move != "" && read != "" {
        if (index(move, root) == 1 && index(move, build) != 1)
          printf "%s error: moved from in one argument and read in another (%s); their order is unspecified [scanviz-unsequenced-move]\n", move, read
        move = ""; read = ""
      }'
  } | sed -E ':a; s#/[^/.][^/]*/\.\./#/#; ta' | sort -u -t: -k1,1 -k2,2n -k3,3n)
if [ -z "$findings" ]; then
  echo "tidy: ok (${#files[@]} files, 0 findings)"
  exit 0
fi
# The full reports (with notes and source lines) of the sources that have findings.
grep -lE "^$root/[^:]+:[0-9]+:[0-9]+: (warning|error): " "$out"/tidy-*.txt | xargs -r cat | grep -v '^[0-9]* warnings\? generated\.$' || true
echo "$findings"
count=$(wc -l <<<"$findings")
echo "tidy: FAILED ($count findings in $(cut -d: -f1 <<<"$findings" | sort -u | wc -l) files; ${#files[@]} files checked)"
exit 1
