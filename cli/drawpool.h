/* drawpool.h - charts drawn to their files by one process per CPU, and big
 * files written beside them: none depends on another, and they take a
 * report's time. */
#ifndef EB_DRAWPOOL_H
#define EB_DRAWPOOL_H

#include <sys/types.h>

#include "../render/scene.h"

struct eb_draw_job {
	const struct eb_scene *scene;
	char *svg, *png;	/* paths; png NULL for none */
	int scale;		/* PNG device pixels per px */
	double cost;		/* what it takes: its pixels, or a file's bytes */
	/* A file instead of a chart: write(ctx) returns 0, or -1 after
	 * saying why. */
	int (*write)(void *ctx);
	void *ctx;
};

#define EB_DRAWPOOL_MAX 7

struct eb_drawpool {
	struct eb_draw_job *jobs;
	size_t njobs;
	int *next;		/* the counter the drawers share, or &local */
	int local;
	pid_t pid[EB_DRAWPOOL_MAX];
	int n;			/* forked drawers */
	/* Called in a forked drawer once it has no file left to write and
	 * starts on the charts: it frees what only the files needed, so
	 * that the drawer's memory is the charts' (may be NULL). */
	void (*shed)(void *ctx);
	void *shed_ctx;
};

/* Orders the jobs biggest first and forks a drawer for each CPU (up to
 * EB_DRAWPOOL_MAX) when there are two or more; the jobs must stay as they
 * are until eb_drawpool_finish. On one CPU, or without fork or shared
 * memory, this process does them all, in finish. */
void eb_drawpool_start(struct eb_drawpool *d, struct eb_draw_job *jobs, size_t n);
/* The jobs that write files (write != NULL) must cost more than any chart,
 * so that they are taken first. */
/* Draws what is left in this process and waits for the drawers; returns
 * 0, or EB_EXIT_IO after saying what failed. */
int eb_drawpool_finish(struct eb_drawpool *d);

#endif
