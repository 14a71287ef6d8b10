/* sheet_words.c - cutting spreadsheet headers and labels into words,
 * numbers and units ("FIO Rand Read 4k (MB/s)"), and the marks and
 * bracketed configurations a header may carry. */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "modes.h"
#include "sheet_words.h"

#define MAXTEXT 512

const char *const eb_sheet_rep_words[] = {
	"run", "rep", "repetition", "iteration", "iter", "r", "#", "pass",
	"trial", "attempt", "round", NULL,
};

static int
isalpha_(int c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

/* ---- splitting a header into words and units */

static int
chunk_break(int c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '(' ||
	    c == ')' || c == '[' || c == ']' || c == ',' || c == ';' ||
	    c == '|' || c == '"' || c == '{' || c == '}';
}

static void
add_word(struct words *ws, const char *s, size_t n, int paren)
{
	struct word *w;

	if (ws->n == MAXWORDS || n == 0)
		return;
	w = &ws->v[ws->n++];
	w->glued = w->frac = 0;
	w->at = (short)ws->chunk_at;
	w->len = (short)ws->chunk_len;
	if (n >= sizeof w->w)
		n = sizeof w->w - 1;
	for (size_t i = 0; i < n; i++)
		w->w[i] = (char)sheet_lower((unsigned char)s[i]);
	w->w[n] = '\0';
	w->paren = paren;
	w->num = -1;
	if (sheet_isdig((unsigned char)s[0]) && n <= 9) {
		w->num = 0;
		for (size_t i = 0; i < n; i++)
			w->num = w->num * 10 + (s[i] - '0');
	}
}

/* Words of a chunk that is no unit: runs of letters and runs of digits;
 * '#' and '%' are words of their own ("#3", "%CPU"). */
static void
split_chunk(struct words *ws, const char *s, size_t n, int paren)
{
	for (size_t i = 0; i < n;) {
		unsigned char c = (unsigned char)s[i];
		size_t j = i + 1;

		if (c == '#' || c == '%') {
			add_word(ws, s + i, 1, paren);
		} else if (isalpha_(c)) {
			while (j < n && isalpha_((unsigned char)s[j]))
				j++;
			add_word(ws, s + i, j - i, paren);
		} else if (sheet_isdig(c)) {
			int frac = 0, glued = i > 0 && isalpha_((unsigned char)s[i - 1]);
			int before;

			while (j < n && sheet_isdig((unsigned char)s[j]))
				j++;
			/* "p99.9", "99.9th": a percentile, not 99 and 9. */
			if (j + 1 < n && s[j] == '.' && sheet_isdig((unsigned char)s[j + 1])) {
				for (j++; j < n && sheet_isdig((unsigned char)s[j]); j++)
					;
				frac = 1;
			}
			before = ws->n;
			add_word(ws, s + i, j - i, paren);
			if (ws->n > before) {
				ws->v[ws->n - 1].glued = glued;
				if (frac) {
					ws->v[ws->n - 1].frac = 1;
					ws->v[ws->n - 1].num = -1;
				}
			}
		} else if (c >= 0x80) {
			/* Non-ASCII letters: one unknown word. */
			while (j < n && (unsigned char)s[j] >= 0x80)
				j++;
			add_word(ws, s + i, j - i, paren);
		}
		i = j;
	}
}

void
eb_sheet_split(const char *text, struct words *ws)
{
	struct { size_t at, len; int paren; } ch[MAXWORDS];
	size_t len = strlen(text), nch = 0;
	int depth = 0;

	memset(ws, 0, sizeof *ws);
	ws->text = text;
	if (len > MAXTEXT)
		len = MAXTEXT;
	for (size_t i = 0; i < len;) {
		unsigned char c = (unsigned char)text[i];
		size_t j = i;

		if (c == '(' || c == '[') {
			depth++;
			i++;
			continue;
		}
		if (c == ')' || c == ']') {
			depth -= depth > 0;
			i++;
			continue;
		}
		if (chunk_break(c)) {
			i++;
			continue;
		}
		while (j < len && !chunk_break((unsigned char)text[j]))
			j++;
		if (nch < MAXWORDS) {
			ch[nch].at = i;
			ch[nch].len = j - i;
			ch[nch].paren = depth > 0;
			nch++;
		}
		i = j;
	}
	/* A unit may be written with blanks ("MB / s", "k IOPS"): try three
	 * chunks joined, then two, then one. */
	for (size_t i = 0; i < nch;) {
		size_t take, at[3], ln[3], k = nch - i < 3 ? nch - i : 3;
		struct eb_sheet_unit u;

		for (size_t m = 0; m < k; m++) {
			at[m] = ch[i + m].at;
			ln[m] = ch[i + m].len;
		}
		if ((take = eb_sheet_unit_chunks(text, at, ln, k, 1, &u)) > 0) {
			if (ws->nunits++ == 0) {
				ws->unit = u;
				ws->unit_paren = ch[i].paren;
			} else if (u.kind != ws->unit.kind || u.exp10 != ws->unit.exp10 ||
			    u.exp2 != ws->unit.exp2) {
				ws->unit_clash = 1;
			}
		}
		if (take == 0) {
			ws->chunk_at = ch[i].at;
			ws->chunk_len = ch[i].len;
			split_chunk(ws, text + ch[i].at, ch[i].len, ch[i].paren);
			take = 1;
		}
		i += take;
	}
}

int
eb_sheet_word_is(const struct words *ws, int i, const char *w)
{
	return i >= 0 && i < ws->n && strcmp(ws->v[i].w, w) == 0;
}

int64_t
eb_sheet_size_suffix(const char *w)
{
	if (sheet_in(w, (const char *const[]){ "k", "kb", "kib", NULL }))
		return 1024;
	if (sheet_in(w, (const char *const[]){ "m", "mb", "mib", NULL }))
		return 1024 * 1024;
	if (sheet_in(w, (const char *const[]){ "g", "gb", "gib", NULL }))
		return 1024 * 1024 * 1024;
	return 0;
}

/* A sign outside brackets that marks a figure ("*", "?", "!", "~"), with
 * the blank-separated chunk it is in, into buf; "" for none. */
void
eb_sheet_unread_sign(const char *text, char *buf, size_t n)
{
	int depth = 0;

	for (const char *s = text; *s != '\0'; s++) {
		const char *a = s, *e = s;

		if (*s == '(' || *s == '[')
			depth++;
		else if ((*s == ')' || *s == ']') && depth > 0)
			depth--;
		if (depth > 0 || strchr("*?!~", *s) == NULL)
			continue;
		while (a > text && a[-1] != ' ')
			a--;
		while (*e != '\0' && *e != ' ')
			e++;
		if (snprintf(buf, n, "%.*s", (int)(e - a), a) < 0)
			buf[0] = '\0';
		return;
	}
}

/* The next "(...)" of text from at on: its text into inner (n bytes), and
 * its '(' and ')' into *open and *close; 0 when there is none. A group
 * longer than inner is passed over. */
static int
next_bracket(const char *at, char *inner, size_t n, const char **open, const char **close)
{
	for (const char *s = strchr(at, '('); s != NULL; s = strchr(s + 1, '(')) {
		const char *e = strchr(s, ')');

		if (e == NULL || (size_t)(e - s - 1) >= n)
			continue;
		memcpy(inner, s + 1, (size_t)(e - s - 1));
		inner[e - s - 1] = '\0';
		*open = s;
		*close = e;
		return 1;
	}
	return 0;
}

/* The configuration a header names in brackets, "DD Read (no AES-NI)",
 * into buf as eb_config_canonical spells it; "" for none. Read as any
 * other, such a column's figures would be the default config's. */
void
eb_sheet_bracket_config(const char *text, char *buf, size_t n)
{
	const char *open, *close;
	char inner[128];

	buf[0] = '\0';
	for (const char *at = text; next_bracket(at, inner, sizeof inner, &open, &close);
	    at = close + 1) {
		if (eb_config_canonical(inner, buf, n) && strcmp(buf, "default") != 0)
			return;
		buf[0] = '\0';
	}
}

void
eb_sheet_bracket_release(const char *text, char *buf, size_t n)
{
	const char *open, *close;
	char inner[128];

	buf[0] = '\0';
	for (const char *at = text; next_bracket(at, inner, sizeof inner, &open, &close);
	    at = close + 1)
		if (eb_sheet_is_release(inner)) {
			eb_sheet_release(inner, 0, buf, n);
			return;
		}
}

void
eb_sheet_blank_config(char *text)
{
	const char *open, *close;
	char inner[128], cfg[48];

	for (const char *at = text; next_bracket(at, inner, sizeof inner, &open, &close);
	    at = close + 1)
		if (eb_config_canonical(inner, cfg, sizeof cfg) && strcmp(cfg, "default") != 0)
			memset(text + (open - text), ' ', (size_t)(close - open + 1));
}
