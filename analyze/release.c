/* release.c - the one order of release labels: numbers as numbers, and a
 * pre-release (24.04-rc1, 2.2.0~beta2) before the release it precedes. */
#include <string.h>
#include <strings.h>

#include "analyze.h"

static int
is_digit(char c)
{
	return c >= '0' && c <= '9';
}

/* The words that mark a pre-release, earliest stage first. */
static const char *const stages[] = { "alpha", "beta", "pre", "rc" };
#define NSTAGES (sizeof stages / sizeof stages[0])
#define RELEASED NSTAGES

/* Where two labels part, the rank of what one of them goes on with: the
 * stage of a pre-release suffix ("-rc1", "~beta", ".pre2", "rc3", FreeBSD's
 * "-RC1", in any case), with
 * *rest after its word; or RELEASED for anything else, the end included. */
static size_t
stage_of(const char *s, const char **rest)
{
	const char *w = s;

	if (*w == '-' || *w == '~' || *w == '.' || *w == '_')
		w++;
	for (size_t i = 0; i < NSTAGES; i++) {
		size_t n = strlen(stages[i]);
		char next;

		/* Only after the word matched is w[n] within the string. */
		if (strncasecmp(w, stages[i], n) != 0)
			continue;
		next = w[n];
		if (next == '\0' || is_digit(next) || next == '.' || next == '-' || next == '_' ||
		    next == '~') {
			*rest = w + n;
			return i;
		}
	}
	/* A tilde sorts before anything, as in Debian versions. */
	if (*s == '~') {
		*rest = s + 1;
		return 0;
	}
	*rest = s;
	return RELEASED;
}

static int
release_cmp(const char *a, const char *b)
{
	int c = eb_natural_prefix(&a, &b);

	if (c != 0)
		return c;
	if (*a == '\0' && *b == '\0')
		return 0;
	{
		const char *ra, *rb;
		size_t sa = stage_of(a, &ra), sb = stage_of(b, &rb);

		if (sa != sb)
			return sa < sb ? -1 : 1;
		if (sa != RELEASED)
			return release_cmp(ra, rb);
	}
	if (*a == '\0' || *b == '\0')
		return *a ? 1 : -1;
	return (unsigned char)*a < (unsigned char)*b ? -1 : 1;
}

/* Labels that differ only in how their numbers are written ("24.04",
 * "24.4", "24.004") are equal as versions; their bytes then decide, so
 * that the order is total and never the order the records were read in. */
int
eb_release_cmp(const char *a, const char *b)
{
	int c = release_cmp(a, b);

	return c != 0 ? c : strcmp(a, b);
}
