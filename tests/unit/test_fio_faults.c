/* test_fio_faults.c - fio output that was changed or cut after fio wrote it:
 * figures that disagree, outputs cut short, one run given twice. */
#include "testutil.h"
#include "cuts.h"

#include "../../ingest/fio.h"

#define DATA "tests/data/fio/"

/* The whole of a small file, NUL-terminated; the caller frees it. */
static char *
slurp(const char *path, size_t *n)
{
	FILE *fp = fopen(path, "rb");
	char *data = eb_xmalloc(1 << 20);

	assert_non_null(fp);
	*n = fread(data, 1, (1 << 20) - 1, fp);
	data[*n] = '\0';
	fclose(fp);
	return data;
}

/* text with its first "from" replaced by "to"; the caller frees it. */
static char *
replaced(const char *text, const char *from, const char *to)
{
	const char *at = strstr(text, from);

	assert_non_null(at);
	return eb_xasprintf("%.*s%s%s", (int)(at - text), text, to, at + strlen(from));
}

/* Asserts that the file at path, or text read as a file named "input"
 * when text is not NULL, is refused at line, with msg unless it is NULL,
 * and gives no record. */
static void
refused(const char *path, const char *text, const char *format, long line, const char *msg)
{
	struct tu_run r;

	if (text != NULL)
		tu_ingest_text(&r, text, format);
	else
		tu_ingest(&r, path, format);
	assert_int_equal(r.st, EB_ERR_DATA);
	assert_int_equal(r.err.loc.line, line);
	if (msg != NULL)
		assert_string_equal(r.err.msg, msg);
	assert_int_equal(r.t->n, 0);
	tu_free(&r);
}

/* One text of a file replaced by another, and the error that must follow
 * at line. */
struct change {
	const char *from, *to;
	long line;
	const char *msg;
};

/* Asserts that the file at path reads as fio wrote it, and that each of
 * the n changes to it is refused as it says. */
static void
refuse_changes(const char *path, const char *format, const struct change *c, size_t n)
{
	size_t len;
	char *text = slurp(path, &len);
	struct tu_run r;

	tu_ingest_text(&r, text, format);
	assert_int_equal(r.st, EB_OK);
	tu_free(&r);
	for (size_t i = 0; i < n; i++) {
		char *bad = replaced(text, c[i].from, c[i].to);

		refused(NULL, bad, format, c[i].line, c[i].msg);
		free(bad);
	}
	free(text);
}

/* ---- latencies that contradict their own min, max and percentiles */

/* One figure of a real fio 3.33 run changed (write-64k-3.33.json: 128
 * writes of 64 KiB in 3 ms, clat min 10880, max 35666, mean 14899.140625
 * ns; the percentiles up to 99.99 % within them). */
static void
test_json_latency_contradicts(void **state)
{
	static const struct change cases[] = {
		{ "\"mean\" : 14899.140625", "\"mean\" : 1489914.062500", 84,
		  "fio JSON figures disagree: clat_ns \"mean\" 1489914.0625 is above \"max\" 35666; "
		  "fio's mean latency lies between min and max" },
		{ "\"mean\" : 14899.140625", "\"mean\" : 1489.914062", 84,
		  "fio JSON figures disagree: clat_ns \"mean\" 1489.914062 is below \"min\" 10880; "
		  "fio's mean latency lies between min and max" },
		{ "\"99.000000\" : 35584", "\"99.000000\" : 3558400", 100,
		  "fio JSON figures disagree: clat_ns percentile \"99.000000\" 3558400 is above "
		  "\"max\" 35666; fio's percentiles lie within min and max, to 1/128" },
		{ "\"1.000000\" : 10944", "\"1.000000\" : 109", 88,
		  "fio JSON figures disagree: clat_ns percentile \"1.000000\" 109 is below \"min\" "
		  "10880; fio's percentiles lie within min and max, to 1/128" },
		{ "\"99.500000\" : 35584", "\"99.500000\" : 15584", 101,
		  "fio JSON figures disagree: clat_ns percentile \"99.500000\" 15584 is below "
		  "percentile \"99.000000\" 35584; fio's percentiles never decrease" },
		{ "\"runtime\" : 3,", "\"runtime\" : 0,", 70,
		  "fio JSON figures disagree: \"runtime\" is 0 ms beside a rate of 2796202666 B/s "
		  "and 42666.666667 IOPS; fio writes a rate of 0 when the runtime is 0" },
	};

	(void)state;
	refuse_changes(DATA "write-64k-3.33.json", "auto", cases, sizeof cases / sizeof cases[0]);
}

/* The same in normal text (write-64k-3.33-normal.txt, real fio 3.33: clat
 * (nsec) min=11682, max=53069, avg=15506.91; percentiles 12096 to 52992
 * ns), where a unit can flip too. */
static void
test_normal_latency_contradicts(void **state)
{
	static const struct change cases[] = {
		{ "avg=15506.91", "avg=1550691", 8,
		  "clat avg=1550691 is above max=53069 on its line; fio's mean latency lies "
		  "between min and max" },
		{ "clat (nsec)", "clat (usec)", 8,
		  "clat avg is 15506910 ns, above the total latency's avg of line 9, 16136.45 ns; "
		  "a completion is part of the total (a damaged unit or digit?)" },
		{ "clat percentiles (nsec)", "clat percentiles (usec)", 11,
		  "clat percentile 1.00th is 12095000 ns, above the max of line 8 (53070.5 ns at "
		  "most); fio's percentiles lie within min and max, to 1/128" },
		{ "99.50th=[50432]", "99.50th=[40432]", 14,
		  "clat percentile 99.50th=[40432] is below the one before it, 45824; fio's "
		  "percentiles never decrease" },
		{ "(16.0MiB/5msec)", "(16.0MiB/0msec)", 7,
		  "a rate of 3355443200 B/s in a runtime of 0 ms; fio prints no rate, and no such "
		  "line, when the runtime is 0" },
	};

	/* fio pads the figures in their brackets ("[ 2768]"): the checks read
	 * them so too (audit 21 G02: they skipped every padded percentile).
	 * write-4k-padded-3.33-normal.txt: clat (nsec) min=2735, max=74740,
	 * avg=3665.19, total lat avg=3713.13. */
	static const struct change padded[] = {
		{ "99.00th=[11456]", "99.00th=[    2]", 14,
		  "clat percentile 99.00th=[2] is below the one before it, 6048; fio's "
		  "percentiles never decrease" },
		{ "clat percentiles (nsec)", "clat percentiles (msec)", 11,
		  "clat percentile 1.00th is 2767000000 ns, above the max of line 8 (74741.5 ns "
		  "at most); fio's percentiles lie within min and max, to 1/128" },
		{ "clat (nsec): min=2735, max=74740, avg=3665.19",
		  "clat (usec): min=2735, max=74740, avg=3665.19", 8,
		  "clat avg is 3665190 ns, above the total latency's avg of line 9, 3713.13 ns; a "
		  "completion is part of the total (a damaged unit or digit?)" },
	};

	(void)state;
	refuse_changes(DATA "write-64k-3.33-normal.txt", "auto", cases,
	    sizeof cases / sizeof cases[0]);
	refuse_changes(DATA "write-4k-padded-3.33-normal.txt", "auto", padded,
	    sizeof padded / sizeof padded[0]);
}

/* ---- figures that disagree (fio_json_check.c) */

/* One figure of a real fio 3.33 run changed: its write direction moved
 * 4194304 bytes in 10 ms as 1024 I/Os of 4 KiB. */
static void
test_json_changed_figures(void **state)
{
	static const struct change cases[] = {
		{ "\"bw_bytes\" : 419430400", "\"bw_bytes\" : 519430400", 73,
		  "fio JSON figures disagree: \"bw\" is 409600 KiB/s but \"bw_bytes\" 519430400 is "
		  "507256 KiB/s; fio writes bw = bw_bytes / 1024" },
		{ "\"bw_bytes\" : 419430400,\n        \"bw\" : 409600",
		  "\"bw_bytes\" : 519430400,\n        \"bw\" : 507256", 72,
		  "fio JSON figures disagree: \"bw_bytes\" is 519430400 B/s but io_bytes 4194304 in "
		  "a runtime of 10 ms is 419430400 B/s; fio writes bw_bytes = io_bytes * 1000 / "
		  "runtime" },
		{ "\"iops\" : 102400.000000", "\"iops\" : 92400.000000", 74,
		  "fio JSON figures disagree: \"iops\" is 92400.000000 but total_ios 1024 in a "
		  "runtime of 10 ms is 102400.000000 per second; fio writes iops = total_ios * 1000 "
		  "/ runtime" },
		{ "\"runtime\" : 10,", "\"runtime\" : 18,", 72,
		  "fio JSON figures disagree: \"bw_bytes\" is 419430400 B/s but io_bytes 4194304 in "
		  "a runtime of 18 ms is 233016888 B/s; fio writes bw_bytes = io_bytes * 1000 / "
		  "runtime" },
		{ "\"io_bytes\" : 4194304", "\"io_bytes\" : 4194304.5", 70,
		  "fio JSON output is damaged: \"io_bytes\" is 4194304.5; fio writes a whole "
		  "number there" },
		/* bw and iops changed to agree with each other but not with the
		 * job's 4 KiB blocks, and the counts that would expose them
		 * gone, as before fio 2.21. */
		{ "\"io_bytes\" : 4194304,\n        \"io_kbytes\" : 4096,\n"
		  "        \"bw_bytes\" : 419430400,\n        \"bw\" : 409600,\n"
		  "        \"iops\" : 102400.000000,",
		  "\"bw\" : 409600,\n        \"iops\" : 51200.000000,", 70,
		  "fio JSON figures disagree: \"bw\" 419430400 B/s at \"iops\" 51200.000000 is "
		  "8192 bytes per I/O, more than the job's block size of 4096" },
	};
	size_t n;
	char *text = slurp(DATA "modes-libaio-json-normal.txt", &n);
	struct tu_run r;

	(void)state;
	/* As fio wrote it, the run reads. */
	tu_ingest_text(&r, text, "fio-json");
	assert_int_equal(r.st, EB_OK);
	tu_free(&r);
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		char *bad = replaced(text, cases[i].from, cases[i].to);

		if (i == 5) {
			/* total_ios is gone too. */
			char *t = replaced(bad, "\"total_ios\" : 1024,", "\"x\" : 0,");

			free(bad);
			bad = t;
		}
		refused(NULL, bad, "fio-json", cases[i].line, cases[i].msg);
		free(bad);
	}
	free(text);
}

/* fio up to 2.20 counts io_bytes in KiB and has no bw_bytes: bw is the
 * KiB/s of 1024 * io_bytes plus an unknown last KiB. */
static void
test_json_changed_figures_kib(void **state)
{
	static const char doc[] =
	    "{ \"fio version\" : \"fio-2.18\", \"jobs\" : [\n"
	    "{ \"jobname\" : \"r\", \"groupid\" : 0, \"read\" : { \"io_bytes\" : 4096,\n"
	    "  \"bw\" : %s, \"iops\" : 1024.000000, \"runtime\" : 1000, \"total_ios\" : 1024 } } ] }\n";
	char *text;
	struct tu_run r;

	(void)state;
	text = eb_xasprintf(doc, "4096");
	tu_ingest_text(&r, text, "fio-json");
	assert_int_equal(r.st, EB_OK);
	assert_int_equal(r.t->n, 2);
	tu_free(&r);
	free(text);
	text = eb_xasprintf(doc, "4196");
	refused(NULL, text, "fio-json", 3, "fio JSON figures disagree: \"bw\" is 4196 KiB/s but "
	    "io_bytes 4096 KiB in a runtime of 1000 ms is 4096 KiB/s; fio writes bw = io_bytes "
	    "* 1000 / runtime / 1024");
	free(text);
}

/* fio 3.33 prints a job's description= after the disks in terse versions
 * 3 to 5, and continue_on_error='s error count and first error before
 * it: a whole record, read as such (audit 20 F07: refused as a cut line,
 * one field too many). What is left of a cut disk stays an error. */
static void
test_terse_tail(void **state)
{
	static const struct { const char *file; const char *op; double kib_s; } files[] = {
		{ DATA "terse-desc-v3.terse", "write", 512000 },
		{ DATA "terse-desc-v4.terse", "write", 512000 },
		{ DATA "terse-desc-v5.terse", "write", 682666 },
		{ DATA "terse-coe-v3.terse", "read", 819200 },
	};
	size_t n;
	char *text, *cut;

	(void)state;
	for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
		struct tu_run r;

		tu_ingest(&r, files[i].file, "fio-terse");
		assert_int_equal(r.st, EB_OK);
		assert_int_equal(r.t->n, 5);
		assert_string_equal(r.t->rows[0].f[EB_F_OP], files[i].op);
		assert_string_equal(r.t->rows[0].f[EB_F_METRIC], "bw");
		tu_assert_close(r.t->rows[0].value, files[i].kib_s * 1024);
		tu_free(&r);
	}
	text = slurp(DATA "terse-desc-v3.terse", &n);
	cut = strstr(text, ";vda;0;0;");
	assert_non_null(cut);
	strcpy(cut + strlen(";vda;0;0"), "\n");
	refused(NULL, text, "fio-terse", 1, "fio terse record: 124 fields, where terse version 3 "
	    "with 2 directions has 121 and 9 per disk (a cut line?)");
	free(text);
}

/* A group id beyond fio's int is a damaged digit, located, and never a
 * double cast to long (UBSan: 1e+20 is outside the range of long). */
static void
test_json_group_id(void **state)
{
	(void)state;
	refused(NULL, "{ \"fio version\" : \"fio-3.33\", \"jobs\" : [\n"
	    "{ \"jobname\" : \"r\",\n  \"groupid\" : 99999999999999999999, \"read\" : { \"io_bytes\" : 4096,\n"
	    "  \"bw_bytes\" : 4096, \"iops\" : 1, \"runtime\" : 1000, \"total_ios\" : 1 } } ] }\n",
	    "fio-json", 3, "fio JSON output is damaged: \"groupid\" is 1e+20, no fio group "
	    "number (0 to 2147483647)");
}

/* Every fio JSON at hand passes the check: the runs of gen.sh in every
 * mode it has, and the corpus's fio 2.1.4 to 3.36. */
static void
test_json_real_figures_agree(void **state)
{
	static const char *const files[] = {
		DATA "modes-libaio-json-normal.txt", DATA "modes-randrw-bs2-json-normal.txt",
		DATA "modes-rate-json-normal.txt", DATA "modes-rate-iops-json-normal.txt",
		DATA "modes-lat-pct-json-normal.txt", DATA "modes-nj3-json-normal.txt",
		DATA "modes-nj4-group-json-normal.txt", DATA "modes-bssplit-json-normal.txt",
		DATA "modes-verify-json-normal.txt", DATA "same-run-json-terse-normal.txt",
		DATA "numjobs2-json-terse-normal.txt", DATA "numjobs2-group-json-terse-normal.txt",
		DATA "unified-json-terse-normal.txt", DATA "unified-both-json-terse.txt",
		DATA "jsonplus-numjobs2.json", DATA "status-interval.json",
		DATA "client-server-json.txt",
	};
	static const char *const corpus[] = {
		"fio/fio-2.1.4-json-pkb-5jobs-seq-rand.json",
		"fio/fio-2.17-json-pkb-hist-group_reporting.json",
		"fio/fio-3.19-json-pbench.txt",
		"fio/fio-3.33-json-leading-signal-msg-group_reporting.json",
		"fio/fio-3.36-json-randrw-128k-1job.json",
		"fio/fio-3.7-client-server-json-2hosts-pbench.txt",
	};
	struct tu_run r;

	(void)state;
	for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
		tu_ingest(&r, files[i], "fio-json");
		if (r.st != EB_OK)
			print_error("%s: %s\n", files[i], r.err.msg);
		assert_int_equal(r.st, EB_OK);
		tu_free(&r);
	}
	if (tu_corpus(corpus[0]) == NULL) {
		print_message("no shared corpus: its fio JSON is not checked\n");
		return;
	}
	for (size_t i = 0; i < sizeof corpus / sizeof corpus[0]; i++) {
		tu_ingest(&r, tu_corpus(corpus[i]), "fio-json");
		if (r.st != EB_OK)
			print_error("%s: %s\n", corpus[i], r.err.msg);
		assert_int_equal(r.st, EB_OK);
		tu_free(&r);
	}
}

/* ---- normal text cut short (fio_normal.c) */

/* The outside audit's cuts of a fio 3.33 output: after the write line it
 * gave IOPS 11600 (the printed "11.6k") and no latency or CPU; inside the
 * percentiles, no CPU. */
static void
test_normal_cut_at_line(void **state)
{
	static const char head[] =
	    "seqw: (g=0): rw=write, bs=(R) 64.0KiB-64.0KiB, (W) 64.0KiB-64.0KiB, (T) 64.0KiB-64.0KiB, ioengine=psync, iodepth=1\n"
	    "fio-3.33\n"
	    "Starting 1 process\n"
	    "\n"
	    "seqw: (groupid=0, jobs=1): err= 0: pid=24785: Tue Dec  1 12:09:09 2026\n"
	    "  write: IOPS=11.6k, BW=727MiB/s (763MB/s)(8192KiB/11msec); 0 zone resets\n";
	static const char more[] =
	    "    clat (usec): min=7, max=7928, avg=74.96, stdev=699.61\n"
	    "     lat (usec): min=8, max=7928, avg=75.46, stdev=699.59\n"
	    "    clat percentiles (usec):\n"
	    "     |  1.00th=[    9],  5.00th=[   10], 10.00th=[   10], 20.00th=[   11],\n"
	    "     | 99.00th=[   46], 99.50th=[ 7898], 99.90th=[ 7898], 99.95th=[ 7898],\n"
	    "     | 99.99th=[ 7898]\n"
	    "  cpu          : usr=0.00%, sys=20.00%, ctx=1, majf=0, minf=14\n"
	    "  IO depths    : 1=100.0%, 2=0.0%, 4=0.0%, 8=0.0%, 16=0.0%, 32=0.0%, >=64=0.0%\n"
	    "     issued rwts: total=0,128,0,0 short=0,0,0,0 dropped=0,0,0,0\n"
	    "     latency   : target=0, window=0, percentile=100.00%, depth=1\n"
	    "\n";
	static const char summary[] =
	    "Run status group 0 (all jobs):\n"
	    "  WRITE: bw=727MiB/s (763MB/s), 727MiB/s-727MiB/s (763MB/s-763MB/s), io=8192KiB (8389kB), run=11-11msec\n";
	char *text;
	struct tu_run r;

	(void)state;
	refused(NULL, head, "auto", 6, "the results of fio job 'seqw' (line 5) end here without "
	    "the 'issued' line fio ends them with (a truncated or damaged output)");
	/* Everything of the job but its issued line and what follows. */
	text = eb_xasprintf("%s%.*s", head, (int)(strstr(more, "     issued") - more), more);
	refused(NULL, text, "auto", 14, NULL);
	free(text);
	/* The whole job without the summary after it. */
	text = eb_xasprintf("%s%s", head, more);
	refused(NULL, text, "auto", 16, "the output ends here, after the results of the fio job "
	    "at line 5, without the 'Run status group' summary fio prints after a run's jobs (a "
	    "truncated output)");
	free(text);
	/* Whole: IOPS is the issued count over the runtime, 128 in 11 ms. */
	text = eb_xasprintf("%s%s%s", head, more, summary);
	tu_ingest_text(&r, text, "auto");
	assert_int_equal(r.st, EB_OK);
	assert_int_equal(r.t->n, 5);
	assert_string_equal(r.t->rows[1].f[EB_F_METRIC], "iops");
	assert_true(fabs(r.t->rows[1].value - 128000.0 / 11) < 1e-9);
	assert_string_equal(r.t->rows[4].f[EB_F_METRIC], "cpu");
	assert_true(r.t->rows[4].value == 20);
	tu_free(&r);
	free(text);
}

/* The line a record came from (its source "path:LINE"). */
static long
record_line(const char *records, const char *rec_end)
{
	const char *p = rec_end;

	/* A record line ends "...,SOURCE:LINE,BLOCK_SIZE,VALUE". */
	for (int commas = 0; p > records && commas < 2; p--)
		if (p[-1] == ',')
			commas++;
	while (p > records && p[-1] != ':')
		p--;
	return strtol(p, NULL, 10);
}

/* The records of whole whose source line is at most last. */
static char *
records_upto(const char *whole, long last)
{
	struct eb_buf b;
	char *out;

	eb_buf_init(&b, 0);
	for (const char *s = whole; *s != '\0';) {
		const char *nl = strchr(s, '\n');

		if (record_line(s, nl) <= last)
			eb_buf_add(&b, s, (size_t)(nl - s + 1));
		s = nl + 1;
	}
	out = eb_xstrdup(eb_buf_cstr(&b));
	eb_buf_free(&b);
	return out;
}

/* The truncation property of fio's normal text: the output cut after
 * any byte from its first job's results on either fails, or gives exactly
 * the records of the whole output that precede the last place where its
 * results are complete. fio prints a run's "Run status group" summary
 * after all of its jobs, and a client/server "All clients" total after
 * that, ending with its issued line: a run is complete with its summary,
 * the total with its issued line. A cut inside such a line may read as the
 * line whole or absent (cuts.h). Cuts before the first results hold none
 * and fail as such a file does. A file longer than limit (0: none) is read
 * up to the last summary before it, the whole output its property holds
 * for. */
static int
normal_cut_property(const char *path, size_t limit)
{
	size_t n, first;
	char *data = slurp(path, &n);
	char *whole;
	long line = 1, boundary = 0, bad = 0, errors = 0;
	int in_all = 0;

	if (limit > 0 && n > limit) {
		const char *last = NULL;

		for (const char *q = data; (q = strstr(q, "\nRun status group ")) != NULL &&
		    (size_t)(q - data) < limit; q++)
			last = q + 1;
		assert_non_null(last);
		n = (size_t)(strchr(last, '\n') + 1 - data);
	}
	first = (size_t)(strstr(data, ": (groupid=") - data);
	while (first > 0 && data[first - 1] != '\n')
		first--;
	whole = cuts_records(path, data, n, "fio-normal");
	assert_string_not_equal(whole, "error");
	for (size_t start = 0; start < n; line++) {
		const char *nl = memchr(data + start, '\n', n - start);
		size_t end = nl != NULL ? (size_t)(nl - data) + 1 : n;
		const char *s = data + start;
		int is_boundary;
		char *before, *after;

		while (*s == ' ')
			s++;
		if (strstr(s, ": (groupid=") != NULL && (size_t)(strchr(s, '\n') - s) > 0)
			in_all = strncmp(s, "All clients: (groupid=", 22) == 0;
		is_boundary = strncmp(s, "Run status group ", 17) == 0 ||
		    (in_all && strncmp(s, "issued", 6) == 0);
		before = records_upto(whole, boundary);
		after = is_boundary ? records_upto(whole, line) : NULL;
		for (size_t k = start + 1; k <= end && start >= first; k++) {
			char *cut = cuts_records(path, data, k, "fio-normal");

			if (strcmp(cut, "error") == 0)
				errors++;
			else if (strcmp(cut, before) != 0 && (after == NULL || strcmp(cut, after) != 0) &&
			    bad++ == 0)
				print_message("%s cut after %zu bytes (line %ld) gives\n%s"
				    "where the complete results before it are\n%s", path, k, line, cut,
				    before);
			free(cut);
		}
		if (is_boundary)
			boundary = line;
		free(before);
		free(after);
		start = end;
	}
	/* Cuts inside the results fail: the property is not met by reading
	 * nothing. */
	assert_true(errors > 0);
	free(whole);
	free(data);
	return (int)bad;
}

static void
test_normal_every_cut(void **state)
{
	static const char *const files[] = {
		DATA "modes-libaio-json-normal.txt", DATA "modes-randrw-bs2-json-normal.txt",
		DATA "modes-rate-json-normal.txt", DATA "modes-rate-iops-json-normal.txt",
		DATA "modes-lat-pct-json-normal.txt", DATA "modes-nj3-json-normal.txt",
		DATA "modes-nj4-group-json-normal.txt", DATA "modes-bssplit-json-normal.txt",
		DATA "modes-verify-json-normal.txt", DATA "same-run-json-terse-normal.txt",
		DATA "numjobs2-json-terse-normal.txt", DATA "unified-json-terse-normal.txt",
		DATA "client-server-normal.txt",
		"tests/golden/ingest-fio-normal-2/normal.txt",
		"tests/golden/ingest-fio-normal-3/normal.txt",
	};

	(void)state;
	for (size_t i = 0; i < sizeof files / sizeof files[0]; i++)
		assert_int_equal(normal_cut_property(files[i], 0), 0);
}

/* fio 2.1.11, 2.2.10 (five runs), 3.1 (24 runs in markdown) and 3.28. */
static void
test_normal_every_cut_corpus(void **state)
{
	static const char *const corpus[] = {
		"fio/fio-2.2.10-normal-randwrite-8jobs-group_reporting-5runs.txt",
		"fio/fio-3.1-normal-in-markdown-24runs.md",
		"fio/fio-3.28-terse3-plus-normal-8groups.txt",
	};
	TU_CORPUS_OR_SKIP(first, "fio/fio-2.1.11-normal-12groups-group_reporting.txt");

	(void)state;
	assert_int_equal(normal_cut_property(first, 12288), 0);
	for (size_t i = 0; i < sizeof corpus / sizeof corpus[0]; i++) {
		const char *path = tu_corpus(corpus[i]);

		assert_non_null(path);
		/* 3.28 prints its eight summaries after all eight groups. */
		assert_int_equal(normal_cut_property(path, i == 2 ? 0 : 12288), 0);
	}
}

/* ---- one job twice in a terse file (fio_terse.c) */

/* The value of the one record of job, op, metric and rep; fails unless
 * there is exactly one. */
static double
value_of(const struct tu_run *r, const char *job, const char *op, const char *metric, int rep)
{
	long hit = -1;

	for (size_t i = 0; i < r->t->n; i++) {
		const struct eb_record *x = &r->t->rows[i];

		if (strcmp(x->f[EB_F_JOB], job) == 0 && strcmp(x->f[EB_F_OP], op) == 0 &&
		    strcmp(x->f[EB_F_METRIC], metric) == 0 && x->rep == rep) {
			assert_int_equal(hit, -1);
			hit = (long)i;
		}
	}
	assert_true(hit >= 0);
	return r->t->rows[hit].value;
}

/* Real fio 3.33 terse output (gen.sh): numjobs clones print the disk
 * figures of their run, so figures that show disk I/O and agree make them
 * clones, and figures that differ make the records runs of their own. */
static void
test_terse_clones_or_runs(void **state)
{
	struct tu_run r;

	(void)state;
	tu_ingest(&r, DATA "terse-numjobs2.txt", "auto");
	assert_int_equal(r.st, EB_OK);
	assert_int_equal(r.t->n, 4);
	/* Combined as group_reporting does: 2 x 4096 KiB, 2 x 1024 I/Os
	 * (4096 KiB at 37577 KiB/s and 9394 IOPS), over the longer runtime,
	 * 127 ms; their rates added would be (37577 + 32251) KiB/s. */
	assert_true(value_of(&r, "job1", "read", "bw", 1) == floor(8192.0 * 1024 * 1000 / 127));
	assert_true(value_of(&r, "job1", "read", "iops", 1) == 2048 * 1000.0 / 127);
	tu_free(&r);

	/* Two runs of jobs A and B, numjobs=2 each, appended with >>. */
	tu_ingest(&r, DATA "terse-appended-2jobs-numjobs2.txt", "auto");
	assert_int_equal(r.st, EB_OK);
	assert_int_equal(r.t->n, 16);
	assert_true(value_of(&r, "A", "read", "bw", 1) == floor(8192.0 * 1024 * 1000 / 185));
	assert_true(value_of(&r, "A", "read", "bw", 2) == floor(8192.0 * 1024 * 1000 / 135));
	assert_true(value_of(&r, "B", "write", "iops", 1) == 2048 * 1000.0 / 191);
	assert_true(value_of(&r, "B", "write", "iops", 2) == 2048 * 1000.0 / 142);
	tu_free(&r);

	/* Terse version 4, one job run twice: the first run's disks idle,
	 * the second's busy, so two runs. */
	tu_ingest(&r, DATA "terse-v4-appended.txt", "auto");
	assert_int_equal(r.st, EB_OK);
	assert_int_equal(r.t->n, 10);
	assert_true(value_of(&r, "job1", "read", "bw", 1) == 36247.0 * 1024);
	assert_true(value_of(&r, "job1", "read", "bw", 2) == 26597.0 * 1024);
	assert_true(value_of(&r, "job1", "read", "lat_p99", 2) > 0);
	tu_free(&r);
}

/* Where nothing tells clones from appended runs (version 2 has no disk
 * figures; reads the page cache served leave them zero), the file is
 * refused at the second record, never summed. */
static void
test_terse_clones_or_runs_unknown(void **state)
{
	static const char *const files[] = {
		DATA "terse-appended-cached.txt", DATA "terse-v2-appended.txt",
	};

	(void)state;
	for (size_t i = 0; i < sizeof files / sizeof files[0]; i++)
		refused(files[i], NULL, "auto", 2, "fio terse record of job 'job1' again, after "
		    "line 1: terse output prints numjobs clones of one run and runs appended to one "
		    "file alike, and no disk figures here tell them apart (none, or zeros), so they "
		    "could be one run to sum or two runs; run fio with group_reporting, or write "
		    "each run to a file of its own");
}

/* A record given twice is one run read twice, even where its disk
 * figures would make two records of one job clones. */
static void
test_terse_record_twice(void **state)
{
	size_t n;
	char *one = slurp(DATA "terse-numjobs2.txt", &n), *twice;

	(void)state;
	*strchr(one, '\n') = '\0';
	twice = eb_xasprintf("%s\n%s\n", one, one);
	refused(NULL, twice, "auto", 2, "fio terse record of job 'job1' is the record of line 1 "
	    "again, byte for byte: one run read twice would count twice");
	free(twice);
	free(one);
}

/* Client/server records carry no disk figures, but the "All clients"
 * record that sums them makes them one run's; one that does not sum them
 * leaves the file unreadable. */
static void
test_terse_client_server_sum(void **state)
{
	size_t n;
	char *text = slurp(DATA "client-server-terse.txt", &n);
	char *off = replaced(text, "3;fio-3.33;All clients;0;0;373684;370350;",
	    "3;fio-3.33;All clients;0;0;373685;370350;");
	struct tu_run r;

	(void)state;
	tu_ingest_text(&r, text, "fio-terse");
	assert_int_equal(r.st, EB_OK);
	assert_int_equal(r.t->n, 4);
	tu_free(&r);
	refused(NULL, off, "fio-terse", 2, "fio terse record of job 'cs' again, after line 1: "
	    "terse output prints numjobs clones of one run and runs appended to one file alike, "
	    "and no disk figures here tell them apart (none, or zeros), so they could be one run "
	    "to sum or two runs; run fio with group_reporting, or write each run to a file of "
	    "its own");
	free(off);
	free(text);
}

/* fio 3.33 --client twice to one server, terse: each connection prints
 * its banner (no "..." of clones: no error, as "All clients" sums them),
 * its record and its own disk line. "All clients" has 8192 KiB in 8 ms,
 * the sum of 4096 KiB in 5 and in 8 ms over the longer, not the rates
 * added (audit 20 F08: the file was refused). */
static void
test_terse_client_banners(void **state)
{
	struct tu_run r;

	(void)state;
	tu_ingest(&r, DATA "client-terse-banners-3.33.txt", "auto");
	assert_int_equal(r.st, EB_OK);
	assert_int_equal(r.t->n, 4);
	assert_string_equal(r.t->rows[0].f[EB_F_METRIC], "bw");
	tu_assert_close(r.t->rows[0].value, 8192.0 * 1024 / 0.008);
	assert_int_equal(r.nwarnings, 1);
	tu_free(&r);
	/* Two jobs, sw and sr, each client's records one after the other:
	 * a job seen again after another opens no next run while the banners
	 * wait for "All clients" (audit 21 G10). sr read 4096 KiB in 7 and in
	 * 12 ms: 8192 KiB in 12 ms, in whole B/s as fio counts them. */
	tu_ingest(&r, DATA "client-terse-two-jobs-3.33.txt", "auto");
	assert_int_equal(r.st, EB_OK);
	assert_int_equal(r.t->n, 8);
	assert_string_equal(r.t->rows[4].f[EB_F_JOB], "sr");
	assert_string_equal(r.t->rows[4].f[EB_F_METRIC], "bw");
	tu_assert_close(r.t->rows[4].value, floor(8192.0 * 1024 / 0.012));
	tu_free(&r);
	/* One server, numjobs=2 in two stonewall groups: fio prints one "All
	 * clients" record, of the last group, summing both groups (8192 KiB
	 * written, 8192 read), and no warning of verify= of its own (audit 22
	 * H09: the file was refused). */
	tu_ingest(&r, DATA "client-terse-two-groups-numjobs2-3.33.txt", "auto");
	assert_int_equal(r.st, EB_OK);
	assert_int_equal(r.t->n, 8);
	assert_int_equal(r.nwarnings, 1);
	assert_string_equal(r.t->rows[4].f[EB_F_JOB], "r");
	tu_assert_close(r.t->rows[4].value, floor(8192.0 * 1024 / 0.009));
	tu_free(&r);
	/* Two servers, each numjobs=2 in two groups, their records one
	 * server after the other (w w r r, w w r r) and no banners: the job
	 * seen again after another waits for "All clients", which sums them
	 * all (audit 23 I03: the file was refused at line 2). w wrote 4 x 4096
	 * KiB, the longest in 18 ms; r read 16384 KiB in 9 ms. */
	tu_ingest(&r, DATA "client-terse-two-servers-two-groups-3.33.terse", "auto");
	assert_int_equal(r.st, EB_OK);
	assert_int_equal(r.t->n, 8);
	assert_string_equal(r.t->rows[0].f[EB_F_JOB], "w");
	assert_string_equal(r.t->rows[0].f[EB_F_METRIC], "bw");
	tu_assert_close(r.t->rows[0].value, floor(16384.0 * 1024 / 0.018));
	assert_string_equal(r.t->rows[4].f[EB_F_JOB], "r");
	tu_assert_close(r.t->rows[4].value, floor(16384.0 * 1024 / 0.009));
	tu_free(&r);
}

/* fio 3.33 --client --status-interval=1 in JSON: every snapshot of the
 * job is an entry of client_stats (16.8 MB at 0.9, 1.9 ... 4 s), which
 * were summed as five clones, 3.4 times the job's rate (audit 22 H02). */
static void
test_json_client_snapshots(void **state)
{
	struct tu_run r;

	(void)state;

	/* Clones of one job move alike however long each ran: 4 MiB in 221
	 * and in 81 ms are two clones, not a snapshot and its run (audit 23
	 * I01): 8 MiB over the longer runtime. */
	tu_ingest(&r, DATA "client-json-numjobs2-straggler.json", "auto");
	assert_int_equal(r.st, EB_OK);
	assert_string_equal(r.t->rows[0].f[EB_F_METRIC], "bw");
	tu_assert_close(r.t->rows[0].value, floor(8388608 / 0.221));
	tu_free(&r);
	refused(DATA "client-json-status-interval-3.33.json", NULL, "auto", 278,
	    "fio --client JSON whose client_stats give one job of one server at runtimes of "
	    "under half and of the whole: the snapshots of --status-interval, which fio puts in "
	    "one document and nothing tells from clones to sum; run it without "
	    "--status-interval, or read its terse or normal output");
}

/* Outside audit G16: a real fio 3.33 job that wrote until the disk was
 * full ("error": 28 after 4 MiB) prints the figures of a run cut short:
 * an error at its "error", whatever else the file holds; a job that ran
 * to its end with "error": 0 beside it is read. */
static void
test_json_job_cut_short(void **state)
{
	size_t len;
	char *text = slurp(DATA "enospc-3.33.json", &len), *ok;
	struct tu_run r;

	(void)state;
	refused(DATA "enospc-3.33.json", NULL, "auto", 10, "fio job 'sw' ended with error 28 "
	    "(No space left on device): the figures of a run cut short are no measurement; run "
	    "the job again");
	/* An errno no system names is given as the number alone. */
	ok = replaced(text, "\"error\" : 28", "\"error\" : 4000");
	refused(NULL, ok, "fio-json", 10, "fio job 'sw' ended with error 4000: the figures of "
	    "a run cut short are no measurement; run the job again");
	free(ok);
	ok = replaced(text, "\"error\" : 28", "\"error\" : 0");
	tu_ingest_text(&r, ok, "fio-json");
	assert_int_equal(r.st, EB_OK);
	assert_int_equal(r.nwarnings, 0);
	assert_true(value_of(&r, "sw", "write", "bw", 1) == 1048576000);
	tu_free(&r);
	free(ok);
	free(text);
}

/* Outside audit G15: a real fio 3.33 job run with --clat_percentiles=0
 * --lat_percentiles=1 prints percentiles under lat_ns only. Its lat_mean
 * is then lat_ns's mean (line 50), with its p99 (line 66), not clat_ns's
 * mean (118836.498535, line 43) beside a p99 of total latency; a warning
 * says which latency they are. Completion percentiles are read as ever. */
static void
test_json_total_latency_percentiles(void **state)
{
	size_t len;
	char *text = slurp(DATA "lat-percentiles-3.33.json", &len), *clat;
	struct tu_run r;

	(void)state;
	tu_ingest(&r, DATA "lat-percentiles-3.33.json", "auto");
	assert_int_equal(r.st, EB_OK);
	assert_true(value_of(&r, "rr", "read", "lat_mean", 1) == 119064.544434);
	assert_true(value_of(&r, "rr", "read", "lat_p99", 1) == 2867200);
	assert_int_equal(r.nwarnings, 1);
	assert_string_equal(eb_buf_cstr(&r.diag), "warning: 66: fio job 'rr' printed percentiles "
	    "of total latency only (lat_percentiles=1, clat_percentiles=0): its lat_mean and "
	    "lat_p99 are both total latency (lat_ns: submission and completion), where other "
	    "runs' are completion latency (clat_ns); compare it only with runs made so\n");
	tu_free(&r);
	/* The same percentiles under clat_ns: completion latency, no warning. */
	clat = replaced(text, "\"N\" : 2048\n        },\n        \"lat_ns\"",
	    "\"N\" : 2048,\n          \"percentile\" : { \"99.000000\" : 2834432 }\n"
	    "        },\n        \"lat_ns\"");
	tu_ingest_text(&r, clat, "fio-json");
	assert_int_equal(r.st, EB_OK);
	assert_true(value_of(&r, "rr", "read", "lat_mean", 1) == 118836.498535);
	assert_true(value_of(&r, "rr", "read", "lat_p99", 1) == 2834432);
	assert_int_equal(r.nwarnings, 0);
	tu_free(&r);
	free(clat);
	free(text);
}

/* ---- jobs of one name run two ways (fio_json_opts.c) */

/* Real fio 3.33 runs of two stonewalled jobs of one name: run with other
 * options they are two tests under one name, an error at the second; run
 * alike they are two repetitions. */
static void
test_json_same_name_other_options(void **state)
{
	static const struct {
		const char *file;
		long line;
		const char *msg;
	} cases[] = {
		{ DATA "samename-direct.json", 257, "fio job 'seq' ran with direct=1 here but with "
		  "direct=0 at line 14: the records of one job name would be repetitions of one "
		  "test measured two ways; give the jobs names of their own" },
		{ DATA "samename-randrw.json", 256, "fio job 'rr' ran with rw=randrw here but with "
		  "rw=randread at line 13: the records of one job name would be repetitions of one "
		  "test measured two ways; give the jobs names of their own" },
	};
	struct tu_run r;

	(void)state;
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
		refused(cases[i].file, NULL, "auto", cases[i].line, cases[i].msg);
	tu_ingest(&r, DATA "samename-same.json", "auto");
	assert_int_equal(r.st, EB_OK);
	assert_true(value_of(&r, "rr", "read", "bw", 1) == 12122265);
	assert_true(value_of(&r, "rr", "read", "bw", 2) == 15592208);
	tu_free(&r);
}

/* An option set in the job or in the global section, under its alias, or
 * left at fio's default is one setting; a size is one however written. */
static void
test_json_options_compared(void **state)
{
	static const char *const head = "{\"fio version\":\"fio-3.33\",\"timestamp\":1,"
	    "\"global options\":{\"bs\":\"4k\"%s},\"jobs\":[";
	static const char *const job = "{\"jobname\":\"j\",\"groupid\":%d,\"error\":0,"
	    "\"job options\":{%s},\"read\":{\"io_bytes\":4096,\"bw_bytes\":409600,"
	    "\"bw\":400,\"iops\":100.0,\"runtime\":10,\"total_ios\":1}}";
	static const struct {
		const char *global, *a, *b;
		const char *msg;	/* NULL: read */
	} cases[] = {
		{ "", "\"rw\":\"read\"", "", NULL },
		{ "", "\"readwrite\":\"read\",\"direct\":\"0\"", "\"bs\":\"4096\"", NULL },
		{ ",\"direct\":\"1\"", "", "\"direct\":\"1\"", NULL },
		{ ",\"size\":\"1m\"", "\"size\":\"1024k\"", "", NULL },
		{ ",\"direct\":\"1\"", "", "\"direct\":\"0\"", "direct=0 here but with direct=1" },
		{ "", "\"bs\":\"8k\"", "", "bs=4096 here but with bs=8192" },
		{ "", "\"iodepth\":\"8\"", "\"iodepth\":\"16\"", "iodepth=16 here but with iodepth=8" },
		{ "", "\"ioengine\":\"libaio\"", "", "ioengine=psync here but with ioengine=libaio" },
		{ "", "\"size\":\"1m\"", "", "size=(unset) here but with size=1048576" },
		/* Any option fio prints counts, but those of files and reports. */
		{ "", "\"loops\":\"3\"", "", "loops=1 here but with loops=3" },
		{ "", "\"dedupe_percentage\":\"50\"", "",
		    "dedupe_percentage=(unset) here but with dedupe_percentage=50" },
		{ "", "\"write_bw_log\":\"j\",\"filename\":\"/a\"", "\"filename\":\"/b\"", NULL },
		/* Outside audit H16: an option fio prints with its default
		 * ran as one left unset, under an alias or a boolean's other
		 * spelling too; one whose default depends on the version or
		 * machine (fallocate) is compared as written. */
		{ "", "\"fill_device\":\"0\"", "", NULL },
		{ "", "\"fill_fs\":\"no\"", "\"fill_device\":\"false\"", NULL },
		{ ",\"scramble_buffers\":\"on\"", "", "\"nr_files\":\"1\"", NULL },
		{ "", "\"fill_device\":\"1\"", "", "fill_device=0 here but with fill_device=1" },
		{ "", "", "\"nr_files\":\"2\"", "nrfiles=2 here but with nrfiles=1" },
		{ "", "\"scramble_buffers\":\"0\"", "",
		    "scramble_buffers=1 here but with scramble_buffers=0" },
		{ "", "\"fallocate\":\"native\"", "",
		    "fallocate=(unset) here but with fallocate=native" },
	};
	struct tu_run r;

	(void)state;
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		char *h = eb_xasprintf(head, cases[i].global);
		char *a = eb_xasprintf(job, 0, cases[i].a), *b = eb_xasprintf(job, 1, cases[i].b);
		char *text = eb_xasprintf("%s%s,\n%s]}\n", h, a, b);

		tu_ingest_text(&r, text, "fio-json");
		if (cases[i].msg == NULL) {
			assert_int_equal(r.st, EB_OK);
			assert_true(value_of(&r, "j", "read", "bw", 2) == 409600);
		} else {
			assert_int_equal(r.st, EB_ERR_DATA);
			assert_int_equal(r.err.loc.line, 2);
			assert_non_null(strstr(r.err.msg, cases[i].msg));
		}
		tu_free(&r);
		free(text);
		free(a);
		free(b);
		free(h);
	}
}

/* Normal and terse output print too few options to tell a test run twice
 * from two tests of one name: one name in two groups of a run is refused. */
static void
test_text_same_name_two_groups(void **state)
{
	(void)state;
	refused(DATA "samename-direct-normal.txt", NULL, "auto", 26, "fio job 'seq' of group 1 "
	    "has the name of the group 0 job at line 6, and normal output omits options (direct, "
	    "size ...) that tell one test run twice from two: name the jobs apart, or read fio's "
	    "JSON");
	refused(DATA "samename-randrw-terse.txt", NULL, "auto", 2, "fio terse record of job 'rr' "
	    "of group 1 has the name of the group 0 job at line 1, and terse output prints no "
	    "options (direct, size ...) that tell one test run twice from two: name the jobs "
	    "apart, or read fio's JSON");
}

/* Runs appended to one JSON file are repetitions only when run alike. */
static void
test_json_appended_other_options(void **state)
{
	size_t n;
	char *text = slurp(DATA "appended-2runs.json", &n);
	char *bs = strstr(strstr(text, "\"bs\" : \"64k\"") + 1, "\"bs\" : \"64k\"");
	char *engine = strstr(strstr(text, "\"ioengine\" : \"psync\"") + 1,
	    "\"ioengine\" : \"psync\"");
	char *tail, *other;
	struct tu_run r;

	(void)state;
	assert_non_null(bs);
	assert_non_null(engine);
	memcpy(bs, "\"bs\" : \"64K\"", 12);
	tu_ingest_text(&r, text, "fio-json");
	assert_int_equal(r.st, EB_OK);
	assert_true(value_of(&r, "app", "read", "bw", 2) == 72315586);
	tu_free(&r);
	tail = replaced(engine, "\"psync\"", "\"libaio\"");
	*engine = '\0';
	other = eb_xasprintf("%s%s", text, tail);
	tu_ingest_text(&r, other, "fio-json");
	assert_int_equal(r.st, EB_ERR_DATA);
	assert_int_equal(r.err.loc.line, 276);
	assert_non_null(strstr(r.err.msg, "fio job 'app' ran with ioengine=libaio here but with "
	    "ioengine=psync at line 7:"));
	tu_free(&r);
	free(other);
	free(tail);
	free(text);
}

/* ---- --status-interval output: snapshots of one run, not runs */

/* Real fio 3.33 runs with --status-interval=1 whose last snapshot falls in
 * the run's last second (eta 0 in JSON, 117 ms before the end in terse):
 * only the final result is read. */
static void
test_status_interval_last_second(void **state)
{
	struct tu_run r;

	(void)state;
	tu_ingest(&r, DATA "status-interval-rate.json", "auto");
	assert_int_equal(r.st, EB_OK);
	assert_true(value_of(&r, "st", "write", "bw", 1) == 4223871);
	assert_int_equal(r.t->n, 5);
	assert_non_null(strstr(r.diag.data, "note: 1: 2 --status-interval snapshots of a run; "
	    "only its final result is read"));
	tu_free(&r);
	tu_ingest(&r, DATA "status-interval-terse.txt", "auto");
	assert_int_equal(r.st, EB_OK);
	assert_true(value_of(&r, "st", "write", "bw", 1) == 4124.0 * 1024);
	assert_int_equal(r.t->n, 5);
	assert_non_null(strstr(r.diag.data, "note: 1: 2 --status-interval snapshots of a run; "
	    "only its final result is read"));
	tu_free(&r);
	refused(DATA "status-interval-nj2-terse.txt", NULL, "auto", 3, "fio terse record of job "
	    "'st': --status-interval snapshots of numjobs clones, which terse output prints "
	    "alike; read fio's JSON, or run it with group_reporting");
}

/* ---- banner sizes as fio 3.33 rounds them (fio_common.c) */

/* "kB" is 1000 (kb_base=1000) and "KiB" 1024; a rounded size is the
 * multiple of 512 bytes within its rounding, or unknown (0) without one. */
static void
test_banner_rounded_sizes(void **state)
{
	static const struct {
		const char *banner;
		int64_t bs[3];
	} cases[] = {
		{ "ub: (g=0): rw=write, bs=(R) 65.5kB-65.5kB, (W) 65.5kB-65.5kB, (T) 65.5kB-65.5kB, "
		  "ioengine=psync, iodepth=1", { 65536, 65536, 65536 } },
		{ "j: (g=0): rw=read, bs=(R) 64.0KiB-64.0KiB, (W) 1024KiB-1024KiB, (T) 4096B-4096B, "
		  "ioengine=psync", { 65536, 1048576, 4096 } },
		{ "j: (g=0): rw=read, bs=(R) 4.1kB-4.1kB, (W) 1.1kB-1.1kB, (T) 1049kB-1049kB",
		  { 4096, 0, 1048576 } },
		{ "j: (g=0): rw=read, bs=4K-4K/128K-128K/4K-4K, ioengine=sync", { 4096, 131072, 4096 } },
	};

	(void)state;
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		char *name, *rw;
		int64_t bs[3];

		assert_int_equal(eb_fio_parse_banner(cases[i].banner, strlen(cases[i].banner), &name,
		    &rw, bs), 1);
		for (int d = 0; d < 3; d++)
			assert_int_equal(bs[d], cases[i].bs[d]);
		free(name);
		free(rw);
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_json_latency_contradicts),
		cmocka_unit_test(test_normal_latency_contradicts),
		cmocka_unit_test(test_json_changed_figures),
		cmocka_unit_test(test_terse_tail),
		cmocka_unit_test(test_json_group_id),
		cmocka_unit_test(test_json_changed_figures_kib),
		cmocka_unit_test(test_json_real_figures_agree),
		cmocka_unit_test(test_normal_cut_at_line),
		cmocka_unit_test(test_normal_every_cut),
		cmocka_unit_test(test_normal_every_cut_corpus),
		cmocka_unit_test(test_terse_clones_or_runs),
		cmocka_unit_test(test_terse_clones_or_runs_unknown),
		cmocka_unit_test(test_terse_record_twice),
		cmocka_unit_test(test_json_client_snapshots),
		cmocka_unit_test(test_terse_client_banners),
		cmocka_unit_test(test_terse_client_server_sum),
		cmocka_unit_test(test_json_job_cut_short),
		cmocka_unit_test(test_json_total_latency_percentiles),
		cmocka_unit_test(test_json_same_name_other_options),
		cmocka_unit_test(test_json_options_compared),
		cmocka_unit_test(test_text_same_name_two_groups),
		cmocka_unit_test(test_json_appended_other_options),
		cmocka_unit_test(test_status_interval_last_second),
		cmocka_unit_test(test_banner_rounded_sizes),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
