/* test_bonnie_cuts.c - bonnie++ output cut after any byte: real 2.00a runs
 * and the corpus's 1.03 to 2.00a tables fail or read as a complete prefix. */
#include "testutil.h"
#include "cuts.h"

#define MAX_ENDS 256

static int
starts(const char *s, size_t n, const char *word)
{
	return n >= strlen(word) && memcmp(s, word, strlen(word)) == 0;
}

static size_t
commas(const char *s, size_t n)
{
	size_t c = 0;

	for (size_t i = 0; i < n; i++)
		c += s[i] == ',';
	return c;
}

/* One line of a file, past mail quoting and leading blanks. */
struct line {
	const char *s;
	size_t n, end;	/* end: the offset after its newline */
};

static size_t
lines_of(const char *data, size_t n, struct line *v, size_t max)
{
	size_t nl = 0;

	for (size_t at = 0; at < n && nl < max;) {
		const char *e = memchr(data + at, '\n', n - at);
		size_t end = e != NULL ? (size_t)(e - data) + 1 : n, len;
		const char *s = data + at;

		len = end - at;
		while (len > 0 && (*s == '>' || *s == ' ' || *s == '\t')) {
			s++;
			len--;
		}
		v[nl].s = s;
		v[nl].n = len;
		v[nl].end = end;
		nl++;
		at = end;
	}
	return nl;
}

/* Where a bonnie++ output is whole so far, by what bonnie++ prints last
 * in each table: a Latency row (1.96 and later), a result row with no
 * Latency row after it (1.03, trimmed tables), a CSV line. Written from
 * the layouts, not from the parser, so that the two cannot agree by
 * sharing a mistake. */
static size_t
table_ends(const char *data, size_t n, size_t *ends)
{
	static struct line v[4096];
	size_t nl = lines_of(data, n, v, sizeof v / sizeof v[0]), ne = 0;

	for (size_t i = 0; i < nl && ne + 1 < MAX_ENDS; i++) {
		int row = i > 0 && memmem(v[i - 1].s, v[i - 1].n, "%CP", 3) != NULL &&
		    memmem(v[i].s, v[i].n, "%CP", 3) == NULL;

		if (starts(v[i].s, v[i].n, "Latency") || commas(v[i].s, v[i].n) >= 10 ||
		    (row && !(i + 1 < nl && starts(v[i + 1].s, v[i + 1].n, "Latency"))))
			ends[ne++] = v[i].end;
	}
	if (ne == 0 || ends[ne - 1] != n)
		ends[ne++] = n;
	return ne;
}

static char *
slurp(const char *path, size_t *n)
{
	FILE *fp = fopen(path, "rb");
	char *data = eb_xmalloc(1 << 16);

	assert_non_null(fp);
	*n = fread(data, 1, 1 << 16, fp);
	fclose(fp);
	return data;
}

static int
sweep(const char *path)
{
	size_t ends[MAX_ENDS], n, ne;
	char *data = slurp(path, &n);
	int bad;

	ne = table_ends(data, n, ends);
	bad = cuts_check_prefixes(path, data, n, "bonnie-text", ends, ne);
	free(data);
	return bad;
}

/* Real bonnie++ 2.00a runs of every shape its options give: with and
 * without the file tests (-n 0), per-char tests (-f), IO tests (-s 0),
 * with files:max:min/dirs, -b -c 2, a chunk and seek count, a long name. */
static const char *const runs[] = {
	"tests/data/bonnie/bonnie-2.00a_plain.log",
	"tests/data/bonnie/bonnie-2.00a_fast.log",
	"tests/data/bonnie/bonnie-2.00a_files-only.log",
	"tests/data/bonnie/bonnie-2.00a_c2.log",
	"tests/data/bonnie/bonnie-2.00a_direct-f-chunk4k-longname.log",
	"tests/data/bonnie/bonnie-2.00a_fast.table-only.txt",
	"tests/data/bonnie/bonnie-2.00a_q.stderr.txt",
	"tests/data/bonnie/bonnie-2.00a_gen-n0.log",
	"tests/data/bonnie/bonnie-2.00a_gen-fast-n0.log",
	"tests/data/bonnie/bonnie-2.00a_gen-files-dirs.log",
	"tests/data/bonnie/bonnie-2.00a_gen-nobuf-c2.log",
	"tests/data/bonnie/bonnie-2.00a_gen-seeks.log",
};

static void
text_runs(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof runs / sizeof runs[0]; i++)
		assert_int_equal(sweep(runs[i]), 0);
}

/* The corpus's tables of 1.03, 1.96, 1.97, 1.9x and 2.00: aligned,
 * re-spaced by a forum, trimmed, quoted in mail, inside Markdown. */
static const char *const corpus_text[] = {
	"bonnie/andrew-pc_wsl-blog_v2.00a_text+csv.md",
	"bonnie/dm-integrity-list_v2.00_direct-io_skipped-tests_excerpt.txt",
	"bonnie/linux-amlogic-list_vim3-pcie_v1.9x_trimmed-table_excerpt.txt",
	"bonnie/linux-btrfs-list_log-prealloc-patch_v2.00a_files-max-min-dirs_quoted_excerpt.txt",
	"bonnie/lkml-2004_max-sectors-kb_v1.03_text+csv_excerpt.txt",
	"bonnie/openzfs-issue-8156_zfs-native-encryption_v1.97_encrypted-vs-plain_excerpt.md",
	"bonnie/pbs-fs-benchmark_results_v2.00a_text.md",
	"bonnie/seed-freebsd-zfs-ssd-geli-aes-xts-128_v1.96_whitespace-collapsed.txt",
	"bonnie/seed-freebsd-zfs-ssd-plain_v1.96_whitespace-collapsed.txt",
	"bonnie/server-setup-guide_devback1_v1.96_text+csv+bon_csv2html-usage_excerpt.md",
	"bonnie/ubuntuforums-2008_3po_v1.03_all-plus_excerpt.txt",
	"bonnie/ubuntuforums_post-your-hd-results_fragment2.md",
	"bonnie/ubuntuforums_post-your-hd-results_v1.96_v1.03c_v1.03e.md",
	"bonnie/wifo3-02_raid-notes_v1.97_seeks-plus.md",
	"bonnie/wifo3-02_raid-notes_v1.97_text+csv.md",
};

static void
text_corpus(void **state)
{
	int bad = 0;

	(void)state;
	for (size_t i = 0; i < sizeof corpus_text / sizeof corpus_text[0]; i++) {
		const char *path = tu_corpus(corpus_text[i]);

		if (path == NULL) {
			skip();
			return;
		}
		bad += sweep(path) != 0;
	}
	assert_int_equal(bad, 0);
}

/* bonnie++ CSV: a line is a run, so a cut line is absent, whole or an
 * error (the property of the other line formats). */
static void
csv_cuts(void **state)
{
	static const char *const corpus_csv[] = {
		"bonnie/pkb_bonnie-plus-plus-sample_v1.96.csv",
		"bonnie/bonnie2gchart_bonnie.csv_mixed_v1.96+v1.03.csv",
		"bonnie/xfs-list-2013_fslab3_v1.96_files-only_csv-misaligned_excerpt.txt",
		"bonnie/xfs-list_tidbit_v1.0x_csv-header_x4_fast-mode_excerpt.txt",
	};

	(void)state;
	assert_int_equal(cuts_check_file("tests/data/bonnie/bonnie-2.00a_x2.log", "bonnie-csv", 0), 0);
	assert_int_equal(cuts_check_file("tests/data/bonnie/bonnie-2.00a_q.stdout.csv", "bonnie-csv", 0), 0);
	assert_int_equal(cuts_check_file("tests/data/bonnie/bonnie-2.00a_gen-q.stdout.csv",
	    "bonnie-csv", 0), 0);
	for (size_t i = 0; i < sizeof corpus_csv / sizeof corpus_csv[0]; i++) {
		const char *path = tu_corpus(corpus_csv[i]);

		if (path == NULL) {
			skip();
			return;
		}
		assert_int_equal(cuts_check_file(path, "bonnie-csv", 0), 0);
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(text_runs),
		cmocka_unit_test(text_corpus),
		cmocka_unit_test(csv_cuts),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
