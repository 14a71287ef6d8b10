/* detect.c - which format an input is: every probe sees its first bytes and
 * the surest wins; and the checks that no format reads the input at all. */
#include <stdlib.h>
#include <string.h>

#include "driver.h"

const struct eb_format *
eb_detect(const char *head, size_t len, int *score)
{
	const struct eb_format *best = NULL;
	int best_score = 0;
	char *copy;

	/* Probes get a NUL-terminated head, whatever the data came from. */
	if (len > EB_PROBE_BYTES)
		len = EB_PROBE_BYTES;
	copy = eb_xstrndup(head, len);
	for (size_t i = 0; eb_formats[i] != NULL; i++) {
		int s = eb_formats[i]->probe(copy, len);

		if (s > best_score) {
			best_score = s;
			best = eb_formats[i];
		}
		if (s >= 100)	/* certain: no other probe needs to run */
			break;
	}
	free(copy);
	if (score != NULL)
		*score = best_score;
	return best;
}

int
eb_detect_one(const struct eb_format *fmt, const char *head, size_t len)
{
	char *copy = eb_xstrndup(head, len > EB_PROBE_BYTES ? EB_PROBE_BYTES : len);
	int score = fmt->probe(copy, len > EB_PROBE_BYTES ? EB_PROBE_BYTES : len);

	free(copy);
	return score;
}

enum eb_status
eb_check_text(const struct source *src, struct eb_err *err)
{
	struct eb_loc loc = { src->path, 0, 0 };

	/* Line 1 is where its output would begin: an editor goes there. */
	if (src->headlen == 0) {
		loc.line = 1;
		return eb_err_set(err, EB_ERR_DATA, loc, "empty file: no benchmark output in it");
	}
	const char *nul;

	if (src->headlen >= 2 &&
	    (memcmp(src->head, "\xFF\xFE", 2) == 0 || memcmp(src->head, "\xFE\xFF", 2) == 0)) {
		/* The byte order mark that says so is the file's first. */
		loc.line = loc.col = 1;
		return eb_err_set(err, EB_ERR_DATA, loc,
		    "UTF-16 text is not read; convert it first "
		    "(iconv -f UTF-16 -t UTF-8 FILE > FILE.txt)");
	}
	if ((nul = memchr(src->head, '\0', src->headlen)) != NULL) {
		const char *line = src->head;

		loc.line = 1;
		for (const char *q = src->head; q < nul; q++)
			if (*q == '\n') {
				loc.line++;
				line = q + 1;
			}
		loc.col = nul - line + 1;
		return eb_err_set(err, EB_ERR_DATA, loc,
		    "binary data (a NUL byte), not benchmark output");
	}
	return EB_OK;
}
