/* relabelled.c - one file's measurements under two run labels: a
 * results.csv whose rows were copied and given another release, config or
 * mode claims one run for two tests, and compares a mode with itself. */
#include <stdlib.h>
#include <string.h>

#include "eb.h"

/* The records one file gave under one run label (release, host, config,
 * mode), summed up: which file, how many, and a digest of what they hold
 * besides the label. */
struct unit {
	uint64_t path;		/* hash of the source's path, its :line[:col] cut */
	uint64_t key;		/* path and label hashed */
	const char *label[4];
	uint64_t digest;
	size_t count, first;
};

static const int labels[4] = { EB_F_RELEASE, EB_F_HOST, EB_F_CONFIG, EB_F_MODE };

static uint64_t
mix(uint64_t h, uint64_t v)
{
	h ^= v + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
	h *= 0xff51afd7ed558ccdULL;
	return h ^ (h >> 33);
}

static uint64_t
bytes_hash(const char *s, size_t n)
{
	uint64_t h = 0xcbf29ce484222325ULL;

	for (size_t i = 0; i < n; i++)
		h = (h ^ (unsigned char)s[i]) * 0x100000001b3ULL;
	return h;
}

/* A record's content but its run label. Strings are hashed by their bytes:
 * the row blocks of a results.csv read on several threads intern them apart. */
static uint64_t
record_hash(const struct eb_record *r)
{
	static const int fields[] = { EB_F_TOOL, EB_F_JOB, EB_F_WORKLOAD, EB_F_OP,
	    EB_F_METRIC, EB_F_UNIT, EB_F_SOURCE };
	uint64_t h = 0x243f6a8885a308d3ULL, bits;

	for (size_t i = 0; i < sizeof fields / sizeof fields[0]; i++)
		h = mix(h, bytes_hash(r->f[fields[i]], strlen(r->f[fields[i]])));
	memcpy(&bits, &r->value, sizeof bits);
	return mix(mix(h, (uint64_t)r->block_size), bits);
}

static int
same_label(const struct unit *u, const struct eb_record *r)
{
	for (int k = 0; k < 4; k++)
		if (strcmp(u->label[k], r->f[labels[k]]) != 0)
			return 0;
	return 1;
}

static int
by_content(const void *a, const void *b)
{
	const struct unit *x = a, *y = b;

	if (x->path != y->path)
		return x->path < y->path ? -1 : 1;
	if (x->count != y->count)
		return x->count < y->count ? -1 : 1;
	if (x->digest != y->digest)
		return x->digest < y->digest ? -1 : 1;
	return x->first < y->first ? -1 : x->first > y->first;
}

static void
describe_label(char *buf, size_t n, const struct unit *u)
{
	static const char *names[4] = { "release", "host", "config", "mode" };
	size_t used = 0;

	buf[0] = '\0';
	for (int k = 0; k < 4 && used < n; k++) {
		int w;

		if (u->label[k][0] == '\0')
			continue;
		w = snprintf(buf + used, n - used, "%s%s '%.40s'", used ? ", " : "",
		    names[k], u->label[k]);
		used = w < 0 ? n : used + (size_t)w;
	}
}

enum eb_status
eb_table_check_relabelled(const struct eb_table *t, struct eb_err *err)
{
	struct unit *units = NULL;
	size_t nunits = 0, cap = 0, nslots = 64, *slots, found = SIZE_MAX, was = 0, plen;
	enum eb_status st = EB_OK;
	int parts;

	slots = eb_xcalloc(nslots, sizeof *slots);
	for (size_t i = 0; i < t->n; i++) {
		const struct eb_record *r = &t->rows[i];
		const char *src = r->f[EB_F_SOURCE];
		uint64_t path, key;
		size_t j;

		/* A source with no line (a generator's name, a hand-made row)
		 * names no place a run was read from. */
		if (src == NULL || (plen = eb_source_path_len(src, &parts), parts == 0))
			continue;
		path = bytes_hash(src, plen);
		key = path;
		for (int k = 0; k < 4; k++)
			key = mix(key, bytes_hash(r->f[labels[k]], strlen(r->f[labels[k]])));
		for (j = key & (nslots - 1); slots[j] != 0; j = (j + 1) & (nslots - 1)) {
			const struct unit *u = &units[slots[j] - 1];

			if (u->key == key && u->path == path && same_label(u, r))
				break;
		}
		if (slots[j] == 0) {
			struct unit *u;

			eb_xgrow(&units, &cap, nunits + 1, sizeof *units);
			u = &units[nunits++];
			memset(u, 0, sizeof *u);
			u->path = path;
			u->key = key;
			for (int k = 0; k < 4; k++)
				u->label[k] = r->f[labels[k]];
			u->first = i;
			slots[j] = nunits;
			if (nunits * 2 > nslots) {
				free(slots);
				nslots *= 4;
				slots = eb_xcalloc(nslots, sizeof *slots);
				/* Rehashed from scratch: units keep their order. */
				for (size_t m = 0; m < nunits; m++) {
					for (j = units[m].key & (nslots - 1); slots[j] != 0;
					    j = (j + 1) & (nslots - 1))
						;
					slots[j] = m + 1;
				}
				for (j = key & (nslots - 1); slots[j] != nunits; j = (j + 1) & (nslots - 1))
					;
			}
		}
		units[slots[j] - 1].count++;
		/* A sum, so that the order the records came in does not matter. */
		units[slots[j] - 1].digest += record_hash(r);
	}
	free(slots);
	if (nunits > 1)
		qsort(units, nunits, sizeof *units, by_content);
	/* Of the units that repeat another, the one read last of its pair and
	 * first in the table is told, beside the one it repeats. */
	for (size_t i = 1; i < nunits; i++) {
		const struct unit *a = &units[i - 1], *b = &units[i];

		if (a->path != b->path || a->count != b->count || a->digest != b->digest)
			continue;
		if (found == SIZE_MAX || b->first < units[found].first) {
			found = i;
			was = i - 1;
			while (was > 0 && units[was - 1].path == b->path &&
			    units[was - 1].count == b->count && units[was - 1].digest == b->digest)
				was--;
		}
	}
	if (found != SIZE_MAX) {
		const struct eb_record *r = &t->rows[units[found].first];
		const struct eb_record *o = &t->rows[units[was].first];
		char now[240], then[240], at[140], count[24];
		struct eb_loc loc = { r->f[EB_F_SOURCE], 0, 0 }, oloc = { o->f[EB_F_SOURCE], 0, 0 };

		if (r->line != 0 && (loc.path = eb_table_read_path(t, units[found].first)) != NULL)
			loc.line = r->line;
		else
			loc.path = r->f[EB_F_SOURCE];
		if (o->line != 0 && (oloc.path = eb_table_read_path(t, units[was].first)) != NULL)
			oloc.line = o->line;
		else
			oloc.path = o->f[EB_F_SOURCE];
		snprintf(count, sizeof count, "%zu ", units[found].count);
		describe_label(now, sizeof now, &units[found]);
		describe_label(then, sizeof then, &units[was]);
		if (oloc.line != 0)
			snprintf(at, sizeof at, "%.100s:%ld", oloc.path, oloc.line);
		else
			snprintf(at, sizeof at, "%.100s", oloc.path);
		st = eb_err_set(err, EB_ERR_DATA, loc, "the %srecord%s read from %.*s under %s "
		    "%s, value for value, the one%s read from it under %s (at %s): one run "
		    "measured one test, so rows copied under another label would compare the "
		    "run with itself; keep the rows under the label of the run that made them",
		    units[found].count == 1 ? "" : count, units[found].count == 1 ? "" : "s",
		    (int)eb_source_path_len(r->f[EB_F_SOURCE], &parts), r->f[EB_F_SOURCE], now,
		    units[found].count == 1 ? "is" : "are", units[found].count == 1 ? "" : "s",
		    then, at);
	}
	free(units);
	return st;
}
