/* chart.c - the chart library's entry points and the table of chart kinds:
 * a chart is its kind's model, laid out as a scene (header, the kind's
 * body, footer), then drawn by a back end (SVG, PNG, PDF, or gnuplot). */
#include <stdlib.h>
#include <string.h>

#include "chart_int.h"

/* One file each (chart_NAME.c), in the order of enum eb_chart_kind. */
extern const struct chart_kind eb_chart_kind_bars;
extern const struct chart_kind eb_chart_kind_overhead;
extern const struct chart_kind eb_chart_kind_trend;
extern const struct chart_kind eb_chart_kind_diff;
extern const struct chart_kind eb_chart_kind_heatmap;
extern const struct chart_kind eb_chart_kind_timeseries;
extern const struct chart_kind eb_chart_kind_cost;

static const struct chart_kind *const kinds[] = {
	&eb_chart_kind_bars,
	&eb_chart_kind_overhead,
	&eb_chart_kind_trend,
	&eb_chart_kind_diff,
	&eb_chart_kind_heatmap,
	&eb_chart_kind_timeseries,
	&eb_chart_kind_cost,
};

#define NKINDS (sizeof kinds / sizeof kinds[0])

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
	return (unsigned)k < NKINDS ? kinds[k]->name : "?";
}

int
eb_chart_kind_lookup(const char *name)
{
	for (size_t i = 0; i < NKINDS; i++)
		if (strcmp(name, kinds[i]->name) == 0)
			return (int)i;
	return -1;
}

void
eb_chart_kind_names(char *buf, size_t n)
{
	size_t len = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < NKINDS && len < n; i++)
		len += (size_t)snprintf(buf + len, n - len, "%s%s",
		    i == 0 ? "" : i + 1 == NKINDS ? " or " : ", ", kinds[i]->name);
}

static enum eb_status
check(const struct eb_chart_opts *o, const struct eb_groups *gs, struct eb_err *err)
{
	struct eb_loc loc = { NULL, 0, 0 };

	if ((unsigned)o->kind >= NKINDS)
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
	if (!kinds[o->kind]->grouped && (o->logs == NULL || o->logs->nnamed == 0))
		return eb_err_set(err, EB_ERR_USAGE, loc,
		    "a %s chart draws fio logs (write_bw_log, write_iops_log, "
		    "write_lat_log): name at least one", kinds[o->kind]->name);
	if (kinds[o->kind]->grouped && gs == NULL)
		return eb_err_set(err, EB_ERR_USAGE, loc, "a %s chart draws aggregated "
		    "groups, and none were given", kinds[o->kind]->name);
	return EB_OK;
}

/* The model of a chart: the kind's points or series, the rows they make,
 * the kind's words, and each row's unit words and the legend. */
static enum eb_status
build(const struct chart_kind *k, struct chart_model *m, const struct eb_chart_opts *o,
    const struct eb_groups *gs, struct eb_err *err)
{
	struct cm_build b;
	struct eb_buf sub, note;
	enum eb_status st;

	eb_model_init(m, &b, o, k->grouped ? gs : NULL);
	if ((st = k->build(&b, err)) == EB_OK) {
		if (k->grouped)
			eb_model_finish(&b);
		eb_model_words_begin(&b, &sub, &note);
		k->words(&b, &sub, &note);
		eb_model_words_end(&b, &sub, &note);
		for (size_t r = 0; r < m->nrows; r++)
			k->unit_text(m, &m->rows[r], m->rows[r].unit, sizeof m->rows[r].unit);
		if (k->legend != NULL)
			m->legend = k->legend(m, &m->nlegend);
	}
	eb_model_build_free(&b);
	return st;
}

/* Lays out a built model into a new scene; with panels not NULL, also
 * returns the panel boxes (free them). */
static struct eb_scene *
layout(const struct chart_kind *k, const struct chart_model *m, struct panel_box **panels,
    size_t *npanels)
{
	const struct eb_chart_opts *o = m->o;
	double w = o->width > 0 ? o->width : DEFAULT_WIDTH, inner = w - 2 * MARGIN;
	struct lay L;
	double hh = eb_lay_header_height(m, inner), fh = eb_lay_footer_height(m, inner), height;
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
	eb_lay_header(&L);
	L.y = k->body(&L);
	eb_lay_footer(&L);
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
	if (m->caveat != NULL)
		eb_buf_addf(&desc, "%s. ", m->caveat);
	if (m->subtitle != NULL && m->subtitle[0] != '\0')
		eb_buf_addf(&desc, "%s. ", m->subtitle);
	for (size_t i = 0; i < m->nmeta_caveats; i++)
		eb_buf_addf(&desc, "%s%s ", i > 0 ? "" : m->caveats_of_data ? "Caveats: " :
		    "Caveats from meta.json: ",
		    m->meta_caveats[i]);
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

struct eb_scene *
eb_chart_scene(const struct eb_chart_opts *o, const struct eb_groups *gs,
    struct eb_err *err)
{
	struct chart_model m;
	struct eb_scene *s;

	if (check(o, gs, err) != EB_OK)
		return NULL;
	if (build(kinds[o->kind], &m, o, gs, err) != EB_OK) {
		eb_model_free(&m);
		return NULL;
	}
	s = layout(kinds[o->kind], &m, NULL, NULL);
	eb_model_free(&m);
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

/* The gnuplot back end draws the layout's panels from the model's data. */
static enum eb_status
render_gnuplot(const struct eb_chart_opts *o, const struct eb_groups *gs, const char *path,
    struct eb_err *err)
{
	const struct chart_kind *k = kinds[o->kind];
	struct chart_model m;
	struct gp_chart c;
	struct panel_box *panels = NULL;
	struct eb_scene *s;
	enum eb_status st;

	if ((st = build(k, &m, o, gs, err)) == EB_OK) {
		memset(&c, 0, sizeof c);
		c.m = &m;
		c.s = s = layout(k, &m, &panels, &c.npanels);
		c.panels = panels;
		c.kind = k->name;
		c.plot = k->gnuplot;
		st = eb_gp_render(&c, path, err);
		eb_scene_free(s);
		free(panels);
	}
	eb_model_free(&m);
	return st;
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
		if (dump)
			return eb_err_set(err, EB_ERR_USAGE, loc,
			    "the gnuplot back end draws .svg, .png or .pdf");
		if ((st = check(o, gs, err)) != EB_OK)
			return st;
		return render_gnuplot(o, gs, path, err);
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
