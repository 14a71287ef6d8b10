/* test_results_groups.c - a results.csv read straight into groups: the
 * groups, values and first records of a plain file, and 0 for each file
 * that the general reading would read otherwise or tell about. */
#include "testutil.h"
#include "tempfile.h"
#include "../../ingest/results.h"

#define HEADER "release,host,config,mode,tool,job,workload,op,block_size,metric,unit,rep,value,source\n"

/* Two tests, the second's first row between the first's. */
#define PLAIN HEADER \
	"24.04,h,default,none,fio,j,seq,read,4096,bw,B/s,1,100.5,a:1\n" \
	"24.04,h,default,none,fio,j,seq,write,4096,bw,B/s,1,7,a:2\n" \
	"24.04,h,default,none,fio,j,seq,read,4096,bw,B/s,2,101.25,a:3\n" \
	"24.04,h,default,none,fio,j,seq,read,4096,bw,B/s,3,99,a:4\n"

static int
grouped(const char *content, struct eb_results_grouped *g)
{
	char *path = tu_temp_file("results.csv", content);
	int ok = eb_results_read_grouped(path, g);

	tu_drop(path);
	return ok;
}

static void
test_plain_file(void **state)
{
	struct eb_results_grouped g;
	const struct eb_record *r;

	(void)state;
	assert_int_equal(grouped(PLAIN, &g), 1);
	assert_int_equal(g.keys->n, 2);
	assert_int_equal(g.count[0], 3);
	assert_int_equal(g.count[1], 1);
	assert_true(g.values[0] == 100.5 && g.values[1] == 101.25 && g.values[2] == 99 &&
	    g.values[3] == 7);
	/* Each group's key is its first record, at the line it was read. */
	r = &g.keys->rows[0];
	assert_string_equal(r->f[EB_F_OP], "read");
	assert_string_equal(r->f[EB_F_SOURCE], "a:1");
	assert_int_equal(r->line, 2);
	assert_int_equal(r->rep, 1);
	assert_int_equal(r->block_size, 4096);
	r = &g.keys->rows[1];
	assert_string_equal(r->f[EB_F_OP], "write");
	assert_string_equal(r->f[EB_F_SOURCE], "a:2");
	assert_int_equal(r->line, 3);
	assert_true(r->value == 7);
	/* Interned in the keys' table: one label, one pointer. */
	assert_ptr_equal(g.keys->rows[0].f[EB_F_RELEASE], g.keys->rows[1].f[EB_F_RELEASE]);
	eb_results_grouped_free(&g);
}

/* A row whose labels begin as an earlier row of its group began is read
 * from its rep on (the group after the previous row's, that one, or any
 * by the bytes of its labels); a rep, value or source that the short
 * reading does not take is read the general way, into the same group. */
#define KNOWN HEADER \
	"24.04,h,d,none,fio,j,seq,read,4096,bw,B/s,1,100.5,s:1\n" \
	"24.04,h,d,none,fio,j,seq,read,4096,iops,1/s,1,25,s:2\n" \
	"24.04,h,d,none,fio,j,seq,read,4096,bw,B/s,2,101.25,s:3\n" \
	"24.04,h,d,none,fio,j,seq,read,4096,iops,1/s,2,26,s:4\n" \
	"24.04,h,d,none,fio,j,seq,read,4096,iops,1/s,3,27.5,s:5\n" \
	"24.04,h,d,none,fio,j,seq,read,04096,bw,B/s,3,99,s:6\n" \
	"24.04,h,d,none,fio,j,seq,read,4096,bw,B/s,0004,1e2,s:7\n" \
	"24.04,h,d,none,fio,j,seq,read,4096,bw,B/s,0000000005,98,s:8\n" \
	"24.04,h,d,none,fio,j,seq,read,4096,bw,B/s,6,97,s:9 cpus=2\n" \
	"24.04,h,d,none,fio,j,seq,read,4096,bw,B/s,7,0.5,s:10\n" \
	"24.04,h,d,none,fio,j,seq,read,4096,bw,B/s,8,2.5,s:11\n"

static void
test_known_labels(void **state)
{
	static const double bw[] = { 100.5, 101.25, 99, 100, 98, 97, 0.5, 2.5 };
	static const double iops[] = { 25, 26, 27.5 };
	struct eb_results_grouped g;

	(void)state;
	assert_int_equal(grouped(KNOWN, &g), 1);
	assert_int_equal(g.keys->n, 2);
	assert_int_equal(g.count[0], 8);
	assert_int_equal(g.count[1], 3);
	for (size_t i = 0; i < 8; i++)
		if (g.values[i] != bw[i])
			fail_msg("bw value %zu is %g, not %g", i, g.values[i], bw[i]);
	for (size_t i = 0; i < 3; i++)
		if (g.values[8 + i] != iops[i])
			fail_msg("iops value %zu is %g, not %g", i, g.values[8 + i], iops[i]);
	assert_string_equal(g.keys->rows[0].f[EB_F_SOURCE], "s:1");
	assert_string_equal(g.keys->rows[1].f[EB_F_METRIC], "iops");
	eb_results_grouped_free(&g);
}

/* Each CPU reads the lines that begin in its 2 MiB of a block, on past
 * its end to the end of its last line: rows of 64 bytes put a line end on
 * the last byte of a share (the next share begins with a line), and a
 * first row one byte longer or shorter puts it on the next share's first
 * byte or one before. 70000 rows are two blocks of two shares; every row
 * is read once, in order: row i's value is i + 1. */
static void
test_shares_end_anywhere(void **state)
{
	enum { ROWS = 70000, ROW = 64 };

	(void)state;
	for (int shift = -1; shift <= 1; shift++) {
		struct eb_results_grouped g;
		char *content = eb_xmalloc(sizeof HEADER + (size_t)ROWS * (ROW + 1)), *at, *path;
		int ok;

		at = content + sprintf(content, "%s", HEADER);
		for (int i = 0; i < ROWS; i++) {
			/* 42 bytes of labels, rep, value and source to 64. */
			int digits = snprintf(NULL, 0, "%d", i + 1);
			int pad = ROW - 42 - 2 * digits - 3 - 1 + (i == 0 ? shift : 0);

			at += sprintf(at, "24.04,h,d,none,fio,j,seq,read,4096,bw,B/s,%d,%d,s%0*d\n",
			    i + 1, i + 1, pad, i);
		}
		assert_int_equal(at - content, (long)strlen(HEADER) + (long)ROWS * ROW + shift);
		path = tu_temp_file("results.csv", content);
		ok = eb_results_read_grouped(path, &g);
		tu_drop(path);
		free(content);
		assert_int_equal(ok, 1);
		assert_int_equal(g.keys->n, 1);
		assert_int_equal(g.count[0], ROWS);
		for (int i = 0; i < ROWS; i++)
			if (g.values[i] != i + 1)
				fail_msg("shift %d: row %d read as %g", shift, i, g.values[i]);
		eb_results_grouped_free(&g);
	}
}

static void
test_left_to_the_general_reading(void **state)
{
	static const char *const cases[] = {
		/* no rows, or no header */
		HEADER,
		"",
		"24.04,h,default,none,fio,j,seq,read,4096,bw,B/s,1,100.5,a:1\n",
		/* a repetition twice, a source twice (whatever the value) */
		HEADER "24.04,h,d,none,fio,j,seq,read,4096,bw,B/s,1,1,a:1\n"
		    "24.04,h,d,none,fio,j,seq,read,4096,bw,B/s,1,2,a:2\n",
		HEADER "24.04,h,d,none,fio,j,seq,read,4096,bw,B/s,1,1,a:1\n"
		    "24.04,h,d,none,fio,j,seq,read,4096,bw,B/s,2,2,a:1\n",
		/* a bad value, an empty source, a quote, an empty line */
		HEADER "24.04,h,d,none,fio,j,seq,read,4096,bw,B/s,1,x,a:1\n",
		HEADER "24.04,h,d,none,fio,j,seq,read,4096,bw,B/s,1,1,\n",
		HEADER "24.04,h,d,none,fio,j,seq,read,4096,bw,B/s,1,1,\"a:1\"\n",
		HEADER "24.04,h,d,none,fio,j,seq,read,4096,bw,B/s,1,1,a:1\n\n",
		/* CRLF, no last line end, a byte-order mark */
		HEADER "24.04,h,d,none,fio,j,seq,read,4096,bw,B/s,1,1,a:1\r\n",
		HEADER "24.04,h,d,none,fio,j,seq,read,4096,bw,B/s,1,1,a:1",
		"\xEF\xBB\xBF" HEADER "24.04,h,d,none,fio,j,seq,read,4096,bw,B/s,1,1,a:1\n",
		/* labels beyond printable ASCII, a dd record without an op */
		HEADER "24.04,h\xc3\xa9,d,none,fio,j,seq,read,4096,bw,B/s,1,1,a:1\n",
		HEADER "24.04,h,d,none,fio,j,seq,read,4096,bw,B/s,1,1,a:1\x7f\n",
		HEADER "24.04,h,d,none,dd,dd,,,4096,bw,B/s,1,1,a:1\n",
		/* after a row of its group: a rep of 0, a value above its
		 * metric's limit or no number, a rep given twice, a source
		 * twice, a quote, a field too many, a bad cpus tag */
		HEADER "24.04,h,d,none,fio,j,seq,read,4096,cpu,%,1,50,a:1\n"
		    "24.04,h,d,none,fio,j,seq,read,4096,cpu,%,0,50,a:2\n",
		HEADER "24.04,h,d,none,fio,j,seq,read,4096,cpu,%,1,50,a:1\n"
		    "24.04,h,d,none,fio,j,seq,read,4096,cpu,%,2,1e9,a:2\n",
		HEADER "24.04,h,d,none,fio,j,seq,read,4096,cpu,%,1,50,a:1\n"
		    "24.04,h,d,none,fio,j,seq,read,4096,cpu,%,2,5x,a:2\n",
		HEADER "24.04,h,d,none,fio,j,seq,read,4096,cpu,%,1,50,a:1\n"
		    "24.04,h,d,none,fio,j,seq,read,4096,cpu,%,1,51,a:2\n",
		HEADER "24.04,h,d,none,fio,j,seq,read,4096,cpu,%,1,50,a:1\n"
		    "24.04,h,d,none,fio,j,seq,read,4096,cpu,%,2,51,a:1\n",
		HEADER "24.04,h,d,none,fio,j,seq,read,4096,cpu,%,1,50,a:1\n"
		    "24.04,h,d,none,fio,j,seq,read,4096,cpu,%,2,51,a\"2\n",
		HEADER "24.04,h,d,none,fio,j,seq,read,4096,cpu,%,1,50,a:1\n"
		    "24.04,h,d,none,fio,j,seq,read,4096,cpu,%,2,51,a:2,x\n",
		HEADER "24.04,h,d,none,fio,j,seq,read,4096,cpu,%,1,50,a:1\n"
		    "24.04,h,d,none,fio,j,seq,read,4096,cpu,%,2,51,a:2 cpus=0\n",
	};
	struct eb_results_grouped g;

	(void)state;
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		if (grouped(cases[i], &g) != 0)
			fail_msg("case %zu was read straight", i);
		assert_null(g.keys);
		assert_null(g.values);
	}
}

static void
test_run_folder_and_fifo(void **state)
{
	struct eb_results_grouped g;
	char *path = tu_temp_file("results.csv", PLAIN), *meta, *fifo;
	FILE *fp;

	(void)state;
	assert_int_equal(eb_results_read_grouped(path, &g), 1);
	eb_results_grouped_free(&g);
	/* A meta.json beside it makes it a run's file, labelled from it. */
	meta = eb_xasprintf("%.*s/meta.json", (int)(strrchr(path, '/') - path), path);
	assert_non_null(fp = fopen(meta, "w"));
	fputs("{}\n", fp);
	fclose(fp);
	assert_int_equal(eb_results_read_grouped(path, &g), 0);
	unlink(meta);
	/* A map beside a .csv is a sheet's. */
	free(meta);
	meta = eb_xasprintf("%.*s.map.json", (int)(strlen(path) - 4), path);
	assert_non_null(fp = fopen(meta, "w"));
	fclose(fp);
	assert_int_equal(eb_results_read_grouped(path, &g), 0);
	unlink(meta);
	free(meta);
	/* A FIFO is never opened. */
	fifo = eb_xasprintf("%.*s/fifo", (int)(strrchr(path, '/') - path), path);
	assert_int_equal(mkfifo(fifo, 0600), 0);
	assert_int_equal(eb_results_read_grouped(fifo, &g), 0);
	unlink(fifo);
	free(fifo);
	tu_drop(path);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_plain_file),
		cmocka_unit_test(test_known_labels),
		cmocka_unit_test(test_shares_end_anywhere),
		cmocka_unit_test(test_left_to_the_general_reading),
		cmocka_unit_test(test_run_folder_and_fifo),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
