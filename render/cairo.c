/* cairo.c - the cairo back end: a scene drawn on an image surface for PNG
 * and on a PDF surface, each written atomically. */
#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include <cairo.h>
#include <cairo-pdf.h>

#include "scene.h"

/* Points beyond which an open path is drawn the cheap way (see below). */
#define LONG_LINE 1024

static void
source(cairo_t *cr, uint32_t c, double alpha)
{
	cairo_set_source_rgba(cr, ((c >> 16) & 0xff) / 255.0, ((c >> 8) & 0xff) / 255.0,
	    (c & 0xff) / 255.0, alpha);
}

/* Strokes the current path with the item's paint, keeping the path. */
static void
stroke(cairo_t *cr, const struct eb_paint *p)
{
	double dash[2];

	if (p->stroke == EB_NOCOLOR || p->width <= 0)
		return;
	source(cr, p->stroke, 1);
	cairo_set_line_width(cr, p->width);
	if (p->dash > 0) {
		dash[0] = dash[1] = p->dash;
		cairo_set_dash(cr, dash, 2, 0);
	} else
		cairo_set_dash(cr, NULL, 0, 0);
	cairo_stroke_preserve(cr);
}

static void
fill(cairo_t *cr, const struct eb_paint *p)
{
	if (p->fill == EB_NOCOLOR)
		return;
	source(cr, p->fill, p->opacity);
	cairo_fill_preserve(cr);
}

void
eb_scene_cairo(const struct eb_scene *s, void *ctx)
{
	cairo_t *cr = ctx;

	eb_text_setup(cr);
	cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT);
	cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
	source(cr, s->bg, 1);
	cairo_paint(cr);
	for (size_t i = 0; i < s->n; i++) {
		const struct eb_item *it = &s->items[i];

		switch (it->kind) {
		case EB_ITEM_RECT:
			cairo_rectangle(cr, it->x1, it->y1, it->x2, it->y2);
			fill(cr, &it->paint);
			stroke(cr, &it->paint);
			cairo_new_path(cr);
			break;
		case EB_ITEM_LINE:
			cairo_move_to(cr, it->x1, it->y1);
			cairo_line_to(cr, it->x2, it->y2);
			stroke(cr, &it->paint);
			cairo_new_path(cr);
			break;
		case EB_ITEM_CIRCLE:
			cairo_new_sub_path(cr);
			cairo_arc(cr, it->x1, it->y1, it->x2, 0, 2 * M_PI);
			fill(cr, &it->paint);
			stroke(cr, &it->paint);
			cairo_new_path(cr);
			break;
		case EB_ITEM_PATH:
			for (size_t k = 0; k < it->npts; k++)
				(k == 0 ? cairo_move_to : cairo_line_to)(cr, it->pts[2 * k],
				    it->pts[2 * k + 1]);
			if (it->closed)
				cairo_close_path(cr);
			fill(cr, &it->paint);
			if (!it->closed && it->npts > LONG_LINE) {
				/* A line of more points than a panel has pixel
				 * columns (a timeseries of a short log) zigzags:
				 * round joins and full coverage there cost five
				 * times the drawing and show no difference. */
				cairo_set_line_join(cr, CAIRO_LINE_JOIN_BEVEL);
				cairo_set_antialias(cr, CAIRO_ANTIALIAS_FAST);
				stroke(cr, &it->paint);
				cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
				cairo_set_antialias(cr, CAIRO_ANTIALIAS_DEFAULT);
			} else {
				stroke(cr, &it->paint);
			}
			cairo_new_path(cr);
			break;
		case EB_ITEM_TEXT: {
			cairo_text_extents_t e;
			double x = it->x1;

			cairo_set_font_face(cr, eb_text_face(it->bold));
			cairo_set_font_size(cr, it->size);
			if (it->anchor != EB_ANCHOR_START) {
				cairo_text_extents(cr, it->text, &e);
				x -= it->anchor == EB_ANCHOR_MIDDLE ? e.x_advance / 2 : e.x_advance;
			}
			source(cr, it->paint.fill, 1);
			cairo_move_to(cr, x, it->y1);
			cairo_show_text(cr, it->text);
			cairo_new_path(cr);
			break;
		}
		}
	}
}

static enum eb_status
write_buf(void *ctx, FILE *fp)
{
	struct eb_buf *b = ctx;

	if (b->len > 0 && fwrite(b->data, 1, b->len, fp) != b->len)
		return EB_ERR_IO;
	return EB_OK;
}

static enum eb_status
cairo_failed(struct eb_err *err, const char *path, cairo_status_t cs)
{
	struct eb_loc loc = { path, 0, 0 };

	return eb_err_set(err, EB_ERR_IO, loc, "cannot draw the chart: %s",
	    cairo_status_to_string(cs));
}

static struct {
	unsigned char *data;
	size_t cap;
} pixels;

void
eb_scene_release_pixels(void)
{
	if (pixels.data != NULL)
		munmap(pixels.data, pixels.cap);
	pixels.data = NULL;
	pixels.cap = 0;
}

/* PNG allows 2^31 - 1 rows and columns; cairo's image surfaces 32767. */
#define PNG_MAX_SIDE 32767

static int
png_side(double px, double scale)
{
	double v = ceil(px * scale - 1e-9);

	return v >= 1 && v <= PNG_MAX_SIDE ? (int)v : -1;
}

int
eb_scene_png_fits(const struct eb_scene *s, double scale)
{
	return png_side(s->width, scale) > 0 && png_side(s->height, scale) > 0;
}

/* Threads a PNG may be drawn on; 0 until set: one per CPU. */
static int png_threads;

void
eb_scene_png_threads(int n)
{
	png_threads = n;
}

/* A PNG is drawn in bands of rows, each by a thread of its own, when its
 * paths have at least this many points: a timeseries of a long log (two
 * bands and two lines of 700 to 1500 points each) took 11 ms on one
 * thread, where a bar chart's few shapes take less than a thread costs to
 * start. A band is no thinner than MIN_BAND rows. */
#define BAND_POINTS 2048
#define MIN_BAND 64
#define MAX_BANDS 4

/* Rows [y0, y1) of the image, drawn alone. */
struct band {
	const struct eb_scene *s;
	unsigned char *data;
	int w, y0, y1, stride;
	double scale;
	cairo_status_t cs;
};

/* Draws the whole scene on a surface of the band's rows only, moved up
 * by y0 device pixels. A whole-pixel offset moves every coordinate by a
 * multiple of cairo's fixed-point unit, so each pixel comes out as when
 * the image is drawn at once (checked pixel for pixel by the tests). */
static void *
draw_band(void *arg)
{
	struct band *b = arg;
	cairo_surface_t *surf = cairo_image_surface_create_for_data(b->data +
	    (size_t)b->y0 * (size_t)b->stride, CAIRO_FORMAT_RGB24, b->w, b->y1 - b->y0, b->stride);
	cairo_t *cr;

	cairo_surface_set_device_offset(surf, 0, -b->y0);
	cr = cairo_create(surf);
	cairo_scale(cr, b->scale, b->scale);
	eb_scene_cairo(b->s, cr);
	b->cs = cairo_status(cr);
	cairo_destroy(cr);
	cairo_surface_flush(surf);
	cairo_surface_destroy(surf);
	return NULL;
}

/* How many bands to draw h rows of the scene in. */
static int
bands_for(const struct eb_scene *s, int h)
{
	size_t pts = 0;
	int n = png_threads > 0 ? png_threads : eb_cpu_count();

	for (size_t i = 0; i < s->n; i++)
		if (s->items[i].kind == EB_ITEM_PATH)
			pts += s->items[i].npts;
	if (pts < BAND_POINTS)
		return 1;
	if (n > MAX_BANDS)
		n = MAX_BANDS;
	if (n > h / MIN_BAND)
		n = h / MIN_BAND;
	return n > 1 ? n : 1;
}

/* Draws the scene into the w x h pixels at data, in bands on threads of
 * their own when that pays; the first failure of cairo, or success. */
static cairo_status_t
draw_pixels(const struct eb_scene *s, unsigned char *data, int w, int h, int stride,
    double scale)
{
	struct band b[MAX_BANDS];
	pthread_t tid[MAX_BANDS];
	int n = bands_for(s, h), started[MAX_BANDS] = { 0 };
	cairo_status_t cs = CAIRO_STATUS_SUCCESS;

	for (int k = 0; k < n; k++) {
		b[k].s = s;
		b[k].data = data;
		b[k].w = w;
		b[k].y0 = (int)((long)h * k / n);
		b[k].y1 = (int)((long)h * (k + 1) / n);
		b[k].stride = stride;
		b[k].scale = scale;
		b[k].cs = CAIRO_STATUS_SUCCESS;
	}
	if (n > 1) {
		/* cairo 1.16 sets up its image compositors, static and
		 * unlocked, with the first image surface of the process: made
		 * here first, not by two bands at once. */
		cairo_surface_t *one = cairo_image_surface_create(CAIRO_FORMAT_RGB24, 1, 1);
		cairo_t *cr = cairo_create(one);

		cairo_paint(cr);
		cairo_destroy(cr);
		cairo_surface_destroy(one);
	}
	for (int k = 1; k < n; k++)
		started[k] = pthread_create(&tid[k], NULL, draw_band, &b[k]) == 0;
	draw_band(&b[0]);
	for (int k = 1; k < n; k++) {
		if (started[k])
			pthread_join(tid[k], NULL);
		else
			draw_band(&b[k]);	/* no thread to be had: drawn here */
	}
	for (int k = 0; k < n && cs == CAIRO_STATUS_SUCCESS; k++)
		cs = b[k].cs;
	return cs;
}

int
eb_scene_png_bands(const struct eb_scene *s, double scale)
{
	int h = png_side(s->height, scale);

	return h > 0 ? bands_for(s, h) : 0;
}

enum eb_status
eb_scene_write_png(const struct eb_scene *s, const char *path, double scale,
    struct eb_err *err)
{
	int w = png_side(s->width, scale), h = png_side(s->height, scale);
	cairo_status_t cs;
	enum eb_status st;
	struct eb_buf png;
	int stride;
	size_t need;

	if (w < 0 || h < 0) {
		struct eb_loc loc = { path, 0, 0 };

		return eb_err_set(err, EB_ERR_USAGE, loc,
		    "a %.0f x %.0f pixel image is beyond what PNG output supports (%d a side)",
		    ceil(s->width * scale), ceil(s->height * scale), PNG_MAX_SIDE);
	}
	stride = cairo_format_stride_for_width(CAIRO_FORMAT_RGB24, w);
	need = (size_t)stride * (size_t)h;
	/* One pixel buffer serves every chart of a process: a fresh one of a
	 * tall 2x chart is tens of MB of pages for the kernel to fault in and
	 * clear, every time. */
	if (need > pixels.cap) {
		void *p;

		eb_scene_release_pixels();
		/* Faulted in by one call rather than a page at a time as cairo
		 * first paints it: a fault each 4 KiB was a tenth of a small
		 * chart's time. */
		p = mmap(NULL, need, PROT_READ | PROT_WRITE,
		    MAP_PRIVATE | MAP_ANONYMOUS | MAP_POPULATE, -1, 0);
		if (p == MAP_FAILED) {
			struct eb_loc loc = { path, 0, 0 };

			return eb_err_set(err, EB_ERR_IO, loc, "cannot draw the chart: %s",
			    strerror(errno));
		}
		pixels.data = p;
		pixels.cap = need;
	}
	if ((cs = draw_pixels(s, pixels.data, w, h, stride, scale)) != CAIRO_STATUS_SUCCESS)
		return cairo_failed(err, path, cs);
	eb_buf_init(&png, 0);
	eb_png_encode(pixels.data, w, h, stride, &png);
	st = eb_write_atomic(path, write_buf, &png, err);
	eb_buf_free(&png);
	return st;
}

static cairo_status_t
to_buf(void *ctx, const unsigned char *data, unsigned int n)
{
	eb_buf_add(ctx, data, n);
	return CAIRO_STATUS_SUCCESS;
}

enum eb_status
eb_scene_write_pdf(const struct eb_scene *s, const char *path, struct eb_err *err)
{
	struct eb_buf pdf;
	cairo_surface_t *surf;
	cairo_t *cr;
	cairo_status_t cs;
	enum eb_status st;
	char creator[64];

	eb_buf_init(&pdf, 0);
	/* Points are 1/72 in and CSS px 1/96 in: a 800 px chart is 600 pt
	 * wide, the size it would print at from a browser. */
	surf = cairo_pdf_surface_create_for_stream(to_buf, &pdf, s->width * 0.75,
	    s->height * 0.75);
	snprintf(creator, sizeof creator, "encbench %s", EB_VERSION);
	cairo_pdf_surface_set_metadata(surf, CAIRO_PDF_METADATA_CREATOR, creator);
	/* cairo stamps the time of drawing, which would make every PDF of
	 * the same data differ; an empty date leaves it out. */
	cairo_pdf_surface_set_metadata(surf, CAIRO_PDF_METADATA_CREATE_DATE, "");
	if (s->title != NULL)
		cairo_pdf_surface_set_metadata(surf, CAIRO_PDF_METADATA_TITLE, s->title);
	if (s->desc != NULL)
		cairo_pdf_surface_set_metadata(surf, CAIRO_PDF_METADATA_SUBJECT, s->desc);
	cr = cairo_create(surf);
	cairo_scale(cr, 0.75, 0.75);
	eb_scene_cairo(s, cr);
	cs = cairo_status(cr);
	cairo_destroy(cr);
	cairo_surface_finish(surf);
	if (cs == CAIRO_STATUS_SUCCESS)
		cs = cairo_surface_status(surf);
	cairo_surface_destroy(surf);
	if (cs != CAIRO_STATUS_SUCCESS) {
		eb_buf_free(&pdf);
		return cairo_failed(err, path, cs);
	}
	st = eb_write_atomic(path, write_buf, &pdf, err);
	eb_buf_free(&pdf);
	return st;
}
