/* fio_scan.c - the one scanner of fio logs: the file cut on line boundaries
 * and read on every CPU, each line parsed in one pass, feeding either the
 * charts' sample sink or ingest's summary of the samples. */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fio_scan.h"

#ifdef __SSE2__
#include <emmintrin.h>
#endif

#define HIST_MIN_COLS EB_FIO_HIST_MIN_COLS
#define MAX_COLS EB_FIO_MAX_COLS
#define PLAT_BITS EB_FIO_PLAT_BITS
#define PLAT_VAL EB_FIO_PLAT_VAL
#define PLAT_NR EB_FIO_PLAT_NR
/* Integers below this are exact as doubles, and so are their sums. */
#define EXACT EB_FIO_EXACT

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

			if (used == 0 || s[i] == '-' || s[i] == '+')
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

/* A sample from the integer columns, converted as the columns below
 * convert them, through a double. */
static inline void
int_sample(const uint64_t c[6], int n, struct eb_fio_sample *s)
{
	s->time_ms = (double)c[0];
	s->value = (double)c[1];
	s->dir = (int)c[2];
	s->bs = (int64_t)(double)c[3];
	s->offset = n == 6 ? (int64_t)(double)c[4] : -1;
}

int
eb_fio_log_parse_line(const char *line, size_t len, struct eb_fio_sample *s)
{
	double c[MAX_COLS];
	uint64_t ic[6];
	int n = 0;
	size_t i = 0;

	if (int_line(line, line + len, ic, &n) == line + len) {
		int_sample(ic, n, s);
		return n;
	}
	n = 0;
	while (i <= len) {
		double v;
		size_t used = eb_fio_log_column(line + i, len - i, &v);

		if (used == 0)
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

/* ---- the inner loop: int_line again, on eight bytes at a time. The
 * scanner's buffers have SLACK readable bytes after their last newline,
 * so a load may pass the end of a line, never the buffer. */

#define SLACK 64
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
/* Bit i says p[i] is no ASCII digit, for the 64 bytes at p. */
static inline uint64_t
nondigits64(const char *p)
{
	const __m128i zero = _mm_set1_epi8('0'), nine = _mm_set1_epi8(9);
	uint64_t m = 0;

	for (int i = 0; i < 4; i++) {
		__m128i t = _mm_sub_epi8(_mm_loadu_si128((const __m128i *)(const void *)(p + 16 * i)),
		    zero);
		__m128i digit = _mm_cmpeq_epi8(_mm_min_epu8(t, nine), t);

		m |= (uint64_t)(uint16_t)~_mm_movemask_epi8(digit) << (16 * i);
	}
	return m;
}

/* The value of the k (1 to 16) digits at p. */
static inline __attribute__((always_inline)) uint64_t
digits_value(const char *p, int k)
{
	return k <= 8 ? value8(load8(p), k) :
	    value8(load8(p), 8) * pow10_8[k - 8] + value8(load8(p + 8), k - 8);
}

/* int_line_fast for a line of up to 64 bytes in fio's own layout (", "
 * between columns): every column's end comes from one mask of the line,
 * so no column waits for the one before it to be read. NULL for what
 * int_line_fast must read. For ingest (summary set) the 5th column's value
 * is only read when it is the last, where it may tell an offset from a
 * priority, and the 6th is never needed. */
static inline __attribute__((always_inline)) const char *
int_line_sse2(const char *p, uint64_t c[6], int *ncols, const int summary)
{
	uint64_t m = nondigits64(p);
	int start = 0, n = 0, e, at4 = 0, k4 = 0;

	for (;;) {
		int k;

		if (m == 0)
			return NULL;
		e = __builtin_ctzll(m);
		k = e - start;
		if (k <= 0 || k > 16 || n == 6)
			return NULL;
		if (!summary || n < 4) {
			c[n] = digits_value(p + start, k);
		} else if (n == 4) {
			at4 = start;
			k4 = k;
		}
		n++;
		if (p[e] == ',' && p[e + 1] == ' ') {
			m &= m - 1;
			m &= m - 1;
			start = e + 2;
			continue;
		}
		if (p[e] == '\r')
			e++;
		if (p[e] != '\n')
			return NULL;
		break;
	}
	if (n < 4 || c[2] > 2)
		return NULL;
	if (summary && n == 5)
		c[4] = digits_value(p + at4, k4);
	*ncols = n;
	return p + e;
}
#endif

/* ---- ingest's summary of the samples (fio_log.c) */

/* A line int_line_fast read. */
static inline __attribute__((always_inline)) void
take_ints(struct eb_fio_log_acc *a, const uint64_t c[6], int n, long lineno)
{
	struct eb_fio_dir_acc *d = &a->d[c[2]];
	double v = (double)c[1];

	eb_fio_acc_cols(a, n);
	if (n == 5 && !a->offset_like && c[4] >= 65536 && eb_fio_offset_like((double)c[4]))
		a->offset_like = 1;
	eb_fio_acc_take(a, d, (double)c[0], v, (int64_t)(double)c[3], lineno);
	if (c[1] < EXACT && (d->isum += c[1]) < EXACT)
		;
	else
		d->inexact = 1;
	if (a->latency)
		eb_fio_acc_bucket(d, c[1] < EXACT / 2 ? eb_fio_plat_idx_u(c[1]) : eb_fio_plat_idx(v));
}

/* ---- ranges of a file, each read by a thread of its own */

/* Room for the longest line and its CRLF, and a read besides. */
#define CHUNK (EB_MAX_LINE + 2 + READ)
/* What one read asks for: little enough that the lines it brings are
 * still in the CPU's cache when they are parsed. */
#define READ (128 << 10)
/* A log shorter than this a part is read by one thread. */
#define MIN_PART (4 << 20)
#define MAX_PARTS 8

/* One range of whole lines of a log, [start, end) of a regular file read
 * with pread, or (seekable 0) all of a stream read with read; into the
 * charts' sink fn(ctx) or, when acc is set, into ingest's summary. */
struct range {
	int fd, seekable;
	off_t start, end;
	const char *path;
	eb_fio_sample_fn fn;
	void *ctx;
	struct eb_fio_log_acc *acc;
	long lines;		/* lines read */
	enum eb_status st;
	struct eb_err err;
};

/* A line int_line_fast could not read, or too long: returns 1 when it
 * stops the range (r->st says whether by an error). */
static int
slow_line(struct range *r, const char *p, const char *nl, long lineno, int bom)
{
	struct eb_loc loc = { r->path, lineno, 0 };
	const char *e = nl;
	struct eb_fio_sample s;
	int n;

	/* The longest line, as eb_lines counts it: with a CR, without BOM. */
	if ((size_t)(e - p) + (size_t)bom > EB_MAX_LINE + 1 ||
	    (size_t)(e - p - (e > p && e[-1] == '\r')) > EB_MAX_LINE) {
		r->st = eb_err_set(&r->err, EB_ERR_DATA, loc, r->acc != NULL ?
		    "line longer than %d bytes, the most encbench reads" :
		    "line longer than %d bytes", EB_MAX_LINE);
		return 1;
	}
	if (e > p && e[-1] == '\r')
		e--;
	if (r->acc != NULL) {
		if (eb_fio_log_acc_line(r->acc, p, (size_t)(e - p), lineno) == 0)
			return 0;
		r->st = eb_err_set(&r->err, EB_ERR_DATA, loc,
		    "not a fio log sample (time, value, direction, block size)");
		return 1;
	}
	if (e == p)
		return 0;
	if ((n = eb_fio_log_parse_line(p, (size_t)(e - p), &s)) == 0 || n >= HIST_MIN_COLS) {
		r->st = eb_err_set(&r->err, EB_ERR_DATA, loc, n == 0 ?
		    "not a fio log sample (time, value, direction, block size)" :
		    "a latency histogram row has no sample to draw");
		return 1;
	}
	s.line = lineno;
	return r->fn(r->ctx, &s) != 0;
}

/* Every line of [p, last], last a '\n': returns 1 when the range stops. */
static inline __attribute__((always_inline)) int
scan_lines(struct range *r, const char *p, const char *last, long *lineno, int bom,
    const int ingest)
{
	long ln = *lineno;
	int stop = 0;

	while (p <= last) {
		uint64_t c[6];
		int n;
#ifdef __SSE2__
		const char *nl = int_line_sse2(p, c, &n, ingest);

		if (nl == NULL)
			nl = int_line_fast(p, c, &n);
#else
		const char *nl = int_line_fast(p, c, &n);
#endif

		ln++;
		if (nl != NULL && (size_t)(nl - p) <= EB_MAX_LINE) {
			if (ingest) {
				take_ints(r->acc, c, n, ln);
			} else {
				struct eb_fio_sample s;

				int_sample(c, n, &s);
				s.line = ln;
				if (r->fn(r->ctx, &s) != 0) {
					stop = 1;
					break;
				}
			}
		} else {
			nl = memchr(p, '\n', (size_t)(last - p) + 1);
			if (slow_line(r, p, nl, ln, ln == 1 ? bom : 0)) {
				stop = 1;
				break;
			}
		}
		p = nl + 1;
	}
	*lineno = ln;
	return stop;
}

static inline __attribute__((always_inline)) void
scan_range_with(struct range *r, const int ingest)
{
	struct eb_loc loc = { r->path, 0, 0 };
	char *buf = eb_xmalloc(CHUNK + 1 + SLACK);	/* room for a last '\n' */
	size_t have = 0;
	off_t pos = r->start;
	long lineno = 0;
	int eof = 0, first = r->start == 0, stop = 0, bom = 0;

	r->st = EB_OK;
	while (!eof && !stop) {
		size_t want = CHUNK - have < READ ? CHUNK - have : READ;
		ssize_t got;
		const char *p, *end, *last;

		if (r->seekable && (off_t)want > r->end - pos)
			want = (size_t)(r->end - pos);
		got = want == 0 ? 0 : r->seekable ? pread(r->fd, buf + have, want, pos) :
		    read(r->fd, buf + have, want);
		if (got < 0 && errno == EINTR)
			continue;
		if (got < 0) {
			r->st = eb_err_set(&r->err, EB_ERR_IO, loc, "cannot read: %s",
			    strerror(errno));
			break;
		}
		pos += got;
		eof = got == 0;
		have += (size_t)got;
		if (eof && have > 0 && buf[have - 1] != '\n')
			buf[have++] = '\n';	/* the last line has no newline */
		memset(buf + have, 0, SLACK);
		p = buf;
		end = buf + have;
		/* A UTF-8 byte order mark, as eb_lines drops it. */
		if (first && have >= 3 && memcmp(buf, "\xef\xbb\xbf", 3) == 0) {
			p += 3;
			bom = 3;
		}
		first = first && have < 3;
		/* Whole lines only; the rest waits for the next read. */
		last = have > 0 ? memrchr(p, '\n', (size_t)(end - p)) : NULL;
		if (last != NULL)
			stop = scan_lines(r, p, last, &lineno, bom, ingest);
		if (stop || eof)
			break;
		p = last != NULL ? last + 1 : p;
		have = (size_t)(end - p);
		if (have == CHUNK) {
			loc.line = lineno + 1;
			r->st = eb_err_set(&r->err, EB_ERR_DATA, loc, ingest ?
			    "line longer than %d bytes, the most encbench reads" :
			    "line longer than %d bytes", EB_MAX_LINE);
			break;
		}
		memmove(buf, p, have);
	}
	free(buf);
	r->lines = lineno;
}

static void *
scan_range(void *arg)
{
	scan_range_with(arg, 0);
	return NULL;
}

static void *
scan_range_acc(void *arg)
{
	scan_range_with(arg, 1);
	return NULL;
}

/* Cuts [0, size) into up to n ranges that end after a newline; returns
 * how many. */
static int
cut_ranges(int fd, off_t size, int n, off_t *cut)
{
	char win[65536];
	int k, got = 1;

	cut[0] = 0;
	for (k = 1; k < n; k++) {
		off_t at = size / n * k;
		ssize_t len = at > cut[k - 1] ? pread(fd, win, sizeof win, at) : -1;
		const char *nl = len > 0 ? memchr(win, '\n', (size_t)len) : NULL;

		if (nl == NULL || at + (nl - win) + 1 >= size)
			break;	/* a line longer than the window: fewer parts */
		cut[got++] = at + (nl - win) + 1;
	}
	cut[got] = size;
	return got;
}

/* Reads fd in up to nparts ranges, r[k] given its sink; returns how many
 * ranges, the first failure in *st at its line of the whole file. A
 * regular file is read from its start when whole is set (whatever has
 * been read of it), else from where it stands. */
static int
scan_fd(int fd, const char *path, int nparts, int whole, struct range *r,
    void *(*scan)(void *), enum eb_status *st, struct eb_err *err)
{
	pthread_t tid[MAX_PARTS];
	off_t cut[MAX_PARTS + 1];
	struct stat sb;
	long before = 0;
	int n = 1, started = 1;

	if (nparts > MAX_PARTS)
		nparts = MAX_PARTS;
	if (fstat(fd, &sb) != 0 || !S_ISREG(sb.st_mode))
		whole = nparts = 1;
	if (nparts > 1 && sb.st_size >= (off_t)MIN_PART * 2)
		n = cut_ranges(fd, sb.st_size, sb.st_size / MIN_PART < nparts ?
		    (int)(sb.st_size / MIN_PART) : nparts, cut);
	else if (whole)
		cut[1] = sb.st_size;
	cut[0] = 0;
	for (int k = 0; k < n; k++) {
		r[k].fd = fd;
		r[k].seekable = n > 1 || whole;
		r[k].start = r[k].seekable ? cut[k] : 0;
		r[k].end = r[k].seekable ? cut[k + 1] : 0;
		r[k].path = path;
	}
	for (int k = 1; k < n; k++) {
		if (pthread_create(&tid[k], NULL, scan, &r[k]) != 0)
			break;
		started = k + 1;
	}
	scan(&r[0]);
	for (int k = 1; k < started; k++)
		pthread_join(tid[k], NULL);
	/* Parts a thread could not take are read here, in order. */
	for (int k = started; k < n; k++)
		scan(&r[k]);
	/* The first failure counts, at its line of the whole log. */
	*st = EB_OK;
	for (int k = 0; k < n && *st == EB_OK; k++) {
		if ((*st = r[k].st) != EB_OK) {
			*err = r[k].err;
			if (err->loc.line > 0)
				err->loc.line += before;
		}
		before += r[k].lines;
	}
	return n;
}

enum eb_status
eb_fio_log_scan_parts(const char *path, int nparts, eb_fio_sample_fn fn, void *const *ctx,
    int *used, struct eb_err *err)
{
	struct eb_loc loc = { path, 0, 0 };
	int fd = strcmp(path, "-") == 0 ? STDIN_FILENO : open(path, O_RDONLY | O_CLOEXEC);
	struct range r[MAX_PARTS];
	enum eb_status st;

	if (fd < 0)
		return eb_err_set(err, EB_ERR_IO, loc, "cannot open: %s", strerror(errno));
	memset(r, 0, sizeof r);
	for (int k = 0; k < MAX_PARTS && k < nparts; k++) {
		r[k].fn = fn;
		r[k].ctx = ctx[k];
	}
	*used = scan_fd(fd, path, nparts, 0, r, scan_range, &st, err);
	if (fd != STDIN_FILENO)
		close(fd);
	return st;
}

enum eb_status
eb_fio_log_scan(const char *path, eb_fio_sample_fn fn, void *ctx, struct eb_err *err)
{
	int used;

	return eb_fio_log_scan_parts(path, 1, fn, &ctx, &used, err);
}

enum eb_status
eb_fio_log_acc_file(struct eb_fio_log_acc *a, int fd, const char *path, int nthreads,
    struct eb_err *err)
{
	struct eb_fio_log_acc part[MAX_PARTS];
	struct range r[MAX_PARTS];
	enum eb_status st;
	int n, inexact = 0;

	memset(r, 0, sizeof r);
	for (int k = 0; k < MAX_PARTS; k++) {
		eb_fio_log_acc_init(&part[k], a->latency);
		r[k].acc = k == 0 ? a : &part[k];
	}
	n = scan_fd(fd, path, nthreads, 1, r, scan_range_acc, &st, err);
	a->lines = r[0].lines;
	for (int k = 1; k < n; k++) {
		part[k].lines = r[k].lines;
		if (st == EB_OK)
			eb_fio_log_acc_join(a, &part[k]);
		eb_fio_log_acc_free(&part[k]);
	}
	for (int d = 0; d < 3; d++)
		inexact |= a->d[d].inexact;
	/* Sums of fractions, or too large to be exact, are those of one
	 * thread only when one thread adds them up. */
	if (st == EB_OK && n > 1 && inexact) {
		int latency = a->latency;

		eb_fio_log_acc_free(a);
		eb_fio_log_acc_init(a, latency);
		scan_fd(fd, path, 1, 1, r, scan_range_acc, &st, err);
		a->lines = r[0].lines;
	}
	return st;
}
