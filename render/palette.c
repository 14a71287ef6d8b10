/* palette.c - the colours of every chart: themes, one colour-blind-safe hue
 * per mode family with a shade per key size, and the overhead heat scale. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "chart.h"

static const struct eb_theme themes[2] = {
	{ 0xffffff, 0x1a1a1a, 0x5f6368, 0xe6e6e6, 0xb4b4b4, 0x333333, 0x262626,
	    0x8c8c8c, 0 },
	{ 0x16181d, 0xe8e8e8, 0xa3a7ae, 0x2e323a, 0x5a5f69, 0xd6d6d6, 0xe6e6e6,
	    0x8d929b, 1 },
};

const struct eb_theme *
eb_theme_get(int dark)
{
	return &themes[dark != 0];
}

static uint32_t
mix(uint32_t c, uint32_t to, double t)
{
	uint32_t out = 0;

	for (int sh = 16; sh >= 0; sh -= 8) {
		double a = (c >> sh) & 0xff, b = (to >> sh) & 0xff;

		out |= (uint32_t)lround(a + (b - a) * t) << sh;
	}
	return out;
}

/* The size a mode name ends in: the key bits of aes-256-gcm and
 * geli-xts-128, the sector of luks-xts-4k; 0 when there is none. */
static long
mode_size(const char *m)
{
	const char *p;
	char *end;
	long v;

	if (strncmp(m, "aes-", 4) == 0)
		return strtol(m + 4, NULL, 10);
	if ((p = strrchr(m, '-')) == NULL)
		return 0;
	v = strtol(p + 1, &end, 10);
	if (*end == 'k' || *end == 'K')
		v *= 1024;
	return v;
}

uint32_t
eb_mode_color(const char *m, int dark)
{
	/* Okabe and Ito's palette, which stays apart under every common
	 * colour-vision deficiency; the shades vary lightness only. */
	uint32_t base;
	long size = mode_size(m);
	int shade = 0;	/* -1 lighter, 0 base, +1 darker */

	if (strcmp(m, "none") == 0 || strcmp(m, "plain") == 0)
		return dark ? 0xa6a6a6 : 0x737373;
	if (strncmp(m, "aes-", 4) == 0 && strstr(m, "ccm") != NULL)
		base = 0xd55e00;
	else if (strncmp(m, "aes-", 4) == 0 && strstr(m, "gcm") != NULL)
		base = 0x0072b2;
	else if (strncmp(m, "luks", 4) == 0)
		base = 0x009e73;
	else if (strncmp(m, "geli", 4) == 0)
		base = 0xcc79a7;
	else if (strncmp(m, "fscrypt", 7) == 0)
		base = 0x56b4e9;
	else
		base = 0xe69f00;
	if (strncmp(m, "fscrypt", 7) == 0) {
		/* AES-256-XTS the base, Adiantum darker. */
		if (strstr(m, "adiantum") != NULL)
			shade = 1;
	} else if (strncmp(m, "luks", 4) == 0) {
		/* Sector sizes: 512 B light, 4 KiB dark. */
		if (size > 0 && size <= 512)
			shade = -1;
		else if (size >= 4096)
			shade = 1;
	} else if (size == 128)
		shade = -1;
	else if (size >= 256)
		shade = 1;
	if (shade < 0)
		return mix(base, 0xffffff, dark ? 0.45 : 0.4);
	if (shade > 0)
		return mix(base, 0x000000, dark ? 0.12 : 0.3);
	return base;
}

uint32_t
eb_series_color(size_t i, int dark)
{
	static const uint32_t c[] = {
		0x0072b2, 0xd55e00, 0x009e73, 0xcc79a7, 0xe69f00, 0x56b4e9,
	};

	if (i < sizeof c / sizeof c[0])
		return c[i];
	return dark ? 0xa6a6a6 : 0x737373;
}

/* Piecewise linear through n evenly spaced stops, t in [0, 1]. */
static uint32_t
ramp(const uint32_t *stops, int n, double t)
{
	int i;

	if (t <= 0)
		return stops[0];
	if (t >= 1)
		return stops[n - 1];
	t *= n - 1;
	i = (int)floor(t);
	return mix(stops[i], stops[i + 1], t - i);
}

uint32_t
eb_heat_color(double pct, double lo, double hi)
{
	/* ColorBrewer YlOrRd for what encryption costs: its hue as well as
	 * its lightness change, so 5 % and 15 % look apart even when CCM's
	 * 80 % sets the end of the scale; Blues below 0, where a mode came
	 * out faster than the baseline (noise, mostly). */
	static const uint32_t cost[9] = {
		0xffffcc, 0xffeda0, 0xfed976, 0xfeb24c, 0xfd8d3c, 0xfc4e2a, 0xe31a1c,
		0xbd0026, 0x800026,
	};
	static const uint32_t gain[4] = { 0xf7fbff, 0xc6dbef, 0x6baed6, 0x2171b5 };

	if (!isfinite(pct))
		return 0xeeeeee;
	if (pct >= 0)
		return ramp(cost, 9, hi > 0 ? pct / hi : 0);
	return ramp(gain, 4, lo < 0 ? pct / lo : 1);
}

uint32_t
eb_contrast_text(uint32_t bg)
{
	/* Relative luminance (WCAG) decides between near-black and white. */
	double ch[3], l;

	for (int k = 0; k < 3; k++) {
		double v = ((bg >> (16 - 8 * k)) & 0xff) / 255.0;

		ch[k] = v <= 0.03928 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4);
	}
	l = 0.2126 * ch[0] + 0.7152 * ch[1] + 0.0722 * ch[2];
	return l > 0.22 ? 0x1a1a1a : 0xffffff;
}
