/* driver.h - what the parts of the ingest driver share (ingest.c reads one
 * input, detect.c names its format, blocks.c feeds it, walk.c folders). */
#ifndef EB_DRIVER_H
#define EB_DRIVER_H

#include "ingest.h"

/* A file no format claims: skipped inside a directory, an error otherwise. */
#define UNRECOGNISED ((enum eb_status)100)
/* The same, already reported. */
#define UNRECOGNISED_QUIET ((enum eb_status)101)

/* Where the bytes of one input come from: a head already read (what the
 * probes saw), then, for files, the rest of the descriptor. */
struct source {
	const char *path;
	const char *head;
	size_t headlen;
	int fd;			/* -1 when head is everything */
	struct eb_runs *runs;	/* gets the runs the parse notes */
};

/* One parse under way: its format, what the parser is given, and whether
 * the parser itself (not the line reader) stopped it. */
struct feed {
	const struct eb_format *fmt;
	struct eb_parse p;
	int parser_failed;
};

/* ---- detect.c */

/* The format whose probe is surest of head[0, len), or NULL; *score (when
 * not NULL) is that probe's score. */
const struct eb_format *eb_detect(const char *head, size_t len, int *score);
/* The score fmt's probe gives head[0, len). */
int eb_detect_one(const struct eb_format *fmt, const char *head, size_t len);
/* Fails an input that is empty, UTF-16 or binary, from its head. */
enum eb_status eb_check_text(const struct source *src, struct eb_err *err);

/* ---- blocks.c */

/* Diagnostics kept back by a parse on another thread, to be told where a
 * one-thread parse would have told them. */
struct eb_said {
	enum eb_severity sev;
	struct eb_loc loc;
	char *msg;
};

struct eb_kept {
	struct eb_said *said;
	size_t n, cap;
	struct eb_diag diag;	/* what the parse is given */
};

/* k must stay where it is while its diag is in use. */
void eb_kept_init(struct eb_kept *k, const struct eb_diag *like);
void eb_kept_tell(const struct eb_kept *k, struct eb_diag *to);
void eb_kept_free(struct eb_kept *k);

/* The line callback of a feed (ctx): its format's line parser. */
enum eb_status eb_feed_line(void *ctx, char *line, size_t len, long lineno);
/* Reads from fd into buf until it holds want bytes or the input ends;
 * *got is how many it holds. EB_ERR_IO, described in err, when reading
 * fails. */
enum eb_status eb_read_full(int fd, const char *path, char *buf, size_t want, size_t *got,
    struct eb_err *err);
/* Reads src->fd to its end a block at a time, sharing each block's whole
 * lines among up to nparts threads when the format says they can be. */
enum eb_status eb_feed_blocks(struct feed *f, struct eb_lines *lr, const struct source *src,
    int nparts, struct eb_err *err);

/* ---- ingest.c */

/* Reads the file at path into t (in_dir: as part of a folder, where an
 * unrecognised file is skipped); *sidecar is the map beside a sheet that
 * was used, for the caller to free once the diagnostics are told; runs
 * gets the runs the parse noted. */
enum eb_status eb_read_named_file(struct eb_table *t, const char *path, int in_dir,
    const struct eb_ingest_opts *opts, char **sidecar, struct eb_runs *runs,
    struct eb_err *err);
/* Whether a file name is a spreadsheet map's (NAME.map.json). */
int eb_is_sidecar(const char *name);
void eb_ingest_report(const struct eb_ingest_opts *opts, const struct eb_err *err);

/* ---- runs.c */

/* The runs one parse noted (eb_parse_run). */
struct eb_run_note;
struct eb_runs {
	struct eb_run_note *v;
	size_t n, cap;
};

/* Adds the runs of the input at path to seen, in order, and empties runs;
 * fails, in err, at the first run seen already (in an earlier input or
 * earlier in this one). A line of 0 names the whole input. */
enum eb_status eb_runs_take(struct eb_run_seen *seen, struct eb_runs *runs, const char *path,
    struct eb_diag *diag, struct eb_err *err);
void eb_runs_free(struct eb_runs *r);
/* Holds the setups of fio jobs the inputs since the last call noted, now
 * that their records [first, t->n) are labelled, against those of earlier
 * inputs of the same test: a job that ran otherwise fails, in err. A fio
 * log whose samples a fio summary of the load sums up loses its records
 * of that direction first, wherever in t they are. */
enum eb_status eb_run_seen_setups(struct eb_run_seen *seen, struct eb_table *t,
    size_t first, struct eb_err *err);
/* The fio log step of eb_run_seen_setups alone, for a load that holds no
 * setups (a walk without a seen of its caller's). */
void eb_run_seen_match(struct eb_run_seen *seen, struct eb_table *t);
/* Notes a run as eb_parse_run does; a note with tell_only set is told to
 * diag as a warning when met again, and the input is read. */
void eb_runs_add(struct eb_runs *r, const void *id, size_t n, long lineno, const char *what,
    int tell_only);
/* eb_runs_take for the input at path, whose records are t's from first
 * on, into seen or, when NULL, a set of its own (its runs against each
 * other); the records go when it fails. */
enum eb_status eb_runs_keep(struct eb_table *t, size_t first, const char *path,
    struct eb_run_seen *seen, struct eb_runs *runs, struct eb_diag *diag, struct eb_err *err);

/* ---- walk.c */

/* Reads every recognisable file below the directory path into t, in name
 * order, on every CPU; *nread counts the files that gave records. */
enum eb_status eb_read_dir(struct eb_table *t, const char *path,
    const struct eb_ingest_opts *opts, size_t *nread, struct eb_err *err);

#endif
