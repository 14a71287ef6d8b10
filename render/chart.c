/* chart.c - the chart library's entry points: options, the scene of a
 * chart (header, body by kind, footer) and rendering to a file by its
 * extension or to an SVG string. */
#include <stdlib.h>
#include <string.h>

#include "chart_int.h"

static const char *const kind_names[EB_CHART_NKINDS] = {
	"bars", "overhead", "trend", "diff", "heatmap", "timeseries",
};

void
eb_chart_opts_init(struct eb_chart_opts *o)
{
	memset(o, 0, sizeof *o);
	o->kind = EB_CHART_BARS;
	o->baseline = "none";
	o->alpha = 0.05;
	o->scale = 1;
}

const char *
eb_chart_kind_name(enum eb_chart_kind k)
{
	return (unsigned)k < EB_CHART_NKINDS ? kind_names[k] : "?";
}

int
eb_chart_kind_lookup(const char *name)
{
	for (int i = 0; i < EB_CHART_NKINDS; i++)
		if (strcmp(name, kind_names[i]) == 0)
			return i;
	return -1;
}

struct eb_scene *
chart_layout(const struct chart_model *m, struct panel_box **panels, size_t *npanels)
{
	const struct eb_chart_opts *o = m->o;
	double w = o->width > 0 ? o->width : DEFAULT_WIDTH, inner = w - 2 * MARGIN;
	struct lay L;
	double hh = header_height(m, inner), fh = footer_height(m, inner), height;
	struct eb_buf desc;

	memset(&L, 0, sizeof L);
	L.s = eb_scene_new(w, 0, m->th->bg);
	L.m = m;
	L.th = m->th;
	L.x0 = MARGIN;
	L.w = inner;
	L.y = MARGIN * 0.75;
	L.record = panels != NULL;
	if (o->height > 0)
		L.avail = o->height - L.y - hh - fh - MARGIN * 0.75;
	header(&L);
	switch (m->kind) {
	case EB_CHART_HEATMAP:
		L.y = body_heat(&L);
		break;
	case EB_CHART_TREND:
		L.y = body_trend(&L);
		break;
	case EB_CHART_TIMESERIES:
		L.y = body_ts(&L);
		break;
	default:
		L.y = body_band(&L);
		break;
	}
	footer(&L);
	height = ceil(L.y + MARGIN * 0.75);
	if (o->height > 0 && height < o->height)
		height = o->height;
	else if (o->height > 0 && height > o->height + 0.5 && o->diag != NULL) {
		struct eb_loc loc = { NULL, 0, 0 };

		eb_diag(o->diag, EB_NOTE, loc, "the chart needs %.0f px of height for its "
		    "labels; it is %.0f px tall rather than %.0f", height, height, o->height);
	}
	L.s->height = height;
	eb_buf_init(&desc, 0);
	if (m->subtitle != NULL && m->subtitle[0] != '\0')
		eb_buf_addf(&desc, "%s. ", m->subtitle);
	if (m->note != NULL)
		eb_buf_addf(&desc, "%s", m->note);
	eb_scene_set_title(L.s, m->title, desc.len ? eb_buf_cstr(&desc) : NULL);
	eb_buf_free(&desc);
	for (size_t i = 0; i < o->nsources; i++)
		eb_scene_add_source(L.s, o->sources[i]);
	if (panels != NULL) {
		*panels = L.panels;
		*npanels = L.npanels;
	}
	return L.s;
}

static enum eb_status
check(const struct eb_chart_opts *o, const struct eb_groups *gs, struct eb_err *err)
{
	struct eb_loc loc = { NULL, 0, 0 };

	if ((unsigned)o->kind >= EB_CHART_NKINDS)
		return eb_err_set(err, EB_ERR_USAGE, loc, "no chart kind %d", (int)o->kind);
	if (o->width != 0 && (o->width < 240 || o->width > 8000))
		return eb_err_set(err, EB_ERR_USAGE, loc, "--width %g is outside 240 to 8000 px",
		    o->width);
	if (o->height != 0 && (o->height < 120 || o->height > 8000))
		return eb_err_set(err, EB_ERR_USAGE, loc,
		    "--height %g is outside 120 to 8000 px", o->height);
	if (o->scale != 0 && (o->scale < 0.25 || o->scale > 8))
		return eb_err_set(err, EB_ERR_USAGE, loc, "--scale %g is outside 0.25 to 8",
		    o->scale);
	if (o->kind == EB_CHART_TIMESERIES && o->nlogs == 0)
		return eb_err_set(err, EB_ERR_USAGE, loc,
		    "a timeseries chart draws fio logs (write_bw_log, write_iops_log, "
		    "write_lat_log): name at least one");
	if (o->kind != EB_CHART_TIMESERIES && gs == NULL)
		return eb_err_set(err, EB_ERR_USAGE, loc, "a %s chart draws aggregated "
		    "groups, and none were given", eb_chart_kind_name(o->kind));
	return EB_OK;
}

struct eb_scene *
eb_chart_scene(const struct eb_chart_opts *o, const struct eb_groups *gs, struct eb_err *err)
{
	struct chart_model m;
	struct eb_scene *s;

	if (check(o, gs, err) != EB_OK)
		return NULL;
	if (cm_build(&m, o, gs, err) != EB_OK) {
		cm_free(&m);
		return NULL;
	}
	s = chart_layout(&m, NULL, NULL);
	cm_free(&m);
	return s;
}

char *
eb_chart_svg(const struct eb_chart_opts *o, const struct eb_groups *gs, struct eb_err *err)
{
	struct eb_scene *s = eb_chart_scene(o, gs, err);
	struct eb_buf b;

	if (s == NULL)
		return NULL;
	eb_buf_init(&b, 0);
	eb_scene_svg(s, &b);
	eb_scene_free(s);
	eb_buf_cstr(&b);
	return b.data;
}

static int
ends_with(const char *s, const char *suffix)
{
	size_t n = strlen(s), k = strlen(suffix);

	return n >= k && eb_ascii_ieq(s + n - k, suffix);
}

static enum eb_status
write_dump(void *ctx, FILE *fp)
{
	eb_scene_dump(ctx, fp);
	return ferror(fp) ? EB_ERR_IO : EB_OK;
}

enum eb_status
eb_chart_render(const struct eb_chart_opts *o, const struct eb_groups *gs, const char *path,
    struct eb_err *err)
{
	struct eb_loc loc = { path, 0, 0 };
	struct eb_scene *s;
	enum eb_status st;
	int svg = ends_with(path, ".svg"), png = ends_with(path, ".png");
	int pdf = ends_with(path, ".pdf"), dump = ends_with(path, ".scene");

	if (!svg && !png && !pdf && !dump)
		return eb_err_set(err, EB_ERR_USAGE, loc,
		    "cannot tell the format from the name: end it in .svg, .png or .pdf");
	if (o->backend == EB_BACKEND_GNUPLOT) {
		struct chart_model m;

		if (dump)
			return eb_err_set(err, EB_ERR_USAGE, loc,
			    "the gnuplot back end draws .svg, .png or .pdf");
		if ((st = check(o, gs, err)) != EB_OK)
			return st;
		if ((st = cm_build(&m, o, gs, err)) == EB_OK)
			st = gp_render(&m, path, err);
		cm_free(&m);
		return st;
	}
	if ((s = eb_chart_scene(o, gs, err)) == NULL)
		return err ? err->code : EB_ERR_DATA;
	if (png)
		st = eb_scene_write_png(s, path, o->scale > 0 ? o->scale : 1, err);
	else if (pdf)
		st = eb_scene_write_pdf(s, path, err);
	else if (svg)
		st = eb_scene_write_svg(s, path, err);
	else
		st = eb_write_atomic(path, write_dump, s, err);
	eb_scene_free(s);
	return st;
}

void
eb_chart_release(void)
{
	eb_scene_release_pixels();
	eb_text_release();
}
