/* sheet_map.c - the --map file: what a spreadsheet's layout cannot say
 * (its release, the tool behind a column, a unit), as a small JSON object. */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <jansson.h>

#include "modes.h"
#include "sheet.h"

#define MAP_MAX_BYTES (1024 * 1024)

struct loader {
	struct eb_sheet_map *m;
	struct eb_table *t;
	struct eb_err *err;
	const char *text;	/* the file, to point at what a message is about */
	size_t len;
};

static const char attr_keys[] =
    "release, host, config, mode, tool, job, workload, op, unit, metric, "
    "block_size, rep";

/* jansson keeps no position of a value once parsed; the first place the
 * quoted text occurs is almost always where the offending key or value
 * is, and a line number is worth more than none. */
static struct eb_loc
locate(const struct loader *ld, const char *needle)
{
	struct eb_loc loc = { ld->m->path, 0, 0 };
	char quoted[160];
	const char *at;
	int n = snprintf(quoted, sizeof quoted, "\"%s\"", needle);

	if (n <= 2 || (size_t)n >= sizeof quoted ||
	    (at = memmem(ld->text, ld->len, quoted, (size_t)n)) == NULL)
		return loc;
	loc.line = 1;
	loc.col = 1;
	for (const char *s = ld->text; s < at; s++) {
		if (*s == '\n') {
			loc.line++;
			loc.col = 1;
		} else {
			loc.col++;
		}
	}
	return loc;
}

static enum eb_status
fail(const struct loader *ld, const char *near, const char *where, const char *fmt,
    const char *arg)
{
	char msg[200];

	snprintf(msg, sizeof msg, fmt, arg);
	return eb_err_set(ld->err, EB_ERR_DATA, locate(ld, near), "map: %s%s%s", where,
	    *where ? ": " : "", msg);
}

static int
is_attr(const char *key)
{
	static const char *const keys[] = {
		"release", "host", "config", "mode", "tool", "job", "workload", "op",
		"unit", "metric", "block_size", "rep", NULL,
	};

	for (size_t i = 0; keys[i] != NULL; i++)
		if (strcmp(key, keys[i]) == 0)
			return 1;
	return 0;
}

/* Keys people add to say what an entry is for; JSON has no comments. */
static int
is_comment(const char *key)
{
	return key[0] == '_' || key[0] == '$' || strcmp(key, "comment") == 0 ||
	    strcmp(key, "note") == 0;
}

static enum eb_status
read_attr(struct loader *ld, const char *where, const char *key, json_t *v,
    struct eb_sheet_attrs *at)
{
	static const int fields[] = {
		EB_F_RELEASE, EB_F_HOST, EB_F_CONFIG, EB_F_MODE, EB_F_TOOL,
		EB_F_JOB, EB_F_WORKLOAD, EB_F_OP, EB_F_METRIC,
	};
	static const char *const names[] = {
		"release", "host", "config", "mode", "tool", "job", "workload", "op",
		"metric",
	};
	const char *s;

	if (strcmp(key, "rep") == 0) {
		if (!json_is_integer(v) || json_integer_value(v) < 1 ||
		    json_integer_value(v) > 1000000000)
			return fail(ld, key, where, "%s must be a whole number from 1", key);
		at->rep = (int)json_integer_value(v);
		return EB_OK;
	}
	if (strcmp(key, "block_size") == 0) {
		if (json_is_integer(v) && json_integer_value(v) > 0) {
			at->block_size = json_integer_value(v);
			return EB_OK;
		}
		if (json_is_string(v) &&
		    (at->block_size = eb_sheet_block_size(json_string_value(v), 1)) > 0)
			return EB_OK;
		return fail(ld, key, where, "%s must be bytes or a size like \"4k\"", key);
	}
	if (!json_is_string(v))
		return fail(ld, key, where, "%s must be a string", key);
	s = json_string_value(v);
	if (strcmp(key, "unit") == 0) {
		if (!eb_sheet_unit_parse(s, strlen(s), &at->unit))
			return fail(ld, s, where, "'%s' is not a unit encbench knows "
			    "(B/s, kB/s, MB/s, GB/s, KiB/s, MiB/s, GiB/s, IOPS, ops/s, ns, us, ms, %%)", s);
		return EB_OK;
	}
	for (size_t i = 0; i < sizeof fields / sizeof fields[0]; i++) {
		char buf[EB_MODE_MAX];

		if (strcmp(key, names[i]) != 0)
			continue;
		/* A mode label with a configuration beside it is two labels,
		 * as in a sheet's mode cell; kept whole it would be a mode of
		 * its own, "aes-256-gcm-(no-aes-ni)", comparing with nothing. */
		if (fields[i] == EB_F_MODE) {
			struct eb_mode_label m;
			char msg[640];

			if (eb_mode_read(s, &m) == EB_MODE_KNOWN && m.config[0] != '\0') {
				snprintf(msg, sizeof msg, "mode '%.60s' names the configuration %s "
				    "too; give \"mode\": \"%s\" and \"config\": \"%s\"", s,
				    m.config, m.mode, m.config);
				return fail(ld, s, where, "%s", msg);
			}
		}
		if (fields[i] == EB_F_RELEASE || fields[i] == EB_F_HOST ||
		    fields[i] == EB_F_CONFIG || fields[i] == EB_F_MODE) {
			eb_label_normalize(fields[i], s, buf, sizeof buf);
			s = buf;
		}
		at->f[fields[i]] = eb_intern_cstr(ld->t, s);
		return EB_OK;
	}
	return fail(ld, key, where, "unknown key '%s'", key);
}

static const char *const roles[] = {
	[EB_SH_RELEASE] = "release", [EB_SH_HOST] = "host", [EB_SH_CONFIG] = "config",
	[EB_SH_MODE] = "mode", [EB_SH_TOOL] = "tool", [EB_SH_JOB] = "job",
	[EB_SH_WORKLOAD] = "workload", [EB_SH_OP] = "op", [EB_SH_REP] = "rep",
	[EB_SH_UNIT] = "unit", [EB_SH_METRIC] = "metric",
	[EB_SH_BLOCK_SIZE] = "block_size", [EB_SH_VALUE] = "value",
	[EB_SH_IGNORE] = "ignore",
};

static enum eb_status
read_column(struct loader *ld, size_t i, json_t *o)
{
	struct eb_sheet_map_col *mc = &ld->m->cols[i];
	char where[32];
	const char *key;
	json_t *v;
	enum eb_status st;

	snprintf(where, sizeof where, "columns[%zu]", i);
	mc->role = EB_SH_VALUE;
	if (!json_is_object(o))
		return fail(ld, "columns", where, "%s", "each entry is an object like "
		    "{\"column\": \"Write\", \"unit\": \"MB/s\"}");
	json_object_foreach(o, key, v) {
		if (strcmp(key, "column") == 0) {
			if (json_is_integer(v) && json_integer_value(v) >= 1 &&
			    json_integer_value(v) <= 1000000)
				mc->index = (long)json_integer_value(v);
			else if (json_is_string(v) && *json_string_value(v) != '\0')
				mc->header = eb_xstrdup(json_string_value(v));
			else
				return fail(ld, key, where, "%s is a header text or a number from 1 "
				    "(A = 1)", key);
		} else if (strcmp(key, "role") == 0) {
			size_t r;

			for (r = 1; r < sizeof roles / sizeof roles[0]; r++)
				if (json_is_string(v) && strcmp(json_string_value(v), roles[r]) == 0)
					break;
			if (r == sizeof roles / sizeof roles[0])
				return fail(ld, key, where, "%s is one of value, ignore, release, "
				    "host, config, mode, tool, job, workload, op, rep, unit, "
				    "metric, block_size", key);
			mc->role = (enum eb_sheet_key)r;
		} else if (is_attr(key)) {
			if ((st = read_attr(ld, where, key, v, &mc->at)) != EB_OK)
				return st;
		} else if (!is_comment(key)) {
			char msg[160];

			snprintf(msg, sizeof msg, "unknown key '%s' (keys: column, role, %s)",
			    key, attr_keys);
			return fail(ld, key, where, "%s", msg);
		}
	}
	if (mc->index == 0 && mc->header == NULL)
		return fail(ld, "columns", where, "%s", "no \"column\" to say which column");
	return EB_OK;
}

static enum eb_status
read_rows(struct loader *ld, size_t i, json_t *o)
{
	struct eb_sheet_map_rows *mr = &ld->m->rows[i];
	char where[32];
	const char *key;
	json_t *v;
	enum eb_status st;

	snprintf(where, sizeof where, "rows[%zu]", i);
	if (!json_is_object(o))
		return fail(ld, "rows", where, "%s", "each entry is an object like "
		    "{\"from\": 2, \"to\": 10, \"release\": \"23.10\"}");
	json_object_foreach(o, key, v) {
		long *dst = NULL;

		if (strcmp(key, "from") == 0 || strcmp(key, "row") == 0)
			dst = &mr->from;
		else if (strcmp(key, "to") == 0)
			dst = &mr->to;
		if (dst != NULL) {
			if (!json_is_integer(v) || json_integer_value(v) < 1 ||
			    json_integer_value(v) > 100000000)
				return fail(ld, key, where, "%s must be a row number from 1", key);
			*dst = (long)json_integer_value(v);
			if (strcmp(key, "row") == 0)
				mr->to = mr->from;
		} else if (is_attr(key)) {
			if ((st = read_attr(ld, where, key, v, &mr->at)) != EB_OK)
				return st;
		} else if (!is_comment(key)) {
			return fail(ld, key, where, "unknown key '%s' (keys: from, to, row, "
			    "release, host, config, mode, tool, job, workload, op, unit, "
			    "metric, block_size, rep)", key);
		}
	}
	if (mr->from == 0)
		return fail(ld, "rows", where, "%s", "no \"from\" (or \"row\") to say which rows");
	if (mr->to != 0 && mr->to < mr->from)
		return fail(ld, "to", where, "%s", "\"to\" comes before \"from\"");
	return EB_OK;
}

/* The attribute two row ranges both give, with other values, or NULL. */
static const char *
conflict(const struct eb_sheet_attrs *a, const struct eb_sheet_attrs *b)
{
	static const char *const names[EB_NFIELDS] = {
		"release", "host", "config", "mode", "tool", "job", "workload", "op",
		"metric", "unit", "source",
	};

	for (int f = 0; f < EB_NFIELDS; f++)
		if (a->f[f] != NULL && b->f[f] != NULL && *a->f[f] != '\0' &&
		    *b->f[f] != '\0' && strcmp(a->f[f], b->f[f]) != 0)
			return names[f];
	if (a->unit.kind != EB_SK_NONE && b->unit.kind != EB_SK_NONE &&
	    (a->unit.kind != b->unit.kind || a->unit.exp10 != b->unit.exp10 ||
	    a->unit.exp2 != b->unit.exp2))
		return "unit";
	if (a->block_size != 0 && b->block_size != 0 && a->block_size != b->block_size)
		return "block_size";
	if (a->rep != 0 && b->rep != 0 && a->rep != b->rep)
		return "rep";
	return NULL;
}

/* Row ranges that overlap and label their common rows two ways would let
 * the later silently win. */
static enum eb_status
overlapping_rows(const struct loader *ld)
{
	const struct eb_sheet_map *m = ld->m;

	for (size_t j = 1; j < m->nrows; j++)
		for (size_t i = 0; i < j; i++) {
			const struct eb_sheet_map_rows *a = &m->rows[i], *b = &m->rows[j];
			long aend = a->to ? a->to : LONG_MAX, bend = b->to ? b->to : LONG_MAX;
			const char *what;
			char where[32], msg[160];

			if (a->from > bend || b->from > aend ||
			    (what = conflict(&a->at, &b->at)) == NULL)
				continue;
			snprintf(where, sizeof where, "rows[%zu]", j);
			snprintf(msg, sizeof msg, "its rows overlap those of rows[%zu] (row %ld) and "
			    "give another %s; give each row one", i,
			    a->from > b->from ? a->from : b->from, what);
			return fail(ld, "rows", where, "%s", msg);
		}
	return EB_OK;
}

/* Where each columns[] entry is: the i-th "column" key of the file, as
 * JSON keeps the entries in order; none when the count differs. */
static void
locate_columns(const struct loader *ld)
{
	struct eb_sheet_map *m = ld->m;
	const char *p = ld->text, *end = ld->text + ld->len;
	size_t i = 0;
	long line = 1, col = 1;

	for (const char *s = p; s < end && i <= m->ncols; s++) {
		if ((size_t)(end - s) >= 8 && memcmp(s, "\"column\"", 8) == 0) {
			if (i < m->ncols) {
				m->cols[i].line = line;
				m->cols[i].col = col;
			}
			i++;
		}
		if (*s == '\n') {
			line++;
			col = 1;
		} else {
			col++;
		}
	}
	if (i != m->ncols)
		for (size_t k = 0; k < m->ncols; k++)
			m->cols[k].line = m->cols[k].col = 0;
}

/* Two entries for one column: the later silently won or was dropped
 * (audit E13). */
static enum eb_status
columns_twice(const struct loader *ld)
{
	const struct eb_sheet_map *m = ld->m;

	for (size_t j = 1; j < m->ncols; j++)
		for (size_t i = 0; i < j; i++) {
			const struct eb_sheet_map_col *a = &m->cols[i], *b = &m->cols[j];
			char fa[256], fb[256];
			struct eb_loc loc = { m->path, b->line, b->col };

			if (a->header != NULL && b->header != NULL) {
				eb_sheet_fold(a->header, fa, sizeof fa);
				eb_sheet_fold(b->header, fb, sizeof fb);
				if (strcmp(fa, fb) != 0)
					continue;
				return eb_err_set(ld->err, EB_ERR_DATA, loc, "map: columns[%zu] "
				    "names the column '%s' again, as columns[%zu] does; give each "
				    "column one entry", j, b->header, i);
			}
			if (a->index != 0 && a->index == b->index)
				return eb_err_set(ld->err, EB_ERR_DATA, loc, "map: columns[%zu] "
				    "names column %ld again, as columns[%zu] does; give each column "
				    "one entry", j, b->index, i);
		}
	return EB_OK;
}

static enum eb_status
read_root(struct loader *ld, json_t *root)
{
	struct eb_sheet_map *m = ld->m;
	const char *key;
	json_t *v;
	enum eb_status st;

	if (!json_is_object(root))
		return fail(ld, "", "", "%s", "a map is a JSON object, like "
		    "{\"release\": \"24.04\", \"columns\": [...], \"rows\": [...]}");
	json_object_foreach(root, key, v) {
		if (strcmp(key, "columns") == 0 || strcmp(key, "rows") == 0) {
			int cols = key[0] == 'c';
			size_t n;

			if (!json_is_array(v))
				return fail(ld, key, "", "%s must be an array", key);
			n = json_array_size(v);
			if (cols) {
				m->cols = eb_xcalloc(n ? n : 1, sizeof *m->cols);
				m->ncols = n;
			} else {
				m->rows = eb_xcalloc(n ? n : 1, sizeof *m->rows);
				m->nrows = n;
			}
			for (size_t i = 0; i < n; i++) {
				st = cols ? read_column(ld, i, json_array_get(v, i)) :
				    read_rows(ld, i, json_array_get(v, i));
				if (st != EB_OK)
					return st;
			}
			if (!cols && (st = overlapping_rows(ld)) != EB_OK)
				return st;
			if (cols) {
				locate_columns(ld);
				if ((st = columns_twice(ld)) != EB_OK)
					return st;
			}
		} else if (strcmp(key, "header_row") == 0) {
			if (!json_is_integer(v) || json_integer_value(v) < 1 ||
			    json_integer_value(v) > 100000000)
				return fail(ld, key, "", "%s must be a row number from 1", key);
			m->header_row = (long)json_integer_value(v);
		} else if (strcmp(key, "decimal") == 0) {
			const char *s = json_is_string(v) ? json_string_value(v) : "";

			if (strcmp(s, ".") != 0 && strcmp(s, ",") != 0)
				return fail(ld, key, "", "%s must be \".\" or \",\"", key);
			m->decimal = s[0];
		} else if (is_attr(key)) {
			if ((st = read_attr(ld, "", key, v, &m->all)) != EB_OK)
				return st;
		} else if (!is_comment(key)) {
			char msg[160];

			snprintf(msg, sizeof msg, "unknown key '%s' (keys: columns, rows, "
			    "header_row, decimal, %s)", key, attr_keys);
			return fail(ld, key, "", "%s", msg);
		}
	}
	return EB_OK;
}

enum eb_status
eb_sheet_map_load(struct eb_sheet_map *m, const char *path, struct eb_table *t,
    struct eb_err *err)
{
	struct loader ld = { m, t, err, NULL, 0 };
	struct eb_loc loc = { path, 0, 0 };
	json_error_t je;
	json_t *root;
	struct eb_buf b;
	char chunk[8192];
	enum eb_status st;
	FILE *fp;
	size_t n;
	struct stat sb;

	memset(m, 0, sizeof *m);
	m->path = path;
	if ((fp = fopen(path, "rb")) == NULL)
		return eb_err_set(err, EB_ERR_IO, loc, "cannot open the map: %s", strerror(errno));
	/* The records' labels come from it: no output may replace it. */
	if (fstat(fileno(fp), &sb) == 0)
		eb_input_note(path, &sb);
	eb_buf_init(&b, MAP_MAX_BYTES);
	while ((n = fread(chunk, 1, sizeof chunk, fp)) > 0)
		if (eb_buf_add(&b, chunk, n) != 0) {
			fclose(fp);
			eb_buf_free(&b);
			return eb_err_set(err, EB_ERR_DATA, loc,
			    "map: larger than %d bytes; a mapping file is a few lines", MAP_MAX_BYTES);
		}
	if (ferror(fp)) {
		fclose(fp);
		eb_buf_free(&b);
		return eb_err_set(err, EB_ERR_IO, loc, "cannot read the map: %s", strerror(errno));
	}
	fclose(fp);
	ld.text = b.data ? b.data : "";
	ld.len = b.len;
	root = json_loadb(ld.text, ld.len, JSON_REJECT_DUPLICATES, &je);
	if (root == NULL) {
		loc.line = je.line > 0 ? je.line : 0;
		loc.col = je.line > 0 && je.column > 0 ? je.column : 0;
		eb_buf_free(&b);
		return eb_err_set(err, EB_ERR_DATA, loc, "map: %s", je.text);
	}
	st = read_root(&ld, root);
	json_decref(root);
	eb_buf_free(&b);
	if (st != EB_OK)
		eb_sheet_map_free(m);
	return st;
}

void
eb_sheet_map_free(struct eb_sheet_map *m)
{
	for (size_t i = 0; i < m->ncols; i++)
		free(m->cols[i].header);
	free(m->cols);
	free(m->rows);
	m->cols = NULL;
	m->rows = NULL;
	m->ncols = m->nrows = 0;
}

struct eb_sheet_map_col *
eb_sheet_map_again(struct eb_sheet_map *m, const struct eb_sheet_map_col *first,
    long index, const char *header)
{
	char a[256], b[256];

	if (m == NULL || first == NULL)
		return NULL;
	eb_sheet_fold(header, a, sizeof a);
	for (size_t i = (size_t)(first - m->cols) + 1; i < m->ncols; i++) {
		struct eb_sheet_map_col *mc = &m->cols[i];

		if (mc->index != 0 ? mc->index == index :
		    (eb_sheet_fold(mc->header, b, sizeof b), a[0] != '\0' && strcmp(a, b) == 0))
			return mc;
	}
	return NULL;
}

struct eb_sheet_map_col *
eb_sheet_map_column(struct eb_sheet_map *m, long index, const char *header)
{
	char a[256], b[256];

	if (m == NULL)
		return NULL;
	eb_sheet_fold(header, a, sizeof a);
	for (size_t i = 0; i < m->ncols; i++) {
		struct eb_sheet_map_col *mc = &m->cols[i];

		if (mc->index != 0) {
			if (mc->index == index)
				return mc;
			continue;
		}
		eb_sheet_fold(mc->header, b, sizeof b);
		if (a[0] != '\0' && strcmp(a, b) == 0)
			return mc;
	}
	return NULL;
}
