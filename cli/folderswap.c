/* folderswap.c - building a folder next to its place and swapping it in,
 * replacing only the files of encbench's that the old one's manifest lists. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <sys/file.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "../core/eb.h"
#include "folderswap.h"

/* The built folder's journal: the entries of the user's moved into it,
 * NUL-terminated, each "m" (moved) or "d" (made to hold moved ones) and
 * its path. Empty, everything in the folder is encbench's. */
#define JOURNAL ".encbench-swap"

/* How long a command waits for another one swapping a folder beside the
 * same one (a swap takes milliseconds). */
#define LOCK_WAIT_SECONDS 60

/* The signals whose default is to end the process, held back during a
 * swap. */
static const int deferred_signals[] = {
	SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE, SIGALRM, SIGUSR1, SIGUSR2,
	SIGXCPU, SIGXFSZ, SIGVTALRM, SIGPROF,
};

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

static void
unlink_in(const char *dir, const char *name)
{
	char *path = eb_xasprintf("%s/%s", dir, name);

	unlink(path);
	free(path);
}

/* Removes path and what it holds; at the top (top set) the journal goes
 * last, so that a kill on the way leaves a folder still known as
 * encbench's. */
static void
remove_tree(const char *path, int top)
{
	DIR *d = opendir(path);
	struct dirent *e;

	if (d != NULL) {
		while ((e = readdir(d)) != NULL) {
			char *child;
			struct stat sb;

			if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0 ||
			    (top && strcmp(e->d_name, JOURNAL) == 0))
				continue;
			child = eb_xasprintf("%s/%s", path, e->d_name);
			if (lstat(child, &sb) == 0 && S_ISDIR(sb.st_mode))
				remove_tree(child, 0);
			else
				unlink(child);
			free(child);
		}
		closedir(d);
	}
	if (top)
		unlink_in(path, JOURNAL);
	rmdir(path);
}

void
eb_folder_abort(const char *path)
{
	eb_folder_unguard(path);
	remove_tree(path, 1);
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

		/* A journal in the old folder is a stale one of a swap killed
		 * after its rename: encbench's, it goes with the old folder. */
		if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0 ||
		    (rel[0] == '\0' && (strcmp(e->d_name, manifest_name) == 0 ||
		    strcmp(e->d_name, JOURNAL) == 0)))
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

/* Whether the folder path holds nothing but a file named name. */
static int
holds_only(const char *path, const char *name)
{
	DIR *d = opendir(path);
	struct dirent *e;
	int only = d != NULL;

	while (only && (e = readdir(d)) != NULL)
		if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0 &&
		    strcmp(e->d_name, name) != 0)
			only = 0;
	if (d != NULL)
		closedir(d);
	return only;
}

/* Removes, from the replaced folder, the files its manifest lists and the
 * folders that are left empty; returns whether it is gone. What is left is
 * not encbench's (a file made while the report was built). The manifest
 * goes last, and only when nothing else is left, so that a kill on the way
 * leaves a folder whose files can still be told apart. */
static int
remove_listed(const char *path, const char *rel, const struct listed *l,
    const char *manifest_name)
{
	DIR *d = opendir(path);
	struct dirent *e;

	while (d != NULL && (e = readdir(d)) != NULL) {
		char *child, *sub;
		struct stat sb;

		if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0 ||
		    (rel[0] == '\0' && strcmp(e->d_name, manifest_name) == 0))
			continue;
		child = eb_xasprintf("%s/%s", path, e->d_name);
		sub = rel[0] ? eb_xasprintf("%s/%s", rel, e->d_name) : eb_xstrdup(e->d_name);
		if (lstat(child, &sb) == 0 && S_ISDIR(sb.st_mode))
			remove_listed(child, sub, l, manifest_name);
		else if (is_listed(l, sub) || (rel[0] == '\0' && strcmp(sub, JOURNAL) == 0))
			unlink(child);
		free(child);
		free(sub);
	}
	if (d != NULL)
		closedir(d);
	if (rel[0] == '\0' && holds_only(path, manifest_name))
		unlink_in(path, manifest_name);
	return rmdir(path) == 0;
}

/* Writes the journal of the moves s plans as path, whole or not at all:
 * a kill while it is written leaves the one before. 0, or -1 with errno
 * set. */
static int
write_journal(const char *path, const struct swap *s)
{
	char *tmp = eb_xasprintf("%s.new", path);
	FILE *fp = fopen(tmp, "w");
	int rc = 0;

	if (fp == NULL) {
		free(tmp);
		return -1;
	}
	for (size_t i = 0; i < s->n; i++)
		fprintf(fp, "%c%s%c", s->v[i].kind == MAKE_DIR ? 'd' : 'm', s->v[i].rel, '\0');
	if (fflush(fp) != 0 || fsync(fileno(fp)) != 0)
		rc = -1;
	if (fclose(fp) != 0)
		rc = -1;
	if (rc == 0 && rename(tmp, path) != 0)
		rc = -1;
	if (rc != 0) {
		int saved = errno;

		unlink(tmp);
		errno = saved;
	}
	free(tmp);
	return rc;
}

/* Reads a journal into s's moves; 0, or -1 when there is none. */
static int
read_journal(const char *path, struct swap *s)
{
	FILE *fp = fopen(path, "r");
	struct eb_buf b;
	char chunk[4096];
	size_t n;

	if (fp == NULL)
		return -1;
	memset(&b, 0, sizeof b);
	while ((n = fread(chunk, 1, sizeof chunk, fp)) > 0)
		eb_buf_add(&b, chunk, n);
	fclose(fp);
	for (size_t at = 0; at < b.len;) {
		const char *rec = b.data + at;
		size_t len = strnlen(rec, b.len - at);

		/* A record needs its kind, a path and its NUL; a path that
		 * climbs out is none of a swap's. */
		if (at + len < b.len && len > 1 && (rec[0] == 'm' || rec[0] == 'd') &&
		    rec[1] != '/' && strstr(rec + 1, "..") == NULL)
			add_move(s, rec[0] == 'd' ? MAKE_DIR : MOVE, rec + 1, 0);
		at += len + 1;
	}
	eb_buf_free(&b);
	return 0;
}

/* Locks the folder dir is in against other swaps beside it, waiting for
 * a running one; the descriptor to close, or -1 after saying why. */
static int
lock_beside(const char *dir)
{
	const char *slash = strrchr(dir, '/');
	char *parent = slash == NULL ? eb_xstrdup(".") :
	    eb_xstrndup(dir, (size_t)(slash - dir) + (slash == dir));
	int fd = open(parent, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	struct timespec pause = { 0, 20 * 1000 * 1000 };

	if (fd < 0) {
		fprintf(stderr, "%s: error: cannot open: %s\n", parent, strerror(errno));
		free(parent);
		return -1;
	}
	for (int tries = 0; flock(fd, LOCK_EX | LOCK_NB) != 0; tries++) {
		if (errno != EWOULDBLOCK || tries >= LOCK_WAIT_SECONDS * 50) {
			if (errno == EWOULDBLOCK)
				fprintf(stderr, "%s: error: another encbench is replacing a folder "
				    "beside it in %s, still after %d s\n", dir, parent,
				    LOCK_WAIT_SECONDS);
			else
				fprintf(stderr, "%s: error: cannot lock %s against another encbench "
				    "replacing a folder in it: %s\n", dir, parent, strerror(errno));
			close(fd);
			free(parent);
			return -1;
		}
		nanosleep(&pause, NULL);
	}
	free(parent);
	return fd;
}

/* The process id in name, a leftover ".BASE.KIND-PID-XXXXXX" of a
 * process that is gone, or 0. */
static long
dead_owner(const char *name, const char *prefix)
{
	size_t plen = strlen(prefix);
	char *end;
	long pid;

	if (strncmp(name, prefix, plen) != 0)
		return 0;
	errno = 0;
	pid = strtol(name + plen, &end, 10);
	if (end == name + plen || errno != 0 || pid <= 0 || *end != '-' ||
	    strlen(end + 1) != 6 || pid == (long)getpid())
		return 0;
	return kill((pid_t)pid, 0) != 0 && errno == ESRCH ? pid : 0;
}

/* A built folder a killed run left beside dir: the user's entries its
 * journal lists go back where they were, and it goes only when nothing
 * of the user's is left in it. Killed between its two renames (dir
 * moved aside, the built one not yet in), it is the new folder whole
 * and goes in. */
static void
recover_built(const char *path, const char *dir)
{
	char *journal = eb_xasprintf("%s/%s", path, JOURNAL);
	struct swap s;
	struct stat sb;
	size_t back = 0, kept = 0;

	memset(&s, 0, sizeof s);
	if (read_journal(journal, &s) != 0) {
		/* None of this version's: empty, it was killed as it was made. */
		if (rmdir(path) != 0)
			fprintf(stderr, "encbench: warning: %s is kept: an interrupted run of "
			    "encbench left it, and it cannot tell which files in it are yours\n",
			    path);
		free(journal);
		return;
	}
	if (s.n > 0 && lstat(dir, &sb) != 0 && errno == ENOENT) {
		if (rename(path, dir) == 0) {
			unlink_in(dir, JOURNAL);
			fprintf(stderr, "encbench: note: %s: put in place from %s, where an "
			    "interrupted refresh left it\n", dir, path);
		}
		goto done;
	}
	for (size_t k = s.n; k-- > 0;) {
		char *in = eb_xasprintf("%s/%s", path, s.v[k].rel);
		char *to = eb_xasprintf("%s/%s", dir, s.v[k].rel);

		if (s.v[k].kind == MAKE_DIR) {
			if (rmdir(in) != 0 && errno != ENOENT)
				kept++;
		} else if (lstat(in, &sb) == 0) {
			/* Never over something of the same name made since. */
			if (lstat(to, &sb) != 0 && errno == ENOENT && rename(in, to) == 0)
				back++;
			else
				kept++;
		}
		free(in);
		free(to);
	}
	if (back > 0)
		fprintf(stderr, "encbench: note: %s: put back %zu file%s and folder%s of yours "
		    "that an interrupted refresh had moved into %s\n", dir, back,
		    back == 1 ? "" : "s", back == 1 ? "" : "s", path);
	if (kept == 0)
		eb_folder_abort(path);
	else
		fprintf(stderr, "encbench: warning: %s is kept: it holds %zu file%s or folder%s "
		    "of yours an interrupted refresh moved there and that cannot go back (one "
		    "of that name is in %s now)\n", path, kept, kept == 1 ? "" : "s",
		    kept == 1 ? "" : "s", dir);
done:
	for (size_t i = 0; i < s.n; i++)
		free(s.v[i].rel);
	free(s.v);
	free(journal);
}

/* An old folder a killed or failed refresh left beside dir: back in
 * place if dir is gone, else it goes when it holds nothing but the files
 * its manifest lists. */
static void
recover_old(const char *path, const char *dir, const char *manifest)
{
	struct listed listed;
	struct stat sb;

	if (lstat(dir, &sb) != 0 && errno == ENOENT) {
		if (rename(path, dir) == 0)
			fprintf(stderr, "encbench: note: %s: put back from %s, where an interrupted "
			    "refresh left it\n", dir, path);
		return;
	}
	listed_load(&listed, path, manifest);
	if (remove_listed(path, "", &listed, manifest))
		fprintf(stderr, "encbench: note: removed %s, the old report an interrupted or "
		    "concurrent refresh left\n", path);
	else
		fprintf(stderr, "encbench: warning: %s is kept: it holds files encbench did not "
		    "write (made while a report was built?)\n", path);
	listed_free(&listed);
}

/* Recovers what killed runs left beside dir: built folders first (one
 * may be the folder to put in place), then old ones, then a journal a
 * run killed after its last rename left in dir. */
static void
recover(const char *dir, const char *manifest)
{
	const char *slash = strrchr(dir, '/');
	char *parent = slash == NULL ? eb_xstrdup(".") :
	    eb_xstrndup(dir, (size_t)(slash - dir) + (slash == dir));
	const char *base = slash != NULL ? slash + 1 : dir;
	char *prefix[2] = { eb_xasprintf(".%s.tmp-", base), eb_xasprintf(".%s.old-", base) };

	for (int kind = 0; kind < 2; kind++) {
		DIR *d = opendir(parent);
		struct dirent *e;

		while (d != NULL && (e = readdir(d)) != NULL) {
			char *child;
			struct stat sb;

			if (dead_owner(e->d_name, prefix[kind]) == 0)
				continue;
			child = eb_xasprintf("%s/%s", parent, e->d_name);
			if (lstat(child, &sb) == 0 && S_ISDIR(sb.st_mode) && sb.st_uid == geteuid()) {
				if (kind == 0)
					recover_built(child, dir);
				else
					recover_old(child, dir, manifest);
			}
			free(child);
		}
		if (d != NULL)
			closedir(d);
	}
	unlink_in(dir, JOURNAL);
	free(prefix[0]);
	free(prefix[1]);
	free(parent);
}

char *
eb_folder_begin(const char *dir)
{
	char *beside = clean(dir), *tmpl = eb_tmp_template(beside), *journal;
	sigset_t ending, was;
	mode_t mask;
	int fd;

	free(beside);
	/* No signal comes between the folder's making and its guard, which
	 * removes it when one ends the process from then on. */
	sigemptyset(&ending);
	for (size_t i = 0; i < sizeof deferred_signals / sizeof deferred_signals[0]; i++)
		sigaddset(&ending, deferred_signals[i]);
	pthread_sigmask(SIG_BLOCK, &ending, &was);
	if (mkdtemp(tmpl) == NULL) {
		pthread_sigmask(SIG_SETMASK, &was, NULL);
		fprintf(stderr, "%s: error: cannot create a folder next to it: %s\n", dir,
		    strerror(errno));
		free(tmpl);
		return NULL;
	}
	eb_folder_guard(tmpl);
	pthread_sigmask(SIG_SETMASK, &was, NULL);
	/* An empty journal says all the folder holds is encbench's, so
	 * that a run killed while it builds leaves nothing a later one
	 * must keep. */
	journal = eb_xasprintf("%s/%s", tmpl, JOURNAL);
	if ((fd = open(journal, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600)) < 0 ||
	    close(fd) != 0) {
		fprintf(stderr, "%s: error: cannot write: %s\n", journal, strerror(errno));
		eb_folder_unguard(tmpl);
		rmdir(tmpl);
		free(journal);
		free(tmpl);
		return NULL;
	}
	free(journal);
	/* mkdtemp makes it 0700; the report is for publishing, so it gets
	 * what mkdir would give it. */
	mask = umask(0);
	umask(mask);
	chmod(tmpl, 0777 & ~mask);
	return tmpl;
}

int
eb_folder_commit(const char *tmp, const char *dir_arg, const char *manifest)
{
	char *dir = clean(dir_arg), *old = NULL, *journal = eb_xasprintf("%s/%s", tmp, JOURNAL);
	struct listed listed;
	struct swap s;
	struct stat sb;
	sigset_t deferred, was;
	int rc = 0, lock;

	/* A signal that would end the process waits for the swap: Ctrl-C, a
	 * SIGTERM or a hang-up then leaves the old folder or the new one,
	 * never the user's files in a hidden one (SIGKILL is the journal's). */
	sigemptyset(&deferred);
	for (size_t i = 0; i < sizeof deferred_signals / sizeof deferred_signals[0]; i++)
		sigaddset(&deferred, deferred_signals[i]);
	pthread_sigmask(SIG_BLOCK, &deferred, &was);
	/* From here on the user's files may move into tmp. */
	eb_folder_unguard(tmp);
	lock = lock_beside(dir);
	memset(&s, 0, sizeof s);
	memset(&listed, 0, sizeof listed);
	if (lock < 0) {
		eb_folder_abort(tmp);
		rc = EB_EXIT_IO;
		goto done;
	}
	/* What killed runs left goes first; running ones' stays. */
	recover(dir, manifest);
	if (lstat(dir, &sb) != 0) {
		if (rename(tmp, dir) != 0) {
			fprintf(stderr, "%s: error: cannot create: %s\n", dir, strerror(errno));
			eb_folder_abort(tmp);
			rc = EB_EXIT_IO;
		} else
			unlink_in(dir, JOURNAL);
		goto done;
	}
	if (!S_ISDIR(sb.st_mode)) {
		fprintf(stderr, "%s: error: exists and is not a folder\n", dir);
		eb_folder_abort(tmp);
		rc = EB_EXIT_IO;
		goto done;
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
	/* The journal names what of the user's is about to move in, so that
	 * a kill at any later step leaves it for the next run to put back. */
	if (write_journal(journal, &s) != 0) {
		fprintf(stderr, "%s: error: cannot write: %s\n", journal, strerror(errno));
		rc = EB_EXIT_IO;
		eb_folder_abort(tmp);
		goto done;
	}
	if (apply(&s, s.n, 0) != 0) {
		rc = EB_EXIT_IO;
		eb_folder_abort(tmp);
		goto done;
	}
	/* The old folder is moved aside under a name of its own, then the
	 * new one in. */
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
	unlink_in(dir, JOURNAL);
	s.old = old;
	if (!remove_listed(old, "", &listed, manifest))
		fprintf(stderr, "encbench: warning: %s is kept: it holds files encbench did not "
		    "write (made while the report was built?)\n", old);
done:
	if (lock >= 0)
		close(lock);
	for (size_t i = 0; i < s.n; i++)
		free(s.v[i].rel);
	free(s.v);
	listed_free(&listed);
	free(journal);
	free(old);
	/* A signal that came while the folder was swapped in asked to stop
	 * what had nothing left to do: the folder is whole, and exit 0 says
	 * so (a script's "report || restore" would put the old one back over
	 * a report that stands). A swap that failed lets it end the process. */
	if (rc == 0) {
		struct timespec now = { 0, 0 };
		int sig;

		while ((sig = sigtimedwait(&deferred, NULL, &now)) > 0)
			fprintf(stderr, "encbench: note: %s came while %s was put in place; it "
			    "is whole\n", strsignal(sig), dir);
	}
	free(dir);
	pthread_sigmask(SIG_SETMASK, &was, NULL);
	return rc;
}
