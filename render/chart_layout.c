/* chart_layout.c - what every chart layout shares: wrapped text, value
 * scales that leave room for labels, legends, the header with title and
 * subtitle, the footer with notes and sources, row headings, and the value
 * axis of line charts. */
#include <stdlib.h>
#include <string.h>

#include "chart_int.h"

void
eb_lay_panel(struct lay *L, const struct panel_box *b)
{
	if (!L->record)
		return;
	eb_xgrow(&L->panels, &L->cappanels, L->npanels + 1, sizeof *L->panels);
	L->panels[L->npanels++] = *b;
}

/* ---- text */

static double
span_width(const char *s, size_t a, size_t b, double size, int bold)
{
	char buf[1024];
	size_t n;

	while (b > a && s[b - 1] == ' ')
		b--;
	n = b - a < sizeof buf - 1 ? b - a : sizeof buf - 1;
	memcpy(buf, s + a, n);
	buf[n] = '\0';
	return eb_text_width(buf, size, bold);
}

size_t
eb_text_wrap(const char *text, double maxw, double size, int bold, char ***lines)
{
	size_t len = strlen(text), start = 0, n = 0, cap = 0;
	char **v = NULL;

	while (start < len) {
		size_t best = 0, first = 0, b;

		while (start < len && text[start] == ' ')
			start++;
		if (start >= len)
			break;
		/* Break opportunities: after a space or a '-' (mode names), or
		 * the end; never inside "MB/s". */
		for (b = start + 1; b <= len; b++) {
			if (b < len && text[b - 1] != ' ' && text[b - 1] != '-')
				continue;
			/* Never break inside a UTF-8 sequence or before a space. */
			if (b < len && text[b] == ' ')
				continue;
			if (first == 0)
				first = b;
			if (span_width(text, start, b, size, bold) <= maxw + 0.01)
				best = b;
			else
				break;
		}
		if (best == 0)
			best = first ? first : len;
		eb_xgrow(&v, &cap, n + 1, sizeof *v);
		{
			size_t e = best;

			while (e > start && text[e - 1] == ' ')
				e--;
			v[n++] = eb_xstrndup(text + start, e - start);
		}
		start = best;
	}
	if (n == 0) {
		eb_xgrow(&v, &cap, 1, sizeof *v);
		v[n++] = eb_xstrdup("");
	}
	*lines = v;
	return n;
}

void
eb_text_lines_free(char **lines, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(lines[i]);
	free(lines);
}

double
eb_text_lines_width(char **lines, size_t n, double size, int bold)
{
	double w = 0;

	for (size_t i = 0; i < n; i++) {
		double x = eb_text_width(lines[i], size, bold);

		if (x > w)
			w = x;
	}
	return w;
}

double
eb_lay_lines(struct lay *L, char **lines, size_t n, double x, double y, double size,
    int bold, enum eb_anchor anchor, uint32_t color, const char *role)
{
	for (size_t i = 0; i < n; i++) {
		if (L->s != NULL)
			eb_scene_text(L->s, x, y + ASCENT(size), lines[i], size, bold, anchor,
			    color, role);
		y += LINE_H(size);
	}
	return y;
}

/* ---- value scales */

/* The space one side needs at scale k. */
static double
need(const struct extent *e, size_t n, double k, int left)
{
	double w = 0;

	for (size_t i = 0; i < n; i++) {
		double x;

		if ((e[i].v < 0) != left)
			continue;
		x = k * fabs(e[i].v) + e[i].room;
		if (x > w)
			w = x;
	}
	return w;
}

void
eb_lay_fit_scale(const struct extent *e, size_t n, double len, int target,
    struct vscale *out)
{
	double maxabs = 0, lo = 0, hi = 0, k;

	for (size_t i = 0; i < n; i++) {
		if (fabs(e[i].v) > maxabs)
			maxabs = fabs(e[i].v);
		if (e[i].v < lo)
			lo = e[i].v;
		if (e[i].v > hi)
			hi = e[i].v;
	}
	if (maxabs == 0)
		maxabs = 1, hi = 1;
	/* The largest scale at which values and their labels fit: the need
	 * of each side grows with k, so bisect. */
	{
		double a = 0, b = len / (hi - lo > 0 ? hi - lo : maxabs);

		for (int it = 0; it < 60; it++) {
			double mid = (a + b) / 2;

			if (need(e, n, mid, 1) + need(e, n, mid, 0) <= len)
				a = mid;
			else
				b = mid;
		}
		k = a;
	}
	if (k <= 0)	/* labels alone overflow: give the values a third */
		k = len / 3 / (hi - lo > 0 ? hi - lo : maxabs);
	out->k = k;
	out->z = need(e, n, k, 1);
	if (out->z + k * hi > len)
		out->z = len - k * hi;
	if (out->z < 0)
		out->z = 0;
	out->step = eb_tick_step(-out->z / k, (len - out->z) / k, target);
}

/* ---- legend */

#define SWATCH 12.0
#define LEGEND_GAP 18.0

static double
swatch_width(enum swatch k)
{
	return k == SW_LINE || k == SW_BAND ? 20.0 : SWATCH;
}

static void
swatch(struct lay *L, const struct legend_item *it, double x, double cy)
{
	const struct eb_theme *th = L->th;
	struct eb_paint p;

	switch (it->kind) {
	case SW_FILL:
		eb_scene_rect(L->s, x, cy - SWATCH / 2, SWATCH, SWATCH, eb_paint_fill(it->color),
		    "legend-swatch");
		break;
	case SW_HOLLOW:
		p = eb_paint_stroke(th->hollow, 1.2);
		p.dash = 2.5;
		eb_scene_rect(L->s, x + 0.6, cy - SWATCH / 2 + 0.6, SWATCH - 1.2, SWATCH - 1.2,
		    p, "legend-swatch");
		break;
	case SW_LINE:
		eb_scene_line(L->s, x, cy, x + 20, cy, eb_paint_stroke(it->color, 2),
		    "legend-swatch");
		p = eb_paint_fill(it->color);
		p.stroke = th->bg;
		p.width = 1;
		eb_scene_circle(L->s, x + 10, cy, 3.2, p, "legend-swatch");
		break;
	case SW_BAND:
		p = eb_paint_fill(it->color);
		p.opacity = 0.22;
		eb_scene_rect(L->s, x, cy - 5, 20, 10, p, "legend-swatch");
		eb_scene_line(L->s, x, cy, x + 20, cy, eb_paint_stroke(it->color, 1.5),
		    "legend-swatch");
		break;
	}
}

static double
legend(struct lay *L, const struct legend_item *items, size_t n, double y)
{
	double x = L->x0, lh = LINE_H(FS_LABEL) + 3;

	if (n == 0)
		return y;
	for (size_t i = 0; i < n; i++) {
		double w = swatch_width(items[i].kind) + 6 +
		    eb_text_width(items[i].label, FS_LABEL, 0);

		if (x > L->x0 && x + w > L->x0 + L->w) {
			x = L->x0;
			y += lh;
		}
		if (L->s != NULL) {
			double cy = y + lh / 2;

			swatch(L, &items[i], x, cy);
			eb_scene_text(L->s, x + swatch_width(items[i].kind) + 6, cy + MID(FS_LABEL),
			    items[i].label, FS_LABEL, 0, EB_ANCHOR_START, L->th->text, "legend");
		}
		x += w + LEGEND_GAP;
	}
	return y + lh;
}

/* ---- header and footer */

static double
do_header(struct lay *L, const struct chart_model *m, double y)
{
	char **lines;
	size_t n;

	if (m->title != NULL && m->title[0] != '\0') {
		n = eb_text_wrap(m->title, L->w, FS_TITLE, 1, &lines);
		y = eb_lay_lines(L, lines, n, L->x0, y, FS_TITLE, 1, EB_ANCHOR_START,
		    L->th->text, "title");
		eb_text_lines_free(lines, n);
	}
	if (m->subtitle != NULL && m->subtitle[0] != '\0') {
		n = eb_text_wrap(m->subtitle, L->w, FS_SUBTITLE, 0, &lines);
		y = eb_lay_lines(L, lines, n, L->x0, y + 2, FS_SUBTITLE, 0, EB_ANCHOR_START,
		    L->th->muted, "subtitle");
		eb_text_lines_free(lines, n);
	}
	/* In the text colour and bold, not the subtitle's grey: the one line
	 * a reader of a copied chart must not miss. */
	if (m->caveat != NULL) {
		n = eb_text_wrap(m->caveat, L->w, FS_SUBTITLE, 1, &lines);
		y = eb_lay_lines(L, lines, n, L->x0, y + 2, FS_SUBTITLE, 1, EB_ANCHOR_START,
		    L->th->text, "subtitle");
		eb_text_lines_free(lines, n);
	}
	/* What meta.json says of the runs, in the text colour at the labels'
	 * size: a bullet per caveat, wrapped under its own first word. */
	for (size_t i = 0; i < m->nmeta_caveats; i++) {
		double indent = eb_text_width("• ", FS_LABEL, 0);

		n = eb_text_wrap(m->meta_caveats[i], L->w - indent, FS_LABEL, 0, &lines);
		if (L->s != NULL)
			eb_scene_text(L->s, L->x0, y + (i == 0 ? 4 : 1) + ASCENT(FS_LABEL), "•",
			    FS_LABEL, 0, EB_ANCHOR_START, L->th->text, "caveat");
		y = eb_lay_lines(L, lines, n, L->x0 + indent, y + (i == 0 ? 4 : 1), FS_LABEL, 0,
		    EB_ANCHOR_START, L->th->text, "caveat");
		eb_text_lines_free(lines, n);
	}
	if (m->nlegend > 0)
		y = legend(L, m->legend, m->nlegend, y + 10);
	return y + 14;
}

double
eb_lay_header_height(const struct chart_model *m, double w)
{
	struct lay L = { NULL, m, m->th, 0, w, 0, 0, NULL, 0, 0, 0 };

	return do_header(&L, m, 0);
}

double
eb_lay_header(struct lay *L)
{
	L->y = do_header(L, L->m, L->y);
	return L->y;
}

static double
do_footer(struct lay *L, const struct chart_model *m, double y)
{
	char **lines;
	size_t n;

	y += 8;
	if (m->note != NULL && m->note[0] != '\0') {
		n = eb_text_wrap(m->note, L->w, FS_NOTE, 0, &lines);
		y = eb_lay_lines(L, lines, n, L->x0, y, FS_NOTE, 0, EB_ANCHOR_START, L->th->muted,
		    "note");
		eb_text_lines_free(lines, n);
	}
	if (m->source != NULL) {
		n = eb_text_wrap(m->source, L->w, FS_NOTE, 0, &lines);
		y = eb_lay_lines(L, lines, n, L->x0, y, FS_NOTE, 0, EB_ANCHOR_START, L->th->muted,
		    "source");
		eb_text_lines_free(lines, n);
	}
	return y;
}

double
eb_lay_footer_height(const struct chart_model *m, double w)
{
	struct lay L = { NULL, m, m->th, 0, w, 0, 0, NULL, 0, 0, 0 };

	return do_footer(&L, m, 0);
}

double
eb_lay_footer(struct lay *L)
{
	L->y = do_footer(L, L->m, L->y);
	return L->y;
}

/* ---- row headings */

/* The heading of a row of panels: the test in bold and its unit in grey,
 * on one line when they fit, else wrapped, the unit on a line of its own. */
double
eb_lay_row_heading(struct lay *L, const struct cm_row *row, double y, double gap)
{
	const char *unit = row->unit;
	char **lines;
	double headw = eb_text_width(row->label, FS_HEAD, 1);
	size_t n;

	if (headw + 8 + eb_text_width(unit, FS_HEAD, 0) <= L->w) {
		eb_scene_text(L->s, L->x0, y + ASCENT(FS_HEAD), row->label, FS_HEAD, 1,
		    EB_ANCHOR_START, L->th->text, "row-head");
		eb_scene_text(L->s, L->x0 + headw + 8, y + ASCENT(FS_HEAD), unit, FS_HEAD, 0,
		    EB_ANCHOR_START, L->th->muted, "unit");
		return y + LINE_H(FS_HEAD) + gap;
	}
	n = eb_text_wrap(row->label, L->w, FS_HEAD, 1, &lines);
	y = eb_lay_lines(L, lines, n, L->x0, y, FS_HEAD, 1, EB_ANCHOR_START, L->th->text,
	    "row-head");
	eb_text_lines_free(lines, n);
	n = eb_text_wrap(unit, L->w, FS_HEAD, 0, &lines);
	y = eb_lay_lines(L, lines, n, L->x0, y, FS_HEAD, 0, EB_ANCHOR_START, L->th->muted,
	    "unit");
	eb_text_lines_free(lines, n);
	return y + gap;
}

/* ---- the value axis of line charts */

/* The ticks of [lo, hi]: round step and ends. */
static double
ticks(double *lo, double *hi, double h)
{
	double step;

	if (!(*hi > *lo))
		*hi = *lo + 1;
	step = eb_tick_step(*lo, *hi, h > 200 ? 5 : 4);
	*lo = step * floor(*lo / step + 1e-9);
	*hi = step * ceil(*hi / step - 1e-9);
	return step;
}

static void
label(char *text, size_t n, double t, double step, int percent)
{
	eb_tick_text(text, n, t, step);
	if (percent)
		strncat(text, " %", n - strlen(text) - 1);
}

double
eb_frame_label_width(double lo, double hi, double h, int percent)
{
	double step = ticks(&lo, &hi, h), labw = 0;
	char text[32];

	for (double t = lo; t <= hi + step * 1e-9; t += step) {
		double tw;

		label(text, sizeof text, t, step, percent);
		if ((tw = eb_text_width(text, FS_TICK, 0)) > labw)
			labw = tw;
	}
	return labw;
}

double
eb_frame_y(struct lay *L, struct frame *f, double x, double top, double w, double h,
    double lo, double hi, int percent)
{
	const struct eb_theme *th = L->th;
	double labw = eb_frame_label_width(lo, hi, h, percent), step;
	char text[32];

	/* The caller may ask for wider labels, to align panels. */
	if (f->x > labw)
		labw = f->x;
	step = ticks(&lo, &hi, h);
	f->x = x + labw + 8;
	f->w = w - labw - 8;
	f->y = top + FS_TICK / 2;	/* the top label sits on the top line */
	f->h = h - FS_TICK / 2;
	f->lo = lo;
	f->hi = hi;
	f->step = step;
	for (double t = lo; t <= hi + step * 1e-9; t += step) {
		double y = eb_frame_py(f, t);

		if (fabs(t) < step * 1e-9)
			t = 0;
		eb_scene_line(L->s, f->x, y, f->x + f->w, y, eb_paint_stroke(t == 0 ? th->axis :
		    th->grid, 1), t == 0 ? "axis" : "grid");
		label(text, sizeof text, t, step, percent);
		eb_scene_text(L->s, f->x - 6, y + MID(FS_TICK), text, FS_TICK, 0, EB_ANCHOR_END,
		    th->muted, "tick");
	}
	return f->y + f->h;
}

double
eb_frame_py(const struct frame *f, double v)
{
	return f->y + f->h - (v - f->lo) / (f->hi - f->lo) * f->h;
}
