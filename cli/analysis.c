/* analysis.c - the option loop, inputs and filters that overhead, trend,
 * table and findings share, so that each command says only what is its own. */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "../analyze/analyze.h"

int
eb_analysis_begin(struct eb_analysis *a, const struct eb_cmd *cmd, int argc,
    char **argv, const struct option *longopts, eb_option_fn fn)
{
	struct eb_inputs in = { 0 };
	char *end;
	int opt, rc = -1;

	memset(a, 0, sizeof *a);
	a->cmd = cmd;
	a->out.fmt = EB_OUT_MD;
	a->baseline = "none";
	a->alpha = 0.05;
	a->equivalence_pct = 2;
	optind = 1;
	while (rc < 0 && (opt = getopt_long(argc, argv, "o:qvh", longopts, NULL)) != -1) {
		int r;

		if (eb_inputs_option(&in, opt, optarg) || eb_filters_option(&a->filters, opt, optarg))
			continue;
		if ((r = eb_output_option(&a->out, cmd, opt, optarg)) != 0) {
			if (r < 0)
				rc = EB_EXIT_USAGE;
			continue;
		}
		if ((r = eb_verdict_option(cmd, opt, optarg, &a->no_adjust, &a->equivalence_pct)) != 0) {
			if (r != 1)
				rc = r;
			continue;
		}
		switch (opt) {
		case EB_OPT_BASELINE:
			a->baseline = optarg;
			break;
		case EB_OPT_ALPHA:
			a->alpha = strtod(optarg, &end);
			if (*end != '\0' || !(a->alpha > 0 && a->alpha < 1))
				rc = eb_cli_usage(cmd, "--alpha takes a number between 0 and 1, "
				    "not '%s'", optarg);
			break;
		case 'h':
			eb_cli_help(cmd, stdout);
			rc = EB_EXIT_OK;
			break;
		default:
			if (fn == NULL || opt == '?')
				rc = eb_cli_usage(cmd, "bad option");
			else if ((r = fn(a, opt, optarg)) != 0)
				rc = r;
		}
	}
	if (rc < 0 && optind >= argc)
		rc = eb_cli_usage(cmd, "no INPUT to read");
	if (rc < 0) {
		int r = eb_inputs_check(&in, cmd);

		if (r == 0)
			r = eb_inputs_load(&in, argv + optind, argc - optind, &a->t);
		if (r != 0)
			rc = r;
		else if ((r = eb_filters_apply_checked(&a->filters, a->t)) != 0) {
			/* The command returns at once: nothing else frees it. */
			eb_table_free(a->t);
			a->t = NULL;
			rc = r;
		}
	}
	eb_inputs_free(&in);
	return rc;
}

int
eb_verdict_option(const struct eb_cmd *cmd, int opt, const char *arg, int *no_adjust,
    double *equivalence_pct)
{
	char *end;

	switch (opt) {
	case EB_OPT_ADJUST:
		if (strcmp(arg, "holm") != 0 && strcmp(arg, "none") != 0)
			return eb_cli_usage(cmd, "--adjust takes holm or none, not '%s'", arg);
		*no_adjust = strcmp(arg, "none") == 0;
		return 1;
	case EB_OPT_EQUIVALENCE:
		*equivalence_pct = strtod(arg, &end);
		if (end == arg || *end != '\0' || !(*equivalence_pct > 0 && *equivalence_pct < 100))
			return eb_cli_usage(cmd, "--equivalence takes a percentage above 0 and "
			    "below 100, not '%s'", arg);
		return 1;
	}
	return 0;
}

void
eb_analysis_verdict_opts(const struct eb_analysis *a, struct eb_verdict_opts *vo)
{
	vo->alpha = a->alpha;
	vo->equivalence_pct = a->equivalence_pct;
	vo->adjust = a->no_adjust ? EB_ADJUST_NONE : EB_ADJUST_HOLM;
	vo->median = 0;
}

void
eb_analysis_end(struct eb_analysis *a)
{
	eb_table_free(a->t);
	a->t = NULL;
}
