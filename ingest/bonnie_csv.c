/* bonnie_csv.c - the bonnie-csv format: bonnie++'s CSV result lines of every
 * format version (1.0x, "2", 1.96, 1.97, 1.98), wherever they sit in a file. */
#include <string.h>

#include "bonnie.h"

struct csv_state {
	struct eb_bonnie b;
	long table_line;	/* a text table seen, for the "no result" message */
};

/* Whether a line is one of names, as a spreadsheet's header is: three
 * cells or more, each after the first holding a letter and not opening
 * with a digit (a size such as "1G" does). */
static int
names_line(const char *s, size_t n)
{
	size_t cells = 0, i = 0;

	while (i <= n) {
		size_t end = i;
		int letter = 0;

		while (end < n && s[end] != ',')
			end++;
		for (size_t k = i; k < end; k++)
			letter |= (s[k] >= 'a' && s[k] <= 'z') || (s[k] >= 'A' && s[k] <= 'Z');
		if (cells > 0 && (!letter || (s[i] >= '0' && s[i] <= '9')))
			return 0;
		cells++;
		i = end + 1;
	}
	return cells >= 3;
}

static int
probe(const char *head, size_t len)
{
	int score = 0, names_first = -1;

	for (size_t i = 0; i < len && score < 90;) {
		const char *s = head + i, *nl = memchr(s, '\n', len - i);
		size_t n = nl != NULL ? (size_t)(nl - s) : len - i;

		i += n + 1;
		if (names_first < 0 && eb_bonnie_rtrim(s, n) > 0)
			names_first = names_line(s, eb_bonnie_rtrim(s, n));
		switch (eb_bonnie_csv_kind(s, n)) {
		case EB_BONNIE_CSV_RESULT:
			score = 90;
			break;
		case EB_BONNIE_CSV_RESULT_10X:
			/* No version field: only 27 fields whose cells fit. */
			if (score < 85)
				score = 85;
			break;
		case EB_BONNIE_CSV_HEADER:
			if (score < 80)
				score = 80;
			break;
		case EB_BONNIE_CSV_BROKEN:
			if (score < 60)
				score = 60;
			break;
		case EB_BONNIE_CSV_BROKEN_10X:
			/* Under a header of names it is a spreadsheet's row that
			 * reads like one: a mode, a block size such as "1M" and
			 * figures. */
			if (score < 60 && names_first != 1)
				score = 60;
			break;
		case EB_BONNIE_CSV_NONE:
			break;
		}
	}
	return score;
}

static enum eb_status
parse_line(struct eb_parse *p, char *line, size_t len, long lineno)
{
	struct csv_state *st = p->state;
	int taken;

	if (st->table_line == 0 && (strstr(line, "-Per Chr-") != NULL ||
	    strstr(line, "-Create--") != NULL || strstr(line, " %CP ") != NULL))
		st->table_line = lineno;
	return eb_bonnie_csv_line(p, &st->b, line, len, lineno, &taken);
}

static enum eb_status
finish(struct eb_parse *p, int ok)
{
	struct csv_state *st = p->state;

	if (st->b.first_sign == 0)
		st->b.first_sign = st->table_line;
	return eb_bonnie_finish(p, &st->b, ok, st->table_line ?
	    "only a text table, which --format bonnie-text reads" :
	    "no CSV result line");
}

const struct eb_format eb_format_bonnie_csv = {
	"bonnie-csv", "bonnie++ CSV lines (1.0x, 1.96, 1.97, 1.98 of 2.00/2.00a)",
	probe, sizeof(struct csv_state), parse_line, finish, NULL, NULL, NULL, NULL, 0,
};
