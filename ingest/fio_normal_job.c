/* fio_normal_job.c - the lines of one job's results in fio's normal text:
 * each direction's figures, checked as fio lays them out, and its latencies. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fio_normal.h"

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
	st->tlat_ns = -1;
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
	/* fio prints a rate under 1 B/s as "0B/s" (2.x "0KB/s" under 1 KiB/s)
	 * and IOPS as the I/O count over the runtime: an amount moved that
	 * the runtime does not make so slow (2 KiB/s and more), or no I/O
	 * per second within a second, is a changed figure ("IOPS=0,
	 * BW=0B/s (0B/s)(8192KiB/228msec)" is none fio 3.33 prints). */
	if (r->io > 0 && r->runtime_ms > 0 && st->bad_line == 0 &&
	    ((r->bw == 0 && r->io * 1000 / r->runtime_ms >= 2048) ||
	    (r->iops == 0 && r->runtime_ms <= 1000))) {
		st->bad_line = lineno;
		snprintf(st->bad, sizeof st->bad, "%s moved %.15g bytes in %.15g ms (%.15g B/s), but "
		    "its %s 0: a changed line", eb_fio_dir_names[d], r->io, r->runtime_ms,
		    floor(r->io * 1000 / r->runtime_ms), r->bw == 0 && r->io * 1000 /
		    r->runtime_ms >= 2048 ? (r->iops == 0 ? "BW= and IOPS= are" : "BW= is") :
		    "IOPS= (one I/O at least in a second or less) is");
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
	/* 3.4+ "rwts" counts syncs fourth (DDIR_SYNC: fsync=, fdatasync= ...). */
	if (eb_fio_memstr(s, (size_t)(q - s), "rwts") != NULL) {
		double syncs, w = v[EB_FIO_WRITE];
		size_t used = eb_fio_num(q, strlen(q), &syncs);
		struct eb_fio_job *j = cur_job(st);

		if (used > 0 && (q[used] == ' ' || q[used] == '\0' || q[used] == '\r')) {
			if (syncs == 0 || syncs == 1)
				snprintf(j->syncs, sizeof j->syncs, "%s", syncs == 0 ? "none" : "once");
			else if (round(w / syncs) <= 1)
				snprintf(j->syncs, sizeof j->syncs, "1_per_write");
			else
				snprintf(j->syncs, sizeof j->syncs, "1_per_%.0f_writes",
				    fmin(round(w / syncs), 1e9));
		}
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

void
eb_fio_normal_job_line(struct normal_state *st, const char *s, long lineno)
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
	if (ds != NULL && st->dir < 3 && st->nseries < 9 &&
	    eb_fio_normal_series(s, st->dir, &st->series[st->nseries]))
		st->nseries++;
	if (strncmp(s, "clat (", 6) == 0 && (q = figure(st, s, "avg=", FIG_NUMBER, ",", lineno)) != NULL) {
		unit = lat_unit(s);
		if (eb_fio_num(q, strlen(q), &v) == 0)
			v = -1;
		take_lat_range(st, s, unit, v, &st->clat, lineno);
		if (st->dir >= 0 && st->dir < 3)
			st->like.lat_res[st->dir] = 0.005 * unit;
		/* A per-I/O clat log of this run holds one sample of each
		 * I/O the issued line counts (fio_normal.c), within the
		 * printed min and max. */
		if (ds != NULL && st->dir < 3 && st->clat.line == lineno && v > 0 && st->nseries < 9)
			st->series[st->nseries++] = (struct eb_fio_series){ EB_FIO_SERIES_CLAT,
				st->dir, 0, 0, st->clat.lo, st->clat.hi, v * unit, 0.005 * unit, 1, 0, 0 };
		if (ds != NULL && unit > 0 && v > 0) {
			ds->lat_ns = v * unit;
			ds->lat_line = lineno;
		}
		return;
	}
	if (strncmp(s, "lat (", 5) == 0 && (q = after(s, "avg=")) != NULL) {
		unit = lat_unit(s);
		if (eb_fio_num(q, strlen(q), &v) == 0)
			v = -1;
		take_lat_range(st, s, unit, v, &st->tlat, lineno);
		if (unit > 0 && v >= 0) {
			st->tlat_ns = v * unit;
			st->tlat_line = lineno;
		}
		/* Total latency is submission plus completion: a mean
		 * completion latency above it is a damaged unit or digit
		 * ("clat (msec)" for usec: 1000 times off). Each mean is
		 * printed to 1/100 of its unit. */
		if (ds != NULL && st->dir < 3 && ds->lat_line > 0 && unit > 0 && v >= 0 &&
		    st->bad_line == 0 &&
		    ds->lat_ns - st->like.lat_res[st->dir] > (v + 0.005) * unit * 1.001) {
			st->bad_line = ds->lat_line;
			snprintf(st->bad, sizeof st->bad, "clat avg is %.15g ns, above the total "
			    "latency's avg of line %ld, %.15g ns; a completion is part of the total "
			    "(a damaged unit or digit?)", ds->lat_ns, lineno, v * unit);
		}
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
		double p99 = -1;

		for (const char *t = s; (t = strstr(t, "th=[")) != NULL; t += 4) {
			const char *b = t;
			double at;

			while (b > s && ((b[-1] >= '0' && b[-1] <= '9') || b[-1] == '.'))
				b--;
			const char *num = t + 4;

			/* fio pads the figure in its brackets: "[    4]". */
			while (*num == ' ')
				num++;
			if (eb_fio_num(b, (size_t)(t - b), &at) > 0 &&
			    eb_fio_num(num, strlen(num), &v) > 0) {
				check_percentile(st, at, v, lineno);
				if (at == 99)
					p99 = v;
			}
		}
		/* lat_percentiles only stands in when clat has none. */
		if (st->pct_is_lat && ds->p99_ns > 0)
			return;
		/* The default list prints "99.00th=[", percentile_list=50:99
		 * "99th=[", percentile_list=99:99.9 "99.0th=[" (fio 3.33). */
		q = figure(st, s, "99.00th=[", FIG_NUMBER, "]", lineno);
		v = q != NULL && eb_fio_num(q, strlen(q), &v) > 0 ? v : p99;
		if (v > 0) {
			ds->p99_ns = v * st->pct_unit;
			ds->p99_line = lineno;
			/* lat_percentiles=1 clat_percentiles=0: a p99 of total
			 * latency goes with the total latency's mean, as in the
			 * JSON of the same run (audit 22 H01). */
			if (st->pct_is_lat && st->tlat_ns >= 0 && !ds->lat_total) {
				ds->lat_total = 1;
				ds->clat_ns = ds->lat_ns;
				ds->lat_ns = st->tlat_ns;
				ds->lat_line = st->tlat_line;
			}
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
	if (strncmp(s, "IO depths", 9) == 0) {
		static const char *const keys[7] = { " 1=", " 2=", " 4=", " 8=", " 16=", " 32=",
			">=64=" };
		double share[7];

		for (int k = 0; k < 7; k++)
			if ((q = after(s, keys[k])) == NULL || eb_fio_num(q, strlen(q), &share[k]) == 0)
				share[k] = 0;
		eb_fio_depths_take(j, share);
	}
}

/* The error about the first damaged figure or cut job, once there is one. */
