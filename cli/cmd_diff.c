/* cmd_diff.c - "encbench diff": did a release (or a config, or another set
 * of runs) make each case faster or slower, and can the data tell? */
#include <sys/stat.h>

#include <libgen.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "../analyze/analyze.h"
#include "../analyze/caveats.h"
#include "../render/render.h"

static int exec_diff(const struct eb_args *a);

static const struct eb_opt diff_opts[] = {
	{ "from", 0, EB_ARG_TEXT, EB_O_FROM, NULL },
	{ "to", 0, EB_ARG_TEXT, EB_O_TO, NULL },
	{ "from-config", 0, EB_ARG_TEXT, EB_O_FROM_CONFIG, NULL },
	{ "to-config", 0, EB_ARG_TEXT, EB_O_TO_CONFIG, NULL },
	{ "from-file", 0, EB_ARG_TEXT, EB_O_FROM_FILE, NULL },
	{ "to-file", 0, EB_ARG_TEXT, EB_O_TO_FILE, NULL },
	{ "center", 0, EB_ARG_CHOICE, EB_O_CENTER, "mean|median" },
	{ "fail-on", 0, EB_ARG_CHOICE, EB_O_FAIL_ON, "regression|overhead" },
	{ "threshold", 0, EB_ARG_PCT0, EB_O_THRESHOLD, NULL },
	{ "summary", 0, EB_ARG_TEXT, EB_O_SUMMARY, NULL },
	{ NULL, 0, EB_ARG_NONE, EB_O_COUNT, NULL },
};

const struct eb_cmd eb_cmd_diff = {
	"diff",
	"diff [--from A --to B | --from-config A --to-config B |\n"
	"                  --from-file PATH... --to-file PATH...] [--alpha 0.05]\n"
	"                  [--center mean|median] [--adjust holm|none] [--equivalence 2]\n"
	"                  [--baseline MODE] [--fail-on regression|overhead\n"
	"                  [--threshold PCT] [--summary FILE]]\n"
	"                  [--md|--csv|--json] [-o FILE] [--units si|iec] [filters] [INPUT...]",
	"Compare two releases, configs or sets of runs, with a significance test.",
	"\n"
	"Each key (host, config, mode, tool, job, workload, op, block size, metric)\n"
	"of release A is paired with the same key of release B. For each pair:\n"
	"\n"
	"  delta %        (mean B / mean A - 1) x 100, with a 95 % interval from\n"
	"                 Fieller's theorem on the ratio of the means at the same\n"
	"                 degrees of freedom as the test; with --center median the\n"
	"                 Hodges-Lehmann shift and its distribution-free interval\n"
	"  p              Welch's two-sided t test (default), or the Mann-Whitney U\n"
	"                 test with --center median (exact, ties included, up to 40\n"
	"                 runs; normal approximation beyond); Holm-adjusted within\n"
	"                 each host unless --adjust none (JSON has both p values)\n"
	"  verdict        improved / regressed when the adjusted p < alpha and the\n"
	"                 interval excludes 0 (direction-aware: more bandwidth is\n"
	"                 better, more latency is worse); unchanged when the\n"
	"                 interval lies within +/- the equivalence margin; no clear\n"
	"                 change otherwise; single run, no variation in the runs,\n"
	"                 too few runs (for a rank test), unbounded\n"
	"  overhead       for modes other than the baseline: the overhead in A and\n"
	"                 in B and its change in percentage points with an interval\n"
	"                 from the ratio of ratios (delta method on the log scale,\n"
	"                 Welch-Satterthwaite df); cheaper / dearer when it\n"
	"                 excludes no change\n"
	"\n"
	"Options:\n"
	"  --from A --to B    the releases to compare (default: the two newest of\n"
	"                     one platform that measured a case in common; the\n"
	"                     platform is the label before its first digit, so\n"
	"                     24.04 pairs with 23.10, not with FreeBSD); --from A\n"
	"                     alone compares A with the release before it\n"
	"  --from-config A --to-config B   two configs of the same release (AES-NI\n"
	"                     on and off, core counts)\n"
	"  --from-file PATH --to-file PATH   two sets of inputs, repeatable\n"
	"  --alpha P          significance level (default 0.05)\n"
	"  --center mean|median   what is compared (default mean)\n"
	"  --adjust holm|none Holm's adjustment (default holm), one family per host\n"
	"                     over its modes and configs, and within it per metric\n"
	"                     class: throughput (bw and iops of one test count\n"
	"                     once), latency, CPU, other; findings and report use\n"
	"                     the same families for the change between releases\n"
	"  --equivalence PCT  the +/- margin of \"unchanged\" (default 2)\n"
	"  --baseline MODE    the unencrypted mode for the overhead fields (none)\n"
	"  --md, --csv, --json, -o FILE, --units si|iec   output\n"
	"  --fail-on regression|overhead   for CI: exit 1 when a pair regressed\n"
	"                     (or its overhead rose: dearer) by at least\n"
	"  --threshold PCT    percent (percentage points for overhead; default 0),\n"
	"                     after Holm; exit 0 when none did. A change within a\n"
	"                     relative 1e-9 of PCT counts as reaching it, so one\n"
	"                     printed as -10.0 % (computed -9.999999999999998)\n"
	"                     fails --threshold 10\n"
	"  --summary FILE     with --fail-on: the failing pairs in a short file,\n"
	"                     each with its change as computed\n"
	"  --metric, --op, --config, --tool, --host VALUE   filters\n"
	"  --mode MODE        keep that mode and the baseline (--baseline), which\n"
	"                     its overheads are computed against\n"
	"  plus the input options of 'encbench help ingest' (--format, --set ...)\n"
	"\n"
	"Examples:\n"
	"  encbench diff --from 23.10 --to 24.04 runs/\n"
	"  encbench diff --from-config default --to-config no-aesni runs/24.04\n",
	EB_OG_INPUT | EB_OG_OUTPUT | EB_OG_FILTERS | EB_OG_VERDICT, diff_opts,
	0, NULL, exec_diff,
};

struct diff_out {
	struct eb_diff *rows;
	size_t *order, n;
	const struct eb_output *o;
	const char *from, *to;
	int median;
	/* The cases of one side alone ("aes-256-ccm fio sw seq write 4 KiB"),
	 * each once whatever its metrics, from's [0, nonly[0]) and to's. */
	char **only[2];
	size_t nonly[2];
	struct eb_caveat_list caveats;	/* of the rows' figures */
};

/* Gathers the cases one side measured and the other did not: a mode or
 * a test the new release lost (or gained) would pass the table, and a
 * gate over it, unseen. */
static void
cases_alone(const struct eb_groups *gs, const struct eb_diff_opts *o, struct diff_out *w)
{
	int *side;
	size_t n, cap[2] = { 0, 0 };
	const struct eb_group **g = eb_diff_unpaired(gs, o, w->rows, w->n, &side, &n);
	int hosts = 0, configs = 0;

	for (size_t i = 1; i < gs->n; i++) {
		hosts |= gs->g[i].key->f[EB_F_HOST] != gs->g[0].key->f[EB_F_HOST];
		configs |= gs->g[i].key->f[EB_F_CONFIG] != gs->g[0].key->f[EB_F_CONFIG];
	}
	for (size_t i = 0; i < n; i++) {
		const struct eb_record *k = g[i]->key;
		char test[160], *text;
		size_t j;
		int s = side[i] & 1, metric = side[i] & EB_UNPAIRED_METRIC;

		eb_case_label_with_job(k, test, sizeof test);
		text = eb_xasprintf("%s %s%s%s%s%s%s%s%s", k->f[EB_F_MODE][0] ? k->f[EB_F_MODE] :
		    "(no mode)", test, metric ? ", its " : "", metric ?
		    eb_metric_words(k->f[EB_F_METRIC]) : "", hosts ? " on " : "",
		    hosts ? k->f[EB_F_HOST] : "", configs && o->by != EB_SPLIT_CONFIG ? " (" : "",
		    configs && o->by != EB_SPLIT_CONFIG ? k->f[EB_F_CONFIG] : "",
		    configs && o->by != EB_SPLIT_CONFIG ? ")" : "");
		for (j = 0; j < w->nonly[s] && strcmp(w->only[s][j], text) != 0; j++)
			;
		if (j < w->nonly[s]) {
			free(text);
			continue;
		}
		eb_xgrow(&w->only[s], &cap[s], w->nonly[s] + 1, sizeof *w->only[s]);
		w->only[s][w->nonly[s]++] = text;
	}
	free((void *)g);
	free(side);
}

/* Writes the cases of side s, one after another, to fp. */
static void
put_cases(FILE *fp, const struct diff_out *w, int s, const char *sep)
{
	for (size_t i = 0; i < w->nonly[s]; i++)
		fprintf(fp, "%s%s", i > 0 ? sep : "", w->only[s][i]);
}

static void
note_cases_alone(const struct diff_out *w)
{
	for (int s = 0; s < 2; s++) {
		if (w->nonly[s] == 0)
			continue;
		fprintf(stderr, "encbench: note: %zu %s measured in %s and not in %s, so this diff "
		    "does not compare %s: ", w->nonly[s], w->nonly[s] == 1 ? "case was" :
		    "cases were", s == 0 ? w->from : w->to, s == 0 ? w->to : w->from,
		    w->nonly[s] == 1 ? "it" : "them");
		put_cases(stderr, w, s, "; ");
		fputc('\n', stderr);
	}
}





/* Notes each host with two releases or more that no row compares (B
 * measured 22.04 and 24.04, the diff is 23.10 to 24.04), so that the table
 * reads as no more hosts than it holds. */
static void
hosts_left_out(const struct eb_groups *gs, const struct eb_diff *rows, size_t n,
    const char *from, const char *to)
{
	size_t nrel;
	const char **rel = eb_releases(gs, &nrel);

	for (size_t i = 0; i < gs->n; i++) {
		const char *host = gs->g[i].key->f[EB_F_HOST], *mine[2] = { NULL, NULL };
		size_t k, count = 0;

		for (k = 0; k < i && gs->g[k].key->f[EB_F_HOST] != host; k++)
			;
		if (k < i)
			continue;
		for (k = 0; k < n && rows[k].a->key->f[EB_F_HOST] != host; k++)
			;
		if (k < n)
			continue;
		for (size_t r = 0; r < nrel; r++)
			for (k = 0; k < gs->n; k++)
				if (gs->g[k].key->f[EB_F_HOST] == host &&
				    gs->g[k].key->f[EB_F_RELEASE] == rel[r]) {
					mine[0] = mine[1];
					mine[1] = rel[r];
					count++;
					break;
				}
		if (count < 2)
			continue;
		if ((mine[0] != from || mine[1] != to) && eb_host_shares_test(gs, host, mine[0], mine[1]))
			fprintf(stderr, "encbench: note: host '%s' has no test measured in both %s and "
			    "%s, so this diff leaves it out; --host '%s' --from %s --to %s compares "
			    "its newest two releases\n", host, from, to, host, mine[0], mine[1]);
		else
			fprintf(stderr, "encbench: note: host '%s' has no test measured in both %s and "
			    "%s (other jobs, block sizes or metrics in each), so this diff leaves it "
			    "out\n", host, from, to);
	}
	free((void *)rel);
}

static enum eb_status
write_md(void *ctx, FILE *fp)
{
	struct diff_out *w = ctx;

	eb_md_diff(fp, w->rows, w->n, w->from, w->to, w->median, w->o->iec);
	eb_md_caveats(fp, &w->caveats);
	return ferror(fp) ? EB_ERR_IO : EB_OK;
}



static enum eb_status
write_json(void *ctx, FILE *fp)
{
	struct diff_out *w = ctx;

	eb_json_diff(fp, w->rows, w->order, w->n, w->from, w->to);
	return ferror(fp) ? EB_ERR_IO : EB_OK;
}

static enum eb_status
write_csv(void *ctx, FILE *fp)
{
	struct diff_out *w = ctx;

	eb_csv_header(fp, "from_label,to_label,from_n,from_mean,from_sd,to_n,to_mean,to_sd,"
	    "delta_pct,delta_ci_low_pct,delta_ci_high_pct,p_value,verdict,"
	    "overhead_from_pct,overhead_to_pct,overhead_change_pp");
	for (size_t i = 0; i < w->n; i++) {
		const struct eb_diff *d = &w->rows[w->order[i]];
		const struct eb_cell cells[] = {
			EB_TEXT(w->from), EB_TEXT(w->to), EB_COUNT(d->a->s.n),
			EB_NUM(d->a->s.mean), EB_NUM(d->a->s.sd), EB_COUNT(d->b->s.n),
			EB_NUM(d->b->s.mean), EB_NUM(d->b->s.sd), EB_NUM(d->delta_pct),
			EB_NUM(d->delta_ci_low_pct), EB_NUM(d->delta_ci_high_pct),
			EB_NUM(d->p_value), EB_TEXT(d->verdict),
			EB_NUM(d->has_overhead ? d->overhead_from_pct : NAN),
			EB_NUM(d->has_overhead ? d->overhead_to_pct : NAN),
			EB_NUM(d->has_overhead ? d->overhead_change_pp : NAN),
		};

		eb_csv_row(fp, d->a->key, cells, sizeof cells / sizeof cells[0]);
	}
	return ferror(fp) ? EB_ERR_IO : EB_OK;
}

/* --fail-on: the rows that fail a CI gate, and its summary file. */
struct gate {
	const char *on;		/* "regression" or "overhead"; NULL: no gate */
	double threshold;	/* --threshold PCT (pp for overhead) */
	const char *threshold_text;	/* as given, so messages never round it */
	const char *summary;	/* --summary FILE */
	const struct diff_out *w;
	size_t failed, untested;
	size_t gated;		/* the pairs it reads: for overhead, those with one */
	const char *from, *to;
};

/* How close to the threshold a change counts as reaching it, relative to
 * the threshold: a change is computed as mean B / mean A - 1 in binary
 * floating point, so 100 against 90 MB/s comes out as -9.999999999999998 %,
 * printed -10.0 %; it must meet --threshold 10 as it reads, while any
 * change a displayed digit can tell from the threshold does not. */
#define GATE_REL_TOLERANCE 1e-9

/* Whether a change of magnitude x reaches the threshold. */
static int
reaches(double x, double threshold)
{
	return x >= threshold * (1 - GATE_REL_TOLERANCE);
}

/* A row fails when its verdict claims the change the gate watches and the
 * estimate is at least the threshold: a regression (either direction that
 * is worse), or an overhead that rose. */
static int
gate_fails(const struct gate *g, const struct eb_diff *d)
{
	if (strcmp(g->on, "regression") == 0)
		return d->v.kind == EB_VERDICT_REGRESSED && reaches(fabs(d->v.estimate),
		    g->threshold);
	return d->has_overhead && d->oh.kind == EB_VERDICT_DEARER &&
	    reaches(d->oh.estimate, g->threshold);
}

/* The verdict the gate reads for a row, or NULL when the row has none of
 * that kind (an overhead gate on a pair without a baseline). */
static const struct eb_verdict *
gate_verdict(const struct gate *g, const struct eb_diff *d)
{
	if (strcmp(g->on, "regression") == 0)
		return &d->v;
	return d->has_overhead ? &d->oh : NULL;
}

/* A row the gate cannot decide: no test was made (a single run, runs that
 * never vary, too few for a rank test, a ratio without bounds), so a
 * change of any size would pass it unseen. */
static int
gate_untested(const struct gate *g, const struct eb_diff *d)
{
	const struct eb_verdict *v = gate_verdict(g, d);

	if (v == NULL)
		return 0;
	switch (v->kind) {
	case EB_VERDICT_SINGLE_RUN:
	case EB_VERDICT_NO_VARIATION:
	case EB_VERDICT_TOO_FEW_RUNS:
	case EB_VERDICT_UNBOUNDED:
	case EB_VERDICT_OUT_OF_RANGE:
		return 1;
	default:
		return 0;
	}
}

static void
summary_row(FILE *fp, const struct gate *g, const struct eb_diff *d)
{
	const struct eb_record *k = d->a->key;
	int regression = strcmp(g->on, "regression") == 0;
	char phrase[320];

	eb_verdict_phrase(gate_verdict(g, d), phrase, sizeof phrase);
	fprintf(fp, "- %s %s %s %s %s %s: %s (computed ", k->f[EB_F_HOST],
	    k->f[EB_F_CONFIG], k->f[EB_F_MODE], k->f[EB_F_TOOL], k->f[EB_F_JOB],
	    k->f[EB_F_METRIC], phrase);
	eb_json_number(fp, regression ? d->v.estimate : d->oh.estimate);
	fprintf(fp, " %s)\n", regression ? "%" : "pp");
}

static enum eb_status
write_summary(void *ctx, FILE *fp)
{
	const struct gate *g = ctx;
	const struct diff_out *w = g->w;
	int regression = strcmp(g->on, "regression") == 0;

	fprintf(fp, "encbench diff %s → %s: %zu of %zu pairs fail --fail-on %s "
	    "(threshold %s %s)\n", w->from, w->to, g->failed, g->gated, g->on, g->threshold_text,
	    regression ? "%" : "pp");
	for (size_t i = 0; i < w->n; i++)
		if (gate_fails(g, &w->rows[w->order[i]]))
			summary_row(fp, g, &w->rows[w->order[i]]);
	if (g->untested > 0) {
		fprintf(fp, "\n%zu of %zu pairs could not be tested, so the gate cannot say whether "
		    "they fail:\n", g->untested, g->gated);
		for (size_t i = 0; i < w->n; i++)
			if (gate_untested(g, &w->rows[w->order[i]]))
				summary_row(fp, g, &w->rows[w->order[i]]);
	}
	for (int s = 0; s < 2; s++) {
		if (w->nonly[s] == 0)
			continue;
		fprintf(fp, "\n%zu %s measured in %s and not in %s, so the gate did not check "
		    "%s:\n- ", w->nonly[s], w->nonly[s] == 1 ? "case was" : "cases were",
		    s == 0 ? w->from : w->to, s == 0 ? w->to : w->from,
		    w->nonly[s] == 1 ? "it" : "them");
		put_cases(fp, w, s, "\n- ");
		fputc('\n', fp);
	}
	return ferror(fp) ? EB_ERR_IO : EB_OK;
}

/* Exit 1 when a row fails the gate, 0 when none does; writes the summary
 * either way. */
static int
gate_check(struct gate *g, const struct diff_out *w)
{
	g->w = w;
	g->failed = g->untested = g->gated = 0;
	for (size_t i = 0; i < w->n; i++) {
		g->gated += gate_verdict(g, &w->rows[i]) != NULL;
		g->failed += gate_fails(g, &w->rows[i]) != 0;
		g->untested += gate_untested(g, &w->rows[i]) != 0;
	}
	if (g->summary != NULL) {
		struct eb_output so = { EB_OUT_MD, g->summary, 0 };
		int rc = eb_output_write(&so, write_summary, g);

		if (rc != 0)
			return rc;
	}
	/* The baseline's own pairs have no overhead to gate. */
	if (g->gated == 0)
		fprintf(stderr, "encbench: warning: no pair has an overhead for --fail-on %s to "
		    "check (no mode beside the baseline): the gate checked nothing\n", g->on);
	if (g->untested > 0)
		fprintf(stderr, "encbench: warning: %zu of %zu pairs could not be tested for "
		    "--fail-on %s (a single run, runs without variation, too few runs for the "
		    "test, or a ratio without bounds): the gate cannot fail them%s\n",
		    g->untested, g->gated, g->on, g->summary != NULL ? "; the summary lists them" : "");
	if (w->nonly[0] > 0)
		fprintf(stderr, "encbench: warning: %zu %s of %s %s no pair in %s for --fail-on %s "
		    "to check (a mode or test it did not measure): the gate cannot fail %s%s\n",
		    w->nonly[0], w->nonly[0] == 1 ? "case" : "cases", w->from,
		    w->nonly[0] == 1 ? "has" : "have", w->to, g->on, w->nonly[0] == 1 ? "it" : "them",
		    g->summary != NULL ? "; the summary lists them" : "");
	if (g->failed > 0) {
		fprintf(stderr, "encbench: %zu of %zu pairs fail --fail-on %s (threshold %s %s)\n",
		    g->failed, g->gated, g->on, g->threshold_text, strcmp(g->on, "regression") == 0 ?
		    "%" : "pp");
		return 1;
	}
	return 0;
}

/* Loads one side of --from-file/--to-file and labels its records. A side
 * is one release: the runs of two would become repetitions of one case,
 * with a mean that was never measured. */
static int
load_side(const struct eb_inputs *in, char *const *paths, int n, const char *option,
    const char *label, struct eb_table *into)
{
	struct eb_table *t;
	int rc = eb_inputs_load(in, paths, n, &t);
	const char *seen[4];
	size_t nseen = 0, more = 0;

	if (rc != 0)
		return rc;
	for (size_t i = 0; i < t->n; i++) {
		const char *r = t->rows[i].f[EB_F_RELEASE];
		size_t j;

		for (j = 0; j < nseen && seen[j] != r; j++)
			;
		if (j < nseen)
			continue;
		if (nseen < sizeof seen / sizeof seen[0])
			seen[nseen++] = r;
		else
			more = 1;
	}
	if (nseen > 1) {
		fprintf(stderr, "encbench: error: %s: the inputs hold more than one release "
		    "('%s', '%s'%s%s%s%s), whose runs would be taken as repetitions of one; "
		    "name the inputs of one release on each side, or compare releases with "
		    "--from and --to\n", option, seen[0], seen[1], nseen > 2 ? ", '" : "",
		    nseen > 2 ? seen[2] : "", nseen > 2 ? "'" : "", more || nseen > 3 ? ", ..." : "");
		eb_table_free(t);
		return EB_EXIT_DATA;
	}
	eb_table_set(t, 0, "release", label, NULL);
	eb_table_append(into, t);
	eb_table_free(t);
	return 0;
}

/* Names the labels of the data, for messages. */
static void
list_labels(const struct eb_groups *gs, int field, char *buf, size_t n)
{
	size_t len = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < gs->n && len + 1 < n; i++) {
		const char *v = gs->g[i].key->f[field];
		size_t j;

		for (j = 0; j < i && gs->g[j].key->f[field] != v; j++)
			;
		if (j == i)
			len += (size_t)snprintf(buf + len, n - len, "%s'%s'", len ? ", " : "", v);
	}
}

/* A label named on the command line that the data does not have is bad
 * data, and the message names the ones it has. */
static int
check_label(const struct eb_groups *gs, int field, const char *option, const char *label)
{
	char have[512];

	for (size_t i = 0; i < gs->n; i++)
		if (strcmp(gs->g[i].key->f[field], label) == 0)
			return 0;
	list_labels(gs, field, have, sizeof have);
	return eb_no_such(option, label, field == EB_F_CONFIG ? "config" : "release", have);
}

/* Whether paths a and b name one file, which need not exist yet: the
 * same folder, through links too, and the same name in it. */
static int
same_file(const char *a, const char *b)
{
	char *ca = eb_xstrdup(a), *cb = eb_xstrdup(b), *da, *db;
	int same = strcmp(a, b) == 0;

	if (!same && strcmp(basename(ca), basename(cb)) == 0) {
		free(ca);
		free(cb);
		ca = eb_xstrdup(a);
		cb = eb_xstrdup(b);
		da = realpath(dirname(ca), NULL);
		db = realpath(dirname(cb), NULL);
		same = da != NULL && db != NULL && strcmp(da, db) == 0;
		free(da);
		free(db);
	}
	free(ca);
	free(cb);
	return same;
}

/* The options that only go in pairs or with another. */
static int
check_pairs(const struct eb_args *a)
{
	const char *summary = eb_args_get(a, EB_O_SUMMARY);

	if (summary != NULL && a->out.path != NULL && strcmp(summary, "-") != 0 &&
	    strcmp(a->out.path, "-") != 0 && same_file(summary, a->out.path))
		return eb_cli_usage(a->cmd, "--summary %s and -o %s name one file: the summary "
		    "would take the place of the diff; name two files", summary, a->out.path);
	if (!eb_args_has(a, EB_O_FAIL_ON) && (eb_args_num(a, EB_O_THRESHOLD, 0) > 0 ||
	    eb_args_has(a, EB_O_SUMMARY)))
		return eb_cli_usage(a->cmd, "--threshold and --summary go with --fail-on");
	if (eb_args_has(a, EB_O_FROM_CONFIG) != eb_args_has(a, EB_O_TO_CONFIG) ||
	    eb_args_has(a, EB_O_FROM_FILE) != eb_args_has(a, EB_O_TO_FILE))
		return eb_cli_usage(a->cmd, "--from-config needs --to-config, and "
		    "--from-file needs --to-file");
	if (!eb_args_has(a, EB_O_FROM_FILE) && a->noperands == 0)
		return eb_cli_usage(a->cmd, "no INPUT to read");
	return 0;
}

/* A file or folder named on both sides, through links too, would be
 * compared with itself. */
static int
check_sides_apart(const struct eb_args *a)
{
	const struct eb_arglist *ff = &a->opt[EB_O_FROM_FILE], *tf = &a->opt[EB_O_TO_FILE];
	struct stat sa, sb;

	for (size_t i = 0; i < ff->n; i++) {
		if (stat(ff->v[i], &sa) != 0)
			continue;
		for (size_t j = 0; j < tf->n; j++)
			if (stat(tf->v[j], &sb) == 0 && sa.st_dev == sb.st_dev &&
			    sa.st_ino == sb.st_ino)
				return eb_cli_usage(a->cmd, "'%s' (--from-file) and '%s' "
				    "(--to-file) are the same %s: a dataset compared with "
				    "itself shows no change whatever it holds", ff->v[i],
				    tf->v[j], S_ISDIR(sa.st_mode) ? "folder" : "file");
	}
	return 0;
}

/* Reads the inputs: the two sides of --from-file and --to-file, each
 * labelled as a release (by --from and --to, or by its first file's
 * name), or else the operands; then the filters. */
static int
load_inputs(const struct eb_args *a, struct eb_diff_opts *o, struct eb_table **t)
{
	const struct eb_arglist *ff = &a->opt[EB_O_FROM_FILE], *tf = &a->opt[EB_O_TO_FILE];
	int rc;

	if (ff->n > 0 && (rc = check_sides_apart(a)) != 0)
		return rc;
	if (ff->n > 0) {
		const char *la = o->from ? o->from : basename(ff->v[0]);
		const char *lb = o->to ? o->to : basename(tf->v[0]);

		if (strcmp(la, lb) == 0) {
			la = "from";
			lb = "to";
		}
		*t = eb_table_new();
		if ((rc = load_side(&a->in, ff->v, (int)ff->n, "--from-file", la, *t)) != 0 ||
		    (rc = load_side(&a->in, tf->v, (int)tf->n, "--to-file", lb, *t)) != 0)
			return rc;
		o->from = eb_intern_cstr(*t, la);
		o->to = eb_intern_cstr(*t, lb);
	} else if ((rc = eb_inputs_load(&a->in, a->operands, a->noperands, t)) != 0)
		return rc;
	return eb_filters_apply_checked(&a->filters, *t);
}

/* --from or --to alone: the release named is compared with the one before
 * it of its own platform, which is then the "from" side. */
static int
release_before(const struct eb_groups *gs, struct eb_diff_opts *o, const char *have)
{
	const char *option = o->from != NULL ? "--from" : "--to";
	const char *named = o->from != NULL ? o->from : o->to;
	int rc;

	if ((rc = check_label(gs, EB_F_RELEASE, option, named)) != 0)
		return rc;
	o->to = named;
	o->from = eb_release_before(gs, named);
	if (o->from == NULL) {
		fprintf(stderr, "encbench: error: no earlier release of the platform of '%s' "
		    "measured a case in common with it (the data has %s); name the release "
		    "to compare it with using %s\n", named, have,
		    strcmp(option, "--from") == 0 ? "--to" : "--from");
		return EB_EXIT_DATA;
	}
	return 0;
}

/* The releases to compare when --from and --to do not both say: the two
 * newest of one platform, or the one before the release named. */
static int
choose_releases(const struct eb_groups *gs, struct eb_diff_opts *o)
{
	size_t nrel;
	const char **rel = eb_releases(gs, &nrel);
	char have[512];

	list_labels(gs, EB_F_RELEASE, have, sizeof have);
	if (nrel < 2) {
		fprintf(stderr, "encbench: error: diff needs two releases and this data "
		    "has %s%s%s; name two sets of inputs with --from-file and --to-file, "
		    "or two configs with --from-config and --to-config\n",
		    nrel ? "only '" : "none", nrel ? rel[0] : "", nrel ? "'" : "");
		free((void *)rel);
		return EB_EXIT_DATA;
	}
	free((void *)rel);
	if (o->from != NULL || o->to != NULL)
		return release_before(gs, o, have);
	if (!eb_release_pair(gs, &o->from, &o->to)) {
		fprintf(stderr, "encbench: error: no two releases of one platform "
		    "measured a case in common (the data has %s); name them with "
		    "--from and --to\n", have);
		return EB_EXIT_DATA;
	}
	return 0;
}

/* Names the hosts of one side, for messages; returns how many. */
static size_t
side_hosts(const struct eb_groups *gs, int field, const char *label, char *buf, size_t n)
{
	size_t len = 0, count = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < gs->n; i++) {
		const struct eb_record *k = gs->g[i].key;
		size_t j;

		if (strcmp(k->f[field], label) != 0)
			continue;
		for (j = 0; j < i && (gs->g[j].key->f[EB_F_HOST] != k->f[EB_F_HOST] ||
		    strcmp(gs->g[j].key->f[field], label) != 0); j++)
			;
		if (j < i)
			continue;
		count++;
		if (len + 1 < n)
			len += (size_t)snprintf(buf + len, n - len, "%s'%s'", len ? ", " : "",
			    k->f[EB_F_HOST][0] ? k->f[EB_F_HOST] : "(none)");
	}
	return count;
}

/* Whether the two sides have a host in common. */
static int
share_host(const struct eb_groups *gs, int field, const char *from, const char *to)
{
	for (size_t i = 0; i < gs->n; i++) {
		if (strcmp(gs->g[i].key->f[field], from) != 0)
			continue;
		for (size_t j = 0; j < gs->n; j++)
			if (gs->g[j].key->f[EB_F_HOST] == gs->g[i].key->f[EB_F_HOST] &&
			    strcmp(gs->g[j].key->f[field], to) == 0)
				return 1;
	}
	return 0;
}

/* Nothing to compare: says why, naming the hosts when the sides have none
 * in common, since hosts are never pooled. */
static int
nothing_in_common(const struct eb_groups *gs, const struct eb_diff_opts *o)
{
	int field = o->by == EB_SPLIT_CONFIG ? EB_F_CONFIG : EB_F_RELEASE;
	const char *noun = field == EB_F_CONFIG ? "configs" : "releases";
	char have[512], ha[256], hb[256];
	size_t na, nb;

	list_labels(gs, field, have, sizeof have);
	na = side_hosts(gs, field, o->from, ha, sizeof ha);
	nb = side_hosts(gs, field, o->to, hb, sizeof hb);
	if (na > 0 && nb > 0 && !share_host(gs, field, o->from, o->to))
		fprintf(stderr, "encbench: error: '%s' and '%s' share no host, so no case "
		    "can be compared: '%s' was measured on %s %s and '%s' on %s %s (hosts "
		    "are never pooled; if they are one machine, say so with --set host=NAME)\n",
		    o->from, o->to, o->from, na > 1 ? "hosts" : "host", ha, o->to,
		    nb > 1 ? "hosts" : "host", hb);
	else
		fprintf(stderr, "encbench: error: no case was measured in both %s '%s' and "
		    "'%s' (the data has %s)\n", noun, o->from, o->to,
		    have[0] ? have : "no records");
	return EB_EXIT_DATA;
}

/* Settles what is compared with what, and checks that the data has both. */
static int
settle_sides(const struct eb_args *a, const struct eb_groups *gs, struct eb_diff_opts *o)
{
	int rc;

	if (o->by == EB_SPLIT_CONFIG)
		return (rc = check_label(gs, EB_F_CONFIG, "--from-config", o->from)) != 0 ? rc :
		    check_label(gs, EB_F_CONFIG, "--to-config", o->to);
	if ((o->from == NULL || o->to == NULL) && (rc = choose_releases(gs, o)) != 0)
		return rc;
	if (eb_args_has(a, EB_O_FROM_FILE))
		return 0;
	return (rc = check_label(gs, EB_F_RELEASE, "--from", o->from)) != 0 ? rc :
	    check_label(gs, EB_F_RELEASE, "--to", o->to);
}

static int
exec_diff(const struct eb_args *a)
{
	static const struct eb_writers writers = { write_md, write_csv, write_json };
	struct eb_diff_opts o = { EB_SPLIT_RELEASE, eb_args_get(a, EB_O_FROM),
		eb_args_get(a, EB_O_TO), a->alpha, eb_args_is(a, EB_O_CENTER, "median"),
		a->no_adjust, a->baseline, a->equivalence_pct };
	struct gate gate = { eb_args_get(a, EB_O_FAIL_ON), eb_args_num(a, EB_O_THRESHOLD, 0),
		eb_args_has(a, EB_O_THRESHOLD) ? eb_args_get(a, EB_O_THRESHOLD) : "0",
		eb_args_get(a, EB_O_SUMMARY), NULL, 0, 0, 0, NULL, NULL };
	struct diff_out w = { 0 };
	struct eb_table *t = NULL;
	struct eb_groups *gs = NULL;
	size_t same;
	int rc;

	if ((rc = check_pairs(a)) != 0 || (rc = load_inputs(a, &o, &t)) != 0)
		goto done;
	if (eb_args_has(a, EB_O_FROM_CONFIG)) {
		o.by = EB_SPLIT_CONFIG;
		o.from = eb_args_get(a, EB_O_FROM_CONFIG);
		o.to = eb_args_get(a, EB_O_TO_CONFIG);
	}
	gs = eb_aggregate(t);
	if ((rc = settle_sides(a, gs, &o)) != 0)
		goto done;
	if (strcmp(o.from, o.to) == 0) {
		rc = eb_cli_usage(a->cmd, "--from and --to name the same %s, '%s'",
		    o.by == EB_SPLIT_CONFIG ? "config" : "release", o.from);
		goto done;
	}
	/* Only the same records under two labels are a dataset compared with
	 * itself: equal figures from other sources are two measurements that
	 * agree, as rate-capped jobs give (audit E22), and are compared. */
	if ((same = eb_diff_same_data(gs, &o)) > 0 && !eb_diff_same_sources(gs, &o)) {
		int files = eb_args_has(a, EB_O_FROM_FILE);

		fprintf(stderr, "encbench: note: %s'%s'%s and '%s'%s hold the same values in every "
		    "test (%zu %s) from different sources; they are compared as two sets of "
		    "measurements\n", files ? "" : o.by == EB_SPLIT_CONFIG ? "configs " :
		    "releases ", o.from, files ? " (--from-file)" : "", o.to,
		    files ? " (--to-file)" : "", same, same == 1 ? "test" : "tests");
	} else if (same > 0) {
		int files = eb_args_has(a, EB_O_FROM_FILE);

		rc = eb_cli_usage(a->cmd, "%s'%s'%s and '%s'%s hold the same measurements "
		    "(%zu %s, every value alike, from the same sources): a dataset compared with itself shows no "
		    "change whatever it holds", files ? "" : o.by == EB_SPLIT_CONFIG ?
		    "configs " : "releases ", o.from, files ? " (--from-file)" : "", o.to,
		    files ? " (--to-file)" : "", same, same == 1 ? "test" : "tests");
		goto done;
	}
	w.rows = eb_diff_compute(gs, &o, &w.n);
	if (w.n == 0) {
		rc = nothing_in_common(gs, &o);
		goto done;
	}
	if (o.by == EB_SPLIT_RELEASE)
		hosts_left_out(gs, w.rows, w.n, o.from, o.to);
	w.from = o.from;
	w.to = o.to;
	cases_alone(gs, &o, &w);
	note_cases_alone(&w);
	w.order = eb_diff_order(w.rows, w.n);
	w.o = &a->out;
	w.from = o.from;
	w.to = o.to;
	w.median = o.median;
	{
		/* A change rests on both sides' runs, a change of overhead on
		 * their baselines' too. */
		struct eb_caveats *c = eb_caveats_new(t);

		for (size_t i = 0; c != NULL && i < w.n; i++) {
			const struct eb_diff *r = &w.rows[w.order[i]];

			eb_caveats_pair(c, r->b->key, r->a->key, &w.caveats);
			if (r->has_overhead) {
				eb_caveats_case(c, r->a->key, o.baseline, &w.caveats);
				eb_caveats_case(c, r->b->key, o.baseline, &w.caveats);
			}
		}
		eb_caveats_free(c);
	}
	if (!a->in.quiet)
		eb_output_caveats_note(&a->out, &w.caveats);
	rc = eb_output_emit(&a->out, &writers, &w);
	if (rc == 0 && gate.on != NULL)
		rc = gate_check(&gate, &w);
done:
	for (int s = 0; s < 2; s++) {
		for (size_t i = 0; i < w.nonly[s]; i++)
			free(w.only[s][i]);
		free(w.only[s]);
	}
	eb_caveat_list_free(&w.caveats);
	free(w.order);
	free(w.rows);
	eb_groups_free(gs);
	eb_table_free(t);
	return rc;
}
