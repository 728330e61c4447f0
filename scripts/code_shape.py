#!/usr/bin/env python3
"""Lists the functions over --max-function lines and the files over --max-file lines in app/ and
kernels/ (docs/architecture.md: code shape). A function is counted from the line of its opening
brace to its closing one; comments and string literals are skipped before braces are matched, and
a lambda or a class body counts as part of the function or file around it.

  python3 scripts/code_shape.py                  print what is over, exit 1 if anything is
  python3 scripts/code_shape.py --allow FILE     ... except the 'path:function' lines FILE lists
"""
import argparse
import os
import re
import sys

SOURCES = ('.cpp', '.h', '.cu', '.cuh')
CONTROL = re.compile(r'\b(if|for|while|switch|catch)\s*\(|^\s*(else|do|try)\b')
FUNCTION_END = re.compile(r'\)\s*(const|override|noexcept|final|mutable|->[^;{]*|\s)*$')


def Strip(src):
    """src with comments and literals blanked, newlines kept (so line numbers hold)."""
    out, i, n = [], 0, len(src)
    while i < n:
        if src.startswith('//', i):
            j = src.find('\n', i)
            i = n if j < 0 else j
            continue
        if src.startswith('/*', i):
            j = src.find('*/', i + 2)
            j = n if j < 0 else j + 2
            out.append('\n' * src.count('\n', i, j))
            i = j
            continue
        raw = re.match(r'R"([^(\s]*)\(', src[i:i + 20])
        if raw and (i == 0 or not (src[i - 1].isalnum() or src[i - 1] == '_')):
            end = ')' + raw.group(1) + '"'
            j = src.find(end, i)
            j = n if j < 0 else j + len(end)
            out.append('""' + '\n' * src.count('\n', i, j))
            i = j
            continue
        c = src[i]
        if c in '"\'' and not (c == "'" and i > 0 and src[i - 1].isalnum()):  # 1'000 separators
            j = i + 1
            while j < n and src[j] != c and src[j] != '\n':
                j += 2 if src[j] == '\\' else 1
            out.append(c + c)
            i = j + 1
            continue
        out.append(c)
        i += 1
    return ''.join(out)


def Functions(path):
    """(lines, first line, name) of each outermost function body in path."""
    text = Strip(open(path, encoding='utf-8', errors='replace').read())
    found, stack, line = [], [], 1
    for i, ch in enumerate(text):
        if ch == '\n':
            line += 1
        elif ch == '{':
            k = i - 1
            while k >= 0 and text[k] not in ';{}':
                k -= 1
            header = text[k + 1:i].strip()
            last = header.split('\n')[-1]
            is_function = (FUNCTION_END.search(header) and not CONTROL.search(last)
                           and '=' not in header.split('(')[0])
            name = re.findall(r'([~\w:]+)\s*\(', header)
            stack.append(('function' if is_function else 'block', line, name[0] if name else '?'))
        elif ch == '}' and stack:
            kind, first, name = stack.pop()
            if kind == 'function' and not any(k == 'function' for k, _, _ in stack):
                found.append((line - first + 1, first, name))
    return found


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    parser.add_argument('--max-function', type=int, default=80)
    parser.add_argument('--max-file', type=int, default=500)
    parser.add_argument('--allow', help="a file of 'path:function' lines still allowed over")
    parser.add_argument('--root', default=os.path.join(os.path.dirname(__file__), '..'))
    parser.add_argument('folders', nargs='*', default=['app', 'kernels'])
    args = parser.parse_args()
    allowed = set()
    if args.allow:
        allowed = {l.strip() for l in open(args.allow) if l.strip() and not l.startswith('#')}
    over, used = [], set()
    for folder in args.folders:
        for top, _, files in os.walk(os.path.join(args.root, folder)):
            for f in sorted(files):
                if not f.endswith(SOURCES):
                    continue
                path = os.path.join(top, f)
                rel = os.path.relpath(path, args.root)
                lines = sum(1 for _ in open(path, encoding='utf-8', errors='replace'))
                if lines > args.max_file:
                    key = f'{rel}:file'
                    used.add(key)
                    if key not in allowed:
                        over.append(f'{rel}: {lines} lines (over {args.max_file})')
                for length, first, name in Functions(path):
                    if length > args.max_function:
                        key = f'{rel}:{name}'
                        used.add(key)
                        if key not in allowed:
                            over.append(f'{rel}:{first}: {name} is {length} lines '
                                        f'(over {args.max_function})')
    stale = sorted(allowed - used)
    for line in over:
        print(line)
    for key in stale:
        print(f'{key}: allowed over, but no longer is: take it off the list')
    print(f'code shape: {len(over)} over, {len(stale)} stale allowances')
    return 1 if over or stale else 0


if __name__ == '__main__':
    sys.exit(main())
