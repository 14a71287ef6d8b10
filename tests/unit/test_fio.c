/* test_fio.c - fio JSON, terse and normal output: every figure of the shared
 * corpus's MANIFEST, our own fio 3.33 fixtures, and one run in three formats. */
#include "testutil.h"
#include "cuts.h"

#include "../../ingest/fio.h"

#define DATA "tests/data/fio/"

/* The index of the one record with these fields (NULL: any; rep 0: any),
 * or -1; two matching records fail the test. */
static long
find_at(const struct tu_run *r, const char *host, const char *job, const char *op,
    const char *metric, int rep, const char *file, int line)
{
	long hit = -1;

	for (size_t i = 0; i < r->t->n; i++) {
		const struct eb_record *x = &r->t->rows[i];

		if ((host != NULL && strcmp(x->f[EB_F_HOST], host) != 0) ||
		    (job != NULL && strcmp(x->f[EB_F_JOB], job) != 0) ||
		    strcmp(x->f[EB_F_OP], op) != 0 || strcmp(x->f[EB_F_METRIC], metric) != 0 ||
		    (rep != 0 && x->rep != rep))
			continue;
		if (hit >= 0) {
			print_error("two records for %s %s %s %s rep %d\n", host ? host : "*",
			    job ? job : "*", op, metric, rep);
			_fail(file, line);
		}
		hit = (long)i;
	}
	return hit;
}

#define FIND(r, job, op, metric, rep) \
	find_at(&(r), NULL, job, op, metric, rep, __FILE__, __LINE__)
#define FIND_HOST(r, host, job, op, metric) \
	find_at(&(r), host, job, op, metric, 0, __FILE__, __LINE__)

/* Asserts the record exists and holds value, within rel. */
static void
expect_at(const struct tu_run *r, const char *host, const char *job, const char *op,
    const char *metric, int rep, double value, double rel, const char *file, int line)
{
	long i = find_at(r, host, job, op, metric, rep, file, line);

	if (i < 0) {
		print_error("no record %s %s %s %s rep %d\n", host ? host : "*",
		    job ? job : "*", op, metric, rep);
		_fail(file, line);
		return;
	}
	tu_assert_close_at(r->t->rows[i].value, value, rel, file, line);
}

#define EXPECT(r, job, op, metric, value) \
	expect_at(&(r), NULL, job, op, metric, 0, value, 1e-12, __FILE__, __LINE__)
#define EXPECT_REP(r, job, op, metric, rep, value) \
	expect_at(&(r), NULL, job, op, metric, rep, value, 1e-12, __FILE__, __LINE__)
#define EXPECT_HOST(r, host, job, op, metric, value) \
	expect_at(&(r), host, job, op, metric, 0, value, 1e-12, __FILE__, __LINE__)
#define EXPECT_NEAR(r, job, op, metric, value, rel) \
	expect_at(&(r), NULL, job, op, metric, 0, value, rel, __FILE__, __LINE__)

/* The line number of a record's source. */
static long
src_line(const struct tu_run *r, long i)
{
	const char *s;

	assert_true(i >= 0);
	s = strrchr(r->t->rows[i].f[EB_F_SOURCE], ':');
	assert_non_null(s);
	return atol(s + 1);
}

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
slurp(const char *path, size_t *len)
{
	FILE *fp = fopen(path, "rb");
	char *buf;
	long n;

	assert_non_null(fp);
	fseek(fp, 0, SEEK_END);
	n = ftell(fp);
	fseek(fp, 0, SEEK_SET);
	buf = eb_xmalloc((size_t)n + 1);
	assert_int_equal(fread(buf, 1, (size_t)n, fp), (size_t)n);
	buf[n] = '\0';
	fclose(fp);
	if (len != NULL)
		*len = (size_t)n;
	return buf;
}

static int
probe_file(const char *format, const char *path)
{
	size_t len;
	char *buf = slurp(path, &len);
	int score = eb_format_find(format)->probe(buf, len > EB_PROBE_BYTES ? EB_PROBE_BYTES : len);

	free(buf);
	return score;
}

/* ---- JSON, shared corpus */

static void
test_json_2_1_4(void **state)
{
	TU_CORPUS_OR_SKIP(path, "fio/fio-2.1.4-json-pkb-5jobs-seq-rand.json");
	struct tu_run r;
	long i;

	(void)state;
	tu_ingest(&r, path, "auto");
	assert_int_equal(r.st, EB_OK);
	/* 5 jobs x bw, iops, lat_mean, lat_p99, cpu */
	assert_int_equal(r.t->n, 25);
	/* fio 2.1.4: bw in KiB/s, clat in us, no options printed at all. */
	EXPECT(r, "sequential_write", "write", "bw", 68118.0 * 1024);
	EXPECT(r, "sequential_write", "write", "iops", 133);
	EXPECT(r, "sequential_write", "write", "lat_mean", 477734.84 * 1000);
	EXPECT(r, "sequential_write", "write", "lat_p99", 823296000);
	EXPECT(r, "sequential_write", "write", "cpu", 0.23 + 1.20);
	EXPECT(r, "sequential_read", "read", "bw", 129836.0 * 1024);
	EXPECT(r, "sequential_read", "read", "iops", 253);
	EXPECT(r, "sequential_read", "read", "lat_mean", 250667.06 * 1000);
	EXPECT(r, "random_write_test", "write", "bw", 6443.0 * 1024);
	EXPECT(r, "random_write_test", "write", "iops", 1610);
	EXPECT(r, "random_write_test", "write", "lat_mean", 587.02 * 1000);
	EXPECT(r, "random_read_test", "read", "bw", 1269.0 * 1024);
	EXPECT(r, "random_read_test", "read", "iops", 317);
	EXPECT(r, "random_read_test", "read", "lat_mean", 3117.62 * 1000);
	EXPECT(r, "random_read_test_parallel", "read", "bw", 1292.0 * 1024);
	EXPECT(r, "random_read_test_parallel", "read", "iops", 323);
	EXPECT(r, "random_read_test_parallel", "read", "lat_mean", 198030.44 * 1000);
	assert_int_equal(FIND(r, "sequential_write", "read", "bw", 0), -1);
	i = FIND(r, "sequential_write", "write", "bw", 0);
	assert_int_equal(src_line(&r, i), 61);
	assert_string_equal(TU_F(r, i, WORKLOAD), "");
	assert_int_equal(r.t->rows[i].block_size, 0);
	assert_string_equal(TU_F(r, i, TOOL), "fio");
	assert_int_equal(r.t->rows[i].rep, 1);
	assert_int_equal(r.nwarnings, 0);
	tu_free(&r);
}

static void
test_json_2_17(void **state)
{
	TU_CORPUS_OR_SKIP(path, "fio/fio-2.17-json-pkb-hist-group_reporting.json");
	struct tu_run r;
	const char *rd = "rand_16k_read_100%-io-depth-1-num-jobs-2";
	const char *wr = "rand_16k_write_100%-io-depth-1-num-jobs-2";
	long i;

	(void)state;
	tu_ingest(&r, path, "auto");
	assert_int_equal(r.st, EB_OK);
	assert_int_equal(r.t->n, 10);
	EXPECT(r, rd, "read", "bw", 129386.0 * 1024);
	EXPECT(r, rd, "read", "iops", 8086.673998);
	EXPECT(r, rd, "read", "lat_mean", 238.357679 * 1000);
	EXPECT(r, rd, "read", "lat_p99", 1352000);
	EXPECT(r, wr, "write", "bw", 39312.0 * 1024);
	EXPECT(r, wr, "write", "iops", 2457.017193);
	EXPECT(r, wr, "write", "lat_mean", 800.193694 * 1000);
	i = FIND(r, rd, "read", "bw", 0);
	assert_string_equal(TU_F(r, i, WORKLOAD), "rand");
	assert_int_equal(r.t->rows[i].block_size, 16384);
	tu_free(&r);
}

static void
test_json_3_19_clones(void **state)
{
	TU_CORPUS_OR_SKIP(path, "fio/fio-3.19-json-pbench.txt");
	struct tu_run r;
	const char *job = "job-/dev/nvme8n1";
	long i;

	(void)state;
	tu_ingest(&r, path, "auto");
	assert_int_equal(r.st, EB_OK);
	/* 8 clones of one job, no group_reporting: one job, combined as
	 * group_reporting combines them, their bytes and I/Os over the
	 * longest runtime (86400338 ms). */
	assert_int_equal(r.t->n, 7);
	EXPECT(r, job, "read", "bw", floor(78995775488.0 * 1000 / 86400338));
	EXPECT(r, job, "read", "iops", 19285828 * 1000.0 / 86400338);
	EXPECT(r, job, "write", "bw", floor(78954762240.0 * 1000 / 86400338));
	EXPECT(r, job, "write", "iops", 19275803 * 1000.0 / 86400338);
	/* Mean latency weighted by each clone's I/O count (total_ios). */
	EXPECT_NEAR(r, job, "read", "lat_mean", 1129113056.2212367, 1e-9);
	assert_int_equal(FIND(r, job, "read", "lat_p99", 0), -1);
	assert_diag(&r, "8 clones of job 'job-/dev/nvme8n1' cannot have their 99th percentiles");
	i = FIND(r, job, "mixed", "cpu", 0);
	assert_true(i >= 0);
	assert_string_equal(TU_F(r, i, WORKLOAD), "mixed");
	assert_int_equal(r.t->rows[i].block_size, 4096);
	tu_free(&r);
}

static void
test_json_3_33_leading_text(void **state)
{
	TU_CORPUS_OR_SKIP(path, "fio/fio-3.33-json-leading-signal-msg-group_reporting.json");
	struct tu_run r;
	long i;

	(void)state;
	tu_ingest(&r, path, "auto");
	assert_int_equal(r.st, EB_OK);
	assert_int_equal(r.t->n, 9);
	EXPECT(r, "sequential_read", "read", "bw", 31383676);
	EXPECT(r, "sequential_read", "read", "iops", 7662.030309);
	EXPECT(r, "sequential_read", "read", "lat_mean", 7881155.058386);
	EXPECT(r, "sequential_read", "read", "lat_p99", 35913728);
	EXPECT(r, "sequential_read", "write", "bw", 161128721);
	EXPECT(r, "sequential_read", "write", "iops", 39338.066766);
	EXPECT(r, "sequential_read", "write", "lat_mean", 886230.578053);
	EXPECT(r, "sequential_read", "mixed", "cpu", 10.266099);
	i = FIND(r, "sequential_read", "read", "bw", 0);
	assert_int_equal(src_line(&r, i), 34);
	assert_string_equal(TU_F(r, i, WORKLOAD), "mixed");
	assert_int_equal(r.t->rows[i].block_size, 4096);
	tu_free(&r);
}

static void
test_json_3_36_no_global(void **state)
{
	TU_CORPUS_OR_SKIP(path, "fio/fio-3.36-json-randrw-128k-1job.json");
	struct tu_run r;
	long i;

	(void)state;
	tu_ingest(&r, path, "auto");
	assert_int_equal(r.st, EB_OK);
	assert_int_equal(r.t->n, 9);
	EXPECT(r, "test", "read", "bw", 89500118);
	EXPECT(r, "test", "read", "iops", 682.831717);
	EXPECT(r, "test", "read", "lat_mean", 893319.601552);
	EXPECT(r, "test", "read", "lat_p99", 1613824);
	EXPECT(r, "test", "write", "bw", 89985036);
	EXPECT(r, "test", "write", "iops", 686.531347);
	EXPECT(r, "test", "write", "lat_mean", 530239.697349);
	EXPECT(r, "test", "write", "lat_p99", 946176);
	EXPECT(r, "test", "mixed", "cpu", 20.96);
	i = FIND(r, "test", "write", "bw", 0);
	assert_string_equal(TU_F(r, i, WORKLOAD), "rand");
	assert_int_equal(r.t->rows[i].block_size, 131072);
	tu_free(&r);
}

static void
test_json_client_server_3_7(void **state)
{
	TU_CORPUS_OR_SKIP(path, "fio/fio-3.7-client-server-json-2hosts-pbench.txt");
	struct tu_run r;
	const char *job = "job-/tmp/fio";
	double ios36[] = { 119305, 119265, 119291, 119368, 119327 };
	double lat36[] = { 3994084.886371, 3994490.812768, 3994085.332127, 3991332.171961,
	    3992402.670956 };
	double num = 0, den = 0;
	long i;

	(void)state;
	/* 78 KB, so the probes see only its head. */
	assert_int_equal(probe_file("fio-json", path), 95);
	assert_int_equal(probe_file("fio-terse", path), 0);
	assert_int_equal(probe_file("fio-normal", path), 0);
	tu_ingest(&r, path, "auto");
	assert_int_equal(r.st, EB_OK);
	/* per host: bw, iops, lat_mean, cpu; "All clients" is no host. Each
	 * host's 5 clones: their bytes and I/Os over the longest runtime. */
	assert_int_equal(r.t->n, 8);
	EXPECT_HOST(r, "perf36", job, "read", "bw", floor(2444136448.0 * 1000 / 15005));
	EXPECT_HOST(r, "perf84", job, "read", "bw", floor(3296215040.0 * 1000 / 15034));
	EXPECT_HOST(r, "perf36", job, "read", "iops", 596556 * 1000.0 / 15005);
	EXPECT_HOST(r, "perf84", job, "read", "iops", 804585 * 1000.0 / 15034);
	for (int k = 0; k < 5; k++) {
		num += ios36[k] * lat36[k];
		den += ios36[k];
	}
	expect_at(&r, "perf36", job, "read", "lat_mean", 0, num / den, 1e-12, __FILE__, __LINE__);
	assert_int_equal(FIND_HOST(r, "All clients", job, "read", "bw"), -1);
	assert_diag(&r, "note: 2785: fio's \"All clients\" entry sums the results of the "
	    "clients it follows; it is no host of its own, and is not read");
	assert_int_equal(FIND(r, NULL, "read", "lat_p99", 0), -1);
	i = FIND_HOST(r, "perf36", job, "read", "bw");
	assert_int_equal(src_line(&r, i), 58);
	assert_string_equal(TU_F(r, i, WORKLOAD), "seq");
	assert_int_equal(r.t->rows[i].block_size, 4096);
	tu_free(&r);
}

/* ---- JSON, our fixtures */

static void
test_json_same_run(void **state)
{
	struct tu_run r;
	long i;

	(void)state;
	tu_ingest(&r, DATA "same-run-json-terse-normal.txt", "auto");
	assert_int_equal(r.st, EB_OK);
	assert_int_equal(r.t->n, 10);
	EXPECT(r, "seqwrite", "write", "bw", 8800033903);
	EXPECT(r, "seqwrite", "write", "iops", 67138.930535);
	EXPECT(r, "seqwrite", "write", "lat_mean", 12749.919379);
	EXPECT(r, "seqwrite", "write", "lat_p99", 22912);
	EXPECT(r, "seqwrite", "write", "cpu", 91.65);
	EXPECT(r, "randread", "read", "bw", 154067734);
	EXPECT(r, "randread", "read", "lat_p99", 38144);
	i = FIND(r, "seqwrite", "write", "bw", 0);
	assert_int_equal(r.t->rows[i].block_size, 131072);
	assert_string_equal(TU_F(r, i, WORKLOAD), "seq");
	i = FIND(r, "randread", "read", "iops", 0);
	assert_int_equal(r.t->rows[i].block_size, 4096);
	assert_string_equal(TU_F(r, i, WORKLOAD), "rand");
	tu_free(&r);
}

static void
test_json_numjobs(void **state)
{
	struct tu_run r;

	(void)state;
	/* Two clones, no group_reporting: summed, latency weighted by I/Os. */
	tu_ingest(&r, DATA "numjobs2-json-terse-normal.txt", "fio-json");
	assert_int_equal(r.st, EB_OK);
	assert_int_equal(r.t->n, 4);
	EXPECT(r, "nj2", "read", "bw", floor(376430592.0 * 1000 / 1001));
	EXPECT(r, "nj2", "read", "iops", 91902 * 1000.0 / 1001);
	EXPECT(r, "nj2", "read", "lat_mean",
	    (45950 * 20978.344287 + 45952 * 21017.826667) / (45950 + 45952));
	EXPECT(r, "nj2", "read", "cpu", (35.6 + 36.5) / 2);
	assert_int_equal(FIND(r, "nj2", "read", "lat_p99", 0), -1);
	assert_diag(&r, "2 clones of job 'nj2'");
	tu_free(&r);

	tu_ingest(&r, DATA "numjobs2-group-json-terse-normal.txt", "fio-json");
	assert_int_equal(r.st, EB_OK);
	assert_int_equal(r.t->n, 5);
	EXPECT(r, "nj2g", "read", "bw", 372336191);
	EXPECT(r, "nj2g", "read", "iops", 90902.390438);
	EXPECT(r, "nj2g", "read", "lat_mean", 21081.911194);
	EXPECT(r, "nj2g", "read", "lat_p99", 49408);
	tu_free(&r);
}

/* numjobs=2 without group_reporting (real fio 3.33, --output-format=
 * json,normal): clone 1 wrote 8 MiB in 6 ms, clone 2 in 8 ms. fio's own
 * group line says "WRITE: bw=2000MiB/s (2097MB/s) ... io=16.0MiB (16.8MB),
 * run=6-8msec", 16777216 bytes over the longest runtime; the clones' rates
 * added would be 1398101333 + 1048576000. With group_reporting fio's job
 * is that rule too: 16777216 bytes in 3 ms, bw_bytes 5592405333. */
static void
test_clones_as_group_reporting(void **state)
{
	static const char *const files[][2] = {
		{ DATA "numjobs2-nogroup-3.33.out", "auto" },
		{ DATA "numjobs2-nogroup-3.33.out", "fio-normal" },
		{ DATA "numjobs2-nogroup-3.33-normal.txt", "auto" },
	};
	struct tu_run r;

	(void)state;
	for (size_t k = 0; k < sizeof files / sizeof files[0]; k++) {
		tu_ingest(&r, files[k][0], files[k][1]);
		assert_int_equal(r.st, EB_OK);
		EXPECT(r, "cl", "write", "bw", 2097152000);
		EXPECT(r, "cl", "write", "iops", 256 * 1000.0 / 8);
		tu_free(&r);
	}
	tu_ingest(&r, DATA "numjobs2-group-reporting-3.33.out", "auto");
	assert_int_equal(r.st, EB_OK);
	EXPECT(r, "cl", "write", "bw", floor(16777216.0 * 1000 / 3));
	EXPECT(r, "cl", "write", "iops", 85333.333333);
	tu_free(&r);
}

/* A write job with verify=md5 (real fio 3.33, json,normal): fio reports
 * its read-back of what it wrote as the job's read direction, which is no
 * read test; only the writes are records, 4 MiB in 64 ms. */
static void
test_verify_reads_left_out(void **state)
{
	static const char *const formats[] = { "auto", "fio-normal" };
	struct tu_run r;

	(void)state;
	for (size_t k = 0; k < 2; k++) {
		tu_ingest(&r, DATA "write-verify-md5-3.33.out", formats[k]);
		assert_int_equal(r.st, EB_OK);
		assert_int_equal(FIND(r, "vw", "read", "bw", 0), -1);
		assert_int_equal(FIND(r, "vw", "read", "lat_mean", 0), -1);
		EXPECT(r, "vw", "write", "bw", 4194304 * 1000.0 / 64);
		assert_diag(&r, "fio job 'vw' only writes (rw=write): its reads are fio's check of "
		    "what it wrote (verify=), no read test, and are not read");
		tu_free(&r);
	}
}

static void
test_json_plus_bins(void **state)
{
	struct tu_run r;

	(void)state;
	/* json+ buckets of two clones merge into fio's own percentile (each
	 * clone's buckets give its printed p99: 708608 and 148480). */
	tu_ingest(&r, DATA "jsonplus-numjobs2.json", "auto");
	assert_int_equal(r.st, EB_OK);
	assert_int_equal(r.t->n, 5);
	EXPECT(r, "jp", "read", "lat_p99", 407552);
	EXPECT(r, "jp", "read", "bw", floor(524288.0 * 1000 / 3));
	EXPECT(r, "jp", "read", "lat_mean", (36745.484375 + 22470.078125) / 2);
	assert_null(r.diag.data != NULL ? strstr(r.diag.data, "clones") : NULL);
	tu_free(&r);
}

static void
test_json_status_interval(void **state)
{
	struct tu_run r;
	long i;

	(void)state;
	tu_ingest(&r, DATA "status-interval.json", "auto");
	assert_int_equal(r.st, EB_OK);
	assert_int_equal(r.t->n, 5);
	EXPECT_REP(r, "si", "read", "bw", 1, 153973573);
	EXPECT(r, "si", "read", "iops", 37591.204398);
	EXPECT(r, "si", "read", "lat_mean", 25489.985802);
	EXPECT(r, "si", "read", "lat_p99", 36096);
	assert_diag(&r, "2 --status-interval snapshots");
	i = FIND(r, "si", "read", "bw", 0);
	assert_int_equal(src_line(&r, i), 565);
	tu_free(&r);
}

/* Real fio 3.33 normal text of --status-interval=1 --rate=4m --size=8M:
 * two interim snapshots (pid 17305) and the final result, each printed as
 * a whole run; only the last is a result: 128 writes of 64 KiB in 1985
 * ms. With numjobs=2 the two clones' last snapshots combine, 256 writes
 * over 1987 ms. Two runs appended with >> (banners and pids of their
 * own) stay two repetitions. */
static void
test_normal_status_interval(void **state)
{
	struct tu_run r;

	(void)state;
	tu_ingest(&r, DATA "status-interval-normal-3.33.txt", "auto");
	assert_int_equal(r.st, EB_OK);
	assert_int_equal(r.t->n, 5);
	EXPECT_REP(r, "sn", "write", "bw", 1, 128 * 65536 * 1000.0 / 1985);
	EXPECT_REP(r, "sn", "write", "iops", 1, 128 * 1000.0 / 1985);
	assert_int_equal(src_line(&r, FIND(r, "sn", "write", "bw", 0)), 60);
	assert_diag(&r, "note: 5: 2 --status-interval snapshots of a run; only its final "
	    "result is read");
	tu_free(&r);

	tu_ingest(&r, DATA "status-interval-nj2-normal-3.33.txt", "auto");
	assert_int_equal(r.st, EB_OK);
	assert_int_equal(r.t->n, 4);
	EXPECT_REP(r, "sn", "write", "bw", 1, floor(256 * 65536 * 1000.0 / 1987));
	EXPECT_REP(r, "sn", "write", "iops", 1, 256 * 1000.0 / 1987);
	assert_diag(&r, "2 --status-interval snapshots of a run");
	tu_free(&r);

	tu_ingest(&r, DATA "appended-2runs-normal-3.33.txt", "auto");
	assert_int_equal(r.st, EB_OK);
	EXPECT_REP(r, "ap", "write", "bw", 1, 64 * 65536 * 1000.0 / 2);
	EXPECT_REP(r, "ap", "write", "bw", 2, 64 * 65536 * 1000.0 / 3);
	assert_null(strstr(r.diag.data != NULL ? r.diag.data : "", "snapshot"));
	tu_free(&r);
}

static void
test_json_appended_runs(void **state)
{
	char *one = slurp(DATA "numjobs2-group-json-terse-normal.txt", NULL);
	char *two = eb_xasprintf("%s%s", one, one);
	struct tu_run r;
	long i;

	(void)state;
	/* Runs appended with >> are repetitions, not snapshots. */
	tu_ingest(&r, DATA "appended-2runs.json", "fio-json");
	assert_int_equal(r.st, EB_OK);
	assert_int_equal(r.t->n, 10);
	EXPECT_REP(r, "app", "read", "bw", 1, 838860800);
	EXPECT_REP(r, "app", "read", "bw", 2, 72315586);
	i = FIND(r, "app", "read", "bw", 2);
	assert_int_equal(src_line(&r, i), 293);
	tu_free(&r);
	/* One document given twice is one run given twice (its timestamp_ms
	 * and figures), no second repetition. */
	tu_ingest_text(&r, two, "fio-json");
	assert_int_equal(r.st, EB_ERR_DATA);
	assert_int_equal(r.err.loc.line, 12 + 306);
	assert_string_equal(r.err.msg, "the run of fio job 'nj2g' (timestamp_ms 1796016994814) "
	    "was read already, from input:12: one run read twice would count as a second "
	    "repetition (a copy under another name?)");
	assert_int_equal(r.t->n, 0);
	tu_free(&r);
	free(one);
	free(two);
}

static void
test_json_unified(void **state)
{
	struct tu_run r;

	(void)state;
	tu_ingest(&r, DATA "unified-json-terse-normal.txt", "auto");
	assert_int_equal(r.st, EB_OK);
	assert_int_equal(r.t->n, 5);
	EXPECT(r, "uni", "mixed", "bw", 357387252);
	EXPECT(r, "uni", "mixed", "iops", 43626.373626);
	EXPECT(r, "uni", "mixed", "lat_mean", 17981.841424);
	EXPECT(r, "uni", "mixed", "lat_p99", 40704);
	EXPECT(r, "uni", "mixed", "cpu", 51.3);
	assert_int_equal(r.t->rows[0].block_size, 8192);
	tu_free(&r);

	/* unified_rw_reporting=both: read and write; fio's "mixed" block
	 * (bw_bytes 365521966) is their sum, no test of its own, and only the
	 * job's CPU is "mixed", as for any job that reads and writes. */
	tu_ingest(&r, DATA "unified-both-json-terse.txt", "auto");
	assert_int_equal(r.st, EB_OK);
	assert_int_equal(r.t->n, 9);
	EXPECT(r, "both", "read", "bw", 183088335);
	EXPECT(r, "both", "write", "bw", 182433630);
	for (size_t i = 0; i < r.t->n; i++)
		if (strcmp(r.t->rows[i].f[EB_F_OP], "mixed") == 0)
			assert_string_equal(r.t->rows[i].f[EB_F_METRIC], "cpu");
	assert_non_null(strstr(r.diag.data, "note: 204: fio job 'both' reports its directions "
	    "and their sum (unified_rw_reporting=both): the sum, 'mixed', is not read\n"));
	tu_free(&r);
}

static void
test_json_client_server(void **state)
{
	struct tu_run r;

	(void)state;
	tu_ingest(&r, DATA "client-server-json.txt", "auto");
	assert_int_equal(r.st, EB_OK);
	/* Two clients on one host, combined as fio's "All clients" total
	 * combines them (its bw_bytes 374550580), which is no host. */
	assert_int_equal(r.t->n, 4);
	EXPECT_HOST(r, "127.0.0.1", "cs", "read", "bw", 374550580);
	EXPECT_HOST(r, "127.0.0.1", "cs", "read", "iops", 92266 * 1000.0 / 1009);
	EXPECT_HOST(r, "127.0.0.1", "cs", "read", "lat_mean",
	    (46140 * 21173.166797 + 46126 * 21115.847591) / (46140 + 46126));
	assert_int_equal(FIND_HOST(r, "All clients", "cs", "read", "bw"), -1);
	tu_free(&r);
}

static void
test_json_errors(void **state)
{
	struct tu_run r;

	(void)state;
	/* A job that failed: fio still writes JSON, with zeros. */
	tu_ingest(&r, DATA "error-job.json", "auto");
	assert_int_equal(r.st, EB_ERR_DATA);
	assert_int_equal(r.err.loc.line, 12);
	assert_string_equal(r.err.msg, "fio job 'x' failed with error 20 and did no I/O; "
	    "fio said: fio: pid=0, err=20/file:filesetup.c:455, func=fstat, "
	    "error=Not a directory");
	tu_free(&r);

	/* A broken document: line and column of the file, not the document. */
	tu_ingest_text(&r, "note: something\n{\n  \"fio version\" : \"fio-3.33\",\n"
	    "  \"jobs\" : [ ,\n", "auto");
	assert_int_equal(r.st, EB_ERR_DATA);
	assert_int_equal(r.err.loc.line, 4);
	assert_int_equal(r.err.loc.col, 14);
	assert_non_null(strstr(r.err.msg, "fio JSON output is malformed"));
	tu_free(&r);

	tu_ingest_text(&r, "{\n\"fio version\" : \"fio-3.33\",\n\"jobs\" : []\n}\n", "auto");
	assert_int_equal(r.st, EB_ERR_DATA);
	assert_int_equal(r.err.loc.line, 1);
	assert_string_equal(r.err.msg, "no fio job in this JSON document did any I/O");
	tu_free(&r);

	/* A figure of the wrong type or sign is damage, not a missing one. */
	tu_ingest_text(&r, "{\n\"fio version\" : \"fio-3.33\",\n\"jobs\" : [ { \"jobname\" : \"x\",\n"
	    "  \"read\" : { \"io_bytes\" : 4096, \"bw_bytes\" : \"fast\", \"iops\" : 1 } } ] }\n",
	    "auto");
	assert_int_equal(r.st, EB_ERR_DATA);
	assert_int_equal(r.err.loc.line, 4);
	assert_string_equal(r.err.msg,
	    "fio JSON output is damaged: \"bw_bytes\" is a string, not a figure fio writes");
	tu_free(&r);
	tu_ingest_text(&r, "{ \"fio version\" : \"fio-3.33\", \"jobs\" : [ { \"jobname\" : \"x\",\n"
	    "  \"read\" : { \"io_bytes\" : 4096, \"bw_bytes\" : 5, \"iops\" : 1 },\n"
	    "  \"usr_cpu\" : -1.5, \"sys_cpu\" : 1 } ] }\n", "auto");
	assert_int_equal(r.st, EB_ERR_DATA);
	assert_int_equal(r.err.loc.line, 3);
	assert_string_equal(r.err.msg,
	    "fio JSON output is damaged: \"usr_cpu\" is a negative number, not a figure fio writes");
	tu_free(&r);

	tu_ingest_text(&r, "fio: this is not JSON\n", "fio-json");
	assert_int_equal(r.st, EB_ERR_DATA);
	assert_int_equal(r.err.loc.line, 1);
	assert_string_equal(r.err.msg, "fio failed and wrote no results: fio: this is not JSON");
	tu_free(&r);
}

/* Text around the document, a document glued to other text. */
static void
test_json_surroundings(void **state)
{
	static const char text[] =
	    "x: (g=0): rw=randwrite, bs=(R) 4096B-4096B, (W) 4096B-4096B, (T) 4096B-4096B\n"
	    "fio-3.33\n"
	    "note: both iodepth >= 1 and synchronous I/O engine are selected\n"
	    "{\n"
	    "  \"fio version\" : \"fio-3.33\",\n"
	    "  \"jobs\" : [\n"
	    "    {\n"
	    "      \"jobname\" : \"x\", \"groupid\" : 0, \"error\" : 0,\n"
	    "      \"job options\" : { \"rw\" : \"randwrite\", \"bs\" : \"64KiB\" },\n"
	    "      \"write\" : { \"io_bytes\" : 3520000, \"bw_bytes\" : 352000000,\n"
	    "        \"iops\" : 5500, \"runtime\" : 10, \"total_ios\" : 55,\n"
	    "        \"clat_ns\" : { \"mean\" : 1e3, \"max\" : 18446744073709551615 } },\n"
	    "      \"usr_cpu\" : 1, \"sys_cpu\" : 2\n"
	    "    }\n"
	    "  ]\n"
	    "}   trailing text\n"
	    "x: (groupid=0, jobs=1): err= 0: pid=1: today\n";
	struct tu_run r;
	long i;

	(void)state;
	tu_ingest_text(&r, text, "auto");
	assert_int_equal(r.st, EB_OK);
	assert_int_equal(r.t->n, 4);
	EXPECT(r, "x", "write", "bw", 352000000);
	EXPECT(r, "x", "write", "iops", 5500);
	EXPECT(r, "x", "write", "lat_mean", 1000);
	EXPECT(r, "x", "write", "cpu", 3);
	i = FIND(r, "x", "write", "bw", 0);
	assert_int_equal(src_line(&r, i), 10);
	/* "64KiB" in an option is 64000 bytes: fio reads it backwards (and
	 * the 55 I/Os of 3520000 bytes are 64000 each). */
	assert_int_equal(r.t->rows[i].block_size, 64000);
	assert_string_equal(TU_F(r, i, WORKLOAD), "rand");
	tu_free(&r);
}

/* Figures no fio writes: a repeated figure key (jansson keeps the last),
 * -0, a negative, a block size that is none, magnitudes past the limits. */
static void
test_json_damaged(void **state)
{
	static const struct {
		const char *write, *opts;
		long line;
		const char *msg;
	} bad[] = {
		{ "\"bw_bytes\" : 1,\n\"bw_bytes\" : 2000", "", 6,
		  "duplicate key \"bw_bytes\" with another value" },
		{ "\"bw_bytes\" : -0", "", 5, "fio JSON output is damaged: \"bw_bytes\" is -0, not a figure fio writes" },
		{ "\"bw_bytes\" : -1", "", 5,
		  "fio JSON output is damaged: \"bw_bytes\" is a negative number, not a figure fio writes" },
		{ "\"bw_bytes\" : 2000", ", \"bs\" : \"-4k\"", 2, "fio JSON output is damaged: \"bs\": \"-4k\" is no block size" },
		{ "\"bw_bytes\" : 1e308", "", 3,
		  "bw 1e+308 B/s is beyond the plausible limit of 10 TB/s (10000000000000 B/s)" },
		{ "\"bw_bytes\" : 18446744073709551615", "", 3,
		  "bw 1.8446744073709552e+19 B/s is beyond the plausible limit of 10 TB/s "
		  "(10000000000000 B/s)" },
	};
	char text[1024];
	struct tu_run r;

	(void)state;
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		snprintf(text, sizeof text, "{ \"fio version\" : \"fio-3.33\", \"jobs\" : [\n"
		    "{ \"jobname\" : \"x\", \"groupid\" : 0, \"error\" : 0,\n"
		    "  \"job options\" : { \"rw\" : \"write\"%s },\n"
		    "  \"write\" : { \"io_bytes\" : 20, \"iops\" : 5.5, \"runtime\" : 10,\n"
		    "%s } } ] }\n", bad[i].opts, bad[i].write);
		tu_ingest_text(&r, text, "auto");
		assert_int_equal(r.st, EB_ERR_DATA);
		assert_int_equal(r.t->n, 0);
		assert_string_equal(r.err.msg, bad[i].msg);
		if (i < 4) {
			assert_string_equal(r.err.loc.path, "input");
			assert_int_equal(r.err.loc.line, bad[i].line);
		} else {
			/* The plausibility check names the record's source. */
			assert_string_equal(r.err.loc.path, "input:5");
		}
		tu_free(&r);
	}
}

/* A repeated key: the same text again is harmless, another value is an
 * error where it repeats when encbench reads the key, and a key it never
 * reads may repeat (fio 2.17 repeats "filename", 2.1.4 "0.00"). An option
 * given twice is fio's command line and then its job file: the last is
 * read, with a warning (fio 3.33, audit 27 M05). */
static void
test_json_duplicates(void **state)
{
	static const struct {
		const char *opts, *write;
		long line, col;		/* 0: accepted */
		const char *key;
	} cases[] = {
		{ "", "\"bw_bytes\" : 2000, \"bw_bytes\" : 2000", 0, 0, NULL },
		{ ", \"filename\" : \"/a\", \"filename\" : \"/b\"", "\"bw_bytes\" : 2000", 0, 0,
		  NULL },
		{ "", "\"bw_bytes\" : 2000, \"clat_ns\" : { \"mean\" : 1e3, \"percentile\" : {\n"
		  "\"0.00\" : 0, \"0.00\" : 512, \"99.000000\" : 5000 } }", 0, 0, NULL },
		{ ", \"rw\" : \"randwrite\"", "\"bw_bytes\" : 2000", 0, 0, "rw" },
		{ "", "\"bw_bytes\" : 2000, \"bw_bytes\" : 2000.5", 5, 33, "bw_bytes" },
		{ "", "\"bw_bytes\" : 2000, \"clat_ns\" : { \"mean\" : 1e3, \"percentile\" : {\n"
		  "\"99.000000\" : 5000, \"99.000000\" : 7000 } }", 6, 35, "99.000000" },
		{ "", "\"bw_bytes\" : 2000, \"clat_ns\" : { \"mean\" : 1e3, \"bins\" : {\n"
		  "\"1000\" : 5, \"1000\" : 7 } }", 6, 22, "1000" },
	};
	char text[1024];
	struct tu_run r;

	(void)state;
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		char msg[96];

		snprintf(text, sizeof text, "{ \"fio version\" : \"fio-3.33\", \"jobs\" : [\n"
		    "{ \"jobname\" : \"x\", \"groupid\" : 0, \"error\" : 0,\n"
		    "  \"job options\" : { \"rw\" : \"write\"%s },\n"
		    "  \"write\" : { \"io_bytes\" : 20, \"iops\" : 5.5, \"runtime\" : 10,\n"
		    "%s } } ] }\n", cases[i].opts, cases[i].write);
		tu_ingest_text(&r, text, "auto");
		if (cases[i].line == 0) {
			assert_int_equal(r.st, EB_OK);
			EXPECT(r, "x", "write", "bw", 2000);
			if (cases[i].key != NULL)
				assert_int_equal(r.nwarnings, 1);
			tu_free(&r);
			continue;
		}
		assert_int_equal(r.st, EB_ERR_DATA);
		assert_int_equal(r.t->n, 0);
		snprintf(msg, sizeof msg, "duplicate key \"%s\" with another value", cases[i].key);
		assert_string_equal(r.err.msg, msg);
		assert_string_equal(r.err.loc.path, "input");
		assert_int_equal(r.err.loc.line, cases[i].line);
		assert_int_equal(r.err.loc.col, cases[i].col);
		tu_free(&r);
	}
}

/* fio 2.2.12 to 2.19 json+ buckets are array indexes, in us. */
static void
test_json_raw_bins(void **state)
{
	static const char text[] =
	    "{ \"fio version\" : \"fio-2.18\", \"jobs\" : [\n"
	    "{ \"jobname\" : \"r\", \"groupid\" : 0, \"read\" : { \"io_bytes\" : 4, \"bw\" : 4,\n"
	    "  \"iops\" : 100, \"runtime\" : 1000, \"total_ios\" : 100, \"clat\" : { \"mean\" : 10,\n"
	    "  \"max\" : 20, \"percentile\" : { \"99.000000\" : 300 }, \"bins\" : {\n"
	    "  \"FIO_IO_U_PLAT_BITS\" : 6, \"FIO_IO_U_PLAT_VAL\" : 64, \"10\" : 98, \"200\" : 2 } } } },\n"
	    "{ \"jobname\" : \"r\", \"groupid\" : 0, \"read\" : { \"io_bytes\" : 4, \"bw\" : 4,\n"
	    "  \"iops\" : 100, \"runtime\" : 1000, \"total_ios\" : 100, \"clat\" : { \"mean\" : 30,\n"
	    "  \"max\" : 20, \"percentile\" : { \"99.000000\" : 300 }, \"bins\" : {\n"
	    "  \"FIO_IO_U_PLAT_BITS\" : 6, \"FIO_IO_U_PLAT_VAL\" : 64, \"10\" : 97, \"300\" : 3 } } } }\n"
	    "] }\n";
	struct tu_run r;

	(void)state;
	tu_ingest_text(&r, text, "fio-json");
	assert_int_equal(r.st, EB_OK);
	/* 200 samples, 99% = 198: 195 at index 10, 2 at index 200 (256 +
	 * 8.5 * 4 us), and the 198th at index 300, which is 2^(3+6) +
	 * (300 % 64 + 0.5) * 2^3 us. */
	EXPECT(r, "r", "read", "lat_p99", (512 + 44.5 * 8) * 1000);
	EXPECT(r, "r", "read", "bw", 8 * 1024);
	EXPECT(r, "r", "read", "lat_mean", 20000);
	tu_free(&r);
}

/* fio 2.21 to 3.1: bytes in io_bytes (io_kbytes is there) but no bw_bytes;
 * io_bytes * 1000 / runtime, floored, is fio's own bw_bytes (true of all
 * 48 directions of the 3.x fixtures and corpus). */
static void
test_json_3_1_no_bw_bytes(void **state)
{
	static const char text[] =
	    "{ \"fio version\" : \"fio-3.1\", \"jobs\" : [ { \"jobname\" : \"w\",\n"
	    "  \"groupid\" : 0, \"write\" : { \"io_bytes\" : 4294967296, \"io_kbytes\" : 4194304,\n"
	    "  \"bw\" : 12274, \"iops\" : 3068.667, \"runtime\" : 341704,\n"
	    "  \"clat_ns\" : { \"mean\" : 1294120.5, \"max\" : 2 } } } ] }\n";
	struct tu_run r;

	(void)state;
	tu_ingest_text(&r, text, "auto");
	assert_int_equal(r.st, EB_OK);
	assert_int_equal(r.t->n, 3);
	EXPECT(r, "w", "write", "bw", floor(4294967296.0 * 1000 / 341704));
	EXPECT(r, "w", "write", "lat_mean", 1294120.5);
	assert_int_equal(src_line(&r, FIND(r, "w", "write", "bw", 0)), 3);
	tu_free(&r);
}

/* Inputs the fuzzers found. */
static void
test_fuzz_regressions(void **state)
{
	struct tu_run r;

	(void)state;
	/* A rate without a number once left the parser reading a pointer
	 * into the previous line (heap use after free). */
	tu_ingest(&r, DATA "fuzz-normal-stale-pointer.txt", "fio-normal");
	assert_int_equal(r.st, EB_ERR_DATA);
	/* Its first job's results, cut at line 30, fail it before that rate. */
	assert_int_equal(r.err.loc.line, 30);
	assert_int_equal(r.t->n, 0);
	tu_free(&r);
	/* Such a rate is a damaged line, an error where it is. */
	tu_ingest_text(&r, "x: (groupid=0, jobs=1): err= 0: pid=1\n"
	    "  read: IOPS=10, BW=1MiB/s (1049kB/s)(10MiB/10000msec)\n"
	    "  write: IOPS=92.7k, BW=\xc8\xc9i (380M\n", "fio-normal");
	assert_int_equal(r.st, EB_ERR_DATA);
	assert_int_equal(r.err.loc.line, 3);
	assert_string_equal(r.err.msg, "BW=\xc8\xc9i is no figure fio prints");
	tu_free(&r);
}

/* ---- terse */

static void
test_terse_8groups(void **state)
{
	TU_CORPUS_OR_SKIP(path, "fio/fio-3.28-terse3-plus-normal-8groups.txt");
	struct tu_run r;
	long i;

	(void)state;
	tu_ingest(&r, path, "auto");
	assert_int_equal(r.st, EB_OK);
	/* 8 jobs x 5, and the normal output of the same run is not read. */
	assert_int_equal(r.t->n, 40);
	EXPECT(r, "Seq1M-Read-Q8", "read", "bw", 88704.0 * 1024);
	EXPECT(r, "Seq1M-Read-Q8", "read", "iops", 86);
	EXPECT(r, "Seq1M-Read-Q8", "read", "lat_mean", 80563.178093 * 1000);
	EXPECT(r, "Seq1M-Read-Q8", "read", "lat_p99", 91750000);
	EXPECT(r, "Seq1M-Read-Q8", "read", "cpu", 0.372250 + 1.192893);
	EXPECT(r, "Seq1M-Write-Q8", "write", "bw", 72822.0 * 1024);
	EXPECT(r, "Seq1M-Write-Q8", "write", "iops", 71);
	EXPECT(r, "Seq1M-Write-Q8", "write", "lat_mean", 97940.481140 * 1000);
	EXPECT(r, "Rand-Read-4K-Q32", "read", "bw", 11539.0 * 1024);
	EXPECT(r, "Rand-Read-4K-Q32", "read", "iops", 2884);
	EXPECT(r, "Rand-Read-4K-Q32", "read", "lat_mean", 10746.560839 * 1000);
	EXPECT(r, "Rand-Write-4K-Q32", "write", "bw", 2957.0 * 1024);
	EXPECT(r, "Rand-Write-4K-Q32", "write", "iops", 739);
	EXPECT(r, "Rand-Write-4K-Q32", "write", "lat_mean", 41922.108957 * 1000);
	EXPECT(r, "Rand-Read-4K", "read", "bw", 11259.0 * 1024);
	EXPECT(r, "Rand-Read-4K", "read", "iops", 2814);
	EXPECT(r, "Rand-Read-4K", "read", "lat_mean", 338.198207 * 1000);
	EXPECT(r, "Rand-Write-4K", "write", "bw", 2804.0 * 1024);
	EXPECT(r, "Rand-Write-4K", "write", "iops", 701);
	EXPECT(r, "Rand-Write-4K", "write", "lat_mean", 1355.939377 * 1000);
	i = FIND(r, "Seq1M-Read-Q8", "read", "bw", 0);
	assert_int_equal(src_line(&r, i), 11);
	/* From the job banners above the records. */
	assert_int_equal(r.t->rows[i].block_size, 1048576);
	assert_string_equal(TU_F(r, i, WORKLOAD), "seq");
	i = FIND(r, "Rand-Write-4K", "write", "bw", 0);
	assert_int_equal(r.t->rows[i].block_size, 4096);
	assert_string_equal(TU_F(r, i, WORKLOAD), "rand");
	tu_free(&r);
}

static void
test_terse_eta_glued(void **state)
{
	TU_CORPUS_OR_SKIP(path, "fio/fio-3.28-terse3-plus-normal-eta-glued.txt");
	struct tu_run r;
	long i;

	(void)state;
	tu_ingest(&r, path, "auto");
	assert_int_equal(r.st, EB_OK);
	assert_int_equal(r.t->n, 40);
	/* The first record hangs on the end of an ETA line. */
	EXPECT(r, "Seq1M-Read-Q8", "read", "bw", 87098.0 * 1024);
	EXPECT(r, "Seq1M-Read-Q8", "read", "iops", 85);
	EXPECT(r, "Seq1M-Read-Q8", "read", "lat_mean", 82112.482140 * 1000);
	i = FIND(r, "Seq1M-Read-Q8", "read", "bw", 0);
	assert_int_equal(src_line(&r, i), 14);
	EXPECT(r, "Seq1M-Write-Q8", "write", "bw", 38537.0 * 1024);
	EXPECT(r, "Seq1M-Write-Q8", "write", "iops", 37);
	EXPECT(r, "Seq1M-Write-Q8", "write", "lat_mean", 185372.836125 * 1000);
	EXPECT(r, "Rand-Read-4K-Q32", "read", "bw", 12184.0 * 1024);
	EXPECT(r, "Rand-Read-4K-Q32", "read", "iops", 3046);
	EXPECT(r, "Rand-Read-4K-Q32", "read", "lat_mean", 10178.110438 * 1000);
	EXPECT(r, "Rand-Write-4K", "write", "bw", 2134.0 * 1024);
	EXPECT(r, "Rand-Write-4K", "write", "iops", 533);
	EXPECT(r, "Rand-Write-4K", "write", "lat_mean", 1803.123091 * 1000);
	tu_free(&r);
}

static void
test_terse_versions(void **state)
{
	struct tu_run r;

	(void)state;
	/* v2: no fio version, trim block; fields from fio 3.33 itself. */
	tu_ingest(&r, DATA "terse-v2.txt", "auto");
	assert_int_equal(r.st, EB_OK);
	assert_int_equal(r.t->n, 9);
	EXPECT(r, "tv2", "read", "bw", 104961.0 * 1024);
	EXPECT(r, "tv2", "read", "iops", 26240);
	EXPECT(r, "tv2", "read", "lat_mean", 25.881466 * 1000);
	EXPECT(r, "tv2", "read", "lat_p99", 40000);
	EXPECT(r, "tv2", "write", "bw", 104886.0 * 1024);
	EXPECT(r, "tv2", "write", "lat_mean", 3.709795 * 1000);
	EXPECT(r, "tv2", "mixed", "cpu", 3.648915 + 48.422091);
	assert_int_equal(FIND(r, "tv2", "trim", "bw", 0), -1);
	tu_free(&r);

	tu_ingest(&r, DATA "terse-v4.txt", "auto");
	assert_int_equal(r.st, EB_OK);
	assert_int_equal(r.t->n, 9);
	EXPECT(r, "tv4", "read", "bw", 105376.0 * 1024);
	EXPECT(r, "tv4", "write", "iops", 26325);
	EXPECT(r, "tv4", "read", "lat_p99", 41000);
	EXPECT(r, "tv4", "mixed", "cpu", 5.544554 + 47.920792);
	tu_free(&r);

	/* v5: 47 fields per direction. */
	tu_ingest(&r, DATA "terse-v5.txt", "auto");
	assert_int_equal(r.st, EB_OK);
	assert_int_equal(r.t->n, 9);
	EXPECT(r, "tv5", "read", "bw", 106905.0 * 1024);
	EXPECT(r, "tv5", "write", "bw", 106797.0 * 1024);
	EXPECT(r, "tv5", "write", "lat_mean", 3.706221 * 1000);
	EXPECT(r, "tv5", "read", "lat_p99", 37000);
	EXPECT(r, "tv5", "mixed", "cpu", 3.1 + 50.6);
	tu_free(&r);
}

static void
test_terse_client_server(void **state)
{
	struct tu_run r;

	(void)state;
	tu_ingest(&r, DATA "client-server-terse.txt", "auto");
	assert_int_equal(r.st, EB_OK);
	assert_int_equal(r.t->n, 4);
	/* Two client records of one job (hosts unnamed in terse): their
	 * 186844 and 186840 KiB over 1009 ms, the 373684 KiB of fio's "All
	 * clients" record, which is no host. */
	EXPECT_HOST(r, "", "cs", "read", "bw", floor((186844.0 + 186840) * 1024 * 1000 / 1009));
	/* Terse prints no I/O count: 186844 KiB at 185177 KiB/s and 46294
	 * IOPS in 1009 ms is 46711 I/Os, the other 46710; fio's "All
	 * clients" record prints their 93421 over 1009 ms truncated, 92587. */
	EXPECT_HOST(r, "", "cs", "read", "iops", (46711.0 + 46710) * 1000 / 1009);
	assert_int_equal(FIND_HOST(r, "All clients", "cs", "read", "bw"), -1);
	tu_free(&r);
}

static void
test_terse_bad(void **state)
{
	struct tu_run r;

	(void)state;
	tu_ingest_text(&r, "3;fio-3.33;x;0;0;1;2;3;4\n", "auto");
	assert_int_equal(r.st, EB_ERR_DATA);
	assert_int_equal(r.err.loc.line, 1);
	assert_string_equal(r.err.msg, "fio terse record: its fields do not line up with "
	    "terse version 3 (a ';' in a job name, or a cut line)");
	tu_free(&r);
}

/* A terse v5 record cut after any field is an error, never a record read
 * from shifted fields: cut after its read block and a few more fields,
 * it once gave op=mixed and cpu=213701. */
static void
test_terse_cut(void **state)
{
	FILE *fp = fopen(DATA "terse-v5.txt", "r");
	char line[8192], cut[8192];
	struct tu_run r;
	size_t semis = 0;

	(void)state;
	assert_non_null(fp);
	assert_non_null(fgets(line, sizeof line, fp));
	fclose(fp);
	for (size_t i = 0; line[i] != '\0'; i++) {
		if (line[i] != ';')
			continue;
		/* The first 52 fields: the read block, then 5 of the write's. */
		if (++semis < 52)
			continue;
		/* 180 fields are a whole record of a run without disk figures;
		 * one more, the disk's name alone, reads as that record with a
		 * description= (fio 3.33 prints one there): its figures are
		 * whole either way. */
		if (semis == 180 || semis == 181)
			continue;
		snprintf(cut, sizeof cut, "%.*s\n", (int)i, line);
		tu_ingest_text(&r, cut, "fio-terse");
		assert_int_equal(r.st, EB_ERR_DATA);
		assert_int_equal(r.err.loc.line, 1);
		assert_int_equal(r.t->n, 0);
		tu_free(&r);
	}
	assert_int_equal(semis, 188);
	/* The whole record reads. */
	tu_ingest_text(&r, line, "fio-terse");
	assert_int_equal(r.st, EB_OK);
	tu_free(&r);
	/* One block and a few more fields once read as mixed. */
	tu_ingest_text(&r, "5;fio-3.33;tv5;0;0;107012;106905;26726;1001;0;0;0.000000;0.000000;"
	    "23;854;25.844707;6.045671;1.000000%=24;5.000000%=24;10.000000%=24;20.000000%=24;"
	    "30.000000%=24;40.000000%=24;50.000000%=24;60.000000%=25;70.000000%=25;80.000000%=25;"
	    "90.000000%=27;95.000000%=29;99.000000%=37;99.500000%=42;99.900000%=72;99.950000%=82;"
	    "99.990000%=213;0%=0;0%=0;0%=0;26;862;27.0;6.0;0;0;0;0;0;0;0;0;0;0;0;0;0;0;0;"
	    "0;213701;0;0;0\n", "fio-terse");
	assert_int_equal(r.st, EB_ERR_DATA);
	assert_int_equal(r.t->n, 0);
	tu_free(&r);
}

/* Figures fio never prints (a sign, nan, inf, past a double) are errors
 * at their field, not values dropped. */
static void
test_terse_damaged(void **state)
{
	static const char *const bad[] = { "nan", "-1", "-0", "1e400", "inf" };
	FILE *fp = fopen(DATA "terse-v5.txt", "r");
	char line[8192], text[8400];
	struct tu_run r;
	char *bw;

	(void)state;
	assert_non_null(fp);
	assert_non_null(fgets(line, sizeof line, fp));
	fclose(fp);
	/* Field 7 is the read bandwidth, "106905". */
	bw = strstr(line, ";106905;");
	assert_non_null(bw);
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		char msg[80];

		snprintf(text, sizeof text, "%.*s;%s;%s", (int)(bw - line), line, bad[i], bw + 8);
		tu_ingest_text(&r, text, "fio-terse");
		assert_int_equal(r.st, EB_ERR_DATA);
		assert_int_equal(r.err.loc.line, 1);
		assert_int_equal(r.err.loc.col, bw - line + 2);
		snprintf(msg, sizeof msg, "fio terse record: field 7, '%s', is no figure fio prints",
		    bad[i]);
		assert_string_equal(r.err.msg, msg);
		tu_free(&r);
	}
}

/* The group id, field 4 of a version 5 record, is an unsigned int in
 * fio: anything else is an error at that field, never a value cast. */
static void
test_terse_group_id(void **state)
{
	static const char *const bad[] = { "22222222222222222222222222222222", "4294967296",
		"-1", "1.5", "x", "" };
	FILE *fp = fopen(DATA "terse-v5.txt", "r");
	char line[8192], text[8400];
	struct tu_run r;

	(void)state;
	assert_non_null(fp);
	assert_non_null(fgets(line, sizeof line, fp));
	fclose(fp);
	assert_memory_equal(line, "5;fio-3.33;tv5;0;0;", 19);
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		char msg[120];

		snprintf(text, sizeof text, "5;fio-3.33;tv5;%s;%s", bad[i], line + 17);
		tu_ingest_text(&r, text, "fio-terse");
		assert_int_equal(r.st, EB_ERR_DATA);
		assert_int_equal(r.err.loc.line, 1);
		assert_int_equal(r.err.loc.col, 16);
		snprintf(msg, sizeof msg, "fio terse record: field 4, '%s', is no group id fio prints",
		    bad[i]);
		assert_string_equal(r.err.msg, msg);
		tu_free(&r);
	}
	snprintf(text, sizeof text, "5;fio-3.33;tv5;4294967295;%s", line + 17);
	tu_ingest_text(&r, text, "fio-terse");
	assert_int_equal(r.st, EB_OK);
	tu_free(&r);
}

/* ---- normal text */

static void
test_normal_2_1_11(void **state)
{
	TU_CORPUS_OR_SKIP(path, "fio/fio-2.1.11-normal-12groups-group_reporting.txt");
	struct tu_run r;
	long i;

	(void)state;
	tu_ingest(&r, path, "auto");
	assert_int_equal(r.st, EB_OK);
	/* 12 groups; 4 move data both ways (rw, 3 x randrw): bw, iops each
	 * way and one cpu; no clat line at all (only a garbage lat line). */
	assert_int_equal(r.t->n, 8 * 3 + 4 * 5);
	assert_int_equal(FIND(r, "workload-4k-read", "read", "lat_mean", 0), -1);
	EXPECT(r, "workload-4k-read", "read", "bw", 661966.0 * 1024);
	EXPECT(r, "workload-4k-read", "read", "iops", 165491);
	EXPECT(r, "workload-4k-read", "read", "cpu", 7.83 + 20.67);
	EXPECT(r, "workload-8k-randrw", "read", "bw", 334344.0 * 1024);
	EXPECT(r, "workload-8k-randrw", "read", "iops", 41793);
	EXPECT(r, "workload-8k-randrw", "write", "bw", 143477.0 * 1024);
	EXPECT(r, "workload-8k-randrw", "write", "iops", 17934);
	EXPECT(r, "workload-8k-randrw", "mixed", "cpu", 5.79 + 49.28);
	i = FIND(r, "workload-8k-randrw", "write", "bw", 0);
	assert_int_equal(src_line(&r, i), 125);
	assert_int_equal(r.t->rows[i].block_size, 8192);
	assert_string_equal(TU_F(r, i, WORKLOAD), "rand");
	tu_free(&r);
}

static void
test_normal_2_2_10_runs(void **state)
{
	TU_CORPUS_OR_SKIP(path, "fio/fio-2.2.10-normal-randwrite-8jobs-group_reporting-5runs.txt");
	static const double bw[] = { 31205, 99888, 107175, 106468, 123268 };
	static const double iops[] = { 7801, 24972, 26793, 26616, 30816 };
	static const double clat[] = { 15706.71, 4959.32, 4649.19, 4663.42, 4012.96 };
	static const long line[] = { 15, 48, 81, 114, 147 };
	struct tu_run r;

	(void)state;
	tu_ingest(&r, path, "auto");
	assert_int_equal(r.st, EB_OK);
	assert_int_equal(r.t->n, 25);
	for (int k = 0; k < 5; k++) {
		EXPECT_REP(r, "randwrite", "write", "bw", k + 1, bw[k] * 1024);
		EXPECT_REP(r, "randwrite", "write", "iops", k + 1, iops[k]);
		EXPECT_REP(r, "randwrite", "write", "lat_mean", k + 1, clat[k] * 1000);
		assert_int_equal(src_line(&r, FIND(r, "randwrite", "write", "bw", k + 1)), line[k]);
	}
	EXPECT_REP(r, "randwrite", "write", "lat_p99", 1, 162816000);
	tu_free(&r);
}

static void
test_normal_3_1_markdown(void **state)
{
	TU_CORPUS_OR_SKIP(path, "fio/fio-3.1-normal-in-markdown-24runs.md");
	struct tu_run r;
	long i;

	(void)state;
	assert_int_equal(probe_file("fio-normal", path), 85);
	assert_int_equal(probe_file("fio-json", path), 0);
	assert_int_equal(probe_file("fio-terse", path), 0);
	tu_ingest(&r, path, "auto");
	assert_int_equal(r.st, EB_OK);
	/* 24 runs of one job, 5 records each. */
	assert_int_equal(r.t->n, 24 * 5);
	/* "BW=11.0MiB/s (12.6MB/s)(4096MiB/341704msec)": fio 3.1's num2str
	 * printed 11.99 as 11.0; 1048576 issued 4 KiB writes are exact. */
	EXPECT_REP(r, "myjob", "write", "bw", 1, 4294967296.0 * 1000 / 341704);
	expect_at(&r, NULL, "myjob", "write", "bw", 1, 12569235, 1e-5, __FILE__, __LINE__);
	EXPECT_REP(r, "myjob", "write", "iops", 1, 1048576.0 * 1000 / 341704);
	EXPECT_REP(r, "myjob", "write", "lat_mean", 1, 1294120);
	EXPECT_REP(r, "myjob", "write", "lat_p99", 1, 13435000);
	i = FIND(r, "myjob", "write", "bw", 1);
	assert_int_equal(src_line(&r, i), 32);
	assert_int_equal(r.t->rows[i].block_size, 4096);
	tu_free(&r);
}

static void
test_normal_client_server(void **state)
{
	struct tu_run r;

	(void)state;
	tu_ingest(&r, DATA "client-server-normal.txt", "auto");
	assert_int_equal(r.st, EB_OK);
	assert_int_equal(r.t->n, 4);
	/* issued 46822 and 46871 reads of 4 KiB over 1011 and 1009 ms: the
	 * 93693 of fio's "All clients" total over the longer runtime. */
	EXPECT_HOST(r, "vm", "cs", "read", "iops", 93693 * 1000.0 / 1011);
	EXPECT_HOST(r, "vm", "cs", "read", "bw", floor(93693.0 * 4096 * 1000 / 1011));
	assert_int_equal(FIND_HOST(r, "All clients", "cs", "read", "iops"), -1);
	assert_diag(&r, "note: 58: fio's \"All clients\" entry");
	tu_free(&r);
}

/* fio 3.33 --client to one server twice: each connection's results after
 * a summary of its own, "<vm> " alone on the line before them. One run,
 * its clients combined as in JSON's client_stats: 2048 writes of 4 KiB
 * over the longer runtime, 8 ms, as fio's "All clients" line has them
 * (8192KiB/8msec); never two repetitions (audit 20 F03). */
static void
test_normal_two_clients_one_host(void **state)
{
	struct tu_run r;

	(void)state;
	tu_ingest(&r, DATA "client-normal-two-clients-one-host.txt", "auto");
	assert_int_equal(r.st, EB_OK);
	assert_int_equal(r.t->n, 4);
	EXPECT_HOST(r, "vm", "cw", "write", "bw", 8192.0 * 1024 / 0.008);
	EXPECT_HOST(r, "vm", "cw", "write", "iops", 2048 / 0.008);
	assert_int_equal(FIND(r, "cw", "write", "bw", 2), -1);
	tu_free(&r);
}

/* fio 3.33 --client with --status-interval=1: the server's job (one pid)
 * printed four times, after one "<vm> " line. The later ones are
 * snapshots, never clones to sum: the final one, 688129 writes of 4 KiB
 * in 3004 ms, is the result. */
static void
test_normal_client_status_interval(void **state)
{
	struct tu_run r;

	(void)state;
	tu_ingest(&r, DATA "client-normal-status-interval-3.33.txt", "auto");
	assert_int_equal(r.st, EB_OK);
	assert_int_equal(r.t->n, 5);
	EXPECT_HOST(r, "vm", "cw", "write", "bw", 688129.0 * 4096 / 3.004);
	assert_diag(&r, "note: 9: 3 --status-interval snapshots of a run; only its final "
	    "result is read");
	tu_free(&r);
}

/* The same with the second server another machine (hostname=vm2): fio
 * prints the "<NAME>" lines where its output happens to put them (side
 * by side before the first server's results, glued to an ETA line), so
 * nothing says whose results are whose: an error at the first, never the
 * two hosts pooled (audit 20 F04, audit 21 G01). */
static void
test_normal_two_hosts(void **state)
{
	struct tu_run r;

	(void)state;
	tu_ingest(&r, DATA "client-normal-two-hosts.txt", "auto");
	assert_int_equal(r.st, EB_ERR_DATA);
	assert_int_equal(r.err.loc.line, 8);
	assert_string_equal(r.err.msg, "fio --client normal text of several servers (vm, vm2) "
	    "does not say which results are whose; read fio's JSON (--output-format=json), "
	    "which names each server's");
	assert_int_equal(r.t->n, 0);
	tu_free(&r);
	/* Real fio 3.33 output of servers hostB and vm, numjobs=2 and two
	 * groups: "<vm> " and "<hostB> " side by side before all results. */
	tu_ingest(&r, DATA "client-normal-two-hosts-adjacent-prefixes-3.33.txt", "auto");
	assert_int_equal(r.st, EB_ERR_DATA);
	assert_int_equal(r.err.loc.line, 14);
	assert_int_equal(r.t->n, 0);
	tu_free(&r);
}

/* fio 3.33 normal text of a job with lat_percentiles=1 clat_percentiles=0:
 * its p99 is of total latency, so its mean is the total's too (lat avg=
 * 270.02 usec, not clat's 233.60), with the warning the JSON of the same
 * run gives (audit 22 H01: a clat mean beside a total p99). */
static void
test_normal_total_latency_percentiles(void **state)
{
	struct tu_run r;

	(void)state;
	tu_ingest(&r, DATA "lat-percentiles-only-3.33-normal.txt", "auto");
	assert_int_equal(r.st, EB_OK);
	EXPECT(r, "lonly", "read", "lat_mean", 270.02 * 1000);
	EXPECT(r, "lonly", "read", "lat_p99", 1598 * 1000);
	assert_int_equal(r.nwarnings, 1);
	tu_free(&r);
}

/* percentile_list=50:99 prints "99th=[  750]" (fio 3.33): the p99 it
 * printed, which the default "99.00th=" alone was read as (audit 23 I04). */
static void
test_normal_percentile_list(void **state)
{
	struct tu_run r;

	(void)state;
	tu_ingest(&r, DATA "percentile-list-50-99-3.33-normal.txt", "auto");
	assert_int_equal(r.st, EB_OK);
	EXPECT(r, "j", "read", "lat_p99", 750 * 1000);
	tu_free(&r);
}

static void
test_normal_glued_header(void **state)
{
	static const char text[] =
	    "<host1> x: (g=0): rw=read, bs=(R) 1024KiB-1024KiB, (W) 1024KiB-1024KiB, (T) 1024KiB-1024KiB\n"
	    "Jobs: 1 (f=1): [R(1)][100.0%][r=100MiB/s][r=100 IOPS][eta 00m:00s]"
	    "x: (groupid=0, jobs=1): err= 0: pid=1: today\n"
	    "  read: IOPS=100, BW=100MiB/s (105MB/s)(1000MiB/10000msec)\n"
	    "    clat (msec): min=1, max=20, avg= 9.50, stdev= 1.00\n"
	    "  cpu          : usr=1.00%, sys=2.50%, ctx=1, majf=0, minf=1\n"
	    "     issued rwts: total=1000,0,0,0 short=0,0,0,0 dropped=0,0,0,0\n"
	    "Run status group 0 (all jobs):\n";
	struct tu_run r;

	(void)state;
	tu_ingest_text(&r, text, "auto");
	assert_int_equal(r.st, EB_OK);
	assert_int_equal(r.t->n, 4);
	EXPECT(r, "x", "read", "bw", 1000.0 * 1048576 / 10);
	EXPECT(r, "x", "read", "iops", 100);
	EXPECT(r, "x", "read", "lat_mean", 9.5e6);
	EXPECT(r, "x", "read", "cpu", 3.5);
	assert_int_equal(r.t->rows[0].block_size, 1048576);
	tu_free(&r);
}

/* The end of a truncated file, cut inside a figure, is a located error,
 * not the figure's first digits (the outside audit's trunc-fio-normal-*
 * files: IOPS 1 for 11.6k, bw 76 B/s, a mean latency of 74 us for 74.96). */
static void
test_normal_cut_figures(void **state)
{
	static const char head[] =
	    "seqw: (groupid=0, jobs=1): err= 0: pid=24785: Tue Dec  1 12:09:09 2026\n";
	static const struct {
		const char *tail, *msg;
	} cases[] = {
		{ "  write: IOPS=1", "2: IOPS=1 is cut: fio prints ',' after it (a truncated or "
		    "damaged line)" },
		{ "  write: IOPS=11.6k, ", "2: IOPS=11.6k is cut: fio prints BW= after it (a "
		    "truncated or damaged line)" },
		{ "  write: IOPS=11.6k, BW=727MiB/s (76", "2: BW=727MiB/s (76 is cut: fio prints "
		    "')(' after it (a truncated or damaged line)" },
		{ "  write: IOPS=11.6k, BW=727MiB/s (763MB/s)(8192KiB/11", "2: BW=727MiB/s "
		    "(763MB/s)(8192KiB/11 is cut: fio prints 'msec)' after it (a truncated or "
		    "damaged line)" },
		{ "  write: IOPS=11.6k, BW=727MiB/s (763MB/s)(8192KiB/11msec)\n"
		    "    clat (usec): min=7, max=7928, avg=74.", "3: avg=74. is cut: fio prints ',' "
		    "after it (a truncated or damaged line)" },
		{ "  write: IOPS=11.6k, BW=727MiB/s (763MB/s)(8192KiB/11msec)\n"
		    "    clat percentiles (usec):\n     | 99.00th=[   4", "4: 99.00th=[4 is cut: fio "
		    "prints ']' after it (a truncated or damaged line)" },
		{ "  write: IOPS=11.6k, BW=727MiB/s (763MB/s)(8192KiB/11msec)\n"
		    "  cpu          : usr=0.00%, sys=20.0", "3: sys=20.0 is cut: fio prints '%' after "
		    "it (a truncated or damaged line)" },
		{ "  write: io=8192KB, bw=745, iops=11636, runt=   11msec", "2: bw=745 has no unit; "
		    "fio prints one (B/s, KiB/s ...)" },
		{ "  write: io=8192KB, bw=745", "2: bw=745 is cut: fio prints ',' after it (a "
		    "truncated or damaged line)" },
		{ "  write: io=8192KB, bw=745KB/s, ", "2: write: io=8192KB, bw=745KB/s, is cut: fio "
		    "prints iops= after it (a truncated or damaged line)" },
		{ "  write: io=8192KB, bw=745KB/s, iops=11636, runt=   11", "2: runt=11 is cut: fio "
		    "prints 'msec' after it (a truncated or damaged line)" },
	};

	(void)state;
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		char *text = eb_xasprintf("%s%s", head, cases[i].tail);
		char *want = eb_xasprintf("input:%s", cases[i].msg);
		struct tu_run r;
		char got[sizeof r.err.msg + 64];

		tu_ingest_text(&r, text, "fio-normal");
		snprintf(got, sizeof got, "%s:%ld: %s", r.err.loc.path, r.err.loc.line, r.err.msg);
		assert_int_equal(r.st, EB_ERR_DATA);
		assert_string_equal(got, want);
		tu_free(&r);
		free(text);
		free(want);
	}
}

/* Every fio normal and terse file at hand, cut after each byte: a line
 * cut short reads as if it were whole or absent, or the file fails; no
 * cut gives other numbers. The largest corpus files are cut in their
 * first 12 KiB, which hold every kind of line they have. */
static void
test_normal_terse_every_cut(void **state)
{
	static const struct {
		const char *path, *format;
	} files[] = {
		{ "tests/data/fio/client-server-normal.txt", "fio-normal" },
		{ "tests/data/fio/unified-json-terse-normal.txt", "fio-normal" },
		{ "tests/data/fio/numjobs2-group-json-terse-normal.txt", "fio-normal" },
		{ "tests/data/fio/terse-v2.txt", "fio-terse" },
		{ "tests/data/fio/terse-v4.txt", "fio-terse" },
		{ "tests/data/fio/terse-v5.txt", "fio-terse" },
		{ "tests/data/fio/client-server-terse.txt", "fio-terse" },
		{ "tests/data/fio/numjobs2-group-json-terse-normal.txt", "fio-terse" },
	};

	(void)state;
	for (size_t i = 0; i < sizeof files / sizeof files[0]; i++)
		assert_int_equal(cuts_check_file(files[i].path, files[i].format, 0), 0);
}

static void
test_normal_terse_every_cut_corpus(void **state)
{
	static const char *const corpus[] = {
		"fio/fio-2.2.10-normal-randwrite-8jobs-group_reporting-5runs.txt",
		"fio/fio-3.1-normal-in-markdown-24runs.md",
		"fio/fio-3.28-terse3-plus-normal-8groups.txt",
	};
	TU_CORPUS_OR_SKIP(first, "fio/fio-2.1.11-normal-12groups-group_reporting.txt");

	(void)state;
	assert_int_equal(cuts_check_file(first, "fio-normal", 12288), 0);
	for (size_t i = 0; i < sizeof corpus / sizeof corpus[0]; i++) {
		const char *path = tu_corpus(corpus[i]);

		assert_non_null(path);
		assert_int_equal(cuts_check_file(path, "fio-normal", 12288), 0);
		if (strstr(path, "terse") != NULL)
			assert_int_equal(cuts_check_file(path, "fio-terse", 12288), 0);
	}
}

static void
test_error_only(void **state)
{
	static const char *const formats[] = { "auto", "fio-json", "fio-terse", "fio-normal" };
	struct tu_run r;

	(void)state;
	for (size_t k = 0; k < 4; k++) {
		tu_ingest(&r, DATA "error-only.txt", formats[k]);
		assert_int_equal(r.st, EB_ERR_DATA);
		assert_int_equal(r.err.loc.line, 1);
		assert_string_equal(r.err.msg,
		    "fio failed and wrote no results: fio: failed parsing rw=bogus");
		tu_free(&r);
	}
}

/* ---- the same run in three formats */

struct tolerance {
	double bw, iops, lat_rel, p99_abs, cpu;
};

/* Asserts a and b hold the same records, values within tol. */
static void
same_records(const struct tu_run *a, const struct tu_run *b, const struct tolerance *tol)
{
	assert_true(a->t->n > 0);
	assert_int_equal(a->t->n, b->t->n);
	for (size_t i = 0; i < a->t->n; i++) {
		const struct eb_record *x = &a->t->rows[i], *y = &b->t->rows[i];
		const char *m = x->f[EB_F_METRIC];
		double d = fabs(x->value - y->value), lim;

		for (int f = 0; f < EB_NFIELDS; f++)
			if (f != EB_F_SOURCE)
				assert_string_equal(x->f[f], y->f[f]);
		assert_int_equal(x->block_size, y->block_size);
		assert_int_equal(x->rep, y->rep);
		if (strcmp(m, "bw") == 0)
			lim = tol->bw * x->value;
		else if (strcmp(m, "iops") == 0)
			lim = tol->iops;
		else if (strcmp(m, "lat_mean") == 0)
			lim = tol->lat_rel * x->value;
		else if (strcmp(m, "lat_p99") == 0)
			lim = tol->p99_abs;
		else
			lim = tol->cpu;
		if (!(d <= lim)) {
			print_error("%s %s %s: %.17g vs %.17g (limit %g)\n", x->f[EB_F_JOB],
			    x->f[EB_F_OP], m, x->value, y->value, lim);
			fail();
		}
	}
}

static void
test_three_formats(void **state)
{
	static const char *const files[] = {
		DATA "same-run-json-terse-normal.txt",
		DATA "numjobs2-json-terse-normal.txt",
		DATA "numjobs2-group-json-terse-normal.txt",
		DATA "unified-json-terse-normal.txt",
	};
	/* terse: KiB/s and IOPS truncated to integers (bw relative to
	 * 1 KiB/s of the smallest rate here), p99 truncated to us; normal:
	 * 3 significant digits at worst, avg to 2 decimals of its unit,
	 * percentiles rounded to their unit (us here), cpu to 0.01 %. */
	static const struct tolerance terse = { 1e-5, 2.0, 1e-6, 1000, 1e-6 };
	static const struct tolerance normal = { 5e-3, 0.005 * 400000, 1e-3, 1000, 0.01 };
	struct tu_run j, t, n;

	(void)state;
	for (size_t k = 0; k < sizeof files / sizeof files[0]; k++) {
		tu_ingest(&j, files[k], "fio-json");
		tu_ingest(&t, files[k], "fio-terse");
		tu_ingest(&n, files[k], "fio-normal");
		assert_int_equal(j.st, EB_OK);
		assert_int_equal(t.st, EB_OK);
		assert_int_equal(n.st, EB_OK);
		same_records(&j, &t, &terse);
		same_records(&j, &n, &normal);
		tu_free(&j);
		tu_free(&t);
		tu_free(&n);
	}
}

/* The corpus's terse and normal output of one run agree as well. */
static void
test_terse_vs_normal_corpus(void **state)
{
	TU_CORPUS_OR_SKIP(path, "fio/fio-3.28-terse3-plus-normal-8groups.txt");
	static const struct tolerance tol = { 5e-3, 1.0, 1e-3, 0.005 * 1e9, 0.01 };
	struct tu_run t, n;

	(void)state;
	tu_ingest(&t, path, "fio-terse");
	tu_ingest(&n, path, "fio-normal");
	assert_int_equal(t.st, EB_OK);
	assert_int_equal(n.st, EB_OK);
	same_records(&t, &n, &tol);
	tu_free(&t);
	tu_free(&n);
}

/* ---- detection and helpers */

static void
test_probes(void **state)
{
	(void)state;
	assert_int_equal(probe_file("fio-json", DATA "same-run-json-terse-normal.txt"), 95);
	assert_int_equal(probe_file("fio-terse", DATA "same-run-json-terse-normal.txt"), 90);
	assert_int_equal(probe_file("fio-normal", DATA "same-run-json-terse-normal.txt"), 85);
	assert_int_equal(probe_file("fio-log", DATA "same-run-json-terse-normal.txt"), 0);
	assert_int_equal(probe_file("fio-json", DATA "terse-v2.txt"), 0);
	assert_int_equal(probe_file("fio-terse", DATA "terse-v2.txt"), 85);
	assert_int_equal(probe_file("fio-terse", DATA "terse-v5.txt"), 90);
	assert_int_equal(probe_file("fio-normal", DATA "terse-v5.txt"), 0);
	assert_int_equal(probe_file("fio-normal", DATA "client-server-normal.txt"), 85);
	assert_int_equal(probe_file("fio-terse", DATA "client-server-normal.txt"), 0);
	assert_int_equal(probe_file("fio-json", DATA "client-server-json.txt"), 95);
	assert_int_equal(probe_file("fio-normal", DATA "error-only.txt"), 30);
	assert_int_equal(probe_file("fio-json", DATA "error-only.txt"), 0);
	assert_int_equal(probe_file("fio-log", DATA "avg_bw.1.log"), 80);
	assert_int_equal(probe_file("fio-json", DATA "avg_bw.1.log"), 0);
	assert_int_equal(probe_file("fio-terse", DATA "avg_bw.1.log"), 0);
	assert_int_equal(probe_file("fio-normal", DATA "avg_bw.1.log"), 0);
	assert_int_equal(probe_file("dd", DATA "avg_bw.1.log"), 0);
}

static void
test_sizes(void **state)
{
	int64_t bs[3];

	(void)state;
	assert_int_equal(eb_fio_parse_size("4k", 2), 4096);
	assert_int_equal(eb_fio_parse_size("4K", 2), 4096);
	assert_int_equal(eb_fio_parse_size("4kb", 3), 4096);
	assert_int_equal(eb_fio_parse_size("4ki", 3), 4096);
	assert_int_equal(eb_fio_parse_size("4KiB", 4), 4000);
	assert_int_equal(eb_fio_parse_size("1m", 2), 1048576);
	assert_int_equal(eb_fio_parse_size("4096", 4), 4096);
	assert_int_equal(eb_fio_parse_size("4096B", 5), 4096);
	assert_int_equal(eb_fio_parse_size("4x", 2), 0);
	assert_int_equal(eb_fio_parse_size("", 0), 0);
	eb_fio_parse_bs("8k,32k", bs);
	assert_int_equal(bs[0], 8192);
	assert_int_equal(bs[1], 32768);
	assert_int_equal(bs[2], 32768);
	eb_fio_parse_bs(",8k", bs);
	assert_int_equal(bs[0], 4096);
	assert_int_equal(bs[1], 8192);
	assert_int_equal(bs[2], 8192);
	eb_fio_parse_bs("64k", bs);
	assert_int_equal(bs[2], 65536);
	assert_string_equal(eb_fio_workload("read"), "seq");
	assert_string_equal(eb_fio_workload("randwrite"), "rand");
	assert_string_equal(eb_fio_workload("randrw"), "rand");
	assert_string_equal(eb_fio_workload("randread:8"), "rand");
	assert_string_equal(eb_fio_workload("readwrite"), "mixed");
	assert_string_equal(eb_fio_workload("trimwrite"), "mixed");
	assert_string_equal(eb_fio_workload("bogus"), "");
	assert_string_equal(eb_fio_workload(NULL), "");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_normal_cut_figures),
		cmocka_unit_test(test_normal_terse_every_cut),
		cmocka_unit_test(test_normal_terse_every_cut_corpus),
		cmocka_unit_test(test_json_2_1_4),
		cmocka_unit_test(test_json_2_17),
		cmocka_unit_test(test_json_3_19_clones),
		cmocka_unit_test(test_json_3_33_leading_text),
		cmocka_unit_test(test_json_3_36_no_global),
		cmocka_unit_test(test_json_client_server_3_7),
		cmocka_unit_test(test_json_same_run),
		cmocka_unit_test(test_json_numjobs),
		cmocka_unit_test(test_clones_as_group_reporting),
		cmocka_unit_test(test_verify_reads_left_out),
		cmocka_unit_test(test_json_plus_bins),
		cmocka_unit_test(test_json_status_interval),
		cmocka_unit_test(test_normal_status_interval),
		cmocka_unit_test(test_json_appended_runs),
		cmocka_unit_test(test_json_unified),
		cmocka_unit_test(test_json_client_server),
		cmocka_unit_test(test_json_errors),
		cmocka_unit_test(test_json_surroundings),
		cmocka_unit_test(test_json_damaged),
		cmocka_unit_test(test_json_duplicates),
		cmocka_unit_test(test_json_raw_bins),
		cmocka_unit_test(test_json_3_1_no_bw_bytes),
		cmocka_unit_test(test_fuzz_regressions),
		cmocka_unit_test(test_terse_8groups),
		cmocka_unit_test(test_terse_eta_glued),
		cmocka_unit_test(test_terse_versions),
		cmocka_unit_test(test_terse_client_server),
		cmocka_unit_test(test_terse_bad),
		cmocka_unit_test(test_terse_cut),
		cmocka_unit_test(test_terse_damaged),
		cmocka_unit_test(test_terse_group_id),
		cmocka_unit_test(test_normal_2_1_11),
		cmocka_unit_test(test_normal_2_2_10_runs),
		cmocka_unit_test(test_normal_3_1_markdown),
		cmocka_unit_test(test_normal_two_clients_one_host),
		cmocka_unit_test(test_normal_client_status_interval),
		cmocka_unit_test(test_normal_two_hosts),
		cmocka_unit_test(test_normal_total_latency_percentiles),
		cmocka_unit_test(test_normal_percentile_list),
		cmocka_unit_test(test_normal_client_server),
		cmocka_unit_test(test_normal_glued_header),
		cmocka_unit_test(test_error_only),
		cmocka_unit_test(test_three_formats),
		cmocka_unit_test(test_terse_vs_normal_corpus),
		cmocka_unit_test(test_probes),
		cmocka_unit_test(test_sizes),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
