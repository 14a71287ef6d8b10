/* walk.c - reading a directory: the walk in name order, the files parsed on
 * as many threads as there are CPUs, and the merge in the walk's order. */
#include <dirent.h>
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <jansson.h>

#include "driver.h"
#include "rundir.h"

#define MAX_DEPTH 16
#define MAX_THREADS 8

static int
skip_dotfiles(const struct dirent *d)
{
	return d->d_name[0] != '.';
}


/* A directory is read in three steps. The walk lists what it finds, in
 * name order: the files to read, the checks of run directories, and its
 * own errors. The files are then parsed, each into a table of its own
 * with its diagnostics kept back, by as many threads as there are CPUs,
 * since most of a folder's time is parsing and files do not depend on
 * each other. Last, in the order of the walk, each file's diagnostics are
 * told and its records appended and labelled, so that the output is the
 * same whatever the number of threads. */

/* STEP_SPECIAL: a FIFO, socket or device, which a walk does not open;
 * STEP_OWN: encbench's own results.csv (core/unique.c); STEP_AGAIN: a
 * directory the walk has entered already, through a symbolic link;
 * STEP_PART: an unfinished output of encbench-run, NAME.part, which it
 * renames to NAME once its test has succeeded. */
enum step_kind {
	STEP_FILE, STEP_RUN_CHECK, STEP_ERROR, STEP_SPECIAL, STEP_OWN, STEP_AGAIN, STEP_PART
};

struct step {
	enum step_kind kind;
	char *path;		/* the file, or the run root to check */
	int in_run;
	size_t run_index;
	size_t rel_at;		/* where the path below the run root begins */
	/* What parsing the file gave: */
	struct eb_table *t;
	enum eb_status st;
	struct eb_err err;
	char *sidecar;
	struct eb_kept kept;	/* its diagnostics, told when it is merged */
	struct eb_runs runs;	/* the runs it noted, checked when it is merged */
};

struct walker {
	struct eb_table *t;
	const struct eb_ingest_opts *opts;
	struct eb_err *err;
	struct step *steps;
	size_t nsteps, capsteps;
	int in_run;
	size_t run_index;
	size_t rel_at;
	int next;		/* the next step a parsing thread takes */
	struct eb_run_seen *seen;	/* the runs of the files merged so far */
	/* Files skipped as not benchmark output, told in one note at the end
	 * of the folder unless opts->verbose. */
	size_t nskipped;
	char *first_skipped;
	/* The directories entered, so that a link back up ("latest -> .")
	 * is read once and cannot make the walk loop. */
	struct dir_id {
		dev_t dev;
		ino_t ino;
	} *dirs;
	size_t ndirs, capdirs;
};

static struct step *
add_step(struct walker *w, enum step_kind kind, const char *path)
{
	struct step *s;

	eb_xgrow(&w->steps, &w->capsteps, w->nsteps + 1, sizeof *w->steps);
	s = &w->steps[w->nsteps++];
	memset(s, 0, sizeof *s);
	s->kind = kind;
	s->path = path != NULL ? eb_xstrdup(path) : NULL;
	s->in_run = w->in_run;
	s->run_index = w->run_index;
	s->rel_at = w->rel_at;
	return s;
}

/* A walk error, told in its place among the files' diagnostics. */
static void
walk_error(struct walker *w)
{
	struct step *s = add_step(w, STEP_ERROR, w->err->loc.path);

	s->err = *w->err;
	s->err.loc.path = s->path;
	s->st = w->err->code;
}

/* A mode's folder of a run named alone (runs/24.04/aes-256-gcm): its files
 * are labelled as the walk of the whole run would label them, mode and op
 * from their names, release and host from the run's meta.json; without it
 * a dd read and a dd write, which name no direction, would be one test.
 * The run's completeness is not checked: only one mode was asked for. */
static enum eb_status
mode_folder(struct walker *w, const char *dir)
{
	size_t len = strlen(dir), cut;
	char *parent;
	int found = 0;
	enum eb_status st;

	while (len > 1 && dir[len - 1] == '/')
		len--;
	cut = len;
	while (cut > 0 && dir[cut - 1] != '/')
		cut--;
	parent = cut == 0 ? eb_xstrdup(".") : eb_xstrndup(dir, cut > 1 ? cut - 1 : 1);
	st = eb_rundir_load(w->t, parent, &w->run_index, &found, w->opts->diag, w->err);
	free(parent);
	if (st == EB_OK && found) {
		w->in_run = 1;
		w->rel_at = cut;
	}
	return st;
}

static enum eb_status
walk(struct walker *w, const char *dir, int depth)
{
	struct dirent **names;
	struct eb_loc loc = { dir, 0, 0 };
	int n, found = 0, run_root = 0;
	struct stat ds;

	if (stat(dir, &ds) == 0) {
		for (size_t i = 0; i < w->ndirs; i++) {
			if (w->dirs[i].dev == ds.st_dev && w->dirs[i].ino == ds.st_ino) {
				add_step(w, STEP_AGAIN, dir);
				return EB_OK;
			}
		}
		eb_xgrow(&w->dirs, &w->capdirs, w->ndirs + 1, sizeof *w->dirs);
		w->dirs[w->ndirs].dev = ds.st_dev;
		w->dirs[w->ndirs++].ino = ds.st_ino;
	}
	if (depth > MAX_DEPTH) {
		eb_err_set(w->err, EB_ERR_DATA, loc,
		    "directories nested deeper than %d levels are not walked", MAX_DEPTH);
		walk_error(w);
		return EB_OK;
	}
	if (!w->in_run) {
		if (eb_rundir_load(w->t, dir, &w->run_index, &found, w->opts->diag,
		    w->err) != EB_OK) {
			walk_error(w);
			return EB_OK;
		}
		if (found) {
			size_t len = strlen(dir);

			while (len > 1 && dir[len - 1] == '/')
				len--;
			w->in_run = run_root = 1;
			w->rel_at = len + 1;
		} else if (depth == 0 && mode_folder(w, dir) != EB_OK) {
			walk_error(w);
			return EB_OK;
		}
	}
	n = scandir(dir, &names, skip_dotfiles, alphasort);
	if (n < 0) {
		eb_err_set(w->err, EB_ERR_IO, loc, "cannot read directory: %s", strerror(errno));
		walk_error(w);
		return EB_OK;
	}
	for (int i = 0; i < n; i++) {
		size_t dl = strlen(dir);
		char *child = eb_xasprintf("%.*s/%s", (int)(dl > 1 && dir[dl - 1] == '/' ? dl - 1 : dl),
		    dir, names[i]->d_name);
		struct stat sb;

		if (stat(child, &sb) != 0)
			;
		else if (S_ISDIR(sb.st_mode))
			walk(w, child, depth + 1);
		else if (!S_ISREG(sb.st_mode))
			add_step(w, STEP_SPECIAL, child);
		else if (strlen(names[i]->d_name) > 5 &&
		    strcmp(names[i]->d_name + strlen(names[i]->d_name) - 5, ".part") == 0)
			add_step(w, STEP_PART, child);
		else if (!eb_is_sidecar(names[i]->d_name) &&
		    !(run_root && strcmp(names[i]->d_name, "meta.json") == 0))
			add_step(w, eb_is_own_output(child) ? STEP_OWN : STEP_FILE, child);
		free(child);
		free(names[i]);
	}
	free(names);
	if (run_root) {
		add_step(w, STEP_RUN_CHECK, dir);
		w->in_run = 0;
	}
	return EB_OK;
}

/* Parses one file of a walk into a table of its own. */
static void
parse_step(struct walker *w, struct step *s)
{
	struct eb_ingest_opts opts = *w->opts;

	s->t = eb_table_new();
	eb_kept_init(&s->kept, w->opts->diag);
	opts.diag = &s->kept.diag;
	s->st = eb_read_named_file(s->t, s->path, 1, &opts, &s->sidecar, &s->runs, &s->err);
}

static void *
parse_steps(void *arg)
{
	struct walker *w = arg;
	size_t i;

	while ((i = (size_t)__atomic_fetch_add(&w->next, 1, __ATOMIC_RELAXED)) < w->nsteps)
		if (w->steps[i].kind == STEP_FILE)
			parse_step(w, &w->steps[i]);
	return NULL;
}

/* What no parsing thread may be first to set up. */
static void
prepare_threads(void)
{
	for (size_t i = 0; eb_formats[i] != NULL; i++)
		if (eb_formats[i]->prepare != NULL)
			eb_formats[i]->prepare();
	(void)eb_format_names();
	/* meta.json of run directories is read with jansson on the threads. */
	json_object_seed(0);
}

static void
parse_all(struct walker *w)
{
	pthread_t tid[MAX_THREADS];
	int n = eb_cpu_count(), started = 0;

	if (n > MAX_THREADS)
		n = MAX_THREADS;
	if ((size_t)n > w->nsteps)
		n = (int)w->nsteps;
	if (n > 1) {
		prepare_threads();
		for (; started < n - 1; started++)
			if (pthread_create(&tid[started], NULL, parse_steps, w) != 0)
				break;
	}
	parse_steps(w);
	for (int k = 0; k < started; k++)
		pthread_join(tid[k], NULL);
}

/* Tells a parsed file's diagnostics and appends its records, as reading
 * it there and then would have. */
static enum eb_status
merge_step(struct walker *w, struct step *s, size_t *nread)
{
	struct eb_loc loc = { s->path, 0, 0 };
	size_t first = w->t->n;

	eb_kept_tell(&s->kept, w->opts->diag);
	if (s->st == UNRECOGNISED) {
		if (w->opts->verbose)
			eb_diag(w->opts->diag, EB_NOTE, loc, "skipped: %s", s->kind == STEP_SPECIAL ?
			    "not a regular file (a FIFO, socket or device)" : "not benchmark output");
		else if (w->nskipped++ == 0)
			w->first_skipped = eb_xstrdup(s->path);
		return EB_OK;
	}
	if (s->st == UNRECOGNISED_QUIET)
		return EB_OK;
	/* In the walk's order, so that the first copy of a run is the one
	 * that counts whatever the threads did. */
	/* An output the run did not plan (a stray copy from another run)
	 * would join its repetitions unseen. A results.csv names the sources
	 * of its records itself: it is no output of the run, and the check of
	 * measurements read twice names it when it copies the run's. */
	if (s->st == EB_OK && s->in_run && s->t->n > 0 &&
	    strncmp(s->t->rows[0].f[EB_F_SOURCE], s->path, strlen(s->path)) == 0)
		s->st = eb_rundir_planned(w->t, s->run_index, s->path + s->rel_at, s->path,
		    &s->err);
	if (s->st == EB_OK)
		s->st = eb_runs_keep(s->t, 0, s->path, w->seen, &s->runs, w->opts->diag,
		    &s->err);
	if (s->st != EB_OK) {
		*w->err = s->err;
		eb_ingest_report(w->opts, &s->err);
		return s->st;
	}
	(*nread)++;
	eb_table_move(w->t, s->t);
	if (s->in_run) {
		eb_rundir_host(w->t, s->run_index, first, s->path, w->opts->diag);
		eb_rundir_label(w->t, s->run_index, first, s->path + s->rel_at);
		eb_labels_utf8(w->t, first, s->path, w->opts->diag);
	}
	return EB_OK;
}

static void
free_step(struct step *s)
{
	eb_kept_free(&s->kept);
	eb_runs_free(&s->runs);
	if (s->t != NULL)
		eb_table_free(s->t);
	free(s->sidecar);
	free(s->path);
}

enum eb_status
eb_read_dir(struct eb_table *t, const char *path, const struct eb_ingest_opts *opts,
    size_t *nread, struct eb_err *err)
{
	struct walker walker, *w = &walker;
	enum eb_status worst = EB_OK, st;

	memset(w, 0, sizeof *w);
	w->t = t;
	w->opts = opts;
	w->err = err;
	w->seen = opts->seen != NULL ? opts->seen : eb_run_seen_new();

	walk(w, path, 0);
	parse_all(w);
	for (size_t i = 0; i < w->nsteps; i++) {
		struct step *s = &w->steps[i];

		st = EB_OK;
		if (s->kind == STEP_SPECIAL) {
			s->st = UNRECOGNISED;
			st = merge_step(w, s, nread);
		} else if (s->kind == STEP_OWN) {
			struct eb_loc own = { s->path, 0, 0 };

			eb_diag(w->opts->diag, EB_NOTE, own, "skipped: encbench's own output (the "
			    "datapackage.json or report manifest beside it names it); name it to "
			    "read it");
		} else if (s->kind == STEP_AGAIN || s->kind == STEP_PART) {
			struct eb_loc at = { s->path, 0, 0 };

			eb_diag(w->opts->diag, EB_NOTE, at, "%s", s->kind == STEP_AGAIN ?
			    "skipped: a directory this walk has read already (a symbolic link "
			    "back into it); read once" : "skipped: an unfinished output that "
			    "encbench-run keeps as NAME.part when its test fails; name it to read it");
		} else if (s->kind == STEP_FILE) {
			st = merge_step(w, s, nread);
		} else if (s->kind == STEP_RUN_CHECK) {
			eb_rundir_check(w->t, s->run_index, s->path, w->opts->diag);
		} else {
			*w->err = s->err;
			eb_ingest_report(w->opts, &s->err);
			st = s->st;
		}
		if (st != EB_OK)
			worst = st;
		/* A file's records and diagnostics are done with once told. */
		free_step(s);
	}
	free(w->steps);
	free(w->dirs);
	if (w->seen != opts->seen) {
		eb_run_seen_match(w->seen, t);
		eb_run_seen_free(w->seen);
	}
	if (w->nskipped == 1) {
		struct eb_loc loc = { w->first_skipped, 0, 0 };

		eb_diag(w->opts->diag, EB_NOTE, loc, "skipped: not benchmark output");
	} else if (w->nskipped > 1) {
		struct eb_loc loc = { path, 0, 0 };

		eb_diag(w->opts->diag, EB_NOTE, loc, "skipped %zu files that are not benchmark "
		    "output, %s among them (-v names each)", w->nskipped, w->first_skipped);
	}
	free(w->first_skipped);
	/* err's location was a file's, gone with it; the walk's root stays. */
	w->err->loc.path = path;
	w->err->loc.line = w->err->loc.col = 0;
	return worst;
}
