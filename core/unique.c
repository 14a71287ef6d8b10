/* unique.c - a dataset holds each measurement once: one test's repetition
 * twice, or one measurement read twice, is an error naming both sources. */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "eb.h"

static uint64_t
text_hash(const char *s)
{
	uint64_t h = 1469598103934665603ULL;

	for (; *s != '\0'; s++) {
		h ^= (unsigned char)*s;
		h *= 1099511628211ULL;
	}
	return h;
}

static uint64_t
value_bits(double v)
{
	uint64_t u;

	memcpy(&u, &v, sizeof u);
	return u;
}

/* One test as people name it, for the message. */
static void
describe(char *buf, size_t n, const struct eb_record *r)
{
	snprintf(buf, n, "%.20s %.20s %.20s %.20s %.20s %.20s %.12s, rep %d",
	    r->f[EB_F_RELEASE], r->f[EB_F_HOST], r->f[EB_F_MODE], r->f[EB_F_TOOL],
	    r->f[EB_F_JOB], r->f[EB_F_OP], r->f[EB_F_METRIC], r->rep);
}

/* Inserts r into the open-addressing table slots (n a power of two) at
 * hash h, unless a record same(r, it) holds is there: that one is
 * returned. */
static const struct eb_record *
insert(const struct eb_record **slots, size_t n, uint64_t h, const struct eb_record *r,
    int (*same)(const struct eb_record *, const struct eb_record *))
{
	size_t j = h & (n - 1);

	while (slots[j] != NULL) {
		if (same(slots[j], r))
			return slots[j];
		j = (j + 1) & (n - 1);
	}
	slots[j] = r;
	return NULL;
}

static int
same_repetition(const struct eb_record *a, const struct eb_record *b)
{
	return a->rep == b->rep && eb_record_key_equal(a, b, 0);
}

static int
same_measurement(const struct eb_record *a, const struct eb_record *b)
{
	return value_bits(a->value) == value_bits(b->value) &&
	    strcmp(a->f[EB_F_SOURCE], b->f[EB_F_SOURCE]) == 0 && eb_record_key_equal(a, b, 0);
}

enum eb_status
eb_table_check_unique(const struct eb_table *t, struct eb_err *err)
{
	const struct eb_record **reps, **measurements;
	enum eb_status st = EB_OK;
	size_t n = 16;

	while (n < t->n * 2)
		n *= 2;
	reps = eb_xcalloc(n, sizeof *reps);
	measurements = eb_xcalloc(n, sizeof *measurements);
	for (size_t i = 0; i < t->n && st == EB_OK; i++) {
		const struct eb_record *r = &t->rows[i], *first;
		uint64_t key = eb_record_key_hash(r, 0);
		struct eb_loc loc = { r->f[EB_F_SOURCE], 0, 0 };
		char what[160];

		/* A results.csv beside the files it was written from gives their
		 * records again, from the same source, with the same value. */
		first = insert(measurements, n, key ^ text_hash(r->f[EB_F_SOURCE]) * 31 ^
		    value_bits(r->value), r, same_measurement);
		if (first != NULL) {
			describe(what, sizeof what, r);
			st = eb_err_set(err, EB_ERR_DATA, loc, "the measurement of %s is read twice "
			    "(an encbench results.csv beside the files it came from, or one file "
			    "in two places?)", what);
			break;
		}
		first = insert(reps, n, key ^ (uint64_t)r->rep * 0x9e3779b97f4a7c15ULL, r,
		    same_repetition);
		if (first != NULL) {
			describe(what, sizeof what, r);
			st = eb_err_set(err, EB_ERR_DATA, loc, "%s is given again; %.80s gave it "
			    "first, and a dataset holds each repetition once", what,
			    first->f[EB_F_SOURCE]);
		}
	}
	free(reps);
	free(measurements);
	return st;
}

/* Whether path is dir or lies below it (both real paths). */
static int
within(const char *path, const char *dir)
{
	size_t n = strlen(dir);

	return strncmp(path, dir, n) == 0 && (path[n] == '\0' || path[n] == '/' ||
	    (n > 0 && dir[n - 1] == '/'));
}

int
eb_path_named_before(char *const *paths, int i, struct eb_diag *diag)
{
	char *real, *other;
	struct stat sb;
	int seen = 0;

	if (strcmp(paths[i], "-") == 0 || (real = realpath(paths[i], NULL)) == NULL)
		return 0;
	for (int k = 0; k < i && !seen; k++) {
		if (strcmp(paths[k], "-") == 0 || (other = realpath(paths[k], NULL)) == NULL)
			continue;
		seen = strcmp(real, other) == 0 ||
		    (stat(other, &sb) == 0 && S_ISDIR(sb.st_mode) && within(real, other));
		if (seen) {
			struct eb_loc loc = { paths[i], 0, 0 };

			eb_diag(diag, EB_NOTE, loc, "named before (as %s): read once", paths[k]);
		}
		free(other);
	}
	free(real);
	return seen;
}

/* Whether a report's manifest (.encbench-report, which every report
 * folder holds) in the folder of path or one of the two above it lists
 * path: a report's pages, charts and data are no input of the next
 * "report -o DIR DIR" (a page's tables read as a sheet's would be). */
static int
listed_by_report(const char *path)
{
	const char *end = path + strlen(path);
	int listed = 0;

	for (int up = 0; up < 3 && !listed; up++) {
		char *manifest, line[4096];
		const char *rel;
		FILE *fp;

		while (end > path && end[-1] != '/')
			end--;
		if (end == path)
			break;
		rel = end;
		manifest = eb_xasprintf("%.*s.encbench-report", (int)(end - path), path);
		fp = fopen(manifest, "r");
		free(manifest);
		while (fp != NULL && !listed && fgets(line, sizeof line, fp) != NULL) {
			line[strcspn(line, "\n")] = '\0';
			listed = strcmp(line, rel) == 0;
		}
		if (fp != NULL)
			fclose(fp);
		end--;
	}
	return listed;
}

int
eb_is_own_output(const char *path)
{
	const char *slash = strrchr(path, '/'), *base = slash != NULL ? slash + 1 : path;
	size_t n = strlen(base), stem;
	char *pkg, *want, buf[65536];
	FILE *fp;
	size_t got;
	int own;

	/* results.csv and the results.json written beside it (a report's
	 * folder holds both; the datapackage names the CSV). */
	if (n > 4 && strcmp(base + n - 4, ".csv") == 0)
		stem = n - 4;
	else if (n > 5 && strcmp(base + n - 5, ".json") == 0 && strcmp(base, "datapackage.json") != 0)
		stem = n - 5;
	else
		return listed_by_report(path);
	pkg = eb_xasprintf("%.*sdatapackage.json", (int)(base - path), path);
	fp = fopen(pkg, "r");
	free(pkg);
	if (fp == NULL)
		return listed_by_report(path);
	got = fread(buf, 1, sizeof buf - 1, fp);
	fclose(fp);
	buf[got] = '\0';
	want = eb_xasprintf("\"path\": \"%.*s.csv\"", (int)stem, base);
	own = strstr(buf, "\"name\": \"encbench-results\"") != NULL && strstr(buf, want) != NULL;
	free(want);
	return own || listed_by_report(path);
}
