/* err.c - errors and diagnostics that name where they happened, in the
 * "path:line:col: error: what" form that editors and people both read. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "eb.h"

static const char *const severity_names[] = { "note", "warning", "error" };

/* Paths and messages quote labels and bytes of the input: a control byte
 * or one that is not UTF-8 is written as \xHH, so that no input can move
 * the terminal's cursor, recolour it or forge a line of its own. */
static void
put_text(const char *s, FILE *fp)
{
	const char *run = s;

	while (*s != '\0') {
		unsigned char c = (unsigned char)*s;
		size_t n = eb_utf8_control(s) > 0 ? 0 : c < 0x80 ? 1 : eb_utf8_sequence(s);

		if (n > 0) {
			s += n;
			continue;
		}
		fwrite(run, 1, (size_t)(s - run), fp);
		fprintf(fp, "\\x%02x", c);
		run = ++s;
	}
	fwrite(run, 1, (size_t)(s - run), fp);
}

void
eb_loc_print(struct eb_loc loc, FILE *fp)
{
	if (loc.path == NULL) {
		fputs("encbench: ", fp);
		return;
	}
	put_text(loc.path, fp);
	if (loc.line > 0) {
		fprintf(fp, ":%ld", loc.line);
		if (loc.col > 0)
			fprintf(fp, ":%ld", loc.col);
	}
	fputs(": ", fp);
}

enum eb_status
eb_err_set(struct eb_err *err, enum eb_status code, struct eb_loc loc,
    const char *fmt, ...)
{
	va_list ap;

	if (err == NULL)
		return code;
	err->code = code;
	err->loc = loc;
	va_start(ap, fmt);
	vsnprintf(err->msg, sizeof err->msg, fmt, ap);
	va_end(ap);
	return code;
}

/* One message as one write: charts are drawn by several processes at once,
 * and stderr is unbuffered, so a message printed piece by piece could be
 * cut by another's (a full disk fails them all together). */
static void
print_line(FILE *fp, struct eb_loc loc, const char *severity, const char *msg)
{
	char *text = NULL;
	size_t len = 0;
	FILE *m = open_memstream(&text, &len);

	if (m == NULL) {
		eb_loc_print(loc, fp);
		fprintf(fp, "%s: ", severity);
		put_text(msg, fp);
		fputc('\n', fp);
		return;
	}
	eb_loc_print(loc, m);
	fprintf(m, "%s: ", severity);
	put_text(msg, m);
	fputc('\n', m);
	if (fclose(m) == 0)
		fwrite(text, 1, len, fp);
	free(text);
}

void
eb_err_print(const struct eb_err *err, FILE *fp)
{
	print_line(fp, err->loc, "error", err->msg);
}

int
eb_exit_code(enum eb_status st)
{
	switch (st) {
	case EB_OK:
		return EB_EXIT_OK;
	case EB_ERR_USAGE:
		return EB_EXIT_USAGE;
	case EB_ERR_DATA:
		return EB_EXIT_DATA;
	case EB_ERR_IO:
		return EB_EXIT_IO;
	}
	return EB_EXIT_FAIL;
}

static void
emit_stderr(void *ctx, enum eb_severity sev, struct eb_loc loc, const char *msg)
{
	(void)ctx;
	print_line(stderr, loc, severity_names[sev], msg);
}

void
eb_diag_init_stderr(struct eb_diag *d)
{
	memset(d, 0, sizeof *d);
	d->emit = emit_stderr;
}

void
eb_diag(struct eb_diag *d, enum eb_severity sev, struct eb_loc loc,
    const char *fmt, ...)
{
	char msg[512];
	va_list ap;

	if (d == NULL)
		return;
	if (sev == EB_WARNING)
		d->nwarnings++;
	else if (sev == EB_ERROR)
		d->nerrors++;
	if (sev == EB_NOTE && d->quiet)
		return;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	if (d->emit != NULL)
		d->emit(d->ctx, sev, loc, msg);
}
