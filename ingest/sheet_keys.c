/* sheet_keys.c - what a row's key cells, a units row and a table say
 * against each other: checked before one of two readings wins in silence;
 * and the cells of load columns, which add up to a test's load. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sheet_int.h"

/* Whether two units are one: the same kind at the same scale. */
static int
same_unit(const struct eb_sheet_unit *a, const struct eb_sheet_unit *b)
{
	return a->kind == b->kind && a->exp10 == b->exp10 && a->exp2 == b->exp2;
}

/* The fields where one key cell can contradict another or the header, and
 * the values of one kind that are compared: "randrw" beside "Read", or a
 * name encbench does not know, is no contradiction. */
static const struct {
	int f;
	const char *what;
	const char *const kinds[4];
} compared[] = {
	{ EB_F_OP, "direction", { "read", "write", NULL, NULL } },
	{ EB_F_WORKLOAD, "workload", { "seq", "rand", NULL, NULL } },
	{ EB_F_TOOL, "tool", { "dd", "fio", "bonnie", NULL } },
};

static int
clash(size_t i, const char *a, const char *b)
{
	int ak = 0, bk = 0;

	if (a == NULL || b == NULL || strcmp(a, b) == 0)
		return 0;
	for (size_t k = 0; compared[i].kinds[k] != NULL; k++) {
		ak |= strcmp(a, compared[i].kinds[k]) == 0;
		bk |= strcmp(b, compared[i].kinds[k]) == 0;
	}
	return ak && bk;
}

const char *
eb_sheet_head_refused(const char *text, const struct eb_sheet_head *h,
    const struct eb_sheet_map_col *map, char *msg, size_t n)
{
	char tok[64];
	const char *why;

	/* A map entry that gives no unit leaves the header's, scaled or not,
	 * and one without a block size the header's two. */
	if (text != NULL && (map == NULL || map->at.unit.kind == EB_SK_NONE) &&
	    (why = eb_sheet_scale(text, tok, sizeof tok)) != NULL)
		snprintf(msg, n, "scales its numbers ('%s', %s), which encbench does not "
		    "apply; write the unit with its prefix (kIOPS, GB/s) in the header or the "
		    "cells, or the unit in a --map file", tok, why);
	else if (map == NULL && text != NULL && eb_sheet_unread_group(text, tok, sizeof tok))
		snprintf(msg, n, "says '%s', which encbench does not read and which may "
		    "change what its numbers are; leave it out of the header, or describe "
		    "the column in a --map file", tok);
	else if (h->two_bs[0] != '\0' && (map == NULL || map->at.block_size == 0))
		snprintf(msg, n, "names two block sizes, %s; name one, or the block size in "
		    "a --map file", h->two_bs);
	else if (map != NULL)
		return NULL;
	else if (h->two_units)
		snprintf(msg, n, "names two units; name one, or the unit in a --map file");
	else if (h->other_pct)
		snprintf(msg, n, "names a percentile (or median) other than the 99th, for "
		    "which encbench keeps no metric (lat_mean, lat_min, lat_max, lat_p99); "
		    "leave it out or give it the role \"ignore\" in a --map file");
	else
		return NULL;
	return msg;
}

/* A Test cell names a measurement as a header does ("FIO Rand Read 4k
 * (MB/s)"), so it is read by the header's grammar and held to the
 * header's rules; what it names is then checked against the other key
 * cells and the measurement's header (outside audit I2). */
enum eb_status
eb_sheet_test_cell(struct sheet *sh, const struct row *r, size_t c, const char *s,
    struct eb_sheet_attrs *w)
{
	struct eb_sheet_head h;
	struct eb_mode_label m;
	char msg[384], name[96], shown[64];
	const char *what = NULL;

	eb_sheet_header_parse(s, &h);
	eb_sheet_squeeze(s, shown, sizeof shown);
	if (eb_sheet_head_refused(s, &h, NULL, msg, sizeof msg) != NULL)
		what = msg;
	else if (eb_mode_read(s, &m) != EB_MODE_UNKNOWN) {
		snprintf(msg, sizeof msg, "names the mode %s, which its row's mode cell may "
		    "not be; write the mode in the mode column only", m.mode);
		what = msg;
	}
	else if (h.derived)
		what = "names a figure computed from others (an overhead, ratio or "
		    "spread), not a test; encbench computes these itself";
	else if (h.reference)
		what = "names an expected, target or theoretical figure, not a test";
	else if (h.summary)
		what = "names an average, median or total of runs, not a test; give "
		    "each run its row";
	if (what != NULL)
		return eb_err_set(sh->p->err, EB_ERR_DATA, loc_at(sh, r->num, c),
		    "'%s' in %s %s", shown, eb_sheet_colname(sh, c, name, sizeof name), what);
	if (h.config[0] != '\0')
		h.at.f[EB_F_CONFIG] = eb_intern_cstr(sh->p->t, h.config);
	eb_sheet_attrs_merge(w, &h.at);
	return EB_OK;
}

/* A Run cell that is no run number: a warm-up or discarded run said in
 * words is skipped, anything else ("0", "cold", "2nd") is an error; read
 * as one more repetition it moved the mean (outside audit I8). */
int
eb_sheet_run_cell(struct sheet *sh, const struct row *r, size_t c, const char *s,
    struct eb_sheet_attrs *ra)
{
	static const char *const dropped[] = {
		"warmup", "warmuprun", "discard", "discarded", "discardedrun", "dropped",
		NULL,
	};
	char name[96], shown[48], folded[48], word[48];
	size_t k = 0;

	/* "\u00b1" or "sd" under Run: the spread of the runs above, which was
	 * read as one more run (audit E11). */
	if (eb_sheet_rep(s) == 0 && eb_sheet_is_derived(s)) {
		if (sh->pass == 1)
			eb_diag(sh->p->diag, EB_NOTE, loc_at(sh, r->num, c),
			    "'%.40s' in %s names a spread or difference of runs, not a run; "
			    "the row is skipped", s, eb_sheet_colname(sh, c, name, sizeof name));
		return 0;
	}
	eb_sheet_squeeze(s, shown, sizeof shown);
	/* eb_sheet_rep reads "-2" as run 2, the sign a word break, and "3?"
	 * or "3*" as run 3, the mark one too: a run marked in doubt or with
	 * a footnote is no plain repetition (audit 17 P5). */
	if (shown[0] != '-' && shown[0] != '+' && strncmp(shown, "\xe2\x88\x92", 3) != 0 &&
	    strpbrk(s, "?!*~") == NULL && (ra->rep = eb_sheet_rep(s)) > 0)
		return 1;
	ra->rep = 0;
	eb_sheet_fold(s, folded, sizeof folded);
	for (const char *p = folded; *p != '\0'; p++)
		if ((*p >= 'a' && *p <= 'z') || sheet_isdig(*p))
			word[k++] = *p;
	word[k] = '\0';
	if (sheet_in(word, dropped)) {
		if (sh->pass == 1)
			eb_diag(sh->p->diag, EB_NOTE, loc_at(sh, r->num, c),
			    "'%s' in %s says the row is a warm-up or discarded run, not a "
			    "repetition; skipped", shown, eb_sheet_colname(sh, c, name, sizeof name));
		return 0;
	}
	eb_err_set(sh->p->err, EB_ERR_DATA, loc_at(sh, r->num, c),
	    "'%s' in %s is not a run number (1, 2, ...); number the row's run, or leave "
	    "out a run that is not one of the repetitions", shown,
	    eb_sheet_colname(sh, c, name, sizeof name));
	return -1;
}

/* What one key cell (kw, in column c) says against what the row's other
 * key cells said before it (ra, each from the column in from): "Op: read"
 * beside "Test: DD Write" made the later win in silence (outside audit
 * I1). */
enum eb_status
eb_sheet_key_agrees(struct sheet *sh, const struct row *r, size_t c,
    const struct eb_sheet_attrs *ra, const struct eb_sheet_attrs *kw, struct key_from *from)
{
	char name[96], other[96], shown[48];
	const char *s = cell(sh, r, c);

	eb_sheet_squeeze(empty(s) ? sh->cols[c].fill : s, shown, sizeof shown);
	for (size_t i = 0; i < sizeof compared / sizeof compared[0]; i++) {
		int f = compared[i].f;

		if (clash(i, ra->f[f], kw->f[f]))
			return eb_err_set(sh->p->err, EB_ERR_DATA, loc_at(sh, r->num, c),
			    "'%s' in %s says the %s is %s, but %s of its row says %s; say it "
			    "once, or the same in both", shown, eb_sheet_colname(sh, c, name,
			    sizeof name), compared[i].what, kw->f[f], eb_sheet_colname(sh,
			    from->field[f] - 1, other, sizeof other), ra->f[f]);
	}
	if (ra->block_size > 0 && kw->block_size > 0 && ra->block_size != kw->block_size)
		return eb_err_set(sh->p->err, EB_ERR_DATA, loc_at(sh, r->num, c),
		    "'%s' in %s says the block size is %lld bytes, but %s of its row says "
		    "%lld; say it once, or the same in both", shown,
		    eb_sheet_colname(sh, c, name, sizeof name), (long long)kw->block_size,
		    eb_sheet_colname(sh, from->bs - 1, other, sizeof other),
		    (long long)ra->block_size);
	if (ra->unit.kind != EB_SK_NONE && kw->unit.kind != EB_SK_NONE &&
	    !same_unit(&ra->unit, &kw->unit))
		return eb_err_set(sh->p->err, EB_ERR_DATA, loc_at(sh, r->num, c),
		    "'%s' in %s gives another unit than %s of its row; say it once, or the "
		    "same in both", shown, eb_sheet_colname(sh, c, name, sizeof name),
		    eb_sheet_colname(sh, from->unit - 1, other, sizeof other));
	for (int f = 0; f < EB_NFIELDS; f++)
		if (kw->f[f] != NULL && *kw->f[f] != '\0')
			from->field[f] = c + 1;
	if (kw->block_size > 0)
		from->bs = c + 1;
	if (kw->unit.kind != EB_SK_NONE)
		from->unit = c + 1;
	return EB_OK;
}

/* What a key column of the row says against what the measurement's own
 * header says: "Op: read" beside "DD Write (MB/s)", "Block size: 64k"
 * beside "Rand Read 4k" (outside audit H17), "Unit: MB/s" beside "(IOPS)"
 * (I7). The later one would win in silence, so that a write becomes a
 * read and an I/O rate a bandwidth. */
enum eb_status
eb_sheet_row_contradicts(struct sheet *sh, const struct row *r, size_t c, const char *shown,
    const struct eb_sheet_attrs *head, const struct eb_sheet_attrs *row,
    const struct key_from *from)
{
	char name[96], other[96];

	for (size_t i = 0; i < sizeof compared / sizeof compared[0]; i++) {
		int f = compared[i].f;

		if (clash(i, head->f[f], row->f[f]))
			return eb_err_set(sh->p->err, EB_ERR_DATA, loc_at(sh, r->num, c),
			    "'%s' in %s: its header says the %s is %s, but a column of its "
			    "row says %s; say it once, or the same in both", shown,
			    eb_sheet_colname(sh, c, name, sizeof name), compared[i].what,
			    head->f[f], row->f[f]);
	}
	if (head->block_size > 0 && row->block_size > 0 && head->block_size != row->block_size)
		return eb_err_set(sh->p->err, EB_ERR_DATA, loc_at(sh, r->num, c),
		    "'%s' in %s: its header says the block size is %lld bytes, but a column "
		    "of its row says %lld; say it once, or the same in both", shown,
		    eb_sheet_colname(sh, c, name, sizeof name), (long long)head->block_size,
		    (long long)row->block_size);
	if (head->unit.kind != EB_SK_NONE && row->unit.kind != EB_SK_NONE &&
	    !same_unit(&head->unit, &row->unit) && from->unit > 0)
		return eb_err_set(sh->p->err, EB_ERR_DATA, loc_at(sh, r->num, c),
		    "'%s' in %s: its header gives another unit than %s of its row; say it "
		    "once, or the same in both", shown, eb_sheet_colname(sh, c, name,
		    sizeof name), eb_sheet_colname(sh, from->unit - 1, other, sizeof other));
	return EB_OK;
}

/* A units row under a header (or group row) that names a unit: one that
 * agrees, or fills a header without one, is fine; another unit replaced
 * the header's in silence, even of another metric (outside audit I7).
 * col->at holds the header's and group's unit, or the units row's where
 * they name none. */
enum eb_status
eb_sheet_units_row(struct sheet *sh, size_t h)
{
	const struct row *u;
	char name[96], shown[48];

	if (h + 1 >= sh->nrows || sh->rows[h + 1].kind != R_UNITS)
		return EB_OK;
	u = &sh->rows[h + 1];
	for (size_t c = 1; c < u->n && c < sh->tw; c++) {
		const struct column *col = &sh->cols[c];
		const char *s = cell(sh, u, c);
		struct eb_sheet_unit unit;

		if (empty(s) || col->at.unit.kind == EB_SK_NONE ||
		    !eb_sheet_unit_parse(s, strlen(s), &unit) || same_unit(&unit, &col->at.unit))
			continue;
		eb_sheet_squeeze(s, shown, sizeof shown);
		return eb_err_set(sh->p->err, EB_ERR_DATA, loc_at(sh, u->num, c),
		    "'%s' in the units row, under %s, is another unit than the one %s "
		    "names; give the unit once, in the header or the units row, or the same in "
		    "both", shown, eb_sheet_colname(sh, c, name, sizeof name),
		    col->head.at.unit.kind != EB_SK_NONE ? "its header" : "its group row");
	}
	return EB_OK;
}

/* The text of the label row nearest above header h ("Fast disk"), with
 * only blank or group rows between, or NULL. */
static const char *
title_of(const struct sheet *sh, size_t h, long *line)
{
	for (size_t j = h; j-- > 0;) {
		const struct row *t = &sh->rows[j];

		if (t->kind == R_EMPTY || t->kind == R_GROUP)
			continue;
		if (t->kind == R_OTHER && nonempty(sh, t) == 1 && !empty(cell(sh, t, 0))) {
			*line = t->num;
			return cell(sh, t, 0);
		}
		break;
	}
	return NULL;
}

void
eb_sheet_table_begins(struct sheet *sh, size_t h)
{
	eb_xgrow(&sh->tables, &sh->captables, sh->ntables + 1, sizeof *sh->tables);
	sh->tables[sh->ntables].row = h;
	sh->tables[sh->ntables].first = sh->p->t->n;
	sh->ntables++;
}

struct pooled {
	const struct eb_record *rec;
	size_t table;
};

static int
str_cmp(const char *a, const char *b)
{
	return strcmp(a != NULL ? a : "", b != NULL ? b : "");
}

/* Orders records by what makes them one test, then by table. */
static int
pooled_cmp(const void *pa, const void *pb)
{
	const struct pooled *a = pa, *b = pb;
	int d;

	for (int f = 0; f < EB_NFIELDS; f++)
		if (f != EB_F_SOURCE && (d = str_cmp(a->rec->f[f], b->rec->f[f])) != 0)
			return d;
	if (a->rec->block_size != b->rec->block_size)
		return a->rec->block_size < b->rec->block_size ? -1 : 1;
	return a->table < b->table ? -1 : a->table > b->table;
}

/* The words of a record's test, for a message: "none dd write bw". */
static void
test_words(const struct eb_record *rec, char *buf, size_t n)
{
	static const int shown[] = { EB_F_RELEASE, EB_F_CONFIG, EB_F_MODE, EB_F_TOOL,
		EB_F_WORKLOAD, EB_F_OP, EB_F_METRIC };
	size_t k = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < sizeof shown / sizeof shown[0]; i++) {
		const char *w = rec->f[shown[i]];

		if (w != NULL && *w != '\0' && k < n)
			k += (size_t)snprintf(buf + k, n - k, "%s%s", k > 0 ? " " : "", w);
	}
}

/* Records of two tables that would be repetitions of one test, though
 * nothing the sheet says (a Run column, a release or configuration title)
 * makes them so: "Fast disk" and "Slow disk" over one header were pooled,
 * their titles ignored (outside audit I10). A run number the sheet gives
 * says they are. */
enum eb_status
eb_sheet_tables_pooled(struct sheet *sh)
{
	const struct eb_table *t = sh->p->t;
	struct pooled *v;
	size_t n = 0, first = sh->ntables > 0 ? sh->tables[0].first : t->n, k = 0;
	enum eb_status st = EB_OK;

	if (sh->ntables < 2 || t->n <= first)
		return EB_OK;
	v = eb_xcalloc(t->n - first, sizeof *v);
	for (size_t i = first; i < t->n; i++) {
		while (k + 1 < sh->ntables && sh->tables[k + 1].first <= i)
			k++;
		if (t->rows[i].rep != 0)
			continue;
		v[n].rec = &t->rows[i];
		v[n++].table = k;
	}
	qsort(v, n, sizeof *v, pooled_cmp);
	for (size_t i = 1; i < n; i++) {
		const struct pooled *a = &v[i - 1], *b = &v[i];
		const struct row *ha, *hb;
		const char *ta, *tb;
		char what[160], sa[48], sb[48];
		long la = 0, lb = 0;

		if (a->table == b->table || pooled_cmp(&(struct pooled){ a->rec, 0 },
		    &(struct pooled){ b->rec, 0 }) != 0)
			continue;
		ha = &sh->rows[sh->tables[a->table].row];
		hb = &sh->rows[sh->tables[b->table].row];
		ta = title_of(sh, sh->tables[a->table].row, &la);
		tb = title_of(sh, sh->tables[b->table].row, &lb);
		test_words(b->rec, what, sizeof what);
		if (ta != NULL && tb != NULL) {
			eb_sheet_squeeze(ta, sa, sizeof sa);
			eb_sheet_squeeze(tb, sb, sizeof sb);
			st = eb_err_set(sh->p->err, EB_ERR_DATA, loc_at(sh, hb->num, 0),
			    "the table under '%s' (line %ld) and the table under '%s' (line %ld) "
			    "both give %s, and nothing encbench reads tells them apart, so their "
			    "rows would be repetitions of one test; split the sheet, or give the "
			    "tables a Release, Config or Run column", sb, lb, sa, la, what);
		} else
			st = eb_err_set(sh->p->err, EB_ERR_DATA, loc_at(sh, hb->num, 0),
			    "the table of this header and the table of line %ld both give %s, "
			    "and nothing encbench reads tells them apart, so their rows would be "
			    "repetitions of one test; split the sheet, or give the tables a "
			    "Release, Config or Run column", ha->num, what);
		break;
	}
	free(v);
	return st;
}

/* A load column's cell: a queue depth or a thread count of 1 up, or a
 * test size, appended to the row's load ("qd32", "t4", "size16g"). An
 * empty cell says nothing; any other text is an error at the cell, since
 * a load dropped would make two tests runs of one. */
int
eb_sheet_load_cell(struct sheet *sh, const struct row *r, size_t c, const char *s,
    struct eb_sheet_attrs *ra)
{
	const struct column *col = &sh->cols[c];
	const char *prefix = col->head.load_prefix;
	char part[32], name[96], shown[48];
	size_t n = strlen(s), k = strlen(ra->load);
	const char *t = eb_sheet_trim(s, &n);

	if (strncmp(prefix, "size", 4) == 0) {
		char text[64];
		int64_t size;

		snprintf(text, sizeof text, "%.*s", (int)(n < 63 ? n : 63), t);
		size = eb_sheet_block_size(text, 1);
		/* A column named "Size" alone holds block sizes as often as
		 * test sizes: up to 64 MiB it is the block size, as in a
		 * header, and above it the amount the test moved. */
		if (prefix[4] == '?' && size >= 512 && size <= 64 * 1048576) {
			if (ra->block_size != 0 && ra->block_size != size) {
				eb_err_set(sh->p->err, EB_ERR_DATA, loc_at(sh, r->num, c), "'%.40s' "
				    "in %s is a block size other than the row's %lld", s,
				    eb_sheet_colname(sh, c, name, sizeof name),
				    (long long)ra->block_size);
				return -1;
			}
			ra->block_size = size;
			return 1;
		}
		if (size < 512) {
			eb_sheet_squeeze(s, shown, sizeof shown);
			eb_err_set(sh->p->err, EB_ERR_DATA, loc_at(sh, r->num, c), "'%s' in %s is "
			    "not a test size with its unit (4G, 512M)", shown,
			    eb_sheet_colname(sh, c, name, sizeof name));
			return -1;
		}
		eb_sheet_size_name(size, part, sizeof part);
	} else {
		long v = 0;
		size_t i = 0;

		while (i < n && t[i] >= '0' && t[i] <= '9' && v <= 1000000)
			v = v * 10 + (t[i++] - '0');
		if (i == 0 || i != n || v < 1 || v > 1000000) {
			eb_sheet_squeeze(s, shown, sizeof shown);
			eb_err_set(sh->p->err, EB_ERR_DATA, loc_at(sh, r->num, c), "'%s' in %s is "
			    "not a %s (1, 2, ...)", shown, eb_sheet_colname(sh, c, name, sizeof name),
			    *prefix == 'q' ? "queue depth" : "count of threads or jobs");
			return -1;
		}
		snprintf(part, sizeof part, "%s%ld", prefix, v);
	}
	if (k + 1 + strlen(part) >= sizeof ra->load) {
		eb_err_set(sh->p->err, EB_ERR_DATA, loc_at(sh, r->num, c), "the load of this row "
		    "(%s and %s) is longer than encbench keeps", ra->load, part);
		return -1;
	}
	snprintf(ra->load + k, sizeof ra->load - k, "%s%s", k > 0 ? "-" : "", part);
	return 1;
}
