/* ingest.c - the driver: walks paths, detects each file's format from its
 * first bytes, and streams its lines through that format's parser. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "ingest.h"

#define MAX_DEPTH 16
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

	memset(&f, 0, sizeof f);
	f.fmt = fmt;
	f.p.t = t;
	f.p.diag = opts->diag;
	f.p.err = err;
	f.p.path = src->path;
	f.p.opts = opts;
	f.p.state = fmt->state_size ? eb_xcalloc(1, fmt->state_size) : NULL;
	eb_lines_init(&lr, EB_MAX_LINE, feed_line, &f);

	st = eb_lines_feed(&lr, src->head, src->headlen);
	if (st == EB_OK && src->fd >= 0) {
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

static enum eb_status
ingest_source(struct eb_table *t, const struct source *src, int in_dir,
    const struct eb_ingest_opts *opts, struct eb_err *err)
{
	const struct eb_format *fmt = NULL;
	struct eb_loc loc = { src->path, 0, 0 };
	enum eb_status st;
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
	st = run_parser(t, fmt, src, opts, err);
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
	size_t len = 0;
	enum eb_status st;

	while (len < EB_PROBE_BYTES) {
		ssize_t n = read(fd, head + len, EB_PROBE_BYTES - len);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			struct eb_loc loc = { path, 0, 0 };

			free(head);
			return eb_err_set(err, EB_ERR_IO, loc, "cannot read: %s",
			    strerror(errno));
		}
		if (n == 0)
			break;
		len += (size_t)n;
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

/* What a directory walk carries down: where records go, how many files
 * were read, and the run directory (meta.json) the walk is inside, if any. */
struct walker {
	struct eb_table *t;
	const struct eb_ingest_opts *opts;
	struct eb_err *err;
	size_t nread;
	int in_run;
	size_t run_index;
	size_t root_len;	/* length of the run root's path */
};

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

static enum eb_status
ingest_file(struct walker *w, const char *path, int in_dir)
{
	struct eb_loc loc = { path, 0, 0 };
	size_t first = w->t->n;
	enum eb_status st;
	int fd;

	struct eb_ingest_opts with_map = *w->opts;
	char *sidecar = NULL;

	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		st = eb_err_set(w->err, EB_ERR_IO, loc, "cannot open: %s", strerror(errno));
		report(w->opts, w->err);
		return st;
	}
	/* A spreadsheet's map can stand beside it as NAME.map.json, so that a
	 * folder of old sheets reads right without --map. */
	if (with_map.map == NULL && (sidecar = sidecar_map(path)) != NULL)
		with_map.map = sidecar;
	st = ingest_fd(w->t, path, fd, in_dir, &with_map, w->err);
	free(sidecar);
	close(fd);
	if (st == UNRECOGNISED || st == UNRECOGNISED_QUIET) {
		if (st == UNRECOGNISED)
			eb_diag(w->opts->diag, EB_NOTE, loc, "skipped: not benchmark output");
		return EB_OK;
	}
	if (st != EB_OK) {
		report(w->opts, w->err);
		return st;
	}
	w->nread++;
	if (w->in_run)
		eb_rundir_label(w->t, w->run_index, first, path + w->root_len + 1);
	return EB_OK;
}

static enum eb_status
walk(struct walker *w, const char *dir, int depth)
{
	struct dirent **names;
	struct eb_loc loc = { dir, 0, 0 };
	enum eb_status worst = EB_OK, st;
	int n, found = 0, run_root = 0;

	if (depth > MAX_DEPTH) {
		eb_err_set(w->err, EB_ERR_DATA, loc,
		    "directories nested deeper than %d levels are not walked", MAX_DEPTH);
		report(w->opts, w->err);
		return EB_ERR_DATA;
	}
	if (!w->in_run) {
		st = eb_rundir_load(w->t, dir, &w->run_index, &found, w->err);
		if (st != EB_OK) {
			report(w->opts, w->err);
			return st;
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
		report(w->opts, w->err);
		return EB_ERR_IO;
	}
	for (int i = 0; i < n; i++) {
		size_t dl = strlen(dir);
		char *child = eb_xasprintf("%.*s/%s", (int)(dl > 1 && dir[dl - 1] == '/' ? dl - 1 : dl),
		    dir, names[i]->d_name);
		struct stat sb;

		st = EB_OK;
		if (stat(child, &sb) != 0)
			;
		else if (S_ISDIR(sb.st_mode))
			st = walk(w, child, depth + 1);
		else if (S_ISREG(sb.st_mode) && !is_sidecar(names[i]->d_name) &&
		    !(run_root && strcmp(names[i]->d_name, "meta.json") == 0))
			st = ingest_file(w, child, 1);
		if (st != EB_OK)
			worst = st;
		free(child);
		free(names[i]);
	}
	free(names);
	if (run_root) {
		eb_rundir_check(w->t, w->run_index, dir, w->opts->diag);
		w->in_run = 0;
	}
	return worst;
}

enum eb_status
eb_ingest_path(struct eb_table *t, const char *path,
    const struct eb_ingest_opts *opts, struct eb_err *err)
{
	struct eb_loc loc = { path, 0, 0 };
	struct walker w = { t, opts, err, 0, 0, 0, 0 };
	struct stat sb;
	enum eb_status st;

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
		return ingest_file(&w, path, 0);
	st = walk(&w, path, 0);
	if (st == EB_OK && w.nread == 0) {
		st = eb_err_set(err, EB_ERR_DATA, loc,
		    "no benchmark output in this directory (formats: %s)", eb_format_names());
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
