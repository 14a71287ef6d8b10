/* verdict.c - the decision layer: every word encbench prints about a
 * difference is decided here, from one interval and one test per claim. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "verdict_int.h"

const char *
eb_metric_family(const char *metric)
{
	if (eb_metric_higher_is_better(metric))
		return "throughput";
	if (strncmp(metric, "lat", 3) == 0)
		return "latency";
	if (strncmp(metric, "cpu", 3) == 0)
		return "cpu";
	return "other";
}

int
eb_metric_is_latency(const char *metric)
{
	return !eb_metric_higher_is_better(metric);
}

static const char *
quantity_of(const char *metric)
{
	if (strncmp(metric, "lat", 3) == 0)
		return "latency";
	if (strncmp(metric, "cpu", 3) == 0)
		return "CPU";
	return metric;
}

/* Degrees of freedom for two groups of na and nb runs with variances of
 * the mean va and vb: Welch-Satterthwaite, except that with unequal groups
 * whose smaller one has fewer than 4 runs it is min(n) - 1. Satterthwaite's
 * df at the estimated variances covers only 87-91 % with 2 against 10 runs
 * (simulated); min(n) - 1 is the conservative bound of Welch's own paper. */
static double
pair_df(double va, size_t na, double vb, size_t nb)
{
	size_t lo = na < nb ? na : nb;

	if (lo < 4 && na != nb)
		return (double)(lo - 1);
	if (va + vb == 0)
		return (double)(na + nb - 2);
	return (va + vb) * (va + vb) /
	    (va * va / (double)(na - 1) + vb * vb / (double)(nb - 1));
}

static void
verdict_init(struct eb_verdict *v, enum eb_verdict_what what, const struct eb_verdict_opts *o)
{
	memset(v, 0, sizeof *v);
	v->what = what;
	v->estimate = v->lo = v->hi = v->df = v->p = v->p_adj = NAN;
	v->raw_lo = v->raw_hi = NAN;
	v->adjust = o->adjust;
	v->ci_alpha = o->alpha;
	v->median = o->median;
	v->alpha = o->alpha;
	v->margin = o->equivalence_pct;
	v->family_size = 1;
}

/* Turns a computed estimate, interval and adjusted p into the word. Only
 * the kinds that say the data cannot be tested are left as they are. */
static void
decide(struct eb_verdict *v, double equivalence_pct)
{
	int excludes, sig;

	switch (v->kind) {
	case EB_VERDICT_SINGLE_RUN:
	case EB_VERDICT_NO_VARIATION:
	case EB_VERDICT_TOO_FEW_RUNS:
	case EB_VERDICT_UNBOUNDED:
	case EB_VERDICT_OUT_OF_RANGE:
		return;
	case EB_VERDICT_NONE:
		if (isnan(v->estimate))
			return;
		break;
	default:
		break;
	}
	if (isnan(v->lo) || isnan(v->hi) || isnan(v->p_adj)) {
		v->kind = EB_VERDICT_NO_CLEAR_CHANGE;
		return;
	}
	/* The interval and the test come from one computation, so a p below
	 * alpha has an interval that excludes the null; asking both keeps
	 * them agreeing where rounding or ties could part them. */
	excludes = v->lo > 0 || v->hi < 0;
	sig = excludes && v->p_adj < v->alpha;
	switch (v->what) {
	case EB_VW_DIFF:
		if (sig)
			v->kind = (v->estimate > 0) == v->up_is_better ? EB_VERDICT_IMPROVED :
			    EB_VERDICT_REGRESSED;
		else if (v->lo > -equivalence_pct && v->hi < equivalence_pct)
			v->kind = EB_VERDICT_UNCHANGED;
		else
			v->kind = EB_VERDICT_NO_CLEAR_CHANGE;
		break;
	case EB_VW_OVERHEAD:
		if (!sig)
			v->kind = EB_VERDICT_NO_MEASURABLE;
		else
			v->kind = v->slower ? EB_VERDICT_COSTS : EB_VERDICT_FASTER;
		break;
	case EB_VW_OVERHEAD_CHANGE:
		if (!sig)
			v->kind = EB_VERDICT_NO_CLEAR_CHANGE;
		else
			v->kind = v->estimate < 0 ? EB_VERDICT_CHEAPER : EB_VERDICT_DEARER;
		break;
	}
	/* An interval from 0 up holds every cost from the one it excludes to
	 * all of it: "no measurable overhead" beside it would be read as a
	 * measurement (outside audit H5). A change of a diff keeps its
	 * interval, which stops at -100 % where the compared side's reaches
	 * 0: "no clear change (-100 to +29 %)" says what the data can tell,
	 * which "unbounded", the word for a baseline interval that holds 0,
	 * would not (audit 15 L4); "unchanged" never stands beside it, for
	 * -100 % is outside every margin. */
	if (v->reaches_zero && !eb_verdict_claims(v) && v->what != EB_VW_DIFF) {
		v->kind = EB_VERDICT_UNBOUNDED;
		v->unbounded = 1;
		v->lo = v->hi = NAN;
	}
}

/* The invariant every printed verdict keeps: a word that claims a
 * difference has an interval that excludes no change, and any other word
 * an interval that holds it. decide() asks both the interval and the p, so
 * only the second half can fail, where rounding at the boundary or ties in
 * the rank test part the two; the interval is then widened to reach no
 * change, which keeps it a valid interval at its level or above. */
static void
agree(struct eb_verdict *v)
{
	if (eb_verdict_claims(v) || isnan(v->lo) || isnan(v->hi))
		return;
	if (v->lo > 0)
		v->lo = 0;
	if (v->hi < 0)
		v->hi = 0;
}

/* The state eb_verdict_adjust starts from: the verdict as computed, at
 * alpha, before any family. */
static void
keep_raw(struct eb_verdict *v)
{
	agree(v);
	v->raw_lo = v->lo;
	v->raw_hi = v->hi;
	v->raw_unbounded = v->unbounded;
	v->raw_reaches_zero = v->reaches_zero;
	v->raw_kind = v->kind;
}

/* The ratio mb/ma with Fieller's interval at df and the t statistic of no
 * difference, computed from the ratio of the means and the coefficients
 * of variation of the two means, which are free of the values' scale: the
 * variances of 1e-300 B/s and of 5e8 B/s divided by one common scale
 * underflowed to 0 and read as "the baseline's interval includes 0" (C20
 * of an outside audit). out_of_range: the ratio or a bound lies beyond
 * what a double holds; unbounded: the denominator's interval holds 0. */
struct ratio_test {
	double ratio, lo, hi, t, df, p;
	int unbounded, no_variation, out_of_range, reaches_zero;
};

/* A ratio of two positive (or non-zero) quantities that a double holds:
 * finite, and not 0 unless its numerator is. */
static int
representable(double ratio, double num)
{
	return isfinite(ratio) && (ratio != 0 || num == 0);
}

static void
ratio_test(const struct eb_sample *a, const struct eb_sample *b, double alpha,
    struct ratio_test *r)
{
	double ma = a->mean, mb = b->mean, R = mb / ma;
	/* Squared coefficients of variation of the means: va / ma^2 and, in
	 * a's units, vb / ma^2 (as cb2 R^2 when b's mean is not 0). */
	double ca = a->sd / fabs(ma), ca2 = ca * ca / (double)a->n;
	double cb = mb != 0 ? b->sd / fabs(mb) : NAN, cb2 = cb * cb / (double)b->n;
	double q, g, w, disc;
	int big;

	memset(r, 0, sizeof *r);
	r->ratio = R;
	r->lo = r->hi = r->t = r->p = NAN;
	if (!representable(R, mb) || (mb == 0 && !isfinite(b->sd / fabs(ma)))) {
		r->out_of_range = 1;
		return;
	}
	if (a->sd == 0 && b->sd == 0) {
		r->df = pair_df(0, a->n, 0, b->n);
		r->no_variation = 1;
		return;
	}
	/* Welch-Satterthwaite's df depends on va : vb alone; in units of the
	 * larger mean, so that neither side overflows. */
	big = fabs(R) > 1;
	if (mb == 0) {
		double sb = b->sd / fabs(ma);

		r->df = pair_df(ca2, a->n, sb * sb / (double)b->n, b->n);
		r->t = -copysign(1, ma) / sqrt(ca2 + sb * sb / (double)b->n);
		/* Fieller with mb = 0: rho^2 (1 - g) = h, h = q^2 vb / ma^2. */
		q = eb_t_quantile(1 - alpha / 2, r->df);
		g = q * q * ca2;
		r->p = eb_t_pvalue(r->t, r->df);
		if (!(1 - g > 0)) {
			r->unbounded = 1;
			return;
		}
		r->hi = q * sb / sqrt((double)b->n) / sqrt(1 - g);
		r->lo = -r->hi;
	} else {
		/* va and vb in units of the larger mean squared. */
		double va = big ? ca2 / (R * R) : ca2, vb = big ? cb2 : cb2 * R * R;

		r->df = pair_df(va, a->n, vb, b->n);
		/* (mb - ma) / sqrt(va + vb), over the larger mean. */
		r->t = (big ? copysign(1, mb) * (1 - 1 / R) : copysign(1, ma) * (R - 1)) /
		    sqrt(va + vb);
		r->p = eb_t_pvalue(r->t, r->df);
		/* Fieller: the ratios rho with |mb - rho ma| <= q sqrt(vb + rho^2
		 * va), divided by ma^2: rho^2 (1 - g) - 2 rho R + R^2 (1 - q^2 cb2)
		 * = 0 with g = q^2 ca2, whose roots are R (1 -/+ sqrt(g + q^2 cb2
		 * (1 - g))) / (1 - g). At rho = 1 this is Welch's statistic at the
		 * same df, so 1 lies outside exactly when p < alpha. */
		q = eb_t_quantile(1 - alpha / 2, r->df);
		g = q * q * ca2;
		if (!(1 - g > 0)) {
			r->unbounded = 1;
			return;
		}
		disc = sqrt(g + q * q * cb2 * (1 - g));
		w = R / (1 - g);
		r->lo = fmin(w * (1 - disc), w * (1 + disc));
		r->hi = fmax(w * (1 - disc), w * (1 + disc));
	}
	if (!isfinite(r->lo) || !isfinite(r->hi)) {
		r->lo = r->hi = NAN;
		r->out_of_range = 1;
		return;
	}
	/* Both means are positive: a bound below 0 (the numerator's interval
	 * holds 0) is the ratio's natural floor, not a negative ratio. */
	if (r->lo < 0 && ma > 0 && mb >= 0) {
		r->lo = 0;
		r->reaches_zero = 1;
	}
}

/* The steps every Fieller verdict shares: b / a with its test and
 * interval into v's df, p and kind. Returns 1 when there is an interval
 * to decide on; 0 when the runs have no variation (no p), the interval
 * is unbounded (a p, no bounds) or the ratio or a bound is out of range
 * (no p, no bounds). r keeps the ratio either way. */
static int
ratio_verdict(const struct eb_sample *a, const struct eb_sample *b, struct eb_verdict *v,
    struct ratio_test *r)
{
	ratio_test(a, b, v->alpha, r);
	v->df = r->df;
	if (r->out_of_range) {
		v->kind = EB_VERDICT_OUT_OF_RANGE;
		v->df = NAN;
		return 0;
	}
	if (r->no_variation) {
		v->kind = EB_VERDICT_NO_VARIATION;
		return 0;
	}
	v->p = v->p_adj = r->p;
	v->reaches_zero = r->reaches_zero;
	if (r->unbounded) {
		v->unbounded = 1;
		v->kind = EB_VERDICT_UNBOUNDED;
		return 0;
	}
	return 1;
}

static void
diff_compute(const struct eb_group *a, const struct eb_group *b,
    const struct eb_verdict_opts *o, struct eb_verdict *v)
{
	struct ratio_test r;
	const char *metric = a->key->f[EB_F_METRIC];
	int testable;

	verdict_init(v, EB_VW_DIFF, o);
	v->up_is_better = eb_metric_higher_is_better(metric);
	v->family = eb_metric_family(metric);
	if (a->s.n < 2 || b->s.n < 2) {
		double ca = o->median ? a->s.median : a->s.mean;
		double cb = o->median ? b->s.median : b->s.mean;

		v->estimate = ca != 0 ? (cb / ca - 1) * 100 : NAN;
		v->kind = EB_VERDICT_SINGLE_RUN;
		v->test = o->median ? EB_TEST_MANN_WHITNEY : EB_TEST_WELCH;
		if (ca != 0 && !representable(cb / ca, cb)) {
			v->estimate = NAN;
			v->kind = EB_VERDICT_OUT_OF_RANGE;
		}
		return;
	}
	if (o->median) {
		eb_verdict_median(a, b, o, v);
		decide(v, o->equivalence_pct);
		return;
	}
	v->test = EB_TEST_WELCH;
	if (!(a->s.mean != 0) || !isfinite(a->s.mean) || !isfinite(b->s.mean)) {
		v->kind = EB_VERDICT_NONE;
		return;
	}
	testable = ratio_verdict(&a->s, &b->s, v, &r);
	v->estimate = representable(r.ratio, b->s.mean) ? (r.ratio - 1) * 100 : NAN;
	if (!testable)
		return;
	v->lo = (r.lo - 1) * 100;
	v->hi = (r.hi - 1) * 100;
	decide(v, o->equivalence_pct);
}

static void
keep_side(struct eb_verdict_side *k, const struct eb_group *g)
{
	*k = (struct eb_verdict_side){ g->key, g->values, g->s.n, g->s.mean, g->s.median,
		g->s.sd, g->s.min, g->s.max };
}

static void
side_group(const struct eb_verdict_side *k, struct eb_group *g)
{
	memset(g, 0, sizeof *g);
	g->key = k->key;
	g->values = (double *)(uintptr_t)k->values;
	g->s.n = k->n;
	g->s.mean = k->mean;
	g->s.median = k->median;
	g->s.sd = k->sd;
	g->s.min = k->min;
	g->s.max = k->max;
	g->s.ci_low = g->s.ci_high = NAN;
}

void
eb_verdict_diff(const struct eb_group *a, const struct eb_group *b,
    const struct eb_verdict_opts *o, struct eb_verdict *v)
{
	diff_compute(a, b, o, v);
	keep_side(&v->src[0], a);
	keep_side(&v->src[1], b);
	keep_raw(v);
}

/* A throughput cost of a ratio above 0 is below 100 %: 1 - 1e-309 is 1 in
 * doubles, and its cost would print as all of it. The largest double
 * below 100 keeps the figure on its side (latency costs pass through). */
static double
near_total(double pct, double ratio)
{
	return pct == 100 && ratio > 0 ? nextafter(100, 0) : pct;
}

static void
overhead_compute(const struct eb_group *mode, const struct eb_group *base,
    const struct eb_verdict_opts *o, struct eb_verdict *v)
{
	const char *metric = mode->key->f[EB_F_METRIC];
	struct ratio_test r;
	double rho;

	verdict_init(v, EB_VW_OVERHEAD, o);
	v->test = EB_TEST_WELCH;
	v->latency = eb_metric_is_latency(metric);
	v->quantity = v->latency ? quantity_of(metric) : NULL;
	v->family = eb_metric_family(metric);
	if (!(base->s.mean > 0) || !(mode->s.mean >= 0))
		return;
	/* rho = mode / baseline for every metric; a throughput overhead is
	 * 1 - rho (what encryption costs), a latency-like one rho - 1 (how
	 * much longer it takes). Both are positive when encryption is slower. */
	rho = mode->s.mean / base->s.mean;
	v->slower = v->latency ? rho > 1 : rho < 1;
	/* A ratio beyond what a double holds (5e8 B/s against 1e-300 B/s) has
	 * no figure: never "inf % faster" (C20 of an outside audit). */
	if (!representable(rho, mode->s.mean) || !isfinite((rho - 1) * 100)) {
		v->kind = EB_VERDICT_OUT_OF_RANGE;
		return;
	}
	v->estimate = v->latency ? (rho - 1) * 100 : near_total((1 - rho) * 100, rho);
	if (mode->s.n < 2 || base->s.n < 2) {
		v->kind = EB_VERDICT_SINGLE_RUN;
		return;
	}
	if (!ratio_verdict(&base->s, &mode->s, v, &r))
		return;
	if (v->latency) {
		v->lo = (r.lo - 1) * 100;
		v->hi = (r.hi - 1) * 100;
	} else {
		v->lo = near_total((1 - r.hi) * 100, r.hi);
		v->hi = near_total((1 - r.lo) * 100, r.lo);
	}
	decide(v, o->equivalence_pct);
}

void
eb_verdict_overhead(const struct eb_group *mode, const struct eb_group *base,
    const struct eb_verdict_opts *o, struct eb_verdict *v)
{
	overhead_compute(mode, base, o, v);
	keep_side(&v->src[0], mode);
	keep_side(&v->src[1], base);
	keep_raw(v);
}

static void
overhead_change_compute(const struct eb_group *mode_a, const struct eb_group *base_a,
    const struct eb_group *mode_b, const struct eb_group *base_b,
    const struct eb_verdict_opts *o, struct eb_verdict *v)
{
	const struct eb_group *g[4] = { mode_a, base_a, mode_b, base_b };
	const char *metric = mode_a->key->f[EB_F_METRIC];
	double var[4], se2 = 0, den = 0, rho_a, rho_b, lrr, q, sign;
	size_t nmin = SIZE_MAX, nmax = 0;

	verdict_init(v, EB_VW_OVERHEAD_CHANGE, o);
	v->test = EB_TEST_LOG_DELTA;
	v->latency = eb_metric_is_latency(metric);
	v->quantity = v->latency ? quantity_of(metric) : NULL;
	v->family = eb_metric_family(metric);
	for (int i = 0; i < 4; i++)
		if (!(g[i]->s.mean > 0) || !isfinite(g[i]->s.mean))
			return;
	rho_a = mode_a->s.mean / base_a->s.mean;
	rho_b = mode_b->s.mean / base_b->s.mean;
	/* Percentage points of overhead: a throughput overhead is 1 - rho, a
	 * latency-like one rho - 1. */
	sign = v->latency ? 1 : -1;
	v->estimate = sign * (rho_b - rho_a) * 100 + 0.0;
	if (!representable(rho_a, 1) || !representable(rho_b, 1) || !isfinite(v->estimate) ||
	    !isfinite(log(rho_b / rho_a))) {
		v->estimate = NAN;
		v->kind = EB_VERDICT_OUT_OF_RANGE;
		return;
	}
	for (int i = 0; i < 4; i++) {
		if (g[i]->s.n < nmin)
			nmin = g[i]->s.n;
		if (g[i]->s.n > nmax)
			nmax = g[i]->s.n;
	}
	if (nmin < 2) {
		v->kind = EB_VERDICT_SINGLE_RUN;
		return;
	}
	/* A release whose own overhead Fieller cannot bound (a side's
	 * interval reaches 0) gives the delta method a log of what may be 0:
	 * its interval for the change is an artefact of the approximation,
	 * not a bound (outside audit H14: "dearer" between two overheads
	 * that were each "cannot tell"). */
	for (int i = 0; i < 4; i += 2) {
		struct ratio_test own;

		ratio_test(&g[i + 1]->s, &g[i]->s, o->alpha, &own);
		if (own.unbounded || own.reaches_zero) {
			v->kind = EB_VERDICT_UNBOUNDED;
			v->unbounded = 1;
			return;
		}
	}
	/* Delta method on log(rho_b / rho_a) = log mb - log bb - log ma + log ba:
	 * each term's variance is the squared coefficient of variation of its
	 * mean, free of the values' scale. */
	for (int i = 0; i < 4; i++) {
		double cv = g[i]->s.sd / g[i]->s.mean;

		var[i] = cv * cv / (double)g[i]->s.n;
		se2 += var[i];
		den += var[i] * var[i] / (double)(g[i]->s.n - 1);
	}
	if (se2 == 0) {
		v->kind = EB_VERDICT_NO_VARIATION;
		return;
	}
	v->df = nmin < 4 && nmin != nmax ? (double)(nmin - 1) : se2 * se2 / den;
	lrr = log(rho_b / rho_a);
	v->p = v->p_adj = eb_t_pvalue(lrr / sqrt(se2), v->df);
	q = eb_t_quantile(1 - o->alpha / 2, v->df);
	/* The interval of the ratio of ratios, in points of the first
	 * release's overhead: rho_a (RR - 1) at each bound. */
	{
		double lo = rho_a * (exp(lrr - q * sqrt(se2)) - 1) * 100;
		double hi = rho_a * (exp(lrr + q * sqrt(se2)) - 1) * 100;

		/* The delta method's interval is always bounded: a bound that
		 * does not fit a double is out of range, not unbounded. */
		if (!isfinite(lo) || !isfinite(hi)) {
			v->kind = EB_VERDICT_OUT_OF_RANGE;
			return;
		}
		v->lo = sign > 0 ? lo : -hi;
		v->hi = sign > 0 ? hi : -lo;
	}
	decide(v, o->equivalence_pct);
}

void
eb_verdict_overhead_change(const struct eb_group *mode_a, const struct eb_group *base_a,
    const struct eb_group *mode_b, const struct eb_group *base_b,
    const struct eb_verdict_opts *o, struct eb_verdict *v)
{
	overhead_change_compute(mode_a, base_a, mode_b, base_b, o, v);
	keep_side(&v->src[0], mode_a);
	keep_side(&v->src[1], base_a);
	keep_side(&v->src[2], mode_b);
	keep_side(&v->src[3], base_b);
	keep_raw(v);
}

void
eb_verdict_ratio_interval(const struct eb_verdict *v, double *lo, double *hi)
{
	/* Fieller's set maps onto itself under 1/x, so the latency ratio's
	 * interval is the reciprocal of the increase's. */
	if (v->unbounded || isnan(v->lo)) {
		*lo = *hi = NAN;
	} else if (v->latency) {
		*lo = 1 / (1 + v->hi / 100);
		*hi = 1 / (1 + v->lo / 100);
	} else {
		*lo = 1 - v->hi / 100;
		*hi = 1 - v->lo / 100;
	}
	/* The percent round trip keeps 12 digits of a ratio of mode to
	 * baseline above 1e-4; below, 1 - r cancels (1e-15 came back as
	 * 9.99e-16 at both ends, outside audit G8), so the bounds are
	 * Fieller's roots at the verdict's level, as the verdict found them. */
	if (v->what == EB_VW_OVERHEAD && !isnan(*lo) && v->src[0].n > 1 && v->src[1].n > 1 &&
	    v->src[1].mean > 0 && v->src[0].mean / v->src[1].mean < 1e-4) {
		struct eb_group mode, base;
		struct ratio_test r;

		side_group(&v->src[0], &mode);
		side_group(&v->src[1], &base);
		ratio_test(&base.s, &mode.s, v->ci_alpha, &r);
		if (!isnan(r.lo) && !r.unbounded) {
			*lo = v->latency ? 1 / r.hi : r.lo;
			*hi = v->latency ? 1 / r.lo : r.hi;
		}
	}
	/* The floor 0 of mode / baseline (or its reciprocal's infinity) is
	 * no measured bound. */
	if (eb_verdict_open_bound(v, 0) != 0) {
		if (v->latency)
			*hi = NAN;
		else
			*lo = NAN;
	}
}

/* v's interval computed again, as v was, at the level 1 - level. */
static void
interval_at(struct eb_verdict *v, double level)
{
	struct eb_verdict_opts o = { level, v->margin, v->adjust, v->median };
	struct eb_verdict t;
	struct eb_group g[4];

	for (int i = 0; i < 4; i++)
		side_group(&v->src[i], &g[i]);
	switch (v->what) {
	case EB_VW_DIFF:
		diff_compute(&g[0], &g[1], &o, &t);
		break;
	case EB_VW_OVERHEAD:
		overhead_compute(&g[0], &g[1], &o, &t);
		break;
	case EB_VW_OVERHEAD_CHANGE:
		overhead_change_compute(&g[0], &g[1], &g[2], &g[3], &o, &t);
		break;
	}
	v->ci_alpha = level;
	v->lo = t.lo;
	v->hi = t.hi;
	v->unbounded = t.unbounded;
	v->reaches_zero = t.reaches_zero;
	/* A stricter level can leave Fieller's interval without bounds, or
	 * leave the rank test no order statistic to stop at. */
	if (t.unbounded)
		v->kind = EB_VERDICT_UNBOUNDED;
	else if (t.kind == EB_VERDICT_TOO_FEW_RUNS) {
		v->kind = EB_VERDICT_TOO_FEW_RUNS;
		v->runs_needed = t.runs_needed;
	}
}

/* Back to the verdict as computed, before any family. */
static void
restore_raw(struct eb_verdict *v)
{
	v->lo = v->raw_lo;
	v->hi = v->raw_hi;
	v->unbounded = v->raw_unbounded;
	v->reaches_zero = v->raw_reaches_zero;
	v->kind = v->raw_kind;
	v->ci_alpha = v->alpha;
	v->p_adj = v->p;
}

/* ---- multiplicity */

/* Two keys are one test when they differ at most in metric and unit (and
 * the source of the record that stands for the group). */
static int
same_test(const struct eb_record *x, const struct eb_record *y)
{
	for (int f = 0; f < EB_NFIELDS; f++)
		if (f != EB_F_METRIC && f != EB_F_UNIT && f != EB_F_SOURCE &&
		    strcmp(x->f[f], y->f[f]) != 0)
			return 0;
	return x->block_size == y->block_size;
}

struct unit {
	double p;
	size_t first;	/* a member, for its key */
};

/* The hash of what same_test compares, so that a family of thousands of
 * tests (a decade's trend) finds each test's unit without a pass over all
 * units before it. */
static uint64_t
test_hash(const struct eb_record *r)
{
	uint64_t h = 1469598103934665603u;

	for (int f = 0; f < EB_NFIELDS; f++) {
		if (f == EB_F_METRIC || f == EB_F_UNIT || f == EB_F_SOURCE)
			continue;
		for (const unsigned char *c = (const unsigned char *)r->f[f]; *c; c++)
			h = (h ^ *c) * 1099511628211u;
		h = (h ^ 0xff) * 1099511628211u;
	}
	return (h ^ (uint64_t)r->block_size) * 1099511628211u;
}

/* Holm's order: by p, and tests of one p by their keys, so that every
 * output ranks a tie alike, whatever order its rows came in: the glance
 * table and the overhead table gave one case two adjusted intervals
 * (audit 17 P9). */
struct holm_order {
	const struct unit *u;
	const struct eb_record *const *keys;
};

static int
cmp_unit(const void *x, const void *y, void *ctx)
{
	const struct holm_order *o = ctx;
	const struct unit *ux = x, *uy = y;
	const struct eb_record *kx = o->keys[o->u[ux->first].first];
	const struct eb_record *ky = o->keys[o->u[uy->first].first];

	if (ux->p != uy->p)
		return ux->p < uy->p ? -1 : 1;
	for (int f = 0; f < EB_NFIELDS; f++) {
		int c;

		if (f == EB_F_SOURCE)
			continue;
		if ((c = strcmp(kx->f[f], ky->f[f])) != 0)
			return c;
	}
	return (kx->block_size > ky->block_size) - (kx->block_size < ky->block_size);
}

static const char *const families[] = { "throughput", "latency", "cpu", "other" };

/* The intervals at the adjusted levels, at[i] for v[i] (0 for none):
 * each is of its own verdict alone, so they are shared among the CPUs. */
struct intervals { struct eb_verdict *const *v; const double *at; };

static void
intervals_at(void *ctx, size_t lo, size_t hi, int apart)
{
	const struct intervals *w = ctx;

	if (apart)
		eb_stats_unshared();
	for (size_t i = lo; i < hi; i++)
		if (w->at[i] > 0)
			interval_at(w->v[i], w->at[i]);
}

void
eb_verdict_adjust(struct eb_verdict *const *v, const struct eb_record *const *keys,
    size_t n, const struct eb_verdict_opts *o)
{
	size_t *unit_of = eb_xmalloc((n ? n : 1) * sizeof *unit_of);
	struct unit *u = eb_xmalloc((n ? n : 1) * sizeof *u);
	double *adj = eb_xmalloc((n ? n : 1) * sizeof *adj);
	double *level = eb_xmalloc((n ? n : 1) * sizeof *level);
	double *at_level = eb_xcalloc(n ? n : 1, sizeof *at_level);
	size_t nslots = 16;

	while (nslots < 2 * n)
		nslots *= 2;
	for (size_t i = 0; i < n; i++)
		restore_raw(v[i]);
	for (size_t f = 0; f < sizeof families / sizeof families[0]; f++) {
		size_t m = 0, tests = 0;
		size_t *slot = eb_xcalloc(nslots, sizeof *slot);	/* unit + 1 */

		/* The tests of this family, each with the smallest p of its
		 * metrics: bw and iops of one test are one comparison. */
		for (size_t i = 0; i < n; i++) {
			size_t j, h;

			if (strcmp(eb_metric_family(keys[i]->f[EB_F_METRIC]), families[f]) != 0)
				continue;
			v[i]->family = families[f];
			unit_of[i] = SIZE_MAX;
			for (h = test_hash(keys[i]) & (nslots - 1); slot[h] != 0 &&
			    !same_test(keys[u[slot[h] - 1].first], keys[i]); h = (h + 1) & (nslots - 1))
				;
			if (slot[h] == 0) {
				u[tests++] = (struct unit){ NAN, i };
				slot[h] = tests;
			}
			j = slot[h] - 1;
			unit_of[i] = j;
			if (!isnan(v[i]->p) && (isnan(u[j].p) || v[i]->p < u[j].p))
				u[j].p = v[i]->p;
		}
		free(slot);
		for (size_t j = 0; j < tests; j++)
			if (!isnan(u[j].p))
				m++;
		for (size_t i = 0; i < n; i++)
			if (v[i]->family == families[f])
				v[i]->family_size = m;
		if (o->adjust == EB_ADJUST_NONE || m == 0) {
			for (size_t i = 0; i < n; i++)
				if (v[i]->family == families[f])
					v[i]->p_adj = v[i]->p;
			continue;
		}
		/* Holm over the tests with a p: the j-th smallest is multiplied
		 * by m - j, and the adjusted values kept non-decreasing. */
		{
			struct unit *sorted = eb_xmalloc(tests * sizeof *sorted);
			size_t k = 0;
			double running = 0, kept = NAN;

			for (size_t j = 0; j < tests; j++)
				if (!isnan(u[j].p))
					sorted[k++] = (struct unit){ u[j].p, j };
			struct holm_order order = { u, keys };

			qsort_r(sorted, k, sizeof *sorted, cmp_unit, &order);
			for (size_t j = 0; j < k; j++) {
				double a = fmin(1, (double)(m - j) * sorted[j].p);

				running = fmax(running, a);
				adj[sorted[j].first] = running;
				/* The step level: alpha / (m - j) while Holm rejects,
				 * then that of the first test it keeps, for it and
				 * every test after it (their p are no smaller). */
				if (isnan(kept) && !(running < o->alpha))
					kept = o->alpha / (double)(m - j);
				level[sorted[j].first] = isnan(kept) ? o->alpha / (double)(m - j) : kept;
				/* The multiplier of the test, for its other metrics. */
				u[sorted[j].first].p = (double)(m - j);
			}
			for (size_t i = 0; i < n; i++) {
				size_t j = unit_of[i];

				if (v[i]->family != families[f] || isnan(v[i]->p))
					continue;
				v[i]->p_adj = fmax(adj[j], fmin(1, u[j].p * v[i]->p));
				if (level[j] < v[i]->alpha && !isnan(v[i]->lo) &&
				    v[i]->kind != EB_VERDICT_UNBOUNDED && v[i]->src[0].key != NULL)
					at_level[i] = level[j];
			}
			free(sorted);
		}
	}
	eb_parallel_for(n, 1024, intervals_at, &(struct intervals){ v, at_level });
	for (size_t i = 0; i < n; i++) {
		decide(v[i], o->equivalence_pct);
		agree(v[i]);
	}
	free(unit_of);
	free(u);
	free(adj);
	free(level);
	free(at_level);
}
