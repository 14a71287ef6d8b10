/* bonnie_csv.c - the bonnie-csv format: bonnie++'s CSV result lines of every
 * format version (1.0x, "2", 1.96, 1.97, 1.98), wherever they sit in a file. */
#include <string.h>

#include "bonnie.h"

struct csv_state {
	struct eb_bonnie b;
	long table_line;	/* a text table seen, for the "no result" message */
};

static int
probe(const char *head, size_t len)
{
	int score = 0;

	for (size_t i = 0; i < len && score < 90;) {
		const char *s = head + i, *nl = memchr(s, '\n', len - i);
		size_t n = nl != NULL ? (size_t)(nl - s) : len - i;

		i += n + 1;
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
