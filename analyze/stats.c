/* stats.c - the statistics behind every claim encbench makes: Student t,
 * Welch's test, Mann-Whitney U (exact with ties), Fieller's ratio interval
 * and Holm's adjustment, written from their textbook definitions. */
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "analyze.h"

/* The continued fraction of the incomplete beta function, evaluated with
 * the modified Lentz method. */
static double
beta_cf(double a, double b, double x)
{
	const double tiny = 1e-300;
	double qab = a + b, qap = a + 1, qam = a - 1;
	double c = 1, d = 1 - qab * x / qap, h;

	if (fabs(d) < tiny)
		d = tiny;
	d = 1 / d;
	h = d;
	for (int m = 1; m <= 500; m++) {
		int m2 = 2 * m;
		double aa = m * (b - m) * x / ((qam + m2) * (a + m2)), del;

		d = 1 + aa * d;
		if (fabs(d) < tiny)
			d = tiny;
		c = 1 + aa / c;
		if (fabs(c) < tiny)
			c = tiny;
		d = 1 / d;
		h *= d * c;
		aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2));
		d = 1 + aa * d;
		if (fabs(d) < tiny)
			d = tiny;
		c = 1 + aa / c;
		if (fabs(c) < tiny)
			c = tiny;
		d = 1 / d;
		del = d * c;
		h *= del;
		if (fabs(del - 1) < 1e-16)
			break;
	}
	return h;
}

/* The regularised incomplete beta function I_x(a, b). */
static double
ibeta(double a, double b, double x)
{
	double front;

	if (x <= 0)
		return 0;
	if (x >= 1)
		return 1;
	front = exp(lgamma(a + b) - lgamma(a) - lgamma(b) + a * log(x) + b * log1p(-x));
	if (x < (a + 1) / (a + b + 2))
		return front * beta_cf(a, b, x) / a;
	return 1 - front * beta_cf(b, a, 1 - x) / b;
}

/* A direct-mapped cache of a function of two doubles. A report asks for
 * the same tails and quantiles many times over: every chart, the
 * findings and the trend compute the overheads and diffs of the same
 * groups again, and each tail costs a continued fraction. */
#define MEMO_SLOTS 4096

struct memo {
	double a, b, v;
	int used;
};

static struct memo *
memo_slot(struct memo *m, double a, double b)
{
	uint64_t x, y;

	memcpy(&x, &a, sizeof x);
	memcpy(&y, &b, sizeof y);
	x = (x ^ (y * 0x9e3779b97f4a7c15u)) * 0xbf58476d1ce4e5b9u;
	return &m[(x >> 40) % MEMO_SLOTS];
}

static double
t_tail(double t, double df)
{
	if (!isfinite(df) || df <= 0 || isnan(t))
		return NAN;
	if (isinf(t))
		return 0;
	return ibeta(df / 2, 0.5, df / (df + t * t));
}

double
eb_t_pvalue(double t, double df)
{
	static struct memo memo[MEMO_SLOTS];
	struct memo *m = memo_slot(memo, t, df);

	if (!(m->used && m->a == t && m->b == df)) {
		m->a = t;
		m->b = df;
		m->v = t_tail(t, df);
		m->used = 1;
	}
	return m->v;
}

/* The density of Student's t. */
static double
t_pdf(double t, double df)
{
	return exp(lgamma((df + 1) / 2) - lgamma(df / 2) - 0.5 * log(df * M_PI) -
	    (df + 1) / 2 * log1p(t * t / df));
}

/* Newton's method on the two-sided tail, kept inside a bracket that
 * bisection narrows whenever a step would leave it; a handful of tail
 * evaluations instead of the two hundred of plain bisection. Every group
 * of an analysis needs one, so this is the hot path of large inputs. */
static double
t_quantile_upper(double target, double df)
{
	double lo = 0, hi = 1, t;

	while (t_tail(hi, df) > target && hi < 1e300)
		hi *= 2;
	t = hi / 2 > 2 ? hi / 2 : 2 < hi ? 2 : hi / 2;
	for (int i = 0; i < 100; i++) {
		double p = t_tail(t, df), next;

		if (p > target)
			lo = t;
		else
			hi = t;
		next = t + (p - target) / (2 * t_pdf(t, df));
		if (!(next > lo && next < hi))
			next = (lo + hi) / 2;
		if (fabs(next - t) <= 1e-15 * t || hi - lo <= 1e-15 * hi)
			return next;
		t = next;
	}
	return t;
}

double
eb_t_quantile(double q, double df)
{
	static struct memo memo[MEMO_SLOTS];
	struct memo *m;
	double t;

	if (!(q > 0 && q < 1) || !(df > 0))
		return NAN;
	if (q == 0.5)
		return 0;
	m = memo_slot(memo, q, df);
	if (m->used && m->a == q && m->b == df)
		return m->v;
	t = t_quantile_upper(2 * (q > 0.5 ? 1 - q : q), df);
	if (q < 0.5)
		t = -t;
	m->a = q;
	m->b = df;
	m->v = t;
	m->used = 1;
	return t;
}

static int
cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

void
eb_sample_summarize(const double *v, size_t n, struct eb_sample *s)
{
	double sum = 0, ss = 0, *sorted;

	memset(s, 0, sizeof *s);
	s->n = n;
	s->ci_low = s->ci_high = s->sd = NAN;
	if (n == 0) {
		s->mean = s->median = s->min = s->max = NAN;
		return;
	}
	for (size_t i = 0; i < n; i++)
		sum += v[i];
	s->mean = sum / (double)n;
	for (size_t i = 0; i < n; i++)
		ss += (v[i] - s->mean) * (v[i] - s->mean);
	sorted = eb_xmalloc(n * sizeof *sorted);
	memcpy(sorted, v, n * sizeof *sorted);
	qsort(sorted, n, sizeof *sorted, cmp_double);
	s->min = sorted[0];
	s->max = sorted[n - 1];
	s->median = n % 2 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
	free(sorted);
	if (n >= 2) {
		double half;

		s->sd = sqrt(ss / (double)(n - 1));
		half = eb_t_quantile(0.975, (double)(n - 1)) * s->sd / sqrt((double)n);
		s->ci_low = s->mean - half;
		s->ci_high = s->mean + half;
	}
}

void
eb_welch_test(const struct eb_sample *a, const struct eb_sample *b,
    struct eb_welch *out)
{
	double va, vb, se2;

	out->t = out->df = out->p = NAN;
	if (a->n < 2 || b->n < 2)
		return;
	va = a->sd * a->sd / (double)a->n;
	vb = b->sd * b->sd / (double)b->n;
	se2 = va + vb;
	if (se2 == 0) {
		/* Repetitions without any spread: equal means tell nothing
		 * changed, different ones that something did. */
		out->df = (double)(a->n + b->n - 2);
		out->t = a->mean == b->mean ? 0 : INFINITY;
		out->p = a->mean == b->mean ? 1 : 0;
		return;
	}
	out->t = (b->mean - a->mean) / sqrt(se2);
	out->df = se2 * se2 / (va * va / (double)(a->n - 1) + vb * vb / (double)(b->n - 1));
	out->p = eb_t_pvalue(out->t, out->df);
}

struct ranked {
	double v;
	int from_a;
};

static int
cmp_ranked(const void *x, const void *y)
{
	return cmp_double(&((const struct ranked *)x)->v, &((const struct ranked *)y)->v);
}

double
eb_mann_whitney_p(const double *a, size_t na, const double *b, size_t nb,
    double *u_out)
{
	size_t n = na + nb;
	struct ranked *r;
	long *rank2;		/* doubled mid-ranks: whole numbers */
	long sum2 = 0;
	double ties = 0, u1, p;

	if (na == 0 || nb == 0)
		return NAN;
	r = eb_xmalloc(n * sizeof *r);
	rank2 = eb_xmalloc(n * sizeof *rank2);
	for (size_t i = 0; i < na; i++)
		r[i] = (struct ranked){ a[i], 1 };
	for (size_t i = 0; i < nb; i++)
		r[na + i] = (struct ranked){ b[i], 0 };
	qsort(r, n, sizeof *r, cmp_ranked);
	for (size_t i = 0; i < n;) {
		size_t j = i;

		while (j + 1 < n && r[j + 1].v == r[i].v)
			j++;
		for (size_t k = i; k <= j; k++)
			rank2[k] = (long)(i + j + 2);	/* 2 x mean of ranks i+1..j+1 */
		ties += (double)(j - i + 1) * (double)(j - i + 1) * (double)(j - i + 1) -
		    (double)(j - i + 1);
		i = j + 1;
	}
	for (size_t i = 0; i < n; i++)
		if (r[i].from_a)
			sum2 += rank2[i];
	u1 = (double)sum2 / 2 - (double)na * (double)(na + 1) / 2;
	if (u_out != NULL)
		*u_out = u1;
	if (n <= EB_MWU_EXACT_MAX) {
		/* ways[k][s]: subsets of k of the items seen so far whose doubled
		 * rank sum is s; the permutation distribution of the sum. */
		long maxs = 0;
		double *ways, le = 0, ge = 0, total = 0;

		for (size_t i = 0; i < n; i++)
			maxs += rank2[i];
		ways = eb_xcalloc((na + 1) * (size_t)(maxs + 1), sizeof *ways);
		ways[0] = 1;
		for (size_t i = 0; i < n; i++)
			for (size_t k = (i + 1 < na ? i + 1 : na); k >= 1; k--)
				for (long s = maxs; s >= rank2[i]; s--)
					ways[k * (size_t)(maxs + 1) + (size_t)s] +=
					    ways[(k - 1) * (size_t)(maxs + 1) + (size_t)(s - rank2[i])];
		for (long s = 0; s <= maxs; s++) {
			double w = ways[na * (size_t)(maxs + 1) + (size_t)s];

			total += w;
			if (s <= sum2)
				le += w;
			if (s >= sum2)
				ge += w;
		}
		free(ways);
		p = 2 * (le < ge ? le : ge) / total;
	} else {
		double mu = (double)na * (double)nb / 2;
		double sigma = sqrt((double)na * (double)nb / 12 *
		    ((double)(n + 1) - ties / ((double)n * (double)(n - 1))));
		double u = u1 > (double)na * (double)nb - u1 ? u1 : (double)na * (double)nb - u1;

		p = sigma > 0 ? erfc((u - mu - 0.5) / sigma / sqrt(2)) : 1;
	}
	free(r);
	free(rank2);
	return p > 1 ? 1 : p;
}

int
eb_fieller(const struct eb_sample *num, const struct eb_sample *den, double alpha,
    double *lo, double *hi)
{
	double vn, vd, r, df, t, a, disc, denom;

	*lo = *hi = NAN;
	if (num->n < 2 || den->n < 2 || den->mean == 0)
		return 0;
	vn = num->sd * num->sd / (double)num->n;
	vd = den->sd * den->sd / (double)den->n;
	r = num->mean / den->mean;
	if (vn == 0 && vd == 0) {
		*lo = *hi = r;
		return 1;
	}
	/* Welch-Satterthwaite degrees of freedom of num - r * den. */
	df = (vn + r * r * vd) * (vn + r * r * vd) /
	    (vn * vn / (double)(num->n - 1) + r * r * r * r * vd * vd / (double)(den->n - 1));
	t = eb_t_quantile(1 - alpha / 2, df);
	a = den->mean * den->mean - t * t * vd;
	if (a <= 0)
		return 0;
	disc = num->mean * num->mean * den->mean * den->mean -
	    a * (num->mean * num->mean - t * t * vn);
	if (disc < 0)
		return 0;
	denom = a;
	*lo = (num->mean * den->mean - sqrt(disc)) / denom;
	*hi = (num->mean * den->mean + sqrt(disc)) / denom;
	return 1;
}

struct indexed {
	double p;
	size_t i;
};

static int
cmp_indexed(const void *x, const void *y)
{
	return cmp_double(&((const struct indexed *)x)->p, &((const struct indexed *)y)->p);
}

void
eb_holm(double *p, size_t n)
{
	struct indexed *v = eb_xmalloc((n ? n : 1) * sizeof *v);
	size_t m = 0;
	double running = 0;

	for (size_t i = 0; i < n; i++)
		if (!isnan(p[i]))
			v[m++] = (struct indexed){ p[i], i };
	qsort(v, m, sizeof *v, cmp_indexed);
	for (size_t j = 0; j < m; j++) {
		double adj = (double)(m - j) * v[j].p;

		if (adj > 1)
			adj = 1;
		if (adj > running)
			running = adj;
		p[v[j].i] = running;
	}
	free(v);
}
