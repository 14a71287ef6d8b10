/* cmd_findings.c - "encbench findings": the comparisons people write by
 * hand, as sentences that carry their numbers and uncertainty. */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "../analyze/analyze.h"

static int exec_findings(int argc, char **argv);

const struct eb_cmd eb_cmd_findings = {
	"findings",
	"findings [--baseline MODE] [--alpha 0.05] [--adjust holm|none]\n"
	"                  [--equivalence 2] [--md|--csv|--json] [-o FILE]\n"
	"                  [filters] INPUT...",
	"Say in plain sentences what the data shows, with its uncertainty.",
	"\n"
	"Sentences, each with its numbers and 95 % intervals:\n"
	"  - the overhead of each mode family (AES-CCM, AES-GCM, LUKS, geli) on\n"
	"    reads and writes, per release (throughput)\n"
	"  - AES-GCM against AES-CCM of the same key size, as a factor\n"
	"  - how much the key size (128, 192, 256 bits) matters within a family\n"
	"  - LUKS against native AES-256-GCM\n"
	"  - between the two releases every command compares (the two newest of\n"
	"    one platform sharing a case): how the unencrypted baseline changed,\n"
	"    test by test (bw and iops of one test count once; latency is its\n"
	"    own sentence), and whether each family's overhead fell or rose (the\n"
	"    ratio of ratios, delta method on the log scale)\n"
	"  - other configs (AES-NI off, fewer cores) against the most common one:\n"
	"    \"unchanged\" only when every interval lies within the margin\n"
	"Each sentence is one family for Holm's adjustment and speaks of one\n"
	"host. Cases measured once get no verdict, and the findings say so.\n"
	"\n"
	"Options:\n"
	"  --baseline MODE    the unencrypted mode (default none)\n"
	"  --alpha P          significance level (default 0.05)\n"
	"  --adjust holm|none Holm's adjustment within each sentence (default holm)\n"
	"  --equivalence PCT  the +/- margin of \"unchanged\" (default 2)\n"
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
		EB_ANALYSIS_LONGOPTS, EB_BASELINE_LONGOPT, EB_ALPHA_LONGOPT, EB_VERDICT_LONGOPTS,
		{ "release", required_argument, NULL, EB_OPT_FILTER + EB_F_RELEASE },
		{ NULL, 0, NULL, 0 },
	};
	struct eb_analysis a;
	struct eb_findings f;
	struct eb_groups *gs;
	struct eb_verdict_opts vo;
	int rc;

	if ((rc = eb_analysis_begin(&a, &eb_cmd_findings, argc, argv, longopts, NULL)) >= 0)
		return rc;
	gs = eb_aggregate(a.t);
	eb_analysis_verdict_opts(&a, &vo);
	eb_findings_compute_opts(gs, a.baseline, &vo, &f);
	rc = eb_output_write(&a.out, a.out.fmt == EB_OUT_CSV ? write_csv :
	    a.out.fmt == EB_OUT_JSON ? write_json : write_md, &f);
	eb_findings_free(&f);
	eb_groups_free(gs);
	eb_analysis_end(&a);
	return rc;
}
