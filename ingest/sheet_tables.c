/* sheet_tables.c - where a sheet's tables are (header, group and units rows)
 * and what a header, its group rows and its units row say of each column. */
#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <jansson.h>

#include "modes.h"
#include "sheet_int.h"

/* ---- finding the tables */

static int is_units(struct sheet *sh, const struct row *r);

/* A row of merged labels over the header that name what its columns
 * measure (",DD Write (MB/s),,,DD Read (MB/s)"). */
static int
measure_group(struct sheet *sh, const struct row *g)
{
	if (g->n == 0 || !empty(cell(sh, g, 0)))
		return 0;
	for (size_t c = 1; c < g->n; c++) {
		struct eb_sheet_head h;

		eb_sheet_header_parse(cell(sh, g, c), &h);
		if (h.key == EB_SH_VALUE && !h.derived)
			return 1;
	}
	return 0;
}

/* A header row names at least one measurement (or, under a row that does,
 * runs: "Run 1", "Run 2") and holds no number, no spreadsheet error and no
 * mode name, which data rows do. A computed column ("Overhead (%)") alone
 * makes no header: as a title it says what the table below it is. */
static int
is_header(struct sheet *sh, const struct row *r)
{
	int measure = 0, runs = 0;

	for (size_t c = 0; c < r->n; c++) {
		const char *s = cell(sh, r, c);
		struct eb_sheet_map_col *mc;
		struct eb_sheet_head h;
		enum eb_sheet_cellkind k = cellkind(s);

		if (k == EB_SC_EMPTY)
			continue;
		if (k == EB_SC_NUMBER || k == EB_SC_MARKER)
			return 0;
		if ((mc = eb_sheet_map_column(sh->map, (long)c + 1, s)) != NULL) {
			measure += mc->role == EB_SH_VALUE;
			continue;
		}
		if (is_mode_name(s))
			return 0;
		eb_sheet_header_parse(s, &h);
		measure += h.key == EB_SH_VALUE && !h.derived;
		runs += h.key == EB_SH_NONE && eb_sheet_rep(s) > 0;
	}
	return measure > 0 || (runs > 0 && ((r > sh->rows && measure_group(sh, r - 1)) ||
	    (r + 1 < sh->rows + sh->nrows && is_units(sh, r + 1))));
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

enum eb_status
eb_sheet_classify(struct sheet *sh)
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

/* Applies a group label to the attributes of the columns it spans. */
static void
group_label(struct sheet *sh, struct eb_sheet_attrs *at, const char *text, int key,
    int ubuntu)
{
	struct eb_sheet_attrs w;
	char buf[128], cfg[EB_MODE_MAX];
	int unknown = 0;

	if (key != EB_SH_CONFIG && eb_sheet_release_config(text, ubuntu, buf, sizeof buf,
	    cfg, sizeof cfg)) {
		at->f[EB_F_RELEASE] = intern(sh, buf);
		at->f[EB_F_CONFIG] = intern(sh, cfg);
		return;
	}
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
	eb_label_normalize(EB_F_CONFIG, text, buf, sizeof buf);
	at->f[EB_F_CONFIG] = intern(sh, buf);
}

/* A group row that says its numbers are made up ("Ubuntu 20.04 (ZFS 0.8.3,
 * illustrative numbers)", the samples' sheet) marks its release as a run's
 * meta.json "illustrative" does, so that a report names it. */
static int
says_illustrative(const char *text)
{
	static const char *const negations[] = { "not", "non", "no", "nicht", "never" };

	for (const char *at = strcasestr(text, "illustrative"); at != NULL;
	    at = strcasestr(at + 1, "illustrative")) {
		const char *end = at, *word;
		int denied = 0;

		while (end > text && (end[-1] == ' ' || end[-1] == '-'))
			end--;
		word = end;
		while (word > text && isalpha((unsigned char)word[-1]))
			word--;
		for (size_t i = 0; i < sizeof negations / sizeof negations[0]; i++)
			denied |= (size_t)(end - word) == strlen(negations[i]) &&
			    strncasecmp(word, negations[i], strlen(negations[i])) == 0;
		if (!denied)
			return 1;
	}
	return 0;
}

static void
note_illustrative(struct sheet *sh, const char *release, const char *text)
{
	struct eb_run_meta m = { intern(sh, sh->p->path), release, intern(sh, ""),
		intern(sh, ""), NULL };
	json_t *doc;

	if (sh->pass != 1 || !says_illustrative(text) || *release == '\0')
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
		/* Merged "Overhead (%)" over columns: what they hold is computed. */
		if (label != NULL && key == 0 && eb_sheet_is_derived(label) &&
		    sh->cols[c].head.key == EB_SH_VALUE && sh->cols[c].map == NULL)
			sh->cols[c].head.derived = 1;
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

		if (empty(s))
			continue;
		total++;
		known += is_mode_name(s);
	}
	return known > 0 && 2 * known >= total;
}

void
eb_sheet_set_header(struct sheet *sh, size_t h)
{
	const struct row *r = &sh->rows[h];
	size_t top = h;

	sh->in_table = 1;
	sh->nheaders++;
	sh->skip_table = sh->derived_title;
	sh->derived_title = 0;
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
		if (col->head.key == EB_SH_VALUE && col->head.config[0] != '\0')
			col->head.at.f[EB_F_CONFIG] = intern(sh, col->head.config);
		/* "Write (Ubuntu 22.04)": that column's release, which a group
		 * row or a Release cell may not contradict (audit 21 G06). */
		if (col->head.key == EB_SH_VALUE && col->head.release[0] != '\0')
			col->head.at.f[EB_F_RELEASE] = intern(sh, col->head.release);
		col->at = col->head.at;
		if ((col->map = eb_sheet_map_column(sh->map, (long)c + 1, text)) != NULL) {
			col->map->used = 1;
			col->map_again = eb_sheet_map_again(sh->map, col->map, (long)c + 1, text);
			col->head.key = col->map->role;
			col->head.derived = 0;
			col->head.summary = 0;
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

			/* One against the header's or group's is refused
			 * after (eb_sheet_units_row), never put over it. */
			if (!empty(s) && sh->cols[c].at.unit.kind == EB_SK_NONE)
				eb_sheet_unit_parse(s, strlen(s), &sh->cols[c].at.unit);
		}
	}
	/* "Run 1", "Run 2" under a merged "DD Write (MB/s)" (LibreOffice and
	 * Excel export its text in the first cell) or over a units row are
	 * runs of what the group row or the unit says. */
	for (size_t c = 1; c < sh->tw; c++) {
		struct column *col = &sh->cols[c];
		int rep = eb_sheet_rep(col->text);

		if (col->head.key == EB_SH_NONE && col->map == NULL && rep > 0 &&
		    (col->at.unit.kind != EB_SK_NONE || col->at.f[EB_F_OP] != NULL ||
		    col->at.f[EB_F_TOOL] != NULL)) {
			col->head.key = EB_SH_VALUE;
			col->at.rep = rep;
		}
	}
	for (size_t c = 0; sh->pass == 1 && c < sh->tw; c++) {
		char name[96];

		if (sh->cols[c].head.key == EB_SH_VALUE && sh->cols[c].head.reference)
			eb_diag(sh->p->diag, EB_NOTE, loc_at(sh, r->num, c),
			    "%s is an expected, target or theoretical figure, not a "
			    "measurement; skipped", eb_sheet_colname(sh, c, name, sizeof name));
		else if (sh->cols[c].head.key == EB_SH_VALUE && sh->cols[c].head.derived)
			eb_diag(sh->p->diag, EB_NOTE, loc_at(sh, r->num, c),
			    "%s is computed from other columns (an overhead, ratio or "
			    "spread); skipped, encbench computes these itself",
			    eb_sheet_colname(sh, c, name, sizeof name));
	}
}

/* A measurement column as the check for figures given twice sees it. */
struct valcol {
	size_t col;
	struct eb_sheet_attrs at;
	char words[128], shape[128];
};

static int
text_cmp(const char *a, const char *b)
{
	size_t na = a != NULL ? strlen(a) : 0, nb = b != NULL ? strlen(b) : 0;
	int d;

	a = na > 0 ? eb_sheet_trim(a, &na) : "";
	b = nb > 0 ? eb_sheet_trim(b, &nb) : "";
	if ((d = memcmp(a, b, na < nb ? na : nb)) != 0)
		return d;
	return na < nb ? -1 : na > nb;
}

#define CMP(x, y) do { if ((x) != (y)) return (x) < (y) ? -1 : 1; } while (0)

/* Orders columns by what their records are keyed by: their attributes,
 * with units of one kind alike (a scale such as MB/s against KB/s changes
 * the number, not what it measures). */
static int
case_cmp(const struct valcol *a, const struct valcol *b)
{
	int d;

	for (int f = 0; f < EB_NFIELDS; f++)
		if ((d = text_cmp(a->at.f[f], b->at.f[f])) != 0)
			return d;
	CMP(a->at.unit.kind, b->at.unit.kind);
	CMP(a->at.block_size, b->at.block_size);
	CMP(a->at.rep, b->at.rep);
	CMP(a->at.stat, b->at.stat);
	CMP(a->at.cpu, b->at.cpu);
	if ((d = strcmp(a->at.load, b->at.load)) != 0)
		return d;
	return 0;
}

/* The same, then by shape, words and place. */
static int
valcol_cmp(const void *pa, const void *pb)
{
	const struct valcol *a = pa, *b = pb;
	int d;

	if ((d = case_cmp(a, b)) != 0)
		return d;
	if ((d = strcmp(a->shape, b->shape)) != 0)
		return d;
	if ((d = strcmp(a->words, b->words)) != 0)
		return d;
	CMP(a->col, b->col);
	return 0;
}

/* "dd seq write bw": what a column measures, as a message shows it. */
static void
key_words(const struct eb_sheet_attrs *a, char *buf, size_t n)
{
	static const int shown[] = { EB_F_TOOL, EB_F_JOB, EB_F_WORKLOAD, EB_F_OP, EB_F_METRIC };
	const char *metric = eb_sheet_metric(a, &a->unit);
	size_t k = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < sizeof shown / sizeof shown[0]; i++) {
		const char *w = a->f[shown[i]];

		if (w != NULL && *w != '\0' && k < n)
			k += (size_t)snprintf(buf + k, n - k, "%s%s", k > 0 ? " " : "", w);
		if (shown[i] == EB_F_TOOL && a->load[0] != '\0' && k < n)
			k += (size_t)snprintf(buf + k, n - k, "%s%s", k > 0 ? " " : "", a->load);
	}
	if (a->f[EB_F_METRIC] == NULL && metric != NULL && k < n)
		snprintf(buf + k, n - k, "%s%s", k > 0 ? " " : "", metric);
}

/* What a value column says of its records, header, units row, group rows
 * and map together. */
static struct eb_sheet_attrs
column_attrs(const struct column *col)
{
	struct eb_sheet_attrs a;

	memset(&a, 0, sizeof a);
	eb_sheet_attrs_merge(&a, &col->at);
	if (col->map != NULL)
		eb_sheet_attrs_merge(&a, &col->map->at);
	return a;
}

/* The first pair (by the later column, then the earlier) of columns of
 * one case, sorted in v[0..n), that are one figure given twice: the same
 * words, or other words than numbers where the header names a unit (with
 * none, the cells name what each column measures). Returns 0 for none. */
static int
twice(const struct valcol *v, size_t n, size_t *first, size_t *second)
{
	int found = 0;

	for (size_t i = 0, j; i < n; i = j) {
		size_t lo = i;

		for (j = i + 1; j < n && case_cmp(&v[i], &v[j]) == 0; j++)
			if (v[j].col < v[lo].col)
				lo = j;
		for (size_t k = i + 1; k < j; k++) {
			size_t a = SIZE_MAX, b = SIZE_MAX;

			if (strcmp(v[k].words, v[k - 1].words) == 0) {
				a = v[k - 1].col;
				b = v[k].col;
			}
			if (found && b >= *second)
				continue;
			if (b != SIZE_MAX) {
				*first = a;
				*second = b;
				found = 1;
			}
		}
		if (v[i].at.unit.kind == EB_SK_NONE)
			continue;
		/* The first column whose shape is not the first column's. */
		for (size_t k = i; k < j; k++)
			if (strcmp(v[k].shape, v[lo].shape) != 0 &&
			    (!found || v[k].col < *second ||
			    (v[k].col == *second && v[lo].col < *first))) {
				*first = v[lo].col;
				*second = v[k].col;
				found = 1;
			}
	}
	return found;
}

/* A summary column (an average, median or total, "DD Write Average") that
 * measures what other columns of the table measure, whatever run number
 * each has: read as one more run it would narrow every interval. The
 * first such (by its column, then the run's) in *first (a run) and
 * *second (the summary). Sorts v by its case with run numbers set aside. */
static int
summary_beside(struct sheet *sh, struct valcol *v, size_t n, size_t *first, size_t *second)
{
	int found = 0;

	for (size_t i = 0; i < n; i++)
		v[i].at.rep = 0;
	qsort(v, n, sizeof *v, valcol_cmp);
	for (size_t i = 0, j; i < n; i = j) {
		size_t run = SIZE_MAX;

		for (j = i + 1; j < n && case_cmp(&v[i], &v[j]) == 0; j++)
			;
		for (size_t k = i; k < j; k++)
			if (!sh->cols[v[k].col].head.summary && v[k].col < run)
				run = v[k].col;
		for (size_t k = i; run != SIZE_MAX && k < j; k++)
			if (sh->cols[v[k].col].head.summary && (!found || v[k].col < *second)) {
				*first = run;
				*second = v[k].col;
				found = 1;
			}
	}
	for (size_t i = 0; i < n; i++)
		v[i].at = column_attrs(&sh->cols[v[i].col]);
	return found;
}

/* Two measurement columns of one header, or of headers that differ only
 * in case, blanks, unit or words encbench does not read ("DD Write (MB/s)"
 * and "dd write (KB/s)"), that nothing above or in a map tells apart:
 * they give records of one key, and counting them as runs would guess,
 * since a copied column looks the same. The layouts encbench reads give
 * runs their own rows, a "Run 2" or a run number in the header, or a
 * group label each. An error at the second, naming the first. Sorting
 * keeps a sheet of thousands of columns quick. */
static enum eb_status
repeated_value(struct sheet *sh, const struct row *r)
{
	size_t n = 0, a = 0, b = 0;
	struct valcol *v = eb_xmalloc((sh->tw ? sh->tw : 1) * sizeof *v);
	char na[96], nb[96], what[96];
	enum eb_status st = EB_OK;

	/* A group label tells columns apart by what it reads as (a release,
	 * a config, measurement words): "Ubuntu 24.04" over one "Write (MB/s)"
	 * and "24.04" over another are one figure given twice (audit 21
	 * G05), as the same header twice without a group row is. */
	for (size_t c = 0; c < sh->tw; c++) {
		if (sh->cols[c].head.key != EB_SH_VALUE || sh->cols[c].head.derived)
			continue;
		v[n].col = c;
		v[n].at = column_attrs(&sh->cols[c]);
		eb_sheet_header_words(sh->cols[c].text != NULL ? sh->cols[c].text : "",
		    v[n].words, v[n].shape, sizeof v[n].words);
		n++;
	}
	if (summary_beside(sh, v, n, &a, &b)) {
		eb_sheet_colname(sh, a, na, sizeof na);
		eb_sheet_colname(sh, b, nb, sizeof nb);
		st = eb_err_set(sh->p->err, EB_ERR_DATA, loc_at(sh, r->num, b),
		    "%s is an average, median or total of runs such as %s, not a run of "
		    "its own; leave it out or give it the role \"ignore\" in a --map file",
		    nb, na);
		free(v);
		return st;
	}
	qsort(v, n, sizeof *v, valcol_cmp);
	if (twice(v, n, &a, &b)) {
		eb_sheet_colname(sh, a, na, sizeof na);
		eb_sheet_colname(sh, b, nb, sizeof nb);
		if (!text_cmp(sh->cols[a].text, sh->cols[b].text)) {
			st = eb_err_set(sh->p->err, EB_ERR_DATA, loc_at(sh, r->num, b),
			    "%s has the same header as %s; name each run in its header "
			    "(\"Run 2\") or give them rep in a --map file", nb, na);
		} else {
			for (size_t i = 0; i < n; i++)
				if (v[i].col == b)
					key_words(&v[i].at, what, sizeof what);
			st = eb_err_set(sh->p->err, EB_ERR_DATA, loc_at(sh, r->num, b),
			    "%s gives the same figure (%s) as %s at %ld:%zu; name each run "
			    "in its header (\"Run 2\") or give them rep in a --map file", nb,
			    what[0] != '\0' ? what : "one test and metric", na, r->num, a + 1);
		}
	}
	free(v);
	return st;
}

/* A map entry that names a column a second time (by number and by its
 * header), or gives it a unit of another kind than its header's: the
 * later entry was dropped, and "unit": "MB/s" on an IOPS column made
 * 5000 IOPS 5 GB/s (audit E13). Errors in the map file, at the entry. */
static enum eb_status
map_contradicts(struct sheet *sh)
{
	for (size_t c = 0; sh->map != NULL && c < sh->tw; c++) {
		const struct column *col = &sh->cols[c];
		const struct eb_sheet_map_col *mc = col->map, *again = col->map_again;
		char name[96];

		if (mc == NULL)
			continue;
		if (again != NULL) {
			struct eb_loc loc = { sh->map->path, again->line, again->col };

			return eb_err_set(sh->p->err, EB_ERR_DATA, loc, "map: columns[%zu] "
			    "describes %s again, as columns[%zu] does; give each column one entry",
			    (size_t)(again - sh->map->cols), eb_sheet_colname(sh, c, name, sizeof name),
			    (size_t)(mc - sh->map->cols));
		}
		if (mc->at.unit.kind != EB_SK_NONE && col->head.at.unit.kind != EB_SK_NONE &&
		    mc->at.unit.kind != col->head.at.unit.kind) {
			struct eb_loc loc = { sh->map->path, mc->line, mc->col };

			return eb_err_set(sh->p->err, EB_ERR_DATA, loc, "map: the \"unit\" of "
			    "columns[%zu] makes %s %s, but its header names %s; give the unit the "
			    "header says, or correct the header", (size_t)(mc - sh->map->cols),
			    eb_sheet_colname(sh, c, name, sizeof name),
			    eb_sheet_kind_phrase(mc->at.unit.kind),
			    eb_sheet_kind_phrase(col->head.at.unit.kind));
		}
		/* What was measured (tool, workload, op, block size) the map
		 * may give where the header does not say, never against it:
		 * "op": "read" over "DD Write" makes a write a read (audit 13
		 * K10). */
		{
			static const int measured[] = { EB_F_TOOL, EB_F_WORKLOAD, EB_F_OP };
			const char *field = NULL, *mine = NULL, *theirs = NULL;
			char bs_a[24], bs_b[24];

			for (size_t k = 0; k < sizeof measured / sizeof measured[0] && !field; k++) {
				const char *m = mc->at.f[measured[k]], *h = col->head.at.f[measured[k]];

				if (m != NULL && *m != '\0' && h != NULL && *h != '\0' && strcmp(m, h) != 0) {
					field = eb_column_names[eb_field_column(measured[k])];
					mine = m;
					theirs = h;
				}
			}
			if (field == NULL && mc->at.block_size != 0 && col->head.at.block_size != 0 &&
			    mc->at.block_size != col->head.at.block_size) {
				snprintf(bs_a, sizeof bs_a, "%lld", (long long)mc->at.block_size);
				snprintf(bs_b, sizeof bs_b, "%lld", (long long)col->head.at.block_size);
				field = "block_size";
				mine = bs_a;
				theirs = bs_b;
			}
			if (field != NULL) {
				struct eb_loc loc = { sh->map->path, mc->line, mc->col };

				return eb_err_set(sh->p->err, EB_ERR_DATA, loc, "map: columns[%zu] "
				    "gives %s the %s %s, but its header says %s; give what the header "
				    "says, or correct the header", (size_t)(mc - sh->map->cols),
				    eb_sheet_colname(sh, c, name, sizeof name), field, mine, theirs);
			}
		}
		/* A unit of the same kind corrects the header's, as the map
		 * is for (a header "MB/s" over kB/s): said, never silent. */
		if (sh->pass == 1 && mc->at.unit.kind != EB_SK_NONE &&
		    mc->at.unit.kind == col->head.at.unit.kind &&
		    (mc->at.unit.exp10 != col->head.at.unit.exp10 ||
		    mc->at.unit.exp2 != col->head.at.unit.exp2)) {
			struct eb_loc loc = { sh->map->path, mc->line, mc->col };

			eb_diag(sh->p->diag, EB_NOTE, loc, "map: the \"unit\" of columns[%zu] "
			    "replaces the unit the header of %s names", (size_t)(mc - sh->map->cols),
			    eb_sheet_colname(sh, c, name, sizeof name));
		}
	}
	return EB_OK;
}

/* Two columns of one label (two "mode" columns) leave a record with two
 * readings, of which the later would silently win: an error at the
 * second. So do two indistinguishable measurement columns. */
enum eb_status
eb_sheet_repeated_key(struct sheet *sh, const struct row *r)
{
	enum eb_status st;

	if ((st = map_contradicts(sh)) != EB_OK)
		return st;
	/* A header that names no figure encbench keeps, or two units, would
	 * give its cells a wrong metric or unit. */
	for (size_t c = 0; c < sh->tw; c++) {
		const struct column *col = &sh->cols[c];
		char name[96], msg[384];

		if (col->head.key != EB_SH_VALUE || col->head.derived)
			continue;
		if (eb_sheet_head_refused(col->text, &col->head, col->map, msg, sizeof msg) != NULL)
			return eb_err_set(sh->p->err, EB_ERR_DATA, loc_at(sh, r->num, c), "%s %s",
			    eb_sheet_colname(sh, c, name, sizeof name), msg);
	}
	if ((st = repeated_value(sh, r)) != EB_OK)
		return st;
	/* Words outside brackets that the header reader does not know, after
	 * the checks of runs and summaries, whose words they may be. */
	for (size_t c = 0; c < sh->tw; c++) {
		const struct column *col = &sh->cols[c];
		char name[96];

		if (col->head.key == EB_SH_VALUE && !col->head.derived && col->map == NULL &&
		    col->head.unread[0] != '\0')
			return eb_err_set(sh->p->err, EB_ERR_DATA, loc_at(sh, r->num, c),
			    "%s says '%s', which encbench does not read and which may change "
			    "what its numbers are; leave it out of the header, or describe the "
			    "column in a --map file", eb_sheet_colname(sh, c, name, sizeof name),
			    col->head.unread);
	}
	for (size_t a = 0; a < sh->nkeys; a++)
		for (size_t b = a + 1; b < sh->nkeys; b++) {
			size_t ca = sh->keys[a], cb = sh->keys[b];
			char na[96], nb[96];

			/* Load columns of two kinds (QD and Threads) are two
			 * parts of one load; two of one kind say it twice. */
			if (sh->cols[ca].head.key != sh->cols[cb].head.key ||
			    (sh->cols[ca].head.key == EB_SH_LOAD &&
			    strcmp(sh->cols[ca].head.load_prefix, sh->cols[cb].head.load_prefix) != 0))
				continue;
			eb_sheet_colname(sh, ca, na, sizeof na);
			eb_sheet_colname(sh, cb, nb, sizeof nb);
			return eb_err_set(sh->p->err, EB_ERR_DATA, loc_at(sh, r->num, cb),
			    "%s says again what %s says; name one column for it (or give the "
			    "other the role \"ignore\" in a --map file)", nb, na);
		}
	return EB_OK;
}
