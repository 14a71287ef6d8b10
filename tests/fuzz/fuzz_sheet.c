/* fuzz_sheet.c - libFuzzer harness for the spreadsheet importer: the probe,
 * the parser without and with --unit, and inputs starting '{' as a --map. */
#include <sys/mman.h>
#include <unistd.h>

#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The parser with --unit, so that sheets without units reach the records;
 * every record must carry a source and a sane value. */
static void
with_unit(const uint8_t *data, size_t size)
{
	struct eb_ingest_opts opts;
	struct eb_diag d;
	struct eb_err err;
	struct eb_table *t = eb_table_new();

	memset(&d, 0, sizeof d);
	d.emit = fuzz_quiet;
	memset(&opts, 0, sizeof opts);
	opts.format = "sheet";
	opts.diag = &d;
	opts.unit = "MiB/s";
	if (eb_ingest_buffer(t, "fuzz", (const char *)data, size, &opts, &err) == EB_OK) {
		if (t->n == 0)
			abort();
		for (size_t i = 0; i < t->n; i++)
			if (!isfinite(t->rows[i].value) || t->rows[i].value < 0 ||
			    strncmp(t->rows[i].f[EB_F_SOURCE], "fuzz:", 5) != 0)
				abort();
	} else if (t->n != 0) {
		abort();	/* a failed input leaves nothing behind */
	}
	eb_table_free(t);
}

/* The input as the --map of a fixed sheet, through a memory file so that
 * no disk is touched. */
static void
as_map(const uint8_t *data, size_t size)
{
	static const char sheet[] = "Title\nMode,Write,Test A,Read (MB/s)\n"
	    "None,1,2,3\nAES-256-GCM,\"2,5\",4,5\n";
	struct eb_ingest_opts opts;
	struct eb_diag d;
	struct eb_err err;
	struct eb_table *t;
	char path[64];
	int fd = memfd_create("map", 0);

	if (fd < 0)
		return;
	if (write(fd, data, size) != (ssize_t)size) {
		close(fd);
		return;
	}
	snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
	t = eb_table_new();
	memset(&d, 0, sizeof d);
	d.emit = fuzz_quiet;
	memset(&opts, 0, sizeof opts);
	opts.format = "sheet";
	opts.diag = &d;
	opts.map = path;
	if (eb_ingest_buffer(t, "fuzz", sheet, sizeof sheet - 1, &opts, &err) == EB_OK)
		for (size_t i = 0; i < t->n; i++)
			if (!isfinite(t->rows[i].value) || t->rows[i].value < 0)
				abort();
	eb_table_free(t);
	close(fd);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const struct eb_format *f = eb_format_find("sheet");
	int score;

	if (f == NULL)
		abort();
	score = f->probe((const char *)data, size < EB_PROBE_BYTES ? size : EB_PROBE_BYTES);
	if (score < 0 || score > 100)
		abort();
	if (size > 0 && data[0] == '{') {
		as_map(data, size);
		return 0;
	}
	fuzz_format("sheet", data, size);
	with_unit(data, size);
	return 0;
}
