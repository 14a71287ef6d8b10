#!/usr/bin/python3
# check.py - compares what encbench printed for one tests/verdicts case with
# its expected.json (standard library only, so make check needs no SciPy).
#
# usage: check.py CASE_DIR STATUS STDOUT STDERR
#
# expected.json holds "status" (the exit code), and any of: "rows", each a
# "match" (key columns that pick one row of the JSON output) and an
# "expect" (dotted paths into that row and their values; numbers agree to
# a relative 1e-6, null means absent or null); "count" (rows in the output);
# "contains" (lines that stdout must have, exactly); "contains_text"
# (substrings it must have); "in_order" (lines that stdout must have, in
# this order); "lacks" (substrings it must not have); "stderr" (a line stderr must have, exactly).
# Every verdict in JSON output must also agree with its printed interval: a
# word that claims a difference has an interval that excludes 0, any other
# word with an interval one that holds 0.
import json
import math
import sys


def get(row, path):
    for part in path.split("."):
        if not isinstance(row, dict) or part not in row:
            return None
        row = row[part]
    return row


def same(got, want):
    if isinstance(want, float) or (isinstance(want, int) and not isinstance(want, bool)):
        if not isinstance(got, (int, float)) or isinstance(got, bool):
            return False
        if math.isnan(want):
            return math.isnan(got)
        return abs(got - want) <= 1e-6 * max(1.0, abs(want), abs(got))
    return got == want


CLAIMS = ("improved", "regressed", "costs", "faster", "cheaper", "dearer")


def disagreements(rows):
    """Verdicts whose word and interval part, in any row of the output."""
    bad = []
    for row in rows if isinstance(rows, list) else []:
        for key in ("change", "verdict", "overhead_change"):
            v = row.get(key) if isinstance(row, dict) else None
            if not isinstance(v, dict) or v.get("ci_low") is None or v.get("ci_high") is None:
                continue
            excludes = v["ci_low"] > 0 or v["ci_high"] < 0
            if excludes != (v.get("word") in CLAIMS):
                bad.append(f"{key} says {v.get('word')!r} beside the interval "
                           f"{v['ci_low']} to {v['ci_high']}")
    return bad


def main():
    case, status, out_path, err_path = sys.argv[1:5]
    with open(f"{case}/expected.json") as f:
        exp = json.load(f)
    with open(out_path) as f:
        out = f.read()
    with open(err_path) as f:
        err = f.read()
    problems = []
    if int(status) != exp.get("status", 0):
        problems.append(f"exit {status}, wanted {exp.get('status', 0)}")
    if "rows" in exp or "count" in exp:
        try:
            rows = json.loads(out)
        except ValueError as e:
            rows = []
            problems.append(f"stdout is not JSON: {e}")
        problems.extend(disagreements(rows))
        if "count" in exp and len(rows) != exp["count"]:
            problems.append(f"{len(rows)} rows, wanted {exp['count']}")
        for r in exp.get("rows", []):
            hits = [x for x in rows if all(get(x, k) == v for k, v in r["match"].items())]
            if len(hits) != 1:
                problems.append(f"{len(hits)} rows match {r['match']}")
                continue
            for path, want in r["expect"].items():
                got = get(hits[0], path)
                if not same(got, want):
                    problems.append(f"{r['match']} {path}: got {got!r}, wanted {want!r}")
    lines = out.splitlines()
    for want in exp.get("contains", []):
        if want not in lines:
            problems.append(f"stdout lacks the line: {want}")
    at = 0
    for want in exp.get("in_order", []):
        if want not in lines[at:]:
            problems.append(f"stdout lacks, in its order, the line: {want}")
        else:
            at = lines.index(want, at) + 1
    for want in exp.get("contains_text", []):
        if want not in out:
            problems.append(f"stdout lacks: {want}")
    for bad in exp.get("lacks", []):
        if bad in out:
            problems.append(f"stdout has: {bad}")
    if "stderr" in exp and exp["stderr"] not in err.splitlines():
        problems.append(f"stderr lacks the line: {exp['stderr']}")
    for p in problems:
        print("  " + p)
    sys.exit(1 if problems else 0)


main()
