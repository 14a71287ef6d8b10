/* cmd_report.c - "encbench report": its options, and the glue from the
 * inputs to the plan, the pages, the drawn charts and the folder swap. */
#include <errno.h>
#include <malloc.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "cli.h"
#include "folderswap.h"
#include "report_files.h"
#include "../analyze/plan.h"
#include "../ingest/ingest.h"
#include "../render/chart.h"
#include "../render/report.h"

static int exec_report(const struct eb_args *a);

/* The input options go by their ingest names but for --format, which here
 * is the report's: --input-format is the inputs'. */
static const struct eb_opt report_opts[] = {
	{ "set", 0, EB_ARG_TEXT, EB_O_SET, NULL },
	{ "map", 0, EB_ARG_TEXT, EB_O_MAP, NULL },
	{ "unit", 0, EB_ARG_TEXT, EB_O_UNIT, NULL },
	{ "quiet", 'q', EB_ARG_NONE, EB_O_QUIET, NULL },
	{ "verbose", 'v', EB_ARG_NONE, EB_O_VERBOSE, NULL },
	{ "input-format", 0, EB_ARG_TEXT, EB_O_FORMAT, NULL },
	{ "output", 'o', EB_ARG_TEXT, EB_O_OUTPUT, NULL },
	{ "title", 0, EB_ARG_TEXT, EB_O_TITLE, NULL },
	{ "baseline", 0, EB_ARG_TEXT, EB_O_BASELINE, NULL },
	{ "releases", 0, EB_ARG_TEXT, EB_O_RELEASES, NULL },
	{ "units", 0, EB_ARG_CHOICE, EB_O_UNITS, "si (MB/s)|iec (MiB/s)" },
	{ "format", 0, EB_ARG_CHOICE, EB_O_PAGE_FORMAT, "md|html" },
	{ "full", 0, EB_ARG_NONE, EB_O_FULL, NULL },
	{ "sections", 0, EB_ARG_TEXT, EB_O_SECTIONS, NULL },
	{ NULL, 0, EB_ARG_NONE, EB_O_COUNT, NULL },
};

const struct eb_cmd eb_cmd_report = {
	"report",
	"report -o DIR [--title T] [--baseline MODE] [--releases A,B,...]\n"
	"                  [--units si|iec] [--format md|html] [--full | --sections LIST]\n"
	"                  [input options] INPUT...",
	"Write a blog-ready report: findings, tables, charts and the data behind them.",
	"\n"
	"DIR gets:\n"
	"  report.md        the page to paste: the headline findings, the newest\n"
	"                   release at a glance, the key charts, the setup\n"
	"  releases/<release>.md  each release in full; diff-<from>-<to>.md, the\n"
	"                   two newest compared test by test; trend.md, findings.md,\n"
	"                   data.md\n"
	"  report.html      with --format html: all of it as one page, the linked\n"
	"                   pages folded, the charts inlined, readable offline\n"
	"  charts/          every chart as SVG and as a 2x PNG\n"
	"  results.csv      the tidy records the report was made from (and .json)\n"
	"  summary.json     every computed table at full precision\n"
	"\n"
	"Everything is computed once, from one plan, for every page and chart.\n"
	"DIR is written as a whole: it is built next to DIR and swapped in, so a\n"
	"failed run leaves the old report. A refresh replaces or removes only the\n"
	"files of encbench's that DIR/.encbench-report lists; every file and\n"
	"folder of yours in DIR, charts/ and releases/ is kept (report -o DIR DIR\n"
	"keeps the runs in DIR), and one where the report writes a file is an\n"
	"error. Folders are read and\n"
	"charts drawn on every CPU the command may use (taskset -c 0 keeps it to\n"
	"one); the report is the same either way. Files and folders get the\n"
	"modes the umask gives.\n"
	"\n"
	"Options:\n"
	"  -o DIR             the report folder (required)\n"
	"  --title T          the title (default: from hosts and releases)\n"
	"  --baseline MODE    the unencrypted mode (default none)\n"
	"  --releases A,B,... only these releases, each once; the newest two\n"
	"                     (in release order, whatever the order named) are\n"
	"                     diffed\n"
	"  --units si|iec     MB/s (default) or MiB/s\n"
	"  --format md|html   report.md (default), or report.md and report.html\n"
	"  --full             every page's content on the main page as well\n"
	"  --sections LIST    the main page's sections, of: findings, newest,\n"
	"                     across, setup, more, releases, diff, trend,\n"
	"                     all-findings, data (or all)\n"
	"  --input-format NAME  read every input as NAME (what --format is to\n"
	"                     'encbench ingest'; here --format is the report's)\n"
	"  --set, --map, --unit, -q, -v   as for 'encbench help ingest'\n"
	"\n"
	"Example:\n"
	"  encbench report samples -o report/ && xdg-open report/report.md\n",
	0, report_opts, 1, "no INPUT to read", exec_report,
};

/* "a,b,c" as a list of strings in one allocation the caller frees. */
static char **
split(const char *list, size_t *n)
{
	size_t k = 1, len = strlen(list);
	char **v, *s;

	for (const char *q = list; *q; q++)
		k += *q == ',';
	v = eb_xmalloc(k * sizeof *v + len + 1);
	s = memcpy((char *)(v + k), list, len + 1);
	*n = 0;
	for (char *tok = strtok(s, ","); tok; tok = strtok(NULL, ","))
		v[(*n)++] = tok;
	return v;
}

/* The title as the label rule has labels: stray bytes as U+FFFD, each
 * control character (an escape, a bell, a newline, a reordering mark) as
 * a space, said once; NULL when it is clean. */
static char *
clean_title(const char *title)
{
	size_t n = strlen(title);
	int utf8 = eb_utf8_valid(title, n), control = 0;
	char *fixed, *out;

	for (const char *q = title; *q != '\0' && !control; q++)
		control = eb_utf8_control(q) > 0;
	if (utf8 && !control)
		return NULL;
	fixed = utf8 ? eb_xstrdup(title) : eb_utf8_repair(title, n);
	out = fixed;
	for (const char *q = fixed; *q != '\0';) {
		size_t k = eb_utf8_control(q);

		if (k > 0) {
			*out++ = ' ';
			q += k;
			control = 1;
		} else
			*out++ = *q++;
	}
	*out = '\0';
	if (!utf8)
		fprintf(stderr, "encbench: warning: --title is not UTF-8; its stray bytes are "
		    "written as U+FFFD\n");
	if (control)
		fprintf(stderr, "encbench: warning: --title holds control characters (a newline, "
		    "a tab, an escape, a reordering mark); they are written as spaces\n");
	return fixed;
}

/* The plan's and the pages' options from the command line; EB_EXIT_USAGE
 * after saying why, or 0. --full and --sections: the last one given. */
static int
report_options(const struct eb_args *a, struct eb_plan_opts *po, struct eb_report_opts *ro,
    char ***releases, char **title)
{
	const struct eb_arglist *sections = &a->opt[EB_O_SECTIONS];
	char bad[64];

	memset(ro, 0, sizeof *ro);
	ro->png_scale = 2;
	ro->meta_get = eb_rundir_meta_get;
	ro->title = eb_args_get(a, EB_O_TITLE);
	if (ro->title != NULL && (*title = clean_title(ro->title)) != NULL)
		ro->title = *title;
	ro->iec = eb_args_is(a, EB_O_UNITS, "iec");
	po->baseline = a->baseline;
	if (eb_args_has(a, EB_O_RELEASES)) {
		*releases = split(eb_args_get(a, EB_O_RELEASES), &po->nreleases);
		po->releases = (const char *const *)*releases;
		/* A release diffed with itself shows no change whatever it holds. */
		for (size_t i = 0; i < po->nreleases; i++)
			for (size_t j = 0; j < i; j++)
				if (strcmp(po->releases[i], po->releases[j]) == 0)
					return eb_cli_usage(a->cmd, "--releases names '%s' twice",
					    po->releases[i]);
	}
	for (size_t i = 0; i < sections->n; i++)
		if (eb_report_sections(sections->v[i], bad, sizeof bad) == 0)
			return eb_cli_usage(a->cmd, "--sections: no section '%s' (there are %s)",
			    bad, eb_report_section_names);
	if (eb_args_has(a, EB_O_FULL) && (sections->n == 0 ||
	    a->last[EB_O_FULL] > a->last[EB_O_SECTIONS]))
		ro->sections = EB_SEC_ALL;
	else if (sections->n > 0)
		ro->sections = eb_report_sections(eb_args_get(a, EB_O_SECTIONS), bad, sizeof bad);
	if (a->out.path == NULL)
		return eb_cli_usage(a->cmd, "-o DIR is required");
	return 0;
}

/* The rule of diff (audit E22): the release pair the report compares
 * must not be one dataset under two labels, the same records from the
 * same sources, which shows no change whatever it holds; equal values
 * from other sources are two measurements that agree, and are noted. */
static int
same_pair(const struct eb_plan *p)
{
	struct eb_diff_opts d = { EB_SPLIT_RELEASE, p->from, p->to, 0.05, 0, 0, p->baseline, 0 };
	size_t same;

	if (p->from == NULL || p->pair == NULL || (same = eb_diff_same_data(p->pair, &d)) == 0)
		return 0;
	if (eb_diff_same_sources(p->pair, &d)) {
		fprintf(stderr, "encbench: error: releases '%s' and '%s' hold the same measurements "
		    "(%zu %s, every value alike, from the same sources): a dataset compared with "
		    "itself shows no change whatever it holds; give one of them another release's "
		    "records, or choose the releases with --releases\n", p->from, p->to, same,
		    same == 1 ? "test" : "tests");
		return EB_EXIT_DATA;
	}
	fprintf(stderr, "encbench: note: releases '%s' and '%s' hold the same values in every test "
	    "(%zu %s) from different sources; they are compared as two sets of measurements\n",
	    p->from, p->to, same, same == 1 ? "test" : "tests");
	return 0;
}

static int
exec_report(const struct eb_args *a)
{
	struct eb_plan_opts po = { "none", 0.05, NULL, 0 };
	struct eb_report_opts ro;
	struct eb_plan plan;
	struct eb_report rep;
	struct eb_table *t = NULL;
	struct eb_err err;
	struct eb_report_files f;
	const char *out = a->out.path;
	char **releases = NULL, *tmp = NULL, *title = NULL;
	int rc = 0, html = eb_args_is(a, EB_O_PAGE_FORMAT, "html"), planned = 0;

	memset(&f, 0, sizeof f);
	memset(&rep, 0, sizeof rep);
	if ((rc = report_options(a, &po, &ro, &releases, &title)) != 0)
		goto done;
	{
		struct eb_inputs in = a->in;

		in.warn_unpackaged = 1;
		if ((rc = eb_inputs_load(&in, a->operands, a->noperands, &t)) != 0)
			goto done;
	}
	if (po.releases != NULL && eb_plan_select(t, po.releases, po.nreleases, &err) != EB_OK) {
		fprintf(stderr, "encbench: error: %s\n", err.msg);
		rc = EB_EXIT_DATA;
		goto done;
	}
	if (t->n == 0) {
		fputs("encbench: error: no records to report on\n", stderr);
		rc = EB_EXIT_DATA;
		goto done;
	}
	ro.inputs = (const char *const *)a->operands;
	ro.ninputs = (size_t)a->noperands;
	/* The folder first: the records' files are written into it while
	 * the plan and the pages are worked out. */
	if ((tmp = eb_folder_begin(out)) == NULL) {
		rc = EB_EXIT_IO;
		goto done;
	}
	f.tmp = tmp;
	/* Reading a folder on several threads leaves free memory in their
	 * arenas that this thread's allocations cannot use: give it back. */
	malloc_trim(0);
	eb_report_files_begin(&f, t);
	eb_plan_compute(&plan, t, &po);
	planned = 1;
	if ((rc = same_pair(&plan)) != 0) {
		/* The records' writer works in the folder: it ends first. */
		while (f.data > 0 && waitpid(f.data, NULL, 0) < 0 && errno == EINTR)
			;
		f.data = 0;
		eb_folder_abort(tmp);
		goto done;
	}
	eb_report_files_summary(&f, &plan);
	ro.page_done = eb_report_files_page;
	ro.page_ctx = &f;
	eb_report_build(&rep, &plan, &ro);
	rc = eb_report_files_write(&f, &plan, t, &rep, html);
	if (rc == 0)
		rc = rep.page_rc;
	if (rc == 0)
		rc = eb_folder_commit(tmp, out, EB_REPORT_MANIFEST);
	else
		eb_folder_abort(tmp);
	if (rc == 0)
		fprintf(stderr, "encbench: wrote %s/report.md%s\n", out, html ? " and report.html" : "");
done:
	eb_report_free(&rep);
	if (planned)
		eb_plan_free(&plan);
	eb_table_free(t);
	eb_buf_free(&f.list);
	eb_buf_free(&f.pages);
	free(releases);
	free(title);
	free(tmp);
	eb_chart_release();
	return rc;
}
