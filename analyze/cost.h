/* cost.h - what a test's bytes cost beyond time: CPU-seconds and joules per
 * GiB moved, their ratio to the baseline mode, and tests bound by one thread. */
#ifndef EB_COST_H
#define EB_COST_H

#include "analyze.h"
#include "verdict.h"

/* The records ingest/sample.c makes from encbench-sample's files carry
 * what their figure needs beyond its value as a tag in the source column:
 * one " KEY=VALUE" word after the location (VALUE holds no space: the
 * sampler escapes names), as encbench(1)'s results.csv section says:
 *   cpu_top_thread  "PATH:LINE thread=NAME"  the busiest thread;
 *   cpu_busy        "PATH:LINE cpus=N"       the CPUs online on average,
 *                                            which make the share CPU-seconds.
 * The source still says where the number came from (the line of the
 * sample file it was read at, which names that thread), and a results.csv
 * keeps the tag. */
#define EB_COST_TAG_THREAD "thread"
#define EB_COST_TAG_CPUS "cpus"

/* The value of tag key in r's source into buf ("" when it has none, cut to
 * n - 1 bytes); returns buf. The tag is the source's last word and never
 * its first, so a path with spaces before it is never read as one (only a
 * record without a tag whose path's last word starts with "KEY=" would be
 * misread). */
const char *eb_cost_source_tag(const struct eb_record *r, const char *key, char *buf, size_t n);

/* The single-thread finding: the busiest thread at this share of one CPU
 * or more while the machine is below the second share busy. */
#define EB_COST_THREAD_BOUND_PCT 90.0
#define EB_COST_MACHINE_IDLE_PCT 60.0

#define EB_GIB 1073741824.0

/* One test case (a bw group's key: release, host, config, mode, tool, job,
 * workload, op, block size) with what its repetitions cost. */
struct eb_cost_case {
	const struct eb_record *key;	/* the case's first bw record */
	/* Per repetition: CPU-seconds of the whole machine per GiB moved
	 * (cpu_busy x CPUs / bw) and joules per GiB (power / bw). n is 0 when
	 * the case has no such records, or (cpu) its CPU count is unknown. */
	struct eb_sample cpu, joules;
	int cpus;			/* of the host, from the run's meta.json; 0 unknown */
	const struct eb_cost_case *base;	/* the baseline mode's case, or NULL */
	/* encrypted / baseline of the means; NAN without a baseline. Its
	 * interval is the verdict's. */
	double cpu_ratio, joules_ratio;
	/* What the decision layer says of each against the baseline: an
	 * overhead of a lower-is-better quantity ("CPU +356 % (...)", "no
	 * measurable overhead: energy between ..."), Holm-adjusted over the
	 * table's cases; kind EB_VERDICT_NONE without a baseline. Their keys
	 * are the case's with metric "cpu" and "energy". */
	struct eb_verdict cpu_v, joules_v;
	struct eb_record cpu_key, joules_key;
};

struct eb_cost {
	struct eb_cost_case *c;
	size_t n;
	size_t no_cpus;			/* cases with cpu_busy but no CPU count */
	double *pool;
};

/* Pairs each bw record with the cpu_busy and power records of the same
 * test and repetition. o NULL: EB_VERDICT_OPTS_DEFAULT. Returns NULL when
 * the table has neither metric; free with eb_cost_free. */
struct eb_cost *eb_cost_compute(const struct eb_table *t, const char *baseline,
    const struct eb_verdict_opts *o);
void eb_cost_free(struct eb_cost *c);

/* The busiest thread's name of a cpu_top_thread record into buf ("" when
 * it has none): its thread tag. Returns buf. */
const char *eb_cost_thread_name(const struct eb_record *r, char *buf, size_t n);

/* The name the busiest thread had in most runs of a cpu_top_thread group
 * into buf ("" when none says); returns buf. */
const char *eb_cost_group_thread(const struct eb_table *t, const struct eb_group *g,
    char *buf, size_t n);

/* Sentences such as "aes-256-gcm dd writes are bound by one thread:
 * z_wr_iss ran at 98 % of a CPU (...) while the machine was 31 % busy
 * (...)", one per case whose busiest thread ran at 90 % of a CPU or more
 * while the machine was under 60 % busy, appended to out. Both 95 %
 * intervals must clear their threshold, so single runs say nothing; and
 * when the busiest thread was not the same one in every run, the sentence
 * names each with its runs and claims no bound. */
void eb_cost_thread_findings(const struct eb_groups *gs, struct eb_findings *out);

#endif
