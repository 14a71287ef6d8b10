/* fuzz_map.c - libFuzzer harness for spreadsheet --map files: the bytes
 * become the map of a small sheet that is then imported with it. */
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static char path[64];

static void
remove_map(void)
{
	unlink(path);
}

static const char sheet[] =
    ",Ubuntu 24.04,\nMode,Seq Write,Seq Read\nNone,1200,2400\nAES-256-GCM,1000,2000\n";

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct eb_ingest_opts opts;
	struct eb_table *t = eb_table_new();
	struct eb_err err;
	struct eb_diag d;
	FILE *fp;

	if (path[0] == '\0') {
		snprintf(path, sizeof path, "/tmp/eb-fuzz-map-%ld.json", (long)getpid());
		atexit(remove_map);
	}
	fp = fopen(path, "w");
	if (fp == NULL)
		abort();
	fwrite(data, 1, size, fp);
	fclose(fp);
	memset(&d, 0, sizeof d);
	d.emit = fuzz_quiet;
	memset(&opts, 0, sizeof opts);
	opts.format = "sheet";
	opts.diag = &d;
	opts.map = path;
	if (eb_ingest_buffer(t, "fuzz.csv", sheet, sizeof sheet - 1, &opts, &err) == EB_OK)
		for (size_t i = 0; i < t->n; i++)
			if (!isfinite(t->rows[i].value) || t->rows[i].value < 0)
				abort();
	eb_table_free(t);
	return 0;
}
