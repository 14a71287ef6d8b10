/* cli.h - what the subcommands of the encbench command line share: the
 * command table with each command's options, the parsed options (args.c),
 * output and filters (output.c), inputs (inputs.c), datapackage.json. */
#ifndef EB_CLI_H
#define EB_CLI_H

#include "../core/eb.h"
#include "../ingest/ingest.h"

/* Every option of every command has one id: a command's table says which
 * it takes and under what name, the parser files each value under its id,
 * and the id alone says what the value means (report's --input-format is
 * the inputs' --format). */
enum eb_opt_id {
	/* the input options (EB_OG_INPUT) */
	EB_O_FORMAT, EB_O_SET, EB_O_MAP, EB_O_UNIT, EB_O_QUIET, EB_O_VERBOSE,
	/* the output options (EB_OG_OUTPUT) */
	EB_O_MD, EB_O_CSV, EB_O_JSON, EB_O_UNITS, EB_O_OUTPUT,
	/* the filters (EB_OG_FILTERS takes all but --release, whose meaning
	 * differs by command) */
	EB_O_RELEASE, EB_O_METRIC, EB_O_OP, EB_O_CONFIG, EB_O_MODE, EB_O_TOOL, EB_O_HOST,
	/* the verdict options (EB_OG_VERDICT) */
	EB_O_BASELINE, EB_O_ALPHA, EB_O_ADJUST, EB_O_EQUIVALENCE,
	/* diff */
	EB_O_FROM, EB_O_TO, EB_O_FROM_CONFIG, EB_O_TO_CONFIG, EB_O_FROM_FILE,
	EB_O_TO_FILE, EB_O_CENTER, EB_O_FAIL_ON, EB_O_THRESHOLD, EB_O_SUMMARY,
	/* chart */
	EB_O_KIND, EB_O_RELATIVE, EB_O_COLUMNS, EB_O_TITLE, EB_O_SUBTITLE,
	EB_O_WIDTH, EB_O_HEIGHT, EB_O_SCALE, EB_O_THEME, EB_O_BACKEND,
	EB_O_EMIT_SCRIPT,
	/* report */
	EB_O_RELEASES, EB_O_PAGE_FORMAT, EB_O_FULL, EB_O_SECTIONS,
	EB_O_HELP,
	EB_O_COUNT
};

/* What an option's value must be; the parser checks it, with one message
 * per kind for every command. */
enum eb_arg {
	EB_ARG_NONE,		/* a flag, no value */
	EB_ARG_TEXT,		/* any text */
	EB_ARG_CHOICE,		/* one of the alternatives in choices */
	EB_ARG_PROB,		/* a number strictly between 0 and 1 */
	EB_ARG_PCT,		/* a percentage above 0 and below 100 */
	EB_ARG_PCT0,		/* a finite percentage of 0 or more */
	EB_ARG_POSITIVE,	/* a finite number above 0 */
};

struct eb_opt {
	const char *name;	/* --name */
	int letter;		/* -x as well, or 0 */
	enum eb_arg arg;
	enum eb_opt_id id;
	/* EB_ARG_CHOICE: "si (MB/s)|iec (MiB/s)"; a value must equal an
	 * alternative's first word, and the rest is shown in the message */
	const char *choices;
};

/* The shared groups of options a command may take whole. */
#define EB_OG_INPUT 0x1u	/* --format --set --map --unit -q -v */
#define EB_OG_OUTPUT 0x2u	/* --md --csv --json --units -o */
#define EB_OG_FILTERS 0x4u	/* --metric --op --config --mode --tool --host */
#define EB_OG_VERDICT 0x8u	/* --baseline --alpha --adjust --equivalence */

struct eb_args;

struct eb_cmd {
	const char *name;
	const char *usage;	/* synopsis after "encbench " */
	const char *summary;	/* one line for the command list */
	const char *help;	/* the rest of "encbench help NAME" */
	unsigned groups;	/* EB_OG_* */
	const struct eb_opt *opts;	/* its own, ending with a NULL name */
	int min_inputs;		/* operands it needs after the options */
	const char *no_inputs;	/* the usage error when it has fewer */
	int (*exec)(const struct eb_args *a);
};

extern const struct eb_cmd eb_cmd_ingest;
extern const struct eb_cmd eb_cmd_overhead;
extern const struct eb_cmd eb_cmd_diff;
extern const struct eb_cmd eb_cmd_trend;
extern const struct eb_cmd eb_cmd_table;
extern const struct eb_cmd eb_cmd_findings;
extern const struct eb_cmd eb_cmd_chart;
extern const struct eb_cmd eb_cmd_report;

/* ---- output of the analysis commands (output.c) */

enum eb_outfmt { EB_OUT_MD, EB_OUT_CSV, EB_OUT_JSON };

struct eb_output {
	enum eb_outfmt fmt;
	const char *path;	/* -o, or "-" */
	int iec;		/* --units iec */
};

/* Writes through fn to o->path atomically; returns the exit code. */
int eb_output_write(const struct eb_output *o, eb_write_fn fn, void *ctx);

/* The writers of one command's output, one per format. */
struct eb_writers {
	eb_write_fn md, csv, json;
};
/* Writes ctx through the writer of o->fmt; returns the exit code. */
int eb_output_emit(const struct eb_output *o, const struct eb_writers *w, void *ctx);
struct eb_caveat_list;
/* What qualifies a table's figures (caveats.h), as a paragraph under the
 * markdown table; nothing for an empty list. */
void eb_md_caveats(FILE *fp, const struct eb_caveat_list *l);
/* The same as a note on standard error when o is CSV or JSON, which have
 * no place for it. */
void eb_output_caveats_note(const struct eb_output *o, const struct eb_caveat_list *l);

/* One cell of a CSV row after its key columns: a number at full precision
 * (empty when not finite), a count, or a text (quoted as CSV needs). */
struct eb_cell {
	enum { EB_CELL_NUM, EB_CELL_COUNT, EB_CELL_TEXT } kind;
	double num;
	size_t count;
	const char *text;
};
#define EB_NUM(x) { EB_CELL_NUM, (x), 0, NULL }
#define EB_COUNT(x) { EB_CELL_COUNT, 0, (x), NULL }
#define EB_TEXT(x) { EB_CELL_TEXT, 0, 0, (x) }

/* The CSV of the analysis commands: a header of the key columns and then
 * cols ("n,mean,..."), and rows of a record's key and then cells. */
void eb_csv_header(FILE *fp, const char *cols);
void eb_csv_row(FILE *fp, const struct eb_record *key, const struct eb_cell *cells,
    size_t n);

/* ---- datapackage.json beside a results.csv (datapackage.c) */

struct eb_datapackage {
	const char *csv_name;	/* the CSV's file name, in the same folder */
	/* the records the CSV holds, for the runs that say their numbers are
	 * made up (the resource's "illustrative"); NULL for none */
	const struct eb_table *t;
	/* the other results files of encbench's in that folder, listed first,
	 * and the "illustrative" member of each, compact JSON or NULL */
	const char *const *others;
	const char *const *others_illustrative;
	size_t nothers;
	/* the "untimed" member of each of the others, compact JSON or NULL */
	const char *const *others_untimed;
};
/* Writes the Frictionless data package describing dp->csv_name, an
 * eb_write_fn whose ctx is a struct eb_datapackage. */
enum eb_status eb_datapackage_write(void *ctx, FILE *fp);
/* Writes datapackage.json atomically in the folder of csv_path, naming
 * csv_path, with the illustrative runs of t, and the CSVs an encbench
 * package already there names that are still there. One that is not
 * encbench's is left as it was, with a warning. Returns the exit code,
 * after printing why when it failed. */
int eb_write_datapackage(const char *csv_path, const struct eb_table *t);
/* The runs of t that say their numbers are made up (meta.json's
 * "illustrative", a sheet's "(illustrative numbers)") and have records
 * in t, as a JSON array the caller frees, or NULL when none. */
char *eb_datapackage_illustrative(const struct eb_table *t);
/* The tests of t that were run but not timed (eb_untimed), as a JSON
 * array of their keys the caller frees, or NULL when none. */
char *eb_datapackage_untimed(const struct eb_table *t);
/* When encbench's datapackage.json beside path (a results.csv) describes
 * it, adds to t the runs it says are illustrative and the tests it says
 * were not timed, so that a report from the file says so as one from the
 * runs does. A package beside an
 * encbench results.csv that cannot be read, or lists no such file, is
 * warned of; with warn_missing, so is none at all. */
void eb_datapackage_read(const char *path, struct eb_table *t, struct eb_diag *diag,
    int warn_missing);

/* The key columns of a record (release ... unit) as CSV cells, with a
 * trailing comma, or as JSON members, with a trailing ", ". */
extern const char eb_key_csv_header[];
void eb_key_csv(FILE *fp, const struct eb_record *r);
void eb_key_json(FILE *fp, const struct eb_record *r);

/* The JSON arrays of the analysis commands and of the report's
 * summary.json, every number at full precision. */
struct eb_overhead;
struct eb_diff;
struct eb_trend_row;
struct eb_group;
void eb_json_overhead(FILE *fp, const struct eb_overhead *rows, const size_t *order,
    size_t n);
void eb_json_diff(FILE *fp, const struct eb_diff *rows, const size_t *order, size_t n,
    const char *from, const char *to);
void eb_json_trend(FILE *fp, const struct eb_trend_row *rows, size_t n);
/* A verdict record as a JSON object: word, text, estimate, ci_low and
 * ci_high (null when unbounded or absent, with "unbounded"), test, df,
 * p_raw, p_adjusted, adjust, family, family_size. */
struct eb_verdict;
void eb_json_verdict(FILE *fp, const struct eb_verdict *v);
void eb_json_groups(FILE *fp, const struct eb_group *const *groups, size_t n);

/* Keeps only the records whose column equals value. */
void eb_table_keep(struct eb_table *t, int field, const char *value);

/* The filter values of a command line, by record field (--release,
 * --metric, --op, --config, --mode, --tool, --host). */
struct eb_filters {
	const char *v[EB_NFIELDS];
	/* The baseline mode of a command that compares modes with one: --mode
	 * keeps it beside the mode named, since every overhead is computed
	 * against it; NULL in a command without a baseline. */
	const char *baseline;
};

/* Keeps the records that match every filter (and, under --mode, those of
 * the baseline). A filter value that no record has is bad data: prints
 * "--metric 'bww': the data has no such metric (it has 'bw', 'iops')" and
 * returns EB_EXIT_DATA; 0 when every filter matched. */
int eb_filters_apply_checked(const struct eb_filters *f, struct eb_table *t);
/* 0 when a record of t has value in field, else EB_EXIT_DATA after
 * eb_no_such with the values t has there, in order of first appearance. */
int eb_label_check(const struct eb_table *t, int field, const char *option,
    const char *value);
/* Prints "encbench: error: OPTION 'VALUE': the data has no such NOUN (it
 * has HAVE)", the one message for a label the data lacks, and returns
 * EB_EXIT_DATA. */
int eb_no_such(const char *option, const char *value, const char *noun, const char *have);

/* ---- the inputs every analysis command takes (inputs.c): raw files, run
 * directories, spreadsheets or results.csv, with --format and --set */

struct eb_inputs {
	const char *format;
	char *const *sets;	/* "column=value", borrowed from the arguments */
	size_t nsets;
	int quiet;
	int verbose;		/* -v: every skipped file named */
	const char *map;	/* --map FILE for spreadsheets */
	const char *unit;	/* --unit UNIT for spreadsheets */
	/* The files the command will write (-o, --summary), or NULL: none
	 * may be a file the inputs were read from. */
	const char *outputs[2];
	/* report: a results.csv with no datapackage.json beside it is warned
	 * of, for the page says which runs are made up and cannot tell */
	int warn_unpackaged;
};

/* Checks --format and --set before anything is read; returns 0 or, after
 * printing why, EB_EXIT_USAGE. */
int eb_inputs_check(const struct eb_inputs *in, const struct eb_cmd *cmd);
/* Reads every path into a new table; reports each problem and returns the
 * exit code (0 on success, then *out is the table). An output of in that
 * is a file read as input, by any load so far, is a usage error. */
int eb_inputs_load(const struct eb_inputs *in, char *const *paths, int npaths,
    struct eb_table **out);

/* ---- the command line, parsed once (args.c) */

/* Every value given to one option, in order. */
struct eb_arglist {
	char **v;
	size_t n, cap;
};

struct eb_args {
	const struct eb_cmd *cmd;
	struct eb_arglist opt[EB_O_COUNT];
	int last[EB_O_COUNT];	/* when each was last given, from 1; 0 never */
	char **operands;	/* what follows the options */
	int noperands;
	/* The shared groups, typed; defaults where not given. */
	struct eb_inputs in;
	struct eb_output out;	/* markdown to standard output */
	struct eb_filters filters;
	const char *baseline;	/* "none" */
	double alpha;		/* 0.05 */
	int no_adjust;		/* --adjust none; Holm otherwise */
	double equivalence_pct;	/* 2 */
};

/* Parses argv (argv[0] the command's name) against cmd's table: checks
 * every value, files it under its id and fills the groups. Returns -1 when
 * the command is to run; else the exit code, after printing the help
 * (EB_EXIT_OK) or the usage error (EB_EXIT_USAGE). Free a with
 * eb_args_free either way. */
int eb_args_parse(struct eb_args *a, const struct eb_cmd *cmd, int argc, char **argv);
void eb_args_free(struct eb_args *a);
/* The last value of option id, or NULL when it was not given ("" for a
 * flag that was). */
const char *eb_args_get(const struct eb_args *a, enum eb_opt_id id);
int eb_args_has(const struct eb_args *a, enum eb_opt_id id);
/* The last value of a numeric option as a number, or dflt. */
double eb_args_num(const struct eb_args *a, enum eb_opt_id id, double dflt);
/* Whether the last value of a choice option is choice. */
int eb_args_is(const struct eb_args *a, enum eb_opt_id id, const char *choice);
/* The verdict options of the command line. */
struct eb_verdict_opts;
void eb_args_verdict_opts(const struct eb_args *a, struct eb_verdict_opts *vo);

/* The most options one command may take. */
#define EB_MAX_OPTS 64
/* Puts every option cmd takes in out, its groups' (input, output, filters,
 * verdict) and then its own, with --help last; returns how many. */
size_t eb_cmd_options(const struct eb_cmd *cmd, const struct eb_opt *out[EB_MAX_OPTS]);

/* Prints "encbench: error: ...", the synopsis and a hint to stderr;
 * returns EB_EXIT_USAGE. */
int eb_cli_usage(const struct eb_cmd *cmd, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* Prints the full help of a command to fp. */
void eb_cli_help(const struct eb_cmd *cmd, FILE *fp);

/* Reads the operands of an analysis command and applies its filters into
 * *t (inputs.c). Returns -1 when the command goes on with *t (which it
 * frees), else the exit code. */
int eb_analysis_load(const struct eb_args *a, struct eb_table **t);

#endif
