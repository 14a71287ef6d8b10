/* diff.c - the same key in two releases (or configs): the change of its
 * centre with an interval, a significance test, and a verdict that knows
 * which direction is better. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analyze.h"

struct side {
	int field;
	const char *label;
};

static int
on_side(const struct eb_group *g, void *ctx)
{
	const struct side *s = ctx;

	return strcmp(g->key->f[s->field], s->label) == 0;
}

void
eb_diff_verdict_opts(const struct eb_diff_opts *o, struct eb_verdict_opts *vo)
{
	vo->alpha = o->alpha > 0 ? o->alpha : 0.05;
	vo->equivalence_pct = o->equivalence_pct > 0 ? o->equivalence_pct : 2.0;
	vo->adjust = o->no_adjust ? EB_ADJUST_NONE : EB_ADJUST_HOLM;
	vo->median = o->median;
}

void
eb_verdict_adjust_split(struct eb_verdict *const *v, const struct eb_record *const *keys,
    size_t n, const struct eb_verdict_opts *o,
    int (*same)(const void *ctx, size_t i, size_t j), const void *ctx)
{
	size_t *part = eb_xmalloc((n ? n : 1) * sizeof *part);
	size_t *first = eb_xmalloc((n ? n : 1) * sizeof *first);
	struct eb_verdict **pv = eb_xmalloc((n ? n : 1) * sizeof *pv);
	const struct eb_record **pk = eb_xmalloc((n ? n : 1) * sizeof *pk);
	size_t nparts = 0;

	/* Few families (pairs of releases times hosts): a look through the
	 * first member of each is cheaper than a hash. */
	for (size_t i = 0; i < n; i++) {
		size_t j;

		for (j = 0; j < nparts && !same(ctx, first[j], i); j++)
			;
		if (j == nparts)
			first[nparts++] = i;
		part[i] = j;
	}
	for (size_t j = 0; j < nparts; j++) {
		size_t m = 0;

		for (size_t i = first[j]; i < n; i++)
			if (part[i] == j) {
				pv[m] = v[i];
				pk[m++] = keys[i];
			}
		eb_verdict_adjust(pv, pk, m, o);
	}
	free(part);
	free(first);
	free(pv);
	free(pk);
}

static int
same_host(const void *ctx, size_t i, size_t j)
{
	const struct eb_record *const *k = ctx;

	return k[i]->f[EB_F_HOST] == k[j]->f[EB_F_HOST];
}

/* Holm over the verdicts of one call, the changes or the overhead changes,
 * one family per host (and, within eb_verdict_adjust, per metric class). */
static void
adjust_rows(struct eb_diff *rows, size_t n, int overhead, const struct eb_verdict_opts *vo)
{
	struct eb_verdict **v = eb_xmalloc((n ? n : 1) * sizeof *v);
	const struct eb_record **k = eb_xmalloc((n ? n : 1) * sizeof *k);
	size_t m = 0;

	for (size_t i = 0; i < n; i++) {
		if (overhead && !rows[i].has_overhead)
			continue;
		v[m] = overhead ? &rows[i].oh : &rows[i].v;
		k[m++] = rows[i].a->key;
	}
	eb_verdict_adjust_split(v, k, m, vo, same_host, k);
	free(v);
	free(k);
}

static int
cmp_double(const void *x, const void *y)
{
	double a = *(const double *)x, b = *(const double *)y;

	return (a > b) - (a < b);
}

/* Whether two groups hold one multiset of values: a copy whose runs were
 * numbered in another order is still the same measurements. */
static int
same_values(const struct eb_group *a, const struct eb_group *b)
{
	size_t n = a->s.n;
	double *x, *y;
	int same;

	if (b->s.n != n)
		return 0;
	x = eb_xmalloc((2 * n + 1) * sizeof *x);
	y = x + n;
	memcpy(x, a->values, n * sizeof *x);
	memcpy(y, b->values, n * sizeof *y);
	qsort(x, n, sizeof *x, cmp_double);
	qsort(y, n, sizeof *y, cmp_double);
	same = memcmp(x, y, n * sizeof *x) == 0;
	free(x);
	return same;
}

size_t
eb_diff_same_data(const struct eb_groups *gs, const struct eb_diff_opts *o)
{
	int field = o->by == EB_SPLIT_CONFIG ? EB_F_CONFIG : EB_F_RELEASE;
	struct side from = { field, o->from }, to = { field, o->to };
	struct eb_group_index *ix = eb_group_index_new(gs, EB_FIELD_BIT(field), on_side, &to);
	size_t na = 0, nb = 0, same = 0;

	for (size_t i = 0; i < gs->n; i++) {
		const struct eb_group *a = &gs->g[i], *b;

		nb += on_side(a, &to);
		if (!on_side(a, &from))
			continue;
		na++;
		if ((b = eb_group_index_find(ix, a->key, -1, NULL)) != NULL && same_values(a, b))
			same++;
	}
	eb_group_index_free(ix);
	return same == na && na == nb ? same : 0;
}

static int
cmp_str(const void *x, const void *y)
{
	return strcmp(*(const char *const *)x, *(const char *const *)y);
}

/* The sources of one side's records, sorted. */
static const char **
side_sources(const struct eb_table *t, int field, const char *label, size_t *n)
{
	const char **s = eb_xmalloc((t->n ? t->n : 1) * sizeof *s);

	*n = 0;
	for (size_t i = 0; i < t->n; i++)
		if (strcmp(t->rows[i].f[field], label) == 0)
			s[(*n)++] = t->rows[i].f[EB_F_SOURCE];
	qsort(s, *n, sizeof *s, cmp_str);
	return s;
}

int
eb_diff_same_sources(const struct eb_groups *gs, const struct eb_diff_opts *o)
{
	int field = o->by == EB_SPLIT_CONFIG ? EB_F_CONFIG : EB_F_RELEASE;
	size_t na, nb, i;
	const char **a, **b;

	if (gs->t == NULL)
		return 0;
	a = side_sources(gs->t, field, o->from, &na);
	b = side_sources(gs->t, field, o->to, &nb);
	for (i = 0; na == nb && i < na && strcmp(a[i], b[i]) == 0; i++)
		;
	free(a);
	free(b);
	return na == nb && i == na;
}

struct eb_diff *
eb_diff_compute(const struct eb_groups *gs, const struct eb_diff_opts *o, size_t *n)
{
	int field = o->by == EB_SPLIT_CONFIG ? EB_F_CONFIG : EB_F_RELEASE;
	struct side from = { field, o->from }, to = { field, o->to };
	struct eb_group_index *ix = eb_group_index_new(gs, EB_FIELD_BIT(field), on_side, &to);
	struct eb_overhead *oh = NULL;
	size_t noh = 0, cap = 0;
	struct eb_diff *rows = NULL;
	struct eb_verdict_opts vo;

	eb_diff_verdict_opts(o, &vo);
	*n = 0;
	if (o->baseline != NULL)
		oh = eb_overhead_compute_opts(gs, o->baseline, &vo, 0, &noh);
	for (size_t i = 0; i < gs->n; i++) {
		const struct eb_group *a = &gs->g[i], *b;
		struct eb_diff *d;

		if (!on_side(a, &from) || (b = eb_group_index_find(ix, a->key, -1, NULL)) == NULL)
			continue;
		eb_xgrow(&rows, &cap, *n + 1, sizeof *rows);
		d = &rows[(*n)++];
		memset(d, 0, sizeof *d);
		d->a = a;
		d->b = b;
		eb_verdict_diff(a, b, &vo, &d->v);
		if (oh != NULL) {
			const struct eb_overhead *x = eb_overhead_find(oh, noh, a);
			const struct eb_overhead *y = eb_overhead_find(oh, noh, b);

			if (x != NULL && y != NULL) {
				d->has_overhead = 1;
				d->overhead_from_pct = x->overhead_pct;
				d->overhead_to_pct = y->overhead_pct;
				eb_verdict_overhead_change(x->g, x->base, y->g, y->base, &vo, &d->oh);
				d->overhead_change_pp = d->oh.estimate;
			}
		}
	}
	adjust_rows(rows, *n, 0, &vo);
	adjust_rows(rows, *n, 1, &vo);
	for (size_t i = 0; i < *n; i++) {
		struct eb_diff *d = &rows[i];

		d->delta_pct = d->v.estimate;
		/* A ratio's floor is no measured bound (eb_verdict_open_bound). */
		d->delta_ci_low_pct = eb_verdict_open_bound(&d->v, 0) < 0 ? NAN : d->v.lo;
		d->delta_ci_high_pct = eb_verdict_open_bound(&d->v, 0) > 0 ? NAN : d->v.hi;
		d->p_value = d->v.p_adj;
		d->verdict = eb_verdict_word(&d->v);
	}
	free(oh);
	eb_group_index_free(ix);
	return rows;
}

const struct eb_group **
eb_diff_unpaired(const struct eb_groups *gs, const struct eb_diff_opts *o,
    const struct eb_diff *rows, size_t nrows, int **side, size_t *n)
{
	int field = o->by == EB_SPLIT_CONFIG ? EB_F_CONFIG : EB_F_RELEASE;
	struct side sides[2] = { { field, o->from }, { field, o->to } };
	struct eb_group_index *ix[2], *cases[2];
	const struct eb_group **out = NULL;
	size_t cap = 0, capside = 0;

	*n = 0;
	*side = NULL;
	for (int k = 0; k < 2; k++) {
		ix[k] = eb_group_index_new(gs, EB_FIELD_BIT(field), on_side, &sides[k]);
		cases[k] = eb_group_index_new(gs, EB_FIELD_BIT(field) | EB_FIELD_BIT(EB_F_METRIC) |
		    EB_FIELD_BIT(EB_F_UNIT), on_side, &sides[k]);
	}
	for (size_t i = 0; i < gs->n; i++) {
		const struct eb_group *g = &gs->g[i];
		int k = on_side(g, &sides[0]) ? 0 : on_side(g, &sides[1]) ? 1 : -1;
		size_t r;

		if (k < 0 || eb_group_index_find(ix[1 - k], g->key, -1, NULL) != NULL)
			continue;
		/* A host no row compares is told of as a whole. */
		for (r = 0; r < nrows && rows[r].a->key->f[EB_F_HOST] != g->key->f[EB_F_HOST]; r++)
			;
		if (r == nrows)
			continue;
		eb_xgrow(&out, &cap, *n + 1, sizeof *out);
		eb_xgrow(side, &capside, *n + 1, sizeof **side);
		out[*n] = g;
		(*side)[(*n)++] = k | (eb_group_index_find(cases[1 - k], g->key, -1, NULL) != NULL ?
		    EB_UNPAIRED_METRIC : 0);
	}
	for (int k = 0; k < 2; k++) {
		eb_group_index_free(ix[k]);
		eb_group_index_free(cases[k]);
	}
	return out;
}
