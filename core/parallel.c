/* parallel.c - a loop over items that do not depend on one another, shared
 * among the CPUs: the verdicts and summaries of a command's many tests. */
#include <pthread.h>

#include "eb.h"

#define MAX_SLICES 8

struct slice {
	void (*fn)(void *ctx, size_t lo, size_t hi, int apart);
	void *ctx;
	size_t lo, hi;
};

static void *
run_apart(void *arg)
{
	struct slice *s = arg;

	s->fn(s->ctx, s->lo, s->hi, 1);
	return NULL;
}

void
eb_parallel_for(size_t n, size_t min_slice, void (*fn)(void *ctx, size_t lo, size_t hi,
    int apart), void *ctx)
{
	struct slice s[MAX_SLICES];
	pthread_t tid[MAX_SLICES];
	int k = eb_cpu_count(), started = 1;

	if (k > MAX_SLICES)
		k = MAX_SLICES;
	while (k > 1 && n < (size_t)k * min_slice)
		k--;
	if (k < 1)
		k = 1;
	for (int j = 0; j < k; j++)
		s[j] = (struct slice){ fn, ctx, n * (size_t)j / (size_t)k,
		    n * (size_t)(j + 1) / (size_t)k };
	for (int j = 1; j < k; j++) {
		if (pthread_create(&tid[j], NULL, run_apart, &s[j]) != 0)
			break;
		started = j + 1;
	}
	fn(ctx, s[0].lo, s[0].hi, 0);
	for (int j = 1; j < started; j++)
		pthread_join(tid[j], NULL);
	/* A thread that could not be started: its slice is done here. */
	for (int j = started; j < k; j++)
		fn(ctx, s[j].lo, s[j].hi, 0);
}
