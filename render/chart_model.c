/* chart_model.c - what every chart kind's model is made of: labels found
 * in the groups and sorted, points in panels, rows named and given a
 * display unit, and the words every title and note shares. */
#include <ctype.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "chart_int.h"

/* ---- label sets */

static size_t
lset_add(struct lset *ls, const char *s, const char *mode)
{
	for (size_t i = 0; i < ls->n; i++)
		if (strcmp(ls->raw[i], s) == 0)
			return i;
	if (ls->n == ls->cap) {
		ls->cap = ls->cap ? ls->cap * 2 : 8;
		ls->v = eb_xrealloc(ls->v, ls->cap * sizeof *ls->v);
		ls->raw = eb_xrealloc(ls->raw, ls->cap * sizeof *ls->raw);
		ls->mode = eb_xrealloc(ls->mode, ls->cap * sizeof *ls->mode);
	}
	ls->v[ls->n] = eb_text_clean(s);
	ls->raw[ls->n] = eb_xstrdup(s);
	ls->mode[ls->n] = mode;
	return ls->n++;
}

static void
lset_free_raw(struct lset *ls)
{
	if (ls->raw == NULL)
		return;
	for (size_t i = 0; i < ls->n; i++)
		free(ls->raw[i]);
	free(ls->raw);
	ls->raw = NULL;
}

/* What lset_sort compares label indices by. */
struct sort_by {
	const char *const *keys;
	int (*cmp)(const char *, const char *);
};

static int
cmp_index(const void *a, const void *b, void *ctx)
{
	const struct sort_by *by = ctx;
	size_t x = *(const size_t *)a, y = *(const size_t *)b;
	int c = by->cmp(by->keys[x], by->keys[y]);

	return c != 0 ? c : x < y ? -1 : x > y;
}

/* Sorts a label set with cmp over the original strings; map[old] = new. */
static size_t *
lset_sort(struct lset *ls, const char *const *keys, int (*cmp)(const char *, const char *))
{
	size_t *order = eb_xmalloc((ls->n ? ls->n : 1) * sizeof *order);
	size_t *map = eb_xmalloc((ls->n ? ls->n : 1) * sizeof *map);
	char **v = eb_xmalloc((ls->n ? ls->n : 1) * sizeof *v);
	const char **mode = eb_xmalloc((ls->n ? ls->n : 1) * sizeof *mode);

	struct sort_by by = { keys, cmp };

	for (size_t i = 0; i < ls->n; i++)
		order[i] = i;
	qsort_r(order, ls->n, sizeof *order, cmp_index, &by);
	for (size_t i = 0; i < ls->n; i++) {
		map[order[i]] = i;
		v[i] = ls->v[order[i]];
		mode[i] = ls->mode[order[i]];
	}
	free(ls->v);
	free(ls->mode);
	ls->v = v;
	ls->mode = mode;
	free(order);
	return map;
}

static int
cmp_op(const char *a, const char *b)
{
	static const char *const first[] = { "read", "write" };
	int ra = 2, rb = 2;

	for (int i = 0; i < 2; i++) {
		if (strcmp(a, first[i]) == 0)
			ra = i;
		if (strcmp(b, first[i]) == 0)
			rb = i;
	}
	return ra != rb ? ra - rb : strcmp(a, b);
}

static int
cmp_mode(const char *a, const char *b)
{
	return eb_mode_cmp(a, b);
}

/* ---- building */

static void
set_add(const char ***v, size_t *n, const char *s)
{
	for (size_t i = 0; i < *n; i++)
		if (strcmp((*v)[i], s) == 0)
			return;
	*v = eb_xrealloc(*v, (*n + 1) * sizeof **v);
	(*v)[(*n)++] = s;
}

int
eb_model_per_char(const struct eb_record *k)
{
	return strcmp(k->f[EB_F_WORKLOAD], "per-char") == 0;
}

void
eb_model_case_label(const struct cm_build *b, const struct eb_record *k, char *buf, size_t n)
{
	struct eb_record r = *k;

	if (eb_model_per_char(k))
		r.block_size = 0;
	(b->with_job ? eb_case_label_with_job : eb_case_label)(&r, buf, n);
}

/* The test a record measured, without its direction: "fio seq 1 MiB". Jobs
 * named after what they do ("seq-read", "seq-write") give one row, unless
 * labels name jobs. */
static void
case_text(const struct cm_build *b, const struct eb_record *k, int with_bs, char *buf,
    size_t n)
{
	struct eb_record r = *k;

	r.f[EB_F_OP] = "";
	if (!with_bs)
		r.block_size = 0;
	(b->with_job ? eb_case_label_with_job : eb_case_label)(&r, buf, n);
}

static int
same_case(const struct cm_build *b, const struct eb_record *x, const struct eb_record *y,
    int with_bs)
{
	static const int f[] = { EB_F_HOST, EB_F_CONFIG, EB_F_METRIC, EB_F_UNIT };
	char la[256], lb[256];

	for (size_t i = 0; i < sizeof f / sizeof f[0]; i++)
		if (strcmp(x->f[f[i]], y->f[f[i]]) != 0)
			return 0;
	case_text(b, x, with_bs, la, sizeof la);
	case_text(b, y, with_bs, lb, sizeof lb);
	return strcmp(la, lb) == 0;
}

static int
cmp_text(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Whether two jobs of the groups drawn would share a point's place under
 * their labels: one release, host, config, mode and test label ("write"
 * and "seq-write", both "fio seq write 4 KiB"), so that labels must name
 * the jobs. */
static int
jobs_collide(const struct cm_build *b)
{
	char **v = eb_xmalloc((b->gs->n + 1) * sizeof *v), label[160];
	size_t n = 0;
	int clash = 0;

	for (size_t i = 0; i < b->gs->n; i++) {
		const struct eb_record *k = b->gs->g[i].key;

		if (!eb_model_wanted(b, k))
			continue;
		eb_model_case_label(b, k, label, sizeof label);
		v[n++] = eb_xasprintf("%s\037%s\037%s\037%s\037%s\037%s", k->f[EB_F_RELEASE],
		    k->f[EB_F_HOST], k->f[EB_F_CONFIG], k->f[EB_F_MODE], label, k->f[EB_F_JOB]);
	}
	if (n > 1)
		qsort(v, n, sizeof *v, cmp_text);
	for (size_t i = 1; i < n && !clash; i++) {
		const char *a = strrchr(v[i - 1], '\037'), *c = strrchr(v[i], '\037');

		clash = a - v[i - 1] == c - v[i] && strncmp(v[i - 1], v[i], (size_t)(a - v[i - 1])) == 0 &&
		    strcmp(a, c) != 0;
	}
	for (size_t i = 0; i < n; i++)
		free(v[i]);
	free(v);
	return clash;
}

static size_t
row_of(struct cm_build *b, const struct eb_record *k)
{
	for (size_t i = 0; i < b->nrows; i++)
		if (same_case(b, b->row_keys[i], k, !b->by_bs))
			return i;
	eb_xgrow(&b->row_keys, &b->caprows, b->nrows + 1, sizeof *b->row_keys);
	b->row_keys[b->nrows] = k;
	return b->nrows++;
}

/* Keeps a raw key per label, for sorting labels by what they stand for;
 * a NULL key sorts by the label itself. */
static size_t
label(struct lset *ls, const char ***keys, size_t *nkeys, const char *text,
    const char *key, const char *mode)
{
	size_t i = lset_add(ls, text, mode);

	if (i == *nkeys) {
		*keys = eb_xrealloc(*keys, (*nkeys + 1) * sizeof **keys);
		(*keys)[(*nkeys)++] = key ? key : ls->v[i];
	}
	return i;
}

static size_t
col_of(struct cm_build *b, const char *op)
{
	char buf[64];

	snprintf(buf, sizeof buf, "%s", op);
	buf[0] = (char)toupper((unsigned char)buf[0]);
	return label(&b->cols, &b->col_keys, &b->nkeys_col, buf, op, NULL);
}

size_t
eb_model_mode(struct cm_build *b, const char *mode, int as_series)
{
	if (as_series)
		return label(&b->sers, &b->ser_keys, &b->nkeys_ser, mode, mode, mode);
	return label(&b->cats, &b->cat_keys, &b->nkeys_cat, mode, mode, mode);
}

size_t
eb_model_release(struct cm_build *b, const char *rel, int as_series)
{
	if (as_series)
		return label(&b->sers, &b->ser_keys, &b->nkeys_ser, rel, rel, NULL);
	return label(&b->cats, &b->cat_keys, &b->nkeys_cat, rel, rel, NULL);
}

size_t
eb_model_series(struct cm_build *b, const char *text, const char *key)
{
	return label(&b->sers, &b->ser_keys, &b->nkeys_ser, text, key, NULL);
}

struct cm_point *
eb_model_point(struct cm_build *b, const struct eb_record *key, size_t cat, size_t ser,
    double v, double lo, double hi, size_t n)
{
	struct chart_model *m = b->m;
	struct cm_point *p;

	eb_xgrow(&m->pts, &m->cappts, m->npts + 1, sizeof *m->pts);
	p = &m->pts[m->npts++];
	memset(p, 0, sizeof *p);
	p->row = row_of(b, key);
	p->col = col_of(b, key->f[EB_F_OP]);
	p->cat = cat;
	p->ser = ser;
	p->v = v;
	p->lo = lo;
	p->hi = hi;
	p->n = n;
	set_add(&b->hosts, &b->nhosts, key->f[EB_F_HOST]);
	set_add(&b->releases, &b->nreleases, key->f[EB_F_RELEASE]);
	set_add(&b->configs, &b->nconfigs, key->f[EB_F_CONFIG]);
	eb_model_note_made_up(b, key, m->from);
	eb_model_note_caveats(b, key);
	if (b->nmin == 0 || n < b->nmin)
		b->nmin = n;
	if (n > b->nmax)
		b->nmax = n;
	return p;
}

/* Whether a group passes the metric, op and config filters. */
int
eb_model_wanted(const struct cm_build *b, const struct eb_record *k)
{
	const struct eb_chart_opts *o = b->o;

	return strcmp(k->f[EB_F_METRIC], b->m->metric) == 0 &&
	    (o->op == NULL || strcmp(k->f[EB_F_OP], o->op) == 0) &&
	    (o->config == NULL || strcmp(k->f[EB_F_CONFIG], o->config) == 0);
}

/* The metric to draw: the one asked for, else bw when there is any, else
 * the first one seen. */
static const char *
pick_metric(const struct eb_groups *gs, const char *asked)
{
	if (asked != NULL)
		return asked;
	for (size_t i = 0; i < gs->n; i++)
		if (strcmp(gs->g[i].key->f[EB_F_METRIC], "bw") == 0)
			return "bw";
	return gs->n > 0 ? gs->g[0].key->f[EB_F_METRIC] : "bw";
}

static int
cmp_release(const void *a, const void *b)
{
	return eb_release_cmp(*(const char *const *)a, *(const char *const *)b);
}

/* The releases of the wanted groups, oldest first. */
const char **
eb_model_releases(const struct cm_build *b, size_t *n)
{
	const char **r = NULL;

	*n = 0;
	for (size_t i = 0; i < b->gs->n; i++)
		if (eb_model_wanted(b, b->gs->g[i].key))
			set_add(&r, n, b->gs->g[i].key->f[EB_F_RELEASE]);
	if (*n > 1)
		qsort(r, *n, sizeof *r, cmp_release);
	return r;
}

void
eb_model_tip_value(struct cm_build *b, struct cm_point *p, const struct eb_record *k,
    double v, double lo, double hi)
{
	struct eb_display d;
	char num[32], l[32], h[32], test[160], level[48];

	eb_display_unit(k->f[EB_F_METRIC], k->f[EB_F_UNIT], fabs(v), b->o->iec, &d);
	eb_format_display(num, sizeof num, v / d.div);
	eb_model_case_label(b, k, test, sizeof test);
	if (isnan(lo)) {
		p->tip = eb_xasprintf("%s, %s %s: %s %s (n=%zu)", k->f[EB_F_MODE], test,
		    k->f[EB_F_RELEASE], num, d.label, p->n);
		return;
	}
	eb_format_display(l, sizeof l, lo / d.div);
	eb_format_display(h, sizeof h, hi / d.div);
	eb_interval_level_text(b->o->alpha, 0, level, sizeof level);
	p->tip = eb_xasprintf("%s, %s %s: %s %s, %s CI %s to %s (n=%zu)",
	    k->f[EB_F_MODE], test, k->f[EB_F_RELEASE], num, d.label, level, l, h, p->n);
}

enum eb_status
eb_model_no_data(struct eb_err *err, const char *fmt, ...)
{
	struct eb_loc loc = { NULL, 0, 0 };
	char msg[256];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	return eb_err_set(err, EB_ERR_DATA, loc, "%s", msg);
}

struct eb_overhead *
eb_model_overheads(const struct cm_build *b, size_t *n)
{
	struct eb_verdict_opts vo = EB_VERDICT_OPTS_DEFAULT;

	if (b->o->alpha > 0)
		vo.alpha = b->o->alpha;
	return eb_overhead_compute_opts(b->gs, b->o->baseline, &vo, 0, n);
}

void
eb_model_mean_ci(const struct cm_build *b, const struct eb_sample *s, double *lo, double *hi)
{
	double alpha = b->o->alpha > 0 ? b->o->alpha : 0.05, half;

	*lo = s->ci_low;
	*hi = s->ci_high;
	if (alpha == 0.05 || s->n < 2 || isnan(s->ci_low))
		return;
	half = eb_t_quantile(1 - alpha / 2, (double)(s->n - 1)) * s->sd / sqrt((double)s->n);
	*lo = s->mean - half;
	*hi = s->mean + half;
	if (!isfinite(*lo) || !isfinite(*hi))
		*lo = *hi = NAN;
}

void
eb_model_adjust_overheads(const struct cm_build *b, struct eb_overhead *rows, size_t n,
    const char *rel)
{
	struct eb_verdict **vp = eb_xmalloc((n ? n : 1) * sizeof *vp);
	const struct eb_record **ks = eb_xmalloc((n ? n : 1) * sizeof *ks);
	size_t *drawn = eb_xmalloc((n ? n : 1) * sizeof *drawn);
	struct eb_verdict_opts vo = EB_VERDICT_OPTS_DEFAULT;
	size_t m = 0;

	for (size_t i = 0; i < n; i++) {
		const struct eb_record *k = rows[i].g->key;

		if (!eb_model_wanted(b, k) || (rel != NULL && strcmp(k->f[EB_F_RELEASE], rel) != 0))
			continue;
		drawn[m] = i;
		vp[m] = &rows[i].v;
		ks[m++] = k;
	}
	if (b->o->alpha > 0)
		vo.alpha = b->o->alpha;
	if (m > 0)
		eb_verdict_adjust(vp, ks, m, &vo);
	for (size_t j = 0; j < m; j++) {
		struct eb_overhead *r = &rows[drawn[j]];

		if (!isnan(r->ci_low))
			eb_verdict_ratio_interval(&r->v, &r->ci_low, &r->ci_high);
	}
	free(drawn);
	free(vp);
	free(ks);
}

void
eb_model_tip_ratio(struct cm_build *b, struct cm_point *p, const struct eb_overhead *r,
    const char *baseline)
{
	char test[160], phrase[256], pct[40], lo[40], hi[40], level[48];
	int adjusted = eb_verdict_interval_adjusted(&r->v);

	eb_model_case_label(b, r->g->key, test, sizeof test);
	/* The words are the verdict layer's; an unbounded interval is drawn
	 * to the axis ends. */
	eb_verdict_phrase(&r->v, phrase, sizeof phrase);
	b->adjusted |= adjusted;
	eb_interval_level_text(b->o->alpha, adjusted, level, sizeof level);
	p->unbounded = r->v.unbounded;
	if (p->unbounded)
		p->note = "interval unbounded";
	if (!eb_metric_higher_is_better(r->g->key->f[EB_F_METRIC])) {
		/* A latency-like metric is drawn as its relative increase: the
		 * phrase says it ("latency +20.0 % (+15.1 to +25.2 %)"). */
		p->tip = eb_xasprintf("%s, %s %s: %s", r->g->key->f[EB_F_MODE], test,
		    r->g->key->f[EB_F_RELEASE], phrase);
		return;
	}
	/* Figures of 100 % keep their side of it, as eb_figure_text does of
	 * a margin. */
	eb_figure_text(cm_pct(r->ratio), 0, 100, pct, sizeof pct);
	if (isnan(r->ci_low))
		p->tip = eb_xasprintf("%s, %s %s: %s %% of %s (%s)",
		    r->g->key->f[EB_F_MODE], test, r->g->key->f[EB_F_RELEASE], pct, baseline,
		    phrase);
	else {
		eb_figure_text(cm_pct(r->ci_low), 0, 100, lo, sizeof lo);
		eb_figure_text(cm_pct(r->ci_high), 0, 100, hi, sizeof hi);
		p->tip = eb_xasprintf("%s, %s %s: %s %% of %s, %s CI %s to %s (%s)",
		    r->g->key->f[EB_F_MODE], test, r->g->key->f[EB_F_RELEASE], pct, baseline,
		    level, lo, hi, phrase);
	}
}

/* ---- rows: labels, order, display units */

static int
cmp_rowkey(const void *a, const void *b)
{
	const struct eb_record *x = *(const struct eb_record *const *)a;
	const struct eb_record *y = *(const struct eb_record *const *)b;
	struct eb_record rx = *x, ry = *y;

	rx.f[EB_F_RELEASE] = ry.f[EB_F_RELEASE] = "";
	rx.f[EB_F_OP] = ry.f[EB_F_OP] = "";
	rx.f[EB_F_MODE] = ry.f[EB_F_MODE] = "";
	return eb_record_report_cmp(&rx, &ry);
}

static void
finish_rows(struct cm_build *b)
{
	struct chart_model *m = b->m;
	size_t *map = eb_xmalloc((b->nrows ? b->nrows : 1) * sizeof *map);
	const struct eb_record **keys = eb_xmalloc((b->nrows ? b->nrows : 1) * sizeof *keys);

	memcpy(keys, b->row_keys, b->nrows * sizeof *keys);
	qsort(keys, b->nrows, sizeof *keys, cmp_rowkey);
	for (size_t i = 0; i < b->nrows; i++)
		for (size_t j = 0; j < b->nrows; j++)
			if (b->row_keys[j] == keys[i])
				map[j] = i;
	m->nrows = b->nrows;
	m->rows = eb_xcalloc(b->nrows ? b->nrows : 1, sizeof *m->rows);
	for (size_t i = 0; i < b->nrows; i++) {
		struct cm_row *r = &m->rows[i];
		const struct eb_record *rec = keys[i];
		char buf[256];
		size_t len;

		case_text(b, rec, !b->by_bs && !eb_model_per_char(rec), buf, sizeof buf);
		len = strlen(buf);
		if (b->nconfigs > 1)
			len += (size_t)snprintf(buf + len, len < sizeof buf ? sizeof buf - len : 0,
			    " · %s", rec->f[EB_F_CONFIG]);
		if (b->nhosts > 1 && len < sizeof buf)
			snprintf(buf + len, sizeof buf - len, " · %s", rec->f[EB_F_HOST]);
		r->label = eb_text_clean(buf[0] ? buf : m->metric);
		r->key = keys[i];
	}
	for (size_t i = 0; i < m->npts; i++)
		m->pts[i].row = map[m->pts[i].row];
	free(map);
	free(keys);
}

static void
remap(struct chart_model *m, const size_t *cols, const size_t *cats, const size_t *sers)
{
	for (size_t i = 0; i < m->npts; i++) {
		m->pts[i].col = cols[m->pts[i].col];
		m->pts[i].cat = cats[m->pts[i].cat];
		if (sers != NULL)
			m->pts[i].ser = sers[m->pts[i].ser];
	}
}

static void
row_cats(struct chart_model *m)
{
	for (size_t r = 0; r < m->nrows; r++) {
		struct cm_row *row = &m->rows[r];
		char *seen = eb_xcalloc(m->ncats ? m->ncats : 1, 1);
		double mag = 0;

		for (size_t i = 0; i < m->npts; i++) {
			const struct cm_point *p = &m->pts[i];

			if (p->row != r)
				continue;
			seen[p->cat] = 1;
			if (fabs(p->v) > mag)
				mag = fabs(p->v);
			if (!isnan(p->hi) && fabs(p->hi) > mag)
				mag = fabs(p->hi);
		}
		row->cats = eb_xmalloc((m->ncats ? m->ncats : 1) * sizeof *row->cats);
		for (size_t c = 0; c < m->ncats; c++)
			if (seen[c])
				row->cats[row->ncats++] = c;
		free(seen);
		if (m->percent) {
			snprintf(row->disp.label, sizeof row->disp.label, "%%");
			row->disp.div = 1;
		} else
			eb_display_unit(row->key->f[EB_F_METRIC], row->key->f[EB_F_UNIT], mag,
			    m->o->iec, &row->disp);
	}
}

/* ---- the sequence chart.c runs */

void
eb_model_init(struct chart_model *m, struct cm_build *b, const struct eb_chart_opts *o,
    const struct eb_groups *gs)
{
	memset(m, 0, sizeof *m);
	m->o = o;
	m->th = eb_theme_get(o->dark);
	m->ref = NAN;
	m->source = eb_model_source_words(o);
	memset(b, 0, sizeof *b);
	b->m = m;
	b->o = o;
	b->gs = gs;
	b->t = gs != NULL ? gs->t : NULL;
	b->cat_cmp = cmp_mode;
	b->ser_cmp = eb_release_cmp;
	if (gs != NULL) {
		m->metric = pick_metric(gs, o->metric);
		b->with_job = jobs_collide(b);
	}
}

void
eb_model_finish(struct cm_build *b)
{
	struct chart_model *m = b->m;
	size_t *cols, *cats, *sers = NULL;

	lset_free_raw(&b->cols);
	lset_free_raw(&b->cats);
	lset_free_raw(&b->sers);
	cols = lset_sort(&b->cols, b->col_keys, cmp_op);
	cats = lset_sort(&b->cats, b->cat_keys, b->cat_cmp);
	if (b->sers.n > 0)
		sers = lset_sort(&b->sers, b->ser_keys, b->ser_cmp);
	remap(m, cols, cats, sers);
	free(cols);
	free(cats);
	free(sers);
	m->cols = b->cols.v;
	m->ncols = b->cols.n;
	m->cats = b->cats.v;
	m->cat_mode = b->cats.mode;
	m->ncats = b->cats.n;
	m->sers = b->sers.v;
	m->ser_mode = b->sers.mode;
	m->nsers = b->sers.n;
	b->cols.v = b->cats.v = b->sers.v = NULL;
	b->cats.mode = b->sers.mode = NULL;	/* the model has them */
	finish_rows(b);
	row_cats(m);
}

void
eb_model_build_free(struct cm_build *b)
{
	lset_free_raw(&b->cols);
	lset_free_raw(&b->cats);
	lset_free_raw(&b->sers);
	for (size_t i = 0; b->cols.v != NULL && i < b->cols.n; i++)
		free(b->cols.v[i]);
	for (size_t i = 0; b->cats.v != NULL && i < b->cats.n; i++)
		free(b->cats.v[i]);
	for (size_t i = 0; b->sers.v != NULL && i < b->sers.n; i++)
		free(b->sers.v[i]);
	free(b->cols.v);
	free(b->cols.mode);
	free(b->cats.v);
	free(b->cats.mode);
	free(b->sers.v);
	free(b->sers.mode);
	free(b->col_keys);
	free(b->cat_keys);
	free(b->ser_keys);
	free(b->row_keys);
	free(b->hosts);
	free(b->releases);
	free(b->configs);
	free(b->meta_made_up);
	free(b->made_up_rels);
	eb_caveats_free(b->caveats);
	for (size_t i = 0; i < b->caveat_list.n; i++)
		free(b->caveat_rels[i]);
	free(b->caveat_rels);
	free(b->ncaveat_rels);
	eb_caveat_list_free(&b->caveat_list);
	memset(b, 0, sizeof *b);
}

void
eb_model_free(struct chart_model *m)
{
	for (size_t i = 0; i < m->npts; i++)
		free(m->pts[i].tip);
	for (size_t i = 0; i < m->nrows; i++) {
		free(m->rows[i].label);
		free(m->rows[i].cats);
	}
	for (size_t i = 0; i < m->ncols; i++)
		free(m->cols[i]);
	for (size_t i = 0; i < m->ncats; i++)
		free(m->cats[i]);
	for (size_t i = 0; i < m->nsers; i++)
		free(m->sers[i]);
	for (size_t i = 0; i < m->nts; i++) {
		free(m->ts[i].label);
		free(m->ts[i].bins);
		free(m->ts[i].t);
	}
	free(m->ts);
	free(m->pts);
	free(m->rows);
	free(m->cols);
	free(m->cats);
	free(m->cat_mode);
	free(m->sers);
	free(m->ser_mode);
	free(m->legend);
	free(m->title);
	free(m->subtitle);
	free(m->note);
	free(m->source);
	free(m->caveat);
	for (size_t i = 0; i < m->nmeta_caveats; i++)
		free(m->meta_caveats[i]);
	free(m->meta_caveats);
	memset(m, 0, sizeof *m);
}

/* ---- using a model */

int
eb_model_panel_used(const struct chart_model *m, size_t row, size_t col)
{
	for (size_t i = 0; i < m->npts; i++)
		if (m->pts[i].row == row && m->pts[i].col == col)
			return 1;
	return 0;
}

uint32_t
eb_model_cat_color(const struct chart_model *m, size_t cat)
{
	if (m->cat_mode != NULL && m->cat_mode[cat] != NULL)
		return eb_mode_color(m->cat_mode[cat], m->o->dark);
	return eb_series_color(cat, m->o->dark);
}

uint32_t
eb_model_ser_color(const struct chart_model *m, size_t ser)
{
	if (m->ser_mode != NULL && m->ser_mode[ser] != NULL)
		return eb_mode_color(m->ser_mode[ser], m->o->dark);
	return eb_series_color(ser, m->o->dark);
}

void
eb_model_value_text(const struct chart_model *m, const struct cm_row *row, double v,
    char *buf, size_t n)
{
	if (m->percent)
		eb_pct_text(buf, n, v, m->signed_pct);
	else
		eb_format_display(buf, n, v / row->disp.div);
}

double
eb_model_whisker_lo(const struct chart_model *m, const struct cm_point *p)
{
	return !m->percent && p->v >= 0 && p->lo < 0 ? 0 : p->lo;
}

void
eb_model_unit_plain(const struct chart_model *m, const struct cm_row *row, char *buf,
    size_t n)
{
	const char *mw = eb_metric_words(row->key ? row->key->f[EB_F_METRIC] : m->metric);

	snprintf(buf, n, "%s, %s", mw, row->disp.label);
}
