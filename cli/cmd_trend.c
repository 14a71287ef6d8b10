/* cmd_trend.c - "encbench trend": every case across releases in version
 * order, with its overhead in each and the change from the release before. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "../analyze/analyze.h"
#include "../analyze/caveats.h"
#include "../render/render.h"

static int exec_trend(const struct eb_args *a);

const struct eb_cmd eb_cmd_trend = {
	"trend",
	"trend [--metric M] [--op O] [--baseline MODE] [--alpha 0.05]\n"
	"                  [--md|--csv|--json] [-o FILE] [--units si|iec] INPUT...",
	"Follow every case across releases in version order.",
	"\n"
	"Releases are ordered as versions (20.04 < 20.10 < 22.04 < 23.10 < 24.04).\n"
	"For every case and mode, each release shows the mean, the overhead\n"
	"against the baseline mode of that same release, and the change from the\n"
	"previous release that measured it, with Welch's test (Holm-adjusted within\n"
	"each pair of releases and host, per metric class, the families of diff)\n"
	"and a verdict: improved, regressed,\n"
	"unchanged (interval within the equivalence margin), no clear change,\n"
	"single run, no variation in the runs.\n"
	"\n"
	"Options:\n"
	"  --metric M, --op O, --config C, --tool T, --host H   filters\n"
	"  --mode MODE        keep that mode and the baseline (--baseline), which\n"
	"                     its overheads are computed against\n"
	"  --baseline MODE    the unencrypted mode (default none)\n"
	"  --alpha P          significance level of the verdicts (default 0.05)\n"
	"  --adjust holm|none Holm's adjustment within each pair of releases and\n"
	"                     host (default holm)\n"
	"  --equivalence PCT  the +/- margin of \"unchanged\" (default 2)\n"
	"  --md, --csv, --json, -o FILE, --units si|iec   output\n"
	"  plus the input options of 'encbench help ingest' (--format, --set ...)\n"
	"\n"
	"Example:\n"
	"  encbench trend --metric bw --op write runs/\n",
	EB_OG_INPUT | EB_OG_OUTPUT | EB_OG_FILTERS | EB_OG_VERDICT, NULL,
	1, "no INPUT to read", exec_trend,
};


struct trend_out {
	struct eb_trend_row *rows;
	size_t n;
	const struct eb_output *o;
	struct eb_caveat_list caveats;	/* of the rows' figures */
};


static enum eb_status
write_md(void *ctx, FILE *fp)
{
	struct trend_out *w = ctx;

	eb_md_trend(fp, w->rows, w->n, w->o->iec);
	eb_md_caveats(fp, &w->caveats);
	return ferror(fp) ? EB_ERR_IO : EB_OK;
}

static enum eb_status
write_csv(void *ctx, FILE *fp)
{
	struct trend_out *w = ctx;

	eb_csv_header(fp, "n,mean,ci_low,ci_high,overhead_pct,previous_release,change_pct,"
	    "p_value,verdict");
	for (size_t i = 0; i < w->n; i++) {
		const struct eb_trend_row *r = &w->rows[i];
		const struct eb_cell cells[] = {
			EB_COUNT(r->g->s.n), EB_NUM(r->g->s.mean), EB_NUM(r->g->s.ci_low),
			EB_NUM(r->g->s.ci_high), EB_NUM(r->overhead_pct),
			EB_TEXT(r->prev ? r->prev->key->f[EB_F_RELEASE] : ""),
			EB_NUM(r->prev ? r->change_pct : NAN), EB_NUM(r->p),
			EB_TEXT(r->verdict ? r->verdict : ""),
		};

		eb_csv_row(fp, r->g->key, cells, sizeof cells / sizeof cells[0]);
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
exec_trend(const struct eb_args *a)
{
	static const struct eb_writers writers = { write_md, write_csv, write_json };
	struct trend_out w = { 0 };
	struct eb_table *t;
	struct eb_groups *gs;
	struct eb_verdict_opts vo;
	int rc;

	if ((rc = eb_analysis_load(a, &t)) >= 0)
		return rc;
	if (t->n == 0) {
		fputs("encbench: error: no records left to show (check the filters)\n", stderr);
		eb_table_free(t);
		return EB_EXIT_DATA;
	}
	gs = eb_aggregate(t);
	eb_args_verdict_opts(a, &vo);
	w.rows = eb_trend_compute_opts(gs, a->baseline, &vo, &w.n);
	w.o = &a->out;
	{
		/* A change rests on both releases' runs, an overhead on the
		 * baseline's too. */
		struct eb_caveats *c = eb_caveats_new(t);

		for (size_t i = 0; c != NULL && i < w.n; i++) {
			const struct eb_trend_row *r = &w.rows[i];

			eb_caveats_pair(c, r->g->key, r->prev != NULL ? r->prev->key : NULL,
			    &w.caveats);
			if (!isnan(r->overhead_pct))
				eb_caveats_case(c, r->g->key, a->baseline, &w.caveats);
		}
		eb_caveats_free(c);
	}
	if (!a->in.quiet)
		eb_output_caveats_note(&a->out, &w.caveats);
	rc = eb_output_emit(&a->out, &writers, &w);
	eb_caveat_list_free(&w.caveats);
	free(w.rows);
	eb_groups_free(gs);
	eb_table_free(t);
	return rc;
}
