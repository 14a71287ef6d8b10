/* report_files.c - the files of a report folder: the data, summary.json,
 * the pages, the charts drawn by the pool, the HTML and the manifest. */
#include <errno.h>
#include <malloc.h>
#include <stdio_ext.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cli.h"
#include "drawpool.h"
#include "../ingest/ingest.h"
#include "report_files.h"

/* The big files are written a number or a label at a time: without the
 * stream's lock (a process that has run threads takes it for every putc)
 * and through a buffer of 64 KiB, they take a third less time. Each
 * writer has the stream to itself, and each process its own buffer. */
static void
stream_fast(FILE *fp)
{
	static char buf[1 << 16];

	__fsetlocking(fp, FSETLOCKING_BYCALLER);
	setvbuf(fp, buf, _IOFBF, sizeof buf);
}

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
	stream_fast(fp);
	return eb_write_csv(ctx, fp);
}

static enum eb_status
write_results_json(void *ctx, FILE *fp)
{
	stream_fast(fp);
	return eb_write_json(ctx, fp);
}

static enum eb_status
write_summary(void *ctx, FILE *fp)
{
	const struct eb_plan *p = ctx;
	const struct eb_group **groups = eb_xmalloc((p->gs->n + 1) * sizeof *groups);
	size_t *order = eb_overhead_order(p->oh, p->noh);

	stream_fast(fp);
	fprintf(fp, "{\n\"encbench\": \"%s\",\n\"baseline\": ", EB_VERSION);
	eb_json_string(fp, p->baseline);
	fputs(",\n\"releases\": [", fp);
	for (size_t i = 0; i < p->nreleases; i++) {
		fputs(i ? ", " : "", fp);
		eb_json_string(fp, p->releases[i]);
	}
	fputs("],\n\"findings\": [", fp);
	for (size_t i = 0; i < p->findings.n; i++) {
		fputs(i ? ",\n  " : "\n  ", fp);
		eb_json_string(fp, p->findings.lines[i]);
	}
	fputs("\n],\n\"groups\": ", fp);
	for (size_t i = 0; i < p->gs->n; i++)
		groups[i] = &p->gs->g[i];
	eb_json_groups(fp, groups, p->gs->n);
	fputs(",\n\"overhead\": ", fp);
	eb_json_overhead(fp, p->oh, order, p->noh);
	free(order);
	fputs(",\n\"diff\": ", fp);
	if (p->diff != NULL) {
		order = eb_diff_order(p->diff, p->ndiff);
		eb_json_diff(fp, p->diff, order, p->ndiff, p->from, p->to);
		free(order);
	} else
		fputs("[]\n", fp);
	fputs(",\n\"trend\": ", fp);
	eb_json_trend(fp, p->trend, p->ntrend);
	fputs("}\n", fp);
	free((void *)groups);
	return ferror(fp) ? EB_ERR_IO : EB_OK;
}

/* Writes f->tmp/name and lists it in list. */
static int
write_file(struct eb_report_files *f, struct eb_buf *list, const char *name, eb_write_fn fn,
    void *ctx)
{
	char *path = eb_xasprintf("%s/%s", f->tmp, name);
	struct eb_err err;
	enum eb_status st = eb_write_atomic(path, fn, ctx, &err);

	if (st != EB_OK) {
		/* The error's location is the path. */
		eb_err_print(&err, stderr);
		free(path);
		return eb_exit_code(st);
	}
	free(path);
	eb_buf_addf(list, "%s\n", name);
	return 0;
}

/* Inlines a chart's SVG into the HTML page. */
static int
inline_svg(void *ctx, struct eb_buf *b, const char *url, const char *alt)
{
	const struct eb_report_files *f = ctx;
	char *path = eb_xasprintf("%s/%s", f->tmp, url);
	FILE *fp = fopen(path, "r");
	char chunk[8192];
	size_t n, skip = 0;

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
	if (n > 5 && memcmp(chunk, "<?xml", 5) == 0) {
		const char *end = memmem(chunk, n, "?>", 2);

		if (end != NULL)
			skip = (size_t)(end - chunk) + 2;
	}
	eb_buf_add(b, chunk + skip, n - skip);
	while ((n = fread(chunk, 1, sizeof chunk, fp)) > 0)
		eb_buf_add(b, chunk, n);
	fclose(fp);
	eb_buf_add(b, "</figure>", 9);
	return 1;
}

/* A big file written by the pool, beside the charts. */
struct file_job {
	const struct eb_report_files *f;
	const char *name;
	eb_write_fn fn;
	void *ctx;
};

static int
write_file_job(void *ctx)
{
	const struct file_job *j = ctx;
	char *path = eb_xasprintf("%s/%s", j->f->tmp, j->name);
	struct eb_err err;
	enum eb_status st = eb_write_atomic(path, j->fn, j->ctx, &err);

	if (st != EB_OK)
		eb_err_print(&err, stderr);
	free(path);
	return st == EB_OK ? 0 : -1;
}

/* The records' files, by whichever process writes them (the manifest
 * lists them, first, in eb_report_files_write). */
static int
write_data(struct eb_report_files *f, struct eb_table *t)
{
	struct eb_datapackage dp = { "results.csv", t, NULL, NULL, 0, NULL };
	struct file_job jobs[3] = {
		{ f, "results.csv", write_results_csv, t },
		{ f, "datapackage.json", eb_datapackage_write, &dp },
		{ f, "results.json", write_results_json, t },
	};

	for (size_t i = 0; i < 3; i++)
		if (write_file_job(&jobs[i]) != 0)
			return EB_EXIT_IO;
	return 0;
}

int
eb_report_files_page(void *ctx, struct eb_report_page *pg)
{
	struct eb_report_files *f = ctx;
	int rc = write_file(f, &f->pages, pg->path, write_buf, &pg->md);

	eb_buf_free(&pg->md);
	return rc;
}

/* Runs fn(f, ctx) in a process of its own: its pid, or 0 when there is
 * one CPU only or fork fails, and then nothing was run. */
static pid_t
fork_writer(struct eb_report_files *f, int (*fn)(struct eb_report_files *, void *), void *ctx)
{
	pid_t pid;

	if (eb_cpu_count() < 2)
		return 0;
	fflush(stdout);
	fflush(stderr);
	if ((pid = fork()) == 0) {
		int rc = fn(f, ctx);

		fflush(stderr);
		_exit(rc);
	}
	return pid < 0 ? 0 : pid;
}

/* Waits for a process of fork_writer: its exit code. */
static int
wait_writer(pid_t *pid)
{
	int status = 0;
	pid_t got;

	if (*pid == 0)
		return 0;
	while ((got = waitpid(*pid, &status, 0)) < 0 && errno == EINTR)
		;
	*pid = 0;
	if (got < 0 || !WIFEXITED(status))
		return EB_EXIT_IO;
	return WEXITSTATUS(status);
}

static int
write_data_job(struct eb_report_files *f, void *t)
{
	return write_data(f, t);
}

void
eb_report_files_begin(struct eb_report_files *f, struct eb_table *t)
{
	char *dir = eb_xasprintf("%s/charts", f->tmp);

	mkdir(dir, 0777);
	free(dir);
	dir = eb_xasprintf("%s/releases", f->tmp);
	mkdir(dir, 0777);
	free(dir);
	f->data = fork_writer(f, write_data_job, t);
	f->data_done = f->data != 0;
	f->summary = 0;
}

static int
write_summary_job(struct eb_report_files *f, void *p)
{
	struct file_job job = { f, "summary.json", write_summary, p };

	return write_file_job(&job) == 0 ? 0 : EB_EXIT_IO;
}

void
eb_report_files_summary(struct eb_report_files *f, struct eb_plan *p)
{
	f->summary = fork_writer(f, write_summary_job, p);
}

/* A drawer has no use for the records: their array is most of what the
 * process holds, and mapped on its own, so freeing it gives it back. */
static void
shed(void *ctx)
{
	struct eb_table *t = ctx;

	free(t->rows);
	t->rows = NULL;
	t->n = t->cap = 0;
	malloc_trim(0);
}

/* Writes the folder's files: the data and the charts by the pool, the pages
 * meanwhile, then the HTML (which inlines the drawn SVGs). */
int
eb_report_files_write(struct eb_report_files *f, struct eb_plan *p, struct eb_table *t,
    struct eb_report *r, int html)
{
	struct file_job files[1] = {
		{ f, "summary.json", write_summary, p },
	};
	size_t njobs = r->ncharts + (f->summary == 0);
	struct eb_draw_job *jobs = eb_xcalloc(njobs + 1, sizeof *jobs);
	struct eb_drawpool pool;
	int rc = 0, drawn;

	eb_buf_addf(&f->list, "results.csv\ndatapackage.json\nresults.json\n");
	for (size_t i = 0; i < r->ncharts; i++) {
		const struct eb_report_chart *c = &r->charts[i];

		jobs[i].scene = c->scene;
		jobs[i].svg = eb_xasprintf("%s/charts/%s.svg", f->tmp, c->slug);
		jobs[i].scale = c->scale;
		jobs[i].cost = c->scene->width * c->scene->height;
		eb_buf_addf(&f->list, "charts/%s.svg\n", c->slug);
		if (c->png) {
			jobs[i].png = eb_xasprintf("%s/charts/%s.png", f->tmp, c->slug);
			jobs[i].cost *= 1 + c->scale * c->scale;
			eb_buf_addf(&f->list, "charts/%s.png\n", c->slug);
		} else if (c->too_big)
			fprintf(stderr, "encbench: warning: chart %s is too big for a PNG at %dx; "
			    "the report has its SVG only\n", c->slug, r->o.png_scale);
	}
	/* summary.json, when no process of its own writes it, is the biggest
	 * job: first, on a drawer of its own. */
	if (f->summary == 0) {
		jobs[r->ncharts].write = write_file_job;
		jobs[r->ncharts].ctx = &files[0];
		jobs[r->ncharts].cost = 1e15;
	}
	eb_buf_addf(&f->list, "%s\n", files[0].name);
	/* Any page page_done did not save, and the pages' memory given back,
	 * so that the drawers do not start with a copy of it: a decade's
	 * pages are megabytes, and every drawer adds a PNG's pixels to what it
	 * starts with. */
	for (size_t i = 0; rc == 0 && i < r->npages; i++)
		if (!r->pages[i].saved)
			rc = eb_report_files_page(f, &r->pages[i]);
	if (f->pages.len > 0)
		eb_buf_add(&f->list, f->pages.data, f->pages.len);
	malloc_trim(0);
	pool.shed = shed;
	pool.shed_ctx = t;
	eb_drawpool_start(&pool, jobs, njobs);
	if (rc == 0 && !f->data_done)
		rc = write_data(f, t);
	drawn = eb_drawpool_finish(&pool);
	if (rc == 0)
		rc = drawn;
	drawn = wait_writer(&f->data);
	if (rc == 0)
		rc = drawn;
	drawn = wait_writer(&f->summary);
	if (rc == 0)
		rc = drawn;
	if (rc == 0 && html) {
		struct eb_buf page = { NULL, 0, 0, 0 };

		eb_report_build_html(r, inline_svg, f);
		page.data = r->html;
		page.len = strlen(r->html);
		rc = write_file(f, &f->list, "report.html", write_buf, &page);
	}
	if (rc == 0)
		rc = write_file(f, &f->list, EB_REPORT_MANIFEST, write_buf, &f->list);
	for (size_t i = 0; i < njobs; i++) {
		free(jobs[i].svg);
		free(jobs[i].png);
	}
	free(jobs);
	return rc;
}

