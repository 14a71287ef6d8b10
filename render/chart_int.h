/* chart_int.h - what the chart files share: the chart model that both the
 * scene layout and the gnuplot back end draw from, and layout helpers. */
#ifndef EB_CHART_INT_H
#define EB_CHART_INT_H

#include <math.h>

#include "../analyze/analyze.h"
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

/* ---- the model: panels in rows (test cases) and columns (read, write),
 * categories along a panel (modes, or releases for a trend), series
 * within it (modes of a trend, releases or block sizes of a heatmap). */

struct cm_point {
	size_t row, col, cat, ser;
	double v, lo, hi;	/* canonical unit, or % for percent models */
	size_t n;		/* runs behind v */
	int hollow;		/* diff: no significant change or a single run */
	const char *note;	/* diff: "single run"; static, or NULL */
	char *tip;		/* hover text; owned */
};

struct cm_row {
	char *label;			/* "fio seq 1 MiB"; owned */
	const struct eb_record *key;	/* a record of the row */
	struct eb_display disp;		/* the row's display unit */
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

struct chart_model {
	enum eb_chart_kind kind;
	const struct eb_chart_opts *o;
	const struct eb_theme *th;
	char *title, *subtitle, *note, *source;	/* owned */
	int percent;		/* values are % (overhead, relative trend, diff, heatmap) */
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
	const char *from, *to;	/* diff */
	/* timeseries */
	struct ts_series *ts;
	size_t nts;
	double t_max_ms;
	size_t nsamples;
};

enum eb_status cm_build(struct chart_model *m, const struct eb_chart_opts *o,
    const struct eb_groups *gs, struct eb_err *err);
enum eb_status ts_build(struct chart_model *m, const struct eb_chart_opts *o,
    struct eb_err *err);
void cm_free(struct chart_model *m);
/* Reads a fio log as eb_fio_log_scan does, faster (chart_fiolog.c); fn
 * is an eb_fio_sample_fn. */
struct eb_fio_sample;
enum eb_status chart_log_scan(const char *path,
    int (*fn)(void *, const struct eb_fio_sample *), void *ctx, struct eb_err *err);

/* Whether panel (row, col) has anything to draw; empty ones stay blank. */
int cm_panel_used(const struct chart_model *m, size_t row, size_t col);
/* The colour of a category or series: its mode's, else by position. */
uint32_t cm_cat_color(const struct chart_model *m, size_t cat);
uint32_t cm_ser_color(const struct chart_model *m, size_t ser);
/* The text of a value as labels show it: "2.29" in the row's display
 * unit, "87 %", "+12 %", "−4.1 %". */
void cm_value_text(const struct chart_model *m, const struct cm_row *row, double v,
    char *buf, size_t n);
/* The unit words of a row: "throughput, GB/s", "% of none". */
void cm_unit_text(const struct chart_model *m, const struct cm_row *row, char *buf,
    size_t n);
/* Reduces series s to ncol columns over [0, t_max_ms]; the caller frees
 * the three arrays (NAN where a column has no sample). */
void ts_columns(const struct ts_series *s, double t_max_ms, size_t ncol, double **min,
    double **max, double **mean);

/* ---- layout helpers (chart_layout.c) */

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

void lay_panel(struct lay *L, const struct panel_box *b);
/* Lays out a built model into a new scene; with panels not NULL, also
 * returns the panel boxes (free them). */
struct eb_scene *chart_layout(const struct chart_model *m, struct panel_box **panels,
    size_t *npanels);

/* Breaks text into lines no wider than maxw, after spaces and after '-'
 * when a word does not fit. Returns the number of lines; *lines
 * gets them (free with free_lines). A word wider than maxw gets a line. */
size_t wrap_text(const char *text, double maxw, double size, int bold, char ***lines);
void free_lines(char **lines, size_t n);
/* The widest line of a wrap. */
double lines_width(char **lines, size_t n, double size, int bold);
/* Emits wrapped lines from the top y, returns the y below them. */
double text_lines(struct lay *L, char **lines, size_t n, double x, double y,
    double size, int bold, enum eb_anchor anchor, uint32_t color, const char *role);

/* Round tick steps: 1, 2 or 5 times a power of ten, about `target` of them
 * over [lo, hi]. */
double nice_step(double lo, double hi, int target);
/* A tick label with the decimals the step needs. */
void tick_text(char *buf, size_t n, double v, double step);
/* "+12 %", "−4.1 %"; sign 0 leaves positive numbers unsigned. */
void pct_text(char *buf, size_t n, double v, int sign);

/* A legend entry: a filled or hollow swatch, a line with a dot, or a band
 * with a line. */
enum swatch { SW_FILL, SW_HOLLOW, SW_LINE, SW_BAND };
struct legend_item {
	enum swatch kind;
	uint32_t color;
	const char *label;
};
/* Flows the entries left to right, wrapping; returns the y below. */
double legend(struct lay *L, const struct legend_item *items, size_t n, double y);

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
void fit_scale(const struct extent *e, size_t n, double len, int target,
    struct vscale *out);

/* Header (title, subtitle, legend) and footer (notes, source), measured
 * first so that a fixed --height can go to the body. */
double header_height(const struct chart_model *m, double w);
double header(struct lay *L);
double footer_height(const struct chart_model *m, double w);
double footer(struct lay *L);

/* A value axis on the left of a line chart's panel (chart_trend.c): round
 * ticks over [lo, hi] with grid lines; fills the plot area. */
struct frame {
	double x, y, w, h;	/* the plot area */
	double lo, hi, step;
};
/* f->x on entry is the least width of the value labels (0 for none). */
double frame_y(struct lay *L, struct frame *f, double x, double top, double w, double h,
    double lo, double hi, int percent);
double frame_label_width(double lo, double hi, double h, int percent);
double frame_py(const struct frame *f, double v);
/* The heading of a row of panels, wrapped when long; returns the y gap
 * px below it. */
double row_heading(struct lay *L, const struct cm_row *row, double y, double gap);

/* Per-kind bodies: lay out from L->y and return the y below. */
double body_band(struct lay *L);
double body_heat(struct lay *L);
double body_trend(struct lay *L);
double body_ts(struct lay *L);

/* The legend entries of a model (trend modes, diff significance, log
 * series); *n 0 when it has none. The caller frees the array. */
struct legend_item *cm_legend(const struct chart_model *m, size_t *n);

/* ---- gnuplot (gnuplot.c) */

enum eb_status gp_render(const struct chart_model *m, const char *path,
    struct eb_err *err);

#endif
