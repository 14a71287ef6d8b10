/* sheet_value.c - the values of spreadsheet cells: numbers as people and
 * exporters type them, the units beside them, and error markers. */
#include <math.h>
#include <string.h>

#include "sheet.h"

/* The length of a blank at s (ASCII blanks; U+00A0, U+202F and U+2009,
 * which French and German number formats group digits with; and a lone
 * 0xA0, the no-break space of Excel's Windows-1252 "CSV" export), or 0. */
static size_t
blank_at(const char *s, size_t n)
{
	const unsigned char *u = (const unsigned char *)s;

	if (n == 0)
		return 0;
	if (u[0] == ' ' || u[0] == '\t' || u[0] == '\n' || u[0] == '\r')
		return 1;
	if (n >= 2 && u[0] == 0xC2 && u[1] == 0xA0)
		return 2;
	if (n >= 3 && u[0] == 0xE2 && u[1] == 0x80 && (u[2] == 0xAF || u[2] == 0x89))
		return 3;
	if (u[0] == 0xA0)
		return 1;
	return 0;
}

const char *
eb_sheet_trim(const char *s, size_t *n)
{
	size_t k;

	while ((k = blank_at(s, *n)) > 0) {
		s += k;
		*n -= k;
	}
	while (*n > 0) {
		const unsigned char *e = (const unsigned char *)s + *n;

		/* A lone 0xA0 after an ASCII byte; after another byte it
		 * ends a UTF-8 character (U+00E0 is C3 A0). */
		if (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\n' || e[-1] == '\r' ||
		    (e[-1] == 0xA0 && (*n == 1 || e[-2] < 0x80)))
			(*n)--;
		else if (*n >= 2 && e[-2] == 0xC2 && e[-1] == 0xA0)
			*n -= 2;
		else if (*n >= 3 && e[-3] == 0xE2 && e[-2] == 0x80 && (e[-1] == 0xAF || e[-1] == 0x89))
			*n -= 3;
		else
			break;
	}
	return s;
}

/* Decimal and binary prefixes, told apart exactly: MB/s is 10^6 bytes per
 * second and MiB/s 2^20, however the rest of the world rounds them. */
static const struct prefix {
	const char *p;
	int e10, e2;
} prefixes[] = {
	{ "ki", 0, 10 }, { "mi", 0, 20 }, { "gi", 0, 30 }, { "ti", 0, 40 },
	{ "k", 3, 0 }, { "m", 6, 0 }, { "g", 9, 0 }, { "t", 12, 0 },
	{ "", 0, 0 },
};

static const char *const byte_rates[] = {
	"b/s", "b/sec", "b/second", "byte/s", "bytes/s", "byte/sec",
	"bytes/sec", NULL,
};
static const char *const bit_rates[] = {
	"bit/s", "bits/s", "bit/sec", "bits/sec", NULL,
};

static void
set_unit(struct eb_sheet_unit *u, enum eb_sheet_kind kind, int e10, int e2)
{
	static const char *const canon[] = {
		"", EB_UNIT_BPS, EB_UNIT_PER_S, EB_UNIT_PER_S, EB_UNIT_NS, EB_UNIT_PCT, "W",
	};

	u->kind = kind;
	u->exp10 = e10;
	u->exp2 = e2;
	u->canon = canon[kind];
}

static int
rate_unit(const char *low, const char *raw, struct eb_sheet_unit *u)
{
	for (size_t i = 0; i < sizeof prefixes / sizeof prefixes[0]; i++) {
		const struct prefix *p = &prefixes[i];
		size_t k = strlen(p->p);
		const char *rest = low + k;

		if (strncmp(low, p->p, k) != 0)
			continue;
		/* One rule for headers and cells: after a prefix, "B" is a
		 * byte and "b" a bit ("MB/s", "MBps" bytes; "Mb/s", "Mbps",
		 * "kb/s" bits). A lower-case m, g or t before a lower-case b
		 * ("mb/s", "gbps") names no unit anyone agrees on: refused. */
		if (k > 0 && (sheet_in(rest, byte_rates) || strcmp(rest, "bps") == 0) &&
		    raw[k] == 'b' && strncmp(rest, "byte", 4) != 0) {
			if (raw[0] == 'm' || raw[0] == 'g' || raw[0] == 't')
				return 0;
			set_unit(u, EB_SK_BW, p->e10, p->e2 - 3);
			return 1;
		}
		if (sheet_in(rest, byte_rates) || (strcmp(rest, "bps") == 0 && k > 0)) {
			set_unit(u, EB_SK_BW, p->e10, p->e2);
			return 1;
		}
		if (sheet_in(rest, bit_rates)) {
			set_unit(u, EB_SK_BW, p->e10, p->e2 - 3);
			return 1;
		}
	}
	return 0;
}

size_t
eb_sheet_unit_chunks(const char *text, const size_t *at, const size_t *len, size_t n,
    int pct, struct eb_sheet_unit *u)
{
	for (size_t k = n < 3 ? n : 3; k >= 1; k--) {
		char buf[48];
		size_t bl = 0;
		int fits = 1;

		for (size_t m = 0; m < k && fits; m++) {
			if (bl + len[m] >= sizeof buf)
				fits = 0;
			else {
				memcpy(buf + bl, text + at[m], len[m]);
				bl += len[m];
			}
		}
		if (fits && eb_sheet_unit_parse(buf, bl, u) && (pct || u->kind != EB_SK_PCT))
			return k;
	}
	return 0;
}

const char *
eb_sheet_kind_phrase(enum eb_sheet_kind k)
{
	switch (k) {
	case EB_SK_BW: return "a bandwidth";
	case EB_SK_IOPS: return "an I/O rate";
	case EB_SK_OPS: return "an operation rate";
	case EB_SK_TIME: return "a latency";
	case EB_SK_PCT: return "a percentage";
	case EB_SK_POWER: return "a power";
	case EB_SK_NONE: break;
	}
	return "a number without a unit";
}

int
eb_sheet_unit_parse(const char *s, size_t n, struct eb_sheet_unit *u)
{
	static const char *const iops[] = { "iops", "io/s", "ios/s", "iop/s", "io/sec", NULL };
	static const char *const kiops[] = { "kiops", "kio/s", NULL };
	static const char *const ops[] = {
		"ops/s", "op/s", "ops/sec", "op/sec", "/s", "/sec", "files/s",
		"files/sec", NULL,
	};
	char raw[40], low[40];
	size_t k = 0;

	memset(u, 0, sizeof *u);
	s = eb_sheet_trim(s, &n);
	if (n >= 2 && ((s[0] == '(' && s[n - 1] == ')') || (s[0] == '[' && s[n - 1] == ']'))) {
		s++;
		n -= 2;
		s = eb_sheet_trim(s, &n);
	}
	for (size_t i = 0; i < n;) {
		const unsigned char *c = (const unsigned char *)s + i;
		size_t b = blank_at(s + i, n - i);

		if (k + 1 >= sizeof raw)
			return 0;
		if (b > 0) {
			i += b;
		} else if (n - i >= 2 && ((c[0] == 0xC2 && c[1] == 0xB5) ||
		    (c[0] == 0xCE && c[1] == 0xBC))) {
			raw[k++] = 'u';	/* micro sign, Greek mu */
			i += 2;
		} else if (c[0] == 0xB5) {
			raw[k++] = 'u';	/* Windows-1252 micro sign */
			i++;
		} else {
			raw[k++] = s[i++];
		}
	}
	raw[k] = '\0';
	for (size_t i = 0; i <= k; i++)
		low[i] = (char)sheet_lower((unsigned char)raw[i]);
	if (k == 0)
		return 0;
	if (rate_unit(low, raw, u))
		return 1;
	/* bonnie++'s "K/sec" is KiB/s: its bon_time.cpp prints the file
	 * size in MiB over the elapsed time / 1024 (1.0x to 2.0x). */
	if (strcmp(low, "k/sec") == 0) {
		set_unit(u, EB_SK_BW, 0, 10);
		return 1;
	}
	if (sheet_in(low, iops) || strcmp(low, "1/s") == 0)
		set_unit(u, EB_SK_IOPS, 0, 0);
	else if (sheet_in(low, kiops))
		set_unit(u, EB_SK_IOPS, 3, 0);
	else if (sheet_in(low, ops))
		set_unit(u, EB_SK_OPS, 0, 0);
	else if (strcmp(low, "ns") == 0 || strcmp(low, "nsec") == 0)
		set_unit(u, EB_SK_TIME, 0, 0);
	else if (strcmp(low, "us") == 0 || strcmp(low, "usec") == 0)
		set_unit(u, EB_SK_TIME, 3, 0);
	else if (strcmp(low, "ms") == 0 || strcmp(low, "msec") == 0)
		set_unit(u, EB_SK_TIME, 6, 0);
	else if (strcmp(low, "%") == 0)
		set_unit(u, EB_SK_PCT, 0, 0);
	else if (strcmp(low, "watt") == 0 || strcmp(low, "watts") == 0)
		set_unit(u, EB_SK_POWER, 0, 0);	/* not "W": it abbreviates Write */
	else
		return 0;
	return 1;
}

/* What spreadsheets put where a number could not be had: the error values
 * of Excel, LibreOffice ("Err:502") and Google Sheets, and the dashes and
 * question marks people type. Excel's "Save as CSV" writes a cell as it is
 * displayed, so a column too narrow for its value comes out as "#####".
 * "inf" is no marker: an infinite measurement is a broken one. */
static int
is_marker(const char *s, size_t n)
{
	static const char *const words[] = {
		"n/a", "na", "n.a.", "nan", "null", "none", "-", "--", "---", "?",
		"??", "???", "tbd", "x", "error", "\xe2\x80\x93", "\xe2\x80\x94", NULL,
	};
	char low[16];

	if (n > 0 && s[0] == '#')
		return 1;
	if (n > 4 && strncmp(s, "Err:", 4) == 0) {
		for (size_t i = 4; i < n; i++)
			if (!sheet_isdig((unsigned char)s[i]))
				return 0;
		return 1;
	}
	if (n >= sizeof low)
		return 0;
	for (size_t i = 0; i < n; i++)
		low[i] = (char)sheet_lower((unsigned char)s[i]);
	low[n] = '\0';
	return sheet_in(low, words);
}

/* The length of a digit group separator at s that a digit follows: '.',
 * ',', an apostrophe (Swiss 1'234.5, also as U+2019) or a blank. */
static size_t
group_sep_at(const char *s, size_t n, char *kind)
{
	size_t k;

	if (n >= 2 && (s[0] == '.' || s[0] == ',' || s[0] == '\'')) {
		*kind = s[0] == '\'' ? ' ' : s[0];
		k = 1;
	} else if (n >= 4 && memcmp(s, "\xe2\x80\x99", 3) == 0) {
		*kind = ' ';
		k = 3;
	} else if ((k = blank_at(s, n)) > 0 && s[0] != '\n' && s[0] != '\t' &&
	    s[0] != '\r') {
		*kind = ' ';
	} else {
		return 0;
	}
	return k < n && sheet_isdig((unsigned char)s[k]) ? k : 0;
}

#define MAXGROUPS 16

/* Reads the number at the start of s. Returns the bytes it took, 0 when s
 * holds no number of a form we read. */
static size_t
scan_number(const char *s, size_t n, struct eb_sheet_num *num)
{
	int glen[MAXGROUPS];
	char sep[MAXGROUPS];	/* sep[g]: the separator before group g */
	size_t i = 0, ndig = 0;
	int ng = 0, dec = -1, ndots = 0, ncommas = 0, nblank = 0;

	memset(num, 0, sizeof *num);
	if (i < n && (s[i] == '+' || s[i] == '-')) {
		num->negative = s[i] == '-';
		i++;
	} else if (n >= 3 && memcmp(s, "\xe2\x88\x92", 3) == 0) {
		num->negative = 1;	/* U+2212 MINUS SIGN */
		i += 3;
	}
	if (i >= n || !sheet_isdig((unsigned char)s[i]))
		return 0;
	sep[0] = 0;
	glen[0] = 0;
	while (i < n) {
		char kind;
		size_t k;

		if (sheet_isdig((unsigned char)s[i])) {
			if (ndig + 1 >= sizeof num->digits)
				return 0;
			num->digits[ndig++] = s[i++];
			glen[ng]++;
			continue;
		}
		if ((k = group_sep_at(s + i, n - i, &kind)) == 0)
			break;
		if (ng + 1 >= MAXGROUPS)
			return 0;
		ng++;
		sep[ng] = kind;
		glen[ng] = 0;
		ndots += kind == '.';
		ncommas += kind == ',';
		nblank += kind == ' ';
		i += k;
	}
	num->digits[ndig] = '\0';

	/* Which separator is the decimal one: the last of '.' and ',' when
	 * both appear, the only one after blank groups ("2 450,5"), and a lone
	 * one unless exactly three digits follow it; "1,234" stays open. */
	if (ndots > 0 && ncommas > 0) {
		dec = ng;
		if (sep[ng] == ' ' || (sep[ng] == '.' ? ndots : ncommas) != 1)
			return 0;
	} else if (ndots + ncommas == 1) {
		int g = 1;

		while (sep[g] == ' ')
			g++;
		if (g != ng)
			return 0;	/* blank groups after a decimal part */
		if (nblank > 0 || glen[ng] != 3 || glen[0] > 3 ||
		    (glen[0] == 1 && num->digits[0] == '0'))
			dec = ng;
		else
			num->amb_sep = sep[ng];
	}
	for (int g = 1; g <= ng; g++) {
		if (g == dec)
			continue;
		/* A group separator: three digits after it, at most three
		 * before the first. */
		if (glen[g] != 3 || glen[0] > 3)
			return 0;
	}
	num->intlen = (int)ndig;
	if (dec > 0) {
		num->intlen -= glen[dec];
		num->decimal = sep[dec];
	} else if (num->amb_sep != 0) {
		num->amb_intlen = (int)ndig - 3;
	} else if (ndots + ncommas > 1) {
		/* Repeated group separators say the other one is decimal. */
		num->decimal = ndots > 0 ? ',' : '.';
	}
	/* Excel writes large and small numbers as 2.45E+09. */
	if (i + 1 < n && (s[i] == 'e' || s[i] == 'E')) {
		size_t j = i + 1;
		int e = 0, esign = 1, edig = 0;

		if (j < n && (s[j] == '+' || s[j] == '-'))
			esign = s[j++] == '-' ? -1 : 1;
		while (j < n && sheet_isdig((unsigned char)s[j]) && edig < 4) {
			e = e * 10 + (s[j++] - '0');
			edig++;
		}
		if (edig > 0 && edig < 4 && !(j < n && sheet_isdig((unsigned char)s[j]))) {
			num->exp = esign * e;
			i = j;
		}
	}
	return i;
}

void
eb_sheet_cell_parse(const char *s, size_t n, struct eb_sheet_cell *c)
{
	size_t k;

	memset(c, 0, sizeof *c);
	s = eb_sheet_trim(s, &n);
	if (n == 0) {
		c->kind = EB_SC_EMPTY;
		return;
	}
	if (is_marker(s, n)) {
		c->kind = EB_SC_MARKER;
		return;
	}
	if ((k = scan_number(s, n, &c->num)) == 0) {
		c->kind = EB_SC_TEXT;
		return;
	}
	s += k;
	n -= k;
	s = eb_sheet_trim(s, &n);
	if (n > 0 && !(c->has_unit = eb_sheet_unit_parse(s, n, &c->unit))) {
		c->kind = EB_SC_TEXT;
		c->bad_unit = 1;
		return;
	}
	c->kind = EB_SC_NUMBER;
}

int
eb_sheet_value(const struct eb_sheet_num *num, char decimal,
    const struct eb_sheet_unit *u, double *out)
{
	char buf[80];
	size_t len = strlen(num->digits), k = 0;
	int intlen = num->amb_sep != 0 && num->amb_sep == decimal ?
	    num->amb_intlen : num->intlen;
	int e10 = num->exp + (u != NULL ? u->exp10 : 0);
	double v = 0;

	/* The unit's power of ten goes into the exponent of the one decimal
	 * conversion, so 2.1 GB/s is the double nearest 2.1e9, exactly. */
	memcpy(buf, num->digits, (size_t)intlen);
	k = (size_t)intlen;
	if (k == 0)
		buf[k++] = '0';
	if ((size_t)intlen < len) {
		buf[k++] = '.';
		memcpy(buf + k, num->digits + intlen, len - (size_t)intlen);
		k += len - (size_t)intlen;
	}
	snprintf(buf + k, sizeof buf - k, "e%d", e10);
	if (eb_parse_number(buf, strlen(buf), &v) == 0)
		return 0;
	if (u != NULL && u->exp2 != 0)
		v = ldexp(v, u->exp2);
	*out = v;
	return isfinite(v);
}
