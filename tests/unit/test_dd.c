/* test_dd.c - the dd parser against every dd file of the shared corpus and
 * against GNU dd 9.1 and BusyBox 1.35 output made for these tests. Every
 * expected figure is the byte count over the seconds printed in the file. */
#include "testutil.h"
#include "cuts.h"

struct expect {
	double bytes, secs;
	const char *host;
	int64_t block_size;
	int rep;
};

struct corpus_case {
	const char *file;
	size_t n;
	struct expect e[8];
};

/* From corpus/MANIFEST-bonnie-dd.md, checked against the files. The
 * ocz-ssd-clone file holds three SIGUSR1 statistics blocks of one clone:
 * only the last is that run's result. */
static const struct corpus_case corpus_cases[] = {
	{ "dd/archlinux-de-wiki_dd_german-gnu-old-style_excerpt.txt", 1,
	    { { 967789, 0.00913792, "", 0, 1 } } },
	{ "dd/ceph-deploy-zh_doc_gnu-dd_new-style_excerpt.md", 2,
	    { { 10737418240.0, 3.62128, "", 1048576, 1 },
	      { 10737418240.0, 1.30639, "", 1048576, 2 } } },
	{ "dd/dm-proxy-ru_readme_gnu-dd-ru_translated_singular-form_excerpt.md", 2,
	    { { 4096, 0.00039053, "", 4096, 1 }, { 4096, 0.000466928, "", 4096, 2 } } },
	{ "dd/ethraspbian-guide_gnu-dd-new_progress_decimal-comma_excerpt.md", 1,
	    { { 2562719744.0, 258.691, "", 1048576, 1 } } },
	{ "dd/hardinfo2-pr263_gnu-dd-zh_CN_translated_fullwidth-comma_excerpt.md", 2,
	    { { 1048576, 0.000517593, "", 1048576, 1 },
	      { 1048576, 0.000941705, "", 1048576, 2 } } },
	{ "dd/k8s-raw-block-pod_readme_busybox-dd_excerpt.md", 1,
	    { { 104857600, 0.054862, "", 1048576, 1 } } },
	{ "dd/kali-usb-de_blog_gnu-dd_partly-translated-de_excerpt.md", 1,
	    { { 3353227264.0, 365.951, "", 0, 1 } } },
	{ "dd/lkml-2004_gnu-coreutils-5.x_bytes-transferred-seconds_excerpt.txt", 1,
	    { { 10485760, 0.028418, "", 1048576, 1 } } },
	{ "dd/lkml-devnull-microbench_gnu-dd-new_progress+final_grep-copied_10runs_excerpt.txt", 6,
	    { { 68719476736.0, 1.93069, "", 0, 1 }, { 68719476736.0, 1.78017, "", 0, 2 },
	      { 68719476736.0, 2.13716, "", 0, 3 }, { 68719476736.0, 1.14129, "", 0, 4 },
	      { 68719476736.0, 1.28398, "", 0, 5 }, { 68719476736.0, 1.22507, "", 0, 6 } } },
	{ "dd/lkml-reiserfs-2005_gnu-coreutils-5.9x_seconds-word_excerpt.txt", 1,
	    { { 67108864, 0.552862, "", 1048576, 1 } } },
	{ "dd/lvm-lab-fr_notes_gnu-dd-fr_translated_nbsp_progress_excerpt.md", 1,
	    { { 524288000, 1.24566, "", 1048576, 1 } } },
	{ "dd/ocz-ssd-clone_forum_gnu-dd-old_usr1-stats-bbcode_excerpt.md", 2,
	    { { 64023257088.0, 327.13, "", 0, 1 }, { 944766976, 23.5395, "", 0, 2 } } },
	{ "dd/openstack-cpu-quota-zh_notes_gnu-dd-old_oflag-direct_multi-run_excerpt.md", 3,
	    { { 40960000, 3.90028, "", 8192, 1 }, { 52428800, 4.9546, "", 1048576, 1 },
	      { 524288000, 50.9428, "", 10485760, 1 } } },
	{ "dd/opnsense-backup_notes_freebsd-dd_progress+summary_excerpt.md", 1,
	    { { 4017807360.0, 415.634273, "", 0, 1 } } },
	{ "dd/otus-linux-ru_hw10-ionice_gnu-dd-8.x-ru_translated_prompt-interleaved_excerpt.txt", 2,
	    { { 2147483648.0, 4.17328, "", 1048576, 1 }, { 2147483648.0, 5.39265, "", 1048576, 2 } } },
	{ "dd/raid5-ext4-writeup_gnu-dd-ru_translated_progress_excerpt.md", 1,
	    { { 209715200, 8.69378, "", 4096, 1 } } },
	{ "dd/rhel-usb-macos-ja_notes_macos-dd_progress+summary_excerpt.md", 1,
	    { { 8465612800.0, 612.61555, "", 0, 1 } } },
	{ "dd/rpi-raspbian-fr_readme_macos-dd_excerpt.md", 1,
	    { { 1021592274, 480.752682, "", 0, 1 } } },
	{ "dd/rust-nullblk-clang_notes_busybox-dd_no-records_excerpt.md", 1,
	    { { 1048576, 0.000367, "", 0, 1 } } },
	{ "dd/sdcard-image-fr_notes_gnu-dd-fr_partly-translated_nbsp_excerpt.md", 1,
	    { { 15476981760.0, 836.52, "", 512, 1 } } },
	{ "dd/ucore-lab-zh_notes_gnu-dd-old_512B-kBps_excerpt.md", 2,
	    { { 5120000, 0.509, "", 512, 1 }, { 512, 0.011, "", 512, 2 } } },
	/* pdsh interleaves two hosts; the first chunk2 result lost its
	 * records lines in the excerpt, so the file gets no block size. */
	{ "dd/vagrant-lizardfs_readme_gnu-dd-old_pdsh-prefixed.md", 4,
	    { { 52428800, 1.39275, "chunk2", 0, 1 }, { 52428800, 1.66993, "chunk1", 0, 1 },
	      { 52428800, 2.54965, "chunk2", 0, 2 }, { 52428800, 2.38723, "chunk1", 0, 2 } } },
};

static void
check_records(struct tu_run *r, const struct expect *e, size_t n)
{
	assert_int_equal(r->st, EB_OK);
	assert_int_equal(r->t->n, n);
	for (size_t i = 0; i < n; i++) {
		const struct eb_record *rec = &r->t->rows[i];

		tu_assert_close(rec->value, e[i].bytes / e[i].secs);
		assert_string_equal(rec->f[EB_F_TOOL], "dd");
		assert_string_equal(rec->f[EB_F_JOB], "dd");
		assert_string_equal(rec->f[EB_F_METRIC], "bw");
		assert_string_equal(rec->f[EB_F_UNIT], "B/s");
		assert_string_equal(rec->f[EB_F_HOST], e[i].host);
		assert_string_equal(rec->f[EB_F_OP], "");
		assert_string_equal(rec->f[EB_F_MODE], "");
		assert_int_equal(rec->block_size, e[i].block_size);
		assert_int_equal(rec->rep, e[i].rep);
	}
}

static void
test_corpus(void **state)
{
	(void)state;
	if (tu_corpus("dd") == NULL) {
		skip();
		return;
	}
	for (size_t c = 0; c < sizeof corpus_cases / sizeof corpus_cases[0]; c++) {
		const struct corpus_case *cc = &corpus_cases[c];
		struct tu_run r;

		print_message("%s\n", cc->file);
		tu_ingest(&r, tu_corpus(cc->file), "auto");
		check_records(&r, cc->e, cc->n);
		tu_free(&r);
	}
}

static void
test_corpus_sources_and_warnings(void **state)
{
	struct tu_run r;

	(void)state;
	/* A run dd stopped on an error is no repetition (outside audit G16):
	 * the error is located at dd's own line. */
	TU_CORPUS_OR_SKIP(path, "dd/otus-lvm-ru_homework_gnu-dd-new_progress_enospc_decimal-comma_excerpt.md");
	tu_ingest(&r, path, "dd");
	assert_int_equal(r.st, EB_ERR_DATA);
	assert_int_equal(r.t->n, 0);
	assert_int_equal(r.err.loc.line, 4);
	assert_string_equal(r.err.msg, "this dd run stopped on an error (dd: error writing "
	    "'/data/test.log': No space left on device): the 8329297920 bytes of a run cut short "
	    "measure no test; run it again, or leave this output out");
	tu_free(&r);
	tu_ingest(&r, tu_corpus("dd/usb-recovery-ptbr_blog_gnu-dd_progress-then-error_excerpt.md"),
	    "dd");
	assert_int_equal(r.st, EB_ERR_DATA);
	assert_int_equal(r.err.loc.line, 4);
	assert_string_equal(r.err.msg, "this dd run stopped on an error (dd: error reading "
	    "'/dev/sda1': Input/output error): the 2306867200 bytes of a run cut short measure no "
	    "test; run it again, or leave this output out");
	tu_free(&r);

	path = tu_corpus("dd/ocz-ssd-clone_forum_gnu-dd-old_usr1-stats-bbcode_excerpt.md");
	tu_ingest(&r, path, "dd");
	assert_non_null(strstr(r.diag.data, "warning: 17: taken as interim statistics "
	    "(SIGUSR1/SIGINFO) of the run ending at line 20, which goes on from them"));
	assert_non_null(strstr(r.diag.data, "warning: 20: taken as interim statistics "
	    "(SIGUSR1/SIGINFO) of the run ending at line 23"));
	tu_free(&r);
}

/* LC_ALL=<locale> dd if=/dev/zero of=t bs=64k count=32, coreutils 9.1:
 * C de fr es ru ja zh_CN pt_BR uk pl nl. Of these 9.1 translates de, fr,
 * zh_CN, uk and nl; the rest print English words with local decimals. */
static void
test_gnu_locales(void **state)
{
	static const double secs[] = {
		0.00071449, 0.00304296, 0.00808962, 0.00221422, 0.00701112,
		0.00727958, 0.00616542, 0.0101857, 0.00650456, 0.00590301, 0.00553997,
	};
	struct expect e[11];
	struct tu_run r;

	(void)state;
	for (size_t i = 0; i < 11; i++) {
		e[i].bytes = 2097152;
		e[i].secs = secs[i];
		e[i].host = "";
		e[i].block_size = 65536;
		e[i].rep = (int)i + 1;
	}
	tu_ingest(&r, "tests/data/dd/gnu-9.1-11-locales.log", "auto");
	check_records(&r, e, 11);
	assert_string_equal(r.t->rows[10].f[EB_F_SOURCE], "tests/data/dd/gnu-9.1-11-locales.log:44");
	tu_free(&r);
}

/* Korean is the one dd translation of coreutils 9.1 whose words are in no
 * other language: 레코드 입력함/출력함, 바이트, 복사함 (LC_ALL=ko_KR.UTF-8). */
static void
test_gnu_korean(void **state)
{
	static const struct expect e[] = {
		{ 2097152, 0.000789871, "", 65536, 1 },
		{ 1, 0.00014899, "", 1, 1 },
	};
	struct tu_run r;

	(void)state;
	tu_ingest(&r, "tests/data/dd/gnu-9.1-ko.log", "auto");
	check_records(&r, e, 2);
	tu_free(&r);
}

/* coreutils 9.1 translates the records lines of Estonian, Croatian and
 * Turkish in words of their own; the Turkish run's obs=16k makes 128
 * records out of 32 in, so the direction decides the block size. */
static void
test_gnu_records_unknown_words(void **state)
{
	static const struct expect e[] = {
		{ 2097152, 0.00661071, "", 65536, 1 },
		{ 2097152, 0.00852944, "", 65536, 2 },
		{ 2097152, 0.0194993, "", 16384, 1 },
	};
	struct tu_run r;

	(void)state;
	tu_ingest(&r, "tests/data/dd/gnu-9.1-et-hr-tr.log", "auto");
	check_records(&r, e, 3);
	assert_int_equal(r.nwarnings, 0);
	tu_free(&r);
}

static void
test_gnu_tiny_and_failed(void **state)
{
	static const struct expect e[] = {
		{ 1, 8.2555e-05, "", 1, 1 },
		{ 999, 7.6153e-05, "", 999, 1 },
		{ 1000, 6.6825e-05, "", 1000, 1 },
		{ 1, 0.000137137, "", 1, 2 },
		{ 1, 0.000126387, "", 1, 3 },
	};
	struct tu_run r;

	(void)state;
	tu_ingest(&r, "tests/data/dd/gnu-9.1-tiny-and-failed.log", "auto");
	check_records(&r, e, 5);
	assert_int_equal(r.nwarnings, 2);
	assert_non_null(strstr(r.diag.data, "warning: 19: dd run copied 0 bytes: no rate, "
	    "no record; dd said: dd: error writing '/dev/full': No space left on device"));
	tu_free(&r);
}

static void
test_gnu_sigusr1_and_progress(void **state)
{
	static const struct expect usr1[] = { { 31455498240.0, 0.819834, "", 0, 1 } };
	static const struct expect prog[] = { { 62914560000.0, 1.76921, "", 1048576, 1 } };
	struct tu_run r;

	(void)state;
	tu_ingest(&r, "tests/data/dd/gnu-9.1-sigusr1.log", "auto");
	check_records(&r, usr1, 1);
	tu_free(&r);
	tu_ingest(&r, "tests/data/dd/gnu-9.1-status-progress.log", "auto");
	check_records(&r, prog, 1);
	tu_free(&r);
}

static void
test_busybox_without_figures(void **state)
{
	struct tu_run r;

	(void)state;
	tu_ingest(&r, "tests/data/dd/busybox-1.35-debian-no-figures.log", "auto");
	assert_int_equal(r.st, EB_ERR_DATA);
	assert_int_equal(r.t->n, 0);
	assert_string_equal(r.err.loc.path, "tests/data/dd/busybox-1.35-debian-no-figures.log");
	assert_non_null(strstr(r.err.msg, "only records lines"));
	tu_free(&r);
}

static void
test_text_forms(void **state)
{
	struct tu_run r;

	(void)state;
	/* Prompt glued to the records line, CRLF, a BOM, markdown bold. */
	tu_ingest_text(&r, "\xEF\xBB\xBF$ dd if=a of=b\r\n[root@x ~]# 4+0 records in\r\n"
	    "4+0 records out\r\n4096 bytes (4.1 kB, 4.0 KiB) copied, 0.5 s, **8.2 kB/s**\r\n", "auto");
	assert_int_equal(r.st, EB_OK);
	assert_int_equal(r.t->n, 1);
	tu_assert_close(r.t->rows[0].value, 8192);
	assert_int_equal(r.t->rows[0].block_size, 1024);
	assert_string_equal(r.t->rows[0].f[EB_F_SOURCE], "input:4");
	tu_free(&r);

	/* GNU 8.24-8.27 progress kept its decimals: only the CR tells. */
	tu_ingest_text(&r, "\r1000000 bytes (1.0 MB, 977 KiB) copied, 1.00001 s, 1.0 MB/s\n"
	    "3+0 records in\n3+0 records out\n3000000 bytes (3.0 MB, 2.9 MiB) copied, 2.5 s, 1.2 MB/s\n",
	    "auto");
	assert_int_equal(r.t->n, 1);
	tu_assert_close(r.t->rows[0].value, 3000000 / 2.5);
	tu_free(&r);

	/* Exponent-form seconds of a very long run. */
	tu_ingest_text(&r, "1+0 records in\n1+0 records out\n"
	    "1234567890123 bytes (1.2 TB, 1.1 TiB) copied, 1.23457e+06 s, 1.0 MB/s\n", "auto");
	assert_int_equal(r.t->n, 1);
	tu_assert_close(r.t->rows[0].value, 1234567890123.0 / 1.23457e+06);
	tu_free(&r);

	/* A logger's level is no host (dd-info.txt of the third audit); a
	 * pdsh host is one. */
	tu_ingest_text(&r, "INFO: 1024+0 records in\nINFO: 1024+0 records out\nINFO: 1073741824 "
	    "bytes (1.1 GB, 1.0 GiB) copied, 1.5 s, 716 MB/s\nnode1: 1+0 records in\nnode1: 1+0 "
	    "records out\nnode1: 512 bytes copied, 0.5 s, 1.0 kB/s\n", "auto");
	assert_int_equal(r.st, EB_OK);
	assert_int_equal(r.t->n, 2);
	assert_string_equal(r.t->rows[0].f[EB_F_HOST], "");
	tu_assert_close(r.t->rows[0].value, 1073741824 / 1.5);
	assert_string_equal(r.t->rows[1].f[EB_F_HOST], "node1");
	tu_free(&r);

	/* Zero time: dd prints "Infinity B/s"; there is no rate to keep. */
	tu_ingest_text(&r, "0+0 records in\n0+0 records out\n"
	    "512 bytes copied, 0 s, Infinity B/s\n", "dd");
	assert_int_equal(r.st, EB_ERR_DATA);
	assert_non_null(strstr(r.err.msg, "no usable dd result"));
	tu_free(&r);
}

/* Translations that coreutils 9.1 marks fuzzy and so does not print, but
 * older releases did: the message texts of their .po files (FORMATS B.3),
 * with the numbers of one real run. */
static void
test_older_translations(void **state)
{
	static const char *const logs[] = {
		"2+0 registros leídos\n2+0 registros escritos\n"
		"2097152 bytes (2,1 MB, 2,0 MiB) copiados, 0,25 s, 8,4 MB/s\n",
		"2+0 レコード入力\n2+0 レコード出力\n"
		"2097152 バイト (2.1 MB, 2.0 MiB) コピーされました、 0.25 s, 8.4 MB/s\n",
		"2+0 registros de entrada\n2+0 registros de saída\n"
		"2097152 bytes (2,1 MB, 2,0 MiB) copiados, 0,25 s, 8,4 MB/s\n",
		"2+0 przeczytanych rekordów\n2+0 zapisanych rekordów\n"
		"skopiowane 2097152 bajtów (2,1 MB, 2,0 MiB), 0,25 s, 8,4 MB/s\n",
		"2+0 records gelezen\n2+0 records geschreven\n"
		"2097152 bytes (2,1 MB, 2,0 MiB) gekopieerd, 0,25 s, 8,4 MB/s\n",
	};
	struct tu_run r;

	(void)state;
	for (size_t i = 0; i < sizeof logs / sizeof logs[0]; i++) {
		print_message("%zu\n", i);
		tu_ingest_text(&r, logs[i], "auto");
		assert_int_equal(r.st, EB_OK);
		assert_int_equal(r.t->n, 1);
		tu_assert_close(r.t->rows[0].value, 2097152 / 0.25);
		assert_int_equal(r.t->rows[0].block_size, 1048576);
		tu_free(&r);
	}
}

static void
test_bad_input(void **state)
{
	struct tu_run r;

	(void)state;
	tu_ingest_text(&r, "hello\nworld\n", "dd");
	assert_int_equal(r.st, EB_ERR_DATA);
	assert_string_equal(r.err.msg, "no dd result in this file");
	tu_free(&r);

	tu_ingest_text(&r, "", "dd");
	assert_int_equal(r.st, EB_ERR_DATA);
	assert_string_equal(r.err.msg, "empty file: no benchmark output in it");
	assert_int_equal(r.err.loc.line, 1);
	tu_free(&r);

	tu_ingest_text(&r, "no benchmark here\n", "auto");
	assert_int_equal(r.st, EB_ERR_DATA);
	assert_non_null(strstr(r.err.msg, "not output of any format encbench reads"));
	assert_int_equal(r.err.loc.line, 1);
	tu_free(&r);
}

/* GNU dd prints its final time with %g (coreutils dd.c print_xfer_stats):
 * whole for a run of a whole number of seconds or of 100000 s and more,
 * while status=progress prints "%.0f s"; what tells them apart is that a
 * final summary follows its records lines. */
static void
test_whole_seconds(void **state)
{
	struct tu_run r;

	(void)state;
	tu_ingest_text(&r, "16+0 records in\n16+0 records out\n"
	    "16777216 bytes (17 MB, 16 MiB) copied, 123457 s, 136 B/s\n", "dd");
	assert_int_equal(r.st, EB_OK);
	assert_int_equal(r.t->n, 1);
	tu_assert_close(r.t->rows[0].value, 16777216.0 / 123457);
	assert_int_equal(r.t->rows[0].block_size, 1048576);
	tu_free(&r);
	tu_ingest_text(&r, "16777216 bytes (17 MB, 16 MiB) copied, 1 s, 16.8 MB/s\n"
	    "32+0 records in\n32+0 records out\n"
	    "33554432 bytes (34 MB, 32 MiB) copied, 2 s, 16.8 MB/s\n", "dd");
	assert_int_equal(r.st, EB_OK);
	assert_int_equal(r.t->n, 1);
	tu_assert_close(r.t->rows[0].value, 33554432.0 / 2);
	tu_free(&r);
}

/* Outside audit B4: the printed rate holds the byte count over the time
 * to what its digits allow, as each dd rounds it. GNU's "1.6 GB/s" is
 * 1.55-1.65 GB/s (human_readable, nearest, SI), so a seconds digit
 * flipped from 1.33963 to 1.23963 (1.73 GB/s) is damage. */
static void
test_rate_rounding(void **state)
{
	static const char *const good[] = {
		/* GNU 9.1: 1.603 GB/s; 4.3 MB/s; 40.1 MB/s (one decimal
		 * below 100); 386 MB/s. */
		"2147483648 bytes (2.1 GB, 2.0 GiB) copied, 1.33963 s, 1.6 GB/s\n",
		"1310720 bytes (1.3 MB, 1.2 MiB) copied, 0.306329 s, 4.3 MB/s\n",
		"13107200 bytes (13 MB, 12 MiB) copied, 0.32664 s, 40.1 MB/s\n",
		"131072000 bytes (131 MB, 125 MiB) copied, 0.339624 s, 386 MB/s\n",
		/* 1.6499 GB/s, just inside "1.6". */
		"2147483648 bytes (2.1 GB, 2.0 GiB) copied, 1.30156 s, 1.6 GB/s\n",
		/* BusyBox: 1.7801 GiB/s; and 1.8506 GiB/s, whose tenth
		 * comes from the last division alone (1894 MiB, 870/1024 of
		 * a GiB), so that up to 1/1024 GiB above 1.85 is "1.8" too. */
		"104857600 bytes (100.0MB) copied, 0.054862 seconds, 1.8GB/s\n",
		"104857600 bytes (100.0MB) copied, 0.052771 seconds, 1.8GB/s\n",
		/* OpenBSD cuts the time to a millisecond: 1.2349 s prints
		 * 1.234, its rate from the exact time. */
		"1073741824 bytes transferred in 1.234 secs (869496983 bytes/sec)\n",
	};
	static const struct {
		const char *line, *msg;
	} bad[] = {
		{ "2147483648 bytes (2.1 GB, 2.0 GiB) copied, 1.23963 s, 1.6 GB/s\n",
		  "2147483648 bytes in 1.23963 s are 1.7324 GB/s, outside the 1.55-1.65 GB/s that "
		  "this dd line's '1.6 GB/s' stands for (a damaged figure)" },
		{ "2147483648 bytes (2.1 GB, 2.0 GiB) copied, 1.29963 s, 1.6 GB/s\n",
		  "2147483648 bytes in 1.29963 s are 1.6524 GB/s, outside the 1.55-1.65 GB/s that "
		  "this dd line's '1.6 GB/s' stands for (a damaged figure)" },
		{ "2147483648 bytes (2.1 GB, 2.0 GiB) copied, 1.38963 s, 1.6 GB/s\n",
		  "2147483648 bytes in 1.38963 s are 1.5454 GB/s, outside the 1.55-1.65 GB/s that "
		  "this dd line's '1.6 GB/s' stands for (a damaged figure)" },
		/* GNU's rate is SI: "1.6" is no 1.6 GiB/s (1.72 GB/s). */
		{ "2147483648 bytes (2.1 GB, 2.0 GiB) copied, 1.24832 s, 1.6 GB/s\n",
		  "2147483648 bytes in 1.24832 s are 1.7203 GB/s, outside the 1.55-1.65 GB/s that "
		  "this dd line's '1.6 GB/s' stands for (a damaged figure)" },
		/* A size rounds to its last digit: 2147483648 is 2.1 GB. */
		{ "2147483648 bytes (2.2 GB, 2.0 GiB) copied, 1.33963 s, 1.6 GB/s\n",
		  "the byte count 2147483648 is not the (2.2 GB, 2.0 GiB) this dd line gives for "
		  "it (a damaged figure)" },
		{ "104857600 bytes (100.0MB) copied, 0.050000 seconds, 1.8GB/s\n",
		  "104857600 bytes in 0.050000 s are 1.9531 GiB/s, outside the 1.75-1.85098 GiB/s "
		  "that this dd line's '1.8GB/s' stands for (a damaged figure)" },
	};
	struct tu_run r;
	char text[256];

	(void)state;
	for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
		snprintf(text, sizeof text, "%s", good[i]);
		tu_ingest_text(&r, text, "dd");
		assert_int_equal(r.st, EB_OK);
		assert_int_equal(r.t->n, 1);
		tu_free(&r);
	}
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		tu_ingest_text(&r, bad[i].line, "dd");
		assert_int_equal(r.st, EB_ERR_DATA);
		assert_int_equal(r.err.loc.line, 1);
		assert_string_equal(r.err.msg, bad[i].msg);
		tu_free(&r);
	}
}

/* Outside audits A8 and B1: one dd run read twice, in one file (a log
 * appended to itself) or with other line ends, is an error at the second
 * that names the first, as its six-digit time makes a repeat a copy; a
 * time of fewer digits (BusyBox below 0.1 s) is only told. */
static void
test_run_read_twice(void **state)
{
	static const char run[] = "2048+0 records in\n2048+0 records out\n"
	    "2147483648 bytes (2.1 GB, 2.0 GiB) copied, 1.33963 s, 1.6 GB/s\n";
	static const char run_crlf[] = "2048+0 records in\r\n2048+0 records out\r\n"
	    "2147483648 bytes (2.1 GB, 2.0 GiB) copied, 1.33963 s, 1.6 GB/s\r\n";
	static const char other[] = "2048+0 records in\n2048+0 records out\n"
	    "2147483648 bytes (2.1 GB, 2.0 GiB) copied, 1.33964 s, 1.6 GB/s\n";
	static const char bb[] = "100+0 records in\n100+0 records out\n"
	    "104857600 bytes (100.0MB) copied, 0.054862 seconds, 1.8GB/s\n";
	char text[1024];

	(void)state;
	snprintf(text, sizeof text, "%s%s", run, run_crlf);
	tu_expect_refused(text, "dd", 6, "a dd run with the same figures (2147483648 bytes in "
	    "1.33963 s, the same records) was read already, from input:3: one run read twice "
	    "would count as a second repetition (a copy under another name?)");
	/* One digit of time apart: two runs. */
	snprintf(text, sizeof text, "%s\n%s", run, other);
	tu_expect_read(text, "dd", 2, 0, NULL);
	snprintf(text, sizeof text, "%s%s", bb, bb);
	tu_expect_read(text, "dd", 2, 1, "warning: 6: a dd run with the same "
	    "figures (104857600 bytes in 0.054862 s, the same records), as at input:3: if it "
	    "is a copy, its records count as second repetitions; it is read, since two real "
	    "runs may print figures this coarse alike");
}

/* Outside audit C14: runs appended to one log that each move more bytes
 * than the one before print what SIGUSR1 statistics of one run print, so
 * taking them as one run is said in a warning, which -q keeps. */
static void
test_growing_runs_warned(void **state)
{
	struct tu_run r;

	(void)state;
	tu_ingest_text(&r, "1024+0 records in\n1024+0 records out\n"
	    "1073741824 bytes (1.1 GB, 1.0 GiB) copied, 1.2 s, 895 MB/s\n"
	    "2048+0 records in\n2048+0 records out\n"
	    "2147483648 bytes (2.1 GB, 2.0 GiB) copied, 2.3 s, 934 MB/s\n", "dd");
	assert_int_equal(r.st, EB_OK);
	assert_int_equal(r.t->n, 1);
	tu_assert_close(r.t->rows[0].value, 2147483648.0 / 2.3);
	assert_int_equal(r.nwarnings, 1);
	assert_non_null(strstr(r.diag.data, "warning: 3: taken as interim statistics "
	    "(SIGUSR1/SIGINFO) of the run ending at line 6, which goes on from them (more "
	    "bytes and time, the same block size), so only that line's figure is kept; runs "
	    "appended to one log that grow so (a size sweep, a warm-up) look the same: give "
	    "each run a file of its own"));
	tu_free(&r);
}

static const char *const cut_corpus[] = {
	"dd/ocz-ssd-clone_forum_gnu-dd-old_usr1-stats-bbcode_excerpt.md",
	"dd/openstack-cpu-quota-zh_notes_gnu-dd-old_oflag-direct_multi-run_excerpt.md",
	"dd/vagrant-lizardfs_readme_gnu-dd-old_pdsh-prefixed.md",
	"dd/opnsense-backup_notes_freebsd-dd_progress+summary_excerpt.md",
	"dd/k8s-raw-block-pod_readme_busybox-dd_excerpt.md",
};

/* Every dd file at hand cut after each byte: a line cut short reads as
 * whole or absent, or the file fails; no cut gives another number. */
static void
test_every_cut(void **state)
{
	static const char *const files[] = {
		"tests/data/dd/gnu-9.1-11-locales.log",
		"tests/data/dd/gnu-9.1-et-hr-tr.log",
		"tests/data/dd/gnu-9.1-sigusr1.log",
		"tests/data/dd/gnu-9.1-status-progress.log",
		"tests/data/dd/gnu-9.1-tiny-and-failed.log",
	};

	(void)state;
	for (size_t i = 0; i < sizeof files / sizeof files[0]; i++)
		assert_int_equal(cuts_check_file(files[i], "dd", 0), 0);
}

/* The same for the corpus files of several runs, progress and prefixes. */
static void
test_every_cut_corpus(void **state)
{
	TU_CORPUS_OR_SKIP(first, "dd/lkml-devnull-microbench_gnu-dd-new_progress+final_"
	    "grep-copied_10runs_excerpt.txt");

	(void)state;
	assert_int_equal(cuts_check_file(first, "dd", 0), 0);
	for (size_t i = 0; i < sizeof cut_corpus / sizeof cut_corpus[0]; i++) {
		const char *path = tu_corpus(cut_corpus[i]);

		assert_non_null(path);
		assert_int_equal(cuts_check_file(path, "dd", 0), 0);
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_corpus),
		cmocka_unit_test(test_corpus_sources_and_warnings),
		cmocka_unit_test(test_gnu_locales),
		cmocka_unit_test(test_gnu_records_unknown_words),
		cmocka_unit_test(test_gnu_korean),
		cmocka_unit_test(test_gnu_tiny_and_failed),
		cmocka_unit_test(test_gnu_sigusr1_and_progress),
		cmocka_unit_test(test_busybox_without_figures),
		cmocka_unit_test(test_text_forms),
		cmocka_unit_test(test_older_translations),
		cmocka_unit_test(test_bad_input),
		cmocka_unit_test(test_whole_seconds),
		cmocka_unit_test(test_rate_rounding),
		cmocka_unit_test(test_run_read_twice),
		cmocka_unit_test(test_growing_runs_warned),
		cmocka_unit_test(test_every_cut),
		cmocka_unit_test(test_every_cut_corpus),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
