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

/* Where the value at off ends: the text is well formed, so a string ends
 * at its closing quote, a container at its matching bracket, anything else
 * at the next separator. */
static size_t
value_end(const char *s, size_t n, size_t off)
{
	int depth = 0;

	for (size_t i = off; i < n; i++) {
		char c = s[i];

		if (c == '"') {
			for (i++; i < n && s[i] != '"'; i++)
				i += s[i] == '\\';
			if (depth == 0)
				return i + 1 < n ? i + 1 : n;
		} else if (c == '{' || c == '[') {
			depth++;
		} else if (c == '}' || c == ']') {
			if (depth == 0)
				return i;
			if (--depth == 0)
				return i + 1;
		} else if (depth == 0 && (c == ',' || c == ' ' || c == '\n' || c == '\r' ||
		    c == '\t')) {
			return i;
		}
	}
	return n;
}

static long
column(const struct eb_fio_json_map *m, size_t off)
{
	size_t b = off;

	while (b > 0 && m->text[b - 1] != '\n')
		b--;
	return (long)(off - b) + 1 + (b == 0 ? m->col - 1 : 0);
}

/* Records that the path's value begins at line, byte off. A path given
 * again with the same text is harmless; with another text, jansson keeps
 * the last and nothing tells which one fio meant, so the first such
 * repetition is kept for whoever reads the path. */
static void
map_put(struct eb_fio_json_map *m, uint64_t key, long line, uint32_t off)
{
	struct eb_fio_json_slot *sl;
	size_t i;

	if ((m->n + 1) * 2 > m->cap) {
		struct eb_fio_json_slot *old = m->slots;
		size_t oldcap = m->cap;

		m->cap = m->cap ? m->cap * 2 : 1024;
		m->slots = eb_xcalloc(m->cap, sizeof *m->slots);
		for (size_t k = 0; k < oldcap; k++) {
			if (old[k].key == 0)
				continue;
			i = old[k].key & (m->cap - 1);
			while (m->slots[i].key != 0)
				i = (i + 1) & (m->cap - 1);
			m->slots[i] = old[k];
		}
		free(old);
	}
	i = key & (m->cap - 1);
	while (m->slots[i].key != 0 && m->slots[i].key != key)
		i = (i + 1) & (m->cap - 1);
	sl = &m->slots[i];
	if (sl->key == 0) {
		m->n++;
		sl->key = key;
	} else if (sl->dup == 0) {
		size_t a = value_end(m->text, m->len, sl->off) - sl->off;
		size_t b = value_end(m->text, m->len, off) - off;

		if (a != b || memcmp(m->text + sl->off, m->text + off, a) != 0) {
			eb_xgrow(&m->dups, &m->capdups, m->ndups + 1, sizeof *m->dups);
			m->dups[m->ndups].line = line;
			m->dups[m->ndups].col = column(m, off);
			sl->dup = (uint32_t)++m->ndups;
		}
	}
	sl->line = line;
	sl->off = off;
}

static const struct eb_fio_json_slot *
find(const struct eb_fio_json_map *m, uint64_t key)
{
	if (m->cap == 0)
		return NULL;
	for (size_t i = key & (m->cap - 1); m->slots[i].key != 0; i = (i + 1) & (m->cap - 1))
		if (m->slots[i].key == key)
			return &m->slots[i];
	return NULL;
}

const struct eb_fio_json_dup *
eb_fio_json_map_dup(const struct eb_fio_json_map *m, uint64_t key)
{
	const struct eb_fio_json_slot *sl = find(m, key);

	return sl != NULL && sl->dup != 0 ? &m->dups[sl->dup - 1] : NULL;
}

long
eb_fio_json_map_get(const struct eb_fio_json_map *m, uint64_t key, long dflt)
{
	const struct eb_fio_json_slot *sl = find(m, key);

	return sl != NULL ? sl->line : dflt;
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

static int
ends_scalar(char c)
{
	return c == ',' || c == '}' || c == ']' || c == '\n' || c == ' ' || c == '\t' || c == '\r' ||
	    c == '\0';
}

/* Indexes a document that jansson has already accepted, so the text is
 * well formed and the scan can be simple. */
void
eb_fio_json_map_doc(struct eb_fio_json_map *m, const char *s, size_t n, long line, long col)
{
	struct frame st[MAX_DEPTH + 1];
	int depth = 0, overflow = 0;
	uint64_t key = EB_FIO_JSON_ROOT;
	int have_key = 1;

	m->text = s;
	m->len = n;
	m->line = line;
	m->col = col;
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
			} else if (overflow == 0 && !top->norec && value_hash(top, key) != 0) {
				map_put(m, value_hash(top, key), line, (uint32_t)i);
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
				map_put(m, vh, line, (uint32_t)i);
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
				map_put(m, value_hash(top, key), line, (uint32_t)i);
			while (i + 1 < n && !ends_scalar(s[i + 1]))
				i++;
		}
	}
}

void
eb_fio_json_map_free(struct eb_fio_json_map *m)
{
	free(m->slots);
	free(m->dups);
	memset(m, 0, sizeof *m);
}

/* ---- bytes that are not UTF-8: jansson 2.14 refuses the whole document
 * for one ("unable to decode byte 0xff"), though such a byte is only ever
 * seen inside a string, a job name or option fio copied from its job file.
 * Each becomes U+FFFD before parsing, as labels of every other format do;
 * the line count stays, and a column past such a byte on its line counts
 * the three bytes of U+FFFD. */

size_t
eb_fio_json_repair_utf8(struct eb_buf *text, long first_line, struct eb_fio_json_bad *bad)
{
	const char *s = text->data;
	size_t n = text->len, nbad = 0, i = 0, from = 0;
	long line = first_line, bol = 0;
	struct eb_buf out;

	memset(bad, 0, sizeof *bad);
	if (n == 0 || eb_utf8_valid(s, n))
		return 0;
	eb_buf_init(&out, 0);
	while (i < n) {
		unsigned char c = (unsigned char)s[i];
		size_t k = 0;

		if (c == '\n') {
			line++;
			bol = (long)i + 1;
		}
		if (c < 0x80) {
			i++;
			continue;
		}
		for (size_t len = 2; len <= 4 && k == 0 && i + len <= n; len++)
			if (eb_utf8_valid(s + i, len))
				k = len;
		if (k > 0) {
			i += k;
			continue;
		}
		if (nbad++ == 0) {
			bad->line = line;
			bad->col = (long)i - bol + 1;
			bad->byte = c;
		}
		eb_buf_add(&out, s + from, i - from);
		eb_buf_add(&out, "\xEF\xBF\xBD", 3);
		from = ++i;
	}
	eb_buf_add(&out, s + from, n - from);
	eb_buf_cstr(&out);
	eb_buf_free(text);
	*text = out;
	return nbad;
}
