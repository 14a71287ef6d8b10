/* sheet_rows.c - a table's rows: label rows between tables, key cells and
 * merged cells carried down, and each measurement cell made a record. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "modes.h"
#include "rundir.h"
#include "sheet_int.h"
#include "sheet_words.h"

/* ---- rows */

/* A release title for the rows below; one that names a configuration
 * too ("Ubuntu 24.04 (no AES-NI)") sets it until the next release title,
 * so that a later "Ubuntu 24.04" is not read in that configuration; it
 * ends a table of computed figures. */
static void
titled(struct sheet *sh, const char *release, const char *config)
{
	sh->section.f[EB_F_RELEASE] = intern(sh, release);
	sh->derived_title = sh->skip_table = 0;
	if (config != NULL)
		sh->section.f[EB_F_CONFIG] = intern(sh, config);
	else if (sh->section_titled)
		sh->section.f[EB_F_CONFIG] = NULL;
	sh->section_titled = config != NULL;
}

/* A row with one label in its first cell and nothing else: a mode with no
 * values, or a title naming the release ("Ubuntu 24.04") or a
 * configuration ("Config: 2 cores") of what follows. */
static void
label_row(struct sheet *sh, const struct row *r)
{
	const char *s = cell(sh, r, 0);
	const char *sep = strpbrk(s, ":=");
	char buf[128], cfg[EB_MODE_MAX];

	if (is_mode_name(s))
		return;
	if (sep != NULL) {
		char key[64];
		struct eb_sheet_head h;
		size_t k = (size_t)(sep - s);

		snprintf(key, sizeof key, "%.*s", (int)(k < sizeof key ? k : sizeof key - 1), s);
		eb_sheet_header_parse(key, &h);
		if (h.key == EB_SH_RELEASE) {
			if (eb_sheet_release_config(sep + 1, h.ubuntu, buf, sizeof buf, cfg,
			    sizeof cfg))
				titled(sh, buf, cfg);
			else {
				eb_sheet_release(sep + 1, h.ubuntu, buf, sizeof buf);
				titled(sh, buf, NULL);
			}
			return;
		}
		if (h.key == EB_SH_CONFIG) {
			eb_label_normalize(EB_F_CONFIG, sep + 1, buf, sizeof buf);
			sh->section.f[EB_F_CONFIG] = intern(sh, buf);
			sh->section_titled = 0;
			sh->derived_title = sh->skip_table = 0;
			return;
		}
	}
	if (eb_sheet_release_config(s, 0, buf, sizeof buf, cfg, sizeof cfg)) {
		titled(sh, buf, cfg);
		return;
	}
	if (eb_sheet_is_release(s)) {
		eb_sheet_release(s, 0, buf, sizeof buf);
		titled(sh, buf, NULL);
		return;
	}
	/* "Overhead (%)" over a table says what its numbers are, whatever
	 * its header says. */
	if (eb_sheet_is_derived(s) && !eb_sheet_is_summary(s)) {
		sh->derived_title = 1;
		sh->skip_table |= sh->in_table;
		if (sh->pass == 1) {
			eb_sheet_squeeze(s, buf, 48);
			eb_diag(sh->p->diag, EB_NOTE, loc_at(sh, r->num, 0),
			    "'%s' titles figures computed from others (an overhead, ratio or "
			    "difference); the rows below it, up to the next title or table, are "
			    "skipped", buf);
		}
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

/* A mode cell: the mode, and the configuration its other words name
 * ("AES-256-GCM (no AES-NI)"), kept for the row's values. Words that are
 * neither would be dropped, so they are an error. */
static enum eb_status
mode_cell(struct sheet *sh, const struct row *r, size_t c, const char *s,
    struct eb_sheet_attrs *ra)
{
	struct eb_mode_label m;
	char name[96], shown[64], mark[32], base[EB_MODE_MAX], a[64], b[64];
	int marked = eb_sheet_mode_mark(s, mark, sizeof mark, base, sizeof base);

	/* A mark was dropped with the other signs, and "None*" pooled with
	 * "None" (audit E20): a run marked failed or doubtful is an error, a
	 * footnote makes a mode of its own. */
	if (marked == EB_MARK_FAIL) {
		if (sh->pass == 0)
			return EB_OK;
		eb_sheet_squeeze(s, shown, sizeof shown);
		return eb_err_set(sh->p->err, EB_ERR_DATA, loc_at(sh, r->num, c),
		    "'%s' in %s is marked '%s', which says its run failed or is in doubt; "
		    "leave the row out, or write the mode alone once the run is good", shown,
		    eb_sheet_colname(sh, c, name, sizeof name), mark);
	}
	if (marked == EB_MARK_NOTE && eb_mode_read(base, &m) == EB_MODE_KNOWN) {
		char marked_mode[EB_MODE_MAX];

		snprintf(marked_mode, sizeof marked_mode, "%.*s%s", (int)(sizeof marked_mode -
		    sizeof mark), m.mode, mark);
		if (sh->pass == 1) {
			eb_sheet_squeeze(s, shown, sizeof shown);
			eb_diag(sh->p->diag, EB_WARNING, loc_at(sh, r->num, c),
			    "'%s' in %s carries the mark '%s': its row is read as the mode "
			    "'%s', apart from %s; write what the mark says in a config column "
			    "to compare the two", shown, eb_sheet_colname(sh, c, name, sizeof name),
			    mark, marked_mode, m.mode);
		}
		if (m.config[0] != '\0') {
			sh->row_config = intern(sh, m.config);
			sh->row_config_col = c;
		}
		ra->f[EB_F_MODE] = intern(sh, marked_mode);
		return EB_OK;
	}
	switch (eb_mode_read(s, &m)) {
	case EB_MODE_UNKNOWN:
		if (sh->pass == 1 && eb_sheet_two_modes(s, a, b, sizeof a)) {
			eb_sheet_squeeze(s, shown, sizeof shown);
			return eb_err_set(sh->p->err, EB_ERR_DATA, loc_at(sh, r->num, c),
			    "'%s' in %s names two modes, '%s' and '%s'; a row holds the runs "
			    "of one mode (a difference of two is for encbench to compute)",
			    shown, eb_sheet_colname(sh, c, name, sizeof name), a, b);
		}
		/* "Baseline" says what a row is for, not which mode it ran
		 * (audit 11, I17): kept as a mode, the sheet had no none. */
		if (sh->pass == 1 && strcmp(m.mode, "baseline") == 0) {
			eb_sheet_squeeze(s, shown, sizeof shown);
			return eb_err_set(sh->p->err, EB_ERR_DATA, loc_at(sh, r->num, c),
			    "'%s' in %s says baseline, which names no mode; write none if "
			    "the baseline ran unencrypted, else the mode it ran", shown,
			    eb_sheet_colname(sh, c, name, sizeof name));
		}
		if (sh->pass == 1)
			note_unknown_mode(sh, intern(sh, m.mode));
		break;
	case EB_MODE_EXTRA:
		if (sh->pass == 0)
			break;
		eb_sheet_squeeze(s, shown, sizeof shown);
		return eb_err_set(sh->p->err, EB_ERR_DATA, loc_at(sh, r->num, c),
		    "'%s' in %s is the mode %s, but also says '%s', which is no mode or "
		    "configuration encbench reads; write the mode alone and the rest in a "
		    "config column, a group row or a --map file", shown,
		    eb_sheet_colname(sh, c, name, sizeof name), m.mode, m.extra);
	case EB_MODE_KNOWN:
		if (m.config[0] != '\0') {
			sh->row_config = intern(sh, m.config);
			sh->row_config_col = c;
		}
		break;
	}
	ra->f[EB_F_MODE] = intern(sh, m.mode);
	return EB_OK;
}

/* Reads a key cell into the row's attributes; 0 when it is unusable
 * (after a warning), -1 after an error. */
static int
key_cell(struct sheet *sh, const struct row *r, size_t c, const char *s,
    struct eb_sheet_attrs *ra)
{
	struct column *col = &sh->cols[c];
	struct eb_sheet_attrs w;
	char buf[EB_MODE_MAX], name[96], why[96];
	int unknown = 0;

	memset(&w, 0, sizeof w);
	switch (col->head.key) {
	case EB_SH_RELEASE: {
		char point[16];
		size_t len = strlen(s);
		const char *t = eb_sheet_trim(s, &len), *rel = s;

		/* A spreadsheet of decimal commas shows Ubuntu's 24.04 as 24,04
		 * and 23.10 as 23,1 (audit 23 I06): a release, with its point. */
		if ((len == 4 || len == 5) && t[2] == ',' && strspn(t, "0123456789") == 2 &&
		    strspn(t + 3, "0123456789") == len - 3) {
			snprintf(point, sizeof point, "%.2s.%.*s", t, (int)(len - 3), t + 3);
			rel = point;
		}
		if (sh->pass == 0 && yymm(rel))
			sh->yymm = 1;
		eb_sheet_release(rel, col->head.ubuntu || sh->yymm, buf, sizeof buf);
		if (sh->pass == 1 && eb_sheet_release_doubt(rel, buf, why, sizeof why)) {
			eb_sheet_squeeze(s, name, sizeof name);
			eb_err_set(sh->p->err, EB_ERR_DATA, loc_at(sh, r->num, c),
			    "release '%s' %s%s", name, why, strstr(why, "code name alone") ? "" :
			    "; write one release, as 24.04 or debian-12");
			return -1;
		}
		ra->f[EB_F_RELEASE] = intern(sh, buf);
		break;
	}
	case EB_SH_CONFIG:
		eb_label_normalize(EB_F_CONFIG, s, buf, sizeof buf);
		ra->f[EB_F_CONFIG] = intern(sh, buf);
		break;
	case EB_SH_HOST:
		eb_label_normalize(EB_F_HOST, s, buf, sizeof buf);
		ra->f[EB_F_HOST] = intern(sh, buf);
		break;
	case EB_SH_MODE:
		if (mode_cell(sh, r, c, s, ra) != EB_OK)
			return -1;
		break;
	case EB_SH_TOOL:
	case EB_SH_WORKLOAD:
	case EB_SH_OP: {
		int f = col->head.key == EB_SH_TOOL ? EB_F_TOOL :
		    col->head.key == EB_SH_WORKLOAD ? EB_F_WORKLOAD : EB_F_OP;

		/* "FIO Rand Read" in a Test column says all three; a name we
		 * do not know ("iozone") is kept as written. */
		if (col->head.key == EB_SH_TOOL && eb_sheet_test_cell(sh, r, c, s, &w) != EB_OK)
			return -1;
		{
			char bare[512];

			/* The configuration the Test cell names is read (into w);
			 * its words are no unknown ones. */
			snprintf(bare, sizeof bare, "%s", s);
			eb_sheet_blank_config(bare);
			eb_sheet_words(bare, &w, &unknown);
		}
		eb_sheet_attrs_merge(ra, &w);
		/* A Test cell whose every word the grammar reads ("Read (no
		 * AES-NI)", "Seq Read NVMe") names no tool: its records have the
		 * placeholder a header's do, "sheet", never the cell's words as
		 * a tool (audit 17 P7). */
		if (f == EB_F_TOOL && (w.f[f] == NULL || *w.f[f] == '\0') && unknown == 0)
			break;
		if (w.f[f] == NULL || *w.f[f] == '\0') {
			dashed(s, buf, sizeof buf);
			/* An op is a direction encbench compares by; one it does
			 * not know is no test of its own. */
			if (f == EB_F_OP && *buf != '\0' && !eb_op_known(buf)) {
				char colname[96];

				eb_err_set(sh->p->err, EB_ERR_DATA, loc_at(sh, r->num, c), "'%.40s' in "
				    "%s is none of the ops encbench knows: %s", s,
				    eb_sheet_colname(sh, c, colname, sizeof colname), eb_op_names());
				return -1;
			}
			ra->f[f] = intern(sh, buf);
		} else if (unknown > 0) {
			/* "DD Read cold": read as "DD Read", the word that
			 * made it another test was dropped (outside audit G14). */
			char shown[48], un[48];

			eb_sheet_words_unread(s, un, sizeof un);
			if (un[0] != '\0') {
				eb_sheet_squeeze(s, shown, sizeof shown);
				eb_err_set(sh->p->err, EB_ERR_DATA, loc_at(sh, r->num, c),
				    "'%s' in %s says '%s', which encbench does not read and which "
				    "may change what its numbers are; leave it out, or describe the "
				    "rows in a --map file", shown, eb_sheet_colname(sh, c, name,
				    sizeof name), un);
				return -1;
			}
		}
		break;
	}
	case EB_SH_JOB:
		eb_sheet_squeeze(s, buf, sizeof buf);
		ra->f[EB_F_JOB] = intern(sh, buf);
		break;
	case EB_SH_REP:
		return eb_sheet_run_cell(sh, r, c, s, ra);
	case EB_SH_UNIT:
		if (!eb_sheet_unit_parse(s, strlen(s), &ra->unit)) {
			if (sh->pass == 1)
				eb_diag(sh->p->diag, EB_WARNING, loc_at(sh, r->num, c),
				    "'%.40s' in %s is not a unit encbench knows; the row's "
				    "values are skipped", s, eb_sheet_colname(sh, c, name, sizeof name));
			return 0;
		}
		break;
	case EB_SH_METRIC:
		ra->f[EB_F_METRIC] = eb_sheet_metric_name(s, sh->p->t);
		break;
	case EB_SH_BLOCK_SIZE:
		if (col->head.bs_scale < 0) {
			eb_err_set(sh->p->err, EB_ERR_DATA, loc_at(sh, r->num, c),
			    "%s gives its block sizes in '%s', which encbench does not read as a "
			    "size; write each with its unit (4k, 512B) or name one in the header "
			    "(Block size (KiB))", eb_sheet_colname(sh, c, name, sizeof name),
			    col->head.bs_unit);
			return -1;
		}
		ra->block_size = eb_sheet_block_size(s, col->head.bs_scale);
		/* "4" and "64" under a header without a unit mean KiB, as
		 * people write them; no I/O is that small in bytes. */
		if (ra->block_size < 512 && col->head.bs_unit[0] == '\0' &&
		    strspn(s, "0123456789 .,") == strlen(s) && strpbrk(s, "0123456789") != NULL) {
			size_t n = strlen(s);
			const char *t = eb_sheet_trim(s, &n);

			eb_err_set(sh->p->err, EB_ERR_DATA, loc_at(sh, r->num, c),
			    "'%s' in %s is a block size without a unit, which would be %.*s bytes; "
			    "write its unit (4k, 512B) or name one in the header (Block size (KiB))",
			    s, eb_sheet_colname(sh, c, name, sizeof name), (int)n, t);
			return -1;
		}
		if (ra->block_size == 0 && sh->pass == 1)
			eb_diag(sh->p->diag, EB_WARNING, loc_at(sh, r->num, c),
			    "'%.40s' in %s is not a block size; left empty", s,
			    eb_sheet_colname(sh, c, name, sizeof name));
		break;
	case EB_SH_LOAD:
		return eb_sheet_load_cell(sh, r, c, s, ra);
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

/* The configuration of a value whose row's mode cell names one: that one,
 * or with the one its column, title, config cell or map gives when the two
 * are settings of the runner that add up ("2 cores" over "AES-256-GCM (no
 * AES-NI)" is no-aesni-2-cores); two that do not are an error. */
static enum eb_status
row_config(struct sheet *sh, const struct row *r, struct eb_sheet_attrs *a)
{
	const char *other = a->f[EB_F_CONFIG];
	char both[2 * EB_MODE_MAX + 2], buf[EB_MODE_MAX], name[96], shown[64];

	if (other == NULL || *other == '\0' || strcmp(other, sh->row_config) == 0) {
		a->f[EB_F_CONFIG] = sh->row_config;
		return EB_OK;
	}
	snprintf(both, sizeof both, "%s %s", other, sh->row_config);
	if (eb_config_canonical(other, buf, sizeof buf) && strcmp(buf, "default") != 0 &&
	    eb_config_canonical(both, buf, sizeof buf)) {
		a->f[EB_F_CONFIG] = intern(sh, buf);
		return EB_OK;
	}
	eb_sheet_squeeze(cell(sh, r, sh->row_config_col), shown, sizeof shown);
	return eb_err_set(sh->p->err, EB_ERR_DATA, loc_at(sh, r->num, sh->row_config_col),
	    "'%s' in %s names the configuration %s, but the sheet gives this row %s; "
	    "name the configuration in one place", shown,
	    eb_sheet_colname(sh, sh->row_config_col, name, sizeof name), sh->row_config, other);
}


static const char *
given(const char *s)
{
	return s != NULL && *s != '\0' ? s : NULL;
}

/* Whether two release labels are one: alike, or an Ubuntu release and
 * the number a spreadsheet made of it ("23.10" typed into a number cell
 * shows as 23.1). */
static int
same_release(const char *a, const char *b)
{
	size_t na = strlen(a), nb = strlen(b);

	if (strcmp(a, b) == 0)
		return 1;
	if (na > nb) {
		const char *t = a;

		a = b;
		b = t;
		na = nb;
	}
	return na == 4 && strlen(b) == 5 && a[2] == '.' && strncmp(a, b, 4) == 0 &&
	    b[4] == '0' && strspn(a, "0123456789.") == 4 && strspn(b, "0123456789.") == 5;
}

/* A release the layout gives a cell (its header or group row, a release
 * row above its table) and another that a key cell of its row or the map
 * gives: the later one would win in silence, and the releases' runs
 * become repetitions of one test ("Ubuntu 22.04" over one Write column,
 * "Ubuntu 24.04" over another, rows whose Release says 24.04: audit 20
 * F01, F02). */
static enum eb_status
release_agrees(struct sheet *sh, const struct row *r, size_t c, const char *shown,
    const struct column *col, const struct eb_sheet_attrs *ra, const struct eb_sheet_attrs *mr)
{
	const char *layout = given(col->at.f[EB_F_RELEASE]), *where = "its header or group row";
	const char *row = given(ra->f[EB_F_RELEASE]), *sheet, *map = NULL;
	char name[96];

	if (layout != NULL && given(col->head.at.f[EB_F_RELEASE]) != NULL &&
	    !same_release(layout, col->head.at.f[EB_F_RELEASE]))
		return eb_err_set(sh->p->err, EB_ERR_DATA, loc_at(sh, r->num, c),
		    "'%s' in %s: its header says the release is %s, but its group row says "
		    "%s; say it once, or the same in both", shown,
		    eb_sheet_colname(sh, c, name, sizeof name), col->head.at.f[EB_F_RELEASE],
		    layout);
	if (layout != NULL && given(sh->section.f[EB_F_RELEASE]) != NULL &&
	    !same_release(layout, sh->section.f[EB_F_RELEASE]))
		return eb_err_set(sh->p->err, EB_ERR_DATA, loc_at(sh, r->num, c),
		    "'%s' in %s: %s says the release is %s, but a release row above it says "
		    "%s; say it once, or the same in both", shown,
		    eb_sheet_colname(sh, c, name, sizeof name), where, layout,
		    sh->section.f[EB_F_RELEASE]);
	if (layout == NULL && (layout = given(sh->section.f[EB_F_RELEASE])) != NULL)
		where = "the release row above its table";
	if (layout != NULL && row != NULL && !same_release(layout, row))
		return eb_err_set(sh->p->err, EB_ERR_DATA, loc_at(sh, r->num, c),
		    "'%s' in %s: %s says the release is %s, but a column of its row says %s; "
		    "say it once, or the same in both", shown,
		    eb_sheet_colname(sh, c, name, sizeof name), where, layout, row);
	if (sh->map == NULL || (sheet = row != NULL ? row : layout) == NULL)
		return EB_OK;
	if (col->map != NULL)
		map = given(col->map->at.f[EB_F_RELEASE]);
	if (map == NULL && mr != NULL)
		map = given(mr->f[EB_F_RELEASE]);
	if (map == NULL)
		map = given(sh->map->all.f[EB_F_RELEASE]);
	if (map != NULL && !same_release(map, sheet))
		return eb_err_set(sh->p->err, EB_ERR_DATA, loc_at(sh, r->num, c),
		    "'%s' in %s: the --map file gives the release %s, but the sheet says %s "
		    "(%s); a map names what the sheet leaves unsaid, so that two releases "
		    "never become repetitions of one", shown,
		    eb_sheet_colname(sh, c, name, sizeof name), map, sheet,
		    row != NULL ? "a column of its row" : where);
	return EB_OK;
}

/* The same of a configuration: "No AES-NI" over a column, or in its
 * header's brackets, and a Config cell or the map saying "default" or
 * another config; the later won in silence and the no-AES-NI figures were
 * pooled with the default ones (audit 22 H06). */
static enum eb_status
config_agrees(struct sheet *sh, const struct row *r, size_t c, const char *shown,
    const struct column *col, const struct eb_sheet_attrs *ra, const struct eb_sheet_attrs *mr)
{
	const char *layout = given(col->at.f[EB_F_CONFIG]), *row = given(ra->f[EB_F_CONFIG]);
	const char *map = NULL;
	char name[96];

	if (layout != NULL && row != NULL && strcmp(layout, row) != 0)
		return eb_err_set(sh->p->err, EB_ERR_DATA, loc_at(sh, r->num, c),
		    "'%s' in %s: its header or group row says the config is %s, but a column of "
		    "its row says %s; say it once, or the same in both", shown,
		    eb_sheet_colname(sh, c, name, sizeof name), layout, row);
	if (sh->map == NULL || (layout = row != NULL ? row : layout) == NULL)
		return EB_OK;
	if (col->map != NULL)
		map = given(col->map->at.f[EB_F_CONFIG]);
	if (map == NULL && mr != NULL)
		map = given(mr->f[EB_F_CONFIG]);
	if (map == NULL)
		map = given(sh->map->all.f[EB_F_CONFIG]);
	if (map != NULL && strcmp(map, layout) != 0)
		return eb_err_set(sh->p->err, EB_ERR_DATA, loc_at(sh, r->num, c),
		    "'%s' in %s: the --map file gives the config %s, but the sheet says %s; a "
		    "map names what the sheet leaves unsaid, so that two configs never become "
		    "repetitions of one", shown, eb_sheet_colname(sh, c, name, sizeof name), map,
		    layout);
	return EB_OK;
}


static enum eb_status
value_cell(struct sheet *sh, const struct row *r, size_t c,
    const struct eb_sheet_attrs *ra, const struct eb_sheet_attrs *mr, const struct key_from *from)
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
	enum eb_status st;

	eb_sheet_cell_parse(s, strlen(s), &v);
	if (v.kind == EB_SC_EMPTY)
		return EB_OK;
	if (sh->pass == 0) {
		if (v.kind == EB_SC_NUMBER && v.num.decimal != 0)
			sh->votes[v.num.decimal == ','] += 1;
		if (v.kind == EB_SC_NUMBER && v.num.amb_sep != 0)
			sh->namb++;
		return EB_OK;
	}
	eb_sheet_squeeze(s, shown, sizeof shown);
	/* Only spreadsheet errors and the markers people type for "no value"
	 * stand for no number. Any other text in a measurement's cell ("300
	 * foo", "1_000", "~900", "<1", "(900)", "$900", "=A2*2", "TRUE",
	 * digits of another script) is a measurement encbench cannot read, or
	 * one that is not the value: skipping it would lose a run with exit 0
	 * and narrow the interval without a word (audits A6, C12). */
	if (v.kind == EB_SC_TEXT)
		return eb_err_set(sh->p->err, EB_ERR_DATA, loc_at(sh, r->num, c),
		    "'%s' in %s %s", shown, eb_sheet_colname(sh, c, name, sizeof name),
		    v.bad_unit ? "has a unit encbench does not know" :
		    "is not a number encbench reads; a cell with no value is left empty "
		    "or holds a marker such as N/A or -");
	/* A cell that proves the other decimal separator than the sheet's
	 * ("1,100.5" where "1.234,5" and ';' chose ','), in a sheet of cells
	 * such as "2,000" that either reads: those are then read a thousand
	 * times off or not. Without such cells every number is certain. */
	if (v.kind == EB_SC_NUMBER && v.num.decimal != 0 && v.num.decimal != sh->decimal &&
	    sh->namb > 0 && (sh->map == NULL || sh->map->decimal == 0))
		return eb_err_set(sh->p->err, EB_ERR_DATA, loc_at(sh, r->num, c),
		    "'%s' in %s has '%c' as its decimal separator, but the sheet reads "
		    "'%c' (%s) in cells like 1,234; set \"decimal\" in a --map file", shown,
		    eb_sheet_colname(sh, c, name, sizeof name), v.num.decimal, sh->decimal,
		    eb_sheet_decimal_why(sh));
	if (v.kind == EB_SC_MARKER) {
		eb_diag(sh->p->diag, EB_WARNING, loc_at(sh, r->num, c),
		    "'%s' in %s is a spreadsheet error or empty marker; skipped",
		    shown, eb_sheet_colname(sh, c, name, sizeof name));
		return EB_OK;
	}
	/* A negative measurement is a damaged or hand-edited cell, or a
	 * computed difference under a measurement's header: no record can
	 * stand for it, and skipping it would drop a run silently. "-0" too. */
	if (v.num.negative)
		return eb_err_set(sh->p->err, EB_ERR_DATA, loc_at(sh, r->num, c),
		    "'%s' in %s is negative, which no measurement is", shown,
		    eb_sheet_colname(sh, c, name, sizeof name));
	/* Later sources win: what the layout says, then the map, then a unit
	 * written in the cell itself. */
	if ((st = eb_sheet_row_contradicts(sh, r, c, shown, &col->at, ra, from)) != EB_OK)
		return st;
	/* "FIO Rand Read QD4" on a row whose QD column says 1: one of them
	 * is wrong, and either reading makes another test. */
	if (col->at.load[0] != '\0' && ra->load[0] != '\0' && strcmp(col->at.load, ra->load) != 0)
		return eb_err_set(sh->p->err, EB_ERR_DATA, loc_at(sh, r->num, c),
		    "%s names the load %s, but the row's load columns give %s; name it in "
		    "one place", eb_sheet_colname(sh, c, name, sizeof name), col->at.load,
		    ra->load);
	if ((st = release_agrees(sh, r, c, shown, col, ra, mr)) != EB_OK ||
	    (st = config_agrees(sh, r, c, shown, col, ra, mr)) != EB_OK)
		return st;
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
	/* A Release cell's 23.1 under a group row's Ubuntu 23.10 is 23.10. */
	if (given(a.f[EB_F_RELEASE]) != NULL && given(col->at.f[EB_F_RELEASE]) != NULL &&
	    strlen(col->at.f[EB_F_RELEASE]) > strlen(a.f[EB_F_RELEASE]) &&
	    same_release(col->at.f[EB_F_RELEASE], a.f[EB_F_RELEASE]))
		a.f[EB_F_RELEASE] = col->at.f[EB_F_RELEASE];
	if (sh->row_config != NULL && (st = row_config(sh, r, &a)) != EB_OK)
		return st;
	/* A cell's own unit may rescale its column's ("1.2 GB/s" under
	 * "(MB/s)"), never change what it measures: "100%" under a bandwidth
	 * is a CPU figure pasted into the wrong column, or a typo. */
	if (v.has_unit && a.unit.kind != EB_SK_NONE && v.unit.kind != a.unit.kind)
		return eb_err_set(sh->p->err, EB_ERR_DATA, loc_at(sh, r->num, c),
		    "'%s' in %s is %s, but the column holds %s", shown,
		    eb_sheet_colname(sh, c, name, sizeof name), eb_sheet_kind_phrase(v.unit.kind),
		    eb_sheet_kind_phrase(a.unit.kind));
	/* "90%" under "Write" is a share of another figure, not CPU use. */
	if (v.has_unit && v.unit.kind == EB_SK_PCT && !a.cpu && a.f[EB_F_METRIC] == NULL)
		return eb_err_set(sh->p->err, EB_ERR_DATA, loc_at(sh, r->num, c),
		    "'%s' in %s is a percentage, but nothing names it CPU use (a header "
		    "\"CPU %%\", a metric column or a --map file); a share of another "
		    "figure is for encbench to compute", shown,
		    eb_sheet_colname(sh, c, name, sizeof name));
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
		    eb_sheet_colname(sh, c, name, sizeof name));
	/* "Write latency" read with --unit MB/s, or a "CPU" column with cells
	 * of "5 MB/s", would give a record of another metric than its header
	 * names: a silent wrong number. */
	if (a.f[EB_F_METRIC] == NULL && a.named != EB_SK_NONE && u.kind != a.named &&
	    !(a.named == EB_SK_IOPS && u.kind == EB_SK_OPS))
		return eb_err_set(sh->p->err, EB_ERR_DATA, loc_at(sh, r->num, c),
		    "'%s' in %s would be %s (by %s), but the header names %s; give the "
		    "column a unit of that kind (in its header, its cells, --unit or a --map file)", shown,
		    eb_sheet_colname(sh, c, name, sizeof name), eb_sheet_kind_phrase(u.kind),
		    v.has_unit ? "the unit of the cell" : a.unit.kind != EB_SK_NONE ?
		    "the unit of the header" : "--unit", a.named == EB_SK_PCT ? "CPU use" :
		    eb_sheet_kind_phrase(a.named));
	/* "Read Q99" whose unit, from a units row, a Unit column, a cell or
	 * --unit, makes it a latency: a queue depth or the 99th percentile,
	 * either reading a wrong record (audit 17 P3). */
	if (a.q_quantile && a.f[EB_F_METRIC] == NULL && u.kind == EB_SK_TIME)
		return eb_err_set(sh->p->err, EB_ERR_DATA, loc_at(sh, r->num, c),
		    "'%s' in %s is a latency of a test its header or Test cell names by "
		    "'Q' and a percentile's number: a queue depth or that percentile? write "
		    "QD or p (QD99, p99)", shown, eb_sheet_colname(sh, c, name, sizeof name));
	if (v.num.amb_sep != 0)
		sh->ambiguous = 1;
	if (!eb_sheet_value(&v.num, sh->decimal, &u, &value))
		return eb_err_set(sh->p->err, EB_ERR_DATA, loc_at(sh, r->num, c),
		    "'%s' in %s is too large for a number", shown,
		    eb_sheet_colname(sh, c, name, sizeof name));
	metric = a.f[EB_F_METRIC] != NULL ? a.f[EB_F_METRIC] : eb_sheet_metric(&a, &u);
	/* A test that ran moved bytes and took time: a throughput, rate or
	 * latency of 0 is the placeholder of a run that did not happen, and
	 * read as one it turns a cost into "no measurable overhead" (audit
	 * E23). CPU use may be 0. */
	if (metric != NULL && value == 0 && strncmp(metric, "cpu", 3) != 0)
		return eb_err_set(sh->p->err, EB_ERR_DATA, loc_at(sh, r->num, c),
		    "'%s' in %s is 0, which no run of a test measures; leave the cell "
		    "empty (or N/A) for a run that did not happen", shown,
		    eb_sheet_colname(sh, c, name, sizeof name));
	if (metric == NULL) {
		if (!col->noted) {
			col->noted = 1;
			eb_diag(sh->p->diag, EB_NOTE, loc_at(sh, r->num, c),
			    "%s holds the best or worst of several runs, not a run; skipped",
			    eb_sheet_colname(sh, c, name, sizeof name));
		}
		return EB_OK;
	}
	eb_record_init(sh->p->t, &rec);
	for (int f = 0; f < EB_NFIELDS; f++)
		if (a.f[f] != NULL)
			rec.f[f] = intern(sh, a.f[f]);
	tool = a.f[EB_F_TOOL] != NULL && *a.f[EB_F_TOOL] != '\0' ? a.f[EB_F_TOOL] : "sheet";
	rec.f[EB_F_TOOL] = intern(sh, tool);
	/* A load the header names ("QD32") makes the job another test. */
	if ((a.f[EB_F_JOB] == NULL || *a.f[EB_F_JOB] == '\0') && a.load[0] != '\0') {
		rec.f[EB_F_JOB] = intern(sh, a.load);
	} else if (a.f[EB_F_JOB] == NULL || *a.f[EB_F_JOB] == '\0') {
		rec.f[EB_F_JOB] = rec.f[EB_F_TOOL];
	} else if (a.load[0] != '\0' && strstr(a.f[EB_F_JOB], a.load) == NULL) {
		/* A job column's "randread" under "IOPS QD1" and "IOPS QD32". */
		char job[EB_MODE_MAX + sizeof a.load];

		snprintf(job, sizeof job, "%s-%s", a.f[EB_F_JOB], a.load);
		rec.f[EB_F_JOB] = intern(sh, job);
	}
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

/* Whether a row repeats its table's header cell for cell, as sheets
 * pasted one below the other do: a header, not a row of values. */
static int
repeats_header(const struct sheet *sh, const struct row *r)
{
	size_t same = 0;

	for (size_t c = 0; c < sh->tw; c++) {
		const char *head = sh->cols[c].text != NULL ? sh->cols[c].text : "";
		char a[96], b[96];

		eb_sheet_fold(cell(sh, r, c), a, sizeof a);
		eb_sheet_fold(head, b, sizeof b);
		if (strcmp(a, b) != 0)
			return 0;
		same += a[0] != '\0';
	}
	return same >= 2;
}

/* Whether two cells of column c say one thing: as written, as one number
 * ("1,500" and 1500, 400 and 400.0), or as one mode (None and none). */
static int
same_cell(const struct sheet *sh, size_t c, const char *x, const char *y)
{
	struct eb_sheet_cell a, b;
	struct eb_mode_label ma, mb;
	double va, vb;

	x = x != NULL ? x : "";
	y = y != NULL ? y : "";
	if (strcmp(x, y) == 0)
		return 1;
	eb_sheet_cell_parse(x, strlen(x), &a);
	eb_sheet_cell_parse(y, strlen(y), &b);
	/* A number without a unit is in its column's ("500" under "(MB/s)"
	 * is "500 MB/s", audit 23 I02). */
	if (a.kind == EB_SC_NUMBER && b.kind == EB_SC_NUMBER) {
		const struct eb_sheet_unit *col = sh->cols[c].at.unit.kind != EB_SK_NONE ?
		    &sh->cols[c].at.unit : NULL;
		const struct eb_sheet_unit *ua = a.has_unit ? &a.unit : col;
		const struct eb_sheet_unit *ub = b.has_unit ? &b.unit : col;

		return (ua == NULL) == (ub == NULL) && (ua == NULL || ua->kind == ub->kind) &&
		    eb_sheet_value(&a.num, sh->decimal, ua, &va) &&
		    eb_sheet_value(&b.num, sh->decimal, ub, &vb) && va == vb;
	}
	return (long)c == sh->modecol && eb_mode_read(x, &ma) == EB_MODE_KNOWN &&
	    eb_mode_read(y, &mb) == EB_MODE_KNOWN && strcmp(ma.mode, mb.mode) == 0 &&
	    strcmp(ma.config, mb.config) == 0;
}

static int
same_row(const struct sheet *sh, const struct row *a, const struct row *b, size_t *cells)
{
	for (size_t c = 0; c < sh->tw; c++) {
		const char *x = cell(sh, a, c), *y = cell(sh, b, c);

		if (!same_cell(sh, c, x, y))
			return 0;
		*cells += !empty(x);
	}
	return 1;
}

/* The current table's units row, or NULL. */
static const struct row *
units_row(const struct sheet *sh)
{
	size_t h;

	if (sh->ntables == 0)
		return NULL;
	h = sh->tables[sh->ntables - 1].row;
	return h + 1 < sh->nrows && sh->rows[h + 1].kind == R_UNITS ? &sh->rows[h + 1] : NULL;
}

/* A row that repeats the header, or below such a row the units row. */
static int
repeats_head(const struct sheet *sh, const struct row *r)
{
	const struct row *u = units_row(sh);
	size_t cells = 0;

	return repeats_header(sh, r) || (u != NULL && r > sh->rows &&
	    repeats_header(sh, r - 1) && same_row(sh, r, u, &cells));
}

/* Whether row k holds values: no header, empty, group or units row, and
 * none that repeats the header. */
static int
value_row(const struct sheet *sh, size_t k)
{
	return sh->rows[k].kind == R_OTHER && !repeats_head(sh, &sh->rows[k]);
}

/* A repeated header whose rows below give, cell for cell, the rows
 * between the header and it (or the rows above give all below it): one
 * table pasted twice, in any order, a row added or changed or not, whose
 * runs would count twice (audit 20 F10, audit 21 G04). Runs pasted one
 * below the other differ in some figure. */
static enum eb_status
pasted_twice(struct sheet *sh, const struct row *r)
{
	size_t at = (size_t)(r - sh->rows), start = at, from = at + 1, end, matched = 0, cells = 0;
	unsigned char *used;

	while (start > 0 && value_row(sh, start - 1))
		start--;
	while (from < sh->nrows && sh->rows[from].kind == R_OTHER && !value_row(sh, from))
		from++;
	for (end = from; end < sh->nrows && value_row(sh, end); end++)
		;
	if (start == at || from == end)
		return EB_OK;
	used = eb_xcalloc(at - start, 1);
	for (size_t k = from; k < end; k++)
		for (size_t i = start; i < at; i++) {
			size_t c = 0;

			if (!used[i - start] && same_row(sh, &sh->rows[i], &sh->rows[k], &c)) {
				used[i - start] = 1;
				matched++;
				cells += c;
				break;
			}
		}
	free(used);
	/* Two rows again, each with two figures or more alike, are no runs
	 * that measured alike but a copy, edited or not; rows of one figure
	 * are, where one block holds the other. */
	if (matched < 2 || (matched != at - start && matched != end - from &&
	    cells < 3 * matched) || cells < 2 * matched)
		return EB_OK;
	return eb_err_set(sh->p->err, EB_ERR_DATA, loc_at(sh, sh->rows[from].num, 0),
	    "%zu of rows %ld to %ld repeat rows %ld to %ld value for value, below a repeat of "
	    "the header: the table pasted twice, whose runs would count twice; keep one "
	    "copy, or add a Run column if they are runs that measured alike", matched,
	    sh->rows[from].num, sh->rows[end - 1].num, sh->rows[start].num,
	    sh->rows[at - 1].num);
}

static enum eb_status
data_row(struct sheet *sh, const struct row *r)
{
	struct eb_sheet_attrs ra, mr, kw;
	struct key_from from;
	const char *modetext = NULL;
	int usable = 1, fresh = 0, got;
	char name[96];
	enum eb_status st;

	if (sh->skip_table)
		return EB_OK;
	if (repeats_header(sh, r)) {
		if (sh->pass == 1 && (st = pasted_twice(sh, r)) != EB_OK)
			return st;
		if (sh->pass == 1)
			eb_diag(sh->p->diag, EB_NOTE, loc_at(sh, r->num, 0),
			    "this row repeats the header; skipped");
		return EB_OK;
	}
	if (repeats_head(sh, r)) {
		if (sh->pass == 1)
			eb_diag(sh->p->diag, EB_NOTE, loc_at(sh, r->num, 0),
			    "this row repeats the units row; skipped");
		return EB_OK;
	}
	memset(&ra, 0, sizeof ra);
	memset(&mr, 0, sizeof mr);
	memset(&from, 0, sizeof from);
	sh->row_config = NULL;
	if (sh->modecol >= 0) {
		modetext = cell(sh, r, (size_t)sh->modecol);
		struct eb_mode_label m;

		/* "GCM overhead" is no mode, though it names one; nor is the
		 * ratio "GCM/none" (D3). */
		if (!empty(modetext) && (eb_sheet_is_derived(modetext) || eb_sheet_ratio_label(modetext)) &&
		    eb_mode_read(modetext, &m) != EB_MODE_KNOWN && !eb_sheet_is_summary(modetext)) {
			if (sh->pass == 1) {
				eb_sheet_squeeze(modetext, name, 48);
				eb_diag(sh->p->diag, EB_NOTE, loc_at(sh, r->num, (size_t)sh->modecol),
				    "'%s' is computed from other rows (an overhead, ratio or "
				    "difference), not a mode; skipped, encbench computes these "
				    "itself", name);
			}
			return EB_OK;
		}
		/* "None (mean of 2)" summarises the None rows (D3). */
		if (!empty(modetext) && eb_mode_read(modetext, &m) != EB_MODE_KNOWN &&
		    eb_sheet_summary_word(modetext)) {
			if (sh->pass == 1) {
				eb_sheet_squeeze(modetext, name, 48);
				eb_diag(sh->p->diag, EB_NOTE, loc_at(sh, r->num, (size_t)sh->modecol),
				    "'%s' summarises other rows; skipped", name);
			}
			return EB_OK;
		}
	}
	/* A summary row: its mode, run or other label cell says Average,
	 * Median, Total, Ø ... */
	for (size_t k = 0; k < sh->nkeys; k++) {
		size_t c = sh->keys[k];
		const char *s = cell(sh, r, c);

		if (empty(s) || (!eb_sheet_is_summary(s) &&
		    !(sh->cols[c].head.key == EB_SH_REP && eb_sheet_is_rep_summary(s))))
			continue;
		if (sh->pass == 1) {
			eb_sheet_squeeze(s, name, 48);
			eb_diag(sh->p->diag, EB_NOTE, loc_at(sh, r->num, c),
			    "'%s' summarises other rows; skipped", name);
		}
		return EB_OK;
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
		/* Load columns add up to one load: QD 32 and Threads 4 are
		 * qd32-t4. */
		if (col->head.key == EB_SH_LOAD) {
			if (eb_sheet_load_cell(sh, r, c, s, &ra) < 0)
				return EB_ERR_DATA;
			continue;
		}
		memset(&kw, 0, sizeof kw);
		if ((got = key_cell(sh, r, c, s, &kw)) < 0 ||
		    eb_sheet_key_agrees(sh, r, c, &ra, &kw, &from) != EB_OK)
			return EB_ERR_DATA;
		eb_sheet_attrs_merge(&ra, &kw);
		usable &= got;
	}
	if (!usable)
		return EB_OK;
	for (size_t i = 0; sh->map != NULL && i < sh->map->nrows; i++) {
		const struct eb_sheet_map_rows *m = &sh->map->rows[i];

		if (r->num >= m->from && (m->to == 0 || r->num <= m->to))
			eb_sheet_attrs_merge(&mr, &m->at);
	}
	/* A number right of the header is a measurement no header names (a
	 * third run, or a label's unquoted comma): skipping it with a note
	 * turned three runs into one with exit 0 (D4). Told first, as it is
	 * why the cells left of it are shifted ("AES-256-GCM (2 cores, no
	 * AES-NI)" puts "no AES-NI)" under the first measurement). */
	for (size_t c = sh->tw; sh->pass == 1 && c < r->n; c++) {
		char last[96], here[96], shown[48];

		if (cellkind(cell(sh, r, c)) != EB_SC_NUMBER)
			continue;
		eb_sheet_squeeze(cell(sh, r, c), shown, sizeof shown);
		return eb_err_set(sh->p->err, EB_ERR_DATA, loc_at(sh, r->num, c),
		    "'%s' in %s is right of the header's last column, %s, so no "
		    "header names it; give its column a header, or quote a label "
		    "that holds a comma", shown, eb_sheet_colname(sh, c, here, sizeof here),
		    eb_sheet_colname(sh, sh->tw - 1, last, sizeof last));
	}
	for (size_t c = 0; c < r->n && c < sh->tw; c++) {
		struct column *col = &sh->cols[c];

		if (col->head.key == EB_SH_VALUE && !col->head.derived) {
			if ((st = value_cell(sh, r, c, &ra, &mr, &from)) != EB_OK)
				return st;
		} else if (col->head.key == EB_SH_NONE && (int)c != sh->modecol &&
		    sh->pass == 1 && !col->noted && cellkind(cell(sh, r, c)) == EB_SC_NUMBER) {
			col->noted = 1;
			eb_diag(sh->p->diag, EB_NOTE, loc_at(sh, r->num, c),
			    "%s holds numbers, but its header names no measurement; "
			    "skipped (describe it in a --map file to import it)",
			    eb_sheet_colname(sh, c, name, sizeof name));
		}
	}
	return EB_OK;
}

enum eb_status
eb_sheet_walk(struct sheet *sh)
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
	sh->section_titled = 0;
	sh->derived_title = sh->skip_table = 0;
	sh->ntables = 0;
	for (size_t i = 0; i < sh->nrows; i++) {
		const struct row *r = &sh->rows[i];

		switch (r->kind) {
		case R_EMPTY:
		case R_GROUP:
		case R_UNITS:
			continue;
		case R_HEADER:
			eb_sheet_set_header(sh, i);
			if ((st = eb_sheet_repeated_key(sh, r)) != EB_OK ||
			    (st = eb_sheet_units_row(sh, i)) != EB_OK)
				return st;
			eb_sheet_table_begins(sh, i);
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
	return sh->pass == 1 ? eb_sheet_tables_pooled(sh) : EB_OK;
}
