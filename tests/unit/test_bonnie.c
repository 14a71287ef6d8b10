/* test_bonnie.c - every bonnie++ figure of the shared corpus's MANIFEST and
 * of our own bonnie++ 2.00a runs, checked record by record. */
#include "testutil.h"

/* One run as the test expects it. Figures are written as bonnie++ prints
 * them: "+" too fast, "-" not run, "?" printed but garbage (2.00a text
 * file rates); bandwidths in K/s, latencies with their unit. */
struct spec {
	const char *host;
	long io, io_lat, files, files_lat;	/* lines; a CSV run has one */
	long long bs;
	const char *io_vals, *io_lats, *file_vals, *file_lats;	/* NULL: none */
};

#define CSV(host, line, bs, iov, iol, fv, fl) { host, line, line, line, line, bs, iov, iol, fv, fl }

static const char *const workloads[12] = {
	"per-char", "block", "block", "per-char", "block", "rand",
	"files-seq", "files-seq", "files-seq", "files-rand", "files-rand", "files-rand",
};
static const char *const ops[12] = {
	"write", "write", "rewrite", "read", "read", "seek",
	"create", "stat", "delete", "create", "stat", "delete",
};

static int
words(const char *s, char out[][24], int max)
{
	int n = 0;

	while (s != NULL && *s != '\0' && n < max) {
		size_t k;

		s += strspn(s, " ");
		k = strcspn(s, " ");
		if (k == 0)
			break;
		snprintf(out[n++], 24, "%.*s", (int)k, s);
		s += k;
	}
	return n;
}

/* Latency as the test reads it, independently of the parser. */
static double
ns_of(const char *w)
{
	char *end;
	double v = strtod(w, &end);

	if (strcmp(end, "us") == 0)
		return v * 1e3;
	if (strcmp(end, "ms") == 0)
		return v * 1e6;
	if (strcmp(end, "s") == 0)
		return v * 1e9;
	fail_msg("bad latency in a spec: %s", w);
	return 0;
}

static const struct eb_record *
find(const struct tu_run *r, const char *path, const char *host, int test,
    const char *metric, long line, int *count)
{
	const struct eb_record *hit = NULL;
	char src[4200];

	snprintf(src, sizeof src, "%s:%ld", path, line);
	*count = 0;
	for (size_t i = 0; i < r->t->n; i++) {
		const struct eb_record *x = &r->t->rows[i];

		if (strcmp(x->f[EB_F_HOST], host) == 0 &&
		    strcmp(x->f[EB_F_WORKLOAD], workloads[test]) == 0 &&
		    strcmp(x->f[EB_F_OP], ops[test]) == 0 &&
		    strcmp(x->f[EB_F_METRIC], metric) == 0 &&
		    strcmp(x->f[EB_F_SOURCE], src) == 0) {
			hit = x;
			(*count)++;
		}
	}
	return hit;
}

static void
expect(const struct tu_run *r, const char *path, const struct spec *s, int test,
    const char *metric, long line, const char *word, size_t *nexp)
{
	int count;
	const struct eb_record *x = find(r, path, s->host, test, metric, line, &count);
	int present = word != NULL && strcmp(word, "+") != 0 && strcmp(word, "-") != 0 &&
	    strcmp(word, "?") != 0;
	double v = 0;

	if (!present) {
		if (count != 0)
			fail_msg("%s: %s %s %s %s at line %ld: a record for '%s'", path,
			    s->host, workloads[test], ops[test], metric, line, word ? word : "-");
		return;
	}
	if (count != 1)
		fail_msg("%s: %s %s %s %s at line %ld: %d records, want 1 (%s)", path,
		    s->host, workloads[test], ops[test], metric, line, count, word);
	(*nexp)++;
	if (strcmp(metric, "lat_max") == 0) {
		v = ns_of(word);
		assert_string_equal(x->f[EB_F_UNIT], "ns");
	} else if (strcmp(metric, "bw") == 0) {
		v = strtod(word, NULL) * 1024;
		assert_string_equal(x->f[EB_F_UNIT], "B/s");
	} else if (strcmp(metric, "ops") == 0) {
		v = strtod(word, NULL);
		assert_string_equal(x->f[EB_F_UNIT], "1/s");
	} else {
		v = strtod(word, NULL);
		assert_string_equal(x->f[EB_F_UNIT], "%");
	}
	tu_assert_close(x->value, v);
	assert_string_equal(x->f[EB_F_TOOL], "bonnie");
	assert_string_equal(x->f[EB_F_JOB], "bonnie");
	assert_string_equal(x->f[EB_F_RELEASE], "");
	assert_string_equal(x->f[EB_F_MODE], "");
	assert_int_equal(x->block_size, test < 6 ? s->bs : 0);
}

/* Checks that path, read with format, gives exactly the records of the
 * runs in specs: every figure, and nothing else. */
static void
check(const char *path, const char *format, const struct spec *specs, size_t n)
{
	struct tu_run r;
	size_t nexp = 0;

	tu_ingest(&r, path, format);
	if (r.st != EB_OK)
		fail_msg("%s: %s", path, r.err.msg);
	for (size_t k = 0; k < n; k++) {
		const struct spec *s = &specs[k];
		char v[24][24], l[12][24];
		int nv, nl;

		for (int half = 0; half < 2; half++) {
			const char *vals = half ? s->file_vals : s->io_vals;
			const char *lats = half ? s->file_lats : s->io_lats;
			long line = half ? s->files : s->io;
			long lline = half ? s->files_lat : s->io_lat;

			if (vals == NULL) {
				for (int t = 0; t < 6; t++) {
					expect(&r, path, s, half * 6 + t, "bw", line, NULL, &nexp);
					expect(&r, path, s, half * 6 + t, "ops", line, NULL, &nexp);
					expect(&r, path, s, half * 6 + t, "cpu", line, NULL, &nexp);
				}
				continue;
			}
			nv = words(vals, v, 24);
			nl = words(lats, l, 12);
			assert_int_equal(nv, 12);
			assert_true(lats == NULL || nl == 6);
			for (int t = 0; t < 6; t++) {
				int test = half * 6 + t;

				expect(&r, path, s, test, test < 5 ? "bw" : "ops", line, v[2 * t], &nexp);
				expect(&r, path, s, test, test < 5 ? "ops" : "bw", line, NULL, &nexp);
				expect(&r, path, s, test, "cpu", line, v[2 * t + 1], &nexp);
				expect(&r, path, s, test, "lat_max", lline, lats ? l[t] : NULL, &nexp);
			}
		}
	}
	if (r.t->n != nexp) {
		for (size_t i = 0; i < r.t->n; i++)
			print_message("%s %s %s %s %.17g %s\n", r.t->rows[i].f[EB_F_HOST],
			    r.t->rows[i].f[EB_F_WORKLOAD], r.t->rows[i].f[EB_F_OP],
			    r.t->rows[i].f[EB_F_METRIC], r.t->rows[i].value,
			    r.t->rows[i].f[EB_F_SOURCE]);
		fail_msg("%s: %zu records, want %zu", path, r.t->n, nexp);
	}
	tu_free(&r);
}

static size_t
count_in(const char *hay, const char *needle)
{
	size_t n = 0;

	for (const char *p = hay; (p = strstr(p, needle)) != NULL; p++)
		n++;
	return n;
}

#define ALL_FAST "+ + + + + + + + + + + +"

/* ---- the shared corpus: the bonnie rows of MANIFEST-bonnie-dd.md */

static void
andrew_pc(void **state)
{
	static const struct spec s[] = {
		CSV("ANDREW-PC", 12, 0, "540 99 745124 100 980550 91 2205 99 1203968 58 + +",
		    "16366us 5650us 12027us 4465us 1806us 478us", ALL_FAST,
		    "586us 404us 3818us 3324us 837us 3156us"),
		/* The table prints 0 for every file rate (2.00a's printf bug);
		 * the CSV line has them. */
		CSV("ANDREW-PC", 28, 0, "6 6 51776 6 22717 6 6 7 40308 4 8475 109",
		    "1445ms 17524us 9356us 1284ms 5950us 408ms",
		    "793 6 1765 7 1574 7 827 6 1945 8 1416 6",
		    "15088us 15053us 18784us 11317us 3377us 12653us"),
	};
	TU_CORPUS_OR_SKIP(path, "bonnie/andrew-pc_wsl-blog_v2.00a_text+csv.md");
	(void)state;
	check(path, "auto", s, 2);
	check(path, "bonnie-text", s, 2);
}

static void
andrew_pc_csv_only(void **state)
{
	/* Read as CSV alone, 2.00a's lines do not say the chunk size. */
	static const struct spec s[] = {
		CSV("ANDREW-PC", 12, 0, "540 99 745124 100 980550 91 2205 99 1203968 58 + +",
		    "16366us 5650us 12027us 4465us 1806us 478us", ALL_FAST,
		    "586us 404us 3818us 3324us 837us 3156us"),
		CSV("ANDREW-PC", 28, 0, "6 6 51776 6 22717 6 6 7 40308 4 8475 109",
		    "1445ms 17524us 9356us 1284ms 5950us 408ms",
		    "793 6 1765 7 1574 7 827 6 1945 8 1416 6",
		    "15088us 15053us 18784us 11317us 3377us 12653us"),
	};
	TU_CORPUS_OR_SKIP(path, "bonnie/andrew-pc_wsl-blog_v2.00a_text+csv.md");
	(void)state;
	check(path, "bonnie-csv", s, 2);
}

static void
bonnie2gchart(void **state)
{
	static const struct spec s[] = {
		CSV("host1", 1, 8192, "838 98 110033 7 48154 4 3609 79 134153 4 228.2 1",
		    "9829us 226000us 1759000us 112000us 160000us 2016000us",
		    "30301 79 + + 2525 2 31290 79 + + 1558 1",
		    "300000us 458us 6094000us 309000us 17us 6206000us"),
		CSV("host2", 2, 8192, "846 97 109696 7 46532 3 3516 77 131159 4 237.8 1",
		    "16549us 264000us 1713000us 173000us 335000us 2025000us",
		    "29369 76 + + 2434 2 30553 79 + + 1514 1",
		    "316000us 323us 6103000us 298000us 1271us 7009000us"),
		/* host3 and host4 had no CPU accounting: 0 % is what they say. */
		CSV("host3", 3, 8192, "1028 0 94051 0 40554 0 1668 0 121874 0 380.3 0",
		    "16101us 7694000us 7790000us 13804us 124000us 76495us",
		    "50115 0 332943 0 2338 0 51591 0 + + 1189 0",
		    "312000us 1088us 10380000us 420000us 15us 15792000us"),
		CSV("host4", 4, 8192, "1049 0 86703 0 33424 0 1946 0 112701 0 275.4 0",
		    "15003us 7870000us 6229000us 12126us 332000us 223000us",
		    "47178 0 332648 0 2006 0 49756 0 + + 1122 0",
		    "375000us 1459us 10327000us 290000us 97us 14080000us"),
		CSV("host5", 5, 8192, "1098 98 75834 6 41582 5 6098 97 112804 7 1986 26",
		    "11373us 8134000us 1044000us 11697us 1466000us 400000us",
		    "55300 62 + + 15620 13 57603 65 + + 10506 9",
		    "351000us 439us 775000us 306000us 50us 780000us"),
		CSV("host6", 6, 8192, "1120 98 99612 8 41731 5 + + 110458 7 1955 26",
		    "13287us 779000us 713000us 3891us 1268000us 400000us",
		    "53752 63 + + 15861 13 58378 65 + + 10670 10",
		    "350000us 478us 698000us 310000us 637us 638000us"),
		CSV("host7", 7, 8192, "38449 67 36403 9 19240 5 47427 74 47958 7 330.6 0", NULL,
		    "216 99 + + 66339 55 222 99 + + 304 35", NULL),
	};
	TU_CORPUS_OR_SKIP(path, "bonnie/bonnie2gchart_bonnie.csv_mixed_v1.96+v1.03.csv");
	(void)state;
	check(path, "auto", s, 7);
	check(path, "bonnie-text", s, 7);
}

static void
dm_integrity(void **state)
{
	/* Direct IO skipped the per-char tests: blank cells, four latencies,
	 * a 4k chunk in "64G:4k::65536", and no machine name. */
	static const struct spec s[] = {
		{ "", 4, 5, 0, 0, 4096, "- - 16179.2 19 61952 26 - - 223232 31 279.1 13",
		    "- 659ms 517ms - 61146us 3052ms", NULL, NULL },
	};
	TU_CORPUS_OR_SKIP(path, "bonnie/dm-integrity-list_v2.00_direct-io_skipped-tests_excerpt.txt");
	(void)state;
	check(path, "auto", s, 1);
}

static void
linux_amlogic(void **state)
{
	static const struct spec s[] = {
		{ "", 5, 0, 0, 0, 8192, "93865 99 312837 96 194487 23 102808 97 415501 21 + +",
		    NULL, NULL, NULL },
		{ "", 11, 0, 0, 0, 8192, "52144 95 71766 21 47302 10 57078 98 415469 44 + +",
		    NULL, NULL, NULL },
	};
	TU_CORPUS_OR_SKIP(path, "bonnie/linux-amlogic-list_vim3-pcie_v1.9x_trimmed-table_excerpt.txt");
	(void)state;
	check(path, "auto", s, 2);
}

static void
linux_btrfs(void **state)
{
	/* 2.00a prints every file rate as 20480 here: not a measurement. */
	static const struct spec s[] = {
		{ "debian0", 38, 39, 43, 44, 0,
		    "376 99 1468006.4 96 119808 14 1510 99 2621440 95 + +",
		    "35068us 24976us 2944ms 30725us 71770us 26152us",
		    "? 32 ? 58 ? 48 ? 39 ? 56 ? 61",
		    "411ms 11914us 119ms 617ms 10296us 110ms" },
		{ "debian0", 51, 52, 56, 57, 0,
		    "375 99 1468006.4 97 119808 14 1546 99 2411724.8 98 + +",
		    "35975us 20945us 2144ms 10297us 2217us 6004us",
		    "? 35 ? 58 ? 48 ? 40 ? 57 ? 59",
		    "320ms 11237us 77779us 518ms 6470us 86389us" },
	};
	struct tu_run r;
	TU_CORPUS_OR_SKIP(path, "bonnie/linux-btrfs-list_log-prealloc-patch_v2.00a_files-max-min-dirs_quoted_excerpt.txt");
	(void)state;
	check(path, "auto", s, 2);
	tu_ingest(&r, path, "auto");
	assert_int_equal(count_in(eb_buf_cstr(&r.diag), "printf bug"), 1);
	assert_int_equal(count_in(eb_buf_cstr(&r.diag), "too fast"), 1);
	tu_free(&r);
}

static void
lkml_2004(void **state)
{
	static const struct spec s[] = {
		CSV("mindpipe", 11, 8192, "3002 88 31164 60 13485 29 3035 84 32838 36 56.7 0", NULL,
		    "94 40 + + 15510 66 204 86 + + 906 83", NULL),
		{ "mindpipe", 18, 0, 0, 0, 8192, "2988 86 17647 29 10979 17 3114 90 28556 25 156.7 1",
		    NULL, NULL, NULL },
	};
	struct tu_run r;
	TU_CORPUS_OR_SKIP(path, "bonnie/lkml-2004_max-sectors-kb_v1.03_text+csv_excerpt.txt");
	(void)state;
	check(path, "auto", s, 2);
	/* Two results of one machine: repetitions 1 and 2. */
	tu_ingest(&r, path, "auto");
	assert_int_equal(r.t->rows[0].rep, 1);
	assert_int_equal(r.t->rows[r.t->n - 1].rep, 2);
	tu_free(&r);
}

static void
openzfs_8156(void **state)
{
	static const struct spec s[] = {
		{ "nas1", 8, 9, 13, 14, 8192, "184 99 711234 97 41019 18 462 98 60090 11 2165 90",
		    "56495us 104ms 30115us 43211us 6288us 14473us",
		    "+ + + + 16292 50 + + + + + +",
		    "2859us 1307us 479ms 2279us 255us 66us" },
		/* Five seeker processes: 446 %CPU is real, not clamped. */
		{ "nas1", 21, 22, 0, 0, 8192, "169 99 676246 95 105841 38 465 99 152732 27 7864 446",
		    "59580us 101ms 100ms 37700us 3000us 7597us", NULL, NULL },
	};
	TU_CORPUS_OR_SKIP(path, "bonnie/openzfs-issue-8156_zfs-native-encryption_v1.97_encrypted-vs-plain_excerpt.md");
	(void)state;
	check(path, "auto", s, 2);
}

static void
pbs_fs_benchmark(void **state)
{
	static const struct spec s[] = {
		{ "lenovo", 16, 17, 21, 22, 0,
		    "1975 99 2621440 96 1258291.2 54 4811 99 2516582.4 66 + +",
		    "6762us 15395us 9908us 4627us 7630us 37204us", ALL_FAST,
		    "252us 179us 679us 1897us 15us 966us" },
		{ "lenovo", 60, 61, 65, 66, 0,
		    "2402 60 100659.2 14 56320 10 4995 89 121856 12 236.4 10",
		    "4740us 22916us 2047ms 37419us 46581us 1010ms",
		    "? 98 + + + + ? 98 + + + +",
		    "3612us 4317us 19071us 4960us 20us 28522us" },
		{ "nuc", 85, 86, 90, 91, 0,
		    "331 99 296960 77 151552 49 340 99 523264 83 + +",
		    "30975us 487ms 41658us 50455us 4011us 20844us",
		    "? 86 + + + + ? 96 + + + +",
		    "13499us 809us 903us 164us 29us 617us" },
	};
	TU_CORPUS_OR_SKIP(path, "bonnie/pbs-fs-benchmark_results_v2.00a_text.md");
	(void)state;
	check(path, "auto", s, 3);
}

static void
pkb_sample(void **state)
{
	static const struct spec s[] = {
		CSV("perfkit-7b22f510-0", 1, 8192, "- - 72853 15 47358 5 - - 156821 7 537.7 10",
		    "- 512000us 670000us - 44660us 200000us",
		    "49223 58 + + 54405 53 2898 97 + + 59089 60",
		    "3747us 1759us 1643us 33518us 192us 839us"),
	};
	TU_CORPUS_OR_SKIP(path, "bonnie/pkb_bonnie-plus-plus-sample_v1.96.csv");
	(void)state;
	check(path, "auto", s, 1);
	check(path, "bonnie-csv", s, 1);
}

static const struct spec geli[] = {
	{ "aaa.local", 4, 5, 9, 10, 8192, "212 99 160276 21 86818 13 528 99 192479 12 1869 17",
	    "185ms 827ms 2452ms 23599us 355ms 216ms",
	    "32383 92 + + + + 31316 97 + + 32624 98",
	    "12228us 100us 793us 23288us 32us 815us" },
};

static const struct spec plain[] = {
	{ "aaa.local", 4, 5, 9, 10, 8192, "203 99 272466 38 169484 29 538 99 458453 32 2301 72",
	    "139ms 21429us 643ms 18865us 244ms 32009us",
	    "32035 95 + + + + 32243 98 + + + +",
	    "11082us 87us 99us 21944us 24us 56us" },
};

static void
seed_freebsd(void **state)
{
	struct tu_run r;
	TU_CORPUS_OR_SKIP(g, "bonnie/seed-freebsd-zfs-ssd-geli-aes-xts-128_v1.96_whitespace-collapsed.txt");
	(void)state;
	check(g, "auto", geli, 1);
	check(g, "bonnie-text", geli, 1);
	tu_ingest(&r, g, "auto");
	assert_int_equal(r.t->n, 30);
	tu_free(&r);
	{
		TU_CORPUS_OR_SKIP(p, "bonnie/seed-freebsd-zfs-ssd-plain_v1.96_whitespace-collapsed.txt");
		check(p, "auto", plain, 1);
		tu_ingest(&r, p, "auto");
		assert_int_equal(r.t->n, 28);
		tu_free(&r);
	}
}

static void
server_setup_guide(void **state)
{
	/* The CSV line is there twice, the second time inside an echo
	 * command: one run. */
	static const struct spec s[] = {
		CSV("devback1", 2, 8192, "521 99 192435 27 106363 15 2691 98 446441 27 1067 43",
		    "16070us 454000us 174000us 14736us 98188us 30739us",
		    "23295 46 + + + + + + + + + +",
		    "5985us 563us 583us 960us 32us 259us"),
	};
	TU_CORPUS_OR_SKIP(path, "bonnie/server-setup-guide_devback1_v1.96_text+csv+bon_csv2html-usage_excerpt.md");
	(void)state;
	check(path, "auto", s, 1);
}

static void
ubuntuforums_2008(void **state)
{
	static const struct spec s[] = {
		CSV("3po", 6, 8192, "44154 96 138415 55 63486 19 52127 97 193807 23 311.3 1", NULL,
		    ALL_FAST, NULL),
	};
	struct tu_run r;
	TU_CORPUS_OR_SKIP(path, "bonnie/ubuntuforums-2008_3po_v1.03_all-plus_excerpt.txt");
	(void)state;
	check(path, "auto", s, 1);
	/* Every file test too fast: no record, one note that says so. */
	tu_ingest(&r, path, "auto");
	assert_int_equal(count_in(eb_buf_cstr(&r.diag), "too fast"), 1);
	assert_non_null(strstr(eb_buf_cstr(&r.diag), "random delete"));
	tu_free(&r);
}

static void
ubuntuforums_fragment2(void **state)
{
	static const struct spec s[] = {
		CSV("beta", 15, 8192, "269 95 43321 11 16657 5 1210 88 45068 5 119.3 4",
		    "65673us 780000us 1430000us 74939us 121000us 1332000us",
		    "15984 35 + + 28284 44 22668 50 + + 24291 42",
		    "11107us 1053us 2141us 7238us 15082us 16085us"),
		CSV("server", 30, 8192, "52479 94 54811 6 29039 5 41354 78 135477 18 307.7 0", NULL,
		    "3962 7 + + 1268 3 2844 17 + + 1628 5", NULL),
		/* 1.03e left the CSV name empty; the table has it. */
		CSV("Asus-EEE-1001P", 49, 8192, "10874 85 52615 35 18392 12 12760 90 48394 9 103.9 0",
		    NULL, "13055 93 + + 15189 87 12872 95 + + 20590 99", NULL),
		CSV("serverII", 64, 8192, "26166 99 43843 31 11577 9 23312 67 27938 6 160 1", NULL,
		    "12566 96 + + 20457 99 14688 100 + + 17607 85", NULL),
	};
	TU_CORPUS_OR_SKIP(path, "bonnie/ubuntuforums_post-your-hd-results_fragment2.md");
	(void)state;
	check(path, "auto", s, 4);
}

static void
ubuntuforums_fragment2_csv_only(void **state)
{
	struct tu_run r;
	size_t n = 0;
	TU_CORPUS_OR_SKIP(path, "bonnie/ubuntuforums_post-your-hd-results_fragment2.md");
	(void)state;
	/* Without the tables the empty name stays empty. */
	tu_ingest(&r, path, "bonnie-csv");
	assert_int_equal(r.st, EB_OK);
	for (size_t i = 0; i < r.t->n; i++)
		n += strcmp(r.t->rows[i].f[EB_F_HOST], "") == 0;
	assert_int_equal(n, 20);
	tu_free(&r);
}

static void
ubuntuforums_v196(void **state)
{
	static const struct spec s[] = {
		CSV("phil-desktop", 38, 8192, "429 95 65995 12 37384 7 2131 89 93821 7 262.3 9",
		    "43308us 7867000us 5064000us 31844us 610000us 290000us",
		    "8329 20 + + 17328 31 12456 30 + + 16061 29",
		    "4499us 918us 745us 614us 973us 5851us"),
		CSV("directive4", 57, 8192, "44179 80 49453 17 17477 6 38956 76 46240 8 158.5 1", NULL,
		    "32493 87 + + + + + + + + + +", NULL),
	};
	TU_CORPUS_OR_SKIP(path, "bonnie/ubuntuforums_post-your-hd-results_v1.96_v1.03c_v1.03e.md");
	(void)state;
	check(path, "auto", s, 2);
}

static void
wifo3_seeks_plus(void **state)
{
	static const struct spec s[] = {
		CSV("wifo3-02", 17, 8192, "991 99 505650 48 248311 22 4198 99 686466 27 + +",
		    "18813us 159000us 397000us 3930us 7022us 169000us", ALL_FAST,
		    "693us 587us 655us 936us 16us 923us"),
		CSV("wifo3-02", 32, 8192, "910 42 226340 16 128574 12 3216 86 527467 21 335.7 11",
		    "7421us 43874us 127000us 40307us 84960us 80635us",
		    "6978 14 + + 17601 28 7027 15 + + 13611 21",
		    "310000us 133us 23978us 395000us 16us 808000us"),
	};
	TU_CORPUS_OR_SKIP(path, "bonnie/wifo3-02_raid-notes_v1.97_seeks-plus.md");
	(void)state;
	check(path, "auto", s, 2);
}

static void
wifo3_text_csv(void **state)
{
	static const struct spec s[] = {
		CSV("wifo3-02", 16, 8192, "1842 89 347029 24 175829 17 3404 89 495890 20 447.9 11",
		    "8735us 16764us 79061us 18280us 32499us 228000us",
		    "7555 17 + + 18185 27 7097 12 + + 11216 21",
		    "349000us 127us 12376us 382000us 14us 490000us"),
	};
	TU_CORPUS_OR_SKIP(path, "bonnie/wifo3-02_raid-notes_v1.97_text+csv.md");
	(void)state;
	check(path, "auto", s, 1);
}

static void
xfs_fslab3(void **state)
{
	/* 1.96 -s 0: 47 fields, everything from num_files one column left. */
	static const struct spec s[] = {
		CSV("fslab3", 6, 0, NULL, NULL, "1702 14 2025 12 1332 4 1873 16 2047 13 1266 3",
		    "3874000us 6645000us 8659000us 505000us 7257000us 9627000us"),
	};
	TU_CORPUS_OR_SKIP(path, "bonnie/xfs-list-2013_fslab3_v1.96_files-only_csv-misaligned_excerpt.txt");
	(void)state;
	check(path, "auto", s, 1);
	check(path, "bonnie-csv", s, 1);
}

static void
xfs_tidbit(void **state)
{
	static const struct spec s[] = {
		CSV("tidbit.kungfoocoder.org", 3, 8192, "- - 55236 11 36165 10 - - 73514 8 2138.3 2",
		    NULL, "+ + + + 25015 99 28712 100 + + 26846 100", NULL),
		CSV("tidbit.kungfoocoder.org", 4, 8192, "- - 55236 11 30073 8 - - 84287 10 2046.9 2",
		    NULL, "+ + + + 24862 99 28340 99 + + 26490 99", NULL),
		CSV("tidbit.kungfoocoder.org", 5, 8192, "- - 55391 11 30140 9 - - 84506 10 2050.2 2",
		    NULL, "+ + + + 24642 100 28725 100 + + 26653 100", NULL),
		CSV("tidbit.kungfoocoder.org", 6, 8192, "- - 55364 11 30165 8 - - 83055 11 2051.9 2",
		    NULL, "+ + + + 24682 100 28264 100 + + 26804 99", NULL),
	};
	struct tu_run r;
	TU_CORPUS_OR_SKIP(path, "bonnie/xfs-list_tidbit_v1.0x_csv-header_x4_fast-mode_excerpt.txt");
	(void)state;
	check(path, "auto", s, 4);
	tu_ingest(&r, path, "auto");
	for (size_t i = 0; i < r.t->n; i++)
		assert_int_equal(r.t->rows[i].rep, (int)(i / 14) + 1);
	assert_int_equal(count_in(eb_buf_cstr(&r.diag), "too fast"), 1);
	tu_free(&r);
}

/* Every corpus file: the bonnie formats win detection, no "+++++" ever
 * becomes a zero rate, and the too-fast note comes once per file. */
static void
corpus_invariants(void **state)
{
	static const char *const files[] = {
		"andrew-pc_wsl-blog_v2.00a_text+csv.md",
		"bonnie2gchart_bonnie.csv_mixed_v1.96+v1.03.csv",
		"dm-integrity-list_v2.00_direct-io_skipped-tests_excerpt.txt",
		"linux-amlogic-list_vim3-pcie_v1.9x_trimmed-table_excerpt.txt",
		"linux-btrfs-list_log-prealloc-patch_v2.00a_files-max-min-dirs_quoted_excerpt.txt",
		"lkml-2004_max-sectors-kb_v1.03_text+csv_excerpt.txt",
		"openzfs-issue-8156_zfs-native-encryption_v1.97_encrypted-vs-plain_excerpt.md",
		"pbs-fs-benchmark_results_v2.00a_text.md",
		"pkb_bonnie-plus-plus-sample_v1.96.csv",
		"seed-freebsd-zfs-ssd-geli-aes-xts-128_v1.96_whitespace-collapsed.txt",
		"seed-freebsd-zfs-ssd-plain_v1.96_whitespace-collapsed.txt",
		"server-setup-guide_devback1_v1.96_text+csv+bon_csv2html-usage_excerpt.md",
		"ubuntuforums-2008_3po_v1.03_all-plus_excerpt.txt",
		"ubuntuforums_post-your-hd-results_fragment2.md",
		"ubuntuforums_post-your-hd-results_v1.96_v1.03c_v1.03e.md",
		"wifo3-02_raid-notes_v1.97_seeks-plus.md",
		"wifo3-02_raid-notes_v1.97_text+csv.md",
		"xfs-list-2013_fslab3_v1.96_files-only_csv-misaligned_excerpt.txt",
		"xfs-list_tidbit_v1.0x_csv-header_x4_fast-mode_excerpt.txt",
	};
	char rel[256];
	TU_CORPUS_OR_SKIP(root, "bonnie");
	(void)state;
	(void)root;
	for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
		const struct eb_format *best = NULL;
		int best_score = 0, plus;
		char *text;
		struct tu_run r;
		FILE *fp;
		size_t len;
		const char *path;

		snprintf(rel, sizeof rel, "bonnie/%s", files[i]);
		path = tu_corpus(rel);
		assert_non_null(path);
		fp = fopen(path, "rb");
		assert_non_null(fp);
		text = calloc(1, EB_PROBE_BYTES + 1);
		len = fread(text, 1, EB_PROBE_BYTES, fp);
		fclose(fp);
		for (size_t k = 0; eb_formats[k] != NULL; k++) {
			int sc = eb_formats[k]->probe(text, len);

			if (sc > best_score) {
				best_score = sc;
				best = eb_formats[k];
			}
		}
		assert_non_null(best);
		if (strncmp(best->name, "bonnie-", 7) != 0)
			fail_msg("%s detected as %s", files[i], best->name);
		assert_true(best_score >= 80);
		plus = strstr(text, "+++++") != NULL;
		free(text);

		tu_ingest(&r, path, "auto");
		assert_int_equal(r.st, EB_OK);
		for (size_t k = 0; k < r.t->n; k++) {
			const struct eb_record *x = &r.t->rows[k];

			if (strcmp(x->f[EB_F_METRIC], "cpu") != 0 && x->value == 0)
				fail_msg("%s: a zero %s at %s", files[i], x->f[EB_F_METRIC],
				    x->f[EB_F_SOURCE]);
			assert_true(isfinite(x->value) && x->value >= 0);
		}
		assert_int_equal(count_in(eb_buf_cstr(&r.diag), "too fast"), plus ? 1 : 0);
		tu_free(&r);
	}
}

/* ---- our own runs of Debian's bonnie++ 2.00a (tests/data/bonnie) */

#define DATA "tests/data/bonnie/"

static void
own_plain(void **state)
{
	/* Progress lines, then the table, then the CSV line: one run, the
	 * CSV's figures, the table's chunk. */
	static const struct spec s[] = {
		CSV("vm", 24, 0, "1191 99 363436 67 919340 45 1880 99 + + + +",
		    "7326us 305us 56us 5237us 52us 6601us", ALL_FAST,
		    "118us 57us 349us 550us 18us 32us"),
	};
	(void)state;
	check(DATA "bonnie-2.00a_plain.log", "auto", s, 1);
}

static void
own_quiet(void **state)
{
	/* -q: the CSV line alone on stdout, the table on stderr. */
	static const struct spec csv[] = {
		CSV("vm", 1, 0, "1185 99 435156 53 702959 32 1877 99 + + + +",
		    "7330us 370us 652us 4498us 55us 6841us", ALL_FAST,
		    "243us 66us 339us 885us 27us 34us"),
	};
	/* The table, rounded to k/m: 425m and 686m. */
	static const struct spec text[] = {
		{ "vm", 4, 5, 9, 10, 0, "1185 99 435200 53 702464 32 1877 99 + + + +",
		    "7330us 370us 652us 4498us 55us 6841us", ALL_FAST,
		    "243us 66us 339us 885us 27us 34us" },
	};
	(void)state;
	check(DATA "bonnie-2.00a_q.stdout.csv", "auto", csv, 1);
	check(DATA "bonnie-2.00a_q.stderr.txt", "auto", text, 1);
}

static char *
slurp(const char *path)
{
	FILE *fp = fopen(path, "rb");
	char *buf;
	size_t n;

	assert_non_null(fp);
	buf = calloc(1, 1 << 20);
	n = fread(buf, 1, (1 << 20) - 1, fp);
	buf[n] = '\0';
	fclose(fp);
	return buf;
}

/* Each record of a table-only reading against the CSV line of the same
 * run: bandwidths within the table's rounding, all else exact, and no file
 * rate from a 2.00a table. */
static void
compare_text_csv(const char *text, const char *csvline, long long bs)
{
	struct tu_run t, c;

	tu_ingest_text(&t, text, "auto");
	tu_ingest_text(&c, csvline, "auto");
	assert_int_equal(t.st, EB_OK);
	assert_int_equal(c.st, EB_OK);
	for (size_t i = 0; i < c.t->n; i++) {
		const struct eb_record *x = &c.t->rows[i], *y = NULL;

		assert_int_equal(x->block_size, 0);
		for (size_t k = 0; k < t.t->n && y == NULL; k++)
			if (strcmp(t.t->rows[k].f[EB_F_WORKLOAD], x->f[EB_F_WORKLOAD]) == 0 &&
			    strcmp(t.t->rows[k].f[EB_F_OP], x->f[EB_F_OP]) == 0 &&
			    strcmp(t.t->rows[k].f[EB_F_METRIC], x->f[EB_F_METRIC]) == 0)
				y = &t.t->rows[k];
		if (strcmp(x->f[EB_F_METRIC], "ops") == 0 &&
		    strncmp(x->f[EB_F_WORKLOAD], "files", 5) == 0) {
			assert_null(y);
			continue;
		}
		assert_non_null(y);
		/* "%4dm" is within half a MiB/s, "%4.1fg" within 5 %. */
		if (strcmp(x->f[EB_F_METRIC], "bw") == 0)
			assert_true(fabs(y->value - x->value) <= fmax(525312, 0.051 * x->value));
		else
			tu_assert_close(y->value, x->value);
		assert_int_equal(y->block_size, strncmp(x->f[EB_F_WORKLOAD], "files", 5) ? bs : 0);
	}
	tu_free(&t);
	tu_free(&c);
}

static void
split_fixture(const char *path, char **text, char **csvline)
{
	char *all = slurp(path), *last;

	/* The CSV line is the file's last line. */
	all[strlen(all) - 1] = '\0';
	last = strrchr(all, '\n');
	assert_non_null(last);
	*last = '\0';
	*text = all;
	*csvline = last + 1;
}

static void
own_tables_vs_csv(void **state)
{
	static const char *const files[] = {
		"bonnie-2.00a_plain.log", "bonnie-2.00a_fast.log", "bonnie-2.00a_c2.log",
		"bonnie-2.00a_files-only.log",
	};
	char *text, *csvline, path[256];
	(void)state;
	for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
		snprintf(path, sizeof path, DATA "%s", files[i]);
		split_fixture(path, &text, &csvline);
		compare_text_csv(text, csvline, 0);
		free(text);
	}
	split_fixture(DATA "bonnie-2.00a_direct-f-chunk4k-longname.log", &text, &csvline);
	compare_text_csv(text, csvline, 4096);
	free(text);
	text = slurp(DATA "bonnie-2.00a_q.stderr.txt");
	csvline = slurp(DATA "bonnie-2.00a_q.stdout.csv");
	compare_text_csv(text, csvline, 0);
	free(text);
	free(csvline);
}

static void
own_fast(void **state)
{
	/* -f: blank per-char cells that only the columns can place. */
	static const struct spec s[] = {
		CSV("vm", 22, 0, "- - 689887 48 965667 47 - - + + + +",
		    "- 617us 68us - 823us 4055us", "1773 99 + + + + 1813 99 + + + +",
		    "957us 70us 316us 1295us 15us 34us"),
	};
	/* The same table without its CSV line: 674m and 943m, and 2.00a's
	 * garbage 1024 files/s. */
	static const struct spec text[] = {
		{ "vm", 15, 16, 20, 21, 0, "- - 690176 48 965632 47 - - + + + +",
		    "- 617us 68us - 823us 4055us", "? 99 + + + + ? 99 + + + +",
		    "957us 70us 316us 1295us 15us 34us" },
	};
	(void)state;
	check(DATA "bonnie-2.00a_fast.log", "auto", s, 1);
	check(DATA "bonnie-2.00a_fast.log", "bonnie-text", s, 1);
	check(DATA "bonnie-2.00a_fast.table-only.txt", "auto", text, 1);
}

static void
own_direct_long_name(void **state)
{
	/* The table cuts the name ("build-serve" beside "512M:4k",
	 * "build-server-with-a" on the -Create-- line); the CSV has it
	 * whole but has lost the 4k chunk that the table shows. */
	static const struct spec s[] = {
		CSV("build-server-with-a-long-name.example.org", 22, 4096,
		    "- - 125834 47 336532 69 - - + + + +", "- 885us 2596us - 1662us 1814us",
		    ALL_FAST, "318us 63us 335us 661us 20us 24us"),
	};
	struct tu_run r;
	char *text, *csvline;
	(void)state;
	check(DATA "bonnie-2.00a_direct-f-chunk4k-longname.log", "auto", s, 1);
	split_fixture(DATA "bonnie-2.00a_direct-f-chunk4k-longname.log", &text, &csvline);
	tu_ingest_text(&r, text, "auto");
	assert_int_equal(r.st, EB_OK);
	assert_int_equal(r.t->n, 14);
	assert_string_equal(TU_F(r, 0, HOST), "build-server-with-a");
	assert_int_equal(r.t->rows[0].block_size, 4096);
	tu_free(&r);
	free(text);
}

static void
own_files_only(void **state)
{
	/* -s 0: the table prints 4096 for every file rate (2.00a), the CSV
	 * 1727 and 1412. */
	static const struct spec s[] = {
		CSV("vm", 13, 0, NULL, NULL, "1727 99 + + + + 1412 99 + + + +",
		    "782us 329us 1121us 4585us 147us 1031us"),
	};
	(void)state;
	check(DATA "bonnie-2.00a_files-only.log", "auto", s, 1);
}

static void
own_concurrency(void **state)
{
	static const struct spec s[] = {
		CSV("vm", 24, 0, "1176 99 387639 67 956520 44 1941 99 + + + +",
		    "8693us 300us 58us 5480us 59us 4630us", "1123 99 + + + + 1181 99 + + + +",
		    "1214us 64us 329us 1162us 15us 28us"),
	};
	(void)state;
	check(DATA "bonnie-2.00a_c2.log", "auto", s, 1);
}

static void
own_x2(void **state)
{
	/* -x 2: the stale 48-name header, then two lines with the same seed,
	 * which are two runs all the same. */
	static const struct spec s[] = {
		CSV("vm", 15, 0, "1185 99 427510 53 840289 44 1815 99 + + + +",
		    "7464us 351us 797us 6124us 56us 8018us", ALL_FAST,
		    "376us 55us 333us 1089us 13us 70us"),
		CSV("vm", 28, 0, "1158 99 506617 62 1038726 53 1845 99 + + + +",
		    "9149us 463us 57us 5833us 59us 8038us", ALL_FAST,
		    "513us 60us 335us 1048us 13us 24us"),
	};
	struct tu_run r;
	(void)state;
	check(DATA "bonnie-2.00a_x2.log", "auto", s, 2);
	tu_ingest(&r, DATA "bonnie-2.00a_x2.log", "auto");
	assert_int_equal(count_in(eb_buf_cstr(&r.diag), "too fast"), 1);
	assert_int_equal(r.t->rows[0].rep, 1);
	assert_int_equal(r.t->rows[r.t->n - 1].rep, 2);
	tu_free(&r);
}

static void
own_quiet_2to1(void **state)
{
	/* -q 2>&1 may put the CSV line before the table: still one run. */
	char *text = slurp(DATA "bonnie-2.00a_q.stderr.txt");
	char *csvline = slurp(DATA "bonnie-2.00a_q.stdout.csv");
	char *both = eb_xasprintf("%s%s", csvline, text);
	struct tu_run r;
	(void)state;
	tu_ingest_text(&r, both, "auto");
	assert_int_equal(r.st, EB_OK);
	assert_int_equal(r.t->n, 20);
	for (size_t i = 0; i < r.t->n; i++) {
		assert_string_equal(r.t->rows[i].f[EB_F_SOURCE], "input:1");
		assert_int_equal(r.t->rows[i].rep, 1);
	}
	tu_free(&r);
	free(both);
	free(text);
	free(csvline);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(andrew_pc),
		cmocka_unit_test(andrew_pc_csv_only),
		cmocka_unit_test(bonnie2gchart),
		cmocka_unit_test(dm_integrity),
		cmocka_unit_test(linux_amlogic),
		cmocka_unit_test(linux_btrfs),
		cmocka_unit_test(lkml_2004),
		cmocka_unit_test(openzfs_8156),
		cmocka_unit_test(pbs_fs_benchmark),
		cmocka_unit_test(pkb_sample),
		cmocka_unit_test(seed_freebsd),
		cmocka_unit_test(server_setup_guide),
		cmocka_unit_test(ubuntuforums_2008),
		cmocka_unit_test(ubuntuforums_fragment2),
		cmocka_unit_test(ubuntuforums_fragment2_csv_only),
		cmocka_unit_test(ubuntuforums_v196),
		cmocka_unit_test(wifo3_seeks_plus),
		cmocka_unit_test(wifo3_text_csv),
		cmocka_unit_test(xfs_fslab3),
		cmocka_unit_test(xfs_tidbit),
		cmocka_unit_test(corpus_invariants),
		cmocka_unit_test(own_plain),
		cmocka_unit_test(own_quiet),
		cmocka_unit_test(own_tables_vs_csv),
		cmocka_unit_test(own_fast),
		cmocka_unit_test(own_direct_long_name),
		cmocka_unit_test(own_files_only),
		cmocka_unit_test(own_concurrency),
		cmocka_unit_test(own_x2),
		cmocka_unit_test(own_quiet_2to1),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
