/* fuzz_meta.c - libFuzzer harness for run directories' meta.json: the bytes
 * become DIR/meta.json, which the run-directory reader loads and checks. */
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static char dir[64];

static void
remove_dir(void)
{
	char path[96];

	snprintf(path, sizeof path, "%s/meta.json", dir);
	unlink(path);
	rmdir(dir);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char path[96];
	struct eb_table *t = eb_table_new();
	struct eb_err err;
	struct eb_diag d;
	size_t index;
	int found;
	FILE *fp;

	if (dir[0] == '\0') {
		snprintf(dir, sizeof dir, "/tmp/eb-fuzz-meta-%ld", (long)getpid());
		mkdir(dir, 0700);
		atexit(remove_dir);
	}
	snprintf(path, sizeof path, "%s/meta.json", dir);
	fp = fopen(path, "w");
	if (fp == NULL)
		abort();
	fwrite(data, 1, size, fp);
	fclose(fp);
	memset(&d, 0, sizeof d);
	d.emit = fuzz_quiet;
	if (eb_rundir_load(t, dir, &index, &found, &d, &err) == EB_OK && found) {
		char v[256];

		eb_rundir_check(t, index, dir, &d);
		eb_rundir_meta_get(&t->meta[index], "tools.fio", v, sizeof v);
		eb_rundir_meta_get(&t->meta[index], "release", v, sizeof v);
	}
	eb_table_free(t);
	return 0;
}
