/* chart_band.c - the layout of bar charts (bars, overhead, diff): a row of
 * panels per test case, a panel per direction, a band per mode, bars with
 * their value and interval, mode names in a gutter that wraps them; and
 * the same bars as gnuplot data and plots. */
#include <stdlib.h>
#include <string.h>

#include "chart_int.h"

#define COL_GAP 28.0
#define GUTTER_PAD 10.0
#define MAX_BAND 44.0
#define ROW_GAP 18.0

struct band {
	struct lay *L;
	const struct chart_model *m;
	char ***cat_lines;	/* wrapped mode names */
	size_t *cat_nlines;
	double gutter, pw, bt;
	int vertical;
};

/* The space above the bands of the whole chart and of each row. */
static double
cols_height(const struct band *B)
{
	const struct chart_model *m = B->m;
	double h = 0;

	if (m->ncols > 1 || (m->ncols == 1 && m->cols[0][0] != '\0'))
		h += LINE_H(FS_HEAD) + 2;
	if (m->show_direction)
		h += LINE_H(FS_TICK) + 2;
	return h + 4;
}

static double
row_head_height(void)
{
	return LINE_H(FS_HEAD) + 6;
}

static double
axis_height(void)
{
	return 6 + LINE_H(FS_TICK);
}

static double
px(const struct vscale *sc, double v)
{
	return sc->z + sc->k * v;
}

static void
column_heads(struct band *B, double y)
{
	struct lay *L = B->L;
	const struct chart_model *m = B->m;
	const struct eb_theme *th = L->th;
	int heads = m->ncols > 1 || (m->ncols == 1 && m->cols[0][0] != '\0');

	for (size_t c = 0; c < m->ncols; c++) {
		double x = L->x0 + B->gutter + c * (B->pw + COL_GAP);
		double yy = y;

		if (heads) {
			eb_scene_text(L->s, x + B->pw / 2, yy + ASCENT(FS_HEAD), m->cols[c], FS_HEAD, 1,
			    EB_ANCHOR_MIDDLE, th->text, "column-head");
			yy += LINE_H(FS_HEAD) + 2;
		}
		if (m->show_direction) {
			int hib = eb_metric_higher_is_better(m->metric);

			/* Which way is good differs for latency; say it. */
			eb_scene_text(L->s, x, yy + ASCENT(FS_TICK), hib ? "← worse" : "← better",
			    FS_TICK, 0, EB_ANCHOR_START, th->muted, "direction");
			eb_scene_text(L->s, x + B->pw, yy + ASCENT(FS_TICK),
			    hib ? "better →" : "worse →", FS_TICK, 0, EB_ANCHOR_END, th->muted,
			    "direction");
		}
	}
}

/* Space kept between the reference line and a value label's text: the
 * label's knockout reaches 2 px beyond it and must not cut the line. */
#define REF_CLEAR 4.0

/* A value label as drawn: "87 %", with a diff's "single run". */
static void
label_text(const struct chart_model *m, const struct cm_row *row, const struct cm_point *p,
    char *buf, size_t n)
{
	char text[64];

	eb_model_value_text(m, row, p->v, text, sizeof text);
	if (p->note != NULL)
		snprintf(buf, n, "%s  %s", text, p->note);
	else
		snprintf(buf, n, "%s", text);
}

/* Where the reference line is drawn, px from the panel's left, or NAN:
 * 100 % of an overhead chart (a diff's 0 is the axis). */
static double
ref_px(const struct chart_model *m, const struct vscale *sc)
{
	return isfinite(m->ref) && m->ref != 0 ? px(sc, m->ref) : NAN;
}

/* The whisker of p from a to b, px from the panel's left; 0 without one. */
static int
whisker(const struct chart_model *m, const struct cm_row *row, const struct cm_point *p,
    const struct vscale *sc, double *a, double *b)
{
	if (isnan(p->lo))
		return 0;
	*a = px(sc, eb_model_whisker_lo(m, p) / row->disp.div);
	*b = px(sc, p->hi / row->disp.div);
	return 1;
}

/* Where the value label of p begins (a start anchor, positive values) or
 * ends (an end anchor), px from the panel's left: beyond the bar and its
 * whisker, and, for positive values, beyond the reference line (which is
 * positive: 100 %) when it would touch it. */
static double
label_px(const struct chart_model *m, const struct cm_row *row, const struct cm_point *p,
    const struct vscale *sc, int *moved)
{
	double xv = px(sc, p->v / row->disp.div), tx = xv, a, b, w, rx = ref_px(m, sc);
	char full[96];

	if (whisker(m, row, p, sc, &a, &b))
		tx = p->v >= 0 ? (b > xv ? b : xv) : (a < xv ? a : xv);
	tx += p->v >= 0 ? 5 : -5;
	*moved = 0;
	if (isnan(rx))
		return tx;
	label_text(m, row, p, full, sizeof full);
	w = eb_text_width(full, FS_VALUE, 0);
	if (p->v >= 0 && tx < rx + REF_CLEAR && tx + w > rx - REF_CLEAR) {
		*moved = 1;
		return rx + REF_CLEAR + 1;
	}
	return tx;
}

/* The scale of row r: every bar, whisker and value label fits, and so
 * does the label of the reference tick. A value label that would touch
 * the reference line goes beyond it, which needs room there too: the
 * scale is fitted again until no label moves anew. */
static void
row_scale(const struct band *B, size_t r, struct vscale *sc)
{
	const struct chart_model *m = B->m;
	const struct cm_row *row = &m->rows[r];
	double div = row->disp.div;
	struct extent *ext = eb_xcalloc(m->npts * 4 + 4, sizeof *ext);
	char *moved = eb_xcalloc(m->npts ? m->npts : 1, 1);
	size_t next = 0;

	ext[next++] = (struct extent){ 0, 0 };
	if (isfinite(m->ref))
		ext[next++] = (struct extent){ m->ref, 0 };
	for (size_t i = 0; i < m->npts; i++) {
		const struct cm_point *p = &m->pts[i];
		char text[64];
		double room, end = p->v / div;

		if (p->row != r)
			continue;
		eb_model_value_text(m, row, p->v, text, sizeof text);
		room = 6 + eb_text_width(text, FS_VALUE, 0);
		if (p->note != NULL)
			room += eb_text_width(p->note, FS_VALUE, 0) + 6;
		if (!isnan(p->lo)) {
			if (p->v >= 0 && p->hi / div > end)
				end = p->hi / div;
			if (p->v < 0 && p->lo / div < end)
				end = p->lo / div;
			/* The far end of the interval must show, unlabelled; for
			 * what cannot be negative it stops at 0 (eb_model_whisker_lo). */
			ext[next++] = (struct extent){ p->v >= 0 ? eb_model_whisker_lo(m, p) / div :
			    p->hi / div, 2 };
		}
		ext[next++] = (struct extent){ end, room };
	}
	if (isfinite(m->ref) && m->ref != 0) {
		char text[32];

		/* Half the reference tick's label lies beyond it. */
		eb_tick_text(text, sizeof text, m->ref, 1);
		strncat(text, " %", sizeof text - strlen(text) - 1);
		ext[next++] = (struct extent){ m->ref, eb_text_width(text, FS_TICK, 0) / 2 + 2 };
	}
	for (int pass = 0; pass < 4; pass++) {
		int again = 0;

		eb_lay_fit_scale(ext, next, B->pw, B->pw > 300 ? 5 : 3, sc);
		for (size_t i = 0; i < m->npts && next < m->npts * 4 + 4; i++) {
			const struct cm_point *p = &m->pts[i];
			char full[96];
			int mv;

			if (p->row != r || moved[i])
				continue;
			label_px(m, row, p, sc, &mv);
			if (!mv)
				continue;
			label_text(m, row, p, full, sizeof full);
			ext[next++] = (struct extent){ m->ref, REF_CLEAR + 1 +
			    eb_text_width(full, FS_VALUE, 0) + 2 };
			moved[i] = again = 1;
		}
		if (!again)
			break;
	}
	free(moved);
	free(ext);
}

/* A stretch of the reference line left out, from lo to hi px down. */
struct gap {
	double lo, hi;
};

static int
cmp_gap(const void *a, const void *b)
{
	const struct gap *x = a, *y = b;

	return x->lo < y->lo ? -1 : x->lo > y->lo;
}

/* The height of a bar in a band bt px tall. */
static double
bar_height(double bt)
{
	return bt * 0.64 > 26 ? 26 : bt * 0.64;
}

/* Where the reference line of panel (r, c) gives way to the whiskers that
 * meet it, px down from the panel's top, in order; returns how many. */
static size_t
ref_gaps(const struct chart_model *m, size_t r, size_t c, const struct vscale *sc,
    double bt, struct gap *gaps)
{
	const struct cm_row *row = &m->rows[r];
	double rx = ref_px(m, sc), bh = bar_height(bt);
	size_t n = 0;

	for (size_t i = 0; !isnan(rx) && i < m->npts; i++) {
		const struct cm_point *p = &m->pts[i];
		size_t idx = 0;
		double a, b, cy;

		if (p->row != r || p->col != c || !whisker(m, row, p, sc, &a, &b) ||
		    a - 3 > rx || rx > b + 3)
			continue;
		while (idx < row->ncats && row->cats[idx] != p->cat)
			idx++;
		cy = idx * bt + bt / 2;
		gaps[n].lo = cy - bh * 0.3 - 2;
		gaps[n++].hi = cy + bh * 0.3 + 2;
	}
	qsort(gaps, n, sizeof *gaps, cmp_gap);
	return n;
}

/* The dashed reference line at x from y0 to the panel's bottom, but for
 * the gaps (px down from its top). */
static void
ref_line(struct lay *L, double x, double y0, double top, double bottom,
    const struct gap *gaps, size_t n)
{
	struct eb_paint ref = eb_paint_stroke(L->th->ref, 1.3);
	double y = y0;

	ref.dash = 4;
	for (size_t i = 0; i <= n; i++) {
		double end = i < n ? top + gaps[i].lo : bottom;

		if (end > y)
			eb_scene_line(L->s, x, y, x, end, ref, "reference");
		if (i < n && top + gaps[i].hi > y)
			y = top + gaps[i].hi;
	}
}

/* Draws one row of panels from y; returns the y below it. */
static double
row(struct band *B, size_t r, double y)
{
	struct lay *L = B->L;
	const struct chart_model *m = B->m;
	const struct eb_theme *th = L->th;
	const struct cm_row *row = &m->rows[r];
	double div = row->disp.div, top, h;
	struct vscale sc;
	struct label {
		double x, y;
		enum eb_anchor anchor;
		int muted;
		char text[96];
	} *labels;
	size_t nlabels = 0;
	struct gap *gaps = eb_xcalloc(m->npts ? m->npts : 1, sizeof *gaps);

	y = eb_lay_row_heading(L, row, y, 6);

	/* One scale for the row, so read and write compare at a glance. */
	row_scale(B, r, &sc);

	top = y;
	h = row->ncats * B->bt;
	labels = eb_xcalloc(m->npts ? m->npts : 1, sizeof *labels);
	for (size_t c = 0; c < m->ncols; c++) {
		double x0 = L->x0 + B->gutter + c * (B->pw + COL_GAP);
		double lo = -sc.z / sc.k, hi = (B->pw - sc.z) / sc.k;
		double last_end = -1e9, rx = ref_px(m, &sc), rlo = 0, rhi = 0;
		char rtext[32];
		struct panel_box box = { r, c, x0, top, B->pw, h, lo, hi, row->ncats + 0.5, 0.5,
			sc.step, 0 };

		if (!eb_model_panel_used(m, r, c))
			continue;
		eb_lay_panel(L, &box);

		/* The reference tick is always labelled: the others give way. */
		if (!isnan(rx)) {
			double rw;

			eb_tick_text(rtext, sizeof rtext, m->ref, 1);
			strncat(rtext, " %", sizeof rtext - strlen(rtext) - 1);
			rw = eb_text_width(rtext, FS_TICK, 0);
			rlo = x0 + rx - rw / 2 - 6;
			rhi = x0 + rx + rw / 2 + 6;
		}
		/* Grid and tick labels at round numbers. */
		for (double t = ceil(lo / sc.step - 1e-9) * sc.step; t <= hi + 1e-9 * sc.step;
		    t += sc.step) {
			double x = x0 + px(&sc, t);
			char text[32];
			double tw;

			if (fabs(t) < sc.step * 1e-9)
				t = 0;
			eb_scene_line(L->s, x, top - 3, x, top + h, eb_paint_stroke(t == 0 ?
			    th->axis : th->grid, 1), t == 0 ? "axis" : "grid");
			eb_tick_text(text, sizeof text, t, sc.step);
			if (m->percent)
				strncat(text, " %", sizeof text - strlen(text) - 1);
			tw = eb_text_width(text, FS_TICK, 0);
			/* Tick labels stay inside the panel's share of the gaps
			 * and never touch the previous one. */
			if (x - tw / 2 < last_end + 6 || x - tw / 2 < x0 - COL_GAP / 2 + 2 ||
			    x + tw / 2 > x0 + B->pw + COL_GAP / 2 - 2)
				continue;
			if (!isnan(rx) && x + tw / 2 > rlo && x - tw / 2 < rhi)
				continue;
			eb_scene_text(L->s, x, top + h + 6 + ASCENT(FS_TICK), text, FS_TICK, 0,
			    EB_ANCHOR_MIDDLE, th->muted, "tick");
			last_end = x + tw / 2;
		}
		if (!isnan(rx))
			eb_scene_text(L->s, x0 + rx, top + h + 6 + ASCENT(FS_TICK), rtext, FS_TICK, 0,
			    EB_ANCHOR_MIDDLE, th->muted, "tick");

		for (size_t i = 0; i < m->npts; i++) {
			const struct cm_point *p = &m->pts[i];
			size_t idx = 0;
			double cy, bh, xv, x0v, wa, wb;
			struct eb_item *it;
			struct eb_paint pt;
			int moved;

			if (p->row != r || p->col != c)
				continue;
			while (idx < row->ncats && row->cats[idx] != p->cat)
				idx++;
			cy = top + idx * B->bt + B->bt / 2;
			bh = bar_height(B->bt);
			x0v = x0 + px(&sc, 0);
			xv = x0 + px(&sc, p->v / div);
			if (p->hollow) {
				pt = eb_paint_stroke(th->hollow, 1.2);
				pt.dash = 3;
				it = eb_scene_rect(L->s, x0v, cy - bh / 2 + 0.6, xv - x0v, bh - 1.2, pt,
				    "bar-hollow");
			} else
				it = eb_scene_rect(L->s, x0v, cy - bh / 2, xv - x0v, bh,
				    eb_paint_fill(eb_model_cat_color(m, p->cat)), "bar");
			if (p->tip != NULL)
				eb_item_tip(it, "%s", p->tip);
			if (p->unbounded) {
				/* Fieller's interval without bounds: the whisker runs to
				 * both ends of the axis, each with an arrowhead. */
				double a = x0, b = x0 + B->pw;
				struct eb_paint wp = eb_paint_stroke(th->hollow, 1.2);

				eb_scene_line(L->s, a, cy, b, cy, wp, "whisker-unbounded");
				eb_scene_line(L->s, a, cy, a + 6, cy - 4, wp, "whisker-unbounded");
				eb_scene_line(L->s, a, cy, a + 6, cy + 4, wp, "whisker-unbounded");
				eb_scene_line(L->s, b, cy, b - 6, cy - 4, wp, "whisker-unbounded");
				eb_scene_line(L->s, b, cy, b - 6, cy + 4, wp, "whisker-unbounded");
			} else if (whisker(m, row, p, &sc, &wa, &wb)) {
				double a = x0 + wa, b = x0 + wb;
				struct eb_paint wp = eb_paint_stroke(p->hollow ? th->hollow : th->whisker,
				    1.2);

				eb_scene_line(L->s, a, cy, b, cy, wp, "whisker");
				/* An interval cut at 0 has no cap there: it goes on. */
				if (eb_model_whisker_lo(m, p) == p->lo)
					eb_scene_line(L->s, a, cy - bh * 0.3, a, cy + bh * 0.3, wp,
					    "whisker");
				eb_scene_line(L->s, b, cy - bh * 0.3, b, cy + bh * 0.3, wp, "whisker");
			}
			labels[nlabels].x = x0 + label_px(m, row, p, &sc, &moved);
			labels[nlabels].y = cy + MID(FS_VALUE);
			labels[nlabels].anchor = p->v >= 0 ? EB_ANCHOR_START : EB_ANCHOR_END;
			labels[nlabels].muted = p->hollow;
			label_text(m, row, p, labels[nlabels].text, sizeof labels[nlabels].text);
			nlabels++;
		}

		/* The reference on top of the bars, 100 % of the baseline, giving
		 * way where a whisker meets it. */
		if (!isnan(rx)) {
			size_t ngaps = ref_gaps(m, r, c, &sc, B->bt, gaps);

			ref_line(L, x0 + rx, top - 3, top, top + h, gaps, ngaps);
		}
		/* Values last, each knocking out the lines beneath it. */
		for (size_t i = 0; i < nlabels; i++) {
			double w = eb_text_width(labels[i].text, FS_VALUE, 0);
			double lx = labels[i].anchor == EB_ANCHOR_START ? labels[i].x : labels[i].x - w;

			eb_scene_rect(L->s, lx - 2, labels[i].y - ASCENT(FS_VALUE) + 0.5, w + 4,
			    LINE_H(FS_VALUE) - 1, eb_paint_fill(th->bg), "knockout");
			eb_scene_text(L->s, labels[i].x, labels[i].y, labels[i].text, FS_VALUE, 0,
			    labels[i].anchor, labels[i].muted ? th->muted : th->text, "value");
		}
		nlabels = 0;
	}
	free(labels);
	free(gaps);

	/* Mode names in the gutter, centred on their band. */
	for (size_t idx = 0; idx < row->ncats; idx++) {
		size_t cat = row->cats[idx];
		double cy = top + idx * B->bt + B->bt / 2;
		double ly = cy - (B->cat_nlines[cat] - 1) * LINE_H(FS_LABEL) / 2 -
		    ASCENT(FS_LABEL) + MID(FS_LABEL);

		eb_lay_lines(L, B->cat_lines[cat], B->cat_nlines[cat],
		    L->x0 + B->gutter - GUTTER_PAD, ly, FS_LABEL, 0, EB_ANCHOR_END, th->text,
		    "category");
	}
	return top + h + axis_height() + ROW_GAP;
}

double
eb_band_body(struct lay *L)
{
	const struct chart_model *m = L->m;
	struct band B;
	double maxg = L->w * 0.3, widest = 0, y = L->y;
	size_t maxlines = 1, nbands = 0;

	memset(&B, 0, sizeof B);
	B.L = L;
	B.m = m;
	B.cat_lines = eb_xcalloc(m->ncats ? m->ncats : 1, sizeof *B.cat_lines);
	B.cat_nlines = eb_xcalloc(m->ncats ? m->ncats : 1, sizeof *B.cat_nlines);
	for (size_t c = 0; c < m->ncats; c++) {
		double w;

		B.cat_nlines[c] = eb_text_wrap(m->cats[c], maxg, FS_LABEL, 0, &B.cat_lines[c]);
		w = eb_text_lines_width(B.cat_lines[c], B.cat_nlines[c], FS_LABEL, 0);
		if (w > widest)
			widest = w;
		if (B.cat_nlines[c] > maxlines)
			maxlines = B.cat_nlines[c];
	}
	B.gutter = widest + GUTTER_PAD;
	B.pw = (L->w - B.gutter - (m->ncols - 1) * COL_GAP) / m->ncols;
	B.bt = maxlines * LINE_H(FS_LABEL) + 10;
	if (B.bt < 26)
		B.bt = 26;
	for (size_t r = 0; r < m->nrows; r++)
		nbands += m->rows[r].ncats;
	if (L->avail > 0 && nbands > 0) {
		double fixed = cols_height(&B) + m->nrows * (row_head_height() + axis_height() +
		    ROW_GAP);
		double fit = (L->avail - fixed) / nbands;

		if (fit > B.bt)
			B.bt = fit > MAX_BAND ? MAX_BAND : fit;
	}
	column_heads(&B, y);
	y += cols_height(&B);
	for (size_t r = 0; r < m->nrows; r++)
		y = row(&B, r, y);
	for (size_t c = 0; c < m->ncats; c++)
		eb_text_lines_free(B.cat_lines[c], B.cat_nlines[c]);
	free(B.cat_lines);
	free(B.cat_nlines);
	return y - ROW_GAP;
}

/* ---- gnuplot */

void
eb_band_gnuplot(struct gp *g)
{
	const struct chart_model *m = g->m;
	const struct eb_theme *th = m->th;
	FILE *fp = g->gp, *d = g->dat;

	for (size_t i = 0; i < g->npb; i++) {
		const struct panel_box *b = &g->pb[i];
		const struct cm_row *row = &m->rows[b->row];
		char label[320];
		double h = 0.32, bt = b->h / (row->ncats ? row->ncats : 1);
		struct vscale sc;
		struct gap *gaps = eb_xcalloc(m->npts ? m->npts : 1, sizeof *gaps);
		size_t ngaps;

		/* The layout's scale and bands, from where it put the panel. */
		sc.k = b->w / (b->xhi - b->xlo);
		sc.z = -b->xlo * sc.k;
		sc.step = b->xstep;
		snprintf(label, sizeof label, "%s, %s", row->label, m->cols[b->col]);
		eb_gp_comment(d, label);
		fputs("# position value lo hi colour hollow label label-at\n", d);
		for (size_t p = 0; p < m->npts; p++) {
			const struct cm_point *pt = &m->pts[p];
			size_t idx = 0;
			char text[96];
			int moved;

			if (pt->row != b->row || pt->col != b->col)
				continue;
			while (idx < row->ncats && row->cats[idx] != pt->cat)
				idx++;
			label_text(m, row, pt, text, sizeof text);
			fprintf(d, "%zu ", idx + 1);
			eb_gp_num(d, pt->v / row->disp.div);
			putc(' ', d);
			eb_gp_num(d, pt->lo / row->disp.div);
			putc(' ', d);
			eb_gp_num(d, pt->hi / row->disp.div);
			fprintf(d, " %u %d \"%s\" ", (unsigned)eb_model_cat_color(m, pt->cat),
			    pt->hollow, text);
			eb_gp_num(d, (label_px(m, row, pt, &sc, &moved) - sc.z) / sc.k);
			putc('\n', d);
		}
		fputs("\n\n", d);
		eb_gp_frame(g, b, m->percent, label);
		if (b->xlo < 0 && b->xhi > 0)
			fprintf(fp, "set arrow from 0, graph 0 to 0, graph 1 nohead lw 1 lc rgb '#%06x'\n",
			    (unsigned)th->axis);
		/* The reference line in stretches, between the whiskers it meets. */
		ngaps = ref_gaps(m, b->row, b->col, &sc, bt, gaps);
		for (size_t k = 0; isfinite(m->ref) && m->ref != 0 && k <= ngaps; k++) {
			fprintf(fp, "set arrow from %g, ", m->ref);
			if (k == 0)
				fputs("graph 1", fp);
			else
				eb_gp_num(fp, 0.5 + gaps[k - 1].hi / bt);
			fprintf(fp, " to %g, ", m->ref);
			if (k == ngaps)
				fputs("graph 0", fp);
			else
				eb_gp_num(fp, 0.5 + gaps[k].lo / bt);
			fprintf(fp, " nohead dt 2 lw 1.3 lc rgb '#%06x' front\n", (unsigned)th->ref);
		}
		free(gaps);
		fprintf(fp, "plot datafile index %d using ($6 != 0 ? NaN : $2):1:(0):2:($1-%.2f):($1+%.2f):5 "
		    "with boxxyerror fs solid 1 noborder lc rgb variable notitle, \\\n", g->block, h, h);
		fprintf(fp, "     '' index %d using ($6 != 0 ? $2 : NaN):1:(0):2:($1-%.2f):($1+%.2f) "
		    "with boxxyerror fs empty border lc rgb '#%06x' lc rgb '#%06x' dt 2 notitle, \\\n",
		    g->block, h, h, (unsigned)th->hollow, (unsigned)th->hollow);
		fprintf(fp, "     '' index %d using 2:1:3:4 with xerrorbars pt -1 lw 1.2 lc rgb '#%06x' "
		    "notitle, \\\n", g->block, (unsigned)th->whisker);
		fprintf(fp, "     '' index %d using ($2 >= 0 ? $8 : NaN):1:7 with labels left "
		    "tc rgb '#%06x' notitle, \\\n", g->block, (unsigned)th->text);
		fprintf(fp, "     '' index %d using ($2 < 0 ? $8 : NaN):1:7 with labels right "
		    "tc rgb '#%06x' notitle\n", g->block, (unsigned)th->text);
		g->block++;
		if (i == 0)
			eb_gp_end_plot(g);
		else
			fputs("unset arrow\n", fp);
	}
}
