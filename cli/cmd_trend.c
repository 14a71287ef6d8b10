/* cmd_trend.c - "encbench trend": every case across releases in version
 * order, with its overhead in each and the change from the release before. */
#include <getopt.h>
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
	"previous release that measured it, with Welch's test and a verdict\n"
	"(improved, regressed, no significant change, single run).\n"
	"\n"
	"Options:\n"
	"  --metric M, --op O, --config C, --tool T, --host H   filters\n"
	"  --baseline MODE    the unencrypted mode (default none)\n"
	"  --alpha P          significance level of the verdicts (default 0.05)\n"
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
		EB_INPUT_LONGOPTS, EB_OUTPUT_LONGOPTS, EB_FILTER_LONGOPTS,
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
	struct trend_out w = { 0 };
	struct eb_table *t;
	struct eb_groups *gs;
	char *end;
	int opt, rc;

	optind = 1;
	while ((opt = getopt_long(argc, argv, "o:qh", longopts, NULL)) != -1) {
		if (eb_inputs_option(&in, opt, optarg) || eb_filters_option(&filters, opt, optarg))
			continue;
		if ((rc = eb_output_option(&out, &eb_cmd_trend, opt, optarg)) != 0) {
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
				return eb_cli_usage(&eb_cmd_trend, "--alpha takes a number between 0 and 1");
			}
			break;
		case 'h':
			eb_cli_help(&eb_cmd_trend, stdout);
			eb_inputs_free(&in);
			return EB_EXIT_OK;
		default:
			eb_inputs_free(&in);
			return eb_cli_usage(&eb_cmd_trend, "bad option");
		}
	}
	if (optind >= argc) {
		eb_inputs_free(&in);
		return eb_cli_usage(&eb_cmd_trend, "no INPUT to read");
	}
	if ((rc = eb_inputs_check(&in, &eb_cmd_trend)) != 0 ||
	    (rc = eb_inputs_load(&in, argv + optind, argc - optind, &t)) != 0) {
		eb_inputs_free(&in);
		return rc;
	}
	eb_inputs_free(&in);
	eb_filters_apply(&filters, t);
	if (t->n == 0) {
		fputs("encbench: error: no records left to show (check the filters)\n", stderr);
		eb_table_free(t);
		return EB_EXIT_DATA;
	}
	gs = eb_aggregate(t);
	w.rows = eb_trend_compute(gs, baseline, alpha, &w.n);
	w.o = &out;
	rc = eb_output_write(&out, out.fmt == EB_OUT_CSV ? write_csv :
	    out.fmt == EB_OUT_JSON ? write_json : write_md, &w);
	free(w.rows);
	eb_groups_free(gs);
	eb_table_free(t);
	return rc;
}
