/* cmd_report.c - "encbench report": its options, and the glue from the
 * inputs to the plan, the pages, the drawn charts and the folder swap. */
#include <getopt.h>
#include <malloc.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "folderswap.h"
#include "report_files.h"
#include "../analyze/plan.h"
#include "../ingest/ingest.h"
#include "../render/chart.h"
#include "../render/report.h"

static int exec_report(int argc, char **argv);

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
	"failed run leaves the old report, and a refresh leaves no stale files of\n"
	"encbench's (files of your own in DIR are kept). Folders are read and\n"
	"charts drawn on every CPU the command may use (taskset -c 0 keeps it to\n"
	"one); the report is the same either way. Files and folders get the\n"
	"modes the umask gives.\n"
	"\n"
	"Options:\n"
	"  -o DIR             the report folder (required)\n"
	"  --title T          the title (default: from hosts and releases)\n"
	"  --baseline MODE    the unencrypted mode (default none)\n"
	"  --releases A,B,... only these releases; the last two are diffed\n"
	"  --units si|iec     MB/s (default) or MiB/s\n"
	"  --format md|html   report.md (default), or report.md and report.html\n"
	"  --full             every page's content on the main page as well\n"
	"  --sections LIST    the main page's sections, of: findings, newest,\n"
	"                     across, setup, more, releases, diff, trend,\n"
	"                     all-findings, data (or all)\n"
	"  --input-format NAME  read every input as NAME (what --format is to\n"
	"                     'encbench ingest'; here --format is the report's)\n"
	"  --set, --map, --unit, -q   as for 'encbench help ingest'\n"
	"\n"
	"Example:\n"
	"  encbench report samples -o report/ && xdg-open report/report.md\n",
	exec_report,
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

static int
exec_report(int argc, char **argv)
{
	enum { TITLE = 0x2000, BASELINE, RELEASES, FORMAT, INPUT_FORMAT, FULL, SECTIONS };
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
		{ "full", no_argument, NULL, FULL },
		{ "sections", required_argument, NULL, SECTIONS },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct eb_inputs in = { 0 };
	struct eb_plan_opts po = { "none", 0.05, NULL, 0 };
	struct eb_report_opts ro;
	struct eb_plan plan;
	struct eb_report rep;
	struct eb_table *t = NULL;
	struct eb_err err;
	struct eb_report_files f;
	const char *out = NULL;
	char **releases = NULL, *tmp = NULL, bad[64];
	int opt, rc = 0, html = 0, planned = 0;

	memset(&ro, 0, sizeof ro);
	memset(&f, 0, sizeof f);
	ro.png_scale = 2;
	ro.meta_get = eb_rundir_meta_get;
	memset(&rep, 0, sizeof rep);
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
			ro.title = optarg;
			break;
		case BASELINE:
			po.baseline = optarg;
			break;
		case RELEASES:
			free(releases);
			releases = split(optarg, &po.nreleases);
			po.releases = (const char *const *)releases;
			break;
		case EB_OPT_UNITS:
			if (strcmp(optarg, "si") != 0 && strcmp(optarg, "iec") != 0) {
				rc = eb_cli_usage(&eb_cmd_report, "--units takes si or iec, not '%s'", optarg);
				goto done;
			}
			ro.iec = strcmp(optarg, "iec") == 0;
			break;
		case FORMAT:
			if (strcmp(optarg, "md") != 0 && strcmp(optarg, "html") != 0) {
				rc = eb_cli_usage(&eb_cmd_report, "--format takes md or html, not '%s'", optarg);
				goto done;
			}
			html = strcmp(optarg, "html") == 0;
			break;
		case FULL:
			ro.sections = EB_SEC_ALL;
			break;
		case SECTIONS:
			if ((ro.sections = eb_report_sections(optarg, bad, sizeof bad)) == 0) {
				rc = eb_cli_usage(&eb_cmd_report, "--sections: no section '%s' (there are "
				    "%s)", bad, eb_report_section_names);
				goto done;
			}
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
	    (rc = eb_inputs_load(&in, argv + optind, argc - optind, &t)) != 0)
		goto done;
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
	ro.inputs = (const char *const *)argv + optind;
	ro.ninputs = (size_t)(argc - optind);
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
	eb_report_files_summary(&f, &plan);
	ro.page_done = eb_report_files_page;
	ro.page_ctx = &f;
	eb_report_build(&rep, &plan, &ro);
	rc = eb_report_files_write(&f, &plan, t, &rep, html);
	if (rc == 0)
		rc = rep.page_rc;
	if (rc == 0)
		rc = eb_folder_commit(tmp, out, EB_REPORT_MANIFEST);
	if (rc != 0)
		eb_folder_abort(tmp);
	else
		fprintf(stderr, "encbench: wrote %s/report.md%s\n", out, html ? " and report.html" : "");
done:
	eb_report_free(&rep);
	if (planned)
		eb_plan_free(&plan);
	eb_inputs_free(&in);
	eb_table_free(t);
	eb_buf_free(&f.list);
	eb_buf_free(&f.pages);
	free(releases);
	free(tmp);
	eb_chart_release();
	return rc;
}
