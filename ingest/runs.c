/* runs.c - one benchmark run read twice: what identifies a run, as its
 * parser notes it, and the runs one load has met, so a second copy fails. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "driver.h"

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
eb_runs_free(struct eb_runs *r)
{
	for (size_t i = 0; i < r->n; i++) {
		free(r->v[i].what);
		free(r->v[i].like);
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
