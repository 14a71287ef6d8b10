/* datapackage.c - the Frictionless datapackage.json written beside every
 * results.csv, so that pandas, R and Frictionless tools read it typed. */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <jansson.h>

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

/* One resource of the package: the CSV csv_name, named name. */
static void
write_resource(FILE *fp, const char *csv_name, const char *name)
{
	fputs("    {\n"
	    "      \"profile\": \"tabular-data-resource\",\n"
	    "      \"name\": ", fp);
	eb_json_string(fp, name);
	fputs(",\n      \"path\": ", fp);
	eb_json_string(fp, csv_name);
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
	    "    }", fp);
}

enum eb_status
eb_datapackage_write(void *ctx, FILE *fp)
{
	const struct eb_datapackage *dp = ctx;
	size_t n = dp->nothers + 1;
	char **names = eb_xcalloc(n, sizeof *names);

	fputs("{\n"
	    "  \"profile\": \"tabular-data-package\",\n"
	    "  \"name\": \"encbench-results\",\n"
	    "  \"title\": \"encbench tidy records\",\n"
	    "  \"resources\": [\n", fp);
	for (size_t i = 0; i < n; i++) {
		const char *csv = i < dp->nothers ? dp->others[i] : dp->csv_name;
		char *name = resource_name(csv);

		/* Resource names are unique in a package: a.csv and a.CSV are
		 * "a" and "a-2". */
		for (int k = 2; ; k++) {
			size_t j;

			for (j = 0; j < i && strcmp(names[j], name) != 0; j++)
				;
			if (j == i)
				break;
			free(name);
			name = resource_name(csv);
			name = eb_xrealloc(name, strlen(name) + 24);
			sprintf(name + strlen(name), "-%d", k);
		}
		names[i] = name;
		write_resource(fp, csv, name);
		fputs(i + 1 < n ? ",\n" : "\n", fp);
	}
	fputs("  ]\n"
	    "}\n", fp);
	for (size_t i = 0; i < n; i++)
		free(names[i]);
	free((void *)names);
	return ferror(fp) ? EB_ERR_IO : EB_OK;
}

/* Reads the package at path: 1 when it is encbench's, and then the CSVs
 * it names that are still files in dir, other than csv_name, are added to
 * *others (the caller frees them); 0 when it is not encbench's. */
static int
own_package(const char *path, const char *dir, const char *csv_name, struct eb_arglist *others)
{
	json_error_t je;
	json_t *doc = json_load_file(path, JSON_REJECT_DUPLICATES, &je), *res, *r;
	const char *name;
	size_t i;

	if (doc == NULL)
		return 0;
	name = json_string_value(json_object_get(doc, "name"));
	res = json_object_get(doc, "resources");
	if (name == NULL || strcmp(name, "encbench-results") != 0 || !json_is_array(res)) {
		json_decref(doc);
		return 0;
	}
	json_array_foreach(res, i, r) {
		const char *csv = json_string_value(json_object_get(r, "path"));
		struct stat sb;
		char *file;
		int keep;

		if (csv == NULL || strchr(csv, '/') != NULL || strcmp(csv, csv_name) == 0)
			continue;
		file = eb_xasprintf("%s%s", dir, csv);
		keep = stat(file, &sb) == 0 && S_ISREG(sb.st_mode);
		free(file);
		if (!keep)
			continue;
		if (others->n == others->cap) {
			others->cap = others->cap ? others->cap * 2 : 8;
			others->v = eb_xrealloc(others->v, others->cap * sizeof *others->v);
		}
		others->v[others->n++] = eb_xstrdup(csv);
	}
	json_decref(doc);
	return 1;
}

int
eb_write_datapackage(const char *csv_path)
{
	const char *slash = strrchr(csv_path, '/');
	struct eb_datapackage dp;
	struct eb_arglist others = { NULL, 0, 0 };
	struct eb_err err;
	struct stat sb;
	char *dir, *path;
	int rc = 0;

	dp.csv_name = slash != NULL ? slash + 1 : csv_path;
	dir = slash != NULL ? eb_xstrndup(csv_path, (size_t)(slash - csv_path) + 1) :
	    eb_xstrdup("");
	path = eb_xasprintf("%sdatapackage.json", dir);
	/* A package of someone else's is theirs: it stays as it was. One of
	 * encbench's goes on naming the other results files written there,
	 * so that a walk of the folder still skips them. */
	if (stat(path, &sb) == 0 && S_ISREG(sb.st_mode) &&
	    !own_package(path, dir, dp.csv_name, &others)) {
		fprintf(stderr, "%s: warning: not encbench's (its name is not "
		    "\"encbench-results\"), so it is left as it was and %s has no data "
		    "package\n", path, csv_path);
		free(path);
		free(dir);
		return 0;
	}
	dp.others = (const char *const *)others.v;
	dp.nothers = others.n;
	if (eb_write_atomic(path, eb_datapackage_write, &dp, &err) != EB_OK) {
		eb_err_print(&err, stderr);
		rc = eb_exit_code(err.code);
	}
	for (size_t i = 0; i < others.n; i++)
		free(others.v[i]);
	free(others.v);
	free(path);
	free(dir);
	return rc;
}
