/* fio_log_clones.c - the logs of one fio run's clones, which fio writes as
 * files of their own or one after another in one file, read as one run. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fio_log.h"

/* How fio 3.33 names logs (init.c, gen_log_name), which the clones follow:
 * - write_bw_log=NAME gives NAME_bw.N.log, N the thread's number in the
 *   whole job file, not in its job: [aa] numjobs=2 then [bb] numjobs=2
 *   write aa_bw.1.log, aa_bw.2.log, bb_bw.3.log and bb_bw.4.log;
 * - the numbers of one job's clones follow each other, and no file of
 *   another job has the same NAME unless the jobs share it (write_bw_log=
 *   in [global]): their logs then look like clones of one job, and are
 *   read as such;
 * - per_job_logs=0 drops the number (aa_bw.log) and appends: the clones'
 *   samples one clone after the other, each from its own start, and a
 *   later run of the job after them (per_job_logs=1 overwrites), as fio
 *   2.x appends to every log;
 * - a client/server run appends ".HOST" after ".log".
 * On the command line, --write_bw_log without a value takes the next
 * argument as its name (--write_bw_log --write_lat_log writes
 * "--write_lat_log_bw.log"). */

/* Splits base as STEM.N.log[TAIL]: returns N, or -1 when the name holds
 * no clone number. */
static long
clone_number(const char *base, size_t *stem, const char **tail)
{
	const char *log = strstr(base, ".log"), *d;
	long n = 0;

	if (log == NULL || (log[4] != '\0' && log[4] != '.'))
		return -1;
	for (d = log; d > base && d[-1] >= '0' && d[-1] <= '9'; d--)
		;
	if (d == log || d == base || d[-1] != '.' || log - d > 9 || (*d == '0' && log - d > 1))
		return -1;
	for (const char *q = d; q < log; q++)
		n = n * 10 + (*q - '0');
	*stem = (size_t)(d - 1 - base);
	*tail = log;
	return n;
}

static char *
member(const char *path, size_t dirlen, const char *base, size_t stem, long n, const char *tail)
{
	return eb_xasprintf("%.*s%.*s.%ld%s", (int)dirlen, path, (int)stem, base, n, tail);
}

static int
exists(const char *path)
{
	struct stat sb;

	return stat(path, &sb) == 0 && S_ISREG(sb.st_mode);
}

size_t
eb_fio_log_clones(const char *path, size_t *self, char ***paths)
{
	const char *base = strrchr(path, '/'), *tail;
	size_t dirlen, stem, n = 0;
	long k, first, last;
	char *q;

	base = base != NULL ? base + 1 : path;
	dirlen = (size_t)(base - path);
	*paths = NULL;
	*self = 0;
	if ((k = clone_number(base, &stem, &tail)) < 0)
		return 1;
	for (first = k; first > 1; first--) {
		q = member(path, dirlen, base, stem, first - 1, tail);
		n = exists(q);
		free(q);
		if (!n)
			break;
	}
	for (last = k;; last++) {
		q = member(path, dirlen, base, stem, last + 1, tail);
		n = exists(q);
		free(q);
		if (!n)
			break;
	}
	if (first == last)
		return 1;
	*paths = eb_xcalloc((size_t)(last - first + 1), sizeof **paths);
	for (long i = first; i <= last; i++)
		(*paths)[i - first] = member(path, dirlen, base, stem, i, tail);
	*self = (size_t)(k - first);
	return (size_t)(last - first + 1);
}

enum eb_status
eb_fio_log_read_clone(const char *path, struct eb_fio_log_acc *a, int latency, int nthreads,
    struct eb_err *err)
{
	struct eb_loc loc = { path, 0, 0 };
	enum eb_status st;
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	eb_fio_log_acc_init(a, latency);
	if (fd < 0)
		return eb_err_set(err, EB_ERR_IO, loc, "cannot open this clone's log: %s",
		    strerror(errno));
	st = eb_fio_log_acc_file(a, fd, path, nthreads, err);
	close(fd);
	if (st == EB_OK && a->nhist > 0)
		st = eb_err_set(err, EB_ERR_DATA, loc, "a histogram log among the logs of "
		    "the clones of %s", path);
	else if (st == EB_OK && a->nsamples == 0)
		st = eb_err_set(err, EB_ERR_DATA, loc, "fio log without samples");
	return st;
}

/* A time below the one before in a direction starts the next clone or
 * run. */
void
eb_fio_runs_take(struct eb_fio_runs *u, const struct eb_fio_sample *s)
{
	int d = s->dir;

	if (u->r.runs[d] > 0 && s->time_ms < u->last_t[d] && u->r.runs[d]++ == 1)
		u->r.second_line[d] = s->line;
	if (u->r.runs[d] == 0)
		u->r.runs[d] = 1;
	u->last_t[d] = s->time_ms;
}

static int
take(void *ctx, const struct eb_fio_sample *s)
{
	eb_fio_runs_take(ctx, s);
	return 0;
}

enum eb_status
eb_fio_log_rates(const char *path, struct eb_fio_rates *r, struct eb_err *err)
{
	struct eb_fio_runs u;
	enum eb_status st;

	memset(&u, 0, sizeof u);
	st = eb_fio_log_scan(path, take, &u, err);
	*r = u.r;
	return st;
}

void
eb_fio_family_free(struct eb_fio_family *f)
{
	for (size_t k = 0; k < f->n; k++) {
		if (f->acc != NULL && k != f->self)
			eb_fio_log_acc_free(&f->acc[k]);
		if (f->paths != NULL)
			free(f->paths[k]);
	}
	if (f->n > 1 && f->acc != NULL)
		eb_fio_log_acc_free(&f->all);
	free(f->paths);
	free(f->where);
	free(f->acc);
	free(f->rates);
	memset(f, 0, sizeof *f);
}

/* Whether every log of f holds samples of the same directions, of one
 * block size where each sample gives it (per-I/O logs): numjobs clones
 * run one rw= and one bs=. */
static int
same_directions(const struct eb_fio_family *f)
{
	for (size_t k = 1; k < f->n; k++)
		for (int d = 0; d < 3; d++) {
			const struct eb_fio_dir_acc *a = &f->acc[0].d[d], *b = &f->acc[k].d[d];

			if ((b->n > 0) != (a->n > 0))
				return 0;
			if (a->n > 0 && !a->bs_varies && !a->bs_zero && !b->bs_varies &&
			    !b->bs_zero && a->bs != b->bs)
				return 0;
		}
	return 1;
}

/* Makes f the log p reads alone: logs of one NAME with other directions
 * (write in NAME_bw.1.log, read in NAME_bw.2.log) or block sizes are of
 * jobs that share the name (write_bw_log= in [global]), not clones. */
static void
not_clones(struct eb_fio_family *f, struct eb_parse *p)
{
	struct eb_fio_log_acc own = f->acc[f->self];
	struct eb_fio_rates rates = f->rates[f->self];

	eb_diag(p->diag, EB_NOTE, eb_parse_loc(p, 0), "this fio log and %.120s share a name "
	    "but hold samples of other directions or block sizes: logs of two jobs that share "
	    "one log name (write_*_log= in [global]), not numjobs clones, so each is read as "
	    "its own",
	    f->where[f->self == 0 ? 1 : 0]);
	for (size_t k = 0; k < f->n; k++) {
		if (k != f->self)
			eb_fio_log_acc_free(&f->acc[k]);
		free(f->paths[k]);
	}
	free(f->paths);
	f->paths = NULL;
	f->n = 1;
	f->self = 0;
	f->acc[0] = own;
	f->rates[0] = rates;
	f->where[0] = p->path;
}

enum eb_status
eb_fio_family_read(struct eb_fio_family *f, struct eb_parse *p,
    const struct eb_fio_log_acc *self, int whole, struct eb_fio_runs *runs, int rates,
    int nthreads)
{
	enum eb_status status = EB_OK;

	memset(f, 0, sizeof *f);
	f->n = whole ? eb_fio_log_clones(p->path, &f->self, &f->paths) : 1;
	f->where = eb_xcalloc(f->n, sizeof *f->where);
	f->acc = eb_xcalloc(f->n, sizeof *f->acc);
	f->rates = eb_xcalloc(f->n, sizeof *f->rates);
	for (size_t k = 0; k < f->n; k++) {
		f->where[k] = k == f->self ? p->path : eb_intern_cstr(p->t, f->paths[k]);
		if (k == f->self)
			f->acc[k] = *self;
		else if (status == EB_OK)
			status = eb_fio_log_read_clone(f->where[k], &f->acc[k], self->latency,
			    nthreads, p->err);
		else
			eb_fio_log_acc_init(&f->acc[k], self->latency);
		if (status != EB_OK || !rates)
			continue;
		if (whole) {
			status = eb_fio_log_rates(f->where[k], &f->rates[k], p->err);
		} else {
			f->rates[k] = runs->r;
		}
	}
	if (status == EB_OK && f->n > 1 && !same_directions(f))
		not_clones(f, p);
	if (f->n > 1) {
		eb_fio_log_acc_init(&f->all, self->latency);
		for (size_t k = 0; k < f->n && status == EB_OK; k++)
			eb_fio_log_acc_join(&f->all, &f->acc[k]);
	}
	return status;
}

/* What fio's group_reporting makes of the clones' rates: the sum of
 * their means (stat.c, sum_stat with pure_sum), which fio 3.33's JSON of
 * the same run prints as bw_mean and iops_mean to its six decimals. */
double
eb_fio_family_rate(const struct eb_fio_family *f, int d)
{
	double sum = 0;

	for (size_t k = 0; k < f->n; k++) {
		const struct eb_fio_dir_acc *a = &f->acc[k].d[d];

		if (a->n == 0)
			continue;
		sum += eb_fio_dir_sum(a) / (double)a->n;
	}
	return sum;
}
