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
		cmocka_unit_test(test_left_to_the_general_reading),
		cmocka_unit_test(test_run_folder_and_fifo),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
