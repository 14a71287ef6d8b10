/* labels.c - how modes and test cases are named and ordered in tables and
 * charts, the same way everywhere. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "render.h"

/* Rank of a mode family, then of its key or sector size within it. */
static int
mode_rank(const char *m, int *size)
{
	*size = 0;
	if (strcmp(m, "none") == 0)
		return 0;
	if (strncmp(m, "aes-", 4) == 0) {
		*size = atoi(m + 4);
		if (strstr(m, "-ccm") != NULL)
			return 1;
		if (strstr(m, "-gcm") != NULL)
			return 2;
		return 3;
	}
	if (strncmp(m, "luks", 4) == 0) {
		const char *dash = strrchr(m, '-');

		*size = dash ? atoi(dash + 1) : 0;
		if (dash && strcmp(dash, "-4k") == 0)
			*size = 4096;
		return 4;
	}
	if (strncmp(m, "geli", 4) == 0) {
		const char *dash = strrchr(m, '-');

		*size = dash ? atoi(dash + 1) : 0;
		return 5;
	}
	/* Linux fscrypt: AES-256-XTS before Adiantum. */
	if (strncmp(m, "fscrypt", 7) == 0) {
		*size = strstr(m, "adiantum") != NULL;
		return 6;
	}
	return 7;
}

int
eb_mode_cmp(const char *a, const char *b)
{
	int sa, sb, ra = mode_rank(a, &sa), rb = mode_rank(b, &sb);

	if (ra != rb)
		return ra < rb ? -1 : 1;
	if (sa != sb)
		return sa < sb ? -1 : 1;
	return strcmp(a, b);
}

/* Whether a job name says no more than the rest of the label: fio jobs are
 * often named after what they do ("seq-write", "randread-4k"). */
static int
job_is_redundant(const struct eb_record *r)
{
	static const char *const words[] = {
		"seq", "sequential", "rand", "random", "read", "write", "rw", "randread",
		"randwrite", "randrw", "readwrite", "mixed", "job", "test", "bench",
	};
	char job[128], *tok, *save = NULL;
	int redundant = 1;

	snprintf(job, sizeof job, "%s", r->f[EB_F_JOB]);
	for (tok = strtok_r(job, "-_ .", &save); tok != NULL && redundant;
	    tok = strtok_r(NULL, "-_ .", &save)) {
		int known = eb_ascii_ieq(tok, r->f[EB_F_TOOL]) ||
		    eb_ascii_ieq(tok, r->f[EB_F_WORKLOAD]) || eb_ascii_ieq(tok, r->f[EB_F_OP]);
		char *end;

		/* fio job names come in any case: "Rand-Read-4K". */
		for (size_t i = 0; !known && i < sizeof words / sizeof words[0]; i++)
			known = eb_ascii_ieq(tok, words[i]);
		/* The record's block size, as 4k, 1M or 4096. Another number
		 * ("seq-write-1", "randread-4k" of a 64 KiB test) tells one
		 * job from another and stays. */
		if (!known) {
			long long v = strtoll(tok, &end, 10);
			const char *units = "kKmMgG", *u;
			int shift = 0;

			if (v > 0 && end[0] != '\0' && (u = strchr(units, end[0])) != NULL &&
			    (end[1] == '\0' || ((end[1] == 'b' || end[1] == 'B') && end[2] == '\0'))) {
				shift = 10 * (int)((u - units) / 2 + 1);
				end += strlen(end);
			}
			known = v > 0 && end[0] == '\0' && v <= (INT64_MAX >> shift) &&
			    (int64_t)(v << shift) == r->block_size;
		}
		redundant = known;
	}
	return redundant;
}

static void
case_label(const struct eb_record *r, int with_job, char *buf, size_t n)
{
	const char *parts[4] = { r->f[EB_F_TOOL], NULL, r->f[EB_F_WORKLOAD], r->f[EB_F_OP] };
	const char *job = r->f[EB_F_JOB];
	size_t len = 0;

	/* A job name that only repeats the tool adds nothing. */
	if (*job != '\0' && (with_job || !job_is_redundant(r)))
		parts[1] = job;
	buf[0] = '\0';
	for (size_t i = 0; i < 4; i++) {
		if (parts[i] == NULL || *parts[i] == '\0')
			continue;
		len += (size_t)snprintf(buf + len, len < n ? n - len : 0, "%s%s",
		    len ? " " : "", parts[i]);
	}
	if (r->block_size > 0 && len < n) {
		char bs[32];

		eb_format_bytes(bs, sizeof bs, r->block_size);
		snprintf(buf + len, n - len, "%s%s", len ? " " : "", bs);
	}
}

void
eb_case_label(const struct eb_record *r, char *buf, size_t n)
{
	case_label(r, 0, buf, n);
}

void
eb_case_label_with_job(const struct eb_record *r, char *buf, size_t n)
{
	case_label(r, 1, buf, n);
}

static int
cmp_text(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

int
eb_labels_need_jobs(const struct eb_record *const *keys, size_t n)
{
	char **v = eb_xmalloc((n + 1) * sizeof *v), label[160];
	int clash = 0;

	for (size_t i = 0; i < n; i++) {
		eb_case_label(keys[i], label, sizeof label);
		v[i] = eb_xasprintf("%s\037%s", label, keys[i]->f[EB_F_JOB]);
	}
	qsort(v, n, sizeof *v, cmp_text);
	for (size_t i = 1; i < n && !clash; i++) {
		size_t a = strcspn(v[i - 1], "\037"), b = strcspn(v[i], "\037");

		clash = a == b && strncmp(v[i - 1], v[i], a) == 0 && strcmp(v[i - 1], v[i]) != 0;
	}
	for (size_t i = 0; i < n; i++)
		free(v[i]);
	free(v);
	return clash;
}

const char *
eb_metric_words(const char *metric)
{
	static const struct {
		const char *metric, *words;
	} names[] = {
		{ "bw", "throughput" }, { "iops", "IOPS" }, { "ops", "operations" },
		{ "lat_mean", "mean latency" }, { "lat_p99", "99th percentile latency" },
		{ "lat_max", "maximum latency" }, { "cpu", "CPU" }, { "power", "power" },
		{ "cpu_busy", "CPU busy (whole machine)" },
		{ "cpu_top_thread", "busiest thread (share of one CPU)" }, { "energy", "energy" },
	};

	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
		if (strcmp(metric, names[i].metric) == 0)
			return names[i].words;
	return metric;
}

/* Digit runs by value (job j2 before j10, config 2-cores before
 * 16-cores), and labels that differ only in leading zeros still apart. */
static int
label_cmp(const char *a, const char *b)
{
	int c;

	if (a == b)	/* one interned label */
		return 0;
	c = eb_natural_cmp(a, b);
	return c ? c : strcmp(a, b);
}

int
eb_record_report_cmp(const struct eb_record *a, const struct eb_record *b)
{
	static const int order[] = {
		EB_F_CONFIG, EB_F_HOST, EB_F_TOOL, EB_F_JOB, EB_F_WORKLOAD, EB_F_OP,
	};
	int c;

	if ((c = eb_release_cmp(a->f[EB_F_RELEASE], b->f[EB_F_RELEASE])) != 0)
		return c;
	for (size_t i = 0; i < sizeof order / sizeof order[0]; i++)
		if ((c = label_cmp(a->f[order[i]], b->f[order[i]])) != 0)
			return c;
	if (a->block_size != b->block_size)
		return a->block_size < b->block_size ? -1 : 1;
	if ((c = strcmp(a->f[EB_F_METRIC], b->f[EB_F_METRIC])) != 0)
		return c;
	return eb_mode_cmp(a->f[EB_F_MODE], b->f[EB_F_MODE]);
}
