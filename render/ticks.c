/* ticks.c - the numbers of chart axes and labels: round tick steps, tick
 * labels with the decimals their step needs, and percentages. */
#include <stdio.h>

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

void
eb_tick_text(char *buf, size_t n, double v, double step)
{
	int dec = step >= 1 ? 0 : (int)ceil(-log10(step) - 1e-9);
	char tmp[64];

	if (fabs(v) < step * 1e-6)
		v = 0;
	snprintf(tmp, sizeof tmp, "%.*f", dec, v);
	/* A minus sign, not a hyphen, as typesetters do. */
	if (tmp[0] == '-')
		snprintf(buf, n, "\xe2\x88\x92%s", tmp + 1);
	else
		snprintf(buf, n, "%s", tmp);
}

void
eb_pct_text(char *buf, size_t n, double v, int sign)
{
	double a = fabs(v);
	const char *s = v < 0 ? "−" : sign && v > 0 ? "+" : "";
	char f[40];

	if (!isfinite(v))
		snprintf(buf, n, "–");
	else if (a < 9.95) {
		/* The verdicts' figure rule: a non-zero value never reads 0.0. */
		eb_figure_text(a, 0, 0, f, sizeof f);
		snprintf(buf, n, "%s%s %%", s, f);
	} else
		snprintf(buf, n, "%s%.0f %%", s, a);
}
