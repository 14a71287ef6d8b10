/* fuzz.h - the body every libFuzzer harness shares: parse the bytes as one
 * input of a format and check that whatever came out is a sane record. */
#ifndef EB_FUZZ_H
#define EB_FUZZ_H

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../../core/eb.h"
#include "../../ingest/ingest.h"

static void
fuzz_quiet(void *ctx, enum eb_severity sev, struct eb_loc loc, const char *msg)
{
	(void)ctx;
	(void)sev;
	(void)loc;
	(void)msg;
}

static inline int
fuzz_format(const char *format, const uint8_t *data, size_t size)
{
	struct eb_ingest_opts opts;
	struct eb_diag d;
	struct eb_err err;
	struct eb_table *t = eb_table_new();

	memset(&d, 0, sizeof d);
	d.emit = fuzz_quiet;
	memset(&opts, 0, sizeof opts);
	opts.format = format;
	opts.diag = &d;
	if (eb_ingest_buffer(t, "fuzz", (const char *)data, size, &opts, &err) == EB_OK) {
		/* A record never carries a value that is not a finite number >= 0. */
		for (size_t i = 0; i < t->n; i++)
			if (!isfinite(t->rows[i].value) || t->rows[i].value < 0)
				abort();
	}
	eb_table_free(t);
	/* Every format's probe sees the bytes too, as detection would show
	 * them: NUL-terminated, at most EB_PROBE_BYTES. */
	{
		size_t n = size < EB_PROBE_BYTES ? size : EB_PROBE_BYTES;
		char *head = malloc(n + 1);

		if (head != NULL) {
			memcpy(head, data, n);
			head[n] = '\0';
			for (size_t i = 0; eb_formats[i] != NULL; i++)
				if (eb_formats[i]->probe(head, n) > 100)
					abort();
			free(head);
		}
	}
	return 0;
}

#endif
