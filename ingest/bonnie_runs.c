/* bonnie_runs.c - what both bonnie++ parsers do with the runs they read: a
 * table paired with the CSV line of the same run, then records and notes. */
#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "bonnie.h"

/* How many runs either side of a CSV line may be its table. */
#define PAIR_WINDOW 16

static const char *const workloads[EB_BONNIE_NTESTS] = {
	"per-char", "block", "block", "per-char", "block", "rand",
	"files-seq", "files-seq", "files-seq", "files-rand", "files-rand", "files-rand",
};

static const char *const ops[EB_BONNIE_NTESTS] = {
	"write", "write", "rewrite", "read", "read", "seek",
	"create", "stat", "delete", "create", "stat", "delete",
};

static const char *const test_names[EB_BONNIE_NTESTS] = {
	"per-char write", "block write", "rewrite", "per-char read", "block read",
	"seeks", "sequential create", "sequential stat", "sequential delete",
	"random create", "random stat", "random delete",
};

/* ---- pairing */

static int
name_compatible(const char *a, const char *b)
{
	size_t la, lb;

	if (a == NULL || b == NULL)
		return 1;
	la = strlen(a);
	lb = strlen(b);
	/* Tables truncate the name to fit the label column. */
	return strncmp(a, b, la < lb ? la : lb) == 0;
}

static int
cell_agrees(const struct eb_bonnie_cell *t, const struct eb_bonnie_cell *c)
{
	if (t->st == EB_BONNIE_GARBAGE)
		return 1;
	if (t->st != c->st)
		return 0;
	if (t->st != EB_BONNIE_VALUE)
		return 1;
	return fabs(t->v - c->v) <= t->tol + 1e-9 * fabs(c->v);
}

/* Whether table t and CSV line c can be one run: every figure the table
 * shows agrees with the exact one, within the table's rounding. */
static int
same_run(const struct eb_bonnie_run *t, const struct eb_bonnie_run *c)
{
	if (!name_compatible(t->name, c->name))
		return 0;
	if (t->version[0] != '\0' && c->version[0] != '\0' &&
	    strcmp(t->version, c->version) != 0)
		return 0;
	if (t->has_io) {
		if (!c->has_io)
			return 0;
		if (t->size[0] != '\0' && c->size[0] != '\0' && strcmp(t->size, c->size) != 0)
			return 0;
	}
	if (t->has_files && !c->has_files)
		return 0;
	for (int i = 0; i < EB_BONNIE_NTESTS; i++) {
		int io = i < EB_BONNIE_NIO;

		if (io ? !t->has_io : !t->has_files)
			continue;
		if (!cell_agrees(&t->rate[i], &c->rate[i]) || !cell_agrees(&t->cpu[i], &c->cpu[i]))
			return 0;
		if ((io ? t->has_io_lat && c->has_io_lat : t->has_file_lat && c->has_file_lat) &&
		    !cell_agrees(&t->lat[i], &c->lat[i]))
			return 0;
	}
	return 1;
}

static void
pair(struct eb_bonnie *b)
{
	for (size_t i = 0; i < b->nruns; i++) {
		struct eb_bonnie_run *c = &b->runs[i], *t = NULL;

		if (!c->csv)
			continue;
		/* The table comes before its CSV line on stdout; with -q the
		 * table goes to stderr, so after it is possible in a 2>&1 log. */
		for (size_t k = 1; k <= PAIR_WINDOW && k <= i && t == NULL; k++) {
			struct eb_bonnie_run *x = &b->runs[i - k];

			if (!x->csv && !x->paired && same_run(x, c))
				t = x;
		}
		for (size_t k = 1; k <= PAIR_WINDOW && i + k < b->nruns && t == NULL; k++) {
			struct eb_bonnie_run *x = &b->runs[i + k];

			if (!x->csv && !x->paired && same_run(x, c))
				t = x;
		}
		if (t == NULL)
			continue;
		t->paired = 1;
		/* 1.03e leaves the CSV name empty when it is long; the table
		 * still shows it. */
		if (c->name == NULL && t->name != NULL)
			c->name = eb_xstrdup(t->name);
		if (c->chunk == 0 && c->has_io)
			c->chunk = t->chunk;
		c->chunk_unknown = 0;
	}
}

/* ---- records */

struct emit {
	struct eb_buf fast;	/* "line N: test, test; ..." */
	long fast_line, fast_last;
	int fast_full;
	struct eb_buf garbage;
	long garbage_first;
	long rounded_first;
	char garbage_version[16];
};

static void
add(struct eb_parse *p, const struct eb_bonnie_run *r, int test,
    const char *metric, const char *unit, double v, long line)
{
	struct eb_record rec;

	if (!isfinite(v) || v < 0)
		return;
	eb_parse_record(p, &rec, "bonnie", metric, unit, line);
	rec.f[EB_F_JOB] = eb_intern_cstr(p->t, "bonnie");
	rec.f[EB_F_HOST] = eb_intern_cstr(p->t, r->name != NULL ? r->name : "");
	rec.f[EB_F_WORKLOAD] = eb_intern_cstr(p->t, workloads[test]);
	rec.f[EB_F_OP] = eb_intern_cstr(p->t, ops[test]);
	rec.block_size = test < EB_BONNIE_NIO ? r->chunk : 0;
	rec.value = v;
	eb_table_add(p->t, &rec);
}

static void
note_fast(struct emit *e, int test, long line)
{
	if (e->fast_full)
		return;
	if (e->fast.len > 380) {
		eb_buf_addf(&e->fast, "; ...");
		e->fast_full = 1;
		return;
	}
	if (e->fast_line == 0)
		e->fast_line = line;
	if (line == e->fast_last)
		eb_buf_addf(&e->fast, ", %s", test_names[test]);
	else
		eb_buf_addf(&e->fast, "%sline %ld: %s", e->fast.len > 0 ? "; " : "",
		    line, test_names[test]);
	e->fast_last = line;
}

int
eb_bonnie_untimed_key(const struct eb_record *k)
{
	for (int i = 0; i < EB_BONNIE_NTESTS; i++) {
		int io = i < EB_BONNIE_SEEKS;

		int cpu = strcmp(k->f[EB_F_METRIC], "cpu") == 0;

		if (strcmp(k->f[EB_F_WORKLOAD], workloads[i]) == 0 &&
		    strcmp(k->f[EB_F_OP], ops[i]) == 0)
			return strcmp(k->f[EB_F_TOOL], "bonnie") == 0 &&
			    (cpu || strcmp(k->f[EB_F_METRIC], io ? "bw" : "ops") == 0) &&
			    strcmp(k->f[EB_F_UNIT], cpu ? EB_UNIT_PCT : io ? EB_UNIT_BPS :
			    EB_UNIT_PER_S) == 0 && (i < EB_BONNIE_NIO || k->block_size == 0);
	}
	return 0;
}

/* The record a test would have had, had it been timed. */
static void
untimed(struct eb_parse *p, const struct eb_bonnie_run *r, int test, int cpu, long line,
    struct eb_record *rec)
{
	int io = test < EB_BONNIE_SEEKS;

	eb_parse_record(p, rec, "bonnie", cpu ? "cpu" : io ? "bw" : "ops", cpu ? EB_UNIT_PCT :
	    io ? EB_UNIT_BPS : EB_UNIT_PER_S, line);
	rec->f[EB_F_JOB] = eb_intern_cstr(p->t, "bonnie");
	rec->f[EB_F_HOST] = eb_intern_cstr(p->t, r->name != NULL ? r->name : "");
	rec->f[EB_F_WORKLOAD] = eb_intern_cstr(p->t, workloads[test]);
	rec->f[EB_F_OP] = eb_intern_cstr(p->t, ops[test]);
	rec->block_size = test < EB_BONNIE_NIO ? r->chunk : 0;
}

static void
emit_run(struct eb_parse *p, struct emit *e, const struct eb_bonnie_run *r)
{
	int garbage = 0, fast[EB_BONNIE_NTESTS], nfast = 0;
	long fast_at[EB_BONNIE_NTESTS];
	size_t first = p->t->n;

	for (int i = 0; i < EB_BONNIE_NTESTS; i++) {
		int io = i < EB_BONNIE_NIO;
		long rl = r->csv ? r->line : io ? r->io_line : r->file_line;
		long ll = r->csv ? r->line : io ? r->io_lat_line : r->file_lat_line;
		const struct eb_bonnie_cell *c = &r->rate[i];

		if (c->st == EB_BONNIE_VALUE) {
			/* K/sec is KiB/s in every version. */
			if (i < EB_BONNIE_SEEKS)
				add(p, r, i, "bw", EB_UNIT_BPS, c->v * 1024, rl);
			else
				add(p, r, i, "ops", EB_UNIT_PER_S, c->v, rl);
			if (!r->csv && r->kmg && i < EB_BONNIE_SEEKS && e->rounded_first == 0)
				e->rounded_first = rl;
		} else if (c->st == EB_BONNIE_FAST) {
			note_fast(e, i, rl);
			fast_at[nfast] = rl;
			fast[nfast++] = i;
		} else if (c->st == EB_BONNIE_GARBAGE) {
			garbage = 1;
		}
		if (r->cpu[i].st == EB_BONNIE_VALUE)
			add(p, r, i, "cpu", EB_UNIT_PCT, r->cpu[i].v, rl);
		if (r->lat[i].st == EB_BONNIE_VALUE)
			add(p, r, i, "lat_max", EB_UNIT_NS, r->lat[i].v, ll);
	}
	/* A run with no record at all is no run of the data, and its
	 * untimed tests qualify nothing. */
	for (int k = 0; k < nfast && p->t->n > first; k++) {
		struct eb_record rec;

		untimed(p, r, fast[k], 0, fast_at[k], &rec);
		eb_table_add_untimed(p->t, &rec, first);
		/* Its %CP is "+++" then: that run has no CPU figure either. */
		if (r->cpu[fast[k]].st != EB_BONNIE_VALUE) {
			untimed(p, r, fast[k], 1, fast_at[k], &rec);
			eb_table_add_untimed(p->t, &rec, first);
		}
	}
	if (garbage && e->garbage.len < 200) {
		if (e->garbage_first == 0) {
			e->garbage_first = r->file_line;
			snprintf(e->garbage_version, sizeof e->garbage_version, "%s",
			    r->version[0] != '\0' ? r->version : ">= 1.98");
		}
		eb_buf_addf(&e->garbage, "%s%ld", e->garbage.len > 0 ? ", " : "",
		    r->file_line);
	}
}

/* ---- one run read twice */

static void
add_cell(struct eb_buf *id, const struct eb_bonnie_cell *c, int *measured)
{
	eb_buf_addf(id, "%d:%.17g,", (int)c->st, c->st == EB_BONNIE_VALUE ? c->v : 0.0);
	if (c->st == EB_BONNIE_VALUE)
		(*measured)++;
}

/* A run as eb_parse_run_like keeps it: the run with its name inside. */
struct like {
	struct eb_bonnie_run r;	/* r.name unused */
	char name[128];
};

/* Whether two runs met in two inputs are one run's text table and CSV
 * line, as bonnie++ -q >out.csv 2>out.txt writes them (pair() does it
 * within one input). Two tables or two CSV lines are compared by their
 * figures exactly (note_run). */
static int
same_like(const void *seen, const void *now)
{
	struct like a = *(const struct like *)seen, b = *(const struct like *)now;

	if (a.r.csv == b.r.csv)
		return 0;
	a.r.name = a.name[0] != '\0' ? a.name : NULL;
	b.r.name = b.name[0] != '\0' ? b.name : NULL;
	return a.r.csv ? same_run(&b.r, &a.r) : same_run(&a.r, &b.r);
}

/* Notes r (runs.c), so that one run read twice, under another name, with
 * other line ends or twice in one file (bonnie++ >> log of one run, a log
 * copied into itself), fails where it is met again. A run is all it
 * printed, parsed: its name, size, chunk, version and every figure, and
 * from 1.96 on the seed, which bonnie++ draws once per process from its
 * pid and the time, so that a repeated CSV line is a copy for certain
 * (the runs of one -x share a seed, but not their latencies). Without a
 * seed (1.0x, the "2" format, text tables) four measured figures alike
 * to the printed digit are no coincidence either; fewer (a run whose
 * tests were nearly all too fast to measure) may be, and are only told. */
static void
note_run(struct eb_parse *p, const struct eb_bonnie_run *r)
{
	struct eb_buf id, what;
	int measured = 0;

	eb_buf_init(&id, 0);
	eb_buf_init(&what, 0);
	eb_buf_addf(&id, "bonnie%c%d%c%s%c%s%c%s%c%lld%c%s%c%d%d%d%d%c", 0, r->csv, 0,
	    r->version, 0, r->name != NULL ? r->name : "", 0, r->size, 0,
	    /* A CSV line's chunk may come from its table (pair()). */
	    r->csv ? -1LL : (long long)r->chunk, 0,
	    r->seed, 0, r->has_io, r->has_files, r->has_io_lat, r->has_file_lat, 0);
	for (int i = 0; i < EB_BONNIE_NTESTS; i++) {
		add_cell(&id, &r->rate[i], &measured);
		add_cell(&id, &r->cpu[i], &measured);
		add_cell(&id, &r->lat[i], &measured);
	}
	eb_buf_addf(&what, "bonnie++ run '%s'", r->name != NULL ? r->name : "");
	if (r->seed[0] != '\0')
		eb_buf_addf(&what, " of seed %s", r->seed);
	else
		eb_buf_addf(&what, " (a %s with the same %d figures)", r->csv ? "CSV line" :
		    "text table", measured);
	if (r->seed[0] != '\0' || measured >= 4)
		eb_parse_run(p, id.data, id.len, r->line, eb_buf_cstr(&what));
	else
		eb_parse_run_alike(p, id.data, id.len, r->line, eb_buf_cstr(&what));
	/* The file size, the file test's -n and the processes run at once
	 * (-c) are part of the test: runs of -s 16 and -s 48, of -n 1 and
	 * -n 4:4096, or of -c 1 and -c 2 in files of one test are no
	 * repetitions of one. Lines in name order (runs.c compares them so). */
	/* What a line or table does not show (a 1.0x line's concurrency, the
	 * -n of a run without file tests) is not compared ("~partial"); the
	 * run's machine names the records its setup is of, so that runs of
	 * one file are compared too (audit 18 Q1). */
	eb_buf_reset(&what);
	if (r->concurrency > 0)
		eb_buf_addf(&what, "concurrency=%d\n", r->concurrency);
	eb_buf_addf(&what, "file size=%s", r->size);
	if (r->files[0] != '\0')
		eb_buf_addf(&what, "\nfile test -n=%s", r->files);
	if (r->chunk_unknown)
		eb_buf_addf(&what, "\n~unchecked=the CSV lines of bonnie++ %s print no IO chunk "
		    "size (-s SIZE:CHUNK), which only their text tables show", r->version);
	eb_buf_addf(&what, "\n~partial\n");
	p->setup_run++;
	eb_parse_setup_of(p, "bonnie", "bonnie++ run", "bonnie", r->name != NULL ? r->name : "",
	    eb_buf_cstr(&what), r->line);
	if (measured >= 4) {
		struct like l;

		memset(&l, 0, sizeof l);
		l.r = *r;
		l.r.name = NULL;
		snprintf(l.name, sizeof l.name, "%s", r->name != NULL ? r->name : "");
		eb_buf_reset(&what);
		eb_buf_addf(&what, "the %s of bonnie++ run '%s'", r->csv ? "CSV line" :
		    "text table", l.name);
		eb_parse_run_like(p, &l, sizeof l, same_like, r->line, eb_buf_cstr(&what));
	}
	eb_buf_free(&id);
	eb_buf_free(&what);
}

void
eb_bonnie_free(struct eb_bonnie *b)
{
	for (size_t i = 0; i < b->nruns; i++)
		free(b->runs[i].name);
	free(b->runs);
	memset(b, 0, sizeof *b);
}

/* bonnie++ prints a rate as a whole number of K/sec or /sec, so a 0 is a
 * rate below 1 that it could not show, or a damaged line: no figure either
 * way, and a 0 among the repetitions would pull their mean down. */
static enum eb_status
zero_rates(struct eb_parse *p, const struct eb_bonnie *b)
{
	for (size_t i = 0; i < b->nruns; i++) {
		const struct eb_bonnie_run *r = &b->runs[i];

		for (int t = 0; t < EB_BONNIE_NTESTS && !r->paired; t++) {
			long rl = r->csv ? r->line : t < EB_BONNIE_NIO ? r->io_line : r->file_line;

			if (r->rate[t].st == EB_BONNIE_VALUE && r->rate[t].v == 0)
				return eb_err_set(p->err, EB_ERR_DATA, eb_parse_loc(p, rl),
				    "bonnie++ gives a rate of 0 for %s, which is no figure: it "
				    "prints any rate below 1 %s as 0, so the run's rate is "
				    "unknown; leave the run out or measure it again", test_names[t],
				    t < EB_BONNIE_SEEKS ? "K/sec" : "per second");
		}
	}
	return EB_OK;
}

/* " in repetition N" of a runner's file (bonnie-rN.csv), or "" when the
 * name says none. */
static void
rep_of_path(const char *path, char *buf, size_t n)
{
	const char *base = strrchr(path, '/'), *dot, *d;

	base = base != NULL ? base + 1 : path;
	buf[0] = '\0';
	if ((dot = strrchr(base, '.')) == NULL)
		dot = base + strlen(base);
	for (d = dot; d > base && isdigit((unsigned char)d[-1]); d--)
		;
	if (d < dot && dot - d < 10 && d - base >= 2 && d[-1] == 'r' && d[-2] == '-')
		snprintf(buf, n, " in repetition %.*s", (int)(dot - d), d);
}

enum eb_status
eb_bonnie_finish(struct eb_parse *p, struct eb_bonnie *b, int ok, const char *what)
{
	enum eb_status st = EB_OK;
	struct emit e;

	if (!ok) {
		eb_bonnie_free(b);
		return EB_OK;
	}
	/* A broken line that ends the input is output cut short, as a cut
	 * dd log is: the runs above it are not all the file's. Wrapped mail
	 * breaks lines in the middle, where a warning said which. */
	if (b->broken_line != 0 && b->broken_line == b->last_line) {
		st = eb_err_set(p->err, EB_ERR_DATA, eb_parse_loc(p, b->broken_line),
		    "bonnie++ CSV line cut short, and it is the input's last: the "
		    "output ends inside a run");
		eb_bonnie_free(b);
		return st;
	}
	if (b->nruns == 0) {
		st = eb_err_set(p->err, EB_ERR_DATA, eb_parse_loc(p, b->first_sign),
		    "no bonnie++ result in this file: %s%s", what,
		    b->broken_line ? " (a CSV line was skipped, see the warning)" : "");
		eb_bonnie_free(b);
		return st;
	}
	pair(b);
	if ((st = zero_rates(p, b)) != EB_OK) {
		eb_bonnie_free(b);
		return st;
	}
	memset(&e, 0, sizeof e);
	eb_buf_init(&e.fast, 0);
	eb_buf_init(&e.garbage, 0);
	for (size_t i = 0; i < b->nruns; i++) {
		size_t before = p->t->n;

		if (b->runs[i].paired)
			continue;
		emit_run(p, &e, &b->runs[i]);
		if (p->t->n > before)
			note_run(p, &b->runs[i]);
	}
	/* One note per file, so that a report can say "too fast to measure"
	 * where it would otherwise draw nothing or, worse, a zero; the test
	 * then has a repetition fewer than were run, and the mean of the rest
	 * leaves out the fastest (outside audit H12). */
	if (e.fast.len > 0) {
		char rep[48];

		rep_of_path(p->path, rep, sizeof rep);
		eb_diag(p->diag, EB_NOTE, eb_parse_loc(p, e.fast_line),
		    "+++++ means too fast to measure (not zero, not missing): bonnie++ "
		    "could not time these tests%s, so they have no record from it and one "
		    "repetition fewer than were run, whose mean leaves out the fastest; "
		    "no record for %s", rep, eb_buf_cstr(&e.fast));
	}
	if (e.garbage.len > 0)
		eb_diag(p->diag, EB_WARNING, eb_parse_loc(p, e.garbage_first),
		    "bonnie++ %s text tables print file-test rates wrongly (a printf "
		    "bug), so the create/stat/delete rates of lines %s are not read "
		    "(their %%CP is); the run's CSV line has the true rates",
		    e.garbage_version, eb_buf_cstr(&e.garbage));
	if (e.rounded_first > 0)
		eb_diag(p->diag, EB_NOTE, eb_parse_loc(p, e.rounded_first),
		    "bandwidths of bonnie++ >= 1.98 text tables are rounded to 2-3 "
		    "digits (k/m/g); the run's CSV line would give them exactly");
	eb_buf_free(&e.fast);
	eb_buf_free(&e.garbage);
	eb_bonnie_free(b);
	return st;
}
