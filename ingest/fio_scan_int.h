/* fio_scan_int.h - inside the fio-log scanner (fio_scan.c, fio_scan_avx2.c):
 * the parsers of a line's integers and the range of a file one thread reads. */
#ifndef EB_FIO_SCAN_INT_H
#define EB_FIO_SCAN_INT_H

#include <string.h>
#include <sys/types.h>

#include "fio_scan.h"

#ifdef __SSE2__
#include <emmintrin.h>
#endif
#if defined(__SSE2__) && defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>
#define HAVE_AVX2_MASKS 1
#endif

#define HIST_MIN_COLS EB_FIO_HIST_MIN_COLS
#define MAX_COLS EB_FIO_MAX_COLS
#define PLAT_BITS EB_FIO_PLAT_BITS
#define PLAT_VAL EB_FIO_PLAT_VAL
#define PLAT_NR EB_FIO_PLAT_NR
/* Integers below this are exact as doubles, and so are their sums. */
#define EXACT EB_FIO_EXACT

/* Where the scanner's samples go: one at a time to eb_fio_sample_fn,
 * into ingest's summary, or in runs of (time, value, direction) to
 * eb_fio_points_fn. */
enum { SINK_SAMPLES, SINK_SUMMARY, SINK_POINTS };

/* ---- the inner loop: int_line again, on eight bytes at a time. The
 * scanner's buffers have SLACK readable bytes after their last newline,
 * so a load may pass the end of a line, never the buffer. */

#define SLACK 256
#define ONES UINT64_C(0x0101010101010101)

static inline uint64_t
load8(const char *p)
{
	uint64_t v;

	memcpy(&v, p, 8);
	return v;
}

/* How many of the eight bytes of v (first byte lowest) lead with digits. */
static inline int
digits8(uint64_t v)
{
	uint64_t hi = (v & (0xF0 * ONES)) ^ (0x30 * ONES);
	uint64_t lo = ((v & (0x0F * ONES)) + 0x06 * ONES) & (0xF0 * ONES);
	uint64_t bad = hi | lo;

	return bad == 0 ? 8 : __builtin_ctzll(bad) >> 3;
}

/* The value of the k (1 to 8) leading digits of v. */
static inline uint64_t
value8(uint64_t v, int k)
{
	v = (v & (0x0F * ONES)) << (64 - 8 * k);
	v = v * 10 + (v >> 8);
	return (((v & UINT64_C(0x000000FF000000FF)) * (100 + (UINT64_C(1000000) << 32))) +
	    (((v >> 16) & UINT64_C(0x000000FF000000FF)) * (1 + (UINT64_C(10000) << 32)))) >> 32;
}

static const uint64_t pow10_8[9] = {
	1, 10, 100, 1000, 10000, 100000, 1000000, 10000000, 100000000,
};

/* int_line on a line that ends in '\n' within the buffer; NULL for what
 * the columns must read. */
static inline __attribute__((always_inline)) const char *
int_line_fast(const char *p, uint64_t c[6], int *ncols)
{
	int n = 0;

	for (;;) {
		uint64_t v = 0, w;
		int k, total = 0;

		while (*p == ' ')
			p++;
		do {
			w = load8(p);
			k = digits8(w);
			if (k == 0)
				break;
			v = v * pow10_8[k] + value8(w, k);
			p += k;
			total += k;
		} while (k == 8 && total <= 17);
		if (total == 0 || total > 17 || n == 6)
			return NULL;
		c[n++] = v;
		if (p[0] == ',' && p[1] == ' ') {
			p += 2;
			continue;
		}
		while (*p == ' ')
			p++;
		if (*p == ',') {
			p++;
			continue;
		}
		if (*p == '\r')
			p++;
		if (*p != '\n')
			return NULL;
		break;
	}
	if (n < 4 || c[2] > 2)
		return NULL;
	*ncols = n;
	return p;
}

#ifdef __SSE2__
/* The value of the k (1 to 16) digits at p. */
static inline __attribute__((always_inline)) uint64_t
digits_value(const char *p, int k)
{
	return k <= 8 ? value8(load8(p), k) :
	    value8(load8(p), 8) * pow10_8[k - 8] + value8(load8(p + 8), k - 8);
}

#endif

/* ---- ranges of a file, each read by a thread of its own */

/* Room for the longest line and its CRLF, and a read besides. */
#define CHUNK (EB_MAX_LINE + 2 + READ)
/* What one read asks for: little enough that the lines it brings are
 * still in the CPU's cache when they are parsed. */
#define READ (128 << 10)
/* Words of a mask of the bytes of a buffer: its blocks of 64, and two. */
#define MASK_WORDS ((CHUNK + 1) / 64 + 3)
/* A log shorter than this a part is read by one thread. */
#define MIN_PART (4 << 20)
#define MAX_PARTS 8

/* Points given to eb_fio_points_fn at once: few enough to stay in the
 * CPU's first cache between the scanner writing and the sink reading. */
#define POINTS_RUN 256

/* One range of whole lines of a log, [start, end) of a regular file read
 * with pread, or (seekable 0) all of a stream read with read; into the
 * charts' sink fn(ctx) or, when acc is set, into ingest's summary. */
struct range {
	int fd, seekable;
	off_t start, end;
	const char *path;
	eb_fio_sample_fn fn;
	eb_fio_points_fn pfn;
	void *ctx;
	struct eb_fio_log_acc *acc;
	/* Per direction, the run of points not yet given to pfn. */
	size_t np[3];
	double pt[3][POINTS_RUN], pv[3][POINTS_RUN];
	long lines;		/* lines read */
	/* Bit i of word b: byte 64 b + i of the lines is no digit; the
	 * same MASK_WORDS further on: a ", " starts there. */
	uint64_t *mask;
	enum eb_status st;
	struct eb_err err;
};

/* Gives the points held of direction d to the sink, and the line int_line_fast
 * could not read (fio_scan.c): each returns 1 when it stops the range. */
int eb_fio_range_flush(struct range *r, int d);
int eb_fio_range_slow_line(struct range *r, const char *p, const char *nl, long lineno, int bom);

static inline __attribute__((always_inline)) int
add_point(struct range *r, double t, double v, int d)
{
	size_t k = r->np[d];

	r->pt[d][k] = t;
	r->pv[d][k] = v;
	r->np[d] = k + 1;
	return k + 1 == POINTS_RUN && eb_fio_range_flush(r, d);
}

#ifdef HAVE_AVX2_MASKS
/* Whether this CPU has AVX2 and BMI; the charts' points of the lines of
 * [p, last] (last a '\n') read with them (fio_scan_avx2.c), as
 * scan_lines reads them: returns 1 when the range stops. */
int eb_fio_have_avx2(void);
int eb_fio_scan_points_avx2(struct range *r, const char *p, const char *last, long *lineno,
    int bom);
#endif

#endif
