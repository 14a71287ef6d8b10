/* report_names.c - the names of a report's files and sections: labels
 * made into file names a path and a markdown link take as they are, short
 * enough for any file system and unique on one that ignores case. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "report_pw.h"

/* The longest slug: a diff page names two ("diff-A-B.md") and a chart
 * name joins several labels, and a file name has 255 bytes (NAME_MAX). */
#define SLUG_MAX 96

/* Labels from the inputs name files: keep them to what a path and a
 * markdown link take as they are. A longer label keeps its first
 * SLUG_MAX bytes and the FNV-1a hash of all of it, so that two long
 * labels alike in their start name two files. */
char *
eb_pw_slug(const char *s)
{
	char *out = eb_xstrdup(*s ? s : "unnamed");

	for (char *q = out; *q; q++)
		if (!((*q >= 'a' && *q <= 'z') || (*q >= 'A' && *q <= 'Z') ||
		    (*q >= '0' && *q <= '9') || *q == '.' || *q == '_' || *q == '-'))
			*q = '-';
	if (strlen(out) > SLUG_MAX + 9) {
		uint32_t h = 2166136261u;

		for (const unsigned char *c = (const unsigned char *)s; *c; c++)
			h = (h ^ *c) * 16777619u;
		snprintf(out + SLUG_MAX, 10, "-%08" PRIx32, h);
	}
	return out;
}

char *
eb_pw_page_id(const char *path)
{
	char *s = eb_pw_slug(path), *dot = strrchr(s, '.');

	if (dot != NULL && strcmp(dot, ".md") == 0)
		*dot = '\0';
	for (char *q = s; *q; q++)
		if (*q == '.')
			*q = '-';
	{
		char *id = eb_xasprintf("page-%s", s);

		free(s);
		return id;
	}
}

/* The link from the page being written to a page, or to a file. */
char *
eb_pw_url_page(const struct eb_pw *w, const char *path)
{
	if (w->html) {
		char *id = eb_pw_page_id(path), *u = eb_xasprintf("#%s", id);

		free(id);
		return u;
	}
	return eb_xasprintf("%s%s", w->depth ? "../" : "", path);
}

char *
eb_pw_url_file(const struct eb_pw *w, const char *path)
{
	return eb_xasprintf("%s%s", !w->html && w->depth ? "../" : "", path);
}

/* What names two labels' files share on a disk that ignores case, and in
 * the HTML page, whose section ids turn '.' into '-'. */
static char *
fold(const char *name)
{
	char *f = eb_xstrdup(name);

	for (char *q = f; *q; q++)
		if (*q >= 'A' && *q <= 'Z')
			*q = (char)(*q - 'A' + 'a');
		else if (*q == '.')
			*q = '-';
	return f;
}

struct stem_order {
	const char *label;
	char *folded;
	int changed;			/* the slug is not the label itself */
	size_t i;
};

static int
stem_cmp(const void *a, const void *b)
{
	const struct stem_order *x = a, *y = b;
	int c = strcmp(x->folded, y->folded);

	if (c == 0)
		c = x->changed - y->changed;
	return c != 0 ? c : strcmp(x->label, y->label);
}

static int
stem_taken(const struct stem_order *o, char **stems, size_t n, const char *cand)
{
	char *f = fold(cand);
	int taken = 0;

	for (size_t k = 0; k < n && !taken; k++) {
		char *g = stems[k] != NULL ? fold(stems[k]) : NULL;

		taken = strcmp(o[k].folded, f) == 0 || (g != NULL && strcmp(g, f) == 0);
		free(g);
	}
	free(f);
	return taken;
}

/* The file name of each release: its slug, unless two labels slug alike
 * ("24.04/zfs" and "24.04-zfs"). Then the label that is its own slug, or
 * the first by byte order, keeps it and each other one gets the first
 * "-2", "-3", ... that no other label's file has, so that the names
 * depend on the labels only, never on the order of the rows. */
char **
eb_pw_release_stems(const struct eb_plan *p)
{
	size_t n = p->nreleases;
	struct stem_order *o = eb_xcalloc(n ? n : 1, sizeof *o);
	char **stems = eb_xcalloc(n ? n : 1, sizeof *stems), **by = eb_xcalloc(n ? n : 1, sizeof *by);

	for (size_t i = 0; i < n; i++) {
		char *s = eb_pw_slug(p->releases[i]);

		o[i].label = p->releases[i];
		o[i].changed = strcmp(s, p->releases[i]) != 0;
		o[i].folded = fold(s);
		o[i].i = i;
		free(s);
	}
	qsort(o, n, sizeof *o, stem_cmp);
	for (size_t k = 0; k < n; k++) {
		char *base = eb_pw_slug(o[k].label);

		if (k > 0 && strcmp(o[k].folded, o[k - 1].folded) == 0) {
			char *cand = NULL;

			for (unsigned j = 2; cand == NULL || stem_taken(o, by, n, cand); j++) {
				free(cand);
				cand = eb_xasprintf("%s-%u", base, j);
			}
			free(base);
			base = cand;
		}
		by[k] = base;
	}
	for (size_t k = 0; k < n; k++) {
		stems[o[k].i] = by[k];
		free(o[k].folded);
	}
	free(by);
	free(o);
	return stems;
}

static const char *
release_stem(const struct eb_report *r, const char *release)
{
	for (size_t i = 0; i < r->p->nreleases; i++)
		if (strcmp(r->p->releases[i], release) == 0)
			return r->release_stems[i];
	return NULL;
}

/* A label's file name: its release's, or its slug when it is none. */
char *
eb_pw_stem_of(const struct eb_report *r, const char *label)
{
	const char *s = release_stem(r, label);

	return s != NULL ? eb_xstrdup(s) : eb_pw_slug(label);
}

char *
eb_pw_release_path(const struct eb_pw *w, const char *release)
{
	char *s = eb_pw_stem_of(w->r, release), *path = eb_xasprintf("releases/%s.md", s);

	free(s);
	return path;
}

char *
eb_pw_diff_path(const struct eb_pw *w, const char *from, const char *to)
{
	char *a = eb_pw_stem_of(w->r, from), *b = eb_pw_stem_of(w->r, to);
	char *path = eb_xasprintf("diff-%s-%s.md", a, b);

	free(a);
	free(b);
	return path;
}
