/* test_sheet_hostile.c - sheets written to fool the importer: headers that
 * scale their numbers, two block sizes, spread and target columns,
 * difference rows and marked mode cells (outside audit 8: F1-F3, E11, E20). */
#include "testutil.h"

#define SCALE_TAIL "), which encbench does not apply; write the unit with its prefix " \
	"(kIOPS, GB/s) in the header or the cells, or the unit in a --map file"

static void
sheet(struct tu_run *r, const char *text)
{
	tu_ingest_opts(r, "in.csv", text, "sheet", NULL, NULL);
}

static void
refused_at(const char *text, long line, long col, const char *msg, int at)
{
	struct tu_run r;

	sheet(&r, text);
	if (r.st != EB_ERR_DATA || r.err.loc.line != line || r.err.loc.col != col ||
	    strcmp(r.err.msg, msg) != 0)
		fail_msg("line %d: %s\ngot %d at %ld:%ld: %s\nwant %ld:%ld: %s", at, text,
		    r.st, r.err.loc.line, r.err.loc.col, r.err.msg, line, col, msg);
	assert_int_equal(r.err.code, EB_ERR_DATA);
	tu_free(&r);
}
#define refused(text, line, col, msg) refused_at((text), (line), (col), (msg), __LINE__)

/* Any bare multiplier where one can stand is a scale, whatever its
 * spelling or language: E10's list let all of these through (F1), and a
 * "(10k)" after the unit became block size 10240 (F2). */
static void
test_scale_grammar(void **state)
{
	static const char *const scaled[][3] = {
		{ "FIO Rand Read 4k IOPS (M)", "M", "a scale word" },
		{ "IOPS (mio)", "mio", "a scale word" }, { "IOPS (Mio.)", "Mio", "a scale word" },
		{ "IOPS (1e3)", "1e3", "a power of ten" }, { "IOPS (E3)", "E3", "a power of ten" },
		{ "IOPS (1E+03)", "1E+03", "a power of ten" }, { "IOPS (10^6)", "10^6", "a power of ten" },
		{ "IOPS (Tausend)", "Tausend", "a scale word" }, { "IOPS (tsd.)", "tsd", "a scale word" },
		{ "IOPS (in Tausend)", "Tausend", "a scale word" },
		{ "IOPS (milliers)", "milliers", "a scale word" },
		{ "IOPS (en milliers)", "milliers", "a scale word" },
		{ "IOPS (miles)", "miles", "a scale word" },
		{ "IOPS / k", "/ k", "a multiplier" }, { "IOPS in 1000", "in 1000", "a scale word" },
		{ "DD Write (MB/s \xc3\xb7 10)", "\xc3\xb7 10", "a multiplier" },
		{ "DD Write (MB/s)*10", "*10", "a multiplier" },
		{ "DD Write (MiB/s) /2", "/2", "a multiplier" },
		{ "DD Write [MB/s*10]", "*10", "a multiplier" },
		{ "DD Write (hundreds of MB/s)", "hundreds", "a scale word" },
		{ "FIO Rand Read 4k IOPS (10k)", "10k", "a multiplier" },
		{ "Rand Read (10k IOPS)", "10k", "a multiplier" },
		{ "DD Write (10x MB/s)", "10x", "a multiplier" },
		{ "IOPS x 1000", "x 1000", "a multiplier" },
		{ "IOPS (10 000)", "10", "a power of ten" },
		{ "Bandwidth (GB/s) 1e-3", "1e-3", "a power of ten" },
		{ "IOPS (M IOPS)", "M", "a scale word" }, { "Read IOPS k", "k", "a scale word" },
		{ "IOPS ('000)", "000", "a power of ten" }, { "Write (0.1 GB/s)", "0.1", "a multiplier" },
		{ "IOPS (\xc3\x97" "10^3)", "\xc3\x97" "10^3", "a multiplier" },
		{ "IOPS [K]", "K", "a scale word" }, { "IOPS (kilo)", "kilo", "a scale word" },
		{ "IOPS (tens of thousands)", "thousands", "a scale word" },
		{ "Write (100 MB/s units)", "100", "a power of ten" },
	};

	(void)state;
	for (size_t i = 0; i < sizeof scaled / sizeof scaled[0]; i++) {
		char text[128], msg[400];

		snprintf(text, sizeof text, "Mode,%s\nNone,4\n", scaled[i][0]);
		snprintf(msg, sizeof msg, "column B ('%s') scales its numbers ('%s', %s" SCALE_TAIL,
		    scaled[i][0], scaled[i][1], scaled[i][2]);
		refused(text, 1, 2, msg);
	}
}

/* Numbers that scale nothing: block sizes before the unit, threads,
 * runs, a prefixed unit. */
static void
test_scale_not(void **state)
{
	static const struct {
		const char *head;
		int64_t bs;
		const char *metric;
		double value;
		int rep;
	} plain[] = {
		{ "Rand Read 4k (IOPS)", 4096, "iops", 4, 1 },
		{ "FIO Rand Read IOPS 4k", 4096, "iops", 4, 1 },
		{ "Rand Read (4k) (IOPS)", 4096, "iops", 4, 1 },
		{ "Rand Read 4k 4k (IOPS)", 4096, "iops", 4, 1 },
		{ "Seq Write 1M (MB/s)", 1048576, "bw", 4e6, 1 },
		{ "Write T8 (MB/s)", 0, "bw", 4e6, 1 },
		{ "Write 10 (MB/s)", 0, "bw", 4e6, 1 },
		{ "Read (kIOPS)", 0, "iops", 4000, 1 },
		{ "Rand Write 4k QD32 T1 (IOPS)", 4096, "iops", 4, 1 },
	};
	struct tu_run r;

	(void)state;
	for (size_t i = 0; i < sizeof plain / sizeof plain[0]; i++) {
		char text[128];

		snprintf(text, sizeof text, "Mode,%s\nNone,4\n", plain[i].head);
		sheet(&r, text);
		if (r.st != EB_OK)
			fail_msg("%s: %s", plain[i].head, r.err.msg);
		assert_int_equal(r.t->n, 1);
		assert_int_equal(r.t->rows[0].block_size, plain[i].bs);
		assert_string_equal(TU_F(r, 0, METRIC), plain[i].metric);
		assert_true(r.t->rows[0].value == plain[i].value);
		assert_int_equal(r.t->rows[0].rep, plain[i].rep);
		tu_free(&r);
	}
}

/* Words outside brackets that the header reader does not know say how a
 * run was made ("cold", "O_DIRECT") or what the figure sums up ("best of
 * 3", "total"): dropped, such columns pooled with plain ones (outside
 * audits G14, H8). An error that names them, as written. */
static void
test_unread_words(void **state)
{
	static const char *const unread[][2] = {
		{ "DD Read cold (MB/s)", "cold" }, { "DD Read cached (MB/s)", "cached" },
		{ "DD Read hot (MB/s)", "hot" }, { "DD Write warm (MB/s)", "warm" },
		{ "DD Write sync (MB/s)", "sync" }, { "DD Write O_DIRECT (MB/s)", "O_DIRECT" },
		{ "DD Write direct (MB/s)", "direct" }, { "DD Write buffered (MB/s)", "buffered" },
		{ "DD Write fsync (MB/s)", "fsync" }, { "DD Write nocache (MB/s)", "nocache" },
		{ "DD Write conv=fdatasync (MB/s)", "conv=fdatasync" },
		{ "FIO Write 4k QD1 unsynced (MB/s)", "unsynced" },
		{ "DD Write failed (MB/s)", "failed" }, { "DD Write discard (MB/s)", "discard" },
		{ "DD Write retest (MB/s)", "retest" }, { "DD Write (MB/s) outlier", "outlier" },
		{ "DD Write prelim (MB/s)", "prelim" }, { "DD Write DNF (MB/s)", "DNF" },
		{ "DD Write 2nd (MB/s)", "2nd" }, { "DD Write - old kernel (MB/s)", "old" },
		{ "DD Write (MB/s) *", "*" }, { "DD Write ~ (MB/s)", "~" },
		{ "DD Write \xe2\x9c\x97 (MB/s)", "\xe2\x9c\x97" },
		{ "DD Write \xe2\x80\xa0 (MB/s)", "\xe2\x80\xa0" },
		{ "DD Write best of 3 (MB/s)", "best of 3" }, { "DD Write avg of 5 (MB/s)", "avg of 5" },
		{ "DD Write (MB/s) mean of 3", "mean of 3" }, { "DD Write best (MB/s)", "best" },
		{ "DD Write worst (MB/s)", "worst" }, { "DD Write total (MB/s)", "total" },
		{ "DD Write sum (MB/s)", "sum" }, { "DD Write aggregate (MB/s)", "aggregate" },
		{ "DD Write jitter (MB/s)", "jitter" }, { "DD Write per thread (MB/s)", "per thread" },
		{ "DD Write per core (MB/s)", "per core" }, { "DD Write retry (MB/s)", "retry" },
		{ "DD Write corrected (MB/s)", "corrected" }, { "DD Write approx (MB/s)", "approx" },
		/* Two loads, of which one would win. */
		{ "FIO Read QD1 QD32 (MB/s)", "QD32" },
	};
	static const char *const cell_msg = "'DD Read cold' in column B ('Test') says 'cold', "
	    "which encbench does not read and which may change what its numbers are; leave "
	    "it out, or describe the rows in a --map file";
	struct tu_run r;

	(void)state;
	for (size_t i = 0; i < sizeof unread / sizeof unread[0]; i++) {
		char text[128], msg[400];

		snprintf(text, sizeof text, "Mode,%s\nNone,4\n", unread[i][0]);
		snprintf(msg, sizeof msg, "column B ('%s') says '%s', which encbench does not read "
		    "and which may change what its numbers are; leave it out of the header, or "
		    "describe the column in a --map file", unread[i][0], unread[i][1]);
		refused(text, 1, 2, msg);
	}
	refused("Mode,Test,Value (MB/s)\nNone,DD Read,4\nNone,DD Read cold,5\n", 3, 2, cell_msg);
	/* Words it reads stay read: a mode, configuration or release in the
	 * header, a run "1 of 3", a unit spelt out. */
	sheet(&r, "Mode,DD Write Run 1 of 3 (MB/s),DD Write Ubuntu 24.04 (MB/s)\nNone,4,5\n");
	assert_int_equal(r.st, EB_OK);
	assert_int_equal(r.t->n, 2);
	assert_int_equal(r.t->rows[0].rep, 1);
	assert_true(r.t->rows[1].value == 5e6);
	tu_free(&r);
	/* A variance is a spread (residue of outside audit E11): skipped. */
	sheet(&r, "Mode,DD Write (MB/s),DD Write var (MB/s)\nNone,4,1\n");
	assert_int_equal(r.st, EB_OK);
	assert_int_equal(r.t->n, 1);
	assert_string_equal(r.diag.data, "note: 1: column C ('DD Write var (MB/s)') is computed "
	    "from other columns (an overhead, ratio or spread); skipped, encbench computes "
	    "these itself\n");
	tu_free(&r);
}

/* The load a header names is the record's job, so that QD1 never pools
 * with QD32, nor with a sheet that names none (outside audit H8). */
static void
test_load_words(void **state)
{
	static const struct {
		const char *head, *job;
	} loads[] = {
		{ "FIO Rand Read 4k QD1 (MB/s)", "qd1" }, { "FIO Rand Read 4k QD32 (MB/s)", "qd32" },
		{ "FIO Read iodepth=32 (MB/s)", "qd32" }, { "FIO Read queue depth 8 (MB/s)", "qd8" },
		{ "FIO Rand Read 4k T8 (MB/s)", "t8" }, { "DD Write 1 thread (MB/s)", "t1" },
		{ "DD Write 8 threads (MB/s)", "t8" }, { "FIO Read numjobs=4 (MB/s)", "t4" },
		{ "FIO Read 32 jobs (MB/s)", "t32" }, { "SEQ1M Q8T1 Read (MB/s)", "qd8-t1" },
		{ "Rand Write 4k QD32 T1 (IOPS)", "qd32-t1" }, { "DD Write 4 files (MB/s)", "files4" },
		{ "FIO Rand Read (QD32) (IOPS)", "qd32" }, { "DD Write (MB/s)", "dd" },
	};
	struct tu_run r;

	(void)state;
	for (size_t i = 0; i < sizeof loads / sizeof loads[0]; i++) {
		char text[128];

		snprintf(text, sizeof text, "Mode,%s\nNone,4\n", loads[i].head);
		sheet(&r, text);
		if (r.st != EB_OK)
			fail_msg("%s: %s", loads[i].head, r.err.msg);
		assert_int_equal(r.t->n, 1);
		assert_string_equal(TU_F(r, 0, JOB), loads[i].job);
		tu_free(&r);
	}
	/* Two loads in one sheet are two tests, not one figure twice. */
	sheet(&r, "Mode,Write 4K QD1 (MB/s),Write 4K QD32 (MB/s)\nNone,100,300\n");
	assert_int_equal(r.st, EB_OK);
	assert_int_equal(r.t->n, 2);
	assert_string_equal(TU_F(r, 0, JOB), "qd1");
	assert_string_equal(TU_F(r, 1, JOB), "qd32");
	assert_true(r.t->rows[0].value == 1e8 && r.t->rows[1].value == 3e8);
	assert_int_equal(r.t->rows[0].rep, 1);
	assert_int_equal(r.t->rows[1].rep, 1);
	tu_free(&r);
}

/* Words in brackets that the header reader does not know may say what the
 * numbers are ("per thread"): an error naming them, never read past. */
static void
test_unread_brackets(void **state)
{
	static const char *const unread[][2] = {
		{ "DD Write (per thread) (MB/s)", "(per thread)" },
		{ "DD Write (compressed) (MB/s)", "(compressed)" },
		{ "DD Write (avg of 3) (MB/s)", "(avg of 3)" },
		{ "Rand Read (each job) (IOPS)", "(each job)" },
		/* Outside audit G14: how a run was made, in brackets too. */
		{ "DD Write (direct) (MB/s)", "(direct)" },
		{ "DD Write (MB/s) (?)", "(?)" }, { "DD Write (*) (MB/s)", "(*)" },
	};
	static const char *const read[] = {
		"FIO Rand Read (QD32) (IOPS)", "FIO Rand Read (numjobs=4) (IOPS)",
		"Rand Read (8 jobs) (IOPS)", "DD Write (4k) (MB/s)",
		"DD Write (no AES-NI) (MB/s)", "Write (MB/s) (Ubuntu 24.04)", "Write [ZFS] (MB/s)",
		"Write (bs=1M) (MB/s)",
	};
	struct tu_run r;

	(void)state;
	for (size_t i = 0; i < sizeof unread / sizeof unread[0]; i++) {
		char text[128], msg[400];

		snprintf(text, sizeof text, "Mode,%s\nNone,4\n", unread[i][0]);
		snprintf(msg, sizeof msg, "column B ('%s') says '%s', which encbench does not read "
		    "and which may change what its numbers are; leave it out of the header, or "
		    "describe the column in a --map file", unread[i][0], unread[i][1]);
		refused(text, 1, 2, msg);
	}
	for (size_t i = 0; i < sizeof read / sizeof read[0]; i++) {
		char text[128];

		snprintf(text, sizeof text, "Mode,%s\nNone,4\n", read[i]);
		sheet(&r, text);
		if (r.st != EB_OK)
			fail_msg("%s: %s", read[i], r.err.msg);
		assert_int_equal(r.t->n, 1);
		tu_free(&r);
	}
}

/* Two block sizes in one header kept the later one (F2). */
static void
test_two_block_sizes(void **state)
{
	(void)state;
	refused("Mode,FIO Rand Read 4k 64k (MB/s)\nNone,4\n", 1, 2, "column B ('FIO Rand "
	    "Read 4k 64k (MB/s)') names two block sizes, 4k and 64k; name one, or the block "
	    "size in a --map file");
	refused("Mode,DD Write (MB/s),Rand 4 KiB 8k (IOPS)\nNone,4,5\n", 1, 3, "column C "
	    "('Rand 4 KiB 8k (IOPS)') names two block sizes, 4kib and 8k; name one, or the "
	    "block size in a --map file");
}

/* Spread and target columns are no runs (E11): each was a bandwidth. */
static void
test_spread_columns(void **state)
{
	static const char *const spread[] = {
		"\xcf\x83", "\xc2\xb1", "\xce\x94", "\xe2\x88\x86", "range", "IQR", "sem", "s.d.",
		"stdev", "CV", "SD", "+/-", "S.E.M.", "stderr",
	};
	static const char *const target[] = {
		"theoretical", "expected", "target", "spec", "nominal", "datasheet",
	};
	struct tu_run r;

	(void)state;
	for (size_t i = 0; i < sizeof spread / sizeof spread[0] + sizeof target / sizeof target[0]; i++) {
		int is_spread = i < sizeof spread / sizeof spread[0];
		const char *w = is_spread ? spread[i] : target[i - sizeof spread / sizeof spread[0]];
		char text[128], note[320];

		snprintf(text, sizeof text, "Mode,DD Write (MB/s),DD Write %s (MB/s)\nNone,5,4\n", w);
		if (is_spread)
			snprintf(note, sizeof note, "note: 1: column C ('DD Write %s (MB/s)') is "
			    "computed from other columns (an overhead, ratio or spread); skipped, "
			    "encbench computes these itself\n", w);
		else
			snprintf(note, sizeof note, "note: 1: column C ('DD Write %s (MB/s)') is an "
			    "expected, target or theoretical figure, not a measurement; skipped\n", w);
		sheet(&r, text);
		if (r.st != EB_OK)
			fail_msg("%s: %s", w, r.err.msg);
		assert_int_equal(r.t->n, 1);
		assert_true(r.t->rows[0].value == 5e6);
		assert_string_equal(eb_buf_cstr(&r.diag), note);
		tu_free(&r);
	}
	/* A "\u00b1" run cell was run 3 at 7 MB/s (sheet-sigma-row.csv). */
	sheet(&r, "Mode,Run,DD Write (MB/s)\nNone,1,1000\nNone,2,1010\nNone,\xcf\x83,7\n"
	    "AES-256-GCM,1,800\nAES-256-GCM,2,810\nAES-256-GCM,\xc2\xb1,7\nAES-256-GCM,SD,7\n");
	assert_int_equal(r.st, EB_OK);
	assert_int_equal(r.t->n, 4);
	assert_true(r.t->rows[3].value == 810e6);
	assert_int_equal(r.t->rows[3].rep, 2);
	assert_string_equal(eb_buf_cstr(&r.diag), "note: 4: '\xcf\x83' summarises other rows; "
	    "skipped\nnote: 7: '\xc2\xb1' in column B ('Run') names a spread or difference of "
	    "runs, not a run; the row is skipped\nnote: 8: 'SD' summarises other rows; skipped\n");
	tu_free(&r);
}

/* Differences written with typographic dashes, a glued hyphen or a word
 * became modes with their ratios as bandwidth (F3). */
static void
test_difference_rows(void **state)
{
	static const char *const diff[] = {
		"GCM \xe2\x88\x92 none", "GCM \xe2\x80\x93 none", "GCM \xe2\x80\x94 none",
		"GCM-none", "GCM rel. none", "GCM x none", "AES-256-GCM-none", "LUKS\xe2\x88\x92none",
		"GCM over none", "GCM - baseline",
	};
	struct tu_run r;

	(void)state;
	for (size_t i = 0; i < sizeof diff / sizeof diff[0]; i++) {
		char text[128], note[256];

		snprintf(text, sizeof text, "Mode,DD Write (MB/s)\nNone,1000\n%s,0.8\n", diff[i]);
		snprintf(note, sizeof note, "note: 3: '%s' is computed from other rows (an "
		    "overhead, ratio or difference), not a mode; skipped, encbench computes these "
		    "itself\n", diff[i]);
		sheet(&r, text);
		if (r.st != EB_OK)
			fail_msg("%s: %s", diff[i], r.err.msg);
		assert_int_equal(r.t->n, 1);
		assert_string_equal(eb_buf_cstr(&r.diag), note);
		tu_free(&r);
	}
	refused("Mode,DD Write (MB/s)\nNone,1000\nGCM none,800\n", 3, 1, "'GCM none' in "
	    "column A ('Mode') names two modes, 'gcm' and 'none'; a row holds the runs of "
	    "one mode (a difference of two is for encbench to compute)");
	refused("Mode,DD Write (MB/s)\nNone,1000\naes-256-gcm aes-128-gcm,800\n", 3, 1,
	    "'aes-256-gcm aes-128-gcm' in column A ('Mode') names two modes, 'aes-256-gcm' "
	    "and 'aes-128-gcm'; a row holds the runs of one mode (a difference of two is for "
	    "encbench to compute)");
	static const char *const two[][3] = {
		{ "none->gcm", "none", "gcm" }, { "GCM\xe2\x86\x92none", "gcm", "none" },
		{ "none+gcm", "none", "gcm" },
	};
	for (size_t i = 0; i < sizeof two / sizeof two[0]; i++) {
		char text[128], msg[320];

		snprintf(text, sizeof text, "Mode,DD Write (MB/s)\nNone,1000\n%s,800\n", two[i][0]);
		snprintf(msg, sizeof msg, "'%s' in column A ('Mode') names two modes, '%s' and "
		    "'%s'; a row holds the runs of one mode (a difference of two is for encbench "
		    "to compute)", two[i][0], two[i][1], two[i][2]);
		refused(text, 3, 1, msg);
	}
	/* Hyphens inside one mode's name stay a name. */
	sheet(&r, "Mode,DD Write (MB/s)\nNone,1000\naes-xts-plain64,800\nAES\xe2\x80\x93"
	    "256\xe2\x80\x93GCM,700\n");
	assert_int_equal(r.st, EB_OK);
	assert_int_equal(r.t->n, 3);
	assert_string_equal(TU_F(r, 1, MODE), "aes-xts-plain64");
	assert_string_equal(TU_F(r, 2, MODE), "aes-256-gcm");
	tu_free(&r);
}

/* Marks on mode cells were dropped and the rows pooled (E20). */
static void
test_marked_modes(void **state)
{
	static const char *const failed[][2] = {
		{ "AES-256-GCM \xe2\x9c\x97", "\xe2\x9c\x97" }, { "AES-256-GCM (?)", "?" },
		{ "None ?", "?" }, { "AES-256-GCM \xe2\x9a\xa0", "\xe2\x9a\xa0" },
		{ "AES-256-GCM (invalid)", "invalid" }, { "None \xe2\x9d\x8c", "\xe2\x9d\x8c" },
		{ "AES-256-GCM (outlier)", "outlier" },
	};
	static const char *const noted[][3] = {
		{ "None*", "*", "none*" }, { "None\xe2\x80\xa0", "\xe2\x80\xa0", "none\xe2\x80\xa0" },
		{ "None\xe2\x80\xa1", "\xe2\x80\xa1", "none\xe2\x80\xa1" },
		{ "None [1]", "[1]", "none[1]" }, { "None\xc2\xb9", "\xc2\xb9", "none\xc2\xb9" },
		{ "None (2)", "(2)", "none(2)" }, { "None!", "!", "none!" },
		{ "AES-256-GCM \xe2\x98\x85", "\xe2\x98\x85", "aes-256-gcm\xe2\x98\x85" },
		{ "None \xe2\x9c\x93", "\xe2\x9c\x93", "none\xe2\x9c\x93" },
	};
	struct tu_run r;

	(void)state;
	for (size_t i = 0; i < sizeof failed / sizeof failed[0]; i++) {
		char text[128], msg[320];

		snprintf(text, sizeof text, "Mode,DD Write (MB/s)\nNone,1000\n%s,90\n", failed[i][0]);
		snprintf(msg, sizeof msg, "'%s' in column A ('Mode') is marked '%s', which says "
		    "its run failed or is in doubt; leave the row out, or write the mode alone "
		    "once the run is good", failed[i][0], failed[i][1]);
		refused(text, 3, 1, msg);
	}
	for (size_t i = 0; i < sizeof noted / sizeof noted[0]; i++) {
		char text[128], msg[400];
		const char *base = noted[i][2][0] == 'n' ? "none" : "aes-256-gcm";

		snprintf(text, sizeof text, "Mode,DD Write (MB/s)\nNone,1000\n%s,400\nNone,1010\n",
		    noted[i][0]);
		snprintf(msg, sizeof msg, "warning: 3: '%s' in column A ('Mode') carries the mark "
		    "'%s': its row is read as the mode '%s', apart from %s; write what the mark "
		    "says in a config column to compare the two\n", noted[i][0], noted[i][1],
		    noted[i][2], base);
		sheet(&r, text);
		if (r.st != EB_OK)
			fail_msg("%s: %s", noted[i][0], r.err.msg);
		assert_int_equal(r.t->n, 3);
		assert_string_equal(TU_F(r, 0, MODE), "none");
		assert_int_equal(r.t->rows[0].rep, 1);
		assert_string_equal(TU_F(r, 1, MODE), noted[i][2]);
		assert_int_equal(r.t->rows[1].rep, 1);
		assert_string_equal(TU_F(r, 2, MODE), "none");
		assert_int_equal(r.t->rows[2].rep, 2);
		assert_string_equal(eb_buf_cstr(&r.diag), msg);
		tu_free(&r);
	}
	/* Quotation marks decorate, and mark nothing. */
	sheet(&r, "Mode,DD Write (MB/s)\nNone,1000\n\xe2\x80\x9cNone\xe2\x80\x9d,1010\n");
	assert_int_equal(r.st, EB_OK);
	assert_int_equal(r.t->n, 2);
	assert_string_equal(TU_F(r, 1, MODE), "none");
	assert_int_equal(r.t->rows[1].rep, 2);
	assert_string_equal(eb_buf_cstr(&r.diag), "");
	tu_free(&r);
}

static const char *
write_map(const char *name, const char *json)
{
	static char path[256];
	const char *build = getenv("BUILD");
	FILE *fp;

	snprintf(path, sizeof path, "%s/tests/%s", build ? build : "build", name);
	fp = fopen(path, "w");
	assert_non_null(fp);
	fputs(json, fp);
	fclose(fp);
	return path;
}

static void
map_refused(const char *json, long line, long col, const char *msg)
{
	struct tu_run r;
	const char *map = write_map("hostile-map.json", json);

	tu_ingest_opts(&r, "in.csv", "Mode,Seq Write (MiB/s),Rand Read 4k (IOPS)\nNone,100,5000\n",
	    "sheet", map, NULL);
	assert_int_equal(r.st, EB_ERR_DATA);
	assert_string_equal(r.err.loc.path, map);
	assert_int_equal(r.err.loc.line, line);
	assert_int_equal(r.err.loc.col, col);
	assert_string_equal(r.err.msg, msg);
	assert_int_equal(r.t->n, 0);
	tu_free(&r);
}

/* A map that names one column twice kept one entry and dropped the other
 * in silence, and a unit of another kind than the header's made 5000 IOPS
 * 5 GB/s (E13): errors in the map file, at the entry. */
static void
test_map_twice(void **state)
{
	struct tu_run r;

	(void)state;
	map_refused("{\"tool\":\"fio\",\"columns\":[{\"column\":2,\"block_size\":\"64k\"},"
	    "{\"column\":2,\"block_size\":\"128k\"}]}", 1, 59, "map: columns[1] names "
	    "column 2 again, as columns[0] does; give each column one entry");
	map_refused("{\"columns\": [\n {\"column\": \"Seq write (MiB/s)\"},\n"
	    " {\"column\": \"seq  write (mib/s)\", \"rep\": 2}]}", 3, 3, "map: columns[1] "
	    "names the column 'seq  write (mib/s)' again, as columns[0] does; give each column "
	    "one entry");
	map_refused("{\"tool\":\"fio\",\"columns\":[{\"column\":2,\"block_size\":\"64k\"},"
	    "{\"column\":\"Seq Write (MiB/s)\",\"unit\":\"MiB/s\"}]}", 1, 59, "map: columns[1] "
	    "describes column B ('Seq Write (MiB/s)') again, as columns[0] does; give each "
	    "column one entry");
	map_refused("{\"tool\":\"fio\",\"columns\":[{\"column\":\"Seq Write (MiB/s)\","
	    "\"unit\":\"MiB/s\"},\n{\"column\":2,\"block_size\":\"64k\"}]}", 2, 2, "map: "
	    "columns[1] describes column B ('Seq Write (MiB/s)') again, as columns[0] does; "
	    "give each column one entry");
	map_refused("{\"columns\":[{\"column\":3,\"unit\":\"MB/s\"}]}", 1, 14, "map: the "
	    "\"unit\" of columns[0] makes column C ('Rand Read 4k (IOPS)') a bandwidth, but its "
	    "header names an I/O rate; give the unit the header says, or correct the header");
	/* An entry without a unit leaves the header's scale an error; one with
	 * a unit says what the numbers are. */
	tu_ingest_opts(&r, "in.csv", "Mode,Rand Read IOPS (k)\nNone,120\n", "sheet",
	    write_map("hostile-map.json", "{\"columns\":[{\"column\":2,\"tool\":\"fio\"}]}"), NULL);
	assert_int_equal(r.st, EB_ERR_DATA);
	assert_int_equal(r.err.loc.line, 1);
	assert_int_equal(r.err.loc.col, 2);
	assert_string_equal(r.err.msg, "column B ('Rand Read IOPS (k)') scales its numbers "
	    "('k', a scale word" SCALE_TAIL);
	tu_free(&r);
	tu_ingest_opts(&r, "in.csv", "Mode,Rand Read IOPS (k)\nNone,120\n", "sheet",
	    write_map("hostile-map.json", "{\"columns\":[{\"column\":2,\"unit\":\"kIOPS\"}]}"),
	    NULL);
	assert_int_equal(r.st, EB_OK);
	assert_int_equal(r.t->n, 1);
	assert_true(r.t->rows[0].value == 120000);
	tu_free(&r);
	/* One of the same kind corrects the header's, with a note. */
	tu_ingest_opts(&r, "in.csv", "Mode,Seq Write (MiB/s)\nNone,100\n", "sheet",
	    write_map("hostile-map.json", "{\"columns\":[{\"column\":\"Seq Write (MiB/s)\","
	    "\"unit\":\"MB/s\"}]}"), NULL);
	assert_int_equal(r.st, EB_OK);
	assert_int_equal(r.t->n, 1);
	assert_true(r.t->rows[0].value == 100e6);
	assert_string_equal(eb_buf_cstr(&r.diag), "note: 1: map: the \"unit\" of columns[0] "
	    "replaces the unit the header of column B ('Seq Write (MiB/s)') names\n");
	tu_free(&r);
}

/* A sheet's release cells and titles read F10's spellings as --set does. */
static void
test_release_spellings(void **state)
{
	struct tu_run r;

	(void)state;
	sheet(&r, "Release,Mode,DD Write (MB/s)\nUbuntu-24.04,None,1000\n\"Ubuntu 24.04 (noble)\","
	    "None,1010\nubuntu_24.04,AES-256-GCM,800\nv24.04,AES-256-GCM,810\n"
	    "FreeBSD 14.1-RELEASE,None,900\nFreeBSD-14.1,None,910\n");
	assert_int_equal(r.st, EB_OK);
	assert_int_equal(r.t->n, 6);
	for (size_t i = 0; i < 4; i++)
		assert_string_equal(TU_F(r, i, RELEASE), "24.04");
	assert_string_equal(TU_F(r, 4, RELEASE), "freebsd-14.1");
	assert_string_equal(TU_F(r, 5, RELEASE), "freebsd-14.1");
	assert_int_equal(r.t->rows[1].rep, 2);
	assert_int_equal(r.t->rows[5].rep, 2);
	tu_free(&r);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_scale_grammar),
		cmocka_unit_test(test_scale_not),
		cmocka_unit_test(test_unread_brackets),
		cmocka_unit_test(test_unread_words),
		cmocka_unit_test(test_load_words),
		cmocka_unit_test(test_two_block_sizes),
		cmocka_unit_test(test_spread_columns),
		cmocka_unit_test(test_difference_rows),
		cmocka_unit_test(test_marked_modes),
		cmocka_unit_test(test_map_twice),
		cmocka_unit_test(test_release_spellings),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
