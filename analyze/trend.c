/* trend.c - releases in the order people number them, and every case
 * followed across them. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analyze.h"

static int same_platform(const char *x, const char *y);

static int
cmp_release(const void *a, const void *b)
{
	return eb_release_cmp(*(const char *const *)a, *(const char *const *)b);
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

/* Two rows compare one pair of releases on one host. */
static int
same_pair(const void *ctx, size_t i, size_t j)
{
	const struct eb_trend_row *const *r = ctx;
	const struct eb_record *a = r[i]->g->key, *b = r[j]->g->key;

	return a->f[EB_F_HOST] == b->f[EB_F_HOST] && a->f[EB_F_RELEASE] == b->f[EB_F_RELEASE] &&
	    r[i]->prev->key->f[EB_F_RELEASE] == r[j]->prev->key->f[EB_F_RELEASE];
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
	return eb_release_cmp(x->f[EB_F_RELEASE], y->f[EB_F_RELEASE]);
}

/* A pair of releases some trend row compares on one host. */
struct pair {
	const char *host, *release, *prev;
};

static int
cmp_pair(const void *a, const void *b)
{
	const struct pair *x = a, *y = b;
	int c;

	/* Interned strings: their addresses order them well enough to
	 * find equal ones together. */
	if ((c = (x->host > y->host) - (x->host < y->host)) != 0)
		return c;
	if ((c = (x->release > y->release) - (x->release < y->release)) != 0)
		return c;
	return (x->prev > y->prev) - (x->prev < y->prev);
}

/* The cases of each compared pair of releases and host that their own
 * rows compare with another release, paired and tested as diff pairs
 * them: the rest of that pair's family. *n gets the count. */
static struct eb_trend_row *
family_members(const struct eb_groups *gs, const struct eb_group_index *ix,
    const struct eb_trend_row *rows, const struct eb_verdict_opts *vo, size_t *n)
{
	struct pair *pairs = eb_xmalloc((gs->n ? gs->n : 1) * sizeof *pairs);
	struct eb_trend_row *extra = NULL;
	size_t np = 0, cap = 0;

	*n = 0;
	for (size_t i = 0; i < gs->n; i++)
		if (rows[i].prev != NULL)
			pairs[np++] = (struct pair){ rows[i].g->key->f[EB_F_HOST],
				rows[i].g->key->f[EB_F_RELEASE], rows[i].prev->key->f[EB_F_RELEASE] };
	if (np > 1)
		qsort(pairs, np, sizeof *pairs, cmp_pair);
	{
		size_t u = 0;

		for (size_t i = 0; i < np; i++)
			if (u == 0 || cmp_pair(&pairs[u - 1], &pairs[i]) != 0)
				pairs[u++] = pairs[i];
		np = u;
	}
	for (size_t i = 0; i < gs->n; i++) {
		const struct eb_record *key = gs->g[i].key;
		struct pair want = { key->f[EB_F_HOST], key->f[EB_F_RELEASE], NULL };
		const char *own = rows[i].prev != NULL ? rows[i].prev->key->f[EB_F_RELEASE] : NULL;
		size_t lo = 0, hi = np;

		/* The first pair of this host and release. */
		while (lo < hi) {
			size_t mid = lo + (hi - lo) / 2;

			if (cmp_pair(&pairs[mid], &want) < 0)
				lo = mid + 1;
			else
				hi = mid;
		}
		for (size_t j = lo; j < np && pairs[j].host == want.host &&
		    pairs[j].release == want.release; j++) {
			const struct eb_group *a;

			if (pairs[j].prev == own ||
			    (a = eb_group_index_find(ix, key, EB_F_RELEASE, pairs[j].prev)) == NULL)
				continue;
			eb_xgrow(&extra, &cap, *n + 1, sizeof *extra);
			memset(&extra[*n], 0, sizeof extra[*n]);
			extra[*n].g = &gs->g[i];
			extra[*n].prev = a;
			eb_verdict_diff(a, &gs->g[i], vo, &extra[*n].v);
			(*n)++;
		}
	}
	free(pairs);
	return extra;
}

struct eb_trend_row *
eb_trend_compute(const struct eb_groups *gs, const char *baseline, double alpha,
    size_t *n)
{
	struct eb_verdict_opts vo = EB_VERDICT_OPTS_DEFAULT;

	vo.alpha = alpha;
	return eb_trend_compute_opts(gs, baseline, &vo, n);
}

struct eb_trend_row *
eb_trend_compute_opts(const struct eb_groups *gs, const char *baseline,
    const struct eb_verdict_opts *opts, size_t *n)
{
	struct eb_group_index *ix = eb_group_index_new(gs, 0, NULL, NULL);
	size_t nrel, noh;
	const char **rel = eb_releases(gs, &nrel);
	struct eb_overhead *oh = eb_overhead_compute(gs, baseline, &noh);
	struct eb_trend_row *rows = eb_xcalloc(gs->n ? gs->n : 1, sizeof *rows);
	struct eb_verdict_opts vo = *opts;

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
		/* A release follows the one before it of its own platform: FreeBSD
		 * after 24.04 is another system, not a change. */
		for (size_t j = at; j-- > 0 && r->prev == NULL;)
			if (same_platform(rel[j], mine))
				r->prev = eb_group_index_find(ix, r->g->key, EB_F_RELEASE, rel[j]);
		if (r->prev != NULL) {
			eb_verdict_diff(r->prev, r->g, &vo, &r->v);
			r->change_pct = r->v.estimate;
		}
	}
	/* The families of a comparison (analyze.h): one per pair of releases
	 * and host, as the diff of that pair has them. That family holds every
	 * case both releases measured, also those whose own row compares
	 * another pair (a test run in 23.10 too is its row's 23.10 -> 24.04,
	 * yet 22.04 -> 24.04 has it): those stand in the family as the diff
	 * would test them, and are dropped after (audit 29 P02). */
	{
		size_t nextra;
		struct eb_trend_row *extra = family_members(gs, ix, rows, &vo, &nextra);
		size_t all = gs->n + nextra;
		struct eb_verdict **v = eb_xmalloc((all ? all : 1) * sizeof *v);
		const struct eb_record **k = eb_xmalloc((all ? all : 1) * sizeof *k);
		const struct eb_trend_row **r = eb_xmalloc((all ? all : 1) * sizeof *r);
		size_t m = 0;

		for (size_t i = 0; i < all; i++) {
			struct eb_trend_row *x = i < gs->n ? &rows[i] : &extra[i - gs->n];

			if (x->prev != NULL) {
				v[m] = &x->v;
				r[m] = x;
				k[m++] = x->g->key;
			}
		}
		eb_verdict_adjust_split(v, k, m, &vo, same_pair, r);
		free(v);
		free(k);
		free(r);
		free(extra);
	}
	for (size_t i = 0; i < gs->n; i++)
		if (rows[i].prev != NULL) {
			rows[i].p = rows[i].v.p_adj;
			rows[i].verdict = eb_verdict_word(&rows[i].v);
		}
	free(oh);
	free((void *)rel);
	eb_group_index_free(ix);
	*n = gs->n;
	qsort(rows, *n, sizeof *rows, cmp_trend);
	return rows;
}

/* The part of a release label before its first digit: its platform. */
static size_t
platform_len(const char *rel)
{
	size_t n = 0;

	while (rel[n] != '\0' && !(rel[n] >= '0' && rel[n] <= '9'))
		n++;
	return n;
}

static int
same_platform(const char *x, const char *y)
{
	size_t n = platform_len(x);

	return n == platform_len(y) && strncmp(x, y, n) == 0;
}

/* 1 when some group of release x has a group of release y with the same
 * key: the two measured a case in common (on one host, one config). */
static int
share_case(const struct eb_groups *gs, const struct eb_group_index *ix, const char *x,
    const char *y)
{
	for (size_t i = 0; i < gs->n; i++)
		if (gs->g[i].key->f[EB_F_RELEASE] == x &&
		    eb_group_index_find(ix, gs->g[i].key, EB_F_RELEASE, y) != NULL)
			return 1;
	return 0;
}

const char *
eb_release_before(const struct eb_groups *gs, const char *rel)
{
	size_t nrel;
	const char **r = eb_releases(gs, &nrel);
	struct eb_group_index *ix = eb_group_index_new(gs, 0, NULL, NULL);
	const char *found = NULL;
	size_t at = 0;

	while (at < nrel && strcmp(r[at], rel) != 0)
		at++;
	if (at < nrel)
		rel = r[at];
	for (size_t j = at < nrel ? at : 0; found == NULL && j-- > 0;)
		if (same_platform(r[j], rel) && share_case(gs, ix, r[j], rel))
			found = r[j];
	eb_group_index_free(ix);
	free((void *)r);
	return found;
}

int
eb_host_shares_test(const struct eb_groups *gs, const char *host, const char *a, const char *b)
{
	for (size_t i = 0; i < gs->n; i++) {
		const struct eb_record *x = gs->g[i].key;

		if (x->f[EB_F_HOST] != host || x->f[EB_F_RELEASE] != a)
			continue;
		for (size_t k = 0; k < gs->n; k++)
			if (gs->g[k].key->f[EB_F_HOST] == host && gs->g[k].key->f[EB_F_RELEASE] == b &&
			    eb_record_key_equal(x, gs->g[k].key, EB_FIELD_BIT(EB_F_RELEASE)))
				return 1;
	}
	return 0;
}

int
eb_release_pair(const struct eb_groups *gs, const char **from, const char **to)
{
	size_t nrel;
	const char **rel = eb_releases(gs, &nrel);
	struct eb_group_index *ix = eb_group_index_new(gs, 0, NULL, NULL);
	int found = 0;

	/* Version numbers first, then each named platform; within one, the
	 * newest release that has an earlier one of its platform sharing a
	 * case with it. */
	for (int named = 0; !found && named <= 1; named++)
		for (size_t b = nrel; !found && b-- > 1;) {
			if ((platform_len(rel[b]) > 0) != named)
				continue;
			for (size_t a = b; !found && a-- > 0;)
				if (same_platform(rel[a], rel[b]) && share_case(gs, ix, rel[a], rel[b])) {
					*from = rel[a];
					*to = rel[b];
					found = 1;
				}
		}
	eb_group_index_free(ix);
	free((void *)rel);
	return found;
}
