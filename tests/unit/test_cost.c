/* test_cost.c - CPU-seconds and joules per GiB, their ratio to none, and
 * the single-thread finding, on tests/data/sample/bound.csv and unbound.csv. */
#include "testutil.h"
#include "../../analyze/cost.h"

static const struct eb_cost_case *
find_case(const struct eb_cost *c, const char *mode, const char *op)
{
	for (size_t i = 0; i < c->n; i++)
		if (strcmp(c->c[i].key->f[EB_F_MODE], mode) == 0 &&
		    strcmp(c->c[i].key->f[EB_F_OP], op) == 0)
			return &c->c[i];
	fail_msg("no cost case %s %s", mode, op);
	return NULL;
}

/* aes-256-gcm writes: cpu_busy 31, 30, 32 % of 4 CPUs at 300, 310 and
 * 305 MB/s; 20, 21 and 19 W. none: 20, 21, 19 % at 900, 880, 910 MB/s;
 * 15, 16, 14 W. Per GiB: busy / 100 x 4 / bw x 2^30 and W / bw x 2^30. */
static void
test_per_gib(void **state)
{
	struct tu_run r;
	struct eb_cost *c;
	const struct eb_cost_case *x, *n;
	double lo, hi;

	(void)state;
	tu_ingest(&r, "tests/data/sample/bound.csv", "auto");
	assert_int_equal(r.st, EB_OK);
	c = eb_cost_compute(r.t, "none", NULL);
	assert_non_null(c);
	assert_int_equal(c->n, 4);
	assert_int_equal(c->no_cpus, 0);
	x = find_case(c, "aes-256-gcm", "write");
	n = find_case(c, "none", "write");
	assert_ptr_equal(x->base, n);
	assert_null(n->base);
	assert_int_equal(x->cpus, 4);
	assert_int_equal(x->cpu.n, 3);
	/* Rep 2 is the least, 0.30 x 4 / 310e6 x 2^30 CPU-seconds; rep 3 the
	 * most, 0.32 x 4 / 305e6 x 2^30. */
	tu_assert_close(x->cpu.min, 0.30 * 4 / 310e6 * 1073741824.0);
	tu_assert_close(x->cpu.max, 0.32 * 4 / 305e6 * 1073741824.0);
	tu_assert_close_at(x->cpu.mean, 4.36691601073586, 1e-13, __FILE__, __LINE__);
	tu_assert_close_at(n->cpu.mean, 0.9587079892646613, 1e-13, __FILE__, __LINE__);
	tu_assert_close_at(x->cpu_ratio, 4.555001167858556, 1e-13, __FILE__, __LINE__);
	/* The verdict's interval of the overhead holds (ratio - 1) x 100. */
	lo = 1 + x->cpu_v.lo / 100;
	hi = 1 + x->cpu_v.hi / 100;
	assert_true(lo < x->cpu_ratio && x->cpu_ratio < hi);
	/* 21 W / 310e6 B/s x 2^30 J/GiB the most, 19 W / 305e6 the least. */
	assert_int_equal(x->joules.n, 3);
	tu_assert_close(x->joules.max, 21 / 310e6 * 1073741824.0);
	tu_assert_close(x->joules.min, 19 / 305e6 * 1073741824.0);
	tu_assert_close_at(x->joules.mean, 70.40299085737118, 1e-13, __FILE__, __LINE__);
	tu_assert_close_at(n->joules.mean, 17.97912688982129, 1e-13, __FILE__, __LINE__);
	tu_assert_close_at(x->joules_ratio, 3.9158181200239013, 1e-13, __FILE__, __LINE__);
	assert_true(isnan(n->joules_ratio));

	/* The decision layer: a lower-is-better overhead of (ratio - 1) x 100,
	 * Holm over the two tests (dd read and write) of each family. */
	assert_int_equal(x->cpu_v.kind, EB_VERDICT_COSTS);
	tu_assert_close_at(x->cpu_v.estimate, 355.5001167858556, 1e-12, __FILE__, __LINE__);
	assert_string_equal(x->cpu_v.family, "cpu");
	assert_int_equal(x->cpu_v.family_size, 2);
	assert_string_equal(x->cpu_v.quantity, "CPU");
	assert_int_equal(x->joules_v.kind, EB_VERDICT_COSTS);
	tu_assert_close_at(x->joules_v.estimate, 291.58181200239013, 1e-12, __FILE__, __LINE__);
	assert_string_equal(x->joules_v.quantity, "energy");
	assert_int_equal(n->cpu_v.kind, EB_VERDICT_NONE);
	{
		char buf[256];

		eb_verdict_phrase(&x->cpu_v, buf, sizeof buf);
		assert_string_equal(buf, "CPU +355.5 % (+288.1 to +440.9 %)");
	}
	eb_cost_free(c);
	tu_free(&r);
}

/* Without cpu_busy or power records there is nothing to compute; a
 * cpu_busy without its CPU count gives no CPU-seconds and is counted. */
static void
test_nothing_to_cost(void **state)
{
	struct tu_run r;
	struct eb_cost *c;

	(void)state;
	tu_ingest(&r, "tests/data/analyze/two-releases.csv", "auto");
	assert_null(eb_cost_compute(r.t, "none", NULL));
	tu_free(&r);
	tu_ingest_text(&r, "release,host,config,mode,tool,job,workload,op,block_size,metric,unit,rep,value,source\n"
	    "1,h,c,none,dd,dd,,write,,bw,B/s,1,1073741824,a:1\n"
	    "1,h,c,none,dd,dd,,write,,cpu_busy,%,1,50,a.sample:10\n"
	    "1,h,c,none,dd,dd,,write,,power,W,1,8,a.sample:12\n", "auto");
	assert_int_equal(r.st, EB_OK);
	c = eb_cost_compute(r.t, "none", NULL);
	assert_int_equal(c->n, 1);
	assert_int_equal(c->no_cpus, 1);
	assert_int_equal(c->c[0].cpu.n, 0);
	assert_int_equal(c->c[0].joules.n, 1);
	tu_assert_close(c->c[0].joules.mean, 8);
	eb_cost_free(c);
	tu_free(&r);
}

static void
test_thread_name(void **state)
{
	struct eb_record rec;
	struct eb_table *t = eb_table_new();
	char buf[8], big[64];

	(void)state;
	eb_record_init(t, &rec);
	rec.f[EB_F_SOURCE] = eb_intern_cstr(t, "r/dd-write-r1.sample:14 thread=z_wr_iss");
	assert_string_equal(eb_cost_thread_name(&rec, buf, sizeof buf), "z_wr_is");
	rec.f[EB_F_SOURCE] = eb_intern_cstr(t, "r/dd-write-r1.sample:14");
	assert_string_equal(eb_cost_thread_name(&rec, buf, sizeof buf), "");
	/* The tag is the last word: a path's own words are not one. */
	rec.f[EB_F_SOURCE] = eb_intern_cstr(t, "my runs/x thread=y/dd-r1.sample:14 thread=kworker/0:1");
	assert_string_equal(eb_cost_source_tag(&rec, EB_COST_TAG_THREAD, big, sizeof big), "kworker/0:1");
	rec.f[EB_F_SOURCE] = eb_intern_cstr(t, "runs/x cpus=3/dd-r1.sample:14 thread=dd");
	assert_string_equal(eb_cost_source_tag(&rec, EB_COST_TAG_CPUS, big, sizeof big), "");
	rec.f[EB_F_SOURCE] = eb_intern_cstr(t, "runs/x/dd-r1.sample:14 cpus=2");
	assert_string_equal(eb_cost_source_tag(&rec, EB_COST_TAG_CPUS, big, sizeof big), "2");
	assert_string_equal(eb_cost_source_tag(&rec, EB_COST_TAG_THREAD, big, sizeof big), "");
	rec.f[EB_F_SOURCE] = eb_intern_cstr(t, "runs/x/dd-r1.sample:14 cpusx=2");
	assert_string_equal(eb_cost_source_tag(&rec, EB_COST_TAG_CPUS, big, sizeof big), "");
	rec.f[EB_F_SOURCE] = eb_intern_cstr(t, "thread=dd");
	assert_string_equal(eb_cost_source_tag(&rec, EB_COST_TAG_THREAD, big, sizeof big), "");
	eb_table_free(t);
}

/* Built for it: aes-256-gcm writes have z_wr_iss at 98 % (97-99) while the
 * machine is 31 % (30-32) busy. unbound.csv is the same with the machine
 * 65 % busy; reads (71 % of a CPU) are never bound. */
static void
test_single_thread_finding(void **state)
{
	struct tu_run r;
	struct eb_groups *gs;
	struct eb_findings f = { 0 };

	(void)state;
	tu_ingest(&r, "tests/data/sample/bound.csv", "auto");
	gs = eb_aggregate(r.t);
	eb_cost_thread_findings(gs, &f);
	assert_int_equal(f.n, 1);
	assert_string_equal(f.lines[0], "aes-256-gcm dd writes are bound by one thread: z_wr_iss "
	    "ran at 98 % of a CPU (95 % interval 96–100 %) while the machine was 31 % busy "
	    "(29–33 %); 24.04, t14, default, 3 runs.");
	eb_findings_free(&f);
	eb_groups_free(gs);
	tu_free(&r);

	tu_ingest(&r, "tests/data/sample/unbound.csv", "auto");
	gs = eb_aggregate(r.t);
	eb_cost_thread_findings(gs, &f);
	assert_int_equal(f.n, 0);
	eb_findings_free(&f);
	eb_groups_free(gs);
	tu_free(&r);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_per_gib),
		cmocka_unit_test(test_nothing_to_cost),
		cmocka_unit_test(test_thread_name),
		cmocka_unit_test(test_single_thread_finding),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
