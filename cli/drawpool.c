/* drawpool.c - a report's charts and big files made by forked processes
 * that take them one at a time, biggest first, through a counter in shared
 * memory. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include "../core/eb.h"
#include "../ingest/ingest.h"
#include "drawpool.h"
#include "folderswap.h"

/* Takes charts until none is left, so that no drawer waits while another
 * has several; 0, or -1 after saying why. */
static int
draw(struct eb_drawpool *d)
{
	struct eb_err err;
	size_t i;
	int shed = d->shed == NULL || d->next == &d->local;

	while ((i = (size_t)__atomic_fetch_add(d->next, 1, __ATOMIC_RELAXED)) < d->njobs) {
		const struct eb_draw_job *job = &d->jobs[i];

		if (job->write != NULL) {
			if (job->write(job->ctx) != 0)
				return -1;
			continue;
		}
		if (!shed) {
			d->shed(d->shed_ctx);
			shed = 1;
		}
		if (eb_scene_write_svg(job->scene, job->svg, &err) != EB_OK ||
		    (job->png != NULL &&
		    eb_scene_write_png(job->scene, job->png, job->scale, &err) != EB_OK)) {
			eb_err_print(&err, stderr);
			return -1;
		}
	}
	return 0;
}

static int
cmp_cost(const void *a, const void *b)
{
	const struct eb_draw_job *x = a, *y = b;

	return (x->cost < y->cost) - (x->cost > y->cost);
}

void
eb_drawpool_start(struct eb_drawpool *d, struct eb_draw_job *jobs, size_t n)
{
	int ncpu = eb_cpu_count();
	void *shared;

	qsort(jobs, n, sizeof *jobs, cmp_cost);
	d->jobs = jobs;
	d->njobs = n;
	d->local = 0;
	d->next = &d->local;
	d->n = 0;
	/* d->shed is the caller's. */
	if (ncpu > EB_DRAWPOOL_MAX)
		ncpu = EB_DRAWPOOL_MAX;
	if (ncpu < 2 || n < 2)
		return;
	shared = mmap(NULL, sizeof *d->next, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS,
	    -1, 0);
	if (shared == MAP_FAILED)
		return;
	d->next = shared;
	*d->next = 0;
	fflush(stdout);
	fflush(stderr);
	/* A drawer per CPU: this process, which holds the plan and writes
	 * the rest, draws nothing itself, so that it never adds a PNG's
	 * pixels to all it holds. */
	for (int k = 0; k < ncpu; k++) {
		pid_t pid = fork();

		if (pid == 0) {
			int rc;

			/* A drawer per CPU already: a PNG's bands on threads
			 * of their own would only take turns with the others. */
			eb_scene_png_threads(1);
			rc = draw(d) == 0 ? 0 : 1;

			fflush(stderr);
			_exit(rc);
		}
		if (pid < 0)
			break;
		eb_folder_guard_drawer(pid, 1);
		d->pid[d->n++] = pid;
	}
}

int
eb_drawpool_finish(struct eb_drawpool *d)
{
	int rc = d->n > 0 || draw(d) == 0 ? 0 : EB_EXIT_IO;

	for (int k = 0; k < d->n; k++) {
		int status = 0;
		pid_t got;

		while ((got = waitpid(d->pid[k], &status, 0)) < 0 && errno == EINTR)
			;
		eb_folder_guard_drawer(d->pid[k], 0);
		if (got < 0 || !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
			if (got >= 0 && WIFSIGNALED(status))
				fprintf(stderr, "encbench: error: a process drawing charts "
				    "died (signal %d)\n", WTERMSIG(status));
			rc = EB_EXIT_IO;
		}
	}
	if (d->next != &d->local)
		munmap(d->next, sizeof *d->next);
	d->next = &d->local;
	d->n = 0;
	return rc;
}
