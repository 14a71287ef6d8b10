/* test_chart.c - charts: the palette, ticks and wrapping, text cleaning and
 * SVG escaping, the PNG encoder against libpng (through cairo), chart PNG
 * size and content, values of the fixtures as drawn, determinism, atomic
 * output, and the time series reduction and log reader. */
#include <cairo.h>
#include <fcntl.h>
#include <unistd.h>

#include "testutil.h"
#include "../../ingest/fio.h"
#include "../../render/chart_int.h"

#define SERIES "tests/data/charts/series.csv"

static struct eb_table *
load(const char *path)
{
	struct tu_run r;

	tu_ingest(&r, path, "auto");
	assert_int_equal(r.st, EB_OK);
	eb_buf_free(&r.diag);
	return r.t;
}

/* The first item of a role whose text (or tip) starts with prefix. */
static const struct eb_item *
find_item(const struct eb_scene *s, const char *role, const char *prefix)
{
	for (size_t i = 0; i < s->n; i++) {
		const struct eb_item *it = &s->items[i];
		const char *t = it->kind == EB_ITEM_TEXT ? it->text : it->tip;

		if (strcmp(it->role, role) == 0 && (prefix == NULL ||
		    (t != NULL && strncmp(t, prefix, strlen(prefix)) == 0)))
			return it;
	}
	return NULL;
}

static void
test_palette(void **state)
{
	uint32_t g128 = eb_mode_color("aes-128-gcm", 0), g192 = eb_mode_color("aes-192-gcm", 0);
	uint32_t g256 = eb_mode_color("aes-256-gcm", 0);

	(void)state;
	assert_int_equal(eb_mode_color("none", 0), 0x737373);
	assert_int_equal(g192, 0x0072b2);	/* Okabe-Ito blue */
	assert_int_equal(eb_mode_color("aes-192-ccm", 0), 0xd55e00);	/* vermillion */
	assert_int_equal(eb_mode_color("luks-xts-1024", 0), 0x009e73);	/* bluish green */
	assert_int_equal(eb_mode_color("geli-xts", 0), 0xcc79a7);	/* reddish purple */
	assert_int_equal(eb_mode_color("serpent-xts", 0), 0xe69f00);	/* the rest */
	assert_int_equal(eb_mode_color("fscrypt-aes-256-xts", 0), 0x56b4e9);	/* sky blue */
	assert_int_equal(eb_mode_color("fscrypt-adiantum", 0), 0x3c7ea3);	/* 30 % darker */
	assert_true(eb_mode_cmp("geli-xts-256", "fscrypt-aes-256-xts") < 0);
	assert_true(eb_mode_cmp("fscrypt-aes-256-xts", "fscrypt-adiantum") < 0);
	assert_true(eb_mode_cmp("fscrypt-adiantum", "serpent-xts") < 0);
	/* One hue a family, lighter for small keys and sectors. */
	assert_true((g128 & 0xff) > (g192 & 0xff) && (g192 & 0xff) > (g256 & 0xff));
	assert_true((eb_mode_color("luks-xts-512", 0) & 0xff00) >
	    (eb_mode_color("luks-xts-4k", 0) & 0xff00));
	assert_int_equal(eb_mode_color("geli-xts-128", 0), eb_mode_color("geli-aes-128", 0));
	/* The same mode, the same colour, chart after chart. */
	assert_int_equal(eb_mode_color("aes-256-gcm", 0), g256);
	assert_int_equal(eb_contrast_text(0x800026), 0xffffff);
	assert_int_equal(eb_contrast_text(0xffffcc), 0x1a1a1a);
	assert_int_equal(eb_heat_color(0, -10, 80), 0xffffcc);
	assert_int_equal(eb_heat_color(80, -10, 80), 0x800026);
	assert_int_equal(eb_heat_color(-10, -10, 80), 0x2171b5);
}

static void
test_ticks(void **state)
{
	char buf[32];

	(void)state;
	assert_true(eb_tick_step(0, 6.7, 5) == 1);
	assert_true(eb_tick_step(0, 100, 5) == 20);
	assert_true(eb_tick_step(0, 2.37, 5) == 0.5);
	assert_true(eb_tick_step(-15, 15, 4) == 10);
	assert_true(eb_tick_step(0, 0.0042, 4) == 0.001);
	eb_tick_text(buf, sizeof buf, -5, 5);
	assert_string_equal(buf, "\xe2\x88\x92" "5");
	eb_tick_text(buf, sizeof buf, 1, 0.5);
	assert_string_equal(buf, "1.0");
	eb_tick_text(buf, sizeof buf, 0.3 - 0.1 - 0.2, 0.1);	/* -2.8e-17 */
	assert_string_equal(buf, "0.0");
	/* Data near 1e-300 (the step of 0 to 1.2e-300 in 5 is 2e-301): each
	 * tick in scientific notation, never a row of zeros; 0 stays 0. */
	assert_true(eb_tick_step(0, 1.2e-300, 5) == 2e-301);
	eb_tick_text(buf, sizeof buf, 8e-301, 2e-301);
	assert_string_equal(buf, "8e-301");
	eb_tick_text(buf, sizeof buf, 5 * 2e-301, 2e-301);
	assert_string_equal(buf, "1e-300");
	eb_tick_text(buf, sizeof buf, 6 * 2e-301, 2e-301);
	assert_string_equal(buf, "1.2e-300");
	eb_tick_text(buf, sizeof buf, -4e-301, 2e-301);
	assert_string_equal(buf, "\xe2\x88\x92" "4e-301");
	eb_tick_text(buf, sizeof buf, 0, 2e-301);
	assert_string_equal(buf, "0");
	eb_tick_text(buf, sizeof buf, 0.0005, 0.0005);
	assert_string_equal(buf, "5e-4");
	/* And near 1e300: no 301 digits. */
	eb_tick_text(buf, sizeof buf, 3e300, 1e300);
	assert_string_equal(buf, "3e300");
	eb_tick_text(buf, sizeof buf, 2.5e7, 5e6);
	assert_string_equal(buf, "25000000");
	eb_pct_text(buf, sizeof buf, -4.12, 1);
	assert_string_equal(buf, "\xe2\x88\x92" "4.1 %");
	/* Chart value labels follow the tables' one-decimal rule: -10.6 % is
	 * not "-11 %", and a 1.96 % change inside the default margin of 2 % is
	 * not "2.0 %" on its edge. */
	eb_pct_text(buf, sizeof buf, 12.4, 1);
	assert_string_equal(buf, "+12.4 %");
	eb_pct_text(buf, sizeof buf, 87.3, 0);
	assert_string_equal(buf, "87.3 %");
	eb_pct_text(buf, sizeof buf, -10.6, 1);
	assert_string_equal(buf, "\xe2\x88\x92" "10.6 %");
	eb_pct_text(buf, sizeof buf, 1.96, 1);
	assert_string_equal(buf, "+1.96 %");
	eb_pct_text(buf, sizeof buf, 0.004, 0);
	assert_string_equal(buf, "0.004 %");
}

/* The kind table answers to names, and names itself in messages. */
static void
test_kinds(void **state)
{
	char names[256];

	(void)state;
	assert_int_equal(eb_chart_kind_lookup("heatmap"), EB_CHART_HEATMAP);
	assert_int_equal(eb_chart_kind_lookup("timeseries"), EB_CHART_TIMESERIES);
	assert_int_equal(eb_chart_kind_lookup("cost"), EB_CHART_COST);
	assert_int_equal(eb_chart_kind_lookup("pie"), -1);
	assert_string_equal(eb_chart_kind_name(EB_CHART_DIFF), "diff");
	eb_chart_kind_names(names, sizeof names);
	assert_string_equal(names, "bars, overhead, trend, diff, heatmap, timeseries or cost");
	eb_chart_kind_names(names, 12);
	assert_string_equal(names, "bars, overh");
}

static void
test_wrap(void **state)
{
	const char *name = "luks-xts-4k-detached-header-on-a-second-disk";
	char **lines, joined[128] = "";
	size_t n;

	(void)state;
	n = eb_text_wrap(name, 80, FS_LABEL, 0, &lines);
	assert_true(n >= 3);
	for (size_t i = 0; i < n; i++) {
		assert_true(eb_text_width(lines[i], FS_LABEL, 0) <= 80.01);
		if (i + 1 < n)
			assert_int_equal(lines[i][strlen(lines[i]) - 1], '-');
		strcat(joined, lines[i]);
	}
	assert_string_equal(joined, name);
	eb_text_lines_free(lines, n);
	/* Spaces break first and are not kept at the ends. */
	n = eb_text_wrap("fio seq 1 MiB  ·  throughput", 90, FS_LABEL, 0, &lines);
	assert_int_equal(n, 2);
	assert_string_equal(lines[0], "fio seq 1 MiB  ·");
	assert_string_equal(lines[1], "throughput");
	eb_text_lines_free(lines, n);
	/* Text measures the same every time: DejaVu Sans, no hinting. */
	assert_non_null(strstr(eb_text_font_name(), "DejaVu"));
	assert_true(fabs(eb_text_width("aes-256-gcm", 12, 0) - eb_text_width("aes-256-gcm", 24, 0) /
	    2) < 1e-9);
	assert_true(eb_text_width("W", 12, 1) > eb_text_width("W", 12, 0));
}

static void
test_text_clean(void **state)
{
	char *s;

	(void)state;
	s = eb_text_clean("a\nb\x01" "c\t\xff" "d");
	assert_string_equal(s, "a b c \xef\xbf\xbd" "d");
	free(s);
	s = eb_text_clean("\xc0\xaf \xed\xa0\x80 \xc2\x85 µs −");
	assert_string_equal(s, "\xef\xbf\xbd\xef\xbf\xbd \xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd   µs −");
	free(s);
	/* Measuring bytes that are not text must not break later measures. */
	assert_true(eb_text_width("\xff\xfe", 12, 0) > 0);
	assert_true(eb_text_width("none", 12, 0) > 20);
}

static void
test_svg_escape(void **state)
{
	struct eb_scene *s = eb_scene_new(100, 50, 0xffffff);
	struct eb_item *it;
	struct eb_buf b;

	(void)state;
	eb_scene_set_title(s, "<script>alert(\"x\")</script> & 'q' | `id`", "desc\nwith <b>");
	eb_scene_add_source(s, "runs/a&b/<c>.csv");
	eb_scene_text(s, 1, 2, "<script>&\"'|`x`\n", 12, 0, EB_ANCHOR_START, 0, "value");
	it = eb_scene_rect(s, 0, 0, 10, 10, eb_paint_fill(0x0072b2), "bar");
	eb_item_tip(it, "%s", "a<b & \"c\"");
	eb_buf_init(&b, 0);
	eb_scene_svg(s, &b);
	eb_buf_cstr(&b);
	assert_null(strstr(b.data, "<script>"));
	assert_non_null(strstr(b.data, "<title>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; "
	    "&amp; &#39;q&#39; | `id`</title>"));
	assert_non_null(strstr(b.data, "<desc>desc with &lt;b&gt;</desc>"));
	assert_non_null(strstr(b.data, "<dc:source>runs/a&amp;b/&lt;c&gt;.csv</dc:source>"));
	assert_non_null(strstr(b.data, ">&lt;script&gt;&amp;&quot;&#39;|`x` </text>"));
	assert_non_null(strstr(b.data, "<title>a&lt;b &amp; &quot;c&quot;</title></rect>"));
	eb_buf_free(&b);
	eb_scene_free(s);
}

/* Encodes an image with runs, equal rows and noise; libpng (through
 * cairo) must read back every pixel. */
static void
test_png_roundtrip(void **state)
{
	enum { W = 67, H = 41 };
	cairo_surface_t *src = cairo_image_surface_create(CAIRO_FORMAT_RGB24, W, H), *back;
	unsigned char *p;
	int stride;
	struct eb_buf b;
	char path[] = "/tmp/eb-test-png-XXXXXX";
	int fd = mkstemp(path);
	uint32_t seed = 1;

	(void)state;
	assert_true(fd >= 0);
	cairo_surface_flush(src);
	p = cairo_image_surface_get_data(src);
	stride = cairo_image_surface_get_stride(src);
	for (int y = 0; y < H; y++)
		for (int x = 0; x < W; x++) {
			uint32_t *px = (uint32_t *)(void *)(p + y * stride) + x;

			seed = seed * 1103515245 + 12345;
			if (y >= 10 && y < 20)
				*px = 0xff0072b2;		/* equal rows */
			else if (x < 30)
				*px = 0xffffffff;		/* a run */
			else
				*px = 0xff000000 | (seed >> 8);	/* noise */
		}
	cairo_surface_mark_dirty(src);
	eb_buf_init(&b, 0);
	eb_png_encode(p, W, H, stride, &b);
	assert_int_equal(write(fd, b.data, b.len), (ssize_t)b.len);
	close(fd);
	back = cairo_image_surface_create_from_png(path);
	assert_int_equal(cairo_surface_status(back), CAIRO_STATUS_SUCCESS);
	assert_int_equal(cairo_image_surface_get_width(back), W);
	assert_int_equal(cairo_image_surface_get_height(back), H);
	for (int y = 0; y < H; y++)
		for (int x = 0; x < W; x++) {
			uint32_t a = ((uint32_t *)(void *)(p + y * stride))[x] & 0xffffff;
			uint32_t c = ((uint32_t *)(void *)(cairo_image_surface_get_data(back) +
			    y * cairo_image_surface_get_stride(back)))[x] & 0xffffff;

			assert_int_equal(a, c);
		}
	cairo_surface_destroy(back);
	cairo_surface_destroy(src);
	eb_buf_free(&b);
	unlink(path);
}

static uint32_t
pixel(cairo_surface_t *s, double x, double y)
{
	return ((uint32_t *)(void *)(cairo_image_surface_get_data(s) +
	    (int)y * cairo_image_surface_get_stride(s)))[(int)x] & 0xffffff;
}

static void
test_png_chart(void **state)
{
	struct eb_table *t = load(SERIES);
	struct eb_groups *gs = eb_aggregate(t);
	struct eb_chart_opts o;
	struct eb_err err;
	struct eb_scene *s;
	const struct eb_item *bar;
	cairo_surface_t *img;
	char path[] = "/tmp/eb-test-chart-XXXXXX.png";
	int fd = mkstemps(path, 4);

	(void)state;
	close(fd);
	eb_chart_opts_init(&o);
	s = eb_chart_scene(&o, gs, &err);
	assert_non_null(s);
	bar = find_item(s, "bar", "none, dd read 1 MiB 24.04:");
	assert_non_null(bar);
	assert_int_equal(bar->paint.fill, 0x737373);
	for (double scale = 1; scale <= 2; scale++) {
		o.scale = scale;
		assert_int_equal(eb_chart_render(&o, gs, path, &err), EB_OK);
		img = cairo_image_surface_create_from_png(path);
		assert_int_equal(cairo_surface_status(img), CAIRO_STATUS_SUCCESS);
		assert_int_equal(cairo_image_surface_get_width(img), 800 * scale);
		assert_int_equal(cairo_image_surface_get_height(img), ceil(s->height) * scale);
		/* The middle of the bar has its mode's colour; the corner is
		 * background. */
		assert_int_equal(pixel(img, (bar->x1 + bar->x2 / 2) * scale,
		    (bar->y1 + bar->y2 / 2) * scale), 0x737373);
		assert_int_equal(pixel(img, 2, 2), 0xffffff);
		cairo_surface_destroy(img);
	}
	o.dark = 1;
	o.scale = 1;
	assert_int_equal(eb_chart_render(&o, gs, path, &err), EB_OK);
	img = cairo_image_surface_create_from_png(path);
	assert_int_equal(pixel(img, 2, 2), eb_theme_get(1)->bg);
	cairo_surface_destroy(img);
	unlink(path);
	eb_scene_free(s);
	eb_groups_free(gs);
	eb_table_free(t);
}

/* The bytes of the file at path, which the caller frees. */
static char *
slurp(const char *path, size_t *n)
{
	struct eb_buf b;
	char chunk[4096];
	ssize_t got;
	int fd = open(path, O_RDONLY);

	assert_true(fd >= 0);
	eb_buf_init(&b, 0);
	while ((got = read(fd, chunk, sizeof chunk)) > 0)
		eb_buf_add(&b, chunk, (size_t)got);
	close(fd);
	*n = b.len;
	return b.data;
}

/* A PNG drawn in bands of rows on threads of their own is the one drawn
 * at once, byte for byte, at 1x and 2x, in 1 to 4 bands: a jagged band
 * of 1500 points at 0.22 opacity, a line of 800 points and text, as a
 * timeseries of a long log draws them. */
static void
test_png_bands(void **state)
{
	struct eb_scene *s = eb_scene_new(800, 500, 0xffffff), *few = eb_scene_new(800, 500, 0xffffff);
	double *pts = eb_xmalloc(2 * 1500 * sizeof *pts);
	struct eb_paint band = eb_paint_fill(0x0072b2);
	struct eb_err err;
	char path[] = "/tmp/eb-test-bands-XXXXXX.png";
	int fd = mkstemps(path, 4);
	uint32_t seed = 7;

	(void)state;
	close(fd);
	for (int i = 0; i < 750; i++) {
		seed = seed * 1103515245 + 12345;
		pts[2 * i] = pts[2 * (1499 - i)] = 20 + i * 1.01;
		pts[2 * i + 1] = 150 + (seed >> 16) % 100 * 0.83;
		pts[2 * (1499 - i) + 1] = 330 + (seed >> 8) % 100 * 0.91;
	}
	band.opacity = 0.22;
	eb_scene_path(s, pts, 1500, 1, band, "envelope");
	for (int i = 0; i < 800; i++)
		pts[2 * i + 1] = 240 + 30 * sin(i / 40.0);
	eb_scene_path(s, pts, 800, 0, eb_paint_stroke(0xd55e00, 1.3), "mean");
	eb_scene_text(s, 400, 120, "Bandwidth over time", 18, 1, EB_ANCHOR_MIDDLE, 0x222222,
	    "title");
	eb_scene_path(few, pts, 800, 0, eb_paint_stroke(0xd55e00, 1.3), "mean");
	for (double scale = 1; scale <= 2; scale++) {
		size_t n1, n;
		char *one, *banded;

		eb_scene_png_threads(1);
		assert_int_equal(eb_scene_png_bands(s, scale), 1);
		assert_int_equal(eb_scene_write_png(s, path, scale, &err), EB_OK);
		one = slurp(path, &n1);
		for (int k = 2; k <= 4; k++) {
			eb_scene_png_threads(k);
			assert_int_equal(eb_scene_png_bands(s, scale), k);
			/* Too few points to pay for a thread. */
			assert_int_equal(eb_scene_png_bands(few, scale), 1);
			assert_int_equal(eb_scene_write_png(s, path, scale, &err), EB_OK);
			banded = slurp(path, &n);
			assert_int_equal(n, n1);
			assert_memory_equal(banded, one, n1);
			free(banded);
		}
		free(one);
	}
	eb_scene_png_threads(0);
	unlink(path);
	free(pts);
	eb_scene_free(few);
	eb_scene_free(s);
}

static size_t count_items(const struct eb_scene *s, const char *role, const char *prefix);

/* Values as drawn, against the means of series.csv (by hand: the three
 * dd read runs of none in 24.04 average 5.93 GB/s). */
static void
test_values(void **state)
{
	struct eb_table *t = load(SERIES);
	struct eb_groups *gs = eb_aggregate(t);
	struct eb_chart_opts o;
	struct eb_err err;
	struct eb_scene *s;
	const struct eb_item *it;

	(void)state;
	eb_chart_opts_init(&o);
	s = eb_chart_scene(&o, gs, &err);
	assert_non_null(find_item(s, "subtitle", "framework-i5-1135g7 · release 24.04"));
	assert_non_null(find_item(s, "value", "5.93"));
	assert_non_null(find_item(s, "row-head", "dd 1 MiB"));
	assert_non_null(find_item(s, "row-head", "fio seq 1 MiB"));
	assert_non_null(find_item(s, "unit", "throughput, MB/s"));
	eb_scene_free(s);

	o.kind = EB_CHART_OVERHEAD;
	s = eb_chart_scene(&o, gs, &err);
	it = find_item(s, "bar", "aes-256-gcm, dd read 1 MiB 24.04:");
	assert_non_null(it);
	assert_non_null(strstr(it->tip, "92.4 % of none"));
	assert_null(find_item(s, "bar", "none,"));
	assert_non_null(find_item(s, "reference", NULL));
	eb_scene_free(s);

	o.kind = EB_CHART_DIFF;
	s = eb_chart_scene(&o, gs, &err);
	assert_non_null(find_item(s, "title", "Change in throughput from 23.10 to 24.04"));
	/* GCM read 10 % faster in 24.04 over three runs a side, but after
	 * Holm over every pair the chart draws the data cannot tell; LUKS
	 * did not change. */
	assert_non_null(find_item(s, "bar-hollow", "aes-256-gcm, dd read 1 MiB: +10"));
	assert_non_null(find_item(s, "bar-hollow", "luks-xts-512, dd read 1 MiB:"));
	eb_scene_free(s);

	o.kind = EB_CHART_TREND;
	o.relative = 1;
	s = eb_chart_scene(&o, gs, &err);
	assert_non_null(find_item(s, "cat-tick", "22.04"));
	assert_non_null(find_item(s, "legend", "aes-128-ccm"));
	assert_null(find_item(s, "legend", "none"));
	eb_scene_free(s);

	o.kind = EB_CHART_HEATMAP;
	o.relative = 0;
	o.release = "24.04";
	s = eb_chart_scene(&o, gs, &err);
	/* One release of several tests: one panel a direction, a row per
	 * test and a column per mode, the release heading it. */
	assert_non_null(find_item(s, "row-head", "release 24.04"));
	assert_int_equal(count_items(s, "row-head", ""), 1);
	assert_non_null(find_item(s, "category", "dd 1 MiB"));
	assert_non_null(find_item(s, "cat-tick", "aes-128-ccm"));
	assert_null(find_item(s, "cat-tick", "22.04"));
	/* As "encbench overhead" says: CCM costs 80.7 % of dd write in 24.04. */
	assert_non_null(find_item(s, "cell", "aes-128-ccm, dd write 1 MiB 24.04: 19.3 % of none"));
	eb_scene_free(s);
	o.release = "9.99";
	o.heat = EB_HEAT_BLOCK_SIZE;
	assert_null(eb_chart_scene(&o, gs, &err));
	assert_int_equal(err.code, EB_ERR_DATA);
	eb_groups_free(gs);
	eb_table_free(t);
}

/* The items of a role whose text starts with prefix, counted. */
static size_t
count_items(const struct eb_scene *s, const char *role, const char *prefix)
{
	size_t n = 0;

	for (size_t i = 0; i < s->n; i++) {
		const struct eb_item *it = &s->items[i];

		if (strcmp(it->role, role) == 0 && it->kind == EB_ITEM_TEXT &&
		    strncmp(it->text, prefix, strlen(prefix)) == 0)
			n++;
	}
	return n;
}

/* In overhead charts the 100 % tick of every panel is labelled, and no
 * value label's knockout reaches the dashed 100 % line, nor does the line
 * run through a whisker's cap. The samples' 24.04 dd panels once ended
 * at 80 % with "86 %" written over the line. */
static void
test_overhead_reference(void **state)
{
	struct tu_run r;
	struct eb_groups *gs;
	struct eb_chart_opts o;
	struct eb_err err;
	struct eb_scene *s;
	size_t nref = 0, npanels = 0;

	(void)state;
	tu_ingest(&r, "samples/zfs-series", "auto");
	assert_int_equal(r.st, EB_OK);
	gs = eb_aggregate(r.t);
	eb_chart_opts_init(&o);
	o.kind = EB_CHART_OVERHEAD;
	o.config = "default";
	s = eb_chart_scene(&o, gs, &err);
	assert_non_null(s);
	for (size_t i = 0; i < s->n; i++)
		if (strcmp(s->items[i].role, "axis") == 0)
			npanels++;
	/* 3 tests x read, write; an axis at 0 % each. */
	assert_int_equal(npanels, 6);
	assert_int_equal(count_items(s, "tick", "100 %"), 6);
	for (size_t i = 0; i < s->n; i++) {
		const struct eb_item *ref = &s->items[i];

		if (strcmp(ref->role, "reference") != 0)
			continue;
		nref++;
		for (size_t j = 0; j < s->n; j++) {
			const struct eb_item *it = &s->items[j];
			double x1 = it->x1, x2 = it->x1 + it->x2, y1 = it->y1, y2 = it->y1 + it->y2;

			if (strcmp(it->role, "knockout") == 0)
				/* A label's box: x, y, width, height. */
				assert_false(x1 < ref->x1 + 0.65 && x2 > ref->x1 - 0.65 &&
				    y1 < ref->y2 && y2 > ref->y1);
			if (strcmp(it->role, "whisker") == 0 && it->x1 == it->x2)
				/* A cap: a vertical line from (x1, y1) to (x2, y2). */
				assert_false(fabs(it->x1 - ref->x1) < 3 && it->y1 < ref->y2 &&
				    it->y2 > ref->y1);
		}
	}
	/* The line gives way to whiskers: more stretches than panels. */
	assert_true(nref > 6);
	eb_scene_free(s);
	eb_groups_free(gs);
	eb_table_free(r.t);
	eb_buf_free(&r.diag);
}

/* bonnie++'s per-char tests carry the run's chunk size, which is no size
 * of their I/O: no chart labels them with it. */
static void
test_per_char(void **state)
{
	struct tu_run r;
	struct eb_groups *gs;
	struct eb_chart_opts o;
	struct eb_err err;
	struct eb_scene *s;

	(void)state;
	tu_ingest(&r, "samples/geli-freebsd", "auto");
	assert_int_equal(r.st, EB_OK);
	gs = eb_aggregate(r.t);
	eb_chart_opts_init(&o);
	s = eb_chart_scene(&o, gs, &err);
	assert_non_null(find_item(s, "row-head", "bonnie block 8 KiB"));
	assert_int_equal(count_items(s, "row-head", "bonnie per-char"), 1);
	assert_non_null(find_item(s, "row-head", "bonnie per-char"));
	assert_string_equal(find_item(s, "row-head", "bonnie per-char")->text, "bonnie per-char");
	assert_non_null(find_item(s, "bar", "none, bonnie per-char read freebsd: 551 kB/s"));
	eb_scene_free(s);
	o.kind = EB_CHART_HEATMAP;
	o.heat = EB_HEAT_BLOCK_SIZE;
	s = eb_chart_scene(&o, gs, &err);
	assert_non_null(s);
	assert_non_null(find_item(s, "cat-tick", "per char"));
	assert_non_null(find_item(s, "cell", "geli-xts-128, bonnie per-char write freebsd:"));
	eb_scene_free(s);
	eb_groups_free(gs);
	eb_table_free(r.t);
	eb_buf_free(&r.diag);
}

/* Trend lines are named at their ends, one label each, in the order of
 * the lines and never on top of each other. */
static void
test_trend_labels(void **state)
{
	struct eb_table *t = load(SERIES);
	struct eb_groups *gs = eb_aggregate(t);
	struct eb_chart_opts o;
	struct eb_err err;
	struct eb_scene *s;
	const struct eb_item *ccm[3];
	static const char *const names[3] = { "aes-128-ccm", "aes-192-ccm", "aes-256-ccm" };

	(void)state;
	eb_chart_opts_init(&o);
	o.kind = EB_CHART_TREND;
	o.op = "write";
	o.metric = "bw";
	s = eb_chart_scene(&o, gs, &err);
	assert_non_null(s);
	/* dd and two fio tests, nine modes in each panel. */
	assert_int_equal(count_items(s, "line-label", ""), 27);
	for (int k = 0; k < 3; k++) {
		ccm[k] = find_item(s, "line-label", names[k]);
		assert_non_null(ccm[k]);
	}
	/* The 128-bit key is the fastest CCM in series.csv: its label is on
	 * top, and each is a line below the other. */
	assert_true(ccm[0]->y1 < ccm[1]->y1 && ccm[1]->y1 < ccm[2]->y1);
	assert_true(ccm[1]->y1 - ccm[0]->y1 >= LINE_H(FS_TICK) - 1e-9);
	assert_true(ccm[2]->y1 - ccm[1]->y1 >= LINE_H(FS_TICK) - 1e-9);
	for (size_t i = 0; i < s->n; i++)
		for (size_t j = i + 1; j < s->n; j++)
			if (strcmp(s->items[i].role, "line-label") == 0 &&
			    strcmp(s->items[j].role, "line-label") == 0 &&
			    s->items[i].x1 == s->items[j].x1)
				assert_true(fabs(s->items[i].y1 - s->items[j].y1) >=
				    LINE_H(FS_TICK) - 1e-9);
	eb_scene_free(s);
	eb_groups_free(gs);
	eb_table_free(t);
}

static int
file_is(const char *path, const char *want)
{
	char buf[64] = "";
	FILE *fp = fopen(path, "r");
	size_t n = fp ? fread(buf, 1, sizeof buf - 1, fp) : 0;

	if (fp)
		fclose(fp);
	buf[n] = '\0';
	return strcmp(buf, want) == 0;
}

static void
test_deterministic_and_atomic(void **state)
{
	struct eb_table *t = load(SERIES), *empty = eb_table_new();
	struct eb_groups *gs = eb_aggregate(t), *none = eb_aggregate(empty);
	struct eb_chart_opts o;
	struct eb_err err;
	char *a, *b;
	char path[] = "/tmp/eb-test-atomic-XXXXXX.pdf";
	int fd = mkstemps(path, 4);
	struct eb_buf pa, pb;

	(void)state;
	eb_chart_opts_init(&o);
	o.kind = EB_CHART_TREND;
	a = eb_chart_svg(&o, gs, &err);
	b = eb_chart_svg(&o, gs, &err);
	assert_non_null(a);
	assert_string_equal(a, b);
	free(a);
	free(b);

	/* PDFs too: cairo's creation date is left out. */
	close(fd);
	eb_buf_init(&pa, 0);
	eb_buf_init(&pb, 0);
	for (int k = 0; k < 2; k++) {
		struct eb_buf *dst = k ? &pb : &pa;
		FILE *fp;
		char chunk[4096];
		size_t n;

		assert_int_equal(eb_chart_render(&o, gs, path, &err), EB_OK);
		fp = fopen(path, "rb");
		while ((n = fread(chunk, 1, sizeof chunk, fp)) > 0)
			eb_buf_add(dst, chunk, n);
		fclose(fp);
	}
	assert_true(pa.len > 1000 && pa.len == pb.len);
	assert_memory_equal(pa.data, pb.data, pa.len);
	assert_null(strstr(eb_buf_cstr(&pa), "/CreationDate"));
	eb_buf_free(&pa);
	eb_buf_free(&pb);

	/* A failed chart leaves the file as it was. */
	fd = open(path, O_WRONLY | O_TRUNC);
	assert_int_equal(write(fd, "keep", 4), 4);
	close(fd);
	assert_int_equal(eb_chart_render(&o, none, path, &err), EB_ERR_DATA);
	assert_true(file_is(path, "keep"));
	assert_int_equal(eb_chart_render(&o, NULL, path, &err), EB_ERR_USAGE);
	assert_string_equal(err.msg, "a trend chart draws aggregated groups, and none were given");
	assert_true(file_is(path, "keep"));
	assert_int_equal(eb_chart_render(&o, gs, "/tmp/chart.gif", &err), EB_ERR_USAGE);
	assert_non_null(strstr(err.msg, ".svg, .png or .pdf"));
	unlink(path);
	eb_groups_free(none);
	eb_groups_free(gs);
	eb_table_free(empty);
	eb_table_free(t);
}

static int
take_sample(void *ctx, const struct eb_fio_sample *s)
{
	eb_chart_logs_add(ctx, s->time_ms, s->value, s->dir);
	return 0;
}

/* Writes n samples of a bw log: t = i ms, value i % 100, read. */
static void
write_log(const char *path, long n)
{
	FILE *fp = fopen(path, "w");

	for (long i = 0; i < n; i++)
		fprintf(fp, "%ld, %ld, 0, 4096\n", i, i % 100);
	fclose(fp);
}

/* Scans a log into a chart's sample sink, as "encbench chart" does. */
static struct eb_chart_logs *
sink_of(const char *path)
{
	struct eb_err err;
	struct eb_chart_logs *cl = eb_chart_logs_new(NULL, &err);

	assert_non_null(cl);
	assert_int_equal(eb_chart_logs_begin(cl, path, EB_CHART_LOG_BW), 1);
	assert_int_equal(eb_fio_log_scan(path, take_sample, cl, &err), EB_OK);
	eb_chart_logs_end(cl);
	return cl;
}

static void
test_timeseries_reduce(void **state)
{
	char path[] = "/tmp/eb-test-XXXXXX_bw.1.log";
	int fd = mkstemps(path, 9);
	struct eb_chart_logs *cl;
	struct eb_chart_opts o;
	struct eb_err err;
	struct eb_scene *s;
	double *mn, *mx, *mean;

	(void)state;
	close(fd);
	write_log(path, 100000);
	cl = sink_of(path);
	assert_int_equal(cl->nts, 1);
	assert_int_equal(cl->ts[0].samples, 100000);
	assert_int_equal(cl->nsamples, 100000);
	/* Memory is bins, not samples: 4096 of them, 32 ms wide. */
	assert_int_equal(cl->ts[0].nbins, 4096);
	assert_true(cl->ts[0].bin_ms == 32);
	assert_null(cl->ts[0].t);
	assert_true(cl->t_max_ms == 99999);
	eb_ts_columns(&cl->ts[0], cl->t_max_ms, 10, &mn, &mx, &mean);
	for (int c = 0; c < 10; c++) {
		/* KiB/s to B/s: every column saw 0 and 99 KiB/s. */
		assert_true(mn[c] == 0);
		assert_true(mx[c] == 99 * 1024);
		assert_true(fabs(mean[c] / 1024 - 49.5) < 0.5);
	}
	free(mn);
	free(mx);
	free(mean);
	/* The chart of it: one log, 100,000 samples over 100 s. */
	eb_chart_opts_init(&o);
	o.kind = EB_CHART_TIMESERIES;
	o.logs = cl;
	s = eb_chart_scene(&o, NULL, &err);
	assert_non_null(s);
	assert_non_null(find_item(s, "subtitle", "100,000 samples from 1 log over 100 s"));
	assert_non_null(find_item(s, "legend", "eb-test-"));
	eb_scene_free(s);
	eb_chart_logs_free(cl);

	/* A short log is kept sample by sample: 120 a direction. */
	cl = sink_of("tests/data/charts/seq_bw.1.log");
	assert_int_equal(cl->nts, 2);
	assert_string_equal(cl->ts[0].label, "seq read");
	assert_string_equal(cl->ts[1].label, "seq write");
	assert_int_equal(cl->ts[0].samples, 120);
	assert_non_null(cl->ts[0].t);
	assert_true(cl->ts[1].t[1] == 1001);
	/* --metric iops leaves a bw log out; a metric of no log is refused. */
	assert_null(eb_chart_logs_new("cpu", &err));
	assert_int_equal(err.code, EB_ERR_USAGE);
	assert_string_equal(err.msg, "a timeseries draws bw, iops or lat logs, not 'cpu'");
	eb_chart_logs_free(cl);
	cl = eb_chart_logs_new("iops", &err);
	assert_int_equal(eb_chart_logs_begin(cl, path, EB_CHART_LOG_BW), 0);
	o.logs = cl;
	o.metric = "iops";
	assert_null(eb_chart_scene(&o, NULL, &err));
	assert_int_equal(err.code, EB_ERR_DATA);
	assert_string_equal(err.msg, "no iops samples in the logs");
	assert_string_equal(err.loc.path, path);
	eb_chart_logs_free(cl);
	unlink(path);
}

static int
take_points(void *ctx, const struct eb_fio_points *run)
{
	eb_chart_logs_add_run(ctx, run->dir, run->time_ms, run->value, run->n);
	return 0;
}

/* A log read in two ranges on two threads, each into a sink of its own
 * joined in order, gives the bins, samples and kept samples of one read,
 * whether the samples come one at a time or in runs (as "encbench chart"
 * reads them); an error in the second range is at its line of the whole
 * log. */
static void
test_parts(void **state)
{
	char path[] = "/tmp/eb-test-XXXXXX_lat.1.log";
	int fd = mkstemps(path, 10);
	FILE *fp = fdopen(fd, "w");
	struct eb_chart_logs *one, *two[2];
	struct eb_err err;
	int used = 0;
	long n = 600000;

	(void)state;
	/* 600,000 reads and, every 400th line, a write: 1,500 of them, so
	 * that the writes are kept sample by sample across both ranges. */
	for (long i = 0; i < n; i++)
		fprintf(fp, "%ld, %ld, %d, 4096\n", i * 3, 1000 + (i * 7919) % 90000,
		    i % 400 == 7);
	fclose(fp);
	one = eb_chart_logs_new(NULL, &err);
	eb_chart_logs_begin(one, path, EB_CHART_LOG_CLAT);
	assert_int_equal(eb_fio_log_scan(path, take_sample, one, &err), EB_OK);
	for (int k = 0; k < 2; k++) {
		two[k] = eb_chart_logs_new(NULL, &err);
		eb_chart_logs_begin(two[k], path, EB_CHART_LOG_CLAT);
	}
	assert_int_equal(eb_fio_log_scan_parts(path, 2, take_sample, (void *const *)two, &used,
	    &err), EB_OK);
	assert_int_equal(used, 2);
	/* Both ranges saw reads and writes. */
	assert_true(two[1]->nsamples > 0 && two[1]->nts == 2);
	eb_chart_logs_join(two[0], two[1]);
	eb_chart_logs_end(one);
	eb_chart_logs_end(two[0]);
	assert_int_equal(one->nsamples, n);
	assert_int_equal(two[0]->nsamples, n);
	assert_true(two[0]->t_max_ms == (n - 1) * 3);
	assert_int_equal(two[0]->nts, 2);
	for (size_t i = 0; i < 2; i++) {
		const struct ts_series *a = &one->ts[i], *b = &two[0]->ts[i];

		assert_int_equal(a->dir, b->dir);
		assert_int_equal(a->samples, b->samples);
		assert_int_equal(a->nbins, b->nbins);
		assert_true(a->bin_ms == b->bin_ms);
		assert_memory_equal(a->bins, b->bins, a->nbins * sizeof *a->bins);
		assert_true((a->t == NULL) == (b->t == NULL));
		if (a->t != NULL)
			assert_memory_equal(a->t, b->t, a->samples * sizeof *a->t);
	}
	assert_int_equal(one->ts[1].samples, 1500);
	assert_non_null(one->ts[1].t);
	eb_chart_logs_free(two[0]);
	eb_chart_logs_free(two[1]);

	for (int k = 0; k < 2; k++) {
		two[k] = eb_chart_logs_new(NULL, &err);
		eb_chart_logs_begin(two[k], path, EB_CHART_LOG_CLAT);
	}
	assert_int_equal(eb_fio_log_scan_points(path, 2, take_points, (void *const *)two, &used,
	    &err), EB_OK);
	assert_int_equal(used, 2);
	eb_chart_logs_join(two[0], two[1]);
	eb_chart_logs_end(two[0]);
	assert_int_equal(two[0]->nsamples, n);
	assert_true(two[0]->t_max_ms == (n - 1) * 3);
	assert_int_equal(two[0]->nts, 2);
	for (size_t i = 0; i < 2; i++) {
		const struct ts_series *a = &one->ts[i], *b = &two[0]->ts[i];

		/* The series come as their first runs do, not as their first
		 * samples: the same ones, matched by direction. */
		if (b->dir != a->dir)
			b = &two[0]->ts[1 - i];
		assert_int_equal(a->samples, b->samples);
		assert_int_equal(a->nbins, b->nbins);
		assert_true(a->bin_ms == b->bin_ms);
		assert_true(a->raw_sum == b->raw_sum && a->raw_n == b->raw_n);
		assert_memory_equal(a->bins, b->bins, a->nbins * sizeof *a->bins);
		assert_true((a->t == NULL) == (b->t == NULL));
		if (a->t != NULL)
			assert_memory_equal(a->t, b->t, a->samples * sizeof *a->t);
	}
	eb_chart_logs_free(one);
	eb_chart_logs_free(two[0]);
	eb_chart_logs_free(two[1]);

	fp = fopen(path, "a");
	fputs("1800000, 5, x, 4096\n", fp);
	fclose(fp);
	for (int k = 0; k < 2; k++) {
		two[k] = eb_chart_logs_new(NULL, &err);
		eb_chart_logs_begin(two[k], path, EB_CHART_LOG_CLAT);
	}
	assert_int_equal(eb_fio_log_scan_parts(path, 2, take_sample, (void *const *)two, &used,
	    &err), EB_ERR_DATA);
	assert_int_equal(err.loc.line, n + 1);
	eb_chart_logs_free(two[0]);
	eb_chart_logs_free(two[1]);
	unlink(path);
}

struct collect {
	struct eb_fio_sample s[16];
	size_t n;
};

static int
collect(void *ctx, const struct eb_fio_sample *s)
{
	struct collect *c = ctx;

	if (c->n < 16)
		c->s[c->n++] = *s;
	return 0;
}

/* The one fio log reader takes every line form fio writes: the integer
 * lines of fio 3.x on its fast path, the rest (decimals, priorities in
 * hex, padding) on the full one, and a BOM, CRs, a blank line and a last
 * line without a newline. The values are those of the text. */
static void
test_log_reader(void **state)
{
	static const char text[] =
	    "\xef\xbb\xbf" "1000, 99556, 0, 4096\n"
	    "2000, 92592, 1, 4096, 0\r\n"
	    "\n"
	    "3000, 21248, 0, 4096, 8192, 1\n"
	    "4000.5, 12.25, 0, 4096\n"
	    "5000, 77, 1, 0, 0x2\n"
	    "  6000 ,  8 , 2 , 0\n"
	    "7000, 5, 0, 4096";
	static const struct {
		double t, v;
		int dir;
		long bs, offset, line;
	} want[] = {
		{ 1000, 99556, 0, 4096, -1, 1 }, { 2000, 92592, 1, 4096, -1, 2 },
		{ 3000, 21248, 0, 4096, 8192, 4 }, { 4000.5, 12.25, 0, 4096, -1, 5 },
		{ 5000, 77, 1, 0, -1, 6 }, { 6000, 8, 2, 0, -1, 7 }, { 7000, 5, 0, 4096, -1, 8 },
	};
	char path[] = "/tmp/eb-test-XXXXXX_bw.log";
	int fd = mkstemps(path, 7);
	struct collect a = { .n = 0 };
	struct eb_fio_sample one;
	struct eb_err err;

	(void)state;
	assert_int_equal(write(fd, text, sizeof text - 1), (ssize_t)(sizeof text - 1));
	close(fd);
	assert_int_equal(eb_fio_log_scan(path, collect, &a, &err), EB_OK);
	assert_int_equal(a.n, 7);
	for (size_t i = 0; i < a.n; i++) {
		assert_true(a.s[i].time_ms == want[i].t);
		assert_true(a.s[i].value == want[i].v);
		assert_int_equal(a.s[i].dir, want[i].dir);
		assert_int_equal(a.s[i].bs, want[i].bs);
		assert_int_equal(a.s[i].offset, want[i].offset);
		assert_int_equal(a.s[i].line, want[i].line);
	}
	/* The per-line parser of ingest gives the same, columns counted. */
	assert_int_equal(eb_fio_log_parse_line("3000, 21248, 0, 4096, 8192, 1", 29, &one), 6);
	assert_true(one.time_ms == 3000 && one.value == 21248 && one.offset == 8192);
	assert_int_equal(eb_fio_log_parse_line("1000, 99556, 0, 4096\r", 21, &one), 4);
	assert_true(one.value == 99556 && one.offset == -1);

	/* A line that is no sample is an error at its line. */
	fd = open(path, O_WRONLY | O_APPEND);
	assert_int_equal(write(fd, "\nbogus\n", 7), 7);
	close(fd);
	a.n = 0;
	assert_int_equal(eb_fio_log_scan(path, collect, &a, &err), EB_ERR_DATA);
	assert_int_equal(err.loc.line, 9);
	assert_string_equal(err.msg, "not a fio log sample (time, value, direction, block size)");
	unlink(path);
}

/* The caveats of analyze/caveats.c as charts print them: the meta.json
 * field dropped (alone in its brackets, or after a colon in them), the
 * ", so ..." consequence cut, other brackets kept whole, nested ones too. */
static void
test_caveat_brief(void **state)
{
	static const char *const cases[][2] = {
		{ "encryption was not verified for aes-256-gcm: the run found nothing encrypting "
		  "its folder (runner.targets.aes-256-gcm.encryption is null), so its figures are "
		  "not known to be those of encryption",
		  "Encryption was not verified for aes-256-gcm: the run found nothing encrypting "
		  "its folder." },
		{ "reads by bonnie++ may have come from memory (its file was smaller than twice "
		  "the RAM: runner.bonnie_reads_may_be_cached is true)",
		  "Reads by bonnie++ may have come from memory (its file was smaller than twice "
		  "the RAM)." },
		{ "the two sides ran on other storage: aes-256-gcm on ext4 (/dev/vda) and none on "
		  "tmpfs (tmpfs) (runner.targets), so the difference is not only encryption",
		  "The two sides ran on other storage: aes-256-gcm on ext4 (/dev/vda) and none on "
		  "tmpfs (tmpfs)." },
		{ "the configuration name no-aesni says AES-NI was off, but meta.json says the CPU "
		  "has it and records nothing that turned it off (cpu_flags.aes is true and icp "
		  "is null (no setting of ZFS's ICP turned it off))",
		  "The configuration name no-aesni says AES-NI was off, but meta.json says the CPU "
		  "has it and records nothing that turned it off (cpu_flags.aes is true and icp "
		  "is null (no setting of ZFS's ICP turned it off))." },
		/* A field inside a bracket of other words is kept: only the
		 * meta.json pointer the report names is left to it. */
		{ "the baseline none is not unencrypted storage: its folder is encrypted "
		  "(runner.targets.none.encryption is \"zfs:aes-256-gcm\")",
		  "The baseline none is not unencrypted storage: its folder is encrypted." },
		{ "x (see runner.y) z", "X (see runner.y) z." },
		{ "unclosed (runner.z", "Unclosed (runner.z." },
		/* A mode opens it: its name keeps its spelling, whether it looks
		 * like one or is a plain word; the consequence is cut only after
		 * the field's bracket, not in a mode's name. */
		{ "aes-256-gcm was not measured as its name says: the run found "
		  "\"zfs:aes-128-ccm\" encrypting its folder (runner.targets.aes-256-gcm.encryption), "
		  "so its figures are that encryption's",
		  "aes-256-gcm was not measured as its name says: the run found "
		  "\"zfs:aes-128-ccm\" encrypting its folder." },
		{ "plain was not measured as its name says: x (runner.targets.plain.encryption), "
		  "so y", "plain was not measured as its name says: x." },
		{ "encryption was not verified for a, so b: c (runner.t), so d",
		  "Encryption was not verified for a, so b: c." },
	};
	static const char *const modes[] = { "none", NULL, "plain" };

	(void)state;
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		char *got = eb_model_caveat_brief(cases[i][0], modes, 3);

		assert_string_equal(got, cases[i][1]);
		free(got);
	}
}

/* A job's name is left out of a test's label only when it says what the
 * label says: words of the tool, workload and op, and the record's own
 * block size. A number of its own tells jobs apart (audit 20 F05). */
static void
test_case_label(void **state)
{
	static const struct { const char *job; int64_t bs; const char *label; } cases[] = {
		{ "seq-write", 4096, "fio seq write 4 KiB" },
		{ "Seq-Write-4K", 4096, "fio seq write 4 KiB" },
		{ "seq-write-4k", 4096, "fio seq write 4 KiB" },
		{ "seq-write-4096", 4096, "fio seq write 4 KiB" },
		{ "seq-write-1M", 1048576, "fio seq write 1 MiB" },
		{ "seq-write-1", 4096, "fio seq-write-1 seq write 4 KiB" },
		{ "seq-write-4k", 65536, "fio seq-write-4k seq write 64 KiB" },
		{ "seq-write-99999999999999999999g", 4096, "fio seq-write-99999999999999999999g seq write 4 KiB" },
		{ "write-16gb", 4096, "fio write-16gb seq write 4 KiB" },
	};
	char buf[160];

	(void)state;
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct eb_record r;

		memset(&r, 0, sizeof r);
		for (int f = 0; f < EB_NFIELDS; f++)
			r.f[f] = "";
		r.f[EB_F_TOOL] = "fio";
		r.f[EB_F_JOB] = cases[i].job;
		r.f[EB_F_WORKLOAD] = "seq";
		r.f[EB_F_OP] = "write";
		r.block_size = cases[i].bs;
		eb_case_label(&r, buf, sizeof buf);
		assert_string_equal(buf, cases[i].label);
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_palette),
		cmocka_unit_test(test_ticks),
		cmocka_unit_test(test_kinds),
		cmocka_unit_test(test_wrap),
		cmocka_unit_test(test_caveat_brief),
		cmocka_unit_test(test_text_clean),
		cmocka_unit_test(test_svg_escape),
		cmocka_unit_test(test_png_roundtrip),
		cmocka_unit_test(test_png_chart),
		cmocka_unit_test(test_png_bands),
		cmocka_unit_test(test_values),
		cmocka_unit_test(test_deterministic_and_atomic),
		cmocka_unit_test(test_overhead_reference),
		cmocka_unit_test(test_per_char),
		cmocka_unit_test(test_trend_labels),
		cmocka_unit_test(test_timeseries_reduce),
		cmocka_unit_test(test_log_reader),
		cmocka_unit_test(test_parts),
		cmocka_unit_test(test_case_label),
	};

	int failed = cmocka_run_group_tests(tests, NULL, NULL);

	eb_chart_release();
	return failed;
}
