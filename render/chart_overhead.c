/* chart_overhead.c - the overhead kind: each mode as % of the baseline of
 * its release and test (a latency-like metric as its relative increase,
 * "latency +20 %", as tables and findings say it), with Fieller intervals. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "chart_int.h"

static enum eb_status
build(struct cm_build *b, struct eb_err *err)
{
	size_t n, nrel;
	struct eb_overhead *rows = eb_model_overheads(b, &n);
	const char **rels;
	const char *rel = b->o->release;
	int latency = !eb_metric_higher_is_better(b->m->metric);

	/* The newest release that has something to compare. */
	if (rel == NULL) {
		rels = eb_model_releases(b, &nrel);
		for (size_t r = nrel; rel == NULL && r-- > 0;)
			for (size_t i = 0; i < n; i++)
				if (eb_model_wanted(b, rows[i].g->key) &&
				    strcmp(rows[i].g->key->f[EB_F_RELEASE], rels[r]) == 0) {
					rel = rels[r];
					break;
				}
		free(rels);
	}
	b->m->from = rel;
	if (rel != NULL)
		eb_model_adjust_overheads(b, rows, n, rel);
	for (size_t i = 0; rel != NULL && i < n; i++) {
		const struct eb_record *k = rows[i].g->key;
		struct cm_point *p;

		if (!eb_model_wanted(b, k) || strcmp(k->f[EB_F_RELEASE], rel) != 0)
			continue;
		if (latency)
			/* The verdict's own figures: mode / baseline - 1, in percent. */
			p = eb_model_point(b, k, eb_model_mode(b, k->f[EB_F_MODE], 0), 0,
			    rows[i].v.estimate, rows[i].v.lo, rows[i].v.hi, rows[i].g->s.n);
		else
			p = eb_model_point(b, k, eb_model_mode(b, k->f[EB_F_MODE], 0), 0,
			    cm_pct(rows[i].ratio), cm_pct(rows[i].ci_low), cm_pct(rows[i].ci_high),
			    rows[i].g->s.n);
		eb_model_tip_ratio(b, p, &rows[i], b->o->baseline);
		/* A bar without a whisker says why, as the tables' "(n=1)" does:
		 * a bare bar reads as a figure known exactly. */
		if (rows[i].v.kind == EB_VERDICT_SINGLE_RUN)
			p->note = "n=1, no interval";
		else if (rows[i].v.kind == EB_VERDICT_NO_VARIATION && isnan(p->lo))
			p->note = "no variation, no interval";
	}
	free(rows);
	if (b->m->npts == 0)
		return eb_model_no_data(err, "no %s records with a baseline of mode '%s' to "
		    "compare with (name another with --baseline MODE)", b->m->metric,
		    b->o->baseline);
	b->m->percent = 1;
	b->m->signed_pct = latency;
	b->m->ref = latency ? 0 : 100;
	return EB_OK;
}

static void
words(struct cm_build *b, struct eb_buf *sub, struct eb_buf *note)
{
	struct chart_model *m = b->m;
	const struct eb_chart_opts *o = b->o;
	const char *mw = eb_metric_words(m->metric);
	const char *base = strcmp(o->baseline, "none") == 0 ? "unencrypted" : o->baseline;

	if (m->from != NULL && m->from[0] != '\0') {
		eb_buf_addf(sub, "%srelease %s", sub->len ? " · " : "", m->from);
		eb_model_meta_words(b, m->from, sub);
	}
	if (!eb_metric_higher_is_better(m->metric)) {
		m->title = eb_xasprintf("%c%s increase %s, against %s",
		    toupper((unsigned char)mw[0]), mw + 1,
		    b->unverified ? "under the modes" : "with encryption", base);
		eb_buf_addf(sub, "%s0 %% = %s in the same release and test", sub->len ? " · " : "",
		    o->baseline);
		eb_buf_addf(note, "Bars: relative increase of the mean with the mode over the "
		    "mean with %s (mode ÷ %s − 1), so above 0 %% is slower", o->baseline,
		    o->baseline);
	} else {
		m->title = eb_xasprintf("%c%s %s, as %% of %s", toupper((unsigned char)mw[0]),
		    mw + 1, b->unverified ? "under the modes" : "with encryption", base);
		eb_buf_addf(sub, "%s100 %% = %s in the same release and test",
		    sub->len ? " · " : "", o->baseline);
		eb_buf_addf(note, "Bars: mean with the mode ÷ mean with %s, so below 100 %% "
		    "is slower", o->baseline);
	}
	eb_model_whiskers(b, note, "Fieller");
}

static void
unit_text(const struct chart_model *m, const struct cm_row *row, char *buf, size_t n)
{
	const char *metric = row->key ? row->key->f[EB_F_METRIC] : m->metric;

	if (eb_metric_higher_is_better(metric))
		snprintf(buf, n, "%s, %% of %s", eb_metric_words(metric), m->o->baseline);
	else
		snprintf(buf, n, "%s, %% increase over %s", eb_metric_words(metric),
		    m->o->baseline);
}

const struct chart_kind eb_chart_kind_overhead = {
	"overhead", 1, build, words, unit_text, NULL, eb_band_body, eb_band_gnuplot,
};
