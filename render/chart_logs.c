/* chart_logs.c - the sample sink of timeseries charts: fio log samples
 * streamed once into a fixed number of bins per series (min, max, sum,
 * count), so memory stays flat for a log of any length. */
#include <stdlib.h>
#include <string.h>

#include "chart_int.h"

/* Bins per series. When a sample lands past the last bin, neighbouring
 * bins merge pairwise and the bin width doubles, so a log of any length
 * ends in 2048 to 4096 bins, finer than the pixel columns of any chart
 * under 2048 px. Up to RAW_MAX samples are also kept as they are, so that
 * a short log is drawn sample by sample rather than as a band. */
#define NBINS 4096
#define RAW_MAX 4096

static const char *const dir_names[3] = { "read", "write", "trim" };

static int
metric_row(const char *metric)
{
	if (metric == NULL)
		return -1;
	if (strcmp(metric, "bw") == 0)
		return TS_ROW_BW;
	if (strcmp(metric, "iops") == 0)
		return TS_ROW_IOPS;
	if (strncmp(metric, "lat", 3) == 0 || strcmp(metric, "clat") == 0 ||
	    strcmp(metric, "slat") == 0)
		return TS_ROW_LAT;
	return -2;
}

struct eb_chart_logs *
eb_chart_logs_new(const char *metric, struct eb_err *err)
{
	struct eb_loc loc = { NULL, 0, 0 };
	struct eb_chart_logs *cl;
	int want = metric_row(metric);

	if (want == -2) {
		eb_err_set(err, EB_ERR_USAGE, loc, "a timeseries draws bw, iops or lat logs, "
		    "not '%s'", metric);
		return NULL;
	}
	cl = eb_xcalloc(1, sizeof *cl);
	cl->want = want;
	return cl;
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

int
eb_chart_logs_begin(struct eb_chart_logs *cl, const char *path, enum eb_chart_log_kind kind)
{
	free(cl->last);
	cl->last = eb_xstrdup(path);
	cl->nnamed++;
	switch (kind) {
	case EB_CHART_LOG_BW:
		cl->row = TS_ROW_BW;
		cl->scale = 1024;	/* KiB/s in every fio version */
		cl->kind = "";
		break;
	case EB_CHART_LOG_IOPS:
		cl->row = TS_ROW_IOPS;
		cl->scale = 1;
		cl->kind = "";
		break;
	case EB_CHART_LOG_LAT:
	case EB_CHART_LOG_CLAT:
	case EB_CHART_LOG_SLAT:
		cl->row = TS_ROW_LAT;
		cl->scale = 1;	/* ns; fio 2.x us are found at the end */
		cl->kind = kind == EB_CHART_LOG_LAT ? "lat" : kind == EB_CHART_LOG_CLAT ?
		    "clat" : "slat";
		break;
	default:
		return 0;
	}
	if (cl->want >= 0 && cl->row != cl->want)
		return 0;
	free(cl->job);
	cl->job = job_name(path);
	cl->series[0] = cl->series[1] = cl->series[2] = -1;
	cl->first = cl->nts;
	cl->active = 1;
	return 1;
}

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

static struct ts_series *
new_series(struct eb_chart_logs *cl, int d)
{
	struct ts_series *s;

	cl->ts = eb_xrealloc(cl->ts, (cl->nts + 1) * sizeof *cl->ts);
	cl->raw = eb_xrealloc(cl->raw, (cl->nts + 1) * sizeof *cl->raw);
	s = &cl->ts[cl->nts];
	memset(s, 0, sizeof *s);
	s->label = eb_xasprintf("%s%s%s %s", cl->job, cl->kind[0] ? " " : "", cl->kind,
	    dir_names[d]);
	s->row = (size_t)cl->row;
	s->file = cl->nnamed - 1;
	s->dir = d;
	s->bins = eb_xcalloc(NBINS, sizeof *s->bins);
	s->nbins = NBINS;
	s->bin_ms = 1;
	s->inv_bin = 1;
	s->scale = cl->scale;
	cl->raw[cl->nts].t = eb_xmalloc(RAW_MAX * sizeof(double));
	cl->raw[cl->nts].v = eb_xmalloc(RAW_MAX * sizeof(double));
	cl->series[d] = (int)cl->nts++;
	return s;
}

/* A sample of series i at t (not negative); returns t. */
static inline __attribute__((always_inline)) double
add_sample(struct eb_chart_logs *cl, size_t i, double t, double v)
{
	struct ts_series *s = &cl->ts[i];
	struct ts_bin *b;
	double lo, hi;
	size_t bin;

	if (s->samples < RAW_MAX) {
		cl->raw[i].t[s->samples] = t;
		cl->raw[i].v[s->samples] = v;
	}
	/* Bin widths are powers of two: multiplying by the inverse is exact,
	 * and a third of the time of dividing, per sample. */
	while ((bin = (size_t)(t * s->inv_bin)) >= NBINS) {
		merge_bins(s);
		s->inv_bin = 1 / s->bin_ms;
	}
	b = &s->bins[bin];
	/* Samples are noise around a level: a branch on each comparison
	 * mispredicts half the time, a select (minsd, maxsd) never. */
	lo = b->cnt != 0 ? b->min : v;
	hi = b->cnt != 0 ? b->max : v;
	b->min = v < lo ? v : lo;
	b->max = v > hi ? v : hi;
	b->sum += v;
	b->cnt++;
	s->raw_sum += v;
	s->raw_n++;
	s->samples++;
	return t;
}

static inline size_t
series_of(struct eb_chart_logs *cl, int dir)
{
	int d = dir >= 0 && dir < 3 ? dir : 0;

	if (cl->series[d] < 0)
		new_series(cl, d);
	return (size_t)cl->series[d];
}

void
eb_chart_logs_add(struct eb_chart_logs *cl, double time_ms, double value, int dir)
{
	double t = time_ms > 0 ? time_ms : 0;

	if (!cl->active)
		return;
	add_sample(cl, series_of(cl, dir), t, value);
	if (t > cl->t_max_ms)
		cl->t_max_ms = t;
	cl->nsamples++;
}

/* Samples in a row that fall in one bin are added up in registers: a run
 * of a fio log of every I/O stays in a bin for thousands of samples. The
 * sums are added in the same order, so they are those of one at a time.
 * GCC 12 packs the minimum and maximum into one vector register here and
 * shuffles them in and out for each sample: a sixth more instructions. */
#if defined(__GNUC__) && !defined(__clang__)
__attribute__((optimize("no-tree-slp-vectorize")))
#endif
void
eb_chart_logs_add_run(struct eb_chart_logs *cl, int dir, const double *time_ms,
    const double *value, size_t n)
{
	struct ts_series *s;
	double t_max;
	size_t i, k = 0;

	if (!cl->active || n == 0)
		return;
	i = series_of(cl, dir);
	s = &cl->ts[i];
	t_max = cl->t_max_ms;
	for (; k < n && s->samples < RAW_MAX; k++) {
		double t = add_sample(cl, i, time_ms[k] > 0 ? time_ms[k] : 0, value[k]);

		t_max = t > t_max ? t : t_max;
	}
	while (k < n) {
		double t = time_ms[k] > 0 ? time_ms[k] : 0, lo_t, hi_t, mn, mx, sum, cnt, rsum;
		struct ts_bin *b;
		size_t bin, k0 = k;

		while ((bin = (size_t)(t * s->inv_bin)) >= NBINS) {
			merge_bins(s);
			s->inv_bin = 1 / s->bin_ms;
		}
		b = &s->bins[bin];
		lo_t = (double)bin * s->bin_ms;
		hi_t = lo_t + s->bin_ms;
		mn = b->cnt != 0 ? b->min : value[k];
		mx = b->cnt != 0 ? b->max : value[k];
		sum = b->sum;
		cnt = b->cnt;
		rsum = s->raw_sum;
		for (; k < n; k++) {
			double v = value[k];

			t = time_ms[k] > 0 ? time_ms[k] : 0;
			if (!(t >= lo_t && t < hi_t))
				break;
			mn = v < mn ? v : mn;
			mx = v > mx ? v : mx;
			sum += v;
			cnt++;
			rsum += v;
			t_max = t > t_max ? t : t_max;
		}
		b->min = mn;
		b->max = mx;
		b->sum = sum;
		b->cnt = cnt;
		s->raw_sum = rsum;
		s->raw_n += (double)(k - k0);
		s->samples += k - k0;
	}
	cl->t_max_ms = t_max;
	cl->nsamples += n;
}

/* Two bins as one. */
static void
add_bin(struct ts_bin *to, const struct ts_bin *b)
{
	if (b->cnt == 0)
		return;
	to->min = to->cnt == 0 ? b->min : fmin(to->min, b->min);
	to->max = to->cnt == 0 ? b->max : fmax(to->max, b->max);
	to->sum += b->sum;
	to->cnt += b->cnt;
}

/* Bins of width 2^k ms from 0, so that two series' bins line up once the
 * finer are merged to the coarser width; a sample lands in the same bin
 * whichever part read it. Sums of integers (what fio logs) are exact in
 * any order, so the chart is the one a single reader draws. */
void
eb_chart_logs_join(struct eb_chart_logs *cl, struct eb_chart_logs *part)
{
	if (!cl->active || !part->active)
		return;
	for (size_t j = part->first; j < part->nts; j++) {
		struct ts_series *ps = &part->ts[j], *s;
		size_t i;

		if (cl->series[ps->dir] < 0)
			new_series(cl, ps->dir);
		i = (size_t)cl->series[ps->dir];
		s = &cl->ts[i];
		while (s->bin_ms < ps->bin_ms) {
			merge_bins(s);
			s->inv_bin = 1 / s->bin_ms;
		}
		while (ps->bin_ms < s->bin_ms) {
			merge_bins(ps);
			ps->inv_bin = 1 / ps->bin_ms;
		}
		for (size_t k = 0; k < NBINS; k++)
			add_bin(&s->bins[k], &ps->bins[k]);
		/* A short series keeps its samples, the part's after its own. */
		if (s->samples + ps->samples <= RAW_MAX) {
			memcpy(cl->raw[i].t + s->samples, part->raw[j].t, ps->samples * sizeof(double));
			memcpy(cl->raw[i].v + s->samples, part->raw[j].v, ps->samples * sizeof(double));
		}
		s->raw_sum += ps->raw_sum;
		s->raw_n += ps->raw_n;
		s->samples += ps->samples;
	}
	if (part->t_max_ms > cl->t_max_ms)
		cl->t_max_ms = part->t_max_ms;
	cl->nsamples += part->nsamples;
}

/* Replaces the bins of a short series by its samples, one bin each; the
 * series takes the times. */
static void
keep_raw(struct ts_series *s, struct ts_raw *r)
{
	for (size_t k = 0; k < s->samples; k++) {
		s->bins[k].min = s->bins[k].max = s->bins[k].sum = r->v[k];
		s->bins[k].cnt = 1;
	}
	s->nbins = s->samples;
	s->t = r->t;
	r->t = NULL;
}

void
eb_chart_logs_end(struct eb_chart_logs *cl)
{
	if (!cl->active)
		return;
	cl->active = 0;
	for (size_t i = cl->first; i < cl->nts; i++) {
		struct ts_series *s = &cl->ts[i];

		/* fio 2.x logged latencies in microseconds: a mean below 300
		 * "ns" is no I/O any device completes (as ingest/fio_log.c). */
		if (cl->row == TS_ROW_LAT && s->raw_n > 0 && s->raw_sum / s->raw_n < 300)
			s->scale = 1000;
		if (s->samples <= RAW_MAX)
			keep_raw(s, &cl->raw[i]);
		free(cl->raw[i].t);
		free(cl->raw[i].v);
		cl->raw[i].t = cl->raw[i].v = NULL;
	}
}

void
eb_chart_logs_free(struct eb_chart_logs *cl)
{
	if (cl == NULL)
		return;
	eb_chart_logs_end(cl);
	for (size_t i = 0; i < cl->nts; i++) {
		free(cl->ts[i].label);
		free(cl->ts[i].bins);
		free(cl->ts[i].t);
	}
	free(cl->ts);
	free(cl->raw);
	free(cl->job);
	free(cl->last);
	free(cl);
}
