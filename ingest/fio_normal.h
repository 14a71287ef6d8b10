/* fio_normal.h - what the reader of fio's normal text keeps while it reads
 * a file, shared by its line dispatch and its reader of one job's lines. */
#ifndef EB_FIO_NORMAL_H
#define EB_FIO_NORMAL_H

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
	double tlat_ns;		/* the direction's total latency mean, or -1 */
	long tlat_line;
	int told_total;		/* the warning of percentiles of total latency */
	double pct_prev;	/* the block's last percentile as printed, or -1 */
	/* The range of the current direction's clat and lat (total) lines. */
	struct eb_fio_lat_range clat, tlat;
	int seen_summary;	/* "Run status group" after the current jobs */
	char *host;		/* the one client of "hostname=" lines */
	int nhosts;
	/* fio --client output ("hostname=" lines, one per server it
	 * connected to): the first server of the current client run, whether
	 * another came (run_servers 2), and whether results of it came. */
	int client_mode;
	char *run_server, other_server[48];
	int run_servers, client_results;
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
	struct eb_fio_series series[9];	/* its bw, iops and clat summaries */
	int nseries;
	char pid[80];		/* "pid=24785: Tue Dec  1 12:09:09 2026" of its header */
	/* The setups of the jobs of the run flushed last, [0, held_prev), and
	 * of the current one: noted (eb_parse_setup) once the next run shows
	 * the last was no --status-interval snapshot, whose smaller amount
	 * moved would tell of another test. */
	struct held_setup {
		char *job, *host;
		char *opts;		/* but for jobs= and numjobs= (note_held) */
		long line;
		long njobs;		/* its header's jobs=N, 0 unknown */
		int group_of_one;	/* eb_fio_group_of_one */
	} *held;
	size_t nheld, capheld, held_prev;
};

static inline const char *
skip_spaces(const char *s)
{
	while (*s == ' ' || *s == '\t')
		s++;
	return s;
}

/* The value after key in s ("bw=", "IOPS="), spaces skipped, or NULL. */
static inline const char *
after(const char *s, const char *key)
{
	const char *q = strstr(s, key);

	return q != NULL ? skip_spaces(q + strlen(key)) : NULL;
}

static inline struct eb_fio_job *
cur_job(struct normal_state *st)
{
	return st->cur >= 0 ? &st->run.jobs[st->cur] : NULL;
}

/* Reads line s, after spaces, of the current job's results: a direction's
 * figures, latencies, percentiles, CPU or the issued I/O counts
 * (fio_normal_job.c). */
void eb_fio_normal_job_line(struct normal_state *st, const char *s, long lineno);

#endif
