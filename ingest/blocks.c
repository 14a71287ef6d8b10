/* blocks.c - feeding a parser: its line callback, reading a descriptor to
 * the end, and large files of self-standing lines parsed on every CPU with
 * their diagnostics kept back and told in order. */
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "driver.h"

enum eb_status
eb_feed_line(void *ctx, char *line, size_t len, long lineno)
{
	struct feed *f = ctx;
	enum eb_status st = f->fmt->line(&f->p, line, len, lineno);

	if (st != EB_OK)
		f->parser_failed = 1;
	return st;
}

enum eb_status
eb_read_full(int fd, const char *path, char *buf, size_t want, size_t *got, struct eb_err *err)
{
	*got = 0;
	while (*got < want) {
		ssize_t n = read(fd, buf + *got, want - *got);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			struct eb_loc loc = { path, 0, 0 };

			return eb_err_set(err, EB_ERR_IO, loc, "cannot read: %s", strerror(errno));
		}
		if (n == 0)
			break;
		*got += (size_t)n;
	}
	return EB_OK;
}

/* ---- diagnostics kept back by a parse on another thread, to be told
 * where a one-thread parse would have told them */

static void
keep_said(void *ctx, enum eb_severity sev, struct eb_loc loc, const char *msg)
{
	struct eb_kept *k = ctx;
	struct eb_said *d;

	eb_xgrow(&k->said, &k->cap, k->n + 1, sizeof *k->said);
	d = &k->said[k->n++];
	d->sev = sev;
	d->loc = loc;
	d->msg = eb_xstrdup(msg);
}

void
eb_kept_init(struct eb_kept *k, const struct eb_diag *like)
{
	memset(k, 0, sizeof *k);
	k->diag.emit = keep_said;
	k->diag.ctx = k;
	k->diag.quiet = like != NULL && like->quiet;
}

void
eb_kept_tell(const struct eb_kept *k, struct eb_diag *to)
{
	for (size_t i = 0; i < k->n; i++)
		eb_diag(to, k->said[i].sev, k->said[i].loc, "%s", k->said[i].msg);
}

void
eb_kept_free(struct eb_kept *k)
{
	for (size_t i = 0; i < k->n; i++)
		free(k->said[i].msg);
	free(k->said);
	memset(k, 0, sizeof *k);
}

/* ---- large files of formats whose lines stand alone (results.csv): read
 * a block at a time, each block's lines shared out among threads, each
 * part parsed with a state and a table of its own and then joined on in
 * order, so that records, messages and errors are those of one thread. */

#define BLOCK (4u << 20)
#define MIN_SPLIT (1u << 20)	/* a smaller block is not worth a thread */
#define MAX_PARTS 8

struct part {
	struct feed f;
	struct eb_lines lr;
	struct eb_table *t;
	struct eb_err err;
	struct eb_kept kept;
	const char *s;
	size_t n;
	enum eb_status st;
};

static void *
parse_part(void *arg)
{
	struct part *pt = arg;

	pt->st = eb_lines_feed(&pt->lr, pt->s, pt->n);
	return NULL;
}

static size_t
count_newlines(const char *s, size_t n)
{
	size_t k = 0;

	for (const char *end = s + n; (s = memchr(s, '\n', (size_t)(end - s))) != NULL; s++)
		k++;
	return k;
}

/* Parses whole lines s[0, n), which follow what f has read: the first
 * part here, the others on threads. */
static enum eb_status
feed_parts(struct feed *f, struct eb_lines *lr, const char *s, size_t n, int nparts)
{
	struct part parts[MAX_PARTS];
	pthread_t tid[MAX_PARTS];
	const char *cut[MAX_PARTS + 1];
	long lineno = lr->lineno;
	enum eb_status st;
	int started = 1;

	cut[0] = s;
	for (int k = 1; k < nparts; k++) {
		const char *at = s + n / (size_t)nparts * (size_t)k;

		if (at < cut[k - 1])
			at = cut[k - 1];
		at = memchr(at, '\n', (size_t)(s + n - at));
		cut[k] = at != NULL ? at + 1 : s + n;
	}
	cut[nparts] = s + n;
	for (int k = 1; k < nparts; k++) {
		struct part *pt = &parts[k];

		lineno += (long)count_newlines(cut[k - 1], (size_t)(cut[k] - cut[k - 1]));
		memset(pt, 0, sizeof *pt);
		pt->t = eb_table_new();
		eb_kept_init(&pt->kept, f->p.diag);
		pt->f.fmt = f->fmt;
		pt->f.p = f->p;
		pt->f.p.t = pt->t;
		pt->f.p.diag = &pt->kept.diag;
		pt->f.p.err = &pt->err;
		pt->f.p.state = eb_xcalloc(1, f->fmt->state_size);
		f->fmt->resume(pt->f.p.state);
		eb_lines_init(&pt->lr, lr->max, eb_feed_line, &pt->f);
		pt->lr.cr_only = lr->cr_only;
		pt->lr.lineno = lineno;
		pt->lr.started = 1;
		pt->s = cut[k];
		pt->n = (size_t)(cut[k + 1] - cut[k]);
		if (pt->n == 0 || pthread_create(&tid[k], NULL, parse_part, pt) != 0) {
			/* This part and those after it are read here, in order. */
			eb_lines_free(&pt->lr);
			free(pt->f.p.state);
			eb_table_free(pt->t);
			eb_kept_free(&pt->kept);
			break;
		}
		started = k + 1;
	}
	st = eb_lines_feed(lr, s, (size_t)(cut[1] - s));
	for (int k = 1; k < started; k++)
		pthread_join(tid[k], NULL);
	for (int k = 1; k < started; k++) {
		struct part *pt = &parts[k];

		if (st == EB_OK) {
			eb_kept_tell(&pt->kept, f->p.diag);
			st = pt->st;
			if (st == EB_OK)
				st = f->fmt->finish(&pt->f.p, 1);
			else
				f->fmt->finish(&pt->f.p, 0);
			if (st == EB_OK) {
				eb_table_move(f->p.t, pt->t);
				lr->lineno = pt->lr.lineno;
			} else {
				*f->p.err = pt->err;
				f->parser_failed = pt->f.parser_failed;
				lr->lineno = pt->lr.lineno;
			}
		} else {
			f->fmt->finish(&pt->f.p, 0);
		}
		eb_lines_free(&pt->lr);
		free(pt->f.p.state);
		eb_table_free(pt->t);
		eb_kept_free(&pt->kept);
	}
	if (st == EB_OK && started < nparts)
		st = eb_lines_feed(lr, cut[started], (size_t)(s + n - cut[started]));
	return st;
}

enum eb_status
eb_feed_blocks(struct feed *f, struct eb_lines *lr, const struct source *src, int nparts,
    struct eb_err *err)
{
	char *buf;
	size_t have = 0;
	enum eb_status st = EB_OK;
	int eof = 0;

	if (nparts > MAX_PARTS)
		nparts = MAX_PARTS;
	buf = eb_xmalloc(BLOCK);
	while (st == EB_OK && !eof) {
		size_t at = 0, upto, got;
		const char *last;

		if ((st = eb_read_full(src->fd, src->path, buf + have, BLOCK - have, &got, err)) != EB_OK)
			break;
		eof = got < BLOCK - have;
		have += got;
		/* A line begun before the block ends in it first. */
		if (lr->cur.len > 0 && have > 0) {
			const char *nl = memchr(buf, '\n', have);

			at = nl != NULL ? (size_t)(nl - buf) + 1 : have;
			st = eb_lines_feed(lr, buf, at);
		}
		/* Without a newline after at, the line reader takes it all (and
		 * fails it, a block being longer than any line may be). */
		last = have > at ? memrchr(buf + at, '\n', have - at) : NULL;
		upto = last != NULL ? (size_t)(last - buf) + 1 : have;
		if (st == EB_OK && last != NULL && upto - at >= MIN_SPLIT &&
		    f->fmt->splittable(f->p.state, buf + at, upto - at))
			st = feed_parts(f, lr, buf + at, upto - at, nparts);
		else if (st == EB_OK)
			st = eb_lines_feed(lr, buf + at, upto - at);
		/* What follows the block's last newline waits for the next. */
		memmove(buf, buf + upto, have - upto);
		have -= upto;
		if (st == EB_OK && eof)
			st = eb_lines_feed(lr, buf, have);
	}
	free(buf);
	return st;
}
