/* fio_json_map.c - where each value of a fio JSON document is: jansson
 * keeps no positions, so a second pass maps each value's path to its line. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ingest.h"
#include "fio_json.h"

/* Deeper than any fio document; the line index stops recording there. */
#define MAX_DEPTH 32

static uint64_t
h_step(uint64_t h, const char *s, size_t n)
{
	h ^= 0x1f;
	h *= 0x100000001b3ULL;
	for (size_t i = 0; i < n; i++) {
		h ^= (unsigned char)s[i];
		h *= 0x100000001b3ULL;
	}
	return h == 0 ? 1 : h;
}

uint64_t
eb_fio_json_key(uint64_t h, const char *key)
{
	return h_step(h, key, strlen(key));
}

uint64_t
eb_fio_json_idx(uint64_t h, size_t i)
{
	char buf[32];
	int n = snprintf(buf, sizeof buf, "#%zu", i);

	return h_step(h, buf, (size_t)n);
}

static void
map_put(struct eb_fio_json_map *m, uint64_t key, long line)
{
	size_t i;

	if ((m->n + 1) * 2 > m->cap) {
		struct eb_fio_json_map big = { 0 };

		big.cap = m->cap ? m->cap * 2 : 1024;
		big.keys = eb_xcalloc(big.cap, sizeof *big.keys);
		big.lines = eb_xcalloc(big.cap, sizeof *big.lines);
		for (size_t k = 0; k < m->cap; k++)
			if (m->keys[k] != 0)
				map_put(&big, m->keys[k], m->lines[k]);
		free(m->keys);
		free(m->lines);
		big.dups = m->dups;
		big.ndups = m->ndups;
		big.capdups = m->capdups;
		*m = big;
	}
	i = key & (m->cap - 1);
	while (m->keys[i] != 0 && m->keys[i] != key)
		i = (i + 1) & (m->cap - 1);
	if (m->keys[i] == 0) {
		m->n++;
	} else {
		eb_xgrow(&m->dups, &m->capdups, m->ndups + 1, sizeof *m->dups);
		m->dups[m->ndups++] = key;
	}
	m->keys[i] = key;
	m->lines[i] = line;
}

int
eb_fio_json_map_dup(const struct eb_fio_json_map *m, uint64_t key)
{
	for (size_t i = 0; i < m->ndups; i++)
		if (m->dups[i] == key)
			return 1;
	return 0;
}

long
eb_fio_json_map_get(const struct eb_fio_json_map *m, uint64_t key, long dflt)
{
	if (m->cap == 0)
		return dflt;
	for (size_t i = key & (m->cap - 1); m->keys[i] != 0; i = (i + 1) & (m->cap - 1))
		if (m->keys[i] == key)
			return m->lines[i];
	return dflt;
}

struct frame {
	uint64_t h;
	int is_arr, norec;
	size_t idx;
};

/* The path of the value at hand: an array element's index or the key. */
static uint64_t
value_hash(const struct frame *top, uint64_t key)
{
	return top->is_arr ? eb_fio_json_idx(top->h, top->idx) : key;
}

/* Indexes a document that jansson has already accepted, so the text is
 * well formed and the scan can be simple. */
static int
ends_scalar(char c)
{
	return c == ',' || c == '}' || c == ']' || c == '\n' || c == ' ' || c == '\t' || c == '\r' ||
	    c == '\0';
}

void
eb_fio_json_map_doc(struct eb_fio_json_map *m, const char *s, size_t n, long line)
{
	struct frame st[MAX_DEPTH + 1];
	int depth = 0, overflow = 0;
	uint64_t key = EB_FIO_JSON_ROOT;
	int have_key = 1;

	/* A pseudo object around the document, whose one key is the root. */
	st[0].h = EB_FIO_JSON_ROOT;
	st[0].is_arr = 0;
	st[0].norec = 0;
	st[0].idx = 0;
	for (size_t i = 0; i < n; i++) {
		char c = s[i];
		struct frame *top = &st[depth];

		if (c == '\n') {
			line++;
		} else if (c == '"') {
			size_t j = i + 1;

			while (j < n && s[j] != '"')
				j += s[j] == '\\' ? 2 : 1;
			if (j > n)
				j = n;
			if (!top->is_arr && !have_key && overflow == 0) {
				key = h_step(top->h, s + i + 1, j - i - 1);
				have_key = 1;
				/* json+ buckets are many and never looked up. */
				if (j - i - 1 == 4 && memcmp(s + i + 1, "bins", 4) == 0)
					key = 0;
			} else if (overflow == 0 && !top->norec && value_hash(top, key) != 0) {
				map_put(m, value_hash(top, key), line);
			}
			i = j;
		} else if (c == '{' || c == '[') {
			uint64_t vh;

			if (overflow > 0 || depth == MAX_DEPTH) {
				overflow++;
				continue;
			}
			vh = value_hash(top, key);
			if (!top->norec && vh != 0)
				map_put(m, vh, line);
			depth++;
			st[depth].h = vh;
			st[depth].is_arr = c == '[';
			st[depth].norec = top->norec || vh == 0;
			st[depth].idx = 0;
			have_key = 0;
		} else if (c == '}' || c == ']') {
			if (overflow > 0) {
				overflow--;
				continue;
			}
			if (depth > 0)
				depth--;
			have_key = 1;
		} else if (c == ',') {
			if (overflow > 0)
				continue;
			if (top->is_arr)
				top->idx++;
			else
				have_key = 0;
		} else if (c == '-' || (c >= '0' && c <= '9') || c == 't' || c == 'f' || c == 'n') {
			if (overflow == 0 && !top->norec && value_hash(top, key) != 0)
				map_put(m, value_hash(top, key), line);
			while (i + 1 < n && !ends_scalar(s[i + 1]))
				i++;
		}
	}
}


void
eb_fio_json_map_free(struct eb_fio_json_map *m)
{
	free(m->keys);
	free(m->lines);
	free(m->dups);
	memset(m, 0, sizeof *m);
}
