/* unique.c - a dataset holds each measurement once: one test's repetition
 * twice, or one measurement read twice, is an error told where it was read. */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "eb.h"

/* A hash of a source from its length and its first and last eight bytes
 * (sources differ in their line numbers), without a loop over bytes. */
static uint32_t
source_hash(const char *s)
{
	size_t n = strlen(s);
	uint64_t a = 0, b = 0, h;

	if (n >= 8) {
		memcpy(&a, s, 8);
		memcpy(&b, s + n - 8, 8);
	} else {
		memcpy(&a, s, n);
	}
	h = (a * 0x9e3779b97f4a7c15ULL ^ b) * 0xff51afd7ed558ccdULL ^ n;
	return (uint32_t)(h >> 32 ^ h);
}

/* One test as people name it, for the message. */
static void
describe(char *buf, size_t n, const struct eb_record *r)
{
	/* Empty fields are left out, so the key reads as words, not gaps. */
	static const int key[] = { EB_F_RELEASE, EB_F_HOST, EB_F_MODE, EB_F_TOOL,
	    EB_F_JOB, EB_F_OP, EB_F_METRIC };
	size_t used = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < sizeof key / sizeof key[0]; i++) {
		const char *v = r->f[key[i]];
		int w;

		if (v == NULL || v[0] == '\0' || used >= n)
			continue;
		w = snprintf(buf + used, n - used, "%s%.*s", used ? " " : "",
		    key[i] == EB_F_METRIC ? 12 : 20, v);
		used = w < 0 ? n : used + (size_t)w;
	}
	if (used < n)
		snprintf(buf + used, n - used, ", rep %d", r->rep);
}

/* Where row i was read: the file and line when the table knows them,
 * else its source, which a parser of raw output makes path:line. */
static struct eb_loc
read_loc(const struct eb_table *t, size_t i)
{
	struct eb_loc loc = { t->rows[i].f[EB_F_SOURCE], 0, 0 };

	if (t->rows[i].line != 0 && (loc.path = eb_table_read_path(t, i)) != NULL)
		loc.line = t->rows[i].line;
	else
		loc.path = t->rows[i].f[EB_F_SOURCE];
	return loc;
}

/* " (source S)" when row i's source is not where it was read, else "". */
static void
source_note(char *buf, size_t n, const struct eb_table *t, size_t i)
{
	struct eb_loc loc = read_loc(t, i);

	if (loc.line == 0)
		buf[0] = '\0';
	else
		snprintf(buf, n, " (source %.60s)", t->rows[i].f[EB_F_SOURCE]);
}

/* The records of each test, found by key: the group of the record after
 * the previous one's, or the previous one's own, is tried first, since
 * files list their records test by test and each repetition in one
 * order. */
struct grouping {
	uint32_t *first;	/* each group's first row */
	uint32_t *count;
	size_t n, cap;
	uint32_t *slots;	/* group + 1 by key hash; 0 for an empty slot */
	size_t nslots;
};

static uint32_t
group_find(struct grouping *gr, const struct eb_table *t, const struct eb_record *r)
{
	uint64_t h = eb_record_key_hash(r, 0);
	size_t j = h & (gr->nslots - 1);

	while (gr->slots[j] != 0) {
		uint32_t g = gr->slots[j] - 1;

		if (eb_record_key_equal(&t->rows[gr->first[g]], r, 0))
			return g;
		j = (j + 1) & (gr->nslots - 1);
	}
	if (gr->n == gr->cap) {
		size_t cap = gr->cap;

		eb_xgrow(&gr->first, &gr->cap, gr->n + 1, sizeof *gr->first);
		eb_xgrow(&gr->count, &cap, gr->n + 1, sizeof *gr->count);
	}
	gr->first[gr->n] = (uint32_t)(r - t->rows);
	gr->count[gr->n] = 0;
	gr->slots[j] = (uint32_t)++gr->n;
	if (gr->n * 2 >= gr->nslots) {
		size_t n = gr->nslots * 2;
		uint32_t *grown = eb_xcalloc(n, sizeof *grown);

		for (size_t g = 0; g < gr->n; g++) {
			size_t k = eb_record_key_hash(&t->rows[gr->first[g]], 0) & (n - 1);

			while (grown[k] != 0)
				k = (k + 1) & (n - 1);
			grown[k] = (uint32_t)g + 1;
		}
		free(gr->slots);
		gr->slots = grown;
		gr->nslots = n;
	}
	return (uint32_t)(gr->n - 1);
}

/* A record of a group: its row, rep and a hash of its source. */
struct member {
	uint32_t row, rep, source;
};

static size_t
numbers_cut(const char *s, size_t n, int *parts)
{
	*parts = 0;
	for (; *parts < 2; (*parts)++) {
		size_t k = n;

		while (k > 0 && s[k - 1] >= '0' && s[k - 1] <= '9')
			k--;
		if (k == n || k == 0 || s[k - 1] != ':')
			break;
		n = k - 1;
	}
	return n;
}

size_t
eb_source_path_len(const char *source, int *parts)
{
	size_t n = numbers_cut(source, strlen(source), parts);
	const char *tag;

	if (*parts == 0 && (tag = strrchr(source, ' ')) != NULL) {
		size_t cut = numbers_cut(source, (size_t)(tag - source), parts);

		if (*parts > 0)
			n = cut;
	}
	return n;
}

static int
names_line(const char *source)
{
	int parts;

	eb_source_path_len(source, &parts);
	return parts > 0;
}

static uint64_t
value_bits(double v)
{
	uint64_t u;

	memcpy(&u, &v, sizeof u);
	return u;
}

/* One measurement twice: one source, which when it names a line of a file
 * is that measurement whatever digits a copy kept (a spreadsheet rounds
 * them), and else needs the same value too (a hand-made results.csv may
 * name one source for all its rows). */
static int
same_measurement(const struct eb_table *t, const struct member *a, const struct member *b)
{
	const struct eb_record *x = &t->rows[a->row], *y = &t->rows[b->row];

	return a->source == b->source && *x->f[EB_F_SOURCE] != '\0' &&
	    strcmp(x->f[EB_F_SOURCE], y->f[EB_F_SOURCE]) == 0 &&
	    (value_bits(x->value) == value_bits(y->value) || names_line(x->f[EB_F_SOURCE]));
}

/* The first of one group's members m[0, n) (in table order), below
 * before, that repeats an earlier one's repetition (measurement 0) or its
 * measurement (1, same_measurement); n when there is none, else
 * *first is the earlier one. slots holds size zeroes (size a power of two
 * above n) and is left so. */
static size_t
first_repeat(const struct eb_table *t, const struct member *m, size_t n, uint32_t before,
    int measurement, uint32_t *slots, size_t size, size_t *first)
{
	size_t k;

	for (k = 0; k < n && m[k].row < before; k++) {
		uint32_t key = measurement ? m[k].source : m[k].rep;
		size_t j = (key * 0x9e3779b1u) & (size - 1);

		for (; slots[j] != 0; j = (j + 1) & (size - 1)) {
			const struct member *o = &m[slots[j] - 1];

			if (measurement ? same_measurement(t, o, &m[k]) : o->rep == m[k].rep)
				break;
		}
		if (slots[j] != 0) {
			*first = slots[j] - 1;
			break;
		}
		slots[j] = (uint32_t)k + 1;
	}
	for (size_t i = 0; i < k && i < n; i++) {
		uint32_t key = measurement ? m[i].source : m[i].rep;
		size_t j = (key * 0x9e3779b1u) & (size - 1);

		while (slots[j] != 0) {
			slots[j] = 0;
			j = (j + 1) & (size - 1);
		}
	}
	return k < n && m[k].row < before ? k : n;
}

/* Writes where a row was read, path:line or its source alone. */
static void
where(char *buf, size_t n, struct eb_loc loc)
{
	if (loc.line != 0)
		snprintf(buf, n, "%.80s:%ld", loc.path, loc.line);
	else
		snprintf(buf, n, "%.80s", loc.path);
}

enum eb_status
eb_table_check_unique(const struct eb_table *t, struct eb_err *err)
{
	struct grouping gr = { 0 };
	struct member *m;
	uint32_t *of, *order, *slots, worst = UINT32_MAX, first = 0, largest = 0;
	size_t nslots = 16, *start;
	int measurement = 0;
	enum eb_status st = EB_OK;

	if (t->n == 0)
		return EB_OK;
	if (t->n >= UINT32_MAX) {
		struct eb_loc none = { 0 };

		return eb_err_set(err, EB_ERR_DATA, none, "more than %u records in one dataset",
		    UINT32_MAX - 1);
	}
	gr.nslots = 1024;
	gr.slots = eb_xcalloc(gr.nslots, sizeof *gr.slots);
	of = eb_xmalloc(t->n * sizeof *of);
	for (size_t i = 0, prev = 0; i < t->n; i++) {
		const struct eb_record *r = &t->rows[i];
		uint32_t g;

		if (i > 0 && prev + 1 < gr.n && eb_record_key_equal(&t->rows[gr.first[prev + 1]], r, 0))
			g = (uint32_t)prev + 1;
		else if (i > 0 && eb_record_key_equal(&t->rows[gr.first[prev]], r, 0))
			g = (uint32_t)prev;
		else
			g = group_find(&gr, t, r);
		of[i] = g;
		gr.count[g]++;
		prev = g;
	}
	/* Each group's rows side by side, in table order. Four bytes a row
	 * here, the members of one group at a time below: the check costs
	 * little memory beside the records. */
	start = eb_xmalloc((gr.n + 1) * sizeof *start);
	start[0] = 0;
	for (size_t g = 0; g < gr.n; g++) {
		start[g + 1] = start[g] + gr.count[g];
		if (gr.count[g] > largest)
			largest = gr.count[g];
	}
	order = eb_xmalloc(t->n * sizeof *order);
	for (size_t i = 0; i < t->n; i++)
		order[start[of[i]]++] = (uint32_t)i;
	free(of);
	m = eb_xmalloc(largest * sizeof *m);
	while (nslots <= (size_t)largest * 2)
		nslots *= 2;
	slots = eb_xcalloc(nslots, sizeof *slots);
	/* The first repeat in table order is the one told, as a reading of
	 * the records one after the other would find it; a measurement read
	 * twice before a repetition given again at the same row. */
	for (size_t g = 0, from = 0; g < gr.n; from = start[g++]) {
		size_t n = start[g] - from, size = 16, k, f;

		if (n < 2 || gr.first[g] >= worst)
			continue;
		for (k = 0; k < n; k++) {
			const struct eb_record *r = &t->rows[order[from + k]];

			/* The rows of a group lie far apart. */
			if (k + 8 < n)
				__builtin_prefetch(&t->rows[order[from + k + 8]].rep);
			m[k].row = order[from + k];
			m[k].rep = (uint32_t)r->rep;
			m[k].source = source_hash(r->f[EB_F_SOURCE]);
		}
		while (size <= n * 2)
			size *= 2;
		if ((k = first_repeat(t, m, n, worst == UINT32_MAX ? worst : worst + 1, 1,
		    slots, size, &f)) < n) {
			worst = m[k].row;
			first = m[f].row;
			measurement = 1;
		}
		if ((k = first_repeat(t, m, n, worst, 0, slots, size, &f)) < n) {
			worst = m[k].row;
			first = m[f].row;
			measurement = 0;
		}
	}
	if (worst != UINT32_MAX) {
		char what[160], src[80], was[200], was_src[80];

		describe(what, sizeof what, &t->rows[worst]);
		source_note(src, sizeof src, t, worst);
		source_note(was_src, sizeof was_src, t, first);
		where(was, sizeof was, read_loc(t, first));
		if (measurement)
			st = eb_err_set(err, EB_ERR_DATA, read_loc(t, worst), "the measurement of %s%s "
			    "is read twice, first at %s (an encbench results.csv beside the files "
			    "it came from, or one file in two places?)", what, src, was);
		else
			st = eb_err_set(err, EB_ERR_DATA, read_loc(t, worst), "%s%s is given again; "
			    "%s%s gave it first, and a dataset holds each repetition once", what, src,
			    was, was_src);
	}
	free(slots);
	free(m);
	free(order);
	free(start);
	free(gr.first);
	free(gr.count);
	free(gr.slots);
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
