/* cmd_table.c - "encbench table": the absolute numbers a blog post shows,
 * modes as rows and one column per test, each column in a stated unit. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "../analyze/analyze.h"
#include "../render/render.h"

static int exec_table(const struct eb_args *a);

static const struct eb_opt table_opts[] = {
	{ "release", 0, EB_ARG_TEXT, EB_O_RELEASE, NULL },
	{ NULL, 0, EB_ARG_NONE, EB_O_COUNT, NULL },
};

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
	"  --mode MODE        that mode's row alone\n"
	"  --units si|iec     decimal (MB/s) or binary (MiB/s) units\n"
	"  --md, --csv, --json, -o FILE   output (CSV and JSON carry every group\n"
	"                     at full precision)\n"
	"  plus the input options of 'encbench help ingest' (--format, --set ...)\n"
	"\n"
	"Example:\n"
	"  encbench table --release 24.04 --metric bw runs/\n",
	EB_OG_INPUT | EB_OG_OUTPUT | EB_OG_FILTERS, table_opts,
	1, "no INPUT to read", exec_table,
};

struct table_out {
	struct eb_grid grid;
	const struct eb_output *o;
	const char *release;
};


static enum eb_status
write_md(void *ctx, FILE *fp)
{
	struct table_out *w = ctx;

	eb_md_absolute(fp, &w->grid, w->release, w->o->iec);
	return ferror(fp) ? EB_ERR_IO : EB_OK;
}

static enum eb_status
write_csv(void *ctx, FILE *fp)
{
	struct table_out *w = ctx;

	eb_csv_header(fp, "n,mean,median,sd,min,max,ci_low,ci_high");
	for (size_t r = 0; r < w->grid.nrows; r++)
		for (size_t c = 0; c < w->grid.ncols; c++) {
			const struct eb_group *g = eb_grid_cell(&w->grid, r, c);

			if (g != NULL) {
				const struct eb_cell cells[] = {
					EB_COUNT(g->s.n), EB_NUM(g->s.mean), EB_NUM(g->s.median),
					EB_NUM(g->s.sd), EB_NUM(g->s.min), EB_NUM(g->s.max),
					EB_NUM(g->s.ci_low), EB_NUM(g->s.ci_high),
				};

				eb_csv_row(fp, g->key, cells, sizeof cells / sizeof cells[0]);
			}
		}
	return ferror(fp) ? EB_ERR_IO : EB_OK;
}

static enum eb_status
write_json(void *ctx, FILE *fp)
{
	struct table_out *w = ctx;
	const struct eb_group **cells = eb_xcalloc(w->grid.nrows * w->grid.ncols + 1,
	    sizeof *cells);
	size_t n = 0;

	for (size_t r = 0; r < w->grid.nrows; r++)
		for (size_t c = 0; c < w->grid.ncols; c++)
			if ((cells[n] = eb_grid_cell(&w->grid, r, c)) != NULL)
				n++;
	eb_json_groups(fp, cells, n);
	free((void *)cells);
	return ferror(fp) ? EB_ERR_IO : EB_OK;
}

/* The newest release in version order, when --release names none. */
static const char *
newest_release(const struct eb_table *t)
{
	const char *release = t->n > 0 ? t->rows[0].f[EB_F_RELEASE] : NULL;

	for (size_t i = 1; i < t->n; i++)
		if (eb_release_cmp(t->rows[i].f[EB_F_RELEASE], release) > 0)
			release = t->rows[i].f[EB_F_RELEASE];
	return release;
}

static int
exec_table(const struct eb_args *a)
{
	static const struct eb_writers writers = { write_md, write_csv, write_json };
	struct table_out w = { 0 };
	struct eb_table *t;
	const char *release;
	struct eb_groups *gs;
	int rc;

	/* A --release the data lacks is named, with the ones it has, by the
	 * filters; without one the table shows the newest. */
	if ((rc = eb_analysis_load(a, &t)) >= 0)
		return rc;
	if ((release = a->filters.v[EB_F_RELEASE]) == NULL &&
	    (release = newest_release(t)) != NULL)
		eb_table_keep(t, EB_F_RELEASE, release);
	if (t->n == 0) {
		fputs("encbench: error: no records to tabulate\n", stderr);
		eb_table_free(t);
		return EB_EXIT_DATA;
	}
	gs = eb_aggregate(t);
	eb_grid_build(&w.grid, gs, release);
	w.o = &a->out;
	w.release = release;
	rc = eb_output_emit(&a->out, &writers, &w);
	eb_grid_free(&w.grid);
	eb_groups_free(gs);
	eb_table_free(t);
	return rc;
}
