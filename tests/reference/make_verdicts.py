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
UNITS = {"bw": "B/s", "iops": "1/s", "lat_mean": "ns", "lat_p99": "ns", "cpu": "%",
         "cpu_busy": "%", "cpu_top_thread": "%"}


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


def best_rank_p(m, n):
    """The smallest two-sided p of the exact Mann-Whitney test of m against
    n runs, from SciPy's exact distribution of fully separated groups."""
    return float(stats.mannwhitneyu(list(range(m)), list(range(m, m + n)),
                                    alternative="two-sided", method="exact").pvalue)


def runs_needed(alpha=ALPHA):
    k = 1
    while 2 / math.comb(2 * k, k) >= alpha:
        k += 1
    return k


def verdict_diff(a, b, metric, median=False, alpha=ALPHA):
    v = {"word": None, "estimate": None, "ci_low": None, "ci_high": None,
         "unbounded": False, "p_raw": None, "df": None, "family": metric_family(metric),
         "up_is_better": higher_is_better(metric), "what": "diff", "alpha": alpha,
         "again": lambda level: verdict_diff(a, b, metric, median, level)}
    if median:
        v["test"] = "mann-whitney"
        if len(a) < 2 or len(b) < 2:
            v["estimate"] = (np.median(b) / np.median(a) - 1) * 100
            v["word"] = "single run"
            return v
        # Hodges-Lehmann and Moses on the log of the values: the relative
        # change exp(shift) - 1 never falls below -100 %.
        d = sorted(math.log(y) - math.log(x) for x in a for y in b)
        # A bound (and an odd count's median) is one pair's change, taken
        # as (y - x) / x of its values: exactly 2 % for 102 against 100.
        change = {math.log(y) - math.log(x): (y - x) / x * 100 for x in a for y in b}
        v["estimate"] = change[d[len(d) // 2]] if len(d) % 2 else \
            math.expm1(float(np.median(d))) * 100
        if min(a) == max(a) and min(b) == max(b):
            v["word"] = "no variation in the runs"
            return v
        c = u_critical(len(a), len(b), alpha)
        if c == 0:
            v["word"] = "too few runs"
            v["runs_needed"] = runs_needed(alpha)
            return v
        v["ci_low"] = change[d[c - 1]]
        v["ci_high"] = change[d[len(d) - c]]
        v["p_raw"] = stats.mannwhitneyu(a, b, alternative="two-sided", method="exact").pvalue
        return v
    v["test"] = "welch"
    if len(a) < 2 or len(b) < 2:
        v["estimate"] = (np.mean(b) / np.mean(a) - 1) * 100
        v["word"] = "single run"
        return v
    r = ratio_test(a, b, alpha)
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


def verdict_overhead(mode, base, metric, alpha=ALPHA):
    lat = not higher_is_better(metric)
    rho = np.mean(mode) / np.mean(base)
    v = {"word": None, "estimate": (rho - 1 if lat else 1 - rho) * 100, "ci_low": None,
         "ci_high": None, "unbounded": False, "p_raw": None, "df": None, "test": "welch",
         "family": metric_family(metric), "what": "overhead", "alpha": alpha,
         "slower": rho > 1 if lat else rho < 1,
         "again": lambda level: verdict_overhead(mode, base, metric, level)}
    if len(mode) < 2 or len(base) < 2:
        v["word"] = "single run"
        return v
    r = ratio_test(base, mode, alpha)
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


def verdict_overhead_change(ma, ba, mb, bb, metric, alpha=ALPHA):
    """Delta method on log((mb/bb) / (ma/ba)), Welch-Satterthwaite df."""
    lat = not higher_is_better(metric)
    groups = [np.asarray(g, float) for g in (ma, ba, mb, bb)]
    rho_a = groups[0].mean() / groups[1].mean()
    rho_b = groups[2].mean() / groups[3].mean()
    sign = 1 if lat else -1
    v = {"word": None, "estimate": sign * (rho_b - rho_a) * 100, "ci_low": None,
         "ci_high": None, "unbounded": False, "p_raw": None, "df": None,
         "test": "log-delta", "family": metric_family(metric), "what": "overhead_change",
         "alpha": alpha,
         "again": lambda level: verdict_overhead_change(ma, ba, mb, bb, metric, level)}
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
    q = stats.t.ppf(1 - alpha / 2, df)
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


def agree(v):
    """A word that claims nothing has an interval that holds no change:
    where rounding or rank ties part the test and the interval, the
    interval is widened to reach 0."""
    if v["word"] in CLAIMS or v["ci_low"] is None:
        return
    v["ci_low"] = min(v["ci_low"], 0.0) if v["ci_low"] > 0 else v["ci_low"]
    v["ci_high"] = max(v["ci_high"], 0.0) if v["ci_high"] < 0 else v["ci_high"]


CLAIMS = ("improved", "regressed", "costs", "faster", "cheaper", "dearer")


def at_level(v, level):
    """The interval again at 1 - level (Holm's step level)."""
    t = v["again"](level)
    v["ci_level"] = 1 - level
    v["ci_low"], v["ci_high"], v["unbounded"] = t["ci_low"], t["ci_high"], t["unbounded"]
    if t["unbounded"]:
        v["word"] = "unbounded"
    elif t["word"] == "too few runs":
        v["word"], v["runs_needed"] = "too few runs", t["runs_needed"]


def level_words(verdicts):
    """What a caption or sentence calls the level of these intervals."""
    adjusted = any(v["ci_low"] is not None and v["ci_level"] > 1 - v["alpha"] + 1e-12
                   for v in verdicts)
    return ("Holm-adjusted " if adjusted else "") + f"{100 * (1 - ALPHA):g} %"


def holm(items, adjust=True, equivalence=2.0):
    """items: (test key, verdict); Holm within metric classes over tests,
    the metrics of one test counting once; each interval at its step
    level: the k-th smallest p of m at alpha / (m - k + 1), and from the
    first test Holm keeps on at that test's level."""
    for _, v in items:
        # The verdict as computed, a family of one: the raw interval.
        v["p_adjusted"] = v["p_raw"]
        v["family_size"] = 0
        decide(v, equivalence)
        agree(v)
        v["ci_low_raw"], v["ci_high_raw"] = v["ci_low"], v["ci_high"]
        v["unbounded_raw"] = v["unbounded"]
        v["ci_level"] = 1 - v["alpha"]
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
            adj, mult, level, running, kept = {}, {}, {}, 0.0, None
            for j, k in enumerate(order):
                running = max(running, min(1.0, (m - j) * tests[k]))
                adj[k], mult[k] = running, m - j
                if kept is None and not running < ALPHA:
                    kept = ALPHA / (m - j)
                level[k] = ALPHA / (m - j) if kept is None else kept
            for k, v in mine:
                v["p_adjusted"] = None if v["p_raw"] is None else \
                    max(adj[k], min(1.0, mult[k] * v["p_raw"]))
                if v["p_raw"] is not None and level[k] < ALPHA and v["ci_low"] is not None \
                        and not v["unbounded"]:
                    at_level(v, level[k])
    for _, v in items:
        decide(v, equivalence)
        agree(v)


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
         f"{prefix}.family_size": v["family_size"], f"{prefix}.ci_level": v["ci_level"],
         f"{prefix}.ci_low_raw": v["ci_low_raw"], f"{prefix}.ci_high_raw": v["ci_high_raw"],
         f"{prefix}.unbounded_raw": v["unbounded_raw"]}
    if v["df"] is not None:
        e[f"{prefix}.df"] = float(v["df"])
    if "runs_needed" in v:
        e[f"{prefix}.runs_needed"] = v["runs_needed"]
    return e


class Case:
    def __init__(self, name, doc):
        self.name, self.doc, self.lines, self.args = name, doc, [], []
        self.exp = {"status": 0}
        self.items = []

    def add(self, values, release="24.04", host="box", config="default", mode="none",
            tool="fio", job="seq-write", workload="seq", op="write", bs=1048576,
            metric="bw", tags=None):
        """tags: one source tag ("thread=dd") a value, or None."""
        for i, v in enumerate(values, 1):
            tag = f" {tags[i - 1]}" if tags else ""
            self.lines.append(f"{release},{host},{config},{mode},{tool},{job},{workload},"
                              f"{op},{bs},{metric},{UNITS.get(metric, '')},{i},{v!r},"
                              f"gen:{len(self.lines) + 2}{tag}")

    def releases(self, a, b, **fields):
        """Runs a in 23.10 and b in 24.04 of one test."""
        self.add(a, release="23.10", **fields)
        self.add(b, release="24.04", **fields)

    def overhead(self, mode_values, base_values, mode="aes-256-gcm", **fields):
        """Runs of the baseline none and of mode in one test, and the
        verdict on the mode's overhead, a family of one."""
        self.add(base_values, mode="none", **fields)
        self.add(mode_values, mode=mode, **fields)
        v = verdict_overhead(mode_values, base_values, fields.get("metric", "bw"))
        holm([("k", v)])
        return v

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
        c.releases(a, b, **fields)
        metric = fields.get("metric", "bw")
        v = verdict_diff(a, b, metric, median)
        key = tuple(sorted((k, x) for k, x in fields.items() if k != "metric"))
        items.append((key, v, fields))
    # A comparison of two releases has one family per host.
    for host in dict.fromkeys(f.get("host", "box") for _, _, f in items):
        holm([(k, v) for k, v, f in items if f.get("host", "box") == host], adjust,
             equivalence)
    c.items = [v for _, v, _ in items]
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
    c.releases([100.0, 101.0, 102.0], [110.0, 111.0, 112.0])
    c.args = ["diff", "--center", "median"]
    c.exp["contains"] = [f"Too few runs for a rank test at 0.05: 4 per side needed; 3 against "
                         f"3 runs reach p {best_rank_p(3, 3):.2g} at best."]
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
    c.releases(a, b)
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


def pair_case(name, doc, releases, args, pair):
    """One test in each of releases ((label, seed)), and the pair of
    releases diff picks with args."""
    c = Case(name, doc)
    for rel, seed in releases:
        c.add(rng_values(seed, 1000, 0.02, 3), release=rel)
    c.args = ["diff", "--json"] + list(args)
    c.exp["count"] = 1
    c.exp["rows"] = [{"match": {"mode": "none"},
                      "expect": {"from_label": pair[0], "to_label": pair[1]}}]
    return c


@case
def diff_default_pair():
    return pair_case("diff-default-pair-platform", "FreeBSD sorts after version numbers: "
                     "the default pair is 23.10 -> 24.04, one platform",
                     (("23.10", 31), ("24.04", 32), ("FreeBSD", 33)), [], ("23.10", "24.04"))


@case
def diff_from_only():
    return pair_case("diff-from-only", "--from X alone compares X with the release before "
                     "it, never X with itself", (("22.04", 1), ("23.10", 2), ("24.04", 3)),
                     ["--from", "23.10"], ("22.04", "23.10"))


@case
def diff_two_hosts_md():
    c = Case("diff-two-hosts-table", "two hosts: the table has a host column, so no row "
             "looks duplicated")
    for host, seed in (("laptop", 80), ("server", 81)):
        c.releases(rng_values(seed, 1000, 0.02, 3), rng_values(seed + 10, 1000, 0.02, 3),
                   host=host)
    c.args = ["diff"]
    c.exp["contains_prefix"] = ["| host ", "| laptop ", "| server "]
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
        v = c.overhead(m, b, host=host)
        assert v["word"] == "costs"
        lines.append(cost_line(f"In 24.04 on {host}", "AES-GCM", v))
    c.args = ["findings"]
    c.exp["contains"] = lines
    # One comparison has no range to explain.
    c.exp["lacks"] = ["ranges are the spread"]
    return c


def slow_fast(estimates):
    """A spread of cost estimates in words, as the findings print it:
    "0.7–5.0 % slower", "4.4 % faster", "between 4.4 % faster and 2.0 %
    slower"."""
    lo, hi = min(estimates), max(estimates)
    if lo >= 0 or hi <= 0:
        a, b = (fmt1(lo), fmt1(hi)) if lo >= 0 else (fmt1(-hi), fmt1(-lo))
        r = a if a == b else f"{a}–{b}"
        return f"{r} % {'slower' if lo >= 0 else 'faster'}"
    return f"between {fmt1(-lo)} % faster and {fmt1(hi)} % slower"


def cost_line(where, family, v):
    """The findings sentence of one overhead comparison (costs or faster)
    of throughput on sequential writes."""
    if v["word"] == "costs":
        return (f"- {where}, {family} costs {fmt1(v['estimate'])} % of throughput on "
                f"sequential writes (1 comparison; 95 % interval {fmt1(v['ci_low'])}–"
                f"{fmt1(v['ci_high'])} %).")
    assert v["word"] == "faster", v
    return (f"- {where}, {family} is {fmt1(-v['estimate'])} % faster in throughput on "
            f"sequential writes (1 comparison; 95 % interval {fmt1(-v['ci_high'])}–"
            f"{fmt1(-v['ci_low'])} % faster).")


@case
def findings_faster():
    c = Case("findings-mode-faster", "a mode faster than none reads 'faster', never "
             "'costs -'")
    v = c.overhead(rng_values(120, 1100, 0.01, 4), rng_values(121, 1000, 0.01, 4),
                   mode="geli-xts-128")
    assert v["word"] == "faster"
    c.args = ["findings"]
    c.exp["contains"] = [cost_line("In 24.04", "geli", v)]
    c.exp["lacks"] = ["costs -", "costs −", "within -"]
    return c


@case
def findings_same_disk():
    c = Case("findings-same-disk", "both targets the same unencrypted disk: no measurable "
             "overhead, the estimates first and the intervals after")
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
    # The clause gives the spread of the estimates, as its closing
    # parenthesis says; the intervals come after it.
    c.exp["contains"] = [f"- In 24.04, AES-GCM shows no measurable overhead of throughput "
                         f"on sequential writes and random writes (estimates "
                         f"{slow_fast([v['estimate'] for _, v in items])}) (2 comparisons; "
                         f"ranges are the spread of the "
                         f"estimates; their {level_words(v for _, v in items)} intervals lie "
                         f"between {fmt1(-lo)} % faster and {fmt1(hi)} % slower, Holm over 2 "
                         f"tests)."]
    c.exp["lacks"] = ["costs"]
    return c


@case
def findings_baseline_tests():
    c = Case("findings-baseline-counts-tests", "the baseline sentence counts tests: bw and "
             "iops of two tests are 2 tests")
    for i in range(2):
        a, b = rng_values(150 + i, 1000, 0.01, 4), rng_values(160 + i, 1100, 0.01, 4)
        for metric, k in (("bw", 1.0), ("iops", 0.25)):
            c.releases([x * k for x in a], [x * k for x in b], job=f"t{i}", metric=metric)
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
    c.exp["contains_word"] = "leaves unencrypted throughput unchanged against default: every Holm-adjusted " \
                             "95 % interval lies within ±2 %"
    return c


@case
def findings_change_wide():
    vals = {("23.10", "none"): [1000.0, 1400.0, 700.0], ("23.10", "aes-256-gcm"): [800.0, 1100.0, 500.0],
            ("24.04", "none"): [1000.0, 1300.0, 800.0], ("24.04", "aes-256-gcm"): [850.0, 1200.0, 600.0]}
    c, v = overhead_change_case("findings-overhead-change-wide", "a ratio-of-ratios interval "
                                "of tens of points: no 'cheaper'", vals, ["findings"])
    assert v["word"] == "no clear change"
    c.exp["contains"] = [f"- From 23.10 to 24.04, the throughput overhead of AES-GCM on writes changed by "
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
def diff_overhead_change_noise():
    # Both overheads are 20 % to the last bits; their difference in doubles
    # is -2.2e-14 points, rounding that must print as zero.
    groups = {("23.10", "none"): [1e-300, 1.01e-300, 9.9e-301],
              ("23.10", "aes-256-gcm"): [8e-301, 8.08e-301, 7.92e-301],
              ("24.04", "none"): [9e-301, 9.09e-301, 8.91e-301],
              ("24.04", "aes-256-gcm"): [7.200000000000001e-301, 7.272000000000001e-301,
                                         7.1280000000000004e-301]}
    with np.errstate(invalid="ignore", divide="ignore"):
        c, _ = overhead_change_case("diff-overhead-change-noise", "an overhead change that "
                                    "is rounding prints as +0.0 pp, never -2.2e-14 pp",
                                    groups, ["diff"])
    # numpy squares the means of 1e-300 to 0: the same ratios on values
    # scaled to 1, as encbench computes them.
    v = verdict_overhead_change(*[[x * 1e300 for x in groups[k]] for k in (
        ("23.10", "aes-256-gcm"), ("23.10", "none"), ("24.04", "aes-256-gcm"),
        ("24.04", "none"))], "bw")
    holm([("k", v)])
    assert v["word"] == "no clear change" and abs(v["estimate"]) < 1e-9, v
    c.exp["contains_text"] = [f"| 20.0 % → 20.0 %: +0.0 pp ({figure(v['ci_low'], True)} to "
                              f"{figure(v['ci_high'], True)} pp) |"]
    c.exp["lacks"] = ["e-14", "e-15"]
    return c


@case
def trend_speedup_faster():
    c = Case("trend-speedup-faster", "trend gives a mode faster than none as 'N % faster', "
             "never a negative cost; latency as its signed increase")
    b, m = [1790.0, 1800.0, 1780.0], [2700.0, 2690.0, 2710.0]
    lb, lm = [100.0, 101.0, 99.0], [80.0, 81.0, 79.0]
    c.add(b, mode="none", op="read", job="seq-read")
    c.add(m, mode="aes-256-gcm", op="read", job="seq-read")
    c.add(lb, mode="none", op="read", job="seq-read", metric="lat_mean")
    c.add(lm, mode="aes-256-gcm", op="read", job="seq-read", metric="lat_mean")
    cost = (1 - np.mean(m) / np.mean(b)) * 100
    lat = (np.mean(lm) / np.mean(lb) - 1) * 100
    assert cost < 0 and lat < 0
    c.args = ["trend"]
    c.exp["contains_text"] = [f" {figure(-cost)} % faster |", f" {figure(lat, True)} % |"]
    c.exp["lacks"] = [f"{figure(cost)} %"]
    return c


# The audit's case of one report with two verdicts for one change: two
# hosts, two modes, two directions; only host a's baseline moved (+10.5 %,
# raw p 0.013 a test). The family of a release change is the host's tests
# of every mode, in the diff and in the findings alike.
HF_NONE_A = ([1000e6, 1030e6, 970e6], [1105e6, 1135e6, 1075e6])
HF_NONE_B = ([1000e6, 1030e6, 970e6], [1010e6, 1040e6, 980e6])
HF_GCM = ([850e6, 875.5e6, 824.5e6], [858.5e6, 884e6, 833e6])


def holm_family_pairs():
    pairs = []
    for host, none in (("a", HF_NONE_A), ("b", HF_NONE_B)):
        for op in ("read", "write"):
            for mode, (x, y) in (("none", none), ("aes-256-gcm", HF_GCM)):
                pairs.append(({"host": host, "mode": mode, "op": op, "job": f"seq-{op}"},
                              x, y))
    return pairs


@case
def diff_holm_per_host():
    c = diff_case("diff-holm-per-host", "Holm within each host over its modes: 4 tests "
                  "a family, not the table's 8", holm_family_pairs())
    assert all(r["expect"]["change.family_size"] == 4 for r in c.exp["rows"])
    return c


@case
def findings_holm_diff_family():
    c = Case("findings-holm-diff-family", "the sentence of the baseline's change keeps "
             "the diff's family (the host's 4 tests), so it says what the diff says")
    diff = diff_case("x", "", holm_family_pairs())
    for (fields, x, y) in holm_family_pairs():
        c.releases(x, y, **fields)
    lines = []
    for host in ("a", "b"):
        mine = [r["expect"] for r in diff.exp["rows"]
                if r["match"]["host"] == host and r["match"]["mode"] == "none"]
        words = [e["change.word"] for e in mine]
        lines.append(f"- From 23.10 to 24.04 on {host}, the throughput of the unencrypted "
                     f"baseline (none) improved in {words.count('improved')} of 2 tests, "
                     f"regressed in {words.count('regressed')}, stayed within ±2 % in "
                     f"{words.count('unchanged')} and changed by an amount the data cannot "
                     f"tell in {words.count('no clear change')} (Welch's t test, alpha 0.05, "
                     f"Holm over all 4 tests of the two releases on this host).")
        # The overhead changes of the host: a family of their own.
        base = HF_NONE_A if host == "a" else HF_NONE_B
        items = []
        for op in ("read", "write"):
            items.append((op, verdict_overhead_change(HF_GCM[0], base[0], HF_GCM[1], base[1],
                                                      "bw")))
        holm(items)
        for op, v in sorted(items, key=lambda x: x[0]):
            assert v["word"] == "no clear change", v
            lines.append(f"- From 23.10 to 24.04 on {host}, the throughput overhead of AES-GCM on {op}s "
                         f"changed by {figure(v['estimate'], True)} percentage points (1 "
                         f"comparison): no clear change ({level_words([v])} interval "
                         f"{figure(v['ci_low'], True)} to {figure(v['ci_high'], True)} pp, "
                         f"Holm over all 2 overhead changes of the two releases on this "
                         f"host).")
    c.args = ["findings"]
    c.exp["contains"] = lines
    c.exp["lacks"] = ["improved in 2 of 2"]
    return c


@case
def trend_two_hosts():
    c = Case("trend-two-hosts", "trend with two hosts: a host column")
    for host, seed in (("laptop", 220), ("server", 221)):
        c.releases(rng_values(seed, 1000, 0.01, 3), rng_values(seed + 5, 1000, 0.01, 3),
                   host=host)
    c.args = ["trend"]
    c.exp["contains_text"] = ["| host ", "| laptop ", "| server "]
    return c


def gate_data(c):
    # Throughput down 20 % in one test, clear with five runs a side.
    c.releases(rng_values(230, 1000, 0.01, 5), rng_values(231, 800, 0.01, 5))


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
    c.exp["contains_text"] = ["(1 comparison; 80 % interval "]
    c.exp["lacks"] = ["95 %"]
    return c


# ---- intervals at Holm's step level (F14), the rank test on the log scale
# (F27), untestable tests by reason (F22), tiny ratios and levels (F6)

def ratio_text(r):
    """eb_ratio_text: three significant digits below 0.001, else three
    decimals or more until the text lies on r's side of 1."""
    if r != 0 and abs(r) < 0.001:
        return format(r, ".3g")
    for d in range(3, 7):
        t = format(r, f".{d}f")
        if r == 1 or (float(t) < 1) == (r < 1) and float(t) != 1:
            return t
    return format(r, ".6g")


def holm5_pairs():
    """Five tests 5.5 % up on 3 runs: raw p 0.028 each, 0.14 after Holm."""
    a = [100e6, 102e6, 98e6]
    return [({"job": f"holm{i}"}, a, [x * 1.055 for x in a]) for i in range(5)]


@case
def diff_holm_interval():
    c = diff_case("diff-holm-interval-agrees", "five tests whose raw intervals exclude 0 "
                  "but whose Holm verdict is no clear change: the printed interval is the "
                  "Holm-level one (99 %) and holds 0", holm5_pairs())
    v = c.items[0]
    assert v["word"] == "no clear change" and v["ci_low_raw"] > 0 > v["ci_low"], v
    return c


def holm5_case(name, doc, args):
    """The five tests of holm5_pairs in 23.10 and 24.04, with the verdict
    of the first after Holm over the five."""
    c = Case(name, doc)
    items = []
    for fields, a, b in holm5_pairs():
        c.releases(a, b, **fields)
        items.append((fields["job"], verdict_diff(a, b, "bw")))
    holm(items)
    c.args = list(args)
    return c, items[0][1]


@case
def diff_holm_interval_md():
    c, v = holm5_case("diff-holm-interval-md", "the diff table prints the Holm-level "
                      "interval beside no clear change, never the raw one, and its heading "
                      "says so", ["diff"])
    c.exp["contains_text"] = [f" {interval_text(v)} |", "change (Holm-adjusted 95 % CI)",
                              "Holm-adjusted 95 % intervals (the test with the k-th smallest p"]
    raw = dict(v, ci_low=v["ci_low_raw"], ci_high=v["ci_high_raw"])
    c.exp["lacks"] = [interval_text(raw), "change (95 % CI)"]
    return c


def b_for_p(a, target):
    """Three runs b = (m - 3, m, m + 3) whose raw Welch p against a lies
    just at or below target."""
    m = shift_for(target, a, 3.0)
    return [m - 3, m, m + 3]


@case
def diff_holm_step_kept():
    # Holm keeps the first test (p just above 0.025), so the second, whose
    # raw p 0.03 would pass at its own step, is judged at 97.5 % too: its
    # 95 % interval excludes 0, its 97.5 % one does not.
    a = [997.0, 1000.0, 1003.0]
    pairs = [({"job": "first"}, a, b_for_p(a, 0.0256)), ({"job": "second"}, a, b_for_p(a, 0.03))]
    c = diff_case("diff-holm-step-kept", "Holm stops at the first test: the second is judged "
                  "at the first one's level (97.5 %), where its interval holds 0 (and lies "
                  "inside +/-2 %: unchanged)", pairs)
    first, second = c.items
    assert 0.025 < first["p_raw"] < 0.026 and first["word"] == "unchanged", first
    assert second["ci_low_raw"] > 0 > second["ci_low"] and second["ci_level"] == 0.975, second
    assert second["word"] == "unchanged", second
    return c


@case
def diff_holm_step_rejected():
    # Both rejected: the first at 97.5 % with a lower bound just above 0,
    # the second at its own step, 95 %.
    a = [997.0, 1000.0, 1003.0]
    pairs = [({"job": "first"}, a, b_for_p(a, 0.0249)), ({"job": "second"}, a, b_for_p(a, 0.049))]
    c = diff_case("diff-holm-step-rejected", "Holm rejects both: the first at 97.5 % just "
                  "excludes 0, the second at 95 %", pairs)
    first, second = c.items
    assert first["word"] == second["word"] == "improved", c.items
    assert 0 < first["ci_low"] < 0.5 and first["ci_level"] == 0.975, first
    assert second["ci_level"] == 0.95, second
    return c


@case
def diff_holm_random():
    # Thirty tests with changes of 0 to 8 % on 3 to 5 runs: many near the
    # boundary, at every step of Holm.
    r = np.random.default_rng(2026)
    pairs = []
    for i in range(30):
        n = int(r.integers(3, 6))
        shift = float(r.uniform(0, 0.08))
        pairs.append(({"job": f"t{i:02d}"}, rng_values(300 + i, 1000, 0.03, n),
                      rng_values(400 + i, 1000 * (1 + shift), 0.03, n)))
    c = diff_case("diff-holm-random", "thirty tests near the boundary: every interval at its "
                  "Holm step level, every word agreeing with it", pairs)
    words = {v["word"] for v in c.items}
    assert "improved" in words and "no clear change" in words, words
    return c


@case
def overhead_holm_heading():
    c = Case("overhead-holm-heading", "the overhead table's intervals are at Holm's step "
             "level, and its heading says so at the --alpha level")
    items = []
    for i, k in enumerate((0.95, 0.97, 0.9)):
        b, m = rng_values(500 + i, 1000, 0.02, 3), rng_values(510 + i, 1000 * k, 0.02, 3)
        c.add(b, mode="none", job=f"j{i}")
        c.add(m, mode="aes-256-gcm", job=f"j{i}")
        items.append((f"j{i}", verdict_overhead(m, b, "bw", 0.1)))
    c.args = ["overhead", "--alpha", "0.1"]
    c.exp["contains_text"] = ["ratio (Holm-adjusted 90 % CI)", "Fieller's Holm-adjusted 90 % "
                              "interval", "p < 0.1."]
    c.exp["lacks"] = ["95 %"]
    return c


@case
def overhead_alpha_heading():
    c = Case("overhead-alpha-heading", "one test, --alpha 0.2: the ratio heading and the "
             "caption say 80 %, never 95 %")
    c.add(rng_values(520, 1000, 0.02, 4), mode="none")
    c.add(rng_values(521, 900, 0.02, 4), mode="aes-256-gcm")
    c.args = ["overhead", "--alpha", "0.2"]
    c.exp["contains_text"] = ["ratio (80 % CI)", "with Fieller's 80 % interval;"]
    c.exp["lacks"] = ["95 %", "Holm-adjusted"]
    return c


@case
def overhead_ratio_tiny():
    c = Case("overhead-ratio-tiny", "a ratio of 5e-7 prints in significant digits, never "
             "as 0.000")
    base = [2000000001.0, 2000000002.0, 2000000003.0]
    mode = [1001.0, 1002.0, 1003.0]
    c.add(base, mode="none")
    c.add(mode, mode="aes-256-gcm")
    v = verdict_overhead(mode, base, "bw")
    holm([("k", v)])
    ratio = float(np.mean(mode) / np.mean(base))
    lo, hi = 1 - v["ci_high"] / 100, 1 - v["ci_low"] / 100
    c.args = ["overhead"]
    c.exp["contains_text"] = [f"| {ratio_text(ratio)} ({ratio_text(lo)}–{ratio_text(hi)}) |"]
    c.exp["lacks"] = ["0.000 (", "0.000–", "0.000)"]
    return c


@case
def trend_holm_caption():
    c, v = holm5_case("trend-holm-caption", "trend over a family of five: each change at "
                      "its Holm step level, as the caption says", ["trend"])
    c.exp["contains_text"] = [f" {interval_text(v)} | no clear change |",
                              "with its Holm-adjusted 95 % interval (the test with the k-th"]
    return c


HL_AUDIT = ([1e6, 2e6, 3e6, 100e6, 101e6], [4e6, 5e6, 6e6, 7e6, 102e6])


@case
def diff_median_log():
    c = diff_case("diff-median-log-shift", "--center median on skewed runs: Hodges-Lehmann "
                  "and Moses on the log of the values, never below -100 %",
                  [({}, *HL_AUDIT)], args=["--center", "median"], median=True)
    v = c.items[0]
    assert v["ci_low"] > -100 and v["estimate"] > 0, v
    return c


@case
def diff_median_log_md():
    c = Case("diff-median-log-shift-md", "the table prints the relative Hodges-Lehmann change "
             "and says it is on the log scale")
    c.releases(*HL_AUDIT)
    v = verdict_diff(*HL_AUDIT, "bw", median=True)
    holm([("k", v)])
    c.args = ["diff", "--center", "median"]
    c.exp["contains_text"] = [f" {interval_text(v)} |",
                              "Hodges-Lehmann shifts of the log values, as relative changes"]
    c.exp["lacks"] = ["-3200", "shifts of the medians"]
    return c


@case
def findings_untestable_reasons():
    c = Case("findings-untestable-reasons", "--equivalence 50: tests without a verdict are "
             "counted by their reason; an unbounded interval is neither a single run nor a "
             "lack of variation")
    data = [("ident", [100.0, 101.0, 99.0], [100.0, 101.0, 99.0]),
            ("single", [100.0], [80.0, 81.0, 79.0]),
            ("flat", [100.0, 100.0, 100.0], [90.0, 90.0, 90.0]),
            ("wide", [100.0, 120.0], [90.0 + 0.1 * i for i in range(10)])]
    items = []
    for job, a, b in data:
        c.releases(a, b, job=job)
        items.append((job, verdict_diff(a, b, "bw")))
    holm(items, equivalence=50.0)
    words = [v["word"] for _, v in items]
    assert words == ["unchanged", "single run", "no variation in the runs", "unbounded"], words
    c.args = ["findings", "--equivalence", "50"]
    m = items[0][1]["family_size"]
    c.exp["contains_text"] = ["stayed within ±50 % in 1 and changed by an amount the data "
                              f"cannot tell in 0 (Welch's t test, alpha 0.05, Holm over {m} "
                              "tests); 3 tests allow no verdict (1 single run, 1 without "
                              "variation, 1 with an unbounded interval)."]
    c.exp["lacks"] = ["single runs or no variation"]
    return c


def plain_case(name, doc, groups, args, **expect):
    """A case of a few groups (values, fields) and what the output must say."""
    c = Case(name, doc)
    for values, fields in groups:
        c.add(values, **fields)
    c.args = list(args)
    c.exp.update(expect)
    return c


# Cases whose expectations are words, not numbers: name, what it shows,
# the groups, the arguments and what the output must hold.
PLAIN = [
    ("diff-huge-values", "a value beyond what a benchmark can measure is a located error, "
     "not a nan in a table",
     [([1.50e308, 1.49e308, 1.51e308], {"release": "23.10"}),
      ([1.60e308, 1.61e308, 1.59e308], {"release": "24.04"})],
     ["diff"],
     {"status": 65, "stderr": "tests/verdicts/diff-huge-values/results.csv:2:13: error: bw "
                              "1.5e+308 B/s is beyond the plausible limit of 10 TB/s "
                              "(10000000000000 B/s)", "lacks": ["nan", "inf"]}),
    ("table-zero-variance", "constant runs in a table: '± 0 (no variation)', never '± 0.00'",
     [([100.0, 100.0, 100.0], {"mode": "none"}), ([85.5, 85.5, 85.5], {"mode": "aes-256-gcm"})],
     ["table"],
     {"contains_text": ["100 ± 0 (no variation)", "85.5 ± 0 (no variation)"],
      "lacks": ["± 0.0", "± 0 |"]}),
    ("diff-missing-release", "a release the data lacks: bad data, naming the ones it has",
     [([1.0, 2.0], {"release": "23.10"}), ([1.0, 2.0], {"release": "24.04"})],
     ["diff", "--from", "22.04", "--to", "24.04"],
     {"status": 65, "stderr": "encbench: error: --from '22.04': the data has no such release "
                              "(it has '23.10', '24.04')"}),
    ("filter-missing-metric", "a --metric the data lacks names the metrics it has",
     [([1.0, 2.0], {"metric": "bw"}), ([1.0, 2.0], {"metric": "lat_mean"})],
     ["overhead", "--metric", "bww"],
     {"status": 65, "stderr": "encbench: error: --metric 'bww': the data has no such metric "
                              "(it has 'bw', 'lat_mean')"}),
    ("filter-missing-host", "a --host the data lacks names the hosts it has, in findings too",
     [([1.0, 2.0], {"host": "laptop"}), ([1.0, 2.0], {"host": "server"})],
     ["findings", "--host", "desktop"],
     {"status": 65, "stderr": "encbench: error: --host 'desktop': the data has no such host "
                              "(it has 'laptop', 'server')"}),
    ("findings-baseline-only", "data of the baseline mode alone: no overhead, and the "
     "sentence says there is no other mode, not that the baseline is missing",
     [([100.0, 101.0, 99.0], {"release": "23.10"}), ([100.0, 101.0, 99.0], {"release": "24.04"})],
     ["findings"],
     {"contains": ["- No figure of overhead: the data has records of the baseline 'none' "
                   "only, and no other mode to compare with it."],
      "lacks": ["no records of that mode"]}),
    ("findings-baseline-missing", "modes without the baseline: the sentence names the "
     "missing baseline",
     [([100.0, 101.0, 99.0], {"mode": "aes-128-gcm"}), ([90.0, 91.0, 89.0], {"mode": "aes-256-gcm"})],
     ["findings"],
     {"contains": ["- No figure of overhead: the data has no records of the baseline "
                   "'none' to compare the modes with."]}),
]


@case
def diff_median_exact_bound():
    # Ties put Moses's bounds on pairs such as 102 against 100: the bound
    # is that pair's change, exactly +2 %, not expm1's 1.9999999999996,
    # so it does not lie inside the +/-2 % margin, and a lower bound on 0
    # holds no change: no clear change.
    a = [x * 1e6 for x in (100.0, 99.0, 100.0, 100.0, 100.0, 99.0, 100.0)]
    b = [x * 1e6 for x in (102.0, 100.0, 102.0, 102.0, 100.0, 99.0, 102.0)]
    c = diff_case("diff-median-exact-bound", "tied runs: Moses's bounds are exact pair "
                  "changes (+0 and +2 %), and an interval reaching 0 claims nothing",
                  [({}, a, b)], args=["--center", "median"], median=True)
    v = c.items[0]
    assert v["ci_low"] == 0 and v["ci_high"] == 2.0 and v["word"] == "no clear change", v
    # SciPy's exact p ignores ties; encbench's is tie-corrected: the case
    # is about the bounds and the word.
    for key in ("change.p_raw", "change.p_adjusted"):
        del c.exp["rows"][0]["expect"][key]
    return c


@case
def overhead_single_faster():
    c = Case("overhead-single-faster", "a single run faster than the baseline reads 'N % "
             "faster', and a latency one names latency, never a negative cost")
    dd = {"op": "read", "job": "dd", "tool": "dd"}
    c.add([1790000000.0], mode="none", **dd)
    c.add([2700000000.0], mode="aes-256-gcm", **dd)
    c.add([100.0], mode="none", metric="lat_mean", **dd)
    c.add([80.0], mode="aes-256-gcm", metric="lat_mean", **dd)
    bw = verdict_overhead([2700000000.0], [1790000000.0], "bw")
    lat = verdict_overhead([80.0], [100.0], "lat_mean")
    c.args = ["overhead"]
    c.exp["contains_text"] = [f" {figure(-bw['estimate'])} % faster, single run: no interval "
                              "and no verdict |",
                              f" latency {figure(lat['estimate'], True)} %, single run: no "
                              "interval and no verdict |"]
    c.exp["lacks"] = [f"| {figure(bw['estimate'])} %, single run"]
    return c


# ---- the last points of #14: the unnamed config (D11), hosts in the
# order of their names (C16), one busiest thread in every run (C24)

@case
def findings_unnamed_config():
    c = Case("findings-unnamed-config", "a config compared with the unnamed one names "
             "it: 'instead of the unnamed config', never a blank")
    a, b = [800e6, 810e6, 805e6], [300e6, 310e6, 305e6]
    c.add([1000e6, 1010e6, 1005e6], config="", mode="none")
    c.add(a, config="", mode="aes-256-gcm")
    c.add(b, config="no-aesni", mode="aes-256-gcm")
    v = verdict_diff(a, b, "bw")
    holm([("k", v)])
    assert v["word"] == "regressed", v
    c.args = ["findings"]
    c.exp["contains"] = [f"- In 24.04, config no-aesni instead of the unnamed config changes "
                         f"AES-GCM throughput by {figure(v['estimate'], True, 2.0)} % (1 "
                         f"comparison, significant; 95 % interval "
                         f"{figure(v['ci_low'], True, 2.0)} to "
                         f"{figure(v['ci_high'], True, 2.0)} %)."]
    c.exp["lacks"] = ["instead of  ", "each significant"]
    return c


@case
def findings_host_order():
    c = Case("findings-host-order", "two hosts whose rows come zeta first: the sentences "
             "come in the order of the host names, alpha first")
    lines = []
    for host, k, seed in (("zeta", 0.9, 250), ("alpha", 0.5, 252)):
        v = c.overhead(rng_values(seed, 1000 * k, 0.005, 4),
                       rng_values(seed + 1, 1000, 0.005, 4), host=host)
        assert v["word"] == "costs"
        lines.append(cost_line(f"In 24.04 on {host}", "AES-GCM", v))
    c.args = ["findings"]
    c.exp["in_order"] = sorted(lines)
    return c


def share_text(values):
    """A share with its 95 % t interval as the thread sentence prints it."""
    m = float(np.mean(values))
    h = stats.t.ppf(0.975, len(values) - 1) * float(np.std(values, ddof=1)) / \
        math.sqrt(len(values))
    return f"{m:.0f} % of a CPU (95 % interval {m - h:.0f}–{m + h:.0f} %)", \
        f"{m:.0f} % busy ({m - h:.0f}–{m + h:.0f} %)"


@case
def findings_thread_each_run():
    c = Case("findings-thread-each-run", "bound by one thread only when that thread was "
             "the busiest in every run; three names in three runs are named, not bound")
    top, busy = [95.0, 96.0, 94.0], [50.0, 49.0, 51.0]
    threads = {"none": ["dd", "dd", "dd"],
               "aes-256-gcm": ["dd", "z_wr_iss", "kworker/0:1"]}
    for mode, names in threads.items():
        c.add([1000e6, 1010e6, 990e6], mode=mode)
        c.add(busy, mode=mode, metric="cpu_busy", tags=["cpus=2"] * 3)
        c.add(top, mode=mode, metric="cpu_top_thread", tags=[f"thread={t}" for t in names])
    cpu, machine = share_text(top)[0], share_text(busy)[1]
    c.args = ["findings"]
    c.exp["contains"] = [
        f"- none fio seq writes are bound by one thread: dd ran at {cpu} while the machine "
        f"was {machine}; 24.04, box, default, 3 runs.",
        f"- aes-256-gcm fio seq writes: the busiest thread ran at {cpu} while the machine "
        f"was {machine}, but it was dd in 1 of 3 runs, z_wr_iss in 1 and kworker/0:1 in 1, "
        f"so no one thread is shown to bound them; 24.04, box, default, 3 runs."]
    c.exp["lacks"] = ["aes-256-gcm fio seq writes are bound"]
    return c


# ---- --center median in a Holm family (C22), a baseline other than none
# (C19), ratios beyond what a double holds and near-total costs (C20)

@case
def diff_median_holm_few():
    pairs = [({"job": f"t{i}", "op": op}, [1000e6, 1010e6, 1020e6, 1030e6],
              [1100e6, 1110e6, 1120e6, 1130e6]) for i, op in enumerate(("read", "write"))]
    c = diff_case("diff-median-holm-few", "4 against 4 runs reach 0.05 but not Holm's "
                  "first step, 0.025, of two tests: too few runs at 0.025, 5 per side",
                  pairs, args=["--center", "median"], median=True)
    # The exact test's reach: 4 against 4 at best 2/C(8,4) = 0.029, above
    # 0.025 and below 0.05; 5 against 5 reach 0.0079.
    assert 0.025 < best_rank_p(4, 4) < 0.05 and best_rank_p(5, 5) < 0.025
    for v in c.items:
        assert v["word"] == "too few runs" and v["runs_needed"] == 5, v
    return c


@case
def diff_median_holm_few_md():
    c = Case("diff-median-holm-few-md", "the table quotes the runs needed at the Holm level "
             "it used, and says so")
    for job, op in (("t0", "read"), ("t1", "write")):
        c.releases([1000e6, 1010e6, 1020e6, 1030e6], [1100e6, 1110e6, 1120e6, 1130e6],
                   job=job, op=op)
    c.args = ["diff", "--center", "median"]
    c.exp["contains"] = [f"Too few runs for a rank test at 0.025 (Holm's step level among 2 "
                         f"tests at alpha 0.05): {runs_needed(0.025)} per side needed; 4 "
                         f"against 4 runs reach p {best_rank_p(4, 4):.2g} at best."]
    c.exp["lacks"] = ["at 0.05: 5 per side"]
    return c


@case
def findings_baseline_named():
    c = Case("findings-baseline-named", "--baseline aes-256-gcm: every overhead sentence "
             "names it, its own family is its other key sizes, and the baseline is not "
             "called unencrypted")
    data = {"none": 1200, "aes-128-gcm": 1100, "aes-256-gcm": 1000, "luks-xts-512": 850}
    vals = {}
    for rel, seed in (("23.10", 600), ("24.04", 620)):
        for i, (mode, mean) in enumerate(data.items()):
            vals[rel, mode] = rng_values(seed + i, mean, 0.01, 4)
            c.add(vals[rel, mode], release=rel, mode=mode)
    lines = []
    for mode, label in (("aes-128-gcm", "128-bit AES-GCM"), ("luks-xts-512", "LUKS"),
                        ("none", "none")):
        v = verdict_overhead(vals["24.04", mode], vals["24.04", "aes-256-gcm"], "bw")
        holm([("k", v)])
        lines.append(cost_line("In 24.04, against aes-256-gcm", label, v))
    c.args = ["findings", "--baseline", "aes-256-gcm"]
    c.exp["contains"] = lines
    c.exp["contains_text"] = ["the throughput of the baseline (aes-256-gcm) improved in",
                              "the throughput overhead of LUKS against aes-256-gcm on writes"]
    c.exp["lacks"] = ["In 24.04, AES-GCM", "In 24.04, LUKS costs", "unencrypted baseline"]
    return c


RATIO_INF = ([1e-300, 1.1e-300], [5e8, 5.1e8])


@case
def overhead_out_of_range():
    c = Case("overhead-ratio-out-of-range", "5e8 B/s against 1e-300 B/s: the ratio is beyond "
             "what a double holds, so no figure, no verdict word and no false reason")
    c.add(RATIO_INF[0], mode="none", tool="dd", job="dd", workload="")
    c.add(RATIO_INF[1], mode="aes-256-gcm", tool="dd", job="dd", workload="")
    with np.errstate(over="ignore"):
        assert math.isinf(np.mean(RATIO_INF[1]) / np.mean(RATIO_INF[0]))
    c.args = ["overhead", "--json"]
    c.exp["count"] = 1
    c.exp["rows"] = [{"match": {"mode": "aes-256-gcm"},
                      "expect": {"ratio": None, "overhead_pct": None, "verdict.word": "out of range",
                                 "verdict.estimate": None, "verdict.ci_low": None,
                                 "verdict.p_raw": None, "verdict.unbounded": False,
                                 "verdict.text": "out of range: the means differ by a factor "
                                 "beyond 1.8e308, the largest number encbench computes with, "
                                 "so no figure and no verdict"}}]
    c.exp["lacks"] = ["inf", "faster", "includes 0"]
    return c


@case
def findings_out_of_range():
    c = Case("findings-ratio-out-of-range", "the findings of a ratio beyond what a double "
             "holds: no figure, and why")
    c.add(RATIO_INF[0], mode="none", tool="dd", job="dd", workload="")
    c.add(RATIO_INF[1], mode="aes-256-gcm", tool="dd", job="dd", workload="")
    c.args = ["findings"]
    c.exp["contains"] = ["- In 24.04, AES-GCM has no figure of overhead: the means differ by a "
                         "factor beyond 1.8e308, the largest number encbench computes with (1 "
                         "comparison)."]
    c.exp["lacks"] = ["inf", "faster", "includes 0"]
    return c


@case
def diff_out_of_range():
    c = Case("diff-ratio-out-of-range", "a change from 1e-300 to 5e8 B/s: out of range, "
             "no figure")
    c.releases(*RATIO_INF)
    c.args = ["diff", "--json"]
    c.exp["count"] = 1
    c.exp["rows"] = [{"match": {"mode": "none"},
                      "expect": {"change.word": "out of range", "change.estimate": None,
                                 "change.ci_low": None, "change.p_raw": None}}]
    return c


def ratio_test_relative(a, b, alpha=ALPHA):
    """ratio_test from each side's coefficient of variation, for means
    whose variances in one common scale underflow (1e-300 against 5e5)."""
    a, b = np.asarray(a, float), np.asarray(b, float)
    ma, mb = a.mean(), b.mean()
    R = mb / ma
    ca2 = np.var(a / ma, ddof=1) / len(a)
    cb2 = np.var(b / mb, ddof=1) / len(b)
    # Welch-Satterthwaite from va : vb = ca2 : cb2 R^2, scaled by the larger.
    with np.errstate(over="ignore"):
        va, vb = (ca2 / R ** 2, cb2) if abs(R) > 1 else (ca2, cb2 * R ** 2)
    df = pair_df(va, len(a), vb, len(b))
    t = ((1 - 1 / R) if abs(R) > 1 else (R - 1)) / math.sqrt(va + vb)
    q = stats.t.ppf(1 - alpha / 2, df)
    g = q * q * ca2
    assert g < 1
    d = math.sqrt(g + q * q * cb2 * (1 - g))
    return {"ratio": R, "df": df, "p": 2 * stats.t.sf(abs(t), df),
            "lo": R * (1 - d) / (1 - g), "hi": R * (1 + d) / (1 - g)}


@case
def overhead_huge_ratio():
    base, mode = [1e-300, 1.1e-300, 1.05e-300], [5e5, 5.1e5, 5.05e5]
    c = Case("overhead-huge-ratio-bounded", "a ratio of 4.8e305: finite, and its Fieller "
             "interval bounded (the baseline's interval excludes 0), so faster, never "
             "'unbounded: the baseline's interval includes 0'")
    c.add(base, mode="none")
    c.add(mode, mode="aes-256-gcm")
    r = ratio_test_relative(base, mode)
    assert r["p"] < ALPHA
    c.args = ["overhead", "--json"]
    c.exp["count"] = 1
    c.exp["rows"] = [{"match": {"mode": "aes-256-gcm"},
                      "expect": {"verdict.word": "faster", "verdict.unbounded": False,
                                 "verdict.estimate": (1 - r["ratio"]) * 100,
                                 "verdict.ci_low": (1 - r["hi"]) * 100,
                                 "verdict.ci_high": (1 - r["lo"]) * 100,
                                 "verdict.p_raw": r["p"], "verdict.df": r["df"],
                                 "ratio": r["ratio"]}}]
    c.exp["lacks"] = ["includes 0", "inf"]
    return c


@case
def overhead_near_total():
    c = Case("overhead-near-total", "a cost of a ratio of 1e-309 is below 100 %: it prints "
             "as > 99.9999 % in the table, the largest double below 100 in JSON, never 100.0 %")
    c.add([1e9], mode="none", tool="dd", job="dd", workload="")
    c.add([1e-300], mode="aes-128-ccm", tool="dd", job="dd", workload="")
    c.add([5e8], mode="aes-256-ccm", tool="dd", job="dd", workload="")
    c.args = ["overhead"]
    c.exp["contains_text"] = [" 1e-309 | > 99.9999 %, single run: no interval and no verdict |"]
    c.exp["lacks"] = ["100.0 %", "inf"]
    return c


@case
def overhead_near_total_json():
    c = Case("overhead-near-total-json", "the JSON of a near-total cost keeps it below 100")
    c.add([1e9], mode="none", tool="dd", job="dd", workload="")
    c.add([1e-300], mode="aes-128-ccm", tool="dd", job="dd", workload="")
    c.args = ["overhead", "--json"]
    c.exp["count"] = 1
    below = math.nextafter(100, 0)
    c.exp["rows"] = [{"match": {"mode": "aes-128-ccm"},
                      "expect": {"ratio": 1e-309, "overhead_pct": below,
                                 "verdict.estimate": below, "verdict.word": "single run",
                                 "verdict.text": "> 99.9999 %, single run: no interval and "
                                 "no verdict"}}]
    return c


@case
def findings_near_total():
    c = Case("findings-near-total", "the findings range of a near-total cost stays below "
             "100 %: '50.0 % to over 99.9999 %'")
    c.add([1e9], mode="none", tool="dd", job="dd", workload="")
    c.add([1e-300], mode="aes-128-ccm", tool="dd", job="dd", workload="")
    c.add([5e8], mode="aes-256-ccm", tool="dd", job="dd", workload="")
    c.args = ["findings"]
    c.exp["contains"] = ["- In 24.04, AES-CCM measured 50.0 % to over 99.9999 % slower in "
                         "throughput on sequential writes than the baseline, without a verdict "
                         "(2 comparisons, 2 key sizes; single runs, so no interval and no "
                         "verdict).",
                         "- In 24.04, 256-bit AES-CCM against 128-bit AES-CCM has no figure: the "
                         "means differ by a factor beyond 1.8e308, the largest number encbench "
                         "computes with (1 comparison)."]
    c.exp["lacks"] = ["100.0 %", "inf"]
    return c


PLAIN.append(("overhead-hostile-host", "a host label with markup is escaped in the line "
              "above the overhead table, as in its cells",
              [([100.0, 101.0], {"host": "<img src=x>"}),
               ([90.0, 91.0], {"host": "<img src=x>", "mode": "aes-256-gcm"})],
              ["overhead"],
              {"contains_text": ["host &lt;img src=x>:"], "lacks": ["<img"]}))
PLAIN.append(("table-unnamed-config", "a table row of the unnamed config names it, never "
              "'none ()'",
              [([1000e6, 1010e6], {"config": "", "mode": "none"}),
               ([800e6, 810e6], {"config": "", "mode": "aes-256-gcm"}),
               ([300e6, 310e6], {"config": "no-aesni", "mode": "aes-256-gcm"})],
              ["table"],
              {"contains_text": ["| none (the unnamed config) ", "| aes-256-gcm (no-aesni) "],
               "lacks": ["()"]}))
for _name, _doc, _groups, _args, _expect in PLAIN:
    CASES.append(lambda n=_name, d=_doc, g=_groups, a=_args, e=_expect:
                 plain_case(n, d, g, a, **e))


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
