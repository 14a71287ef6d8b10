/* formats.c - the table of input formats; --format auto asks each probe and
 * takes the surest. */
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
