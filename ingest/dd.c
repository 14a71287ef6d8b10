/* dd.c - dd's transfer statistics, as GNU coreutils of every era and locale,
 * the BSDs, macOS and BusyBox print them, out of whatever text surrounds them. */
#include <math.h>
#include <regex.h>
#include <stdlib.h>
#include <string.h>

#include "dd.h"
#include "ingest.h"

/* A number as dd prints it: %g seconds, so an exponent is possible
 * ("7.0885e-05 s"), and a decimal comma under most LC_NUMERIC locales. */
#define NUM "([0-9]+([.,][0-9]+)?([eE][-+]?[0-9]+)?)"

/* "records in/out" in every translation seen in coreutils' po files; the
 * records line and the summary line are separate messages, so a block can
 * mix languages (kali-usb-de: German records, English summary). */
static const char rec_re[] =
    "([0-9]+)\\+([0-9]+) *(records (in|out)|Datensätze (ein|aus)|"
    "enregistrements (lus|écrits)|записей (получено|отправлено)|"
    "записів (прочитано|записано)|块记录|"
    "registros (leídos|escritos|de entrada|de saída)|"
    "(przeczytanych|zapisanych) rekordów|レコード(入力|出力)|"
    "records (gelezen|geschreven)|레코드 (입력함|출력함))";

/* A records line in a language the list above lacks: coreutils 9.1 has
 * translations of its own for Estonian ("32+0 kirjet sisse"), Croatian
 * ("zapisa primljeno") and Turkish ("kayıt girdi"), and more may come.
 * GNU dd always prints "in" before "out", so the order gives the direction. */
static const char rec_any_re[] = "^([0-9]+)\\+([0-9]+) +[^0-9+ ][^0-9+]*$";

/* GNU coreutils <= 5.3 and every BSD (macOS included): the rate is exact.
 * Blanks may be doubled or tabs where the line went through a paste or a
 * wiki table, as the GNU pattern allows. */
#define SP "[ \t]+"
static const char xfer_re[] =
    "([0-9]+)" SP "bytes" SP "transferred" SP "in" SP NUM SP "(secs|seconds)" SP
    "\\(([0-9]+)" SP "bytes/sec\\)";

/* FreeBSD >= 12 and macOS >= 13 status=progress: always interim. */
static const char bsd_progress_re[] =
    "([0-9]+) bytes \\([^)]*\\) transferred " NUM "s,";

/* GNU coreutils >= 5.9x in every language, and BusyBox: a byte count, its
 * word, an optional human size in parentheses, a verb (none when it came
 * first, as in Russian before 8.25), then seconds. The seconds unit is not
 * translatable since 8.25; before, Russian wrote a Latin or Cyrillic "c". */
#define BYTE_WORDS "(bytes?|Bytes?|octets?|байт(а|ов)?|байтів|байти|" \
    "bajt(y|ów)?|字节|位元組|バイト|바이트|bayt|baiti?|bajtova)"
static const char gnu_re[] =
    "(^|[^0-9+])([0-9]+) *" BYTE_WORDS "( *\\([^)]*\\))?"
    "[^,(]*, *" NUM " *(s|seconds|c|с)(,|$| )";

/* The start every summary line has: a line that begins so where a summary
 * is due (after "records out") but matches no summary pattern is one cut
 * at the end of a file or damaged ("copied, 0.0", "0.0x34979 s"). */
static const char cut_re[] = "^[0-9]+( *" BYTE_WORDS "| *[^ 0-9+]{0,5}$)";

enum { GNU_BYTES = 2, GNU_HUMAN = 6, GNU_SECS = 7, GNU_NGROUPS = 12 };
enum { XFER_BYTES = 1, XFER_SECS = 2, XFER_NGROUPS = 7 };
enum { REC_FULL = 1, REC_PART = 2, REC_NGROUPS = 16 };

static regex_t rec_rx, rec_any_rx, xfer_rx, bsdp_rx, gnu_rx, prefix_rx, cut_rx;
static int compiled;

static void
compile(void)
{
	if (compiled)
		return;
	if (regcomp(&rec_rx, rec_re, REG_EXTENDED) != 0 ||
	    regcomp(&rec_any_rx, rec_any_re, REG_EXTENDED) != 0 ||
	    regcomp(&xfer_rx, xfer_re, REG_EXTENDED) != 0 ||
	    regcomp(&bsdp_rx, bsd_progress_re, REG_EXTENDED) != 0 ||
	    regcomp(&gnu_rx, gnu_re, REG_EXTENDED) != 0 ||
	    regcomp(&cut_rx, cut_re, REG_EXTENDED | REG_NOSUB) != 0 ||
	    regcomp(&prefix_rx, "^([A-Za-z0-9][A-Za-z0-9._-]{0,62}): ", REG_EXTENDED) != 0) {
		fputs("encbench: internal error: a dd pattern does not compile\n", stderr);
		abort();
	}
	compiled = 1;
}

__attribute__((destructor)) static void
release(void)
{
	if (!compiled)
		return;
	regfree(&rec_rx);
	regfree(&rec_any_rx);
	regfree(&xfer_rx);
	regfree(&bsdp_rx);
	regfree(&gnu_rx);
	regfree(&prefix_rx);
	regfree(&cut_rx);
	compiled = 0;
}

/* One dd invocation's statistics as one summary line gave them. */
struct dd_result {
	long line, first_line;	/* the summary line; where its block began */
	double bytes, secs;
	long long out_full, out_part, in_full, in_part;
	int have_records;
	int dropped;		/* interim statistics of a later result */
	int digits;		/* significant digits of its time's format */
	char secs_text[32];	/* the seconds as printed, with a '.' */
	char prefix[64];	/* pdsh/clush "host: " prefix, or "" */
	char *error;		/* a "dd: ..." line of the same block */
	long error_line;
};

/* What is known of the block being read for one prefix. */
struct dd_block {
	char prefix[64];
	long first_line;
	long long in_full, in_part, out_full, out_part;
	int have_in, have_out;
	char *error;
	long error_line;
	long last_summary;	/* line of this prefix's previous result */
};

struct dd_state {
	struct dd_result *res;
	size_t nres, capres;
	struct dd_block *blocks;
	size_t nblocks, capblocks;
	struct eb_buf norm;
	long nprogress, nrecords;
	long last_progress;	/* line of the last status=progress figure */
	char *last_error;	/* for "no result" messages */
	long bad_line;		/* the first figure no dd prints, 0 for none */
	char bad[160];
};

/* Remembers the first damaged figure; the line it is on fails the file. */
static void
damaged(struct dd_state *st, long lineno, const char *what, const char *s, size_t n)
{
	if (st->bad_line != 0)
		return;
	st->bad_line = lineno;
	if (n == 0)
		snprintf(st->bad, sizeof st->bad, "%.150s", what);
	else
		snprintf(st->bad, sizeof st->bad, "%.90s: '%.*s'", what, (int)(n > 60 ? 60 : n), s);
}

/* The length of a BBCode tag ("[COLOR=#FF0000]", "[/COLOR]") at s, or 0. */
static size_t
bbcode_tag(const char *s, size_t n)
{
	size_t j = 1, letters = 0;

	if (j < n && s[j] == '/')
		j++;
	while (j < n && ((s[j] >= 'A' && s[j] <= 'Z') || (s[j] >= 'a' && s[j] <= 'z'))) {
		j++;
		letters++;
	}
	if (letters == 0)
		return 0;
	if (j < n && s[j] == '=')
		while (j < n && s[j] != ']' && s[j] != ' ')
			j++;
	return j < n && s[j] == ']' ? j + 1 : 0;
}

/* Copies a piece of a line into st->norm with the look-alike characters of
 * translations made plain: no-break spaces (fr) become spaces, full-width
 * and ideographic commas (zh, ja) become ", ", and forum markup (BBCode
 * tags, markdown bold) that people wrap around the rate goes. */
static const char *
normalise(struct dd_state *st, const char *s, size_t n)
{
	struct eb_buf *b = &st->norm;

	eb_buf_reset(b);
	for (size_t i = 0; i < n;) {
		const unsigned char *u = (const unsigned char *)s + i;

		if (n - i >= 2 && u[0] == 0xC2 && u[1] == 0xA0) {
			eb_buf_addc(b, ' ');
			i += 2;
		} else if (n - i >= 3 && u[0] == 0xE2 && u[1] == 0x80 && u[2] == 0xAF) {
			eb_buf_addc(b, ' ');
			i += 3;
		} else if (n - i >= 3 && ((u[0] == 0xEF && u[1] == 0xBC && u[2] == 0x8C) ||
		    (u[0] == 0xE3 && u[1] == 0x80 && u[2] == 0x81))) {
			eb_buf_add(b, ", ", 2);
			i += 3;
		} else if (n - i >= 2 && s[i] == '*' && s[i + 1] == '*') {
			i += 2;
		} else if (s[i] == '[' && bbcode_tag(s + i, n - i) > 0) {
			i += bbcode_tag(s + i, n - i);
		} else {
			eb_buf_addc(b, s[i++]);
		}
	}
	while (b->len > 0 && (b->data[b->len - 1] == ' ' || b->data[b->len - 1] == '\t'))
		b->data[--b->len] = '\0';
	return eb_buf_cstr(b);
}

/* Whether a byte count's word ("bytes", "octets", "байт", ...) follows a
 * digit somewhere in the line: every summary dd writes has one, and fio
 * JSON keys such as "io_bytes", which come before their numbers, do not.
 * One pass with a first-byte test, as the probe runs over every line of
 * every file of a folder. */
static int
has_byte_word(const char *s, size_t n)
{
	static const char *const words[] = {
		"byte", "Byte", "octet", "байт", "bajt", "字节", "位元組", "バイト", "bayt", "bait",
	};
	size_t i = 0;

	while (i < n && !(s[i] >= '0' && s[i] <= '9'))
		i++;
	for (; i < n; i++) {
		unsigned char c = (unsigned char)s[i];

		if (c != 'b' && c != 'B' && c != 'o' && c < 0xd0)
			continue;
		for (size_t k = 0; k < sizeof words / sizeof words[0]; k++) {
			size_t len = strlen(words[k]);

			if ((unsigned char)words[k][0] == c && n - i >= len &&
			    memcmp(s + i, words[k], len) == 0)
				return 1;
		}
	}
	return 0;
}

static int
probe(const char *head, size_t len)
{
	struct dd_state st;
	int score = 0;

	compile();
	memset(&st, 0, sizeof st);
	for (size_t i = 0; i < len && score < 60;) {
		const char *nl = memchr(head + i, '\n', len - i);
		const char *cr = memchr(head + i, '\r', nl ? (size_t)(nl - head) - i : len - i);
		size_t n = (size_t)((cr ? cr : nl ? nl : head + len) - (head + i));
		const char *s;

		/* Only a records line ('+') or a line with a byte word can be dd's;
		 * the regular expressions are too slow for every line of every
		 * file the probes see. */
		if (memchr(head + i, '+', n) == NULL && !has_byte_word(head + i, n)) {
			i += n + 1;
			continue;
		}
		s = normalise(&st, head + i, n);
		i += n + 1;
		if (strpbrk(s, "0123456789") == NULL)
			continue;
		if (regexec(&xfer_rx, s, 0, NULL, 0) == 0 ||
		    regexec(&gnu_rx, s, 0, NULL, 0) == 0 ||
		    regexec(&bsdp_rx, s, 0, NULL, 0) == 0)
			score = 60;
		else if (regexec(&rec_rx, s, 0, NULL, 0) == 0)
			score = 40;
	}
	eb_buf_free(&st.norm);
	return score;
}

static struct dd_block *
block_for(struct dd_state *st, const char *prefix)
{
	struct dd_block *b;

	for (size_t i = 0; i < st->nblocks; i++)
		if (strcmp(st->blocks[i].prefix, prefix) == 0)
			return &st->blocks[i];
	eb_xgrow(&st->blocks, &st->capblocks, st->nblocks + 1, sizeof *st->blocks);
	b = &st->blocks[st->nblocks++];
	memset(b, 0, sizeof *b);
	snprintf(b->prefix, sizeof b->prefix, "%s", prefix);
	return b;
}

static void
block_reset(struct dd_block *b)
{
	free(b->error);
	b->error = NULL;
	b->first_line = 0;
	b->have_in = b->have_out = 0;
	b->in_full = b->in_part = b->out_full = b->out_part = 0;
}

static double
group_number(const char *s, const regmatch_t *m)
{
	double v = 0;

	eb_parse_number(s + m->rm_so, (size_t)(m->rm_eo - m->rm_so), &v);
	return v;
}

static int
is_out_word(const char *s, size_t n, const char *whole)
{
	static const char *const outs[] = {
		"out", "aus", "écrits", "отправлено", "записано", "escritos",
		"saída", "zapisanych", "出力", "geschreven", "출력함",
	};
	char *m = eb_xstrndup(s, n);
	int out = 0;

	for (size_t i = 0; i < sizeof outs / sizeof outs[0] && !out; i++)
		out = strstr(m, outs[i]) != NULL;
	/* Chinese puts the direction before the count: 输出了 1+0 块记录. */
	if (!out && strstr(m, "块记录") != NULL)
		out = strstr(whole, "输出") != NULL;
	free(m);
	return out;
}

/* A block is SIGUSR1 (GNU) or SIGINFO (BSD) interim statistics of the next
 * one when the next follows it at once, for the same host, and has moved on
 * in bytes and time at the same block size; separate runs of one command
 * repeat the byte count instead. ocz-ssd-clone (coreutils 6.x-8.24) shows
 * three such blocks of one clone. */
static int
is_interim(const struct dd_result *a, const struct dd_result *b)
{
	if (a->error != NULL || strcmp(a->prefix, b->prefix) != 0)
		return 0;
	if (b->first_line != a->line + 1 || !a->have_records || !b->have_records)
		return 0;
	if (!(a->bytes < b->bytes && a->secs < b->secs))
		return 0;
	if (a->in_full > b->in_full || a->out_full > b->out_full)
		return 0;
	if (a->out_part == 0 && b->out_part == 0 && a->out_full > 0 &&
	    a->bytes * (double)b->out_full != b->bytes * (double)a->out_full)
		return 0;
	return 1;
}

static void
add_result(struct dd_state *st, struct eb_parse *p, struct dd_block *b,
    double bytes, double secs, const char *secs_text, size_t secslen, int digits,
    long lineno)
{
	struct dd_result *r;

	eb_xgrow(&st->res, &st->capres, st->nres + 1, sizeof *st->res);
	/* A time beyond the limit (core/limits.c) is a damaged figure:
	 * "1e400 s" reads as infinity and gave a rate of 0. */
	if (!(secs <= eb_metric_limit("runtime", NULL))) {
		const char *shown;
		char why[160];

		eb_metric_limit("runtime", &shown);
		if (isfinite(secs))
			snprintf(why, sizeof why, "a time of %.9g s, beyond the plausible limit of %s",
			    secs, shown);
		else
			snprintf(why, sizeof why, "a time too large for a number");
		damaged(st, lineno, why, "", 0);
		return;
	}
	r = &st->res[st->nres];
	memset(r, 0, sizeof *r);
	r->line = lineno;
	r->first_line = b->first_line ? b->first_line : lineno;
	r->bytes = bytes;
	r->secs = secs;
	r->digits = digits;
	snprintf(r->secs_text, sizeof r->secs_text, "%.*s", (int)(secslen < 31 ? secslen : 31),
	    secs_text);
	for (char *c = r->secs_text; *c != '\0'; c++)
		if (*c == ',')
			*c = '.';
	r->have_records = b->have_out;
	r->in_full = b->in_full;
	r->in_part = b->in_part;
	r->out_full = b->out_full;
	r->out_part = b->out_part;
	snprintf(r->prefix, sizeof r->prefix, "%s", b->prefix);
	r->error = b->error;
	r->error_line = b->error_line;
	b->error = NULL;
	if (st->nres > 0) {
		for (size_t i = st->nres; i-- > 0;) {
			struct dd_result *prev = &st->res[i];

			if (strcmp(prev->prefix, r->prefix) != 0 || prev->dropped)
				continue;
			if (is_interim(prev, r)) {
				prev->dropped = 1;
				/* dd prints its SIGUSR1 and SIGINFO figures as it
				 * prints a run's last, so that runs appended to one
				 * log that each move more bytes (a size sweep, a
				 * warm-up) look the same: a warning, which -q keeps
				 * (outside audit C14). */
				eb_diag(p->diag, EB_WARNING, eb_parse_loc(p, prev->line),
				    "taken as interim statistics (SIGUSR1/SIGINFO) of the run "
				    "ending at line %ld, which goes on from them (more bytes and "
				    "time, the same block size), so only that line's figure is "
				    "kept; runs appended to one log that grow so (a size sweep, a "
				    "warm-up) look the same: give each run a file of its own",
				    lineno);
			}
			break;
		}
	}
	st->nres++;
	block_reset(b);
	b->last_summary = lineno;
}

/* One "N+M records in/out" count; 0 when it is beyond what dd can count. */
static int
take_count(struct dd_state *st, struct dd_block *b, const char *at, const regmatch_t *m,
    int out, long lineno)
{
	double vfull = group_number(at, &m[REC_FULL]), vpart = group_number(at, &m[REC_PART]);

	/* dd counts records in an intmax_t. */
	if (!(vfull < 9223372036854775807.0 && vpart < 9223372036854775807.0)) {
		damaged(st, lineno, "a records count larger than dd can count",
		    at + m[0].rm_so, (size_t)(m[0].rm_eo - m[0].rm_so));
		return 0;
	}
	if (out) {
		b->out_full = (long long)vfull;
		b->out_part = (long long)vpart;
		b->have_out = 1;
	} else {
		/* A new "records in" after a complete block starts the next. */
		if (b->have_out)
			block_reset(b);
		b->in_full = (long long)vfull;
		b->in_part = (long long)vpart;
		b->have_in = 1;
	}
	if (b->first_line == 0)
		b->first_line = lineno;
	st->nrecords++;
	return 1;
}

static void
take_records(struct dd_state *st, struct dd_block *b, const char *s, long lineno)
{
	regmatch_t m[REC_NGROUPS];
	const char *at = s;

	while (regexec(&rec_rx, at, REC_NGROUPS, m, at == s ? 0 : REG_NOTBOL) == 0) {
		int out = is_out_word(at + m[3].rm_so, (size_t)(m[3].rm_eo - m[3].rm_so), s);

		if (!take_count(st, b, at, m, out, lineno))
			return;
		at += m[0].rm_eo;
	}
	if (at == s && regexec(&rec_any_rx, s, REC_NGROUPS, m, 0) == 0)
		(void)take_count(st, b, s, m, b->have_in && !b->have_out, lineno);
}

/* A summary line's result, once its figures are found to agree with each
 * other and with the records lines before it. */
static void
take_summary(struct dd_state *st, struct eb_parse *p, struct dd_block *b, const char *s,
    regmatch_t bytes_at, regmatch_t secs_at, const regmatch_t *human_at, long lineno)
{
	double bytes = group_number(s, &bytes_at), secs = group_number(s, &secs_at);
	const char *secs_text = s + secs_at.rm_so, *rate = s + secs_at.rm_eo;
	size_t secslen = (size_t)(secs_at.rm_eo - secs_at.rm_so);
	char why[200];

	/* The seconds' unit ("s", "secs", "seconds") comes before the rate. */
	while (*rate != '\0' && *rate != ',' && *rate != '(')
		rate++;
	if (!eb_dd_figures_agree(bytes, secs_text, secslen,
	    human_at != NULL && human_at->rm_so >= 0 ? s + human_at->rm_so : "",
	    human_at != NULL && human_at->rm_so >= 0 ? (size_t)(human_at->rm_eo - human_at->rm_so) : 0,
	    rate, why, sizeof why)) {
		damaged(st, lineno, why, "", 0);
		return;
	}
	/* Full records only: the bytes are that many records of one size,
	 * unless a write failed part way, which counts its bytes and no
	 * record (otus-lvm-ru: ENOSPC, 7943+0 records, 7943.49 MiB). */
	if (b->have_out && b->error == NULL && b->out_part == 0 && b->out_full > 0 &&
	    bytes < 9e18 && strtoll(s + bytes_at.rm_so, NULL, 10) % b->out_full != 0) {
		snprintf(why, sizeof why, "%.*s bytes are no whole number of the %lld+0 records "
		    "out before them (a damaged figure)",
		    (int)(bytes_at.rm_eo - bytes_at.rm_so), s + bytes_at.rm_so, b->out_full);
		damaged(st, lineno, why, "", 0);
		return;
	}
	add_result(st, p, b, bytes, secs, secs_text, secslen,
	    eb_dd_time_digits(secs_text, secslen, rate), lineno);
}

static int
is_log_level(const char *word)
{
	static const char *const levels[] = {
		"trace", "debug", "info", "notice", "note", "warn", "warning", "error", "err",
		"fatal", "critical", "crit", "alert", "emerg", "log", "output", "stdout", "stderr",
	};

	for (size_t i = 0; i < sizeof levels / sizeof levels[0]; i++)
		if (eb_ascii_ieq(word, levels[i]))
			return 1;
	return 0;
}

/* Handles one piece of a line: the text before the first CR, or one of the
 * pieces after it, which status=progress rewrote in place. */
static void
take_piece(struct dd_state *st, struct eb_parse *p, const char *raw, size_t n,
    int after_cr, long lineno)
{
	const char *s = normalise(st, raw, n);
	char prefix[64] = "";
	regmatch_t m[GNU_NGROUPS];
	struct dd_block *b;

	while (*s == ' ' || *s == '\t' || *s == '>')
		s++;
	if (*s == '\0' || strpbrk(s, "0123456789") == NULL) {
		if (strncmp(s, "dd: ", 4) != 0)
			return;
	}
	if (regexec(&prefix_rx, s, 2, m, 0) == 0 && strncmp(s, "dd:", 3) != 0) {
		const char *rest = s + m[0].rm_eo;

		if (regexec(&rec_rx, rest, 0, NULL, 0) == 0 ||
		    regexec(&gnu_rx, rest, 0, NULL, 0) == 0 ||
		    regexec(&xfer_rx, rest, 0, NULL, 0) == 0 ||
		    strncmp(rest, "dd: ", 4) == 0) {
			snprintf(prefix, sizeof prefix, "%.*s",
			    (int)(m[1].rm_eo - m[1].rm_so), s + m[1].rm_so);
			/* A wrapper script's logger ("INFO: 1024+0 records in")
			 * names a level, not a host: the prefix goes, no host
			 * comes of it. */
			if (is_log_level(prefix))
				prefix[0] = '\0';
			s = rest;
		}
	}
	b = block_for(st, prefix);
	/* "dd: warning: partial read" (GNU, reading a pipe or /dev/zero under
	 * SIGUSR1 polling) is advice, not a failed run. */
	if (strncmp(s, "dd: ", 4) == 0 && strstr(s, "partial read") != NULL) {
		if (b->first_line == 0)
			b->first_line = lineno;
		return;
	}
	if (strncmp(s, "dd: ", 4) == 0) {
		free(b->error);
		b->error = eb_xstrdup(s);
		b->error_line = lineno;
		free(st->last_error);
		st->last_error = eb_xstrdup(s);
		if (b->first_line == 0)
			b->first_line = lineno;
		return;
	}
	if (regexec(&bsdp_rx, s, 0, NULL, 0) == 0) {
		st->nprogress++;
		st->last_progress = lineno;
		return;
	}
	if (regexec(&xfer_rx, s, XFER_NGROUPS, m, 0) == 0) {
		if (after_cr) {
			st->nprogress++;
			st->last_progress = lineno;
			return;
		}
		take_summary(st, p, b, s, m[XFER_BYTES], m[XFER_SECS], NULL, lineno);
		return;
	}
	take_records(st, b, s, lineno);
	if (regexec(&gnu_rx, s, GNU_NGROUPS, m, 0) == 0) {
		const char *secs = s + m[GNU_SECS].rm_so;
		size_t secslen = (size_t)(m[GNU_SECS].rm_eo - m[GNU_SECS].rm_so);
		int whole_secs = strcspn(secs, ".,eE") >= secslen;
		int iec = m[GNU_HUMAN].rm_so >= 0 &&
		    memmem(s + m[GNU_HUMAN].rm_so,
			(size_t)(m[GNU_HUMAN].rm_eo - m[GNU_HUMAN].rm_so), "iB", 2) != NULL;

		/* status=progress prints whole seconds ("%.0f s", coreutils
		 * 8.24 on), and a paste often turns its CR into a newline; the
		 * final summary prints "%g s", whole for a run of a whole number
		 * of seconds or of 100000 s and more ("123457 s"), but it always
		 * follows the records lines, which progress never does. */
		if (after_cr || (iec && whole_secs && !b->have_out)) {
			st->nprogress++;
			st->last_progress = lineno;
			return;
		}
		/* "-512 bytes": dd prints no sign; the digits alone are no count. */
		if (m[GNU_BYTES].rm_so > 0 && s[m[GNU_BYTES].rm_so - 1] == '-') {
			damaged(st, lineno, "a negative byte count", s + m[GNU_BYTES].rm_so - 1,
			    (size_t)(m[GNU_SECS].rm_eo - m[GNU_BYTES].rm_so + 1));
			return;
		}
		take_summary(st, p, b, s, m[GNU_BYTES], m[GNU_SECS], &m[GNU_HUMAN], lineno);
	} else if (b->have_out && !after_cr && regexec(&cut_rx, s, 0, NULL, 0) == 0) {
		damaged(st, lineno, "a dd summary line without the time and rate dd prints "
		    "(a cut or damaged line)", s, strlen(s));
	}
}

static enum eb_status
parse_line(struct eb_parse *p, char *line, size_t len, long lineno)
{
	struct dd_state *st = p->state;
	size_t start = 0;
	int after_cr = 0;

	compile();
	for (size_t i = 0; i <= len; i++) {
		if (i == len || line[i] == '\r') {
			if (i > start)
				take_piece(st, p, line + start, i - start, after_cr, lineno);
			start = i + 1;
			after_cr = 1;
		}
	}
	if (st->bad_line != 0)
		return eb_err_set(p->err, EB_ERR_DATA, eb_parse_loc(p, st->bad_line), "%s", st->bad);
	return EB_OK;
}

static void
release_state(struct dd_state *st)
{
	for (size_t i = 0; i < st->nres; i++)
		free(st->res[i].error);
	for (size_t i = 0; i < st->nblocks; i++)
		free(st->blocks[i].error);
	free(st->res);
	free(st->blocks);
	free(st->last_error);
	eb_buf_free(&st->norm);
}

/* Notes the run of r (runs.c), so that one run read twice, a copy under
 * another name, with other line ends or appended to its own log, fails
 * where it is met again. dd prints no name, date or seed: a run is its
 * host prefix, byte count, records and time. Two real runs of one command
 * share all but the time, and print the same time when they fall in one
 * step of its last digit: for a six-digit time (GNU's %g, BusyBox's and
 * FreeBSD's %f from 0.1 s and 1 s on) and times that spread by 1 %, about
 * once in 5,000 pairs (the step over the spread of two runs' difference,
 * 1e-5 / (0.01 x 1.34 x 3.5) for GNU's 1.33963 s), which is rare enough to
 * call a repeat a copy: the error names both places. A time of fewer
 * digits (OpenBSD's milliseconds, BusyBox below 0.1 s) repeats too often
 * for that, and a repeat is only told. */
static void
note_run(struct eb_parse *p, const struct dd_result *r)
{
	char id[200], what[200];
	int n;

	n = snprintf(id, sizeof id, "dd%c%s%c%.0f%c%s%c%lld+%lld%c%lld+%lld%c%d", 0, r->prefix,
	    0, r->bytes, 0, r->secs_text, 0, r->in_full, r->in_part, 0, r->out_full,
	    r->out_part, 0, r->have_records);
	snprintf(what, sizeof what, "a dd run with the same figures (%s%s%.0f bytes in %s s%s)",
	    r->prefix, r->prefix[0] != '\0' ? ": " : "", r->bytes, r->secs_text,
	    r->have_records ? ", the same records" : "");
	if (n <= 0 || (size_t)n >= sizeof id)
		return;
	if (r->digits >= 6)
		eb_parse_run(p, id, (size_t)n, r->line, what);
	else
		eb_parse_run_alike(p, id, (size_t)n, r->line, what);
	/* How much it moved is part of the test: runs of 16 MiB and of
	 * 512 MiB in files of one test are no repetitions of one. */
	snprintf(what, sizeof what, "bytes=%.0f", r->bytes);
	p->setup_run++;
	eb_parse_setup_of(p, "dd", "dd run", "dd", "", what, r->line);
}

static enum eb_status
emit(struct eb_parse *p, const struct dd_result *r, int infer_bs)
{
	struct eb_loc loc = eb_parse_loc(p, r->line);
	struct eb_record rec;

	/* dd counts bytes in an intmax_t: more is a damaged line, not a run. */
	if (r->bytes >= 9223372036854775808.0)
		return eb_err_set(p->err, EB_ERR_DATA, loc,
		    "a dd byte count larger than dd can count");
	if (r->bytes <= 0 || r->secs <= 0 || !isfinite(r->bytes / r->secs)) {
		eb_diag(p->diag, EB_WARNING, loc, "dd run %s: no rate, no record%s%s",
		    r->bytes <= 0 ? "copied 0 bytes" : "took no measurable time",
		    r->error ? "; dd said: " : "", r->error ? r->error : "");
		return EB_OK;
	}
	/* A run dd stopped on an error (a full disk, a failed read) moved
	 * what it could, not what its test asks: no repetition of that test. */
	if (r->error != NULL)
		return eb_err_set(p->err, EB_ERR_DATA, eb_parse_loc(p, r->error_line),
		    "this dd run stopped on an error (%.120s): the %.0f bytes of a run cut "
		    "short measure no test; run it again, or leave this output out", r->error,
		    r->bytes);
	eb_parse_record(p, &rec, "dd", "bw", EB_UNIT_BPS, r->line);
	rec.f[EB_F_JOB] = eb_intern_cstr(p->t, "dd");
	rec.f[EB_F_HOST] = eb_intern_cstr(p->t, r->prefix);
	rec.value = r->bytes / r->secs;
	/* dd counts output records of obs bytes; with no partial record the
	 * byte count divides into the block size exactly. A file where some
	 * runs lack their records lines gets no block size at all, so that
	 * the runs of one case keep one key. */
	if (infer_bs && r->out_part == 0 && r->out_full > 0 &&
	    fmod(r->bytes, (double)r->out_full) == 0 && r->bytes / (double)r->out_full < 9e18)
		rec.block_size = (int64_t)(r->bytes / (double)r->out_full);
	eb_table_add(p->t, &rec);
	note_run(p, r);
	return EB_OK;
}

/* A file whose runs have summaries but whose last run stops before its
 * own (records lines or status=progress figures after the last summary)
 * was cut: its other runs are not all the repetitions it holds, so it
 * fails where that run begins rather than give a smaller n in silence. */
static enum eb_status
cut_last_run(struct eb_parse *p, const struct dd_state *st)
{
	long last = 0, begin = 0;

	for (size_t i = 0; i < st->nres; i++)
		if (st->res[i].line > last)
			last = st->res[i].line;
	for (size_t i = 0; i < st->nblocks; i++) {
		const struct dd_block *b = &st->blocks[i];

		if ((b->have_in || b->have_out) && b->first_line > last &&
		    (begin == 0 || b->first_line < begin))
			begin = b->first_line;
	}
	if (begin == 0 && st->last_progress > last)
		begin = st->last_progress;
	if (begin == 0)
		return EB_OK;
	return eb_err_set(p->err, EB_ERR_DATA, eb_parse_loc(p, begin),
	    "a dd run begins here but the file ends before its summary line (a cut "
	    "file?); the runs before it are not all this file holds");
}

static enum eb_status
finish(struct eb_parse *p, int ok)
{
	struct dd_state *st = p->state;
	enum eb_status status = EB_OK;
	size_t before = p->t->n;
	int infer_bs = 1;

	if (ok) {
		for (size_t i = 0; i < st->nres; i++)
			if (!st->res[i].dropped && !st->res[i].have_records)
				infer_bs = 0;
		for (size_t i = 0; i < st->nres && status == EB_OK; i++)
			if (!st->res[i].dropped)
				status = emit(p, &st->res[i], infer_bs);
		if (status == EB_OK && st->nres > 0)
			status = cut_last_run(p, st);
		if (status != EB_OK)
			;
		else if (st->nres == 0)
			status = eb_err_set(p->err, EB_ERR_DATA, eb_parse_loc(p, 0),
			    "no dd result in this file%s%s%s%s",
			    st->nprogress ? " (only status=progress lines)" : "",
			    st->nrecords ? " (only records lines: this dd printed no "
			    "byte count or time, as BusyBox without its third status "
			    "line and status=noxfer do)" : "",
			    st->last_error ? "; dd said: " : "",
			    st->last_error ? st->last_error : "");
		else if (p->t->n == before)
			status = eb_err_set(p->err, EB_ERR_DATA, eb_parse_loc(p, 0),
			    "no usable dd result in this file");
	}
	release_state(st);
	return status;
}

const struct eb_format eb_format_dd = {
	"dd", "dd transfer statistics (GNU any era and locale, BSD, macOS, BusyBox)",
	probe, sizeof(struct dd_state), parse_line, finish, NULL, NULL, compile, NULL, 0,
};
