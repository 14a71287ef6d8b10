/* cost.c - the "CPU and energy" section of a report: what a GiB cost in
 * CPU-seconds and joules by mode, with intervals and ratios to the baseline. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../analyze/cost.h"
#include "cost.h"

/* "4.37 ± 0.43", "4.37 (1 run)" or "–". */
static char *
mean_text(const struct eb_sample *s)
{
	char mean[96];

	if (s->n == 0)
		return eb_xstrdup("–");
	if (s->n < 2 || isnan(s->ci_high)) {
		eb_format_display(mean, sizeof mean, s->mean);
		return eb_xasprintf("%s (1 run)", mean);
	}
	eb_format_mean_half(mean, sizeof mean, s->mean, s->sd == 0 ? 0 : s->ci_high - s->mean);
	return eb_xstrdup(mean);
}

/* What the decision layer says of a case's cost against the baseline:
 * "CPU +356.0 % (+299.1 to +425.2 %)", "no measurable overhead: energy
 * between -10.2 % and +18.4 %"; "" for the baseline itself. */
static char *
verdict_text(const struct eb_verdict *v)
{
	char buf[256];

	if (v->kind == EB_VERDICT_NONE)
		return eb_xstrdup("");
	eb_verdict_phrase(v, buf, sizeof buf);
	return eb_xstrdup(buf);
}

static int
want_share(const struct eb_group *g, void *ctx)
{
	(void)ctx;
	return strcmp(g->key->f[EB_F_METRIC], "cpu_busy") == 0 ||
	    strcmp(g->key->f[EB_F_METRIC], "cpu_top_thread") == 0;
}

static int
case_cmp(const void *a, const void *b)
{
	const struct eb_cost_case *x = *(const struct eb_cost_case *const *)a;
	const struct eb_cost_case *y = *(const struct eb_cost_case *const *)b;

	return eb_record_report_cmp(x->key, y->key);
}

/* Whether the cases span more than one value of a field: then each row
 * names it. */
static int
varies(const struct eb_cost *c, int field)
{
	for (size_t i = 1; i < c->n; i++)
		if (c->c[i].key->f[field] != c->c[0].key->f[field])
			return 1;
	return 0;
}

void
eb_md_cost_section(struct eb_buf *md, const struct eb_groups *gs, const char *baseline)
{
	struct eb_cost *c = eb_cost_compute(gs->t, baseline, NULL);
	const char *busy_name = eb_intern_lookup(gs->t, "cpu_busy");
	const char *top_name = eb_intern_lookup(gs->t, "cpu_top_thread");
	const struct eb_cost_case **order;
	struct eb_group_index *ix;
	int show_release, show_host, show_config;
	struct eb_md t;
	char cpu_vs[96], j_vs[96];
	char *text = NULL;
	size_t len = 0;
	FILE *fp;

	if (c == NULL || c->n == 0) {
		eb_cost_free(c);
		return;
	}
	order = eb_xmalloc(c->n * sizeof *order);
	for (size_t i = 0; i < c->n; i++)
		order[i] = &c->c[i];
	qsort(order, c->n, sizeof *order, case_cmp);
	show_release = varies(c, EB_F_RELEASE);
	show_host = varies(c, EB_F_HOST);
	show_config = varies(c, EB_F_CONFIG);
	ix = eb_group_index_new(gs, EB_FIELD_BIT(EB_F_UNIT), want_share, NULL);

	snprintf(cpu_vs, sizeof cpu_vs, "CPU-s/GiB against %s", baseline);
	snprintf(j_vs, sizeof j_vs, "J/GiB against %s", baseline);
	eb_md_init(&t, 8);
	eb_md_header(&t, "llrlrlrl", "test", "mode", "machine busy", "busiest thread",
	    "CPU-s/GiB", cpu_vs, "J/GiB", j_vs);
	for (size_t i = 0; i < c->n; i++) {
		const struct eb_cost_case *cc = order[i];
		const struct eb_record *k = cc->key;
		const struct eb_group *busy = busy_name ? eb_group_index_find(ix, k, EB_F_METRIC, busy_name) : NULL;
		const struct eb_group *top = top_name ? eb_group_index_find(ix, k, EB_F_METRIC, top_name) : NULL;
		char label[256], where[640], name[64];
		char *cells[8];

		eb_case_label(k, label, sizeof label);
		snprintf(where, sizeof where, "%s%s%s%s%s%s%s%s", label,
		    show_release || show_host || show_config ? " (" : "",
		    show_release ? k->f[EB_F_RELEASE] : "",
		    show_release && (show_host || show_config) ? ", " : "",
		    show_host ? k->f[EB_F_HOST] : "", show_host && show_config ? ", " : "",
		    show_config ? k->f[EB_F_CONFIG] : "",
		    show_release || show_host || show_config ? ")" : "");
		cells[0] = eb_xstrdup(where);
		cells[1] = eb_xstrdup(k->f[EB_F_MODE]);
		if (busy != NULL) {
			char *m = mean_text(&busy->s);

			cells[2] = eb_xasprintf("%s %%", m);
			free(m);
		} else
			cells[2] = eb_xstrdup("–");
		if (top != NULL) {
			char *m = mean_text(&top->s);

			eb_cost_group_thread(gs->t, top, name, sizeof name);
			cells[3] = eb_xasprintf("%s%s%s %% of a CPU", name, *name ? " " : "", m);
			free(m);
		} else
			cells[3] = eb_xstrdup("–");
		cells[4] = mean_text(&cc->cpu);
		cells[5] = verdict_text(&cc->cpu_v);
		cells[6] = mean_text(&cc->joules);
		cells[7] = verdict_text(&cc->joules_v);
		eb_md_rowv(&t, (const char *const *)cells);
		for (int j = 0; j < 8; j++)
			free(cells[j]);
	}
	fp = open_memstream(&text, &len);
	if (fp == NULL) {
		fputs("encbench: out of memory\n", stderr);
		abort();
	}
	fprintf(fp, "## CPU and energy\n\n");
	fprintf(fp, "What moving one GiB cost, mean of the runs ± half-width of the 95 %% "
	    "confidence interval. CPU-s/GiB is the busy time of every CPU of the machine "
	    "(CPU-seconds) per GiB the test moved; J/GiB the energy the sampler counted "
	    "(a power meter, a discharging battery or RAPL, see encbench-run(1)) per GiB. "
	    "Against %s: how much more (+) or less a GiB took than with %s, with "
	    "Fieller's 95 %% interval and the verdict of a Welch test, Holm-adjusted over "
	    "the cases of the table; \"no measurable overhead\" when the data cannot "
	    "tell. Machine busy is the share of all CPUs; the busiest thread's share is "
	    "of one CPU.\n\n", baseline, baseline);
	eb_md_write(&t, fp);
	if (c->no_cpus > 0)
		fprintf(fp, "\n%zu case%s %s a busy share without the CPU count of the "
		    "machine, so no CPU-seconds.\n", c->no_cpus, c->no_cpus == 1 ? "" : "s",
		    c->no_cpus == 1 ? "has" : "have");
	fclose(fp);
	eb_buf_add(md, text, len);
	eb_buf_add(md, "\n", 1);
	free(text);
	eb_md_free(&t);
	eb_group_index_free(ix);
	free(order);
	eb_cost_free(c);
}
