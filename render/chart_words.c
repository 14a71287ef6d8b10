/* chart_words.c - the words every chart shares: the host and config of
 * its subtitle, the kernel and ZFS of a release's runs, the whiskers of its
 * note, the input files of its footer, and --title and --subtitle. */
#include <stdlib.h>
#include <string.h>

#include "chart_int.h"

/* " · kernel 6.8.0-31-generic · zfs-2.2.2" of the runs of release rel,
 * through the caller's metadata accessor. */
void
eb_model_meta_words(const struct cm_build *b, const char *rel, struct eb_buf *out)
{
	const struct eb_table *t = b->t;

	for (size_t i = 0; b->o->meta_get != NULL && i < t->nmeta; i++) {
		char kernel[256], zfs[256];

		if (t->meta[i].json == NULL || strcmp(t->meta[i].release, rel) != 0)
			continue;
		if (b->o->meta_get(&t->meta[i], "kernel", kernel, sizeof kernel))
			eb_buf_addf(out, " · kernel %s", kernel);
		if (b->o->meta_get(&t->meta[i], "zfs", zfs, sizeof zfs))
			eb_buf_addf(out, " · %s%s", strncmp(zfs, "zfs", 3) == 0 ? "" : "ZFS ", zfs);
		return;
	}
}

/* "Source: a.csv, b.csv and 3 more" from the input paths. */
char *
eb_model_source_words(const struct eb_chart_opts *o)
{
	struct eb_buf b;

	if (o->nsources == 0)
		return NULL;
	eb_buf_init(&b, 0);
	eb_buf_addf(&b, "Source: ");
	for (size_t i = 0; i < o->nsources && i < 3; i++) {
		const char *base = strrchr(o->sources[i], '/');

		base = base && base[1] ? base + 1 : o->sources[i];
		eb_buf_addf(&b, "%s%s", i ? ", " : "", base);
	}
	if (o->nsources > 3)
		eb_buf_addf(&b, " and %zu more", o->nsources - 3);
	eb_buf_addf(&b, " · encbench %s", EB_VERSION);
	eb_buf_cstr(&b);
	return b.data;
}

/* ---- words: title, subtitle, notes */

void
eb_model_words_begin(struct cm_build *b, struct eb_buf *sub, struct eb_buf *note)
{
	struct chart_model *m = b->m;

	b->same_unit = 1;
	for (size_t r = 1; r < m->nrows; r++)
		if (strcmp(m->rows[r].disp.label, m->rows[0].disp.label) != 0)
			b->same_unit = 0;
	eb_buf_init(sub, 0);
	eb_buf_init(note, 0);
	if (b->nhosts == 1 && b->hosts[0][0] != '\0')
		eb_buf_addf(sub, "%s", b->hosts[0]);
	else if (b->nhosts > 1)
		eb_buf_addf(sub, "%zu hosts", b->nhosts);
	if (b->nconfigs == 1 && b->configs[0][0] != '\0' && strcmp(b->configs[0], "default") != 0)
		eb_buf_addf(sub, "%sconfig %s", sub->len ? " · " : "", b->configs[0]);
}

void
eb_model_whiskers(const struct cm_build *b, struct eb_buf *note, const char *kind)
{
	char level[48];

	/* Means' intervals are at the level of --alpha; ratios' and changes'
	 * are the verdicts', at that level or Holm's step. */
	eb_interval_level_text(b->o->alpha, strcmp(kind, "confidence") != 0 && b->adjusted, level,
	    sizeof level);
	if (b->nmax > 1)
		eb_buf_addf(note, "; whiskers: %s %s interval", level, kind);
}

void
eb_model_words_end(struct cm_build *b, struct eb_buf *sub, struct eb_buf *note)
{
	struct chart_model *m = b->m;
	const struct eb_chart_opts *o = b->o;

	eb_buf_addc(note, '.');
	m->subtitle = eb_xstrdup(o->subtitle ? o->subtitle : eb_buf_cstr(sub));
	if (o->title != NULL) {
		free(m->title);
		m->title = eb_xstrdup(o->title);
	}
	m->note = eb_xstrdup(eb_buf_cstr(note));
	eb_buf_free(sub);
	eb_buf_free(note);
}
