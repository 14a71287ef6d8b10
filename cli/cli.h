/* cli.h - what the subcommands of the encbench command line share: the
 * command table, input loading and option helpers. */
#ifndef EB_CLI_H
#define EB_CLI_H

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
	size_t nsets;
	int quiet;
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

/* The getopt_long entries of the input options, to put in a command's
 * option table: --format, --set, --map, --unit, --quiet. */
#define EB_INPUT_LONGOPTS \
	{ "format", required_argument, NULL, EB_OPT_FORMAT }, \
	{ "set", required_argument, NULL, EB_OPT_SET }, \
	{ "map", required_argument, NULL, EB_OPT_MAP }, \
	{ "unit", required_argument, NULL, EB_OPT_UNIT }, \
	{ "quiet", no_argument, NULL, 'q' }

#endif
