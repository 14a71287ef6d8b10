/* chart_timeseries.c - the timeseries kind: fio bw, iops and latency logs
 * over time from the bins of the sample sink (chart_logs.c), drawn per
 * pixel column as a min-max band around the mean, a panel per kind of log. */
#include <stdlib.h>
#include <string.h>

#include "chart_int.h"

#define ROW_GAP 20.0

static const char *const row_names[TS_NROWS] = { "Bandwidth", "IOPS", "Latency" };
static const char *const row_metrics[TS_NROWS] = { "bw", "iops", "lat_mean" };
static const char *const row_units[TS_NROWS] = { EB_UNIT_BPS, EB_UNIT_PER_S, EB_UNIT_NS };

static int
cmp_series(const void *a, const void *b)
{
	const struct ts_series *x = a, *y = b;

	if (x->row != y->row)
		return x->row < y->row ? -1 : 1;
	if (x->file != y->file)
		return x->file < y->file ? -1 : 1;
	return x->dir - y->dir;
}

/* "2,000,000" */
static void
grouped(char *buf, size_t n, size_t v)
{
	char digits[32];
	size_t len, o = 0;

	len = (size_t)snprintf(digits, sizeof digits, "%zu", v);
	for (size_t i = 0; i < len && o + 2 < n; i++) {
		if (i > 0 && (len - i) % 3 == 0)
			buf[o++] = ',';
		buf[o++] = digits[i];
	}
	buf[o] = '\0';
}

static void *
memdup(const void *p, size_t n)
{
	void *q = eb_xmalloc(n ? n : 1);

	memcpy(q, p, n);
	return q;
}

/* The model takes a copy of the sink's series, which it sorts and colours:
 * the sink stays as it was for another chart. */
static enum eb_status
build(struct cm_build *b, struct eb_err *err)
{
	struct chart_model *m = b->m;
	const struct eb_chart_opts *o = b->o;
	const struct eb_chart_logs *cl = o->logs;
	struct eb_loc loc = { cl != NULL ? cl->last : NULL, 0, 0 };
	int rows[TS_NROWS] = { 0 };
	size_t nrows = 0;

	if (cl == NULL || cl->nts == 0 || cl->nsamples == 0)
		return eb_err_set(err, EB_ERR_DATA, loc, "no %s samples in the logs",
		    o->metric ? o->metric : "log");
	m->ts = eb_xmalloc(cl->nts * sizeof *m->ts);
	m->nts = cl->nts;
	for (size_t i = 0; i < cl->nts; i++) {
		struct ts_series *s = &m->ts[i];

		*s = cl->ts[i];
		s->label = eb_xstrdup(cl->ts[i].label);
		s->bins = memdup(cl->ts[i].bins, s->nbins * sizeof *s->bins);
		if (s->t != NULL)
			s->t = memdup(cl->ts[i].t, s->samples * sizeof *s->t);
		rows[s->row] = 1;
	}
	m->t_max_ms = cl->t_max_ms;
	m->nsamples = cl->nsamples;
	/* Read before write within a log, whichever came first; colours by
	 * the final order. */
	qsort(m->ts, m->nts, sizeof *m->ts, cmp_series);
	for (size_t i = 0; i < m->nts; i++)
		m->ts[i].color = eb_series_color(i, o->dark);

	/* A row per kind of log, in a fixed order. */
	m->rows = eb_xcalloc(TS_NROWS, sizeof *m->rows);
	for (int r = 0; r < TS_NROWS; r++) {
		double mag = 0;

		if (!rows[r])
			continue;
		for (size_t i = 0; i < m->nts; i++) {
			struct ts_series *s = &m->ts[i];

			if (s->row != (size_t)r)
				continue;
			for (size_t k = 0; k < s->nbins; k++)
				if (s->bins[k].cnt != 0 && s->bins[k].max * s->scale > mag)
					mag = s->bins[k].max * s->scale;
			s->row = nrows;
		}
		m->rows[nrows].label = eb_xstrdup(row_names[r]);
		eb_display_unit(row_metrics[r], row_units[r], mag, o->iec, &m->rows[nrows].disp);
		m->metric = row_metrics[r];
		nrows++;
	}
	m->nrows = nrows;
	m->ncols = 1;
	m->cols = eb_xmalloc(sizeof *m->cols);
	m->cols[0] = eb_xstrdup("");
	return EB_OK;
}

static void
words(struct cm_build *b, struct eb_buf *sub, struct eb_buf *note)
{
	struct chart_model *m = b->m;
	size_t nlogs = b->o->logs->nnamed;
	char count[32], span[32];

	if (m->nrows == 1)
		m->title = eb_xasprintf("%s over time", m->rows[0].label);
	else
		m->title = eb_xstrdup("fio logs over time");
	grouped(count, sizeof count, m->nsamples);
	if (m->t_max_ms >= 180000)
		snprintf(span, sizeof span, "%.0f min", m->t_max_ms / 60000);
	else
		snprintf(span, sizeof span, "%.0f s", m->t_max_ms / 1000);
	eb_buf_addf(sub, "%s sample%s from %zu log%s over %s%s%s", count,
	    m->nsamples == 1 ? "" : "s", nlogs, nlogs == 1 ? "" : "s", span,
	    m->nrows == 1 ? " · " : "", m->nrows == 1 ? m->rows[0].disp.label : "");
	eb_buf_addf(note, "Line: mean of the samples in each pixel column; band: "
	    "their minimum to maximum. Time from the start of each job");
}

static void
unit_text(const struct chart_model *m, const struct cm_row *row, char *buf, size_t n)
{
	(void)m;
	snprintf(buf, n, "%s", row->disp.label);
}

static struct legend_item *
legend(const struct chart_model *m, size_t *n)
{
	struct legend_item *v = eb_xcalloc(m->nts ? m->nts : 1, sizeof *v);

	for (size_t i = 0; i < m->nts; i++) {
		v[i].kind = SW_BAND;
		v[i].color = m->ts[i].color;
		v[i].label = m->ts[i].label;
	}
	*n = m->nts;
	return v;
}

void
eb_ts_columns(const struct ts_series *s, double t_max_ms, size_t ncol, double **pmin,
    double **pmax, double **pmean)
{
	double *mn = eb_xmalloc(ncol * sizeof *mn), *mx = eb_xmalloc(ncol * sizeof *mx);
	double *sum = eb_xcalloc(ncol, sizeof *sum), *cnt = eb_xcalloc(ncol, sizeof *cnt);

	for (size_t k = 0; k < s->nbins; k++) {
		double t, c;
		size_t col;

		if (s->bins[k].cnt == 0)
			continue;
		t = s->t != NULL ? s->t[k] : (k + 0.5) * s->bin_ms;
		c = s->bins[k].cnt;
		col = t_max_ms > 0 ? (size_t)(t / t_max_ms * ncol) : 0;
		if (col >= ncol)
			col = ncol - 1;
		if (cnt[col] == 0 || s->bins[k].min < mn[col])
			mn[col] = s->bins[k].min;
		if (cnt[col] == 0 || s->bins[k].max > mx[col])
			mx[col] = s->bins[k].max;
		sum[col] += s->bins[k].sum;
		cnt[col] += c;
	}
	for (size_t c = 0; c < ncol; c++) {
		if (cnt[c] == 0) {
			mn[c] = mx[c] = sum[c] = NAN;
			continue;
		}
		mn[c] *= s->scale;
		mx[c] *= s->scale;
		sum[c] = sum[c] / cnt[c] * s->scale;
	}
	free(cnt);
	*pmin = mn;
	*pmax = mx;
	*pmean = sum;
}

/* Draws series s in the frame over ncol columns. */
static void
draw_series(struct lay *L, const struct frame *f, const struct ts_series *s, double div,
    size_t ncol, int pass)
{
	const struct chart_model *m = L->m;
	double *mn, *mx, *mean, *pts = eb_xmalloc(ncol * 4 * sizeof *pts);
	size_t n = 0;
	struct eb_paint band = eb_paint_fill(s->color);

	eb_ts_columns(s, m->t_max_ms, ncol, &mn, &mx, &mean);
	if (pass == 0 && s->t != NULL) {
		/* Raw samples: the line through them is the whole truth. */
		free(mn);
		free(mx);
		free(mean);
		free(pts);
		return;
	}
	if (pass == 0) {
		/* The band: the maxima left to right, the minima back. */
		for (size_t c = 0; c < ncol; c++)
			if (!isnan(mx[c])) {
				pts[2 * n] = f->x + (c + 0.5) * f->w / ncol;
				pts[2 * n + 1] = eb_frame_py(f, mx[c] / div);
				n++;
			}
		for (size_t c = ncol; c-- > 0;)
			if (!isnan(mn[c])) {
				pts[2 * n] = f->x + (c + 0.5) * f->w / ncol;
				pts[2 * n + 1] = eb_frame_py(f, mn[c] / div);
				n++;
			}
		band.opacity = 0.22;
		if (n > 2)
			eb_scene_path(L->s, pts, n, 1, band, "envelope");
	} else if (s->t != NULL) {
		/* Few samples: draw each where it was taken. A time that goes
		 * back starts another run appended to the log (the fio 2.1 bw
		 * log of the corpus holds two), drawn as a line of its own. */
		free(pts);
		pts = eb_xmalloc(s->samples * 2 * sizeof *pts);
		for (size_t k = 0; k <= s->samples; k++) {
			if (k == s->samples || (k > 0 && s->t[k] < s->t[k - 1])) {
				if (n > 1)
					eb_scene_path(L->s, pts, n, 0, eb_paint_stroke(s->color, 1.6),
					    "mean");
				else if (n == 1)
					eb_scene_circle(L->s, pts[0], pts[1], 2.5,
					    eb_paint_fill(s->color), "mean");
				n = 0;
				if (k == s->samples)
					break;
			}
			pts[2 * n] = f->x + (m->t_max_ms > 0 ? s->t[k] / m->t_max_ms : 0) * f->w;
			pts[2 * n + 1] = eb_frame_py(f, s->bins[k].sum * s->scale / div);
			n++;
		}
	} else {
		for (size_t c = 0; c < ncol; c++)
			if (!isnan(mean[c])) {
				pts[2 * n] = f->x + (c + 0.5) * f->w / ncol;
				pts[2 * n + 1] = eb_frame_py(f, mean[c] / div);
				n++;
			}
		if (n > 1)
			eb_scene_path(L->s, pts, n, 0, eb_paint_stroke(s->color, 1.3), "mean");
	}
	free(mn);
	free(mx);
	free(mean);
	free(pts);
}

static double
body(struct lay *L)
{
	const struct chart_model *m = L->m;
	const struct eb_theme *th = L->th;
	double ph = L->w * 0.36, y = L->y, axis = 6 + LINE_H(FS_TICK);
	double secs = m->t_max_ms / 1000, step = eb_tick_step(0, secs, L->w > 500 ? 8 : 4);
	size_t ncol;
	double *his = eb_xcalloc(m->nrows ? m->nrows : 1, sizeof *his), labw = 0;

	if (ph < 170)
		ph = 170;
	if (ph > 300)
		ph = 300;
	if (L->avail > 0) {
		double fit = (L->avail - m->nrows * (LINE_H(FS_HEAD) + 8 + axis + ROW_GAP)) /
		    m->nrows;

		if (fit > ph)
			ph = fit;
	}
	/* One time axis for all panels: the value labels get one width. */
	for (size_t r = 0; r < m->nrows; r++) {
		double w;

		for (size_t i = 0; i < m->nts; i++) {
			const struct ts_series *s = &m->ts[i];

			if (s->row != r)
				continue;
			for (size_t k = 0; k < s->nbins; k++)
				if (s->bins[k].cnt != 0 && s->bins[k].max * s->scale / m->rows[r].disp.div > his[r])
					his[r] = s->bins[k].max * s->scale / m->rows[r].disp.div;
		}
		if ((w = eb_frame_label_width(0, his[r], ph, 0)) > labw)
			labw = w;
	}
	for (size_t r = 0; r < m->nrows; r++) {
		const struct cm_row *row = &m->rows[r];
		double last_end = -1e9;
		struct frame f;
		char text[32];

		y = eb_lay_row_heading(L, row, y, 8);
		f.x = labw;	/* the label width to use */
		eb_frame_y(L, &f, L->x0, y, L->w, ph, 0, his[r], 0);
		{
			struct panel_box box = { r, 0, f.x, f.y, f.w, f.h, 0, secs, f.lo, f.hi, step,
				f.step };

			eb_lay_panel(L, &box);
		}
		/* Columns of the device: twice as many for a 2x PNG. */
		ncol = (size_t)ceil(f.w * (m->o->scale > 1 ? m->o->scale : 1));
		for (double t = 0; t <= secs + step * 1e-9; t += step) {
			double x = f.x + (secs > 0 ? t / secs : 0) * f.w, tw;

			eb_tick_text(text, sizeof text, t, step);
			if (t + step > secs + step * 1e-9)
				strncat(text, " s", sizeof text - strlen(text) - 1);
			tw = eb_text_width(text, FS_TICK, 0);
			eb_scene_line(L->s, x, f.y + f.h, x, f.y + f.h + 4,
			    eb_paint_stroke(th->axis, 1), "tick");
			if (x - tw / 2 < last_end + 8 || x + tw / 2 > L->x0 + L->w + MARGIN / 2)
				continue;
			eb_scene_text(L->s, x, f.y + f.h + 6 + ASCENT(FS_TICK), text, FS_TICK, 0,
			    EB_ANCHOR_MIDDLE, th->muted, "tick");
			last_end = x + tw / 2;
		}
		for (int pass = 0; pass < 2; pass++)
			for (size_t i = 0; i < m->nts; i++)
				if (m->ts[i].row == r)
					draw_series(L, &f, &m->ts[i], row->disp.div, ncol, pass);
		y = f.y + f.h + axis + ROW_GAP;
	}
	free(his);
	return y - ROW_GAP;
}

static void
plot(struct gp *g)
{
	const struct chart_model *m = g->m;
	FILE *fp = g->gp, *d = g->dat;

	for (size_t i = 0; i < g->npb; i++) {
		const struct panel_box *b = &g->pb[i];
		const struct cm_row *row = &m->rows[b->row];
		size_t ncol = (size_t)ceil(b->w * (g->o->scale > 1 ? g->o->scale : 1));
		int first = 1;

		eb_gp_frame(g, b, 0, row->label);
		fputs("plot", fp);
		for (size_t s = 0; s < m->nts; s++) {
			const struct ts_series *t = &m->ts[s];
			double *mn, *mx, *mean;

			if (t->row != b->row)
				continue;
			eb_gp_comment(d, t->label);
			fputs("# seconds min max mean\n", d);
			if (t->t != NULL) {
				for (size_t k = 0; k < t->samples; k++) {
					double v = t->bins[k].sum * t->scale / row->disp.div;

					if (k > 0 && t->t[k] < t->t[k - 1])
						fputs("\n", d);	/* another run: a new line */
					fprintf(d, "%.6g %.6g %.6g %.6g\n", t->t[k] / 1000, v, v, v);
				}
			} else {
				eb_ts_columns(t, m->t_max_ms, ncol, &mn, &mx, &mean);
				for (size_t c = 0; c < ncol; c++)
					if (!isnan(mean[c]))
						fprintf(d, "%.6g %.6g %.6g %.6g\n",
						    (c + 0.5) / ncol * m->t_max_ms / 1000, mn[c] / row->disp.div,
						    mx[c] / row->disp.div, mean[c] / row->disp.div);
				free(mn);
				free(mx);
				free(mean);
			}
			fputs("\n\n", d);
			fprintf(fp, "%s datafile index %d using 1:2:3 with filledcurves fs transparent "
			    "solid 0.22 noborder fc rgb '#%06x' notitle, \\\n     '' index %d using 1:4 "
			    "with lines lw 1.3 lc rgb '#%06x' title ", first ? "" : ", \\\n    ",
			    g->block, (unsigned)t->color, g->block, (unsigned)t->color);
			eb_gp_str(fp, t->label);
			first = 0;
			g->block++;
		}
		if (first)
			fputs(" NaN notitle", fp);
		fputs("\n", fp);
		if (i == 0)
			eb_gp_end_plot(g);
	}
}

const struct chart_kind eb_chart_kind_timeseries = {
	"timeseries", 0, build, words, unit_text, legend, body, plot,
};
