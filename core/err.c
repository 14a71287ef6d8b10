/* err.c - errors and diagnostics that name where they happened, in the
 * "path:line:col: error: what" form that editors and people both read. */
#include <stdarg.h>
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

void
eb_err_print(const struct eb_err *err, FILE *fp)
{
	eb_loc_print(err->loc, fp);
	fputs("error: ", fp);
	put_text(err->msg, fp);
	fputc('\n', fp);
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
	eb_loc_print(loc, stderr);
	fprintf(stderr, "%s: ", severity_names[sev]);
	put_text(msg, stderr);
	fputc('\n', stderr);
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
