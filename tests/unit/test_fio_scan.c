/* test_fio_scan.c - the fio-log scanner read on several threads gives what a
 * line at a time gives: the same figures, sums, buckets and first error, and
 * the same points for charts; and its fast number reading is exact. */
#include <fcntl.h>
#include <unistd.h>

#include "testutil.h"
#include "tempfile.h"

#include "../../ingest/fio_scan.h"

/* Lines of the large logs: over 8 MiB, so that they are cut in parts. */
#define NLINES 400000L

static long
line_time(long i)
{
	return i / 8;
}

static long
line_value(long i)
{
	return 20000 + (i * 7919) % 900000;
}

static int
line_dir(long i)
{
	return i % 3 == 0;
}

/* A log of NLINES samples in a fresh directory, with line `bad` (1-based;
 * 0 for none) replaced by text; the caller removes it with tu_drop(). */
static char *
big_log(const char *name, long bad, const char *text)
{
	char *path;
	FILE *fp = tu_temp_open(name, &path);

	for (long i = 0; i < NLINES; i++) {
		if (i + 1 == bad)
			fputs(text, fp);
		else
			fprintf(fp, "%ld, %ld, %d, 4096, %ld\n", line_time(i), line_value(i),
			    line_dir(i), i * 4096);
	}
	fclose(fp);
	return path;
}

/* The summary of path read a line at a time, as eb_lines would cut it. */
static void
by_lines(const char *path, struct eb_fio_log_acc *a)
{
	FILE *fp = fopen(path, "r");
	char *line = NULL;
	size_t cap = 0;
	ssize_t n;
	long lineno = 0;

	assert_non_null(fp);
	eb_fio_log_acc_init(a, 1);
	while ((n = getline(&line, &cap, fp)) > 0) {
		if (line[n - 1] == '\n')
			n--;
		if (n > 0 && line[n - 1] == '\r')
			n--;
		assert_int_equal(eb_fio_log_acc_line(a, line, (size_t)n, ++lineno), 0);
	}
	a->lines = lineno;
	free(line);
	fclose(fp);
}

static enum eb_status
by_parts(const char *path, int nthreads, struct eb_fio_log_acc *a, struct eb_err *err)
{
	int fd = open(path, O_RDONLY);
	enum eb_status st;

	assert_true(fd >= 0);
	/* Where a driver that read the head would leave it. */
	assert_int_equal(lseek(fd, 4096, SEEK_SET), 4096);
	eb_fio_log_acc_init(a, 1);
	st = eb_fio_log_acc_file(a, fd, path, nthreads, err);
	close(fd);
	return st;
}

static void
assert_same(const struct eb_fio_log_acc *x, const struct eb_fio_log_acc *y)
{
	assert_int_equal(x->lines, y->lines);
	assert_int_equal(x->nsamples, y->nsamples);
	assert_int_equal(x->min_cols, y->min_cols);
	assert_int_equal(x->max_cols, y->max_cols);
	assert_int_equal(x->offset_like, y->offset_like);
	for (int d = 0; d < 3; d++) {
		const struct eb_fio_dir_acc *a = &x->d[d], *b = &y->d[d];

		assert_int_equal(a->n, b->n);
		assert_true(eb_fio_dir_sum(a) == eb_fio_dir_sum(b));
		assert_true(a->min == b->min && a->max == b->max);
		assert_true(a->first_t == b->first_t && a->last_t == b->last_t);
		assert_int_equal(a->bs, b->bs);
		assert_int_equal(a->bs_varies, b->bs_varies);
		assert_int_equal(a->first_line, b->first_line);
		assert_true((a->plat == NULL) == (b->plat == NULL));
		if (a->plat != NULL)
			assert_memory_equal(a->plat, b->plat, EB_FIO_PLAT_NR * sizeof *a->plat);
	}
}

static void
test_parts_as_lines(void **state)
{
	char *path = big_log("big_clat.1.log", 0, NULL);
	struct eb_fio_log_acc one, parts;
	struct eb_err err;
	uint64_t n[2] = { 0, 0 }, sum[2] = { 0, 0 };

	(void)state;
	by_lines(path, &one);
	assert_int_equal(by_parts(path, 4, &parts, &err), EB_OK);
	assert_same(&one, &parts);
	/* The figures themselves, from the lines' formulas. */
	for (long i = 0; i < NLINES; i++) {
		n[line_dir(i)]++;
		sum[line_dir(i)] += (uint64_t)line_value(i);
	}
	assert_int_equal(parts.lines, NLINES);
	assert_int_equal(parts.max_cols, 5);
	assert_int_equal(parts.offset_like, 1);
	assert_int_equal(parts.d[1].n, n[1]);
	assert_int_equal(parts.d[0].n, n[0]);
	assert_true(eb_fio_dir_sum(&parts.d[1]) == (double)sum[1]);
	assert_true(eb_fio_dir_sum(&parts.d[0]) == (double)sum[0]);
	assert_int_equal(parts.d[1].first_line, 1);
	assert_int_equal(parts.d[0].first_line, 2);
	/* The last read (i = NLINES - 2) and write (NLINES - 1, a multiple of 3). */
	assert_true(parts.d[0].last_t == (double)line_time(NLINES - 2));
	assert_true(parts.d[1].last_t == (double)line_time(NLINES - 1));
	assert_true(parts.d[1].min == 20000);
	assert_int_equal(parts.d[1].bs, 4096);
	assert_int_equal(parts.d[1].bs_varies, 0);
	eb_fio_log_acc_free(&one);
	eb_fio_log_acc_free(&parts);
	tu_drop(path);
}

/* Ingest's summary of lines that share the layout of the line before
 * them, or differ from it by a space, a point, " ," or a digit where
 * digits, ", " or the '\n' stood, or by their columns' places: each read
 * as a line at a time reads it. */
static void
test_summary_same_layout(void **state)
{
	static const char text[] =
	    "1000, 99556, 0, 4096, 0\n"
	    "1001, 99557, 1, 4096, 0\n"
	    "1002,  9558, 0, 4096, 0\n"
	    "1003, 995.5, 1, 4096, 0\n"
	    "1004, 99559 ,0, 4096, 0\n"
	    "1005, 99560, 2, 4096, 0\n"
	    "10060, 9561, 1, 4096, 0\n"
	    "10070, 9562, 0, 4096, 0\n"
	    "10080, 9563, 0, 4096, 00\n"
	    "10090, 9564, 1, 4096, 0\r\n"
	    "10100, 9565, 1, 4096, 0\n"
	    "10110, 9566, 1, 4096, 00\n"
	    "10120, 9567, 1, 8192, 0\n";
	char *path = tu_temp_file("layout_clat.1.log", text);
	struct eb_fio_log_acc one, parts;
	struct eb_err err;

	(void)state;
	by_lines(path, &one);
	assert_int_equal(by_parts(path, 1, &parts, &err), EB_OK);
	assert_same(&one, &parts);
	assert_int_equal(parts.lines, 13);
	assert_int_equal(parts.min_cols, 5);
	assert_int_equal(parts.max_cols, 5);
	assert_int_equal(parts.d[0].n, 5);
	assert_true(eb_fio_dir_sum(&parts.d[0]) == 99556.0 + 9558 + 99559 + 9562 + 9563);
	assert_true(parts.d[0].min == 9558 && parts.d[0].max == 99559);
	assert_true(parts.d[0].first_t == 1000 && parts.d[0].last_t == 10080);
	assert_int_equal(parts.d[1].n, 7);
	assert_true(eb_fio_dir_sum(&parts.d[1]) == 99557 + 995.5 + 9561 + 9564 + 9565 + 9566 + 9567);
	assert_true(parts.d[1].min == 995.5 && parts.d[1].max == 99557);
	assert_true(parts.d[1].last_t == 10120);
	assert_int_equal(parts.d[1].bs_varies, 1);
	assert_int_equal(parts.d[0].bs_varies, 0);
	assert_int_equal(parts.d[2].n, 1);
	assert_true(eb_fio_dir_sum(&parts.d[2]) == 99560 && parts.d[2].first_t == 1005);
	eb_fio_log_acc_free(&one);
	eb_fio_log_acc_free(&parts);
	tu_drop(path);

	/* In the layout of the line before, a direction of 3, or ". " where
	 * ", " stood, is no sample. */
	path = tu_temp_file("dir3_clat.1.log", "1000, 99556, 0, 4096, 0\n1001, 99557, 3, 4096, 0\n");
	assert_int_equal(by_parts(path, 1, &parts, &err), EB_ERR_DATA);
	assert_int_equal(err.loc.line, 2);
	eb_fio_log_acc_free(&parts);
	tu_drop(path);
	path = tu_temp_file("point_clat.1.log", "1000, 99556, 0, 4096, 0\n1001. 99557, 1, 4096, 0\n");
	assert_int_equal(by_parts(path, 1, &parts, &err), EB_ERR_DATA);
	assert_int_equal(err.loc.line, 2);
	eb_fio_log_acc_free(&parts);
	tu_drop(path);
}

/* A file of a byte order mark alone is one empty line, as eb_lines reads
 * it, though the scanner drops the mark and finds no line end after it
 * (found by make fuzz). */
static void
test_bom_alone(void **state)
{
	char *path;
	FILE *fp = tu_temp_open("bom_clat.1.log", &path);
	struct eb_fio_log_acc parts;
	struct eb_err err;

	(void)state;
	fputs("\xef\xbb\xbf", fp);
	fclose(fp);
	assert_int_equal(by_parts(path, 2, &parts, &err), EB_OK);
	assert_int_equal(parts.lines, 1);
	assert_int_equal(parts.nsamples, 0);
	eb_fio_log_acc_free(&parts);
	tu_drop(path);
}

/* The first bad line of the whole log, in the last part, at its line. */
static void
test_parts_error(void **state)
{
	char *path = big_log("bad_clat.1.log", 350001, "1, 2, x, 3\n");
	struct eb_fio_log_acc parts;
	struct eb_err err;

	(void)state;
	assert_int_equal(by_parts(path, 4, &parts, &err), EB_ERR_DATA);
	assert_int_equal(err.loc.line, 350001);
	assert_string_equal(err.loc.path, path);
	assert_string_equal(err.msg, "not a fio log sample (time, value, direction, block size)");
	eb_fio_log_acc_free(&parts);
	tu_drop(path);
}

/* One fraction makes the sum one of doubles in file order, which parts
 * added apart would not give (at 2^53 every odd value added rounds): it
 * is read again on one thread. */
static void
test_parts_fraction(void **state)
{
	char *path = big_log("frac_clat.1.log", 10, "1, 9007199254740992.5, 0, 4096\n");
	struct eb_fio_log_acc one, parts;
	struct eb_err err;
	double sum = 0;

	(void)state;
	by_lines(path, &one);
	assert_int_equal(by_parts(path, 4, &parts, &err), EB_OK);
	assert_same(&one, &parts);
	for (long i = 0; i < NLINES; i++)
		if (i + 1 == 10)
			sum += 9007199254740992.5;
		else if (line_dir(i) == 0)
			sum += (double)line_value(i);
	assert_int_equal(parts.d[0].inexact, 1);
	assert_true(eb_fio_dir_sum(&parts.d[0]) == sum);
	assert_true(parts.d[0].max == 9007199254740992.0);
	eb_fio_log_acc_free(&one);
	eb_fio_log_acc_free(&parts);
	tu_drop(path);
}

/* A line longer than any input may have fails as the driver words it. */
static void
test_parts_long_line(void **state)
{
	char *text = malloc(EB_MAX_LINE + 16);
	char *path;
	struct eb_fio_log_acc parts;
	struct eb_err err;

	(void)state;
	memset(text, '7', EB_MAX_LINE + 14);
	memcpy(text, "1, 2, 0, ", 9);
	text[EB_MAX_LINE + 14] = '\n';
	text[EB_MAX_LINE + 15] = '\0';
	path = big_log("long_clat.1.log", 250000, text);
	assert_int_equal(by_parts(path, 2, &parts, &err), EB_ERR_DATA);
	assert_int_equal(err.loc.line, 250000);
	assert_string_equal(err.msg, "line longer than 1048576 bytes, the most encbench reads");
	eb_fio_log_acc_free(&parts);
	free(text);
	tu_drop(path);
}

struct seen {
	double v[16];
	int64_t off[16];
	int n;
};

static int
keep(void *ctx, const struct eb_fio_sample *s)
{
	struct seen *k = ctx;

	k->off[k->n] = s->offset;
	k->v[k->n++] = s->value;
	return 0;
}

/* Numbers of 1, 8, 9, 16 and 17 digits, at every width the inner loop
 * reads them in, each exact; a CRLF line and a six-column one. */
static void
test_wide_numbers(void **state)
{
	static const char text[] =
	    "0, 7, 0, 4096\n"
	    "1, 12345678, 0, 4096\n"
	    "2, 123456789, 1, 4096\r\n"
	    "3, 1234567890123456, 0, 4096\n"
	    "4, 12345678901234567, 0, 4096\n"
	    "5, 99999999, 2, 4096, 1099511627776, 3\n"
	    "6,  5 , 0, 4096\n";
	char *path = tu_temp_file("w_bw.1.log", text);
	struct seen k;
	struct eb_err err;

	(void)state;
	memset(&k, 0, sizeof k);
	assert_int_equal(eb_fio_log_scan(path, keep, &k, &err), EB_OK);
	assert_int_equal(k.n, 7);
	assert_true(k.v[0] == 7);
	assert_true(k.v[1] == 12345678);
	assert_true(k.v[2] == 123456789);
	assert_true(k.v[3] == 1234567890123456.0);
	assert_true(k.v[4] == (double)UINT64_C(12345678901234567));
	assert_true(k.v[5] == 99999999);
	assert_int_equal(k.off[5], INT64_C(1099511627776));
	assert_int_equal(k.off[4], -1);
	assert_true(k.v[6] == 5);
	tu_drop(path);
}

/* Per direction, what a sink was given, in the order given. */
struct by_dir {
	double t[3][16], v[3][16];
	size_t n[3];
	uint64_t count[3];
	double sum[3];
};

static void
by_dir_add(struct by_dir *b, int d, double t, double v)
{
	if (b->n[d] < 16) {
		b->t[d][b->n[d]] = t;
		b->v[d][b->n[d]++] = v;
	}
	b->count[d]++;
	b->sum[d] += v;
}

static int
keep_sample(void *ctx, const struct eb_fio_sample *s)
{
	by_dir_add(ctx, s->dir, s->time_ms, s->value);
	return 0;
}

static int
keep_points(void *ctx, const struct eb_fio_points *run)
{
	for (size_t i = 0; i < run->n; i++)
		by_dir_add(ctx, run->dir, run->time_ms[i], run->value[i]);
	return 0;
}

static void
assert_same_dirs(const struct by_dir *a, const struct by_dir *b)
{
	for (int d = 0; d < 3; d++) {
		assert_int_equal(a->n[d], b->n[d]);
		assert_int_equal(a->count[d], b->count[d]);
		assert_true(a->sum[d] == b->sum[d]);
		assert_memory_equal(a->t[d], b->t[d], a->n[d] * sizeof a->t[d][0]);
		assert_memory_equal(a->v[d], b->v[d], a->n[d] * sizeof a->v[d][0]);
	}
}

/* The points of every line form fio writes, fio's own layout on the masks'
 * path and the rest on the others: a BOM, a CRLF, a blank line, six and
 * seven columns, decimals, a hex priority, padding, no spaces with a
 * direction "00", 16 and 17 digits, a last line without a newline. Each
 * direction gets the values of the text in its order, as one sample at a
 * time gives them. */
static void
test_points_as_samples(void **state)
{
	static const char text[] =
	    "\xef\xbb\xbf" "1000, 99556, 0, 4096\n"
	    "2000, 92592, 1, 4096, 0\r\n"
	    "\n"
	    "3000, 21248, 0, 4096, 8192, 1\n"
	    "4000.5, 12.25, 0, 4096\n"
	    "5000, 77, 1, 0, 0x2\n"
	    "  6000 ,  8 , 2 , 0\n"
	    "7000,9,00,4096\n"
	    "8000, 1234567890123456, 1, 4096, 1, 2, 3\n"
	    "9000, 12345678901234567, 2, 4096\n"
	    "10000, 5, 0, 4096";
	static const double t0[] = { 1000, 3000, 4000.5, 7000, 10000 };
	static const double v0[] = { 99556, 21248, 12.25, 9, 5 };
	static const double t1[] = { 2000, 5000, 8000 }, v1[] = { 92592, 77, 1234567890123456.0 };
	char *path = tu_temp_file("forms_bw.1.log", text);
	struct by_dir one, pts, unused;
	struct eb_err err;
	void *ctx[2] = { &pts, &unused };
	int used = 0;

	(void)state;
	memset(&one, 0, sizeof one);
	memset(&pts, 0, sizeof pts);
	assert_int_equal(eb_fio_log_scan(path, keep_sample, &one, &err), EB_OK);
	/* A small log is read whole, by the first sink. */
	assert_int_equal(eb_fio_log_scan_points(path, 2, keep_points, ctx, &used, &err), EB_OK);
	assert_int_equal(used, 1);
	assert_same_dirs(&one, &pts);
	assert_int_equal(pts.n[0], 5);
	assert_memory_equal(pts.t[0], t0, sizeof t0);
	assert_memory_equal(pts.v[0], v0, sizeof v0);
	assert_int_equal(pts.n[1], 3);
	assert_memory_equal(pts.t[1], t1, sizeof t1);
	assert_memory_equal(pts.v[1], v1, sizeof v1);
	assert_int_equal(pts.n[2], 2);
	assert_true(pts.t[2][0] == 6000 && pts.v[2][0] == 8);
	assert_true(pts.t[2][1] == 9000 && pts.v[2][1] == (double)UINT64_C(12345678901234567));
	tu_drop(path);
}

/* Lines that share the layout of the line before them are read from the
 * places of its separators: a line of the same length with a space, a
 * point, " ," or a digit where digits, ", " or its '\n' stood, or with its
 * columns moved,
 * is read as a line of its own layout, and the next lines of that layout
 * from it. Each as one sample at a time reads it. */
static void
test_points_same_layout(void **state)
{
	static const char text[] =
	    "1000, 99556, 0, 4096\n"
	    "1001, 99557, 1, 4096\n"
	    "1002,  9558, 0, 4096\n"
	    "1003, 995.5, 1, 4096\n"
	    "1004, 99559 ,0, 4096\n"
	    "1005, 99560, 2, 4096\n"
	    "10060, 9561, 1, 4096\n"
	    "10070, 9562, 0, 4096\n"
	    "1008, 9563, 00, 4096\n"
	    "10090, 9564, 1, 4096\r\n"
	    "10100, 9565, 1, 4096\n"
	    "10110, 9566, 1, 409600\n"
	    "10120, 9567, 1, 4096\n";
	static const double t0[] = { 1000, 1002, 1004, 10070, 1008 };
	static const double v0[] = { 99556, 9558, 99559, 9562, 9563 };
	static const double t1[] = { 1001, 1003, 10060, 10090, 10100, 10110, 10120 };
	static const double v1[] = { 99557, 995.5, 9561, 9564, 9565, 9566, 9567 };
	char *path = tu_temp_file("layout_bw.1.log", text);
	struct by_dir one, pts;
	struct eb_err err;
	void *ctx[1] = { &pts };
	int used = 0;

	(void)state;
	memset(&one, 0, sizeof one);
	memset(&pts, 0, sizeof pts);
	assert_int_equal(eb_fio_log_scan(path, keep_sample, &one, &err), EB_OK);
	assert_int_equal(eb_fio_log_scan_points(path, 1, keep_points, ctx, &used, &err), EB_OK);
	assert_same_dirs(&one, &pts);
	assert_int_equal(pts.n[0], 5);
	assert_memory_equal(pts.t[0], t0, sizeof t0);
	assert_memory_equal(pts.v[0], v0, sizeof v0);
	assert_int_equal(pts.n[1], 7);
	assert_memory_equal(pts.t[1], t1, sizeof t1);
	assert_memory_equal(pts.v[1], v1, sizeof v1);
	assert_int_equal(pts.n[2], 1);
	assert_true(pts.t[2][0] == 1005 && pts.v[2][0] == 99560);
	tu_drop(path);

	/* A direction of 3 in a line of the layout before is no sample. */
	path = tu_temp_file("dir3_bw.1.log", "1000, 99556, 0, 4096\n1001, 99557, 3, 4096\n");
	memset(&pts, 0, sizeof pts);
	assert_int_equal(eb_fio_log_scan_points(path, 1, keep_points, ctx, &used, &err),
	    EB_ERR_DATA);
	assert_int_equal(err.loc.line, 2);
	tu_drop(path);
}

/* A large log in parts: every sample once, the sums of the lines'
 * formulas; a bad line in the last part fails at its line of the log. */
static void
test_points_parts(void **state)
{
	char *path = big_log("big_clat.1.log", 0, NULL);
	struct by_dir one, part[4];
	void *ctx[4] = { &part[0], &part[1], &part[2], &part[3] };
	struct eb_err err;
	uint64_t n[2] = { 0, 0 };
	double sum[2] = { 0, 0 };
	int used = 0;

	(void)state;
	memset(&one, 0, sizeof one);
	memset(part, 0, sizeof part);
	assert_int_equal(eb_fio_log_scan_points(path, 4, keep_points, ctx, &used, &err), EB_OK);
	/* A part each 4 MiB of the log at the most. */
	assert_true(used > 1);
	for (int k = 0; k < used; k++)
		for (int d = 0; d < 3; d++) {
			one.count[d] += part[k].count[d];
			one.sum[d] += part[k].sum[d];
		}
	for (long i = 0; i < NLINES; i++) {
		n[line_dir(i)]++;
		sum[line_dir(i)] += (double)line_value(i);
	}
	assert_int_equal(one.count[0], n[0]);
	assert_int_equal(one.count[1], n[1]);
	assert_int_equal(one.count[2], 0);
	assert_true(one.sum[0] == sum[0] && one.sum[1] == sum[1]);
	/* The first part starts with the log: line 0 is a write at 0 ms. */
	assert_true(part[0].t[1][0] == 0 && part[0].v[1][0] == 20000);
	assert_true(part[0].t[0][0] == 0 && part[0].v[0][0] == 20000 + 7919);
	tu_drop(path);

	path = big_log("bad_clat.1.log", 350001, "1, 2, 3, 4096\n");
	memset(part, 0, sizeof part);
	assert_int_equal(eb_fio_log_scan_points(path, 4, keep_points, ctx, &used, &err),
	    EB_ERR_DATA);
	assert_int_equal(err.loc.line, 350001);
	assert_string_equal(err.msg, "not a fio log sample (time, value, direction, block size)");
	tu_drop(path);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_parts_as_lines),
		cmocka_unit_test(test_summary_same_layout),
		cmocka_unit_test(test_bom_alone),
		cmocka_unit_test(test_parts_error),
		cmocka_unit_test(test_parts_fraction),
		cmocka_unit_test(test_parts_long_line),
		cmocka_unit_test(test_wide_numbers),
		cmocka_unit_test(test_points_as_samples),
		cmocka_unit_test(test_points_same_layout),
		cmocka_unit_test(test_points_parts),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
