#!/usr/bin/python3
# make_verdicts.py - writes the cases of tests/verdicts (results.csv, args,
# expected.json), each expected number computed here with SciPy (Debian's
# python3-scipy) from the rules the man page states, independently of the C
# code: /usr/bin/python3 tests/reference/make_verdicts.py
import itertools
import json
import math
import os
import shutil

import numpy as np
from scipy import stats

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "..", "verdicts")
ALPHA = 0.05
HEADER = "release,host,config,mode,tool,job,workload,op,block_size,metric,unit,rep,value,source"
UNITS = {"bw": "B/s", "iops": "1/s", "lat_mean": "ns", "lat_p99": "ns", "cpu": "%"}


# ---- the rules, as encbench(1) "How to read the verdicts" states them

def higher_is_better(metric):
    return metric in ("bw", "iops", "ops")


def metric_family(metric):
    if higher_is_better(metric):
        return "throughput"
    if metric.startswith("lat"):
        return "latency"
    if metric.startswith("cpu"):
        return "cpu"
    return "other"


def pair_df(va, na, vb, nb):
    """Welch-Satterthwaite, or min(n) - 1 for unequal groups below 4 runs."""
    lo = min(na, nb)
    if lo < 4 and na != nb:
        return lo - 1
    if va + vb == 0:
        return na + nb - 2
    return (va + vb) ** 2 / (va ** 2 / (na - 1) + vb ** 2 / (nb - 1))


def ratio_test(a, b, alpha=ALPHA):
    """b / a: Welch's p at the df above and Fieller's interval at that df."""
    a, b = np.asarray(a, float), np.asarray(b, float)
    s = max(abs(a.mean()), abs(b.mean()))
    ma, mb = a.mean() / s, b.mean() / s
    va = np.var(a / s, ddof=1) / len(a)
    vb = np.var(b / s, ddof=1) / len(b)
    df = pair_df(va, len(a), vb, len(b))
    r = {"ratio": mb / ma, "df": df, "lo": None, "hi": None, "p": None,
         "unbounded": False, "no_variation": False}
    if va + vb == 0:
        r["no_variation"] = True
        return r
    t = (mb - ma) / math.sqrt(va + vb)
    r["p"] = 2 * stats.t.sf(abs(t), df)
    q = stats.t.ppf(1 - alpha / 2, df)
    A = ma * ma - q * q * va
    if A <= 0:
        r["unbounded"] = True
        return r
    disc = max(0.0, ma * ma * mb * mb - A * (mb * mb - q * q * vb))
    r["lo"] = max(0.0, (ma * mb - math.sqrt(disc)) / A)
    r["hi"] = (ma * mb + math.sqrt(disc)) / A
    return r


def u_critical(m, n, alpha=ALPHA):
    """Largest c with P(U < c) <= alpha / 2 under no ties, by enumeration."""
    counts = {}
    total = 0
    for idx in itertools.combinations(range(m + n), m):
        u = sum(i - k for k, i in enumerate(idx))  # items of b below each of a
        counts[u] = counts.get(u, 0) + 1
        total += 1
    c, cum = 0, 0
    for u in range(m * n + 1):
        cum += counts.get(u, 0)
        if cum / total > alpha / 2:
            break
        c = u + 1
    return c


def runs_needed(alpha=ALPHA):
    k = 1
    while 2 / math.comb(2 * k, k) >= alpha:
        k += 1
    return k


def verdict_diff(a, b, metric, median=False):
    v = {"word": None, "estimate": None, "ci_low": None, "ci_high": None,
         "unbounded": False, "p_raw": None, "df": None, "family": metric_family(metric),
         "up_is_better": higher_is_better(metric), "what": "diff"}
    if median:
        v["test"] = "mann-whitney"
        if len(a) < 2 or len(b) < 2:
            v["estimate"] = (np.median(b) / np.median(a) - 1) * 100
            v["word"] = "single run"
            return v
        d = sorted(y - x for x in a for y in b)
        ref = np.median(a)
        v["estimate"] = float(np.median(d)) / ref * 100
        if min(a) == max(a) and min(b) == max(b):
            v["word"] = "no variation in the runs"
            return v
        c = u_critical(len(a), len(b))
        if c == 0:
            v["word"] = "too few runs"
            v["runs_needed"] = runs_needed()
            return v
        v["ci_low"] = d[c - 1] / ref * 100
        v["ci_high"] = d[len(d) - c] / ref * 100
        v["p_raw"] = stats.mannwhitneyu(a, b, alternative="two-sided", method="exact").pvalue
        return v
    v["test"] = "welch"
    if len(a) < 2 or len(b) < 2:
        v["estimate"] = (np.mean(b) / np.mean(a) - 1) * 100
        v["word"] = "single run"
        return v
    r = ratio_test(a, b)
    v["estimate"] = (r["ratio"] - 1) * 100
    v["df"] = r["df"]
    if r["no_variation"]:
        v["word"] = "no variation in the runs"
        return v
    v["p_raw"] = r["p"]
    if r["unbounded"]:
        v["unbounded"] = True
        v["word"] = "unbounded"
        return v
    v["ci_low"], v["ci_high"] = (r["lo"] - 1) * 100, (r["hi"] - 1) * 100
    return v


def verdict_overhead(mode, base, metric):
    lat = not higher_is_better(metric)
    rho = np.mean(mode) / np.mean(base)
    v = {"word": None, "estimate": (rho - 1 if lat else 1 - rho) * 100, "ci_low": None,
         "ci_high": None, "unbounded": False, "p_raw": None, "df": None, "test": "welch",
         "family": metric_family(metric), "what": "overhead",
         "slower": rho > 1 if lat else rho < 1}
    if len(mode) < 2 or len(base) < 2:
        v["word"] = "single run"
        return v
    r = ratio_test(base, mode)
    v["df"] = r["df"]
    if r["no_variation"]:
        v["word"] = "no variation in the runs"
        return v
    v["p_raw"] = r["p"]
    if r["unbounded"]:
        v["unbounded"] = True
        v["word"] = "unbounded"
        return v
    if lat:
        v["ci_low"], v["ci_high"] = (r["lo"] - 1) * 100, (r["hi"] - 1) * 100
    else:
        v["ci_low"], v["ci_high"] = (1 - r["hi"]) * 100, (1 - r["lo"]) * 100
    return v


def verdict_overhead_change(ma, ba, mb, bb, metric):
    """Delta method on log((mb/bb) / (ma/ba)), Welch-Satterthwaite df."""
    lat = not higher_is_better(metric)
    groups = [np.asarray(g, float) for g in (ma, ba, mb, bb)]
    rho_a = groups[0].mean() / groups[1].mean()
    rho_b = groups[2].mean() / groups[3].mean()
    sign = 1 if lat else -1
    v = {"word": None, "estimate": sign * (rho_b - rho_a) * 100, "ci_low": None,
         "ci_high": None, "unbounded": False, "p_raw": None, "df": None,
         "test": "log-delta", "family": metric_family(metric), "what": "overhead_change"}
    ns = [len(g) for g in groups]
    if min(ns) < 2:
        v["word"] = "single run"
        return v
    var = [np.var(g, ddof=1) / g.mean() ** 2 / len(g) for g in groups]
    se2 = sum(var)
    if se2 == 0:
        v["word"] = "no variation in the runs"
        return v
    df = min(ns) - 1 if min(ns) < 4 and min(ns) != max(ns) else \
        se2 ** 2 / sum(x * x / (n - 1) for x, n in zip(var, ns))
    lrr = math.log(rho_b / rho_a)
    q = stats.t.ppf(1 - ALPHA / 2, df)
    v["df"] = df
    v["p_raw"] = 2 * stats.t.sf(abs(lrr / math.sqrt(se2)), df)
    lo = rho_a * (math.exp(lrr - q * math.sqrt(se2)) - 1) * 100
    hi = rho_a * (math.exp(lrr + q * math.sqrt(se2)) - 1) * 100
    v["ci_low"], v["ci_high"] = (lo, hi) if sign > 0 else (-hi, -lo)
    return v


UNTESTABLE = ("single run", "no variation in the runs", "too few runs", "unbounded")


def decide(v, equivalence=2.0):
    if v["word"] in UNTESTABLE:
        return
    lo, hi, p = v["ci_low"], v["ci_high"], v["p_adjusted"]
    sig = (lo > 0 or hi < 0) and p < ALPHA
    if v["what"] == "diff":
        if sig:
            v["word"] = "improved" if (v["estimate"] > 0) == v["up_is_better"] else "regressed"
        elif lo > -equivalence and hi < equivalence:
            v["word"] = "unchanged"
        else:
            v["word"] = "no clear change"
    elif v["what"] == "overhead":
        v["word"] = ("costs" if v["slower"] else "faster") if sig else "no measurable overhead"
    else:
        v["word"] = ("cheaper" if v["estimate"] < 0 else "dearer") if sig else "no clear change"


def holm(items, adjust=True, equivalence=2.0):
    """items: (test key, verdict); Holm within metric classes over tests,
    the metrics of one test counting once."""
    for fam in ("throughput", "latency", "cpu", "other"):
        mine = [(k, v) for k, v in items if v["family"] == fam]
        tests = {}
        for k, v in mine:
            if v["p_raw"] is not None:
                tests[k] = min(tests.get(k, 1.0), v["p_raw"]) if k in tests else v["p_raw"]
        m = len(tests)
        for k, v in mine:
            v["family_size"] = m
        if not adjust:
            for k, v in mine:
                v["p_adjusted"] = v["p_raw"]
        else:
            order = sorted(tests, key=lambda k: tests[k])
            adj, mult, running = {}, {}, 0.0
            for j, k in enumerate(order):
                running = max(running, min(1.0, (m - j) * tests[k]))
                adj[k], mult[k] = running, m - j
            for k, v in mine:
                v["p_adjusted"] = None if v["p_raw"] is None else \
                    max(adj[k], min(1.0, mult[k] * v["p_raw"]))
    for _, v in items:
        if "p_adjusted" not in v:
            v["p_adjusted"] = v["p_raw"]
            v["family_size"] = 0
        decide(v, equivalence)


# ---- display, as encbench(1) states it: one decimal, or more until the
# printed figure lies on the same side of 0 (and of +/-margin for a change)
# as the figure itself; then significant digits.

def figure(x, plus=False, margin=0.0):
    x = x + 0.0
    sign = "+" if plus else ""
    if abs(x) >= 1e6:
        return format(x, sign + ".3g")
    edges = [0.0] + ([margin, -margin] if margin > 0 else [])

    def agrees(text):
        shown = float(text)
        return all(x == e or (shown < e if x < e else shown > e) for e in edges)
    for d in range(1, 7):
        t = format(x, f"{sign}.{d}f")
        if agrees(t):
            return t
    for d in range(2, 18):
        t = format(x, f"{sign}.{d}g")
        if agrees(t):
            return t
    return t


def interval_text(v, margin=2.0):
    """What eb_verdict_interval_text prints for a diff or an overhead change."""
    unit = "pp" if v["what"] == "overhead_change" else "%"
    m = margin if v["what"] == "diff" else 0.0
    est = figure(v["estimate"], True, m)
    if v["ci_low"] is None:
        return f"{est} {unit}"
    return (f"{est} {unit} ({figure(v['ci_low'], True, m)} to "
            f"{figure(v['ci_high'], True, m)} {unit})")


def shift_for(target, a, spread, what="p"):
    """The centre of three runs (centre - spread, centre, centre + spread)
    at which a 3-run comparison against a reaches target: the raw p
    (what="p") or the upper bound in percent (what="hi"), by bisection."""
    lo, hi = a[1], a[1] * 1.2
    for _ in range(200):
        mid = (lo + hi) / 2
        v = verdict_diff(a, [mid - spread, mid, mid + spread], "bw")
        got = v["p_raw"] if what == "p" else v["ci_high"]
        if (got > target) == (what == "p"):
            lo = mid
        else:
            hi = mid
    return round(hi, 6)


# ---- cases

def expect_fields(v, prefix):
    e = {f"{prefix}.word": v["word"], f"{prefix}.unbounded": v["unbounded"],
         f"{prefix}.p_raw": v["p_raw"], f"{prefix}.p_adjusted": v["p_adjusted"],
         f"{prefix}.ci_low": v["ci_low"], f"{prefix}.ci_high": v["ci_high"],
         f"{prefix}.estimate": v["estimate"], f"{prefix}.test": v["test"],
         f"{prefix}.family_size": v["family_size"]}
    if v["df"] is not None:
        e[f"{prefix}.df"] = float(v["df"])
    if "runs_needed" in v:
        e[f"{prefix}.runs_needed"] = v["runs_needed"]
    return e


class Case:
    def __init__(self, name, doc):
        self.name, self.doc, self.lines, self.args = name, doc, [], []
        self.exp = {"status": 0}

    def add(self, values, release="24.04", host="box", config="default", mode="none",
            tool="fio", job="seq-write", workload="seq", op="write", bs=1048576,
            metric="bw"):
        for i, v in enumerate(values, 1):
            self.lines.append(f"{release},{host},{config},{mode},{tool},{job},{workload},"
                              f"{op},{bs},{metric},{UNITS.get(metric, '')},{i},{v!r},"
                              f"gen:{len(self.lines) + 2}")

    def write(self):
        d = os.path.join(OUT, self.name)
        os.makedirs(d, exist_ok=True)
        with open(os.path.join(d, "results.csv"), "w") as f:
            f.write(HEADER + "\n" + "\n".join(self.lines) + "\n")
        with open(os.path.join(d, "args"), "w") as f:
            f.write("\n".join(self.args) + "\n")
        self.exp["about"] = self.doc
        with open(os.path.join(d, "expected.json"), "w") as f:
            json.dump(self.exp, f, indent=1, sort_keys=True)
            f.write("\n")


def rng_values(seed, mean, rel_sd, n):
    r = np.random.default_rng(seed)
    return [round(float(x), 1) for x in r.normal(mean, mean * rel_sd, n)]


CASES = []


def case(fn):
    CASES.append(fn)
    return fn


def diff_case(name, doc, pairs, args=(), median=False, adjust=True, equivalence=2.0,
              overhead_pairs=None):
    """pairs: list of (fields dict, a values, b values); releases 23.10 -> 24.04."""
    c = Case(name, doc)
    items = []
    for fields, a, b in pairs:
        c.add(a, release="23.10", **fields)
        c.add(b, release="24.04", **fields)
        metric = fields.get("metric", "bw")
        v = verdict_diff(a, b, metric, median)
        key = tuple(sorted((k, x) for k, x in fields.items() if k != "metric"))
        items.append((key, v, fields))
    holm([(k, v) for k, v, _ in items], adjust, equivalence)
    c.args = ["diff", "--json"] + list(args)
    c.exp["count"] = len(items)
    c.exp["rows"] = []
    for _, v, fields in items:
        match = {"mode": fields.get("mode", "none"), "metric": fields.get("metric", "bw"),
                 "op": fields.get("op", "write"), "host": fields.get("host", "box"),
                 "job": fields.get("job", "seq-write")}
        c.exp["rows"].append({"match": match, "expect": expect_fields(v, "change")})
    return c


@case
def diff_improved():
    c = diff_case("diff-welch-improved", "a 10 % rise over 5 runs a side: improved, "
                  "Welch's p and Fieller's interval at the same df",
                  [({}, rng_values(1, 1000, 0.02, 5), rng_values(2, 1100, 0.02, 5))])
    return c


@case
def diff_regressed_latency():
    return diff_case("diff-latency-regressed", "more latency is worse: regressed, in the "
                     "latency family", [({"metric": "lat_mean"}, rng_values(3, 100000, 0.02, 5),
                                         rng_values(4, 120000, 0.02, 5))])


@case
def diff_unchanged():
    return diff_case("diff-unchanged", "an interval inside +/-2 %: unchanged",
                     [({}, rng_values(5, 1000, 0.005, 8), rng_values(6, 1002, 0.005, 8))])


@case
def diff_equivalence_wider():
    a, b = rng_values(5, 1000, 0.015, 6), rng_values(6, 1000, 0.015, 6)
    return diff_case("diff-equivalence-5", "--equivalence 5: an interval inside +/-5 % "
                     "but not +/-2 % is unchanged", [({}, a, b)], args=["--equivalence", "5"],
                     equivalence=5.0)


@case
def diff_equivalence_default():
    a, b = rng_values(5, 1000, 0.015, 6), rng_values(6, 1000, 0.015, 6)
    return diff_case("diff-equivalence-2", "the same data with the default margin: no "
                     "clear change", [({}, a, b)])


@case
def diff_no_clear():
    return diff_case("diff-no-clear-change", "three noisy runs a side: no clear change",
                     [({}, rng_values(7, 1000, 0.1, 3), rng_values(8, 1050, 0.1, 3))])


def twenty(seed):
    pairs = []
    for i in range(20):
        job = f"job{i:02d}"
        pairs.append(({"job": job}, rng_values(seed + i, 1000, 0.03, 4),
                      rng_values(seed + 100 + i, 1045, 0.03, 4)))
    return pairs


@case
def diff_holm_twenty():
    return diff_case("diff-holm-20", "20 comparisons, each about 4.5 % up with 3 % noise: "
                     "Holm over 20 tests decides", twenty(20))


@case
def diff_adjust_none():
    return diff_case("diff-adjust-none", "the same 20 with --adjust none: raw p decides",
                     twenty(20), args=["--adjust", "none"], adjust=False)


@case
def diff_bw_iops():
    pairs = []
    for i in range(3):
        a = rng_values(40 + i, 1000, 0.02, 5)
        b = rng_values(50 + i, 1040, 0.02, 5)
        pairs.append(({"job": f"t{i}", "metric": "bw"}, a, b))
        pairs.append(({"job": f"t{i}", "metric": "iops"}, [x / 4 for x in a], [x / 4 for x in b]))
    return diff_case("diff-bw-iops-one-test", "bw and iops of one test count once: Holm over "
                     "3 tests, not 6", pairs)


@case
def diff_families():
    pairs = [({"job": "a"}, rng_values(60, 1000, 0.02, 5), rng_values(61, 1050, 0.02, 5)),
             ({"job": "b"}, rng_values(62, 1000, 0.02, 5), rng_values(63, 1010, 0.02, 5)),
             ({"job": "a", "metric": "lat_mean"}, rng_values(64, 1e5, 0.02, 5),
              rng_values(65, 1.03e5, 0.02, 5)),
             ({"job": "a", "metric": "cpu"}, rng_values(66, 20, 0.05, 5),
              rng_values(67, 22, 0.05, 5))]
    return diff_case("diff-families", "throughput, latency and CPU are families of their own",
                     pairs)


@case
def diff_median_hl():
    a = [100.0, 103.0, 99.0, 101.0, 102.0, 98.0]
    b = [106.0, 108.0, 104.0, 107.0, 109.0, 105.0]
    return diff_case("diff-median-hl", "--center median: the Hodges-Lehmann shift with its "
                     "exact interval and the Mann-Whitney p", [({}, a, b)],
                     args=["--center", "median"], median=True)


@case
def diff_median_direction():
    # The medians are equal, but the second release is plainly higher:
    # the verdict follows the shift, not the medians.
    a = [100.0, 100.5, 101.0, 90.0, 91.0, 92.0, 93.0]
    b = [101.5, 102.0, 103.0, 100.2, 100.3, 101.2, 104.0]
    return diff_case("diff-median-direction", "equal medians, higher shift: the verdict "
                     "follows Hodges-Lehmann", [({}, a, b)], args=["--center", "median"],
                     median=True)


@case
def diff_median_too_few():
    c = diff_case("diff-median-too-few", "3 against 3 runs cannot reach 0.05 with a rank "
                  "test: too few runs, 4 per side needed",
                  [({}, [100.0, 101.0, 102.0], [110.0, 111.0, 112.0])],
                  args=["--center", "median"], median=True)
    return c


@case
def diff_median_too_few_md():
    c = Case("diff-median-too-few-md", "the table says why there is no verdict")
    c.add([100.0, 101.0, 102.0], release="23.10")
    c.add([110.0, 111.0, 112.0], release="24.04")
    c.args = ["diff", "--center", "median"]
    c.exp["contains"] = ["Too few runs for a rank test at 0.05: 4 per side needed."]
    c.exp["lacks"] = ["no significant change", "improved"]
    return c


@case
def diff_zero_variance():
    return diff_case("diff-zero-variance", "every run the same: no variation in the runs, "
                     "no p of 0, no zero-width interval",
                     [({}, [100.0, 100.0, 100.0], [100.0, 100.0, 100.0]),
                      ({"job": "moved"}, [100.0, 100.0, 100.0], [120.0, 120.0, 120.0])])


@case
def diff_single_run():
    return diff_case("diff-single-run", "one run a side: no interval and no verdict",
                     [({}, [100.0], [120.0])])


@case
def diff_small_unequal():
    return diff_case("diff-small-unequal-df", "2 runs against 10: min(n) - 1 = 1 degree of "
                     "freedom", [({}, [1000.0, 1030.0], rng_values(70, 1100, 0.02, 10))])


@case
def diff_agrees():
    # Old rule: Fieller at the df of the ratio's estimate and Welch at
    # another could say "improved" beside an interval holding 0.
    a, b = [60.0, 140.0, 100.0], [150.0, 190.0, 160.0]
    c = diff_case("diff-verdict-agrees-interval", "the word and the printed interval come "
                  "from one computation", [({}, a, b)])
    return c


def release_pair_case(name, doc, a, b, args=("diff",)):
    """One bw test, runs a in 23.10 and b in 24.04, with its diff verdict."""
    c = Case(name, doc)
    c.add(a, release="23.10")
    c.add(b, release="24.04")
    c.args = list(args)
    v = verdict_diff(a, b, "bw")
    holm([("k", v)])
    return c, v


def p_near_alpha():
    """Three runs against three whose raw p lies in 0.0495..0.05."""
    lo, hi = 1000.0, 1200.0
    a = [990.0, 1000.0, 1010.0]
    for _ in range(200):
        mid = (lo + hi) / 2
        p = stats.ttest_ind([mid - 10, mid, mid + 10], a, equal_var=False).pvalue
        if p > 0.0497:
            lo = mid
        else:
            hi = mid
    m = round(hi, 3)
    return a, [m - 10, m, m + 10]


@case
def diff_p_digits():
    c, v = release_pair_case("diff-p-digits", "a p of 0.0497 prints as 0.0497, never 0.050, "
                             "beside its verdict", *p_near_alpha())
    assert 0.0495 < v["p_adjusted"] < 0.05, v
    c.exp["contains_p"] = f"{v['p_adjusted']:.3g}"
    c.exp["lacks"] = ["| 0.050 |", "| 0.05 |"]
    c.exp["contains_word"] = v["word"]
    return c


@case
def diff_default_pair():
    c = Case("diff-default-pair-platform", "FreeBSD sorts after version numbers: the "
             "default pair is 23.10 -> 24.04, one platform")
    for rel, seed in (("23.10", 31), ("24.04", 32), ("FreeBSD", 33)):
        c.add(rng_values(seed, 1000, 0.02, 3), release=rel)
    c.args = ["diff", "--json"]
    c.exp["count"] = 1
    c.exp["rows"] = [{"match": {"mode": "none"}, "expect": {"from_label": "23.10",
                                                            "to_label": "24.04"}}]
    return c


@case
def diff_from_only():
    c = Case("diff-from-only", "--from X alone compares X with the release before it, "
             "never X with itself")
    for rel, seed in (("22.04", 1), ("23.10", 2), ("24.04", 3)):
        c.add(rng_values(seed, 1000, 0.02, 3), release=rel)
    c.args = ["diff", "--json", "--from", "23.10"]
    c.exp["count"] = 1
    c.exp["rows"] = [{"match": {"mode": "none"}, "expect": {"from_label": "22.04",
                                                            "to_label": "23.10"}}]
    return c


@case
def diff_missing_release():
    c = Case("diff-missing-release", "a release the data lacks: bad data, naming the ones "
             "it has")
    c.add([1.0, 2.0], release="23.10")
    c.add([1.0, 2.0], release="24.04")
    c.args = ["diff", "--from", "22.04", "--to", "24.04"]
    c.exp["status"] = 65
    c.exp["stderr"] = ("encbench: error: --from '22.04': the data has no such release (it "
                       "has '23.10', '24.04')")
    return c


@case
def diff_two_hosts_md():
    c = Case("diff-two-hosts-table", "two hosts: the table has a host column, so no row "
             "looks duplicated")
    for host, seed in (("laptop", 80), ("server", 81)):
        c.add(rng_values(seed, 1000, 0.02, 3), release="23.10", host=host)
        c.add(rng_values(seed + 10, 1000, 0.02, 3), release="24.04", host=host)
    c.args = ["diff"]
    c.exp["contains_prefix"] = ["| host ", "| laptop ", "| server "]
    return c


@case
def diff_huge():
    c = Case("diff-huge-values", "a value beyond what a benchmark can measure is a "
             "located error, not a nan in a table")
    c.add([1.50e308, 1.49e308, 1.51e308], release="23.10")
    c.add([1.60e308, 1.61e308, 1.59e308], release="24.04")
    c.args = ["diff"]
    c.exp["status"] = 65
    c.exp["stderr"] = ("tests/verdicts/diff-huge-values/results.csv:2:13: error: bw "
                       "1.5e+308 B/s is beyond the plausible limit of 10 TB/s "
                       "(10000000000000 B/s)")
    c.exp["lacks"] = ["nan", "inf"]
    return c


@case
def diff_tiny():
    a = [1.00e-300, 1.01e-300, 0.99e-300]
    b = [1.20e-300, 1.21e-300, 1.19e-300]
    return diff_case("diff-tiny-values", "values near 1e-300 keep their spread", [({}, a, b)])


def overhead_case(name, doc, pairs, args=()):
    """pairs: (fields, mode name, mode values, none values)."""
    c = Case(name, doc)
    items = []
    for fields, mode, mv, bv in pairs:
        c.add(bv, mode="none", **fields)
        c.add(mv, mode=mode, **fields)
        v = verdict_overhead(mv, bv, fields.get("metric", "bw"))
        items.append((tuple(sorted((k, x) for k, x in fields.items() if k != "metric")) +
                      (mode,), v, fields, mode))
    holm([(k, v) for k, v, _, _ in items])
    c.args = ["overhead", "--json"] + list(args)
    c.exp["rows"] = [{"match": {"mode": mode, "metric": f.get("metric", "bw"),
                                "host": f.get("host", "box"), "job": f.get("job", "seq-write")},
                      "expect": expect_fields(v, "verdict")} for _, v, f, mode in items]
    c.exp["count"] = len(items)
    return c


@case
def overhead_costs():
    return overhead_case("overhead-costs", "a 15 % cost with a Fieller interval that "
                         "excludes none: costs", [({}, "aes-256-gcm", rng_values(90, 850, 0.02, 5),
                                                    rng_values(91, 1000, 0.02, 5))])


@case
def overhead_no_measurable():
    return overhead_case("overhead-no-measurable", "the same unencrypted disk as both "
                         "targets: the interval holds 1, no measurable overhead",
                         [({}, "aes-256-gcm", rng_values(92, 1000, 0.06, 3),
                           rng_values(93, 1000, 0.06, 3))])


@case
def overhead_faster():
    return overhead_case("overhead-faster", "a mode faster than none: faster, never a "
                         "negative cost", [({}, "geli-xts-128", rng_values(94, 1100, 0.01, 5),
                                             rng_values(95, 1000, 0.01, 5))])


@case
def overhead_latency():
    return overhead_case("overhead-latency-increase", "latency from 100 to 120 us is +20 %, "
                         "not 16.7 %", [({"metric": "lat_mean"}, "aes-256-gcm",
                                         [120000.0, 121000.0, 119000.0, 120500.0],
                                         [100000.0, 101000.0, 99000.0, 100500.0])])


@case
def overhead_unbounded():
    return overhead_case("overhead-unbounded", "a baseline whose interval holds 0: "
                         "unbounded, null bounds", [({}, "aes-256-gcm", [300.0, 320.0, 310.0],
                                                     [10.0, 1000.0, 5.0])])


@case
def overhead_single():
    return overhead_case("overhead-single-run", "one run: no interval, no verdict",
                         [({}, "aes-256-gcm", [850.0], [1000.0])])


@case
def overhead_zero_variance():
    return overhead_case("overhead-zero-variance", "constant runs: no variation, no p",
                         [({}, "aes-256-gcm", [850.0, 850.0, 850.0], [1000.0, 1000.0, 1000.0])])


@case
def overhead_lower_floor():
    # A mode whose interval would reach below a ratio of 0 stops at 0 (a
    # cost of at most 100 %), never "121 %".
    return overhead_case("overhead-ratio-floor", "a ratio bound below 0 is cut at 0",
                         [({}, "aes-128-ccm", [10.0, 300.0, 20.0], [1000.0, 1010.0, 990.0])])


def overhead_change_case(name, doc, groups, args):
    """groups: {(release, mode): values} of 23.10 and 24.04, none and
    aes-256-gcm; the case with the verdict on the change of overhead."""
    c = Case(name, doc)
    for (rel, mode), vals in groups.items():
        c.add(vals, release=rel, mode=mode)
    v = verdict_overhead_change(groups[("23.10", "aes-256-gcm")], groups[("23.10", "none")],
                                groups[("24.04", "aes-256-gcm")], groups[("24.04", "none")],
                                "bw")
    holm([("k", v)])
    c.args = list(args)
    return c, v


@case
def overhead_change():
    groups = {("23.10", "none"): rng_values(100, 1000, 0.01, 5),
              ("23.10", "aes-256-gcm"): rng_values(101, 800, 0.01, 5),
              ("24.04", "none"): rng_values(102, 1000, 0.01, 5),
              ("24.04", "aes-256-gcm"): rng_values(103, 900, 0.01, 5)}
    c, v = overhead_change_case("diff-overhead-change", "the change of overhead: ratio of "
                                "ratios by the delta method on the log scale", groups,
                                ["diff", "--json"])
    c.exp["rows"] = [{"match": {"mode": "aes-256-gcm"},
                      "expect": expect_fields(v, "overhead_change")}]
    return c


@case
def overhead_change_single():
    c = Case("diff-overhead-change-single", "single runs: no verdict on the overhead change")
    for rel, m, b in (("23.10", 800.0, 1000.0), ("24.04", 900.0, 1000.0)):
        c.add([b], release=rel, mode="none")
        c.add([m], release=rel, mode="aes-256-gcm")
    c.args = ["diff", "--json"]
    c.exp["rows"] = [{"match": {"mode": "aes-256-gcm"},
                      "expect": {"overhead_change.word": "single run",
                                 "overhead_change.ci_low": None,
                                 "overhead_change.estimate": -10.0}}]
    return c


# ---- findings: the sentences, numbers computed here

def fmt1(x):
    return figure(x)


@case
def findings_two_hosts():
    c = Case("findings-two-hosts", "a 3 % host and a 50 % host: a sentence each, never "
             "3.3-50.0 %")
    data = {"laptop": (rng_values(110, 970, 0.005, 4), rng_values(111, 1000, 0.005, 4)),
            "server": (rng_values(112, 500, 0.005, 4), rng_values(113, 1000, 0.005, 4))}
    lines = []
    for host, (m, b) in data.items():
        c.add(b, host=host, mode="none")
        c.add(m, host=host, mode="aes-256-gcm")
        v = verdict_overhead(m, b, "bw")
        holm([("k", v)])
        assert v["word"] == "costs"
        lines.append(f"- In 24.04 on {host}, AES-GCM costs {fmt1(v['estimate'])} % of "
                     f"throughput on sequential writes (1 comparison; ranges are the spread "
                     f"of the estimates; their 95 % intervals lie within "
                     f"{fmt1(v['ci_low'])}–{fmt1(v['ci_high'])} %).")
    c.args = ["findings"]
    c.exp["contains"] = lines
    return c


@case
def findings_faster():
    c = Case("findings-mode-faster", "a mode faster than none reads 'faster', never "
             "'costs -'")
    m, b = rng_values(120, 1100, 0.01, 4), rng_values(121, 1000, 0.01, 4)
    c.add(b, mode="none")
    c.add(m, mode="geli-xts-128")
    v = verdict_overhead(m, b, "bw")
    holm([("k", v)])
    assert v["word"] == "faster"
    c.args = ["findings"]
    c.exp["contains"] = [f"- In 24.04, geli is {fmt1(-v['estimate'])} % faster in throughput "
                         f"on sequential writes (1 comparison; ranges are the spread of the estimates; their "
                         f"95 % intervals lie within {fmt1(-v['ci_high'])}–"
                         f"{fmt1(-v['ci_low'])} % faster)."]
    c.exp["lacks"] = ["costs -", "costs −", "within -"]
    return c


@case
def findings_same_disk():
    c = Case("findings-same-disk", "both targets the same unencrypted disk: no measurable "
             "overhead, between X % faster and Y % slower")
    pairs = [("seq-write", "seq", "write", 130), ("rand-write", "rand", "write", 140)]
    items = []
    for job, wl, op, seed in pairs:
        m, b = rng_values(seed, 1000, 0.05, 3), rng_values(seed + 1, 1000, 0.05, 3)
        c.add(b, mode="none", job=job, workload=wl, op=op)
        c.add(m, mode="aes-256-gcm", job=job, workload=wl, op=op)
        items.append((job, verdict_overhead(m, b, "bw")))
    holm(items)
    lo = min(v["ci_low"] for _, v in items)
    hi = max(v["ci_high"] for _, v in items)
    assert all(v["word"] == "no measurable overhead" for _, v in items), items
    c.args = ["findings"]
    c.exp["contains"] = [f"- In 24.04, AES-GCM shows no measurable overhead of throughput "
                         f"on sequential writes and random writes (between {fmt1(-lo)} % faster and "
                         f"{fmt1(hi)} % slower) (2 comparisons; ranges are the spread of the "
                         f"estimates; their 95 % intervals lie between {fmt1(-lo)} % faster "
                         f"and {fmt1(hi)} % slower, Holm over 2 tests)."]
    c.exp["lacks"] = ["costs"]
    return c


@case
def findings_baseline_tests():
    c = Case("findings-baseline-counts-tests", "the baseline sentence counts tests: bw and "
             "iops of two tests are 2 tests")
    for i in range(2):
        a, b = rng_values(150 + i, 1000, 0.01, 4), rng_values(160 + i, 1100, 0.01, 4)
        for metric, k in (("bw", 1.0), ("iops", 0.25)):
            c.add([x * k for x in a], release="23.10", job=f"t{i}", metric=metric)
            c.add([x * k for x in b], release="24.04", job=f"t{i}", metric=metric)
    c.args = ["findings"]
    c.exp["contains"] = ["- From 23.10 to 24.04, the throughput of the unencrypted baseline "
                         "(none) improved in 2 of 2 tests, regressed in 0, stayed within ±2 % "
                         "in 0 and changed by an amount the data cannot tell in 0 (Welch's t "
                         "test, alpha 0.05, Holm over 2 tests)."]
    return c


@case
def findings_config_both_ways():
    c = Case("findings-config-both-ways", "a config that moves two cases by -15 % and "
             "+15 % is not 'as it is'")
    for job, wl, k, seed in (("seq-write", "seq", 0.85, 170), ("rand-write", "rand", 1.15, 180)):
        c.add(rng_values(seed, 1000, 0.01, 4), config="default", job=job, workload=wl)
        c.add(rng_values(seed + 1, 1000 * k, 0.01, 4), config="tuned", job=job, workload=wl)
    c.args = ["findings"]
    c.exp["lacks"] = ["unchanged", "as it is"]
    c.exp["contains_word"] = "higher in 1, lower in 1"
    return c


@case
def findings_config_unchanged():
    c = Case("findings-config-unchanged", "every interval within +/-2 %: unchanged")
    for job, wl, seed in (("seq-write", "seq", 190), ("rand-write", "rand", 200)):
        c.add(rng_values(seed, 1000, 0.003, 6), config="default", job=job, workload=wl)
        c.add(rng_values(seed + 1, 1000, 0.003, 6), config="tuned", job=job, workload=wl)
    c.args = ["findings"]
    c.exp["contains_word"] = "leaves unencrypted throughput unchanged against default: every " \
                             "95 % interval lies within ±2 %"
    return c


@case
def findings_change_wide():
    vals = {("23.10", "none"): [1000.0, 1400.0, 700.0], ("23.10", "aes-256-gcm"): [800.0, 1100.0, 500.0],
            ("24.04", "none"): [1000.0, 1300.0, 800.0], ("24.04", "aes-256-gcm"): [850.0, 1200.0, 600.0]}
    c, v = overhead_change_case("findings-overhead-change-wide", "a ratio-of-ratios interval "
                                "of tens of points: no 'cheaper'", vals, ["findings"])
    assert v["word"] == "no clear change"
    c.exp["contains"] = [f"- From 23.10 to 24.04, the overhead of AES-GCM on writes changed by "
                         f"{figure(v['estimate'], True)} percentage points (1 comparison): no "
                         f"clear change (95 % interval {figure(v['ci_low'], True)} to "
                         f"{figure(v['ci_high'], True)} pp)."]
    c.exp["lacks"] = ["cheaper"]
    return c


@case
def findings_named_no_interval():
    c = Case("findings-no-interval-named", "a case without an interval is named, not merged "
             "into the range")
    c.add(rng_values(210, 1000, 0.01, 4), mode="none")
    c.add(rng_values(211, 870, 0.01, 4), mode="aes-256-gcm")
    c.add([1000.0], mode="none", job="rand-write", workload="rand")
    c.add([950.0], mode="aes-256-gcm", job="rand-write", workload="rand")
    c.args = ["findings"]
    c.exp["contains_word"] = "no verdict for fio rand write 1 MiB (single run)"
    c.exp["lacks"] = ["0.0–"]
    return c


@case
def trend_two_hosts():
    c = Case("trend-two-hosts", "trend with two hosts: a host column")
    for host, seed in (("laptop", 220), ("server", 221)):
        c.add(rng_values(seed, 1000, 0.01, 3), release="23.10", host=host)
        c.add(rng_values(seed + 5, 1000, 0.01, 3), release="24.04", host=host)
    c.args = ["trend"]
    c.exp["contains_text"] = ["| host ", "| laptop ", "| server "]
    return c


def gate_data(c):
    # Throughput down 20 % in one test, clear with five runs a side.
    c.add(rng_values(230, 1000, 0.01, 5), release="23.10")
    c.add(rng_values(231, 800, 0.01, 5), release="24.04")


@case
def gate_regression():
    c = Case("diff-fail-on-regression", "--fail-on regression exits 1 on a regression")
    gate_data(c)
    c.args = ["diff", "--fail-on", "regression", "--threshold", "10"]
    c.exp["status"] = 1
    c.exp["stderr"] = "encbench: 1 of 1 pairs fail --fail-on regression (threshold 10 %)"
    return c


@case
def gate_threshold():
    c = Case("diff-fail-on-threshold", "a regression below --threshold passes: exit 0")
    gate_data(c)
    c.args = ["diff", "--fail-on", "regression", "--threshold", "25"]
    c.exp["status"] = 0
    return c


@case
def gate_overhead():
    c = Case("diff-fail-on-overhead", "--fail-on overhead ignores a baseline regression")
    gate_data(c)
    c.args = ["diff", "--fail-on", "overhead"]
    c.exp["status"] = 0
    return c


@case
def gate_usage():
    c = Case("diff-fail-on-usage", "a bad --fail-on value is a usage error")
    gate_data(c)
    c.args = ["diff", "--fail-on", "speed"]
    c.exp["status"] = 64
    c.exp["stderr"] = "encbench: error: --fail-on takes regression or overhead, not 'speed'"
    return c


@case
def filter_metric():
    c = Case("filter-missing-metric", "a --metric the data lacks names the metrics it has")
    c.add([1.0, 2.0], metric="bw")
    c.add([1.0, 2.0], metric="lat_mean")
    c.args = ["overhead", "--metric", "bww"]
    c.exp["status"] = 65
    c.exp["stderr"] = ("encbench: error: --metric 'bww': the data has no such metric (it has "
                       "'bw', 'lat_mean')")
    return c


@case
def filter_host():
    c = Case("filter-missing-host", "a --host the data lacks names the hosts it has, in "
             "findings too")
    c.add([1.0, 2.0], host="laptop")
    c.add([1.0, 2.0], host="server")
    c.args = ["findings", "--host", "desktop"]
    c.exp["status"] = 65
    c.exp["stderr"] = ("encbench: error: --host 'desktop': the data has no such host (it has "
                       "'laptop', 'server')")
    return c


@case
def diff_interval_digits_improved():
    c, v = release_pair_case("diff-interval-digits-improved", "p 0.0497, improved: the "
                             "interval's lower bound prints above 0, never (+0.0 to ...)",
                             *p_near_alpha())
    assert v["word"] == "improved" and 0 < v["ci_low"] < 0.05, v
    c.exp["contains_text"] = [f"| {interval_text(v)} |", "improved"]
    c.exp["lacks"] = ["(+0.0 to", "(-0.0 to"]
    return c


@case
def diff_interval_digits_unchanged():
    a = [997.0, 1000.0, 1003.0]
    m = shift_for(0.0503, a, 3.0)
    b = [m - 3, m, m + 3]
    c, v = release_pair_case("diff-interval-digits-unchanged", "p 0.050, unchanged: the "
                             "lower bound prints below 0, so the interval visibly holds no "
                             "change", a, b)
    assert v["word"] == "unchanged" and -0.05 < v["ci_low"] < 0, v
    c.exp["contains_text"] = [f"| {interval_text(v)} |", "unchanged"]
    c.exp["lacks"] = ["(+0.0 to", "(-0.0 to"]
    return c


@case
def diff_equivalence_edge():
    a = [995.0, 1000.0, 1005.0]
    m = shift_for(1.97, a, 5.0, what="hi")
    b = [m - 5, m, m + 5]
    c, v = release_pair_case("diff-equivalence-edge", "an upper bound of 1.97 % inside the "
                             "±2 % margin prints as +1.97, never +2.0, beside unchanged", a, b)
    assert v["word"] == "unchanged" and 1.95 < v["ci_high"] < 2, v
    c.exp["contains_text"] = [f"| {interval_text(v)} |", "unchanged"]
    c.exp["lacks"] = ["+2.0 %)"]
    return c


def pp_groups():
    """Overheads of 20.000 % and 19.954 %: a change of -0.046 pp."""
    return {("23.10", "none"): [999.0, 1000.0, 1001.0],
            ("23.10", "aes-256-gcm"): [799.0, 800.0, 801.0],
            ("24.04", "none"): [999.0, 1000.0, 1001.0],
            ("24.04", "aes-256-gcm"): [799.46, 800.46, 801.46]}


@case
def diff_pp_sign():
    c, v = overhead_change_case("diff-overhead-change-pp-sign", "a change of -0.046 pp prints "
                                "its sign and digits, never +0.0 pp", pp_groups(), ["diff"])
    assert -0.05 < v["estimate"] < -0.04, v
    c.exp["contains_text"] = [f": {interval_text(v)}"]
    c.exp["lacks"] = ["+0.0 pp", "-0.0 pp"]
    return c


@case
def findings_pp_sign():
    c, v = overhead_change_case("findings-overhead-change-pp-sign", "the findings sentence "
                                "of a -0.046 pp change says -0.05, never +0.0 percentage points",
                                pp_groups(), ["findings"])
    assert v["word"] == "no clear change", v
    c.exp["contains_text"] = [f"changed by {figure(v['estimate'], True)} percentage points",
                              f"95 % interval {figure(v['ci_low'], True)} to "
                              f"{figure(v['ci_high'], True)} pp"]
    c.exp["lacks"] = ["+0.0 percentage", "-0.0 percentage"]
    return c


@case
def table_zero_variance():
    c = Case("table-zero-variance", "constant runs in a table: '± 0 (no variation)', "
             "never '± 0.00'")
    c.add([100.0, 100.0, 100.0], mode="none")
    c.add([85.5, 85.5, 85.5], mode="aes-256-gcm")
    c.args = ["table"]
    c.exp["contains_text"] = ["100 ± 0 (no variation)", "85.5 ± 0 (no variation)"]
    c.exp["lacks"] = ["± 0.0", "± 0 |"]
    return c


@case
def table_tiny_values():
    c = Case("table-tiny-values", "values near 1e-300 B/s print in scientific notation, "
             "never as 0.000")
    c.add([1.5e-300, 1.6e-300, 1.7e-300], mode="none")
    c.args = ["table"]
    mean = float(np.mean([1.5e-300, 1.6e-300, 1.7e-300]))
    c.exp["contains_text"] = [format(mean, ".3g") + " ± "]
    c.exp["lacks"] = ["0.000", "| 0 "]
    return c


# The release order of encbench(1): digit runs as numbers; a pre-release
# (alpha < beta < pre < rc) before the release it precedes.
RELEASES_IN_ORDER = ["23.10", "24.04-rc1", "24.04"]


def rc_case(c):
    for i, rel in enumerate(RELEASES_IN_ORDER):
        c.add(rng_values(240 + i, 1000 + 50 * i, 0.01, 3), release=rel)


@case
def diff_pair_rc():
    c = Case("diff-default-pair-rc", "24.04-rc1 comes before 24.04: the default pair is "
             "24.04-rc1 -> 24.04, never 24.04 -> 24.04-rc1")
    rc_case(c)
    c.args = ["diff", "--json"]
    c.exp["count"] = 1
    c.exp["rows"] = [{"match": {"mode": "none"},
                      "expect": {"from_label": "24.04-rc1", "to_label": "24.04"}}]
    return c


@case
def trend_rc_order():
    c = Case("trend-rc-order", "trend follows 23.10, 24.04-rc1, 24.04, each against the one "
             "before it")
    rc_case(c)
    c.args = ["trend", "--json"]
    c.exp["count"] = 3
    c.exp["rows"] = [{"match": {"release": RELEASES_IN_ORDER[i]},
                      "expect": {"previous_release": RELEASES_IN_ORDER[i - 1] if i else None}}
                     for i in range(3)]
    return c


@case
def chart_overhead_latency():
    c = Case("chart-overhead-latency", "the overhead chart draws latency as its relative "
             "increase (100 -> 120 us is +20 %), named so, as tables and findings say it")
    base = [100000.0, 101000.0, 99000.0]
    modes = {"aes-256-gcm": [120000.0, 121000.0, 119000.0],
             "geli-xts-128": [90000.0, 91000.0, 89000.0]}
    c.add(base, mode="none", metric="lat_mean")
    labels = []
    for mode, vals in modes.items():
        c.add(vals, mode=mode, metric="lat_mean")
        v = verdict_overhead(vals, base, "lat_mean")
        # Bar labels have one decimal, as tables do, with a true minus sign.
        labels.append(f"{v['estimate']:+.1f}".replace("-", "\u2212") + " %")
    c.args = ["chart", "--kind", "overhead", "--metric", "lat_mean", "-o", "@OUT.svg"]
    c.exp["contains"] = ["Mean latency increase with encryption, against unencrypted",
                         "mean latency, % increase over none"] + labels
    c.exp["lacks"] = ["as % of", "% of none"]
    return c


@case
def chart_diff_small_label():
    c, v = release_pair_case("chart-diff-small-label", "a significant change of +0.03 % "
                             "labels its bar +0.03 %, never 0.0 %",
                             [999.99, 1000.0, 1000.01], [1000.29, 1000.3, 1000.31],
                             ["chart", "--kind", "diff", "-o", "@OUT.svg"])
    assert v["word"] == "improved" and 0 < v["estimate"] < 0.05, v
    c.exp["contains"] = ["+" + figure(v["estimate"]) + " %"]
    c.exp["lacks"] = ["0.0 %"]
    return c


@case
def diff_overhead_faster():
    c = Case("diff-overhead-faster", "a mode faster than none in both releases: the diff "
             "table's overhead column says 'N % faster', never a negative cost")
    for rel, seed in (("23.10", 200), ("24.04", 210)):
        b, m = rng_values(seed, 1000, 0.01, 4), rng_values(seed + 1, 1060, 0.01, 4)
        c.add(b, release=rel, mode="none")
        c.add(m, release=rel, mode="aes-256-gcm")
        c.exp.setdefault("contains_text", []).append(
            f"{fmt1(-verdict_overhead(m, b, 'bw')['estimate'])} % faster")
    c.exp["lacks"] = ["→ -"] + [" -" + t.replace(" faster", " →") for t in c.exp["contains_text"]]
    c.exp["contains_text"] = [" → ".join(c.exp["contains_text"])]
    c.args = ["diff"]
    return c


@case
def diff_alpha_level():
    c, v = release_pair_case("diff-alpha-level", "--alpha 0.2: the table heads its "
                             "interval column with the 80 % level it was computed at",
                             rng_values(220, 1000, 0.03, 3), rng_values(221, 1050, 0.03, 3),
                             ["diff", "--alpha", "0.2"])
    c.exp["contains_text"] = ["change (80 % CI)"]
    c.exp["lacks"] = ["95 %"]
    return c


@case
def findings_alpha_level():
    c = Case("findings-alpha-level", "findings --alpha 0.2 speaks of 80 % intervals, "
             "never of 95 % ones")
    m, b = rng_values(230, 900, 0.01, 4), rng_values(231, 1000, 0.01, 4)
    c.add(b, mode="none")
    c.add(m, mode="aes-256-gcm")
    c.args = ["findings", "--alpha", "0.2"]
    c.exp["contains_text"] = ["their 80 % intervals lie within"]
    c.exp["lacks"] = ["95 %"]
    return c


def main():
    shutil.rmtree(OUT + "/.tmp", ignore_errors=True)
    for d in os.listdir(OUT) if os.path.isdir(OUT) else []:
        if os.path.isfile(os.path.join(OUT, d, "expected.json")):
            shutil.rmtree(os.path.join(OUT, d))
    for fn in CASES:
        c = fn()
        # Substring checks become exact-line or substring lists.
        for k in ("contains_p", "contains_word"):
            if k in c.exp:
                c.exp.setdefault("contains_text", []).append(c.exp.pop(k))
        if "contains_prefix" in c.exp:
            c.exp.setdefault("contains_text", []).extend(c.exp.pop("contains_prefix"))
        c.write()
    print(f"wrote {len(CASES)} cases under {os.path.normpath(OUT)}")


main()
