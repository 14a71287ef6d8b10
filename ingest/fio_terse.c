/* fio_terse.c - fio's terse (--minimal) output, versions 2 to 5, also when a
 * record is glued to an ETA line or sits among normal output. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fio.h"

/* A v5 record with trim, mixed and a few disks has about 250 fields. */
#define MAX_FIELDS 4096

struct terse_state {
	struct eb_fio_run run;
	struct eb_fio_banners banners;
	struct eb_fio_errors errors;
	struct eb_fio_notes notes;
	char *last_key;		/* "group;name" of the previous record */
	char *last_disks;	/* its disk util fields */
	char *last_rec;		/* and the whole record */
	long last_line;
	/* The first record of the current run that repeats the job of the
	 * record before it with nothing to tell a numjobs clone from a run
	 * appended to the file (line), and that record's line (prev). */
	long unsure_line, unsure_prev;
	char unsure_job[64];
	/* A second banner of one job in one group (line), which clones never
	 * print, nor a run but the servers of a client one: its message
	 * waits for the run's "All clients" record, which clears it. */
	long twice_line;
	char twice_msg[320];
	int client_noted;
	int coarse_noted;	/* a coarse rate was warned of */
	/* The I/O (KiB) and runtime (ms) of each direction block of the
	 * previous record, and whether the file is --status-interval output. */
	double last_io[4], last_rt[4];
	size_t last_nb;
	int status_series;
	long nsnapshots, snapshot_line;
	size_t added;
	long nrecords;
};

struct field {
	const char *s;
	size_t n;
};

/* Where a terse record starts in a line, or NULL. v3 to v5 name fio's
 * version ("3;fio-3.28;"), which is found anywhere in the line because an
 * ETA line without its newline can come first: fio 3.28 wrote
 * "...[eta 043;fio-3.28;Seq1M-Read-Q8;..." (hikalium sample). Releases
 * before 2.0.9 or so print the version bare ("3;2.0.8;"); v2 has none. */
static const char *
record_start(const char *line, size_t len)
{
	const char *q = line, *end = line + len;

	while ((q = eb_fio_memstr(q, (size_t)(end - q), ";fio-")) != NULL) {
		if (q > line && q[-1] >= '3' && q[-1] <= '5' && q + 5 < end &&
		    q[5] >= '0' && q[5] <= '9')
			return q - 1;
		q++;
	}
	if (len > 4 && line[0] >= '2' && line[0] <= '5' && line[1] == ';') {
		size_t semis = 0;

		for (size_t i = 0; i < len; i++)
			semis += line[i] == ';';
		if (semis >= 70 && (line[0] == '2' || (line[2] >= '0' && line[2] <= '9')))
			return line;
	}
	return NULL;
}

static int
probe(const char *head, size_t len)
{
	int score = 0;

	if (memchr(head, ';', len) == NULL)	/* no line can be a record */
		return 0;
	for (size_t i = 0; i < len && score < 90;) {
		const char *nl = memchr(head + i, '\n', len - i);
		size_t n = nl != NULL ? (size_t)(nl - head - i) : len - i;
		const char *r = record_start(head + i, n);

		if (r != NULL)
			score = r[0] == '2' || r[2] != 'f' ? 85 : 90;
		i += n + 1;
	}
	return score;
}

static int
has_pct(const struct field *f)
{
	return eb_fio_memstr(f->s, f->n, "%=") != NULL;
}

/* A direction block: 41 fields (v5: 47) whose 13th to 32nd are the
 * "P%=VALUE" clat percentiles. */
static int
is_block(const struct field *f, size_t nf, size_t s, size_t width)
{
	return s + width <= nf && has_pct(&f[s + 12]) && has_pct(&f[s + 31]) &&
	    !has_pct(&f[s + 11]) && !has_pct(&f[s + 32]);
}

static double
fnum(const struct field *f, double dflt)
{
	double v;
	size_t used = eb_fio_num(f->s, f->n, &v);

	return used > 0 ? v : dflt;
}

/* fio prints every figure of a record as digits: a sign, nan, inf or a
 * number too large for a double is a damaged record. */
static int
damaged(const struct field *f)
{
	double v;

	if (f->n == 0)
		return 0;
	return f->s[0] < '0' || f->s[0] > '9' || eb_fio_num(f->s, f->n, &v) == 0 || !isfinite(v);
}

static int
integer(const struct field *f)
{
	size_t i = 0;

	while (i < f->n && f->s[i] >= '0' && f->s[i] <= '9')
		i++;
	return f->n > 0 && i == f->n;
}

/* Whether the fields from at on are what fio prints after the latency
 * fields: disks of 9 fields each (a name, 7 counts, a utilisation "%";
 * a device-mapper disk's slaves as one more such group, named
 * "slaves"), then continue_on_error's error count and first error, then
 * a description (its ';' split it). *disks_end is where the disks end.
 * What is left of a cut disk (a name and counts) is no description. */
static int
tail_fits(const struct field *f, size_t nf, size_t at, size_t *disks_end)
{
	size_t k = at, rest;

	while (k + 9 <= nf && f[k].n > 0 && damaged(&f[k]) && f[k + 8].n > 0 &&
	    f[k + 8].s[f[k + 8].n - 1] == '%')
		k += 9;
	*disks_end = k;
	rest = nf - k;
	if (rest >= 2 && integer(&f[k]) && integer(&f[k + 1]))
		rest -= 2, k += 2;
	if (rest == 0)
		return 1;
	/* A cut disk: its name, then only counts. */
	if (f[k].n > 0 && damaged(&f[k]) && rest < 9 && rest > 1) {
		int counts = 1;

		for (size_t i = k + 1; i < nf && counts; i++)
			counts = integer(&f[i]);
		if (counts)
			return 0;
	}
	return 1;
}

static int
group_id_ok(const struct field *f)
{
	if (f->n == 0 || f->n > 10)
		return 0;
	for (size_t i = 0; i < f->n; i++)
		if (f->s[i] < '0' || f->s[i] > '9')
			return 0;
	return fnum(f, -1) <= 4294967295.0;
}

/* The offsets in a direction block of the figures take_block reads. */
static const size_t block_figures[] = { 0, 1, 2, 3, 9, 10 };

/* Below this, a truncated KiB/s or IOPS may be cut by more than 5 %. */
#define TERSE_COARSE 20

/* The bounds a terse record's truncated figures leave a coarse rate in. */
struct coarse {
	int dir;		/* the direction, or -1 for none */
	double bw_lo, bw_hi, iops_lo, iops_hi;
};

static void
take_block(const struct field *f, size_t s, struct eb_fio_dstat *d, struct coarse *c,
    long lineno)
{
	double io = fnum(&f[s], 0), bw = fnum(&f[s + 1], -1), iops = fnum(&f[s + 2], -1);
	double mean = fnum(&f[s + 10], -1), max = fnum(&f[s + 9], -1);

	c->dir = -1;
	d->present = io > 0 || bw > 0 || iops > 0;
	if (!d->present)
		return;
	/* Terse prints KiB (bytes >> 10), KiB/s and IOPS as truncated
	 * integers, latencies in us (fio 3.x divides its ns by 1000 for
	 * terse). A rate printed at TERSE_COARSE or more is read as printed,
	 * within 5 % of the exact one. Below, truncation may cut more (fio
	 * 3.33, 9216 bytes in 4836 ms: 1 KiB/s and 3 IOPS for 1905.7 B/s and
	 * 3.72): the record takes the middle of what the fields leave, the
	 * bytes within the KiB over the runtime and within the KiB/s, the I/O
	 * count within the IOPS times the runtime, and c the bounds, which
	 * the record's warning gives. */
	d->bw = bw >= 0 ? bw * 1024 : -1;
	d->io = io * 1024;
	d->runtime_ms = fnum(&f[s + 3], -1);
	if (bw >= 0 && iops >= 0 && (bw < TERSE_COARSE || iops < TERSE_COARSE) && io > 0 &&
	    d->runtime_ms > 0) {
		double lo = fmax(d->io * 1000 / d->runtime_ms, bw * 1024);
		double hi = fmin((d->io + 1023) * 1000 / d->runtime_ms, (bw + 1) * 1024);
		double clo = fmax(1, ceil(iops * d->runtime_ms / 1000));
		double chi = ceil((iops + 1) * d->runtime_ms / 1000) - 1;

		if (lo <= hi && clo <= chi) {
			d->bw = (lo + hi) / 2;
			c->bw_lo = lo;
			c->bw_hi = hi;
			c->iops_lo = clo * 1000 / d->runtime_ms;
			c->iops_hi = chi * 1000 / d->runtime_ms;
			c->dir = 0;
		}
	}
	/* Terse prints no I/O count, which combining clones needs. fio's
	 * IOPS is 1000 * count / runtime truncated, which leaves the count
	 * one of the runtime / 1000 whole numbers above IOPS * runtime / 1000;
	 * KiB over KiB/s times IOPS picks among them. */
	d->iops = c->dir >= 0 ? (c->iops_lo + c->iops_hi) / 2 : iops;
	if (bw > 0 && iops > 0 && d->runtime_ms > 0) {
		double lo = ceil(iops * d->runtime_ms / 1000);
		double hi = fmax(lo, ceil((iops + 1) * d->runtime_ms / 1000) - 1);

		d->ios = fmin(fmax(round(io * iops / bw), lo), hi);
	}
	if (mean > 0 || max > 0)
		d->lat_ns = mean * 1000;
	for (size_t k = s + 12; k < s + 32; k++) {
		const char *eq = eb_fio_memstr(f[k].s, f[k].n, "%=");
		double pct, v;

		if (eq == NULL || eb_fio_num(f[k].s, (size_t)(eq - f[k].s), &pct) == 0 ||
		    pct != 99.0)
			continue;
		if (eb_fio_num(eq + 2, f[k].n - (size_t)(eq + 2 - f[k].s), &v) > 0 && v > 0)
			d->p99_ns = v * 1000;
	}
	d->bw_line = d->iops_line = d->lat_line = d->p99_line = lineno;
}

/* Whether the I/O, bandwidth, IOPS and runtime of the direction block at s
 * contradict one another. fio prints bw = 1000 * bytes / runtime >> 10 and
 * iops = 1000 * count / runtime, both 0 when the runtime is 0 (stat.c,
 * show_thread_status_terse_all, 3.33): KiB moved at a bw of 0 that the
 * runtime does not explain, a rate beside a runtime of 0, or no I/O per
 * second in a runtime of a second or less are a changed record, whose
 * bandwidth would be lost or taken from nothing. */
static int
contradiction(const struct field *f, size_t s, char *why, size_t n)
{
	double io = fnum(&f[s], 0), bw = fnum(&f[s + 1], 0), iops = fnum(&f[s + 2], 0);
	double rt = fnum(&f[s + 3], 0);

	if (io <= 0)
		return 0;
	if (rt == 0)
		snprintf(why, n, "moved %.0f KiB in a runtime of 0 ms, %s", io,
		    bw > 0 || iops > 0 ? "beside a rate fio computes from that runtime" :
		    "which gives no rate (fio prints 0 for a run under 1 ms)");
	else if (bw == 0 && io * 1000 / rt >= 2)
		snprintf(why, n, "moved %.0f KiB in %.0f ms, %.0f KiB/s, but its bandwidth "
		    "field is 0", io, rt, floor(io * 1000 / rt));
	else if (iops == 0 && rt <= 1000)
		snprintf(why, n, "moved %.0f KiB in %.0f ms, one I/O at least, but its IOPS "
		    "field is 0", io, rt);
	/* The KiB field is bytes >> 10, and the runtime is printed to the
	 * millisecond of one the bandwidth was computed from to the
	 * microsecond (fio 3.33 numjobs clones: 8192 KiB, 307 ms, 26771
	 * KiB/s, which 306 ms give): the bandwidth lies between what io and
	 * io + 1 KiB in 2 ms more or less give, a digit changed does not. */
	else if (bw > 0 && rt > 2 && (bw < floor(io * 1000 / (rt + 2)) - 1 ||
	    bw > ceil((io + 1) * 1000 / (rt - 2)) + 1))
		snprintf(why, n, "moved %.0f KiB in %.0f ms, %.0f KiB/s, but its bandwidth "
		    "field is %.0f: the figures disagree", io, rt, floor(io * 1000 / rt), bw);
	else
		return 0;
	return 1;
}

/* Whether the clients' records of the current run sum to its "All
 * clients" record, direction by direction: then they are one run's
 * concurrent jobs, whatever else the file holds. */
static int
all_clients_sum(const struct eb_fio_run *run)
{
	int found = 0, sums = 0;

	/* fio 3.33 prints one "All clients" record of the last group when
	 * the run has several (stonewall): it sums every group. */
	for (size_t i = 0; i < run->n; i++)
		sums += run->jobs[i].all_clients;
	for (size_t i = 0; i < run->n; i++) {
		const struct eb_fio_job *a = &run->jobs[i];

		if (!a->all_clients)
			continue;
		found = 1;
		/* fio sums the clients' bytes, over the longest runtime: 4096
		 * KiB in 5 ms and in 8 ms are 8192 KiB in 8 ms, 1024000 KiB/s
		 * (fio 3.33), not the 1331200 of the rates added. */
		for (int d = 0; d < EB_FIO_NDIRS; d++) {
			double io = 0, rt = 0;

			for (size_t k = 0; k < run->n; k++) {
				const struct eb_fio_job *c = &run->jobs[k];

				if (!c->all_clients && (c->groupid == a->groupid || sums == 1) &&
				    c->d[d].present) {
					io += c->d[d].io;
					rt = c->d[d].runtime_ms > rt ? c->d[d].runtime_ms : rt;
				}
			}
			if (io != (a->d[d].present ? a->d[d].io : 0) ||
			    (io > 0 && rt != a->d[d].runtime_ms))
				return 0;
		}
	}
	return found;
}

static int
has_all_clients(const struct eb_fio_run *run)
{
	for (size_t i = 0; i < run->n; i++)
		if (run->jobs[i].all_clients)
			return 1;
	return 0;
}

static void
forget_last(struct terse_state *st)
{
	free(st->last_key);
	free(st->last_disks);
	free(st->last_rec);
	st->last_key = st->last_disks = st->last_rec = NULL;
}

/* The order of an eb_fio_depths_take bucket, -1 for none. */
static int
depth_rank(const char *depths)
{
	static const char *const order[] = { "1", "2-3", "4-7", "8-15", "16-31", "32-63", ">=64" };

	for (int k = 0; k < 7; k++)
		if (strcmp(depths, order[k]) == 0)
			return k;
	return -1;
}

/* Notes what the records of the run show of each job's setup (runs.c):
 * the deepest I/O depth bucket any clone reached, how many clone records
 * there are when more than one (one record may be group_reporting's), and
 * the KiB they moved in the longest runtime. */
static void
note_setups(struct eb_parse *p, const struct terse_state *st)
{
	p->setup_run++;
	for (size_t i = 0; i < st->run.n; i++) {
		const struct eb_fio_job *j = &st->run.jobs[i];
		struct eb_fio_job deepest = *j;
		double kib = 0, ms = 0;
		long n = 0;
		int first = 1;
		char *setup;

		for (size_t k = 0; k < st->run.n && first; k++)
			first = k >= i || strcmp(st->run.jobs[k].name, j->name) != 0 ||
			    st->run.jobs[k].groupid != j->groupid;
		if (!first || j->all_clients)
			continue;
		for (size_t k = i; k < st->run.n; k++) {
			const struct eb_fio_job *c = &st->run.jobs[k];

			if (strcmp(c->name, j->name) != 0 || c->groupid != j->groupid)
				continue;
			n++;
			if (depth_rank(c->depths) > depth_rank(deepest.depths))
				memcpy(deepest.depths, c->depths, sizeof c->depths);
			for (int d = 0; d < 3; d++)
				if (c->d[d].present) {
					kib += c->d[d].io / 1024;
					ms = fmax(ms, c->d[d].runtime_ms);
				}
		}
		setup = eb_fio_stated_setup(&st->banners, &deepest, n > 1 ? n : 0, n > 1 ? n : 0,
		    kib, ms,
		    eb_fio_has_banner(&st->banners, j) ? "terse output prints no numjobs= (but "
		    "for clone records), direct=, fsync=, rate= or size= (but for the amount "
		    "moved)" : "terse output prints no options: not iodepth= (but for the depth "
		    "reached), ioengine=, numjobs= (but for clone records), direct=, fsync=, rate= "
		    "or size= (but for the amount moved)");
		eb_parse_setup(p, j->name, j->host, setup, j->line);
		free(setup);
	}
}

static enum eb_status
flush(struct eb_parse *p, struct terse_state *st)
{
	int clients = all_clients_sum(&st->run);

	if (st->twice_line != 0 && !clients)
		return eb_err_set(p->err, EB_ERR_DATA, eb_parse_loc(p, st->twice_line), "%s",
		    st->twice_msg);
	st->twice_line = 0;
	/* fio 3.33's terse output of fio --client prints no hostname=: the
	 * servers' records are combined as one machine's, which JSON tells
	 * apart. */
	if (clients && !st->client_noted++)
		eb_diag(p->diag, EB_WARNING, eb_parse_loc(p, st->run.jobs[0].line), "fio --client "
		    "terse output names no server: its records are combined as the jobs of one "
		    "machine; read fio's JSON (--output-format=json), which keeps each host's");
	if (st->unsure_line != 0 && !clients)
		return eb_err_set(p->err, EB_ERR_DATA, eb_parse_loc(p, st->unsure_line),
		    "fio terse record of job '%s' again, after line %ld: terse output "
		    "prints numjobs clones of one run and runs appended to one file "
		    "alike, and no disk figures here tell them apart (none, or zeros), "
		    "so they could be one run to sum or two runs; run fio with "
		    "group_reporting, or write each run to a file of its own",
		    st->unsure_job, st->unsure_prev);
	st->unsure_line = 0;
	for (size_t i = 0; i < st->run.n; i++)
		if (!st->run.jobs[i].all_clients)
			eb_fio_banners_apply(&st->banners, &st->run.jobs[i]);
	note_setups(p, st);
	st->banners.run++;
	st->added += eb_fio_run_emit(p, &st->run, &st->notes);
	forget_last(st);
	return EB_OK;
}

/* Whether a record's disk util fields, 9 a disk (its name, then read and
 * write I/Os, merges and ticks, time in queue and utilisation; a
 * device-mapper disk adds 9 of its slaves), show that a disk did I/O. */
static int
disks_busy(const char *disks)
{
	const char *s = disks;

	for (size_t k = 0; *s != '\0'; k++) {
		size_t n = strcspn(s, ";");
		double v;

		if (k % 9 != 0 && eb_fio_num(s, n, &v) > 0 && v > 0)
			return 1;
		s += n;
		if (*s == ';')
			s++;
	}
	return 0;
}

/* A record that does not line up is a cut or damaged line, whose figures
 * would be read from the wrong fields ("op=mixed, cpu=213701"). */
static enum eb_status
bad_record(struct eb_parse *p, const char *line, const char *at, long lineno,
    const char *fmt, ...) __attribute__((format(printf, 5, 6)));

static enum eb_status
bad_record(struct eb_parse *p, const char *line, const char *at, long lineno,
    const char *fmt, ...)
{
	struct eb_loc loc = eb_parse_loc(p, lineno);
	char why[200];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(why, sizeof why, fmt, ap);
	va_end(ap);
	loc.col = (long)(at - line) + 1;
	return eb_err_set(p->err, EB_ERR_DATA, loc, "fio terse record: %s", why);
}

/* Notes the run of a record that did I/O (runs.c). A terse record has no
 * time or pid, but its figures (latencies to the nanosecond, context
 * switches, page faults) are its run's own: the same record twice, in one
 * file or two, wherever it stands, is one run read twice. */
static void
note_run(struct eb_parse *p, const struct terse_state *st, const struct eb_fio_job *j,
    const char *rec, size_t len, long lineno)
{
	char what[160], *id;
	int io = 0;

	for (int d = 0; d < EB_FIO_NDIRS; d++)
		io |= j->d[d].present;
	if (!io)
		return;
	snprintf(what, sizeof what, "the run of fio job '%.40s' (terse record %ld of its file, "
	    "the same figures)", j->name, st->nrecords + 1);
	id = eb_xasprintf("fio-terse\n%.*s", (int)len, rec);
	eb_parse_run(p, id, strlen(id), lineno, what);
	free(id);
}

/* Notes what the record prints of its run, for a copy of that run in JSON
 * or normal text (eb_fio_like): per direction the KiB (io_bytes >> 10),
 * the runtime and the range of I/O counts its truncated IOPS leaves (fio
 * 3.33 prints 1000 * count / runtime in integers), the mean clat in us
 * with 6 decimals, and CPU, context switches and page faults. */
static void
note_like(struct eb_parse *p, const struct field *f, size_t s0, size_t width, size_t nb,
    const int *dirs, size_t c, const struct eb_fio_job *j)
{
	struct eb_fio_like l;

	eb_fio_like_init(&l, j, EB_FIO_LIKE_TERSE);
	for (size_t b = 0; b < nb; b++) {
		int d = dirs[b];
		size_t s = s0 + b * width;
		double iops = fnum(&f[s + 2], -1), rt = fnum(&f[s + 3], -1);

		if (d >= 3 || !j->d[d].present)
			continue;
		l.kib[d] = fnum(&f[s], -1);
		l.rt[d] = rt;
		if (iops >= 0 && rt > 0) {
			l.ios_lo[d] = ceil(iops * rt / 1000);
			l.ios_hi[d] = fmax(l.ios_lo[d], ceil((iops + 1) * rt / 1000) - 1);
		}
		l.lat[d] = j->d[d].lat_ns;
		l.lat_res[d] = 5e-4;
	}
	l.usr = fnum(&f[c], -1);
	l.sys = fnum(&f[c + 1], -1);
	l.cpu_res = 5e-7;
	l.ctx = fnum(&f[c + 2], -1);
	l.majf = fnum(&f[c + 3], -1);
	l.minf = fnum(&f[c + 4], -1);
	eb_fio_note_like(p, &l, j);
}

/* Whether a record of a job is the next --status-interval snapshot (or the
 * final result) of the previous record of that job, whose I/O and runtime
 * of every direction it only adds to. fio 3.33 prints snapshots as records
 * like any other, with no mark of their own; one a full step of the
 * interval after the last (20 ms and 1 % of the runtime at least) tells
 * the file is such output, since numjobs clones run side by side and
 * runs appended with >> start from zero. The last snapshot can fall just
 * before the final result. */
static int
snapshot_of_last(struct terse_state *st, const struct field *f, size_t s0, size_t width,
    size_t nb)
{
	int grew = 0, step = 0;

	if (nb != st->last_nb)
		return 0;
	for (size_t b = 0; b < nb; b++) {
		double io = fnum(&f[s0 + b * width], 0), rt = fnum(&f[s0 + b * width + 3], 0);

		if (io < st->last_io[b] || (st->last_io[b] > 0 && !(io > st->last_io[b] &&
		    rt > st->last_rt[b])))
			return 0;
		grew |= st->last_io[b] > 0;
		step |= rt - st->last_rt[b] >= 20 && rt - st->last_rt[b] >= rt / 100;
	}
	if (grew && step)
		st->status_series = 1;
	return grew && st->status_series;
}

/* How many records of the current run are of the job of that name and group. */
static size_t
same_jobs(const struct eb_fio_run *run, const struct field *name, const struct field *group)
{
	size_t n = 0;

	for (size_t i = 0; i < run->n; i++)
		n += run->jobs[i].groupid == (long)fnum(group, 0) &&
		    strlen(run->jobs[i].name) == name->n &&
		    memcmp(run->jobs[i].name, name->s, name->n) == 0;
	return n;
}

static void
keep_figures(struct terse_state *st, const struct field *f, size_t s0, size_t width, size_t nb)
{
	st->last_nb = nb;
	for (size_t b = 0; b < nb; b++) {
		st->last_io[b] = fnum(&f[s0 + b * width], 0);
		st->last_rt[b] = fnum(&f[s0 + b * width + 3], 0);
	}
}

/* Notes the summaries a terse record prints of the direction block at
 * s's bandwidth samples (KiB/s min, max and mean, to 1e-6; version 5 their
 * count), its completion latencies and, in version 5, its IOPS samples,
 * for a log of the same run (eb_parse_fio_series). */
static void
note_series(struct eb_parse *p, const struct field *f, size_t s, int ver, int dir,
    const char *job, long lineno)
{
	struct eb_fio_series bw = { EB_FIO_SERIES_BW, dir, 0, 0, fnum(&f[s + 36], -1),
		fnum(&f[s + 37], -1), fnum(&f[s + 39], -1), 5e-7, 0, ver != 5, 0 };

	if (dir > EB_FIO_TRIM)
		return;
	if (ver == 5)
		bw.n = fnum(&f[s + 41], -1);
	if (bw.min >= 0 && bw.max > 0 && bw.mean > 0 && (bw.uncounted || bw.n > 0))
		eb_parse_fio_series(p, &bw, job, lineno);
	/* Completion latency in us: min and max truncated from ns, the mean
	 * to 1e-6; no count. A per-I/O clat log of the run lies within. */
	{
		double lo = fnum(&f[s + 8], -1), hi = fnum(&f[s + 9], -1), mean = fnum(&f[s + 10], -1);
		struct eb_fio_series cl = { EB_FIO_SERIES_CLAT, dir, 0, 0, lo * 1000, (hi + 1) * 1000,
			mean * 1000, 5e-4, 1, 1, 0 };

		if (lo >= 0 && hi > 0 && mean > 0)
			eb_parse_fio_series(p, &cl, job, lineno);
	}
	if (ver == 5) {
		struct eb_fio_series io = { EB_FIO_SERIES_IOPS, dir, 0, fnum(&f[s + 46], -1),
			fnum(&f[s + 42], -1), fnum(&f[s + 43], -1), fnum(&f[s + 44], -1), 5e-7,
			0, 0, 0 };

		if (io.n > 0 && io.min >= 0 && io.max > 0 && io.mean > 0)
			eb_parse_fio_series(p, &io, job, lineno);
	}
}

static enum eb_status
take_record(struct eb_parse *p, struct terse_state *st, const char *line, const char *rec,
    size_t len, long lineno)
{
	struct field *f = eb_xcalloc(MAX_FIELDS, sizeof *f);
	size_t nf = 0, s0, width, nb = 0, c;
	int ver = rec[0] - '0';
	int dirs[4];
	const struct field *name, *group, *error;
	struct eb_fio_job *j;
	char *key, *disks, *rec_text;
	size_t disks_end;

	for (size_t i = 0; i <= len && nf < MAX_FIELDS;) {
		size_t n = 0;

		while (i + n < len && rec[i + n] != ';')
			n++;
		f[nf].s = rec + i;
		f[nf++].n = n;
		i += n + 1;
	}
	s0 = ver == 2 ? 4 : 5;
	width = ver == 5 ? 47 : 41;
	while (nb < 4 && is_block(f, nf, s0 + nb * width, width))
		nb++;
	c = s0 + nb * width;
	if (nb == 1) {
		dirs[0] = EB_FIO_MIXED;	/* unified_rw_reporting=1 */
	} else if (ver == 3 && (nb == 2 || nb == 3)) {
		dirs[0] = EB_FIO_READ;
		dirs[1] = EB_FIO_WRITE;
		dirs[2] = EB_FIO_MIXED;	/* unified_rw_reporting=both */
	} else if (ver != 3 && (nb == 3 || nb == 4)) {
		dirs[0] = EB_FIO_READ;
		dirs[1] = EB_FIO_WRITE;
		dirs[2] = EB_FIO_TRIM;
		dirs[3] = EB_FIO_MIXED;
	} else {
		free(f);
		return bad_record(p, line, rec, lineno, "its fields do not line up with terse "
		    "version %d (a ';' in a job name, or a cut line)", ver);
	}
	/* After the blocks: 34 CPU, depth and latency fields, then 9 per
	 * disk (terse versions 2 to 5 alike), then the error count and first
	 * error of continue_on_error=, then the job's description= (fio 3.33
	 * prints it last in versions 3 to 5, on a line of its own in 2). */
	if (nf < c + 34 || !tail_fits(f, nf, c + 34, &disks_end)) {
		enum eb_status bad = bad_record(p, line, rec, lineno, "%zu fields, where terse "
		    "version %d with %zu direction%s has %zu and 9 per disk (a cut line?)",
		    nf, ver, nb, nb == 1 ? "" : "s", c + 34);

		free(f);
		return bad;
	}
	for (size_t b = 0; b < nb; b++)
		for (size_t k = 0; k < sizeof block_figures / sizeof block_figures[0]; k++) {
			const struct field *x = &f[s0 + b * width + block_figures[k]];

			if (damaged(x)) {
				enum eb_status bad = bad_record(p, line, x->s, lineno,
				    "field %zu, '%.*s', is no figure fio prints",
				    s0 + b * width + block_figures[k] + 1, (int)(x->n > 40 ? 40 : x->n), x->s);

				free(f);
				return bad;
			}
		}
	for (size_t b = 0; b < nb; b++) {
		size_t k = s0 + b * width;
		char why[160];

		if (contradiction(f, k, why, sizeof why)) {
			enum eb_status bad = bad_record(p, line, f[k].s, lineno, "%s %s",
			    eb_fio_dir_names[dirs[b]], why);

			free(f);
			return bad;
		}
	}
	/* Every version prints user and system CPU as "5.544554%": without
	 * the '%' the fields are shifted, as in a cut line that happens to
	 * have the field count of a record of fewer directions. */
	for (size_t k = c; k < c + 2; k++)
		if (damaged(&f[k]) || f[k].n == 0 || f[k].s[f[k].n - 1] != '%') {
			enum eb_status bad = bad_record(p, line, f[k].s, lineno,
			    "field %zu, '%.*s', is no %s", k + 1,
			    (int)(f[k].n > 40 ? 40 : f[k].n), f[k].s,
			    damaged(&f[k]) ? "figure fio prints" :
			    "CPU percentage: its fields are shifted (a cut line?)");

			free(f);
			return bad;
		}
	name = &f[ver == 2 ? 1 : 2];
	group = &f[ver == 2 ? 2 : 3];
	error = &f[ver == 2 ? 3 : 4];
	/* fio prints the group id as an unsigned int: any other text is a
	 * damaged record, and a huge one cannot be kept as a long. */
	if (!group_id_ok(group)) {
		enum eb_status bad = bad_record(p, line, group->s, lineno,
		    "field %zu, '%.*s', is no group id fio prints", (size_t)(ver == 2 ? 3 : 4),
		    (int)(group->n > 40 ? 40 : group->n), group->s);

		free(f);
		return bad;
	}
	/* Disk util fields (9 per disk) follow the 34 CPU, depth and
	 * latency fields; the same run prints the same ones on every job. */
	rec_text = eb_xstrndup(rec, len);
	disks = c + 34 < disks_end ? eb_xstrndup(f[c + 34].s,
	    (size_t)(f[disks_end - 1].s + f[disks_end - 1].n - f[c + 34].s)) : eb_xstrdup("");
	key = eb_xasprintf("%.0f;%.*s", fnum(group, 0), (int)name->n, name->s);
	if (st->last_key != NULL && st->run.n > 0) {
		enum eb_status next = EB_OK;
		int seen = 0;

		for (size_t i = 0; i < st->run.n && !seen; i++) {
			const struct eb_fio_job *o = &st->run.jobs[i];

			seen = o->groupid == (long)fnum(group, 0) &&
			    strlen(o->name) == name->n && memcmp(o->name, name->s, name->n) == 0;
		}
		/* fio prints a job's numjobs clones one after another, each
		 * with the disk figures of the whole run: a job seen before
		 * after another one, or with other disk figures, starts the
		 * next run of the file. Nothing else in a record tells a clone
		 * from the same job run again and appended (fio 3.33, terse
		 * versions 2 to 5): no time, no pid, no thread number. And the
		 * disk figures often cannot tell either: version 2 prints none,
		 * a job on tmpfs or client/server output has none, and reads
		 * the page cache served print the same zeros in every run. */
		int same = seen && strcmp(key, st->last_key) == 0;
		int snapshot = same && snapshot_of_last(st, f, s0, width, nb);

		if ((snapshot && same_jobs(&st->run, name, group) > 1) ||
		    (same && !snapshot && st->status_series)) {
			next = eb_err_set(p->err, EB_ERR_DATA, eb_parse_loc(p, lineno), "fio terse "
			    "record of job '%.*s': --status-interval snapshots of numjobs clones, "
			    "which terse output prints alike; read fio's JSON, or run it with "
			    "group_reporting", (int)(name->n > 40 ? 40 : name->n), name->s);
		} else if (snapshot) {
			if (st->nsnapshots++ == 0)
				st->snapshot_line = st->last_line;
			eb_fio_run_drop_last(&st->run);
		} else if (seen && strcmp(key, st->last_key) != 0 && st->twice_line == 0 &&
		    (st->unsure_line == 0 || has_all_clients(&st->run))) {
			next = flush(p, st);
		} else if (seen && strcmp(key, st->last_key) != 0 && st->twice_line == 0) {
			/* A job again after another, where clones could not be told
			 * from appended runs: the servers of a client run print
			 * their records one server after another (fio 3.33, two
			 * servers of two groups, audit 23 I03), and the run's "All
			 * clients" record, after them all, decides. Until then the
			 * records stay one run; without it the file is an error at
			 * its first unsure record, as before. */
		} else if (seen && disks[0] != '\0' && st->last_disks[0] != '\0' &&
		    strcmp(disks, st->last_disks) != 0 && st->twice_line == 0) {
			next = flush(p, st);
		} else if (seen && strcmp(st->last_rec, rec_text) == 0) {
			next = eb_err_set(p->err, EB_ERR_DATA, eb_parse_loc(p, lineno),
			    "fio terse record of job '%.*s' is the record of line %ld again, "
			    "byte for byte: one run read twice would count twice", (int)name->n,
			    name->s, st->last_line);
		} else if (seen && !(disks[0] != '\0' && disks_busy(disks)) &&
		    st->unsure_line == 0) {
			st->unsure_line = lineno;
			st->unsure_prev = st->last_line;
			snprintf(st->unsure_job, sizeof st->unsure_job, "%.*s",
			    (int)(name->n > 40 ? 40 : name->n), name->s);
		}
		if (next != EB_OK) {
			free(key);
			free(disks);
			free(rec_text);
			free(f);
			return next;
		}
	}
	forget_last(st);
	keep_figures(st, f, s0, width, nb);
	st->last_key = key;
	st->last_disks = disks;
	st->last_rec = rec_text;
	st->last_line = lineno;

	j = eb_fio_run_add(&st->run, name->s, name->n);
	j->line = lineno;
	j->groupid = (long)fnum(group, 0);
	j->all_clients = name->n == 11 && memcmp(name->s, "All clients", 11) == 0;
	if (eb_fio_run_name_taken(&st->run) != NULL) {
		const struct eb_fio_job *o = eb_fio_run_name_taken(&st->run);

		free(f);
		return eb_err_set(p->err, EB_ERR_DATA, eb_parse_loc(p, lineno), "fio terse "
		    "record of job '%s' of group %ld has the name of the group %ld job at line "
		    "%ld, and terse output prints no options (direct, size ...) that tell one "
		    "test run twice from two: name the jobs apart, or read fio's JSON", j->name,
		    j->groupid, o->groupid, o->line);
	}
	for (size_t b = 0; b < nb; b++) {
		struct coarse co;

		take_block(f, s0 + b * width, &j->d[dirs[b]], &co, lineno);
		if (co.dir >= 0 && !st->coarse_noted++)
			eb_diag(p->diag, EB_WARNING, eb_parse_loc(p, lineno), "fio terse record of "
			    "job '%.40s' prints its %s KiB, KiB/s and IOPS as whole numbers, too "
			    "coarse at this rate: it moved between %.6g and %.6g B/s and did between "
			    "%.6g and %.6g IOPS, and the records take the middle of each; read the "
			    "run's JSON or normal text for the exact figures", j->name,
			    eb_fio_dir_names[dirs[b]], co.bw_lo, co.bw_hi,
			    co.iops_lo, co.iops_hi);
		note_series(p, f, s0 + b * width, ver, dirs[b], j->name, lineno);
	}
	{
		double usr = fnum(&f[c], -1), sys = fnum(&f[c + 1], -1), share[7];

		/* "IO depths" 1, 2, 4, 8, 16, 32, >=64 (as "100.0%") after the
		 * CPU, context switch and fault fields. */
		for (int k = 0; k < 7; k++)
			share[k] = fnum(&f[c + 5 + (size_t)k], 0);
		eb_fio_depths_take(j, share);

		if (usr >= 0 && sys >= 0) {
			j->cpu = usr + sys;
			j->cpu_line = lineno;
		}
	}
	/* The error field holds the errno the job stopped on (fio 3.33
	 * prints 28 for a full disk): it moved what it could, not its test. */
	if (fnum(error, 0) != 0) {
		double e = fnum(error, 0);
		char what[80] = "";

		if (e > 0 && e < 4096 && e == floor(e))
			snprintf(what, sizeof what, " (errno %.0f: %s)", e, strerror((int)e));
		enum eb_status bad = eb_err_set(p->err, EB_ERR_DATA, eb_parse_loc(p, lineno),
		    "fio terse record of job '%.40s' ended with error %.*s%s: a run cut short "
		    "measures no test, and its figures would be a repetition of it; run it again, "
		    "or leave this output out", j->name, (int)(error->n > 12 ? 12 : error->n),
		    error->s, what);

		free(f);
		return bad;
	}
	/* fio 3.33's terse record of a verify= job prints its check reads
	 * in the read block, as many KiB as it wrote, and no option or mark
	 * that tells them from a read test: a job that reads and writes
	 * exactly as much is said, unless banners give its rw=. */
	if (nb >= 2 && st->banners.n == 0 && !j->all_clients && j->d[EB_FIO_READ].present &&
	    j->d[EB_FIO_WRITE].present && fnum(&f[s0], -1) == fnum(&f[s0 + width], -2))
		eb_diag(p->diag, EB_WARNING, eb_parse_loc(p, lineno), "fio terse record of job "
		    "'%s' read exactly as many KiB as it wrote (%.0f): the reads may be fio's check "
		    "of what it wrote (verify=), which terse output, printing no options, does not "
		    "tell from a read test (nor do its runtimes or depths); they are read as a test. "
		    "To decide, look for verify= in the job file: if it is set, read the run's JSON "
		    "or normal text instead, whose options or rw= banner leave the check out; if "
		    "not, the reads are the test's", j->name, fnum(&f[s0], 0));
	note_run(p, st, j, rec, len, lineno);
	note_like(p, f, s0, width, nb, dirs, c, j);
	st->nrecords++;
	free(f);
	return EB_OK;
}

static enum eb_status
parse_line(struct eb_parse *p, char *line, size_t len, long lineno)
{
	struct terse_state *st = p->state;
	const char *rec;
	const char *s = line;

	while (*s == ' ')
		s++;
	/* A banner after results opens the next run. */
	if (st->run.n > 0 && eb_fio_memstr(line, len, ": (g=") != NULL &&
	    eb_fio_memstr(line, len, " rw=") != NULL) {
		enum eb_status next = flush(p, st);

		if (next != EB_OK)
			return next;
	}
	if (eb_fio_banners_take_at(&st->banners, line, len, lineno)) {
		const struct eb_fio_banner *b = &st->banners.v[st->banners.twice_index];

		if (st->banners.twice_line != lineno || st->twice_line != 0)
			return EB_OK;
		st->twice_line = lineno;
		snprintf(st->twice_msg, sizeof st->twice_msg, "a second job line of fio job "
		    "'%.40s' in group %ld (the first: line %ld): numjobs clones print '...', so "
		    "these are two jobs of one name, whose results would be summed as clones; "
		    "name the jobs apart", b->name, b->group, st->banners.twice_prev);
		return EB_OK;
	}
	if (strncmp(s, "fio: ", 5) == 0) {
		eb_fio_errors_take(&st->errors, line, len, lineno);
		return EB_OK;
	}
	/* Client/server disk util lines start with ';'. */
	if (*s == ';' || (rec = record_start(line, len)) == NULL)
		return EB_OK;
	return take_record(p, st, line, rec, len - (size_t)(rec - line), lineno);
}

static enum eb_status
finish(struct eb_parse *p, int ok)
{
	struct terse_state *st = p->state;
	enum eb_status status = EB_OK;

	if (ok)
		status = flush(p, st);
	if (ok && st->nsnapshots > 0)
		eb_diag(p->diag, EB_NOTE, eb_parse_loc(p, st->snapshot_line),
		    "%ld --status-interval snapshot%s of a run; only its final result is read",
		    st->nsnapshots, st->nsnapshots == 1 ? "" : "s");
	if (ok && status == EB_OK) {
		if (st->added == 0 && st->nrecords > 0)
			status = eb_err_set(p->err, EB_ERR_DATA, eb_parse_loc(p, 0),
			    "no fio job in this terse output did any I/O%s%s",
			    st->errors.first ? "; fio said: " : "",
			    st->errors.first ? st->errors.first : "");
		else if (st->added == 0)
			status = eb_fio_no_results(p, &st->errors, "no terse record");
	}
	eb_fio_run_free(&st->run);
	eb_fio_banners_free(&st->banners);
	eb_fio_errors_free(&st->errors);
	forget_last(st);
	return status;
}

const struct eb_format eb_format_fio_terse = {
	"fio-terse", "fio --output-format=terse / --minimal, terse versions 2 to 5",
	probe, sizeof(struct terse_state), parse_line, finish, NULL, NULL, NULL, NULL, 0,
};
