/* output.c - what the analysis commands share: output formats, the key
 * columns of their rows, and record filters. */
#include <stdlib.h>
#include <string.h>

#include "cli.h"

int
eb_output_option(struct eb_output *o, const struct eb_cmd *cmd, int opt,
    const char *arg)
{
	switch (opt) {
	case EB_OPT_MD:
		o->fmt = EB_OUT_MD;
		return 1;
	case EB_OPT_CSV:
		o->fmt = EB_OUT_CSV;
		return 1;
	case EB_OPT_JSON:
		o->fmt = EB_OUT_JSON;
		return 1;
	case EB_OPT_UNITS:
		if (strcmp(arg, "si") == 0)
			o->iec = 0;
		else if (strcmp(arg, "iec") == 0)
			o->iec = 1;
		else {
			eb_cli_usage(cmd, "--units takes si (MB/s) or iec (MiB/s), not '%s'", arg);
			return -1;
		}
		return 1;
	case 'o':
		o->path = arg;
		return 1;
	}
	return 0;
}

int
eb_output_write(const struct eb_output *o, eb_write_fn fn, void *ctx)
{
	struct eb_err err;
	enum eb_status st = eb_write_atomic(o->path ? o->path : "-", fn, ctx, &err);

	if (st != EB_OK) {
		eb_err_print(&err, stderr);
		return eb_exit_code(st);
	}
	return 0;
}

const char eb_key_csv_header[] =
    "release,host,config,mode,tool,job,workload,op,block_size,metric,unit,";

void
eb_key_csv(FILE *fp, const struct eb_record *r)
{
	static const int fields[] = {
		EB_F_RELEASE, EB_F_HOST, EB_F_CONFIG, EB_F_MODE, EB_F_TOOL,
		EB_F_JOB, EB_F_WORKLOAD, EB_F_OP,
	};

	for (size_t i = 0; i < sizeof fields / sizeof fields[0]; i++) {
		eb_csv_cell(fp, r->f[fields[i]]);
		putc(',', fp);
	}
	if (r->block_size > 0)
		fprintf(fp, "%lld", (long long)r->block_size);
	putc(',', fp);
	eb_csv_cell(fp, r->f[EB_F_METRIC]);
	putc(',', fp);
	eb_csv_cell(fp, r->f[EB_F_UNIT]);
	putc(',', fp);
}

void
eb_key_json(FILE *fp, const struct eb_record *r)
{
	static const struct {
		const char *name;
		int field;
	} cols[] = {
		{ "release", EB_F_RELEASE }, { "host", EB_F_HOST }, { "config", EB_F_CONFIG },
		{ "mode", EB_F_MODE }, { "tool", EB_F_TOOL }, { "job", EB_F_JOB },
		{ "workload", EB_F_WORKLOAD }, { "op", EB_F_OP },
	};

	for (size_t i = 0; i < sizeof cols / sizeof cols[0]; i++) {
		fprintf(fp, "\"%s\": ", cols[i].name);
		eb_json_string(fp, r->f[cols[i].field]);
		fputs(", ", fp);
	}
	if (r->block_size > 0)
		fprintf(fp, "\"block_size\": %lld, ", (long long)r->block_size);
	else
		fputs("\"block_size\": null, ", fp);
	fputs("\"metric\": ", fp);
	eb_json_string(fp, r->f[EB_F_METRIC]);
	fputs(", \"unit\": ", fp);
	eb_json_string(fp, r->f[EB_F_UNIT]);
	fputs(", ", fp);
}

void
eb_table_keep(struct eb_table *t, int field, const char *value)
{
	size_t k = 0;

	for (size_t i = 0; i < t->n; i++)
		if (strcmp(t->rows[i].f[field], value) == 0)
			t->rows[k++] = t->rows[i];
	t->n = k;
}

int
eb_filters_option(struct eb_filters *f, int opt, const char *arg)
{
	if (opt < EB_OPT_FILTER || opt >= EB_OPT_FILTER + EB_NFIELDS)
		return 0;
	f->v[opt - EB_OPT_FILTER] = arg;
	return 1;
}

void
eb_filters_apply(const struct eb_filters *f, struct eb_table *t)
{
	for (int i = 0; i < EB_NFIELDS; i++)
		if (f->v[i] != NULL)
			eb_table_keep(t, i, f->v[i]);
}
