/* test_fio_log.c - fio bw/iops/latency logs: summary records of the corpus
 * and fixture logs, the streaming sample scan, line and name parsing. */
#include <unistd.h>

#include "testutil.h"
#include "tempfile.h"

#include "../../ingest/fio.h"

#define DATA "tests/data/fio/"

static long
find(const struct tu_run *r, const char *op, const char *metric)
{
	long hit = -1;

	for (size_t i = 0; i < r->t->n; i++)
		if (strcmp(r->t->rows[i].f[EB_F_OP], op) == 0 &&
		    strcmp(r->t->rows[i].f[EB_F_METRIC], metric) == 0) {
			assert_int_equal(hit, -1);
			hit = (long)i;
		}
	return hit;
}

/* Asserts one record of op and metric with value, block size and source
 * line, and returns its index. */
static long
expect_at(const struct tu_run *r, const char *op, const char *metric, double value,
    int64_t bs, long line, const char *file, int at)
{
	long i = find(r, op, metric);
	const char *src;

	if (i < 0) {
		print_error("no %s %s record\n", op, metric);
		_fail(file, at);
		return -1;
	}
	tu_assert_close_at(r->t->rows[i].value, value, 1e-12, file, at);
	if (r->t->rows[i].block_size != bs || (src = strrchr(TU_F(*r, i, SOURCE), ':')) == NULL ||
	    atol(src + 1) != line) {
		print_error("block size %lld, source %s\n", (long long)r->t->rows[i].block_size,
		    TU_F(*r, i, SOURCE));
		_fail(file, at);
	}
	return i;
}

#define EXPECT(r, op, metric, value, bs, line) \
	expect_at(&(r), op, metric, value, bs, line, __FILE__, __LINE__)

static void
assert_diag(const struct tu_run *r, const char *text)
{
	const char *all = r->diag.data != NULL ? r->diag.data : "";

	if (strstr(all, text) == NULL) {
		print_error("no diagnostic containing \"%s\" in:\n%s\n", text, all);
		fail();
	}
}

static char *
read_all(const char *path, size_t *n)
{
	FILE *fp = fopen(path, "rb");
	char *s = calloc(1, 1 << 20);

	assert_non_null(fp);
	*n = fread(s, 1, (1 << 20) - 1, fp);
	fclose(fp);
	return s;
}

/* ---- the corpus */

static void
test_corpus_bw_2_1(void **state)
{
	TU_CORPUS_OR_SKIP(path, "fio/fio-2.1-era-bw-log-randwrite-128k.log");
	struct tu_run r;
	char *text, *cut, *part;
	size_t n;
	long i;

	(void)state;
	/* fio 2.1 appended a "para" run's two threads (or two runs) into one
	 * log: 67 samples from 0 to 60935 ms, then 63 from 0 again. */
	tu_ingest(&r, path, "auto");
	assert_int_equal(r.st, EB_ERR_DATA);
	assert_int_equal(r.err.loc.line, 68);
	assert_ptr_equal(strstr(r.err.msg, "time starts again: this bandwidth log holds 2 runs "
	    "or clones one after another"), r.err.msg);
	assert_int_equal(r.t->n, 0);
	tu_free(&r);
	/* Split there, its first part reads. */
	text = read_all(path, &n);
	cut = text;
	for (int k = 0; k < 67; k++)
		cut = strchr(cut, '\n') + 1;
	*cut = '\0';
	part = tu_temp_file("fio-2.1-era-bw-log-randwrite-128k.log", text);
	tu_ingest(&r, part, "auto");
	assert_int_equal(r.st, EB_OK);
	assert_int_equal(r.t->n, 1);
	/* 67 windowed samples (0, 747, 1759 ... ms) of KiB/s, all writes. */
	i = EXPECT(r, "write", "bw", 1311677.0 / 67 * 1024, 131072, 1);
	assert_string_equal(TU_F(r, i, JOB), "fio-2.1-era-bw-log-randwrite-128k");
	assert_string_equal(TU_F(r, i, UNIT), "B/s");
	assert_string_equal(TU_F(r, i, TOOL), "fio");
	tu_free(&r);
	tu_drop(part);
	free(text);
}

static void
test_corpus_iops_2_1(void **state)
{
	TU_CORPUS_OR_SKIP(path, "fio/fio-2.1-era-iops-log-read-128k.log");
	struct tu_run r;

	(void)state;
	tu_ingest(&r, path, "auto");
	assert_int_equal(r.st, EB_OK);
	assert_int_equal(r.t->n, 1);
	/* 121 samples, the first 0; the block size column is 0. */
	EXPECT(r, "read", "iops", 99796.0 / 121, 0, 1);
	tu_free(&r);
}

static void
test_corpus_3_7(void **state)
{
	TU_CORPUS_OR_SKIP(bw, "fio/fio-3.7-bw-log-pbench.1.log");
	struct tu_run r;

	(void)state;
	tu_ingest(&r, bw, "auto");
	assert_int_equal(r.st, EB_OK);
	assert_int_equal(r.t->n, 1);
	EXPECT(r, "read", "bw", 477220.0 / 15 * 1024, 0, 1);
	tu_free(&r);
	{
		TU_CORPUS_OR_SKIP(clat, "fio/fio-3.7-clat-log-pbench.1.log");

		tu_ingest(&r, clat, "auto");
		assert_int_equal(r.st, EB_OK);
		/* ns in fio 3.x; averaged windows give no percentile. */
		assert_int_equal(r.t->n, 1);
		EXPECT(r, "read", "lat_mean", 83345455.0 / 16, 0, 1);
		assert_int_equal(find(&r, "read", "lat_p99"), -1);
		tu_free(&r);
	}
}

static void
test_corpus_hist(void **state)
{
	TU_CORPUS_OR_SKIP(path, "fio/fio-2.17-clat_hist-log-pkb.1.log");
	struct tu_run r;

	(void)state;
	tu_ingest(&r, path, "auto");
	/* No record from a file alone is an error giving the reason. */
	assert_int_equal(r.st, EB_ERR_DATA);
	assert_int_equal(r.t->n, 0);
	assert_ptr_equal(strstr(r.err.msg, "no record in this fio-log input: fio "), r.err.msg);
	assert_int_equal(r.nwarnings, 1);
	/* 9 rows at 1001 ... 9001 ms of 3 + 1216 columns. */
	assert_diag(&r, "warning: 1: fio latency histogram log (9 rows of 1216 buckets, "
	    "fio 2.x) recognised but not read yet");
	tu_free(&r);
}

/* ---- fixtures of fio 3.33 */

/* A file alone that yields no record is an error giving the reason, with
 * nwarnings warnings and the diagnostic note. */
static void
expect_no_record(const char *path, int nwarnings, const char *note)
{
	struct tu_run r;

	tu_ingest(&r, path, "auto");
	assert_int_equal(r.st, EB_ERR_DATA);
	assert_int_equal(r.t->n, 0);
	assert_ptr_equal(strstr(r.err.msg, "no record in this fio-log input: fio "), r.err.msg);
	assert_int_equal(r.nwarnings, nwarnings);
	assert_diag(&r, note);
	tu_free(&r);
}

static void
test_averaged(void **state)
{
	struct tu_run r;

	(void)state;
	tu_ingest(&r, DATA "avg_bw.1.log", "auto");
	assert_int_equal(r.st, EB_OK);
	assert_int_equal(r.t->n, 2);
	EXPECT(r, "read", "bw", 72135.0 / 9 * 1024, 0, 1);
	EXPECT(r, "write", "bw", 72135.0 / 9 * 1024, 0, 2);
	assert_string_equal(TU_F(r, 0, JOB), "avg");
	tu_free(&r);

	tu_ingest(&r, DATA "avg_iops.1.log", "auto");
	assert_int_equal(r.st, EB_OK);
	assert_int_equal(r.t->n, 2);
	EXPECT(r, "read", "iops", 18033.0 / 9, 0, 1);
	tu_free(&r);

	tu_ingest(&r, DATA "avg_clat.1.log", "auto");
	assert_int_equal(r.st, EB_OK);
	assert_int_equal(r.t->n, 2);
	EXPECT(r, "read", "lat_mean", 39915.8, 0, 2);
	EXPECT(r, "write", "lat_mean", 5728.1, 0, 1);
	tu_free(&r);

	/* Total latency is not lat_mean (completion latency). */
	expect_no_record(DATA "avg_lat.1.log", 0, "note: 0: fio total latency log: no summary record");
}

static void
test_per_io(void **state)
{
	struct tu_run r;

	(void)state;
	/* 32 writes of 4 KiB: the bucket of the 99th percentile (24192 ns in
	 * fio's buckets) is clamped to the largest sample, 24075. */
	tu_ingest(&r, DATA "perio_clat.1.log", "auto");
	assert_int_equal(r.st, EB_OK);
	assert_int_equal(r.t->n, 2);
	EXPECT(r, "write", "lat_mean", 105471.0 / 32, 4096, 1);
	EXPECT(r, "write", "lat_p99", 24075, 4096, 1);
	tu_free(&r);

	expect_no_record(DATA "perio_bw.1.log", 1, "log of every I/O (no log_avg_msec)");
}

static void
test_hist_3(void **state)
{
	(void)state;
	expect_no_record(DATA "hist_clat_hist.1.log", 1,
	    "(1 row of 1856 buckets, fio 3.x) recognised but not read yet");
}

static void
test_units_and_names(void **state)
{
	struct tu_run r;
	char *path;

	(void)state;
	/* fio 2.x latency logs are us: a 4-column log whose mean no device
	 * could complete in nanoseconds. */
	path = tu_temp_file("old_clat.1.log.host7", "0, 80, 0, 4096\n10, 90, 0, 4096\n"
	    "20, 100, 0, 4096\n30, 250, 0, 4096\n");
	tu_ingest(&r, path, "auto");
	assert_int_equal(r.st, EB_OK);
	assert_int_equal(r.t->n, 2);
	EXPECT(r, "read", "lat_mean", 130000, 4096, 1);
	EXPECT(r, "read", "lat_p99", 250000, 4096, 1);
	assert_string_equal(TU_F(r, 0, JOB), "old");
	assert_string_equal(TU_F(r, 0, HOST), "host7");
	assert_diag(&r, "latencies read as microseconds (fio 2.x)");
	tu_free(&r);
	tu_drop(path);

	/* With prio (3.18+) the unit is known to be ns. */
	path = tu_temp_file("new_clat.1.log", "0, 80, 1, 4096, 0, 1\n1, 90, 1, 4096, 4096, 1\n"
	    "2, 100, 1, 4096, 8192, 1\n");
	tu_ingest(&r, path, "fio-log");
	assert_int_equal(r.st, EB_OK);
	EXPECT(r, "write", "lat_mean", 90, 4096, 1);
	tu_free(&r);
	tu_drop(path);

	/* The samples do not say what they measure; the name must. */
	tu_ingest_text(&r, "0, 1, 0, 0\n1, 2, 0, 0\n2, 3, 0, 0\n", "auto");
	assert_int_equal(r.st, EB_ERR_DATA);
	assert_int_equal(r.err.loc.line, 0);
	assert_non_null(strstr(r.err.msg, "its name does not say of what"));
	tu_free(&r);

	tu_ingest_text(&r, "0, 1, 0, 0\n1, 2, 0, 0\nfio: oops\n", "fio-log");
	assert_int_equal(r.st, EB_ERR_DATA);
	assert_int_equal(r.err.loc.line, 3);
	assert_string_equal(r.err.msg,
	    "not a fio log sample (time, value, direction, block size)");
	tu_free(&r);

	assert_int_equal(eb_fio_log_kind("a/x_bw.1.log"), EB_FIO_LOG_BW);
	assert_int_equal(eb_fio_log_kind("x_iops.12.log.host"), EB_FIO_LOG_IOPS);
	assert_int_equal(eb_fio_log_kind("x_lat.1.log"), EB_FIO_LOG_LAT);
	assert_int_equal(eb_fio_log_kind("x_clat.1.log"), EB_FIO_LOG_CLAT);
	assert_int_equal(eb_fio_log_kind("x_slat.log"), EB_FIO_LOG_SLAT);
	assert_int_equal(eb_fio_log_kind("x_clat_hist.1.log"), EB_FIO_LOG_HIST);
	assert_int_equal(eb_fio_log_kind("fio-3.7-clat-log-pbench.1.log"), EB_FIO_LOG_CLAT);
	assert_int_equal(eb_fio_log_kind("latency-test_bw.1.log"), EB_FIO_LOG_BW);
	assert_int_equal(eb_fio_log_kind("results.log"), EB_FIO_LOG_UNKNOWN);
}

/* ---- the streaming API */

struct sum {
	long n, stop_after;
	double value, time;
	int dirs[3];
	long last_line;
};

static int
add_sample(void *ctx, const struct eb_fio_sample *s)
{
	struct sum *u = ctx;

	u->n++;
	u->value += s->value;
	u->time = s->time_ms;
	u->dirs[s->dir]++;
	u->last_line = s->line;
	return u->stop_after != 0 && u->n >= u->stop_after;
}

static void
test_scan(void **state)
{
	struct sum u;
	struct eb_err err;
	char *path;

	(void)state;
	memset(&u, 0, sizeof u);
	assert_int_equal(eb_fio_log_scan(DATA "avg_clat.1.log", add_sample, &u, &err), EB_OK);
	assert_int_equal(u.n, 20);
	tu_assert_close(u.value, 399158.0 + 57281);
	assert_int_equal(u.dirs[0], 10);
	assert_int_equal(u.dirs[1], 10);
	assert_int_equal(u.last_line, 20);

	memset(&u, 0, sizeof u);
	u.stop_after = 3;
	assert_int_equal(eb_fio_log_scan(DATA "avg_clat.1.log", add_sample, &u, &err), EB_OK);
	assert_int_equal(u.n, 3);

	memset(&u, 0, sizeof u);
	assert_int_equal(eb_fio_log_scan(DATA "hist_clat_hist.1.log", add_sample, &u, &err),
	    EB_ERR_DATA);
	assert_int_equal(err.loc.line, 1);
	assert_int_equal(u.n, 0);

	path = tu_temp_file("x_bw.1.log", "0, 1, 0, 0\r\n\n5, 2, 1, 0\r\nbad\n");
	memset(&u, 0, sizeof u);
	assert_int_equal(eb_fio_log_scan(path, add_sample, &u, &err), EB_ERR_DATA);
	assert_int_equal(u.n, 2);
	assert_int_equal(err.loc.line, 4);
	assert_string_equal(err.loc.path, path);
	tu_drop(path);

	assert_int_equal(eb_fio_log_scan("/nonexistent/x_bw.1.log", add_sample, &u, &err),
	    EB_ERR_IO);
}

/* The corpus logs sample by sample. */
static void
test_scan_corpus(void **state)
{
	struct sum u;
	struct eb_err err;

	(void)state;
	{
		TU_CORPUS_OR_SKIP(bw, "fio/fio-2.1-era-bw-log-randwrite-128k.log");

		memset(&u, 0, sizeof u);
		assert_int_equal(eb_fio_log_scan(bw, add_sample, &u, &err), EB_OK);
		assert_int_equal(u.n, 130);
		tu_assert_close(u.value, 2602634);
		tu_assert_close(u.time, 60451);
		assert_int_equal(u.dirs[1], 130);
		/* its first sample: "0, 24, 1, 131072" */
		memset(&u, 0, sizeof u);
		u.stop_after = 1;
		assert_int_equal(eb_fio_log_scan(bw, add_sample, &u, &err), EB_OK);
		assert_int_equal(u.n, 1);
		tu_assert_close(u.time, 0);
		tu_assert_close(u.value, 24);
		assert_int_equal(u.dirs[1], 1);
	}
	{
		TU_CORPUS_OR_SKIP(iops, "fio/fio-2.1-era-iops-log-read-128k.log");

		/* 121 reads, "0, 0, 0, 0" then "500, 894, 0, 0", last at 60294 ms */
		memset(&u, 0, sizeof u);
		assert_int_equal(eb_fio_log_scan(iops, add_sample, &u, &err), EB_OK);
		assert_int_equal(u.n, 121);
		assert_int_equal(u.dirs[0], 121);
		tu_assert_close(u.time, 60294);
		memset(&u, 0, sizeof u);
		u.stop_after = 2;
		assert_int_equal(eb_fio_log_scan(iops, add_sample, &u, &err), EB_OK);
		tu_assert_close(u.value, 894);
		tu_assert_close(u.time, 500);
	}
}

static void
test_parse_line(void **state)
{
	struct eb_fio_sample s;

	(void)state;
	assert_int_equal(eb_fio_log_parse_line("1000, 99556, 0, 0", 17, &s), 4);
	tu_assert_close(s.time_ms, 1000);
	tu_assert_close(s.value, 99556);
	assert_int_equal(s.dir, 0);
	assert_int_equal(s.bs, 0);
	assert_int_equal(s.offset, -1);
	/* offset and a log_prio=1 hex priority (3.28+) */
	assert_int_equal(eb_fio_log_parse_line("7, 5, 1, 4096, 8192, 0x2001", 27, &s), 6);
	assert_int_equal(s.dir, 1);
	assert_int_equal(s.bs, 4096);
	assert_int_equal(s.offset, 8192);
	/* log_window_value=both (3.37+): mean, then max, then ddir */
	assert_int_equal(eb_fio_log_parse_line("100, 50, 90, 1, 4096, 0", 23, &s), 6);
	tu_assert_close(s.value, 50);
	assert_int_equal(s.dir, 1);
	assert_int_equal(s.bs, 4096);
	assert_int_equal(eb_fio_log_parse_line("1, 2, 3", 7, &s), 0);
	assert_int_equal(eb_fio_log_parse_line("1, -2, 0, 0", 11, &s), 0);
	assert_int_equal(eb_fio_log_parse_line("1, 2, 0, 0,", 11, &s), 0);
	assert_int_equal(eb_fio_log_parse_line("1, 2, 7, 0", 10, &s), 0);
	assert_int_equal(eb_fio_log_parse_line("1; 2; 0; 0", 10, &s), 0);
	assert_int_equal(eb_fio_log_parse_line("", 0, &s), 0);
}

static void
test_probe(void **state)
{
	const struct eb_format *f = eb_format_find("fio-log");
	static const char two[] = "0, 1, 0, 0\n1, 2, 0, 0\n";
	static const char three[] = "0, 1, 0, 0\n1, 2, 0, 0\n2, 3, 1, 0\n";
	static const char mixed[] = "0, 1, 0, 0\n1, 2, 0, 0, 0\n2, 3, 1, 0\n";

	(void)state;
	assert_non_null(f);
	assert_int_equal(f->probe(two, sizeof two - 1), 0);
	assert_int_equal(f->probe(three, sizeof three - 1), 80);
	assert_int_equal(f->probe(mixed, sizeof mixed - 1), 0);
}

/* ---- every sample within its metric's limit */


/* fio writes a log's time, value, direction and block size as decimal
 * integers: "612497e3" or "0x95891" is a damaged sample, whose value is
 * 157 GB/s or another number, never a record (audit 20 F09). A priority,
 * fio 3.27's 6th column, may be hex. */
static void
test_sample_spelling(void **state)
{
	static const char *const bad[] = { "612497e3", "6.12497E5", "0x95891" };
	struct tu_run r;

	(void)state;
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		char *text = eb_xasprintf("101, 489821, 0, 0, 0\n350, %s, 0, 0, 0\n"
		    "600, 740289, 0, 0, 0\n", bad[i]);
		char *path = tu_temp_file("exp_bw.1.log", text);

		tu_ingest(&r, path, "auto");
		assert_int_equal(r.st, EB_ERR_DATA);
		assert_int_equal(r.err.loc.line, 2);
		assert_string_equal(r.err.msg, "not a fio log sample (time, value, direction, "
		    "block size)");
		assert_int_equal(r.t->n, 0);
		tu_free(&r);
		tu_drop(path);
		free(text);
	}
	{
		char *path = tu_temp_file("prio_bw.1.log", "101, 489821, 0, 4096, 0, 0x2003\n"
		    "350, 612497, 0, 4096, 0, 0x2003\n600, 740289, 0, 4096, 0, 0x2003\n");

		tu_ingest(&r, path, "auto");
		assert_int_equal(r.st, EB_OK);
		tu_free(&r);
		tu_drop(path);
	}
}

/* A real fio 3.33 bandwidth log (log_avg_msec=10, 21 samples of about
 * 20 000 KiB/s) whose 5th sample is 1e+11 KiB/s: its mean, 4.9 TB/s, is
 * under the 10 TB/s limit, the sample is not. */
static void
test_sample_limits(void **state)
{
	static const char clat[] = "536, 54607, 1, 0, 0\n1028, 33425, 1, 0, 0\n"
	    "1522, 10800000000001, 1, 0, 0\n2023, 4902, 1, 0, 0\n";
	static const char iops[] = "508, 968, 1, 0, 0\n1021, 10000000001, 1, 0, 0\n"
	    "1521, 1032, 1, 0, 0\n1521, 20000000000, 0, 0, 0\n";
	struct tu_run r;
	char *text, *path;
	size_t n;

	(void)state;
	tu_ingest(&r, DATA "../fio-log/damaged_bw.1.log", "auto");
	assert_int_equal(r.st, EB_ERR_DATA);
	assert_int_equal(r.err.loc.line, 5);
	assert_string_equal(r.err.msg, "fio bandwidth log sample 100000000000 KiB/s "
	    "(102400000000000 B/s) is beyond the limit of 10 TB/s (10000000000000 B/s)");
	assert_int_equal(r.t->n, 0);
	tu_free(&r);
	/* Read a line at a time (a stream), the same line. */
	text = read_all(DATA "../fio-log/damaged_bw.1.log", &n);
	tu_ingest_opts(&r, "damaged_bw.1.log", text, "auto", NULL, NULL);
	assert_int_equal(r.st, EB_ERR_DATA);
	assert_int_equal(r.err.loc.line, 5);
	assert_string_equal(r.err.msg, "fio bandwidth log sample 100000000000 KiB/s "
	    "(102400000000000 B/s) is beyond the limit of 10 TB/s (10000000000000 B/s)");
	tu_free(&r);
	free(text);
	/* A latency 1 ns beyond 3 hours, in a real clat log of fio 3.33. */
	path = tu_temp_file("nj_clat.1.log", clat);
	tu_ingest(&r, path, "auto");
	assert_int_equal(r.st, EB_ERR_DATA);
	assert_int_equal(r.err.loc.line, 3);
	assert_string_equal(r.err.msg, "fio completion latency log sample 10800000000001 ns "
	    "is beyond the limit of 3 hours (10800000000000 ns)");
	tu_free(&r);
	tu_drop(path);
	/* The limit itself is a sample still. */
	path = tu_temp_file("nj_clat.1.log", "536, 54607, 1, 0, 0\n1028, 33425, 1, 0, 0\n"
	    "1522, 10800000000000, 1, 0, 0\n2023, 4902, 1, 0, 0\n");
	tu_ingest(&r, path, "auto");
	assert_int_equal(r.st, EB_OK);
	EXPECT(r, "write", "lat_mean", (54607.0 + 33425 + 10800000000000.0 + 4902) / 4, 0, 1);
	tu_free(&r);
	tu_drop(path);
	/* Of two directions beyond, the first checked (reads) is named. */
	path = tu_temp_file("nj_iops.1.log", iops);
	tu_ingest(&r, path, "auto");
	assert_int_equal(r.st, EB_ERR_DATA);
	assert_int_equal(r.err.loc.line, 4);
	assert_string_equal(r.err.msg, "fio IOPS log sample 20000000000 IOPS is beyond the "
	    "limit of 10^10 IOPS (10000000000 IOPS)");
	tu_free(&r);
	tu_drop(path);
}

/* ---- the logs of a job's clones */

#define CLONES "tests/data/fio-log/"

/* fio 3.33, numjobs=2, rate=4m, log_avg_msec=500 and no group_reporting:
 * the clones' logs nj_bw.1.log (4 samples, 16102 KiB/s in all) and
 * nj_bw.2.log (3, 12310). The JSON of the run gives the clones bw_mean
 * 4025.5 and 4103.333333, iops_mean 1006.0 and 1025.666667: the job's is
 * their sum, one run. */
static void
test_clones(void **state)
{
	struct tu_run r;

	(void)state;
	tu_ingest(&r, CLONES "clones/nj_bw.1.log", "auto");
	assert_int_equal(r.st, EB_OK);
	assert_int_equal(r.t->n, 1);
	EXPECT(r, "write", "bw", (16102.0 / 4 + 12310.0 / 3) * 1024, 0, 1);
	tu_assert_close_at((16102.0 / 4 + 12310.0 / 3), 4025.5 + 4103.333333, 1e-9,
	    __FILE__, __LINE__);
	assert_int_equal(r.t->rows[0].rep, 1);
	assert_diag(&r, "note: 0: the bandwidth logs of 2 clones of one fio run (numjobs; "
	    CLONES "clones/nj_bw.1.log to " CLONES "clones/nj_bw.2.log): their samples "
	    "summed, as fio's group_reporting sums clones, one run");
	tu_free(&r);
	tu_ingest(&r, CLONES "clones/nj_iops.1.log", "auto");
	assert_int_equal(r.st, EB_OK);
	EXPECT(r, "write", "iops", 4024.0 / 4 + 3077.0 / 3, 0, 1);
	tu_assert_close_at(4024.0 / 4 + 3077.0 / 3, 1006.0 + 1025.666667, 1e-9, __FILE__, __LINE__);
	tu_free(&r);
	/* A later clone's log alone reads its family too: the same record,
	 * at its own first line. */
	tu_ingest(&r, CLONES "clones/nj_bw.2.log", "auto");
	assert_int_equal(r.st, EB_OK);
	assert_int_equal(r.t->n, 1);
	EXPECT(r, "write", "bw", (16102.0 / 4 + 12310.0 / 3) * 1024, 0, 1);
	assert_string_equal(r.t->rows[0].f[EB_F_SOURCE], CLONES "clones/nj_bw.2.log:1");
	tu_free(&r);
	/* The folder: one record per metric, the clones counted once. */
	tu_ingest(&r, CLONES "clones", "auto");
	assert_int_equal(r.st, EB_OK);
	assert_int_equal(r.t->n, 2);
	EXPECT(r, "write", "bw", (16102.0 / 4 + 12310.0 / 3) * 1024, 0, 1);
	EXPECT(r, "write", "iops", 4024.0 / 4 + 3077.0 / 3, 0, 1);
	tu_free(&r);
}

/* Two runs of the same job in two folders are two repetitions, each the
 * sum of its clones; the second ran with group_reporting, whose JSON
 * says bw_mean 8151.333333 and iops_mean 2037.833333 for the group. */
static void
test_clones_runs(void **state)
{
	struct eb_ingest_opts opts;
	struct eb_table *t = eb_table_new();
	struct eb_err err;
	struct tu_run r;

	(void)state;
	memset(&opts, 0, sizeof opts);
	opts.format = "auto";
	assert_int_equal(eb_ingest_path(t, CLONES "clones/nj_bw.1.log", &opts, &err), EB_OK);
	assert_int_equal(eb_ingest_path(t, CLONES "clones-group/nj_bw.1.log", &opts, &err), EB_OK);
	eb_table_number_reps(t, 0);
	assert_int_equal(t->n, 2);
	assert_int_equal(t->rows[0].rep, 1);
	assert_int_equal(t->rows[1].rep, 2);
	tu_assert_close_at(t->rows[0].value, (16102.0 / 4 + 12310.0 / 3) * 1024, 1e-12,
	    __FILE__, __LINE__);
	tu_assert_close_at(t->rows[1].value, (12304.0 / 3 + 16200.0 / 4) * 1024, 1e-12,
	    __FILE__, __LINE__);
	tu_assert_close_at(12304.0 / 3 + 16200.0 / 4, 8151.333333, 1e-9, __FILE__, __LINE__);
	eb_table_free(t);
	tu_ingest(&r, CLONES "clones-group/nj_iops.1.log", "auto");
	EXPECT(r, "write", "iops", 3076.0 / 3 + 4050.0 / 4, 0, 1);
	tu_assert_close_at(3076.0 / 3 + 4050.0 / 4, 2037.833333, 1e-9, __FILE__, __LINE__);
	tu_free(&r);
}

/* Completion latency logs of every I/O of two clones (fio 3.33,
 * numjobs=2, group_reporting): pooled, the mean and 99th percentile of
 * the run's JSON, clat_ns mean 38391.193928 of N 1021, 99.000000: 69120. */
static void
test_clones_latency(void **state)
{
	struct tu_run r;
	long i;

	(void)state;
	tu_ingest(&r, CLONES "clones-clat/nj_clat.1.log", "auto");
	assert_int_equal(r.st, EB_OK);
	assert_int_equal(r.t->n, 2);
	i = find(&r, "write", "lat_mean");
	assert_true(i >= 0);
	assert_true(fabs(r.t->rows[i].value - 38391.193928) < 0.5e-6);
	EXPECT(r, "write", "lat_p99", 69120, 4096, 1);
	tu_free(&r);
}

/* per_job_logs=0 writes both clones into aa_bw.log, one after the other,
 * each from its own start (fio 3.33; the JSON's bw_mean 4073.5 and 4096.0
 * KiB/s), and appends the next run of the job the same way: clones or
 * runs, the log cannot tell. */
static void
test_clones_one_file(void **state)
{
	struct tu_run r;
	char *text;
	size_t n;

	(void)state;
	tu_ingest(&r, CLONES "one-file/aa_bw.log", "auto");
	assert_int_equal(r.st, EB_ERR_DATA);
	assert_int_equal(r.err.loc.line, 5);
	assert_string_equal(r.err.msg, "time starts again: this bandwidth log holds 2 runs or "
	    "clones one after another, as fio appends to a log without a clone number "
	    "(per_job_logs=0; every log of fio 2.x); clones add up and runs are repetitions, "
	    "and the log does not say which: split it where the time starts again, or write "
	    "a log per clone (fio 3's default)");
	tu_free(&r);
	/* Read a line at a time, the same. */
	text = read_all(CLONES "one-file/aa_iops.log", &n);
	tu_ingest_opts(&r, "aa_iops.log", text, "auto", NULL, NULL);
	assert_int_equal(r.st, EB_ERR_DATA);
	assert_int_equal(r.err.loc.line, 5);
	tu_free(&r);
	free(text);
}

/* The points of the charts as the widths of fio's columns make them: a
 * time and a value of 1 to 8 digits (converted side by side), of 9 to 16
 * (each alone), 17 (read the slow way), 5 and 6 columns within 32 bytes,
 * a line of exactly 31 bytes and of 32 and more, zeros, each direction.
 * Every value is taken from the text by hand. */
struct pts {
	double t[3][8], v[3][8];
	size_t n[3];
};

static int
keep_pts(void *ctx, const struct eb_fio_points *run)
{
	struct pts *p = ctx;

	for (size_t i = 0; i < run->n; i++) {
		assert_true(p->n[run->dir] < 8);
		p->t[run->dir][p->n[run->dir]] = run->time_ms[i];
		p->v[run->dir][p->n[run->dir]++] = run->value[i];
	}
	return 0;
}

static void
test_points_widths(void **state)
{
	static const char text[] =
	    "0, 0, 0, 4096\n"
	    "7, 99999999, 1, 4096\n"
	    "12345678, 87654321, 2, 131072\n"
	    "123456789, 5, 0, 4096\n"
	    "9, 1234567890, 1, 4096, 0\n"
	    "1000, 393216, 0, 131072, 0, 1\n"
	    "123456, 7654321, 1, 1048576, 9\n"		/* 31 bytes */
	    "1234567, 7654321, 1, 1048576, 9\n"	/* 32 bytes */
	    "2000, 5, 2, 4096, 123456789012345678\n"
	    "1234567890123456, 1, 0, 4096\n"
	    "3000, 12345678901234567, 2, 4096\n";
	static const double t0[] = { 0, 123456789, 1000, 1234567890123456.0 };
	static const double v0[] = { 0, 5, 393216, 1 };
	static const double t1[] = { 7, 9, 123456, 1234567 };
	static const double v1[] = { 99999999, 1234567890, 7654321, 7654321 };
	static const double t2[] = { 12345678, 2000, 3000 };
	static const double v2[] = { 87654321, 5, 12345678901234567.0 };
	static const double *const want_t[3] = { t0, t1, t2 }, *const want_v[3] = { v0, v1, v2 };
	static const size_t want_n[3] = { 4, 4, 3 };
	char *path = tu_temp_file("widths_bw.1.log", text);
	struct pts got;
	struct eb_err err;
	void *ctx = &got;
	int used = 0;

	(void)state;
	memset(&got, 0, sizeof got);
	assert_int_equal(eb_fio_log_scan_points(path, 1, keep_pts, &ctx, &used, &err), EB_OK);
	assert_int_equal(used, 1);
	for (int d = 0; d < 3; d++) {
		assert_int_equal(got.n[d], want_n[d]);
		assert_memory_equal(got.t[d], want_t[d], want_n[d] * sizeof(double));
		assert_memory_equal(got.v[d], want_v[d], want_n[d] * sizeof(double));
	}
	tu_drop(path);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_corpus_bw_2_1),
		cmocka_unit_test(test_corpus_iops_2_1),
		cmocka_unit_test(test_corpus_3_7),
		cmocka_unit_test(test_corpus_hist),
		cmocka_unit_test(test_averaged),
		cmocka_unit_test(test_per_io),
		cmocka_unit_test(test_hist_3),
		cmocka_unit_test(test_units_and_names),
		cmocka_unit_test(test_scan),
		cmocka_unit_test(test_scan_corpus),
		cmocka_unit_test(test_parse_line),
		cmocka_unit_test(test_probe),
		cmocka_unit_test(test_sample_spelling),
		cmocka_unit_test(test_sample_limits),
		cmocka_unit_test(test_clones),
		cmocka_unit_test(test_clones_runs),
		cmocka_unit_test(test_clones_latency),
		cmocka_unit_test(test_clones_one_file),
		cmocka_unit_test(test_points_widths),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
