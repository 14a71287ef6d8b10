/* cmd_ingest.c - "encbench ingest": raw benchmark output in, the tidy
 * results.csv (or .json) out. */
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "../analyze/caveats.h"
#include "cli.h"

static int exec_ingest(const struct eb_args *a);

static const struct eb_opt ingest_opts[] = {
	{ "output", 'o', EB_ARG_TEXT, EB_O_OUTPUT, NULL },
	{ "json", 0, EB_ARG_NONE, EB_O_JSON, NULL },
	{ NULL, 0, EB_ARG_NONE, EB_O_COUNT, NULL },
};

const struct eb_cmd eb_cmd_ingest = {
	"ingest",
	"ingest [--format NAME|auto] [--set COLUMN=VALUE]... [--map MAP.json] [--unit UNIT]\n"
	"                [-o OUT.csv|OUT.json] [--json] [-q|-v] PATH...",
	"Read raw benchmark output into tidy records (results.csv).",
	"\n"
	"Each PATH is a file, a directory (walked in name order, its files parsed\n"
	"on every CPU the command may use, the records and messages in that\n"
	"order; files that are no benchmark output are skipped, and one note\n"
	"says how many) or - for standard input.\n"
	"The format of each file is detected from its content:\n"
	"\n"
	"  dd           GNU dd of any era and locale, BSD, macOS, BusyBox\n"
	"  fio-json     fio --output-format=json (json+, client/server, every version)\n"
	"  fio-normal   fio's normal text output, 2.x and 3.x\n"
	"  fio-terse    fio --minimal / terse v2 to v5\n"
	"  fio-log      write_bw_log, write_iops_log, write_lat_log files\n"
	"  bonnie-csv   bonnie++ CSV lines of every format version\n"
	"  bonnie-text  bonnie++ text tables (and the CSV line beside them)\n"
	"  sheet        spreadsheet exports (long, wide, grouped; see --map)\n"
	"  results      encbench's own results.csv\n"
	"\n"
	"A directory with a meta.json (written by encbench-run) labels its records\n"
	"with release, host and config, its mode folders with the mode, and file\n"
	"names such as fio-seq-read-r2.json with workload, op and repetition.\n"
	"\n"
	"Options:\n"
	"  --format NAME      read every file as NAME instead of detecting it\n"
	"  --set COLUMN=VALUE fill or override a column of every record, e.g.\n"
	"                     --set release=24.04 --set mode=aes-256-gcm --set op=write\n"
	"  --map MAP.json     what a spreadsheet's layout cannot say (see encbench(1))\n"
	"  --unit UNIT        the unit of spreadsheet values that name none (MB/s ...);\n"
	"                     only spreadsheets take it, so with none it is warned of\n"
	"  -o FILE            write FILE instead of standard output, replacing it\n"
	"                     only when everything succeeded; FILE.json writes JSON;\n"
	"                     a CSV gets a datapackage.json beside it (its types)\n"
	"  --json             write JSON to standard output\n"
	"  -q, --quiet        no notes (warnings and errors still show)\n"
	"  -v, --verbose      a note for each file a directory skips (without -v,\n"
	"                     one note says how many)\n"
	"\n"
	"Output columns (DATA TYPES in encbench(1)): release,host,config,mode,tool,job,\n"
	"workload,op,block_size,metric,unit,rep,value,source. Values are in\n"
	"canonical units (B/s, 1/s, ns, %) at full precision. Repeated runs of the\n"
	"same case get rep 1, 2, 3 ... in input order. release, host, config and\n"
	"mode are labels: read them as strings (datapackage.json says so).\n"
	"\n"
	"dd output says nothing of the direction or the encryption mode: give\n"
	"them with --set. The figure is bytes / seconds from the exact counts dd\n"
	"printed, never its rounded rate.\n"
	"\n"
	"Examples:\n"
	"  dd if=/dev/zero of=/pool/t bs=1M count=1024 conv=fdatasync 2>> write.log\n"
	"  encbench ingest --set mode=none --set op=write write.log\n"
	"  encbench ingest -o results.csv runs/\n"
	"\n"
	"Exit status: 0 on success, 64 for bad usage, 65 for bad input data,\n"
	"74 when a file cannot be read or written.\n",
	EB_OG_INPUT, ingest_opts,
	1, "no PATH to read (use - for standard input)", exec_ingest,
};

struct output {
	struct eb_table *t;
	int json;
};

static enum eb_status
write_output(void *ctx, FILE *fp)
{
	struct output *o = ctx;

	return o->json ? eb_write_json(o->t, fp) : eb_write_csv(o->t, fp);
}

static int
ends_with(const char *s, const char *suffix)
{
	size_t n = strlen(s), k = strlen(suffix);

	return n >= k && eb_ascii_ieq(s + n - k, suffix);
}

/* Records of illustrative runs written where no datapackage.json goes
 * with them (standard output, JSON) lose that mark: a note says so,
 * naming each release once. */
static void
note_unmarked(const struct eb_table *t, const char *path)
{
	char *runs = eb_datapackage_illustrative(t);
	const char **names;
	size_t i, n = 0;
	json_t *doc, *e;

	if (runs == NULL)
		return;
	doc = json_loads(runs, 0, NULL);
	names = eb_xcalloc(json_array_size(doc) + 1, sizeof *names);
	json_array_foreach(doc, i, e) {
		const char *r = json_string_value(json_object_get(e, "release"));
		size_t j = 0;

		while (j < n && strcmp(names[j], r) != 0)
			j++;
		if (j == n)
			names[n++] = r;
	}
	fprintf(stderr, "encbench: note: the numbers of release%s ", n > 1 ? "s" : "");
	for (i = 0; i < n; i++)
		fprintf(stderr, "%s%s", i == 0 ? "" : i + 1 == n ? " and " : ", ", names[i]);
	fprintf(stderr, " are illustrative (made up, as %s meta.json or sheet says), and %s "
	    "keeps no mark of it: write -o FILE.csv, whose datapackage.json does\n",
	    n > 1 ? "their" : "its", strcmp(path, "-") == 0 ? "standard output" : path);
	free((void *)names);
	json_decref(doc);
	free(runs);
}

/* Nor do they carry which tests were run but not timed: of a case that
 * other runs did time, that is a caveat lost. One that no run timed has
 * no figure to qualify. */
static void
note_untimed_lost(const struct eb_table *t, const char *path)
{
	struct eb_groups *gs;
	size_t n = 0;

	if (t->nuntimed == 0)
		return;
	gs = eb_aggregate(t);
	/* Runs, counted by their rates: a run's CPU use is lost with its rate. */
	for (size_t i = 0; i < gs->n; i++)
		if (strcmp(gs->g[i].key->f[EB_F_METRIC], "cpu") != 0)
			n += eb_table_untimed_of(t, gs->g[i].key);
	eb_groups_free(gs);
	if (n == 0)
		return;
	fprintf(stderr, "encbench: warning: bonnie++ could not time %zu run%s of tests it timed "
	    "in other runs (+++++), and %s keeps no mark of it, so a report or findings of it "
	    "would not say that their means leave out the fastest runs: write -o FILE.csv, "
	    "whose datapackage.json does\n", n, n == 1 ? "" : "s",
	    strcmp(path, "-") == 0 ? "standard output" : path);
}

/* results.csv has no place for what a run's meta.json says qualifies its
 * records (DESIGN.md fixes its header), so a report or findings of it
 * would say nothing of it: a warning names each, once. */
static void
warn_caveats_lost(const struct eb_table *t, const char *path)
{
	struct eb_groups *gs;
	struct eb_caveat_list l;

	if (t->nmeta == 0)
		return;
	memset(&l, 0, sizeof l);
	gs = eb_aggregate(t);
	eb_caveats_lines(t, gs, "none", &l);
	if (l.n > l.ndata) {
		struct eb_buf b;
		size_t said = 0;

		eb_buf_init(&b, 0);
		eb_buf_addf(&b, "encbench: warning: %s cannot carry what meta.json says qualifies "
		    "these records, so a report or findings of it would not say: ",
		    strcmp(path, "-") == 0 ? "results.csv on standard output" : path);
		for (size_t i = 0; i < l.n; i++)
			if (!l.of_data[i])
				eb_buf_addf(&b, "%s%s", l.items[i], ++said < l.n - l.ndata ? "; " :
				    ". ");
		eb_buf_addf(&b, "Give report or findings the run folder itself to keep %s\n",
		    l.n - l.ndata > 1 ? "them" : "it");
		fputs(eb_buf_cstr(&b), stderr);
		eb_buf_free(&b);
	}
	eb_caveat_list_free(&l);
	eb_groups_free(gs);
}

static int
exec_ingest(const struct eb_args *a)
{
	struct output out = { NULL, eb_args_has(a, EB_O_JSON) };
	const char *path = a->out.path != NULL ? a->out.path : "-";
	struct eb_err err;
	int rc;

	if (strcmp(path, "-") != 0 && ends_with(path, ".json"))
		out.json = 1;
	if ((rc = eb_inputs_load(&a->in, a->operands, a->noperands, &out.t)) != 0)
		return rc;
	if ((out.json || strcmp(path, "-") == 0) && !a->in.quiet)
		note_unmarked(out.t, path);
	if (out.json || strcmp(path, "-") == 0)
		note_untimed_lost(out.t, path);
	if (!a->in.quiet)
		warn_caveats_lost(out.t, path);
	if (eb_write_atomic(path, write_output, &out, &err) != EB_OK) {
		eb_err_print(&err, stderr);
		rc = EB_EXIT_IO;
	} else if (!out.json && strcmp(path, "-") != 0)
		rc = eb_write_datapackage(path, out.t);
	eb_table_free(out.t);
	return rc;
}
