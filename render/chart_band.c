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

/* Draws one row of panels from y; returns the y below it. */
static double
row(struct band *B, size_t r, double y)
{
	struct lay *L = B->L;
	const struct chart_model *m = B->m;
	const struct eb_theme *th = L->th;
	const struct cm_row *row = &m->rows[r];
	double div = row->disp.div, top, h;
	struct extent *ext;
	size_t next = 0;
	struct vscale sc;
	struct label {
		double x, y;
		enum eb_anchor anchor;
		int muted;
		char text[96];
	} *labels;
	size_t nlabels = 0;

	y = eb_lay_row_heading(L, row, y, 6);

	/* One scale for the row, so read and write compare at a glance. */
	ext = eb_xcalloc(m->npts * 3 + 3, sizeof *ext);
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
	eb_lay_fit_scale(ext, next, B->pw, B->pw > 300 ? 5 : 3, &sc);
	free(ext);

	top = y;
	h = row->ncats * B->bt;
	labels = eb_xcalloc(m->npts ? m->npts : 1, sizeof *labels);
	for (size_t c = 0; c < m->ncols; c++) {
		double x0 = L->x0 + B->gutter + c * (B->pw + COL_GAP);
		double lo = -sc.z / sc.k, hi = (B->pw - sc.z) / sc.k;
		double last_end = -1e9;
		struct eb_paint ref;
		struct panel_box box = { r, c, x0, top, B->pw, h, lo, hi, row->ncats + 0.5, 0.5,
			sc.step, 0 };

		if (!eb_model_panel_used(m, r, c))
			continue;
		eb_lay_panel(L, &box);

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
			eb_scene_text(L->s, x, top + h + 6 + ASCENT(FS_TICK), text, FS_TICK, 0,
			    EB_ANCHOR_MIDDLE, th->muted, "tick");
			last_end = x + tw / 2;
		}

		for (size_t i = 0; i < m->npts; i++) {
			const struct cm_point *p = &m->pts[i];
			size_t idx = 0;
			double cy, bh, xv, x0v, tx;
			char text[64], full[96];
			struct eb_item *it;
			struct eb_paint pt;
			enum eb_anchor an;

			if (p->row != r || p->col != c)
				continue;
			while (idx < row->ncats && row->cats[idx] != p->cat)
				idx++;
			cy = top + idx * B->bt + B->bt / 2;
			bh = B->bt * 0.64;
			if (bh > 26)
				bh = 26;
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
			tx = xv;
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
			} else if (!isnan(p->lo)) {
				double wlo = eb_model_whisker_lo(m, p);
				double a = x0 + px(&sc, wlo / div), b = x0 + px(&sc, p->hi / div);
				struct eb_paint wp = eb_paint_stroke(p->hollow ? th->hollow : th->whisker,
				    1.2);

				eb_scene_line(L->s, a, cy, b, cy, wp, "whisker");
				/* An interval cut at 0 has no cap there: it goes on. */
				if (wlo == p->lo)
					eb_scene_line(L->s, a, cy - bh * 0.3, a, cy + bh * 0.3, wp,
					    "whisker");
				eb_scene_line(L->s, b, cy - bh * 0.3, b, cy + bh * 0.3, wp, "whisker");
				tx = p->v >= 0 ? (b > xv ? b : xv) : (a < xv ? a : xv);
			}
			eb_model_value_text(m, row, p->v, text, sizeof text);
			if (p->note != NULL)
				snprintf(full, sizeof full, "%s  %s", text, p->note);
			else
				snprintf(full, sizeof full, "%s", text);
			an = p->v >= 0 ? EB_ANCHOR_START : EB_ANCHOR_END;
			tx += p->v >= 0 ? 5 : -5;
			labels[nlabels].x = tx;
			labels[nlabels].y = cy + MID(FS_VALUE);
			labels[nlabels].anchor = an;
			labels[nlabels].muted = p->hollow;
			snprintf(labels[nlabels].text, sizeof labels[nlabels].text, "%s", full);
			nlabels++;
		}

		/* The reference on top of the bars: 100 % of the baseline. */
		if (isfinite(m->ref) && m->ref != 0) {
			double x = x0 + px(&sc, m->ref);

			ref = eb_paint_stroke(th->ref, 1.3);
			ref.dash = 4;
			eb_scene_line(L->s, x, top - 3, x, top + h, ref, "reference");
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
		double h = 0.32;

		snprintf(label, sizeof label, "%s, %s", row->label, m->cols[b->col]);
		eb_gp_comment(d, label);
		fputs("# position value lo hi colour hollow label\n", d);
		for (size_t p = 0; p < m->npts; p++) {
			const struct cm_point *pt = &m->pts[p];
			size_t idx = 0;
			char text[64];

			if (pt->row != b->row || pt->col != b->col)
				continue;
			while (idx < row->ncats && row->cats[idx] != pt->cat)
				idx++;
			eb_model_value_text(m, row, pt->v, text, sizeof text);
			fprintf(d, "%zu ", idx + 1);
			eb_gp_num(d, pt->v / row->disp.div);
			putc(' ', d);
			eb_gp_num(d, pt->lo / row->disp.div);
			putc(' ', d);
			eb_gp_num(d, pt->hi / row->disp.div);
			fprintf(d, " %u %d \"%s%s%s\"\n", (unsigned)eb_model_cat_color(m, pt->cat),
			    pt->hollow, text, pt->note ? "  " : "", pt->note ? pt->note : "");
		}
		fputs("\n\n", d);
		eb_gp_frame(g, b, m->percent, label);
		if (b->xlo < 0 && b->xhi > 0)
			fprintf(fp, "set arrow from 0, graph 0 to 0, graph 1 nohead lw 1 lc rgb '#%06x'\n",
			    (unsigned)th->axis);
		if (isfinite(m->ref) && m->ref != 0)
			fprintf(fp, "set arrow from %g, graph 0 to %g, graph 1 nohead dt 2 lw 1.3 "
			    "lc rgb '#%06x' front\n", m->ref, m->ref, (unsigned)th->ref);
		fprintf(fp, "plot datafile index %d using ($6 != 0 ? NaN : $2):1:(0):2:($1-%.2f):($1+%.2f):5 "
		    "with boxxyerror fs solid 1 noborder lc rgb variable notitle, \\\n", g->block, h, h);
		fprintf(fp, "     '' index %d using ($6 != 0 ? $2 : NaN):1:(0):2:($1-%.2f):($1+%.2f) "
		    "with boxxyerror fs empty border lc rgb '#%06x' lc rgb '#%06x' dt 2 notitle, \\\n",
		    g->block, h, h, (unsigned)th->hollow, (unsigned)th->hollow);
		fprintf(fp, "     '' index %d using 2:1:3:4 with xerrorbars pt -1 lw 1.2 lc rgb '#%06x' "
		    "notitle, \\\n", g->block, (unsigned)th->whisker);
		fprintf(fp, "     '' index %d using ($2 >= 0 ? ($4 == $4 && $4 > $2 ? $4 : $2) : NaN):1:7 "
		    "with labels left offset char 0.5, 0 tc rgb '#%06x' notitle, \\\n", g->block,
		    (unsigned)th->text);
		fprintf(fp, "     '' index %d using ($2 < 0 ? ($3 == $3 && $3 < $2 ? $3 : $2) : NaN):1:7 "
		    "with labels right offset char -0.5, 0 tc rgb '#%06x' notitle\n", g->block,
		    (unsigned)th->text);
		g->block++;
		if (i == 0)
			eb_gp_end_plot(g);
		else
			fputs("unset arrow\n", fp);
	}
}
