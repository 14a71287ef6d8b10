/* cmd_findings.c - "encbench findings": the comparisons people write by
 * hand, as sentences that carry their numbers and uncertainty. */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "../analyze/analyze.h"

static int exec_findings(int argc, char **argv);

const struct eb_cmd eb_cmd_findings = {
	"findings",
	"findings [--baseline MODE] [--alpha 0.05] [--md|--csv|--json] [-o FILE]\n"
	"                  [filters] INPUT...",
	"Say in plain sentences what the data shows, with its uncertainty.",
	"\n"
	"Sentences, each with its numbers and 95 % intervals:\n"
	"  - the overhead of each mode family (AES-CCM, AES-GCM, LUKS, geli) on\n"
	"    reads and writes, per release (throughput)\n"
	"  - AES-GCM against AES-CCM of the same key size, as a factor\n"
	"  - how much the key size (128, 192, 256 bits) matters within a family\n"
	"  - LUKS against native AES-256-GCM\n"
	"  - from the second-newest to the newest release: how the unencrypted\n"
	"    baseline changed (improved, regressed, no significant change) and\n"
	"    whether each family's overhead fell or rose\n"
	"  - other configs (AES-NI off, fewer cores) against the most common one\n"
	"Cases measured once get no verdict, and the findings say so.\n"
	"\n"
	"Options:\n"
	"  --baseline MODE    the unencrypted mode (default none)\n"
	"  --alpha P          significance level (default 0.05)\n"
	"  --md (a bullet list, default), --csv, --json, -o FILE   output\n"
	"  --metric, --op, --config, --tool, --host VALUE   filters\n"
	"\n"
	"Example:\n"
	"  encbench findings runs/\n",
	exec_findings,
};

static enum eb_status
write_md(void *ctx, FILE *fp)
{
	const struct eb_findings *f = ctx;

	for (size_t i = 0; i < f->n; i++)
		fprintf(fp, "- %s\n", f->lines[i]);
	return ferror(fp) ? EB_ERR_IO : EB_OK;
}

static enum eb_status
write_csv(void *ctx, FILE *fp)
{
	const struct eb_findings *f = ctx;

	fputs("finding\n", fp);
	for (size_t i = 0; i < f->n; i++) {
		eb_csv_cell(fp, f->lines[i]);
		putc('\n', fp);
	}
	return ferror(fp) ? EB_ERR_IO : EB_OK;
}

static enum eb_status
write_json(void *ctx, FILE *fp)
{
	const struct eb_findings *f = ctx;

	fputs("[", fp);
	for (size_t i = 0; i < f->n; i++) {
		fputs(i ? ",\n  " : "\n  ", fp);
		eb_json_string(fp, f->lines[i]);
	}
	fputs(f->n ? "\n]\n" : "]\n", fp);
	return ferror(fp) ? EB_ERR_IO : EB_OK;
}

static int
exec_findings(int argc, char **argv)
{
	static const struct option longopts[] = {
		EB_INPUT_LONGOPTS, EB_OUTPUT_LONGOPTS, EB_FILTER_LONGOPTS,
		{ "release", required_argument, NULL, EB_OPT_FILTER + EB_F_RELEASE },
		{ "baseline", required_argument, NULL, 'b' },
		{ "alpha", required_argument, NULL, 'a' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct eb_inputs in = { 0 };
	struct eb_output out = { EB_OUT_MD, NULL, 0 };
	struct eb_filters filters = { { 0 } };
	const char *baseline = "none";
	double alpha = 0.05;
	struct eb_findings f;
	struct eb_table *t;
	struct eb_groups *gs;
	char *end;
	int opt, rc;

	optind = 1;
	while ((opt = getopt_long(argc, argv, "o:qh", longopts, NULL)) != -1) {
		if (eb_inputs_option(&in, opt, optarg) || eb_filters_option(&filters, opt, optarg))
			continue;
		if ((rc = eb_output_option(&out, &eb_cmd_findings, opt, optarg)) != 0) {
			if (rc < 0)
				return eb_inputs_free(&in), EB_EXIT_USAGE;
			continue;
		}
		switch (opt) {
		case 'b':
			baseline = optarg;
			break;
		case 'a':
			alpha = strtod(optarg, &end);
			if (*end != '\0' || !(alpha > 0 && alpha < 1)) {
				eb_inputs_free(&in);
				return eb_cli_usage(&eb_cmd_findings, "--alpha takes a number between 0 and 1");
			}
			break;
		case 'h':
			eb_cli_help(&eb_cmd_findings, stdout);
			eb_inputs_free(&in);
			return EB_EXIT_OK;
		default:
			eb_inputs_free(&in);
			return eb_cli_usage(&eb_cmd_findings, "bad option");
		}
	}
	if (optind >= argc) {
		eb_inputs_free(&in);
		return eb_cli_usage(&eb_cmd_findings, "no INPUT to read");
	}
	if ((rc = eb_inputs_check(&in, &eb_cmd_findings)) != 0 ||
	    (rc = eb_inputs_load(&in, argv + optind, argc - optind, &t)) != 0) {
		eb_inputs_free(&in);
		return rc;
	}
	eb_inputs_free(&in);
	eb_filters_apply(&filters, t);
	gs = eb_aggregate(t);
	eb_findings_compute(gs, baseline, alpha, &f);
	rc = eb_output_write(&out, out.fmt == EB_OUT_CSV ? write_csv :
	    out.fmt == EB_OUT_JSON ? write_json : write_md, &f);
	eb_findings_free(&f);
	eb_groups_free(gs);
	eb_table_free(t);
	return rc;
}
