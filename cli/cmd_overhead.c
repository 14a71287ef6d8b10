/* cmd_overhead.c - "encbench overhead": what each encryption mode costs
 * against the baseline mode of the same release, with Fieller intervals. */
#include <math.h>
#include <stdio_ext.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli.h"
#include "../analyze/analyze.h"
#include "../analyze/caveats.h"
#include "../ingest/results.h"
#include "../render/render.h"

static int exec_overhead(const struct eb_args *a);

static const struct eb_opt overhead_opts[] = {
	{ "release", 0, EB_ARG_TEXT, EB_O_RELEASE, NULL },
	{ NULL, 0, EB_ARG_NONE, EB_O_COUNT, NULL },
};

const struct eb_cmd eb_cmd_overhead = {
	"overhead",
	"overhead [--baseline MODE] [--md|--csv|--json] [-o FILE] [--units si|iec]\n"
	"                  [--release R] [--metric M] [--op O] [--config C]\n"
	"                  [--mode MODE] INPUT...",
	"Show what each encryption mode costs against the unencrypted baseline.",
	"\n"
	"For every key (release, host, config, tool, job, workload, op, block size,\n"
	"metric) the mean over repetitions of each mode is set against the mean of\n"
	"the baseline mode (default none) of the same key:\n"
	"\n"
	"  ratio        encrypted / baseline for bw, iops and ops, baseline /\n"
	"               encrypted for latencies and cpu, so below 1 is always slower\n"
	"  ratio CI     95 % interval of the ratio by Fieller's theorem (Welch-\n"
	"               Satterthwaite degrees of freedom, min(n) - 1 for small\n"
	"               unequal groups); empty with a single run, \"unbounded\"\n"
	"               when the baseline's own interval includes 0\n"
	"  overhead     what encryption costs (throughput: (1 - ratio) x 100), or\n"
	"               the relative increase of latency and CPU (\"latency +20 %\"),\n"
	"               with its verdict: \"costs\" or \"faster\" when the interval\n"
	"               excludes no overhead and Welch's p, Holm-adjusted over the\n"
	"               table's tests, is below alpha; \"no measurable overhead\"\n"
	"               otherwise (see \"How to read the verdicts\" in encbench(1))\n"
	"\n"
	"Options:\n"
	"  --baseline MODE    the mode to compare against (default none)\n"
	"  --alpha P          significance level (default 0.05)\n"
	"  --adjust holm|none Holm's adjustment over the table (default holm)\n"
	"  --equivalence PCT  the +/- margin of \"unchanged\" (default 2)\n"
	"  --md, --csv, --json  output format (default markdown)\n"
	"  -o FILE            write FILE atomically instead of standard output\n"
	"  --units si|iec     MB/s (default) or MiB/s in markdown\n"
	"  --release, --metric, --op, --config, --tool, --host VALUE\n"
	"                     keep only records with that value\n"
	"  --mode MODE        show that encrypted mode alone; the baseline is kept,\n"
	"                     as every overhead is computed against it, and Holm's\n"
	"                     adjustment is over the rows shown\n"
	"  plus the input options of 'encbench help ingest' (--format, --set ...)\n"
	"\n"
	"Example:\n"
	"  encbench overhead --metric bw runs/24.04\n",
	EB_OG_INPUT | EB_OG_OUTPUT | EB_OG_FILTERS | EB_OG_VERDICT, overhead_opts,
	1, "no INPUT to read", exec_overhead,
};

struct overhead_out {
	struct eb_overhead *rows;
	size_t *order, n;
	const struct eb_output *o;
	struct eb_caveat_list caveats;	/* of the rows' figures */
};

static enum eb_status
write_md(void *ctx, FILE *fp)
{
	struct overhead_out *w = ctx;

	eb_md_overhead(fp, w->rows, w->n, w->o->iec);
	eb_md_caveats(fp, &w->caveats);
	return ferror(fp) ? EB_ERR_IO : EB_OK;
}

/* Rows written apart, CSV_CHUNK to a text, the texts then in order. */
#define CSV_CHUNK 512

struct csv_texts {
	const struct overhead_out *w;
	char **text;
	size_t *len;
};

static void
csv_rows(FILE *fp, const struct overhead_out *w, size_t lo, size_t hi)
{
	for (size_t i = lo; i < hi; i++) {
		const struct eb_overhead *r = &w->rows[w->order[i]];
		const struct eb_cell cells[] = {
			EB_COUNT(r->g->s.n), EB_NUM(r->g->s.mean), EB_COUNT(r->base->s.n),
			EB_NUM(r->base->s.mean), EB_NUM(r->ratio), EB_NUM(r->ci_low),
			EB_NUM(r->ci_high), EB_NUM(r->overhead_pct),
			EB_NUM(eb_verdict_open_bound(&r->v, 0) < 0 ? NAN : r->v.lo),
			EB_NUM(eb_verdict_open_bound(&r->v, 0) > 0 ? NAN : r->v.hi), EB_TEXT(r->v.unbounded ? "true" : "false"),
			EB_NUM(r->v.p), EB_NUM(r->v.p_adj), EB_TEXT(eb_verdict_word(&r->v)),
		};

		eb_csv_row(fp, r->g->key, cells, sizeof cells / sizeof cells[0]);
	}
}

/* Says which cases of a mode have no baseline beside them (a config
 * measured without none, as a sheet's "(no AES-NI)" rows often are), so
 * that the table's silence about them is not read as "no overhead". */
static void
note_left_out(const struct eb_groups *gs, const struct overhead_out *w, const char *baseline)
{
	const char *configs[3] = { NULL };
	size_t missing = 0, nconfigs = 0, rows = 0, zeros = 0;
	char *zero = eb_xmalloc(gs->n + 1);

	eb_overhead_zero_means(gs, baseline, zero);

	for (size_t i = 0; i < gs->n; i++) {
		const char *mode = gs->g[i].key->f[EB_F_MODE], *config;

		if (*mode == '\0' || strcmp(mode, baseline) == 0)
			continue;
		while (rows < w->n && w->rows[rows].g < &gs->g[i])
			rows++;
		if (rows < w->n && w->rows[rows].g == &gs->g[i])
			continue;
		if (zero[i]) {
			zeros++;
			continue;
		}
		missing++;
		config = gs->g[i].key->f[EB_F_CONFIG];
		for (size_t c = 0; c < nconfigs && config != NULL; c++)
			if (strcmp(configs[c], config) == 0)
				config = NULL;
		if (config != NULL && nconfigs < 3)
			configs[nconfigs++] = config;
	}
	free(zero);
	if (zeros > 0)
		fprintf(stderr, "encbench: note: %zu case%s of a mode %s left out: %s or the mode "
		    "measured 0 in every run (a CPU %% of a read the cache served, say), which "
		    "gives no ratio\n", zeros, zeros == 1 ? "" : "s", zeros == 1 ? "is" : "are",
		    baseline);
	if (missing == 0)
		return;
	fprintf(stderr, "encbench: note: %zu case%s of a mode %s no %s to compare with in "
	    "%s release, host and config, and %s left out (config ", missing,
	    missing == 1 ? "" : "s", missing == 1 ? "has" : "have", baseline,
	    missing == 1 ? "its" : "their", missing == 1 ? "is" : "are");
	for (size_t c = 0; c < nconfigs; c++)
		fprintf(stderr, "%s%s", c == 0 ? "" : ", ", *configs[c] ? configs[c] :
		    "the unnamed config");
	fprintf(stderr, "%s)\n", nconfigs == 3 ? ", …" : "");
}

/* Chunks [lo, hi) into texts of their own. Each stream is this thread's
 * alone: without stdio's lock per character, which every stream takes
 * once a process has threads, the rows are written in half the time. */
static void
csv_chunks(void *ctx, size_t lo, size_t hi, int apart)
{
	struct csv_texts *ct = ctx;

	(void)apart;
	for (size_t c = lo; c < hi; c++) {
		size_t end = (c + 1) * CSV_CHUNK < ct->w->n ? (c + 1) * CSV_CHUNK : ct->w->n;
		FILE *mem = open_memstream(&ct->text[c], &ct->len[c]);

		if (mem == NULL) {
			ct->text[c] = NULL;
			continue;
		}
		__fsetlocking(mem, FSETLOCKING_BYCALLER);
		csv_rows(mem, ct->w, c * CSV_CHUNK, end);
		if (fclose(mem) != 0) {
			free(ct->text[c]);
			ct->text[c] = NULL;
		}
	}
}

static enum eb_status
write_csv(void *ctx, FILE *fp)
{
	struct overhead_out *w = ctx;
	size_t nchunks = (w->n + CSV_CHUNK - 1) / CSV_CHUNK;
	struct csv_texts ct = { w, eb_xcalloc(nchunks + 1, sizeof *ct.text),
	    eb_xcalloc(nchunks + 1, sizeof *ct.len) };

	eb_csv_header(fp, "n,mean,baseline_n,baseline_mean,ratio,ratio_ci_low,"
	    "ratio_ci_high,overhead_pct,overhead_ci_low_pct,overhead_ci_high_pct,unbounded,"
	    "p_raw,p_adjusted,verdict");
	eb_parallel_for(nchunks, 8, csv_chunks, &ct);
	/* A chunk that could not be kept apart is written here. */
	for (size_t c = 0; c < nchunks; c++) {
		if (ct.text[c] != NULL)
			fwrite(ct.text[c], 1, ct.len[c], fp);
		else
			csv_rows(fp, w, c * CSV_CHUNK,
			    (c + 1) * CSV_CHUNK < w->n ? (c + 1) * CSV_CHUNK : w->n);
		free(ct.text[c]);
	}
	free(ct.text);
	free(ct.len);
	return ferror(fp) ? EB_ERR_IO : EB_OK;
}

static enum eb_status
write_json(void *ctx, FILE *fp)
{
	struct overhead_out *w = ctx;

	eb_json_overhead(fp, w->rows, w->order, w->n);
	return ferror(fp) ? EB_ERR_IO : EB_OK;
}

/* The report's order of the rows (eb_record_report_cmp), as
 * eb_overhead_order sorts them: its two halves sorted apart, on two CPUs,
 * then merged, the first half's row first of two that compare equal, as a
 * stable sort of the whole puts them (no two rows do: they are groups of
 * different keys, and the order tells every field of a key apart but the
 * unit, which is its metric's). */
struct row_sort {
	const struct eb_overhead *rows;
	size_t *order, half, n;
};

static int
cmp_rows(const void *a, const void *b, void *ctx)
{
	const struct eb_overhead *r = ((const struct row_sort *)ctx)->rows;

	return eb_record_report_cmp(r[*(const size_t *)a].g->key, r[*(const size_t *)b].g->key);
}

static void
sort_halves(void *ctx, size_t lo, size_t hi, int apart)
{
	struct row_sort *rs = ctx;

	(void)apart;
	for (size_t h = lo; h < hi; h++)
		qsort_r(rs->order + (h ? rs->half : 0), h ? rs->n - rs->half : rs->half,
		    sizeof *rs->order, cmp_rows, rs);
}

static size_t *
report_order(const struct eb_overhead *rows, size_t n)
{
	struct row_sort rs = { rows, NULL, n / 2, n };
	size_t *merged, i, j, k = 0;

	if (n < 8192 || eb_cpu_count() < 2)
		return eb_overhead_order(rows, n);
	rs.order = eb_xmalloc(n * sizeof *rs.order);
	merged = eb_xmalloc(n * sizeof *merged);
	for (i = 0; i < n; i++)
		rs.order[i] = i;
	eb_parallel_for(2, 1, sort_halves, &rs);
	for (i = 0, j = rs.half; i < rs.half && j < n;)
		merged[k++] = cmp_rows(&rs.order[i], &rs.order[j], &rs) <= 0 ?
		    rs.order[i++] : rs.order[j++];
	while (i < rs.half)
		merged[k++] = rs.order[i++];
	while (j < n)
		merged[k++] = rs.order[j++];
	free(rs.order);
	return merged;
}

/* One results.csv, no option that changes its records: its groups read
 * straight from it (ingest/results_groups.c) when that gives what the
 * general load gives; -1 for the general load. */
static int
fast_load(const struct eb_args *a, struct eb_table **t, struct eb_groups **gs)
{
	struct eb_results_grouped rg;

	if (a->noperands != 1 || a->in.nsets != 0 || a->in.map != NULL || a->in.unit != NULL ||
	    a->in.verbose || (a->in.format != NULL && strcmp(a->in.format, "auto") != 0 &&
	    strcmp(a->in.format, "results") != 0))
		return -1;
	for (int f = 0; f < EB_NFIELDS; f++)
		if (a->filters.v[f] != NULL)
			return -1;
	if (!eb_results_read_grouped(a->operands[0], &rg))
		return -1;
	/* Its package says which of its tests were not timed. */
	{
		struct eb_diag diag;

		eb_diag_init_stderr(&diag);
		diag.quiet = a->in.quiet;
		eb_datapackage_read(a->operands[0], rg.keys, &diag, 0);
	}
	/* An output that is the input is refused by the general load. */
	for (int i = 0; i < 2; i++) {
		struct stat sb;

		if (a->in.outputs[i] != NULL && strcmp(a->in.outputs[i], "-") != 0 &&
		    stat(a->in.outputs[i], &sb) == 0 && eb_input_find(&sb) != NULL) {
			eb_results_grouped_free(&rg);
			return -1;
		}
	}
	*t = rg.keys;
	*gs = eb_groups_adopt(rg.keys, rg.values, rg.count);
	free(rg.count);
	return 0;
}

static int
exec_overhead(const struct eb_args *a)
{
	static const struct eb_writers writers = { write_md, write_csv, write_json };
	struct overhead_out w = { 0 };
	struct eb_table *t;
	struct eb_groups *gs;
	struct eb_verdict_opts vo;
	int rc;

	/* The baseline has no overhead of its own: showing it alone would
	 * show nothing. */
	if (a->filters.v[EB_F_MODE] != NULL && strcmp(a->filters.v[EB_F_MODE], a->baseline) == 0)
		return eb_cli_usage(a->cmd, "--mode '%s' is the baseline, which has no overhead "
		    "of its own; name an encrypted mode, or another --baseline", a->baseline);
	if (fast_load(a, &t, &gs) != 0) {
		if ((rc = eb_analysis_load(a, &t)) >= 0)
			return rc;
		gs = eb_aggregate(t);
		eb_groups_keys_only(gs, t);
	}
	eb_args_verdict_opts(a, &vo);
	/* The table is one family: Holm over its tests, per metric class. */
	w.rows = eb_overhead_compute_opts(gs, a->baseline, &vo, 1, &w.n);
	w.o = &a->out;
	if (w.n > 0 && !a->in.quiet)
		note_left_out(gs, &w, a->baseline);
	if (w.n == 0) {
		fprintf(stderr, "encbench: error: no record has a baseline to compare with: "
		    "overhead needs records of mode '%s' and of other modes with the same "
		    "release, config, test and metric%s\n", a->baseline,
		    strcmp(a->baseline, "none") == 0 ? " (name another with --baseline MODE)" : "");
		rc = EB_EXIT_DATA;
	} else {
		struct eb_caveats *c = eb_caveats_new(t);

		eb_caveats_use_groups(c, gs);
		w.order = report_order(w.rows, w.n);
		for (size_t i = 0; c != NULL && i < w.n; i++)
			eb_caveats_pair(c, w.rows[w.order[i]].g->key, w.rows[w.order[i]].base->key,
			    &w.caveats);
		eb_caveats_free(c);
		if (!a->in.quiet)
			eb_output_caveats_note(&a->out, &w.caveats);
		rc = eb_output_emit(&a->out, &writers, &w);
		eb_caveat_list_free(&w.caveats);
	}
	free(w.order);
	free(w.rows);
	eb_groups_free(gs);
	eb_table_free(t);
	return rc;
}
