/* ticks.c - the numbers of chart axes and labels: round tick steps, tick
 * labels with the decimals their step needs, and percentages. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chart_int.h"

double
eb_tick_step(double lo, double hi, int target)
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

/* Steps outside these give ticks that fixed notation cannot show: a step
 * of 1e-301 needs 301 decimals (cut to a row of zeros in a label's
 * buffer), a tick of 1e300 has 301 digits. There the ticks read "5e-301",
 * "1e-300", "1.5e-300". */
#define TICK_FIXED_MIN 1e-3
#define TICK_FIXED_MAX 1e7

/* A non-zero tick in scientific notation with the digits its step needs
 * to read apart from its neighbours, trailing zeros dropped; the exponent
 * without a plus sign or leading zeros ("5e7", "1e-300", "1.5e-300"). */
static void
tick_sci(char *buf, size_t n, double v, double step)
{
	int e = (int)floor(log10(fabs(v)) + 1e-9), se = (int)floor(log10(step) + 1e-9);
	int dec = e > se ? e - se : 0, exp10;
	char mant[40];

	if (dec > 15)
		dec = 15;
	snprintf(mant, sizeof mant, "%.*e", dec, v);
	exp10 = atoi(strchr(mant, 'e') + 1);
	*strchr(mant, 'e') = '\0';
	/* "1e-300" beside "1.2e-300", as "1" beside "1.2". */
	if (strchr(mant, '.') != NULL) {
		size_t l = strlen(mant);

		while (mant[l - 1] == '0')
			mant[--l] = '\0';
		if (mant[l - 1] == '.')
			mant[--l] = '\0';
	}
	snprintf(buf, n, "%se%d", mant, exp10);
}

void
eb_tick_text(char *buf, size_t n, double v, double step)
{
	int dec = step >= 1 ? 0 : (int)ceil(-log10(step) - 1e-9);
	char tmp[64];

	if (fabs(v) < step * 1e-6)
		v = 0;
	if (step < TICK_FIXED_MIN || step >= TICK_FIXED_MAX || fabs(v) >= 1e15) {
		if (v == 0)
			snprintf(tmp, sizeof tmp, "0");
		else
			tick_sci(tmp, sizeof tmp, v, step);
	} else
		snprintf(tmp, sizeof tmp, "%.*f", dec, v);
	/* A minus sign, not a hyphen, as typesetters do. */
	if (tmp[0] == '-')
		snprintf(buf, n, "\xe2\x88\x92%s", tmp + 1);
	else
		snprintf(buf, n, "%s", tmp);
}

/* The equivalence margin of "unchanged" by default (--equivalence): a
 * change of 1.96 % is drawn "1.96 %", never "2.0 %" on its edge. */
#define PCT_LABEL_MARGIN 2.0

void
eb_pct_text(char *buf, size_t n, double v, int sign)
{
	double a = fabs(v);
	const char *s = v < 0 ? "−" : sign && v > 0 ? "+" : "";
	char f[40];

	if (!isfinite(v)) {
		snprintf(buf, n, "–");
		return;
	}
	/* The verdicts' figure rule, as tables and findings print it: one
	 * decimal, more where a non-zero value would read 0 or a value would
	 * cross the margin. */
	eb_figure_text(a, 0, PCT_LABEL_MARGIN, f, sizeof f);
	snprintf(buf, n, "%s%s %%", s, f);
}
