/* fio_common.c - what the fio parsers share: fio's numbers and sizes, job
 * banners, error lines, and the step from one run's jobs to tidy records. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "fio.h"

const char *const eb_fio_dir_names[EB_FIO_NDIRS] = { "read", "write", "trim", "mixed" };

const char *
eb_fio_memstr(const char *line, size_t len, const char *s)
{
	return memmem(line, len, s, strlen(s));
}

size_t
eb_fio_num(const char *s, size_t n, double *out)
{
	size_t lim = 0;

	/* eb_parse_number takes a ',' for a decimal comma, but fio never
	 * writes one: "total=0,176888,0" is three numbers. */
	while (lim < n && s[lim] != ',')
		lim++;
	return eb_parse_number(s, lim, out);
}

static int
lower(int c)
{
	return c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c;
}

/* How a size is spelt: as fio reads an option under kb_base=1024 (its
 * default) or kb_base=1000, or as it prints one (banners). */
enum { SIZE_OPTION, SIZE_OPTION_SI, SIZE_DISPLAY };

/* A size spelt as mode says ("128KiB" printed is 131072). */
static int64_t
parse_size(const char *s, size_t n, int mode)
{
	int display = mode == SIZE_DISPLAY;
	static const char prefixes[] = "kmgtpe";
	double v;
	size_t i = eb_fio_num(s, n, &v), used = i;
	double mult = 1;
	const char *pfx;

	if (i == 0 || v < 0)
		return 0;
	if (i < n && s[i] != '\0' && (pfx = strchr(prefixes, lower(s[i]))) != NULL) {
		int power = (int)(pfx - prefixes) + 1;
		double base = 1024;

		i++;
		if (i < n && lower(s[i]) == 'i') {
			i++;
			/* fio's options read unit prefixes backwards for old
			 * scripts: "4k" is 4096 but "4KiB" is 4000 (checked with
			 * fio 3.33); "4ki" stays 4096. Its own output is IEC, and
			 * so are options under kb_base=1000. */
			if (mode == SIZE_OPTION && i < n && lower(s[i]) == 'b')
				base = 1000;
		} else if (display && i < n && lower(s[i]) == 'b') {
			/* fio 3 prints "KiB" sizes, and "kB" ones (1000) with
			 * kb_base=1000; fio 2's "4K" is 4096. */
			base = 1000;
		} else if (mode == SIZE_OPTION_SI) {
			/* kb_base=1000: "4k" and "4kB" are 4000 (fio 3.33 moved
			 * 1000000 bytes in 250 I/Os of bs=4k). */
			base = 1000;
		}
		for (int k = 0; k < power; k++)
			mult *= base;
	}
	if (i < n && lower(s[i]) == 'b')
		i++;
	if (i != n || v * mult > 9e18)
		return 0;
	if (display && mult > 1) {
		/* fio 3.33 rounds a banner's sizes: with kb_base=1000 a bs of
		 * 64k prints as "65.5kB", one of 1m as "1049kB". The size is
		 * the multiple of the largest power of two from 512 bytes up
		 * that lies within the rounding; unknown when none does. */
		const char *dot = memchr(s, '.', used);
		double decimals = dot != NULL ? (double)(used - (size_t)(dot - s) - 1) : 0;
		double half = 0.5 * mult * pow(10, -decimals);

		for (double step = 0x1p40; step >= 512; step /= 2) {
			double k = round(v * mult / step) * step;

			if (k > 0 && fabs(k - v * mult) <= half)
				return (int64_t)k;
		}
		return 0;
	}
	return (int64_t)(v * mult + 0.5);
}

int64_t
eb_fio_parse_size(const char *s, size_t n)
{
	return eb_fio_parse_size_kb(s, n, 1024);
}

int64_t
eb_fio_parse_size_kb(const char *s, size_t n, int kb_base)
{
	while (n > 0 && (*s == ' ' || *s == '\t')) {
		s++;
		n--;
	}
	while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\t'))
		n--;
	return parse_size(s, n, kb_base == 1000 ? SIZE_OPTION_SI : SIZE_OPTION);
}

int
eb_fio_parse_bs(const char *s, int64_t bs[3])
{
	return eb_fio_parse_bs_kb(s, bs, 1024);
}

int
eb_fio_parse_bs_kb(const char *s, int64_t bs[3], int kb_base)
{
	int64_t last = 0;
	int k = 0, bad = 0;

	/* "bs=8k,32k" is 8k reads and 32k writes and trims; an empty part
	 * ("bs=,8k") keeps fio's default of 4k for that direction. */
	bs[0] = bs[1] = bs[2] = 0;
	while (k < 3) {
		size_t n = strcspn(s, ",");

		last = n == 0 ? 4096 : eb_fio_parse_size_kb(s, n, kb_base);
		bad |= last == 0;
		bs[k++] = last;
		if (s[n] != ',')
			break;
		s += n + 1;
	}
	while (k < 3)
		bs[k++] = last;
	return bad ? -1 : 0;
}

const char *
eb_fio_workload(const char *rw)
{
	static const struct {
		const char *rw, *workload;
	} map[] = {
		{ "read", "seq" }, { "write", "seq" }, { "trim", "seq" },
		{ "randread", "rand" }, { "randwrite", "rand" }, { "randtrim", "rand" },
		{ "randrw", "rand" }, { "randtrimwrite", "rand" },
		{ "rw", "mixed" }, { "readwrite", "mixed" }, { "trimwrite", "mixed" },
	};
	size_t n;

	if (rw == NULL)
		return "";
	/* "randread:8" adds an offset modifier, not a pattern. */
	n = strcspn(rw, ":, ");
	for (size_t i = 0; i < sizeof map / sizeof map[0]; i++)
		if (strlen(map[i].rw) == n && strncmp(map[i].rw, rw, n) == 0)
			return map[i].workload;
	return "";
}

void
eb_fio_job_set_str(char **dst, const char *s, size_t n)
{
	free(*dst);
	*dst = eb_xstrndup(s, n);
}

/* One "a-b" block size range of a banner; 0 unless a == b. */
static int64_t
banner_range(const char *s, size_t n)
{
	const char *dash = memchr(s, '-', n);
	int64_t a, b;

	if (dash == NULL)
		return parse_size(s, n, SIZE_DISPLAY);
	a = parse_size(s, (size_t)(dash - s), SIZE_DISPLAY);
	b = parse_size(dash + 1, n - (size_t)(dash - s) - 1, SIZE_DISPLAY);
	return a == b ? a : 0;
}

/* The job name before ": (g=" or ": (groupid=", without what fio glued in
 * front of it: a client's "<host> " prefix, or an ETA line that lost its
 * newline ("Jobs: 1 (f=1): [W(1)][...][eta 00m:00s]NAME: (g=0)"). */
void
eb_fio_job_name(const char *line, const char *end, const char **ns, const char **ne)
{
	const char *s = line;

	if (*s == '<') {
		const char *gt = memchr(s, '>', (size_t)(end - s));

		if (gt != NULL && gt + 1 < end && gt[1] == ' ')
			s = gt + 2;
	}
	if (end - s > 5 && strncmp(s, "Jobs:", 5) == 0) {
		const char *eta = NULL;

		for (const char *q = s; q + 5 <= end; q++)
			if (strncmp(q, "[eta ", 5) == 0)
				eta = q;
		if (eta != NULL) {
			const char *rb = memchr(eta, ']', (size_t)(end - eta));

			if (rb != NULL)
				s = rb + 1;
		}
	}
	while (s < end && (*s == ' ' || *s == '\r'))
		s++;
	*ns = s;
	*ne = end;
}

int
eb_fio_parse_banner(const char *line, size_t len, char **name, char **rw, int64_t bs[3])
{
	const char *g = eb_fio_memstr(line, len, ": (g=");
	const char *end = line + len, *ns, *ne, *p, *q;

	if (g == NULL || eb_fio_memstr(g, (size_t)(end - g), "rw=") == NULL)
		return 0;
	eb_fio_job_name(line, g, &ns, &ne);
	*name = eb_xstrndup(ns, (size_t)(ne - ns));
	*rw = NULL;
	bs[0] = bs[1] = bs[2] = 0;
	if ((p = eb_fio_memstr(g, (size_t)(end - g), " rw=")) != NULL) {
		p += 4;
		q = p;
		while (q < end && *q != ',' && *q != ' ')
			q++;
		*rw = eb_xstrndup(p, (size_t)(q - p));
	}
	if ((p = eb_fio_memstr(g, (size_t)(end - g), " bs=")) == NULL)
		return 1;
	p += 4;
	if (p < end && *p == '(') {
		/* fio 2.99+: "bs=(R) 4096B-4096B, (W) 4096B-4096B, (T) ..." */
		static const char tags[] = "RWT";

		while (p + 4 < end && *p == '(' && p[2] == ')' && p[3] == ' ') {
			const char *t = strchr(tags, p[1]);

			p += 4;
			q = p;
			while (q < end && *q != ',')
				q++;
			if (t != NULL)
				bs[t - tags] = banner_range(p, (size_t)(q - p));
			p = q;
			if (p + 2 < end && p[0] == ',' && p[1] == ' ')
				p += 2;
		}
	} else {
		/* fio 2.x: "bs=4K-4K/4K-4K/4K-4K" (2.0: without trim). */
		for (int k = 0; k < 3 && p < end && *p != ','; k++) {
			q = p;
			while (q < end && *q != '/' && *q != ',')
				q++;
			bs[k] = banner_range(p, (size_t)(q - p));
			p = q < end && *q == '/' ? q + 1 : q;
		}
	}
	return 1;
}

void
eb_fio_errors_take(struct eb_fio_errors *e, const char *line, size_t len, long lineno)
{
	const char *s = eb_fio_memstr(line, len, "fio: ");

	if (s == NULL)
		return;
	/* Job output like "fio: pid=0, err=20/file:..." follows whatever
	 * else the line held; take the message from "fio: " on. */
	len -= (size_t)(s - line);
	while (len > 0 && (s[len - 1] == ' ' || s[len - 1] == '\r'))
		len--;
	if (e->first == NULL) {
		e->first = eb_xstrndup(s, len > 200 ? 200 : len);
		e->first_line = lineno;
	}
	e->n++;
}

void
eb_fio_errors_free(struct eb_fio_errors *e)
{
	free(e->first);
	memset(e, 0, sizeof *e);
}

enum eb_status
eb_fio_no_results(struct eb_parse *p, const struct eb_fio_errors *e, const char *what)
{
	if (e->first != NULL)
		return eb_err_set(p->err, EB_ERR_DATA, eb_parse_loc(p, e->first_line),
		    "fio failed and wrote no results: %s", e->first);
	return eb_err_set(p->err, EB_ERR_DATA, eb_parse_loc(p, 0),
	    "no fio results in this file (%s)", what);
}

struct eb_fio_job *
eb_fio_run_add(struct eb_fio_run *r, const char *name, size_t namelen)
{
	struct eb_fio_job *j;

	eb_xgrow(&r->jobs, &r->cap, r->n + 1, sizeof *r->jobs);
	j = &r->jobs[r->n++];
	memset(j, 0, sizeof *j);
	j->name = eb_xstrndup(name, namelen);
	j->host = eb_xstrdup("");
	j->cpu = -1;
	j->verify = -1;
	for (int d = 0; d < EB_FIO_NDIRS; d++) {
		struct eb_fio_dstat *s = &j->d[d];

		s->bw = s->iops = s->ios = s->io = s->runtime_ms = -1;
		s->lat_ns = s->p99_ns = -1;
	}
	return j;
}

static void
job_free(struct eb_fio_job *j)
{
	free(j->name);
	free(j->host);
	free(j->rw);
	for (int d = 0; d < EB_FIO_NDIRS; d++)
		free(j->d[d].bins);
}

void
eb_fio_run_drop_last(struct eb_fio_run *r)
{
	if (r->n > 0)
		job_free(&r->jobs[--r->n]);
}

void
eb_fio_run_free(struct eb_fio_run *r)
{
	for (size_t i = 0; i < r->n; i++)
		job_free(&r->jobs[i]);
	free(r->jobs);
	memset(r, 0, sizeof *r);
}

const struct eb_fio_job *
eb_fio_run_name_taken(const struct eb_fio_run *r)
{
	const struct eb_fio_job *last = r->n > 0 ? &r->jobs[r->n - 1] : NULL;

	for (size_t i = 0; last != NULL && !last->all_clients && i + 1 < r->n; i++)
		if (r->jobs[i].groupid != last->groupid && !r->jobs[i].all_clients &&
		    strcmp(r->jobs[i].name, last->name) == 0)
			return &r->jobs[i];
	return NULL;
}

static int
same_job(const struct eb_fio_job *a, const struct eb_fio_job *b)
{
	return a->groupid == b->groupid && a->all_clients == b->all_clients &&
	    strcmp(a->name, b->name) == 0 && strcmp(a->host, b->host) == 0;
}

static int
cmp_bin(const void *a, const void *b)
{
	double x = ((const struct eb_fio_bin *)a)->ns, y = ((const struct eb_fio_bin *)b)->ns;

	return x < y ? -1 : x > y;
}

/* The 99th percentile of merged json+ buckets, the way fio computes its
 * own: the first bucket at which the running count reaches 99% of all. */
static double
bins_p99(struct eb_fio_bin *bins, size_t n)
{
	double total = 0, sum = 0;

	qsort(bins, n, sizeof *bins, cmp_bin);
	for (size_t i = 0; i < n; i++)
		total += bins[i].count;
	if (!(total > 0))
		return -1;
	for (size_t i = 0; i < n; i++) {
		sum += bins[i].count;
		if (sum >= 99.0 / 100.0 * total)
			return bins[i].ns;
	}
	return bins[n - 1].ns;
}

/* How much a clone's mean latency counts: its I/Os. */
static double
lat_weight(const struct eb_fio_dstat *s)
{
	if (s->ios > 0)
		return s->ios;
	if (s->iops > 0 && s->runtime_ms > 0)
		return s->iops * s->runtime_ms / 1000;
	return 1;
}

/* A clone's I/O count: the one fio printed, else what its rate and
 * runtime give (terse prints no count). */
static double
clone_ios(const struct eb_fio_dstat *s)
{
	if (s->ios >= 0)
		return s->ios;
	if (s->iops >= 0 && s->runtime_ms >= 0)
		return s->iops * s->runtime_ms / 1000;
	return -1;
}

/* Folds the clones idx[0..n) of a job into out (a shallow copy of the
 * first, whose bins it may replace). Returns whether a p99 was dropped. */
static int
combine(struct eb_fio_job *jobs, const size_t *idx, size_t n, struct eb_fio_job *out,
    struct eb_fio_bin **tmpbins)
{
	int dropped = 0;
	double cpu_sum = 0, cpu_w = 0;
	int cpu_known = 1;

	*out = jobs[idx[0]];
	if (n == 1)
		return 0;
	for (int d = 0; d < EB_FIO_NDIRS; d++) {
		struct eb_fio_dstat acc;
		double lat_sum = 0, w_sum = 0, ios_all = 0;
		size_t npresent = 0, nbins = 0;
		int all_bins = 1, any_p99 = 0;

		memset(&acc, 0, sizeof acc);
		acc.bw = acc.iops = acc.ios = acc.io = acc.runtime_ms = 0;
		acc.lat_ns = acc.p99_ns = -1;
		for (size_t k = 0; k < n; k++) {
			const struct eb_fio_dstat *s = &jobs[idx[k]].d[d];

			if (!s->present)
				continue;
			if (npresent++ == 0) {
				acc.bw_line = s->bw_line;
				acc.iops_line = s->iops_line;
				acc.lat_line = s->lat_line;
				acc.p99_line = s->p99_line;
				acc.p99_ns = s->p99_ns;
			}
			acc.bw = acc.bw < 0 || s->bw < 0 ? -1 : acc.bw + s->bw;
			acc.iops = acc.iops < 0 || s->iops < 0 ? -1 : acc.iops + s->iops;
			acc.ios = acc.ios < 0 || s->ios < 0 ? -1 : acc.ios + s->ios;
			acc.io = acc.io < 0 || s->io < 0 ? -1 : acc.io + s->io;
			ios_all = ios_all < 0 || clone_ios(s) < 0 ? -1 : ios_all + clone_ios(s);
			if (s->runtime_ms > acc.runtime_ms)
				acc.runtime_ms = s->runtime_ms;
			if (s->lat_ns >= 0 && w_sum >= 0) {
				lat_sum += s->lat_ns * lat_weight(s);
				w_sum += lat_weight(s);
			} else {
				w_sum = -1;
			}
			if (s->p99_ns >= 0)
				any_p99 = 1;
			if (s->bins == NULL)
				all_bins = 0;
			else
				nbins += s->nbins;
		}
		acc.present = npresent > 0;
		if (npresent == 0) {
			out->d[d] = acc;
			continue;
		}
		if (w_sum > 0)
			acc.lat_ns = lat_sum / w_sum;
		/* group_reporting's rates are the clones' bytes and I/Os over
		 * the longest runtime (fio's stat.c, sum_thread_stats): a sum of
		 * the clones' own rates would count a straggler's bytes at the
		 * pace of the clones that finished first. */
		if (npresent > 1 && acc.runtime_ms > 0 && acc.io >= 0) {
			acc.bw = floor(acc.io * 1000 / acc.runtime_ms);
			acc.iops = ios_all >= 0 ? ios_all * 1000 / acc.runtime_ms : -1;
		}
		if (npresent > 1) {
			acc.p99_ns = -1;
			if (all_bins && nbins > 0) {
				size_t m = 0;

				tmpbins[d] = eb_xcalloc(nbins, sizeof **tmpbins);
				for (size_t k = 0; k < n; k++) {
					const struct eb_fio_dstat *s = &jobs[idx[k]].d[d];

					if (s->present && s->bins != NULL) {
						memcpy(tmpbins[d] + m, s->bins,
						    s->nbins * sizeof *s->bins);
						m += s->nbins;
					}
				}
				acc.p99_ns = bins_p99(tmpbins[d], m);
			} else if (any_p99) {
				dropped = 1;
			}
		}
		out->d[d] = acc;
	}
	for (size_t k = 0; k < n; k++) {
		const struct eb_fio_job *j = &jobs[idx[k]];
		double w = 0;

		if (j->cpu < 0) {
			cpu_known = 0;
			continue;
		}
		for (int d = 0; d < EB_FIO_NDIRS; d++)
			if (j->d[d].runtime_ms > w)
				w = j->d[d].runtime_ms;
		if (w <= 0)
			w = 1;
		cpu_sum += j->cpu * w;
		cpu_w += w;
	}
	out->cpu = cpu_known && cpu_w > 0 ? cpu_sum / cpu_w : -1;
	return dropped;
}

/* The block size of a direction; for "mixed", the one every direction the
 * rw= pattern moves agrees on. */
static int64_t
dir_bs(const struct eb_fio_job *j, int d)
{
	const char *rw = j->rw != NULL ? j->rw : "";
	int r = 1, w = 1, t = 0;

	if (d != EB_FIO_MIXED)
		return j->bs[d];
	if (strstr(rw, "trim") != NULL) {
		t = 1;
		r = 0;
		w = strstr(rw, "write") != NULL;
	} else if (strncmp(rw, "read", 4) == 0 || strncmp(rw, "randread", 8) == 0) {
		w = 0;
	} else if (strncmp(rw, "write", 5) == 0 || strncmp(rw, "randwrite", 9) == 0) {
		r = 0;
	}
	{
		int64_t bs = 0;
		int64_t v[3] = { r ? j->bs[0] : -1, w ? j->bs[1] : -1, t ? j->bs[2] : -1 };

		for (int k = 0; k < 3; k++) {
			if (v[k] < 0)
				continue;
			if (bs == 0)
				bs = v[k];
			else if (v[k] != bs)
				return 0;
		}
		return bs;
	}
}

static size_t
add(struct eb_parse *p, const struct eb_fio_job *j, const char *op, int64_t bs,
    const char *metric, const char *unit, double v, long line, int positive)
{
	struct eb_record rec;

	if (!isfinite(v) || v < 0 || (positive && v == 0))
		return 0;
	eb_parse_record(p, &rec, "fio", metric, unit, line);
	rec.f[EB_F_HOST] = eb_intern_cstr(p->t, j->host);
	rec.f[EB_F_JOB] = eb_intern_cstr(p->t, j->name);
	rec.f[EB_F_WORKLOAD] = eb_intern_cstr(p->t, eb_fio_workload(j->rw));
	rec.f[EB_F_OP] = eb_intern_cstr(p->t, op);
	rec.block_size = bs;
	rec.value = v;
	eb_table_add(p->t, &rec);
	return 1;
}

/* Whether rw= pattern rw (fio's spelling, before any ":N" suffix) is one
 * of the names given. */
static int
rw_is(const char *rw, const char *const *names, size_t nnames)
{
	size_t n;

	if (rw == NULL)
		return 0;
	n = strcspn(rw, ":, ");
	for (size_t k = 0; k < nnames; k++)
		if (strlen(names[k]) == n && strncmp(rw, names[k], n) == 0)
			return 1;
	return 0;
}

static const char *const only_writes[] = { "write", "randwrite", "trimwrite", "randtrimwrite" };
static const char *const only_reads[] = { "read", "randread" };

/* Whether direction d of job j holds the reads with which a job of a
 * pattern that only writes checks what it wrote (verify=): fio 3.33
 * reports them as the job's read direction, though no read test ran. A
 * job whose options name no verify= (JSON prints them) reads for no such
 * check. */
static int
verify_reads(const struct eb_fio_job *j, int d)
{
	return d == EB_FIO_READ && j->verify != 0 && rw_is(j->rw, only_writes, 4);
}

/* Whether direction d did I/O that j's options never do: writes of a
 * pattern that only reads, or reads of one that only writes with no
 * verify=. fio 3.33 with group_reporting prints one entry for a group of
 * jobs under the first job's name and, in JSON, the last job's options
 * (job a rw=read and job b rw=write give an entry 'a' of rw=write). */
static int
foreign_dir(const struct eb_fio_job *j, int d)
{
	return (d == EB_FIO_WRITE && rw_is(j->rw, only_reads, 2)) ||
	    (d == EB_FIO_READ && j->verify == 0 && rw_is(j->rw, only_writes, 4));
}

/* Whether direction d's bytes per I/O (bw over iops) contradict the block
 * size bs its options give. fio 3.33 with group_reporting over jobs of
 * other block sizes prints one entry under the first job's name with the
 * last job's options (bs=64k over another job's 4 KiB reads), and normal
 * text the first job's: the rate per I/O is what was moved. The margin is
 * wide, since normal text prints IOPS with as few as one digit. */
static int
bs_contradicted(const struct eb_fio_dstat *s, int64_t bs)
{
	double per;

	if (bs <= 0 || !(s->bw > 0) || !(s->iops > 0))
		return 0;
	per = s->bw / s->iops;
	return per < (double)bs * 0.8 || per > (double)bs * 1.25;
}

/* Tells, once a file, why a job's options are not its entry's own. */
static void
say_group(struct eb_parse *p, const struct eb_fio_job *j, struct eb_fio_notes *notes,
    int contradicted, int foreign)
{
	if (notes->group_options++)
		return;
	if (contradicted)
		eb_diag(p->diag, EB_NOTE, eb_parse_loc(p, j->line), "fio job '%s' moved another "
		    "amount per I/O than the block size its options give (a group_reporting "
		    "group of jobs of other block sizes?): its workload and block size are left "
		    "unknown", j->name);
	else if (foreign >= 0)
		eb_diag(p->diag, EB_NOTE, eb_parse_loc(p, j->line), "fio job '%s' did %ss, "
		    "which its options (rw=%s%s) never do: it is the entry of a group_reporting "
		    "group of jobs of other options, so its workload and block size are left "
		    "unknown", j->name, eb_fio_dir_names[foreign], j->rw,
		    foreign == EB_FIO_READ ? ", no verify=" : "");
	else if (j->njobs > 0)
		eb_diag(p->diag, EB_NOTE, eb_parse_loc(p, j->line), "fio job '%s' is the entry "
		    "of a group_reporting group of %ld jobs whose banners give other rw= or bs= "
		    "options: its workload and block size are left unknown", j->name, j->njobs);
	else
		eb_diag(p->diag, EB_NOTE, eb_parse_loc(p, j->line), "fio job '%s' moved more "
		    "than its options let one job move (size= times numjobs= and loops=): it is "
		    "the entry of a group_reporting group, which fio prints under its first "
		    "job's name with its last job's options, so its workload and block size are "
		    "left unknown", j->name);
}

/* The op of the figures fio prints as "mixed". With unified_rw_reporting
 * fio 3.33 sums every direction under "mixed", in JSON as in normal and
 * terse text, even for a job that moves data one way only: those are that
 * way's figures. A write pattern with verify= adds its check reads to the
 * sum, so its figures stay "mixed" unless the options show no verify=;
 * normal and terse text print no options. */
static const char *
mixed_op(const struct eb_fio_job *j)
{
	static const char *const only_trims[] = { "trim", "randtrim" };

	if (rw_is(j->rw, only_reads, 2))
		return "read";
	if (rw_is(j->rw, only_trims, 2))
		return "trim";
	if (j->verify == 0 && rw_is(j->rw, only_writes, 2))
		return "write";
	return "mixed";
}

static size_t
emit_job(struct eb_parse *p, const struct eb_fio_job *job, struct eb_fio_notes *notes)
{
	struct eb_fio_job own = *job;
	const struct eb_fio_job *j = &own;
	size_t n = 0;
	int ndirs = 0, only = -1, contradicted = 0, foreign = -1, sums = 0;

	/* Verification reads go at the block size of the writes they check,
	 * so reads at another one are a grouped job's own. */
	for (int d = 0; d < EB_FIO_NDIRS; d++) {
		if (j->d[d].present && bs_contradicted(&j->d[d], dir_bs(j, d)))
			contradicted = 1;
		if (j->d[d].present && foreign_dir(j, d))
			foreign = d;
		sums |= d != EB_FIO_MIXED && j->d[d].present;
	}
	if (contradicted || foreign >= 0 || j->mixed_group) {
		say_group(p, j, notes, contradicted, foreign);
		own.rw = NULL;
		memset(own.bs, 0, sizeof own.bs);
	}
	for (int d = 0; d < EB_FIO_NDIRS; d++) {
		const struct eb_fio_dstat *s = &j->d[d];
		const char *op = d == EB_FIO_MIXED ? mixed_op(j) : eb_fio_dir_names[d];
		int64_t bs = dir_bs(j, d);

		if (!s->present)
			continue;
		/* unified_rw_reporting=both prints each direction and then
		 * their sum as "mixed": the sum is no test of its own. */
		if (d == EB_FIO_MIXED && sums) {
			if (!notes->mixed_sum++)
				eb_diag(p->diag, EB_NOTE, eb_parse_loc(p, s->bw_line), "fio job '%s' "
				    "reports its directions and their sum (unified_rw_reporting=both): "
				    "the sum, 'mixed', is not read", j->name);
			continue;
		}
		if (d == EB_FIO_MIXED && strcmp(op, "mixed") == 0 && j->verify != 1 &&
		    rw_is(j->rw, only_writes, 2) && !notes->mixed_writes++)
			eb_diag(p->diag, EB_NOTE, eb_parse_loc(p, s->bw_line), "fio job '%s' "
			    "(rw=%s) reports its figures as 'mixed' (unified_rw_reporting), "
			    "which with verify= would hold its check reads too; this output "
			    "prints no options to tell, so they are kept as 'mixed': fio's JSON "
			    "output would give them as writes", j->name, j->rw);
		if (verify_reads(j, d)) {
			if (!notes->verify_reads++)
				eb_diag(p->diag, EB_NOTE, eb_parse_loc(p, s->bw_line),
				    "fio job '%s' only writes (rw=%s): its reads are fio's check of "
				    "what it wrote (verify=), no read test, and are not read",
				    j->name, j->rw);
			continue;
		}
		ndirs++;
		only = d;
		n += add(p, j, op, bs, "bw", EB_UNIT_BPS, s->bw, s->bw_line, 1);
		n += add(p, j, op, bs, "iops", EB_UNIT_PER_S, s->iops, s->iops_line, 1);
		n += add(p, j, op, bs, "lat_mean", EB_UNIT_NS, s->lat_ns, s->lat_line, 1);
		n += add(p, j, op, bs, "lat_p99", EB_UNIT_NS, s->p99_ns, s->p99_line, 1);
	}
	if (ndirs > 0 && j->cpu >= 0) {
		/* Unified reporting already says "mixed"; a job that moved data
		 * both ways spent its CPU on both. */
		int d = ndirs == 1 ? only : EB_FIO_MIXED;

		n += add(p, j, d == EB_FIO_MIXED ? mixed_op(j) : eb_fio_dir_names[d], dir_bs(j, d),
		    "cpu", EB_UNIT_PCT, j->cpu,
		    j->cpu_line, 0);
	}
	return n;
}

size_t
eb_fio_run_emit(struct eb_parse *p, struct eb_fio_run *r, struct eb_fio_notes *notes)
{
	size_t *idx = eb_xcalloc(r->n + 1, sizeof *idx);
	char *done = eb_xcalloc(r->n + 1, 1);
	size_t added = 0;

	for (size_t i = 0; i < r->n; i++) {
		struct eb_fio_bin *tmpbins[EB_FIO_NDIRS] = { NULL };
		struct eb_fio_job combined;
		size_t n = 0;

		if (done[i])
			continue;
		if (r->jobs[i].all_clients) {
			if (!notes->all_clients++)
				eb_diag(p->diag, EB_NOTE, eb_parse_loc(p, r->jobs[i].line),
				    "fio's \"All clients\" entry sums the results of the clients "
				    "it follows; it is no host of its own, and is not read");
			continue;
		}
		for (size_t k = i; k < r->n; k++) {
			if (!done[k] && same_job(&r->jobs[i], &r->jobs[k])) {
				idx[n++] = k;
				done[k] = 1;
			}
		}
		if (combine(r->jobs, idx, n, &combined, tmpbins) && !notes->p99_dropped) {
			notes->p99_dropped = 1;
			eb_diag(p->diag, EB_NOTE, eb_parse_loc(p, r->jobs[i].line),
			    "%zu clones of job '%s' cannot have their 99th percentiles "
			    "combined without json+ latency bins; no lat_p99 for them",
			    n, r->jobs[i].name);
		}
		added += emit_job(p, &combined, notes);
		for (int d = 0; d < EB_FIO_NDIRS; d++)
			free(tmpbins[d]);
	}
	free(idx);
	free(done);
	eb_fio_run_free(r);
	return added;
}
