/* results.c - reads encbench's own results.csv back, so that every command
 * takes a tidy dataset as input. Recognised by its exact header. */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <csv.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

#include "ingest.h"
#include "modes.h"
#include "results.h"
#include "rundir.h"
#include "sample.h"

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
		double limit;	/* of a metric: its plausible limit */
		const char *unit_ok;	/* of a metric: the unit found to agree */
		/* Of a mode: the one spelling of a label written in another
		 * ("None"), or "" when it is that spelling. */
		char canon[EB_MODE_MAX];
		int op_unknown;	/* of an op: none that encbench writes */
	} recent[EB_NFIELDS][RECENT];
	int field_of[EB_NCOLUMNS];	/* eb_column_field of each column */
	struct eb_parse *p;
	enum eb_status st;
	int header_seen;
	int read_noted;	/* the table knows the file its rows come from */
	int in_quote;	/* quote parity: a row goes on past this line */
	/* Where rows go instead of the table (eb_results_rows_new), or NULL. */
	int (*sink)(void *ctx, const struct eb_record *r);
	void *sink_ctx;
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

/* memcmp(a, b, n) == 0 for the few bytes of a label, without a call or
 * a loop over bytes: words that overlap where n is no multiple of one. */
static int
same_bytes(const char *a, const char *b, size_t n)
{
	uint64_t x, y;
	uint32_t u, v, w, z;
	uint16_t h, k;

	if (n >= 8) {
		for (size_t i = 0; i + 8 < n; i += 8) {
			memcpy(&x, a + i, 8);
			memcpy(&y, b + i, 8);
			if (x != y)
				return 0;
		}
		memcpy(&x, a + n - 8, 8);
		memcpy(&y, b + n - 8, 8);
		return x == y;
	}
	if (n >= 4) {
		memcpy(&u, a, 4);
		memcpy(&v, b, 4);
		memcpy(&w, a + n - 4, 4);
		memcpy(&z, b + n - 4, 4);
		return u == v && w == z;
	}
	if (n >= 2) {
		memcpy(&h, a + n - 2, 2);
		memcpy(&k, b + n - 2, 2);
		return a[0] == b[0] && h == k;
	}
	return n == 0 || a[0] == b[0];
}

/* Whether two labels have the same letters and digits, in any case. */
static int
same_letters(const char *a, const char *b)
{
	for (;;) {
		while (*a != '\0' && !isalnum((unsigned char)*a))
			a++;
		while (*b != '\0' && !isalnum((unsigned char)*b))
			b++;
		if (*a == '\0' || *b == '\0')
			return *a == *b;
		if (tolower((unsigned char)*a++) != tolower((unsigned char)*b++))
			return 0;
	}
}

/* The name encbench writes for tool or workload s when s is that name in
 * another case, with other blanks or dashes, or a word readers take for it
 * ("Fio", "bonnie++", "Sequential"): an edit that would make a test of its
 * own, out of every comparison (audit 19). Otherwise canon is "". */
static void
other_spelling(int field, const char *s, char *canon, size_t n)
{
	static const struct {
		const char *word, *as;
	} tools[] = {
		{ "dd", "dd" }, { "fio", "fio" }, { "bonnie", "bonnie" }, { "bonnie++", "bonnie" },
		{ "sheet", "sheet" },
	}, workloads[] = {
		{ "seq", "seq" }, { "sequential", "seq" }, { "rand", "rand" }, { "random", "rand" },
		{ "mixed", "mixed" }, { "per-char", "per-char" }, { "perchar", "per-char" },
		{ "block", "block" }, { "files-seq", "files-seq" }, { "files-rand", "files-rand" },
	};
	size_t nw = field == EB_F_TOOL ? sizeof tools / sizeof tools[0] :
	    sizeof workloads / sizeof workloads[0];

	canon[0] = '\0';
	for (size_t i = 0; i < nw; i++) {
		const char *word = field == EB_F_TOOL ? tools[i].word : workloads[i].word;
		const char *as = field == EB_F_TOOL ? tools[i].as : workloads[i].as;

		if ((same_letters(word, s) || same_letters(as, s)) && strcmp(as, s) != 0) {
			snprintf(canon, n, "%s", as);
			return;
		}
	}
}

static struct recent *
intern_field(struct results_state *rs, int field, const char *s, size_t n)
{
	struct recent *c;
	unsigned h;

	if (n == 0)
		return NULL;
	/* The middle and the end tell the modes apart: aes-128-gcm,
	 * aes-256-gcm, aes-128-ccm. */
	h = (unsigned)n * 31 + (unsigned char)s[n / 2];
	h = h * 31 + (unsigned char)s[n - 1];
	h = h * 31 + (unsigned char)s[n > 2 ? n - 3 : 0];
	c = &rs->recent[field][(h ^ h >> 7) % RECENT];
	if (c->len != n || !same_bytes(c->s, s, n)) {
		c->s = eb_intern(rs->p->t, s, n);
		c->len = n;
		c->limit = field == EB_F_METRIC ? eb_metric_limit(c->s, NULL) : INFINITY;
		c->unit_ok = NULL;
		c->canon[0] = '\0';
		/* An op encbench does not write ("wrote") is no test of its
		 * own but an edit whose meaning is not known. */
		c->op_unknown = field == EB_F_OP && !eb_op_known(c->s);
		/* encbench writes a mode it knows in one spelling: the same words
		 * in other case or with other blanks and dashes ("None",
		 * "AES-256-GCM") were edited in, and read as written are no
		 * baseline, nor the mode of that name (audit G11). Another name
		 * of a mode ("luks") is a label of its own. */
		if (!(field == EB_F_MODE && eb_mode_canonical(c->s, c->canon, sizeof c->canon) &&
		    strcmp(c->canon, c->s) != 0 && same_letters(c->canon, c->s)))
			c->canon[0] = '\0';
		if (field == EB_F_TOOL || field == EB_F_WORKLOAD)
			other_spelling(field, c->s, c->canon, sizeof c->canon);
	}
	return c;
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

/* Whether a number that parsed as 0 has a digit other than 0 before its
 * exponent: 1e-400 is no zero, only smaller than any double. */
static int
underflows(const char *s, size_t n)
{
	for (size_t i = 0; i < n && s[i] != 'e' && s[i] != 'E'; i++)
		if (s[i] >= '1' && s[i] <= '9')
			return 1;
	return 0;
}

/* As the cpu limit of core/limits.c: 100000 % is 1000 CPUs busy. */
#define MAX_CPUS 1000

/* A cpu_busy record's source tells how many CPUs the share is of
 * (ingest/sample.h); CPU-seconds per GiB multiply by it, so a tag that is
 * there must be a whole number of CPUs a machine can have. */
static int
cpus_tag_bad(const char *source, char *why, size_t n)
{
	const char *tag, *v, *end;
	long long cpus;

	/* Most sources have no space, and a space is found faster. */
	if (strchr(source, ' ') == NULL || (tag = strstr(source, EB_SAMPLE_CPUS_TAG)) == NULL)
		return 0;
	v = tag + strlen(EB_SAMPLE_CPUS_TAG);
	end = v + strcspn(v, " ");
	cpus = plain_digits(v, (size_t)(end - v), 5);
	if (cpus >= 1 && cpus <= MAX_CPUS)
		return 0;
	snprintf(why, n, "source tag 'cpus=%.*s' is not a whole number of CPUs from 1 to %d",
	    (int)(end - v > 20 ? 20 : end - v), v, MAX_CPUS);
	return 1;
}

/* Whether the row's unit is not its metric's canonical one (or the metric
 * is unknown), filling the error at the unit column: a bw in MB/s read as
 * B/s would be a millionfold wrong number. */
static int
unit_mismatch(struct results_state *rs, const struct eb_record *r, struct recent *metric)
{
	char why[200];
	struct eb_loc loc = { rs->p->path, rs->row_line, EB_C_UNIT + 1 };

	/* Interned, so compared by pointer: a metric keeps its unit. */
	if (metric != NULL && r->f[EB_F_METRIC] == metric->s && r->f[EB_F_UNIT] == metric->unit_ok)
		return 0;
	if (eb_metric_unit_check(r->f[EB_F_METRIC], r->f[EB_F_UNIT], why, sizeof why)) {
		if (metric != NULL && r->f[EB_F_METRIC] == metric->s)
			metric->unit_ok = r->f[EB_F_UNIT];
		return 0;
	}
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
	double limit = INFINITY;
	struct recent *metric = NULL;

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
	/* Every field is set below, block_size unless it is empty. */
	r.block_size = 0;
	for (int c = 0; c < EB_NCOLUMNS; c++) {
		const char *s = field[c];
		size_t n = len[c];
		int f = rs->field_of[c];

		if (c == EB_C_SOURCE) {
			/* Unique to the row: interning would only grow the set.
			 * A sink keeps what it needs of it. */
			r.f[f] = rs->sink != NULL ? s : eb_table_strdup(p->t, s, n);
		} else if (f >= 0) {
			struct recent *in = intern_field(rs, f, s, n);

			r.f[f] = in != NULL ? in->s : eb_empty;
			if (in != NULL && in->canon[0] != '\0') {
				struct eb_loc loc = { p->path, rs->row_line, c + 1 };

				return eb_err_set(p->err, EB_ERR_DATA, loc, "%s '%.60s' is spelled "
				    "'%s' in encbench's records; write it so, since another "
				    "spelling is another label", eb_column_names[c], in->s, in->canon);
			}
			if (in != NULL && in->op_unknown) {
				struct eb_loc loc = { p->path, rs->row_line, c + 1 };

				return eb_err_set(p->err, EB_ERR_DATA, loc, "op '%.60s' is none of the "
				    "ops encbench writes: %s", in->s, eb_op_names());
			}
			if (f == EB_F_METRIC && in != NULL) {
				limit = in->limit;
				metric = in;
			}
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
			/* encbench leaves a block size it does not know empty. */
			if (v == 0)
				return row_error(rs, c + 1, "block_size 0 is no block size "
				    "(an unknown one is left empty):", s);
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
			if (v == 0 && underflows(s, n))
				return row_error(rs, c + 1, "value is too small for a double "
				    "(below 4.9e-324, it would read as 0):", s);
			r.value = v;
		}
	}
	if (*r.f[EB_F_METRIC] == '\0')
		return row_error(rs, EB_C_METRIC + 1, "metric is empty:", "");
	if (unit_mismatch(rs, &r, metric))
		return p->err->code;
	/* The value is finite and not negative by now: only the metric's
	 * limits are left to check (the upper one, and 0 for the metrics that
	 * cannot be 0), and the message to write when one fails. */
	if (!(r.value <= limit && r.value > 0)) {
		struct eb_loc loc = { p->path, rs->row_line, EB_C_VALUE + 1 };

		if (!eb_value_check(r.f[EB_F_METRIC], r.f[EB_F_UNIT], r.value, why, sizeof why))
			return eb_err_set(p->err, EB_ERR_DATA, loc, "%s", why);
		/* A test that ran moved bytes and took time: a throughput, rate
		 * or latency of 0 is a run that did not happen, and read as one
		 * it turns a cost into "no measurable overhead" (audit E23, as
		 * for sheets). CPU use may be 0, and no reader writes another 0. */
		if (r.value == 0 && strncmp(r.f[EB_F_METRIC], "cpu", 3) != 0)
			return eb_err_set(p->err, EB_ERR_DATA, loc, "value '%.40s' of %s is 0, "
			    "which no run of a test measures; a run that did not happen has no row",
			    field[EB_C_VALUE], r.f[EB_F_METRIC]);
	}
	/* The source names where the row was measured; messages about the
	 * row name where it was read as well. */
	r.line = rs->row_line > 0 && rs->row_line <= (long)UINT32_MAX ? (uint32_t)rs->row_line : 0;
	if (rs->sink != NULL) {
		/* A row without a source is named after the line it was read
		 * from, which only the table's reading keeps. */
		if (*r.f[EB_F_SOURCE] == '\0' || cpus_tag_bad(r.f[EB_F_SOURCE], why, sizeof why))
			return EB_ERR_DATA;
		return rs->sink(rs->sink_ctx, &r) == 0 ? EB_OK : EB_ERR_DATA;
	}
	if (*r.f[EB_F_SOURCE] == '\0') {
		r.f[EB_F_SOURCE] = eb_parse_source(p, rs->row_line);
		r.line = 0;
	} else if (cpus_tag_bad(r.f[EB_F_SOURCE], why, sizeof why)) {
		struct eb_loc loc = { p->path, rs->row_line, EB_C_SOURCE + 1 };

		return eb_err_set(p->err, EB_ERR_DATA, loc, "%s", why);
	}
	if (!rs->read_noted) {
		eb_table_note_read(p->t, p->path);
		rs->read_noted = 1;
	}
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

/* Notes a comma at i: the end of one field, the start of the next. */
#define COMMA_AT(i) do { \
		if (nfields < EB_NCOLUMNS) { \
			field[nfields] = line + start; \
			flen[nfields] = (i) - start; \
		} \
		nfields++; \
		start = (i) + 1; \
	} while (0)

/* Splits a line at its commas when it has no quote and no NUL, the
 * bytes that need libcsv or C strings' rules: the commas become the NULs
 * that end the fields. Returns the number of fields, or 0 to leave the
 * line to the general path. */
static size_t
split_plain(char *line, size_t len, const char **field, size_t *flen)
{
	size_t nfields = 0, start = 0, i = 0;

#ifdef __SSE2__
	/* Sixteen bytes at a time: a line of results.csv is a hundred bytes
	 * and thirteen commas, and a loop over bytes mispredicts at each. */
	const __m128i comma = _mm_set1_epi8(','), quote = _mm_set1_epi8('"');
	const __m128i nul = _mm_setzero_si128();

	for (; i + 16 <= len; i += 16) {
		__m128i b = _mm_loadu_si128((const __m128i *)(const void *)(line + i));
		unsigned bad = (unsigned)_mm_movemask_epi8(_mm_or_si128(
		    _mm_cmpeq_epi8(b, quote), _mm_cmpeq_epi8(b, nul)));
		unsigned m = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(b, comma));

		if (bad != 0)
			return 0;
		while (m != 0) {
			COMMA_AT(i + (size_t)__builtin_ctz(m));
			m &= m - 1;
		}
	}
#endif
	for (; i < len; i++) {
		unsigned char c = (unsigned char)line[i];

		if (c > ',')
			continue;
		if (c == '"' || c == '\0')
			return 0;
		if (c == ',')
			COMMA_AT(i);
	}
	if (nfields < EB_NCOLUMNS) {
		field[nfields] = line + start;
		flen[nfields] = len - start;
	}
	nfields++;
	for (size_t k = 0; k + 1 < nfields && k < EB_NCOLUMNS; k++)
		line[field[k] - line + (ptrdiff_t)flen[k]] = '\0';
	return nfields;
}

#undef COMMA_AT

/* A row without quotes that holds a NUL, split in place: the NUL ends its
 * field early, as C strings do. */
static void
split_row(struct results_state *rs, char *line, size_t len)
{
	const char *field[EB_NCOLUMNS];
	size_t flen[EB_NCOLUMNS], nfields = 0;
	char *s = line, *end = line + len;

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
	for (size_t i = 0; i < nfields && i < EB_NCOLUMNS; i++)
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
		for (int c = 0; c < EB_NCOLUMNS; c++)
			rs->field_of[c] = eb_column_field(c);
		rs->started = 1;
		rs->p = p;
	}
	rs->line = lineno;
	if (!rs->in_quote)
		rs->row_line = lineno;
	/* Most rows quote nothing: split them here, and leave libcsv the rest. */
	if (!rs->in_quote && rs->st == EB_OK && len > 0) {
		const char *field[EB_NCOLUMNS];
		size_t flen[EB_NCOLUMNS], nfields = split_plain(line, len, field, flen);

		if (nfields > 0) {
			rs->st = take_row(rs, field, flen, nfields);
			return rs->st;
		}
	}
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

struct eb_results_rows {
	struct results_state rs;
};

struct eb_results_rows *
eb_results_rows_new(struct eb_parse *p, int (*sink)(void *ctx, const struct eb_record *r),
    void *ctx)
{
	struct eb_results_rows *rr = eb_xcalloc(1, sizeof *rr);

	for (int c = 0; c < EB_NCOLUMNS; c++)
		rr->rs.field_of[c] = eb_column_field(c);
	rr->rs.p = p;
	rr->rs.header_seen = 1;
	rr->rs.sink = sink;
	rr->rs.sink_ctx = ctx;
	return rr;
}

int
eb_results_rows_line(struct eb_results_rows *rr, char *line, size_t len)
{
	const char *field[EB_NCOLUMNS];
	size_t flen[EB_NCOLUMNS], nfields = len > 0 ? split_plain(line, len, field, flen) : 0;

	if (nfields != EB_NCOLUMNS)
		return -1;
	return take_row(&rr->rs, field, flen, nfields) == EB_OK ? 0 : -1;
}

size_t
eb_results_labels_len(const char *s, size_t n)
{
	const char *at = s, *end = s + n;

	for (int c = 0; c < EB_C_REP; c++) {
		if ((at = memchr(at, ',', (size_t)(end - at))) == NULL)
			return 0;
		at++;
	}
	return (size_t)(at - s);
}

int
eb_results_rest(const char *s, size_t n, double limit, uint32_t *rep, double *value,
    size_t *source)
{
	const char *end = s + n, *comma, *v;
	uint32_t r = 0;

	/* 1 to 9 digits, not 0: plain_digits' reading in take_row. */
	comma = memchr(s, ',', n);
	if (comma == NULL || comma == s || comma - s > 9)
		return 0;
	for (const char *d = s; d < comma; d++) {
		if (*d < '0' || *d > '9')
			return 0;
		r = r * 10 + (uint32_t)(*d - '0');
	}
	/* Above 0 and within the limit: every check of take_row passes. */
	v = comma + 1;
	comma = memchr(v, ',', (size_t)(end - v));
	if (r == 0 || comma == NULL || comma == v || comma + 1 == end ||
	    eb_parse_number(v, (size_t)(comma - v), value) != (size_t)(comma - v) ||
	    !(*value > 0 && *value <= limit && *value < INFINITY))
		return 0;
	/* A space may begin a cpus tag, a quote or a NUL needs libcsv, a
	 * comma is a field too many. */
	for (const char *c = comma + 1; c < end; c++)
		if ((unsigned char)*c <= ' ' || (unsigned char)*c >= 0x7f || *c == ',' || *c == '"')
			return 0;
	*rep = r;
	*source = (size_t)(comma + 1 - s);
	return 1;
}

void
eb_results_rows_free(struct eb_results_rows *rr)
{
	free(rr);
}

const struct eb_format eb_format_results = {
	"results", "encbench's own results.csv (tidy records)",
	probe, sizeof(struct results_state), parse_line, finish, splittable, resume, NULL, NULL, 1,
};

const char *
eb_results_header(void)
{
	return header;
}
