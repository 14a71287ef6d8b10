/* gnuplot.c - the gnuplot back end: the chart's data as a data file and a
 * readable .gp script that draws the same chart (its text where the layout
 * put it, its panels by the kind's plot writer), run by gnuplot without a
 * shell; the files stay in --emit-script DIR for hand-tuning. */
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "chart_int.h"

/* The chart's text and legend from the scene, at the same places. */
static void
chrome(struct gp *g)
{
	static const char *const roles[] = {
		"title", "subtitle", "caveat", "legend", "legend-tick", "row-head", "unit", "column-head",
		"direction", "category", "cat-tick", "note", "source", "line-label",
	};
	static const char *const just[] = { "left", "center", "right" };
	FILE *fp = g->gp;
	int tag = 1;

	fputs("\n# ---- titles, headings, mode names and legend, where encbench put them\n", fp);
	for (size_t i = 0; i < g->s->n; i++) {
		const struct eb_item *it = &g->s->items[i];
		size_t k;

		if (it->kind == EB_ITEM_TEXT) {
			for (k = 0; k < sizeof roles / sizeof roles[0]; k++)
				if (strcmp(it->role, roles[k]) == 0)
					break;
			if (k == sizeof roles / sizeof roles[0])
				continue;
			fprintf(fp, "set label %d ", tag++);
			eb_gp_str(fp, it->text);
			fprintf(fp, " at screen %.5f, screen %.5f %s font 'DejaVu Sans%s,%.1f' tc ",
			    eb_gp_sx(g, it->x1), eb_gp_sy(g, it->y1 - MID(it->size)), just[it->anchor],
			    it->bold ? ":Bold" : "", it->size * g->px_pt);
			eb_gp_rgb(fp, it->paint.fill);
			fputs(" front\n", fp);
		} else if (strncmp(it->role, "legend", 6) == 0 || strcmp(it->role, "leader") == 0) {
			if (it->kind == EB_ITEM_RECT) {
				fprintf(fp, "set object rect from screen %.5f, screen %.5f to screen %.5f, "
				    "screen %.5f fs ", eb_gp_sx(g, it->x1), eb_gp_sy(g, it->y1 + it->y2),
				    eb_gp_sx(g, it->x1 + it->x2), eb_gp_sy(g, it->y1));
				if (it->paint.fill != EB_NOCOLOR) {
					fprintf(fp, "solid %.2f noborder fc ", it->paint.opacity);
					eb_gp_rgb(fp, it->paint.fill);
				} else {
					fputs("empty border lc ", fp);
					eb_gp_rgb(fp, it->paint.stroke);
					fputs(" dt 2", fp);
				}
				fputs(" front\n", fp);
			} else if (it->kind == EB_ITEM_LINE) {
				fprintf(fp, "set arrow from screen %.5f, screen %.5f to screen %.5f, "
				    "screen %.5f nohead lw %.2f lc ", eb_gp_sx(g, it->x1), eb_gp_sy(g, it->y1),
				    eb_gp_sx(g, it->x2), eb_gp_sy(g, it->y2), it->paint.width * g->px_pt);
				eb_gp_rgb(fp, it->paint.stroke);
				fputs(" front\n", fp);
			} else if (it->kind == EB_ITEM_CIRCLE) {
				fprintf(fp, "set label %d '' at screen %.5f, screen %.5f point pt 7 "
				    "ps 0.6 lc ", tag++, eb_gp_sx(g, it->x1), eb_gp_sy(g, it->y1));
				eb_gp_rgb(fp, it->paint.fill);
				fputs(" front\n", fp);
			}
		}
	}
}

/* ---- files and the gnuplot process */

static char *
find_program(const char *name)
{
	const char *path = getenv("PATH");
	char *copy, *dir, *save = NULL, *found = NULL;

	if (strchr(name, '/') != NULL)
		return access(name, X_OK) == 0 ? eb_xstrdup(name) : NULL;
	if (path == NULL || *path == '\0')
		path = "/usr/bin:/bin";
	copy = eb_xstrdup(path);
	for (dir = strtok_r(copy, ":", &save); dir != NULL && found == NULL;
	    dir = strtok_r(NULL, ":", &save)) {
		char *p = eb_xasprintf("%s/%s", *dir ? dir : ".", name);

		if (access(p, X_OK) == 0)
			found = p;
		else
			free(p);
	}
	free(copy);
	return found;
}

static enum eb_status
run(const char *prog, const char *dir, const char *script, const char *out,
    const char *path, struct eb_err *err)
{
	struct eb_loc loc = { path, 0, 0 };
	char *set = eb_xasprintf("outfile='%s'", out);
	char *argv[] = { (char *)(uintptr_t)prog, (char *)(uintptr_t)"-e", set,
		(char *)(uintptr_t)script, NULL };
	pid_t pid;
	int status;

	/* The output name is ours (a mkstemp name): no quote to escape. */
	fflush(stdout);
	fflush(stderr);
	if ((pid = fork()) < 0) {
		free(set);
		return eb_err_set(err, EB_ERR_IO, loc, "cannot start gnuplot: %s",
		    strerror(errno));
	}
	if (pid == 0) {
		int null = open("/dev/null", O_RDONLY);

		if (null >= 0) {
			dup2(null, STDIN_FILENO);
			close(null);
		}
		if (chdir(dir) != 0)
			_exit(126);
		execv(prog, argv);
		_exit(127);
	}
	free(set);
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			return eb_err_set(err, EB_ERR_IO, loc, "lost gnuplot: %s", strerror(errno));
	if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
		return eb_err_set(err, EB_ERR_IO, loc, "gnuplot failed (%s %d) on %s/%s; its "
		    "messages are above", WIFEXITED(status) ? "exit" : "signal",
		    WIFEXITED(status) ? WEXITSTATUS(status) : WTERMSIG(status), dir, script);
	return EB_OK;
}

static const char *
extension(const char *path)
{
	const char *dot = strrchr(path, '.');

	return dot != NULL ? dot + 1 : "";
}

static void
terminal(struct gp *g, const char *ext)
{
	FILE *fp = g->gp;
	double w = g->s->width, h = g->s->height, scale = g->o->scale > 0 ? g->o->scale : 1;

	if (eb_ascii_ieq(ext, "png")) {
		/* pngcairo sets points at 96 per inch, as CSS does. */
		g->px_pt = 0.75 * scale;
		fprintf(fp, "set terminal pngcairo size %.0f, %.0f font 'DejaVu Sans,%.2f' "
		    "linewidth %.2f background ", ceil(w * scale), ceil(h * scale),
		    FS_TICK * g->px_pt, scale);
	} else if (eb_ascii_ieq(ext, "pdf")) {
		g->px_pt = 0.75;
		fprintf(fp, "set terminal pdfcairo size %.3fin, %.3fin font 'DejaVu Sans,%.2f' "
		    "background ", w / 96, h / 96, FS_TICK * g->px_pt);
	} else {
		g->px_pt = 1;
		fprintf(fp, "set terminal svg size %.0f, %.0f font 'DejaVu Sans,%.2f' background ",
		    w, h, FS_TICK);
	}
	eb_gp_rgb(fp, g->m->th->bg);
	fputs("\n", fp);
}

static char *
stem_of(const char *path)
{
	char *copy = eb_xstrdup(path), *base = basename(copy), *dot, *out;

	if ((dot = strrchr(base, '.')) != NULL && dot != base)
		*dot = '\0';
	out = eb_xstrdup(*base ? base : "chart");
	free(copy);
	return out;
}

enum eb_status
eb_gp_render(const struct gp_chart *c, const char *path, struct eb_err *err)
{
	const struct chart_model *m = c->m;
	const struct eb_chart_opts *o = m->o;
	struct eb_loc loc = { path, 0, 0 };
	char *prog, *stem, *dir = NULL, *datp = NULL, *gpp = NULL, *outdir, *tmp = NULL;
	char tmpdir[] = "/tmp/encbench-gnuplot.XXXXXX", real[PATH_MAX];
	struct gp g;
	enum eb_status st = EB_OK;
	int fd;

	if ((prog = find_program(o->gnuplot ? o->gnuplot : "gnuplot")) == NULL)
		return eb_err_set(err, EB_ERR_USAGE, loc, "the gnuplot back end needs gnuplot, "
		    "and there is no '%s' in PATH: install it (apt-get install gnuplot-nox on "
		    "Debian and Ubuntu, dnf install gnuplot on Fedora) or leave out --backend "
		    "gnuplot", o->gnuplot ? o->gnuplot : "gnuplot");
	stem = stem_of(path);
	if (o->script_dir != NULL) {
		if (mkdir(o->script_dir, 0777) != 0 && errno != EEXIST) {
			loc.path = o->script_dir;
			st = eb_err_set(err, EB_ERR_IO, loc, "cannot create: %s", strerror(errno));
			goto done;
		}
		dir = eb_xstrdup(o->script_dir);
	} else if (mkdtemp(tmpdir) != NULL)
		dir = eb_xstrdup(tmpdir);
	else {
		st = eb_err_set(err, EB_ERR_IO, loc, "cannot make a directory for gnuplot: %s",
		    strerror(errno));
		goto done;
	}
	datp = eb_xasprintf("%s/%s.dat", dir, stem);
	gpp = eb_xasprintf("%s/%s.gp", dir, stem);

	memset(&g, 0, sizeof g);
	g.m = m;
	g.o = o;
	g.s = c->s;
	g.pb = c->panels;
	g.npb = c->npanels;
	g.dat = fopen(datp, "w");
	g.gp = fopen(gpp, "w");
	if (g.dat == NULL || g.gp == NULL) {
		/* loc names the output: datp and gpp are freed before the
		 * error is told. */
		st = eb_err_set(err, EB_ERR_IO, loc, "cannot write %s: %s", g.dat == NULL ? datp :
		    gpp, strerror(errno));
	} else {
		FILE *fp = g.gp;

		fprintf(g.dat, "# %s.dat - the data of %s.gp (encbench %s), one block per panel "
		    "or line,\n# in display units; gnuplot reads block N as \"index N\".\n",
		    stem, stem, EB_VERSION);
		fprintf(fp, "# %s.gp - ", stem);
		eb_gp_str(fp, m->title ? m->title : "chart");
		fprintf(fp, "\n# Written by encbench %s for a %s chart. The data are in %s.dat, one "
		    "block\n# per panel or line (\"index N\"). Every position is a screen "
		    "fraction where\n# encbench laid the chart out, so text and panels sit "
		    "where they do in\n# encbench's own drawing. Redraw with: gnuplot %s.gp "
		    "(in this directory).\n\n", EB_VERSION, c->kind, stem, stem);
		fputs("if (!exists(\"outfile\")) outfile = ", fp);
		{
			char *name = eb_xasprintf("%s.%s", stem, extension(path));

			eb_gp_str(fp, name);
			free(name);
		}
		fputs("\nif (!exists(\"datafile\")) datafile = ", fp);
		{
			char *name = eb_xasprintf("%s.dat", stem);

			eb_gp_str(fp, name);
			free(name);
		}
		fputs("\n", fp);
		terminal(&g, extension(path));
		fputs("set output outfile\nset encoding utf8\nset termoption noenhanced\n"
		    "set border 0\nunset key\nset errorbars small\nset multiplot\n", fp);
		chrome(&g);
		c->plot(&g);
		fputs("\nunset multiplot\n", fp);
		if (ferror(g.dat) || ferror(g.gp))
			st = eb_err_set(err, EB_ERR_IO, loc, "cannot write %s: %s", gpp,
			    strerror(errno));
	}
	if (g.dat != NULL && fclose(g.dat) != 0 && st == EB_OK)
		st = eb_err_set(err, EB_ERR_IO, loc, "cannot write: %s", strerror(errno));
	if (g.gp != NULL && fclose(g.gp) != 0 && st == EB_OK)
		st = eb_err_set(err, EB_ERR_IO, loc, "cannot write: %s", strerror(errno));
	if (st != EB_OK)
		goto done;

	/* gnuplot writes a temporary file beside the output, which replaces
	 * the output only when gnuplot succeeded; only a regular file may be
	 * replaced so (renaming over /dev/null as root would replace it). */
	{
		struct stat sb;

		if (stat(path, &sb) == 0 && !S_ISREG(sb.st_mode)) {
			st = eb_err_set(err, EB_ERR_USAGE, loc, "the gnuplot back end writes "
			    "regular files only");
			goto done;
		}
	}
	{
		char *copy = eb_xstrdup(path);

		outdir = eb_xstrdup(dirname(copy));
		free(copy);
	}
	if (realpath(outdir, real) == NULL) {
		/* loc names the output: outdir is freed before the error is
		 * told. */
		st = eb_err_set(err, EB_ERR_IO, loc, "cannot write there: %s", strerror(errno));
		free(outdir);
		goto done;
	}
	free(outdir);
	tmp = eb_xasprintf("%s/.encbench-gnuplot-XXXXXX", real);
	if ((fd = mkstemp(tmp)) < 0) {
		st = eb_err_set(err, EB_ERR_IO, loc, "cannot write there: %s", strerror(errno));
		free(tmp);
		tmp = NULL;
		goto done;
	}
	/* mkstemp makes it 0600; gnuplot writes into it as it is. */
	{ mode_t mask = umask(0); umask(mask); fchmod(fd, 0666 & ~mask); }
	close(fd);
	{
		char *script = eb_xasprintf("%s.gp", stem);

		st = run(prog, dir, script, tmp, path, err);
		free(script);
	}
	if (st == EB_OK && rename(tmp, path) != 0)
		st = eb_err_set(err, EB_ERR_IO, loc, "cannot write: %s", strerror(errno));
	if (st != EB_OK)
		unlink(tmp);
	free(tmp);
done:
	if (o->script_dir == NULL && dir != NULL) {
		if (datp != NULL)
			unlink(datp);
		if (gpp != NULL)
			unlink(gpp);
		rmdir(dir);
	}
	free(prog);
	free(stem);
	free(dir);
	free(datp);
	free(gpp);
	return st;
}
