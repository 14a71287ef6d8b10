/* chart_trend.c - the layout of line charts: a value axis frame shared with
 * the time series, and trends of each mode across releases in a panel per
 * test case and direction, with the legend naming the modes. */
#include <stdlib.h>
#include <string.h>

#include "chart_int.h"

#define COL_GAP 32.0
#define ROW_GAP 20.0

/* The ticks of [lo, hi]: round step and ends. */
static double
ticks(double *lo, double *hi, double h)
{
	double step;

	if (!(*hi > *lo))
		*hi = *lo + 1;
	step = nice_step(*lo, *hi, h > 200 ? 5 : 4);
	*lo = step * floor(*lo / step + 1e-9);
	*hi = step * ceil(*hi / step - 1e-9);
	return step;
}

static void
label(char *text, size_t n, double t, double step, int percent)
{
	tick_text(text, n, t, step);
	if (percent)
		strncat(text, " %", n - strlen(text) - 1);
}

double
frame_label_width(double lo, double hi, double h, int percent)
{
	double step = ticks(&lo, &hi, h), labw = 0;
	char text[32];

	for (double t = lo; t <= hi + step * 1e-9; t += step) {
		double tw;

		label(text, sizeof text, t, step, percent);
		if ((tw = eb_text_width(text, FS_TICK, 0)) > labw)
			labw = tw;
	}
	return labw;
}

double
frame_y(struct lay *L, struct frame *f, double x, double top, double w, double h,
    double lo, double hi, int percent)
{
	const struct eb_theme *th = L->th;
	double labw = frame_label_width(lo, hi, h, percent), step;
	char text[32];

	/* The caller may ask for wider labels, to align panels. */
	if (f->x > labw)
		labw = f->x;
	step = ticks(&lo, &hi, h);
	f->x = x + labw + 8;
	f->w = w - labw - 8;
	f->y = top + FS_TICK / 2;	/* the top label sits on the top line */
	f->h = h - FS_TICK / 2;
	f->lo = lo;
	f->hi = hi;
	f->step = step;
	for (double t = lo; t <= hi + step * 1e-9; t += step) {
		double y = frame_py(f, t);

		if (fabs(t) < step * 1e-9)
			t = 0;
		eb_scene_line(L->s, f->x, y, f->x + f->w, y, eb_paint_stroke(t == 0 ? th->axis :
		    th->grid, 1), t == 0 ? "axis" : "grid");
		label(text, sizeof text, t, step, percent);
		eb_scene_text(L->s, f->x - 6, y + MID(FS_TICK), text, FS_TICK, 0, EB_ANCHOR_END,
		    th->muted, "tick");
	}
	return f->y + f->h;
}

double
frame_py(const struct frame *f, double v)
{
	return f->y + f->h - (v - f->lo) / (f->hi - f->lo) * f->h;
}

/* A whisker's low end: values cannot be negative, t intervals can. */
static double
wlo(const struct chart_model *m, const struct cm_point *p)
{
	return !m->percent && p->v >= 0 && p->lo < 0 ? 0 : p->lo;
}

/* The heading of a row of panels: the test in bold and its unit in grey,
 * on one line when they fit, else wrapped, the unit on a line of its own. */
double
row_heading(struct lay *L, const struct cm_row *row, double y, double gap)
{
	const struct chart_model *m = L->m;
	char unit[96], **lines;
	double headw = eb_text_width(row->label, FS_HEAD, 1);
	size_t n;

	cm_unit_text(m, row, unit, sizeof unit);
	if (headw + 8 + eb_text_width(unit, FS_HEAD, 0) <= L->w) {
		eb_scene_text(L->s, L->x0, y + ASCENT(FS_HEAD), row->label, FS_HEAD, 1,
		    EB_ANCHOR_START, L->th->text, "row-head");
		eb_scene_text(L->s, L->x0 + headw + 8, y + ASCENT(FS_HEAD), unit, FS_HEAD, 0,
		    EB_ANCHOR_START, L->th->muted, "unit");
		return y + LINE_H(FS_HEAD) + gap;
	}
	n = wrap_text(row->label, L->w, FS_HEAD, 1, &lines);
	y = text_lines(L, lines, n, L->x0, y, FS_HEAD, 1, EB_ANCHOR_START, L->th->text,
	    "row-head");
	free_lines(lines, n);
	n = wrap_text(unit, L->w, FS_HEAD, 0, &lines);
	y = text_lines(L, lines, n, L->x0, y, FS_HEAD, 0, EB_ANCHOR_START, L->th->muted,
	    "unit");
	free_lines(lines, n);
	return y + gap;
}

static void
panel(struct lay *L, size_t r, size_t c, double x, double top, double w, double h)
{
	const struct chart_model *m = L->m;
	const struct eb_theme *th = L->th;
	const struct cm_row *row = &m->rows[r];
	double div = row->disp.div, lo = 0, hi = 0, slot, last_end = -1e9;
	struct frame f = { 0, 0, 0, 0, 0, 0, 0 };
	double *pts = eb_xmalloc((m->ncats ? m->ncats : 1) * 2 * sizeof *pts);

	for (size_t i = 0; i < m->npts; i++) {
		const struct cm_point *p = &m->pts[i];
		double a = (isnan(p->lo) ? p->v : wlo(m, p)) / div;
		double b = (isnan(p->hi) ? p->v : p->hi) / div;

		if (p->row != r || p->col != c)
			continue;
		if (a < lo)
			lo = a;
		if (b > hi)
			hi = b;
	}
	if (isfinite(m->ref) && m->ref > hi)
		hi = m->ref;
	frame_y(L, &f, x, top, w, h, lo, hi, m->percent);
	slot = f.w / (m->ncats ? m->ncats : 1);
	{
		struct panel_box box = { r, c, f.x, f.y, f.w, f.h, 0.5, m->ncats + 0.5, f.lo, f.hi,
			0, f.step };

		lay_panel(L, &box);
	}

	/* Releases along the bottom, thinned when they would touch. */
	for (size_t k = 0; k < m->ncats; k++) {
		double cx = f.x + (k + 0.5) * slot, tw = eb_text_width(m->cats[k], FS_TICK, 0);

		if (cx - tw / 2 < last_end + 6)
			continue;
		eb_scene_text(L->s, cx, f.y + f.h + 6 + ASCENT(FS_TICK), m->cats[k], FS_TICK, 0,
		    EB_ANCHOR_MIDDLE, th->muted, "cat-tick");
		last_end = cx + tw / 2;
	}
	if (isfinite(m->ref) && m->ref > f.lo && m->ref <= f.hi) {
		struct eb_paint ref = eb_paint_stroke(th->ref, 1.3);

		ref.dash = 4;
		eb_scene_line(L->s, f.x, frame_py(&f, m->ref), f.x + f.w, frame_py(&f, m->ref), ref,
		    "reference");
	}

	for (size_t s = 0; s < m->nsers; s++) {
		uint32_t color = cm_ser_color(m, s);
		size_t n = 0;

		for (size_t k = 0; k < m->ncats; k++)
			for (size_t i = 0; i < m->npts; i++) {
				const struct cm_point *p = &m->pts[i];

				if (p->row != r || p->col != c || p->ser != s || p->cat != k)
					continue;
				pts[2 * n] = f.x + (k + 0.5) * slot;
				pts[2 * n + 1] = frame_py(&f, p->v / div);
				n++;
			}
		if (n > 1)
			eb_scene_path(L->s, pts, n, 0, eb_paint_stroke(color, 2), "line");
		for (size_t i = 0; i < m->npts; i++) {
			const struct cm_point *p = &m->pts[i];
			double cx;
			struct eb_paint dot;
			struct eb_item *it;

			if (p->row != r || p->col != c || p->ser != s)
				continue;
			cx = f.x + (p->cat + 0.5) * slot;
			if (!isnan(p->lo))
				eb_scene_line(L->s, cx, frame_py(&f, wlo(m, p) / div), cx,
				    frame_py(&f, p->hi / div), eb_paint_stroke(color, 1.2), "whisker");
			dot = eb_paint_fill(color);
			dot.stroke = th->bg;
			dot.width = 1;
			it = eb_scene_circle(L->s, cx, frame_py(&f, p->v / div), 3.4, dot, "point");
			if (p->tip != NULL)
				eb_item_tip(it, "%s", p->tip);
		}
	}
	free(pts);
}

double
body_trend(struct lay *L)
{
	const struct chart_model *m = L->m;
	int heads = m->ncols > 1 || (m->ncols == 1 && m->cols[0][0] != '\0');
	double pw = (L->w - (m->ncols - 1) * COL_GAP) / m->ncols, ph, y = L->y;
	double head = heads ? LINE_H(FS_HEAD) + 4 : 0, axis = 6 + LINE_H(FS_TICK);

	ph = pw * 0.55;
	if (ph < 160)
		ph = 160;
	if (ph > 300)
		ph = 300;
	if (L->avail > 0) {
		double fit = (L->avail - m->nrows * (LINE_H(FS_HEAD) + 8 + head + axis + ROW_GAP)) /
		    m->nrows;

		if (fit > ph)
			ph = fit;
	}
	for (size_t r = 0; r < m->nrows; r++) {
		y = row_heading(L, &m->rows[r], y, 8);
		for (size_t c = 0; c < m->ncols; c++) {
			double x = L->x0 + c * (pw + COL_GAP);

			if (!cm_panel_used(m, r, c))
				continue;
			if (heads)
				eb_scene_text(L->s, x, y + ASCENT(FS_HEAD), m->cols[c], FS_HEAD, 1,
				    EB_ANCHOR_START, L->th->text, "column-head");
			panel(L, r, c, x, y + head, pw, ph);
		}
		y += head + ph + axis + ROW_GAP;
	}
	return y - ROW_GAP;
}
