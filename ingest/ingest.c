/* ingest.c - the driver: walks paths, detects each file's format from its
 * first bytes, and streams its lines through that format's parser. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <jansson.h>

#include "ingest.h"

extern const struct eb_format eb_format_results;

#define MAX_DEPTH 16
#define MAX_THREADS 8
#define CHUNK 65536

/* A file no format claims: skipped inside a directory, an error otherwise. */
#define UNRECOGNISED ((enum eb_status)100)
/* The same, already reported. */
#define UNRECOGNISED_QUIET ((enum eb_status)101)

const char *
eb_parse_source(struct eb_parse *p, long lineno)
{
	char buf[64];
	struct eb_buf b;
	const char *s;

	eb_buf_init(&b, 0);
	eb_buf_add(&b, p->path, strlen(p->path));
	snprintf(buf, sizeof buf, ":%ld", lineno);
	eb_buf_add(&b, buf, strlen(buf));
	s = eb_intern(p->t, b.data, b.len);
	eb_buf_free(&b);
	return s;
}

void
eb_parse_record(struct eb_parse *p, struct eb_record *r, const char *tool,
    const char *metric, const char *unit, long lineno)
{
	eb_record_init(p->t, r);
	r->f[EB_F_TOOL] = eb_intern_cstr(p->t, tool);
	r->f[EB_F_METRIC] = eb_intern_cstr(p->t, metric);
	r->f[EB_F_UNIT] = eb_intern_cstr(p->t, unit);
	r->f[EB_F_SOURCE] = eb_parse_source(p, lineno);
}

struct eb_loc
eb_parse_loc(const struct eb_parse *p, long lineno)
{
	struct eb_loc loc = { p->path, lineno, 0 };

	return loc;
}

const struct eb_format *
eb_format_find(const char *name)
{
	for (size_t i = 0; eb_formats[i] != NULL; i++)
		if (strcmp(eb_formats[i]->name, name) == 0)
			return eb_formats[i];
	return NULL;
}

const char *
eb_format_names(void)
{
	static char names[512];

	if (names[0] == '\0') {
		for (size_t i = 0; eb_formats[i] != NULL; i++) {
			if (i > 0)
				strncat(names, ", ", sizeof names - strlen(names) - 1);
			strncat(names, eb_formats[i]->name, sizeof names - strlen(names) - 1);
		}
	}
	return names;
}

/* Where the bytes of one input come from: a head already read (what the
 * probes saw), then, for files, the rest of the descriptor. */
struct source {
	const char *path;
	const char *head;
	size_t headlen;
	int fd;			/* -1 when head is everything */
};

struct feed {
	const struct eb_format *fmt;
	struct eb_parse p;
	int parser_failed;
};

static enum eb_status
feed_line(void *ctx, char *line, size_t len, long lineno)
{
	struct feed *f = ctx;
	enum eb_status st = f->fmt->line(&f->p, line, len, lineno);

	if (st != EB_OK)
		f->parser_failed = 1;
	return st;
}

static const struct eb_format *
detect(const char *head, size_t len, int *score)
{
	const struct eb_format *best = NULL;
	int best_score = 0;
	char *copy;

	/* Probes get a NUL-terminated head, whatever the data came from. */
	if (len > EB_PROBE_BYTES)
		len = EB_PROBE_BYTES;
	copy = eb_xstrndup(head, len);
	for (size_t i = 0; eb_formats[i] != NULL; i++) {
		int s = eb_formats[i]->probe(copy, len);

		if (s > best_score) {
			best_score = s;
			best = eb_formats[i];
		}
		if (s >= 100)	/* certain: no other probe needs to run */
			break;
	}
	free(copy);
	if (score != NULL)
		*score = best_score;
	return best;
}

static int
detect_one(const struct eb_format *fmt, const char *head, size_t len)
{
	char *copy = eb_xstrndup(head, len > EB_PROBE_BYTES ? EB_PROBE_BYTES : len);
	int score = fmt->probe(copy, len > EB_PROBE_BYTES ? EB_PROBE_BYTES : len);

	free(copy);
	return score;
}

static enum eb_status
check_text(const struct source *src, struct eb_err *err)
{
	struct eb_loc loc = { src->path, 0, 0 };

	if (src->headlen == 0)
		return eb_err_set(err, EB_ERR_DATA, loc, "empty file: no benchmark output in it");
	if (src->headlen >= 2 &&
	    (memcmp(src->head, "\xFF\xFE", 2) == 0 || memcmp(src->head, "\xFE\xFF", 2) == 0))
		return eb_err_set(err, EB_ERR_DATA, loc,
		    "UTF-16 text is not read; convert it first "
		    "(iconv -f UTF-16 -t UTF-8 FILE > FILE.txt)");
	if (memchr(src->head, '\0', src->headlen) != NULL)
		return eb_err_set(err, EB_ERR_DATA, loc,
		    "binary data (a NUL byte), not benchmark output");
	return EB_OK;
}

/* Reads from fd into buf until it holds want bytes or the input ends;
 * *got is how many it holds. EB_ERR_IO, described in err, when reading
 * fails. */
static enum eb_status
read_full(int fd, const char *path, char *buf, size_t want, size_t *got, struct eb_err *err)
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

struct said {
	enum eb_severity sev;
	struct eb_loc loc;
	char *msg;
};

struct kept {
	struct said *said;
	size_t n, cap;
	struct eb_diag diag;	/* what the parse is given */
};

static void
keep_said(void *ctx, enum eb_severity sev, struct eb_loc loc, const char *msg)
{
	struct kept *k = ctx;
	struct said *d;

	eb_xgrow(&k->said, &k->cap, k->n + 1, sizeof *k->said);
	d = &k->said[k->n++];
	d->sev = sev;
	d->loc = loc;
	d->msg = eb_xstrdup(msg);
}

/* k must stay where it is while its diag is in use. */
static void
kept_init(struct kept *k, const struct eb_diag *like)
{
	memset(k, 0, sizeof *k);
	k->diag.emit = keep_said;
	k->diag.ctx = k;
	k->diag.quiet = like != NULL && like->quiet;
}

static void
kept_tell(const struct kept *k, struct eb_diag *to)
{
	for (size_t i = 0; i < k->n; i++)
		eb_diag(to, k->said[i].sev, k->said[i].loc, "%s", k->said[i].msg);
}

static void
kept_free(struct kept *k)
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
	struct kept kept;
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
		kept_init(&pt->kept, f->p.diag);
		pt->f.fmt = f->fmt;
		pt->f.p = f->p;
		pt->f.p.t = pt->t;
		pt->f.p.diag = &pt->kept.diag;
		pt->f.p.err = &pt->err;
		pt->f.p.state = eb_xcalloc(1, f->fmt->state_size);
		f->fmt->resume(pt->f.p.state);
		eb_lines_init(&pt->lr, lr->max, feed_line, &pt->f);
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
			kept_free(&pt->kept);
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
			kept_tell(&pt->kept, f->p.diag);
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
		kept_free(&pt->kept);
	}
	if (st == EB_OK && started < nparts)
		st = eb_lines_feed(lr, cut[started], (size_t)(s + n - cut[started]));
	return st;
}

/* Reads fd to its end a block at a time, sharing each block's whole lines
 * among threads when the format says they can be. */
static enum eb_status
feed_blocks(struct feed *f, struct eb_lines *lr, const struct source *src, int nparts,
    struct eb_err *err)
{
	char *buf = eb_xmalloc(BLOCK);
	size_t have = 0;
	enum eb_status st = EB_OK;
	int eof = 0;

	while (st == EB_OK && !eof) {
		size_t at = 0, upto, got;
		const char *last;

		if ((st = read_full(src->fd, src->path, buf + have, BLOCK - have, &got, err)) != EB_OK)
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

static enum eb_status
run_parser(struct eb_table *t, const struct eb_format *fmt,
    const struct source *src, const struct eb_ingest_opts *opts,
    struct eb_err *err)
{
	struct feed f;
	struct eb_lines lr;
	enum eb_status st;
	size_t first = t->n;
	char *chunk = NULL;
	int nparts;

	memset(&f, 0, sizeof f);
	f.fmt = fmt;
	f.p.t = t;
	f.p.diag = opts->diag;
	f.p.err = err;
	f.p.path = src->path;
	f.p.opts = opts;
	f.p.state = fmt->state_size ? eb_xcalloc(1, fmt->state_size) : NULL;
	eb_lines_init(&lr, EB_MAX_LINE, feed_line, &f);
	lr.cr_only = eb_lines_cr_only(src->head, src->headlen);

	st = eb_lines_feed(&lr, src->head, src->headlen);
	if (st == EB_OK && src->fd >= 0 && fmt->resume != NULL && (nparts = eb_cpu_count()) > 1) {
		st = feed_blocks(&f, &lr, src, nparts > MAX_PARTS ? MAX_PARTS : nparts, err);
	} else if (st == EB_OK && src->fd >= 0) {
		chunk = eb_xmalloc(CHUNK);
		for (;;) {
			ssize_t n = read(src->fd, chunk, CHUNK);

			if (n < 0 && errno == EINTR)
				continue;
			if (n < 0) {
				struct eb_loc loc = { src->path, 0, 0 };

				st = eb_err_set(err, EB_ERR_IO, loc, "cannot read: %s",
				    strerror(errno));
				break;
			}
			if (n == 0)
				break;
			if ((st = eb_lines_feed(&lr, chunk, (size_t)n)) != EB_OK)
				break;
		}
		free(chunk);
	}
	if (st == EB_OK)
		st = eb_lines_finish(&lr);
	if (st != EB_OK && !f.parser_failed && st == EB_ERR_DATA) {
		struct eb_loc loc = { src->path, lr.lineno, 0 };

		eb_err_set(err, EB_ERR_DATA, loc,
		    "line longer than %d bytes, the most encbench reads", EB_MAX_LINE);
	}
	if (st == EB_OK)
		st = fmt->finish(&f.p, 1);
	else
		fmt->finish(&f.p, 0);
	eb_lines_free(&lr);
	free(f.p.state);
	if (st != EB_OK)
		t->n = first;
	return st;
}

/* Every record a parse added holds a value a benchmark can have measured
 * (core/limits.c), whatever its parser checked: one that does not fails
 * the file where the record came from. results.csv checks its own rows,
 * since its sources name other files. */
static enum eb_status
check_values(struct eb_table *t, size_t first, const struct eb_format *fmt,
    const char *path, struct eb_diag *diag, struct eb_err *err)
{
	char why[200];

	eb_labels_utf8(t, first, path, diag);
	if (fmt == &eb_format_results)
		return EB_OK;
	for (size_t i = first; i < t->n; i++) {
		const struct eb_record *r = &t->rows[i];

		if (!eb_value_check(r->f[EB_F_METRIC], r->f[EB_F_UNIT], r->value, why, sizeof why)) {
			struct eb_loc loc = { r->f[EB_F_SOURCE], 0, 0 };

			return eb_err_set(err, EB_ERR_DATA, loc, "%s", why);
		}
	}
	return EB_OK;
}

void
eb_labels_utf8(struct eb_table *t, size_t first, const char *path, struct eb_diag *diag)
{
	int told = 0;
	/* Labels are interned: the last valid one of each field, known by its
	 * pointer, needs no second look. */
	const char *valid[EB_NFIELDS] = { NULL };

	for (size_t i = first; i < t->n; i++) {
		struct eb_record *r = &t->rows[i];

		for (int f = 0; f < EB_NFIELDS; f++) {
			const char *s = r->f[f];
			size_t n;
			char *fixed;

			if (s == valid[f])
				continue;
			while ((unsigned char)*s != 0 && (unsigned char)*s < 0x80)
				s++;
			if (*s == '\0' || eb_utf8_valid(s, strlen(s))) {
				valid[f] = r->f[f];
				continue;
			}
			n = strlen(r->f[f]);
			fixed = eb_utf8_repair(r->f[f], n);
			if (!told++) {
				struct eb_loc loc = { path, 0, 0 };

				int c = 0;

				while (eb_column_field(c) != f)
					c++;
				eb_diag(diag, EB_WARNING, loc,
				    "%s '%s' is not UTF-8; its stray bytes, and those of every "
				    "other such label of this input, are written as U+FFFD",
				    eb_column_names[c], fixed);
			}
			r->f[f] = eb_intern(t, fixed, strlen(fixed));
			free(fixed);
		}
	}
}

/* A diagnostics sink that passes everything on and remembers the last
 * warning or note, which says why a file gave no record. */
struct said_last {
	struct eb_diag diag;
	struct eb_diag *to;
	char msg[256];
};

static void
say_and_keep(void *ctx, enum eb_severity sev, struct eb_loc loc, const char *msg)
{
	struct said_last *k = ctx;

	if (sev != EB_ERROR)
		snprintf(k->msg, sizeof k->msg, "%s", msg);
	eb_diag(k->to, sev, loc, "%s", msg);
}

static enum eb_status
ingest_source(struct eb_table *t, const struct source *src, int in_dir,
    const struct eb_ingest_opts *opts, struct eb_err *err)
{
	const struct eb_format *fmt = NULL;
	struct eb_loc loc = { src->path, 0, 0 };
	struct eb_ingest_opts told = *opts;
	struct said_last last;
	enum eb_status st;
	size_t first = t->n;
	int score = 100;

	if ((st = check_text(src, err)) != EB_OK)
		return in_dir ? UNRECOGNISED : st;
	if (opts->format != NULL && strcmp(opts->format, "auto") != 0) {
		fmt = eb_format_find(opts->format);
		if (fmt == NULL)
			return eb_err_set(err, EB_ERR_USAGE, (struct eb_loc){ 0 },
			    "unknown format '%s' (formats: auto, %s)", opts->format,
			    eb_format_names());
		if (in_dir && detect_one(fmt, src->head, src->headlen) == 0)
			return UNRECOGNISED;
	} else if ((fmt = detect(src->head, src->headlen, &score)) == NULL) {
		if (in_dir)
			return UNRECOGNISED;
		return eb_err_set(err, EB_ERR_DATA, loc,
		    "not output of any format encbench reads (%s); "
		    "name one with --format if this is a damaged one", eb_format_names());
	}
	memset(&last, 0, sizeof last);
	last.diag.emit = say_and_keep;
	last.diag.ctx = &last;
	last.to = opts->diag;
	told.diag = &last.diag;
	st = run_parser(t, fmt, src, &told, err);
	if (st == EB_OK && (st = check_values(t, first, fmt, src->path, &last.diag, err)) != EB_OK)
		t->n = first;
	/* A file that is benchmark output but gives no record fails as an
	 * empty one does; in a directory, its warning says why it adds none. */
	if (st == EB_OK && t->n == first && !in_dir)
		st = eb_err_set(err, EB_ERR_DATA, loc, "no record in this %s input%s%s",
		    fmt->name, last.msg[0] ? ": " : "", last.msg);
	/* Inside a directory, a file that only looked tabular (any CSV does
	 * to the spreadsheet reader) is somebody's other file, not a broken
	 * benchmark output: it is skipped, with the reason. */
	if (st == EB_ERR_DATA && in_dir && score < EB_PROBE_WEAK) {
		eb_diag(opts->diag, EB_WARNING, err->loc, "skipped: read as %s, %s", fmt->name,
		    err->msg);
		return UNRECOGNISED_QUIET;
	}
	return st;
}

static void
report(const struct eb_ingest_opts *opts, const struct eb_err *err)
{
	eb_diag(opts->diag, EB_ERROR, err->loc, "%s", err->msg);
}

static enum eb_status
ingest_fd(struct eb_table *t, const char *path, int fd, int in_dir,
    const struct eb_ingest_opts *opts, struct eb_err *err)
{
	struct source src = { path, NULL, 0, fd };
	char *head = eb_xmalloc(EB_PROBE_BYTES);
	size_t len;
	enum eb_status st;

	if ((st = read_full(fd, path, head, EB_PROBE_BYTES, &len, err)) != EB_OK) {
		free(head);
		return st;
	}
	src.head = head;
	src.headlen = len;
	st = ingest_source(t, &src, in_dir, opts, err);
	free(head);
	return st;
}

static int
skip_dotfiles(const struct dirent *d)
{
	return d->d_name[0] != '.';
}

int
eb_cpu_count(void)
{
	cpu_set_t cpus;

	if (sched_getaffinity(0, sizeof cpus, &cpus) == 0 && CPU_COUNT(&cpus) > 0)
		return CPU_COUNT(&cpus);
	return 1;
}

/* NAME.map.json for NAME.csv, when that file exists. */
static char *
sidecar_map(const char *path)
{
	size_t n = strlen(path);
	char *map;

	if (n < 4 || !eb_ascii_ieq(path + n - 4, ".csv"))
		return NULL;
	map = eb_xasprintf("%.*s.map.json", (int)(n - 4), path);
	if (access(map, R_OK) != 0) {
		free(map);
		return NULL;
	}
	return map;
}

static int
is_sidecar(const char *name)
{
	size_t n = strlen(name);

	return n > 9 && strcmp(name + n - 9, ".map.json") == 0;
}

/* Reads the file at path into t. A spreadsheet's map can stand beside it
 * as NAME.map.json, so that a folder of old sheets reads right without
 * --map; *sidecar is then that path, for the caller to free once the
 * diagnostics that may name it are told. */
static enum eb_status
read_named_file(struct eb_table *t, const char *path, int in_dir,
    const struct eb_ingest_opts *opts, char **sidecar, struct eb_err *err)
{
	struct eb_loc loc = { path, 0, 0 };
	struct eb_ingest_opts with_map = *opts;
	enum eb_status st;
	struct stat sb;
	/* Not blocking in open: a FIFO without a writer would wait for ever;
	 * opened so, it reads as empty, and one with a writer as its data. */
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);

	if (fd < 0)
		return eb_err_set(err, EB_ERR_IO, loc, "cannot open: %s", strerror(errno));
	if (fstat(fd, &sb) != 0 || S_ISCHR(sb.st_mode) || S_ISBLK(sb.st_mode)) {
		close(fd);
		return eb_err_set(err, EB_ERR_IO, loc, "is a device, not a file of benchmark "
		    "output (to read a stream, give - and redirect it)");
	}
	fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK);
	if (with_map.map == NULL && (*sidecar = sidecar_map(path)) != NULL)
		with_map.map = *sidecar;
	st = ingest_fd(t, path, fd, in_dir, &with_map, err);
	if (st == EB_ERR_DATA && S_ISFIFO(sb.st_mode) && strncmp(err->msg, "empty file", 10) == 0)
		snprintf(err->msg, sizeof err->msg, "a FIFO that no program was writing to "
		    "when it was opened: nothing to read");
	close(fd);
	return st;
}

/* ---- directories
 *
 * A directory is read in three steps. The walk lists what it finds, in
 * name order: the files to read, the checks of run directories, and its
 * own errors. The files are then parsed, each into a table of its own
 * with its diagnostics kept back, by as many threads as there are CPUs,
 * since most of a folder's time is parsing and files do not depend on
 * each other. Last, in the order of the walk, each file's diagnostics are
 * told and its records appended and labelled, so that the output is the
 * same whatever the number of threads. */

/* STEP_SPECIAL: a FIFO, socket or device, which a walk does not open;
 * STEP_OWN: encbench's own results.csv (core/unique.c). */
enum step_kind { STEP_FILE, STEP_RUN_CHECK, STEP_ERROR, STEP_SPECIAL, STEP_OWN };

struct step {
	enum step_kind kind;
	char *path;		/* the file, or the run root to check */
	int in_run;
	size_t run_index;
	size_t root_len;	/* length of the run root's path */
	/* What parsing the file gave: */
	struct eb_table *t;
	enum eb_status st;
	struct eb_err err;
	char *sidecar;
	struct kept kept;	/* its diagnostics, told when it is merged */
};

struct walker {
	struct eb_table *t;
	const struct eb_ingest_opts *opts;
	struct eb_err *err;
	struct step *steps;
	size_t nsteps, capsteps;
	int in_run;
	size_t run_index;
	size_t root_len;
	int next;		/* the next step a parsing thread takes */
	/* Files skipped as not benchmark output, told in one note at the end
	 * of the folder unless opts->verbose. */
	size_t nskipped;
	char *first_skipped;
};

static struct step *
add_step(struct walker *w, enum step_kind kind, const char *path)
{
	struct step *s;

	eb_xgrow(&w->steps, &w->capsteps, w->nsteps + 1, sizeof *w->steps);
	s = &w->steps[w->nsteps++];
	memset(s, 0, sizeof *s);
	s->kind = kind;
	s->path = path != NULL ? eb_xstrdup(path) : NULL;
	s->in_run = w->in_run;
	s->run_index = w->run_index;
	s->root_len = w->root_len;
	return s;
}

/* A walk error, told in its place among the files' diagnostics. */
static void
walk_error(struct walker *w)
{
	struct step *s = add_step(w, STEP_ERROR, w->err->loc.path);

	s->err = *w->err;
	s->err.loc.path = s->path;
	s->st = w->err->code;
}

static enum eb_status
walk(struct walker *w, const char *dir, int depth)
{
	struct dirent **names;
	struct eb_loc loc = { dir, 0, 0 };
	int n, found = 0, run_root = 0;

	if (depth > MAX_DEPTH) {
		eb_err_set(w->err, EB_ERR_DATA, loc,
		    "directories nested deeper than %d levels are not walked", MAX_DEPTH);
		walk_error(w);
		return EB_OK;
	}
	if (!w->in_run) {
		if (eb_rundir_load(w->t, dir, &w->run_index, &found, w->err) != EB_OK) {
			walk_error(w);
			return EB_OK;
		}
		if (found) {
			w->in_run = run_root = 1;
			w->root_len = strlen(dir);
			while (w->root_len > 1 && dir[w->root_len - 1] == '/')
				w->root_len--;
		}
	}
	n = scandir(dir, &names, skip_dotfiles, alphasort);
	if (n < 0) {
		eb_err_set(w->err, EB_ERR_IO, loc, "cannot read directory: %s", strerror(errno));
		walk_error(w);
		return EB_OK;
	}
	for (int i = 0; i < n; i++) {
		size_t dl = strlen(dir);
		char *child = eb_xasprintf("%.*s/%s", (int)(dl > 1 && dir[dl - 1] == '/' ? dl - 1 : dl),
		    dir, names[i]->d_name);
		struct stat sb;

		if (stat(child, &sb) != 0)
			;
		else if (S_ISDIR(sb.st_mode))
			walk(w, child, depth + 1);
		else if (!S_ISREG(sb.st_mode))
			add_step(w, STEP_SPECIAL, child);
		else if (!is_sidecar(names[i]->d_name) &&
		    !(run_root && strcmp(names[i]->d_name, "meta.json") == 0))
			add_step(w, eb_is_own_output(child) ? STEP_OWN : STEP_FILE, child);
		free(child);
		free(names[i]);
	}
	free(names);
	if (run_root) {
		add_step(w, STEP_RUN_CHECK, dir);
		w->in_run = 0;
	}
	return EB_OK;
}

/* Parses one file of a walk into a table of its own. */
static void
parse_step(struct walker *w, struct step *s)
{
	struct eb_ingest_opts opts = *w->opts;

	s->t = eb_table_new();
	kept_init(&s->kept, w->opts->diag);
	opts.diag = &s->kept.diag;
	s->st = read_named_file(s->t, s->path, 1, &opts, &s->sidecar, &s->err);
}

static void *
parse_steps(void *arg)
{
	struct walker *w = arg;
	size_t i;

	while ((i = (size_t)__atomic_fetch_add(&w->next, 1, __ATOMIC_RELAXED)) < w->nsteps)
		if (w->steps[i].kind == STEP_FILE)
			parse_step(w, &w->steps[i]);
	return NULL;
}

/* What no parsing thread may be first to set up. */
static void
prepare_threads(void)
{
	eb_dd_prepare();
	(void)eb_format_names();
	json_object_seed(0);
}

static void
parse_all(struct walker *w)
{
	pthread_t tid[MAX_THREADS];
	int n = eb_cpu_count(), started = 0;

	if (n > MAX_THREADS)
		n = MAX_THREADS;
	if ((size_t)n > w->nsteps)
		n = (int)w->nsteps;
	if (n > 1) {
		prepare_threads();
		for (; started < n - 1; started++)
			if (pthread_create(&tid[started], NULL, parse_steps, w) != 0)
				break;
	}
	parse_steps(w);
	for (int k = 0; k < started; k++)
		pthread_join(tid[k], NULL);
}

/* Tells a parsed file's diagnostics and appends its records, as reading
 * it there and then would have. */
static enum eb_status
merge_step(struct walker *w, struct step *s, size_t *nread)
{
	struct eb_loc loc = { s->path, 0, 0 };
	size_t first = w->t->n;

	kept_tell(&s->kept, w->opts->diag);
	if (s->st == UNRECOGNISED) {
		if (w->opts->verbose)
			eb_diag(w->opts->diag, EB_NOTE, loc, "skipped: %s", s->kind == STEP_SPECIAL ?
			    "not a regular file (a FIFO, socket or device)" : "not benchmark output");
		else if (w->nskipped++ == 0)
			w->first_skipped = eb_xstrdup(s->path);
		return EB_OK;
	}
	if (s->st == UNRECOGNISED_QUIET)
		return EB_OK;
	if (s->st != EB_OK) {
		*w->err = s->err;
		report(w->opts, &s->err);
		return s->st;
	}
	(*nread)++;
	eb_table_move(w->t, s->t);
	if (s->in_run) {
		eb_rundir_label(w->t, s->run_index, first, s->path + s->root_len + 1);
		eb_labels_utf8(w->t, first, s->path, w->opts->diag);
	}
	return EB_OK;
}

static void
free_step(struct step *s)
{
	kept_free(&s->kept);
	if (s->t != NULL)
		eb_table_free(s->t);
	free(s->sidecar);
	free(s->path);
}

static enum eb_status
read_dir(struct walker *w, const char *path, size_t *nread)
{
	enum eb_status worst = EB_OK, st;

	walk(w, path, 0);
	parse_all(w);
	for (size_t i = 0; i < w->nsteps; i++) {
		struct step *s = &w->steps[i];

		st = EB_OK;
		if (s->kind == STEP_SPECIAL) {
			s->st = UNRECOGNISED;
			st = merge_step(w, s, nread);
		} else if (s->kind == STEP_OWN) {
			struct eb_loc own = { s->path, 0, 0 };

			eb_diag(w->opts->diag, EB_NOTE, own, "skipped: encbench's own output (the "
			    "datapackage.json beside it names it); name it to read it");
		} else if (s->kind == STEP_FILE) {
			st = merge_step(w, s, nread);
		} else if (s->kind == STEP_RUN_CHECK) {
			eb_rundir_check(w->t, s->run_index, s->path, w->opts->diag);
		} else {
			*w->err = s->err;
			report(w->opts, &s->err);
			st = s->st;
		}
		if (st != EB_OK)
			worst = st;
		/* A file's records and diagnostics are done with once told. */
		free_step(s);
	}
	free(w->steps);
	if (w->nskipped == 1) {
		struct eb_loc loc = { w->first_skipped, 0, 0 };

		eb_diag(w->opts->diag, EB_NOTE, loc, "skipped: not benchmark output");
	} else if (w->nskipped > 1) {
		struct eb_loc loc = { path, 0, 0 };

		eb_diag(w->opts->diag, EB_NOTE, loc, "skipped %zu files that are not benchmark "
		    "output, %s among them (-v names each)", w->nskipped, w->first_skipped);
	}
	free(w->first_skipped);
	/* err's location was a file's, gone with it; the walk's root stays. */
	w->err->loc.path = path;
	w->err->loc.line = w->err->loc.col = 0;
	return worst;
}

/* The run root of a file named alone: its folder or the one above when
 * that holds a meta.json, as in runs/24.04/none/dd-write-r1.txt. path is
 * absolute, without "." or ".." (realpath). Returns the root (the caller
 * frees it) with *rel at the path below it, or NULL. */
static char *
run_root_of(const char *path, const char **rel)
{
	const char *end = path + strlen(path);
	int found = 0;

	for (int up = 0; up < 2; up++) {
		char *root, *meta;

		while (end > path && end[-1] != '/')
			end--;
		if (end <= path + 1)	/* "/" is no run */
			break;
		root = eb_xstrndup(path, (size_t)(end - path - 1 > 0 ? end - path - 1 : 1));
		meta = eb_xasprintf("%s/meta.json", root);
		found = access(meta, F_OK) == 0;
		free(meta);
		if (found) {
			*rel = end;
			return root;
		}
		free(root);
		end--;
	}
	return NULL;
}

static enum eb_status
ingest_file(const char *path, struct eb_table *t, const struct eb_ingest_opts *opts,
    struct eb_err *err)
{
	char *sidecar = NULL, *root, *real = NULL;
	const char *rel = NULL, *base = strrchr(path, '/');
	size_t first = t->n, index;
	int found = 0;
	enum eb_status st = read_named_file(t, path, 0, opts, &sidecar, err);

	base = base != NULL ? base + 1 : path;
	/* A file of a run directory named alone is labelled as the walk of
	 * its run would label it. */
	if (st == EB_OK && strcmp(base, "meta.json") != 0 && !is_sidecar(base) &&
	    (real = realpath(path, NULL)) != NULL && (root = run_root_of(real, &rel)) != NULL) {
		st = eb_rundir_load(t, root, &index, &found, err);
		if (st == EB_OK && found) {
			eb_rundir_label(t, index, first, rel);
			eb_labels_utf8(t, first, path, opts->diag);
		} else if (st != EB_OK) {
			t->n = first;
		}
		free(root);
	}
	free(real);
	if (st != EB_OK)
		report(opts, err);
	free(sidecar);
	return st;
}

enum eb_status
eb_ingest_path(struct eb_table *t, const char *path,
    const struct eb_ingest_opts *opts, struct eb_err *err)
{
	struct eb_loc loc = { path, 0, 0 };
	struct walker w;
	struct stat sb;
	enum eb_status st;
	size_t nread = 0, first;

	if (strcmp(path, "-") == 0) {
		st = ingest_fd(t, "-", STDIN_FILENO, 0, opts, err);
		if (st != EB_OK)
			report(opts, err);
		return st;
	}
	if (stat(path, &sb) != 0) {
		st = eb_err_set(err, EB_ERR_IO, loc, "cannot open: %s", strerror(errno));
		report(opts, err);
		return st;
	}
	if (!S_ISDIR(sb.st_mode))
		return ingest_file(path, t, opts, err);
	memset(&w, 0, sizeof w);
	w.t = t;
	w.opts = opts;
	w.err = err;
	first = t->n;
	st = read_dir(&w, path, &nread);
	if (st == EB_OK && nread == 0) {
		st = eb_err_set(err, EB_ERR_DATA, loc,
		    "no benchmark output in this directory (formats: %s)", eb_format_names());
		report(opts, err);
	} else if (st == EB_OK && t->n == first) {
		st = eb_err_set(err, EB_ERR_DATA, loc,
		    "no record from the benchmark output in this directory "
		    "(the warnings above say why)");
		report(opts, err);
	}
	return st;
}

enum eb_status
eb_ingest_buffer(struct eb_table *t, const char *path, const char *data,
    size_t len, const struct eb_ingest_opts *opts, struct eb_err *err)
{
	struct source src = { path, data, len, -1 };
	enum eb_status st = ingest_source(t, &src, 0, opts, err);

	return st == UNRECOGNISED || st == UNRECOGNISED_QUIET ? EB_ERR_DATA : st;
}
