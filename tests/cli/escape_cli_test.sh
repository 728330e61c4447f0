#!/usr/bin/env bash
# Issue #38, findings 3 and 4, as a user meets them: `scanviz-cli check` on a trace of each kind
# whose string fields hold a terminal's escapes (a title set, a fake "check: OK" line, C1's CSI,
# bytes that are not UTF-8) or 10 MB prints one escaped, bounded line and exits 2 (a file that does
# not open, check_command.cpp; 1 is a trace that opened and failed its check); a file whose name
# holds "s=" is checked as the file it is. Needs python3 (to write the files and read the lines byte by byte): without it the script
# exits 77, which CTest reports as skipped.
set -u
cli=${SCANVIZ_CLI:?set SCANVIZ_CLI to the scanviz-cli binary}
src=$(cd "$(dirname "$0")/../.." && pwd)
command -v python3 >/dev/null 2>&1 || { echo "python3 missing: skipped"; exit 77; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
passed=0
failed=0
pass() { passed=$((passed + 1)); }
fail() { failed=$((failed + 1)); echo "FAIL: $*"; }

# hostile FILE FIELD KIND OUT: FILE with the string at FIELD (a JSON pointer) replaced.
hostile() {
  python3 - "$@" <<'PY'
import json, sys
src, pointer, kind, out = sys.argv[1:5]
root = json.load(open(src))
node = root
parts = [p for p in pointer.split('/') if p]
for p in parts[:-1]:
    node = node[int(p)] if isinstance(node, list) else node[p]
mark = '\u0001scanviz-hostile\u0001'
last = parts[-1]
if isinstance(node, list): node[int(last)] = mark
else: node[last] = mark
text = {'title': '\x1b]0;pwned\x07\nscanviz-cli: check: OK', 'c1': 'a\u009b31m\x7f',
        'huge': 'x' * (10 << 20) + '\n'}.get(kind)
data = json.dumps(root).encode()
literal = json.dumps(text).encode() if kind != 'bytes' else b'"a\xff\xfe\xc2\x9b"'
open(out, 'wb').write(data.replace(json.dumps(mark).encode(), literal))
PY
}

# one_safe_line FILE: exactly one line, printable UTF-8 without C0/C1 controls or DEL, < 1000 bytes.
one_safe_line() {
  python3 - "$1" <<'PY'
import sys, unicodedata
data = open(sys.argv[1], 'rb').read()
lines = data.split(b'\n')
if len(lines) != 2 or lines[1] != b'': sys.exit('not one line: %r' % data[:300])
if len(data) > 1000: sys.exit('%d bytes' % len(data))
text = lines[0].decode('utf-8')  # raises on bytes that are not UTF-8
bad = [c for c in text if ord(c) < 0x20 or 0x7f <= ord(c) <= 0x9f or c in '\u2028\u2029\u202e']
if bad: sys.exit('control characters %r in %r' % (bad, text[:300]))
PY
}

check_hostile() {  # NAME FILE FIELD
  local name=$1 file=$2 field=$3 kind
  for kind in title c1 bytes huge; do
    hostile "$file" "$field" "$kind" "$tmp/t.json" || { fail "$name $kind: could not write"; continue; }
    "$cli" check "$tmp/t.json" >"$tmp/out" 2>"$tmp/err"
    local rc=$?
    if [ "$rc" -ne 2 ]; then fail "$name $field $kind: exit $rc, expected 2"; continue; fi
    if [ -s "$tmp/out" ]; then fail "$name $field $kind: wrote to stdout"; continue; fi
    local why
    if ! why=$(one_safe_line "$tmp/err" 2>&1); then fail "$name $field $kind: $why"; continue; fi
    pass
  done
}

check_hostile "block trace" "$src/docs/example-blelloch-h200.json" /meta/op
check_hostile "block trace" "$src/docs/example-blelloch-h200.json" /rounds/0/phase
check_hostile "grid" "$src/tests/fuzz/corpus/grid/multi-block.json" /meta/block_algorithm
check_hostile "single pass" "$src/docs/single-pass/single-pass-8x8-ticket.json" /meta/op
check_hostile "compaction" "$src/tests/fuzz/corpus/grid/compact.json" /meta/keep
check_hostile "radix sort" "$src/tests/fuzz/corpus/grid/radix.json" /meta/algorithm
check_hostile "across GPUs" "$src/docs/multi-gpu/multi-gpu-4x16-simulated.json" /meta/type

# Finding 4: names that hold "s=" are files to `check`, as they are to the app (escape_links_test).
for name in 's=hs8.json' 'lecture#s=1.json' 'a&s=b.json'; do
  cp "$src/docs/example-blelloch-h200.json" "$tmp/$name"
  if (cd "$tmp" && "$cli" check "$name" >/dev/null 2>&1); then pass; else fail "check $name"; fi
done

echo "escape_cli_test: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
