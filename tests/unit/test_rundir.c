/* test_rundir.c - a run folder's meta.json read once: its labels spelt as
 * every input spells them, its strings rid of control characters with one
 * warning per member at its line, and no label a spreadsheet would run. */
#include "testutil.h"
#include "tempfile.h"

/* Loads the meta.json text into t; the diagnostics go to *diag. */
static enum eb_status
load(struct eb_table *t, const char *text, struct eb_buf *diag, size_t *index,
    struct eb_err *err)
{
	char *path = tu_temp_file("meta.json", text), *dir = eb_xstrdup(path);
	struct eb_diag d;
	enum eb_status st;
	int found = 0;

	*strrchr(dir, '/') = '\0';
	memset(&d, 0, sizeof d);
	d.emit = tu_capture;
	d.ctx = diag;
	st = eb_rundir_load(t, dir, index, &found, &d, err);
	if (st == EB_OK) {
		size_t again;
		struct eb_buf before = *diag;

		assert_int_equal(found, 1);
		/* Named files of one run read it again: the same run, no word. */
		assert_int_equal(eb_rundir_load(t, dir, &again, &found, &d, err), EB_OK);
		assert_int_equal(again, *index);
		assert_int_equal(diag->len, before.len);
		assert_int_equal(t->nmeta, 1);
	}
	free(dir);
	tu_drop(path);
	return st;
}

static void
test_controls(void **state)
{
	struct eb_table *t = eb_table_new();
	struct eb_buf diag;
	struct eb_err err;
	size_t i;
	char v[256];

	(void)state;
	eb_buf_init(&diag, 0);
	/* "fio" is in runner.tests before tools: the warning is at tools.fio. */
	assert_int_equal(load(t, "{\"release\": \"24.04\",\n"
	    "\"host\": \"box\\u001b[2J\",\n"
	    "\"runner\": {\"tests\": \"dd,fio\", \"fio\": \"x\"},\n"
	    "\"tools\": {\n"
	    "  \"fio\": \"fio-3.33\\u202eevil\"},\n"
	    "\"cpu\": \"AMD \\u001bc \\u0007 \\u009b2J\"}\n", &diag, &i, &err), EB_OK);
	assert_string_equal(eb_buf_cstr(&diag),
	    "warning: 2: \"host\" holds control characters (a newline, a tab, an escape, a "
	    "reordering mark); they are read as spaces\n"
	    "warning: 5: \"tools.fio\" holds control characters (a newline, a tab, an escape, "
	    "a reordering mark); they are read as spaces\n"
	    "warning: 6: \"cpu\" holds control characters (a newline, a tab, an escape, a "
	    "reordering mark); they are read as spaces\n"
	    /* A runner section that names no backend may be a dir run's. */
	    "warning: 3: runner.targets is missing: meta.json records no mode's folder, so "
	    "whether each mode was encrypted and on what storage each ran are not known; report "
	    "and findings say so beside each claim\n"
	    "warning: 3: runner.drop_caches is missing: meta.json does not say whether caches "
	    "were dropped, so dd and fio reads may have come from the page cache; report and "
	    "findings say so beside each claim about reads\n");
	assert_string_equal(t->meta[i].host, "box-[2j");
	assert_int_equal(eb_rundir_meta_get(&t->meta[i], "cpu", v, sizeof v), 1);
	assert_string_equal(v, "AMD  c    2J");
	assert_int_equal(eb_rundir_meta_get(&t->meta[i], "tools.fio", v, sizeof v), 1);
	assert_string_equal(v, "fio-3.33 evil");
	assert_int_equal(eb_rundir_meta_get(&t->meta[i], "host", v, sizeof v), 1);
	assert_string_equal(v, "box-[2j");
	eb_buf_free(&diag);
	eb_table_free(t);
}

/* A file of many such strings tells the first five and counts the rest. */
static void
test_controls_counted(void **state)
{
	struct eb_table *t = eb_table_new();
	struct eb_buf diag, text;
	struct eb_err err;
	size_t i;
	const char *last;

	(void)state;
	eb_buf_init(&diag, 0);
	eb_buf_init(&text, 0);
	eb_buf_addf(&text, "{\"release\": \"24.04\", \"notes\": [");
	for (int k = 0; k < 40; k++)
		eb_buf_addf(&text, "%s\"bell\\u0007 %d\"", k ? ", " : "", k);
	eb_buf_addf(&text, "]}\n");
	assert_int_equal(load(t, eb_buf_cstr(&text), &diag, &i, &err), EB_OK);
	last = strrchr(eb_buf_cstr(&diag), '\n');
	while (last > diag.data && last[-1] != '\n')
		last--;
	assert_string_equal(last, "warning: 0: 35 more strings hold control characters; they "
	    "are read as spaces\n");
	eb_buf_free(&text);
	eb_buf_free(&diag);
	eb_table_free(t);
}

static void
test_labels_spelt(void **state)
{
	struct eb_table *t = eb_table_new();
	struct eb_buf diag;
	struct eb_err err;
	size_t i;

	(void)state;
	eb_buf_init(&diag, 0);
	assert_int_equal(load(t, "{\n\"release\": \"Ubuntu 24.04\",\n\"host\": \"Test Box\",\n"
	    "\"config\": \"AES-NI off, 2 CPUs\"\n}\n", &diag, &i, &err), EB_OK);
	assert_string_equal(t->meta[i].release, "24.04");
	assert_string_equal(t->meta[i].host, "test-box");
	assert_string_equal(t->meta[i].config, "no-aesni-2-cores");
	assert_string_equal(eb_buf_cstr(&diag),
	    "note: 2: release 'Ubuntu 24.04' is read as '24.04', as every input spells it\n"
	    "note: 4: config 'AES-NI off, 2 CPUs' is read as 'no-aesni-2-cores', as every "
	    "input spells it\n");
	eb_buf_free(&diag);
	eb_table_free(t);
}

static void
test_formula_label(void **state)
{
	static const char *const cases[][2] = {
		{ "{\"release\": \"24.04\",\n\"config\": \"=1+2\"}", "config" },
		{ "{\"release\": \"@SUM(A1)\"}", "release" },
		{ "{\"host\": \" -cmd\"}", "host" },
	};

	(void)state;
	for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
		struct eb_table *t = eb_table_new();
		struct eb_buf diag;
		struct eb_err err;
		size_t i;
		char want[256];
		const char *label = k == 0 ? "=1+2" : k == 1 ? "@sum(a1)" : "-cmd";

		eb_buf_init(&diag, 0);
		assert_int_equal(load(t, cases[k][0], &diag, &i, &err), EB_ERR_DATA);
		assert_int_equal(err.loc.line, k == 0 ? 2 : 1);
		snprintf(want, sizeof want, "\"%s\" in meta.json is '%s', which a spreadsheet "
		    "opening results.csv would run as a formula: no label may begin with =, +, - "
		    "or @", cases[k][1], label);
		assert_string_equal(err.msg, want);
		assert_int_equal(t->nmeta, 0);
		eb_buf_free(&diag);
		eb_table_free(t);
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_controls),
		cmocka_unit_test(test_controls_counted),
		cmocka_unit_test(test_labels_spelt),
		cmocka_unit_test(test_formula_label),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
