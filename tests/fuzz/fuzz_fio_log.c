/* fuzz_fio_log.c - libFuzzer harness for the fio-log parser and its line
 * reader. The input is named like a completion latency log, since a log's
 * name says what it holds, so that the summaries are reached too. */
#include "fuzz.h"

#include "../../ingest/fio.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const names[] = { "fuzz_clat.1.log", "fuzz_bw.1.log" };
	struct eb_ingest_opts opts;
	struct eb_diag d;
	struct eb_err err;
	struct eb_fio_sample s;

	memset(&d, 0, sizeof d);
	d.emit = fuzz_quiet;
	memset(&opts, 0, sizeof opts);
	opts.format = "fio-log";
	opts.diag = &d;
	for (size_t k = 0; k < 2; k++) {
		struct eb_table *t = eb_table_new();

		if (eb_ingest_buffer(t, names[k], (const char *)data, size, &opts, &err) == EB_OK)
			for (size_t i = 0; i < t->n; i++)
				if (!isfinite(t->rows[i].value) || t->rows[i].value < 0)
					abort();
		eb_table_free(t);
	}
	eb_fio_log_parse_line((const char *)data, size, &s);
	return 0;
}
