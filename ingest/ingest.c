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

struct said {
	enum eb_severity sev;
	struct eb_loc loc;
	char *msg;
};

enum step_kind { STEP_FILE, STEP_RUN_CHECK, STEP_ERROR };

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
	struct said *said;
	size_t nsaid, capsaid;
	struct eb_diag diag;
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
		else if (S_ISREG(sb.st_mode) && !is_sidecar(names[i]->d_name) &&
		    !(run_root && strcmp(names[i]->d_name, "meta.json") == 0))
			add_step(w, STEP_FILE, child);
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

static void
keep_said(void *ctx, enum eb_severity sev, struct eb_loc loc, const char *msg)
{
	struct step *s = ctx;
	struct said *d;

	eb_xgrow(&s->said, &s->capsaid, s->nsaid + 1, sizeof *s->said);
	d = &s->said[s->nsaid++];
	d->sev = sev;
	d->loc = loc;
	d->msg = eb_xstrdup(msg);
}

/* Parses one file of a walk into a table of its own. */
static void
parse_step(struct walker *w, struct step *s)
{
	struct eb_ingest_opts opts = *w->opts;
	struct eb_loc loc = { s->path, 0, 0 };
	int fd;

	s->t = eb_table_new();
	s->diag.emit = keep_said;
	s->diag.ctx = s;
	s->diag.quiet = w->opts->diag != NULL && w->opts->diag->quiet;
	opts.diag = &s->diag;
	fd = open(s->path, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		s->st = eb_err_set(&s->err, EB_ERR_IO, loc, "cannot open: %s", strerror(errno));
		return;
	}
	/* A spreadsheet's map can stand beside it as NAME.map.json, so that a
	 * folder of old sheets reads right without --map. */
	if (opts.map == NULL && (s->sidecar = sidecar_map(s->path)) != NULL)
		opts.map = s->sidecar;
	s->st = ingest_fd(s->t, s->path, fd, 1, &opts, &s->err);
	close(fd);
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

	for (size_t i = 0; i < s->nsaid; i++)
		eb_diag(w->opts->diag, s->said[i].sev, s->said[i].loc, "%s", s->said[i].msg);
	if (s->st == UNRECOGNISED) {
		eb_diag(w->opts->diag, EB_NOTE, loc, "skipped: not benchmark output");
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
	eb_table_append(w->t, s->t);
	if (s->in_run)
		eb_rundir_label(w->t, s->run_index, first, s->path + s->root_len + 1);
	return EB_OK;
}

static void
free_step(struct step *s)
{
	for (size_t i = 0; i < s->nsaid; i++)
		free(s->said[i].msg);
	free(s->said);
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
		if (s->kind == STEP_FILE) {
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
	/* err's location was a file's, gone with it; the walk's root stays. */
	w->err->loc.path = path;
	w->err->loc.line = w->err->loc.col = 0;
	return worst;
}

static enum eb_status
ingest_file(const char *path, struct eb_table *t, const struct eb_ingest_opts *opts,
    struct eb_err *err)
{
	struct eb_loc loc = { path, 0, 0 };
	struct eb_ingest_opts with_map = *opts;
	char *sidecar = NULL;
	enum eb_status st;
	int fd;

	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		st = eb_err_set(err, EB_ERR_IO, loc, "cannot open: %s", strerror(errno));
		report(opts, err);
		return st;
	}
	if (with_map.map == NULL && (sidecar = sidecar_map(path)) != NULL)
		with_map.map = sidecar;
	st = ingest_fd(t, path, fd, 0, &with_map, err);
	close(fd);
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
	size_t nread = 0;

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
	st = read_dir(&w, path, &nread);
	if (st == EB_OK && nread == 0) {
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
