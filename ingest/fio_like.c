/* fio_like.c - one fio run kept in two outputs (JSON, normal text, terse, a
 * log): what each prints of a job, so that the two copies are one run. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "fio_log.h"

static const char *const kind_names[] = { "normal text", "JSON", "terse output" };

void
eb_fio_like_init(struct eb_fio_like *l, const struct eb_fio_job *j, int kind)
{
	uint64_t h = 0xcbf29ce484222325ULL;

	for (const char *q = j->name; *q != '\0'; q++)
		h = (h ^ (unsigned char)*q) * 0x100000001b3ULL;
	h = (h ^ 0xff) * 0x100000001b3ULL;
	for (const char *q = j->host; *q != '\0'; q++)
		h = (h ^ (unsigned char)*q) * 0x100000001b3ULL;
	memset(l, 0, sizeof *l);
	l->name = h;
	l->kind = kind;
	for (int d = 0; d < 3; d++)
		l->ios[d] = l->ios_lo[d] = l->ios_hi[d] = l->kib[d] = l->rt[d] = l->lat[d] = -1;
	l->usr = l->sys = l->ctx = l->majf = l->minf = -1;
}

static int
near(double a, double b, double res)
{
	return (a < 0 && b < 0) || (a >= 0 && b >= 0 && fabs(a - b) <= res + 1e-9 * fabs(a));
}

/* Whether the I/O counts of one direction can be one run's: exact counts
 * (JSON total_ios, normal text's "issued") are equal, and an exact count
 * lies in the range a terse IOPS allows. A range against a range, or an
 * unknown count, tells nothing. */
static int
same_count(const struct eb_fio_like *a, const struct eb_fio_like *b, int d)
{
	if (a->ios[d] >= 0 && b->ios[d] >= 0)
		return a->ios[d] == b->ios[d];
	if (a->ios[d] >= 0 && b->ios_lo[d] >= 0)
		return a->ios[d] >= b->ios_lo[d] && a->ios[d] <= b->ios_hi[d];
	if (b->ios[d] >= 0 && a->ios_lo[d] >= 0)
		return b->ios[d] >= a->ios_lo[d] && b->ios[d] <= a->ios_hi[d];
	return 1;
}

/* Whether a job read from one format and a job read from another are one
 * run: the same job and group, the same I/O counts and KiB moved in the
 * same milliseconds, the same context switches and page faults, and a
 * mean latency and CPU within what the coarser format rounds them to.
 * Copies in one format are known by their bytes already (eb_parse_run). */
static int
same_like(const void *seen, const void *now)
{
	const struct eb_fio_like *a = seen, *b = now;
	int io = 0;

	if (a->name != b->name || a->kind == b->kind ||
	    (a->groupid >= 0 && b->groupid >= 0 && a->groupid != b->groupid))
		return 0;
	for (int d = 0; d < 3; d++) {
		if (a->rt[d] != b->rt[d] || !same_count(a, b, d) ||
		    (a->kib[d] >= 0 && b->kib[d] >= 0 && a->kib[d] != b->kib[d]) ||
		    !near(a->lat[d], b->lat[d], a->lat_res[d] + b->lat_res[d]))
			return 0;
		io |= a->ios[d] > 0 || b->ios[d] > 0 || (a->kib[d] > 0 && b->kib[d] > 0);
	}
	return io && a->ctx == b->ctx && a->majf == b->majf && a->minf == b->minf &&
	    near(a->usr, b->usr, a->cpu_res + b->cpu_res) &&
	    near(a->sys, b->sys, a->cpu_res + b->cpu_res);
}

void
eb_fio_note_like(struct eb_parse *p, const struct eb_fio_like *l, const struct eb_fio_job *j)
{
	struct eb_fio_like own = *l;
	char what[160];

	own.groupid = j->groupid;
	snprintf(what, sizeof what, "the run of fio job '%.40s' in %s", j->name,
	    kind_names[l->kind]);
	eb_parse_run_like(p, &own, sizeof own, same_like, j->line, what);
}

void
eb_fio_log_note_series(struct eb_parse *p, enum eb_fio_log_kind kind,
    const struct eb_fio_log_acc *a, const char *job)
{
	int k = kind == EB_FIO_LOG_BW ? EB_FIO_SERIES_BW : kind == EB_FIO_LOG_IOPS ?
	    EB_FIO_SERIES_IOPS : kind == EB_FIO_LOG_CLAT ? EB_FIO_SERIES_CLAT : -1;

	for (int d = 0; d < 3 && k >= 0; d++) {
		const struct eb_fio_dir_acc *x = &a->d[d];
		struct eb_fio_series s = { k, d, 1, (double)x->n, x->min, x->max, 0, 0, 0, 0, 0 };

		if (x->n == 0)
			continue;
		s.mean = eb_fio_dir_sum(x) / (double)x->n;
		eb_parse_fio_series(p, &s, job, x->first_line);
	}
}

void
eb_fio_log_note_family_sum(struct eb_parse *p, enum eb_fio_log_kind kind,
    const struct eb_fio_family *f, const char *job)
{
	if (kind == EB_FIO_LOG_CLAT) {
		eb_fio_log_note_series(p, kind, &f->all, job);
		return;
	}
	if (kind != EB_FIO_LOG_BW && kind != EB_FIO_LOG_IOPS)
		return;
	for (int d = 0; d < 3; d++) {
		struct eb_fio_series s = { kind == EB_FIO_LOG_BW ? EB_FIO_SERIES_BW :
			EB_FIO_SERIES_IOPS, d, 2, 0, 0, 0, 0, 0, 0, 0, 0 };
		long line = 0;
		size_t k;

		for (k = 0; k < f->n; k++) {
			const struct eb_fio_dir_acc *x = &f->acc[k].d[d];

			if (x->n == 0)
				break;
			s.n += (double)x->n;
			s.min += x->min;
			s.max += x->max;
			s.mean += eb_fio_dir_sum(x) / (double)x->n;
			if (k == f->self)
				line = x->first_line;
		}
		if (k == f->n && f->n > 1)
			eb_parse_fio_series(p, &s, job, line);
	}
}

void
eb_fio_log_note_family(struct eb_parse *p, enum eb_fio_log_kind kind, const char *first)
{
	struct eb_fio_series s = { EB_FIO_SERIES_FAMILY, (int)kind, 1, -1, 0, 0, 0, 0, 0, 0, 0 };

	eb_parse_fio_series(p, &s, first, 0);
}
