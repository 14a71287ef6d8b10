/* bonnie.h - what the two bonnie++ parsers share: one run's figures with
 * their states, the CSV line reader, and how runs become tidy records. */
#ifndef EB_BONNIE_H
#define EB_BONNIE_H

#include "ingest.h"

/* The twelve tests, in the order bonnie++ prints them in tables and CSV. */
enum eb_bonnie_test {
	EB_BONNIE_PUTC,
	EB_BONNIE_PUT_BLOCK,
	EB_BONNIE_REWRITE,
	EB_BONNIE_GETC,
	EB_BONNIE_GET_BLOCK,
	EB_BONNIE_SEEKS,
	EB_BONNIE_SEQ_CREATE,
	EB_BONNIE_SEQ_STAT,
	EB_BONNIE_SEQ_DEL,
	EB_BONNIE_RAN_CREATE,
	EB_BONNIE_RAN_STAT,
	EB_BONNIE_RAN_DEL,
	EB_BONNIE_NTESTS
};

/* The first six are the IO tests, the rest the file tests. */
#define EB_BONNIE_NIO 6

/* bonnie++'s default IO chunk, which it leaves out of its output. */
#define EB_BONNIE_DEFAULT_CHUNK 8192

enum eb_bonnie_state {
	EB_BONNIE_EMPTY,	/* not run: no record and no note */
	EB_BONNIE_VALUE,
	EB_BONNIE_FAST,		/* "+++++": ran, too fast to measure */
	EB_BONNIE_GARBAGE,	/* printed, but not a measurement */
};

/* One printed figure: a rate in K/s (IO) or 1/s (seeks, files), a %CPU,
 * or a latency in ns. */
struct eb_bonnie_cell {
	double v;
	double tol;	/* how far from the exact figure the printed one may be */
	enum eb_bonnie_state st;
};

/* One run of bonnie++, as a CSV line or a text table gave it. */
struct eb_bonnie_run {
	char *name;		/* as printed, NULL when none; owned */
	char size[32];		/* file size as printed ("63G"), "" when none */
	char version[16];	/* bonnie++ version, "" when unknown */
	char seed[24];		/* the CSV line's seed (1.96 on), "" when none */
	char files[48];		/* -n as "num:max:min/dirs", "" when unknown */
	int64_t chunk;		/* IO chunk in bytes, 0 when unknown */
	int concurrency;	/* -c, 0 when the output does not tell */
	int chunk_unknown;	/* a CSV line of 1.98 on, no table told its chunk */
	int csv;		/* from a CSV line, so exact */
	int kmg;		/* a table of bonnie++ >= 1.98 (k/m/g units) */
	int has_io, has_files;	/* which halves the output had */
	int has_io_lat, has_file_lat;
	int paired;		/* a table whose CSV line is read instead */
	long line;		/* CSV line, or the first row of a table */
	long io_line, io_lat_line, file_line, file_lat_line;	/* tables */
	struct eb_bonnie_cell rate[EB_BONNIE_NTESTS];
	struct eb_bonnie_cell cpu[EB_BONNIE_NTESTS];
	struct eb_bonnie_cell lat[EB_BONNIE_NTESTS];
};

/* What one input holds so far. */
struct eb_bonnie {
	struct eb_bonnie_run *runs;
	size_t nruns, cap;
	long first_sign;	/* first line that looked like bonnie++ output */
	long broken_line;	/* last CSV line that was skipped */
	long last_line;		/* last line that was not blank */
};

/* What a line is, as far as bonnie++ CSV goes. */
enum eb_bonnie_csv_kind {
	EB_BONNIE_CSV_NONE,	/* not bonnie++ CSV */
	EB_BONNIE_CSV_HEADER,	/* the -x header line of any version */
	EB_BONNIE_CSV_RESULT,	/* a result line with bonnie++'s version fields */
	EB_BONNIE_CSV_RESULT_10X,	/* a 1.0x result line: 27 fields that fit */
	EB_BONNIE_CSV_BROKEN,	/* bonnie++'s version fields, a wrong field count */
	/* no version field, but a size with its unit second and figures
	 * after it: a 1.0x result line cut or damaged */
	EB_BONNIE_CSV_BROKEN_10X,
};

/* The offset where a line's content starts past mail quoting ("> > "). */
size_t eb_bonnie_unquote(const char *s, size_t n);
/* The length of s without trailing blanks and CRs. */
size_t eb_bonnie_rtrim(const char *s, size_t n);

/* Classifies a line (already unquoted) without touching any state. */
enum eb_bonnie_csv_kind eb_bonnie_csv_kind(const char *s, size_t n);
/* Reads a line as bonnie++ CSV. *taken says whether it was one (result,
 * header or a skipped broken line); it fails only on a result line of a
 * known layout that holds something no bonnie++ writes. */
enum eb_status eb_bonnie_csv_line(struct eb_parse *p, struct eb_bonnie *b,
    const char *line, size_t len, long lineno, int *taken);

/* A new zeroed run at the end of b->runs; valid until the next call. */
struct eb_bonnie_run *eb_bonnie_add(struct eb_bonnie *b, long lineno);

/* A file size as bonnie++ prints it ("512M", "63G", "64G:4k::65536"). */
int eb_bonnie_is_size(const char *s, size_t n);
/* A file count as bonnie++ prints it ("16", "60:32:32", "20:384100:384100/20"). */
int eb_bonnie_is_files(const char *s, size_t n);
/* The -n setting of a text table's or 1.0x line's files cell ("16",
 * "1:4096:0/2"), or of 1.96-on CSV fields (num, max, min, dirs; NULL or
 * empty where absent), as "num:max:min/dirs" with bonnie++'s 0 defaults
 * filled in, so that a table and a CSV line of one run give the same text.
 * A cell of another shape ("16:link", bonnie++ 1.0x) is kept as printed. */
void eb_bonnie_files_cell(const char *s, size_t n, char *out, size_t outlen);
void eb_bonnie_files_fields(const char *const v[4], const size_t len[4], char *out,
    size_t outlen);
/* Parses a table cell: a rate (with the k/m/g of 1.98 and later) when cpu
 * is 0, a %CPU when it is 1; pluses are "too fast". Rates come out in K/s. */
int eb_bonnie_text_cell(const char *s, size_t n, int cpu, struct eb_bonnie_cell *c);
/* Parses a latency ("16366us", "104ms", "2s") into *c, in ns. */
int eb_bonnie_latency(const char *s, size_t n, struct eb_bonnie_cell *c);
/* Parses a chunk size as bonnie++ prints it ("4k", "512", "1m"). */
int64_t eb_bonnie_chunk(const char *s, size_t n);
/* Parses -c as bonnie++ prints it ("2"), 0 when it is no count. */
int eb_bonnie_concurrency(const char *s, size_t n);
/* True for version strings of bonnie++ 1.98 and later ("2.00a"). */
int eb_bonnie_kmg_version(const char *v);

/* Pairs tables with CSV lines of the same run, turns every run into
 * records, notes what was too fast to measure, and releases b. Fails with
 * a located error when the input held no result; what names the kind of
 * output looked for. */
enum eb_status eb_bonnie_finish(struct eb_parse *p, struct eb_bonnie *b, int ok,
    const char *what);
void eb_bonnie_free(struct eb_bonnie *b);

#endif
