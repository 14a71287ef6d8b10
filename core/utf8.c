/* utf8.c - tells text that is UTF-8 from text that is not, and repairs the
 * latter, so that every results.csv and results.json encbench writes is;
 * and finds in a label what a terminal or a spreadsheet would act on. */
#include <string.h>

#include "eb.h"

/* The length of the UTF-8 sequence at s (n bytes left), or 0 when none
 * starts there: overlong forms, surrogates and code points past U+10FFFF
 * are not UTF-8 (RFC 3629). */
static size_t
sequence(const unsigned char *s, size_t n)
{
	size_t len;
	unsigned cp;

	if (s[0] < 0x80)
		return 1;
	if (s[0] >= 0xC2 && s[0] <= 0xDF)
		len = 2, cp = s[0] & 0x1Fu;
	else if (s[0] >= 0xE0 && s[0] <= 0xEF)
		len = 3, cp = s[0] & 0x0Fu;
	else if (s[0] >= 0xF0 && s[0] <= 0xF4)
		len = 4, cp = s[0] & 0x07u;
	else
		return 0;
	if (len > n)
		return 0;
	for (size_t i = 1; i < len; i++) {
		if ((s[i] & 0xC0) != 0x80)
			return 0;
		cp = cp << 6 | (s[i] & 0x3Fu);
	}
	if ((len == 3 && (cp < 0x800 || (cp >= 0xD800 && cp <= 0xDFFF))) ||
	    (len == 4 && (cp < 0x10000 || cp > 0x10FFFF)))
		return 0;
	return len;
}

size_t
eb_utf8_control(const char *s)
{
	const unsigned char *p = (const unsigned char *)s;

	if (p[0] < 0x20 || p[0] == 0x7f)
		return 1;
	/* C1 controls, U+0080-U+009F (U+009B is the 8-bit CSI some terminals
	 * obey), and the bidirectional embeddings, overrides and isolates,
	 * U+202A-U+202E and U+2066-U+2069, which reorder what follows. */
	if (p[0] == 0xc2 && p[1] >= 0x80 && p[1] <= 0x9f)
		return 2;
	if (p[0] == 0xe2 && p[1] == 0x80 && p[2] >= 0xaa && p[2] <= 0xae)
		return 3;
	if (p[0] == 0xe2 && p[1] == 0x81 && p[2] >= 0xa6 && p[2] <= 0xa9)
		return 3;
	return 0;
}

size_t
eb_utf8_sequence(const char *s)
{
	return sequence((const unsigned char *)s, strnlen(s, 4));
}

int
eb_utf8_valid(const char *s, size_t n)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t i = 0;

	while (i < n) {
		size_t k;

		if (p[i] < 0x80) {
			i++;
			continue;
		}
		if ((k = sequence(p + i, n - i)) == 0)
			return 0;
		i += k;
	}
	return 1;
}

char *
eb_utf8_repair(const char *s, size_t n)
{
	const unsigned char *p = (const unsigned char *)s;
	struct eb_buf b;
	size_t i = 0;

	eb_buf_init(&b, 0);
	while (i < n) {
		size_t k = sequence(p + i, n - i);

		if (k == 0) {
			eb_buf_add(&b, "\xEF\xBF\xBD", 3);
			i++;
		} else {
			eb_buf_add(&b, s + i, k);
			i += k;
		}
	}
	eb_buf_cstr(&b);
	return b.data != NULL ? b.data : eb_xstrdup("");
}

size_t
eb_utf8_controls_to_spaces(char *s)
{
	char *out = s;
	size_t n = 0;

	while (*s != '\0') {
		size_t k = eb_utf8_control(s);

		if (k > 0) {
			*out++ = ' ';
			s += k;
			n++;
		} else
			*out++ = *s++;
	}
	*out = '\0';
	return n;
}

int
eb_label_formula(const char *s)
{
	/* OWASP's list for CSV injection: Excel, LibreOffice and Google
	 * Sheets take a cell opening with one of these for a formula, and a
	 * tab or CR before one is skipped. "-" too: "-2+3+cmd|' /C calc'!A0"
	 * is the classic DDE payload. */
	return s[0] != '\0' && strchr("=+-@\t\r", s[0]) != NULL ? (unsigned char)s[0] : 0;
}
