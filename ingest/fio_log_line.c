/* fio_log_line.c - one line of a fio bandwidth, IOPS or latency log: what
 * kind a log is from its name, how a line reads, and the sums of samples. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "fio_log.h"

#define HIST_MIN_COLS EB_FIO_HIST_MIN_COLS
#define MAX_COLS EB_FIO_MAX_COLS
#define PLAT_NR EB_FIO_PLAT_NR

enum eb_fio_log_kind
eb_fio_log_kind(const char *path)
{
	static const struct {
		const char *token;
		enum eb_fio_log_kind kind;
	} kinds[] = {
		{ "bw", EB_FIO_LOG_BW }, { "iops", EB_FIO_LOG_IOPS },
		{ "lat", EB_FIO_LOG_LAT }, { "clat", EB_FIO_LOG_CLAT },
		{ "slat", EB_FIO_LOG_SLAT }, { "hist", EB_FIO_LOG_HIST },
	};
	const char *base = strrchr(path, '/');
	enum eb_fio_log_kind kind = EB_FIO_LOG_UNKNOWN;

	base = base != NULL ? base + 1 : path;
	for (const char *s = base; *s != '\0';) {
		size_t n = 0;

		while (s[n] != '\0' && ((s[n] >= 'a' && s[n] <= 'z') ||
		    (s[n] >= 'A' && s[n] <= 'Z') || (s[n] >= '0' && s[n] <= '9')))
			n++;
		for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++)
			if (strlen(kinds[k].token) == n && kind != EB_FIO_LOG_HIST &&
			    strncasecmp(s, kinds[k].token, n) == 0)
				kind = kinds[k].kind;
		s += n;
		if (*s != '\0')
			s++;
	}
	return kind;
}

/* ---- one line of a log */

size_t
eb_fio_log_column(const char *s, size_t n, double *out)
{
	size_t i = 0, d = 0;
	double v = 0;

	while (i < n && s[i] == ' ')
		i++;
	if (i + 2 < n && s[i] == '0' && (s[i + 1] == 'x' || s[i + 1] == 'X')) {
		for (i += 2; i < n; i++, d++) {
			int c = s[i];

			if (c >= '0' && c <= '9')
				v = v * 16 + (c - '0');
			else if (c >= 'a' && c <= 'f')
				v = v * 16 + (c - 'a' + 10);
			else if (c >= 'A' && c <= 'F')
				v = v * 16 + (c - 'A' + 10);
			else
				break;
		}
	} else {
		size_t j = i;
		uint64_t u = 0;

		/* Logs are integers: read them without strtod; anything else
		 * (a '.', an exponent, 16 digits or more) goes the long way. */
		while (j < n && j - i < 16 && s[j] >= '0' && s[j] <= '9')
			u = u * 10 + (uint64_t)(s[j++] - '0');
		if (j > i && j - i < 16 && (j == n || s[j] == ',' || s[j] == ' ' || s[j] == '\r')) {
			v = (double)u;
			d = j - i;
			i = j;
		} else {
			size_t used = eb_fio_num(s + i, n - i, &v);

			/* fio prints no exponent: "612497e3" is a damaged
			 * sample, 157 GB/s of a log of 600 MB/s. */
			if (used == 0 || s[i] == '-' || s[i] == '+' ||
			    memchr(s + i, 'e', used) != NULL || memchr(s + i, 'E', used) != NULL)
				return 0;
			i += used;
			d = used;
		}
	}
	while (i < n && (s[i] == ' ' || s[i] == '\r'))
		i++;
	if (d == 0 || (i < n && s[i] != ',') || !isfinite(v))
		return 0;
	*out = v;
	return i;
}

/* fio 3.x writes a log as plain integers ("1000, 99556, 0, 4096"): such a
 * line is parsed here in one pass, the columns below take what this leaves
 * (decimals, hex priorities, log_window_value=both, histograms). Reads
 * "I, I, D, I[, I[, I]]" of unsigned decimals from p up to a newline or
 * end into c; returns where the line ends (its '\n', or end) with the
 * column count in *ncols, or NULL. */
static const char *
int_line(const char *p, const char *end, uint64_t c[6], int *ncols)
{
	int n = 0;

	for (;;) {
		const char *d;
		uint64_t v = 0;

		while (p < end && *p == ' ')
			p++;
		for (d = p; p < end && (unsigned)(*p - '0') < 10; p++)
			v = v * 10 + (uint64_t)(*p - '0');
		if (p == d || p - d > 17 || n == 6)
			return NULL;
		c[n++] = v;
		while (p < end && *p == ' ')
			p++;
		if (p < end && *p == ',') {
			p++;
			continue;
		}
		if (p < end && *p == '\r')
			p++;
		if (p < end && *p != '\n')
			return NULL;
		break;
	}
	if (n < 4 || c[2] > 2)
		return NULL;
	*ncols = n;
	return p;
}

int
eb_fio_log_parse_line(const char *line, size_t len, struct eb_fio_sample *s)
{
	double c[MAX_COLS];
	uint64_t ic[6];
	int n = 0;
	size_t i = 0;

	if (int_line(line, line + len, ic, &n) == line + len) {
		eb_fio_int_sample(ic, n, s);
		return n;
	}
	n = 0;
	while (i <= len) {
		double v;
		size_t used = eb_fio_log_column(line + i, len - i, &v), k = i;

		while (k < len && line[k] == ' ')
			k++;
		/* Only a priority (fio 3.27+, the 5th or 6th column) is hex;
		 * time, value, direction and block size are decimals. */
		if (used == 0 || (n < 4 && k + 1 < len && line[k] == '0' &&
		    (line[k + 1] == 'x' || line[k + 1] == 'X')))
			return 0;
		if (n < MAX_COLS)
			c[n] = v;
		n++;
		i += used;
		if (i >= len)
			break;
		i++;	/* the ',' */
		if (i >= len)
			return 0;
	}
	if (n < 4 || (n > MAX_COLS && n < HIST_MIN_COLS))
		return 0;
	memset(s, 0, sizeof *s);
	s->time_ms = c[0];
	s->offset = -1;
	if (n >= HIST_MIN_COLS) {
		/* time, ddir, bs, bucket counts... */
		if (c[1] > 2)
			return 0;
		s->dir = (int)c[1];
		s->bs = c[2] < 9e18 ? (int64_t)c[2] : 0;
		return n;
	}
	if (c[2] <= 2) {
		/* time, value, ddir, bs[, offset][, prio] */
		s->value = c[1];
		s->dir = (int)c[2];
		s->bs = c[3] < 9e18 ? (int64_t)c[3] : 0;
		if (n == 6)
			s->offset = c[4] < 9e18 ? (int64_t)c[4] : 0;
		return n;
	}
	if (n >= 5 && c[3] <= 2) {
		/* log_window_value=both (3.37+): time, mean, max, ddir, bs, ... */
		s->value = c[1];
		s->dir = (int)c[3];
		s->bs = c[4] < 9e18 ? (int64_t)c[4] : 0;
		return n;
	}
	return 0;
}

/* ---- the sums of the samples */

void
eb_fio_log_acc_init(struct eb_fio_log_acc *a, int latency)
{
	memset(a, 0, sizeof *a);
	a->latency = latency;
	a->min_cols = MAX_COLS + 1;
}

void
eb_fio_log_acc_free(struct eb_fio_log_acc *a)
{
	for (int d = 0; d < 3; d++) {
		free(a->d[d].plat);
		a->d[d].plat = NULL;
	}
}

double
eb_fio_dir_sum(const struct eb_fio_dir_acc *d)
{
	return d->inexact ? d->sum : (double)d->isum;
}

int
eb_fio_log_acc_line(struct eb_fio_log_acc *a, const char *line, size_t len, long lineno)
{
	struct eb_fio_sample s;
	struct eb_fio_dir_acc *d;
	int c;

	if (len == 0 || (len == 1 && line[0] == '\r'))
		return 0;
	if ((c = eb_fio_log_parse_line(line, len, &s)) == 0)
		return -1;
	if (c >= HIST_MIN_COLS) {
		if (a->nhist++ == 0) {
			a->hist_line = lineno;
			a->hist_cols = c;
		}
		return 0;
	}
	eb_fio_acc_cols(a, c);
	if (c == 5) {
		double v5 = 0;
		const char *q = line;

		for (int k = 0; k < 4 && q != NULL; k++)
			if ((q = memchr(q, ',', len - (size_t)(q - line))) != NULL)
				q++;
		if (q != NULL && eb_fio_log_column(q, len - (size_t)(q - line), &v5) > 0 &&
		    eb_fio_offset_like(v5))
			a->offset_like = 1;
	}
	d = &a->d[s.dir];
	eb_fio_acc_take(a, d, s.time_ms, s.value, s.bs, lineno);
	if (s.value < (double)EB_FIO_EXACT && s.value == floor(s.value) &&
	    (d->isum += (uint64_t)s.value) < EB_FIO_EXACT)
		;
	else
		d->inexact = 1;
	if (a->latency)
		eb_fio_acc_bucket(d, eb_fio_plat_idx(s.value));
	return 0;
}

void
eb_fio_log_acc_join(struct eb_fio_log_acc *a, struct eb_fio_log_acc *b)
{
	for (int k = 0; k < 3; k++) {
		struct eb_fio_dir_acc *x = &a->d[k], *y = &b->d[k];

		if (y->n == 0)
			continue;
		if (y->plat != NULL && x->plat == NULL)
			x->plat = eb_xcalloc(PLAT_NR, sizeof *x->plat);
		for (int i = 0; y->plat != NULL && i < PLAT_NR; i++)
			x->plat[i] += y->plat[i];
		if (x->n == 0) {
			uint64_t *plat = x->plat;

			*x = *y;
			x->plat = plat;
			x->first_line += a->lines;
			continue;
		}
		if (y->bs != x->bs || y->bs_varies)
			x->bs_varies = 1;
		x->bs_zero |= y->bs_zero;
		x->last_t = y->last_t;
		if (y->min < x->min)
			x->min = y->min;
		if (y->max > x->max)
			x->max = y->max;
		x->n += y->n;
		x->sum += y->sum;
		x->inexact |= y->inexact || (x->isum += y->isum) >= EB_FIO_EXACT;
	}
	if (b->nhist > 0 && a->nhist == 0) {
		a->hist_line = b->hist_line + a->lines;
		a->hist_cols = b->hist_cols;
	}
	a->nhist += b->nhist;
	if (b->min_cols < a->min_cols)
		a->min_cols = b->min_cols;
	if (b->max_cols > a->max_cols)
		a->max_cols = b->max_cols;
	a->offset_like |= b->offset_like;
	a->nsamples += b->nsamples;
	a->lines += b->lines;
}
