/* gnuplot.c - the gnuplot back end: the chart's data as a data file and a
 * readable .gp script that draws the same chart, run by gnuplot without a
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

struct gp {
	const struct chart_model *m;
	const struct eb_chart_opts *o;
	struct eb_scene *s;
	struct panel_box *pb;
	size_t npb;
	FILE *dat, *gp;
	int block;		/* the next "index" of the data file */
	double px_pt;		/* terminal font points per scene px */
};

/* A gnuplot string: single quotes, where neither backslash escapes nor
 * `command` substitution happen (double quotes would run backquoted
 * commands); a quote is doubled. Scene text has no newlines. */
static void
str(FILE *fp, const char *s)
{
	putc('\'', fp);
	for (; *s != '\0'; s++) {
		if (*s == '\'')
			putc('\'', fp);
		putc(*s, fp);
	}
	putc('\'', fp);
}

/* A data-file comment: one line, whatever the label holds. */
static void
comment(FILE *fp, const char *s)
{
	fputs("# ", fp);
	for (; *s != '\0'; s++)
		putc(*s == '\n' || *s == '\r' ? ' ' : *s, fp);
	putc('\n', fp);
}

static double
sx(const struct gp *g, double x)
{
	return x / g->s->width;
}

static double
sy(const struct gp *g, double y)
{
	return 1 - y / g->s->height;
}

static void
rgb(FILE *fp, uint32_t c)
{
	fprintf(fp, "rgb '#%06x'", (unsigned)(c & 0xffffff));
}

static void
num(FILE *fp, double v)
{
	if (fabs(v) < 1e-9)
		v = 0;
	if (isfinite(v))
		fprintf(fp, "%.6g", v);
	else
		fputs("NaN", fp);
}

/* The chart's text and legend from the scene, at the same places. */
static void
chrome(struct gp *g)
{
	static const char *const roles[] = {
		"title", "subtitle", "legend", "legend-tick", "row-head", "unit", "column-head",
		"direction", "category", "cat-tick", "note", "source",
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
			str(fp, it->text);
			fprintf(fp, " at screen %.5f, screen %.5f %s font 'DejaVu Sans%s,%.1f' tc ",
			    sx(g, it->x1), sy(g, it->y1 - MID(it->size)), just[it->anchor],
			    it->bold ? ":Bold" : "", it->size * g->px_pt);
			rgb(fp, it->paint.fill);
			fputs(" front\n", fp);
		} else if (strncmp(it->role, "legend", 6) == 0) {
			if (it->kind == EB_ITEM_RECT) {
				fprintf(fp, "set object rect from screen %.5f, screen %.5f to screen %.5f, "
				    "screen %.5f fs ", sx(g, it->x1), sy(g, it->y1 + it->y2),
				    sx(g, it->x1 + it->x2), sy(g, it->y1));
				if (it->paint.fill != EB_NOCOLOR) {
					fprintf(fp, "solid %.2f noborder fc ", it->paint.opacity);
					rgb(fp, it->paint.fill);
				} else {
					fputs("empty border lc ", fp);
					rgb(fp, it->paint.stroke);
					fputs(" dt 2", fp);
				}
				fputs(" front\n", fp);
			} else if (it->kind == EB_ITEM_LINE) {
				fprintf(fp, "set arrow from screen %.5f, screen %.5f to screen %.5f, "
				    "screen %.5f nohead lw %.2f lc ", sx(g, it->x1), sy(g, it->y1),
				    sx(g, it->x2), sy(g, it->y2), it->paint.width * g->px_pt);
				rgb(fp, it->paint.stroke);
				fputs(" front\n", fp);
			} else if (it->kind == EB_ITEM_CIRCLE) {
				fprintf(fp, "set label %d '' at screen %.5f, screen %.5f point pt 7 "
				    "ps 0.6 lc ", tag++, sx(g, it->x1), sy(g, it->y1));
				rgb(fp, it->paint.fill);
				fputs(" front\n", fp);
			}
		}
	}
}

/* Places the next plot on the panel's area, with its ranges and ticks. */
static void
frame(struct gp *g, const struct panel_box *b, int percent, const char *label)
{
	FILE *fp = g->gp;
	const struct eb_theme *th = g->m->th;

	fprintf(fp, "\n# ---- panel: %s\n", label);
	fprintf(fp, "set lmargin at screen %.5f; set rmargin at screen %.5f\n",
	    sx(g, b->x), sx(g, b->x + b->w));
	fprintf(fp, "set tmargin at screen %.5f; set bmargin at screen %.5f\n",
	    sy(g, b->y), sy(g, b->y + b->h));
	fputs("set xrange [", fp);
	num(fp, b->xlo);
	putc(':', fp);
	num(fp, b->xhi);
	fputs("]; set yrange [", fp);
	num(fp, b->ylo);
	putc(':', fp);
	num(fp, b->yhi);
	fputs("]\n", fp);
	if (b->xstep > 0) {
		int dec = b->xstep >= 1 ? 0 : (int)ceil(-log10(b->xstep) - 1e-9);

		fputs("set xtics ", fp);
		num(fp, b->xstep * ceil(fmin(b->xlo, b->xhi) / b->xstep - 1e-9));
		fputs(", ", fp);
		num(fp, b->xstep);
		fprintf(fp, " format '%%.%df%s' scale 0 tc ", dec,
		    percent && b->ystep == 0 ? " %%" : "");
		rgb(fp, th->muted);
		fputs("\nset grid xtics lt 1 lw 1 lc ", fp);
		rgb(fp, th->grid);
		fputs("\n", fp);
	} else
		fputs("unset xtics\n", fp);
	if (b->ystep > 0) {
		int dec = b->ystep >= 1 ? 0 : (int)ceil(-log10(b->ystep) - 1e-9);

		fputs("set ytics ", fp);
		num(fp, b->ylo);
		fputs(", ", fp);
		num(fp, b->ystep);
		fprintf(fp, " format '%%.%df%s' scale 0 tc ", dec, percent ? " %%" : "");
		rgb(fp, th->muted);
		fputs("\nset grid ytics lt 1 lw 1 lc ", fp);
		rgb(fp, th->grid);
		fputs("\n", fp);
	} else
		fputs("unset ytics\n", fp);
	if (b->xstep == 0 && b->ystep == 0)
		fputs("unset grid\n", fp);
}

static void
end_plot(struct gp *g)
{
	/* Labels, objects and arrows would be drawn again with every panel. */
	fputs("unset label; unset object; unset arrow\n", g->gp);
}

static void
band_kind(struct gp *g)
{
	const struct chart_model *m = g->m;
	const struct eb_theme *th = m->th;
	FILE *fp = g->gp, *d = g->dat;

	for (size_t i = 0; i < g->npb; i++) {
		const struct panel_box *b = &g->pb[i];
		const struct cm_row *row = &m->rows[b->row];
		char label[320];
		double h = 0.32;

		snprintf(label, sizeof label, "%s, %s", row->label, m->cols[b->col]);
		comment(d, label);
		fputs("# position value lo hi colour hollow label\n", d);
		for (size_t p = 0; p < m->npts; p++) {
			const struct cm_point *pt = &m->pts[p];
			size_t idx = 0;
			char text[64];

			if (pt->row != b->row || pt->col != b->col)
				continue;
			while (idx < row->ncats && row->cats[idx] != pt->cat)
				idx++;
			cm_value_text(m, row, pt->v, text, sizeof text);
			fprintf(d, "%zu ", idx + 1);
			num(d, pt->v / row->disp.div);
			putc(' ', d);
			num(d, pt->lo / row->disp.div);
			putc(' ', d);
			num(d, pt->hi / row->disp.div);
			fprintf(d, " %u %d \"%s%s%s\"\n", (unsigned)cm_cat_color(m, pt->cat),
			    pt->hollow, text, pt->note ? "  " : "", pt->note ? pt->note : "");
		}
		fputs("\n\n", d);
		frame(g, b, m->percent, label);
		if (b->xlo < 0 && b->xhi > 0)
			fprintf(fp, "set arrow from 0, graph 0 to 0, graph 1 nohead lw 1 lc rgb '#%06x'\n",
			    (unsigned)th->axis);
		if (isfinite(m->ref) && m->ref != 0)
			fprintf(fp, "set arrow from %g, graph 0 to %g, graph 1 nohead dt 2 lw 1.3 "
			    "lc rgb '#%06x' front\n", m->ref, m->ref, (unsigned)th->ref);
		fprintf(fp, "plot datafile index %d using ($6 != 0 ? NaN : $2):1:(0):2:($1-%.2f):($1+%.2f):5 "
		    "with boxxyerror fs solid 1 noborder lc rgb variable notitle, \\\n", g->block, h, h);
		fprintf(fp, "     '' index %d using ($6 != 0 ? $2 : NaN):1:(0):2:($1-%.2f):($1+%.2f) "
		    "with boxxyerror fs empty border lc rgb '#%06x' lc rgb '#%06x' dt 2 notitle, \\\n",
		    g->block, h, h, (unsigned)th->hollow, (unsigned)th->hollow);
		fprintf(fp, "     '' index %d using 2:1:3:4 with xerrorbars pt -1 lw 1.2 lc rgb '#%06x' "
		    "notitle, \\\n", g->block, (unsigned)th->whisker);
		fprintf(fp, "     '' index %d using ($2 >= 0 ? ($4 == $4 && $4 > $2 ? $4 : $2) : NaN):1:7 "
		    "with labels left offset char 0.5, 0 tc rgb '#%06x' notitle, \\\n", g->block,
		    (unsigned)th->text);
		fprintf(fp, "     '' index %d using ($2 < 0 ? ($3 == $3 && $3 < $2 ? $3 : $2) : NaN):1:7 "
		    "with labels right offset char -0.5, 0 tc rgb '#%06x' notitle\n", g->block,
		    (unsigned)th->text);
		g->block++;
		if (i == 0)
			end_plot(g);
		else
			fputs("unset arrow\n", fp);
	}
}

static void
heat_kind(struct gp *g)
{
	const struct chart_model *m = g->m;
	FILE *fp = g->gp, *d = g->dat;

	for (size_t i = 0; i < g->npb; i++) {
		const struct panel_box *b = &g->pb[i];
		const struct cm_row *row = &m->rows[b->row];
		char label[320];

		snprintf(label, sizeof label, "%s, %s", row->label, m->cols[b->col]);
		comment(d, label);
		fputs("# column row colour text-colour label\n", d);
		for (size_t k = 0; k < row->ncats; k++)
			for (size_t p = 0; p < m->npts; p++) {
				const struct cm_point *pt = &m->pts[p];
				uint32_t c;
				char text[32];

				if (pt->row != b->row || pt->col != b->col || pt->cat != row->cats[k])
					continue;
				c = eb_heat_color(pt->v, m->heat_lo, m->heat_hi);
				pct_text(text, sizeof text, pt->v, 0);
				fprintf(d, "%zu %zu %u %u \"%s\"\n", pt->ser + 1, k + 1, (unsigned)c,
				    (unsigned)eb_contrast_text(c), text);
			}
		fputs("\n\n", d);
		frame(g, b, 1, label);
		fprintf(fp, "plot datafile index %d using 1:2:(0.5):(0.5):3 with boxxyerror "
		    "fs solid 1 border lc rgb '#%06x' lw 1.5 fc rgb variable notitle, \\\n", g->block,
		    (unsigned)m->th->bg);
		fprintf(fp, "     '' index %d using 1:2:5:4 with labels tc rgb variable notitle\n",
		    g->block);
		g->block++;
		if (i == 0)
			end_plot(g);
	}
}

static void
trend_kind(struct gp *g)
{
	const struct chart_model *m = g->m;
	const struct eb_theme *th = m->th;
	FILE *fp = g->gp, *d = g->dat;

	for (size_t i = 0; i < g->npb; i++) {
		const struct panel_box *b = &g->pb[i];
		const struct cm_row *row = &m->rows[b->row];
		char label[320];
		int first = 1;

		snprintf(label, sizeof label, "%s, %s", row->label, m->cols[b->col]);
		frame(g, b, m->percent, label);
		if (isfinite(m->ref))
			fprintf(fp, "set arrow from graph 0, first %g to graph 1, first %g nohead dt 2 "
			    "lw 1.3 lc rgb '#%06x'\n", m->ref, m->ref, (unsigned)th->ref);
		fputs("plot", fp);
		for (size_t s = 0; s < m->nsers; s++) {
			int any = 0;

			for (size_t k = 0; k < m->ncats; k++)
				for (size_t p = 0; p < m->npts; p++) {
					const struct cm_point *pt = &m->pts[p];

					if (pt->row != b->row || pt->col != b->col || pt->ser != s ||
					    pt->cat != k)
						continue;
					if (!any) {
						snprintf(label, sizeof label, "%s, %s: %s", row->label,
						    m->cols[b->col], m->sers[s]);
						comment(d, label);
						fputs("# release value lo hi\n", d);
						any = 1;
					}
					fprintf(d, "%zu ", k + 1);
					num(d, pt->v / row->disp.div);
					putc(' ', d);
					num(d, pt->lo / row->disp.div);
					putc(' ', d);
					num(d, pt->hi / row->disp.div);
					putc('\n', d);
				}
			if (!any)
				continue;
			fputs("\n\n", d);
			fprintf(fp, "%s datafile index %d using 1:2 with lines lw 2 lc rgb '#%06x' "
			    "title ", first ? "" : ", \\\n    ", g->block, (unsigned)cm_ser_color(m, s));
			str(fp, m->sers[s]);
			fprintf(fp, ", \\\n     '' index %d using 1:2:3:4 with yerrorbars pt 7 ps 0.55 "
			    "lw 1.2 lc rgb '#%06x' notitle", g->block, (unsigned)cm_ser_color(m, s));
			first = 0;
			g->block++;
		}
		if (first)
			fputs(" NaN notitle", fp);
		fputs("\n", fp);
		if (i == 0)
			end_plot(g);
		else
			fputs("unset arrow\n", fp);
	}
}

static void
ts_kind(struct gp *g)
{
	const struct chart_model *m = g->m;
	FILE *fp = g->gp, *d = g->dat;

	for (size_t i = 0; i < g->npb; i++) {
		const struct panel_box *b = &g->pb[i];
		const struct cm_row *row = &m->rows[b->row];
		size_t ncol = (size_t)ceil(b->w * (g->o->scale > 1 ? g->o->scale : 1));
		int first = 1;

		frame(g, b, 0, row->label);
		fputs("plot", fp);
		for (size_t s = 0; s < m->nts; s++) {
			const struct ts_series *t = &m->ts[s];
			double *mn, *mx, *mean;

			if (t->row != b->row)
				continue;
			comment(d, t->label);
			fputs("# seconds min max mean\n", d);
			if (t->t != NULL) {
				for (size_t k = 0; k < t->samples; k++) {
					double v = t->bins[k].sum * t->scale / row->disp.div;

					if (k > 0 && t->t[k] < t->t[k - 1])
						fputs("\n", d);	/* another run: a new line */
					fprintf(d, "%.6g %.6g %.6g %.6g\n", t->t[k] / 1000, v, v, v);
				}
			} else {
				ts_columns(t, m->t_max_ms, ncol, &mn, &mx, &mean);
				for (size_t c = 0; c < ncol; c++)
					if (!isnan(mean[c]))
						fprintf(d, "%.6g %.6g %.6g %.6g\n",
						    (c + 0.5) / ncol * m->t_max_ms / 1000, mn[c] / row->disp.div,
						    mx[c] / row->disp.div, mean[c] / row->disp.div);
				free(mn);
				free(mx);
				free(mean);
			}
			fputs("\n\n", d);
			fprintf(fp, "%s datafile index %d using 1:2:3 with filledcurves fs transparent "
			    "solid 0.22 noborder fc rgb '#%06x' notitle, \\\n     '' index %d using 1:4 "
			    "with lines lw 1.3 lc rgb '#%06x' title ", first ? "" : ", \\\n    ",
			    g->block, (unsigned)t->color, g->block, (unsigned)t->color);
			str(fp, t->label);
			first = 0;
			g->block++;
		}
		if (first)
			fputs(" NaN notitle", fp);
		fputs("\n", fp);
		if (i == 0)
			end_plot(g);
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
	rgb(fp, g->m->th->bg);
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
gp_render(const struct chart_model *m, const char *path, struct eb_err *err)
{
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
	g.s = chart_layout(m, &g.pb, &g.npb);
	g.dat = fopen(datp, "w");
	g.gp = fopen(gpp, "w");
	if (g.dat == NULL || g.gp == NULL) {
		loc.path = g.dat == NULL ? datp : gpp;
		st = eb_err_set(err, EB_ERR_IO, loc, "cannot write: %s", strerror(errno));
	} else {
		FILE *fp = g.gp;

		fprintf(g.dat, "# %s.dat - the data of %s.gp (encbench %s), one block per panel "
		    "or line,\n# in display units; gnuplot reads block N as \"index N\".\n",
		    stem, stem, EB_VERSION);
		fprintf(fp, "# %s.gp - ", stem);
		str(fp, m->title ? m->title : "chart");
		fprintf(fp, "\n# Written by encbench %s for a %s chart. The data are in %s.dat, one "
		    "block\n# per panel or line (\"index N\"). Every position is a screen "
		    "fraction where\n# encbench laid the chart out, so text and panels sit "
		    "where they do in\n# encbench's own drawing. Redraw with: gnuplot %s.gp "
		    "(in this directory).\n\n", EB_VERSION, eb_chart_kind_name(m->kind), stem, stem);
		fputs("if (!exists(\"outfile\")) outfile = ", fp);
		{
			char *name = eb_xasprintf("%s.%s", stem, extension(path));

			str(fp, name);
			free(name);
		}
		fputs("\nif (!exists(\"datafile\")) datafile = ", fp);
		{
			char *name = eb_xasprintf("%s.dat", stem);

			str(fp, name);
			free(name);
		}
		fputs("\n", fp);
		terminal(&g, extension(path));
		fputs("set output outfile\nset encoding utf8\nset termoption noenhanced\n"
		    "set border 0\nunset key\nset errorbars small\nset multiplot\n", fp);
		chrome(&g);
		switch (m->kind) {
		case EB_CHART_HEATMAP:
			heat_kind(&g);
			break;
		case EB_CHART_TREND:
			trend_kind(&g);
			break;
		case EB_CHART_TIMESERIES:
			ts_kind(&g);
			break;
		default:
			band_kind(&g);
			break;
		}
		fputs("\nunset multiplot\n", fp);
		if (ferror(g.dat) || ferror(g.gp)) {
			loc.path = gpp;
			st = eb_err_set(err, EB_ERR_IO, loc, "cannot write: %s", strerror(errno));
		}
	}
	if (g.dat != NULL && fclose(g.dat) != 0 && st == EB_OK)
		st = eb_err_set(err, EB_ERR_IO, loc, "cannot write: %s", strerror(errno));
	if (g.gp != NULL && fclose(g.gp) != 0 && st == EB_OK)
		st = eb_err_set(err, EB_ERR_IO, loc, "cannot write: %s", strerror(errno));
	eb_scene_free(g.s);
	free(g.pb);
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
		loc.path = outdir;
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
