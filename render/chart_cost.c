/* chart_cost.c - the cost kind: what moving one GiB cost each mode in
 * CPU-seconds and in joules (analyze/cost.c's figures), bars with intervals. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "../analyze/cost.h"
#include "chart_int.h"

/* Which of the two figures the chart draws: --metric cpu_busy or energy
 * (power and cpu say the same) keeps one, none or bw both. */
enum cost_what { COST_CPU = 1, COST_JOULES = 2, COST_BOTH = 3 };

static int
cost_what(const char *metric)
{
	if (metric == NULL || strcmp(metric, "bw") == 0)
		return COST_BOTH;
	if (strcmp(metric, "cpu_busy") == 0 || strcmp(metric, "cpu") == 0)
		return COST_CPU;
	if (strcmp(metric, "energy") == 0 || strcmp(metric, "power") == 0)
		return COST_JOULES;
	return 0;
}

/* The rows of the chart are the cpu_busy and power groups of each test:
 * their keys are the test's and name the figure, and live as long as the
 * groups. */
static int
want_source(const struct eb_group *g, void *ctx)
{
	(void)ctx;
	return strcmp(g->key->f[EB_F_METRIC], "cpu_busy") == 0 ||
	    strcmp(g->key->f[EB_F_METRIC], "power") == 0;
}

static int
wanted(const struct cm_build *b, const struct eb_record *k, const char *rel)
{
	const struct eb_chart_opts *o = b->o;

	return strcmp(k->f[EB_F_RELEASE], rel) == 0 &&
	    (o->op == NULL || strcmp(k->f[EB_F_OP], o->op) == 0) &&
	    (o->config == NULL || strcmp(k->f[EB_F_CONFIG], o->config) == 0);
}

/* "aes-256-gcm, dd write 1 MiB 24.04: 4.37 CPU-s/GiB, 95 % CI 4.1 to 4.6
 * (n=3); against none: CPU +356.0 % (+299.1 to +425.2 %)". */
static char *
tip(const struct cm_build *b, const struct eb_record *k, const struct eb_sample *s,
    const char *unit, const struct eb_verdict *v, const char *baseline)
{
	char num[32], lo[32], hi[32], test[160], phrase[256], level[48], *text, *out;
	double l, h;

	eb_model_case_label(b, k, test, sizeof test);
	eb_format_display(num, sizeof num, s->mean);
	eb_model_mean_ci(b, s, &l, &h);
	if (isnan(l))
		text = eb_xasprintf("%s, %s %s: %s %s (n=%zu)", k->f[EB_F_MODE], test,
		    k->f[EB_F_RELEASE], num, unit, s->n);
	else {
		eb_format_display(lo, sizeof lo, l);
		eb_format_display(hi, sizeof hi, h);
		eb_interval_level_text(b->o->alpha, 0, level, sizeof level);
		text = eb_xasprintf("%s, %s %s: %s %s, %s CI %s to %s (n=%zu)", k->f[EB_F_MODE],
		    test, k->f[EB_F_RELEASE], num, unit, level, lo, hi, s->n);
	}
	if (v->kind == EB_VERDICT_NONE)
		return text;
	eb_verdict_phrase(v, phrase, sizeof phrase);
	out = eb_xasprintf("%s; against %s: %s", text, baseline, phrase);
	free(text);
	return out;
}

static enum eb_status
build(struct cm_build *b, struct eb_err *err)
{
	const struct eb_chart_opts *o = b->o;
	int what = cost_what(o->metric);
	struct eb_cost *c;
	struct eb_group_index *ix;
	const char *busy_name, *power_name, *rel = o->release;
	struct eb_verdict_opts vo = EB_VERDICT_OPTS_DEFAULT;

	if (what == 0) {
		struct eb_loc loc = { NULL, 0, 0 };

		return eb_err_set(err, EB_ERR_USAGE, loc, "a cost chart draws CPU-seconds "
		    "(--metric cpu_busy) or joules (--metric energy) per GiB, or both; not "
		    "--metric %s", o->metric);
	}
	if (o->alpha > 0)
		vo.alpha = o->alpha;
	c = eb_cost_compute(b->t, o->baseline, &vo);
	if (c == NULL || c->n == 0) {
		eb_cost_free(c);
		return eb_model_no_data(err, "no cpu_busy or power records beside throughput "
		    "to draw (encbench-run records them when it runs encbench-sample)");
	}
	/* The newest release with costs, unless one is asked for. */
	if (rel == NULL)
		rel = c->c[0].key->f[EB_F_RELEASE];
	for (size_t i = 1; o->release == NULL && i < c->n; i++)
		if (eb_release_cmp(c->c[i].key->f[EB_F_RELEASE], rel) > 0)
			rel = c->c[i].key->f[EB_F_RELEASE];
	b->m->from = rel;
	busy_name = eb_intern_lookup(b->t, "cpu_busy");
	power_name = eb_intern_lookup(b->t, "power");
	ix = eb_group_index_new(b->gs, EB_FIELD_BIT(EB_F_UNIT), want_source, NULL);
	for (size_t i = 0; i < c->n; i++) {
		const struct eb_cost_case *cc = &c->c[i];
		const struct eb_record *k = cc->key;
		const struct eb_group *g;
		struct cm_point *p;
		double lo, hi;

		if (!wanted(b, k, rel))
			continue;
		if ((what & COST_CPU) && cc->cpu.n > 0 && busy_name != NULL &&
		    (g = eb_group_index_find(ix, k, EB_F_METRIC, busy_name)) != NULL) {
			eb_model_mean_ci(b, &cc->cpu, &lo, &hi);
			p = eb_model_point(b, g->key, eb_model_mode(b, k->f[EB_F_MODE], 0), 0,
			    cc->cpu.mean, lo, hi, cc->cpu.n);
			p->tip = tip(b, k, &cc->cpu, "CPU-s/GiB", &cc->cpu_v, o->baseline);
		}
		if ((what & COST_JOULES) && cc->joules.n > 0 && power_name != NULL &&
		    (g = eb_group_index_find(ix, k, EB_F_METRIC, power_name)) != NULL) {
			eb_model_mean_ci(b, &cc->joules, &lo, &hi);
			p = eb_model_point(b, g->key, eb_model_mode(b, k->f[EB_F_MODE], 0), 0,
			    cc->joules.mean, lo, hi, cc->joules.n);
			p->tip = tip(b, k, &cc->joules, "J/GiB", &cc->joules_v, o->baseline);
		}
	}
	eb_group_index_free(ix);
	eb_cost_free(c);
	if (b->m->npts == 0)
		return eb_model_no_data(err, "no %s per GiB to draw in release %s",
		    what == COST_CPU ? "CPU-seconds" : what == COST_JOULES ? "joules" :
		    "CPU-seconds or joules", rel);
	return EB_OK;
}

static void
words(struct cm_build *b, struct eb_buf *sub, struct eb_buf *note)
{
	struct chart_model *m = b->m;
	int cpu = 0, joules = 0;
	struct eb_cost *c;

	for (size_t r = 0; r < m->nrows; r++) {
		if (strcmp(m->rows[r].key->f[EB_F_METRIC], "cpu_busy") == 0)
			cpu = 1;
		else
			joules = 1;
	}
	m->title = eb_xstrdup(cpu && joules ? "CPU time and energy per GiB by encryption mode" :
	    cpu ? "CPU time per GiB by encryption mode" : "Energy per GiB by encryption mode");
	if (m->from != NULL && m->from[0] != '\0') {
		eb_buf_addf(sub, "%srelease %s", sub->len ? " · " : "", m->from);
		eb_model_meta_words(b, m->from, sub);
	}
	if (b->nmax != b->nmin)
		eb_buf_addf(note, "Bars: mean of %zu–%zu runs", b->nmin, b->nmax);
	else
		eb_buf_addf(note, "Bars: mean of %zu run%s", b->nmax, b->nmax == 1 ? "" : "s");
	if (cpu)
		eb_buf_addf(note, "; CPU-seconds: the busy time of all the machine's CPUs per "
		    "GiB the test moved");
	if (joules)
		eb_buf_addf(note, "; joules: the energy the sampler counted (a power meter, a "
		    "discharging battery or RAPL) per GiB");
	eb_model_whiskers(b, note, "confidence");
	/* Cases whose busy share came without the machine's CPU count have no
	 * CPU-seconds: say that they are missing rather than leave them out. */
	c = cpu ? eb_cost_compute(b->t, b->o->baseline, NULL) : NULL;
	if (c != NULL && c->no_cpus > 0) {
		const char *busy_name = eb_intern_lookup(b->t, "cpu_busy");
		struct eb_group_index *ix = eb_group_index_new(b->gs, EB_FIELD_BIT(EB_F_UNIT),
		    want_source, NULL);
		size_t missing = 0;

		for (size_t i = 0; i < c->n; i++)
			if (c->c[i].cpu.n == 0 && wanted(b, c->c[i].key, m->from) &&
			    eb_group_index_find(ix, c->c[i].key, EB_F_METRIC, busy_name) != NULL)
				missing++;
		if (missing > 0)
			eb_buf_addf(note, "; %zu test%s without the machine's CPU count %s no "
			    "CPU-seconds bar", missing, missing == 1 ? "" : "s",
			    missing == 1 ? "has" : "have");
		eb_group_index_free(ix);
	}
	eb_cost_free(c);
}

static void
unit_text(const struct chart_model *m, const struct cm_row *row, char *buf, size_t n)
{
	(void)m;
	snprintf(buf, n, "%s", strcmp(row->key->f[EB_F_METRIC], "cpu_busy") == 0 ?
	    "CPU-seconds per GiB" : "joules per GiB");
}

const struct chart_kind eb_chart_kind_cost = {
	"cost", 1, build, words, unit_text, NULL, eb_band_body, eb_band_gnuplot,
};
