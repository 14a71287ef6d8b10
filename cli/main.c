/* main.c - the encbench command: finds the subcommand in the command table,
 * has args.c parse its options and hands them to it. */
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
		struct eb_args args;
		int rc = eb_args_parse(&args, cmd, argc - 1, argv + 1);

		if (rc < 0)
			rc = cmd->exec(&args);
		eb_args_free(&args);
		return rc;
	}
}
