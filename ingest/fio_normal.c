/* fio_normal.c - fio's human-readable output, both generations (bw= up to
 * 2.16, IOPS=/BW= from 2.17), several runs per file, pasted or not. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "fio.h"

/* The figures of one direction as printed, before choosing among them. */
struct raw {
	int newstyle;		/* fio 2.17+ "IOPS=..., BW=..." */
	double io, bw, bw_alt, runtime_ms, iops;	/* bytes, B/s, B/s, ms, 1/s */
	double issued;		/* I/O count of the "issued" line, or -1 */
};

struct normal_state {
	struct eb_fio_run run;
	struct raw (*raw)[EB_FIO_NDIRS];	/* parallel to run.jobs */
	size_t rawcap;
	struct eb_fio_banners banners;
	struct eb_fio_errors errors;
	struct eb_fio_notes notes;
	long cur;		/* job being read, -1 none */
	int dir;		/* its direction being read, -1 none */
	double pct_unit;	/* ns per unit of the percentile block, 0 outside */
	int pct_is_lat;		/* lat_percentiles instead of clat */
	double pct_prev;	/* the block's last percentile as printed, or -1 */
	/* The range of the current direction's clat and lat (total) lines. */
	struct eb_fio_lat_range clat, tlat;
	int seen_summary;	/* "Run status group" after the current jobs */
	char *host;		/* the one client of "hostname=" lines */
	int nhosts;
	size_t added;
	long njobs;
	int started;
	long bad_line;		/* the first damaged figure, 0 for none */
	char bad[256];
	/* A cut output must not read as a shorter run: every job's results
	 * end with its "issued" line, and every run's jobs are followed by
	 * their "Run status group" summary. */
	int issued;		/* the current job's issued line was read */
	long last_line;		/* the current job's last non-blank line */
	long unsummed;		/* jobs since the last summary ("All clients" aside) */
	long unsummed_line;	/* the first of them */
	long end_line;		/* the input's last non-blank line */
	struct eb_buf block;	/* the current job's lines, which identify its run */
	/* The run flushed last, its records [prev_first, prev_end), so that
	 * a --status-interval snapshot of it can give way to the next. */
	struct snap_job {
		char *name;
		long groupid, pid;
		double io[EB_FIO_NDIRS], rt[EB_FIO_NDIRS];
	} *prev;
	size_t nprev, capprev, prev_first, prev_end;
	long prev_line;
	int banner_since;	/* a banner since the last run flushed */
	long nsnapshots, snapshot_line;
	/* What the current job's results say of its run (eb_fio_like). */
	struct eb_fio_like like;
	struct eb_fio_series series[6];	/* its bw and iops summaries */
	int nseries;
	char pid[80];		/* "pid=24785: Tue Dec  1 12:09:09 2026" of its header */
};

static const char *
skip_spaces(const char *s)
{
	while (*s == ' ' || *s == '\t')
		s++;
	return s;
}

/* The value after key in s ("bw=", "IOPS="), spaces skipped, or NULL. */
static const char *
after(const char *s, const char *key)
{
	const char *q = strstr(s, key);

	return q != NULL ? skip_spaces(q + strlen(key)) : NULL;
}

/* How a figure is printed: a plain number, a count with an SI suffix
 * ("38.9k"), or a size or rate that carries its unit (up to 2.16) or may
 * lack one (2.17+ client/server prints "BW=59.8Mi (62.7M)", fio 3.33). */
enum figure_kind { FIG_NUMBER, FIG_COUNT, FIG_SIZE, FIG_SIZE_BARE };

/* Checks the figure printed at q (after key, which names it in messages)
 * and returns where it ends, at what follows it. A sign, nan, inf, a
 * number too large for a double, a rate without its unit ("bw=1434"), or
 * a figure that fio's fixed layout does not follow with follow (",", "]",
 * "%", "msec)"): the last is a line cut inside the figure, "avg=74." or
 * "BW=727MiB/s (76" at the end of a truncated file, which would read as
 * a whole, wrong number. The first such figure is kept in st for
 * parse_line to fail the file there; its message shows key and the text
 * from from (the start of the figure, or of the group it belongs to). */
static const char *
check_figure(struct normal_state *st, const char *key, const char *from, const char *q,
    enum figure_kind kind, const char *follow, long lineno)
{
	const char *why = NULL, *e;
	char cut[80];
	double v;
	size_t used;

	if (st->bad_line != 0)
		return q;
	used = eb_fio_num(q, strlen(q), &v);
	e = q + used;
	if (used == 0 || q[0] < '0' || q[0] > '9' || !isfinite(v)) {
		why = "is no figure fio prints";
	} else if (kind == FIG_SIZE && strchr("kKmMgGtTpPeEBb", *e) == NULL) {
		why = "has no unit; fio prints one (B/s, KiB/s ...)";
	} else {
		if (kind == FIG_COUNT && *e != '\0' && strchr("kKMG", *e) != NULL)
			e++;
		else if (kind == FIG_SIZE || kind == FIG_SIZE_BARE)
			eb_fio_size_value(q, 0, &e);
		e = skip_spaces(e);
		if (strncmp(e, follow, strlen(follow)) != 0) {
			snprintf(cut, sizeof cut, "is cut: fio prints '%s' after it "
			    "(a truncated or damaged line)", follow);
			why = cut;
		}
	}
	if (why != NULL) {
		const char *to = why == cut ? e + strcspn(e, " ,") : q + strcspn(q, ", )(");

		st->bad_line = lineno;
		snprintf(st->bad, sizeof st->bad, "%s%.*s %s", key,
		    (int)(to - from > 60 ? 60 : to - from), from, why);
	}
	return e;
}

/* after(s, key) for a figure, checked by check_figure. */
static const char *
figure(struct normal_state *st, const char *s, const char *key, enum figure_kind kind,
    const char *follow, long lineno)
{
	const char *q = after(s, key);

	if (q != NULL)
		check_figure(st, key, q, q, kind, follow, lineno);
	return q;
}

/* ns per unit of "(nsec)", "(usec)", "(msec)", "(sec)"; 0 for none. */
static double
lat_unit(const char *s)
{
	const char *q = strchr(s, '(');

	if (q == NULL)
		return 0;
	if (strncmp(q, "(nsec)", 6) == 0)
		return 1;
	if (strncmp(q, "(usec)", 6) == 0)
		return 1e3;
	if (strncmp(q, "(msec)", 6) == 0)
		return 1e6;
	if (strncmp(q, "(sec)", 5) == 0)
		return 1e9;
	return 0;
}

static struct eb_fio_job *
cur_job(struct normal_state *st)
{
	return st->cur >= 0 ? &st->run.jobs[st->cur] : NULL;
}

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
		char *setup = eb_fio_banner_setup(&st->banners, j);

		for (int k = 0; k < st->nseries; k++)
			eb_parse_fio_series(p, &st->series[k], j->name, j->line);
		if (setup != NULL)
			eb_parse_setup(p, j->name, j->host, setup, j->line);
		free(setup);
	}
	eb_buf_reset(&st->block);
	st->cur = -1;
}

/* Chooses among printed figures. From 2.17 every figure has 3 or 4
 * digits, and before 3.26 fio's num2str could print 11.99 MiB/s as
 * "11.0MiB/s" (fio 3.1 vps-comparison sample): the median of io/runtime,
 * the IEC and the SI rate survives one bad figure, and issued I/Os times
 * the block size, when it agrees, is exact. */
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
	s->iops = r->iops;
	if (d < EB_FIO_MIXED)
		bs = (double)j->bs[d];
	else if (j->bs[0] == j->bs[1] && j->bs[1] == j->bs[2])
		bs = (double)j->bs[0];
	if (issued > 0 && r->runtime_ms > 0) {
		double x = issued * 1000 / r->runtime_ms;

		if (s->iops > 0 && fabs(x - s->iops) <= 0.02 * s->iops)
			s->iops = x;
		if (bs > 0 && s->bw > 0 && fabs(x * bs - s->bw) <= 0.02 * s->bw)
			s->bw = x * bs;
		if (bs > 0 && r->io > 0 && fabs(issued * bs - r->io) <= 0.02 * r->io)
			s->io = issued * bs;
	}
	if (s->bw == 0)
		s->bw = -1;
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
			eb_fio_banners_apply(&st->banners, j);
			if (st->host != NULL && st->nhosts == 1)
				eb_fio_job_set_str(&j->host, st->host, strlen(st->host));
		}
	}
	for (size_t i = 0; i < st->run.n; i++)
		for (int d = 0; d < EB_FIO_NDIRS; d++)
			if (st->run.jobs[i].d[d].present)
				settle(&st->run.jobs[i], d, &st->raw[i][d], &st->run.jobs[i].d[d]);
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
	}
	st->added += eb_fio_run_emit(p, &st->run, &st->notes);
	st->prev_end = p->t->n;
	st->cur = -1;
	st->dir = -1;
	st->pct_unit = 0;
	st->seen_summary = 0;
}

static void
take_header(struct eb_parse *p, struct normal_state *st, const char *line, size_t len,
    const char *g, long lineno)
{
	const char *ns, *ne, *q;
	struct eb_fio_job *j;

	end_job(p, st);
	if (st->seen_summary && st->run.n > 0)
		flush(p, st);
	eb_fio_job_name(line, g, &ns, &ne);
	j = eb_fio_run_add(&st->run, ns, (size_t)(ne - ns));
	eb_xgrow(&st->raw, &st->rawcap, st->run.n, sizeof *st->raw);
	for (int d = 0; d < EB_FIO_NDIRS; d++) {
		memset(&st->raw[st->run.n - 1][d], 0, sizeof st->raw[0][0]);
		st->raw[st->run.n - 1][d].issued = -1;
	}
	j->line = lineno;
	j->all_clients = strcmp(j->name, "All clients") == 0;
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
	if ((q = after(g, "err=")) != NULL && *q != '0' && *q != '\0')
		eb_diag(p->diag, EB_WARNING, eb_parse_loc(p, lineno),
		    "fio job '%s' ended with an error (err=%.*s)", j->name,
		    (int)strcspn(q, ":"), q);
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

/* "read : io=...", "  write: IOPS=...", "mixed: ..." */
static int
dir_line(const char *s)
{
	for (int d = 0; d < EB_FIO_NDIRS; d++) {
		size_t n = strlen(eb_fio_dir_names[d]);
		const char *q;

		if (strncmp(s, eb_fio_dir_names[d], n) != 0)
			continue;
		q = skip_spaces(s + n);
		if (*q != ':')
			continue;
		q = skip_spaces(q + 1);
		if (strncmp(q, "io=", 3) == 0 || strncmp(q, "IOPS=", 5) == 0)
			return d;
	}
	return -1;
}

static void
take_dir(struct normal_state *st, int d, const char *s, long lineno)
{
	struct eb_fio_job *j = cur_job(st);
	struct raw *r = &st->raw[st->cur][d];
	struct eb_fio_dstat *ds = &j->d[d];
	const char *q;

	st->dir = d;
	st->pct_unit = 0;
	st->clat.line = st->tlat.line = 0;
	memset(r, 0, sizeof *r);
	r->issued = -1;
	r->bw = r->bw_alt = r->io = r->runtime_ms = r->iops = -1;
	if ((q = figure(st, s, "IOPS=", FIG_COUNT, ",", lineno)) != NULL) {
		/* 2.17+: "IOPS=38.9k, BW=152MiB/s (159MB/s)(304MiB/2001msec)",
		 * every part of it checked, so that a cut line is no figure. */
		const char *bw = after(s, "BW="), *e;

		r->newstyle = 1;
		r->iops = eb_fio_count_value(q);
		if (bw == NULL && st->bad_line == 0) {
			st->bad_line = lineno;
			snprintf(st->bad, sizeof st->bad, "IOPS=%.*s is cut: fio prints BW= "
			    "after it (a truncated or damaged line)", (int)strcspn(q, ","), q);
		}
		if (bw != NULL) {
			e = check_figure(st, "BW=", bw, bw, FIG_SIZE_BARE, "(", lineno);
			r->bw = eb_fio_size_value(bw, 0, NULL);
			if (st->bad_line == 0) {
				q = e + 1;
				e = check_figure(st, "BW=", bw, q, FIG_SIZE_BARE, ")(", lineno);
				r->bw_alt = eb_fio_size_value(q, 0, NULL);
			}
			if (st->bad_line == 0) {
				q = e + 2;
				e = check_figure(st, "BW=", bw, q, FIG_SIZE_BARE, "/", lineno);
				r->io = eb_fio_size_value(q, 0, NULL);
			}
			if (st->bad_line == 0) {
				q = e + 1;
				check_figure(st, "BW=", bw, q, FIG_NUMBER, "msec)", lineno);
				if (eb_fio_num(q, strlen(q), &r->runtime_ms) == 0)
					r->runtime_ms = -1;
			}
		}
	} else {
		/* up to 2.16: "io=19412MB, bw=661966KB/s, iops=165491, runt= 30029msec",
		 * all four on every line, so that a line without one is cut. */
		static const char *const keys[] = { "io=", "bw=", "iops=", "runt=" };

		if ((q = figure(st, s, "io=", FIG_SIZE, ",", lineno)) != NULL)
			r->io = eb_fio_size_value(q, 1, NULL);
		if ((q = figure(st, s, "bw=", FIG_SIZE, ",", lineno)) != NULL)
			r->bw = eb_fio_size_value(q, 1, NULL);
		if ((q = figure(st, s, "iops=", FIG_COUNT, ",", lineno)) != NULL)
			r->iops = eb_fio_count_value(q);
		if ((q = figure(st, s, "runt=", FIG_NUMBER, "msec", lineno)) != NULL &&
		    eb_fio_num(q, strlen(q), &r->runtime_ms) == 0)
			r->runtime_ms = -1;
		for (int k = 0; k < 4 && st->bad_line == 0; k++)
			if (after(s, keys[k]) == NULL) {
				const char *t = skip_spaces(s);
				size_t n = strlen(t);

				while (n > 0 && t[n - 1] == ' ')
					n--;
				st->bad_line = lineno;
				snprintf(st->bad, sizeof st->bad, "%.*s is cut: fio prints %s "
				    "after it (a truncated or damaged line)", (int)(n > 60 ? 60 : n), t,
				    keys[k]);
			}
	}
	/* fio prints no direction whose runtime is 0 (stat.c,
	 * show_ddir_status): a rate beside "0msec" is a changed figure. */
	if (r->runtime_ms == 0 && (r->iops > 0 || r->bw > 0) && st->bad_line == 0) {
		st->bad_line = lineno;
		snprintf(st->bad, sizeof st->bad, "a rate of %.15g B/s in a runtime of 0 ms; fio "
		    "prints no rate, and no such line, when the runtime is 0", r->bw > 0 ? r->bw : 0);
	}
	ds->present = r->iops > 0 || r->bw > 0 || r->io > 0;
	ds->runtime_ms = r->runtime_ms;
	ds->bw_line = ds->iops_line = lineno;
}

/* "issued rwts: total=0,176888,0,0 ..." (3.4+), "issued rwt: total=0,1048576,0,"
 * (2.17 to 3.3), "issued    : total=r=4969542/w=0/d=0, ..." (up to 2.16). */
static void
take_issued(struct normal_state *st, const char *s)
{
	const char *q = after(s, "total=");
	double v[3];

	if (q == NULL)
		return;
	/* Every version prints more after the third count ("0,128,0,0",
	 * "0,1048576,0,", "d=0, short"): a count without its separator may be
	 * the cut end of a file, and the counts are then not used. */
	for (int d = 0; d < 3; d++) {
		size_t used;

		if ((q[0] == 'r' || q[0] == 'w' || q[0] == 'd' || q[0] == 't') && q[1] == '=')
			q += 2;
		if ((used = eb_fio_num(q, strlen(q), &v[d])) == 0)
			return;
		q += used;
		if (*q != ',' && *q != '/')
			return;
		q++;
	}
	for (int d = 0; d < 3; d++)
		st->raw[st->cur][d].issued = v[d];
	st->raw[st->cur][EB_FIO_MIXED].issued = v[0] + v[1] + v[2];
	st->issued = 1;
}

/* A latency line of the current direction: its range is kept for the
 * percentiles, and its mean checked against it (fio_normal_lat.c). */
static void
take_lat_range(struct normal_state *st, const char *s, double unit, double avg,
    struct eb_fio_lat_range *r, long lineno)
{
	char why[sizeof st->bad];

	if (eb_fio_lat_range(s, unit, avg, r, lineno, why, sizeof why) && st->bad_line == 0) {
		st->bad_line = lineno;
		memcpy(st->bad, why, sizeof st->bad);
	}
}

static void
check_percentile(struct normal_state *st, double at, double v, long lineno)
{
	char why[sizeof st->bad];

	if (st->bad_line == 0 && eb_fio_lat_percentile(st->pct_is_lat ? &st->tlat : &st->clat,
	    st->pct_is_lat ? "lat" : "clat", st->pct_unit, at, v, st->pct_prev, why, sizeof why)) {
		st->bad_line = lineno;
		memcpy(st->bad, why, sizeof st->bad);
	}
	st->pct_prev = v;
}

static void
take_job_line(struct normal_state *st, const char *s, long lineno)
{
	struct eb_fio_job *j = cur_job(st);
	struct eb_fio_dstat *ds = st->dir >= 0 ? &j->d[st->dir] : NULL;
	double unit, v;
	const char *q;
	int d;

	if ((d = dir_line(s)) >= 0) {
		take_dir(st, d, s, lineno);
		return;
	}
	if (ds != NULL && st->dir < 3 && st->nseries < 6 &&
	    eb_fio_normal_series(s, st->dir, &st->series[st->nseries]))
		st->nseries++;
	if (strncmp(s, "clat (", 6) == 0 && (q = figure(st, s, "avg=", FIG_NUMBER, ",", lineno)) != NULL) {
		unit = lat_unit(s);
		if (eb_fio_num(q, strlen(q), &v) == 0)
			v = -1;
		take_lat_range(st, s, unit, v, &st->clat, lineno);
		if (st->dir >= 0 && st->dir < 3)
			st->like.lat_res[st->dir] = 0.005 * unit;
		if (ds != NULL && unit > 0 && v > 0) {
			ds->lat_ns = v * unit;
			ds->lat_line = lineno;
		}
		return;
	}
	if (strncmp(s, "lat (", 5) == 0 && (q = after(s, "avg=")) != NULL) {
		take_lat_range(st, s, lat_unit(s), eb_fio_num(q, strlen(q), &v) > 0 ? v : -1,
		    &st->tlat, lineno);
		return;
	}
	if (strncmp(s, "clat percentiles (", 18) == 0 ||
	    strncmp(s, "lat percentiles (", 17) == 0) {
		st->pct_unit = lat_unit(s);
		st->pct_is_lat = s[0] == 'l';
		st->pct_prev = -1;
		return;
	}
	if (*s == '|' && st->pct_unit > 0 && ds != NULL) {
		for (const char *t = s; (t = strstr(t, "th=[")) != NULL; t += 4) {
			const char *b = t;
			double at;

			while (b > s && ((b[-1] >= '0' && b[-1] <= '9') || b[-1] == '.'))
				b--;
			if (eb_fio_num(b, (size_t)(t - b), &at) > 0 &&
			    eb_fio_num(t + 4, strlen(t + 4), &v) > 0)
				check_percentile(st, at, v, lineno);
		}
		/* lat_percentiles only stands in when clat has none. */
		if (st->pct_is_lat && ds->p99_ns > 0)
			return;
		q = figure(st, s, "99.00th=[", FIG_NUMBER, "]", lineno);
		if (q != NULL && eb_fio_num(q, strlen(q), &v) > 0 && v > 0) {
			ds->p99_ns = v * st->pct_unit;
			ds->p99_line = lineno;
		}
		return;
	}
	st->pct_unit = 0;
	if (strncmp(s, "cpu", 3) == 0 && (q = figure(st, s, "usr=", FIG_NUMBER, "%", lineno)) != NULL) {
		double usr, sys;

		if (eb_fio_num(q, strlen(q), &usr) > 0 && (q = figure(st, s, "sys=", FIG_NUMBER, "%", lineno)) != NULL &&
		    eb_fio_num(q, strlen(q), &sys) > 0) {
			j->cpu = usr + sys;
			j->cpu_line = lineno;
			/* usr=0.00%, sys=75.00%, ctx=0, majf=0, minf=12 */
			st->like.usr = usr;
			st->like.sys = sys;
			st->like.cpu_res = 0.005;
			if ((q = after(s, "ctx=")) != NULL && eb_fio_num(q, strlen(q), &v) > 0)
				st->like.ctx = v;
			if ((q = after(s, "majf=")) != NULL && eb_fio_num(q, strlen(q), &v) > 0)
				st->like.majf = v;
			if ((q = after(s, "minf=")) != NULL && eb_fio_num(q, strlen(q), &v) > 0)
				st->like.minf = v;
		}
		st->dir = -1;
		return;
	}
	if (strncmp(s, "issued", 6) == 0)
		take_issued(st, s);
}

/* The error about the first damaged figure or cut job, once there is one. */
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
		/* A banner after results opens the next run. */
		end_job(p, st);
		if (st->run.n > 0 && st->bad_line == 0)
			flush(p, st);
		st->banner_since = 1;
		eb_fio_banners_take(&st->banners, line, len);
		return job_error(p, st);
	}
	if (strncmp(s, "hostname=", 9) == 0) {
		size_t n = strcspn(s + 9, ", ");

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
		take_job_line(st, s, lineno);
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
	eb_fio_run_free(&st->run);
	eb_fio_banners_free(&st->banners);
	eb_fio_errors_free(&st->errors);
	free(st->raw);
	free(st->host);
	forget_prev(st);
	free(st->prev);
	eb_buf_free(&st->block);
	return status;
}

const struct eb_format eb_format_fio_normal = {
	"fio-normal", "fio's normal text output (fio 2.0 to 3.x, several runs per file)",
	eb_fio_normal_probe, sizeof(struct normal_state), parse_line, finish, NULL, NULL, NULL, NULL, 0,
};
