/* fio_log.h - inside ingest/fio_log*.c: the logs of a fio run's clones,
 * which fio_log.c sums or pools into the one record of their job. */
#ifndef EB_FIO_LOG_H
#define EB_FIO_LOG_H

#include "fio_scan.h"

/* The logs of path's clones: path is STEM.N.log[.HOST] and the files
 * STEM.M.log[.HOST] beside it for the run of numbers M around N that
 * exist. Returns how many (1, *paths NULL, when path stands alone), with
 * *paths in number order (the caller frees each and the array) and *self
 * the place of path among them. */
size_t eb_fio_log_clones(const char *path, size_t *self, char ***paths);

/* Reads the log of a clone whole into a, freshly initialised; a log
 * without samples or of histograms is an error. */
enum eb_status eb_fio_log_read_clone(const char *path, struct eb_fio_log_acc *a, int latency,
    int nthreads, struct eb_err *err);

/* The clones or runs one log holds one after another (per_job_logs=0),
 * found by their time starting again: per direction, how many, and the
 * line where the second starts. */
struct eb_fio_rates {
	int runs[3];
	long second_line[3];
};

/* The same from samples given one at a time, in file order. */
struct eb_fio_runs {
	struct eb_fio_rates r;
	double last_t[3];
};

void eb_fio_runs_take(struct eb_fio_runs *u, const struct eb_fio_sample *s);

enum eb_status eb_fio_log_rates(const char *path, struct eb_fio_rates *r, struct eb_err *err);

/* The logs a record comes from: the one read, and when it is one of the
 * logs of a job's clones (JOB_bw.1.log, JOB_bw.2.log), all of them. */
struct eb_fio_family {
	size_t n, self;
	char **paths;		/* NULL when the log stands alone */
	const char **where;	/* each log's path for messages, kept by the table */
	struct eb_fio_log_acc *acc;	/* acc[self] is the caller's, borrowed */
	struct eb_fio_rates *rates;	/* bw and IOPS: the clones in each log */
	struct eb_fio_log_acc all;	/* every log's samples, when n > 1 */
};

/* Fills f for the log p reads, whose samples are self and, read a line
 * at a time (whole 0), whose clones one after another are runs; reads the
 * other logs of its family, whichever of them it is (f->self), and with
 * rates each log's clones. The first log that fails fails f. */
enum eb_status eb_fio_family_read(struct eb_fio_family *f, struct eb_parse *p,
    const struct eb_fio_log_acc *self, int whole, struct eb_fio_runs *runs, int rates,
    int nthreads);
/* What fio's group_reporting makes of the clones' rates in direction d. */
double eb_fio_family_rate(const struct eb_fio_family *f, int d);
void eb_fio_family_free(struct eb_fio_family *f);

/* Notes the samples of each direction of a bw, IOPS or clat (ns) log of
 * job job, for a summary of its run in the same load (fio_like.c). */
void eb_fio_log_note_series(struct eb_parse *p, enum eb_fio_log_kind kind,
    const struct eb_fio_log_acc *a, const char *job);

/* Notes what group_reporting's summary of the bw or IOPS logs of family
 * f (fio sums its clones' least, greatest and mean samples and their
 * counts) and of its clat logs (all their samples) prints, for a summary
 * of its run in the same load (fio_like.c). */
void eb_fio_log_note_family_sum(struct eb_parse *p, enum eb_fio_log_kind kind,
    const struct eb_fio_family *f, const char *job);

/* Notes that this log is one of the clone logs of the first, first (each
 * gives the record of them all), for another of them in the same load. */
void eb_fio_log_note_family(struct eb_parse *p, enum eb_fio_log_kind kind, const char *first);

#endif
