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
	eb_grid_build(&w.grid, gs, release);
	w.o = &out;
	w.release = release;
	rc = eb_output_write(&out, out.fmt == EB_OUT_CSV ? write_csv :
	    out.fmt == EB_OUT_JSON ? write_json : write_md, &w);
	eb_grid_free(&w.grid);
	eb_groups_free(gs);
	eb_table_free(t);
	return rc;
}
