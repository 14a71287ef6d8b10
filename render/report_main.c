/* report_main.c - the sections of the main page: the banner, the headline
 * findings, the newest release at a glance, across releases and the links. */
#include <ctype.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../analyze/caveats.h"
#include "report_pw.h"

/* ---- numbers in cells */

/* A change of throughput against the baseline, as benchstat prints one:
 * "-14.5 (-17.8 to -11.1)"; "~ (-5.7 to +10.3)" where the verdict is that
 * the data cannot tell the mode from the baseline; "+4.4 (n=1)" without an
 * interval. The word and the interval are both the verdict's, v being o's
 * verdict after the adjustment the headline makes, so its interval is at
 * its Holm step level and holds 0 exactly where the cell says `~`. */
static void
change_cell(char *buf, size_t n, const struct eb_overhead *o, const struct eb_verdict *v)
{
	char d[40], lo[40], hi[40];
	double rlo, rhi;

	eb_verdict_ratio_interval(v, &rlo, &rhi);
	eb_figure_text((o->ratio - 1) * 100, 1, 0, d, sizeof d);
	eb_figure_text((rlo - 1) * 100, 1, 0, lo, sizeof lo);
	eb_figure_text((rhi - 1) * 100, 1, 0, hi, sizeof hi);
	switch (v->kind) {
	case EB_VERDICT_SINGLE_RUN:
		snprintf(buf, n, "%s (n=1)", d);
		break;
	case EB_VERDICT_UNBOUNDED:
		snprintf(buf, n, "%s (unbounded)", d);
		break;
	case EB_VERDICT_NO_VARIATION:
		snprintf(buf, n, "%s (no variation)", d);
		break;
	case EB_VERDICT_NO_MEASURABLE:
		snprintf(buf, n, "~ (%s to %s)", lo, hi);
		break;
	default:
		if (isnan(rlo) && isnan(rhi))
			snprintf(buf, n, "%s", d);
		else if (isnan(rlo))
			snprintf(buf, n, "%s (up to %s)", d, hi);
		else if (isnan(rhi))
			snprintf(buf, n, "%s (%s or more)", d, lo);
		else
			snprintf(buf, n, "%s (%s to %s)", d, lo, hi);
	}
}

static int
cmp_str(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

static int
cmp_mode_ptr(const void *a, const void *b)
{
	return eb_mode_cmp(*(const char *const *)a, *(const char *const *)b);
}

static size_t
index_of(const char *const *v, size_t n, const char *s)
{
	for (size_t i = 0; i < n; i++)
		if (strcmp(v[i], s) == 0)
			return i;
	return n;
}

/* A glance row with its relative time second, where a reader looks
 * first, though it is worked out last. */
static void
glance_row(struct eb_md *md, char *const *own, size_t ntests)
{
	const char **v = eb_xcalloc(ntests + 2, sizeof *v);

	v[0] = own[0];
	v[1] = own[ntests + 1];
	for (size_t t = 0; t < ntests; t++)
		v[t + 2] = own[t + 1];
	eb_md_rowv(md, v);
	free((void *)v);
}

/* The newest release of one host and config at a glance: each mode
 * against the baseline test by test, the geometric mean over the tests
 * as hyperfine's relative time, and over the modes as a last row. */
void
eb_pw_run_counts(const struct eb_groups *v, size_t *with, size_t *once)
{
	*with = *once = 0;
	for (size_t i = 0; v != NULL && i < v->n; i++)
		if (v->g[i].s.n >= 2)
			(*with)++;
		else
			(*once)++;
}

const char *
eb_pw_ci_words(const struct eb_groups *v, int fieller)
{
	size_t with, once;

	eb_pw_run_counts(v, &with, &once);
	if (once == 0)
		return fieller ? ", with 95 % intervals from Fieller's theorem" :
		    ", with 95 % confidence intervals";
	if (with == 0)
		return ", single runs without intervals";
	return fieller ? ", with 95 % intervals from Fieller's theorem where both sides were run "
	    "more than once" : ", with 95 % confidence intervals where a case was run more than once";
}

/* What the runs' meta.json say of the table's figures, right below it. */
static void
glance_caveats(struct eb_pw *w, const char *release, const char *host, const char *config)
{
	const struct eb_plan *p = w->p;
	struct eb_caveat_list l = { 0 };
	char text[4096] = "";

	for (size_t i = 0; p->caveats != NULL && i < p->bw->n; i++) {
		const struct eb_record *k = p->bw->g[i].key;

		if (strcmp(k->f[EB_F_RELEASE], release) == 0 && strcmp(k->f[EB_F_HOST], host) == 0 &&
		    strcmp(k->f[EB_F_CONFIG], config) == 0)
			eb_caveats_case(p->caveats, k, p->baseline, &l);
	}
	eb_caveat_list_sentence(&l, text, sizeof text);
	if (*text != '\0') {
		char *esc = eb_md_escape(text + 1);

		eb_buf_addf(w->b, "%s\n\n", esc);
		free(esc);
	}
	eb_caveat_list_free(&l);
}

/* Once on a page: what qualifies its figures (caveats.h), each fact once,
 * before any claim; of the groups of the releases named (nrel of them),
 * or of all for none. */
void
eb_pw_caveats_of(struct eb_pw *w, const char *const *releases, size_t nrel)
{
	const struct eb_plan *p = w->p;
	struct eb_caveat_list l = { 0 };
	struct eb_groups some = *p->gs;

	if (nrel > 0) {
		some.g = eb_xmalloc((p->gs->n + 1) * sizeof *some.g);
		some.n = 0;
		for (size_t i = 0; i < p->gs->n; i++)
			for (size_t r = 0; r < nrel; r++)
				if (strcmp(p->gs->g[i].key->f[EB_F_RELEASE], releases[r]) == 0) {
					some.g[some.n++] = p->gs->g[i];
					break;
				}
	}
	eb_caveats_of_groups(p->caveats, &some, p->baseline, &l);
	if (nrel > 0)
		free(some.g);
	if (l.n > 0) {
		eb_buf_addf(w->b, "%s\n\n", l.ndata == 0 ? "What meta.json says qualifies these "
		    "figures:" : l.ndata == l.n ? "What qualifies these figures:" :
		    "What the data and meta.json say qualifies these figures:");
		for (size_t i = 0; i < l.n; i++) {
			const char *c = l.items[i];
			size_t len = strspn(c, "abcdefghijklmnopqrstuvwxyz");
			/* A first word of letters alone is a word of the sentence; one
			 * like "meta.json" or "aes-256-gcm" is a name, kept as spelt. */
			int word = len > 0 && (c[len] == ' ' || c[len] == ',' || c[len] == '\0');
			char *item = eb_xasprintf("%c%s.", word ? c[0] - 'a' + 'A' : c[0], c + 1);

			eb_pw_item(w->b, item);
			free(item);
		}
		eb_buf_addf(w->b, "\n");
	}
	eb_caveat_list_free(&l);
}

void
eb_pw_caveats(struct eb_pw *w)
{
	eb_pw_caveats_of(w, NULL, 0);
}

static void
glance_table(struct eb_pw *w, const char *release, const char *host, const char *config)
{
	const struct eb_plan *p = w->p;
	const struct eb_overhead **cell, **pick;
	const char **tests = NULL, **modes = NULL;
	const struct eb_group **base;
	size_t ntests = 0, nmodes = 0, cap1 = 0, cap2 = 0;
	struct eb_md md;
	char test[160], buf[160];
	const char **cells;
	struct eb_verdict *verd;
	void (*label)(const struct eb_record *, char *, size_t) = eb_case_label;

	/* Two tests of one mode that one label would name (jobs named after
	 * what they do, "seq-write" and "write") each keep a column: every
	 * label names its job then. */
	{
		char **seen = NULL;
		size_t nseen = 0, cap = 0;

		for (size_t i = 0; i < p->noh; i++) {
			const struct eb_record *k = p->oh[i].g->key;

			if (strcmp(k->f[EB_F_RELEASE], release) || strcmp(k->f[EB_F_HOST], host) ||
			    strcmp(k->f[EB_F_CONFIG], config))
				continue;
			eb_case_label(k, test, sizeof test);
			eb_xgrow(&seen, &cap, nseen + 1, sizeof *seen);
			seen[nseen++] = eb_xasprintf("%s\037%s", k->f[EB_F_MODE], test);
		}
		if (nseen > 1)
			qsort((void *)seen, nseen, sizeof *seen, cmp_str);
		for (size_t i = 1; i < nseen; i++)
			if (strcmp(seen[i - 1], seen[i]) == 0)
				label = eb_case_label_with_job;
		for (size_t i = 0; i < nseen; i++)
			free(seen[i]);
		free(seen);
	}
	for (size_t i = 0; i < p->noh; i++) {
		const struct eb_record *k = p->oh[i].g->key;

		if (strcmp(k->f[EB_F_RELEASE], release) || strcmp(k->f[EB_F_HOST], host) ||
		    strcmp(k->f[EB_F_CONFIG], config))
			continue;
		label(k, test, sizeof test);
		if (index_of(tests, ntests, test) == ntests) {
			eb_xgrow(&tests, &cap1, ntests + 1, sizeof *tests);
			tests[ntests++] = eb_xstrdup(test);
		}
		if (index_of(modes, nmodes, k->f[EB_F_MODE]) == nmodes) {
			eb_xgrow(&modes, &cap2, nmodes + 1, sizeof *modes);
			modes[nmodes++] = k->f[EB_F_MODE];
		}
	}
	if (ntests == 0) {
		free((void *)tests);
		free((void *)modes);
		return;
	}
	qsort((void *)tests, ntests, sizeof *tests, cmp_str);
	qsort((void *)modes, nmodes, sizeof *modes, cmp_mode_ptr);
	cell = eb_xcalloc(ntests * nmodes, sizeof *cell);
	base = eb_xcalloc(ntests, sizeof *base);
	for (size_t i = 0; i < p->noh; i++) {
		const struct eb_record *k = p->oh[i].g->key;
		size_t t, m;

		if (strcmp(k->f[EB_F_RELEASE], release) || strcmp(k->f[EB_F_HOST], host) ||
		    strcmp(k->f[EB_F_CONFIG], config))
			continue;
		label(k, test, sizeof test);
		t = index_of(tests, ntests, test);
		m = index_of(modes, nmodes, k->f[EB_F_MODE]);
		if (cell[m * ntests + t] == NULL)
			cell[m * ntests + t] = &p->oh[i];
		base[t] = p->oh[i].base;
	}
	/* The cells' verdicts adjusted (Holm) as the headline adjusts them:
	 * over the tests of one mode family in this release, host and config,
	 * so that a `~` here is a "no measurable overhead" there. */
	verd = eb_xcalloc(ntests * nmodes, sizeof *verd);
	{
		struct eb_verdict **vp = eb_xcalloc(ntests * nmodes, sizeof *vp);
		const struct eb_record **keys = eb_xcalloc(ntests * nmodes, sizeof *keys);
		struct eb_verdict_opts vo = EB_VERDICT_OPTS_DEFAULT;
		unsigned char *done = eb_xcalloc(nmodes, 1);

		vo.alpha = p->alpha;
		for (size_t c = 0; c < ntests * nmodes; c++)
			if (cell[c] != NULL)
				verd[c] = cell[c]->v;
		for (size_t m = 0; m < nmodes; m++) {
			const char *fam = eb_mode_family(modes[m]);
			size_t k = 0;

			if (done[m])
				continue;
			for (size_t m2 = m; m2 < nmodes; m2++) {
				if (strcmp(eb_mode_family(modes[m2]), fam) != 0)
					continue;
				done[m2] = 1;
				for (size_t t = 0; t < ntests; t++)
					if (cell[m2 * ntests + t] != NULL) {
						vp[k] = &verd[m2 * ntests + t];
						keys[k++] = cell[m2 * ntests + t]->g->key;
					}
			}
			eb_verdict_adjust(vp, keys, k, &vo);
		}
		free(done);
		free((void *)keys);
		free(vp);
	}
	eb_md_init(&md, ntests + 2);
	cells = eb_xcalloc(ntests + 2, sizeof *cells);
	{
		char **head = eb_xcalloc(ntests + 2, sizeof *head);
		char *align = eb_xmalloc(ntests + 3);

		head[0] = eb_xstrdup("mode");
		align[0] = 'l';
		for (size_t t = 0; t < ntests; t++) {
			head[t + 1] = eb_xasprintf("%s (%%)", tests[t]);
			align[t + 1] = 'r';
		}
		head[ntests + 1] = eb_xasprintf("relative time (%s = 1)", p->baseline);
		align[ntests + 1] = 'r';
		align[ntests + 2] = '\0';
		glance_row(&md, head, ntests);
		memcpy(md.align, align, ntests + 2);
		for (size_t t = 0; t < ntests + 2; t++)
			free(head[t]);
		free(head);
		free(align);
	}
	/* The baseline's own row: what the percentages are of. */
	{
		char **own = eb_xcalloc(ntests + 2, sizeof *own);

		own[0] = eb_xasprintf("%s (absolute)", p->baseline);
		for (size_t t = 0; t < ntests; t++) {
			own[t + 1] = eb_xmalloc(48);
			eb_value_text(own[t + 1], 48, base[t]->key, base[t]->s.mean, w->r->o.iec);
		}
		own[ntests + 1] = eb_xstrdup("1.000");
		glance_row(&md, own, ntests);
		for (size_t t = 0; t < ntests + 2; t++)
			free(own[t]);
		free(own);
	}
	pick = eb_xcalloc(ntests > nmodes ? ntests : nmodes, sizeof *pick);
	for (size_t m = 0; m < nmodes; m++) {
		char **own = eb_xcalloc(ntests + 2, sizeof *own);
		size_t k = 0, unbounded = 0, claims = 0;
		double lo, hi, g;
		int once = 0;

		own[0] = eb_xstrdup(modes[m]);
		for (size_t t = 0; t < ntests; t++) {
			const struct eb_overhead *o = cell[m * ntests + t];

			own[t + 1] = eb_xmalloc(160);
			own[t + 1][0] = '\0';
			if (o != NULL) {
				const struct eb_verdict *v = &verd[m * ntests + t];

				change_cell(own[t + 1], 160, o, v);
				unbounded += v->kind == EB_VERDICT_UNBOUNDED || v->unbounded;
				claims += eb_verdict_claims(v);
				pick[k++] = o;
			}
		}
		/* The relative times of the modes are one family: each
		 * interval is at the Bonferroni level over them, so that no
		 * row reads slower where the tests' adjusted verdicts cannot
		 * tell (audit 16 M4); `~` exactly when it holds 1. */
		g = eb_plan_geomean(pick, k, p->alpha / (double)nmodes, &lo, &hi);
		for (size_t i = 0; i < k; i++)
			once |= pick[i]->g->s.n < 2 || pick[i]->base->s.n < 2;
		{
			char rg[40], rl[40], rh[40];

			eb_ratio_text(1 / g, rg, sizeof rg);
			eb_ratio_text(1 / hi, rl, sizeof rl);
			eb_ratio_text(1 / lo, rh, sizeof rh);
			/* A ratio beyond what a double holds has no figure to
			 * print, as its verdict says "out of range". */
			if (!(g > 0 && isfinite(g) && isfinite(1 / g)))
				snprintf(buf, sizeof buf, "out of range");
			else if (k < ntests)
				snprintf(buf, sizeof buf, "%s (%zu of %zu tests)", rg, k, ntests);
			else if (unbounded > 0)
				snprintf(buf, sizeof buf, "%s (unbounded)", rg);
			/* A case run once has no interval, which no bound of the
			 * mean over the tests can stand for. */
			else if (isnan(lo) && once)
				snprintf(buf, sizeof buf, "%s (no interval: a case run once)", rg);
			else if (isnan(lo))
				snprintf(buf, sizeof buf, "%s (no variation in the runs)", rg);
			else if (!isfinite(1 / lo) || !isfinite(1 / hi))
				snprintf(buf, sizeof buf, "%s (unbounded)", rg);
			else
				snprintf(buf, sizeof buf, "%s (%s–%s)", (lo <= 1 && 1 <= hi) ||
				    claims == 0 ? "~" : rg, rl, rh);
		}
		own[ntests + 1] = eb_xstrdup(buf);
		glance_row(&md, own, ntests);
		for (size_t t = 0; t < ntests + 2; t++)
			free(own[t]);
		free(own);
	}
	/* The geometric mean over the modes, test by test: exp of the mean of
	 * the log ratios, its interval from the delta method on the log scale
	 * (eb_plan_geomean). With one mode it would only repeat the mode's row,
	 * so it is left out; an unbounded member leaves it unbounded. */
	if (nmodes > 1) {
		char **own = eb_xcalloc(ntests + 2, sizeof *own);

		own[0] = eb_xstrdup("geomean of the modes");
		for (size_t t = 0; t < ntests; t++) {
			size_t k = 0, unbounded = 0, claims = 0;
			double lo, hi, g;
			int once = 0;

			for (size_t m = 0; m < nmodes; m++)
				if (cell[m * ntests + t] != NULL) {
					const struct eb_verdict *v = &verd[m * ntests + t];

					unbounded += v->kind == EB_VERDICT_UNBOUNDED || v->unbounded;
					claims += eb_verdict_claims(v);
					once |= cell[m * ntests + t]->g->s.n < 2 ||
					    cell[m * ntests + t]->base->s.n < 2;
					pick[k++] = cell[m * ntests + t];
				}
			g = eb_plan_geomean(pick, k, p->alpha / (double)ntests, &lo, &hi);
			{
				char e[40], l[40], h[40];

				eb_figure_text((g - 1) * 100, 1, 0, e, sizeof e);
				eb_figure_text((lo - 1) * 100, 1, 0, l, sizeof l);
				eb_figure_text((hi - 1) * 100, 1, 0, h, sizeof h);
				if (unbounded > 0)
					own[t + 1] = eb_xasprintf("%s (unbounded)", e);
				/* Marked as the mode cells above it are: a bare
				 * figure would read as a claim. */
				else if (isnan(lo))
					own[t + 1] = eb_xasprintf("%s (%s)", e,
					    once ? "n=1" : "no variation");
				else
					own[t + 1] = eb_xasprintf("%s (%s to %s)",
					    (lo <= 1 && 1 <= hi) || claims == 0 ? "~" : e, l, h);
			}
		}
		own[ntests + 1] = eb_xstrdup("");
		glance_row(&md, own, ntests);
		for (size_t t = 0; t < ntests + 2; t++)
			free(own[t]);
		free(own);
	}
	eb_pw_run_label(p, release, host, config, buf, sizeof buf);
	{
		char *esc = eb_md_escape(buf);

		snprintf(buf, sizeof buf, "%s", esc);
		free(esc);
	}
	{
		int adjusted = 0;
		char level[48];

		for (size_t c = 0; c < ntests * nmodes; c++)
			adjusted |= cell[c] != NULL && eb_verdict_interval_adjusted(&verd[c]);
		char plain[16], rel[64] = "", over[64] = "";

		eb_interval_level_text(p->alpha, adjusted, level, sizeof level);
		eb_level_text(p->alpha, plain, sizeof plain);
		if (nmodes > 1)
			snprintf(rel, sizeof rel, ", Bonferroni-adjusted over the %zu modes", nmodes);
		if (ntests > 1)
			snprintf(over, sizeof over, ", Bonferroni-adjusted over the %zu tests", ntests);
		/* Of latency (no throughput measured) the cells are speeds: the
		 * baseline's latency over the mode's, as the overhead table
		 * turns lower-is-better figures (audit 19). */
		const char *mw = eb_metric_words(p->metric);
		int higher = eb_metric_higher_is_better(p->metric);
		char what[160], ratio[160];

		if (higher)
			snprintf(what, sizeof what, "%c%s of each mode", toupper((unsigned char)mw[0]),
			    mw + 1);
		else
			snprintf(what, sizeof what, "Speed by %s of each mode (%s's %s over the "
			    "mode's)", mw, p->baseline, mw);
		if (higher)
			snprintf(ratio, sizeof ratio, "%s's %s over the mode's", p->baseline, mw);
		else
			snprintf(ratio, sizeof ratio, "the mode's %s over %s's", mw, p->baseline);
		eb_buf_addf(w->b, "%s against %s in %s, in percent, with its "
		    "%s interval (Fieller)%s; `~` where the verdict, after Holm's adjustment over "
		    "the tests of each mode family as in the findings, is that the data cannot "
		    "tell the mode from %s, which is where that interval holds 0. Relative time "
		    "is the geometric mean over the tests of %s "
		    "(hyperfine's \"times slower\"), with its %s %% interval%s (delta method on "
		    "the log scale), `~` where that holds 1 or where no test of the row tells the "
		    "mode from %s, so that the mean over the tests claims no more than they do; "
		    "the last row, when there is more than one mode, is the geometric mean over "
		    "the modes, with %s %% intervals%s, `~` likewise.\n\n",
		    what, p->baseline, buf, level, adjusted ? " (the test with the k-th smallest p of "
		    "m at the level 1 - alpha / (m - k + 1), and from the first test Holm keeps "
		    "on at that one's level)" : "", p->baseline, ratio, plain, rel,
		    p->baseline, plain, over);
	}
	{
		struct eb_pw_mem m;

		eb_md_write(&md, eb_pw_mem_open(&m));
		eb_pw_mem_close(&m, w->b);
	}
	glance_caveats(w, release, host, config);
	eb_md_free(&md);
	free((void *)cells);
	free((void *)pick);
	free(verd);
	free((void *)cell);
	free((void *)base);
	for (size_t t = 0; t < ntests; t++)
		free((void *)(uintptr_t)tests[t]);
	free((void *)tests);
	free((void *)modes);
}

/* ---- the sections */

void
eb_pw_made_up_list(const struct eb_pw *w, struct eb_buf *b)
{
	const struct eb_plan *p = w->p;

	for (size_t i = 0; i < p->nmade_up; i++) {
		char label[160];

		eb_pw_run_label(p, p->made_up[i].release, p->made_up[i].host, p->made_up[i].config,
		    label, sizeof label);
		eb_buf_addf(b, "%s%s", i == 0 ? "" : i + 1 == p->nmade_up ? " and " : ", ", label);
	}
}

void
eb_pw_banner(struct eb_pw *w)
{
	if (w->p->nmade_up == 0)
		return;
	eb_buf_addf(w->b, "> **Illustrative data.** The run%s of ", w->p->nmade_up > 1 ? "s" : "");
	eb_pw_made_up_list(w, w->b);
	eb_buf_addf(w->b, " say%s in %s meta.json or sheet that %s numbers are made up, to show "
	    "the formats and the report: they are not measurements.%s\n\n",
	    w->p->nmade_up > 1 ? "" : "s", w->p->nmade_up > 1 ? "their" : "its",
	    w->p->nmade_up > 1 ? "their" : "its",
	    w->p->all_made_up ? "" : " The other runs say nothing of the kind.");
}

void
eb_pw_findings_section(struct eb_pw *w)
{
	const struct eb_plan *p = w->p;
	char *u;

	eb_buf_addf(w->b, "## Findings\n\n");
	for (size_t i = 0; i < p->headline.n; i++)
		eb_pw_item(w->b, p->headline.lines[i]);
	/* Findings of no rank the headline picks ("No figure of overhead:
	 * ..."): the section never stands empty over them. */
	for (size_t i = 0; p->headline.n == 0 && i < p->findings.n && i < 8; i++)
		eb_pw_item(w->b, p->findings.lines[i]);
	u = eb_pw_url_page(w, "findings.md");
	if (p->findings.n == 1)
		eb_buf_addf(w->b, "\nThe one finding, on a page of its own: [findings.md](%s).\n\n", u);
	else if (p->nhosts > 1)
		eb_buf_addf(w->b, "\nAll %zu findings, of every release and host: [findings.md](%s).\n\n",
		    p->findings.n, u);
	else
		eb_buf_addf(w->b, "\nAll %zu findings: [findings.md](%s).\n\n", p->findings.n, u);
	free(u);
}

/* Where the other hosts and configs of a release are. */
static void
others_note(struct eb_pw *w, const char *release, const char *what)
{
	size_t nh, nc;

	eb_pw_kinds_of(w->p, release, &nh, &nc);
	if (nc > 1 || nh > 1) {
		char *u, *path = eb_pw_release_path(w, release);

		u = eb_pw_url_page(w, path);
		eb_buf_addf(w->b, "%s of the other %s%s%s of %s: [%s](%s).\n\n", what,
		    nc > 1 ? "configs" : "", nc > 1 && nh > 1 ? " and " : "",
		    nh > 1 ? "hosts" : "", release, path, u);
		free(u);
		free(path);
	}
}

void
eb_pw_newest_section(struct eb_pw *w)
{
	const struct eb_plan *p = w->p;
	const char *rel = p->newest;
	char label[160];
	struct eb_groups *v;
	char *name;
	size_t nconf;
	const char **confs;

	if (rel == NULL)
		return;
	eb_pw_run_label(p, rel, p->host, p->config, label, sizeof label);
	{
		char *esc = eb_md_escape(label);

		eb_buf_addf(w->b, "## %s at a glance\n\n", esc);
		free(esc);
	}
	glance_table(w, rel, p->host, p->config);
	confs = eb_plan_configs_of(p, rel, p->host, &nconf);
	v = eb_plan_view(p, rel, p->host, p->config, p->metric);
	name = eb_pw_chart_name(w, "bars", rel, p->host, p->config, nconf > 1);
	{
		char *alt = eb_xasprintf("Bar chart: %s of each encryption mode in %s, "
		    "reads and writes side by side%s", eb_metric_words(p->metric), label,
		    eb_pw_ci_words(v, 0));

		eb_pw_chart(w, EB_CHART_BARS, v, rel, NULL, NULL, name, alt);
		free(alt);
		free(name);
		name = eb_pw_chart_name(w, "overhead", rel, p->host, p->config, nconf > 1);
		alt = eb_xasprintf("Bar chart: %s of each encryption mode in %s as a "
		    "percentage of %s%s", eb_metric_words(p->metric), label, p->baseline,
		    eb_pw_ci_words(v, 1));
		eb_pw_chart(w, EB_CHART_OVERHEAD, v, rel, NULL, NULL, name, alt);
		free(alt);
		free(name);
	}
	eb_plan_view_free(v);
	free((void *)confs);
	others_note(w, rel, "The tables and charts");
}

void
eb_pw_across_section(struct eb_pw *w)
{
	const struct eb_plan *p = w->p;
	const struct eb_plan_scope *sc;
	char label[160], *u;

	if (p->nreleases < 2 || p->nscopes == 0)
		return;
	sc = &p->scopes[0];
	eb_pw_run_label(p, "", sc->host, sc->config, label, sizeof label);
	eb_buf_addf(w->b, "## Across releases\n\n");
	if (p->from != NULL) {
		char *path = eb_pw_diff_path(w, p->from, p->to);

		u = eb_pw_url_page(w, path);
		eb_buf_addf(w->b, "Every test from %s to %s, with a significance test: [%s](%s).\n\n",
		    p->from, p->to, path, u);
		free(u);
		free(path);
	}
	eb_pw_trend_charts(w, sc, label);
	if (p->nscopes > 1) {
		u = eb_pw_url_page(w, "trend.md");
		eb_buf_addf(w->b, "These charts are of %s%s%s%s%s; the trend and heat map of each "
		    "of the %zu pairs of host and config: [trend.md](%s).\n\n",
		    p->nhosts > 1 ? "host " : "", p->nhosts > 1 ? sc->host : "",
		    p->nhosts > 1 ? ", " : "", "config ", sc->config, p->nscopes, u);
		free(u);
	}
}

void
eb_pw_more_section(struct eb_pw *w)
{
	const struct eb_plan *p = w->p;
	char *u;

	eb_buf_addf(w->b, "## More\n\n- Each release:");
	/* Newest first, labels that are no version number after them. */
	for (int versions = 1, first = 1; versions >= 0; versions--)
		for (size_t i = p->nreleases; i-- > 0;) {
			const char *rel = p->releases[i];
			char *path;

			if (eb_plan_is_version(rel) != versions && !p->chosen)
				continue;
			if (p->chosen && !versions)
				break;
			path = eb_pw_release_path(w, rel);
			u = eb_pw_url_page(w, path);
			eb_buf_addf(w->b, "%s [%s](%s)", first ? "" : ",", *rel ? rel : "(unnamed)", u);
			first = 0;
			free(u);
			free(path);
		}
	eb_buf_addf(w->b, "\n");
	if (p->from != NULL) {
		char *path = eb_pw_diff_path(w, p->from, p->to);

		u = eb_pw_url_page(w, path);
		eb_buf_addf(w->b, "- %s → %s, every test and metric: [%s](%s)\n", p->from, p->to,
		    path, u);
		free(u);
		free(path);
	}
	u = eb_pw_url_page(w, "trend.md");
	eb_buf_addf(w->b, "- Every case across releases: [trend.md](%s)\n", u);
	free(u);
	u = eb_pw_url_page(w, "findings.md");
	if (p->findings.n == 1)
		eb_buf_addf(w->b, "- The one finding: [findings.md](%s)\n", u);
	else
		eb_buf_addf(w->b, "- All %zu findings: [findings.md](%s)\n", p->findings.n, u);
	free(u);
	u = eb_pw_url_page(w, "data.md");
	eb_buf_addf(w->b, "- The data, the inputs and every setup: [data.md](%s)\n\n", u);
	free(u);
}
