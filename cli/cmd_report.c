/* cmd_report.c - "encbench report": one folder with the whole post: the
 * markdown (or HTML) report, every chart as SVG and PNG, and the data. */
#include <dirent.h>
#include <errno.h>
#include <getopt.h>
#include <libgen.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cli.h"
#include "../analyze/analyze.h"
#include "../ingest/ingest.h"
#include "../render/cost.h"
#include "../render/chart.h"
#include "../render/render.h"
#include "../render/scene.h"

static int exec_report(int argc, char **argv);

const struct eb_cmd eb_cmd_report = {
	"report",
	"report -o DIR [--title T] [--baseline MODE] [--releases A,B,...]\n"
	"                  [--units si|iec] [--format md|html] [input options] INPUT...",
	"Write a blog-ready report: findings, tables, charts and the data behind them.",
	"\n"
	"DIR gets:\n"
	"  report.md        the report (report.html with --format html: one page\n"
	"                   with the charts inlined, readable offline)\n"
	"  charts/          every chart as SVG and as a 2x PNG\n"
	"  results.csv      the tidy records the report was made from (and .json)\n"
	"  summary.json     every computed table at full precision\n"
	"\n"
	"The report has the setup of each run (kernel, ZFS, CPU, AES-NI, tools)\n"
	"and what changed between releases, the findings as sentences, per\n"
	"release the absolute throughput and the overhead of each mode against the\n"
	"baseline, and across releases the diff of the two newest with a\n"
	"significance test and the trend. DIR is written as a whole: it is built\n"
	"next to DIR and swapped in, so a failed run leaves the old report, and a\n"
	"refresh leaves no stale files of encbench's (files of your own in DIR\n"
	"are kept). Folders are read and charts drawn on every CPU the command\n"
	"may use (taskset -c 0 keeps it to one); the report is the same either way.\n"
	"\n"
	"Options:\n"
	"  -o DIR             the report folder (required)\n"
	"  --title T          the title (default: from hosts and releases)\n"
	"  --baseline MODE    the unencrypted mode (default none)\n"
	"  --releases A,B,... only these releases; the last two are diffed\n"
	"  --units si|iec     MB/s (default) or MiB/s\n"
	"  --format md|html   report.md (default) or report.html\n"
	"  --input-format NAME  read every input as NAME (what --format is to\n"
	"                     'encbench ingest'; here --format is the report's)\n"
	"  --set, --map, --unit, -q   as for 'encbench help ingest'\n"
	"\n"
	"Example:\n"
	"  encbench report samples -o report/ && xdg-open report/report.md\n",
	exec_report,
};

#define MANIFEST ".encbench-report"
#define MAX_FORKED_DRAWERS 7

/* A chart laid out while the markdown was written, to be drawn as SVG and
 * as a 2x PNG by one of the drawing processes. */
struct chart_job {
	struct eb_scene *scene;
	char *svg, *png;	/* png is NULL when the chart is too big for one */
	double cost;		/* its pixels: what drawing it takes */
};

/* The tables summary.json holds. */
struct summary_ctx {
	struct report *r;
	struct eb_overhead *oh;
	size_t noh;
	struct eb_diff *diff;
	size_t ndiff;
	struct eb_trend_row *trend;
	size_t ntrend;
	struct eb_findings *f;
};

struct report {
	struct eb_table *t;	/* everything */
	struct eb_table *tbw;	/* throughput only, for the tables */
	struct eb_groups *gs, *gsbw;
	const char **rel;	/* releases in order */
	size_t nrel;
	const char *title, *baseline;
	const char *from, *to;	/* the releases of the diff */
	int chosen;		/* --releases named and ordered them */
	int iec, html;
	const char *tmp;	/* the folder being built */
	struct eb_buf md;	/* report.md */
	struct eb_buf files;	/* the manifest: every file written, one a line */
	char **sources;
	size_t nsources;
	int illustrative;
	struct chart_job *jobs;
	size_t njobs, capjobs;
	/* What build computes. Kept here rather than in its locals, so that
	 * a forked drawer's memory checker sees them referenced to the end. */
	struct eb_findings findings;
	struct summary_ctx sum;
};

/* Adds a file, named relative to the report folder, to the manifest. */
static void __attribute__((format(printf, 2, 3)))
note_file(struct report *r, const char *fmt, ...)
{
	char rel[PATH_MAX];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(rel, sizeof rel, fmt, ap);
	va_end(ap);
	eb_buf_addf(&r->files, "%s\n", rel);
}

/* ---- charts */

#define PNG_SCALE 2

/* Lays out a chart and links it from the markdown; a chart with nothing
 * to draw gets no link. Drawing its files waits for draw_charts. */
static void
chart(struct report *r, enum eb_chart_kind kind, const char *release,
    const char *config, const char *from, const char *to, const char *name,
    const char *alt)
{
	struct eb_chart_opts o;
	struct eb_err err;
	struct eb_scene *s;
	struct chart_job *job;
	char *slug = eb_xstrdup(name);

	/* Labels from the inputs name the files: keep them to characters a
	 * path and a markdown link take as they are. */
	for (char *p = slug; *p; p++)
		if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
		    (*p >= '0' && *p <= '9') || *p == '.' || *p == '_' || *p == '-'))
			*p = '-';

	eb_chart_opts_init(&o);
	o.kind = kind;
	o.metric = "bw";
	o.release = release;
	o.config = config;
	o.from = from;
	o.to = to;
	o.baseline = r->baseline;
	o.iec = r->iec;
	o.sources = (const char *const *)r->sources;
	o.nsources = r->nsources;
	o.meta_get = eb_rundir_meta_get;
	if ((s = eb_chart_scene(&o, r->gs, &err)) == NULL) {
		if (err.code != EB_ERR_DATA)
			fprintf(stderr, "encbench: warning: chart %s: %s\n", slug, err.msg);
		free(slug);
		return;
	}
	eb_xgrow(&r->jobs, &r->capjobs, r->njobs + 1, sizeof *r->jobs);
	job = &r->jobs[r->njobs++];
	memset(job, 0, sizeof *job);
	job->scene = s;
	job->svg = eb_xasprintf("%s/charts/%s.svg", r->tmp, slug);
	job->cost = s->width * s->height;
	eb_buf_addf(&r->md, "![%s](charts/%s.svg)\n\n", alt, slug);
	note_file(r, "charts/%s.svg", slug);
	if (eb_scene_png_fits(s, PNG_SCALE)) {
		job->png = eb_xasprintf("%s/charts/%s.png", r->tmp, slug);
		job->cost += s->width * s->height * PNG_SCALE * PNG_SCALE;
		eb_buf_addf(&r->md, "[PNG for blogs](charts/%s.png)\n\n", slug);
		note_file(r, "charts/%s.png", slug);
	} else {
		fprintf(stderr, "encbench: warning: chart %s is too big for a PNG at %dx; "
		    "the report has its SVG only\n", slug, PNG_SCALE);
	}
	free(slug);
}

static void
free_jobs(struct report *r)
{
	for (size_t i = 0; i < r->njobs; i++) {
		eb_scene_free(r->jobs[i].scene);
		free(r->jobs[i].svg);
		free(r->jobs[i].png);
	}
	free(r->jobs);
	r->jobs = NULL;
	r->njobs = r->capjobs = 0;
}

/* The drawers take the charts one at a time, biggest first, through a
 * counter in memory they share, so that none waits while another has
 * several left; 0, or -1 after saying why. */
static int
draw_charts(struct report *r, int *next)
{
	struct eb_err err;
	size_t i;

	while ((i = (size_t)__atomic_fetch_add(next, 1, __ATOMIC_RELAXED)) < r->njobs) {
		struct chart_job *job = &r->jobs[i];

		if (eb_scene_write_svg(job->scene, job->svg, &err) != EB_OK ||
		    (job->png != NULL &&
		    eb_scene_write_png(job->scene, job->png, PNG_SCALE, &err) != EB_OK)) {
			eb_err_print(&err, stderr);
			return -1;
		}
	}
	return 0;
}

static int
cmp_cost(const void *a, const void *b)
{
	const struct chart_job *x = a, *y = b;

	return (x->cost < y->cost) - (x->cost > y->cost);
}

struct drawers {
	int *next;		/* the shared counter, or &local */
	int local;
	pid_t pid[MAX_FORKED_DRAWERS];
	int n;			/* forked drawers */
};

/* Drawing the PNGs is most of a report's time and the charts do not
 * depend on each other: one forked drawer for each CPU this process may
 * run on but one, which is this process's once it has written the data
 * files. Without shared memory or fork, this process draws them all. */
static void
start_drawing(struct report *r, struct drawers *d)
{
	int ncpu = eb_cpu_count();
	void *shared;

	qsort(r->jobs, r->njobs, sizeof *r->jobs, cmp_cost);
	d->local = 0;
	d->next = &d->local;
	d->n = 0;
	if (ncpu > MAX_FORKED_DRAWERS + 1)
		ncpu = MAX_FORKED_DRAWERS + 1;
	if (ncpu < 2 || r->njobs < 2)
		return;
	shared = mmap(NULL, sizeof *d->next, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS,
	    -1, 0);
	if (shared == MAP_FAILED)
		return;
	d->next = shared;
	*d->next = 0;
	fflush(stdout);
	fflush(stderr);
	for (int k = 0; k < ncpu - 1; k++) {
		pid_t pid = fork();

		if (pid == 0) {
			int rc = draw_charts(r, d->next) == 0 ? 0 : 1;

			fflush(stderr);
			_exit(rc);
		}
		if (pid < 0)
			break;
		d->pid[d->n++] = pid;
	}
}

static int
finish_drawing(struct report *r, struct drawers *d)
{
	int rc = draw_charts(r, d->next) == 0 ? 0 : EB_EXIT_IO;

	for (int k = 0; k < d->n; k++) {
		int status = 0;
		pid_t got;

		while ((got = waitpid(d->pid[k], &status, 0)) < 0 && errno == EINTR)
			;
		if (got < 0 || !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
			if (got >= 0 && WIFSIGNALED(status))
				fprintf(stderr, "encbench: error: a process drawing charts "
				    "died (signal %d)\n", WTERMSIG(status));
			rc = EB_EXIT_IO;
		}
	}
	if (d->next != &d->local)
		munmap(d->next, sizeof *d->next);
	return rc;
}

/* The tables are written by render/ to a stream: a memory one, appended
 * to the report when closed. */
struct section {
	FILE *fp;
	char *text;
	size_t len;
};

static FILE *
section_open(struct section *sec)
{
	sec->text = NULL;
	sec->len = 0;
	sec->fp = open_memstream(&sec->text, &sec->len);
	if (sec->fp == NULL) {
		fputs("encbench: out of memory\n", stderr);
		abort();
	}
	return sec->fp;
}

static void
section_close(struct report *r, struct section *sec)
{
	fclose(sec->fp);
	eb_buf_add(&r->md, sec->text, sec->len);
	eb_buf_add(&r->md, "\n", 1);
	free(sec->text);
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

static int
cmp_meta(const void *a, const void *b)
{
	const struct eb_run_meta *x = a, *y = b;
	int c = eb_natural_cmp(x->release, y->release);

	return c ? c : strcmp(x->config, y->config);
}

static void
meta_value(const struct eb_run_meta *m, const char *key, char *buf, size_t n)
{
	eb_rundir_meta_get(m, key, buf, n);
	if (strcmp(key, "memory_bytes") == 0 && *buf) {
		double gib = strtod(buf, NULL) / 1073741824.0;

		snprintf(buf, n, "%.0f GiB", gib);
	}
}

static void
setup_section(struct report *r)
{
	struct eb_run_meta *m = r->t->meta;
	size_t nm = r->t->nmeta;
	char val[256], prev[256];
	struct eb_md md;
	struct section sec;
	const char **cells;
	char **owned;
	int changes = 0;

	if (nm == 0)
		return;
	qsort(m, nm, sizeof *m, cmp_meta);
	for (size_t i = 0; i < nm; i++)
		if (eb_rundir_meta_get(&m[i], "illustrative", val, sizeof val))
			r->illustrative = 1;
	eb_buf_addf(&r->md, "## Setup\n\n");
	eb_md_init(&md, nm + 1);
	cells = eb_xcalloc(nm + 1, sizeof *cells);
	owned = eb_xcalloc(nm + 1, sizeof *owned);
	cells[0] = "";
	for (size_t i = 0; i < nm; i++)
		cells[i + 1] = owned[i + 1] = *m[i].config && strcmp(m[i].config, "default") != 0 ?
		    eb_xasprintf("%s (%s)", m[i].release, m[i].config) : eb_xstrdup(m[i].release);
	eb_md_rowv(&md, cells);
	for (size_t i = 0; i < nm; i++)
		free(owned[i + 1]);
	for (size_t k = 0; k < NSETUP; k++) {
		int any = 0;

		cells[0] = setup_rows[k].label;
		for (size_t i = 0; i < nm; i++) {
			meta_value(&m[i], setup_rows[k].key, val, sizeof val);
			any |= *val != '\0';
			cells[i + 1] = owned[i + 1] = eb_xstrdup(val);
		}
		if (any)
			eb_md_rowv(&md, cells);
		for (size_t i = 0; i < nm; i++)
			free(owned[i + 1]);
	}
	eb_md_write(&md, section_open(&sec));
	section_close(r, &sec);
	eb_md_free(&md);
	free((void *)cells);
	free(owned);

	/* What changed from one release to the next, config by config. */
	for (size_t i = 1; i < nm; i++) {
		size_t j;

		for (j = i; j-- > 0;)
			if (strcmp(m[j].config, m[i].config) == 0 &&
			    strcmp(m[j].release, m[i].release) != 0)
				break;
		if (j == (size_t)-1)
			continue;
		for (size_t k = 0; k < NSETUP; k++) {
			if (strcmp(setup_rows[k].key, "date") == 0 || strcmp(setup_rows[k].key, "host") == 0)
				continue;
			meta_value(&m[j], setup_rows[k].key, prev, sizeof prev);
			meta_value(&m[i], setup_rows[k].key, val, sizeof val);
			if (strcmp(prev, val) == 0)
				continue;
			if (!changes++)
				eb_buf_addf(&r->md, "\n### What changed between releases\n\n");
			eb_buf_addf(&r->md, "- %s → %s%s%s%s, %s: %s → %s\n", m[j].release, m[i].release,
			    strcmp(m[i].config, "default") ? " (" : "",
			    strcmp(m[i].config, "default") ? m[i].config : "",
			    strcmp(m[i].config, "default") ? ")" : "", setup_rows[k].label,
			    *prev ? prev : "(unknown)", *val ? val : "(unknown)");
		}
	}
	eb_buf_addf(&r->md, "\n");
}

/* ---- sections */

/* The configs of a release, most common first. */
static size_t
configs_of(const struct eb_groups *gs, const char *release, const char **out, size_t max)
{
	size_t counts[16] = { 0 }, n = 0;

	for (size_t i = 0; i < gs->n; i++) {
		const struct eb_record *k = gs->g[i].key;
		size_t j;

		if (strcmp(k->f[EB_F_RELEASE], release) != 0)
			continue;
		for (j = 0; j < n && out[j] != k->f[EB_F_CONFIG]; j++)
			;
		if (j == n) {
			if (n == max)
				continue;
			out[n++] = k->f[EB_F_CONFIG];
		}
		counts[j]++;
	}
	for (size_t a = 0; a < n; a++)
		for (size_t b = a + 1; b < n; b++)
			if (counts[b] > counts[a]) {
				const char *s = out[a];
				size_t c = counts[a];

				out[a] = out[b];
				counts[a] = counts[b];
				out[b] = s;
				counts[b] = c;
			}
	return n;
}

static void
release_section(struct report *r, const char *release, struct eb_overhead *oh, size_t noh)
{
	const char *configs[16];
	size_t nconf = configs_of(r->gsbw, release, configs, 16);
	struct eb_grid grid;
	struct section sec;
	struct eb_overhead *mine = eb_xcalloc(noh ? noh : 1, sizeof *mine);
	size_t nmine = 0;

	if (nconf == 0) {
		free(mine);
		return;
	}
	eb_buf_addf(&r->md, "## Release %s\n\n### Throughput\n\n", *release ? release : "(unnamed)");
	for (size_t c = 0; c < nconf; c++) {
		char *name = eb_xasprintf("bars-%s%s%s", release, nconf > 1 ? "-" : "",
		    nconf > 1 ? configs[c] : "");
		char *alt = eb_xasprintf("Bar chart: throughput of each encryption mode in %s%s%s%s, "
		    "reads and writes side by side, with 95 %% confidence intervals", release,
		    nconf > 1 ? " (" : "", nconf > 1 ? configs[c] : "", nconf > 1 ? ")" : "");

		chart(r, EB_CHART_BARS, release, configs[c], NULL, NULL, name, alt);
		free(name);
		free(alt);
	}
	eb_grid_build(&grid, r->gsbw, release);
	eb_md_absolute(section_open(&sec), &grid, release, r->iec);
	section_close(r, &sec);
	eb_grid_free(&grid);

	for (size_t i = 0; i < noh; i++)
		if (strcmp(oh[i].g->key->f[EB_F_RELEASE], release) == 0)
			mine[nmine++] = oh[i];
	if (nmine > 0) {
		eb_buf_addf(&r->md, "### Overhead against %s\n\n", r->baseline);
		for (size_t c = 0; c < nconf; c++) {
			char *name = eb_xasprintf("overhead-%s%s%s", release, nconf > 1 ? "-" : "",
			    nconf > 1 ? configs[c] : "");
			char *alt = eb_xasprintf("Bar chart: throughput of each encryption mode in %s%s%s%s "
			    "as a percentage of %s, with 95 %% intervals from Fieller's theorem", release,
			    nconf > 1 ? " (" : "", nconf > 1 ? configs[c] : "", nconf > 1 ? ")" : "",
			    r->baseline);

			chart(r, EB_CHART_OVERHEAD, release, configs[c], NULL, NULL, name, alt);
			free(name);
			free(alt);
		}
		eb_md_overhead(section_open(&sec), mine, nmine, r->iec);
		section_close(r, &sec);
	}
	free(mine);
}

static int
is_version(const char *release)
{
	return *release >= '0' && *release <= '9';
}

/* The config most groups of the report have. */
static const char *
main_config(const struct report *r)
{
	const char *configs[32];
	size_t counts[32], n = 0, best = 0;

	for (size_t i = 0; i < r->gs->n; i++) {
		const char *c = r->gs->g[i].key->f[EB_F_CONFIG];
		size_t j;

		for (j = 0; j < n && configs[j] != c; j++)
			;
		if (j == n) {
			if (n == 32)
				continue;
			configs[n] = c;
			counts[n++] = 0;
		}
		counts[j]++;
	}
	for (size_t j = 1; j < n; j++)
		if (counts[j] > counts[best])
			best = j;
	return n ? configs[best] : "";
}

static void
across_section(struct report *r, struct eb_diff **diff_out, size_t *ndiff,
    struct eb_trend_row **trend_out, size_t *ntrend)
{
	const char *from = r->from, *to = r->to;
	struct eb_diff_opts o = { EB_SPLIT_RELEASE, from, to, 0.05, 0, 0, r->baseline, 0 };
	struct section sec;
	struct eb_diff *bw;
	size_t nbw = 0;
	char *name, *alt;

	*diff_out = eb_diff_compute(r->gs, &o, ndiff);
	*trend_out = eb_trend_compute(r->gs, r->baseline, 0.05, ntrend);
	eb_buf_addf(&r->md, "## Across releases\n\n### %s → %s\n\n", from, to);
	name = eb_xasprintf("diff-%s-%s", from, to);
	alt = eb_xasprintf("Diverging bar chart: change of throughput of each mode from %s to %s, "
	    "significant changes solid, no significant change hollow", from, to);
	chart(r, EB_CHART_DIFF, NULL, main_config(r), from, to, name, alt);
	free(name);
	free(alt);
	bw = eb_xcalloc(*ndiff ? *ndiff : 1, sizeof *bw);
	for (size_t i = 0; i < *ndiff; i++)
		if (strcmp((*diff_out)[i].a->key->f[EB_F_METRIC], "bw") == 0)
			bw[nbw++] = (*diff_out)[i];
	if (nbw > 0) {
		eb_md_diff(section_open(&sec), bw, nbw, from, to, 0, r->iec);
		section_close(r, &sec);
	}
	free(bw);

	eb_buf_addf(&r->md, "### Trend\n\n");
	/* The series of the most common config: other configs and other
	 * platforms have a release or two and no line to draw. */
	chart(r, EB_CHART_TREND, NULL, main_config(r), NULL, NULL, "trend",
	    "Line chart: throughput of each encryption mode across releases in version order");
	chart(r, EB_CHART_HEATMAP, NULL, main_config(r), NULL, NULL, "heatmap",
	    "Heat map: overhead in percent of each mode in each release, values in the cells");
	{
		struct eb_trend_row *rows = eb_xcalloc(*ntrend ? *ntrend : 1, sizeof *rows);
		size_t n = 0;

		for (size_t i = 0; i < *ntrend; i++)
			if (strcmp((*trend_out)[i].g->key->f[EB_F_METRIC], "bw") == 0)
				rows[n++] = (*trend_out)[i];
		if (n > 0) {
			eb_md_trend(section_open(&sec), rows, n, r->iec);
			section_close(r, &sec);
		}
		free(rows);
	}
	/* Every metric, so the report's verdicts are all of diff's. */
	if (nbw < *ndiff) {
		eb_buf_addf(&r->md, "<details>\n<summary>Every metric from %s to %s</summary>\n\n",
		    from, to);
		eb_md_diff(section_open(&sec), *diff_out, *ndiff, from, to, 0, r->iec);
		section_close(r, &sec);
		eb_buf_addf(&r->md, "</details>\n\n");
	}
}

/* ---- files */

static enum eb_status
write_buf(void *ctx, FILE *fp)
{
	const struct eb_buf *b = ctx;

	if (b->len > 0)
		fwrite(b->data, 1, b->len, fp);
	return ferror(fp) ? EB_ERR_IO : EB_OK;
}

static enum eb_status
write_results_csv(void *ctx, FILE *fp)
{
	return eb_write_csv(ctx, fp);
}

static enum eb_status
write_results_json(void *ctx, FILE *fp)
{
	return eb_write_json(ctx, fp);
}

static enum eb_status
write_summary(void *ctx, FILE *fp)
{
	struct summary_ctx *s = ctx;
	const struct eb_group **groups = eb_xmalloc((s->r->gs->n + 1) * sizeof *groups);
	size_t *order = eb_overhead_order(s->oh, s->noh);

	fprintf(fp, "{\n\"encbench\": \"%s\",\n\"title\": ", EB_VERSION);
	eb_json_string(fp, s->r->title);
	fputs(",\n\"baseline\": ", fp);
	eb_json_string(fp, s->r->baseline);
	fputs(",\n\"releases\": [", fp);
	for (size_t i = 0; i < s->r->nrel; i++) {
		fputs(i ? ", " : "", fp);
		eb_json_string(fp, s->r->rel[i]);
	}
	fputs("],\n\"findings\": [", fp);
	for (size_t i = 0; i < s->f->n; i++) {
		fputs(i ? ",\n  " : "\n  ", fp);
		eb_json_string(fp, s->f->lines[i]);
	}
	fputs("\n],\n\"groups\": ", fp);
	for (size_t i = 0; i < s->r->gs->n; i++)
		groups[i] = &s->r->gs->g[i];
	eb_json_groups(fp, groups, s->r->gs->n);
	fputs(",\n\"overhead\": ", fp);
	eb_json_overhead(fp, s->oh, order, s->noh);
	free(order);
	fputs(",\n\"diff\": ", fp);
	if (s->diff != NULL) {
		order = eb_diff_order(s->diff, s->ndiff);
		eb_json_diff(fp, s->diff, order, s->ndiff, s->r->from, s->r->to);
		free(order);
	} else
		fputs("[]\n", fp);
	fputs(",\n\"trend\": ", fp);
	if (s->trend != NULL)
		eb_json_trend(fp, s->trend, s->ntrend);
	else
		fputs("[]\n", fp);
	fputs("}\n", fp);
	free((void *)groups);
	return ferror(fp) ? EB_ERR_IO : EB_OK;
}

static int
write_file(struct report *r, const char *name, eb_write_fn fn, void *ctx)
{
	char *path = eb_xasprintf("%s/%s", r->tmp, name);
	struct eb_err err;
	enum eb_status st = eb_write_atomic(path, fn, ctx, &err);

	if (st != EB_OK) {
		eb_err_print(&err, stderr);
		free(path);
		return eb_exit_code(st);
	}
	free(path);
	note_file(r, "%s", name);
	return 0;
}

/* Inlines a chart's SVG into the HTML page. */
static int
inline_svg(void *ctx, struct eb_buf *b, const char *url, const char *alt)
{
	struct report *r = ctx;
	char *path = eb_xasprintf("%s/%s", r->tmp, url);
	FILE *fp = fopen(path, "r");
	char chunk[8192];
	size_t n;

	free(path);
	if (fp == NULL)
		return 0;
	eb_buf_add(b, "<figure role=\"img\" aria-label=\"", 31);
	for (const char *p = alt; *p; p++) {
		if (*p == '"')
			eb_buf_add(b, "&quot;", 6);
		else if (*p == '<')
			eb_buf_add(b, "&lt;", 4);
		else if (*p == '&')
			eb_buf_add(b, "&amp;", 5);
		else
			eb_buf_addc(b, *p);
	}
	eb_buf_add(b, "\">", 2);
	/* The XML declaration may not stand inside HTML. */
	n = fread(chunk, 1, sizeof chunk, fp);
	{
		size_t skip = 0;

		if (n > 5 && memcmp(chunk, "<?xml", 5) == 0) {
			const char *end = memmem(chunk, n, "?>", 2);

			if (end != NULL)
				skip = (size_t)(end - chunk) + 2;
		}
		eb_buf_add(b, chunk + skip, n - skip);
	}
	while ((n = fread(chunk, 1, sizeof chunk, fp)) > 0)
		eb_buf_add(b, chunk, n);
	fclose(fp);
	eb_buf_add(b, "</figure>", 9);
	return 1;
}

/* Removes a folder this command made (no links are followed). */
static void
remove_tree(const char *path)
{
	DIR *d = opendir(path);
	struct dirent *e;

	if (d != NULL) {
		while ((e = readdir(d)) != NULL) {
			char *child;
			struct stat sb;

			if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
				continue;
			child = eb_xasprintf("%s/%s", path, e->d_name);
			if (lstat(child, &sb) == 0 && S_ISDIR(sb.st_mode))
				remove_tree(child);
			else
				unlink(child);
			free(child);
		}
		closedir(d);
	}
	rmdir(path);
}

/* Moves the files of the old report that encbench did not write (not in
 * its manifest) into the new one, so a refresh keeps them. */
static void
keep_foreign_files(const char *old, const char *fresh)
{
	char *manifest = eb_xasprintf("%s/%s", old, MANIFEST);
	struct eb_buf listed;
	DIR *d = opendir(old);
	struct dirent *e;
	FILE *fp = fopen(manifest, "r");
	char line[4096];

	eb_buf_init(&listed, 0);
	eb_buf_add(&listed, "\n", 1);
	if (fp != NULL) {
		while (fgets(line, sizeof line, fp) != NULL) {
			char *slash = strchr(line, '/');

			/* Whole folders of ours (charts/) are ours. */
			if (slash != NULL) {
				slash[1] = '\0';
				eb_buf_addf(&listed, "%s\n", line);
			} else
				eb_buf_add(&listed, line, strlen(line));
		}
		fclose(fp);
	}
	while (d != NULL && (e = readdir(d)) != NULL) {
		char *key, *from, *to;
		struct stat sb;

		if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0 ||
		    strcmp(e->d_name, MANIFEST) == 0)
			continue;
		from = eb_xasprintf("%s/%s", old, e->d_name);
		key = eb_xasprintf("\n%s%s\n", e->d_name,
		    lstat(from, &sb) == 0 && S_ISDIR(sb.st_mode) ? "/" : "");
		to = eb_xasprintf("%s/%s", fresh, e->d_name);
		if (fp == NULL || strstr(eb_buf_cstr(&listed), key) == NULL)
			if (access(to, F_OK) != 0)
				rename(from, to);
		free(key);
		free(from);
		free(to);
	}
	if (d != NULL)
		closedir(d);
	eb_buf_free(&listed);
	free(manifest);
}

/* Swaps the finished folder in for DIR. */
static int
swap_in(const char *tmp, const char *dir)
{
	struct stat sb;
	char *old;

	if (lstat(dir, &sb) != 0) {
		if (rename(tmp, dir) != 0) {
			fprintf(stderr, "%s: error: cannot create: %s\n", dir, strerror(errno));
			return EB_EXIT_IO;
		}
		return 0;
	}
	if (!S_ISDIR(sb.st_mode)) {
		fprintf(stderr, "%s: error: exists and is not a folder\n", dir);
		return EB_EXIT_IO;
	}
	old = eb_xasprintf("%s.old-%ld", dir, (long)getpid());
	keep_foreign_files(dir, tmp);
	if (rename(dir, old) != 0 || rename(tmp, dir) != 0) {
		fprintf(stderr, "%s: error: cannot replace: %s\n", dir, strerror(errno));
		rename(old, dir);
		free(old);
		return EB_EXIT_IO;
	}
	remove_tree(old);
	free(old);
	return 0;
}

static const char *
default_title(struct report *r, char *buf, size_t n)
{
	const char *host = r->t->n ? r->t->rows[0].f[EB_F_HOST] : "";
	const char *first = NULL, *last = NULL;

	for (size_t i = 1; i < r->t->n; i++)
		if (r->t->rows[i].f[EB_F_HOST] != r->t->rows[0].f[EB_F_HOST])
			host = "";
	for (size_t i = 0; i < r->nrel; i++)
		if (is_version(r->rel[i])) {
			if (first == NULL)
				first = r->rel[i];
			last = r->rel[i];
		}
	if (first != NULL && first != last)
		snprintf(buf, n, "What disk encryption costs%s%s, %s to %s", *host ? " on " : "",
		    host, first, last);
	else if (first != NULL)
		snprintf(buf, n, "What disk encryption costs%s%s in %s", *host ? " on " : "", host,
		    first);
	else
		snprintf(buf, n, "What disk encryption costs%s%s", *host ? " on " : "", host);
	return buf;
}

static int
build(struct report *r, char **paths, int npaths)
{
	struct eb_findings *f = &r->findings;
	struct summary_ctx *sum = &r->sum;
	char *dir = eb_xasprintf("%s/charts", r->tmp);
	struct drawers drawers;
	int rc, drawn;

	mkdir(dir, 0777);
	free(dir);
	memset(sum, 0, sizeof *sum);
	sum->r = r;
	sum->f = f;
	eb_findings_compute(r->gs, r->baseline, 0.05, f);
	sum->oh = eb_overhead_compute(r->gsbw, r->baseline, &sum->noh);

	eb_buf_addf(&r->md, "# %s\n\n", r->title);
	if (r->illustrative) {
		char v[16];
		int first = 1;

		eb_buf_addf(&r->md, "> **Illustrative data.** The runs of");
		for (size_t i = 0; i < r->t->nmeta; i++)
			if (eb_rundir_meta_get(&r->t->meta[i], "illustrative", v, sizeof v)) {
				eb_buf_addf(&r->md, "%s %s%s%s%s", first ? "" : ",", r->t->meta[i].release,
				    strcmp(r->t->meta[i].config, "default") ? " (" : "",
				    strcmp(r->t->meta[i].config, "default") ? r->t->meta[i].config : "",
				    strcmp(r->t->meta[i].config, "default") ? ")" : "");
				first = 0;
			}
		eb_buf_addf(&r->md, " say in their meta.json that their numbers are made up, "
		    "to show the formats and the report: they are not measurements.\n\n");
	}
	eb_buf_addf(&r->md, "Made by encbench %s from %zu records of %d input%s; every "
	    "number is the mean of its repetitions with a 95 %% confidence interval.\n\n",
	    EB_VERSION, r->t->n, npaths, npaths == 1 ? "" : "s");
	eb_buf_addf(&r->md, "## Findings\n\n");
	for (size_t i = 0; i < f->n; i++)
		eb_buf_addf(&r->md, "- %s\n", f->lines[i]);
	eb_buf_addf(&r->md, "\n");
	setup_section(r);
	/* Newest first; labels that are no version number (a platform, a
	 * forum post) after them. */
	for (size_t i = r->nrel; i-- > 0;)
		if (r->chosen || is_version(r->rel[i]))
			release_section(r, r->rel[i], sum->oh, sum->noh);
	for (size_t i = 0; i < r->nrel && !r->chosen; i++)
		if (!is_version(r->rel[i]))
			release_section(r, r->rel[i], sum->oh, sum->noh);
	/* --releases orders them: its last two are the diff. */
	if (r->chosen && r->nrel >= 2) {
		r->from = r->rel[r->nrel - 2];
		r->to = r->rel[r->nrel - 1];
	}
	if ((r->chosen && r->nrel >= 2) || (!r->chosen && eb_release_pair(r->gs, &r->from, &r->to)))
		across_section(r, &sum->diff, &sum->ndiff, &sum->trend, &sum->ntrend);
	eb_md_cost_section(&r->md, r->gs, r->baseline);
	eb_buf_addf(&r->md, "## Data\n\n- [results.csv](results.csv) and "
	    "[results.json](results.json): every record, with its source file and line\n"
	    "- [summary.json](summary.json): every table of this report at full precision\n\n");
	eb_buf_addf(&r->md, "Inputs:");
	for (int i = 0; i < npaths; i++)
		eb_buf_addf(&r->md, " `%s`", paths[i]);
	eb_buf_addf(&r->md, ".%s\n", r->illustrative ? " Illustrative data: not measurements." : "");

	start_drawing(r, &drawers);
	rc = write_file(r, "results.csv", write_results_csv, r->t);
	if (rc == 0)
		rc = write_file(r, "datapackage.json", eb_datapackage_write, &(struct eb_datapackage){ "results.csv" });
	if (rc == 0)
		rc = write_file(r, "results.json", write_results_json, r->t);
	if (rc == 0)
		rc = write_file(r, "summary.json", write_summary, sum);
	/* The HTML page inlines the SVG files: every drawer must be done. */
	drawn = finish_drawing(r, &drawers);
	if (rc == 0)
		rc = drawn;
	if (rc == 0) {
		if (r->html) {
			struct eb_buf page = { NULL, 0, 0, 0 };

			page.data = eb_md_to_html(eb_buf_cstr(&r->md), inline_svg, r);
			page.len = strlen(page.data);
			rc = write_file(r, "report.html", write_buf, &page);
			free(page.data);
		} else
			rc = write_file(r, "report.md", write_buf, &r->md);
	}
	if (rc == 0)
		rc = write_file(r, MANIFEST, write_buf, &r->files);
	eb_findings_free(f);
	free(sum->oh);
	free(sum->diff);
	free(sum->trend);
	free_jobs(r);
	return rc;
}

static int
exec_report(int argc, char **argv)
{
	enum { TITLE = 0x2000, BASELINE, RELEASES, FORMAT, INPUT_FORMAT };
	static const struct option longopts[] = {
		{ "set", required_argument, NULL, EB_OPT_SET },
		{ "map", required_argument, NULL, EB_OPT_MAP },
		{ "unit", required_argument, NULL, EB_OPT_UNIT },
		{ "quiet", no_argument, NULL, 'q' },
		{ "input-format", required_argument, NULL, INPUT_FORMAT },
		{ "output", required_argument, NULL, 'o' },
		{ "title", required_argument, NULL, TITLE },
		{ "baseline", required_argument, NULL, BASELINE },
		{ "releases", required_argument, NULL, RELEASES },
		{ "units", required_argument, NULL, EB_OPT_UNITS },
		{ "format", required_argument, NULL, FORMAT },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct eb_inputs in = { 0 };
	struct report r;
	const char *out = NULL, *releases = NULL;
	char titlebuf[256], *parent = NULL, *tmpl = NULL;
	int opt, rc = 0;

	memset(&r, 0, sizeof r);
	r.baseline = "none";
	eb_buf_init(&r.md, 0);
	eb_buf_init(&r.files, 0);
	optind = 1;
	while ((opt = getopt_long(argc, argv, "o:qvh", longopts, NULL)) != -1) {
		if (opt != INPUT_FORMAT && eb_inputs_option(&in, opt, optarg))
			continue;
		switch (opt) {
		case INPUT_FORMAT:
			in.format = optarg;
			break;
		case 'o':
			out = optarg;
			break;
		case TITLE:
			r.title = optarg;
			break;
		case BASELINE:
			r.baseline = optarg;
			break;
		case RELEASES:
			releases = optarg;
			break;
		case EB_OPT_UNITS:
			if (strcmp(optarg, "si") != 0 && strcmp(optarg, "iec") != 0) {
				rc = eb_cli_usage(&eb_cmd_report, "--units takes si or iec, not '%s'", optarg);
				goto done;
			}
			r.iec = strcmp(optarg, "iec") == 0;
			break;
		case FORMAT:
			if (strcmp(optarg, "md") != 0 && strcmp(optarg, "html") != 0) {
				rc = eb_cli_usage(&eb_cmd_report, "--format takes md or html, not '%s'", optarg);
				goto done;
			}
			r.html = strcmp(optarg, "html") == 0;
			break;
		case 'h':
			eb_cli_help(&eb_cmd_report, stdout);
			goto done;
		default:
			rc = eb_cli_usage(&eb_cmd_report, "bad option");
			goto done;
		}
	}
	if (out == NULL) {
		rc = eb_cli_usage(&eb_cmd_report, "-o DIR is required");
		goto done;
	}
	if (optind >= argc) {
		rc = eb_cli_usage(&eb_cmd_report, "no INPUT to read");
		goto done;
	}
	if ((rc = eb_inputs_check(&in, &eb_cmd_report)) != 0 ||
	    (rc = eb_inputs_load(&in, argv + optind, argc - optind, &r.t)) != 0)
		goto done;
	if (releases != NULL) {
		char *list = eb_xstrdup(releases), *save = NULL;
		size_t k = 0, cap = 0;

		for (char *tok = strtok_r(list, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
			const char *rel = eb_intern_lookup(r.t, tok);

			if (rel == NULL) {
				fprintf(stderr, "encbench: error: --releases: no records of release '%s'\n", tok);
				free(list);
				rc = EB_EXIT_DATA;
				goto done;
			}
			eb_xgrow(&r.rel, &cap, r.nrel + 1, sizeof *r.rel);
			r.rel[r.nrel++] = rel;
		}
		free(list);
		r.chosen = 1;
		for (size_t i = 0; i < r.t->n; i++) {
			size_t j;

			for (j = 0; j < r.nrel && r.t->rows[i].f[EB_F_RELEASE] != r.rel[j]; j++)
				;
			if (j < r.nrel)
				r.t->rows[k++] = r.t->rows[i];
		}
		r.t->n = k;
	}
	if (r.t->n == 0) {
		fputs("encbench: error: no records to report on\n", stderr);
		rc = EB_EXIT_DATA;
		goto done;
	}
	r.gs = eb_aggregate(r.t);
	if (r.rel == NULL)
		r.rel = eb_releases(r.gs, &r.nrel);
	r.tbw = eb_table_new();
	eb_table_append(r.tbw, r.t);
	eb_table_keep(r.tbw, EB_F_METRIC, "bw");
	r.gsbw = eb_aggregate(r.tbw);
	if (r.title == NULL)
		r.title = default_title(&r, titlebuf, sizeof titlebuf);
	r.sources = argv + optind;
	r.nsources = (size_t)(argc - optind);
	for (size_t i = 0; i < r.t->nmeta; i++) {
		char v[8];

		if (eb_rundir_meta_get(&r.t->meta[i], "illustrative", v, sizeof v))
			r.illustrative = 1;
	}

	/* Build next to DIR, so the swap is a rename on one file system. */
	{
		char *copy = eb_xstrdup(out);
		size_t len = strlen(copy);

		while (len > 1 && copy[len - 1] == '/')
			copy[--len] = '\0';
		parent = eb_xstrdup(dirname(copy));
		free(copy);
		copy = eb_xstrdup(out);
		len = strlen(copy);
		while (len > 1 && copy[len - 1] == '/')
			copy[--len] = '\0';
		{
			/* Leftovers of killed runs go first; running ones stay. */
			char *beside = eb_xasprintf("%s/%s", parent, basename(copy));

			eb_tmp_clean(beside);
			tmpl = eb_tmp_template(beside);
			free(beside);
		}
		free(copy);
	}
	if (mkdtemp(tmpl) == NULL) {
		fprintf(stderr, "%s: error: cannot create a folder next to it: %s\n", out,
		    strerror(errno));
		rc = EB_EXIT_IO;
		goto done;
	}
	r.tmp = tmpl;
	rc = build(&r, argv + optind, argc - optind);
	if (rc == 0) {
		char *clean = eb_xstrdup(out);
		size_t len = strlen(clean);

		while (len > 1 && clean[len - 1] == '/')
			clean[--len] = '\0';
		rc = swap_in(tmpl, clean);
		free(clean);
	}
	if (rc != 0)
		remove_tree(tmpl);
	else
		fprintf(stderr, "encbench: wrote %s/%s\n", out, r.html ? "report.html" : "report.md");
done:
	eb_inputs_free(&in);
	eb_groups_free(r.gs);
	eb_groups_free(r.gsbw);
	eb_table_free(r.t);
	eb_table_free(r.tbw);
	free((void *)r.rel);
	eb_buf_free(&r.md);
	eb_buf_free(&r.files);
	free(parent);
	free(tmpl);
	eb_chart_release();
	return rc;
}
