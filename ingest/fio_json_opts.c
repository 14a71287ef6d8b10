/* fio_json_opts.c - fio JSON jobs of one name that ran with other options:
 * their records would be repetitions of one test measured two ways. */
#include <stdio.h>
#include <string.h>

#include <jansson.h>

#include "fio.h"
#include "fio_json.h"

/* The options that change what a job measures, with an alias fio takes
 * and the value fio uses when neither is set (NULL when that depends on
 * the file or machine). Where a file's options are, which it names and
 * how it reports (filename, directory, group_reporting, output options)
 * are left out: they move no figure of a job. */
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
};

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

/* Whether two values are one setting: "4k" and "4096" are one size,
 * "4k,4k" and "4k" one block size. */
static int
same_value(const char *a, const char *b)
{
	int64_t x[3], y[3], sa, sb;

	if (a == NULL || b == NULL)
		return a == b;
	if (strcmp(a, b) == 0)
		return 1;
	sa = eb_fio_parse_size(a, strlen(a));
	sb = eb_fio_parse_size(b, strlen(b));
	if (sa > 0 && sb > 0)
		return sa == sb;
	return eb_fio_parse_bs(a, x) == 0 && eb_fio_parse_bs(b, y) == 0 &&
	    memcmp(x, y, sizeof x) == 0;
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
	for (size_t b = 1; b < n; b++) {
		if (v[b].jopts == NULL && v[b].gopts == NULL)
			continue;	/* fio 2.1.4 prints no options */
		for (size_t a = 0; a < b; a++) {
			if (strcmp(nz(v[a].name), nz(v[b].name)) != 0 ||
			    strcmp(nz(v[a].host), nz(v[b].host)) != 0 ||
			    (v[a].jopts == NULL && v[a].gopts == NULL))
				continue;
			for (size_t k = 0; k < sizeof measure_opts / sizeof measure_opts[0]; k++) {
				const struct measure_opt *o = &measure_opts[k];
				const char *x = value_of(&v[a], o), *y = value_of(&v[b], o);

				if (same_value(x, y))
					continue;
				snprintf(why, len, "fio job '%.40s' ran with %s=%.40s here but with "
				    "%s=%.40s at line %ld: the records of one job name would be "
				    "repetitions of one test measured two ways; give the jobs "
				    "names of their own", nz(v[b].name), o->name, y ? y : "(unset)",
				    o->name, x ? x : "(unset)", v[a].line);
				return (long)b;
			}
		}
	}
	return -1;
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

char *
eb_fio_json_opts_text(const struct eb_fio_json_job_opts *j)
{
	struct eb_buf b;

	eb_buf_init(&b, 0);
	for (size_t k = 0; k < sizeof measure_opts / sizeof measure_opts[0]; k++) {
		eb_buf_add(&b, measure_opts[k].name, strlen(measure_opts[k].name));
		eb_buf_addc(&b, '=');
		canonical(&b, value_of(j, &measure_opts[k]));
		eb_buf_addc(&b, '\n');
	}
	eb_buf_cstr(&b);
	return b.data;
}
