/* svg.c - the SVG back end: a scene as SVG 1.1 with text kept as <text>
 * (cairo's SVG surface turns text into glyph outlines nobody can search). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "scene.h"

/* Appends a string literal. */
#define LIT(b, s) eb_buf_add((b), (s), sizeof(s) - 1)

/* Text and attribute values: what XML reserves, escaped. The scene holds
 * only clean UTF-8 without control characters (eb_text_clean). */
static void
esc(struct eb_buf *b, const char *s)
{
	for (; *s != '\0'; s++) {
		switch (*s) {
		case '<':
			LIT(b, "&lt;");
			break;
		case '>':
			LIT(b, "&gt;");
			break;
		case '&':
			LIT(b, "&amp;");
			break;
		case '"':
			LIT(b, "&quot;");
			break;
		case '\'':
			LIT(b, "&#39;");
			break;
		default:
			eb_buf_addc(b, *s);
		}
	}
}

/* A coordinate with at most two decimals and no trailing zeros. */
static void
num(struct eb_buf *b, double v)
{
	char buf[32];
	size_t n;

	if (fabs(v) < 0.005)
		v = 0;
	n = (size_t)snprintf(buf, sizeof buf, "%.2f", v);
	while (n > 0 && buf[n - 1] == '0')
		n--;
	if (n > 0 && buf[n - 1] == '.')
		n--;
	eb_buf_add(b, buf, n);
}

static void
attr_num(struct eb_buf *b, const char *name, double v)
{
	eb_buf_addf(b, " %s=\"", name);
	num(b, v);
	eb_buf_addc(b, '"');
}

static void
attr_color(struct eb_buf *b, const char *name, uint32_t c)
{
	if (c == EB_NOCOLOR)
		eb_buf_addf(b, " %s=\"none\"", name);
	else
		eb_buf_addf(b, " %s=\"#%06x\"", name, (unsigned)c);
}

static void
paint(struct eb_buf *b, const struct eb_paint *p, int filled)
{
	if (filled) {
		attr_color(b, "fill", p->fill);
		if (p->fill != EB_NOCOLOR && p->opacity < 1)
			attr_num(b, "fill-opacity", p->opacity);
	}
	if (p->stroke != EB_NOCOLOR) {
		attr_color(b, "stroke", p->stroke);
		attr_num(b, "stroke-width", p->width);
		if (p->dash > 0) {
			LIT(b, " stroke-dasharray=\"");
			num(b, p->dash);
			eb_buf_addc(b, ' ');
			num(b, p->dash);
			eb_buf_addc(b, '"');
		}
	}
}

static void
role(struct eb_buf *b, const struct eb_item *it)
{
	if (it->role[0] != '\0')
		eb_buf_addf(b, " class=\"%s\"", it->role);
}

/* Closes an element, with its hover text as a <title> child. */
static void
close_elem(struct eb_buf *b, const struct eb_item *it, const char *name)
{
	if (it->tip == NULL) {
		LIT(b, "/>\n");
		return;
	}
	LIT(b, "><title>");
	esc(b, it->tip);
	eb_buf_addf(b, "</title></%s>\n", name);
}

void
eb_scene_svg(const struct eb_scene *s, struct eb_buf *b)
{
	static const char *const anchors[] = { "start", "middle", "end" };

	LIT(b, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
	LIT(b, "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\"");
	attr_num(b, "width", s->width);
	attr_num(b, "height", s->height);
	LIT(b, " viewBox=\"0 0 ");
	num(b, s->width);
	eb_buf_addc(b, ' ');
	num(b, s->height);
	LIT(b, "\" role=\"img\""
	    " font-family=\"'DejaVu Sans', 'Bitstream Vera Sans', Verdana, sans-serif\">\n");
	if (s->title != NULL) {
		LIT(b, "<title>");
		esc(b, s->title);
		LIT(b, "</title>\n");
	}
	if (s->desc != NULL) {
		LIT(b, "<desc>");
		esc(b, s->desc);
		LIT(b, "</desc>\n");
	}
	/* Provenance as Dublin Core, which image tools and browsers keep. */
	LIT(b, "<metadata>\n<rdf:RDF"
	    " xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\""
	    " xmlns:dc=\"http://purl.org/dc/elements/1.1/\">\n"
	    "<rdf:Description rdf:about=\"\">\n");
	if (s->title != NULL) {
		LIT(b, "<dc:title>");
		esc(b, s->title);
		LIT(b, "</dc:title>\n");
	}
	eb_buf_addf(b, "<dc:creator>encbench %s</dc:creator>\n", EB_VERSION);
	LIT(b, "<dc:format>image/svg+xml</dc:format>\n");
	for (size_t i = 0; i < s->nsources; i++) {
		LIT(b, "<dc:source>");
		esc(b, s->sources[i]);
		LIT(b, "</dc:source>\n");
	}
	LIT(b, "</rdf:Description>\n</rdf:RDF>\n</metadata>\n");
	LIT(b, "<rect class=\"background\" width=\"100%\" height=\"100%\"");
	attr_color(b, "fill", s->bg);
	LIT(b, "/>\n");

	for (size_t i = 0; i < s->n; i++) {
		const struct eb_item *it = &s->items[i];

		switch (it->kind) {
		case EB_ITEM_RECT:
			LIT(b, "<rect");
			role(b, it);
			attr_num(b, "x", it->x1);
			attr_num(b, "y", it->y1);
			attr_num(b, "width", it->x2);
			attr_num(b, "height", it->y2);
			paint(b, &it->paint, 1);
			close_elem(b, it, "rect");
			break;
		case EB_ITEM_LINE:
			LIT(b, "<line");
			role(b, it);
			attr_num(b, "x1", it->x1);
			attr_num(b, "y1", it->y1);
			attr_num(b, "x2", it->x2);
			attr_num(b, "y2", it->y2);
			paint(b, &it->paint, 0);
			close_elem(b, it, "line");
			break;
		case EB_ITEM_CIRCLE:
			LIT(b, "<circle");
			role(b, it);
			attr_num(b, "cx", it->x1);
			attr_num(b, "cy", it->y1);
			attr_num(b, "r", it->x2);
			paint(b, &it->paint, 1);
			close_elem(b, it, "circle");
			break;
		case EB_ITEM_PATH:
			LIT(b, "<path");
			role(b, it);
			LIT(b, " d=\"");
			for (size_t k = 0; k < it->npts; k++) {
				eb_buf_addc(b, k == 0 ? 'M' : 'L');
				num(b, it->pts[2 * k]);
				eb_buf_addc(b, ',');
				num(b, it->pts[2 * k + 1]);
			}
			if (it->closed)
				eb_buf_addc(b, 'Z');
			eb_buf_addc(b, '"');
			paint(b, &it->paint, 1);
			if (it->paint.stroke != EB_NOCOLOR)
				LIT(b, " stroke-linejoin=\"round\"");
			close_elem(b, it, "path");
			break;
		case EB_ITEM_TEXT:
			LIT(b, "<text");
			role(b, it);
			attr_num(b, "x", it->x1);
			attr_num(b, "y", it->y1);
			attr_num(b, "font-size", it->size);
			if (it->bold)
				LIT(b, " font-weight=\"bold\"");
			if (it->anchor != EB_ANCHOR_START)
				eb_buf_addf(b, " text-anchor=\"%s\"", anchors[it->anchor]);
			attr_color(b, "fill", it->paint.fill);
			eb_buf_addc(b, '>');
			esc(b, it->text);
			LIT(b, "</text>\n");
			break;
		}
	}
	LIT(b, "</svg>\n");
}

static enum eb_status
write_buf(void *ctx, FILE *fp)
{
	struct eb_buf *b = ctx;

	if (b->len > 0 && fwrite(b->data, 1, b->len, fp) != b->len)
		return EB_ERR_IO;
	return EB_OK;
}

enum eb_status
eb_scene_write_svg(const struct eb_scene *s, const char *path, struct eb_err *err)
{
	struct eb_buf b;
	enum eb_status st;

	eb_buf_init(&b, 0);
	eb_scene_svg(s, &b);
	st = eb_write_atomic(path, write_buf, &b, err);
	eb_buf_free(&b);
	return st;
}
