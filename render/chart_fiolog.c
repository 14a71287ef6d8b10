/* chart_fiolog.c - reads fio logs for the timeseries chart as
 * eb_fio_log_scan does, with a fast path for lines of plain integers. */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../ingest/fio.h"
#include "chart_int.h"

/* A chart of a two-million-line log must beat matplotlib twentyfold, and
 * eb_fio_log_scan spends four fifths of its time in strtod on numbers that
 * fio 3.x always writes as integers ("1000, 99556, 0, 4096"). Lines of
 * integers are parsed here, in one pass that also finds the newline; any
 * other line (decimals, hex priorities, log_window_value=both, blank) goes
 * to eb_fio_log_parse_line, so both readers agree on what a sample is. */
#define CHUNK (1 << 20)

/* Parses "I, I, D, I[, I[, I]]\n" of unsigned decimals from p, which the
 * caller guarantees a '\n' after. Returns the character after the line
 * and fills s, or NULL to leave the line to the full parser. */
static const char *
fast_line(const char *p, struct eb_fio_sample *s)
{
	uint64_t c[6];
	int n = 0;

	for (;;) {
		const char *d;
		uint64_t v = 0;

		while (*p == ' ')
			p++;
		for (d = p; (unsigned)(*p - '0') < 10; p++)
			v = v * 10 + (uint64_t)(*p - '0');
		if (p == d || p - d > 17 || n == 6)
			return NULL;
		c[n++] = v;
		while (*p == ' ')
			p++;
		if (*p == ',') {
			p++;
			continue;
		}
		if (*p == '\r')
			p++;
		if (*p != '\n')
			return NULL;
		break;
	}
	if (n < 4 || c[2] > 2)
		return NULL;
	s->time_ms = (double)c[0];
	s->value = (double)c[1];
	s->dir = (int)c[2];
	s->bs = (int64_t)c[3];
	s->offset = n == 6 ? (int64_t)c[4] : -1;
	return p + 1;
}

enum eb_status
chart_log_scan(const char *path, eb_fio_sample_fn fn, void *ctx, struct eb_err *err)
{
	struct eb_loc loc = { path, 0, 0 };
	int fd = strcmp(path, "-") == 0 ? STDIN_FILENO : open(path, O_RDONLY | O_CLOEXEC);
	char *buf;
	size_t have = 0;
	long lineno = 0;
	int eof = 0, first = 1, stop = 0;
	enum eb_status st = EB_OK;

	if (fd < 0)
		return eb_err_set(err, EB_ERR_IO, loc, "cannot open: %s", strerror(errno));
	buf = eb_xmalloc(CHUNK + 1);	/* room for a last '\n' */
	while (st == EB_OK && !eof && !stop) {
		ssize_t got = read(fd, buf + have, CHUNK - have);
		const char *p, *end, *last;

		if (got < 0 && errno == EINTR)
			continue;
		if (got < 0) {
			st = eb_err_set(err, EB_ERR_IO, loc, "cannot read: %s", strerror(errno));
			break;
		}
		eof = got == 0;
		have += (size_t)got;
		if (eof && have > 0 && buf[have - 1] != '\n')
			buf[have++] = '\n';	/* the last line has no newline */
		p = buf;
		end = buf + have;
		if (first && have >= 3 && memcmp(buf, "\xef\xbb\xbf", 3) == 0)
			p += 3;
		first = first && have < 3;
		/* Whole lines only; the rest waits for the next read. */
		last = have > 0 ? memrchr(p, '\n', (size_t)(end - p)) : NULL;
		while (last != NULL && p <= last) {
			struct eb_fio_sample s;
			const char *next = fast_line(p, &s);
			int n = 4;

			lineno++;
			if (next == NULL) {
				const char *nl = memchr(p, '\n', (size_t)(last - p) + 1), *e = nl;

				if (e > p && e[-1] == '\r')
					e--;
				next = nl + 1;
				if (e == p) {
					p = next;
					continue;
				}
				if ((n = eb_fio_log_parse_line(p, (size_t)(e - p), &s)) == 0 ||
				    n >= 100) {
					loc.line = lineno;
					st = eb_err_set(err, EB_ERR_DATA, loc, n == 0 ?
					    "not a fio log sample (time, value, direction, block size)" :
					    "a latency histogram row has no sample to draw");
					break;
				}
			}
			p = next;
			s.line = lineno;
			if (fn(ctx, &s) != 0) {
				stop = 1;
				break;
			}
		}
		if (st != EB_OK || stop || eof)
			break;
		have = (size_t)(end - p);
		if (have == CHUNK) {
			loc.line = lineno + 1;
			st = eb_err_set(err, EB_ERR_DATA, loc, "line longer than %d bytes", CHUNK);
			break;
		}
		memmove(buf, p, have);
	}
	free(buf);
	if (fd != STDIN_FILENO)
		close(fd);
	return st;
}
