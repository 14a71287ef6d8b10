/* report_pw.h - what the files of the report writer share: the writer of
 * one target (the markdown pages or the HTML page) and its helpers. */
#ifndef EB_REPORT_PW_H
#define EB_REPORT_PW_H

#include <stdio.h>

#include "chart.h"
#include "report.h"

/* The writer of one target: the markdown pages, or the HTML page whose
 * links to pages are links within it. */
struct eb_pw {
	struct eb_report *r;
	const struct eb_plan *p;
	int html;
	int depth;			/* folders below the report's root */
	int main;			/* the main page: its charts get PNGs */
	struct eb_buf *b;		/* the page being written */
};

/* A table from render/'s stream writers, collected into a page. */
struct eb_pw_mem {
	FILE *fp;
	char *text;
	size_t len;
};

FILE *eb_pw_mem_open(struct eb_pw_mem *m);
/* Appends what was written, and a blank line, to b. */
void eb_pw_mem_close(struct eb_pw_mem *m, struct eb_buf *b);

/* A list item of text that may carry labels, escaped. */
void eb_pw_item(struct eb_buf *b, const char *text);
/* A label made a file name: letters, digits, '.', '_' and '-' only, and a
 * long one cut to its start and a hash of all of it (report_names.c). */
char *eb_pw_slug(const char *s);
/* The HTML page's section id of a linked page's path. */
char *eb_pw_page_id(const char *path);
/* Each release's file name, unique even on a disk that ignores case. */
char **eb_pw_release_stems(const struct eb_plan *p);
/* A label's file name: its release's, or its slug when it is none. */
char *eb_pw_stem_of(const struct eb_report *r, const char *label);
/* Links from the page being written to a page, or to a file; the caller
 * frees them. */
char *eb_pw_url_page(const struct eb_pw *w, const char *path);
char *eb_pw_url_file(const struct eb_pw *w, const char *path);
/* "releases/24.04.md", "diff-23.10-24.04.md", unique for each label (a
 * suffix where two labels would share one); the caller frees them. */
char *eb_pw_release_path(const struct eb_pw *w, const char *release);
char *eb_pw_diff_path(const struct eb_pw *w, const char *from, const char *to);
/* How many hosts and configs a release has (1 or 2: several). */
void eb_pw_kinds_of(const struct eb_plan *p, const char *release, size_t *nhosts,
    size_t *nconfigs);
/* A run as the pages name it: "24.04 (no-aesni)". */
void eb_pw_run_label(const struct eb_plan *p, const char *release, const char *host,
    const char *config, char *buf, size_t n);
/* Shows a chart on the page: laid out the first time one asks for it. */
void eb_pw_chart(struct eb_pw *w, enum eb_chart_kind kind, const struct eb_groups *gs,
    const char *release, const char *from, const char *to, const char *name,
    const char *alt);
/* A chart's name, saying what the others of its kind differ in; the
 * caller frees it. */
char *eb_pw_chart_name(const struct eb_pw *w, const char *kind, const char *release,
    const char *host, const char *config, int several_configs);

/* The main page's sections (report_main.c). */
void eb_pw_banner(struct eb_pw *w);
void eb_pw_findings_section(struct eb_pw *w);
void eb_pw_newest_section(struct eb_pw *w);
void eb_pw_across_section(struct eb_pw *w);
void eb_pw_more_section(struct eb_pw *w);
/* How many of the groups have two runs or more (*with) and fewer (*once). */
void eb_pw_run_counts(const struct eb_groups *v, size_t *with, size_t *once);
/* The words of a chart's alt text on its intervals, true of the groups it
 * draws: ", with 95 % confidence intervals" (fieller: "... intervals from
 * Fieller's theorem") when every case was run twice or more, "where ..."
 * when some were, ", single runs without intervals" when none was. */
const char *eb_pw_ci_words(const struct eb_groups *v, int fieller);
/* What the runs' meta.json say qualifies the figures, once on a page. */
void eb_pw_caveats(struct eb_pw *w);
/* The same of the figures of the releases named alone (all for nrel 0):
 * a release's page is not qualified by another release's runs. */
void eb_pw_caveats_of(struct eb_pw *w, const char *const *releases, size_t nrel);
/* The illustrative runs, "20.04, 22.04 and 24.04". */
void eb_pw_made_up_list(const struct eb_pw *w, struct eb_buf *b);

/* The linked pages' bodies and what the main page shares with them
 * (report_linked.c). */
void eb_pw_setup_table(struct eb_pw *w, int pair);
void eb_pw_trend_charts(struct eb_pw *w, const struct eb_plan_scope *sc, const char *label);
void eb_pw_release_body(struct eb_pw *w, const char *rel);
void eb_pw_diff_body(struct eb_pw *w);
void eb_pw_trend_body(struct eb_pw *w);
void eb_pw_findings_body(struct eb_pw *w);
void eb_pw_data_body(struct eb_pw *w);

#endif
