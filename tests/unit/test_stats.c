/* test_stats.c - the statistics against reference values computed with
 * SciPy 1.10 (and mpmath) by tests/reference/stats_reference.py. */
#include "testutil.h"
#include "../../analyze/analyze.h"

#define close9(a, e) tu_assert_close_at((a), (e), 1e-9, __FILE__, __LINE__)

static void
test_t_distribution(void **state)
{
	(void)state;
	close9(eb_t_quantile(0.975, 1), 12.706204736432095);
	close9(eb_t_quantile(0.975, 2), 4.302652729911275);
	close9(eb_t_quantile(0.975, 4), 2.7764451051977987);
	close9(eb_t_quantile(0.975, 9), 2.2621571627409915);
	close9(eb_t_quantile(0.975, 29.5), 2.043724966772122);
	/* SciPy's t.ppf gives 5.84090929975643 here, 1.7e-9 off: mpmath at 30
	 * digits (stats_reference.py) agrees with this one. */
	close9(eb_t_quantile(0.995, 3), 5.8409093097333572606819474675);
	close9(eb_t_quantile(0.025, 6), -2.446911848791681);
	close9(eb_t_pvalue(2.5, 7.3), 0.039650234665600415);
	close9(eb_t_pvalue(0.3, 2), 0.7924856608401776);
	close9(eb_t_pvalue(10.0, 4), 0.0005620036227159911);
	close9(eb_t_pvalue(-1.7, 12), 0.11487986539520915);
	assert_true(isnan(eb_t_quantile(0.975, 0)));
}

/* The quantile inverts the tail wherever the solver starts from, and at
 * the far ends of df, where the Cornish-Fisher start is poor. */
static void
test_t_quantile_solver(void **state)
{
	static const double dfs[] = { 0.5, 1, 2.5, 3, 7.3, 17.14441025297322, 30, 200, 5000 };
	static const double qs[] = { 0.6, 0.9, 0.975, 0.995, 0.9995, 0.9999999 };

	(void)state;
	for (size_t i = 0; i < sizeof dfs / sizeof dfs[0]; i++)
		for (size_t k = 0; k < sizeof qs / sizeof qs[0]; k++) {
			double target = 2 * (1 - qs[k]);
			double t = eb_t_quantile(qs[k], dfs[i]);

			/* At large df the tail itself is good to some 1e-13. */
			tu_assert_close_at(eb_t_pvalue(t, dfs[i]), target, dfs[i] < 1000 ? 1e-13 : 1e-12,
			    __FILE__, __LINE__);
		}
	/* mpmath at 50 digits: the root of the regularised incomplete beta. */
	close9(eb_t_quantile(0.975, 0.05), 1.1958337585475155469e+25);
	close9(eb_t_quantile(0.9, 0.5), 10.270324410234510724);
}

static int
cmp_doubles(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* Medians, minima and maxima as a sort gives them, for every length up to
 * 300 (so the selection's partitioning and its insertion sort both run),
 * with many ties among the values. */
static void
test_summary_median(void **state)
{
	static double v[300], sorted[300];
	unsigned seed = 12345;

	(void)state;
	for (size_t n = 1; n <= 300; n++) {
		struct eb_sample s;

		for (size_t i = 0; i < n; i++) {
			seed = seed * 1103515245u + 12345u;
			v[i] = (double)((seed >> 16) % (n < 40 ? 7 : 1000)) / 4;
		}
		memcpy(sorted, v, n * sizeof v[0]);
		qsort(sorted, n, sizeof sorted[0], cmp_doubles);
		eb_sample_summarize(v, n, &s);
		assert_true(s.min == sorted[0]);
		assert_true(s.max == sorted[n - 1]);
		assert_true(s.median == (n % 2 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2));
	}
}

/* Values whose sum and mean are exact in doubles give that mean exactly:
 * (900 + 902 + 898) / 3 is 900, which scaling by 902 made
 * 899.9999999999999 and a change of 2.2e-14 % (audit 15 L3). */
static void
test_summary_exact_mean(void **state)
{
	static const double a[] = { 900, 902, 898 }, b[] = { 1800, 1801, 1799 },
		c[] = { 104533915.87105505, 106533915.87105505, 102533915.87105505 },
		huge[] = { 1.5e308, 1.7e308 }, tiny[] = { 3e-300, 5e-300 };
	struct eb_sample s;

	(void)state;
	eb_sample_summarize(a, 3, &s);
	assert_true(s.mean == 900);
	eb_sample_summarize(b, 3, &s);
	assert_true(s.mean == 1800);
	eb_sample_summarize(c, 3, &s);
	assert_true(s.mean == 104533915.87105505);
	eb_sample_summarize(huge, 2, &s);
	assert_true(s.mean == 1.6e308);
	eb_sample_summarize(tiny, 2, &s);
	assert_true(s.mean == 4e-300);
	assert_true(s.sd > 1.41e-300 && s.sd < 1.42e-300);
}

static void
test_summary_and_welch(void **state)
{
	static const double a[] = { 100, 102, 98, 101, 99 };
	static const double b[] = { 120, 121, 119, 122, 118 };
	static const double c[] = { 10.1, 9.7, 10.4, 9.9 };
	static const double d[] = { 10.0, 10.3, 9.6, 10.2, 9.8, 10.5 };
	struct eb_sample sa, sb, sc, sd, one;
	struct eb_welch w;

	(void)state;
	eb_sample_summarize(a, 5, &sa);
	eb_sample_summarize(b, 5, &sb);
	eb_sample_summarize(c, 4, &sc);
	eb_sample_summarize(d, 6, &sd);
	close9(sa.mean, 100);
	close9(sa.sd, 1.5811388300841898);
	close9(sa.ci_low, 98.03675683852244);
	close9(sa.ci_high, 101.96324316147756);
	assert_true(sa.median == 100 && sa.min == 98 && sa.max == 102);
	close9(sd.median, 10.1);
	eb_welch_test(&sa, &sb, &w);
	close9(w.t, 20.0);
	close9(w.p, 4.073918328674925e-08);
	eb_welch_test(&sc, &sd, &w);
	close9(w.t, 0.20644243597830056);
	close9(w.df, 7.101326754894654);
	close9(w.p, 0.842239727740626);
	eb_sample_summarize(a, 1, &one);
	assert_true(isnan(one.sd) && isnan(one.ci_low));
	eb_welch_test(&one, &sb, &w);
	assert_true(isnan(w.p));
}

static void
test_mann_whitney(void **state)
{
	static const double x[] = { 1.1, 2.2, 3.3, 4.4 }, y[] = { 5.5, 6.6, 7.7 };
	static const double x2[] = { 3.1, 1.2, 5.3, 4.4, 2.5 };
	static const double y2[] = { 2.9, 6.1, 7.0, 5.8, 4.9, 6.6 };
	static const double t1[] = { 1, 2, 2, 3, 5 }, t2[] = { 2, 3, 4, 4, 6, 7 };
	static const double s1[] = { 10, 10, 10 }, s2[] = { 10, 10, 12 };
	static const double big_a[] = { 100.0, 101.5, 98.6, 95.5, 97.7, 95.0, 100.3,
		106.7, 97.5, 96.9, 102.4, 101.8, 100.5, 95.3, 99.9, 103.5, 93.3, 97.7,
		90.5, 93.6, 90.8, 98.8, 93.7, 101.4, 100.8 };
	static const double big_b[] = { 102.1, 90.4, 100.3, 102.8, 103.6, 95.3, 100.6,
		98.1, 99.0, 108.3, 99.0, 102.8, 107.4, 100.1, 102.4, 103.6, 103.3, 96.9,
		103.4, 109.8 };
	double u;

	(void)state;
	close9(eb_mann_whitney_p(x, 4, y, 3, &u), 0.05714285714285714);
	close9(u, 0.0);
	close9(eb_mann_whitney_p(x2, 5, y2, 6, &u), 0.05194805194805195);
	close9(u, 4.0);
	/* Ties: the exact permutation distribution of the mid-rank sum. */
	close9(eb_mann_whitney_p(t1, 5, t2, 6, &u), 0.12554112554112554);
	close9(u, 6.5);
	close9(eb_mann_whitney_p(s1, 3, s2, 3, &u), 1.0);
	/* 45 values: the normal approximation, as SciPy's "asymptotic". */
	close9(eb_mann_whitney_p(big_a, 25, big_b, 20, &u), 0.008895255740174126);
	close9(u, 135.0);
}

static void
test_fieller_and_holm(void **state)
{
	static const double enc[] = { 880, 905, 870 }, base[] = { 1000, 1010, 990, 1005 };
	static const double a[] = { 100, 102, 98, 101, 99 }, b[] = { 120, 121, 119, 122, 118 };
	double p[] = { 0.01, 0.04, 0.03, 0.005, 0.5, NAN };
	struct eb_sample se, sb, sa, sbb, flat;
	double lo, hi;

	(void)state;
	eb_sample_summarize(enc, 3, &se);
	eb_sample_summarize(base, 4, &sb);
	assert_int_equal(eb_fieller(&se, &sb, 0.05, &lo, &hi), 1);
	close9(lo, 0.8449120747840634);
	close9(hi, 0.9232818518261909);
	eb_sample_summarize(a, 5, &sa);
	eb_sample_summarize(b, 5, &sbb);
	assert_int_equal(eb_fieller(&sbb, &sa, 0.05, &lo, &hi), 1);
	close9(lo, 1.1747017676908398);
	close9(hi, 1.225943805171668);
	/* A denominator indistinguishable from zero has no bounded interval. */
	{
		static const double z[] = { -1, 1, -2, 2 };

		eb_sample_summarize(z, 4, &flat);
		flat.mean = 0.1;
		assert_int_equal(eb_fieller(&sa, &flat, 0.05, &lo, &hi), 0);
		assert_true(isnan(lo) && isnan(hi));
	}
	eb_holm(p, 6);
	close9(p[0], 0.04);
	close9(p[1], 0.09);
	close9(p[2], 0.09);
	close9(p[3], 0.025);
	close9(p[4], 0.5);
	assert_true(isnan(p[5]));
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_t_distribution),
		cmocka_unit_test(test_t_quantile_solver),
		cmocka_unit_test(test_summary_median),
		cmocka_unit_test(test_summary_exact_mean),
		cmocka_unit_test(test_summary_and_welch),
		cmocka_unit_test(test_mann_whitney),
		cmocka_unit_test(test_fieller_and_holm),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
