/* fio_log.c - fio's bandwidth, IOPS and latency logs as an ingest format:
 * one summary record per log and direction from the samples fio_scan.c and
 * fio_log_line.c read. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fio_log.h"

#define HIST_MIN_COLS EB_FIO_HIST_MIN_COLS
#define PLAT_BITS EB_FIO_PLAT_BITS
#define PLAT_VAL EB_FIO_PLAT_VAL
#define PLAT_NR EB_FIO_PLAT_NR
/* Mean time between samples below which a log with block sizes logs
 * every I/O rather than averaged windows (fio 2.x windows are 500 ms). */
#define PER_IO_STEP_MS 50

struct log_state {
	struct eb_fio_log_acc acc;
	enum eb_fio_log_kind kind;
	int started;
	/* Read a line at a time: the first line of each direction's largest
	 * sample, which a file read whole finds again only when it fails. */
	int whole, nthreads;
	long max_line[3];
	struct eb_fio_runs runs;	/* bw and IOPS logs read a line at a time */
};

/* Whether head holds a fio log: need samples, or one histogram row, all
 * of one shape. */
static int
log_lines(const char *head, size_t len, int need)
{
	int cols = 0, nlines = 0;

	for (size_t i = 0; i < len && nlines < 20;) {
		const char *nl = memchr(head + i, '\n', len - i);
		size_t n;
		struct eb_fio_sample s;
		int c;

		if (nl == NULL)
			break;	/* a line the probe sees only part of */
		n = (size_t)(nl - head - i);
		if (n > 0 && head[i + n - 1] == '\r')
			n--;
		if (n > 0) {
			c = eb_fio_log_parse_line(head + i, n, &s);
			/* Every line the same shape: sample or histogram row,
			 * and samples with one column count. */
			/* After the samples needed, a line of another shape
			 * is a damaged log, for the parser to report where. */
			if (c == 0 || (cols != 0 && (c >= HIST_MIN_COLS) != (cols >= HIST_MIN_COLS)) ||
			    (cols != 0 && c < HIST_MIN_COLS && c != cols))
				return nlines >= need;
			cols = c;
			nlines++;
		}
		i = (size_t)(nl - head) + 1;
	}
	return nlines >= need || (nlines >= 1 && cols >= HIST_MIN_COLS);
}

/* Three samples make a log; one histogram row is unmistakable. */
static int
probe(const char *head, size_t len)
{
	return log_lines(head, len, 3) ? 80 : 0;
}

int
eb_fio_log_named(const char *path, const char *head, size_t len)
{
	size_t n = strlen(path);

	/* fio names its logs JOB_bw.1.log, JOB_clat_hist.2.log ...: a log
	 * of a short job, one or two samples, is one by its name. */
	return n > 4 && strcmp(path + n - 4, ".log") == 0 &&
	    eb_fio_log_kind(path) != EB_FIO_LOG_UNKNOWN && log_lines(head, len, 1);
}

/* The middle of a bucket, as fio names its json+ buckets. */
static double
plat_mid(int idx)
{
	int error_bits;

	if (idx < 2 * PLAT_VAL)
		return idx;
	error_bits = (idx >> PLAT_BITS) - 1;
	return ldexp(1, error_bits + PLAT_BITS) +
	    ((idx & (PLAT_VAL - 1)) + 0.5) * ldexp(1, error_bits);
}

static int
is_latency(enum eb_fio_log_kind k)
{
	return k == EB_FIO_LOG_LAT || k == EB_FIO_LOG_CLAT || k == EB_FIO_LOG_SLAT;
}

static void
start(struct eb_parse *p, struct log_state *st)
{
	if (!st->started) {
		st->started = 1;
		st->kind = eb_fio_log_kind(p->path);
		eb_fio_log_acc_init(&st->acc, is_latency(st->kind));
	}
}

static enum eb_status
parse_line(struct eb_parse *p, char *line, size_t len, long lineno)
{
	struct log_state *st = p->state;

	double max[3];

	start(p, st);
	for (int d = 0; d < 3; d++)
		max[d] = st->acc.d[d].n > 0 ? st->acc.d[d].max : -1;
	if (eb_fio_log_acc_line(&st->acc, line, len, lineno) != 0)
		return eb_err_set(p->err, EB_ERR_DATA, eb_parse_loc(p, lineno),
		    "not a fio log sample (time, value, direction, block size)");
	for (int d = 0; d < 3; d++)
		if (st->acc.d[d].n > 0 && st->acc.d[d].max > max[d])
			st->max_line[d] = lineno;
	if (st->kind == EB_FIO_LOG_BW || st->kind == EB_FIO_LOG_IOPS) {
		struct eb_fio_sample s;
		int c = eb_fio_log_parse_line(line, len, &s);

		s.line = lineno;
		if (c > 0 && c < HIST_MIN_COLS)
			eb_fio_runs_take(&st->runs, &s);
	}
	return EB_OK;
}

/* A log of every I/O is tens of millions of lines: a regular file is read
 * whole, on every CPU, rather than a line at a time. */
static enum eb_status
read_file(struct eb_parse *p, int fd, int nthreads)
{
	struct log_state *st = p->state;

	start(p, st);
	st->whole = 1;
	st->nthreads = nthreads;
	return eb_fio_log_acc_file(&st->acc, fd, p->path, nthreads, p->err);
}

/* The 99th percentile as fio computes it from its buckets, but never
 * outside the samples seen: a bucket's middle can pass the largest. */
static double
plat_p99(const struct eb_fio_dir_acc *a)
{
	double sum = 0;

	for (int i = 0; i < PLAT_NR; i++) {
		sum += (double)a->plat[i];
		if (sum >= 99.0 / 100.0 * (double)a->n) {
			double v = plat_mid(i);

			return v > a->max ? a->max : v < a->min ? a->min : v;
		}
	}
	return -1;
}

/* The job, and for client/server logs the host, from fio's file name
 * NAME_TYPE.N.log[.HOST]; else the name without ".log". */
static void
names(const char *path, char **job, char **host)
{
	const char *base = strrchr(path, '/');
	const char *dot = NULL, *us = NULL;
	size_t n;

	base = base != NULL ? base + 1 : path;
	n = strlen(base);
	*host = eb_xstrdup("");
	if ((dot = strstr(base, ".log")) != NULL) {
		if (dot[4] == '.' && dot[5] != '\0') {
			free(*host);
			*host = eb_xstrdup(dot + 5);
		}
		n = (size_t)(dot - base);
	}
	for (size_t i = 0; i < n; i++)
		if (base[i] == '_')
			us = base + i;
	if (us != NULL) {
		/* "_clat_hist" has two underscores; the type is "_clat". */
		const char *prev = NULL;

		for (const char *q = base; q < us; q++)
			if (*q == '_')
				prev = q;
		if (prev != NULL && strncmp(us, "_hist", 5) == 0)
			us = prev;
		n = (size_t)(us - base);
	}
	*job = eb_xstrndup(base, n);
}

static void
add_record(struct eb_parse *p, const char *job, const char *host, int dir, int64_t bs,
    const char *metric, const char *unit, double v, long line)
{
	struct eb_record rec;

	if (!isfinite(v) || !(v > 0))
		return;
	eb_parse_record(p, &rec, "fio", metric, unit, line);
	rec.f[EB_F_JOB] = eb_intern_cstr(p->t, job);
	rec.f[EB_F_HOST] = eb_intern_cstr(p->t, host);
	rec.f[EB_F_OP] = eb_intern_cstr(p->t, eb_fio_dir_names[dir]);
	rec.block_size = bs;
	rec.value = v;
	eb_table_add(p->t, &rec);
}

/* The first sample of direction dir that equals value, found again in a
 * log read whole. */
struct find_max {
	int dir;
	double value;
	long line;
};

static int
found_max(void *ctx, const struct eb_fio_sample *s)
{
	struct find_max *f = ctx;

	if (s->dir != f->dir || s->value != f->value)
		return 0;
	f->line = s->line;
	return 1;
}

/* A value as the log wrote it: the shortest digits that read back the same. */
static void
exact(char *buf, size_t n, double v)
{
	if (v == floor(v) && v < 1e21)
		snprintf(buf, n, "%.0f", v);
	else
		snprintf(buf, n, "%.15g", v);
	if (strtod(buf, NULL) != v)
		snprintf(buf, n, "%.17g", v);
}

/* Every sample, not only the mean, is held to its metric's limit: one
 * damaged sample of 10^11 KiB/s among twenty real ones moves the mean of
 * a log 200 000-fold and stays under the limit itself. The largest sample
 * of each direction is checked, so a failing log names the line of its
 * largest sample; unit turns the log's values into the record's. */
static enum eb_status
check_samples(struct eb_parse *p, enum eb_fio_log_kind kind, const struct eb_fio_log_acc *acc,
    const char *path, const long *max_line, const char *kind_name, double unit_ns)
{
	const char *metric, *unit, *shown;
	double scale, limit;

	switch (kind) {
	case EB_FIO_LOG_BW:
		metric = "bw", unit = "KiB/s", scale = 1024;
		break;
	case EB_FIO_LOG_IOPS:
		metric = "iops", unit = "IOPS", scale = 1;
		break;
	case EB_FIO_LOG_LAT:
	case EB_FIO_LOG_CLAT:
	case EB_FIO_LOG_SLAT:
		metric = "lat_mean", unit = unit_ns == 1 ? "ns" : "us", scale = unit_ns;
		break;
	default:
		return EB_OK;
	}
	limit = eb_metric_limit(metric, &shown);
	for (int d = 0; d < 3; d++) {
		const struct eb_fio_dir_acc *a = &acc->d[d];
		struct find_max f = { d, a->max, a->first_line };
		struct eb_loc loc = { path, 0, 0 };
		char v[40], canon[40], lim[40];

		if (a->n == 0 || !(a->max * scale > limit))
			continue;
		if (max_line != NULL) {
			f.line = max_line[d];
		} else {
			struct eb_err ignored;

			eb_fio_log_scan(path, found_max, &f, &ignored);
		}
		loc.line = f.line;
		exact(v, sizeof v, a->max);
		eb_format_double(canon, sizeof canon, a->max * scale);
		eb_format_double(lim, sizeof lim, limit);
		if (scale == 1)
			return eb_err_set(p->err, EB_ERR_DATA, loc,
			    "fio %s log sample %s %s is beyond the limit of %s (%s %s)",
			    kind_name, v, unit, shown, lim, unit);
		return eb_err_set(p->err, EB_ERR_DATA, loc,
		    "fio %s log sample %s %s (%s %s) is beyond the limit of %s (%s %s)",
		    kind_name, v, unit, canon, scale == 1024 ? EB_UNIT_BPS : EB_UNIT_NS,
		    shown, lim, scale == 1024 ? EB_UNIT_BPS : EB_UNIT_NS);
	}
	return EB_OK;
}

static const char *const kind_names[] = {
	"unknown", "bandwidth", "IOPS", "total latency", "completion latency",
	"submission latency", "histogram",
};

/* Latency logs are ns from fio 3.0, us before; the columns only tell
 * when prio is there (3.18+). A mean under 300 ns is no I/O any device
 * completes, so such a log is taken for fio 2.x microseconds. Returns
 * the factor to ns and the mean that made it 1000. */
static double
latency_unit(const struct eb_fio_log_acc *a, double *mean)
{
	double n = 0, sum = 0;

	if (!(a->max_cols == 4 || (a->max_cols == 5 && a->offset_like)))
		return 1;
	for (int d = 0; d < 3; d++) {
		n += (double)a->d[d].n;
		sum += eb_fio_dir_sum(&a->d[d]);
	}
	*mean = n > 0 ? sum / n : 0;
	return n > 0 && sum / n < 300 ? 1000 : 1;
}

/* A log of every I/O rather than of averaged windows. */
static int
per_io_dir(const struct eb_fio_dir_acc *a)
{
	return !a->bs_zero && a->n >= 2 &&
	    (a->last_t - a->first_t) / ((double)a->n - 1) < PER_IO_STEP_MS;
}

static void
say_clones(struct eb_parse *p, const struct log_state *st, const struct eb_fio_family *f)
{
	const char *how = st->kind == EB_FIO_LOG_CLAT ? "pooled into one mean" :
	    "summed, as fio's group_reporting sums clones";

	if (f->n > 1)
		eb_diag(p->diag, EB_NOTE, eb_parse_loc(p, 0), "the %s logs of %zu clones of "
		    "one fio run (numjobs; %s to %s): their samples %s, one run",
		    kind_names[st->kind], f->n, f->where[0], f->where[f->n - 1], how);
}

/* A log whose time starts again holds several clones or several runs:
 * fio appends to a log without a clone number (per_job_logs=0 in 3.33,
 * every log in 2.x), both the clones of a run and each later run of the
 * job. Clones add up, runs are repetitions, and nothing in the log tells
 * which: a rate from it would be half or twice the truth, or one run
 * where there were two. Latency pools either way. */
static enum eb_status
appended(struct eb_parse *p, const struct log_state *st, const struct eb_fio_family *f, int d)
{
	for (size_t k = 0; k < f->n; k++)
		if (f->rates[k].runs[d] > 1) {
			struct eb_loc loc = { f->where[k], f->rates[k].second_line[d], 0 };

			return eb_err_set(p->err, EB_ERR_DATA, loc, "time starts again: this %s "
			    "log holds %d runs or clones one after another, as fio appends to "
			    "a log without a clone number (per_job_logs=0; every log of fio "
			    "2.x); clones add up and runs are repetitions, and the log does not "
			    "say which: split it where the time starts again, or write a log "
			    "per clone (fio 3's default)", kind_names[st->kind],
			    f->rates[k].runs[d]);
		}
	return EB_OK;
}

/* A log carries no job options, only the size of each I/O it logs (0 for
 * averaged windows, log_avg_msec): it is noted as a partial setup, so that
 * two logs of one job name whose I/O sizes differ are refused, and a log
 * met as a repetition of another source of its job is warned of (runs.c,
 * by the "~log_KIND" line) for all it cannot check. */
static void
note_setup(struct eb_parse *p, const char *job, const char *host, const char *kind,
    const struct eb_fio_log_acc *a, long line)
{
	struct eb_buf b;
	int nobs = 0;

	eb_buf_init(&b, 0);
	/* By name, as runs.c walks them: read, trim, write. */
	for (int k = 0; k < 3; k++) {
		int d = k == 0 ? 0 : k == 1 ? 2 : 1;
		char l[64];

		if (a->d[d].n == 0)
			continue;
		if (a->d[d].bs_varies || a->d[d].bs_zero || a->d[d].bs <= 0) {
			nobs = 1;
			continue;
		}
		snprintf(l, sizeof l, "bs_%s=%lld\n", eb_fio_dir_names[d], (long long)a->d[d].bs);
		eb_buf_add(&b, l, strlen(l));
	}
	eb_buf_add(&b, "~log_", 5);
	eb_buf_add(&b, kind, strlen(kind));
	eb_buf_addc(&b, '\n');
	if (nobs)
		eb_buf_add(&b, "~nobs\n", 6);
	eb_buf_add(&b, "~partial\n", 9);
	eb_parse_setup(p, job, host, eb_buf_cstr(&b), line);
	eb_buf_free(&b);
}

void
eb_fio_log_unchecked(struct eb_diag *diag, const char *a, const char *a_path, long a_line,
    int *warned, const char *b, const char *b_path, long b_line, const char *job)
{
	const char *ka = strstr(a, "~log_"), *kb = strstr(b, "~log_");
	int a_log = ka != NULL, b_log = kb != NULL;
	int nobs = strstr(a, "~nobs\n") != NULL || strstr(b, "~nobs\n") != NULL;
	struct eb_loc loc = { b_path, b_line, 0 };

	/* The bw and clat logs of one run are no repetitions of each other. */
	if (*warned || diag == NULL || (!a_log && !b_log) ||
	    (a_log && b_log && strcspn(ka, "\n") != strcspn(kb, "\n")) ||
	    (a_log && b_log && strncmp(ka, kb, strcspn(ka, "\n")) != 0))
		return;
	*warned = 1;
	eb_diag(diag, EB_WARNING, loc, "fio job '%.40s' here is read as a repetition of the one "
	    "at %.120s:%ld, but %s carries no job options: whether the two ran alike in "
	    "iodepth, numjobs, ioengine, direct, size, rate or any other option%s cannot be "
	    "checked; give their runs' JSON, or name the jobs apart if they differ", job,
	    a_path, a_line, a_log && b_log ? "a fio log" : "the fio log",
	    nobs ? ", or in block size (averaged samples, log_avg_msec, log it as 0)" : "");
}

/* Whether path names one of the logs fio --bandwidth-log writes of the
 * whole run (agg-read_bw.log, agg-write_bw.log, agg-trim_bw.log, fio 3.x). */
static int
aggregate_log(const char *path)
{
	static const char *const names[] = { "agg-read_bw.log", "agg-write_bw.log",
		"agg-trim_bw.log" };
	const char *base = strrchr(path, '/');

	base = base != NULL ? base + 1 : path;
	for (size_t k = 0; k < 3; k++) {
		size_t n = strlen(names[k]);

		if (strncmp(base, names[k], n) == 0 && (base[n] == '\0' || base[n] == '.'))
			return 1;
	}
	return 0;
}

static enum eb_status
summarise(struct eb_parse *p, struct log_state *st)
{
	struct eb_loc loc0 = eb_parse_loc(p, 0);
	struct eb_fio_family f;
	const struct eb_fio_log_acc *all = &st->acc;
	char *job, *host;
	double unit = 1, us_mean = 0;
	enum eb_status status;

	if (st->acc.nhist > 0) {
		eb_diag(p->diag, EB_WARNING, eb_parse_loc(p, st->acc.hist_line),
		    "fio latency histogram log (%ld row%s of %ld buckets, fio %s) "
		    "recognised but not read yet; no records from it", st->acc.nhist,
		    st->acc.nhist == 1 ? "" : "s", st->acc.hist_cols - 3,
		    st->acc.hist_cols - 3 == 1216 ? "2.x" : st->acc.hist_cols - 3 == 1856 ? "3.x" : "?");
		return EB_OK;
	}
	if (st->acc.nsamples == 0)
		return eb_err_set(p->err, EB_ERR_DATA, loc0, "fio log without samples");
	if (st->kind == EB_FIO_LOG_UNKNOWN || st->kind == EB_FIO_LOG_HIST)
		return eb_err_set(p->err, EB_ERR_DATA, loc0,
		    "a fio log, but its name does not say of what; name it as fio "
		    "does (NAME_bw.1.log, NAME_iops.1.log, NAME_clat.1.log)");
	if (aggregate_log(p->path)) {
		eb_diag(p->diag, EB_NOTE, loc0, "fio's aggregate bandwidth log of a whole run "
		    "(--bandwidth-log), no job's: a time series for the timeseries chart, and "
		    "no record");
		return EB_OK;
	}
	if (st->kind == EB_FIO_LOG_CLAT)
		unit = latency_unit(&st->acc, &us_mean);
	if ((status = check_samples(p, st->kind, &st->acc, p->path,
	    st->whole ? NULL : st->max_line, kind_names[st->kind], unit)) != EB_OK)
		return status;
	if (st->kind == EB_FIO_LOG_LAT || st->kind == EB_FIO_LOG_SLAT) {
		eb_diag(p->diag, EB_NOTE, loc0,
		    "fio %s log: no summary record (lat_mean is completion latency, "
		    "from the clat log)", kind_names[st->kind]);
		return EB_OK;
	}
	status = eb_fio_family_read(&f, p, &st->acc, st->whole, &st->runs,
	    st->kind != EB_FIO_LOG_CLAT, st->nthreads);
	/* Each clone's log gives the record of them all, so that any one
	 * named reads the job; two of one family read in one load give it
	 * once (runs.c). */
	if (status != EB_OK) {
		eb_fio_family_free(&f);
		return status;
	}
	if (f.n > 1)
		eb_fio_log_note_family(p, st->kind, f.paths[0]);
	if (f.n > 1) {
		all = &f.all;
		if (st->kind == EB_FIO_LOG_CLAT)
			unit = latency_unit(all, &us_mean);
		for (size_t k = 0; k < f.n && status == EB_OK; k++)
			status = check_samples(p, st->kind, &f.acc[k], f.where[k],
			    k == f.self && !st->whole ? st->max_line : NULL,
			    kind_names[st->kind], unit);
		if (status != EB_OK) {
			eb_fio_family_free(&f);
			return status;
		}
	}
	if (unit != 1)
		eb_diag(p->diag, EB_NOTE, loc0,
		    "latencies read as microseconds (fio 2.x): their mean, %.1f, "
		    "is too small for nanoseconds", us_mean);
	say_clones(p, st, &f);
	names(p->path, &job, &host);
	eb_fio_log_note_series(p, unit == 1 ? st->kind : EB_FIO_LOG_UNKNOWN, &st->acc, job);
	if (f.n > 1 && unit == 1)
		eb_fio_log_note_family_sum(p, st->kind, &f, job);
	for (int d = 0; d < 3; d++)
		if (all->d[d].n > 0) {
			note_setup(p, job, host, st->kind == EB_FIO_LOG_BW ? "bw" :
			    st->kind == EB_FIO_LOG_IOPS ? "iops" : "clat", all,
			    st->acc.d[d].n > 0 ? st->acc.d[d].first_line : 0);
			break;
		}
	for (int d = 0; d < 3; d++) {
		const struct eb_fio_dir_acc *a = &all->d[d];
		long line = st->acc.d[d].n > 0 ? st->acc.d[d].first_line : 0;
		int64_t bs = a->bs_varies || a->bs_zero ? 0 : a->bs;
		int per_io = 0;
		double mean;

		if (a->n == 0)
			continue;
		for (size_t k = 0; k < f.n; k++)
			per_io |= per_io_dir(&f.acc[k].d[d]);
		mean = eb_fio_dir_sum(a) / (double)a->n;
		switch (st->kind) {
		case EB_FIO_LOG_BW:
		case EB_FIO_LOG_IOPS:
			/* fio 3.x without log_avg_msec logs each I/O's own rate,
			 * whose mean is no throughput at all. */
			if (per_io) {
				eb_diag(p->diag, EB_WARNING, eb_parse_loc(p, line),
				    "fio %s log of every I/O (no log_avg_msec): the mean of "
				    "its samples is no throughput; no record",
				    kind_names[st->kind]);
				break;
			}
			if ((status = appended(p, st, &f, d)) != EB_OK)
				goto out;
			if (st->kind == EB_FIO_LOG_BW)
				add_record(p, job, host, d, bs, "bw", EB_UNIT_BPS,
				    eb_fio_family_rate(&f, d) * 1024, line);
			else
				add_record(p, job, host, d, bs, "iops", EB_UNIT_PER_S,
				    eb_fio_family_rate(&f, d), line);
			break;
		case EB_FIO_LOG_CLAT:
			add_record(p, job, host, d, bs, "lat_mean", EB_UNIT_NS, mean * unit, line);
			/* Averaged windows have no percentile of single I/Os. */
			if (per_io && a->plat != NULL)
				add_record(p, job, host, d, bs, "lat_p99", EB_UNIT_NS,
				    plat_p99(a) * unit, line);
			break;
		default:
			break;
		}
	}
out:
	free(job);
	free(host);
	eb_fio_family_free(&f);
	return status;
}

static enum eb_status
finish(struct eb_parse *p, int ok)
{
	struct log_state *st = p->state;
	enum eb_status status = EB_OK;

	if (ok)
		status = summarise(p, st);
	eb_fio_log_acc_free(&st->acc);
	return status;
}

const struct eb_format eb_format_fio_log = {
	"fio-log", "fio bw/iops/lat logs (write_*_log; the file name says which)",
	probe, sizeof(struct log_state), parse_line, finish, NULL, NULL, NULL, read_file, 0,
};
