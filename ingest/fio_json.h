/* fio_json.h - the position index of fio JSON documents (fio_json_map.c),
 * which the fio-json parser consults for every line it names. */
#ifndef EB_FIO_JSON_H
#define EB_FIO_JSON_H

#include <stddef.h>
#include <stdint.h>

/* ---- where each value is: jansson keeps no positions, so a second pass
 * over the text maps the hash of every path (jobs/3/read/bw_bytes) to the
 * line of its value, the last duplicate winning as it does in jansson. */

struct eb_fio_json_map {
	uint64_t *keys;		/* 0 = empty slot */
	long *lines;
	size_t cap, n;
	/* Paths given twice. fio repeats keys where they do no harm (a job
	 * option given twice, such as "filename" in fio 2.17; percentiles
	 * that round to one "0.00" in 2.1.4), so a repeated key is only an
	 * error for a figure that is read (figure()). */
	uint64_t *dups;
	size_t ndups, capdups;
};

/* The hash of the document's root path; paths below it go by key or index. */
#define EB_FIO_JSON_ROOT 0xcbf29ce484222325ULL

uint64_t eb_fio_json_key(uint64_t h, const char *key);
uint64_t eb_fio_json_idx(uint64_t h, size_t i);
/* Indexes the n bytes at s, a document jansson has already accepted, whose
 * first byte is on the given line. */
void eb_fio_json_map_doc(struct eb_fio_json_map *m, const char *s, size_t n, long line);
/* Whether the path was given more than once. */
int eb_fio_json_map_dup(const struct eb_fio_json_map *m, uint64_t key);
/* The line of the path's value, dflt when it was not recorded. */
long eb_fio_json_map_get(const struct eb_fio_json_map *m, uint64_t key, long dflt);
void eb_fio_json_map_free(struct eb_fio_json_map *m);

#endif
