/* cost.h - the report's "CPU and energy" section: CPU-seconds and joules
 * per GiB by mode with intervals, when the data has samples of them. */
#ifndef EB_RENDER_COST_H
#define EB_RENDER_COST_H

#include "render.h"

/* Appends "## CPU and energy" and its table to md when the groups' table
 * has cpu_busy or power records beside throughput; appends nothing
 * otherwise. Ratios are against the baseline mode. */
void eb_md_cost_section(struct eb_buf *md, const struct eb_groups *gs, const char *baseline);

#endif
