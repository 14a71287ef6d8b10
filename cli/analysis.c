/* analysis.c - the option loop, inputs and filters that overhead, trend,
 * table and findings share, so that each command says only what is its own. */
#include <stdlib.h>
#include <string.h>

#include "cli.h"

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
		else
			eb_filters_apply(&a->filters, a->t);
	}
	eb_inputs_free(&in);
	return rc;
}

void
eb_analysis_end(struct eb_analysis *a)
{
	eb_table_free(a->t);
	a->t = NULL;
}
