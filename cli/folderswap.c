/* folderswap.c - building a folder next to its place and swapping it in,
 * keeping the files of the user's that the old one held. */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../core/eb.h"
#include "folderswap.h"

/* DIR without its trailing slashes. */
static char *
clean(const char *dir)
{
	char *copy = eb_xstrdup(dir);
	size_t len = strlen(copy);

	while (len > 1 && copy[len - 1] == '/')
		copy[--len] = '\0';
	return copy;
}

char *
eb_folder_begin(const char *dir)
{
	char *beside = clean(dir), *tmpl;
	mode_t mask;

	/* Leftovers of killed runs go first; running ones stay. */
	eb_tmp_clean(beside);
	tmpl = eb_tmp_template(beside);
	free(beside);
	if (mkdtemp(tmpl) == NULL) {
		fprintf(stderr, "%s: error: cannot create a folder next to it: %s\n", dir,
		    strerror(errno));
		free(tmpl);
		return NULL;
	}
	/* mkdtemp makes it 0700; the report is for publishing, so it gets
	 * what mkdir would give it. */
	mask = umask(0);
	umask(mask);
	chmod(tmpl, 0777 & ~mask);
	return tmpl;
}

void
eb_folder_abort(const char *path)
{
	DIR *d = opendir(path);
	struct dirent *e;

	if (d != NULL) {
		while ((e = readdir(d)) != NULL) {
			char *child;
			struct stat sb;

			if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
				continue;
			child = eb_xasprintf("%s/%s", path, e->d_name);
			if (lstat(child, &sb) == 0 && S_ISDIR(sb.st_mode))
				eb_folder_abort(child);
			else
				unlink(child);
			free(child);
		}
		closedir(d);
	}
	rmdir(path);
}

/* Moves the files of the old folder that its manifest does not list into
 * the new one, so a refresh keeps them. */
static void
keep_foreign_files(const char *old, const char *fresh, const char *manifest_name)
{
	char *manifest = eb_xasprintf("%s/%s", old, manifest_name);
	struct eb_buf listed;
	DIR *d = opendir(old);
	struct dirent *e;
	FILE *fp = fopen(manifest, "r");
	char line[4096];

	eb_buf_init(&listed, 0);
	eb_buf_add(&listed, "\n", 1);
	if (fp != NULL) {
		while (fgets(line, sizeof line, fp) != NULL) {
			char *slash = strchr(line, '/');

			/* Whole folders of ours (charts/) are ours. */
			if (slash != NULL) {
				slash[1] = '\0';
				eb_buf_addf(&listed, "%s\n", line);
			} else
				eb_buf_add(&listed, line, strlen(line));
		}
		fclose(fp);
	}
	while (d != NULL && (e = readdir(d)) != NULL) {
		char *key, *from, *to;
		struct stat sb;

		if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0 ||
		    strcmp(e->d_name, manifest_name) == 0)
			continue;
		from = eb_xasprintf("%s/%s", old, e->d_name);
		key = eb_xasprintf("\n%s%s\n", e->d_name,
		    lstat(from, &sb) == 0 && S_ISDIR(sb.st_mode) ? "/" : "");
		to = eb_xasprintf("%s/%s", fresh, e->d_name);
		if (fp == NULL || strstr(eb_buf_cstr(&listed), key) == NULL)
			if (access(to, F_OK) != 0)
				rename(from, to);
		free(key);
		free(from);
		free(to);
	}
	if (d != NULL)
		closedir(d);
	eb_buf_free(&listed);
	free(manifest);
}

int
eb_folder_commit(const char *tmp, const char *dir_arg, const char *manifest)
{
	char *dir = clean(dir_arg), *old;
	struct stat sb;
	int rc = 0;

	if (lstat(dir, &sb) != 0) {
		if (rename(tmp, dir) != 0) {
			fprintf(stderr, "%s: error: cannot create: %s\n", dir, strerror(errno));
			rc = EB_EXIT_IO;
		}
		free(dir);
		return rc;
	}
	if (!S_ISDIR(sb.st_mode)) {
		fprintf(stderr, "%s: error: exists and is not a folder\n", dir);
		free(dir);
		return EB_EXIT_IO;
	}
	old = eb_xasprintf("%s.old-%ld", dir, (long)getpid());
	keep_foreign_files(dir, tmp, manifest);
	if (rename(dir, old) != 0 || rename(tmp, dir) != 0) {
		fprintf(stderr, "%s: error: cannot replace: %s\n", dir, strerror(errno));
		rename(old, dir);
		rc = EB_EXIT_IO;
	} else
		eb_folder_abort(old);
	free(old);
	free(dir);
	return rc;
}
