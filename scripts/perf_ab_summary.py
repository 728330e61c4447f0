#!/usr/bin/env python3
"""Compares two sets of performance-lab results files (scanviz-cli bench --json), written in one
run by scripts/perf_ab.sh: for each rung, type, mode and size, the median GB/s over the runs of
each side and new / baseline.

usage: perf_ab_summary.py BASE.json ... -- NEW.json ..."""
import json
import statistics
import sys


def load(paths):
    runs = {}
    for path in paths:
        with open(path, encoding="utf-8") as f:
            doc = json.load(f)
        if not doc.get("all_correct", False):
            sys.exit(f"{path}: a correctness check failed; no speed is compared")
        for m in doc["measurements"]:
            if m.get("timed"):
                key = (m["rung"], m["type"], m["mode"], m["n"])
                runs.setdefault(key, []).append(m["gbps"])
    return runs


def main(argv):
    if "--" not in argv:
        sys.exit(__doc__)
    cut = argv.index("--")
    base, new = load(argv[1:cut]), load(argv[cut + 1:])
    print(f"{'rung':6} {'type':8} {'mode':10} {'n':>11} {'base GB/s':>10} {'new GB/s':>10} "
          f"{'new/base':>8}")
    ratios = {}
    for key in sorted(base.keys() & new.keys()):
        b, n = statistics.median(base[key]), statistics.median(new[key])
        ratio = n / b if b > 0 else float("nan")
        ratios.setdefault(key[0], []).append(ratio)
        print(f"{key[0]:6} {key[1]:8} {key[2]:10} {key[3]:>11} {b:10.1f} {n:10.1f} {ratio:8.3f}")
    for rung, rs in sorted(ratios.items()):
        print(f"rung {rung}: new/base median {statistics.median(rs):.3f}, "
              f"min {min(rs):.3f}, max {max(rs):.3f} over {len(rs)} (type, mode, size) points")


if __name__ == "__main__":
    main(sys.argv)
