/* fio_normal.c - fio's human-readable output, both generations (bw= up to
 * 2.16, IOPS=/BW= from 2.17), several runs per file, pasted or not. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "fio_json.h"
#include "fio_normal.h"

/* Where the current job's results end: fio prints the cpu, IO depths and
 * issued lines of every job that did I/O (stat.c, show_thread_status_normal,
 * every version from 1.50 to 3.42), issued last but for a latency target.
 * Results without it are cut or damaged, and what they lost (latency, CPU,
 * the I/O count that makes IOPS exact) would go missing in silence. */
static void
end_job(struct eb_parse *p, struct normal_state *st)
{
	const struct eb_fio_job *j = cur_job(st);

	if (j != NULL && !st->issued && st->bad_line == 0) {
		st->bad_line = st->last_line;
		snprintf(st->bad, sizeof st->bad, "the results of fio job '%.40s' (line %ld) end "
		    "here without the 'issued' line fio ends them with (a truncated or damaged "
		    "output)", j->name, j->line);
	} else if (j != NULL && st->issued) {
		/* A job's results, with the pid and time of its header, are
		 * its run's own (runs.c). */
		char what[200];

		snprintf(what, sizeof what, "the run of fio job '%.40s' (%s)", j->name,
		    st->pid[0] ? st->pid : "the same results");
		eb_parse_run(p, st->block.data, st->block.len, j->line, what);
		for (int d = 0; d < 3; d++) {
			if (!j->d[d].present)
				continue;
			st->like.ios[d] = st->raw[st->cur][d].issued;
			st->like.rt[d] = st->raw[st->cur][d].runtime_ms;
			st->like.lat[d] = j->d[d].lat_ns;
		}
		eb_fio_note_like(p, &st->like, j);
		double kib = 0, ms = 0;
		char unchecked[200];

		for (int k = 0; k < st->nseries; k++) {
			struct eb_fio_series *x = &st->series[k];

			if (x->kind == EB_FIO_SERIES_CLAT)
				x->n = st->raw[st->cur][x->dir].issued;
			if (x->n > 0)
				eb_parse_fio_series(p, x, j->name, j->line);
		}
		for (int d = 0; d < 3; d++)
			if (j->d[d].present && st->raw[st->cur][d].io > 0) {
				kib += st->raw[st->cur][d].io / 1024;
				ms = fmax(ms, st->raw[st->cur][d].runtime_ms);
			}
		eb_xgrow(&st->held, &st->capheld, st->nheld + 1, sizeof *st->held);
		snprintf(unchecked, sizeof unchecked, "normal text prints no direct=, rate= or size= "
		    "(but for the amount moved)%s%s", j->syncs[0] == '\0' ? ", before fio 3.4 no "
		    "count of fsync= syncs" : "", eb_fio_has_banner(&st->banners, j) ? "" :
		    ", and without its job's banner no iodepth=, ioengine= or rw=");
		struct held_setup *h = &st->held[st->nheld++];

		h->job = eb_xstrdup(j->name);
		h->host = eb_xstrdup(j->host != NULL ? j->host : "");
		h->opts = eb_fio_stated_setup(&st->banners, j, 0, 0, kib, ms, unchecked);
		h->line = j->line;
		h->njobs = j->njobs;
		h->group_of_one = eb_fio_group_of_one(&st->banners, j);
	}
	eb_buf_reset(&st->block);
	st->cur = -1;
}

/* The unit num2str prints value in: the smallest power of base that
 * leaves at most four digits ("8192", "11.0k", "4096MiB", "11.0GiB"). */
static double
num2str_unit(double value, double base)
{
	double unit = 1;

	while (value / unit >= 10000)
		unit *= base;
	return unit;
}

/* Whether a figure fio printed as "N.0" of its unit may stand for any
 * value in lo..hi: fio's num2str up to 3.25 printed a fraction that rounds
 * up to 1 as ".0" without carrying it (11970 IOPS as "11.0k", 11.97 GiB
 * as "11.0GiB"; fixed in 3.26, commit c736b361). Only a figure printed
 * with decimals, below 100 of its unit, can be one. */
static int
carry_lost(double printed, double lo, double hi, double base)
{
	double unit = num2str_unit(printed, base), m = printed / unit;

	if (!(m >= 1 && m < 100) || fabs(m - floor(m + 0.5)) > 1e-9)
		return 0;
	m = floor(m + 0.5);
	return hi > m * unit && lo < (m + 1) * unit;
}

/* Whether printed agrees with a value in lo..hi: within 2 % (three
 * printed digits and a runtime to the millisecond), an integer within a
 * half, or one of num2str's lost carries. */
static int
printed_agrees(double printed, double lo, double hi, double base)
{
	return (printed >= lo * 0.98 && printed <= hi * 1.02) ||
	    (printed < 100 && printed >= lo - 0.55 && printed <= hi + 0.55) ||
	    carry_lost(printed, lo, hi, base);
}

/* Chooses among printed figures. From 2.17 every figure has 3 or 4
 * digits, and before 3.26 fio's num2str could print 11.99 MiB/s as
 * "11.0MiB/s" (fio 3.1 vps-comparison sample): io= over the runtime is
 * the rate where a printed rate agrees with it, issued I/Os times the
 * block size is exact where it agrees with that, and otherwise the median
 * of io/runtime, the IEC and the SI rate survives one bad figure. */
static void
settle(const struct eb_fio_job *j, int d, const struct raw *r, struct eb_fio_dstat *s)
{
	double c[3], bs = 0, issued = r->issued;
	int n = 0;

	s->io = r->io;
	if (!r->newstyle) {
		s->bw = r->bw;
		s->iops = r->iops;
		return;
	}
	if (r->io > 0 && r->runtime_ms > 0)
		c[n++] = r->io * 1000 / r->runtime_ms;
	if (r->bw > 0)
		c[n++] = r->bw;
	if (r->bw_alt > 0)
		c[n++] = r->bw_alt;
	for (int a = 0; a < n; a++)
		for (int b = a + 1; b < n; b++)
			if (c[b] < c[a]) {
				double t = c[a];

				c[a] = c[b];
				c[b] = t;
			}
	s->bw = n == 3 ? c[1] : n > 0 ? c[0] : -1;
	if (r->io > 0 && r->runtime_ms > 0) {
		double rate = r->io * 1000 / r->runtime_ms;

		if ((r->bw > 0 && printed_agrees(r->bw, rate, rate, 1024)) ||
		    (r->bw_alt > 0 && printed_agrees(r->bw_alt, rate, rate, 1000)))
			s->bw = rate;
	}
	s->iops = r->iops;
	if (d < EB_FIO_MIXED)
		bs = (double)j->bs[d];
	else if (j->bs[0] == j->bs[1] && j->bs[1] == j->bs[2])
		bs = (double)j->bs[0];
	if (issued > 0 && r->runtime_ms > 0) {
		double x = issued * 1000 / r->runtime_ms;

		if (s->iops > 0 && printed_agrees(s->iops, x, x, 1000))
			s->iops = x;
		if (bs > 0 && s->bw > 0 && (fabs(x * bs - s->bw) <= 0.02 * s->bw ||
		    (r->bw > 0 && printed_agrees(r->bw, x * bs, x * bs, 1024)) ||
		    (r->bw_alt > 0 && printed_agrees(r->bw_alt, x * bs, x * bs, 1000))))
			s->bw = x * bs;
		if (bs > 0 && r->io > 0 && fabs(issued * bs - r->io) <= 0.02 * r->io)
			s->io = issued * bs;
	}
	if (s->bw == 0)
		s->bw = -1;
}

/* Whether a job's figures of direction d contradict each other: a job
 * that ran alone (jobs=1, so no group_reporting group of other block
 * sizes) moves its block size per I/O, and fio prints IOPS and BW of the
 * same I/O count (stat.c: total_io_u and io_bytes over the runtime). A
 * bytes per I/O far from it is a damaged digit. Below 10 IOPS the
 * printed integer is too coarse to tell. */
static int
figures_disagree(const struct eb_fio_job *j, int d, char *why, size_t n)
{
	const struct eb_fio_dstat *s = &j->d[d];
	double bs = 0, per;

	if (d < EB_FIO_MIXED)
		bs = (double)j->bs[d];
	else if (j->bs[0] == j->bs[1] && j->bs[1] == j->bs[2])
		bs = (double)j->bs[0];
	if (j->njobs != 1 || !(bs > 0) || !(s->bw > 0) || !(s->iops >= 10))
		return 0;
	per = s->bw / s->iops;
	if (per >= 0.8 * bs && per <= 1.25 * bs)
		return 0;
	snprintf(why, n, "fio job '%.40s' ran alone (jobs=1) at bs=%.0f, but its %s figures, "
	    "%.6g IOPS and %.0f B/s, make %.0f bytes per I/O: the figures disagree (a damaged "
	    "digit?)", j->name, bs, eb_fio_dir_names[d], s->iops, s->bw, per);
	return 1;
}

/* Whether a direction's printed figures contradict one another beyond
 * the rounding fio prints them with: its IOPS against the issued I/Os over
 * the runtime, and its rates against the bytes over the runtime, of which
 * one may be off by a misprint while the other agrees. A digit changed in
 * the IOPS, the rates, io= or the runtime fails one of them; fio computes
 * all of them from the same I/O count and runtime (stat.c), the ramp_time
 * I/Os left out of each. */
static int
raw_disagree(const struct raw *r, char *why, size_t n)
{
	double x, lo, hi, io_hi = r->io;
	int agree = 0, rates = 0;

	if (!(r->runtime_ms > 0))
		return 0;
	if (r->issued >= 100 && r->iops > 0) {
		x = r->issued * 1000 / r->runtime_ms;
		if (!printed_agrees(r->iops, x, x, 1000)) {
			snprintf(why, n, "%.0f I/Os in %.0f ms are %.6g IOPS, but it prints %.6g",
			    r->issued, r->runtime_ms, x, r->iops);
			return 1;
		}
	}
	if (!(r->io >= 1048576))
		return 0;
	/* io= is printed by num2str too: "11.0GiB" may be up to 12 GiB. */
	if (carry_lost(r->io, r->io, r->io * 1.1, 1024))
		io_hi = r->io + num2str_unit(r->io, 1024);
	lo = r->io * 1000 / r->runtime_ms;
	hi = io_hi * 1000 / r->runtime_ms;
	if (r->bw > 0) {
		rates++;
		agree += printed_agrees(r->bw, lo, hi, 1024);
	}
	if (r->newstyle && r->bw_alt > 0) {
		rates++;
		agree += printed_agrees(r->bw_alt, lo, hi, 1000);
	}
	if (rates == 0 || agree > 0)
		return 0;
	snprintf(why, n, "%.0f bytes in %.0f ms are %.0f B/s, but it prints %.0f B/s", r->io,
	    r->runtime_ms, lo, r->bw > 0 ? r->bw : r->bw_alt);
	return 1;
}

/* Notes the setup of held job h of the run flushed last, held[0,
 * held_prev), with the processes its record sums and its numjobs: the
 * entries of one name and host in a run are its numjobs clones, each of
 * jobs=1; one group_reporting entry of jobs=N sums N clones when no other
 * job's banner shares its group, and N jobs of unknown numjobs when one
 * does (fio 3.33 names the entry after the group's first job). */
static void
note_held(struct eb_parse *p, const struct normal_state *st, const struct held_setup *h)
{
	long clones = 0, processes = 0, numjobs = 0;
	int each_one = 1;
	char *setup = eb_xstrdup(h->opts);

	for (size_t k = 0; k < st->held_prev; k++)
		if (strcmp(st->held[k].job, h->job) == 0 && strcmp(st->held[k].host, h->host) == 0) {
			clones++;
			each_one = each_one && st->held[k].njobs == 1;
		}
	if (clones > 1 && each_one)
		processes = numjobs = clones;
	else if (clones == 1) {
		processes = h->njobs;
		numjobs = h->njobs == 1 || h->group_of_one ? h->njobs : 0;
	}
	if (processes > 0)
		setup = eb_fio_setup_add(setup, "jobs", processes);
	if (numjobs > 0)
		setup = eb_fio_setup_add(setup, "numjobs", numjobs);
	eb_parse_setup(p, h->job, "", setup, h->line);
	free(setup);
}

/* Notes (keep) or forgets the setups held of the run flushed last. */
static void
release_held(struct eb_parse *p, struct normal_state *st, int keep)
{
	if (keep)
		p->setup_run++;
	for (size_t i = 0; i < st->held_prev && keep; i++)
		note_held(p, st, &st->held[i]);
	for (size_t i = 0; i < st->held_prev; i++) {
		free(st->held[i].job);
		free(st->held[i].host);
		free(st->held[i].opts);
	}
	if (st->nheld > st->held_prev)
		memmove(st->held, st->held + st->held_prev,
		    (st->nheld - st->held_prev) * sizeof *st->held);
	st->nheld -= st->held_prev;
	st->held_prev = st->nheld;
}

static void
forget_prev(struct normal_state *st)
{
	for (size_t i = 0; i < st->nprev; i++)
		free(st->prev[i].name);
	st->nprev = 0;
}

/* Whether the run about to be flushed is the next --status-interval
 * snapshot (or the final result) of the one flushed before it: the same
 * jobs of the same pids, without a banner between (a new fio run prints
 * its banners), each direction's I/O and runtime grown or kept. fio 3.33
 * prints each snapshot as a whole run's results, summary included. Runs
 * appended with >> have banners and pids of their own. */
static int
continues_prev(const struct normal_state *st)
{
	int grew = 0;

	if (st->banner_since || st->nprev == 0 || st->nprev != st->run.n)
		return 0;
	for (size_t i = 0; i < st->run.n; i++) {
		const struct eb_fio_job *j = &st->run.jobs[i];
		const struct snap_job *o = &st->prev[i];

		if (strcmp(j->name, o->name) != 0 || j->groupid != o->groupid ||
		    j->pid != o->pid || (j->pid <= 0 && !j->all_clients))
			return 0;
		for (int d = 0; d < EB_FIO_NDIRS; d++) {
			double io = fmax(st->raw[i][d].io, 0), rt = fmax(st->raw[i][d].runtime_ms, 0);

			if (io < o->io[d] || rt < o->rt[d])
				return 0;
			grew |= io > o->io[d] || rt > o->rt[d];
		}
	}
	return grew;
}

static void
keep_prev(struct normal_state *st, size_t first, size_t end)
{
	forget_prev(st);
	eb_xgrow(&st->prev, &st->capprev, st->run.n + 1, sizeof *st->prev);
	for (size_t i = 0; i < st->run.n; i++) {
		struct snap_job *o = &st->prev[i];

		o->name = eb_xstrdup(st->run.jobs[i].name);
		o->groupid = st->run.jobs[i].groupid;
		o->pid = st->run.jobs[i].pid;
		for (int d = 0; d < EB_FIO_NDIRS; d++) {
			o->io[d] = fmax(st->raw[i][d].io, 0);
			o->rt[d] = fmax(st->raw[i][d].runtime_ms, 0);
		}
	}
	st->nprev = st->run.n;
	st->prev_first = first;
	st->prev_end = end;
	st->prev_line = st->run.n > 0 ? st->run.jobs[0].line : 0;
}

static void
flush(struct eb_parse *p, struct normal_state *st)
{
	size_t first;

	for (size_t i = 0; i < st->run.n; i++) {
		struct eb_fio_job *j = &st->run.jobs[i];

		if (!j->all_clients) {
			eb_fio_json_say_total(p, j, &st->told_total);
			eb_fio_banners_apply(&st->banners, j);
			if (st->host != NULL && st->nhosts == 1 && *j->host == '\0')
				eb_fio_job_set_str(&j->host, st->host, strlen(st->host));
		}
	}
	for (size_t i = 0; i < st->run.n && st->bad_line == 0; i++)
		for (int d = 0; d < EB_FIO_NDIRS && st->bad_line == 0; d++) {
			char why[160];

			/* "All clients" sums clients whose runtimes may differ,
			 * over the longest: it is not read, and not checked. */
			if (!st->run.jobs[i].d[d].present || st->run.jobs[i].all_clients ||
			    !raw_disagree(&st->raw[i][d], why, sizeof why))
				continue;
			st->bad_line = st->run.jobs[i].d[d].iops_line;
			snprintf(st->bad, sizeof st->bad, "fio job '%.40s' %s: %s: the figures "
			    "disagree (a damaged digit?)", st->run.jobs[i].name,
			    eb_fio_dir_names[d], why);
		}
	if (st->bad_line != 0)
		return;
	for (size_t i = 0; i < st->run.n; i++)
		for (int d = 0; d < EB_FIO_NDIRS; d++)
			if (st->run.jobs[i].d[d].present)
				settle(&st->run.jobs[i], d, &st->raw[i][d], &st->run.jobs[i].d[d]);
	for (size_t i = 0; i < st->run.n && st->bad_line == 0; i++)
		for (int d = 0; d < EB_FIO_NDIRS && st->bad_line == 0; d++)
			if (st->run.jobs[i].d[d].present &&
			    figures_disagree(&st->run.jobs[i], d, st->bad, sizeof st->bad))
				st->bad_line = st->run.jobs[i].d[d].iops_line;
	if (st->bad_line != 0)
		return;
	if (st->run.n > 0)
		release_held(p, st, !(continues_prev(st) && p->t->n == st->prev_end));
	if (st->run.n > 0 && continues_prev(st) && p->t->n == st->prev_end) {
		/* Only the last snapshot is a result: the run's final one. */
		p->t->n = st->prev_first;
		st->added -= st->prev_end - st->prev_first;
		if (st->nsnapshots++ == 0)
			st->snapshot_line = st->prev_line;
	}
	first = p->t->n;
	if (st->run.n > 0) {
		keep_prev(st, first, first);
		st->banner_since = 0;
		st->banners.run++;
	}
	st->added += eb_fio_run_emit(p, &st->run, &st->notes);
	st->prev_end = p->t->n;
	st->cur = -1;
	st->dir = -1;
	st->pct_unit = 0;
	st->seen_summary = 0;
}

/* fio 3.33 prints a job that stopped on an error as "err=28 (file:io_u.c:1876,
 * func=io_u error, error=No space left on device): pid=..."; 2.x prints
 * "err=28 (file:...)" alike, or the number alone. Such a run moved what it
 * could before the error, not what its test asks for. */
static void
ended_on_error(struct normal_state *st, const struct eb_fio_job *j, const char *q, long lineno)
{
	const char *open = q + strcspn(q, " (:\r\n"), *close, *why;
	int n = (int)(open - q), wn;

	open = skip_spaces(open);
	close = *open == '(' ? strstr(open, "): ") : NULL;
	if (close == NULL && *open == '(')
		close = open + strcspn(open, "\r\n") - (open[strcspn(open, "\r\n") - 1] == ')');
	why = close != NULL ? eb_fio_memstr(open, (size_t)(close - open), "error=") : NULL;
	if (why != NULL)
		why += 6;
	else if (close != NULL)
		why = open + 1;
	wn = why != NULL ? (int)(close - why) : 0;
	st->bad_line = lineno;
	snprintf(st->bad, sizeof st->bad, "fio job '%.40s' ended with error %.*s%s%.*s%s: a run "
	    "cut short measures no test, and its figures would be a repetition of it; run it "
	    "again, or leave this output out", j->name, n > 12 ? 12 : n, q, wn > 0 ? " (" : "",
	    wn > 80 ? 80 : wn, why != NULL ? why : "", wn > 0 ? (wn > 80 ? "...)" : ")") : "");
}

/* Whether the current run has the job of this header, by name, server
 * and pid, already. */
static int
client_job_again(const struct normal_state *st, const char *name, size_t n, const char *g,
    size_t glen)
{
	const char *q = eb_fio_memstr(g, glen, " pid=");
	long pid = q != NULL ? strtol(q + 5, NULL, 10) : 0;
	const char *host = st->run_server != NULL ? st->run_server : "";

	for (size_t i = 0; i < st->run.n; i++) {
		const struct eb_fio_job *o = &st->run.jobs[i];

		if (!o->all_clients && o->pid == pid && pid > 0 && strlen(o->name) == n &&
		    memcmp(o->name, name, n) == 0 && strcmp(o->host, host) == 0)
			return 1;
	}
	return 0;
}

static void
take_header(struct eb_parse *p, struct normal_state *st, const char *line, size_t len,
    const char *g, long lineno)
{
	const char *ns, *ne, *q;
	struct eb_fio_job *j;

	end_job(p, st);
	eb_fio_job_name(line, g, &ns, &ne);
	/* A client prints each server's results in turn, each after its
	 * own summary: they are one run, the next begins with "hostname=".
	 * The same job of the same server process again is its next
	 * --status-interval snapshot, or a run after it. */
	if (st->seen_summary && st->run.n > 0 &&
	    (!st->client_mode || client_job_again(st, ns, (size_t)(ne - ns), g, len -
	    (size_t)(g - line))))
		flush(p, st);
	j = eb_fio_run_add(&st->run, ns, (size_t)(ne - ns));
	eb_xgrow(&st->raw, &st->rawcap, st->run.n, sizeof *st->raw);
	for (int d = 0; d < EB_FIO_NDIRS; d++) {
		memset(&st->raw[st->run.n - 1][d], 0, sizeof st->raw[0][0]);
		st->raw[st->run.n - 1][d].issued = -1;
	}
	j->line = lineno;
	j->all_clients = strcmp(j->name, "All clients") == 0;
	/* A client run of one server: its results are that server's, whose
	 * jobs of one name a client of several connections to it combines,
	 * as JSON's client_stats. Of several servers, fio 3.33 prints the
	 * "<NAME>" lines where its output happens to put them (two side by
	 * side before the first server's results, one glued to an ETA line):
	 * nothing says whose results are whose (audit 21 G01). */
	if (st->client_mode && !j->all_clients) {
		st->client_results = 1;
		if (st->run_servers > 1 && st->bad_line == 0) {
			st->bad_line = lineno;
			snprintf(st->bad, sizeof st->bad, "fio --client normal text of several "
			    "servers (%.40s, %s) does not say which results are whose; read fio's "
			    "JSON (--output-format=json), which names each server's",
			    st->run_server, st->other_server);
		}
		if (st->run_server != NULL)
			eb_fio_job_set_str(&j->host, st->run_server, strlen(st->run_server));
	}
	eb_fio_like_init(&st->like, j, EB_FIO_LIKE_NORMAL);
	if ((q = after(g, "groupid=")) != NULL) {
		double v;

		if (eb_fio_num(q, strlen(q), &v) > 0) {
			/* fio numbers groups from 0 in an int; beyond, the
			 * header is damaged (a fuzzed "groupid=2.2e61"). */
			if (v >= 0 && v <= 2147483647.0)
				j->groupid = (long)v;
			else if (st->bad_line == 0) {
				st->bad_line = lineno;
				snprintf(st->bad, sizeof st->bad, "groupid=%.*s is no fio group "
				    "number (0 to 2147483647)", (int)strcspn(q, ",) "), q);
			}
		}
	}
	if ((q = after(g, "jobs=")) != NULL)
		j->njobs = strtol(q, NULL, 10);
	if (eb_fio_run_name_taken(&st->run) != NULL && st->bad_line == 0) {
		const struct eb_fio_job *o = eb_fio_run_name_taken(&st->run);

		st->bad_line = lineno;
		snprintf(st->bad, sizeof st->bad, "fio job '%.40s' of group %ld has the name of the "
		    "group %ld job at line %ld, and normal output omits options (direct, size ...) "
		    "that tell one test run twice from two: name the jobs apart, or read fio's "
		    "JSON", j->name, j->groupid, o->groupid, o->line);
	}
	if ((q = after(g, "err=")) != NULL && *q != '0' && *q != '\0' && st->bad_line == 0)
		ended_on_error(st, j, q, lineno);
	(void)len;
	st->cur = (long)st->run.n - 1;
	st->dir = -1;
	st->pct_unit = 0;
	st->njobs++;
	st->issued = st->nseries = 0;
	st->last_line = lineno;
	eb_buf_add(&st->block, line, len);
	q = eb_fio_memstr(g, len - (size_t)(g - line), " pid=");
	if (q != NULL)
		j->pid = strtol(q + 5, NULL, 10);
	snprintf(st->pid, sizeof st->pid, "%.*s", q != NULL ? (int)strcspn(q + 1, "\r\n") : 0,
	    q != NULL ? q + 1 : "");
	if (!j->all_clients && st->unsummed++ == 0)
		st->unsummed_line = lineno;
}

static enum eb_status
job_error(struct eb_parse *p, const struct normal_state *st)
{
	if (st->bad_line == 0)
		return EB_OK;
	return eb_err_set(p->err, EB_ERR_DATA, eb_parse_loc(p, st->bad_line), "%s", st->bad);
}

static enum eb_status
parse_line(struct eb_parse *p, char *line, size_t len, long lineno)
{
	struct normal_state *st = p->state;
	const char *s = skip_spaces(line), *g;

	if (!st->started) {
		st->started = 1;
		st->cur = -1;
		st->dir = -1;
		eb_buf_init(&st->block, EB_MAX_LINE);
	}
	if (strncmp(s, "fio: ", 5) == 0) {
		eb_fio_errors_take(&st->errors, s, len - (size_t)(s - line), lineno);
		return EB_OK;
	}
	if ((g = eb_fio_memstr(line, len, ": (groupid=")) != NULL) {
		take_header(p, st, line, len, g, lineno);
		return job_error(p, st);
	}
	if (*s != '\0' && *s != '\r')
		st->end_line = lineno;
	if (eb_fio_memstr(line, len, ": (g=") != NULL &&
	    eb_fio_memstr(line, len, " rw=") != NULL) {
		/* A banner after results opens the next run; a client's
		 * servers print theirs as they come. */
		end_job(p, st);
		if (st->run.n > 0 && st->bad_line == 0 && !st->client_mode)
			flush(p, st);
		st->banner_since = 1;
		if (eb_fio_banners_take_at(&st->banners, line, len, lineno) &&
		    st->banners.twice_line == lineno && st->bad_line == 0) {
			st->bad_line = lineno;
			snprintf(st->bad, sizeof st->bad, "a second job line of fio job '%.40s' in "
			    "group %ld (the first: line %ld): numjobs clones print '...', so these "
			    "are two jobs of one name, whose results would be summed as clones; "
			    "name the jobs apart",
			    st->banners.v[st->banners.twice_index].name,
			    st->banners.v[st->banners.twice_index].group, st->banners.twice_prev);
		}
		return job_error(p, st);
	}
	if (strncmp(s, "hostname=", 9) == 0) {
		size_t n = strcspn(s + 9, ", ");

		/* A client's run begins when it has connected to its servers:
		 * results before are those of another run. */
		end_job(p, st);
		if (st->run.n > 0 && st->bad_line == 0 && st->seen_summary)
			flush(p, st);
		if (st->run.n == 0 && st->cur < 0 && st->run_server != NULL &&
		    st->client_results) {
			free(st->run_server);
			st->run_server = NULL;
			st->run_servers = 0;
			st->client_results = 0;
		}
		st->client_mode = 1;
		if (st->run_server == NULL) {
			st->run_server = eb_xstrndup(s + 9, n);
			st->run_servers = 1;
		} else if ((strlen(st->run_server) != n || strncmp(st->run_server, s + 9, n) != 0) &&
		    st->run_servers == 1) {
			st->run_servers = 2;
			snprintf(st->other_server, sizeof st->other_server, "%.*s",
			    (int)(n < 40 ? n : 40), s + 9);
		}

		if (st->host == NULL) {
			st->host = eb_xstrndup(s + 9, n);
			st->nhosts = 1;
		} else if (strlen(st->host) != n || strncmp(st->host, s + 9, n) != 0) {
			st->nhosts++;
		}
		return EB_OK;
	}
	if (strncmp(s, "Run status group ", 17) == 0) {
		end_job(p, st);
		st->seen_summary = 1;
		st->unsummed = 0;
		return job_error(p, st);
	}
	if (strncmp(s, "Disk stats", 10) == 0) {
		end_job(p, st);
		return job_error(p, st);
	}
	if (st->cur >= 0) {
		eb_buf_addc(&st->block, '\n');
		eb_buf_add(&st->block, line, len);
		eb_fio_normal_job_line(st, s, lineno);
		if (*s != '\0' && *s != '\r')
			st->last_line = lineno;
	}
	return job_error(p, st);
}

static enum eb_status
finish(struct eb_parse *p, int ok)
{
	struct normal_state *st = p->state;
	enum eb_status status = EB_OK;

	if (ok) {
		end_job(p, st);
		if (st->bad_line == 0 && st->unsummed > 0) {
			st->bad_line = st->end_line;
			snprintf(st->bad, sizeof st->bad, "the output ends here, after the results "
			    "of the fio job at line %ld, without the 'Run status group' summary fio "
			    "prints after a run's jobs (a truncated output)", st->unsummed_line);
		}
		if (st->bad_line == 0)
			flush(p, st);
		st->held_prev = st->nheld;
		release_held(p, st, st->bad_line == 0);
		if (st->bad_line == 0 && st->nsnapshots > 0)
			eb_diag(p->diag, EB_NOTE, eb_parse_loc(p, st->snapshot_line),
			    "%ld --status-interval snapshot%s of a run; only its final result is "
			    "read", st->nsnapshots, st->nsnapshots == 1 ? "" : "s");
		if (st->bad_line != 0)
			status = job_error(p, st);
		else if (st->added == 0 && st->njobs > 0)
			status = eb_err_set(p->err, EB_ERR_DATA, eb_parse_loc(p, 0),
			    "no fio job in this output did any I/O%s%s",
			    st->errors.first ? "; fio said: " : "",
			    st->errors.first ? st->errors.first : "");
		else if (st->added == 0)
			status = eb_fio_no_results(p, &st->errors, "no job results");
	}
	st->held_prev = st->nheld;
	release_held(p, st, 0);
	free(st->held);
	eb_fio_run_free(&st->run);
	eb_fio_banners_free(&st->banners);
	eb_fio_errors_free(&st->errors);
	free(st->raw);
	free(st->host);
	free(st->run_server);
	forget_prev(st);
	free(st->prev);
	eb_buf_free(&st->block);
	return status;
}

const struct eb_format eb_format_fio_normal = {
	"fio-normal", "fio's normal text output (fio 2.0 to 3.x, several runs per file)",
	eb_fio_normal_probe, sizeof(struct normal_state), parse_line, finish, NULL, NULL, NULL, NULL, 0,
};
