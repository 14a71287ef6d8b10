/* gnuplot_script.c - the pieces of the gnuplot scripts that chart kinds
 * write: quoted strings, comments, numbers and colours, and the frame of
 * a panel placed where encbench's own layout put it. */
#include <string.h>

#include "chart_int.h"

/* A gnuplot string: single quotes, where neither backslash escapes nor
 * `command` substitution happen (double quotes would run backquoted
 * commands). gnuplot 5.4.4 does not take the doubled quote that should
 * stand for one at the start of a string or beside another ('''' and
 * 'a''''b' are "unrecognized token"), so a quote is joined in as the
 * expression "\047", which holds no backquote: 'it'."\047".'s'. Scene
 * text has no newlines. */
void
eb_gp_str(FILE *fp, const char *s)
{
	putc('\'', fp);
	for (; *s != '\0'; s++) {
		if (*s == '\'')
			fputs("'.\"\\047\".'", fp);
		else
			putc(*s, fp);
	}
	putc('\'', fp);
}

/* A data-file comment: one line, whatever the label holds. */
void
eb_gp_comment(FILE *fp, const char *s)
{
	fputs("# ", fp);
	for (; *s != '\0'; s++)
		putc(*s == '\n' || *s == '\r' ? ' ' : *s, fp);
	putc('\n', fp);
}

double
eb_gp_sx(const struct gp *g, double x)
{
	return x / g->s->width;
}

double
eb_gp_sy(const struct gp *g, double y)
{
	return 1 - y / g->s->height;
}

void
eb_gp_rgb(FILE *fp, uint32_t c)
{
	fprintf(fp, "rgb '#%06x'", (unsigned)(c & 0xffffff));
}

void
eb_gp_num(FILE *fp, double v)
{
	if (fabs(v) < 1e-9)
		v = 0;
	if (isfinite(v))
		fprintf(fp, "%.6g", v);
	else
		fputs("NaN", fp);
}

/* Places the next plot on the panel's area, with its ranges and ticks. */
void
eb_gp_frame(struct gp *g, const struct panel_box *b, int percent, const char *label)
{
	FILE *fp = g->gp;
	const struct eb_theme *th = g->m->th;

	fprintf(fp, "\n# ---- panel: %s\n", label);
	fprintf(fp, "set lmargin at screen %.5f; set rmargin at screen %.5f\n",
	    eb_gp_sx(g, b->x), eb_gp_sx(g, b->x + b->w));
	fprintf(fp, "set tmargin at screen %.5f; set bmargin at screen %.5f\n",
	    eb_gp_sy(g, b->y), eb_gp_sy(g, b->y + b->h));
	fputs("set xrange [", fp);
	eb_gp_num(fp, b->xlo);
	putc(':', fp);
	eb_gp_num(fp, b->xhi);
	fputs("]; set yrange [", fp);
	eb_gp_num(fp, b->ylo);
	putc(':', fp);
	eb_gp_num(fp, b->yhi);
	fputs("]\n", fp);
	if (b->xstep > 0) {
		int dec = b->xstep >= 1 ? 0 : (int)ceil(-log10(b->xstep) - 1e-9);

		fputs("set xtics ", fp);
		eb_gp_num(fp, b->xstep * ceil(fmin(b->xlo, b->xhi) / b->xstep - 1e-9));
		fputs(", ", fp);
		eb_gp_num(fp, b->xstep);
		fprintf(fp, " format '%%.%df%s' scale 0 tc ", dec,
		    percent && b->ystep == 0 ? " %%" : "");
		eb_gp_rgb(fp, th->muted);
		fputs("\nset grid xtics lt 1 lw 1 lc ", fp);
		eb_gp_rgb(fp, th->grid);
		fputs("\n", fp);
	} else
		fputs("unset xtics\n", fp);
	if (b->ystep > 0) {
		int dec = b->ystep >= 1 ? 0 : (int)ceil(-log10(b->ystep) - 1e-9);

		fputs("set ytics ", fp);
		eb_gp_num(fp, b->ylo);
		fputs(", ", fp);
		eb_gp_num(fp, b->ystep);
		fprintf(fp, " format '%%.%df%s' scale 0 tc ", dec, percent ? " %%" : "");
		eb_gp_rgb(fp, th->muted);
		fputs("\nset grid ytics lt 1 lw 1 lc ", fp);
		eb_gp_rgb(fp, th->grid);
		fputs("\n", fp);
	} else
		fputs("unset ytics\n", fp);
	if (b->xstep == 0 && b->ystep == 0)
		fputs("unset grid\n", fp);
}

void
eb_gp_end_plot(struct gp *g)
{
	/* Labels, objects and arrows would be drawn again with every panel. */
	fputs("unset label; unset object; unset arrow\n", g->gp);
}
