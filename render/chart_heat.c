/* chart_heat.c - the heatmap kind: overhead % per mode (rows) and release
 * or block size (columns), a diverging colour per cell whose verdict says
 * cost or gain and a plain outlined cell marked ~ where the data cannot
 * tell, the value printed in it, one panel per test case and direction;
 * tests of one mode, or of one release, are the rows of one panel. */
#include <stdlib.h>
#include <string.h>

#include "chart_int.h"

#define COL_GAP 28.0
#define GUTTER_PAD 10.0
#define MAX_CELL_W 96.0
#define MAX_CELL_H 44.0
#define ROW_GAP 18.0
#define SCALE_W 220.0

/* Block-size heatmap columns sort by the number they show. */
static int
cmp_bs_label(const char *a, const char *b)
{
	static const char *const units[] = { "B", "KiB", "MiB", "GiB", "TiB" };
	double x = strtod(a, NULL), y = strtod(b, NULL);

	for (int i = 0; i < 5; i++) {
		if (strstr(a, units[i]) != NULL)
			x *= pow(1024, i);
		if (strstr(b, units[i]) != NULL)
			y *= pow(1024, i);
	}
	return x < y ? -1 : x > y;
}

static enum eb_status
build(struct cm_build *b, struct eb_err *err)
{
	size_t n, nrel;
	struct eb_overhead *rows = eb_model_overheads(b, &n);
	const char *rel = b->o->release;

	b->by_bs = b->o->heat == EB_HEAT_BLOCK_SIZE;
	if (b->by_bs)
		b->ser_cmp = cmp_bs_label;
	if (b->by_bs && rel == NULL) {
		const char **rels = eb_model_releases(b, &nrel);

		rel = nrel ? rels[nrel - 1] : NULL;
		free(rels);
	}
	b->m->from = rel;
	eb_model_adjust_overheads(b, rows, n, rel);
	for (size_t i = 0; i < n; i++) {
		const struct eb_record *k = rows[i].g->key;
		struct cm_point *p;
		size_t ser;
		char bs[32];

		if (!eb_model_wanted(b, k) || (rel && strcmp(k->f[EB_F_RELEASE], rel) != 0))
			continue;
		if (b->by_bs) {
			if (eb_model_per_char(k))
				snprintf(bs, sizeof bs, "per char");
			else if (k->block_size > 0)
				eb_format_bytes(bs, sizeof bs, k->block_size);
			else
				snprintf(bs, sizeof bs, "?");
			ser = eb_model_series(b, bs, NULL);
		} else
			ser = eb_model_release(b, k->f[EB_F_RELEASE], 1);
		p = eb_model_point(b, k, eb_model_mode(b, k->f[EB_F_MODE], 0), ser,
		    rows[i].overhead_pct, NAN, NAN, rows[i].g->s.n);
		eb_model_tip_ratio(b, p, &rows[i], b->o->baseline);
		/* Only a cell the verdict layer calls a cost or a gain gets a
		 * colour, and only those stretch the scale: a point estimate
		 * within the noise is no cost. */
		p->hollow = !eb_verdict_claims(&rows[i].v);
		if (p->hollow) {
			p->note = rows[i].v.kind == EB_VERDICT_SINGLE_RUN ? "single run" :
			    rows[i].v.kind == EB_VERDICT_NO_VARIATION ? "no variation" :
			    "interval includes 0";
			continue;
		}
		if (p->v > b->m->heat_hi)
			b->m->heat_hi = p->v;
		if (p->v < b->m->heat_lo)
			b->m->heat_lo = p->v;
	}
	free(rows);
	if (b->m->npts == 0)
		return eb_model_no_data(err, "no %s records with a baseline of mode '%s' to "
		    "compare with (name another with --baseline MODE)", b->m->metric,
		    b->o->baseline);
	b->m->percent = 1;
	b->m->ref = NAN;
	/* Round ends for the colour scale, so that its legend reads 0, 20, 40. */
	{
		double step = eb_tick_step(b->m->heat_lo, b->m->heat_hi, 4);

		b->m->heat_hi = step * ceil(b->m->heat_hi / step - 1e-9);
		b->m->heat_lo = step * floor(b->m->heat_lo / step + 1e-9);
		if (b->m->heat_hi <= 0)
			b->m->heat_hi = step;
	}
	return EB_OK;
}

/* The cells without a verdict, and why: "; cells marked ~ have no
 * verdict (Holm-adjusted 95 % interval includes 0; single run)". */
static void
hollow_words(const struct cm_build *b, struct eb_buf *note)
{
	static const char *const why[] = { "interval includes 0", "single run",
		"no variation" };
	const struct chart_model *m = b->m;
	char level[48];
	int any = 0;

	for (size_t w = 0; w < sizeof why / sizeof why[0]; w++) {
		size_t i;

		for (i = 0; i < m->npts; i++)
			if (m->pts[i].hollow && strcmp(m->pts[i].note, why[w]) == 0)
				break;
		if (i == m->npts)
			continue;
		if (!any)
			eb_buf_addf(note, "; uncoloured cells marked ~ have no verdict (");
		if (w == 0) {
			eb_interval_level_text(b->o->alpha, b->adjusted, level, sizeof level);
			eb_buf_addf(note, "%s%s interval includes 0", any ? "; " : "", level);
		} else
			eb_buf_addf(note, "%s%s", any ? "; " : "", why[w]);
		any = 1;
	}
	if (any)
		eb_buf_addc(note, ')');
}

static void
words(struct cm_build *b, struct eb_buf *sub, struct eb_buf *note)
{
	struct chart_model *m = b->m;
	const struct eb_chart_opts *o = b->o;
	const char *mw = eb_metric_words(m->metric);

	/* The default config is named only when it was asked for: the report
	 * asks when the data has several configs. */
	if (o->config != NULL && b->nconfigs == 1 && strcmp(b->configs[0], "default") == 0)
		eb_buf_addf(sub, "%sconfig default", sub->len ? " · " : "");
	if (o->heat == EB_HEAT_BLOCK_SIZE && m->from != NULL && m->from[0] != '\0') {
		eb_buf_addf(sub, "%srelease %s", sub->len ? " · " : "", m->from);
		eb_model_meta_words(b, m->from, sub);
	} else if (m->nsers > 1)
		eb_buf_addf(sub, "%sreleases %s to %s", sub->len ? " · " : "", m->sers[0],
		    m->sers[m->nsers - 1]);
	eb_buf_addf(sub, "%soverhead, %%", sub->len ? " · " : "");
	/* A latency-like cell is the relative increase, as the overhead chart
	 * draws it; only throughput is "lost". */
	if (!eb_metric_higher_is_better(m->metric)) {
		m->title = eb_xasprintf("Cost of %s: %s increase against %s",
		    b->unverified ? "the modes" : "encryption", mw, o->baseline);
		eb_buf_addf(note, "Overhead: (mean with the mode ÷ mean with %s − 1) × 100 in "
		    "the same release and test; below 0, the mode was faster", o->baseline);
		hollow_words(b, note);
		return;
	}
	m->title = eb_xasprintf("Cost of %s: %s lost against %s",
	    b->unverified ? "the modes" : "encryption", mw, o->baseline);
	eb_buf_addf(note, "Overhead: (1 − mean with the mode ÷ mean with %s) × 100 in "
	    "the same release and test; below 0, the mode was faster", o->baseline);
	hollow_words(b, note);
}

static void
unit_text(const struct chart_model *m, const struct cm_row *row, char *buf, size_t n)
{
	snprintf(buf, n, "%s overhead, %%",
	    eb_metric_words(row->key ? row->key->f[EB_F_METRIC] : m->metric));
}

struct heat {
	struct lay *L;
	const struct chart_model *m;
	char ***cat_lines;
	size_t *cat_nlines;
	double gutter, cw, ch;
	int stacked;		/* directions below each other, not side by side */
	int heads;		/* panels are labelled with their direction */
};

/* A cell's fill and text: the scale's colour and "12.3 %" for a cell with
 * a verdict, the background and "~0.5 %" for one without. */
static uint32_t
cell_style(const struct chart_model *m, const struct cm_point *p, char *text, size_t n)
{
	char pct[24];

	eb_pct_text(pct, sizeof pct, p->v, 0);
	if (!p->hollow) {
		snprintf(text, n, "%s", pct);
		return eb_heat_color(p->v, m->heat_lo, m->heat_hi);
	}
	snprintf(text, n, "~ %s", pct);
	return m->th->bg;
}

/* The width the widest cell's text needs, and at least least. */
static double
widest_cell(const struct chart_model *m, double least)
{
	double need = least;

	for (size_t i = 0; i < m->npts; i++) {
		char text[32];
		double w;

		cell_style(m, &m->pts[i], text, sizeof text);
		w = eb_text_width(text, FS_VALUE + 0.5, 0) + 12;
		if (w > need)
			need = w;
	}
	return need;
}

static size_t
count_hollow(const struct chart_model *m)
{
	size_t k = 0;

	for (size_t i = 0; i < m->npts; i++)
		k += m->pts[i].hollow != 0;
	return k;
}

/* The key of the cells without a verdict, wrapped to the chart's width w
 * beside its swatch; the caller frees the lines. */
static size_t
hollow_key(const struct chart_model *m, double w, char ***lines)
{
	return eb_text_wrap(count_hollow(m) < m->npts ? "no verdict: the data cannot tell these "
	    "cells from the baseline, so they get no colour" : "no verdict in any cell: the "
	    "data cannot tell the modes from the baseline", w - 34, FS_LABEL, 0, lines);
}

/* The height scale_legend takes in a chart w wide. */
static double
legend_height(const struct chart_model *m, double w)
{
	size_t hollow = count_hollow(m), n = 0;
	char **lines;

	if (hollow > 0) {
		n = hollow_key(m, w, &lines);
		eb_text_lines_free(lines, n);
	}
	return (hollow < m->npts ? 14 + LINE_H(FS_TICK) + 12 : 0) +
	    (hollow > 0 ? 14 + (n - 1) * LINE_H(FS_LABEL) + 12 : 0);
}

/* The colour scale: a strip from lo to hi with round ticks, of the cells
 * with a verdict; then the key of the cells without one. */
static double
scale_legend(struct heat *H, double y)
{
	struct lay *L = H->L;
	const struct chart_model *m = H->m;
	const struct eb_theme *th = L->th;
	const char *caption = "Overhead";
	double x = L->x0, cw = eb_text_width(caption, FS_LABEL, 0), seg = SCALE_W / 48;
	double lo = m->heat_lo, hi = m->heat_hi, step = eb_tick_step(lo, hi, 3);
	size_t hollow = count_hollow(m);
	char text[32];

	if (hollow < m->npts) {
		eb_scene_text(L->s, x, y + 5 + MID(FS_LABEL), caption, FS_LABEL, 0,
		    EB_ANCHOR_START, th->text, "legend");
		x += cw + 12;
		for (int i = 0; i < 48; i++) {
			double v = lo + (i + 0.5) * (hi - lo) / 48;

			eb_scene_rect(L->s, x + i * seg, y, seg + 0.3, 10,
			    eb_paint_fill(eb_heat_color(v, lo, hi)), "legend-scale");
		}
		for (double t = lo; t <= hi + step * 1e-9; t += step) {
			double tx = x + (t - lo) / (hi - lo) * SCALE_W;

			eb_tick_text(text, sizeof text, t, step);
			strncat(text, " %", sizeof text - strlen(text) - 1);
			eb_scene_line(L->s, tx, y + 10, tx, y + 13, eb_paint_stroke(th->axis, 1),
			    "legend-tick");
			eb_scene_text(L->s, tx, y + 14 + ASCENT(FS_TICK), text, FS_TICK, 0,
			    EB_ANCHOR_MIDDLE, th->muted, "legend-tick");
		}
		if (lo < 0)
			eb_scene_text(L->s, x + SCALE_W + 24, y + 5 + MID(FS_TICK),
			    "below 0: faster than the baseline", FS_TICK, 0, EB_ANCHOR_START,
			    th->muted, "legend");
		y += 14 + LINE_H(FS_TICK) + 12;
	}
	if (hollow > 0) {
		struct eb_paint pt = eb_paint_fill(th->bg);

		pt.stroke = th->axis;
		pt.width = 1;
		eb_scene_rect(L->s, L->x0, y, 26, 14, pt, "legend");
		eb_scene_text(L->s, L->x0 + 13, y + 7 + MID(FS_TICK), "~", FS_TICK, 0,
		    EB_ANCHOR_MIDDLE, th->muted, "legend");
		char **lines;
		size_t n = hollow_key(m, L->w, &lines);

		for (size_t i = 0; i < n; i++)
			eb_scene_text(L->s, L->x0 + 34, y + 7 + MID(FS_LABEL) + i * LINE_H(FS_LABEL),
			    lines[i], FS_LABEL, 0, EB_ANCHOR_START, th->text, "legend");
		eb_text_lines_free(lines, n);
		y += 14 + (n - 1) * LINE_H(FS_LABEL) + 12;
	}
	return y;
}

static const struct cm_point *
find(const struct chart_model *m, size_t r, size_t c, size_t cat, size_t ser)
{
	for (size_t i = 0; i < m->npts; i++) {
		const struct cm_point *p = &m->pts[i];

		if (p->row == r && p->col == c && p->cat == cat && p->ser == ser)
			return p;
	}
	return NULL;
}

/* A cell at cx, cy: its colour and value, or "–" where p is NULL. */
static void
cell(struct heat *H, const struct cm_point *p, double cx, double cy)
{
	struct lay *L = H->L;
	const struct eb_theme *th = L->th;
	char text[32];
	uint32_t fill = p ? cell_style(H->m, p, text, sizeof text) : th->grid;
	struct eb_paint pt = eb_paint_fill(fill);
	struct eb_item *it;

	pt.stroke = th->bg;
	pt.width = 1.5;
	it = eb_scene_rect(L->s, cx, cy, H->cw, H->ch, pt, p ? "cell" : "cell-empty");
	if (p != NULL && p->tip != NULL)
		eb_item_tip(it, "%s", p->tip);
	/* Outlined inside the white gap, so that a cell without a verdict
	 * reads as a cell, not as empty paper. */
	if (p != NULL && p->hollow) {
		struct eb_paint ol = eb_paint_stroke(th->axis, 1);

		eb_scene_rect(L->s, cx + 2.5, cy + 2.5, H->cw - 5, H->ch - 5, ol, "cell-outline");
	}
	if (p == NULL)
		snprintf(text, sizeof text, "–");
	eb_scene_text(L->s, cx + H->cw / 2, cy + H->ch / 2 + MID(FS_VALUE + 0.5), text,
	    FS_VALUE + 0.5, 0, EB_ANCHOR_MIDDLE,
	    p ? p->hollow ? th->muted : eb_contrast_text(fill) : th->muted, "value");
}

/* One panel: column labels, then the cells; returns the y below. */
static double
panel(struct heat *H, size_t r, size_t c, double x, double y)
{
	struct lay *L = H->L;
	const struct chart_model *m = H->m;
	const struct eb_theme *th = L->th;
	const struct cm_row *row = &m->rows[r];

	if (H->heads) {
		eb_scene_text(L->s, x + H->cw * m->nsers / 2, y + ASCENT(FS_HEAD), m->cols[c],
		    FS_HEAD, 1, EB_ANCHOR_MIDDLE, th->text, "column-head");
		y += LINE_H(FS_HEAD) + 2;
	}
	for (size_t s = 0; s < m->nsers; s++)
		eb_scene_text(L->s, x + (s + 0.5) * H->cw, y + ASCENT(FS_TICK), m->sers[s],
		    FS_TICK, 0, EB_ANCHOR_MIDDLE, th->muted, "cat-tick");
	y += LINE_H(FS_TICK) + 4;
	{
		struct panel_box box = { r, c, x, y, H->cw * m->nsers, row->ncats * H->ch, 0.5,
			m->nsers + 0.5, row->ncats + 0.5, 0.5, 0, 0 };

		eb_lay_panel(L, &box);
	}
	for (size_t i = 0; i < row->ncats; i++)
		for (size_t s = 0; s < m->nsers; s++)
			cell(H, find(m, r, c, row->cats[i], s), x + s * H->cw, y + i * H->ch);
	return y + row->ncats * H->ch;
}

static void
gutter_labels(struct heat *H, size_t r, double y)
{
	struct lay *L = H->L;
	const struct cm_row *row = &H->m->rows[r];

	for (size_t i = 0; i < row->ncats; i++) {
		size_t cat = row->cats[i];
		double cy = y + i * H->ch + H->ch / 2;
		double ly = cy - (H->cat_nlines[cat] - 1) * LINE_H(FS_LABEL) / 2 -
		    ASCENT(FS_LABEL) + MID(FS_LABEL);

		eb_lay_lines(L, H->cat_lines[cat], H->cat_nlines[cat],
		    L->x0 + H->gutter - GUTTER_PAD, ly, FS_LABEL, 0, EB_ANCHOR_END, L->th->text,
		    "category");
	}
}

/* ---- many tests of one mode, or of one release or block size: one
 * panel per direction with a row per test and a column per release (or
 * block size) or mode, not a stack of one-line panels. */

static int
by_test(const struct chart_model *m)
{
	return m->nrows > 1 && (m->ncats == 1 || m->nsers == 1);
}

/* The columns of a by-test panel: the releases or block sizes when there
 * are several, else the modes. */
static size_t
test_ncols(const struct chart_model *m)
{
	return m->nsers > 1 ? m->nsers : m->ncats;
}

static size_t
test_col(const struct chart_model *m, const struct cm_point *p)
{
	return m->nsers > 1 ? p->ser : p->cat;
}

static const struct cm_point *
find_test(const struct chart_model *m, size_t r, size_t c, size_t k)
{
	for (size_t i = 0; i < m->npts; i++) {
		const struct cm_point *p = &m->pts[i];

		if (p->row == r && p->col == c && test_col(m, p) == k)
			return p;
	}
	return NULL;
}

static int
col_used(const struct chart_model *m, size_t c)
{
	for (size_t i = 0; i < m->npts; i++)
		if (m->pts[i].col == c)
			return 1;
	return 0;
}

/* The tests of direction c's panel, in the rows' order: every test when
 * the directions stand side by side and share the labels, else those it
 * has. */
static size_t
test_rows(const struct chart_model *m, size_t c, int all, size_t *rows)
{
	size_t n = 0;

	for (size_t r = 0; r < m->nrows; r++)
		if (all || eb_model_panel_used(m, r, c))
			rows[n++] = r;
	return n;
}

static double
test_panel(struct heat *H, size_t c, const size_t *rows, size_t nrows, double x, double y,
    int labels)
{
	struct lay *L = H->L;
	const struct chart_model *m = H->m;
	size_t nk = test_ncols(m);

	if (H->heads) {
		eb_scene_text(L->s, x + H->cw * nk / 2, y + ASCENT(FS_HEAD), m->cols[c], FS_HEAD,
		    1, EB_ANCHOR_MIDDLE, L->th->text, "column-head");
		y += LINE_H(FS_HEAD) + 2;
	}
	for (size_t k = 0; k < nk; k++)
		eb_scene_text(L->s, x + (k + 0.5) * H->cw, y + ASCENT(FS_TICK),
		    m->nsers > 1 ? m->sers[k] : m->cats[k], FS_TICK, 0, EB_ANCHOR_MIDDLE,
		    L->th->muted, "cat-tick");
	y += LINE_H(FS_TICK) + 4;
	{
		struct panel_box box = { 0, c, x, y, H->cw * nk, nrows * H->ch, 0.5, nk + 0.5,
			nrows + 0.5, 0.5, 0, 0 };

		eb_lay_panel(L, &box);
	}
	for (size_t i = 0; i < nrows; i++) {
		char **lines;
		size_t n = eb_text_wrap(m->rows[rows[i]].label, H->gutter - GUTTER_PAD, FS_LABEL,
		    0, &lines);
		double cy = y + i * H->ch + H->ch / 2;

		if (labels)
			eb_lay_lines(L, lines, n, x - GUTTER_PAD, cy - (n - 1) * LINE_H(FS_LABEL) /
			    2 - ASCENT(FS_LABEL) + MID(FS_LABEL), FS_LABEL, 0, EB_ANCHOR_END,
			    L->th->text, "category");
		eb_text_lines_free(lines, n);
		for (size_t k = 0; k < nk; k++)
			cell(H, find_test(m, rows[i], c, k), x + k * H->cw, y + i * H->ch);
	}
	return y + nrows * H->ch;
}

static double
body_by_test(struct lay *L)
{
	const struct chart_model *m = L->m;
	struct heat H;
	struct cm_row head = m->rows[0];
	char what[160];
	double widest = 0, need, y, pw, width;
	size_t maxlines = 1, nk = test_ncols(m), ncells = 0;
	size_t *rows = eb_xmalloc(m->nrows * sizeof *rows);

	memset(&H, 0, sizeof H);
	H.L = L;
	H.m = m;
	H.heads = m->ncols > 1 || (m->ncols == 1 && m->cols[0][0] != '\0');
	for (size_t r = 0; r < m->nrows; r++) {
		char **lines;
		size_t n = eb_text_wrap(m->rows[r].label, L->w * 0.4, FS_LABEL, 0, &lines);
		double w = eb_text_lines_width(lines, n, FS_LABEL, 0);

		widest = w > widest ? w : widest;
		maxlines = n > maxlines ? n : maxlines;
		eb_text_lines_free(lines, n);
	}
	H.gutter = widest + GUTTER_PAD;
	need = widest_cell(m, 36);
	for (size_t k = 0; k < nk; k++) {
		double w = eb_text_width(m->nsers > 1 ? m->sers[k] : m->cats[k], FS_TICK, 0) + 8;

		need = w > need ? w : need;
	}
	pw = (L->w - H.gutter - (m->ncols - 1) * COL_GAP) / m->ncols;
	if (m->ncols > 1 && pw / nk < need) {
		H.stacked = 1;
		pw = L->w - H.gutter;
	}
	H.cw = pw / nk > MAX_CELL_W ? MAX_CELL_W : pw / nk < need ? need : pw / nk;
	H.ch = maxlines * LINE_H(FS_LABEL) + 12 < 30 ? 30 : maxlines * LINE_H(FS_LABEL) + 12;
	for (size_t c = 0; c < m->ncols; c++)
		ncells += test_rows(m, c, !H.stacked, rows);
	if (!H.stacked)
		ncells = m->nrows;
	if (L->avail > 0) {
		double per = LINE_H(FS_TICK) + 4 + (H.heads ? LINE_H(FS_HEAD) + 2 : 0);
		double fit = (L->avail - legend_height(m, L->w) - LINE_H(FS_HEAD) - 6 -
		    per * (H.stacked ? m->ncols : 1) - (H.stacked ? m->ncols * ROW_GAP : 0)) / ncells;

		if (fit > H.ch)
			H.ch = fit > MAX_CELL_H ? MAX_CELL_H : fit;
	}
	width = L->x0 + H.gutter + (H.stacked ? 1 : m->ncols) * H.cw * nk +
	    (H.stacked ? 0 : (m->ncols - 1) * COL_GAP);
	if (width > L->s->width - MARGIN / 2)
		L->s->width = ceil(width + MARGIN);
	y = scale_legend(&H, L->y);
	/* What every cell shares, where a panel per test would name it. */
	if (m->nsers > 1)
		snprintf(what, sizeof what, "%s", m->cats[0]);
	else
		snprintf(what, sizeof what, "%s %s", m->o->heat == EB_HEAT_BLOCK_SIZE ?
		    "block size" : "release", m->sers[0]);
	head.label = what;
	y = eb_lay_row_heading(L, &head, y, 6);
	{
		double top = y, bottom = y;
		int labelled = 0;

		/* Side by side, the directions share one column of labels. */
		for (size_t c = 0; c < m->ncols; c++) {
			size_t n = test_rows(m, c, !H.stacked, rows);
			double x = L->x0 + H.gutter + (H.stacked ? 0 : c * (H.cw * nk + COL_GAP)), end;

			if (n == 0 || (!H.stacked && !col_used(m, c)))
				continue;
			end = test_panel(&H, c, rows, n, x, H.stacked ? bottom : top,
			    H.stacked || !labelled);
			labelled = 1;
			bottom = end + (H.stacked ? ROW_GAP : 0);
		}
		y = H.stacked ? bottom - ROW_GAP : bottom;
	}
	free(rows);
	return y;
}

static double
body(struct lay *L)
{
	const struct chart_model *m = L->m;
	struct heat H;
	double widest = 0, need, y = L->y, pw;
	size_t maxlines = 1, ncells = 0;

	if (by_test(m))
		return body_by_test(L);
	memset(&H, 0, sizeof H);
	H.L = L;
	H.m = m;
	H.heads = m->ncols > 1 || (m->ncols == 1 && m->cols[0][0] != '\0');
	H.cat_lines = eb_xcalloc(m->ncats ? m->ncats : 1, sizeof *H.cat_lines);
	H.cat_nlines = eb_xcalloc(m->ncats ? m->ncats : 1, sizeof *H.cat_nlines);
	for (size_t c = 0; c < m->ncats; c++) {
		double w;

		H.cat_nlines[c] = eb_text_wrap(m->cats[c], L->w * 0.3, FS_LABEL, 0, &H.cat_lines[c]);
		w = eb_text_lines_width(H.cat_lines[c], H.cat_nlines[c], FS_LABEL, 0);
		if (w > widest)
			widest = w;
		if (H.cat_nlines[c] > maxlines)
			maxlines = H.cat_nlines[c];
	}
	H.gutter = widest + GUTTER_PAD;
	need = widest_cell(m, 36);
	for (size_t s = 0; s < m->nsers; s++) {
		double w = eb_text_width(m->sers[s], FS_TICK, 0) + 8;

		if (w > need)
			need = w;
	}
	/* Directions side by side when their cells fit, else stacked. */
	pw = (L->w - H.gutter - (m->ncols - 1) * COL_GAP) / m->ncols;
	if (m->ncols > 1 && pw / m->nsers < need) {
		H.stacked = 1;
		pw = L->w - H.gutter;
	}
	H.cw = pw / m->nsers;
	if (H.cw > MAX_CELL_W)
		H.cw = MAX_CELL_W;
	if (H.cw < need)
		H.cw = need;	/* wider than asked rather than clipped */
	H.ch = maxlines * LINE_H(FS_LABEL) + 12;
	if (H.ch < 30)
		H.ch = 30;
	for (size_t r = 0; r < m->nrows; r++)
		ncells += m->rows[r].ncats * (H.stacked ? m->ncols : 1);
	if (L->avail > 0 && ncells > 0) {
		double per = LINE_H(FS_TICK) + 4 + (H.heads ? LINE_H(FS_HEAD) + 2 : 0);
		double fixed = legend_height(m, L->w) + m->nrows * (LINE_H(FS_HEAD) + 6 +
		    ROW_GAP) + m->nrows * per * (H.stacked ? m->ncols : 1);
		double fit = (L->avail - fixed) / ncells;

		if (fit > H.ch)
			H.ch = fit > MAX_CELL_H ? MAX_CELL_H : fit;
	}
	if (L->x0 + H.gutter + (H.stacked ? 1 : m->ncols) * H.cw * m->nsers +
	    (H.stacked ? 0 : (m->ncols - 1) * COL_GAP) > L->s->width - MARGIN / 2)
		L->s->width = ceil(L->x0 + H.gutter + (H.stacked ? 1 : m->ncols) * H.cw *
		    m->nsers + (H.stacked ? 0 : (m->ncols - 1) * COL_GAP) + MARGIN);

	y = scale_legend(&H, y);
	for (size_t r = 0; r < m->nrows; r++) {
		double bottom;
		int labelled = 0;

		y = eb_lay_row_heading(L, &m->rows[r], y, 6);
		bottom = y;
		for (size_t c = 0; c < m->ncols; c++) {
			double x = L->x0 + H.gutter + (H.stacked ? 0 : c * (H.cw * m->nsers + COL_GAP));
			double top = H.stacked ? bottom > y ? bottom : y : y, end;
			double cells = top + (LINE_H(FS_TICK) + 4) + (H.heads ? LINE_H(FS_HEAD) + 2 : 0);

			if (!eb_model_panel_used(m, r, c))
				continue;
			end = panel(&H, r, c, x, top);
			if (H.stacked || !labelled)
				gutter_labels(&H, r, cells);
			labelled = 1;
			if (end > bottom)
				bottom = end + (H.stacked ? 10 : 0);
		}
		y = bottom + ROW_GAP;
	}
	for (size_t c = 0; c < m->ncats; c++)
		eb_text_lines_free(H.cat_lines[c], H.cat_nlines[c]);
	free(H.cat_lines);
	free(H.cat_nlines);
	return y - ROW_GAP;
}

/* The cells of each direction's panel, a row per test as body_by_test
 * drew them: every test when the panel has a row for each. */
static void
plot_by_test(struct gp *g)
{
	const struct chart_model *m = g->m;
	FILE *fp = g->gp, *d = g->dat;
	size_t *rows = eb_xmalloc(m->nrows * sizeof *rows);

	for (size_t i = 0; i < g->npb; i++) {
		const struct panel_box *b = &g->pb[i];
		size_t n = test_rows(m, b->col, (size_t)(b->ylo - 0.5) == m->nrows, rows);

		eb_gp_comment(d, m->cols[b->col]);
		fputs("# column row colour text-colour label\n", d);
		for (size_t k = 0; k < n; k++)
			for (size_t p = 0; p < m->npts; p++) {
				const struct cm_point *pt = &m->pts[p];
				uint32_t c;
				char text[32];

				if (pt->row != rows[k] || pt->col != b->col)
					continue;
				c = cell_style(m, pt, text, sizeof text);
				fprintf(d, "%zu %zu %u %u \"%s\"\n", test_col(m, pt) + 1, k + 1,
				    (unsigned)c, (unsigned)(pt->hollow ? m->th->muted :
				    eb_contrast_text(c)), text);
			}
		fputs("\n\n", d);
		eb_gp_frame(g, b, 1, m->cols[b->col]);
		fprintf(fp, "plot datafile index %d using 1:2:(0.5):(0.5):3 with boxxyerror "
		    "fs solid 1 border lc rgb '#%06x' lw 1.5 fc rgb variable notitle, \\\n",
		    g->block, (unsigned)m->th->bg);
		fprintf(fp, "     '' index %d using 1:2:5:4 with labels tc rgb variable notitle\n",
		    g->block);
		g->block++;
		if (i == 0)
			eb_gp_end_plot(g);
	}
	free(rows);
}

static void
plot(struct gp *g)
{
	const struct chart_model *m = g->m;
	FILE *fp = g->gp, *d = g->dat;

	if (by_test(m)) {
		plot_by_test(g);
		return;
	}
	for (size_t i = 0; i < g->npb; i++) {
		const struct panel_box *b = &g->pb[i];
		const struct cm_row *row = &m->rows[b->row];
		char label[320];

		snprintf(label, sizeof label, "%s, %s", row->label, m->cols[b->col]);
		eb_gp_comment(d, label);
		fputs("# column row colour text-colour label\n", d);
		for (size_t k = 0; k < row->ncats; k++)
			for (size_t p = 0; p < m->npts; p++) {
				const struct cm_point *pt = &m->pts[p];
				uint32_t c;
				char text[32];

				if (pt->row != b->row || pt->col != b->col || pt->cat != row->cats[k])
					continue;
				c = cell_style(m, pt, text, sizeof text);
				fprintf(d, "%zu %zu %u %u \"%s\"\n", pt->ser + 1, k + 1, (unsigned)c,
				    (unsigned)(pt->hollow ? m->th->muted : eb_contrast_text(c)), text);
			}
		fputs("\n\n", d);
		eb_gp_frame(g, b, 1, label);
		fprintf(fp, "plot datafile index %d using 1:2:(0.5):(0.5):3 with boxxyerror "
		    "fs solid 1 border lc rgb '#%06x' lw 1.5 fc rgb variable notitle, \\\n", g->block,
		    (unsigned)m->th->bg);
		fprintf(fp, "     '' index %d using 1:2:5:4 with labels tc rgb variable notitle\n",
		    g->block);
		g->block++;
		if (i == 0)
			eb_gp_end_plot(g);
	}
}

const struct chart_kind eb_chart_kind_heatmap = {
	"heatmap", 1, build, words, unit_text, NULL, body, plot,
};
