/* rundir.c - run directories as the runner writes them: meta.json at the
 * root labels every record with release, host and config, a first-level
 * folder names the mode, and a file name such as dd-write-r2.txt or
 * fio-rand-read-r1.json gives the tool, workload, op and repetition. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include <jansson.h>

#include "ingest.h"
#include "modes.h"
#include "rundir.h"
#include "rundir_facts.h"

/* A meta.json is a few kilobytes; more is somebody else's file. */
#define META_MAX (16 << 20)

/* The members of meta.json that encbench reads besides the labels, and
 * what they must be: one of another type was silently ignored. */
struct meta_type {
	const char *key;
	const char *what;
	int (*ok)(const json_t *v);
};

static int
whole_count(const json_t *v)
{
	double d = json_number_value(v);

	return json_is_number(v) && d >= 0 && d <= 9.2e18 && d == (double)(long long)d;
}

static int
is_object(const json_t *v)
{
	return json_is_object(v);
}

static int
string_list(const json_t *v)
{
	size_t i;
	const json_t *e;

	if (!json_is_array(v))
		return 0;
	json_array_foreach(v, i, e)
		if (!json_is_string(e))
			return 0;
	return 1;
}

/* "illustrative": true, false, or a note saying why the numbers are made
 * up (the samples' meta.json carry one). A string that reads as a "no"
 * ("no", "No, measured on real disks", "not illustrative", "false") is
 * ambiguous, so it is refused rather than taken as a note. */
static int
illustrative_value(const json_t *v)
{
	static const char *const negations[] = { "no", "not", "non", "false", "0", "n", "off",
		"none", "never", "nothing" };
	const char *s;

	if (json_is_boolean(v))
		return 1;
	if (!json_is_string(v))
		return 0;
	s = json_string_value(v);
	while (*s == ' ' || *s == '\t')
		s++;
	if (*s == '\0')
		return 0;
	for (size_t i = 0; i < sizeof negations / sizeof negations[0]; i++) {
		size_t n = strlen(negations[i]);

		if (strncasecmp(s, negations[i], n) == 0 && !isalnum((unsigned char)s[n]))
			return 0;
	}
	return strcasestr(s, "not illustrative") == NULL && strcasestr(s, "non-illustrative") == NULL;
}

static const struct meta_type meta_types[] = {
	{ "illustrative", "true, false or a note saying why the numbers are made up",
	    illustrative_value },
	{ "cores", "a whole number", whole_count },
	{ "memory_bytes", "a whole number of bytes", whole_count },
	{ "runner", "an object", is_object },
	{ "expected", "an array of file names (strings)", string_list },
};

static const struct meta_type *
wrong_type(const json_t *doc)
{
	for (size_t i = 0; i < sizeof meta_types / sizeof meta_types[0]; i++) {
		const json_t *v = json_object_get(doc, meta_types[i].key);

		if (v != NULL && !json_is_null(v) && !meta_types[i].ok(v))
			return &meta_types[i];
	}
	return NULL;
}

static int
is_boolean(const json_t *v)
{
	return json_is_boolean(v);
}

static int
is_string(const json_t *v)
{
	return json_is_string(v);
}

static int
string_or_null(const json_t *v)
{
	return json_is_string(v) || json_is_null(v);
}

/* null as the runner writes it; false as a hand would. */
static int
encryption_value(const json_t *v)
{
	return json_is_string(v) || json_is_null(v) || json_is_false(v);
}

/* The runner's members that say how its runs were taken, which the
 * caveats of report and findings rest on: a yes-or-no given as null, 0 or
 * "false" is no answer, so these are refused with the type they must be
 * rather than read as not said. */
static const struct meta_type runner_types[] = {
	{ "backend", "a string", is_string },
	{ "tests", "a string", is_string },
	{ "drop_caches", "true or false", is_boolean },
	{ "bonnie_reads_may_be_cached", "true or false", is_boolean },
	{ "targets", "an object of each mode's folder", is_object },
};

static const struct meta_type target_types[] = {
	{ "path", "a string or null", string_or_null },
	{ "fs", "a string or null", string_or_null },
	{ "device", "a string or null", string_or_null },
	{ "storage", "a string or null", string_or_null },
	{ "encryption", "a string naming what encrypts the folder, or null", encryption_value },
};

/* The first member of runner (an object or NULL) of a wrong type: its
 * dotted name in key, the line it is on, and what it must be; NULL when
 * every one is right. */
static const char *
runner_wrong_type(json_t *runner, const char *body, char *key, size_t n, long *line)
{
	json_t *targets, *v;
	const char *mode;

	for (size_t i = 0; i < sizeof runner_types / sizeof runner_types[0]; i++) {
		v = json_object_get(runner, runner_types[i].key);
		if (v != NULL && !runner_types[i].ok(v)) {
			snprintf(key, n, "runner.%s", runner_types[i].key);
			*line = eb_meta_member_line(body, "runner", runner_types[i].key);
			return runner_types[i].what;
		}
	}
	targets = json_object_get(runner, "targets");
	json_object_foreach(targets, mode, v) {
		if (!json_is_object(v)) {
			snprintf(key, n, "runner.targets.%.100s", mode);
			*line = eb_meta_member_line(body, "targets", mode);
			return "an object";
		}
		for (size_t i = 0; i < sizeof target_types / sizeof target_types[0]; i++) {
			const json_t *m = json_object_get(v, target_types[i].key);

			if (m != NULL && !target_types[i].ok(m)) {
				snprintf(key, n, "runner.targets.%.100s.%s", mode, target_types[i].key);
				*line = eb_meta_member_line(body, mode, target_types[i].key);
				return target_types[i].what;
			}
		}
	}
	return NULL;
}

/* The line of the first "key" in the text, after the first "outer" when
 * outer is given (a nested member, "tools" then "fio"), for messages;
 * jansson keeps no positions of what it accepted. */
long
eb_meta_member_line(const char *text, const char *outer, const char *key)
{
	const char *from = text, *at;
	char *quoted;
	long line = 1;

	if (outer != NULL) {
		quoted = eb_xasprintf("\"%s\"", outer);
		at = strstr(text, quoted);
		free(quoted);
		if (at != NULL)
			from = at;
	}
	quoted = eb_xasprintf("\"%s\"", key);
	at = strstr(from, quoted);
	free(quoted);
	if (at == NULL)
		at = from;
	if (at == text && outer == NULL)
		return 0;
	for (const char *q = text; q < at; q++)
		line += *q == '\n';
	return line;
}

static long
key_line(const char *text, const char *key)
{
	return eb_meta_member_line(text, NULL, key);
}

/* Warnings of control characters: the first few members by name, the
 * rest counted, so that a hostile file cannot flood the terminal. */
#define CONTROL_WARNINGS 5

struct cleaning {
	const char *path, *body;
	struct eb_diag *diag;
	size_t told;
};

/* Every string of meta.json with each control character (a newline, an
 * escape, a reordering mark: eb_utf8_control) written as a space, as
 * --title is: the setup fields (cpu, kernel, tools.fio ...) are printed on
 * the report's pages and the labels in every record, where an escape
 * would drive the terminal that shows them. One warning per member, at
 * its line in meta.json. */
static void
clean_strings(json_t *v, const char *outer, const char *key, struct cleaning *c)
{
	const char *k;
	json_t *e;
	size_t i;

	if (json_is_object(v)) {
		json_object_foreach(v, k, e)
			clean_strings(e, key, k, c);
	} else if (json_is_array(v)) {
		json_array_foreach(v, i, e)
			clean_strings(e, outer, key, c);
	} else if (json_is_string(v)) {
		char *text = eb_xstrdup(json_string_value(v));

		if (eb_utf8_controls_to_spaces(text) > 0) {
			struct eb_loc loc = { c->path, eb_meta_member_line(c->body, outer, key), 0 };

			json_string_set(v, text);
			if (c->told++ < CONTROL_WARNINGS)
				eb_diag(c->diag, EB_WARNING, loc, "\"%s%s%s\" holds control characters "
				    "(a newline, a tab, an escape, a reordering mark); they are read "
				    "as spaces", outer != NULL ? outer : "", outer != NULL ? "." : "",
				    key);
		}
		free(text);
	}
}

/* The label meta.json gives a field, spelt as every input spells it
 * (a sheet, --set): release "Ubuntu 24.04" is 24.04, config "No AES-NI"
 * the runner's no-aesni. A spelling that is more than the label folded
 * to lower case and dashes gets a note at its line. A label a spreadsheet
 * would run as a formula is an error: results.csv is read back as it is
 * written, and Excel opens it. */
static enum eb_status
meta_label(struct eb_table *t, const char *path, const char *body, const char *key,
    int field, const char *text, const char **out, struct eb_diag *diag, struct eb_err *err)
{
	char canon[EB_MODE_MAX * 2], folded[EB_MODE_MAX * 2];
	struct eb_loc loc = { path, key_line(body, key), 0 };

	eb_label_normalize(field, text, canon, sizeof canon);
	eb_label_normalize(EB_F_HOST, text, folded, sizeof folded);
	if (eb_label_formula(canon))
		return eb_err_set(err, EB_ERR_DATA, loc, "\"%s\" in meta.json is '%s', which a "
		    "spreadsheet opening results.csv would run as a formula: no label may begin "
		    "with =, +, - or @", key, canon);
	if (strcmp(canon, folded) != 0)
		eb_diag(diag, EB_NOTE, loc, "%s '%s' is read as '%s', as every input spells it",
		    key, text, canon);
	*out = eb_intern_cstr(t, canon);
	return EB_OK;
}

/* The run whose meta.json at path (interned) is already in t, or -1. */
static long
loaded(const struct eb_table *t, const char *path)
{
	for (size_t i = 0; i < t->nmeta; i++)
		if (t->meta[i].path == path)
			return (long)i;
	return -1;
}

/* Reads DIR/meta.json when there is one. Returns EB_OK with *found 0 when
 * there is none. */
enum eb_status
eb_rundir_load(struct eb_table *t, const char *dir, size_t *index, int *found,
    struct eb_diag *diag, struct eb_err *err)
{
	char *path = eb_xasprintf("%s/meta.json", dir);
	struct eb_run_meta m;
	json_error_t je;
	json_t *doc;
	static const char *const keys[] = { "release", "host", "config" };
	static const int fields[] = { EB_F_RELEASE, EB_F_HOST, EB_F_CONFIG };
	const char **vals[] = { &m.release, &m.host, &m.config };
	const struct meta_type *bad;
	struct cleaning cleaning;
	struct eb_buf text;
	char chunk[8192];
	const char *body;
	size_t n;
	long again;
	FILE *fp;
	struct stat sb;

	*found = 0;
	fp = fopen(path, "r");
	if (fp == NULL) {
		free(path);
		return EB_OK;
	}
	m.path = eb_intern_cstr(t, path);
	free(path);
	/* The run's labels come from it: no output may replace it. */
	if (fstat(fileno(fp), &sb) == 0)
		eb_input_note(m.path, &sb);
	/* Read once for every file named in the run, and warned of once. */
	if ((again = loaded(t, m.path)) >= 0) {
		fclose(fp);
		*index = (size_t)again;
		*found = 1;
		return EB_OK;
	}
	eb_buf_init(&text, META_MAX);
	while ((n = fread(chunk, 1, sizeof chunk, fp)) > 0)
		if (eb_buf_add(&text, chunk, n) != 0) {
			struct eb_loc loc = { m.path, 0, 0 };

			fclose(fp);
			eb_buf_free(&text);
			return eb_err_set(err, EB_ERR_DATA, loc,
			    "meta.json is larger than %d bytes, the most encbench reads", META_MAX);
		}
	fclose(fp);
	/* A UTF-8 BOM, which editors on Windows write, as every other input. */
	body = eb_buf_cstr(&text);
	if (text.len >= 3 && memcmp(body, "\xEF\xBB\xBF", 3) == 0)
		body += 3;
	doc = json_loadb(body, text.len - (size_t)(body - text.data), JSON_REJECT_DUPLICATES, &je);
	if (doc == NULL) {
		struct eb_loc loc = { m.path, je.line > 0 ? je.line : 0, je.column > 0 ? je.column : 0 };

		eb_buf_free(&text);
		return eb_err_set(err, EB_ERR_DATA, loc, "%s", je.text);
	}
	if (!json_is_object(doc)) {
		struct eb_loc loc = { m.path, 1, 0 };

		json_decref(doc);
		eb_buf_free(&text);
		return eb_err_set(err, EB_ERR_DATA, loc, "meta.json is not a JSON object");
	}
	if ((bad = wrong_type(doc)) != NULL) {
		struct eb_loc loc = { m.path, key_line(body, bad->key), 0 };

		json_decref(doc);
		eb_buf_free(&text);
		return eb_err_set(err, EB_ERR_DATA, loc, "\"%s\" in meta.json must be %s",
		    bad->key, bad->what);
	}
	{
		char key[160];
		long line = 0;
		const char *what = runner_wrong_type(json_object_get(doc, "runner"), body, key,
		    sizeof key, &line);

		if (what != NULL) {
			struct eb_loc loc = { m.path, line, 0 };

			json_decref(doc);
			eb_buf_free(&text);
			return eb_err_set(err, EB_ERR_DATA, loc, "\"%s\" in meta.json must be %s",
			    key, what);
		}
	}
	cleaning = (struct cleaning){ m.path, body, diag, 0 };
	clean_strings(doc, NULL, NULL, &cleaning);
	if (cleaning.told > CONTROL_WARNINGS) {
		struct eb_loc loc = { m.path, 0, 0 };

		eb_diag(diag, EB_WARNING, loc, "%zu more strings hold control characters; they "
		    "are read as spaces", cleaning.told - CONTROL_WARNINGS);
	}
	for (size_t i = 0; i < 3; i++) {
		json_t *v = json_object_get(doc, keys[i]);
		enum eb_status st;

		*vals[i] = "";
		if (v == NULL || json_is_null(v))
			continue;
		if (!json_is_string(v)) {
			struct eb_loc loc = { m.path, key_line(body, keys[i]), 0 };

			json_decref(doc);
			eb_buf_free(&text);
			return eb_err_set(err, EB_ERR_DATA, loc,
			    "\"%s\" in meta.json must be a string", keys[i]);
		}
		st = meta_label(t, m.path, body, keys[i], fields[i], json_string_value(v), vals[i],
		    diag, err);
		if (st != EB_OK) {
			json_decref(doc);
			eb_buf_free(&text);
			return st;
		}
	}
	m.json = json_dumps(doc, JSON_COMPACT | JSON_PRESERVE_ORDER);
	json_decref(doc);
	if (m.json == NULL) {
		fputs("encbench: out of memory\n", stderr);
		abort();
	}
	eb_run_facts_warn(m.path, body, m.json, m.config, diag);
	eb_buf_free(&text);
	*index = eb_table_add_meta(t, &m);
	*found = 1;
	return EB_OK;
}

static const char *const ops[] = {
	"read", "write", "rewrite", "mixed", "trim", "seek", "create",
	"stat", "delete", "rw", "randrw", "readwrite",
};

int
eb_op_known(const char *s)
{
	for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++)
		if (strcmp(s, ops[i]) == 0)
			return 1;
	return 0;
}

const char *
eb_op_names(void)
{
	return "read, write, rewrite, mixed, trim, seek, create, stat, delete, rw, randrw, "
	    "readwrite";
}

static void
fill(struct eb_table *t, size_t first, int field, const char *value)
{
	const char *v = eb_intern_cstr(t, value);

	for (size_t i = first; i < t->n; i++)
		if (*t->rows[i].f[field] == '\0')
			t->rows[i].f[field] = v;
}

static int
repeats_a_case(const struct eb_table *t, size_t first)
{
	for (size_t i = first; i < t->n; i++)
		for (size_t j = i + 1; j < t->n; j++)
			if (eb_record_key_equal(&t->rows[i], &t->rows[j], 0))
				return 1;
	return 0;
}

void
eb_rundir_label(struct eb_table *t, size_t index, size_t first, const char *rel)
{
	const struct eb_run_meta *m = &t->meta[index];
	const char *slash = strchr(rel, '/');
	const char *base = strrchr(rel, '/');
	char name[256], *tok[8], *dot, *save = NULL;
	size_t ntok = 0;

	fill(t, first, EB_F_RELEASE, m->release);
	fill(t, first, EB_F_HOST, m->host);
	fill(t, first, EB_F_CONFIG, m->config);
	if (slash != NULL) {
		char mode[128];
		size_t n = (size_t)(slash - rel);

		if (n < sizeof mode) {
			char canon[EB_MODE_MAX];

			memcpy(mode, rel, n);
			mode[n] = '\0';
			/* "AES-256-GCM" or "luks 4k" as a folder name is the mode
			 * every other input spells aes-256-gcm or luks-xts-4k. */
			eb_mode_canonical(mode, canon, sizeof canon);
			fill(t, first, EB_F_MODE, canon);
		}
	}
	snprintf(name, sizeof name, "%s", base ? base + 1 : rel);
	if ((dot = strchr(name, '.')) != NULL)
		*dot = '\0';
	for (char *p = strtok_r(name, "-_", &save); p != NULL && ntok < 8;
	    p = strtok_r(NULL, "-_", &save))
		tok[ntok++] = p;
	if (ntok > 0 && tok[ntok - 1][0] == 'r' && tok[ntok - 1][1] >= '0' &&
	    tok[ntok - 1][1] <= '9') {
		char *end;
		long rep = strtol(tok[ntok - 1] + 1, &end, 10);

		if (*end == '\0' && rep >= 1 && rep <= 1000000) {
			/* A file that holds several runs of one case (dd runs
			 * appended to one log) numbers them itself. */
			if (!repeats_a_case(t, first))
				for (size_t i = first; i < t->n; i++)
					if (t->rows[i].rep == 0)
						t->rows[i].rep = (int)rep;
			ntok--;
		}
	}
	if (ntok >= 2 && eb_op_known(tok[ntok - 1])) {
		fill(t, first, EB_F_OP, tok[ntok - 1]);
		ntok--;
	}
	if (ntok >= 2) {
		const char *w = tok[1];

		if (strcmp(w, "seq") == 0 || strcmp(w, "rand") == 0 || strcmp(w, "mixed") == 0)
			fill(t, first, EB_F_WORKLOAD, w);
	}
}

void
eb_rundir_check(const struct eb_table *t, size_t index, const char *root,
    struct eb_diag *diag)
{
	const struct eb_run_meta *m = &t->meta[index];
	json_t *doc = json_loads(m->json, 0, NULL), *expected, *v;
	struct eb_loc loc = { m->path, 0, 0 };
	struct eb_buf missing;
	size_t i, nmissing = 0, total;

	if (doc == NULL)
		return;
	expected = json_object_get(doc, "expected");
	if (!json_is_array(expected)) {
		json_decref(doc);
		return;
	}
	eb_buf_init(&missing, 0);
	total = json_array_size(expected);
	json_array_foreach(expected, i, v) {
		struct stat sb;
		char *path;

		if (!json_is_string(v))
			continue;
		path = eb_xasprintf("%s/%s", root, json_string_value(v));
		if (stat(path, &sb) != 0 || sb.st_size == 0) {
			if (nmissing < 5)
				eb_buf_addf(&missing, "%s%s", nmissing ? ", " : "",
				    json_string_value(v));
			nmissing++;
		}
		free(path);
	}
	if (nmissing > 0)
		eb_diag(diag, EB_WARNING, loc, "run incomplete: %zu of %zu outputs missing "
		    "(%s%s); what finished was read; encbench-run --resume --out %s "
		    "runs the rest", nmissing, total, eb_buf_cstr(&missing),
		    nmissing > 5 ? ", ..." : "", root);
	eb_buf_free(&missing);
	json_decref(doc);
}

int
eb_rundir_meta_get(const struct eb_run_meta *m, const char *key, char *buf, size_t n)
{
	json_t *doc = json_loads(m->json, 0, NULL), *v;
	const char *dot = strchr(key, '.');
	char outer[64];
	int found = 0;

	buf[0] = '\0';
	if (doc == NULL)
		return 0;
	/* The labels meta.json gives, as the records have them. */
	if ((strcmp(key, "release") == 0 || strcmp(key, "host") == 0 ||
	    strcmp(key, "config") == 0) && json_is_string(json_object_get(doc, key))) {
		snprintf(buf, n, "%s", key[0] == 'r' ? m->release : key[0] == 'h' ? m->host :
		    m->config);
		json_decref(doc);
		return *buf != '\0';
	}
	if (dot != NULL && (size_t)(dot - key) < sizeof outer) {
		memcpy(outer, key, (size_t)(dot - key));
		outer[dot - key] = '\0';
		v = json_object_get(json_object_get(doc, outer), dot + 1);
	} else
		v = json_object_get(doc, key);
	if (json_is_string(v)) {
		snprintf(buf, n, "%s", json_string_value(v));
		found = *buf != '\0';
	} else if (json_is_integer(v)) {
		snprintf(buf, n, "%lld", (long long)json_integer_value(v));
		found = 1;
	} else if (json_is_real(v)) {
		snprintf(buf, n, "%g", json_real_value(v));
		found = 1;
	} else if (json_is_boolean(v)) {
		snprintf(buf, n, "%s", json_is_true(v) ? "yes" : "no");
		found = 1;
	}
	json_decref(doc);
	return found;
}

/* The part of a path up to the first dot of its last name. */
static size_t
stem_len(const char *rel)
{
	const char *base = strrchr(rel, '/');
	const char *dot = strchr(base != NULL ? base + 1 : rel, '.');

	return dot != NULL ? (size_t)(dot - rel) : strlen(rel);
}

/* Whether the comma-separated list holds the n bytes at s. */
static int
in_list(const char *list, const char *s, size_t n)
{
	for (const char *p = list; *p != '\0';) {
		size_t len = strcspn(p, ",");

		if (len == n && strncmp(p, s, n) == 0)
			return 1;
		p += len + (p[len] == ',');
	}
	return 0;
}

/* What the plan is, for the message: its runner's settings, or the
 * number of outputs it lists. */
static void
describe_plan(const json_t *doc, size_t nexpected, struct eb_buf *b)
{
	const json_t *runner = json_object_get(doc, "runner");
	const json_t *reps = json_object_get(runner, "reps");
	const json_t *tests = json_object_get(runner, "tests");
	const json_t *modes = json_object_get(runner, "modes");

	if (nexpected > 0)
		eb_buf_addf(b, "%zu outputs under \"expected\"", nexpected);
	if (json_is_integer(reps) || json_is_string(tests) || json_is_string(modes)) {
		eb_buf_addf(b, "%s", nexpected > 0 ? ": " : "");
		if (json_is_integer(reps))
			eb_buf_addf(b, "%lld repetitions", (long long)json_integer_value(reps));
		if (json_is_string(tests))
			eb_buf_addf(b, "%sof %s", json_is_integer(reps) ? " " : "",
			    json_string_value(tests));
		if (json_is_string(modes))
			eb_buf_addf(b, "%sin %s", json_is_integer(reps) || json_is_string(tests) ?
			    " " : "", json_string_value(modes));
	}
}

/* Why the runner's settings do not plan rel, or NULL. */
static const char *
outside_settings(const json_t *doc, const char *rel)
{
	const json_t *runner = json_object_get(doc, "runner");
	const json_t *reps = json_object_get(runner, "reps");
	const json_t *tests = json_object_get(runner, "tests");
	const json_t *modes = json_object_get(runner, "modes");
	const char *slash = strchr(rel, '/'), *base = strrchr(rel, '/');
	const char *name = base != NULL ? base + 1 : rel;
	size_t stem = strcspn(name, "."), tool = strcspn(name, "-_.");
	const char *r = NULL;

	for (size_t i = stem; i-- > 1;)
		if (name[i - 1] == '-' || name[i - 1] == '_') {
			r = name + i;
			break;
		}
	if (json_is_integer(reps) && r != NULL && r[0] == 'r' && r[1] >= '1' && r[1] <= '9') {
		char *end;
		long rep = strtol(r + 1, &end, 10);

		if (end == name + stem && rep > json_integer_value(reps))
			return "its repetition is beyond runner.reps";
	}
	if (json_is_string(modes) && slash != NULL &&
	    !in_list(json_string_value(modes), rel, (size_t)(slash - rel)))
		return "its mode folder is not in runner.modes";
	if (json_is_string(tests) && tool > 0 && !in_list(json_string_value(tests), name, tool) &&
	    !(tool == 6 && strncmp(name, "bonnie", 6) == 0 &&
	    in_list(json_string_value(tests), "bonnie++", 8)))
		return "its tool is not in runner.tests";
	return NULL;
}

enum eb_status
eb_rundir_planned(const struct eb_table *t, size_t index, const char *rel, const char *path,
    struct eb_err *err)
{
	const struct eb_run_meta *m = &t->meta[index];
	json_t *doc = json_loads(m->json, 0, NULL), *expected, *v;
	struct eb_loc loc = { path, 0, 0 };
	const char *why = NULL;
	size_t i, n = stem_len(rel), nexpected = 0;
	enum eb_status st = EB_OK;
	int listed = 0;

	if (doc == NULL)
		return EB_OK;
	expected = json_object_get(doc, "expected");
	if (json_is_array(expected) && json_array_size(expected) > 0) {
		nexpected = json_array_size(expected);
		json_array_foreach(expected, i, v) {
			const char *e = json_string_value(v);

			if (e != NULL && stem_len(e) == n && strncmp(e, rel, n) == 0)
				listed = 1;
		}
		if (!listed)
			why = "meta.json does not list it";
	} else
		why = outside_settings(doc, rel);
	if (why != NULL) {
		struct eb_buf plan;

		eb_buf_init(&plan, 0);
		describe_plan(doc, nexpected, &plan);
		st = eb_err_set(err, EB_ERR_DATA, loc, "an output this run did not plan (%s; "
		    "%s plans %s); a file from another run? Move it out of the run folder, or "
		    "name it alone to read it", why, m->path, plan.len ? eb_buf_cstr(&plan) :
		    "nothing more");
		eb_buf_free(&plan);
	}
	json_decref(doc);
	return st;
}

void
eb_rundir_host(struct eb_table *t, size_t index, size_t first, const char *path,
    struct eb_diag *diag)
{
	const struct eb_run_meta *m = &t->meta[index];
	const char *told = NULL;

	if (m->host[0] == '\0')
		return;
	for (size_t i = first; i < t->n; i++) {
		const char *host = t->rows[i].f[EB_F_HOST];
		char spelt[EB_MODE_MAX * 2];

		/* bonnie++ prints the host as hostname gave it, "MyBox" of
		 * meta.json's mybox. */
		eb_label_normalize(EB_F_HOST, host, spelt, sizeof spelt);
		if (host[0] == '\0' || strcmp(spelt, m->host) == 0) {
			t->rows[i].f[EB_F_HOST] = m->host;
			continue;
		}
		if (told == NULL || strcmp(told, host) != 0) {
			struct eb_loc loc = { path, 0, 0 };

			eb_diag(diag, EB_WARNING, loc, "the output names host '%s', its run's "
			    "meta.json (%s) '%s': every record of a run is of meta.json's host",
			    host, m->path, m->host);
			told = host;
		}
		t->rows[i].f[EB_F_HOST] = m->host;
	}
}
