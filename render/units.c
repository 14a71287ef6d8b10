/* units.c - display units: rounding happens here and only here, and every
 * number shown says its unit (MB/s and MiB/s are never confused). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "render.h"

static void
set(struct eb_display *d, const char *label, double div)
{
	snprintf(d->label, sizeof d->label, "%s", label);
	d->div = div;
}

void
eb_display_unit(const char *metric, const char *unit, double magnitude,
    int iec, struct eb_display *out)
{
	double m = fabs(magnitude);

	if (strcmp(unit, EB_UNIT_BPS) == 0) {
		static const char *const si[] = { "B/s", "kB/s", "MB/s", "GB/s", "TB/s" };
		static const char *const bin[] = { "B/s", "KiB/s", "MiB/s", "GiB/s", "TiB/s" };
		double base = iec ? 1024 : 1000, div = 1;
		int i = 0;

		while (i < 4 && m >= div * base) {
			div *= base;
			i++;
		}
		set(out, iec ? bin[i] : si[i], div);
	} else if (strcmp(unit, EB_UNIT_NS) == 0) {
		if (m >= 1e9)
			set(out, "s", 1e9);
		else if (m >= 1e6)
			set(out, "ms", 1e6);
		else if (m >= 1e3)
			set(out, "µs", 1e3);
		else
			set(out, "ns", 1);
	} else if (strcmp(unit, EB_UNIT_PER_S) == 0) {
		if (strcmp(metric, "iops") == 0)
			set(out, m >= 1e5 ? "k IOPS" : "IOPS", m >= 1e5 ? 1e3 : 1);
		else
			set(out, m >= 1e5 ? "k ops/s" : "ops/s", m >= 1e5 ? 1e3 : 1);
	} else {
		set(out, unit, 1);
	}
}

/* Values shown in fixed notation: between these, a display unit's number
 * reads as it is; outside, only scientific notation is truthful (1e-300
 * B/s would print as 0.000…, 1e300 as 289 digits). */
#define FIXED_MIN 1e-3
#define FIXED_MAX 1e7

int
eb_display_decimals(double v)
{
	double a = fabs(v);

	if (!isfinite(a) || a >= 100 || a == 0)
		return 0;
	if (a >= 10)
		return 1;
	if (a >= 1)
		return 2;
	return 2 - (int)floor(log10(a));
}

void
eb_format_display(char *buf, size_t n, double v)
{
	double a = fabs(v);

	if (!isfinite(v))
		snprintf(buf, n, "–");
	else if (a != 0 && (a < FIXED_MIN || a >= FIXED_MAX))
		snprintf(buf, n, "%.3g", v);
	else
		snprintf(buf, n, "%.*f", eb_display_decimals(v), v + 0.0);
}

void
eb_format_mean_half(char *buf, size_t n, double mean, double half)
{
	char m[40], h[40];
	double a = fabs(mean);

	eb_format_display(m, sizeof m, mean);
	if (half == 0) {
		snprintf(buf, n, "%s ± 0 (no variation)", m);
		return;
	}
	/* The half-width takes the mean's decimals, unless that would show a
	 * non-zero width as 0 or the mean is in scientific notation. */
	snprintf(h, sizeof h, "%.*f", eb_display_decimals(mean), half);
	if (a < FIXED_MIN || a >= FIXED_MAX || strtod(h, NULL) == 0)
		snprintf(h, sizeof h, "%.2g", half);
	snprintf(buf, n, "%s ± %s", m, h);
}

void
eb_format_bytes(char *buf, size_t n, int64_t bytes)
{
	static const char *const units[] = { "B", "KiB", "MiB", "GiB", "TiB" };
	int i = 0;
	int64_t v = bytes;

	while (i < 4 && v >= 1024 && v % 1024 == 0) {
		v /= 1024;
		i++;
	}
	snprintf(buf, n, "%lld %s", (long long)v, units[i]);
}
