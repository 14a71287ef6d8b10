/* limits.c - the unit of each metric and the largest value encbench believes
 * a storage benchmark measured; every reader rejects what breaks either. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "eb.h"

/* Ten times beyond any device or array of 2026, so that no real run comes
 * near, while a damaged figure (a field read from the wrong column, an
 * unsigned -1, a unit taken for a number) is caught. doc/encbench.1
 * lists the same table under PLAUSIBILITY LIMITS. */
static const struct {
	const char *metric;	/* a metric, or a prefix of them ending in '_' */
	double max;
	const char *shown;
} limits[] = {
	{ "bw", 1e13, "10 TB/s" },
	{ "iops", 1e10, "10^10 IOPS" },
	{ "ops", 1e10, "10^10 operations/s" },
	{ "lat_", 3 * 3600e9, "3 hours" },
	{ "cpu", 1e5, "100000 % (1000 CPUs busy)" },
	{ "cpu_", 1e5, "100000 % (1000 CPUs busy)" },
	{ "energy", 1e10, "10 GJ" },
	{ "power", 1e6, "1 MW" },
	/* Not a metric but the time a run took (dd's seconds). */
	{ "runtime", 1e8, "3 years" },
};

/* The one unit each metric is stored in (DESIGN.md's tidy record): a
 * value in another unit, or of a metric encbench does not
 * know, cannot be compared or checked against a limit, so every reader
 * refuses it rather than guess. */
static const struct {
	const char *metric;	/* a metric, or a prefix of them ending in '_' */
	const char *unit;
} units[] = {
	{ "bw", EB_UNIT_BPS },
	{ "iops", EB_UNIT_PER_S },
	{ "ops", EB_UNIT_PER_S },
	{ "lat_", EB_UNIT_NS },
	{ "cpu", EB_UNIT_PCT },
	{ "cpu_", EB_UNIT_PCT },
	{ "energy", "J" },
	{ "power", "W" },
};

static int
metric_is(const char *metric, const char *entry)
{
	size_t n = strlen(entry);

	return entry[n - 1] == '_' ? strncmp(metric, entry, n) == 0 && metric[n] != '\0' :
	    strcmp(metric, entry) == 0;
}

int
eb_metric_unit_check(const char *metric, const char *unit, char *why, size_t n)
{
	for (size_t i = 0; i < sizeof units / sizeof units[0]; i++)
		if (metric_is(metric, units[i].metric)) {
			if (strcmp(unit, units[i].unit) == 0)
				return 1;
			snprintf(why, n, "%s is stored in %s, not in '%.40s'", metric,
			    units[i].unit, unit);
			return 0;
		}
	snprintf(why, n, "unknown metric '%.40s' (encbench knows bw, iops, ops, lat_*, "
	    "cpu, cpu_*, energy and power)", metric);
	return 0;
}

double
eb_metric_limit(const char *metric, const char **shown)
{
	for (size_t i = 0; i < sizeof limits / sizeof limits[0]; i++) {
		size_t n = strlen(limits[i].metric);
		int prefix = limits[i].metric[n - 1] == '_';

		if (prefix ? strncmp(metric, limits[i].metric, n) == 0 :
		    strcmp(metric, limits[i].metric) == 0) {
			if (shown != NULL)
				*shown = limits[i].shown;
			return limits[i].max;
		}
	}
	if (shown != NULL)
		*shown = NULL;
	return INFINITY;
}

/* A test that ran drew energy: 0 J or 0 W is a meter that read nothing. */
static int
needs_energy(const char *metric)
{
	return strcmp(metric, "energy") == 0 || strcmp(metric, "power") == 0;
}

int
eb_value_check(const char *metric, const char *unit, double v, char *why, size_t n)
{
	const char *shown;
	double max = eb_metric_limit(metric, &shown);
	char num[40];

	if (!eb_metric_unit_check(metric, unit, why, n))
		return 0;
	if (isnan(v)) {
		snprintf(why, n, "%s is not a number", metric);
		return 0;
	}
	if (isinf(v)) {
		snprintf(why, n, "%s is infinite", metric);
		return 0;
	}
	/* Every record comes through here: only a failure needs the text. */
	if (!signbit(v) && v <= max && (v > 0 || !needs_energy(metric)))
		return 1;
	eb_format_double(num, sizeof num, v);
	if (signbit(v)) {
		snprintf(why, n, "%s %s%s%s is negative", metric,
		    v == 0 && num[0] != '-' ? "-0" : num, *unit ? " " : "", unit);
		return 0;
	}
	if (v == 0) {
		snprintf(why, n, "%s of 0 %s: no computer runs on nothing, so the meter or "
		    "counter that gave it failed", metric, unit);
		return 0;
	}
	if (v > max) {
		char lim[40];

		eb_format_double(lim, sizeof lim, max);
		snprintf(why, n, "%s %s%s%s is beyond the plausible limit of %s (%s%s%s)",
		    metric, num, *unit ? " " : "", unit, shown, lim, *unit ? " " : "", unit);
		return 0;
	}
	return 1;
}
