/* fio_json_dir.c - one direction of a fio JSON job: its rates, latencies and
 * json+ buckets, each held to the others as fio computes them. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "fio.h"
#include "fio_json.h"

/* 2.2.12 to 2.19 json+ buckets are fio's array indexes; this is fio's
 * log-linear bucket layout: the first 2*VAL buckets are exact values,
 * then each power of two splits into VAL buckets, named by their middle. */
static double
plat_val(double idx, double bits, double val)
{
	double error_bits, base, k;

	if (idx < 2 * val)
		return idx;
	error_bits = floor(idx / val) - 1;
	base = ldexp(1, (int)(error_bits + bits));
	k = fmod(idx, val);
	return base + (k + 0.5) * ldexp(1, (int)error_bits);
}

static void
take_bins(struct eb_fio_jdoc *doc, struct eb_fio_dstat *s, json_t *bins, uint64_t h, double unit)
{
	double bits = eb_fio_jd_num(doc, bins, h, "FIO_IO_U_PLAT_BITS", -1);
	double val = eb_fio_jd_num(doc, bins, h, "FIO_IO_U_PLAT_VAL", -1);
	int raw = bits >= 0;
	size_t cap = json_object_size(bins), n = 0;
	const char *key;
	json_t *v;

	if (raw && !(bits >= 1 && bits <= 16 && val == ldexp(1, (int)bits)))
		return;
	s->bins = eb_xcalloc(cap + 1, sizeof *s->bins);
	json_object_foreach(bins, key, v) {
		double k, c;
		size_t used;

		if (!json_is_number(v) || strncmp(key, "FIO_", 4) == 0)
			continue;
		used = eb_fio_num(key, strlen(key), &k);
		c = json_number_value(v);
		if (used == 0 || key[used] != '\0' || !(k >= 0 && k < 1e15) ||
		    !(c > 0 && c < 1e18))
			continue;
		eb_fio_jd_dup(doc, h, key);
		if (raw) {
			if (k > 64 * val)
				continue;
			k = plat_val(floor(k), bits, val);
		}
		s->bins[n].ns = k * unit;
		s->bins[n].count = c;
		n++;
	}
	s->nbins = n;
	if (n == 0) {
		free(s->bins);
		s->bins = NULL;
	}
}

/* The 99th percentile of a latency object's "percentile" map. */
static int
take_p99(struct eb_fio_jdoc *doc, json_t *lat, uint64_t h, double unit, double *out)
{
	uint64_t hp = eb_fio_json_key(h, "percentile");
	json_t *pct = eb_fio_jd_get(doc, lat, h, "percentile");
	const char *key;
	json_t *v;
	int found = 0;

	json_object_foreach(pct, key, v) {
		double k;
		size_t used = eb_fio_num(key, strlen(key), &k);

		if (used > 0 && key[used] == '\0' && k == 99.0 && json_is_number(v)) {
			eb_fio_jd_dup(doc, hp, key);
			*out = json_number_value(v) * unit;
			found = 1;
		}
	}
	return found && *out > 0;
}

/* Fails the document where one direction's figures disagree with each
 * other (fio_json_check.c): one of them was changed after fio wrote it. */
static void
check_figures(struct eb_fio_jdoc *doc, json_t *o, uint64_t h, double bs)
{
	struct eb_fio_json_figs f;
	const char *key = NULL;
	char why[sizeof doc->bad];

	if (doc->bad_line != 0)
		return;
	f.io = eb_fio_jd_figure(doc, o, h, "io_bytes", -1);
	f.io_kib = eb_fio_jd_get(doc, o, h, "io_kbytes") == NULL && eb_fio_jd_get(doc, o, h, "bw_bytes") == NULL;
	f.runtime = eb_fio_jd_figure(doc, o, h, "runtime", -1);
	f.bw_bytes = eb_fio_jd_figure(doc, o, h, "bw_bytes", -1);
	f.bw_kib = eb_fio_jd_figure(doc, o, h, "bw", -1);
	f.iops = eb_fio_jd_figure(doc, o, h, "iops", -1);
	f.total_ios = eb_fio_jd_figure(doc, o, h, "total_ios", -1);
	f.bs = bs;
	/* A rate past the plausible limits (core/limits.c) is told as such,
	 * with the limit, by the driver. */
	if (doc->bad_line != 0 || f.bw_bytes > eb_metric_limit("bw", NULL) ||
	    f.bw_kib * 1024 > eb_metric_limit("bw", NULL) ||
	    f.iops > eb_metric_limit("iops", NULL) ||
	    eb_fio_json_figs_agree(&f, &key, why, sizeof why))
		return;
	doc->bad_line = eb_fio_json_map_get(&doc->map, eb_fio_json_key(h, key), doc->line);
	memcpy(doc->bad, why, sizeof doc->bad);
}

/* A percentile of a latency object's "percentile" map. */
struct pct {
	double at, v;
	const char *key;
};

static int
cmp_pct(const void *a, const void *b)
{
	double x = ((const struct pct *)a)->at, y = ((const struct pct *)b)->at;

	return x < y ? -1 : x > y;
}

/* fio's histogram of latencies has 64 buckets per power of two and gives
 * each percentile the middle of its bucket (stat.c, plat_idx_to_val), at
 * most 1/128 of the value from the latency it stands for; its last bucket
 * holds everything from about 8.6 s (17 s in fio 2.x's us). */
#define BUCKET_SLACK (1.0 / 128)
#define LAST_BUCKET_NS 8.5e9

/* Fails the document where a latency object (name, at path h) contradicts
 * itself: fio's mean lies between its min and max, and its percentiles,
 * taken from one histogram, never decrease and lie within the buckets of
 * min and max. A figure changed after fio wrote it (a shifted decimal
 * point, "us" read for "ns") breaks one of these. */
static void
check_lat(struct eb_fio_jdoc *doc, json_t *lat, uint64_t h, const char *name, double unit)
{
	double min = eb_fio_jd_figure(doc, lat, h, "min", -1);
	double max = eb_fio_jd_figure(doc, lat, h, "max", -1);
	double mean = eb_fio_jd_figure(doc, lat, h, "mean", -1);
	uint64_t hp = eb_fio_json_key(h, "percentile");
	json_t *map = eb_fio_jd_get(doc, lat, h, "percentile"), *v;
	struct pct *pv;
	const char *key, *bad_key = NULL;
	size_t n = 0;

	/* No samples: fio leaves zeros (disable_clat, a direction unused). */
	if (doc->bad_line != 0 || !(max > 0) || min < 0 || mean < 0)
		return;
	/* The mean is printed with %f: 5e-7 of rounding. */
	if (mean < min - 1e-6 || mean > max + 1e-6) {
		bad_key = "mean";
		snprintf(doc->bad, sizeof doc->bad, "fio JSON figures disagree: %s \"mean\" %.15g "
		    "is %s \"%s\" %.15g; fio's mean latency lies between min and max", name,
		    mean, mean < min ? "below" : "above", mean < min ? "min" : "max",
		    mean < min ? min : max);
		doc->bad_line = eb_fio_json_map_get(&doc->map, eb_fio_json_key(h, bad_key), doc->line);
		return;
	}
	if (!json_is_object(map))
		return;
	pv = eb_xcalloc(json_object_size(map) + 1, sizeof *pv);
	json_object_foreach(map, key, v) {
		double at;
		size_t used = eb_fio_num(key, strlen(key), &at);

		if (used > 0 && key[used] == '\0' && at > 0 && json_is_number(v) &&
		    json_number_value(v) > 0)
			pv[n++] = (struct pct){ at, json_number_value(v), key };
	}
	qsort(pv, n, sizeof *pv, cmp_pct);
	for (size_t i = 0; i < n && bad_key == NULL; i++) {
		if (pv[i].v > max * (1 + BUCKET_SLACK) + 1) {
			snprintf(doc->bad, sizeof doc->bad, "fio JSON figures disagree: %s percentile "
			    "\"%.12s\" %.15g is above \"max\" %.15g; fio's percentiles lie within "
			    "min and max, to 1/128", name, pv[i].key,
			    pv[i].v, max);
			bad_key = pv[i].key;
		} else if (pv[i].v < min * (1 - BUCKET_SLACK) - 1 && min * unit < LAST_BUCKET_NS) {
			snprintf(doc->bad, sizeof doc->bad, "fio JSON figures disagree: %s percentile "
			    "\"%.12s\" %.15g is below \"min\" %.15g; fio's percentiles lie within "
			    "min and max, to 1/128", name, pv[i].key,
			    pv[i].v, min);
			bad_key = pv[i].key;
		} else if (i > 0 && pv[i].v < pv[i - 1].v) {
			snprintf(doc->bad, sizeof doc->bad, "fio JSON figures disagree: %s percentile "
			    "\"%.12s\" %.15g is below percentile \"%.12s\" %.15g; fio's percentiles "
			    "never decrease", name, pv[i].key, pv[i].v, pv[i - 1].key, pv[i - 1].v);
			bad_key = pv[i].key;
		}
	}
	if (bad_key != NULL)
		doc->bad_line = eb_fio_json_map_get(&doc->map, eb_fio_json_key(hp, bad_key),
		    doc->line);
	free(pv);
}

void
eb_fio_json_take_dir(struct eb_fio_jdoc *doc, json_t *o, uint64_t h, double bs, struct eb_fio_dstat *s)
{
	static const char *const lats[] = { "clat_ns", "clat", "lat_ns", "lat" };
	double io = eb_fio_jd_figure(doc, o, h, "io_bytes", 0), ios = eb_fio_jd_figure(doc, o, h, "total_ios", -1);
	double iops = eb_fio_jd_figure(doc, o, h, "iops", -1), runtime = eb_fio_jd_figure(doc, o, h, "runtime", -1);
	double bw;
	const char *bwkey = "bw_bytes";
	json_t *clat = NULL;
	double unit = 1;

	/* fio 3.2+ has bw_bytes; before, only bw in KiB/s ("reported in 1024
	 * bytes per second units", fio 2.x and 3.0/3.1). */
	bw = eb_fio_jd_figure(doc, o, h, "bw_bytes", -1);
	if (bw < 0 && eb_fio_jd_get(doc, o, h, "io_kbytes") != NULL && io > 0 && runtime > 0) {
		/* 2.21 to 3.1: io_bytes are bytes (io_kbytes says so), and
		 * io_bytes * 1000 / runtime is how fio 3.2+ gets bw_bytes. */
		bwkey = "bw";
		bw = floor(io * 1000 / runtime);
	} else if (bw < 0) {
		bwkey = "bw";
		bw = eb_fio_jd_figure(doc, o, h, "bw", -1);
		if (bw >= 0)
			bw *= 1024;
	}
	/* fio writes bw_bytes as io_bytes * 1000 / runtime (ms): a 0 beside
	 * bytes moved in a runtime of some milliseconds is a damaged figure,
	 * not a rate too small to print. */
	if (bw == 0 && io > 0 && runtime > 0 && doc->bad_line == 0) {
		doc->bad_line = eb_fio_json_map_get(&doc->map, eb_fio_json_key(h, bwkey), doc->line);
		snprintf(doc->bad, sizeof doc->bad, "\"%s\" is 0 while io_bytes is %.0f in %.0f ms; "
		    "fio writes io_bytes * 1000 / runtime there", bwkey, io, runtime);
	}
	/* fio gives a direction a rate only when its runtime is not 0
	 * (stat.c, add_ddir_status_json): a rate beside a runtime of 0 is
	 * a changed figure. */
	if (runtime == 0 && (bw > 0 || iops > 0) && doc->bad_line == 0) {
		doc->bad_line = eb_fio_json_map_get(&doc->map, eb_fio_json_key(h, "runtime"),
		    doc->line);
		snprintf(doc->bad, sizeof doc->bad, "fio JSON figures disagree: \"runtime\" is 0 ms "
		    "beside a rate of %.0f B/s and %.6f IOPS; fio writes a rate of 0 when the runtime "
		    "is 0", bw > 0 ? bw : 0, iops > 0 ? iops : 0);
	}
	s->present = io > 0 || ios > 0 || bw > 0 || iops > 0;
	if (!s->present)
		return;
	check_figures(doc, o, h, bs);
	s->bw = bw;
	s->iops = iops;
	s->ios = ios;
	/* io_bytes counts KiB up to fio 2.20, which has neither io_kbytes
	 * nor bw_bytes. */
	s->io = eb_fio_jd_get(doc, o, h, "io_kbytes") == NULL &&
	    eb_fio_jd_get(doc, o, h, "bw_bytes") == NULL ? io * 1024 : io;
	s->runtime_ms = runtime;
	s->bw_line = eb_fio_json_map_get(&doc->map, eb_fio_json_key(h, bwkey), doc->line);
	s->iops_line = eb_fio_json_map_get(&doc->map, eb_fio_json_key(h, "iops"), doc->line);
	/* fio 3.x: clat_ns in ns; fio 2.x: clat in us. Which one is there
	 * decides, not the version string (2.99 already has clat_ns). */
	for (int k = 0; k < 2 && clat == NULL; k++) {
		clat = eb_fio_jd_get(doc, o, h, lats[k]);
		unit = k == 0 ? 1 : 1000;
		if (!json_is_object(clat))
			clat = NULL;
	}
	if (clat != NULL) {
		const char *ck = unit == 1 ? "clat_ns" : "clat";
		uint64_t hc = eb_fio_json_key(h, ck);
		double mean = eb_fio_jd_figure(doc, clat, hc, "mean", -1);
		double max = eb_fio_jd_figure(doc, clat, hc, "max", -1);
		json_t *bins;

		check_lat(doc, clat, hc, ck, unit);
		for (int k = 2; k < 4; k++) {
			json_t *l = eb_fio_jd_get(doc, o, h, lats[k]);

			if (json_is_object(l)) {
				check_lat(doc, l, eb_fio_json_key(h, lats[k]), lats[k], k == 2 ? 1 : 1000);
				break;
			}
		}
		/* disable_clat leaves zeros (fio 2.1.11 pkb sample). */
		if (mean > 0 || max > 0) {
			s->lat_ns = mean * unit;
			s->lat_line = eb_fio_json_map_get(&doc->map, eb_fio_json_key(hc, "mean"),
			    doc->line);
		}
		if (take_p99(doc, clat, hc, unit, &s->p99_ns)) {
			s->p99_line = eb_fio_json_map_get(&doc->map, eb_fio_json_key(
			    eb_fio_json_key(hc, "percentile"), "99.000000"), s->lat_line);
		} else {
			/* lat_percentiles=1 puts the map under total latency. */
			for (int k = 2; k < 4; k++) {
				json_t *l = eb_fio_jd_get(doc, o, h, lats[k]);
				double u = k == 2 ? 1 : 1000;
				uint64_t hk = eb_fio_json_key(h, lats[k]);

				if (json_is_object(l) && take_p99(doc, l, hk, u, &s->p99_ns)) {
					double lmean = eb_fio_jd_figure(doc, l, hk, "mean", -1);

					s->p99_line = eb_fio_json_map_get(&doc->map, eb_fio_json_key(
					    eb_fio_json_key(hk, "percentile"), "99.000000"), s->lat_line);
					/* Its mean with its percentiles, from one latency
					 * (outside audit G15). */
					s->lat_total = 1;
					s->clat_ns = s->lat_ns;
					s->lat_ns = lmean > 0 ? lmean * u : -1;
					s->lat_line = eb_fio_json_map_get(&doc->map,
					    eb_fio_json_key(hk, "mean"), s->p99_line);
					clat = l;
					hc = hk;
					unit = u;
					break;
				}
			}
		}
		if (s->p99_ns <= 0)
			s->p99_ns = -1;
		bins = eb_fio_jd_get(doc, clat, hc, "bins");
		if (json_is_object(bins))
			take_bins(doc, s, bins, eb_fio_json_key(hc, "bins"), unit);
	}
}
