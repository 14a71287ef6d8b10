/* main.c - the encbench command: finds the subcommand in the command table
 * and hands it the rest of the arguments. */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

static const struct eb_cmd *const commands[] = {
	&eb_cmd_ingest,
	&eb_cmd_overhead,
	&eb_cmd_diff,
	&eb_cmd_trend,
	&eb_cmd_table,
	&eb_cmd_findings,
	&eb_cmd_chart,
	&eb_cmd_report,
	NULL,
};

static void
overview(FILE *fp)
{
	fputs("usage: encbench COMMAND [OPTIONS] INPUT...\n"
	    "\n"
	    "encbench turns raw dd, fio and bonnie++ output into the tables and\n"
	    "numbers of a disk-encryption overhead report.\n"
	    "\n"
	    "Commands:\n", fp);
	for (size_t i = 0; commands[i] != NULL; i++)
		fprintf(fp, "  %-10s %s\n", commands[i]->name, commands[i]->summary);
	fputs("\n"
	    "INPUT is a raw output file, a directory of them (walked), a\n"
	    "results.csv written by encbench, or - for standard input.\n"
	    "\n"
	    "Examples:\n"
	    "  encbench ingest --set mode=aes-256-gcm --set op=write dd.log\n"
	    "  encbench ingest -o results.csv runs/\n"
	    "\n"
	    "'encbench help COMMAND' tells more; 'man encbench' tells all\n"
	    "('man -l doc/encbench.1' in the source tree, before 'make install').\n", fp);
}

void
eb_cli_help(const struct eb_cmd *cmd, FILE *fp)
{
	fprintf(fp, "usage: encbench %s\n\n%s\n%s", cmd->usage, cmd->summary, cmd->help);
}

int
eb_cli_usage(const struct eb_cmd *cmd, const char *fmt, ...)
{
	va_list ap;

	fputs("encbench: error: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, "\nusage: encbench %s\n(see 'encbench help %s')\n",
	    cmd->usage, cmd->name);
	return EB_EXIT_USAGE;
}

static const struct eb_cmd *
find(const char *name)
{
	for (size_t i = 0; commands[i] != NULL; i++)
		if (strcmp(commands[i]->name, name) == 0)
			return commands[i];
	return NULL;
}

int
main(int argc, char **argv)
{
	const struct eb_cmd *cmd;

	if (argc < 2) {
		overview(stderr);
		return EB_EXIT_USAGE;
	}
	if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
		overview(stdout);
		return EB_EXIT_OK;
	}
	if (strcmp(argv[1], "--version") == 0 || strcmp(argv[1], "version") == 0) {
		printf("encbench %s\n", EB_VERSION);
		return EB_EXIT_OK;
	}
	if (strcmp(argv[1], "help") == 0) {
		if (argc < 3) {
			overview(stdout);
			return EB_EXIT_OK;
		}
		if ((cmd = find(argv[2])) == NULL) {
			fprintf(stderr, "encbench: error: no command '%s'; "
			    "'encbench --help' lists them\n", argv[2]);
			return EB_EXIT_USAGE;
		}
		eb_cli_help(cmd, stdout);
		return EB_EXIT_OK;
	}
	if ((cmd = find(argv[1])) == NULL) {
		fprintf(stderr, "encbench: error: no command '%s'; "
		    "'encbench --help' lists them\n", argv[1]);
		return EB_EXIT_USAGE;
	}
	{
		/* getopt names argv[0] in its messages: "encbench diff: ...". */
		char *name = eb_xasprintf("encbench %s", cmd->name);
		int rc;

		argv[1] = name;
		rc = cmd->exec(argc - 1, argv + 1);
		free(name);
		return rc;
	}
}
