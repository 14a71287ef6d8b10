/* chart_overhead.c - the overhead kind: each mode as % of the baseline of
 * its release and test, with Fieller intervals and the 100 % line. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "chart_int.h"

static enum eb_status
build(struct cm_build *b, struct eb_err *err)
{
	size_t n, nrel;
	struct eb_overhead *rows = eb_overhead_compute(b->gs, b->o->baseline, &n);
	const char **rels;
	const char *rel = b->o->release;

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
	for (size_t i = 0; rel != NULL && i < n; i++) {
		const struct eb_record *k = rows[i].g->key;
		struct cm_point *p;

		if (!eb_model_wanted(b, k) || strcmp(k->f[EB_F_RELEASE], rel) != 0)
			continue;
		p = eb_model_point(b, k, eb_model_mode(b, k->f[EB_F_MODE], 0), 0,
		    cm_pct(rows[i].ratio), cm_pct(rows[i].ci_low), cm_pct(rows[i].ci_high),
		    rows[i].g->s.n);
		eb_model_tip_ratio(p, &rows[i], b->o->baseline);
	}
	free(rows);
	if (b->m->npts == 0)
		return eb_model_no_data(err, "no %s records with a baseline of mode '%s' to "
		    "compare with (name another with --baseline MODE)", b->m->metric,
		    b->o->baseline);
	b->m->percent = 1;
	b->m->ref = 100;
	return EB_OK;
}

static void
words(struct cm_build *b, struct eb_buf *sub, struct eb_buf *note)
{
	struct chart_model *m = b->m;
	const struct eb_chart_opts *o = b->o;
	const char *mw = eb_metric_words(m->metric);

	if (m->from != NULL && m->from[0] != '\0') {
		eb_buf_addf(sub, "%srelease %s", sub->len ? " · " : "", m->from);
		eb_model_meta_words(b, m->from, sub);
	}
	m->title = eb_xasprintf("%c%s with encryption, as %% of %s",
	    toupper((unsigned char)mw[0]), mw + 1,
	    strcmp(o->baseline, "none") == 0 ? "unencrypted" : o->baseline);
	eb_buf_addf(sub, "%s100 %% = %s in the same release and test", sub->len ? " · " : "",
	    o->baseline);
	eb_buf_addf(note, "Bars: mean with the mode ÷ mean with %s%s, so below 100 %% "
	    "is slower", o->baseline, eb_metric_higher_is_better(m->metric) ? "" :
	    " (inverted for latency)");
	eb_model_whiskers(b, note, "Fieller");
}

static void
unit_text(const struct chart_model *m, const struct cm_row *row, char *buf, size_t n)
{
	snprintf(buf, n, "%s, %% of %s",
	    eb_metric_words(row->key ? row->key->f[EB_F_METRIC] : m->metric), m->o->baseline);
}

const struct chart_kind eb_chart_kind_overhead = {
	"overhead", 1, build, words, unit_text, NULL, eb_band_body, eb_band_gnuplot,
};
