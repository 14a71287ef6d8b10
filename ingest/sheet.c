/* sheet.c - legacy spreadsheets: Google Sheets, Excel and LibreOffice CSV
 * exports in wide, long and grouped layouts, read with libcsv into records. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "sheet_int.h"

static enum eb_status
start(struct eb_parse *p, struct sheet_state *ss)
{
	const struct eb_ingest_opts *o = p->opts;
	enum eb_status st;

	ss->started = 1;
	eb_buf_init(&ss->raw, SHEET_MAX_BYTES);
	if (o != NULL && o->sheets_read != NULL)
		(*o->sheets_read)++;
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

const char *
eb_sheet_decimal_why(const struct sheet *sh)
{
	return sh->map != NULL && sh->map->decimal ? "as the map says" :
	    sh->votes[0] != sh->votes[1] ? "as the other numbers of the sheet use it" :
	    sh->sep == ';' ? "the sheet is separated by ';'" : sh->sep == '\t' ?
	    "the sheet is separated by tabs" : "the sheet is separated by ','";
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
		if (eb_buf_addf(&b, "%s%s", n++ ? ", " : "",
		    eb_sheet_colname(sh, c, name, sizeof name)) != 0)
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

	if ((st = eb_sheet_classify(sh)) != EB_OK)
		return st;
	sh->cols = eb_xcalloc(sh->width ? sh->width : 1, sizeof *sh->cols);
	sh->pass = 0;
	if ((st = eb_sheet_walk(sh)) != EB_OK)
		return st;
	choose_decimal(sh);
	sh->pass = 1;
	if ((st = eb_sheet_walk(sh)) != EB_OK)
		return st;
	if (sh->nheaders == 0)
		return no_header(sh);
	if (sh->nrecords == 0)
		return eb_err_set(sh->p->err, EB_ERR_DATA, whole,
		    "no usable value in this sheet: every measurement cell was empty or skipped");
	if (sh->ambiguous)
		eb_diag(sh->p->diag, EB_NOTE, whole, "numbers like 1,234 and 1.234 were "
		    "read with '%c' as the decimal separator (%s); set \"decimal\" in a "
		    "--map file if that is wrong", sh->decimal, eb_sheet_decimal_why(sh));
	for (size_t i = 0; sh->map != NULL && i < sh->map->ncols; i++)
		if (sh->map->cols[i].index > (long)sh->width) {
			struct eb_loc at = { sh->map->path, 0, 0 };

			/* What it describes is read nowhere: a miscounted column. */
			return eb_err_set(sh->p->err, EB_ERR_DATA, at, "map: columns[%zu]: "
			    "column %ld is beyond the sheet's last, column %zu", i,
			    sh->map->cols[i].index, sh->width);
		}
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
	st = eb_sheet_read_csv(&sh, ss->raw.data ? ss->raw.data : "", ss->raw.len);
	eb_buf_free(&ss->raw);
	if (st == EB_OK)
		st = layout(&sh);
	eb_buf_free(&sh.text);
	free(sh.cells);
	free(sh.rows);
	free(sh.cols);
	free(sh.unknown);
	free(sh.tables);
	release_state(ss);
	return st;
}

const struct eb_format eb_format_sheet = {
	"sheet", "spreadsheet CSV exports (Google Sheets, Excel, LibreOffice): wide, long, grouped",
	eb_sheet_probe, sizeof(struct sheet_state), parse_line, finish, NULL, NULL, NULL, NULL, 0,
};
