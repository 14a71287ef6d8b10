/* results.h - results.csv read straight into groups, for a command that
 * needs nothing of its records but each test's values (overhead). */
#ifndef EB_RESULTS_H
#define EB_RESULTS_H

#include "ingest.h"

/* The first line of every results.csv, without its line end. */
const char *eb_results_header(void);

/* A reader of rows after the header that hands each plain row (no quote,
 * no NUL), checked as the table's reading checks it, to sink instead of
 * p->t; p->t keeps the row's labels, and the source is the line's, for
 * the sink's call only. */
struct eb_results_rows;
struct eb_results_rows *eb_results_rows_new(struct eb_parse *p,
    int (*sink)(void *ctx, const struct eb_record *r), void *ctx);
/* 0 when line (len bytes and a NUL, no line end; split in place) was a row that the
 * sink took; -1 for anything else: a row the table's reading would refuse
 * or read otherwise, a row without a source, or one the sink refused. */
int eb_results_rows_line(struct eb_results_rows *rr, char *line, size_t len);
void eb_results_rows_free(struct eb_results_rows *rr);

/* The length of a row's labels (release to unit), with the comma after
 * them; 0 when line s[0, n) has fewer fields. */
size_t eb_results_labels_len(const char *s, size_t n);
/* 1 when s[0, n), the rest of a row after labels that the row reader took
 * and whose metric's limit is limit, is a rep, value and source that it
 * takes without a word: a rep of 1 to 9 digits and not 0, a value above 0
 * within the limit, a source of printable bytes without a space, a comma
 * or a quote; with them in *rep, *value and *source (where the source
 * begins in s). 0 for any other, which eb_results_rows_line then reads. */
int eb_results_rest(const char *s, size_t n, double limit, uint32_t *rep, double *value,
    size_t *source);

/* The groups of a results.csv: each test's first record (keys->rows, in
 * the order of the first records) and its values in input order, group
 * after group (count[g] each), as eb_aggregate and eb_groups_keys_only
 * make them of the table read the general way. */
struct eb_results_grouped {
	struct eb_table *keys;
	double *values;
	size_t *count;
};

/* Reads path so when that is certain to give what the general way gives
 * (ingest.c, then the uniqueness check of core/unique.c) with no word
 * said: a regular file of plain rows, every label printable ASCII, no
 * repetition or source twice in a test, no dd record without an op, no
 * folder of a run around it and no map beside it. Returns 1 then, with
 * the file noted as an input (eb_input_note); 0, with nothing kept, for
 * any other file, which the general way then reads, and tells about. */
int eb_results_read_grouped(const char *path, struct eb_results_grouped *out);
void eb_results_grouped_free(struct eb_results_grouped *g);

#endif
