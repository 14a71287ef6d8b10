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

struct eb_overhead *
eb_overhead_compute(const struct eb_groups *gs, const char *baseline, size_t *n)
{
	struct eb_group_index *ix = eb_group_index_new(gs, EB_FIELD_BIT(EB_F_MODE),
	    has_mode, (void *)(uintptr_t)baseline);
	struct eb_overhead *rows = NULL;
	size_t cap = 0;

	*n = 0;
	for (size_t i = 0; i < gs->n; i++) {
		const struct eb_group *g = &gs->g[i], *base;
		const struct eb_sample *num, *den;
		struct eb_overhead *o;

		if (*g->key->f[EB_F_MODE] == '\0' || has_mode(g, (void *)(uintptr_t)baseline))
			continue;
		if ((base = eb_group_index_find(ix, g->key, -1, NULL)) == NULL)
			continue;
		/* Throughput divides encrypted by baseline, time the other way
		 * round, so that below 1 always reads "slower". */
		if (eb_metric_higher_is_better(g->key->f[EB_F_METRIC])) {
			num = &g->s;
			den = &base->s;
		} else {
			num = &base->s;
			den = &g->s;
		}
		if (!(den->mean > 0))
			continue;
		eb_xgrow(&rows, &cap, *n + 1, sizeof *rows);
		o = &rows[(*n)++];
		o->g = g;
		o->base = base;
		o->ratio = num->mean / den->mean;
		eb_fieller(num, den, 0.05, &o->ci_low, &o->ci_high);
		o->overhead_pct = (1 - o->ratio) * 100;
	}
	eb_group_index_free(ix);
	return rows;
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
