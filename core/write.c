/* write.c - results.csv and results.json writers, and the atomic file
 * replacement every output of encbench goes through, which never replaces
 * a file the process read its records from. */
#include <dirent.h>
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <jansson.h>

#include "eb.h"

void
eb_csv_cell(FILE *fp, const char *s)
{
	size_t n = strlen(s);

	if (strpbrk(s, ",\"\r\n") == NULL &&
	    (n == 0 || (s[0] != ' ' && s[n - 1] != ' '))) {
		fputs(s, fp);
		return;
	}
	putc('"', fp);
	for (; *s; s++) {
		if (*s == '"')
			putc('"', fp);
		putc(*s, fp);
	}
	putc('"', fp);
}

void
eb_csv_number(FILE *fp, double v)
{
	char num[40];

	if (!isfinite(v))
		return;
	eb_format_double(num, sizeof num, v);
	fputs(num, fp);
}

void
eb_json_number(FILE *fp, double v)
{
	char num[40];

	if (!isfinite(v)) {
		fputs("null", fp);
		return;
	}
	eb_format_double(num, sizeof num, v);
	fputs(num, fp);
}

enum eb_status
eb_write_csv(const struct eb_table *t, FILE *fp)
{
	char num[40];

	for (int c = 0; c < EB_NCOLUMNS; c++) {
		if (c > 0)
			putc(',', fp);
		fputs(eb_column_names[c], fp);
	}
	putc('\n', fp);
	for (size_t i = 0; i < t->n; i++) {
		const struct eb_record *r = &t->rows[i];

		for (int c = 0; c < EB_NCOLUMNS; c++) {
			int field = eb_column_field(c);

			if (c > 0)
				putc(',', fp);
			if (field >= 0)
				eb_csv_cell(fp, r->f[field]);
			else if (c == EB_C_BLOCK_SIZE) {
				if (r->block_size > 0)
					fprintf(fp, "%lld", (long long)r->block_size);
			} else if (c == EB_C_REP)
				fprintf(fp, "%d", r->rep);
			else {
				eb_format_double(num, sizeof num, r->value);
				fputs(num, fp);
			}
		}
		putc('\n', fp);
	}
	return ferror(fp) ? EB_ERR_IO : EB_OK;
}

void
eb_json_string(FILE *fp, const char *s)
{
	json_t *j;
	char *text;
	const char *p = s;

	/* Printable ASCII but quote and backslash is written as it is, as
	 * jansson would: most labels are, and a JSON value of its own for each
	 * made results.json slow to write. */
	while ((unsigned char)*p >= 0x20 && (unsigned char)*p < 0x7f && *p != '"' && *p != '\\')
		p++;
	if (*p == '\0') {
		putc('"', fp);
		fwrite(s, 1, (size_t)(p - s), fp);
		putc('"', fp);
		return;
	}
	j = json_string(s);

	/* Input bytes that are not UTF-8 cannot be a JSON string; jansson
	 * refuses them, and so they are written lossily escaped. */
	if (j == NULL) {
		putc('"', fp);
		for (; *s; s++) {
			unsigned char c = (unsigned char)*s;

			if (c < 0x20 || c >= 0x7f || c == '"' || c == '\\')
				fprintf(fp, "\\u%04x", c);
			else
				putc(c, fp);
		}
		putc('"', fp);
		return;
	}
	text = json_dumps(j, JSON_ENCODE_ANY);
	fputs(text, fp);
	free(text);
	json_decref(j);
}

enum eb_status
eb_write_json(const struct eb_table *t, FILE *fp)
{
	char num[40];

	fputs("[", fp);
	for (size_t i = 0; i < t->n; i++) {
		const struct eb_record *r = &t->rows[i];

		fputs(i ? ",\n  {" : "\n  {", fp);
		for (int c = 0; c < EB_NCOLUMNS; c++) {
			int field = eb_column_field(c);

			if (c > 0)
				fputs(", ", fp);
			fprintf(fp, "\"%s\": ", eb_column_names[c]);
			if (field >= 0)
				eb_json_string(fp, r->f[field]);
			else if (c == EB_C_BLOCK_SIZE) {
				if (r->block_size > 0)
					fprintf(fp, "%lld", (long long)r->block_size);
				else
					fputs("null", fp);
			} else if (c == EB_C_REP)
				fprintf(fp, "%d", r->rep);
			else {
				eb_format_double(num, sizeof num, r->value);
				fputs(num, fp);
			}
		}
		fputs("}", fp);
	}
	fputs(t->n ? "\n]\n" : "]\n", fp);
	return ferror(fp) ? EB_ERR_IO : EB_OK;
}

/* The error of a failed write. errno is what the failing call left, or
 * the retried flush's when the stream had failed before; with neither the
 * message still says what failed. */
static enum eb_status
write_failed(struct eb_err *err, struct eb_loc loc, FILE *fp, int e)
{
	const char *what = loc.path != NULL ? "cannot write" : "cannot write standard output";

	if (fp != NULL && ferror(fp)) {
		clearerr(fp);
		errno = 0;
		if (fflush(fp) != 0 && errno != 0)
			e = errno;
	}
	if (e != 0)
		return eb_err_set(err, EB_ERR_IO, loc, "%s: %s", what, strerror(e));
	return eb_err_set(err, EB_ERR_IO, loc, "%s: the output failed", what);
}

/* Runs the callback on fp and flushes; any failure fills err. path NULL
 * is standard output. */
static enum eb_status
write_through(const char *path, eb_write_fn fn, void *ctx, FILE *fp, int sync,
    struct eb_err *err)
{
	struct eb_loc loc = { path, 0, 0 };
	enum eb_status st;

	errno = 0;
	st = fn(ctx, fp);
	if (st != EB_OK)
		return write_failed(err, loc, fp, errno);
	errno = 0;
	if (fflush(fp) != 0 || ferror(fp) || (sync && fsync(fileno(fp)) != 0))
		return write_failed(err, loc, fp, errno);
	return EB_OK;
}

/* The inputs read, by device and inode: a hard link, a symbolic link or
 * another spelling of an input's path is the same file. A walk's threads
 * add to it while reading. */
static struct input {
	dev_t dev;
	ino_t ino;
	char *path;
} *inputs;
static size_t ninputs, inputs_cap;
static pthread_mutex_t inputs_lock = PTHREAD_MUTEX_INITIALIZER;

void
eb_input_note(const char *path, const struct stat *sb)
{
	if (!S_ISREG(sb->st_mode))
		return;
	pthread_mutex_lock(&inputs_lock);
	for (size_t i = 0; i < ninputs; i++)
		if (inputs[i].dev == sb->st_dev && inputs[i].ino == sb->st_ino) {
			pthread_mutex_unlock(&inputs_lock);
			return;
		}
	if (ninputs == inputs_cap) {
		inputs_cap = inputs_cap ? inputs_cap * 2 : 64;
		inputs = eb_xrealloc(inputs, inputs_cap * sizeof *inputs);
	}
	inputs[ninputs].dev = sb->st_dev;
	inputs[ninputs].ino = sb->st_ino;
	inputs[ninputs].path = eb_xstrdup(path);
	ninputs++;
	pthread_mutex_unlock(&inputs_lock);
}

const char *
eb_input_find(const struct stat *sb)
{
	const char *found = NULL;

	pthread_mutex_lock(&inputs_lock);
	for (size_t i = 0; i < ninputs && found == NULL; i++)
		if (inputs[i].dev == sb->st_dev && inputs[i].ino == sb->st_ino)
			found = inputs[i].path;
	pthread_mutex_unlock(&inputs_lock);
	return found;
}

char *
eb_tmp_template(const char *path)
{
	const char *slash = strrchr(path, '/');
	size_t dirlen = slash != NULL ? (size_t)(slash - path) + 1 : 0;

	return eb_xasprintf("%.*s.%s.tmp-%ld-XXXXXX", (int)dirlen, path,
	    path + dirlen, (long)getpid());
}

/* Removes a file or a folder and what it holds, not following links. */
static void
remove_all(const char *path)
{
	struct stat sb;
	DIR *d;
	struct dirent *e;

	if (lstat(path, &sb) != 0)
		return;
	if (!S_ISDIR(sb.st_mode)) {
		unlink(path);
		return;
	}
	if ((d = opendir(path)) != NULL) {
		while ((e = readdir(d)) != NULL) {
			char *child;

			if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
				continue;
			child = eb_xasprintf("%s/%s", path, e->d_name);
			remove_all(child);
			free(child);
		}
		closedir(d);
	}
	rmdir(path);
}

int
eb_tmp_clean(const char *path)
{
	const char *slash = strrchr(path, '/');
	char *dir = slash != NULL ? eb_xstrndup(path, (size_t)(slash - path) + (slash == path)) :
	    eb_xstrdup(".");
	const char *base = slash != NULL ? slash + 1 : path;
	char *prefix = eb_xasprintf(".%s.tmp-", base);
	size_t plen = strlen(prefix);
	DIR *d = opendir(dir);
	struct dirent *e;
	int removed = 0;

	while (d != NULL && (e = readdir(d)) != NULL) {
		char *end, *child;
		long pid;
		struct stat sb;

		if (strncmp(e->d_name, prefix, plen) != 0)
			continue;
		/* Only a leftover whose writer is provably gone: a number, then
		 * the six characters mkstemp filled in, of a process that does
		 * not exist, owned by whoever runs this. */
		errno = 0;
		pid = strtol(e->d_name + plen, &end, 10);
		if (end == e->d_name + plen || errno != 0 || pid <= 0 || *end != '-' ||
		    strlen(end + 1) != 6 || pid == (long)getpid())
			continue;
		if (kill((pid_t)pid, 0) == 0 || errno != ESRCH)
			continue;
		child = eb_xasprintf("%s/%s", dir, e->d_name);
		if (lstat(child, &sb) == 0 && sb.st_uid == geteuid()) {
			remove_all(child);
			removed++;
		}
		free(child);
	}
	if (d != NULL)
		closedir(d);
	free(prefix);
	free(dir);
	return removed;
}

enum eb_status
eb_write_atomic(const char *path, eb_write_fn fn, void *ctx, struct eb_err *err)
{
	struct eb_loc loc = { path, 0, 0 };
	enum eb_status st;
	struct stat sb;
	char *tmp, *real = NULL;
	const char *target = path, *input;
	mode_t mask;
	FILE *fp;
	int fd, exists;

	if (strcmp(path, "-") == 0) {
		return write_through(NULL, fn, ctx, stdout, 0, err);
	}
	/* A symbolic link is written through, as editors and sed
	 * --follow-symlinks do: the file it points to is replaced, and the
	 * link stays a link. One to nothing is refused, not made a file. */
	if (lstat(path, &sb) == 0 && S_ISLNK(sb.st_mode)) {
		if ((real = realpath(path, NULL)) == NULL)
			return eb_err_set(err, EB_ERR_IO, loc, "cannot write: a symbolic link to "
			    "nothing there (%s)", strerror(errno));
		target = real;
	}
	/* Only a regular file is replaced: a device or a FIFO (-o /dev/null,
	 * -o /dev/stdout, a pipe) is written in place, for renaming a file
	 * over /dev/null as root would put a regular file there. */
	exists = stat(target, &sb) == 0;
	if (exists && !S_ISREG(sb.st_mode)) {
		free(real);
		if (S_ISDIR(sb.st_mode))
			return eb_err_set(err, EB_ERR_IO, loc, "is a directory");
		fp = fopen(path, "w");
		if (fp == NULL)
			return eb_err_set(err, EB_ERR_IO, loc, "cannot write: %s", strerror(errno));
		st = write_through(path, fn, ctx, fp, 0, err);
		errno = 0;
		if (fclose(fp) != 0 && st == EB_OK)
			st = write_failed(err, loc, NULL, errno);
		return st;
	}
	/* Replacing an input with what was made from it loses the input;
	 * the command checked its outputs before writing, and this catches
	 * the files it names itself (a chart's gnuplot script and data). */
	if (exists && (input = eb_input_find(&sb)) != NULL) {
		st = eb_err_set(err, EB_ERR_USAGE, loc, "is also an input (read as %s); "
		    "encbench never writes over a file it reads", input);
		free(real);
		return st;
	}
	eb_tmp_clean(target);
	tmp = eb_tmp_template(target);
	fd = mkstemp(tmp);
	if (fd < 0) {
		st = eb_err_set(err, EB_ERR_IO, loc, "cannot create a file next to it: %s",
		    strerror(errno));
		free(tmp);
		free(real);
		return st;
	}
	/* A file replaced keeps its mode (a results.csv kept 0600 stays so)
	 * and, for root, its owner; a new one gets what the umask allows. */
	mask = umask(0);
	umask(mask);
	if (exists) {
		fchmod(fd, sb.st_mode & 0777);
		if (geteuid() == 0 && fchown(fd, sb.st_uid, sb.st_gid) != 0)
			fchmod(fd, 0666 & ~mask);
	} else {
		fchmod(fd, 0666 & ~mask);
	}
	fp = fdopen(fd, "w");
	if (fp == NULL) {
		close(fd);
		unlink(tmp);
		free(tmp);
		free(real);
		return eb_err_set(err, EB_ERR_IO, loc, "cannot write: %s", strerror(errno));
	}
	st = write_through(path, fn, ctx, fp, 1, err);
	errno = 0;
	if (fclose(fp) != 0 && st == EB_OK)
		st = write_failed(err, loc, NULL, errno);
	if (st == EB_OK && rename(tmp, target) != 0)
		st = eb_err_set(err, EB_ERR_IO, loc, "cannot replace: %s", strerror(errno));
	if (st != EB_OK)
		unlink(tmp);
	free(tmp);
	free(real);
	return st;
}
