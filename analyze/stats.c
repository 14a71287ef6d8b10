/* stats.c - the statistics behind every claim encbench makes: Student t,
 * Welch's test, Mann-Whitney U (exact with ties), Fieller's ratio interval
 * and Holm's adjustment, written from their textbook definitions. */
#include <float.h>
#include <math.h>
#include <stddef.h>
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

/* Student's t for one df, with the log-gamma terms of its tail and its
 * density worked out once: the solver below evaluates both a few times. */
struct student {
	double df, a;		/* a = df / 2 */
	double lbeta;		/* lgamma(a + 1/2) - lgamma(a) - lgamma(1/2) */
	double lpdf;		/* lgamma(a + 1/2) - lgamma(a) - log(df pi) / 2 */
};

static void
student_init(struct student *st, double df)
{
	/* lgamma_r: lgamma's value, without the global signgam that threads
	 * sharing the tests would write at once. */
	int sign;
	double l1 = lgamma_r((df + 1) / 2, &sign), l2 = lgamma_r(df / 2, &sign);

	st->df = df;
	st->a = df / 2;
	st->lbeta = l1 - l2 - lgamma_r(0.5, &sign);
	st->lpdf = l1 - l2 - 0.5 * log(df * M_PI);
}

/* The two-sided tail P(|T| > t): the regularised incomplete beta function
 * I_x(df/2, 1/2) at x = df / (df + t^2). */
static double
student_tail(const struct student *st, double t)
{
	double x = st->df / (st->df + t * t), front;

	if (x <= 0)
		return 0;
	if (x >= 1)
		return 1;
	front = exp(st->lbeta + st->a * log(x) + 0.5 * log1p(-x));
	if (x < (st->a + 1) / (st->a + 0.5 + 2))
		return front * beta_cf(st->a, 0.5, x) / st->a;
	return 1 - front * beta_cf(0.5, st->a, 1 - x) / 0.5;
}

static double
student_pdf(const struct student *st, double t)
{
	return exp(st->lpdf - (st->df + 1) / 2 * log1p(t * t / st->df));
}

/* A direct-mapped cache of a function of two doubles. A report asks for
 * the same tails and quantiles many times over: the findings, the
 * overhead, the diff, the trend and every page and chart work out the
 * verdicts of the same groups again, and each tail costs a continued
 * fraction. A decade of rounds asks for some 60,000 distinct ones, each
 * three times: 32,768 slots keep most of them between the passes for
 * 768 KiB, touched only as far as they are used. An unused slot has b = 0,
 * which no caller asks for (df > 0). */
#define MEMO_SLOTS 32768

struct memo {
	double a, b, v;
};

/* The memos above are the first thread's. Another one (eb_stats_unshared)
 * keeps small ones of its own, which hold the few quantiles that every
 * summary asks for; the values are the same bit for bit either way. */
#define OWN_SLOTS 64

static _Thread_local int unshared;
static _Thread_local struct memo own_tails[OWN_SLOTS], own_quantiles[OWN_SLOTS];

void
eb_stats_unshared(void)
{
	unshared = 1;
}

static struct memo *
memo_slot(struct memo *shared, struct memo *own, double a, double b)
{
	uint64_t x, y;

	memcpy(&x, &a, sizeof x);
	memcpy(&y, &b, sizeof y);
	x = (x ^ (y * 0x9e3779b97f4a7c15u)) * 0xbf58476d1ce4e5b9u;
	return unshared ? &own[(x >> 40) % OWN_SLOTS] : &shared[(x >> 40) % MEMO_SLOTS];
}

static double
t_tail(double t, double df)
{
	struct student st;

	if (!isfinite(df) || df <= 0 || isnan(t))
		return NAN;
	if (isinf(t))
		return 0;
	student_init(&st, df);
	return student_tail(&st, t);
}

double
eb_t_pvalue(double t, double df)
{
	static struct memo memo[MEMO_SLOTS];
	struct memo *m = memo_slot(memo, own_tails, t, df);

	if (!(m->a == t && m->b == df) || df == 0) {
		m->a = t;
		m->b = df;
		m->v = t_tail(t, df);
	}
	return m->v;
}

/* The upper quantile of the standard normal distribution for a tail p
 * (0 < p < 1), by Acklam's rational approximation: a relative error
 * below 1.2e-9, which is all a starting point needs. */
static double
normal_upper(double p)
{
	static const double a[] = { -3.969683028665376e+01, 2.209460984245205e+02,
	    -2.759285104469687e+02, 1.383577518672690e+02, -3.066479806614716e+01,
	    2.506628277459239e+00 };
	static const double b[] = { -5.447609879822406e+01, 1.615858368580409e+02,
	    -1.556989798598866e+02, 6.680131188771972e+01, -1.328068155288572e+01 };
	static const double c[] = { -7.784894002430293e-03, -3.223964580411365e-01,
	    -2.400758277161838e+00, -2.549732539343734e+00, 4.374664141464968e+00,
	    2.938163982698783e+00 };
	static const double d[] = { 7.784695709041462e-03, 3.224671290700398e-01,
	    2.445134137142996e+00, 3.754408661907416e+00 };
	double q, r;

	if (p < 0.02425) {
		q = sqrt(-2 * log(p));
		return -(((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) /
		    ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
	}
	if (p > 1 - 0.02425) {
		q = sqrt(-2 * log1p(-p));
		return (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) /
		    ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
	}
	q = 0.5 - p;
	r = q * q;
	return (((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q /
	    (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1);
}

/* Where the solver starts: the Cornish-Fisher expansion of t's quantile
 * around the normal's in powers of 1/df (Abramowitz and Stegun 26.7.5),
 * a few digits right from df = 3 on, the normal's own in the limit. */
static double
t_guess(double target, double df)
{
	double z = normal_upper(target / 2), z2 = z * z;
	double g1 = (z2 + 1) * z / 4;
	double g2 = ((5 * z2 + 16) * z2 + 3) * z / 96;
	double g3 = (((3 * z2 + 19) * z2 + 17) * z2 - 15) * z / 384;
	double g4 = ((((79 * z2 + 776) * z2 + 1482) * z2 - 1920) * z2 - 945) * z / 92160;

	return z + (g1 + (g2 + (g3 + g4 / df) / df) / df) / df;
}

/* Newton's method on the two-sided tail from the Cornish-Fisher start,
 * inside a bracket that doubling or bisection takes over from whenever a
 * step would leave it: three or four tail evaluations where most start
 * and steps are good, never worse than bisection. Every group of an
 * analysis needs one, so this is the hot path of large inputs. */
static double
t_quantile_upper(double target, double df)
{
	struct student st;
	double lo = 0, hi = INFINITY, t = t_guess(target, df);

	student_init(&st, df);
	if (!(t > 0 && isfinite(t)))
		t = 1;
	for (int i = 0; i < 200; i++) {
		double p = student_tail(&st, t), next;

		if (p > target)
			lo = t;
		else
			hi = t;
		next = t + (p - target) / (2 * student_pdf(&st, t));
		if (!(next > lo && next < hi))
			next = isinf(hi) ? 2 * t : (lo + hi) / 2;
		if (fabs(next - t) <= 1e-15 * t || (isfinite(hi) && hi - lo <= 1e-15 * hi))
			return next;
		if (isinf(next))
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
	m = memo_slot(memo, own_quantiles, q, df);
	if (m->a == q && m->b == df)
		return m->v;
	t = t_quantile_upper(2 * (q > 0.5 ? 1 - q : q), df);
	if (q < 0.5)
		t = -t;
	m->a = q;
	m->b = df;
	m->v = t;
	return t;
}

static int
cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

/* The k-th smallest (0-based) of a[0..n), which it reorders so that the
 * elements before index k are no larger: a median for the price of about
 * two passes rather than a sort, summarising every group of an analysis. */
static double
kth_smallest(double *a, size_t n, size_t k)
{
	ptrdiff_t lo = 0, hi = (ptrdiff_t)n - 1, want = (ptrdiff_t)k;

	while (hi - lo >= 16) {
		double x = a[lo], y = a[lo + (hi - lo) / 2], z = a[hi], pivot, tmp;
		ptrdiff_t i = lo, j = hi;

		pivot = x < y ? (y < z ? y : x < z ? z : x) : (x < z ? x : y < z ? z : y);
		while (i <= j) {
			while (a[i] < pivot)
				i++;
			while (a[j] > pivot)
				j--;
			if (i <= j) {
				tmp = a[i];
				a[i++] = a[j];
				a[j--] = tmp;
			}
		}
		if (want <= j)
			hi = j;
		else if (want >= i)
			lo = i;
		else
			return a[want];
	}
	for (ptrdiff_t i = lo + 1; i <= hi; i++) {
		double v = a[i];
		ptrdiff_t j = i;

		for (; j > lo && a[j - 1] > v; j--)
			a[j] = a[j - 1];
		a[j] = v;
	}
	return a[want];
}

void
eb_sample_summarize(const double *v, size_t n, struct eb_sample *s)
{
	double sum = 0, ss = 0, small[64], *work, scale;

	memset(s, 0, sizeof *s);
	s->n = n;
	s->ci_low = s->ci_high = s->sd = NAN;
	if (n == 0) {
		s->mean = s->median = s->min = s->max = NAN;
		return;
	}
	s->min = s->max = v[0];
	for (size_t i = 0; i < n; i++) {
		if (v[i] < s->min)
			s->min = v[i];
		if (v[i] > s->max)
			s->max = v[i];
	}
	/* Sums and squares of values divided by the power of two at or above
	 * the largest magnitude: values near 1e300 would overflow them to inf,
	 * values near 1e-300 underflow their squared deviations to 0. A power
	 * of two divides exactly, so that runs of 900, 902 and 898 have the
	 * mean 900, not 899.9999999999999. */
	scale = fmax(fabs(s->min), fabs(s->max));
	if (!(scale > 0) || !isfinite(scale)) {
		scale = 1;
	} else {
		int e;

		(void)frexp(scale, &e);
		scale = ldexp(1, e > 1023 ? 1023 : e);
	}
	for (size_t i = 0; i < n; i++)
		sum += v[i] / scale;
	s->mean = sum / (double)n;
	for (size_t i = 0; i < n; i++)
		ss += (v[i] / scale - s->mean) * (v[i] / scale - s->mean);
	s->mean *= scale;
	work = n <= sizeof small / sizeof small[0] ? small : eb_xmalloc(n * sizeof *work);
	memcpy(work, v, n * sizeof *work);
	s->median = kth_smallest(work, n, n / 2);
	if (n % 2 == 0) {
		/* The one below the middle is the largest of those before it. */
		double below = work[0];

		for (size_t i = 1; i < n / 2; i++)
			if (work[i] > below)
				below = work[i];
		s->median = below / 2 + s->median / 2;
	}
	if (work != small)
		free(work);
	if (n >= 2) {
		double half;

		s->sd = sqrt(ss / (double)(n - 1)) * scale;
		half = eb_t_quantile(0.975, (double)(n - 1)) * s->sd / sqrt((double)n);
		s->ci_low = s->mean - half;
		s->ci_high = s->mean + half;
		/* An interval beyond the doubles has no bounds to print. */
		if (!isfinite(s->ci_low) || !isfinite(s->ci_high))
			s->ci_low = s->ci_high = NAN;
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
