/* fio_json_job.c - what one fio JSON job entry says of itself: whether it
 * is a copy of another, which latency its figures are, and its errors. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "fio.h"
#include "fio_json.h"

/* Every figure of a job entry, as two independent 64-bit hashes. */
struct figures_id {
	uint64_t h[2];
};

static int
same_figures(const void *seen, const void *now)
{
	return memcmp(seen, now, sizeof(struct figures_id)) == 0;
}

/* Notes the job entry's figures apart from the document's time (outside
 * audit G17): a copy of a run with its time stamps changed or removed is
 * that run still. Only an entry with latencies is known so: fio prints
 * their means to the nanosecond (3.x) or 1/10^6 microsecond (2.x), which
 * two real runs do not share, where a gtod_reduce run's byte counts and
 * milliseconds of runtime could be alike. */
void
eb_fio_json_note_figures(struct eb_parse *p, const char *dump, const struct eb_fio_job *j)
{
	struct figures_id f = { { 0xcbf29ce484222325ULL, 0x9e3779b97f4a7c15ULL } };
	int lat = 0;
	char what[120];

	for (int d = 0; d < EB_FIO_NDIRS; d++)
		lat |= j->d[d].present && j->d[d].lat_ns > 0;
	if (!lat || dump == NULL)
		return;
	for (const unsigned char *c = (const unsigned char *)dump; *c != '\0'; c++) {
		f.h[0] = (f.h[0] ^ *c) * 0x100000001b3ULL;
		f.h[1] = (f.h[1] + *c) * 0xff51afd7ed558ccdULL;
		f.h[1] ^= f.h[1] >> 31;
	}
	snprintf(what, sizeof what, "the run of fio job '%.40s' in JSON", j->name);
	eb_parse_run_like(p, &f, sizeof f, same_figures, j->line, what);
}

/* A job whose percentiles are of total latency only (lat_percentiles=1,
 * clat_percentiles=0) gives its lat_mean and lat_p99 from there: said once
 * a file, since a lat_mean is otherwise completion latency. */
void
eb_fio_json_say_total(struct eb_parse *p, const struct eb_fio_job *j, int *told)
{
	for (int d = 0; d < EB_FIO_NDIRS && !*told; d++)
		if (j->d[d].present && j->d[d].lat_total) {
			*told = 1;
			eb_diag(p->diag, EB_WARNING, eb_parse_loc(p, j->d[d].p99_line),
			    "fio job '%s' printed percentiles of total latency only "
			    "(lat_percentiles=1, clat_percentiles=0): its lat_mean and lat_p99 "
			    "are both total latency (lat_ns: submission and completion), where "
			    "other runs' are completion latency (clat_ns); compare it only with "
			    "runs made so", j->name);
		}
}

/* A job that reads and writes (rw=rw, readwrite, randrw) with verify=
 * counts fio's reads back of what it wrote among its reads, and nothing in
 * the figures tells them from the test's: its reads are left out, said
 * once a file. (A job that only writes is known by fio_common.c.) */
void
eb_fio_json_mixed_verify(struct eb_parse *p, struct eb_fio_job *j, int *told)
{
	size_t n = j->rw != NULL ? strcspn(j->rw, ":, ") : 0;

	if (j->verify != 1 || !j->d[EB_FIO_READ].present || !((n == 2 && strncmp(j->rw, "rw", 2) == 0) ||
	    (n == 9 && strncmp(j->rw, "readwrite", 9) == 0) ||
	    (n == 6 && strncmp(j->rw, "randrw", 6) == 0)))
		return;
	j->d[EB_FIO_READ].present = 0;
	if (!*told)
		eb_diag(p->diag, EB_WARNING, eb_parse_loc(p, j->line), "fio job '%s' reads and "
		    "writes (rw=%.*s) with verify=: its reads count fio's check of what it wrote "
		    "with the test's own, which no figure tells apart; its reads are not read",
		    j->name, (int)n, j->rw);
	*told = 1;
}

/* fio's "error" is the errno its job stopped on; its name, or "" for a
 * number that is none. */
const char *
eb_fio_errno_name(double code)
{
	static char name[80];
	const char *s;

	if (!(code >= 1 && code < 4096) || code != floor(code))
		return "";
	s = strerror((int)code);
	if (s == NULL || strncmp(s, "Unknown error", 13) == 0)
		return "";
	snprintf(name, sizeof name, "%s", s);
	return name;
}
