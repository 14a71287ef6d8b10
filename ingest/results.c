/* results.c - reads encbench's own results.csv back, so that every command
 * takes a tidy dataset as input. Recognised by its exact header. */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <csv.h>

#include "ingest.h"

static const char header[] =
    "release,host,config,mode,tool,job,workload,op,block_size,metric,unit,rep,value,source";

#define RECENT 16

struct results_state {
	struct csv_parser csv;
	int started;
	long line, row_line;	/* current physical line; where the row began */
	size_t nfields;
	/* The fields of a quoted row, which libcsv hands over one at a time:
	 * NUL-separated in one buffer that lives as long as the file. Rows
	 * without quotes are split where they lie instead. */
	struct eb_buf text;
	size_t offset[EB_NCOLUMNS];
	/* Interned texts of each column by a hash of a few of their bytes: a
	 * column takes a handful of values, and one comparison is cheaper
	 * than interning. A collision only costs a lookup. */
	struct recent {
		const char *s;
		size_t len;
	} recent[EB_NFIELDS][RECENT];
	struct eb_parse *p;
	enum eb_status st;
	int header_seen;
	int in_quote;	/* quote parity: a row goes on past this line */
};

static int
probe(const char *head, size_t len)
{
	size_t n = sizeof header - 1;

	if (len >= 3 && memcmp(head, "\xEF\xBB\xBF", 3) == 0) {
		head += 3;
		len -= 3;
	}
	if (len >= n && memcmp(head, header, n) == 0 &&
	    (len == n || head[n] == '\n' || head[n] == '\r'))
		return 100;
	return 0;
}

static void
on_field(void *s, size_t len, void *ctx)
{
	struct results_state *rs = ctx;

	if (rs->nfields < EB_NCOLUMNS) {
		rs->offset[rs->nfields] = rs->text.len;
		eb_buf_add(&rs->text, s, len);
		eb_buf_addc(&rs->text, '\0');
	}
	rs->nfields++;
}

static enum eb_status
row_error(struct results_state *rs, long col, const char *what, const char *text)
{
	struct eb_loc loc = { rs->p->path, rs->row_line, col };

	return eb_err_set(rs->p->err, EB_ERR_DATA, loc, "%s '%.60s'", what, text);
}

static const char *
intern_field(struct results_state *rs, int field, const char *s, size_t n)
{
	struct recent *c;
	unsigned h;

	if (n == 0)
		return eb_empty;
	/* The middle and the end tell the modes apart: aes-128-gcm,
	 * aes-256-gcm, aes-128-ccm. */
	h = (unsigned)n * 31 + (unsigned char)s[n / 2];
	h = h * 31 + (unsigned char)s[n - 1];
	h = h * 31 + (unsigned char)s[n > 2 ? n - 3 : 0];
	c = &rs->recent[field][(h ^ h >> 7) % RECENT];
	if (c->len != n || memcmp(c->s, s, n) != 0) {
		c->s = eb_intern(rs->p->t, s, n);
		c->len = n;
	}
	return c->s;
}

/* The value of a field of 1 to max decimal digits, or -1 for anything
 * else, which the callers hand to strtol and its rules. */
static long long
plain_digits(const char *s, size_t n, size_t max)
{
	long long v = 0;

	if (n == 0 || n > max)
		return -1;
	for (size_t i = 0; i < n; i++) {
		if (s[i] < '0' || s[i] > '9')
			return -1;
		v = v * 10 + (s[i] - '0');
	}
	return v;
}

/* Whether the row's unit is not its metric's canonical one (or the metric
 * is unknown), filling the error at the unit column: a bw in MB/s read as
 * B/s would be a millionfold wrong number. */
static int
unit_mismatch(struct results_state *rs, const struct eb_record *r)
{
	char why[200];
	struct eb_loc loc = { rs->p->path, rs->row_line, EB_C_UNIT + 1 };

	if (eb_metric_unit_check(r->f[EB_F_METRIC], r->f[EB_F_UNIT], why, sizeof why))
		return 0;
	if (strncmp(why, "unknown metric", 14) == 0)
		loc.col = EB_C_METRIC + 1;
	eb_err_set(rs->p->err, EB_ERR_DATA, loc, "%s", why);
	return 1;
}

/* One row as NUL-terminated fields; len[c] is strlen(field[c]). */
static enum eb_status
take_row(struct results_state *rs, const char *const *field, const size_t *len,
    size_t nfields)
{
	struct eb_parse *p = rs->p;
	struct eb_record r;
	char *end, why[200];

	if (nfields != EB_NCOLUMNS) {
		struct eb_loc loc = { p->path, rs->row_line, 0 };

		return eb_err_set(p->err, EB_ERR_DATA, loc,
		    "%zu fields where results.csv has %d", nfields, EB_NCOLUMNS);
	}
	if (!rs->header_seen) {
		rs->header_seen = 1;
		for (int c = 0; c < EB_NCOLUMNS; c++)
			if (strcmp(field[c], eb_column_names[c]) != 0)
				return row_error(rs, c + 1, "expected the results.csv header, found",
				    field[c]);
		return EB_OK;
	}
	eb_record_init(p->t, &r);
	for (int c = 0; c < EB_NCOLUMNS; c++) {
		const char *s = field[c];
		size_t n = len[c];
		int f = eb_column_field(c);

		if (c == EB_C_SOURCE) {
			/* Unique to the row: interning would only grow the set. */
			r.f[f] = eb_table_strdup(p->t, s, n);
		} else if (f >= 0) {
			r.f[f] = intern_field(rs, f, s, n);
		} else if (c == EB_C_BLOCK_SIZE) {
			long long v;

			if (n == 0)
				continue;
			if ((v = plain_digits(s, n, 18)) < 0) {
				errno = 0;
				v = strtoll(s, &end, 10);
				if (errno == ERANGE)
					return row_error(rs, c + 1,
					    "block_size is too large for a number of bytes:", s);
				if (*end != '\0' || v < 0 || end == s || s[0] == '-')
					return row_error(rs, c + 1,
					    "block_size is not a whole number of bytes:", s);
			}
			r.block_size = v;
		} else if (c == EB_C_REP) {
			long v = (long)plain_digits(s, n, 9);

			if (v < 0) {
				v = strtol(s, &end, 10);
				if (end == s || *end != '\0')
					v = -1;
			}
			if (v < 1 || v > 1000000000)
				return row_error(rs, c + 1, "rep is not a whole number from 1:", s);
			r.rep = (int)v;
		} else {
			double v;

			if (n == 0 || eb_parse_number(s, n, &v) != n || memchr(s, ',', n) != NULL)
				return row_error(rs, c + 1, "value is not a number:", s);
			if (!isfinite(v) || v < 0 || signbit(v))
				return row_error(rs, c + 1, "value is not a finite number >= 0:", s);
			r.value = v;
		}
	}
	if (*r.f[EB_F_METRIC] == '\0')
		return row_error(rs, EB_C_METRIC + 1, "metric is empty:", "");
	if (unit_mismatch(rs, &r))
		return p->err->code;
	if (!eb_value_check(r.f[EB_F_METRIC], r.f[EB_F_UNIT], r.value, why, sizeof why)) {
		struct eb_loc loc = { p->path, rs->row_line, EB_C_VALUE + 1 };

		return eb_err_set(p->err, EB_ERR_DATA, loc, "%s", why);
	}
	if (*r.f[EB_F_SOURCE] == '\0')
		r.f[EB_F_SOURCE] = eb_parse_source(p, rs->row_line);
	eb_table_add(p->t, &r);
	return EB_OK;
}

static void
on_row(int c, void *ctx)
{
	struct results_state *rs = ctx;
	const char *field[EB_NCOLUMNS];
	size_t len[EB_NCOLUMNS];

	(void)c;
	for (size_t i = 0; i < rs->nfields && i < EB_NCOLUMNS; i++) {
		field[i] = rs->text.data + rs->offset[i];
		len[i] = strlen(field[i]);
	}
	if (rs->st == EB_OK && !(rs->nfields == 1 && len[0] == 0))
		rs->st = take_row(rs, field, len, rs->nfields);
	rs->nfields = 0;
	eb_buf_reset(&rs->text);
}

/* A row without quotes, split in place: its commas become the NULs that
 * end its fields. */
static void
split_row(struct results_state *rs, char *line, size_t len)
{
	const char *field[EB_NCOLUMNS];
	size_t flen[EB_NCOLUMNS], nfields = 0;
	char *s = line, *end = line + len;
	/* A NUL inside the line ends its field early, as C strings do. */
	int has_nul = strlen(line) != len;

	/* Fields are a few bytes long: a plain loop beats a memchr call each. */
	for (;;) {
		char *stop = s;

		while (stop < end && *stop != ',')
			stop++;
		if (nfields < EB_NCOLUMNS) {
			field[nfields] = s;
			flen[nfields] = (size_t)(stop - s);
		}
		nfields++;
		if (stop == end)
			break;
		*stop = '\0';
		s = stop + 1;
	}
	for (size_t i = 0; has_nul && i < nfields && i < EB_NCOLUMNS; i++)
		flen[i] = strlen(field[i]);
	if (!(nfields == 1 && flen[0] == 0))
		rs->st = take_row(rs, field, flen, nfields);
}

static enum eb_status
parse_line(struct eb_parse *p, char *line, size_t len, long lineno)
{
	struct results_state *rs = p->state;

	if (!rs->started) {
		csv_init(&rs->csv, CSV_STRICT | CSV_STRICT_FINI | CSV_APPEND_NULL);
		rs->started = 1;
		rs->p = p;
	}
	rs->line = lineno;
	if (!rs->in_quote)
		rs->row_line = lineno;
	/* Most rows quote nothing: split them here, and leave libcsv the rest. */
	if (!rs->in_quote && memchr(line, '"', len) == NULL) {
		if (len > 0 && rs->st == EB_OK)
			split_row(rs, line, len);
		return rs->st;
	}
	for (size_t i = 0; i < len; i++)
		if (line[i] == '"')
			rs->in_quote = !rs->in_quote;
	if (csv_parse(&rs->csv, line, len, on_field, on_row, rs) != len ||
	    csv_parse(&rs->csv, "\n", 1, on_field, on_row, rs) != 1) {
		struct eb_loc loc = { p->path, lineno, 0 };

		return eb_err_set(p->err, EB_ERR_DATA, loc, "malformed CSV: %s",
		    csv_strerror(csv_error(&rs->csv)));
	}
	return rs->st;
}

static enum eb_status
finish(struct eb_parse *p, int ok)
{
	struct results_state *rs = p->state;
	enum eb_status st = EB_OK;

	if (!rs->started)
		return ok ? eb_err_set(p->err, EB_ERR_DATA, eb_parse_loc(p, 0),
		    "empty results.csv") : EB_OK;
	if (csv_fini(&rs->csv, on_field, on_row, rs) != 0 && ok) {
		struct eb_loc loc = { p->path, rs->row_line, 0 };

		st = eb_err_set(p->err, EB_ERR_DATA, loc,
		    "malformed CSV: a quoted field is never closed");
	}
	rs->nfields = 0;
	eb_buf_free(&rs->text);
	csv_free(&rs->csv);
	if (st == EB_OK && ok)
		st = rs->st;
	return st;
}

/* A block of rows without quotes can be read apart from the rows before
 * it, once the header is behind and no quoted field is open: each of its
 * lines is a row. */
static int
splittable(const void *state, const char *s, size_t n)
{
	const struct results_state *rs = state;

	return rs->header_seen && !rs->in_quote && rs->st == EB_OK && memchr(s, '"', n) == NULL;
}

static void
resume(void *state)
{
	struct results_state *rs = state;

	rs->header_seen = 1;
}

const struct eb_format eb_format_results = {
	"results", "encbench's own results.csv (tidy records)",
	probe, sizeof(struct results_state), parse_line, finish, splittable, resume,
};
