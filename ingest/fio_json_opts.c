/* fio_json_opts.c - fio JSON jobs of one name that ran with other options:
 * their records would be repetitions of one test measured two ways. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <jansson.h>

#include "fio.h"
#include "fio_json.h"

/* Options whose value fio uses when neither they nor an alias are set
 * (NULL when that depends on the file or machine), so that a job that
 * sets one to its default ran as one that does not. */
static const struct measure_opt {
	const char *name, *alias, *dflt;
} measure_opts[] = {
	{ "rw", "readwrite", "read" },
	{ "rwmixread", NULL, "50" },
	{ "rwmixwrite", NULL, "50" },
	{ "bs", "blocksize", "4k" },
	{ "bsrange", "blocksize_range", NULL },
	{ "bssplit", NULL, NULL },
	{ "bs_is_seq_rand", NULL, "0" },
	{ "direct", NULL, "0" },
	{ "buffered", NULL, "1" },
	{ "invalidate", NULL, "1" },
	{ "ioengine", NULL, "psync" },
	{ "iodepth", NULL, "1" },
	{ "numjobs", NULL, "1" },
	{ "size", NULL, NULL },
	{ "filesize", NULL, NULL },
	{ "io_size", "io_limit", NULL },
	{ "runtime", "timeout", NULL },
	{ "time_based", NULL, "0" },
	{ "ramp_time", NULL, "0" },
	{ "rate", NULL, NULL },
	{ "rate_iops", NULL, NULL },
	{ "thinktime", NULL, "0" },
	{ "sync", NULL, "0" },
	{ "fsync", NULL, "0" },
	{ "fdatasync", NULL, "0" },
	{ "end_fsync", NULL, "0" },
	{ "verify", NULL, "0" },
	{ "buffer_compress_percentage", NULL, NULL },
	{ "zero_buffers", NULL, "0" },
	{ "refill_buffers", NULL, "0" },
	{ "loops", NULL, "1" },
	{ "number_ios", NULL, "0" },
	{ "offset", NULL, "0" },
	{ "fsync_on_close", NULL, "0" },
	{ "percentage_random", NULL, "100" },
	{ "random_distribution", NULL, "random" },
	{ "clat_percentiles", NULL, "1" },
	{ "lat_percentiles", NULL, "0" },
};

/* Every other option fio prints changes what a job measures too (fio
 * 3.33 prints only those a job file or command line set), but for these,
 * which say where its files are, what it is called, and how and where it
 * reports: they move no figure of a job. */
static const char *const report_only[] = {
	"name", "description", "filename", "directory", "filename_format", "unique_filename",
	"write_bw_log", "write_iops_log", "write_lat_log", "write_hist_log", "log_avg_msec",
	"log_hist_msec", "log_hist_coarseness", "log_max_value", "log_offset", "log_prio",
	"log_compression", "log_store_compressed", "log_unix_epoch", "log_alternate_epoch",
	"per_job_logs", "group_reporting", "stats", "stonewall", "wait_for_previous", "new_group",
	"wait_for", "exitall", "exitall_on_error", "create_serialize", "allow_file_create",
	"percentile_list", "significant_figures", "write_iolog", "write_barrier", "lockfile",
	"clocksource", "gtod_reduce", "disable_lat", "disable_clat", "disable_slat",
	"disable_bw_measurement", "unified_rw_reporting", "kb_base", "unit_base",
};

/* fio's default of other options it prints when a job file or command line
 * sets them (options.c, the same from 3.0 to 3.41), with the alias fio
 * takes for them and whether they are booleans, which fio reads as 0/1,
 * yes/no, true/false or on/off. Each is compared by the value a job ran
 * with, so that one set to its default ran as one left unset (outside
 * audit H16: --fill_device=0); an option not here is compared as written. */
static const struct dflt_opt {
	const char *name, *alias, *dflt;
	int boolean;
} dflt_opts[] = {
	{ "fill_device", "fill_fs", "0", 1 },
	{ "file_append", NULL, "0", 1 },
	{ "offset_align", NULL, "0", 0 },
	{ "offset_increment", NULL, "0", 0 },
	{ "randrepeat", "allrandrepeat", "1", 1 },
	{ "softrandommap", NULL, "0", 1 },
	{ "random_generator", NULL, "tausworthe", 0 },
	{ "nrfiles", "nr_files", "1", 0 },
	{ "file_service_type", NULL, "roundrobin", 0 },
	{ "fadvise_hint", NULL, "1", 0 },
	{ "write_barrier", NULL, "0", 0 },
	{ "atomic", NULL, "0", 1 },
	{ "overwrite", NULL, "0", 1 },
	{ "startdelay", NULL, "0", 0 },
	{ "mem", "iomem", "malloc", 0 },
	{ "iomem_align", "mem_align", "0", 0 },
	{ "do_verify", NULL, "1", 1 },
	{ "verify_fatal", NULL, "0", 1 },
	{ "verify_dump", NULL, "0", 1 },
	{ "verify_async", NULL, "0", 0 },
	{ "trim_percentage", NULL, "0", 0 },
	{ "zonemode", NULL, "none", 0 },
	{ "lockmem", NULL, "0", 0 },
	{ "nice", NULL, "0", 0 },
	{ "thinktime_spin", NULL, "0", 0 },
	{ "thinktime_blocks", NULL, "1", 0 },
	{ "rate_process", NULL, "linear", 0 },
	{ "rate_cycle", "ratecycle", "1000", 0 },
	{ "latency_run", NULL, "0", 1 },
	{ "create_fsync", NULL, "1", 1 },
	{ "create_on_open", NULL, "0", 1 },
	{ "create_only", NULL, "0", 1 },
	{ "allow_mounted_write", NULL, "0", 1 },
	{ "pre_read", NULL, "0", 1 },
	{ "unlink", NULL, "0", 1 },
	{ "unlink_each_loop", NULL, "0", 1 },
	{ "exit_what", NULL, "group", 0 },
	{ "block_error_percentiles", NULL, "0", 1 },
	{ "bwavgtime", NULL, "500", 0 },
	{ "iopsavgtime", NULL, "500", 0 },
	{ "scramble_buffers", NULL, "1", 1 },
	{ "buffer_compress_chunk", NULL, "512", 0 },
	{ "dedupe_global", NULL, "0", 1 },
	{ "dedupe_mode", NULL, "repeat", 0 },
	{ "slat_percentiles", NULL, "0", 1 },
	{ "disk_util", NULL, "1", 1 },
	{ "continue_on_error", NULL, "none", 0 },
	{ "error_dump", NULL, "0", 1 },
	{ "cgroup_nodelete", NULL, "0", 1 },
	{ "flow_id", NULL, "0", 0 },
	{ "flow", NULL, "0", 0 },
	{ "flow_sleep", NULL, "0", 0 },
	{ "serialize_overlap", NULL, "0", 1 },
	{ "io_submit_mode", NULL, "inline", 0 },
	{ "iodepth_batch", "iodepth_batch_submit", "1", 0 },
	{ "iodepth_batch_complete_min", "iodepth_batch_complete", "1", 0 },
	{ "rw_sequencer", NULL, "sequential", 0 },
};

static const struct dflt_opt *
dflt_of(const char *name)
{
	for (size_t k = 0; k < sizeof dflt_opts / sizeof dflt_opts[0]; k++)
		if (strcmp(dflt_opts[k].name, name) == 0 ||
		    (dflt_opts[k].alias != NULL && strcmp(dflt_opts[k].alias, name) == 0))
			return &dflt_opts[k];
	return NULL;
}

/* A boolean as fio reads it (parse.c, check_str_bool): "0" or "1", or v
 * itself when it is no boolean. */
static const char *
bool_of(const char *v)
{
	static const char *const no[] = { "0", "no", "false", "off" };
	static const char *const yes[] = { "1", "yes", "true", "on" };

	for (size_t k = 0; k < 4; k++) {
		if (strcasecmp(v, no[k]) == 0)
			return "0";
		if (strcasecmp(v, yes[k]) == 0)
			return "1";
	}
	return v;
}

static int
measured(const char *name)
{
	for (size_t k = 0; k < sizeof report_only / sizeof report_only[0]; k++)
		if (strcmp(report_only[k], name) == 0)
			return 0;
	for (size_t k = 0; k < sizeof measure_opts / sizeof measure_opts[0]; k++)
		if (strcmp(measure_opts[k].name, name) == 0 ||
		    (measure_opts[k].alias != NULL && strcmp(measure_opts[k].alias, name) == 0))
			return 0;
	return dflt_of(name) == NULL;
}

static const char *
opt_of(json_t *o, const char *name)
{
	json_t *v = name != NULL && o != NULL ? json_object_get(o, name) : NULL;

	return json_is_string(v) ? json_string_value(v) : NULL;
}

/* The value a job ran with: its own, its document's global one, or fio's
 * default; NULL when none of those is known. */
static const char *
value_of(const struct eb_fio_json_job_opts *j, const struct measure_opt *o)
{
	const char *v;

	if ((v = opt_of(j->jopts, o->name)) != NULL || (v = opt_of(j->jopts, o->alias)) != NULL ||
	    (v = opt_of(j->gopts, o->name)) != NULL || (v = opt_of(j->gopts, o->alias)) != NULL)
		return v;
	return o->dflt;
}

void
eb_fio_json_opts_add(struct eb_fio_json_job_opts **v, size_t *n, size_t *cap,
    struct json_t *job, struct json_t *gopts, long line)
{
	json_t *jo = json_object_get(job, "job options");

	eb_xgrow(v, cap, *n + 1, sizeof **v);
	(*v)[(*n)++] = (struct eb_fio_json_job_opts){
		json_string_value(json_object_get(job, "jobname")),
		json_string_value(json_object_get(job, "hostname")),
		json_is_object(jo) ? jo : NULL, gopts, line };
}

static const char *
nz(const char *s)
{
	return s != NULL ? s : "";
}

long
eb_fio_json_opts_clash(const struct eb_fio_json_job_opts *v, size_t n, char *why, size_t len)
{
	long clash = -1;
	char **text = eb_xcalloc(n, sizeof *text);

	for (size_t b = 0; b < n; b++)
		if (v[b].jopts != NULL || v[b].gopts != NULL)
			text[b] = eb_fio_json_opts_text(&v[b]);
	for (size_t b = 1; b < n && clash < 0; b++) {
		if (text[b] == NULL)
			continue;	/* fio 2.1.4 prints no options */
		for (size_t a = 0; a < b && clash < 0; a++) {
			char x[120], y[120];

			if (strcmp(nz(v[a].name), nz(v[b].name)) != 0 ||
			    strcmp(nz(v[a].host), nz(v[b].host)) != 0 || text[a] == NULL ||
			    !eb_fio_setup_difference(text[a], text[b], x, y, sizeof x))
				continue;
			snprintf(why, len, "fio job '%.40s' ran with %s here but with %s at line "
			    "%ld: the records of one job name would be repetitions of one test "
			    "measured two ways; give the jobs names of their own", nz(v[b].name),
			    y, x, v[a].line);
			clash = (long)b;
		}
	}
	for (size_t b = 0; b < n; b++)
		free(text[b]);
	free(text);
	return clash;
}

/* A value as one setting, whatever its spelling: "4k" and "4096" alike. */
static void
canonical(struct eb_buf *b, const char *v)
{
	int64_t x[3], size;
	char num[96];

	if (v == NULL) {
		eb_buf_add(b, "(unset)", 7);
		return;
	}
	if ((size = eb_fio_parse_size(v, strlen(v))) > 0)
		snprintf(num, sizeof num, "%lld", (long long)size);
	else if (strchr(v, ',') != NULL && eb_fio_parse_bs(v, x) == 0)
		snprintf(num, sizeof num, "%lld,%lld,%lld", (long long)x[0], (long long)x[1],
		    (long long)x[2]);
	else {
		eb_buf_add(b, v, strlen(v) > 60 ? 60 : strlen(v));
		return;
	}
	eb_buf_add(b, num, strlen(num));
}

/* Lines by name, as eb_fio_setup_difference walks them: a name before
 * every longer name it begins ("rw" before "rwmixread"). */
static int
cmp_line(const void *a, const void *b)
{
	const char *x = *(char *const *)a, *y = *(char *const *)b;
	size_t nx = strcspn(x, "="), ny = strcspn(y, "=");
	int c = strncmp(x, y, nx < ny ? nx : ny);

	return c != 0 ? c : nx != ny ? (nx > ny) - (nx < ny) : strcmp(x, y);
}

/* Adds the options of o (job or global) that no table above names and
 * that other (its job's own, or NULL) does not set, as "name=value". */
static void
other_options(json_t *o, json_t *other, char ***lines, size_t *n, size_t *cap)
{
	const char *key;
	json_t *val;

	if (o == NULL)
		return;
	json_object_foreach(o, key, val) {
		struct eb_buf b;

		if (!measured(key) || (other != NULL && json_object_get(other, key) != NULL))
			continue;
		eb_buf_init(&b, 0);
		eb_buf_add(&b, key, strlen(key) > 40 ? 40 : strlen(key));
		eb_buf_addc(&b, '=');
		canonical(&b, json_is_string(val) ? json_string_value(val) : "(not a string)");
		eb_buf_cstr(&b);
		eb_xgrow(lines, cap, *n + 1, sizeof **lines);
		(*lines)[(*n)++] = b.data;
	}
}

char *
eb_fio_json_opts_text(const struct eb_fio_json_job_opts *j)
{
	struct eb_buf b;
	char **lines = NULL;
	size_t n = 0, cap = 0;

	for (size_t k = 0; k < sizeof measure_opts / sizeof measure_opts[0]; k++) {
		struct eb_buf l;

		eb_buf_init(&l, 0);
		eb_buf_add(&l, measure_opts[k].name, strlen(measure_opts[k].name));
		eb_buf_addc(&l, '=');
		canonical(&l, value_of(j, &measure_opts[k]));
		eb_buf_cstr(&l);
		eb_xgrow(&lines, &cap, n + 1, sizeof *lines);
		lines[n++] = l.data;
	}
	for (size_t k = 0; k < sizeof dflt_opts / sizeof dflt_opts[0]; k++) {
		const struct dflt_opt *d = &dflt_opts[k];
		const struct measure_opt o = { d->name, d->alias, d->dflt };
		const char *v = value_of(j, &o);
		struct eb_buf l;

		eb_buf_init(&l, 0);
		eb_buf_add(&l, d->name, strlen(d->name));
		eb_buf_addc(&l, '=');
		canonical(&l, d->boolean ? bool_of(v) : v);
		eb_buf_cstr(&l);
		eb_xgrow(&lines, &cap, n + 1, sizeof *lines);
		lines[n++] = l.data;
	}
	other_options(j->jopts, NULL, &lines, &n, &cap);
	other_options(j->gopts, j->jopts, &lines, &n, &cap);
	/* By name, so that two jobs' lines meet name by name (runs.c). */
	qsort(lines, n, sizeof *lines, cmp_line);
	eb_buf_init(&b, 0);
	for (size_t k = 0; k < n; k++) {
		eb_buf_add(&b, lines[k], strlen(lines[k]));
		eb_buf_addc(&b, '\n');
		free(lines[k]);
	}
	free(lines);
	eb_buf_cstr(&b);
	return b.data;
}

/* The name of a "name=value" line, its length. */
static size_t
name_len(const char *line, size_t n)
{
	const char *eq = memchr(line, '=', n);

	return eq != NULL ? (size_t)(eq - line) : n;
}

int
eb_fio_setup_difference(const char *a, const char *b, char *x, char *y, size_t n)
{
	int partial = strstr(a, "~partial\n") != NULL || strstr(b, "~partial\n") != NULL;

	while (*a != '\0' || *b != '\0') {
		size_t la = strcspn(a, "\n"), lb = strcspn(b, "\n");
		size_t na = name_len(a, la), nb = name_len(b, lb);
		int order;

		/* "~" lines are no options (eb_fio_stated_setup). */
		if (*a == '~' || *b == '~') {
			a += *a == '~' ? la + (a[la] == '\n') : 0;
			b += *b == '~' ? lb + (b[lb] == '\n') : 0;
			continue;
		}
		order = *a == '\0' ? 1 : *b == '\0' ? -1 :
		    strncmp(a, b, na < nb ? na : nb) != 0 ? strncmp(a, b, na < nb ? na : nb) :
		    (na > nb) - (na < nb);

		if (order == 0 && (la != lb || memcmp(a, b, la) != 0)) {
			snprintf(x, n, "%.*s", (int)la, a);
			snprintf(y, n, "%.*s", (int)lb, b);
			return 1;
		}
		if (order != 0 && partial) {
			if (order < 0)
				a += la + (a[la] == '\n');
			else
				b += lb + (b[lb] == '\n');
			continue;
		}
		if (order < 0) {	/* set in a only */
			snprintf(x, n, "%.*s", (int)la, a);
			snprintf(y, n, "%.*s=(unset)", (int)na, a);
			return 1;
		}
		if (order > 0) {
			snprintf(x, n, "%.*s=(unset)", (int)nb, b);
			snprintf(y, n, "%.*s", (int)lb, b);
			return 1;
		}
		a += la + (a[la] == '\n');
		b += lb + (b[lb] == '\n');
	}
	return 0;
}
