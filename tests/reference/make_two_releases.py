#!/usr/bin/python3
# make_two_releases.py - writes tests/data/analyze/two-releases.csv (five
# repetitions per key in 23.10 and 24.04, 1 % noise; some keys move by 20 %,
# some come from one distribution) and prints what SciPy says of each pair,
# the reference of tests/unit/test_analyze.c.
import numpy as np
from scipy import stats

rng = np.random.default_rng(42)
keys = [
    # mode, workload, op, metric, unit, mean 23.10, mean 24.04
    ("none", "seq", "write", "bw", "B/s", 1000e6, 1200e6),
    ("aes-256-gcm", "seq", "write", "bw", "B/s", 800e6, 1000e6),
    ("none", "seq", "read", "bw", "B/s", 1500e6, 1500e6),
    ("aes-256-gcm", "seq", "read", "bw", "B/s", 1300e6, 1300e6),
    ("none", "rand", "read", "lat_mean", "ns", 100000, 120000),
    ("aes-256-gcm", "rand", "read", "lat_mean", "ns", 110000, 110000),
]
rows = []
samples = {}
for mode, wl, op, metric, unit, m1, m2 in keys:
    for rel, m in (("23.10", m1), ("24.04", m2)):
        vals = [round(float(v), 1) for v in rng.normal(m, m * 0.01, 5)]
        samples[(mode, wl, op, metric, rel)] = vals
        for rep, v in enumerate(vals, 1):
            bs = 1048576 if wl == "seq" else 4096
            rows.append(f"{rel},box,default,{mode},fio,{wl}-{op},{wl},{op},{bs},{metric},{unit},{rep},{v!r},gen:{len(rows) + 2}")
with open("tests/data/analyze/two-releases.csv", "w") as f:
    f.write("release,host,config,mode,tool,job,workload,op,block_size,metric,unit,rep,value,source\n")
    f.write("\n".join(rows) + "\n")
for mode, wl, op, metric, unit, m1, m2 in keys:
    a = samples[(mode, wl, op, metric, "23.10")]
    b = samples[(mode, wl, op, metric, "24.04")]
    w = stats.ttest_ind(b, a, equal_var=False)
    u = stats.mannwhitneyu(a, b, alternative="two-sided", method="exact")
    print(f"{mode} {wl} {op} {metric}: welch p={w.pvalue!r} delta%={(np.mean(b) / np.mean(a) - 1) * 100!r} mwu p={u.pvalue!r}")
