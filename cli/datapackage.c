/* datapackage.c - the Frictionless datapackage.json written beside every
 * results.csv, so that pandas, R and Frictionless tools read it typed. */
#include <stdlib.h>
#include <string.h>

#include "cli.h"

/* Labels are strings even when they look like numbers: a release "23.10"
 * read as a number is 23.1, which is another release. */
static const struct field {
	const char *name;
	const char *type;
	const char *description;
	const char *extra;	/* more members of the field, JSON, or NULL */
} fields[EB_NCOLUMNS] = {
	{ "release", "string", "OS or file-system release the run belongs to, such as 24.04", NULL },
	{ "host", "string", "machine label", NULL },
	{ "config", "string", "machine variant inside a release, such as default or no-aesni", NULL },
	{ "mode", "string", "encryption mode, such as none, aes-256-gcm or luks-xts-4k", NULL },
	{ "tool", "string", "the program that measured: dd, fio, bonnie or sheet", NULL },
	{ "job", "string", "job or test name inside the tool", NULL },
	{ "workload", "string", "access pattern: seq, rand, mixed, per-char, block ...", NULL },
	{ "op", "string", "direction: read, write, rewrite, seek, create, stat, delete", NULL },
	{ "block_size", "integer", "block size in bytes; empty when unknown",
	  "\"unit\": \"B\", \"constraints\": {\"minimum\": 1}" },
	{ "metric", "string", "what was measured: bw, iops, lat_mean, lat_max, lat_p99, cpu ...", NULL },
	{ "unit", "string", "the canonical unit of value: B/s, 1/s, ns, %, J or W", NULL },
	{ "rep", "integer", "repetition number of the same case, from 1",
	  "\"constraints\": {\"required\": true, \"minimum\": 1}" },
	{ "value", "number", "the measurement at full precision, in the unit the row's unit column names",
	  NULL },
	{ "source", "string", "the input file and line the number came from", NULL },
};

/* A resource name as the spec allows: lower-case letters, digits, '.',
 * '_' and '-'. */
static char *
resource_name(const char *csv_name)
{
	size_t n = strlen(csv_name);
	char *name;

	if (n > 4 && eb_ascii_ieq(csv_name + n - 4, ".csv"))
		n -= 4;
	name = eb_xmalloc(n + sizeof "results");
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)csv_name[i];

		if (c >= 'A' && c <= 'Z')
			c = (unsigned char)(c - 'A' + 'a');
		name[i] = (char)((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ||
		    c == '.' || c == '_' || c == '-' ? c : '-');
	}
	name[n] = '\0';
	if (n == 0)
		strcpy(name, "results");
	return name;
}

enum eb_status
eb_datapackage_write(void *ctx, FILE *fp)
{
	const struct eb_datapackage *dp = ctx;
	char *name = resource_name(dp->csv_name);

	fputs("{\n"
	    "  \"profile\": \"tabular-data-package\",\n"
	    "  \"name\": \"encbench-results\",\n"
	    "  \"title\": \"encbench tidy records\",\n"
	    "  \"resources\": [\n"
	    "    {\n"
	    "      \"profile\": \"tabular-data-resource\",\n"
	    "      \"name\": ", fp);
	eb_json_string(fp, name);
	fputs(",\n      \"path\": ", fp);
	eb_json_string(fp, dp->csv_name);
	fputs(",\n"
	    "      \"format\": \"csv\",\n"
	    "      \"mediatype\": \"text/csv\",\n"
	    "      \"encoding\": \"utf-8\",\n"
	    "      \"dialect\": {\"delimiter\": \",\", \"doubleQuote\": true, "
	    "\"lineTerminator\": \"\\n\", \"header\": true},\n"
	    "      \"schema\": {\n"
	    "        \"missingValues\": [\"\"],\n"
	    "        \"fields\": [\n", fp);
	for (int c = 0; c < EB_NCOLUMNS; c++) {
		const struct field *f = &fields[c];

		fputs("          {\"name\": ", fp);
		eb_json_string(fp, eb_column_names[c]);
		fprintf(fp, ", \"type\": \"%s\", \"description\": ", f->type);
		eb_json_string(fp, f->description);
		if (f->extra != NULL)
			fprintf(fp, ", %s", f->extra);
		fputs(c + 1 < EB_NCOLUMNS ? "},\n" : "}\n", fp);
	}
	fputs("        ]\n"
	    "      }\n"
	    "    }\n"
	    "  ]\n"
	    "}\n", fp);
	free(name);
	return ferror(fp) ? EB_ERR_IO : EB_OK;
}

int
eb_write_datapackage(const char *csv_path)
{
	const char *slash = strrchr(csv_path, '/');
	struct eb_datapackage dp;
	struct eb_err err;
	char *path;
	int rc = 0;

	dp.csv_name = slash != NULL ? slash + 1 : csv_path;
	if (slash == NULL)
		path = eb_xasprintf("datapackage.json");
	else
		path = eb_xasprintf("%.*s/datapackage.json", (int)(slash - csv_path), csv_path);
	if (eb_write_atomic(path, eb_datapackage_write, &dp, &err) != EB_OK) {
		eb_err_print(&err, stderr);
		rc = EB_EXIT_IO;
	}
	free(path);
	return rc;
}
