/* chart_model.c - records to what a chart shows: the groups, overheads and
 * diffs of analyze/ sorted into panels, categories and series, with the
 * titles, units and notes that make the chart readable on its own. */
#include <ctype.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "chart_int.h"

/* ---- label sets */

struct lset {
	char **v;		/* labels as drawn (eb_text_clean) */
	char **raw;		/* as in the data: what tells labels apart */
	const char **mode;	/* parallel: the mode a label stands for */
	size_t n, cap;
};

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
	for (size_t i = 0; i < ls->n; i++)
		free(ls->raw[i]);
	free(ls->raw);
	ls->raw = NULL;
}

/* Sorts a label set with cmp over the original strings; map[old] = new. */
static const char *const *sort_keys;
static int (*sort_cmp)(const char *, const char *);

static int
cmp_index(const void *a, const void *b)
{
	size_t x = *(const size_t *)a, y = *(const size_t *)b;
	int c = sort_cmp(sort_keys[x], sort_keys[y]);

	return c != 0 ? c : x < y ? -1 : x > y;
}

static size_t *
lset_sort(struct lset *ls, const char *const *keys, int (*cmp)(const char *, const char *))
{
	size_t *order = eb_xmalloc((ls->n ? ls->n : 1) * sizeof *order);
	size_t *map = eb_xmalloc((ls->n ? ls->n : 1) * sizeof *map);
	char **v = eb_xmalloc((ls->n ? ls->n : 1) * sizeof *v);
	const char **mode = eb_xmalloc((ls->n ? ls->n : 1) * sizeof *mode);

	for (size_t i = 0; i < ls->n; i++)
		order[i] = i;
	sort_keys = keys;
	sort_cmp = cmp;
	qsort(order, ls->n, sizeof *order, cmp_index);
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

struct build {
	struct chart_model *m;
	const struct eb_chart_opts *o;
	const struct eb_table *t;
	const struct eb_groups *gs;
	struct lset cols, cats, sers;
	const char **col_keys, **cat_keys, **ser_keys;	/* raw, for sorting */
	size_t nkeys_col, nkeys_cat, nkeys_ser;
	const struct eb_record **row_keys;
	size_t nrows, caprows;
	int by_bs;		/* heatmap columns are block sizes */
	const char **hosts, **releases, **configs;
	size_t nhosts, nreleases, nconfigs;
	size_t nmin, nmax;	/* runs behind the values */
};

static void
set_add(const char ***v, size_t *n, const char *s)
{
	for (size_t i = 0; i < *n; i++)
		if (strcmp((*v)[i], s) == 0)
			return;
	*v = eb_xrealloc(*v, (*n + 1) * sizeof **v);
	(*v)[(*n)++] = s;
}

/* The test a record measured, without its direction: "fio seq 1 MiB". Jobs
 * named after what they do ("seq-read", "seq-write") give one row. */
static void
case_text(const struct eb_record *k, int with_bs, char *buf, size_t n)
{
	struct eb_record r = *k;

	r.f[EB_F_OP] = "";
	if (!with_bs)
		r.block_size = 0;
	eb_case_label(&r, buf, n);
}

static int
same_case(const struct eb_record *a, const struct eb_record *b, int with_bs)
{
	static const int f[] = { EB_F_HOST, EB_F_CONFIG, EB_F_METRIC, EB_F_UNIT };
	char la[256], lb[256];

	for (size_t i = 0; i < sizeof f / sizeof f[0]; i++)
		if (strcmp(a->f[f[i]], b->f[f[i]]) != 0)
			return 0;
	case_text(a, with_bs, la, sizeof la);
	case_text(b, with_bs, lb, sizeof lb);
	return strcmp(la, lb) == 0;
}

static size_t
row_of(struct build *b, const struct eb_record *k)
{
	for (size_t i = 0; i < b->nrows; i++)
		if (same_case(b->row_keys[i], k, !b->by_bs))
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
col_of(struct build *b, const char *op)
{
	char buf[64];

	snprintf(buf, sizeof buf, "%s", op);
	buf[0] = (char)toupper((unsigned char)buf[0]);
	return label(&b->cols, &b->col_keys, &b->nkeys_col, buf, op, NULL);
}

static size_t
mode_of(struct build *b, const char *mode, int as_series)
{
	if (as_series)
		return label(&b->sers, &b->ser_keys, &b->nkeys_ser, mode, mode, mode);
	return label(&b->cats, &b->cat_keys, &b->nkeys_cat, mode, mode, mode);
}

static size_t
release_of(struct build *b, const char *rel, int as_series)
{
	if (as_series)
		return label(&b->sers, &b->ser_keys, &b->nkeys_ser, rel, rel, NULL);
	return label(&b->cats, &b->cat_keys, &b->nkeys_cat, rel, rel, NULL);
}

static struct cm_point *
point(struct build *b, const struct eb_record *key, size_t cat, size_t ser, double v,
    double lo, double hi, size_t n)
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
	if (b->nmin == 0 || n < b->nmin)
		b->nmin = n;
	if (n > b->nmax)
		b->nmax = n;
	return p;
}

/* Whether a group passes the metric, op and config filters. */
static int
wanted(const struct build *b, const struct eb_record *k)
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
	return eb_natural_cmp(*(const char *const *)a, *(const char *const *)b);
}

/* The releases of the wanted groups, oldest first. */
static const char **
wanted_releases(const struct build *b, size_t *n)
{
	const char **r = NULL;

	*n = 0;
	for (size_t i = 0; i < b->gs->n; i++)
		if (wanted(b, b->gs->g[i].key))
			set_add(&r, n, b->gs->g[i].key->f[EB_F_RELEASE]);
	if (*n > 1)
		qsort(r, *n, sizeof *r, cmp_release);
	return r;
}

static void
tip_value(struct build *b, struct cm_point *p, const struct eb_record *k, double v,
    double lo, double hi)
{
	struct eb_display d;
	char num[32], l[32], h[32], test[160];

	eb_display_unit(k->f[EB_F_METRIC], k->f[EB_F_UNIT], fabs(v), b->o->iec, &d);
	eb_format_display(num, sizeof num, v / d.div);
	eb_case_label(k, test, sizeof test);
	if (isnan(lo)) {
		p->tip = eb_xasprintf("%s, %s %s: %s %s (n=%zu)", k->f[EB_F_MODE], test,
		    k->f[EB_F_RELEASE], num, d.label, p->n);
		return;
	}
	eb_format_display(l, sizeof l, lo / d.div);
	eb_format_display(h, sizeof h, hi / d.div);
	p->tip = eb_xasprintf("%s, %s %s: %s %s, 95 %% CI %s to %s (n=%zu)",
	    k->f[EB_F_MODE], test, k->f[EB_F_RELEASE], num, d.label, l, h, p->n);
}

static double
pct(double ratio)
{
	return ratio * 100;
}

static enum eb_status no_data(struct eb_err *err, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static enum eb_status
no_data(struct eb_err *err, const char *fmt, ...)
{
	struct eb_loc loc = { NULL, 0, 0 };
	char msg[256];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	return eb_err_set(err, EB_ERR_DATA, loc, "%s", msg);
}

static enum eb_status
build_bars(struct build *b, struct eb_err *err)
{
	size_t nrel;
	const char **rels = wanted_releases(b, &nrel);
	const char *rel = b->o->release ? b->o->release : nrel ? rels[nrel - 1] : NULL;

	free(rels);
	b->m->from = rel;
	for (size_t i = 0; rel != NULL && i < b->gs->n; i++) {
		const struct eb_group *g = &b->gs->g[i];
		const struct eb_record *k = g->key;
		struct cm_point *p;

		if (!wanted(b, k) || strcmp(k->f[EB_F_RELEASE], rel) != 0)
			continue;
		p = point(b, k, mode_of(b, k->f[EB_F_MODE], 0), 0, g->s.mean, g->s.ci_low,
		    g->s.ci_high, g->s.n);
		tip_value(b, p, k, g->s.mean, g->s.ci_low, g->s.ci_high);
	}
	if (b->m->npts == 0)
		return no_data(err, "no %s records%s%s to draw", b->m->metric,
		    rel ? " in release " : "", rel ? rel : "");
	return EB_OK;
}

/* Overhead rows of the wanted groups: the baseline exists in each. */
static struct eb_overhead *
overheads(struct build *b, size_t *n)
{
	return eb_overhead_compute(b->gs, b->o->baseline, n);
}

static void
tip_ratio(struct cm_point *p, const struct eb_overhead *r, const char *baseline)
{
	char test[160];

	eb_case_label(r->g->key, test, sizeof test);
	if (isnan(r->ci_low))
		p->tip = eb_xasprintf("%s, %s %s: %.1f %% of %s (overhead %.1f %%)",
		    r->g->key->f[EB_F_MODE], test, r->g->key->f[EB_F_RELEASE],
		    pct(r->ratio), baseline, r->overhead_pct);
	else
		p->tip = eb_xasprintf("%s, %s %s: %.1f %% of %s, 95 %% CI %.1f to %.1f "
		    "(overhead %.1f %%)", r->g->key->f[EB_F_MODE], test,
		    r->g->key->f[EB_F_RELEASE], pct(r->ratio), baseline, pct(r->ci_low),
		    pct(r->ci_high), r->overhead_pct);
}

static enum eb_status
build_overhead(struct build *b, struct eb_err *err)
{
	size_t n, nrel;
	struct eb_overhead *rows = overheads(b, &n);
	const char **rels;
	const char *rel = b->o->release;

	/* The newest release that has something to compare. */
	if (rel == NULL) {
		rels = wanted_releases(b, &nrel);
		for (size_t r = nrel; rel == NULL && r-- > 0;)
			for (size_t i = 0; i < n; i++)
				if (wanted(b, rows[i].g->key) &&
				    strcmp(rows[i].g->key->f[EB_F_RELEASE], rels[r]) == 0) {
					rel = rels[r];
					break;
				}
		free(rels);
	}
	b->m->from = rel;
	for (size_t i = 0; rel != NULL && i < n; i++) {
		const struct eb_record *k = rows[i].g->key;
		struct cm_point *p;

		if (!wanted(b, k) || strcmp(k->f[EB_F_RELEASE], rel) != 0)
			continue;
		p = point(b, k, mode_of(b, k->f[EB_F_MODE], 0), 0, pct(rows[i].ratio),
		    pct(rows[i].ci_low), pct(rows[i].ci_high), rows[i].g->s.n);
		tip_ratio(p, &rows[i], b->o->baseline);
	}
	free(rows);
	if (b->m->npts == 0)
		return no_data(err, "no %s records with a baseline of mode '%s' to compare "
		    "with (name another with --baseline MODE)", b->m->metric, b->o->baseline);
	b->m->percent = 1;
	b->m->ref = 100;
	return EB_OK;
}

static enum eb_status
build_trend(struct build *b, struct eb_err *err)
{
	if (b->o->relative) {
		size_t n;
		struct eb_overhead *rows = overheads(b, &n);

		for (size_t i = 0; i < n; i++) {
			const struct eb_record *k = rows[i].g->key;
			struct cm_point *p;

			if (!wanted(b, k) || (b->o->release &&
			    strcmp(k->f[EB_F_RELEASE], b->o->release) != 0))
				continue;
			p = point(b, k, release_of(b, k->f[EB_F_RELEASE], 0),
			    mode_of(b, k->f[EB_F_MODE], 1), pct(rows[i].ratio),
			    pct(rows[i].ci_low), pct(rows[i].ci_high), rows[i].g->s.n);
			tip_ratio(p, &rows[i], b->o->baseline);
		}
		free(rows);
		b->m->percent = 1;
		b->m->ref = 100;
	} else {
		for (size_t i = 0; i < b->gs->n; i++) {
			const struct eb_group *g = &b->gs->g[i];
			const struct eb_record *k = g->key;
			struct cm_point *p;

			if (!wanted(b, k) || (b->o->release &&
			    strcmp(k->f[EB_F_RELEASE], b->o->release) != 0))
				continue;
			p = point(b, k, release_of(b, k->f[EB_F_RELEASE], 0),
			    mode_of(b, k->f[EB_F_MODE], 1), g->s.mean, g->s.ci_low,
			    g->s.ci_high, g->s.n);
			tip_value(b, p, k, g->s.mean, g->s.ci_low, g->s.ci_high);
		}
	}
	if (b->m->npts == 0)
		return no_data(err, "no %s records%s to draw", b->m->metric,
		    b->o->relative ? " with a baseline" : "");
	return EB_OK;
}

static enum eb_status
build_diff(struct build *b, struct eb_err *err)
{
	struct eb_diff_opts d = { EB_SPLIT_RELEASE, b->o->from, b->o->to, b->o->alpha, 0, 0,
		b->o->baseline };
	struct eb_diff *rows;
	size_t n, nrel;
	const char **rels = wanted_releases(b, &nrel);

	if (d.from == NULL || d.to == NULL) {
		if (nrel < 2) {
			free(rels);
			return no_data(err, "a diff needs two releases and the %s records have "
			    "%s", b->m->metric, nrel ? "one" : "none");
		}
		if (d.to == NULL)
			d.to = rels[nrel - 1];
		if (d.from == NULL)
			for (size_t i = nrel; i-- > 0;)
				if (strcmp(rels[i], d.to) != 0) {
					d.from = rels[i];
					break;
				}
	}
	free(rels);
	if (d.from == NULL || strcmp(d.from, d.to) == 0) {
		struct eb_loc loc = { NULL, 0, 0 };

		return eb_err_set(err, EB_ERR_USAGE, loc, "--from and --to name the same "
		    "release, '%s'", d.to);
	}
	b->m->from = d.from;
	b->m->to = d.to;
	rows = eb_diff_compute(b->gs, &d, &n);
	for (size_t i = 0; i < n; i++) {
		const struct eb_record *k = rows[i].b->key;
		struct cm_point *p;
		char test[160];
		int sig = strcmp(rows[i].verdict, "improved") == 0 ||
		    strcmp(rows[i].verdict, "regressed") == 0;

		if (!wanted(b, k))
			continue;
		p = point(b, k, mode_of(b, k->f[EB_F_MODE], 0), 0, rows[i].delta_pct,
		    rows[i].delta_ci_low_pct, rows[i].delta_ci_high_pct,
		    rows[i].a->s.n < rows[i].b->s.n ? rows[i].a->s.n : rows[i].b->s.n);
		p->hollow = !sig;
		if (strcmp(rows[i].verdict, "single run") == 0)
			p->note = "single run";
		eb_case_label(k, test, sizeof test);
		if (isnan(rows[i].p_value))
			p->tip = eb_xasprintf("%s, %s: %+.1f %% from %s to %s, %s",
			    k->f[EB_F_MODE], test, rows[i].delta_pct, d.from, d.to,
			    rows[i].verdict);
		else
			p->tip = eb_xasprintf("%s, %s: %+.1f %% from %s to %s (95 %% CI %+.1f "
			    "to %+.1f), p = %.3g, %s", k->f[EB_F_MODE], test, rows[i].delta_pct,
			    d.from, d.to, rows[i].delta_ci_low_pct, rows[i].delta_ci_high_pct,
			    rows[i].p_value, strcmp(rows[i].verdict, "no change") == 0 ?
			    "no significant change" : rows[i].verdict);
	}
	free(rows);
	if (b->m->npts == 0) {
		struct eb_loc loc = { NULL, 0, 0 };

		return eb_err_set(err, EB_ERR_DATA, loc, "no %s record of %s has a match in "
		    "%s", b->m->metric, d.from, d.to);
	}
	b->m->percent = 1;
	b->m->ref = 0;
	return EB_OK;
}

static enum eb_status
build_heat(struct build *b, struct eb_err *err)
{
	size_t n, nrel;
	struct eb_overhead *rows = overheads(b, &n);
	const char *rel = b->o->release;

	b->by_bs = b->o->heat == EB_HEAT_BLOCK_SIZE;
	if (b->by_bs && rel == NULL) {
		const char **rels = wanted_releases(b, &nrel);

		rel = nrel ? rels[nrel - 1] : NULL;
		free(rels);
	}
	b->m->from = rel;
	for (size_t i = 0; i < n; i++) {
		const struct eb_record *k = rows[i].g->key;
		struct cm_point *p;
		size_t ser;
		char bs[32];

		if (!wanted(b, k) || (rel && strcmp(k->f[EB_F_RELEASE], rel) != 0))
			continue;
		if (b->by_bs) {
			if (k->block_size > 0)
				eb_format_bytes(bs, sizeof bs, k->block_size);
			else
				snprintf(bs, sizeof bs, "?");
			ser = label(&b->sers, &b->ser_keys, &b->nkeys_ser, bs, NULL, NULL);
		} else
			ser = release_of(b, k->f[EB_F_RELEASE], 1);
		p = point(b, k, mode_of(b, k->f[EB_F_MODE], 0), ser, rows[i].overhead_pct,
		    NAN, NAN, rows[i].g->s.n);
		tip_ratio(p, &rows[i], b->o->baseline);
		if (p->v > b->m->heat_hi)
			b->m->heat_hi = p->v;
		if (p->v < b->m->heat_lo)
			b->m->heat_lo = p->v;
	}
	free(rows);
	if (b->m->npts == 0)
		return no_data(err, "no %s records with a baseline of mode '%s' to compare "
		    "with (name another with --baseline MODE)", b->m->metric, b->o->baseline);
	b->m->percent = 1;
	b->m->ref = NAN;
	/* Round ends for the colour scale, so that its legend reads 0, 20, 40. */
	{
		double step = nice_step(b->m->heat_lo, b->m->heat_hi, 4);

		b->m->heat_hi = step * ceil(b->m->heat_hi / step - 1e-9);
		b->m->heat_lo = step * floor(b->m->heat_lo / step + 1e-9);
		if (b->m->heat_hi <= 0)
			b->m->heat_hi = step;
	}
	return EB_OK;
}

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
finish_rows(struct build *b)
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

		case_text(rec, !b->by_bs, buf, sizeof buf);
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

/* ---- words: title, subtitle, notes */

/* A string member of a run's meta.json, or NULL. */
static char *
meta_string(const char *json, const char *name)
{
	json_t *root = json_loads(json, 0, NULL);
	json_t *v = root ? json_object_get(root, name) : NULL;
	char *out = v && json_is_string(v) && json_string_length(v) > 0 ?
	    eb_xstrdup(json_string_value(v)) : NULL;

	json_decref(root);
	return out;
}

/* "kernel 6.8.0-31-generic · zfs-2.2.2" of the runs of release rel. */
static void
meta_words(const struct eb_table *t, const char *rel, struct eb_buf *out)
{
	for (size_t i = 0; i < t->nmeta; i++) {
		char *kernel, *zfs;

		if (t->meta[i].json == NULL || strcmp(t->meta[i].release, rel) != 0)
			continue;
		kernel = meta_string(t->meta[i].json, "kernel");
		zfs = meta_string(t->meta[i].json, "zfs");
		if (kernel != NULL)
			eb_buf_addf(out, " · kernel %s", kernel);
		if (zfs != NULL)
			eb_buf_addf(out, " · %s%s", strncmp(zfs, "zfs", 3) == 0 ? "" : "ZFS ", zfs);
		free(kernel);
		free(zfs);
		return;
	}
}

static void
words(struct build *b)
{
	struct chart_model *m = b->m;
	const struct eb_chart_opts *o = b->o;
	const char *mw = eb_metric_words(m->metric);
	struct eb_buf sub, note;
	int same_unit = 1;

	for (size_t r = 1; r < m->nrows; r++)
		if (strcmp(m->rows[r].disp.label, m->rows[0].disp.label) != 0)
			same_unit = 0;
	eb_buf_init(&sub, 0);
	eb_buf_init(&note, 0);
	if (b->nhosts == 1 && b->hosts[0][0] != '\0')
		eb_buf_addf(&sub, "%s", b->hosts[0]);
	else if (b->nhosts > 1)
		eb_buf_addf(&sub, "%zu hosts", b->nhosts);
	if (b->nconfigs == 1 && b->configs[0][0] != '\0' && strcmp(b->configs[0], "default") != 0)
		eb_buf_addf(&sub, "%sconfig %s", sub.len ? " · " : "", b->configs[0]);
	switch (m->kind) {
	case EB_CHART_BARS:
	case EB_CHART_OVERHEAD:
		if (m->from != NULL && m->from[0] != '\0') {
			eb_buf_addf(&sub, "%srelease %s", sub.len ? " · " : "", m->from);
			meta_words(b->t, m->from, &sub);
		}
		break;
	case EB_CHART_HEATMAP:
		if (o->heat == EB_HEAT_BLOCK_SIZE && m->from != NULL && m->from[0] != '\0') {
			eb_buf_addf(&sub, "%srelease %s", sub.len ? " · " : "", m->from);
			meta_words(b->t, m->from, &sub);
		} else if (m->nsers > 1)
			eb_buf_addf(&sub, "%sreleases %s to %s", sub.len ? " · " : "", m->sers[0],
			    m->sers[m->nsers - 1]);
		break;
	case EB_CHART_DIFF:
		eb_buf_addf(&sub, "%srelease %s → %s", sub.len ? " · " : "", m->from, m->to);
		break;
	case EB_CHART_TREND:
		if (m->ncats > 1)
			eb_buf_addf(&sub, "%sreleases %s to %s", sub.len ? " · " : "", m->cats[0],
			    m->cats[m->ncats - 1]);
		break;
	default:
		break;
	}
	/* The unit, said once when every panel shares it. */
	switch (m->kind) {
	case EB_CHART_BARS:
		m->title = eb_xasprintf("%c%s by encryption mode", toupper((unsigned char)mw[0]),
		    mw + 1);
		if (same_unit)
			eb_buf_addf(&sub, "%s%s in %s", sub.len ? " · " : "", mw,
			    m->rows[0].disp.label);
		if (b->nmax != b->nmin)
			eb_buf_addf(&note, "Bars: mean of %zu–%zu runs", b->nmin, b->nmax);
		else
			eb_buf_addf(&note, "Bars: mean of %zu run%s", b->nmax,
			    b->nmax == 1 ? "" : "s");
		break;
	case EB_CHART_OVERHEAD:
		m->title = eb_xasprintf("%c%s with encryption, as %% of %s",
		    toupper((unsigned char)mw[0]), mw + 1,
		    strcmp(o->baseline, "none") == 0 ? "unencrypted" : o->baseline);
		eb_buf_addf(&sub, "%s100 %% = %s in the same release and test", sub.len ? " · " : "",
		    o->baseline);
		eb_buf_addf(&note, "Bars: mean with the mode ÷ mean with %s%s, so below 100 %% "
		    "is slower", o->baseline, eb_metric_higher_is_better(m->metric) ? "" :
		    " (inverted for latency)");
		break;
	case EB_CHART_TREND:
		if (o->relative)
			m->title = eb_xasprintf("%c%s with encryption across releases, as %% of %s",
			    toupper((unsigned char)mw[0]), mw + 1,
			    strcmp(o->baseline, "none") == 0 ? "unencrypted" : o->baseline);
		else
			m->title = eb_xasprintf("%c%s across releases",
			    toupper((unsigned char)mw[0]), mw + 1);
		if (same_unit && !o->relative)
			eb_buf_addf(&sub, "%s%s in %s", sub.len ? " · " : "", mw,
			    m->rows[0].disp.label);
		eb_buf_addf(&note, "Points: %s", o->relative ? "mean with the mode ÷ mean with "
		    "the baseline of the same release" : "mean of the runs");
		break;
	case EB_CHART_DIFF:
		m->title = eb_xasprintf("Change in %s from %s to %s", mw, m->from, m->to);
		eb_buf_addf(&sub, "%schange of the mean, %%", sub.len ? " · " : "");
		eb_buf_addf(&note, "Bars: mean in %s ÷ mean in %s − 1; hollow grey: no "
		    "significant change (Welch's t test, p ≥ %g) or a single run", m->to,
		    m->from, o->alpha);
		break;
	case EB_CHART_HEATMAP:
		m->title = eb_xasprintf("Cost of encryption: %s lost against %s", mw,
		    o->baseline);
		eb_buf_addf(&sub, "%soverhead, %%", sub.len ? " · " : "");
		eb_buf_addf(&note, "Overhead: (1 − mean with the mode ÷ mean with %s) × 100 in "
		    "the same release and test; below 0, the mode was faster", o->baseline);
		break;
	default:
		break;
	}
	if (m->kind != EB_CHART_HEATMAP) {
		if (b->nmax > 1)
			eb_buf_addf(&note, "; whiskers: 95 %% %s interval",
			    m->kind == EB_CHART_BARS || (m->kind == EB_CHART_TREND && !o->relative) ?
			    "confidence" : "Fieller");
		eb_buf_addc(&note, '.');
	} else
		eb_buf_addc(&note, '.');
	m->subtitle = eb_xstrdup(o->subtitle ? o->subtitle : eb_buf_cstr(&sub));
	if (o->title != NULL) {
		free(m->title);
		m->title = eb_xstrdup(o->title);
	}
	m->note = eb_xstrdup(eb_buf_cstr(&note));
	eb_buf_free(&sub);
	eb_buf_free(&note);
}

/* "Source: a.csv, b.csv and 3 more" from the input paths. */
static char *
source_words(const struct eb_chart_opts *o)
{
	struct eb_buf b;

	if (o->nsources == 0)
		return NULL;
	eb_buf_init(&b, 0);
	eb_buf_addf(&b, "Source: ");
	for (size_t i = 0; i < o->nsources && i < 3; i++) {
		const char *base = strrchr(o->sources[i], '/');

		base = base && base[1] ? base + 1 : o->sources[i];
		eb_buf_addf(&b, "%s%s", i ? ", " : "", base);
	}
	if (o->nsources > 3)
		eb_buf_addf(&b, " and %zu more", o->nsources - 3);
	eb_buf_addf(&b, " · encbench %s", EB_VERSION);
	eb_buf_cstr(&b);
	return b.data;
}

enum eb_status
cm_build(struct chart_model *m, const struct eb_chart_opts *o, const struct eb_groups *gs,
    struct eb_err *err)
{
	struct build b;
	enum eb_status st;
	size_t *cols, *cats, *sers = NULL;

	memset(m, 0, sizeof *m);
	m->kind = o->kind;
	m->o = o;
	m->th = eb_theme_get(o->dark);
	m->ref = NAN;
	m->source = source_words(o);
	if (o->kind == EB_CHART_TIMESERIES)
		return ts_build(m, o, err);
	memset(&b, 0, sizeof b);
	b.m = m;
	b.o = o;
	b.t = gs->t;
	b.gs = gs;
	m->metric = pick_metric(b.gs, o->metric);
	switch (o->kind) {
	case EB_CHART_BARS:
		st = build_bars(&b, err);
		break;
	case EB_CHART_OVERHEAD:
		st = build_overhead(&b, err);
		break;
	case EB_CHART_TREND:
		st = build_trend(&b, err);
		break;
	case EB_CHART_DIFF:
		st = build_diff(&b, err);
		break;
	default:
		st = build_heat(&b, err);
		break;
	}
	lset_free_raw(&b.cols);
	lset_free_raw(&b.cats);
	lset_free_raw(&b.sers);
	if (st == EB_OK) {
		cols = lset_sort(&b.cols, b.col_keys, cmp_op);
		cats = lset_sort(&b.cats, b.cat_keys, o->kind == EB_CHART_TREND ?
		    eb_natural_cmp : cmp_mode);
		if (b.sers.n > 0)
			sers = lset_sort(&b.sers, b.ser_keys, o->kind == EB_CHART_TREND ? cmp_mode :
			    b.by_bs ? cmp_bs_label : eb_natural_cmp);
		remap(m, cols, cats, sers);
		free(cols);
		free(cats);
		free(sers);
		m->cols = b.cols.v;
		m->ncols = b.cols.n;
		m->cats = b.cats.v;
		m->cat_mode = b.cats.mode;
		m->ncats = b.cats.n;
		m->sers = b.sers.v;
		m->ser_mode = b.sers.mode;
		m->nsers = b.sers.n;
		b.cols.v = b.cats.v = b.sers.v = NULL;
		b.cats.mode = b.sers.mode = NULL;	/* the model has them */
		finish_rows(&b);
		row_cats(m);
		words(&b);
	}
	free(b.cols.v);
	free(b.cols.mode);
	free(b.cats.v);
	free(b.cats.mode);
	free(b.sers.v);
	free(b.sers.mode);
	free(b.col_keys);
	free(b.cat_keys);
	free(b.ser_keys);
	free(b.row_keys);
	free(b.hosts);
	free(b.releases);
	free(b.configs);
	return st;
}

void
cm_free(struct chart_model *m)
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
	free(m->title);
	free(m->subtitle);
	free(m->note);
	free(m->source);
	memset(m, 0, sizeof *m);
}

int
cm_panel_used(const struct chart_model *m, size_t row, size_t col)
{
	for (size_t i = 0; i < m->npts; i++)
		if (m->pts[i].row == row && m->pts[i].col == col)
			return 1;
	return 0;
}

uint32_t
cm_cat_color(const struct chart_model *m, size_t cat)
{
	if (m->cat_mode != NULL && m->cat_mode[cat] != NULL)
		return eb_mode_color(m->cat_mode[cat], m->o->dark);
	return eb_series_color(cat, m->o->dark);
}

uint32_t
cm_ser_color(const struct chart_model *m, size_t ser)
{
	if (m->kind == EB_CHART_TIMESERIES)
		return m->ts[ser].color;
	if (m->ser_mode != NULL && m->ser_mode[ser] != NULL)
		return eb_mode_color(m->ser_mode[ser], m->o->dark);
	return eb_series_color(ser, m->o->dark);
}

void
pct_text(char *buf, size_t n, double v, int sign)
{
	double a = fabs(v);
	const char *s = v < 0 && a >= 0.05 ? "−" : sign && a >= 0.05 ? "+" : "";

	if (!isfinite(v))
		snprintf(buf, n, "–");
	else if (a < 9.95)
		snprintf(buf, n, "%s%.1f %%", s, a);
	else
		snprintf(buf, n, "%s%.0f %%", s, a);
}

void
cm_value_text(const struct chart_model *m, const struct cm_row *row, double v, char *buf,
    size_t n)
{
	if (m->percent)
		pct_text(buf, n, v, m->kind == EB_CHART_DIFF);
	else
		eb_format_display(buf, n, v / row->disp.div);
}

void
cm_unit_text(const struct chart_model *m, const struct cm_row *row, char *buf, size_t n)
{
	const char *mw = eb_metric_words(row->key ? row->key->f[EB_F_METRIC] : m->metric);

	switch (m->kind) {
	case EB_CHART_TIMESERIES:
		snprintf(buf, n, "%s", row->disp.label);
		break;
	case EB_CHART_OVERHEAD:
		snprintf(buf, n, "%s, %% of %s", mw, m->o->baseline);
		break;
	case EB_CHART_TREND:
		if (m->percent)
			snprintf(buf, n, "%s, %% of %s", mw, m->o->baseline);
		else
			snprintf(buf, n, "%s, %s", mw, row->disp.label);
		break;
	case EB_CHART_DIFF:
		snprintf(buf, n, "change in %s, %%", mw);
		break;
	case EB_CHART_HEATMAP:
		snprintf(buf, n, "%s overhead, %%", mw);
		break;
	default:
		snprintf(buf, n, "%s, %s", mw, row->disp.label);
		break;
	}
}
