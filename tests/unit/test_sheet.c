/* test_sheet.c - the spreadsheet importer end to end: hand-made exports in
 * the shapes Google Sheets, Excel and LibreOffice write, with hand-checked records. */
#include "testutil.h"
#include "test_sheet_map.h"

#define DATA "tests/data/sheet/"

struct run {
	struct eb_table *t;
	enum eb_status st;
	struct eb_err err;
	struct eb_buf diag;	/* "severity path:line:col: message" lines */
	long nwarnings;
};

static void
capture(void *ctx, enum eb_severity sev, struct eb_loc loc, const char *msg)
{
	static const char *const names[] = { "note", "warning", "error" };

	eb_buf_addf(ctx, "%s %s:%ld:%ld: %s\n", names[sev], loc.path ? loc.path : "-",
	    loc.line, loc.col, msg);
}

/* Ingests a file (text NULL) or a string named path, with a map and a
 * unit as --map and --unit would give them. */
static void
ingest(struct run *r, const char *path, const char *text, const char *format,
    const char *map, const char *unit)
{
	struct eb_ingest_opts opts;
	struct eb_diag d;

	memset(r, 0, sizeof *r);
	eb_buf_init(&r->diag, 0);
	memset(&d, 0, sizeof d);
	d.emit = capture;
	d.ctx = &r->diag;
	memset(&opts, 0, sizeof opts);
	opts.format = format;
	opts.diag = &d;
	opts.map = map;
	opts.unit = unit;
	r->t = eb_table_new();
	if (text != NULL)
		r->st = eb_ingest_buffer(r->t, path, text, strlen(text), &opts, &r->err);
	else
		r->st = eb_ingest_path(r->t, path, &opts, &r->err);
	r->nwarnings = d.nwarnings;
	eb_table_number_reps(r->t, 0);
}

static void
sheet(struct run *r, const char *text)
{
	ingest(r, "in.csv", text, "sheet", NULL, NULL);
}

static void
done(struct run *r)
{
	eb_table_free(r->t);
	eb_buf_free(&r->diag);
}

static const char *
diag(struct run *r)
{
	return eb_buf_cstr(&r->diag);
}

#define assert_contains(hay, needle) do { \
	if (strstr((hay), (needle)) == NULL) \
		fail_msg("'%s' not in:\n%s", (needle), (hay)); \
} while (0)


struct want {
	const char *release, *config, *mode, *tool, *workload, *op;
	int64_t bs;
	const char *metric, *unit;
	int rep;
	double value;
	const char *source;
};

static void
field_is(size_t i, const char *name, const char *got, const char *want)
{
	if (strcmp(got, want) != 0)
		fail_msg("record %zu: %s is '%s', want '%s'", i, name, got, want);
}

/* Every record, every column, exactly; job is the tool and host empty. */
static void
check(const struct run *r, const struct want *w, size_t n)
{
	if (r->st != EB_OK)
		fail_msg("ingest failed: %s:%ld:%ld: %s", r->err.loc.path ? r->err.loc.path : "-",
		    r->err.loc.line, r->err.loc.col, r->err.msg);
	assert_int_equal(r->t->n, n);
	for (size_t i = 0; i < n; i++) {
		const struct eb_record *rec = &r->t->rows[i];

		field_is(i, "release", rec->f[EB_F_RELEASE], w[i].release);
		field_is(i, "host", rec->f[EB_F_HOST], "");
		field_is(i, "config", rec->f[EB_F_CONFIG], w[i].config);
		field_is(i, "mode", rec->f[EB_F_MODE], w[i].mode);
		field_is(i, "tool", rec->f[EB_F_TOOL], w[i].tool);
		field_is(i, "job", rec->f[EB_F_JOB], w[i].tool);
		field_is(i, "workload", rec->f[EB_F_WORKLOAD], w[i].workload);
		field_is(i, "op", rec->f[EB_F_OP], w[i].op);
		field_is(i, "metric", rec->f[EB_F_METRIC], w[i].metric);
		field_is(i, "unit", rec->f[EB_F_UNIT], w[i].unit);
		field_is(i, "source", rec->f[EB_F_SOURCE], w[i].source);
		if (rec->block_size != w[i].bs)
			fail_msg("record %zu: block_size %lld, want %lld", i,
			    (long long)rec->block_size, (long long)w[i].bs);
		if (rec->rep != w[i].rep)
			fail_msg("record %zu: rep %d, want %d", i, rec->rep, w[i].rep);
		if (rec->value != w[i].value)
			fail_msg("record %zu: value %.17g, want %.17g", i, rec->value, w[i].value);
	}
}

/* A sheet that must give exactly these records. */
static void
reads_as(const char *text, const struct want *w, size_t n)
{
	struct run r;

	sheet(&r, text);
	check(&r, w, n);
	done(&r);
}

/* A sheet that must fail with exactly this located error. */
static void
fails_at(const char *text, long line, long col, const char *msg)
{
	struct run r;

	sheet(&r, text);
	assert_int_equal(r.st, EB_ERR_DATA);
	assert_int_equal(r.err.code, EB_ERR_DATA);
	assert_string_equal(r.err.loc.path, "in.csv");
	assert_int_equal(r.err.loc.line, line);
	assert_int_equal(r.err.loc.col, col);
	assert_string_equal(r.err.msg, msg);
	done(&r);
}

/* ---- the five sheets of issue 5 */

static void
test_wide_9x6(void **state)
{
	static const char *const modes[9] = {
		"none", "aes-128-ccm", "aes-192-ccm", "aes-256-ccm", "aes-128-gcm",
		"aes-192-gcm", "aes-256-gcm", "luks-xts-512", "luks-xts-4k",
	};
	static const struct {
		const char *tool, *workload, *op, *metric, *unit;
		int64_t bs;
	} cols[6] = {
		{ "dd", "", "write", "bw", "B/s", 0 },		/* DD Write (MB/s) */
		{ "dd", "", "read", "bw", "B/s", 0 },		/* DD Read (MB/s) */
		{ "fio", "seq", "write", "bw", "B/s", 0 },	/* FIO Seq Write (MiB/s) */
		{ "fio", "seq", "read", "bw", "B/s", 0 },	/* FIO Seq Read (MiB/s) */
		{ "fio", "rand", "read", "iops", "1/s", 4096 },	/* FIO Rand Read 4k (IOPS) */
		{ "fio", "rand", "read", "lat_mean", "ns", 0 },	/* ... Latency (ms) */
	};
	/* MB/s x 10^6, MiB/s x 2^20 (1650.25 MiB/s = 1650 * 1048576 +
	 * 262144), IOPS as they are, ms x 10^6. */
	static const double values[9][6] = {
		{ 1812300000, 2410700000, 1730412544, 2359820288, 48210, 310000 },
		{ 702100000, 1150400000, 724303872, 1174405120, 21050, 720000 },
		{ 688600000, 1128900000, 704118784, 1151598592, 20470, 740000 },
		{ 671200000, 1104300000, 686817280, 1128005632, 19880, 770000 },
		{ 1502800000, 2101600000, 1447559168, 2055471104, 41230, 360000 },
		{ 1476400000, 2080200000, 1421606912, 2024800256, 40480, 370000 },
		{ 1450900000, 2052300000, 1394868224, 1994915840, 39870, 380000 },
		{ 1210500000, 1890100000, 1158676480, 1846280192, 33120, 450000 },
		{ 1395200000, 2005800000, 1353187328, 1962147840, 38940, 390000 },
	};
	static char sources[54][64];
	struct want w[54];
	struct run r;

	(void)state;
	for (int m = 0; m < 9; m++) {
		for (int c = 0; c < 6; c++) {
			struct want *x = &w[m * 6 + c];

			snprintf(sources[m * 6 + c], sizeof sources[0],
			    DATA "wide-9x6.csv:%d:%d", m + 2, c + 2);
			*x = (struct want){ "", "", modes[m], cols[c].tool, cols[c].workload,
			    cols[c].op, cols[c].bs, cols[c].metric, cols[c].unit, 1,
			    values[m][c], sources[m * 6 + c] };
		}
	}
	/* Found by --format auto as well as named. */
	ingest(&r, DATA "wide-9x6.csv", NULL, "auto", NULL, NULL);
	check(&r, w, 54);
	assert_int_equal(r.nwarnings, 0);
	/* "1,105" and "1,931" are read by the dot decimals around them. */
	assert_contains(diag(&r), "note " DATA "wide-9x6.csv:0:0: numbers like 1,234 "
	    "and 1.234 were read with '.' as the decimal separator (as the other "
	    "numbers of the sheet use it)");
	done(&r);
	ingest(&r, DATA "wide-9x6.csv", NULL, "sheet", NULL, NULL);
	check(&r, w, 54);
	done(&r);
}

static void
test_two_release_group(void **state)
{
#define DE DATA "two-release-de.csv:"
	/* Excel (de): BOM, CRLF, ';', decimal commas and '.' thousands, a
	 * group row naming the releases over three columns each. */
	static const struct want w[] = {
		{ "23.10", "", "none", "sheet", "", "write", 0, "bw", "B/s", 1, 2450500000, DE "3:2" },
		{ "23.10", "", "none", "sheet", "", "read", 0, "bw", "B/s", 1, 3100250000, DE "3:3" },
		{ "23.10", "", "none", "sheet", "rand", "read", 0, "iops", "1/s", 1, 12000, DE "3:4" },
		{ "24.04", "", "none", "sheet", "", "write", 0, "bw", "B/s", 1, 2510750000, DE "3:5" },
		{ "24.04", "", "none", "sheet", "", "read", 0, "bw", "B/s", 1, 3204500000, DE "3:6" },
		{ "24.04", "", "none", "sheet", "rand", "read", 0, "iops", "1/s", 1, 12500, DE "3:7" },
		{ "23.10", "", "aes-256-gcm", "sheet", "", "write", 0, "bw", "B/s", 1, 1234500000, DE "4:2" },
		{ "23.10", "", "aes-256-gcm", "sheet", "", "read", 0, "bw", "B/s", 1, 2100000000, DE "4:3" },
		{ "23.10", "", "aes-256-gcm", "sheet", "rand", "read", 0, "iops", "1/s", 1, 9870, DE "4:4" },
		{ "24.04", "", "aes-256-gcm", "sheet", "", "write", 0, "bw", "B/s", 1, 1300250000, DE "4:5" },
		{ "24.04", "", "aes-256-gcm", "sheet", "", "read", 0, "bw", "B/s", 1, 2200500000, DE "4:6" },
		{ "24.04", "", "aes-256-gcm", "sheet", "rand", "read", 0, "iops", "1/s", 1, 10020, DE "4:7" },
		{ "23.10", "", "luks-xts-4k", "sheet", "", "write", 0, "bw", "B/s", 1, 1180000000, DE "5:2" },
		{ "23.10", "", "luks-xts-4k", "sheet", "", "read", 0, "bw", "B/s", 1, 1950750000, DE "5:3" },
		{ "23.10", "", "luks-xts-4k", "sheet", "rand", "read", 0, "iops", "1/s", 1, 8640, DE "5:4" },
		{ "24.04", "", "luks-xts-4k", "sheet", "", "write", 0, "bw", "B/s", 1, 1234000000, DE "5:5" },
		{ "24.04", "", "luks-xts-4k", "sheet", "", "read", 0, "bw", "B/s", 1, 2010500000, DE "5:6" },
		{ "24.04", "", "luks-xts-4k", "sheet", "rand", "read", 0, "iops", "1/s", 1, 8910, DE "5:7" },
	};
	struct run r;

	(void)state;
	ingest(&r, DATA "two-release-de.csv", NULL, "auto", NULL, NULL);
	check(&r, w, sizeof w / sizeof w[0]);
	assert_int_equal(r.nwarnings, 0);
	done(&r);
#undef DE
}

static void
test_long_reps(void **state)
{
#define LO DATA "long-reps.csv:"
	/* LibreOffice: merged Release, Config and Encryption cells come out
	 * in their first row only. */
	static const struct want w[] = {
		{ "24.04", "default", "none", "dd", "", "write", 0, "bw", "B/s", 1, 1234500000, LO "2:7" },
		{ "24.04", "default", "none", "dd", "", "write", 0, "bw", "B/s", 2, 1240250000, LO "3:7" },
		{ "24.04", "default", "none", "dd", "", "write", 0, "bw", "B/s", 3, 1236000000, LO "4:7" },
		{ "24.04", "default", "none", "dd", "", "read", 0, "bw", "B/s", 1, 2010500000, LO "5:7" },
		{ "24.04", "default", "none", "dd", "", "read", 0, "bw", "B/s", 2, 2002000000, LO "6:7" },
		{ "24.04", "default", "none", "dd", "", "read", 0, "bw", "B/s", 3, 2015750000, LO "7:7" },
		{ "24.04", "default", "aes-256-gcm", "dd", "", "write", 0, "bw", "B/s", 1, 1001500000, LO "8:7" },
		{ "24.04", "default", "aes-256-gcm", "dd", "", "write", 0, "bw", "B/s", 2, 998250000, LO "9:7" },
		{ "24.04", "default", "aes-256-gcm", "dd", "", "write", 0, "bw", "B/s", 3, 1003000000, LO "10:7" },
		{ "24.04", "default", "aes-256-gcm", "dd", "", "read", 0, "bw", "B/s", 1, 1800500000, LO "11:7" },
		{ "24.04", "default", "aes-256-gcm", "dd", "", "read", 0, "bw", "B/s", 2, 1795000000, LO "12:7" },
		{ "24.04", "default", "aes-256-gcm", "dd", "", "read", 0, "bw", "B/s", 3, 1802250000, LO "13:7" },
	};
	struct run r;

	(void)state;
	ingest(&r, DATA "long-reps.csv", NULL, "sheet", NULL, NULL);
	check(&r, w, sizeof w / sizeof w[0]);
	assert_string_equal(diag(&r), "");
	done(&r);
#undef LO
}

static void
test_units_and_errors(void **state)
{
#define UE DATA "units-errors.csv:"
	static const struct want w[] = {
		{ "", "", "none", "dd", "", "write", 0, "bw", "B/s", 1, 2100000000, UE "2:2" },
		{ "", "", "none", "dd", "", "read", 0, "bw", "B/s", 1, 466000000, UE "2:3" },
		{ "", "", "none", "fio", "rand", "read", 0, "iops", "1/s", 1, 12000, UE "2:4" },
		{ "", "", "none", "fio", "rand", "read", 0, "lat_mean", "ns", 1, 250000, UE "2:5" },
		{ "", "", "none", "sheet", "", "", 0, "cpu", "%", 1, 12.5, UE "2:6" },
		/* 1.9 GiB/s: the double 1.9 times 2^30, exactly. */
		{ "", "", "aes-256-gcm", "dd", "", "write", 0, "bw", "B/s", 1, 2040109465.6, UE "3:2" },
		{ "", "", "aes-256-gcm", "fio", "rand", "read", 0, "lat_mean", "ns", 1, 750000, UE "3:5" },
		{ "", "", "aes-256-gcm", "sheet", "", "", 0, "cpu", "%", 1, 45, UE "3:6" },
		{ "", "", "luks-xts-512", "fio", "rand", "read", 0, "lat_mean", "ns", 1, 1200000, UE "4:5" },
		{ "", "", "geli-xts-128", "dd", "", "write", 0, "bw", "B/s", 1, 524288, UE "5:2" },
		{ "", "", "geli-xts-128", "dd", "", "read", 0, "bw", "B/s", 1, 1572864, UE "5:3" },
		{ "", "", "geli-xts-128", "fio", "rand", "read", 0, "iops", "1/s", 1, 900, UE "5:4" },
	};
	struct run r;
	const char *d;

	(void)state;
	ingest(&r, DATA "units-errors.csv", NULL, "auto", NULL, NULL);
	check(&r, w, sizeof w / sizeof w[0]);
	assert_int_equal(r.nwarnings, 7);
	d = diag(&r);
	assert_contains(d, "warning " UE "3:3: '#DIV/0!' in column C ('DD Read') is a "
	    "spreadsheet error or empty marker; skipped\n");
	assert_contains(d, "warning " UE "3:4: '#N/A' in column D ('FIO Rand Read')");
	assert_contains(d, "warning " UE "4:2: 'N/A' in column B ('DD Write')");
	assert_contains(d, "warning " UE "4:3: '-' in column C");
	assert_contains(d, "warning " UE "4:4: '?' in column D");
	assert_contains(d, "warning " UE "5:5: '#VALUE!' in column E");
	assert_contains(d, "warning " UE "5:6: 'Err:502' in column F ('CPU')");
	done(&r);
#undef UE
}

static void
test_needs_map(void **state)
{
#define NM DATA "needs-map.csv:"
	static const struct want w[] = {
		{ "23.10", "default", "none", "fio", "seq", "write", 0, "bw", "B/s", 1, 1234500000, NM "2:2" },
		{ "23.10", "default", "none", "fio", "seq", "read", 0, "bw", "B/s", 1, 2459435008, NM "2:3" },
		{ "23.10", "default", "none", "fio", "rand", "read", 4096, "iops", "1/s", 1, 12000, NM "2:4" },
		{ "23.10", "default", "aes-256-gcm", "fio", "seq", "write", 0, "bw", "B/s", 1, 1000000000, NM "3:2" },
		{ "23.10", "default", "aes-256-gcm", "fio", "seq", "read", 0, "bw", "B/s", 1, 2097152000, NM "3:3" },
		{ "23.10", "default", "aes-256-gcm", "fio", "rand", "read", 4096, "iops", "1/s", 1, 10000, NM "3:4" },
		{ "24.04", "default", "none", "fio", "seq", "write", 0, "bw", "B/s", 1, 1300000000, NM "4:2" },
		{ "24.04", "default", "none", "fio", "seq", "read", 0, "bw", "B/s", 1, 2516582400, NM "4:3" },
		{ "24.04", "default", "none", "fio", "rand", "read", 4096, "iops", "1/s", 1, 12500, NM "4:4" },
		{ "24.04", "default", "aes-256-gcm", "fio", "seq", "write", 0, "bw", "B/s", 1, 1100000000, NM "5:2" },
		{ "24.04", "default", "aes-256-gcm", "fio", "seq", "read", 0, "bw", "B/s", 1, 2202009600, NM "5:3" },
		{ "24.04", "default", "aes-256-gcm", "fio", "rand", "read", 4096, "iops", "1/s", 1, 10500, NM "5:4" },
	};
	struct run r;

	(void)state;
	/* Without the map, nothing says what unit the values are in. */
	ingest(&r, DATA "needs-map.csv", NULL, "auto", NULL, NULL);
	assert_int_equal(r.st, EB_ERR_DATA);
	assert_int_equal(r.t->n, 0);
	assert_int_equal(r.err.loc.line, 2);
	assert_int_equal(r.err.loc.col, 2);
	assert_string_equal(r.err.msg, "column B ('Seq Write') has values without a unit; "
	    "name one in the header (\"Write (MB/s)\"), in the cells, with --unit or "
	    "in a --map file");
	done(&r);
	/* The example map of samples/ and doc/sheet.md. */
	ingest(&r, DATA "needs-map.csv", NULL, "auto", "samples/sheet-map-example.json", NULL);
	check(&r, w, sizeof w / sizeof w[0]);
	assert_string_equal(diag(&r), "");
	done(&r);
#undef NM
}

static void
test_broken_quote(void **state)
{
	struct run r;

	(void)state;
	ingest(&r, DATA "broken-quote.csv", NULL, "sheet", NULL, NULL);
	assert_int_equal(r.st, EB_ERR_DATA);
	assert_int_equal(r.t->n, 0);
	assert_string_equal(r.err.loc.path, DATA "broken-quote.csv");
	assert_int_equal(r.err.loc.line, 3);
	assert_string_equal(r.err.msg,
	    "malformed CSV: the quoted field that begins on this line is never closed");
	done(&r);
	/* A quote in the middle of an unquoted field, on line 2. */
	sheet(&r, "Mode,Write (MB/s)\nNone 5\" disk,100\n");
	assert_int_equal(r.st, EB_ERR_DATA);
	assert_int_equal(r.err.loc.line, 2);
	assert_contains(r.err.msg, "malformed CSV: a quote inside a field");
	done(&r);
	/* The field begins on line 3, after a good multi-line field. */
	sheet(&r, "Mode,Write (MB/s),Notes\nNone,100,\"two\nlines\"\nLUKS,90,\"open\n");
	assert_int_equal(r.st, EB_ERR_DATA);
	assert_int_equal(r.err.loc.line, 4);
	done(&r);
}

/* ---- layouts, each a sheet that must give exactly these records */

#define WANTS(...) (const struct want[]){ __VA_ARGS__ }, \
	sizeof (const struct want[]){ __VA_ARGS__ } / sizeof (struct want)
static const struct {
	const char *text;
	const struct want *w;
	size_t n;
} layouts[] = {
	/* A BOM, CRLF, a header cell with a line break (Alt+Enter in Excel)
	 * and a separator, a notes cell over two lines: row numbers are the
	 * spreadsheet's, so row 3 begins on line 4. */
	{ "\xef\xbb\xbfMode,\"Seq\r\nWrite, MB/s\",\"Notes, misc\"\r\n"
	    "None,100,\"a, b\r\nc\"\r\nLUKS (512),90,x\r\n",
	    WANTS(
		{ "", "", "none", "sheet", "seq", "write", 0, "bw", "B/s", 1, 100000000, "in.csv:2:2" },
		{ "", "", "luks-xts-512", "sheet", "seq", "write", 0, "bw", "B/s", 1, 90000000, "in.csv:3:2" }
	    ) },
	/* Empty rows, an empty column, rows padded with trailing empty
	 * cells, a row with its trailing cells dropped. */
	{ ",,,,\nMode,Write (MB/s),,Read (MB/s),\nNone,100,,200,\n,,,,\n\n"
	    "GCM 128,90\n   \n",
	    WANTS(
		{ "", "", "none", "sheet", "", "write", 0, "bw", "B/s", 1, 100000000, "in.csv:3:2" },
		{ "", "", "none", "sheet", "", "read", 0, "bw", "B/s", 1, 200000000, "in.csv:3:4" },
		{ "", "", "aes-128-gcm", "sheet", "", "write", 0, "bw", "B/s", 1, 90000000, "in.csv:6:2" }
	    ) },
	/* Merged "DD" and "FIO" cells over their columns, units in a row of
	 * their own under the header, and a release group row above both. */
	{ ",Ubuntu 24.04 LTS,,,\n,DD,,FIO,\nMode,Write,Read,Rand Write,Rand Read\n"
	    ",MB/s,MB/s,IOPS,IOPS\nNone,1,2,3,4\n",
	    WANTS(
		{ "24.04", "", "none", "dd", "", "write", 0, "bw", "B/s", 1, 1000000, "in.csv:5:2" },
		{ "24.04", "", "none", "dd", "", "read", 0, "bw", "B/s", 1, 2000000, "in.csv:5:3" },
		{ "24.04", "", "none", "fio", "rand", "write", 0, "iops", "1/s", 1, 3, "in.csv:5:4" },
		{ "24.04", "", "none", "fio", "rand", "read", 0, "iops", "1/s", 1, 4, "in.csv:5:5" }
	    ) },
	/* A group row of configurations, in the runner's spelling. */
	{ "Config,Default,AES-NI off,2 cores\nMode,Write (MB/s),Write (MB/s),Write (MB/s)\n"
	    "None,1,\"0,5\",0.7\n",
	    WANTS(
		{ "", "default", "none", "sheet", "", "write", 0, "bw", "B/s", 1, 1000000, "in.csv:3:2" },
		{ "", "no-aesni", "none", "sheet", "", "write", 0, "bw", "B/s", 1, 500000, "in.csv:3:3" },
		{ "", "2-cores", "none", "sheet", "", "write", 0, "bw", "B/s", 1, 700000, "in.csv:3:4" }
	    ) },
	/* One table per release, each under a title row, apart by an
	 * empty row; the second one's header repeats. */
	{ "Ubuntu 23.10,\nMode,Write (MB/s)\nNone,1\nAES-256-GCM,2\n,\n"
	    "Release: 24.04,\nMode,Write (MB/s)\nNone,3\nAES-256-GCM,4\n",
	    WANTS(
		{ "23.10", "", "none", "sheet", "", "write", 0, "bw", "B/s", 1, 1000000, "in.csv:3:2" },
		{ "23.10", "", "aes-256-gcm", "sheet", "", "write", 0, "bw", "B/s", 1, 2000000, "in.csv:4:2" },
		{ "24.04", "", "none", "sheet", "", "write", 0, "bw", "B/s", 1, 3000000, "in.csv:8:2" },
		{ "24.04", "", "aes-256-gcm", "sheet", "", "write", 0, "bw", "B/s", 1, 4000000, "in.csv:9:2" }
	    ) },
	/* Mode cells merged over their runs; a first column called "Setup". */
	{ "Setup,Run,Write (MB/s)\nNone,1,100\n,2,101\nAES-256-GCM,1,80\n,,81\n",
	    WANTS(
		{ "", "", "none", "sheet", "", "write", 0, "bw", "B/s", 1, 100000000, "in.csv:2:3" },
		{ "", "", "none", "sheet", "", "write", 0, "bw", "B/s", 2, 101000000, "in.csv:3:3" },
		{ "", "", "aes-256-gcm", "sheet", "", "write", 0, "bw", "B/s", 1, 80000000, "in.csv:4:3" },
		{ "", "", "aes-256-gcm", "sheet", "", "write", 0, "bw", "B/s", 2, 81000000, "in.csv:5:3" }
	    ) },
	/* Other names for the key columns, a unit column, a block size, a
	 * fio rw= value in the direction column and an Excel-mangled 23.10;
	 * bonnie++'s latency is its slowest operation, lat_max. */
	{ "Version,Setup,Cipher,Benchmark,Direction,Iteration,bs,Result,Unit\n"
	    "23.1,AES-NI off,CCM 128,FIO,randread,2,4k,12000,IOPS\n"
	    "24.04,default,LUKS 4K,dd,write,1,1M,1,MiB/s\n"
	    "24.04,default,LUKS 4K,bonnie++,write,1,,1.5,us\n",
	    WANTS(
		{ "23.10", "no-aesni", "aes-128-ccm", "fio", "rand", "read", 4096, "iops", "1/s", 2, 12000, "in.csv:2:8" },
		{ "24.04", "default", "luks-xts-4k", "dd", "", "write", 1048576, "bw", "B/s", 1, 1048576, "in.csv:3:8" },
		{ "24.04", "default", "luks-xts-4k", "bonnie", "", "write", 0, "lat_max", "ns", 1, 1500, "in.csv:4:8" }
	    ) },
};
#undef WANTS

static void
test_layouts(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof layouts / sizeof layouts[0]; i++)
		reads_as(layouts[i].text, layouts[i].w, layouts[i].n);
}

/* ---- CSV shapes */

static void
test_line_ends(void **state)
{
	static const struct want w[] = {
		{ "", "", "none", "sheet", "", "write", 0, "bw", "B/s", 1, 1000000, "in.csv:2:2" },
		{ "", "", "none", "sheet", "", "read", 0, "bw", "B/s", 1, 2000000, "in.csv:2:3" },
		{ "", "", "geli-xts-128", "sheet", "", "write", 0, "bw", "B/s", 1, 3000000, "in.csv:3:2" },
	};

	(void)state;
	/* Excel 2011 for Mac: CR only. */
	reads_as("Mode,Write (MB/s),Read (MB/s)\rNone,1,2\rgeli,3\r", w, 3);
	/* A CRLF file converted once more: CR CR LF. */
	reads_as("Mode,Write (MB/s),Read (MB/s)\r\r\nNone,1,2\r\r\ngeli,3\r\r\n", w, 3);
	/* No newline at the end. */
	reads_as("Mode,Write (MB/s),Read (MB/s)\nNone,1,2\ngeli,3", w, 3);
}

static void
test_sep_line_and_units_row(void **state)
{
	/* "sep=;" is a line but no row; a row of units under the header. */
	static const struct want w[] = {
		{ "", "", "none", "sheet", "", "write", 0, "bw", "B/s", 1, 1500000, "in.csv:3:2" },
		{ "", "", "none", "sheet", "", "read", 0, "bw", "B/s", 1, 2097152, "in.csv:3:3" },
	};
	struct run r;

	(void)state;
	sheet(&r, "sep=;\nMode;Write;Read\n;MB/s;MiB/s\nNone;1,5;2\n");
	check(&r, w, 2);
	done(&r);
}

/* ---- values */

static void
test_number_forms(void **state)
{
	static const struct want semi[] = {
		{ "", "", "none", "sheet", "", "write", 0, "bw", "B/s", 1, 2450500000, "in.csv:2:2" },
		{ "", "", "aes-256-gcm", "sheet", "", "write", 0, "bw", "B/s", 1, 2450500000, "in.csv:3:2" },
		{ "", "", "aes-256-ccm", "sheet", "", "write", 0, "bw", "B/s", 1, 2450500000, "in.csv:4:2" },
		{ "", "", "luks-xts-512", "sheet", "", "write", 0, "bw", "B/s", 1, 1234000000, "in.csv:5:2" },
	};
	static const struct want comma[] = {
		{ "", "", "none", "sheet", "", "write", 0, "bw", "B/s", 1, 2450500000, "in.csv:2:2" },
		{ "", "", "aes-256-gcm", "sheet", "", "write", 0, "bw", "B/s", 1, 2450000000, "in.csv:3:2" },
		{ "", "", "luks-xts-512", "sheet", "", "write", 0, "bw", "B/s", 1, 1234000, "in.csv:4:2" },
	};
	static const struct want pct[] = {
		{ "", "", "none", "sheet", "", "", 0, "cpu", "%", 1, 12.5, "in.csv:2:2" },
		{ "", "", "aes-256-gcm", "sheet", "", "", 0, "cpu", "%", 1, 45, "in.csv:3:2" },
	};
	struct run r;

	(void)state;
	/* ';'-separated: '.' groups, ' ' groups, no-break space groups; a
	 * lone "1.234" is a thousand there. */
	sheet(&r, "Mode;Write (MB/s)\nNone;2.450,5\nAES-256-GCM;2 450,5\n"
	    "AES-256-CCM;\"2\xc2\xa0" "450,5\"\nLUKS;1.234\n");
	check(&r, semi, 4);
	assert_contains(diag(&r), "read with ',' as the decimal separator (as the "
	    "other numbers of the sheet use it)");
	done(&r);
	/* ','-separated: "2,450.5" must be quoted, "2,450" is 2450, and a
	 * lone "1.234" is a decimal. */
	reads_as("Mode,Write (MB/s)\nNone,\"2,450.5\"\nAES-256-GCM,\"2,450\"\nLUKS,1.234\n", comma, 3);
	/* The map decides where the cells cannot. */
	ingest(&r, "in.csv", "Mode,Write (MB/s)\nNone,\"2,450\"\n", "sheet",
	    write_map("decimal.json", "{\"decimal\": \",\"}\n"), NULL);
	assert_int_equal(r.st, EB_OK);
	assert_int_equal(r.t->n, 1);
	assert_true(r.t->rows[0].value == 2450000);
	assert_contains(diag(&r), "(as the map says)");
	done(&r);
	/* Percent cells. */
	reads_as("Mode,CPU\nNone,12.5%\nAES-256-GCM,45 %\n", pct, 2);
}

static void
test_bad_values(void **state)
{
	struct run r;

	(void)state;
	sheet(&r, "Mode,Write (MB/s),Read (MB/s)\nNone,,#N/A\nLUKS,n/a,8\ngeli,7,\n"
	    "AES-256-GCM,-,\xe2\x80\x93\nAES-128-GCM,?,Err:502\nAES-128-CCM,NaN,#DIV/0!\n");
	assert_int_equal(r.st, EB_OK);
	assert_int_equal(r.t->n, 2);
	assert_true(r.t->rows[0].value == 8000000);
	assert_true(r.t->rows[1].value == 7000000);
	assert_int_equal(r.nwarnings, 8);
	assert_contains(diag(&r), "warning in.csv:2:3: '#N/A' in column C ('Read (MB/s)') "
	    "is a spreadsheet error or empty marker; skipped\n");
	assert_contains(diag(&r), "warning in.csv:3:2: 'n/a' in column B ('Write (MB/s)') "
	    "is a spreadsheet error or empty marker; skipped\n");
	assert_contains(diag(&r), "warning in.csv:5:3: '\xe2\x80\x93' in column C ('Read "
	    "(MB/s)') is a spreadsheet error or empty marker; skipped\n");
	done(&r);
	/* Any other text in a measurement's cell is a measurement lost, or
	 * one that is not the value (a bound, an estimate, a formula, an
	 * accounting negative): an error where it is, never a warning and
	 * exit 0 (audits A6, C12). */
#define NOT_READ "' in column C ('Read (MB/s)') is not a number encbench reads; a cell " \
	"with no value is left empty or holds a marker such as N/A or -"
#define NO_UNIT "' in column C ('Read (MB/s)') has a unit encbench does not know"
	static const char *const refused[][2] = {
		{ "5 furlongs", "'5 furlongs" NO_UNIT },
		{ "300 foo", "'300 foo" NO_UNIT },
		{ "1_000", "'1_000" NO_UNIT },
		{ "900?", "'900?" NO_UNIT },
		{ "1.2.3x", "'1.2.3x" NOT_READ },
		{ "1e999", "'1e999' in column C ('Read (MB/s)') is too large for a number" },
		{ "fast", "'fast" NOT_READ },
		{ "~900", "'~900" NOT_READ },
		{ "\xe2\x89\x88" "900", "'\xe2\x89\x88" "900" NOT_READ },
		{ "$900", "'$900" NOT_READ },
		{ "(1900)", "'(1900)" NOT_READ },
		{ "<1", "'<1" NOT_READ },
		{ ">5", "'>5" NOT_READ },
		{ "=A2*2", "'=A2*2" NOT_READ },
		{ "TRUE", "'TRUE" NOT_READ },
		{ "inf", "'inf" NOT_READ },
		/* Arabic-Indic 900 and full-width 900. */
		{ "\xd9\xa9\xd9\xa0\xd9\xa0", "'\xd9\xa9\xd9\xa0\xd9\xa0" NOT_READ },
		{ "\xef\xbc\x99\xef\xbc\x90\xef\xbc\x90",
		    "'\xef\xbc\x99\xef\xbc\x90\xef\xbc\x90" NOT_READ },
		/* A negative cell, as in every other parser: skipping it
		 * would drop a run without a word. */
		{ "-5", "'-5' in column C ('Read (MB/s)') is negative, which no measurement is" },
		{ "-0", "'-0' in column C ('Read (MB/s)') is negative, which no measurement is" },
		{ "\xE2\x88\x92" "2.5", "'\xE2\x88\x92" "2.5' in column C ('Read (MB/s)') is "
		    "negative, which no measurement is" },
	};
#undef NOT_READ
#undef NO_UNIT
	for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++) {
		char text[128];

		snprintf(text, sizeof text, "Mode,Write (MB/s),Read (MB/s)\nNone,5,6\n"
		    "LUKS,4,%s\n", refused[i][0]);
		fails_at(text, 3, 3, refused[i][1]);
	}
	/* A header repeated cell for cell (sheets pasted one below the
	 * other) is no row of values, and its text no measurement lost. */
	sheet(&r, "Mode,Write (MB/s)\nNone,1\nmode, write (MB/s)\nLUKS,2\n");
	assert_int_equal(r.st, EB_OK);
	assert_int_equal(r.t->n, 2);
	assert_string_equal(TU_F(r, 1, SOURCE), "in.csv:4:2");
	assert_string_equal(diag(&r), "note in.csv:3:1: this row repeats the header; skipped\n");
	done(&r);
	/* Below a repeated header, the rows above it again cell for cell: a
	 * table pasted twice, not its runs (audit 20 F10). Runs that differ
	 * in one figure are runs. */
	fails_at("Mode,Write (MB/s)\nNone,500\nAES-256-GCM,400\nMode,Write (MB/s)\n"
	    "None,500\nAES-256-GCM,400\n", 5, 1, "2 of rows 5 to 6 repeat rows 2 to 3 value "
	    "for value, below a repeat of the header: the table pasted twice, whose runs would "
	    "count twice; keep one copy, or add a Run column if they are runs that measured "
	    "alike");
	/* In another order, with a row added or changed, with its units row
	 * (audit 21 G04, G11). */
	fails_at("Mode,Write (MB/s)\nNone,500\nAES-256-GCM,400\nMode,Write (MB/s)\n"
	    "AES-256-GCM,400\nNone,500\nLUKS,300\n", 5, 1, "2 of rows 5 to 7 repeat rows 2 "
	    "to 3 value for value, below a repeat of the header: the table pasted twice, whose "
	    "runs would count twice; keep one copy, or add a Run column if they are runs that "
	    "measured alike");
	fails_at("Mode,Write (MB/s),Read (MB/s)\nNone,500,600\nAES-256-GCM,400,450\n"
	    "None,510,610\nMode,Write (MB/s),Read (MB/s)\nNone,500,600\nAES-256-GCM,400,450\n"
	    "None,520,620\n", 6, 1, "2 of rows 6 to 8 repeat rows 2 to 4 value for value, "
	    "below a repeat of the header: the table pasted twice, whose runs would count twice; keep "
	    "one copy, or add a Run column if they are runs that measured alike");
	fails_at("Mode,Write,Read\n,MB/s,MB/s\nNone,500,600\nAES-256-GCM,400,450\n"
	    "Mode,Write,Read\n,MB/s,MB/s\nNone,500,600\nAES-256-GCM,400,450\n", 7, 1,
	    "2 of rows 7 to 8 repeat rows 3 to 4 value for value, below a repeat of the header: "
	    "the table pasted twice, whose runs would count twice; keep one copy, or add a Run "
	    "column if they are runs that measured alike");
	/* Spelt otherwise, the same values (audit 22 H08). */
	fails_at("Mode,Write (MB/s),Read (MB/s)\nNone,\"1,500\",\"1,600\"\nAES-256-GCM,400,450\n"
	    "Mode,Write (MB/s),Read (MB/s)\nnone,1500,1600\naes-256-gcm,400.0,450.0\n", 5, 1,
	    "2 of rows 5 to 6 repeat rows 2 to 3 value for value, below a repeat of the header: "
	    "the table pasted twice, whose runs would count twice; keep one copy, or add a Run "
	    "column if they are runs that measured alike");
	/* A copy with the column's unit in its cells (audit 23 I02). */
	fails_at("Mode,Write (MB/s),Read (MB/s)\nNone,500,600\nAES-256-GCM,400,450\n"
	    "Mode,Write (MB/s),Read (MB/s)\nNone,500 MB/s,600 MB/s\nAES-256-GCM,400 MB/s,"
	    "450 MB/s\n", 5, 1, "2 of rows 5 to 6 repeat rows 2 to 3 value for value, below a "
	    "repeat of the header: the table pasted twice, whose runs would count twice; keep "
	    "one copy, or add a Run column if they are runs that measured alike");
	/* Runs pasted with their units row are runs. */
	sheet(&r, "Mode,Write,Read\n,MB/s,MB/s\nNone,500,600\nAES-256-GCM,400,450\n"
	    "Mode,Write,Read\n,MB/s,MB/s\nNone,510,600\nAES-256-GCM,401,450\n");
	assert_int_equal(r.st, EB_OK);
	assert_int_equal(r.t->n, 8);
	done(&r);
	sheet(&r, "Mode,Write (MB/s)\nNone,500\nAES-256-GCM,400\nMode,Write (MB/s)\n"
	    "None,500\nAES-256-GCM,401\n");
	assert_int_equal(r.st, EB_OK);
	assert_int_equal(r.t->n, 4);
	done(&r);
	/* A header that scales its numbers: 120 under "IOPS (k)" were 120
	 * IOPS, a thousand times off with exit 0 (E10). */
	static const char *const scaled[][3] = {
		{ "IOPS (x1000)", "x1000", "a multiplier" },
		{ "IOPS (\xc3\x97" "1000)", "\xc3\x97" "1000", "a multiplier" },
		{ "IOPS \xc3\x97" "10\xc2\xb3", "\xc3\x97" "10\xc2\xb3", "a multiplier" },
		{ "(MB/s x10)", "x10", "a multiplier" }, { "(x100 MB/s)", "x100", "a multiplier" },
		{ "(MB/s) [x1000]", "x1000", "a multiplier" },
		{ "(10^3 IOPS)", "10^3", "a power of ten" }, { "(1000 MB/s)", "1000", "a power of ten" },
		{ "IOPS (thousands)", "thousands", "a scale word" }, { "IOPS (k)", "k", "a scale word" },
		{ "IOPS in K", "in K", "a scale word" }, { "IOPS (1000s)", "1000s", "a scale word" },
	};
	for (size_t i = 0; i < sizeof scaled / sizeof scaled[0]; i++) {
		char text[128], msg[320];

		snprintf(text, sizeof text, "Mode,%s\nNone,120\n", scaled[i][0]);
		snprintf(msg, sizeof msg, "column B ('%s') scales its numbers ('%s', %s), which "
		    "encbench does not apply; write the unit with its prefix (kIOPS, GB/s) in the "
		    "header or the cells, or the unit in a --map file", scaled[i][0], scaled[i][1],
		    scaled[i][2]);
		fails_at(text, 1, 2, msg);
	}
	/* A block size, a run number and a unit with its prefix scale nothing. */
	sheet(&r, "Mode,Rand Read 4k (IOPS),Write 10 (MB/s),Read (kIOPS)\nNone,120,5,2\n");
	assert_int_equal(r.st, EB_OK);
	assert_int_equal(r.t->n, 3);
	assert_true(r.t->rows[0].value == 120);
	assert_true(r.t->rows[2].value == 2000);
	done(&r);
	/* A throughput, rate or latency of 0 is a run that did not happen:
	 * one such cell turned a 20 % cost into "no measurable overhead"
	 * (E23). CPU use may be 0. */
	fails_at("Mode,DD Write (MB/s)\nNone,1000\nNone,0\n", 3, 2, "'0' in column B ('DD "
	    "Write (MB/s)') is 0, which no run of a test measures; leave the cell empty (or "
	    "N/A) for a run that did not happen");
	fails_at("Mode,Write latency (ms)\nNone,0.000\n", 2, 2, "'0.000' in column B ('Write "
	    "latency (ms)') is 0, which no run of a test measures; leave the cell empty (or "
	    "N/A) for a run that did not happen");
	fails_at("Mode,Rand Read 4k (IOPS)\nNone,0\n", 2, 2, "'0' in column B ('Rand Read 4k "
	    "(IOPS)') is 0, which no run of a test measures; leave the cell empty (or N/A) for a "
	    "run that did not happen");
	sheet(&r, "Mode,DD Write (MB/s),CPU %\nNone,1000,0\n");
	assert_int_equal(r.st, EB_OK);
	assert_int_equal(r.t->n, 2);
	assert_true(r.t->rows[1].value == 0);
	assert_string_equal(TU_F(r, 1, METRIC), "cpu");
	done(&r);
	/* Every cell skipped: no records, an error. */
	sheet(&r, "Mode,Write (MB/s)\nNone,#N/A\n");
	assert_int_equal(r.st, EB_ERR_DATA);
	assert_string_equal(r.err.msg, "no usable value in this sheet: every measurement "
	    "cell was empty or skipped");
	done(&r);
}

/* Two columns of one test and metric whose headers differ only in case,
 * blanks or unit are one figure given twice, not two runs: each was a
 * doubled n (audit N1). Numbered columns and cells that name their own
 * units stay readable. */
static void
test_one_figure_twice(void **state)
{
	static const struct { const char *text, *msg; } twice[] = {
		{ "Mode,DD Write (MB/s),dd write (MB/s)\nNone,100,100\nAES-256-GCM,90,90\n",
		    "column C ('dd write (MB/s)') gives the same figure (dd write bw) as "
		    "column B ('DD Write (MB/s)') at 1:2; name each run in its header "
		    "(\"Run 2\") or give them rep in a --map file" },
		{ "Mode,DD Write (MB/s),DD Write (KB/s)\nNone,100,100000\n",
		    "column C ('DD Write (KB/s)') gives the same figure (dd write bw) as "
		    "column B ('DD Write (MB/s)') at 1:2; name each run in its header "
		    "(\"Run 2\") or give them rep in a --map file" },
		{ "Mode,Read (MB/s),FIO  seq  write [GiB/s],fio Seq Write (MiB/s)\nNone,1,2,3\n",
		    "column D ('fio Seq Write (MiB/s)') gives the same figure (fio seq write "
		    "bw) as column C ('FIO seq write [GiB/s]') at 1:3; name each run in its "
		    "header (\"Run 2\") or give them rep in a --map file" },
		{ "Mode,Write,WRITE\nNone,1 MB/s,2 MB/s\n",
		    "column C ('WRITE') gives the same figure (write) as column B ('Write') "
		    "at 1:2; name each run in its header (\"Run 2\") or give them rep in a "
		    "--map file" },
	};
	static const struct want runs[] = {
		{ "", "", "none", "sheet", "", "write", 0, "bw", "B/s", 1, 101e6, "in.csv:2:2" },
		{ "", "", "none", "sheet", "", "write", 0, "bw", "B/s", 2, 102e3, "in.csv:2:3" },
		{ "", "", "none", "sheet", "", "write", 0, "bw", "B/s", 3, 103e6, "in.csv:2:4" },
		{ "", "", "none", "fio", "rand", "read", 0, "iops", "1/s", 1, 12000, "in.csv:2:2" },
		{ "", "", "none", "fio", "rand", "read", 0, "lat_mean", "ns", 1, 250000, "in.csv:2:3" },
	};

	(void)state;
	for (size_t i = 0; i < sizeof twice / sizeof twice[0]; i++)
		fails_at(twice[i].text, 1, 3 + (i == 2), twice[i].msg);
	reads_as("Mode,Write 1 (MB/s),Write 2 (KB/s),Write 3 (MB/s)\nNone,101,102,103\n", runs, 3);
	reads_as("Mode,FIO Rand Read,fio rand read latency\nNone,12000 IOPS,250 us\n", runs + 3, 2);
}

/* Cells that prove the other decimal separator than the one the sheet's
 * cells like 1,234 are read with, bits written with a lower-case b, and
 * map row ranges that label a row twice (audit A4, A5, A13). */
static void
test_separators_bits_ranges(void **state)
{
	static const struct want bits[] = {
		{ "", "", "none", "dd", "", "write", 0, "bw", "B/s", 1, 100e6, "in.csv:2:2" },
		{ "", "", "none", "dd", "", "read", 0, "bw", "B/s", 1, 100e6, "in.csv:2:3" },
		{ "", "", "none", "fio", "seq", "read", 0, "bw", "B/s", 1, 1e9, "in.csv:2:4" },
		{ "", "", "aes-256-gcm", "dd", "", "write", 0, "bw", "B/s", 1, 1e6, "in.csv:3:2" },
		{ "", "", "aes-256-gcm", "dd", "", "read", 0, "bw", "B/s", 1, 1e6, "in.csv:3:3" },
		{ "", "", "aes-256-gcm", "fio", "seq", "read", 0, "bw", "B/s", 1, 1e9, "in.csv:3:4" },
	};
	static const struct want certain[] = {
		{ "", "", "none", "sheet", "", "write", 0, "bw", "B/s", 1, 500000, "in.csv:2:2" },
		{ "", "", "none", "sheet", "", "read", 0, "bw", "B/s", 1, 700000, "in.csv:2:3" },
	};
	struct run r;

	(void)state;
	fails_at("mode;DD Write (MB/s);DD Read (MB/s)\nnone;1.234,5;2.345\n"
	    "aes-256-gcm;1,100.5;2,000\n", 3, 2, "'1,100.5' in column B ('DD Write (MB/s)') "
	    "has '.' as its decimal separator, but the sheet reads ',' (the sheet is "
	    "separated by ';') in cells like 1,234; set \"decimal\" in a --map file");
	/* With no cell that either separator reads, each number is certain. */
	reads_as("Mode,Write (MB/s),Read (MB/s)\nNone,\"0,5\",0.7\n", certain, 2);
	reads_as("mode,DD Write (Mb/s),DD Read (Mbps),FIO Seq Read (Gb/s)\n"
	    "none,800,800,8\naes-256-gcm,8 Mbps,8 Mb/s,8 Gbps\n", bits, 6);
	fails_at("Mode,Write (MB/s)\nNone,400 mb/s\n", 2, 2, "'400 mb/s' in column B "
	    "('Write (MB/s)') has a unit encbench does not know");
	ingest(&r, "in.csv", "mode,Seq Write\nnone,100\naes-256-gcm,90\nnone,110\n", "sheet",
	    write_map("overlap.json", "{\"columns\": [{\"column\": \"Seq Write\", "
	    "\"unit\": \"MB/s\"}],\n \"rows\": [{\"from\": 2, \"to\": 3, \"release\": "
	    "\"23.10\"}, {\"from\": 3, \"release\": \"24.04\"}]}\n"), NULL);
	assert_int_equal(r.st, EB_ERR_DATA);
	assert_int_equal(r.err.loc.line, 2);
	assert_string_equal(r.err.msg, "map: rows[1]: its rows overlap those of rows[0] "
	    "(row 3) and give another release; give each row one");
	done(&r);
	ingest(&r, "in.csv", "mode,Seq Write\nnone,100\n", "sheet",
	    write_map("beyond.json", "{\"columns\": [{\"column\": \"Seq Write\", "
	    "\"unit\": \"MB/s\"}, {\"column\": 7, \"unit\": \"IOPS\"}]}\n"), NULL);
	assert_int_equal(r.st, EB_ERR_DATA);
	assert_string_equal(r.err.msg, "map: columns[1]: column 7 is beyond the sheet's "
	    "last, column 2");
	done(&r);
}

static void
test_unit_option(void **state)
{
	static const struct want w[] = {
		{ "", "", "none", "sheet", "", "write", 0, "bw", "B/s", 1, 104857600, "in.csv:2:2" },
		{ "", "", "none", "sheet", "", "read", 0, "bw", "B/s", 1, 209715200, "in.csv:2:3" },
	};
	struct run r;

	(void)state;
	ingest(&r, "in.csv", "Mode,Write,Read\nNone,100,200\n", "sheet", NULL, "MiB/s");
	check(&r, w, 2);
	done(&r);
	/* A header unit wins over --unit. */
	ingest(&r, "in.csv", "Mode,Write (MB/s)\nNone,100\n", "sheet", NULL, "MiB/s");
	assert_true(r.t->rows[0].value == 100000000);
	done(&r);
	ingest(&r, "in.csv", "Mode,Write,Read\nNone,100,200\n", "sheet", NULL, "parsecs");
	assert_int_equal(r.st, EB_ERR_USAGE);
	assert_contains(r.err.msg, "--unit 'parsecs' is not a unit encbench knows");
	done(&r);
}

/* ---- layouts */

static void
test_modes_note(void **state)
{
	struct run r;

	(void)state;
	sheet(&r, "Mode,Write (MB/s)\nKeine Verschlüsselung,1\nBit Locker,2\nBit Locker,3\n"
	    "none,4\n");
	assert_int_equal(r.st, EB_OK);
	assert_int_equal(r.t->n, 4);
	assert_string_equal(TU_F(r, 0, MODE), "keine-verschlüsselung");
	assert_string_equal(TU_F(r, 1, MODE), "bit-locker");
	assert_int_equal(r.t->rows[2].rep, 2);
	assert_string_equal(diag(&r), "note in.csv:0:0: mode names encbench does not "
	    "know, kept as written: keine-verschlüsselung, bit-locker\n");
	done(&r);
}

static void
test_summary_and_derived(void **state)
{
	struct run r;

	(void)state;
	sheet(&r, "Mode,Write (MB/s),Overhead %,Max Write (MB/s),Notes\n"
	    "None,100,0%,110,12\nAES-256-GCM,80,20%,90,x\nAverage,90,10%,100,\n");
	assert_int_equal(r.st, EB_OK);
	assert_int_equal(r.t->n, 2);
	assert_string_equal(TU_F(r, 1, SOURCE), "in.csv:3:2");
	assert_int_equal(r.nwarnings, 0);
	assert_contains(diag(&r), "note in.csv:1:3: column C ('Overhead %') is computed "
	    "from other columns");
	assert_contains(diag(&r), "note in.csv:2:4: column D ('Max Write (MB/s)') holds "
	    "the best or worst of several runs, not a run; skipped\n");
	assert_contains(diag(&r), "note in.csv:2:5: column E ('Notes') holds numbers, "
	    "but its header names no measurement");
	assert_contains(diag(&r), "note in.csv:4:1: 'Average' summarises other rows; skipped\n");
	done(&r);
}

/* A mode label's qualifier is the row's configuration, or an error when
 * it is none encbench reads: never dropped, so that "AES-256-GCM (no
 * AES-NI)" at 200 MB/s is no second run of AES-256-GCM at 900 (A33). */
static void
test_mode_qualifiers(void **state)
{
	static const struct want w[] = {
		{ "", "", "none", "dd", "", "write", 0, "bw", "B/s", 1, 1000e6, "in.csv:2:2" },
		{ "", "", "aes-256-gcm", "dd", "", "write", 0, "bw", "B/s", 1, 900e6, "in.csv:3:2" },
		{ "", "no-aesni", "aes-256-gcm", "dd", "", "write", 0, "bw", "B/s", 1, 200e6, "in.csv:4:2" },
		{ "", "2-cores", "luks-xts-4k", "dd", "", "write", 0, "bw", "B/s", 1, 800e6, "in.csv:5:2" },
		{ "", "", "luks-xts-4k", "dd", "", "write", 0, "bw", "B/s", 1, 750e6, "in.csv:6:2" },
	};
	static const struct want onoff[] = {
		{ "", "", "none", "dd", "", "write", 0, "bw", "B/s", 1, 1000e6, "in.csv:2:2" },
		{ "", "", "aes-256-gcm", "dd", "", "write", 0, "bw", "B/s", 1, 900e6, "in.csv:3:2" },
		{ "", "no-aesni", "aes-256-gcm", "dd", "", "write", 0, "bw", "B/s", 1, 200e6, "in.csv:4:2" },
	};
	static const struct want grouped[] = {
		{ "", "2-cores", "aes-256-gcm", "sheet", "", "write", 0, "bw", "B/s", 1, 900e6, "in.csv:3:2" },
		{ "", "no-aesni-2-cores", "aes-256-gcm", "sheet", "", "write", 0, "bw", "B/s", 1, 200e6, "in.csv:4:2" },
	};

	struct run r;

	(void)state;
	reads_as("mode,DD Write (MB/s)\nNone,1000\nAES-256-GCM,900\nAES-256-GCM (no AES-NI),200\n"
	    "LUKS 4K (2 cores),800\nLUKS 4K sectors,750\n", w, 5);
	/* A config over the columns and one in the label add up when both
	 * are the runner's settings. */
	reads_as(",2 cores\nmode,Write (MB/s)\nAES-256-GCM,900\nAES-256-GCM (no AES-NI),200\n",
	    grouped, 2);
	/* AES-NI on is the default configuration: "(AES-NI)" beside "(no
	 * AES-NI)" compares with the plain None row, where it was a config
	 * aes-ni without a baseline (D17). */
	reads_as("mode,DD Write (MB/s)\nNone,1000\nAES-256-GCM (AES-NI),900\n"
	    "AES-256-GCM (no AES-NI),200\n", onoff, 3);
	reads_as(",2 cores\nmode,Write (MB/s)\nAES-256-GCM (AES-NI on),900\n"
	    "AES-256-GCM (without AES-NI),200\n", grouped, 2);
	/* The key size is part of the mode: the runner's 512-bit key and a
	 * 256-bit one (AES-128-XTS) are two modes, each with its own runs,
	 * where both were luks-xts-512, runs 1 to 4 (C18). */
	sheet(&r, "Mode,DD Write (MB/s)\nNone,1000\nNone,1010\n"
	    "LUKS2 aes-xts-plain64 512-bit key,800\nLUKS2 aes-xts-plain64 512-bit key,805\n"
	    "LUKS2 aes-xts-plain64 256-bit key,900\nLUKS2 aes-xts-plain64 256-bit key,905\n");
	assert_int_equal(r.st, EB_OK);
	assert_int_equal(r.t->n, 6);
	for (size_t i = 2; i < 6; i++) {
		assert_string_equal(TU_F(r, i, MODE), i < 4 ? "luks-xts-512" :
		    "luks2-aes-xts-plain64-256-bit-key");
		assert_int_equal(r.t->rows[i].rep, i % 2 == 0 ? 1 : 2);
	}
	assert_string_equal(diag(&r), "note in.csv:0:0: mode names encbench does not know, "
	    "kept as written: luks2-aes-xts-plain64-256-bit-key\n");
	done(&r);
	fails_at("mode,DD Write (MB/s)\nNone,1000\nLUKS 4K,800\nLUKS (4K sectors; not 512),750\n",
	    4, 1, "'LUKS (4K sectors; not 512)' in column A ('mode') is the mode luks-xts-4k, "
	    "but also says 'not', which is no mode or configuration encbench reads; write "
	    "the mode alone and the rest in a config column, a group row or a --map file");
	fails_at("Config,Mode,DD Write (MB/s)\n4 cores,None,2\n4 cores,AES-256-GCM (2 cores),1\n",
	    3, 2, "'AES-256-GCM (2 cores)' in column B ('Mode') names the configuration "
	    "2-cores, but the sheet gives this row 4-cores; name the configuration in one place");
	fails_at("Config,Mode,DD Write (MB/s)\ncompression on,AES-256-GCM (no AES-NI),1\n",
	    2, 2, "'AES-256-GCM (no AES-NI)' in column B ('Mode') names the configuration "
	    "no-aesni, but the sheet gives this row compression-on; name the configuration "
	    "in one place");
}

/* An average, median or total column beside the runs it summarises is an
 * error, as a Mean column was: read as a run it made n 3 for 2 runs and
 * the interval 3 times too narrow (A34). Alone it is the figure given. */
static void
test_summary_columns(void **state)
{
	static const char *const heads[][2] = {
		{ "mode,DD Write Run 1 (MB/s),DD Write Run 2 (MB/s),DD Write Average (MB/s),"
		    "DD Write Stdev (MB/s)\nnone,1000,1010,1005,7.07\n",
		    "column D ('DD Write Average (MB/s)') is an average, median or total of runs "
		    "such as column B ('DD Write Run 1 (MB/s)'), not a run of its own; leave it "
		    "out or give it the role \"ignore\" in a --map file" },
		{ "mode,Write 1 (MB/s),Write 2 (MB/s),Write \xc3\x98 (MB/s)\nnone,1,2,1.5\n",
		    "column D ('Write \xc3\x98 (MB/s)') is an average, median or total of runs "
		    "such as column B ('Write 1 (MB/s)'), not a run of its own; leave it out or "
		    "give it the role \"ignore\" in a --map file" },
		{ "mode,Run,DD Read (MB/s),DD Read Mittelwert (MB/s)\nnone,1,1,1\n",
		    "column D ('DD Read Mittelwert (MB/s)') is an average, median or total of "
		    "runs such as column C ('DD Read (MB/s)'), not a run of its own; leave it "
		    "out or give it the role \"ignore\" in a --map file" },
		{ "mode,Write r1 (MB/s),Write r2 (MB/s),Write Total (MB/s)\nnone,1,2,3\n",
		    "column D ('Write Total (MB/s)') is an average, median or total of runs such "
		    "as column B ('Write r1 (MB/s)'), not a run of its own; leave it out or give "
		    "it the role \"ignore\" in a --map file" },
		{ "mode,DD Write (MB/s),DD Write Mean (MB/s),DD Write Median (MB/s)\nnone,1,2,3\n",
		    "column C ('DD Write Mean (MB/s)') is an average, median or total of runs "
		    "such as column B ('DD Write (MB/s)'), not a run of its own; leave it out or "
		    "give it the role \"ignore\" in a --map file" },
	};
	static const struct want sizes[] = {
		{ "", "", "none", "dd", "", "write", 1073741824, "bw", "B/s", 1, 900e6, "in.csv:2:2" },
		{ "", "", "none", "fio", "", "read", 4096, "iops", "1/s", 1, 5, "in.csv:2:3" },
		{ "", "", "none", "dd", "", "read", 16777216, "bw", "B/s", 1, 6e6, "in.csv:2:4" },
	};
	static const struct want alone[] = {
		{ "", "", "none", "dd", "", "write", 0, "bw", "B/s", 1, 1005e6, "in.csv:2:2" },
		{ "", "", "none", "dd", "", "read", 0, "bw", "B/s", 1, 2e9, "in.csv:2:3" },
	};
	static const struct want runs[] = {
		{ "", "", "none", "sheet", "", "write", 0, "bw", "B/s", 1, 100e6, "in.csv:2:3" },
		{ "", "", "none", "sheet", "", "write", 0, "bw", "B/s", 2, 110e6, "in.csv:3:3" },
	};
	struct run r;

	(void)state;
	for (size_t i = 0; i < sizeof heads / sizeof heads[0]; i++)
		fails_at(heads[i][0], 1, i == 4 ? 3 : 4, heads[i][1]);
	/* A header that says its size is a block size, or a typical block
	 * size, is one. */
	reads_as("Mode,DD Write bs=1G (MB/s),FIO Read 4k (IOPS),"
	    "DD Read 16M (MB/s)\nnone,900,5,6\n", sizes, 3);
	/* A larger size is no block size: "DD Write 2 GB" was a 2 GiB block
	 * or the amount moved, and beside "4 GB" the two were runs 1 and 2
	 * (D12); the size names the test's job, so that they are two tests,
	 * here and across sheets (audit 13 J1). */
	sheet(&r, "Mode,DD Write 2 GB (MB/s),DD Write 4 GB (MB/s)\nNone,1000,990\n");
	assert_int_equal(r.st, EB_OK);
	assert_int_equal(r.t->n, 2);
	assert_string_equal(r.t->rows[0].f[EB_F_JOB], "size2g");
	assert_int_equal(r.t->rows[0].block_size, 0);
	assert_int_equal(r.t->rows[0].rep, 1);
	assert_string_equal(r.t->rows[1].f[EB_F_JOB], "size4g");
	assert_int_equal(r.t->rows[1].rep, 1);
	done(&r);
	/* Numbers right of the header were skipped with a note, three runs
	 * read as one with exit 0 (D4). */
	fails_at("Mode,DD Write (MB/s)\nNone,1000,1010,990\n", 2, 3, "'1010' in column C "
	    "is right of the header's last column, column B ('DD Write (MB/s)'), so no "
	    "header names it; give its column a header, or quote a label that holds a comma");
	/* A label's unquoted comma shifts its row: told as such, before the
	 * shifted text under the first measurement. */
	fails_at("Mode,DD Write (MB/s)\nNone,1000\nAES-256-GCM (2 cores, no AES-NI),800\n", 3, 3,
	    "'800' in column C is right of the header's last column, column B ('DD Write "
	    "(MB/s)'), so no header names it; give its column a header, or quote a label "
	    "that holds a comma");
	/* A range of runs is their mean: "r1-r2" was run 2 and the real runs
	 * renumbered 3 and 4, n=3 (D9). */
	fails_at("Mode,DD Write 1 (MB/s),DD Write 2 (MB/s),DD Write r1-r2 (MB/s)\n"
	    "None,1000,1010,1005\n", 1, 4, "column D ('DD Write r1-r2 (MB/s)') is an average, "
	    "median or total of runs such as column B ('DD Write 1 (MB/s)'), not a run of "
	    "its own; leave it out or give it the role \"ignore\" in a --map file");
	fails_at("Mode,DD Write r1 (MB/s),DD Write r2 (MB/s),DD Write (r1+r2) (MB/s)\n"
	    "None,1000,1010,1005\n", 1, 4, "column D ('DD Write (r1+r2) (MB/s)') is an average, "
	    "median or total of runs such as column B ('DD Write r1 (MB/s)'), not a run of "
	    "its own; leave it out or give it the role \"ignore\" in a --map file");
	/* The average of another test, or the only figure of its own, is read. */
	reads_as("mode,DD Write Average (MB/s),DD Read Run 1 (MB/s)\nnone,1005,2000\n", alone, 2);
	/* A summary row in the run column is skipped like one in the mode
	 * column: "Average" is no run number. */
	sheet(&r, "Mode,Run,Write (MB/s)\nnone,1,100\nnone,2,110\nnone,Average,105\n"
	    "none,\xc3\x98,105\n");
	check(&r, runs, 2);
	assert_string_equal(diag(&r), "note in.csv:4:2: 'Average' summarises other rows; skipped\n"
	    "note in.csv:5:2: '\xc3\x98' summarises other rows; skipped\n");
	done(&r);
	/* So are the mean sign, a range or a sum of runs and "all": they were
	 * numbered as runs 3 to 6, the mean counted as a measurement (D14). */
	sheet(&r, "Mode,Run,Write (MB/s)\nnone,1,100\nnone,2,110\nnone,x\xcc\x84,105\n"
	    "none,1-2,105\nnone,r1\xe2\x80\x93r2,105\nnone,1+2,210\nnone,all,105\n");
	check(&r, runs, 2);
	assert_int_equal(r.nwarnings, 0);
	assert_string_equal(diag(&r), "note in.csv:4:2: 'x\xcc\x84' summarises other rows; skipped\n"
	    "note in.csv:5:2: '1-2' summarises other rows; skipped\n"
	    "note in.csv:6:2: 'r1\xe2\x80\x93r2' summarises other rows; skipped\n"
	    "note in.csv:7:2: '1+2' summarises other rows; skipped\n"
	    "note in.csv:8:2: 'all' summarises other rows; skipped\n");
	done(&r);
	/* A map that names the column a value is obeyed. */
	ingest(&r, "in.csv", "mode,Write Run 1 (MB/s),Write Average (MB/s)\nnone,1,2\n", "sheet",
	    write_map("avg.json", "{\"columns\": [{\"column\": \"Write Average (MB/s)\", "
	    "\"role\": \"ignore\"}]}\n"), NULL);
	assert_int_equal(r.st, EB_OK);
	assert_int_equal(r.t->n, 1);
	assert_true(r.t->rows[0].value == 1e6);
	done(&r);
}

/* Rows computed from others are no modes: skipped with a note naming
 * each, where "Overhead (%)" was a mode at 10 MB/s and "Slowdown" one at
 * 1.11 MB/s (A35). A row the alias table knows stays a mode. */
static void
test_derived_rows(void **state)
{
	static const struct want w[] = {
		{ "", "", "none", "dd", "", "write", 0, "bw", "B/s", 1, 1000e6, "in.csv:2:2" },
		{ "", "", "aes-256-gcm", "dd", "", "write", 0, "bw", "B/s", 1, 900e6, "in.csv:3:2" },
	};
	static const char *const labels[] = {
		"Overhead (%)", "Slowdown", "GCM vs none", "\xce\x94", "Speed-up", "% change",
		"Relative to none", "AES-256-GCM overhead",
	};
	struct run r;
	struct eb_buf want;

	(void)state;
	sheet(&r, "Mode,DD Write (MB/s)\nnone,1000\naes-256-gcm,900\nOverhead (%),10\n"
	    "Slowdown,1.11\nGCM vs none,0.9\n\xce\x94,100\nSpeed-up,1.1\n% change,-10\n"
	    "Relative to none,0.9\nAES-256-GCM overhead,10\nRatio,0.9\n");
	check(&r, w, 2);
	eb_buf_init(&want, 0);
	for (size_t i = 0; i < sizeof labels / sizeof labels[0]; i++)
		eb_buf_addf(&want, "note in.csv:%zu:1: '%s' is computed from other rows (an "
		    "overhead, ratio or difference), not a mode; skipped, encbench computes "
		    "these itself\n", i + 4, labels[i]);
	eb_buf_addf(&want, "note in.csv:12:1: 'Ratio' summarises other rows; skipped\n");
	assert_string_equal(diag(&r), eb_buf_cstr(&want));
	eb_buf_free(&want);
	done(&r);
	/* A ratio of two modes and a mean under a mode's name were modes:
	 * "gcm/none costs 99.9 %" (D3). The runner's "w/o AES-NI" stays one. */
	sheet(&r, "Mode,DD Write (MB/s)\nnone,1000\naes-256-gcm,900\nGCM/none,0.9\n"
	    "GCM \xc3\xb7 none,0.9\nGCM:none,0.9\nNone (mean of 2),1005\n"
	    "AES-256-GCM w/o AES-NI,300\n");
	assert_int_equal(r.st, EB_OK);
	assert_int_equal(r.t->n, 3);
	assert_string_equal(TU_F(r, 2, MODE), "aes-256-gcm");
	assert_string_equal(TU_F(r, 2, CONFIG), "no-aesni");
	assert_string_equal(diag(&r), "note in.csv:4:1: 'GCM/none' is computed from other "
	    "rows (an overhead, ratio or difference), not a mode; skipped, encbench computes "
	    "these itself\nnote in.csv:5:1: 'GCM \xc3\xb7 none' is computed from other "
	    "rows (an overhead, ratio or difference), not a mode; skipped, encbench computes "
	    "these itself\nnote in.csv:6:1: 'GCM:none' is computed from other "
	    "rows (an overhead, ratio or difference), not a mode; skipped, encbench computes "
	    "these itself\nnote in.csv:7:1: 'None (mean of 2)' summarises other rows; skipped\n");
	done(&r);
	/* Only two modes make a ratio or a difference: cryptsetup's IV
	 * generator "essiv:sha256" and "ZFS/none" were skipped as ratios,
	 * the essiv runs and the baseline lost with exit 0 (E12). */
	sheet(&r, "Mode,DD Write (MB/s)\nZFS/none,1000\nZFS/aes-256-gcm,800\n"
	    "aes-cbc-essiv:sha256,600\nLUKS1 aes-cbc-essiv:sha256,610\nGCM - none,0.2\n"
	    "GCM minus none,0.2\n");
	assert_int_equal(r.st, EB_OK);
	assert_int_equal(r.t->n, 4);
	assert_string_equal(TU_F(r, 0, MODE), "none");
	assert_string_equal(TU_F(r, 1, MODE), "aes-256-gcm");
	assert_string_equal(TU_F(r, 2, MODE), "aes-cbc-essiv:sha256");
	assert_string_equal(TU_F(r, 3, MODE), "luks1-aes-cbc-essiv:sha256");
	assert_string_equal(diag(&r), "note in.csv:6:1: 'GCM - none' is computed from other "
	    "rows (an overhead, ratio or difference), not a mode; skipped, encbench computes "
	    "these itself\nnote in.csv:7:1: 'GCM minus none' is computed from other "
	    "rows (an overhead, ratio or difference), not a mode; skipped, encbench computes "
	    "these itself\nnote in.csv:0:0: mode names encbench does not know, kept as "
	    "written: aes-cbc-essiv:sha256, luks1-aes-cbc-essiv:sha256\n");
	done(&r);
}

/* Configurations in the runner's spelling wherever a sheet names them, a
 * title naming a release and a configuration gives both, and the next
 * release title ends that configuration (A36). */
static void
test_runner_configs(void **state)
{
	static const struct want w[] = {
		{ "24.04", "no-aesni", "none", "dd", "", "write", 0, "bw", "B/s", 1, 1000e6, "in.csv:3:2" },
		{ "24.04", "no-aesni", "aes-256-gcm", "dd", "", "write", 0, "bw", "B/s", 1, 300e6, "in.csv:4:2" },
	};
	static const struct want titles[] = {
		{ "24.04", "2-cores", "none", "sheet", "", "write", 0, "bw", "B/s", 1, 1e6, "in.csv:3:2" },
		{ "23.10", "", "none", "sheet", "", "write", 0, "bw", "B/s", 1, 2e6, "in.csv:7:2" },
		{ "22.04", "no-aesni-4-cores", "none", "sheet", "", "write", 0, "bw", "B/s", 1, 3e6, "in.csv:11:2" },
	};
	static const struct want keys[] = {
		{ "", "no-aesni", "none", "sheet", "", "write", 0, "bw", "B/s", 1, 1e6, "in.csv:2:3" },
		{ "", "no-aesni-2-cores", "none", "sheet", "", "write", 0, "bw", "B/s", 1, 2e6, "in.csv:3:3" },
		{ "", "default", "none", "sheet", "", "write", 0, "bw", "B/s", 1, 3e6, "in.csv:4:3" },
	};

	(void)state;
	reads_as(",\"Ubuntu 24.04 No AES-NI\",\nMode,DD Write (MB/s)\nnone,1000\naes-256-gcm,300\n",
	    w, 2);
	reads_as("Ubuntu 24.04 (2 cores)\nMode,Write (MB/s)\nnone,1\n\nUbuntu 23.10\n"
	    "Mode,Write (MB/s)\nnone,2\n\n\"Release: 22.04 4 CPUs, no AES-NI\"\nMode,Write (MB/s)\n"
	    "none,3\n", titles, 3);
	reads_as("Config,Mode,Write (MB/s)\nAES-NI off,None,1\nno-aesni-2-cores,None,2\n"
	    "Defaults,None,3\n", keys, 3);
}

/* Layouts built to fool the reader: runs under a merged measurement label
 * (LibreOffice, Excel and Google Sheets export the text in the first
 * cell), a units row under run headers, shares and overheads as columns,
 * group labels, titles and rows, a totals row and notes rows. Each gives
 * exactly its runs, or a located error. */
static void
test_adversarial_layouts(void **state)
{
	static const struct want merged[] = {
		{ "", "", "none", "dd", "", "write", 0, "bw", "B/s", 1, 1000e6, "in.csv:3:2" },
		{ "", "", "none", "dd", "", "write", 0, "bw", "B/s", 2, 1010e6, "in.csv:3:3" },
		{ "", "", "none", "dd", "", "read", 0, "bw", "B/s", 1, 2000e6, "in.csv:3:4" },
		{ "", "", "none", "dd", "", "read", 0, "bw", "B/s", 2, 2020e6, "in.csv:3:5" },
	};
	static const struct want unitrow[] = {
		{ "", "", "none", "sheet", "", "", 0, "bw", "B/s", 1, 1000e6, "in.csv:3:2" },
		{ "", "", "none", "sheet", "", "", 0, "bw", "B/s", 2, 1010e6, "in.csv:3:3" },
	};
	static const struct want two[] = {
		{ "", "", "none", "dd", "", "write", 0, "bw", "B/s", 1, 1000e6, "in.csv:2:2" },
		{ "", "", "aes-256-gcm", "dd", "", "write", 0, "bw", "B/s", 1, 900e6, "in.csv:3:2" },
		{ "23.10", "", "none", "dd", "", "write", 0, "bw", "B/s", 1, 800e6, "in.csv:7:2" },
	};
	static const struct want grouped[] = {
		{ "", "", "none", "dd", "", "write", 0, "bw", "B/s", 1, 1000e6, "in.csv:3:2" },
		{ "", "", "none", "dd", "", "write", 0, "bw", "B/s", 2, 1010e6, "in.csv:3:3" },
	};
	struct run r;

	(void)state;
	reads_as(",DD Write (MB/s),,DD Read (MB/s),\nMode,Run 1,Run 2,Run 1,Run 2\n"
	    "none,1000,1010,2000,2020\n", merged, 4);
	fails_at(",DD Write (MB/s),,,\nMode,Run 1,Run 2,Average\nnone,1000,1010,1005\n", 2, 4,
	    "column D ('Average') is an average, median or total of runs such as column B "
	    "('Run 1'), not a run of its own; leave it out or give it the role \"ignore\" "
	    "in a --map file");
	reads_as("Mode,Run 1,Run 2\n,MB/s,MB/s\nnone,1000,1010\n", unitrow, 2);
	/* A share of another figure is no CPU use, in a header or a cell. */
	sheet(&r, "Mode,DD Write (MB/s),vs none,DD Write % of none\nnone,1000,1.00,100%\n"
	    "aes-256-gcm,900,0.90,90%\n");
	check(&r, two, 2);
	assert_string_equal(diag(&r), "note in.csv:1:3: column C ('vs none') is computed from "
	    "other columns (an overhead, ratio or spread); skipped, encbench computes these "
	    "itself\nnote in.csv:1:4: column D ('DD Write % of none') is computed from other "
	    "columns (an overhead, ratio or spread); skipped, encbench computes these itself\n");
	done(&r);
	fails_at("Mode,DD Write\nnone,1000 MB/s\naes-256-gcm,90%\n", 3, 2, "'90%' in column B "
	    "('DD Write') is a percentage, but nothing names it CPU use (a header \"CPU %\", a "
	    "metric column or a --map file); a share of another figure is for encbench to "
	    "compute");
	/* A title of computed figures over a table, or inside one, skips its
	 * rows up to the next title or table. */
	sheet(&r, "Mode,DD Write (MB/s)\nnone,1000\naes-256-gcm,900\n\nOverhead (%)\n"
	    "Mode,DD Write (MB/s)\naes-256-gcm,10\n");
	check(&r, two, 2);
	assert_string_equal(diag(&r), "note in.csv:5:1: 'Overhead (%)' titles figures computed "
	    "from others (an overhead, ratio or difference); the rows below it, up to the next "
	    "title or table, are skipped\n");
	done(&r);
	reads_as("Mode,DD Write (MB/s)\nnone,1000\naes-256-gcm,900\nOverhead (%)\n"
	    "aes-256-gcm,10\nUbuntu 23.10\nnone,800\n", two, 3);
	/* A merged "Overhead (%)" over columns, a totals row, notes rows. */
	sheet(&r, ",DD Write (MB/s),,Overhead (%),\nMode,Run 1,Run 2,Write,Read\n"
	    "none,1000,1010,0,0\nTotal,1000,1010,0,0\n\"Note: 3 runs, rounded\",\n");
	check(&r, grouped, 2);
	assert_string_equal(diag(&r), "note in.csv:2:4: column D ('Write') is computed from "
	    "other columns (an overhead, ratio or spread); skipped, encbench computes these "
	    "itself\nnote in.csv:2:5: column E ('Read') is computed from other columns (an "
	    "overhead, ratio or spread); skipped, encbench computes these itself\n"
	    "note in.csv:4:1: 'Total' summarises other rows; skipped\n"
	    "note in.csv:5:1: 'Note: 3 runs, rounded' stands alone in its row and names no "
	    "mode, release or configuration; ignored\n");
	done(&r);
}

/* A number that names a test ("QD32", "T8") is no run number: such columns
 * are other tests (test_sheet_hostile.c's test_load_words). A percentile but
 * the 99th, a latency's median, and a header of two units name no metric
 * encbench keeps (C4). */
static void
test_test_numbers_and_percentiles(void **state)
{
	static const char *const pct[] = {
		"Write p95 Latency (ms)", "Read median latency (ms)", "Write p99.9 Latency (ms)",
		"Write 99.9th percentile latency (ms)", "Read p50 Latency (ms)", "Write p999 latency (ms)",
		/* Outside audit C4: fio's percentile lines copied bare. */
		"Write clat 99.990000 (ns)", "Read latency 99.9 (ms)",
		/* Outside audits 9 and 10: whole numbers as bare. */
		"Read lat 50 (ms)", "Read lat 95 (ms)", "Write latency 90 (us)",
		/* Outside audit 11: any number alone, and two of them. */
		"Read lat 999 (ms)", "Read lat 9999 (ms)", "Read lat 5 (ms)", "Read lat 1 (ms)",
		"Read lat 100 (ms)", "Read lat 0 (ms)", "Read lat 50/99 (ms)",
		"FIO Rand Read 4k lat 999 (us)",
	};
	static const struct want runs[] = {
		{ "", "", "none", "sheet", "", "write", 0, "bw", "B/s", 1, 1e6, "in.csv:2:2" },
		{ "", "", "none", "sheet", "", "write", 0, "bw", "B/s", 2, 2e6, "in.csv:2:3" },
		{ "", "", "none", "sheet", "", "write", 0, "lat_p99", "ns", 1, 3e6, "in.csv:2:4" },
		{ "", "", "none", "sheet", "", "read", 0, "lat_p99", "ns", 1, 4e3, "in.csv:2:5" },
	};
	char text[256], msg[512];

	(void)state;
	reads_as("Mode,Write r1 (MB/s),Write 2 (MB/s),Write p99 Latency (ms),"
	    "Read 99th percentile latency (us)\nnone,1,2,3,4\n", runs, 4);
	for (size_t i = 0; i < sizeof pct / sizeof pct[0]; i++) {
		snprintf(text, sizeof text, "Mode,DD Read (MB/s),%s\nNone,1,2\n", pct[i]);
		snprintf(msg, sizeof msg, "column C ('%s') names a percentile (or median) other "
		    "than the 99th, for which encbench keeps no metric (lat_mean, lat_min, lat_max, "
		    "lat_p99); leave it out or give it the role \"ignore\" in a --map file", pct[i]);
		fails_at(text, 1, 3, msg);
	}
	/* Outside audit E17: fio's own "99.00th" (and "p99.0") is the 99th. */
	{
		static const struct want fio_spelt[] = {
			{ "", "", "none", "sheet", "", "write", 0, "lat_p99", "ns", 1, 4e4,
			    "in.csv:2:2" },
			{ "", "", "none", "sheet", "", "read", 0, "lat_p99", "ns", 1, 5e6,
			    "in.csv:2:3" },
		};

		reads_as("Mode,Write clat 99.00th (usec),Read p99.0 (ms)\nNone,40,5\n",
		    fio_spelt, 2);
		reads_as("Mode,Write clat 99.000000 (us),Read latency 99.00 (ms)\nNone,40,5\n",
		    fio_spelt, 2);
		reads_as("Mode,Write clat 99 (us),Read latency 99 (ms)\nNone,40,5\n",
		    fio_spelt, 2);
	}
	fails_at("Mode,DD Read (MB/s),Read Latency 99% (ms)\nNone,1,4.0\n", 1, 3,
	    "column C ('Read Latency 99% (ms)') names two units; name one, or the unit in a "
	    "--map file");
	fails_at("Mode,Write (MB/s) [MiB/s]\nNone,1\n", 1, 2,
	    "column B ('Write (MB/s) [MiB/s]') names two units; name one, or the unit in a "
	    "--map file");
}

/* Labels stay as written, folded, wherever a sheet writes them: in a key
 * column, a group row or a title; mode names have aliases, and the
 * configurations the runner names have its spelling (audit A36). */
static void
test_labels_as_written(void **state)
{
	static const struct want keys[] = {
		{ "", "default", "aes-256-gcm", "sheet", "", "write", 0, "bw", "B/s", 1, 1000000, "in.csv:2:3" },
		{ "", "no-aesni", "none", "sheet", "", "write", 0, "bw", "B/s", 1, 2000000, "in.csv:3:3" },
		{ "", "no-aesni", "none", "sheet", "", "write", 0, "bw", "B/s", 2, 3000000, "in.csv:4:3" },
		{ "", "default", "none", "sheet", "", "write", 0, "bw", "B/s", 1, 4000000, "in.csv:5:3" },
	};
	static const struct want groups[] = {
		{ "freebsd-14.0", "default", "none", "sheet", "", "write", 0, "bw", "B/s", 1, 1000000, "in.csv:4:2" },
		{ "freebsd-14.0", "no-aesni", "none", "sheet", "", "write", 0, "bw", "B/s", 1, 2000000, "in.csv:4:3" },
	};
	struct run r;

	(void)state;
	reads_as("Config,Mode,Write (MB/s)\naes-ni,AES-256-GCM (ZFS),1\n"
	    "no-aes-ni,None,2\nNo AES-NI,None,3\nAES NI,None,4\n", keys, 4);
	sheet(&r, "Host,Mode,Write (MB/s)\nMy  Box,None,1\nmy box,LUKS,2\nMY BOX,geli,3\n");
	assert_int_equal(r.st, EB_OK);
	assert_int_equal(r.t->n, 3);
	for (size_t i = 0; i < r.t->n; i++)
		assert_string_equal(r.t->rows[i].f[EB_F_HOST], "my-box");
	done(&r);
	reads_as("FreeBSD 14.0\nConfig,aes-ni,no-aes-ni\n"
	    "Mode,Write (MB/s),Write (MB/s)\nNone,1,2\n", groups, 2);
	/* Group labels spelt apart that read as one config tell nothing apart:
	 * the same figure given twice, as without them (audit 21 G05). */
	fails_at("FreeBSD 14.0\nConfig,aes-ni,no-aes-ni,No AES-NI,AES NI\n"
	    "Mode,Write (MB/s),Write (MB/s),Write (MB/s),Write (MB/s)\nNone,1,2,3,4\n", 3, 4,
	    "column D ('Write (MB/s)') has the same header as column C ('Write (MB/s)'); name "
	    "each run in its header (\"Run 2\") or give them rep in a --map file");
	fails_at(",Ubuntu 24.04,24.04\nMode,Write (MB/s),Write (MB/s)\nNone,500,510\n", 2, 3,
	    "column C ('Write (MB/s)') has the same header as column B ('Write (MB/s)'); name "
	    "each run in its header (\"Run 2\") or give them rep in a --map file");
	/* A map's labels take the same spelling. */
	ingest(&r, "in.csv", "Mode,Write (MB/s)\nNone,1\n", "sheet",
	    write_map("labels.json", "{\"config\": \"No AES-NI\", \"host\": \"My Box\", "
	    "\"release\": \"FreeBSD 14.0\"}\n"), NULL);
	assert_int_equal(r.st, EB_OK);
	assert_int_equal(r.t->n, 1);
	assert_string_equal(r.t->rows[0].f[EB_F_CONFIG], "no-aesni");
	assert_string_equal(r.t->rows[0].f[EB_F_HOST], "my-box");
	assert_string_equal(r.t->rows[0].f[EB_F_RELEASE], "freebsd-14.0");
	done(&r);
}

static void
test_no_header(void **state)
{
	struct run r;

	(void)state;
	sheet(&r, "Setup,Test A,Test B\nNone,1,2\n");
	assert_int_equal(r.st, EB_ERR_DATA);
	assert_int_equal(r.err.loc.line, 1);
	assert_contains(r.err.msg, "no header names a measurement: column B ('Test A'), "
	    "column C ('Test B') hold numbers under a name encbench cannot read");
	done(&r);
	sheet(&r, "just,some\nwords,here\n");
	assert_int_equal(r.st, EB_ERR_DATA);
	assert_contains(r.err.msg, "no table of measurements");
	done(&r);
}

/* ---- the map */


static void
test_map_features(void **state)
{
	static const struct want w[] = {
		{ "", "", "none", "dd", "", "write", 0, "bw", "B/s", 1, 1000, "in.csv:3:2" },
		{ "", "", "none", "sheet", "", "", 0, "iops", "1/s", 1, 7, "in.csv:3:4" },
		{ "", "", "aes-256-gcm", "dd", "", "write", 0, "bw", "B/s", 1, 2000, "in.csv:4:2" },
		{ "", "", "aes-256-gcm", "sheet", "", "", 0, "iops", "1/s", 1, 8, "in.csv:4:4" },
	};
	const char *map;
	struct run r;

	(void)state;
	/* The header is row 2; column C is ignored, D is a value; the unit
	 * of B is overridden; row 4's mode is named by the map. */
	map = write_map("features.json", "{\n"
	    "  \"header_row\": 2,\n"
	    "  \"columns\": [\n"
	    "    {\"column\": \"Write (MB/s)\", \"tool\": \"dd\", \"unit\": \"kB/s\"},\n"
	    "    {\"column\": 3, \"role\": \"ignore\"},\n"
	    "    {\"column\": \"Zap\", \"unit\": \"IOPS\", \"_why\": \"a comment\"}\n"
	    "  ],\n"
	    "  \"rows\": [{\"row\": 4, \"mode\": \"GCM 256\"}]\n"
	    "}\n");
	ingest(&r, "in.csv", "Some title,,,\nMode,Write (MB/s),Read (MB/s),Zap\n"
	    "None,1,5,7\nmystery,2,6,8\n", "sheet", map, NULL);
	check(&r, w, 4);
	done(&r);
	/* A map's labels are spelt as the sheet's titles are (D7): "Ubuntu
	 * 24.04" is the release 24.04, "No AES-NI" the config no-aesni. */
	map = write_map("labels.json", "{\"release\": \"Ubuntu 24.04\", "
	    "\"config\": \"No AES-NI\"}\n");
	ingest(&r, "in.csv", "Mode,Write (MB/s)\nNone,1\n", "sheet", map, NULL);
	assert_int_equal(r.st, EB_OK);
	assert_int_equal(r.t->n, 1);
	assert_string_equal(TU_F(r, 0, RELEASE), "24.04");
	assert_string_equal(TU_F(r, 0, CONFIG), "no-aesni");
	done(&r);
}

static void
test_map_errors(void **state)
{
	const char *map;
	struct run r;

	(void)state;
	map = write_map("typo.json", "{\n  \"columns\": [\n    {\"column\": \"x\", \"oop\": \"read\"}\n  ]\n}\n");
	ingest(&r, "in.csv", "Mode,Write (MB/s)\nNone,1\n", "sheet", map, NULL);
	assert_int_equal(r.st, EB_ERR_DATA);
	assert_string_equal(r.err.loc.path, map);
	assert_int_equal(r.err.loc.line, 3);
	assert_int_equal(r.err.loc.col, 21);
	assert_contains(r.err.msg, "map: columns[0]: unknown key 'oop'");
	done(&r);

	map = write_map("syntax.json", "{\n  \"release\": \"24.04\",\n}\n");
	ingest(&r, "in.csv", "Mode,Write (MB/s)\nNone,1\n", "sheet", map, NULL);
	assert_int_equal(r.st, EB_ERR_DATA);
	assert_int_equal(r.err.loc.line, 3);
	assert_int_equal(r.err.loc.col, 1);
	done(&r);

	map = write_map("unit.json", "{\"unit\": \"MB\"}");
	ingest(&r, "in.csv", "Mode,Write\nNone,1\n", "sheet", map, NULL);
	assert_int_equal(r.st, EB_ERR_DATA);
	assert_int_equal(r.err.loc.line, 1);
	assert_int_equal(r.err.loc.col, 10);
	assert_contains(r.err.msg, "'MB' is not a unit encbench knows");
	done(&r);

	map = write_map("rows.json", "{\"header_row\": 9}");
	ingest(&r, "in.csv", "Mode,Write (MB/s)\nNone,1\n", "sheet", map, NULL);
	assert_int_equal(r.st, EB_ERR_DATA);
	assert_string_equal(r.err.msg, "map: header_row 9 is not a row of in.csv (it has 2 rows)");
	done(&r);

	map = write_map("range.json", "{\"rows\": [{\"from\": 5, \"to\": 2}]}");
	ingest(&r, "in.csv", "Mode,Write (MB/s)\nNone,1\n", "sheet", map, NULL);
	assert_int_equal(r.st, EB_ERR_DATA);
	assert_contains(r.err.msg, "rows[0]: \"to\" comes before \"from\"");
	done(&r);

	ingest(&r, "in.csv", "Mode,Write (MB/s)\nNone,1\n", "sheet", "no/such/map.json", NULL);
	assert_int_equal(r.st, EB_ERR_IO);
	done(&r);

	/* A mode with a configuration beside it is two labels; kept whole
	 * it was the mode "aes-256-gcm-(no-aes-ni)", comparing with nothing. */
	map = write_map("modecfg.json", "{\"rows\": [\n  {\"row\": 2, \"mode\": "
	    "\"AES-256-GCM (no AES-NI)\"}\n]}\n");
	ingest(&r, "in.csv", "Mode,Write (MB/s)\nx,1\n", "sheet", map, NULL);
	assert_int_equal(r.st, EB_ERR_DATA);
	assert_int_equal(r.err.loc.line, 2);
	assert_int_equal(r.err.loc.col, 22);
	assert_string_equal(r.err.msg, "map: rows[0]: mode 'AES-256-GCM (no AES-NI)' names the "
	    "configuration no-aesni too; give \"mode\": \"aes-256-gcm\" and \"config\": "
	    "\"no-aesni\"");
	done(&r);

	/* A header the map names that the sheet does not have. */
	map = write_map("unused.json", "{\"columns\": [{\"column\": \"Wirte\", \"unit\": \"MB/s\"}]}");
	ingest(&r, "in.csv", "Mode,Write (MB/s)\nNone,1\n", "sheet", map, NULL);
	assert_int_equal(r.st, EB_OK);
	assert_contains(diag(&r), "warning in.csv:0:0: map: no header of this sheet reads 'Wirte'");
	done(&r);
}

/* ---- detection */

static void
test_probe(void **state)
{
	const struct eb_format *f = eb_format_find("sheet");
	static const char wide[] = "Mode,Write (MB/s)\nNone,1\nLUKS,2\n";
	static const char title[] = "Results\nMode,Write,Read\nNone,1,2\nLUKS,2,3\n";
	static const char results[] =
	    "release,host,config,mode,tool,job,workload,op,block_size,metric,unit,rep,value,source\n"
	    ",,,none,dd,dd,,,,bw,B/s,1,1,x:1\n";
	static const char bonnie[] =
	    "1.98,1.98,host,1,1700000000,16G,,8192,5,,,912345,85,412345,45,,,1023456,"
	    "62,2345,55,16,,,,,12345,78,+++++,+++,23456,80,13456,79,+++++,+++,21234,"
	    "81,,,,,,,,,,,\n";
	static const char terse[] = "3;fio-3.28;job;0;0;100;200;300\n3;fio-3.28;job;0;0;1;2;3\n";
	static const char dd[] = "1+0 records in\n1+0 records out\n"
	    "1073741824 bytes (1.1 GB, 1.0 GiB) copied, 1.2 s, 895 MB/s\n";
	static const char json[] = "{\n  \"a\": 1,\n  \"b\": 2,\n  \"c\": 3\n}\n";
	struct tu_run r;

	(void)state;
	assert_non_null(f);
	assert_int_equal(f->probe(wide, strlen(wide)), 20);
	assert_int_equal(f->probe(title, strlen(title)), 20);
	assert_int_equal(f->probe("sep=;\nA;B\n", 11), 30);
	assert_int_equal(f->probe(results, strlen(results)), 0);
	assert_int_equal(f->probe(bonnie, strlen(bonnie)), 0);
	assert_int_equal(f->probe(terse, strlen(terse)), 0);
	assert_int_equal(f->probe(dd, strlen(dd)), 0);
	assert_int_equal(f->probe(json, strlen(json)), 0);
	assert_int_equal(f->probe("one line, only\n", 15), 0);
	/* results.csv still goes to its own reader. */
	tu_ingest_text(&r, results, "auto");
	assert_int_equal(r.st, EB_OK);
	assert_string_equal(TU_F(r, 0, SOURCE), "x:1");
	tu_free(&r);
}

static void
test_limits(void **state)
{
	struct eb_buf b;
	struct run r;

	(void)state;
	eb_buf_init(&b, 0);
	eb_buf_add(&b, "Mode,Write (MB/s)\nNone", 22);
	for (int i = 0; i < 16400; i++)
		eb_buf_addc(&b, ',');
	eb_buf_add(&b, "1\n", 2);
	sheet(&r, eb_buf_cstr(&b));
	assert_int_equal(r.st, EB_ERR_DATA);
	assert_int_equal(r.err.loc.line, 2);
	assert_contains(r.err.msg, "more than 16384 columns");
	done(&r);
	eb_buf_free(&b);
}

/* Inputs the fuzzer found, kept in tests/fuzz/seeds/sheet/crash-*: each
 * goes through the probe and the parser from a buffer of its exact size
 * (the driver's probe bytes end without a NUL), under ASan in make sanitize. */
static void
replay(const char *data, size_t n)
{
	const struct eb_format *f = eb_format_find("sheet");
	char *copy = eb_xmalloc(n ? n : 1);
	struct eb_ingest_opts opts;
	struct eb_diag d;
	struct eb_err err;
	struct eb_table *t = eb_table_new();

	memcpy(copy, data, n);
	f->probe(copy, n);
	memset(&d, 0, sizeof d);
	memset(&opts, 0, sizeof opts);
	opts.format = "sheet";
	opts.diag = &d;
	if (eb_ingest_buffer(t, "crash", copy, n, &opts, &err) == EB_OK)
		for (size_t i = 0; i < t->n; i++)
			assert_true(isfinite(t->rows[i].value) && t->rows[i].value >= 0);
	eb_table_free(t);
	free(copy);
}

static void
test_fuzz_regressions(void **state)
{
	static const char *const names[] = {
		"crash-empty-probe",
	};
	/* Probe inputs that end where a str*() would read on. */
	static const char *const probes[] = {
		"", "1", "1.98,1.98", "3;fio-", "sep=", "a,b\nc,d", "\"",
	};

	(void)state;
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
		char path[256];
		struct eb_buf b;
		char chunk[4096];
		size_t n;
		FILE *fp;

		snprintf(path, sizeof path, "tests/fuzz/seeds/sheet/%s", names[i]);
		fp = fopen(path, "rb");
		assert_non_null(fp);
		eb_buf_init(&b, 0);
		while ((n = fread(chunk, 1, sizeof chunk, fp)) > 0)
			eb_buf_add(&b, chunk, n);
		fclose(fp);
		replay(b.data ? b.data : "", b.len);
		eb_buf_free(&b);
	}
	for (size_t i = 0; i < sizeof probes / sizeof probes[0]; i++)
		replay(probes[i], strlen(probes[i]));
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_wide_9x6),
		cmocka_unit_test(test_two_release_group),
		cmocka_unit_test(test_long_reps),
		cmocka_unit_test(test_units_and_errors),
		cmocka_unit_test(test_needs_map),
		cmocka_unit_test(test_broken_quote),
		cmocka_unit_test(test_layouts),
		cmocka_unit_test(test_line_ends),
		cmocka_unit_test(test_sep_line_and_units_row),
		cmocka_unit_test(test_number_forms),
		cmocka_unit_test(test_bad_values),
		cmocka_unit_test(test_one_figure_twice),
		cmocka_unit_test(test_separators_bits_ranges),
		cmocka_unit_test(test_unit_option),
		cmocka_unit_test(test_modes_note),
		cmocka_unit_test(test_mode_qualifiers),
		cmocka_unit_test(test_summary_columns),
		cmocka_unit_test(test_derived_rows),
		cmocka_unit_test(test_runner_configs),
		cmocka_unit_test(test_adversarial_layouts),
		cmocka_unit_test(test_test_numbers_and_percentiles),
		cmocka_unit_test(test_summary_and_derived),
		cmocka_unit_test(test_labels_as_written),
		cmocka_unit_test(test_no_header),
		cmocka_unit_test(test_map_features),
		cmocka_unit_test(test_map_errors),
		cmocka_unit_test(test_probe),
		cmocka_unit_test(test_limits),
		cmocka_unit_test(test_fuzz_regressions),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
