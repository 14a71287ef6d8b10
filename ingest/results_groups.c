/* results_groups.c - a results.csv read straight into its tests' values on
 * every CPU, without a table of its records, for the files where that is
 * certain to give what the general reading (ingest.c, core/unique.c) gives. */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "driver.h"
#include "results.h"

/* The bytes of each CPU's share of a block. */
#define PART ((off_t)2 << 20)
#define MAX_PARTS 8
#define NONE UINT32_MAX
#define LABELS 256

/* A row of one part, its group that part's own. Its source is kept as a
 * hash: two sources of one test with one hash are taken as one source
 * twice, which leaves the file to the general reading. */
struct part_row {
	double value;
	uint32_t group, rep, source_hash;
};

/* The bytes a group's first row began with, up to the comma after its
 * unit: a later row that begins with them has its labels, already
 * checked, and only its rep, value and source are left to read. */
struct group_prefix {
	size_t at;	/* in the part's prefix bytes */
	uint32_t len, hash;	/* len 0: none kept */
	double limit;	/* of its metric (eb_metric_limit) */
};

/* What one CPU reads: a part of each block, one after the other. Its
 * texts, groups and row reader last the whole file. */
struct part {
	struct eb_table *texts;
	struct eb_err err;
	struct eb_parse p;
	struct eb_results_rows *reader;
	struct eb_record *key;	/* each group's first record */
	uint32_t *global;	/* each group's group of the file, or NONE */
	uint32_t *first_row;	/* of a group begun in this block: its first row */
	size_t nkey, capkey, capglobal, capfirst;
	size_t block_keys;	/* the groups begun before this block */
	size_t base;		/* the file's row of this block's first row */
	struct file_rows *to;
	uint32_t *slots;	/* group + 1 by key hash; 0 for an empty slot */
	size_t nslots;
	uint32_t prev;
	struct group_prefix *prefix;	/* of each group */
	char *prefix_bytes;
	size_t nprefix_bytes, capprefix, capprefix_bytes;
	uint32_t *prefix_slots;	/* group + 1 by a hash of its prefix */
	size_t nprefix_slots, nprefixed;
	/* Labels of the part's texts with their interned copies in the
	 * file's keys, by the part's pointer: a handful of labels make up the
	 * groups, and a pointer is found faster than a string is interned. */
	const char *label_part[LABELS], *label_file[LABELS];
	struct part_row *row;	/* of the block being read */
	size_t nrow, caprow;
	/* Its share of the file: the lines that begin in [lo, hi), read
	 * into buf; s[0, n) are those lines. */
	int fd;
	off_t lo, hi, size;
	char *buf;
	size_t capbuf;
	char *s;
	size_t n;
	int bad;
};

/* The rows of the file, in input order, by the file's groups. */
struct file_rows {
	struct eb_results_grouped *out;
	uint32_t *slots;	/* group + 1 by key hash, over out->keys */
	size_t nslots, ngroups, capgroups;
	uint32_t *group, *rep, *source_hash;
	double *value;
	size_t n, cap;
};

static int
printable(const char *s, uint32_t *hash)
{
	uint32_t h = 2166136261u;

	for (; *s != '\0'; s++) {
		if ((unsigned char)*s < 0x20 || (unsigned char)*s >= 0x7f)
			return 0;
		h = (h ^ (unsigned char)*s) * 16777619u;
	}
	if (hash != NULL)
		*hash = h;
	return 1;
}

static void
slots_grow(uint32_t **slots, size_t *nslots, const struct eb_record *key, size_t nkey)
{
	size_t n = *nslots ? *nslots * 2 : 1024;
	uint32_t *grown = eb_xcalloc(n, sizeof *grown);

	for (size_t g = 0; g < nkey; g++) {
		size_t j = eb_record_key_hash(&key[g], 0) & (n - 1);

		while (grown[j] != 0)
			j = (j + 1) & (n - 1);
		grown[j] = (uint32_t)g + 1;
	}
	free(*slots);
	*slots = grown;
	*nslots = n;
}

/* The group of r among key[0, *nkey), a new one (its first record r)
 * when none has its key; *created says which. */
static uint32_t
group_of(uint32_t **slots, size_t *nslots, struct eb_record **key, size_t *nkey,
    size_t *cap, const struct eb_record *r, int *created)
{
	size_t j;

	*created = 0;
	if (*nkey * 2 >= *nslots)
		slots_grow(slots, nslots, *key, *nkey);
	j = eb_record_key_hash(r, 0) & (*nslots - 1);
	while ((*slots)[j] != 0) {
		if (eb_record_key_equal(&(*key)[(*slots)[j] - 1], r, 0))
			return (*slots)[j] - 1;
		j = (j + 1) & (*nslots - 1);
	}
	eb_xgrow(key, cap, *nkey + 1, sizeof **key);
	(*key)[*nkey] = *r;
	(*slots)[j] = (uint32_t)++*nkey;
	*created = 1;
	return (uint32_t)(*nkey - 1);
}

/* The general reading would warn of a label with a byte outside
 * printable ASCII (one not UTF-8, or a control, ingest.c), or of a dd
 * record without an op (cli/inputs.c): such a file is left to it. */
static int
key_plain(const struct eb_record *r)
{
	for (int f = 0; f < EB_NFIELDS; f++)
		if (f != EB_F_SOURCE && !printable(r->f[f], NULL))
			return 0;
	return !(strcmp(r->f[EB_F_TOOL], "dd") == 0 && *r->f[EB_F_OP] == '\0');
}

static void
add_row(struct part *pt, uint32_t g, double value, uint32_t rep, uint32_t source_hash)
{
	struct part_row *row;

	pt->prev = g;
	eb_xgrow(&pt->row, &pt->caprow, pt->nrow + 1, sizeof *pt->row);
	row = &pt->row[pt->nrow++];
	row->value = value;
	row->group = g;
	row->rep = rep;
	row->source_hash = source_hash;
}

static int
take(void *ctx, const struct eb_record *r)
{
	struct part *pt = ctx;
	uint32_t g, hash;
	int created;

	if (!printable(r->f[EB_F_SOURCE], &hash))
		return -1;
	/* Files list their records test by test, each repetition in one
	 * order: the group after the previous row's, or its own, is tried
	 * first. */
	if (pt->prev + 1 < pt->nkey && eb_record_key_equal(&pt->key[pt->prev + 1], r, 0))
		g = pt->prev + 1;
	else if (pt->prev < pt->nkey && eb_record_key_equal(&pt->key[pt->prev], r, 0))
		g = pt->prev;
	else {
		g = group_of(&pt->slots, &pt->nslots, &pt->key, &pt->nkey, &pt->capkey, r,
		    &created);
		if (created) {
			if (!key_plain(r))
				return -1;
			pt->key[g].f[EB_F_SOURCE] = eb_table_strdup(pt->texts, r->f[EB_F_SOURCE],
			    strlen(r->f[EB_F_SOURCE]));
			eb_xgrow(&pt->global, &pt->capglobal, pt->nkey, sizeof *pt->global);
			eb_xgrow(&pt->first_row, &pt->capfirst, pt->nkey, sizeof *pt->first_row);
			pt->global[g] = NONE;
			pt->first_row[g] = (uint32_t)pt->nrow;
		}
	}
	add_row(pt, g, r->value, (uint32_t)r->rep, hash);
	return 0;
}

static uint32_t
bytes_hash(const char *s, size_t n)
{
	uint64_t h = 0x9e3779b97f4a7c15u ^ n, w;
	size_t i = 0;

	for (; i + 8 <= n; i += 8) {
		memcpy(&w, s + i, 8);
		h = (h ^ w) * 0xff51afd7ed558ccdu;
		h ^= h >> 29;
	}
	for (; i < n; i++)
		h = (h ^ (unsigned char)s[i]) * 0x100000001b3u;
	h ^= h >> 32;
	return (uint32_t)h;
}

/* Takes the rest of a row, s[0, n) after its labels and ended by a NUL,
 * as a row of group g when the row reader would take it without a word
 * (eb_results_rest); 0 leaves the row to the row reader. */
static int
take_rest(struct part *pt, uint32_t g, const char *s, size_t n)
{
	uint32_t rep, hash;
	double value;
	size_t source;

	if (!eb_results_rest(s, n, pt->prefix[g].limit, &rep, &value, &source) ||
	    !printable(s + source, &hash))
		return 0;
	add_row(pt, g, value, rep, hash);
	return 1;
}

static int
prefix_is(const struct part *pt, uint32_t g, const char *s, size_t n)
{
	const struct group_prefix *p = &pt->prefix[g];

	return p->len > 0 && p->len < n && memcmp(pt->prefix_bytes + p->at, s, p->len) == 0;
}

/* Takes line s[0, n) as a row of a group it begins as that group's first
 * row began, the group after the previous row's or that one tried first;
 * *labels is the length of its labels when they were looked up, or 0. */
static int
take_known(struct part *pt, const char *s, size_t n, size_t *labels)
{
	uint32_t g = pt->prev + 1;
	size_t mask = pt->nprefix_slots - 1;

	*labels = 0;
	for (int k = 0; k < 2; k++, g = pt->prev)
		if (g < pt->nkey && prefix_is(pt, g, s, n))
			return take_rest(pt, g, s + pt->prefix[g].len, n - pt->prefix[g].len);
	if (pt->nprefix_slots == 0 || (*labels = eb_results_labels_len(s, n)) == 0)
		return 0;
	for (size_t j = bytes_hash(s, *labels) & mask; pt->prefix_slots[j] != 0; j = (j + 1) & mask) {
		g = pt->prefix_slots[j] - 1;
		if (pt->prefix[g].len == *labels && prefix_is(pt, g, s, n))
			return take_rest(pt, g, s + *labels, n - *labels);
	}
	return 0;
}

static void
prefix_slots_grow(struct part *pt)
{
	size_t n = pt->nprefix_slots ? pt->nprefix_slots * 2 : 1024;
	uint32_t *grown = eb_xcalloc(n, sizeof *grown);

	for (size_t g = 0; g < pt->nkey; g++) {
		size_t j = pt->prefix[g].hash & (n - 1);

		if (pt->prefix[g].len == 0)
			continue;
		while (grown[j] != 0)
			j = (j + 1) & (n - 1);
		grown[j] = (uint32_t)g + 1;
	}
	free(pt->prefix_slots);
	pt->prefix_slots = grown;
	pt->nprefix_slots = n;
}

/* Reads line s[0, n) with the row reader; a group it begins keeps the
 * bytes of its labels (labels of them, 0 when not yet looked up). 0 when
 * the row was taken. */
static int
take_line(struct part *pt, char *s, size_t n, size_t labels)
{
	size_t before = pt->nkey;
	struct group_prefix *p;

	if (labels == 0)
		labels = eb_results_labels_len(s, n);
	/* Kept before the reader splits the line in place. */
	eb_xgrow(&pt->prefix_bytes, &pt->capprefix_bytes, pt->nprefix_bytes + labels + 1, 1);
	memcpy(pt->prefix_bytes + pt->nprefix_bytes, s, labels);
	if (eb_results_rows_line(pt->reader, s, n) != 0)
		return -1;
	if (pt->nkey == before)
		return 0;
	eb_xgrow(&pt->prefix, &pt->capprefix, pt->nkey, sizeof *pt->prefix);
	p = &pt->prefix[before];
	p->at = pt->nprefix_bytes;
	p->len = labels <= UINT32_MAX ? (uint32_t)labels : 0;
	p->hash = bytes_hash(pt->prefix_bytes + p->at, labels);
	p->limit = eb_metric_limit(pt->key[before].f[EB_F_METRIC], NULL);
	pt->nprefix_bytes += labels;
	if (p->len > 0) {
		size_t j;

		if (++pt->nprefixed * 2 >= pt->nprefix_slots)
			prefix_slots_grow(pt);
		else {
			for (j = p->hash & (pt->nprefix_slots - 1); pt->prefix_slots[j] != 0;
			    j = (j + 1) & (pt->nprefix_slots - 1))
				;
			pt->prefix_slots[j] = (uint32_t)before + 1;
		}
	}
	return 0;
}

static void *
read_part(void *arg)
{
	struct part *pt = arg;
	char *s = pt->s, *end = pt->s + pt->n;
	size_t labels;

	pt->nrow = 0;
	pt->block_keys = pt->nkey;
	while (s < end && !pt->bad) {
		char *nl = memchr(s, '\n', (size_t)(end - s));
		size_t len = (size_t)(nl - s);

		*nl = '\0';
		/* An empty line, which the general reading skips, would number
		 * the rows after it otherwise. */
		if (len == 0 || len > EB_MAX_LINE)
			pt->bad = 1;
		else if (!take_known(pt, s, len, &labels) && take_line(pt, s, len, labels) != 0)
			pt->bad = 1;
		s = nl + 1;
	}
	return NULL;
}

/* Gives each group begun in pt's part of the block its group of the
 * file, a new one made from its first record unless an earlier part has
 * its key. In input order, so that the file's groups are numbered by
 * their first records, as eb_aggregate numbers them. */
static void
file_groups(struct file_rows *fr, struct part *pt)
{
	struct eb_table *keys = fr->out->keys;

	for (size_t g = pt->block_keys; g < pt->nkey; g++) {
		struct eb_record r = pt->key[g];
		size_t at = pt->base + pt->first_row[g];
		int created;

		for (int f = 0; f < EB_NFIELDS; f++) {
			size_t j = ((uintptr_t)r.f[f] >> 3 ^ (uintptr_t)r.f[f] >> 11) % LABELS;

			if (f == EB_F_SOURCE)
				r.f[f] = eb_table_strdup(keys, r.f[f], strlen(r.f[f]));
			else if (pt->label_part[j] == r.f[f])
				r.f[f] = pt->label_file[j];
			else {
				pt->label_part[j] = r.f[f];
				r.f[f] = pt->label_file[j] = eb_intern_cstr(keys, r.f[f]);
			}
		}
		/* Its line, as the general reading numbers it: every line of
		 * the file after the header is a row. */
		r.line = at + 2 <= UINT32_MAX ? (uint32_t)(at + 2) : 0;
		pt->global[g] = group_of(&fr->slots, &fr->nslots, &keys->rows, &fr->ngroups,
		    &fr->capgroups, &r, &created);
		keys->n = fr->ngroups;
		keys->cap = fr->capgroups;
	}
}

/* Copies pt's rows of the block to the file's, from pt->base on. */
static void *
copy_rows(void *arg)
{
	struct part *pt = arg;
	struct file_rows *fr = pt->to;

	for (size_t i = 0; i < pt->nrow; i++) {
		const struct part_row *row = &pt->row[i];
		size_t at = pt->base + i;

		fr->group[at] = pt->global[row->group];
		fr->rep[at] = row->rep;
		fr->source_hash[at] = row->source_hash;
		fr->value[at] = row->value;
	}
	return NULL;
}

static void
rows_grow(struct file_rows *fr, size_t need)
{
	size_t cap = fr->cap ? fr->cap : 65536;

	if (need <= fr->cap)
		return;
	while (cap < need)
		cap *= 2;
	fr->group = eb_xrealloc(fr->group, cap * sizeof *fr->group);
	fr->rep = eb_xrealloc(fr->rep, cap * sizeof *fr->rep);
	fr->source_hash = eb_xrealloc(fr->source_hash, cap * sizeof *fr->source_hash);
	fr->value = eb_xrealloc(fr->value, cap * sizeof *fr->value);
	fr->cap = cap;
}

/* Runs fn on every part, part 0 here and the others on threads. */
static void
on_every_part(struct part *parts, int nparts, void *(*fn)(void *))
{
	pthread_t tid[MAX_PARTS];
	int started = 1;

	for (int k = 1; k < nparts; k++) {
		if (pthread_create(&tid[k], NULL, fn, &parts[k]) != 0)
			break;
		started = k + 1;
	}
	fn(&parts[0]);
	for (int k = 1; k < started; k++)
		pthread_join(tid[k], NULL);
	for (int k = started; k < nparts; k++)
		fn(&parts[k]);
}

/* bytes [at, at + n) of the file into buf, all of them or -1. */
static int
pread_full(int fd, char *buf, size_t n, off_t at)
{
	while (n > 0) {
		ssize_t got = pread(fd, buf, n, at);

		if (got < 0 && errno == EINTR)
			continue;
		if (got <= 0)
			return -1;
		buf += got;
		n -= (size_t)got;
		at += got;
	}
	return 0;
}

/* Reads the lines that begin in [pt->lo, pt->hi): from the byte before lo
 * (a line begins after a line end), and on past hi to the end of the last
 * line begun before it. Each CPU reads its own share, so that the copy
 * out of the page cache is shared as well. -1 for a line without an end,
 * one too long, or a file that ended early. */
static int
load_part(struct part *pt)
{
	size_t len = (size_t)(pt->hi - pt->lo) + 1, first, last, more;
	char *nl;

	pt->n = 0;
	eb_xgrow(&pt->buf, &pt->capbuf, len, 1);
	if (pread_full(pt->fd, pt->buf, len, pt->lo - 1) != 0)
		return -1;
	/* A line end at the last byte begins the next share's first line. */
	if ((nl = memchr(pt->buf, '\n', len - 1)) == NULL)
		return 0;
	first = (size_t)(nl - pt->buf) + 1;
	last = (size_t)((char *)memrchr(pt->buf, '\n', len) - pt->buf) + 1;
	while (pt->buf[len - 1] != '\n') {
		off_t at = pt->lo - 1 + (off_t)len;

		more = pt->size - at < 65536 ? (size_t)(pt->size - at) : 65536;
		if (more == 0 || len - last > EB_MAX_LINE)
			return -1;
		eb_xgrow(&pt->buf, &pt->capbuf, len + more, 1);
		if (pread_full(pt->fd, pt->buf + len, more, at) != 0)
			return -1;
		if ((nl = memchr(pt->buf + len, '\n', more)) != NULL)
			more = (size_t)(nl - (pt->buf + len)) + 1;
		len += more;
	}
	pt->s = pt->buf + first;
	pt->n = len - first;
	return 0;
}

static void *
load_and_read_part(void *arg)
{
	struct part *pt = arg;

	if (load_part(pt) != 0)
		pt->bad = 1;
	else
		read_part(pt);
	return NULL;
}

/* Reads the lines that begin in [at, at + nparts * PART) on nparts CPUs,
 * their rows then the file's in order. */
static int
read_block(struct file_rows *fr, struct part *parts, int nparts, off_t at, off_t size)
{
	for (int k = 0; k < nparts; k++) {
		parts[k].lo = at + (off_t)k * PART < size ? at + (off_t)k * PART : size;
		parts[k].hi = parts[k].lo + PART < size ? parts[k].lo + PART : size;
		parts[k].size = size;
	}
	on_every_part(parts, nparts, load_and_read_part);
	for (int k = 0; k < nparts; k++) {
		if (parts[k].bad)
			return -1;
		parts[k].base = fr->n;
		parts[k].to = fr;
		fr->n += parts[k].nrow;
		file_groups(fr, &parts[k]);
	}
	rows_grow(fr, fr->n);
	on_every_part(parts, nparts, copy_rows);
	return 0;
}

/* The tests of groups [lo, hi): their rows are order[start[lo],
 * start[hi]), their values go to values at the same places. */
struct tests {
	const struct file_rows *fr;
	const size_t *start;
	const uint32_t *order;
	double *values;
	size_t lo, hi;
	int found;
};

/* Whether the general reading would tell a test's repetition given twice
 * or one measurement read twice (core/unique.c): a test with one rep or
 * one source twice (or two of one hash), whatever its values, is left to
 * it. */
static void *
check_tests(void *arg)
{
	struct tests *ts = arg;
	const struct file_rows *fr = ts->fr;
	size_t most = 16;
	uint32_t *reps, *srcs;

	/* Slots for twice the largest test's rows, a power of two. */
	for (size_t g = ts->lo; g < ts->hi; g++)
		while (most < (ts->start[g + 1] - ts->start[g]) * 2)
			most *= 2;
	reps = eb_xcalloc(most, sizeof *reps);
	srcs = eb_xcalloc(most, sizeof *srcs);
	for (size_t g = ts->lo; g < ts->hi && !ts->found; g++) {
		size_t size = 16;

		while (size < (ts->start[g + 1] - ts->start[g]) * 2)
			size *= 2;
		for (size_t k = ts->start[g]; k < ts->start[g + 1]; k++) {
			uint32_t i = ts->order[k];
			size_t j = (fr->rep[i] * 0x9e3779b1u) & (size - 1);

			ts->values[k] = fr->value[i];
			for (; reps[j] != 0; j = (j + 1) & (size - 1))
				if (fr->rep[reps[j] - 1] == fr->rep[i])
					ts->found = 1;
			reps[j] = i + 1;
			for (j = fr->source_hash[i] & (size - 1); srcs[j] != 0; j = (j + 1) & (size - 1))
				if (fr->source_hash[srcs[j] - 1] == fr->source_hash[i])
					ts->found = 1;
			srcs[j] = i + 1;
		}
		memset(reps, 0, size * sizeof *reps);
		memset(srcs, 0, size * sizeof *srcs);
	}
	free(reps);
	free(srcs);
	return NULL;
}

/* Whether a source gave one value in two tests: rows of one run copied
 * under another label (core/relabelled.c), or two metrics of one line
 * alike by chance; either is left to the general reading. */
static int
source_twice(const struct file_rows *fr)
{
	size_t size = 16, j;
	uint32_t *slots;
	int found = 0;

	while (size < fr->n * 2)
		size *= 2;
	slots = eb_xcalloc(size, sizeof *slots);
	for (size_t i = 0; i < fr->n && !found; i++) {
		uint64_t bits;

		memcpy(&bits, &fr->value[i], sizeof bits);
		bits = (bits ^ (bits >> 29) ^ fr->source_hash[i]) * 0x9e3779b97f4a7c15ULL;
		for (j = (bits >> 20) & (size - 1); slots[j] != 0; j = (j + 1) & (size - 1)) {
			uint32_t o = slots[j] - 1;

			if (fr->source_hash[o] == fr->source_hash[i] && fr->value[o] == fr->value[i] &&
			    fr->group[o] != fr->group[i]) {
				found = 1;
				break;
			}
		}
		slots[j] = (uint32_t)i + 1;
	}
	free(slots);
	return found;
}

/* Each group's values into values, group after group in input order;
 * returns whether a test repeats (check_tests), the groups shared among
 * nparts CPUs. */
static int
gather(const struct file_rows *fr, const size_t *start, double *values, int nparts)
{
	struct tests ts[MAX_PARTS];
	pthread_t tid[MAX_PARTS];
	size_t *fill = eb_xmalloc((fr->ngroups + 1) * sizeof *fill), g = 0;
	uint32_t *order = eb_xmalloc(fr->n * sizeof *order);
	int started = 1, found = 0;

	memcpy(fill, start, (fr->ngroups + 1) * sizeof *fill);
	for (size_t i = 0; i < fr->n; i++)
		order[fill[fr->group[i]]++] = (uint32_t)i;
	for (int k = 0; k < nparts; k++) {
		size_t lo = g;

		/* About as many rows each. */
		while (g < fr->ngroups && (k + 1 == nparts ||
		    start[g] < fr->n / (size_t)nparts * (size_t)(k + 1)))
			g++;
		ts[k] = (struct tests){ fr, start, order, values, lo, g, 0 };
	}
	for (int k = 1; k < nparts; k++) {
		if (pthread_create(&tid[k], NULL, check_tests, &ts[k]) != 0)
			break;
		started = k + 1;
	}
	check_tests(&ts[0]);
	for (int k = 1; k < started; k++)
		pthread_join(tid[k], NULL);
	for (int k = started; k < nparts; k++)
		check_tests(&ts[k]);
	for (int k = 0; k < nparts; k++)
		found |= ts[k].found;
	free(order);
	free(fill);
	return found;
}

/* Whether the general reading takes path as this file does: a regular
 * file, not in a run's folder (whose meta.json labels it) and with no
 * sheet's map beside it. */
static int
plain_file(const char *path, int fd, struct stat *sb)
{
	char *real, *slash, *meta;
	size_t n = strlen(path);
	int found = 0;

	if (strcmp(path, "-") == 0 || fstat(fd, sb) != 0 || !S_ISREG(sb->st_mode))
		return 0;
	if (n >= 4 && eb_ascii_ieq(path + n - 4, ".csv")) {
		meta = eb_xasprintf("%.*s.map.json", (int)(n - 4), path);
		found = access(meta, F_OK) == 0;
		free(meta);
		if (found)
			return 0;
	}
	if ((real = realpath(path, NULL)) == NULL)
		return 0;
	for (int up = 0; up < 2 && !found && (slash = strrchr(real, '/')) != NULL &&
	    slash > real; up++) {
		*slash = '\0';
		meta = eb_xasprintf("%s/meta.json", real);
		found = access(meta, F_OK) == 0;
		free(meta);
	}
	free(real);
	return !found;
}

static void
parts_free(struct part *parts, int nparts)
{
	for (int k = 0; k < nparts; k++) {
		eb_results_rows_free(parts[k].reader);
		eb_table_free(parts[k].texts);
		free(parts[k].key);
		free(parts[k].global);
		free(parts[k].first_row);
		free(parts[k].slots);
		free(parts[k].row);
		free(parts[k].prefix);
		free(parts[k].prefix_bytes);
		free(parts[k].prefix_slots);
		free(parts[k].buf);
	}
}

/* Reads the rows of the file on nparts CPUs (parts[0, nparts), whose
 * texts the rows point to): 1 when every line after the header is a row
 * taken, the last one ended, and the file ends where fstat said. */
static int
read_rows(const char *path, int fd, off_t size, struct file_rows *fr, struct part *parts,
    int nparts)
{
	const char *header = eb_results_header();
	size_t hlen = strlen(header);
	char *head = eb_xmalloc(hlen + 1), past;
	off_t at = (off_t)hlen + 1;
	int ok;

	for (int k = 0; k < nparts; k++) {
		parts[k].texts = eb_table_new();
		parts[k].p.t = parts[k].texts;
		parts[k].p.err = &parts[k].err;
		parts[k].p.path = path;
		parts[k].reader = eb_results_rows_new(&parts[k].p, take, &parts[k]);
		parts[k].fd = fd;
	}
	ok = size > at && pread_full(fd, head, hlen + 1, 0) == 0 &&
	    memcmp(head, header, hlen) == 0 && head[hlen] == '\n';
	free(head);
	for (; ok && at < size; at += (off_t)nparts * PART)
		ok = read_block(fr, parts, nparts, at, size) == 0;
	/* A file that grew while it was read is left to the general reading. */
	return ok && pread(fd, &past, 1, size) == 0 && fr->n > 0;
}

int
eb_results_read_grouped(const char *path, struct eb_results_grouped *out)
{
	struct part parts[MAX_PARTS];
	struct file_rows fr;
	struct stat sb;
	size_t *start;
	int nparts = eb_cpu_count() > 1 ? eb_cpu_count() : 1, ok;
	int fd;

	/* Nothing but a regular file is opened: a FIFO's writer would take
	 * an open and close for the reader it waits for. */
	memset(out, 0, sizeof *out);
	if (stat(path, &sb) != 0 || !S_ISREG(sb.st_mode) ||
	    (fd = open(path, O_RDONLY | O_CLOEXEC)) < 0)
		return 0;

	if (!plain_file(path, fd, &sb)) {
		close(fd);
		return 0;
	}
	if (nparts > MAX_PARTS)
		nparts = MAX_PARTS;
	memset(&fr, 0, sizeof fr);
	memset(parts, 0, sizeof parts);
	fr.out = out;
	out->keys = eb_table_new();
	ok = read_rows(path, fd, sb.st_size, &fr, parts, nparts) && fr.n < UINT32_MAX;
	close(fd);
	if (ok) {
		start = eb_xcalloc(fr.ngroups + 1, sizeof *start);
		for (size_t i = 0; i < fr.n; i++)
			start[fr.group[i] + 1]++;
		for (size_t g = 0; g < fr.ngroups; g++)
			start[g + 1] += start[g];
		out->values = eb_xmalloc(fr.n * sizeof *out->values);
		ok = !gather(&fr, start, out->values, nparts) && !source_twice(&fr);
		if (ok) {
			out->count = eb_xmalloc(fr.ngroups * sizeof *out->count);
			for (size_t g = 0; g < fr.ngroups; g++)
				out->count[g] = start[g + 1] - start[g];
		}
		free(start);
	}
	free(fr.group);
	free(fr.rep);
	free(fr.source_hash);
	free(fr.value);
	free(fr.slots);
	parts_free(parts, nparts);
	if (!ok) {
		eb_results_grouped_free(out);
		return 0;
	}
	eb_input_note(path, &sb);
	return 1;
}

void
eb_results_grouped_free(struct eb_results_grouped *g)
{
	eb_table_free(g->keys);
	free(g->values);
	free(g->count);
	memset(g, 0, sizeof *g);
}
