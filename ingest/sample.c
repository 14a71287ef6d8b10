/* sample.c - encbench-sample's PREFIX.sample files: the machine's busy share,
 * the busiest thread, and the energy of one test, labelled like the test. */
#include <dirent.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ingest.h"
#include "sample.h"

/* Beyond these a sample file is damaged, not a measurement. */
#define MAX_DURATION 1e7	/* seconds: 115 days */
#define MAX_CPUS 65536
#define MAX_JOULES 1e12		/* a megawatt for 11 days */
/* The rounding the sampler's six decimals allow a meter's joules beyond
 * what its readings can give (see finish). */
#define METER_SLACK 1.000001
#define MAX_WATTS 1e6
/* More zones or batteries than any machine has: a damaged file. */
#define MAX_ZONES 256
#define MAX_BATTERIES 64
#define MAX_NAME 64

/* The lines encbench-sample writes once: a second one would silently
 * replace the first (or, for a zone or battery, count its joules twice). */
static const char *const once_keys[] = {
	"command", "status", "interval", "duration", "samples", "clock_hz", "self_cpu",
	"cpus", "cpu_all", "cpu_threads", "threads", "thread_clock", "meter",
};
#define NONCE (sizeof once_keys / sizeof once_keys[0])

/* Names of zones or batteries seen, with the line of each. */
struct seen_names {
	char name[MAX_ZONES][MAX_NAME];
	long line[MAX_ZONES];
	size_t n;
};

enum energy_kind { E_NONE, E_RAPL, E_BATTERY, E_METER };

struct sample_state {
	int version;
	long status_line, duration_line, hz_line, cpu_line, cpus_line, end_line;
	double duration;
	long hz;
	int cpus_min, cpus_max;
	double busy, total;	/* CPU-seconds */
	double top_s;		/* the busiest thread's CPU-seconds */
	long top_line;
	char top_name[128];
	/* Energy: each kind's joules and the line that gave it. */
	double psys_j, pkg_j, battery_j, meter_j, meter_w, meter_n;
	long psys_line, pkg_line, battery_line, meter_line;
	int have_psys, have_pkg, have_battery, have_meter;
	int failed;		/* the test's exit status was not 0 */
	int thread_ns;		/* threads timed by schedstat, not in ticks */
	double threads_s;	/* cpu_threads: every thread's CPU-seconds */
	long threads_line;
	long once_line[NONCE];	/* where each once-only line was */
	long last_cpu, last_cpu_line;	/* the last "cpu N" line: N and where */
	struct seen_names zones, batteries;
};

static int
probe(const char *head, size_t len)
{
	static const char magic[] = "encbench-sample ";

	if (len >= sizeof magic - 1 && memcmp(head, magic, sizeof magic - 1) == 0)
		return 100;
	return 0;
}

/* The next space-separated word of *s, NUL-terminated in place. */
static char *
word(char **s)
{
	char *w = *s, *e;

	while (*w == ' ')
		w++;
	if (*w == '\0')
		return NULL;
	for (e = w; *e != ' ' && *e != '\0'; e++)
		;
	if (*e == ' ')
		*e++ = '\0';
	*s = e;
	return w;
}

/* A whole word as a finite number; col gets its column for errors. */
static int
number(char *line, char **s, double *out, long *col)
{
	char *w = word(s);
	size_t n;

	*col = w ? (long)(w - line) + 1 : (long)(*s - line) + 1;
	if (w == NULL)
		return 0;
	n = strlen(w);
	return eb_parse_number(w, n, out) == n && isfinite(*out);
}

static enum eb_status
bad(struct eb_parse *p, long lineno, long col, const char *fmt, const char *what)
{
	struct eb_loc loc = { p->path, lineno, col };

	return eb_err_set(p->err, EB_ERR_DATA, loc, fmt, what);
}

/* A line that says again what an earlier one said: a located error naming
 * both, so that neither value is taken silently. */
static enum eb_status
again(struct eb_parse *p, long lineno, long col, const char *what, long first)
{
	struct eb_loc loc = { p->path, lineno, col };

	return eb_err_set(p->err, EB_ERR_DATA, loc, "%s is given twice (first on line %ld): "
	    "encbench-sample writes it once, so the file is damaged", what, first);
}

/* Records name (a zone or a battery) as seen at lineno; fails when it was
 * seen before or there are more than max. */
static enum eb_status
seen_name(struct eb_parse *p, struct seen_names *sn, size_t max, const char *kind,
    const char *name, long lineno, long col)
{
	char what[MAX_NAME + 32];

	if (strlen(name) >= MAX_NAME)
		return bad(p, lineno, col, "a %s name is longer than 63 bytes", kind);
	for (size_t i = 0; i < sn->n; i++)
		if (strcmp(sn->name[i], name) == 0) {
			snprintf(what, sizeof what, "%s %s", kind, name);
			return again(p, lineno, col, what, sn->line[i]);
		}
	if (sn->n == max)
		return bad(p, lineno, col, "%s", max == MAX_ZONES ?
		    "more than 256 RAPL zones, more than any machine has" :
		    "more than 64 batteries, more than any machine has");
	snprintf(sn->name[sn->n], MAX_NAME, "%s", name);
	sn->line[sn->n++] = lineno;
	return EB_OK;
}

static enum eb_status
parse_line(struct eb_parse *p, char *line, size_t len, long lineno)
{
	struct sample_state *st = p->state;
	char *s = line, *key;
	double v[4];
	long col = 0;

	(void)len;
	if (st->end_line != 0)
		return bad(p, lineno, 1, "%s", "text after the \"end\" line");
	key = word(&s);
	if (key == NULL)
		return bad(p, lineno, 1, "%s", "empty line");
	if (lineno == 1) {
		if (strcmp(key, "encbench-sample") != 0 || !number(line, &s, &v[0], &col))
			return bad(p, lineno, 1, "%s", "not an encbench-sample file");
		if (v[0] != 1)
			return bad(p, lineno, col, "%s",
			    "sample file version is not 1, the one this encbench reads");
		st->version = 1;
		return EB_OK;
	}
	for (size_t i = 0; i < NONCE; i++)
		if (strcmp(key, once_keys[i]) == 0) {
			char what[32];

			if (st->once_line[i] != 0) {
				snprintf(what, sizeof what, "\"%s\"", key);
				return again(p, lineno, 1, what, st->once_line[i]);
			}
			st->once_line[i] = lineno;
		}
	if (strcmp(key, "command") == 0)
		return EB_OK;	/* for people */
	if (strcmp(key, "end") == 0) {
		st->end_line = lineno;
		return EB_OK;
	}
	if (strcmp(key, "status") == 0 || strcmp(key, "interval") == 0 ||
	    strcmp(key, "samples") == 0 || strcmp(key, "self_cpu") == 0 ||
	    strcmp(key, "threads") == 0 || strcmp(key, "duration") == 0 ||
	    strcmp(key, "clock_hz") == 0) {
		if (!number(line, &s, &v[0], &col) || v[0] < 0)
			return bad(p, lineno, col, "%s: not a number of 0 or more", key);
		if (strcmp(key, "status") == 0) {
			if (v[0] != 0) {
				struct eb_loc loc = { p->path, lineno, col };

				eb_diag(p->diag, EB_WARNING, loc, "the test exited with "
				    "status %.0f: its samples measure no completed test and "
				    "are not used", v[0]);
				st->failed = 1;
			}
			st->status_line = lineno;
		} else if (strcmp(key, "duration") == 0) {
			if (!(v[0] > 0 && v[0] <= MAX_DURATION))
				return bad(p, lineno, col, "%s",
				    "duration is not between 0 and 10^7 seconds");
			st->duration = v[0];
			st->duration_line = lineno;
		} else if (strcmp(key, "clock_hz") == 0) {
			if (!(v[0] >= 1 && v[0] <= 1e6 && v[0] == floor(v[0])))
				return bad(p, lineno, col, "%s", "clock_hz is not a whole number of ticks a second");
			st->hz = (long)v[0];
			st->hz_line = lineno;
		}
		return EB_OK;
	}
	if (strcmp(key, "cpu_threads") == 0) {
		if (!number(line, &s, &v[0], &col) || v[0] < 0)
			return bad(p, lineno, col, "%s", "cpu_threads needs the CPU-seconds of all threads");
		st->threads_s = v[0];
		st->threads_line = lineno;
		return EB_OK;
	}
	if (strcmp(key, "thread_clock") == 0) {
		char *clock = word(&s);

		if (clock == NULL || (strcmp(clock, "ns") != 0 && strcmp(clock, "ticks") != 0))
			return bad(p, lineno, clock ? (long)(clock - line) + 1 : (long)(s - line) + 1,
			    "%s", "thread_clock is ns or ticks");
		st->thread_ns = strcmp(clock, "ns") == 0;
		return EB_OK;
	}
	if (strcmp(key, "cpus") == 0) {
		if (!number(line, &s, &v[0], &col) || !number(line, &s, &v[1], &col) ||
		    v[0] < 0 || v[1] < v[0] || v[1] > MAX_CPUS || v[0] != floor(v[0]) ||
		    v[1] != floor(v[1]))
			return bad(p, lineno, col, "%s", "cpus needs the fewest and most CPUs online, 0 to 65536");
		st->cpus_min = (int)v[0];
		st->cpus_max = (int)v[1];
		st->cpus_line = lineno;
		return EB_OK;
	}
	if (strcmp(key, "cpu_all") == 0 || strcmp(key, "cpu") == 0) {
		if (strcmp(key, "cpu") == 0) {
			char what[32];
			size_t n;

			if (!number(line, &s, &v[2], &col) || v[2] < 0 || v[2] >= MAX_CPUS ||
			    v[2] != floor(v[2]))
				return bad(p, lineno, col, "%s", "cpu needs a CPU number");
			/* The sampler lists each CPU once, in order. */
			n = (size_t)v[2];
			if (st->last_cpu_line != 0 && (long)n == st->last_cpu) {
				snprintf(what, sizeof what, "cpu %zu", n);
				return again(p, lineno, col, what, st->last_cpu_line);
			}
			if (st->last_cpu_line != 0 && (long)n < st->last_cpu) {
				struct eb_loc loc = { p->path, lineno, col };

				return eb_err_set(p->err, EB_ERR_DATA, loc, "cpu %zu comes after cpu %ld "
				    "(line %ld): encbench-sample lists each CPU once, in order, so "
				    "the file is damaged", n, st->last_cpu, st->last_cpu_line);
			}
			st->last_cpu = (long)n;
			st->last_cpu_line = lineno;
		}
		if (!number(line, &s, &v[0], &col) || !number(line, &s, &v[1], &col) ||
		    v[0] < 0 || v[1] < 0)
			return bad(p, lineno, col, "%s: needs busy and total CPU-seconds", key);
		if (v[0] > v[1])
			return bad(p, lineno, col, "%s: busy CPU-seconds exceed the total", key);
		if (strcmp(key, "cpu_all") == 0) {
			st->busy = v[0];
			st->total = v[1];
			st->cpu_line = lineno;
		}
		return EB_OK;
	}
	if (strcmp(key, "thread") == 0) {
		char *name, *kind;

		if (!number(line, &s, &v[0], &col) || !number(line, &s, &v[1], &col))
			return bad(p, lineno, col, "%s", "thread needs tid, pid, kind, CPU-seconds and a name");
		kind = word(&s);
		col = kind ? (long)(kind - line) + 1 : (long)(s - line) + 1;
		if (kind == NULL || strlen(kind) != 1 || strchr("kto", kind[0]) == NULL)
			return bad(p, lineno, col, "%s", "a thread's kind is k (kernel), t (the test's) or o (other)");
		if (!number(line, &s, &v[2], &col) || v[2] < 0)
			return bad(p, lineno, col, "%s", "thread needs tid, pid, kind, CPU-seconds and a name");
		if ((name = word(&s)) == NULL || strlen(name) >= sizeof st->top_name)
			return bad(p, lineno, (long)(s - line) + 1, "%s", "thread needs a name of up to 127 bytes");
		/* The busiest thread is the test's or the kernel's: another
		 * program busy at the same time is not what the test cost. */
		if (kind[0] != 'o' && (st->top_line == 0 || v[2] > st->top_s)) {
			st->top_s = v[2];
			st->top_line = lineno;
			snprintf(st->top_name, sizeof st->top_name, "%s", name);
		}
		return EB_OK;
	}
	if (strcmp(key, "rapl") == 0) {
		char *zone = word(&s), *name = word(&s);

		if (zone == NULL || name == NULL || !number(line, &s, &v[0], &col) ||
		    !(v[0] >= 0 && v[0] <= MAX_JOULES))
			return bad(p, lineno, col, "%s", "rapl needs a zone, its name and joules");
		if (seen_name(p, &st->zones, MAX_ZONES, "RAPL zone", zone, lineno,
		    (long)(zone - line) + 1) != EB_OK)
			return EB_ERR_DATA;
		/* psys is the whole platform; packages and DRAM are disjoint
		 * parts of it. intel-rapl-mmio:0 is package-0 read through
		 * MMIO (Linux 5.3+ on some laptops): counting it too would count
		 * the package twice. */
		if (strcmp(name, "psys") == 0) {
			st->psys_j += v[0];
			st->have_psys = 1;
			st->psys_line = lineno;
		} else if ((strncmp(name, "package", 7) == 0 || strcmp(name, "dram") == 0) &&
		    strstr(zone, "mmio") == NULL) {
			st->pkg_j += v[0];
			if (!st->have_pkg)
				st->pkg_line = lineno;
			st->have_pkg = 1;
		}
		return EB_OK;
	}
	if (strcmp(key, "battery") == 0) {
		char *bat = word(&s), *status;

		if (bat == NULL || !number(line, &s, &v[0], &col) || !(v[0] <= MAX_JOULES) ||
		    (status = word(&s)) == NULL)
			return bad(p, lineno, col, "%s", "battery needs a name, joules and a status");
		if (seen_name(p, &st->batteries, MAX_BATTERIES, "battery", bat, lineno,
		    (long)(bat - line) + 1) != EB_OK)
			return EB_ERR_DATA;
		if (strcmp(status, "Discharging") != 0) {
			struct eb_loc loc = { p->path, lineno, (long)(status - line) + 1 };

			eb_diag(p->diag, EB_WARNING, loc, "battery %s became %s during the "
			    "test: mains power the battery does not see, so its energy is not used",
			    bat, status);
			return EB_OK;
		}
		if (v[0] < 0)
			return bad(p, lineno, col, "%s", "a discharging battery gained energy");
		if (!st->have_battery)
			st->battery_line = lineno;
		st->battery_j += v[0];
		st->have_battery = 1;
		return EB_OK;
	}
	if (strcmp(key, "meter") == 0) {
		if (!number(line, &s, &v[0], &col) || !number(line, &s, &v[1], &col) ||
		    !number(line, &s, &v[2], &col) || !number(line, &s, &v[3], &col) ||
		    v[0] < 0 || v[1] < 0 || !(v[3] >= 0 && v[3] <= MAX_WATTS))
			return bad(p, lineno, col, "%s", "meter needs readings, bad lines, joules and mean watts");
		if (v[1] > 0) {
			struct eb_loc loc = { p->path, lineno, 0 };

			eb_diag(p->diag, EB_WARNING, loc, "the power meter printed %.0f "
			    "line(s) that are not watts; they were left out", v[1]);
		}
		if (v[0] >= 1) {
			st->meter_n = v[0];
			st->meter_j = v[2];
			st->meter_w = v[3];
			st->have_meter = 1;
			st->meter_line = lineno;
		}
		return EB_OK;
	}
	return bad(p, lineno, 1, "unknown line \"%s\" in a version 1 sample file", key);
}

/* ---- labels from the test's own output beside the sample file */

static void
quiet_emit(void *ctx, enum eb_severity sev, struct eb_loc loc, const char *msg)
{
	(void)ctx;
	(void)sev;
	(void)loc;
	(void)msg;
}

/* The output of the test this file sampled: the file of the same stem
 * (dd-write-r1.txt for dd-write-r1.sample), read for its labels only. Its
 * own errors are told when the walk reaches it. */
static struct eb_table *
test_output(const char *path)
{
	const char *slash = strrchr(path, '/'), *base = slash ? slash + 1 : path;
	const char *dot = strchr(base, '.');
	char *dir = slash ? eb_xstrndup(path, (size_t)(slash - path)) : eb_xstrdup(".");
	size_t stem = dot ? (size_t)(dot - base) : strlen(base);
	struct eb_table *t = NULL;
	struct dirent *e;
	DIR *d;

	if (stem == 0 || (d = opendir(dir)) == NULL) {
		free(dir);
		return NULL;
	}
	while (t == NULL && (e = readdir(d)) != NULL) {
		const char *n = e->d_name, *ext = n + stem;
		size_t len = strlen(n);

		if (strncmp(n, base, stem) != 0 || *ext != '.' || strncmp(ext, ".sample", 7) == 0 ||
		    (len > 5 && strcmp(n + len - 5, ".part") == 0))
			continue;
		{
			char *file = eb_xasprintf("%s/%s", dir, n);
			struct eb_diag diag = { quiet_emit, NULL, 1, 0, 0 };
			struct eb_ingest_opts opts = { .diag = &diag };
			struct eb_err err;

			t = eb_table_new();
			if (eb_ingest_path(t, file, &opts, &err) != EB_OK || t->n == 0) {
				eb_table_free(t);
				t = NULL;
			}
			free(file);
		}
	}
	closedir(d);
	free(dir);
	return t;
}

/* The labels every record of the test agrees on: bonnie++ measures many
 * workloads in one run, so its samples keep only tool and job. */
struct labels {
	const char *f[EB_NFIELDS];
	int64_t block_size;
	int bs_known;
};

static void
labels_from(struct eb_parse *p, struct labels *lb)
{
	static const int fields[] = { EB_F_TOOL, EB_F_JOB, EB_F_WORKLOAD, EB_F_OP };
	struct eb_table *t = test_output(p->path);

	memset(lb, 0, sizeof *lb);
	if (t == NULL) {
		/* No output to read (fuzzing, or a test that left none): the
		 * file name's first word is the tool. */
		const char *slash = strrchr(p->path, '/'), *base = slash ? slash + 1 : p->path;

		if (strncmp(base, "dd-", 3) == 0 || strncmp(base, "dd.", 3) == 0) {
			lb->f[EB_F_TOOL] = "dd";
			lb->f[EB_F_JOB] = "dd";
		} else if (strncmp(base, "fio-", 4) == 0) {
			lb->f[EB_F_TOOL] = "fio";
		} else if (strncmp(base, "bonnie", 6) == 0) {
			lb->f[EB_F_TOOL] = "bonnie";
		}
		for (size_t k = 0; k < EB_NFIELDS; k++)
			if (lb->f[k] != NULL)
				lb->f[k] = eb_intern_cstr(p->t, lb->f[k]);
		return;
	}
	for (size_t i = 0; i < sizeof fields / sizeof fields[0]; i++) {
		int f = fields[i];
		const char *v = t->rows[0].f[f];

		for (size_t r = 1; r < t->n && v != NULL; r++)
			if (t->rows[r].f[f] != v)
				v = NULL;
		if (v != NULL)
			lb->f[f] = eb_intern_cstr(p->t, v);
	}
	lb->block_size = t->rows[0].block_size;
	lb->bs_known = 1;
	for (size_t r = 1; r < t->n; r++)
		if (t->rows[r].block_size != lb->block_size)
			lb->bs_known = 0;
	eb_table_free(t);
}

static void
add(struct eb_parse *p, const struct labels *lb, const char *metric, const char *unit,
    double value, long lineno, const char *tag, const char *tagged)
{
	struct eb_record r;

	eb_parse_record(p, &r, "", metric, unit, lineno);
	for (size_t k = 0; k < EB_NFIELDS; k++)
		if (lb->f[k] != NULL)
			r.f[k] = lb->f[k];
	if (lb->bs_known)
		r.block_size = lb->block_size;
	if (tag != NULL) {
		char *src = eb_xasprintf("%s%s%s", r.f[EB_F_SOURCE], tag, tagged);

		r.f[EB_F_SOURCE] = eb_table_strdup(p->t, src, strlen(src));
		free(src);
	}
	r.value = value;
	eb_table_add(p->t, &r);
}

/* cpu_busy: /proc/stat's share of the whole machine (interrupts and every
 * process included) over a test of EB_SAMPLE_BUSY_TICKS or more; below
 * that its whole ticks say little, and cpu_threads (every thread timed to
 * the nanosecond at every sample, which only a test short enough for all
 * its samples to be full ones has) gives it instead. */
static void
busy_record(struct eb_parse *p, const struct labels *lb)
{
	struct sample_state *st = p->state;
	double online, busy;
	long line;
	char cpus[32];
	int long_enough = st->duration * (double)st->hz >= EB_SAMPLE_BUSY_TICKS;
	/* A test of 30 ticks or more loses at most 2 ticks a CPU at its ends,
	 * so /proc/stat counts at least 28/30 of what the CPUs online had:
	 * under half is no rounding but a damaged cpu_all. */
	int counted = st->total >= 0.5 * st->duration * st->cpus_min && st->total > 0;
	int threads = st->threads_line != 0 && st->thread_ns && st->cpus_min == st->cpus_max &&
	    st->cpus_max > 0;

	if (long_enough && counted) {
		/* Whole clock ticks can make more CPU-seconds than the CPUs had:
		 * never more CPUs than were online. */
		online = st->total / st->duration;
		if (online > st->cpus_max)
			online = st->cpus_max;
		if (online < st->cpus_min)
			online = st->cpus_min;
		busy = st->busy / st->total * 100;
		line = st->cpu_line;
	} else if (threads) {
		if (long_enough)
			eb_diag(p->diag, EB_WARNING, eb_parse_loc(p, st->cpu_line), "cpu_all counts "
			    "%.6g CPU-seconds in a test of %.6g s on %d CPU%s, under half of the %.6g "
			    "they had: cpu_busy comes from cpu_threads instead", st->total,
			    st->duration, st->cpus_min, st->cpus_min == 1 ? "" : "s",
			    st->duration * st->cpus_min);
		online = st->cpus_max;
		/* Each thread is read at its own moment of the first and the
		 * last sample: a machine busy all along can add up to a little
		 * over its CPUs, which is all of them. */
		busy = st->threads_s / (online * st->duration) * 100;
		if (busy > 100)
			busy = 100;
		line = st->threads_line;
	} else {
		const char *why = st->threads_line == 0 ? "the file has no cpu_threads" :
		    !st->thread_ns ? "its threads were timed in whole ticks" :
		    "CPUs went offline or came online during it";

		if (long_enough)
			eb_diag(p->diag, EB_WARNING, eb_parse_loc(p, st->cpu_line), "cpu_all counts "
			    "%.6g CPU-seconds in a test of %.6g s on %d CPU%s, under half of the %.6g "
			    "they had, and %s: no cpu_busy", st->total, st->duration, st->cpus_min,
			    st->cpus_min == 1 ? "" : "s", st->duration * st->cpus_min, why);
		else
			eb_diag(p->diag, EB_WARNING, eb_parse_loc(p, st->cpu_line), "the test ran "
			    "%.6g s, under %d clock ticks of /proc/stat, and %s: no cpu_busy",
			    st->duration, EB_SAMPLE_BUSY_TICKS, why);
		return;
	}
	eb_format_double(cpus, sizeof cpus, online);
	add(p, lb, "cpu_busy", EB_UNIT_PCT, busy, line, EB_SAMPLE_CPUS_TAG, cpus);
}

static enum eb_status
finish(struct eb_parse *p, int ok)
{
	struct sample_state *st = p->state;
	struct labels lb;
	struct eb_loc loc = { p->path, 0, 0 };
	double joules = NAN, capacity;
	long eline = 0;

	if (!ok)
		return EB_OK;
	if (st->end_line == 0)
		return eb_err_set(p->err, EB_ERR_DATA, loc, "no \"end\" line: the sampler did not finish this file");
	if (st->status_line == 0 || st->duration_line == 0 || st->hz_line == 0 ||
	    st->cpu_line == 0 || st->cpus_line == 0)
		return eb_err_set(p->err, EB_ERR_DATA, loc, "a sample file needs status, duration, "
		    "clock_hz, cpus and cpu_all lines");
	/* One clock tick per CPU and per sample of slack: the kernel counts in
	 * whole ticks. A virtual machine's /proc/stat can count more than its
	 * CPUs had: seen on a 2-CPU Firecracker guest (Linux 6.18) under load,
	 * 15.31 CPU-seconds in 6.76 s, time stolen by the host counted beside
	 * the busy and idle time it overlaps. Each tick counted twice at most
	 * is a machine's; more is no /proc/stat. cpu_busy, a share of what
	 * was counted, stays a share. */
	capacity = (st->duration + 2.0 / (double)st->hz) * st->cpus_max;
	if (st->total > capacity * 2.2 + 0.05) {
		loc.line = st->cpu_line;
		return eb_err_set(p->err, EB_ERR_DATA, loc, "%.6g CPU-seconds in %.6g s on at most %d "
		    "CPUs: more than twice what the machine has", st->total, st->duration,
		    st->cpus_max);
	}
	if (st->total > capacity * 1.1 + 0.05)
		eb_diag(p->diag, EB_WARNING, eb_parse_loc(p, st->cpu_line), "/proc/stat counted "
		    "%.6g CPU-seconds in %.6g s on at most %d CPUs, more than they had (a virtual "
		    "machine counting stolen time twice): cpu_busy is the busy share of what it "
		    "counted", st->total, st->duration, st->cpus_max);
	if (st->threads_s > st->duration * st->cpus_max * 1.1 + 0.05) {
		loc.line = st->threads_line;
		return eb_err_set(p->err, EB_ERR_DATA, loc, "threads ran %.6g CPU-seconds in %.6g s "
		    "on at most %d CPUs: more than the machine has", st->threads_s, st->duration,
		    st->cpus_max);
	}
	if (st->top_line != 0 && st->top_s > st->duration * 1.1 + 2.0 / (double)st->hz) {
		loc.line = st->top_line;
		return eb_err_set(p->err, EB_ERR_DATA, loc, "thread %s ran %.6g s in a test of %.6g s: "
		    "more than one CPU can give", st->top_name, st->top_s, st->duration);
	}
	if (st->failed)
		return EB_OK;
	/* The meter's joules are its readings summed over the time between
	 * the sampler's reads of them, its watts their mean. encbench-sample
	 * drains the meter's pipe when it samples, so several readings can
	 * share one time and add nothing: few joules beside many watts are
	 * possible (0 J when all came at once). More than n readings of at
	 * most n times the mean each, over the whole test, are not: one of
	 * the two figures is then not the meter's. */
	if (st->have_meter && st->meter_n >= 2 && st->meter_w > 0 &&
	    st->meter_j > st->meter_n * st->meter_w * st->duration * METER_SLACK) {
		loc.line = st->meter_line;
		return eb_err_set(p->err, EB_ERR_DATA, loc, "the power meter's %.6g J are more "
		    "than its %.0f readings of a mean of %.6g W can give in the test's %.6g s "
		    "(at most %.6g J)", st->meter_j, st->meter_n, st->meter_w, st->duration,
		    st->meter_n * st->meter_w * st->duration);
	}
	labels_from(p, &lb);
	busy_record(p, &lb);
	/* Threads timed in whole ticks need a test of 10 of them; the
	 * scheduler's nanoseconds have no such limit. */
	if (st->top_line != 0 && (st->thread_ns || st->duration * (double)st->hz >= EB_SAMPLE_MIN_TICKS))
		add(p, &lb, "cpu_top_thread", EB_UNIT_PCT, st->top_s / st->duration * 100,
		    st->top_line, EB_SAMPLE_THREAD_TAG, st->top_name);
	else if (st->top_line != 0)
		eb_diag(p->diag, EB_WARNING, eb_parse_loc(p, st->duration_line), "the test ran %.6g s, "
		    "under %d clock ticks: too short to time its threads, no cpu_top_thread",
		    st->duration, EB_SAMPLE_MIN_TICKS);
	/* The meter sees the whole machine at the wall, a battery the whole
	 * machine off the wall, psys the platform, packages the CPUs (and
	 * DRAM): the first of these the file has is the one used. One that
	 * read 0 J measured nothing (a meter left unplugged, a counter the
	 * kernel does not update) and gives way to the next. */
	{
		const struct {
			int have;
			double joules;
			long line;
			const char *what;
		} sources[] = {
			{ st->have_meter, st->meter_w * st->duration, st->meter_line, "the power meter" },
			{ st->have_battery, st->battery_j, st->battery_line, "the battery" },
			{ st->have_psys, st->psys_j, st->psys_line, "the psys zone" },
			{ st->have_pkg, st->pkg_j, st->pkg_line, "the package zones" },
		};

		for (size_t i = 0; i < sizeof sources / sizeof sources[0] && eline == 0; i++) {
			if (!sources[i].have)
				continue;
			if (sources[i].joules > 0) {
				joules = sources[i].joules;
				eline = sources[i].line;
				continue;
			}
			eb_diag(p->diag, EB_WARNING, eb_parse_loc(p, sources[i].line), "%s read 0 J "
			    "while the test ran, which no running machine draws: not used for energy",
			    sources[i].what);
		}
	}
	if (eline != 0) {
		if (joules / st->duration > MAX_WATTS) {
			loc.line = eline;
			return eb_err_set(p->err, EB_ERR_DATA, loc, "%.6g J in %.6g s is more than "
			    "a megawatt", joules, st->duration);
		}
		add(p, &lb, "energy", "J", joules, eline, NULL, NULL);
		add(p, &lb, "power", "W", joules / st->duration, eline, NULL, NULL);
	}
	return EB_OK;
}

const struct eb_format eb_format_sample = {
	"sample", "encbench-sample's CPU and energy samples of one test (PREFIX.sample)",
	probe, sizeof(struct sample_state), parse_line, finish, NULL, NULL, NULL, NULL, 0,
};
