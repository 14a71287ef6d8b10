/* scene.c - the display list every chart is laid out into, its exact text
 * dump for golden tests, and text measurement with DejaVu Sans via cairo. */
#include <dlfcn.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cairo.h>
#ifdef EB_HAVE_FREETYPE
#include <cairo-ft.h>
#include <ft2build.h>
#include FT_FREETYPE_H
#endif

#include "scene.h"

struct eb_scene *
eb_scene_new(double width, double height, uint32_t bg)
{
	struct eb_scene *s = eb_xcalloc(1, sizeof *s);

	s->width = width;
	s->height = height;
	s->bg = bg;
	return s;
}

void
eb_scene_free(struct eb_scene *s)
{
	if (s == NULL)
		return;
	for (size_t i = 0; i < s->n; i++) {
		free(s->items[i].pts);
		free(s->items[i].text);
		free(s->items[i].tip);
	}
	for (size_t i = 0; i < s->nsources; i++)
		free(s->sources[i]);
	free(s->sources);
	free(s->items);
	free(s->title);
	free(s->desc);
	free(s);
}

void
eb_scene_set_title(struct eb_scene *s, const char *title, const char *desc)
{
	free(s->title);
	free(s->desc);
	s->title = title ? eb_text_clean(title) : NULL;
	s->desc = desc ? eb_text_clean(desc) : NULL;
}

void
eb_scene_add_source(struct eb_scene *s, const char *path)
{
	for (size_t i = 0; i < s->nsources; i++)
		if (strcmp(s->sources[i], path) == 0)
			return;
	s->sources = eb_xrealloc(s->sources, (s->nsources + 1) * sizeof *s->sources);
	s->sources[s->nsources++] = eb_text_clean(path);
}

struct eb_paint
eb_paint_fill(uint32_t fill)
{
	struct eb_paint p = { fill, EB_NOCOLOR, 0, 1, 0 };

	return p;
}

struct eb_paint
eb_paint_stroke(uint32_t stroke, double width)
{
	struct eb_paint p = { EB_NOCOLOR, stroke, width, 1, 0 };

	return p;
}

static struct eb_item *
add(struct eb_scene *s, enum eb_item_kind kind, struct eb_paint p, const char *role)
{
	struct eb_item *it;

	eb_xgrow(&s->items, &s->cap, s->n + 1, sizeof *s->items);
	it = &s->items[s->n++];
	memset(it, 0, sizeof *it);
	it->kind = kind;
	it->paint = p;
	it->role = role ? role : "";
	return it;
}

struct eb_item *
eb_scene_rect(struct eb_scene *s, double x, double y, double w, double h,
    struct eb_paint p, const char *role)
{
	struct eb_item *it = add(s, EB_ITEM_RECT, p, role);

	/* A rectangle drawn right to left or bottom up is the same shape;
	 * SVG refuses negative sizes, so store it the one way. */
	if (w < 0) {
		x += w;
		w = -w;
	}
	if (h < 0) {
		y += h;
		h = -h;
	}
	it->x1 = x;
	it->y1 = y;
	it->x2 = w;
	it->y2 = h;
	return it;
}

struct eb_item *
eb_scene_line(struct eb_scene *s, double x1, double y1, double x2, double y2,
    struct eb_paint p, const char *role)
{
	struct eb_item *it = add(s, EB_ITEM_LINE, p, role);

	it->x1 = x1;
	it->y1 = y1;
	it->x2 = x2;
	it->y2 = y2;
	return it;
}

struct eb_item *
eb_scene_circle(struct eb_scene *s, double x, double y, double r, struct eb_paint p,
    const char *role)
{
	struct eb_item *it = add(s, EB_ITEM_CIRCLE, p, role);

	it->x1 = x;
	it->y1 = y;
	it->x2 = r;
	return it;
}

struct eb_item *
eb_scene_path(struct eb_scene *s, const double *pts, size_t n, int closed,
    struct eb_paint p, const char *role)
{
	struct eb_item *it = add(s, EB_ITEM_PATH, p, role);

	it->pts = eb_xmalloc((n ? n : 1) * 2 * sizeof *it->pts);
	if (n > 0)
		memcpy(it->pts, pts, n * 2 * sizeof *pts);
	it->npts = n;
	it->closed = closed;
	return it;
}

struct eb_item *
eb_scene_text(struct eb_scene *s, double x, double y, const char *text, double size,
    int bold, enum eb_anchor anchor, uint32_t color, const char *role)
{
	struct eb_item *it = add(s, EB_ITEM_TEXT, eb_paint_fill(color), role);

	it->x1 = x;
	it->y1 = y;
	it->text = eb_text_clean(text);
	it->size = size;
	it->bold = bold;
	it->anchor = anchor;
	return it;
}

void
eb_item_tip(struct eb_item *it, const char *fmt, ...)
{
	va_list ap;
	char buf[512];

	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	free(it->tip);
	it->tip = eb_text_clean(buf);
}

/* ---- text cleaning */

/* The length of the valid UTF-8 sequence at s (n bytes left), or 0. */
static size_t
utf8_len(const unsigned char *s, size_t n, uint32_t *cp)
{
	size_t len;
	uint32_t c, min;

	if (s[0] < 0x80) {
		*cp = s[0];
		return 1;
	}
	if ((s[0] & 0xe0) == 0xc0) {
		len = 2;
		c = s[0] & 0x1f;
		min = 0x80;
	} else if ((s[0] & 0xf0) == 0xe0) {
		len = 3;
		c = s[0] & 0x0f;
		min = 0x800;
	} else if ((s[0] & 0xf8) == 0xf0) {
		len = 4;
		c = s[0] & 0x07;
		min = 0x10000;
	} else
		return 0;
	if (len > n)
		return 0;
	for (size_t i = 1; i < len; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		c = c << 6 | (s[i] & 0x3f);
	}
	/* Overlong forms, surrogates and what XML forbids are not text. */
	if (c < min || c > 0x10ffff || (c >= 0xd800 && c <= 0xdfff) ||
	    c == 0xfffe || c == 0xffff)
		return 0;
	*cp = c;
	return len;
}

char *
eb_text_clean(const char *text)
{
	const unsigned char *s = (const unsigned char *)text;
	size_t n = strlen(text);
	struct eb_buf b;

	eb_buf_init(&b, 0);
	for (size_t i = 0; i < n;) {
		uint32_t cp;
		size_t len = utf8_len(s + i, n - i, &cp);

		if (len == 0) {
			eb_buf_add(&b, "\xef\xbf\xbd", 3);
			i++;
		} else if (cp < 0x20 || cp == 0x7f || (cp >= 0x80 && cp < 0xa0)) {
			/* A newline or tab in a label reads as a space; XML 1.0
			 * cannot carry the other control characters at all. */
			eb_buf_addc(&b, ' ');
			i += len;
		} else {
			eb_buf_add(&b, s + i, len);
			i += len;
		}
	}
	eb_buf_cstr(&b);
	return b.data;
}

/* ---- the dump */

/* Coordinates to 1/100 px, without a "-0.00". */
static void
num(FILE *fp, double v)
{
	if (fabs(v) < 0.005)
		v = 0;
	fprintf(fp, " %.2f", v);
}

static void
color(FILE *fp, uint32_t c)
{
	if (c == EB_NOCOLOR)
		fputs(" none", fp);
	else
		fprintf(fp, " #%06x", (unsigned)c);
}

static void
quoted(FILE *fp, const char *s)
{
	putc(' ', fp);
	putc('"', fp);
	for (; *s != '\0'; s++) {
		if (*s == '"' || *s == '\\')
			putc('\\', fp);
		putc(*s, fp);
	}
	putc('"', fp);
}

static void
paint(FILE *fp, const struct eb_paint *p)
{
	fputs(" fill", fp);
	color(fp, p->fill);
	if (p->fill != EB_NOCOLOR && p->opacity < 1)
		fprintf(fp, " opacity %.2f", p->opacity);
	fputs(" stroke", fp);
	color(fp, p->stroke);
	if (p->stroke != EB_NOCOLOR) {
		num(fp, p->width);
		if (p->dash > 0)
			fprintf(fp, " dash %.2f", p->dash);
	}
}

void
eb_scene_dump(const struct eb_scene *s, FILE *fp)
{
	static const char *const anchors[] = { "start", "middle", "end" };

	fputs("scene", fp);
	num(fp, s->width);
	num(fp, s->height);
	fputs(" bg", fp);
	color(fp, s->bg);
	putc('\n', fp);
	if (s->title != NULL) {
		fputs("title", fp);
		quoted(fp, s->title);
		putc('\n', fp);
	}
	if (s->desc != NULL) {
		fputs("desc", fp);
		quoted(fp, s->desc);
		putc('\n', fp);
	}
	for (size_t i = 0; i < s->nsources; i++) {
		fputs("source", fp);
		quoted(fp, s->sources[i]);
		putc('\n', fp);
	}
	for (size_t i = 0; i < s->n; i++) {
		const struct eb_item *it = &s->items[i];

		switch (it->kind) {
		case EB_ITEM_RECT:
			fprintf(fp, "rect %s", it->role);
			num(fp, it->x1);
			num(fp, it->y1);
			num(fp, it->x2);
			num(fp, it->y2);
			paint(fp, &it->paint);
			break;
		case EB_ITEM_LINE:
			fprintf(fp, "line %s", it->role);
			num(fp, it->x1);
			num(fp, it->y1);
			num(fp, it->x2);
			num(fp, it->y2);
			paint(fp, &it->paint);
			break;
		case EB_ITEM_CIRCLE:
			fprintf(fp, "circle %s", it->role);
			num(fp, it->x1);
			num(fp, it->y1);
			num(fp, it->x2);
			paint(fp, &it->paint);
			break;
		case EB_ITEM_PATH:
			fprintf(fp, "path %s %s %zu", it->role, it->closed ? "closed" : "open",
			    it->npts);
			paint(fp, &it->paint);
			fputs(" :", fp);
			for (size_t k = 0; k < it->npts; k++) {
				num(fp, it->pts[2 * k]);
				num(fp, it->pts[2 * k + 1]);
			}
			break;
		case EB_ITEM_TEXT:
			fprintf(fp, "text %s", it->role);
			num(fp, it->x1);
			num(fp, it->y1);
			fprintf(fp, " %s %s", anchors[it->anchor], it->bold ? "bold" : "regular");
			num(fp, it->size);
			color(fp, it->paint.fill);
			quoted(fp, it->text);
			break;
		}
		if (it->tip != NULL) {
			fputs(" tip", fp);
			quoted(fp, it->tip);
		}
		putc('\n', fp);
	}
}

/* ---- text measurement */

static struct {
	int ready;
	cairo_surface_t *surface;
	cairo_t *cr;
	cairo_font_face_t *face[2];
	cairo_font_options_t *options;
	const char *name;
} font;

#ifdef EB_HAVE_FREETYPE
/* Where distributions install DejaVu Sans. Reading the file directly,
 * rather than asking fontconfig, pins the font whatever the local
 * configuration says and saves fontconfig's start-up (about 10 ms, a
 * third of gnuplot's whole run). */
static const char *const font_dirs[] = {
	"/usr/share/fonts/truetype/dejavu",	/* Debian, Ubuntu */
	"/usr/share/fonts/dejavu-sans-fonts",	/* Fedora */
	"/usr/share/fonts/dejavu",		/* older Fedora, openSUSE */
	"/usr/share/fonts/TTF",			/* Arch */
	"/usr/local/share/fonts/dejavu",	/* FreeBSD */
	"/usr/share/fonts/truetype",
};

static FT_Library ft;
static const cairo_user_data_key_t ft_key;

static void
ft_done(void *face)
{
	FT_Done_Face(face);
}

static cairo_font_face_t *
ft_open(const char *file, const char **found)
{
	static char path[512];

	if (ft == NULL && FT_Init_FreeType(&ft) != 0)
		return NULL;
	for (size_t i = 0; i < sizeof font_dirs / sizeof font_dirs[0]; i++) {
		FT_Face face;
		cairo_font_face_t *cf;

		snprintf(path, sizeof path, "%s/%s", font_dirs[i], file);
		if (access(path, R_OK) != 0 || FT_New_Face(ft, path, 0, &face) != 0)
			continue;
		cf = cairo_ft_font_face_create_for_ft_face(face, 0);
		cairo_font_face_set_user_data(cf, &ft_key, face, ft_done);
		*found = path;
		return cf;
	}
	return NULL;
}
#endif

void
eb_text_release(void)
{
	if (!font.ready)
		return;
	cairo_destroy(font.cr);
	cairo_surface_destroy(font.surface);
	cairo_font_face_destroy(font.face[0]);
	cairo_font_face_destroy(font.face[1]);
	cairo_font_options_destroy(font.options);
	memset(&font, 0, sizeof font);
	cairo_debug_reset_static_data();
	/* fontconfig keeps its configuration until FcFini; it is loaded as
	 * cairo's dependency, not linked by us, hence the lookup. */
	{
		void (*fc_fini)(void);
		void *sym = dlsym(RTLD_DEFAULT, "FcFini");

		memcpy(&fc_fini, &sym, sizeof fc_fini);
		if (fc_fini != NULL)
			fc_fini();
	}
#ifdef EB_HAVE_FREETYPE
	if (ft != NULL)
		FT_Done_FreeType(ft);
	ft = NULL;
#endif
}

static void
font_init(void)
{
	if (font.ready)
		return;
	font.ready = 1;
	font.options = cairo_font_options_create();
	/* Unhinted outlines and metrics: text is as wide at 2x as at 1x and
	 * in the PDF as in the PNG, which is what lets one layout serve all. */
	cairo_font_options_set_hint_style(font.options, CAIRO_HINT_STYLE_NONE);
	cairo_font_options_set_hint_metrics(font.options, CAIRO_HINT_METRICS_OFF);
	cairo_font_options_set_antialias(font.options, CAIRO_ANTIALIAS_GRAY);
#ifdef EB_HAVE_FREETYPE
	{
		const char *found = NULL;

		font.face[0] = ft_open("DejaVuSans.ttf", &found);
		if (font.face[0] != NULL) {
			font.name = "DejaVuSans.ttf";
			font.face[1] = ft_open("DejaVuSans-Bold.ttf", &found);
			if (font.face[1] == NULL)
				font.face[1] = cairo_font_face_reference(font.face[0]);
		}
	}
#endif
	if (font.face[0] == NULL) {
		font.face[0] = cairo_toy_font_face_create("DejaVu Sans",
		    CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
		font.face[1] = cairo_toy_font_face_create("DejaVu Sans",
		    CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD);
		font.name = "DejaVu Sans (fontconfig)";
	}
	font.surface = cairo_image_surface_create(CAIRO_FORMAT_A8, 1, 1);
	font.cr = cairo_create(font.surface);
	cairo_set_font_options(font.cr, font.options);
}

void *
eb_text_face(int bold)
{
	font_init();
	return font.face[bold != 0];
}

const char *
eb_text_font_name(void)
{
	font_init();
	return font.name;
}

void
eb_text_setup(void *cr)
{
	font_init();
	cairo_set_font_options(cr, font.options);
}

double
eb_text_width(const char *text, double size, int bold)
{
	cairo_text_extents_t e;
	char *clean = NULL;

	font_init();
	/* Bytes that are not UTF-8 would put the context in an error state
	 * for good; measure what eb_scene_text will keep instead. */
	for (const unsigned char *p = (const unsigned char *)text; *p != '\0'; p++)
		if (*p < 0x20 || *p >= 0x7f) {
			text = clean = eb_text_clean(text);
			break;
		}
	cairo_set_font_face(font.cr, font.face[bold != 0]);
	cairo_set_font_size(font.cr, size);
	cairo_text_extents(font.cr, text, &e);
	free(clean);
	return e.x_advance;
}
