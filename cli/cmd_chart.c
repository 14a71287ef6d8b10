/* cmd_chart.c - "encbench chart": the charts of a report as SVG, PNG or PDF
 * drawn by encbench itself, or by gnuplot from a script it writes. */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "../analyze/analyze.h"
#include "../ingest/fio.h"
#include "../render/chart.h"

static int exec_chart(int argc, char **argv);

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
	"direction a column. Every mode has the same colour in every chart: a hue\n"
	"per family (none grey, CCM vermillion, GCM blue, LUKS green, geli purple)\n"
	"and a lighter shade for smaller keys and sectors; the hues stay apart for\n"
	"colour-blind readers.\n"
	"\n"
	"Options:\n"
	"  --kind KIND         what to draw (default bars)\n"
	"  -o FILE             the output; .svg, .png or .pdf says the format, and an\n"
	"                      existing FILE is only replaced when drawing succeeded\n"
	"  --metric M          bw (default), iops, lat_mean, lat_p99 ...; timeseries:\n"
	"                      bw, iops or lat logs only\n"
	"  --op O, --config C, --tool T, --host H   keep only those records\n"
	"  --release R         bars, overhead, heatmap by block size: the release\n"
	"  --from A --to B     diff: the releases to compare\n"
	"  --baseline MODE     overhead, trend --relative, heatmap (default none)\n"
	"  --alpha P           diff: significance level (default 0.05)\n"
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
	exec_chart,
};

enum {
	OPT_KIND = 0x2000, OPT_RELEASE, OPT_FROM, OPT_TO, OPT_BASELINE, OPT_ALPHA,
	OPT_RELATIVE, OPT_COLUMNS, OPT_TITLE, OPT_SUBTITLE, OPT_WIDTH, OPT_HEIGHT,
	OPT_SCALE, OPT_THEME, OPT_BACKEND, OPT_EMIT,
};

static int
number(const char *arg, double *out)
{
	char *end;

	*out = strtod(arg, &end);
	return end != arg && *end == '\0';
}

static int
fail(struct eb_inputs *in, const char *fmt, const char *arg)
{
	eb_inputs_free(in);
	return eb_cli_usage(&eb_cmd_chart, fmt, arg);
}

static int
take_sample(void *ctx, const struct eb_fio_sample *s)
{
	eb_chart_logs_add(ctx, s->time_ms, s->value, s->dir);
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
	st = eb_fio_log_scan_parts(path, n, take_sample, (void *const *)part, &used, err);
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

static int
exec_chart(int argc, char **argv)
{
	static const struct option longopts[] = {
		EB_INPUT_LONGOPTS, EB_FILTER_LONGOPTS,
		{ "kind", required_argument, NULL, OPT_KIND },
		{ "output", required_argument, NULL, 'o' },
		{ "release", required_argument, NULL, OPT_RELEASE },
		{ "from", required_argument, NULL, OPT_FROM },
		{ "to", required_argument, NULL, OPT_TO },
		{ "baseline", required_argument, NULL, OPT_BASELINE },
		{ "alpha", required_argument, NULL, OPT_ALPHA },
		{ "relative", no_argument, NULL, OPT_RELATIVE },
		{ "columns", required_argument, NULL, OPT_COLUMNS },
		{ "title", required_argument, NULL, OPT_TITLE },
		{ "subtitle", required_argument, NULL, OPT_SUBTITLE },
		{ "width", required_argument, NULL, OPT_WIDTH },
		{ "height", required_argument, NULL, OPT_HEIGHT },
		{ "scale", required_argument, NULL, OPT_SCALE },
		{ "units", required_argument, NULL, EB_OPT_UNITS },
		{ "theme", required_argument, NULL, OPT_THEME },
		{ "backend", required_argument, NULL, OPT_BACKEND },
		{ "emit-script", required_argument, NULL, OPT_EMIT },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct eb_inputs in = { 0 };
	struct eb_filters filters = { { 0 } };
	struct eb_chart_opts o;
	struct eb_diag diag;
	struct eb_err err;
	struct eb_table *t = NULL;
	struct eb_groups *gs;
	struct eb_chart_logs *logs = NULL;
	const char *out = NULL;
	int opt, rc, kind;
	double v;

	eb_chart_opts_init(&o);
	optind = 1;
	while ((opt = getopt_long(argc, argv, "o:qvh", longopts, NULL)) != -1) {
		if (eb_inputs_option(&in, opt, optarg) || eb_filters_option(&filters, opt, optarg))
			continue;
		switch (opt) {
		case 'o':
			out = optarg;
			break;
		case OPT_KIND:
			if ((kind = eb_chart_kind_lookup(optarg)) < 0) {
				char names[256];

				eb_chart_kind_names(names, sizeof names);
				eb_inputs_free(&in);
				return eb_cli_usage(&eb_cmd_chart, "no chart kind '%s': %s", optarg,
				    names);
			}
			o.kind = (enum eb_chart_kind)kind;
			break;
		case OPT_RELEASE:
			o.release = optarg;
			break;
		case OPT_FROM:
			o.from = optarg;
			break;
		case OPT_TO:
			o.to = optarg;
			break;
		case OPT_BASELINE:
			o.baseline = optarg;
			break;
		case OPT_ALPHA:
			if (!number(optarg, &o.alpha) || o.alpha <= 0 || o.alpha >= 1)
				return fail(&in, "--alpha '%s' is no probability between 0 and 1",
				    optarg);
			break;
		case OPT_RELATIVE:
			o.relative = 1;
			break;
		case OPT_COLUMNS:
			if (strcmp(optarg, "release") == 0)
				o.heat = EB_HEAT_RELEASE;
			else if (strcmp(optarg, "block-size") == 0)
				o.heat = EB_HEAT_BLOCK_SIZE;
			else
				return fail(&in, "--columns '%s': say release or block-size", optarg);
			break;
		case OPT_TITLE:
			o.title = optarg;
			break;
		case OPT_SUBTITLE:
			o.subtitle = optarg;
			break;
		case OPT_WIDTH:
		case OPT_HEIGHT:
		case OPT_SCALE:
			if (!number(optarg, &v) || v <= 0)
				return fail(&in, "'%s' is no positive number", optarg);
			if (opt == OPT_WIDTH)
				o.width = v;
			else if (opt == OPT_HEIGHT)
				o.height = v;
			else
				o.scale = v;
			break;
		case EB_OPT_UNITS:
			if (strcmp(optarg, "si") != 0 && strcmp(optarg, "iec") != 0)
				return fail(&in, "--units '%s': say si (MB/s) or iec (MiB/s)", optarg);
			o.iec = strcmp(optarg, "iec") == 0;
			break;
		case OPT_THEME:
			if (strcmp(optarg, "light") != 0 && strcmp(optarg, "dark") != 0)
				return fail(&in, "--theme '%s': say light or dark", optarg);
			o.dark = strcmp(optarg, "dark") == 0;
			break;
		case OPT_BACKEND:
			if (strcmp(optarg, "cairo") == 0)
				o.backend = EB_BACKEND_CAIRO;
			else if (strcmp(optarg, "gnuplot") == 0)
				o.backend = EB_BACKEND_GNUPLOT;
			else
				return fail(&in, "--backend '%s': say cairo or gnuplot", optarg);
			break;
		case OPT_EMIT:
			o.script_dir = optarg;
			break;
		case 'h':
			eb_cli_help(&eb_cmd_chart, stdout);
			eb_inputs_free(&in);
			return EB_EXIT_OK;
		default:
			eb_inputs_free(&in);
			return eb_cli_usage(&eb_cmd_chart, "bad option");
		}
	}
	if (out == NULL)
		return fail(&in, "%s", "no output: name it with -o FILE.svg, .png or .pdf");
	if (optind >= argc)
		return fail(&in, "%s", "no INPUT to read");
	if (o.script_dir != NULL && o.backend != EB_BACKEND_GNUPLOT)
		return fail(&in, "%s", "--emit-script keeps gnuplot's files: add --backend gnuplot");
	o.metric = filters.v[EB_F_METRIC];
	o.op = filters.v[EB_F_OP];
	o.config = filters.v[EB_F_CONFIG];
	o.sources = (const char *const *)(argv + optind);
	o.nsources = (size_t)(argc - optind);
	o.meta_get = eb_rundir_meta_get;
	eb_diag_init_stderr(&diag);
	o.diag = &diag;
	if (o.kind == EB_CHART_TIMESERIES) {
		/* Logs are streamed into the chart's bins, never held in a
		 * table: they can hold millions of samples. */
		memset(&err, 0, sizeof err);
		if ((logs = eb_chart_logs_new(o.metric, &err)) == NULL ||
		    read_logs(logs, o.sources, o.nsources, &diag, &err) != EB_OK) {
			eb_err_print(&err, stderr);
			eb_chart_logs_free(logs);
			eb_inputs_free(&in);
			return eb_exit_code(err.code);
		}
		o.logs = logs;
		t = eb_table_new();
	} else {
		if ((rc = eb_inputs_check(&in, &eb_cmd_chart)) != 0 ||
		    (rc = eb_inputs_load(&in, argv + optind, argc - optind, &t)) != 0) {
			eb_inputs_free(&in);
			return rc;
		}
		filters.v[EB_F_METRIC] = filters.v[EB_F_OP] = filters.v[EB_F_CONFIG] = NULL;
		eb_filters_apply(&filters, t);
	}
	eb_inputs_free(&in);
	memset(&err, 0, sizeof err);
	gs = o.kind == EB_CHART_TIMESERIES ? NULL : eb_aggregate(t);
	if (eb_chart_render(&o, gs, out, &err) != EB_OK) {
		eb_err_print(&err, stderr);
		rc = eb_exit_code(err.code);
	} else
		rc = EB_EXIT_OK;
	eb_groups_free(gs);
	eb_chart_logs_free(logs);
	eb_table_free(t);
	eb_chart_release();
	return rc;
}
