#!/usr/bin/python3
# fieller_extreme.py - the reference for Fieller's interval at a ratio of
# 1e-15 (tests/data/chart_claims/huge.csv, checked in tests/e2e/chart_claims.sh):
# mpmath at 50 digits, Welch-Satterthwaite's df of the two means (as encbench
# tests them) and Student's t quantile for that df. Prints low and high.
import mpmath as mp

mp.mp.dps = 50
base = [mp.mpf(1e12), mp.mpf(1.01e12), mp.mpf(0.99e12)]   # none, as doubles
mode = [mp.mpf(1e-3), mp.mpf(1.01e-3), mp.mpf(0.99e-3)]    # aes-256-gcm


def mean_var(x):
    m = sum(x) / len(x)
    return m, sum((v - m) ** 2 for v in x) / (len(x) - 1) / len(x)


ma, va = mean_var(base)
mb, vb = mean_var(mode)
df = (va + vb) ** 2 / (va ** 2 / (len(base) - 1) + vb ** 2 / (len(mode) - 1))
# The quantile solved in mpmath: SciPy's t.ppf is good to about 1e-11 here,
# too coarse for the sixteen digits compared.
p = mp.mpf("0.975")
q = mp.findroot(lambda t: mp.betainc(df / 2, mp.mpf(1) / 2, 0, df / (df + t * t),
                                     regularized=True) / 2 - (1 - p), 4.3)
a = ma ** 2 - q ** 2 * va
b = -2 * ma * mb
c = mb ** 2 - q ** 2 * vb
d = mp.sqrt(b * b - 4 * a * c)
print("df", mp.nstr(df, 30))
print("low", mp.nstr((-b - d) / (2 * a), 17))
print("high", mp.nstr((-b + d) / (2 * a), 17))
