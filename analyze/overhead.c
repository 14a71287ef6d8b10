/* overhead.c - each encrypted mode against the baseline mode of the same
 * release, config, tool, job, workload, op, block size and metric, as a
 * ratio that is below 1 when encryption made it slower. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analyze.h"

static int
has_mode(const struct eb_group *g, void *mode)
{
	return strcmp(g->key->f[EB_F_MODE], mode) == 0;
}

struct verdicts {
	struct eb_overhead *rows;
	const struct eb_verdict_opts *vo;
};

/* Each row's verdict depends on its groups alone: the rows are shared
 * among the CPUs, which a million records' twenty thousand tests keep
 * busy for much of the command otherwise. */
static void
verdicts(void *ctx, size_t lo, size_t hi, int apart)
{
	const struct verdicts *w = ctx;

	if (apart)
		eb_stats_unshared();
	for (size_t i = lo; i < hi; i++) {
		struct eb_overhead *o = &w->rows[i];

		eb_verdict_overhead(o->g, o->base, w->vo, &o->v);
		o->overhead_pct = o->v.estimate;
	}
}

void
eb_overhead_zero_means(const struct eb_groups *gs, const char *baseline, char *zero)
{
	struct eb_group_index *ix = eb_group_index_new(gs, EB_FIELD_BIT(EB_F_MODE),
	    has_mode, (void *)(uintptr_t)baseline);

	for (size_t i = 0; i < gs->n; i++) {
		const struct eb_group *g = &gs->g[i], *base;

		zero[i] = 0;
		if (*g->key->f[EB_F_MODE] == '\0' || has_mode(g, (void *)(uintptr_t)baseline))
			continue;
		base = eb_group_index_find(ix, g->key, -1, NULL);
		zero[i] = base != NULL && (!(base->s.mean > 0) || !(g->s.mean > 0));
	}
	eb_group_index_free(ix);
}

struct eb_overhead *
eb_overhead_compute_opts(const struct eb_groups *gs, const char *baseline,
    const struct eb_verdict_opts *vo, int adjust, size_t *n)
{
	struct eb_group_index *ix = eb_group_index_new(gs, EB_FIELD_BIT(EB_F_MODE),
	    has_mode, (void *)(uintptr_t)baseline);
	struct eb_overhead *rows = NULL;
	size_t cap = 0;

	*n = 0;
	for (size_t i = 0; i < gs->n; i++) {
		const struct eb_group *g = &gs->g[i], *base;
		struct eb_overhead *o;

		if (*g->key->f[EB_F_MODE] == '\0' || has_mode(g, (void *)(uintptr_t)baseline))
			continue;
		if ((base = eb_group_index_find(ix, g->key, -1, NULL)) == NULL)
			continue;
		if (!(base->s.mean > 0) || !(g->s.mean > 0))
			continue;
		eb_xgrow(&rows, &cap, *n + 1, sizeof *rows);
		o = &rows[(*n)++];
		o->g = g;
		o->base = base;
	}
	{
		struct verdicts w = { rows, vo };

		eb_parallel_for(*n, 2048, verdicts, &w);
	}
	if (adjust && *n > 0) {
		struct eb_verdict **v = eb_xmalloc(*n * sizeof *v);
		const struct eb_record **k = eb_xmalloc(*n * sizeof *k);

		for (size_t i = 0; i < *n; i++) {
			v[i] = &rows[i].v;
			k[i] = rows[i].g->key;
		}
		eb_verdict_adjust(v, k, *n, vo);
		free(v);
		free(k);
	}
	/* Throughput divides encrypted by baseline, time the other way round,
	 * so that below 1 always reads "slower"; the interval is the verdict's,
	 * after the adjustment, at its level. */
	for (size_t i = 0; i < *n; i++) {
		struct eb_overhead *o = &rows[i];

		o->ratio = eb_metric_higher_is_better(o->g->key->f[EB_F_METRIC]) ?
		    o->g->s.mean / o->base->s.mean : o->base->s.mean / o->g->s.mean;
		/* Beyond what a double holds, the ratio has no figure. */
		if (o->v.kind == EB_VERDICT_OUT_OF_RANGE && isnan(o->v.estimate))
			o->ratio = NAN;
		eb_verdict_ratio_interval(&o->v, &o->ci_low, &o->ci_high);
	}
	eb_group_index_free(ix);
	return rows;
}

struct eb_overhead *
eb_overhead_compute(const struct eb_groups *gs, const char *baseline, size_t *n)
{
	struct eb_verdict_opts vo = EB_VERDICT_OPTS_DEFAULT;

	return eb_overhead_compute_opts(gs, baseline, &vo, 0, n);
}

const struct eb_overhead *
eb_overhead_find(const struct eb_overhead *rows, size_t n, const struct eb_group *g)
{
	size_t lo = 0, hi = n;

	/* Rows are in group order, and groups live in one array. */
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (rows[mid].g == g)
			return &rows[mid];
		if (rows[mid].g < g)
			lo = mid + 1;
		else
			hi = mid;
	}
	return NULL;
}
