/* cmd_chart.c - "encbench chart": the charts of a report as SVG, PNG or PDF
 * drawn by encbench itself, or by gnuplot from a script it writes. */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "../analyze/analyze.h"
#include "../ingest/fio.h"
#include "../render/chart.h"

static int exec_chart(const struct eb_args *a);

static const struct eb_opt chart_opts[] = {
	{ "kind", 0, EB_ARG_TEXT, EB_O_KIND, NULL },
	{ "output", 'o', EB_ARG_TEXT, EB_O_OUTPUT, NULL },
	{ "release", 0, EB_ARG_TEXT, EB_O_RELEASE, NULL },
	{ "from", 0, EB_ARG_TEXT, EB_O_FROM, NULL },
	{ "to", 0, EB_ARG_TEXT, EB_O_TO, NULL },
	{ "baseline", 0, EB_ARG_TEXT, EB_O_BASELINE, NULL },
	{ "alpha", 0, EB_ARG_PROB, EB_O_ALPHA, NULL },
	{ "relative", 0, EB_ARG_NONE, EB_O_RELATIVE, NULL },
	{ "columns", 0, EB_ARG_CHOICE, EB_O_COLUMNS, "release|block-size" },
	{ "title", 0, EB_ARG_TEXT, EB_O_TITLE, NULL },
	{ "subtitle", 0, EB_ARG_TEXT, EB_O_SUBTITLE, NULL },
	{ "width", 0, EB_ARG_POSITIVE, EB_O_WIDTH, NULL },
	{ "height", 0, EB_ARG_POSITIVE, EB_O_HEIGHT, NULL },
	{ "scale", 0, EB_ARG_POSITIVE, EB_O_SCALE, NULL },
	{ "units", 0, EB_ARG_CHOICE, EB_O_UNITS, "si (MB/s)|iec (MiB/s)" },
	{ "theme", 0, EB_ARG_CHOICE, EB_O_THEME, "light|dark" },
	{ "backend", 0, EB_ARG_CHOICE, EB_O_BACKEND, "cairo|gnuplot" },
	{ "emit-script", 0, EB_ARG_TEXT, EB_O_EMIT_SCRIPT, NULL },
	{ NULL, 0, EB_ARG_NONE, EB_O_COUNT, NULL },
};

const struct eb_cmd eb_cmd_chart = {
	"chart",
	"chart --kind KIND -o FILE.svg|FILE.png|FILE.pdf [--metric M] [--op O]\n"
	"                  [--config C] [--release R] [--from A --to B] [--relative]\n"
	"                  [--title T] [--subtitle S] [--width PX] [--height PX]\n"
	"                  [--scale N] [--units si|iec] [--theme light|dark]\n"
	"                  [--backend cairo|gnuplot [--emit-script DIR]] INPUT...",
	"Draw a chart of the results: bars, overhead, trend, diff, heatmap, timeseries.",
	"\n"
	"Kinds:\n"
	"  bars        the measured value per mode for one release (--release, default\n"
	"              the newest), read and write side by side, whiskers from the 95 %\n"
	"              confidence interval when there are several runs\n"
	"  overhead    each mode as % of the baseline mode (--baseline, default none)\n"
	"              of its release and test, with the 100 % line and Fieller intervals\n"
	"  trend       one line per mode across releases in version order; --relative\n"
	"              draws % of the baseline instead of the values\n"
	"  diff        the change from release A to B per mode (--from, --to; default\n"
	"              the two newest); no significant change is drawn hollow and grey\n"
	"  heatmap     overhead % per mode and release, or per mode and block size with\n"
	"              --columns block-size, the value printed in each cell\n"
	"  timeseries  fio logs (write_bw_log, write_iops_log, write_lat_log) over time,\n"
	"              one line per log and direction: the mean per pixel column in a\n"
	"              band from its minimum to its maximum, however long the log\n"
	"\n"
	"A test case (tool, job, workload, block size) gets a row of panels, a\n"
	"direction a column; rows name their jobs when two would share a label.\n"
	"Every mode has the same colour in every chart: a hue per family (none\n"
	"grey, CCM vermillion, GCM blue, LUKS green, geli purple) and a lighter\n"
	"shade for smaller keys and sectors; the hues stay apart for colour-blind\n"
	"readers.\n"
	"\n"
	"Options:\n"
	"  --kind KIND         what to draw (default bars)\n"
	"  -o FILE             the output; .svg, .png or .pdf says the format, and an\n"
	"                      existing FILE is only replaced when drawing succeeded\n"
	"  --metric M          bw (default), iops, lat_mean, lat_p99 ...; timeseries:\n"
	"                      bw, iops or lat logs only\n"
	"  --op O, --config C, --tool T, --host H   keep only those records\n"
	"  --mode MODE         keep that mode and the baseline it is drawn against\n"
	"  --release R         bars, overhead, heatmap by block size: the release\n"
	"  --from A --to B     diff: the releases to compare\n"
	"  --baseline MODE     overhead, trend --relative, heatmap (default none)\n"
	"  --alpha P           the level of every interval and verdict drawn (default\n"
	"                      0.05: 95 % intervals); timeseries draws none and\n"
	"                      refuses it\n"
	"  --relative          trend: % of the baseline of each release\n"
	"  --columns release|block-size   heatmap columns (default release)\n"
	"  --title T, --subtitle S   replace the title and the subtitle (by default\n"
	"                      host, release, kernel and ZFS when known, and the unit)\n"
	"  --width PX          width in CSS pixels (default 800); the height follows\n"
	"                      the content unless --height PX asks for more\n"
	"  --scale N           device pixels per CSS pixel of a PNG: 2 for high-DPI\n"
	"  --units si|iec      MB/s (default) or MiB/s\n"
	"  --theme light|dark  colours for light (default) or dark pages\n"
	"  --backend gnuplot   write a data file and a readable .gp script and have\n"
	"                      gnuplot draw the same chart (needs gnuplot installed)\n"
	"  --emit-script DIR   keep the gnuplot data file and script in DIR\n"
	"  plus the input options of 'encbench help ingest' (--format, --set ...)\n"
	"\n"
	"Text stays text: SVG output keeps labels as <text> (mode names can be\n"
	"found with grep) and carries the title, a description and the input files\n"
	"in <title>, <desc> and <metadata>. The same input gives the same SVG and PDF,\n"
	"byte for byte.\n"
	"\n"
	"Examples:\n"
	"  encbench chart --kind bars -o bars.png --scale 2 results.csv\n"
	"  encbench chart --kind overhead --op write -o overhead.svg runs/\n"
	"  encbench chart --kind trend --relative -o trend.pdf results.csv\n"
	"  encbench chart --kind diff --from 23.10 --to 24.04 -o diff.svg results.csv\n"
	"  encbench chart --kind timeseries -o bw.png runs/24.04/none/seq_bw.1.log\n"
	"  encbench chart --kind bars --backend gnuplot --emit-script gp/ -o b.png runs/\n",
	EB_OG_INPUT | EB_OG_FILTERS, chart_opts,
	1, "no INPUT to read", exec_chart,
};

static int
take_points(void *ctx, const struct eb_fio_points *run)
{
	eb_chart_logs_add_run(ctx, run->dir, run->time_ms, run->value, run->n);
	return 0;
}

/* Scans one log on every CPU, each range into a sink of its own, joined
 * in file order into logs. */
static enum eb_status
scan_log(struct eb_chart_logs *logs, const char *path, enum eb_chart_log_kind kind,
    struct eb_err *err)
{
	struct eb_chart_logs *part[8];
	int n = eb_cpu_count(), used = 1;
	enum eb_status st;

	if (n > 8)
		n = 8;
	part[0] = logs;
	for (int k = 1; k < n; k++) {
		part[k] = eb_chart_logs_new(NULL, err);
		eb_chart_logs_begin(part[k], path, kind);
	}
	st = eb_fio_log_scan_points(path, n, take_points, (void *const *)part, &used, err);
	for (int k = 1; k < n; k++) {
		if (k < used)
			eb_chart_logs_join(logs, part[k]);
		eb_chart_logs_free(part[k]);
	}
	return st;
}

/* Scans the fio logs named into the chart's sample sink: ingest knows
 * what a log is from its name and reads it, the chart keeps the bins. */
static enum eb_status
read_logs(struct eb_chart_logs *logs, const char *const *paths, size_t n,
    struct eb_diag *diag, struct eb_err *err)
{
	for (size_t f = 0; f < n; f++) {
		struct eb_loc loc = { paths[f], 0, 0 };
		enum eb_chart_log_kind kind;
		enum eb_status st;

		switch (eb_fio_log_kind(paths[f])) {
		case EB_FIO_LOG_BW:
			kind = EB_CHART_LOG_BW;
			break;
		case EB_FIO_LOG_IOPS:
			kind = EB_CHART_LOG_IOPS;
			break;
		case EB_FIO_LOG_LAT:
			kind = EB_CHART_LOG_LAT;
			break;
		case EB_FIO_LOG_CLAT:
			kind = EB_CHART_LOG_CLAT;
			break;
		case EB_FIO_LOG_SLAT:
			kind = EB_CHART_LOG_SLAT;
			break;
		case EB_FIO_LOG_HIST:
			eb_diag(diag, EB_WARNING, loc, "a latency histogram log "
			    "(log_hist_msec) has no samples to draw over time; left out");
			kind = EB_CHART_LOG_NONE;
			break;
		default:
			return eb_err_set(err, EB_ERR_DATA, loc, "cannot tell a bw, iops or lat "
			    "log from this name: fio names them NAME_bw.N.log, NAME_iops.N.log, "
			    "NAME_clat.N.log");
		}
		if (!eb_chart_logs_begin(logs, paths[f], kind))
			continue;
		st = scan_log(logs, paths[f], kind, err);
		eb_chart_logs_end(logs);
		if (st != EB_OK)
			return st;
	}
	return EB_OK;
}

/* The chart's options from the command line; EB_EXIT_USAGE after saying
 * why, or 0. */
static int
chart_options(const struct eb_args *a, struct eb_chart_opts *o)
{
	const char *kind = eb_args_get(a, EB_O_KIND);

	eb_chart_opts_init(o);
	if (kind != NULL) {
		int k = eb_chart_kind_lookup(kind);
		char names[256];

		if (k < 0) {
			eb_chart_kind_names(names, sizeof names);
			return eb_cli_usage(a->cmd, "no chart kind '%s': %s", kind, names);
		}
		o->kind = (enum eb_chart_kind)k;
	}
	if (a->out.path == NULL)
		return eb_cli_usage(a->cmd, "no output: name it with -o FILE.svg, .png or .pdf");
	if (eb_args_has(a, EB_O_EMIT_SCRIPT) && !eb_args_is(a, EB_O_BACKEND, "gnuplot"))
		return eb_cli_usage(a->cmd, "--emit-script keeps gnuplot's files: add --backend "
		    "gnuplot");
	o->release = eb_args_get(a, EB_O_RELEASE);
	o->from = eb_args_get(a, EB_O_FROM);
	o->to = eb_args_get(a, EB_O_TO);
	if (eb_args_has(a, EB_O_BASELINE))
		o->baseline = a->baseline;
	/* An option that would change nothing drawn is a mistake to say, not
	 * to ignore: a time series has no interval and no verdict. */
	if (o->kind == EB_CHART_TIMESERIES && eb_args_has(a, EB_O_ALPHA))
		return eb_cli_usage(a->cmd, "--alpha: a timeseries chart draws no interval "
		    "and no verdict");
	o->alpha = eb_args_num(a, EB_O_ALPHA, o->alpha);
	o->relative = eb_args_has(a, EB_O_RELATIVE);
	if (eb_args_has(a, EB_O_COLUMNS))
		o->heat = eb_args_is(a, EB_O_COLUMNS, "release") ? EB_HEAT_RELEASE :
		    EB_HEAT_BLOCK_SIZE;
	o->title = eb_args_get(a, EB_O_TITLE);
	o->subtitle = eb_args_get(a, EB_O_SUBTITLE);
	o->width = eb_args_num(a, EB_O_WIDTH, o->width);
	o->height = eb_args_num(a, EB_O_HEIGHT, o->height);
	o->scale = eb_args_num(a, EB_O_SCALE, o->scale);
	o->iec = a->out.iec;
	o->dark = eb_args_is(a, EB_O_THEME, "dark");
	if (eb_args_has(a, EB_O_BACKEND))
		o->backend = eb_args_is(a, EB_O_BACKEND, "gnuplot") ? EB_BACKEND_GNUPLOT :
		    EB_BACKEND_CAIRO;
	o->script_dir = eb_args_get(a, EB_O_EMIT_SCRIPT);
	o->metric = a->filters.v[EB_F_METRIC];
	o->op = a->filters.v[EB_F_OP];
	o->config = a->filters.v[EB_F_CONFIG];
	return 0;
}

/* Every release, metric, op, config, mode, tool and host named must be in
 * the data, as in the other commands; but a chart picks its release,
 * metric, op and config from the whole data itself, so only mode (with
 * the baseline), tool and host are kept. */
static int
chart_filter(const struct eb_args *a, struct eb_table *t)
{
	struct eb_filters kept = { { 0 }, NULL };
	struct eb_record *all = eb_xmalloc(t->n * sizeof *all + 1);
	const char *from = eb_args_get(a, EB_O_FROM), *to = eb_args_get(a, EB_O_TO);
	size_t n = t->n;
	int rc;

	memcpy(all, t->rows, n * sizeof *all);
	rc = eb_filters_apply_checked(&a->filters, t);
	memcpy(t->rows, all, n * sizeof *all);
	t->n = n;
	free(all);
	/* --from and --to of a diff chart name releases too. */
	if (rc != 0 || (from != NULL && (rc = eb_label_check(t, EB_F_RELEASE, "--from", from))) ||
	    (to != NULL && (rc = eb_label_check(t, EB_F_RELEASE, "--to", to))))
		return rc;
	kept.v[EB_F_MODE] = a->filters.v[EB_F_MODE];
	kept.baseline = a->filters.baseline;
	kept.v[EB_F_TOOL] = a->filters.v[EB_F_TOOL];
	kept.v[EB_F_HOST] = a->filters.v[EB_F_HOST];
	return eb_filters_apply_checked(&kept, t);
}

/* The fio logs of a timeseries, streamed into the chart's bins and never
 * held in a table: they can hold millions of samples. */
static int
load_logs(struct eb_chart_opts *o, struct eb_diag *diag, struct eb_chart_logs **logs)
{
	struct eb_err err;

	memset(&err, 0, sizeof err);
	if ((*logs = eb_chart_logs_new(o->metric, &err)) == NULL ||
	    read_logs(*logs, o->sources, o->nsources, diag, &err) != EB_OK) {
		eb_err_print(&err, stderr);
		return eb_exit_code(err.code);
	}
	o->logs = *logs;
	return -1;
}

static int
exec_chart(const struct eb_args *a)
{
	struct eb_chart_opts o;
	struct eb_diag diag;
	struct eb_err err;
	struct eb_table *t = NULL;
	struct eb_groups *gs = NULL;
	struct eb_chart_logs *logs = NULL;
	int rc;

	if ((rc = chart_options(a, &o)) != 0)
		return rc;
	o.sources = (const char *const *)a->operands;
	o.nsources = (size_t)a->noperands;
	o.meta_get = eb_rundir_meta_get;
	eb_diag_init_stderr(&diag);
	o.diag = &diag;
	if (o.kind == EB_CHART_TIMESERIES)
		rc = load_logs(&o, &diag, &logs);
	else if ((rc = eb_inputs_load(&a->in, a->operands, a->noperands, &t)) == 0)
		rc = chart_filter(a, t) != 0 ? EB_EXIT_DATA : -1;
	if (rc < 0) {
		memset(&err, 0, sizeof err);
		gs = t != NULL ? eb_aggregate(t) : NULL;
		if (eb_chart_render(&o, gs, a->out.path, &err) != EB_OK) {
			eb_err_print(&err, stderr);
			rc = eb_exit_code(err.code);
		} else
			rc = EB_EXIT_OK;
	}
	eb_groups_free(gs);
	eb_chart_logs_free(logs);
	eb_table_free(t);
	eb_chart_release();
	return rc;
}
