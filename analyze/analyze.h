/* analyze.h - records to numbers people publish: repetitions to means with
 * confidence intervals, overhead against a baseline, release diffs with a
 * significance test, trends. Pure functions over a table; no I/O. */
#ifndef EB_ANALYZE_H
#define EB_ANALYZE_H

#include "../core/eb.h"
#include "verdict.h"

/* ---- statistics (stats.c); NAN stands for "cannot be computed" */

/* Two-sided tail probability of Student's t with df degrees of freedom. */
double eb_t_pvalue(double t, double df);
/* The quantile q of Student's t (0 < q < 1). */
double eb_t_quantile(double q, double df);

struct eb_sample {
	size_t n;
	double mean, median, sd, min, max;
	double ci_low, ci_high;	/* 95 % interval of the mean; NAN when n < 2 */
};

/* Summarises n values (sorts a copy for the median). */
void eb_sample_summarize(const double *v, size_t n, struct eb_sample *out);

/* Says that the calling thread is not the one the tails' and quantiles'
 * memos belong to: it keeps a small memo of its own, the values the same
 * bit for bit. For the threads that share a command's tests among CPUs. */
void eb_stats_unshared(void);

struct eb_welch {
	double t, df, p;	/* p is NAN when either side has n < 2 */
};

/* Welch's unequal-variance t test of b against a, two-sided. */
void eb_welch_test(const struct eb_sample *a, const struct eb_sample *b,
    struct eb_welch *out);

/* Two-sided Mann-Whitney U test p-value: exact permutation distribution
 * (ties included, through mid-ranks) when na + nb <= EB_MWU_EXACT_MAX,
 * else the normal approximation with tie and continuity correction. */
#define EB_MWU_EXACT_MAX 40
double eb_mann_whitney_p(const double *a, size_t na, const double *b, size_t nb,
    double *u_out);

/* Fieller's 95 % (1 - alpha) interval for the ratio num/den of two
 * independent means. Returns 0 and NANs when the denominator's mean is not
 * significantly different from zero (the interval is unbounded) or a side
 * has n < 2. */
int eb_fieller(const struct eb_sample *num, const struct eb_sample *den,
    double alpha, double *lo, double *hi);

/* Holm-Bonferroni: adjusts n p-values in place (NANs are left alone). */
void eb_holm(double *p, size_t n);

/* ---- repetitions to groups (aggregate.c) */

struct eb_group {
	const struct eb_record *key;	/* first record of the group */
	double *values;			/* n values in input order */
	struct eb_sample s;
};

struct eb_groups {
	struct eb_group *g;
	size_t n;
	double *pool;
	const struct eb_table *t;
};

/* Groups records by every column but rep, value and source, in the order
 * of their first record. The caller frees with eb_groups_free. */
struct eb_groups *eb_aggregate(const struct eb_table *t);
void eb_groups_free(struct eb_groups *gs);
/* Keeps of t (the table gs was made of) only the groups' keys, which gs
 * then points to, and gives back the memory of the other records: for a
 * command that needs nothing of the records but their groups. */
void eb_groups_keys_only(struct eb_groups *gs, struct eb_table *t);
/* The groups of keys->rows (one a group), their values group after group
 * (count[g] each) in values, which they take over: what eb_aggregate and
 * eb_groups_keys_only make of the table of all their records. */
struct eb_groups *eb_groups_adopt(struct eb_table *keys, double *values, const size_t *count);

/* A hash index of groups by key with some columns left out. */
struct eb_group_index;
struct eb_group_index *eb_group_index_new(const struct eb_groups *gs,
    unsigned ignore, int (*want)(const struct eb_group *, void *), void *ctx);
/* The indexed group with the same key as r (ignoring the index's columns),
 * optionally with field f replaced by value v (an interned string). */
const struct eb_group *eb_group_index_find(const struct eb_group_index *ix,
    const struct eb_record *r, int f, const char *v);
void eb_group_index_free(struct eb_group_index *ix);

/* ---- overhead against the baseline mode (overhead.c) */

struct eb_overhead {
	const struct eb_group *g;	/* the encrypted mode */
	const struct eb_group *base;	/* the baseline mode, same key */
	double ratio;		/* < 1 means slower, whatever the metric */
	double ci_low, ci_high;	/* of the ratio, Fieller; NAN when unknown
				 * or unbounded (v.unbounded) */
	double overhead_pct;	/* positive when slower: 1 - ratio for
				 * throughput, the relative increase of a
				 * latency-like metric (v.estimate) */
	struct eb_verdict v;	/* what the tool says of it */
};

/* One row per group whose mode is not the baseline and whose key has a
 * baseline group, in group order. *n gets the count. Each verdict is
 * decided alone (a family of one); eb_overhead_compute_opts with adjust
 * puts every row of the call into its family. */
struct eb_overhead *eb_overhead_compute(const struct eb_groups *gs,
    const char *baseline, size_t *n);
struct eb_overhead *eb_overhead_compute_opts(const struct eb_groups *gs,
    const char *baseline, const struct eb_verdict_opts *o, int adjust, size_t *n);
/* Sets zero[i] for each group i of a mode other than the baseline that
 * has a baseline beside it whose mean or its own is not above 0 (a CPU %
 * of 0 in every run): such a case has no ratio, and no row. */
void eb_overhead_zero_means(const struct eb_groups *gs, const char *baseline, char *zero);
/* The overhead of one group, or NULL. */
const struct eb_overhead *eb_overhead_find(const struct eb_overhead *rows,
    size_t n, const struct eb_group *g);

/* ---- comparing two releases, configs or input sets (diff.c) */

enum eb_split { EB_SPLIT_RELEASE, EB_SPLIT_CONFIG };

struct eb_diff_opts {
	enum eb_split by;
	const char *from, *to;	/* the release or config labels */
	double alpha;		/* 0.05 */
	int median;		/* --center median: Mann-Whitney U */
	int no_adjust;		/* --adjust none; Holm within the call otherwise */
	const char *baseline;	/* for the overhead fields */
	double equivalence_pct;	/* --equivalence; 0 means 2 */
};

struct eb_diff {
	const struct eb_group *a, *b;
	double delta_pct, delta_ci_low_pct, delta_ci_high_pct;	/* v's, in
							 * percent; NAN unknown */
	double p_value;		/* v.p_adj: adjusted; NAN for single runs */
	const char *verdict;	/* eb_verdict_word(&v) */
	struct eb_verdict v;	/* the change of the centre */
	int has_overhead;
	double overhead_from_pct, overhead_to_pct, overhead_change_pp;
	struct eb_verdict oh;	/* the change of overhead (pp), when has_overhead */
};

/* The verdict options of a diff call. */
void eb_diff_verdict_opts(const struct eb_diff_opts *o, struct eb_verdict_opts *vo);

/* The Holm families of a comparison of two releases (or configs, or input
 * sets), the one rule of every output that speaks of it (the diff table
 * and chart, the findings' sentences of the change, the report's headline,
 * its diff page and the trend's rows of that pair): one family per host
 * and metric class (throughput, latency, CPU; bw and iops of one test
 * count once), over every mode and config of that host; the changes of
 * the centre and the changes of overhead are families apart. A sentence
 * about some of a family's tests (the baseline's) keeps the family's
 * verdicts, so that it never claims what the table beside it does not. */

/* Holm over v, split first into the families `same` says (same(ctx, i, j)
 * when v[i] and v[j] are of one), then by metric class. */
void eb_verdict_adjust_split(struct eb_verdict *const *v, const struct eb_record *const *keys,
    size_t n, const struct eb_verdict_opts *o,
    int (*same)(const void *ctx, size_t i, size_t j), const void *ctx);

/* Pairs each key of `from` with the same key of `to`. *n gets the count.
 * Holm's adjustment (unless no_adjust) runs within the families above. */
struct eb_diff *eb_diff_compute(const struct eb_groups *gs,
    const struct eb_diff_opts *o, size_t *n);
/* The groups of one side whose key the other side lacks (a mode or a test
 * one release did not measure), of the hosts rows compare, in gs's order;
 * side[i] is 0 for from, 1 for to, plus EB_UNPAIRED_METRIC when the other
 * side measured its case with other metrics alone (a p99 normal text of
 * clones lacks). *n gets the count; free the two. */
#define EB_UNPAIRED_METRIC 2
const struct eb_group **eb_diff_unpaired(const struct eb_groups *gs,
    const struct eb_diff_opts *o, const struct eb_diff *rows, size_t nrows, int **side,
    size_t *n);
/* The number of tests when both sides hold the same measurements (every
 * key of one has the other's values, in any order, and no key is on one
 * side only): a dataset compared with itself, which is no evidence of
 * anything. 0 otherwise. */
size_t eb_diff_same_data(const struct eb_groups *gs, const struct eb_diff_opts *o);
/* Whether both sides' records come from one set of sources (the same files
 * and lines, in any order): the same records under two labels, where equal
 * values from other sources are two measurements that agree (a rate cap,
 * a rounding). */
int eb_diff_same_sources(const struct eb_groups *gs, const struct eb_diff_opts *o);

/* ---- plain-sentence findings (findings.c) */

struct eb_caveats;

struct eb_findings {
	char **lines;		/* sentences, each carrying its numbers */
	size_t n, cap;
	struct eb_caveats *caveats;	/* while computing: what the runs'
					 * meta.json qualify (caveats.h) */
};

/* The comparisons people write by hand: overhead per mode family and
 * direction, GCM against CCM, key-size sensitivity, LUKS against native
 * encryption and against none, the change between the two newest releases
 * of the baseline and of each overhead, and configs (AES-NI off, fewer
 * cores) against the default one. Verdicts use `alpha`; single runs get no
 * verdict, and the sentence says so. */
void eb_findings_compute(const struct eb_groups *gs, const char *baseline,
    double alpha, struct eb_findings *out);
/* The same with every verdict option: each sentence is one Holm family,
 * a sentence covers one host, and "unchanged" needs every interval within
 * the equivalence margin. */
void eb_findings_compute_opts(const struct eb_groups *gs, const char *baseline,
    const struct eb_verdict_opts *vo, struct eb_findings *out);
/* The same for a part of the data that has hosts_in_data hosts in all:
 * with more than one, every sentence names its host, as the whole's do. */
void eb_findings_compute_hosts(const struct eb_groups *gs, const char *baseline,
    const struct eb_verdict_opts *vo, size_t hosts_in_data, struct eb_findings *out);
void eb_findings_free(struct eb_findings *f);
/* A config as sentences name it: its label, or "the unnamed config" for
 * records that have none (a sheet's rows without a qualifier), so that no
 * sentence is left with a hole where the name belongs. */
const char *eb_config_words(const char *config);
/* "AES-GCM", "AES-CCM", "LUKS", "geli", or the mode itself. */
const char *eb_mode_family(const char *mode);

/* ---- releases in order, and cases across them (trend.c) */

/* The two releases every command compares by default (diff, chart --kind
 * diff, the report, findings): the two newest of one platform that measured
 * a case in common (so on the same host). A platform is a label's part
 * before its first digit: "24.04" and "23.10" are one, "FreeBSD" another;
 * version numbers come first. Returns 0 when no two releases do. */
int eb_release_pair(const struct eb_groups *gs, const char **from, const char **to);
/* The newest release of rel's platform before rel that shares a case with
 * it, or NULL. */
const char *eb_release_before(const struct eb_groups *gs, const char *rel);

struct eb_trend_row {
	const struct eb_group *g;
	const struct eb_group *prev;	/* the same case in the latest earlier
					 * release that has it, or NULL */
	double overhead_pct;		/* against the baseline; NAN without one */
	double change_pct, p;		/* against prev; p adjusted (Holm within
					 * the pair's host and metric class, as
					 * diff), NAN for single runs */
	const char *verdict;		/* eb_verdict_word(&v); NULL without prev */
	struct eb_verdict v;		/* the change against prev */
};

/* One row per group, case by case with releases in version order. The
 * caller frees the array. */
struct eb_trend_row *eb_trend_compute(const struct eb_groups *gs,
    const char *baseline, double alpha, size_t *n);
/* The same with every verdict option; the trend is one Holm family. */
struct eb_trend_row *eb_trend_compute_opts(const struct eb_groups *gs,
    const char *baseline, const struct eb_verdict_opts *vo, size_t *n);

/* The order of release labels everywhere: digit runs compare as numbers,
 * and a pre-release suffix (alpha, beta, pre, rc, after "-", "~", "." or
 * "_" or none, any case; or a bare "~") sorts before the release it
 * precedes: 24.04-rc1 < 24.04 < 24.04.1, 2.2.0-beta2 < 2.2.0-rc1. Labels
 * equal as versions but written apart (24.004, 24.04, 24.4) go by their
 * bytes: the order is total, whatever order the records came in. */
int eb_release_cmp(const char *a, const char *b);

/* The distinct releases of the groups in eb_release_cmp order; the caller
 * frees the array (not the strings). */
const char **eb_releases(const struct eb_groups *gs, size_t *n);
/* Whether host measured a test in both releases a and b (interned labels
 * of gs's table). */
int eb_host_shares_test(const struct eb_groups *gs, const char *host, const char *a,
    const char *b);

#endif
