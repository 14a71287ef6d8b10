/* report_files.h - writing the files of a report folder from its plan and
 * pages, the charts drawn on every CPU while the data is written. */
#ifndef EB_REPORT_FILES_H
#define EB_REPORT_FILES_H

#include "../analyze/plan.h"
#include "../render/report.h"

/* The list of the files encbench wrote, kept in the folder, so that a
 * refresh knows which files are the user's. */
#define EB_REPORT_MANIFEST ".encbench-report"

struct eb_report_files {
	const char *tmp;	/* the folder being built */
	struct eb_buf list;	/* the manifest: every file written, one a line */
};

/* Writes results.csv and .json (of t), summary.json (of p), every page of
 * r, its charts, report.html with html, and the manifest into f->tmp.
 * Returns 0 or the exit code, after saying what failed. */
int eb_report_files_write(struct eb_report_files *f, struct eb_plan *p, struct eb_table *t,
    struct eb_report *r, int html);

#endif
