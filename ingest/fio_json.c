/* fio_json.c - fio's JSON and json+ output of every version since 2.0, local
 * or client/server, out of whatever text fio and shells put around it. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <jansson.h>

#include "fio.h"
#include "fio_json.h"

/* The whole input is kept until its end: jansson wants a document in one
 * piece. A ceiling keeps hostile input from taking all memory. */
#define MAX_JSON (512L * 1024 * 1024)

struct json_state {
	struct eb_buf text;
	long first_line;
	struct eb_fio_errors errors;
	struct eb_fio_notes notes;
};

/* ---- documents */


/* Duplicate keys. fio repeats keys where they do no harm: fio 2.17 prints
 * a job option given twice ("filename"), fio 3.7's client/server output
 * repeats options such as "bs" and "ioengine", and fio 2.1.4 prints every
 * percentile that rounds to "0.00" under that one key. jansson keeps the
 * last, so a key repeated with another value is an error where it repeats,
 * but only for the keys encbench reads; a repetition of the same text, or
 * of a key encbench never reads, changes no number. */
void
eb_fio_jd_dup(struct eb_fio_jdoc *doc, uint64_t h, const char *key)
{
	const struct eb_fio_json_dup *d = eb_fio_json_map_dup(&doc->map, eb_fio_json_key(h, key));

	if (d == NULL || doc->bad_line != 0)
		return;
	doc->bad_line = d->line;
	doc->bad_col = d->col;
	snprintf(doc->bad, sizeof doc->bad, "duplicate key \"%.60s\" with another value", key);
}

/* The value of a key encbench reads, o's path being h. */
json_t *
eb_fio_jd_get(struct eb_fio_jdoc *doc, json_t *o, uint64_t h, const char *key)
{
	json_t *v = json_object_get(o, key);

	if (v != NULL)
		eb_fio_jd_dup(doc, h, key);
	return v;
}

double
eb_fio_jd_num(struct eb_fio_jdoc *doc, json_t *o, uint64_t h, const char *key, double dflt)
{
	json_t *v = eb_fio_jd_get(doc, o, h, key);

	return json_is_number(v) ? json_number_value(v) : dflt;
}

const char *
eb_fio_jd_type(const json_t *v)
{
	switch (json_typeof(v)) {
	case JSON_OBJECT:
		return "an object";
	case JSON_ARRAY:
		return "an array";
	case JSON_STRING:
		return "a string";
	case JSON_NULL:
		return "null";
	case JSON_TRUE:
	case JSON_FALSE:
		return "a boolean";
	default:
		return json_number_value(v) == 0 ? "-0" : "a negative number";
	}
}

/* A figure fio wrote under key, dflt when there is none. Anything but a
 * number >= 0 there means a damaged file (fio prints unsigned counters,
 * even 18446744073709551615 for "no sample"); the document remembers the
 * first such figure for its error. */
double
eb_fio_jd_figure(struct eb_fio_jdoc *doc, json_t *o, uint64_t h, const char *key, double dflt)
{
	json_t *v = eb_fio_jd_get(doc, o, h, key);

	if (v == NULL)
		return dflt;
	if (json_is_number(v) && json_number_value(v) >= 0 && !signbit(json_number_value(v)))
		return json_number_value(v);
	if (doc->bad_line == 0) {
		doc->bad_line = eb_fio_json_map_get(&doc->map, eb_fio_json_key(h, key), doc->line);
		snprintf(doc->bad, sizeof doc->bad, "fio JSON output is damaged: \"%.60s\" is "
		    "%s, not a figure fio writes", key, eb_fio_jd_type(v));
	}
	return dflt;
}

const char *
eb_fio_jd_str(struct eb_fio_jdoc *doc, json_t *o, uint64_t h, const char *key)
{
	json_t *v = eb_fio_jd_get(doc, o, h, key);

	return json_is_string(v) ? json_string_value(v) : NULL;
}

static int
probe(const char *head, size_t len)
{
	const char *v = eb_fio_memstr(head, len, "\"fio version\"");

	if (v == NULL)
		return 0;
	/* fio writes '{' alone on a line, then the version as first key. */
	for (const char *q = v; q > head; q--) {
		if (q[-1] == '{')
			return 95;
		if (q[-1] != ' ' && q[-1] != '\n' && q[-1] != '\r' && q[-1] != '\t')
			break;
	}
	return 80;
}

static enum eb_status
parse_line(struct eb_parse *p, char *line, size_t len, long lineno)
{
	struct json_state *st = p->state;
	const char *s = line;

	if (st->first_line == 0) {
		eb_buf_init(&st->text, MAX_JSON);
		st->first_line = lineno;
	}
	while (*s == ' ' || *s == '\t')
		s++;
	if (strncmp(s, "fio: ", 5) == 0)
		eb_fio_errors_take(&st->errors, line, len, lineno);
	if (eb_buf_add(&st->text, line, len) != 0 || eb_buf_addc(&st->text, '\n') != 0)
		return eb_err_set(p->err, EB_ERR_DATA, eb_parse_loc(p, lineno),
		    "fio JSON output larger than %ld MiB is not read", MAX_JSON >> 20);
	return EB_OK;
}

/* Where the next document starts at or after *pos: a line whose first
 * character is '{', or whose last is '{' when "fio version" follows. */
static const char *
next_doc(const char *text, size_t len, size_t *pos, long *line, long *col)
{
	while (*pos < len) {
		const char *s = text + *pos;
		const char *nl = memchr(s, '\n', len - *pos);
		size_t n = nl != NULL ? (size_t)(nl - s) : len - *pos;
		size_t i = 0, e = n;

		while (i < n && (s[i] == ' ' || s[i] == '\t'))
			i++;
		while (e > i && (s[e - 1] == ' ' || s[e - 1] == '\r' || s[e - 1] == '\t'))
			e--;
		if (i < n && s[i] == '{') {
			*col = (long)i + 1;
			return s + i;
		}
		if (e > i && s[e - 1] == '{' && nl != NULL &&
		    eb_fio_memstr(nl, len - *pos - n > 200 ? 200 : len - *pos - n,
			"\"fio version\"") != NULL) {
			*col = (long)e;
			return s + e - 1;
		}
		*pos += n + 1;
		(*line)++;
	}
	return NULL;
}

static long
count_lines(const char *s, size_t n)
{
	long k = 0;

	for (const char *q = s; (q = memchr(q, '\n', n - (size_t)(q - s))) != NULL; q++)
		k++;
	return k;
}

/* ---- one job entry */

/* The string value of option key of options object o (its path h), or
 * NULL. fio applies options in the order given and runs with the last:
 * "fio --bs=64k job.fio" prints bs twice in "global options" (fio 3.33),
 * the job file's after the command line's, and jansson keeps the last, so
 * an option given twice with another value is no damaged document, but
 * is warned of where it repeats. */
static const char *
option_value(struct eb_fio_jdoc *doc, json_t *o, uint64_t h, const char *key)
{
	json_t *v = json_object_get(o, key);
	const struct eb_fio_json_dup *d;

	if (!json_is_string(v))
		return NULL;
	if (doc->twice_line == 0 &&
	    (d = eb_fio_json_map_dup(&doc->map, eb_fio_json_key(h, key))) != NULL) {
		doc->twice_line = d->line;
		doc->twice_col = d->col;
		snprintf(doc->twice, sizeof doc->twice, "fio option \"%.40s\" is given twice, the "
		    "second time as \"%.60s\": fio runs with the last value given (an option on "
		    "its command line, then in the job file), and it is read so", key,
		    json_string_value(v));
	}
	return json_string_value(v);
}

/* An option of the job (its path hj) or else of the global section. */
static const char *
option(struct eb_fio_jdoc *doc, json_t *jopts, uint64_t hj, json_t *gopts, const char *a,
    const char *b)
{
	uint64_t hg = eb_fio_json_key(EB_FIO_JSON_ROOT, "global options");
	const char *v;

	if ((v = option_value(doc, jopts, hj, a)) != NULL ||
	    (v = option_value(doc, jopts, hj, b)) != NULL)
		return v;
	if ((v = option_value(doc, gopts, hg, a)) != NULL ||
	    (v = option_value(doc, gopts, hg, b)) != NULL)
		return v;
	return NULL;
}

/* The kb_base= a job's size options are read under: 1000 or 1024. */
static int
kb_base(struct eb_fio_jdoc *doc, json_t *jopts, uint64_t hj, json_t *gopts)
{
	const char *v = option(doc, jopts, hj, gopts, "kb_base", "kb_base");

	return v != NULL && strcmp(v, "1000") == 0 ? 1000 : 1024;
}

/* A time option as fio reads it, in seconds ("30", "30s", "500ms",
 * "2m", "1h"; fio's default unit is the second), or -1. */
static double
option_seconds(const char *v)
{
	char *end;
	double x = strtod(v, &end);

	if (end == v || !(x >= 0))
		return -1;
	if (*end == '\0' || strcmp(end, "s") == 0)
		return x;
	if (strcmp(end, "ms") == 0)
		return x / 1000;
	if (strcmp(end, "us") == 0)
		return x / 1e6;
	if (strcmp(end, "m") == 0)
		return x * 60;
	if (strcmp(end, "h") == 0)
		return x * 3600;
	if (strcmp(end, "d") == 0)
		return x * 86400;
	return -1;
}

/* Whether job j moved more bytes than its options let one job move:
 * size= times numjobs= and loops= (twice with verify=, whose check reads
 * read it all again), with no option that moves more (time_based=,
 * io_size= ...). fio 3.33 prints a group_reporting group's entry under its
 * first job's name with its last job's options (a sequential and a random
 * writer of size=2m as "seq", rw=randwrite, 4 MiB moved): such an entry
 * is the group's, not the job its options describe. */
static int
group_entry(struct eb_fio_jdoc *doc, json_t *jopts, uint64_t hj, json_t *gopts,
    const struct eb_fio_job *j)
{
	static const char *const more[] = { "time_based", "io_size", "io_limit", "number_ios",
		"fill_device", "fill_fs", "zonemode", "offset_increment" };
	const char *size = option(doc, jopts, hj, gopts, "size", "size"), *v;
	double limit, io = 0, ran = 0;
	int64_t bytes;

	if (size == NULL || j->all_clients || (bytes = eb_fio_parse_size_kb(size, strlen(size),
	    kb_base(doc, jopts, hj, gopts))) <= 0)
		return 0;
	for (size_t k = 0; k < sizeof more / sizeof more[0]; k++)
		if ((v = option(doc, jopts, hj, gopts, more[k], more[k])) != NULL &&
		    strcmp(v, "0") != 0 && strcmp(v, "none") != 0)
			return 0;
	/* fio 3.33 leaves a --time_based given on the command line out of
	 * the options it prints (a numjobs=3 job read 70 times its size= in
	 * runtime=1): a job that ran for most of its runtime= may have been
	 * time_based, one that stopped well before it was not. */
	for (int d = 0; d < EB_FIO_NDIRS; d++)
		if (j->d[d].present && j->d[d].runtime_ms > ran)
			ran = j->d[d].runtime_ms;
	if ((v = option(doc, jopts, hj, gopts, "runtime", "timeout")) != NULL) {
		double secs = option_seconds(v);

		if (secs < 0 || ran >= 0.9 * secs * 1000)
			return 0;
	}
	limit = (double)bytes * (j->verify ? 2 : 1);
	if ((v = option(doc, jopts, hj, gopts, "numjobs", "numjobs")) != NULL)
		limit *= atol(v) > 1 ? (double)atol(v) : 1;
	if ((v = option(doc, jopts, hj, gopts, "loops", "loops")) != NULL)
		limit *= atol(v) > 1 ? (double)atol(v) : 1;
	for (int d = 0; d < EB_FIO_MIXED; d++)
		if (j->d[d].present && j->d[d].io > 0)
			io += j->d[d].io;
	if (io == 0 && j->d[EB_FIO_MIXED].present && j->d[EB_FIO_MIXED].io > 0)
		io = j->d[EB_FIO_MIXED].io;
	return io > limit;
}

/* The size of every I/O of direction d, 0 when it varies or is unknown:
 * with bs_is_seq_rand, "bs=4k,64k" names sequential and random sizes, not
 * read and write; "mixed" has one only when all directions share it. */
static double
fixed_bs(struct eb_fio_jdoc *doc, json_t *jopts, uint64_t hj, json_t *gopts,
    const struct eb_fio_job *j, int d)
{
	const char *sr = option(doc, jopts, hj, gopts, "bs_is_seq_rand", "bs_is_seq_rand");

	/* "All clients" has no options of its own, and the global default
	 * of 4k is not its clients' (fio 3.33, two --client runs of bs=64k). */
	if (j->all_clients)
		return 0;
	if (sr != NULL && strcmp(sr, "0") != 0)
		return 0;
	if (d < EB_FIO_MIXED)
		return (double)j->bs[d];
	return j->bs[0] == j->bs[1] && j->bs[1] == j->bs[2] ? (double)j->bs[0] : 0;
}

static void
take_job(struct eb_fio_jdoc *doc, json_t *job, uint64_t h, int clients, struct eb_fio_run *run,
    json_t *gopts)
{
	const char *name = eb_fio_jd_str(doc, job, h, "jobname"), *host = eb_fio_jd_str(doc, job, h, "hostname");
	json_t *jopts = eb_fio_jd_get(doc, job, h, "job options");
	uint64_t hj = eb_fio_json_key(h, "job options");
	struct eb_fio_job *j;
	const char *rw, *bs;
	double usr, sys, gid;

	if (name == NULL) {
		if (json_object_get(job, "jobname") != NULL && doc->bad_line == 0) {
			doc->bad_line = eb_fio_json_map_get(&doc->map,
			    eb_fio_json_key(h, "jobname"), doc->line);
			snprintf(doc->bad, sizeof doc->bad, "fio JSON output is damaged: "
			    "\"jobname\" is %s, not a string",
			    eb_fio_jd_type(json_object_get(job, "jobname")));
		}
		name = "";
	}
	j = eb_fio_run_add(run, name, strlen(name));
	j->line = eb_fio_json_map_get(&doc->map, h, doc->line);
	gid = eb_fio_jd_figure(doc, job, h, "groupid", 0);
	/* fio numbers groups from 0 in an int: beyond, a damaged digit. */
	if (gid > 2147483647.0 && doc->bad_line == 0) {
		doc->bad_line = eb_fio_json_map_get(&doc->map, eb_fio_json_key(h, "groupid"),
		    doc->line);
		snprintf(doc->bad, sizeof doc->bad, "fio JSON output is damaged: \"groupid\" "
		    "is %.6g, no fio group number (0 to 2147483647)", gid);
	}
	j->groupid = gid <= 2147483647.0 ? (long)gid : 0;
	j->all_clients = clients && strcmp(name, "All clients") == 0;
	if (host != NULL)
		eb_fio_job_set_str(&j->host, host, strlen(host));
	if (!json_is_object(jopts))
		jopts = NULL;
	rw = option(doc, jopts, hj, gopts, "rw", "readwrite");
	bs = option(doc, jopts, hj, gopts, "bs", "blocksize");
	/* Options fio printed but rw= and bs= not among them: fio's defaults
	 * (read, 4k). fio 2.1.4 prints no options at all: unknown. */
	if (jopts != NULL || gopts != NULL) {
		const char *verify = option(doc, jopts, hj, gopts, "verify", "verify");
		const char *check = option(doc, jopts, hj, gopts, "do_verify", "do_verify");

		/* do_verify is a boolean fio reads as 0, no, false or off too. */
		j->verify = verify != NULL && strcmp(verify, "0") != 0 &&
		    (check == NULL || (strcmp(check, "0") != 0 && strcasecmp(check, "no") != 0 &&
		    strcasecmp(check, "false") != 0 && strcasecmp(check, "off") != 0));
		j->rw = eb_xstrdup(rw != NULL ? rw : "read");
		if (option(doc, jopts, hj, gopts, "bsrange", "bssplit") == NULL &&
		    eb_fio_parse_bs_kb(bs != NULL ? bs : "4k", j->bs, kb_base(doc, jopts, hj, gopts)) != 0 &&
		    doc->bad_line == 0) {
			doc->bad_line = j->line;
			snprintf(doc->bad, sizeof doc->bad, "fio JSON output is damaged: "
			    "\"bs\": \"%.60s\" is no block size",
			    bs);
		}
	}
	for (int d = 0; d < EB_FIO_NDIRS; d++) {
		json_t *o = eb_fio_jd_get(doc, job, h, eb_fio_dir_names[d]);

		if (json_is_object(o))
			eb_fio_json_take_dir(doc, o, eb_fio_json_key(h, eb_fio_dir_names[d]),
			    fixed_bs(doc, jopts, hj, gopts, j, d), &j->d[d]);
	}
	if (j->rw != NULL && group_entry(doc, jopts, hj, gopts, j))
		j->mixed_group = 1;
	usr = eb_fio_jd_figure(doc, job, h, "usr_cpu", -1);
	sys = eb_fio_jd_figure(doc, job, h, "sys_cpu", -1);
	if (usr >= 0 && sys >= 0) {
		j->cpu = usr + sys;
		j->cpu_line = eb_fio_json_map_get(&doc->map, eb_fio_json_key(h, "usr_cpu"), j->line);
	}
}

static int
did_io(const struct eb_fio_job *j)
{
	for (int d = 0; d < EB_FIO_NDIRS; d++)
		if (j->d[d].present)
			return 1;
	return 0;
}

static json_t *
jobs_of(json_t *root, const char **key)
{
	json_t *a = json_object_get(root, "jobs");

	*key = "jobs";
	if (!json_is_array(a)) {
		a = json_object_get(root, "client_stats");
		*key = "client_stats";
	}
	return json_is_array(a) ? a : NULL;
}

/* Notes the run of the job entry at index k of a document (runs.c): the
 * document's time, the place and every figure of the job, as jansson
 * writes them back, so that spacing and key order do not count. fio 2.1+
 * writes timestamp_ms (and timestamp, time); clones of a numjobs run have
 * the same name and time but their own place. */
static void
note_run(struct eb_parse *p, struct eb_fio_jdoc *doc, json_t *job, size_t k, const struct eb_fio_job *j)
{
	static const char *const times[] = { "timestamp_ms", "timestamp", "time" };
	json_t *when = NULL;
	char *dump = json_dumps(job, JSON_COMPACT | JSON_SORT_KEYS);
	char *stamp, *id, what[200];
	size_t i = 0;

	while (i < 3 && (when = json_object_get(doc->root, times[i])) == NULL)
		i++;
	if (json_is_number(when))
		stamp = eb_xasprintf("%.17g", json_number_value(when));
	else
		stamp = json_is_string(when) ? eb_xstrdup(json_string_value(when)) : NULL;
	id = eb_xasprintf("fio-json\n%s\n%zu\n%s", stamp ? stamp : "", k, dump ? dump : "");
	snprintf(what, sizeof what, "the run of fio job '%.40s'%s%.40s%s (%s %.30s)", j->name,
	    j->host[0] ? " of host '" : "", j->host, j->host[0] ? "'" : "",
	    when != NULL ? times[i] : "no time", stamp ? stamp : "given");
	eb_parse_run(p, id, strlen(id), j->line, what);
	eb_fio_json_note_figures(p, dump, j);
	free(id);
	free(stamp);
	free(dump);
}

/* Notes the options the job ran with, for jobs of its name in other files
 * of its test (runs.c); fio 2.1.4 prints none. */
static void
note_setup(struct eb_parse *p, const struct eb_fio_json_job_opts *o, const struct eb_fio_job *j)
{
	char *text;

	if (o->jopts == NULL && o->gopts == NULL)
		return;
	text = eb_fio_json_opts_text(o);
	eb_parse_setup(p, j->name, j->host, text, j->line);
	free(text);
}

/* Notes the summaries fio prints of the job's bandwidth, IOPS and clat
 * samples, for a log of the same run (eb_parse_fio_series): fio 3.33 keeps
 * a log's samples and those of bw_min ... bw_samples alike. */
static void
note_series(struct eb_parse *p, json_t *job, json_t *gopts, const struct eb_fio_job *j)
{
	static const char *const keys[][4] = {
		{ "bw_samples", "bw_min", "bw_max", "bw_mean" },
		{ "iops_samples", "iops_min", "iops_max", "iops_mean" },
		{ "N", "min", "max", "mean" },
	};

	for (int d = 0; d < 3; d++) {
		json_t *o = json_object_get(job, eb_fio_dir_names[d]);

		if (!j->d[d].present || !json_is_object(o))
			continue;
		for (int k = 0; k < 3; k++) {
			json_t *x = k == EB_FIO_SERIES_CLAT ? json_object_get(o, "clat_ns") : o;
			struct eb_fio_series s = { k, d, 0, 0, 0, 0, 0, 5e-7, 0, 0, 0 };
			double *v[] = { &s.n, &s.min, &s.max, &s.mean };
			int ok = json_is_object(x);

			for (int m = 0; m < 4 && ok; m++) {
				json_t *y = json_object_get(x, keys[k][m]);

				ok = json_is_number(y);
				if (ok)
					*v[m] = json_number_value(y);
			}
			if (ok && s.n > 0)
				eb_parse_fio_series(p, &s, j->name, j->line);
		}
	}
	/* The logs the job's options wrote (write_bw_log=NAME gives
	 * NAME_bw.1.log beside the output), known by name, since averaged
	 * windows (log_avg_msec=) are not the summary's clat samples. */
	json_t *jo = json_object_get(job, "job options");
	json_t *avg = json_is_object(jo) ? json_object_get(jo, "log_avg_msec") : NULL;

	if (!json_is_string(avg) && json_is_object(gopts))
		avg = json_object_get(gopts, "log_avg_msec");
	for (int k = 0; k < 3; k++) {
		static const char *const logs[] = { "write_bw_log", "write_iops_log",
			"write_lat_log" };
		json_t *v = json_is_object(jo) ? json_object_get(jo, logs[k]) : NULL;
		struct eb_fio_series s = { k, -1, 0, -1, 0, 0, 0, 0, 0, 0, 0 };

		s.averaged = json_is_string(avg) && strtod(json_string_value(avg), NULL) != 0;
		if (!json_is_string(v) && json_is_object(gopts))
			v = json_object_get(gopts, logs[k]);
		if (json_is_string(v) && json_string_value(v)[0] != '\0')
			eb_parse_fio_series(p, &s, json_string_value(v), j->line);
	}
}

/* Notes the job for a copy of its run in normal text or terse output
 * (eb_fio_like). */
static void
note_like(struct eb_parse *p, json_t *job, json_t *gopts, const struct eb_fio_job *j)
{
	static const char *const keys[] = { "usr_cpu", "sys_cpu", "ctx", "majf", "minf" };
	struct eb_fio_like l;
	double *v[] = { &l.usr, &l.sys, &l.ctx, &l.majf, &l.minf };

	eb_fio_like_init(&l, j, EB_FIO_LIKE_JSON);
	for (int d = 0; d < 3; d++) {
		if (!j->d[d].present)
			continue;
		l.ios[d] = j->d[d].ios;
		/* io_kbytes, as terse prints it. */
		l.kib[d] = j->d[d].io >= 0 ? floor(j->d[d].io / 1024) : -1;
		l.rt[d] = j->d[d].runtime_ms;
		l.lat[d] = j->d[d].lat_total ? j->d[d].clat_ns : j->d[d].lat_ns;
		/* %f of ns (fio 3.x) or of us (2.x). */
		l.lat_res[d] = 5e-4;
	}
	for (size_t k = 0; k < sizeof keys / sizeof keys[0]; k++) {
		json_t *x = json_object_get(job, keys[k]);

		if (json_is_number(x))
			*v[k] = json_number_value(x);
	}
	/* %f prints 6 decimals. */
	l.cpu_res = 5e-7;
	eb_fio_note_like(p, &l, j);
	note_series(p, job, gopts, j);
}

/* Whether a is a --status-interval snapshot of the run that b finishes:
 * the same jobs, every count grown, and the time between the documents
 * equal to the growth of each job's elapsed seconds. Runs appended with >>
 * restart their counts and their elapsed time. fio 3.33 prints a last
 * snapshot in the run's last second, its eta already 0: elapsed has not
 * grown then, and the documents are less than a second apart. */
static int
is_snapshot(struct eb_fio_jdoc *a, struct eb_fio_jdoc *b)
{
	const char *ka, *kb;
	json_t *ja = jobs_of(a->root, &ka), *jb = jobs_of(b->root, &kb);
	double ta = eb_fio_jd_num(a, a->root, EB_FIO_JSON_ROOT, "timestamp", -1);
	double tb = eb_fio_jd_num(b, b->root, EB_FIO_JSON_ROOT, "timestamp", -1);
	double gap = eb_fio_jd_num(b, b->root, EB_FIO_JSON_ROOT, "timestamp_ms", -1) -
	    eb_fio_jd_num(a, a->root, EB_FIO_JSON_ROOT, "timestamp_ms", -1);
	int grew = 0;

	if (ja == NULL || jb == NULL || strcmp(ka, kb) != 0 ||
	    json_array_size(ja) != json_array_size(jb) || json_array_size(ja) == 0)
		return 0;
	eb_fio_jd_dup(a, EB_FIO_JSON_ROOT, ka);
	eb_fio_jd_dup(b, EB_FIO_JSON_ROOT, kb);
	for (size_t i = 0; i < json_array_size(ja); i++) {
		json_t *x = json_array_get(ja, i), *y = json_array_get(jb, i);
		uint64_t hx = eb_fio_json_idx(eb_fio_json_key(EB_FIO_JSON_ROOT, ka), i);
		const char *nx = eb_fio_jd_str(a, x, hx, "jobname"), *ny = eb_fio_jd_str(b, y, hx, "jobname");
		double ex = eb_fio_jd_num(a, x, hx, "elapsed", -1), ey = eb_fio_jd_num(b, y, hx, "elapsed", -1);

		if (nx == NULL || ny == NULL || strcmp(nx, ny) != 0 ||
		    eb_fio_jd_num(a, x, hx, "groupid", 0) != eb_fio_jd_num(b, y, hx, "groupid", 0))
			return 0;
		if (ex >= 0 && ey >= 0) {
			if (ey < ex || (ey == ex && !(gap >= 0 && gap < 1000)))
				return 0;
			if (ta >= 0 && tb >= 0 && fabs((ey - ex) - (tb - ta)) > 2)
				return 0;
		}
		double rta = 0, rtb = 0;
		int job_grew = 0;

		for (int d = 0; d < EB_FIO_NDIRS; d++) {
			uint64_t hd = eb_fio_json_key(hx, eb_fio_dir_names[d]);
			json_t *dx = eb_fio_jd_get(a, x, hx, eb_fio_dir_names[d]);
			json_t *dy = eb_fio_jd_get(b, y, hx, eb_fio_dir_names[d]);
			double iox = eb_fio_jd_num(a, dx, hd, "io_bytes", 0), ioy = eb_fio_jd_num(b, dy, hd, "io_bytes", 0);
			double rx = eb_fio_jd_num(a, dx, hd, "runtime", 0), ry = eb_fio_jd_num(b, dy, hd, "runtime", 0);

			if (ioy < iox || ry < rx)
				return 0;
			if (ioy > iox)
				job_grew = 1;
			rta = fmax(rta, rx);
			rtb = fmax(rtb, ry);
		}
		/* A snapshot's job runs on until b is printed, so b's runtime
		 * spans the gap; a run appended with >> begins only after a was
		 * printed, so the gap holds a's run too: two runs of well under
		 * a second (fio 3.33, 4 MiB then 8 MiB) fit the elapsed rule. */
		if (job_grew && gap >= 0 && rta > 0 && gap - rtb > fmax(rta / 2, 20))
			return 0;
		grew |= job_grew;
	}
	return grew;
}

/* Whether the options of a job say it is one of numjobs= clones. */
static int
has_clones(const struct eb_fio_json_job_opts *o)
{
	json_t *n = o->jopts != NULL ? json_object_get(o->jopts, "numjobs") : NULL;

	if (n == NULL && o->gopts != NULL)
		n = json_object_get(o->gopts, "numjobs");
	return json_is_string(n) ? atol(json_string_value(n)) > 1 :
	    json_is_integer(n) ? json_integer_value(n) > 1 : 0;
}

/* The line of the second of two jobs of one name, group and host in run
 * whose options (o[0, n), one per job of run but the all-clients ones)
 * set no numjobs: two [job] sections of one name, which fio 3.33 prints as
 * two entries as it prints clones, and which would be summed as clones.
 * 0 when there is none, or the options are not printed (fio 2.1.4). */
static long
two_jobs_one_name(const struct eb_fio_run *run, const struct eb_fio_json_job_opts *o,
    size_t n, long *first, const char **name)
{
	size_t *at = eb_xcalloc(run->n + 1, sizeof *at), k = 0;
	long line = 0;

	for (size_t i = 0; i < run->n && k < n; i++)
		at[i] = run->jobs[i].all_clients ? SIZE_MAX : k++;
	for (size_t b = 0; b < run->n && line == 0; b++) {
		const struct eb_fio_job *y = &run->jobs[b];

		if (at[b] == SIZE_MAX || at[b] >= n || (o[at[b]].jopts == NULL &&
		    o[at[b]].gopts == NULL) || has_clones(&o[at[b]]))
			continue;
		for (size_t a = 0; a < b && line == 0; a++) {
			const struct eb_fio_job *x = &run->jobs[a];

			if (at[a] == SIZE_MAX || strcmp(x->name, y->name) != 0 ||
			    strcmp(x->host, y->host) != 0 || x->groupid != y->groupid ||
			    has_clones(&o[at[a]]))
				continue;
			line = o[at[b]].line;
			*first = o[at[a]].line;
			*name = y->name;
		}
	}
	free(at);
	return line;
}

/* Finds and parses every document; fills docs. */
static enum eb_status
load_docs(struct eb_parse *p, struct json_state *st, struct eb_fio_jdoc **docs, size_t *ndocs)
{
	const char *text;
	size_t len, pos = 0, cap = 0, nbad;
	long line = st->first_line;
	struct eb_fio_json_bad bad;

	if ((nbad = eb_fio_json_repair_utf8(&st->text, line, &bad)) > 0) {
		struct eb_loc loc = eb_parse_loc(p, bad.line);

		loc.col = bad.col;
		if (nbad == 1)
			eb_diag(p->diag, EB_WARNING, loc,
			    "byte 0x%02x is not UTF-8; it is read as U+FFFD", bad.byte);
		else
			eb_diag(p->diag, EB_WARNING, loc, "byte 0x%02x is not UTF-8; it and %zu "
			    "more such bytes are read as U+FFFD, one each", bad.byte, nbad - 1);
	}
	text = st->text.data;
	len = st->text.len;

	for (;;) {
		long col = 1;
		const char *s = next_doc(text, len, &pos, &line, &col);
		json_error_t e;
		json_t *root;
		size_t used;

		if (s == NULL)
			return EB_OK;
		root = json_loadb(s, len - (size_t)(s - text),
		    JSON_DISABLE_EOF_CHECK | JSON_DECODE_INT_AS_REAL, &e);
		if (root == NULL) {
			struct eb_loc loc = eb_parse_loc(p, line);
			size_t rest = len - (size_t)(s - text);

			/* A '{' line that is no fio document is someone
			 * else's text; a broken fio document is an error. */
			if (eb_fio_memstr(s, rest > 400 ? 400 : rest, "\"fio version\"") == NULL &&
			    eb_fio_memstr(s, rest > 400 ? 400 : rest, "\"jobs\"") == NULL) {
				pos = (size_t)(s - text) + 1;
				continue;
			}
			if (e.line > 0) {
				loc.line = line + e.line - 1;
				loc.col = e.line == 1 ? col - 1 + e.column : e.column;
			}
			return eb_err_set(p->err, EB_ERR_DATA, loc,
			    "fio JSON output is malformed: %s", e.text);
		}
		used = (size_t)e.position;
		if (used == 0 || used > len - (size_t)(s - text))
			used = len - (size_t)(s - text);
		if (json_is_object(root) && (json_object_get(root, "fio version") != NULL ||
		    jobs_of(root, &(const char *){ NULL }) != NULL)) {
			struct eb_fio_jdoc *d;

			eb_xgrow(docs, &cap, *ndocs + 1, sizeof **docs);
			d = &(*docs)[(*ndocs)++];
			memset(d, 0, sizeof *d);
			d->root = root;
			d->line = line;
			eb_fio_json_map_doc(&d->map, s, used, line, col);
		} else {
			json_decref(root);
		}
		line += count_lines(s, used);
		pos = (size_t)(s - text) + used;
		/* The rest of the line a document ends on is no new start. */
		while (pos < len && text[pos] != '\n')
			pos++;
		if (pos < len) {
			pos++;
			line++;
		}
	}
}

/* The line of a client_stats entry that is a --status-interval snapshot
 * of another (fio 3.33 --client puts every snapshot of a job in the one
 * document: 3.7, 7.9, 12.4, 16.6 and 16.8 MB at 0.9 to 4 s), or 0. A
 * snapshot ran under half as long as the whole and moved well under what
 * it did, in every direction; clones and servers of one job move alike
 * however long each took (a straggler's 4 MiB in 221 ms beside another's
 * in 81 ms, audit 23 I01), or run alike long (time_based). */
static long
client_snapshots(const struct eb_fio_run *run)
{
	for (size_t i = 0; i < run->n; i++)
		for (size_t k = 0; k < run->n; k++) {
			const struct eb_fio_job *a = &run->jobs[i], *b = &run->jobs[k];
			double ra = 0, rb = 0;
			int grows = 1, shared = 0;

			if (i == k || a->all_clients || b->all_clients || a->groupid != b->groupid ||
			    strcmp(a->name, b->name) != 0 || strcmp(a->host, b->host) != 0)
				continue;
			for (int d = 0; d < EB_FIO_NDIRS; d++) {
				ra = fmax(ra, a->d[d].runtime_ms);
				rb = fmax(rb, b->d[d].runtime_ms);
				if (a->d[d].present && b->d[d].present) {
					shared = 1;
					if (!(a->d[d].io < 0.75 * b->d[d].io))
						grows = 0;
				}
			}
			if (shared && grows && ra > 0 && ra < rb / 2)
				return a->line > b->line ? a->line : b->line;
		}
	return 0;
}

static enum eb_status
finish(struct eb_parse *p, int ok)
{
	struct json_state *st = p->state;
	struct eb_fio_jdoc *docs = NULL;
	size_t ndocs = 0, added = 0, nsnap = 0;
	enum eb_status status = EB_OK;
	int told_total = 0, told_verify = 0;
	long err_line = 0, nfailed = 0, cut_line = 0, snap_line = 0;
	double err_code = 0, cut_code = 0;
	const char *err_job = NULL;
	char *cut_job = NULL;
	struct eb_fio_json_job_opts *opts = NULL;
	size_t nopts = 0, capopts = 0;
	char why[400];
	long clash, twice = 0, twice_first = 0;
	char *twin = NULL;

	if (ok && st->text.len > 0)
		status = load_docs(p, st, &docs, &ndocs);
	if (ok && status == EB_OK) {
		for (size_t i = 0; i + 1 < ndocs; i++)
			if (is_snapshot(&docs[i], &docs[i + 1])) {
				docs[i].snapshot = 1;
				nsnap++;
			}
		if (nsnap > 0)
			eb_diag(p->diag, EB_NOTE, eb_parse_loc(p, docs[0].line),
			    "%zu --status-interval snapshot%s of a run; only its final "
			    "result is read", nsnap, nsnap == 1 ? "" : "s");
		for (size_t i = 0; i < ndocs; i++) {
			struct eb_fio_jdoc *d = &docs[i];
			const char *key;
			json_t *arr = jobs_of(d->root, &key), *gopts;
			uint64_t h = eb_fio_json_key(EB_FIO_JSON_ROOT, key);
			struct eb_fio_run run = { 0 };
			size_t first_opt = nopts;
			const char *twin_name = NULL;

			if (d->snapshot || arr == NULL)
				continue;
			eb_fio_jd_dup(d, EB_FIO_JSON_ROOT, key);
			p->setup_run++;
			gopts = eb_fio_jd_get(d, d->root, EB_FIO_JSON_ROOT, "global options");
			if (!json_is_object(gopts))
				gopts = NULL;
			for (size_t k = 0; k < json_array_size(arr); k++) {
				json_t *job = json_array_get(arr, k);
				uint64_t hj = eb_fio_json_idx(h, k);
				double code;
				long line;

				if (!json_is_object(job))
					continue;
				take_job(d, job, hj, strcmp(key, "client_stats") == 0, &run,
				    gopts);
				if (!run.jobs[run.n - 1].all_clients) {
					eb_fio_json_opts_add(&opts, &nopts, &capopts, job, gopts,
					    run.jobs[run.n - 1].line);
					note_setup(p, &opts[nopts - 1], &run.jobs[run.n - 1]);
				}
				eb_fio_json_say_total(p, &run.jobs[run.n - 1], &told_total);
				eb_fio_json_mixed_verify(p, &run.jobs[run.n - 1], &told_verify);
				if (did_io(&run.jobs[run.n - 1])) {
					note_run(p, d, job, k, &run.jobs[run.n - 1]);
					note_like(p, job, gopts, &run.jobs[run.n - 1]);
				}
				if ((code = eb_fio_jd_figure(d, job, hj, "error", 0)) == 0)
					continue;
				line = eb_fio_json_map_get(&d->map, eb_fio_json_key(hj, "error"), d->line);
				if (did_io(&run.jobs[run.n - 1])) {
					if (cut_line == 0) {
						cut_line = line;
						cut_code = code;
						cut_job = eb_xstrdup(run.jobs[run.n - 1].name);
					}
				} else if (nfailed++ == 0) {
					err_line = line;
					err_code = code;
					err_job = eb_fio_jd_str(d, job, hj, "jobname");
				}
			}
			if (snap_line == 0 && strcmp(key, "client_stats") == 0)
				snap_line = client_snapshots(&run);
			/* Clients of one host name are no [job] sections. */
			if (twice == 0 && strcmp(key, "client_stats") != 0 &&
			    (twice = two_jobs_one_name(&run, opts + first_opt, nopts - first_opt,
			    &twice_first, &twin_name)) != 0)
				twin = eb_xstrdup(twin_name);
			added += eb_fio_run_emit(p, &run, &st->notes);
		}
		for (size_t i = 0; i < ndocs && status == EB_OK; i++) {
			struct eb_loc loc = eb_parse_loc(p, docs[i].bad_line);

			loc.col = docs[i].bad_col;
			if (docs[i].bad_line != 0)
				status = eb_err_set(p->err, EB_ERR_DATA, loc, "%s", docs[i].bad);
			if (status == EB_OK && docs[i].twice_line != 0) {
				loc = eb_parse_loc(p, docs[i].twice_line);
				loc.col = docs[i].twice_col;
				eb_diag(p->diag, EB_WARNING, loc, "%s", docs[i].twice);
			}
		}
		/* A job that did I/O and then failed (ENOSPC in fio 3.33: "error": 28)
		 * prints figures of a part of its run. */
		if (status == EB_OK && cut_line != 0)
			status = eb_err_set(p->err, EB_ERR_DATA, eb_parse_loc(p, cut_line),
			    "fio job '%s' ended with error %.0f%s%s%s: the figures of a run cut "
			    "short are no measurement; run the job again", cut_job, cut_code,
			    eb_fio_errno_name(cut_code)[0] ? " (" : "", eb_fio_errno_name(cut_code),
			    eb_fio_errno_name(cut_code)[0] ? ")" : "");
		if (status == EB_OK &&
		    (clash = eb_fio_json_opts_clash(opts, nopts, why, sizeof why)) >= 0)
			status = eb_err_set(p->err, EB_ERR_DATA, eb_parse_loc(p, opts[clash].line),
			    "%s", why);
		if (status == EB_OK && snap_line != 0)
			status = eb_err_set(p->err, EB_ERR_DATA, eb_parse_loc(p, snap_line),
			    "fio --client JSON whose client_stats give one job of one server at "
			    "runtimes of under half and of the whole: the snapshots of "
			    "--status-interval, which fio puts in one document and nothing tells "
			    "from clones to sum; run it without --status-interval, or read its terse "
			    "or normal output");
		if (status == EB_OK && twice != 0)
			status = eb_err_set(p->err, EB_ERR_DATA, eb_parse_loc(p, twice),
			    "a second job of fio job '%.40s' in one group (the first: line %ld), "
			    "and its options set no numjobs=: these are two jobs of one name, whose "
			    "results would be summed as clones; name the jobs apart", twin,
			    twice_first);
		if (status != EB_OK)
			;
		else if (added > 0 && nfailed > 0)
			eb_diag(p->diag, EB_WARNING, eb_parse_loc(p, err_line),
			    "fio job '%s' failed with error %.0f and did no I/O%s",
			    err_job ? err_job : "", err_code,
			    nfailed > 1 ? ", and so did other jobs" : "");
		else if (added == 0 && err_line != 0)
			status = eb_err_set(p->err, EB_ERR_DATA, eb_parse_loc(p, err_line),
			    "fio job '%s' failed with error %.0f and did no I/O%s%s",
			    err_job ? err_job : "", err_code,
			    st->errors.first ? "; fio said: " : "",
			    st->errors.first ? st->errors.first : "");
		else if (added == 0 && ndocs > 0)
			status = eb_err_set(p->err, EB_ERR_DATA, eb_parse_loc(p, docs[0].line),
			    "no fio job in this JSON document did any I/O");
		else if (added == 0)
			status = eb_fio_no_results(p, &st->errors, "no fio JSON document");
	}
	for (size_t i = 0; i < ndocs; i++) {
		json_decref(docs[i].root);
		eb_fio_json_map_free(&docs[i].map);
	}
	free(docs);
	free(opts);
	free(cut_job);
	free(twin);
	eb_buf_free(&st->text);
	eb_fio_errors_free(&st->errors);
	return status;
}

const struct eb_format eb_format_fio_json = {
	"fio-json", "fio --output-format=json or json+ (fio 2.0 to 3.x, client/server too)",
	probe, sizeof(struct json_state), parse_line, finish, NULL, NULL, NULL, NULL, 0,
};
