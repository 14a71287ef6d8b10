/* alloc.c - allocation that aborts on exhaustion, and a bounded byte buffer.
 * Running out of memory is not an error path anywhere in encbench. */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "eb.h"

#ifdef __GLIBC__
#include <malloc.h>

/* glibc serves a block of over 128 KiB with mmap and gives it back when
 * freed, but then raises that threshold to the block's size, so that the
 * next such blocks (the read buffers and row arrays of a large input, one
 * per thread) come from heaps that keep their pages. A fixed threshold
 * keeps them returned: the 1M-row overhead peaks at 9 MiB less. */
__attribute__((constructor)) static void
fixed_mmap_threshold(void)
{
	mallopt(M_MMAP_THRESHOLD, 128 * 1024);
}
#endif

static void
oom(size_t n)
{
	fprintf(stderr, "encbench: out of memory (%zu bytes)\n", n);
	abort();
}

void *
eb_xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);

	if (p == NULL)
		oom(n);
	return p;
}

void *
eb_xcalloc(size_t count, size_t size)
{
	void *p = calloc(count ? count : 1, size ? size : 1);

	if (p == NULL)
		oom(count * size);
	return p;
}

void *
eb_xrealloc(void *p, size_t n)
{
	void *q = realloc(p, n ? n : 1);

	if (q == NULL)
		oom(n);
	return q;
}

void
eb_xgrow(void *pp, size_t *cap, size_t need, size_t elem)
{
	void **p = pp;
	size_t c = *cap;

	if (need <= c)
		return;
	if (c < 8)
		c = 8;
	while (c < need) {
		if (c > SIZE_MAX / 2 / elem)
			oom(SIZE_MAX);
		c *= 2;
	}
	*p = eb_xrealloc(*p, c * elem);
	*cap = c;
}

char *
eb_xstrndup(const char *s, size_t n)
{
	char *d = eb_xmalloc(n + 1);

	memcpy(d, s, n);
	d[n] = '\0';
	return d;
}

char *
eb_xstrdup(const char *s)
{
	return eb_xstrndup(s, strlen(s));
}

char *
eb_xasprintf(const char *fmt, ...)
{
	va_list ap;
	int n;
	char *s;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0)
		oom(0);
	s = eb_xmalloc((size_t)n + 1);
	va_start(ap, fmt);
	vsnprintf(s, (size_t)n + 1, fmt, ap);
	va_end(ap);
	return s;
}

void
eb_buf_init(struct eb_buf *b, size_t max)
{
	b->data = NULL;
	b->len = b->cap = 0;
	b->max = max;
}

int
eb_buf_add(struct eb_buf *b, const void *p, size_t n)
{
	if (b->max != 0 && (n > b->max || b->len > b->max - n))
		return -1;
	eb_xgrow(&b->data, &b->cap, b->len + n + 1, 1);
	if (n > 0)
		memcpy(b->data + b->len, p, n);
	b->len += n;
	b->data[b->len] = '\0';
	return 0;
}

int
eb_buf_addc(struct eb_buf *b, char c)
{
	return eb_buf_add(b, &c, 1);
}

int
eb_buf_addf(struct eb_buf *b, const char *fmt, ...)
{
	va_list ap;
	char small[256];
	int n;

	va_start(ap, fmt);
	n = vsnprintf(small, sizeof small, fmt, ap);
	va_end(ap);
	if (n < 0)
		return -1;
	if ((size_t)n < sizeof small)
		return eb_buf_add(b, small, (size_t)n);
	{
		char *big = eb_xmalloc((size_t)n + 1);
		int rc;

		va_start(ap, fmt);
		vsnprintf(big, (size_t)n + 1, fmt, ap);
		va_end(ap);
		rc = eb_buf_add(b, big, (size_t)n);
		free(big);
		return rc;
	}
}

const char *
eb_buf_cstr(struct eb_buf *b)
{
	if (b->data == NULL)
		eb_buf_add(b, "", 0);
	return b->data;
}

void
eb_buf_reset(struct eb_buf *b)
{
	b->len = 0;
	if (b->data != NULL)
		b->data[0] = '\0';
}

void
eb_buf_free(struct eb_buf *b)
{
	free(b->data);
	eb_buf_init(b, b->max);
}
