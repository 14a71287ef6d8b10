/* chart_diff.c - the diff kind: the change of each mode's mean from one
 * release to another, hollow where no significant change is shown. */
#include <stdlib.h>
#include <string.h>

#include "chart_int.h"

static int
same_host(const void *ctx, size_t i, size_t j)
{
	const struct eb_record *const *k = ctx;

	return k[i]->f[EB_F_HOST] == k[j]->f[EB_F_HOST];
}

static enum eb_status
build(struct cm_build *b, struct eb_err *err)
{
	struct eb_diff_opts d = { EB_SPLIT_RELEASE, b->o->from, b->o->to, b->o->alpha, 0, 0,
		b->o->baseline, 0 };
	struct eb_diff *rows;
	size_t n, nrel;
	const char **rels = eb_model_releases(b, &nrel);

	if (d.from == NULL || d.to == NULL) {
		if (nrel < 2) {
			free(rels);
			return eb_model_no_data(err, "a diff needs two releases and the %s "
			    "records have %s", b->m->metric, nrel ? "one" : "none");
		}
		/* The pair every command picks by default (eb_release_pair), or
		 * the release before the one named. */
		if (d.from == NULL && d.to == NULL)
			eb_release_pair(b->gs, &d.from, &d.to);
		else {
			d.to = d.to != NULL ? d.to : d.from;
			d.from = eb_release_before(b->gs, d.to);
		}
	}
	if (d.to == NULL)
		d.to = "";
	free(rels);
	if (d.from == NULL || strcmp(d.from, d.to) == 0) {
		struct eb_loc loc = { NULL, 0, 0 };

		return eb_err_set(err, EB_ERR_USAGE, loc, "--from and --to name the same "
		    "release, '%s'", d.to);
	}
	b->m->from = d.from;
	b->m->to = d.to;
	rows = eb_diff_compute(b->gs, &d, &n);
	/* Holm over the pairs it draws, one family per host as diff has them
	 * (analyze.h), so that the report's chart of a host says what its
	 * diff page says. */
	{
		struct eb_verdict **vs = eb_xmalloc((n ? n : 1) * sizeof *vs);
		const struct eb_record **ks = eb_xmalloc((n ? n : 1) * sizeof *ks);
		struct eb_verdict_opts vo;
		size_t m = 0;

		eb_diff_verdict_opts(&d, &vo);
		for (size_t i = 0; i < n; i++)
			if (eb_model_wanted(b, rows[i].b->key)) {
				vs[m] = &rows[i].v;
				ks[m++] = rows[i].b->key;
			}
		eb_verdict_adjust_split(vs, ks, m, &vo, same_host, ks);
		free(vs);
		free(ks);
	}
	for (size_t i = 0; i < n; i++) {
		const struct eb_record *k = rows[i].b->key;
		struct cm_point *p;
		char test[160];
		char phrase[256], iv[96];

		if (!eb_model_wanted(b, k))
			continue;
		/* The verdict layer decides; the chart draws what it said. */
		p = eb_model_point(b, k, eb_model_mode(b, k->f[EB_F_MODE], 0), 0,
		    rows[i].v.estimate, rows[i].v.lo, rows[i].v.hi,
		    rows[i].a->s.n < rows[i].b->s.n ? rows[i].a->s.n : rows[i].b->s.n);
		p->hollow = !eb_verdict_claims(&rows[i].v);
		b->adjusted |= eb_verdict_interval_adjusted(&rows[i].v);
		p->unbounded = rows[i].v.unbounded;
		if (p->unbounded)
			p->note = "interval unbounded";
		if (rows[i].v.kind == EB_VERDICT_SINGLE_RUN)
			p->note = "single run";
		eb_model_case_label(b, k, test, sizeof test);
		eb_verdict_interval_text(&rows[i].v, iv, sizeof iv);
		eb_verdict_phrase(&rows[i].v, phrase, sizeof phrase);
		p->tip = eb_xasprintf("%s, %s: %s from %s to %s; %s", k->f[EB_F_MODE], test,
		    iv, d.from, d.to, phrase);
	}
	free(rows);
	if (b->m->npts == 0) {
		struct eb_loc loc = { NULL, 0, 0 };

		return eb_err_set(err, EB_ERR_DATA, loc, "no %s record of %s has a match in "
		    "%s", b->m->metric, d.from, d.to);
	}
	b->m->percent = 1;
	b->m->signed_pct = 1;
	b->m->show_direction = 1;
	b->m->ref = 0;
	return EB_OK;
}

static void
words(struct cm_build *b, struct eb_buf *sub, struct eb_buf *note)
{
	struct chart_model *m = b->m;
	const char *mw = eb_metric_words(m->metric);

	eb_buf_addf(sub, "%srelease %s → %s", sub->len ? " · " : "", m->from, m->to);
	m->title = eb_xasprintf("Change in %s from %s to %s", mw, m->from, m->to);
	eb_buf_addf(sub, "%schange of the mean, %%", sub->len ? " · " : "");
	eb_buf_addf(note, "Bars: mean in %s ÷ mean in %s − 1; hollow grey: no clear "
	    "change (Welch's t test, Holm-adjusted within each host over the chart, p ≥ %g, or an interval "
	    "that includes 0) or no verdict (a single run, no variation)", m->to,
	    m->from, b->o->alpha);
	eb_model_whiskers(b, note, "Fieller");
}

static void
unit_text(const struct chart_model *m, const struct cm_row *row, char *buf, size_t n)
{
	snprintf(buf, n, "change in %s, %%",
	    eb_metric_words(row->key ? row->key->f[EB_F_METRIC] : m->metric));
}

static struct legend_item *
legend(const struct chart_model *m, size_t *n)
{
	struct legend_item *v = eb_xcalloc(2, sizeof *v);
	int hollow = 0, filled = 0;

	*n = 0;
	for (size_t i = 0; i < m->npts; i++) {
		hollow |= m->pts[i].hollow;
		filled |= !m->pts[i].hollow;
	}
	if (filled) {
		v[*n].kind = SW_FILL;
		v[*n].color = m->th->muted;
		v[*n].label = "significant change (colour of the mode)";
		(*n)++;
	}
	if (hollow) {
		v[*n].kind = SW_HOLLOW;
		v[*n].label = "no clear change";
		(*n)++;
	}
	return v;
}

const struct chart_kind eb_chart_kind_diff = {
	"diff", 1, build, words, unit_text, legend, eb_band_body, eb_band_gnuplot,
};
