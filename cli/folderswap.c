/* folderswap.c - building a folder next to its place and swapping it in,
 * replacing only the files of encbench's that the old one's manifest lists. */
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

/* The files the old folder's manifest lists, sorted, by their path in it. */
struct listed {
	char **v;
	size_t n, cap;
};

static int
by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static void
listed_load(struct listed *l, const char *dir, const char *manifest_name)
{
	char *manifest = eb_xasprintf("%s/%s", dir, manifest_name);
	FILE *fp = fopen(manifest, "r");
	char line[4096];

	memset(l, 0, sizeof *l);
	free(manifest);
	if (fp == NULL)
		return;
	while (fgets(line, sizeof line, fp) != NULL) {
		size_t n = strcspn(line, "\n");

		/* Only files are listed: a path that climbs out or names a
		 * folder is no file of encbench's. */
		if (n == 0 || line[n - 1] == '/' || line[0] == '/' || strstr(line, "..") != NULL)
			continue;
		line[n] = '\0';
		if (l->n == l->cap) {
			l->cap = l->cap ? l->cap * 2 : 64;
			l->v = eb_xrealloc(l->v, l->cap * sizeof *l->v);
		}
		l->v[l->n++] = eb_xstrdup(line);
	}
	fclose(fp);
	qsort(l->v, l->n, sizeof *l->v, by_name);
}

static void
listed_free(struct listed *l)
{
	for (size_t i = 0; i < l->n; i++)
		free(l->v[i]);
	free(l->v);
}

/* The first entry not before key. */
static size_t
lower_bound(const struct listed *l, const char *key)
{
	size_t lo = 0, hi = l->n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (strcmp(l->v[mid], key) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

static int
is_listed(const struct listed *l, const char *rel)
{
	size_t i = lower_bound(l, rel);

	return i < l->n && strcmp(l->v[i], rel) == 0;
}

/* Whether the manifest lists a file inside the folder rel. */
static int
lists_below(const struct listed *l, const char *rel)
{
	char *prefix = eb_xasprintf("%s/", rel);
	size_t i = lower_bound(l, prefix), n = strlen(prefix);
	int below = i < l->n && strncmp(l->v[i], prefix, n) == 0;

	free(prefix);
	return below;
}

/* What the swap does to the old folder's entries before it is replaced:
 * the user's files and folders move into the new one (a folder of the
 * user's that holds files of encbench's is made there, and only the
 * user's files move into it). */
struct move {
	enum { MOVE, MAKE_DIR } kind;
	char *rel;
	mode_t mode;
};

struct swap {
	const char *old, *fresh, *shown;	/* the folders; DIR as given */
	const struct listed *listed;
	struct move *v;
	size_t n, cap;
	int refused;		/* an entry no rule allows: nothing is done */
};

static void
add_move(struct swap *s, int kind, const char *rel, mode_t mode)
{
	if (s->n == s->cap) {
		s->cap = s->cap ? s->cap * 2 : 32;
		s->v = eb_xrealloc(s->v, s->cap * sizeof *s->v);
	}
	s->v[s->n].kind = kind;
	s->v[s->n].rel = eb_xstrdup(rel);
	s->v[s->n].mode = mode;
	s->n++;
}

/* Plans the moves for the folder rel ("" the top) of the old folder. */
static void
plan(struct swap *s, const char *rel, const char *manifest_name)
{
	char *dir = rel[0] ? eb_xasprintf("%s/%s", s->old, rel) : eb_xstrdup(s->old);
	DIR *d = opendir(dir);
	struct dirent *e;

	if (d == NULL) {
		fprintf(stderr, "%s/%s: error: cannot read: %s\n", s->shown, rel, strerror(errno));
		s->refused = EB_EXIT_IO;
		free(dir);
		return;
	}
	while ((e = readdir(d)) != NULL) {
		char *sub, *from, *to;
		struct stat old, fresh;
		int in_fresh;

		if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0 ||
		    (rel[0] == '\0' && strcmp(e->d_name, manifest_name) == 0))
			continue;
		sub = rel[0] ? eb_xasprintf("%s/%s", rel, e->d_name) : eb_xstrdup(e->d_name);
		from = eb_xasprintf("%s/%s", s->old, sub);
		to = eb_xasprintf("%s/%s", s->fresh, sub);
		in_fresh = lstat(to, &fresh) == 0;
		if (lstat(from, &old) != 0) {
			/* Gone since it was listed: nothing to keep. */
		} else if (S_ISDIR(old.st_mode)) {
			if (in_fresh && S_ISDIR(fresh.st_mode)) {
				plan(s, sub, manifest_name);
			} else if (in_fresh) {
				fprintf(stderr, "%s/%s: error: a folder of yours where the report "
				    "writes a file; move it or name another -o folder\n", s->shown, sub);
				s->refused = EB_EXIT_USAGE;
			} else if (lists_below(s->listed, sub)) {
				size_t at = s->n;

				add_move(s, MAKE_DIR, sub, old.st_mode & 07777);
				plan(s, sub, manifest_name);
				/* It held files of encbench's only. */
				if (s->n == at + 1) {
					free(s->v[at].rel);
					s->n = at;
				}
			} else {
				add_move(s, MOVE, sub, 0);
			}
		} else if (is_listed(s->listed, sub)) {
			const char *input = S_ISREG(old.st_mode) ? eb_input_find(&old) : NULL;

			/* Replaced or removed: so it must not be an input. */
			if (input != NULL) {
				fprintf(stderr, "encbench: error: -o %s/%s is also an input (read as "
				    "%s); nothing was written: name another -o folder\n", s->shown, sub,
				    input);
				s->refused = EB_EXIT_USAGE;
			}
		} else if (in_fresh) {
			fprintf(stderr, "%s/%s: error: not a file of encbench's (%s/%s does not list "
			    "it), and the report writes one there; move it or name another -o "
			    "folder\n", s->shown, sub, s->shown, manifest_name);
			s->refused = EB_EXIT_USAGE;
		} else {
			add_move(s, MOVE, sub, 0);
		}
		free(sub);
		free(from);
		free(to);
	}
	closedir(d);
	free(dir);
}

/* Does or undoes the first n moves of s (undoing, last first); 0, or
 * -1 after saying which move failed, having done or undone as many as
 * it could. */
static int
apply(struct swap *s, size_t n, int undo)
{
	int rc = 0;

	for (size_t k = 0; k < n; k++) {
		const struct move *m = &s->v[undo ? n - 1 - k : k];
		char *from = eb_xasprintf("%s/%s", s->old, m->rel);
		char *to = eb_xasprintf("%s/%s", s->fresh, m->rel);
		int failed;

		if (m->kind == MAKE_DIR)
			failed = undo ? rmdir(to) != 0 : mkdir(to, m->mode) != 0;
		else
			failed = undo ? rename(to, from) != 0 : rename(from, to) != 0;
		if (failed) {
			fprintf(stderr, "%s/%s: error: cannot %s: %s\n", s->shown, m->rel,
			    undo ? "put it back" : "keep it", strerror(errno));
			rc = -1;
			if (!undo) {
				free(from);
				free(to);
				apply(s, k, 1);
				return rc;
			}
		}
		free(from);
		free(to);
	}
	return rc;
}

/* Removes, from the replaced folder, the files its manifest lists and the
 * folders that are left empty; returns whether it is gone. What is left is
 * not encbench's (a file made while the report was built). */
static int
remove_listed(const char *path, const char *rel, const struct listed *l,
    const char *manifest_name)
{
	DIR *d = opendir(path);
	struct dirent *e;

	while (d != NULL && (e = readdir(d)) != NULL) {
		char *child, *sub;
		struct stat sb;

		if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
			continue;
		child = eb_xasprintf("%s/%s", path, e->d_name);
		sub = rel[0] ? eb_xasprintf("%s/%s", rel, e->d_name) : eb_xstrdup(e->d_name);
		if (lstat(child, &sb) == 0 && S_ISDIR(sb.st_mode))
			remove_listed(child, sub, l, manifest_name);
		else if (is_listed(l, sub) || (rel[0] == '\0' && strcmp(sub, manifest_name) == 0))
			unlink(child);
		free(child);
		free(sub);
	}
	if (d != NULL)
		closedir(d);
	return rmdir(path) == 0;
}

int
eb_folder_commit(const char *tmp, const char *dir_arg, const char *manifest)
{
	char *dir = clean(dir_arg), *old = NULL;
	struct listed listed;
	struct swap s;
	struct stat sb;
	int rc = 0;

	memset(&s, 0, sizeof s);
	if (lstat(dir, &sb) != 0) {
		if (rename(tmp, dir) != 0) {
			fprintf(stderr, "%s: error: cannot create: %s\n", dir, strerror(errno));
			eb_folder_abort(tmp);
			rc = EB_EXIT_IO;
		}
		free(dir);
		return rc;
	}
	if (!S_ISDIR(sb.st_mode)) {
		fprintf(stderr, "%s: error: exists and is not a folder\n", dir);
		eb_folder_abort(tmp);
		free(dir);
		return EB_EXIT_IO;
	}
	listed_load(&listed, dir, manifest);
	s.old = dir;
	s.fresh = tmp;
	s.shown = dir;
	s.listed = &listed;
	/* Every entry is judged before anything moves, so that a refusal
	 * leaves the folder as it was. */
	plan(&s, "", manifest);
	if (s.refused) {
		rc = s.refused;
		eb_folder_abort(tmp);
		goto done;
	}
	if (apply(&s, s.n, 0) != 0) {
		rc = EB_EXIT_IO;
		eb_folder_abort(tmp);
		goto done;
	}
	/* The old folder is moved aside under a name of its own (not one
	 * eb_tmp_clean takes for a leftover), then the new one in. */
	old = eb_xasprintf("%.*s.%s.old-%ld-XXXXXX", (int)(strrchr(dir, '/') ?
	    strrchr(dir, '/') - dir + 1 : 0), dir, strrchr(dir, '/') ? strrchr(dir, '/') + 1 :
	    dir, (long)getpid());
	if (mkdtemp(old) == NULL || rename(dir, old) != 0) {
		fprintf(stderr, "%s: error: cannot replace: %s\n", dir, strerror(errno));
		rmdir(old);
		rc = EB_EXIT_IO;
	} else if (rename(tmp, dir) != 0) {
		fprintf(stderr, "%s: error: cannot replace: %s\n", dir, strerror(errno));
		rename(old, dir);
		rc = EB_EXIT_IO;
	}
	if (rc != 0) {
		/* Everything of the user's goes back before the new folder goes. */
		if (apply(&s, s.n, 1) == 0)
			eb_folder_abort(tmp);
		else
			fprintf(stderr, "%s: error: files of yours are left in %s\n", dir, tmp);
		goto done;
	}
	s.old = old;
	if (!remove_listed(old, "", &listed, manifest))
		fprintf(stderr, "encbench: warning: %s is kept: it holds files encbench did not "
		    "write (made while the report was built?)\n", old);
done:
	for (size_t i = 0; i < s.n; i++)
		free(s.v[i].rel);
	free(s.v);
	listed_free(&listed);
	free(old);
	free(dir);
	return rc;
}
