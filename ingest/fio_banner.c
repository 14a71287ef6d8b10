/* fio_banner.c - the "NAME: (g=G): rw=RW, bs=BS" banners fio prints before a
 * run, kept per file so that normal and terse results know their job's rw=. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fio.h"

int
eb_fio_banners_take(struct eb_fio_banners *b, const char *line, size_t len)
{
	return eb_fio_banners_take_at(b, line, len, 0);
}

int
eb_fio_banners_take_at(struct eb_fio_banners *b, const char *line, size_t len, long lineno)
{
	struct eb_fio_banner nb;

	const char *g;

	if (!eb_fio_parse_banner(line, len, &nb.name, &nb.rw, nb.bs))
		return 0;
	g = eb_fio_memstr(line, len, ": (g=");
	nb.group = g != NULL ? strtol(g + 5, NULL, 10) : -1;
	nb.engine = nb.depth = NULL;
	if ((g = eb_fio_memstr(line, len, ", ioengine=")) != NULL)
		nb.engine = eb_xstrndup(g + 11, strcspn(g + 11, ", \r\n"));
	if ((g = eb_fio_memstr(line, len, ", iodepth=")) != NULL)
		nb.depth = eb_xstrndup(g + 10, strcspn(g + 10, ", \r\n"));
	nb.line = lineno;
	nb.run = b->run;
	nb.client = len > 0 && line[0] == '<';
	for (size_t i = 0; i < b->n; i++) {
		if (strcmp(b->v[i].name, nb.name) == 0) {
			/* fio prints a banner a job section and "..." for its
			 * numjobs clones (init.c, add_job, 1.x to 3.42), and
			 * client/server output one a host. */
			if (lineno > 0 && b->v[i].line > 0 && b->v[i].run == nb.run &&
			    b->v[i].group == nb.group && !nb.client && !b->v[i].client &&
			    b->twice_line == 0) {
				b->twice_line = lineno;
				b->twice_prev = b->v[i].line;
				b->twice_index = i;
			}
			free(b->v[i].name);
			free(b->v[i].rw);
			free(b->v[i].engine);
			free(b->v[i].depth);
			b->v[i] = nb;
			return 1;
		}
	}
	eb_xgrow(&b->v, &b->cap, b->n + 1, sizeof *b->v);
	b->v[b->n++] = nb;
	return 1;
}

static int
banners_alike(const struct eb_fio_banner *a, const struct eb_fio_banner *b)
{
	return ((a->rw == NULL && b->rw == NULL) || (a->rw != NULL && b->rw != NULL &&
	    strcmp(a->rw, b->rw) == 0)) && memcmp(a->bs, b->bs, sizeof a->bs) == 0;
}

void
eb_fio_banners_apply(const struct eb_fio_banners *b, struct eb_fio_job *j)
{
	for (size_t i = 0; i < b->n; i++) {
		if (strcmp(b->v[i].name, j->name) != 0)
			continue;
		if (b->v[i].rw != NULL)
			eb_fio_job_set_str(&j->rw, b->v[i].rw, strlen(b->v[i].rw));
		memcpy(j->bs, b->v[i].bs, sizeof j->bs);
		/* group_reporting prints one entry, under its first job's name,
		 * for all the jobs of a group, whose own banners fio 3.33 prints
		 * before the run. */
		for (size_t k = 0; j->njobs > 1 && b->v[i].group >= 0 && k < b->n; k++)
			if (b->v[k].group == b->v[i].group && !banners_alike(&b->v[k], &b->v[i]))
				j->mixed_group = 1;
		return;
	}
}

void
eb_fio_banners_free(struct eb_fio_banners *b)
{
	for (size_t i = 0; i < b->n; i++) {
		free(b->v[i].name);
		free(b->v[i].rw);
		free(b->v[i].engine);
		free(b->v[i].depth);
	}
	free(b->v);
	memset(b, 0, sizeof *b);
}
