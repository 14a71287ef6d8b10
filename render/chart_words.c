/* chart_words.c - the words every chart shares: the host and config of
 * its subtitle, the mark of made-up numbers, the kernel and ZFS of a
 * release's runs, the whiskers of its note, the input files of its footer,
 * and --title and --subtitle. */
#include <stdlib.h>
#include <string.h>

#include "../analyze/plan.h"
#include "chart_int.h"

/* Whether the run of key's host and config in release rel is made up: a
 * meta names its release, and its host and config where it names them. */
static int
run_made_up(struct cm_build *b, const struct eb_record *key, const char *rel)
{
	const struct eb_table *t = b->t;

	if (t == NULL || t->nmeta == 0)
		return 0;
	if (b->meta_made_up == NULL) {
		b->meta_made_up = eb_xmalloc(t->nmeta);
		memset(b->meta_made_up, -1, t->nmeta);
	}
	for (size_t i = 0; i < t->nmeta; i++) {
		const struct eb_run_meta *m = &t->meta[i];

		if (!eb_plan_meta_of(m, key, rel))
			continue;
		if (b->meta_made_up[i] < 0)
			b->meta_made_up[i] = (signed char)eb_plan_meta_made_up(m);
		if (b->meta_made_up[i])
			return 1;
	}
	return 0;
}

static void
add_made_up_release(struct cm_build *b, const char *rel)
{
	for (size_t i = 0; i < b->nmade_up_rels; i++)
		if (strcmp(b->made_up_rels[i], rel) == 0)
			return;
	b->made_up_rels = eb_xrealloc(b->made_up_rels,
	    (b->nmade_up_rels + 1) * sizeof *b->made_up_rels);
	b->made_up_rels[b->nmade_up_rels++] = rel;
}

void
eb_model_note_made_up(struct cm_build *b, const struct eb_record *key, const char *also)
{
	const char *rel = key->f[EB_F_RELEASE];
	int any = 0;

	if (run_made_up(b, key, rel)) {
		add_made_up_release(b, rel);
		any = 1;
	}
	if (also != NULL && strcmp(also, rel) != 0 && run_made_up(b, key, also)) {
		add_made_up_release(b, also);
		any = 1;
	}
	b->npts_made_up += (size_t)any;
}

/* "Illustrative data, not measurements", and which releases' runs when
 * some points drawn are measured: a chart copied into a post without the
 * report's words still says what its numbers are. */
static char *
made_up_words(const struct cm_build *b)
{
	struct eb_buf w;

	if (b->npts_made_up == 0)
		return NULL;
	eb_buf_init(&w, 0);
	eb_buf_addf(&w, "Illustrative data, not measurements");
	if (b->npts_made_up < b->m->npts) {
		const char **rels = b->made_up_rels;
		size_t n = b->nmade_up_rels;

		for (size_t i = 1; i < n; i++)
			for (size_t j = i; j > 0 && eb_release_cmp(rels[j], rels[j - 1]) < 0; j--) {
				const char *r = rels[j];

				rels[j] = rels[j - 1];
				rels[j - 1] = r;
			}
		eb_buf_addf(&w, ": the run%s of ", n > 1 ? "s" : "");
		for (size_t i = 0; i < n; i++)
			eb_buf_addf(&w, "%s%s", i == 0 ? "" : i + 1 == n ? " and " : ", ", rels[i]);
	}
	eb_buf_cstr(&w);
	return w.data;
}

/* Adds caveat item, once, with release among those it qualifies. */
static void
note_caveat(struct cm_build *b, const char *item, int of_data, const char *release)
{
	struct eb_caveat_list *l = &b->caveat_list;
	size_t i, j;

	for (i = 0; i < l->n && strcmp(l->items[i], item) != 0; i++)
		;
	if (i == l->n) {
		eb_xgrow(&l->items, &l->cap, l->n + 1, sizeof *l->items);
		l->of_data = eb_xrealloc(l->of_data, l->cap);
		l->of_data[l->n] = (unsigned char)of_data;
		l->ndata += of_data != 0;
		b->caveat_rels = eb_xrealloc(b->caveat_rels, l->cap * sizeof *b->caveat_rels);
		b->ncaveat_rels = eb_xrealloc(b->ncaveat_rels, l->cap * sizeof *b->ncaveat_rels);
		l->items[l->n] = eb_xstrdup(item);
		b->caveat_rels[l->n] = NULL;
		b->ncaveat_rels[l->n] = 0;
		l->n++;
	}
	for (j = 0; j < b->ncaveat_rels[i] && strcmp(b->caveat_rels[i][j], release) != 0; j++)
		;
	if (j < b->ncaveat_rels[i])
		return;
	b->caveat_rels[i] = eb_xrealloc(b->caveat_rels[i], (j + 1) * sizeof **b->caveat_rels);
	b->caveat_rels[i][b->ncaveat_rels[i]++] = release;
}

void
eb_model_note_caveats(struct cm_build *b, const struct eb_record *key)
{
	const struct chart_model *m = b->m;
	struct eb_caveat_list here = { 0 };

	if (!b->caveats_read) {
		b->caveats = eb_caveats_new(b->t);
		b->caveats_read = 1;
	}
	if (b->caveats == NULL)
		return;
	{
		struct eb_group g = { key, NULL, { 0 } };
		struct eb_groups one = { &g, 1, NULL, b->t };
		const char *mode;

		b->unverified |= eb_caveats_unverified(b->caveats, &one, &mode, 1) > 0;
	}
	/* A diff compares a mode with itself in another release, not with
	 * the baseline; every other kind draws a mode against the baseline
	 * (overhead, heat map, cost) or beside it (bars, trend). */
	if (m->to != NULL && m->from != NULL && strcmp(key->f[EB_F_RELEASE], m->from) != 0) {
		struct eb_record before = *key;

		before.f[EB_F_RELEASE] = m->from;
		eb_caveats_pair(b->caveats, key, &before, &here);
	} else
		eb_caveats_case(b->caveats, key, b->o->baseline, &here);
	for (size_t i = 0; i < here.n; i++)
		note_caveat(b, here.items[i], here.of_data[i], key->f[EB_F_RELEASE]);
	eb_caveat_list_free(&here);
}

/* A caveat as a chart says it: caveats.c's sentence without the meta.json
 * field that holds the fact (the report names it; a chart's reader wants
 * the fact) and without the ", so ..." consequence after that field's
 * bracket, which the chart's title makes plain; with a full stop, and
 * capitalised unless it opens with a mode's name ("aes-256-gcm was not
 * measured as its name says"), which keeps its spelling. What it cannot
 * shorten it keeps whole: a longer line, never a lost fact. */
char *
eb_model_caveat_brief(const char *item, const char *const *modes, size_t nmodes)
{
	struct eb_buf w;
	const char *so = NULL, *at = item;
	size_t end, first = strcspn(item, " :");
	int keep = 0;

	/* The last one: a mode or host named earlier may hold the words. */
	while ((at = strstr(at, "), so ")) != NULL)
		so = at++;
	end = so != NULL ? (size_t)(so - item) + 1 : strlen(item);
	for (size_t i = 0; i < first; i++)
		keep |= item[i] < 'a' || item[i] > 'z';
	for (size_t i = 0; i < nmodes && !keep; i++)
		keep = modes[i] != NULL && strlen(modes[i]) == first &&
		    strncmp(modes[i], item, first) == 0;

	eb_buf_init(&w, 0);
	for (size_t i = 0; i < end; i++) {
		const char *close = NULL;

		/* The group's own close: "(icp is null (no setting ...))". */
		if (item[i] == ' ' && item[i + 1] == '(') {
			int depth = 0;

			for (size_t j = i + 1; j < end && close == NULL; j++)
				if (item[j] == '(')
					depth++;
				else if (item[j] == ')' && --depth == 0)
					close = item + j;
		}
		if (close != NULL) {
			const char *open = item + i + 2, *field = open;

			/* "(runner.targets)", "(the run did not drop caches:
			 * runner.drop_caches is false)" */
			while (field < close && strncmp(field, "runner.", 7) != 0)
				field++;
			if (field < close && (field == open || (field - open >= 2 &&
			    field[-2] == ':' && field[-1] == ' '))) {
				if (field > open)
					eb_buf_addf(&w, " (%.*s)", (int)(field - 2 - open), open);
				i = (size_t)(close - item);
				continue;
			}
		}
		eb_buf_addc(&w, item[i]);
	}
	eb_buf_addc(&w, '.');
	eb_buf_cstr(&w);
	if (!keep && w.data[0] >= 'a' && w.data[0] <= 'z')
		w.data[0] = (char)(w.data[0] - 'a' + 'A');
	return w.data;
}

/* Caveat i (its chart words c, which this takes) opened by the releases
 * it qualifies, "In 24.04, encryption was ...", when the chart draws
 * others it does not and the sentence names none: a trend of a measured
 * release and a run folder with a caveat must not qualify both. A diff
 * qualifies its one comparison, whichever side the caveat is of. */
static char *
in_releases(const struct cm_build *b, size_t i, char *c)
{
	const char **rels = b->caveat_rels[i];
	size_t n = b->ncaveat_rels[i];
	struct eb_buf w;
	char named[160];

	if (b->m->to != NULL || n >= b->nreleases || b->caveat_list.items[i][0] == '\0')
		return c;
	for (size_t j = 0; j < n; j++) {
		snprintf(named, sizeof named, " in %s", rels[j]);
		if (strstr(b->caveat_list.items[i], named) != NULL)
			return c;
	}
	for (size_t j = 1; j < n; j++)
		for (size_t k = j; k > 0 && eb_release_cmp(rels[k], rels[k - 1]) < 0; k--) {
			const char *r = rels[k];

			rels[k] = rels[k - 1];
			rels[k - 1] = r;
		}
	eb_buf_init(&w, 0);
	eb_buf_addf(&w, "In ");
	for (size_t j = 0; j < n; j++)
		eb_buf_addf(&w, "%s%s", j == 0 ? "" : j + 1 == n ? " and " : ", ", rels[j]);
	/* The sentence's own first letter back: the chart's words differ
	 * from it there only by a capital. */
	eb_buf_addf(&w, ", %c%s", b->caveat_list.items[i][0], c + 1);
	free(c);
	eb_buf_cstr(&w);
	return w.data;
}

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
	/* Only a chart that draws a whisker speaks of them: runs without
	 * variation have several runs and no interval (or one of no width). */
	for (size_t i = 0; b->nmax > 1 && i < b->m->npts; i++)
		if (b->m->pts[i].lo < b->m->pts[i].hi || b->m->pts[i].unbounded) {
			eb_buf_addf(note, "; whiskers: %s %s interval", level, kind);
			break;
		}
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
	m->caveat = made_up_words(b);
	m->nmeta_caveats = b->caveat_list.n;
	m->caveats_of_data = b->caveat_list.ndata > 0;
	m->meta_caveats = eb_xmalloc((m->nmeta_caveats ? m->nmeta_caveats : 1) *
	    sizeof *m->meta_caveats);
	if (m->nmeta_caveats > 0) {
		/* The modes drawn: categories, or a trend's series. */
		const char **modes = eb_xmalloc((m->ncats + m->nsers + 1) * sizeof *modes);
		size_t n = 0;

		for (size_t i = 0; m->cat_mode != NULL && i < m->ncats; i++)
			modes[n++] = m->cat_mode[i];
		for (size_t i = 0; m->ser_mode != NULL && i < m->nsers; i++)
			modes[n++] = m->ser_mode[i];
		for (size_t i = 0; i < m->nmeta_caveats; i++) {
			char *c = eb_model_caveat_brief(b->caveat_list.items[i], modes, n);

			m->meta_caveats[i] = in_releases(b, i, c);
		}
		free(modes);
	}
	eb_buf_free(sub);
	eb_buf_free(note);
}
