/* fuzz_fio_log.c - libFuzzer harness for the fio-log parser and its line
 * reader. The input is named like a completion latency log, since a log's
 * name says what it holds, so that the summaries are reached too; the
 * whole-file scanner must sum it up as the lines read one by one do, and
 * the charts' scanner give the points that one sample at a time gives. */
#include <sys/mman.h>
#include <unistd.h>

#include "fuzz.h"

#include "../../ingest/fio_scan.h"

/* The summary of data cut into lines as eb_lines cuts them (LF, one CR
 * before it, a BOM on the first); *bad is the first line that is no
 * sample, 0 when none. */
static void
by_lines(const uint8_t *data, size_t size, struct eb_fio_log_acc *a, long *bad)
{
	const char *p = (const char *)data, *end = p + size;
	long lineno = 0;

	*bad = 0;
	eb_fio_log_acc_init(a, 1);
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p)), *e = nl != NULL ? nl : end;
		const char *s = p;

		lineno++;
		if (e > s && e[-1] == '\r')
			e--;
		if (lineno == 1 && e - s >= 3 && memcmp(s, "\xEF\xBB\xBF", 3) == 0)
			s += 3;
		if (eb_fio_log_acc_line(a, s, (size_t)(e - s), lineno) != 0) {
			*bad = lineno;
			return;
		}
		p = nl != NULL ? nl + 1 : end;
	}
	a->lines = lineno;
}

static void
same_as_lines(const uint8_t *data, size_t size)
{
	struct eb_fio_log_acc one, whole;
	struct eb_err err;
	long bad;
	int fd = memfd_create("fuzz_clat.1.log", 0);
	enum eb_status st;

	if (fd < 0 || write(fd, data, size) != (ssize_t)size)
		abort();
	by_lines(data, size, &one, &bad);
	eb_fio_log_acc_init(&whole, 1);
	st = eb_fio_log_acc_file(&whole, fd, "fuzz", 2, &err);
	if ((st != EB_OK) != (bad != 0) || (bad != 0 && err.loc.line != bad))
		abort();
	if (st == EB_OK) {
		if (one.lines != whole.lines || one.nsamples != whole.nsamples ||
		    one.max_cols != whole.max_cols || one.offset_like != whole.offset_like)
			abort();
		for (int d = 0; d < 3; d++) {
			const struct eb_fio_dir_acc *x = &one.d[d], *y = &whole.d[d];

			if (x->n != y->n || eb_fio_dir_sum(x) != eb_fio_dir_sum(y) ||
			    x->min != y->min || x->max != y->max || x->last_t != y->last_t ||
			    x->bs != y->bs || x->bs_varies != y->bs_varies ||
			    x->first_line != y->first_line || (x->plat == NULL) != (y->plat == NULL) ||
			    (x->plat != NULL && memcmp(x->plat, y->plat,
			    EB_FIO_PLAT_NR * sizeof *x->plat) != 0))
				abort();
		}
	}
	eb_fio_log_acc_free(&one);
	eb_fio_log_acc_free(&whole);
	close(fd);
}

/* Each direction's points in order, as the charts' sink or one sample at
 * a time gives them. */
struct points {
	double *tv[3];
	size_t n[3], cap[3];
};

static void
points_add(struct points *p, int d, double t, double v)
{
	if (p->n[d] == p->cap[d]) {
		p->cap[d] = p->cap[d] ? 2 * p->cap[d] : 64;
		p->tv[d] = realloc(p->tv[d], 2 * p->cap[d] * sizeof *p->tv[d]);
		if (p->tv[d] == NULL)
			abort();
	}
	p->tv[d][2 * p->n[d]] = t;
	p->tv[d][2 * p->n[d]++ + 1] = v;
}

static int
keep_sample(void *ctx, const struct eb_fio_sample *s)
{
	points_add(ctx, s->dir, s->time_ms, s->value);
	return 0;
}

static int
keep_run(void *ctx, const struct eb_fio_points *run)
{
	for (size_t i = 0; i < run->n; i++)
		points_add(ctx, run->dir, run->time_ms[i], run->value[i]);
	return 0;
}

/* The charts' scanner (on AVX2 CPUs its own line reader) gives the points
 * and the first error that one sample at a time gives. */
static void
same_points(const uint8_t *data, size_t size)
{
	struct points one, pts;
	struct eb_err e1, e2;
	enum eb_status s1, s2;
	char path[64];
	void *ctx[1] = { &pts };
	int used, fd = memfd_create("fuzz_bw.1.log", 0);

	if (fd < 0 || write(fd, data, size) != (ssize_t)size)
		abort();
	snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
	memset(&one, 0, sizeof one);
	memset(&pts, 0, sizeof pts);
	s1 = eb_fio_log_scan(path, keep_sample, &one, &e1);
	s2 = eb_fio_log_scan_points(path, 1, keep_run, ctx, &used, &e2);
	if (s1 != s2 || (s1 != EB_OK && e1.loc.line != e2.loc.line))
		abort();
	for (int d = 0; d < 3; d++) {
		if (s1 == EB_OK && (one.n[d] != pts.n[d] || (one.n[d] > 0 &&
		    memcmp(one.tv[d], pts.tv[d], 2 * one.n[d] * sizeof *one.tv[d]) != 0)))
			abort();
		free(one.tv[d]);
		free(pts.tv[d]);
	}
	close(fd);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const names[] = { "fuzz_clat.1.log", "fuzz_bw.1.log" };
	struct eb_ingest_opts opts;
	struct eb_diag d;
	struct eb_err err;
	struct eb_fio_sample s;

	memset(&d, 0, sizeof d);
	d.emit = fuzz_quiet;
	memset(&opts, 0, sizeof opts);
	opts.format = "fio-log";
	opts.diag = &d;
	for (size_t k = 0; k < 2; k++) {
		struct eb_table *t = eb_table_new();

		if (eb_ingest_buffer(t, names[k], (const char *)data, size, &opts, &err) == EB_OK)
			for (size_t i = 0; i < t->n; i++)
				if (!isfinite(t->rows[i].value) || t->rows[i].value < 0)
					abort();
		eb_table_free(t);
	}
	eb_fio_log_parse_line((const char *)data, size, &s);
	same_as_lines(data, size);
	same_points(data, size);
	return 0;
}
