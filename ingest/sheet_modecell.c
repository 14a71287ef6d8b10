/* sheet_modecell.c - what a sheet's mode cell says besides its mode: a
 * ratio or difference of two modes, a summary, two modes, marks on it. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "modes.h"
#include "sheet_int.h"

/* Whether one side of a ratio or difference names a mode: an alias, or a
 * mode's word alone ("GCM", "LUKS"), which names no key size. */
static int
names_mode(const char *s, size_t n)
{
	static const char *const words[] = {
		"gcm", "ccm", "luks", "luks1", "luks2", "geli", "fscrypt", "aes", "xts",
		"baseline", "encrypted", "enc", "dm-crypt", NULL,
	};
	struct eb_mode_label m;
	char buf[64];

	s = eb_sheet_trim(s, &n);
	if (n == 0 || n >= sizeof buf)
		return 0;
	memcpy(buf, s, n);
	buf[n] = '\0';
	return sheet_in(buf, words) || eb_mode_read(buf, &m) != EB_MODE_UNKNOWN;
}

/* The unencrypted side of a difference written with a plain hyphen. */
static int
names_none(const char *s)
{
	struct eb_mode_label m;

	/* "plain" is also dm-crypt's IV generator: "aes-xts-plain". */
	if (strcmp(s, "baseline") == 0)
		return 1;
	return strcmp(s, "plain") != 0 && eb_mode_read(s, &m) == EB_MODE_KNOWN &&
	    strcmp(m.mode, "none") == 0;
}

/* A side that is no mode makes a label a name: cryptsetup writes IV
 * generators with a colon ("aes-cbc-essiv:sha256"), and "ZFS/none" is none
 * on ZFS (audit E12). */
int
eb_sheet_ratio_label(const char *s)
{
	/* Between blanks: '-', "minus", the minus sign U+2212, the en and em
	 * dashes, "rel.", 'x' and U+00D7 (audit F3); anywhere: U+00F7, '/',
	 * ':' and the three dashes, which no mode name holds. */
	static const char *const seps[] = {
		"\xc3\xb7", "/", ":", " - ", " minus ", "\xe2\x88\x92", "\xe2\x80\x93",
		"\xe2\x80\x94", " rel. ", " rel ", " x ", " \xc3\x97 ", " over ",
		" against ", " gegen ", " vs. ", " to ", " divided by ", NULL,
	};
	char low[128];

	eb_sheet_fold(s, low, sizeof low);
	for (size_t i = 0; seps[i] != NULL; i++) {
		size_t k = strlen(seps[i]);

		for (const char *p = strstr(low, seps[i]); p != NULL; p = strstr(p + 1, seps[i]))
			if (names_mode(low, (size_t)(p - low)) && names_mode(p + k, strlen(p + k)))
				return 1;
	}
	/* "GCM-none": a hyphen glued between a mode and none. Mode names
	 * hold hyphens too ("aes-xts-plain64"), so one side must be none. */
	for (char *p = strchr(low, '-'); p != NULL; p = strchr(p + 1, '-')) {
		if (names_mode(low, (size_t)(p - low)) && names_mode(p + 1, strlen(p + 1)) &&
		    (names_none(p + 1) || (*p = '\0', names_none(low))))
			return 1;
		*p = '-';
	}
	return 0;
}

int
eb_sheet_summary_word(const char *s)
{
	static const char *const words[] = {
		"mean", "average", "avg", "median", "total", "sum", NULL,
	};

	for (const char *p = s; *p != '\0';) {
		char w[16];
		size_t n = 0;

		while (*p != '\0' && !((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z')))
			p++;
		while ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z')) {
			if (n + 1 < sizeof w)
				w[n++] = (char)(*p | 0x20);
			p++;
		}
		w[n] = '\0';
		for (size_t i = 0; n > 0 && words[i] != NULL; i++)
			if (strcmp(w, words[i]) == 0)
				return 1;
	}
	return 0;
}

/* Where a label may be cut into two names: blanks, joining signs and
 * symbols ("none->gcm", "GCM \u2192 none", "none+gcm"). */
static size_t
cut_at(const char *s)
{
	size_t n = 0;

	for (;;) {
		unsigned char c = (unsigned char)s[n];

		if (c != '\0' && strchr(" ->+&,;|=<", c) != NULL)
			n++;
		else if (c == 0xe2 && (unsigned char)s[n + 1] >= 0x80 && s[n + 2] != '\0')
			n += 3;	/* U+2000-U+2FFF: arrows, dashes, signs */
		else
			return n;
	}
}

int
eb_sheet_two_modes(const char *s, char *a, char *b, size_t n)
{
	char low[128];
	size_t len;

	eb_sheet_fold(s, low, sizeof low);
	len = strlen(low);
	for (size_t i = 1; i + 1 < len; i++) {
		struct eb_mode_label ma, mb;
		size_t k = cut_at(low + i);
		int ka, kb;
		char keep;

		if (k == 0 || i + k >= len || cut_at(low + i - 1) > 0)
			continue;
		keep = low[i];
		low[i] = '\0';
		ka = eb_mode_read(low, &ma);
		kb = eb_mode_read(low + i + k, &mb);
		if (names_mode(low, i) && names_mode(low + i + k, len - i - k) &&
		    (ka != EB_MODE_UNKNOWN || kb != EB_MODE_UNKNOWN) &&
		    !(ka == EB_MODE_KNOWN && kb == EB_MODE_KNOWN && strcmp(ma.mode, mb.mode) == 0)) {
			snprintf(a, n, "%s", low);
			snprintf(b, n, "%s", low + i + k);
			return 1;
		}
		low[i] = keep;
	}
	return 0;
}

/* ---- marks */

/* The code point at s (UTF-8, n bytes left) and its length in *len. */
static uint32_t
code_point(const unsigned char *s, size_t n, size_t *len)
{
	if (s[0] < 0x80 || n < 2) {
		*len = 1;
		return s[0];
	}
	if ((s[0] & 0xe0) == 0xc0) {
		*len = 2;
		return (uint32_t)(s[0] & 0x1f) << 6 | (s[1] & 0x3f);
	}
	if ((s[0] & 0xf0) == 0xe0 && n >= 3) {
		*len = 3;
		return (uint32_t)(s[0] & 0x0f) << 12 | (uint32_t)(s[1] & 0x3f) << 6 | (s[2] & 0x3f);
	}
	if ((s[0] & 0xf8) == 0xf0 && n >= 4) {
		*len = 4;
		return (uint32_t)(s[0] & 0x07) << 18 | (uint32_t)(s[1] & 0x3f) << 12 |
		    (uint32_t)(s[2] & 0x3f) << 6 | (s[3] & 0x3f);
	}
	*len = 1;
	return 0xfffd;
}

/* Signs that say a run failed or is in doubt: crosses, warnings and
 * question marks. */
static int
fail_sign(uint32_t c)
{
	static const uint32_t signs[] = {
		'?', 0xbf, 0x2047, 0x2048, 0x2049, 0x203d, 0x2715, 0x2716, 0x2717, 0x2718,
		0x274c, 0x274e, 0x2753, 0x2754, 0x26a0, 0x26d4, 0x1f6ab, 0x2612,
	};

	for (size_t i = 0; i < sizeof signs / sizeof signs[0]; i++)
		if (c == signs[i])
			return 1;
	return 0;
}

/* Signs that mark a cell without being part of a mode name: footnote
 * signs, superscript digits, stars, daggers, checks, symbols and emoji.
 * Letters of any script, blanks, the dashes and the punctuation that mode
 * names hold ("aes-cbc-essiv:sha256", "ZFS/none", "(no AES-NI)") are not. */
static int
mark_sign(uint32_t c)
{
	if (c < 0x80)
		return strchr("*!#$^~`<>|\\;@", (int)c) != NULL && c != 0;
	/* Blanks, dashes, the minus sign and quotation marks decorate. */
	if (c == 0xa0 || (c >= 0x2010 && c <= 0x2015) || c == 0x2212 || c == 0xfe0f ||
	    c == 0x200b || (c >= 0x2018 && c <= 0x201f) || c == 0xab || c == 0xbb ||
	    c == 0x2039 || c == 0x203a)
		return 0;
	return (c >= 0xa1 && c <= 0xbf) || c == 0xd7 || c == 0xf7 ||
	    (c >= 0x2016 && c <= 0x2bff) || (c >= 0x2e00 && c <= 0x2e7f) ||
	    (c >= 0x1f000 && c <= 0x1faff);
}

/* Words that say the row's run failed or is not to be trusted. */
static const char *const fail_words[] = {
	"failed", "fail", "fails", "failure", "invalid", "error", "errors",
	"errored", "broken", "aborted", "abort", "crashed", "crash", "incomplete",
	"bogus", "suspect", "suspicious", "doubtful", "questionable", "unreliable",
	"wrong", "discard", "discarded", "ignore", "ignored", "outlier", "rerun",
	"redo", "retest", "fehlgeschlagen", "fehler", "ung\xc3\xbcltig",
	"\xc3\xa9" "chou\xc3\xa9", "invalide", "erreur", "fallido", "fall\xc3\xb3",
	"inv\xc3\xa1lido", NULL,
};

int
eb_sheet_mode_mark(const char *s, char *mark, size_t n, char *base, size_t bn)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t len = strlen(s), mk = 0, bk = 0;
	int kind = EB_MARK_NONE;

	mark[0] = base[0] = '\0';
	for (size_t i = 0; i < len;) {
		size_t l, j;
		uint32_t c = code_point(u + i, len - i, &l);

		/* "[1]", "[a]", "(1)" at the end, "^1": footnote references. */
		if ((c == '[' || (c == '(' && i + 3 <= len && s[i + 2] == ')' &&
		    s[i + 1] >= '0' && s[i + 1] <= '9' && s[i + 3] == '\0')) &&
		    (j = strcspn(s + i, c == '[' ? "]" : ")")) <= 4 && s[i + j] != '\0') {
			size_t k;

			for (k = i + 1; k < i + j && ((s[k] >= '0' && s[k] <= '9') ||
			    (s[k] >= 'a' && s[k] <= 'z') || s[k] == '*'); k++)
				;
			if (k == i + j && j > 1) {
				if (mk + j + 2 < n) {
					memcpy(mark + mk, s + i, j + 1);
					mk += j + 1;
					mark[mk] = '\0';
				}
				kind = kind == EB_MARK_NONE ? EB_MARK_NOTE : kind;
				i += j + 1;
				continue;
			}
		}
		if (fail_sign(c) || mark_sign(c)) {
			if (mk + l + 1 < n) {
				memcpy(mark + mk, s + i, l);
				mk += l;
				mark[mk] = '\0';
			}
			if (fail_sign(c))
				kind = EB_MARK_FAIL;
			else if (kind == EB_MARK_NONE)
				kind = EB_MARK_NOTE;
		} else if (bk + l < bn) {
			memcpy(base + bk, s + i, l);
			bk += l;
			base[bk] = '\0';
		}
		i += l;
	}
	/* A "(?)" leaves "()" behind. */
	for (char *p; (p = strstr(base, "()")) != NULL;)
		memmove(p, p + 2, strlen(p + 2) + 1);
	for (const char *p = s; *p != '\0';) {
		char w[24];
		size_t k = 0;

		while (*p != '\0' && !((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
		    (unsigned char)*p >= 0x80))
			p++;
		while ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
		    (unsigned char)*p >= 0x80) {
			if (k + 1 < sizeof w)
				w[k++] = (char)sheet_lower((unsigned char)*p);
			p++;
		}
		w[k] = '\0';
		if (k > 0 && sheet_in(w, fail_words)) {
			snprintf(mark, n, "%s", w);
			return EB_MARK_FAIL;
		}
	}
	return kind;
}
