/* sheet_grid.c - a spreadsheet export as rows of cells: libcsv fed one
 * physical line at a time, so every cell keeps its line and row number. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "sheet_int.h"

/* "column C ('DD Read')", the way a spreadsheet user finds it. */
const char *
eb_sheet_colname(const struct sheet *sh, size_t c, char *buf, size_t n)
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

enum eb_status
eb_sheet_read_csv(struct sheet *sh, const char *s, size_t n)
{
	struct sniff sn;
	size_t k;

	eb_sheet_sniff(s, n, &sn);
	sh->sep = sn.sep;
	if ((k = eb_sheet_sep_line(s, n)) > 0) {
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
