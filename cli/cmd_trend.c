/* cmd_trend.c - "encbench trend": every case across releases in version
 * order, with its overhead in each and the change from the release before. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "../analyze/analyze.h"
#include "../render/render.h"

static int exec_trend(int argc, char **argv);

const struct eb_cmd eb_cmd_trend = {
	"trend",
	"trend [--metric M] [--op O] [--baseline MODE] [--alpha 0.05]\n"
	"                  [--md|--csv|--json] [-o FILE] [--units si|iec] INPUT...",
	"Follow every case across releases in version order.",
	"\n"
	"Releases are ordered as versions (20.04 < 20.10 < 22.04 < 23.10 < 24.04).\n"
	"For every case and mode, each release shows the mean, the overhead\n"
	"against the baseline mode of that same release, and the change from the\n"
	"previous release that measured it, with Welch's test (Holm-adjusted over\n"
	"the table, per metric class) and a verdict: improved, regressed,\n"
	"unchanged (interval within the equivalence margin), no clear change,\n"
	"single run, no variation in the runs.\n"
	"\n"
	"Options:\n"
	"  --metric M, --op O, --config C, --tool T, --host H   filters\n"
	"  --baseline MODE    the unencrypted mode (default none)\n"
	"  --alpha P          significance level of the verdicts (default 0.05)\n"
	"  --adjust holm|none Holm's adjustment over the table (default holm)\n"
	"  --equivalence PCT  the +/- margin of \"unchanged\" (default 2)\n"
	"  --md, --csv, --json, -o FILE, --units si|iec   output\n"
	"\n"
	"Example:\n"
	"  encbench trend --metric bw --op write runs/\n",
	exec_trend,
};


struct trend_out {
	struct eb_trend_row *rows;
	size_t n;
	const struct eb_output *o;
};


static enum eb_status
write_md(void *ctx, FILE *fp)
{
	struct trend_out *w = ctx;

	eb_md_trend(fp, w->rows, w->n, w->o->iec);
	return ferror(fp) ? EB_ERR_IO : EB_OK;
}

static enum eb_status
write_csv(void *ctx, FILE *fp)
{
	struct trend_out *w = ctx;

	fprintf(fp, "%sn,mean,ci_low,ci_high,overhead_pct,previous_release,change_pct,"
	    "p_value,verdict\n", eb_key_csv_header);
	for (size_t i = 0; i < w->n; i++) {
		const struct eb_trend_row *r = &w->rows[i];

		eb_key_csv(fp, r->g->key);
		fprintf(fp, "%zu,", r->g->s.n);
		eb_csv_number(fp, r->g->s.mean);
		putc(',', fp);
		eb_csv_number(fp, r->g->s.ci_low);
		putc(',', fp);
		eb_csv_number(fp, r->g->s.ci_high);
		putc(',', fp);
		eb_csv_number(fp, r->overhead_pct);
		putc(',', fp);
		eb_csv_cell(fp, r->prev ? r->prev->key->f[EB_F_RELEASE] : "");
		putc(',', fp);
		eb_csv_number(fp, r->prev ? r->change_pct : NAN);
		putc(',', fp);
		eb_csv_number(fp, r->p);
		putc(',', fp);
		eb_csv_cell(fp, r->verdict ? r->verdict : "");
		putc('\n', fp);
	}
	return ferror(fp) ? EB_ERR_IO : EB_OK;
}



static enum eb_status
write_json(void *ctx, FILE *fp)
{
	struct trend_out *w = ctx;

	eb_json_trend(fp, w->rows, w->n);
	return ferror(fp) ? EB_ERR_IO : EB_OK;
}

static int
exec_trend(int argc, char **argv)
{
	static const struct option longopts[] = {
		EB_ANALYSIS_LONGOPTS, EB_BASELINE_LONGOPT, EB_ALPHA_LONGOPT, EB_VERDICT_LONGOPTS,
		{ NULL, 0, NULL, 0 },
	};
	struct eb_analysis a;
	struct trend_out w = { 0 };
	struct eb_groups *gs;
	struct eb_verdict_opts vo;
	int rc;

	if ((rc = eb_analysis_begin(&a, &eb_cmd_trend, argc, argv, longopts, NULL)) >= 0)
		return rc;
	if (a.t->n == 0) {
		fputs("encbench: error: no records left to show (check the filters)\n", stderr);
		eb_analysis_end(&a);
		return EB_EXIT_DATA;
	}
	gs = eb_aggregate(a.t);
	eb_analysis_verdict_opts(&a, &vo);
	w.rows = eb_trend_compute_opts(gs, a.baseline, &vo, &w.n);
	w.o = &a.out;
	rc = eb_output_write(&a.out, a.out.fmt == EB_OUT_CSV ? write_csv :
	    a.out.fmt == EB_OUT_JSON ? write_json : write_md, &w);
	free(w.rows);
	eb_groups_free(gs);
	eb_analysis_end(&a);
	return rc;
}
