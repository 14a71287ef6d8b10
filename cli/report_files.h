/* report_files.h - writing the files of a report folder from its plan and
 * pages, the charts drawn on every CPU while the data is written. */
#ifndef EB_REPORT_FILES_H
#define EB_REPORT_FILES_H

#include <sys/types.h>

#include "../analyze/plan.h"
#include "../render/report.h"

/* The list of the files encbench wrote, kept in the folder, so that a
 * refresh knows which files are the user's. */
#define EB_REPORT_MANIFEST ".encbench-report"

struct eb_report_files {
	const char *tmp;	/* the folder being built */
	struct eb_buf list;	/* the manifest: every file written, one a line */
	struct eb_buf pages;	/* the pages written, listed last */
	pid_t data;		/* writing the records' files, or 0 */
	int data_done;		/* they are written (or being written) */
	pid_t summary;		/* writing summary.json, or 0 */
};

/* Starts writing the records' files (results.csv, its datapackage.json,
 * results.json) of t in a process of their own, while the plan and the
 * pages are worked out; on one CPU, or when fork fails, they are written
 * by eb_report_files_write instead. f->tmp must be set. */
void eb_report_files_begin(struct eb_report_files *f, struct eb_table *t);

/* Starts writing summary.json of p in a process of its own, while the
 * pages are written; on one CPU, or when fork fails, eb_report_files_write
 * writes it. p must stay as it is until then. */
void eb_report_files_summary(struct eb_report_files *f, struct eb_plan *p);

/* Writes a page into f->tmp and frees its text: 0, or the exit code after
 * saying what failed. The report's page_done. */
int eb_report_files_page(void *ctx, struct eb_report_page *pg);

/* Writes what eb_report_files_begin and eb_report_files_summary have not
 * (the records' files of t, summary.json of p), every page of r, its
 * charts, report.html with html, and the manifest into f->tmp, and waits
 * for the processes writing the rest.
 * Returns 0 or the exit code, after saying what failed. */
int eb_report_files_write(struct eb_report_files *f, struct eb_plan *p, struct eb_table *t,
    struct eb_report *r, int html);

#endif
