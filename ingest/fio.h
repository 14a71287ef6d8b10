/* fio.h - fio's JSON, normal, terse and log output as tidy records, and a
 * streaming reader of fio logs for charts that want the time series. */
#ifndef EB_FIO_H
#define EB_FIO_H

#include "ingest.h"

/* ---- public: fio log samples (write_bw_log, write_iops_log,
 * write_lat_log). A log is "time_ms, value, ddir, bs[, offset][, prio]";
 * it can be gigabytes, so it is read one line at a time. */

enum eb_fio_log_kind {
	EB_FIO_LOG_UNKNOWN,
	EB_FIO_LOG_BW,		/* value in KiB/s */
	EB_FIO_LOG_IOPS,	/* value in I/Os per second */
	EB_FIO_LOG_LAT,		/* total latency: ns in fio 3.x, us in 2.x */
	EB_FIO_LOG_CLAT,	/* completion latency, same units */
	EB_FIO_LOG_SLAT,	/* submission latency, same units */
	EB_FIO_LOG_HIST,	/* clat histogram log: not samples, not read */
};

struct eb_fio_sample {
	double time_ms;		/* since the job started */
	double value;		/* as fio wrote it; see enum eb_fio_log_kind */
	int dir;		/* 0 read, 1 write, 2 trim */
	int64_t bs;		/* bytes; 0 in averaged (log_avg_msec) logs */
	int64_t offset;		/* -1 when not logged */
	long line;		/* 1-based line of the sample */
};

/* What kind of log a file is, from its name as fio builds it
 * (NAME_bw.1.log, NAME_clat.3.log.HOST, NAME_clat_hist.1.log, ...), since
 * the samples themselves do not say. */
enum eb_fio_log_kind eb_fio_log_kind(const char *path);
/* Whether a file too short for the probe to tell (one or two samples) is
 * a fio log by its name (JOB_bw.1.log) and its lines. */
int eb_fio_log_named(const char *path, const char *head, size_t len);

/* Called once per sample in file order; a non-zero return stops the scan. */
typedef int (*eb_fio_sample_fn)(void *ctx, const struct eb_fio_sample *s);

/* Reads the log at path ("-" for stdin) and calls fn for every sample.
 * Empty lines are skipped; any other line that is not a sample (a
 * histogram row too) is an EB_ERR_DATA error naming path:line. Returns
 * EB_OK also when fn stopped the scan. Memory use does not depend on the
 * size of the log; lines of integers, what fio 3.x writes, take a fast
 * path. */
enum eb_status eb_fio_log_scan(const char *path, eb_fio_sample_fn fn, void *ctx,
    struct eb_err *err);

/* Reads the log at path as eb_fio_log_scan does, cut into up to nparts
 * ranges of whole lines that nparts threads read at once: fn(ctx[k], ...)
 * gets the samples of range k in order, ranges in file order, and ctx[k]
 * must not be shared. A log under 8 MiB, or one that is no regular file,
 * is read whole with ctx[0]. *used says how many ranges were read. The
 * error of the first range that failed is returned, at its line of the
 * whole log; a non-zero return of fn stops its range only. */
enum eb_status eb_fio_log_scan_parts(const char *path, int nparts, eb_fio_sample_fn fn,
    void *const *ctx, int *used, struct eb_err *err);

/* A run of samples of one direction (0 read, 1 write, 2 trim) in file
 * order, as a chart keeps them: the time in ms and the value of each. */
struct eb_fio_points {
	const double *time_ms, *value;
	size_t n;
	int dir;
};

/* Called with each run of samples; a non-zero return stops the range. */
typedef int (*eb_fio_points_fn)(void *ctx, const struct eb_fio_points *run);

/* eb_fio_log_scan_parts for sinks that want no more than time, value and
 * direction: the same samples and the same errors, in runs of a direction
 * each (file order within a direction, not across them), which spares a
 * call and the other columns' conversion per line. */
enum eb_status eb_fio_log_scan_points(const char *path, int nparts, eb_fio_points_fn fn,
    void *const *ctx, int *used, struct eb_err *err);

/* Parses one log line. Returns the number of columns (4 to 7), or 0 when
 * the line is no sample; a histogram row returns its column count too,
 * which is then above 100, with only time_ms, dir and bs filled. */
int eb_fio_log_parse_line(const char *line, size_t len, struct eb_fio_sample *s);

/* ---- internal to ingest/fio*.c: the results of one fio run, whichever
 * output format they came from, and how they become records. */

enum { EB_FIO_READ, EB_FIO_WRITE, EB_FIO_TRIM, EB_FIO_MIXED, EB_FIO_NDIRS };

extern const char *const eb_fio_dir_names[EB_FIO_NDIRS];

/* One bucket of a json+ latency histogram. */
struct eb_fio_bin {
	double ns;
	double count;
};

/* One direction of one job. Unknown numbers are negative. */
struct eb_fio_dstat {
	int present;		/* the direction did I/O */
	double bw;		/* B/s */
	double iops;		/* 1/s */
	double ios;		/* I/O count, for weighting latencies */
	double io;		/* bytes moved */
	double runtime_ms;
	double lat_ns;		/* mean completion latency */
	double p99_ns;		/* 99th percentile of completion latency */
	/* fio JSON of a job with lat_percentiles=1 and clat_percentiles=0:
	 * lat_ns and p99_ns are of total latency instead, and clat_ns is the
	 * completion latency's mean (negative when unknown). */
	int lat_total;
	double clat_ns;
	struct eb_fio_bin *bins;	/* json+ buckets, or NULL */
	size_t nbins;
	long bw_line, iops_line, lat_line, p99_line;
};

struct eb_fio_job {
	char *name;
	char *host;		/* "" when unknown */
	char *rw;		/* fio's rw= value, or NULL when unknown */
	long groupid;
	long pid;		/* of its process (normal text), 0 unknown */
	int64_t bs[3];		/* read, write, trim block size; 0 unknown */
	int all_clients;	/* client/server "All clients" aggregate */
	int verify;		/* verify= set 1, not set 0, unknown -1 (no options) */
	long njobs;		/* "jobs=N" of a normal text header, 0 unknown */
	/* One normal text entry of a group_reporting group whose jobs' banners
	 * give other rw= or bs= options: no one job's options are its own. */
	int mixed_group;
	double cpu;		/* usr + sys %, negative when unknown */
	long cpu_line;
	/* What normal and terse output show of options they do not print
	 * (eb_fio_stated_setup), "" when not shown: the deepest bucket of its
	 * "IO depths" with a share ("1", "2-3" ... "32-63", ">=64"), and how
	 * often it synced ("none", "once",
	 * "1_per_N_writes", from the issued sync count of fio 3.4+). */
	char depths[8], syncs[32];
	long line;		/* where the job's results begin */
	struct eb_fio_dstat d[EB_FIO_NDIRS];
};

/* The jobs of one run, in output order, clones not yet combined. */
struct eb_fio_run {
	struct eb_fio_job *jobs;
	size_t n, cap;
};

/* What one parser has already told the user, so each note comes once. */
struct eb_fio_notes {
	int p99_dropped;
	int all_clients;	/* an "All clients" total was left out */
	int verify_reads;	/* a write job's verification reads were left out */
	int group_options;	/* a group's entry had its workload left unknown */
	int mixed_sum;		/* unified_rw_reporting=both: the sum left out */
	int mixed_writes;	/* a write job's unified figures were kept as mixed */
};

/* A new job with every number unknown; name is copied. */
struct eb_fio_job *eb_fio_run_add(struct eb_fio_run *r, const char *name, size_t namelen);
/* Combines clones (same host, group and name) as group_reporting would,
 * appends their records to p->t and empties the run; a client/server "All
 * clients" total, a sum of the clients' results and no host of its own, is
 * left out with a note. Returns how many records it added. */
size_t eb_fio_run_emit(struct eb_parse *p, struct eb_fio_run *r, struct eb_fio_notes *notes);
void eb_fio_run_free(struct eb_fio_run *r);
/* Forgets the run's last job. */
void eb_fio_run_drop_last(struct eb_fio_run *r);
/* A job of the run in another group than its last job but of that job's
 * name, or NULL. Normal and terse output print too few of a job's options
 * (direct, size, runtime ...) to tell one test run twice from two tests
 * that share a name, whose records would be repetitions of one test. */
const struct eb_fio_job *eb_fio_run_name_taken(const struct eb_fio_run *r);
void eb_fio_job_set_str(char **dst, const char *s, size_t n);

/* A number of fio's output with '.' as the only decimal separator (a ',' is
 * a field separator everywhere in fio). Returns bytes used, 0 if none. */
size_t eb_fio_num(const char *s, size_t n, double *out);
/* A size option as fio reads it ("4k", "128KiB", "1m", "4096"); 0 when it is
 * not one plain size. */
int64_t eb_fio_parse_size(const char *s, size_t n);
/* The same under fio's kb_base= (1024, its default, or 1000: then "4k" is
 * 4000 and "4KiB" 4096). */
int64_t eb_fio_parse_size_kb(const char *s, size_t n, int kb_base);
/* Fills bs[3] from a bs= option value ("4k", "4k,64k", ",8k"). Returns -1
 * when a part is no size ("-4k"; its bs is then 0, unknown), else 0. */
int eb_fio_parse_bs(const char *s, int64_t bs[3]);
int eb_fio_parse_bs_kb(const char *s, int64_t bs[3], int kb_base);
/* The workload column for an rw= value, "" when unknown. */
const char *eb_fio_workload(const char *rw);
/* Reads "NAME: (g=G): rw=RW, bs=BS, ..." job banners: fills *name and the
 * rw and bs it names. Returns 0 when the line is no banner. */
int eb_fio_parse_banner(const char *line, size_t len, char **name, char **rw,
    int64_t bs[3]);
/* The job name in line[0, end) before ": (g=" or ": (groupid=", without
 * a client's "<host> " prefix or an ETA line glued in front. */
void eb_fio_job_name(const char *line, const char *end, const char **ns, const char **ne);
/* Finds s in line[0, len), or NULL. */
const char *eb_fio_memstr(const char *line, size_t len, const char *s);

/* Per-file memory of "NAME: (g=...)" banners, so that terse and normal
 * results can name their workload and block size. */
struct eb_fio_banner {
	char *name, *rw;
	int64_t bs[3];
	long group;		/* its "(g=N)", -1 when none */
	char *engine, *depth;	/* its ioengine= and iodepth=, NULL when none */
	long line, run;		/* where it was met (0 unknown), in which run */
	int client;		/* a client/server "<host> " banner */
};

struct eb_fio_banners {
	struct eb_fio_banner *v;
	size_t n, cap;
	long run;		/* counts the runs of the file; the caller adds one a run */
	/* A second banner of one name and group in one run, and the first's
	 * line: another job of that name (fio prints numjobs clones as "..."). */
	long twice_line, twice_prev;
	size_t twice_index;	/* the banner of that name */
};

/* Remembers a banner line; returns 0 when the line is none. */
int eb_fio_banners_take(struct eb_fio_banners *b, const char *line, size_t len);
/* eb_fio_banners_take of the banner at lineno, which sets twice_line and
 * twice_prev when it is a second job of one name in one group and run. */
int eb_fio_banners_take_at(struct eb_fio_banners *b, const char *line, size_t len, long lineno);
/* Gives a job the rw and bs of its banner, when one was seen, and marks a
 * job of jobs=N > 1 whose group's banners differ in rw or bs (mixed_group). */
void eb_fio_banners_apply(const struct eb_fio_banners *b, struct eb_fio_job *j);
void eb_fio_banners_free(struct eb_fio_banners *b);

/* ---- what normal and terse output show of a setup they do not print
 * (fio_stated.c) */

/* Keeps in j->depths the deepest bucket of an "IO depths" distribution
 * (its shares at 1, 2, 4, 8, 16, 32, >=64) with a share. */
void eb_fio_depths_take(struct eb_fio_job *j, const double share[7]);
/* What normal and terse output state of job j's setup, spelt as
 * eb_fio_json_opts_text spells a setup but marked partial ("~partial"):
 * only the options both of two setups state are compared. Its depths and
 * syncs, its banner's iodepth, ioengine and rw when b holds one, njobs
 * (as "jobs=", the processes its record sums) and numjobs (as fio's
 * "numjobs=", the clones of the job) when above 0, and, as "~" lines
 * that eb_fio_setup_difference passes over, the KiB all its directions
 * moved in its longest runtime (ms) and unchecked, a phrase on the
 * options its format prints nothing of. */
char *eb_fio_stated_setup(const struct eb_fio_banners *b, const struct eb_fio_job *j, long njobs,
    long numjobs, double kib, double ms, const char *unchecked);
/* Setup with a "name=value" line added where its name sorts; frees setup. */
char *eb_fio_setup_add(char *setup, const char *name, long value);
/* Whether the banners of job j's group in its run name j alone, so that
 * the jobs=N of its group_reporting entry are numjobs clones of j and not
 * other jobs reported with it. */
int eb_fio_group_of_one(const struct eb_fio_banners *b, const struct eb_fio_job *j);
/* Whether b holds a banner of job j's name. */
int eb_fio_has_banner(const struct eb_fio_banners *b, const struct eb_fio_job *j);
/* Whether setups a (seen first) and b moved amounts in runtimes no two
 * runs of one test do; why then says how, b's first. */
int eb_fio_setup_moved(const char *a, const char *b, char *why, size_t n);
/* The options a or b could not state (their "~unchecked=" phrases, joined)
 * into out; 0 when both stated all they ran with. */
int eb_fio_setup_unchecked(const char *a, const char *b, char *out, size_t n);

/* Remembers fio's own error lines ("fio: ..."), for "no results" errors. */
struct eb_fio_errors {
	char *first;
	long first_line;
	long n;
};

void eb_fio_errors_take(struct eb_fio_errors *e, const char *line, size_t len, long lineno);
void eb_fio_errors_free(struct eb_fio_errors *e);
/* The located error for a file that holds no fio results. */
enum eb_status eb_fio_no_results(struct eb_parse *p, const struct eb_fio_errors *e,
    const char *what);

/* ---- how normal text prints figures (fio_normal_figures.c) */

int eb_fio_normal_probe(const char *head, size_t len);
/* A size or rate as fio prints it ("152MiB/s", "1023.3KB/s", "298Mi");
 * old: "KB" is 1024 (up to 2.16). -1 when s holds none, *end then at s. */
double eb_fio_size_value(const char *s, int old, const char **end);
/* "38.9k", "3068", "1.2M": a count with an SI suffix; -1 for none. */
double eb_fio_count_value(const char *s);


/* The range of a "clat (usec): min=17, max=3985, avg=137.18" line. */
struct eb_fio_lat_range {
	double lo, hi;		/* ns: min and max, widened by their rounding */
	long line;		/* 0: not printed */
};

/* Reads the range of the latency line s ("clat (...)" or "lat (...)"),
 * printed in units of unit ns, into r; returns 1, with why filled, when
 * its mean avg (as printed; negative for none) lies outside it. */
int eb_fio_lat_range(const char *s, double unit, double avg, struct eb_fio_lat_range *r,
    long lineno, char *why, size_t n);
/* Whether the percentile at (99.00 ...) of a block of name ("clat",
 * "lat") printed as v units of unit ns, after prev (negative for none),
 * contradicts r or prev; why then says how. */
int eb_fio_lat_percentile(const struct eb_fio_lat_range *r, const char *name, double unit,
    double at, double v, double prev, char *why, size_t n);

/* ---- one run kept in two formats (C27, fio_like.c): what JSON, normal
 * text and terse output print of a job, exactly or to a known rounding, so
 * that its two copies are known for one run (runs.c, eb_parse_run_like). */
enum { EB_FIO_LIKE_NORMAL, EB_FIO_LIKE_JSON, EB_FIO_LIKE_TERSE };

struct eb_fio_like {
	uint64_t name;		/* hash of the job's name and host */
	long groupid;		/* taken from the job by eb_fio_note_like */
	int kind;		/* EB_FIO_LIKE_* */
	/* Per direction, -1 unknown: the I/O count when printed (JSON, normal
	 * text), else the range a truncated IOPS leaves (terse); KiB moved
	 * (JSON, terse: io_bytes >> 10); runtime (ms). */
	double ios[3], ios_lo[3], ios_hi[3], kib[3], rt[3];
	double lat[3], lat_res[3];	/* mean clat (ns) and its rounding */
	double usr, sys, cpu_res;	/* CPU %, and its rounding */
	double ctx, majf, minf;	/* context switches, page faults */
};

/* Fills l's name and kind and clears its figures to unknown (-1). */
void eb_fio_like_init(struct eb_fio_like *l, const struct eb_fio_job *j, int kind);
/* Notes the run of job j (at its line) by l. */
void eb_fio_note_like(struct eb_parse *p, const struct eb_fio_like *l,
    const struct eb_fio_job *j);

/* ---- a job's setup across files (runs.c): jobs of one name in files of
 * one test (release, host, config, mode) are repetitions only when they
 * ran alike. */

/* Notes that job (of host, "" for none), at lineno, ran with opts (one
 * "name=value" a line in one spelling). */
void eb_parse_setup(struct eb_parse *p, const char *job, const char *host, const char *opts,
    long lineno);
/* Two setups of job alike as far as they tell, a at a_path:a_line met
 * first: when either is a fio log's (a "~log_KIND" line; fio_log.c), which
 * carries no job options, warns at b's place of what could not be checked,
 * unless *warned (the test was warned of already), and sets *warned. */
void eb_fio_log_unchecked(struct eb_diag *diag, const char *a, const char *a_path, long a_line,
    int *warned, const char *b, const char *b_path, long b_line, const char *job);

/* ---- a fio log beside the results of its run (E6, runs.c): the summary
 * fio prints of a job's bandwidth, IOPS or latency samples (bw_min,
 * bw_max, bw_mean, bw_samples ...) and a log's own samples. A log whose
 * samples a summary of the same load describes exactly is that run's time
 * series, not a second measurement: its records of that direction are
 * left out, with a note, whichever of the two is read first. */
enum { EB_FIO_SERIES_BW, EB_FIO_SERIES_IOPS, EB_FIO_SERIES_CLAT, EB_FIO_SERIES_FAMILY };

struct eb_fio_series {
	int kind;		/* EB_FIO_SERIES_* */
	int dir;		/* EB_FIO_READ ... EB_FIO_TRIM */
	int is_log;		/* 1 the log's samples, 2 its and its clones' logs'
				 * as group_reporting sums them, 0 a summary */
	double n, min, max, mean;	/* in the log's units (KiB/s, 1/s, ns) */
	double mean_res;	/* the rounding of a summary's printed mean */
	int bounded;		/* min and max are the bounds that a summary's
				 * rounded figures give (normal text's "clat
				 * (usec): min=2, max=350"): the log's least and
				 * greatest lie within them */
	int uncounted;		/* a summary that prints no sample count (terse
				 * versions 2 to 4): n is not compared */
	int averaged;		/* a log its job's options name (n -1) written
				 * with log_avg_msec=: its clat log holds averaged
				 * windows, which no summary gives the figures of */
};
/* A summary's s.n of -1 (and dir -1) notes no samples but the log its
 * job's options wrote: job is then that log's NAME, the log lies in the
 * summary's folder, and every direction of a log of that kind (a lat log
 * gives the clat, slat and lat logs) is that run's. EB_FIO_SERIES_FAMILY
 * notes a log of numjobs clones (n -1, dir its enum eb_fio_log_kind), job
 * the path of the family's first log: a second log of one family gives
 * the same record, left out. */

/* Reads a normal text summary of direction dir's samples, "bw (  KiB/s):
 * min= 8156, max= 8347, per=99.59%, avg=8274.33, stdev=103.37, samples=3"
 * or "iops : min= ...", into s; 0 when line s is none, or its rates are
 * in other units than the log's KiB/s (then rounded). */
int eb_fio_normal_series(const char *s, int dir, struct eb_fio_series *out);
/* Whether two setups (one "name=value" a line, by name) differ; x and y
 * then get the first line in which they do, "name=(unset)" for an option
 * one of them does not set, unless either is partial (a "~partial" line):
 * then options one of them does not state are passed over
 * (fio_json_opts.c). */
int eb_fio_setup_difference(const char *a, const char *b, char *x, char *y, size_t n);
/* Notes s, of job job (its log's prefix, for a log), at lineno. */
void eb_parse_fio_series(struct eb_parse *p, const struct eb_fio_series *s, const char *job,
    long lineno);

#endif
