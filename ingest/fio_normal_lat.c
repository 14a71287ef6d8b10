/* fio_normal_lat.c - the latency lines of fio's normal text held to each
 * other: a mean between its min and max, percentiles within both, in order. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fio.h"

/* A latency line's min= or max= as fio prints it: truncated to its unit,
 * and past 6 digits with an SI suffix ("1234.6k", num2str); *res is the
 * value of its last digit. Returns -1 when there is none. */
static double
lat_bound(const char *s, const char *key, double *res)
{
	const char *q = strstr(s, key), *dot;
	double v;
	size_t used;

	if (q == NULL)
		return -1;
	q += strlen(key);
	while (*q == ' ')
		q++;
	if ((used = eb_fio_num(q, strlen(q), &v)) == 0)
		return -1;
	dot = memchr(q, '.', used);
	*res = dot != NULL ? pow(10, -(double)(used - (size_t)(dot - q) - 1)) : 1;
	/* fio 2.x prints "K" (4251.4K), fio 3.x "k". */
	if (q[used] != '\0' && strchr("kKMGT", q[used]) != NULL) {
		double mult = q[used] == 'M' ? 1e6 : q[used] == 'G' ? 1e9 : q[used] == 'T' ? 1e12 : 1e3;

		v *= mult;
		*res *= mult;
	}
	return v;
}

/* fio's histogram of latencies has 64 buckets per power of two and gives
 * each percentile the middle of its bucket (stat.c, plat_idx_to_val), at
 * most 1/128 of the value from the latency it stands for; its last bucket
 * holds everything from about 8.6 s (17 s in fio 2.x). */
#define BUCKET_SLACK (1.0 / 128)
#define LAST_BUCKET_NS 8.5e9

int
eb_fio_lat_range(const char *s, double unit, double avg, struct eb_fio_lat_range *r,
    long lineno, char *why, size_t n)
{
	double rmin = 1, rmax = 1, min = lat_bound(s, "min=", &rmin), max = lat_bound(s, "max=", &rmax);
	const char *name = s[0] == 'c' ? "clat" : "lat";

	r->line = 0;
	if (min < 0 || max < 0 || !(max > 0) || unit <= 0)
		return 0;
	r->lo = (min - rmin / 2) * unit;
	r->hi = (max + rmax / 2 + 1) * unit;
	r->line = lineno;
	if (avg >= 0 && (avg + 0.005 < min - rmin / 2 || avg - 0.005 > max + rmax / 2 + 1)) {
		snprintf(why, n, "%s avg=%.15g is %s %s=%.15g on its line; fio's mean latency lies "
		    "between min and max", name, avg, avg < min ? "below" : "above",
		    avg < min ? "min" : "max", avg < min ? min : max);
		return 1;
	}
	return 0;
}

int
eb_fio_lat_percentile(const struct eb_fio_lat_range *r, const char *name, double unit,
    double at, double v, double prev, char *why, size_t n)
{
	double hi = v * unit, lo = unit > 1 ? (v - 1) * unit : v;

	if (prev >= 0 && v < prev) {
		snprintf(why, n, "%s percentile %.2fth=[%.15g] is below the one before it, %.15g; "
		    "fio's percentiles never decrease", name, at, v, prev);
		return 1;
	}
	if (r->line > 0 && lo > r->hi * (1 + BUCKET_SLACK)) {
		snprintf(why, n, "%s percentile %.2fth is %.15g ns, above the max of line %ld "
		    "(%.15g ns at most); fio's percentiles lie within min and max, to 1/128", name,
		    at, lo, r->line, r->hi);
		return 1;
	}
	if (r->line > 0 && hi < r->lo * (1 - BUCKET_SLACK) && r->lo < LAST_BUCKET_NS) {
		snprintf(why, n, "%s percentile %.2fth is %.15g ns, below the min of line %ld "
		    "(%.15g ns at least); fio's percentiles lie within min and max, to 1/128", name,
		    at, hi, r->line, r->lo);
		return 1;
	}
	return 0;
}
