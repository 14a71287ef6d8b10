/* formats.c - the table of input formats (--format auto asks each probe and
 * takes the surest), and what every parser uses to make its records. */
#include <stdio.h>
#include <string.h>

#include "ingest.h"

extern const struct eb_format eb_format_results;
extern const struct eb_format eb_format_dd;
extern const struct eb_format eb_format_fio_json;
extern const struct eb_format eb_format_fio_terse;
extern const struct eb_format eb_format_fio_normal;
extern const struct eb_format eb_format_fio_log;
extern const struct eb_format eb_format_bonnie_csv;
extern const struct eb_format eb_format_bonnie_text;
extern const struct eb_format eb_format_sheet;
extern const struct eb_format eb_format_sample;

const struct eb_format *const eb_formats[] = {
	&eb_format_results,
	&eb_format_dd,
	&eb_format_fio_json,
	&eb_format_fio_terse,
	&eb_format_fio_normal,
	&eb_format_fio_log,
	&eb_format_bonnie_csv,
	&eb_format_bonnie_text,
	&eb_format_sheet,
	&eb_format_sample,
	NULL,
};

const char *
eb_parse_source(struct eb_parse *p, long lineno)
{
	char buf[64];
	struct eb_buf b;
	const char *s;

	eb_buf_init(&b, 0);
	eb_buf_add(&b, p->path, strlen(p->path));
	snprintf(buf, sizeof buf, ":%ld", lineno);
	eb_buf_add(&b, buf, strlen(buf));
	s = eb_intern(p->t, b.data, b.len);
	eb_buf_free(&b);
	return s;
}

void
eb_parse_record(struct eb_parse *p, struct eb_record *r, const char *tool,
    const char *metric, const char *unit, long lineno)
{
	eb_record_init(p->t, r);
	r->f[EB_F_TOOL] = eb_intern_cstr(p->t, tool);
	r->f[EB_F_METRIC] = eb_intern_cstr(p->t, metric);
	r->f[EB_F_UNIT] = eb_intern_cstr(p->t, unit);
	r->f[EB_F_SOURCE] = eb_parse_source(p, lineno);
}

struct eb_loc
eb_parse_loc(const struct eb_parse *p, long lineno)
{
	struct eb_loc loc = { p->path, lineno, 0 };

	return loc;
}

const struct eb_format *
eb_format_find(const char *name)
{
	for (size_t i = 0; eb_formats[i] != NULL; i++)
		if (strcmp(eb_formats[i]->name, name) == 0)
			return eb_formats[i];
	return NULL;
}

const char *
eb_format_names(void)
{
	static char names[512];

	if (names[0] == '\0') {
		for (size_t i = 0; eb_formats[i] != NULL; i++) {
			if (i > 0)
				strncat(names, ", ", sizeof names - strlen(names) - 1);
			strncat(names, eb_formats[i]->name, sizeof names - strlen(names) - 1);
		}
	}
	return names;
}
