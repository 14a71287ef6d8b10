/* chart_heat.c - the layout of heatmaps: overhead % per mode (rows) and
 * release or block size (columns), a diverging colour per cell and the
 * value printed in it, one panel per test case and direction. */
#include <stdlib.h>
#include <string.h>

#include "chart_int.h"

#define COL_GAP 28.0
#define GUTTER_PAD 10.0
#define MAX_CELL_W 96.0
#define MAX_CELL_H 44.0
#define ROW_GAP 18.0
#define SCALE_W 220.0

struct heat {
	struct lay *L;
	const struct chart_model *m;
	char ***cat_lines;
	size_t *cat_nlines;
	double gutter, cw, ch;
	int stacked;		/* directions below each other, not side by side */
	int heads;		/* panels are labelled with their direction */
};

/* The colour scale: a strip from lo to hi with round ticks. */
static double
scale_legend(struct heat *H, double y)
{
	struct lay *L = H->L;
	const struct chart_model *m = H->m;
	const struct eb_theme *th = L->th;
	const char *caption = "Overhead";
	double x = L->x0, cw = eb_text_width(caption, FS_LABEL, 0), seg = SCALE_W / 48;
	double lo = m->heat_lo, hi = m->heat_hi, step = nice_step(lo, hi, 3);
	char text[32];

	eb_scene_text(L->s, x, y + 5 + MID(FS_LABEL), caption, FS_LABEL, 0, EB_ANCHOR_START,
	    th->text, "legend");
	x += cw + 12;
	for (int i = 0; i < 48; i++) {
		double v = lo + (i + 0.5) * (hi - lo) / 48;

		eb_scene_rect(L->s, x + i * seg, y, seg + 0.3, 10,
		    eb_paint_fill(eb_heat_color(v, lo, hi)), "legend-scale");
	}
	for (double t = lo; t <= hi + step * 1e-9; t += step) {
		double tx = x + (t - lo) / (hi - lo) * SCALE_W;

		tick_text(text, sizeof text, t, step);
		strncat(text, " %", sizeof text - strlen(text) - 1);
		eb_scene_line(L->s, tx, y + 10, tx, y + 13, eb_paint_stroke(th->axis, 1),
		    "legend-tick");
		eb_scene_text(L->s, tx, y + 14 + ASCENT(FS_TICK), text, FS_TICK, 0,
		    EB_ANCHOR_MIDDLE, th->muted, "legend-tick");
	}
	if (lo < 0)
		eb_scene_text(L->s, x + SCALE_W + 24, y + 5 + MID(FS_TICK),
		    "below 0: faster than the baseline", FS_TICK, 0, EB_ANCHOR_START, th->muted,
		    "legend");
	return y + 14 + LINE_H(FS_TICK) + 12;
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

		lay_panel(L, &box);
	}
	for (size_t i = 0; i < row->ncats; i++) {
		for (size_t s = 0; s < m->nsers; s++) {
			const struct cm_point *p = find(m, r, c, row->cats[i], s);
			double cx = x + s * H->cw, cy = y + i * H->ch;
			uint32_t fill = p ? eb_heat_color(p->v, m->heat_lo, m->heat_hi) : th->grid;
			struct eb_paint pt = eb_paint_fill(fill);
			struct eb_item *it;
			char text[32];

			pt.stroke = th->bg;
			pt.width = 1.5;
			it = eb_scene_rect(L->s, cx, cy, H->cw, H->ch, pt, p ? "cell" : "cell-empty");
			if (p != NULL && p->tip != NULL)
				eb_item_tip(it, "%s", p->tip);
			if (p != NULL)
				pct_text(text, sizeof text, p->v, 0);
			else
				snprintf(text, sizeof text, "–");
			eb_scene_text(L->s, cx + H->cw / 2, cy + H->ch / 2 + MID(FS_VALUE + 0.5),
			    text, FS_VALUE + 0.5, 0, EB_ANCHOR_MIDDLE,
			    p ? eb_contrast_text(fill) : th->muted, "value");
		}
	}
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

		text_lines(L, H->cat_lines[cat], H->cat_nlines[cat],
		    L->x0 + H->gutter - GUTTER_PAD, ly, FS_LABEL, 0, EB_ANCHOR_END, L->th->text,
		    "category");
	}
}

double
body_heat(struct lay *L)
{
	const struct chart_model *m = L->m;
	struct heat H;
	double widest = 0, need = 36, y = L->y, pw;
	size_t maxlines = 1, ncells = 0;

	memset(&H, 0, sizeof H);
	H.L = L;
	H.m = m;
	H.heads = m->ncols > 1 || (m->ncols == 1 && m->cols[0][0] != '\0');
	H.cat_lines = eb_xcalloc(m->ncats ? m->ncats : 1, sizeof *H.cat_lines);
	H.cat_nlines = eb_xcalloc(m->ncats ? m->ncats : 1, sizeof *H.cat_nlines);
	for (size_t c = 0; c < m->ncats; c++) {
		double w;

		H.cat_nlines[c] = wrap_text(m->cats[c], L->w * 0.3, FS_LABEL, 0, &H.cat_lines[c]);
		w = lines_width(H.cat_lines[c], H.cat_nlines[c], FS_LABEL, 0);
		if (w > widest)
			widest = w;
		if (H.cat_nlines[c] > maxlines)
			maxlines = H.cat_nlines[c];
	}
	H.gutter = widest + GUTTER_PAD;
	for (size_t i = 0; i < m->npts; i++) {
		char text[32];
		double w;

		pct_text(text, sizeof text, m->pts[i].v, 0);
		w = eb_text_width(text, FS_VALUE + 0.5, 0) + 12;
		if (w > need)
			need = w;
	}
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
		double fixed = 14 + LINE_H(FS_TICK) + 12 + m->nrows * (LINE_H(FS_HEAD) + 6 +
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

		y = row_heading(L, &m->rows[r], y, 6);
		bottom = y;
		for (size_t c = 0; c < m->ncols; c++) {
			double x = L->x0 + H.gutter + (H.stacked ? 0 : c * (H.cw * m->nsers + COL_GAP));
			double top = H.stacked ? bottom > y ? bottom : y : y, end;
			double cells = top + (LINE_H(FS_TICK) + 4) + (H.heads ? LINE_H(FS_HEAD) + 2 : 0);

			if (!cm_panel_used(m, r, c))
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
		free_lines(H.cat_lines[c], H.cat_nlines[c]);
	free(H.cat_lines);
	free(H.cat_nlines);
	return y - ROW_GAP;
}
