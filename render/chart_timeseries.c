/* chart_timeseries.c - fio bw, iops and latency logs over time: streamed
 * once into a fixed number of bins per series (min, max, sum, count), so
 * memory stays flat for a log of any length, then drawn per pixel column
 * as a min-max band around the mean. */
#include <stdlib.h>
#include <string.h>

#include "../ingest/fio.h"
#include "chart_int.h"

/* Bins per series. When a sample lands past the last bin, neighbouring
 * bins merge pairwise and the bin width doubles, so a log of any length
 * ends in 2048 to 4096 bins, finer than the pixel columns of any chart
 * under 2048 px. Up to RAW_MAX samples are also kept as they are, so that
 * a short log is drawn sample by sample rather than as a band. */
#define NBINS 4096
#define RAW_MAX 4096
#define ROW_GAP 20.0

enum { ROW_BW, ROW_IOPS, ROW_LAT, NROWS };

static const char *const row_names[NROWS] = { "Bandwidth", "IOPS", "Latency" };
static const char *const row_metrics[NROWS] = { "bw", "iops", "lat_mean" };
static const char *const row_units[NROWS] = { EB_UNIT_BPS, EB_UNIT_PER_S, EB_UNIT_NS };
static const char *const dir_names[3] = { "read", "write", "trim" };

struct raw {
	double *t, *v;		/* the first RAW_MAX samples */
};

struct scan {
	struct chart_model *m;
	size_t first;		/* the series of this file start here */
	int series[3];		/* per direction: index, or -1 */
	struct raw *raw;	/* parallel to m->ts, RAW_MAX each */
	size_t *capraw;
	const char *job, *kind;
	size_t file;
	int row;
	double scale;
};

static void
merge_bins(struct ts_series *s)
{
	for (size_t i = 0; i < NBINS / 2; i++) {
		const struct ts_bin *a = &s->bins[2 * i], *b = &s->bins[2 * i + 1];
		struct ts_bin out;

		out.cnt = a->cnt + b->cnt;
		out.sum = a->sum + b->sum;
		out.min = a->cnt == 0 ? b->min : b->cnt == 0 ? a->min : fmin(a->min, b->min);
		out.max = a->cnt == 0 ? b->max : b->cnt == 0 ? a->max : fmax(a->max, b->max);
		s->bins[i] = out;
	}
	memset(s->bins + NBINS / 2, 0, NBINS / 2 * sizeof *s->bins);
	s->bin_ms *= 2;
}

static int
take(void *ctx, const struct eb_fio_sample *smp)
{
	struct scan *sc = ctx;
	struct chart_model *m = sc->m;
	struct ts_series *s;
	struct ts_bin *b;
	double t = smp->time_ms > 0 ? smp->time_ms : 0, v = smp->value;
	size_t i, bin;
	int d = smp->dir >= 0 && smp->dir < 3 ? smp->dir : 0;

	if (sc->series[d] < 0) {
		m->ts = eb_xrealloc(m->ts, (m->nts + 1) * sizeof *m->ts);
		sc->raw = eb_xrealloc(sc->raw, (m->nts + 1) * sizeof *sc->raw);
		s = &m->ts[m->nts];
		memset(s, 0, sizeof *s);
		s->label = eb_xasprintf("%s%s%s %s", sc->job, sc->kind[0] ? " " : "", sc->kind,
		    dir_names[d]);
		s->row = (size_t)sc->row;
		s->file = sc->file;
		s->dir = d;
		s->color = eb_series_color(m->nts, m->o->dark);
		s->bins = eb_xcalloc(NBINS, sizeof *s->bins);
		s->nbins = NBINS;
		s->bin_ms = 1;
		s->inv_bin = 1;
		s->scale = sc->scale;
		sc->raw[m->nts].t = eb_xmalloc(RAW_MAX * sizeof(double));
		sc->raw[m->nts].v = eb_xmalloc(RAW_MAX * sizeof(double));
		sc->series[d] = (int)m->nts++;
	}
	i = (size_t)sc->series[d];
	s = &m->ts[i];
	if (s->samples < RAW_MAX) {
		sc->raw[i].t[s->samples] = t;
		sc->raw[i].v[s->samples] = v;
	}
	/* Bin widths are powers of two: multiplying by the inverse is exact,
	 * and a third of the time of dividing, per sample. */
	while ((bin = (size_t)(t * s->inv_bin)) >= NBINS) {
		merge_bins(s);
		s->inv_bin = 1 / s->bin_ms;
	}
	b = &s->bins[bin];
	if (b->cnt == 0 || v < b->min)
		b->min = v;
	if (b->cnt == 0 || v > b->max)
		b->max = v;
	b->sum += v;
	b->cnt++;
	s->raw_sum += v;
	s->raw_n++;
	s->samples++;
	if (t > m->t_max_ms)
		m->t_max_ms = t;
	m->nsamples++;
	return 0;
}

/* "seq" from fio's "seq_bw.1.log"; the whole name less ".log" otherwise. */
static char *
job_name(const char *path)
{
	const char *base = strrchr(path, '/'), *end, *us;

	base = base != NULL && base[1] != '\0' ? base + 1 : path;
	end = strstr(base, ".log");
	if (end == NULL)
		end = base + strlen(base);
	us = NULL;
	for (const char *p = base; p < end; p++)
		if (*p == '_')
			us = p;
	if (us != NULL && us > base)
		end = us;
	return eb_xstrndup(base, (size_t)(end - base));
}

static int
metric_row(const char *metric)
{
	if (metric == NULL)
		return -1;
	if (strcmp(metric, "bw") == 0)
		return ROW_BW;
	if (strcmp(metric, "iops") == 0)
		return ROW_IOPS;
	if (strncmp(metric, "lat", 3) == 0 || strcmp(metric, "clat") == 0 ||
	    strcmp(metric, "slat") == 0)
		return ROW_LAT;
	return -2;
}

/* Replaces the bins of a short series by its samples, one bin each; the
 * series takes the times. */
static void
keep_raw(struct ts_series *s, struct raw *r)
{
	for (size_t k = 0; k < s->samples; k++) {
		s->bins[k].min = s->bins[k].max = s->bins[k].sum = r->v[k];
		s->bins[k].cnt = 1;
	}
	s->nbins = s->samples;
	s->t = r->t;
	r->t = NULL;
}

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

enum eb_status
ts_build(struct chart_model *m, const struct eb_chart_opts *o, struct eb_err *err)
{
	struct scan sc;
	enum eb_status st = EB_OK;
	int want = metric_row(o->metric), rows[NROWS] = { 0 };
	size_t nrows = 0;
	struct eb_loc loc = { NULL, 0, 0 };

	if (want == -2)
		return eb_err_set(err, EB_ERR_USAGE, loc, "a timeseries draws bw, iops or lat "
		    "logs, not '%s'", o->metric);
	memset(&sc, 0, sizeof sc);
	sc.m = m;
	for (size_t f = 0; f < o->nlogs && st == EB_OK; f++) {
		enum eb_fio_log_kind kind = eb_fio_log_kind(o->logs[f]);
		char *job;
		int row;

		loc.path = o->logs[f];
		switch (kind) {
		case EB_FIO_LOG_BW:
			row = ROW_BW;
			sc.scale = 1024;	/* KiB/s in every fio version */
			sc.kind = "";
			break;
		case EB_FIO_LOG_IOPS:
			row = ROW_IOPS;
			sc.scale = 1;
			sc.kind = "";
			break;
		case EB_FIO_LOG_LAT:
		case EB_FIO_LOG_CLAT:
		case EB_FIO_LOG_SLAT:
			row = ROW_LAT;
			sc.scale = 1;	/* ns; fio 2.x us are found at the end */
			sc.kind = kind == EB_FIO_LOG_LAT ? "lat" : kind == EB_FIO_LOG_CLAT ?
			    "clat" : "slat";
			break;
		case EB_FIO_LOG_HIST:
			if (o->diag != NULL)
				eb_diag(o->diag, EB_WARNING, loc, "a latency histogram log "
				    "(log_hist_msec) has no samples to draw over time; left out");
			continue;
		default:
			st = eb_err_set(err, EB_ERR_DATA, loc, "cannot tell a bw, iops or lat log "
			    "from this name: fio names them NAME_bw.N.log, NAME_iops.N.log, "
			    "NAME_clat.N.log");
			continue;
		}
		if (want >= 0 && row != want)
			continue;
		job = job_name(o->logs[f]);
		sc.job = job;
		sc.file = f;
		sc.row = row;
		sc.series[0] = sc.series[1] = sc.series[2] = -1;
		sc.first = m->nts;
		st = chart_log_scan(o->logs[f], take, &sc, err);
		/* fio 2.x logged latencies in microseconds: a mean below 300
		 * "ns" is no I/O any device completes (as ingest/fio_log.c). */
		for (size_t i = sc.first; i < m->nts; i++)
			if (row == ROW_LAT && m->ts[i].raw_n > 0 &&
			    m->ts[i].raw_sum / m->ts[i].raw_n < 300)
				m->ts[i].scale = 1000;
		if (m->nts > sc.first)
			rows[row] = 1;
		free(job);
	}
	for (size_t i = 0; i < m->nts; i++) {
		if (m->ts[i].samples <= RAW_MAX)
			keep_raw(&m->ts[i], &sc.raw[i]);
		free(sc.raw[i].t);
		free(sc.raw[i].v);
	}
	free(sc.raw);
	if (st != EB_OK)
		return st;
	/* Read before write within a log, whichever came first; colours by
	 * the final order. */
	qsort(m->ts, m->nts, sizeof *m->ts, cmp_series);
	for (size_t i = 0; i < m->nts; i++)
		m->ts[i].color = eb_series_color(i, o->dark);
	if (m->nts == 0 || m->nsamples == 0)
		return eb_err_set(err, EB_ERR_DATA, loc, "no %s samples in the logs",
		    o->metric ? o->metric : "log");

	/* A row per kind of log, in a fixed order. */
	m->rows = eb_xcalloc(NROWS, sizeof *m->rows);
	for (int r = 0; r < NROWS; r++) {
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
	if (o->title != NULL)
		m->title = eb_xstrdup(o->title);
	else if (nrows == 1)
		m->title = eb_xasprintf("%s over time", m->rows[0].label);
	else
		m->title = eb_xstrdup("fio logs over time");
	if (o->subtitle != NULL)
		m->subtitle = eb_xstrdup(o->subtitle);
	else {
		char count[32], span[32];

		grouped(count, sizeof count, m->nsamples);
		if (m->t_max_ms >= 180000)
			snprintf(span, sizeof span, "%.0f min", m->t_max_ms / 60000);
		else
			snprintf(span, sizeof span, "%.0f s", m->t_max_ms / 1000);
		m->subtitle = eb_xasprintf("%s sample%s from %zu log%s over %s%s%s", count,
		    m->nsamples == 1 ? "" : "s", o->nlogs, o->nlogs == 1 ? "" : "s", span,
		    nrows == 1 ? " · " : "", nrows == 1 ? m->rows[0].disp.label : "");
	}
	m->note = eb_xstrdup("Line: mean of the samples in each pixel column; band: "
	    "their minimum to maximum. Time from the start of each job.");
	return EB_OK;
}

void
ts_columns(const struct ts_series *s, double t_max_ms, size_t ncol, double **pmin,
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

	ts_columns(s, m->t_max_ms, ncol, &mn, &mx, &mean);
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
				pts[2 * n + 1] = frame_py(f, mx[c] / div);
				n++;
			}
		for (size_t c = ncol; c-- > 0;)
			if (!isnan(mn[c])) {
				pts[2 * n] = f->x + (c + 0.5) * f->w / ncol;
				pts[2 * n + 1] = frame_py(f, mn[c] / div);
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
			pts[2 * n + 1] = frame_py(f, s->bins[k].sum * s->scale / div);
			n++;
		}
	} else {
		for (size_t c = 0; c < ncol; c++)
			if (!isnan(mean[c])) {
				pts[2 * n] = f->x + (c + 0.5) * f->w / ncol;
				pts[2 * n + 1] = frame_py(f, mean[c] / div);
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

double
body_ts(struct lay *L)
{
	const struct chart_model *m = L->m;
	const struct eb_theme *th = L->th;
	double ph = L->w * 0.36, y = L->y, axis = 6 + LINE_H(FS_TICK);
	double secs = m->t_max_ms / 1000, step = nice_step(0, secs, L->w > 500 ? 8 : 4);
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
		if ((w = frame_label_width(0, his[r], ph, 0)) > labw)
			labw = w;
	}
	for (size_t r = 0; r < m->nrows; r++) {
		const struct cm_row *row = &m->rows[r];
		double last_end = -1e9;
		struct frame f;
		char text[32];

		y = row_heading(L, row, y, 8);
		f.x = labw;	/* the label width to use */
		frame_y(L, &f, L->x0, y, L->w, ph, 0, his[r], 0);
		{
			struct panel_box box = { r, 0, f.x, f.y, f.w, f.h, 0, secs, f.lo, f.hi, step,
				f.step };

			lay_panel(L, &box);
		}
		/* Columns of the device: twice as many for a 2x PNG. */
		ncol = (size_t)ceil(f.w * (m->o->scale > 1 ? m->o->scale : 1));
		for (double t = 0; t <= secs + step * 1e-9; t += step) {
			double x = f.x + (secs > 0 ? t / secs : 0) * f.w, tw;

			tick_text(text, sizeof text, t, step);
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
