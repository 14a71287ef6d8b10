/* test_sheet_release.c - the release a sheet's Release cell names: one
 * release, cleaned of os-release's words, or a located error (audit 11
 * I18); and a mode cell that says baseline alone (I17). */
#include "testutil.h"
#include "test_sheet_map.h"

#define ONE_RELEASE "; write one release, as 24.04 or debian-12"

static void
refused_at(const char *cell, const char *msg, int at)
{
	struct tu_run r;
	char text[256];

	snprintf(text, sizeof text, "Mode,Release,DD Write (MB/s)\nNone,\"%s\",500\n", cell);
	tu_ingest_opts(&r, "in.csv", text, "sheet", NULL, NULL);
	if (r.st != EB_ERR_DATA || r.err.loc.line != 2 || r.err.loc.col != 2 ||
	    strcmp(r.err.msg, msg) != 0)
		fail_msg("line %d: %s\ngot %d at %ld:%ld: %s\nwant 2:2: %s", at, cell,
		    r.st, r.err.loc.line, r.err.loc.col, r.err.msg, msg);
	assert_int_equal(r.t->n, 0);
	tu_free(&r);
}
#define refused(cell, msg) refused_at((cell), (msg), __LINE__)

static void
read_at(const char *cell, const char *release, int at)
{
	struct tu_run r;
	char text[256];

	snprintf(text, sizeof text, "Mode,Release,DD Write (MB/s)\nNone,\"%s\",500\n", cell);
	tu_ingest_opts(&r, "in.csv", text, "sheet", NULL, NULL);
	if (r.st != EB_OK || r.t->n != 1 || strcmp(r.t->rows[0].f[EB_F_RELEASE], release) != 0)
		fail_msg("line %d: %s\ngot %d, %zu records, release '%s': %s\nwant %s", at,
		    cell, r.st, r.t->n, r.t->n > 0 ? r.t->rows[0].f[EB_F_RELEASE] : "",
		    r.err.msg, release);
	tu_free(&r);
}
#define read_as(cell, release) read_at((cell), (release), __LINE__)

/* A list or a range of releases was one label, "22.04-/-24.04". */
static void
test_two_releases(void **state)
{
	(void)state;
	refused("22.04 / 24.04", "release '22.04 / 24.04' names two releases, 22.04 and "
	    "24.04" ONE_RELEASE);
	refused("22.04, 24.04", "release '22.04, 24.04' names two releases, 22.04 and "
	    "24.04" ONE_RELEASE);
	refused("22.04 and 24.04", "release '22.04 and 24.04' names two releases, 22.04 "
	    "and 24.04" ONE_RELEASE);
	refused("22.04-24.04", "release '22.04-24.04' names two releases, 22.04 and "
	    "24.04" ONE_RELEASE);
	refused("Ubuntu 22.04 / Ubuntu 24.04", "release 'Ubuntu 22.04 / Ubuntu 24.04' "
	    "names two releases, 22.04 and 24.04" ONE_RELEASE);
	refused("Debian 11 / 12", "release 'Debian 11 / 12' names two releases, 11 and "
	    "12" ONE_RELEASE);
}

/* A code name of another release was dropped: "Ubuntu 24.04 (jammy)" was
 * 24.04. */
static void
test_codename_contradicts(void **state)
{
	(void)state;
	refused("Ubuntu 24.04 (jammy)", "release 'Ubuntu 24.04 (jammy)' names 24.04, but "
	    "jammy is 22.04" ONE_RELEASE);
	refused("Debian 12 (jammy)", "release 'Debian 12 (jammy)' names debian-12, but "
	    "jammy is 22.04" ONE_RELEASE);
	refused("24.04 (HWE kernel)", "release '24.04 (HWE kernel)' says 'hwe' in "
	    "brackets, which names no release" ONE_RELEASE);
	read_as("Ubuntu 24.04 (noble)", "24.04");
	read_as("Ubuntu 24.04.1 LTS (noble)", "24.04.1");
	/* A code name alone says which release to write (audit 21 G12). */
	refused("noble", "release 'noble' is a code name alone: write the release it is, as "
	    "'24.04' or '24.04 (noble)'");
}

/* os-release's PRETTY_NAME kept its slash and brackets:
 * "debian-gnu/linux-12-(bookworm)". */
static void
test_pretty_names(void **state)
{
	(void)state;
	read_as("Debian GNU/Linux 12 (bookworm)", "debian-12");
	read_as("Debian GNU/Linux 12", "debian-12");
	read_as("Debian 12", "debian-12");
	read_as("Fedora Linux 40 (Workstation Edition)", "fedora-40");
	read_as("Ubuntu 24.04.1 LTS", "24.04.1");
	read_as("Linux 6.8", "linux-6.8");
	refused("Debian GNU/Hurd 2023", "release 'Debian GNU/Hurd 2023' cannot be made "
	    "one release label (it would keep '/')" ONE_RELEASE);
}

/* "Baseline" was kept as a mode of its own, so the sheet had no none. */
static void
test_baseline_alone(void **state)
{
	struct tu_run r;

	(void)state;
	tu_ingest_opts(&r, "in.csv", "Mode,DD Write (MB/s)\naes-256-gcm,400\nBaseline,500\n",
	    "sheet", NULL, NULL);
	assert_int_equal(r.st, EB_ERR_DATA);
	assert_int_equal(r.err.loc.line, 3);
	assert_int_equal(r.err.loc.col, 1);
	assert_string_equal(r.err.msg, "'Baseline' in column A ('Mode') says baseline, "
	    "which names no mode; write none if the baseline ran unencrypted, else the "
	    "mode it ran");
	assert_int_equal(r.t->n, 0);
	tu_free(&r);
	/* A remark beside none is none. */
	tu_ingest_opts(&r, "in.csv", "Mode,DD Write (MB/s)\nnone (baseline),500\n", "sheet",
	    NULL, NULL);
	assert_int_equal(r.st, EB_OK);
	assert_int_equal(r.t->n, 1);
	assert_string_equal(r.t->rows[0].f[EB_F_MODE], "none");
	tu_free(&r);
}

/* A release the layout gives a column and another a Release cell or the
 * map gives: the later won in silence and two releases' columns became
 * repetitions of one test (audit 20 F01, F02). */
static void
test_release_given_twice(void **state)
{
	static const char grouped[] =
	    ",Ubuntu 22.04,,Ubuntu 24.04\n"
	    "Mode,Release,Write (MB/s),Write (MB/s)\n"
	    "None,24.04,500,700\n";
	static const char long_table[] =
	    "Release,Mode,Write (MB/s)\n22.04,None,500\n22.04,AES-256-GCM,400\n"
	    "24.04,None,700\n24.04,AES-256-GCM,600\n";
	struct tu_run r;

	(void)state;
	tu_ingest_opts(&r, "in.csv", grouped, "sheet", NULL, NULL);
	assert_int_equal(r.st, EB_ERR_DATA);
	assert_int_equal(r.err.loc.line, 3);
	assert_int_equal(r.err.loc.col, 3);
	assert_string_equal(r.err.msg, "'500' in column C ('Write (MB/s)'): its header or "
	    "group row says the release is 22.04, but a column of its row says 24.04; say "
	    "it once, or the same in both");
	tu_free(&r);
	/* The same release twice is said once. */
	tu_ingest_opts(&r, "in.csv", ",Ubuntu 24.04,,\nMode,Release,Write (MB/s),Read (MB/s)\n"
	    "None,24.04,500,700\n", "sheet", NULL, NULL);
	assert_int_equal(r.st, EB_OK);
	assert_int_equal(r.t->n, 2);
	assert_string_equal(r.t->rows[0].f[EB_F_RELEASE], "24.04");
	tu_free(&r);
	tu_ingest_opts(&r, "in.csv", long_table, "sheet",
	    write_map("release.map.json", "{\"release\":\"24.04\"}"), NULL);
	assert_int_equal(r.st, EB_ERR_DATA);
	assert_int_equal(r.err.loc.line, 2);
	assert_int_equal(r.err.loc.col, 3);
	assert_string_equal(r.err.msg, "'500' in column C ('Write (MB/s)'): the --map file "
	    "gives the release 24.04, but the sheet says 22.04 (a column of its row); a map "
	    "names what the sheet leaves unsaid, so that two releases never become "
	    "repetitions of one");
	tu_free(&r);
	/* A release row under the header against the group row (audit 21
	 * G07). */
	tu_ingest_opts(&r, "in.csv", ",Ubuntu 22.04,,Ubuntu 24.04,\n"
	    "Mode,Write (MB/s),Read (MB/s),Write (MB/s),Read (MB/s)\nUbuntu 24.04\n"
	    "None,500,600,700,800\n", "sheet", NULL, NULL);
	assert_int_equal(r.st, EB_ERR_DATA);
	assert_int_equal(r.err.loc.line, 4);
	assert_int_equal(r.err.loc.col, 2);
	assert_string_equal(r.err.msg, "'500' in column B ('Write (MB/s)'): its header or "
	    "group row says the release is 22.04, but a release row above it says 24.04; say "
	    "it once, or the same in both");
	tu_free(&r);
	/* A release in a header's brackets is that column's, as a config
	 * there is (audit 21 G06): two of them are two releases, and a
	 * Release cell may not contradict one. */
	tu_ingest_opts(&r, "in.csv", "Mode,Write (Ubuntu 22.04) (MB/s),Write (Ubuntu 24.04) "
	    "(MB/s)\nNone,500,700\n", "sheet", NULL, NULL);
	assert_int_equal(r.st, EB_OK);
	assert_int_equal(r.t->n, 2);
	assert_string_equal(r.t->rows[0].f[EB_F_RELEASE], "22.04");
	assert_string_equal(r.t->rows[1].f[EB_F_RELEASE], "24.04");
	tu_free(&r);
	tu_ingest_opts(&r, "in.csv", "Mode,Write Ubuntu 22.04 (MB/s)\nNone,500\n", "sheet",
	    NULL, NULL);
	assert_int_equal(r.st, EB_OK);
	assert_string_equal(r.t->rows[0].f[EB_F_RELEASE], "22.04");
	tu_free(&r);
	tu_ingest_opts(&r, "in.csv", "Mode,Release,Write (Ubuntu 22.04) (MB/s)\nNone,24.04,500\n",
	    "sheet", NULL, NULL);
	assert_int_equal(r.st, EB_ERR_DATA);
	assert_int_equal(r.err.loc.line, 2);
	assert_int_equal(r.err.loc.col, 3);
	tu_free(&r);
	/* A group row against the header's release (audit 22 H05); Excel's
	 * 23.1 of a Release cell under a group row's Ubuntu 23.10 is 23.10
	 * (audit 22 H07). */
	tu_ingest_opts(&r, "in.csv", ",Ubuntu 22.04\nMode,Write (Ubuntu 24.04) (MB/s)\nNone,500\n",
	    "sheet", NULL, NULL);
	assert_int_equal(r.st, EB_ERR_DATA);
	assert_string_equal(r.err.msg, "'500' in column B ('Write (Ubuntu 24.04) (MB/s)'): its "
	    "header says the release is 24.04, but its group row says 22.04; say it once, or the "
	    "same in both");
	tu_free(&r);
	tu_ingest_opts(&r, "in.csv", ",Ubuntu 23.10\nMode,Release,Write (MB/s)\nNone,23.1,500\n",
	    "sheet", NULL, NULL);
	assert_int_equal(r.st, EB_OK);
	assert_string_equal(r.t->rows[0].f[EB_F_RELEASE], "23.10");
	tu_free(&r);
	/* A sheet of decimal commas shows 23.10 as 23,1 and 24.04 as 24,04
	 * (audit 23 I06). */
	tu_ingest_opts(&r, "in.csv", "Mode;Release;Write (MB/s)\nNone;23,1;500\nNone;24,04;400\n",
	    "sheet", NULL, NULL);
	assert_int_equal(r.st, EB_OK);
	assert_int_equal(r.t->n, 2);
	assert_string_equal(r.t->rows[0].f[EB_F_RELEASE], "23.10");
	assert_string_equal(r.t->rows[1].f[EB_F_RELEASE], "24.04");
	tu_free(&r);
	/* A map's release where the sheet names none is the sheet's. */
	tu_ingest_opts(&r, "in.csv", "Mode,Write (MB/s)\nNone,500\n", "sheet",
	    write_map("release.map.json", "{\"release\":\"24.04\"}"), NULL);
	assert_int_equal(r.st, EB_OK);
	assert_int_equal(r.t->n, 1);
	assert_string_equal(r.t->rows[0].f[EB_F_RELEASE], "24.04");
	tu_free(&r);
}

/* A configuration given twice, and otherwise, won in silence: the
 * no-AES-NI figures were the default config's (audit 22 H06). */
static void
test_config_given_twice(void **state)
{
	struct tu_run r;

	(void)state;
	tu_ingest_opts(&r, "in.csv", ",No AES-NI\nMode,Config,Write (MB/s)\nNone,default,500\n",
	    "sheet", NULL, NULL);
	assert_int_equal(r.st, EB_ERR_DATA);
	assert_string_equal(r.err.msg, "'500' in column C ('Write (MB/s)'): its header or group "
	    "row says the config is no-aesni, but a column of its row says default; say it "
	    "once, or the same in both");
	tu_free(&r);
	tu_ingest_opts(&r, "in.csv", "Mode,Write (no AES-NI) (MB/s),Config\nNone,500,default\n",
	    "sheet", NULL, NULL);
	assert_int_equal(r.st, EB_ERR_DATA);
	assert_int_equal(r.err.loc.col, 2);
	tu_free(&r);
	tu_ingest_opts(&r, "in.csv", "Mode,Write (no AES-NI) (MB/s)\nNone,500\n", "sheet",
	    write_map("config.map.json", "{\"config\":\"default\"}"), NULL);
	assert_int_equal(r.st, EB_ERR_DATA);
	assert_string_equal(r.err.msg, "'500' in column B ('Write (no AES-NI) (MB/s)'): the "
	    "--map file gives the config default, but the sheet says no-aesni; a map names what "
	    "the sheet leaves unsaid, so that two configs never become repetitions of one");
	tu_free(&r);
	/* Said once, or the same twice, it reads. */
	tu_ingest_opts(&r, "in.csv", ",No AES-NI\nMode,Config,Write (MB/s)\nNone,no-aesni,500\n",
	    "sheet", NULL, NULL);
	assert_int_equal(r.st, EB_OK);
	assert_string_equal(r.t->rows[0].f[EB_F_CONFIG], "no-aesni");
	tu_free(&r);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_two_releases),
		cmocka_unit_test(test_release_given_twice),
		cmocka_unit_test(test_config_given_twice),
		cmocka_unit_test(test_codename_contradicts),
		cmocka_unit_test(test_pretty_names),
		cmocka_unit_test(test_baseline_alone),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
