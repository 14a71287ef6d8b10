/* sheet.h - what the files of the spreadsheet importer share: cell values
 * and units (sheet_value.c), header words (sheet_header.c), labels
 * (sheet_label.c) and the --map file (sheet_map.c). Internal to ingest/. */
#ifndef EB_SHEET_H
#define EB_SHEET_H

#include "ingest.h"

#include <string.h>

/* ---- ASCII tests the sheet files share, whatever the C locale says */

static inline int
sheet_lower(int c)
{
	return c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c;
}

static inline int
sheet_isdig(int c)
{
	return c >= '0' && c <= '9';
}

/* Whether s is one of the NULL-terminated list. */
static inline int
sheet_in(const char *s, const char *const *list)
{
	for (size_t i = 0; list[i] != NULL; i++)
		if (strcmp(s, list[i]) == 0)
			return 1;
	return 0;
}

/* ---- units and values (sheet_value.c) */

enum eb_sheet_kind {
	EB_SK_NONE,	/* no unit */
	EB_SK_BW,	/* bytes per second */
	EB_SK_IOPS,	/* I/O operations per second */
	EB_SK_OPS,	/* other operations per second (bonnie++ file tests) */
	EB_SK_TIME,	/* a latency */
	EB_SK_PCT,	/* a percentage (CPU use) */
	EB_SK_POWER,	/* watts */
};

/* A unit as written, and how to reach its canonical unit: canonical value
 * = value * 10^exp10 * 2^exp2, which keeps SI and IEC scaling exact. */
struct eb_sheet_unit {
	enum eb_sheet_kind kind;
	int exp10, exp2;
	const char *canon;	/* "B/s", "1/s", "ns", "%", "W" */
};

/* Parses a unit ("MB/s", "MiB/s", "GB/s", "KiB/s", "IOPS", "ms", "%",
 * optionally in parentheses) and returns 1 when it is one we know. */
int eb_sheet_unit_parse(const char *s, size_t n, struct eb_sheet_unit *u);
/* "a bandwidth", "a latency": a unit's kind, as messages say it. */
const char *eb_sheet_kind_phrase(enum eb_sheet_kind k);
/* How many of the n chunks of text at at[i], len[i] (at most 3 are
 * tried), joined, are one unit ("MB / s", "k IOPS"): three, then two,
 * then one; 0 for none. With pct 0, a percentage is no unit. */
size_t eb_sheet_unit_chunks(const char *text, const size_t *at, const size_t *len, size_t n,
    int pct, struct eb_sheet_unit *u);

/* A number as a spreadsheet shows it: digits and where the decimal point
 * goes, with the reading of "1,234" left open until the sheet's decimal
 * separator is known. */
struct eb_sheet_num {
	char digits[48];	/* the mantissa's digits, NUL-terminated */
	int intlen;		/* digits before the decimal point */
	int amb_intlen;		/* the same if the lone separator is decimal */
	char amb_sep;		/* '.' or ',': a lone one before three digits */
	char decimal;		/* the decimal separator the cell proves, or 0 */
	int exp;		/* a written exponent: 2.45E+09 */
	int negative;
};

enum eb_sheet_cellkind {
	EB_SC_EMPTY,		/* nothing but blanks */
	EB_SC_NUMBER,		/* a number, perhaps with a known unit */
	EB_SC_MARKER,		/* a spreadsheet error or "no value" marker */
	EB_SC_TEXT,		/* anything else */
};

struct eb_sheet_cell {
	enum eb_sheet_cellkind kind;
	struct eb_sheet_num num;
	int has_unit;
	struct eb_sheet_unit unit;
	int bad_unit;		/* TEXT: a number, then words that are no unit */
};

void eb_sheet_cell_parse(const char *s, size_t n, struct eb_sheet_cell *c);
/* The number in the canonical unit of u (none: as written), reading an
 * ambiguous separator as decimal when it is the given one. Returns 0 when
 * the result is not a finite number. */
int eb_sheet_value(const struct eb_sheet_num *num, char decimal,
    const struct eb_sheet_unit *u, double *out);
/* s without leading and trailing blanks (ASCII, no-break spaces). */
const char *eb_sheet_trim(const char *s, size_t *n);

/* ---- headers and key cells (sheet_header.c), labels (sheet_label.c) */

/* What a column holds. */
enum eb_sheet_key {
	EB_SH_NONE,		/* nothing encbench knows */
	EB_SH_RELEASE, EB_SH_HOST, EB_SH_CONFIG, EB_SH_MODE, EB_SH_TOOL,
	EB_SH_JOB, EB_SH_WORKLOAD, EB_SH_OP, EB_SH_REP, EB_SH_UNIT,
	EB_SH_METRIC, EB_SH_BLOCK_SIZE,
	EB_SH_VALUE,		/* a measurement: one record per cell */
	EB_SH_IGNORE,		/* skipped on purpose (--map role "ignore") */
	EB_SH_LOAD,		/* the load of a test, part of its job: a column
				 * "QD", "Threads" or "Size" (load_prefix) */
};

enum eb_sheet_stat { EB_ST_NONE, EB_ST_MEAN, EB_ST_MAX, EB_ST_MIN, EB_ST_P99 };

/* Record attributes that a header, a group row, a key cell or the map can
 * give. A NULL field, a kind EB_SK_NONE unit, a 0 block size or rep means
 * "not given here". Strings are static or interned in the table. */
struct eb_sheet_attrs {
	const char *f[EB_NFIELDS];
	struct eb_sheet_unit unit;
	int64_t block_size;
	int rep;
	enum eb_sheet_stat stat;	/* which statistic a latency is */
	int cpu;			/* the header speaks of CPU use */
	enum eb_sheet_kind named;	/* the kind a word of the header names
					 * ("latency", "IOPS", "CPU"), or EB_SK_NONE */
	char load[40];			/* the load a header names: "qd32", "t8" */
	int q_quantile;			/* "Q99" alone: a queue depth, or the 99th
					 * percentile if the figures are latencies */
};

struct eb_sheet_head {
	enum eb_sheet_key key;
	struct eb_sheet_attrs at;	/* for EB_SH_VALUE: what the header says */
	int derived;		/* an overhead, ratio or spread, not a measurement */
	int summary;		/* a measurement header naming an average, median
				 * or total: no run beside the runs it sums up */
	int other_pct;		/* a percentile encbench keeps no metric for */
	int two_units;		/* two units that disagree ("99% (ms)") */
	char two_bs[48];	/* two block sizes named ("4k and 64k"), or "" */
	int reference;		/* an expected, target or theoretical figure */
	int ubuntu;		/* says "Ubuntu": releases are YY.MM */
	int64_t bs_scale;	/* block size column: bytes per unit, or 0; -1
				 * for a unit encbench does not read */
	char bs_unit[24];	/* its unit as written ("KiB", "sectors"), or "" */
	char unread[48];	/* words outside brackets it does not read
				 * ("cold", "best of 3", "O_DIRECT"), or "" */
	char config[48];	/* a configuration it names in brackets, as
				 * eb_config_canonical spells it ("no-aesni"), or "" */
	char release[48];	/* a release it names in brackets, or "" */
	char load_prefix[8];	/* EB_SH_LOAD: "qd", "t", "size", or "size?"
				 * for a "Size" that may be a block size */
};

/* Classifies a header cell. */
void eb_sheet_header_parse(const char *text, struct eb_sheet_head *h);
/* A header's words without its units, case folded and one blank apart
 * ("dd write" for "DD Write (MB/s)"), and the same with each number made
 * "#" (shape), so that numbered runs ("Write 1", "Write 2") share a shape;
 * each of at most n bytes. */
void eb_sheet_header_words(const char *text, char *words, char *shape, size_t n);
/* Adds what the words of a cell in a tool, workload or op column say (or
 * of any descriptive text) to at; returns how many words it knew and sets
 * *unknown to how many it did not. */
int eb_sheet_words(const char *text, struct eb_sheet_attrs *at, int *unknown);
/* The first words of text (a header or a Test cell) outside brackets that
 * the header reader does not know, as written, into buf; "" for none. */
void eb_sheet_words_unread(const char *text, char *buf, size_t n);
/* Whether some words of text are none the header reader knows, beside
 * those that name a test ("QD32", "numjobs=4"). */
int eb_sheet_group_unread(const char *text);
/* Copies every given attribute of src over dst. */
void eb_sheet_attrs_merge(struct eb_sheet_attrs *dst, const struct eb_sheet_attrs *src);
/* The metric of a measurement with those attributes and unit, or NULL when
 * it is a statistic encbench does not import (the maximum of throughputs). */
const char *eb_sheet_metric(const struct eb_sheet_attrs *at, const struct eb_sheet_unit *u);
/* A metric column's word ("throughput", "IOPS", "lat_p99") as a metric name;
 * NULL for an empty cell. */
const char *eb_sheet_metric_name(const char *text, struct eb_table *t);

/* Whether a label names a release ("Ubuntu 23.10", "24.04 LTS") rather
 * than a configuration ("AES-NI off", "2 cores"). */
int eb_sheet_is_release(const char *text);
/* The release label: "Ubuntu 23.10" -> "23.10"; ubuntu says the context is
 * Ubuntu, where Excel's "23.1" was typed as 23.10. Any other text is the
 * label as written, through eb_label_normalize ("FreeBSD 14" -> "freebsd-14"). */
void eb_sheet_release(const char *text, int ubuntu, char *buf, size_t n);
/* The same for text that names a release and nothing else: returns 1 and
 * writes the number, else 0 and writes nothing. */
int eb_sheet_release_number(const char *text, int ubuntu, char *buf, size_t n);
/* The same for a label of any source (--set, meta.json, a --map file):
 * words in brackets or quotes must be code names ("(noble)", "\"Noble
 * Numbat\"") or LTS, else the label is not a release alone. */
int eb_sheet_release_alone(const char *text, char *buf, size_t n);
/* Whether a Release cell's text cannot be the one release label it gave:
 * two releases ("22.04 / 24.04", "22.04-24.04"), a code name of another
 * ("Ubuntu 24.04 (jammy)"), words in brackets that are no code name, LTS
 * or edition ("24.04 (HWE kernel)"), or a '/' or bracket left in the
 * label; returns 1 and writes why. */
int eb_sheet_release_doubt(const char *text, const char *label, char *why, size_t wn);
/* A release title that names a configuration too ("Ubuntu 24.04 No AES-NI",
 * "24.04 (2 cores)"): returns 1 and writes both, as eb_sheet_release and
 * eb_config_canonical spell them; 0 for any other text. */
int eb_sheet_release_config(const char *text, int ubuntu, char *rel, size_t rn,
    char *config, size_t cn);
/* A block size ("4k", "1M", "128 KiB", "4096"), with scale the bytes of a
 * bare number; returns 0 when it is none. */
int64_t eb_sheet_block_size(const char *text, int64_t scale);
/* A test size as a job names it, "size16g" for 16 GiB, into buf. */
void eb_sheet_size_name(int64_t size, char *buf, size_t n);
/* A repetition number ("3", "Run 3", "#3", "r3"); 0 when it is none. */
int eb_sheet_rep(const char *text);
/* A cell or header word that summarises runs rather than being one: the
 * mean sign x\u0304, "all", a range or sum of run numbers ("1-2", "r1-r2",
 * "1\u20133", "1..2", "1+2", "runs 1&2"). */
int eb_sheet_is_rep_summary(const char *text);
/* Rows that summarise others (Average, Median, Stddev, Ø ...). */
int eb_sheet_is_summary(const char *text);
/* Labels of rows computed from others: "Overhead (%)", "Slowdown", "GCM vs
 * none", "Δ", "Speed-up". */
int eb_sheet_is_derived(const char *text);
/* Whether a header scales its numbers ("IOPS (k)", "(MB/s x10)", "IOPS in
 * 1000", "(Tausend)", "IOPS (10k)"): what scales them ("a scale word", "a
 * multiplier", "a power of ten"), with the words that do in tok, or NULL
 * (sheet_scale.c). */
const char *eb_sheet_scale(const char *header, char *tok, size_t n);
/* Whether a header holds words in brackets that it does not read ("(per
 * thread)"): returns 1 with the first such group in tok. */
int eb_sheet_unread_group(const char *header, char *tok, size_t n);

/* ---- the --map file (sheet_map.c) */

struct eb_sheet_map_col {
	char *header;		/* matched against header text; NULL for index */
	long index;		/* 1-based column, or 0 */
	enum eb_sheet_key role;	/* EB_SH_VALUE unless the map says otherwise */
	struct eb_sheet_attrs at;
	int used;
	long line, col;		/* where the map file gives it, or 0 */
};

struct eb_sheet_map_rows {
	long from, to;		/* spreadsheet rows, inclusive; to 0: to the end */
	struct eb_sheet_attrs at;
};

struct eb_sheet_map {
	const char *path;
	long header_row;	/* 0: found by itself */
	char decimal;		/* '.' or ',', or 0 */
	struct eb_sheet_attrs all;
	struct eb_sheet_map_col *cols;
	size_t ncols;
	struct eb_sheet_map_rows *rows;
	size_t nrows;
};

/* Reads a mapping file; strings go into t. Errors carry the map's path and,
 * for JSON syntax, the line and column. */
enum eb_status eb_sheet_map_load(struct eb_sheet_map *m, const char *path,
    struct eb_table *t, struct eb_err *err);
void eb_sheet_map_free(struct eb_sheet_map *m);
/* The entry for the column at index (1-based) with that header, or NULL. */
struct eb_sheet_map_col *eb_sheet_map_column(struct eb_sheet_map *m, long index,
    const char *header);
/* A later entry that names the same column as first does (by number where
 * first names it by header, or the other way), or NULL. */
struct eb_sheet_map_col *eb_sheet_map_again(struct eb_sheet_map *m,
    const struct eb_sheet_map_col *first, long index, const char *header);
/* Normalises header text for matching: blanks collapsed, ASCII lower case. */
void eb_sheet_fold(const char *s, char *buf, size_t n);
/* The same with the case kept, for labels and messages. */
void eb_sheet_squeeze(const char *s, char *buf, size_t n);

#endif
