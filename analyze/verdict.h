/* verdict.h - the one decision layer: estimates, intervals and tests become
 * the words encbench prints (tables, charts, findings, JSON) only here. */
#ifndef EB_VERDICT_H
#define EB_VERDICT_H

#include <stddef.h>

struct eb_group;
struct eb_record;

/* What a comparison concluded. The words (eb_verdict_word) are fixed: the
 * man page's "How to read the verdicts" explains each. */
enum eb_verdict_kind {
	EB_VERDICT_NONE = 0,		/* nothing was compared */
	EB_VERDICT_SINGLE_RUN,		/* a side has one run: no interval, no test */
	EB_VERDICT_NO_VARIATION,	/* every run of both sides gave one value */
	EB_VERDICT_TOO_FEW_RUNS,	/* the rank test cannot reach alpha */
	EB_VERDICT_UNBOUNDED,		/* Fieller: the denominator's interval holds 0 */
	EB_VERDICT_OUT_OF_RANGE,	/* the ratio (or a bound of it) lies beyond
					 * what a double holds: no figure, no test */
	EB_VERDICT_NO_CLEAR_CHANGE,	/* the data cannot tell */
	EB_VERDICT_UNCHANGED,		/* the interval lies inside the margin */
	EB_VERDICT_IMPROVED,
	EB_VERDICT_REGRESSED,
	EB_VERDICT_COSTS,		/* overhead: the mode is slower than none */
	EB_VERDICT_FASTER,		/* overhead: the mode is faster than none */
	EB_VERDICT_NO_MEASURABLE,	/* overhead: the interval holds no overhead */
	EB_VERDICT_CHEAPER,		/* overhead change: encryption costs less */
	EB_VERDICT_DEARER,		/* overhead change: encryption costs more */
};

/* Which comparison a verdict is about; it fixes the unit of the estimate. */
enum eb_verdict_what {
	EB_VW_DIFF,		/* percent change of the centre, B against A */
	EB_VW_OVERHEAD,		/* percent cost (or speed-up, or latency increase) */
	EB_VW_OVERHEAD_CHANGE,	/* percentage points of overhead, B against A */
};

enum eb_verdict_test {
	EB_TEST_NONE = 0,
	EB_TEST_WELCH,		/* Welch's t; Fieller's interval with the same df */
	EB_TEST_MANN_WHITNEY,	/* Mann-Whitney U; Hodges-Lehmann shift and interval */
	EB_TEST_LOG_DELTA,	/* delta method on the log of a ratio of ratios */
};

enum eb_adjust { EB_ADJUST_HOLM = 0, EB_ADJUST_NONE };

struct eb_verdict_opts {
	double alpha;		/* 0.05 */
	double equivalence_pct;	/* the +/- margin of "unchanged"; 2 */
	enum eb_adjust adjust;	/* Holm unless --adjust none */
	int median;		/* --center median: the rank test */
};

#define EB_VERDICT_OPTS_DEFAULT { 0.05, 2.0, EB_ADJUST_HOLM, 0 }

/* A group as a verdict keeps it: its summary by value (callers may pass
 * groups that live on their stack), its key and values borrowed from the
 * table, which outlives every verdict. */
struct eb_verdict_side {
	const struct eb_record *key;
	const double *values;
	size_t n;
	double mean, median, sd, min, max;
};

/* A verdict record: the word and everything it rests on, from one
 * computation, so that the printed interval and the word never disagree.
 * Every number is finite or NAN, never an infinity. */
struct eb_verdict {
	enum eb_verdict_kind kind;
	enum eb_verdict_what what;
	enum eb_verdict_test test;
	double estimate;	/* percent, or percentage points */
	double lo, hi;		/* the interval the word rests on, at the level
				 * 1 - ci_alpha (Holm's step level once adjusted);
				 * NAN when there is none */
	int unbounded;		/* that interval has no finite bounds */
	double ci_alpha;	/* lo and hi are a 1 - ci_alpha interval: alpha
				 * before eb_verdict_adjust, alpha / (m - k + 1)
				 * after it for the k-th of m tests */
	double raw_lo, raw_hi;	/* the unadjusted 1 - alpha interval */
	int raw_unbounded;
	int reaches_zero;	/* the compared side's own interval (the mode's
				 * for an overhead, the second side's for a
				 * change) reaches 0, so the ratio's lower bound
				 * is its floor 0, not a measured bound: a word
				 * that claims nothing is then EB_VERDICT_UNBOUNDED,
				 * and a claim prints only the bound it rests on */
	int raw_reaches_zero;
	enum eb_verdict_kind raw_kind;	/* the kind before any adjustment */
	struct eb_verdict_side src[4];	/* what the verdict was computed
				 * from, so that the adjustment can compute the
				 * interval again at its level */
	int median;		/* the rank test (--center median) */
	double df;		/* of the t test; NAN for the rank test */
	double p, p_adj;	/* two-sided p, raw and adjusted; NAN when none */
	const char *family;	/* the adjustment family: "throughput", "latency",
				 * "cpu", "other"; NULL before eb_verdict_adjust */
	size_t family_size;	/* comparisons (tests, not metrics) adjusted over */
	enum eb_adjust adjust;
	int latency;		/* a lower-is-better metric (latency, CPU): the
				 * estimate of an overhead is its relative
				 * increase, named by `quantity` */
	const char *quantity;	/* "latency", "CPU", "energy", "power", or the
				 * metric; NULL for throughput */
	int slower;		/* EB_VW_OVERHEAD: the mode is slower than none */
	int up_is_better;	/* EB_VW_DIFF: a rise is an improvement */
	unsigned runs_needed;	/* EB_VERDICT_TOO_FEW_RUNS: runs per side that
				 * could reach alpha */
	double alpha;
	double margin;		/* the equivalence margin in percent it was
				 * decided with */
};

/* The change of b's centre against a's (mean: Welch and Fieller; median:
 * Mann-Whitney and Hodges-Lehmann), decided as a family of one until
 * eb_verdict_adjust puts it into its family. */
void eb_verdict_diff(const struct eb_group *a, const struct eb_group *b,
    const struct eb_verdict_opts *o, struct eb_verdict *v);
/* The overhead of mode against base (same key but the mode): Fieller's
 * interval on the ratio, the Welch test of no difference. */
void eb_verdict_overhead(const struct eb_group *mode, const struct eb_group *base,
    const struct eb_verdict_opts *o, struct eb_verdict *v);
/* The change of overhead from (mode_a, base_a) to (mode_b, base_b): the
 * ratio of the two ratios with its interval by the delta method on the
 * log scale and Welch-Satterthwaite degrees of freedom. */
void eb_verdict_overhead_change(const struct eb_group *mode_a,
    const struct eb_group *base_a, const struct eb_group *mode_b,
    const struct eb_group *base_b, const struct eb_verdict_opts *o,
    struct eb_verdict *v);

/* The ratio interval of an overhead verdict, as the overhead table shows
 * it: below 1 is slower, throughput as mode / baseline, latency-like
 * metrics as baseline / mode. NAN bounds when v has no interval. */
void eb_verdict_ratio_interval(const struct eb_verdict *v, double *lo, double *hi);

/* Holm's adjustment over one family of comparisons (a table, or one
 * sentence) and the verdicts again with the adjusted p. keys[i] is the key
 * of v[i]: comparisons are split by the class of their metric, and the
 * metrics of one test within a class (bw and iops) count as one. Each
 * interval is computed again at its Holm step level: the test with the
 * k-th smallest p of m at 1 - alpha / (m - k + 1), and every test from the
 * first that Holm keeps on at that test's level, so that an interval
 * excludes no change exactly when Holm rejects. The word then follows that
 * interval; where rounding (or ties in the rank test) would part the two,
 * the interval is widened to reach no change and the word claims nothing.
 * Calling it again starts over from the unadjusted verdicts. */
void eb_verdict_adjust(struct eb_verdict *const *v, const struct eb_record *const *keys,
    size_t n, const struct eb_verdict_opts *o);

/* The class of a metric for the families: "throughput" (bw, iops, ops),
 * "latency" (lat_*), "cpu" (cpu*), or "other". */
const char *eb_metric_family(const char *metric);
/* 1 for latency-like metrics: lower is better and a time. */
int eb_metric_is_latency(const char *metric);

/* The word of a verdict: "improved", "regressed", "no clear change",
 * "unchanged", "single run", "no variation in the runs", "too few runs",
 * "unbounded", "out of range", "costs", "faster", "no measurable overhead", "cheaper",
 * "dearer", or "" for EB_VERDICT_NONE. */
const char *eb_verdict_word(const struct eb_verdict *v);
/* 1 when the word claims a difference (improved, regressed, costs, faster,
 * cheaper, dearer). */
int eb_verdict_claims(const struct eb_verdict *v);

/* A percent or a number of points for display: one decimal, or as many
 * more (up to EB_FIGURE_MAX_DECIMALS, then significant digits) as it takes
 * for the text to lie on the same side as x of 0 and, when margin > 0, of
 * -margin and +margin. So a non-zero figure never prints as 0, a bound
 * that excludes 0 never seems to touch it, and a bound inside an
 * equivalence margin never prints on or outside it. plus: a sign always;
 * "–" for NAN; never "-0.0". Every figure of a verdict prints through it. */
#define EB_FIGURE_MAX_DECIMALS 6
void eb_figure_text(double x, int plus, double margin, char *buf, size_t n);
/* An estimate (a change, a cost) for display, as eb_figure_text, except
 * that one within EB_FIGURE_NOISE of 0 is rounding, not a measurement
 * (20.000000000000018 % less 19.999999999999996 % is -2.2e-14 points, for
 * ratios that are the same to their last bits), and prints as 0. A bound
 * keeps its side of 0 however close it is, since a verdict rests on it. */
#define EB_FIGURE_NOISE 1e-9
void eb_estimate_text(double x, int plus, double margin, char *buf, size_t n);
/* 1 when eb_estimate_text prints x as 0 (0, -0, or within EB_FIGURE_NOISE
 * of it): such a figure gets no direction word, "the same (0.0 %)", never
 * "0.0 % slower". */
int eb_estimate_is_zero(double x);
/* A ratio for display: three significant digits below 0.001 (never "0.000"
 * for a ratio that is not 0); else three decimals, or more until it lies on the same
 * side of 1 as r does ("0.9996", never "1.000" for a ratio below 1). */
void eb_ratio_text(double r, char *buf, size_t n);
/* Which bound of v's interval (raw: of the unadjusted one) is the floor
 * of a ratio whose compared side's interval reaches 0 rather than a
 * measured bound: +1 the upper (a throughput cost's "all of it"), -1 the
 * lower, 0 neither. Such a bound is never printed as a figure. */
int eb_verdict_open_bound(const struct eb_verdict *v, int raw);
/* The estimate and interval: "+3.2 % (+1.0 to +5.4 %)", "14.2 % (12.9 to
 * 17.1 %)", "unbounded", or the estimate alone without an interval. */
void eb_verdict_interval_text(const struct eb_verdict *v, char *buf, size_t n);
/* A p that reads right against alpha: as many digits as it takes for a p
 * below alpha never to print as alpha or above (and the other way round);
 * "–" for NAN. */
void eb_p_text(double p, double alpha, char *buf, size_t n);
void eb_level_text(double alpha, char *buf, size_t n);
void eb_cost_text(double pct, int increase, char *buf, size_t n);
/* The level of printed intervals for a heading or a caption: "95 %", or
 * "Holm-adjusted 95 %" when adjusted is set (some interval in view was
 * computed at a Holm step level, eb_verdict_interval_adjusted). */
void eb_interval_level_text(double alpha, int adjusted, char *buf, size_t n);
/* 1 when v's interval was computed at a Holm step level other than alpha. */
int eb_verdict_interval_adjusted(const struct eb_verdict *v);

/* The whole claim, printable: "improved: +3.2 % (+1.0 to +5.4 %), p 0.0031
 * (Holm over 12 tests)", "costs 14.2 % (12.9 to 17.1 %)", "no measurable
 * overhead: between 5.7 % faster and 10.3 % slower", "latency +20.0 %
 * (+15.1 to +25.2 %)", "too few runs for a rank test at 0.05: 4 per side
 * needed", "no variation in the runs". */
void eb_verdict_phrase(const struct eb_verdict *v, char *buf, size_t n);

/* A share in percent that keeps its side of 0 and of 100 % (a cost of
 * 99.96 % never prints as 100.0 %), and one within a millionth of 100
 * as "> 99.9999". */
void eb_share_text(double x, int plus, char *buf, size_t n);
/* Why an EB_VERDICT_OUT_OF_RANGE verdict has no figure or no verdict. */
#define EB_OUT_OF_RANGE_WHY "the means differ by a factor beyond 1.8e308, the largest " \
	"number encbench computes with"
void eb_out_of_range_text(const struct eb_verdict *v, char *buf, size_t n);
/* Why a rank test has no verdict: "too few runs for a rank test at 0.05:
 * 4 per side needed; 3 against 3 runs reach p 0.1 at best", at Holm's
 * step level when the family asked for a stricter one than alpha. */
void eb_too_few_text(const struct eb_verdict *v, char *buf, size_t n);

/* The smallest equal group size whose rank test can reach alpha. */
unsigned eb_rank_runs_needed(double alpha);

#endif
