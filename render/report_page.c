/* report_page.c - the pages of a report from its plan: the main page a
 * blogger pastes (headline, the newest release, the key charts, the setup),
 * and the linked pages with every release, the diff, the trend and the data. */
#include <math.h>
#include <stdint.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chart.h"
#include "cost.h"
#include "report.h"

/* A list item of text that may carry labels: escaped, so that a label is
 * never markup. */
static void
item(struct eb_buf *b, const char *text)
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

/* The writer of one target: the markdown pages, or the HTML page whose
 * links to pages are links within it. */
struct w {
	struct eb_report *r;
	const struct eb_plan *p;
	int html;
	int depth;			/* folders below the report's root */
	int main;			/* the main page: its charts get PNGs */
	struct eb_buf *b;		/* the page being written */
};

/* Labels from the inputs name files: keep them to what a path and a
 * markdown link take as they are. */
static char *
slug(const char *s)
{
	char *out = eb_xstrdup(*s ? s : "unnamed");

	for (char *q = out; *q; q++)
		if (!((*q >= 'a' && *q <= 'z') || (*q >= 'A' && *q <= 'Z') ||
		    (*q >= '0' && *q <= '9') || *q == '.' || *q == '_' || *q == '-'))
			*q = '-';
	return out;
}

static char *
page_id(const char *path)
{
	char *s = slug(path), *dot = strrchr(s, '.');

	if (dot != NULL && strcmp(dot, ".md") == 0)
		*dot = '\0';
	for (char *q = s; *q; q++)
		if (*q == '.')
			*q = '-';
	{
		char *id = eb_xasprintf("page-%s", s);

		free(s);
		return id;
	}
}

/* The link from the page being written to a page, or to a file. */
static char *
url_page(const struct w *w, const char *path)
{
	if (w->html) {
		char *id = page_id(path), *u = eb_xasprintf("#%s", id);

		free(id);
		return u;
	}
	return eb_xasprintf("%s%s", w->depth ? "../" : "", path);
}

static char *
url_file(const struct w *w, const char *path)
{
	return eb_xasprintf("%s%s", !w->html && w->depth ? "../" : "", path);
}

static char *
release_page(const char *release)
{
	char *s = slug(release), *path = eb_xasprintf("releases/%s.md", s);

	free(s);
	return path;
}

static char *
diff_page(const char *from, const char *to)
{
	char *a = slug(from), *b = slug(to), *path = eb_xasprintf("diff-%s-%s.md", a, b);

	free(a);
	free(b);
	return path;
}

/* How many hosts and configs a release has (release "" or NULL: all). */
static void
kinds_of(const struct eb_plan *p, const char *release, size_t *nhosts, size_t *nconfigs)
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
 * is not the default, and its host where the release has several. With
 * release "", the host and config alone ("default, server"). */
static void
run_label(const struct eb_plan *p, const char *release, const char *host,
    const char *config, char *buf, size_t n)
{
	size_t nh, nc;
	int c, h;

	kinds_of(p, release, &nh, &nc);
	c = config != NULL && *config && (nc > 1 || strcmp(config, "default") != 0);
	h = host != NULL && *host && nh > 1;
	if (*release == '\0')
		snprintf(buf, n, "%s%s%s", c ? config : "", c && h ? ", " : "", h ? host : "");
	else
		snprintf(buf, n, "%s%s%s%s%s%s", release, c || h ? " (" : "", c ? config : "",
		    c && h ? ", " : "", h ? host : "", c || h ? ")" : "");
}

/* ---- tables from render/, written to a stream */

struct mem {
	FILE *fp;
	char *text;
	size_t len;
};

static FILE *
mem_open(struct mem *m)
{
	m->text = NULL;
	m->len = 0;
	if ((m->fp = open_memstream(&m->text, &m->len)) == NULL) {
		fputs("encbench: out of memory\n", stderr);
		abort();
	}
	return m->fp;
}

static void
mem_close(struct mem *m, struct eb_buf *b)
{
	fclose(m->fp);
	eb_buf_add(b, m->text, m->len);
	eb_buf_add(b, "\n", 1);
	free(m->text);
}

/* ---- charts */

/* Shows a chart on the page being written: laid out the first time a
 * page asks for it, linked from every page that does. */
static void
chart(struct w *w, enum eb_chart_kind kind, const struct eb_groups *gs, const char *release,
    const char *from, const char *to, const char *name, const char *alt)
{
	struct eb_report *r = w->r;
	char *s = slug(name), *svg, *png;
	struct eb_report_chart *c = NULL;

	for (size_t i = 0; i < r->ncharts; i++)
		if (strcmp(r->charts[i].slug, s) == 0)
			c = &r->charts[i];
	if (c == NULL) {
		struct eb_chart_opts o;
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
		if (gs->n == 0 || (scene = eb_chart_scene(&o, gs, &err)) == NULL) {
			free(s);
			return;
		}
		eb_xgrow(&r->charts, &r->capcharts, r->ncharts + 1, sizeof *r->charts);
		c = &r->charts[r->ncharts++];
		c->scene = scene;
		c->slug = s;
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
	svg = url_file(w, s);
	free(s);
	eb_buf_addf(w->b, "![%s](%s)\n\n", alt, svg);
	free(svg);
	if (c->png) {
		s = eb_xasprintf("charts/%s.png", c->slug);
		png = url_file(w, s);
		free(s);
		eb_buf_addf(w->b, "[PNG for blogs](%s)\n\n", png);
		free(png);
	}
}

/* "bars-24.04", "bars-24.04-no-aesni", "trend-server-default": a chart's
 * name says what the other charts of its kind differ in. */
static char *
chart_name(const struct eb_plan *p, const char *kind, const char *release,
    const char *host, const char *config, int several_configs)
{
	size_t nh, nc;

	kinds_of(p, release, &nh, &nc);
	return eb_xasprintf("%s%s%s%s%s%s%s", kind, release ? "-" : "", release ? release : "",
	    nh > 1 ? "-" : "", nh > 1 ? host : "",
	    several_configs ? "-" : "", several_configs ? config : "");
}

/* ---- numbers in cells */

/* A change of throughput against the baseline, as benchstat prints one:
 * "-14.5 (-17.8 to -11.1)"; "~ (-5.7 to +10.3)" where the verdict is that
 * the data cannot tell the mode from the baseline; "+4.4 (n=1)" without an
 * interval. The word is the verdict layer's. */
static void
change_cell(char *buf, size_t n, const struct eb_overhead *o)
{
	double d = (o->ratio - 1) * 100, lo = (o->ci_low - 1) * 100, hi = (o->ci_high - 1) * 100;

	switch (o->v.kind) {
	case EB_VERDICT_SINGLE_RUN:
		snprintf(buf, n, "%+.1f (n=1)", d);
		break;
	case EB_VERDICT_UNBOUNDED:
		snprintf(buf, n, "%+.1f (unbounded)", d);
		break;
	case EB_VERDICT_NO_VARIATION:
		snprintf(buf, n, "%+.1f (no variation)", d);
		break;
	case EB_VERDICT_NO_MEASURABLE:
		snprintf(buf, n, "~ (%+.1f to %+.1f)", lo, hi);
		break;
	default:
		if (isnan(lo) || isnan(hi))
			snprintf(buf, n, "%+.1f", d);
		else
			snprintf(buf, n, "%+.1f (%+.1f to %+.1f)", d, lo, hi);
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
static void
glance_table(struct w *w, const char *release, const char *host, const char *config)
{
	const struct eb_plan *p = w->p;
	const struct eb_overhead **cell, **pick;
	const char **tests = NULL, **modes = NULL;
	const struct eb_group **base;
	size_t ntests = 0, nmodes = 0, cap1 = 0, cap2 = 0;
	struct eb_md md;
	char test[160], buf[96];
	const char **cells;

	for (size_t i = 0; i < p->noh; i++) {
		const struct eb_record *k = p->oh[i].g->key;

		if (strcmp(k->f[EB_F_RELEASE], release) || strcmp(k->f[EB_F_HOST], host) ||
		    strcmp(k->f[EB_F_CONFIG], config))
			continue;
		eb_case_label(k, test, sizeof test);
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
		eb_case_label(k, test, sizeof test);
		t = index_of(tests, ntests, test);
		m = index_of(modes, nmodes, k->f[EB_F_MODE]);
		if (cell[m * ntests + t] == NULL)
			cell[m * ntests + t] = &p->oh[i];
		base[t] = p->oh[i].base;
	}
	eb_md_init(&md, ntests + 2);
	cells = eb_xcalloc(ntests + 2, sizeof *cells);
	{
		char **head = eb_xcalloc(ntests + 2, sizeof *head);
		char *align = eb_xmalloc(ntests + 3);

		head[0] = eb_xstrdup("mode");
		align[0] = 'l';
		for (size_t t = 0; t < ntests; t++) {
			head[t + 1] = eb_xstrdup(tests[t]);
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

		own[0] = eb_xasprintf("%s", p->baseline);
		for (size_t t = 0; t < ntests; t++) {
			own[t + 1] = eb_xmalloc(48);
			eb_value_text(own[t + 1], 48, base[t]->key, base[t]->s.mean, w->r->o.iec);
		}
		own[ntests + 1] = eb_xstrdup("1.00");
		glance_row(&md, own, ntests);
		for (size_t t = 0; t < ntests + 2; t++)
			free(own[t]);
		free(own);
	}
	pick = eb_xcalloc(ntests > nmodes ? ntests : nmodes, sizeof *pick);
	for (size_t m = 0; m < nmodes; m++) {
		char **own = eb_xcalloc(ntests + 2, sizeof *own);
		size_t k = 0;
		double lo, hi, g;

		own[0] = eb_xstrdup(modes[m]);
		for (size_t t = 0; t < ntests; t++) {
			const struct eb_overhead *o = cell[m * ntests + t];

			own[t + 1] = eb_xmalloc(64);
			own[t + 1][0] = '\0';
			if (o != NULL) {
				change_cell(own[t + 1], 64, o);
				pick[k++] = o;
			}
		}
		g = eb_plan_geomean(pick, k, &lo, &hi);
		if (k < ntests)
			snprintf(buf, sizeof buf, "%.2f (%zu of %zu tests)", 1 / g, k, ntests);
		else if (isnan(lo))
			snprintf(buf, sizeof buf, "%.2f", 1 / g);
		else
			snprintf(buf, sizeof buf, "%.2f (%.2f–%.2f)", 1 / g, 1 / hi, 1 / lo);
		own[ntests + 1] = eb_xstrdup(buf);
		glance_row(&md, own, ntests);
		for (size_t t = 0; t < ntests + 2; t++)
			free(own[t]);
		free(own);
	}
	/* The geometric mean over the modes, test by test. */
	{
		char **own = eb_xcalloc(ntests + 2, sizeof *own);

		own[0] = eb_xstrdup("geomean of the modes");
		for (size_t t = 0; t < ntests; t++) {
			size_t k = 0;
			double lo, hi, g;

			for (size_t m = 0; m < nmodes; m++)
				if (cell[m * ntests + t] != NULL)
					pick[k++] = cell[m * ntests + t];
			g = eb_plan_geomean(pick, k, &lo, &hi);
			if (isnan(lo))
				own[t + 1] = eb_xasprintf("%+.1f", (g - 1) * 100);
			else
				own[t + 1] = eb_xasprintf("%+.1f (%+.1f to %+.1f)", (g - 1) * 100,
				    (lo - 1) * 100, (hi - 1) * 100);
		}
		own[ntests + 1] = eb_xstrdup("");
		glance_row(&md, own, ntests);
		for (size_t t = 0; t < ntests + 2; t++)
			free(own[t]);
		free(own);
	}
	run_label(p, release, host, config, buf, sizeof buf);
	eb_buf_addf(w->b, "Throughput of each mode against %s in %s, in percent, with its "
	    "95 %% interval (Fieller); `~` where the interval holds no change, so the data "
	    "cannot tell the mode from %s. Relative time is the geometric mean over the "
	    "tests of %s's throughput over the mode's (hyperfine's \"times slower\"); the last "
	    "row is the geometric mean over the modes.\n\n", p->baseline, buf, p->baseline,
	    p->baseline);
	{
		struct mem m;

		eb_md_write(&md, mem_open(&m));
		mem_close(&m, w->b);
	}
	eb_md_free(&md);
	free((void *)cells);
	free((void *)pick);
	free((void *)cell);
	free((void *)base);
	for (size_t t = 0; t < ntests; t++)
		free((void *)(uintptr_t)tests[t]);
	free((void *)tests);
	free((void *)modes);
}

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
meta_value(const struct w *w, const struct eb_run_meta *m, const char *key, char *buf,
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
	int c = eb_natural_cmp(x->release, y->release);

	if (c == 0)
		c = strcmp(x->host, y->host);
	return c ? c : strcmp(x->config, y->config);
}

/* The runs with a setup to show, in report order: those of the pair of
 * the main host when pair is set, else all. */
static const struct eb_run_meta **
setup_runs(const struct w *w, int pair, size_t *n)
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

static void
setup_table(struct w *w, int pair)
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
		run_label(w->p, m[i]->release, m[i]->host, m[i]->config, val, sizeof val);
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
		struct mem mm;

		eb_md_write(&md, mem_open(&mm));
		mem_close(&mm, w->b);
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
			run_label(w->p, m[i]->release, m[i]->host, m[i]->config, label, sizeof label);
			{
				char *line = eb_xasprintf("%s → %s, %s: %s → %s", m[j]->release, label,
				    setup_rows[k].label, *prev ? prev : "(unknown)",
				    *val ? val : "(unknown)");

				item(w->b, line);
				free(line);
			}
		}
	}
	if (changes)
		eb_buf_addf(w->b, "\n");
	free((void *)m);
}

/* ---- the sections */

static void
made_up_list(const struct w *w, struct eb_buf *b)
{
	const struct eb_plan *p = w->p;

	for (size_t i = 0; i < p->nmade_up; i++) {
		char label[160];

		run_label(p, p->made_up[i].release, p->made_up[i].host, p->made_up[i].config,
		    label, sizeof label);
		eb_buf_addf(b, "%s%s", i == 0 ? "" : i + 1 == p->nmade_up ? " and " : ", ", label);
	}
}

static void
banner(struct w *w)
{
	if (w->p->nmade_up == 0)
		return;
	eb_buf_addf(w->b, "> **Illustrative data.** The run%s of ", w->p->nmade_up > 1 ? "s" : "");
	made_up_list(w, w->b);
	eb_buf_addf(w->b, " say%s in %s meta.json or sheet that %s numbers are made up, to show "
	    "the formats and the report: they are not measurements.%s\n\n",
	    w->p->nmade_up > 1 ? "" : "s", w->p->nmade_up > 1 ? "their" : "its",
	    w->p->nmade_up > 1 ? "their" : "its",
	    w->p->all_made_up ? "" : " The other runs say nothing of the kind.");
}

static void
findings_section(struct w *w)
{
	const struct eb_plan *p = w->p;
	char *u;

	eb_buf_addf(w->b, "## Findings\n\n");
	for (size_t i = 0; i < p->headline.n; i++)
		item(w->b, p->headline.lines[i]);
	u = url_page(w, "findings.md");
	if (p->nhosts > 1)
		eb_buf_addf(w->b, "\nThese are of %s; all %zu findings, of every host: [findings.md](%s).\n\n",
		    p->host, p->findings.n, u);
	else
		eb_buf_addf(w->b, "\nAll %zu findings: [findings.md](%s).\n\n", p->findings.n, u);
	free(u);
}

/* Where the other hosts and configs of a release are. */
static void
others_note(struct w *w, const char *release, const char *what)
{
	size_t nh, nc;

	kinds_of(w->p, release, &nh, &nc);
	if (nc > 1 || nh > 1) {
		char *u, *path = release_page(release);

		u = url_page(w, path);
		eb_buf_addf(w->b, "%s of the other %s%s%s of %s: [%s](%s).\n\n", what,
		    nc > 1 ? "configs" : "", nc > 1 && nh > 1 ? " and " : "",
		    nh > 1 ? "hosts" : "", release, path, u);
		free(u);
		free(path);
	}
}

static void
newest_section(struct w *w)
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
	run_label(p, rel, p->host, p->config, label, sizeof label);
	eb_buf_addf(w->b, "## %s at a glance\n\n", label);
	glance_table(w, rel, p->host, p->config);
	confs = eb_plan_configs_of(p, rel, p->host, &nconf);
	v = eb_plan_view(p, rel, p->host, p->config, p->metric);
	name = chart_name(p, "bars", rel, p->host, p->config, nconf > 1);
	{
		char *alt = eb_xasprintf("Bar chart: throughput of each encryption mode in %s, "
		    "reads and writes side by side, with 95 %% confidence intervals", label);

		chart(w, EB_CHART_BARS, v, rel, NULL, NULL, name, alt);
		free(alt);
		free(name);
		name = chart_name(p, "overhead", rel, p->host, p->config, nconf > 1);
		alt = eb_xasprintf("Bar chart: throughput of each encryption mode in %s as a "
		    "percentage of %s, with 95 %% intervals from Fieller's theorem", label, p->baseline);
		chart(w, EB_CHART_OVERHEAD, v, rel, NULL, NULL, name, alt);
		free(alt);
		free(name);
	}
	eb_plan_view_free(v);
	free((void *)confs);
	others_note(w, rel, "The tables and charts");
}

static void
across_section(struct w *w)
{
	const struct eb_plan *p = w->p;
	const struct eb_plan_scope *sc;
	char label[160], *name, *alt, *u;

	if (p->nreleases < 2 || p->nscopes == 0)
		return;
	sc = &p->scopes[0];
	run_label(p, "", sc->host, sc->config, label, sizeof label);
	eb_buf_addf(w->b, "## Across releases\n\n");
	if (p->from != NULL) {
		char *path = diff_page(p->from, p->to);

		u = url_page(w, path);
		eb_buf_addf(w->b, "Every test from %s to %s, with a significance test: [%s](%s).\n\n",
		    p->from, p->to, path, u);
		free(u);
		free(path);
	}
	name = chart_name(p, "trend", NULL, sc->host, sc->config, p->nconfigs > 1);
	run_label(p, "", sc->host, sc->config, label, sizeof label);
	alt = eb_xasprintf("Line chart: throughput of each encryption mode across releases in "
	    "version order%s%s", *label ? ", " : "", label);
	chart(w, EB_CHART_TREND, sc->bw, NULL, NULL, NULL, name, alt);
	free(name);
	free(alt);
	name = chart_name(p, "heatmap", NULL, sc->host, sc->config, p->nconfigs > 1);
	alt = eb_xasprintf("Heat map: overhead in percent of each mode in each release%s%s, "
	    "values in the cells", *label ? ", " : "", label);
	chart(w, EB_CHART_HEATMAP, sc->bw, NULL, NULL, NULL, name, alt);
	free(name);
	free(alt);
	if (p->nscopes > 1) {
		u = url_page(w, "trend.md");
		eb_buf_addf(w->b, "These charts are of %s%s%s%s%s; the trend and heat map of each "
		    "of the %zu pairs of host and config: [trend.md](%s).\n\n",
		    p->nhosts > 1 ? "host " : "", p->nhosts > 1 ? sc->host : "",
		    p->nhosts > 1 ? ", " : "", "config ", sc->config, p->nscopes, u);
		free(u);
	}
}

static void
more_section(struct w *w)
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
			path = release_page(rel);
			u = url_page(w, path);
			eb_buf_addf(w->b, "%s [%s](%s)", first ? "" : ",", *rel ? rel : "(unnamed)", u);
			first = 0;
			free(u);
			free(path);
		}
	eb_buf_addf(w->b, "\n");
	if (p->from != NULL) {
		char *path = diff_page(p->from, p->to);

		u = url_page(w, path);
		eb_buf_addf(w->b, "- %s → %s, every test and metric: [%s](%s)\n", p->from, p->to,
		    path, u);
		free(u);
		free(path);
	}
	u = url_page(w, "trend.md");
	eb_buf_addf(w->b, "- Every case across releases: [trend.md](%s)\n", u);
	free(u);
	u = url_page(w, "findings.md");
	eb_buf_addf(w->b, "- All %zu findings: [findings.md](%s)\n", p->findings.n, u);
	free(u);
	u = url_page(w, "data.md");
	eb_buf_addf(w->b, "- The data, the inputs and every setup: [data.md](%s)\n\n", u);
	free(u);
}

/* ---- the linked pages */

static int
version_charted(const struct eb_plan *p, const char *release)
{
	return (p->newest != NULL && strcmp(release, p->newest) == 0) ||
	    !eb_plan_is_version(release);
}

static void
release_body(struct w *w, const char *rel)
{
	const struct eb_plan *p = w->p;
	int charted = version_charted(p, rel);
	size_t nh, nc;
	int several_hosts;

	kinds_of(p, rel, &nh, &nc);
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
		struct mem m;

		if (v->n == 0) {
			eb_plan_view_free(v);
			free((void *)confs);
			continue;
		}
		if (several_hosts)
			eb_buf_addf(w->b, "## %s\n\n", p->hosts[h]);
		eb_buf_addf(w->b, "%s Throughput\n\n", several_hosts ? "###" : "##");
		for (size_t c = 0; drawn && c < nconf; c++) {
			struct eb_groups *vc = eb_plan_view(p, rel, p->hosts[h], confs[c], p->metric);
			char label[160], *name = chart_name(p, "bars", rel, p->hosts[h], confs[c], nconf > 1);
			char *alt;

			run_label(p, rel, p->hosts[h], nconf > 1 ? confs[c] : NULL, label, sizeof label);
			alt = eb_xasprintf("Bar chart: throughput of each encryption mode in %s, reads "
			    "and writes side by side, with 95 %% confidence intervals", label);
			chart(w, EB_CHART_BARS, vc, rel, NULL, NULL, name, alt);
			free(name);
			free(alt);
			eb_plan_view_free(vc);
		}
		eb_grid_build(&grid, v, rel);
		eb_md_absolute(mem_open(&m), &grid, rel, w->r->o.iec);
		mem_close(&m, w->b);
		eb_grid_free(&grid);
		/* One table, one family: Holm over its rows, as "encbench
		 * overhead" of this release and host gives them. */
		mine = eb_plan_overhead_table(p, v, &nmine);
		if (nmine > 0) {
			eb_buf_addf(w->b, "%s Overhead against %s\n\n", several_hosts ? "###" : "##",
			    p->baseline);
			for (size_t c = 0; drawn && c < nconf; c++) {
				struct eb_groups *vc = eb_plan_view(p, rel, p->hosts[h], confs[c], p->metric);
				char label[160], *name = chart_name(p, "overhead", rel, p->hosts[h], confs[c],
				    nconf > 1);
				char *alt;

				run_label(p, rel, p->hosts[h], nconf > 1 ? confs[c] : NULL, label, sizeof label);
				alt = eb_xasprintf("Bar chart: throughput of each encryption mode in %s as a "
				    "percentage of %s, with 95 %% intervals from Fieller's theorem", label,
				    p->baseline);
				chart(w, EB_CHART_OVERHEAD, vc, rel, NULL, NULL, name, alt);
				free(name);
				free(alt);
				eb_plan_view_free(vc);
			}
			eb_md_overhead(mem_open(&m), mine, nmine, w->r->o.iec);
			mem_close(&m, w->b);
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

static void
diff_body(struct w *w)
{
	const struct eb_plan *p = w->p;
	struct eb_diff *bw;
	size_t nbw = 0;
	struct mem m;

	for (size_t s = 0; s < p->nscopes; s++) {
		const struct eb_plan_scope *sc = &p->scopes[s];
		char *name, *alt, label[160];

		if (s > 0 && (strcmp(sc->host, p->host) != 0))
			continue;
		run_label(p, "", sc->host, sc->config, label, sizeof label);
		name = chart_name(p, "diff", NULL, sc->host, sc->config, p->nconfigs > 1);
		{
			char *full = eb_xasprintf("%s-%s-%s", name, p->from, p->to);

			free(name);
			name = full;
		}
		alt = eb_xasprintf("Diverging bar chart: change of throughput of each mode from %s "
		    "to %s%s%s, significant changes solid, no significant change hollow", p->from,
		    p->to, *label ? ", " : "", label);
		chart(w, EB_CHART_DIFF, sc->bw, NULL, p->from, p->to, name, alt);
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
		eb_md_diff(mem_open(&m), bw, nbw, p->from, p->to, 0, w->r->o.iec);
		mem_close(&m, w->b);
	}
	free(bw);
	if (nbw < p->ndiff) {
		eb_buf_addf(w->b, "## Every metric\n\n");
		eb_md_diff(mem_open(&m), p->diff, p->ndiff, p->from, p->to, 0, w->r->o.iec);
		mem_close(&m, w->b);
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
trend_table(struct w *w, const char *host, const char *config)
{
	const struct eb_plan *p = w->p;
	int hc = p->nhosts > 1, cc = p->nconfigs > 1;
	size_t ncols = 8 + (size_t)hc + (size_t)cc, k;
	struct eb_md md;
	const char **cells = eb_xcalloc(ncols, sizeof *cells);
	char align[16];
	struct mem m;

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
		if (!isnan(r->overhead_pct))
			snprintf(oh, sizeof oh, "%.1f %%", r->overhead_pct);
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
	eb_md_write(&md, mem_open(&m));
	fputs("\nchange is against the previous release that measured the same case, with "
	    "Welch's t test; overhead against the baseline of the same release.\n", m.fp);
	mem_close(&m, w->b);
	eb_md_free(&md);
	free((void *)cells);
}

#define SCOPES_CHARTED 4

static void
trend_body(struct w *w)
{
	const struct eb_plan *p = w->p;

	for (size_t s = 0; s < p->nscopes; s++) {
		const struct eb_plan_scope *sc = &p->scopes[s];
		char label[160], *name, *alt;
		const char *what;

		run_label(p, "", sc->host, sc->config, label, sizeof label);
		what = label;
		if (p->nscopes > 1)
			eb_buf_addf(w->b, "## %s\n\n", what);
		if (sc->nreleases < 2) {
			char *path = release_page(sc->release), *u = url_page(w, path);

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
		name = chart_name(p, "trend", NULL, sc->host, sc->config, p->nconfigs > 1);
		alt = eb_xasprintf("Line chart: throughput of each encryption mode across releases "
		    "in version order%s%s", *what ? ", " : "", what);
		chart(w, EB_CHART_TREND, sc->bw, NULL, NULL, NULL, name, alt);
		free(name);
		free(alt);
		name = chart_name(p, "heatmap", NULL, sc->host, sc->config, p->nconfigs > 1);
		alt = eb_xasprintf("Heat map: overhead in percent of each mode in each release%s%s, "
		    "values in the cells", *what ? ", " : "", what);
		chart(w, EB_CHART_HEATMAP, sc->bw, NULL, NULL, NULL, name, alt);
		free(name);
		free(alt);
	}
	eb_buf_addf(w->b, "## Every case\n\n");
	for (size_t s = 0; s < p->nscopes; s++) {
		char label[160];

		run_label(p, "", p->scopes[s].host, p->scopes[s].config, label, sizeof label);
		if (p->nscopes > 1)
			eb_buf_addf(w->b, "### %s\n\n", label);
		trend_table(w, p->scopes[s].host, p->scopes[s].config);
	}
}

static void
findings_body(struct w *w)
{
	for (size_t i = 0; i < w->p->findings.n; i++)
		item(w->b, w->p->findings.lines[i]);
	eb_buf_addf(w->b, "\n");
}

static void
data_body(struct w *w)
{
	const struct eb_plan *p = w->p;
	char *csv = url_file(w, "results.csv"), *json = url_file(w, "results.json"),
	    *sum = url_file(w, "summary.json"), *pkg = url_file(w, "datapackage.json");

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
		made_up_list(w, w->b);
		eb_buf_addf(w->b, ".");
	}
	eb_buf_addf(w->b, "\n\n");
	free(csv);
	free(json);
	free(sum);
	setup_table(w, 0);
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
	eb_buf_init(&pg->md, 0);
	return &pg->md;
}

static void
default_title(const struct eb_plan *p, char *buf, size_t n)
{
	const char *host = p->nhosts == 1 ? p->hosts[0] : "";
	const char *first = NULL, *last = NULL;

	for (size_t i = 0; i < p->nreleases; i++)
		if (eb_plan_is_version(p->releases[i])) {
			if (first == NULL)
				first = p->releases[i];
			last = p->releases[i];
		}
	if (first != NULL && first != last)
		snprintf(buf, n, "What disk encryption costs%s%s, %s to %s", *host ? " on " : "",
		    host, first, last);
	else if (first != NULL)
		snprintf(buf, n, "What disk encryption costs%s%s in %s", *host ? " on " : "", host,
		    first);
	else
		snprintf(buf, n, "What disk encryption costs%s%s", *host ? " on " : "", host);
}

/* The linked pages: their paths and titles, each written by body. */
struct linked {
	unsigned section;
	char *path, *title;
	const char *release;
};

static struct linked *
linked_pages(const struct eb_plan *p, size_t *n)
{
	struct linked *v = eb_xcalloc(p->nreleases + 4, sizeof *v);

	*n = 0;
	for (size_t i = p->nreleases; i-- > 0;) {
		v[*n].section = EB_SEC_RELEASES;
		v[*n].path = release_page(p->releases[i]);
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
		v[*n].path = diff_page(p->from, p->to);
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
linked_body(struct w *w, const struct linked *l)
{
	switch (l->section) {
	case EB_SEC_RELEASES:
		release_body(w, l->release);
		break;
	case EB_SEC_DIFF:
		diff_body(w);
		break;
	case EB_SEC_TREND:
		trend_body(w);
		break;
	case EB_SEC_ALL_FINDINGS:
		findings_body(w);
		break;
	default:
		data_body(w);
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
main_page(struct w *w, unsigned sec, const struct linked *l, size_t nl)
{
	const struct eb_plan *p = w->p;

	w->main = 1;
	eb_buf_addf(w->b, "# %s\n\n", w->r->title);
	banner(w);
	eb_buf_addf(w->b, "Made by encbench %s from %zu records of %zu input%s; every number is "
	    "the mean of its repetitions with a 95 %% confidence interval.\n\n", EB_VERSION,
	    p->t->n, w->r->o.ninputs, w->r->o.ninputs == 1 ? "" : "s");
	if (sec & EB_SEC_FINDINGS)
		findings_section(w);
	if (sec & EB_SEC_NEWEST)
		newest_section(w);
	if (sec & EB_SEC_ACROSS)
		across_section(w);
	if (sec & EB_SEC_ACROSS)
		eb_md_cost_section(w->b, p->gs, p->baseline);
	if (sec & EB_SEC_SETUP)
		setup_table(w, 1);
	if (sec & EB_SEC_MORE)
		more_section(w);
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
		eb_buf_addf(w->b, "## %s\n\n", l[i].title);
		add_demoted(w->b, &body);
		eb_buf_free(&body);
	}
}

void
eb_report_build(struct eb_report *r, const struct eb_plan *p, const struct eb_report_opts *o)
{
	struct w w;
	struct linked *l;
	size_t nl;
	char title[256];

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
	l = linked_pages(p, &nl);
	w.b = page_new(r, &r->pages, &r->npages, &r->cappages, "report.md");
	main_page(&w, o->sections ? o->sections : EB_SEC_MAIN, l, nl);
	for (size_t i = 0; i < nl; i++) {
		w.depth = strchr(l[i].path, '/') != NULL;
		w.b = page_new(r, &r->pages, &r->npages, &r->cappages, l[i].path);
		eb_buf_addf(w.b, "# %s\n\n", l[i].title);
		{
			char *u = url_page(&w, "report.md");

			eb_buf_addf(w.b, "Part of [%s](%s).\n\n", r->title, u);
			free(u);
		}
		linked_body(&w, &l[i]);
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
	struct w w;
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
	l = linked_pages(r->p, &nl);
	main_page(&w, sec, l, nl);
	/* The pages not on the main page follow it, folded. */
	for (size_t i = 0; i < nl; i++) {
		struct eb_buf body;
		char *id;

		if (sec & l[i].section)
			continue;
		id = page_id(l[i].path);
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
	}
	free(r->charts);
	free(r->title);
	free(r->html);
	memset(r, 0, sizeof *r);
}
