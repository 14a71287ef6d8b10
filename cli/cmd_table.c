/* cmd_table.c - "encbench table": the absolute numbers a blog post shows,
 * modes as rows and one column per test, each column in a stated unit. */
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

	fprintf(fp, "%sn,mean,median,sd,min,max,ci_low,ci_high\n", eb_key_csv_header);
	for (size_t r = 0; r < w->grid.nrows; r++)
		for (size_t c = 0; c < w->grid.ncols; c++) {
			const struct eb_group *g = eb_grid_cell(&w->grid, r, c);
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

static const char *chosen_release;

static int
table_option(struct eb_analysis *a, int opt, char *arg)
{
	(void)a;
	if (opt != 'r')
		return eb_cli_usage(&eb_cmd_table, "bad option");
	chosen_release = arg;
	return 0;
}

static int
exec_table(int argc, char **argv)
{
	static const struct option longopts[] = {
		EB_ANALYSIS_LONGOPTS,
		{ "release", required_argument, NULL, 'r' },
		{ NULL, 0, NULL, 0 },
	};
	struct eb_analysis a;
	struct table_out w = { 0 };
	const char *release;
	struct eb_groups *gs;
	int rc;

	chosen_release = NULL;
	if ((rc = eb_analysis_begin(&a, &eb_cmd_table, argc, argv, longopts, table_option)) >= 0)
		return rc;
	release = chosen_release;
	if (release == NULL && a.t->n > 0) {
		release = a.t->rows[0].f[EB_F_RELEASE];
		for (size_t i = 1; i < a.t->n; i++)
			if (eb_natural_cmp(a.t->rows[i].f[EB_F_RELEASE], release) > 0)
				release = a.t->rows[i].f[EB_F_RELEASE];
	}
	if (release != NULL)
		eb_table_keep(a.t, EB_F_RELEASE, release);
	if (a.t->n == 0) {
		fprintf(stderr, "encbench: error: no records%s%s%s to tabulate\n",
		    release ? " of release '" : "", release ? release : "", release ? "'" : "");
		eb_analysis_end(&a);
		return EB_EXIT_DATA;
	}
	gs = eb_aggregate(a.t);
	eb_grid_build(&w.grid, gs, release);
	w.o = &a.out;
	w.release = release;
	rc = eb_output_write(&a.out, a.out.fmt == EB_OUT_CSV ? write_csv :
	    a.out.fmt == EB_OUT_JSON ? write_json : write_md, &w);
	eb_grid_free(&w.grid);
	eb_groups_free(gs);
	eb_analysis_end(&a);
	return rc;
}
