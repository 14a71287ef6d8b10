/* sheet.c - legacy spreadsheets: Google Sheets, Excel and LibreOffice CSV
 * exports in wide, long and grouped layouts, read with libcsv into records. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <csv.h>
#include <jansson.h>

#include "modes.h"
#include "sheet.h"

/* Hard ceilings, so that a hostile file is an error and not an exhaustion:
 * Excel and LibreOffice stop at 16384 columns, and a benchmark sheet has a
 * few thousand cells, not millions. */
#define SHEET_MAX_BYTES (64 * 1024 * 1024)
#define SHEET_MAX_COLS 16384
#define SHEET_MAX_CELLS (4 * 1024 * 1024)
#define SNIFF_RECORDS 100
/* Key columns a table may have: each is looked at on every row. */
#define MAX_KEYS 64

/* ---- the separator: the probe and the parser ask the same question */

struct sniff {
	char sep;		/* ',' or ';' (or what "sep=" declared) */
	int nrec;		/* non-blank records looked at */
	int agree;		/* records with the usual count of separators */
	int partial;		/* with fewer but some: trailing cells dropped */
	int declared;		/* a "sep=;" first line said it */
};

/* Excel honours a first line "sep=;" and some tools write one for it; it
 * is no row of the sheet. Returns its length with the line end, or 0. */
static size_t
sep_line(const char *s, size_t n)
{
	if (n < 5 || strncasecmp(s, "sep=", 4) != 0 ||
	    (s[4] != ',' && s[4] != ';' && s[4] != '\t'))
		return 0;
	if (n == 5)
		return 5;
	if (s[5] == '\n')
		return 6;
	if (s[5] == '\r')
		return n > 6 && s[6] == '\n' ? 7 : 6;
	return 0;
}

static void
sniff(const char *s, size_t n, struct sniff *out)
{
	static const char seps[2] = { ',', ';' };
	int counts[2][SNIFF_RECORDS];
	int c[2] = { 0, 0 }, inq = 0, blank = 1, best = -1;
	size_t k;

	memset(out, 0, sizeof *out);
	out->sep = ',';
	if ((k = sep_line(s, n)) > 0) {
		out->sep = s[4];
		out->declared = 1;
		s += k;
		n -= k;
	}
	for (size_t i = 0; i <= n && out->nrec < SNIFF_RECORDS; i++) {
		if (i == n || (!inq && (s[i] == '\n' || s[i] == '\r'))) {
			if (!blank) {
				counts[0][out->nrec] = c[0];
				counts[1][out->nrec] = c[1];
				out->nrec++;
			}
			c[0] = c[1] = 0;
			blank = 1;
			continue;
		}
		if (s[i] == '"')
			inq = !inq;
		else if (!inq && s[i] == ',')
			c[0]++;
		else if (!inq && s[i] == ';')
			c[1]++;
		if (s[i] != ' ' && s[i] != '\t')
			blank = 0;
	}
	if (out->declared) {
		out->agree = out->nrec;
		return;
	}
	/* Exporters pad every row to the sheet's width, so the right
	 * separator appears the same number of times on most lines; hand-made
	 * files drop trailing cells, which is fewer but not none. */
	for (int j = 0; j < 2; j++) {
		int mode = 0, freq = 0, partial = 0, score;

		for (int i = 0; i < out->nrec; i++) {
			int v = counts[j][i], f = 0;

			if (v == 0)
				continue;
			for (int m = 0; m < out->nrec; m++)
				f += counts[j][m] == v;
			if (f > freq || (f == freq && v > mode)) {
				mode = v;
				freq = f;
			}
		}
		for (int i = 0; i < out->nrec; i++)
			partial += counts[j][i] >= 1 && counts[j][i] < mode;
		score = 2 * freq + partial;
		if (score > best) {
			best = score;
			out->sep = seps[j];
			out->agree = freq;
			out->partial = partial;
		}
	}
}

/* A header row longer than what the probes see (5,000 columns of "Write
 * (MB/s)" are 80 kB, within SHEET_MAX_COLS) cannot be sniffed against
 * other rows: a first line of text cells with one separator between
 * every few dozen bytes is taken for one, as a guess the reader checks. */
static int
wide_header(const char *s, size_t n)
{
	size_t seps[2] = { 0, 0 };
	int inq = 0;

	for (size_t i = 0; i < n; i++) {
		if (s[i] == '"')
			inq = !inq;
		else if (!inq && s[i] == ',')
			seps[0]++;
		else if (!inq && s[i] == ';')
			seps[1]++;
		else if (s[i] == '\r' || s[i] == '\0')
			return 0;
	}
	return seps[0] > n / 64 || seps[1] > n / 64;
}

/* A field of the first line, for the probe. */
static size_t
field(const char *s, size_t n, char sep, int i, const char **f)
{
	size_t start = 0;

	for (size_t k = 0; k <= n; k++) {
		if (k == n || s[k] == sep || s[k] == '\n' || s[k] == '\r') {
			if (i-- == 0) {
				*f = s + start;
				return k - start;
			}
			if (k == n || s[k] != sep)
				break;
			start = k + 1;
		}
	}
	*f = "";
	return 0;
}

static int
version_field(const char *s, size_t n)
{
	size_t i = 0, d = 0;

	while (i < n && s[i] >= '0' && s[i] <= '9')
		i++;
	if (i == 0 || i >= n || s[i] != '.')
		return 0;
	for (i++; i < n && s[i] >= '0' && s[i] <= '9'; i++)
		d++;
	if (i < n && s[i] >= 'a' && s[i] <= 'z')
		i++;
	return d > 0 && i == n;
}

/* bonnie++ CSV ("1.98,1.98,host,..." or 1.0x "host,2G,...") and fio
 * --minimal ("3;fio-3.28;job;...") are tabular too, but have parsers of
 * their own. */
static int
foreign_table(const char *s, size_t n)
{
	size_t line = 0, ncommas = 0, digits = 0, l1, l2;
	const char *f1, *f2;

	/* The probe's bytes end without a NUL: no str*() on them. */
	while (line < n && s[line] != '\n' && s[line] != '\r')
		ncommas += s[line++] == ',';
	if (line >= 15 && strncmp(s, "format_version,", 15) == 0)
		return 1;
	l1 = field(s, line, ',', 0, &f1);
	l2 = field(s, line, ',', 1, &f2);
	if (ncommas >= 20 && version_field(f1, l1) && version_field(f2, l2))
		return 1;
	while (digits < l2 && f2[digits] >= '0' && f2[digits] <= '9')
		digits++;
	if (ncommas >= 20 && l2 >= 2 && digits == l2 - 1 &&
	    (f2[digits] == 'K' || f2[digits] == 'M' || f2[digits] == 'G' || f2[digits] == 'T'))
		return 1;
	l1 = field(s, line, ';', 0, &f1);
	l2 = field(s, line, ';', 1, &f2);
	return l1 == 1 && (f1[0] == '2' || f1[0] == '3') && l2 > 4 &&
	    strncmp(f2, "fio-", 4) == 0;
}

static int
probe(const char *head, size_t len)
{
	static const char results[] = "release,host,config,mode,tool,job,";
	struct sniff sn;
	size_t i = 0;

	if (len >= 3 && memcmp(head, "\xEF\xBB\xBF", 3) == 0) {
		head += 3;
		len -= 3;
	}
	/* The probe may see a file cut in the middle of a line. */
	if (len >= EB_PROBE_BYTES - 3) {
		const char *nl = memrchr(head, '\n', len);

		if (nl != NULL)
			len = (size_t)(nl - head) + 1;
		else if (wide_header(head, len))
			return 20;
	}
	while (i < len && (head[i] == ' ' || head[i] == '\t' || head[i] == '\n' || head[i] == '\r'))
		i++;
	if (i < len && (head[i] == '{' || head[i] == '[' || head[i] == '<'))
		return 0;
	if (len >= sizeof results - 1 && memcmp(head, results, sizeof results - 1) == 0)
		return 0;
	if (foreign_table(head, len))
		return 0;
	sniff(head, len, &sn);
	if (sn.declared)
		return 30;
	if (sn.nrec >= 2 && sn.agree >= 2 && 3 * (sn.agree + sn.partial) >= 2 * sn.nrec)
		return 20;
	return 0;
}

/* ---- what the driver keeps while lines arrive */

struct sheet_state {
	int started;
	struct eb_buf raw;	/* every line, LF-terminated: layouts need it all */
	struct eb_sheet_map map;
	int have_map;
	struct eb_sheet_unit unit;	/* --unit */
	int have_unit;
};

static enum eb_status
start(struct eb_parse *p, struct sheet_state *ss)
{
	const struct eb_ingest_opts *o = p->opts;
	enum eb_status st;

	ss->started = 1;
	eb_buf_init(&ss->raw, SHEET_MAX_BYTES);
	if (o != NULL && o->unit != NULL && *o->unit != '\0') {
		if (!eb_sheet_unit_parse(o->unit, strlen(o->unit), &ss->unit))
			return eb_err_set(p->err, EB_ERR_USAGE, (struct eb_loc){ 0 },
			    "--unit '%s' is not a unit encbench knows (B/s, kB/s, MB/s, "
			    "GB/s, KiB/s, MiB/s, GiB/s, IOPS, ops/s, ns, us, ms, %%)", o->unit);
		ss->have_unit = 1;
	}
	if (o != NULL && o->map != NULL) {
		if ((st = eb_sheet_map_load(&ss->map, o->map, p->t, p->err)) != EB_OK)
			return st;
		ss->have_map = 1;
	}
	return EB_OK;
}

static enum eb_status
parse_line(struct eb_parse *p, char *line, size_t len, long lineno)
{
	struct sheet_state *ss = p->state;
	enum eb_status st;

	if (!ss->started && (st = start(p, ss)) != EB_OK)
		return st;
	/* A CRLF file run through a second LF-to-CRLF conversion ends its
	 * lines in CR CR LF; those CRs end no row. */
	while (len > 0 && line[len - 1] == '\r')
		len--;
	if (eb_buf_add(&ss->raw, line, len) != 0 || eb_buf_addc(&ss->raw, '\n') != 0)
		return eb_err_set(p->err, EB_ERR_DATA, eb_parse_loc(p, lineno),
		    "spreadsheet larger than %d MiB, the most encbench reads",
		    SHEET_MAX_BYTES / (1024 * 1024));
	return EB_OK;
}

/* ---- the sheet as rows of cells */

enum row_kind { R_OTHER, R_EMPTY, R_HEADER, R_GROUP, R_UNITS };

struct cell {
	size_t off, len;	/* into sheet.text, NUL-terminated there */
};

struct row {
	size_t first, n;	/* its cells; trailing empty ones dropped */
	long line;		/* the physical line it begins on */
	long num;		/* its row number in the spreadsheet */
	enum row_kind kind;
};

/* What the current table's header says of one column. */
struct column {
	struct eb_sheet_head head;
	struct eb_sheet_attrs at;	/* header, units row and group rows */
	struct eb_sheet_map_col *map;
	const char *text;		/* the header cell */
	const char *fill;		/* key column: the last value above */
	int noted;			/* its note or warning was given */
};

struct sheet {
	struct eb_parse *p;
	struct sheet_state *ss;
	struct eb_sheet_map *map;	/* NULL without --map */
	char sep;

	struct csv_parser csv;
	long line, rownum;		/* physical lines and rows so far */
	long row_line, row_num, field_line;
	int open;			/* a row has begun and not ended */
	size_t row_first;
	enum eb_status st;
	struct eb_buf text;
	struct cell *cells;
	size_t ncells, capcells;
	struct row *rows;
	size_t nrows, caprows;
	size_t width;

	struct column *cols;		/* width of them */
	size_t tw;			/* the current table's width: its header's */
	size_t keys[MAX_KEYS];		/* its key columns */
	size_t nkeys;
	int beyond_noted;		/* numbers right of the header were noted */
	int modecol, in_table, nheaders;
	struct eb_sheet_attrs section;	/* from label rows between tables */
	int pass;			/* 0: decimal votes only; 1: records */
	char decimal;
	long votes[2];			/* for '.' and ',' */
	int ambiguous;
	int yymm;			/* a release column holds YY.MM versions */
	size_t nrecords;
	const char **unknown;		/* unknown mode names, interned */
	size_t nunknown, capunknown;
};

static const char *
cell(const struct sheet *sh, const struct row *r, size_t c)
{
	if (c >= r->n)
		return "";
	return sh->text.data + sh->cells[r->first + c].off;
}

static int
empty(const char *s)
{
	size_t n = strlen(s);

	eb_sheet_trim(s, &n);
	return n == 0;
}

static struct eb_loc
loc_at(const struct sheet *sh, long row, size_t col)
{
	struct eb_loc loc = { sh->p->path, row, (long)col + 1 };

	return loc;
}

/* "column C ('DD Read')", the way a spreadsheet user finds it. */
static const char *
colname(const struct sheet *sh, size_t c, char *buf, size_t n)
{
	char letters[8], text[48];
	size_t k = 0, v = c + 1;
	char tmp[8];

	while (v > 0 && k < sizeof tmp) {
		v--;
		tmp[k++] = (char)('A' + v % 26);
		v /= 26;
	}
	for (size_t i = 0; i < k; i++)
		letters[i] = tmp[k - 1 - i];
	letters[k] = '\0';
	eb_sheet_squeeze(c < sh->width && sh->cols[c].text ? sh->cols[c].text : "",
	    text, sizeof text);	/* cols[c].text is reset with each header */
	if (text[0] != '\0')
		snprintf(buf, n, "column %s ('%s')", letters, text);
	else
		snprintf(buf, n, "column %s", letters);
	return buf;
}

static void
add_row(struct sheet *sh, size_t first, size_t n, long line, long num)
{
	struct row *r;

	eb_xgrow(&sh->rows, &sh->caprows, sh->nrows + 1, sizeof *sh->rows);
	r = &sh->rows[sh->nrows++];
	r->first = first;
	r->n = n;
	r->line = line;
	r->num = num;
	r->kind = R_OTHER;
	if (n > sh->width)
		sh->width = n;
}

static void
on_field(void *s, size_t len, void *ctx)
{
	struct sheet *sh = ctx;
	struct cell *c;

	if (sh->st != EB_OK)
		return;
	if (sh->ncells - sh->row_first >= SHEET_MAX_COLS || sh->ncells >= SHEET_MAX_CELLS) {
		struct eb_loc loc = { sh->p->path, sh->line, 0 };

		sh->st = eb_err_set(sh->p->err, EB_ERR_DATA, loc,
		    sh->ncells >= SHEET_MAX_CELLS ? "more than %d cells; no benchmark "
		    "sheet is that large" : "more than %d columns in a row, more than "
		    "spreadsheets have", sh->ncells >= SHEET_MAX_CELLS ?
		    SHEET_MAX_CELLS : SHEET_MAX_COLS);
		return;
	}
	eb_xgrow(&sh->cells, &sh->capcells, sh->ncells + 1, sizeof *sh->cells);
	c = &sh->cells[sh->ncells++];
	c->off = sh->text.len;
	c->len = len;
	eb_buf_add(&sh->text, s != NULL ? s : "", s != NULL ? len : 0);
	eb_buf_addc(&sh->text, '\0');
	/* The next field begins on this line: a quoted field never closed
	 * is reported where it began, not at the end of the file. */
	sh->field_line = sh->line;
}

static void
on_row(int c, void *ctx)
{
	struct sheet *sh = ctx;
	size_t n = sh->ncells - sh->row_first;

	(void)c;
	sh->open = 0;
	if (sh->st != EB_OK)
		return;
	/* Exporters pad rows to the sheet's width with empty cells. */
	while (n > 0 && empty(sh->text.data + sh->cells[sh->row_first + n - 1].off))
		n--;
	sh->ncells = sh->row_first + n;
	add_row(sh, sh->row_first, n, sh->row_line, sh->row_num);
}

/* libcsv ends rows at CR too; lone CRs are split off before, and a CR
 * inside a quoted cell stays in it. */
static int
is_lf(unsigned char c)
{
	return c == '\n';
}

static void
feed_piece(struct sheet *sh, const char *s, size_t n)
{
	size_t i = 0;

	sh->line++;
	if (!sh->open) {
		sh->rownum++;
		while (i < n && (s[i] == ' ' || s[i] == '\t'))
			i++;
		if (i == n) {
			add_row(sh, sh->ncells, 0, sh->line, sh->rownum);
			return;
		}
		sh->open = 1;
		sh->row_line = sh->line;
		sh->row_num = sh->rownum;
		sh->field_line = sh->line;
		sh->row_first = sh->ncells;
	}
	if (csv_parse(&sh->csv, s, n, on_field, on_row, sh) != n ||
	    csv_parse(&sh->csv, "\n", 1, on_field, on_row, sh) != 1) {
		struct eb_loc loc = { sh->p->path, sh->line, 0 };

		if (sh->st == EB_OK)
			sh->st = eb_err_set(sh->p->err, EB_ERR_DATA, loc, "malformed CSV: %s",
			    csv_error(&sh->csv) == CSV_EPARSE ? "a quote inside a field "
			    "that does not begin with one, or text after a closing quote "
			    "(quote the whole field and double the quote: \"5\"\" disk\")" :
			    csv_strerror(csv_error(&sh->csv)));
	}
}

static enum eb_status
read_csv(struct sheet *sh, const char *s, size_t n)
{
	struct sniff sn;
	size_t k;

	sniff(s, n, &sn);
	sh->sep = sn.sep;
	if ((k = sep_line(s, n)) > 0) {
		s += k;
		n -= k;
		sh->line = 1;
	}
	if (csv_init(&sh->csv, CSV_STRICT | CSV_STRICT_FINI | CSV_APPEND_NULL) != 0) {
		fputs("encbench: out of memory\n", stderr);
		abort();
	}
	csv_set_delim(&sh->csv, (unsigned char)sh->sep);
	csv_set_term_func(&sh->csv, is_lf);
	/* Pieces end at LF or at a lone CR: Excel 2011 for Mac's "CSV
	 * (Macintosh)" ends its lines in CR only. */
	for (size_t i = 0; i < n && sh->st == EB_OK;) {
		size_t j = i;

		while (j < n && s[j] != '\n' && s[j] != '\r')
			j++;
		feed_piece(sh, s + i, j - i);
		i = j + 1;
	}
	if (sh->st == EB_OK && csv_fini(&sh->csv, on_field, on_row, sh) != 0) {
		struct eb_loc loc = { sh->p->path, sh->field_line, 0 };

		sh->st = eb_err_set(sh->p->err, EB_ERR_DATA, loc,
		    "malformed CSV: the quoted field that begins on this line is never closed");
	}
	csv_free(&sh->csv);
	return sh->st;
}

/* ---- finding the tables */

static int
nonempty(const struct sheet *sh, const struct row *r)
{
	int n = 0;

	for (size_t c = 0; c < r->n; c++)
		n += !empty(cell(sh, r, c));
	return n;
}

static enum eb_sheet_cellkind
cellkind(const char *s)
{
	struct eb_sheet_cell c;

	eb_sheet_cell_parse(s, strlen(s), &c);
	return c.kind;
}

/* A header row names at least one measurement and holds no number, no
 * spreadsheet error and no mode name, which data rows do. */
static int
is_header(struct sheet *sh, const struct row *r)
{
	int measure = 0;

	for (size_t c = 0; c < r->n; c++) {
		const char *s = cell(sh, r, c);
		struct eb_sheet_map_col *mc;
		struct eb_sheet_head h;
		char mode[EB_MODE_MAX];
		enum eb_sheet_cellkind k = cellkind(s);

		if (k == EB_SC_EMPTY)
			continue;
		if (k == EB_SC_NUMBER || k == EB_SC_MARKER)
			return 0;
		if ((mc = eb_sheet_map_column(sh->map, (long)c + 1, s)) != NULL) {
			measure += mc->role == EB_SH_VALUE;
			continue;
		}
		if (eb_mode_canonical(s, mode, sizeof mode))
			return 0;
		eb_sheet_header_parse(s, &h);
		measure += h.key == EB_SH_VALUE;
	}
	return measure > 0;
}

static int
first_key(struct sheet *sh, const struct row *r)
{
	struct eb_sheet_head h;

	eb_sheet_header_parse(cell(sh, r, 0), &h);
	return h.key;
}

/* A row of labels above a header, each spanning the columns up to the
 * next: merged cells export their text in the first cell only. */
static int
is_group(struct sheet *sh, const struct row *r)
{
	int key = first_key(sh, r);
	int labels = 0;

	if (!empty(cell(sh, r, 0)) && key != EB_SH_RELEASE && key != EB_SH_CONFIG)
		return 0;
	for (size_t c = 0; c < r->n; c++) {
		const char *s = cell(sh, r, c);

		if (cellkind(s) == EB_SC_MARKER)
			return 0;
		labels += c > 0 && !empty(s);
	}
	return labels > 0;
}

/* Units under the header: ",MB/s,MB/s,IOPS". */
static int
is_units(struct sheet *sh, const struct row *r)
{
	char first[16];
	int units = 0;

	eb_sheet_fold(cell(sh, r, 0), first, sizeof first);
	if (first[0] != '\0' && strcmp(first, "unit") != 0 && strcmp(first, "units") != 0)
		return 0;
	for (size_t c = 1; c < r->n; c++) {
		const char *s = cell(sh, r, c);
		struct eb_sheet_unit u;

		if (empty(s))
			continue;
		if (!eb_sheet_unit_parse(s, strlen(s), &u))
			return 0;
		units++;
	}
	return units > 0;
}

static enum eb_status
classify(struct sheet *sh)
{
	long forced = sh->map != NULL ? sh->map->header_row : 0;
	int active = 0, above_ok = 1, found = 0;

	for (size_t i = 0; i < sh->nrows; i++) {
		struct row *r = &sh->rows[i];

		if (forced > 0 && r->num == forced)
			found = 1 + (r->n == 0);
		if (r->n == 0) {
			r->kind = R_EMPTY;
			above_ok = 1;
			continue;
		}
		if (forced > 0) {
			if (r->num == forced)
				r->kind = R_HEADER;
			continue;
		}
		if (i > 0 && sh->rows[i - 1].kind == R_HEADER && is_units(sh, r)) {
			r->kind = R_UNITS;
			above_ok = 0;
			continue;
		}
		/* A later table must be set apart from the data above it by an
		 * empty row, a title or a group row; otherwise a data row that
		 * happens to hold only words would start one. */
		if ((!active || above_ok) && is_header(sh, r)) {
			r->kind = R_HEADER;
			active = 1;
			above_ok = 1;
			continue;
		}
		above_ok = (nonempty(sh, r) == 1 && !empty(cell(sh, r, 0))) || is_group(sh, r);
	}
	if (forced > 0 && found != 1) {
		struct eb_loc loc = { sh->map->path, 0, 0 };

		if (found == 2)
			return eb_err_set(sh->p->err, EB_ERR_DATA, loc,
			    "map: header_row %ld of %s is empty", forced, sh->p->path);
		return eb_err_set(sh->p->err, EB_ERR_DATA, loc,
		    "map: header_row %ld is not a row of %s (it has %ld rows)", forced,
		    sh->p->path, sh->rownum);
	}
	if (forced > 0) {
		for (size_t i = 0; i + 1 < sh->nrows; i++)
			if (sh->rows[i].kind == R_HEADER && is_units(sh, &sh->rows[i + 1]))
				sh->rows[i + 1].kind = R_UNITS;
	}
	/* Group rows sit right above their header. A "header" there whose
	 * first cell is empty ("DD" over two columns, "FIO" over four) is a
	 * group row too. */
	for (size_t i = 0; i < sh->nrows; i++) {
		if (sh->rows[i].kind != R_HEADER)
			continue;
		for (size_t j = i; j-- > 0;) {
			struct row *g = &sh->rows[j];

			if (g->kind == R_OTHER && is_group(sh, g))
				g->kind = R_GROUP;
			else if (g->kind == R_HEADER && empty(cell(sh, g, 0)) && forced == 0)
				g->kind = R_GROUP;
			else
				break;
		}
	}
	return EB_OK;
}

/* ---- a table's columns */

static const char *
intern(struct sheet *sh, const char *s)
{
	return eb_intern_cstr(sh->p->t, s);
}

/* Applies a group label to the attributes of the columns it spans. */
static void
group_label(struct sheet *sh, struct eb_sheet_attrs *at, const char *text, int key,
    int ubuntu)
{
	struct eb_sheet_attrs w;
	char buf[128];
	int unknown = 0;

	if (key == EB_SH_RELEASE || (key != EB_SH_CONFIG && eb_sheet_is_release(text))) {
		eb_sheet_release(text, ubuntu, buf, sizeof buf);
		at->f[EB_F_RELEASE] = intern(sh, buf);
		return;
	}
	memset(&w, 0, sizeof w);
	if (key != EB_SH_CONFIG && eb_sheet_words(text, &w, &unknown) > 0 && unknown == 0) {
		eb_sheet_attrs_merge(at, &w);
		return;
	}
	eb_sheet_config(text, buf, sizeof buf);
	at->f[EB_F_CONFIG] = intern(sh, buf);
}

/* A group row that says its numbers are made up ("Ubuntu 20.04 (ZFS 0.8.3,
 * illustrative numbers)", the samples' sheet) marks its release as a run's
 * meta.json "illustrative" does, so that a report names it. */
static void
note_illustrative(struct sheet *sh, const char *release, const char *text)
{
	struct eb_run_meta m = { intern(sh, sh->p->path), release, intern(sh, ""),
		intern(sh, ""), NULL };
	json_t *doc;

	if (sh->pass != 1 || strcasestr(text, "illustrative") == NULL || *release == '\0')
		return;
	for (size_t i = 0; i < sh->p->t->nmeta; i++)
		if (sh->p->t->meta[i].path == m.path && sh->p->t->meta[i].release == release)
			return;
	doc = json_pack("{s:s,s:s}", "release", release, "illustrative", text);
	if (doc == NULL || (m.json = json_dumps(doc, JSON_COMPACT)) == NULL) {
		fputs("encbench: out of memory\n", stderr);
		abort();
	}
	json_decref(doc);
	eb_table_add_meta(sh->p->t, &m);
}

static void
apply_group(struct sheet *sh, const struct row *g)
{
	struct eb_sheet_head h;
	const char *label = NULL;
	int key;

	eb_sheet_header_parse(cell(sh, g, 0), &h);
	key = h.key == EB_SH_RELEASE || h.key == EB_SH_CONFIG ? (int)h.key : 0;
	for (size_t c = 1; c < sh->tw; c++) {
		const char *s = cell(sh, g, c);

		if (!empty(s))
			label = s;
		if (label != NULL) {
			group_label(sh, &sh->cols[c].at, label, key,
			    h.ubuntu || sh->cols[c].head.ubuntu);
			if (sh->cols[c].at.f[EB_F_RELEASE] != NULL)
				note_illustrative(sh, sh->cols[c].at.f[EB_F_RELEASE], label);
		}
	}
}

/* A wide sheet's first column holds modes whatever its header says
 * ("", "Setup", "Test"), unless it is a measurement or a key column whose
 * cells are not mostly mode names. */
static int
modes_in_first(struct sheet *sh, size_t h)
{
	int key = sh->cols[0].head.key, known = 0, total = 0;

	if (sh->cols[0].map != NULL || key == EB_SH_VALUE || key == EB_SH_IGNORE)
		return 0;
	if (key == EB_SH_NONE)
		return 1;
	for (size_t i = h + 1; i < sh->nrows && sh->rows[i].kind != R_HEADER; i++) {
		const char *s = cell(sh, &sh->rows[i], 0);
		char mode[EB_MODE_MAX];

		if (empty(s))
			continue;
		total++;
		known += eb_mode_canonical(s, mode, sizeof mode);
	}
	return known > 0 && 2 * known >= total;
}

static void
set_header(struct sheet *sh, size_t h)
{
	const struct row *r = &sh->rows[h];
	size_t top = h;

	sh->in_table = 1;
	sh->nheaders++;
	sh->modecol = -1;
	sh->nkeys = 0;
	sh->beyond_noted = 0;
	/* Columns right of the header belong to no table, so the work per
	 * header and per row is bounded by cells, not by the widest row. */
	for (size_t c = 0; c < sh->tw; c++)
		memset(&sh->cols[c], 0, sizeof sh->cols[c]);
	sh->tw = r->n;
	for (size_t c = 0; c < sh->tw; c++) {
		struct column *col = &sh->cols[c];
		const char *text = cell(sh, r, c);

		memset(col, 0, sizeof *col);
		col->text = text;
		eb_sheet_header_parse(text, &col->head);
		col->at = col->head.at;
		if ((col->map = eb_sheet_map_column(sh->map, (long)c + 1, text)) != NULL) {
			col->map->used = 1;
			col->head.key = col->map->role;
			col->head.derived = 0;
		}
		if (col->head.key == EB_SH_MODE && sh->modecol < 0)
			sh->modecol = (int)c;
	}
	if (sh->modecol < 0 && sh->tw > 0 && modes_in_first(sh, h)) {
		sh->cols[0].head.key = EB_SH_MODE;
		sh->modecol = 0;
	}
	for (size_t c = 0; c < sh->tw; c++) {
		enum eb_sheet_key k = sh->cols[c].head.key;

		if (k == EB_SH_NONE || k == EB_SH_VALUE || k == EB_SH_IGNORE)
			continue;
		if (sh->nkeys == MAX_KEYS)
			sh->cols[c].head.key = EB_SH_NONE;
		else
			sh->keys[sh->nkeys++] = c;
	}
	while (top > 0 && sh->rows[top - 1].kind == R_GROUP)
		top--;
	for (size_t g = top; g < h; g++)
		apply_group(sh, &sh->rows[g]);
	if (h + 1 < sh->nrows && sh->rows[h + 1].kind == R_UNITS) {
		const struct row *u = &sh->rows[h + 1];

		for (size_t c = 1; c < u->n && c < sh->tw; c++) {
			const char *s = cell(sh, u, c);

			if (!empty(s))
				eb_sheet_unit_parse(s, strlen(s), &sh->cols[c].at.unit);
		}
	}
	for (size_t c = 0; sh->pass == 1 && c < sh->tw; c++) {
		char name[96];

		if (sh->cols[c].head.key == EB_SH_VALUE && sh->cols[c].head.derived)
			eb_diag(sh->p->diag, EB_NOTE, loc_at(sh, r->num, c),
			    "%s is computed from other columns (an overhead, ratio or "
			    "spread); skipped, encbench computes these itself",
			    colname(sh, c, name, sizeof name));
	}
}

/* Two columns of one label (two "mode" columns) leave a record with two
 * readings, of which the later would silently win: an error at the
 * second. */
static enum eb_status
repeated_key(struct sheet *sh, const struct row *r)
{
	for (size_t a = 0; a < sh->nkeys; a++)
		for (size_t b = a + 1; b < sh->nkeys; b++) {
			size_t ca = sh->keys[a], cb = sh->keys[b];
			char na[96], nb[96];

			if (sh->cols[ca].head.key != sh->cols[cb].head.key)
				continue;
			colname(sh, ca, na, sizeof na);
			colname(sh, cb, nb, sizeof nb);
			return eb_err_set(sh->p->err, EB_ERR_DATA, loc_at(sh, r->num, cb),
			    "%s says again what %s says; name one column for it (or give the "
			    "other the role \"ignore\" in a --map file)", nb, na);
		}
	return EB_OK;
}

/* ---- rows */

/* A row with one label in its first cell and nothing else: a mode with no
 * values, or a title naming the release ("Ubuntu 24.04") or a
 * configuration ("Config: 2 cores") of what follows. */
static void
label_row(struct sheet *sh, const struct row *r)
{
	const char *s = cell(sh, r, 0);
	const char *sep = strpbrk(s, ":=");
	char buf[128], mode[EB_MODE_MAX];

	if (eb_mode_canonical(s, mode, sizeof mode))
		return;
	if (sep != NULL) {
		char key[64];
		struct eb_sheet_head h;
		size_t k = (size_t)(sep - s);

		snprintf(key, sizeof key, "%.*s", (int)(k < sizeof key ? k : sizeof key - 1), s);
		eb_sheet_header_parse(key, &h);
		if (h.key == EB_SH_RELEASE) {
			eb_sheet_release(sep + 1, h.ubuntu, buf, sizeof buf);
			sh->section.f[EB_F_RELEASE] = intern(sh, buf);
			return;
		}
		if (h.key == EB_SH_CONFIG) {
			eb_sheet_config(sep + 1, buf, sizeof buf);
			sh->section.f[EB_F_CONFIG] = intern(sh, buf);
			return;
		}
	}
	if (eb_sheet_is_release(s)) {
		eb_sheet_release(s, 0, buf, sizeof buf);
		sh->section.f[EB_F_RELEASE] = intern(sh, buf);
		return;
	}
	if (sh->pass == 1 && sh->in_table && !eb_sheet_is_summary(s)) {
		eb_sheet_squeeze(s, buf, 48);
		eb_diag(sh->p->diag, EB_NOTE, loc_at(sh, r->num, 0),
		    "'%s' stands alone in its row and names no mode, release or "
		    "configuration; ignored", buf);
	}
}

/* An Ubuntu-style release, "24.04" or "23.10": beside one, Excel's 23.1
 * is 23.10 too. */
static int
yymm(const char *s)
{
	size_t n = strlen(s);

	s = eb_sheet_trim(s, &n);
	return n == 5 && s[0] >= '0' && s[0] <= '9' && s[1] >= '0' && s[1] <= '9' &&
	    s[2] == '.' && (memcmp(s + 3, "04", 2) == 0 || memcmp(s + 3, "10", 2) == 0);
}

/* Lower case, blanks made dashes: how names we do not know are kept. */
static void
dashed(const char *s, char *buf, size_t n)
{
	eb_sheet_fold(s, buf, n);
	for (char *c = buf; *c != '\0'; c++)
		if (*c == ' ')
			*c = '-';
}

static void
note_unknown_mode(struct sheet *sh, const char *mode)
{
	for (size_t i = 0; i < sh->nunknown; i++)
		if (sh->unknown[i] == mode)
			return;
	eb_xgrow(&sh->unknown, &sh->capunknown, sh->nunknown + 1, sizeof *sh->unknown);
	sh->unknown[sh->nunknown++] = mode;
}

/* Reads a key cell into the row's attributes; 0 when it is unusable
 * (after a warning). */
static int
key_cell(struct sheet *sh, const struct row *r, size_t c, const char *s,
    struct eb_sheet_attrs *ra)
{
	struct column *col = &sh->cols[c];
	struct eb_sheet_attrs w;
	char buf[EB_MODE_MAX], name[96];
	int unknown = 0;

	memset(&w, 0, sizeof w);
	switch (col->head.key) {
	case EB_SH_RELEASE:
		if (sh->pass == 0 && yymm(s))
			sh->yymm = 1;
		eb_sheet_release(s, col->head.ubuntu || sh->yymm, buf, sizeof buf);
		ra->f[EB_F_RELEASE] = intern(sh, buf);
		break;
	case EB_SH_CONFIG:
		eb_sheet_config(s, buf, sizeof buf);
		ra->f[EB_F_CONFIG] = intern(sh, buf);
		break;
	case EB_SH_HOST:
		eb_sheet_fold(s, buf, sizeof buf);
		ra->f[EB_F_HOST] = intern(sh, buf);
		break;
	case EB_SH_MODE:
		if (!eb_mode_canonical(s, buf, sizeof buf) && sh->pass == 1)
			note_unknown_mode(sh, intern(sh, buf));
		ra->f[EB_F_MODE] = intern(sh, buf);
		break;
	case EB_SH_TOOL:
	case EB_SH_WORKLOAD:
	case EB_SH_OP: {
		int f = col->head.key == EB_SH_TOOL ? EB_F_TOOL :
		    col->head.key == EB_SH_WORKLOAD ? EB_F_WORKLOAD : EB_F_OP;

		/* "FIO Rand Read" in a Test column says all three; a name we
		 * do not know ("iozone") is kept as written. */
		eb_sheet_words(s, &w, &unknown);
		eb_sheet_attrs_merge(ra, &w);
		if (w.f[f] == NULL || *w.f[f] == '\0') {
			dashed(s, buf, sizeof buf);
			ra->f[f] = intern(sh, buf);
		}
		break;
	}
	case EB_SH_JOB:
		eb_sheet_squeeze(s, buf, sizeof buf);
		ra->f[EB_F_JOB] = intern(sh, buf);
		break;
	case EB_SH_REP:
		if ((ra->rep = eb_sheet_rep(s)) == 0) {
			if (sh->pass == 1)
				eb_diag(sh->p->diag, EB_WARNING, loc_at(sh, r->num, c),
				    "'%.40s' in %s is not a run number from 1; the row is "
				    "numbered as the others", s, colname(sh, c, name, sizeof name));
		}
		break;
	case EB_SH_UNIT:
		if (!eb_sheet_unit_parse(s, strlen(s), &ra->unit)) {
			if (sh->pass == 1)
				eb_diag(sh->p->diag, EB_WARNING, loc_at(sh, r->num, c),
				    "'%.40s' in %s is not a unit encbench knows; the row's "
				    "values are skipped", s, colname(sh, c, name, sizeof name));
			return 0;
		}
		break;
	case EB_SH_METRIC:
		ra->f[EB_F_METRIC] = eb_sheet_metric_name(s, sh->p->t);
		break;
	case EB_SH_BLOCK_SIZE:
		if ((ra->block_size = eb_sheet_block_size(s, col->head.bs_scale)) == 0 &&
		    sh->pass == 1)
			eb_diag(sh->p->diag, EB_WARNING, loc_at(sh, r->num, c),
			    "'%.40s' in %s is not a block size; left empty", s,
			    colname(sh, c, name, sizeof name));
		break;
	case EB_SH_NONE:
	case EB_SH_VALUE:
	case EB_SH_IGNORE:
		break;
	}
	return 1;
}

static const char *
source(struct sheet *sh, long row, size_t col)
{
	char tail[48];
	struct eb_buf b;
	const char *s;

	eb_buf_init(&b, 0);
	eb_buf_add(&b, sh->p->path, strlen(sh->p->path));
	snprintf(tail, sizeof tail, ":%ld:%zu", row, col + 1);
	eb_buf_add(&b, tail, strlen(tail));
	s = eb_intern(sh->p->t, b.data, b.len);
	eb_buf_free(&b);
	return s;
}

static enum eb_status
value_cell(struct sheet *sh, const struct row *r, size_t c,
    const struct eb_sheet_attrs *ra, const struct eb_sheet_attrs *mr)
{
	struct column *col = &sh->cols[c];
	const char *s = cell(sh, r, c);
	struct eb_sheet_cell v;
	struct eb_sheet_attrs a;
	struct eb_sheet_unit u;
	struct eb_record rec;
	const char *metric, *tool;
	char name[96], shown[48];
	double value;

	eb_sheet_cell_parse(s, strlen(s), &v);
	if (v.kind == EB_SC_EMPTY)
		return EB_OK;
	if (sh->pass == 0) {
		if (v.kind == EB_SC_NUMBER && v.num.decimal != 0)
			sh->votes[v.num.decimal == ','] += 1;
		return EB_OK;
	}
	eb_sheet_squeeze(s, shown, sizeof shown);
	if (v.kind == EB_SC_MARKER || v.kind == EB_SC_TEXT) {
		eb_diag(sh->p->diag, EB_WARNING, loc_at(sh, r->num, c), "'%s' in %s %s; skipped",
		    shown, colname(sh, c, name, sizeof name),
		    v.kind == EB_SC_MARKER ? "is a spreadsheet error or empty marker" :
		    v.bad_unit ? "has a unit encbench does not know" : "is not a number");
		return EB_OK;
	}
	if (v.num.negative) {
		eb_diag(sh->p->diag, EB_WARNING, loc_at(sh, r->num, c),
		    "'%s' in %s is negative, which no measurement is; skipped", shown,
		    colname(sh, c, name, sizeof name));
		return EB_OK;
	}
	/* Later sources win: what the layout says, then the map, then a unit
	 * written in the cell itself. */
	memset(&a, 0, sizeof a);
	eb_sheet_attrs_merge(&a, &sh->section);
	eb_sheet_attrs_merge(&a, &col->at);
	eb_sheet_attrs_merge(&a, ra);
	if (sh->map != NULL) {
		eb_sheet_attrs_merge(&a, &sh->map->all);
		eb_sheet_attrs_merge(&a, mr);
		if (col->map != NULL)
			eb_sheet_attrs_merge(&a, &col->map->at);
	}
	if (v.has_unit)
		u = v.unit;
	else if (a.unit.kind != EB_SK_NONE)
		u = a.unit;
	else if (sh->ss->have_unit)
		u = sh->ss->unit;
	else
		return eb_err_set(sh->p->err, EB_ERR_DATA, loc_at(sh, r->num, c),
		    "%s has values without a unit; name one in the header (\"Write "
		    "(MB/s)\"), in the cells, with --unit or in a --map file",
		    colname(sh, c, name, sizeof name));
	if (v.num.amb_sep != 0)
		sh->ambiguous = 1;
	if (!eb_sheet_value(&v.num, sh->decimal, &u, &value)) {
		eb_diag(sh->p->diag, EB_WARNING, loc_at(sh, r->num, c),
		    "'%s' in %s is too large for a number; skipped", shown,
		    colname(sh, c, name, sizeof name));
		return EB_OK;
	}
	metric = a.f[EB_F_METRIC] != NULL ? a.f[EB_F_METRIC] : eb_sheet_metric(&a, &u);
	if (metric == NULL) {
		if (!col->noted) {
			col->noted = 1;
			eb_diag(sh->p->diag, EB_NOTE, loc_at(sh, r->num, c),
			    "%s holds the best or worst of several runs, not a run; skipped",
			    colname(sh, c, name, sizeof name));
		}
		return EB_OK;
	}
	eb_record_init(sh->p->t, &rec);
	for (int f = 0; f < EB_NFIELDS; f++)
		if (a.f[f] != NULL)
			rec.f[f] = intern(sh, a.f[f]);
	tool = a.f[EB_F_TOOL] != NULL && *a.f[EB_F_TOOL] != '\0' ? a.f[EB_F_TOOL] : "sheet";
	rec.f[EB_F_TOOL] = intern(sh, tool);
	if (a.f[EB_F_JOB] == NULL || *a.f[EB_F_JOB] == '\0')
		rec.f[EB_F_JOB] = rec.f[EB_F_TOOL];
	rec.f[EB_F_METRIC] = intern(sh, metric);
	rec.f[EB_F_UNIT] = intern(sh, u.canon);
	rec.f[EB_F_SOURCE] = source(sh, r->num, c);
	rec.block_size = a.block_size;
	rec.rep = a.rep;
	rec.value = value;
	eb_table_add(sh->p->t, &rec);
	sh->nrecords++;
	return EB_OK;
}

static enum eb_status
data_row(struct sheet *sh, const struct row *r)
{
	struct eb_sheet_attrs ra, mr;
	const char *modetext = NULL;
	int usable = 1, fresh = 0;
	char name[96];
	enum eb_status st;

	memset(&ra, 0, sizeof ra);
	memset(&mr, 0, sizeof mr);
	if (sh->modecol >= 0) {
		modetext = cell(sh, r, (size_t)sh->modecol);
		if (!empty(modetext) && eb_sheet_is_summary(modetext)) {
			if (sh->pass == 1)
				eb_diag(sh->p->diag, EB_NOTE, loc_at(sh, r->num, (size_t)sh->modecol),
				    "'%.40s' summarises other rows; skipped", modetext);
			return EB_OK;
		}
	}
	for (size_t k = 0; k < sh->nkeys; k++) {
		size_t c = sh->keys[k];
		struct column *col = &sh->cols[c];
		const char *s = cell(sh, r, c);

		/* Merged cells ("None" over its three runs) export their text in
		 * the first row only: an empty key cell takes the value above.
		 * Merged groups nest from the left, so a cell written out starts
		 * a new group for the key columns right of it; a run number is
		 * never carried down, it is counted. */
		if (!empty(s)) {
			col->fill = s;
			fresh |= col->head.key != EB_SH_REP;
		} else if (fresh || col->head.key == EB_SH_REP) {
			s = col->fill = NULL;
		} else {
			s = col->fill;
		}
		if (s == NULL)
			continue;
		usable &= key_cell(sh, r, c, s, &ra);
	}
	if (!usable)
		return EB_OK;
	for (size_t i = 0; sh->map != NULL && i < sh->map->nrows; i++) {
		const struct eb_sheet_map_rows *m = &sh->map->rows[i];

		if (r->num >= m->from && (m->to == 0 || r->num <= m->to))
			eb_sheet_attrs_merge(&mr, &m->at);
	}
	for (size_t c = 0; c < r->n; c++) {
		struct column *col = &sh->cols[c];

		if (c >= sh->tw) {
			if (sh->pass == 1 && !sh->beyond_noted &&
			    cellkind(cell(sh, r, c)) == EB_SC_NUMBER) {
				sh->beyond_noted = 1;
				eb_diag(sh->p->diag, EB_NOTE, loc_at(sh, r->num, c),
				    "numbers right of the header's last column are skipped");
			}
			continue;
		}
		if (col->head.key == EB_SH_VALUE && !col->head.derived) {
			if ((st = value_cell(sh, r, c, &ra, &mr)) != EB_OK)
				return st;
		} else if (col->head.key == EB_SH_NONE && (int)c != sh->modecol &&
		    sh->pass == 1 && !col->noted && cellkind(cell(sh, r, c)) == EB_SC_NUMBER) {
			col->noted = 1;
			eb_diag(sh->p->diag, EB_NOTE, loc_at(sh, r->num, c),
			    "%s holds numbers, but its header names no measurement; "
			    "skipped (describe it in a --map file to import it)",
			    colname(sh, c, name, sizeof name));
		}
	}
	return EB_OK;
}

static enum eb_status
walk(struct sheet *sh)
{
	enum eb_status st;

	for (size_t c = 0; c < sh->tw; c++)
		memset(&sh->cols[c], 0, sizeof sh->cols[c]);
	sh->tw = 0;
	sh->nkeys = 0;
	sh->in_table = 0;
	sh->nheaders = 0;
	sh->modecol = -1;
	memset(&sh->section, 0, sizeof sh->section);
	for (size_t i = 0; i < sh->nrows; i++) {
		const struct row *r = &sh->rows[i];

		switch (r->kind) {
		case R_EMPTY:
		case R_GROUP:
		case R_UNITS:
			continue;
		case R_HEADER:
			set_header(sh, i);
			if ((st = repeated_key(sh, r)) != EB_OK)
				return st;
			continue;
		case R_OTHER:
			break;
		}
		if (nonempty(sh, r) == 1 && !empty(cell(sh, r, 0))) {
			label_row(sh, r);
			continue;
		}
		if (sh->in_table && (st = data_row(sh, r)) != EB_OK)
			return st;
	}
	return EB_OK;
}

/* The decimal separator: the map's, else what the cells that show it
 * agree on, else the one that goes with the field separator (Excel and
 * LibreOffice write ';' exactly where ',' is the decimal separator). */
static void
choose_decimal(struct sheet *sh)
{
	if (sh->map != NULL && sh->map->decimal != 0)
		sh->decimal = sh->map->decimal;
	else if (sh->votes[0] != sh->votes[1])
		sh->decimal = sh->votes[0] > sh->votes[1] ? '.' : ',';
	else
		sh->decimal = sh->sep == ';' ? ',' : '.';
}

/* No row reads as a header. The first row most likely is one, with
 * column names only its author understands ("Test A"): name the columns
 * that hold numbers, since those are what a map must describe. */
static enum eb_status
no_header(struct sheet *sh)
{
	struct eb_loc loc = { sh->p->path, 0, 0 };
	const struct row *head = NULL, *data = NULL;
	struct eb_buf b;
	char name[96];
	int n = 0;

	for (size_t i = 0; i < sh->nrows && data == NULL; i++) {
		if (sh->rows[i].n == 0)
			continue;
		if (head == NULL)
			head = &sh->rows[i];
		else
			data = &sh->rows[i];
	}
	eb_buf_init(&b, 160);
	for (size_t c = 1; data != NULL && c < head->n; c++) {
		if (empty(cell(sh, head, c)) || cellkind(cell(sh, data, c)) != EB_SC_NUMBER)
			continue;
		sh->cols[c].text = cell(sh, head, c);
		if (eb_buf_addf(&b, "%s%s", n++ ? ", " : "", colname(sh, c, name, sizeof name)) != 0)
			break;
	}
	if (n == 0) {
		eb_buf_free(&b);
		return eb_err_set(sh->p->err, EB_ERR_DATA, loc,
		    "no table of measurements: no row names its columns the way a "
		    "header does (\"Mode,Write (MB/s),Read (MB/s)\" or \"Mode,Op,Value "
		    "(MB/s)\"); name the header row and columns in a --map file");
	}
	loc.line = head->num;
	eb_err_set(sh->p->err, EB_ERR_DATA, loc,
	    "no header names a measurement: %s hold%s numbers under a name encbench "
	    "cannot read; describe %s in a --map file (\"columns\": [{\"column\": "
	    "\"...\", \"op\": \"write\", \"unit\": \"MB/s\"}])", eb_buf_cstr(&b),
	    n == 1 ? "s" : "", n == 1 ? "it" : "them");
	eb_buf_free(&b);
	return EB_ERR_DATA;
}

static enum eb_status
layout(struct sheet *sh)
{
	struct eb_loc whole = { sh->p->path, 0, 0 };
	enum eb_status st;

	if ((st = classify(sh)) != EB_OK)
		return st;
	sh->cols = eb_xcalloc(sh->width ? sh->width : 1, sizeof *sh->cols);
	sh->pass = 0;
	if ((st = walk(sh)) != EB_OK)
		return st;
	choose_decimal(sh);
	sh->pass = 1;
	if ((st = walk(sh)) != EB_OK)
		return st;
	if (sh->nheaders == 0)
		return no_header(sh);
	if (sh->nrecords == 0)
		return eb_err_set(sh->p->err, EB_ERR_DATA, whole,
		    "no usable value in this sheet: every measurement cell was empty or skipped");
	if (sh->ambiguous)
		eb_diag(sh->p->diag, EB_NOTE, whole, "numbers like 1,234 and 1.234 were "
		    "read with '%c' as the decimal separator (%s); set \"decimal\" in a "
		    "--map file if that is wrong", sh->decimal,
		    sh->map != NULL && sh->map->decimal ? "as the map says" :
		    sh->votes[0] != sh->votes[1] ? "as the other numbers of the sheet use it" :
		    sh->sep == ';' ? "the sheet is separated by ';'" : "the sheet is separated by ','");
	for (size_t i = 0; sh->map != NULL && i < sh->map->ncols; i++)
		if (!sh->map->cols[i].used && sh->map->cols[i].header != NULL)
			eb_diag(sh->p->diag, EB_WARNING, whole,
			    "map: no header of this sheet reads '%.60s'",
			    sh->map->cols[i].header);
	if (sh->nunknown > 0) {
		struct eb_buf b;

		eb_buf_init(&b, 400);
		for (size_t i = 0; i < sh->nunknown; i++)
			if (eb_buf_addf(&b, "%s%s", i ? ", " : "", sh->unknown[i]) != 0)
				break;
		eb_diag(sh->p->diag, EB_NOTE, whole,
		    "mode names encbench does not know, kept as written: %s", eb_buf_cstr(&b));
		eb_buf_free(&b);
	}
	return EB_OK;
}

static void
release_state(struct sheet_state *ss)
{
	eb_buf_free(&ss->raw);
	if (ss->have_map)
		eb_sheet_map_free(&ss->map);
	ss->have_map = 0;
}

static enum eb_status
finish(struct eb_parse *p, int ok)
{
	struct sheet_state *ss = p->state;
	struct sheet sh;
	enum eb_status st;

	if (!ok) {
		release_state(ss);
		return EB_OK;
	}
	if (!ss->started && (st = start(p, ss)) != EB_OK) {
		release_state(ss);
		return st;
	}
	memset(&sh, 0, sizeof sh);
	sh.p = p;
	sh.ss = ss;
	sh.map = ss->have_map ? &ss->map : NULL;
	eb_buf_init(&sh.text, 0);
	st = read_csv(&sh, ss->raw.data ? ss->raw.data : "", ss->raw.len);
	eb_buf_free(&ss->raw);
	if (st == EB_OK)
		st = layout(&sh);
	eb_buf_free(&sh.text);
	free(sh.cells);
	free(sh.rows);
	free(sh.cols);
	free(sh.unknown);
	release_state(ss);
	return st;
}

const struct eb_format eb_format_sheet = {
	"sheet", "spreadsheet CSV exports (Google Sheets, Excel, LibreOffice): wide, long, grouped",
	probe, sizeof(struct sheet_state), parse_line, finish, NULL, NULL, NULL, NULL,
};
