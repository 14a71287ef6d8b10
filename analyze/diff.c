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

/* Holm over the verdicts of one call: the changes, or the overhead changes. */
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
	eb_verdict_adjust(v, k, m, vo);
	free(v);
	free(k);
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
		d->delta_ci_low_pct = d->v.lo;
		d->delta_ci_high_pct = d->v.hi;
		d->p_value = d->v.p_adj;
		d->verdict = eb_verdict_word(&d->v);
	}
	free(oh);
	eb_group_index_free(ix);
	return rows;
}
