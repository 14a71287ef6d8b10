/* fio_scan.h - inside ingest/fio*.c: the summary of a fio log's samples that
 * ingest builds, the same from a line at a time or from the whole file
 * scanned on every CPU. */
#ifndef EB_FIO_SCAN_H
#define EB_FIO_SCAN_H

#include <math.h>
#include <stdlib.h>

#include "fio.h"

/* Histogram rows have 3 + 1216 (fio 2.x) or 3 + 1856 (3.x) columns. */
#define EB_FIO_HIST_MIN_COLS 100
#define EB_FIO_MAX_COLS 7
/* fio's log-linear latency buckets: 64 per power of two, enough for any
 * 64-bit value; a percentile read from them is as exact as fio's own. */
#define EB_FIO_PLAT_BITS 6
#define EB_FIO_PLAT_VAL (1 << EB_FIO_PLAT_BITS)
#define EB_FIO_PLAT_NR ((64 - EB_FIO_PLAT_BITS + 1) * EB_FIO_PLAT_VAL)

/* The samples of one direction. */
struct eb_fio_dir_acc {
	uint64_t n;
	/* The sum in file order as doubles (what one thread adds up), and
	 * the same exactly while every value is an integer and the sum stays
	 * below 2^53, which is how parts read apart join to the same sum. */
	double sum;
	uint64_t isum;
	int inexact;
	double min, max;
	double first_t, last_t;
	int64_t bs;
	int bs_varies, bs_zero;
	long first_line;
	uint64_t *plat;		/* EB_FIO_PLAT_NR bucket counts, latency logs only */
};

struct eb_fio_log_acc {
	struct eb_fio_dir_acc d[3];
	int latency;		/* keep the latency buckets */
	int min_cols, max_cols;
	int offset_like;	/* a 5th column that holds offsets, not prio */
	long nhist, hist_line, hist_cols;
	long nsamples;
	long lines;		/* lines read, for the line numbers of later parts */
};

void eb_fio_log_acc_init(struct eb_fio_log_acc *a, int latency);
void eb_fio_log_acc_free(struct eb_fio_log_acc *a);
/* Takes one line (without its newline, a CR before it removed) at lineno;
 * an empty line is skipped. Returns 0, or -1 when the line is no sample
 * and no histogram row. */
int eb_fio_log_acc_line(struct eb_fio_log_acc *a, const char *line, size_t len, long lineno);
/* Reads the regular file fd from its start into a (freshly initialised)
 * with up to nthreads threads, as eb_fio_log_acc_line would have read it
 * a line at a time after eb_lines (BOM, CRLF, the longest line): the same
 * figures, the same first error at the same line. */
enum eb_status eb_fio_log_acc_file(struct eb_fio_log_acc *a, int fd, const char *path,
    int nthreads, struct eb_err *err);
/* The sum of a direction's values, as adding them in file order gives. */
double eb_fio_dir_sum(const struct eb_fio_dir_acc *d);

/* Appends part b, which follows a in the file, to a. */
void eb_fio_log_acc_join(struct eb_fio_log_acc *a, struct eb_fio_log_acc *b);

/* Integers below this are exact as doubles, and so are their sums. */
#define EB_FIO_EXACT (UINT64_C(1) << 53)

/* What a sample adds to the summary, from the scanner's inner loop or a
 * line read apart. */

/* fio's bucket of a latency as a double, rounded to the nearest integer. */
static inline int
eb_fio_plat_idx_u(uint64_t x)
{
	int error_bits;

	if (x < 2 * EB_FIO_PLAT_VAL)
		return (int)x;
	error_bits = 63 - __builtin_clzll(x) - EB_FIO_PLAT_BITS;
	return ((error_bits + 1) << EB_FIO_PLAT_BITS) +
	    (int)((x >> error_bits) & (EB_FIO_PLAT_VAL - 1));
}

static inline int
eb_fio_plat_idx(double v)
{
	return eb_fio_plat_idx_u(v < 0 ? 0 : v >= 1.8e19 ? UINT64_MAX : (uint64_t)(v + 0.5));
}

static inline void
eb_fio_acc_take(struct eb_fio_log_acc *a, struct eb_fio_dir_acc *d, double t, double v, int64_t bs,
    long lineno)
{
	if (d->n == 0) {
		d->first_t = t;
		d->first_line = lineno;
		d->bs = bs;
		d->min = d->max = v;
	} else if (bs != d->bs) {
		d->bs_varies = 1;
	}
	if (bs == 0)
		d->bs_zero = 1;
	d->last_t = t;
	if (v < d->min)
		d->min = v;
	if (v > d->max)
		d->max = v;
	d->n++;
	d->sum += v;
	a->nsamples++;
}

static inline void
eb_fio_acc_bucket(struct eb_fio_dir_acc *d, int idx)
{
	if (d->plat == NULL)
		d->plat = eb_xcalloc(EB_FIO_PLAT_NR, sizeof *d->plat);
	d->plat[idx]++;
}

static inline void
eb_fio_acc_cols(struct eb_fio_log_acc *a, int c)
{
	if (c < a->min_cols)
		a->min_cols = c;
	if (c > a->max_cols)
		a->max_cols = c;
}

/* A 5th column is prio from fio 3.18 on, an offset before: only offsets
 * are large multiples of 512. */
static inline int
eb_fio_offset_like(double v5)
{
	return v5 >= 65536 && fmod(v5, 512) == 0;
}

/* A sample from the integer columns of a line of integers, converted as
 * eb_fio_log_column converts them, through a double. */
static inline void
eb_fio_int_sample(const uint64_t c[6], int n, struct eb_fio_sample *s)
{
	s->time_ms = (double)c[0];
	s->value = (double)c[1];
	s->dir = (int)c[2];
	s->bs = (int64_t)(double)c[3];
	s->offset = n == 6 ? (int64_t)(double)c[4] : -1;
}

/* One column: decimal, or hex as log_prio=1 prints priorities (3.28+).
 * Returns bytes used, 0 when s holds no such column. */
size_t eb_fio_log_column(const char *s, size_t n, double *out);

#endif
