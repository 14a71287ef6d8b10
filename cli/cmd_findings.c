/* cmd_findings.c - "encbench findings": the comparisons people write by
 * hand, as sentences that carry their numbers and uncertainty. */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "../analyze/analyze.h"
#include "../render/render.h"

static int exec_findings(const struct eb_args *a);

static const struct eb_opt findings_opts[] = {
	{ "release", 0, EB_ARG_TEXT, EB_O_RELEASE, NULL },
	{ NULL, 0, EB_ARG_NONE, EB_O_COUNT, NULL },
};

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
	"  --units si|iec     taken, without effect: the findings speak in percent\n"
	"  --release, --metric, --op, --config, --tool, --host VALUE   filters\n"
	"  --mode MODE        keep that mode and the baseline (--baseline), which\n"
	"                     its overheads are computed against\n"
	"  plus the input options of 'encbench help ingest' (--format, --set ...)\n"
	"\n"
	"Example:\n"
	"  encbench findings runs/\n",
	EB_OG_INPUT | EB_OG_OUTPUT | EB_OG_FILTERS | EB_OG_VERDICT, findings_opts,
	1, "no INPUT to read", exec_findings,
};

static enum eb_status
write_md(void *ctx, FILE *fp)
{
	const struct eb_findings *f = ctx;

	/* Labels in a sentence (a mode named "<b>x", a host with a "*") are
	 * text, as on the report's pages; --csv and --json carry them as
	 * they are. */
	for (size_t i = 0; i < f->n; i++) {
		char *esc = eb_md_escape(f->lines[i]);

		fprintf(fp, "- %s\n", esc);
		free(esc);
	}
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
exec_findings(const struct eb_args *a)
{
	static const struct eb_writers writers = { write_md, write_csv, write_json };
	struct eb_table *t;
	struct eb_findings f;
	struct eb_groups *gs;
	struct eb_verdict_opts vo;
	int rc;

	if ((rc = eb_analysis_load(a, &t)) >= 0)
		return rc;
	gs = eb_aggregate(t);
	eb_args_verdict_opts(a, &vo);
	eb_findings_compute_opts(gs, a->baseline, &vo, &f);
	rc = eb_output_emit(&a->out, &writers, &f);
	eb_findings_free(&f);
	eb_groups_free(gs);
	eb_table_free(t);
	return rc;
}
