/* cmd_table.c - "encbench table": the absolute numbers a blog post shows,
 * modes as rows and one column per test, each column in a stated unit. */
#include <getopt.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "../analyze/analyze.h"
#include "../render/render.h"

static int exec_table(int argc, char **argv);

const struct eb_cmd eb_cmd_table = {
	"table",
	"table [--release R] [--metric M] [--op O] [--units si|iec]\n"
	"                  [--md|--csv|--json] [-o FILE] INPUT...",
	"Tabulate absolute results: modes as rows, one column per test.",
	"\n"
	"Shows one release (default: the latest in version order). Each cell is\n"
	"the mean over repetitions, with the half-width of its 95 % confidence\n"
	"interval (±) when there is more than one run. Each column picks its own\n"
	"display unit and says it in its header: MB/s and GB/s by default, MiB/s\n"
	"and GiB/s with --units iec.\n"
	"\n"
	"Options:\n"
	"  --release R        the release to show\n"
	"  --metric M, --op O, --config C, --tool T, --host H   filters\n"
	"  --units si|iec     decimal (MB/s) or binary (MiB/s) units\n"
	"  --md, --csv, --json, -o FILE   output (CSV and JSON carry every group\n"
	"                     at full precision)\n"
	"\n"
	"Example:\n"
	"  encbench table --release 24.04 --metric bw runs/\n",
	exec_table,
};

/* A cell's coordinates: columns are tests, rows are modes (and configs and
 * hosts when the data has several). */
#define COLUMN_IGNORE (EB_FIELD_BIT(EB_F_MODE) | EB_FIELD_BIT(EB_F_CONFIG) | \
	EB_FIELD_BIT(EB_F_HOST) | EB_FIELD_BIT(EB_F_RELEASE))
#define ROW_FIELDS 3
static const int row_fields[ROW_FIELDS] = { EB_F_MODE, EB_F_CONFIG, EB_F_HOST };

struct table_out {
	const struct eb_groups *gs;
	const struct eb_group **cols, **rows;
	size_t ncols, nrows;
	const struct eb_output *o;
	const char *release;
	int show_config, show_host;
};

static int
same_row(const struct eb_record *a, const struct eb_record *b)
{
	for (int i = 0; i < ROW_FIELDS; i++)
		if (a->f[row_fields[i]] != b->f[row_fields[i]])
			return 0;
	return 1;
}

static const struct eb_group *
cell(const struct table_out *w, size_t r, size_t c)
{
	for (size_t i = 0; i < w->gs->n; i++) {
		const struct eb_group *g = &w->gs->g[i];

		if (same_row(g->key, w->rows[r]->key) &&
		    eb_record_key_equal(g->key, w->cols[c]->key, COLUMN_IGNORE))
			return g;
	}
	return NULL;
}

static enum eb_status
write_md(void *ctx, FILE *fp)
{
	struct table_out *w = ctx;
	size_t nc = w->ncols + 1;
	struct eb_display *units = eb_xcalloc(w->ncols, sizeof *units);
	const char **cells = eb_xcalloc(nc, sizeof *cells);
	char **owned = eb_xcalloc(nc, sizeof *owned);
	char *align = eb_xcalloc(nc + 1, 1);
	struct eb_md md;

	eb_md_init(&md, nc);
	align[0] = 'l';
	cells[0] = "mode";
	for (size_t c = 0; c < w->ncols; c++) {
		const struct eb_record *k = w->cols[c]->key;
		double top = 0;
		char label[160];

		for (size_t r = 0; r < w->nrows; r++) {
			const struct eb_group *g = cell(w, r, c);

			if (g != NULL && fabs(g->s.mean) > top)
				top = fabs(g->s.mean);
		}
		eb_display_unit(k->f[EB_F_METRIC], k->f[EB_F_UNIT], top, w->o->iec, &units[c]);
		eb_case_label(k, label, sizeof label);
		if (strcmp(k->f[EB_F_METRIC], "bw") == 0)
			owned[c + 1] = eb_xasprintf("%s (%s)", label, units[c].label);
		else
			owned[c + 1] = eb_xasprintf("%s %s (%s)", label,
			    eb_metric_words(k->f[EB_F_METRIC]), units[c].label);
		cells[c + 1] = owned[c + 1];
		align[c + 1] = 'r';
	}
	for (size_t c = 0; c < nc; c++)
		md.align[c] = align[c];
	eb_md_rowv(&md, cells);
	for (size_t r = 0; r < w->nrows; r++) {
		const struct eb_record *k = w->rows[r]->key;

		for (size_t c = 0; c < nc; c++) {
			free(owned[c]);
			owned[c] = NULL;
		}
		owned[0] = eb_xasprintf("%s%s%s%s%s%s", k->f[EB_F_MODE],
		    w->show_config ? " (" : "", w->show_config ? k->f[EB_F_CONFIG] : "",
		    w->show_config ? ")" : "", w->show_host ? " @ " : "",
		    w->show_host ? k->f[EB_F_HOST] : "");
		cells[0] = owned[0];
		for (size_t c = 0; c < w->ncols; c++) {
			const struct eb_group *g = cell(w, r, c);
			char mean[32], half[32];

			if (g == NULL) {
				cells[c + 1] = "";
				continue;
			}
			eb_format_display(mean, sizeof mean, g->s.mean / units[c].div);
			if (g->s.n > 1 && !isnan(g->s.ci_high)) {
				snprintf(half, sizeof half, "%.*f",
				    eb_display_decimals(g->s.mean / units[c].div),
				    (g->s.ci_high - g->s.mean) / units[c].div);
				owned[c + 1] = eb_xasprintf("%s ± %s", mean, half);
			} else
				owned[c + 1] = eb_xstrdup(mean);
			cells[c + 1] = owned[c + 1];
		}
		eb_md_rowv(&md, cells);
	}
	fprintf(fp, "Release %s: mean of the runs ± half-width of the 95 %% confidence "
	    "interval.\n\n", *w->release ? w->release : "(none)");
	eb_md_write(&md, fp);
	for (size_t c = 0; c < nc; c++)
		free(owned[c]);
	free(owned);
	free((void *)cells);
	free(align);
	free(units);
	eb_md_free(&md);
	return ferror(fp) ? EB_ERR_IO : EB_OK;
}

static enum eb_status
write_csv(void *ctx, FILE *fp)
{
	struct table_out *w = ctx;

	fprintf(fp, "%sn,mean,median,sd,min,max,ci_low,ci_high\n", eb_key_csv_header);
	for (size_t r = 0; r < w->nrows; r++)
		for (size_t c = 0; c < w->ncols; c++) {
			const struct eb_group *g = cell(w, r, c);
			const double v[] = { g ? g->s.mean : 0, g ? g->s.median : 0,
				g ? g->s.sd : 0, g ? g->s.min : 0, g ? g->s.max : 0,
				g ? g->s.ci_low : 0, g ? g->s.ci_high : 0 };

			if (g == NULL)
				continue;
			eb_key_csv(fp, g->key);
			fprintf(fp, "%zu", g->s.n);
			for (size_t i = 0; i < sizeof v / sizeof v[0]; i++) {
				putc(',', fp);
				eb_csv_number(fp, v[i]);
			}
			putc('\n', fp);
		}
	return ferror(fp) ? EB_ERR_IO : EB_OK;
}

static enum eb_status
write_json(void *ctx, FILE *fp)
{
	struct table_out *w = ctx;
	int first = 1;

	fputs("[", fp);
	for (size_t r = 0; r < w->nrows; r++)
		for (size_t c = 0; c < w->ncols; c++) {
			const struct eb_group *g = cell(w, r, c);

			if (g == NULL)
				continue;
			fputs(first ? "\n  {" : ",\n  {", fp);
			first = 0;
			eb_key_json(fp, g->key);
			fprintf(fp, "\"n\": %zu, \"mean\": ", g->s.n);
			eb_json_number(fp, g->s.mean);
			fputs(", \"median\": ", fp);
			eb_json_number(fp, g->s.median);
			fputs(", \"sd\": ", fp);
			eb_json_number(fp, g->s.sd);
			fputs(", \"min\": ", fp);
			eb_json_number(fp, g->s.min);
			fputs(", \"max\": ", fp);
			eb_json_number(fp, g->s.max);
			fputs(", \"ci_low\": ", fp);
			eb_json_number(fp, g->s.ci_low);
			fputs(", \"ci_high\": ", fp);
			eb_json_number(fp, g->s.ci_high);
			fputs("}", fp);
		}
	fputs(first ? "]\n" : "\n]\n", fp);
	return ferror(fp) ? EB_ERR_IO : EB_OK;
}

static int
cmp_cols(const void *a, const void *b)
{
	return eb_record_report_cmp((*(const struct eb_group *const *)a)->key,
	    (*(const struct eb_group *const *)b)->key);
}

static int
cmp_rows(const void *a, const void *b)
{
	const struct eb_record *x = (*(const struct eb_group *const *)a)->key;
	const struct eb_record *y = (*(const struct eb_group *const *)b)->key;
	int c = eb_mode_cmp(x->f[EB_F_MODE], y->f[EB_F_MODE]);

	if (c == 0)
		c = strcmp(x->f[EB_F_CONFIG], y->f[EB_F_CONFIG]);
	return c ? c : strcmp(x->f[EB_F_HOST], y->f[EB_F_HOST]);
}

/* The distinct rows and columns of the groups. */
static void
layout(struct table_out *w)
{
	size_t capc = 0, capr = 0;

	for (size_t i = 0; i < w->gs->n; i++) {
		const struct eb_group *g = &w->gs->g[i];
		size_t j;

		for (j = 0; j < w->ncols && !eb_record_key_equal(w->cols[j]->key, g->key,
		    COLUMN_IGNORE); j++)
			;
		if (j == w->ncols) {
			eb_xgrow(&w->cols, &capc, w->ncols + 1, sizeof *w->cols);
			w->cols[w->ncols++] = g;
		}
		for (j = 0; j < w->nrows && !same_row(w->rows[j]->key, g->key); j++)
			;
		if (j == w->nrows) {
			eb_xgrow(&w->rows, &capr, w->nrows + 1, sizeof *w->rows);
			w->rows[w->nrows++] = g;
		}
		if (g->key->f[EB_F_CONFIG] != w->gs->g[0].key->f[EB_F_CONFIG])
			w->show_config = 1;
		if (g->key->f[EB_F_HOST] != w->gs->g[0].key->f[EB_F_HOST])
			w->show_host = 1;
	}
	qsort((void *)w->cols, w->ncols, sizeof *w->cols, cmp_cols);
	qsort((void *)w->rows, w->nrows, sizeof *w->rows, cmp_rows);
}

static int
exec_table(int argc, char **argv)
{
	static const struct option longopts[] = {
		EB_INPUT_LONGOPTS, EB_OUTPUT_LONGOPTS, EB_FILTER_LONGOPTS,
		{ "release", required_argument, NULL, 'r' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct eb_inputs in = { 0 };
	struct eb_output out = { EB_OUT_MD, NULL, 0 };
	struct eb_filters filters = { { 0 } };
	const char *release = NULL;
	struct table_out w = { 0 };
	struct eb_table *t;
	struct eb_groups *gs;
	int opt, rc;

	optind = 1;
	while ((opt = getopt_long(argc, argv, "o:qh", longopts, NULL)) != -1) {
		if (eb_inputs_option(&in, opt, optarg) || eb_filters_option(&filters, opt, optarg))
			continue;
		if ((rc = eb_output_option(&out, &eb_cmd_table, opt, optarg)) != 0) {
			if (rc < 0)
				return eb_inputs_free(&in), EB_EXIT_USAGE;
			continue;
		}
		switch (opt) {
		case 'r':
			release = optarg;
			break;
		case 'h':
			eb_cli_help(&eb_cmd_table, stdout);
			eb_inputs_free(&in);
			return EB_EXIT_OK;
		default:
			eb_inputs_free(&in);
			return eb_cli_usage(&eb_cmd_table, "bad option");
		}
	}
	if (optind >= argc) {
		eb_inputs_free(&in);
		return eb_cli_usage(&eb_cmd_table, "no INPUT to read");
	}
	if ((rc = eb_inputs_check(&in, &eb_cmd_table)) != 0 ||
	    (rc = eb_inputs_load(&in, argv + optind, argc - optind, &t)) != 0) {
		eb_inputs_free(&in);
		return rc;
	}
	eb_inputs_free(&in);
	eb_filters_apply(&filters, t);
	if (release == NULL && t->n > 0) {
		release = t->rows[0].f[EB_F_RELEASE];
		for (size_t i = 1; i < t->n; i++)
			if (eb_natural_cmp(t->rows[i].f[EB_F_RELEASE], release) > 0)
				release = t->rows[i].f[EB_F_RELEASE];
	}
	if (release != NULL)
		eb_table_keep(t, EB_F_RELEASE, release);
	if (t->n == 0) {
		fprintf(stderr, "encbench: error: no records%s%s%s to tabulate\n",
		    release ? " of release '" : "", release ? release : "", release ? "'" : "");
		eb_table_free(t);
		return EB_EXIT_DATA;
	}
	gs = eb_aggregate(t);
	w.gs = gs;
	w.o = &out;
	w.release = release;
	layout(&w);
	rc = eb_output_write(&out, out.fmt == EB_OUT_CSV ? write_csv :
	    out.fmt == EB_OUT_JSON ? write_json : write_md, &w);
	free((void *)w.cols);
	free((void *)w.rows);
	eb_groups_free(gs);
	eb_table_free(t);
	return rc;
}
