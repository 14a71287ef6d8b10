/* test_sample.c - encbench-sample's counters against fake /proc and /sys
 * trees, and the sample files it writes read back into records. */
#include <ftw.h>
#include <unistd.h>

#include "testutil.h"
#include "../../runner/sampler/sampler.h"
#include "../../ingest/sample.h"
#include "../../analyze/cost.h"

static char root[64];

static void
put(const char *rel, const char *text)
{
	char path[512], *slash;
	FILE *fp;

	snprintf(path, sizeof path, "%s/%s", root, rel);
	for (slash = strchr(path + strlen(root) + 1, '/'); slash; slash = strchr(slash + 1, '/')) {
		*slash = '\0';
		mkdir(path, 0755);
		*slash = '/';
	}
	/* Rewritten in place, as procfs and sysfs files change under a kept
	 * descriptor. */
	fp = fopen(path, "r+");
	if (fp == NULL)
		fp = fopen(path, "w");
	assert_non_null(fp);
	assert_int_equal(ftruncate(fileno(fp), 0), 0);
	fputs(text, fp);
	fclose(fp);
}

/* A thread's stat line with utime, stime, num_threads and starttime where
 * Linux puts them (fields 14, 15, 20 and 22). */
static int nthreads = 1, ppid = 2;
/* PF_KTHREAD (0x00200000) among the flags of a kernel thread's stat. */
static unsigned long flags = 69238880;
#define USER_FLAGS 4194560

static void
put_thread(int pid, int tid, const char *comm, int utime, int stime, int start)
{
	char rel[128], text[512];

	snprintf(rel, sizeof rel, "proc/%d/task/%d/stat", pid, tid);
	snprintf(text, sizeof text, "%d (%s) S %d 0 0 0 -1 %lu 0 0 0 0 %d %d 0 0 20 0 %d 0 %d "
	    "0 0 18446744073709551615 0 0 0 0 0 0 0 2147483647 0 0 0 0 17 1 0 0 0 0 0\n",
	    tid, comm, ppid, flags, utime, stime, nthreads, start);
	put(rel, text);
}

static int
rm_one(const char *path, const struct stat *sb, int flag, struct FTW *ftw)
{
	(void)sb;
	(void)flag;
	(void)ftw;
	return remove(path);
}

static int
setup(void **state)
{
	(void)state;
	snprintf(root, sizeof root, "/tmp/eb-sample-XXXXXX");
	assert_non_null(mkdtemp(root));
	return 0;
}

static int
teardown(void **state)
{
	(void)state;
	nftw(root, rm_one, 16, FTW_DEPTH | FTW_PHYS);
	return 0;
}

static void
init(struct eb_sampler *s)
{
	char proc[128], sys[128];

	snprintf(proc, sizeof proc, "%s/proc", root);
	snprintf(sys, sizeof sys, "%s/sys", root);
	mkdir(proc, 0755);
	mkdir(sys, 0755);
	eb_sampler_init(s, proc, sys);
	s->hz = 100;
}

/* The sample file as a string the caller frees. */
static char *
written(const struct eb_sampler *s)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *fp = open_memstream(&buf, &len);
	static char dd[] = "dd", in[] = "if=/dev/zero", of[] = "of=/x y";
	char *argv[] = { dd, in, of, NULL };

	eb_sampler_write(s, fp, argv, 0.1, 4.0, 0, 0.0125);
	fclose(fp);
	return buf;
}

static void
has_line(const char *text, const char *line)
{
	char *want = eb_xasprintf("\n%s\n", line);

	if (strstr(text, want) == NULL)
		fail_msg("no line \"%s\" in:\n%s", line, text);
	free(want);
}

/* cpu1 goes offline after the first sample and comes back in the third:
 * it adds nothing until a sample after its return, and the machine's share
 * is of the CPUs that were online. */
static void
test_cpus_offline(void **state)
{
	struct eb_sampler s;
	char *out;

	(void)state;
	put("proc/stat", "cpu  300 0 50 1650 0 0 0 0 0 0\n"
	    "cpu0 100 0 50 850 0 0 0 0 0 0\ncpu1 200 0 0 800 0 0 0 0 0 0\nintr 5 0\n");
	init(&s);
	eb_sampler_take(&s, 0, 1);
	put("proc/stat", "cpu  0 0 0 0 0 0 0 0 0 0\ncpu0 150 0 60 880 10 0 0 0 0 0\n");
	eb_sampler_take(&s, 0.1, 1);
	put("proc/stat", "cpu0 160 0 60 960 10 5 5 0 0 0\ncpu1 250 0 0 700 0 0 0 0 0 0\n");
	eb_sampler_take(&s, 0.2, 1);
	/* steal (8th) counts in the total, not in busy. */
	put("proc/stat", "cpu0 170 0 60 1040 10 5 5 10 0 0\ncpu1 300 0 0 750 0 0 0 0 0 0\n");
	eb_sampler_take(&s, 0.3, 1);
	assert_int_equal(s.online_min, 1);
	assert_int_equal(s.online_max, 2);
	out = written(&s);
	/* cpu0: 60/100, 20/100, 10/100; cpu1: 50/100 after its return. */
	has_line(out, "cpus 1 2");
	has_line(out, "cpu_all 1.400000 4.000000");
	has_line(out, "cpu 0 0.900000 3.000000");
	has_line(out, "cpu 1 0.500000 1.000000");
	has_line(out, "samples 4");
	has_line(out, "command dd if=/dev/zero of=/x\\x20y");
	free(out);
	eb_sampler_free(&s);
}

/* Counters that moved backwards (a CPU's NO_HZ idle time recomputed) give
 * no delta, rather than a wrapped one of 2^64 ticks. */
static void
test_cpu_counter_backwards(void **state)
{
	struct eb_sampler s;
	char *out;

	(void)state;
	put("proc/stat", "cpu0 100 0 0 900 0 0 0 0\n");
	init(&s);
	eb_sampler_take(&s, 0, 1);
	put("proc/stat", "cpu0 150 0 0 880 0 0 0 0\n");
	eb_sampler_take(&s, 0.1, 1);
	put("proc/stat", "cpu0 160 0 0 970 0 0 0 0\n");
	eb_sampler_take(&s, 0.2, 1);
	out = written(&s);
	has_line(out, "cpu_all 0.100000 1.000000");
	free(out);
	eb_sampler_free(&s);
}

/* z_wr_iss works, goes idle (and is then read only at full samples), and
 * works again; kcryptd exits mid-test and keeps what it did; dd is born
 * during the test, so all its time counts. */
static void
test_threads(void **state)
{
	struct eb_sampler s;
	char *out, path[256];

	(void)state;
	put("proc/stat", "cpu0 0 0 0 0 0 0 0 0\n");
	put_thread(100, 100, "z_wr_iss", 1000, 500, 7);
	put_thread(200, 200, "kcryptd) x", 10, 10, 9);
	put("proc/self", "not a pid\n");
	init(&s);
	eb_sampler_take(&s, 0, 1);
	put_thread(100, 100, "z_wr_iss", 1030, 560, 7);	/* +90 */
	put_thread(200, 200, "kcryptd) x", 12, 13, 9);		/* +5 */
	put_thread(300, 300, "dd", 40, 10, 500);		/* new: 50 */
	eb_sampler_take(&s, 0.1, 1);
	/* kcryptd exits: its stat reads empty, then its directory goes. */
	put_thread(100, 100, "z_wr_iss", 1040, 560, 7);	/* +10 */
	put("proc/200/task/200/stat", "");
	put_thread(300, 300, "dd", 60, 10, 500);		/* +20 */
	eb_sampler_take(&s, 0.2, 0);
	snprintf(path, sizeof path, "%s/proc/200/task/200/stat", root);
	unlink(path);
	put_thread(300, 300, "dd", 80, 20, 500);		/* +30 */
	eb_sampler_take(&s, 0.3, 1);				/* z_wr_iss idle */
	put_thread(100, 100, "z_wr_iss", 1090, 610, 7);	/* +100, unread... */
	eb_sampler_take(&s, 0.4, 0);
	eb_sampler_take(&s, 0.5, 1);				/* ...until now */
	out = written(&s);
	has_line(out, "threads 3\nthread_clock ticks\n"
	    "thread 100 100 k 2.000000 z_wr_iss\n"
	    "thread 300 300 k 1.000000 dd\n"
	    "thread 200 200 k 0.050000 kcryptd)\\x20x");
	free(out);
	eb_sampler_free(&s);
}

/* A process of one thread is read through its leader alone, until the
 * leader says it has more: then its task folder is listed again. */
static void
test_thread_added(void **state)
{
	struct eb_sampler s;
	char *out;

	(void)state;
	put("proc/stat", "cpu0 0 0 0 0 0 0 0 0\n");
	nthreads = 1;
	put_thread(600, 600, "fio", 100, 0, 3);
	init(&s);
	eb_sampler_take(&s, 0, 1);
	put_thread(600, 600, "fio", 110, 0, 3);			/* +10 */
	eb_sampler_take(&s, 0.1, 1);
	nthreads = 2;
	put_thread(600, 600, "fio", 115, 0, 3);			/* +5 */
	put_thread(600, 601, "fio", 30, 12, 800);		/* new: 42 */
	eb_sampler_take(&s, 0.2, 1);
	nthreads = 1;
	out = written(&s);
	has_line(out, "threads 2\nthread_clock ticks\nthread 601 600 k 0.420000 fio\nthread 600 600 k 0.150000 fio");
	free(out);
	eb_sampler_free(&s);
}

/* Kernel threads and the test's processes (COMMAND and its children) are
 * listed first, the rest of the machine after them, however busy. */
static void
test_thread_kinds(void **state)
{
	struct eb_sampler s;
	char *out;

	(void)state;
	put("proc/stat", "cpu0 0 0 0 0 0 0 0 0\n");
	put_thread(2, 2, "kthreadd", 0, 0, 1);
	flags = USER_FLAGS;
	ppid = 1;
	put_thread(900, 900, "firefox", 100, 0, 50);
	init(&s);
	eb_sampler_take(&s, 0, 1);
	s.cmd_pid = 700;
	put_thread(700, 700, "sh", 1, 1, 600);
	ppid = 700;
	put_thread(701, 701, "dd", 30, 50, 601);
	ppid = 1;
	put_thread(900, 900, "firefox", 600, 0, 50);
	eb_sampler_take(&s, 0.1, 1);
	flags = 69238880;
	ppid = 2;
	out = written(&s);
	has_line(out, "threads 4\nthread_clock ticks\nthread 701 701 t 0.800000 dd\nthread 700 700 t 0.020000 sh\n"
	    "thread 2 2 k 0.000000 kthreadd\nthread 900 900 o 5.000000 firefox");
	free(out);
	eb_sampler_free(&s);
}

/* Between full samples the test's processes are followed through the
 * children files: a dd that the test's shell starts and that exits
 * before any full sample is counted. */
static void
test_follow_test(void **state)
{
	struct eb_sampler s;
	char *out, path[256];

	(void)state;
	put("proc/stat", "cpu0 0 0 0 0 0 0 0 0\n");
	put_thread(2, 2, "kthreadd", 0, 0, 1);
	init(&s);
	eb_sampler_take(&s, 0, 1);
	flags = USER_FLAGS;
	s.cmd_pid = 700;
	ppid = 1;
	put_thread(700, 700, "sh", 1, 0, 600);
	put("proc/700/task/700/children", "701 ");
	ppid = 700;
	put_thread(701, 701, "dd", 0, 0, 601);			/* not run yet */
	eb_sampler_take(&s, 0.1, 0);
	put_thread(701, 701, "dd", 30, 40, 601);		/* +70 */
	eb_sampler_take(&s, 0.2, 0);
	put("proc/701/task/701/stat", "");			/* exits */
	snprintf(path, sizeof path, "%s/proc/701/task/701/stat", root);
	unlink(path);
	put("proc/700/task/700/children", "");
	eb_sampler_take(&s, 0.3, 0);
	eb_sampler_take(&s, 0.4, 1);
	flags = 69238880;
	ppid = 2;
	out = written(&s);
	has_line(out, "threads 3\nthread_clock ticks\nthread 701 701 t 0.700000 dd\nthread 700 700 t 0.010000 sh\n"
	    "thread 2 2 k 0.000000 kthreadd");
	free(out);
	eb_sampler_free(&s);
}

/* With schedstat a thread's time is the scheduler's, to the nanosecond,
 * and it is all a sample between full ones reads. */
static void
test_schedstat(void **state)
{
	struct eb_sampler s;
	char *out;

	(void)state;
	put("proc/stat", "cpu0 0 0 0 0 0 0 0 0\n");
	put_thread(100, 100, "z_wr_iss", 1000, 500, 7);
	put("proc/100/task/100/schedstat", "15000000000 3000 120\n");
	init(&s);
	eb_sampler_take(&s, 0, 1);
	put_thread(300, 300, "dd", 4, 1, 500);
	put("proc/300/task/300/schedstat", "48123457 99 3\n");	/* new */
	put("proc/100/task/100/schedstat", "15234567891 3000 130\n");	/* +234567891 */
	eb_sampler_take(&s, 0.1, 1);
	/* stat's ticks move too, but schedstat is what counts. */
	put_thread(300, 300, "dd", 90, 9, 500);
	put("proc/300/task/300/schedstat", "98000001 99 7\n");		/* +49876544 */
	eb_sampler_take(&s, 0.2, 0);
	put("proc/300/task/300/schedstat", "");				/* exits */
	eb_sampler_take(&s, 0.3, 0);
	put("proc/300/task/300/schedstat", "99999999999 0 0\n");	/* not read again */
	eb_sampler_take(&s, 0.4, 0);
	out = written(&s);
	has_line(out, "threads 2\nthread_clock ns\nthread 100 100 k 0.234568 z_wr_iss\n"
	    "thread 300 300 k 0.098000 dd");
	free(out);
	eb_sampler_free(&s);
}

/* A test short enough for every sample to be a full one: cpu_threads is
 * every thread's nanoseconds (and cpu_all the CPUs' ticks) from the rebase, just before COMMAND starts,
 * to the last sample's quick pass, the sampler's own left out. A thread
 * born after that pass is found by the last listing and counts all it
 * did; a later partial sample, or one thread timed in ticks, and the file
 * has no cpu_threads. */
static void
test_cpu_threads(void **state)
{
	struct eb_sampler s;
	char *out;

	(void)state;
	put("proc/stat", "cpu0 0 0 0 0 0 0 0 0\ncpu1 0 0 0 0 0 0 0 0\n");
	put_thread(100, 100, "z_wr_iss", 1, 1, 7);
	put("proc/100/task/100/schedstat", "1000000000 0 1\n");
	put_thread(200, 200, "encbench-sample", 1, 1, 8);
	put("proc/200/task/200/schedstat", "5000000 0 1\n");
	put_thread(300, 300, "firefox", 1, 1, 9);
	put("proc/300/task/300/schedstat", "7000000000 0 1\n");
	init(&s);
	s.self_pid = 200;
	eb_sampler_take(&s, 0, 1);
	/* What the threads did while the first listing went on is not the
	 * test's. */
	put("proc/100/task/100/schedstat", "1000250000 0 1\n");
	put("proc/300/task/300/schedstat", "7000125000 0 1\n");
	put("proc/stat", "cpu0 40 0 0 10 0 0 0 0\ncpu1 0 0 0 50 0 0 0 0\n");
	eb_sampler_rebase(&s);
	put("proc/stat", "cpu0 41 0 0 10 0 0 0 0\ncpu1 0 0 0 51 0 0 0 0\n");
	put("proc/100/task/100/schedstat", "1003250000 0 2\n");	/* +3 ms */
	put("proc/200/task/200/schedstat", "6000000 0 2\n");		/* the sampler's */
	put("proc/300/task/300/schedstat", "7001125000 0 2\n");	/* +1 ms */
	put_thread(400, 400, "dd", 0, 0, 500);
	put("proc/400/task/400/schedstat", "2500000 0 1\n");		/* new: 2.5 ms */
	eb_sampler_take_last(&s, 0.006);
	out = written(&s);
	has_line(out, "cpu_all 0.010000 0.020000");
	has_line(out, "cpu_threads 0.006500000");
	has_line(out, "thread 100 100 k 0.003000 z_wr_iss");
	free(out);
	eb_sampler_take(&s, 0.1, 0);
	out = written(&s);
	assert_null(strstr(out, "cpu_threads"));
	free(out);
	eb_sampler_free(&s);

	put("proc/400/task/400/schedstat", "");			/* no schedstat: ticks */
	init(&s);
	eb_sampler_take(&s, 0, 1);
	eb_sampler_rebase(&s);
	eb_sampler_take_last(&s, 0.006);
	out = written(&s);
	has_line(out, "thread_clock ticks");
	assert_null(strstr(out, "cpu_threads"));
	free(out);
	eb_sampler_free(&s);
}

/* A tid reused by a new thread (another starttime) counts the new one from
 * zero, not the difference from the old one's time. */
static void
test_tid_reused(void **state)
{
	struct eb_sampler s;
	char *out;

	(void)state;
	put("proc/stat", "cpu0 0 0 0 0 0 0 0 0\n");
	put_thread(400, 400, "fio", 500, 500, 11);
	init(&s);
	eb_sampler_take(&s, 0, 1);
	put_thread(400, 400, "kworker/0:1", 3, 4, 900);
	eb_sampler_take(&s, 0.1, 1);
	out = written(&s);
	has_line(out, "thread 400 400 k 0.070000 kworker/0:1");
	free(out);
	eb_sampler_free(&s);
}

/* RAPL counters wrap at max_energy_range_uj; the MMIO copy of package-0
 * and subzones are read and listed like any zone. */
static void
test_rapl_wrap(void **state)
{
	struct eb_sampler s;
	char *out;

	(void)state;
	put("proc/stat", "cpu0 0 0 0 0 0 0 0 0\n");
	put("sys/class/powercap/intel-rapl:0/name", "package-0\n");
	put("sys/class/powercap/intel-rapl:0/max_energy_range_uj", "262143328850\n");
	put("sys/class/powercap/intel-rapl:0/energy_uj", "262143000000\n");
	put("sys/class/powercap/intel-rapl:0:0/name", "core\n");
	put("sys/class/powercap/intel-rapl:0:0/max_energy_range_uj", "1000000\n");
	put("sys/class/powercap/intel-rapl:0:0/energy_uj", "999000\n");
	put("sys/class/powercap/intel-rapl/enabled", "1\n");	/* no counter */
	init(&s);
	assert_int_equal(s.nzones, 2);
	eb_sampler_take(&s, 0, 1);
	put("sys/class/powercap/intel-rapl:0/energy_uj", "262143328000\n");	/* +328000 */
	put("sys/class/powercap/intel-rapl:0:0/energy_uj", "1000000\n");	/* +1000 */
	eb_sampler_take(&s, 0.1, 0);
	/* Wrapped: 500000 + 262143328850 - 262143328000 = 500850. */
	put("sys/class/powercap/intel-rapl:0/energy_uj", "500000\n");
	put("sys/class/powercap/intel-rapl:0:0/energy_uj", "250\n");	/* 250 + 1000000 - 1000000 */
	eb_sampler_take(&s, 0.2, 0);
	out = written(&s);
	has_line(out, "rapl intel-rapl:0 package-0 0.828850");
	has_line(out, "rapl intel-rapl:0:0 core 0.001250");
	free(out);
	eb_sampler_free(&s);
}

/* power_now is integrated sample to sample; energy_now is the difference.
 * A battery that starts charging is marked, with when; mains adapters,
 * a mouse's battery and a battery charging at the start are left out. */
static void
test_batteries(void **state)
{
	struct eb_sampler s;
	char *out;

	(void)state;
	put("proc/stat", "cpu0 0 0 0 0 0 0 0 0\n");
	put("sys/class/power_supply/AC/type", "Mains\n");
	put("sys/class/power_supply/AC/online", "0\n");
	put("sys/class/power_supply/BAT0/type", "Battery\n");
	put("sys/class/power_supply/BAT0/status", "Discharging\n");
	put("sys/class/power_supply/BAT0/power_now", "10000000\n");
	put("sys/class/power_supply/BAT1/type", "Battery\n");
	put("sys/class/power_supply/BAT1/status", "Discharging\n");
	put("sys/class/power_supply/BAT1/energy_now", "50000000\n");
	put("sys/class/power_supply/BAT2/type", "Battery\n");
	put("sys/class/power_supply/BAT2/status", "Charging\n");
	put("sys/class/power_supply/BAT2/power_now", "9000000\n");
	put("sys/class/power_supply/hidpp_battery_0/type", "Battery\n");
	put("sys/class/power_supply/hidpp_battery_0/scope", "Device\n");
	put("sys/class/power_supply/hidpp_battery_0/status", "Discharging\n");
	put("sys/class/power_supply/hidpp_battery_0/power_now", "1000\n");
	init(&s);
	assert_int_equal(s.nbats, 2);
	eb_sampler_take(&s, 0, 1);
	put("sys/class/power_supply/BAT0/power_now", "-12000000\n");	/* signed by some drivers */
	put("sys/class/power_supply/BAT1/energy_now", "49995000\n");
	eb_sampler_take(&s, 0.5, 0);
	put("sys/class/power_supply/BAT0/status", "Charging\n");
	put("sys/class/power_supply/BAT0/power_now", "30000000\n");
	put("sys/class/power_supply/BAT1/energy_now", "49990000\n");
	eb_sampler_take(&s, 1.25, 0);
	out = written(&s);
	/* (10 + 12) / 2 * 0.5 = 5.5 J before it charged; 10000 µWh = 36 J. */
	has_line(out, "battery BAT0 5.500000 Charging 1.250000");
	has_line(out, "battery BAT1 36.000000 Discharging");
	free(out);
	eb_sampler_free(&s);
}

static void
test_meter(void **state)
{
	struct eb_sampler s;
	char *out;

	(void)state;
	put("proc/stat", "cpu0 0 0 0 0 0 0 0 0\n");
	init(&s);
	eb_sampler_meter_line(&s, 0, "12.5");
	eb_sampler_meter_line(&s, 0.5, "12.5 W");
	eb_sampler_meter_line(&s, 1, "");
	eb_sampler_meter_line(&s, 1.5, "-3");
	eb_sampler_meter_line(&s, 2, " 13.5\r");
	eb_sampler_meter_line(&s, 2.5, "0x10");
	eb_sampler_meter_line(&s, 3, "inf");
	eb_sampler_meter_line(&s, 3.5, "1e3");
	out = written(&s);
	/* Two readings, five bad lines (a unit, a negative, hexadecimal,
	 * inf, an exponent); (12.5 + 13.5) / 2 * 2 s = 26 J. */
	has_line(out, "meter 2 5 26.000000 13.000000");
	free(out);
	eb_sampler_free(&s);
}

static void
test_escape(void **state)
{
	char buf[64];

	(void)state;
	eb_sampler_escape(buf, sizeof buf, "a b\\c\n\xc3\xa9", 8);
	assert_string_equal(buf, "a\\x20b\\x5cc\\x0a\\xc3\\xa9");
	/* Cut at a whole escape, never in the middle of one. */
	eb_sampler_escape(buf, 8, "ab cd", 5);
	assert_string_equal(buf, "ab\\x20c");
	eb_sampler_escape(buf, 6, "ab cd", 5);
	assert_string_equal(buf, "ab");
}

/* ---- the sample file read back */

static const struct eb_record *
find(const struct tu_run *r, const char *mode, const char *metric, const char *op)
{
	for (size_t i = 0; i < r->t->n; i++) {
		const struct eb_record *x = &r->t->rows[i];

		if (strcmp(x->f[EB_F_MODE], mode) == 0 && strcmp(x->f[EB_F_METRIC], metric) == 0 &&
		    strcmp(x->f[EB_F_OP], op) == 0)
			return x;
	}
	fail_msg("no %s %s %s record", mode, metric, op);
	return NULL;
}

/* tests/data/sample/run: a dd write and a fio random read of a run
 * directory, each with its sample file. The numbers are the files' own. */
static void
test_ingest_run(void **state)
{
	struct tu_run r;
	const struct eb_record *x, *bw;

	(void)state;
	tu_ingest(&r, "tests/data/sample/run", "auto");
	assert_int_equal(r.st, EB_OK);
	assert_int_equal(r.nwarnings, 1);	/* BAT0 started charging */
	/* dd: bw; its sample: cpu_busy, cpu_top_thread, energy, power. fio:
	 * bw, iops, cpu, lat_mean, lat_max... and the same four. */
	bw = find(&r, "aes-256-gcm", "bw", "write");
	x = find(&r, "aes-256-gcm", "cpu_busy", "write");
	/* cpu_all 4.12 7.96 */
	tu_assert_close(x->value, 4.12 / 7.96 * 100);
	assert_string_equal(x->f[EB_F_UNIT], "%");
	assert_int_equal(x->rep, 2);
	assert_true(eb_record_key_equal(x, bw, EB_FIELD_BIT(EB_F_METRIC) | EB_FIELD_BIT(EB_F_UNIT)));
	/* 7.96 CPU-seconds in 4 s would be 1.99 CPUs, but 2 were online all
	 * along (cpus 2 2): the ticks fell short. */
	assert_string_equal(x->f[EB_F_SOURCE], "tests/data/sample/run/aes-256-gcm/dd-write-r2.sample:10"
	    EB_SAMPLE_CPUS_TAG "2");
	x = find(&r, "aes-256-gcm", "cpu_top_thread", "write");
	/* z_wr_iss 3.92 s of a 4.000000 s test; firefox's 3.99 s are not the
	 * test's. */
	tu_assert_close(x->value, 3.92 / 4.0 * 100);
	assert_string_equal(x->f[EB_F_SOURCE],
	    "tests/data/sample/run/aes-256-gcm/dd-write-r2.sample:14" EB_SAMPLE_THREAD_TAG "z_wr_iss");
	/* package-0 180.5 J + dram 12.25 J; psys absent; the mmio copy of
	 * package-0 left out. */
	x = find(&r, "aes-256-gcm", "energy", "write");
	tu_assert_close(x->value, 192.75);
	assert_string_equal(x->f[EB_F_UNIT], "J");
	x = find(&r, "aes-256-gcm", "power", "write");
	tu_assert_close(x->value, 192.75 / 4.0);
	assert_string_equal(x->f[EB_F_UNIT], "W");

	/* fio: the job name and block size come from the JSON beside it. */
	bw = find(&r, "none", "bw", "read");
	x = find(&r, "none", "cpu_busy", "read");
	assert_true(eb_record_key_equal(x, bw, EB_FIELD_BIT(EB_F_METRIC) | EB_FIELD_BIT(EB_F_UNIT)));
	assert_string_equal(x->f[EB_F_JOB], bw->f[EB_F_JOB]);
	assert_int_equal(x->block_size, 4096);
	tu_assert_close(x->value, 0.5 / 2.0 * 100);
	/* BAT0 started charging, so psys is used, not the packages. */
	x = find(&r, "none", "energy", "read");
	tu_assert_close(x->value, 40.0);
	/* The busiest of fio's threads, whichever line it is on. */
	x = find(&r, "none", "cpu_top_thread", "read");
	tu_assert_close(x->value, 0.9 / 1.5 * 100);
	assert_string_equal(strstr(x->f[EB_F_SOURCE], ".sample:"), ".sample:15" EB_SAMPLE_THREAD_TAG "fio");
	tu_free(&r);
}

/* The tags survive a results.csv: written and read back, the busiest
 * thread's name and the CPU count are the ones analysis reads, and the
 * CPU-seconds and joules per GiB come out the same. */
static void
test_results_round_trip(void **state)
{
	struct tu_run r, back;
	char *csv = NULL, name[64], cpus[16];
	size_t len = 0;
	FILE *fp;
	struct eb_cost *c1, *c2;
	const struct eb_record *x;

	(void)state;
	tu_ingest(&r, "tests/data/sample/run", "auto");
	assert_int_equal(r.st, EB_OK);
	fp = open_memstream(&csv, &len);
	assert_int_equal(eb_write_csv(r.t, fp), EB_OK);
	fclose(fp);
	tu_ingest_text(&back, csv, "results");
	assert_int_equal(back.st, EB_OK);
	assert_int_equal(back.t->n, r.t->n);
	x = find(&back, "aes-256-gcm", "cpu_top_thread", "write");
	assert_string_equal(eb_cost_thread_name(x, name, sizeof name), "z_wr_iss");
	x = find(&back, "none", "cpu_top_thread", "read");
	assert_string_equal(eb_cost_thread_name(x, name, sizeof name), "fio");
	x = find(&back, "aes-256-gcm", "cpu_busy", "write");
	assert_string_equal(eb_cost_source_tag(x, EB_COST_TAG_CPUS, cpus, sizeof cpus), "2");
	assert_string_equal(eb_cost_thread_name(x, name, sizeof name), "");
	c1 = eb_cost_compute(r.t, "none", NULL);
	c2 = eb_cost_compute(back.t, "none", NULL);
	assert_non_null(c1);
	assert_non_null(c2);
	assert_int_equal(c1->n, 2);
	assert_int_equal(c2->n, 2);
	for (size_t i = 0; i < c1->n; i++) {
		assert_int_equal(c1->c[i].cpu.n, 1);
		assert_int_equal(c1->c[i].joules.n, 1);
		assert_true(c1->c[i].cpu.mean == c2->c[i].cpu.mean);
		assert_true(c1->c[i].joules.mean == c2->c[i].joules.mean);
	}
	/* dd write: 4.12 / 7.96 busy of 2 CPUs, at the bw of its output. */
	x = find(&r, "aes-256-gcm", "bw", "write");
	for (size_t i = 0; i < c1->n; i++)
		if (c1->c[i].key == x)
			tu_assert_close(c1->c[i].cpu.mean, 4.12 / 7.96 * 2 / x->value * 1073741824.0);
	eb_cost_free(c1);
	eb_cost_free(c2);
	free(csv);
	tu_free(&back);
	tu_free(&r);
}

struct bad_case {
	const char *text, *message;
	long line, col;
};

static void
test_ingest_bad(void **state)
{
	static const char head[] = "encbench-sample 1\nstatus 0\nduration 2\nclock_hz 100\ncpus 2 2\n";
	static const struct bad_case cases[] = {
		{ "thread 1 2 t x dd\n", "thread needs tid, pid, kind, CPU-seconds and a name", 6, 14 },
		{ "thread 1 2 3.5 dd\n", "a thread's kind is k (kernel), t (the test's) or o (other)", 6, 12 },
		{ "cpu_all 3 2\n", "cpu_all: busy CPU-seconds exceed the total", 6, 11 },
		{ "cpu_all 1 9.2\nend\n", "9.2 CPU-seconds in 2 s on at most 2 CPUs: more than twice what the machine has", 6, 0 },
		{ "cpu_all 1 4\nthread 9 9 t 2.5 dd\nend\n", "thread dd ran 2.5 s in a test of 2 s: more than one CPU can give", 7, 0 },
		{ "cpu_all 1 4\nrapl intel-rapl:0 package-0 -1\n", "rapl needs a zone, its name and joules", 7, 29 },
		{ "cpu_all 1 4\nrapl intel-rapl:0 package-0 3e6\nend\n", "3e+06 J in 2 s is more than a megawatt", 7, 0 },
		{ "cpu_all 1 4\nbattery BAT0 -5 Discharging\n", "a discharging battery gained energy", 7, 14 },
		{ "cpu_threads -1\n", "cpu_threads needs the CPU-seconds of all threads", 6, 13 },
		{ "cpu_all 1 4\ncpu_threads 4.5\nend\n", "threads ran 4.5 CPU-seconds in 2 s on at most 2 CPUs: more than the machine has", 7, 0 },
		{ "cpu_all 1 4\nwatts 5\n", "unknown line \"watts\" in a version 1 sample file", 7, 1 },
		{ "cpu_all 1 4\n", "no \"end\" line: the sampler did not finish this file", 0, 0 },
		{ "end\nthread 1 1 t 1 x\n", "text after the \"end\" line", 7, 1 },
		/* Each line encbench-sample writes once, and each CPU, zone and
		 * battery, is there once: a second would replace the first or
		 * count its joules twice. */
		{ "duration 4\n", "\"duration\" is given twice (first on line 3): "
		    "encbench-sample writes it once, so the file is damaged", 6, 1 },
		{ "status 0\n", "\"status\" is given twice (first on line 2): "
		    "encbench-sample writes it once, so the file is damaged", 6, 1 },
		{ "cpu_all 1 4\ncpu_all 1 4\n", "\"cpu_all\" is given twice (first on line 6): "
		    "encbench-sample writes it once, so the file is damaged", 7, 1 },
		{ "cpu_all 1 4\ncpu 0 0.5 2\ncpu 0 0.5 2\n", "cpu 0 is given twice (first on line 7): "
		    "encbench-sample writes it once, so the file is damaged", 8, 5 },
		{ "cpu_all 1 4\ncpu 1 0.5 2\ncpu 0 0.5 2\n", "cpu 0 comes after cpu 1 (line 7): "
		    "encbench-sample lists each CPU once, in order, so the file is damaged", 8, 5 },
		{ "cpu_all 1 4\ncpu 0.5 0.5 2\n", "cpu needs a CPU number", 7, 5 },
		{ "cpu_all 1 4\nrapl intel-rapl:0 package-0 1\nrapl intel-rapl:0 package-0 1\n",
		    "RAPL zone intel-rapl:0 is given twice (first on line 7): "
		    "encbench-sample writes it once, so the file is damaged", 8, 6 },
		{ "cpu_all 1 4\nbattery BAT0 1 Discharging\nbattery BAT0 2 Discharging\n",
		    "battery BAT0 is given twice (first on line 7): "
		    "encbench-sample writes it once, so the file is damaged", 8, 9 },
	};

	(void)state;
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		char *text = eb_xasprintf("%s%s", head, cases[i].text);
		struct tu_run r;

		tu_ingest_text(&r, text, "sample");
		if (r.st != EB_ERR_DATA || strcmp(r.err.msg, cases[i].message) != 0 ||
		    r.err.loc.line != cases[i].line || r.err.loc.col != cases[i].col)
			fail_msg("case %zu: status %d, %ld:%ld: %s", i, r.st, r.err.loc.line,
			    r.err.loc.col, r.err.msg);
		assert_int_equal(r.t->n, 0);
		tu_free(&r);
		free(text);
	}
	{
		struct tu_run r;

		tu_ingest_text(&r, "encbench-sample 2\n", "sample");
		assert_int_equal(r.st, EB_ERR_DATA);
		assert_string_equal(r.err.msg, "sample file version is not 1, the one this encbench reads");
		tu_free(&r);
	}
}

/* A test that failed, one too short to time its threads, and a battery
 * that starts charging: warnings, and only the records that hold. */
static void
test_ingest_partial(void **state)
{
	struct tu_run r;

	(void)state;
	tu_ingest_text(&r, "encbench-sample 1\nstatus 1\nduration 2\nclock_hz 100\ncpus 2 2\n"
	    "cpu_all 1 4\nend\n", "sample");
	/* Alone, a file of no record fails, saying why; in a run directory its
	 * warning is all. */
	assert_int_equal(r.st, EB_ERR_DATA);
	assert_int_equal(r.t->n, 0);
	assert_string_equal(eb_buf_cstr(&r.diag), "warning: 2: the test exited with status 1: its "
	    "samples measure no completed test and are not used\n");
	assert_string_equal(r.err.msg, "no record in this sample input: the test exited with "
	    "status 1: its samples measure no completed test and are not used");
	tu_free(&r);

	tu_ingest_text(&r, "encbench-sample 1\nstatus 0\nduration 0.05\nclock_hz 100\ncpus 2 2\n"
	    "cpu_all 0.03 0.1\nthread 5 5 t 0.03 dd\nbattery BAT0 1.5 Charging 0.02\n"
	    "rapl intel-rapl:0 package-0 0.75\nend\n", "sample");
	assert_int_equal(r.st, EB_OK);
	assert_string_equal(eb_buf_cstr(&r.diag),
	    "warning: 8: battery BAT0 became Charging during the test: mains power the "
	    "battery does not see, so its energy is not used\n"
	    "warning: 6: the test ran 0.05 s, under 30 clock ticks of /proc/stat, and the "
	    "file has no cpu_threads: no cpu_busy\n"
	    "warning: 3: the test ran 0.05 s, under 10 clock ticks: too short to time its "
	    "threads, no cpu_top_thread\n");
	assert_int_equal(r.t->n, 2);
	assert_string_equal(TU_F(r, 0, METRIC), "energy");
	tu_assert_close(r.t->rows[0].value, 0.75);
	assert_string_equal(TU_F(r, 1, METRIC), "power");
	tu_assert_close(r.t->rows[1].value, 15);
	tu_free(&r);

	/* At 30 ticks /proc/stat's share is used, cpu_threads or not. */
	tu_ingest_text(&r, "encbench-sample 1\nstatus 0\nduration 0.3\nclock_hz 100\ncpus 2 2\n"
	    "cpu_all 0.15 0.6\ncpu_threads 0.1\nthread_clock ns\nend\n", "sample");
	assert_int_equal(r.st, EB_OK);
	assert_int_equal(r.t->n, 1);
	tu_assert_close(r.t->rows[0].value, 25);
	assert_string_equal(TU_F(r, 0, SOURCE), "input:6" EB_SAMPLE_CPUS_TAG "2");
	tu_free(&r);

	/* Timed by schedstat, the same short test has its busiest thread, and
	 * with cpu_threads its machine share: 0.0123 CPU-seconds of 2 CPUs
	 * over 0.05 s, whatever the two ticks of cpu_all say. */
	tu_ingest_text(&r, "encbench-sample 1\nstatus 0\nduration 0.05\nclock_hz 100\ncpus 2 2\n"
	    "cpu_all 0.02 0.02\ncpu_threads 0.0123\nthread_clock ns\nthread 5 5 t 0.03 dd\nend\n",
	    "sample");
	assert_int_equal(r.st, EB_OK);
	assert_int_equal(r.t->n, 2);
	assert_string_equal(TU_F(r, 0, METRIC), "cpu_busy");
	tu_assert_close(r.t->rows[0].value, 0.0123 / (2 * 0.05) * 100);
	assert_string_equal(TU_F(r, 0, SOURCE), "input:7" EB_SAMPLE_CPUS_TAG "2");
	assert_string_equal(TU_F(r, 1, METRIC), "cpu_top_thread");
	tu_assert_close(r.t->rows[1].value, 0.03 / 0.05 * 100);
	tu_free(&r);
	/* A little over the machine, from reading each thread at its own
	 * moment, is the whole machine; CPUs that came or went during a test
	 * this short leave no share to give. */
	tu_ingest_text(&r, "encbench-sample 1\nstatus 0\nduration 0.05\nclock_hz 100\ncpus 2 2\n"
	    "cpu_all 0.02 0.02\ncpu_threads 0.1004\nthread_clock ns\nend\n", "sample");
	assert_int_equal(r.st, EB_OK);
	assert_int_equal(r.t->n, 1);
	tu_assert_close(r.t->rows[0].value, 100);
	tu_free(&r);
	tu_ingest_text(&r, "encbench-sample 1\nstatus 0\nduration 0.05\nclock_hz 100\ncpus 1 2\n"
	    "cpu_all 0.02 0.02\ncpu_threads 0.01\nthread_clock ns\nrapl z package-0 1\nend\n", "sample");
	assert_int_equal(r.st, EB_OK);
	assert_int_equal(r.t->n, 2);
	assert_string_equal(TU_F(r, 0, METRIC), "energy");
	assert_string_equal(eb_buf_cstr(&r.diag), "warning: 6: the test ran 0.05 s, under 30 "
	    "clock ticks of /proc/stat, and CPUs went offline or came online during it: no cpu_busy\n");
	tu_free(&r);
	/* A test of 200 ticks whose cpu_all counts nothing: what is wrong is
	 * cpu_all, not the test's length. */
	tu_ingest_text(&r, "encbench-sample 1\nstatus 0\nduration 2\nclock_hz 100\ncpus 2 2\n"
	    "cpu_all 0 0\nend\n", "sample");
	assert_int_equal(r.st, EB_ERR_DATA);
	assert_int_equal(r.t->n, 0);
	assert_string_equal(eb_buf_cstr(&r.diag), "warning: 6: cpu_all counts 0 CPU-seconds in "
	    "a test of 2 s on 2 CPUs, under half of the 4 they had, and the file has no "
	    "cpu_threads: no cpu_busy\n");
	tu_free(&r);
	/* With cpu_threads, they give the share: 1 CPU-second of 2 CPUs in 2 s. */
	tu_ingest_text(&r, "encbench-sample 1\nstatus 0\nduration 2\nclock_hz 100\ncpus 2 2\n"
	    "cpu_all 0.5 1.5\ncpu_threads 1\nthread_clock ns\nend\n", "sample");
	assert_int_equal(r.st, EB_OK);
	assert_int_equal(r.t->n, 1);
	tu_assert_close(r.t->rows[0].value, 25);
	assert_string_equal(TU_F(r, 0, SOURCE), "input:7" EB_SAMPLE_CPUS_TAG "2");
	assert_string_equal(eb_buf_cstr(&r.diag), "warning: 6: cpu_all counts 1.5 CPU-seconds in "
	    "a test of 2 s on 2 CPUs, under half of the 4 they had: cpu_busy comes from "
	    "cpu_threads instead\n");
	tu_free(&r);
	/* The counts of a loaded 2-CPU Firecracker guest: 15.31 CPU-seconds in
	 * 6.75819 s, more than its CPUs had. A warning, and cpu_busy the busy
	 * share of what /proc/stat counted: 13.4 of 15.31. */
	tu_ingest_text(&r, "encbench-sample 1\nstatus 0\nduration 6.75819\nclock_hz 100\ncpus 2 2\n"
	    "cpu_all 13.4 15.31\nend\n", "sample");
	assert_int_equal(r.st, EB_OK);
	assert_int_equal(r.t->n, 1);
	tu_assert_close(r.t->rows[0].value, 13.4 / 15.31 * 100);
	assert_string_equal(eb_buf_cstr(&r.diag), "warning: 6: /proc/stat counted 15.31 "
	    "CPU-seconds in 6.75819 s on at most 2 CPUs, more than they had (a virtual machine "
	    "counting stolen time twice): cpu_busy is the busy share of what it counted\n");
	tu_free(&r);
	/* A meter that read 0 W (meter-0w.sample of the third audit) measured
	 * nothing: the package zones give the energy, and without them there
	 * is none, never 0 J. */
	tu_ingest_text(&r, "encbench-sample 1\nstatus 0\nduration 2\nclock_hz 100\ncpus 2 2\n"
	    "cpu_all 1 4\nrapl intel-rapl:0 package-0 30\nmeter 10 0 0 0\nend\n", "sample");
	assert_int_equal(r.st, EB_OK);
	assert_int_equal(r.t->n, 3);
	assert_string_equal(TU_F(r, 1, METRIC), "energy");
	tu_assert_close(r.t->rows[1].value, 30);
	assert_string_equal(TU_F(r, 1, SOURCE), "input:7");
	assert_string_equal(eb_buf_cstr(&r.diag), "warning: 8: the power meter read 0 J while "
	    "the test ran, which no running machine draws: not used for energy\n");
	tu_free(&r);
	/* A7: 3 readings of a mean of 12.5 W in 2 s give at most 75 J (one
	 * of 37.5 W over the whole test); 76 J is no meter's. Few joules are
	 * possible (readings the sampler drained at one time add none): the
	 * energy is the watts times the duration, 25 J. */
	tu_ingest_text(&r, "encbench-sample 1\nstatus 0\nduration 2\nclock_hz 100\ncpus 2 2\n"
	    "cpu_all 1 2\nmeter 3 0 76 12.5\nend\n", "sample");
	assert_int_equal(r.st, EB_ERR_DATA);
	assert_int_equal(r.err.loc.line, 7);
	assert_string_equal(r.err.msg, "the power meter's 76 J are more than its 3 readings of a "
	    "mean of 12.5 W can give in the test's 2 s (at most 75 J)");
	tu_free(&r);
	tu_ingest_text(&r, "encbench-sample 1\nstatus 0\nduration 2\nclock_hz 100\ncpus 2 2\n"
	    "cpu_all 1 2\nmeter 3 0 0 12.5\nend\n", "sample");
	assert_int_equal(r.st, EB_OK);
	assert_int_equal(r.t->n, 3);
	assert_string_equal(TU_F(r, 1, METRIC), "energy");
	tu_assert_close(r.t->rows[1].value, 25);
	tu_free(&r);
	tu_ingest_text(&r, "encbench-sample 1\nstatus 0\nduration 2\nclock_hz 100\ncpus 2 2\n"
	    "cpu_all 1 4\nrapl intel-rapl:0 package-0 0\nend\n", "sample");
	assert_int_equal(r.st, EB_OK);
	assert_int_equal(r.t->n, 1);
	assert_string_equal(TU_F(r, 0, METRIC), "cpu_busy");
	assert_string_equal(eb_buf_cstr(&r.diag), "warning: 7: the package zones read 0 J while "
	    "the test ran, which no running machine draws: not used for energy\n");
	tu_free(&r);
	tu_ingest_text(&r, "encbench-sample 1\nthread_clock us\n", "sample");
	assert_int_equal(r.st, EB_ERR_DATA);
	assert_string_equal(r.err.msg, "thread_clock is ns or ticks");
	assert_int_equal(r.err.loc.col, 14);
	tu_free(&r);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_cpus_offline, setup, teardown),
		cmocka_unit_test_setup_teardown(test_cpu_counter_backwards, setup, teardown),
		cmocka_unit_test_setup_teardown(test_threads, setup, teardown),
		cmocka_unit_test_setup_teardown(test_thread_added, setup, teardown),
		cmocka_unit_test_setup_teardown(test_thread_kinds, setup, teardown),
		cmocka_unit_test_setup_teardown(test_follow_test, setup, teardown),
		cmocka_unit_test_setup_teardown(test_schedstat, setup, teardown),
		cmocka_unit_test_setup_teardown(test_cpu_threads, setup, teardown),
		cmocka_unit_test_setup_teardown(test_tid_reused, setup, teardown),
		cmocka_unit_test_setup_teardown(test_rapl_wrap, setup, teardown),
		cmocka_unit_test_setup_teardown(test_batteries, setup, teardown),
		cmocka_unit_test_setup_teardown(test_meter, setup, teardown),
		cmocka_unit_test(test_escape),
		cmocka_unit_test(test_ingest_run),
		cmocka_unit_test(test_results_round_trip),
		cmocka_unit_test(test_ingest_bad),
		cmocka_unit_test(test_ingest_partial),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
