/* fio_json_check.c - the figures of one direction of a fio JSON job checked
 * against each other, as fio's stat.c computes them from the same counters. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "fio_json.h"

/* The most a figure may be off what fio would have computed (see below). */
#define SLACK 0.002

/* fio writes these counters as integers; a fraction is no figure of its. */
static int
whole(double v)
{
	return v < 0 || v == floor(v);
}

/* Every version of fio, 2.0 to 3.42, fills a direction's figures from its
 * byte count, I/O count and runtime in whole milliseconds (stat.c,
 * add_ddir_status_json):
 *
 *	bw_bytes = 1000 * io_bytes / runtime		integer division
 *	bw       = bw_bytes / 1024			KiB/s (before 3.2, bw alone)
 *	iops     = 1000.0 * total_ios / runtime		printed with %f
 *
 * with io_bytes in KiB up to 2.20, where io_kbytes does not exist yet. Real
 * output meets these exactly (fio 2.1.4 to 3.36 in the shared corpus, and
 * fio 3.33 json and json+ runs of every rw= mode, numjobs with and without
 * group_reporting, time_based, rate and rate_iops limits, unified
 * reporting). The check allows the runtime to be off by one millisecond
 * either way, but never a figure off by more than 0.2 %: the made-up
 * figures of encbench's samples, shaped after fio, floor a runtime they did
 * not measure (0.11 % off at most, in runs of 747 ms and more). A changed
 * leading digit is far outside that; a change that stays inside moves no
 * conclusion. Rates are also held to their block size: no I/O moves more than
 * bs bytes, within 1 % for the I/Os in flight when ramp_time resets the
 * counts (the fio 3.19 pbench run has 0.001 % more bytes than I/Os of bs).
 * Fewer bytes per I/O are possible (short reads at the end of a file, a
 * network engine's partial transfers), so that direction is not checked. */
int
eb_fio_json_figs_agree(const struct eb_fio_json_figs *f, const char **key, char *why, size_t n)
{
	static const char *const names[] = { "io_bytes", "runtime", "bw_bytes", "bw", "total_ios" };
	const double v[] = { f->io, f->runtime, f->bw_bytes, f->bw_kib, f->total_ios };
	double rt = f->runtime, lo, hi, bmin, bmax, bw, x;

	for (size_t i = 0; i < sizeof v / sizeof v[0]; i++) {
		if (!whole(v[i])) {
			*key = names[i];
			snprintf(why, n, "fio JSON output is damaged: \"%s\" is %.17g; fio writes "
			    "a whole number there", names[i], v[i]);
			return 0;
		}
	}
	if (f->bw_bytes >= 0 && f->bw_kib >= 0 && f->bw_kib != floor(f->bw_bytes / 1024)) {
		*key = "bw";
		snprintf(why, n, "fio JSON figures disagree: \"bw\" is %.0f KiB/s but \"bw_bytes\" "
		    "%.0f is %.0f KiB/s; fio writes bw = bw_bytes / 1024", f->bw_kib, f->bw_bytes,
		    floor(f->bw_bytes / 1024));
		return 0;
	}
	if (!(rt > 0))
		return 1;
	if (f->io >= 0) {
		bmin = f->io_kib ? f->io * 1024 : f->io;
		bmax = f->io_kib ? f->io * 1024 + 1023 : f->io;
		x = 1000 * bmin / rt;
		lo = fmax(floor(1000 * bmin / (rt + 1)), floor(x * (1 - SLACK)));
		hi = fmin(rt > 1 ? floor(1000 * bmax / (rt - 1)) : INFINITY,
		    ceil(1000 * bmax / rt * (1 + SLACK)));
		if (f->bw_bytes >= 0 && !(f->bw_bytes >= lo && f->bw_bytes <= hi)) {
			*key = "bw_bytes";
			snprintf(why, n, "fio JSON figures disagree: \"bw_bytes\" is %.0f B/s but "
			    "io_bytes %.0f in a runtime of %.0f ms is %.0f B/s; fio writes "
			    "bw_bytes = io_bytes * 1000 / runtime", f->bw_bytes, f->io, rt,
			    floor(x));
			return 0;
		}
		if (f->bw_bytes < 0 && f->bw_kib >= 0 &&
		    !(f->bw_kib >= floor(lo / 1024) && f->bw_kib <= floor(hi / 1024))) {
			*key = "bw";
			snprintf(why, n, "fio JSON figures disagree: \"bw\" is %.0f KiB/s but "
			    "io_bytes %.0f%s in a runtime of %.0f ms is %.0f KiB/s; fio writes "
			    "bw = io_bytes * 1000 / runtime / 1024", f->bw_kib, f->io,
			    f->io_kib ? " KiB" : "", rt, floor(floor(x) / 1024));
			return 0;
		}
	}
	if (f->iops >= 0 && f->total_ios >= 0) {
		/* %f prints 6 decimals: 5e-7 of rounding. */
		x = 1000 * f->total_ios / rt;
		lo = fmax(1000 * f->total_ios / (rt + 1), x * (1 - SLACK)) - 1e-6;
		hi = fmin(rt > 1 ? 1000 * f->total_ios / (rt - 1) : INFINITY, x * (1 + SLACK)) + 1e-6;
		if (!(f->iops >= lo && f->iops <= hi)) {
			*key = "iops";
			snprintf(why, n, "fio JSON figures disagree: \"iops\" is %.6f but total_ios "
			    "%.0f in a runtime of %.0f ms is %.6f per second; fio writes "
			    "iops = total_ios * 1000 / runtime", f->iops, f->total_ios, rt, x);
			return 0;
		}
	}
	/* The rate in B/s, as exact as the file has it: bw_bytes, else the
	 * KiB/s of bw with its last KiB. */
	bw = f->bw_bytes >= 0 ? f->bw_bytes : f->bw_kib >= 0 ? f->bw_kib * 1024 : -1;
	if (f->bs > 0 && bw > 0 && f->iops >= 0) {
		/* up to 2.1 iops is an integer, floored; bw floors a KiB. */
		double most = (f->iops + 1) * f->bs * 1.01 + 1024;

		if (bw > most) {
			*key = f->bw_bytes >= 0 ? "bw_bytes" : "bw";
			snprintf(why, n, "fio JSON figures disagree: \"%s\" %.0f B/s at \"iops\" "
			    "%.6f is %.0f bytes per I/O, more than the job's block size of %.0f",
			    *key, bw, f->iops, f->iops > 0 ? bw / f->iops : bw, f->bs);
			return 0;
		}
	}
	return 1;
}
