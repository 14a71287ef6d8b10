/* test_bonnie_parse.c - the bonnie++ parsers on small made-up inputs: every
 * CSV layout field by field, table layouts, errors, notes and probes. */
#include <math.h>

#include "testutil.h"

/* The value of the one record of that test and metric (fails otherwise). */
static double
get(const struct tu_run *r, const char *wl, const char *op, const char *metric)
{
	const struct eb_record *hit = NULL;
	int n = 0;

	for (size_t i = 0; i < r->t->n; i++) {
		const struct eb_record *x = &r->t->rows[i];

		if (strcmp(x->f[EB_F_WORKLOAD], wl) == 0 && strcmp(x->f[EB_F_OP], op) == 0 &&
		    strcmp(x->f[EB_F_METRIC], metric) == 0) {
			hit = x;
			n++;
		}
	}
	if (n != 1)
		fail_msg("%s %s %s: %d records", wl, op, metric, n);
	return hit->value;
}

static int
has(const struct tu_run *r, const char *wl, const char *op, const char *metric)
{
	for (size_t i = 0; i < r->t->n; i++)
		if (strcmp(r->t->rows[i].f[EB_F_WORKLOAD], wl) == 0 &&
		    strcmp(r->t->rows[i].f[EB_F_OP], op) == 0 &&
		    strcmp(r->t->rows[i].f[EB_F_METRIC], metric) == 0)
			return 1;
	return 0;
}

static size_t
count_in(const char *hay, const char *needle)
{
	size_t n = 0;

	for (const char *p = hay; (p = strstr(p, needle)) != NULL; p++)
		n++;
	return n;
}

static const char *const wl[12] = {
	"per-char", "block", "block", "per-char", "block", "rand",
	"files-seq", "files-seq", "files-seq", "files-rand", "files-rand", "files-rand",
};
static const char *const op[12] = {
	"write", "write", "rewrite", "read", "read", "seek",
	"create", "stat", "delete", "create", "stat", "delete",
};

/* Rates base+1 .. base+12 (seeks base+6.5), %CPU cbase+1 .., latencies
 * as given: every field distinct, so a shifted column cannot pass. */
static void
check_layout(const char *line, const char *host, double base, double cbase,
    const double *lat_ns, long long bs)
{
	struct tu_run r;

	tu_ingest_text(&r, line, "auto");
	if (r.st != EB_OK)
		fail_msg("%s", r.err.msg);
	for (int t = 0; t < 12; t++) {
		double v = base + t + 1 + (t == 5 ? 0.5 : 0);

		if (t < 5)
			tu_assert_close(get(&r, wl[t], op[t], "bw"), v * 1024);
		else
			tu_assert_close(get(&r, wl[t], op[t], "ops"), v);
		tu_assert_close(get(&r, wl[t], op[t], "cpu"), cbase + t + 1);
		if (lat_ns != NULL)
			tu_assert_close(get(&r, wl[t], op[t], "lat_max"), lat_ns[t]);
		else
			assert_false(has(&r, wl[t], op[t], "lat_max"));
	}
	for (size_t i = 0; i < r.t->n; i++) {
		assert_string_equal(r.t->rows[i].f[EB_F_HOST], host);
		assert_string_equal(r.t->rows[i].f[EB_F_SOURCE], "input:1");
		assert_int_equal(r.t->rows[i].block_size,
		    strncmp(r.t->rows[i].f[EB_F_WORKLOAD], "files", 5) ? bs : 0);
	}
	assert_int_equal(r.t->n, lat_ns ? 36 : 24);
	assert_int_equal(r.nwarnings, 0);
	tu_free(&r);
}

static const double lat_us[12] = {
	1e3, 2e3, 3e3, 4e3, 5e3, 6e3, 7e3, 8e3, 9e3, 10e3, 11e3, 12e3,
};
static const double lat_mixed[12] = {
	1e3, 2e3, 3e3, 4e3, 5e3, 6e3, 7e6, 8e6, 9e6, 10e6, 11e6, 12e9,
};

static void
csv_10x(void **state)
{
	(void)state;
	/* 1.03 packs a non-default chunk into the size and -n extras into
	 * the file count. */
	check_layout("h10x,2G:4k,101,1,102,2,103,3,104,4,105,5,106.5,6,16:1000:10/4,"
	    "107,7,108,8,109,9,110,10,111,11,112,12\n", "h10x", 100, 0, NULL, 4096);
	check_layout("h10x,2G,101,1,102,2,103,3,104,4,105,5,106.5,6,16,"
	    "107,7,108,8,109,9,110,10,111,11,112,12\n", "h10x", 100, 0, NULL, 8192);
}

static void
csv_format_2(void **state)
{
	(void)state;
	check_layout("2,1.93c,h2,2G,4k,201,21,202,22,203,23,204,24,205,25,206.5,26,16,,,,"
	    "207,27,208,28,209,29,210,30,211,31,212,32,"
	    "1us,2us,3us,4us,5us,6us,7ms,8ms,9ms,10ms,11ms,12s\n", "h2", 200, 20, lat_mixed, 4096);
}

static void
csv_196_197(void **state)
{
	(void)state;
	check_layout("1.96,1.96,h196,1,12345,2G,,301,31,302,32,303,33,304,34,305,35,306.5,36,"
	    "16,,,,,307,37,308,38,309,39,310,40,311,41,312,42,"
	    "1us,2us,3us,4us,5us,6us,7us,8us,9us,10us,11us,12us\n", "h196", 300, 30, lat_us, 8192);
	check_layout("1.97,1.97,h197,1,12345,2G,512,301,31,302,32,303,33,304,34,305,35,306.5,36,"
	    "16,,,,,307,37,308,38,309,39,310,40,311,41,312,42,"
	    "1us,2us,3us,4us,5us,6us,7ms,8ms,9ms,10ms,11ms,12s\n", "h197", 300, 30, lat_mixed, 512);
}

static void
csv_198(void **state)
{
	static const char line[] =
	    "1.98,2.00a,h198,1,99,2G,,8192,5,401,41,402,42,403,43,404,44,405,45,406.5,46,"
	    "16,,,,,407,47,408,48,409,49,410,50,411,51,412,52,"
	    "1us,2us,3us,4us,5us,6us,7us,8us,9us,10us,11us,12us\n";
	char *with_header;

	(void)state;
	/* 2.00a never writes the chunk: unknown. */
	check_layout(line, "h198", 400, 40, lat_us, 0);
	/* -x prints 1.97's 48 names above 1.98's 50 fields; positions win. */
	with_header = eb_xasprintf("format_version,bonnie_version,name,concurrency,seed,"
	    "file_size,io_chunk_size,putc,putc_cpu,put_block,put_block_cpu,rewrite,"
	    "rewrite_cpu,getc,getc_cpu,get_block,get_block_cpu,seeks,seeks_cpu,num_files,"
	    "max_size,min_size,num_dirs,file_chunk_size,seq_create,seq_create_cpu,seq_stat,"
	    "seq_stat_cpu,seq_del,seq_del_cpu,ran_create,ran_create_cpu,ran_stat,"
	    "ran_stat_cpu,ran_del,ran_del_cpu,putc_latency,put_block_latency,"
	    "rewrite_latency,getc_latency,get_block_latency,seeks_latency,"
	    "seq_create_latency,seq_stat_latency,seq_del_latency,ran_create_latency,"
	    "ran_stat_latency,ran_del_latency\n%s", line);
	{
		struct tu_run r;

		tu_ingest_text(&r, with_header, "bonnie-csv");
		assert_int_equal(r.st, EB_OK);
		tu_assert_close(get(&r, "block", "write", "bw"), 402.0 * 1024);
		tu_assert_close(get(&r, "rand", "seek", "ops"), 406.5);
		tu_assert_close(get(&r, "files-rand", "delete", "cpu"), 52);
		assert_string_equal(TU_F(r, 0, SOURCE), "input:2");
		tu_free(&r);
	}
	free(with_header);
}

/* bonnie++ writes latencies in us, ms and s alone: a "ns" is a damaged
 * "us", a thousand times too small (audit 20 F09). */
static void
csv_latency_ns(void **state)
{
	static const char line[] =
	    "1.98,2.00a,h198,1,99,2G,,8192,5,401,41,402,42,403,43,404,44,405,45,406.5,46,"
	    "16,,,,,407,47,408,48,409,49,410,50,411,51,412,52,"
	    "1us,24041ns,3us,4us,5us,6us,7us,8us,9us,10us,11us,12us\n";
	struct tu_run r;

	(void)state;
	tu_ingest_text(&r, line, "bonnie-csv");
	assert_int_equal(r.st, EB_ERR_DATA);
	assert_int_equal(r.err.loc.line, 1);
	assert_int_equal(r.err.loc.col, 130);
	assert_string_equal(r.err.msg, "bonnie++ 1.98 CSV field 40 holds '24041ns', which "
	    "bonnie++ never writes there");
	assert_int_equal(r.t->n, 0);
	tu_free(&r);
}

static void
csv_196_s0(void **state)
{
	struct tu_run r;

	(void)state;
	/* 1.96 -s 0 is a field short; 1.97 -s 0 is right. Both say the same. */
	tu_ingest_text(&r, "1.96,1.96,f,1,1,,,,,,,,,,,,,,60,32,32,,,1702,14,2025,12,1332,4,"
	    "1873,16,2047,13,1266,3,,,,,,,3874ms,6645ms,8659ms,505ms,7257ms,9627ms\n"
	    "1.97,1.97,f,1,1,,,,,,,,,,,,,,,60,32,32,,,1702,14,2025,12,1332,4,"
	    "1873,16,2047,13,1266,3,,,,,,,3874ms,6645ms,8659ms,505ms,7257ms,9627ms\n",
	    "auto");
	assert_int_equal(r.st, EB_OK);
	assert_int_equal(r.t->n, 36);
	for (size_t i = 0; i < 18; i++) {
		const struct eb_record *a = &r.t->rows[i], *b = &r.t->rows[i + 18];

		assert_string_equal(a->f[EB_F_WORKLOAD], b->f[EB_F_WORKLOAD]);
		assert_string_equal(a->f[EB_F_OP], b->f[EB_F_OP]);
		assert_string_equal(a->f[EB_F_METRIC], b->f[EB_F_METRIC]);
		tu_assert_close(a->value, b->value);
		assert_int_equal(a->block_size, 0);
	}
	tu_assert_close(r.t->rows[0].value, 1702);
	tu_assert_close(r.t->rows[17].value, 9627e6);
	tu_free(&r);
}

static void
csv_plus_and_empty(void **state)
{
	struct tu_run r;

	(void)state;
	/* -f leaves the per-char fields empty: no record, no note. Pluses:
	 * no record, and one note for the whole file. */
	tu_ingest_text(&r,
	    "h,1G,,,55236,11,36165,10,,,73514,8,+++++,+++,16,+++++,+++,+++++,+++,25015,99,"
	    "28712,100,+++++,+++,26846,100\n"
	    "h,1G,,,55236,11,30073,8,,,84287,10,2046.9,2,16,+++++,+++,+++++,+++,24862,99,"
	    "28340,99,+++++,+++,26490,99\n", "auto");
	assert_int_equal(r.st, EB_OK);
	assert_int_equal(r.t->n, 14 + 12);
	for (size_t i = 0; i < r.t->n; i++)
		assert_true(r.t->rows[i].value > 0);
	assert_false(has(&r, "per-char", "write", "bw"));
	assert_false(has(&r, "files-seq", "create", "ops"));
	assert_int_equal(count_in(eb_buf_cstr(&r.diag), "too fast"), 1);
	assert_non_null(strstr(eb_buf_cstr(&r.diag),
	    "note: 1: +++++ means too fast to measure (not zero, not missing): bonnie++ could "
	    "not time these tests, so they have no record from it and one repetition fewer than "
	    "were run, whose mean leaves out the fastest; no record for line 1: seeks, sequential create, sequential stat, random stat; line 2: "
	    "sequential create, sequential stat, random stat"));
	assert_int_equal(count_in(eb_buf_cstr(&r.diag), "per-char"), 0);
	/* Each +++++ is an untimed test, the key its record would have had,
	 * and its "+++" %CP another: line 1's seeks, seq create, seq stat,
	 * rand stat; line 2's three. */
	assert_int_equal(r.t->nuntimed, 2 * (4 + 3));
	{
		static const char *const want[][2] = {
			{ "rand", "seek" }, { "files-seq", "create" }, { "files-seq", "stat" },
			{ "files-rand", "stat" }, { "files-seq", "create" }, { "files-seq", "stat" },
			{ "files-rand", "stat" },
		};

		for (size_t i = 0; i < r.t->nuntimed; i++) {
			const struct eb_record *k = &r.t->untimed[i].key;
			int cpu = i % 2;

			assert_string_equal(k->f[EB_F_WORKLOAD], want[i / 2][0]);
			assert_string_equal(k->f[EB_F_OP], want[i / 2][1]);
			assert_string_equal(k->f[EB_F_METRIC], cpu ? "cpu" : "ops");
			assert_string_equal(k->f[EB_F_UNIT], cpu ? "%" : "1/s");
			assert_string_equal(k->f[EB_F_HOST], "h");
			assert_string_equal(k->f[EB_F_TOOL], "bonnie");
			assert_int_equal(k->block_size, i < 2 ? 8192 : 0);
			assert_true(isnan(k->value));
			assert_string_equal(k->f[EB_F_SOURCE], i < 8 ? "input:1" : "input:2");
		}
	}
	tu_free(&r);

	/* Nothing too fast: no note at all. */
	tu_ingest_text(&r, "h,1G,,,55236,11,36165,10,,,73514,8,2138.3,2,,,,,,,,,,,,,\n", "auto");
	assert_int_equal(r.st, EB_OK);
	assert_int_equal(r.t->n, 8);
	assert_string_equal(eb_buf_cstr(&r.diag), "");
	tu_free(&r);
}

static void
csv_errors(void **state)
{
	struct tu_run r;

	(void)state;
	/* A versioned line with the right count but a figure no bonnie++
	 * writes: a located error. */
	tu_ingest_text(&r, "1.96,1.96,h,1,1,2G,,12x,31,302,32,303,33,304,34,305,35,306.5,36,"
	    "16,,,,,307,37,308,38,309,39,310,40,311,41,312,42,"
	    "1us,2us,3us,4us,5us,6us,7us,8us,9us,10us,11us,12us\n", "auto");
	assert_int_equal(r.st, EB_ERR_DATA);
	assert_int_equal(r.err.loc.line, 1);
	assert_int_equal(r.err.loc.col, 21);
	assert_non_null(strstr(r.err.msg, "'12x'"));
	tu_free(&r);

	/* A wrapped or cut line that ends the file: the output ends inside
	 * a run. */
	tu_ingest_text(&r, "text\n1.96,1.96,h,1,1,2G,,301,31,302,32,303,33,304,34,305,35,306.5\n",
	    "bonnie-csv");
	assert_int_equal(r.st, EB_ERR_DATA);
	assert_int_equal(r.err.loc.line, 2);
	assert_non_null(strstr(r.err.msg, "cut short"));
	assert_int_equal(r.nwarnings, 1);
	tu_free(&r);

	/* Bad latency unit. */
	tu_ingest_text(&r, "1.96,1.96,h,1,1,2G,,301,31,302,32,303,33,304,34,305,35,306.5,36,"
	    "16,,,,,307,37,308,38,309,39,310,40,311,41,312,42,"
	    "1us,2us,3us,4us,5us,6us,7us,8us,9us,10us,11us,12h\n", "bonnie-csv");
	assert_int_equal(r.st, EB_ERR_DATA);
	assert_non_null(strstr(r.err.msg, "field 48"));
	tu_free(&r);

	/* A header alone is bonnie++ output without a result. */
	tu_ingest_text(&r, "name,file_size,putc,putc_cpu,put_block,put_block_cpu,rewrite,"
	    "rewrite_cpu,getc,getc_cpu,get_block,get_block_cpu,seeks,seeks_cpu,num_files\n",
	    "auto");
	assert_int_equal(r.st, EB_ERR_DATA);
	assert_int_equal(r.err.loc.line, 1);
	tu_free(&r);
}

static void
csv_not_bonnie(void **state)
{
	const struct eb_format *csv = eb_format_find("bonnie-csv");
	const struct eb_format *text = eb_format_find("bonnie-text");
	static const char sheet[] =
	    "host,size,a,b,c,d,e,f,g,h,i,j,k,l,m,n,o,p,q,r,s,t,u,v,w,x,y\n"
	    "box,12,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25\n"
	    "1.2,3.4,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25\n";
	struct tu_run r;

	(void)state;
	assert_non_null(csv);
	assert_non_null(text);
	/* 27 columns of numbers are not 1.0x bonnie++ without its size. */
	assert_int_equal(csv->probe(sheet, strlen(sheet)), 0);
	assert_int_equal(text->probe(sheet, strlen(sheet)), 0);
	tu_ingest_text(&r, sheet, "bonnie-csv");
	assert_int_equal(r.st, EB_ERR_DATA);
	assert_int_equal(r.nwarnings, 0);
	tu_free(&r);
}

/* ---- tables */

static void
table_collapsed_fast(void **state)
{
	struct tu_run r;

	(void)state;
	/* A forum re-spaced a -f table: eight figures are the bulk tests,
	 * four latencies theirs. */
	tu_ingest_text(&r,
	    "Version 1.97 ------Sequential Output------ --Sequential Input- --Random-\n"
	    "Concurrency 1 -Per Chr- --Block-- -Rewrite- -Per Chr- --Block-- --Seeks--\n"
	    "Machine Size K/sec %CP K/sec %CP K/sec %CP K/sec %CP K/sec %CP /sec %CP\n"
	    "fastbox 4G 50000 10 30000 5 60000 8 250.5 3\n"
	    "Latency 10ms 20ms 30ms 2s\n", "auto");
	assert_int_equal(r.st, EB_OK);
	assert_int_equal(r.t->n, 12);
	tu_assert_close(get(&r, "block", "write", "bw"), 50000.0 * 1024);
	tu_assert_close(get(&r, "block", "rewrite", "cpu"), 5);
	tu_assert_close(get(&r, "block", "rewrite", "bw"), 30000.0 * 1024);
	tu_assert_close(get(&r, "block", "read", "bw"), 60000.0 * 1024);
	tu_assert_close(get(&r, "rand", "seek", "ops"), 250.5);
	tu_assert_close(get(&r, "block", "write", "lat_max"), 10e6);
	tu_assert_close(get(&r, "rand", "seek", "lat_max"), 2e9);
	assert_int_equal(r.t->rows[0].block_size, 8192);
	assert_string_equal(TU_F(r, 0, HOST), "fastbox");
	tu_free(&r);
}

static void
table_aligned_overflow(void **state)
{
	struct tu_run r;

	(void)state;
	/* Before 1.98 six digits overflow their cell; with blank cells only
	 * the columns, shifted by the overflow, place the figures. */
	tu_ingest_text(&r,
	    "Version  1.97       ------Sequential Output------ --Sequential Input- --Random-\n"
	    "Concurrency   1     -Per Chr- --Block-- -Rewrite- -Per Chr- --Block-- --Seeks--\n"
	    "Machine        Size K/sec %CP K/sec %CP K/sec %CP K/sec %CP K/sec %CP  /sec %CP\n"
	    "wide            64G           711234  97 41019  18   465  99 152732  27  7864 446\n"
	    "Latency                         885us    2596us      10ms    1814us    2000us\n",
	    "auto");
	assert_int_equal(r.st, EB_OK);
	assert_int_equal(r.t->n, 15);
	tu_assert_close(get(&r, "rand", "seek", "lat_max"), 2000e3);
	assert_false(has(&r, "per-char", "write", "lat_max"));
	tu_assert_close(get(&r, "block", "write", "bw"), 711234.0 * 1024);
	tu_assert_close(get(&r, "per-char", "read", "bw"), 465.0 * 1024);
	tu_assert_close(get(&r, "block", "read", "cpu"), 27);
	tu_assert_close(get(&r, "rand", "seek", "cpu"), 446);
	assert_false(has(&r, "per-char", "write", "bw"));
	tu_free(&r);
}

static void
table_198_columns(void **state)
{
	struct tu_run r;

	(void)state;
	/* A label longer than its column (the name is then dropped) pushes
	 * the row right; a blank per-char write cell. */
	tu_ingest_text(&r,
	    "Version 2.00a       ------Sequential Output------ --Sequential Input- --Random-\n"
	    "                    -Per Chr- --Block-- -Rewrite- -Per Chr- --Block-- --Seeks--\n"
	    "Name:Size etc        /sec %CP  /sec %CP  /sec %CP  /sec %CP  /sec %CP  /sec %CP\n"
	    "512M:64k:16:1048576:10            123m  47 98.3m  20 2048k  99  1.2g  60 +++++ +++\n"
	    "Latency                         885us    2596us      10ms              1814us\n"
	    "Version 2.00a       ------Sequential Output------ --Sequential Input- --Random-\n"
	    "                    -Per Chr- --Block-- -Rewrite- -Per Chr- --Block-- --Seeks--\n"
	    "Name:Size etc        /sec %CP  /sec %CP  /sec %CP  /sec %CP  /sec %CP  /sec %CP\n"
	    "blankbox         2G            123m  47 98.3m  20 2048k  99  1.2g  60 350.5  12\n"
	    "Latency                         885us    2596us      10ms    1814us    2000us\n",
	    "auto");
	assert_int_equal(r.st, EB_OK);
	assert_int_equal(r.t->n, 12 + 15);
	for (size_t i = 0; i < r.t->n; i++) {
		assert_string_equal(r.t->rows[i].f[EB_F_HOST], i < 12 ? "" : "blankbox");
		/* 2.00a's table shows no default chunk, and its CSV line
		 * never one: the default is as unknown in both (audit A15). */
		assert_int_equal(r.t->rows[i].block_size, i < 12 ? 65536 : 0);
	}
	tu_assert_close(r.t->rows[0].value, 123.0 * 1024 * 1024);
	tu_assert_close(r.t->rows[2].value, 885e3);
	tu_assert_close(r.t->rows[3].value, 98.3 * 1024 * 1024);
	tu_assert_close(r.t->rows[6].value, 2048.0 * 1024);
	tu_assert_close(r.t->rows[8].value, 10e6);
	tu_assert_close(r.t->rows[9].value, 1.2 * 1024 * 1024 * 1024);
	tu_assert_close(r.t->rows[11].value, 1814e3);
	assert_string_equal(r.t->rows[11].f[EB_F_OP], "seek");
	assert_int_equal(count_in(eb_buf_cstr(&r.diag), "rounded"), 1);
	tu_free(&r);
}

static void
table_103_chunk(void **state)
{
	struct tu_run r;

	(void)state;
	tu_ingest_text(&r,
	    "Version  1.03       ------Sequential Output------ --Sequential Input- --Random-\n"
	    "                    -Per Chr- --Block-- -Rewrite- -Per Chr- --Block-- --Seeks--\n"
	    "Machine   Size:chnk K/sec %CP K/sec %CP K/sec %CP K/sec %CP K/sec %CP  /sec %CP\n"
	    "oldbox        1G:4k  3002  88 31164  60 13485  29  3035  84 32838  36  56.7   0\n"
	    "                    ------Sequential Create------ --------Random Create--------\n"
	    "                    -Create-- --Read--- -Delete-- -Create-- --Read--- -Delete--\n"
	    "              files  /sec %CP  /sec %CP  /sec %CP  /sec %CP  /sec %CP  /sec %CP\n"
	    "                 16    94  40 +++++ +++ 15510  66   204  86 +++++ +++   906  83\n",
	    "auto");
	assert_int_equal(r.st, EB_OK);
	assert_int_equal(r.t->n, 20);
	assert_int_equal(r.t->rows[0].block_size, 4096);
	assert_int_equal(r.t->rows[r.t->n - 1].block_size, 0);
	tu_assert_close(get(&r, "files-rand", "delete", "ops"), 906);
	for (size_t i = 0; i < r.t->n; i++)
		assert_string_equal(r.t->rows[i].f[EB_F_HOST], "oldbox");
	tu_free(&r);
}

static void
table_and_other_csv(void **state)
{
	struct tu_run r;

	(void)state;
	/* A CSV line whose figures are not the table's is another run. */
	tu_ingest_text(&r,
	    "Machine        Size K/sec %CP K/sec %CP K/sec %CP K/sec %CP K/sec %CP  /sec %CP\n"
	    "box              1G  3002  88 31164  60 13485  29  3035  84 32838  36  56.7   0\n"
	    "box,1G,3002,88,31164,60,13485,29,3035,84,32838,36,56.8,0,,,,,,,,,,,,,\n",
	    "auto");
	assert_int_equal(r.st, EB_OK);
	assert_int_equal(r.t->n, 24);
	tu_free(&r);
	tu_ingest_text(&r,
	    "Machine        Size K/sec %CP K/sec %CP K/sec %CP K/sec %CP K/sec %CP  /sec %CP\n"
	    "box              1G  3002  88 31164  60 13485  29  3035  84 32838  36  56.7   0\n"
	    "box,1G,3002,88,31164,60,13485,29,3035,84,32838,36,56.7,0,,,,,,,,,,,,,\n",
	    "auto");
	assert_int_equal(r.st, EB_OK);
	assert_int_equal(r.t->n, 12);
	assert_string_equal(TU_F(r, 0, SOURCE), "input:3");
	tu_free(&r);
}

static void
table_no_result(void **state)
{
	struct tu_run r;

	(void)state;
	tu_ingest_text(&r,
	    "some text\n"
	    "Version  1.96       ------Sequential Output------ --Sequential Input- --Random-\n"
	    "Machine        Size K/sec %CP K/sec %CP K/sec %CP K/sec %CP K/sec %CP  /sec %CP\n"
	    "this is not a row\n", "auto");
	assert_int_equal(r.st, EB_ERR_DATA);
	assert_int_equal(r.err.loc.line, 4);
	assert_string_equal(r.err.msg, "bonnie++ IO result row not understood");
	assert_int_equal(r.nwarnings, 0);
	tu_free(&r);

	/* Forced to CSV, a table-only file says where to look. */
	tu_ingest_text(&r,
	    "Version  1.96       ------Sequential Output------ --Sequential Input- --Random-\n"
	    "Machine        Size K/sec %CP K/sec %CP K/sec %CP K/sec %CP K/sec %CP  /sec %CP\n"
	    "box              1G  3002  88 31164  60 13485  29  3035  84 32838  36  56.7   0\n",
	    "bonnie-csv");
	assert_int_equal(r.st, EB_ERR_DATA);
	assert_non_null(strstr(r.err.msg, "bonnie-text"));
	tu_free(&r);
}

#define V200 "Version 2.00a       ------Sequential Output------ --Sequential Input- --Random-\n" \
	"                    -Per Chr- --Block-- -Rewrite- -Per Chr- --Block-- --Seeks--\n" \
	"Name:Size etc        /sec %CP  /sec %CP  /sec %CP  /sec %CP  /sec %CP  /sec %CP\n"
#define ROW200 "vm              32M  487k  28 +++++ +++ +++++ +++  574k  25 +++++ +++ +++++ +++\n"
#define LAT200 "Latency             33998us   12070us    4426us   56723us   12065us   36250us\n"
#define CSV103 "3po,6G,44154,96,138415,55,63486,19,52127,97,193807,23,311.3,1,16," \
	"+++++,+++,+++++,+++,+++++,+++,+++++,+++,+++++,+++,+++++,+++"
/* Another run of the same machine: the same line twice is one run read
 * twice, an error of its own. */
#define CSV103_NEXT "3po,6G,44061,96,139022,55,63118,19,52090,97,194311,23,309.8,1,16," \
	"+++++,+++,+++++,+++,+++++,+++,+++++,+++,+++++,+++,+++++,+++"

/* Outside audit B1: one bonnie++ run twice in one input (bonnie++ >> log
 * of one run, a log copied into itself), whatever its line ends, is an
 * error at the second: the seed of 1.96 on makes it a copy for certain,
 * and so do four measured figures alike without one (1.0x); fewer are
 * only told. */
static void
run_read_twice(void **state)
{
	static const char line198[] = "1.98,2.00a,vm,1,1796126380,64M,,8192,5,822,47,+++++,+++,"
	    "+++++,+++,932,38,+++++,+++,+++++,+++,1,,,,,777,35,+++++,+++,+++++,+++,1161,46,+++++,"
	    "+++,+++++,+++,36437us,12073us,16061us,132ms,3018us,28079us,12124us,75us,340us,"
	    "16808us,16us,8050us";
	static const char few[] = "3po,6G,,,,,,,,,,,311.3,1,16,+++++,+++,+++++,+++,+++++,+++,"
	    "+++++,+++,+++++,+++,+++++,+++";
	char text[1024];

	(void)state;
	snprintf(text, sizeof text, "%s\n%s\r\n", line198, line198);
	tu_expect_refused(text, "auto", 2, "bonnie++ run 'vm' of seed 1796126380 was read "
	    "already, from input:1: one run read twice would count as a second repetition (a "
	    "copy under another name?)");
	snprintf(text, sizeof text, "%s\n%s\n", CSV103, CSV103);
	tu_expect_refused(text, "auto", 2, "bonnie++ run '3po' (a CSV line with the same 12 "
	    "figures) was read already, from input:1: one run read twice would count as a "
	    "second repetition (a copy under another name?)");
	snprintf(text, sizeof text, "%s\n%s\n", CSV103, CSV103_NEXT);
	tu_expect_read(text, "auto", 24, 0, NULL);
	snprintf(text, sizeof text, "%s\n%s\n", few, few);
	tu_expect_read(text, "auto", 4, 1, "warning: 2: bonnie++ run '3po' (a CSV line with "
	    "the same 2 figures), as at input:1: if it is a copy, its records count as second "
	    "repetitions; it is read, since two real runs may print figures this coarse alike");
}

/* bonnie++ output that stops inside a table fails where the table ends,
 * whichever line it stops on; before, each of these kept the records of
 * the rows above (audit N5: 16 records became 4, a file block was lost). */
static void
table_cut_short(void **state)
{
	static const struct { const char *text; long line, col; const char *msg; } cut[] = {
		{ V200 "vm              32M  487k  28 +++++ +++ +++++ +++  574k  25 \n", 4, 60,
		    "bonnie++ IO result row ends before its last cell: the output is cut short" },
		{ V200 ROW200 LAT200 "Version 2.00a       ------Sequential Create------ "
		    "--------Random Create--------\n", 6, 0,
		    "bonnie++ table ends here, before its units line (\"... /sec %CP\"): the "
		    "output is cut short" },
		{ V200, 3, 0, "bonnie++ IO table ends here, after its units line, without its "
		    "result row: the output is cut short" },
		{ V200 ROW200, 4, 0, "bonnie++ IO table ends here, after its result row, without "
		    "the Latency row of bonnie++ 1.96 and later: the output is cut short" },
		{ V200 ROW200 "\n" LAT200, 4, 0, "bonnie++ IO table ends here, after its result "
		    "row, without the Latency row of bonnie++ 1.96 and later: the output is cut "
		    "short" },
		{ V200 ROW200 "Latency             33998us   12070us    4426us   56723us\n", 5, 58,
		    "bonnie++ latency row ends before its last cell: the output is cut short" },
		{ V200 ROW200 "Latency             33998us   12070us    4426us   56723us   12065us"
		    "   36250\n", 5, 0, "bonnie++ latency row not understood" },
		{ V200 "vm              32M  487k  28 +++++ +++ +++++ +++  574k  25 +++++ +++ "
		    "+++++ +\n", 4, 0, "bonnie++ IO result row not understood" },
		{ V200 ROW200 LAT200 "Version 2.00a       ------Sequential Create------ "
		    "--------Random Create--------\n"
		    "vm                  -Create-- --Read--- -Delete-- -Create-- --Read--- -Delete--\n"
		    "              files  /sec %CP  /sec %CP  /sec %CP  /sec %CP  /sec %CP  /sec %CP\n"
		    "                  1 +++++ +++ +++++ +++ +++++ +++ +++++ +++ +++++ +++ +++++ +++\n"
		    "Latency             12144us      98us    4057us   13781us\n", 10, 58,
		    "bonnie++ latency row ends before its last cell: the output is cut short" },
		/* The last figure of a file without a line end may be cut. */
		{ "Version  1.03       ------Sequential Output------ --Sequential Input- --Random-\n"
		    "                    -Per Chr- --Block-- -Rewrite- -Per Chr- --Block-- --Seeks--\n"
		    "Machine        Size K/sec %CP K/sec %CP K/sec %CP K/sec %CP K/sec %CP  /sec %CP\n"
		    "mindpipe         1G  3002  88 31164  60 13485  29  3035  84 32838  36  56.7   3",
		    4, 79, "bonnie++ table row ends the input without a line end, in a figure "
		    "that may be cut short (end the file with a line end if it is whole)" },
		/* Re-spaced, eight figures are -f output only with its four
		 * latencies after them. */
		{ "Machine Size K/sec %CP K/sec %CP K/sec %CP K/sec %CP K/sec %CP /sec %CP\n"
		    "fastbox 4G 50000 10 30000 5 60000 8 250.5 3\n", 2, 0,
		    "bonnie++ IO table ends here, after a row of 8 figures whose spacing is lost: "
		    "that is -f output when a Latency row of 4 follows, and otherwise a row cut "
		    "short: the output is cut short" },
	};
	static const char *const cut_csv[][2] = {
		{ CSV103 "\n" "3po,6G,44154,96,138415,55,63486,19,52127,97,193807,23,311.3,1,"
		    "16,+++++,+++,+++++,+++,+++++,+++,+++++,+++,+++++,+++,+++++,\n",
		    "warning: 2: bonnie++ CSV line whose last field is empty though its random "
		    "deletes ran (cut?); skipped" },
		{ CSV103 "\n" "3po,6G,44154,96,138415,55,63486,19,52127,97,193807,23,311.3,1,"
		    "16,+++++,+++,+++++,+++,+++++,+++,+++++,+++,+++++,+++,906,8",
		    "warning: 2: bonnie++ CSV line that ends the input without a line end, in a "
		    "figure that may be cut; skipped" },
	};
	struct tu_run r;

	(void)state;
	for (size_t i = 0; i < sizeof cut / sizeof cut[0]; i++) {
		tu_ingest_text(&r, cut[i].text, "bonnie-text");
		if (r.st != EB_ERR_DATA)
			fail_msg("case %zu: read with %zu records", i, r.t->n);
		assert_int_equal(r.err.loc.line, cut[i].line);
		assert_int_equal(r.err.loc.col, cut[i].col);
		assert_string_equal(r.err.msg, cut[i].msg);
		tu_free(&r);
	}
	/* The whole table, and a 1.03 CSV line with its line end, read. */
	tu_ingest_text(&r, V200 ROW200 LAT200, "bonnie-text");
	assert_int_equal(r.st, EB_OK);
	assert_int_equal(r.t->n, 10);
	tu_free(&r);
	tu_ingest_text(&r, CSV103 "\n", "bonnie-csv");
	assert_int_equal(r.st, EB_OK);
	assert_int_equal(r.t->n, 12);
	tu_free(&r);
	/* A CSV line cut after a comma or in its last figure is a broken
	 * line, as one of the wrong field count is; the last line of the
	 * input, it fails the file (outside audit A40), and inside it (mail
	 * wraps lines) it is skipped with a warning. */
	for (size_t i = 0; i < sizeof cut_csv / sizeof cut_csv[0]; i++) {
		char text[512];

		tu_ingest_text(&r, cut_csv[i][0], "bonnie-csv");
		assert_int_equal(r.st, EB_ERR_DATA);
		assert_int_equal(r.err.loc.line, 2);
		assert_string_equal(r.err.msg, "bonnie++ CSV line cut short, and it is the "
		    "input's last: the output ends inside a run");
		assert_non_null(strstr(eb_buf_cstr(&r.diag), cut_csv[i][1]));
		tu_free(&r);
		/* With a line end, a last figure is whole. */
		if (i > 0)
			continue;
		snprintf(text, sizeof text, "%s\n%s\n", cut_csv[i][0], CSV103_NEXT);
		tu_ingest_text(&r, text, "bonnie-csv");
		assert_int_equal(r.st, EB_OK);
		assert_int_equal(r.t->n, 24);
		assert_int_equal(r.nwarnings, 1);
		tu_free(&r);
	}
}

static void
probes(void **state)
{
	const struct eb_format *csv = eb_format_find("bonnie-csv");
	const struct eb_format *text = eb_format_find("bonnie-text");
	static const char table[] =
	    "Version  1.96       ------Sequential Output------ --Sequential Input- --Random-\n";
	static const char collapsed[] =
	    "-Per Chr- --Block-- -Rewrite- -Per Chr- --Block-- --Seeks--\n";
	static const char line196[] =
	    "1.96,1.96,h,1,1,2G,,301,31,302,32,303,33,304,34,305,35,306.5,36,"
	    "16,,,,,307,37,308,38,309,39,310,40,311,41,312,42,"
	    "1us,2us,3us,4us,5us,6us,7us,8us,9us,10us,11us,12us";
	static const char line10x[] =
	    "h,1G,,,55236,11,36165,10,,,73514,8,2138.3,2,16,+++++,+++,+++++,+++,25015,99,"
	    "28712,100,+++++,+++,26846,100\n";
	static const char header[] = "format_version,bonnie_version,name,concurrency,seed,"
	    "file_size,io_chunk_size,putc,putc_cpu,put_block\n";
	char *both = eb_xasprintf("%s%s\n", table, line196);

	(void)state;
	assert_int_equal(text->probe(table, strlen(table)), 95);
	assert_int_equal(csv->probe(table, strlen(table)), 0);
	assert_int_equal(text->probe(collapsed, strlen(collapsed)), 92);
	/* No newline at the end of the probed bytes. */
	assert_int_equal(csv->probe(line196, strlen(line196)), 90);
	assert_int_equal(text->probe(line196, strlen(line196)), 0);
	assert_int_equal(csv->probe(line10x, strlen(line10x)), 85);
	assert_int_equal(csv->probe(header, strlen(header)), 80);
	/* Table and CSV line of one run: the text parser, which reads both. */
	assert_true(text->probe(both, strlen(both)) > csv->probe(both, strlen(both)));
	free(both);
}

static void
mail_quoting(void **state)
{
	struct tu_run r;

	(void)state;
	/* "> >" with no blank after it, as xfs-list-2013 quotes. */
	tu_ingest_text(&r,
	    "> >                    ------Sequential Create------ --------Random Create--------\n"
	    "> >mailbox             -Create-- --Read--- -Delete-- -Create-- --Read--- -Delete--\n"
	    "> >files:max:min        /sec %CP  /sec %CP  /sec %CP  /sec %CP  /sec %CP  /sec %CP\n"
	    "> >           60:32:32  1702  14  2025  12  1332   4  1873  16  2047  13  1266   3\n"
	    "> >Latency              3874ms    6645ms    8659ms     505ms    7257ms    9627ms\n",
	    "auto");
	assert_int_equal(r.st, EB_OK);
	assert_int_equal(r.t->n, 18);
	assert_string_equal(TU_F(r, 0, HOST), "mailbox");
	tu_assert_close(get(&r, "files-rand", "delete", "lat_max"), 9627e6);
	tu_free(&r);
}

/* Inputs the fuzzers once crashed or hung on, replayed under both
 * formats (tests/data/bonnie/fuzz/). */
static void
fuzz_regressions(void **state)
{
	static const char *const dirs[] = { "tests/data/bonnie/fuzz" };
	struct tu_run r;

	(void)state;
	for (size_t i = 0; i < sizeof dirs / sizeof dirs[0]; i++) {
		tu_ingest(&r, dirs[i], "bonnie-csv");
		for (size_t k = 0; k < r.t->n; k++)
			assert_true(isfinite(r.t->rows[k].value) && r.t->rows[k].value >= 0);
		tu_free(&r);
		tu_ingest(&r, dirs[i], "bonnie-text");
		for (size_t k = 0; k < r.t->n; k++)
			assert_true(isfinite(r.t->rows[k].value) && r.t->rows[k].value >= 0);
		tu_free(&r);
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(csv_10x),
		cmocka_unit_test(csv_format_2),
		cmocka_unit_test(csv_196_197),
		cmocka_unit_test(csv_198),
		cmocka_unit_test(csv_latency_ns),
		cmocka_unit_test(csv_196_s0),
		cmocka_unit_test(csv_plus_and_empty),
		cmocka_unit_test(csv_errors),
		cmocka_unit_test(csv_not_bonnie),
		cmocka_unit_test(table_collapsed_fast),
		cmocka_unit_test(table_aligned_overflow),
		cmocka_unit_test(table_198_columns),
		cmocka_unit_test(table_103_chunk),
		cmocka_unit_test(table_and_other_csv),
		cmocka_unit_test(table_no_result),
		cmocka_unit_test(table_cut_short),
		cmocka_unit_test(run_read_twice),
		cmocka_unit_test(probes),
		cmocka_unit_test(mail_quoting),
		cmocka_unit_test(fuzz_regressions),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
