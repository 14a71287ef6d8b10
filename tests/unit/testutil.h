/* testutil.h - helpers shared by the cmocka unit tests: ingest a file or a
 * string with captured diagnostics, find the shared corpus, compare values. */
#ifndef EB_TESTUTIL_H
#define EB_TESTUTIL_H

#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <cmocka.h>

#include "../../core/eb.h"
#include "../../ingest/ingest.h"

struct tu_run {
	struct eb_table *t;
	enum eb_status st;
	struct eb_err err;
	struct eb_buf diag;	/* every diagnostic, one "sev: line: msg" per line */
	long nwarnings;
};

static inline void
tu_capture(void *ctx, enum eb_severity sev, struct eb_loc loc, const char *msg)
{
	static const char *const names[] = { "note", "warning", "error" };
	struct eb_buf *b = ctx;

	eb_buf_addf(b, "%s: %ld: %s\n", names[sev], loc.line, msg);
}

/* Ingests a file or directory (text NULL) or a string named path, with
 * format ("auto" or a name) and what --map and --unit would give. */
static inline void
tu_ingest_opts(struct tu_run *r, const char *path, const char *text,
    const char *format, const char *map, const char *unit)
{
	struct eb_ingest_opts opts;
	struct eb_diag d;

	memset(r, 0, sizeof *r);
	eb_buf_init(&r->diag, 0);
	memset(&d, 0, sizeof d);
	d.emit = tu_capture;
	d.ctx = &r->diag;
	memset(&opts, 0, sizeof opts);
	opts.format = format;
	opts.diag = &d;
	opts.map = map;
	opts.unit = unit;
	r->t = eb_table_new();
	if (text != NULL)
		r->st = eb_ingest_buffer(r->t, path, text, strlen(text), &opts, &r->err);
	else
		r->st = eb_ingest_path(r->t, path, &opts, &r->err);
	r->nwarnings = d.nwarnings;
	eb_table_number_reps(r->t, 0);
}

/* Ingests path (a file or directory) with format ("auto" or a name). */
static inline void
tu_ingest(struct tu_run *r, const char *path, const char *format)
{
	tu_ingest_opts(r, path, NULL, format, NULL, NULL);
}

/* Ingests a string as if it were a file named "input". */
static inline void
tu_ingest_text(struct tu_run *r, const char *text, const char *format)
{
	tu_ingest_opts(r, "input", text, format, NULL, NULL);
}

static inline void
tu_free(struct tu_run *r)
{
	eb_table_free(r->t);
	eb_buf_free(&r->diag);
}

/* The path of a file of the shared corpus, or NULL (and the test is
 * skipped) when the corpus is not beside this checkout. */
static inline const char *
tu_corpus(const char *rel)
{
	static char path[4096];
	const char *root = getenv("CORPUS");
	struct stat sb;

	if (root == NULL)
		root = "../shared/corpus";
	snprintf(path, sizeof path, "%s/%s", root, rel);
	if (stat(path, &sb) != 0) {
		/* tests/run.sh counts these lines to say how many skips the
		 * missing corpus caused. */
		printf("corpus-skip: %s is not there\n", path);
		return NULL;
	}
	return path;
}

#define TU_CORPUS_OR_SKIP(var, rel) \
	const char *var = tu_corpus(rel); \
	if (var == NULL) { \
		skip(); \
		return; \
	}

/* Asserts a relative difference of at most 1e-12 (the same double math). */
#define tu_assert_close(actual, expected) \
	tu_assert_close_at((actual), (expected), 1e-12, __FILE__, __LINE__)

static inline void
tu_assert_close_at(double a, double e, double rel, const char *file, int line)
{
	double d = fabs(a - e);

	if (!(d <= rel * fabs(e)) && !(a == e)) {
		print_error("%.17g != %.17g (relative %.3g)\n", a, e, e != 0 ? d / fabs(e) : d);
		_fail(file, line);
	}
}

/* Ingests TEXT as FORMAT and asserts that it is refused at LINE with the
 * message MSG, keeping no record. */
#define tu_expect_refused(text, format, line, msg) \
	tu_expect_refused_at((text), (format), (line), (msg), __FILE__, __LINE__)

static inline void
tu_expect_refused_at(const char *text, const char *format, long line, const char *msg,
    const char *file, int at)
{
	struct tu_run r;

	tu_ingest_text(&r, text, format);
	_assert_int_equal(r.st, EB_ERR_DATA, file, at);
	_assert_int_equal(r.err.loc.line, line, file, at);
	_assert_string_equal(r.err.msg, msg, file, at);
	_assert_int_equal(r.t->n, 0, file, at);
	tu_free(&r);
}

/* Ingests TEXT as FORMAT and asserts that it gives N records and WARNINGS
 * warnings, the diagnostics holding SAID when it is not NULL. */
#define tu_expect_read(text, format, n, warnings, said) \
	tu_expect_read_at((text), (format), (n), (warnings), (said), __FILE__, __LINE__)

static inline void
tu_expect_read_at(const char *text, const char *format, size_t n, long warnings,
    const char *said, const char *file, int at)
{
	struct tu_run r;

	tu_ingest_text(&r, text, format);
	_assert_int_equal(r.st, EB_OK, file, at);
	_assert_int_equal(r.t->n, n, file, at);
	_assert_int_equal(r.nwarnings, warnings, file, at);
	if (said != NULL && strstr(eb_buf_cstr(&r.diag), said) == NULL) {
		print_error("diagnostics lack \"%s\":\n%s", said, eb_buf_cstr(&r.diag));
		_fail(file, at);
	}
	tu_free(&r);
}

/* The i-th record's field as a string. */
#define TU_F(run, i, field) ((run).t->rows[(i)].f[EB_F_##field])

#endif
