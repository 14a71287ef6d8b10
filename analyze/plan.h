/* plan.h - what a report says, worked out once from the records: the groups,
 * the overhead, the diff of the release pair, the trend, the findings and
 * the scopes (hosts, configs, the newest release) every page and chart reads. */
#ifndef EB_PLAN_H
#define EB_PLAN_H

#include "analyze.h"

struct eb_plan_opts {
	const char *baseline;	/* the unencrypted mode; "none" */
	double alpha;		/* 0.05 */
	/* --releases: these releases in this order, the last two diffed;
	 * NULL takes every release in version order. */
	const char *const *releases;
	size_t nreleases;
};

/* A host and config with the groups it has: the panels of the trend and
 * heat map, and the pages the main one links. */
struct eb_plan_scope {
	const char *host, *config;
	size_t ngroups;
	size_t nreleases;	/* how many releases it has */
	const char *release;	/* its newest (or only) release */
	struct eb_groups *bw;	/* its throughput groups: a view of the plan's */
};

/* A run whose meta.json or sheet says its numbers are made up. */
struct eb_plan_label {
	const char *release, *host, *config;
};

struct eb_plan {
	const struct eb_table *t;
	const char *baseline;
	double alpha;
	struct eb_groups *gs;		/* every metric */
	struct eb_groups *bw;		/* the throughput groups: a view of gs */
	const char *metric;		/* bw, or the first metric when none is */
	const char **releases;		/* in version order, or as chosen */
	size_t nreleases;
	int chosen;			/* --releases named them */
	const char **hosts, **configs;	/* the most groups first */
	size_t nhosts, nconfigs;
	struct eb_plan_scope *scopes;	/* host x config with any groups, the
					 * main one first */
	size_t nscopes;
	const char *host, *config;	/* the main scope's */
	const char *newest;		/* the newest release of the main scope */
	const char *from, *to;		/* the release pair; NULL when none */
	struct eb_overhead *oh;		/* throughput against the baseline, each
					 * case's verdict from its own interval,
					 * as "encbench overhead" gives it */
	size_t noh;
	struct eb_diff *diff;		/* every metric, from -> to */
	size_t ndiff;
	struct eb_groups *pair;		/* the groups of from and to: a view */
	struct eb_trend_row *trend;	/* throughput */
	size_t ntrend;
	struct eb_findings findings;	/* all of them */
	struct eb_findings headline;	/* the few the main page opens with,
					 * most important first */
	struct eb_plan_label *made_up;	/* the illustrative runs, report order */
	size_t nmade_up;
	int all_made_up;		/* every record is of such a run */
	struct eb_caveats *caveats;	/* what the runs' meta.json qualify
					 * (caveats.h); NULL when nothing */
};

/* Keeps the records of the releases named (in t's order); fails with
 * EB_ERR_DATA for a release no record has. For --releases before the plan. */
enum eb_status eb_plan_select(struct eb_table *t, const char *const *releases,
    size_t n, struct eb_err *err);

/* Computes the plan of t (which must outlive it); eb_plan_free frees what
 * it holds. */
void eb_plan_compute(struct eb_plan *p, const struct eb_table *t,
    const struct eb_plan_opts *o);
void eb_plan_free(struct eb_plan *p);

/* A view of groups chosen from p->gs by release, host, config and metric
 * (NULL matches any); free it with eb_plan_view_free. The groups are the
 * plan's: the view is valid while the plan is. */
struct eb_groups *eb_plan_view(const struct eb_plan *p, const char *release,
    const char *host, const char *config, const char *metric);
void eb_plan_view_free(struct eb_groups *v);

/* The overhead of some of the plan's groups as one table: every row's
 * verdict adjusted (Holm) over the table. The caller frees the rows; they
 * point into gs. */
struct eb_overhead *eb_plan_overhead_table(const struct eb_plan *p,
    const struct eb_groups *gs, size_t *n);

/* The configs of a release, the most groups first; *n gets the count and
 * the caller frees the array. */
const char **eb_plan_configs_of(const struct eb_plan *p, const char *release,
    const char *host, size_t *n);

/* Whether a meta.json or sheet says its numbers are made up:
 * "illustrative" true, or a note (the samples' meta.json, a sheet's
 * group-row text); false and null say nothing, and ingest refuses any
 * other value. The one test of it for the report, its pages and charts. */
int eb_plan_meta_made_up(const struct eb_run_meta *m);
/* Whether meta m is of the run of k's host and config in release: it
 * names that release, and k's host and config where it names them. */
int eb_plan_meta_of(const struct eb_run_meta *m, const struct eb_record *k,
    const char *release);

/* Whether a run label names a version ("24.04") rather than a platform. */
int eb_plan_is_version(const char *release);

/* The geometric mean over k cases of the ratios of the overhead rows, with
 * a 1 - alpha interval from the delta method on the log scale (Welch-Satterthwaite
 * degrees of freedom of the sum), rows that share a baseline group sharing
 * its error; lo and hi are NAN when a case has a single run. Returns NAN
 * for k == 0. */
double eb_plan_geomean(const struct eb_overhead *const *rows, size_t k, double alpha,
    double *lo, double *hi);

#endif
