/* test_sheet_map.h - what the sheet tests share: a --map file written
 * where make check runs them. */
#ifndef TEST_SHEET_MAP_H
#define TEST_SHEET_MAP_H

#include "testutil.h"

/* Writes json as the map file name under $BUILD/tests; returns its path,
 * which the next call overwrites. */
static const char *
write_map(const char *name, const char *json)
{
	static char path[256];
	const char *build = getenv("BUILD");
	FILE *fp;

	snprintf(path, sizeof path, "%s/tests/%s", build ? build : "build", name);
	fp = fopen(path, "w");
	assert_non_null(fp);
	fputs(json, fp);
	fclose(fp);
	return path;
}

#endif
