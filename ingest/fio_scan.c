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

#include "fio_scan_int.h"

#ifdef __SSE2__
/* The masks of nb blocks of 64 bytes from p, bit i of word b for byte
 * 64 b + i: nd[b] no ASCII digit, pair[b] a ", " starts there. Reads 65
 * bytes a block. */
static void
masks_sse2(const char *p, size_t nb, uint64_t *nd, uint64_t *pair)
{
	const __m128i zero = _mm_set1_epi8('0'), nine = _mm_set1_epi8(9);
	const __m128i cm = _mm_set1_epi8(','), sp = _mm_set1_epi8(' ');

	for (size_t b = 0; b < nb; b++) {
		uint64_t m = 0, q = 0;

		for (int i = 0; i < 4; i++) {
			const char *at = p + 64 * b + 16 * i;
			__m128i x = _mm_loadu_si128((const __m128i *)(const void *)at);
			__m128i y = _mm_loadu_si128((const __m128i *)(const void *)(at + 1));
			__m128i t = _mm_sub_epi8(x, zero);
			__m128i digit = _mm_cmpeq_epi8(_mm_min_epu8(t, nine), t);

			m |= (uint64_t)(uint16_t)~_mm_movemask_epi8(digit) << (16 * i);
			q |= (uint64_t)(uint16_t)_mm_movemask_epi8(_mm_and_si128(_mm_cmpeq_epi8(x, cm),
			    _mm_cmpeq_epi8(y, sp))) << (16 * i);
		}
		nd[b] = m;
		pair[b] = q;
	}
}

#ifdef HAVE_AVX2_MASKS
/* masks_sse2 32 bytes at a time, on CPUs that have AVX2. */
__attribute__((target("avx2"))) static void
masks_avx2(const char *p, size_t nb, uint64_t *nd, uint64_t *pair)
{
	const __m256i zero = _mm256_set1_epi8('0'), nine = _mm256_set1_epi8(9);
	const __m256i cm = _mm256_set1_epi8(','), sp = _mm256_set1_epi8(' ');

	for (size_t b = 0; b < nb; b++) {
		uint64_t m[2], q[2];

		for (int i = 0; i < 2; i++) {
			const char *at = p + 64 * b + 32 * i;
			__m256i x = _mm256_loadu_si256((const __m256i *)(const void *)at);
			__m256i y = _mm256_loadu_si256((const __m256i *)(const void *)(at + 1));
			__m256i t = _mm256_sub_epi8(x, zero);
			__m256i digit = _mm256_cmpeq_epi8(_mm256_min_epu8(t, nine), t);

			m[i] = (uint32_t)~_mm256_movemask_epi8(digit);
			q[i] = (uint32_t)_mm256_movemask_epi8(_mm256_and_si256(_mm256_cmpeq_epi8(x, cm),
			    _mm256_cmpeq_epi8(y, sp)));
		}
		nd[b] = m[0] | m[1] << 32;
		pair[b] = q[0] | q[1] << 32;
	}
}
#endif

/* The masks of the lines, as fast as this CPU computes them. */
static void
line_masks(const char *p, size_t nb, uint64_t *nd, uint64_t *pair)
{
#ifdef HAVE_AVX2_MASKS
	static int avx2 = -1;

	if (avx2 < 0) {
		__builtin_cpu_init();
		avx2 = __builtin_cpu_supports("avx2") != 0;
	}
	if (avx2) {
		masks_avx2(p, nb, nd, pair);
		return;
	}
#endif
	masks_sse2(p, nb, nd, pair);
}

/* int_line_fast for a line in fio's own layout of len bytes before its
 * newline, from where layout_columns found its n columns end (a); 0 for
 * what int_line_fast must read. Only the columns the sink uses are converted:
 * ingest's summary reads the 5th only when it is the last and need4 is
 * set, where it may tell an offset from a priority; the charts' points
 * read time, value and direction. */
static inline __attribute__((always_inline)) int
int_line_columns(const char *p, size_t len, const int a[5], int n, uint64_t c[6], int *ncols,
    const int sink, int need4)
{
	c[0] = digits_value(p, a[0]);
	c[1] = digits_value(p + a[0] + 2, a[1] - a[0] - 2);
	c[2] = (uint64_t)(p[a[1] + 2] - '0');
	if (sink != SINK_POINTS) {
		if (a[3] - a[2] - 2 > 16)
			return 0;
		c[3] = digits_value(p + a[2] + 2, a[3] - a[2] - 2);
	}
	if (n >= 5 && (sink == SINK_SAMPLES || (n == 5 && need4))) {
		if (a[4] - a[3] - 2 > 16)
			return 0;
		c[4] = digits_value(p + a[3] + 2, a[4] - a[3] - 2);
	}
	if (n == 6 && sink == SINK_SAMPLES) {
		if ((int)len - a[4] - 2 > 16)
			return 0;
		c[5] = digits_value(p + a[4] + 2, (int)len - a[4] - 2);
	}
	*ncols = n;
	return 1;
}

/* The layout of a line that layout_columns took: its masks (its bytes
 * before the '\n' only) and its columns. Consecutive lines of a log
 * mostly share it, and a line with the same masks, a '\n' in the same
 * place and a direction of 0 to 2 has the same columns, without
 * layout_columns. */
struct shape {
	uint64_t nd, pair, line;
	size_t len;		/* 0: no layout known */
	int a[5], n;
};

/* int_line_columns of the columns layout_columns finds from the masks of
 * the line, whose layout is kept in sh for the lines after it (none when
 * layout_columns finds none). */
static inline __attribute__((always_inline)) int
int_line_masks(const char *p, size_t len, uint64_t nd, uint64_t pair, uint64_t c[6], int *ncols,
    const int sink, int need4, struct shape *sh)
{
	if (!layout_columns(p, len, nd, pair, sh->a, &sh->n)) {
		sh->len = 0;
		return 0;
	}
	sh->len = len;
	sh->line = (UINT64_C(1) << len) - 1;
	sh->nd = nd & sh->line;
	sh->pair = pair & sh->line;
	return int_line_columns(p, len, sh->a, sh->n, c, ncols, sink, need4);
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

/* Gives the points held of direction d to the sink: returns 1 when it
 * stops the range. */
int
eb_fio_range_flush(struct range *r, int d)
{
	struct eb_fio_points run = { r->pt[d], r->pv[d], r->np[d], d };

	r->np[d] = 0;
	return run.n > 0 && r->pfn(r->ctx, &run) != 0;
}

/* A line int_line_fast could not read, or too long: returns 1 when it
 * stops the range (r->st says whether by an error). */
int
eb_fio_range_slow_line(struct range *r, const char *p, const char *nl, long lineno, int bom)
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
	if (r->pfn != NULL)
		return add_point(r, s.time_ms, s.value, s.dir);
	return r->fn(r->ctx, &s) != 0;
}

/* A line read fast, number ln, into the sink: returns 1 when the range
 * stops. */
static inline __attribute__((always_inline)) int
take_line(struct range *r, const uint64_t c[6], int n, long ln, const int sink)
{
	if (sink == SINK_SUMMARY) {
		take_ints(r->acc, c, n, ln);
		return 0;
	}
	/* Columns of at most 16 digits are below 2^63: converted as signed,
	 * without the unsigned conversion's test for the top bit. */
	if (sink == SINK_POINTS)
		return add_point(r, (double)(int64_t)c[0], (double)(int64_t)c[1], (int)c[2]);
	{
		struct eb_fio_sample s;

		eb_fio_int_sample(c, n, &s);
		s.line = ln;
		return r->fn(r->ctx, &s) != 0;
	}
}

/* The line [p, nl) (nl its '\n'), number ln, into the sink as read by
 * int_line_fast (fast its end, or NULL) or else by slow_line: returns 1
 * when the range stops. */
static inline __attribute__((always_inline)) int
scan_line(struct range *r, const char *p, const char *nl, const char *fast, const uint64_t c[6],
    int n, long ln, int bom, const int sink)
{
	if (fast == NULL || (size_t)(nl - p) > EB_MAX_LINE)
		return eb_fio_range_slow_line(r, p, nl, ln, ln == 1 ? bom : 0);
	return take_line(r, c, n, ln, sink);
}

/* Every line of [p, last], last a '\n': returns 1 when the range stops. */
static inline __attribute__((always_inline)) int
scan_lines(struct range *r, const char *p, const char *last, long *lineno, int bom,
    const int sink)
{
	long ln = *lineno;
	int stop = 0;
#ifdef __SSE2__
	const char *base = p;
	uint64_t *nd = r->mask, *pair = nd + MASK_WORDS;
	size_t at = 0;
	struct shape shp = { 0, 0, 0, 0, { 0 }, 0 };

	/* The masks of every block of the lines and the one after, each byte
	 * looked at once whatever the lengths of the lines. */
	line_masks(p, (size_t)(last - p) / 64 + 2, nd, pair);
	while (at <= (size_t)(last - base)) {
		size_t w = at >> 6, sh = at & 63, e;
		/* The 64 bytes from p: those of its block and the next. */
		uint64_t m = nd[w] >> sh | (nd[w + 1] << 1) << (63 - sh);
		uint64_t q = pair[w] >> sh | (pair[w + 1] << 1) << (63 - sh);
		/* The line ends at its first byte that is no digit and no part
		 * of a ", " (a '\n' in fio's layout). */
		uint64_t odd = m & ~(q | q << 1), cf[6] = { 0 }, cs[6];
		const char *fast, *nl;
		int n = 0;

		p = base + at;
		/* A line of the layout of the one before: where the next
		 * starts is known before this one's end is looked for, so
		 * the CPU reads on without waiting. */
		if ((m & shp.line) == shp.nd && (q & shp.line) == shp.pair && shp.len != 0 &&
		    p[shp.len] == '\n' && p[shp.a[1] + 2] <= '2' &&
		    int_line_columns(p, shp.len, shp.a, shp.n, cf, &n, sink,
		    sink == SINK_SUMMARY && !r->acc->offset_like)) {
			at += shp.len + 1;
			if (take_line(r, cf, n, ++ln, sink)) {
				stop = 1;
				break;
			}
			continue;
		}
		e = odd != 0 ? (size_t)__builtin_ctzll(odd) : 64;
		/* Apart from the slow way's, so that the columns stay in
		 * registers. */
		if (e < 64 && p[e] == '\n' && int_line_masks(p, e, m, q, cf, &n, sink,
		    sink == SINK_SUMMARY && !r->acc->offset_like, &shp)) {
			at += e + 1;
			if (take_line(r, cf, n, ++ln, sink)) {
				stop = 1;
				break;
			}
			continue;
		}
		fast = int_line_fast(p, cs, &n);
		nl = fast != NULL ? fast : memchr(p, '\n', (size_t)(last - p) + 1);
		at = (size_t)(nl - base) + 1;
		if (scan_line(r, p, nl, fast, cs, n, ++ln, bom, sink)) {
			stop = 1;
			break;
		}
	}
#else
	while (p <= last) {
		uint64_t c[6];
		int n = 0;
		const char *fast = int_line_fast(p, c, &n);
		const char *nl = fast != NULL ? fast : memchr(p, '\n', (size_t)(last - p) + 1);

		if (scan_line(r, p, nl, fast, c, n, ++ln, bom, sink)) {
			stop = 1;
			break;
		}
		p = nl + 1;
	}
#endif
	*lineno = ln;
	return stop;
}

static const char long_line[] = "line longer than %d bytes";
static const char long_line_ingest[] = "line longer than %d bytes, the most encbench reads";

/* Every line of [p, last], last a '\n', the way that reads them fastest:
 * returns 1 when the range stops. */
static inline __attribute__((always_inline)) int
scan_block(struct range *r, const char *p, const char *last, long *lineno, int bom,
    const int sink)
{
#ifdef HAVE_AVX2_MASKS
	/* The line-at-a-time reader is for lines under 32 bytes (a bw or
	 * iops log); longer ones (a clat log's byte offsets) read faster with
	 * the block's masks, so the block's first line chooses. */
	if (sink == SINK_POINTS && eb_fio_have_avx2() &&
	    memchr(p, '\n', (size_t)(last - p) < 32 ? (size_t)(last - p) + 1 : 32) != NULL)
		return eb_fio_scan_points_avx2(r, p, last, lineno, bom);
#endif
	return scan_lines(r, p, last, lineno, bom, sink);
}

static inline __attribute__((always_inline)) void
scan_range_with(struct range *r, const int sink)
{
	const int ingest = sink == SINK_SUMMARY;
	struct eb_loc loc = { r->path, 0, 0 };
	char *buf;
	size_t have = 0;
	off_t pos = r->start;
	long lineno = 0;
	int eof = 0, first = r->start == 0, stop = 0, bom = 0;

	r->st = EB_OK;
	r->mask = eb_xmalloc(2 * MASK_WORDS * sizeof *r->mask);
	buf = eb_xmalloc(CHUNK + 1 + SLACK);	/* room for a last '\n' */
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
			stop = scan_block(r, p, last, &lineno, bom, sink);
		if (stop || eof)
			break;
		p = last != NULL ? last + 1 : p;
		have = (size_t)(end - p);
		if (have == CHUNK) {
			loc.line = lineno + 1;
			r->st = eb_err_set(&r->err, EB_ERR_DATA, loc, ingest ? long_line_ingest :
			    long_line, EB_MAX_LINE);
			break;
		}
		memmove(buf, p, have);
	}
	free(buf);
	free(r->mask);
	/* A file of a byte order mark alone is one empty line to eb_lines,
	 * though no '\n' is left of it here. */
	if (bom != 0 && lineno == 0 && !stop && r->st == EB_OK)
		lineno = 1;
	r->lines = lineno;
	/* What came before a failure is given too, as one at a time would
	 * (after a stop by the sink none is left). */
	for (int d = 0; sink == SINK_POINTS && d < 3; d++)
		if (eb_fio_range_flush(r, d))
			break;
}

static void *
scan_range(void *arg)
{
	scan_range_with(arg, SINK_SAMPLES);
	return NULL;
}

static void *
scan_range_acc(void *arg)
{
	scan_range_with(arg, SINK_SUMMARY);
	return NULL;
}

static void *
scan_range_points(void *arg)
{
	scan_range_with(arg, SINK_POINTS);
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
eb_fio_log_scan_points(const char *path, int nparts, eb_fio_points_fn fn, void *const *ctx,
    int *used, struct eb_err *err)
{
	struct eb_loc loc = { path, 0, 0 };
	int fd = strcmp(path, "-") == 0 ? STDIN_FILENO : open(path, O_RDONLY | O_CLOEXEC);
	struct range *r;
	enum eb_status st;

	if (fd < 0)
		return eb_err_set(err, EB_ERR_IO, loc, "cannot open: %s", strerror(errno));
	r = eb_xcalloc(MAX_PARTS, sizeof *r);
	for (int k = 0; k < MAX_PARTS && k < nparts; k++) {
		r[k].pfn = fn;
		r[k].ctx = ctx[k];
	}
	*used = scan_fd(fd, path, nparts, 0, r, scan_range_points, &st, err);
	free(r);
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
