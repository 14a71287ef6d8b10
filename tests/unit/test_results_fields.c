/* test_results_fields.c - results.csv fields encbench never writes are
 * located errors: a value of 0 of a metric no run measures as 0 (E23; CPU
 * use can be 0), a block size of 0 and a mode in a spelling other than
 * encbench's (audit 9's G24, G11), an op encbench does not write (G24). */
#include "testutil.h"
#include "tempfile.h"
#include "../../ingest/results.h"

#define HEADER "release,host,config,mode,tool,job,workload,op,block_size,metric,unit,rep,value,source\n"
#define ROW1 "24.04,h,default,none,fio,j,seq,read,4096,bw,B/s,1,100.5,a:1\n"

static void
test_zero_is_no_measurement(void **state)
{
	static const struct {
		const char *metric, *unit, *value;
	} zero[] = {
		{ "bw", "B/s", "0" },
		{ "bw", "B/s", "0.0" },
		{ "bw", "B/s", "0e5" },
		{ "bw", "B/s", "0.000E-3" },
		{ "bw", "B/s", "00" },
		{ "iops", "1/s", "0" },
		{ "ops", "1/s", "0.0" },
		{ "lat_mean", "ns", "0" },
		{ "lat_p99", "ns", "0e0" },
	};
	char text[512], want[200];
	struct tu_run r;

	(void)state;
	for (size_t i = 0; i < sizeof zero / sizeof zero[0]; i++) {
		snprintf(text, sizeof text, HEADER ROW1
		    "24.04,h,default,none,fio,j,seq,read,4096,%s,%s,2,%s,a:2\n",
		    zero[i].metric, zero[i].unit, zero[i].value);
		tu_ingest_text(&r, text, "results");
		assert_int_equal(r.st, EB_ERR_DATA);
		assert_int_equal(r.err.loc.line, 3);
		assert_int_equal(r.err.loc.col, 13);
		snprintf(want, sizeof want, "value '%s' of %s is 0, which no run of a test "
		    "measures; a run that did not happen has no row", zero[i].value, zero[i].metric);
		assert_string_equal(r.err.msg, want);
		tu_free(&r);
	}
	/* -0 was refused before as a negative number, and still is. */
	tu_ingest_text(&r, HEADER ROW1 "24.04,h,default,none,fio,j,seq,read,4096,bw,B/s,2,-0,a:2\n",
	    "results");
	assert_int_equal(r.st, EB_ERR_DATA);
	assert_string_equal(r.err.msg, "value is not a finite number >= 0: '-0'");
	tu_free(&r);
}

static void
test_cpu_may_be_zero(void **state)
{
	struct tu_run r;

	(void)state;
	tu_ingest_text(&r, HEADER ROW1
	    "24.04,h,default,none,fio,j,seq,read,4096,cpu,%,1,0,a:2\n"
	    "24.04,h,default,none,fio,j,seq,read,4096,cpu_sys,%,1,0.0,a:3\n", "results");
	assert_int_equal(r.st, EB_OK);
	assert_int_equal(r.t->n, 3);
	assert_true(r.t->rows[1].value == 0 && r.t->rows[2].value == 0);
	tu_free(&r);
}

/* The straight reading into groups leaves a 0 to the general reading,
 * which refuses it. */
static void
test_grouped_reading_leaves_zero(void **state)
{
	struct eb_results_grouped g;
	char *path = tu_temp_file("results.csv",
	    HEADER ROW1 "24.04,h,default,none,fio,j,seq,read,4096,bw,B/s,2,0,a:2\n");

	(void)state;
	assert_int_equal(eb_results_read_grouped(path, &g), 0);
	tu_drop(path);
}

/* Audit 9, G24: an op encbench does not write is an edit of unknown
 * meaning, not a test of its own; the grouped reading hands it over. */
static void
test_unknown_op(void **state)
{
	static const char *const ops[] = { "wrote", "Write", "writes", "reads" };

	(void)state;
	for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++) {
		struct eb_results_grouped g;
		struct tu_run r;
		char text[512], msg[256], *path;

		snprintf(text, sizeof text, HEADER ROW1 "24.04,h,default,none,fio,j,seq,%s,4096,bw,"
		    "B/s,2,99,a:2\n", ops[i]);
		snprintf(msg, sizeof msg, "op '%s' is none of the ops encbench writes: read, write, "
		    "rewrite, mixed, trim, seek, create, stat, delete, rw, randrw, readwrite", ops[i]);
		tu_ingest_text(&r, text, "results");
		assert_int_equal(r.st, EB_ERR_DATA);
		assert_int_equal(r.err.loc.line, 3);
		assert_int_equal(r.err.loc.col, 8);
		assert_string_equal(r.err.msg, msg);
		tu_free(&r);
		path = tu_temp_file("results.csv", text);
		assert_int_equal(eb_results_read_grouped(path, &g), 0);
		tu_drop(path);
	}
}

static void
test_block_size_zero(void **state)
{
	struct tu_run r;

	(void)state;
	tu_ingest_text(&r, HEADER ROW1 "24.04,h,default,none,fio,j,seq,read,00,bw,B/s,2,99,a:2\n",
	    "results");
	assert_int_equal(r.st, EB_ERR_DATA);
	assert_int_equal(r.err.loc.line, 3);
	assert_int_equal(r.err.loc.col, 9);
	assert_string_equal(r.err.msg,
	    "block_size 0 is no block size (an unknown one is left empty): '00'");
	tu_free(&r);
}

static void
test_labels_in_another_spelling(void **state)
{
	static const struct {
		const char *config, *mode;
		long col;
		const char *msg;
	} bad[] = {
		{ "default", "None", 4, "mode 'None' is spelled 'none' in encbench's records; "
		  "write it so, since another spelling is another label" },
		{ "default", "AES-256-GCM", 4, "mode 'AES-256-GCM' is spelled 'aes-256-gcm' in "
		  "encbench's records; write it so, since another spelling is another label" },
	};
	char text[512];
	struct tu_run r;

	(void)state;
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		snprintf(text, sizeof text, HEADER ROW1
		    "24.04,h,%s,%s,fio,j,seq,read,4096,bw,B/s,2,99,a:2\n", bad[i].config, bad[i].mode);
		tu_ingest_text(&r, text, "results");
		assert_int_equal(r.st, EB_ERR_DATA);
		assert_int_equal(r.err.loc.line, 3);
		assert_int_equal(r.err.loc.col, bad[i].col);
		assert_string_equal(r.err.msg, bad[i].msg);
		tu_free(&r);
	}
	/* Another name of a mode is a label of its own, as before. */
	tu_ingest_text(&r, HEADER ROW1 "24.04,h,default,luks,fio,j,seq,read,4096,bw,B/s,2,99,a:2\n",
	    "results");
	assert_int_equal(r.st, EB_OK);
	assert_string_equal(r.t->rows[1].f[EB_F_MODE], "luks");
	tu_free(&r);
	/* A mode encbench does not know is kept as written. */
	tu_ingest_text(&r, HEADER ROW1 "24.04,h,default,My Mode,fio,j,seq,read,4096,bw,B/s,2,99,a:2\n",
	    "results");
	assert_int_equal(r.st, EB_OK);
	assert_string_equal(r.t->rows[1].f[EB_F_MODE], "My Mode");
	tu_free(&r);
}

/* A tool or workload in another case, or a word readers take for it, is
 * an edit that would make a test of its own (audit 19). */
static void
test_tool_workload_in_another_spelling(void **state)
{
	static const struct {
		const char *tool, *workload;
		long col;
		const char *msg;
	} bad[] = {
		{ "Fio", "seq", 5, "tool 'Fio' is spelled 'fio' in encbench's records; write it so, "
		  "since another spelling is another label" },
		{ "bonnie++", "block", 5, "tool 'bonnie++' is spelled 'bonnie' in encbench's records; "
		  "write it so, since another spelling is another label" },
		{ "fio", "Seq", 7, "workload 'Seq' is spelled 'seq' in encbench's records; write it "
		  "so, since another spelling is another label" },
		{ "fio", "sequential", 7, "workload 'sequential' is spelled 'seq' in encbench's "
		  "records; write it so, since another spelling is another label" },
	};
	char text[512];
	struct tu_run r;

	(void)state;
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		snprintf(text, sizeof text, HEADER ROW1
		    "24.04,h,default,none,%s,j,%s,read,4096,bw,B/s,2,99,a:2\n", bad[i].tool,
		    bad[i].workload);
		tu_ingest_text(&r, text, "results");
		assert_int_equal(r.st, EB_ERR_DATA);
		assert_int_equal(r.err.loc.line, 3);
		assert_int_equal(r.err.loc.col, bad[i].col);
		assert_string_equal(r.err.msg, bad[i].msg);
		tu_free(&r);
	}
	/* A tool encbench does not know is a label of its own. */
	tu_ingest_text(&r, HEADER ROW1 "24.04,h,default,none,iozone,j,seq,read,4096,bw,B/s,2,99,a:2\n",
	    "results");
	assert_int_equal(r.st, EB_OK);
	assert_string_equal(r.t->rows[1].f[EB_F_TOOL], "iozone");
	tu_free(&r);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_zero_is_no_measurement),
		cmocka_unit_test(test_cpu_may_be_zero),
		cmocka_unit_test(test_grouped_reading_leaves_zero),
		cmocka_unit_test(test_block_size_zero),
		cmocka_unit_test(test_unknown_op),
		cmocka_unit_test(test_labels_in_another_spelling),
		cmocka_unit_test(test_tool_workload_in_another_spelling),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
