/* report_page.c - the pages of a report from its plan: the main page a
 * blogger pastes (headline, the newest release, the key charts, the setup),
 * and the linked pages with every release, the diff, the trend and the data. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "cost.h"
#include "../analyze/caveats.h"
#include "report_pw.h"

/* A list item of text that may carry labels: escaped, so that a label is
 * never markup. */
void
eb_pw_item(struct eb_buf *b, const char *text)
{
	char *t = eb_md_escape(text);

	eb_buf_addf(b, "- %s\n", t);
	free(t);
}

const char eb_report_section_names[] =
    "findings, newest, across, setup, more, releases, diff, trend, all-findings, data";

static const char *const section_name[] = {
	"findings", "newest", "across", "setup", "more", "releases", "diff", "trend",
	"all-findings", "data",
};
#define NSECTIONS (sizeof section_name / sizeof section_name[0])

unsigned
eb_report_sections(const char *list, char *bad, size_t nbad)
{
	unsigned mask = 0;
	const char *p = list;

	while (*p) {
		size_t n = strcspn(p, ",");
		size_t k;

		if (n == 3 && strncmp(p, "all", 3) == 0)
			mask |= EB_SEC_ALL;
		else {
			for (k = 0; k < NSECTIONS; k++)
				if (strlen(section_name[k]) == n && strncmp(p, section_name[k], n) == 0)
					break;
			if (k == NSECTIONS) {
				snprintf(bad, nbad, "%.*s", (int)n, p);
				return 0;
			}
			mask |= 1u << k;
		}
		p += n + (p[n] == ',');
	}
	if (mask == 0)
		snprintf(bad, nbad, "%s", list);
	return mask;
}

/* How many hosts and configs a release has (release "" or NULL: all). */
void
eb_pw_kinds_of(const struct eb_plan *p, const char *release, size_t *nhosts, size_t *nconfigs)
{
	const char *h0 = NULL, *c0 = NULL;

	if (release == NULL || *release == '\0') {
		*nhosts = p->nhosts;
		*nconfigs = p->nconfigs;
		return;
	}
	*nhosts = *nconfigs = 0;
	for (size_t i = 0; i < p->bw->n; i++) {
		const struct eb_record *k = p->bw->g[i].key;

		if (strcmp(k->f[EB_F_RELEASE], release) != 0)
			continue;
		if (h0 == NULL)
			h0 = k->f[EB_F_HOST], *nhosts = 1;
		else if (k->f[EB_F_HOST] != h0)
			*nhosts = 2;
		if (c0 == NULL)
			c0 = k->f[EB_F_CONFIG], *nconfigs = 1;
		else if (k->f[EB_F_CONFIG] != c0)
			*nconfigs = 2;
	}
}

/* "24.04", "24.04 (no-aesni)", "24.04 (default, server)": a run named as
 * the pages name it, with its config where the release has several or it
 * is not the default, and its host where the data has several (a release
 * measured on one host of two still says which). With release "", the
 * host and config alone ("default, server"). */
void
eb_pw_run_label(const struct eb_plan *p, const char *release, const char *host,
    const char *config, char *buf, size_t n)
{
	size_t nh, nc;
	int c, h;

	eb_pw_kinds_of(p, release, &nh, &nc);
	c = config != NULL && *config && (nc > 1 || strcmp(config, "default") != 0);
	h = host != NULL && *host && (nh > 1 || p->nhosts > 1);
	if (*release == '\0')
		snprintf(buf, n, "%s%s%s", c ? config : "", c && h ? ", " : "", h ? host : "");
	else
		snprintf(buf, n, "%s%s%s%s%s%s", release, c || h ? " (" : "", c ? config : "",
		    c && h ? ", " : "", h ? host : "", c || h ? ")" : "");
}

/* ---- tables from render/, written to a stream */

FILE *
eb_pw_mem_open(struct eb_pw_mem *m)
{
	m->text = NULL;
	m->len = 0;
	if ((m->fp = open_memstream(&m->text, &m->len)) == NULL) {
		fputs("encbench: out of memory\n", stderr);
		abort();
	}
	return m->fp;
}

void
eb_pw_mem_close(struct eb_pw_mem *m, struct eb_buf *b)
{
	fclose(m->fp);
	eb_buf_add(b, m->text, m->len);
	eb_buf_add(b, "\n", 1);
	free(m->text);
}

/* ---- charts */

/* Whether a chart's file has the name, or one a disk ignoring case takes
 * for it. */
static int
chart_taken(const struct eb_report *r, const char *s)
{
	int taken = 0;

	for (size_t i = 0; i < r->ncharts && !taken; i++)
		taken = strcasecmp(r->charts[i].slug, s) == 0;
	return taken;
}

/* Shows a chart on the page being written: laid out the first time a
 * page asks for it, linked from every page that does. */
void
eb_pw_chart(struct eb_pw *w, enum eb_chart_kind kind, const struct eb_groups *gs,
    const char *release, const char *from, const char *to, const char *name, const char *alt)
{
	struct eb_report *r = w->r;
	char *s = NULL, *svg, *png;
	struct eb_report_chart *c = NULL;

	for (size_t i = 0; i < r->ncharts; i++)
		if (strcmp(r->charts[i].key, name) == 0)
			c = &r->charts[i];
	if (c == NULL) {
		struct eb_chart_opts o;
		char *base = eb_pw_slug(name);

		/* Two names that slug alike ("a-b" and "c" against "a" and
		 * "b-c") are two charts: the later one gets "-2", "-3", ... */
		for (unsigned j = 2; s == NULL || chart_taken(r, s); j++) {
			free(s);
			s = j == 2 ? eb_xstrdup(base) : eb_xasprintf("%s-%u", base, j - 1);
		}
		free(base);
		struct eb_err err;
		struct eb_scene *scene;

		eb_chart_opts_init(&o);
		o.kind = kind;
		o.metric = w->p->metric;
		o.release = release;
		o.from = from;
		o.to = to;
		o.baseline = w->p->baseline;
		o.iec = r->o.iec;
		o.sources = r->o.inputs;
		o.nsources = r->o.ninputs;
		o.meta_get = r->o.meta_get;
		/* A trend or heat map of one config among several names it, even
		 * "default", so that the panels of two configs tell apart; the
		 * groups are all of it, so the filter keeps every one. */
		if ((kind == EB_CHART_TREND || kind == EB_CHART_HEATMAP) && w->p->nconfigs > 1 &&
		    gs->n > 0)
			o.config = gs->g[0].key->f[EB_F_CONFIG];
		if (gs->n == 0 || (scene = eb_chart_scene(&o, gs, &err)) == NULL) {
			free(s);
			return;
		}
		eb_xgrow(&r->charts, &r->capcharts, r->ncharts + 1, sizeof *r->charts);
		c = &r->charts[r->ncharts++];
		c->scene = scene;
		c->slug = s;
		c->key = eb_xstrdup(name);
		/* A chart that would take a pixel buffer of more than 16 MiB at
		 * the asked scale is drawn smaller: its PNG stays a blog's size
		 * and a decade's heat map does not need 33 MiB to draw. */
		c->scale = r->o.png_scale;
		while (c->scale > 1 && scene->width * scene->height * c->scale * c->scale * 4 >
		    16.0 * 1024 * 1024)
			c->scale--;
		c->png = w->main && eb_scene_png_fits(scene, c->scale);
		c->too_big = w->main && !c->png;
		s = NULL;
	}
	free(s);
	s = eb_xasprintf("charts/%s.svg", c->slug);
	svg = eb_pw_url_file(w, s);
	free(s);
	{
		/* The alt text names labels from the inputs: escaped, as
		 * every label on a page is (audit 18 Q2). */
		char *esc = eb_md_escape(alt);

		eb_buf_addf(w->b, "![%s](%s)\n\n", esc, svg);
		free(esc);
	}
	free(svg);
	if (c->png) {
		s = eb_xasprintf("charts/%s.png", c->slug);
		png = eb_pw_url_file(w, s);
		free(s);
		eb_buf_addf(w->b, "[PNG for blogs](%s)\n\n", png);
		free(png);
	}
}

/* "bars-24.04", "bars-24.04-no-aesni", "trend-server-default": a chart's
 * name says what the other charts of its kind differ in. */
char *
eb_pw_chart_name(const struct eb_pw *w, const char *kind, const char *release,
    const char *host, const char *config, int several_configs)
{
	size_t nh, nc;
	char *stem = release ? eb_pw_stem_of(w->r, release) : NULL, *name;

	/* The parts are joined by a byte no label keeps (the label rule
	 * turns control characters into spaces), so that two charts'
	 * names differ whenever their parts do. */
	eb_pw_kinds_of(w->p, release, &nh, &nc);
	name = eb_xasprintf("%s%s%s%s%s%s%s", kind, stem ? "\x1f" : "", stem ? stem : "",
	    nh > 1 ? "\x1f" : "", nh > 1 ? host : "",
	    several_configs ? "\x1f" : "", several_configs ? config : "");
	free(stem);
	return name;
}

/* ---- pages */

static struct eb_buf *
page_new(struct eb_report *r, struct eb_report_page **pages, size_t *n, size_t *cap,
    const char *path)
{
	struct eb_report_page *pg;

	(void)r;
	eb_xgrow(pages, cap, *n + 1, sizeof **pages);
	pg = &(*pages)[(*n)++];
	pg->path = eb_xstrdup(path);
	pg->saved = 0;
	eb_buf_init(&pg->md, 0);
	return &pg->md;
}

static void
default_title(const struct eb_plan *p, char *buf, size_t n)
{
	const char *host = p->nhosts == 1 ? p->hosts[0] : "";
	const char *first = NULL, *last = NULL;
	const char *unverified[32];
	size_t nunverified = eb_caveats_unverified(p->caveats, p->gs, unverified, 32);
	char what[160], tail[400] = "";
	int bw = 0;

	for (size_t i = 0; i < p->noh; i++)
		bw |= strcmp(eb_metric_family(p->oh[i].g->key->f[EB_F_METRIC]), "throughput") == 0;

	/* Against another baseline than none, the costs are relative to it,
	 * and the title says so. */
	if (p->baseline != NULL && strcmp(p->baseline, "none") != 0)
		snprintf(what, sizeof what, "What disk encryption costs against %s", p->baseline);
	else
		snprintf(what, sizeof what, "What disk encryption costs");
	/* Without a pair of mode and baseline nothing has a cost; without
	 * throughput, latency and CPU use are said as changes, not costs. */
	if (p->noh > 0 && !bw) {
		snprintf(what, sizeof what, "What was measured");
		snprintf(tail, sizeof tail, " (no throughput was measured, so no figure of what "
		    "encryption costs in throughput)");
	} else if (p->noh == 0) {
		snprintf(what, sizeof what, "What was measured");
		snprintf(tail, sizeof tail, " (no figure of overhead: no mode could be compared with "
		    "%s)", p->baseline != NULL ? p->baseline : "none");
	}
	/* A mode that meta.json says nothing encrypts is not encryption:
	 * the title names it instead. */
	else if (nunverified > 0) {
		snprintf(what, sizeof what, "What the modes cost against %s",
		    p->baseline != NULL ? p->baseline : "none");
		if (nunverified <= 3) {
			snprintf(tail, sizeof tail, " (no encryption found under ");
			for (size_t i = 0; i < nunverified; i++) {
				size_t len = strlen(tail);

				snprintf(tail + len, sizeof tail - len, "%s%s", i == 0 ? "" :
				    i + 1 == nunverified ? " and " : ", ", unverified[i]);
			}
			snprintf(tail + strlen(tail), sizeof tail - strlen(tail), ")");
		} else
			snprintf(tail, sizeof tail, " (no encryption found under %zu of them)",
			    nunverified);
	}
	for (size_t i = 0; i < p->nreleases; i++)
		if (eb_plan_is_version(p->releases[i])) {
			if (first == NULL)
				first = p->releases[i];
			last = p->releases[i];
		}
	if (first != NULL && first != last)
		snprintf(buf, n, "%s%s%s, %s to %s%s", what, *host ? " on " : "", host, first, last,
		    tail);
	else if (first != NULL)
		snprintf(buf, n, "%s%s%s in %s%s", what, *host ? " on " : "", host, first, tail);
	else
		snprintf(buf, n, "%s%s%s%s", what, *host ? " on " : "", host, tail);
}

/* The linked pages: their paths and titles, each written by body. */
struct linked {
	unsigned section;
	char *path, *title;
	const char *release;
};

static struct linked *
linked_pages(const struct eb_pw *w, size_t *n)
{
	const struct eb_plan *p = w->p;
	struct linked *v = eb_xcalloc(p->nreleases + 4, sizeof *v);

	*n = 0;
	for (size_t i = p->nreleases; i-- > 0;) {
		v[*n].section = EB_SEC_RELEASES;
		v[*n].path = eb_pw_release_path(w, p->releases[i]);
		{
			char *rel = eb_md_escape(*p->releases[i] ? p->releases[i] : "(unnamed)");

			v[*n].title = eb_xasprintf("Release %s", rel);
			free(rel);
		}
		v[(*n)++].release = p->releases[i];
	}
	if (p->from != NULL) {
		char *from = eb_md_escape(p->from), *to = eb_md_escape(p->to);

		v[*n].section = EB_SEC_DIFF;
		v[*n].path = eb_pw_diff_path(w, p->from, p->to);
		v[(*n)++].title = eb_xasprintf("%s → %s", from, to);
		free(from);
		free(to);
	}
	v[*n].section = EB_SEC_TREND;
	v[*n].path = eb_xstrdup("trend.md");
	v[(*n)++].title = eb_xstrdup("Across releases, case by case");
	v[*n].section = EB_SEC_ALL_FINDINGS;
	v[*n].path = eb_xstrdup("findings.md");
	v[(*n)++].title = eb_xstrdup("All findings");
	v[*n].section = EB_SEC_DATA;
	v[*n].path = eb_xstrdup("data.md");
	v[(*n)++].title = eb_xstrdup("The data");
	return v;
}

static void
linked_body(struct eb_pw *w, const struct linked *l)
{
	switch (l->section) {
	case EB_SEC_RELEASES:
		eb_pw_release_body(w, l->release);
		break;
	case EB_SEC_DIFF:
		eb_pw_diff_body(w);
		break;
	case EB_SEC_TREND:
		eb_pw_trend_body(w);
		break;
	case EB_SEC_ALL_FINDINGS:
		eb_pw_findings_body(w);
		break;
	default:
		eb_pw_data_body(w);
		break;
	}
}

/* Appends markdown one heading level down, for a page inside another. */
static void
add_demoted(struct eb_buf *b, const struct eb_buf *md)
{
	const char *s = md->len ? md->data : "";

	while (*s) {
		size_t n = strcspn(s, "\n");

		if (*s == '#')
			eb_buf_addc(b, '#');
		eb_buf_add(b, s, n);
		eb_buf_addc(b, '\n');
		s += n + (s[n] == '\n');
	}
}

static void
main_page(struct eb_pw *w, unsigned sec, const struct linked *l, size_t nl)
{
	const struct eb_plan *p = w->p;
	size_t with, once;
	char cost_alt[200];

	w->main = 1;
	eb_buf_addf(w->b, "# %s\n\n", w->r->title);
	eb_pw_banner(w);
	eb_buf_addf(w->b, "Made by encbench %s from %zu records of %zu input%s; ", EB_VERSION,
	    p->t->n, w->r->o.ninputs, w->r->o.ninputs == 1 ? "" : "s");
	/* Only what is true of the data: single runs have no interval. */
	eb_pw_run_counts(p->gs, &with, &once);
	if (once == 0)
		eb_buf_addf(w->b, "every number is the mean of its repetitions with a 95 %% "
		    "confidence interval.\n\n");
	else if (with == 0)
		eb_buf_addf(w->b, "every case was measured once, so no number has a confidence "
		    "interval.\n\n");
	else {
		/* A case whose other runs bonnie++ could not time was run more
		 * than once. */
		int untimed = 0;

		for (size_t i = 0; p->t->nuntimed > 0 && i < p->gs->n && !untimed; i++)
			untimed = p->gs->g[i].s.n < 2 &&
			    eb_table_untimed_of(p->t, p->gs->g[i].key) > 0;
		eb_buf_addf(w->b, "every number is the mean of its repetitions, with a 95 %% "
		    "confidence interval where there are two or more (%zu of %zu cases %s).\n\n",
		    once, once + with, untimed ? "have a single timed run, and so none" :
		    "were measured once and have none");
	}
	eb_pw_caveats(w);
	if (sec & EB_SEC_FINDINGS)
		eb_pw_findings_section(w);
	if (sec & EB_SEC_NEWEST)
		eb_pw_newest_section(w);
	if (sec & EB_SEC_ACROSS)
		eb_pw_across_section(w);
	if (sec & EB_SEC_ACROSS) {
		eb_md_cost_section(w->b, p->gs, p->baseline);
		snprintf(cost_alt, sizeof cost_alt, "Bar chart: CPU-seconds and joules per GiB moved "
		    "by each encryption mode%s", eb_pw_ci_words(p->gs, 0));
		eb_pw_chart(w, EB_CHART_COST, p->gs, NULL, NULL, NULL, "cost", cost_alt);
	}
	if (sec & EB_SEC_SETUP)
		eb_pw_setup_table(w, 1);
	if (sec & EB_SEC_MORE)
		eb_pw_more_section(w);
	w->main = 0;
	for (size_t i = 0; i < nl; i++) {
		struct eb_buf body;
		struct eb_buf *keep = w->b;

		if (!(sec & l[i].section))
			continue;
		eb_buf_init(&body, 0);
		w->b = &body;
		linked_body(w, &l[i]);
		w->b = keep;
		/* In the HTML page, the links to the page land on its section. */
		if (w->html) {
			char *id = eb_pw_page_id(l[i].path);

			eb_buf_addf(w->b, "<section id=\"%s\">\n\n", id);
			free(id);
		}
		eb_buf_addf(w->b, "## %s\n\n", l[i].title);
		add_demoted(w->b, &body);
		if (w->html)
			eb_buf_addf(w->b, "</section>\n\n");
		eb_buf_free(&body);
	}
}

/* Hands the page just written to page_done. */
static void
page_finish(struct eb_report *r)
{
	struct eb_report_page *pg = &r->pages[r->npages - 1];

	if (r->o.page_done == NULL || r->page_rc != 0)
		return;
	r->page_rc = r->o.page_done(r->o.page_ctx, pg);
	pg->saved = r->page_rc == 0;
}

void
eb_report_build(struct eb_report *r, const struct eb_plan *p, const struct eb_report_opts *o)
{
	struct eb_pw w;
	struct linked *l;
	size_t nl;
	char title[1024];

	memset(r, 0, sizeof *r);
	r->p = p;
	r->o = *o;
	if (r->o.png_scale == 0)
		r->o.png_scale = 2;
	if (o->title == NULL) {
		default_title(p, title, sizeof title);
		r->title = eb_md_escape(title);
	} else
		r->title = eb_md_escape(o->title);
	memset(&w, 0, sizeof w);
	w.r = r;
	w.p = p;
	r->release_stems = eb_pw_release_stems(p);
	l = linked_pages(&w, &nl);
	w.b = page_new(r, &r->pages, &r->npages, &r->cappages, "report.md");
	main_page(&w, o->sections ? o->sections : EB_SEC_MAIN, l, nl);
	page_finish(r);
	for (size_t i = 0; i < nl; i++) {
		w.depth = strchr(l[i].path, '/') != NULL;
		w.b = page_new(r, &r->pages, &r->npages, &r->cappages, l[i].path);
		eb_buf_addf(w.b, "# %s\n\n", l[i].title);
		{
			char *u = eb_pw_url_page(&w, "report.md");

			eb_buf_addf(w.b, "Part of [%s](%s).\n\n", r->title, u);
			free(u);
		}
		if (l[i].section == EB_SEC_RELEASES) {
			const char *rel[1] = { l[i].release };

			eb_pw_caveats_of(&w, rel, 1);
		} else if (l[i].section == EB_SEC_DIFF) {
			const char *rel[2] = { p->from, p->to };

			eb_pw_caveats_of(&w, rel, 2);
		} else {
			eb_pw_caveats(&w);
		}
		linked_body(&w, &l[i]);
		page_finish(r);
	}
	for (size_t i = 0; i < nl; i++) {
		free(l[i].path);
		free(l[i].title);
	}
	free(l);
}

void
eb_report_build_html(struct eb_report *r, eb_html_image_fn image, void *ctx)
{
	struct eb_pw w;
	struct eb_buf md;
	struct linked *l;
	size_t nl;
	unsigned sec = r->o.sections ? r->o.sections : EB_SEC_MAIN;

	memset(&w, 0, sizeof w);
	w.r = r;
	w.p = r->p;
	w.html = 1;
	eb_buf_init(&md, 0);
	w.b = &md;
	l = linked_pages(&w, &nl);
	main_page(&w, sec, l, nl);
	/* The pages not on the main page follow it, folded. */
	for (size_t i = 0; i < nl; i++) {
		struct eb_buf body;
		char *id;

		if (sec & l[i].section)
			continue;
		id = eb_pw_page_id(l[i].path);
		eb_buf_init(&body, 0);
		w.b = &body;
		linked_body(&w, &l[i]);
		w.b = &md;
		eb_buf_addf(&md, "<details id=\"%s\">\n<summary>", id);
		/* The raw line goes through as it is: its text from the
		 * inputs (a release label) is escaped here. */
		for (const char *q = l[i].title; *q; q++)
			if (*q == '<')
				eb_buf_add(&md, "&lt;", 4);
			else if (*q == '>')
				eb_buf_add(&md, "&gt;", 4);
			else if (*q == '&')
				eb_buf_add(&md, "&amp;", 5);
			else
				eb_buf_addc(&md, *q);
		eb_buf_addf(&md, "</summary>\n\n");
		add_demoted(&md, &body);
		eb_buf_addf(&md, "</details>\n\n");
		eb_buf_free(&body);
		free(id);
	}
	free(r->html);
	r->html = eb_md_to_html(eb_buf_cstr(&md), image, ctx);
	eb_buf_free(&md);
	for (size_t i = 0; i < nl; i++) {
		free(l[i].path);
		free(l[i].title);
	}
	free(l);
}

void
eb_report_free(struct eb_report *r)
{
	for (size_t i = 0; i < r->npages; i++) {
		free(r->pages[i].path);
		eb_buf_free(&r->pages[i].md);
	}
	free(r->pages);
	for (size_t i = 0; i < r->ncharts; i++) {
		eb_scene_free(r->charts[i].scene);
		free(r->charts[i].slug);
		free(r->charts[i].key);
	}
	free(r->charts);
	for (size_t i = 0; r->release_stems != NULL && i < r->p->nreleases; i++)
		free(r->release_stems[i]);
	free(r->release_stems);
	free(r->title);
	free(r->html);
	memset(r, 0, sizeof *r);
}
