/* lines.c - the push line reader every text parser is fed by (cmark's
 * design): chunks in, one NUL-terminated line at a time out. */
#include <string.h>

#include "ingest.h"

void
eb_lines_init(struct eb_lines *lr, size_t max, eb_line_fn fn, void *ctx)
{
	memset(lr, 0, sizeof *lr);
	/* One more byte than the maximum, for the CR of a CRLF ending. */
	eb_buf_init(&lr->cur, max + 1);
	lr->max = max;
	lr->fn = fn;
	lr->ctx = ctx;
}

int
eb_lines_cr_only(const char *head, size_t n)
{
	return memchr(head, '\r', n) != NULL && memchr(head, '\n', n) == NULL;
}

static enum eb_status
deliver(struct eb_lines *lr)
{
	static char empty[1];
	char *s = lr->cur.data ? lr->cur.data : empty;
	size_t n = lr->cur.len;
	enum eb_status st;

	lr->lineno++;
	if (n > 0 && s[n - 1] == '\r')
		s[--n] = '\0';
	if (lr->lineno == 1 && n >= 3 && memcmp(s, "\xEF\xBB\xBF", 3) == 0) {
		s += 3;
		n -= 3;
	}
	if (n > lr->max)
		return EB_ERR_DATA;
	st = lr->fn(lr->ctx, s, n, lr->lineno);
	eb_buf_reset(&lr->cur);
	return st;
}

enum eb_status
eb_lines_feed(struct eb_lines *lr, const char *p, size_t n)
{
	while (n > 0) {
		const char *nl = memchr(p, lr->cr_only ? '\r' : '\n', n);
		size_t k = nl ? (size_t)(nl - p) : n;
		enum eb_status st;

		if (eb_buf_add(&lr->cur, p, k) != 0) {
			lr->lineno++;
			return EB_ERR_DATA;
		}
		lr->started = 1;
		if (nl == NULL)
			return EB_OK;
		if ((st = deliver(lr)) != EB_OK)
			return st;
		p += k + 1;
		n -= k + 1;
	}
	return EB_OK;
}

enum eb_status
eb_lines_finish(struct eb_lines *lr)
{
	if (lr->cur.len == 0)
		return EB_OK;
	return deliver(lr);
}

void
eb_lines_free(struct eb_lines *lr)
{
	eb_buf_free(&lr->cur);
}
