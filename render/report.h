/* report.h - the pages of "encbench report" written from one plan: a short
 * main page people paste, the linked pages with the detail, the same as one
 * HTML page with collapsible sections, and the charts they show. */
#ifndef EB_REPORT_H
#define EB_REPORT_H

#include "../analyze/plan.h"
#include "render.h"
#include "scene.h"

/* The sections of the main page; the last five are linked pages that
 * --full (or --sections) puts on the main page as well. */
enum {
	EB_SEC_FINDINGS = 1 << 0,	/* the headline findings */
	EB_SEC_NEWEST = 1 << 1,		/* the newest release: table and charts */
	EB_SEC_ACROSS = 1 << 2,		/* trend and heat map */
	EB_SEC_SETUP = 1 << 3,		/* setup of the pair, what changed */
	EB_SEC_MORE = 1 << 4,		/* links to the other pages */
	EB_SEC_RELEASES = 1 << 5,	/* releases/R.md */
	EB_SEC_DIFF = 1 << 6,		/* diff-A-B.md */
	EB_SEC_TREND = 1 << 7,		/* trend.md */
	EB_SEC_ALL_FINDINGS = 1 << 8,	/* findings.md */
	EB_SEC_DATA = 1 << 9,		/* data.md */
	EB_SEC_MAIN = (1 << 5) - 1,
	EB_SEC_ALL = (1 << 10) - 1,
};

/* Parses --sections: names joined by commas ("findings,newest"), or
 * "all"; 0 and *bad set to the first unknown name otherwise. */
unsigned eb_report_sections(const char *list, char *bad, size_t nbad);
/* The names of the sections, for help and errors: "findings, newest, ..." */
extern const char eb_report_section_names[];

/* One file of the report: a path relative to the report folder. */
struct eb_report_page {
	char *path;			/* "report.md", "releases/24.04.md" */
	struct eb_buf md;
	int saved;			/* page_done took it */
};

struct eb_report_opts {
	const char *title;		/* NULL: from hosts and releases */
	int iec;			/* MiB/s */
	unsigned sections;		/* of the main page; 0: EB_SEC_MAIN */
	const char *const *inputs;	/* the paths read, for the data page */
	size_t ninputs;
	int png_scale;			/* device pixels per px of the PNGs */
	/* A field of a run's meta.json as text, "" when absent (ingest's
	 * eb_rundir_meta_get: render/ reads no JSON itself). */
	int (*meta_get)(const struct eb_run_meta *m, const char *key, char *buf, size_t n);
	/* Called with each page as soon as it is written (NULL: none), so
	 * that it can be saved and its text freed: a decade's pages are
	 * megabytes. A non-zero return stops the calls; eb_report_build
	 * leaves it in page_rc. */
	int (*page_done)(void *ctx, struct eb_report_page *pg);
	void *page_ctx;
};


/* A chart the pages show, to be drawn as charts/SLUG.svg and, for one the
 * main page shows, as charts/SLUG.png: PNGs are for pasting, and the
 * linked pages' SVGs draw in a fraction of the time. */
struct eb_report_chart {
	struct eb_scene *scene;
	char *slug;			/* the file's name: unique, even on a disk ignoring case */
	char *key;			/* what the pages asked for: eb_pw_chart's name */
	int png;			/* draw a PNG */
	int scale;			/* of the PNG: png_scale, or less for a big chart */
	int too_big;			/* wanted one, but too big for a PNG at png_scale */
};

struct eb_report {
	const struct eb_plan *p;
	struct eb_report_opts o;
	char *title;
	struct eb_report_page *pages;	/* report.md first */
	size_t npages, cappages;
	struct eb_report_chart *charts;
	size_t ncharts, capcharts;
	char *html;			/* report.html, when asked for */
	char **release_stems;		/* each release's file name, unique, by p->releases */
	int page_rc;			/* what page_done returned, when not 0 */
};

/* Writes every page of the plan, and lays out every chart they show. */
void eb_report_build(struct eb_report *r, const struct eb_plan *p,
    const struct eb_report_opts *o);
/* The report as one HTML page: the main page, then each linked page in a
 * collapsible section, its links turned into links within the page. The
 * image callback inlines the charts' SVG; r->html gets the page. */
void eb_report_build_html(struct eb_report *r, eb_html_image_fn image, void *ctx);
void eb_report_free(struct eb_report *r);

#endif
