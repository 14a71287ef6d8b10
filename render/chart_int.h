/* chart_int.h - what the chart files share: the table entry of a chart
 * kind, the model that layouts and the gnuplot back end draw from, and the
 * helpers of model building, layout and gnuplot scripts.
 *
 * Who calls whom, so that no two files call each other: chart.c alone
 * sequences a chart (model, layout, back end) through the kind table; a
 * kind file (chart_bars.c, chart_overhead.c, chart_diff.c, chart_trend.c,
 * chart_heat.c, chart_timeseries.c) builds its model with chart_model.c
 * and chart_words.c and lays out its body with chart_layout.c, ticks.c
 * and, for the bar kinds, chart_band.c; the timeseries reads the bins of
 * the sample sink (chart_logs.c) that cli/ fills from ingest's scanner;
 * gnuplot.c runs gnuplot on what a kind's plot function writes with
 * gnuplot_script.c. Adding a kind is one file defining its struct
 * chart_kind and one line (and its extern) in the table of chart.c. */
#ifndef EB_CHART_INT_H
#define EB_CHART_INT_H

#include <math.h>
#include <stdio.h>

#include "../analyze/analyze.h"
#include "../analyze/caveats.h"
#include "chart.h"
#include "render.h"

/* Type sizes in px, one scale for every chart. */
#define FS_TITLE 19.0
#define FS_SUBTITLE 13.0
#define FS_HEAD 13.0
#define FS_LABEL 12.0
#define FS_VALUE 11.0
#define FS_TICK 11.0
#define FS_NOTE 10.5
#define LINE_H(size) ((size) * 1.3)
/* Baseline below the top of a line, and below the middle for centring:
 * DejaVu Sans has an ascent of 0.93 em and a cap height of 0.73 em. */
#define ASCENT(size) ((size) * 0.93)
#define MID(size) ((size) * 0.36)
#define MARGIN 24.0
#define DEFAULT_WIDTH 800.0

struct chart_model;
struct cm_build;
struct cm_row;
struct lay;
struct gp;
struct legend_item;

/* ---- a chart kind: one file each, one line in the table of chart.c */

struct chart_kind {
	const char *name;	/* as --kind names it */
	/* 1: draws the groups of analyze/ (and needs them); 0: fio logs. */
	int grouped;
	/* Fills the model: points or series, and what they are (percent,
	 * reference line, releases compared, label orders). */
	enum eb_status (*build)(struct cm_build *b, struct eb_err *err);
	/* The title, the kind's part of the subtitle and the note, once the
	 * rows are final. */
	void (*words)(struct cm_build *b, struct eb_buf *sub, struct eb_buf *note);
	/* The unit words of a row: "throughput, GB/s", "% of none". */
	void (*unit_text)(const struct chart_model *m, const struct cm_row *row, char *buf,
	    size_t n);
	/* The legend entries, or NULL for none; the caller frees them. */
	struct legend_item *(*legend)(const struct chart_model *m, size_t *n);
	/* Lays out the body from L->y; returns the y below it. */
	double (*body)(struct lay *L);
	/* Writes each panel's data and plot command for gnuplot. */
	void (*gnuplot)(struct gp *g);
};

/* ---- the model: panels in rows (test cases) and columns (read, write),
 * categories along a panel (modes, or releases for a trend), series
 * within it (modes of a trend, releases or block sizes of a heatmap). */

struct cm_point {
	size_t row, col, cat, ser;
	double v, lo, hi;	/* canonical unit, or % for percent models */
	size_t n;		/* runs behind v */
	int hollow;		/* diff: no significant change or a single run */
	int unbounded;		/* the interval has no bounds: drawn to the axis
				 * ends with arrows */
	const char *note;	/* diff: "single run"; static, or NULL */
	char *tip;		/* hover text; owned */
};

struct cm_row {
	char *label;			/* "fio seq 1 MiB"; owned */
	const struct eb_record *key;	/* a record of the row */
	struct eb_display disp;		/* the row's display unit */
	char unit[96];			/* the kind's unit words for the row */
	size_t *cats, ncats;		/* categories present, in order */
};

/* A fio log series reduced to bins of min, max, sum and count. */
struct ts_bin {
	double min, max, sum, cnt;
};

struct ts_series {
	char *label;		/* "job read"; owned */
	size_t row;		/* the panel: one per log kind */
	size_t file;		/* which log, in the order given */
	int dir;		/* 0 read, 1 write, 2 trim */
	uint32_t color;
	struct ts_bin *bins;	/* nbins */
	double *t;		/* a short series kept whole: each sample's time */
	size_t nbins;
	double bin_ms;		/* width of a bin: a power of two */
	double inv_bin;		/* 1 / bin_ms */
	double scale;		/* canonical value per logged value */
	double raw_sum, raw_n;	/* for the fio 2.x microsecond guess */
	size_t samples;
};

/* The panels of a timeseries, in a fixed order: one per kind of log. */
enum { TS_ROW_BW, TS_ROW_IOPS, TS_ROW_LAT, TS_NROWS };

/* Reduces series s to ncol columns over [0, t_max_ms]; the caller frees
 * the three arrays (NAN where a column has no sample). */
void eb_ts_columns(const struct ts_series *s, double t_max_ms, size_t ncol, double **min,
    double **max, double **mean);

/* The sample sink of chart_logs.c, as the timeseries kind reads it. */
struct ts_raw {
	double *t, *v;		/* the first samples of a series, as they came */
};

struct eb_chart_logs {
	int want;		/* the panel drawn (TS_ROW_*), or -1 for all */
	struct ts_series *ts;	/* in the order their samples came */
	struct ts_raw *raw;	/* parallel to ts while its log is read */
	size_t nts;
	size_t first;		/* the series of the log being read start here */
	int series[3];		/* per direction: index, or -1 */
	char *job;		/* of the log being read */
	const char *kind;	/* "lat", "clat", "slat" or "" */
	int row;
	double scale;
	int active;		/* a log is being read */
	size_t nnamed;		/* logs named, drawn or not */
	char *last;		/* the log named last, for messages */
	double t_max_ms;
	size_t nsamples;
};

struct chart_model {
	const struct eb_chart_opts *o;
	const struct eb_theme *th;
	char *title, *subtitle, *note, *source;	/* owned */
	/* A line under the subtitle on what the data is not (made-up numbers),
	 * in bold, or NULL; owned. */
	char *caveat;
	/* What the runs' meta.json says qualifies the points drawn (encryption
	 * not verified, reads maybe cached, other storage, a config the CPU
	 * facts contradict), each a sentence of its own; owned. */
	char **meta_caveats;
	size_t nmeta_caveats;
	int caveats_of_data;	/* some of them are facts of the data, not meta.json */
	int percent;		/* values are % (overhead, relative trend, diff, heatmap) */
	int signed_pct;		/* percentages say "+" (diff) */
	int show_direction;	/* "← worse", "better →" above each panel (diff) */
	double ref;		/* a reference value drawn as a line, or NAN */
	const char *metric;	/* interned in the table, or static */
	struct cm_row *rows;
	size_t nrows;
	char **cols;		/* "Read", "Write" */
	size_t ncols;
	char **cats, **sers;	/* labels; owned */
	const char **cat_mode, **ser_mode;	/* the mode of each, or NULL */
	size_t ncats, nsers;
	struct cm_point *pts;
	size_t npts, cappts;
	double heat_lo, heat_hi;	/* heatmap: the colour scale, lo <= 0 <= hi */
	const char *from, *to;	/* the release drawn, or the two of a diff */
	struct legend_item *legend;	/* owned */
	size_t nlegend;
	/* timeseries */
	struct ts_series *ts;
	size_t nts;
	double t_max_ms;
	size_t nsamples;
};

/* ---- building a model (chart_model.c) */

/* A label set: categories, series or columns as they are found. */
struct lset {
	char **v;		/* labels as drawn (eb_text_clean) */
	char **raw;		/* as in the data: what tells labels apart */
	const char **mode;	/* parallel: the mode a label stands for */
	size_t n, cap;
};

struct cm_build {
	struct chart_model *m;
	const struct eb_chart_opts *o;
	const struct eb_groups *gs;	/* NULL for fio logs */
	const struct eb_table *t;	/* the groups' table: run metadata */
	struct lset cols, cats, sers;
	const char **col_keys, **cat_keys, **ser_keys;	/* raw, for sorting */
	size_t nkeys_col, nkeys_cat, nkeys_ser;
	/* How categories and series sort: modes by eb_mode_cmp, releases and
	 * the rest naturally, unless the kind says otherwise. */
	int (*cat_cmp)(const char *, const char *);
	int (*ser_cmp)(const char *, const char *);
	const struct eb_record **row_keys;
	size_t nrows, caprows;
	int by_bs;		/* block sizes are series: rows leave them out */
	int with_job;		/* labels name jobs: two would share one label */
	const char **hosts, **releases, **configs;
	size_t nhosts, nreleases, nconfigs;
	size_t nmin, nmax;	/* runs behind the values */
	int same_unit;		/* every row has one display unit */
	int adjusted;		/* an interval drawn is at a Holm step level */
	/* Runs whose meta.json or sheet says their numbers are made up: per
	 * meta of the table, -1 not looked at yet, 0 no, 1 yes; and the
	 * points drawn of such runs, with their releases. */
	signed char *meta_made_up;
	size_t npts_made_up;
	const char **made_up_rels;
	size_t nmade_up_rels;
	/* The caveats of the points drawn, as analyze/caveats.c words them:
	 * its facts read once (NULL when no meta.json qualifies a claim). */
	struct eb_caveats *caveats;
	int caveats_read;
	struct eb_caveat_list caveat_list;
	/* Per caveat of the list, the releases of the points it qualifies:
	 * a chart of several releases says which when not all. */
	const char ***caveat_rels;
	size_t *ncaveat_rels;
	/* A mode drawn whose folder meta.json says nothing encrypts: the
	 * title speaks of the modes, not of encryption. */
	int unverified;
};

/* Readies m and b for a chart of the groups gs (NULL for fio logs). */
void eb_model_init(struct chart_model *m, struct cm_build *b, const struct eb_chart_opts *o,
    const struct eb_groups *gs);
/* Sorts the labels, orders and names the rows, and finds each row's
 * categories and display unit: the points are then final. */
void eb_model_finish(struct cm_build *b);
/* The host and config part of the subtitle, before the kind's words, and
 * the end of both, after them (chart_words.c). */
void eb_model_words_begin(struct cm_build *b, struct eb_buf *sub, struct eb_buf *note);
void eb_model_words_end(struct cm_build *b, struct eb_buf *sub, struct eb_buf *note);
void eb_model_build_free(struct cm_build *b);
void eb_model_free(struct chart_model *m);

/* bonnie++'s per-char tests read and write a byte at a time: the chunk
 * size its records carry is no size of their I/O, and charts leave it out
 * of their labels. */
int eb_model_per_char(const struct eb_record *k);
/* eb_case_label as charts say it: "bonnie per-char read". */
void eb_model_case_label(const struct cm_build *b, const struct eb_record *k, char *buf,
    size_t n);
/* Whether a group passes the metric, op and config filters. */
int eb_model_wanted(const struct cm_build *b, const struct eb_record *k);
/* The releases of the wanted groups, oldest first; the caller frees. */
const char **eb_model_releases(const struct cm_build *b, size_t *n);
/* The index of a label, added when new: a mode, a release, or any text
 * (key NULL sorts by the text itself). */
size_t eb_model_mode(struct cm_build *b, const char *mode, int as_series);
size_t eb_model_release(struct cm_build *b, const char *rel, int as_series);
size_t eb_model_series(struct cm_build *b, const char *text, const char *key);
/* Adds a point of the group keyed by key. */
struct cm_point *eb_model_point(struct cm_build *b, const struct eb_record *key, size_t cat,
    size_t ser, double v, double lo, double hi, size_t n);
/* Hover texts: a value with its interval, a ratio to the baseline. */
void eb_model_tip_value(struct cm_build *b, struct cm_point *p, const struct eb_record *k,
    double v, double lo, double hi);
void eb_model_tip_ratio(struct cm_build *b, struct cm_point *p, const struct eb_overhead *r,
    const char *baseline);
/* The overhead of every mode against the baseline, decided at --alpha. */
struct eb_overhead *eb_model_overheads(const struct cm_build *b, size_t *n);
/* The interval of a mean at the level of --alpha (a sample's own 95 % one
 * at 0.05); NAN bounds for a single run or bounds beyond the doubles. */
void eb_model_mean_ci(const struct cm_build *b, const struct eb_sample *s, double *lo,
    double *hi);
/* Holm over the overheads a chart draws (those wanted, of release rel when
 * it is not NULL), as a table adjusts over its rows: their verdicts and
 * ratio intervals become the adjusted ones, so that a chart says what the
 * tables beside it say. */
void eb_model_adjust_overheads(const struct cm_build *b, struct eb_overhead *rows, size_t n,
    const char *rel);
/* An EB_ERR_DATA error without a place: nothing to draw. */
enum eb_status eb_model_no_data(struct eb_err *err, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* Notes what meta.json says qualifies the point of key: its own facts and
 * its pairing with what the chart compares it to (the baseline, or the
 * same case in the release a diff starts from); chart_words.c. */
void eb_model_note_caveats(struct cm_build *b, const struct eb_record *key);
/* A caveat of analyze/caveats.c as a chart prints it, its first word kept
 * as it is when it is one of the modes drawn; the caller frees. */
char *eb_model_caveat_brief(const char *item, const char *const *modes, size_t nmodes);
/* Counts the point of key as one of a made-up run when the run of its
 * release, host and config (or, for a diff's other side, of release also;
 * NULL for none) says its numbers are made up (chart_words.c). */
void eb_model_note_made_up(struct cm_build *b, const struct eb_record *key,
    const char *also);
/* "Source: a.csv, b.csv and 3 more" of the input paths (chart_words.c). */
char *eb_model_source_words(const struct eb_chart_opts *o);
/* " · kernel 6.8.0-31-generic · zfs-2.2.2" of the runs of release rel. */
void eb_model_meta_words(const struct cm_build *b, const char *rel, struct eb_buf *out);
/* "; whiskers: 95 % confidence interval" (at --alpha) when some value has several runs;
 * a Fieller one says "Holm-adjusted" once a drawn interval is (b->adjusted). */
void eb_model_whiskers(const struct cm_build *b, struct eb_buf *note, const char *kind);

static inline double
cm_pct(double ratio)
{
	return ratio * 100;
}

/* ---- using a model (chart_model.c) */

/* Whether panel (row, col) has anything to draw; empty ones stay blank. */
int eb_model_panel_used(const struct chart_model *m, size_t row, size_t col);
/* The colour of a category or series: its mode's, else by position. */
uint32_t eb_model_cat_color(const struct chart_model *m, size_t cat);
uint32_t eb_model_ser_color(const struct chart_model *m, size_t ser);
/* The text of a value as labels show it: "2.29" in the row's display
 * unit, "87 %", "+12 %", "−4.1 %". */
void eb_model_value_text(const struct chart_model *m, const struct cm_row *row, double v,
    char *buf, size_t n);
/* The low end of a whisker as drawn: absolute values cannot be negative,
 * whatever a t interval of two runs says. */
double eb_model_whisker_lo(const struct chart_model *m, const struct cm_point *p);
/* "throughput, GB/s": the metric's words and the row's unit. */
void eb_model_unit_plain(const struct chart_model *m, const struct cm_row *row, char *buf,
    size_t n);

/* ---- numbers on axes (ticks.c) */

/* Round tick steps: 1, 2 or 5 times a power of ten, about `target` of them
 * over [lo, hi]. */
double eb_tick_step(double lo, double hi, int target);
/* A tick label with the decimals the step needs. */
void eb_tick_text(char *buf, size_t n, double v, double step);
/* "+12 %", "−4.1 %"; sign 0 leaves positive numbers unsigned. */
void eb_pct_text(char *buf, size_t n, double v, int sign);

/* ---- layout (chart_layout.c) */

/* Where a layout put the plot area of a panel and what its edges stand
 * for, so that the gnuplot back end draws the same chart. */
struct panel_box {
	size_t row, col;
	double x, y, w, h;		/* scene px */
	double xlo, xhi, ylo, yhi;	/* data at the left, right, bottom, top */
	double xstep, ystep;		/* tick steps; 0: categories, no ticks */
};

struct lay {
	struct eb_scene *s;
	const struct chart_model *m;
	const struct eb_theme *th;
	double x0, w;		/* the content box: left edge and width */
	double y;		/* the next free line */
	double avail;		/* body height asked for, 0 for "as needed" */
	struct panel_box *panels;	/* recorded when not NULL */
	size_t npanels, cappanels;
	int record;		/* record panels */
};

void eb_lay_panel(struct lay *L, const struct panel_box *b);

/* Breaks text into lines no wider than maxw, after spaces and after '-'
 * when a word does not fit. Returns the number of lines; *lines
 * gets them (free with eb_text_lines_free). A word wider than maxw gets a
 * line. */
size_t eb_text_wrap(const char *text, double maxw, double size, int bold, char ***lines);
void eb_text_lines_free(char **lines, size_t n);
/* The widest line of a wrap. */
double eb_text_lines_width(char **lines, size_t n, double size, int bold);
/* Emits wrapped lines from the top y, returns the y below them. */
double eb_lay_lines(struct lay *L, char **lines, size_t n, double x, double y,
    double size, int bold, enum eb_anchor anchor, uint32_t color, const char *role);

/* A legend entry: a filled or hollow swatch, a line with a dot, or a band
 * with a line. */
enum swatch { SW_FILL, SW_HOLLOW, SW_LINE, SW_BAND };
struct legend_item {
	enum swatch kind;
	uint32_t color;
	const char *label;
};

/* The scale of a value axis that leaves room for labels beside values.
 * Each extent is a value that must be visible with `room` px beyond it
 * (to the right of positive values, to the left of negative ones). */
struct extent {
	double v, room;
};
struct vscale {
	double z, k;		/* px = z + k * value, from the panel's start */
	double step;
};
void eb_lay_fit_scale(const struct extent *e, size_t n, double len, int target,
    struct vscale *out);

/* Header (title, subtitle, legend) and footer (notes, source), measured
 * first so that a fixed --height can go to the body. */
double eb_lay_header_height(const struct chart_model *m, double w);
double eb_lay_header(struct lay *L);
double eb_lay_footer_height(const struct chart_model *m, double w);
double eb_lay_footer(struct lay *L);

/* A value axis on the left of a line chart's panel: round ticks over
 * [lo, hi] with grid lines; fills the plot area. */
struct frame {
	double x, y, w, h;	/* the plot area */
	double lo, hi, step;
};
/* f->x on entry is the least width of the value labels (0 for none). */
double eb_frame_y(struct lay *L, struct frame *f, double x, double top, double w, double h,
    double lo, double hi, int percent);
double eb_frame_label_width(double lo, double hi, double h, int percent);
double eb_frame_py(const struct frame *f, double v);
/* The heading of a row of panels (its label and unit words), wrapped when
 * long; returns the y gap px below it. */
double eb_lay_row_heading(struct lay *L, const struct cm_row *row, double y, double gap);

/* ---- bar layouts (chart_band.c), for bars, overhead and diff */

double eb_band_body(struct lay *L);
void eb_band_gnuplot(struct gp *g);

/* ---- gnuplot scripts (gnuplot_script.c) and the back end (gnuplot.c) */

struct gp {
	const struct chart_model *m;
	const struct eb_chart_opts *o;
	const struct eb_scene *s;
	const struct panel_box *pb;
	size_t npb;
	FILE *dat, *gp;
	int block;		/* the next "index" of the data file */
	double px_pt;		/* terminal font points per scene px */
};

/* A gnuplot string, a data-file comment line, a number, a colour. */
void eb_gp_str(FILE *fp, const char *s);
void eb_gp_comment(FILE *fp, const char *s);
void eb_gp_num(FILE *fp, double v);
void eb_gp_rgb(FILE *fp, uint32_t c);
/* Scene px to screen fractions. */
double eb_gp_sx(const struct gp *g, double x);
double eb_gp_sy(const struct gp *g, double y);
/* Places the next plot on the panel's area, with its ranges and ticks. */
void eb_gp_frame(struct gp *g, const struct panel_box *b, int percent, const char *label);
/* Ends the first plot: its labels, objects and arrows are not drawn again. */
void eb_gp_end_plot(struct gp *g);

/* What chart.c hands the gnuplot back end: the model, its layout, and the
 * kind's plot writer. */
struct gp_chart {
	const struct chart_model *m;
	const struct eb_scene *s;
	const struct panel_box *panels;
	size_t npanels;
	const char *kind;
	void (*plot)(struct gp *g);
};

enum eb_status eb_gp_render(const struct gp_chart *c, const char *path, struct eb_err *err);

#endif
