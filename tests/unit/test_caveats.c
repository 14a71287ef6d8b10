/* test_caveats.c - the facts of a run's meta.json that qualify claims:
 * CPU lists, what config labels say of the runner's switches, AES-NI by
 * cpu_flags and icp, and which folders are on other storage. */
#include "testutil.h"

#include "../../analyze/caveats.h"
#include "../../ingest/rundir_facts.h"

static void
test_cpu_lists(void **state)
{
	(void)state;
	assert_int_equal(eb_cpu_list_count("0-1"), 2);
	assert_int_equal(eb_cpu_list_count("0-3,6"), 5);
	assert_int_equal(eb_cpu_list_count("0,2,4-7"), 6);
	assert_int_equal(eb_cpu_list_count("5"), 1);
	assert_int_equal(eb_cpu_list_count("0-1\n"), 2);
	/* Not a list: no count, so that nothing is compared with it. */
	assert_int_equal(eb_cpu_list_count(""), -1);
	assert_int_equal(eb_cpu_list_count("all"), -1);
	assert_int_equal(eb_cpu_list_count("3-1"), -1);
	assert_int_equal(eb_cpu_list_count("0-"), -1);
	assert_int_equal(eb_cpu_list_count("0;1"), -1);
}

static void
test_config_claims(void **state)
{
	static const struct {
		const char *label;
		int no_aesni, unsure_aesni, unsure_cores;
		long cores;
	} cases[] = {
		{ "default", 0, 0, 0, 0 },
		{ "no-aesni", 1, 0, 0, 0 },
		{ "no-aesni-2-cores", 1, 0, 0, 2 },
		{ "2-cores", 0, 0, 0, 2 },
		{ "16-cores", 0, 0, 0, 16 },
		{ "no-aesni-16-cores", 1, 0, 0, 16 },
		/* Labels encbench does not read as the runner's, which may
		 * still mean its switches: named, not taken at face value. */
		{ "aesni-off-fast", 0, 1, 0, 0 },
		{ "icp-generic-fast", 0, 1, 0, 0 },
		{ "smp2", 0, 0, 1, 0 },
		{ "2threads", 0, 0, 1, 0 },
		{ "server-4cpu-x", 0, 0, 1, 0 },
		/* Nothing of the two. */
		{ "zfs-ssd", 0, 0, 0, 0 },
		{ "-cores", 0, 0, 0, 0 },
		{ "x2-cores", 0, 0, 1, 0 },
	};

	(void)state;
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct eb_config_claim c;

		eb_config_claims(cases[i].label, &c);
		if (c.no_aesni != cases[i].no_aesni || c.unsure_aesni != cases[i].unsure_aesni ||
		    c.unsure_cores != cases[i].unsure_cores || c.cores != cases[i].cores)
			fail_msg("'%s': no_aesni %d unsure %d/%d cores %ld", cases[i].label,
			    c.no_aesni, c.unsure_aesni, c.unsure_cores, c.cores);
	}
}

static void
test_aesni(void **state)
{
	static const struct {
		const char *json, *why;
		int aesni;
	} cases[] = {
		{ "{\"cpu_flags\": {\"aes\": true}, \"icp\": null}",
		    "cpu_flags.aes is true and icp is null (no setting of ZFS's ICP turned it off)", 1 },
		{ "{\"cpu_flags\": {\"aes\": true}}",
		    "cpu_flags.aes is true and no icp setting is recorded", 1 },
		{ "{\"cpu_flags\": {\"aes\": false}, \"icp\": null}", "cpu_flags.aes is false", 0 },
		{ "{\"cpu_flags\": {\"aes\": true}, \"icp\": {\"aes_impl\": \"generic\"}}",
		    "icp.aes_impl is generic", 0 },
		{ "{\"cpu_flags\": {\"aes\": true}, \"icp\": {\"aes_impl\": \"x86_64\"}}",
		    "icp.aes_impl is x86_64", 0 },
		{ "{\"cpu_flags\": {\"aes\": false}, \"icp\": {\"aes_impl\": \"aesni\"}}",
		    "icp.aes_impl is aesni", 1 },
		{ "{\"cpu_flags\": {\"aes\": true}, \"icp\": {\"aes_impl\": \"fastest\"}}",
		    "icp.aes_impl is fastest and cpu_flags.aes is true", 1 },
		{ "{\"icp\": {\"aes_impl\": \"fastest\"}}", "", -1 },
		{ "{}", "", -1 },
	};

	(void)state;
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct eb_run_facts f;

		eb_run_facts_read(cases[i].json, &f);
		if (f.aesni != cases[i].aesni || strcmp(f.aesni_why, cases[i].why) != 0)
			fail_msg("%s: aesni %d (%s)", cases[i].json, f.aesni, f.aesni_why);
	}
}

static void
test_targets(void **state)
{
	struct eb_run_facts f;
	const struct eb_target_fact *n, *e, *z1, *z2, *z3, *d;

	(void)state;
	eb_run_facts_read("{\"runner\": {\"drop_caches\": false, \"targets\": {"
	    "\"none\": {\"path\": \"/n\", \"fs\": \"ext4\", \"device\": \"/dev/vda\", \"encryption\": null},"
	    "\"AES-256-GCM\": {\"fs\": \"ext4\", \"device\": \"/dev/vdb\", \"encryption\": null},"
	    "\"z1\": {\"fs\": \"zfs\", \"device\": \"tank/a\", \"encryption\": \"zfs:aes-256-gcm\"},"
	    "\"z2\": {\"fs\": \"zfs\", \"device\": \"tank/b\", \"encryption\": \"zfs:aes-256-ccm\"},"
	    "\"z3\": {\"fs\": \"zfs\", \"device\": \"fast/b\", \"encryption\": \"zfs:aes-256-ccm\"},"
	    "\"dmc\": {\"fs\": \"ext4\", \"device\": \"/dev/mapper/l\", \"encryption\": \"dm-crypt\"}"
	    "}}}", &f);
	assert_int_equal(f.nt, 6);
	assert_int_equal(f.drop_caches, 0);
	assert_int_equal(f.bonnie_cached, -1);
	n = eb_run_facts_target(&f, "none");
	e = eb_run_facts_target(&f, "aes-256-gcm");	/* as the records spell it */
	z1 = eb_run_facts_target(&f, "z1");
	z2 = eb_run_facts_target(&f, "z2");
	z3 = eb_run_facts_target(&f, "z3");
	d = eb_run_facts_target(&f, "dmc");
	assert_non_null(n);
	assert_non_null(e);
	assert_non_null(d);
	assert_string_equal(n->path, "/n");
	assert_int_equal(n->encryption, 0);
	assert_int_equal(z1->encryption, 1);
	assert_string_equal(z1->encryption_text, "zfs:aes-256-gcm");
	assert_int_equal(eb_target_other_storage(e, n), 1);	/* another disk */
	assert_int_equal(eb_target_other_storage(z1, n), 1);	/* another fs */
	assert_int_equal(eb_target_other_storage(z1, z2), 0);	/* one pool */
	assert_int_equal(eb_target_other_storage(z2, z3), 1);	/* two pools */
	assert_int_equal(eb_target_other_storage(d, n), 0);	/* dm-crypt's mapping */
	assert_null(eb_run_facts_target(&f, "aes-128-gcm"));
}

/* Facts of the data open the sentence; those of meta.json follow,
 * named as such. */
static void
test_sentence(void **state)
{
	char m1[] = "m1", d1[] = "d1", m2[] = "m2";
	char *items[] = { m1, d1, m2 };
	unsigned char of_data[] = { 0, 1, 0 };
	struct eb_caveat_list l = { items, 3, 3, of_data, 1 };
	char buf[256] = "Claim.";

	(void)state;
	eb_caveat_list_sentence(&l, buf, sizeof buf);
	assert_string_equal(buf, "Claim. Caveats: d1; from meta.json: m1; m2.");
	l.n = 2;
	snprintf(buf, sizeof buf, "Claim.");
	eb_caveat_list_sentence(&l, buf, sizeof buf);
	assert_string_equal(buf, "Claim. Caveats: d1; from meta.json: m1.");
	l.items = items + 1;
	l.of_data = of_data + 1;
	l.n = 1;
	snprintf(buf, sizeof buf, "Claim.");
	eb_caveat_list_sentence(&l, buf, sizeof buf);
	assert_string_equal(buf, "Claim. Caveat: d1.");
	l.items = items + 2;
	l.of_data = of_data + 2;
	l.ndata = 0;
	snprintf(buf, sizeof buf, "Claim.");
	eb_caveat_list_sentence(&l, buf, sizeof buf);
	assert_string_equal(buf, "Claim. Caveat from meta.json: m2.");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_sentence),
		cmocka_unit_test(test_cpu_lists),
		cmocka_unit_test(test_config_claims),
		cmocka_unit_test(test_aesni),
		cmocka_unit_test(test_targets),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
