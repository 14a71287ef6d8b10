/* fio_stated.c - what normal and terse output show of a job's setup without
 * printing its options, so that runs of one test in two files ran alike. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fio.h"

static const char *const depth_names[7] = { "1", "2-3", "4-7", "8-15", "16-31", "32-63",
	">=64" };

void
eb_fio_depths_take(struct eb_fio_job *j, const double share[7])
{
	for (int k = 6; k >= 0; k--)
		if (share[k] > 0) {
			snprintf(j->depths, sizeof j->depths, "%s", depth_names[k]);
			return;
		}
}

int
eb_fio_has_banner(const struct eb_fio_banners *b, const struct eb_fio_job *j)
{
	for (size_t i = 0; b != NULL && i < b->n; i++)
		if (strcmp(b->v[i].name, j->name) == 0)
			return 1;
	return 0;
}

int
eb_fio_group_of_one(const struct eb_fio_banners *b, const struct eb_fio_job *j)
{
	const struct eb_fio_banner *v = NULL;

	for (size_t i = 0; b != NULL && i < b->n && v == NULL; i++)
		if (strcmp(b->v[i].name, j->name) == 0)
			v = &b->v[i];
	if (v == NULL || v->group < 0)
		return 0;
	for (size_t i = 0; i < b->n; i++)
		if (b->v[i].run == v->run && b->v[i].group == v->group &&
		    strcmp(b->v[i].name, j->name) != 0)
			return 0;
	return 1;
}

char *
eb_fio_stated_setup(const struct eb_fio_banners *b, const struct eb_fio_job *j, long njobs,
    long numjobs, double kib, double ms, const char *unchecked)
{
	const struct eb_fio_banner *v = NULL;
	struct eb_buf t;

	for (size_t i = 0; b != NULL && i < b->n && v == NULL; i++)
		if (strcmp(b->v[i].name, j->name) == 0)
			v = &b->v[i];
	eb_buf_init(&t, 0);
	/* By name, as eb_fio_setup_difference walks them; "~" lines last. */
	if (v != NULL)
		eb_buf_addf(&t, "iodepth=%.40s\n", v->depth != NULL ? v->depth : "(unset)");
	if (j->depths[0] != '\0')
		eb_buf_addf(&t, "iodepth_reached=%s\n", j->depths);
	if (v != NULL)
		eb_buf_addf(&t, "ioengine=%.40s\n", v->engine != NULL ? v->engine : "(unset)");
	if (njobs > 0)
		eb_buf_addf(&t, "jobs=%ld\n", njobs);
	if (numjobs > 0)
		eb_buf_addf(&t, "numjobs=%ld\n", numjobs);
	if (v != NULL)
		eb_buf_addf(&t, "rw=%.40s\n", v->rw != NULL ? v->rw : "(unset)");
	if (j->syncs[0] != '\0')
		eb_buf_addf(&t, "syncs=%s\n", j->syncs);
	if (kib > 0 && ms > 0)
		eb_buf_addf(&t, "~moved=%.17g %.17g\n", kib, ms);
	eb_buf_addf(&t, "~partial\n");
	if (unchecked != NULL)
		eb_buf_addf(&t, "~unchecked=%s\n", unchecked);
	eb_buf_cstr(&t);
	return t.data;
}

char *
eb_fio_setup_add(char *setup, const char *name, long value)
{
	const char *q = setup;
	size_t k = strlen(name);
	char *out;

	/* Before the first line of a name after it, or the "~" lines. */
	while (*q != '\0' && *q != '~') {
		size_t n = strcspn(q, "=\n");
		int c = strncmp(q, name, n < k ? n : k);

		if (c > 0 || (c == 0 && n > k))
			break;
		q += strcspn(q, "\n") + (q[strcspn(q, "\n")] == '\n');
	}
	out = eb_xasprintf("%.*s%s=%ld\n%s", (int)(q - setup), setup, name, value, q);
	free(setup);
	return out;
}

/* The value of a "~name=" line of setup s, its length in *n; NULL for none. */
static const char *
tilde_line(const char *s, const char *name, size_t *n)
{
	size_t k = strlen(name);

	for (const char *q = s; *q != '\0'; q += strcspn(q, "\n") + (q[strcspn(q, "\n")] == '\n'))
		if (q[0] == '~' && strncmp(q + 1, name, k) == 0 && q[1 + k] == '=') {
			*n = strcspn(q + 2 + k, "\n");
			return q + 2 + k;
		}
	return NULL;
}

/* Whether a runtime is what a runtime= limit gives: fio stops a job a few
 * ms after it (30001 ms for runtime=30), so within 1 % and 2 ms above a
 * whole tenth of a second. */
static int
limited(double ms)
{
	return fmod(ms, 100) <= 0.01 * ms + 2;
}

/* Runs of one test move the same amount (a size= run) or run as long as
 * their runtime= lets them: amounts apart (by more than the 1 % normal
 * text rounds one to) in runtimes apart (by 5 % and 2 ms), or in alike
 * runtimes that no runtime= limit explains, are runs of other size=,
 * numjobs= (clones side by side take the time one takes), or one its
 * runtime= cut short. */
int
eb_fio_setup_moved(const char *a, const char *b, char *why, size_t n)
{
	size_t na, nb;
	const char *x = tilde_line(a, "moved", &na), *y = tilde_line(b, "moved", &nb);
	double ka, ma, kb, mb;

	if (x == NULL || y == NULL || sscanf(x, "%lg %lg", &ka, &ma) != 2 ||
	    sscanf(y, "%lg %lg", &kb, &mb) != 2)
		return 0;
	if (fabs(ka - kb) <= 0.01 * fmax(ka, kb) ||
	    (fabs(ma - mb) <= 0.05 * fmax(ma, mb) + 2 && limited(ma) && limited(mb)))
		return 0;
	snprintf(why, n, "moved %.0f KiB in %.0f ms here but %.0f KiB in %.0f ms", kb, mb, ka, ma);
	return 1;
}

int
eb_fio_setup_unchecked(const char *a, const char *b, char *out, size_t n)
{
	size_t na = 0, nb = 0;
	const char *x = tilde_line(a, "unchecked", &na), *y = tilde_line(b, "unchecked", &nb);

	if (x == NULL && y == NULL)
		return 0;
	if (x != NULL && y != NULL && (na != nb || memcmp(x, y, na) != 0))
		snprintf(out, n, "%.*s; %.*s", (int)nb, y, (int)na, x);
	else
		snprintf(out, n, "%.*s", x != NULL ? (int)na : (int)nb, x != NULL ? x : y);
	return 1;
}
