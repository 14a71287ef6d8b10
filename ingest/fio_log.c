/* fio_log.c - fio's bandwidth, IOPS and latency logs: one summary record per
 * log and direction, and the streaming scan of the samples that charts
 * draw; both read lines with one sample parser. */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fio.h"

/* Histogram rows have 3 + 1216 (fio 2.x) or 3 + 1856 (3.x) columns. */
#define HIST_MIN_COLS 100
#define MAX_COLS 7
/* fio's log-linear latency buckets: 64 per power of two, enough for any
 * 64-bit value; a percentile read from them is as exact as fio's own. */
#define PLAT_BITS 6
#define PLAT_VAL (1 << PLAT_BITS)
#define PLAT_NR ((64 - PLAT_BITS + 1) * PLAT_VAL)
/* Mean time between samples below which a log with block sizes logs
 * every I/O rather than averaged windows (fio 2.x windows are 500 ms). */
#define PER_IO_STEP_MS 50

/* One column: decimal, or hex as log_prio=1 prints priorities (3.28+). */
static size_t
column(const char *s, size_t n, double *out)
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

		/* Logs are integers: read them without strtod, which took most
		 * of the time of a gigabyte log; anything else (a '.', an
		 * exponent, 16 digits or more) goes the long way. */
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

/* A log of every I/O is millions of lines, and fio 3.x writes them as
 * plain integers ("1000, 99556, 0, 4096"): such a line is parsed here in
 * one pass that also finds its end, four times as fast as the columns
 * below, which take what this leaves (decimals, hex priorities,
 * log_window_value=both, histograms). Reads "I, I, D, I[, I[, I]]" of
 * unsigned decimals from p up to a newline or end; returns where the line
 * ends (its '\n', or end) and fills s, or NULL. With bounded 0 the caller
 * promises a '\n' before end, and no byte is compared with end: the
 * scanner's inner loop, a fifth faster. */
static inline __attribute__((always_inline)) const char *
int_line(const char *p, const char *end, struct eb_fio_sample *s, int *ncols, int bounded)
{
	uint64_t c[6];
	int n = 0;

#define IN(q) (!bounded || (q) < end)
	for (;;) {
		const char *d;
		uint64_t v = 0;

		while (IN(p) && *p == ' ')
			p++;
		for (d = p; IN(p) && (unsigned)(*p - '0') < 10; p++)
			v = v * 10 + (uint64_t)(*p - '0');
		if (p == d || p - d > 17 || n == 6)
			return NULL;
		c[n++] = v;
		while (IN(p) && *p == ' ')
			p++;
		if (IN(p) && *p == ',') {
			p++;
			continue;
		}
		if (IN(p) && *p == '\r')
			p++;
		if (IN(p) && *p != '\n')
			return NULL;
		break;
	}
#undef IN
	if (n < 4 || c[2] > 2)
		return NULL;
	/* As the columns below convert them, through a double. */
	s->time_ms = (double)c[0];
	s->value = (double)c[1];
	s->dir = (int)c[2];
	s->bs = (int64_t)(double)c[3];
	s->offset = n == 6 ? (int64_t)(double)c[4] : -1;
	*ncols = n;
	return p;
}

int
eb_fio_log_parse_line(const char *line, size_t len, struct eb_fio_sample *s)
{
	double c[MAX_COLS];
	int n = 0;
	size_t i = 0;

	if (int_line(line, line + len, s, &n, 1) == line + len)
		return n;
	n = 0;
	while (i <= len) {
		double v;
		size_t used = column(line + i, len - i, &v);

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

/* ---- the streaming scan, for charts of the samples */

/* Reads the whole lines of a chunk at a time; a line longer than a chunk
 * is an error, as for every input (EB_MAX_LINE). */
#define CHUNK EB_MAX_LINE
/* A log shorter than this a part is read by one thread. */
#define MIN_PART (4 << 20)
#define MAX_PARTS 8

/* One range of whole lines of a log, [start, end) of a regular file read
 * with pread, or (seekable 0) all of a stream read with read. */
struct range {
	int fd, seekable;
	off_t start, end;
	const char *path;
	eb_fio_sample_fn fn;
	void *ctx;
	long lines;		/* lines read */
	enum eb_status st;
	struct eb_err err;
};

static void *
scan_range(void *arg)
{
	struct range *r = arg;
	struct eb_loc loc = { r->path, 0, 0 };
	char *buf = eb_xmalloc(CHUNK + 1);	/* room for a last '\n' */
	size_t have = 0;
	off_t pos = r->start;
	long lineno = 0;
	int eof = 0, first = r->start == 0, stop = 0;
	enum eb_status st = EB_OK;

	while (st == EB_OK && !eof && !stop) {
		size_t want = CHUNK - have;
		ssize_t got;
		const char *p, *end, *last;

		if (r->seekable && (off_t)want > r->end - pos)
			want = (size_t)(r->end - pos);
		got = want == 0 ? 0 : r->seekable ? pread(r->fd, buf + have, want, pos) :
		    read(r->fd, buf + have, want);
		if (got < 0 && errno == EINTR)
			continue;
		if (got < 0) {
			st = eb_err_set(&r->err, EB_ERR_IO, loc, "cannot read: %s", strerror(errno));
			break;
		}
		pos += got;
		eof = got == 0;
		have += (size_t)got;
		if (eof && have > 0 && buf[have - 1] != '\n')
			buf[have++] = '\n';	/* the last line has no newline */
		p = buf;
		end = buf + have;
		/* A UTF-8 byte order mark, as eb_lines drops it. */
		if (first && have >= 3 && memcmp(buf, "\xef\xbb\xbf", 3) == 0)
			p += 3;
		first = first && have < 3;
		/* Whole lines only; the rest waits for the next read. */
		last = have > 0 ? memrchr(p, '\n', (size_t)(end - p)) : NULL;
		while (last != NULL && p <= last) {
			struct eb_fio_sample s;
			int n;
			const char *next = int_line(p, last + 1, &s, &n, 0);

			lineno++;
			if (next != NULL) {
				next++;
			} else {
				const char *nl = memchr(p, '\n', (size_t)(last - p) + 1), *e = nl;

				/* A CR before the newline is no part of the line. */
				if (e > p && e[-1] == '\r')
					e--;
				next = nl + 1;
				if (e == p) {
					p = next;
					continue;
				}
				if ((n = eb_fio_log_parse_line(p, (size_t)(e - p), &s)) == 0 ||
				    n >= HIST_MIN_COLS) {
					loc.line = lineno;
					st = eb_err_set(&r->err, EB_ERR_DATA, loc, n == 0 ?
					    "not a fio log sample (time, value, direction, block size)" :
					    "a latency histogram row has no sample to draw");
					break;
				}
			}
			p = next;
			s.line = lineno;
			if (r->fn(r->ctx, &s) != 0) {
				stop = 1;
				break;
			}
		}
		if (st != EB_OK || stop || eof)
			break;
		have = (size_t)(end - p);
		if (have == CHUNK) {
			loc.line = lineno + 1;
			st = eb_err_set(&r->err, EB_ERR_DATA, loc, "line longer than %d bytes", CHUNK);
			break;
		}
		memmove(buf, p, have);
	}
	free(buf);
	r->lines = lineno;
	r->st = st;
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

enum eb_status
eb_fio_log_scan_parts(const char *path, int nparts, eb_fio_sample_fn fn, void *const *ctx,
    int *used, struct eb_err *err)
{
	struct eb_loc loc = { path, 0, 0 };
	int fd = strcmp(path, "-") == 0 ? STDIN_FILENO : open(path, O_RDONLY | O_CLOEXEC);
	struct range r[MAX_PARTS];
	pthread_t tid[MAX_PARTS];
	off_t cut[MAX_PARTS + 1];
	struct stat sb;
	enum eb_status st = EB_OK;
	long before = 0;
	int n = 1, started = 1;

	if (fd < 0)
		return eb_err_set(err, EB_ERR_IO, loc, "cannot open: %s", strerror(errno));
	if (nparts > MAX_PARTS)
		nparts = MAX_PARTS;
	if (nparts > 1 && fstat(fd, &sb) == 0 && S_ISREG(sb.st_mode) &&
	    sb.st_size >= (off_t)MIN_PART * 2)
		n = cut_ranges(fd, sb.st_size, sb.st_size / MIN_PART < nparts ?
		    (int)(sb.st_size / MIN_PART) : nparts, cut);
	for (int k = 0; k < n; k++) {
		memset(&r[k], 0, sizeof r[k]);
		r[k].fd = fd;
		r[k].seekable = n > 1;
		r[k].start = n > 1 ? cut[k] : 0;
		r[k].end = n > 1 ? cut[k + 1] : 0;
		r[k].path = path;
		r[k].fn = fn;
		r[k].ctx = ctx[k];
	}
	for (int k = 1; k < n; k++) {
		if (pthread_create(&tid[k], NULL, scan_range, &r[k]) != 0)
			break;
		started = k + 1;
	}
	scan_range(&r[0]);
	for (int k = 1; k < started; k++)
		pthread_join(tid[k], NULL);
	/* Parts a thread could not take are read here, in order. */
	for (int k = started; k < n; k++)
		scan_range(&r[k]);
	/* The first failure counts, at its line of the whole log. */
	for (int k = 0; k < n && st == EB_OK; k++) {
		if ((st = r[k].st) != EB_OK) {
			*err = r[k].err;
			if (err->loc.line > 0)
				err->loc.line += before;
		}
		before += r[k].lines;
	}
	if (fd != STDIN_FILENO)
		close(fd);
	*used = n;
	return st;
}

enum eb_status
eb_fio_log_scan(const char *path, eb_fio_sample_fn fn, void *ctx, struct eb_err *err)
{
	struct eb_loc loc = { path, 0, 0 };
	int fd = strcmp(path, "-") == 0 ? STDIN_FILENO : open(path, O_RDONLY | O_CLOEXEC);
	struct range r;

	if (fd < 0)
		return eb_err_set(err, EB_ERR_IO, loc, "cannot open: %s", strerror(errno));
	memset(&r, 0, sizeof r);
	r.fd = fd;
	r.path = path;
	r.fn = fn;
	r.ctx = ctx;
	scan_range(&r);
	if (r.st != EB_OK)
		*err = r.err;
	if (fd != STDIN_FILENO)
		close(fd);
	return r.st;
}

/* ---- the ingest format: one summary per log and direction */

struct dir_acc {
	double n, sum;
	double min, max;
	double first_t, last_t;
	int64_t bs;
	int bs_varies, bs_zero;
	long first_line;
	double *plat;		/* PLAT_NR bucket counts, latency logs only */
};

struct log_state {
	struct dir_acc d[3];
	enum eb_fio_log_kind kind;
	int started;
	int min_cols, max_cols;
	int offset_like;	/* a 5th column that holds offsets, not prio */
	long nhist, hist_line, hist_cols;
	long nsamples;
};

static int
probe(const char *head, size_t len)
{
	int cols = 0, nlines = 0;

	for (size_t i = 0; i < len && nlines < 20;) {
		const char *nl = memchr(head + i, '\n', len - i);
		size_t n;
		struct eb_fio_sample s;
		int c;

		if (nl == NULL)
			break;	/* a line the probe sees only part of */
		n = (size_t)(nl - head - i);
		if (n > 0 && head[i + n - 1] == '\r')
			n--;
		if (n > 0) {
			c = eb_fio_log_parse_line(head + i, n, &s);
			/* Every line the same shape: sample or histogram row,
			 * and samples with one column count. */
			/* After three samples, a line of another shape is a
			 * damaged log, for the parser to report where it is. */
			if (c == 0 || (cols != 0 && (c >= HIST_MIN_COLS) != (cols >= HIST_MIN_COLS)) ||
			    (cols != 0 && c < HIST_MIN_COLS && c != cols))
				return nlines >= 3 ? 80 : 0;
			cols = c;
			nlines++;
		}
		i = (size_t)(nl - head) + 1;
	}
	/* Three samples make a log; one histogram row is unmistakable. */
	return nlines >= 3 || (nlines >= 1 && cols >= HIST_MIN_COLS) ? 80 : 0;
}

static int
plat_idx(double v)
{
	uint64_t x = v < 0 ? 0 : v >= 1.8e19 ? UINT64_MAX : (uint64_t)(v + 0.5);
	int msb = 0;

	if (x < 2 * PLAT_VAL)
		return (int)x;
	for (uint64_t t = x; t > 1; t >>= 1)
		msb++;
	{
		int error_bits = msb - PLAT_BITS;
		int base = (error_bits + 1) << PLAT_BITS;

		return base + (int)((x >> error_bits) & (PLAT_VAL - 1));
	}
}

/* The middle of a bucket, as fio names its json+ buckets. */
static double
plat_mid(int idx)
{
	int error_bits;

	if (idx < 2 * PLAT_VAL)
		return idx;
	error_bits = (idx >> PLAT_BITS) - 1;
	return ldexp(1, error_bits + PLAT_BITS) +
	    ((idx & (PLAT_VAL - 1)) + 0.5) * ldexp(1, error_bits);
}

static int
is_latency(enum eb_fio_log_kind k)
{
	return k == EB_FIO_LOG_LAT || k == EB_FIO_LOG_CLAT || k == EB_FIO_LOG_SLAT;
}

static enum eb_status
parse_line(struct eb_parse *p, char *line, size_t len, long lineno)
{
	struct log_state *st = p->state;
	struct eb_fio_sample s;
	struct dir_acc *a;
	int c;

	if (!st->started) {
		st->started = 1;
		st->kind = eb_fio_log_kind(p->path);
		st->min_cols = MAX_COLS + 1;
	}
	if (len == 0 || (len == 1 && line[0] == '\r'))
		return EB_OK;
	if ((c = eb_fio_log_parse_line(line, len, &s)) == 0)
		return eb_err_set(p->err, EB_ERR_DATA, eb_parse_loc(p, lineno),
		    "not a fio log sample (time, value, direction, block size)");
	if (c >= HIST_MIN_COLS) {
		if (st->nhist++ == 0) {
			st->hist_line = lineno;
			st->hist_cols = c;
		}
		return EB_OK;
	}
	if (c < st->min_cols)
		st->min_cols = c;
	if (c > st->max_cols)
		st->max_cols = c;
	if (c == 5) {
		/* A 5th column is prio from fio 3.18 on, an offset before: only
		 * offsets are large multiples of 512. */
		double v5 = 0;
		const char *q = line;

		for (int k = 0; k < 4 && q != NULL; k++)
			if ((q = memchr(q, ',', len - (size_t)(q - line))) != NULL)
				q++;
		if (q != NULL && column(q, len - (size_t)(q - line), &v5) > 0 && v5 >= 65536 &&
		    fmod(v5, 512) == 0)
			st->offset_like = 1;
	}
	a = &st->d[s.dir];
	if (a->n == 0) {
		a->first_t = s.time_ms;
		a->first_line = lineno;
		a->bs = s.bs;
		a->min = a->max = s.value;
	} else if (s.bs != a->bs) {
		a->bs_varies = 1;
	}
	if (s.bs == 0)
		a->bs_zero = 1;
	a->last_t = s.time_ms;
	if (s.value < a->min)
		a->min = s.value;
	if (s.value > a->max)
		a->max = s.value;
	a->n++;
	a->sum += s.value;
	if (is_latency(st->kind)) {
		if (a->plat == NULL)
			a->plat = eb_xcalloc(PLAT_NR, sizeof *a->plat);
		a->plat[plat_idx(s.value)]++;
	}
	st->nsamples++;
	return EB_OK;
}

/* The 99th percentile as fio computes it from its buckets, but never
 * outside the samples seen: a bucket's middle can pass the largest. */
static double
plat_p99(const struct dir_acc *a)
{
	double sum = 0;

	for (int i = 0; i < PLAT_NR; i++) {
		sum += a->plat[i];
		if (sum >= 99.0 / 100.0 * a->n) {
			double v = plat_mid(i);

			return v > a->max ? a->max : v < a->min ? a->min : v;
		}
	}
	return -1;
}

/* The job, and for client/server logs the host, from fio's file name
 * NAME_TYPE.N.log[.HOST]; else the name without ".log". */
static void
names(const char *path, char **job, char **host)
{
	const char *base = strrchr(path, '/');
	const char *dot = NULL, *us = NULL;
	size_t n;

	base = base != NULL ? base + 1 : path;
	n = strlen(base);
	*host = eb_xstrdup("");
	if ((dot = strstr(base, ".log")) != NULL) {
		if (dot[4] == '.' && dot[5] != '\0') {
			free(*host);
			*host = eb_xstrdup(dot + 5);
		}
		n = (size_t)(dot - base);
	}
	for (size_t i = 0; i < n; i++)
		if (base[i] == '_')
			us = base + i;
	if (us != NULL) {
		/* "_clat_hist" has two underscores; the type is "_clat". */
		const char *prev = NULL;

		for (const char *q = base; q < us; q++)
			if (*q == '_')
				prev = q;
		if (prev != NULL && strncmp(us, "_hist", 5) == 0)
			us = prev;
		n = (size_t)(us - base);
	}
	*job = eb_xstrndup(base, n);
}

static void
add_record(struct eb_parse *p, const char *job, const char *host, int dir, int64_t bs,
    const char *metric, const char *unit, double v, long line)
{
	struct eb_record rec;

	if (!isfinite(v) || !(v > 0))
		return;
	eb_parse_record(p, &rec, "fio", metric, unit, line);
	rec.f[EB_F_JOB] = eb_intern_cstr(p->t, job);
	rec.f[EB_F_HOST] = eb_intern_cstr(p->t, host);
	rec.f[EB_F_OP] = eb_intern_cstr(p->t, eb_fio_dir_names[dir]);
	rec.block_size = bs;
	rec.value = v;
	eb_table_add(p->t, &rec);
}

static enum eb_status
summarise(struct eb_parse *p, struct log_state *st)
{
	static const char *const kind_names[] = {
		"unknown", "bandwidth", "IOPS", "total latency", "completion latency",
		"submission latency", "histogram",
	};
	struct eb_loc loc0 = eb_parse_loc(p, 0);
	char *job, *host;
	double unit = 1;
	int maybe_us;

	if (st->nhist > 0) {
		eb_diag(p->diag, EB_WARNING, eb_parse_loc(p, st->hist_line),
		    "fio latency histogram log (%ld row%s of %ld buckets, fio %s) "
		    "recognised but not read yet; no records from it", st->nhist,
		    st->nhist == 1 ? "" : "s", st->hist_cols - 3,
		    st->hist_cols - 3 == 1216 ? "2.x" : st->hist_cols - 3 == 1856 ? "3.x" : "?");
		return EB_OK;
	}
	if (st->nsamples == 0)
		return eb_err_set(p->err, EB_ERR_DATA, loc0, "fio log without samples");
	if (st->kind == EB_FIO_LOG_UNKNOWN || st->kind == EB_FIO_LOG_HIST)
		return eb_err_set(p->err, EB_ERR_DATA, loc0,
		    "a fio log, but its name does not say of what; name it as fio "
		    "does (NAME_bw.1.log, NAME_iops.1.log, NAME_clat.1.log)");
	if (st->kind == EB_FIO_LOG_LAT || st->kind == EB_FIO_LOG_SLAT) {
		eb_diag(p->diag, EB_NOTE, loc0,
		    "fio %s log: no summary record (lat_mean is completion latency, "
		    "from the clat log)", kind_names[st->kind]);
		return EB_OK;
	}
	names(p->path, &job, &host);
	/* Latency logs are ns from fio 3.0, us before; the columns only tell
	 * when prio is there (3.18+). A mean under 300 ns is no I/O any
	 * device completes, so such a log is taken for fio 2.x microseconds. */
	maybe_us = st->max_cols == 4 || (st->max_cols == 5 && st->offset_like);
	if (st->kind == EB_FIO_LOG_CLAT && maybe_us) {
		double n = 0, sum = 0;

		for (int d = 0; d < 3; d++) {
			n += st->d[d].n;
			sum += st->d[d].sum;
		}
		if (n > 0 && sum / n < 300) {
			unit = 1000;
			eb_diag(p->diag, EB_NOTE, loc0,
			    "latencies read as microseconds (fio 2.x): their mean, %.1f, "
			    "is too small for nanoseconds", sum / n);
		}
	}
	for (int d = 0; d < 3; d++) {
		struct dir_acc *a = &st->d[d];
		int64_t bs = a->bs_varies || a->bs_zero ? 0 : a->bs;
		int per_io = !a->bs_zero && a->n >= 2 &&
		    (a->last_t - a->first_t) / (a->n - 1) < PER_IO_STEP_MS;
		double mean;

		if (a->n == 0)
			continue;
		mean = a->sum / a->n;
		switch (st->kind) {
		case EB_FIO_LOG_BW:
		case EB_FIO_LOG_IOPS:
			/* fio 3.x without log_avg_msec logs each I/O's own rate,
			 * whose mean is no throughput at all. */
			if (per_io) {
				eb_diag(p->diag, EB_WARNING, eb_parse_loc(p, a->first_line),
				    "fio %s log of every I/O (no log_avg_msec): the mean of "
				    "its samples is no throughput; no record",
				    kind_names[st->kind]);
				break;
			}
			if (st->kind == EB_FIO_LOG_BW)
				add_record(p, job, host, d, bs, "bw", EB_UNIT_BPS, mean * 1024,
				    a->first_line);
			else
				add_record(p, job, host, d, bs, "iops", EB_UNIT_PER_S, mean,
				    a->first_line);
			break;
		case EB_FIO_LOG_CLAT:
			add_record(p, job, host, d, bs, "lat_mean", EB_UNIT_NS, mean * unit,
			    a->first_line);
			/* Averaged windows have no percentile of single I/Os. */
			if (per_io && a->plat != NULL)
				add_record(p, job, host, d, bs, "lat_p99", EB_UNIT_NS,
				    plat_p99(a) * unit, a->first_line);
			break;
		default:
			break;
		}
	}
	free(job);
	free(host);
	return EB_OK;
}

static enum eb_status
finish(struct eb_parse *p, int ok)
{
	struct log_state *st = p->state;
	enum eb_status status = EB_OK;

	if (ok)
		status = summarise(p, st);
	for (int d = 0; d < 3; d++)
		free(st->d[d].plat);
	return status;
}

const struct eb_format eb_format_fio_log = {
	"fio-log", "fio bw/iops/lat logs (write_*_log; the file name says which)",
	probe, sizeof(struct log_state), parse_line, finish, NULL, NULL, NULL, NULL,
};
