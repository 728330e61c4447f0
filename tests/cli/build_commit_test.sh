#!/usr/bin/env bash
# cmake/build_commit.cmake, which bakes the project's commit into the bench's binary (the results
# file's "commit"): a checkout's HEAD, "-dirty" after it when a tracked file changed (an untracked
# one does not count), "unknown" in a folder that is no checkout or only sits inside one, and the
# header left untouched when the commit is the same (so nothing recompiles).
#
#   build_commit_test.sh SCRIPT CMAKE        exit 77 (skipped) without git
set -u
script=${1:?usage: build_commit_test.sh SCRIPT CMAKE}
cmake=${2:?usage: build_commit_test.sh SCRIPT CMAKE}
command -v git >/dev/null 2>&1 || { echo "build_commit_test: git not found"; exit 77; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
out="$tmp/generated/perf/build_commit.h"
passed=0
failed=0

bake() { "$cmake" -DSOURCE_DIR="$1" -DOUTPUT="$out" -P "$script" || echo "cmake -P failed"; }
baked() { sed -n 's/^#define SCANVIZ_BUILD_COMMIT "\(.*\)"$/\1/p' "$out"; }
expect() {  # expect WHAT GOT WANT
  if [ "$2" = "$3" ]; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL: $1: '$2', want '$3'"; fi
}
g() { git -C "$tmp/repo" -c user.name=test -c user.email=test@example.invalid "$@"; }

mkdir -p "$tmp/plain" "$tmp/repo/sub"
bake "$tmp/plain"
expect "a folder that is no checkout" "$(baked)" unknown

g init -q
echo one > "$tmp/repo/file.txt"
echo sub > "$tmp/repo/sub/kept.txt"
g add file.txt sub/kept.txt
g commit -q -m first
head=$(g rev-parse HEAD)
bake "$tmp/repo"
expect "a clean checkout" "$(baked)" "$head"
expect "the commit is 40 hex digits" "$(baked | grep -cE '^[0-9a-f]{40}$')" 1
bake "$tmp/repo/sub"
expect "a folder inside a checkout" "$(baked)" unknown

echo untracked > "$tmp/repo/new.txt"
bake "$tmp/repo"
expect "an untracked file" "$(baked)" "$head"
stamp=$(stat -c %y "$out")
sleep 1
bake "$tmp/repo"
expect "the same commit rewrites nothing" "$(stat -c %y "$out")" "$stamp"

echo two > "$tmp/repo/file.txt"
bake "$tmp/repo"
expect "a changed tracked file" "$(baked)" "$head-dirty"
g commit -q -am second
bake "$tmp/repo"
expect "a new commit" "$(baked)" "$(g rev-parse HEAD)"

echo "build_commit_test: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
