/* trend.c - releases in the order people number them. */
#include <stdlib.h>
#include <string.h>

#include "analyze.h"

static int
cmp_release(const void *a, const void *b)
{
	return eb_natural_cmp(*(const char *const *)a, *(const char *const *)b);
}

const char **
eb_releases(const struct eb_groups *gs, size_t *n)
{
	const char **r = NULL;
	size_t cap = 0;

	*n = 0;
	for (size_t i = 0; i < gs->n; i++) {
		const char *rel = gs->g[i].key->f[EB_F_RELEASE];
		size_t j;

		/* Few releases: a linear look is cheaper than a hash. */
		for (j = 0; j < *n && r[j] != rel; j++)
			;
		if (j == *n) {
			eb_xgrow(&r, &cap, *n + 1, sizeof *r);
			r[(*n)++] = rel;
		}
	}
	if (*n > 1)
		qsort(r, *n, sizeof *r, cmp_release);
	return r;
}
