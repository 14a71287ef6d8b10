/* trend.c - releases in the order people number them, and every case
 * followed across them. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analyze.h"

static int
cmp_release(const void *a, const void *b)
{
	return eb_natural_cmp(*(const char *const *)a, *(const char *const *)b);
}

const char **
eb_releases(const struct eb_groups *gs, size_t *n)
{
	const char **r = NULL;
	size_t cap = 0;

	*n = 0;
	for (size_t i = 0; i < gs->n; i++) {
		const char *rel = gs->g[i].key->f[EB_F_RELEASE];
		size_t j;

		/* Few releases: a linear look is cheaper than a hash. */
		for (j = 0; j < *n && r[j] != rel; j++)
			;
		if (j == *n) {
			eb_xgrow(&r, &cap, *n + 1, sizeof *r);
			r[(*n)++] = rel;
		}
	}
	if (*n > 1)
		qsort(r, *n, sizeof *r, cmp_release);
	return r;
}

/* Orders trend rows case by case, releases in version order within one. */
static int
cmp_trend(const void *a, const void *b)
{
	const struct eb_record *x = ((const struct eb_trend_row *)a)->g->key;
	const struct eb_record *y = ((const struct eb_trend_row *)b)->g->key;
	static const int order[] = {
		EB_F_CONFIG, EB_F_HOST, EB_F_TOOL, EB_F_JOB, EB_F_WORKLOAD, EB_F_OP,
		EB_F_METRIC, EB_F_MODE,
	};
	int c;

	for (size_t i = 0; i < sizeof order / sizeof order[0]; i++)
		if ((c = strcmp(x->f[order[i]], y->f[order[i]])) != 0)
			return c;
	if (x->block_size != y->block_size)
		return x->block_size < y->block_size ? -1 : 1;
	return eb_natural_cmp(x->f[EB_F_RELEASE], y->f[EB_F_RELEASE]);
}

struct eb_trend_row *
eb_trend_compute(const struct eb_groups *gs, const char *baseline, double alpha,
    size_t *n)
{
	struct eb_group_index *ix = eb_group_index_new(gs, 0, NULL, NULL);
	size_t nrel, noh;
	const char **rel = eb_releases(gs, &nrel);
	struct eb_overhead *oh = eb_overhead_compute(gs, baseline, &noh);
	struct eb_trend_row *rows = eb_xcalloc(gs->n ? gs->n : 1, sizeof *rows);

	for (size_t i = 0; i < gs->n; i++) {
		struct eb_trend_row *r = &rows[i];
		const char *mine = gs->g[i].key->f[EB_F_RELEASE];
		const struct eb_overhead *o;
		size_t at = 0;

		r->g = &gs->g[i];
		o = eb_overhead_find(oh, noh, r->g);
		r->overhead_pct = o != NULL ? o->overhead_pct : NAN;
		r->p = NAN;
		while (at < nrel && rel[at] != mine)
			at++;
		for (size_t j = at; j-- > 0 && r->prev == NULL;)
			r->prev = eb_group_index_find(ix, r->g->key, EB_F_RELEASE, rel[j]);
		if (r->prev != NULL) {
			struct eb_welch wt;

			r->change_pct = (r->g->s.mean / r->prev->s.mean - 1) * 100;
			eb_welch_test(&r->prev->s, &r->g->s, &wt);
			r->p = wt.p;
			if (isnan(wt.p))
				r->verdict = "single run";
			else if (wt.p < alpha)
				r->verdict = (r->g->s.mean > r->prev->s.mean) ==
				    eb_metric_higher_is_better(r->g->key->f[EB_F_METRIC]) ?
				    "improved" : "regressed";
			else
				r->verdict = "no change";
		}
	}
	free(oh);
	free((void *)rel);
	eb_group_index_free(ix);
	*n = gs->n;
	qsort(rows, *n, sizeof *rows, cmp_trend);
	return rows;
}

int
eb_release_pair(const struct eb_groups *gs, const char **from, const char **to)
{
	size_t nrel;
	const char **rel = eb_releases(gs, &nrel);
	int found = 0;

	for (size_t b = nrel; !found && b-- > 1;) {
		for (size_t a = b; !found && a-- > 0;) {
			struct eb_diff_opts o = { EB_SPLIT_RELEASE, rel[a], rel[b], 0.05, 0, 0, NULL };
			size_t n;

			free(eb_diff_compute(gs, &o, &n));
			if (n > 0) {
				*from = rel[a];
				*to = rel[b];
				found = 1;
			}
		}
	}
	free((void *)rel);
	return found;
}
