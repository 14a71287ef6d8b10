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
};

struct words {
	struct word v[MAXWORDS];
	int n;
	int nunits;
	struct eb_sheet_unit unit;	/* the first unit seen */
	int unit_paren;
	int unit_clash;		/* a second unit other than the first */
};

/* Cuts text (at most 512 bytes of it) into ws: words lower-cased, runs of
 * digits with their number, units ("MB/s") read as units. */
void eb_sheet_split(const char *text, struct words *ws);
/* Whether word i of ws is w. */
int eb_sheet_word_is(const struct words *ws, int i, const char *w);

#endif
