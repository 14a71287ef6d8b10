/* eb.h - the tidy record table shared by every stage of encbench, with its
 * strings, errors, diagnostics, numbers and writers. Depends on nothing of ours. */
#ifndef EB_H
#define EB_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define EB_VERSION "0.1.0"

/* Exit codes, as sysexits(3) names them. */
#define EB_EXIT_OK 0
#define EB_EXIT_FAIL 1
#define EB_EXIT_USAGE 64
#define EB_EXIT_DATA 65
#define EB_EXIT_IO 74

enum eb_status {
	EB_OK = 0,
	EB_ERR_USAGE,	/* the caller asked for something impossible */
	EB_ERR_DATA,	/* the input is malformed or holds no result */
	EB_ERR_IO,	/* reading or writing failed */
};

/* ---- allocation: running out of memory aborts, it is not an error path */

void *eb_xmalloc(size_t n);
void *eb_xcalloc(size_t count, size_t size);
void *eb_xrealloc(void *p, size_t n);
/* Grows *p (an array of *cap elements of size elem) to hold at least need. */
void eb_xgrow(void *pp, size_t *cap, size_t need, size_t elem);
char *eb_xstrdup(const char *s);
char *eb_xstrndup(const char *s, size_t n);
/* printf into a new string the caller frees. */
char *eb_xasprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* ---- growable byte buffer with a hard ceiling (curl's dynbuf) */

struct eb_buf {
	char *data;	/* always NUL-terminated when len > 0 or after eb_buf_cstr */
	size_t len, cap, max;	/* max 0 = unbounded */
};

void eb_buf_init(struct eb_buf *b, size_t max);
/* Returns -1, appending nothing, when the ceiling would be passed. */
int eb_buf_add(struct eb_buf *b, const void *p, size_t n);
int eb_buf_addc(struct eb_buf *b, char c);
int eb_buf_addf(struct eb_buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
const char *eb_buf_cstr(struct eb_buf *b);
void eb_buf_reset(struct eb_buf *b);
void eb_buf_free(struct eb_buf *b);

/* ---- source locations, errors, diagnostics */

struct eb_loc {
	const char *path;	/* "-" for standard input; borrowed */
	long line;		/* 1-based, 0 when the whole file is meant */
	long col;		/* 1-based, 0 when unknown */
};

struct eb_err {
	enum eb_status code;
	struct eb_loc loc;
	char msg[512];
};

/* Fills err (when not NULL) and returns code, so that callers can write
 * `return eb_err_set(err, EB_ERR_DATA, loc, "...")`. */
enum eb_status eb_err_set(struct eb_err *err, enum eb_status code,
    struct eb_loc loc, const char *fmt, ...) __attribute__((format(printf, 4, 5)));
/* "path:line:col: error: msg" (or "encbench: error: msg" without a path). */
void eb_err_print(const struct eb_err *err, FILE *fp);
int eb_exit_code(enum eb_status st);

enum eb_severity { EB_NOTE, EB_WARNING, EB_ERROR };

/* Where warnings and notes go. The default writes them to stderr in the
 * error format; tests capture them instead. */
struct eb_diag {
	void (*emit)(void *ctx, enum eb_severity sev, struct eb_loc loc, const char *msg);
	void *ctx;
	int quiet;	/* suppress notes */
	long nwarnings, nerrors;
};

void eb_diag_init_stderr(struct eb_diag *d);
void eb_diag(struct eb_diag *d, enum eb_severity sev, struct eb_loc loc,
    const char *fmt, ...) __attribute__((format(printf, 4, 5)));
void eb_loc_print(struct eb_loc loc, FILE *fp);

/* ---- the tidy record (DESIGN.md) */

/* The text columns of a record, in results.csv order but for the numeric
 * block_size, rep and value, which have fields of their own. */
enum eb_field {
	EB_F_RELEASE,
	EB_F_HOST,
	EB_F_CONFIG,
	EB_F_MODE,
	EB_F_TOOL,
	EB_F_JOB,
	EB_F_WORKLOAD,
	EB_F_OP,
	EB_F_METRIC,
	EB_F_UNIT,
	EB_F_SOURCE,
	EB_NFIELDS
};

/* The results.csv columns, in their order. */
enum eb_column {
	EB_C_RELEASE, EB_C_HOST, EB_C_CONFIG, EB_C_MODE, EB_C_TOOL, EB_C_JOB,
	EB_C_WORKLOAD, EB_C_OP, EB_C_BLOCK_SIZE, EB_C_METRIC, EB_C_UNIT,
	EB_C_REP, EB_C_VALUE, EB_C_SOURCE, EB_NCOLUMNS
};

extern const char *const eb_column_names[EB_NCOLUMNS];
/* The column of that name, or -1. */
int eb_column_lookup(const char *name);
/* The text field of a column, or -1 for block_size, rep and value. */
int eb_column_field(int column);
/* The column of a text field (EB_F_*), for naming it: eb_column_names. */
int eb_field_column(int field);

struct eb_record {
	const char *f[EB_NFIELDS];	/* interned in the table; "" when unknown */
	int64_t block_size;		/* bytes; 0 when unknown */
	int rep;			/* 1-based; 0 until numbered */
	/* The line of the file it was read from, when its source does not
	 * say so (a results.csv row's source is where it was measured);
	 * 0 otherwise. The file is the table's (eb_table_read_path). */
	uint32_t line;
	double value;			/* canonical unit, full precision */
};

/* Canonical units of the metrics. */
#define EB_UNIT_BPS "B/s"
#define EB_UNIT_PER_S "1/s"
#define EB_UNIT_NS "ns"
#define EB_UNIT_PCT "%"

struct eb_strpool;

/* What a run directory's meta.json says (the runner writes it): the labels
 * its records get, and the whole document for reports. */
struct eb_run_meta {
	const char *path;	/* the meta.json; interned */
	const char *release, *host, *config;	/* interned; "" when absent */
	char *json;		/* the document, compact; owned by the table */
};

/* The rows from one on were read from path (interned), for messages about
 * rows whose line is told. */
struct eb_read {
	size_t from;
	const char *path;
};

struct eb_table {
	struct eb_record *rows;
	size_t n, cap;
	struct eb_strpool *pool;
	struct eb_run_meta *meta;
	size_t nmeta, capmeta;
	/* Where rows were read, in the order they were added: valid while rows
	 * are only added (or the last ones taken back), as during loading. */
	struct eb_read *reads;
	size_t nreads, capreads;
	/* Tests a tool ran but could not time (eb_untimed). */
	struct eb_untimed *untimed;
	size_t nuntimed, capuntimed;
};

/* A test a tool ran but could not time, so that it has no record:
 * bonnie++ prints "+++++" for a test too fast for it to measure. A case's
 * mean then rests on the repetitions it did time, which leave out the
 * fastest, and what is said of the case must say so. */
struct eb_untimed {
	struct eb_record key;	/* the record it would have been; value NaN */
	/* While loading, a row of the same run, whose labels it follows as
	 * run folders, meta.json and --set relabel that row; (size_t)-1 once
	 * settled, or when read settled (a datapackage.json). */
	size_t row;
	struct eb_record was;	/* that row as it was read */
};

struct eb_table *eb_table_new(void);
void eb_table_free(struct eb_table *t);
/* The one empty label every table hands out: records are keyed by pointer,
 * so an empty field must be this string and no other "" (an ASan build
 * does not merge identical string literals across files). */
extern const char eb_empty[];
/* Returns the one copy of s (length n) that the table keeps; never NULL. */
const char *eb_intern(struct eb_table *t, const char *s, size_t n);
const char *eb_intern_cstr(struct eb_table *t, const char *s);
/* A copy of s (length n) that the table keeps without interning it: for
 * text unique to a record, such as its source, which would only grow the
 * set of interned strings. Never NULL. */
const char *eb_table_strdup(struct eb_table *t, const char *s, size_t n);
/* The table's copy of s when it has one, else NULL; adds nothing. */
const char *eb_intern_lookup(const struct eb_table *t, const char *s);
/* A record with every text field "" and the rest 0, ready to fill. */
void eb_record_init(struct eb_table *t, struct eb_record *r);
/* Appends a copy; its strings must already be interned in t. */
struct eb_record *eb_table_add(struct eb_table *t, const struct eb_record *r);
/* Keeps the first n rows and gives back the memory of the others. */
void eb_table_shrink(struct eb_table *t, size_t n);
/* Says that the rows added from now on are read from path. */
void eb_table_note_read(struct eb_table *t, const char *path);
/* The file row i was read from when one was noted, else NULL. */
const char *eb_table_read_path(const struct eb_table *t, size_t i);
/* Notes a test of the same run as row `row` (< t->n) that has no record
 * because it was not timed; key is the record it would have been. */
void eb_table_add_untimed(struct eb_table *t, const struct eb_record *key, size_t row);
/* Gives every noted untimed test the labels its row has now: a label that
 * changed on the row since it was read changed on the test too. A test
 * whose row is gone (its input failed) is dropped. */
void eb_table_settle_untimed(struct eb_table *t);
/* How many untimed tests have the key of record k: every text field but
 * its source, and its block size. */
size_t eb_table_untimed_of(const struct eb_table *t, const struct eb_record *k);
/* Appends run metadata; the table takes ownership of m->json. Returns its
 * index. */
size_t eb_table_add_meta(struct eb_table *t, const struct eb_run_meta *m);
/* Gives every record whose rep is 0 the next free rep number of its key
 * (all columns but rep, value and source), in table order. */
void eb_table_number_reps(struct eb_table *t, size_t from);
/* Sets a text or numeric column of records [from, t->n) by name.
 * Fails with EB_ERR_USAGE for an unknown column or a bad number. */
enum eb_status eb_table_set(struct eb_table *t, size_t from, const char *column,
    const char *value, struct eb_err *err);

/* Record keys: every text column but source, and block_size. ignore is a
 * mask of EB_FIELD_BIT(field) for columns left out of the key (mode, to
 * pair a mode with its baseline; release, to pair two releases). Interned
 * strings compare by pointer, so both records must be of one table. */
#define EB_FIELD_BIT(f) (1u << (f))
uint64_t eb_record_key_hash(const struct eb_record *r, unsigned ignore);
int eb_record_key_equal(const struct eb_record *a, const struct eb_record *b,
    unsigned ignore);

/* Orders release labels as people do: digit runs by value, so 9.10 <
 * 20.04 < 20.10 < 24.04. */
int eb_natural_cmp(const char *a, const char *b);
/* Walks *a and *b while they agree, digit runs compared as numbers
 * (leading zeros aside): the sign of the first pair of runs that differ,
 * or 0 with *a and *b where the labels part (or end). The one digit-run
 * rule of eb_natural_cmp and of the release order (eb_release_cmp). */
int eb_natural_prefix(const char **a, const char **b);

/* Whether larger is better for that metric (bw, iops, ops) or not (lat_*,
 * cpu). */
int eb_metric_higher_is_better(const char *metric);

/* ---- numbers */

/* Parses a decimal number with '.' or ',' as the decimal separator and an
 * optional exponent, without the process locale. Returns the number of
 * bytes consumed, 0 when s does not start with a number. */
size_t eb_parse_number(const char *s, size_t n, double *out);
/* Formats v with the fewest digits that read back as the same double. */
void eb_format_double(char *buf, size_t n, double v);

/* ---- one measurement once (unique.c) */

/* The length of the path a record's source begins with: the ":line" a
 * parser appends, a sheet's ":line:col", and a tag after a space (a
 * sample's "path:13 cpus=2") cut off. *parts is how many numbers were:
 * 0 when the source names no line, 2 for a sheet's cell. */
size_t eb_source_path_len(const char *source, int *parts);

/* Fails, located where the first such record was read and naming its
 * source and the other's, when two records of t are one test's same
 * repetition, or one measurement (same test and source, and the same
 * value unless the source names a line, path:N) read twice. Reps must be
 * numbered. */
enum eb_status eb_table_check_unique(const struct eb_table *t, struct eb_err *err);
/* Fails, located where the later copy was read, when the records one
 * source file gave under one run label (release, host, config, mode) are
 * value for value those it gave under another: rows copied and relabelled
 * (relabelled.c). */
enum eb_status eb_table_check_relabelled(const struct eb_table *t, struct eb_err *err);
/* Whether paths[i] is a file or directory that paths[0, i) named already,
 * itself or inside a directory named: a note to diag then says it is read
 * once, and the caller skips it. */
int eb_path_named_before(char *const *paths, int i, struct eb_diag *diag);
/* Whether the file at path is encbench's own output: a NAME.csv, or the
 * NAME.json beside it, that the datapackage.json encbench writes beside
 * every results.csv names. A directory walk skips those, since they hold
 * the records of the files they were made from. */
int eb_is_own_output(const char *path);

/* ---- plausibility limits (limits.c, listed in doc/encbench.1) */

/* The largest value of metric encbench takes for a measurement (INFINITY
 * for a metric without a limit); *shown, when not NULL, says it for
 * people ("10 TB/s"), or is NULL. */
double eb_metric_limit(const char *metric, const char **shown);
/* Whether metric is one encbench knows and unit its canonical unit (bw in
 * B/s, lat_* in ns ...); when not, why (n bytes) says so. */
int eb_metric_unit_check(const char *metric, const char *unit, char *why, size_t n);
/* Whether v is a value of metric (in its canonical unit) that a benchmark
 * can have measured: a known metric in its unit (eb_metric_unit_check),
 * finite, not negative (nor -0) and within the limit.
 * When not, why (n bytes) says so, naming the limit. */
int eb_value_check(const char *metric, const char *unit, double v, char *why, size_t n);

/* ---- writers */

/* Writes results.csv with its header. */
enum eb_status eb_write_csv(const struct eb_table *t, FILE *fp);
/* Writes the records as a JSON array of objects keyed by column name. */
enum eb_status eb_write_json(const struct eb_table *t, FILE *fp);
/* One CSV cell, quoted when it needs to be. */
void eb_csv_cell(FILE *fp, const char *s);
/* A number at full precision; NAN and infinities are an empty cell. */
void eb_csv_number(FILE *fp, double v);
/* A JSON string (escaped) and a JSON number at full precision (null for
 * NAN and infinities). */
void eb_json_string(FILE *fp, const char *s);
void eb_json_number(FILE *fp, double v);
/* Copies the records and run metadata of src into dst (interning anew). */
void eb_table_append(struct eb_table *dst, const struct eb_table *src);
/* Moves the records and run metadata of src to the end of dst, and src's
 * strings with them: interned ones are interned in dst, sources are kept
 * where they are. src is left empty, to be freed. */
void eb_table_move(struct eb_table *dst, struct eb_table *src);

/* Writes a file atomically: the callback writes into a temporary file next
 * to path, which replaces path only when everything succeeded, so a failure
 * leaves an existing file as it was. path "-" writes to stdout. */
typedef enum eb_status (*eb_write_fn)(void *ctx, FILE *fp);
enum eb_status eb_write_atomic(const char *path, eb_write_fn fn, void *ctx,
    struct eb_err *err);
/* A mkstemp/mkdtemp template beside path, DIR/.BASE.tmp-PID-XXXXXX, that
 * the caller frees; the process id in it lets later runs tell a leftover
 * of a killed run from the work of a running one. */
char *eb_tmp_template(const char *path);
/* Removes what eb_tmp_template names made beside path by processes that no
 * longer exist (files, and folders with what they hold), and nothing else.
 * Returns how many it removed. */
int eb_tmp_clean(const char *path);

/* The files this process has read records from, so that no output
 * replaces one: eb_input_note records the file sb (read under path) and
 * may be called from any thread; eb_input_find gives the path under which
 * the file sb was read, or NULL. The strings live until exit. */
struct stat;
void eb_input_note(const char *path, const struct stat *sb);
const char *eb_input_find(const struct stat *sb);

/* The CPUs this process may run on, 1 when that cannot be told (cpu.c). */
int eb_cpu_count(void);
/* fn(ctx, lo, hi, apart) over slices [lo, hi) of [0, n) that together
 * make it, on as many CPUs as there are slices of at least min_slice
 * items; apart is 1 on a thread other than the caller's. Returns when
 * every slice is done. */
void eb_parallel_for(size_t n, size_t min_slice, void (*fn)(void *ctx, size_t lo, size_t hi,
    int apart), void *ctx);

/* ---- UTF-8 (utf8.c) */

/* Whether s[0, n) is UTF-8 (RFC 3629: no overlong forms or surrogates). */
int eb_utf8_valid(const char *s, size_t n);
/* The length of the UTF-8 sequence that starts s, or 0 when none does. */
size_t eb_utf8_sequence(const char *s);
/* The length of the control character that starts UTF-8 text s (C0, DEL,
 * C1, or a bidirectional control), or 0 when none does. */
size_t eb_utf8_control(const char *s);
/* A copy of s[0, n), the caller's to free, with every byte that begins no
 * UTF-8 sequence replaced by U+FFFD. */
char *eb_utf8_repair(const char *s, size_t n);
/* Writes each control character of s (eb_utf8_control) as one space, in
 * place; returns how many there were. */
size_t eb_utf8_controls_to_spaces(char *s);
/* The character that opens label s when a spreadsheet would read a cell
 * of it as a formula (=, +, -, @, a tab, a CR), or 0. */
int eb_label_formula(const char *s);

/* Lower-cases ASCII in place. */
void eb_ascii_lower(char *s);
/* True when a and b are equal ignoring ASCII case. */
int eb_ascii_ieq(const char *a, const char *b);

#endif
