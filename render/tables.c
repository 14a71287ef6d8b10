/* tables.c - the markdown tables of the analysis commands and the report:
 * absolute results, overhead, release diffs and trends. */
#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "render.h"

/* A label in the text around a table, escaped as the cells are: a host
 * named "<img src=x onerror=...>" stays text (found by an outside audit). */
static void
put_label(FILE *fp, const char *s)
{
	char *e = eb_md_escape(s);

	fputs(e, fp);
	free(e);
}

void
eb_value_text(char *buf, size_t n, const struct eb_record *key, double v, int iec)
{
	struct eb_display d;
	char num[32];

	eb_display_unit(key->f[EB_F_METRIC], key->f[EB_F_UNIT], v, iec, &d);
	eb_format_display(num, sizeof num, v / d.div);
	snprintf(buf, n, "%s %s", num, d.label);
}

/* ---- report order */

/* Rows of stride bytes, each holding a group pointer at offset. */
struct row_keys {
	const void *rows;
	size_t stride;
	size_t offset;
};

static const struct eb_record *
row_key(const struct row_keys *k, size_t i)
{
	const char *row = (const char *)k->rows + i * k->stride;
	const struct eb_group *g;

	memcpy(&g, row + k->offset, sizeof g);
	return g->key;
}

static int
cmp_order(const void *a, const void *b, void *keys)
{
	return eb_record_report_cmp(row_key(keys, *(const size_t *)a), row_key(keys, *(const size_t *)b));
}

static size_t *
order_of(const void *rows, size_t n, size_t stride, size_t offset)
{
	struct row_keys k = { rows, stride, offset };
	size_t *order = eb_xmalloc((n ? n : 1) * sizeof *order);

	for (size_t i = 0; i < n; i++)
		order[i] = i;
	qsort_r(order, n, sizeof *order, cmp_order, &k);
	return order;
}

size_t *
eb_overhead_order(const struct eb_overhead *rows, size_t n)
{
	return order_of(rows, n, sizeof *rows, offsetof(struct eb_overhead, g));
}

size_t *
eb_diff_order(const struct eb_diff *rows, size_t n)
{
	return order_of(rows, n, sizeof *rows, offsetof(struct eb_diff, a));
}

/* ---- absolute results */

#define COLUMN_IGNORE (EB_FIELD_BIT(EB_F_MODE) | EB_FIELD_BIT(EB_F_CONFIG) | \
	EB_FIELD_BIT(EB_F_HOST) | EB_FIELD_BIT(EB_F_RELEASE))

static int
same_row(const struct eb_record *a, const struct eb_record *b)
{
	return a->f[EB_F_MODE] == b->f[EB_F_MODE] && a->f[EB_F_CONFIG] == b->f[EB_F_CONFIG] &&
	    a->f[EB_F_HOST] == b->f[EB_F_HOST];
}

static int
cmp_cols(const void *a, const void *b)
{
	return eb_record_report_cmp((*(const struct eb_group *const *)a)->key,
	    (*(const struct eb_group *const *)b)->key);
}

static int
cmp_rows(const void *a, const void *b)
{
	const struct eb_record *x = (*(const struct eb_group *const *)a)->key;
	const struct eb_record *y = (*(const struct eb_group *const *)b)->key;
	int c = eb_mode_cmp(x->f[EB_F_MODE], y->f[EB_F_MODE]);

	if (c == 0)
		c = strcmp(x->f[EB_F_CONFIG], y->f[EB_F_CONFIG]);
	return c ? c : strcmp(x->f[EB_F_HOST], y->f[EB_F_HOST]);
}

void
eb_grid_build(struct eb_grid *w, const struct eb_groups *gs, const char *release)
{
	size_t capc = 0, capr = 0;
	const struct eb_group *first = NULL;

	memset(w, 0, sizeof *w);
	w->gs = gs;
	for (size_t i = 0; i < gs->n; i++) {
		const struct eb_group *g = &gs->g[i];
		size_t j;

		if (release != NULL && strcmp(g->key->f[EB_F_RELEASE], release) != 0)
			continue;
		if (first == NULL)
			first = g;
		for (j = 0; j < w->ncols && !eb_record_key_equal(w->cols[j]->key, g->key,
		    COLUMN_IGNORE); j++)
			;
		if (j == w->ncols) {
			eb_xgrow(&w->cols, &capc, w->ncols + 1, sizeof *w->cols);
			w->cols[w->ncols++] = g;
		}
		for (j = 0; j < w->nrows && !same_row(w->rows[j]->key, g->key); j++)
			;
		if (j == w->nrows) {
			eb_xgrow(&w->rows, &capr, w->nrows + 1, sizeof *w->rows);
			w->rows[w->nrows++] = g;
		}
		if (g->key->f[EB_F_CONFIG] != first->key->f[EB_F_CONFIG])
			w->show_config = 1;
		if (g->key->f[EB_F_HOST] != first->key->f[EB_F_HOST])
			w->show_host = 1;
	}
	qsort((void *)w->cols, w->ncols, sizeof *w->cols, cmp_cols);
	qsort((void *)w->rows, w->nrows, sizeof *w->rows, cmp_rows);
}

const struct eb_group *
eb_grid_cell(const struct eb_grid *w, size_t r, size_t c)
{
	const struct eb_record *rk = w->rows[r]->key, *ck = w->cols[c]->key;

	for (size_t i = 0; i < w->gs->n; i++) {
		const struct eb_group *g = &w->gs->g[i];

		if (g->key->f[EB_F_RELEASE] == ck->f[EB_F_RELEASE] && same_row(g->key, rk) &&
		    eb_record_key_equal(g->key, ck, COLUMN_IGNORE))
			return g;
	}
	return NULL;
}

void
eb_grid_free(struct eb_grid *w)
{
	free((void *)w->cols);
	free((void *)w->rows);
	memset(w, 0, sizeof *w);
}

void
eb_md_absolute(FILE *fp, const struct eb_grid *w, const char *release, int iec)
{
	size_t nc = w->ncols + 1;
	struct eb_display *units = eb_xcalloc(nc, sizeof *units);
	const char **cells = eb_xcalloc(nc, sizeof *cells);
	char **owned = eb_xcalloc(nc, sizeof *owned);
	struct eb_md md;
	int unbounded = 0;

	const struct eb_record **keys = eb_xcalloc(w->ncols + 1, sizeof *keys);
	void (*label_of)(const struct eb_record *, char *, size_t);

	for (size_t c = 0; c < w->ncols; c++)
		keys[c] = w->cols[c]->key;
	label_of = eb_labels_need_jobs(keys, w->ncols) ? eb_case_label_with_job : eb_case_label;
	free((void *)keys);
	eb_md_init(&md, nc);
	cells[0] = "mode";
	for (size_t c = 0; c < w->ncols; c++) {
		const struct eb_record *k = w->cols[c]->key;
		double top = 0;
		char label[160];

		for (size_t r = 0; r < w->nrows; r++) {
			const struct eb_group *g = eb_grid_cell(w, r, c);

			if (g != NULL && fabs(g->s.mean) > top)
				top = fabs(g->s.mean);
		}
		eb_display_unit(k->f[EB_F_METRIC], k->f[EB_F_UNIT], top, iec, &units[c]);
		label_of(k, label, sizeof label);
		if (strcmp(k->f[EB_F_METRIC], "bw") == 0)
			owned[c + 1] = eb_xasprintf("%s (%s)", label, units[c].label);
		else
			owned[c + 1] = eb_xasprintf("%s %s (%s)", label,
			    eb_metric_words(k->f[EB_F_METRIC]), units[c].label);
		cells[c + 1] = owned[c + 1];
		md.align[c + 1] = 'r';
	}
	eb_md_rowv(&md, cells);
	for (size_t r = 0; r < w->nrows; r++) {
		const struct eb_record *k = w->rows[r]->key;

		for (size_t c = 0; c < nc; c++) {
			free(owned[c]);
			owned[c] = NULL;
		}
		owned[0] = eb_xasprintf("%s%s%s%s%s%s", k->f[EB_F_MODE],
		    w->show_config ? " (" : "",
		    w->show_config ? eb_config_words(k->f[EB_F_CONFIG]) : "",
		    w->show_config ? ")" : "", w->show_host ? " @ " : "",
		    w->show_host ? k->f[EB_F_HOST] : "");
		cells[0] = owned[0];
		for (size_t c = 0; c < w->ncols; c++) {
			const struct eb_group *g = eb_grid_cell(w, r, c);
			char cell[96];

			if (g == NULL) {
				cells[c + 1] = "";
				continue;
			}
			if (g->s.n > 1 && !isnan(g->s.ci_high)) {
				eb_format_mean_half(cell, sizeof cell, g->s.mean / units[c].div,
				    g->s.sd == 0 ? 0 : (g->s.ci_high - g->s.mean) / units[c].div);
				owned[c + 1] = eb_xstrdup(cell);
			} else {
				/* A mean without its interval says why it has
				 * none, as the report's glance table does. */
				eb_format_display(cell, sizeof cell, g->s.mean / units[c].div);
				owned[c + 1] = eb_xasprintf("%s (n=%zu)", cell, g->s.n);
				unbounded = 1;
			}
			cells[c + 1] = owned[c + 1];
		}
		eb_md_rowv(&md, cells);
	}
	fputs("Release ", fp);
	put_label(fp, release != NULL && *release ? release : "(none)");
	fputs(": mean of the runs ± half-width of the 95 % confidence interval", fp);
	fputs(unbounded ? "; a mean with no interval says how many runs it has: (n=1) is a single run.\n\n" : ".\n\n", fp);
	eb_md_write(&md, fp);
	for (size_t c = 0; c < nc; c++)
		free(owned[c]);
	free(owned);
	free((void *)cells);
	free(units);
	eb_md_free(&md);
}

/* ---- overhead */

/* What "Holm-adjusted" means beside an interval, for the captions. */
#define HOLM_LEVELS " (the test with the k-th smallest p of m at the level " \
	"1 - alpha / (m - k + 1), and from the first test Holm keeps on at that " \
	"one's level, so that an interval excludes no difference exactly when Holm's " \
	"test rejects)"

/* Whether a column of the rows' keys holds more than one value: one that
 * does not says nothing row by row, and the caption names it instead. */
static int
varies(const struct eb_overhead *rows, size_t n, int field)
{
	for (size_t i = 1; i < n; i++)
		if (rows[i].g->key->f[field] != rows[0].g->key->f[field])
			return 1;
	return 0;
}

void
eb_md_overhead(FILE *fp, const struct eb_overhead *rows, size_t n, int iec)
{
	static const int key_fields[3] = { EB_F_RELEASE, EB_F_CONFIG, EB_F_HOST };
	static const char *const key_names[3] = { "release", "config", "host" };
	size_t *order = eb_overhead_order(rows, n);
	int show[3];
	size_t ncols = 8;
	const char *head[11];
	char align[12];
	struct eb_md md;
	size_t k = 0;
	const struct eb_record **keys = eb_xcalloc(n + 1, sizeof *keys);
	void (*label_of)(const struct eb_record *, char *, size_t);

	for (size_t i = 0; i < n; i++)
		keys[i] = rows[i].g->key;
	label_of = eb_labels_need_jobs(keys, n) ? eb_case_label_with_job : eb_case_label;
	free((void *)keys);
	for (int i = 0; i < 3; i++) {
		show[i] = varies(rows, n, key_fields[i]);
		ncols += (size_t)show[i];
	}
	for (int i = 0; i < 3; i++)
		if (show[i]) {
			align[k] = 'l';
			head[k++] = key_names[i];
		}
	/* One table is one family: Holm over the rows it shows, whoever
	 * computed them (the overhead command or the report), and each
	 * interval at its Holm step level, as the heading says. */
	struct eb_verdict *vs = eb_xmalloc((n ? n : 1) * sizeof *vs);
	struct eb_verdict **vp = eb_xmalloc((n ? n : 1) * sizeof *vp);
	const struct eb_record **ks = eb_xmalloc((n ? n : 1) * sizeof *ks);
	double alpha = n > 0 && rows[0].v.alpha > 0 ? rows[0].v.alpha : 0.05;
	int adjusted = 0;
	char level[48], ratio_head[64];

	for (size_t i = 0; i < n; i++) {
		vs[i] = rows[i].v;
		vp[i] = &vs[i];
		ks[i] = rows[i].g->key;
	}
	if (n > 0) {
		struct eb_verdict_opts vo = EB_VERDICT_OPTS_DEFAULT;

		vo.alpha = alpha;
		vo.adjust = rows[0].v.adjust;
		eb_verdict_adjust(vp, ks, n, &vo);
	}
	for (size_t i = 0; i < n; i++)
		adjusted |= eb_verdict_interval_adjusted(&vs[i]);
	eb_interval_level_text(alpha, adjusted, level, sizeof level);
	snprintf(ratio_head, sizeof ratio_head, "ratio (%s CI)", level);
	{
		const char *const rest[8] = { "test", "metric", "mode", "n", "mean",
			"baseline", ratio_head, "overhead" };

		for (int i = 0; i < 8; i++) {
			align[k] = i < 3 ? 'l' : 'r';
			head[k++] = rest[i];
		}
	}
	align[k] = '\0';
	eb_md_init(&md, ncols);
	eb_md_rowv(&md, head);
	for (size_t c = 0; c < ncols; c++)
		md.align[c] = align[c];
	for (size_t i = 0; i < n; i++) {
		const struct eb_overhead *r = &rows[order[i]];
		const struct eb_verdict *rv = &vs[order[i]];
		const struct eb_record *kr = r->g->key;
		char test[160], num[32], mean[48], base[48], ratio[160], pct[192];
		const char *cells[12];
		size_t c = 0;

		label_of(kr, test, sizeof test);
		snprintf(num, sizeof num, "%zu", r->g->s.n);
		eb_value_text(mean, sizeof mean, kr, r->g->s.mean, iec);
		eb_value_text(base, sizeof base, kr, r->base->s.mean, iec);
		{
			char rt[40], rl[40], rh[40];
			double lo, hi;

			eb_verdict_ratio_interval(rv, &lo, &hi);
			eb_ratio_text(r->ratio, rt, sizeof rt);
			eb_ratio_text(lo, rl, sizeof rl);
			eb_ratio_text(hi, rh, sizeof rh);
			if (rv->kind == EB_VERDICT_OUT_OF_RANGE)
				snprintf(ratio, sizeof ratio, "%s", isnan(r->ratio) ? "out of range" : rt);
			else if (rv->unbounded)
				snprintf(ratio, sizeof ratio, "%s (unbounded)", rt);
			else if (isnan(lo) && isnan(hi))
				snprintf(ratio, sizeof ratio, "%s", rt);
			else if (isnan(lo))
				snprintf(ratio, sizeof ratio, "%s (up to %s)", rt, rh);
			else if (isnan(hi))
				snprintf(ratio, sizeof ratio, "%s (%s or more)", rt, rl);
			else
				snprintf(ratio, sizeof ratio, "%s (%s–%s)", rt, rl, rh);
		}
		eb_verdict_phrase(rv, pct, sizeof pct);
		for (int f = 0; f < 3; f++)
			if (show[f])
				cells[c++] = kr->f[key_fields[f]];
		cells[c++] = test;
		cells[c++] = eb_metric_words(kr->f[EB_F_METRIC]);
		cells[c++] = kr->f[EB_F_MODE];
		cells[c++] = num;
		cells[c++] = mean;
		cells[c++] = base;
		cells[c++] = ratio;
		cells[c++] = pct;
		eb_md_rowv(&md, cells);
	}
	if (n > 0 && (!show[0] || !show[1] || !show[2])) {
		const struct eb_record *k0 = rows[0].g->key;
		int any = 0;

		for (int i = 0; i < 3; i++)
			if (!show[i] && *k0->f[key_fields[i]]) {
				fprintf(fp, "%s%s ", any ? ", " : "", key_names[i]);
				put_label(fp, k0->f[key_fields[i]]);
				any = 1;
			}
		if (any)
			fputs(":\n\n", fp);
	}
	eb_md_write(&md, fp);
	fprintf(fp, "\nratio < 1 means slower than the baseline (for latency and CPU, the "
	    "baseline's over the mode's), with Fieller's %s interval%s; a throughput "
	    "overhead is what the mode costs, a latency or CPU one its relative increase; "
	    "\"costs\" and \"faster\" need an interval that excludes no overhead and "
	    "%sp < %g.\n", level, adjusted ? HOLM_LEVELS : "",
	    n > 0 && vs[0].adjust == EB_ADJUST_HOLM ? "(with Holm over the table's tests) " : "", alpha);
	eb_md_free(&md);
	free(order);
	free(vs);
	free(vp);
	free(ks);
}

/* ---- release diffs */

static void
side_text(char *buf, size_t n, const struct eb_group *g, int median, int iec)
{
	char v[48];

	eb_value_text(v, sizeof v, g->key, median ? g->s.median : g->s.mean, iec);
	snprintf(buf, n, "%s (n=%zu)", v, g->s.n);
}

/* Whether the rows span more than one value of field (a host, or the
 * release of a config diff over several): then each row names its own,
 * since neither is ever pooled. */
static int
diff_field_varies(const struct eb_diff *rows, size_t n, int field)
{
	for (size_t i = 1; i < n; i++)
		if (strcmp(rows[i].a->key->f[field], rows[0].a->key->f[field]) != 0)
			return 1;
	return 0;
}

void
eb_md_diff(FILE *fp, const struct eb_diff *rows, size_t n, const char *from,
    const char *to, int median, int iec)
{
	size_t *order = eb_diff_order(rows, n);
	int hosts = diff_field_varies(rows, n, EB_F_HOST);
	int releases = diff_field_varies(rows, n, EB_F_RELEASE), holm = 0;
	static const char *const rest[] = { "config", "test", "metric", "mode" };
	const char *head[12];
	size_t nh = 0;
	struct eb_md md;
	double alpha = n > 0 ? rows[0].v.alpha : 0.05;
	int adjusted = 0;
	char level[48], change[64];
	const struct eb_record **keys = eb_xcalloc(n + 1, sizeof *keys);
	void (*label_of)(const struct eb_record *, char *, size_t);

	for (size_t i = 0; i < n; i++)
		keys[i] = rows[i].a->key;
	label_of = eb_labels_need_jobs(keys, n) ? eb_case_label_with_job : eb_case_label;
	free((void *)keys);
	for (size_t i = 0; i < n; i++)
		adjusted |= eb_verdict_interval_adjusted(&rows[i].v) ||
		    (rows[i].has_overhead && eb_verdict_interval_adjusted(&rows[i].oh));
	eb_interval_level_text(alpha, adjusted, level, sizeof level);
	snprintf(change, sizeof change, "change (%s CI)", level);
	if (releases)
		head[nh++] = "release";
	if (hosts)
		head[nh++] = "host";
	for (size_t c = 0; c < sizeof rest / sizeof rest[0]; c++)
		head[nh++] = rest[c];
	head[nh++] = from;
	head[nh++] = to;
	head[nh++] = change;
	head[nh++] = "p";
	head[nh++] = "verdict";
	head[nh++] = "overhead";
	eb_md_init(&md, nh);
	/* Labels and words left, figures right; the verdict is a word. */
	for (size_t c = 0; c < nh; c++)
		md.align[c] = c + 6 < nh || c + 2 == nh ? 'l' : 'r';
	eb_md_rowv(&md, head);
	for (size_t i = 0; i < n; i++) {
		const struct eb_diff *d = &rows[order[i]];
		const struct eb_record *k = d->a->key;
		char test[160], a[64], b[64], delta[96], p[24], oh[256], ohv[96];
		const char *cells[12];
		size_t c = 0;

		label_of(k, test, sizeof test);
		side_text(a, sizeof a, d->a, median, iec);
		side_text(b, sizeof b, d->b, median, iec);
		eb_verdict_interval_text(&d->v, delta, sizeof delta);
		eb_p_text(d->v.p_adj, d->v.alpha, p, sizeof p);
		holm |= d->v.adjust == EB_ADJUST_HOLM && d->v.family_size > 1;
		if (d->has_overhead) {
			char oh_from[48], oh_to[48];

			eb_verdict_interval_text(&d->oh, ohv, sizeof ohv);
			/* A throughput overhead is a cost, a speed-up "faster"; a
			 * latency or CPU one a signed relative increase. */
			int up = !eb_metric_higher_is_better(k->f[EB_F_METRIC]);

			eb_cost_text(d->overhead_from_pct, up, oh_from, sizeof oh_from);
			eb_cost_text(d->overhead_to_pct, up, oh_to, sizeof oh_to);
			/* A cost turned speed-up, or back, says which side is
			 * the cost: "costs 5.0 % → 5.0 % faster"; not where a
			 * release's own overhead has no bounds, for the data
			 * cannot tell that it costs (audit 16 M5). */
			if (!up && !d->oh.unbounded &&
			    (strstr(oh_from, "faster") != NULL) != (strstr(oh_to, "faster") != NULL)) {
				char *cost = strstr(oh_from, "faster") != NULL ? oh_to : oh_from;

				if (strcmp(cost, "0.0 %") != 0) {
					memmove(cost + 6, cost, strlen(cost) + 1);
					memcpy(cost, "costs ", 6);
				}
			}
			snprintf(oh, sizeof oh, "%s → %s: %s%s%s", oh_from, oh_to, ohv, eb_verdict_claims(&d->oh) ? ", " : "",
			    eb_verdict_claims(&d->oh) ? eb_verdict_word(&d->oh) : "");
		} else
			oh[0] = '\0';
		if (releases)
			cells[c++] = k->f[EB_F_RELEASE];
		if (hosts)
			cells[c++] = k->f[EB_F_HOST];
		cells[c++] = k->f[EB_F_CONFIG];
		cells[c++] = test;
		cells[c++] = eb_metric_words(k->f[EB_F_METRIC]);
		cells[c++] = k->f[EB_F_MODE];
		cells[c++] = a;
		cells[c++] = b;
		cells[c++] = delta;
		cells[c++] = p;
		cells[c++] = d->v.kind == EB_VERDICT_TOO_FEW_RUNS ? "too few runs for a rank test" :
		    eb_verdict_word(&d->v);
		cells[c++] = oh;
		eb_md_rowv(&md, cells);
	}
	eb_md_write(&md, fp);
	fprintf(fp, "\n%s of ", median ? "Hodges-Lehmann shifts of the log values, as "
	    "relative changes" : "Means");
	put_label(fp, to);
	fputs(" against ", fp);
	put_label(fp, from);
	/* A config diff of one release says which; a release diff's sides
	 * are its releases. */
	if (n > 0 && !releases && strcmp(rows[0].a->key->f[EB_F_RELEASE], from) != 0) {
		fputs(" in ", fp);
		put_label(fp, rows[0].a->key->f[EB_F_RELEASE]);
	}
	fprintf(fp, "; %s; p %s; %s intervals%s. A verdict needs p < %g and an interval that excludes no change; \"unchanged\" means the "
	    "interval lies within the equivalence margin. Overhead is what encryption costs "
	    "against the baseline in each, and its change in percentage points (interval by "
	    "the delta method on the log of the ratio of ratios).\n",
	    median ? "p from the Mann-Whitney U test, interval Moses's" : "p from Welch's t "
	    "test, interval from Fieller's theorem at the same degrees of freedom",
	    holm ? "adjusted by Holm within each host and metric class, over every mode "
	    "and config (the metrics of one test count once)" : "unadjusted", level,
	    adjusted ? HOLM_LEVELS : "", alpha);
	/* Each reason once, at the level its rows were held to. */
	for (size_t i = 0; i < n; i++) {
		char why[256], other[256];
		size_t j;

		if (rows[i].v.kind != EB_VERDICT_TOO_FEW_RUNS)
			continue;
		eb_too_few_text(&rows[i].v, why, sizeof why);
		for (j = 0; j < i; j++) {
			if (rows[j].v.kind != EB_VERDICT_TOO_FEW_RUNS)
				continue;
			eb_too_few_text(&rows[j].v, other, sizeof other);
			if (strcmp(why, other) == 0)
				break;
		}
		if (j == i)
			fprintf(fp, "\nT%s.\n", why + 1);
	}
	eb_md_free(&md);
	free(order);
}

/* ---- trends */

static int
cmp_trend_rows(const void *a, const void *b)
{
	const struct eb_record *x = (*(const struct eb_trend_row *const *)a)->g->key;
	const struct eb_record *y = (*(const struct eb_trend_row *const *)b)->g->key;
	struct eb_record xa = *x, ya = *y;
	int c;

	/* Release last, so that one case's releases stand together. */
	xa.f[EB_F_RELEASE] = ya.f[EB_F_RELEASE] = "";
	if ((c = eb_record_report_cmp(&xa, &ya)) != 0)
		return c;
	return eb_release_cmp(x->f[EB_F_RELEASE], y->f[EB_F_RELEASE]);
}

void
eb_md_trend(FILE *fp, const struct eb_trend_row *rows, size_t n, int iec)
{
	const struct eb_trend_row **order = eb_xmalloc((n ? n : 1) * sizeof *order);
	void (*label_of)(const struct eb_record *, char *, size_t);
	struct eb_md md;
	int hosts = 0;

	for (size_t i = 0; i < n; i++) {
		order[i] = &rows[i];
		hosts |= strcmp(rows[i].g->key->f[EB_F_HOST], rows[0].g->key->f[EB_F_HOST]) != 0;
	}
	qsort((void *)order, n, sizeof *order, cmp_trend_rows);
	{
		const struct eb_record **keys = eb_xcalloc(n + 1, sizeof *keys);

		for (size_t i = 0; i < n; i++)
			keys[i] = rows[i].g->key;
		label_of = eb_labels_need_jobs(keys, n) ? eb_case_label_with_job : eb_case_label;
		free((void *)keys);
	}
	eb_md_init(&md, hosts ? 10 : 9);
	if (hosts)
		eb_md_header(&md, "lllllrrrrl", "host", "test", "metric", "mode", "release", "n",
		    "mean", "overhead", "change", "verdict");
	else
		eb_md_header(&md, "llllrrrrl", "test", "metric", "mode", "release", "n", "mean",
		    "overhead", "change", "verdict");
	for (size_t i = 0; i < n; i++) {
		const struct eb_trend_row *r = order[i];
		const struct eb_record *k = r->g->key;
		char test[160], num[24], mean[48], oh[32], change[96];
		const char *cells[10];
		size_t c = 0;

		label_of(k, test, sizeof test);
		snprintf(num, sizeof num, "%zu", r->g->s.n);
		eb_value_text(mean, sizeof mean, k, r->g->s.mean, iec);
		/* As the overhead tables say it: a cost, or "N % faster"
		 * where the mode ran faster, never a negative cost; latency
		 * and CPU as a signed relative increase. */
		if (!isnan(r->overhead_pct))
			eb_cost_text(r->overhead_pct, !eb_metric_higher_is_better(k->f[EB_F_METRIC]),
			    oh, sizeof oh);
		else
			oh[0] = '\0';
		if (r->prev != NULL)
			eb_verdict_interval_text(&r->v, change, sizeof change);
		else
			change[0] = '\0';
		if (hosts)
			cells[c++] = k->f[EB_F_HOST];
		cells[c++] = test;
		cells[c++] = eb_metric_words(k->f[EB_F_METRIC]);
		cells[c++] = k->f[EB_F_MODE];
		cells[c++] = k->f[EB_F_RELEASE];
		cells[c++] = num;
		cells[c++] = mean;
		cells[c++] = oh;
		cells[c++] = change;
		cells[c++] = r->prev == NULL ? "" : eb_verdict_word(&r->v);
		eb_md_rowv(&md, cells);
	}
	eb_md_write(&md, fp);
	{
		double alpha = 0.05;
		int adjusted = 0, holm = 0;
		char level[48];

		for (size_t i = 0; i < n; i++)
			if (order[i]->prev != NULL) {
				alpha = order[i]->v.alpha;
				adjusted |= eb_verdict_interval_adjusted(&order[i]->v);
				holm |= order[i]->v.adjust == EB_ADJUST_HOLM;
			}
		eb_interval_level_text(alpha, adjusted, level, sizeof level);
		fprintf(fp, "\nchange is against the previous release that measured the same "
		    "case, with its %s interval%s and Welch's test%s; overhead against the "
		    "baseline of the same release, an estimate without a test (for "
		    "throughput what the mode costs, or how much faster it ran; for "
		    "latency and CPU, the relative increase; encbench overhead tests "
		    "each).\n", level, adjusted ? HOLM_LEVELS : "",
		    holm ? ", Holm-adjusted within each pair of releases and host, as diff" : "");
	}
	eb_md_free(&md);
	free((void *)order);
}
