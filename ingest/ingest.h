/* ingest.h - bytes to tidy records: the push line reader, the format table
 * and the driver that walks paths, detects formats and feeds parsers. */
#ifndef EB_INGEST_H
#define EB_INGEST_H

#include "../core/eb.h"

/* Longest line any parser accepts; a longer one is an error naming this. */
#define EB_MAX_LINE (1024 * 1024)
/* Probe scores below this are guesses (the spreadsheet reader claims any
 * consistent CSV at 20): inside a directory, a guess that fails to parse
 * is skipped with a warning rather than failing the whole walk. */
#define EB_PROBE_WEAK 50
/* How much of a file the format probes see. */
#define EB_PROBE_BYTES 65536

/* ---- push line reader: feed it chunks, it calls back once per line, with
 * the partial line kept across chunks, LF or CRLF endings (a CR split from
 * its LF by a chunk boundary included), a leading UTF-8 BOM dropped, and a
 * maximum line length. Lines are NUL-terminated; a CR inside a line is
 * kept, since dd's progress output depends on it. */

typedef enum eb_status (*eb_line_fn)(void *ctx, char *line, size_t len, long lineno);

struct eb_lines {
	struct eb_buf cur;
	long lineno;
	size_t max;
	int started;		/* a byte has been seen (BOM handling) */
	int cr_only;		/* lines end in a lone CR (classic Mac OS) */
	eb_line_fn fn;
	void *ctx;
};

void eb_lines_init(struct eb_lines *lr, size_t max, eb_line_fn fn, void *ctx);
/* Whether text beginning with head[0, n) ends its lines in a lone CR: it
 * has a CR and no LF. Such a reader is then given cr_only = 1. */
int eb_lines_cr_only(const char *head, size_t n);
/* Returns what the callback returned when it failed, or EB_ERR_DATA for a
 * line over the maximum (lr->lineno is then that line). */
enum eb_status eb_lines_feed(struct eb_lines *lr, const char *p, size_t n);
/* Delivers the last line when it has no newline. */
enum eb_status eb_lines_finish(struct eb_lines *lr);
void eb_lines_free(struct eb_lines *lr);

/* ---- formats */

struct eb_ingest_opts;
struct eb_runs;

/* What a parser works with while it reads one input. */
struct eb_parse {
	struct eb_table *t;
	struct eb_diag *diag;
	struct eb_err *err;
	const char *path;	/* as the user named it; "-" for stdin */
	void *state;		/* state_size zeroed bytes owned by the driver */
	const struct eb_ingest_opts *opts;
	struct eb_runs *runs;	/* where eb_parse_run notes runs (driver-owned) */
	/* Which run of the file the setups noted now belong to: a format
	 * counts it up as each run of a file begins (a dd summary, a bonnie++
	 * line, a fio invocation appended to a log), so that setups of two
	 * runs of one file are compared as those of two files are. */
	long setup_run;
	/* The line being read is the input's last and has no line end: a
	 * figure at its end may be cut short. */
	int unended;
};

struct eb_format {
	const char *name;
	const char *summary;	/* one line for --help */
	/* How sure (0-100) the format is that a file starting with head (its
	 * first len <= EB_PROBE_BYTES bytes, NUL-terminated) is its own; 0
	 * means "not mine". */
	int (*probe)(const char *head, size_t len);
	size_t state_size;
	/* Called once per line; returning non-OK stops the file (after filling
	 * p->err). */
	enum eb_status (*line)(struct eb_parse *p, char *line, size_t len, long lineno);
	/* Called at the end of the input; ok is 0 when reading failed, and the
	 * parser then only releases what its state holds. */
	enum eb_status (*finish)(struct eb_parse *p, int ok);
	/* For formats whose every line after a header is a record of its own
	 * (results.csv), so that a large file's blocks can be parsed on
	 * several threads; NULL for the others. splittable says whether the
	 * block s[0, n), whole lines that follow what state has read, can be
	 * read apart from them; resume readies a zeroed state to read such
	 * lines. A resumed state's finish adds no records. */
	int (*splittable)(const void *state, const char *s, size_t n);
	void (*resume)(void *state);
	/* Sets up what the format's parses share (dd's compiled patterns),
	 * before threads that parse files of it start; NULL when nothing. */
	void (*prepare)(void);
	/* For formats that read a large regular file faster whole than line
	 * by line (fio logs, scanned on every CPU): reads all of fd from its
	 * start, as the line callback would have read it, into p->state for
	 * finish, with up to nthreads threads; NULL for the others. */
	enum eb_status (*read_file)(struct eb_parse *p, int fd, int nthreads);
	/* 1 when the format checks each value against its metric's limits as
	 * it reads it (results.csv, whose sources name other files, so that
	 * only it can point at the right line); 0 and the driver checks them. */
	int checks_values;
};

extern const struct eb_format *const eb_formats[];

/* The format of that name, or NULL. */
const struct eb_format *eb_format_find(const char *name);
/* Names of every format, comma separated, for messages. */
const char *eb_format_names(void);

/* An interned "path:line" for a record's source column. */
const char *eb_parse_source(struct eb_parse *p, long lineno);
/* A record with tool, unit and source filled, the rest empty. */
void eb_parse_record(struct eb_parse *p, struct eb_record *r, const char *tool,
    const char *metric, const char *unit, long lineno);
struct eb_loc eb_parse_loc(const struct eb_parse *p, long lineno);

/* ---- one run read twice (runs.c). A parser notes each result whose run
 * it can tell apart from every other: the n bytes of id identify it (fio
 * JSON: the document's timestamp_ms, the job's place in it and all of the
 * job's figures; normal text: a job's results, with its pid and time;
 * terse: the record and its place), what names it in messages ("fio job
 * 'seqw' ..."). One load that meets the same run twice, in two files or
 * twice in one, fails where it meets it again: the copy would count as a
 * second repetition. dd notes each run by its figures (host prefix, byte
 * count, seconds as printed, records), bonnie++ by its CSV line or table,
 * seed included; results.csv and sheets note none, since they number
 * their repetitions. */
void eb_parse_run(struct eb_parse *p, const void *id, size_t n, long lineno, const char *what);
/* The same for a run whose figures two real runs may print alike (a dd
 * time of few digits): met again, it is told as a warning and read. */
void eb_parse_run_alike(struct eb_parse *p, const void *id, size_t n, long lineno,
    const char *what);
/* Notes the setup a run of tool had (opts, one "name=value" a line): runs
 * of one test in other inputs are repetitions only when they ran alike
 * (runs.c); noun names the run in the error ("dd run"), job its job. */
void eb_parse_setup_of(struct eb_parse *p, const char *tool, const char *noun, const char *job,
    const char *host, const char *opts, long lineno);
/* A run known by likeness rather than by its bytes (bonnie++'s text table
 * rounds what the run's CSV line gives exactly): same tells whether the n
 * bytes of data, copied, and those of a run met before are one run. */
void eb_parse_run_like(struct eb_parse *p, const void *data, size_t n,
    int (*same)(const void *seen, const void *now), long lineno, const char *what);

/* The runs one load has read so far. */
struct eb_run_seen;
struct eb_run_seen *eb_run_seen_new(void);
void eb_run_seen_free(struct eb_run_seen *s);

/* ---- the driver */

struct eb_ingest_opts {
	const char *format;	/* a format name, or NULL / "auto" to detect */
	struct eb_diag *diag;
	const char *map;	/* --map: a spreadsheet mapping file, or NULL */
	const char *unit;	/* --unit: the unit of unlabelled sheet values, or NULL */
	int *sheets_read;	/* counts the spreadsheets read, when not NULL */
	int verbose;		/* -v: a note for each file a folder skips */
	/* The runs of the load so far, so that one run given under two
	 * names fails; NULL checks each path on its own. */
	struct eb_run_seen *seen;
};

/* Reads a file, a directory (walked in name order, every recognisable file
 * read) or "-" (stdin) and appends its records to t. Each problem goes to
 * opts->diag as an error; the return is the worst status seen, with err
 * describing the last failure. */
enum eb_status eb_ingest_path(struct eb_table *t, const char *path,
    const struct eb_ingest_opts *opts, struct eb_err *err);

/* Run directories (rundir.c): reads DIR/meta.json into t's run metadata
 * when it exists (*found 0 when not; one already in t is not read again),
 * its labels spelt as every input spells them and its strings rid of
 * control characters, each told once to diag; and labels records
 * [first, t->n) of the file at rel (relative to the run root) from the
 * metadata, the mode folder and the file name. */
enum eb_status eb_rundir_load(struct eb_table *t, const char *dir, size_t *index,
    int *found, struct eb_diag *diag, struct eb_err *err);
void eb_rundir_label(struct eb_table *t, size_t index, size_t first, const char *rel);
/* Warns about the outputs meta.json expects that the run directory at root
 * does not have: a run that was interrupted or had failures. */
void eb_rundir_check(const struct eb_table *t, size_t index, const char *root,
    struct eb_diag *diag);

/* A field of a run's meta.json as text: key is a member name, or two joined
 * by a dot for a nested one ("tools.fio", "cpu_flags.aes"). Numbers and
 * booleans are written as JSON writes them; release, host and config as
 * the records have them. Returns 0 (buf "") when absent. */
int eb_rundir_meta_get(const struct eb_run_meta *m, const char *key, char *buf,
    size_t n);

/* Replaces the bytes of labels of records [first, t->n) that are not
 * UTF-8 by U+FFFD, warning once to diag about the input at path, so that
 * every output is UTF-8. */
void eb_labels_utf8(struct eb_table *t, size_t first, const char *path,
    struct eb_diag *diag);


/* Whether k is the key bonnie++'s parsers give a test they could not
 * time (eb_untimed): tool bonnie, one of its tests, and its rate's metric
 * and unit. */
int eb_bonnie_untimed_key(const struct eb_record *k);

/* Parses a buffer as one input named path (fuzzing and tests). */
enum eb_status eb_ingest_buffer(struct eb_table *t, const char *path,
    const char *data, size_t len, const struct eb_ingest_opts *opts,
    struct eb_err *err);

#endif
