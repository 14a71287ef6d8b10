/* chart.h - the charts of a report: bars, overhead, trend, diff, heatmap
 * and fio time series, laid out as a scene and drawn as SVG, PNG or PDF, or
 * handed to gnuplot as a data file and a readable script. */
#ifndef EB_CHART_H
#define EB_CHART_H

#include "../core/eb.h"
#include "scene.h"

struct eb_groups;	/* analyze/analyze.h */
struct eb_chart_logs;	/* below */

/* The kinds of the table in chart.c, in its order. A kind added to the
 * table needs no name here: eb_chart_kind_lookup finds it by its name. */
enum eb_chart_kind {
	EB_CHART_BARS,		/* absolute values per mode, one release */
	EB_CHART_OVERHEAD,	/* each mode as % of the baseline of its release */
	EB_CHART_TREND,		/* one line per mode across releases */
	EB_CHART_DIFF,		/* release A -> B per mode, with significance */
	EB_CHART_HEATMAP,	/* overhead %, mode x release or mode x block size */
	EB_CHART_TIMESERIES,	/* fio bw/iops/lat logs over time */
	EB_CHART_COST,		/* CPU-seconds and joules per GiB per mode */
};

enum eb_chart_backend { EB_BACKEND_CAIRO, EB_BACKEND_GNUPLOT };
enum eb_heat_columns { EB_HEAT_RELEASE, EB_HEAT_BLOCK_SIZE };

struct eb_chart_opts {
	enum eb_chart_kind kind;
	/* Which records are drawn; NULL takes them all, but for metric
	 * (default bw when there is any, else the first metric seen) and
	 * release (bars, overhead, heatmap by block size: the newest). */
	const char *metric, *op, *config, *release;
	const char *from, *to;	/* diff: default the two newest releases */
	const char *baseline;	/* default "none" */
	double alpha;		/* diff significance level; 0 means 0.05 */
	int relative;		/* trend: % of the baseline instead of values */
	enum eb_heat_columns heat;
	const char *title, *subtitle;	/* NULL: made from the data */
	double width, height;	/* CSS px; 0: 800 wide, as tall as needed */
	double scale;		/* PNG device pixels per px; 0 means 1 */
	int iec;		/* MiB/s rather than MB/s */
	int dark;		/* the dark theme */
	/* timeseries: the samples of the fio logs to draw (no groups). */
	const struct eb_chart_logs *logs;
	/* A field of a run's metadata ("kernel", "zfs") for the subtitle,
	 * as text; 0 (buf "") when the run does not say. The caller knows
	 * the metadata's format (ingest's eb_rundir_meta_get fits); NULL
	 * leaves the fields out. */
	int (*meta_get)(const struct eb_run_meta *m, const char *key, char *buf, size_t n);
	/* The input files, for the provenance of SVG and PDF. */
	const char *const *sources;
	size_t nsources;
	enum eb_chart_backend backend;
	const char *script_dir;	/* gnuplot: keep the data file and script here */
	const char *gnuplot;	/* gnuplot: the program; NULL means "gnuplot" */
	struct eb_diag *diag;	/* notes (a chart taller than asked); may be NULL */
};

/* Sets every option to its default. */
void eb_chart_opts_init(struct eb_chart_opts *o);
/* "bars" ... "timeseries" and back; -1 for an unknown name. */
const char *eb_chart_kind_name(enum eb_chart_kind k);
int eb_chart_kind_lookup(const char *name);
/* Every kind's name, for messages: "bars, overhead, ... or timeseries". */
void eb_chart_kind_names(char *buf, size_t n);

/* Charts draw the groups of eb_aggregate, which a caller drawing several
 * charts of one table computes once; the groups' table gives the run
 * metadata. A timeseries chart takes NULL groups.
 *
 * Renders the chart to path, as SVG, PNG or PDF by its extension (".scene"
 * writes the scene's text dump, for tests). Fails with EB_ERR_DATA when the
 * groups hold nothing to draw, EB_ERR_USAGE for impossible options and
 * EB_ERR_IO when writing fails; an existing file at path is then left as
 * it was. */
enum eb_status eb_chart_render(const struct eb_chart_opts *o, const struct eb_groups *gs,
    const char *path, struct eb_err *err);

/* The chart as an SVG document, for inlining in HTML; the caller frees it.
 * NULL (and err filled) when there is nothing to draw. */
char *eb_chart_svg(const struct eb_chart_opts *o, const struct eb_groups *gs,
    struct eb_err *err);

/* The chart's scene; the caller frees it with eb_scene_free. */
struct eb_scene *eb_chart_scene(const struct eb_chart_opts *o, const struct eb_groups *gs,
    struct eb_err *err);

/* ---- fio logs for a timeseries chart (chart_logs.c). render reads no
 * file: the caller scans each log (ingest's eb_fio_log_scan) and hands
 * its samples to this sink, which keeps a fixed number of bins per series,
 * so that memory stays flat for a log of any length. */

enum eb_chart_log_kind {
	EB_CHART_LOG_BW,	/* KiB/s in every fio version */
	EB_CHART_LOG_IOPS,
	EB_CHART_LOG_LAT,	/* ns in fio 3.x, us in 2.x (told apart here) */
	EB_CHART_LOG_CLAT,
	EB_CHART_LOG_SLAT,
	EB_CHART_LOG_NONE,	/* a log of no samples over time (a histogram) */
};

/* A sink for the logs that a timeseries of metric draws (NULL: every
 * log); NULL with err filled (EB_ERR_USAGE) for a metric no log has. The
 * caller frees it with eb_chart_logs_free. */
struct eb_chart_logs *eb_chart_logs_new(const char *metric, struct eb_err *err);
/* Starts the next log named, of kind; its file name (JOB_bw.1.log, as fio
 * names it) names its series. Returns 0 when the chart leaves the log out
 * (kind NONE, or another metric): then it gets no samples. */
int eb_chart_logs_begin(struct eb_chart_logs *cl, const char *path,
    enum eb_chart_log_kind kind);
/* A sample of the log begun last: ms since its job started, the value as
 * fio logged it, and the direction (0 read, 1 write, 2 trim). */
void eb_chart_logs_add(struct eb_chart_logs *cl, double time_ms, double value, int dir);
/* n samples of direction dir at once, as n calls of eb_chart_logs_add
 * would add them. */
void eb_chart_logs_add_run(struct eb_chart_logs *cl, int dir, const double *time_ms,
    const double *value, size_t n);
/* Adds what part holds of the log begun last to cl, as if cl had been
 * given those samples after its own: part is a sink begun on the same log
 * and fed a later range of it (one thread a range), neither ended yet. */
void eb_chart_logs_join(struct eb_chart_logs *cl, struct eb_chart_logs *part);
/* Ends the log begun last. */
void eb_chart_logs_end(struct eb_chart_logs *cl);
void eb_chart_logs_free(struct eb_chart_logs *cl);

/* Releases what charts keep for the life of the process (fonts, cairo's
 * and fontconfig's caches), for leak checkers; call it last, when no chart
 * or cairo object is alive. Optional otherwise. */
void eb_chart_release(void);

/* ---- palette (palette.c): a colour-blind-safe hue per mode family
 * (Okabe and Ito) and a shade per key or sector size, the same in every
 * chart of a report. */

struct eb_theme {
	uint32_t bg, text, muted, grid, axis, ref, whisker, hollow;
	int dark;
};

const struct eb_theme *eb_theme_get(int dark);
/* The colour of a mode: none grey, CCM vermillion, GCM blue, LUKS green,
 * geli purple, anything else ochre; lighter for smaller keys or sectors. */
uint32_t eb_mode_color(const char *mode, int dark);
/* The i-th colour of a categorical series that is no mode. */
uint32_t eb_series_color(size_t i, int dark);
/* The colour of an overhead of pct on a scale from lo (<= 0, blues) to hi
 * (yellow to dark red), and the text colour that reads on a colour. */
uint32_t eb_heat_color(double pct, double lo, double hi);
uint32_t eb_contrast_text(uint32_t bg);

#endif
