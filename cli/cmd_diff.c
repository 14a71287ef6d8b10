/* cmd_diff.c - "encbench diff": did a release (or a config, or another set
 * of runs) make each case faster or slower, and can the data tell? */
#include <getopt.h>
#include <libgen.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "../analyze/analyze.h"
#include "../render/render.h"

static int exec_diff(int argc, char **argv);

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
	"                 runs; normal approximation beyond); Holm-adjusted over the\n"
	"                 table unless --adjust none (JSON has both p values)\n"
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
	"  --adjust holm|none Holm's adjustment over the table (default holm),\n"
	"                     within each metric class: throughput (bw and iops of\n"
	"                     one test count once), latency, CPU, other\n"
	"  --equivalence PCT  the +/- margin of \"unchanged\" (default 2)\n"
	"  --baseline MODE    the unencrypted mode for the overhead fields (none)\n"
	"  --md, --csv, --json, -o FILE, --units si|iec   output\n"
	"  --fail-on regression|overhead   for CI: exit 1 when a pair regressed\n"
	"                     (or its overhead rose: dearer) by at least\n"
	"  --threshold PCT    percent (percentage points for overhead; default 0),\n"
	"                     after Holm; exit 0 when none did\n"
	"  --summary FILE     with --fail-on: the failing pairs in a short file\n"
	"  --metric, --op, --config, --tool, --host VALUE   filters\n"
	"\n"
	"Examples:\n"
	"  encbench diff --from 23.10 --to 24.04 runs/\n"
	"  encbench diff --from-config default --to-config no-aesni runs/24.04\n",
	exec_diff,
};

struct diff_out {
	struct eb_diff *rows;
	size_t *order, n;
	const struct eb_output *o;
	const char *from, *to;
	int median;
};





static enum eb_status
write_md(void *ctx, FILE *fp)
{
	struct diff_out *w = ctx;

	eb_md_diff(fp, w->rows, w->n, w->from, w->to, w->median, w->o->iec);
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

	fprintf(fp, "%sfrom_label,to_label,from_n,from_mean,from_sd,to_n,to_mean,to_sd,"
	    "delta_pct,delta_ci_low_pct,delta_ci_high_pct,p_value,verdict,"
	    "overhead_from_pct,overhead_to_pct,overhead_change_pp\n", eb_key_csv_header);
	for (size_t i = 0; i < w->n; i++) {
		const struct eb_diff *d = &w->rows[w->order[i]];
		const double nums[] = {
			d->a->s.mean, d->a->s.sd, d->b->s.mean, d->b->s.sd, d->delta_pct,
			d->delta_ci_low_pct, d->delta_ci_high_pct, d->p_value,
		};

		eb_key_csv(fp, d->a->key);
		eb_csv_cell(fp, w->from);
		putc(',', fp);
		eb_csv_cell(fp, w->to);
		fprintf(fp, ",%zu,", d->a->s.n);
		for (size_t j = 0; j < sizeof nums / sizeof nums[0]; j++) {
			if (j == 2)
				fprintf(fp, "%zu,", d->b->s.n);
			eb_csv_number(fp, nums[j]);
			putc(',', fp);
		}
		eb_csv_cell(fp, d->verdict);
		putc(',', fp);
		eb_csv_number(fp, d->has_overhead ? d->overhead_from_pct : NAN);
		putc(',', fp);
		eb_csv_number(fp, d->has_overhead ? d->overhead_to_pct : NAN);
		putc(',', fp);
		eb_csv_number(fp, d->has_overhead ? d->overhead_change_pp : NAN);
		putc('\n', fp);
	}
	return ferror(fp) ? EB_ERR_IO : EB_OK;
}


/* --fail-on: the rows that fail a CI gate, and its summary file. */
struct gate {
	const char *on;		/* "regression" or "overhead"; NULL: no gate */
	double threshold;	/* --threshold PCT (pp for overhead) */
	const char *summary;	/* --summary FILE */
	const struct diff_out *w;
	size_t failed;
	const char *from, *to;
};

/* A row fails when its verdict claims the change the gate watches and the
 * estimate is at least the threshold: a regression (either direction that
 * is worse), or an overhead that rose. */
static int
gate_fails(const struct gate *g, const struct eb_diff *d)
{
	if (strcmp(g->on, "regression") == 0)
		return d->v.kind == EB_VERDICT_REGRESSED && fabs(d->v.estimate) >= g->threshold;
	return d->has_overhead && d->oh.kind == EB_VERDICT_DEARER &&
	    d->oh.estimate >= g->threshold;
}

static enum eb_status
write_summary(void *ctx, FILE *fp)
{
	const struct gate *g = ctx;
	const struct diff_out *w = g->w;
	int regression = strcmp(g->on, "regression") == 0;

	fprintf(fp, "encbench diff %s → %s: %zu of %zu pairs fail --fail-on %s "
	    "(threshold %g %s)\n", w->from, w->to, g->failed, w->n, g->on, g->threshold,
	    regression ? "%" : "pp");
	for (size_t i = 0; i < w->n; i++) {
		const struct eb_diff *d = &w->rows[w->order[i]];
		const struct eb_record *k = d->a->key;
		char phrase[320];

		if (!gate_fails(g, d))
			continue;
		eb_verdict_phrase(regression ? &d->v : &d->oh, phrase, sizeof phrase);
		fprintf(fp, "- %s %s %s %s %s %s: %s\n", k->f[EB_F_HOST], k->f[EB_F_CONFIG],
		    k->f[EB_F_MODE], k->f[EB_F_TOOL], k->f[EB_F_JOB], k->f[EB_F_METRIC], phrase);
	}
	return ferror(fp) ? EB_ERR_IO : EB_OK;
}

/* Exit 1 when a row fails the gate, 0 when none does; writes the summary
 * either way. */
static int
gate_check(struct gate *g, const struct diff_out *w)
{
	g->w = w;
	g->failed = 0;
	for (size_t i = 0; i < w->n; i++)
		g->failed += gate_fails(g, &w->rows[i]) != 0;
	if (g->summary != NULL) {
		struct eb_output so = { EB_OUT_MD, g->summary, 0 };
		int rc = eb_output_write(&so, write_summary, g);

		if (rc != 0)
			return rc;
	}
	if (g->failed > 0) {
		fprintf(stderr, "encbench: %zu of %zu pairs fail --fail-on %s (threshold %g %s)\n",
		    g->failed, w->n, g->on, g->threshold, strcmp(g->on, "regression") == 0 ?
		    "%" : "pp");
		return 1;
	}
	return 0;
}

/* Loads one side of --from-file/--to-file and labels its records. */
static int
load_side(const struct eb_inputs *in, char **paths, int n, const char *label,
    struct eb_table *into)
{
	struct eb_table *t;
	int rc = eb_inputs_load(in, paths, n, &t);

	if (rc != 0)
		return rc;
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
	fprintf(stderr, "encbench: error: %s '%s': the data has no such %s (it has %s)\n",
	    option, label, field == EB_F_CONFIG ? "config" : "release",
	    have[0] ? have : "no records");
	return EB_EXIT_DATA;
}

static int
exec_diff(int argc, char **argv)
{
	enum { FROM = 0x2000, TO, FROM_CONFIG, TO_CONFIG, FROM_FILE, TO_FILE, ALPHA,
		CENTER, BASELINE, FAIL_ON, THRESHOLD, SUMMARY };
	static const struct option longopts[] = {
		EB_INPUT_LONGOPTS, EB_OUTPUT_LONGOPTS, EB_FILTER_LONGOPTS,
		{ "from", required_argument, NULL, FROM },
		{ "to", required_argument, NULL, TO },
		{ "from-config", required_argument, NULL, FROM_CONFIG },
		{ "to-config", required_argument, NULL, TO_CONFIG },
		{ "from-file", required_argument, NULL, FROM_FILE },
		{ "to-file", required_argument, NULL, TO_FILE },
		{ "alpha", required_argument, NULL, ALPHA },
		{ "center", required_argument, NULL, CENTER },
		EB_VERDICT_LONGOPTS,
		{ "baseline", required_argument, NULL, BASELINE },
		{ "fail-on", required_argument, NULL, FAIL_ON },
		{ "threshold", required_argument, NULL, THRESHOLD },
		{ "summary", required_argument, NULL, SUMMARY },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct eb_inputs in = { 0 };
	struct eb_output out = { EB_OUT_MD, NULL, 0 };
	struct eb_filters filters = { { 0 } };
	struct eb_diff_opts o = { EB_SPLIT_RELEASE, NULL, NULL, 0.05, 0, 0, "none", 2 };
	char **files[2] = { NULL, NULL };
	size_t nfiles[2] = { 0, 0 }, cap[2] = { 0, 0 };
	const char *from_config = NULL, *to_config = NULL;
	struct diff_out w = { 0 };
	struct gate gate = { NULL, 0, NULL, NULL, 0, NULL, NULL };
	struct eb_table *t = NULL;
	struct eb_groups *gs = NULL;
	char *end;
	int opt, rc = 0;

	optind = 1;
	while ((opt = getopt_long(argc, argv, "o:qvh", longopts, NULL)) != -1) {
		if (eb_inputs_option(&in, opt, optarg) || eb_filters_option(&filters, opt, optarg))
			continue;
		if ((rc = eb_verdict_option(&eb_cmd_diff, opt, optarg, &o.no_adjust,
		    &o.equivalence_pct)) != 0) {
			if (rc != 1)
				goto done;
			rc = 0;
			continue;
		}
		if ((rc = eb_output_option(&out, &eb_cmd_diff, opt, optarg)) != 0) {
			if (rc < 0)
				goto done;
			rc = 0;
			continue;
		}
		switch (opt) {
		case FROM:
			o.from = optarg;
			break;
		case TO:
			o.to = optarg;
			break;
		case FROM_CONFIG:
			from_config = optarg;
			break;
		case TO_CONFIG:
			to_config = optarg;
			break;
		case FROM_FILE:
		case TO_FILE:
			eb_xgrow(&files[opt - FROM_FILE], &cap[opt - FROM_FILE],
			    nfiles[opt - FROM_FILE] + 1, sizeof *files[0]);
			files[opt - FROM_FILE][nfiles[opt - FROM_FILE]++] = optarg;
			break;
		case ALPHA:
			o.alpha = strtod(optarg, &end);
			if (*end != '\0' || !(o.alpha > 0 && o.alpha < 1)) {
				rc = eb_cli_usage(&eb_cmd_diff, "--alpha takes a number between 0 and 1, not '%s'", optarg);
				goto done;
			}
			break;
		case CENTER:
			if (strcmp(optarg, "mean") != 0 && strcmp(optarg, "median") != 0) {
				rc = eb_cli_usage(&eb_cmd_diff, "--center takes mean or median, not '%s'", optarg);
				goto done;
			}
			o.median = strcmp(optarg, "median") == 0;
			break;
		case FAIL_ON:
			if (strcmp(optarg, "regression") != 0 && strcmp(optarg, "overhead") != 0) {
				rc = eb_cli_usage(&eb_cmd_diff, "--fail-on takes regression or "
				    "overhead, not '%s'", optarg);
				goto done;
			}
			gate.on = optarg;
			break;
		case THRESHOLD:
			gate.threshold = strtod(optarg, &end);
			if (end == optarg || *end != '\0' || !(gate.threshold >= 0) ||
			    !isfinite(gate.threshold)) {
				rc = eb_cli_usage(&eb_cmd_diff, "--threshold takes a percentage of 0 "
				    "or more, not '%s'", optarg);
				goto done;
			}
			break;
		case SUMMARY:
			gate.summary = optarg;
			break;
		case BASELINE:
			o.baseline = optarg;
			break;
		case 'h':
			eb_cli_help(&eb_cmd_diff, stdout);
			goto done;
		default:
			rc = eb_cli_usage(&eb_cmd_diff, "bad option");
			goto done;
		}
	}
	if ((rc = eb_inputs_check(&in, &eb_cmd_diff)) != 0)
		goto done;
	if (gate.on == NULL && (gate.threshold > 0 || gate.summary != NULL)) {
		rc = eb_cli_usage(&eb_cmd_diff, "--threshold and --summary go with --fail-on");
		goto done;
	}
	if ((from_config == NULL) != (to_config == NULL) ||
	    (nfiles[0] == 0) != (nfiles[1] == 0)) {
		rc = eb_cli_usage(&eb_cmd_diff, "--from-config needs --to-config, and "
		    "--from-file needs --to-file");
		goto done;
	}
	if (nfiles[0] > 0) {
		const char *la = o.from ? o.from : basename(files[0][0]);
		const char *lb = o.to ? o.to : basename(files[1][0]);

		if (strcmp(la, lb) == 0) {
			la = "from";
			lb = "to";
		}
		t = eb_table_new();
		if ((rc = load_side(&in, files[0], (int)nfiles[0], la, t)) != 0 ||
		    (rc = load_side(&in, files[1], (int)nfiles[1], lb, t)) != 0)
			goto done;
		o.from = eb_intern_cstr(t, la);
		o.to = eb_intern_cstr(t, lb);
	} else {
		if (optind >= argc) {
			rc = eb_cli_usage(&eb_cmd_diff, "no INPUT to read");
			goto done;
		}
		if ((rc = eb_inputs_load(&in, argv + optind, argc - optind, &t)) != 0)
			goto done;
	}
	if (from_config != NULL) {
		o.by = EB_SPLIT_CONFIG;
		o.from = from_config;
		o.to = to_config;
	}
	if ((rc = eb_filters_apply_checked(&filters, t)) != 0)
		goto done;
	gs = eb_aggregate(t);
	if (o.by == EB_SPLIT_RELEASE && (o.from == NULL || o.to == NULL)) {
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
			rc = EB_EXIT_DATA;
			goto done;
		}
		free((void *)rel);
		if (o.from == NULL && o.to == NULL) {
			if (!eb_release_pair(gs, &o.from, &o.to)) {
				fprintf(stderr, "encbench: error: no two releases of one platform "
				    "measured a case in common (the data has %s); name them with "
				    "--from and --to\n", have);
				rc = EB_EXIT_DATA;
				goto done;
			}
		} else {
			/* One release named: it is compared with the one before it. */
			const char *named = o.from != NULL ? o.from : o.to;

			if ((rc = check_label(gs, EB_F_RELEASE, o.from != NULL ? "--from" : "--to",
			    named)) != 0)
				goto done;
			o.to = named;
			o.from = eb_release_before(gs, named);
			if (o.from == NULL) {
				fprintf(stderr, "encbench: error: no release before '%s' measured a "
				    "case in common with it (the data has %s); name the other one "
				    "with --from\n", named, have);
				rc = EB_EXIT_DATA;
				goto done;
			}
		}
	}
	if (o.by == EB_SPLIT_RELEASE && nfiles[0] == 0 &&
	    ((rc = check_label(gs, EB_F_RELEASE, "--from", o.from)) != 0 ||
	    (rc = check_label(gs, EB_F_RELEASE, "--to", o.to)) != 0))
		goto done;
	if (o.by == EB_SPLIT_CONFIG &&
	    ((rc = check_label(gs, EB_F_CONFIG, "--from-config", o.from)) != 0 ||
	    (rc = check_label(gs, EB_F_CONFIG, "--to-config", o.to)) != 0))
		goto done;
	if (strcmp(o.from, o.to) == 0) {
		rc = eb_cli_usage(&eb_cmd_diff, "--from and --to name the same %s, '%s'",
		    o.by == EB_SPLIT_CONFIG ? "config" : "release", o.from);
		goto done;
	}
	w.rows = eb_diff_compute(gs, &o, &w.n);
	if (w.n == 0) {
		char have[512];
		int field = o.by == EB_SPLIT_CONFIG ? EB_F_CONFIG : EB_F_RELEASE;

		list_labels(gs, field, have, sizeof have);
		fprintf(stderr, "encbench: error: no case was measured in both %s '%s' and "
		    "'%s' (the data has %s)\n", field == EB_F_CONFIG ? "configs" : "releases",
		    o.from, o.to, have[0] ? have : "no records");
		rc = EB_EXIT_DATA;
		goto done;
	}
	w.order = eb_diff_order(w.rows, w.n);
	w.o = &out;
	w.from = o.from;
	w.to = o.to;
	w.median = o.median;
	rc = eb_output_write(&out, out.fmt == EB_OUT_CSV ? write_csv :
	    out.fmt == EB_OUT_JSON ? write_json : write_md, &w);
	if (rc == 0 && gate.on != NULL)
		rc = gate_check(&gate, &w);
done:
	free(w.order);
	free(w.rows);
	free(files[0]);
	free(files[1]);
	eb_groups_free(gs);
	eb_table_free(t);
	eb_inputs_free(&in);
	return rc;
}
