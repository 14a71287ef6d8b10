/* write.c - results.csv and results.json writers, and the atomic file
 * replacement every output of encbench goes through. */
#include <errno.h>
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

enum eb_status
eb_write_atomic(const char *path, eb_write_fn fn, void *ctx, struct eb_err *err)
{
	struct eb_loc loc = { path, 0, 0 };
	enum eb_status st;
	struct stat sb;
	char *tmp;
	mode_t mask;
	FILE *fp;
	int fd;

	if (strcmp(path, "-") == 0) {
		st = fn(ctx, stdout);
		if (fflush(stdout) != 0 || st == EB_ERR_IO)
			return eb_err_set(err, EB_ERR_IO, loc,
			    "cannot write standard output: %s", strerror(errno));
		return st;
	}
	/* Only a regular file is replaced: a device or a FIFO (-o /dev/null,
	 * -o /dev/stdout, a pipe) is written in place, for renaming a file
	 * over /dev/null as root would put a regular file there. */
	if (stat(path, &sb) == 0 && !S_ISREG(sb.st_mode)) {
		if (S_ISDIR(sb.st_mode))
			return eb_err_set(err, EB_ERR_IO, loc, "is a directory");
		fp = fopen(path, "w");
		if (fp == NULL)
			return eb_err_set(err, EB_ERR_IO, loc, "cannot write: %s", strerror(errno));
		st = fn(ctx, fp);
		if (fclose(fp) != 0 && st == EB_OK)
			st = eb_err_set(err, EB_ERR_IO, loc, "cannot write: %s", strerror(errno));
		return st;
	}
	tmp = eb_xasprintf("%s.tmp.XXXXXX", path);
	fd = mkstemp(tmp);
	if (fd < 0) {
		st = eb_err_set(err, EB_ERR_IO, loc, "cannot create a file next to it: %s",
		    strerror(errno));
		free(tmp);
		return st;
	}
	mask = umask(0);
	umask(mask);
	fchmod(fd, 0666 & ~mask);
	fp = fdopen(fd, "w");
	if (fp == NULL) {
		close(fd);
		unlink(tmp);
		free(tmp);
		return eb_err_set(err, EB_ERR_IO, loc, "cannot write: %s", strerror(errno));
	}
	st = fn(ctx, fp);
	if (st == EB_OK && (fflush(fp) != 0 || ferror(fp) || fsync(fileno(fp)) != 0))
		st = eb_err_set(err, EB_ERR_IO, loc, "cannot write: %s", strerror(errno));
	if (fclose(fp) != 0 && st == EB_OK)
		st = eb_err_set(err, EB_ERR_IO, loc, "cannot write: %s", strerror(errno));
	if (st == EB_OK && rename(tmp, path) != 0)
		st = eb_err_set(err, EB_ERR_IO, loc, "cannot replace: %s", strerror(errno));
	if (st != EB_OK)
		unlink(tmp);
	free(tmp);
	return st;
}
