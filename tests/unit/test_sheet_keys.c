/* test_sheet_keys.c - what a sheet's key columns, Test cells, units rows,
 * Run cells and repeated tables say against each other (audit 11: I1, I2,
 * I7, I8, I10). */
#include "testutil.h"

#define SAY_ONCE "; say it once, or the same in both"

static void
refused_at(const char *text, long line, long col, const char *msg, int at)
{
	struct tu_run r;

	tu_ingest_opts(&r, "in.csv", text, "sheet", NULL, NULL);
	if (r.st != EB_ERR_DATA || r.err.loc.line != line || r.err.loc.col != col ||
	    strcmp(r.err.msg, msg) != 0)
		fail_msg("line %d: %s\ngot %d at %ld:%ld: %s\nwant %ld:%ld: %s", at, text,
		    r.st, r.err.loc.line, r.err.loc.col, r.err.msg, line, col, msg);
	assert_int_equal(r.t->n, 0);
	tu_free(&r);
}
#define refused(text, line, col, msg) refused_at((text), (line), (col), (msg), __LINE__)

/* Reads text, which must give one record, into r. */
static void
one(struct tu_run *r, const char *text)
{
	tu_ingest_opts(r, "in.csv", text, "sheet", NULL, NULL);
	if (r->st != EB_OK || r->t->n != 1)
		fail_msg("%s\ngot %d, %zu records: %s", text, r->st, r->t->n, r->err.msg);
}

/* Two key columns of a row that say different things: the later column
 * won in silence (I1). */
static void
test_key_columns_disagree(void **state)
{
	(void)state;
	refused("Mode,Op,Test,Throughput (MB/s)\nNone,read,DD Write,500\n", 2, 3,
	    "'DD Write' in column C ('Test') says the direction is write, but column B "
	    "('Op') of its row says read" SAY_ONCE);
	refused("Mode,Test,Op,Throughput (MB/s)\nNone,DD Write,read,500\n", 2, 3,
	    "'read' in column C ('Op') says the direction is read, but column B ('Test') "
	    "of its row says write" SAY_ONCE);
	refused("Mode,Test,Block size,IOPS\nNone,FIO Rand Read 4k,64k,500\n", 2, 3,
	    "'64k' in column C ('Block size') says the block size is 65536 bytes, but "
	    "column B ('Test') of its row says 4096" SAY_ONCE);
	refused("Mode,Test,Workload,IOPS\nNone,FIO Rand Read 4k,seq,500\n", 2, 3,
	    "'seq' in column C ('Workload') says the workload is seq, but column B "
	    "('Test') of its row says rand" SAY_ONCE);
	refused("Mode,Test,Unit,Value\nNone,DD Write (GB/s),MB/s,500\n", 2, 3,
	    "'MB/s' in column C ('Unit') gives another unit than column B ('Test') of "
	    "its row" SAY_ONCE);
	/* A merged Op cell carried down still speaks for its rows. */
	refused("Mode,Op,Test,Throughput (MB/s)\nNone,write,DD Write,500\n,,DD Read,600\n",
	    3, 3, "'DD Read' in column C ('Test') says the direction is read, but column B "
	    "('Op') of its row says write" SAY_ONCE);
	/* The same with the Test column last. */
	refused("Mode,Block size,Test,IOPS\nNone,64k,FIO Rand Read 4k,500\n", 2, 3,
	    "'FIO Rand Read 4k' in column C ('Test') says the block size is 4096 bytes, but "
	    "column B ('Block size') of its row says 65536" SAY_ONCE);
	refused("Mode,Unit,Test,Value\nNone,MB/s,DD Write (GB/s),500\n", 2, 3,
	    "'DD Write (GB/s)' in column C ('Test') gives another unit than column B "
	    "('Unit') of its row" SAY_ONCE);
}

/* Key columns that agree, or say what the other does not, are read. */
static void
test_key_columns_agree(void **state)
{
	struct tu_run r;

	(void)state;
	one(&r, "Mode,Op,Test,Throughput (MB/s)\nNone,write,DD Write,500\n");
	assert_string_equal(TU_F(r, 0, OP), "write");
	assert_string_equal(TU_F(r, 0, TOOL), "dd");
	tu_assert_close(r.t->rows[0].value, 500e6);
	tu_free(&r);
	one(&r, "Mode,Test,Block size,IOPS\nNone,FIO Rand Read,64k,500\n");
	assert_int_equal(r.t->rows[0].block_size, 65536);
	assert_string_equal(TU_F(r, 0, WORKLOAD), "rand");
	tu_free(&r);
	one(&r, "Mode,Test,Block size,IOPS\nNone,FIO Rand Read 4k,4 KiB,500\n");
	assert_int_equal(r.t->rows[0].block_size, 4096);
	tu_free(&r);
	/* A unit in the Test cell fills a header that names none. */
	one(&r, "Mode,Test,Unit,Value\nNone,DD Write (GB/s),GB/s,2.5\n");
	tu_assert_close(r.t->rows[0].value, 2.5e9);
	assert_string_equal(TU_F(r, 0, METRIC), "bw");
	tu_free(&r);
	/* "randrw" and a name encbench does not know are no contradiction. */
	one(&r, "Mode,Test,Throughput (MB/s)\nNone,iozone,500\n");
	assert_string_equal(TU_F(r, 0, TOOL), "iozone");
	tu_free(&r);
}

/* A Test cell is read by the header's grammar: the words a header is
 * refused for are refused in a Test cell, with the same reason, and what
 * the cell names must agree with its measurement's header (I2). */
static void
test_test_cells(void **state)
{
	static const char *const same[][2] = {
		{ "FIO Rand Read 4k 64k", "names two block sizes, 4k and 64k; name one, or "
		    "the block size in a --map file" },
		{ "DD Read (cold)", "says '(cold)', which encbench does not read and which may "
		    "change what its numbers are; leave it out of the header, or describe the "
		    "column in a --map file" },
		{ "DD Write (MB/s \xc3\xb7 10)", "scales its numbers ('\xc3\xb7 10', a "
		    "multiplier), which encbench does not apply; write the unit with its prefix "
		    "(kIOPS, GB/s) in the header or the cells, or the unit in a --map file" },
		{ "FIO Rand Read IOPS (MB/s)", "names two units; name one, or the unit in a "
		    "--map file" },
		{ "FIO Rand Read 4k p999 Lat (ms)", "names a percentile (or median) other "
		    "than the 99th, for which encbench keeps no metric (lat_mean, lat_min, "
		    "lat_max, lat_p99); leave it out or give it the role \"ignore\" in a --map "
		    "file" },
	};

	(void)state;
	for (size_t i = 0; i < sizeof same / sizeof same[0]; i++) {
		char text[160], msg[512];

		snprintf(text, sizeof text, "Mode,Test,Value\nNone,%s,500\n", same[i][0]);
		snprintf(msg, sizeof msg, "'%s' in column B ('Test') %s", same[i][0], same[i][1]);
		refused(text, 2, 2, msg);
		snprintf(text, sizeof text, "Mode,%s\nNone,500\n", same[i][0]);
		snprintf(msg, sizeof msg, "column B ('%s') %s", same[i][0], same[i][1]);
		refused(text, 1, 2, msg);
	}
	refused("Mode,Test,Throughput (MB/s)\nNone,FIO Rand Read 4k IOPS,500\n", 2, 3,
	    "'500' in column C ('Throughput (MB/s)'): its header gives another unit than "
	    "column B ('Test') of its row" SAY_ONCE);
	refused("Mode,Test,Throughput (MB/s)\nNone,DD Write (GB/s),500\n", 2, 3,
	    "'500' in column C ('Throughput (MB/s)'): its header gives another unit than "
	    "column B ('Test') of its row" SAY_ONCE);
	refused("Mode,Test,IOPS\nNone,DD Write (MB/s),500\n", 2, 3,
	    "'500' in column C ('IOPS'): its header gives another unit than column B "
	    "('Test') of its row" SAY_ONCE);
	refused("Mode,Test,Throughput (MB/s)\nNone,DD Write \xce\x94,500\n", 2, 2,
	    "'DD Write \xce\x94' in column B ('Test') names a figure computed from others "
	    "(an overhead, ratio or spread), not a test; encbench computes these itself");
	refused("Mode,Test,Throughput (MB/s)\nNone,DD Write aes-256-gcm,500\n", 2, 2,
	    "'DD Write aes-256-gcm' in column B ('Test') names the mode aes-256-gcm, which "
	    "its row's mode cell may not be; write the mode in the mode column only");
}

/* A Test cell's unit that agrees with the header is read. */
static void
test_test_cell_agrees(void **state)
{
	struct tu_run r;

	(void)state;
	one(&r, "Mode,Test,Throughput (MB/s)\nNone,DD Write (MB/s),500\n");
	tu_assert_close(r.t->rows[0].value, 500e6);
	tu_free(&r);
	one(&r, "Mode,Test,Lat (ms)\nNone,FIO Rand Read 4k p99,5\n");
	assert_string_equal(TU_F(r, 0, METRIC), "lat_p99");
	tu_assert_close(r.t->rows[0].value, 5e6);
	tu_free(&r);
}

/* A units row or Unit column that contradicts the header's unit replaced
 * it in silence, even by another metric's (I7). */
static void
test_units_row(void **state)
{
	struct tu_run r;

	(void)state;
	refused("Mode,FIO Rand Read 4k (IOPS)\n,MB/s\nNone,250\n", 2, 2,
	    "'MB/s' in the units row, under column B ('FIO Rand Read 4k (IOPS)'), is another "
	    "unit than the one its header names; give the unit once, in the header or the "
	    "units row, or the same in both");
	refused("Mode,DD Write (MB/s)\n,GB/s\nNone,5\n", 2, 2,
	    "'GB/s' in the units row, under column B ('DD Write (MB/s)'), is another unit "
	    "than the one its header names; give the unit once, in the header or the units "
	    "row, or the same in both");
	refused("Mode,DD Read (MB/s),DD Write (MB/s)\n,MB/s,MiB/s\nNone,5,6\n", 2, 3,
	    "'MiB/s' in the units row, under column C ('DD Write (MB/s)'), is another unit "
	    "than the one its header names; give the unit once, in the header or the units "
	    "row, or the same in both");
	/* A group row's unit over runs is the header's. */
	refused(",DD Write (MB/s),\nMode,Run 1,Run 2\n,GB/s,GB/s\nNone,5,6\n", 3, 2,
	    "'GB/s' in the units row, under column B ('Run 1'), is another unit than the "
	    "one its group row names; give the unit once, in the header or the units row, "
	    "or the same in both");
	refused("Mode,Unit,FIO Rand Read 4k (IOPS)\nNone,MB/s,500\n", 2, 3,
	    "'500' in column C ('FIO Rand Read 4k (IOPS)'): its header gives another unit "
	    "than column B ('Unit') of its row" SAY_ONCE);
	refused("Mode,Unit,FIO Rand Read 4k (MB/s)\nNone,GB/s,500\n", 2, 3,
	    "'500' in column C ('FIO Rand Read 4k (MB/s)'): its header gives another unit "
	    "than column B ('Unit') of its row" SAY_ONCE);
	/* A units row that agrees, or fills a header without a unit. */
	one(&r, "Mode,DD Write (MB/s)\n,MB/s\nNone,5\n");
	tu_assert_close(r.t->rows[0].value, 5e6);
	tu_free(&r);
	one(&r, "Mode,DD Write\n,GB/s\nNone,5\n");
	tu_assert_close(r.t->rows[0].value, 5e9);
	tu_free(&r);
	one(&r, "Mode,Unit,FIO Rand Read 4k\nNone,IOPS,500\n");
	assert_string_equal(TU_F(r, 0, METRIC), "iops");
	tu_assert_close(r.t->rows[0].value, 500);
	tu_free(&r);
	one(&r, "Mode,Unit,DD Write (MB/s)\nNone,MB/s,500\n");
	tu_assert_close(r.t->rows[0].value, 500e6);
	tu_free(&r);
}

/* A Run cell that is no run number was counted as one more repetition
 * (I8): words of a warm-up or a discarded run skip the row with a note,
 * anything else is an error. */
static void
test_run_cells(void **state)
{
	static const char *const skipped[] = {
		"warm-up", "Warmup", "warm up", "WARM-UP", "discard", "Discarded",
	};
	static const char *const refused_cells[] = {
		"0", "cold", "cached", "2nd", "Run 0", "first", "warm-up 2", "-2", "+2",
		"\xe2\x88\x92" "2",
	};
	struct tu_run r;

	(void)state;
	for (size_t i = 0; i < sizeof skipped / sizeof skipped[0]; i++) {
		char text[160], said[160];

		snprintf(text, sizeof text, "Mode,Run,DD Write (MB/s)\nNone,%s,900\nNone,1,500\n"
		    "None,2,510\n", skipped[i]);
		tu_ingest_opts(&r, "in.csv", text, "sheet", NULL, NULL);
		assert_int_equal(r.st, EB_OK);
		assert_int_equal(r.t->n, 2);
		assert_int_equal(r.t->rows[0].rep, 1);
		tu_assert_close(r.t->rows[0].value, 500e6);
		assert_int_equal(r.t->rows[1].rep, 2);
		tu_assert_close(r.t->rows[1].value, 510e6);
		snprintf(said, sizeof said, "note: 2: '%s' in column B ('Run') says the row is "
		    "a warm-up or discarded run, not a repetition; skipped\n", skipped[i]);
		assert_non_null(strstr(eb_buf_cstr(&r.diag), said));
		assert_int_equal(r.nwarnings, 0);
		tu_free(&r);
	}
	for (size_t i = 0; i < sizeof refused_cells / sizeof refused_cells[0]; i++) {
		char text[160], msg[256];

		snprintf(text, sizeof text, "Mode,Run,DD Write (MB/s)\nNone,1,500\nNone,%s,900\n",
		    refused_cells[i]);
		snprintf(msg, sizeof msg, "'%s' in column B ('Run') is not a run number (1, 2, "
		    "...); number the row's run, or leave out a run that is not one of the "
		    "repetitions", refused_cells[i]);
		refused(text, 3, 2, msg);
	}
}

#define AGAIN_TAIL "and nothing encbench reads tells them apart, so their rows would be " \
	"repetitions of one test; split the sheet, or give the tables a Release, Config or " \
	"Run column"

/* Two tables whose rows give one test, under titles encbench does not
 * read or with none, were pooled as repetitions of it (I10). */
static void
test_tables_pooled(void **state)
{
	struct tu_run r;

	(void)state;
	refused("Fast disk\nMode,DD Write (MB/s)\nNone,500\nAES-256-GCM,400\n\nSlow disk\n"
	    "Mode,DD Write (MB/s)\nNone,900\nAES-256-GCM,300\n", 7, 1,
	    "the table under 'Slow disk' (line 6) and the table under 'Fast disk' (line 1) "
	    "both give aes-256-gcm dd write bw, " AGAIN_TAIL);
	refused("Mode,DD Write (MB/s)\nNone,500\nAES-256-GCM,400\n\nMode,DD Write (MB/s)\n"
	    "None,900\nAES-256-GCM,300\n", 5, 1,
	    "the table of this header and the table of line 1 both give aes-256-gcm dd "
	    "write bw, " AGAIN_TAIL);
	/* Another order of columns, another spelling of the header, a third
	 * table: the records are what is compared. */
	refused("Mode,DD Write (MB/s),DD Read (MB/s)\nNone,500,600\n\n"
	    "Mode,DD Read (MB/s),DD Write (MB/s)\nNone,650,550\n", 4, 1,
	    "the table of this header and the table of line 1 both give none dd read bw, "
	    AGAIN_TAIL);
	refused("Mode,DD Write (MB/s)\nNone,500\n\nMode,DD Read (MB/s)\nNone,600\n\n"
	    "Setup B\nmode, Write (MB/s), Tool\nNone,900,dd\n", 8, 1,
	    "the table of this header and the table of line 1 both give none dd write bw, "
	    AGAIN_TAIL);
	/* Release titles tell them apart. */
	tu_ingest_opts(&r, "in.csv", "Ubuntu 24.04\nMode,DD Write (MB/s)\nNone,500\n\n"
	    "Ubuntu 22.04\nMode,DD Write (MB/s)\nNone,600\n", "sheet", NULL, NULL);
	assert_int_equal(r.st, EB_OK);
	assert_int_equal(r.t->n, 2);
	assert_string_equal(TU_F(r, 0, RELEASE), "24.04");
	assert_string_equal(TU_F(r, 1, RELEASE), "22.04");
	tu_free(&r);
	/* So does a Run column, and so do other tests or modes. */
	tu_ingest_opts(&r, "in.csv", "Mode,Run,DD Write (MB/s)\nNone,1,500\n\n"
	    "Mode,Run,DD Write (MB/s)\nNone,2,600\n", "sheet", NULL, NULL);
	assert_int_equal(r.st, EB_OK);
	assert_int_equal(r.t->n, 2);
	assert_int_equal(r.t->rows[1].rep, 2);
	tu_free(&r);
	tu_ingest_opts(&r, "in.csv", "Mode,DD Write (MB/s)\nNone,500\n\nMode,DD Read (MB/s)\n"
	    "None,600\n\nMode,DD Write (MB/s)\nAES-256-GCM,400\n", "sheet", NULL, NULL);
	assert_int_equal(r.st, EB_OK);
	assert_int_equal(r.t->n, 3);
	tu_free(&r);
	/* Rows of one table are its repetitions, as before. */
	tu_ingest_opts(&r, "in.csv", "Mode,DD Write (MB/s)\nNone,500\nNone,510\n", "sheet",
	    NULL, NULL);
	assert_int_equal(r.st, EB_OK);
	assert_int_equal(r.t->n, 2);
	tu_free(&r);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_key_columns_disagree),
		cmocka_unit_test(test_key_columns_agree),
		cmocka_unit_test(test_test_cells),
		cmocka_unit_test(test_test_cell_agrees),
		cmocka_unit_test(test_units_row),
		cmocka_unit_test(test_run_cells),
		cmocka_unit_test(test_tables_pooled),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
