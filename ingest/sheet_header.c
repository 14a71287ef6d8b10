/* sheet_header.c - the words of spreadsheet headers: what a column holds
 * ("FIO Rand Read 4k QD32 (MB/s)"), its load, run and statistic, key names. */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "modes.h"
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
	"std", "sd", "deviation", "sigma", "variance", "var", "cv", "ci",
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
/* Words that say nothing of what a column measures. How it was measured
 * ("cached", "sync", "O_DIRECT") or summed ("total") are no filler: read
 * past, such columns pooled with plain ones (outside audits G14, H8). */
static const char *const filler_words[] = {
	"test", "tests", "the", "in", "of", "per", "second", "seconds", "sec",
	"s", "io", "i", "o", "file", "files", "disk", "size", "bs", "job", "jobs",
	"run", "rep", "with", "on", "at", "to", "from", "for", "and", "zfs",
	"dataset", "pool", "b", "bytes", "avg", "mean",
	"average", "th", "percentile", "bench", "benchmark", "results",
	"result", "value", "values", "measured", "speed",
	NULL,
};
/* The kinds of device a test ran on: "FIO Seq Write NVMe" and "FIO Seq
 * Write HDD" are two tests, in one sheet or two (audit 13 J2), so the
 * device is part of the job. */
static const char *const device_words[] = {
	"nvme", "ssd", "hdd", "sata", "sas", "usb", "ramdisk", "tmpfs", "zram", NULL,
};

struct tally {
	int known, unknown;
	int op, unit, tool, hint, value, derived, ubuntu, summary;
	int other_pct;		/* a percentile but the 99th: p95, p99.9, 50th */
	double bare_pct;	/* a number alone: "99.9", "99", "999" */
	int nbare;		/* how many, and whether two differ */
	int bare_two;
	int median;
	int two_units;
	int reference;		/* an expected or target figure */
	char two_bs[48];	/* "4k and 64k": two block sizes named */
	char first_bs[20];
	long depth, workers;	/* the load named: "QD32", "T8", or -1 */
	int64_t size;		/* the amount moved: "16G" in "Seq Write 16G", or 0 */
	char device[16];	/* the kind of device named: "nvme", or "" */
	int q_word, q_num;	/* the words of a depth named "Q32", or -1 */
	char count[40];		/* another count named: "files4" */
	char unread[48];	/* the first words it does not read */
	int latency;		/* it names a latency */
	int secs;		/* 1 + the word "(s)", "(sec)" in brackets */
};

/* The load a test ran with, which makes it another test: its queue depth
 * ("QD32", "iodepth=32", CrystalDiskMark's "Q32T1"), its workers ("T8",
 * "8 threads", "numjobs=4", "4 jobs") and counts of what it ran on ("4
 * files", "2 disks"). Pooled, QD1 and QD32 sheets made one test of two
 * (outside audit H8). */
static const char *const depth_words[] = { "qd", "iodepth", "depth", NULL };
static const char *const worker_words[] = {
	"thread", "threads", "numjobs", "jobs", "job", "procs", "proc",
	"processes", "process", "workers", "worker", NULL,
};
static const char *const count_words[] = {
	"files", "file", "disks", "disk", "drives", "drive", "vdevs", "vdev",
	"clients", "client", "streams", "stream", NULL,
};
/* After "per", the words that make a figure a share of the test's. */
static const char *const per_ok[] = {
	"second", "seconds", "sec", "s", "run", "rep", "test", "i", "io", "op",
	"operation", NULL,
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

/* Notes words a to b of ws, as written, as the first words not read. */
static void
unread(const struct words *ws, int a, int b, struct tally *t)
{
	int at = ws->v[a].at, end = ws->v[b].at + ws->v[b].len;

	if (t->unread[0] == '\0' && end > at &&
	    snprintf(t->unread, sizeof t->unread, "%.*s", end - at, ws->text + at) < 0)
		t->unread[0] = '\0';
}

/* Whether the chunk word i came from names a mode, configuration or
 * release, which a header may carry ("AES-256-GCM", "no-AES-NI"). */
static int
chunk_read(const struct words *ws, int i)
{
	char chunk[64], cfg[64];
	struct eb_mode_label m;

	if (ws->v[i].len <= 0 || (size_t)ws->v[i].len >= sizeof chunk)
		return 0;
	memcpy(chunk, ws->text + ws->v[i].at, (size_t)ws->v[i].len);
	chunk[ws->v[i].len] = '\0';
	return eb_mode_read(chunk, &m) != EB_MODE_UNKNOWN ||
	    eb_config_canonical(chunk, cfg, sizeof cfg) || eb_sheet_is_release(chunk);
}

/* Whether the number at word i is part of a name: a mode's chunk
 * ("AES-256-GCM") or a release after its name ("Ubuntu 24.04"). */
static int
number_named(const struct words *ws, int i)
{
	char span[64], chunk[64];
	struct eb_mode_label m;
	int a, end = ws->v[i].at + ws->v[i].len;

	if (ws->v[i].len <= 0 || (size_t)ws->v[i].len >= sizeof chunk)
		return 0;
	memcpy(chunk, ws->text + ws->v[i].at, (size_t)ws->v[i].len);
	chunk[ws->v[i].len] = '\0';
	if (eb_mode_read(chunk, &m) != EB_MODE_UNKNOWN)
		return 1;
	if (i == 0 || ws->v[i - 1].num >= 0 || ws->v[i - 1].frac)
		return 0;
	a = ws->v[i - 1].at;
	if (end - a <= 0 || (size_t)(end - a) >= sizeof span)
		return 0;
	memcpy(span, ws->text + a, (size_t)(end - a));
	span[end - a] = '\0';
	return eb_sheet_is_release(span);
}

/* Word w with the number num beside it (before it when after is 0) as a
 * load; returns whether it is one. "Q", "T" and "J" count only glued to
 * their number, and "job 2" is no load (it may be a job's number). */
static int
load(const struct words *ws, int wi, int ni, int after, struct tally *t)
{
	const char *w = ws->v[wi].w;
	long num = ws->v[ni].num;
	long *slot = NULL;
	char c[sizeof t->count];

	if (num < 0)
		return 0;
	c[0] = '\0';
	if (sheet_in(w, depth_words) || (!after && ws->v[ni].glued && strcmp(w, "q") == 0)) {
		slot = &t->depth;
		if (strcmp(w, "q") == 0) {
			t->q_word = wi;
			t->q_num = ni;
		}
	}
	else if ((sheet_in(w, worker_words) && (after || strcmp(w, "job") != 0)) ||
	    (!after && ws->v[ni].glued && (strcmp(w, "t") == 0 || strcmp(w, "j") == 0)))
		slot = &t->workers;
	else if (after && sheet_in(w, count_words) &&
	    snprintf(c, sizeof c, "%s%s%ld", w, w[strlen(w) - 1] == 's' ? "" : "s", num) > 0)
		;
	else
		return 0;
	/* "QD1 QD32": two loads, of which one would silently win. */
	if ((slot != NULL && *slot >= 0 && *slot != num) ||
	    (c[0] != '\0' && t->count[0] != '\0' && strcmp(c, t->count) != 0))
		unread(ws, wi < ni ? wi : ni, wi < ni ? ni : wi, t);
	if (slot != NULL)
		*slot = num;
	else
		memcpy(t->count, c, sizeof t->count);
	return 1;
}

/* A number alone in a header, a percentile if the header is a latency's. */
static void
bare(struct tally *t, double x)
{
	if (t->nbare++ > 0 && x != t->bare_pct)
		t->bare_two = 1;
	t->bare_pct = x;
}

static void
read_words(const struct words *ws, struct eb_sheet_attrs *at, struct tally *t)
{
	memset(t, 0, sizeof *t);
	t->depth = t->workers = -1;
	t->size = 0;
	t->q_word = t->q_num = -1;
	if (ws->nunits > 0) {
		at->unit = ws->unit;
		t->unit = 1;
	}
	for (int i = 0; i < ws->n; i++) {
		const char *w = ws->v[i].w;
		long num = ws->v[i].num;
		int known = 1;

		if (num >= 0 && i + 1 < ws->n && load(ws, i + 1, i, 1, t)) {
			i++;
		} else if (i + 1 < ws->n && ws->v[i + 1].num >= 0 && load(ws, i, i + 1, 0, t)) {
			i++;
		} else if (strcmp(w, "queue") == 0 && eb_sheet_word_is(ws, i + 1, "depth")) {
			;
		} else if (num >= 0) {
			int64_t mul = i + 1 < ws->n ? eb_sheet_size_suffix(ws->v[i + 1].w) : 0;

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
				/* "Seq Write 16G" against "Seq Write 1G" are two
				 * tests: the size is part of the job, as a load is
				 * (audit 13 J1); two sizes in one header are two
				 * tests in one column. */
				if (t->size != 0 && t->size != num * mul)
					unread(ws, i, i + 1, t);
				t->size = num * mul;
				i++;
			} else if (i > 0 && sheet_in(ws->v[i - 1].w, eb_sheet_rep_words) && num >= 1 &&
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
				/* "Read latency 99 (ms)": a number alone is a
				 * percentile too, as its "99.0" is, when the unit
				 * says it is a latency; "999" and "5" were read as
				 * the mean (outside audit 11, C4). */
				if (!number_named(ws, i))
					bare(t, (double)num);
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
				/* A latency's "99.990000" or "99.9" alone (fio's
				 * percentile lines copied) is one too, told by
				 * the unit below; "24.04" names a release. */
				if (!number_named(ws, i))
					bare(t, strtod(w, NULL));
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
			at->named = EB_SK_IOPS;
		} else if (sheet_in(w, (const char *const[]){ "latency", "lat", "clat", "response",
		    "resp", NULL })) {
			t->hint = t->latency = 1;
			at->named = EB_SK_TIME;
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
			at->named = EB_SK_PCT;
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
		} else if (sheet_in(w, device_words)) {
			if (t->device[0] != '\0' && strcmp(t->device, w) != 0)
				unread(ws, i, i, t);
			snprintf(t->device, sizeof t->device, "%s", w);
		} else if (sheet_in(w, eb_sheet_rep_words) || sheet_in(w, filler_words)) {
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
		if (ws->v[i].paren && t->secs == 0 && sheet_in(w, (const char *const[]){ "s",
		    "sec", "secs", "second", "seconds", NULL }))
			t->secs = i + 1;
		/* "best of 3", "avg of 5": a figure of several runs; "per
		 * thread", "per core": a share of the test's. */
		if (strcmp(w, "of") == 0 && i > 0 && ws->v[i - 1].num < 0 && i + 1 < ws->n &&
		    ws->v[i + 1].num >= 0 && !ws->v[i].paren)
			unread(ws, i - 1, i + 1, t);
		if (strcmp(w, "per") == 0 && i + 1 < ws->n && !sheet_in(ws->v[i + 1].w, per_ok) &&
		    !ws->v[i].paren)
			unread(ws, i, i + 1, t);
		if (!known && num < 0 && !ws->v[i].frac && !ws->v[i].paren &&
		    strcmp(w, "ubuntu") != 0 && !chunk_read(ws, i))
			unread(ws, i, eb_sheet_word_is(ws, i + 1, "of") && i + 2 < ws->n &&
			    ws->v[i + 2].num >= 0 ? i + 2 : i, t);
		if (known)
			t->known++;
		else
			t->unknown++;
	}
	/* "Read latency (s)": seconds, a unit of latencies only; elsewhere
	 * ("DD Write (s)", a run's time) it is no figure encbench keeps. */
	if (t->secs > 0 && ws->nunits == 0) {
		if (t->latency && eb_sheet_unit_parse("ms", 2, &at->unit)) {
			at->unit.exp10 = 9;
			t->unit = 1;
		} else {
			unread(ws, t->secs - 1, t->secs - 1, t);
		}
	}
	/* CrystalDiskMark's "Q32T1" names a queue depth, and its latencies
	 * carry one too, but "Q99" alone in a latency's header is as likely
	 * its 99th percentile (a quantile): read as either it could be a
	 * wrong number, so a Q of a percentile's number there is refused. */
	at->q_quantile = t->q_word >= 0 && t->workers < 0 && (t->depth == 50 || t->depth == 90 ||
	    t->depth == 95 || t->depth == 99 || t->depth == 999 || t->depth == 9999);
	if (at->q_quantile && (t->latency || at->unit.kind == EB_SK_TIME ||
	    at->named == EB_SK_TIME)) {
		unread(ws, t->q_word < t->q_num ? t->q_word : t->q_num,
		    t->q_word < t->q_num ? t->q_num : t->q_word, t);
		t->depth = -1;
	}
	if (t->depth >= 0 || t->workers >= 0 || t->count[0] != '\0' || t->size != 0 ||
	    t->device[0] != '\0') {
		size_t k = 0;

		at->load[0] = '\0';
		if (t->depth >= 0)
			k += (size_t)snprintf(at->load + k, sizeof at->load - k, "qd%ld", t->depth);
		if (t->workers >= 0 && k < sizeof at->load)
			k += (size_t)snprintf(at->load + k, sizeof at->load - k, "%st%ld",
			    k > 0 ? "-" : "", t->workers);
		if (t->count[0] != '\0' && k + 1 + strlen(t->count) < sizeof at->load) {
			if (k > 0)
				at->load[k++] = '-';
			memcpy(at->load + k, t->count, strlen(t->count) + 1);
			k += strlen(t->count);
		}
		if (t->size != 0 && k + 1 < sizeof at->load) {
			if (k > 0)
				at->load[k++] = '-';
			eb_sheet_size_name(t->size, at->load + k, sizeof at->load - k);
			k = strlen(at->load);
		}
		if (t->device[0] != '\0' && k + 1 + strlen(t->device) < sizeof at->load)
			snprintf(at->load + k, sizeof at->load - k, "%s%s", k > 0 ? "-" : "",
			    t->device);
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

void
eb_sheet_words_unread(const char *text, char *buf, size_t n)
{
	struct words ws;
	struct eb_sheet_attrs at;
	struct tally t;

	eb_sheet_split(text, &ws);
	memset(&at, 0, sizeof at);
	read_words(&ws, &at, &t);
	if (snprintf(buf, n, "%s", t.unread) < 0)
		buf[0] = '\0';
	if (buf[0] == '\0')
		eb_sheet_unread_sign(text, buf, n);
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
		int param = (ws.v[i].glued && i > 0 && !sheet_in(ws.v[i - 1].w, eb_sheet_rep_words)) ||
		    (i > 0 && sheet_in(ws.v[i - 1].w, param_words)) ||
		    (i + 1 < ws.n && sheet_in(ws.v[i + 1].w, param_words)) ||
		    (i + 1 < ws.n && ws.v[i].num > 0 && eb_sheet_size_suffix(ws.v[i + 1].w) > 0);
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
	{ "qd", EB_SH_LOAD }, { "queue depth", EB_SH_LOAD }, { "iodepth", EB_SH_LOAD },
	{ "io depth", EB_SH_LOAD }, { "depth", EB_SH_LOAD },
	{ "threads", EB_SH_LOAD }, { "thread", EB_SH_LOAD }, { "numjobs", EB_SH_LOAD },
	{ "jobs", EB_SH_LOAD }, { "workers", EB_SH_LOAD }, { "num jobs", EB_SH_LOAD },
	{ "size", EB_SH_LOAD }, { "file size", EB_SH_LOAD }, { "test size", EB_SH_LOAD },
	{ "filesize", EB_SH_LOAD }, { "io size", EB_SH_LOAD }, { "data size", EB_SH_LOAD },
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
	eb_sheet_bracket_config(text, h->config, sizeof h->config);
	eb_sheet_bracket_release(text, h->release, sizeof h->release);
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
	/* "Write Ubuntu 22.04 (MB/s)": a system's name and version outside
	 * brackets name the column's release too (audit 21 G06). */
	for (int i = 0; h->release[0] == '\0' && i + 1 < ws.n; i++) {
		char rel[64];

		if (ws.v[i].paren || ws.v[i + 1].paren ||
		    (strcmp(ws.v[i].w, "ubuntu") != 0 && strcmp(ws.v[i].w, "debian") != 0 &&
		    strcmp(ws.v[i].w, "freebsd") != 0) || ws.v[i + 1].w[0] < '0' ||
		    ws.v[i + 1].w[0] > '9')
			continue;
		snprintf(rel, sizeof rel, "%s %s", ws.v[i].w, ws.v[i + 1].w);
		if (eb_sheet_is_release(rel))
			eb_sheet_release(rel, 0, h->release, sizeof h->release);
	}
	for (size_t i = 0; k > 0 && i < sizeof keynames / sizeof keynames[0]; i++) {
		if (strcmp(key, keynames[i].name) != 0)
			continue;
		h->key = keynames[i].key;
		h->summary = h->key == EB_SH_VALUE && sheet_in(key, summary_words);
		if (h->key == EB_SH_VALUE && ws.nunits > 0)
			h->at.unit = ws.unit;
		/* A load column makes the job as a header's load does:
		 * QD 1 and QD 32 are two tests, never runs 1 and 2 of one
		 * (audit 13 J9). */
		if (h->key == EB_SH_LOAD)
			snprintf(h->load_prefix, sizeof h->load_prefix, "%s",
			    strcmp(key, "size") == 0 ? "size?" : strstr(key, "size") != NULL ?
			    "size" : strstr(key, "depth") != NULL || strcmp(key, "qd") == 0 ? "qd" : "t");
		if (h->key == EB_SH_BLOCK_SIZE) {
			/* "(KiB)" scales bare numbers; "(sectors)", "(pages)"
			 * or "(4k)" are units of a size encbench cannot know,
			 * and read as bytes they were 4 B (outside audits G22,
			 * H11). */
			h->bs_scale = 1;
			for (int j = 0; j < ws.n && h->bs_scale > 0; j++) {
				int64_t m = eb_sheet_size_suffix(ws.v[j].w);

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
	memcpy(h->unread, t.unread, sizeof h->unread);
	if (h->unread[0] == '\0')
		eb_sheet_unread_sign(text, h->unread, sizeof h->unread);
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
	if (t.nbare > 0 && h->at.unit.kind == EB_SK_TIME) {
		if (t.bare_pct == 99 && !t.bare_two)
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
