#!/usr/bin/python3
# stats_reference.py - computes, with SciPy (Debian's python3-scipy), the
# reference values that tests/unit/test_stats.c asserts. Run it to check
# them again: /usr/bin/python3 tests/reference/stats_reference.py
import itertools
import math

import numpy as np
from scipy import stats

print("t quantiles")
for q, df in [(0.975, 1), (0.975, 2), (0.975, 4), (0.975, 9), (0.975, 29.5), (0.995, 3), (0.025, 6)]:
    print(f"  q={q} df={df}: {stats.t.ppf(q, df)!r}")
import mpmath
mpmath.mp.dps = 30
print("  q=0.995 df=3 by mpmath (SciPy's ppf is 1.7e-9 off there):",
      mpmath.findroot(lambda t: mpmath.betainc(1.5, 0.5, 0, 3 / (3 + t * t), regularized=True)
                      - mpmath.mpf("0.01"), 5.84))
print("t two-sided p")
for t, df in [(2.5, 7.3), (0.3, 2), (10.0, 4), (-1.7, 12)]:
    print(f"  t={t} df={df}: {2 * stats.t.sf(abs(t), df)!r}")

print("Welch")
a = [100.0, 102.0, 98.0, 101.0, 99.0]
b = [120.0, 121.0, 119.0, 122.0, 118.0]
r = stats.ttest_ind(b, a, equal_var=False)
print("  a,b:", repr(r.statistic), repr(r.pvalue))
c = [10.1, 9.7, 10.4, 9.9]
d = [10.0, 10.3, 9.6, 10.2, 9.8, 10.5]
r = stats.ttest_ind(d, c, equal_var=False)
print("  c,d:", repr(r.statistic), repr(r.pvalue))
va, vb = np.var(c, ddof=1) / len(c), np.var(d, ddof=1) / len(d)
print("  c,d df:", repr((va + vb) ** 2 / (va ** 2 / (len(c) - 1) + vb ** 2 / (len(d) - 1))))
print("  mean/sd/ci of a:", np.mean(a), np.std(a, ddof=1),
      stats.t.interval(0.95, len(a) - 1, loc=np.mean(a), scale=stats.sem(a)))

print("Mann-Whitney exact, no ties")
x = [1.1, 2.2, 3.3, 4.4]
y = [5.5, 6.6, 7.7]
r = stats.mannwhitneyu(x, y, alternative="two-sided", method="exact")
print("  ", repr(r.statistic), repr(r.pvalue))
x2 = [3.1, 1.2, 5.3, 4.4, 2.5]
y2 = [2.9, 6.1, 7.0, 5.8, 4.9, 6.6]
r = stats.mannwhitneyu(x2, y2, alternative="two-sided", method="exact")
print("  ", repr(r.statistic), repr(r.pvalue))


def exact_with_ties(x, y):
    """Two-sided exact permutation p of the rank sum, 2*min(P<=, P>=)."""
    allv = x + y
    ranks = stats.rankdata(allv)
    s_obs = sum(ranks[: len(x)])
    le = ge = total = 0
    for idx in itertools.combinations(range(len(allv)), len(x)):
        s = sum(ranks[i] for i in idx)
        total += 1
        le += s <= s_obs + 1e-9
        ge += s >= s_obs - 1e-9
    u = s_obs - len(x) * (len(x) + 1) / 2
    return u, min(1.0, 2 * min(le, ge) / total)


print("Mann-Whitney exact, ties (enumeration)")
print("  ", exact_with_ties([1, 2, 2, 3, 5], [2, 3, 4, 4, 6, 7]))
print("  ", exact_with_ties([10, 10, 10], [10, 10, 12]))

print("Mann-Whitney asymptotic")
rng = np.random.default_rng(7)
big_a = [round(v, 1) for v in rng.normal(100, 5, 25)]
big_b = [round(v, 1) for v in rng.normal(103, 5, 20)]
print("  a =", big_a)
print("  b =", big_b)
r = stats.mannwhitneyu(big_a, big_b, alternative="two-sided", method="asymptotic", use_continuity=True)
print("  ", repr(r.statistic), repr(r.pvalue))


def fieller(num, den, alpha=0.05):
    mn, md = np.mean(num), np.mean(den)
    vn = np.var(num, ddof=1) / len(num)
    vd = np.var(den, ddof=1) / len(den)
    r = mn / md
    df = (vn + r * r * vd) ** 2 / (vn ** 2 / (len(num) - 1) + r ** 4 * vd ** 2 / (len(den) - 1))
    t = stats.t.ppf(1 - alpha / 2, df)
    A = md * md - t * t * vd
    B = -2 * mn * md
    C = mn * mn - t * t * vn
    disc = B * B - 4 * A * C
    return r, (-B - math.sqrt(disc)) / (2 * A), (-B + math.sqrt(disc)) / (2 * A)


print("Fieller")
print("  enc/base:", fieller([880.0, 905.0, 870.0], [1000.0, 1010.0, 990.0, 1005.0]))
print("  b/a:", fieller(b, a))

print("Holm")
p = [0.01, 0.04, 0.03, 0.005, 0.5]
order = np.argsort(p)
m = len(p)
adj = [0.0] * m
running = 0.0
for j, i in enumerate(order):
    running = max(running, min(1.0, (m - j) * p[i]))
    adj[i] = running
print("  ", adj)
