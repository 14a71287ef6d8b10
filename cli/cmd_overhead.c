/* cmd_overhead.c - "encbench overhead": what each encryption mode costs
 * against the baseline mode of the same release, with Fieller intervals. */
#include <getopt.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "../analyze/analyze.h"
#include "../render/render.h"

static int exec_overhead(int argc, char **argv);

const struct eb_cmd eb_cmd_overhead = {
	"overhead",
	"overhead [--baseline MODE] [--md|--csv|--json] [-o FILE] [--units si|iec]\n"
	"                  [--release R] [--metric M] [--op O] [--config C] INPUT...",
	"Show what each encryption mode costs against the unencrypted baseline.",
	"\n"
	"For every key (release, host, config, tool, job, workload, op, block size,\n"
	"metric) the mean over repetitions of each mode is set against the mean of\n"
	"the baseline mode (default none) of the same key:\n"
	"\n"
	"  ratio        encrypted / baseline for bw, iops and ops, baseline /\n"
	"               encrypted for latencies and cpu, so below 1 is always slower\n"
	"  ratio CI     95 % interval of the ratio by Fieller's theorem (Welch-\n"
	"               Satterthwaite degrees of freedom); empty with a single run\n"
	"  overhead %   (1 - ratio) x 100: what encryption costs\n"
	"\n"
	"Options:\n"
	"  --baseline MODE    the mode to compare against (default none)\n"
	"  --md, --csv, --json  output format (default markdown)\n"
	"  -o FILE            write FILE atomically instead of standard output\n"
	"  --units si|iec     MB/s (default) or MiB/s in markdown\n"
	"  --release, --metric, --op, --config, --tool, --host VALUE\n"
	"                     keep only records with that value\n"
	"  plus the input options of 'encbench help ingest' (--format, --set ...)\n"
	"\n"
	"Example:\n"
	"  encbench overhead --metric bw runs/24.04\n",
	exec_overhead,
};

struct overhead_out {
	struct eb_overhead *rows;
	size_t *order, n;
	const struct eb_output *o;
};



static enum eb_status
write_md(void *ctx, FILE *fp)
{
	struct overhead_out *w = ctx;

	eb_md_overhead(fp, w->rows, w->n, w->o->iec);
	return ferror(fp) ? EB_ERR_IO : EB_OK;
}

static enum eb_status
write_csv(void *ctx, FILE *fp)
{
	struct overhead_out *w = ctx;

	fprintf(fp, "%sn,mean,baseline_n,baseline_mean,ratio,ratio_ci_low,"
	    "ratio_ci_high,overhead_pct\n", eb_key_csv_header);
	for (size_t i = 0; i < w->n; i++) {
		const struct eb_overhead *r = &w->rows[w->order[i]];

		eb_key_csv(fp, r->g->key);
		fprintf(fp, "%zu,", r->g->s.n);
		eb_csv_number(fp, r->g->s.mean);
		fprintf(fp, ",%zu,", r->base->s.n);
		eb_csv_number(fp, r->base->s.mean);
		putc(',', fp);
		eb_csv_number(fp, r->ratio);
		putc(',', fp);
		eb_csv_number(fp, r->ci_low);
		putc(',', fp);
		eb_csv_number(fp, r->ci_high);
		putc(',', fp);
		eb_csv_number(fp, r->overhead_pct);
		putc('\n', fp);
	}
	return ferror(fp) ? EB_ERR_IO : EB_OK;
}



static enum eb_status
write_json(void *ctx, FILE *fp)
{
	struct overhead_out *w = ctx;

	eb_json_overhead(fp, w->rows, w->order, w->n);
	return ferror(fp) ? EB_ERR_IO : EB_OK;
}

static int
exec_overhead(int argc, char **argv)
{
	static const struct option longopts[] = {
		EB_INPUT_LONGOPTS, EB_OUTPUT_LONGOPTS, EB_FILTER_LONGOPTS,
		{ "release", required_argument, NULL, EB_OPT_FILTER + EB_F_RELEASE },
		{ "baseline", required_argument, NULL, 'b' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct eb_inputs in = { 0 };
	struct eb_output out = { EB_OUT_MD, NULL, 0 };
	struct eb_filters filters = { { 0 } };
	const char *baseline = "none";
	struct overhead_out w = { 0 };
	struct eb_table *t;
	struct eb_groups *gs;
	int opt, rc;

	optind = 1;
	while ((opt = getopt_long(argc, argv, "o:qh", longopts, NULL)) != -1) {
		if (eb_inputs_option(&in, opt, optarg) || eb_filters_option(&filters, opt, optarg))
			continue;
		if ((rc = eb_output_option(&out, &eb_cmd_overhead, opt, optarg)) != 0) {
			if (rc < 0)
				return eb_inputs_free(&in), EB_EXIT_USAGE;
			continue;
		}
		switch (opt) {
		case 'b':
			baseline = optarg;
			break;
		case 'h':
			eb_cli_help(&eb_cmd_overhead, stdout);
			eb_inputs_free(&in);
			return EB_EXIT_OK;
		default:
			eb_inputs_free(&in);
			return eb_cli_usage(&eb_cmd_overhead, "bad option");
		}
	}
	if (optind >= argc) {
		eb_inputs_free(&in);
		return eb_cli_usage(&eb_cmd_overhead, "no INPUT to read");
	}
	if ((rc = eb_inputs_check(&in, &eb_cmd_overhead)) != 0 ||
	    (rc = eb_inputs_load(&in, argv + optind, argc - optind, &t)) != 0) {
		eb_inputs_free(&in);
		return rc;
	}
	eb_inputs_free(&in);
	eb_filters_apply(&filters, t);
	gs = eb_aggregate(t);
	w.rows = eb_overhead_compute(gs, baseline, &w.n);
	w.o = &out;
	if (w.n == 0) {
		fprintf(stderr, "encbench: error: no record has a baseline to compare with: "
		    "overhead needs records of mode '%s' and of other modes with the same "
		    "release, config, test and metric%s\n", baseline,
		    strcmp(baseline, "none") == 0 ? " (name another with --baseline MODE)" : "");
		rc = EB_EXIT_DATA;
	} else {
		w.order = eb_overhead_order(w.rows, w.n);
		rc = eb_output_write(&out, out.fmt == EB_OUT_CSV ? write_csv :
		    out.fmt == EB_OUT_JSON ? write_json : write_md, &w);
	}
	free(w.order);
	free(w.rows);
	eb_groups_free(gs);
	eb_table_free(t);
	return rc;
}
