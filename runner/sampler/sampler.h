/* sampler.h - what encbench-sample counts while a test runs: CPU time of the
 * machine, of each CPU and of every thread, RAPL and battery energy, an external meter. */
#ifndef EB_SAMPLER_H
#define EB_SAMPLER_H

#include <stdint.h>
#include <stdio.h>

/* Thread names are kept as the kernel gives them (comm, at most 15 bytes),
 * escaped to at most four bytes each. */
#define EB_SAMPLER_NAME_MAX 64
/* How many of the busiest threads the sample file lists: of the test's
 * processes and the kernel, and of the rest of the machine. */
#define EB_SAMPLER_TOP 20
#define EB_SAMPLER_TOP_OTHER 5

struct eb_sampler_cpu {
	int seen;			/* online in the last sample */
	uint64_t busy, total;		/* the last sample's counters, ticks */
	uint64_t acc_busy, acc_total;	/* summed deltas while online, ticks */
};

struct eb_sampler_thread {
	int tid, pid;			/* tid 0: a free slot */
	uint64_t start;			/* starttime, ticks after boot: tells a
					 * reused tid from the thread before it */
	uint64_t last;			/* its CPU time at the last read, ns */
	uint64_t acc;			/* ns spent during the test */
	int fd;				/* its stat file kept open; -1 when gone
					 * or out of descriptors */
	int sfd;			/* its schedstat, or -1: then stat's
					 * utime + stime, in whole ticks */
	int active;			/* its time moved at its last read */
	int nthreads;			/* of its process, as its last read said */
	int listed_threads;		/* nthreads when its task folder was
					 * last listed between full samples */
	char kind;			/* 'k' kernel, 't' the test's, 'o' other */
	char name[EB_SAMPLER_NAME_MAX];
};

struct eb_sampler_zone {
	char *dir;			/* powercap/ZONE */
	char name[64];			/* its "name" file: package-0, dram, psys */
	uint64_t last, range;		/* energy_uj last read; max_energy_range_uj */
	int have_last;
	double joules;
};

struct eb_sampler_battery {
	char *dir;			/* power_supply/BAT */
	const char *base;		/* BAT0, in dir */
	int uses_power;			/* power_now (else energy_now) */
	double last_w, last_t;		/* power_now method */
	int64_t first_uwh;		/* energy_now method */
	double joules;
	int invalid;			/* stopped discharging */
	double invalid_at;		/* seconds into the test */
	char invalid_status[32];
};

struct eb_sampler {
	char *procfs, *sysfs;
	long hz;			/* clock ticks per second */
	long nsamples;
	int cmd_pid;			/* COMMAND, once started; 0 before */
	int first_done;			/* threads seen before the test are not new */
	int self_pid;			/* the sampler's own threads, left out of cpu_threads */
	long partial;			/* samples that did not list every thread */
	int last_pass;			/* the last sample's listing: known threads
					 * were just read */

	struct eb_sampler_cpu *cpu;
	int ncpu;			/* slots: highest CPU number seen + 1 */
	int online_min, online_max;
	int cpu_missing;		/* /proc/stat had no per-CPU lines */

	struct eb_sampler_thread *th;
	size_t thcap, nth;		/* open-addressed by tid; nth used slots */
	size_t ticks_only;		/* threads timed without schedstat */
	int scan_gen;

	struct eb_sampler_zone *zones;
	size_t nzones;
	struct eb_sampler_battery *bats;
	size_t nbats;

	/* The external meter: watts, one reading a line. */
	long meter_n, meter_bad;
	double meter_sum_w, meter_joules, meter_last_w, meter_last_t;
};

/* Roots: procfs and sysfs as given (NULL: /proc and /sys). Finds the RAPL
 * zones and discharging batteries present now. */
void eb_sampler_init(struct eb_sampler *s, const char *procfs, const char *sysfs);
/* One sample at t seconds into the test; the first is the baseline. A
 * full sample lists every thread; the others read again only the threads
 * whose time moved at their last read, so that the hundreds of idle kernel
 * threads of a ZFS machine cost nothing between full samples. */
void eb_sampler_take(struct eb_sampler *s, double t, int full);
/* Right after the first sample, just before COMMAND starts: the CPUs,
 * every thread and every RAPL zone count from now, not from when the first
 * listing began or reached them (a first listing of hundreds of threads
 * takes milliseconds, and a tenth of a second on a loaded machine). */
void eb_sampler_rebase(struct eb_sampler *s);
/* The last sample, after COMMAND has exited: every known thread is read in
 * one quick pass, then the listing adds only the threads born since. */
void eb_sampler_take_last(struct eb_sampler *s, double t);
/* One line of the external meter, read at t. */
void eb_sampler_meter_line(struct eb_sampler *s, double t, const char *line);
/* The sample file (encbench-run(1)): argv is COMMAND, status what
 * encbench-sample exits with, self_cpu the sampler's own CPU seconds. */
void eb_sampler_write(const struct eb_sampler *s, FILE *fp, char *const *argv,
    double interval, double duration, int status, double self_cpu);
void eb_sampler_free(struct eb_sampler *s);

/* Reads /proc/stat's per-CPU lines at root into s (exported for tests). */
int eb_sampler_read_stat(struct eb_sampler *s);
/* Escapes bytes outside printable ASCII, space and backslash as \xHH. */
void eb_sampler_escape(char *dst, size_t n, const char *src, size_t len);

#endif
