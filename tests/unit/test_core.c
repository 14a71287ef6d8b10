/* test_core.c - the record table, numbers, writers, the push line reader
 * and the results.csv round trip. */
#include <math.h>
#include <stdlib.h>
#include <unistd.h>

#include "testutil.h"

static void
test_intern_and_reps(void **state)
{
	struct eb_table *t = eb_table_new();
	struct eb_record r;
	const char *a = eb_intern_cstr(t, "aes-256-gcm");

	(void)state;
	assert_ptr_equal(a, eb_intern(t, "aes-256-gcm-x", 11));
	assert_string_equal(eb_intern(t, "", 0), "");
	/* Three runs of one key, one of another, one with an explicit rep. */
	for (int i = 0; i < 5; i++) {
		eb_record_init(t, &r);
		r.f[EB_F_MODE] = i == 3 ? eb_intern_cstr(t, "none") : a;
		r.f[EB_F_METRIC] = eb_intern_cstr(t, "bw");
		r.rep = i == 4 ? 7 : 0;
		r.value = i;
		eb_table_add(t, &r);
	}
	eb_table_number_reps(t, 0);
	assert_int_equal(t->rows[0].rep, 8);
	assert_int_equal(t->rows[1].rep, 9);
	assert_int_equal(t->rows[2].rep, 10);
	assert_int_equal(t->rows[3].rep, 1);
	assert_int_equal(t->rows[4].rep, 7);
	eb_table_free(t);
}

/* Appends a record of job `job`, rep and value from source src. */
static void
add_run(struct eb_table *t, const char *job, int rep, double v, const char *src)
{
	struct eb_record r;

	eb_record_init(t, &r);
	r.f[EB_F_JOB] = eb_intern_cstr(t, job);
	r.f[EB_F_METRIC] = eb_intern_cstr(t, "bw");
	r.f[EB_F_SOURCE] = eb_intern_cstr(t, src);
	r.rep = rep;
	r.value = v;
	eb_table_add(t, &r);
}

/* A source's path, whatever a parser put after it. */
static void
test_source_path(void **state)
{
	static const struct { const char *source; size_t len; int parts; } cases[] = {
		{ "runs/a.json:12", 11, 1 },
		{ "legacy.csv:4:7", 10, 2 },
		{ "run/none/dd-read-r1.sample:13 cpus=2", 26, 1 },
		{ "my dir/x.txt:3", 12, 1 },
		{ "my dir/x.txt", 12, 0 },
		{ "gen:abc", 7, 0 },
		{ ":12", 0, 1 },
		{ "a:1:2:3", 3, 2 },
		{ "seed 42", 7, 0 },
	};

	(void)state;
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		int parts = -1;

		assert_int_equal(eb_source_path_len(cases[i].source, &parts), cases[i].len);
		assert_int_equal(parts, cases[i].parts);
	}
}

static void
test_unique(void **state)
{
	struct eb_table *t = eb_table_new();
	struct eb_err err;

	(void)state;
	/* Two tests interleaved, each repetition once: no error. */
	for (int i = 0; i < 6; i++) {
		char src[32];

		snprintf(src, sizeof src, "%s.log:%d", i % 2 ? "b" : "a", i / 2 + 1);
		add_run(t, i % 2 ? "b" : "a", i / 2 + 1, i, src);
	}
	assert_int_equal(eb_table_check_unique(t, &err), EB_OK);
	/* Row 7 gives b's rep 2 again, row 6 a's rep 1 read twice (same
	 * source, another rep, its value rounded): the first in table order is
	 * told. */
	add_run(t, "a", 9, 0.001, "a.log:1");
	add_run(t, "b", 2, 8, "c.log:4");
	assert_int_equal(eb_table_check_unique(t, &err), EB_ERR_DATA);
	assert_string_equal(err.loc.path, "a.log:1");
	assert_int_equal(err.loc.line, 0);
	assert_string_equal(err.msg, "the measurement of a bw, rep 9 is read twice, "
	    "first at a.log:1 (an encbench results.csv beside the files it came from, or one "
	    "file in two places?)");
	/* Without it, the repetition given again; with a line and a file
	 * noted, both are told where they were read, beside their source. */
	t->n = 6;
	eb_table_note_read(t, "r.csv");
	add_run(t, "b", 2, 8, "c.log:4");
	t->rows[6].line = 12;
	assert_int_equal(eb_table_check_unique(t, &err), EB_ERR_DATA);
	assert_string_equal(err.loc.path, "r.csv");
	assert_int_equal(err.loc.line, 12);
	assert_string_equal(err.msg, "b bw, rep 2 (source c.log:4) is given again; "
	    "b.log:2 gave it first, and a dataset holds each repetition once");
	/* A measurement read twice that is also its rep given again is told
	 * as the measurement. */
	t->n = 6;
	add_run(t, "a", 2, 2, "a.log:2");
	assert_int_equal(eb_table_check_unique(t, &err), EB_ERR_DATA);
	assert_non_null(strstr(err.msg, "the measurement of a bw, rep 2 is read twice"));
	eb_table_free(t);
}

static void
test_set(void **state)
{
	struct eb_table *t = eb_table_new();
	struct eb_record r;
	struct eb_err err;

	(void)state;
	eb_record_init(t, &r);
	eb_table_add(t, &r);
	assert_int_equal(eb_table_set(t, 0, "mode", "aes-128-ccm", &err), EB_OK);
	assert_string_equal(t->rows[0].f[EB_F_MODE], "aes-128-ccm");
	assert_int_equal(eb_table_set(t, 0, "block_size", "4096", &err), EB_OK);
	assert_int_equal(t->rows[0].block_size, 4096);
	assert_int_equal(eb_table_set(t, 0, "rep", "0", &err), EB_ERR_USAGE);
	assert_int_equal(eb_table_set(t, 0, "colour", "red", &err), EB_ERR_USAGE);
	assert_non_null(strstr(err.msg, "unknown column 'colour'"));
	assert_int_equal(eb_table_set(t, 0, "value", "1", &err), EB_ERR_USAGE);
	eb_table_free(t);
}

static void
test_numbers(void **state)
{
	double v = 0;
	char buf[40];

	(void)state;
	assert_int_equal(eb_parse_number("4,17328 c", 9, &v), 7);
	assert_true(v == 4.17328);
	assert_int_equal(eb_parse_number("7.0885e-05 s", 12, &v), 10);
	assert_true(v == 7.0885e-05);
	assert_int_equal(eb_parse_number("12e", 3, &v), 2);
	assert_int_equal(eb_parse_number("x1", 2, &v), 0);
	assert_int_equal(eb_parse_number("1.", 2, &v), 1);
	eb_format_double(buf, sizeof buf, 0.1);
	assert_string_equal(buf, "0.1");
	eb_format_double(buf, sizeof buf, 2147483648.0);
	assert_string_equal(buf, "2147483648");
	eb_format_double(buf, sizeof buf, 967789 / 0.00913792);
	assert_string_equal(buf, "105909112.79590978");
}

static char *
write_to_string(enum eb_status (*fn)(const struct eb_table *, FILE *),
    const struct eb_table *t)
{
	char *s = NULL;
	size_t n = 0;
	FILE *fp = open_memstream(&s, &n);

	assert_int_equal(fn(t, fp), EB_OK);
	fclose(fp);
	return s;
}

static struct eb_table *
sample_table(void)
{
	struct eb_table *t = eb_table_new();
	struct eb_record r;

	eb_record_init(t, &r);
	r.f[EB_F_RELEASE] = eb_intern_cstr(t, "24.04");
	r.f[EB_F_MODE] = eb_intern_cstr(t, "aes-256-gcm");
	r.f[EB_F_JOB] = eb_intern_cstr(t, "seq, \"big\"");
	r.f[EB_F_TOOL] = eb_intern_cstr(t, "fio");
	r.f[EB_F_METRIC] = eb_intern_cstr(t, "bw");
	r.f[EB_F_UNIT] = eb_intern_cstr(t, "B/s");
	r.f[EB_F_SOURCE] = eb_intern_cstr(t, "a.json:57");
	r.block_size = 1048576;
	r.rep = 2;
	r.value = 0.1;
	eb_table_add(t, &r);
	return t;
}

static void
test_csv_and_json(void **state)
{
	struct eb_table *t = sample_table();
	char *csv = write_to_string(eb_write_csv, t);
	char *json = write_to_string(eb_write_json, t);

	(void)state;
	assert_string_equal(csv,
	    "release,host,config,mode,tool,job,workload,op,block_size,metric,unit,rep,value,source\n"
	    "24.04,,,aes-256-gcm,fio,\"seq, \"\"big\"\"\",,,1048576,bw,B/s,2,0.1,a.json:57\n");
	assert_string_equal(json,
	    "[\n  {\"release\": \"24.04\", \"host\": \"\", \"config\": \"\", \"mode\": \"aes-256-gcm\", "
	    "\"tool\": \"fio\", \"job\": \"seq, \\\"big\\\"\", \"workload\": \"\", \"op\": \"\", "
	    "\"block_size\": 1048576, \"metric\": \"bw\", \"unit\": \"B/s\", \"rep\": 2, "
	    "\"value\": 0.1, \"source\": \"a.json:57\"}\n]\n");
	free(csv);
	free(json);
	eb_table_free(t);
}

static void
test_results_round_trip(void **state)
{
	struct eb_table *t = sample_table();
	char *csv = write_to_string(eb_write_csv, t);
	struct tu_run r;

	(void)state;
	tu_ingest_text(&r, csv, "auto");
	assert_int_equal(r.st, EB_OK);
	assert_int_equal(r.t->n, 1);
	assert_string_equal(TU_F(r, 0, JOB), "seq, \"big\"");
	assert_string_equal(TU_F(r, 0, SOURCE), "a.json:57");
	assert_int_equal(r.t->rows[0].block_size, 1048576);
	assert_int_equal(r.t->rows[0].rep, 2);
	assert_true(r.t->rows[0].value == 0.1);
	tu_free(&r);
	free(csv);
	eb_table_free(t);
}

static void
test_results_errors(void **state)
{
	static const char head[] =
	    "release,host,config,mode,tool,job,workload,op,block_size,metric,unit,rep,value,source\n";
	char buf[512];
	struct tu_run r;

	(void)state;
	snprintf(buf, sizeof buf, "%s24.04,,,none,dd,dd,,,,bw,B/s,1,12,\n,,,,dd\n", head);
	tu_ingest_text(&r, buf, "auto");
	assert_int_equal(r.st, EB_ERR_DATA);
	assert_int_equal(r.err.loc.line, 3);
	assert_string_equal(r.err.msg, "5 fields where results.csv has 14");
	assert_int_equal(r.t->n, 0);
	tu_free(&r);

	snprintf(buf, sizeof buf, "%s,,,,dd,dd,,,,bw,B/s,1,nan,\n", head);
	tu_ingest_text(&r, buf, "auto");
	assert_int_equal(r.st, EB_ERR_DATA);
	assert_int_equal(r.err.loc.line, 2);
	assert_int_equal(r.err.loc.col, 13);
	tu_free(&r);

	snprintf(buf, sizeof buf, "%s,,,,dd,dd,,,,bw,B/s,1,-5,\n", head);
	tu_ingest_text(&r, buf, "auto");
	assert_int_equal(r.st, EB_ERR_DATA);
	assert_non_null(strstr(r.err.msg, "finite number >= 0"));
	tu_free(&r);

	snprintf(buf, sizeof buf, "%s,,,,dd,\"dd,,,,bw,B/s,1,5,\n,,\n", head);
	tu_ingest_text(&r, buf, "auto");
	assert_int_equal(r.st, EB_ERR_DATA);
	assert_int_equal(r.err.loc.line, 2);
	assert_non_null(strstr(r.err.msg, "never closed"));
	tu_free(&r);
}

/* The fast path of unquoted rows against what libcsv and strtol accept. */
static void
test_results_fields(void **state)
{
	static const char head[] =
	    "release,host,config,mode,tool,job,workload,op,block_size,metric,unit,rep,value,source\n";
	char buf[1024];
	struct tu_run r;

	(void)state;
	snprintf(buf, sizeof buf, "%s"
	    "24.04,h,,none,fio,j,seq,read,4096,bw,B/s,1,1617405047.395444,a:1\n"
	    "24.04,h,,aes-256-gcm,fio,j,seq,read,004096,bw,B/s,+2,1e3,a:2\n"
	    "24.04,h,,none,fio,\"j\",seq,read,,iops,1/s, 3,0.1,\n"
	    "24.04,h,,none,fio,j,seq,read,9223372036854775807,bw,B/s,1000000000,2,a:1\n",
	    head);
	tu_ingest_text(&r, buf, "auto");
	assert_int_equal(r.st, EB_OK);
	assert_int_equal(r.t->n, 4);
	assert_ptr_equal(r.t->rows[0].f[EB_F_MODE], r.t->rows[2].f[EB_F_MODE]);
	assert_ptr_equal(r.t->rows[0].f[EB_F_JOB], r.t->rows[2].f[EB_F_JOB]);
	assert_string_equal(TU_F(r, 1, MODE), "aes-256-gcm");
	assert_string_equal(TU_F(r, 1, SOURCE), "a:2");
	assert_string_equal(TU_F(r, 3, SOURCE), "a:1");
	assert_non_null(strstr(TU_F(r, 2, SOURCE), ":4"));
	assert_int_equal(r.t->rows[0].block_size, 4096);
	assert_int_equal(r.t->rows[1].block_size, 4096);
	assert_int_equal(r.t->rows[2].block_size, 0);
	assert_true(r.t->rows[3].block_size == INT64_MAX);
	assert_int_equal(r.t->rows[1].rep, 2);
	assert_int_equal(r.t->rows[2].rep, 3);
	assert_int_equal(r.t->rows[3].rep, 1000000000);
	assert_true(r.t->rows[0].value == 1617405047.395444);
	assert_true(r.t->rows[1].value == 1000);
	tu_free(&r);

	static const struct {
		const char *row;
		long col;
		const char *msg;
	} bad[] = {
		{ ",,,,dd,dd,,,,bw,B/s,0,1,\n", 12, "rep is not a whole number from 1: '0'" },
		{ ",,,,dd,dd,,,,bw,B/s,1000000001,1,\n", 12, "rep is not a whole number from 1: '1000000001'" },
		{ ",,,,dd,dd,,,,bw,B/s,1x,1,\n", 12, "rep is not a whole number from 1: '1x'" },
		{ ",,,,dd,dd,,,-1,bw,B/s,1,1,\n", 9, "block_size is not a whole number of bytes: '-1'" },
		{ ",,,,dd,dd,,,4k,bw,B/s,1,1,\n", 9, "block_size is not a whole number of bytes: '4k'" },
		{ ",,,,dd,dd,,,,bw,B/s,1,1.5.5,\n", 13, "value is not a number: '1.5.5'" },
		/* A block size past int64 was clamped to INT64_MAX, -0 kept. */
		{ ",,,,dd,dd,,,99999999999999999999,bw,B/s,1,1,\n", 9,
		  "block_size is too large for a number of bytes: '99999999999999999999'" },
		{ ",,,,dd,dd,,,,bw,B/s,1,-0,\n", 13, "value is not a finite number >= 0: '-0'" },
		{ ",,,,dd,dd,,,,bw,B/s,1,-0.0e5,\n", 13, "value is not a finite number >= 0: '-0.0e5'" },
		/* res-underflow.csv of the third audit: 1e-400 was read as 0. */
		{ ",,,,dd,dd,,,,bw,B/s,1,1e-400,\n", 13,
		  "value is too small for a double (below 4.9e-324, it would read as 0): '1e-400'" },
		{ ",,,,dd,dd,,,,cpu,%,1,0.000e-999,\n", 0, NULL },
		/* Beyond the plausibility limits of core/limits.c. */
		{ ",,,,dd,dd,,,,bw,B/s,1,1e308,\n", 13,
		  "bw 1e+308 B/s is beyond the plausible limit of 10 TB/s (10000000000000 B/s)" },
		{ ",,,,fio,j,,,,lat_mean,ns,1,1.1e13,\n", 13,
		  "lat_mean 11000000000000 ns is beyond the plausible limit of 3 hours (10800000000000 ns)" },
		{ ",,,,fio,j,,,,iops,1/s,1,2e10,\n", 13,
		  "iops 20000000000 1/s is beyond the plausible limit of 10^10 IOPS (10000000000 1/s)" },
		/* zero-energy-baseline.csv of the third audit: a baseline of 0 J
		 * left every "J/GiB against none" of a report blank. */
		/* cpus-tag-*.csv of the third audit: the tag multiplies CPU-s/GiB. */
		{ ",,,,dd,dd,,,,cpu_busy,%,1,40,g:1 cpus=1e9\n", 14,
		  "source tag 'cpus=1e9' is not a whole number of CPUs from 1 to 1000" },
		{ ",,,,dd,dd,,,,cpu_busy,%,1,40,g:1 cpus=0 thread=dd\n", 14,
		  "source tag 'cpus=0' is not a whole number of CPUs from 1 to 1000" },
		{ ",,,,dd,dd,,,,energy,J,1,0.0,\n", 13,
		  "energy of 0 J: no computer runs on nothing, so the meter or counter that gave it failed" },
	};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		snprintf(buf, sizeof buf, "%s%s", head, bad[i].row);
		tu_ingest_text(&r, buf, "auto");
		if (bad[i].msg == NULL) {	/* a zero written small is a zero */
			assert_int_equal(r.st, EB_OK);
			assert_true(r.t->n == 1 && r.t->rows[0].value == 0);
			tu_free(&r);
			continue;
		}
		assert_int_equal(r.st, EB_ERR_DATA);
		assert_int_equal(r.err.loc.line, 2);
		assert_int_equal(r.err.loc.col, bad[i].col);
		assert_string_equal(r.err.msg, bad[i].msg);
		tu_free(&r);
	}
}

struct collected {
	char text[256];
	long last;
};

static enum eb_status
collect(void *ctx, char *line, size_t len, long lineno)
{
	struct collected *c = ctx;

	strncat(c->text, line, len);
	strcat(c->text, "|");
	c->last = lineno;
	return EB_OK;
}

static void
test_line_reader(void **state)
{
	struct eb_lines lr;
	struct collected c = { "", 0 };

	(void)state;
	eb_lines_init(&lr, 8, collect, &c);
	/* BOM split across chunks, a CRLF split between its CR and LF, a
	 * CR inside a line kept, a last line without a newline. */
	assert_int_equal(eb_lines_feed(&lr, "\xEF\xBB", 2), EB_OK);
	assert_int_equal(eb_lines_feed(&lr, "\xBF" "ab\r", 4), EB_OK);
	assert_int_equal(eb_lines_feed(&lr, "\ncd\ref\n\ngh", 10), EB_OK);
	assert_int_equal(eb_lines_finish(&lr), EB_OK);
	assert_string_equal(c.text, "ab|cd\ref||gh|");
	assert_int_equal(c.last, 4);
	eb_lines_free(&lr);

	eb_lines_init(&lr, 8, collect, &c);
	assert_int_equal(eb_lines_feed(&lr, "12345678\n123456789\n", 19), EB_ERR_DATA);
	assert_int_equal(lr.lineno, 2);
	eb_lines_free(&lr);
}

static enum eb_status
write_nothing_then_fail(void *ctx, FILE *fp)
{
	(void)ctx;
	fputs("partial", fp);
	return EB_ERR_DATA;
}

static enum eb_status
write_hello(void *ctx, FILE *fp)
{
	(void)ctx;
	fputs("hello\n", fp);
	return EB_OK;
}

/* UTF-8 as RFC 3629 has it, and its repair byte by byte. */
static void
test_utf8(void **state)
{
	char *fixed;

	(void)state;
	assert_true(eb_utf8_valid("gr\xC3\xBC\xC3\x9F \xE2\x82\xAC \xF0\x9F\x94\x92", 15));
	assert_false(eb_utf8_valid("\xC0\xAF", 2));		/* overlong '/' */
	assert_false(eb_utf8_valid("\xED\xA0\x80", 3));	/* a surrogate */
	assert_false(eb_utf8_valid("\xF4\x90\x80\x80", 4));	/* past U+10FFFF */
	assert_false(eb_utf8_valid("\xE2\x82", 2));		/* cut short */
	fixed = eb_utf8_repair("h\xFFx\xC3\xBC\xE2\x82", 7);
	assert_string_equal(fixed, "h\xEF\xBF\xBDx\xC3\xBC\xEF\xBF\xBD\xEF\xBF\xBD");
	free(fixed);
}

/* The limits of core/limits.c, at and past them. */
static void
test_limits(void **state)
{
	char why[200];
	const char *shown;

	(void)state;
	assert_true(eb_metric_limit("bw", &shown) == 1e13);
	assert_string_equal(shown, "10 TB/s");
	assert_true(eb_metric_limit("lat_p99", NULL) == 10800e9);
	assert_true(eb_metric_limit("cpu_busy", NULL) == 1e5);
	assert_true(isinf(eb_metric_limit("colour", &shown)));
	assert_null(shown);
	assert_true(eb_value_check("bw", "B/s", 1e13, why, sizeof why));
	assert_true(eb_value_check("bw", "B/s", 0, why, sizeof why));
	assert_true(eb_value_check("cpu_busy", "%", 0, why, sizeof why));
	assert_true(eb_value_check("energy", "J", 1e-9, why, sizeof why));
	assert_false(eb_value_check("power", "W", 0, why, sizeof why));
	assert_string_equal(why, "power of 0 W: no computer runs on nothing, so the meter or "
	    "counter that gave it failed");
	assert_false(eb_value_check("bw", "B/s", 1.0000001e13, why, sizeof why));
	assert_string_equal(why, "bw 10000001000000 B/s is beyond the plausible limit of "
	    "10 TB/s (10000000000000 B/s)");
	assert_false(eb_value_check("iops", "1/s", -0.0, why, sizeof why));
	assert_string_equal(why, "iops -0 1/s is negative");
	assert_false(eb_value_check("ops", "1/s", NAN, why, sizeof why));
	assert_string_equal(why, "ops is not a number");
	/* A metric is known and in its one unit, or no value of it is taken
	 * (res-unit-mismatch.csv, res-metric-unknown.csv of the audit). */
	assert_false(eb_value_check("colour", "", 1, why, sizeof why));
	assert_string_equal(why, "unknown metric 'colour' (encbench knows bw, iops, ops, "
	    "lat_*, cpu, cpu_*, energy and power)");
	assert_false(eb_value_check("bw", "MB/s", 100, why, sizeof why));
	assert_string_equal(why, "bw is stored in B/s, not in 'MB/s'");
	assert_false(eb_value_check("lat_mean", "B/s", 100, why, sizeof why));
	assert_string_equal(why, "lat_mean is stored in ns, not in 'B/s'");
	assert_false(eb_value_check("lat_", "ns", 100, why, sizeof why));
	assert_true(eb_value_check("lat_p95", "ns", 100, why, sizeof why));
	assert_true(eb_value_check("energy", "J", 100, why, sizeof why));
	assert_true(eb_value_check("power", "W", 100, why, sizeof why));
	assert_true(eb_value_check("cpu_busy", "%", 100, why, sizeof why));
	assert_true(eb_metric_unit_check("ops", "1/s", why, sizeof why));
}

static void
test_atomic_write(void **state)
{
	char dir[] = "/tmp/eb-test-XXXXXX";
	char path[64], buf[32] = "";
	struct eb_err err;
	FILE *fp;

	(void)state;
	assert_non_null(mkdtemp(dir));
	snprintf(path, sizeof path, "%s/out.csv", dir);
	assert_int_equal(eb_write_atomic(path, write_hello, NULL, &err), EB_OK);
	/* A callback that fails is a write error that says what failed. */
	memset(&err, 0, sizeof err);
	assert_int_equal(eb_write_atomic(path, write_nothing_then_fail, NULL, &err), EB_ERR_IO);
	assert_int_equal(err.code, EB_ERR_IO);
	assert_string_equal(err.loc.path, path);
	assert_string_equal(err.msg, "cannot write: the output failed");
	/* /dev/full is written in place and its error named. */
	memset(&err, 0, sizeof err);
	assert_int_equal(eb_write_atomic("/dev/full", write_hello, NULL, &err), EB_ERR_IO);
	assert_string_equal(err.msg, "cannot write: No space left on device");
	fp = fopen(path, "r");
	assert_non_null(fp);
	assert_non_null(fgets(buf, sizeof buf, fp));
	fclose(fp);
	assert_string_equal(buf, "hello\n");
	unlink(path);
	assert_int_equal(rmdir(dir), 0);	/* no temporary file was left */
}

/* JSON strings: plain ones as they are, the rest escaped as jansson does,
 * bytes that are not UTF-8 as \u escapes. */
static void
test_json_string(void **state)
{
	static const struct {
		const char *in, *out;
	} cases[] = {
		{ "aes-256-gcm", "\"aes-256-gcm\"" },
		{ "", "\"\"" },
		{ "a/b c~", "\"a/b c~\"" },
		{ "say \"hi\"\\", "\"say \\\"hi\\\"\\\\\"" },
		{ "tab\there\n", "\"tab\\there\\n\"" },
		{ "\x01", "\"\\u0001\"" },
		{ "caf\xc3\xa9", "\"caf\xc3\xa9\"" },
		{ "bad\xff", "\"bad\\u00ff\"" },
	};
	(void)state;
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		char *text = NULL;
		size_t len = 0;
		FILE *fp = open_memstream(&text, &len);

		eb_json_string(fp, cases[i].in);
		fclose(fp);
		assert_string_equal(text, cases[i].out);
		free(text);
	}
}

/* A record of mode and op, value v. */
static void
add_op(struct eb_table *t, const char *mode, const char *op, double v, struct eb_record *r)
{
	eb_record_init(t, r);
	r->f[EB_F_MODE] = eb_intern_cstr(t, mode);
	r->f[EB_F_TOOL] = eb_intern_cstr(t, "bonnie");
	r->f[EB_F_OP] = eb_intern_cstr(t, op);
	r->f[EB_F_METRIC] = eb_intern_cstr(t, "bw");
	r->value = v;
}

/* An untimed test follows the labels its row gets after it was read, and
 * goes with its row when the row's input fails. */
static void
test_untimed(void **state)
{
	struct eb_table *t = eb_table_new(), *sub = eb_table_new();
	struct eb_record r, k;

	(void)state;
	add_op(t, "", "read", 1, &r);
	eb_table_add(t, &r);
	add_op(t, "", "write", 2, &r);
	eb_table_add(t, &r);
	add_op(t, "", "create", 0, &k);
	eb_table_add_untimed(t, &k, 1);
	add_op(t, "", "stat", 0, &k);
	eb_table_add_untimed(t, &k, 1);
	/* A run folder names the mode of rows 1 on. */
	t->rows[1].f[EB_F_MODE] = eb_intern_cstr(t, "aes-256-gcm");
	/* A parser's table moved behind t's two rows: its row 0 is t's 2. */
	add_op(sub, "none", "read", 3, &r);
	eb_table_add(sub, &r);
	add_op(sub, "none", "create", 0, &k);
	eb_table_add_untimed(sub, &k, 0);
	eb_table_move(t, sub);
	assert_int_equal(t->nuntimed, 3);
	assert_int_equal(t->untimed[2].row, 2);
	eb_table_settle_untimed(t);
	assert_int_equal(t->nuntimed, 3);
	assert_string_equal(t->untimed[0].key.f[EB_F_MODE], "aes-256-gcm");
	assert_string_equal(t->untimed[0].key.f[EB_F_OP], "create");
	assert_string_equal(t->untimed[1].key.f[EB_F_OP], "stat");
	assert_string_equal(t->untimed[2].key.f[EB_F_MODE], "none");
	assert_true(isnan(t->untimed[2].key.value));
	/* Settled: --set reaches it as it reaches every row. */
	assert_int_equal(eb_table_set(t, 0, "release", "24.04", NULL), EB_OK);
	assert_string_equal(t->untimed[1].key.f[EB_F_RELEASE], "24.04");
	k = t->untimed[0].key;
	assert_int_equal(eb_table_untimed_of(t, &k), 1);
	k.f[EB_F_SOURCE] = eb_intern_cstr(t, "elsewhere:9");
	assert_int_equal(eb_table_untimed_of(t, &k), 1);
	k.block_size = 4096;
	assert_int_equal(eb_table_untimed_of(t, &k), 0);
	eb_table_free(sub);
	eb_table_free(t);

	/* The row's input failed: its rows are taken back, and so is it. */
	t = eb_table_new();
	add_op(t, "none", "read", 1, &r);
	eb_table_add(t, &r);
	add_op(t, "none", "write", 2, &r);
	eb_table_add(t, &r);
	add_op(t, "none", "create", 0, &k);
	eb_table_add_untimed(t, &k, 1);
	t->n = 1;
	/* Another input's row in its place is not its row. */
	add_op(t, "none", "write", 5, &r);
	eb_table_add(t, &r);
	eb_table_settle_untimed(t);
	assert_int_equal(t->nuntimed, 0);
	eb_table_free(t);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_intern_and_reps),
		cmocka_unit_test(test_untimed),
		cmocka_unit_test(test_set),
		cmocka_unit_test(test_source_path),
		cmocka_unit_test(test_unique),
		cmocka_unit_test(test_utf8),
		cmocka_unit_test(test_limits),
		cmocka_unit_test(test_numbers),
		cmocka_unit_test(test_csv_and_json),
		cmocka_unit_test(test_results_round_trip),
		cmocka_unit_test(test_results_errors),
		cmocka_unit_test(test_results_fields),
		cmocka_unit_test(test_line_reader),
		cmocka_unit_test(test_atomic_write),
		cmocka_unit_test(test_json_string),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
