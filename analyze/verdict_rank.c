/* verdict_rank.c - the rank comparison of --center median: the Mann-Whitney
 * test's reach at a level, and the Hodges-Lehmann shift with Moses's interval. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "verdict_int.h"

static int
cmp_dbl(const void *x, const void *y)
{
	double a = *(const double *)x, b = *(const double *)y;

	return a < b ? -1 : a > b;
}

/* The null distribution of U without ties: the count of arrangements with
 * U <= c, over C(m+n, m), by the recurrence of Mann and Whitney. Returns
 * the largest c with P(U < c) <= alpha / 2 (0 when no c is). */
static size_t
rank_critical(size_t m, size_t n, double alpha)
{
	size_t mn = m * n, c = 0;
	double *f, *g, total = 0, cum = 0;

	if (m + n > EB_MWU_EXACT_MAX) {
		double z = -eb_t_quantile(alpha / 2, 1e12);	/* normal by large df */
		double k = (double)mn / 2 - z * sqrt((double)mn * (double)(m + n + 1) / 12);

		return k < 1 ? 0 : (size_t)floor(k);
	}
	/* f[k][u] for k items of the first group among the first i items: the
	 * number of subsets of size k whose U (count of pairs below) is u. */
	f = eb_xcalloc((m + 1) * (mn + 1), sizeof *f);
	g = eb_xcalloc((m + 1) * (mn + 1), sizeof *g);
	f[0] = 1;
	for (size_t i = 0; i < m + n; i++) {
		memset(g, 0, (m + 1) * (mn + 1) * sizeof *g);
		for (size_t k = 0; k <= m && k <= i; k++) {
			size_t others = i - k;	/* of the second group so far */

			if (others > n)
				continue;
			for (size_t u = 0; u <= mn; u++) {
				double w = f[k * (mn + 1) + u];

				if (w == 0)
					continue;
				/* The next item belongs to the second group: no pair
				 * added; or to the first: it is above `others`. */
				if (others + 1 <= n)
					g[k * (mn + 1) + u] += w;
				if (k + 1 <= m && u + others <= mn)
					g[(k + 1) * (mn + 1) + u + others] += w;
			}
		}
		memcpy(f, g, (m + 1) * (mn + 1) * sizeof *f);
	}
	for (size_t u = 0; u <= mn; u++)
		total += f[m * (mn + 1) + u];
	for (size_t u = 0; u <= mn; u++) {
		cum += f[m * (mn + 1) + u];
		if (cum / total > alpha / 2)
			break;
		c = u + 1;
	}
	free(f);
	free(g);
	return c;
}

unsigned
eb_rank_runs_needed(double alpha)
{
	/* The smallest two-sided p of k against k runs is 2 / C(2k, k). */
	double c = 2;	/* C(2, 1) */

	for (unsigned k = 1; k < 64; k++) {
		if (2 / c < alpha)
			return k;
		c = c * (2.0 * k + 1) * (2.0 * k + 2) / ((double)(k + 1) * (double)(k + 1));
	}
	return 64;
}

/* The largest pairwise product the Hodges-Lehmann interval enumerates. */
#define HL_MAX_PAIRS 4000000u

/* The relative change, in percent, of the pair whose log ratio is d: as
 * (b - a) / a of the values themselves, so that a bound of exactly 2 %
 * (102 against 100) is 2 and not expm1's 1.9999999999996. */
static double
pair_change(const double *la, const double *lb, const struct eb_group *a,
    const struct eb_group *b, double d)
{
	for (size_t i = 0; i < a->s.n; i++)
		for (size_t j = 0; j < b->s.n; j++)
			if (lb[j] - la[i] == d)
				return (b->values[j] - a->values[i]) / a->values[i] * 100;
	return expm1(d) * 100;
}

/* The rank comparison on the log of the values: the Hodges-Lehmann shift
 * of log b against log a is the median of the pairwise log ratios and
 * Moses's interval the c-th of them from each end, so that the relative
 * change exp(shift) - 1 and its bounds can never fall below -100 %, and
 * the change is free of the values' scale. A shift of the raw values
 * divided by a's median read a throughput change as -3200 %. */
void
eb_verdict_median(const struct eb_group *a, const struct eb_group *b,
    const struct eb_verdict_opts *o, struct eb_verdict *v)
{
	size_t m = a->s.n, n = b->s.n, mn = m * n, c;
	double *d, *la, *lb, shift;
	size_t k = 0;

	v->test = EB_TEST_MANN_WHITNEY;
	if (!(a->s.min > 0) || !(b->s.min > 0) || mn > HL_MAX_PAIRS) {
		v->estimate = a->s.median != 0 ? (b->s.median / a->s.median - 1) * 100 : NAN;
		v->kind = EB_VERDICT_NO_CLEAR_CHANGE;
		return;
	}
	la = eb_xmalloc(m * sizeof *la);
	lb = eb_xmalloc(n * sizeof *lb);
	for (size_t i = 0; i < m; i++)
		la[i] = log(a->values[i]);
	for (size_t j = 0; j < n; j++)
		lb[j] = log(b->values[j]);
	d = eb_xmalloc(mn * sizeof *d);
	for (size_t i = 0; i < m; i++)
		for (size_t j = 0; j < n; j++)
			d[k++] = lb[j] - la[i];
	qsort(d, mn, sizeof *d, cmp_dbl);
	shift = mn % 2 ? d[mn / 2] : (d[mn / 2 - 1] + d[mn / 2]) / 2;
	v->estimate = mn % 2 ? pair_change(la, lb, a, b, shift) : expm1(shift) * 100;
	c = a->s.min == a->s.max && b->s.min == b->s.max ? 0 : rank_critical(m, n, o->alpha);
	if (a->s.min == a->s.max && b->s.min == b->s.max)
		v->kind = EB_VERDICT_NO_VARIATION;
	else if (c == 0) {
		v->kind = EB_VERDICT_TOO_FEW_RUNS;
		v->runs_needed = eb_rank_runs_needed(o->alpha);
	} else {
		v->lo = pair_change(la, lb, a, b, d[c - 1]);
		v->hi = pair_change(la, lb, a, b, d[mn - c]);
	}
	free(la);
	free(lb);
	free(d);
	if (c == 0)
		return;
	v->p = v->p_adj = eb_mann_whitney_p(a->values, m, b->values, n, NULL);
}
