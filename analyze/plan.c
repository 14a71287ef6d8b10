/* plan.c - the report's numbers, computed once: the records are grouped a
 * single time and every table, chart and sentence of every page reads that. */
#include <math.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "caveats.h"
#include "plan.h"

int
eb_plan_is_version(const char *release)
{
	return *release >= '0' && *release <= '9';
}

enum eb_status
eb_plan_select(struct eb_table *t, const char *const *releases, size_t n, struct eb_err *err)
{
	const char **want = eb_xcalloc(n ? n : 1, sizeof *want);
	size_t k = 0;

	for (size_t j = 0; j < n; j++)
		if ((want[j] = eb_intern_lookup(t, releases[j])) == NULL) {
			struct eb_loc loc = { NULL, 0, 0 };

			free((void *)want);
			return eb_err_set(err, EB_ERR_DATA, loc, "--releases: no records of "
			    "release '%s'", releases[j]);
		}
	for (size_t i = 0; i < t->n; i++) {
		size_t j;

		for (j = 0; j < n && t->rows[i].f[EB_F_RELEASE] != want[j]; j++)
			;
		if (j < n)
			t->rows[k++] = t->rows[i];
	}
	t->n = k;
	free((void *)want);
	return EB_OK;
}

static int
cmp_release(const void *a, const void *b)
{
	return eb_release_cmp(*(const char *const *)a, *(const char *const *)b);
}

struct eb_groups *
eb_plan_view(const struct eb_plan *p, const char *release, const char *host,
    const char *config, const char *metric)
{
	struct eb_groups *v = eb_xcalloc(1, sizeof *v);
	const char *want[4] = { release, host, config, metric };
	static const int field[4] = { EB_F_RELEASE, EB_F_HOST, EB_F_CONFIG, EB_F_METRIC };
	/* The throughput view holds fewer groups to look through. */
	const struct eb_groups *from = p->bw != NULL && metric != NULL &&
	    strcmp(metric, p->metric) == 0 ? p->bw : p->gs;

	v->t = p->gs->t;
	v->g = eb_xmalloc((from->n ? from->n : 1) * sizeof *v->g);
	/* Interned strings compare by pointer; a label no record has
	 * matches nothing. */
	for (int f = 0; f < 4; f++)
		if (want[f] != NULL && (want[f] = eb_intern_lookup(p->t, want[f])) == NULL)
			return v;
	for (size_t i = 0; i < from->n; i++) {
		const struct eb_record *k = from->g[i].key;
		int f;

		for (f = 0; f < 4 && (want[f] == NULL || k->f[field[f]] == want[f] ||
		    (*want[f] == '\0' && *k->f[field[f]] == '\0')); f++)
			;
		if (f == 4)
			v->g[v->n++] = from->g[i];
	}
	return v;
}

void
eb_plan_view_free(struct eb_groups *v)
{
	if (v == NULL)
		return;
	free(v->g);
	free(v);
}

/* Distinct values of one field, the most groups first, ties in the order
 * they first appear. */
struct tally {
	const char **v;
	size_t *count;
	size_t n, cap, capc;
};

static void
tally_add(struct tally *t, const char *s)
{
	size_t j;

	for (j = 0; j < t->n && t->v[j] != s; j++)
		;
	if (j == t->n) {
		eb_xgrow(&t->v, &t->cap, t->n + 1, sizeof *t->v);
		eb_xgrow(&t->count, &t->capc, t->n + 1, sizeof *t->count);
		t->v[t->n] = s;
		t->count[t->n++] = 0;
	}
	t->count[j]++;
}

/* Most first, a tie by name, so that the main host of two alike is the
 * same whichever was read first; few values: insertion. */
static const char **
tally_sorted(struct tally *t, size_t *n)
{
	for (size_t i = 1; i < t->n; i++)
		for (size_t j = i; j > 0 && (t->count[j] > t->count[j - 1] ||
		    (t->count[j] == t->count[j - 1] && strcmp(t->v[j], t->v[j - 1]) < 0)); j--) {
			const char *s = t->v[j];
			size_t c = t->count[j];

			t->v[j] = t->v[j - 1];
			t->count[j] = t->count[j - 1];
			t->v[j - 1] = s;
			t->count[j - 1] = c;
		}
	free(t->count);
	*n = t->n;
	if (t->v == NULL)
		t->v = eb_xcalloc(1, sizeof *t->v);
	return t->v;
}

const char **
eb_plan_configs_of(const struct eb_plan *p, const char *release, const char *host,
    size_t *n)
{
	struct tally t = { 0 };

	for (size_t i = 0; i < p->bw->n; i++) {
		const struct eb_record *k = p->bw->g[i].key;

		if ((release == NULL || strcmp(k->f[EB_F_RELEASE], release) == 0) &&
		    (host == NULL || strcmp(k->f[EB_F_HOST], host) == 0))
			tally_add(&t, k->f[EB_F_CONFIG]);
	}
	return tally_sorted(&t, n);
}

double
eb_plan_geomean(const struct eb_overhead *const *rows, size_t k, double alpha, double *lo,
    double *hi)
{
	double sum = 0, var = 0, dfden = 0;
	int bounded = 1;

	*lo = *hi = NAN;
	if (k == 0)
		return NAN;
	for (size_t i = 0; i < k; i++) {
		const struct eb_sample *a = &rows[i]->g->s, *b = &rows[i]->base->s;

		sum += log(rows[i]->ratio);
		if (a->n < 2 || b->n < 2) {
			bounded = 0;
			continue;
		}
		/* The variance of the log of a mean, by the delta method. Rows
		 * that share one baseline (the modes of one test) share its
		 * error too: its log enters the sum once per row, so its term
		 * is counted once, times the square of those rows' count, not
		 * as that many independent baselines (audit 29 P01). */
		{
			double ca = a->sd * a->sd / ((double)a->n * a->mean * a->mean);
			double cb = b->sd * b->sd / ((double)b->n * b->mean * b->mean);
			size_t shared = 0, seen = 0;

			for (size_t j = 0; j < k; j++)
				if (rows[j]->base == rows[i]->base) {
					shared++;
					seen += j < i;
				}
			var += ca;
			dfden += ca * ca / (double)(a->n - 1);
			if (seen == 0) {
				cb *= (double)(shared * shared);
				var += cb;
				dfden += cb * cb / (double)(b->n - 1);
			}
		}
	}
	if (bounded && var > 0 && dfden > 0) {
		double df = var * var / dfden;
		double half = eb_t_quantile(1 - alpha / 2, df) * sqrt(var) / (double)k;

		*lo = exp(sum / (double)k - half);
		*hi = exp(sum / (double)k + half);
	}
	return exp(sum / (double)k);
}

struct eb_overhead *
eb_plan_overhead_table(const struct eb_plan *p, const struct eb_groups *gs, size_t *n)
{
	struct eb_verdict_opts vo = EB_VERDICT_OPTS_DEFAULT;

	vo.alpha = p->alpha;
	return eb_overhead_compute_opts(gs, p->baseline, &vo, 1, n);
}

/* The main page opens with the newest release's costs, then what changed
 * since the previous release, then the other configs: a rank per sentence
 * from what it speaks of, the findings' own order within a rank. */
#define HEADLINE_MAX 8

/* Whether a sentence on a change reports one that the verdicts found:
 * "fell by", "rose by", or "improved in N", "fell in N" ... with N > 0. */
static int
claims_change(const char *line)
{
	static const char *const words[] = { "improved in ", "regressed in ", "fell in ",
		"rose in " };

	if (strstr(line, " fell by ") || strstr(line, " rose by "))
		return 1;
	for (size_t i = 0; i < sizeof words / sizeof words[0]; i++) {
		const char *at = strstr(line, words[i]);

		if (at != NULL && at[strlen(words[i])] >= '1' && at[strlen(words[i])] <= '9')
			return 1;
	}
	return 0;
}

/* The text after "In RELEASE" or "From A to B" once its " on HOST", the
 * qualifier findings give each sentence when there are several hosts, is
 * passed over; *host gets HOST, or NULL. */
static const char *
past_host(const struct eb_plan *p, const char *s, const char **host)
{
	*host = NULL;
	if (p->nhosts > 1 && strncmp(s, " on ", 4) == 0)
		for (size_t h = 0; h < p->nhosts; h++) {
			size_t n = strlen(p->hosts[h]);

			if (strncmp(s + 4, p->hosts[h], n) == 0 && (s[4 + n] == ',' ||
			    s[4 + n] == ' ')) {
				*host = p->hosts[h];
				return s + 4 + n;
			}
		}
	return s;
}

/* Whether a findings line says what the change sentences leave out: a
 * host, or releases, that nothing compares, or a config the newest
 * release did not measure (findings.c). */
static int
leaves_out(const char *line)
{
	return strstr(line, ", so nothing here compares") != NULL ||
	    strstr(line, ", so nothing here states the change of its baseline") != NULL ||
	    strstr(line, " does not cover it.") != NULL;
}

/* Changes rank first whichever host they are of, so that one host's
 * regression is told beside another's improvement; the costs, configs
 * and the rest are the main host's, the other hosts' costs come last. */
static int
headline_rank(const char *line, const struct eb_plan *p)
{
	size_t nl = p->newest ? strlen(p->newest) : 0;
	const char *host, *rest;

	if (p->from != NULL && strncmp(line, "From ", 5) == 0)
		return claims_change(line) && !strstr(line, "latency") &&
		    !strstr(line, "CPU use overhead") ? 1 : 3;
	/* What the changes leave out is said beside them. */
	if (leaves_out(line))
		return 3;
	if (nl && strncmp(line, "In ", 3) == 0 && strncmp(line + 3, p->newest, nl) == 0) {
		rest = past_host(p, line + 3 + nl, &host);
		if (host != NULL && strcmp(host, p->host) != 0)
			return 4;
		if (strstr(line, "config "))
			return 2;
		if (*rest == ',' && (strstr(line, " costs ") || strstr(line, "overhead") ||
		    strstr(line, "faster")))
			return 0;
		return 4;
	}
	return 5;
}

static void
pick_headline(struct eb_plan *p, const struct eb_findings *all)
{
	/* At most this many of each rank, so that changes and configs are
	 * not crowded out by the costs of every family. */
	static const size_t quota[] = { 3, 3, 1, 1, 1, 0 };
	size_t taken[6] = { 0 };

	memset(&p->headline, 0, sizeof p->headline);
	for (int pass = 0; pass < 2; pass++)
		for (int rank = 0; rank < 6; rank++)
			for (size_t i = 0; i < all->n && p->headline.n < HEADLINE_MAX; i++) {
				int r = headline_rank(all->lines[i], p);
				size_t j;

				if (r != rank || (pass == 0 && taken[r] >= quota[r]))
					continue;
				for (j = 0; j < p->headline.n && p->headline.lines[j] != all->lines[i]; j++)
					;
				if (j < p->headline.n)
					continue;
				if (pass == 0)
					taken[r]++;
				else if (r == 5)
					continue;
				eb_xgrow(&p->headline.lines, &p->headline.cap, p->headline.n + 1,
				    sizeof *p->headline.lines);
				p->headline.lines[p->headline.n++] = all->lines[i];
			}
	/* The headline's findings are of its two releases alone, where a host
	 * that measured one of them and an older one has no pair: the
	 * findings of all releases say what the changes leave out, and the
	 * headline with them. */
	for (size_t i = 0; i < p->findings.n; i++) {
		size_t j;

		for (j = 0; j < p->headline.n && strcmp(p->headline.lines[j], p->findings.lines[i]) != 0;
		    j++)
			;
		if (j == p->headline.n && leaves_out(p->findings.lines[i])) {
			eb_xgrow(&p->headline.lines, &p->headline.cap, p->headline.n + 1,
			    sizeof *p->headline.lines);
			p->headline.lines[p->headline.n++] = p->findings.lines[i];
		}
	}
	/* Back in the order the findings give, within the ranks chosen. */
	for (size_t i = 1; i < p->headline.n; i++)
		for (size_t j = i; j > 0 && headline_rank(p->headline.lines[j], p) <
		    headline_rank(p->headline.lines[j - 1], p); j--) {
			char *s = p->headline.lines[j];

			p->headline.lines[j] = p->headline.lines[j - 1];
			p->headline.lines[j - 1] = s;
		}
	for (size_t i = 0; i < p->headline.n; i++)
		p->headline.lines[i] = eb_xstrdup(p->headline.lines[i]);
}

int
eb_plan_meta_made_up(const struct eb_run_meta *m)
{
	json_t *doc, *v;
	int yes;

	if (m->json == NULL || strstr(m->json, "\"illustrative\"") == NULL)
		return 0;
	if ((doc = json_loads(m->json, 0, NULL)) == NULL)
		return 0;
	v = json_object_get(doc, "illustrative");
	yes = json_is_true(v) || (json_is_string(v) && *json_string_value(v) != '\0');
	json_decref(doc);
	return yes;
}

int
eb_plan_meta_of(const struct eb_run_meta *m, const struct eb_record *k, const char *release)
{
	return strcmp(m->release, release) == 0 &&
	    (*m->host == '\0' || strcmp(m->host, k->f[EB_F_HOST]) == 0) &&
	    (*m->config == '\0' || strcmp(m->config, k->f[EB_F_CONFIG]) == 0);
}

static int
cmp_label(const void *a, const void *b)
{
	const struct eb_plan_label *x = a, *y = b;
	int c = eb_release_cmp(x->release, y->release);

	return c ? c : strcmp(x->config, y->config);
}

static void
find_made_up(struct eb_plan *p)
{
	const struct eb_table *t = p->t;
	size_t cap = 0;

	for (size_t i = 0; i < t->nmeta; i++) {
		const struct eb_run_meta *m = &t->meta[i];
		size_t j;

		if (!eb_plan_meta_made_up(m))
			continue;
		for (j = 0; j < p->nmade_up; j++)
			if (strcmp(p->made_up[j].release, m->release) == 0 &&
			    strcmp(p->made_up[j].config, m->config) == 0 &&
			    strcmp(p->made_up[j].host, m->host) == 0)
				break;
		if (j < p->nmade_up)
			continue;
		eb_xgrow(&p->made_up, &cap, p->nmade_up + 1, sizeof *p->made_up);
		p->made_up[p->nmade_up].release = m->release;
		p->made_up[p->nmade_up].host = m->host;
		p->made_up[p->nmade_up++].config = m->config;
	}
	if (p->nmade_up > 1)
		qsort(p->made_up, p->nmade_up, sizeof *p->made_up, cmp_label);
	p->all_made_up = p->nmade_up > 0 && p->gs->n > 0;
	for (size_t i = 0; i < p->gs->n && p->all_made_up; i++) {
		size_t j;

		for (j = 0; j < t->nmeta; j++)
			if (eb_plan_meta_made_up(&t->meta[j]) &&
			    eb_plan_meta_of(&t->meta[j], p->gs->g[i].key,
			    p->gs->g[i].key->f[EB_F_RELEASE]))
				break;
		if (j == t->nmeta)
			p->all_made_up = 0;
	}
}

/* The newest release of the main scope: a version number when there is
 * one, so that a platform ("FreeBSD") sorting after the numbers is not. */
static const char *
newest_release(const struct eb_plan *p)
{
	const char *best = NULL;

	if (p->to != NULL)
		return p->to;
	for (size_t i = 0; i < p->bw->n; i++) {
		const struct eb_record *k = p->bw->g[i].key;
		const char *r = k->f[EB_F_RELEASE];

		if (k->f[EB_F_HOST] != p->host || k->f[EB_F_CONFIG] != p->config)
			continue;
		if (best == NULL || (eb_plan_is_version(r) && !eb_plan_is_version(best)) ||
		    (eb_plan_is_version(r) == eb_plan_is_version(best) &&
		    (p->chosen ? 0 : eb_release_cmp(r, best) > 0)))
			best = r;
	}
	if (p->chosen && p->nreleases > 0)
		return p->releases[p->nreleases - 1];
	return best;
}

static const char *
pick_metric(const struct eb_groups *gs)
{
	for (size_t i = 0; i < gs->n; i++)
		if (strcmp(gs->g[i].key->f[EB_F_METRIC], "bw") == 0)
			return gs->g[i].key->f[EB_F_METRIC];
	return gs->n ? gs->g[0].key->f[EB_F_METRIC] : "bw";
}

void
eb_plan_compute(struct eb_plan *p, const struct eb_table *t, const struct eb_plan_opts *o)
{
	struct tally hosts = { 0 }, configs = { 0 };
	struct eb_verdict_opts vo = EB_VERDICT_OPTS_DEFAULT;
	size_t cap = 0;

	memset(p, 0, sizeof *p);
	p->t = t;
	p->baseline = o->baseline ? o->baseline : "none";
	vo.alpha = o->alpha > 0 ? o->alpha : 0.05;
	p->alpha = vo.alpha;
	p->gs = eb_aggregate(t);
	p->metric = pick_metric(p->gs);
	p->bw = eb_plan_view(p, NULL, NULL, NULL, p->metric);
	if (o->releases != NULL) {
		p->chosen = 1;
		p->nreleases = o->nreleases;
		p->releases = eb_xcalloc(o->nreleases ? o->nreleases : 1, sizeof *p->releases);
		for (size_t i = 0; i < o->nreleases; i++)
			p->releases[i] = eb_intern_lookup(t, o->releases[i]);
		/* In the one order of releases, whatever the order named: the
		 * last two are diffed from older to newer, as the findings
		 * speak of them. */
		if (p->nreleases > 1)
			qsort(p->releases, p->nreleases, sizeof *p->releases, cmp_release);
	} else
		p->releases = eb_releases(p->gs, &p->nreleases);
	for (size_t i = 0; i < p->bw->n; i++) {
		tally_add(&hosts, p->bw->g[i].key->f[EB_F_HOST]);
		tally_add(&configs, p->bw->g[i].key->f[EB_F_CONFIG]);
	}
	p->hosts = tally_sorted(&hosts, &p->nhosts);
	p->configs = tally_sorted(&configs, &p->nconfigs);
	/* Scopes: every host and config with throughput groups; the main
	 * one is the host and config with the most. */
	for (size_t h = 0; h < p->nhosts; h++)
		for (size_t c = 0; c < p->nconfigs; c++) {
			struct eb_groups *v = eb_plan_view(p, NULL, p->hosts[h], p->configs[c],
			    p->metric);

			if (v->n == 0) {
				eb_plan_view_free(v);
				continue;
			}
			eb_xgrow(&p->scopes, &cap, p->nscopes + 1, sizeof *p->scopes);
			{
				size_t nrel;
				const char **rel = eb_releases(v, &nrel);

				p->scopes[p->nscopes].nreleases = nrel;
				p->scopes[p->nscopes].release = rel[nrel - 1];
				free((void *)rel);
			}
			p->scopes[p->nscopes].host = p->hosts[h];
			p->scopes[p->nscopes].config = p->configs[c];
			p->scopes[p->nscopes].ngroups = v->n;
			p->scopes[p->nscopes++].bw = v;
		}
	for (size_t i = 1; i < p->nscopes; i++)
		for (size_t j = i; j > 0 && p->scopes[j].ngroups > p->scopes[j - 1].ngroups; j--) {
			struct eb_plan_scope s = p->scopes[j];

			p->scopes[j] = p->scopes[j - 1];
			p->scopes[j - 1] = s;
		}
	p->host = p->nscopes ? p->scopes[0].host : "";
	p->config = p->nscopes ? p->scopes[0].config : "";

	if (p->chosen) {
		if (p->nreleases >= 2) {
			p->from = p->releases[p->nreleases - 2];
			p->to = p->releases[p->nreleases - 1];
		}
	} else if (!eb_release_pair(p->gs, &p->from, &p->to))
		p->from = p->to = NULL;
	p->newest = newest_release(p);

	/* The findings first: what they work out on the way is the most the
	 * plan ever holds, and is freed before the rest is computed. */
	eb_findings_compute_opts(p->gs, p->baseline, &vo, &p->findings);
#ifdef __GLIBC__
	/* glibc keeps what they freed: given back, the rest of the report
	 * (a decade's pages are megabytes) starts below that peak instead of
	 * on top of the pages it kept. */
	malloc_trim(0);
#endif
	p->oh = eb_overhead_compute(p->bw, p->baseline, &p->noh);
	if (p->from != NULL) {
		struct eb_diff_opts d = { EB_SPLIT_RELEASE, p->from, p->to, o->alpha, 0, 0,
			p->baseline, 0 };

		struct eb_groups *v = eb_plan_view(p, NULL, NULL, NULL, NULL);
		size_t k = 0;

		/* The groups of the two releases alone: the same pairs and
		 * families, without an overhead worked out for every other
		 * release. */
		for (size_t i = 0; i < v->n; i++)
			if (v->g[i].key->f[EB_F_RELEASE] == p->from ||
			    v->g[i].key->f[EB_F_RELEASE] == p->to)
				v->g[k++] = v->g[i];
		v->n = k;
		v->g = eb_xrealloc(v->g, (k ? k : 1) * sizeof *v->g);
		p->pair = v;
		p->diff = eb_diff_compute(v, &d, &p->ndiff);
	}
	/* The trend of throughput, what the pages show: other metrics have
	 * "encbench trend". */
	p->trend = eb_trend_compute(p->bw, p->baseline, o->alpha, &p->ntrend);

	/* The headline's findings are those of the two releases it compares,
	 * worked out as findings.md's are, host by host: a sentence keeps the
	 * host it is true of, so that one host's improvement never reads as
	 * every host's. */
	{
		struct eb_groups *v = eb_plan_view(p, NULL, NULL, NULL, NULL);
		struct eb_findings mine;

		if (p->from != NULL || p->newest != NULL) {
			size_t k = 0;

			for (size_t i = 0; i < v->n; i++) {
				const char *r = v->g[i].key->f[EB_F_RELEASE];

				if (r == p->newest || (p->from != NULL && r == p->from))
					v->g[k++] = v->g[i];
			}
			v->n = k;
		}
		eb_findings_compute_hosts(v, p->baseline, &vo, p->nhosts, &mine);
		pick_headline(p, &mine);
		eb_findings_free(&mine);
		eb_plan_view_free(v);
	}
	find_made_up(p);
	p->caveats = eb_caveats_new(t);
}

void
eb_plan_free(struct eb_plan *p)
{
	if (p == NULL)
		return;
	for (size_t i = 0; i < p->nscopes; i++)
		eb_plan_view_free(p->scopes[i].bw);
	free(p->scopes);
	eb_plan_view_free(p->bw);
	eb_groups_free(p->gs);
	free((void *)p->releases);
	free((void *)p->hosts);
	free((void *)p->configs);
	free(p->oh);
	free(p->diff);
	eb_plan_view_free(p->pair);
	free(p->trend);
	eb_findings_free(&p->findings);
	eb_findings_free(&p->headline);
	free(p->made_up);
	eb_caveats_free(p->caveats);
	memset(p, 0, sizeof *p);
}
