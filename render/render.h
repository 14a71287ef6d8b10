/* render.h - numbers to what people read: display units, labels of cases
 * and modes, and GitHub-flavoured markdown tables. */
#ifndef EB_RENDER_H
#define EB_RENDER_H

#include "../core/eb.h"
#include "../analyze/analyze.h"

/* ---- display units (units.c) */

struct eb_display {
	char label[16];		/* "MB/s", "MiB/s", "IOPS", "µs", "%" */
	double div;		/* canonical value / div = displayed value */
};

/* The display unit for a metric whose values reach about `magnitude` (in
 * the canonical unit): bandwidth in SI (kB/s, MB/s, GB/s) or, with iec,
 * in KiB/s, MiB/s, GiB/s; time in ns, µs, ms or s. */
void eb_display_unit(const char *metric, const char *unit, double magnitude,
    int iec, struct eb_display *out);
/* A displayed number with 3 significant digits or whole: "2.46", "931",
 * "12400"; scientific ("1e-300", "1.5e+308") below 0.001 and from 1e7,
 * so that no non-zero value prints as 0 and none as hundreds of digits. */
void eb_format_display(char *buf, size_t n, double v);
/* "931 ± 12" for a mean and the half-width of its interval (display
 * units), "931 ± 0 (no variation)" when half is 0: every run gave one
 * value. A non-zero half-width never prints as 0. */
void eb_format_mean_half(char *buf, size_t n, double mean, double half);
/* How many decimals eb_format_display gives v; a ± half-width is written
 * with the decimals of its mean. */
int eb_display_decimals(double v);
/* "1 MiB" / "4 KiB" / "512 B" for a block size in bytes. */
void eb_format_bytes(char *buf, size_t n, int64_t bytes);

/* ---- labels (labels.c) */

/* Orders modes as a report lists them: none, the native modes by family
 * (ccm, gcm) and key size, then LUKS, geli, and the rest by name. */
int eb_mode_cmp(const char *a, const char *b);
/* Orders records as a report lists them: release (natural order), config,
 * host, tool, job, workload, op (digit runs by value: job j2 before j10),
 * block size, metric, then mode. Tables and charts share it. */
int eb_record_report_cmp(const struct eb_record *a, const struct eb_record *b);
/* "fio seq write 4 KiB", "dd write 1 MiB", "bonnie block read": the test
 * a record measured, without its mode, release or config. */
void eb_case_label(const struct eb_record *r, char *buf, size_t n);
/* The same with the job's name whatever it says: for tests whose labels
 * without it would be one. */
void eb_case_label_with_job(const struct eb_record *r, char *buf, size_t n);
/* Whether two of the keys, of other jobs, would share a label: a table
 * of them names every job then (eb_case_label_with_job). */
int eb_labels_need_jobs(const struct eb_record *const *keys, size_t n);
/* A metric in words for headers: "throughput", "IOPS", "mean latency". */
const char *eb_metric_words(const char *metric);

/* ---- markdown tables (markdown.c) */

/* s as markdown text that shows it as it is, the caller's to free: raw HTML
 * and entities escaped as such, markdown punctuation with a backslash,
 * line breaks as spaces; as the HTML, SVG and gnuplot writers escape. */
char *eb_md_escape(const char *s);
/* s as a code span (a path), the caller's to free. */
char *eb_md_code(const char *s);

struct eb_md {
	size_t ncols, nrows, cap;
	char **cells;		/* row-major, header first; owned */
	char *align;		/* 'l' or 'r' per column */
};

void eb_md_init(struct eb_md *t, size_t ncols);
/* Sets the header; align is a string of 'l'/'r', one per column. */
void eb_md_header(struct eb_md *t, const char *align, ...);
/* Appends a row of ncols cells (strings; NULL is empty). */
void eb_md_row(struct eb_md *t, ...);
void eb_md_rowv(struct eb_md *t, const char *const *cells);
/* Writes the table with aligned columns, cells escaped by eb_md_escape. */
void eb_md_write(const struct eb_md *t, FILE *fp);
void eb_md_free(struct eb_md *t);

/* ---- the report's tables (tables.c): each writes a markdown table with a
 * line that says how to read it. Rows come in report order. */

/* Modes as rows, one column per test (a stated unit each), mean ± the
 * half-width of its 95 % interval; groups of one release. */
struct eb_grid {
	const struct eb_groups *gs;
	const struct eb_group **cols, **rows;
	size_t ncols, nrows;
	int show_config, show_host;
};

/* Lays out the groups of `release` (NULL: all) into a grid. */
void eb_grid_build(struct eb_grid *grid, const struct eb_groups *gs,
    const char *release);
const struct eb_group *eb_grid_cell(const struct eb_grid *grid, size_t r, size_t c);
void eb_grid_free(struct eb_grid *grid);

void eb_md_absolute(FILE *fp, const struct eb_grid *grid, const char *release, int iec);
/* rows[order[i]] for i < n; order NULL means report order. */
void eb_md_overhead(FILE *fp, const struct eb_overhead *rows, size_t n, int iec);
void eb_md_diff(FILE *fp, const struct eb_diff *rows, size_t n, const char *from,
    const char *to, int median, int iec);
void eb_md_trend(FILE *fp, const struct eb_trend_row *rows, size_t n, int iec);

/* Report order of overhead and diff rows, as index arrays the caller frees. */
size_t *eb_overhead_order(const struct eb_overhead *rows, size_t n);
size_t *eb_diff_order(const struct eb_diff *rows, size_t n);

/* ---- HTML (html.c) */

/* Called for each image of the markdown: append its HTML (an inline SVG) to
 * b and return 1, or return 0 for a plain <img>. */
typedef int (*eb_html_image_fn)(void *ctx, struct eb_buf *b, const char *url,
    const char *alt);
/* One self-contained HTML page for markdown as encbench writes it
 * (headings, paragraphs, lists, tables, quotes, details, links, images);
 * the caller frees it. */
char *eb_md_to_html(const char *md, eb_html_image_fn image, void *ctx);

/* "2.29 GB/s": a value in the display unit its own size picks. */
void eb_value_text(char *buf, size_t n, const struct eb_record *key, double v, int iec);

#endif
