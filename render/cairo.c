/* cairo.c - the cairo back end: a scene drawn on an image surface for PNG
 * and on a PDF surface, each written atomically. */
#include <errno.h>
#include <math.h>
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

enum eb_status
eb_scene_write_png(const struct eb_scene *s, const char *path, double scale,
    struct eb_err *err)
{
	int w = png_side(s->width, scale), h = png_side(s->height, scale);
	cairo_surface_t *surf;
	cairo_t *cr;
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
	surf = cairo_image_surface_create_for_data(pixels.data, CAIRO_FORMAT_RGB24, w, h, stride);
	cr = cairo_create(surf);
	cairo_scale(cr, scale, scale);
	eb_scene_cairo(s, cr);
	cs = cairo_status(cr);
	cairo_destroy(cr);
	cairo_surface_flush(surf);
	if (cs != CAIRO_STATUS_SUCCESS) {
		cairo_surface_destroy(surf);
		return cairo_failed(err, path, cs);
	}
	eb_buf_init(&png, 0);
	eb_png_encode(cairo_image_surface_get_data(surf), w, h,
	    cairo_image_surface_get_stride(surf), &png);
	cairo_surface_destroy(surf);
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
