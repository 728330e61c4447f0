#!/usr/bin/env python3
"""Checks a trace file that scanviz-cli wrote against docs/trace-format.md, field by field, and
against the hand-worked rounds of the chapters' examples.

usage: check_trace_json.py check CASE FILE     every field of FILE equals CASE's expectation
       check_trace_json.py selftest CASE FILE  FILE passes, and each of a list of edits to it fails

Exit 0: all checks passed. Exit 1: one line per mismatch on stdout. Exit 2: bad usage or a file
that is not JSON.

The expectations are written out by hand (values worked on paper, not produced by the program
under test), so a CLI that prints fewer rounds, a wrong cell, a dropped field or a swapped operand
is reported with the place it differs. The selftest proves the checker itself can fail: a checker
that accepts everything would pass `check` on any output.
"""
import copy
import json
import sys

FORMAT_KEYS = {"format", "version", "meta", "input", "arrays", "rounds"}
META_KEYS = {"algorithm", "op", "type", "identity", "n", "padded_n", "block_size", "block_count",
             "converted", "backend"}
ROUND_KEYS = {"phase", "phase_round", "stride", "level", "block", "pin", "pout", "values", "actions"}
N = None  # a cell no thread has written yet: null in the file
INPUT = "input"  # an access to the scan's input in global memory

# Version 2 names the array of every access: [array, position], the array an index into
# "arrays" or "input". Hillis-Steele reads pin and writes pout; Blelloch works in its one buffer.


def load(t):
    return ["load", [[INPUT, t]], [[0, t]]]


def copy_(pin, pout, i):
    return ["copy", [[pin, i]], [[pout, i]]]


def add(pin, pout, left, right):
    """pout[right] = pin[left] . pin[right] (Blelloch: pin = pout = its one buffer)."""
    return ["add", [[pin, left], [pin, right]], [[pout, right]]]


def swap_add(left, right):
    """Blelloch down-sweep: left <- right, right <- right . old left; reads and writes both."""
    return ["swap-add", [[0, left], [0, right]], [[0, left], [0, right]]]


def hillis_steele_actions(stride, pin, pout):
    """One round of Hillis-Steele on 8 elements: positions below the stride copy, the rest add."""
    return [copy_(pin, pout, i) if i < stride else add(pin, pout, i - stride, i) for i in range(8)]


LOAD8 = [load(t) for t in range(8)]
IDLE = None
B = 0  # Blelloch's buffer


# Blelloch's actions on 8 cells, round by round, with the positions of the chapters' figure.
BLELLOCH_ACTIONS = [
    LOAD8,
    [add(B, B, 0, 1), add(B, B, 2, 3), add(B, B, 4, 5), add(B, B, 6, 7)] + [IDLE] * 4,  # stride 1
    [add(B, B, 1, 3), add(B, B, 5, 7)] + [IDLE] * 6,  # up-sweep, stride 2
    [add(B, B, 3, 7)] + [IDLE] * 7,  # up-sweep, stride 4
    [["seed", [], [[0, 7]]]] + [IDLE] * 7,  # the root <- identity
    [swap_add(3, 7)] + [IDLE] * 7,  # down-sweep, stride 4
    [swap_add(1, 3), swap_add(5, 7)] + [IDLE] * 6,  # stride 2
    [swap_add(0, 1), swap_add(2, 3), swap_add(4, 5), swap_add(6, 7)] + [IDLE] * 4,
]
# (phase, step, stride, pin, pout) of Blelloch's 8 rounds on 8 elements; all at block level.
BLELLOCH_SPECS = [("load", 1, 0, None, 0), ("up-sweep", 1, 1, 0, 0), ("up-sweep", 2, 2, 0, 0),
                  ("up-sweep", 3, 4, 0, 0), ("seed", 1, 0, 0, 0), ("down-sweep", 1, 4, 0, 0),
                  ("down-sweep", 2, 2, 0, 0), ("down-sweep", 3, 1, 0, 0)]
HILLIS_STEELE_SPECS = [("load", 1, 0, None, 0), ("scan", 1, 1, 0, 1), ("scan", 2, 2, 1, 0),
                       ("scan", 3, 4, 0, 1)]
HILLIS_STEELE_ACTIONS = [LOAD8, hillis_steele_actions(1, 0, 1), hillis_steele_actions(2, 1, 0),
                         hillis_steele_actions(4, 0, 1)]
ARRAYS = {"hillis-steele": [{"name": "buf[0]", "space": "shared", "size": 8},
                            {"name": "buf[1]", "space": "shared", "size": 8}],
          "blelloch": [{"name": "buf", "space": "shared", "size": 8}]}


def meta(algorithm, op):
    return {"algorithm": algorithm, "op": op, "type": "int32", "identity": 0, "n": 8,
            "padded_n": 8, "block_size": 8, "block_count": 1, "converted": False,
            "backend": {"kind": "cpu"}}


def case(algorithm, op, inputs, buffers):
    specs, actions = ((HILLIS_STEELE_SPECS, HILLIS_STEELE_ACTIONS) if algorithm == "hillis-steele"
                      else (BLELLOCH_SPECS, BLELLOCH_ACTIONS))
    rounds = []
    for (phase, step, stride, pin, pout), bufs, acts in zip(specs, buffers, actions):
        rounds.append({"phase": phase, "phase_round": step, "stride": stride, "level": "block",
                       "block": 0, "pin": pin, "pout": pout, "values": bufs, "actions": acts})
    assert len(rounds) == len(specs) == len(buffers), "the case lists every round"
    return {"format": "scanviz-trace", "version": 2, "meta": meta(algorithm, op), "input": inputs,
            "arrays": ARRAYS[algorithm], "rounds": rounds}


EXAMPLE = [3, 1, 7, 0, 4, 1, 6, 3]
SPARSE = [0, 5, 0, 0, 2, 0, 7, 0]  # for `last`: the last non-zero value so far

CASES = {
    # The chapters' worked example, buffer after buffer (docs and README).
    "blelloch-add": case("blelloch", "add", EXAMPLE, [
        [[3, 1, 7, 0, 4, 1, 6, 3]],
        [[3, 4, 7, 7, 4, 5, 6, 9]],
        [[3, 4, 7, 11, 4, 5, 6, 14]],
        [[3, 4, 7, 11, 4, 5, 6, 25]],
        [[3, 4, 7, 11, 4, 5, 6, 0]],
        [[3, 4, 7, 0, 4, 5, 6, 11]],
        [[3, 0, 7, 4, 4, 11, 6, 16]],
        [[0, 3, 4, 11, 11, 15, 16, 22]],
    ]),
    # Hillis-Steele double-buffers: pin keeps last round's values, pout gets the new ones.
    "hillis-steele-add": case("hillis-steele", "add", EXAMPLE, [
        [[3, 1, 7, 0, 4, 1, 6, 3], [N, N, N, N, N, N, N, N]],
        [[3, 1, 7, 0, 4, 1, 6, 3], [3, 4, 8, 7, 4, 5, 7, 9]],
        [[3, 4, 11, 11, 12, 12, 11, 14], [3, 4, 8, 7, 4, 5, 7, 9]],
        [[3, 4, 11, 11, 12, 12, 11, 14], [3, 4, 11, 11, 15, 16, 22, 25]],
    ]),
    # `last` is not commutative: a kernel that swaps a combination's operands keeps an earlier
    # value over a later one, which these rounds (worked by hand) expose.
    "hillis-steele-last": case("hillis-steele", "last", SPARSE, [
        [[0, 5, 0, 0, 2, 0, 7, 0], [N, N, N, N, N, N, N, N]],
        [[0, 5, 0, 0, 2, 0, 7, 0], [0, 5, 5, 0, 2, 2, 7, 7]],
        [[0, 5, 5, 5, 2, 2, 7, 7], [0, 5, 5, 0, 2, 2, 7, 7]],
        [[0, 5, 5, 5, 2, 2, 7, 7], [0, 5, 5, 5, 2, 2, 7, 7]],  # inclusive: [0,5,5,5,2,2,7,7]
    ]),
    "blelloch-last": case("blelloch", "last", SPARSE, [
        [[0, 5, 0, 0, 2, 0, 7, 0]],
        [[0, 5, 0, 0, 2, 2, 7, 7]],
        [[0, 5, 0, 5, 2, 2, 7, 7]],
        [[0, 5, 0, 5, 2, 2, 7, 7]],
        [[0, 5, 0, 5, 2, 2, 7, 0]],
        [[0, 5, 0, 0, 2, 2, 7, 5]],  # right <- last(parent's prefix 0, left subtree 5)
        [[0, 0, 0, 5, 2, 5, 7, 2]],  # position 7: last(5, 2) = 2, the prefix first
        [[0, 0, 5, 5, 5, 2, 2, 7]],  # exclusive: [0,0,5,5,5,2,2,7]
    ]),
}


def same(a, b):
    """Equal values of the same JSON type: 1 is not 1.0 nor true, and [1] is not [1.0]."""
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    return type(a) is type(b) and a == b


def check(doc, want):
    """Every mismatch between the file and the expectation, one line each."""
    errors = []

    def expect(where, got, expected):
        if not same(got, expected):
            errors.append(f"{where}: {json.dumps(got)}, expected {json.dumps(expected)}")

    def keys(where, obj, expected):
        if not isinstance(obj, dict):
            errors.append(f"{where}: not an object")
            return False
        for k in sorted(expected - obj.keys()):
            errors.append(f"{where}: missing field \"{k}\"")
        for k in sorted(obj.keys() - expected):
            errors.append(f"{where}: unexpected field \"{k}\"")
        return True

    if not keys("top level", doc, FORMAT_KEYS):
        return errors
    expect("format", doc.get("format"), want["format"])
    expect("version", doc.get("version"), want["version"])
    m = doc.get("meta")
    if keys("meta", m, META_KEYS):
        for k in sorted(META_KEYS):
            if k in m:
                expect(f"meta.{k}", m[k], want["meta"][k])
    expect("input", doc.get("input"), want["input"])
    expect("arrays", doc.get("arrays"), want["arrays"])

    rounds = doc.get("rounds")
    if not isinstance(rounds, list):
        errors.append("rounds: not an array")
        return errors
    if len(rounds) != len(want["rounds"]):
        errors.append(f"rounds: {len(rounds)} rounds, expected {len(want['rounds'])}")
    for r, (got, exp) in enumerate(zip(rounds, want["rounds"])):
        where = f"rounds[{r}]"
        if not keys(where, got, ROUND_KEYS):
            continue
        for k in ("phase", "phase_round", "stride", "level", "block", "pin", "pout"):
            expect(f"{where}.{k}", got.get(k), exp[k])
        values = got.get("values")
        if not isinstance(values, list) or len(values) != len(exp["values"]):
            expect(f"{where}.values", values, exp["values"])
        else:
            for b, (cells, want_cells) in enumerate(zip(values, exp["values"])):
                if not isinstance(cells, list) or len(cells) != len(want_cells):
                    expect(f"{where}.values[{b}]", cells, want_cells)
                    continue
                for i, (v, w) in enumerate(zip(cells, want_cells)):
                    expect(f"{where}.values[{b}][{i}]", v, w)
        actions = got.get("actions")
        if not isinstance(actions, list) or len(actions) != len(exp["actions"]):
            expect(f"{where}.actions", actions, exp["actions"])
        else:
            for t, (a, w) in enumerate(zip(actions, exp["actions"])):
                expect(f"{where}.actions[{t}]", a, w)
    return errors


def edits(doc):
    """(name, edited copy) pairs: each differs from a correct file in one documented field."""
    def edited(name, f):
        d = copy.deepcopy(doc)
        f(d)
        return name, d

    last = len(doc["rounds"]) - 1
    return [
        edited("three rounds", lambda d: d.__setitem__("rounds", d["rounds"][:3])),
        edited("a value", lambda d: d["rounds"][last]["values"][0].__setitem__(7, 26)),
        edited("a value as a float", lambda d: d["rounds"][1]["values"][0].__setitem__(
            1, float(d["rounds"][1]["values"][0][1]))),
        edited("no identity", lambda d: d["meta"].pop("identity")),
        edited("identity", lambda d: d["meta"].__setitem__("identity", 1)),
        edited("no converted", lambda d: d["meta"].pop("converted")),
        edited("backend", lambda d: d["meta"].__setitem__("backend", {"kind": "cuda"})),
        edited("padded_n", lambda d: d["meta"].__setitem__("padded_n", 16)),
        edited("version", lambda d: d.__setitem__("version", 1)),
        edited("level", lambda d: d["rounds"][1].__setitem__("level", "warp")),
        edited("an array's size", lambda d: d["arrays"][0].__setitem__("size", 16)),
        edited("a read's array", lambda d: d["rounds"][1]["actions"][1][1][0].__setitem__(0, INPUT)),
        edited("format", lambda d: d.__setitem__("format", "scanviz")),
        edited("input", lambda d: d["input"].reverse()),
        edited("stride", lambda d: d["rounds"][1].__setitem__("stride", 2)),
        edited("pin", lambda d: d["rounds"][1].__setitem__("pin", None)),
        edited("swapped operands", lambda d: d["rounds"][1]["actions"][1][1].reverse()),
        edited("an action dropped", lambda d: d["rounds"][1]["actions"].__setitem__(0, None)),
        edited("a thread fewer", lambda d: d["rounds"][1]["actions"].pop()),
        edited("an extra field", lambda d: d["rounds"][2].__setitem__("note", "hi")),
    ]


def main(argv):
    if len(argv) != 4 or argv[1] not in ("check", "selftest") or argv[2] not in CASES:
        print(__doc__.strip(), file=sys.stderr)
        print("cases: " + ", ".join(sorted(CASES)), file=sys.stderr)
        return 2
    mode, name, path = argv[1:]
    try:
        with open(path, encoding="utf-8") as f:
            doc = json.load(f)  # one document: anything after it is an error
    except (OSError, ValueError) as e:
        print(f"{path}: not one JSON document: {e}")
        return 2
    want = CASES[name]
    errors = check(doc, want)
    if mode == "check":
        for e in errors:
            print(f"{path} ({name}): {e}")
        if not errors:
            print(f"{path}: the {name} trace, every field as documented")
        return 1 if errors else 0
    # selftest: the file must pass, and every edit of it must be reported.
    if errors:
        print(f"selftest needs a correct file; {path} has {len(errors)} problems, first: {errors[0]}")
        return 1
    missed = [n for n, d in edits(doc) if not check(d, want)]
    for n in missed:
        print(f"the checker accepted a file with a wrong field: {n}")
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
