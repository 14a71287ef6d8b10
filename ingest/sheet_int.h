/* sheet_int.h - what the files of the sheet reader proper share: the sheet
 * as rows of cells, the current table's columns, and the steps between them. */
#ifndef EB_SHEET_INT_H
#define EB_SHEET_INT_H

#include <string.h>

#include <csv.h>

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
	char sep;		/* ',', ';' or a tab (or what "sep=" declared) */
	int nrec;		/* non-blank records looked at */
	int agree;		/* records with the usual count of separators */
	int partial;		/* with fewer but some: trailing cells dropped */
	int declared;		/* a "sep=;" first line said it */
};

/* ---- what the driver keeps while lines arrive */

struct sheet_state {
	int started;
	struct eb_buf raw;	/* every line, LF-terminated: layouts need it all */
	struct eb_sheet_map map;
	int have_map;
	struct eb_sheet_unit unit;	/* --unit */
	int have_unit;
};

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
	struct eb_sheet_map_col *map_again;	/* a second entry for it */
	const char *text;		/* the header cell */
	const char *fill;		/* key column: the last value above */
	int noted;			/* its note or warning was given */
};

/* A table's header, as later tables are compared with it. */
struct sheet_table {
	size_t row;			/* its header's index in rows */
	size_t first;			/* its first record's index in the table */
};

/* Which key column (1-based, 0 for none) gave each attribute of a row. */
struct key_from {
	size_t field[EB_NFIELDS];
	size_t bs, unit;
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
	int section_titled;		/* its config came with its release title */
	int derived_title;		/* a title "Overhead (%)" waits for its table */
	int skip_table;			/* the current table is such a one */
	int pass;			/* 0: decimal votes only; 1: records */
	char decimal;
	long votes[2];			/* for '.' and ',' */
	long namb;			/* cells such as 1,234 that either reads */
	int ambiguous;
	int yymm;			/* a release column holds YY.MM versions */
	size_t nrecords;
	const char *row_config;		/* the configuration a row's mode cell names */
	size_t row_config_col;
	const char **unknown;		/* unknown mode names, interned */
	size_t nunknown, capunknown;
	struct sheet_table *tables;	/* the tables read so far */
	size_t ntables, captables;
};

static inline const char *
cell(const struct sheet *sh, const struct row *r, size_t c)
{
	if (c >= r->n)
		return "";
	return sh->text.data + sh->cells[r->first + c].off;
}

static inline int
empty(const char *s)
{
	size_t n = strlen(s);

	eb_sheet_trim(s, &n);
	return n == 0;
}

static inline struct eb_loc
loc_at(const struct sheet *sh, long row, size_t col)
{
	struct eb_loc loc = { sh->p->path, row, (long)col + 1 };

	return loc;
}

static inline const char *
intern(struct sheet *sh, const char *s)
{
	return eb_intern_cstr(sh->p->t, s);
}

static inline int
nonempty(const struct sheet *sh, const struct row *r)
{
	int n = 0;

	for (size_t c = 0; c < r->n; c++)
		n += !empty(cell(sh, r, c));
	return n;
}

/* Whether a cell names a mode encbench knows, perhaps with more words. */
static inline int
is_mode_name(const char *s)
{
	struct eb_mode_label m;

	return eb_mode_read(s, &m) != EB_MODE_UNKNOWN;
}

static inline enum eb_sheet_cellkind
cellkind(const char *s)
{
	struct eb_sheet_cell c;

	eb_sheet_cell_parse(s, strlen(s), &c);
	return c.kind;
}

/* ---- the driver (sheet.c) */

/* Why the sheet reads its decimal separator as it does, for messages. */
const char *eb_sheet_decimal_why(const struct sheet *sh);

/* ---- separator sniffing and the probe (sheet_sniff.c) */

/* The length of a first line "sep=;" with its line end, or 0. */
size_t eb_sheet_sep_line(const char *s, size_t n);
/* Which separator the first records of s agree on, and how well. */
void eb_sheet_sniff(const char *s, size_t n, struct sniff *out);
/* The format table's probe: how sure it is that head begins a sheet. */
int eb_sheet_probe(const char *head, size_t len);

/* ---- the grid (sheet_grid.c) */

/* Cuts the whole text into sh's rows and cells; errors are located. */
enum eb_status eb_sheet_read_csv(struct sheet *sh, const char *s, size_t n);
/* "column C ('DD Read')", the way a spreadsheet user finds it, in buf. */
const char *eb_sheet_colname(const struct sheet *sh, size_t c, char *buf, size_t n);

/* ---- tables and their columns (sheet_tables.c) */

/* Marks each row as header, group, units, empty or other. */
enum eb_status eb_sheet_classify(struct sheet *sh);
/* Makes row h the current table's header, with its group and units rows. */
void eb_sheet_set_header(struct sheet *sh, size_t h);
/* An error when two key columns of the header say the same thing. */
enum eb_status eb_sheet_repeated_key(struct sheet *sh, const struct row *r);

/* ---- what a mode cell says besides its mode (sheet_modecell.c) */

/* A label of two modes joined as a ratio or difference ("GCM/none", "GCM
 * - none", "GCM \u2212 none", "GCM-none"): computed from other rows. */
int eb_sheet_ratio_label(const char *s);
/* A label holding a word of the summaries: "None (mean of 2)". */
int eb_sheet_summary_word(const char *s);
/* A label that is two modes side by side ("GCM none"): returns 1 and
 * writes the two, folded, into a and b (n bytes each). */
int eb_sheet_two_modes(const char *s, char *a, char *b, size_t n);
/* Marks on a mode cell: EB_MARK_FAIL for signs or words that say a run
 * failed or is in doubt ("\u2717", "?", "(failed)"), EB_MARK_NOTE for
 * footnote marks ("*", "\u2020", "[1]", superscript digits), each with the
 * marks in mark and the cell without them in base. */
enum { EB_MARK_NONE, EB_MARK_NOTE, EB_MARK_FAIL };
int eb_sheet_mode_mark(const char *s, char *mark, size_t n, char *base, size_t bn);

/* ---- key cells, units rows and tables against each other (sheet_keys.c) */

/* Why a header (or a Test cell, read as one) is refused, after its
 * subject, into msg; NULL when it is read. map is its --map entry. */
const char *eb_sheet_head_refused(const char *text, const struct eb_sheet_head *h,
    const struct eb_sheet_map_col *map, char *msg, size_t n);
/* A Test cell read by the header's grammar, what it names into w. */
enum eb_status eb_sheet_test_cell(struct sheet *sh, const struct row *r, size_t c,
    const char *s, struct eb_sheet_attrs *w);
/* A Run cell: 1 with its number in ra, 0 for a row skipped, -1 after an error. */
int eb_sheet_run_cell(struct sheet *sh, const struct row *r, size_t c, const char *s,
    struct eb_sheet_attrs *ra);
/* A load column's cell ("32" under QD, "16G" under Size) appended to the
 * row's load: 1, or -1 after an error. */
int eb_sheet_load_cell(struct sheet *sh, const struct row *r, size_t c, const char *s,
    struct eb_sheet_attrs *ra);
/* A key cell's attributes kw against those the row's earlier ones gave. */
enum eb_status eb_sheet_key_agrees(struct sheet *sh, const struct row *r, size_t c,
    const struct eb_sheet_attrs *ra, const struct eb_sheet_attrs *kw, struct key_from *from);
/* A measurement's header against its row's key cells. */
enum eb_status eb_sheet_row_contradicts(struct sheet *sh, const struct row *r, size_t c,
    const char *shown, const struct eb_sheet_attrs *head, const struct eb_sheet_attrs *row,
    const struct key_from *from);
/* A units row under header h against the units the header names. */
enum eb_status eb_sheet_units_row(struct sheet *sh, size_t h);
/* Notes that a table begins at header h, before its records. */
void eb_sheet_table_begins(struct sheet *sh, size_t h);
/* Records of two tables that would be repetitions of one test. */
enum eb_status eb_sheet_tables_pooled(struct sheet *sh);

/* ---- rows (sheet_rows.c) */

/* One pass over every row: decimal votes (pass 0) or records (pass 1). */
enum eb_status eb_sheet_walk(struct sheet *sh);

#endif
