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

struct trend_row {
	const struct eb_group *g, *prev;
	double overhead_pct;	/* NAN without a baseline */
	double change_pct, p;
	const char *verdict;
};

struct trend_out {
	struct trend_row *rows;
	size_t n;
	const struct eb_output *o;
};

static enum eb_status
write_md(void *ctx, FILE *fp)
{
	struct trend_out *w = ctx;
	struct eb_md md;

	eb_md_init(&md, 9);
	eb_md_header(&md, "llllrrrrl", "test", "metric", "mode", "release", "n", "mean",
	    "overhead", "change", "verdict");
	for (size_t i = 0; i < w->n; i++) {
		const struct trend_row *r = &w->rows[i];
		const struct eb_record *k = r->g->key;
		char test[160], n[24], mean[48], oh[32], change[32], num[32];
		struct eb_display d;
		const char *cells[9];

		eb_case_label(k, test, sizeof test);
		snprintf(n, sizeof n, "%zu", r->g->s.n);
		eb_display_unit(k->f[EB_F_METRIC], k->f[EB_F_UNIT], r->g->s.mean, w->o->iec, &d);
		eb_format_display(num, sizeof num, r->g->s.mean / d.div);
		snprintf(mean, sizeof mean, "%s %s", num, d.label);
		if (!isnan(r->overhead_pct))
			snprintf(oh, sizeof oh, "%.1f %%", r->overhead_pct);
		else
			oh[0] = '\0';
		if (r->prev != NULL)
			snprintf(change, sizeof change, "%+.1f %%", r->change_pct);
		else
			change[0] = '\0';
		cells[0] = test;
		cells[1] = eb_metric_words(k->f[EB_F_METRIC]);
		cells[2] = k->f[EB_F_MODE];
		cells[3] = k->f[EB_F_RELEASE];
		cells[4] = n;
		cells[5] = mean;
		cells[6] = oh;
		cells[7] = change;
		cells[8] = r->verdict == NULL ? "" : strcmp(r->verdict, "no change") == 0 ?
		    "no significant change" : r->verdict;
		eb_md_rowv(&md, cells);
	}
	eb_md_write(&md, fp);
	fputs("\nchange is against the previous release that measured the same case; "
	    "overhead against the baseline of the same release.\n", fp);
	eb_md_free(&md);
	return ferror(fp) ? EB_ERR_IO : EB_OK;
}

static enum eb_status
write_csv(void *ctx, FILE *fp)
{
	struct trend_out *w = ctx;

	fprintf(fp, "%sn,mean,ci_low,ci_high,overhead_pct,previous_release,change_pct,"
	    "p_value,verdict\n", eb_key_csv_header);
	for (size_t i = 0; i < w->n; i++) {
		const struct trend_row *r = &w->rows[i];

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

	fputs("[", fp);
	for (size_t i = 0; i < w->n; i++) {
		const struct trend_row *r = &w->rows[i];

		fputs(i ? ",\n  {" : "\n  {", fp);
		eb_key_json(fp, r->g->key);
		fprintf(fp, "\"n\": %zu, \"mean\": ", r->g->s.n);
		eb_json_number(fp, r->g->s.mean);
		fputs(", \"ci_low\": ", fp);
		eb_json_number(fp, r->g->s.ci_low);
		fputs(", \"ci_high\": ", fp);
		eb_json_number(fp, r->g->s.ci_high);
		fputs(", \"overhead_pct\": ", fp);
		eb_json_number(fp, r->overhead_pct);
		fputs(", \"previous_release\": ", fp);
		if (r->prev)
			eb_json_string(fp, r->prev->key->f[EB_F_RELEASE]);
		else
			fputs("null", fp);
		fputs(", \"change_pct\": ", fp);
		eb_json_number(fp, r->prev ? r->change_pct : NAN);
		fputs(", \"p_value\": ", fp);
		eb_json_number(fp, r->p);
		fputs(", \"verdict\": ", fp);
		if (r->verdict)
			eb_json_string(fp, r->verdict);
		else
			fputs("null", fp);
		fputs("}", fp);
	}
	fputs(w->n ? "\n]\n" : "]\n", fp);
	return ferror(fp) ? EB_ERR_IO : EB_OK;
}

static int
cmp_trend(const void *a, const void *b)
{
	const struct eb_record *x = (*(const struct trend_row *)a).g->key;
	const struct eb_record *y = (*(const struct trend_row *)b).g->key;
	struct eb_record xa = *x, ya = *y;
	int c;

	/* Release last, so that one case's releases stand together. */
	xa.f[EB_F_RELEASE] = ya.f[EB_F_RELEASE] = "";
	if ((c = eb_record_report_cmp(&xa, &ya)) != 0)
		return c;
	return eb_natural_cmp(x->f[EB_F_RELEASE], y->f[EB_F_RELEASE]);
}

/* Fills rows for every group: its overhead and its change from the latest
 * earlier release with the same case. */
static struct trend_row *
build(const struct eb_groups *gs, const char *baseline, double alpha, size_t *n)
{
	struct eb_group_index *ix = eb_group_index_new(gs, 0, NULL, NULL);
	size_t nrel, noh;
	const char **rel = eb_releases(gs, &nrel);
	struct eb_overhead *oh = eb_overhead_compute(gs, baseline, &noh);
	struct trend_row *rows = eb_xcalloc(gs->n ? gs->n : 1, sizeof *rows);

	for (size_t i = 0; i < gs->n; i++) {
		struct trend_row *r = &rows[i];
		const char *mine = gs->g[i].key->f[EB_F_RELEASE];
		const struct eb_overhead *o;
		size_t at = 0;

		r->g = &gs->g[i];
		o = eb_overhead_find(oh, noh, r->g);
		r->overhead_pct = o != NULL ? o->overhead_pct : NAN;
		r->p = NAN;
		while (at < nrel && rel[at] != mine)
			at++;
		for (size_t j = at; j-- > 0 && r->prev == NULL;)
			r->prev = eb_group_index_find(ix, r->g->key, EB_F_RELEASE, rel[j]);
		if (r->prev != NULL) {
			struct eb_welch wt;

			r->change_pct = (r->g->s.mean / r->prev->s.mean - 1) * 100;
			eb_welch_test(&r->prev->s, &r->g->s, &wt);
			r->p = wt.p;
			if (isnan(wt.p))
				r->verdict = "single run";
			else if (wt.p < alpha)
				r->verdict = (r->g->s.mean > r->prev->s.mean) ==
				    eb_metric_higher_is_better(r->g->key->f[EB_F_METRIC]) ?
				    "improved" : "regressed";
			else
				r->verdict = "no change";
		}
	}
	free(oh);
	free((void *)rel);
	eb_group_index_free(ix);
	*n = gs->n;
	return rows;
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
	w.rows = build(gs, baseline, alpha, &w.n);
	w.o = &out;
	qsort(w.rows, w.n, sizeof *w.rows, cmp_trend);
	rc = eb_output_write(&out, out.fmt == EB_OUT_CSV ? write_csv :
	    out.fmt == EB_OUT_JSON ? write_json : write_md, &w);
	free(w.rows);
	eb_groups_free(gs);
	eb_table_free(t);
	return rc;
}
