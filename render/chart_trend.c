/* chart_trend.c - the trend kind: one line per mode across releases in
 * version order, in a panel per test case and direction, the values or
 * (--relative) % of the baseline, with the legend naming the modes. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "chart_int.h"

#define COL_GAP 32.0
#define ROW_GAP 20.0

static int
cmp_mode(const char *a, const char *b)
{
	return eb_mode_cmp(a, b);
}

static enum eb_status
build(struct cm_build *b, struct eb_err *err)
{
	/* Releases along the panel, modes as its lines. */
	b->cat_cmp = eb_release_cmp;
	b->ser_cmp = cmp_mode;
	if (b->o->relative) {
		size_t n;
		struct eb_overhead *rows = eb_model_overheads(b, &n);

		for (size_t i = 0; i < n; i++) {
			const struct eb_record *k = rows[i].g->key;
			struct cm_point *p;

			if (!eb_model_wanted(b, k) || (b->o->release &&
			    strcmp(k->f[EB_F_RELEASE], b->o->release) != 0))
				continue;
			p = eb_model_point(b, k, eb_model_release(b, k->f[EB_F_RELEASE], 0),
			    eb_model_mode(b, k->f[EB_F_MODE], 1), cm_pct(rows[i].ratio),
			    cm_pct(rows[i].ci_low), cm_pct(rows[i].ci_high), rows[i].g->s.n);
			eb_model_tip_ratio(b, p, &rows[i], b->o->baseline);
		}
		free(rows);
		b->m->percent = 1;
		b->m->ref = 100;
	} else {
		for (size_t i = 0; i < b->gs->n; i++) {
			const struct eb_group *g = &b->gs->g[i];
			const struct eb_record *k = g->key;
			struct cm_point *p;
			double lo, hi;

			if (!eb_model_wanted(b, k) || (b->o->release &&
			    strcmp(k->f[EB_F_RELEASE], b->o->release) != 0))
				continue;
			eb_model_mean_ci(b, &g->s, &lo, &hi);
			p = eb_model_point(b, k, eb_model_release(b, k->f[EB_F_RELEASE], 0),
			    eb_model_mode(b, k->f[EB_F_MODE], 1), g->s.mean, lo, hi, g->s.n);
			eb_model_tip_value(b, p, k, g->s.mean, lo, hi);
		}
	}
	if (b->m->npts == 0)
		return eb_model_no_data(err, "no %s records%s to draw", b->m->metric,
		    b->o->relative ? " with a baseline" : "");
	return EB_OK;
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
	if (m->ncats > 1)
		eb_buf_addf(sub, "%sreleases %s to %s", sub->len ? " · " : "", m->cats[0],
		    m->cats[m->ncats - 1]);
	if (o->relative)
		m->title = eb_xasprintf("%c%s %s across releases, as %% of %s",
		    toupper((unsigned char)mw[0]), mw + 1,
		    b->unverified ? "under the modes" : "with encryption",
		    strcmp(o->baseline, "none") == 0 ? "unencrypted" : o->baseline);
	else
		m->title = eb_xasprintf("%c%s across releases", toupper((unsigned char)mw[0]),
		    mw + 1);
	if (b->same_unit && !o->relative)
		eb_buf_addf(sub, "%s%s in %s", sub->len ? " · " : "", mw, m->rows[0].disp.label);
	eb_buf_addf(note, "Points: %s", o->relative ? "mean with the mode ÷ mean with "
	    "the baseline of the same release" : "mean of the runs");
	eb_model_whiskers(b, note, o->relative ? "Fieller" : "confidence");
}

static void
unit_text(const struct chart_model *m, const struct cm_row *row, char *buf, size_t n)
{
	if (m->percent)
		snprintf(buf, n, "%s, %% of %s",
		    eb_metric_words(row->key ? row->key->f[EB_F_METRIC] : m->metric),
		    m->o->baseline);
	else
		eb_model_unit_plain(m, row, buf, n);
}

static struct legend_item *
legend(const struct chart_model *m, size_t *n)
{
	struct legend_item *v = eb_xcalloc(m->nsers ? m->nsers : 1, sizeof *v);

	for (size_t i = 0; i < m->nsers; i++) {
		v[i].kind = SW_LINE;
		v[i].color = eb_model_ser_color(m, i);
		v[i].label = m->sers[i];
	}
	*n = m->nsers;
	return v;
}

/* Direct labels: the mode of each line at its end, in a column right of
 * the panel, so that the shades of one family (aes-128-gcm, aes-192-gcm,
 * aes-256-gcm) are told apart where the lines are, not by the legend. */
#define END_GAP 26.0	/* from the last release to the labels */
#define LEADER_H LINE_H(FS_TICK)

struct end_label {
	double want, y;		/* the line's end and the label's middle, px */
	double xe;		/* where the line ends */
	size_t ser;
};

static int
cmp_end(const void *a, const void *b)
{
	const struct end_label *x = a, *y = b;

	if (x->want != y->want)
		return x->want < y->want ? -1 : 1;
	return x->ser < y->ser ? -1 : x->ser > y->ser;
}

/* The widest mode name of panel (r, c), 0 when fewer than two lines. */
static double
end_label_width(const struct chart_model *m, size_t r, size_t c)
{
	double w = 0;
	size_t n = 0;

	for (size_t s = 0; s < m->nsers; s++)
		for (size_t i = 0; i < m->npts; i++)
			if (m->pts[i].row == r && m->pts[i].col == c && m->pts[i].ser == s) {
				double tw = eb_text_width(m->sers[s], FS_TICK, 0);

				if (tw > w)
					w = tw;
				n++;
				break;
			}
	return n >= 2 ? w : 0;
}

/* Spreads labels wanted at e[i].want (sorted) apart by LEADER_H within
 * [lo, hi], each as near to its line as the others allow: runs of labels
 * that would overlap become blocks centred on the mean of their wishes. */
static void
spread(struct end_label *e, size_t n, double lo, double hi)
{
	size_t *first = eb_xmalloc((n ? n : 1) * sizeof *first), nb = 0;
	double *top = eb_xmalloc((n ? n : 1) * sizeof *top);

	for (size_t i = 0; i < n; i++) {
		first[nb] = i;
		top[nb++] = e[i].want - LEADER_H / 2;
		for (;;) {
			size_t b = nb - 1, cnt = i + 1 - first[b];
			double sum = 0;

			for (size_t j = first[b]; j <= i; j++)
				sum += e[j].want - LEADER_H / 2 - (double)(j - first[b]) * LEADER_H;
			top[b] = sum / (double)cnt;
			if (top[b] + cnt * LEADER_H > hi)
				top[b] = hi - cnt * LEADER_H;
			if (top[b] < lo)
				top[b] = lo;
			if (b == 0 || top[b - 1] + (double)(first[b] - first[b - 1]) * LEADER_H <=
			    top[b])
				break;
			nb--;	/* the block meets the one above: they merge */
		}
	}
	for (size_t b = 0; b < nb; b++) {
		size_t end = b + 1 < nb ? first[b + 1] : n;

		for (size_t j = first[b]; j < end; j++)
			e[j].y = top[b] + (double)(j - first[b]) * LEADER_H + LEADER_H / 2;
	}
	free(first);
	free(top);
}

static void
end_labels(struct lay *L, const struct frame *f, size_t r, size_t c, double slot)
{
	const struct chart_model *m = L->m;
	const struct cm_row *row = &m->rows[r];
	struct end_label *e = eb_xcalloc(m->nsers ? m->nsers : 1, sizeof *e);
	double lx = f->x + (m->ncats - 0.5) * slot + END_GAP;

	if (lx < f->x + f->w + 6)
		lx = f->x + f->w + 6;	/* clear of the grid and reference lines */
	size_t n = 0;

	for (size_t s = 0; s < m->nsers; s++) {
		const struct cm_point *last = NULL;

		for (size_t i = 0; i < m->npts; i++) {
			const struct cm_point *p = &m->pts[i];

			if (p->row == r && p->col == c && p->ser == s &&
			    (last == NULL || p->cat > last->cat))
				last = p;
		}
		if (last == NULL)
			continue;
		e[n].ser = s;
		e[n].xe = f->x + (last->cat + 0.5) * slot;
		e[n++].want = eb_frame_py(f, last->v / row->disp.div);
	}
	qsort(e, n, sizeof *e, cmp_end);
	spread(e, n, f->y - FS_TICK / 2, f->y + f->h + FS_TICK / 2);
	for (size_t i = 0; i < n; i++) {
		uint32_t color = eb_model_ser_color(m, e[i].ser);

		eb_scene_line(L->s, e[i].xe + 6, e[i].want, lx - 4, e[i].y,
		    eb_paint_stroke(color, 1), "leader");
		eb_scene_text(L->s, lx, e[i].y + MID(FS_TICK), m->sers[e[i].ser], FS_TICK, 0,
		    EB_ANCHOR_START, L->th->text, "line-label");
	}
	free(e);
}

static void
panel(struct lay *L, size_t r, size_t c, double x, double top, double w, double h)
{
	const struct chart_model *m = L->m;
	const struct eb_theme *th = L->th;
	const struct cm_row *row = &m->rows[r];
	double div = row->disp.div, lo = 0, hi = 0, slot, last_end = -1e9, labw, room = 0;
	struct frame f = { 0, 0, 0, 0, 0, 0, 0 };
	double *pts = eb_xmalloc((m->ncats ? m->ncats : 1) * 2 * sizeof *pts);

	for (size_t i = 0; i < m->npts; i++) {
		const struct cm_point *p = &m->pts[i];
		double a = (isnan(p->lo) ? p->v : eb_model_whisker_lo(m, p)) / div;
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
	/* Room right of the plot for the labels at the lines' ends, and for
	 * their leaders where the half slot after the last release is short. */
	if ((labw = end_label_width(m, r, c)) > 0) {
		double inner = w - eb_frame_label_width(lo, hi, h, m->percent) - 8;
		double half = inner / (2 * (m->ncats ? m->ncats : 1));

		room = labw + 8 + (END_GAP - 6 > half ? END_GAP - 6 - half : 0);
		if (room > w * 0.4)
			labw = room = 0;	/* too narrow: the legend says it */
	}
	eb_frame_y(L, &f, x, top, w - room, h, lo, hi, m->percent);
	slot = f.w / (m->ncats ? m->ncats : 1);
	{
		struct panel_box box = { r, c, f.x, f.y, f.w, f.h, 0.5, m->ncats + 0.5, f.lo, f.hi,
			0, f.step };

		eb_lay_panel(L, &box);
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
		eb_scene_line(L->s, f.x, eb_frame_py(&f, m->ref), f.x + f.w, eb_frame_py(&f, m->ref), ref,
		    "reference");
	}

	for (size_t s = 0; s < m->nsers; s++) {
		uint32_t color = eb_model_ser_color(m, s);
		size_t n = 0;

		for (size_t k = 0; k < m->ncats; k++)
			for (size_t i = 0; i < m->npts; i++) {
				const struct cm_point *p = &m->pts[i];

				if (p->row != r || p->col != c || p->ser != s || p->cat != k)
					continue;
				pts[2 * n] = f.x + (k + 0.5) * slot;
				pts[2 * n + 1] = eb_frame_py(&f, p->v / div);
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
				eb_scene_line(L->s, cx, eb_frame_py(&f, eb_model_whisker_lo(m, p) / div), cx,
				    eb_frame_py(&f, p->hi / div), eb_paint_stroke(color, 1.2), "whisker");
			dot = eb_paint_fill(color);
			dot.stroke = th->bg;
			dot.width = 1;
			it = eb_scene_circle(L->s, cx, eb_frame_py(&f, p->v / div), 3.4, dot, "point");
			if (p->tip != NULL)
				eb_item_tip(it, "%s", p->tip);
		}
	}
	if (labw > 0)
		end_labels(L, &f, r, c, slot);
	free(pts);
}

static double
body(struct lay *L)
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
		y = eb_lay_row_heading(L, &m->rows[r], y, 8);
		for (size_t c = 0; c < m->ncols; c++) {
			double x = L->x0 + c * (pw + COL_GAP);

			if (!eb_model_panel_used(m, r, c))
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

static void
plot(struct gp *g)
{
	const struct chart_model *m = g->m;
	const struct eb_theme *th = m->th;
	FILE *fp = g->gp, *d = g->dat;

	for (size_t i = 0; i < g->npb; i++) {
		const struct panel_box *b = &g->pb[i];
		const struct cm_row *row = &m->rows[b->row];
		char label[320];
		int first = 1;

		snprintf(label, sizeof label, "%s, %s", row->label, m->cols[b->col]);
		eb_gp_frame(g, b, m->percent, label);
		if (isfinite(m->ref))
			fprintf(fp, "set arrow from graph 0, first %g to graph 1, first %g nohead dt 2 "
			    "lw 1.3 lc rgb '#%06x'\n", m->ref, m->ref, (unsigned)th->ref);
		fputs("plot", fp);
		for (size_t s = 0; s < m->nsers; s++) {
			int any = 0;

			for (size_t k = 0; k < m->ncats; k++)
				for (size_t p = 0; p < m->npts; p++) {
					const struct cm_point *pt = &m->pts[p];

					if (pt->row != b->row || pt->col != b->col || pt->ser != s ||
					    pt->cat != k)
						continue;
					if (!any) {
						snprintf(label, sizeof label, "%s, %s: %s", row->label,
						    m->cols[b->col], m->sers[s]);
						eb_gp_comment(d, label);
						fputs("# release value lo hi\n", d);
						any = 1;
					}
					fprintf(d, "%zu ", k + 1);
					eb_gp_num(d, pt->v / row->disp.div);
					putc(' ', d);
					eb_gp_num(d, pt->lo / row->disp.div);
					putc(' ', d);
					eb_gp_num(d, pt->hi / row->disp.div);
					putc('\n', d);
				}
			if (!any)
				continue;
			fputs("\n\n", d);
			fprintf(fp, "%s datafile index %d using 1:2 with lines lw 2 lc rgb '#%06x' "
			    "title ", first ? "" : ", \\\n    ", g->block, (unsigned)eb_model_ser_color(m, s));
			eb_gp_str(fp, m->sers[s]);
			fprintf(fp, ", \\\n     '' index %d using 1:2:3:4 with yerrorbars pt 7 ps 0.55 "
			    "lw 1.2 lc rgb '#%06x' notitle", g->block, (unsigned)eb_model_ser_color(m, s));
			first = 0;
			g->block++;
		}
		if (first)
			fputs(" NaN notitle", fp);
		fputs("\n", fp);
		if (i == 0)
			eb_gp_end_plot(g);
		else
			fputs("unset arrow\n", fp);
	}
}

const struct chart_kind eb_chart_kind_trend = {
	"trend", 1, build, words, unit_text, legend, body, plot,
};
