/* fio_json.h - what the fio-json parser uses: the position index of its
 * documents (fio_json_map.c) and the cross-check of figures (fio_json_check.c). */
#ifndef EB_FIO_JSON_H
#define EB_FIO_JSON_H

#include <stddef.h>
#include <stdint.h>

/* ---- where each value is: jansson keeps no positions, so a second pass
 * over the text maps the hash of every path (jobs/3/read/bw_bytes) to the
 * line of its value, the last duplicate winning as it does in jansson. */

/* json+ documents hold a slot per histogram bucket, so a slot is small. */
struct eb_fio_json_slot {
	uint64_t key;		/* 0 = empty slot */
	long line;		/* of the value jansson keeps, the last */
	uint32_t off;		/* of that value in the document (< 512 MiB) */
	/* 1 + the index in dups of the key's first repetition with another
	 * value, or 0; a repetition with the same text changes nothing. */
	uint32_t dup;
};

struct eb_fio_json_dup {
	long line, col;
};

struct eb_fio_json_map {
	struct eb_fio_json_slot *slots;
	size_t cap, n;
	struct eb_fio_json_dup *dups;
	size_t ndups, capdups;
	const char *text;	/* the document, while it is indexed */
	size_t len;
	long line, col;		/* where its first byte is */
};

/* The hash of the document's root path; paths below it go by key or index. */
#define EB_FIO_JSON_ROOT 0xcbf29ce484222325ULL

uint64_t eb_fio_json_key(uint64_t h, const char *key);
uint64_t eb_fio_json_idx(uint64_t h, size_t i);
/* Indexes the n bytes at s, a document jansson has already accepted, whose
 * first byte is at line:col. */
void eb_fio_json_map_doc(struct eb_fio_json_map *m, const char *s, size_t n, long line,
    long col);
/* Where the path was first repeated with another value, or NULL when it
 * was not. */
const struct eb_fio_json_dup *eb_fio_json_map_dup(const struct eb_fio_json_map *m,
    uint64_t key);
/* The line of the path's value, dflt when it was not recorded. */
long eb_fio_json_map_get(const struct eb_fio_json_map *m, uint64_t key, long dflt);
void eb_fio_json_map_free(struct eb_fio_json_map *m);

/* The first byte of a text that begins no UTF-8 sequence. */
struct eb_fio_json_bad {
	long line, col;
	unsigned char byte;
};

/* ---- the figures of one direction of a job (fio_json_check.c), each
 * negative when the file has none. */
struct eb_fio_json_figs {
	double io;		/* io_bytes as printed */
	int io_kib;		/* io_bytes counts KiB (fio up to 2.20: no io_kbytes, no bw_bytes) */
	double runtime;		/* ms */
	double bw_bytes;	/* B/s, fio 3.2+ */
	double bw_kib;		/* "bw", KiB/s */
	double iops, total_ios;
	double bs;		/* the size of every I/O of the direction, 0 unknown */
};

/* Whether the figures agree as fio computes them from one run's counts;
 * when not, *key is the figure to point at and why says what is wrong. */
int eb_fio_json_figs_agree(const struct eb_fio_json_figs *f, const char **key, char *why,
    size_t n);

/* ---- jobs of one name run with other options (fio_json_opts.c) */
struct json_t;

struct eb_fio_json_job_opts {
	const char *name, *host;	/* NULL when not named */
	struct json_t *jopts, *gopts;	/* "job options", "global options", or NULL */
	long line;
};

/* The index of the first job of v[0, n) that shares its name and host with
 * an earlier one but ran with another value of an option that changes what
 * it measures (rw, bs, direct, ioengine, iodepth, numjobs, size, runtime,
 * rate ...), why saying which and where; -1 when there is none. */
/* Appends the job entry job of a document whose "global options" are gopts
 * (or NULL), its results at line. */
void eb_fio_json_opts_add(struct eb_fio_json_job_opts **v, size_t *n, size_t *cap,
    struct json_t *job, struct json_t *gopts, long line);
long eb_fio_json_opts_clash(const struct eb_fio_json_job_opts *v, size_t n, char *why,
    size_t len);
/* The job's value of each of those options, one "name=value" a line, in
 * one spelling ("bs=4096" for 4k), for jobs of other files (runs.c); the
 * caller frees it. */
char *eb_fio_json_opts_text(const struct eb_fio_json_job_opts *j);

/* ---- one document as fio_json.c reads it, and what its parts share */
struct eb_fio_dstat;
struct json_t;

struct eb_fio_jdoc {
	struct json_t *root;
	long line;		/* of its '{' */
	struct eb_fio_json_map map;
	int snapshot;		/* a --status-interval snapshot of the next */
	long bad_line, bad_col;	/* the first damaged figure, 0 for none */
	char bad[200];		/* and the error about it */
	long twice_line, twice_col;	/* the first option given twice, 0 for none */
	char twice[320];	/* and the warning about it */
};

/* The value of a key encbench reads (o's path being h), failing the
 * document where that key was repeated with another value. */
struct json_t *eb_fio_jd_get(struct eb_fio_jdoc *doc, struct json_t *o, uint64_t h,
    const char *key);
void eb_fio_jd_dup(struct eb_fio_jdoc *doc, uint64_t h, const char *key);
/* A number under key, dflt when there is none or it is no number. */
double eb_fio_jd_num(struct eb_fio_jdoc *doc, struct json_t *o, uint64_t h, const char *key,
    double dflt);
/* A figure fio wrote under key (a number >= 0), dflt when there is none;
 * anything else there fails the document. */
double eb_fio_jd_figure(struct eb_fio_jdoc *doc, struct json_t *o, uint64_t h, const char *key,
    double dflt);
const char *eb_fio_jd_str(struct eb_fio_jdoc *doc, struct json_t *o, uint64_t h,
    const char *key);
/* "an object", "a string", "-0" ... for messages. */
const char *eb_fio_jd_type(const struct json_t *v);
/* Reads the direction object o (path h) of a job whose I/Os of that
 * direction are all bs bytes (0 when they vary or are unknown) into s. */
void eb_fio_json_take_dir(struct eb_fio_jdoc *doc, struct json_t *o, uint64_t h, double bs,
    struct eb_fio_dstat *s);

/* ---- what one job entry says of itself (fio_json_job.c) */
struct eb_parse;
struct eb_fio_job;

/* Notes the job entry's figures (dump, jansson's text of it) apart from its
 * document's time, so that a copy of its run with other time stamps fails
 * (runs.c); entries without latencies are not noted. */
void eb_fio_json_note_figures(struct eb_parse *p, const char *dump, const struct eb_fio_job *j);
/* Warns, unless *told, that j's latencies are total latency (lat_total). */
void eb_fio_json_say_total(struct eb_parse *p, const struct eb_fio_job *j, int *told);
/* Leaves out the reads of a job that reads and writes with verify=,
 * warning unless *told. */
void eb_fio_json_mixed_verify(struct eb_parse *p, struct eb_fio_job *j, int *told);
/* The name of errno code (fio's "error"), or "" for a number that is none. */
const char *eb_fio_errno_name(double code);

struct eb_buf;

/* Replaces each byte of text that begins no UTF-8 sequence with U+FFFD,
 * text's first byte being on first_line; returns how many there were and
 * where the first was. */
size_t eb_fio_json_repair_utf8(struct eb_buf *text, long first_line, struct eb_fio_json_bad *bad);

#endif
