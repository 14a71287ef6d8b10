/* bonnie_text.c - the bonnie-text format: bonnie++'s tables of 1.03 to 2.00a,
 * aligned or re-spaced by a forum, and any CSV lines of the same runs. */
#include <stdlib.h>
#include <string.h>

#include "bonnie.h"

#define MAX_TOKENS 40

/* Nominal end columns in an aligned table, from its label's start: the
 * label is 19 wide, then each test prints " %5s %3s" (bon_time.cpp), and a
 * latency row "Latency" padded to 17 then " %9s" per test. */
#define LABEL_END 18
#define SLOT_END(k) (24 + 10 * ((k) / 2) + 4 * ((k) % 2))
#define LAT_END(i) (26 + 10 * (i))
#define SLACK 2

struct tok {
	const char *s;
	size_t n;
	long start, end;	/* columns of the first and the last byte */
};

enum block { B_NONE, B_IO, B_FILES };
enum expect { X_NOTHING, X_ROW, X_LATENCY };
/* What an open table still lacks before it is whole. */
enum need { N_NONE, N_UNITS, N_ROW, N_LATENCY, N_FAST };
/* How a result or latency row reads. */
enum row { ROW_OK, ROW_BAD, ROW_SHORT };

struct text_state {
	struct eb_bonnie b;
	enum block block;	/* the block of the last units line */
	enum expect expect;
	int aligned;		/* the units line sits where bonnie++ puts it */
	long indent;		/* then the column where the table starts */
	int kmg;		/* k/m/g units: bonnie++ 1.98 and later */
	char version[16];	/* of the last "Version" line */
	char create_name[64];	/* the name on a 1.96+ "-Create--" line */
	size_t open_run;	/* 1 + the run a file block may complete, or 0 */
	size_t row_run;		/* 1 + the run of the last row, for its latency */
	enum need need;		/* what the open table lacks */
	long need_line;		/* the open table's last line so far */
	long short_col;		/* where a row that ends early ends */
	int fast_row;		/* the last row was re-spaced -f output */
};

static int
isblank_(char c)
{
	return c == ' ' || c == '\t';
}

static int
tokenize(const char *s, size_t n, struct tok *tk, int max)
{
	int nt = 0;

	for (size_t i = 0; i < n;) {
		size_t j;

		while (i < n && isblank_(s[i]))
			i++;
		if (i == n)
			break;
		if (nt == max)
			return -1;
		for (j = i; j < n && !isblank_(s[j]); j++)
			;
		tk[nt].s = s + i;
		tk[nt].n = j - i;
		tk[nt].start = (long)i;
		tk[nt].end = (long)j - 1;
		nt++;
		i = j;
	}
	return nt;
}

static int
teq(const struct tok *t, const char *s)
{
	return t->n == strlen(s) && memcmp(t->s, s, t->n) == 0;
}

static int
has(const char *s, size_t n, const char *what)
{
	return memmem(s, n, what, strlen(what)) != NULL;
}

static size_t
skip_blanks(const char *s, size_t n)
{
	size_t i = 0;

	while (i < n && isblank_(s[i]))
		i++;
	return i;
}

/* "Version  1.96       ------Sequential Output------ ..." (or Create);
 * fills version when not NULL. */
static int
version_line(const char *s, size_t n, char *version, size_t vsize)
{
	struct tok tk[4];
	int nt = tokenize(s, n < 200 ? n : 200, tk, 4);

	if (nt < 0)
		nt = 4;
	if (nt < 3 || !teq(&tk[0], "Version") || tk[1].n >= 16 ||
	    !(tk[1].s[0] >= '0' && tk[1].s[0] <= '9') || !has(s, n, "-Sequential "))
		return 0;
	if (version != NULL)
		snprintf(version, vsize, "%.*s", (int)tk[1].n, tk[1].s);
	return 1;
}

static int
io_header(const char *s, size_t n)
{
	return has(s, n, "-Per Chr-") && has(s, n, "--Block--");
}

static int
file_header(const char *s, size_t n)
{
	return has(s, n, "-Create--") && has(s, n, "--Read---");
}

/* The units line ("Machine        Size K/sec %CP ...", "Name:Size etc
 * /sec %CP ...", "files:max:min  /sec %CP ...", or a hand-trimmed "Size
 * K/sec %CP ..."): which block it opens, and whether it is aligned. */
static enum block
units_line(const char *s, size_t n, int *aligned, long *indent, int *kmg)
{
	struct tok tk[MAX_TOKENS];
	int nt = tokenize(s, n, tk, MAX_TOKENS), first = -1;
	enum block block = B_IO;

	if (nt < 13 || !has(s, n, "%CP"))
		return B_NONE;
	for (int i = 0; i < nt && first < 0; i++)
		if (teq(&tk[i], "K/sec") || teq(&tk[i], "/sec"))
			first = i;
	if (first < 0 || nt - first != 12)
		return B_NONE;
	for (int k = 0; k < 12; k++) {
		const struct tok *t = &tk[first + k];

		if (k % 2 ? !teq(t, "%CP") : !(teq(t, "K/sec") || teq(t, "/sec")))
			return B_NONE;
	}
	for (int i = 0; i < first; i++)
		if (memmem(tk[i].s, tk[i].n, "files", 5) != NULL)
			block = B_FILES;
	/* 1.98 and later print " /sec" where older versions print "K/sec"
	 * for the bandwidth columns; file blocks say "/sec" in all. */
	*kmg = block == B_IO && teq(&tk[first], "/sec");
	*indent = tk[first].end - SLOT_END(0);
	*aligned = *indent >= 0;
	for (int k = 0; k < 12 && *aligned; k++)
		if (tk[first + k].end != *indent + SLOT_END(k))
			*aligned = 0;
	return block;
}

/* Places the tokens of a row with blank cells by the columns of an aligned
 * table. Before 1.98 a figure of 6 digits overflows its cell ("347029
 * 24"), and so does a label longer than its column; both push the rest of
 * the row right. */
static int
columns(const struct text_state *ts, const struct tok *tk, int nt, long label_end,
    int slot[12])
{
	long drift = label_end - ts->indent > LABEL_END ?
	    label_end - ts->indent - LABEL_END : 0;
	int next = 0;

	for (int j = 0; j < nt; j++) {
		long e = tk[j].end - ts->indent;
		int found = -1;

		for (int k = next; k < 12 && found < 0; k++) {
			long width = k % 2 ? 3 : 5;
			long over = (long)tk[j].n > width ? (long)tk[j].n - width : 0;
			long d = e - drift - over - SLOT_END(k);

			if (d >= -SLACK && d <= SLACK) {
				found = k;
				drift += over;
			}
		}
		if (found < 0)
			return 0;
		slot[found] = j;
		next = found + 1;
	}
	return 1;
}

/* Which token fills each of the 12 value and %CP slots of a row (-1 for a
 * blank cell). Full rows are read in order whatever their spacing; rows
 * with blank cells need the columns, or bonnie++'s one blanking option.
 * Returns 2 for that option's guess, 1 for a row placed, 0 for none. */
static int
assign(const struct text_state *ts, const struct tok *tk, int nt, long label_end,
    int io, int slot[12])
{
	for (int k = 0; k < 12; k++)
		slot[k] = -1;
	if (nt == 12) {
		for (int k = 0; k < 12; k++)
			slot[k] = k;
		return 1;
	}
	if (ts->aligned && nt < 12 && columns(ts, tk, nt, label_end, slot))
		return 1;
	/* A re-spaced row of -f (fast mode): the per-char tests are the only
	 * ones an option blanks. */
	if (io && nt == 8) {
		static const int fast[8] = { 2, 3, 4, 5, 8, 9, 10, 11 };

		for (int k = 0; k < 12; k++)
			slot[k] = -1;
		for (int j = 0; j < 8; j++)
			slot[fast[j]] = j;
		return 2;
	}
	return 0;
}

static int
fill_cells(const struct tok *tk, const int slot[12], struct eb_bonnie_run *r, int first)
{
	for (int k = 0; k < 12; k++) {
		struct eb_bonnie_cell *c = k % 2 ? &r->cpu[first + k / 2] : &r->rate[first + k / 2];

		memset(c, 0, sizeof *c);
		if (slot[k] >= 0 && !eb_bonnie_text_cell(tk[slot[k]].s, tk[slot[k]].n, k % 2, c))
			return 0;
	}
	return 1;
}

static int
name_fits(const char *a, const char *b, size_t bn)
{
	size_t an;

	if (a == NULL || bn == 0)
		return 1;
	an = strlen(a);
	return strncmp(a, b, an < bn ? an : bn) == 0;
}

/* Takes the longer of two compatible names: tables cut it differently in
 * the IO label (by the size's width) and on the -Create-- line (19). */
static void
set_name(struct eb_bonnie_run *r, const char *s, size_t n)
{
	if (n == 0 || (r->name != NULL && strlen(r->name) >= n))
		return;
	free(r->name);
	r->name = eb_xstrndup(s, n);
}

/* A row without its last cell (the seeks' or the random deletes' %CP,
 * which bonnie++ always prints) was cut: only the per-char cells of -f are
 * ever blank. */
static enum row
short_row(struct text_state *ts, const struct tok *tk, int nt, const int slot[12])
{
	if (slot[11] >= 0)
		return ROW_OK;
	ts->short_col = nt > 0 ? tk[nt - 1].end + 2 : 1;
	return ROW_SHORT;
}

/* -c of a table's "Size:chnk" cell past the size (":4k:2"): bonnie++
 * 1.98 and later print it third, left out or empty for 1 ("32M::2",
 * "64M:::1:1024" in 2.00a); 1.0x had no -c. Other tables (1.9x before
 * 1.98) are not known to print it: 0, unknown. */
static int
table_concurrency(const struct eb_bonnie_run *r, const char *s, size_t n)
{
	size_t i = 0, at;

	if (strncmp(r->version, "1.0", 3) == 0)
		return 1;
	if (!r->kmg)
		return 0;
	if (n == 0 || s[0] != ':')
		return 1;
	for (i = 1; i < n && s[i] != ':'; i++)
		;
	if (i >= n)
		return 1;
	at = ++i;
	while (i < n && s[i] != ':')
		i++;
	return i == at ? 1 : eb_bonnie_concurrency(s + at, i - at);
}

static enum row
io_row(struct text_state *ts, const char *s, size_t n, long lineno)
{
	struct tok tk[MAX_TOKENS];
	int nt = tokenize(s, n, tk, MAX_TOKENS), nl, slot[12];
	const struct tok *name = NULL, *size;
	struct eb_bonnie_run tmp, *r;
	size_t sizelen;
	int placed;

	if (nt < 2)
		return ROW_BAD;
	if (eb_bonnie_is_size(tk[0].s, tk[0].n)) {
		nl = 1;
	} else if (eb_bonnie_is_size(tk[1].s, tk[1].n)) {
		name = &tk[0];
		nl = 2;
	} else {
		return ROW_BAD;
	}
	size = &tk[nl - 1];
	memset(&tmp, 0, sizeof tmp);
	if (!(placed = assign(ts, tk + nl, nt - nl, size->end, 1, slot)) ||
	    !fill_cells(tk + nl, slot, &tmp, 0))
		return ROW_BAD;
	ts->fast_row = placed == 2;
	if (short_row(ts, tk, nt, slot) != ROW_OK)
		return ROW_SHORT;
	r = eb_bonnie_add(&ts->b, lineno);
	memcpy(r->rate, tmp.rate, sizeof r->rate);
	memcpy(r->cpu, tmp.cpu, sizeof r->cpu);
	for (int k = 0; k < 12; k += 2)
		if (slot[k] >= 0 && strchr("kmg", tk[nl + slot[k]].s[tk[nl + slot[k]].n - 1]) != NULL)
			ts->kmg = 1;
	r->has_io = 1;
	r->io_line = lineno;
	r->kmg = ts->kmg || eb_bonnie_kmg_version(ts->version);
	snprintf(r->version, sizeof r->version, "%s", ts->version);
	if (name != NULL)
		set_name(r, name->s, name->n);
	for (sizelen = 0; sizelen < size->n && size->s[sizelen] != ':'; sizelen++)
		;
	snprintf(r->size, sizeof r->size, "%.*s", (int)sizelen, size->s);
	/* "Size:chnk" shows a chunk only when it is not the default; 1.98
	 * and later may show the default empty ("512M::2" for -c 2). The
	 * CSV line of 1.98 to 2.00a never holds the chunk (bonnie.c), so
	 * that their tables give a default chunk as it does, unknown: the
	 * table and the CSV line of one run are then one test. */
	r->chunk = r->kmg ? 0 : EB_BONNIE_DEFAULT_CHUNK;
	if (sizelen < size->n) {
		const char *c = size->s + sizelen + 1;
		size_t cn = 0;

		while (cn < size->n - sizelen - 1 && c[cn] != ':')
			cn++;
		if (cn > 0 && (r->chunk = eb_bonnie_chunk(c, cn)) <= 0)
			r->chunk = 0;
	}
	r->concurrency = table_concurrency(r, size->s + sizelen, size->n - sizelen);
	ts->open_run = ts->row_run = ts->b.nruns;
	return ROW_OK;
}

static enum row
file_row(struct text_state *ts, const char *s, size_t n, long lineno)
{
	struct tok tk[MAX_TOKENS];
	int nt = tokenize(s, n, tk, MAX_TOKENS), nl, slot[12];
	const struct tok *name = NULL;
	struct eb_bonnie_run tmp, *r = NULL;
	size_t cn = strlen(ts->create_name);

	if (nt < 2)
		return ROW_BAD;
	if (eb_bonnie_is_files(tk[0].s, tk[0].n)) {
		nl = 1;
	} else if (eb_bonnie_is_files(tk[1].s, tk[1].n)) {
		/* A forum that re-spaced a 1.96 table moved the name from the
		 * -Create-- line into the row ("aaa.local 16 32383 92 ..."). */
		name = &tk[0];
		nl = 2;
	} else {
		return ROW_BAD;
	}
	memset(&tmp, 0, sizeof tmp);
	if (!assign(ts, tk + nl, nt - nl, tk[nl - 1].end, 0, slot) ||
	    !fill_cells(tk + nl, slot, &tmp, EB_BONNIE_NIO))
		return ROW_BAD;
	if (short_row(ts, tk, nt, slot) != ROW_OK)
		return ROW_SHORT;
	if (ts->open_run > 0) {
		r = &ts->b.runs[ts->open_run - 1];
		if (r->has_files || !name_fits(r->name, ts->create_name, cn) ||
		    (name != NULL && !name_fits(r->name, name->s, name->n)))
			r = NULL;
	}
	if (r == NULL) {
		r = eb_bonnie_add(&ts->b, lineno);
		snprintf(r->version, sizeof r->version, "%s", ts->version);
		r->kmg = eb_bonnie_kmg_version(ts->version);
	}
	memcpy(r->rate + EB_BONNIE_NIO, tmp.rate + EB_BONNIE_NIO,
	    (EB_BONNIE_NTESTS - EB_BONNIE_NIO) * sizeof *r->rate);
	memcpy(r->cpu + EB_BONNIE_NIO, tmp.cpu + EB_BONNIE_NIO,
	    (EB_BONNIE_NTESTS - EB_BONNIE_NIO) * sizeof *r->cpu);
	/* bonnie++ 2.00 and 2.00a print file-test rates with " %5d" of a
	 * double, so the table shows register garbage (16384, 20480, 0)
	 * where the CSV line has the rate; "+++++" is still true. */
	if (r->kmg)
		for (int i = EB_BONNIE_NIO; i < EB_BONNIE_NTESTS; i++)
			if (r->rate[i].st == EB_BONNIE_VALUE)
				r->rate[i].st = EB_BONNIE_GARBAGE;
	r->has_files = 1;
	r->file_line = lineno;
	eb_bonnie_files_cell(tk[nl - 1].s, tk[nl - 1].n, r->files, sizeof r->files);
	if (name != NULL)
		set_name(r, name->s, name->n);
	set_name(r, ts->create_name, cn);
	ts->create_name[0] = '\0';
	ts->open_run = 0;
	ts->row_run = (size_t)(r - ts->b.runs) + 1;
	return ROW_OK;
}

static enum row
latency_row(struct text_state *ts, const char *s, size_t n, long lineno)
{
	struct tok tk[MAX_TOKENS];
	int nt = tokenize(s, n, tk, MAX_TOKENS), cell[6];
	struct eb_bonnie_run *r;
	int first;

	if (ts->row_run == 0 || nt < 2 || nt > 7 || !teq(&tk[0], "Latency"))
		return ROW_BAD;
	r = &ts->b.runs[ts->row_run - 1];
	first = ts->block == B_IO ? 0 : EB_BONNIE_NIO;
	nt--;
	for (int i = 0; i < 6; i++)
		cell[i] = nt == 6 ? i : -1;
	if (nt < 6 && ts->aligned) {
		int next = 0;

		for (int j = 0; j < nt; j++) {
			long e = tk[j + 1].end - ts->indent;
			int found = -1;

			for (int i = next; i < 6 && found < 0; i++)
				if (e - LAT_END(i) >= -SLACK && e - LAT_END(i) <= SLACK)
					found = i;
			if (found < 0)
				return ROW_BAD;
			cell[found] = j;
			next = found + 1;
		}
	} else if (nt == 4 && ts->block == B_IO && ts->fast_row) {
		/* -f leaves the per-char latencies out. */
		cell[1] = 0;
		cell[2] = 1;
		cell[4] = 2;
		cell[5] = 3;
	} else if (nt != 6 || (ts->fast_row && ts->block == B_IO)) {
		return ROW_BAD;
	}
	/* The seeks and the random deletes always take time. */
	if (cell[5] < 0) {
		ts->short_col = tk[nt].end + 2;
		return ROW_SHORT;
	}
	for (int i = 0; i < 6; i++) {
		struct eb_bonnie_cell *c = &r->lat[first + i];

		if (cell[i] >= 0 && !eb_bonnie_latency(tk[cell[i] + 1].s, tk[cell[i] + 1].n, c))
			return ROW_BAD;
	}
	if (ts->block == B_IO) {
		r->has_io_lat = 1;
		r->io_lat_line = lineno;
	} else {
		r->has_file_lat = 1;
		r->file_lat_line = lineno;
	}
	return ROW_OK;
}

static void
table_line(struct text_state *ts, long lineno)
{
	if (ts->b.first_sign == 0)
		ts->b.first_sign = lineno;
}

/* bonnie++ 1.96 and later follow each result row with a Latency row. */
static int
has_latency(const char *version)
{
	return version[0] == '2' || strncmp(version, "1.9", 3) == 0;
}

/* An error where the open table ends when it is not whole: output cut
 * short (a full disk, a killed run, a paste that stopped) must not read
 * as the smaller table of another run. */
static enum eb_status
ended(struct eb_parse *p, struct text_state *ts)
{
	static const char *const lacks[] = {
		NULL,
		"before its units line (\"... /sec %CP\")",
		"after its units line, without its result row",
		"after its result row, without the Latency row of bonnie++ 1.96 and later",
		"after a row of 8 figures whose spacing is lost: that is -f output when "
		    "a Latency row of 4 follows, and otherwise a row cut short",
	};

	if (ts->need == N_NONE)
		return EB_OK;
	return eb_err_set(p->err, EB_ERR_DATA, eb_parse_loc(p, ts->need_line),
	    "bonnie++ %stable ends here, %s: the output is cut short",
	    ts->need == N_UNITS ? "" : ts->block == B_FILES ? "file " : "IO ",
	    lacks[ts->need]);
}

static enum eb_status
bad_row(struct eb_parse *p, struct text_state *ts, long lineno, size_t off,
    enum row how, const char *what)
{
	struct eb_loc loc = eb_parse_loc(p, lineno);

	if (how == ROW_SHORT) {
		loc.col = ts->short_col + (long)off;
		return eb_err_set(p->err, EB_ERR_DATA, loc,
		    "bonnie++ %s ends before its last cell: the output is cut short", what);
	}
	return eb_err_set(p->err, EB_ERR_DATA, loc, "bonnie++ %s not understood", what);
}

/* A line that opens a table, or its next header line. */
static enum eb_status
header_line(struct eb_parse *p, struct text_state *ts, long lineno, int opens)
{
	enum eb_status st = EB_OK;

	if (ts->need != N_NONE && (opens || ts->need != N_UNITS))
		st = ended(p, ts);
	table_line(ts, lineno);
	ts->expect = X_NOTHING;
	ts->need = N_UNITS;
	ts->need_line = lineno;
	return st;
}

static enum eb_status
parse_line(struct eb_parse *p, char *line, size_t len, long lineno)
{
	struct text_state *ts = p->state;
	size_t off = eb_bonnie_unquote(line, len);
	const char *s = line + off;
	size_t n = eb_bonnie_rtrim(s, len - off), lead = skip_blanks(s, n);
	const char *t = s + lead;
	size_t tn = n - lead;
	enum eb_status st;
	enum block block;
	enum row how;
	int taken, aligned, kmg;
	long indent;

	if (tn == 0) {
		ts->expect = X_NOTHING;
		return ended(p, ts);
	}
	st = eb_bonnie_csv_line(p, &ts->b, line, len, lineno, &taken);
	if (st != EB_OK || taken) {
		ts->expect = X_NOTHING;
		ts->open_run = 0;
		return st != EB_OK ? st : ended(p, ts);
	}
	if (version_line(t, tn, ts->version, sizeof ts->version))
		return header_line(p, ts, lineno, 1);
	if (has(t, tn, "-Sequential Create-") || has(t, tn, "-Sequential Output-"))
		return header_line(p, ts, lineno, 1);
	if (io_header(t, tn))
		return header_line(p, ts, lineno, 0);
	if (file_header(t, tn)) {
		/* 1.96 and later put the machine name before -Create--. */
		size_t k = (size_t)((const char *)memmem(t, tn, "-Create--", 9) - t);

		while (k > 0 && isblank_(t[k - 1]))
			k--;
		snprintf(ts->create_name, sizeof ts->create_name, "%.*s", (int)k, t);
		return header_line(p, ts, lineno, 0);
	}
	if ((block = units_line(s, n, &aligned, &indent, &kmg)) != B_NONE) {
		if (ts->need != N_NONE && ts->need != N_UNITS)
			return ended(p, ts);
		table_line(ts, lineno);
		ts->block = block;
		ts->aligned = aligned;
		ts->indent = indent;
		if (block == B_IO)
			ts->kmg = kmg || eb_bonnie_kmg_version(ts->version);
		ts->expect = X_ROW;
		ts->need = N_ROW;
		ts->need_line = lineno;
		return EB_OK;
	}
	/* A table row that ends the input without a line end may end in a
	 * cut figure ("83" cut to "8"): only a latency's unit shows it whole. */
	if (p->unended && (ts->expect == X_ROW ||
	    (ts->expect == X_LATENCY && tn > 7 && memcmp(t, "Latency", 7) == 0)) &&
	    ((t[tn - 1] >= '0' && t[tn - 1] <= '9') || t[tn - 1] == '+')) {
		struct eb_loc loc = eb_parse_loc(p, lineno);

		loc.col = (long)(off + lead + tn);
		return eb_err_set(p->err, EB_ERR_DATA, loc, "bonnie++ table row ends the "
		    "input without a line end, in a figure that may be cut short (end "
		    "the file with a line end if it is whole)");
	}
	if (ts->expect == X_ROW) {
		ts->expect = X_LATENCY;
		how = ts->block == B_IO ? io_row(ts, s, n, lineno) : file_row(ts, s, n, lineno);
		if (how != ROW_OK)
			return bad_row(p, ts, lineno, off, how,
			    ts->block == B_IO ? "IO result row" : "file result row");
		ts->need = has_latency(ts->version) ? N_LATENCY :
		    ts->block == B_IO && ts->fast_row ? N_FAST : N_NONE;
		ts->need_line = lineno;
		return EB_OK;
	}
	if (ts->expect == X_LATENCY && tn > 7 && memcmp(t, "Latency", 7) == 0) {
		ts->expect = X_NOTHING;
		if ((how = latency_row(ts, s, n, lineno)) != ROW_OK)
			return bad_row(p, ts, lineno, off, how, "latency row");
		ts->need = N_NONE;
		return EB_OK;
	}
	/* Anything else ends the table: a file block further down is
	 * another run's. */
	ts->expect = X_NOTHING;
	ts->open_run = 0;
	return ended(p, ts);
}

static enum eb_status
finish(struct eb_parse *p, int ok)
{
	struct text_state *ts = p->state;
	enum eb_status st;

	if (ok && (st = ended(p, ts)) != EB_OK) {
		eb_bonnie_free(&ts->b);
		return st;
	}
	return eb_bonnie_finish(p, &ts->b, ok, "no table row and no CSV line");
}

static int
probe(const char *head, size_t len)
{
	int score = 0, aligned, kmg;
	long indent;

	/* Every line that scores has one of these; one look at the whole
	 * head spares the line loop for the files of other formats. */
	if (!has(head, len, "-Sequential ") && !has(head, len, "--Block--") &&
	    !has(head, len, "--Read---") && !has(head, len, "%CP"))
		return 0;
	for (size_t i = 0; i < len;) {
		const char *s = head + i, *nl = memchr(s, '\n', len - i);
		size_t n = nl != NULL ? (size_t)(nl - s) : len - i, off, lead;

		i += n + 1;
		off = eb_bonnie_unquote(s, n);
		s += off;
		n = eb_bonnie_rtrim(s, n - off);
		lead = skip_blanks(s, n);
		if (version_line(s + lead, n - lead, NULL, 0))
			return 95;
		if (io_header(s, n) || file_header(s, n)) {
			if (score < 92)
				score = 92;
		} else if (score < 90 && units_line(s, n, &aligned, &indent, &kmg) != B_NONE) {
			score = 90;
		}
	}
	return score;
}

const struct eb_format eb_format_bonnie_text = {
	"bonnie-text", "bonnie++ text tables (1.03 to 2.00a) and the CSV lines beside them",
	probe, sizeof(struct text_state), parse_line, finish, NULL, NULL, NULL, NULL, 0,
};
