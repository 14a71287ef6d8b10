/* sheet_words.h - a spreadsheet header or label cut into words, numbers
 * and units, for the readers of what the words say (sheet_header.c). */
#ifndef EB_SHEET_WORDS_H
#define EB_SHEET_WORDS_H

#include "sheet.h"

#define MAXWORDS 48

struct word {
	char w[24];
	long num;		/* a run of digits, or -1 */
	int paren;		/* inside parentheses or brackets */
	int glued;		/* digits right after letters: "QD32", "T8", "r2" */
	int frac;		/* digits with a fraction: "99.9" (num -1) */
	short at, len;		/* the chunk it came from, in words.text */
};

struct words {
	const char *text;	/* what was split */
	struct word v[MAXWORDS];
	int n;
	int nunits;
	struct eb_sheet_unit unit;	/* the first unit seen */
	int unit_paren;
	int unit_clash;		/* a second unit other than the first */
	size_t chunk_at, chunk_len;	/* the chunk being split */
};

/* Cuts text (at most 512 bytes of it) into ws: words lower-cased, runs of
 * digits with their number, units ("MB/s") read as units. */
void eb_sheet_split(const char *text, struct words *ws);
/* Words before a run's number: "Run 2", "r2", "#2", "pass 2". */
extern const char *const eb_sheet_rep_words[];
/* Bytes per unit of a size suffix ("k", "MiB", "gb"): 1024 for 4k, as fio
 * and dd read it; 0 for any other word. */
int64_t eb_sheet_size_suffix(const char *w);
/* Whether word i of ws is w. */
int eb_sheet_word_is(const struct words *ws, int i, const char *w);
/* A sign outside brackets that marks a figure ("*", "?", "!", "~"), with
 * the blank-separated chunk it is in, into buf; "" for none. */
void eb_sheet_unread_sign(const char *text, char *buf, size_t n);
/* The configuration a header names in brackets, "DD Read (no AES-NI)",
 * into buf as eb_config_canonical spells it; "" for none. */
void eb_sheet_bracket_config(const char *text, char *buf, size_t n);
/* The release a header names in brackets, "Write (Ubuntu 22.04)", into
 * buf as a release cell reads it; "" for none. */
void eb_sheet_bracket_release(const char *text, char *buf, size_t n);
/* Blanks each bracketed configuration of text in place, so that the rest
 * is read as if it named none ("Read (no AES-NI)" reads as "Read"). */
void eb_sheet_blank_config(char *text);

#endif
