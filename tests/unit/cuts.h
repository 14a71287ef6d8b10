/* cuts.h - the truncation property of the text parsers' unit tests: a file
 * cut inside a line reads as if that line were whole, or absent, or fails. */
#ifndef EB_CUTS_H
#define EB_CUTS_H

#include "testutil.h"

/* The records of path's first n bytes, read as format, one text line per
 * record, or "error" when the parse failed. The caller frees it. */
static inline char *
cuts_records(const char *path, const char *data, size_t n, const char *format)
{
	struct eb_ingest_opts opts;
	struct eb_diag d;
	struct eb_table *t = eb_table_new();
	struct eb_err err;
	struct eb_buf b;
	enum eb_status st;
	char *records;

	memset(&d, 0, sizeof d);
	memset(&opts, 0, sizeof opts);
	opts.format = format;
	opts.diag = &d;
	eb_buf_init(&b, 0);
	st = eb_ingest_buffer(t, path, data, n, &opts, &err);
	if (st != EB_OK) {
		eb_buf_add(&b, "error", 5);
	} else {
		for (size_t i = 0; i < t->n; i++) {
			const struct eb_record *r = &t->rows[i];
			char v[40];

			eb_format_double(v, sizeof v, r->value);
			for (int f = 0; f < EB_NFIELDS; f++)
				eb_buf_addf(&b, "%s,", r->f[f]);
			eb_buf_addf(&b, "%lld,%s\n", (long long)r->block_size, v);
		}
	}
	eb_table_free(t);
	records = eb_xstrdup(eb_buf_cstr(&b));
	eb_buf_free(&b);
	return records;
}

/* Cuts the file at path after every byte of every line (of its first
 * limit bytes, 0 for all) and checks each cut against the same file cut
 * before that line and after it: a partial line must give the records of
 * one of the two, or fail. Returns the number of cuts that did not, and
 * prints the first. */
static inline int
cuts_check_file(const char *path, const char *format, size_t limit)
{
	FILE *fp = fopen(path, "rb");
	char *data = eb_xmalloc(1 << 20);
	size_t n, start = 0;
	int bad = 0;

	assert_non_null(fp);
	n = fread(data, 1, 1 << 20, fp);
	fclose(fp);
	if (limit > 0 && n > limit) {
		n = limit;
		while (n > 0 && data[n - 1] != '\n')
			n--;
	}
	while (start < n) {
		char *nl = memchr(data + start, '\n', n - start);
		size_t end = nl != NULL ? (size_t)(nl - data) + 1 : n;
		char *absent = cuts_records(path, data, start, format);
		char *whole = cuts_records(path, data, end, format);

		for (size_t k = start + 1; k < end; k++) {
			char *cut = cuts_records(path, data, k, format);

			if (strcmp(cut, "error") != 0 && strcmp(cut, absent) != 0 &&
			    strcmp(cut, whole) != 0 && bad++ == 0)
				print_message("%s cut after %zu bytes (\"%.*s\") gives\n%s"
				    "the line whole gives\n%s", path, k, (int)(k - start),
				    data + start, cut, whole);
			free(cut);
		}
		free(absent);
		free(whole);
		start = end;
	}
	free(data);
	return bad;
}

/* The prefix property of table formats, whose records a cut line cannot
 * stand for: the file at path cut after any byte fails, or gives exactly
 * the records of its longest complete prefix, the file cut at the
 * greatest of ends[0..nends) (ascending offsets after the newlines of
 * lines that leave nothing half read) at or before the cut; a line whole
 * but for its newline is whole. Returns the number of cuts that did
 * neither, and prints the first. */
static inline int
cuts_check_prefixes(const char *path, const char *data, size_t n, const char *format,
    const size_t *ends, size_t nends)
{
	char *complete = cuts_records(path, data, 0, format);
	size_t e = 0;
	int bad = 0;

	for (size_t k = 1; k <= n; k++) {
		char *cut;
		int ok;

		if (e < nends && ends[e] == k) {
			free(complete);
			complete = cuts_records(path, data, k, format);
			e++;
			continue;
		}
		cut = cuts_records(path, data, k, format);
		ok = strcmp(cut, "error") == 0 || strcmp(cut, complete) == 0;
		if (!ok && e < nends && ends[e] == k + 1 && data[k] == '\n') {
			char *whole = cuts_records(path, data, k + 1, format);

			ok = strcmp(cut, whole) == 0;
			free(whole);
		}
		if (!ok && bad++ == 0) {
			size_t from = k;

			while (from > 0 && data[from - 1] != '\n')
				from--;
			print_message("%s cut after %zu bytes (\"%.*s\") gives\n%sits longest "
			    "complete prefix (%zu bytes) gives\n%s", path, k, (int)(k - from),
			    data + from, cut, e > 0 ? ends[e - 1] : 0, complete);
		}
		free(cut);
	}
	free(complete);
	return bad;
}

#endif
