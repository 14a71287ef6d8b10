/* chart_bars.c - the bars kind: the measured value of each mode in one
 * release (the newest unless --release), read and write side by side. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "chart_int.h"

static enum eb_status
build(struct cm_build *b, struct eb_err *err)
{
	size_t nrel;
	const char **rels = eb_model_releases(b, &nrel);
	const char *rel = b->o->release ? b->o->release : nrel ? rels[nrel - 1] : NULL;

	free(rels);
	b->m->from = rel;
	for (size_t i = 0; rel != NULL && i < b->gs->n; i++) {
		const struct eb_group *g = &b->gs->g[i];
		const struct eb_record *k = g->key;
		struct cm_point *p;
		double lo, hi;

		if (!eb_model_wanted(b, k) || strcmp(k->f[EB_F_RELEASE], rel) != 0)
			continue;
		eb_model_mean_ci(b, &g->s, &lo, &hi);
		p = eb_model_point(b, k, eb_model_mode(b, k->f[EB_F_MODE], 0), 0, g->s.mean, lo, hi,
		    g->s.n);
		eb_model_tip_value(b, p, k, g->s.mean, lo, hi);
	}
	if (b->m->npts == 0)
		return eb_model_no_data(err, "no %s records%s%s to draw", b->m->metric,
		    rel ? " in release " : "", rel ? rel : "");
	return EB_OK;
}

static void
words(struct cm_build *b, struct eb_buf *sub, struct eb_buf *note)
{
	struct chart_model *m = b->m;
	const char *mw = eb_metric_words(m->metric);

	if (m->from != NULL && m->from[0] != '\0') {
		eb_buf_addf(sub, "%srelease %s", sub->len ? " · " : "", m->from);
		eb_model_meta_words(b, m->from, sub);
	}
	m->title = eb_xasprintf("%c%s by encryption mode", toupper((unsigned char)mw[0]),
	    mw + 1);
	/* The unit, said once when every panel shares it. */
	if (b->same_unit)
		eb_buf_addf(sub, "%s%s in %s", sub->len ? " · " : "", mw, m->rows[0].disp.label);
	if (b->nmax != b->nmin)
		eb_buf_addf(note, "Bars: mean of %zu–%zu runs", b->nmin, b->nmax);
	else
		eb_buf_addf(note, "Bars: mean of %zu run%s", b->nmax, b->nmax == 1 ? "" : "s");
	eb_model_whiskers(b, note, "confidence");
}

const struct chart_kind eb_chart_kind_bars = {
	"bars", 1, build, words, eb_model_unit_plain, NULL, eb_band_body, eb_band_gnuplot,
};
