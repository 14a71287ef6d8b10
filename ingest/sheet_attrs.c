/* sheet_attrs.c - what headers, group rows, key cells and maps say of a
 * sheet's records: their attributes merged, the metric they give, and the
 * name a test size takes in a job. */
#include <stdio.h>
#include <string.h>

#include "sheet_int.h"

void
eb_sheet_size_name(int64_t size, char *buf, size_t n)
{
	static const char units[] = "kmgtp";
	int64_t v = size;
	int u = -1;

	while (u < 4 && v % 1024 == 0) {
		v /= 1024;
		u++;
	}
	snprintf(buf, n, "size%lld%.*s", (long long)v, u >= 0 ? 1 : 0, u >= 0 ? &units[u] : "");
}

void
eb_sheet_attrs_merge(struct eb_sheet_attrs *dst, const struct eb_sheet_attrs *src)
{
	for (int i = 0; i < EB_NFIELDS; i++)
		if (src->f[i] != NULL && *src->f[i] != '\0')
			dst->f[i] = src->f[i];
	if (src->unit.kind != EB_SK_NONE)
		dst->unit = src->unit;
	if (src->block_size != 0)
		dst->block_size = src->block_size;
	if (src->rep != 0)
		dst->rep = src->rep;
	if (src->stat != EB_ST_NONE)
		dst->stat = src->stat;
	if (src->cpu)
		dst->cpu = 1;
	if (src->named != EB_SK_NONE)
		dst->named = src->named;
	if (src->load[0] != '\0')
		memcpy(dst->load, src->load, sizeof dst->load);
	if (src->q_quantile)
		dst->q_quantile = 1;
}

const char *
eb_sheet_metric(const struct eb_sheet_attrs *at, const struct eb_sheet_unit *u)
{
	switch (u->kind) {
	case EB_SK_BW:
	case EB_SK_IOPS:
	case EB_SK_OPS:
		/* The best or worst of several runs is not a run. */
		if (at->stat == EB_ST_MAX || at->stat == EB_ST_MIN || at->stat == EB_ST_P99)
			return NULL;
		return u->kind == EB_SK_BW ? "bw" : u->kind == EB_SK_IOPS ? "iops" : "ops";
	case EB_SK_TIME:
		/* bonnie++ reports each test's latency as its slowest
		 * operation (bon_time.cpp keeps the maximum): a bonnie latency
		 * that names no statistic is that maximum, whatever says the
		 * tool is bonnie (audit 13 J17, audit 17 P4). */
		if (at->stat == EB_ST_NONE && at->f[EB_F_TOOL] != NULL &&
		    strcmp(at->f[EB_F_TOOL], "bonnie") == 0)
			return "lat_max";
		return at->stat == EB_ST_MAX ? "lat_max" : at->stat == EB_ST_MIN ?
		    "lat_min" : at->stat == EB_ST_P99 ? "lat_p99" : "lat_mean";
	case EB_SK_PCT:
		return "cpu";
	case EB_SK_POWER:
		return "power";
	case EB_SK_NONE:
		break;
	}
	return NULL;
}
