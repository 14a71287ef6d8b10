/* runs.c - one benchmark run read twice: what identifies a run, as its
 * parser notes it, and the runs one load has met, so a second copy fails. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "driver.h"
#include "fio.h"

/* A run as its parser noted it: two independent 64-bit hashes of what
 * identifies it (a chance collision of both is below 2^-100 for any load),
 * where it was and, for messages, what it is. */
struct eb_run_note {
	uint64_t h[2];
	long line;
	char *what;
	int tell_only;
	/* A run known by likeness instead (eb_parse_run_like): its data, and
	 * what tells whether two such are one run; NULL for the others. */
	void *like;
	int (*same)(const void *seen, const void *now);
	/* A job's setup instead (eb_parse_setup): its name, host and the
	 * options that decide what it measures; NULL for the others. Its
	 * tool and the noun a message names it by are static strings. */
	char *job, *host, *opts;
	const char *tool, *noun;
	long run;	/* eb_parse.setup_run when noted */
	/* A fio log's samples or a summary of them (eb_parse_fio_series),
	 * of job sjob; NULL for the others. */
	struct eb_fio_series *series;
	char *sjob;
};

struct eb_run_seen {
	struct seen_slot {
		uint64_t h[2];	/* h[0] == 0 and h[1] == 0: empty */
		char *where;	/* "path:line" */
	} *slots;
	size_t cap, n;
	struct seen_like {
		void *data;
		int (*same)(const void *seen, const void *now);
		char *where, *what;
	} *likes;
	size_t nlikes, caplikes;
	/* Setups of jobs whose records are not labelled yet (pend), and the
	 * setup each test first met (tests), by its labels and job name. */
	struct setup {
		char *path, *job, *host, *opts, *key;
		long line, run;
		const char *tool, *noun;
		int told;	/* its test's repetitions were said to be unchecked */
		int warned;	/* a fio log's repetition of it was warned of */
		char *rep;	/* key with its first record's workload, op, block size, metric */
		char *cases;	/* "op/workload/block size;" of each of its records, once */
	} *pend, *tests;
	size_t npend, cappend, ntests, captests;
	/* Every series met (those from done on not yet held against the
	 * others), and where notes of logs left out go. */
	struct series_seen {
		struct eb_fio_series s;
		char *path, *job;
		long line;
		int left_out;	/* its records are left out */
		int matched;	/* as a summary's time series */
		int warned;	/* told to be another run's (contradicts) */
	} *series;
	size_t nseries, capseries, series_done;
	struct eb_diag *diag;
};

static void
hash_id(const unsigned char *s, size_t n, uint64_t h[2])
{
	uint64_t a = 0xcbf29ce484222325ULL, b = 0x9e3779b97f4a7c15ULL ^ n;

	for (size_t i = 0; i < n; i++) {
		a = (a ^ s[i]) * 0x100000001b3ULL;
		b = (b + s[i]) * 0xff51afd7ed558ccdULL;
		b ^= b >> 31;
	}
	h[0] = a;
	h[1] = b;
	if (h[0] == 0 && h[1] == 0)
		h[1] = 1;
}

void
eb_runs_add(struct eb_runs *r, const void *id, size_t n, long lineno, const char *what,
    int tell_only)
{
	struct eb_run_note *note;

	eb_xgrow(&r->v, &r->cap, r->n + 1, sizeof *r->v);
	note = &r->v[r->n++];
	hash_id(id, n, note->h);
	note->line = lineno;
	note->what = eb_xstrdup(what);
	note->tell_only = tell_only;
	note->like = NULL;
	note->same = NULL;
	note->job = note->host = note->opts = NULL;
	note->series = NULL;
	note->sjob = NULL;
}

void
eb_parse_run(struct eb_parse *p, const void *id, size_t n, long lineno, const char *what)
{
	if (p->runs != NULL)
		eb_runs_add(p->runs, id, n, lineno, what, 0);
}

void
eb_parse_run_alike(struct eb_parse *p, const void *id, size_t n, long lineno, const char *what)
{
	if (p->runs != NULL)
		eb_runs_add(p->runs, id, n, lineno, what, 1);
}

void
eb_parse_run_like(struct eb_parse *p, const void *data, size_t n,
    int (*same)(const void *seen, const void *now), long lineno, const char *what)
{
	struct eb_run_note *note;

	if (p->runs == NULL)
		return;
	eb_runs_add(p->runs, "", 0, lineno, what, 0);
	note = &p->runs->v[p->runs->n - 1];
	note->like = eb_xmalloc(n);
	memcpy(note->like, data, n);
	note->same = same;
}

void
eb_parse_setup_of(struct eb_parse *p, const char *tool, const char *noun, const char *job,
    const char *host, const char *opts, long lineno)
{
	struct eb_run_note *note;

	if (p->runs == NULL)
		return;
	eb_runs_add(p->runs, "", 0, lineno, "", 0);
	note = &p->runs->v[p->runs->n - 1];
	note->job = eb_xstrdup(job);
	note->host = eb_xstrdup(host);
	note->opts = eb_xstrdup(opts);
	note->tool = tool;
	note->noun = noun;
	note->run = p->setup_run;
}

void
eb_parse_setup(struct eb_parse *p, const char *job, const char *host, const char *opts,
    long lineno)
{
	eb_parse_setup_of(p, "fio", "fio job", job, host, opts, lineno);
}

void
eb_parse_fio_series(struct eb_parse *p, const struct eb_fio_series *s, const char *job,
    long lineno)
{
	struct eb_run_note *note;

	if (p->runs == NULL)
		return;
	eb_runs_add(p->runs, "", 0, lineno, "", 0);
	note = &p->runs->v[p->runs->n - 1];
	note->series = eb_xmalloc(sizeof *note->series);
	*note->series = *s;
	note->sjob = eb_xstrdup(job);
}

void
eb_runs_free(struct eb_runs *r)
{
	for (size_t i = 0; i < r->n; i++) {
		free(r->v[i].series);
		free(r->v[i].sjob);
		free(r->v[i].what);
		free(r->v[i].like);
		free(r->v[i].job);
		free(r->v[i].host);
		free(r->v[i].opts);
	}
	free(r->v);
	memset(r, 0, sizeof *r);
}

struct eb_run_seen *
eb_run_seen_new(void)
{
	return eb_xcalloc(1, sizeof(struct eb_run_seen));
}

void
eb_run_seen_free(struct eb_run_seen *s)
{
	if (s == NULL)
		return;
	for (size_t i = 0; i < s->cap; i++)
		free(s->slots[i].where);
	free(s->slots);
	for (size_t i = 0; i < s->nlikes; i++) {
		free(s->likes[i].data);
		free(s->likes[i].where);
		free(s->likes[i].what);
	}
	free(s->likes);
	for (size_t i = 0; i < s->npend; i++) {
		free(s->pend[i].path);
		free(s->pend[i].job);
		free(s->pend[i].host);
		free(s->pend[i].opts);
		free(s->pend[i].cases);
	}
	free(s->pend);
	for (size_t i = 0; i < s->ntests; i++) {
		free(s->tests[i].path);
		free(s->tests[i].job);
		free(s->tests[i].host);
		free(s->tests[i].opts);
		free(s->tests[i].key);
		free(s->tests[i].rep);
		free(s->tests[i].cases);
	}
	free(s->tests);
	for (size_t i = 0; i < s->nseries; i++) {
		free(s->series[i].path);
		free(s->series[i].job);
	}
	free(s->series);
	free(s);
}

static struct seen_slot *
find_slot(struct seen_slot *slots, size_t cap, const uint64_t h[2])
{
	size_t i = (size_t)(h[0] ^ h[1]) & (cap - 1);

	while ((slots[i].h[0] != 0 || slots[i].h[1] != 0) &&
	    (slots[i].h[0] != h[0] || slots[i].h[1] != h[1]))
		i = (i + 1) & (cap - 1);
	return &slots[i];
}

static char *
where_of(const char *path, long line)
{
	return line > 0 ? eb_xasprintf("%s:%ld", path, line) : eb_xstrdup(path);
}

/* A run known by likeness: one whose likeness was met before fails, else
 * it joins them (taking note->like). Runs of this kind are few (one per
 * bonnie++ run), so each is held against all before it. */
static enum eb_status
take_like(struct eb_run_seen *seen, struct eb_run_note *note, const char *path,
    struct eb_err *err)
{
	struct seen_like *l;

	for (size_t i = 0; i < seen->nlikes; i++) {
		l = &seen->likes[i];
		if (l->same == note->same && note->same(l->data, note->like)) {
			struct eb_loc loc = { path, note->line, 0 };

			return eb_err_set(err, EB_ERR_DATA, loc, "%s gives the figures of %.80s, "
			    "read already at %.120s, within their rounding: the two are one run, "
			    "which read twice would count as a second repetition", note->what,
			    l->what, l->where);
		}
	}
	eb_xgrow(&seen->likes, &seen->caplikes, seen->nlikes + 1, sizeof *seen->likes);
	l = &seen->likes[seen->nlikes++];
	l->data = note->like;
	l->same = note->same;
	l->where = where_of(path, note->line);
	l->what = eb_xstrdup(note->what);
	note->like = NULL;
	return EB_OK;
}

static void
grow(struct eb_run_seen *s)
{
	struct seen_slot *old = s->slots;
	size_t oldcap = s->cap;

	s->cap = s->cap ? s->cap * 2 : 64;
	s->slots = eb_xcalloc(s->cap, sizeof *s->slots);
	for (size_t i = 0; i < oldcap; i++)
		if (old[i].h[0] != 0 || old[i].h[1] != 0)
			*find_slot(s->slots, s->cap, old[i].h) = old[i];
	free(old);
}

enum eb_status
eb_runs_take(struct eb_run_seen *seen, struct eb_runs *runs, const char *path,
    struct eb_diag *diag, struct eb_err *err)
{
	enum eb_status st = EB_OK;

	for (size_t i = 0; i < runs->n && st == EB_OK; i++) {
		struct eb_run_note *note = &runs->v[i];
		struct seen_slot *sl;

		if (note->like != NULL) {
			st = take_like(seen, note, path, err);
			continue;
		}
		if (note->series != NULL) {
			struct series_seen *x;

			eb_xgrow(&seen->series, &seen->capseries, seen->nseries + 1,
			    sizeof *seen->series);
			x = &seen->series[seen->nseries++];
			*x = (struct series_seen){ *note->series, eb_xstrdup(path), note->sjob,
			    note->line, 0, 0, 0 };
			note->sjob = NULL;
			seen->diag = diag;
			continue;
		}
		if (note->job != NULL) {
			struct setup *u;

			eb_xgrow(&seen->pend, &seen->cappend, seen->npend + 1, sizeof *seen->pend);
			u = &seen->pend[seen->npend++];
			*u = (struct setup){ eb_xstrdup(path), note->job, note->host, note->opts,
			    NULL, note->line, note->run, note->tool, note->noun, 0, 0, NULL, NULL };
			note->job = note->host = note->opts = NULL;
			seen->diag = diag;
			continue;
		}
		if ((seen->n + 1) * 2 > seen->cap)
			grow(seen);
		sl = find_slot(seen->slots, seen->cap, note->h);
		if (sl->where != NULL && note->tell_only) {
			struct eb_loc loc = { path, note->line, 0 };

			eb_diag(diag, EB_WARNING, loc, "%s, as at %.120s: if it is a copy, its "
			    "records count as second repetitions; it is read, since two real runs "
			    "may print figures this coarse alike", note->what, sl->where);
			continue;
		}
		if (sl->where != NULL) {
			struct eb_loc loc = { path, note->line, 0 };

			if (note->line == 0)
				st = eb_err_set(err, EB_ERR_DATA, loc, "%s as %.120s, read already: "
				    "a copy under another name would count as second repetitions",
				    note->what, sl->where);
			else
				st = eb_err_set(err, EB_ERR_DATA, loc, "%s was read already, from "
				    "%.120s: one run read twice would count as a second repetition "
				    "(a copy under another name?)", note->what, sl->where);
			break;
		}
		sl->h[0] = note->h[0];
		sl->h[1] = note->h[1];
		sl->where = where_of(path, note->line);
		seen->n++;
	}
	eb_runs_free(runs);
	return st;
}

enum eb_status
eb_runs_keep(struct eb_table *t, size_t first, const char *path, struct eb_run_seen *seen,
    struct eb_runs *runs, struct eb_diag *diag, struct eb_err *err)
{
	struct eb_run_seen *own = seen == NULL ? eb_run_seen_new() : NULL;
	enum eb_status st = eb_runs_take(seen != NULL ? seen : own, runs, path, diag, err);

	eb_run_seen_free(own);
	if (st != EB_OK)
		t->n = first;
	return st;
}

/* Whether log samples a and a summary b (either way round) are one
 * run's: the same count, least and greatest sample exactly (within the
 * bounds a rounded summary gives), and a mean within the summary's
 * rounding. */
static int
same_series(const struct eb_fio_series *a, const struct eb_fio_series *b)
{
	double res = a->mean_res + b->mean_res + 1e-9 * fabs(a->mean);
	const struct eb_fio_series *log = a->is_log ? a : b, *sum = a->is_log ? b : a;
	int range = sum->bounded ? log->min >= sum->min && log->max <= sum->max :
	    log->min == sum->min && log->max == sum->max;

	if (a->n < 0 || b->n < 0)
		return 0;

	return !a->is_log != !b->is_log && a->kind == b->kind && a->dir == b->dir &&
	    log->n >= 1 && (sum->uncounted || a->n == b->n) && range &&
	    fabs(a->mean - b->mean) <= res;
}

/* Takes the fio records of direction dir of job job (any, for "") read from path out
 * of t, keeping the notes of where rows were read in step. Returns how
 * many it took. */
static size_t
leave_out(struct eb_table *t, const char *path, const char *job, int dir)
{
	size_t plen = strlen(path), kept = 0, *before = eb_xcalloc(t->n + 1, sizeof *before);

	for (size_t i = 0; i < t->n; i++) {
		const struct eb_record *r = &t->rows[i];
		int out = strcmp(r->f[EB_F_TOOL], "fio") == 0 &&
		    (job[0] == '\0' || strcmp(r->f[EB_F_JOB], job) == 0) &&
		    strcmp(r->f[EB_F_OP], eb_fio_dir_names[dir]) == 0 &&
		    strncmp(r->f[EB_F_SOURCE], path, plen) == 0 && r->f[EB_F_SOURCE][plen] == ':';

		before[i] = kept;
		if (!out)
			t->rows[kept++] = *r;
	}
	before[t->n] = kept;
	for (size_t k = 0; k < t->nreads; k++)
		t->reads[k].from = before[t->reads[k].from < t->n ? t->reads[k].from : t->n];
	for (size_t k = 0; k < t->nuntimed; k++)
		if (t->untimed[k].row < t->n)
			t->untimed[k].row = before[t->untimed[k].row];
	free(before);
	kept = t->n - kept;
	t->n -= kept;
	return kept;
}

/* Where the kind of fio log path begins in it ("_clat" of
 * "runs/lw_clat.1.log"), or NULL for no log name. */
static const char *
log_kind_at(const char *path)
{
	const char *base = strrchr(path, '/'), *end, *us = NULL;

	base = base != NULL ? base + 1 : path;
	if ((end = strstr(base, ".log")) == NULL)
		return NULL;
	for (const char *q = base; q < end; q++)
		if (*q == '.')
			end = q;
	for (const char *q = base; q < end; q++)
		if (*q == '_')
			us = q;
	return us;
}

/* Whether path's folder is where's. */
static int
same_folder(const char *path, const char *where)
{
	const char *a = strrchr(path, '/'), *b = strrchr(where, '/');
	size_t na = a != NULL ? (size_t)(a - path) : 0, nb = b != NULL ? (size_t)(b - where) : 0;

	return na == nb && strncmp(path, where, na) == 0;
}

/* Whether the folder of log path (its first n bytes) has the name of
 * the folder the option opt names (its first dir bytes): the logs of a
 * run moved off its machine with its output ("write_lat_log=
 * /srv/bench/logs/lw" read as results/logs/lw_clat.1.log). */
static int
moved_folder(const char *path, size_t n, const char *opt, size_t dir)
{
	const char *name = opt, *mine;
	char *folder = eb_xstrndup(n > 0 ? path : ".", n > 0 ? n : 1), *real;
	int same;

	for (size_t i = 0; i < dir; i++)
		if (opt[i] == '/')
			name = opt + i + 1;
	real = realpath(folder, NULL);
	mine = real != NULL ? real : folder;
	mine = strrchr(mine, '/') != NULL ? strrchr(mine, '/') + 1 : mine;
	same = (size_t)(opt + dir - name) > 0 && strlen(mine) == (size_t)(opt + dir - name) &&
	    strncmp(mine, name, strlen(mine)) == 0 && strcmp(mine, ".") != 0 &&
	    strcmp(mine, "..") != 0;
	free(real);
	free(folder);
	return same;
}

/* Whether the folder of log path (its first n bytes) is the one summary
 * y's option (its first dir bytes) names: an absolute one as written, a
 * relative one within y's folder ("logs/lw" beside r1/lw.json is r1/logs;
 * another run's r2/logs is not). */
static int
in_option_folder(const char *path, size_t n, const struct series_seen *y, size_t dir)
{
	const char *ydir = strrchr(y->path, '/');
	size_t yn = ydir != NULL ? (size_t)(ydir - y->path) : 0;

	if (y->job[0] == '/')
		return n == dir && strncmp(path, y->job, dir) == 0;
	if (yn == 0)
		return n == dir && strncmp(path, y->job, dir) == 0;
	return n == yn + 1 + dir && strncmp(path, y->path, yn) == 0 && path[yn] == '/' &&
	    strncmp(path + yn + 1, y->job, dir) == 0;
}

/* Whether log x is the log that summary y's job options wrote: 1 in its
 * folder, or in the folder the option names (write_lat_log=/srv/logs/lw
 * writes /srv/logs/lw_clat.1.log; fio 3.33 JSON gives the option as
 * written, so the log's job is the option's last part), 2 in a folder
 * of that folder's name elsewhere. */
static int
named_log(const struct series_seen *x, const struct series_seen *y)
{
	const char *base = strrchr(y->job, '/');
	size_t dir = base != NULL ? (size_t)(base - y->job) : 0;
	const char *xdir = strrchr(x->path, '/');
	size_t xn = xdir != NULL ? (size_t)(xdir - x->path) : 0;

	base = base != NULL ? base + 1 : y->job;
	if (!x->s.is_log || y->s.is_log || y->s.n >= 0 || x->s.kind != y->s.kind ||
	    strcmp(x->job, base) != 0)
		return 0;
	if (same_folder(x->path, y->path) || (dir > 0 && in_option_folder(x->path, xn, y, dir)))
		return 1;
	/* The log named by a relative path ("runs/logs/lw_clat.1.log"), the
	 * option by an absolute one: the folders, resolved, are one. */
	if (dir > 0 && y->job[0] == '/') {
		char *folder = eb_xstrndup(xn > 0 ? x->path : ".", xn > 0 ? xn : 1);
		char *real = realpath(folder, NULL);
		int same = real != NULL && strlen(real) == dir && strncmp(real, y->job, dir) == 0;

		free(real);
		free(folder);
		if (same)
			return 1;
	}
	return dir > 0 && moved_folder(x->path, xn, y->job, dir) ? 2 : 0;
}

/* Whether fio logs a and b are logs of one job's options: fio writes
 * NAME_bw.1.log, NAME_iops.1.log and NAME_clat.1.log (host suffix and
 * all) of one run in one folder, and a later run of those options
 * writes over all of them. */
static int
same_stem(const char *a, const char *b)
{
	const char *ka = log_kind_at(a), *kb = log_kind_at(b);

	if (ka == NULL || kb == NULL || ka - a != kb - b || strncmp(a, b, (size_t)(ka - a)) != 0)
		return 0;
	ka += strcspn(ka, ".");
	kb += strcspn(kb, ".");
	return strcmp(ka, kb) == 0;
}

/* The directions the logs at path hold samples of, a bit each. */
static unsigned
dirs_of(const struct eb_run_seen *seen, const char *path)
{
	unsigned m = 0;

	for (size_t i = 0; i < seen->nseries; i++)
		if (seen->series[i].s.is_log && seen->series[i].s.dir >= 0 &&
		    seen->series[i].s.kind != EB_FIO_SERIES_FAMILY &&
		    strcmp(seen->series[i].path, path) == 0)
			m |= 1u << seen->series[i].s.dir;
	return m;
}

/* Leaves out the records of the logs that lie beside a log left out as
 * a summary's time series and share its NAME and index: the bw log of a
 * run matched exactly to its summary, its clat log of averaged windows
 * (log_avg_msec=), which no summary gives the figures of, is that run's
 * too, when it holds no direction that one does not: a read log beside a
 * write job's is another run's. */
static void
left_out_beside(struct eb_run_seen *seen, struct eb_table *t)
{
	for (size_t i = 0; i < seen->nseries; i++)
		for (size_t k = 0; k < seen->nseries; k++) {
			struct series_seen *a = &seen->series[i], *b = &seen->series[k];
			size_t n = 0;

			if (!a->s.is_log || !b->s.is_log || !a->matched || b->left_out ||
			    a->s.kind == EB_FIO_SERIES_FAMILY || b->s.kind == EB_FIO_SERIES_FAMILY ||
			    !same_stem(a->path, b->path) ||
			    (dirs_of(seen, b->path) & ~dirs_of(seen, a->path)) != 0)
				continue;
			for (size_t m = 0; m < seen->nseries; m++)
				if (strcmp(seen->series[m].path, b->path) == 0)
					seen->series[m].left_out = seen->series[m].matched = 1;
			for (int d = 0; d < 3; d++)
				n += leave_out(t, b->path, "", d);
			if (n > 0 && seen->diag != NULL)
				eb_diag(seen->diag, EB_NOTE, (struct eb_loc){ b->path, b->line, 0 },
				    "this fio log and %.120s, the time series of one run, are logs "
				    "fio writes together (one NAME and index): this one is that "
				    "run's too, not a second measurement, and its records are left "
				    "out", a->path);
		}
}

/* Whether another log of log's kind lies where summary sum's options
 * name it: then a log of that name elsewhere is another run's, not this
 * one's moved (r2/logs/lw_bw.1.log beside r1/logs/lw_bw.1.log). */
static int
named_in_place(const struct eb_run_seen *seen, const struct series_seen *log,
    const struct series_seen *sum)
{
	for (size_t i = 0; i < seen->nseries; i++) {
		const struct series_seen *x = &seen->series[i];

		if (x != log && strcmp(x->path, log->path) != 0 && named_log(x, sum) == 1)
			return 1;
	}
	return 0;
}

/* Whether a, met after b, is a log of the family b is one of. */
static int
same_family(const struct series_seen *a, const struct series_seen *b)
{
	return a->s.kind == EB_FIO_SERIES_FAMILY && b->s.kind == EB_FIO_SERIES_FAMILY &&
	    a->s.dir == b->s.dir && strcmp(a->job, b->job) == 0 && !b->left_out;
}

/* Leaves out the records of clone log a, whose family b's gave already. */
static void
family_twice(struct eb_run_seen *seen, struct eb_table *t, struct series_seen *a,
    const struct series_seen *b)
{
	size_t n = 0;

	a->left_out = 1;
	for (int d = 0; d < 3; d++)
		n += leave_out(t, a->path, "", d);
	if (n > 0 && seen->diag != NULL)
		eb_diag(seen->diag, EB_NOTE, (struct eb_loc){ a->path, 0, 0 }, "this fio log and "
		    "%.120s are logs of clones of one run, whose record that one gave already "
		    "from them all: not read twice", b->path);
}

/* The summary of log's kind and direction that the job of sum (a log
 * its options name) printed beside them, or NULL for none. */
static const struct series_seen *
summary_of(const struct eb_run_seen *seen, const struct series_seen *log,
    const struct series_seen *sum, int kind)
{
	for (size_t i = 0; i < seen->nseries; i++) {
		const struct series_seen *z = &seen->series[i];

		if (!z->s.is_log && z->s.n > 0 && z->line == sum->line && z->s.kind == kind &&
		    z->s.dir == log->s.dir && strcmp(z->path, sum->path) == 0)
			return z;
	}
	return NULL;
}

/* Whether log, lying where the options of sum's job name it, holds
 * samples other than the ones that job's summary gives (fio 3.33 prints
 * a bw or iops log's count, least, greatest and mean, and those of a clat
 * log without log_avg_msec=, as bw_samples ... and clat_ns N ... of its
 * JSON): another run of those options wrote it. A clat log of averaged
 * windows is another run's when a bw or iops log fio wrote with it is. */
static int
contradicts(const struct eb_run_seen *seen, const struct series_seen *log,
    const struct series_seen *sum, int companions)
{
	const struct series_seen *z;

	if (sum->s.n >= 0 || log->s.is_log != 1 || log->s.dir < 0)
		return 0;
	for (size_t i = 0; i < seen->nseries; i++)
		if (seen->series[i].s.kind == EB_FIO_SERIES_FAMILY &&
		    strcmp(seen->series[i].path, log->path) == 0)
			return 0;	/* a clone's log: its family is compared */
	if (log->s.kind == EB_FIO_SERIES_CLAT && sum->s.averaged) {
		for (size_t i = 0; i < seen->nseries && companions; i++) {
			const struct series_seen *x = &seen->series[i];

			if (x->s.is_log && x->s.kind != EB_FIO_SERIES_CLAT &&
			    same_stem(x->path, log->path) && contradicts(seen, x, sum, 0))
				return 1;
		}
		return 0;
	}
	z = summary_of(seen, log, sum, log->s.kind);
	return z != NULL && !same_series(&log->s, &z->s);
}

void
eb_run_seen_match(struct eb_run_seen *seen, struct eb_table *t)
{
	static const char *const kinds[] = { "bw", "iops", "clat" };

	for (size_t i = seen->series_done; i < seen->nseries; i++)
		for (size_t k = 0; k < i; k++) {
			struct series_seen *a = &seen->series[i], *b = &seen->series[k];
			struct series_seen *log = a->s.is_log ? a : b, *sum = a->s.is_log ? b : a;
			int named = 0;

			if (same_family(a, b) && !a->left_out) {
				family_twice(seen, t, a, b);
				continue;
			}
			if (a->s.kind == EB_FIO_SERIES_FAMILY || b->s.kind == EB_FIO_SERIES_FAMILY)
				continue;

			if (log->left_out || (!same_series(&a->s, &b->s) &&
			    ((named = named_log(log, sum)) == 0 ||
			    (named == 2 && named_in_place(seen, log, sum)))))
				continue;
			if (named > 0 && contradicts(seen, log, sum, 1)) {
				if (!log->warned && seen->diag != NULL)
					eb_diag(seen->diag, EB_WARNING, (struct eb_loc){ log->path,
					    log->line, 0 }, "this fio %s log lies where the options of "
					    "the fio job at %.120s:%ld write it (write_%s_log=%.200s), but "
					    "its samples are not those that job's figures sum up: another "
					    "run of those options wrote it, and it is read as a "
					    "measurement of its own", kinds[log->s.kind], sum->path,
					    sum->line, log->s.kind == EB_FIO_SERIES_CLAT ? "lat" :
					    kinds[log->s.kind], sum->job);
				log->warned = 1;
				continue;
			}
			log->left_out = log->matched = 1;
			if (leave_out(t, log->path, log->job, log->s.dir) == 0 || seen->diag == NULL)
				continue;
			if (sum->s.n < 0)
				eb_diag(seen->diag, EB_NOTE, (struct eb_loc){ log->path, log->line, 0 },
				    "this fio %s log is the one the options of the fio job at "
				    "%.120s:%ld write (write_%s_log=%.200s, in %s): the log "
				    "is that run's time series, not a second measurement, and its %s "
				    "records are left out", kinds[log->s.kind], sum->path, sum->line,
				    log->s.kind == EB_FIO_SERIES_CLAT ? "lat" : kinds[log->s.kind],
				    sum->job, named == 2 ? "a folder of that name, moved with it" :
				    "that folder", eb_fio_dir_names[log->s.dir]);
			else
				eb_diag(seen->diag, EB_NOTE, (struct eb_loc){ log->path, log->line, 0 },
				    "the %.0f %s samples of this fio %s log%s are those that fio job "
				    "'%.40s' at %.120s:%ld sums up (%s): the log is that run's time "
				    "series, not a second measurement, and its %s records are left "
				    "out", log->s.n, eb_fio_dir_names[log->s.dir], kinds[log->s.kind],
				    log->s.is_log == 2 ? " and its clones' logs" : "",
				    sum->job, sum->path, sum->line, sum->s.uncounted ? "least, greatest "
				    "and mean alike; terse before version 5 prints no count" : "count, "
				    "least, greatest and mean alike", eb_fio_dir_names[log->s.dir]);
		}
	left_out_beside(seen, t);
	seen->series_done = seen->nseries;
}

/* Whether setups a and b gave records of one test (direction, workload
 * and block size): one job run once per block size or per rw= (a sweep:
 * read, write, randread, randwrite) gave other tests, never repetitions
 * of one. */
static int
share_case(const struct setup *a, const struct setup *b)
{
	const char *s = b->cases;

	if (a->cases == NULL || b->cases == NULL)
		return 1;
	while (s != NULL && *s == ';') {
		const char *end = strchr(s + 1, ';');
		char one[96];

		if (end == NULL || (size_t)(end - s) + 2 > sizeof one)
			return 1;
		memcpy(one, s, (size_t)(end - s) + 1);
		one[end - s + 1] = '\0';
		if (strstr(a->cases, one) != NULL)
			return 1;
		s = end;
		if (s[1] == '\0')
			break;
	}
	return 0;
}

enum eb_status
eb_run_seen_setups(struct eb_run_seen *seen, struct eb_table *t, size_t first,
    struct eb_err *err)
{
	enum eb_status st = EB_OK;

	if (seen != NULL)
		eb_run_seen_match(seen, t);

	for (size_t k = 0; seen != NULL && k < seen->npend && st == EB_OK; k++) {
		struct setup *u = &seen->pend[k];
		size_t plen = strlen(u->path);
		const struct eb_record *rec = NULL;
		char *key, *rep;

		/* Its records, once labelled, say which test it belongs to: the
		 * record read at its line where there is one (a dd run's own
		 * block size and direction), else the first of its job there. */
		struct eb_buf cases = { 0 };
		int at_line = 0;

		for (size_t i = first; i < t->n; i++) {
			const struct eb_record *r = &t->rows[i];
			const char *at = r->f[EB_F_SOURCE] + plen + 1;
			char one[96];

			if (strcmp(r->f[EB_F_TOOL], u->tool) != 0 || strcmp(r->f[EB_F_JOB], u->job) != 0 ||
			    strncmp(r->f[EB_F_SOURCE], u->path, plen) != 0 ||
			    r->f[EB_F_SOURCE][plen] != ':' || (u->host[0] != '\0' &&
			    strcmp(r->f[EB_F_HOST], u->host) != 0))
				continue;
			snprintf(one, sizeof one, ";%.20s/%.20s/%lld;", r->f[EB_F_OP], r->f[EB_F_WORKLOAD],
			    (long long)r->block_size);
			if (cases.data == NULL || strstr(cases.data, one) == NULL)
				eb_buf_addf(&cases, "%s", one + (cases.data != NULL && cases.len > 0));
			if (rec == NULL)
				rec = r;
			if (!at_line && strtol(at, NULL, 10) == u->line) {
				rec = r;
				at_line = 1;
			}
		}
		if (rec == NULL) {
			free(cases.data);
			continue;
		}
		u->cases = cases.data;
		/* A fio job is known by its name; a dd run by its direction and
		 * block size too, since every dd run is job "dd". */
		key = eb_xasprintf("%s\x1f%s\x1f%s\x1f%s\x1f%s\x1f%s\x1f%s\x1f%lld", u->tool,
		    rec->f[EB_F_RELEASE], rec->f[EB_F_HOST], rec->f[EB_F_CONFIG],
		    rec->f[EB_F_MODE], u->job, strcmp(u->tool, "dd") == 0 ? rec->f[EB_F_OP] : "",
		    strcmp(u->tool, "dd") == 0 ? (long long)rec->block_size : 0LL);
		rep = eb_xasprintf("%s\x1f%s\x1f%s\x1f%lld\x1f%s", key, rec->f[EB_F_WORKLOAD],
		    rec->f[EB_F_OP], (long long)rec->block_size, rec->f[EB_F_METRIC]);
		struct setup *alike = NULL;

		for (size_t i = 0; i < seen->ntests && st == EB_OK; i++) {
			struct setup *o = &seen->tests[i];
			char x[120], y[120];

			/* Two runs of one file are compared as those of two files
			 * are: dd summaries, bonnie++ lines or tables and fio runs
			 * appended to one log pooled 16 MiB with 512 MiB, -s 16
			 * with -s 48 (audit 18 Q1, K18). The jobs of one fio run
			 * (its clones, its groups) are not. */
			if (strcmp(o->key, key) != 0 || (strcmp(o->path, u->path) == 0 &&
			    (o->run == u->run || o->line == u->line)) || !share_case(o, u))
				continue;
			if (strcmp(o->opts, u->opts) == 0 ||
			    (!eb_fio_setup_difference(o->opts, u->opts, x, y, sizeof x) &&
			    !eb_fio_setup_moved(o->opts, u->opts, x, sizeof x))) {
				alike = alike != NULL ? alike : o;
				if (strcmp(o->rep, rep) == 0)
					eb_fio_log_unchecked(seen->diag, o->opts, o->path, o->line,
					    &o->warned, u->opts, u->path, u->line, u->job);
				continue;
			}
			if (x[0] == 'm' && strncmp(x, "moved ", 6) == 0) {
				st = eb_err_set(err, EB_ERR_DATA, (struct eb_loc){ u->path, u->line, 0 },
				    "%s '%.40s' %s in %.100s:%ld: runs of one test move the same "
				    "amount (size=) or run as long as runtime= lets them, and these "
				    "ran with other options (size=, numjobs= ...) or one was cut "
				    "short; give the jobs names of their own", u->noun, u->job, x, o->path,
				    o->line);
				continue;
			}
			st = eb_err_set(err, EB_ERR_DATA, (struct eb_loc){ u->path, u->line, 0 },
			    "%s '%.40s' ran with %s here but with %s in %.100s:%ld, and their "
			    "records would be repetitions of one test measured two ways; give the "
			    "%s", u->noun, u->job, y, x, o->path, o->line,
			    strcmp(u->tool, "fio") == 0 ? "jobs names of their own" :
			    strcmp(o->path, u->path) == 0 ? "runs files of their own and, to keep "
			    "both in one dataset, names of their own (--set job=NAME)" :
			    "runs (--set job=NAME) names of their own");
		}
		/* Formats that print few options: repetitions said to be
		 * unchecked, once a test. */
		if (st == EB_OK && alike != NULL && !alike->told &&
		    seen->diag != NULL) {
			char what[400];

			if (eb_fio_setup_unchecked(alike->opts, u->opts, what, sizeof what)) {
				alike->told = 1;
				eb_diag(seen->diag, EB_WARNING, (struct eb_loc){ u->path, u->line, 0 },
				    "%s '%.40s' here and at %.100s:%ld are taken as repetitions of "
				    "one test, but %s, so they could not be checked to have run "
				    "alike%s", u->noun, u->job, alike->path, alike->line, what,
				    strcmp(u->tool, "fio") == 0 ? "; read fio's JSON to check" : "");
			}
		}
		/* Kept also after an error, whose place names its path. */
		eb_xgrow(&seen->tests, &seen->captests, seen->ntests + 1, sizeof *seen->tests);
		seen->tests[seen->ntests] = *u;
		for (size_t i = 0; i < seen->ntests; i++)
			if (strcmp(seen->tests[i].rep, rep) == 0 && seen->tests[i].warned)
				seen->tests[seen->ntests].warned = 1;
		seen->tests[seen->ntests].rep = rep;
		seen->tests[seen->ntests++].key = key;
		u->path = u->job = u->host = u->opts = u->cases = NULL;
	}
	for (size_t k = 0; seen != NULL && k < seen->npend; k++) {
		free(seen->pend[k].path);
		free(seen->pend[k].job);
		free(seen->pend[k].host);
		free(seen->pend[k].opts);
	}
	if (seen != NULL)
		seen->npend = 0;
	return st;
}
