/* fio_normal_figures.c - how fio's normal text prints its figures: which
 * file it is, sizes, rates and counts, and latency lines held to each other. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fio.h"

/* How sure the probe is that head is fio's normal text. */
int
eb_fio_normal_probe(const char *head, size_t len)
{
	int score = 0;

	if (eb_fio_memstr(head, len, "Run status group ") != NULL)
		return 85;
	/* Every line that scores has one of these; one look at the whole
	 * head spares the line loop for the files of other formats. */
	if (eb_fio_memstr(head, len, ": (g") == NULL && eb_fio_memstr(head, len, "fio: ") == NULL)
		return 0;
	for (size_t i = 0; i < len && score < 85;) {
		const char *s = head + i;
		const char *nl = memchr(s, '\n', len - i);
		size_t n = nl != NULL ? (size_t)(nl - s) : len - i;

		if (eb_fio_memstr(s, n, ": (groupid=") != NULL &&
		    eb_fio_memstr(s, n, "err=") != NULL)
			score = 85;
		else if (eb_fio_memstr(s, n, ": (g=") != NULL &&
		    eb_fio_memstr(s, n, " rw=") != NULL && score < 70)
			score = 70;
		else if (n >= 5 && strncmp(s, "fio: ", 5) == 0 && score < 30)
			/* An error and nothing else: fio's, so ours to report. */
			score = 30;
		i += n + 1;
	}
	return score;
}

/* A size or rate as fio prints it: "152MiB/s", "1023.3KB/s", "298Mi",
 * "21.6GiB", "4096.0MB", "62.7M", "12.3Mibit/s". Up to 2.16 "KB" means
 * 1024 (old); later an 'i' marks 1024 and its absence 1000. Returns -1
 * when s holds none, with *end then at s. */
double
eb_fio_size_value(const char *s, int old, const char **end)
{
	static const char prefixes[] = "kmgtpe";
	double v, mult = 1;
	size_t used = eb_fio_num(s, strlen(s), &v);
	const char *q = s + used, *pfx;

	if (end != NULL)
		*end = s;
	if (used == 0)
		return -1;
	pfx = *q != '\0' ? strchr(prefixes, *q >= 'A' && *q <= 'Z' ? *q + 32 : *q) : NULL;
	if (pfx != NULL) {
		int power = (int)(pfx - prefixes) + 1;
		double base = old ? 1024 : 1000;

		q++;
		if (*q == 'i') {
			base = 1024;
			q++;
		}
		for (int k = 0; k < power; k++)
			mult *= base;
	}
	/* unit_base=1 reports bits. */
	if (strncmp(q, "bit", 3) == 0) {
		mult /= 8;
		q += 3;
	} else if (*q == 'B') {
		q++;
	}
	if (strncmp(q, "/s", 2) == 0)
		q += 2;
	if (end != NULL)
		*end = q;
	return v * mult;
}

/* "38.9k", "3068", "1.2M": IOPS with SI suffixes. */
double
eb_fio_count_value(const char *s)
{
	double v;
	size_t used = eb_fio_num(s, strlen(s), &v);

	if (used == 0)
		return -1;
	if (s[used] == 'k' || s[used] == 'K')
		v *= 1e3;
	else if (s[used] == 'M')
		v *= 1e6;
	else if (s[used] == 'G')
		v *= 1e9;
	return v;
}

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

/* The figure after key in s, or -1. */
static double
figure_after(const char *s, const char *key)
{
	const char *q = strstr(s, key);
	double v;

	if (q == NULL)
		return -1;
	q += strlen(key);
	while (*q == ' ')
		q++;
	return eb_fio_num(q, strcspn(q, ","), &v) > 0 ? v : -1;
}

int
eb_fio_normal_series(const char *s, int dir, struct eb_fio_series *out)
{
	int kind;

	if (strncmp(s, "bw (  KiB/s):", 13) == 0)
		kind = EB_FIO_SERIES_BW;
	else if (strncmp(s, "iops", 4) == 0 && s[4 + strspn(s + 4, " ")] == ':')
		kind = EB_FIO_SERIES_IOPS;
	else
		return 0;
	*out = (struct eb_fio_series){ kind, dir, 0, figure_after(s, "samples="),
		figure_after(s, "min="), figure_after(s, "max="), figure_after(s, "avg="), 0.005, 0, 0, 0 };
	return out->n > 0 && out->min >= 0 && out->max >= 0 && out->mean >= 0;
}
