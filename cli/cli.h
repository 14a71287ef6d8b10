/* cli.h - what the subcommands of the encbench command line share: the
 * command table, input loading and option helpers. */
#ifndef EB_CLI_H
#define EB_CLI_H

#include <getopt.h>

#include "../core/eb.h"
#include "../ingest/ingest.h"

struct eb_cmd {
	const char *name;
	const char *usage;	/* synopsis after "encbench " */
	const char *summary;	/* one line for the command list */
	const char *help;	/* the rest of "encbench help NAME" */
	int (*exec)(int argc, char **argv);
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

#define EB_OUTPUT_LONGOPTS \
	{ "md", no_argument, NULL, EB_OPT_MD }, \
	{ "csv", no_argument, NULL, EB_OPT_CSV }, \
	{ "json", no_argument, NULL, EB_OPT_JSON }, \
	{ "units", required_argument, NULL, EB_OPT_UNITS }, \
	{ "output", required_argument, NULL, 'o' }

/* Handles --md, --csv, --json, --units and -o; returns 1 when the option was
 * one of them, -1 for a bad value (after printing why). */
int eb_output_option(struct eb_output *o, const struct eb_cmd *cmd, int opt,
    const char *arg);
/* Writes through fn to o->path atomically; returns the exit code. */
int eb_output_write(const struct eb_output *o, eb_write_fn fn, void *ctx);

/* ---- datapackage.json beside a results.csv (datapackage.c) */

struct eb_datapackage {
	const char *csv_name;	/* the CSV's file name, in the same folder */
};
/* Writes the Frictionless data package describing dp->csv_name, an
 * eb_write_fn whose ctx is a struct eb_datapackage. */
enum eb_status eb_datapackage_write(void *ctx, FILE *fp);
/* Writes datapackage.json atomically in the folder of csv_path; returns
 * the exit code, after printing why when it failed. */
int eb_write_datapackage(const char *csv_path);

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

/* Keeps only the records whose column equals value (filters of the
 * analysis commands: --release, --config, --metric, --op, --tool). */
void eb_table_keep(struct eb_table *t, int field, const char *value);

/* The filter options every analysis command takes. */
struct eb_filters {
	const char *v[EB_NFIELDS];
};

#define EB_FILTER_LONGOPTS \
	{ "metric", required_argument, NULL, EB_OPT_FILTER + EB_F_METRIC }, \
	{ "op", required_argument, NULL, EB_OPT_FILTER + EB_F_OP }, \
	{ "config", required_argument, NULL, EB_OPT_FILTER + EB_F_CONFIG }, \
	{ "tool", required_argument, NULL, EB_OPT_FILTER + EB_F_TOOL }, \
	{ "host", required_argument, NULL, EB_OPT_FILTER + EB_F_HOST }

int eb_filters_option(struct eb_filters *f, int opt, const char *arg);
void eb_filters_apply(const struct eb_filters *f, struct eb_table *t);
/* The same, but a filter value that no record has is bad data: prints
 * "--metric 'bww': the data has no such metric (it has 'bw', 'iops')" and
 * returns EB_EXIT_DATA; 0 when every filter matched. */
int eb_filters_apply_checked(const struct eb_filters *f, struct eb_table *t);

/* Prints "usage: encbench ..." and a hint to stderr; returns EB_EXIT_USAGE. */
int eb_cli_usage(const struct eb_cmd *cmd, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* Prints the full help of a command to fp. */
void eb_cli_help(const struct eb_cmd *cmd, FILE *fp);

/* The inputs every analysis command takes: raw files, run directories,
 * spreadsheets or results.csv, with --format and --set. */
struct eb_inputs {
	const char *format;
	char **sets;		/* "column=value" */
	size_t nsets, capsets;
	int quiet;
	int verbose;		/* -v: every skipped file named */
	const char *map;	/* --map FILE for spreadsheets */
	const char *unit;	/* --unit UNIT for spreadsheets */
};

void eb_inputs_free(struct eb_inputs *in);
/* Handles --format, --set and --quiet for a getopt loop; returns 1 when the
 * option was one of them, -1 for a bad value (after printing why). */
int eb_inputs_option(struct eb_inputs *in, int opt, char *arg);
/* Checks --set before anything is read. */
int eb_inputs_check(const struct eb_inputs *in, const struct eb_cmd *cmd);
/* Reads every path into a new table; reports each problem and returns the
 * exit code (0 on success, then *out is the table). */
int eb_inputs_load(const struct eb_inputs *in, char **paths, int npaths,
    struct eb_table **out);

#define EB_OPT_FORMAT 0x1000
#define EB_OPT_SET 0x1001
#define EB_OPT_MAP 0x1002
#define EB_OPT_UNIT 0x1003
#define EB_OPT_MD 0x1004
#define EB_OPT_CSV 0x1005
#define EB_OPT_JSON 0x1006
#define EB_OPT_UNITS 0x1007
#define EB_OPT_BASELINE 0x1008
#define EB_OPT_ALPHA 0x1009
#define EB_OPT_ADJUST 0x100a
#define EB_OPT_EQUIVALENCE 0x100b
#define EB_OPT_FILTER 0x1100	/* + column, for --release, --metric ... */

/* The getopt_long entries of the input options, to put in a command's
 * option table: --format, --set, --map, --unit, --quiet. */
#define EB_INPUT_LONGOPTS \
	{ "format", required_argument, NULL, EB_OPT_FORMAT }, \
	{ "set", required_argument, NULL, EB_OPT_SET }, \
	{ "map", required_argument, NULL, EB_OPT_MAP }, \
	{ "unit", required_argument, NULL, EB_OPT_UNIT }, \
	{ "quiet", no_argument, NULL, 'q' }, \
	{ "verbose", no_argument, NULL, 'v' }

/* ---- what the analysis commands share (analysis.c): their option loop,
 * their inputs and their filters */

struct eb_analysis {
	const struct eb_cmd *cmd;
	struct eb_output out;
	struct eb_filters filters;
	const char *baseline;	/* --baseline; "none" */
	double alpha;		/* --alpha; 0.05 */
	int no_adjust;		/* --adjust none; Holm otherwise */
	double equivalence_pct;	/* --equivalence; 2 */
	struct eb_table *t;	/* the inputs, filtered */
};

#define EB_BASELINE_LONGOPT { "baseline", required_argument, NULL, EB_OPT_BASELINE }
#define EB_ALPHA_LONGOPT { "alpha", required_argument, NULL, EB_OPT_ALPHA }
#define EB_VERDICT_LONGOPTS { "adjust", required_argument, NULL, EB_OPT_ADJUST }, \
	{ "equivalence", required_argument, NULL, EB_OPT_EQUIVALENCE }

/* Parses --adjust holm|none and --equivalence PCT; returns 0 when opt was
 * neither, 1 when taken, or EB_EXIT_USAGE after printing why. */
int eb_verdict_option(const struct eb_cmd *cmd, int opt, const char *arg, int *no_adjust,
    double *equivalence_pct);
#define EB_ANALYSIS_LONGOPTS EB_INPUT_LONGOPTS, EB_OUTPUT_LONGOPTS, EB_FILTER_LONGOPTS, \
	{ "help", no_argument, NULL, 'h' }

/* A command's own options: returns 0 when it took opt, else an exit code. */
typedef int (*eb_option_fn)(struct eb_analysis *a, int opt, char *arg);

/* Parses argv against longopts (EB_ANALYSIS_LONGOPTS and the command's own,
 * which go to fn, may be NULL), reads the inputs and applies the filters.
 * Returns -1 when the command goes on with a->t, else its exit code. */
int eb_analysis_begin(struct eb_analysis *a, const struct eb_cmd *cmd, int argc,
    char **argv, const struct option *longopts, eb_option_fn fn);
void eb_analysis_end(struct eb_analysis *a);
/* The verdict options of the command line. */
struct eb_verdict_opts;
void eb_analysis_verdict_opts(const struct eb_analysis *a, struct eb_verdict_opts *vo);

#endif
