/* table.c - the tidy record table: interned strings, records, repetition
 * numbering and column assignment by name. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "eb.h"

const char *const eb_column_names[EB_NCOLUMNS] = {
	"release", "host", "config", "mode", "tool", "job", "workload", "op",
	"block_size", "metric", "unit", "rep", "value", "source",
};

static const int column_field[EB_NCOLUMNS] = {
	EB_F_RELEASE, EB_F_HOST, EB_F_CONFIG, EB_F_MODE, EB_F_TOOL, EB_F_JOB,
	EB_F_WORKLOAD, EB_F_OP, -1, EB_F_METRIC, EB_F_UNIT, -1, -1, EB_F_SOURCE,
};

int
eb_column_lookup(const char *name)
{
	for (int i = 0; i < EB_NCOLUMNS; i++)
		if (strcmp(eb_column_names[i], name) == 0)
			return i;
	return -1;
}

int
eb_column_field(int column)
{
	if (column < 0 || column >= EB_NCOLUMNS)
		return -1;
	return column_field[column];
}

int
eb_field_column(int field)
{
	for (int c = 0; c < EB_NCOLUMNS; c++)
		if (column_field[c] == field)
			return c;
	return -1;
}

/* Strings live in large blocks and are found again through an open
 * addressing hash set, so a million records cost a few distinct strings. */
#define POOL_BLOCK 65536

struct pool_block {
	struct pool_block *next;
	size_t used, size;
	char data[];
};

struct eb_strpool {
	struct pool_block *blocks;
	const char **slots;
	size_t nslots, count;
};

static uint64_t
hash_bytes(const char *s, size_t n)
{
	uint64_t h = 1469598103934665603ULL;

	for (size_t i = 0; i < n; i++) {
		h ^= (unsigned char)s[i];
		h *= 1099511628211ULL;
	}
	return h;
}

static char *
pool_alloc(struct eb_strpool *p, size_t n)
{
	struct pool_block *b = p->blocks;

	if (b == NULL || b->size - b->used < n) {
		size_t size = n > POOL_BLOCK ? n : POOL_BLOCK;

		b = eb_xmalloc(sizeof *b + size);
		b->size = size;
		b->used = 0;
		b->next = p->blocks;
		p->blocks = b;
	}
	b->used += n;
	return b->data + b->used - n;
}

static void
pool_rehash(struct eb_strpool *p)
{
	size_t n = p->nslots ? p->nslots * 2 : 1024;
	const char **slots = eb_xcalloc(n, sizeof *slots);

	for (size_t i = 0; i < p->nslots; i++) {
		const char *s = p->slots[i];
		size_t j;

		if (s == NULL)
			continue;
		j = hash_bytes(s, strlen(s)) & (n - 1);
		while (slots[j] != NULL)
			j = (j + 1) & (n - 1);
		slots[j] = s;
	}
	free(p->slots);
	p->slots = slots;
	p->nslots = n;
}

const char eb_empty[] = "";

const char *
eb_intern(struct eb_table *t, const char *s, size_t n)
{
	struct eb_strpool *p = t->pool;
	size_t j;
	char *copy;

	if (n == 0)
		return eb_empty;
	if (p->count * 2 >= p->nslots)
		pool_rehash(p);
	j = hash_bytes(s, n) & (p->nslots - 1);
	while (p->slots[j] != NULL) {
		const char *c = p->slots[j];

		if (strncmp(c, s, n) == 0 && c[n] == '\0')
			return c;
		j = (j + 1) & (p->nslots - 1);
	}
	copy = pool_alloc(p, n + 1);
	memcpy(copy, s, n);
	copy[n] = '\0';
	p->slots[j] = copy;
	p->count++;
	return copy;
}

const char *
eb_intern_lookup(const struct eb_table *t, const char *s)
{
	const struct eb_strpool *p = t->pool;
	size_t n = strlen(s), j;

	if (n == 0)
		return eb_empty;
	if (p->nslots == 0)
		return NULL;
	for (j = hash_bytes(s, n) & (p->nslots - 1); p->slots[j] != NULL;
	    j = (j + 1) & (p->nslots - 1))
		if (strcmp(p->slots[j], s) == 0)
			return p->slots[j];
	return NULL;
}

const char *
eb_intern_cstr(struct eb_table *t, const char *s)
{
	return eb_intern(t, s, strlen(s));
}

const char *
eb_table_strdup(struct eb_table *t, const char *s, size_t n)
{
	char *copy;

	if (n == 0)
		return eb_empty;
	copy = pool_alloc(t->pool, n + 1);
	memcpy(copy, s, n);
	copy[n] = '\0';
	return copy;
}

struct eb_table *
eb_table_new(void)
{
	struct eb_table *t = eb_xcalloc(1, sizeof *t);

	t->pool = eb_xcalloc(1, sizeof *t->pool);
	return t;
}

void
eb_table_free(struct eb_table *t)
{
	struct pool_block *b, *next;

	if (t == NULL)
		return;
	for (b = t->pool->blocks; b != NULL; b = next) {
		next = b->next;
		free(b);
	}
	free(t->pool->slots);
	free(t->pool);
	free(t->rows);
	for (size_t i = 0; i < t->nmeta; i++)
		free(t->meta[i].json);
	free(t->meta);
	free(t->reads);
	free(t->untimed);
	free(t);
}

void
eb_record_init(struct eb_table *t, struct eb_record *r)
{
	(void)t;
	memset(r, 0, sizeof *r);
	for (int i = 0; i < EB_NFIELDS; i++)
		r->f[i] = eb_empty;
}

struct eb_record *
eb_table_add(struct eb_table *t, const struct eb_record *r)
{
	if (t->n == t->cap)
		eb_xgrow(&t->rows, &t->cap, t->n + 1, sizeof *t->rows);
	t->rows[t->n] = *r;
	return &t->rows[t->n++];
}

void
eb_table_shrink(struct eb_table *t, size_t n)
{
	if (n >= t->n)
		return;
	t->n = n;
	t->cap = n > 0 ? n : 1;
	t->rows = eb_xrealloc(t->rows, t->cap * sizeof *t->rows);
}

/* Rows from `from` on were read from path (interned in t). */
static void
add_read(struct eb_table *t, size_t from, const char *path)
{
	if (t->nreads > 0 && t->reads[t->nreads - 1].from <= from &&
	    strcmp(t->reads[t->nreads - 1].path, path) == 0)
		return;
	eb_xgrow(&t->reads, &t->capreads, t->nreads + 1, sizeof *t->reads);
	t->reads[t->nreads].from = from;
	t->reads[t->nreads].path = eb_intern_cstr(t, path);
	t->nreads++;
}

void
eb_table_note_read(struct eb_table *t, const char *path)
{
	add_read(t, t->n, path);
}

const char *
eb_table_read_path(const struct eb_table *t, size_t i)
{
	/* The last noted before row i was added: rows taken back after a
	 * failed file leave their note behind, and the next file's note,
	 * added later, starts at or before it. */
	for (size_t k = t->nreads; k-- > 0;)
		if (t->reads[k].from <= i)
			return t->reads[k].path;
	return NULL;
}

/* Adds the notes of where src's rows were read to dst, whose rows from
 * base on are src's. */
static void
add_reads_from(struct eb_table *dst, const struct eb_table *src, size_t base)
{
	for (size_t k = 0; k < src->nreads; k++)
		if (src->reads[k].from < src->n)
			add_read(dst, base + src->reads[k].from, src->reads[k].path);
}

static void
intern_record(struct eb_table *dst, struct eb_record *r)
{
	for (int f = 0; f < EB_NFIELDS; f++)
		r->f[f] = eb_intern_cstr(dst, r->f[f]);
}

/* Adds the untimed tests of src to dst, whose rows from base on are
 * src's. */
static void
untimed_from(struct eb_table *dst, const struct eb_table *src, size_t base)
{
	for (size_t i = 0; i < src->nuntimed; i++) {
		struct eb_untimed u = src->untimed[i];

		intern_record(dst, &u.key);
		intern_record(dst, &u.was);
		if (u.row != (size_t)-1)
			u.row += base;
		eb_xgrow(&dst->untimed, &dst->capuntimed, dst->nuntimed + 1, sizeof *dst->untimed);
		dst->untimed[dst->nuntimed++] = u;
	}
}

void
eb_table_add_untimed(struct eb_table *t, const struct eb_record *key, size_t row)
{
	struct eb_untimed *u;

	eb_xgrow(&t->untimed, &t->capuntimed, t->nuntimed + 1, sizeof *t->untimed);
	u = &t->untimed[t->nuntimed++];
	u->key = *key;
	u->key.value = NAN;
	u->key.rep = 0;
	u->row = row;
	if (row < t->n)
		u->was = t->rows[row];
	else
		eb_record_init(t, &u->was);
}

void
eb_table_settle_untimed(struct eb_table *t)
{
	size_t kept = 0;

	for (size_t i = 0; i < t->nuntimed; i++) {
		struct eb_untimed u = t->untimed[i];

		if (u.row != (size_t)-1) {
			const struct eb_record *r;

			/* Rows are only taken back after a failed input, with
			 * everything read after it; the row's value tells a row
			 * read in its place. */
			if (u.row >= t->n || memcmp(&t->rows[u.row].value, &u.was.value,
			    sizeof u.was.value) != 0)
				continue;
			r = &t->rows[u.row];
			for (int f = 0; f < EB_NFIELDS; f++)
				if (f != EB_F_SOURCE && r->f[f] != u.was.f[f])
					u.key.f[f] = r->f[f];
			if (r->block_size != u.was.block_size)
				u.key.block_size = r->block_size;
			u.row = (size_t)-1;
		}
		t->untimed[kept++] = u;
	}
	t->nuntimed = kept;
}

size_t
eb_table_untimed_of(const struct eb_table *t, const struct eb_record *k)
{
	size_t n = 0;

	for (size_t i = 0; i < t->nuntimed; i++) {
		const struct eb_record *u = &t->untimed[i].key;
		int f;

		for (f = 0; f < EB_NFIELDS && (f == EB_F_SOURCE || u->f[f] == k->f[f] ||
		    strcmp(u->f[f], k->f[f]) == 0); f++)
			;
		n += f == EB_NFIELDS && u->block_size == k->block_size;
	}
	return n;
}

/* Adds run metadata of another table to dst, its labels interned there;
 * dst takes json as it is. */
static void
add_meta_from(struct eb_table *dst, const struct eb_run_meta *from, char *json)
{
	struct eb_run_meta m;

	m.path = eb_intern_cstr(dst, from->path);
	m.release = eb_intern_cstr(dst, from->release);
	m.host = eb_intern_cstr(dst, from->host);
	m.config = eb_intern_cstr(dst, from->config);
	m.json = json;
	eb_table_add_meta(dst, &m);
}

void
eb_table_append(struct eb_table *dst, const struct eb_table *src)
{
	size_t base = dst->n;

	add_reads_from(dst, src, dst->n);
	for (size_t i = 0; i < src->n; i++) {
		struct eb_record r = src->rows[i];

		for (int f = 0; f < EB_NFIELDS; f++)
			r.f[f] = eb_intern_cstr(dst, src->rows[i].f[f]);
		eb_table_add(dst, &r);
	}
	for (size_t i = 0; i < src->nmeta; i++)
		add_meta_from(dst, &src->meta[i], eb_xstrdup(src->meta[i].json));
	untimed_from(dst, src, base);
}

#define MOVE_CACHE 256

void
eb_table_move(struct eb_table *dst, struct eb_table *src)
{
	/* The texts of a column are few, and interned in src: each is
	 * interned in dst once, and found again by its pointer in a small
	 * cache (a miss only costs another lookup). */
	struct {
		const char *from, *to;
	} seen[MOVE_CACHE];
	struct pool_block *last;

	memset(seen, 0, sizeof seen);
	untimed_from(dst, src, dst->n);
	add_reads_from(dst, src, dst->n);
	eb_xgrow(&dst->rows, &dst->cap, dst->n + src->n, sizeof *dst->rows);
	for (size_t i = 0; i < src->n; i++) {
		struct eb_record *r = &dst->rows[dst->n++];

		*r = src->rows[i];
		for (int f = 0; f < EB_NFIELDS; f++) {
			size_t k = ((uintptr_t)r->f[f] >> 3 ^ (uintptr_t)r->f[f] >> 11) % MOVE_CACHE;

			if (f == EB_F_SOURCE)
				continue;	/* stays where it is: in blocks moved below */
			if (r->f[f] != seen[k].from) {
				seen[k].from = r->f[f];
				seen[k].to = eb_intern_cstr(dst, r->f[f]);
			}
			r->f[f] = seen[k].to;
		}
	}
	src->n = 0;
	src->nuntimed = 0;
	for (size_t i = 0; i < src->nmeta; i++)
		add_meta_from(dst, &src->meta[i], src->meta[i].json);
	src->nmeta = 0;
	/* src's strings (its sources among them) become dst's, behind the
	 * block dst allocates from. */
	if (src->pool->blocks != NULL) {
		for (last = src->pool->blocks; last->next != NULL; last = last->next)
			;
		if (dst->pool->blocks == NULL) {
			dst->pool->blocks = src->pool->blocks;
		} else {
			last->next = dst->pool->blocks->next;
			dst->pool->blocks->next = src->pool->blocks;
		}
		src->pool->blocks = NULL;
	}
}

size_t
eb_table_add_meta(struct eb_table *t, const struct eb_run_meta *m)
{
	eb_xgrow(&t->meta, &t->capmeta, t->nmeta + 1, sizeof *t->meta);
	t->meta[t->nmeta] = *m;
	return t->nmeta++;
}

uint64_t
eb_record_key_hash(const struct eb_record *r, unsigned ignore)
{
	uint64_t h = (uint64_t)r->block_size * 0x9e3779b97f4a7c15ULL;

	for (int i = 0; i < EB_NFIELDS; i++) {
		if (i == EB_F_SOURCE || (ignore & EB_FIELD_BIT(i)))
			continue;
		h ^= (uint64_t)(uintptr_t)r->f[i];
		h *= 1099511628211ULL;
		h ^= h >> 29;
	}
	return h;
}

int
eb_record_key_equal(const struct eb_record *a, const struct eb_record *b,
    unsigned ignore)
{
	if (a->block_size != b->block_size)
		return 0;
	for (int i = 0; i < EB_NFIELDS; i++)
		if (i != EB_F_SOURCE && !(ignore & EB_FIELD_BIT(i)) && a->f[i] != b->f[i])
			return 0;
	return 1;
}

static int
is_digit(char c)
{
	return c >= '0' && c <= '9';
}

static int
digit_run_cmp(const char **a, const char **b)
{
	const char *x = *a, *y = *b, *ex, *ey;
	size_t lx, ly;

	while (*x == '0' && is_digit(x[1]))
		x++;
	while (*y == '0' && is_digit(y[1]))
		y++;
	for (ex = x; is_digit(*ex); ex++)
		;
	for (ey = y; is_digit(*ey); ey++)
		;
	*a = ex;
	*b = ey;
	lx = (size_t)(ex - x);
	ly = (size_t)(ey - y);
	if (lx != ly)
		return lx < ly ? -1 : 1;
	return strncmp(x, y, lx);
}

int
eb_natural_prefix(const char **a, const char **b)
{
	const char *x = *a, *y = *b;
	int c = 0;

	while (*x && *y && c == 0) {
		if (is_digit(*x) && is_digit(*y))
			c = digit_run_cmp(&x, &y);
		else if (*x != *y)
			break;
		else {
			x++;
			y++;
		}
	}
	*a = x;
	*b = y;
	return c;
}

int
eb_natural_cmp(const char *a, const char *b)
{
	int c = eb_natural_prefix(&a, &b);

	if (c != 0)
		return c;
	if (*a && *b)
		return (unsigned char)*a < (unsigned char)*b ? -1 : 1;
	return *a ? 1 : *b ? -1 : 0;
}

struct rep_slot {
	const struct eb_record *key;
	int last;
};

static struct rep_slot *
rep_find(struct rep_slot *slots, size_t n, const struct eb_record *r)
{
	size_t j = eb_record_key_hash(r, 0) & (n - 1);

	while (slots[j].key != NULL && !eb_record_key_equal(slots[j].key, r, 0))
		j = (j + 1) & (n - 1);
	if (slots[j].key == NULL)
		slots[j].key = r;
	return &slots[j];
}

void
eb_table_number_reps(struct eb_table *t, size_t from)
{
	size_t n = 16, unnumbered;
	struct rep_slot *slots;

	/* results.csv brings its reps along: then there is nothing to number,
	 * and no reason to hash a million records. */
	for (unnumbered = from; unnumbered < t->n && t->rows[unnumbered].rep != 0;
	    unnumbered++)
		;
	if (unnumbered == t->n)
		return;
	while (n < t->n * 2)
		n *= 2;
	slots = eb_xcalloc(n, sizeof *slots);
	for (size_t i = 0; i < t->n; i++) {
		struct rep_slot *s = rep_find(slots, n, &t->rows[i]);

		if (t->rows[i].rep > s->last)
			s->last = t->rows[i].rep;
	}
	for (size_t i = from; i < t->n; i++) {
		if (t->rows[i].rep == 0) {
			struct rep_slot *s = rep_find(slots, n, &t->rows[i]);

			t->rows[i].rep = ++s->last;
		}
	}
	free(slots);
}

enum eb_status
eb_table_set(struct eb_table *t, size_t from, const char *column,
    const char *value, struct eb_err *err)
{
	struct eb_loc none = { 0 };
	int c = eb_column_lookup(column);
	int field = eb_column_field(c);

	if (c < 0)
		return eb_err_set(err, EB_ERR_USAGE, none,
		    "unknown column '%s' (columns: release, host, config, mode, "
		    "tool, job, workload, op, block_size, metric, unit, rep)", column);
	if (field >= 0) {
		const char *s = eb_intern_cstr(t, value);

		for (size_t i = from; i < t->n; i++)
			t->rows[i].f[field] = s;
		for (size_t i = 0; i < t->nuntimed; i++)
			if (t->untimed[i].row == (size_t)-1 ? from == 0 : t->untimed[i].row >= from)
				t->untimed[i].key.f[field] = s;
		return EB_OK;
	}
	if (c == EB_C_BLOCK_SIZE || c == EB_C_REP) {
		char *end;
		long long v = strtoll(value, &end, 10);

		if (end == value || *end != '\0' || v < (c == EB_C_REP) ||
		    (c == EB_C_REP && v > 1000000000))
			return eb_err_set(err, EB_ERR_USAGE, none,
			    "%s must be a whole number%s, not '%s'", column,
			    c == EB_C_REP ? " from 1" : " of bytes", value);
		for (size_t i = from; i < t->n; i++) {
			if (c == EB_C_REP)
				t->rows[i].rep = (int)v;
			else
				t->rows[i].block_size = v;
		}
		for (size_t i = 0; c == EB_C_BLOCK_SIZE && i < t->nuntimed; i++)
			if (t->untimed[i].row == (size_t)-1 ? from == 0 : t->untimed[i].row >= from)
				t->untimed[i].key.block_size = v;
		return EB_OK;
	}
	return eb_err_set(err, EB_ERR_USAGE, none,
	    "column '%s' comes from the data and cannot be set", column);
}

int
eb_metric_higher_is_better(const char *metric)
{
	return strcmp(metric, "bw") == 0 || strcmp(metric, "iops") == 0 ||
	    strcmp(metric, "ops") == 0;
}

void
eb_ascii_lower(char *s)
{
	for (; *s; s++)
		if (*s >= 'A' && *s <= 'Z')
			*s = (char)(*s - 'A' + 'a');
}

int
eb_ascii_ieq(const char *a, const char *b)
{
	for (; *a && *b; a++, b++) {
		char x = *a, y = *b;

		if (x >= 'A' && x <= 'Z')
			x = (char)(x - 'A' + 'a');
		if (y >= 'A' && y <= 'Z')
			y = (char)(y - 'A' + 'a');
		if (x != y)
			return 0;
	}
	return *a == *b;
}
