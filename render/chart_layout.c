/* chart_layout.c - what every chart layout shares: wrapped text, round
 * ticks, value scales that leave room for labels, legends, the header with
 * title and subtitle, and the footer with notes and sources. */
#include <stdlib.h>
#include <string.h>

#include "chart_int.h"

void
lay_panel(struct lay *L, const struct panel_box *b)
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
wrap_text(const char *text, double maxw, double size, int bold, char ***lines)
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
free_lines(char **lines, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(lines[i]);
	free(lines);
}

double
lines_width(char **lines, size_t n, double size, int bold)
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
text_lines(struct lay *L, char **lines, size_t n, double x, double y, double size,
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

/* ---- numbers */

double
nice_step(double lo, double hi, int target)
{
	double range = hi - lo, raw, mag, norm;

	if (target < 1)
		target = 1;
	if (!(range > 0) || !isfinite(range))
		range = fabs(hi) > 0 && isfinite(hi) ? fabs(hi) : 1;
	raw = range / target;
	mag = pow(10, floor(log10(raw)));
	norm = raw / mag;
	if (norm < 1.5)
		return mag;
	if (norm < 3)
		return 2 * mag;
	if (norm < 7)
		return 5 * mag;
	return 10 * mag;
}

void
tick_text(char *buf, size_t n, double v, double step)
{
	int dec = step >= 1 ? 0 : (int)ceil(-log10(step) - 1e-9);
	char tmp[64];

	if (fabs(v) < step * 1e-6)
		v = 0;
	snprintf(tmp, sizeof tmp, "%.*f", dec, v);
	/* A minus sign, not a hyphen, as typesetters do. */
	if (tmp[0] == '-')
		snprintf(buf, n, "\xe2\x88\x92%s", tmp + 1);
	else
		snprintf(buf, n, "%s", tmp);
}

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
fit_scale(const struct extent *e, size_t n, double len, int target, struct vscale *out)
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
	out->step = nice_step(-out->z / k, (len - out->z) / k, target);
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

double
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

struct legend_item *
cm_legend(const struct chart_model *m, size_t *n)
{
	struct legend_item *v = NULL;

	*n = 0;
	switch (m->kind) {
	case EB_CHART_TREND:
		v = eb_xcalloc(m->nsers ? m->nsers : 1, sizeof *v);
		for (size_t i = 0; i < m->nsers; i++) {
			v[i].kind = SW_LINE;
			v[i].color = cm_ser_color(m, i);
			v[i].label = m->sers[i];
		}
		*n = m->nsers;
		break;
	case EB_CHART_TIMESERIES:
		v = eb_xcalloc(m->nts ? m->nts : 1, sizeof *v);
		for (size_t i = 0; i < m->nts; i++) {
			v[i].kind = SW_BAND;
			v[i].color = m->ts[i].color;
			v[i].label = m->ts[i].label;
		}
		*n = m->nts;
		break;
	case EB_CHART_DIFF: {
		int hollow = 0, filled = 0;

		for (size_t i = 0; i < m->npts; i++) {
			hollow |= m->pts[i].hollow;
			filled |= !m->pts[i].hollow;
		}
		v = eb_xcalloc(2, sizeof *v);
		if (filled) {
			v[*n].kind = SW_FILL;
			v[*n].color = m->th->muted;
			v[*n].label = "significant change (colour of the mode)";
			(*n)++;
		}
		if (hollow) {
			v[*n].kind = SW_HOLLOW;
			v[*n].label = "no significant change";
			(*n)++;
		}
		break;
	}
	default:
		break;
	}
	return v;
}

/* ---- header and footer */

static double
do_header(struct lay *L, const struct chart_model *m, double y)
{
	char **lines;
	size_t n;
	struct legend_item *items;
	size_t nitems;

	if (m->title != NULL && m->title[0] != '\0') {
		n = wrap_text(m->title, L->w, FS_TITLE, 1, &lines);
		y = text_lines(L, lines, n, L->x0, y, FS_TITLE, 1, EB_ANCHOR_START,
		    L->th->text, "title");
		free_lines(lines, n);
	}
	if (m->subtitle != NULL && m->subtitle[0] != '\0') {
		n = wrap_text(m->subtitle, L->w, FS_SUBTITLE, 0, &lines);
		y = text_lines(L, lines, n, L->x0, y + 2, FS_SUBTITLE, 0, EB_ANCHOR_START,
		    L->th->muted, "subtitle");
		free_lines(lines, n);
	}
	items = cm_legend(m, &nitems);
	if (nitems > 0)
		y = legend(L, items, nitems, y + 10);
	free(items);
	return y + 14;
}

double
header_height(const struct chart_model *m, double w)
{
	struct lay L = { NULL, m, m->th, 0, w, 0, 0, NULL, 0, 0, 0 };

	return do_header(&L, m, 0);
}

double
header(struct lay *L)
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
		n = wrap_text(m->note, L->w, FS_NOTE, 0, &lines);
		y = text_lines(L, lines, n, L->x0, y, FS_NOTE, 0, EB_ANCHOR_START, L->th->muted,
		    "note");
		free_lines(lines, n);
	}
	if (m->source != NULL) {
		n = wrap_text(m->source, L->w, FS_NOTE, 0, &lines);
		y = text_lines(L, lines, n, L->x0, y, FS_NOTE, 0, EB_ANCHOR_START, L->th->muted,
		    "source");
		free_lines(lines, n);
	}
	return y;
}

double
footer_height(const struct chart_model *m, double w)
{
	struct lay L = { NULL, m, m->th, 0, w, 0, 0, NULL, 0, 0, 0 };

	return do_footer(&L, m, 0);
}

double
footer(struct lay *L)
{
	L->y = do_footer(L, L->m, L->y);
	return L->y;
}
