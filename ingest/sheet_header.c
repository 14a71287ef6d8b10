/* sheet_header.c - the words of spreadsheet headers and labels: what a
 * column holds ("FIO Rand Read (MB/s)"), block sizes, run numbers, summaries. */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "sheet_words.h"

/* ---- what the words say */

static const char *const value_words[] = {
	"value", "values", "result", "results", "measurement", "measured",
	"score", "val", "mean", "average", "avg", "median", NULL,
};
/* Columns that are computed from measurements rather than measured:
 * encbench computes overheads and spreads itself. */
static const char *const derived_words[] = {
	"overhead", "ratio", "relative", "slowdown", "speedup", "vs", "versus",
	"diff", "difference", "delta", "change", "penalty", "normalized",
	"normalised", "loss", "gain", "cost", "factor", "stddev", "stdev",
	"std", "sd", "deviation", "sigma", "variance", "cv", "ci",
	"confidence", "error", "err", "baseline", "range", "iqr", "sem", "se",
	"stderr", "spread", "mad", "rsd", "uncertainty", "margin", "tolerance",
	"\xcf\x83", "\xc2\xb1", "\xce\x94", "\xe2\x88\x86", "\xce\xb4",
	"\xe2\x88\x93", NULL,
};
/* Figures that were never measured: what a test should reach (audit E11:
 * "DD Write theoretical (MB/s)" was read as a run). */
static const char *const reference_words[] = {
	"theoretical", "theory", "expected", "expectation", "target", "spec",
	"specs", "specification", "datasheet", "nominal", "rated", "advertised",
	"predicted", "estimated", "estimate", "goal", "sla", "limit", "ideal",
	"sollwert", "soll", "erwartet", "theoretisch", "attendu", "cible",
	"th\xc3\xa9orique", "esperado", "objetivo", "te\xc3\xb3rico", NULL,
};
/* Words of a summary of runs: the average, median or total of columns or
 * rows beside it ("Ø" and "∅" as German sheets write the mean). */
static const char *const summary_words[] = {
	"average", "avg", "mean", "median", "geomean", "geometric", "total",
	"sum", "overall", "typical", "mittelwert", "durchschnitt", "schnitt",
	"moyenne", "media", "promedio", "mediana", "gesamt", "summe",
	"\xc3\x98", "\xc3\xb8", "\xe2\x88\x85", NULL,
};
static const char *const filler_words[] = {
	"test", "tests", "the", "in", "of", "per", "second", "seconds", "sec",
	"s", "io", "i", "o", "direct", "buffered", "cached", "sync", "async",
	"odirect", "file", "files", "disk", "size", "bs", "job", "jobs", "run",
	"rep", "with", "on", "at", "to", "from", "for", "and", "total",
	"aggregate", "zfs", "dataset", "pool", "b", "bytes", "avg", "mean",
	"average", "th", "percentile", "bench", "benchmark", "results",
	"result", "value", "values", "measured", "speed", "nvme", "ssd", "hdd",
	NULL,
};
static const char *const rep_words[] = {
	"run", "rep", "repetition", "iteration", "iter", "r", "#", "pass",
	"trial", "attempt", "round", NULL,
};

struct tally {
	int known, unknown;
	int op, unit, tool, hint, value, derived, ubuntu, summary;
	int other_pct;		/* a percentile but the 99th: p95, p99.9, 50th */
	double bare_pct;	/* a number from 50 to 100 alone: "99.9", "99" */
	int median;
	int two_units;
	int reference;		/* an expected or target figure */
	char two_bs[48];	/* "4k and 64k": two block sizes named */
	char first_bs[20];
};

/* Words that give a number beside them another meaning than a run's:
 * "QD32", "iodepth=32", "T8", "8 jobs", "numjobs=4" name a test. */
static const char *const param_words[] = {
	"qd", "iodepth", "depth", "t", "thread", "threads", "numjobs", "jobs",
	"job", "j", "streams", "stream", "clients", "client", "procs",
	"processes", "files", "disks", "drives", "vdevs", "queue", NULL,
};

static void
set(struct eb_sheet_attrs *at, int field, const char *v)
{
	/* Two different words for one attribute ("read/write") say nothing. */
	if (at->f[field] != NULL && strcmp(at->f[field], v) != 0)
		v = "";
	at->f[field] = v;
}

static int64_t
size_suffix(const char *w)
{
	if (sheet_in(w, (const char *const[]){ "k", "kb", "kib", NULL }))
		return 1024;
	if (sheet_in(w, (const char *const[]){ "m", "mb", "mib", NULL }))
		return 1024 * 1024;
	if (sheet_in(w, (const char *const[]){ "g", "gb", "gib", NULL }))
		return 1024 * 1024 * 1024;
	return 0;
}

/* A header word that is a range or sum of runs ("r1-r2", "1..3", "1+2",
 * x\u0304): the column summarises the runs, where "r1-r2" was read as run 2
 * and the real runs renumbered (D9). */
static int
rep_range(const char *text)
{
	char tok[48];

	for (const char *s = text; *s != '\0';) {
		size_t n = 0;

		while (*s == ' ' || *s == '(' || *s == ')' || *s == '[' || *s == ']')
			s++;
		while (*s != '\0' && *s != ' ' && *s != '(' && *s != ')' && *s != '[' &&
		    *s != ']') {
			if (n + 1 < sizeof tok)
				tok[n++] = *s;
			s++;
		}
		tok[n] = '\0';
		if (n > 0 && strcasecmp(tok, "all") != 0 && eb_sheet_is_rep_summary(tok))
			return 1;
	}
	return 0;
}

static void
read_words(const struct words *ws, struct eb_sheet_attrs *at, struct tally *t)
{
	memset(t, 0, sizeof *t);
	if (ws->nunits > 0) {
		at->unit = ws->unit;
		t->unit = 1;
	}
	for (int i = 0; i < ws->n; i++) {
		const char *w = ws->v[i].w;
		long num = ws->v[i].num;
		int known = 1;

		if (num >= 0) {
			int64_t mul = i + 1 < ws->n ? size_suffix(ws->v[i + 1].w) : 0;

			/* Block sizes follow fio and dd: 4k is 4096 bytes. A size
			 * above 64 MiB is no block a dd or fio test uses but the
			 * amount it moved ("DD Write 2 GB", which was a 2 GiB block,
			 * D12), unless the header says it is one ("bs=1G", "1G
			 * blocks"): not read. */
			if (mul > 0 && num > 0 && num <= 1048576 &&
			    (num * mul <= 64 * 1048576 || eb_sheet_word_is(ws, i - 1, "bs") ||
			    eb_sheet_word_is(ws, i + 2, "block") || eb_sheet_word_is(ws, i + 2, "blocks"))) {
				/* "Rand Read 4k 64k" names two tests; the later
				 * one won (audit F2). */
				if (at->block_size != 0 && at->block_size != num * mul &&
				    t->two_bs[0] == '\0')
					snprintf(t->two_bs, sizeof t->two_bs, "%s and %ld%s",
					    t->first_bs, num, ws->v[i + 1].w);
				if (at->block_size == 0)
					snprintf(t->first_bs, sizeof t->first_bs, "%ld%s", num,
					    ws->v[i + 1].w);
				at->block_size = num * mul;
				i++;
			} else if (mul > 0 && num > 0) {
				i++;
			} else if (i > 0 && sheet_in(ws->v[i - 1].w, rep_words) && num >= 1 &&
			    num <= 1000000) {
				at->rep = (int)num;
			} else if (eb_sheet_word_is(ws, i - 1, "p") || eb_sheet_word_is(ws, i + 1, "th") ||
			    eb_sheet_word_is(ws, i + 1, "percentile") || eb_sheet_word_is(ws, i + 1, "pct")) {
				if (num == 99)
					at->stat = EB_ST_P99;
				else
					t->other_pct = 1;
				t->hint = 1;
			} else {
				/* "Read latency 99 (ms)": a whole number from 50 to
				 * 99 alone is a percentile too, as its "99.0" is. */
				if (num >= 50 && num < 100)
					t->bare_pct = (double)num;
				known = 0;
			}
		} else if (ws->v[i].frac) {
			/* "p99.9", "99.9th percentile"; fio's normal output
			 * spells the 99th "99.00th" (fio 3.x). */
			if (eb_sheet_word_is(ws, i - 1, "p") || eb_sheet_word_is(ws, i + 1, "th") || eb_sheet_word_is(ws, i + 1, "percentile")) {
				char *end;
				double x = strtod(w, &end);

				if (*end == '\0' && x == 99) {
					at->stat = EB_ST_P99;
					t->hint = 1;
				} else {
					t->other_pct = 1;
				}
			} else {
				double x = strtod(w, NULL);

				/* A latency's "99.990000" or "99.9" alone (fio's
				 * percentile lines copied) is one too, told by
				 * the unit below. */
				if (x >= 50 && x < 100)
					t->bare_pct = x;
				known = 0;
			}
		} else if (strcmp(w, "dd") == 0 || strcmp(w, "fio") == 0) {
			set(at, EB_F_TOOL, w[0] == 'd' ? "dd" : "fio");
			t->tool = 1;
		} else if (strcmp(w, "bonnie") == 0) {
			set(at, EB_F_TOOL, "bonnie");
			t->tool = 1;
		} else if (sheet_in(w, (const char *const[]){ "seq", "sequential", "sequentially",
		    "linear", "streaming", NULL })) {
			set(at, EB_F_WORKLOAD, "seq");
		} else if (sheet_in(w, (const char *const[]){ "rand", "random", "randomly", NULL })) {
			set(at, EB_F_WORKLOAD, "rand");
		} else if (sheet_in(w, (const char *const[]){ "randread", "randwrite", "seqread",
		    "seqwrite", NULL })) {
			set(at, EB_F_WORKLOAD, w[0] == 'r' ? "rand" : "seq");
			set(at, EB_F_OP, strstr(w, "read") ? "read" : "write");
			t->op = 1;
		} else if (sheet_in(w, (const char *const[]){ "mixed", "mix", NULL })) {
			set(at, EB_F_WORKLOAD, "mixed");
		} else if (strcmp(w, "block") == 0 || strcmp(w, "blk") == 0) {
			set(at, EB_F_WORKLOAD, "block");
		} else if (sheet_in(w, (const char *const[]){ "char", "chr", "perchar", "putc",
		    "getc", NULL })) {
			set(at, EB_F_WORKLOAD, "per-char");
		} else if (sheet_in(w, (const char *const[]){ "read", "reads", "reading", "rd", NULL })) {
			set(at, EB_F_OP, "read");
			t->op = 1;
		} else if (sheet_in(w, (const char *const[]){ "write", "writes", "writing", "wr", NULL })) {
			/* "re-write" splits in two. */
			set(at, EB_F_OP, eb_sheet_word_is(ws, i - 1, "re") ? "rewrite" : "write");
			t->op = 1;
		} else if (sheet_in(w, (const char *const[]){ "rewrite", "rewrites", NULL })) {
			set(at, EB_F_OP, "rewrite");
			t->op = 1;
		} else if (sheet_in(w, (const char *const[]){ "create", "creates", "creation", NULL })) {
			set(at, EB_F_OP, "create");
			t->op = 1;
		} else if (sheet_in(w, (const char *const[]){ "stat", "stats", NULL })) {
			set(at, EB_F_OP, "stat");
			t->op = 1;
		} else if (sheet_in(w, (const char *const[]){ "delete", "deletes", "del", "unlink", NULL })) {
			set(at, EB_F_OP, "delete");
			t->op = 1;
		} else if (sheet_in(w, (const char *const[]){ "seek", "seeks", NULL })) {
			set(at, EB_F_OP, "seek");
			t->op = 1;
		} else if ((strcmp(w, "r") == 0 || strcmp(w, "w") == 0) &&
		    !(i + 1 < ws->n && ws->v[i + 1].num >= 0)) {
			/* "Seq R", "Rand W": but "r1" is a run. */
			set(at, EB_F_OP, w[0] == 'r' ? "read" : "write");
			t->op = 1;
		} else if (strcmp(w, "re") == 0 && eb_sheet_word_is(ws, i + 1, "write")) {
			;
		} else if (sheet_in(w, (const char *const[]){ "throughput", "bandwidth", "bw",
		    "rate", "transfer", NULL })) {
			t->hint = 1;
		} else if (strcmp(w, "iops") == 0) {
			t->hint = 1;
		} else if (sheet_in(w, (const char *const[]){ "latency", "lat", "clat", "response",
		    "resp", NULL })) {
			t->hint = 1;
		} else if (sheet_in(w, (const char *const[]){ "max", "maximum", "peak", NULL })) {
			at->stat = EB_ST_MAX;
		} else if (sheet_in(w, (const char *const[]){ "min", "minimum", NULL })) {
			at->stat = EB_ST_MIN;
		} else if (strcmp(w, "p") == 0 && i + 1 < ws->n &&
		    (ws->v[i + 1].num >= 0 || ws->v[i + 1].frac)) {
			;
		} else if (sheet_in(w, (const char *const[]){ "cpu", "cp", "util", "utilization",
		    "utilisation", "usage", "load", NULL })) {
			at->cpu = 1;
			t->hint = 1;
		} else if (strcmp(w, "%") == 0) {
			/* "Latency 99% (ms)": two units, of which one is wrong. */
			if (ws->nunits > 0 && ws->unit.kind != EB_SK_PCT)
				t->two_units = 1;
			eb_sheet_unit_parse("%", 1, &at->unit);
			t->unit = 1;
		} else if (sheet_in(w, derived_words) || (strcmp(w, "s") == 0 &&
		    (eb_sheet_word_is(ws, i + 1, "d") || eb_sheet_word_is(ws, i + 1, "e")))) {
			/* "s.d." and "s.e.m." are cut into letters. */
			t->derived = 1;
		} else if (sheet_in(w, reference_words)) {
			t->reference = 1;
		} else if (strcmp(w, "ubuntu") == 0) {
			t->ubuntu = 1;
			known = 0;
		} else if (sheet_in(w, rep_words) || sheet_in(w, filler_words)) {
			;
		} else {
			known = 0;
		}
		if (sheet_in(w, value_words))
			t->value = 1;
		if (sheet_in(w, summary_words))
			t->summary = 1;
		if (strcmp(w, "median") == 0 || strcmp(w, "mediana") == 0)
			t->median = 1;
		if (known)
			t->known++;
		else
			t->unknown++;
	}
}

int
eb_sheet_words(const char *text, struct eb_sheet_attrs *at, int *unknown)
{
	struct words ws;
	struct tally t;

	eb_sheet_split(text, &ws);
	read_words(&ws, at, &t);
	*unknown = t.unknown;
	return t.known + t.unit;
}

int
eb_sheet_group_unread(const char *text)
{
	struct words ws, rest;
	struct eb_sheet_attrs at;
	struct tally t;

	/* "QD32", "numjobs=4", "8 jobs" name the test: read, as a shape's. */
	eb_sheet_split(text, &ws);
	rest = ws;
	rest.n = 0;
	for (int i = 0; i < ws.n; i++) {
		int param;

		/* "per thread", "per job": a share of the test's figure. */
		if (sheet_in(ws.v[i].w, (const char *const[]){ "per", "each", "pro", "par",
		    "por", NULL }) && i + 1 < ws.n && sheet_in(ws.v[i + 1].w, param_words))
			return 1;
		param = sheet_in(ws.v[i].w, param_words) ||
		    (ws.v[i].num >= 0 && ((i > 0 && sheet_in(ws.v[i - 1].w, param_words)) ||
		    (i + 1 < ws.n && sheet_in(ws.v[i + 1].w, param_words))));

		if (!param)
			rest.v[rest.n++] = ws.v[i];
	}
	memset(&at, 0, sizeof at);
	read_words(&rest, &at, &t);
	return t.unknown > 0;
}

void
eb_sheet_header_words(const char *text, char *words, char *shape, size_t n)
{
	struct words ws;
	size_t kw = 0, ks = 0;

	eb_sheet_split(text, &ws);
	words[0] = shape[0] = '\0';
	for (int i = 0; i < ws.n; i++) {
		const char *w = ws.v[i].w;
		/* A number is a run's ("Write 2", "r2") unless it names a test
		 * ("QD32", "T8", "8 jobs"). */
		int param = (ws.v[i].glued && i > 0 && !sheet_in(ws.v[i - 1].w, rep_words)) ||
		    (i > 0 && sheet_in(ws.v[i - 1].w, param_words)) ||
		    (i + 1 < ws.n && sheet_in(ws.v[i + 1].w, param_words)) ||
		    (i + 1 < ws.n && ws.v[i].num > 0 && size_suffix(ws.v[i + 1].w) > 0);
		const char *sw = ws.v[i].num >= 0 && !param ? "#" : w;

		if (kw < n)
			kw += (size_t)snprintf(words + kw, n - kw, "%s%s", kw > 0 ? " " : "", w);
		if (ks < n)
			ks += (size_t)snprintf(shape + ks, n - ks, "%s%s", ks > 0 ? " " : "", sw);
	}
}

/* ---- key columns */

static const struct keyname {
	const char *name;
	enum eb_sheet_key key;
} keynames[] = {
	{ "release", EB_SH_RELEASE }, { "version", EB_SH_RELEASE },
	{ "ubuntu", EB_SH_RELEASE }, { "ubuntu release", EB_SH_RELEASE },
	{ "ubuntu version", EB_SH_RELEASE }, { "os", EB_SH_RELEASE },
	{ "os release", EB_SH_RELEASE }, { "os version", EB_SH_RELEASE },
	{ "distro", EB_SH_RELEASE }, { "distribution", EB_SH_RELEASE },
	{ "rel", EB_SH_RELEASE }, { "zfs version", EB_SH_RELEASE },
	{ "config", EB_SH_CONFIG }, { "configuration", EB_SH_CONFIG },
	{ "setup", EB_SH_CONFIG }, { "variant", EB_SH_CONFIG },
	{ "settings", EB_SH_CONFIG }, { "cfg", EB_SH_CONFIG },
	{ "mode", EB_SH_MODE }, { "encryption", EB_SH_MODE },
	{ "cipher", EB_SH_MODE }, { "encryption mode", EB_SH_MODE },
	{ "algorithm", EB_SH_MODE }, { "crypto", EB_SH_MODE },
	{ "enc", EB_SH_MODE }, { "encryption type", EB_SH_MODE },
	{ "encryption method", EB_SH_MODE }, { "method", EB_SH_MODE },
	{ "tool", EB_SH_TOOL }, { "test", EB_SH_TOOL },
	{ "benchmark", EB_SH_TOOL }, { "bench", EB_SH_TOOL },
	{ "program", EB_SH_TOOL }, { "utility", EB_SH_TOOL },
	{ "job", EB_SH_JOB }, { "job name", EB_SH_JOB },
	{ "workload", EB_SH_WORKLOAD }, { "pattern", EB_SH_WORKLOAD },
	{ "access", EB_SH_WORKLOAD }, { "access pattern", EB_SH_WORKLOAD },
	{ "io pattern", EB_SH_WORKLOAD }, { "type", EB_SH_WORKLOAD },
	{ "op", EB_SH_OP }, { "operation", EB_SH_OP }, { "direction", EB_SH_OP },
	{ "rw", EB_SH_OP }, { "read write", EB_SH_OP }, { "r w", EB_SH_OP },
	{ "io type", EB_SH_OP }, { "dir", EB_SH_OP },
	{ "rep", EB_SH_REP }, { "run", EB_SH_REP }, { "iteration", EB_SH_REP },
	{ "repetition", EB_SH_REP }, { "iter", EB_SH_REP }, { "trial", EB_SH_REP },
	{ "pass", EB_SH_REP }, { "attempt", EB_SH_REP }, { "run no", EB_SH_REP },
	{ "run number", EB_SH_REP }, { "round", EB_SH_REP },
	{ "unit", EB_SH_UNIT }, { "units", EB_SH_UNIT },
	{ "metric", EB_SH_METRIC }, { "measure", EB_SH_METRIC },
	{ "quantity", EB_SH_METRIC },
	{ "host", EB_SH_HOST }, { "machine", EB_SH_HOST },
	{ "hostname", EB_SH_HOST }, { "system", EB_SH_HOST },
	{ "computer", EB_SH_HOST }, { "server", EB_SH_HOST }, { "node", EB_SH_HOST },
	{ "block size", EB_SH_BLOCK_SIZE }, { "bs", EB_SH_BLOCK_SIZE },
	{ "blocksize", EB_SH_BLOCK_SIZE }, { "block", EB_SH_BLOCK_SIZE },
	{ "record size", EB_SH_BLOCK_SIZE }, { "recordsize", EB_SH_BLOCK_SIZE },
	{ "value", EB_SH_VALUE }, { "values", EB_SH_VALUE },
	{ "result", EB_SH_VALUE }, { "measurement", EB_SH_VALUE },
	{ "measured", EB_SH_VALUE }, { "score", EB_SH_VALUE },
	{ "mean", EB_SH_VALUE }, { "average", EB_SH_VALUE },
	{ "avg", EB_SH_VALUE }, { "median", EB_SH_VALUE }, { "val", EB_SH_VALUE },
};

void
eb_sheet_header_parse(const char *text, struct eb_sheet_head *h)
{
	struct words ws;
	struct tally t;
	char key[128];
	size_t k = 0;

	memset(h, 0, sizeof *h);
	eb_sheet_split(text, &ws);
	/* The name of a key column is its words outside parentheses:
	 * "Run #", "Block size (KiB)", "Value (MB/s)". */
	for (int i = 0; i < ws.n; i++) {
		size_t l = strlen(ws.v[i].w);

		if (ws.v[i].paren || strcmp(ws.v[i].w, "#") == 0)
			continue;
		if (k + l + 2 >= sizeof key)
			break;
		if (k > 0)
			key[k++] = ' ';
		memcpy(key + k, ws.v[i].w, l);
		k += l;
	}
	key[k] = '\0';
	for (int i = 0; i < ws.n; i++)
		if (strcmp(ws.v[i].w, "ubuntu") == 0)
			h->ubuntu = 1;
	for (size_t i = 0; k > 0 && i < sizeof keynames / sizeof keynames[0]; i++) {
		if (strcmp(key, keynames[i].name) != 0)
			continue;
		h->key = keynames[i].key;
		h->summary = h->key == EB_SH_VALUE && sheet_in(key, summary_words);
		if (h->key == EB_SH_VALUE && ws.nunits > 0)
			h->at.unit = ws.unit;
		if (h->key == EB_SH_BLOCK_SIZE) {
			/* "(KiB)" scales bare numbers; "(sectors)", "(pages)"
			 * or "(4k)" are units of a size encbench cannot know,
			 * and read as bytes they were 4 B (outside audits G22,
			 * H11). */
			h->bs_scale = 1;
			for (int j = 0; j < ws.n && h->bs_scale > 0; j++) {
				int64_t m = size_suffix(ws.v[j].w);

				if (!ws.v[j].paren)
					continue;
				if (m == 0 && sheet_in(ws.v[j].w,
				    (const char *const[]){ "b", "byte", "bytes", NULL }))
					m = 1;
				if (m > 0) {
					h->bs_scale = m;
					snprintf(h->bs_unit, sizeof h->bs_unit, "%s", ws.v[j].w);
				} else {
					h->bs_scale = -1;
					snprintf(h->bs_unit, sizeof h->bs_unit, "%s", ws.v[j].w);
				}
			}
		}
		return;
	}
	read_words(&ws, &h->at, &t);
	/* "+/-" and "+-" are cut away with the signs. */
	if (strstr(text, "+/-") != NULL || strstr(text, "+-") != NULL)
		t.derived = 1;
	h->two_units = ws.unit_clash || t.two_units;
	snprintf(h->two_bs, sizeof h->two_bs, "%s", t.two_bs);
	if (t.reference && !h->two_units) {
		h->key = EB_SH_VALUE;
		h->derived = h->reference = 1;
		return;
	}
	/* A latency's median is its 50th percentile, of which encbench keeps
	 * no metric; a median of runs beside them is a summary. */
	h->other_pct = t.other_pct || (t.median && h->at.unit.kind == EB_SK_TIME);
	if (t.bare_pct > 0 && h->at.unit.kind == EB_SK_TIME) {
		if (t.bare_pct == 99)
			h->at.stat = EB_ST_P99;
		else
			h->other_pct = 1;
	}
	/* A percentage is CPU use ("%CPU", "CPU %") or a share of another
	 * figure ("Write % of none"), which encbench computes itself. */
	if (!h->two_units && (t.derived || (h->at.unit.kind == EB_SK_PCT && !h->at.cpu))) {
		h->key = EB_SH_VALUE;
		h->derived = 1;
		return;
	}
	if ((t.op || t.unit || t.tool || t.hint || t.value) &&
	    (t.unknown == 0 || t.op || t.unit))
		h->key = EB_SH_VALUE;
	h->summary = h->key == EB_SH_VALUE && (t.summary || rep_range(text));
	if (h->summary)
		h->at.rep = 0;
}

void
eb_sheet_attrs_merge(struct eb_sheet_attrs *dst, const struct eb_sheet_attrs *src)
{
	for (int i = 0; i < EB_NFIELDS; i++)
		if (src->f[i] != NULL && *src->f[i] != '\0')
			dst->f[i] = src->f[i];
	if (src->unit.kind != EB_SK_NONE)
		dst->unit = src->unit;
	if (src->block_size != 0)
		dst->block_size = src->block_size;
	if (src->rep != 0)
		dst->rep = src->rep;
	if (src->stat != EB_ST_NONE)
		dst->stat = src->stat;
	if (src->cpu)
		dst->cpu = 1;
}

const char *
eb_sheet_metric(const struct eb_sheet_attrs *at, const struct eb_sheet_unit *u)
{
	switch (u->kind) {
	case EB_SK_BW:
	case EB_SK_IOPS:
	case EB_SK_OPS:
		/* The best or worst of several runs is not a run. */
		if (at->stat == EB_ST_MAX || at->stat == EB_ST_MIN || at->stat == EB_ST_P99)
			return NULL;
		return u->kind == EB_SK_BW ? "bw" : u->kind == EB_SK_IOPS ? "iops" : "ops";
	case EB_SK_TIME:
		return at->stat == EB_ST_MAX ? "lat_max" : at->stat == EB_ST_MIN ?
		    "lat_min" : at->stat == EB_ST_P99 ? "lat_p99" : "lat_mean";
	case EB_SK_PCT:
		return "cpu";
	case EB_SK_POWER:
		return "power";
	case EB_SK_NONE:
		break;
	}
	return NULL;
}

const char *
eb_sheet_metric_name(const char *text, struct eb_table *t)
{
	char buf[64];
	struct words ws;

	eb_sheet_fold(text, buf, sizeof buf);
	if (buf[0] == '\0')
		return NULL;
	eb_sheet_split(buf, &ws);
	for (int i = 0; i < ws.n; i++) {
		const char *w = ws.v[i].w;

		if (sheet_in(w, (const char *const[]){ "throughput", "bandwidth", "bw", "speed", NULL }))
			return "bw";
		if (strcmp(w, "iops") == 0)
			return "iops";
		if (strcmp(w, "cpu") == 0)
			return "cpu";
		if (strcmp(w, "power") == 0 || strcmp(w, "watts") == 0)
			return "power";
		if (strcmp(w, "ops") == 0)
			return "ops";
	}
	if (strncmp(buf, "lat", 3) == 0 && strchr(buf, '_') == NULL) {
		if (strstr(buf, "99"))
			return "lat_p99";
		if (strstr(buf, "max"))
			return "lat_max";
		return "lat_mean";
	}
	for (char *c = buf; *c != '\0'; c++)
		if (*c == ' ')
			*c = '_';
	return eb_intern_cstr(t, buf);
}

int64_t
eb_sheet_block_size(const char *text, int64_t scale)
{
	size_t n = strlen(text), i = 0;
	int64_t v = 0, mul;
	char suf[8];
	size_t k = 0;

	text = eb_sheet_trim(text, &n);
	if (n > 3 && (strncmp(text, "bs=", 3) == 0 || strncmp(text, "BS=", 3) == 0)) {
		text += 3;
		n -= 3;
	}
	while (i < n && sheet_isdig((unsigned char)text[i])) {
		if (v > 1099511627776LL)
			return 0;
		v = v * 10 + (text[i++] - '0');
	}
	if (i == 0 || v == 0)
		return 0;
	while (i < n && text[i] == ' ')
		i++;
	for (; i < n; i++) {
		if (k + 1 >= sizeof suf)
			return 0;
		suf[k++] = (char)sheet_lower((unsigned char)text[i]);
	}
	suf[k] = '\0';
	if (k == 0)
		mul = scale > 0 ? scale : 1;
	else if (strcmp(suf, "b") == 0 || strcmp(suf, "bytes") == 0)
		mul = 1;
	else if ((mul = size_suffix(suf)) == 0)
		return 0;
	if (v > 1099511627776LL / mul)
		return 0;
	return v * mul;
}

int
eb_sheet_rep(const char *text)
{
	struct words ws;
	int i = 0;

	eb_sheet_split(text, &ws);
	if (ws.n == 2 && sheet_in(ws.v[0].w, rep_words))
		i = 1;
	if (ws.n != i + 1 || ws.v[i].num < 1 || ws.v[i].num > 1000000)
		return 0;
	return (int)ws.v[i].num;
}

/* Skips "run", "runs", "r", "#" and blanks before a run number. */
static const char *
rep_lead(const char *s)
{
	while (*s == ' ')
		s++;
	if (strncasecmp(s, "runs", 4) == 0)
		s += 4;
	else if (strncasecmp(s, "run", 3) == 0)
		s += 3;
	else if (*s == 'r' || *s == 'R' || *s == '#')
		s++;
	while (*s == ' ')
		s++;
	return s;
}

int
eb_sheet_is_rep_summary(const char *text)
{
	const char *s = text;
	int parts = 0;

	while (*s == ' ')
		s++;
	/* x with a combining macron, the mean sign. */
	if (strcmp(s, "x\xcc\x84") == 0 || strcasecmp(s, "all") == 0 ||
	    strcasecmp(s, "all runs") == 0)
		return 1;
	s = rep_lead(s);
	for (;;) {
		if (*s < '0' || *s > '9')
			return 0;
		while (*s >= '0' && *s <= '9')
			s++;
		parts++;
		while (*s == ' ')
			s++;
		if (*s == '\0')
			return parts >= 2;
		if (strncmp(s, "..", 2) == 0)
			s += 2;
		else if (strncmp(s, "\xe2\x80\x93", 3) == 0 ||
		    strncmp(s, "\xe2\x80\x94", 3) == 0)
			s += 3;
		else if (strchr("-+/&,", *s) != NULL)
			s++;
		else if (strncasecmp(s, "to ", 3) == 0 || strncasecmp(s, "and ", 4) == 0)
			s += *s == 't' || *s == 'T' ? 3 : 4;
		else
			return 0;
		s = rep_lead(s);
	}
}

int
eb_sheet_is_summary(const char *text)
{
	static const char *const names[] = {
		"average", "avg", "avg.", "mean", "median", "total", "sum", "min",
		"minimum", "max", "maximum", "stddev", "stdev", "std dev", "std",
		"std. dev.", "sd", "standard deviation", "overhead", "ratio",
		"geomean", "geometric mean", "variance", "cv", "best", "worst",
		"overall", "typical", "mittelwert", "durchschnitt", "moyenne",
		"media", "promedio", "mediana", "gesamt", "summe", "totals",
		"grand total", "\xc3\x98", "\xe2\x88\x85", "\xcf\x83", NULL,
	};
	char buf[32];

	eb_sheet_fold(text, buf, sizeof buf);
	if (buf[0] != '\0' && buf[strlen(buf) - 1] == ':')
		buf[strlen(buf) - 1] = '\0';
	return sheet_in(buf, names);
}

int
eb_sheet_is_derived(const char *text)
{
	/* Words that make a row a figure computed from other rows. A mode is
	 * never called so, but "baseline" may be one (the unencrypted run). */
	static const char *const words[] = {
		"overhead", "ratio", "relative", "slowdown", "speedup", "vs",
		"versus", "diff", "difference", "delta", "change", "penalty",
		"normalized", "normalised", "loss", "gain", "cost", "factor",
		"improvement", "regression", "degradation", "percent", "pct",
		"stddev", "stdev", "deviation", "variance", "sigma", "%",
		"\xce\x94", "\xe2\x88\x86", "\xc2\xb1", "range", "iqr", "sem", "spread",
		"stderr", "rsd", "\xe2\x88\x93", NULL,
	};
	struct words ws;

	eb_sheet_split(text, &ws);
	if (ws.nunits > 0 && ws.unit.kind == EB_SK_PCT)
		return 1;
	for (int i = 0; i < ws.n; i++)
		if (sheet_in(ws.v[i].w, words) ||
		    (strcmp(ws.v[i].w, "speed") == 0 && eb_sheet_word_is(&ws, i + 1, "up")))
			return 1;
	return 0;
}
