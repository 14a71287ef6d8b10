/* datapackage.c - the Frictionless datapackage.json written beside every
 * results.csv, so that pandas, R and Frictionless tools read it typed, and
 * encbench itself knows which of its runs are illustrative. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <jansson.h>

#include "cli.h"
#include "../ingest/ingest.h"
#include "../ingest/results.h"

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

/* One resource of the package: the CSV csv_name, named name, with the
 * runs illustrative (a JSON array, or NULL) says are made up. */
static void
write_resource(FILE *fp, const char *csv_name, const char *name, const char *illustrative,
    const char *untimed)
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
	    "      }", fp);
	/* results.csv has no column for it (DESIGN.md fixes the header), and
	 * a report from the file must say so as one from the runs does. */
	if (illustrative != NULL)
		fprintf(fp, ",\n      \"illustrative\": %s", illustrative);
	/* Nor for a test the tool ran but could not time (bonnie++'s
	 * +++++), which a report qualifies its figures with. */
	if (untimed != NULL)
		fprintf(fp, ",\n      \"untimed\": %s", untimed);
	fputs("\n    }", fp);
}

/* Whether a run's metadata says its numbers are made up: "illustrative"
 * true or a note (ingest refuses what reads as no); *v gets the value,
 * the caller's to release. */
static int
made_up(const struct eb_run_meta *m, json_t **v)
{
	json_t *doc;

	*v = NULL;
	if (m->json == NULL || strstr(m->json, "\"illustrative\"") == NULL ||
	    (doc = json_loads(m->json, 0, NULL)) == NULL)
		return 0;
	*v = json_incref(json_object_get(doc, "illustrative"));
	json_decref(doc);
	if (json_is_true(*v) || (json_is_string(*v) && *json_string_value(*v) != '\0'))
		return 1;
	json_decref(*v);
	*v = NULL;
	return 0;
}

/* Whether a record of t is of the run m: its release, and its host and
 * config where m names them. */
static int
has_records(const struct eb_table *t, const struct eb_run_meta *m)
{
	for (size_t i = 0; i < t->n; i++) {
		const struct eb_record *r = &t->rows[i];

		if (strcmp(r->f[EB_F_RELEASE], m->release) == 0 &&
		    (*m->host == '\0' || strcmp(r->f[EB_F_HOST], m->host) == 0) &&
		    (*m->config == '\0' || strcmp(r->f[EB_F_CONFIG], m->config) == 0))
			return 1;
	}
	return 0;
}

static int
same_run(const json_t *run, const char *release, const char *host, const char *config)
{
	const char *r = json_string_value(json_object_get(run, "release"));
	const char *h = json_string_value(json_object_get(run, "host"));
	const char *c = json_string_value(json_object_get(run, "config"));

	return r != NULL && h != NULL && c != NULL && strcmp(r, release) == 0 &&
	    strcmp(h, host) == 0 && strcmp(c, config) == 0;
}

char *
eb_datapackage_illustrative(const struct eb_table *t)
{
	json_t *runs = json_array(), *v, *e;
	char *text = NULL;
	size_t k;

	if (runs == NULL) {
		fputs("encbench: out of memory\n", stderr);
		abort();
	}
	for (size_t i = 0; t != NULL && i < t->nmeta; i++) {
		const struct eb_run_meta *m = &t->meta[i];
		int known = 0;

		if (!made_up(m, &v))
			continue;
		json_array_foreach(runs, k, e)
			known |= same_run(e, m->release, m->host, m->config);
		if (!known && has_records(t, m))
			json_array_append_new(runs, json_pack("{s:s,s:s,s:s,s:O}", "release",
			    m->release, "host", m->host, "config", m->config, "illustrative", v));
		json_decref(v);
	}
	if (json_array_size(runs) > 0 &&
	    (text = json_dumps(runs, JSON_PRESERVE_ORDER | JSON_ENSURE_ASCII)) == NULL) {
		fputs("encbench: out of memory\n", stderr);
		abort();
	}
	json_decref(runs);
	return text;
}

/* The text columns a key of an untimed test has in datapackage.json:
 * every one of results.csv's but rep, value and source. */
static const int untimed_fields[] = {
	EB_F_RELEASE, EB_F_HOST, EB_F_CONFIG, EB_F_MODE, EB_F_TOOL, EB_F_JOB, EB_F_WORKLOAD,
	EB_F_OP, EB_F_METRIC, EB_F_UNIT,
};
#define NUNTIMED_FIELDS (sizeof untimed_fields / sizeof untimed_fields[0])

char *
eb_datapackage_untimed(const struct eb_table *t)
{
	json_t *tests;
	char *text;

	if (t == NULL || t->nuntimed == 0)
		return NULL;
	if ((tests = json_array()) == NULL)
		goto oom;
	for (size_t i = 0; i < t->nuntimed; i++) {
		const struct eb_record *k = &t->untimed[i].key;
		json_t *o = json_object();

		if (o == NULL)
			goto oom;
		for (size_t f = 0; f < NUNTIMED_FIELDS; f++)
			json_object_set_new(o, eb_column_names[eb_field_column(untimed_fields[f])],
			    json_string(k->f[untimed_fields[f]]));
		json_object_set_new(o, "block_size", k->block_size > 0 ?
		    json_integer(k->block_size) : json_null());
		/* The run it was not timed in: one run times a test or does not. */
		json_object_set_new(o, "source", json_string(k->f[EB_F_SOURCE]));
		json_array_append_new(tests, o);
	}
	if ((text = json_dumps(tests, JSON_PRESERVE_ORDER | JSON_ENSURE_ASCII)) == NULL)
		goto oom;
	json_decref(tests);
	return text;
oom:
	fputs("encbench: out of memory\n", stderr);
	abort();
}

enum eb_status
eb_datapackage_write(void *ctx, FILE *fp)
{
	const struct eb_datapackage *dp = ctx;
	size_t n = dp->nothers + 1;
	char **names = eb_xcalloc(n, sizeof *names);
	char *illustrative = eb_datapackage_illustrative(dp->t);
	char *untimed = eb_datapackage_untimed(dp->t);

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
		if (i < dp->nothers)
			write_resource(fp, csv, name, dp->others_illustrative != NULL ?
			    dp->others_illustrative[i] : NULL, dp->others_untimed != NULL ?
			    dp->others_untimed[i] : NULL);
		else
			write_resource(fp, csv, name, illustrative, untimed);
		fputs(i + 1 < n ? ",\n" : "\n", fp);
	}
	fputs("  ]\n"
	    "}\n", fp);
	for (size_t i = 0; i < n; i++)
		free(names[i]);
	free((void *)names);
	free(illustrative);
	free(untimed);
	return ferror(fp) ? EB_ERR_IO : EB_OK;
}

static void
push(struct eb_arglist *l, char *s)
{
	if (l->n == l->cap) {
		l->cap = l->cap ? l->cap * 2 : 8;
		l->v = eb_xrealloc(l->v, l->cap * sizeof *l->v);
	}
	l->v[l->n++] = s;
}

/* Reads the package at path: 1 when it is encbench's, and then the CSVs
 * it names that are still files in dir, other than csv_name, are added to
 * *others and their "illustrative" runs (JSON, or NULL) to *illustrative
 * (the caller frees both); 0 when it is not encbench's. */
static char *
member_text(const json_t *r, const char *key)
{
	const json_t *v = json_object_get(r, key);

	return json_is_array(v) ? json_dumps(v, JSON_PRESERVE_ORDER | JSON_ENSURE_ASCII) : NULL;
}

static int
own_package(const char *path, const char *dir, const char *csv_name, struct eb_arglist *others,
    struct eb_arglist *illustrative, struct eb_arglist *untimed)
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
		push(others, eb_xstrdup(csv));
		push(illustrative, member_text(r, "illustrative"));
		push(untimed, member_text(r, "untimed"));
	}
	json_decref(doc);
	return 1;
}

int
eb_write_datapackage(const char *csv_path, const struct eb_table *t)
{
	const char *slash = strrchr(csv_path, '/');
	struct eb_datapackage dp;
	struct eb_arglist others = { NULL, 0, 0 }, illustrative = { NULL, 0, 0 };
	struct eb_arglist untimed = { NULL, 0, 0 };
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
	    !own_package(path, dir, dp.csv_name, &others, &illustrative, &untimed)) {
		fprintf(stderr, "%s: warning: not encbench's (its name is not "
		    "\"encbench-results\"), so it is left as it was and %s has no data "
		    "package\n", path, csv_path);
		free(path);
		free(dir);
		return 0;
	}
	dp.t = t;
	dp.others = (const char *const *)others.v;
	dp.others_illustrative = (const char *const *)illustrative.v;
	dp.nothers = others.n;
	dp.others_untimed = (const char *const *)untimed.v;
	if (eb_write_atomic(path, eb_datapackage_write, &dp, &err) != EB_OK) {
		eb_err_print(&err, stderr);
		rc = eb_exit_code(err.code);
	}
	for (size_t i = 0; i < others.n; i++) {
		free(others.v[i]);
		free(illustrative.v[i]);
		free(untimed.v[i]);
	}
	free(others.v);
	free(illustrative.v);
	free(untimed.v);
	free(path);
	free(dir);
	return rc;
}

/* Whether t already has the run as made up. */
static int
known_made_up(const struct eb_table *t, const char *release, const char *host,
    const char *config)
{
	for (size_t i = 0; i < t->nmeta; i++) {
		const struct eb_run_meta *m = &t->meta[i];
		json_t *v;
		int same = strcmp(m->release, release) == 0 && strcmp(m->host, host) == 0 &&
		    strcmp(m->config, config) == 0 && made_up(m, &v);

		if (same) {
			json_decref(v);
			return 1;
		}
	}
	return 0;
}

/* Whether the file begins with the header of encbench's results.csv. */
static int
is_results_csv(const char *path)
{
	const char *want = eb_results_header();
	size_t n = strlen(want);
	char line[256];
	FILE *fp = fopen(path, "r");
	int is = 0;

	if (fp == NULL)
		return 0;
	if (fgets(line, sizeof line, fp) != NULL) {
		const char *s = strncmp(line, "\xef\xbb\xbf", 3) == 0 ? line + 3 : line;

		is = strncmp(s, want, n) == 0 && (s[n] == '\n' || s[n] == '\r' || s[n] == '\0');
	}
	fclose(fp);
	return is;
}

/* A test the package says was not timed: one with every key column a
 * string and a block size that is a count of bytes or null; what is not
 * is no key, and a claim it would qualify goes without it. */
/* Records by some of their labels (and block size), in an open-addressing
 * set of pointers: the runs of a table's records (release ... job), and
 * its tests run by run (every label of an untimed key and the source). */
static const int run_fields[] = {
	EB_F_RELEASE, EB_F_HOST, EB_F_CONFIG, EB_F_MODE, EB_F_TOOL, EB_F_JOB, EB_F_SOURCE,
};
static const int test_fields[] = {
	EB_F_RELEASE, EB_F_HOST, EB_F_CONFIG, EB_F_MODE, EB_F_TOOL, EB_F_JOB, EB_F_WORKLOAD,
	EB_F_OP, EB_F_METRIC, EB_F_UNIT, EB_F_SOURCE,
};

struct key_set {
	const struct eb_record **slot;
	size_t cap, n;
	const int *fields;
	size_t nfields;
	int block_size;		/* the block size is of the key */
};

/* Labels are interned, and compared by their pointers; a source is a
 * record's own text (eb_table_strdup), compared by its bytes. */
static size_t
key_hash(const struct key_set *s, const struct eb_record *r)
{
	size_t h = s->block_size ? (size_t)r->block_size : 0;

	for (size_t i = 0; i < s->nfields; i++)
		if (s->fields[i] == EB_F_SOURCE)
			for (const char *c = r->f[EB_F_SOURCE]; *c != '\0'; c++)
				h = h * 31 + (unsigned char)*c;
		else
			h = h * 31 + ((uintptr_t)r->f[s->fields[i]] >> 3);
	return h;
}

static int
key_same(const struct key_set *s, const struct eb_record *a, const struct eb_record *b)
{
	for (size_t i = 0; i < s->nfields; i++) {
		int f = s->fields[i];

		if (a->f[f] != b->f[f] && (f != EB_F_SOURCE || strcmp(a->f[f], b->f[f]) != 0))
			return 0;
	}
	return !s->block_size || a->block_size == b->block_size;
}

static const struct eb_record **
key_find(const struct key_set *s, const struct eb_record *r)
{
	size_t i = key_hash(s, r) & (s->cap - 1);

	while (s->slot[i] != NULL && !key_same(s, s->slot[i], r))
		i = (i + 1) & (s->cap - 1);
	return &s->slot[i];
}

/* A set for up to n keys of the labels given: never more than half full,
 * so that a probe always ends. */
static void
key_set_init(struct key_set *s, size_t n, const int *labels, size_t nlabels, int block_size)
{
	for (s->cap = 16; s->cap < 2 * n + 2; s->cap *= 2)
		;
	s->slot = eb_xcalloc(s->cap, sizeof *s->slot);
	s->n = 0;
	s->fields = labels;
	s->nfields = nlabels;
	s->block_size = block_size;
}

/* Adds r (which must outlive the set) unless a key like it is there, of
 * the at most n the set was made for; returns whether it was added. */
static int
key_add(struct key_set *s, const struct eb_record *r)
{
	const struct eb_record **at = key_find(s, r);

	if (*at != NULL)
		return 0;
	*at = r;
	s->n++;
	return 1;
}

/* What became of an entry of the package's "untimed" tests. */
enum entry { ENTRY_BAD, ENTRY_STRANGER, ENTRY_TIMED, ENTRY_AGAIN, ENTRY_ADDED };

/* Reads entry e into *k: ENTRY_BAD when it is no key of a test, else
 * ENTRY_ADDED, its source "" when it names none. */
static enum entry
read_untimed(struct eb_table *t, const json_t *e, struct eb_record *k)
{
	const json_t *bs = json_object_get(e, "block_size"), *src = json_object_get(e, "source");

	eb_record_init(t, k);
	{
		const char *v = json_string_value(src);

		if (v == NULL || *v == '\0')
			return ENTRY_BAD;
		for (const char *c = v; *c != '\0'; c++)
			if ((unsigned char)*c < 0x20 || *c == 0x7f)
				return ENTRY_BAD;
		k->f[EB_F_SOURCE] = eb_intern_cstr(t, v);
	}
	for (size_t f = 0; f < NUNTIMED_FIELDS; f++) {
		const char *s = json_string_value(json_object_get(e,
		    eb_column_names[eb_field_column(untimed_fields[f])]));

		if (s == NULL)
			return ENTRY_BAD;
		for (const char *c = s; *c != '\0'; c++)
			if ((unsigned char)*c < 0x20 || *c == 0x7f)
				return ENTRY_BAD;
		k->f[untimed_fields[f]] = eb_intern_cstr(t, s);
	}
	if (json_is_integer(bs) && json_integer_value(bs) > 0)
		k->block_size = json_integer_value(bs);
	else if (!json_is_null(bs))
		return ENTRY_BAD;
	return eb_bonnie_untimed_key(k) ? ENTRY_ADDED : ENTRY_BAD;
}

/* The package's untimed tests of the CSV whose records t holds: each of a
 * run t has records of, not timed by its run where t has a record of it
 * from that run, and once. */
static void
read_untimed_list(struct eb_table *t, const json_t *untimed, const char *pkg,
    const char *csv, struct eb_diag *diag)
{
	struct key_set runs, timed, seen;
	struct eb_record *keys = eb_xcalloc(json_array_size(untimed) + 1, sizeof *keys);
	size_t count[ENTRY_ADDED + 1] = { 0 }, first[ENTRY_ADDED + 1] = { 0 }, i;
	const json_t *e;

	/* A run is its labels and its source, and the block size bonnie++
	 * gives its I/O tests (0 its file tests). */
	key_set_init(&runs, t->n, run_fields, sizeof run_fields / sizeof *run_fields, 1);
	key_set_init(&timed, t->n, test_fields, sizeof test_fields / sizeof *test_fields, 1);
	key_set_init(&seen, json_array_size(untimed), test_fields,
	    sizeof test_fields / sizeof *test_fields, 1);
	for (i = 0; i < t->n; i++) {
		key_add(&runs, &t->rows[i]);
		key_add(&timed, &t->rows[i]);
	}
	json_array_foreach(untimed, i, e) {
		enum entry what = read_untimed(t, e, &keys[i]);

		if (what == ENTRY_BAD) {
			eb_diag(diag, EB_WARNING, (struct eb_loc){ pkg, 0, 0 }, "entry %zu of the "
			    "\"untimed\" tests of %s is not the key of a test bonnie++ could not "
			    "time (labels and a source that are strings without control characters, "
			    "one of bonnie++'s tests with its rate's metric and unit, a block_size "
			    "that is a count of bytes or null), so what is said of its test cannot "
			    "say it was not timed", i + 1, csv);
			break;
		}
		if (*key_find(&runs, &keys[i]) == NULL)
			what = ENTRY_STRANGER;
		else if (*key_find(&timed, &keys[i]) != NULL)
			what = ENTRY_TIMED;
		else if (!key_add(&seen, &keys[i]))
			what = ENTRY_AGAIN;
		if (count[what]++ == 0)
			first[what] = i + 1;
		if (what == ENTRY_ADDED)
			eb_table_add_untimed(t, &keys[i], (size_t)-1);
	}
	/* An entry the package's own CSV has no run for, or a record of, is
	 * not of it; one given twice is one test. */
	if (count[ENTRY_STRANGER] > 0)
		eb_diag(diag, EB_WARNING, (struct eb_loc){ pkg, 0, 0 }, "%zu of the \"untimed\" "
		    "tests of %s (the first is entry %zu) name a run (release, host, config, mode, "
		    "tool, job, source and block size) of which it has no record: left out",
		    count[ENTRY_STRANGER], csv,
		    first[ENTRY_STRANGER]);
	if (count[ENTRY_TIMED] > 0)
		eb_diag(diag, EB_WARNING, (struct eb_loc){ pkg, 0, 0 }, "%zu of the \"untimed\" "
		    "tests of %s (the first is entry %zu) have a record of the same run (their "
		    "source), so were timed: left out", count[ENTRY_TIMED], csv, first[ENTRY_TIMED]);
	if (count[ENTRY_AGAIN] > 0)
		eb_diag(diag, EB_WARNING, (struct eb_loc){ pkg, 0, 0 }, "%zu of the \"untimed\" "
		    "tests of %s (the first is entry %zu) are given again for the same run: "
		    "counted once", count[ENTRY_AGAIN], csv, first[ENTRY_AGAIN]);
	free(runs.slot);
	free(timed.slot);
	free(seen.slot);
	free(keys);
}

void
eb_datapackage_read(const char *path, struct eb_table *t, struct eb_diag *diag, int warn_missing)
{
	const char *slash = strrchr(path, '/'), *base = slash != NULL ? slash + 1 : path;
	size_t n = strlen(base), k;
	char *pkg, *csv;
	json_error_t je;
	json_t *doc, *res, *r, *runs = NULL, *untimed = NULL, *e;
	const char *name;
	int listed = 0;
	struct stat sb;

	if (n <= 4 || strcmp(base + n - 4, ".csv") != 0 || !is_results_csv(path))
		return;
	csv = eb_xstrdup(base);
	pkg = eb_xasprintf("%.*sdatapackage.json", (int)(base - path), path);
	if (stat(pkg, &sb) != 0) {
		if (warn_missing)
			eb_diag(diag, EB_WARNING, (struct eb_loc){ path, 0, 0 }, "no datapackage.json "
			    "beside it, which says which of its runs are illustrative (made up) "
			    "and which of its tests bonnie++ could not time: the report cannot say "
			    "so; keep the two files together");
		free(pkg);
		free(csv);
		return;
	}
	doc = json_load_file(pkg, JSON_REJECT_DUPLICATES, &je);
	name = json_string_value(json_object_get(doc, "name"));
	res = json_object_get(doc, "resources");
	if (name != NULL && strcmp(name, "encbench-results") == 0)
		json_array_foreach(res, k, r) {
			const char *p = json_string_value(json_object_get(r, "path"));

			if (p != NULL && strcmp(p, csv) == 0) {
				runs = json_object_get(r, "illustrative");
				untimed = json_object_get(r, "untimed");
				listed = 1;
			}
		}
	if (doc == NULL)
		eb_diag(diag, EB_WARNING, (struct eb_loc){ pkg, je.line > 0 ? je.line : 0, 0 },
		    "cannot be read (%s), so which runs of %s are illustrative (made up), and "
		    "which of its tests bonnie++ could not time, is not known", je.text, path);
	else if (name != NULL && strcmp(name, "encbench-results") == 0 && !listed)
		eb_diag(diag, EB_WARNING, (struct eb_loc){ pkg, 0, 0 }, "lists no resource "
		    "\"%s\", so which runs of %s are illustrative (made up), and which of "
		    "its tests bonnie++ could not time, is not known",
		    csv, path);
	json_array_foreach(runs, k, e) {
		const char *rel = json_string_value(json_object_get(e, "release"));
		const char *host = json_string_value(json_object_get(e, "host"));
		const char *config = json_string_value(json_object_get(e, "config"));
		json_t *v = json_object_get(e, "illustrative"), *one;
		struct eb_run_meta m;

		if (rel == NULL || host == NULL || config == NULL || !(json_is_true(v) ||
		    (json_is_string(v) && *json_string_value(v) != '\0')) ||
		    known_made_up(t, rel, host, config))
			continue;
		m.path = eb_intern_cstr(t, pkg);
		m.release = eb_intern_cstr(t, rel);
		m.host = eb_intern_cstr(t, host);
		m.config = eb_intern_cstr(t, config);
		/* As a sheet's mark is kept: no setup but the release. */
		one = json_pack("{s:s,s:O}", "release", rel, "illustrative", v);
		if (one == NULL || (m.json = json_dumps(one, JSON_COMPACT)) == NULL) {
			fputs("encbench: out of memory\n", stderr);
			abort();
		}
		json_decref(one);
		eb_table_add_meta(t, &m);
	}
	if (json_array_size(untimed) > 0)
		read_untimed_list(t, untimed, pkg, csv, diag);
	if (untimed != NULL && !json_is_array(untimed))
		eb_diag(diag, EB_WARNING, (struct eb_loc){ pkg, 0, 0 }, "the \"untimed\" tests "
		    "of %s are not a list, so what is said of them cannot say they were not timed",
		    csv);
	json_decref(doc);
	free(pkg);
	free(csv);
}
