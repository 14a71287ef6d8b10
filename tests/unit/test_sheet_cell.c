/* test_sheet_cell.c - the pieces of the spreadsheet importer on their own:
 * numbers and units in cells, markers, header words, release and config labels. */
#include "testutil.h"

#include "../../ingest/modes.h"
#include "../../ingest/sheet.h"

/* The canonical value of a cell, with the sheet's decimal separator dec;
 * fails the test unless the cell is a number. */
static double
value(const char *text, char dec)
{
	struct eb_sheet_cell c;
	double v = -1;

	eb_sheet_cell_parse(text, strlen(text), &c);
	if (c.kind != EB_SC_NUMBER)
		fail_msg("'%s' is not read as a number (kind %d)", text, c.kind);
	if (!eb_sheet_value(&c.num, dec, c.has_unit ? &c.unit : NULL, &v))
		fail_msg("'%s' has no finite value", text);
	return v;
}

static enum eb_sheet_cellkind
kind(const char *text)
{
	struct eb_sheet_cell c;

	eb_sheet_cell_parse(text, strlen(text), &c);
	return c.kind;
}

/* Exact equality: the conversions are meant to be correctly rounded. */
#define assert_exact(a, b) assert_true((a) == (b))

static void
test_decimal_and_thousands(void **state)
{
	(void)state;
	/* Both separators: the last one is decimal, whatever the sheet says. */
	assert_exact(value("2.450,5", '.'), 2450.5);
	assert_exact(value("2,450.5", ','), 2450.5);
	assert_exact(value("1.234.567,89", '.'), 1234567.89);
	/* Blank groups: spaces, no-break spaces (fr), narrow no-break
	 * spaces, Windows-1252 0xA0, and Swiss apostrophes. */
	assert_exact(value("2 450,5", '.'), 2450.5);
	assert_exact(value("2\xc2\xa0" "450,5", '.'), 2450.5);
	assert_exact(value("2\xe2\x80\xaf" "450,5", '.'), 2450.5);
	assert_exact(value("2\xa0" "450,5", '.'), 2450.5);
	assert_exact(value("1'234.5", ','), 1234.5);
	assert_exact(value("12 000", '.'), 12000);
	/* One separator before other than three digits is decimal. */
	assert_exact(value("2450,5", '.'), 2450.5);
	assert_exact(value("3100,25", '.'), 3100.25);
	assert_exact(value("0,125", '.'), 0.125);
	assert_exact(value("1234,567", '.'), 1234.567);
	/* "1,234" and "1.234" are the sheet's to decide. */
	assert_exact(value("2,450", '.'), 2450);
	assert_exact(value("2,450", ','), 2.45);
	assert_exact(value("1.234", ','), 1234);
	assert_exact(value("1.234", '.'), 1.234);
	/* Repeated group separators. */
	assert_exact(value("1,234,567", ','), 1234567);
	assert_exact(value("1.234.567", '.'), 1234567);
	/* Excel's scientific form; a sign. */
	assert_exact(value("2.45E+09", '.'), 2.45e9);
	assert_exact(value("+7", '.'), 7);
	/* Not numbers: a date, a wrong grouping, two decimal parts. */
	assert_int_equal(kind("24.04.2024"), EB_SC_TEXT);
	assert_int_equal(kind("1,23,456"), EB_SC_TEXT);
	assert_int_equal(kind("1.5.5"), EB_SC_TEXT);
	assert_int_equal(kind("fast"), EB_SC_TEXT);
	assert_int_equal(kind("   "), EB_SC_EMPTY);
}

static void
test_evidence(void **state)
{
	struct eb_sheet_cell c;

	(void)state;
	eb_sheet_cell_parse("2.450,5", 7, &c);
	assert_int_equal(c.num.decimal, ',');
	eb_sheet_cell_parse("3100,25", 7, &c);
	assert_int_equal(c.num.decimal, ',');
	eb_sheet_cell_parse("1,234,567", 9, &c);
	assert_int_equal(c.num.decimal, '.');
	eb_sheet_cell_parse("1,234", 5, &c);
	assert_int_equal(c.num.decimal, 0);
	assert_int_equal(c.num.amb_sep, ',');
	eb_sheet_cell_parse("-5", 2, &c);
	assert_int_equal(c.kind, EB_SC_NUMBER);
	assert_int_equal(c.num.negative, 1);
	eb_sheet_cell_parse("\xe2\x88\x92" "5", 4, &c);
	assert_int_equal(c.num.negative, 1);
}

static void
test_units_exact(void **state)
{
	(void)state;
	/* SI and IEC told apart, exactly. */
	assert_exact(value("1 MB/s", '.'), 1e6);
	assert_exact(value("1 MiB/s", '.'), 1048576);
	assert_exact(value("1 GB/s", '.'), 1e9);
	assert_exact(value("1 GiB/s", '.'), 1073741824);
	assert_exact(value("1 kB/s", '.'), 1000);
	assert_exact(value("1 KB/s", '.'), 1000);
	assert_exact(value("1 KiB/s", '.'), 1024);
	assert_exact(value("1 TiB/s", '.'), 1099511627776.0);
	assert_exact(value("1 TB/s", '.'), 1e12);
	assert_exact(value("2.1 GB/s", '.'), 2100000000);
	assert_exact(value("466 MB/s", '.'), 466000000);
	assert_exact(value("466MB/s", '.'), 466000000);
	assert_exact(value("1.9 GiB/s", '.'), 1.9 * 1073741824.0);
	assert_exact(value("512 KiB/s", '.'), 524288);
	/* 8.2 * 1e6 is 8199999.999999999 in doubles; the unit's power of ten
	 * goes into the one decimal conversion instead. */
	assert_exact(value("8.2 MB/s", '.'), 8200000);
	assert_exact(value("2.01 ms", '.'), 2010000);
	assert_exact(value("16.1 us", '.'), 16100);
	assert_exact(value("250 µs", '.'), 250000);
	assert_exact(value("250 \xce\xbcs", '.'), 250000);
	assert_exact(value("250 \xb5s", '.'), 250000);
	assert_exact(value("12 ns", '.'), 12);
	assert_exact(value("12 kIOPS", '.'), 12000);
	assert_exact(value("12,000 IOPS", '.'), 12000);
	assert_exact(value("8 Mbit/s", '.'), 1e6);
	assert_exact(value("100 Mbps", '.'), 12.5e6);
	assert_exact(value("100 MBps", '.'), 1e8);
	assert_exact(value("45%", '.'), 45);
	assert_exact(value("12,5 %", ','), 12.5);
	assert_exact(value("45.00%", '.'), 45);
}

static void
test_unit_parse(void **state)
{
	struct eb_sheet_unit u;
	struct eb_sheet_cell c;

	(void)state;
	assert_true(eb_sheet_unit_parse("(MB/s)", 6, &u));
	assert_int_equal(u.kind, EB_SK_BW);
	assert_int_equal(u.exp10, 6);
	assert_string_equal(u.canon, "B/s");
	assert_true(eb_sheet_unit_parse("MiB/s", 5, &u));
	assert_int_equal(u.exp2, 20);
	assert_true(eb_sheet_unit_parse("IOPS", 4, &u));
	assert_string_equal(u.canon, "1/s");
	assert_true(eb_sheet_unit_parse("ms", 2, &u));
	assert_int_equal(u.kind, EB_SK_TIME);
	assert_string_equal(u.canon, "ns");
	assert_true(eb_sheet_unit_parse("%", 1, &u));
	assert_string_equal(u.canon, "%");
	assert_true(eb_sheet_unit_parse("MB / s", 6, &u));
	assert_false(eb_sheet_unit_parse("MB", 2, &u));
	assert_false(eb_sheet_unit_parse("s", 1, &u));
	/* "W" abbreviates Write in headers; watts are spelt out. */
	assert_false(eb_sheet_unit_parse("W", 1, &u));
	eb_sheet_cell_parse("5 furlongs", 10, &c);
	assert_int_equal(c.kind, EB_SC_TEXT);
	assert_int_equal(c.bad_unit, 1);
}

static void
test_markers(void **state)
{
	static const char *const markers[] = {
		"#DIV/0!", "#N/A", "N/A", "n/a", "-", "?", "#VALUE!", "#REF!",
		"#NAME?", "#NUM!", "#ERROR!", "Err:502", "########", "\xe2\x80\x93",
		"NaN", " #N/A ",
	};

	(void)state;
	for (size_t i = 0; i < sizeof markers / sizeof markers[0]; i++)
		if (kind(markers[i]) != EB_SC_MARKER)
			fail_msg("'%s' is not taken for a marker", markers[i]);
	assert_int_equal(kind("Err:"), EB_SC_TEXT);
}

static void
test_headers(void **state)
{
	struct eb_sheet_head h;

	(void)state;
	eb_sheet_header_parse("DD Write (MB/s)", &h);
	assert_int_equal(h.key, EB_SH_VALUE);
	assert_string_equal(h.at.f[EB_F_TOOL], "dd");
	assert_string_equal(h.at.f[EB_F_OP], "write");
	assert_null(h.at.f[EB_F_WORKLOAD]);
	assert_int_equal(h.at.unit.kind, EB_SK_BW);
	assert_int_equal(h.at.unit.exp10, 6);

	eb_sheet_header_parse("FIO Rand Read (MB/s)", &h);
	assert_int_equal(h.key, EB_SH_VALUE);
	assert_string_equal(h.at.f[EB_F_TOOL], "fio");
	assert_string_equal(h.at.f[EB_F_WORKLOAD], "rand");
	assert_string_equal(h.at.f[EB_F_OP], "read");

	eb_sheet_header_parse("Write", &h);
	assert_int_equal(h.key, EB_SH_VALUE);
	assert_string_equal(h.at.f[EB_F_OP], "write");
	assert_int_equal(h.at.unit.kind, EB_SK_NONE);

	eb_sheet_header_parse("Sequential write\n(MiB/s)", &h);
	assert_int_equal(h.key, EB_SH_VALUE);
	assert_string_equal(h.at.f[EB_F_WORKLOAD], "seq");
	assert_int_equal(h.at.unit.exp2, 20);

	eb_sheet_header_parse("FIO 4k randread IOPS", &h);
	assert_int_equal(h.key, EB_SH_VALUE);
	assert_int_equal(h.at.block_size, 4096);
	assert_string_equal(h.at.f[EB_F_WORKLOAD], "rand");
	assert_string_equal(h.at.f[EB_F_OP], "read");
	assert_int_equal(h.at.unit.kind, EB_SK_IOPS);

	eb_sheet_header_parse("Latency p99 (ms)", &h);
	assert_int_equal(h.key, EB_SH_VALUE);
	assert_int_equal(h.at.stat, EB_ST_P99);
	assert_string_equal(eb_sheet_metric(&h.at, &h.at.unit), "lat_p99");

	eb_sheet_header_parse("Seq W (MB/s)", &h);
	assert_string_equal(h.at.f[EB_F_OP], "write");

	eb_sheet_header_parse("Bonnie++ Block Re-write (KiB/s)", &h);
	assert_string_equal(h.at.f[EB_F_TOOL], "bonnie");
	assert_string_equal(h.at.f[EB_F_WORKLOAD], "block");
	assert_string_equal(h.at.f[EB_F_OP], "rewrite");

	eb_sheet_header_parse("Write run 2", &h);
	assert_int_equal(h.at.rep, 2);

	/* The value column of a long sheet, by name or by unit alone. */
	eb_sheet_header_parse("Value (MB/s)", &h);
	assert_int_equal(h.key, EB_SH_VALUE);
	assert_int_equal(h.at.unit.kind, EB_SK_BW);
	eb_sheet_header_parse("MB/s", &h);
	assert_int_equal(h.key, EB_SH_VALUE);
	assert_int_equal(h.at.unit.exp10, 6);

	eb_sheet_header_parse("Overhead %", &h);
	assert_int_equal(h.key, EB_SH_VALUE);
	assert_int_equal(h.derived, 1);
	eb_sheet_header_parse("Notes", &h);
	assert_int_equal(h.key, EB_SH_NONE);
	eb_sheet_header_parse("Ubuntu 23.10", &h);
	assert_int_equal(h.key, EB_SH_NONE);
	eb_sheet_header_parse("", &h);
	assert_int_equal(h.key, EB_SH_NONE);

	eb_sheet_header_parse("Block size (KiB)", &h);
	assert_int_equal(h.key, EB_SH_BLOCK_SIZE);
	assert_int_equal(h.bs_scale, 1024);
}

static void
test_key_names(void **state)
{
	static const struct { const char *text; enum eb_sheet_key key; } cases[] = {
		{ "Release", EB_SH_RELEASE }, { "version", EB_SH_RELEASE },
		{ "Ubuntu", EB_SH_RELEASE }, { "Config", EB_SH_CONFIG },
		{ "Setup", EB_SH_CONFIG }, { "Mode", EB_SH_MODE },
		{ "Encryption", EB_SH_MODE }, { "Cipher", EB_SH_MODE },
		{ "Tool", EB_SH_TOOL }, { "Test", EB_SH_TOOL },
		{ "Benchmark", EB_SH_TOOL }, { "Op", EB_SH_OP },
		{ "Direction", EB_SH_OP }, { "rw", EB_SH_OP },
		{ "Read/Write", EB_SH_OP }, { "Rep", EB_SH_REP },
		{ "Run", EB_SH_REP }, { "Iteration", EB_SH_REP },
		{ "Run #", EB_SH_REP }, { "Unit", EB_SH_UNIT },
		{ "Host", EB_SH_HOST }, { "Workload", EB_SH_WORKLOAD },
		{ "Pattern", EB_SH_WORKLOAD }, { "Value", EB_SH_VALUE },
		{ "Metric", EB_SH_METRIC }, { "bs", EB_SH_BLOCK_SIZE },
	};
	struct eb_sheet_head h;

	(void)state;
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		eb_sheet_header_parse(cases[i].text, &h);
		if (h.key != cases[i].key)
			fail_msg("'%s' is key %d, want %d", cases[i].text, h.key, cases[i].key);
	}
}

static void
test_labels(void **state)
{
	char buf[64];

	(void)state;
	assert_true(eb_sheet_is_release("Ubuntu 23.10"));
	assert_true(eb_sheet_is_release("24.04"));
	assert_true(eb_sheet_is_release("Ubuntu 24.04 LTS (Noble Numbat)"));
	assert_true(eb_sheet_is_release("FreeBSD 14.0"));
	assert_true(eb_sheet_is_release("Debian 12"));
	assert_false(eb_sheet_is_release("AES-NI off"));
	assert_false(eb_sheet_is_release("2 cores"));
	assert_false(eb_sheet_is_release("1.5 GHz"));

	eb_sheet_release("Ubuntu 23.10", 0, buf, sizeof buf);
	assert_string_equal(buf, "23.10");
	eb_sheet_release("24.04 LTS", 0, buf, sizeof buf);
	assert_string_equal(buf, "24.04");
	eb_sheet_release("Release 24.04", 0, buf, sizeof buf);
	assert_string_equal(buf, "24.04");
	/* Excel's number 23.1, where the context is Ubuntu. */
	eb_sheet_release("23.1", 1, buf, sizeof buf);
	assert_string_equal(buf, "23.10");
	eb_sheet_release("Ubuntu 23.1", 0, buf, sizeof buf);
	assert_string_equal(buf, "23.10");
	eb_sheet_release("23.1", 0, buf, sizeof buf);
	assert_string_equal(buf, "23.1");
	/* Other systems keep their name, spelt as every label is. */
	eb_sheet_release("FreeBSD  14.0", 0, buf, sizeof buf);
	assert_string_equal(buf, "freebsd-14.0");

	/* A label as written: folded, blanks made dashes, no synonyms. */
	static const char *const labels[][2] = {
		{ "My  Box", "my-box" }, { "AES-NI-ish", "aes-ni-ish" }, { " Low \t power ", "low-power" },
		{ "2 cores, 4 cores", "2-cores,-4-cores" }, { "no AES-NI on", "no-aes-ni-on" },
	};
	for (size_t i = 0; i < sizeof labels / sizeof labels[0]; i++) {
		assert_int_equal(eb_label_normalize(EB_F_CONFIG, labels[i][0], buf, sizeof buf), 0);
		assert_string_equal(buf, labels[i][1]);
		eb_label_normalize(EB_F_HOST, labels[i][0], buf, sizeof buf);
		assert_string_equal(buf, labels[i][1]);
	}
	/* A configuration the runner names has the runner's spelling
	 * (encbench-run --config, meta.json), whatever a sheet writes (A36);
	 * a host of the same words stays as written. */
	static const char *const configs[][3] = {
		{ "No AES-NI", "no-aesni", "no-aes-ni" }, { "no-aes-ni", "no-aesni", "no-aes-ni" },
		{ "no-aesni", "no-aesni", "no-aesni" }, { "AES-NI off", "no-aesni", "aes-ni-off" },
		{ "without AES-NI", "no-aesni", "without-aes-ni" }, { "w/o AESNI", "no-aesni", "w/o-aesni" },
		{ "ICP generic", "no-aesni", "icp-generic" }, { "aes_impl=generic", "no-aesni", "aes_impl=generic" },
		{ "AES NI", "default", "aes-ni" }, { "aesni", "default", "aesni" }, { "AES-NI on", "default", "aes-ni-on" },
		{ " 2 \t cores ", "2-cores", "2-cores" }, { "cpus=4", "4-cores", "cpus=4" }, { "1 CPU", "1-cores", "1-cpu" },
		{ "No AES-NI, 2 cores", "no-aesni-2-cores", "no-aes-ni,-2-cores" },
		{ "2 cores without AES-NI", "no-aesni-2-cores", "2-cores-without-aes-ni" },
		{ "no-aesni-16-cores", "no-aesni-16-cores", "no-aesni-16-cores" },
		{ "Default", "default", "default" }, { "Config: default", "default", "config:-default" },
	};
	for (size_t i = 0; i < sizeof configs / sizeof configs[0]; i++) {
		if (eb_label_normalize(EB_F_CONFIG, configs[i][0], buf, sizeof buf) != 1 ||
		    strcmp(buf, configs[i][1]) != 0)
			fail_msg("config '%s' -> '%s', want '%s'", configs[i][0], buf, configs[i][1]);
		eb_label_normalize(EB_F_HOST, configs[i][0], buf, sizeof buf);
		assert_string_equal(buf, configs[i][2]);
	}
	/* The alias table is of modes, and of modes alone. */
	assert_int_equal(eb_label_normalize(EB_F_MODE, "AES-256-GCM (ZFS)", buf, sizeof buf), 1);
	assert_string_equal(buf, "aes-256-gcm");
	assert_int_equal(eb_label_normalize(EB_F_CONFIG, "AES-256-GCM (ZFS)", buf, sizeof buf), 0);
	assert_string_equal(buf, "aes-256-gcm-(zfs)");
	assert_int_equal(eb_label_normalize(EB_F_MODE, "No encryption", buf, sizeof buf), 1);
	assert_string_equal(buf, "none");
	assert_int_equal(eb_label_normalize(EB_F_MODE, "Serpent XTS", buf, sizeof buf), 0);
	assert_string_equal(buf, "serpent-xts");
}

static void
test_sizes_and_reps(void **state)
{
	(void)state;
	assert_int_equal(eb_sheet_block_size("4k", 1), 4096);
	assert_int_equal(eb_sheet_block_size("1M", 1), 1048576);
	assert_int_equal(eb_sheet_block_size("128 KiB", 1), 131072);
	assert_int_equal(eb_sheet_block_size("4096", 1), 4096);
	assert_int_equal(eb_sheet_block_size("bs=64k", 1), 65536);
	/* Fractions that are whole bytes (audit 12 H11); others are none. */
	assert_int_equal(eb_sheet_block_size("0.5 KiB", 1), 512);
	assert_int_equal(eb_sheet_block_size("1,5k", 1), 1536);
	assert_int_equal(eb_sheet_block_size("0.25M", 1), 262144);
	assert_int_equal(eb_sheet_block_size("1.3 KiB", 1), 0);
	assert_int_equal(eb_sheet_block_size("0.5", 1), 0);
	assert_int_equal(eb_sheet_block_size("0.0k", 1), 0);
	assert_int_equal(eb_sheet_block_size("0.5", 1024), 512);
	assert_int_equal(eb_sheet_block_size("4", 1024), 4096);
	assert_int_equal(eb_sheet_block_size("4 bytes", 1024), 4);
	assert_int_equal(eb_sheet_block_size("x", 1), 0);
	assert_int_equal(eb_sheet_block_size("99999999999999999999k", 1), 0);

	assert_int_equal(eb_sheet_rep("3"), 3);
	assert_int_equal(eb_sheet_rep("Run 3"), 3);
	assert_int_equal(eb_sheet_rep("#3"), 3);
	assert_int_equal(eb_sheet_rep("r3"), 3);
	assert_int_equal(eb_sheet_rep("0"), 0);
	assert_int_equal(eb_sheet_rep("abc"), 0);
	assert_int_equal(eb_sheet_is_rep_summary("runs 1 & 2"), 1);
	assert_int_equal(eb_sheet_is_rep_summary("1..3"), 1);
	assert_int_equal(eb_sheet_is_rep_summary("2"), 0);
	assert_int_equal(eb_sheet_is_rep_summary("Run 2"), 0);
	assert_int_equal(eb_sheet_is_rep_summary("1-"), 0);
	assert_int_equal(eb_sheet_is_rep_summary("4k-1M"), 0);
	/* Run 1 of 3 or runs 1 and 3: no summary (audit 13 J6). */
	assert_int_equal(eb_sheet_is_rep_summary("1/3"), 0);
	assert_int_equal(eb_sheet_rep("1/3"), 0);

	assert_true(eb_sheet_is_summary("Average"));
	assert_true(eb_sheet_is_summary("Mean:"));
	assert_true(eb_sheet_is_summary("Std. Dev."));
	assert_false(eb_sheet_is_summary("None"));
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_decimal_and_thousands),
		cmocka_unit_test(test_evidence),
		cmocka_unit_test(test_units_exact),
		cmocka_unit_test(test_unit_parse),
		cmocka_unit_test(test_markers),
		cmocka_unit_test(test_headers),
		cmocka_unit_test(test_key_names),
		cmocka_unit_test(test_labels),
		cmocka_unit_test(test_sizes_and_reps),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
