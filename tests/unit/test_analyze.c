/* test_analyze.c - aggregation, overhead, release diffs and findings on
 * tests/data/analyze/two-releases.csv, whose reference values SciPy gave
 * (tests/reference/make_two_releases.py). */
#include "testutil.h"
#include "../../analyze/analyze.h"

#define close9(a, e) tu_assert_close_at((a), (e), 1e-9, __FILE__, __LINE__)

static const struct eb_diff *
find_diff(const struct eb_diff *d, size_t n, const char *mode, const char *op,
    const char *metric)
{
	for (size_t i = 0; i < n; i++) {
		const struct eb_record *k = d[i].a->key;

		if (strcmp(k->f[EB_F_MODE], mode) == 0 && strcmp(k->f[EB_F_OP], op) == 0 &&
		    strcmp(k->f[EB_F_METRIC], metric) == 0)
			return &d[i];
	}
	fail_msg("no diff row for %s %s %s", mode, op, metric);
	return NULL;
}

static void
test_diff_verdicts(void **state)
{
	struct tu_run r;
	struct eb_groups *gs;
	struct eb_diff_opts o = { EB_SPLIT_RELEASE, "23.10", "24.04", 0.05, 0, 0, "none", 0 };
	struct eb_diff *d;
	const struct eb_diff *x;
	size_t n;

	(void)state;
	tu_ingest(&r, "tests/data/analyze/two-releases.csv", "auto");
	assert_int_equal(r.st, EB_OK);
	assert_int_equal(r.t->n, 60);
	gs = eb_aggregate(r.t);
	assert_int_equal(gs->n, 12);
	d = eb_diff_compute(gs, &o, &n);
	assert_int_equal(n, 6);

	/* Moved by 20 % with 1 % noise: improved, p < 0.001. */
	x = find_diff(d, n, "none", "write", "bw");
	assert_string_equal(x->verdict, "improved");
	close9(x->v.p, 3.743280060702623e-08);
	close9(x->delta_pct, 19.671712804503727);
	assert_true(x->delta_ci_low_pct < x->delta_pct && x->delta_pct < x->delta_ci_high_pct);
	assert_int_equal(x->has_overhead, 0);
	x = find_diff(d, n, "aes-256-gcm", "write", "bw");
	assert_string_equal(x->verdict, "improved");
	close9(x->v.p, 2.288024787934957e-08);
	assert_int_equal(x->has_overhead, 1);
	close9(x->overhead_change_pp, x->overhead_to_pct - x->overhead_from_pct);
	/* More latency is worse. */
	x = find_diff(d, n, "none", "read", "lat_mean");
	assert_string_equal(x->verdict, "regressed");
	close9(x->v.p, 1.1740982524759708e-11);
	/* The same distribution in both releases: its interval lies within
	 * the +/-2 % margin, so unchanged. */
	x = find_diff(d, n, "none", "read", "bw");
	assert_string_equal(x->verdict, "unchanged");
	assert_true(x->delta_ci_low_pct > -2 && x->delta_ci_high_pct < 2);
	close9(x->v.p, 0.4144155582408036);
	/* Holm keeps the test before it (none read, step 3 of 4), so this
	 * one's interval is at that step's 97.5 %, raw -1.75 to +1.37 %,
	 * adjusted -2.05 to +1.69 %: past the margin, so no clear change. */
	x = find_diff(d, n, "aes-256-gcm", "read", "bw");
	assert_string_equal(x->verdict, "no clear change");
	close9(x->v.p, 0.7678822732691283);
	close9(x->v.ci_alpha, 0.025);
	close9(x->v.raw_lo, -1.7510381879740522);
	close9(x->v.lo, -2.05464658400788);
	close9(x->v.hi, 1.6916953253718559);
	x = find_diff(d, n, "aes-256-gcm", "read", "lat_mean");
	close9(x->v.p, 0.5139076364314055);
	free(d);

	/* Medians: the exact Mann-Whitney U test. */
	o.median = 1;
	d = eb_diff_compute(gs, &o, &n);
	close9(find_diff(d, n, "none", "write", "bw")->v.p, 0.007936507936507936);
	close9(find_diff(d, n, "none", "read", "bw")->v.p, 0.30952380952380953);
	close9(find_diff(d, n, "aes-256-gcm", "read", "bw")->v.p, 0.8412698412698413);
	free(d);

	/* Holm by default, within metric classes: the two latency pairs are
	 * one family, so the smaller p is doubled; --adjust none keeps it. */
	o.median = 0;
	d = eb_diff_compute(gs, &o, &n);
	x = find_diff(d, n, "none", "read", "lat_mean");
	close9(x->p_value, 2 * 1.1740982524759708e-11);
	assert_string_equal(x->v.family, "latency");
	assert_int_equal(x->v.family_size, 2);
	/* Four throughput tests: the largest p (0.768) is multiplied by 1
	 * and kept at least the next one's adjusted 2 x 0.414. */
	close9(find_diff(d, n, "aes-256-gcm", "read", "bw")->p_value, 0.8288311164816072);
	close9(find_diff(d, n, "none", "read", "bw")->p_value, 2 * 0.4144155582408036);
	free(d);
	o.no_adjust = 1;
	d = eb_diff_compute(gs, &o, &n);
	close9(find_diff(d, n, "none", "read", "lat_mean")->p_value, 1.1740982524759708e-11);
	free(d);
	eb_groups_free(gs);
	tu_free(&r);
}

static void
test_overhead(void **state)
{
	struct tu_run r;
	struct eb_groups *gs;
	struct eb_overhead *oh;
	size_t n;

	(void)state;
	tu_ingest(&r, "tests/data/analyze/two-releases.csv", "auto");
	gs = eb_aggregate(r.t);
	oh = eb_overhead_compute(gs, "none", &n);
	assert_int_equal(n, 6);
	for (size_t i = 0; i < n; i++) {
		const struct eb_record *k = oh[i].g->key;
		int hib = strcmp(k->f[EB_F_METRIC], "bw") == 0;
		double ratio = hib ? oh[i].g->s.mean / oh[i].base->s.mean :
		    oh[i].base->s.mean / oh[i].g->s.mean;

		assert_string_equal(k->f[EB_F_MODE], "aes-256-gcm");
		assert_string_equal(oh[i].base->key->f[EB_F_MODE], "none");
		assert_ptr_equal(oh[i].base->key->f[EB_F_RELEASE], k->f[EB_F_RELEASE]);
		close9(oh[i].ratio, ratio);
		/* Latency overhead is its relative increase (DESIGN.md). */
		close9(oh[i].overhead_pct, hib ? (1 - ratio) * 100 : (1 / ratio - 1) * 100);
		assert_true(oh[i].ci_low < oh[i].ratio && oh[i].ratio < oh[i].ci_high);
	}
	free(oh);
	oh = eb_overhead_compute(gs, "luks-xts-512", &n);
	assert_int_equal(n, 0);
	free(oh);
	eb_groups_free(gs);
	tu_free(&r);
}

static void
test_releases_in_version_order(void **state)
{
	struct eb_table *t = eb_table_new();
	static const char *const labels[] = { "24.04", "9.10", "20.10", "20.04", "23.10" };
	struct eb_groups *gs;
	const char **rel;
	size_t n;

	(void)state;
	for (size_t i = 0; i < 5; i++) {
		struct eb_record r;

		eb_record_init(t, &r);
		r.f[EB_F_RELEASE] = eb_intern_cstr(t, labels[i]);
		r.f[EB_F_METRIC] = eb_intern_cstr(t, "bw");
		eb_table_add(t, &r);
	}
	gs = eb_aggregate(t);
	rel = eb_releases(gs, &n);
	assert_int_equal(n, 5);
	assert_string_equal(rel[0], "9.10");
	assert_string_equal(rel[1], "20.04");
	assert_string_equal(rel[2], "20.10");
	assert_string_equal(rel[3], "23.10");
	assert_string_equal(rel[4], "24.04");
	free((void *)rel);
	eb_groups_free(gs);
	eb_table_free(t);
}

static void
test_findings(void **state)
{
	struct tu_run r;
	struct eb_groups *gs;
	struct eb_findings f;

	(void)state;
	tu_ingest(&r, "tests/data/analyze/two-releases.csv", "auto");
	gs = eb_aggregate(r.t);
	eb_findings_compute(gs, "none", 0.05, &f);
	assert_int_equal(f.n, 7);
	assert_string_equal(f.lines[0], "In 24.04, AES-GCM costs 16.4 % of throughput on "
	    "sequential writes and 13.6 % on sequential reads (2 comparisons; ranges are the "
	    "spread of the estimates; their Holm-adjusted 95 % intervals lie within 12.7–17.4 %, "
	    "Holm over 2 tests).");
	/* The latency is of the random-read job, whose throughput was not
	 * measured: a sentence of its own. */
	assert_string_equal(f.lines[1], "In 24.04, in tests without a throughput figure, with "
	    "AES-GCM, latency fell by 8.6 % (95 % interval 7.4–9.7 %).");
	/* Tests, not metrics: bw of two tests; the latency test is a family
	 * of its own. The family is the diff's: the 4 throughput tests of
	 * every mode of the host. */
	assert_string_equal(f.lines[2], "From 23.10 to 24.04, the throughput of the "
	    "unencrypted baseline (none) improved in 1 of 2 tests, regressed in 0, stayed "
	    "within ±2 % in 1 and changed by an amount the data cannot tell in 0 (Welch's t "
	    "test, alpha 0.05, Holm over all 4 tests of the two releases).");
	assert_string_equal(f.lines[3], "From 23.10 to 24.04, the latency of the "
	    "unencrypted baseline (none) improved in 0 of 1 test, regressed in 1, stayed "
	    "within ±2 % in 0 and changed by an amount the data cannot tell in 0 (Welch's t "
	    "test, alpha 0.05, Holm over all 2 tests of the two releases).");
	/* The latency overhead's change, beside the throughput's (diff:
	 * +9.5 % -> -8.6 %, -18.1 pp, cheaper). */
	assert_string_equal(f.lines[5], "From 23.10 to 24.04, the latency overhead of AES-GCM on "
	    "reads fell by 18.1 percentage points in 1 comparison: encryption got cheaper (95 % "
	    "interval -19.4 to -16.8 pp by the ratio of ratios).");
	assert_string_equal(f.lines[6], "From 23.10 to 24.04, the throughput overhead of AES-GCM on "
	    "writes fell by 2.9 percentage points in 1 comparison: encryption got cheaper "
	    "(Holm-adjusted 95 % interval -4.6 to -1.3 pp by the ratio of ratios, Holm over "
	    "all 2 overhead changes of the two releases).");
	eb_findings_free(&f);
	eb_groups_free(gs);
	tu_free(&r);
}

/* A table of one-run groups with the given release labels, all of one case
 * except where a host is named per label. */
static struct eb_table *
labelled(const char *const *labels, const char *const *hosts, size_t n)
{
	struct eb_table *t = eb_table_new();

	for (size_t i = 0; i < n; i++) {
		struct eb_record r;

		eb_record_init(t, &r);
		r.f[EB_F_RELEASE] = eb_intern_cstr(t, labels[i]);
		r.f[EB_F_HOST] = eb_intern_cstr(t, hosts ? hosts[i] : "box");
		r.f[EB_F_METRIC] = eb_intern_cstr(t, "bw");
		r.value = 1;
		eb_table_add(t, &r);
	}
	return t;
}

static void
test_release_pair(void **state)
{
	static const char *const labels[] = { "23.10", "FreeBSD", "24.04", "22.04" };
	static const char *const two[] = { "23.10", "24.04", "24.10" };
	static const char *const hosts[] = { "a", "a", "b" };
	struct eb_table *t = labelled(labels, NULL, 4);
	struct eb_groups *gs = eb_aggregate(t);
	const char *from = NULL, *to = NULL;

	(void)state;
	/* "FreeBSD" sorts after the version numbers but is another platform. */
	assert_int_equal(eb_release_pair(gs, &from, &to), 1);
	assert_string_equal(from, "23.10");
	assert_string_equal(to, "24.04");
	assert_string_equal(eb_release_before(gs, "24.04"), "23.10");
	assert_string_equal(eb_release_before(gs, "23.10"), "22.04");
	assert_null(eb_release_before(gs, "22.04"));
	assert_null(eb_release_before(gs, "FreeBSD"));
	eb_groups_free(gs);
	eb_table_free(t);
	/* 24.10 was measured on another host: it shares no case with 24.04. */
	t = labelled(two, hosts, 3);
	gs = eb_aggregate(t);
	assert_int_equal(eb_release_pair(gs, &from, &to), 1);
	assert_string_equal(from, "23.10");
	assert_string_equal(to, "24.04");
	eb_groups_free(gs);
	eb_table_free(t);
}

static void
test_p_text(void **state)
{
	char buf[32];

	(void)state;
	/* Two digits unless they would put p on the other side of alpha. */
	eb_p_text(0.0497, 0.05, buf, sizeof buf);
	assert_string_equal(buf, "0.0497");
	eb_p_text(0.0501, 0.05, buf, sizeof buf);
	assert_string_equal(buf, "0.05");
	eb_p_text(0.01234, 0.05, buf, sizeof buf);
	assert_string_equal(buf, "0.012");
	eb_p_text(0.0004, 0.05, buf, sizeof buf);
	assert_string_equal(buf, "< 0.001");
	eb_p_text(NAN, 0.05, buf, sizeof buf);
	assert_string_equal(buf, "–");
	/* The smallest p of k against k runs is 2 / C(2k, k): 0.1 for 3, 0.029
	 * for 4; 0.01 needs 5 (2 / 252 = 0.0079). */
	assert_int_equal(eb_rank_runs_needed(0.05), 4);
	assert_int_equal(eb_rank_runs_needed(0.01), 5);
}

static void
test_figure_text(void **state)
{
	char buf[40];

	(void)state;
	/* One decimal when it reads true on every edge. */
	eb_figure_text(3.24, 1, 2, buf, sizeof buf);
	assert_string_equal(buf, "+3.2");
	eb_figure_text(14.25, 0, 0, buf, sizeof buf);
	assert_string_equal(buf, "14.2");	/* 14.25 is 14.2499... as a double */
	/* A bound near 0 keeps its side of 0: never "+0.0" for 0.003. */
	eb_figure_text(0.003, 1, 0, buf, sizeof buf);
	assert_string_equal(buf, "+0.003");
	eb_figure_text(-0.046, 1, 0, buf, sizeof buf);
	assert_string_equal(buf, "-0.05");
	eb_figure_text(-0.0004, 0, 0, buf, sizeof buf);
	assert_string_equal(buf, "-0.0004");
	/* Inside a margin of 2, 1.97 must not print as 2.0, and 2.04
	 * outside it not as 2.0 either. */
	eb_figure_text(1.97, 1, 2, buf, sizeof buf);
	assert_string_equal(buf, "+1.97");
	eb_figure_text(-2.04, 1, 2, buf, sizeof buf);
	assert_string_equal(buf, "-2.04");
	/* Past six decimals: significant digits; exact zero stays 0.0. */
	eb_figure_text(3e-9, 1, 0, buf, sizeof buf);
	assert_string_equal(buf, "+3e-09");
	eb_figure_text(-0.0, 1, 0, buf, sizeof buf);
	assert_string_equal(buf, "+0.0");
	/* Rounding is no estimate: 20.000000000000018 - 19.999999999999996
	 * points, two overheads of one ratio, prints as zero; a bound as
	 * close keeps its side of 0, since a verdict rests on it. */
	eb_estimate_text(20.000000000000018 - 19.999999999999996, 1, 0, buf, sizeof buf);
	assert_string_equal(buf, "+0.0");
	eb_estimate_text(-2.220446049250313e-14, 1, 2, buf, sizeof buf);
	assert_string_equal(buf, "+0.0");
	eb_estimate_text(4e-10, 0, 0, buf, sizeof buf);
	assert_string_equal(buf, "0.0");
	eb_estimate_text(3e-9, 1, 0, buf, sizeof buf);
	assert_string_equal(buf, "+3e-09");
	eb_figure_text(1.1e-13, 1, 0, buf, sizeof buf);
	assert_string_equal(buf, "+1.1e-13");
	eb_figure_text(NAN, 1, 0, buf, sizeof buf);
	assert_string_equal(buf, "–");
	/* A ratio below 1 never prints as 1.000. */
	eb_ratio_text(0.99962, buf, sizeof buf);
	assert_string_equal(buf, "0.9996");
	eb_ratio_text(0.85, buf, sizeof buf);
	assert_string_equal(buf, "0.850");
}

static void
test_release_cmp(void **state)
{
	static const char *const order[] = {
		"9.10", "23.10", "24.04-alpha2", "24.04~beta", "24.04-beta1", "24.04-pre",
		"24.04-rc1", "24.04-rc2", "24.04-rc10", "24.04", "24.04.1", "FreeBSD-14.0-RC1",
		"FreeBSD-14.0", "FreeBSD-14.1",
	};
	size_t n = sizeof order / sizeof order[0];

	(void)state;
	for (size_t i = 0; i < n; i++)
		for (size_t j = 0; j < n; j++) {
			int c = eb_release_cmp(order[i], order[j]);

			if ((i < j && c >= 0) || (i > j && c <= 0) || (i == j && c != 0))
				fail_msg("eb_release_cmp(%s, %s) = %d", order[i], order[j], c);
		}
	/* A word that only starts like a stage is no pre-release. */
	assert_true(eb_release_cmp("24.04-present", "24.04") > 0);
	/* Equal as numbers, different labels: their bytes decide, the same
	 * way round whichever is read first, so the order is total. */
	assert_true(eb_release_cmp("24.004", "24.04") < 0);
	assert_true(eb_release_cmp("24.04", "24.004") > 0);
	assert_true(eb_release_cmp("24.04", "24.4") < 0);
	assert_true(eb_release_cmp("24.4", "24.04") > 0);
	assert_true(eb_release_cmp("24.04-rc1", "24.4-rc1") < 0);
}

static void
test_verdict_words(void **state)
{
	struct eb_verdict v;
	char buf[256];

	(void)state;
	memset(&v, 0, sizeof v);
	v.what = EB_VW_OVERHEAD;
	v.kind = EB_VERDICT_NO_MEASURABLE;
	v.estimate = 2.3;
	v.lo = -5.7;
	v.hi = 10.3;
	v.p = v.p_adj = 0.4;
	v.alpha = 0.05;
	eb_verdict_phrase(&v, buf, sizeof buf);
	assert_string_equal(buf, "no measurable overhead: between 5.7 % faster and 10.3 % slower");
	v.kind = EB_VERDICT_FASTER;
	v.estimate = -4.4;
	v.lo = -7.9;
	v.hi = -1.0;
	eb_verdict_phrase(&v, buf, sizeof buf);
	assert_string_equal(buf, "4.4 % faster (1.0 to 7.9 %)");
	v.kind = EB_VERDICT_COSTS;
	v.latency = 1;
	v.quantity = "latency";
	v.estimate = 20;
	v.lo = 15.1;
	v.hi = 25.2;
	eb_verdict_phrase(&v, buf, sizeof buf);
	assert_string_equal(buf, "latency +20.0 % (+15.1 to +25.2 %)");
	v.kind = EB_VERDICT_UNBOUNDED;
	v.unbounded = 1;
	eb_verdict_interval_text(&v, buf, sizeof buf);
	assert_string_equal(buf, "+20.0 % (unbounded)");
	assert_int_equal(eb_verdict_claims(&v), 0);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_diff_verdicts),
		cmocka_unit_test(test_overhead),
		cmocka_unit_test(test_releases_in_version_order),
		cmocka_unit_test(test_findings),
		cmocka_unit_test(test_release_pair),
		cmocka_unit_test(test_p_text),
		cmocka_unit_test(test_figure_text),
		cmocka_unit_test(test_release_cmp),
		cmocka_unit_test(test_verdict_words),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
