/* report_linked.c - the linked pages: each release in full, the diff, the
 * trend case by case, every finding, the data and the setup of the runs. */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report_pw.h"

/* ---- the setup of the runs */

static const struct {
	const char *key, *label;
} setup_rows[] = {
	{ "host", "host" }, { "date", "date" }, { "kernel", "kernel" },
	{ "zfs_userland", "ZFS (userland)" }, { "zfs_module", "ZFS (module)" },
	{ "cryptsetup", "cryptsetup" }, { "cpu", "CPU" }, { "cpu_flags.aes", "AES-NI" },
	{ "cpu_flags.vaes", "VAES" }, { "cores", "cores" }, { "memory_bytes", "memory" },
	{ "bios", "BIOS" }, { "microcode", "microcode" }, { "tools.dd", "dd" },
	{ "tools.fio", "fio" }, { "tools.bonnie++", "bonnie++" },
};
#define NSETUP (sizeof setup_rows / sizeof setup_rows[0])

static void
meta_value(const struct eb_pw *w, const struct eb_run_meta *m, const char *key, char *buf,
    size_t n)
{
	*buf = '\0';
	if (w->r->o.meta_get == NULL)
		return;
	w->r->o.meta_get(m, key, buf, n);
	if (strcmp(key, "memory_bytes") == 0 && *buf) {
		double gib = strtod(buf, NULL) / 1073741824.0;

		snprintf(buf, n, "%.0f GiB", gib);
	}
}

static int
cmp_meta(const void *a, const void *b)
{
	const struct eb_run_meta *x = *(const struct eb_run_meta *const *)a;
	const struct eb_run_meta *y = *(const struct eb_run_meta *const *)b;
	int c = eb_release_cmp(x->release, y->release);

	if (c == 0)
		c = strcmp(x->host, y->host);
	return c ? c : strcmp(x->config, y->config);
}

/* The runs with a setup to show, in report order: those of the pair of
 * the main host when pair is set, else all. */
static const struct eb_run_meta **
setup_runs(const struct eb_pw *w, int pair, size_t *n)
{
	const struct eb_plan *p = w->p;
	const struct eb_table *t = p->t;
	const struct eb_run_meta **v = eb_xcalloc(t->nmeta ? t->nmeta : 1, sizeof *v);
	char val[256];

	*n = 0;
	for (size_t i = 0; i < t->nmeta; i++) {
		const struct eb_run_meta *m = &t->meta[i];
		int any = 0;

		if (pair && !((p->newest && strcmp(m->release, p->newest) == 0) ||
		    (p->from && strcmp(m->release, p->from) == 0)))
			continue;
		if (pair && p->nhosts > 1 && *m->host && strcmp(m->host, p->host) != 0)
			continue;
		for (size_t k = 0; k < NSETUP && !any; k++) {
			meta_value(w, m, setup_rows[k].key, val, sizeof val);
			any = *val != '\0';
		}
		if (any)
			v[(*n)++] = m;
	}
	qsort((void *)v, *n, sizeof *v, cmp_meta);
	return v;
}

void
eb_pw_setup_table(struct eb_pw *w, int pair)
{
	size_t nm;
	const struct eb_run_meta **m = setup_runs(w, pair, &nm);
	struct eb_md md;
	const char **cells;
	char **owned, val[256];
	int changes = 0;

	if (nm == 0) {
		free((void *)m);
		return;
	}
	eb_buf_addf(w->b, "## Setup\n\n");
	eb_md_init(&md, nm + 1);
	cells = eb_xcalloc(nm + 1, sizeof *cells);
	owned = eb_xcalloc(nm + 1, sizeof *owned);
	cells[0] = "";
	for (size_t i = 0; i < nm; i++) {
		eb_pw_run_label(w->p, m[i]->release, m[i]->host, m[i]->config, val, sizeof val);
		cells[i + 1] = owned[i + 1] = eb_xstrdup(val);
	}
	eb_md_rowv(&md, cells);
	for (size_t i = 0; i < nm; i++)
		free(owned[i + 1]);
	for (size_t k = 0; k < NSETUP; k++) {
		int any = 0;

		cells[0] = setup_rows[k].label;
		for (size_t i = 0; i < nm; i++) {
			meta_value(w, m[i], setup_rows[k].key, val, sizeof val);
			any |= *val != '\0';
			cells[i + 1] = owned[i + 1] = eb_xstrdup(val);
		}
		if (any)
			eb_md_rowv(&md, cells);
		for (size_t i = 0; i < nm; i++)
			free(owned[i + 1]);
	}
	{
		struct eb_pw_mem mm;

		eb_md_write(&md, eb_pw_mem_open(&mm));
		eb_pw_mem_close(&mm, w->b);
	}
	eb_md_free(&md);
	free((void *)cells);
	free(owned);

	/* What changed from one release to the next, run by run of the same
	 * host and config. */
	for (size_t i = 1; i < nm; i++) {
		size_t j;
		char prev[256];

		for (j = i; j-- > 0;)
			if (strcmp(m[j]->config, m[i]->config) == 0 &&
			    strcmp(m[j]->host, m[i]->host) == 0 &&
			    strcmp(m[j]->release, m[i]->release) != 0)
				break;
		if (j == (size_t)-1)
			continue;
		for (size_t k = 0; k < NSETUP; k++) {
			char label[160];

			if (strcmp(setup_rows[k].key, "date") == 0 || strcmp(setup_rows[k].key, "host") == 0)
				continue;
			meta_value(w, m[j], setup_rows[k].key, prev, sizeof prev);
			meta_value(w, m[i], setup_rows[k].key, val, sizeof val);
			if (strcmp(prev, val) == 0)
				continue;
			if (!changes++)
				eb_buf_addf(w->b, "### What changed between releases\n\n");
			eb_pw_run_label(w->p, m[i]->release, m[i]->host, m[i]->config, label, sizeof label);
			{
				char *line = eb_xasprintf("%s → %s, %s: %s → %s", m[j]->release, label,
				    setup_rows[k].label, *prev ? prev : "(unknown)",
				    *val ? val : "(unknown)");

				eb_pw_item(w->b, line);
				free(line);
			}
		}
	}
	if (changes)
		eb_buf_addf(w->b, "\n");
	free((void *)m);
}

/* ---- the linked pages */

static int
version_charted(const struct eb_plan *p, const char *release)
{
	return (p->newest != NULL && strcmp(release, p->newest) == 0) ||
	    !eb_plan_is_version(release);
}

void
eb_pw_release_body(struct eb_pw *w, const char *rel)
{
	const struct eb_plan *p = w->p;
	int charted = version_charted(p, rel);
	size_t nh, nc;
	int several_hosts;

	eb_pw_kinds_of(p, rel, &nh, &nc);
	several_hosts = nh > 1;

	for (size_t h = 0; h < p->nhosts; h++) {
		struct eb_groups *v = eb_plan_view(p, rel, p->hosts[h], NULL, p->metric);
		/* Charts of the main host, and of any host of a platform; the
		 * other hosts' tables say the same. */
		int drawn = charted && (h == 0 || !eb_plan_is_version(rel) ||
		    strcmp(p->hosts[h], p->host) == 0);
		size_t nconf;
		const char **confs = eb_plan_configs_of(p, rel, p->hosts[h], &nconf);
		struct eb_grid grid;
		struct eb_overhead *mine;
		size_t nmine = 0;
		struct eb_pw_mem m;

		if (v->n == 0) {
			eb_plan_view_free(v);
			free((void *)confs);
			continue;
		}
		if (several_hosts)
			eb_buf_addf(w->b, "## %s\n\n", p->hosts[h]);
		/* The plan's metric: latency when no throughput was measured. */
		eb_buf_addf(w->b, "%s %c%s\n\n", several_hosts ? "###" : "##",
		    toupper((unsigned char)eb_metric_words(p->metric)[0]), eb_metric_words(p->metric) + 1);
		for (size_t c = 0; drawn && c < nconf; c++) {
			struct eb_groups *vc = eb_plan_view(p, rel, p->hosts[h], confs[c], p->metric);
			char label[160], *name = eb_pw_chart_name(w, "bars", rel, p->hosts[h], confs[c], nconf > 1);
			char *alt;

			eb_pw_run_label(p, rel, p->hosts[h], nconf > 1 ? confs[c] : NULL, label, sizeof label);
			alt = eb_xasprintf("Bar chart: %s of each encryption mode in %s, reads "
			    "and writes side by side%s", eb_metric_words(p->metric), label,
			    eb_pw_ci_words(vc, 0));
			eb_pw_chart(w, EB_CHART_BARS, vc, rel, NULL, NULL, name, alt);
			free(name);
			free(alt);
			eb_plan_view_free(vc);
		}
		eb_grid_build(&grid, v, rel);
		eb_md_absolute(eb_pw_mem_open(&m), &grid, rel, w->r->o.iec);
		eb_pw_mem_close(&m, w->b);
		eb_grid_free(&grid);
		/* One table, one family: Holm over its rows, as "encbench
		 * overhead" of this release and host gives them. */
		mine = eb_plan_overhead_table(p, v, &nmine);
		if (nmine > 0) {
			eb_buf_addf(w->b, "%s Overhead against %s\n\n", several_hosts ? "###" : "##",
			    p->baseline);
			for (size_t c = 0; drawn && c < nconf; c++) {
				struct eb_groups *vc = eb_plan_view(p, rel, p->hosts[h], confs[c], p->metric);
				char label[160], *name = eb_pw_chart_name(w, "overhead", rel, p->hosts[h], confs[c],
				    nconf > 1);
				char *alt;

				eb_pw_run_label(p, rel, p->hosts[h], nconf > 1 ? confs[c] : NULL, label, sizeof label);
				alt = eb_xasprintf("Bar chart: %s of each encryption mode in %s as a "
				    "percentage of %s%s", eb_metric_words(p->metric), label, p->baseline,
				    eb_pw_ci_words(vc, 1));
				eb_pw_chart(w, EB_CHART_OVERHEAD, vc, rel, NULL, NULL, name, alt);
				free(name);
				free(alt);
				eb_plan_view_free(vc);
			}
			eb_md_overhead(eb_pw_mem_open(&m), mine, nmine, w->r->o.iec);
			eb_pw_mem_close(&m, w->b);
		}
		free(mine);
		free((void *)confs);
		eb_plan_view_free(v);
	}
	if (!charted)
		eb_buf_addf(w->b, "Charts are drawn for the newest release; `encbench chart "
		    "--kind bars --release %s` draws this one's.\n\n", rel);
	else if (several_hosts && eb_plan_is_version(rel))
		eb_buf_addf(w->b, "Charts are drawn for %s; `encbench chart --kind bars "
		    "--release %s --host HOST` draws another host's.\n\n", p->host, rel);
}

void
eb_pw_diff_body(struct eb_pw *w)
{
	const struct eb_plan *p = w->p;
	struct eb_diff *bw;
	size_t nbw = 0;
	struct eb_pw_mem m;

	for (size_t s = 0; s < p->nscopes; s++) {
		const struct eb_plan_scope *sc = &p->scopes[s];
		char *name, *alt, label[160];

		if (s > 0 && (strcmp(sc->host, p->host) != 0))
			continue;
		eb_pw_run_label(p, "", sc->host, sc->config, label, sizeof label);
		name = eb_pw_chart_name(w, "diff", NULL, sc->host, sc->config, p->nconfigs > 1);
		{
			char *full = eb_xasprintf("%s-%s-%s", name, p->from, p->to);

			free(name);
			name = full;
		}
		alt = eb_xasprintf("Diverging bar chart: change of throughput of each mode from %s "
		    "to %s%s%s, significant changes solid, no significant change hollow", p->from,
		    p->to, *label ? ", " : "", label);
		eb_pw_chart(w, EB_CHART_DIFF, sc->bw, NULL, p->from, p->to, name, alt);
		free(name);
		free(alt);
	}
	bw = eb_xcalloc(p->ndiff ? p->ndiff : 1, sizeof *bw);
	for (size_t i = 0; i < p->ndiff; i++)
		if (strcmp(p->diff[i].a->key->f[EB_F_METRIC], p->metric) == 0)
			bw[nbw++] = p->diff[i];
	if (nbw > 0) {
		const char *words = eb_metric_words(p->metric);

		eb_buf_addf(w->b, "## %c%s\n\n", *words >= 'a' && *words <= 'z' ? *words - 'a' + 'A' :
		    *words, *words ? words + 1 : "");
		eb_md_diff(eb_pw_mem_open(&m), bw, nbw, p->from, p->to, 0, w->r->o.iec);
		eb_pw_mem_close(&m, w->b);
	}
	free(bw);
	if (nbw < p->ndiff) {
		eb_buf_addf(w->b, "## Every metric\n\n");
		eb_md_diff(eb_pw_mem_open(&m), p->diff, p->ndiff, p->from, p->to, 0, w->r->o.iec);
		eb_pw_mem_close(&m, w->b);
	}
}

/* The verdict layer's word, and "ran once" of the side that did: a trend
 * row's test needs two runs on each side. */
static const char *
trend_verdict(const struct eb_trend_row *r, char *buf, size_t n)
{
	if (r->verdict == NULL)
		return "";
	if (r->v.kind == EB_VERDICT_SINGLE_RUN) {
		if (r->prev->s.n < 2 && r->g->s.n < 2)
			return "no test: both ran once";
		snprintf(buf, n, "no test: %s ran once", r->prev->s.n < 2 ?
		    r->prev->key->f[EB_F_RELEASE] : r->g->key->f[EB_F_RELEASE]);
		return buf;
	}
	return r->verdict;
}

/* The trend rows of one host and config; its columns say which, when
 * there are several, so that rows copied out stay told apart. */
static void
trend_table(struct eb_pw *w, const char *host, const char *config)
{
	const struct eb_plan *p = w->p;
	int hc = p->nhosts > 1, cc = p->nconfigs > 1;
	size_t ncols = 8 + (size_t)hc + (size_t)cc, k;
	struct eb_md md;
	const char **cells = eb_xcalloc(ncols, sizeof *cells);
	char align[16];
	struct eb_pw_mem m;

	eb_md_init(&md, ncols);
	k = 0;
	if (hc) {
		cells[k] = "host";
		align[k++] = 'l';
	}
	if (cc) {
		cells[k] = "config";
		align[k++] = 'l';
	}
	{
		static const char *const rest[] = { "test", "mode", "release", "n", "mean",
			"overhead", "change", "verdict" };
		static const char ra[] = "lllrrrrl";

		for (size_t i = 0; i < 8; i++) {
			cells[k] = rest[i];
			align[k++] = ra[i];
		}
	}
	eb_md_rowv(&md, cells);
	memcpy(md.align, align, ncols);
	for (size_t i = 0; i < p->ntrend; i++) {
		const struct eb_trend_row *r = &p->trend[i];
		const struct eb_record *key = r->g->key;
		char test[160], num[24], mean[48], oh[32], change[32], verdict[96];

		if (key->f[EB_F_HOST] != host || key->f[EB_F_CONFIG] != config ||
		    strcmp(key->f[EB_F_METRIC], p->metric) != 0)
			continue;
		eb_case_label(key, test, sizeof test);
		snprintf(num, sizeof num, "%zu", r->g->s.n);
		eb_value_text(mean, sizeof mean, key, r->g->s.mean, w->r->o.iec);
		/* A cost, or "N % faster", as the overhead tables say it. */
		if (!isnan(r->overhead_pct))
			eb_cost_text(r->overhead_pct, !eb_metric_higher_is_better(key->f[EB_F_METRIC]),
			    oh, sizeof oh);
		else
			oh[0] = '\0';
		if (r->prev != NULL)
			snprintf(change, sizeof change, "%+.1f %%", r->change_pct);
		else
			change[0] = '\0';
		k = 0;
		if (hc)
			cells[k++] = key->f[EB_F_HOST];
		if (cc)
			cells[k++] = key->f[EB_F_CONFIG];
		cells[k++] = test;
		cells[k++] = key->f[EB_F_MODE];
		cells[k++] = key->f[EB_F_RELEASE];
		cells[k++] = num;
		cells[k++] = mean;
		cells[k++] = oh;
		cells[k++] = change;
		cells[k++] = trend_verdict(r, verdict, sizeof verdict);
		eb_md_rowv(&md, cells);
	}
	eb_md_write(&md, eb_pw_mem_open(&m));
	fputs("\nchange is against the previous release that measured the same case, with "
	    "Welch's t test; overhead against the baseline of the same release, an "
	    "estimate without a test (for throughput what the mode costs, or how much "
	    "faster it ran; the release pages test each).\n", m.fp);
	eb_pw_mem_close(&m, w->b);
	eb_md_free(&md);
	free((void *)cells);
}

/* The trend and heat map of one host and config, label naming it. */
void
eb_pw_trend_charts(struct eb_pw *w, const struct eb_plan_scope *sc, const char *label)
{
	const struct eb_plan *p = w->p;
	char *name = eb_pw_chart_name(w, "trend", NULL, sc->host, sc->config, p->nconfigs > 1);
	char *alt = eb_xasprintf("Line chart: throughput of each encryption mode across releases "
	    "in version order%s%s", *label ? ", " : "", label);

	eb_pw_chart(w, EB_CHART_TREND, sc->bw, NULL, NULL, NULL, name, alt);
	free(name);
	free(alt);
	name = eb_pw_chart_name(w, "heatmap", NULL, sc->host, sc->config, p->nconfigs > 1);
	alt = eb_xasprintf("Heat map: overhead in percent of each mode in each release%s%s, "
	    "values in the cells", *label ? ", " : "", label);
	eb_pw_chart(w, EB_CHART_HEATMAP, sc->bw, NULL, NULL, NULL, name, alt);
	free(name);
	free(alt);
}

#define SCOPES_CHARTED 4

void
eb_pw_trend_body(struct eb_pw *w)
{
	const struct eb_plan *p = w->p;

	for (size_t s = 0; s < p->nscopes; s++) {
		const struct eb_plan_scope *sc = &p->scopes[s];
		char label[160];
		const char *what;

		eb_pw_run_label(p, "", sc->host, sc->config, label, sizeof label);
		what = label;
		if (p->nscopes > 1) {
			char *esc = eb_md_escape(what);

			eb_buf_addf(w->b, "## %s\n\n", esc);
			free(esc);
		}
		if (sc->nreleases < 2) {
			char *path = eb_pw_release_path(w, sc->release), *u = eb_pw_url_page(w, path);

			eb_buf_addf(w->b, "Measured in one release only: [%s](%s).\n\n", sc->release, u);
			free(u);
			free(path);
			continue;
		}
		/* A few pairs of host and config get a chart each; beyond that
		 * the main host's do, and the others a command, so that a decade
		 * of rounds on many hosts stays a page to read (and to draw). */
		if (p->nscopes > SCOPES_CHARTED && strcmp(sc->host, p->host) != 0) {
			eb_buf_addf(w->b, "Charts of the main host, %s, only; `encbench chart --kind "
			    "trend --host %s --config %s` draws this one's trend, `--kind heatmap` its "
			    "heat map. Its numbers are in the table below.\n\n", p->host, sc->host,
			    sc->config);
			continue;
		}
		eb_pw_trend_charts(w, sc, what);
	}
	eb_buf_addf(w->b, "## Every case\n\n");
	for (size_t s = 0; s < p->nscopes; s++) {
		char label[160];

		eb_pw_run_label(p, "", p->scopes[s].host, p->scopes[s].config, label, sizeof label);
		if (p->nscopes > 1) {
			char *esc = eb_md_escape(label);

			eb_buf_addf(w->b, "### %s\n\n", esc);
			free(esc);
		}
		trend_table(w, p->scopes[s].host, p->scopes[s].config);
	}
}

void
eb_pw_findings_body(struct eb_pw *w)
{
	for (size_t i = 0; i < w->p->findings.n; i++)
		eb_pw_item(w->b, w->p->findings.lines[i]);
	eb_buf_addf(w->b, "\n");
}

void
eb_pw_data_body(struct eb_pw *w)
{
	const struct eb_plan *p = w->p;
	char *csv = eb_pw_url_file(w, "results.csv"), *json = eb_pw_url_file(w, "results.json"),
	    *sum = eb_pw_url_file(w, "summary.json"), *pkg = eb_pw_url_file(w, "datapackage.json");

	eb_buf_addf(w->b, "- [results.csv](%s) and [results.json](%s): every record, with "
	    "its source file and line; [datapackage.json](%s) describes results.csv's "
	    "columns (Frictionless)\n- [summary.json](%s): every table of this report at "
	    "full precision\n\nInputs:", csv, json, pkg, sum);
	free(pkg);
	for (size_t i = 0; i < w->r->o.ninputs; i++)
		eb_buf_addf(w->b, " `%s`", w->r->o.inputs[i]);
	eb_buf_addf(w->b, ", %zu records.", p->t->n);
	if (p->nmade_up > 0) {
		eb_buf_addf(w->b, " Made-up numbers, by what their inputs say: ");
		eb_pw_made_up_list(w, w->b);
		eb_buf_addf(w->b, ".");
	}
	eb_buf_addf(w->b, "\n\n");
	free(csv);
	free(json);
	free(sum);
	eb_pw_setup_table(w, 0);
}
