/* bonnie.c - bonnie++ CSV lines of every format version, and what both
 * bonnie++ parsers share: cells, sizes and chunks as bonnie++ prints them. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "bonnie.h"

#define MAX_FIELDS 64

struct field {
	const char *s;
	size_t n;
};

/* Where a CSV layout keeps each thing; -1 where it has nothing. Positions
 * were read from the data bon_time.cpp writes, not from bon_csv2html's
 * documentation, which swaps two 1.98 columns (FORMATS A.2). */
struct layout {
	const char *name;
	int nfields;
	int version, name_f, size, chunk, io0, nfiles, files0, lat0, seed, conc;
};

enum { L_10X, L_2, L_196, L_198 };

static const struct layout layouts[] = {
	/* 1.00-1.03e: no format field; a non-default chunk rides on the
	 * size ("1G:4k"), and there are no latencies. */
	{ "1.0x", 27, -1, 0, 1, -1, 2, 14, 15, -1, -1, -1 },
	/* The 1.90-1.95 development series wrote a literal "2" first. */
	{ "2", 45, 1, 2, 3, 4, 5, 17, 21, 33, -1, -1 },
	/* The seed (pid ^ time() of the bonnie++ process, or -z) tells a
	 * run apart from every other but those of one -x. */
	{ "1.96/1.97", 48, 1, 2, 5, 6, 7, 19, 24, 36, 4, 3 },
	/* 1.98 (bonnie++ 1.98, 2.00, 2.00a) put the seek count and the seeker
	 * processes after the chunk, which 2.00a never writes. */
	{ "1.98", 50, 1, 2, 5, 6, 9, 21, 26, 38, 4, 3 },
};

static int
isdig(char c)
{
	return c >= '0' && c <= '9';
}

static int
isblank_(char c)
{
	return c == ' ' || c == '\t';
}

size_t
eb_bonnie_unquote(const char *s, size_t n)
{
	size_t i = 0, end = 0;

	/* Mail quoting: ">", "> >", ">>" before the text. The blanks after the
	 * last '>' stay, so that every line of a quoted table keeps the same
	 * offset ("> >fslab3" and "> >     60:32:32" in xfs-list-2013). */
	while (i < n && s[i] == '>') {
		end = ++i;
		if (i + 1 < n && s[i] == ' ' && s[i + 1] == '>')
			i++;
	}
	return end;
}

size_t
eb_bonnie_rtrim(const char *s, size_t n)
{
	while (n > 0 && (isblank_(s[n - 1]) || s[n - 1] == '\r'))
		n--;
	return n;
}

/* [0-9]+(.[0-9]+)? and nothing else; a figure bonnie++ could print. */
static int
plain_number(const char *s, size_t n, double *v, int *decimals)
{
	size_t i = 0, d = 0;

	while (i < n && isdig(s[i]))
		i++;
	if (i == 0 || i > 15)
		return 0;
	if (i < n && s[i] == '.') {
		i++;
		while (i < n && isdig(s[i])) {
			i++;
			d++;
		}
		if (d == 0 || d > 6)
			return 0;
	}
	if (i != n || eb_parse_number(s, n, v) != n || !isfinite(*v))
		return 0;
	if (decimals != NULL)
		*decimals = (int)d;
	return 1;
}

static int
all_plus(const char *s, size_t n)
{
	if (n == 0 || n > 5)
		return 0;
	for (size_t i = 0; i < n; i++)
		if (s[i] != '+')
			return 0;
	return 1;
}

/* A rate or %CPU cell of a CSV line: empty (not run), pluses (too fast)
 * or a plain number. */
static int
csv_cell(const struct field *f, struct eb_bonnie_cell *c)
{
	int dec;

	memset(c, 0, sizeof *c);
	if (f->n == 0)
		return 1;
	if (all_plus(f->s, f->n)) {
		c->st = EB_BONNIE_FAST;
		return 1;
	}
	if (!plain_number(f->s, f->n, &c->v, &dec))
		return 0;
	c->st = EB_BONNIE_VALUE;
	c->tol = 0.5 * pow(10, -dec);
	return 1;
}

int
eb_bonnie_text_cell(const char *s, size_t n, int cpu, struct eb_bonnie_cell *c)
{
	double mult = 1;
	int dec;

	memset(c, 0, sizeof *c);
	/* Tables print five pluses for a rate and three for a %CPU: fewer
	 * are a cut cell. */
	if (all_plus(s, n)) {
		c->st = EB_BONNIE_FAST;
		return n == (cpu ? 3u : 5u);
	}
	/* bonnie++ 1.98 made tables print KiB/s as "%4dk" below 10000 K/s,
	 * then "%4.1fm"/"%4dm" MiB/s, then "%4.1fg" GiB/s, so that NVMe
	 * figures fit; the CSV line kept K/s. */
	if (!cpu && n > 1 && (s[n - 1] == 'k' || s[n - 1] == 'm' || s[n - 1] == 'g')) {
		mult = s[n - 1] == 'k' ? 1 : s[n - 1] == 'm' ? 1024 : 1024.0 * 1024;
		n--;
	}
	if (!plain_number(s, n, &c->v, &dec) || (cpu && dec > 0))
		return 0;
	c->v *= mult;
	c->tol = 0.5 * pow(10, -dec) * mult + (mult > 1 ? 1 : 0);
	c->st = EB_BONNIE_VALUE;
	return 1;
}

int
eb_bonnie_latency(const char *s, size_t n, struct eb_bonnie_cell *c)
{
	size_t i = 0;
	double scale;

	memset(c, 0, sizeof *c);
	while (i < n && isdig(s[i]))
		i++;
	if (i == 0 || i > 15)
		return 0;
	/* bonnie++ picks the unit by magnitude and truncates: us below 0.1 s,
	 * ms below 100 s, whole seconds above. It never writes ns (the
	 * bonnie++ 2.00a binary holds "%dus" and "%dms" alone): "24041ns" is
	 * a damaged "us", a latency a thousand times too small. */
	if (n - i == 2 && memcmp(s + i, "us", 2) == 0)
		scale = 1e3;
	else if (n - i == 2 && memcmp(s + i, "ms", 2) == 0)
		scale = 1e6;
	else if (n - i == 1 && s[i] == 's')
		scale = 1e9;
	else
		return 0;
	if (!plain_number(s, i, &c->v, NULL))
		return 0;
	c->v *= scale;
	c->tol = 0.5 * scale;
	c->st = EB_BONNIE_VALUE;
	return 1;
}

int64_t
eb_bonnie_chunk(const char *s, size_t n)
{
	int64_t v = 0;
	size_t i = 0;

	while (i < n && isdig(s[i]) && i < 9)
		v = v * 10 + (s[i++] - '0');
	if (i == 0)
		return -1;
	if (i + 1 == n && (s[i] == 'k' || s[i] == 'K'))
		return v * 1024;
	if (i + 1 == n && (s[i] == 'm' || s[i] == 'M'))
		return v * 1024 * 1024;
	return i == n ? v : -1;
}

int
eb_bonnie_kmg_version(const char *v)
{
	double x;
	size_t n = strlen(v), k;

	if (n == 0)
		return 0;
	k = eb_parse_number(v, n, &x);
	if (k == 0 || (k < n && v[k] != '.' && !(v[k] >= 'a' && v[k] <= 'z')))
		return 0;
	return x >= 1.98 - 1e-9;
}

/* "1.96", "2.00a", "2": what bonnie++ writes in its version fields. */
static int
versionlike(const struct field *f)
{
	size_t i = 0;

	if (f->n == 0 || f->n > 8)
		return 0;
	while (i < f->n && isdig(f->s[i]))
		i++;
	if (i == 0)
		return 0;
	while (i < f->n && f->s[i] == '.') {
		size_t d = ++i;

		while (i < f->n && isdig(f->s[i]))
			i++;
		if (i == d)
			return 0;
	}
	if (i < f->n && f->s[i] >= 'a' && f->s[i] <= 'z')
		i++;
	return i == f->n;
}

static int
feq(const struct field *f, const char *s)
{
	return f->n == strlen(s) && memcmp(f->s, s, f->n) == 0;
}

/* A file size as bonnie++ prints it: "512M", "63G", and in 1.0x CSV and
 * all text tables ":chunk" and more after it ("64G:4k::65536"). */
int
eb_bonnie_is_size(const char *s, size_t n)
{
	size_t i = 0;

	while (i < n && isdig(s[i]))
		i++;
	if (i == 0 || i >= n || (s[i] != 'M' && s[i] != 'G'))
		return 0;
	if (++i == n)
		return 1;
	if (s[i] != ':')
		return 0;
	for (; i < n; i++)
		if (!(isdig(s[i]) || s[i] == ':' || s[i] == 'k' || s[i] == 'm'))
			return 0;
	return 1;
}

/* The file count: "16", and in 1.0x "16:1000:10/4" or "16:link". */
int
eb_bonnie_is_files(const char *s, size_t n)
{
	size_t i = 0;

	while (i < n && isdig(s[i]))
		i++;
	if (i == 0)
		return 0;
	for (; i < n; i++)
		if (!(isdig(s[i]) || s[i] == ':' || s[i] == '/' ||
		    (s[i] >= 'a' && s[i] <= 'z')))
			return 0;
	return 1;
}

void
eb_bonnie_files_fields(const char *const v[4], const size_t len[4], char *out, size_t outlen)
{
	int k[4];

	for (int i = 0; i < 4; i++)
		k[i] = v[i] != NULL && len[i] > 0 ? (int)(len[i] < 20 ? len[i] : 20) : 0;
	snprintf(out, outlen, "%.*s:%.*s:%.*s/%.*s", k[0], k[0] ? v[0] : "",
	    k[1] ? k[1] : 1, k[1] ? v[1] : "0", k[2] ? k[2] : 1, k[2] ? v[2] : "0",
	    k[3] ? k[3] : 1, k[3] ? v[3] : "0");
}

void
eb_bonnie_files_cell(const char *s, size_t n, char *out, size_t outlen)
{
	const char *v[4] = { NULL, NULL, NULL, NULL };
	size_t len[4] = { 0, 0, 0, 0 }, i = 0;
	int part = 0;

	/* num[:max[:min]][/dirs]: each a run of digits. */
	v[0] = s;
	for (; i < n; i++) {
		if (isdig(s[i])) {
			len[part]++;
			continue;
		}
		if (s[i] == ':' && part < 2)
			part++;
		else if (s[i] == '/' && part < 3)
			part = 3;
		else
			break;
		v[part] = s + i + 1;
	}
	if (i < n || len[0] == 0) {
		snprintf(out, outlen, "%.*s", (int)(n < 40 ? n : 40), s);
		return;
	}
	eb_bonnie_files_fields(v, len, out, outlen);
}

static int
split(const char *s, size_t n, struct field *f)
{
	size_t nf = 0, start = 0;

	for (size_t i = 0; i <= n; i++) {
		if (i == n || s[i] == ',') {
			if (nf == MAX_FIELDS)
				return -1;
			f[nf].s = s + start;
			f[nf].n = i - start;
			nf++;
			start = i + 1;
		}
	}
	return (int)nf;
}

/* Which layout the fields are in, with the 47 fields of 1.96 -s 0 made
 * 48; -1 when none. */
static int
layout_of(struct field *f, int *nf)
{
	if (*nf == 50 && feq(&f[0], "1.98"))
		return L_198;
	if (*nf == 48 && (feq(&f[0], "1.96") || feq(&f[0], "1.97")))
		return L_196;
	/* bonnie++ 1.96 run with -s 0 wrote one comma too few for the empty
	 * IO block, so everything from num_files on sits one column left;
	 * 1.97 fixed it and bumped the format (xfs-list-2013 fslab3). */
	if (*nf == 47 && feq(&f[0], "1.96")) {
		for (int i = 5; i < 18; i++)
			if (f[i].n != 0)
				return -1;
		memmove(&f[6], &f[5], 42 * sizeof *f);
		f[5].n = 0;
		*nf = 48;
		return L_196;
	}
	if (*nf == 45 && feq(&f[0], "2"))
		return L_2;
	if (*nf == 27 && !versionlike(&f[1]))
		return L_10X;
	return -1;
}

/* Fills r from fields of layout l; on failure *bad is the wrong field. */
static int
map_fields(int li, const struct field *f, struct eb_bonnie_run *r, int *bad)
{
	const struct layout *l = &layouts[li];
	const struct field *size = &f[l->size];
	size_t sizelen = size->n;
	int any_io = 0, any_files = 0;

	for (int t = 0; t < EB_BONNIE_NTESTS; t++) {
		int at = t < EB_BONNIE_NIO ? l->io0 + 2 * t : l->files0 + 2 * (t - EB_BONNIE_NIO);

		if (!csv_cell(&f[at], &r->rate[t])) {
			*bad = at;
			return 0;
		}
		if (!csv_cell(&f[at + 1], &r->cpu[t])) {
			*bad = at + 1;
			return 0;
		}
		if (l->lat0 >= 0 && f[l->lat0 + t].n > 0 &&
		    !eb_bonnie_latency(f[l->lat0 + t].s, f[l->lat0 + t].n, &r->lat[t])) {
			*bad = l->lat0 + t;
			return 0;
		}
		if (f[at].n > 0 || f[at + 1].n > 0) {
			if (t < EB_BONNIE_NIO)
				any_io = 1;
			else
				any_files = 1;
		}
	}
	if (size->n > 0 && !eb_bonnie_is_size(size->s, size->n)) {
		*bad = l->size;
		return 0;
	}
	if (f[l->nfiles].n > 0 && !eb_bonnie_is_files(f[l->nfiles].s, f[l->nfiles].n)) {
		*bad = l->nfiles;
		return 0;
	}
	r->has_io = size->n > 0 || any_io;
	r->has_files = f[l->nfiles].n > 0 || any_files;
	r->has_io_lat = l->lat0 >= 0 && r->has_io;
	r->has_file_lat = l->lat0 >= 0 && r->has_files;
	if (memchr(size->s, ':', size->n) != NULL)
		sizelen = (size_t)((const char *)memchr(size->s, ':', size->n) - size->s);
	if (sizelen < sizeof r->size)
		memcpy(r->size, size->s, sizelen);
	if (l->version >= 0 && f[l->version].n < sizeof r->version)
		memcpy(r->version, f[l->version].s, f[l->version].n);
	if (f[l->name_f].n > 0)
		r->name = eb_xstrndup(f[l->name_f].s, f[l->name_f].n);
	if (l->seed >= 0 && f[l->seed].n < sizeof r->seed)
		memcpy(r->seed, f[l->seed].s, f[l->seed].n);
	/* -c (1.96 on) is the fourth field; 1.0x had no -c and ran one
	 * process, the "2" series does not write it. */
	if (l->conc >= 0 && (r->concurrency = eb_bonnie_concurrency(f[l->conc].s,
	    f[l->conc].n)) <= 0) {
		*bad = l->conc;
		return 0;
	}
	if (li == L_10X)
		r->concurrency = 1;
	if (r->has_files && li == L_10X) {
		eb_bonnie_files_cell(f[l->nfiles].s, f[l->nfiles].n, r->files, sizeof r->files);
	} else if (r->has_files) {
		/* 1.96 on: num_files, max_size, min_size, num_dirs, each its
		 * own field before the file tests (the "2" series stops at
		 * num_dirs). */
		const char *v[4];
		size_t len[4];

		for (int i = 0; i < 4; i++) {
			int at = l->nfiles + i;

			v[i] = at < l->files0 ? f[at].s : NULL;
			len[i] = at < l->files0 ? f[at].n : 0;
		}
		eb_bonnie_files_fields(v, len, r->files, sizeof r->files);
	}

	r->chunk = r->has_io ? EB_BONNIE_DEFAULT_CHUNK : 0;
	if (li == L_10X && sizelen < size->n) {
		/* 1.03 appends ":4k" to the size for a non-default chunk. */
		const char *c = size->s + sizelen + 1;
		size_t cn = 0;

		while (cn < size->n - sizelen - 1 && c[cn] != ':')
			cn++;
		if ((r->chunk = eb_bonnie_chunk(c, cn)) <= 0) {
			*bad = l->size;
			return 0;
		}
	} else if (l->chunk >= 0 && f[l->chunk].n > 0) {
		if ((r->chunk = eb_bonnie_chunk(f[l->chunk].s, f[l->chunk].n)) <= 0) {
			*bad = l->chunk;
			return 0;
		}
	} else if (li == L_198) {
		/* bonnie++ 2.00a writes the separator of io_chunk_size but never
		 * its value, so -s 512:4k and the default look alike; only the
		 * run's text table can tell. */
		r->chunk = 0;
		r->chunk_unknown = r->has_io;
	}
	if (!r->has_io && !r->has_files) {
		*bad = -1;
		return 0;
	}
	return 1;
}

int
eb_bonnie_concurrency(const char *s, size_t n)
{
	int c = 0;

	if (n == 0 || n > 4)
		return 0;
	for (size_t i = 0; i < n; i++) {
		if (!isdig(s[i]))
			return 0;
		c = c * 10 + (s[i] - '0');
	}
	return c;
}

/* The two version fields of a known CSV format ("1.97,1.97,", "2,1.93c,"),
 * whatever the field count. */
static int
versioned(const struct field *f)
{
	return (feq(&f[0], "1.96") || feq(&f[0], "1.97") || feq(&f[0], "1.98") ||
	    feq(&f[0], "2")) && versionlike(&f[1]);
}

/* A cell of a 1.0x result line: empty, a figure, or the pluses of one
 * too fast to measure. */
static int
cell_10x(const struct field *c)
{
	size_t i = 0, digits = 0;

	if (c->n == 0)
		return 1;
	if (c->s[0] == '+') {
		while (i < c->n && c->s[i] == '+')
			i++;
		return i == c->n;
	}
	for (; i < c->n && isdig(c->s[i]); i++)
		digits++;
	if (i < c->n && c->s[i] == '.')
		for (i++; i < c->n && isdig(c->s[i]); i++)
			digits++;
	return i == c->n && digits > 0;
}

/* Whether a line that no 1.0x layout takes looks like a 1.0x result line
 * that was cut or damaged: a size with its unit second ("1G", "8096M",
 * "300M:4k"), as only bonnie++ writes it, and figures after it but for
 * one or two. 1.0x lines have no version field, and a walk that took such
 * a line for no output would lose the run it holds without a word. */
static int
like_10x(const struct field *f, int nf)
{
	const struct field *size = &f[1];
	size_t i = 0;
	int bad = 0, figures = 0;

	if (nf < 10 || nf > 40)
		return 0;
	while (i < size->n && isdig(size->s[i]))
		i++;
	if (i == 0 || i == size->n || strchr("KkMmGgTt", size->s[i]) == NULL)
		return 0;
	if (++i < size->n && size->s[i] != ':')
		return 0;
	for (int k = 2; k < nf; k++) {
		bad += !cell_10x(&f[k]);
		figures += f[k].n > 0 && cell_10x(&f[k]);
	}
	return bad <= 2 && figures >= 6;
}

static int
is_header(const struct field *f, int nf)
{
	/* -x prints a header line: "name,file_size,..." in 1.0x and
	 * "format_version,bonnie_version,..." from 1.96 on. 2.00a still prints
	 * the 48 names of 1.97 above its 50-field lines, so columns are never
	 * mapped by it. */
	return nf >= 10 && (feq(&f[0], "format_version") ||
	    (feq(&f[0], "name") && feq(&f[1], "file_size")));
}

/* The content of a line: past quoting and indentation, without trailing
 * blanks. */
static const char *
content(const char *line, size_t len, size_t *n)
{
	size_t off = eb_bonnie_unquote(line, len);

	while (off < len && isblank_(line[off]))
		off++;
	*n = eb_bonnie_rtrim(line + off, len - off);
	return line + off;
}

static size_t
count_commas(const char *s, size_t n)
{
	size_t c = 0;

	for (size_t i = 0; i < n; i++)
		c += s[i] == ',';
	return c;
}

enum eb_bonnie_csv_kind
eb_bonnie_csv_kind(const char *line, size_t len)
{
	struct field f[MAX_FIELDS];
	struct eb_bonnie_run r;
	size_t n;
	const char *s = content(line, len, &n);
	int nf, li, bad, ok;

	if (count_commas(s, n) < 9)
		return EB_BONNIE_CSV_NONE;
	if ((nf = split(s, n, f)) < 0)
		return EB_BONNIE_CSV_NONE;
	if (is_header(f, nf))
		return EB_BONNIE_CSV_HEADER;
	if ((li = layout_of(f, &nf)) < 0)
		return versioned(f) ? EB_BONNIE_CSV_BROKEN : like_10x(f, nf) ?
		    EB_BONNIE_CSV_BROKEN_10X : EB_BONNIE_CSV_NONE;
	memset(&r, 0, sizeof r);
	ok = map_fields(li, f, &r, &bad);
	free(r.name);
	if (ok)
		return li == L_10X ? EB_BONNIE_CSV_RESULT_10X : EB_BONNIE_CSV_RESULT;
	if (li != L_10X)
		return EB_BONNIE_CSV_BROKEN;
	return like_10x(f, nf) ? EB_BONNIE_CSV_BROKEN_10X : EB_BONNIE_CSV_NONE;
}

struct eb_bonnie_run *
eb_bonnie_add(struct eb_bonnie *b, long lineno)
{
	struct eb_bonnie_run *r;

	eb_xgrow(&b->runs, &b->cap, b->nruns + 1, sizeof *b->runs);
	r = &b->runs[b->nruns++];
	memset(r, 0, sizeof *r);
	r->line = lineno;
	return r;
}

enum eb_status
eb_bonnie_csv_line(struct eb_parse *p, struct eb_bonnie *b, const char *line,
    size_t len, long lineno, int *taken)
{
	struct field f[MAX_FIELDS];
	struct eb_bonnie_run *r;
	size_t n;
	const char *s = content(line, len, &n);
	int nf, li, bad = 0;

	*taken = 0;
	if (n > 0)
		b->last_line = lineno;
	if (count_commas(s, n) < 9 || (nf = split(s, n, f)) < 0)
		return EB_OK;
	if (is_header(f, nf)) {
		*taken = 1;
		if (b->first_sign == 0)
			b->first_sign = lineno;
		return EB_OK;
	}
	if ((li = layout_of(f, &nf)) < 0) {
		int old = !versioned(f);

		if (old && !like_10x(f, nf))
			return EB_OK;
		/* Old mail wraps long lines; half a line must not become half
		 * a result. */
		*taken = 1;
		if (b->first_sign == 0)
			b->first_sign = lineno;
		b->broken_line = lineno;
		eb_diag(p->diag, EB_WARNING, eb_parse_loc(p, lineno),
		    "bonnie++ CSV line of format %.*s with %d fields, which no "
		    "bonnie++ writes (wrapped or cut?); skipped",
		    old ? 4 : (int)(f[0].n > 8 ? 8 : f[0].n), old ? "1.0x" : f[0].s, nf);
		return EB_OK;
	}
	r = eb_bonnie_add(b, lineno);
	if (!map_fields(li, f, r, &bad)) {
		struct eb_loc loc = eb_parse_loc(p, lineno);

		free(r->name);
		b->nruns--;
		/* 27 fields alone do not make a line bonnie++'s; a size with
		 * its unit and figures around the bad one do. */
		if (li == L_10X && !like_10x(f, nf))
			return EB_OK;
		*taken = 1;
		if (b->first_sign == 0)
			b->first_sign = lineno;
		if (bad < 0) {
			b->broken_line = lineno;
			eb_diag(p->diag, EB_WARNING, loc,
			    "bonnie++ CSV line without a single figure; skipped");
			return EB_OK;
		}
		loc.col = (long)(f[bad].s - line) + 1;
		return eb_err_set(p->err, EB_ERR_DATA, loc,
		    "bonnie++ %s CSV field %d holds '%.*s', which bonnie++ never "
		    "writes there", layouts[li].name, bad + 1,
		    (int)(f[bad].n > 40 ? 40 : f[bad].n), f[bad].s);
	}
	*taken = 1;
	if (b->first_sign == 0)
		b->first_sign = lineno;
	/* A line cut just after a comma can have the right field count. The
	 * random deletes, when they ran, fill the last field (their latency
	 * from 1.96 on, their %CPU in 1.0x): empty, the line was cut. So may
	 * be a figure that ends the input without a line end. */
	if ((f[nf - 1].n == 0 && r->rate[EB_BONNIE_RAN_DEL].st != EB_BONNIE_EMPTY) ||
	    (p->unended && n > 0 && (isdig(s[n - 1]) || s[n - 1] == '+'))) {
		free(r->name);
		b->nruns--;
		b->broken_line = lineno;
		eb_diag(p->diag, EB_WARNING, eb_parse_loc(p, lineno), f[nf - 1].n == 0 ?
		    "bonnie++ CSV line whose last field is empty though its random "
		    "deletes ran (cut?); skipped" : "bonnie++ CSV line that ends the "
		    "input without a line end, in a figure that may be cut; skipped "
		    "(end the file with a line end if it is whole)");
		return EB_OK;
	}
	r->csv = 1;
	return EB_OK;
}

