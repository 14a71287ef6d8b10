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

struct eb_diff *
eb_diff_compute(const struct eb_groups *gs, const struct eb_diff_opts *o, size_t *n)
{
	int field = o->by == EB_SPLIT_CONFIG ? EB_F_CONFIG : EB_F_RELEASE;
	struct side from = { field, o->from }, to = { field, o->to };
	struct eb_group_index *ix = eb_group_index_new(gs, EB_FIELD_BIT(field), on_side, &to);
	struct eb_overhead *oh = NULL;
	size_t noh = 0, cap = 0;
	struct eb_diff *rows = NULL;
	double *p;

	*n = 0;
	if (o->baseline != NULL)
		oh = eb_overhead_compute(gs, o->baseline, &noh);
	for (size_t i = 0; i < gs->n; i++) {
		const struct eb_group *a = &gs->g[i], *b;
		struct eb_diff *d;
		double lo, hi;

		if (!on_side(a, &from) || (b = eb_group_index_find(ix, a->key, -1, NULL)) == NULL)
			continue;
		eb_xgrow(&rows, &cap, *n + 1, sizeof *rows);
		d = &rows[(*n)++];
		memset(d, 0, sizeof *d);
		d->a = a;
		d->b = b;
		d->delta_ci_low_pct = d->delta_ci_high_pct = d->p_value = NAN;
		if (o->median)
			d->delta_pct = a->s.median != 0 ? (b->s.median / a->s.median - 1) * 100 : NAN;
		else
			d->delta_pct = a->s.mean != 0 ? (b->s.mean / a->s.mean - 1) * 100 : NAN;
		if (!o->median && eb_fieller(&b->s, &a->s, 0.05, &lo, &hi)) {
			d->delta_ci_low_pct = (lo - 1) * 100;
			d->delta_ci_high_pct = (hi - 1) * 100;
		}
		if (a->s.n >= 2 && b->s.n >= 2) {
			if (o->median) {
				d->p_value = eb_mann_whitney_p(a->values, a->s.n, b->values,
				    b->s.n, NULL);
			} else {
				struct eb_welch w;

				eb_welch_test(&a->s, &b->s, &w);
				d->p_value = w.p;
			}
		}
		if (oh != NULL) {
			const struct eb_overhead *x = eb_overhead_find(oh, noh, a);
			const struct eb_overhead *y = eb_overhead_find(oh, noh, b);

			if (x != NULL && y != NULL) {
				d->has_overhead = 1;
				d->overhead_from_pct = x->overhead_pct;
				d->overhead_to_pct = y->overhead_pct;
				d->overhead_change_pp = y->overhead_pct - x->overhead_pct;
			}
		}
	}
	if (o->holm && *n > 0) {
		p = eb_xmalloc(*n * sizeof *p);
		for (size_t i = 0; i < *n; i++)
			p[i] = rows[i].p_value;
		eb_holm(p, *n);
		for (size_t i = 0; i < *n; i++)
			rows[i].p_value = p[i];
		free(p);
	}
	for (size_t i = 0; i < *n; i++) {
		struct eb_diff *d = &rows[i];
		int up = o->median ? d->b->s.median > d->a->s.median : d->b->s.mean > d->a->s.mean;

		if (isnan(d->p_value))
			d->verdict = "single run";
		else if (d->p_value < o->alpha)
			d->verdict = up == eb_metric_higher_is_better(d->a->key->f[EB_F_METRIC]) ?
			    "improved" : "regressed";
		else
			d->verdict = "no change";
	}
	free(oh);
	eb_group_index_free(ix);
	return rows;
}
