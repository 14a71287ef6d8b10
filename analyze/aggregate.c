/* aggregate.c - repetitions to groups: every record of one key (all columns
 * but rep, value and source) becomes one sample, summarised once. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analyze.h"

struct eb_group_index {
	const struct eb_group **slots;
	size_t nslots;
	unsigned ignore;
};

static size_t
table_size(size_t n)
{
	size_t s = 16;

	while (s < n * 2)
		s *= 2;
	return s;
}

/* The groups of eb_aggregate by key hash. The set grows with the groups,
 * not the records: a million records of twenty thousand keys probe a
 * table that stays in the cache. */
struct group_slot {
	uint64_t hash;
	size_t group;	/* index + 1; 0 for an empty slot */
};

static void
group_slots_grow(struct group_slot **slots, size_t *nslots)
{
	size_t n = *nslots * 2;
	struct group_slot *grown = eb_xcalloc(n, sizeof *grown);

	for (size_t i = 0; i < *nslots; i++) {
		size_t j;

		if ((*slots)[i].group == 0)
			continue;
		for (j = (*slots)[i].hash & (n - 1); grown[j].group != 0; j = (j + 1) & (n - 1))
			;
		grown[j] = (*slots)[i];
	}
	free(*slots);
	*slots = grown;
	*nslots = n;
}

/* The group of record i when it is the group after the previous record's
 * or the previous record's own, or 0. Files list their records test by
 * test and each repetition in the same order, so that most records are
 * found so, without a hash or a probe that misses the cache. */
static size_t
guess_group(const struct eb_groups *gs, const struct eb_record *r, size_t prev)
{
	if (prev < gs->n && eb_record_key_equal(gs->g[prev].key, r, 0))
		return prev + 1;
	if (prev > 0 && eb_record_key_equal(gs->g[prev - 1].key, r, 0))
		return prev;
	return 0;
}

/* The group of record r (1-based), the previous record's being prev; a
 * new one when create, else 0 when none has its key. */
static size_t
find_group(struct eb_groups *gs, struct group_slot **slots, size_t *nslots, size_t *cap,
    const struct eb_record *r, size_t prev, int create)
{
	uint64_t h;
	size_t j, g = guess_group(gs, r, prev);

	if (g != 0)
		return g;
	h = eb_record_key_hash(r, 0);
	j = h & (*nslots - 1);
	while ((*slots)[j].group != 0 && !((*slots)[j].hash == h &&
	    eb_record_key_equal(gs->g[(*slots)[j].group - 1].key, r, 0)))
		j = (j + 1) & (*nslots - 1);
	if ((*slots)[j].group != 0 || !create)
		return (*slots)[j].group;
	eb_xgrow(&gs->g, cap, gs->n + 1, sizeof *gs->g);
	memset(&gs->g[gs->n], 0, sizeof gs->g[gs->n]);
	gs->g[gs->n].key = r;
	(*slots)[j].hash = h;
	(*slots)[j].group = ++gs->n;
	if (gs->n * 2 >= *nslots)
		group_slots_grow(slots, nslots);
	return gs->n;
}

struct eb_groups *
eb_aggregate(const struct eb_table *t)
{
	struct eb_groups *gs = eb_xcalloc(1, sizeof *gs);
	size_t nslots = 1024;
	struct group_slot *slots = eb_xcalloc(nslots, sizeof *slots);
	size_t *fill, cap = 0, prev = 0;

	gs->t = t;
	/* Two passes over the records, the groups found again in the second,
	 * rather than a group number kept for each record: the records are
	 * most of a command's memory, and this adds least to them. */
	for (size_t i = 0; i < t->n; i++) {
		prev = find_group(gs, &slots, &nslots, &cap, &t->rows[i], prev, 1);
		gs->g[prev - 1].s.n++;
	}
	/* One pool of values, each group a slice of it in input order. */
	gs->pool = eb_xmalloc((t->n ? t->n : 1) * sizeof *gs->pool);
	fill = eb_xcalloc(gs->n ? gs->n : 1, sizeof *fill);
	for (size_t g = 0, off = 0; g < gs->n; g++) {
		gs->g[g].values = gs->pool + off;
		fill[g] = off;
		off += gs->g[g].s.n;
	}
	prev = 0;
	for (size_t i = 0; i < t->n; i++) {
		prev = find_group(gs, &slots, &nslots, &cap, &t->rows[i], prev, 0);
		gs->pool[fill[prev - 1]++] = t->rows[i].value;
	}
	free(slots);
	free(fill);
	for (size_t g = 0; g < gs->n; g++)
		eb_sample_summarize(gs->g[g].values, gs->g[g].s.n, &gs->g[g].s);
	return gs;
}

void
eb_groups_keys_only(struct eb_groups *gs, struct eb_table *t)
{
	/* Groups are numbered in the order of their first records, so that
	 * each key moves down, over records that are done with. */
	for (size_t g = 0; g < gs->n; g++)
		t->rows[g] = *gs->g[g].key;
	eb_table_shrink(t, gs->n);
	t->nreads = 0;	/* the rows kept are no longer those read */
	for (size_t g = 0; g < gs->n; g++)
		gs->g[g].key = &t->rows[g];
}

/* Each summary is of its own group: they are shared among the CPUs. */
static void
summarize(void *ctx, size_t lo, size_t hi, int apart)
{
	struct eb_group *g = ctx;

	if (apart)
		eb_stats_unshared();
	for (size_t i = lo; i < hi; i++)
		eb_sample_summarize(g[i].values, g[i].s.n, &g[i].s);
}

struct eb_groups *
eb_groups_adopt(struct eb_table *keys, double *values, const size_t *count)
{
	struct eb_groups *gs = eb_xcalloc(1, sizeof *gs);

	gs->t = keys;
	gs->n = keys->n;
	gs->g = eb_xcalloc(gs->n ? gs->n : 1, sizeof *gs->g);
	gs->pool = values;
	keys->nreads = 0;	/* as eb_groups_keys_only leaves it */
	for (size_t g = 0, off = 0; g < gs->n; off += count[g++]) {
		gs->g[g].key = &keys->rows[g];
		gs->g[g].values = values + off;
		gs->g[g].s.n = count[g];
	}
	eb_parallel_for(gs->n, 4096, summarize, gs->g);
	return gs;
}

void
eb_groups_free(struct eb_groups *gs)
{
	if (gs == NULL)
		return;
	free(gs->g);
	free(gs->pool);
	free(gs);
}

struct eb_group_index *
eb_group_index_new(const struct eb_groups *gs, unsigned ignore,
    int (*want)(const struct eb_group *, void *), void *ctx)
{
	struct eb_group_index *ix = eb_xcalloc(1, sizeof *ix);

	ix->nslots = table_size(gs->n);
	ix->slots = eb_xcalloc(ix->nslots, sizeof *ix->slots);
	ix->ignore = ignore;
	for (size_t g = 0; g < gs->n; g++) {
		size_t j;

		if (want != NULL && !want(&gs->g[g], ctx))
			continue;
		j = eb_record_key_hash(gs->g[g].key, ignore) & (ix->nslots - 1);
		while (ix->slots[j] != NULL &&
		    !eb_record_key_equal(ix->slots[j]->key, gs->g[g].key, ignore))
			j = (j + 1) & (ix->nslots - 1);
		if (ix->slots[j] == NULL)
			ix->slots[j] = &gs->g[g];
	}
	return ix;
}

const struct eb_group *
eb_group_index_find(const struct eb_group_index *ix, const struct eb_record *r,
    int f, const char *v)
{
	struct eb_record probe = *r;
	size_t j;

	if (f >= 0)
		probe.f[f] = v;
	j = eb_record_key_hash(&probe, ix->ignore) & (ix->nslots - 1);
	while (ix->slots[j] != NULL) {
		if (eb_record_key_equal(ix->slots[j]->key, &probe, ix->ignore))
			return ix->slots[j];
		j = (j + 1) & (ix->nslots - 1);
	}
	return NULL;
}

void
eb_group_index_free(struct eb_group_index *ix)
{
	if (ix == NULL)
		return;
	free(ix->slots);
	free(ix);
}
