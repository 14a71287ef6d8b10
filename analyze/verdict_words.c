/* verdict_words.c - the words and figures of a verdict: its word, its
 * interval, its p and its phrase, each figure printed so that it reads true. */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyze.h"

const char *
eb_verdict_word(const struct eb_verdict *v)
{
	switch (v->kind) {
	case EB_VERDICT_NONE:
		return "";
	case EB_VERDICT_SINGLE_RUN:
		return "single run";
	case EB_VERDICT_NO_VARIATION:
		return "no variation in the runs";
	case EB_VERDICT_TOO_FEW_RUNS:
		return "too few runs";
	case EB_VERDICT_UNBOUNDED:
		return "unbounded";
	case EB_VERDICT_OUT_OF_RANGE:
		return "out of range";
	case EB_VERDICT_NO_CLEAR_CHANGE:
		return "no clear change";
	case EB_VERDICT_UNCHANGED:
		return "unchanged";
	case EB_VERDICT_IMPROVED:
		return "improved";
	case EB_VERDICT_REGRESSED:
		return "regressed";
	case EB_VERDICT_COSTS:
		return "costs";
	case EB_VERDICT_FASTER:
		return "faster";
	case EB_VERDICT_NO_MEASURABLE:
		return "no measurable overhead";
	case EB_VERDICT_CHEAPER:
		return "cheaper";
	case EB_VERDICT_DEARER:
		return "dearer";
	}
	return "";
}

int
eb_verdict_claims(const struct eb_verdict *v)
{
	return v->kind == EB_VERDICT_IMPROVED || v->kind == EB_VERDICT_REGRESSED ||
	    v->kind == EB_VERDICT_COSTS || v->kind == EB_VERDICT_FASTER ||
	    v->kind == EB_VERDICT_CHEAPER || v->kind == EB_VERDICT_DEARER;
}

/* Whether the printed text of x lies on the same side of edge as x does
 * (an x on the edge may print anywhere near it). */
static int
same_side(const char *text, double x, double edge)
{
	double shown = strtod(text, NULL);

	if (x == edge)
		return 1;
	return x < edge ? shown < edge : shown > edge;
}

/* x with min_decimals decimals or more, until its text lies on x's side
 * of every edge; then significant digits in %g's notation when x is closer
 * to an edge than EB_FIGURE_MAX_DECIMALS decimals show. */
static void
figure_edges(double x, int plus, int min_decimals, const double *edge, size_t nedges,
    char *buf, size_t n)
{
	x += 0.0;	/* no "-0.0" for a negative zero */
	if (isnan(x)) {
		snprintf(buf, n, "–");
		return;
	}
	if (fabs(x) >= 1e6) {
		snprintf(buf, n, plus ? "%+.3g" : "%.3g", x);
		return;
	}
	for (int pass = 0; pass < 2; pass++) {
		int first = pass ? 2 : min_decimals, last = pass ? 17 : EB_FIGURE_MAX_DECIMALS;

		for (int digits = first; digits <= last; digits++) {
			size_t e = 0;

			snprintf(buf, n, pass ? (plus ? "%+.*g" : "%.*g") : (plus ? "%+.*f" : "%.*f"),
			    digits, x);
			while (e < nedges && same_side(buf, x, edge[e]))
				e++;
			if (e == nedges)
				return;
		}
	}
}

void
eb_figure_text(double x, int plus, double margin, char *buf, size_t n)
{
	const double edges[3] = { 0, margin, -margin };

	figure_edges(x, plus, 1, edges, margin > 0 ? 3 : 1, buf, n);
}

void
eb_share_text(double x, int plus, char *buf, size_t n)
{
	const double edges[3] = { 0, 100, -100 };

	/* Within a millionth of a percent of all of it: the figure would need
	 * up to 17 digits to stay below 100 %; say that it does. */
	if (x > 99.9999 && x < 100) {
		snprintf(buf, n, "%s> 99.9999", plus ? "+" : "");
		return;
	}
	figure_edges(x, plus, 1, edges, 3, buf, n);
}

void
eb_estimate_text(double x, int plus, double margin, char *buf, size_t n)
{
	eb_figure_text(fabs(x) < EB_FIGURE_NOISE ? 0 : x, plus, margin, buf, n);
}

int
eb_estimate_is_zero(double x)
{
	char f[48];

	eb_estimate_text(x, 0, 0, f, sizeof f);
	return !isnan(x) && strtod(f, NULL) == 0;
}

void
eb_ratio_text(double r, char *buf, size_t n)
{
	const double one = 1;

	/* A ratio of 5e-7 (mixed-scale data) printed as 0.000: below a
	 * thousandth, three significant digits instead of decimals. */
	if (r != 0 && fabs(r) < 0.001) {
		snprintf(buf, n, "%.3g", r);
		return;
	}
	/* A few ulps from 1 is the rounding of two means of one value, not a
	 * ratio on a side of 1: "1.0000000000000002" (outside audit I5). */
	if (fabs(r - 1) <= 4 * DBL_EPSILON)
		r = 1;
	figure_edges(r, 0, 3, &one, 1, buf, n);
}

/* The edges a verdict's figures must not seem to cross: 0 always, the
 * equivalence margin for a change between releases or configs, and 100 %
 * for a throughput cost (a cost of 99.99995 % is not all of it). */
static double
margin_of(const struct eb_verdict *v)
{
	if (v->what == EB_VW_OVERHEAD && !v->latency)
		return 100;
	return v->what == EB_VW_DIFF ? v->margin : 0;
}

int
eb_verdict_open_bound(const struct eb_verdict *v, int raw)
{
	if (!(raw ? v->raw_reaches_zero : v->reaches_zero) ||
	    (raw ? v->raw_unbounded : v->unbounded) || isnan(raw ? v->raw_lo : v->lo))
		return 0;
	/* A throughput cost is 1 - ratio: the ratio's floor is its top. */
	return v->what == EB_VW_OVERHEAD && !v->latency ? 1 : -1;
}

void
eb_verdict_interval_text(const struct eb_verdict *v, char *buf, size_t n)
{
	const char *unit = v->what == EB_VW_OVERHEAD_CHANGE ? "pp" : "%";
	int sign = v->what != EB_VW_OVERHEAD || v->latency;
	double margin = margin_of(v);
	char est[40], lo[40], hi[40];

	if (isnan(v->estimate)) {
		snprintf(buf, n, "–");
		return;
	}
	if (v->what == EB_VW_OVERHEAD && !v->latency)
		eb_share_text(fabs(v->estimate) < EB_FIGURE_NOISE ? 0 : v->estimate, 0, est,
		    sizeof est);
	else
		eb_estimate_text(v->estimate, sign, margin, est, sizeof est);
	/* A speed-up without bounds is "47.8 % faster", never a negative
	 * cost (audit 16 M5). */
	if (v->what == EB_VW_OVERHEAD && !v->latency && est[0] == '-' &&
	    (v->unbounded || isnan(v->lo))) {
		memmove(est, est + 1, strlen(est));
		unit = "% faster";
	}
	if (v->unbounded)
		snprintf(buf, n, "%s %s (unbounded)", est, unit);
	else if (isnan(v->lo))
		snprintf(buf, n, "%s %s", est, unit);
	else if (eb_verdict_open_bound(v, 0) > 0) {
		eb_share_text(v->lo, 0, lo, sizeof lo);
		/* "> 99.9999" is already a lower bound. */
		if (strncmp(lo, "> ", 2) == 0)
			snprintf(buf, n, "%s %s (over %s %s)", est, unit, lo + 2, unit);
		else
			snprintf(buf, n, "%s %s (at least %s %s)", est, unit, lo, unit);
	} else if (eb_verdict_open_bound(v, 0) < 0) {
		eb_figure_text(v->hi, sign, margin, hi, sizeof hi);
		snprintf(buf, n, "%s %s (at most %s %s)", est, unit, hi, unit);
	} else if (v->what == EB_VW_OVERHEAD && !v->latency) {
		eb_share_text(v->lo, 0, lo, sizeof lo);
		eb_share_text(v->hi, 0, hi, sizeof hi);
		snprintf(buf, n, "%s %s (%s to %s %s)", est, unit, lo, hi, unit);
	} else {
		eb_figure_text(v->lo, sign, margin, lo, sizeof lo);
		eb_figure_text(v->hi, sign, margin, hi, sizeof hi);
		snprintf(buf, n, "%s %s (%s to %s %s)", est, unit, lo, hi, unit);
	}
}

/* The confidence level of intervals at alpha, as a percentage: "95",
 * "80", "99.9". */
void
eb_level_text(double alpha, char *buf, size_t n)
{
	double a = alpha > 0 && alpha < 1 ? alpha : 0.05;

	snprintf(buf, n, "%.10g", 100 * (1 - a));
	/* --alpha 1e-300 read "100 % CI" (found by an outside audit): a level
	 * that rounds to 100 is written as what it falls short by. */
	if (strtod(buf, NULL) >= 100)
		snprintf(buf, n, "100 − %.3g", 100 * a);
}

void
eb_interval_level_text(double alpha, int adjusted, char *buf, size_t n)
{
	char level[32];

	eb_level_text(alpha, level, sizeof level);
	snprintf(buf, n, "%s%.24s %%", adjusted ? "Holm-adjusted " : "", level);
}

int
eb_verdict_interval_adjusted(const struct eb_verdict *v)
{
	return !isnan(v->lo) && v->ci_alpha < v->alpha;
}

/* A cost in percent as a figure that is never a negative cost: "12.3 %",
 * "4.1 % faster"; a relative increase (increase) signed: "+9.5 %". */
void
eb_cost_text(double pct, int increase, char *buf, size_t n)
{
	char f[40];

	if (increase) {
		eb_estimate_text(pct, 1, 0, f, sizeof f);
		snprintf(buf, n, "%s %%", f);
		return;
	}
	if (isnan(pct)) {
		snprintf(buf, n, "–");
		return;
	}
	if (pct > 0)
		eb_share_text(pct < EB_FIGURE_NOISE ? 0 : pct, 0, f, sizeof f);
	else
		eb_estimate_text(-pct, 0, 0, f, sizeof f);
	snprintf(buf, n, "%s %%%s", f, pct < 0 && strcmp(f, "0.0") != 0 ? " faster" : "");
}

void
eb_p_text(double p, double alpha, char *buf, size_t n)
{
	if (isnan(p)) {
		snprintf(buf, n, "–");
		return;
	}
	if (p < 0.001 && alpha > 0.001) {
		snprintf(buf, n, "< 0.001");
		return;
	}
	for (int digits = 2; digits <= 4; digits++) {
		snprintf(buf, n, "%.*g", digits, p);
		if ((strtod(buf, NULL) < alpha) == (p < alpha))
			return;
	}
	/* A p within rounding of alpha on its lower side (0.04999999999999889,
	 * found by an outside audit) would need every digit to read below it. */
	double v = p < alpha ? alpha : p;
	const char *lt = p < alpha ? "< " : "";

	for (int digits = 1; digits <= 17; digits++) {
		snprintf(buf, n, "%s%.*g", lt, digits, v);
		if (strtod(buf + strlen(lt), NULL) == v)
			return;
	}
}

static void estimate_words(const struct eb_verdict *v, char *buf, size_t n);

void
eb_out_of_range_text(const struct eb_verdict *v, char *buf, size_t n)
{
	if (isnan(v->estimate))
		snprintf(buf, n, "out of range: %s, so no figure and no verdict",
		    EB_OUT_OF_RANGE_WHY);
	else {
		char iv[64];

		estimate_words(v, iv, sizeof iv);
		snprintf(buf, n, "%s, interval out of range: a bound lies beyond 1.8e308, the "
		    "largest number encbench computes with, so no verdict", iv);
	}
}

/* The smallest two-sided p of the exact rank test of m against n runs:
 * the most extreme of the C(m + n, m) arrangements, from each end. */
static double
rank_best_p(size_t m, size_t n)
{
	double c = 1;

	for (size_t i = 1; i <= m; i++)
		c = c * (double)(n + i) / (double)i;
	return fmin(1, 2 / c);
}

void
eb_too_few_text(const struct eb_verdict *v, char *buf, size_t n)
{
	size_t m = v->src[0].n, k = v->src[1].n;
	char best[128] = "";

	if (m > 0 && k > 0)
		snprintf(best, sizeof best, "; %zu against %zu runs reach p %.2g at best", m, k,
		    rank_best_p(m, k));
	/* Quoted at the level the test was held to: Holm's step level in a
	 * family, where 4 against 4 runs, which reach 0.05, fall short of
	 * 0.025 (C22 of an outside audit). */
	if (v->ci_alpha < v->alpha)
		snprintf(buf, n, "too few runs for a rank test at %.3g (Holm's step level among %zu "
		    "tests at alpha %g): %u per side needed%s", v->ci_alpha, v->family_size,
		    v->alpha, v->runs_needed, best);
	else
		snprintf(buf, n, "too few runs for a rank test at %g: %u per side needed%s",
		    v->alpha, v->runs_needed, best);
}

/* The estimate alone, for a verdict without an interval: an overhead as
 * a cost or "N % faster", a latency-like one named ("latency -20.0 %"),
 * never a negative cost. */
static void
estimate_words(const struct eb_verdict *v, char *buf, size_t n)
{
	char f[48];

	if (v->what != EB_VW_OVERHEAD || isnan(v->estimate)) {
		eb_verdict_interval_text(v, buf, n);
		return;
	}
	eb_cost_text(v->estimate, v->latency, f, sizeof f);
	if (v->latency && v->quantity != NULL)
		snprintf(buf, n, "%s %s", v->quantity, f);
	else
		snprintf(buf, n, "%s", f);
}

static void
adjust_text(const struct eb_verdict *v, char *buf, size_t n)
{
	if (v->adjust == EB_ADJUST_HOLM && v->family_size > 1)
		snprintf(buf, n, " (Holm over %zu tests)", v->family_size);
	else
		buf[0] = '\0';
}

void
eb_verdict_phrase(const struct eb_verdict *v, char *buf, size_t n)
{
	char iv[96], p[24], adj[48];
	const char *q = v->quantity;

	eb_verdict_interval_text(v, iv, sizeof iv);
	eb_p_text(v->p_adj, v->alpha, p, sizeof p);
	adjust_text(v, adj, sizeof adj);
	switch (v->kind) {
	case EB_VERDICT_NONE:
		snprintf(buf, n, "no comparison");
		break;
	case EB_VERDICT_SINGLE_RUN:
		estimate_words(v, iv, sizeof iv);
		snprintf(buf, n, "%s, single run: no interval and no verdict", iv);
		break;
	case EB_VERDICT_NO_VARIATION:
		estimate_words(v, iv, sizeof iv);
		snprintf(buf, n, "%s, no variation in the runs: no interval and no test", iv);
		break;
	case EB_VERDICT_TOO_FEW_RUNS:
		eb_too_few_text(v, buf, n);
		break;
	case EB_VERDICT_UNBOUNDED:
		if (v->what == EB_VW_OVERHEAD_CHANGE) {
			snprintf(buf, n, "%s: a release's own overhead interval is unbounded or "
			    "reaches 0, so the data cannot tell", iv);
			break;
		}
		snprintf(buf, n, "%s: the %s interval includes 0, so the data cannot tell", iv,
		    !v->reaches_zero ? "baseline's" : v->what == EB_VW_DIFF ? "compared side's" :
		    "mode's");
		break;
	case EB_VERDICT_OUT_OF_RANGE:
		eb_out_of_range_text(v, buf, n);
		break;
	case EB_VERDICT_NO_CLEAR_CHANGE:
	case EB_VERDICT_UNCHANGED:
	case EB_VERDICT_IMPROVED:
	case EB_VERDICT_REGRESSED:
	case EB_VERDICT_CHEAPER:
	case EB_VERDICT_DEARER:
		snprintf(buf, n, "%s: %s, p %s%s", eb_verdict_word(v), iv, p, adj);
		break;
	case EB_VERDICT_COSTS:
		if (v->latency)
			snprintf(buf, n, "%s %s", q, iv);
		else
			snprintf(buf, n, "costs %s", iv);
		break;
	case EB_VERDICT_FASTER:
		if (v->latency)
			snprintf(buf, n, "%s %s", q, iv);
		else
		{
			/* A negative cost is a speed-up: say how much faster. */
			char e[40], l[40], h[40];

			eb_figure_text(-v->estimate, 0, 0, e, sizeof e);
			eb_figure_text(-v->hi, 0, 0, l, sizeof l);
			eb_figure_text(-v->lo, 0, 0, h, sizeof h);
			snprintf(buf, n, "%s %% faster (%s to %s %%)", e, l, h);
		}
		break;
	case EB_VERDICT_NO_MEASURABLE:
		if (isnan(v->lo))
			snprintf(buf, n, "no measurable overhead: %s", iv);
		else if (v->latency) {
			char l[40], h[40];

			eb_figure_text(v->lo, 1, 0, l, sizeof l);
			eb_figure_text(v->hi, 1, 0, h, sizeof h);
			snprintf(buf, n, "no measurable overhead: %s between %s %% and %s %%",
			    q, l, h);
		} else if (v->lo <= 0 && v->hi >= 0) {
			char l[40], h[40];

			eb_figure_text(-v->lo, 0, 0, l, sizeof l);
			eb_figure_text(v->hi, 0, 0, h, sizeof h);
			snprintf(buf, n, "no measurable overhead: between %s %% faster and "
			    "%s %% slower", l, h);
		} else
			snprintf(buf, n, "no measurable overhead after Holm: %s, p %s%s", iv, p, adj);
		break;
	}
}
