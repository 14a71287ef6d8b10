/* scene.h - a chart laid out as a display list of rectangles, lines, paths
 * and text at exact coordinates, which every back end draws the same way. */
#ifndef EB_SCENE_H
#define EB_SCENE_H

#include "../core/eb.h"

/* Colours are 0xRRGGBB; EB_NOCOLOR means "not painted". */
#define EB_NOCOLOR 0xffffffffu

struct eb_paint {
	uint32_t fill, stroke;
	double width;		/* stroke width in px */
	double opacity;		/* of the fill, 0 to 1 */
	double dash;		/* dash and gap length in px; 0 for a solid stroke */
};

enum eb_item_kind { EB_ITEM_RECT, EB_ITEM_LINE, EB_ITEM_PATH, EB_ITEM_CIRCLE, EB_ITEM_TEXT };
enum eb_anchor { EB_ANCHOR_START, EB_ANCHOR_MIDDLE, EB_ANCHOR_END };

struct eb_item {
	enum eb_item_kind kind;
	/* rect: x, y, width, height; line: both ends; circle: centre and
	 * radius (x2); text: the anchor point on the baseline (x1, y1). */
	double x1, y1, x2, y2;
	struct eb_paint paint;	/* text uses paint.fill */
	double *pts;		/* path: npts (x, y) pairs; owned */
	size_t npts;
	int closed;		/* path: a polygon rather than a polyline */
	char *text;		/* text: valid UTF-8 without control characters; owned */
	double size;		/* text: font size in px */
	int bold;
	enum eb_anchor anchor;
	const char *role;	/* what the item shows ("bar", "grid"); static */
	char *tip;		/* hover text for SVG, or NULL; owned */
};

struct eb_scene {
	double width, height;	/* CSS px */
	uint32_t bg;
	char *title, *desc;	/* owned; NULL when unset */
	char **sources;		/* provenance: the input files; owned */
	size_t nsources;
	struct eb_item *items;
	size_t n, cap;
};

struct eb_scene *eb_scene_new(double width, double height, uint32_t bg);
void eb_scene_free(struct eb_scene *s);
void eb_scene_set_title(struct eb_scene *s, const char *title, const char *desc);
void eb_scene_add_source(struct eb_scene *s, const char *path);

/* The paint of a filled shape without outline, and of a stroke. */
struct eb_paint eb_paint_fill(uint32_t fill);
struct eb_paint eb_paint_stroke(uint32_t stroke, double width);

/* Each returns the new item, which stays valid until the next addition. */
struct eb_item *eb_scene_rect(struct eb_scene *s, double x, double y, double w,
    double h, struct eb_paint p, const char *role);
struct eb_item *eb_scene_line(struct eb_scene *s, double x1, double y1, double x2,
    double y2, struct eb_paint p, const char *role);
struct eb_item *eb_scene_circle(struct eb_scene *s, double x, double y, double r,
    struct eb_paint p, const char *role);
/* Copies n points (2n doubles). */
struct eb_item *eb_scene_path(struct eb_scene *s, const double *pts, size_t n,
    int closed, struct eb_paint p, const char *role);
/* Copies the text, with control characters turned into spaces and bytes
 * that are not UTF-8 into U+FFFD, so that every back end can take it. */
struct eb_item *eb_scene_text(struct eb_scene *s, double x, double y,
    const char *text, double size, int bold, enum eb_anchor anchor,
    uint32_t color, const char *role);
void eb_item_tip(struct eb_item *it, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* The exact text form of a scene that golden tests compare: one item a
 * line, coordinates to 1/100 px. */
void eb_scene_dump(const struct eb_scene *s, FILE *fp);

/* ---- text measurement (scene.c): DejaVu Sans through cairo, the same for
 * every back end, so that a layout does not depend on where it is drawn. */

/* The advance width of text at size px. */
double eb_text_width(const char *text, double size, int bold);
/* The font of every back end: a cairo_font_face_t *, borrowed. */
void *eb_text_face(int bold);
/* Applies the font options every back end uses (no hinting, grey
 * antialiasing) to a cairo_t. */
void eb_text_setup(void *cairo_context);
/* Which font the text is measured with, for messages and tests: the file
 * name, or "DejaVu Sans (fontconfig)". */
const char *eb_text_font_name(void);
/* Releases the fonts, cairo's caches and fontconfig's configuration, so
 * that leak checkers (make sanitize, make valgrind) see a clean exit:
 * fontconfig keeps its patterns until FcFini. Call it once, at the end,
 * when no cairo object of the process is alive (cairo asserts that);
 * measuring text afterwards loads the fonts again. */
void eb_text_release(void);
/* Sanitises text as eb_scene_text does, into a new string. */
char *eb_text_clean(const char *text);

/* ---- back ends */

/* SVG with text kept as <text>, <title>, <desc> and the sources in
 * <metadata>; appends to out. */
void eb_scene_svg(const struct eb_scene *s, struct eb_buf *out);
/* Draws the scene on a cairo_t (cairo_t *), in scene px. */
void eb_scene_cairo(const struct eb_scene *s, void *cairo_context);
/* Whether a PNG of the scene at scale is within PNG output's limits. */
int eb_scene_png_fits(const struct eb_scene *s, double scale);
/* PNG at scale device pixels per px and PDF, written atomically. */
enum eb_status eb_scene_write_png(const struct eb_scene *s, const char *path,
    double scale, struct eb_err *err);
/* The most threads a PNG is drawn on (bands of rows); 0, the default,
 * means one per CPU. A process that draws alongside others sets 1. */
void eb_scene_png_threads(int n);
/* How many bands of rows a PNG of the scene at scale is drawn in. */
int eb_scene_png_bands(const struct eb_scene *s, double scale);
/* Frees the pixel buffer the PNGs of this process were drawn in. */
void eb_scene_release_pixels(void);
enum eb_status eb_scene_write_pdf(const struct eb_scene *s, const char *path,
    struct eb_err *err);
enum eb_status eb_scene_write_svg(const struct eb_scene *s, const char *path,
    struct eb_err *err);
/* Encodes w x h pixels of a cairo RGB24 image (stride bytes a row) as an
 * opaque PNG into out. */
void eb_png_encode(const unsigned char *data, int w, int h, int stride,
    struct eb_buf *out);

#endif
