/* ingest.c - the driver: reads one named file, stdin or a buffer, checks and
 * detects it, and runs its format's parser over it; folders go to walk.c. */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "driver.h"
#include "fio.h"
#include "rundir.h"


#define CHUNK 65536

/* Feeds src's head and then the rest of its descriptor to lr, on every
 * CPU when the format can parse blocks apart. */
static enum eb_status
feed_lines(struct feed *f, struct eb_lines *lr, const struct source *src, struct eb_err *err)
{
	enum eb_status st = eb_lines_feed(lr, src->head, src->headlen);
	char *chunk;
	int nparts;

	if (st != EB_OK || src->fd < 0)
		return st;
	if (f->fmt->resume != NULL && (nparts = eb_cpu_count()) > 1)
		return eb_feed_blocks(f, lr, src, nparts, err);
	chunk = eb_xmalloc(CHUNK);
	for (;;) {
		ssize_t n = read(src->fd, chunk, CHUNK);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			struct eb_loc loc = { src->path, 0, 0 };

			st = eb_err_set(err, EB_ERR_IO, loc, "cannot read: %s", strerror(errno));
			break;
		}
		if (n == 0 || (st = eb_lines_feed(lr, chunk, (size_t)n)) != EB_OK)
			break;
	}
	free(chunk);
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
	struct stat sb;

	memset(&f, 0, sizeof f);
	f.fmt = fmt;
	f.p.t = t;
	f.p.diag = opts->diag;
	f.p.err = err;
	f.p.path = src->path;
	f.p.opts = opts;
	f.p.runs = src->runs;
	f.p.state = fmt->state_size ? eb_xcalloc(1, fmt->state_size) : NULL;
	eb_lines_init(&lr, EB_MAX_LINE, eb_feed_line, &f);
	lr.cr_only = eb_lines_cr_only(src->head, src->headlen);

	/* A named regular file (stdin may stand anywhere in one) whose format
	 * reads it whole, unless its lines end in a lone CR. */
	if (fmt->read_file != NULL && src->fd >= 0 && strcmp(src->path, "-") != 0 &&
	    !lr.cr_only && fstat(src->fd, &sb) == 0 && S_ISREG(sb.st_mode)) {
		st = fmt->read_file(&f.p, src->fd, eb_cpu_count());
		f.parser_failed = st != EB_OK;
	} else {
		st = feed_lines(&f, &lr, src, err);
	}
	f.p.unended = lr.cur.len > 0;
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
	if (st != EB_OK) {
		t->n = first;
		eb_runs_free(src->runs);
	}
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
	if (fmt->checks_values)
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

/* The label with each control character (eb_utf8_control: C0, DEL, C1,
 * bidirectional controls, which would move a terminal's cursor, recolour
 * it, reorder a line or split a markdown heading wherever the label goes)
 * written as a space. */
static void
controls_to_spaces(char *s)
{
	char *out = s;

	while (*s != '\0') {
		size_t k = eb_utf8_control(s);

		if (k > 0) {
			*out++ = ' ';
			s += k;
		} else
			*out++ = *s++;
	}
	*out = '\0';
}

static int
has_control(const char *s)
{
	for (; *s != '\0'; s++)
		if (eb_utf8_control(s) > 0)
			return 1;
	return 0;
}

void
eb_labels_utf8(struct eb_table *t, size_t first, const char *path, struct eb_diag *diag)
{
	int told_utf8 = 0, told_control = 0;
	/* Labels are interned: the last valid one of each field, known by its
	 * pointer, needs no second look. */
	const char *valid[EB_NFIELDS] = { NULL };

	for (size_t i = first; i < t->n; i++) {
		struct eb_record *r = &t->rows[i];

		for (int f = 0; f < EB_NFIELDS; f++) {
			const char *s = r->f[f];
			struct eb_loc loc = { path, 0, 0 };
			int utf8, control = 0;
			size_t n;
			char *fixed;

			if (s == valid[f])
				continue;
			while ((unsigned char)*s >= 0x20 && (unsigned char)*s < 0x7f)
				s++;
			if (*s == '\0') {
				valid[f] = r->f[f];
				continue;
			}
			n = strlen(r->f[f]);
			utf8 = eb_utf8_valid(s, strlen(s));
			control = has_control(s);
			if (utf8 && !control) {
				valid[f] = r->f[f];
				continue;
			}
			fixed = utf8 ? eb_xstrndup(r->f[f], n) : eb_utf8_repair(r->f[f], n);
			controls_to_spaces(fixed);
			if (!utf8 && !told_utf8++)
				eb_diag(diag, EB_WARNING, loc,
				    "%s '%s' is not UTF-8; its stray bytes, and those of every "
				    "other such label of this input, are written as U+FFFD",
				    eb_column_names[eb_field_column(f)], fixed);
			if (control && !told_control++)
				eb_diag(diag, EB_WARNING, loc,
				    "%s '%s' holds control characters (a newline, a tab, an "
				    "escape, a reordering mark); they, and those of every other such label of this "
				    "input, are written as spaces", eb_column_names[eb_field_column(f)], fixed);
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

/* Notes the bytes of an input that gave records (runs.c), so that two
 * inputs of one load with the same bytes, a copy under another name, do
 * not count twice. The bytes are the probe's head, which holds a whole
 * input of under 64 KiB (every dd, bonnie++ and fio summary seen); larger
 * ones are fio logs, whose copies add no repetition, results.csv and
 * sheets, whose rows carry their repetitions, and fio JSON and text,
 * whose runs are noted one by one. results.csv is left to the check of
 * measurements read twice (core/unique.c), which names the record; dd and
 * bonnie++ note each run by its figures (dd.c, bonnie_runs.c), whatever
 * the line ends or the file around it. */
static void
note_content(const struct source *src, const struct eb_format *fmt)
{
	if (src->runs == NULL || (src->fd >= 0 && src->headlen >= EB_PROBE_BYTES) ||
	    strcmp(fmt->name, "results") == 0 || strcmp(fmt->name, "dd") == 0 ||
	    strncmp(fmt->name, "bonnie", 6) == 0)
		return;
	eb_runs_add(src->runs, src->head, src->headlen, 0, "the same bytes", 0);
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

	if ((st = eb_check_text(src, err)) != EB_OK)
		return in_dir ? UNRECOGNISED : st;
	if (opts->format != NULL && strcmp(opts->format, "auto") != 0) {
		fmt = eb_format_find(opts->format);
		if (fmt == NULL)
			return eb_err_set(err, EB_ERR_USAGE, (struct eb_loc){ 0 },
			    "unknown format '%s' (formats: auto, %s)", opts->format,
			    eb_format_names());
		if (in_dir && eb_detect_one(fmt, src->head, src->headlen) == 0)
			return UNRECOGNISED;
	} else if (((fmt = eb_detect(src->head, src->headlen, &score)) == NULL ||
	    (score < EB_PROBE_WEAK && strcmp(fmt->name, "sheet") == 0)) &&
	    eb_fio_log_named(src->path, src->head, src->headlen)) {
		fmt = eb_format_find("fio-log");
		score = 80;
	} else if (fmt == NULL) {
		struct eb_loc first_line = { src->path, 1, 0 };

		if (in_dir)
			return UNRECOGNISED;
		/* Detection reads the head of the file: line 1 is where what
		 * it saw begins. */
		return eb_err_set(err, EB_ERR_DATA, first_line,
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
	if (st == EB_OK && t->n > first)
		note_content(src, fmt);
	/* A file that is benchmark output but gives no record fails as an
	 * empty one does; in a directory, its warning says why it adds none. */
	if (st == EB_OK && t->n == first && !in_dir)
		st = eb_err_set(err, EB_ERR_DATA, loc, "no record in this %s input%s%s",
		    fmt->name, last.msg[0] ? ": " : "", last.msg);
	/* Inside a directory, a file that only looked tabular (any CSV does
	 * to the spreadsheet reader) is somebody's other file, not a broken
	 * benchmark output: it is skipped, with the reason. A weak guess of
	 * another reader (dd's records lines without their summary, a fio
	 * error line) is benchmark output, cut or failed: an error, as when
	 * the file is named. */
	if (st == EB_ERR_DATA && in_dir && score < EB_PROBE_WEAK &&
	    strcmp(fmt->name, "sheet") == 0) {
		eb_diag(opts->diag, EB_WARNING, err->loc, "skipped: read as %s, %s", fmt->name,
		    err->msg);
		return UNRECOGNISED_QUIET;
	}
	return st;
}

void
eb_ingest_report(const struct eb_ingest_opts *opts, const struct eb_err *err)
{
	eb_diag(opts->diag, EB_ERROR, err->loc, "%s", err->msg);
}

static enum eb_status
ingest_fd(struct eb_table *t, const char *path, int fd, int in_dir,
    const struct eb_ingest_opts *opts, struct eb_runs *runs, struct eb_err *err)
{
	struct source src = { path, NULL, 0, fd, runs };
	char *head = eb_xmalloc(EB_PROBE_BYTES);
	size_t len;
	enum eb_status st;

	if ((st = eb_read_full(fd, path, head, EB_PROBE_BYTES, &len, err)) != EB_OK) {
		free(head);
		return st;
	}
	src.head = head;
	src.headlen = len;
	st = ingest_source(t, &src, in_dir, opts, err);
	free(head);
	return st;
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

int
eb_is_sidecar(const char *name)
{
	size_t n = strlen(name);

	return n > 9 && strcmp(name + n - 9, ".map.json") == 0;
}

/* Reads the file at path into t. A spreadsheet's map can stand beside it
 * as NAME.map.json, so that a folder of old sheets reads right without
 * --map; *sidecar is then that path, for the caller to free once the
 * diagnostics that may name it are told. */
enum eb_status
eb_read_named_file(struct eb_table *t, const char *path, int in_dir,
    const struct eb_ingest_opts *opts, char **sidecar, struct eb_runs *runs,
    struct eb_err *err)
{
	struct eb_loc loc = { path, 0, 0 };
	struct eb_ingest_opts with_map = *opts;
	enum eb_status st;
	struct stat sb;
	size_t first;
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
	first = t->n;
	st = ingest_fd(t, path, fd, in_dir, &with_map, runs, err);
	/* No output may replace a file records came from. */
	if (st == EB_OK && t->n > first)
		eb_input_note(path, &sb);
	/* Of the open, not of a line: no line is named. */
	if (st == EB_ERR_DATA && S_ISFIFO(sb.st_mode) && strncmp(err->msg, "empty file", 10) == 0) {
		snprintf(err->msg, sizeof err->msg, "a FIFO that no program was writing to "
		    "when it was opened: nothing to read");
		err->loc.line = 0;
	}
	close(fd);
	return st;
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
	struct eb_runs runs = { 0 };
	enum eb_status st = eb_read_named_file(t, path, 0, opts, &sidecar, &runs, err);

	if (st == EB_OK)
		st = eb_runs_keep(t, first, path, opts->seen, &runs, opts->diag, err);
	eb_runs_free(&runs);

	base = base != NULL ? base + 1 : path;
	/* A file of a run directory named alone is labelled as the walk of
	 * its run would label it. */
	if (st == EB_OK && strcmp(base, "meta.json") != 0 && !eb_is_sidecar(base) &&
	    (real = realpath(path, NULL)) != NULL && (root = run_root_of(real, &rel)) != NULL) {
		st = eb_rundir_load(t, root, &index, &found, opts->diag, err);
		if (st == EB_OK && found) {
			eb_rundir_host(t, index, first, path, opts->diag);
			eb_rundir_label(t, index, first, rel);
			eb_labels_utf8(t, first, path, opts->diag);
		} else if (st != EB_OK) {
			t->n = first;
		}
		free(root);
	}
	free(real);
	if (st != EB_OK)
		eb_ingest_report(opts, err);
	free(sidecar);
	return st;
}

/* fio jobs of one name in two inputs of one test ran alike (runs.c), once
 * the records of the input are labelled. */
static enum eb_status
check_setups(struct eb_table *t, size_t first, const struct eb_ingest_opts *opts,
    struct eb_err *err)
{
	enum eb_status st = eb_run_seen_setups(opts->seen, t, first, err);

	if (st != EB_OK) {
		t->n = first;
		eb_ingest_report(opts, err);
	}
	return st;
}

enum eb_status
eb_ingest_path(struct eb_table *t, const char *path,
    const struct eb_ingest_opts *opts, struct eb_err *err)
{
	struct eb_loc loc = { path, 0, 0 };
	struct stat sb;
	enum eb_status st;
	size_t nread = 0, first = t->n;

	if (strcmp(path, "-") == 0) {
		struct eb_runs runs = { 0 };

		st = ingest_fd(t, "-", STDIN_FILENO, 0, opts, &runs, err);
		if (st == EB_OK)
			st = eb_runs_keep(t, first, path, opts->seen, &runs, opts->diag, err);
		eb_runs_free(&runs);
		/* A file redirected in is an input too (- < results.csv). */
		if (st == EB_OK && t->n > first && fstat(STDIN_FILENO, &sb) == 0)
			eb_input_note("-", &sb);
		if (st != EB_OK)
			eb_ingest_report(opts, err);
		return st;
	}
	if (stat(path, &sb) != 0) {
		st = eb_err_set(err, EB_ERR_IO, loc, "cannot open: %s", strerror(errno));
		eb_ingest_report(opts, err);
		return st;
	}
	if (!S_ISDIR(sb.st_mode)) {
		st = ingest_file(path, t, opts, err);
		return st == EB_OK ? check_setups(t, first, opts, err) : st;
	}
	first = t->n;
	st = eb_read_dir(t, path, opts, &nread, err);
	if (st == EB_OK && t->n > first)
		st = check_setups(t, first, opts, err);
	if (st == EB_OK && nread == 0) {
		st = eb_err_set(err, EB_ERR_DATA, loc,
		    "no benchmark output in this directory (formats: %s)", eb_format_names());
		eb_ingest_report(opts, err);
	} else if (st == EB_OK && t->n == first) {
		st = eb_err_set(err, EB_ERR_DATA, loc,
		    "no record from the benchmark output in this directory "
		    "(the warnings above say why)");
		eb_ingest_report(opts, err);
	}
	return st;
}

enum eb_status
eb_ingest_buffer(struct eb_table *t, const char *path, const char *data,
    size_t len, const struct eb_ingest_opts *opts, struct eb_err *err)
{
	struct eb_runs runs = { 0 };
	struct source src = { path, data, len, -1, &runs };
	size_t first = t->n;
	enum eb_status st = ingest_source(t, &src, 0, opts, err);

	if (st == EB_OK)
		st = eb_runs_keep(t, first, path, opts->seen, &runs, opts->diag, err);
	eb_runs_free(&runs);
	return st == UNRECOGNISED || st == UNRECOGNISED_QUIET ? EB_ERR_DATA : st;
}
