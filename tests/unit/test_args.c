/* test_args.c - the one option parser of the command line (cli/args.c):
 * values filed by id, last one wins, groups typed, values checked; and
 * every command's help names every option its table declares. */
#include "testutil.h"

#include "../../cli/cli.h"

static int
no_exec(const struct eb_args *a)
{
	(void)a;
	return 0;
}

static const struct eb_opt own[] = {
	{ "from", 0, EB_ARG_TEXT, EB_O_FROM, NULL },
	{ "from-file", 0, EB_ARG_TEXT, EB_O_FROM_FILE, NULL },
	{ "relative", 0, EB_ARG_NONE, EB_O_RELATIVE, NULL },
	{ "width", 'w', EB_ARG_POSITIVE, EB_O_WIDTH, NULL },
	{ "center", 0, EB_ARG_CHOICE, EB_O_CENTER, "mean|median (Hodges-Lehmann)" },
	{ "threshold", 0, EB_ARG_PCT0, EB_O_THRESHOLD, NULL },
	{ NULL, 0, EB_ARG_NONE, EB_O_COUNT, NULL },
};

static const struct eb_cmd test_cmd = {
	"test", "test [options] INPUT...", "A command for the tests.", "",
	EB_OG_INPUT | EB_OG_OUTPUT | EB_OG_FILTERS | EB_OG_VERDICT, own,
	1, "no INPUT to read", no_exec,
};

/* Parses the words given (argv[0] is added) into *a; returns the parser's
 * result. The words must outlive *a: they are kept in static storage. */
static int
parse(struct eb_args *a, const char *const *words, int n)
{
	static char buf[48][64];
	static char *argv[49];

	argv[0] = strcpy(buf[0], "test");
	for (int i = 0; i < n; i++)
		argv[i + 1] = strcpy(buf[i + 1], words[i]);
	argv[n + 1] = NULL;
	return eb_args_parse(a, &test_cmd, n + 1, argv);
}

#define PARSE(a, ...) parse((a), (const char *const[]){ __VA_ARGS__ }, \
	(int)(sizeof (const char *const[]){ __VA_ARGS__ } / sizeof(const char *)))

static void
test_defaults(void **state)
{
	struct eb_args a;

	(void)state;
	assert_int_equal(PARSE(&a, "in.csv"), -1);
	assert_int_equal(a.noperands, 1);
	assert_string_equal(a.operands[0], "in.csv");
	assert_int_equal(a.out.fmt, EB_OUT_MD);
	assert_null(a.out.path);
	assert_int_equal(a.out.iec, 0);
	assert_string_equal(a.baseline, "none");
	assert_true(a.alpha == 0.05);
	assert_true(a.equivalence_pct == 2);
	assert_int_equal(a.no_adjust, 0);
	assert_null(eb_args_get(&a, EB_O_FROM));
	assert_false(eb_args_has(&a, EB_O_RELATIVE));
	assert_true(eb_args_num(&a, EB_O_WIDTH, 800) == 800);
	for (int i = 0; i < EB_NFIELDS; i++)
		assert_null(a.filters.v[i]);
	eb_args_free(&a);
}

static void
test_values_by_id(void **state)
{
	struct eb_args a;

	(void)state;
	assert_int_equal(PARSE(&a, "--from", "23.10", "a", "--from", "24.04", "--relative",
	    "-w", "640", "--set", "mode=x", "b", "--set", "op=read", "--metric", "iops",
	    "--host", "lab", "--alpha", "0.01", "--adjust", "none", "--equivalence", "5",
	    "--baseline", "plain", "--units", "iec", "-q", "--center", "median",
	    "--from-file", "f1", "--from-file", "f2"), -1);
	/* Options and operands mix; getopt puts the operands last. */
	assert_int_equal(a.noperands, 2);
	assert_string_equal(a.operands[0], "a");
	assert_string_equal(a.operands[1], "b");
	assert_string_equal(eb_args_get(&a, EB_O_FROM), "24.04");
	assert_int_equal(a.opt[EB_O_FROM].n, 2);
	assert_string_equal(eb_args_get(&a, EB_O_RELATIVE), "");
	assert_true(eb_args_num(&a, EB_O_WIDTH, 800) == 640);
	assert_true(eb_args_is(&a, EB_O_CENTER, "median"));
	assert_int_equal(a.in.nsets, 2);
	assert_string_equal(a.in.sets[0], "mode=x");
	assert_string_equal(a.in.sets[1], "op=read");
	assert_int_equal(a.in.quiet, 1);
	assert_int_equal(a.in.verbose, 0);
	assert_string_equal(a.filters.v[EB_F_METRIC], "iops");
	assert_string_equal(a.filters.v[EB_F_HOST], "lab");
	assert_null(a.filters.v[EB_F_OP]);
	assert_true(a.alpha == 0.01);
	assert_int_equal(a.no_adjust, 1);
	assert_true(a.equivalence_pct == 5);
	assert_string_equal(a.baseline, "plain");
	assert_int_equal(a.out.iec, 1);
	assert_int_equal(a.opt[EB_O_FROM_FILE].n, 2);
	assert_string_equal(a.opt[EB_O_FROM_FILE].v[1], "f2");
	eb_args_free(&a);
}

/* Of --md, --csv and --json the last one given wins, whichever it is. */
static void
test_last_format_wins(void **state)
{
	struct eb_args a;

	(void)state;
	assert_int_equal(PARSE(&a, "--json", "--csv", "x"), -1);
	assert_int_equal(a.out.fmt, EB_OUT_CSV);
	eb_args_free(&a);
	assert_int_equal(PARSE(&a, "--csv", "--json", "x"), -1);
	assert_int_equal(a.out.fmt, EB_OUT_JSON);
	eb_args_free(&a);
	assert_int_equal(PARSE(&a, "--json", "--md", "-o", "out.md", "x"), -1);
	assert_int_equal(a.out.fmt, EB_OUT_MD);
	assert_string_equal(a.out.path, "out.md");
	eb_args_free(&a);
}

static void
test_bad_values(void **state)
{
	struct eb_args a;

	(void)state;
	assert_int_equal(PARSE(&a, "--alpha", "1", "x"), EB_EXIT_USAGE);
	eb_args_free(&a);
	assert_int_equal(PARSE(&a, "--alpha", "0", "x"), EB_EXIT_USAGE);
	eb_args_free(&a);
	assert_int_equal(PARSE(&a, "--alpha", "0.5x", "x"), EB_EXIT_USAGE);
	eb_args_free(&a);
	assert_int_equal(PARSE(&a, "--equivalence", "100", "x"), EB_EXIT_USAGE);
	eb_args_free(&a);
	assert_int_equal(PARSE(&a, "--equivalence", "99.5", "x"), -1);
	eb_args_free(&a);
	assert_int_equal(PARSE(&a, "--threshold", "0", "x"), -1);
	eb_args_free(&a);
	assert_int_equal(PARSE(&a, "--threshold", "-0.1", "x"), EB_EXIT_USAGE);
	eb_args_free(&a);
	assert_int_equal(PARSE(&a, "--width", "inf", "x"), EB_EXIT_USAGE);
	eb_args_free(&a);
	assert_int_equal(PARSE(&a, "--width", "", "x"), EB_EXIT_USAGE);
	eb_args_free(&a);
	/* A choice is its first word; what follows is only shown. */
	assert_int_equal(PARSE(&a, "--center", "median", "x"), -1);
	eb_args_free(&a);
	assert_int_equal(PARSE(&a, "--center", "med", "x"), EB_EXIT_USAGE);
	eb_args_free(&a);
	assert_int_equal(PARSE(&a, "--center", "median (Hodges-Lehmann)", "x"), EB_EXIT_USAGE);
	eb_args_free(&a);
	assert_int_equal(PARSE(&a, "--units", "IEC", "x"), EB_EXIT_USAGE);
	eb_args_free(&a);
}

static void
test_bad_options(void **state)
{
	struct eb_args a;

	(void)state;
	assert_int_equal(PARSE(&a, "--nope", "x"), EB_EXIT_USAGE);
	eb_args_free(&a);
	assert_int_equal(PARSE(&a, "--fro", "x"), EB_EXIT_USAGE);	/* ambiguous */
	eb_args_free(&a);
	assert_int_equal(PARSE(&a, "--from-f", "f", "x"), -1);	/* one option's */
	assert_string_equal(a.opt[EB_O_FROM_FILE].v[0], "f");
	eb_args_free(&a);
	assert_int_equal(PARSE(&a, "x", "--from"), EB_EXIT_USAGE);
	eb_args_free(&a);
	assert_int_equal(PARSE(&a, "--relative=yes", "x"), EB_EXIT_USAGE);
	eb_args_free(&a);
	assert_int_equal(PARSE(&a, "-z", "x"), EB_EXIT_USAGE);
	eb_args_free(&a);
	assert_int_equal(PARSE(&a, "--relative"), EB_EXIT_USAGE);	/* no INPUT */
	eb_args_free(&a);
	assert_int_equal(PARSE(&a, "--set", "nocolumn", "x"), EB_EXIT_USAGE);
	eb_args_free(&a);
	assert_int_equal(PARSE(&a, "--help", "--nope"), EB_EXIT_OK);
	eb_args_free(&a);
}

/* Each command's groups and own options, as the parser sees them. */
static void
test_command_options(void **state)
{
	const struct eb_opt *opts[EB_MAX_OPTS];
	size_t n = eb_cmd_options(&eb_cmd_table, opts);
	static const char *const want[] = {
		"format", "set", "map", "unit", "quiet", "verbose", "md", "csv", "json",
		"units", "output", "metric", "op", "config", "tool", "host", "release", "help",
	};

	(void)state;
	assert_int_equal(n, sizeof want / sizeof want[0]);
	for (size_t i = 0; i < n; i++)
		assert_string_equal(opts[i]->name, want[i]);
}

/* A long option no other option of the command shares a name with, and
 * which its help names: every option a table declares is documented. */
static void
test_help_names_every_option(void **state)
{
	static const struct eb_cmd *const cmds[] = {
		&eb_cmd_ingest, &eb_cmd_overhead, &eb_cmd_diff, &eb_cmd_trend,
		&eb_cmd_table, &eb_cmd_findings, &eb_cmd_chart, &eb_cmd_report,
	};

	size_t missing = 0;

	(void)state;
	for (size_t c = 0; c < sizeof cmds / sizeof cmds[0]; c++) {
		const struct eb_opt *opts[EB_MAX_OPTS];
		size_t n = eb_cmd_options(cmds[c], opts);
		/* The input options of the analysis commands are ingest's. */
		int inputs_elsewhere = strstr(cmds[c]->help, "the input options of") != NULL;

		for (size_t i = 0; i < n; i++) {
			char name[48];
			const char *p = cmds[c]->help;
			int found = 0;

			for (size_t j = 0; j < i; j++)
				if (strcmp(opts[j]->name, opts[i]->name) == 0)
					fail_msg("%s declares --%s twice", cmds[c]->name,
					    opts[i]->name);
			if (opts[i]->id == EB_O_HELP)
				continue;
			if (inputs_elsewhere && opts[i]->id <= EB_O_VERBOSE)
				continue;
			snprintf(name, sizeof name, "--%s", opts[i]->name);
			while (!found && (p = strstr(p, name)) != NULL) {
				char next = p[strlen(name)];

				found = next != '-' && !(next >= 'a' && next <= 'z');
				p++;
			}
			if (!found && opts[i]->letter) {
				snprintf(name, sizeof name, "-%c", opts[i]->letter);
				found = strstr(cmds[c]->help, name) != NULL;
			}
			if (!found) {
				print_error("'encbench help %s' does not name --%s\n",
				    cmds[c]->name, opts[i]->name);
				missing++;
			}
		}
	}
	assert_int_equal(missing, 0);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_defaults),
		cmocka_unit_test(test_values_by_id),
		cmocka_unit_test(test_last_format_wins),
		cmocka_unit_test(test_bad_values),
		cmocka_unit_test(test_bad_options),
		cmocka_unit_test(test_command_options),
		cmocka_unit_test(test_help_names_every_option),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
