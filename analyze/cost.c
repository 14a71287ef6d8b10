/* cost.c - CPU-seconds and joules per GiB moved, per test case and mode,
 * with intervals and ratios to the baseline, and tests bound by one thread. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cost.h"

const char *
eb_cost_source_tag(const struct eb_record *r, const char *key, char *buf, size_t n)
{
	const char *src = r->f[EB_F_SOURCE], *w = strrchr(src, ' ');
	size_t klen = strlen(key), len;

	buf[0] = '\0';
	/* The last word, never the first: that is the location. */
	if (w == NULL || strncmp(w + 1, key, klen) != 0 || w[1 + klen] != '=')
		return buf;
	w += klen + 2;
	len = strlen(w);
	if (len >= n)
		len = n - 1;
	memcpy(buf, w, len);
	buf[len] = '\0';
	return buf;
}

/* A tag's value as a number above 0, NAN when absent or not one. */
static double
source_number(const struct eb_record *r, const char *key)
{
	char buf[64];
	double v;
	size_t len = strlen(eb_cost_source_tag(r, key, buf, sizeof buf));

	if (len == 0 || eb_parse_number(buf, len, &v) != len || !(v > 0))
		return NAN;
	return v;
}

const char *
eb_cost_thread_name(const struct eb_record *r, char *buf, size_t n)
{
	return eb_cost_source_tag(r, EB_COST_TAG_THREAD, buf, n);
}

/* Records of one metric sorted by key (all but metric, unit, value and
 * source) and rep, to find a test's other metrics by binary search. */
struct by_key {
	const struct eb_record **r;
	size_t n;
};

#define PAIR_IGNORE (EB_FIELD_BIT(EB_F_METRIC) | EB_FIELD_BIT(EB_F_UNIT))

static int
key_cmp(const struct eb_record *a, const struct eb_record *b)
{
	for (int f = 0; f < EB_NFIELDS; f++) {
		int c;

		if (f == EB_F_METRIC || f == EB_F_UNIT || f == EB_F_SOURCE)
			continue;
		/* Interned: equal strings are one pointer, and any order will do. */
		if (a->f[f] != b->f[f])
			return (c = strcmp(a->f[f], b->f[f])) != 0 ? c : (a->f[f] < b->f[f] ? -1 : 1);
	}
	if (a->block_size != b->block_size)
		return a->block_size < b->block_size ? -1 : 1;
	if (a->rep != b->rep)
		return a->rep < b->rep ? -1 : 1;
	return 0;
}

static int
ptr_cmp(const void *a, const void *b)
{
	return key_cmp(*(const struct eb_record *const *)a, *(const struct eb_record *const *)b);
}

static void
by_key_build(struct by_key *k, const struct eb_table *t, const char *metric)
{
	k->r = eb_xmalloc((t->n + 1) * sizeof *k->r);
	k->n = 0;
	for (size_t i = 0; i < t->n; i++)
		if (strcmp(t->rows[i].f[EB_F_METRIC], metric) == 0)
			k->r[k->n++] = &t->rows[i];
	qsort(k->r, k->n, sizeof *k->r, ptr_cmp);
}

static const struct eb_record *
by_key_find(const struct by_key *k, const struct eb_record *r)
{
	size_t lo = 0, hi = k->n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int c = key_cmp(k->r[mid], r);

		if (c == 0)
			return k->r[mid];
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return NULL;
}

/* A case being gathered: per-rep values before they are summarised. */
struct gather {
	double *cpu, *joules;
	size_t ncpu, njoules, cap;
};

static int
has_metric(const struct eb_table *t, const char *a, const char *b)
{
	const char *ia = eb_intern_lookup(t, a), *ib = eb_intern_lookup(t, b);

	if (ia == NULL && ib == NULL)
		return 0;
	for (size_t i = 0; i < t->n; i++)
		if (t->rows[i].f[EB_F_METRIC] == ia || t->rows[i].f[EB_F_METRIC] == ib)
			return 1;
	return 0;
}

static double
ratio(const struct eb_sample *num, const struct eb_sample *den)
{
	if (num->n == 0 || den->n == 0 || !(den->mean > 0))
		return NAN;
	return num->mean / den->mean;
}

/* A group over a case's per-GiB values, for the decision layer. */
static void
as_group(struct eb_group *g, const struct eb_record *key, const struct eb_sample *s)
{
	memset(g, 0, sizeof *g);
	g->key = key;
	g->s = *s;
}

static void
decide_costs(struct eb_cost *c, const struct eb_verdict_opts *o)
{
	struct eb_verdict **v = eb_xmalloc((2 * c->n + 1) * sizeof *v);
	const struct eb_record **keys = eb_xmalloc((2 * c->n + 1) * sizeof *keys);
	size_t nv = 0;

	for (size_t k = 0; k < c->n; k++) {
		struct eb_cost_case *cc = &c->c[k];
		struct eb_group mode, base;

		cc->cpu_key = *cc->key;
		cc->cpu_key.f[EB_F_METRIC] = "cpu";
		cc->joules_key = *cc->key;
		cc->joules_key.f[EB_F_METRIC] = "energy";
		if (cc->base == NULL)
			continue;
		if (cc->cpu.n > 0 && cc->base->cpu.n > 0) {
			as_group(&mode, &cc->cpu_key, &cc->cpu);
			as_group(&base, &cc->cpu_key, &cc->base->cpu);
			eb_verdict_overhead(&mode, &base, o, &cc->cpu_v);
			v[nv] = &cc->cpu_v;
			keys[nv++] = &cc->cpu_key;
		}
		if (cc->joules.n > 0 && cc->base->joules.n > 0) {
			as_group(&mode, &cc->joules_key, &cc->joules);
			as_group(&base, &cc->joules_key, &cc->base->joules);
			eb_verdict_overhead(&mode, &base, o, &cc->joules_v);
			v[nv] = &cc->joules_v;
			keys[nv++] = &cc->joules_key;
		}
	}
	eb_verdict_adjust(v, keys, nv, o);
	free(v);
	free((void *)keys);
}

struct eb_cost *
eb_cost_compute(const struct eb_table *t, const char *baseline, const struct eb_verdict_opts *o)
{
	static const struct eb_verdict_opts defaults = EB_VERDICT_OPTS_DEFAULT;
	struct by_key busy, power;
	struct eb_cost *c;
	struct gather *g = NULL;
	size_t capg = 0, npool = 0;

	if (!has_metric(t, "cpu_busy", "power"))
		return NULL;
	c = eb_xcalloc(1, sizeof *c);
	by_key_build(&busy, t, "cpu_busy");
	by_key_build(&power, t, "power");
	for (size_t i = 0; i < t->n; i++) {
		const struct eb_record *bw = &t->rows[i], *b, *p;
		struct eb_cost_case *cc = NULL;
		struct gather *gg;
		size_t k;

		if (strcmp(bw->f[EB_F_METRIC], "bw") != 0 || !(bw->value > 0))
			continue;
		b = by_key_find(&busy, bw);
		p = by_key_find(&power, bw);
		if (b == NULL && p == NULL)
			continue;
		for (k = 0; k < c->n; k++)
			if (eb_record_key_equal(c->c[k].key, bw, 0)) {
				cc = &c->c[k];
				break;
			}
		if (cc == NULL) {
			eb_xgrow(&c->c, &capg, c->n + 1, sizeof *c->c);
			g = eb_xrealloc(g, capg * sizeof *g);
			cc = &c->c[c->n];
			memset(cc, 0, sizeof *cc);
			memset(&g[c->n], 0, sizeof *g);
			cc->key = bw;
			k = c->n++;
		}
		gg = &g[k];
		eb_xgrow(&gg->cpu, &gg->cap, gg->ncpu + 1, sizeof *gg->cpu);
		gg->joules = eb_xrealloc(gg->joules, gg->cap * sizeof *gg->joules);
		if (b != NULL) {
			double cpus = source_number(b, EB_COST_TAG_CPUS);

			/* CPU-seconds per byte: busy share x CPUs x seconds over
			 * bw x seconds. */
			if (!isnan(cpus)) {
				gg->cpu[gg->ncpu++] = b->value / 100 * cpus / bw->value * EB_GIB;
				cc->cpus = (int)lround(cpus);
			}
		}
		if (p != NULL)
			gg->joules[gg->njoules++] = p->value / bw->value * EB_GIB;
	}
	for (size_t k = 0; k < c->n; k++)
		npool += g[k].ncpu + g[k].njoules;
	c->pool = eb_xmalloc((npool + 1) * sizeof *c->pool);
	for (size_t k = 0; k < c->n; k++) {
		eb_sample_summarize(g[k].cpu, g[k].ncpu, &c->c[k].cpu);
		eb_sample_summarize(g[k].joules, g[k].njoules, &c->c[k].joules);
		if (g[k].ncpu == 0 && by_key_find(&busy, c->c[k].key) != NULL)
			c->no_cpus++;
		free(g[k].cpu);
		free(g[k].joules);
	}
	free(g);
	free(busy.r);
	free(power.r);
	for (size_t k = 0; k < c->n; k++) {
		struct eb_cost_case *cc = &c->c[k];

		cc->cpu_ratio = cc->joules_ratio = NAN;
		if (strcmp(cc->key->f[EB_F_MODE], baseline) == 0)
			continue;
		for (size_t j = 0; j < c->n; j++)
			if (strcmp(c->c[j].key->f[EB_F_MODE], baseline) == 0 &&
			    eb_record_key_equal(c->c[j].key, cc->key, EB_FIELD_BIT(EB_F_MODE)))
				cc->base = &c->c[j];
		if (cc->base == NULL)
			continue;
		cc->cpu_ratio = ratio(&cc->cpu, &cc->base->cpu);
		cc->joules_ratio = ratio(&cc->joules, &cc->base->joules);
	}
	decide_costs(c, o != NULL ? o : &defaults);
	return c;
}

void
eb_cost_free(struct eb_cost *c)
{
	if (c == NULL)
		return;
	free(c->c);
	free(c->pool);
	free(c);
}

/* ---- bound by one thread */

/* The names the busiest thread had in a group's runs, each with the
 * number of runs it was the busiest in, most runs first. */
struct thread_names {
	char name[16][64];
	size_t count[16], n, runs;
};

static void group_threads(const struct eb_table *t, const struct eb_group *g,
    struct thread_names *tn);

static const char *
op_plural(const char *op)
{
	if (strcmp(op, "read") == 0)
		return "reads";
	if (strcmp(op, "write") == 0)
		return "writes";
	if (strcmp(op, "rewrite") == 0)
		return "rewrites";
	return NULL;
}

const char *
eb_cost_group_thread(const struct eb_table *t, const struct eb_group *g, char *buf, size_t n)
{
	struct thread_names tn;

	group_threads(t, g, &tn);
	snprintf(buf, n, "%s", tn.n ? tn.name[0] : "");
	return buf;
}

static void
group_threads(const struct eb_table *t, const struct eb_group *g, struct thread_names *tn)
{
	memset(tn, 0, sizeof *tn);
	for (size_t i = 0; i < t->n; i++) {
		const struct eb_record *r = &t->rows[i];
		char buf[64];
		size_t k;

		if (!eb_record_key_equal(r, g->key, 0))
			continue;
		tn->runs++;
		eb_cost_thread_name(r, buf, sizeof buf);
		for (k = 0; k < tn->n && strcmp(tn->name[k], buf) != 0; k++)
			;
		if (k == tn->n) {
			if (k == sizeof tn->count / sizeof tn->count[0])
				continue;
			snprintf(tn->name[k], sizeof tn->name[k], "%s", buf);
			tn->n++;
		}
		tn->count[k]++;
	}
	/* Most runs first; a tie in the order the runs came. */
	for (size_t i = 1; i < tn->n; i++)
		for (size_t j = i; j > 0 && tn->count[j] > tn->count[j - 1]; j--) {
			char name[64];
			size_t c = tn->count[j];

			memcpy(name, tn->name[j], sizeof name);
			memcpy(tn->name[j], tn->name[j - 1], sizeof name);
			memcpy(tn->name[j - 1], name, sizeof name);
			tn->count[j] = tn->count[j - 1];
			tn->count[j - 1] = c;
		}
}

/* "dd in 1 of 3 runs, z_wr_iss in 1 and kworker/0:1 in 1". */
static void
threads_text(const struct thread_names *tn, char *buf, size_t n)
{
	size_t len = 0;

	buf[0] = '\0';
	for (size_t k = 0; k < tn->n && len < n; k++) {
		const char *name = *tn->name[k] ? tn->name[k] : "a thread without a name";

		if (k == 0)
			len += (size_t)snprintf(buf + len, n - len, "%s in %zu of %zu runs", name,
			    tn->count[k], tn->runs);
		else
			len += (size_t)snprintf(buf + len, n - len, "%s%s in %zu",
			    k + 1 == tn->n ? " and " : ", ", name, tn->count[k]);
	}
}

static int
is_busy(const struct eb_group *g, void *ctx)
{
	(void)ctx;
	return strcmp(g->key->f[EB_F_METRIC], "cpu_busy") == 0;
}

void
eb_cost_thread_findings(const struct eb_groups *gs, struct eb_findings *out)
{
	const char *busy_name = eb_intern_lookup(gs->t, "cpu_busy");
	struct eb_group_index *ix;

	if (busy_name == NULL || eb_intern_lookup(gs->t, "cpu_top_thread") == NULL)
		return;
	ix = eb_group_index_new(gs, 0, is_busy, NULL);
	for (size_t i = 0; i < gs->n; i++) {
		const struct eb_group *top = &gs->g[i], *busy;
		const struct eb_record *k = top->key;
		const char *ops = op_plural(k->f[EB_F_OP]);
		char line[320], what[256], where[256], shares[192], names[512];
		struct thread_names tn;

		if (strcmp(k->f[EB_F_METRIC], "cpu_top_thread") != 0)
			continue;
		busy = eb_group_index_find(ix, k, EB_F_METRIC, busy_name);
		if (busy == NULL)
			continue;
		/* A share is a claim only when its interval clears the
		 * threshold: one run has none, and says nothing. */
		if (top->s.n < 2 || busy->s.n < 2 || isnan(top->s.ci_low) || isnan(busy->s.ci_high) ||
		    !(top->s.ci_low >= EB_COST_THREAD_BOUND_PCT &&
		    busy->s.ci_high < EB_COST_MACHINE_IDLE_PCT))
			continue;
		group_threads(gs->t, top, &tn);
		snprintf(what, sizeof what, "%s %s%s%s", k->f[EB_F_MODE], k->f[EB_F_TOOL],
		    *k->f[EB_F_WORKLOAD] ? " " : "", k->f[EB_F_WORKLOAD]);
		snprintf(where, sizeof where, "%s%s%s, %s, %zu runs", k->f[EB_F_RELEASE],
		    *k->f[EB_F_HOST] ? ", " : "", k->f[EB_F_HOST], eb_config_words(k->f[EB_F_CONFIG]),
		    tn.runs);
		if (ops != NULL)
			snprintf(line, sizeof line, "%s %s", what, ops);
		else
			snprintf(line, sizeof line, "%s%s%s", what, *k->f[EB_F_OP] ? " " : "",
			    k->f[EB_F_OP]);
		snprintf(shares, sizeof shares, "ran at %.0f %% of a CPU (95 %% interval %.0f–%.0f %%) "
		    "while the machine was %.0f %% busy (%.0f–%.0f %%)", top->s.mean, top->s.ci_low,
		    top->s.ci_high, busy->s.mean, busy->s.ci_low, busy->s.ci_high);
		eb_xgrow(&out->lines, &out->cap, out->n + 1, sizeof *out->lines);
		/* Bound by one thread only when one thread was the busiest in
		 * every run: the interval of whichever thread was busiest in
		 * each is not one thread's (C24 of an outside audit). */
		if (tn.n == 1 && tn.count[0] == tn.runs)
			out->lines[out->n++] = eb_xasprintf("%s %s bound by one thread: %s %s; %s.",
			    line, ops != NULL ? "are" : "is", *tn.name[0] ? tn.name[0] : "one thread",
			    shares, where);
		else {
			threads_text(&tn, names, sizeof names);
			out->lines[out->n++] = eb_xasprintf("%s: the busiest thread %s, but it was %s, "
			    "so no one thread is shown to bound %s; %s.", line, shares, names,
			    ops != NULL ? "them" : "it", where);
		}
	}
	eb_group_index_free(ix);
}
