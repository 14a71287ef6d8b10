/* tempfile.h - for unit tests that read a path: a file of a given name in
 * a fresh directory under /tmp, and its removal with the directory. */
#ifndef EB_TEST_TEMPFILE_H
#define EB_TEST_TEMPFILE_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Opens name for writing in a fresh directory; *path (the caller's, for
 * tu_drop) says where. */
static inline FILE *
tu_temp_open(const char *name, char **path)
{
	char dir[] = "/tmp/encbench-test-XXXXXX";
	FILE *fp;

	assert_non_null(mkdtemp(dir));
	*path = eb_xasprintf("%s/%s", dir, name);
	fp = fopen(*path, "w");
	assert_non_null(fp);
	return fp;
}

/* A file of that name and content in a fresh directory; the caller
 * removes both with tu_drop(). */
static inline char *
tu_temp_file(const char *name, const char *content)
{
	char *path;
	FILE *fp = tu_temp_open(name, &path);

	fputs(content, fp);
	fclose(fp);
	return path;
}

/* Removes the file and the directory tu_temp_open made, and frees path. */
static inline void
tu_drop(char *path)
{
	unlink(path);
	*strrchr(path, '/') = '\0';
	rmdir(path);
	free(path);
}

#endif
