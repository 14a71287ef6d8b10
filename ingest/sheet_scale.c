/* sheet_scale.c - whether a spreadsheet header scales its numbers ("IOPS
 * (k)", "(MB/s x10)", "IOPS in 1000", "(Tausend)"), read as a grammar. */
#include <stdio.h>
#include <string.h>

#include "modes.h"
#include "sheet_words.h"

/* Read at face value, 120 under "IOPS (k)" were 120 IOPS, a thousand times
 * off with exit 0 (audit E10). A list of spellings let "IOPS (M)", "(1e3)"
 * and "(Tausend)" through (audit F1), so a header is cut into tokens and
 * any token that is a bare multiplier where a multiplier can stand makes
 * it an error: an operator with a number or prefix after it, a power of
 * ten written as one, a prefix or number-word alone, or a bracketed group
 * of nothing else. A block size ("4k") before the unit stays one; after a
 * unit ("IOPS (10k)") it is a multiplier, never a block size (F2). */

#define MAXTOK 48

enum tk {
	TK_WORD,	/* letters */
	TK_NUM,		/* digits, perhaps with a fraction */
	TK_POW,		/* a power of ten written as one: 1e3, e3, 10^3, 10³ */
	TK_SIZED,	/* digits with a prefix glued on: 10k, 1m */
	TK_OP,		/* × x * ÷ / ^ */
	TK_UNIT,	/* MB/s, IOPS, ms */
	TK_SYM,		/* anything else */
};

struct tok {
	enum tk kind;
	char s[24];
	long num;	/* TK_NUM: its value when an integer, else -1 */
	int group;	/* the bracketed group it is in, 0 outside */
	int sep;	/* a comma or semicolon comes right before it */
	size_t at;	/* offset in the text, for messages */
	size_t len;
};

struct toks {
	struct tok v[MAXTOK];
	int n;
	char text[256];
};

/* Number words of English, German, French and Spanish that scale a
 * figure, and prefixes that do so written alone. */
static const char *const scale_words[] = {
	"hundred", "hundreds", "thousand", "thousands", "million", "millions",
	"billion", "billions", "lakh", "lakhs", "crore", "hundert", "hunderte",
	"tausend", "tausende", "tsd", "million", "millionen", "mio", "milliarde",
	"milliarden", "mrd", "centaine", "centaines", "mille",
	"milliers", "millier", "milliard", "milliards", "cien", "ciento",
	"cientos", "centenar", "centenares", "centena", "centenas", "mil",
	"miles", "millar", "millares", "millones", "mill\xc3\xb3n", "bn", "mn",
	"000s", "k's", NULL,
};
static const char *const prefixes[] = {
	"k", "m", "g", "t", "kilo", "mega", "giga", NULL,
};
/* Words that may stand beside a multiplier in brackets: "(in thousands)",
 * "(hundreds of MB/s)", "(en milliers)", "(x 1000)". */
static const char *const joiners[] = {
	"in", "of", "en", "de", "der", "von", "x", "times", "mal", "fois",
	"per", "units", "unit", "einheit", NULL,
};

static int
alpha(int c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

static int
digit(int c)
{
	return c >= '0' && c <= '9';
}

/* A superscript digit (U+00B2, U+00B3, U+00B9, U+2070-U+2079): its length. */
static size_t
superscript(const char *s)
{
	const unsigned char *u = (const unsigned char *)s;

	if (u[0] == 0xc2 && (u[1] == 0xb2 || u[1] == 0xb3 || u[1] == 0xb9))
		return 2;
	if (u[0] == 0xe2 && u[1] == 0x81 && (u[2] == 0xb0 || (u[2] >= 0xb4 && u[2] <= 0xb9)))
		return 3;
	return 0;
}

/* An operator that multiplies or divides: its length. */
static size_t
op_at(const char *s)
{
	if (*s == '*' || *s == '/' || *s == '^')
		return 1;
	if (strncmp(s, "\xc3\x97", 2) == 0 || strncmp(s, "\xc3\xb7", 2) == 0 ||
	    strncmp(s, "\xc2\xb7", 2) == 0)
		return 2;	/* U+00D7 ×, U+00F7 ÷, U+00B7 · */
	if (strncmp(s, "\xe2\x8b\x85", 3) == 0 || strncmp(s, "\xe2\x88\x97", 3) == 0 ||
	    strncmp(s, "\xe2\x88\x95", 3) == 0)
		return 3;	/* U+22C5 ⋅, U+2217 ∗, U+2215 ∕ */
	return 0;
}

static void
add(struct toks *t, enum tk kind, const char *s, size_t n, size_t at, int group)
{
	struct tok *k;

	if (t->n == MAXTOK || n == 0)
		return;
	k = &t->v[t->n++];
	k->kind = kind;
	k->group = group;
	k->at = at;
	k->len = n;
	k->num = -1;
	k->sep = 0;
	snprintf(k->s, sizeof k->s, "%.*s", (int)n, s);
	for (char *c = k->s; *c != '\0'; c++)
		*c = (char)sheet_lower((unsigned char)*c);
	if (kind == TK_NUM && n <= 12) {
		k->num = 0;
		for (size_t i = 0; i < n; i++)
			k->num = digit((unsigned char)s[i]) ? k->num * 10 + (s[i] - '0') : -1;
		if (k->num < 0)
			k->num = -1;
	}
}

/* Tokens of a chunk that is no unit, from offset at of the text. */
static void
chunk(struct toks *t, size_t at, size_t n, int group)
{
	const char *s = t->text + at;

	for (size_t i = 0; i < n;) {
		size_t j = i + 1, k;

		if ((k = op_at(s + i)) > 0 && !(s[i] == '/' && i > 0 && i + 1 < n &&
		    alpha((unsigned char)s[i - 1]) && s[i + 1] == 's')) {
			add(t, TK_OP, s + i, k, at + i, group);
			j = i + k;
		} else if (sheet_lower((unsigned char)s[i]) == 'x' && i + 1 < n && digit((unsigned char)s[i + 1]) &&
		    (i == 0 || !alpha((unsigned char)s[i - 1]))) {
			add(t, TK_OP, s + i, 1, at + i, group);	/* "x1000" */
		} else if (sheet_lower((unsigned char)s[i]) == 'e' && (i == 0 || !alpha((unsigned char)s[i - 1])) &&
		    i + 1 < n && (digit((unsigned char)s[i + 1]) ||
		    ((s[i + 1] == '+' || s[i + 1] == '-') && i + 2 < n && digit((unsigned char)s[i + 2])))) {
			/* "E3", "e+3": ten to that power. */
			for (j = i + 2; j < n && digit((unsigned char)s[j]); j++)
				;
			if (j < n && alpha((unsigned char)s[j]))
				for (; j < n && alpha((unsigned char)s[j]); j++)
					;
			add(t, TK_POW, s + i, j - i, at + i, group);
		} else if (digit((unsigned char)s[i])) {
			enum tk kind = TK_NUM;

			while (j < n && digit((unsigned char)s[j]))
				j++;
			if (j + 1 < n && (s[j] == '.' || s[j] == ',') && digit((unsigned char)s[j + 1]))
				for (j++; j < n && digit((unsigned char)s[j]); j++)
					;
			if (j < n && sheet_lower((unsigned char)s[j]) == 'e' && j + 1 < n && (digit((unsigned char)s[j + 1]) ||
			    s[j + 1] == '+' || s[j + 1] == '-')) {
				for (j += 2; j < n && digit((unsigned char)s[j]); j++)
					;
				kind = TK_POW;
			} else if (j < n && s[j] == '^') {
				for (j++; j < n && (digit((unsigned char)s[j]) || s[j] == '-'); j++)
					;
				kind = TK_POW;
			} else if (j < n && superscript(s + j) > 0) {
				while (j < n && superscript(s + j) > 0)
					j += superscript(s + j);
				kind = TK_POW;
			} else if (j < n && alpha((unsigned char)s[j])) {
				size_t w = j;

				while (w < n && alpha((unsigned char)s[w]))
					w++;
				/* "10k", "1m", "4kib": a sized number; "10x" a
				 * multiplier; "32t" and "99th" are other words. */
				char suf[8];

				snprintf(suf, sizeof suf, "%.*s", (int)(w - j < 7 ? w - j : 7), s + j);
				for (char *c = suf; *c != '\0'; c++)
					*c = (char)sheet_lower((unsigned char)*c);
				if (sheet_in(suf, prefixes) || sheet_in(suf, (const char *const[]){
				    "kb", "kib", "mb", "mib", "gb", "gib", "mio", "mrd", NULL })) {
					kind = TK_SIZED;
					j = w;
				} else if (strcmp(suf, "s") == 0 && s[i] == '1' &&
				    strspn(s + i + 1, "0") == j - i - 1 && j - i >= 3) {
					add(t, TK_WORD, s + i, w - i, at + i, group);	/* "1000s" */
					i = w;
					continue;
				} else if (strcmp(suf, "x") == 0) {
					add(t, TK_NUM, s + i, j - i, at + i, group);
					add(t, TK_OP, s + j, 1, at + j, group);
					i = w;
					continue;
				}
			}
			add(t, kind, s + i, j - i, at + i, group);
		} else if (alpha((unsigned char)s[i])) {
			while (j < n && (alpha((unsigned char)s[j]) || s[j] == '\''))
				j++;
			add(t, TK_WORD, s + i, j - i, at + i, group);
			while (j < n && s[j] == '.')
				j++;	/* "tsd.", "rel." */
		} else if (s[i] == '.' || s[i] == '-' || s[i] == '_' || s[i] == '=' || s[i] == ':') {
			;
		} else {
			if ((unsigned char)s[i] >= 0x80)
				while (j < n && ((unsigned char)s[j] & 0xc0) == 0x80)
					j++;
			add(t, TK_SYM, s + i, j - i, at + i, group);
		}
		i = j;
	}
}

static int
brk(int c)
{
	return c == ' ' || c == '(' || c == ')' || c == '[' || c == ']' || c == '{' ||
	    c == '}' || c == ',' || c == ';' || c == '|' || c == '"';
}

/* Cuts the header into tokens, lower-cased; units are found as eb_sheet_split
 * finds them, over up to three chunks ("MB / s"). */
static void
tokens(const char *header, struct toks *t)
{
	struct { size_t at, len; int group, sep; } ch[MAXTOK];
	size_t nch = 0, len;
	int depth = 0, groups = 0, group = 0;

	t->n = 0;
	eb_sheet_squeeze(header, t->text, sizeof t->text);
	len = strlen(t->text);
	for (size_t i = 0; i < len;) {
		size_t j = i;
		char c = t->text[i];

		if (c == '(' || c == '[' || c == '{') {
			if (depth++ == 0)
				group = ++groups;
			i++;
			continue;
		}
		if (c == ')' || c == ']' || c == '}') {
			depth -= depth > 0;
			if (depth == 0)
				group = 0;
			i++;
			continue;
		}
		if (brk((unsigned char)c)) {
			i++;
			continue;
		}
		while (j < len && !brk((unsigned char)t->text[j]))
			j++;
		if (nch < MAXTOK) {
			ch[nch].at = i;
			ch[nch].len = j - i;
			ch[nch].group = group;
			ch[nch].sep = i > 0 && (t->text[i - 1] == ',' || t->text[i - 1] == ';' ||
			    (t->text[i - 1] == ' ' && i > 1 && (t->text[i - 2] == ',' ||
			    t->text[i - 2] == ';')));
			nch++;
		}
		i = j;
	}
	for (size_t i = 0; i < nch;) {
		size_t take = 0;

		for (size_t k = nch - i < 3 ? nch - i : 3; k >= 1 && take == 0; k--) {
			char buf[48];
			size_t bl = 0;
			struct eb_sheet_unit u;
			int fits = 1;

			for (size_t m = 0; m < k && fits; m++) {
				if (ch[i + m].group != ch[i].group || bl + ch[i + m].len >= sizeof buf)
					fits = 0;
				else {
					memcpy(buf + bl, t->text + ch[i + m].at, ch[i + m].len);
					bl += ch[i + m].len;
				}
			}
			if (fits && eb_sheet_unit_parse(buf, bl, &u) && u.kind != EB_SK_PCT) {
				add(t, TK_UNIT, t->text + ch[i].at, ch[i + k - 1].at +
				    ch[i + k - 1].len - ch[i].at, ch[i].at, ch[i].group);
				take = k;
			}
		}
		if (take == 0) {
			int first = t->n;

			chunk(t, ch[i].at, ch[i].len, ch[i].group);
			if (t->n > first)
				t->v[first].sep = ch[i].sep;
			take = 1;
		} else {
			t->v[t->n - 1].sep = ch[i].sep;
		}
		i += take;
	}
}

/* Whether token k is a power of ten written in digits, 10 to 10^12, or
 * the "000" of a "1,000" cut at its comma. */
static int
ten(const struct tok *k)
{
	if (k->kind != TK_NUM || k->len < 2 || k->len > 13 || (k->s[0] != '1' &&
	    !(k->len == 3 && strcmp(k->s, "000") == 0)))
		return 0;
	for (size_t i = 1; i < k->len; i++)
		if (k->s[i] != '0')
			return 0;
	return 1;
}

static int
is_scale_word(const struct tok *k)
{
	return k->kind == TK_WORD && (sheet_in(k->s, scale_words) ||
	    (k->s[0] == '1' && k->s[k->len - 1] == 's'));
}

/* Whether token k may be the multiplier after an operator or "in". */
static int
multiplier(const struct tok *k)
{
	return k->kind == TK_NUM || k->kind == TK_POW || k->kind == TK_SIZED ||
	    (k->kind == TK_WORD && (sheet_in(k->s, prefixes) || is_scale_word(k)));
}

static const char *
found(const struct toks *t, const struct tok *from, const struct tok *to,
    const char *what, char *tok, size_t n)
{
	snprintf(tok, n, "%.*s", (int)(to->at + to->len - from->at), t->text + from->at);
	return what;
}

const char *
eb_sheet_scale(const char *header, char *tok, size_t n)
{
	struct toks t;
	int unit_before = 0;

	tokens(header, &t);
	for (int i = 0; i < t.n; i++) {
		const struct tok *k = &t.v[i], *next = i + 1 < t.n ? &t.v[i + 1] : NULL;
		const struct tok *prev = i > 0 ? &t.v[i - 1] : NULL;
		int g = k->group, times = k->kind == TK_OP && (k->s[0] == 'x' ||
		    strncmp(k->s, "\xc3\x97", 2) == 0);

		if (k->kind == TK_UNIT) {
			unit_before = 1;
			continue;
		}
		if (is_scale_word(k))
			return found(&t, k, k, "a scale word", tok, n);
		/* "x1000", "* 10", "÷ 10", "/ k"; a slash only before a power
		 * of ten or a prefix, as "1/2" may be runs. */
		if (k->kind == TK_OP && next != NULL && multiplier(next) &&
		    (k->s[0] != '/' || ten(next) || next->kind == TK_POW || next->kind == TK_WORD ||
		    (prev != NULL && prev->kind == TK_UNIT)))
			return found(&t, k, next, "a multiplier", tok, n);
		if (k->kind == TK_WORD && (strcmp(k->s, "x") == 0 || strcmp(k->s, "times") == 0) &&
		    next != NULL && (ten(next) || next->kind == TK_POW))
			return found(&t, k, next, "a multiplier", tok, n);
		/* "10x", "1000 ×": the number, then the sign. */
		if (times && prev != NULL && (prev->kind == TK_NUM || prev->kind == TK_POW) &&
		    (next == NULL || next->kind == TK_UNIT || next->group != g))
			return found(&t, prev, k, "a multiplier", tok, n);
		if (k->kind == TK_POW && (g > 0 || k->s[0] != 'e'))
			return found(&t, k, k, "a power of ten", tok, n);
		if (k->kind == TK_WORD && (strcmp(k->s, "in") == 0 || strcmp(k->s, "en") == 0) &&
		    next != NULL && (ten(next) || next->kind == TK_POW ||
		    (next->kind == TK_WORD && sheet_in(next->s, prefixes))))
			return found(&t, k, next, "a scale word", tok, n);
		/* "IOPS k", "MB/s (M)": a prefix alone, not a number's ("4 k")
		 * nor a word's ("T8" threads). */
		if (k->kind == TK_WORD && sheet_in(k->s, prefixes) && (g > 0 || unit_before) &&
		    !(prev != NULL && prev->kind == TK_NUM && prev->group == g) &&
		    !(next != NULL && next->kind == TK_NUM && next->at <= k->at + k->len + 1))
			return found(&t, k, k, "a scale word", tok, n);
		/* "(0.1 GB/s)", "(64 MB/s)": a number right before the unit in
		 * brackets, but 1. */
		if (k->kind == TK_NUM && g > 0 && next != NULL && next->kind == TK_UNIT &&
		    next->group == g && !next->sep && k->num != 1)
			return found(&t, k, k, ten(k) ? "a power of ten" : "a multiplier", tok, n);
		/* "IOPS (10k)": a sized number alone in brackets after the unit. */
		if (k->kind == TK_SIZED && unit_before && g > 0 &&
		    (prev == NULL || prev->group != g) && (next == NULL || next->group != g))
			return found(&t, k, k, "a multiplier", tok, n);
	}
	/* A bracketed group of numbers, units and joining words only, one of
	 * them a power of ten, or a sized number right before the unit:
	 * "(1000 MB/s)", "(10k IOPS)"; "(10)" alone may be a run. */
	for (int i = 0; i < t.n; i++) {
		int g = t.v[i].group, j, pow = -1, other = 0, units = 0;

		if (g == 0 || (i > 0 && t.v[i - 1].group == g))
			continue;
		for (j = i; j < t.n && t.v[j].group == g; j++) {
			const struct tok *k = &t.v[j];

			if (ten(k) || (k->kind == TK_SIZED && j + 1 < t.n &&
			    t.v[j + 1].group == g && t.v[j + 1].kind == TK_UNIT && !t.v[j + 1].sep))
				pow = pow < 0 ? j : pow;
			else if (k->kind == TK_UNIT)
				units++;
			else if (k->kind != TK_NUM && !(k->kind == TK_WORD && sheet_in(k->s, joiners)) &&
			    !(k->kind == TK_SYM && (strcmp(k->s, "'") == 0 ||
			    strcmp(k->s, "\xe2\x80\x99") == 0)))
				other++;
		}
		if (pow >= 0 && other == 0 && (units > 0 || t.v[pow].num >= 100 || j - i >= 2))
			return found(&t, &t.v[pow], &t.v[pow], t.v[pow].kind == TK_SIZED ?
			    "a multiplier" : "a power of ten", tok, n);
	}
	return NULL;
}

/* Words in brackets that say something encbench does not read ("(per
 * thread)", "(compressed)") may change what the numbers are; read past,
 * they were dropped in silence. A bracket is read when it is a unit, a
 * mode, configuration or release, or words the header reader knows. */
int
eb_sheet_unread_group(const char *header, char *tok, size_t n)
{
	const char *s = header;

	while ((s = strpbrk(s, "([")) != NULL) {
		const char *e = strchr(s, *s == '(' ? ')' : ']');
		char group[128], cfg[64];
		struct eb_sheet_unit u;
		struct eb_mode_label m;
		size_t len;

		if (e == NULL)
			return 0;
		len = (size_t)(e - s - 1);
		if (len >= sizeof group) {
			s = e;
			continue;
		}
		memcpy(group, s + 1, len);
		group[len] = '\0';
		/* "(?)", "(*)", "(!)": a mark on the figures, of doubt or of a
		 * footnote, with no word to read. */
		if (len > 0 && strpbrk(group, "*?!~") != NULL) {
			snprintf(tok, n, "(%s)", group);
			return 1;
		}
		if (len > 0 && !eb_sheet_unit_parse(group, len, &u) &&
		    eb_mode_read(group, &m) == EB_MODE_UNKNOWN && !eb_config_canonical(group, cfg,
		    sizeof cfg) && !eb_sheet_is_release(group) && !eb_sheet_is_derived(group) &&
		    !eb_sheet_is_rep_summary(group) && eb_sheet_group_unread(group)) {
			snprintf(tok, n, "(%s)", group);
			return 1;
		}
		s = e;
	}
	return 0;
}
