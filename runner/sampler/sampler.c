/* sampler.c - the counters encbench-sample reads at each tick and what it
 * sums from them; the roots are parameters so that tests give fake trees. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sampler.h"

static void *
xrealloc(void *p, size_t n)
{
	void *q = realloc(p, n ? n : 1);

	if (q == NULL) {
		fputs("encbench-sample: out of memory\n", stderr);
		abort();
	}
	return q;
}

static char *
xasprintf2(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b);
	char *s = xrealloc(NULL, la + lb + 2);

	memcpy(s, a, la);
	s[la] = '/';
	memcpy(s + la + 1, b, lb + 1);
	return s;
}

/* Reads a small file at dirfd/name (dirfd may be AT_FDCWD) into buf,
 * NUL-terminated. Returns its length, or -1. */
static ssize_t
slurp_at(int dirfd, const char *name, char *buf, size_t n)
{
	int fd = openat(dirfd, name, O_RDONLY | O_CLOEXEC);
	ssize_t got = 0, r;

	if (fd < 0)
		return -1;
	while ((size_t)got < n - 1 && (r = read(fd, buf + got, n - 1 - (size_t)got)) != 0) {
		if (r < 0) {
			if (errno == EINTR)
				continue;
			close(fd);
			return -1;
		}
		got += r;
	}
	close(fd);
	buf[got] = '\0';
	return got;
}

static ssize_t
slurp(const char *dir, const char *name, char *buf, size_t n)
{
	char *path = xasprintf2(dir, name);
	ssize_t r = slurp_at(AT_FDCWD, path, buf, n);

	free(path);
	return r;
}

static int
read_u64(const char *dir, const char *name, uint64_t *out)
{
	char buf[64], *end;

	if (slurp(dir, name, buf, sizeof buf) <= 0)
		return -1;
	errno = 0;
	*out = strtoull(buf, &end, 10);
	return errno != 0 || end == buf || buf[0] == '-' ? -1 : 0;
}

static int
read_i64(const char *dir, const char *name, int64_t *out)
{
	char buf[64], *end;

	if (slurp(dir, name, buf, sizeof buf) <= 0)
		return -1;
	errno = 0;
	*out = strtoll(buf, &end, 10);
	return errno != 0 || end == buf ? -1 : 0;
}

/* A sysfs text attribute without its newline. */
static int
read_word(const char *dir, const char *name, char *buf, size_t n)
{
	ssize_t len = slurp(dir, name, buf, n);

	if (len < 0)
		return -1;
	while (len > 0 && (buf[len - 1] == '\n' || buf[len - 1] == ' '))
		buf[--len] = '\0';
	return 0;
}

void
eb_sampler_escape(char *dst, size_t n, const char *src, size_t len)
{
	static const char hex[] = "0123456789abcdef";
	size_t o = 0;

	if (n == 0)
		return;
	for (size_t i = 0; i < len; i++) {
		unsigned char c = (unsigned char)src[i];
		int plain = c > ' ' && c < 0x7f && c != '\\';

		if (o + (plain ? 1 : 4) >= n)
			break;
		if (plain) {
			dst[o++] = (char)c;
		} else {
			dst[o++] = '\\';
			dst[o++] = 'x';
			dst[o++] = hex[c >> 4];
			dst[o++] = hex[c & 15];
		}
	}
	dst[o] = '\0';
}

/* ---- the machine: /proc/stat */

int
eb_sampler_read_stat(struct eb_sampler *s)
{
	char path[4096], line[512];
	FILE *fp;
	int online = 0;

	snprintf(path, sizeof path, "%s/stat", s->procfs);
	if ((fp = fopen(path, "re")) == NULL)
		return -1;
	for (int i = 0; i < s->ncpu; i++)
		s->cpu[i].seen = -s->cpu[i].seen;	/* negative: online before */
	while (fgets(line, sizeof line, fp) != NULL) {
		unsigned long long v[10] = { 0 };
		uint64_t busy, total;
		int cpu, got;
		struct eb_sampler_cpu *c;

		if (strncmp(line, "cpu", 3) != 0 || line[3] < '0' || line[3] > '9')
			continue;
		got = sscanf(line + 3, "%d %llu %llu %llu %llu %llu %llu %llu %llu", &cpu,
		    &v[0], &v[1], &v[2], &v[3], &v[4], &v[5], &v[6], &v[7]);
		/* Linux before 2.6.11 has no steal, before 2.6 no iowait. */
		if (got < 5 || cpu < 0 || cpu > 65535)
			continue;
		if (cpu >= s->ncpu) {
			s->cpu = xrealloc(s->cpu, (size_t)(cpu + 1) * sizeof *s->cpu);
			memset(s->cpu + s->ncpu, 0, (size_t)(cpu + 1 - s->ncpu) * sizeof *s->cpu);
			s->ncpu = cpu + 1;
		}
		/* user nice system idle iowait irq softirq steal; guest time is
		 * already inside user. Steal is time the CPU was not ours to use:
		 * part of the total, not of busy. */
		busy = v[0] + v[1] + v[2] + v[5] + v[6];
		total = busy + v[3] + v[4] + v[7];
		c = &s->cpu[cpu];
		/* A CPU that was online in the last sample adds what it did since;
		 * one that comes (back) online starts a new baseline. The counters
		 * of a CPU that went away and came back may have moved backwards
		 * (the idle time of a NO_HZ CPU is recomputed): no delta then. */
		if (c->seen < 0 && busy >= c->busy && total >= c->total &&
		    total - c->total >= busy - c->busy) {
			c->acc_busy += busy - c->busy;
			c->acc_total += total - c->total;
		}
		c->busy = busy;
		c->total = total;
		c->seen = 1;
		online++;
	}
	fclose(fp);
	for (int i = 0; i < s->ncpu; i++)
		if (s->cpu[i].seen < 0)
			s->cpu[i].seen = 0;
	if (online == 0) {
		s->cpu_missing = 1;
		return -1;
	}
	if (s->online_max == 0 || online > s->online_max)
		s->online_max = online;
	if (s->online_min == 0 || online < s->online_min)
		s->online_min = online;
	return 0;
}

/* ---- threads: /proc/PID/task/TID/stat */

static size_t
th_slot(const struct eb_sampler *s, int tid)
{
	size_t i = ((size_t)(unsigned)tid * 2654435761u) & (s->thcap - 1);

	while (s->th[i].tid != 0 && s->th[i].tid != tid)
		i = (i + 1) & (s->thcap - 1);
	return i;
}

static void
th_grow(struct eb_sampler *s)
{
	struct eb_sampler_thread *old = s->th;
	size_t oldcap = s->thcap;

	s->thcap = oldcap ? oldcap * 2 : 512;
	s->th = xrealloc(NULL, s->thcap * sizeof *s->th);
	memset(s->th, 0, s->thcap * sizeof *s->th);
	for (size_t i = 0; i < oldcap; i++)
		if (old[i].tid != 0)
			s->th[th_slot(s, old[i].tid)] = old[i];
	free(old);
}

/* Whether the thread of an open stat file has exited: its stat no longer
 * reads, or reads as Z (zombie) or X (dead), which still have a stat but
 * no schedstat. Seen on 2 CPUs under load: a dd, or a short-lived thread
 * of another program, read between its stat and its schedstat. */
static int
gone(int statfd)
{
	char buf[512];
	ssize_t len = pread(statfd, buf, sizeof buf - 1, 0);
	const char *close_paren;

	if (len <= 0)
		return 1;
	buf[len] = '\0';
	close_paren = strrchr(buf, ')');
	return close_paren != NULL && close_paren[1] == ' ' &&
	    (close_paren[2] == 'Z' || close_paren[2] == 'X');
}

/* One thread's stat line: "TID (COMM) STATE ..." where COMM may hold
 * spaces and parentheses, so the fields are counted from the last ')'.
 * Returns 0 when the line does not parse. */
static int
parse_thread(const char *buf, size_t len, int *tid, uint64_t *ticks, uint64_t *start,
    const char **name, size_t *namelen, int *nthreads, int *ppid, unsigned long *flags)
{
	const char *open = memchr(buf, '(', len), *close = NULL, *p;
	unsigned long long utime = 0, stime = 0, st = 0, nt = 0, pp = 0, fl = 0;
	int field;

	for (const char *q = buf + len; q > buf; q--)
		if (q[-1] == ')') {
			close = q - 1;
			break;
		}
	if (open == NULL || close == NULL || close < open)
		return 0;
	*tid = (int)strtol(buf, NULL, 10);
	if (*tid <= 0)
		return 0;
	/* After ")": state is field 3; ppid 4, flags 9, utime 14, stime 15,
	 * num_threads 20, starttime 22. */
	p = close + 1;
	for (field = 3; field <= 22 && *p != '\0'; field++) {
		while (*p == ' ')
			p++;
		if (field == 4)
			pp = strtoull(p, NULL, 10);
		else if (field == 9)
			fl = strtoull(p, NULL, 10);
		else if (field == 14)
			utime = strtoull(p, NULL, 10);
		else if (field == 15)
			stime = strtoull(p, NULL, 10);
		else if (field == 20)
			nt = strtoull(p, NULL, 10);
		else if (field == 22)
			st = strtoull(p, NULL, 10);
		while (*p != ' ' && *p != '\0')
			p++;
	}
	if (field <= 22)
		return 0;
	*ticks = utime + stime;
	*start = st;
	*nthreads = nt > 1000000 ? 1000000 : (int)nt;
	*ppid = pp > 4194304 ? 0 : (int)pp;
	*flags = (unsigned long)fl;
	*name = open + 1;
	*namelen = (size_t)(close - open - 1);
	return 1;
}

/* A thread's CPU time in ns: the run time the scheduler keeps to the
 * nanosecond (/proc/PID/task/TID/schedstat, its first field; Linux 2.6.9+
 * with CONFIG_SCHED_INFO, which Debian's and most kernels have), or else
 * utime + stime of stat, which count in whole clock ticks. Returns -1 when
 * the thread has gone. */
static int
thread_time(const struct eb_sampler *s, const struct eb_sampler_thread *t, uint64_t ticks,
    uint64_t *ns)
{
	char buf[128];
	ssize_t len;

	if (t->sfd < 0) {
		*ns = ticks * (uint64_t)(1000000000 / s->hz);
		return 0;
	}
	len = pread(t->sfd, buf, sizeof buf - 1, 0);
	if (len <= 0 || buf[0] < '0' || buf[0] > '9')
		return -1;
	buf[len] = '\0';
	*ns = strtoull(buf, NULL, 10);
	return 0;
}

static void
thread_update(struct eb_sampler_thread *t, uint64_t ns)
{
	t->active = ns != t->last;
	if (ns >= t->last)
		t->acc += ns - t->last;
	t->last = ns;
}

static void
thread_forget(struct eb_sampler_thread *t)
{
	if (t->fd >= 0)
		close(t->fd);
	if (t->sfd >= 0)
		close(t->sfd);
	t->fd = t->sfd = -1;
	t->active = 0;
}

/* Linux's PF_KTHREAD in the flags field of stat. */
#define PF_KTHREAD 0x00200000UL

/* 'k' for a kernel thread (z_wr_iss, kcryptd, dmcrypt_write), 't' for a
 * thread of the test's own processes (COMMAND and what it started, which
 * are found after their parents), 'o' for the rest of the machine: a
 * browser that happens to be busier than dd is not the test's thread. */
static char
thread_kind(struct eb_sampler *s, int pid, int ppid, unsigned long flags)
{
	const struct eb_sampler_thread *parent;

	if (flags & PF_KTHREAD)
		return 'k';
	if (s->cmd_pid > 0 && pid == s->cmd_pid)
		return 't';
	if (ppid > 0) {
		parent = &s->th[th_slot(s, ppid)];
		if (parent->tid == ppid && parent->kind == 't')
			return 't';
	}
	/* Another thread of a process already known to be the test's. */
	parent = &s->th[th_slot(s, pid)];
	return parent->tid == pid && parent->kind == 't' ? 't' : 'o';
}

/* A thread found by listing /proc: read it (through its kept descriptor
 * when it has one) and start counting it when it is new. */
static void
thread_listed(struct eb_sampler *s, int procfd, int pid, int tid)
{
	struct eb_sampler_thread *t;
	const char *name;
	size_t namelen;
	uint64_t ticks, start, ns;
	int ptid, fd, sfd, nt, ppid, exited = 0;
	unsigned long flags;
	char buf[1024], path[64];
	ssize_t len;

	if ((s->nth + 1) * 2 > s->thcap)
		th_grow(s);
	t = &s->th[th_slot(s, tid)];
	/* The last sample read every known thread just before its listing,
	 * which only adds the ones born since. */
	if (t->tid == tid && t->fd >= 0 && s->last_pass)
		return;
	if (t->tid == tid && t->fd >= 0) {
		len = pread(t->fd, buf, sizeof buf - 1, 0);
		if (len > 0) {
			buf[len] = '\0';
			if (parse_thread(buf, (size_t)len, &ptid, &ticks, &start, &name, &namelen, &nt, &ppid, &flags) &&
			    start == t->start && thread_time(s, t, ticks, &ns) == 0) {
				thread_update(t, ns);
				t->nthreads = nt;
				eb_sampler_escape(t->name, sizeof t->name, name, namelen);
				return;
			}
		}
		thread_forget(t);
	}
	snprintf(path, sizeof path, "%d/task/%d/stat", pid, tid);
	fd = openat(procfd, path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return;	/* gone since the listing, or out of descriptors */
	len = pread(fd, buf, sizeof buf - 1, 0);
	if (len <= 0) {
		close(fd);
		return;
	}
	buf[len] = '\0';
	if (!parse_thread(buf, (size_t)len, &ptid, &ticks, &start, &name, &namelen, &nt, &ppid, &flags)) {
		close(fd);
		return;
	}
	if (t->tid == tid && t->start == start) {
		/* Its descriptors were lost (out of them once); ticks from now
		 * on would not continue its nanoseconds, so it stays as it was. */
		close(fd);
		return;
	}
	/* A thread without a readable schedstat is timed in ticks only when
	 * it is still there: one that exited since its stat was read is not
	 * a kernel without schedstat. It is left out as if the listing had
	 * come a moment later. */
	snprintf(path, sizeof path, "%d/task/%d/schedstat", pid, tid);
	sfd = openat(procfd, path, O_RDONLY | O_CLOEXEC);
	if (sfd >= 0) {
		char sbuf[128];
		ssize_t slen = pread(sfd, sbuf, sizeof sbuf - 1, 0);

		if (slen <= 0 || sbuf[0] < '0' || sbuf[0] > '9') {
			close(sfd);
			sfd = -1;
		}
	}
	if (sfd < 0 && gone(fd)) {
		close(fd);
		return;
	}
	if (t->tid != tid)
		s->nth++;
	/* A new tid, or one reused by a new thread: the thread before it was
	 * counted up to its last read; the slot now counts the new one. A
	 * thread first seen after the baseline was born during the test, so
	 * all its time is the test's. The sample file lists threads by slot,
	 * so a reused tid's first thread leaves the list (it is named in no
	 * sample seen so far). */
	t->tid = tid;
	t->pid = pid;
	t->start = start;
	t->fd = fd;
	t->sfd = sfd;
	if (thread_time(s, t, ticks, &ns) != 0) {
		/* schedstat stopped reading since it was checked: ticks, then,
		 * and a thread that exited in between says nothing of the
		 * kernel's schedstat. */
		close(t->sfd);
		t->sfd = -1;
		exited = gone(fd);
		thread_time(s, t, ticks, &ns);
	}
	if (t->sfd < 0 && !exited)
		s->ticks_only++;
	t->acc = s->first_done ? ns : 0;
	t->last = ns;
	t->nthreads = nt;
	/* A new thread is read at the next sample, whether it has run yet or
	 * not: a dd that starts now may be done before the next full one. */
	t->active = s->first_done;
	t->kind = thread_kind(s, pid, ppid, flags);
	eb_sampler_escape(t->name, sizeof t->name, name, namelen);
}

static int
numeric(const char *name)
{
	if (*name == '\0')
		return 0;
	for (; *name; name++)
		if (*name < '0' || *name > '9')
			return 0;
	return 1;
}

/* Every thread of process pid. */
static void
list_process(struct eb_sampler *s, int procfd, int pid)
{
	struct eb_sampler_thread *leader = &s->th[th_slot(s, pid)];
	char taskpath[64];
	int taskfd;
	DIR *td;
	struct dirent *te;

	/* A process of one thread has only its leader, tid = pid, whose stat
	 * says how many threads there are: the task folder is listed only
	 * when that is not 1, which halves a full sample. */
	if (leader->tid == pid && leader->fd >= 0 && leader->nthreads == 1) {
		thread_listed(s, procfd, pid, pid);
		leader = &s->th[th_slot(s, pid)];
		if (leader->tid == pid && leader->fd >= 0 && leader->nthreads == 1)
			return;
	}
	snprintf(taskpath, sizeof taskpath, "%d/task", pid);
	taskfd = openat(procfd, taskpath, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (taskfd < 0)
		return;	/* the process has gone */
	if ((td = fdopendir(taskfd)) == NULL) {
		close(taskfd);
		return;
	}
	while ((te = readdir(td)) != NULL)
		if (numeric(te->d_name))
			thread_listed(s, procfd, pid, atoi(te->d_name));
	closedir(td);
}

static void
list_threads(struct eb_sampler *s)
{
	int procfd = open(s->procfs, O_RDONLY | O_DIRECTORY | O_CLOEXEC), dupfd;
	DIR *pd;
	struct dirent *pe;

	if (procfd < 0)
		return;
	/* procfd stays for openat; the DIR gets a descriptor of its own. */
	if ((dupfd = dup(procfd)) < 0 || (pd = fdopendir(dupfd)) == NULL) {
		if (dupfd >= 0)
			close(dupfd);
		close(procfd);
		return;
	}
	while ((pe = readdir(pd)) != NULL)
		if (numeric(pe->d_name))
			list_process(s, procfd, atoi(pe->d_name));
	closedir(pd);
	close(procfd);
}

/* Between full samples, the test's own processes are followed at every
 * sample: the children each of its threads has started (Linux 3.5+,
 * /proc/PID/task/TID/children) and the new threads of its processes, so
 * that a process the test starts and ends within a second is counted. */
static void
follow_test(struct eb_sampler *s)
{
	int procfd, *pids = NULL;
	size_t npids = 0, cap = 0;

	if (s->cmd_pid <= 0 || (procfd = open(s->procfs, O_RDONLY | O_DIRECTORY | O_CLOEXEC)) < 0)
		return;
	if (s->th[th_slot(s, s->cmd_pid)].tid != s->cmd_pid)
		list_process(s, procfd, s->cmd_pid);
	/* What to look at is gathered first: listing adds slots. */
	for (size_t i = 0; i < s->thcap; i++) {
		const struct eb_sampler_thread *t = &s->th[i];
		char path[64], buf[4096], *p, *end;
		ssize_t len;

		if (t->tid == 0 || t->kind != 't' || t->fd < 0)
			continue;
		snprintf(path, sizeof path, "%d/task/%d/children", t->pid, t->tid);
		len = slurp_at(procfd, path, buf, sizeof buf);
		for (p = buf; len > 0; p = end) {
			long child = strtol(p, &end, 10);

			if (end == p)
				break;
			if (child > 0 && child <= 4194304 &&
			    s->th[th_slot(s, (int)child)].tid != (int)child) {
				if (npids == cap) {
					cap = cap ? cap * 2 : 16;
					pids = xrealloc(pids, cap * sizeof *pids);
				}
				pids[npids++] = (int)child;
			}
		}
		/* A leader whose process now has more threads than it had. */
		if (t->tid == t->pid && t->nthreads != t->listed_threads) {
			if (npids == cap) {
				cap = cap ? cap * 2 : 16;
				pids = xrealloc(pids, cap * sizeof *pids);
			}
			pids[npids++] = t->pid;
		}
	}
	for (size_t i = 0; i < npids; i++) {
		struct eb_sampler_thread *leader;

		list_process(s, procfd, pids[i]);
		leader = &s->th[th_slot(s, pids[i])];
		if (leader->tid == pids[i])
			leader->listed_threads = leader->nthreads;
	}
	free(pids);
	close(procfd);
}

/* Reads a known thread's time again through its kept descriptors and adds
 * what it did; a thread that has exited (ESRCH) is forgotten, keeping what
 * it did up to its last read. */
static void
thread_reread(struct eb_sampler *s, struct eb_sampler_thread *t)
{
	const char *name;
	size_t namelen;
	uint64_t ticks = 0, start, ns;
	int ptid, nt, ppid;
	unsigned long flags;
	char buf[1024];
	ssize_t len;

	/* With schedstat, its one short line is all a sample reads. */
	if (t->sfd < 0) {
		len = pread(t->fd, buf, sizeof buf - 1, 0);
		if (len <= 0)
			goto gone;
		buf[len] = '\0';
		if (!parse_thread(buf, (size_t)len, &ptid, &ticks, &start, &name, &namelen,
		    &nt, &ppid, &flags) || start != t->start)
			goto gone;
	}
	if (thread_time(s, t, ticks, &ns) == 0) {
		thread_update(t, ns);
		return;
	}
gone:
	thread_forget(t);
}

/* Between full samples: the threads that were working at their last read. */
static void
read_active_threads(struct eb_sampler *s)
{
	for (size_t i = 0; i < s->thcap; i++) {
		struct eb_sampler_thread *t = &s->th[i];

		if (t->tid != 0 && t->fd >= 0 && t->active)
			thread_reread(s, t);
	}
}

/* Every known thread, idle or not, read in one quick pass. */
static void
read_all_threads(struct eb_sampler *s)
{
	for (size_t i = 0; i < s->thcap; i++) {
		struct eb_sampler_thread *t = &s->th[i];

		if (t->tid != 0 && t->fd >= 0)
			thread_reread(s, t);
	}
}

/* ---- energy: powercap RAPL zones and batteries */

static int
name_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The entries of dir, sorted, so that the sample file lists them the same
 * way every time. */
static char **
list_dir(const char *dir, size_t *n)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	char **names = NULL;
	size_t cap = 0;

	*n = 0;
	if (d == NULL)
		return NULL;
	while ((e = readdir(d)) != NULL) {
		if (e->d_name[0] == '.')
			continue;
		if (*n == cap) {
			cap = cap ? cap * 2 : 16;
			names = xrealloc(names, cap * sizeof *names);
		}
		names[(*n)++] = xasprintf2(dir, e->d_name);
	}
	closedir(d);
	if (*n > 1)	/* qsort of no array is undefined (a NULL base) */
		qsort(names, *n, sizeof *names, name_cmp);
	return names;
}

static void
find_zones(struct eb_sampler *s)
{
	char *root = xasprintf2(s->sysfs, "class/powercap");
	size_t n;
	char **dirs = list_dir(root, &n);

	free(root);
	for (size_t i = 0; i < n; i++) {
		struct eb_sampler_zone z;
		uint64_t v;

		memset(&z, 0, sizeof z);
		if (read_u64(dirs[i], "energy_uj", &v) != 0 ||
		    read_u64(dirs[i], "max_energy_range_uj", &z.range) != 0 || z.range == 0) {
			free(dirs[i]);
			continue;
		}
		if (read_word(dirs[i], "name", z.name, sizeof z.name) != 0 || z.name[0] == '\0')
			snprintf(z.name, sizeof z.name, "%s", "zone");
		z.dir = dirs[i];
		s->zones = xrealloc(s->zones, (s->nzones + 1) * sizeof *s->zones);
		s->zones[s->nzones++] = z;
	}
	free(dirs);
}

static void
find_batteries(struct eb_sampler *s)
{
	char *root = xasprintf2(s->sysfs, "class/power_supply");
	size_t n;
	char **dirs = list_dir(root, &n);

	free(root);
	for (size_t i = 0; i < n; i++) {
		struct eb_sampler_battery b;
		char word[32];
		int64_t v;

		memset(&b, 0, sizeof b);
		/* A mouse's or a phone's battery says scope Device. */
		if (read_word(dirs[i], "type", word, sizeof word) != 0 ||
		    strcmp(word, "Battery") != 0 ||
		    (read_word(dirs[i], "scope", word, sizeof word) == 0 &&
		    strcmp(word, "Device") == 0) ||
		    read_word(dirs[i], "status", word, sizeof word) != 0 ||
		    strcmp(word, "Discharging") != 0) {
			free(dirs[i]);
			continue;
		}
		if (read_i64(dirs[i], "power_now", &v) == 0)
			b.uses_power = 1;
		else if (read_i64(dirs[i], "energy_now", &v) != 0) {
			free(dirs[i]);
			continue;
		}
		b.dir = dirs[i];
		b.base = strrchr(b.dir, '/') + 1;
		b.last_t = NAN;
		s->bats = xrealloc(s->bats, (s->nbats + 1) * sizeof *s->bats);
		s->bats[s->nbats++] = b;
	}
	free(dirs);
}

static void
read_zones(struct eb_sampler *s)
{
	for (size_t i = 0; i < s->nzones; i++) {
		struct eb_sampler_zone *z = &s->zones[i];
		uint64_t v;

		if (read_u64(z->dir, "energy_uj", &v) != 0)
			continue;	/* the next read covers this interval */
		if (z->have_last) {
			/* The counter runs from 0 to max_energy_range_uj and
			 * starts again; a sample every 0.1 s sees at most one
			 * wrap (the smallest range seen is 65 kJ). */
			uint64_t d = v >= z->last ? v - z->last : v + z->range - z->last;

			z->joules += (double)d * 1e-6;
		}
		z->last = v;
		z->have_last = 1;
	}
}

static void
read_batteries(struct eb_sampler *s, double t)
{
	for (size_t i = 0; i < s->nbats; i++) {
		struct eb_sampler_battery *b = &s->bats[i];
		char status[32];
		int64_t v;

		if (b->invalid)
			continue;
		if (read_word(b->dir, "status", status, sizeof status) == 0 &&
		    strcmp(status, "Discharging") != 0) {
			/* Charging (or full) means mains power the battery does
			 * not see: what it lost no longer measures the machine. */
			b->invalid = 1;
			b->invalid_at = t;
			eb_sampler_escape(b->invalid_status, sizeof b->invalid_status,
			    status, strlen(status));
			continue;
		}
		if (b->uses_power) {
			double w;

			if (read_i64(b->dir, "power_now", &v) != 0)
				continue;
			w = (double)(v < 0 ? -v : v) * 1e-6;	/* µW; some drivers sign it */
			if (!isnan(b->last_t))
				b->joules += (b->last_w + w) / 2 * (t - b->last_t);
			b->last_w = w;
			b->last_t = t;
		} else {
			if (read_i64(b->dir, "energy_now", &v) != 0)
				continue;
			if (isnan(b->last_t))
				b->first_uwh = v;
			b->last_t = t;
			b->joules = (double)(b->first_uwh - v) * 3.6e-3;	/* µWh to J */
		}
	}
}

/* ---- the whole */

void
eb_sampler_init(struct eb_sampler *s, const char *procfs, const char *sysfs)
{
	long hz = sysconf(_SC_CLK_TCK);

	memset(s, 0, sizeof *s);
	s->procfs = strdup(procfs && *procfs ? procfs : "/proc");
	s->sysfs = strdup(sysfs && *sysfs ? sysfs : "/sys");
	if (s->procfs == NULL || s->sysfs == NULL) {
		fputs("encbench-sample: out of memory\n", stderr);
		abort();
	}
	s->hz = hz > 0 ? hz : 100;
	s->self_pid = (int)getpid();
	s->meter_last_t = NAN;
	th_grow(s);
	find_zones(s);
	find_batteries(s);
}

void
eb_sampler_take(struct eb_sampler *s, double t, int full)
{
	eb_sampler_read_stat(s);
	if (full || !s->first_done) {
		list_threads(s);
	} else {
		read_active_threads(s);
		follow_test(s);
		s->partial++;
	}
	read_zones(s);
	read_batteries(s, t);
	s->first_done = 1;
	s->nsamples++;
}

void
eb_sampler_rebase(struct eb_sampler *s)
{
	eb_sampler_read_stat(s);
	read_all_threads(s);
	read_zones(s);
	for (int i = 0; i < s->ncpu; i++)
		s->cpu[i].acc_busy = s->cpu[i].acc_total = 0;
	for (size_t i = 0; i < s->thcap; i++)
		s->th[i].acc = 0;
	for (size_t i = 0; i < s->nzones; i++)
		s->zones[i].joules = 0;
}

void
eb_sampler_take_last(struct eb_sampler *s, double t)
{
	eb_sampler_read_stat(s);
	read_all_threads(s);
	s->last_pass = 1;
	list_threads(s);
	s->last_pass = 0;
	read_zones(s);
	read_batteries(s, t);
	s->nsamples++;
}

void
eb_sampler_meter_line(struct eb_sampler *s, double t, const char *line)
{
	char *end;
	double w;
	int decimal;

	while (*line == ' ' || *line == '\t')
		line++;
	if (*line == '\0' || *line == '\n')
		return;
	errno = 0;
	w = strtod(line, &end);
	/* A reading is decimal digits and a point: strtod would also read
	 * 0x10 as 16 W, and inf or 1e3. */
	decimal = end != line && line + strspn(line, "0123456789.") == end;
	while (*end == ' ' || *end == '\t' || *end == '\r' || *end == '\n')
		end++;
	/* No meter of a computer reads a megawatt. */
	if (errno != 0 || !decimal || *end != '\0' || !(w >= 0 && w < 1e6)) {
		s->meter_bad++;
		return;
	}
	if (!isnan(s->meter_last_t))
		s->meter_joules += (s->meter_last_w + w) / 2 * (t - s->meter_last_t);
	s->meter_last_w = w;
	s->meter_last_t = t;
	s->meter_sum_w += w;
	s->meter_n++;
}

static int
by_acc(const void *a, const void *b)
{
	const struct eb_sampler_thread *x = *(const struct eb_sampler_thread *const *)a;
	const struct eb_sampler_thread *y = *(const struct eb_sampler_thread *const *)b;

	if ((x->kind == 'o') != (y->kind == 'o'))
		return x->kind == 'o' ? 1 : -1;
	if (x->acc != y->acc)
		return x->acc > y->acc ? -1 : 1;
	return x->tid < y->tid ? -1 : x->tid > y->tid;
}

void
eb_sampler_write(const struct eb_sampler *s, FILE *fp, char *const *argv,
    double interval, double duration, int status, double self_cpu)
{
	const struct eb_sampler_thread **top;
	uint64_t busy = 0, total = 0;
	size_t ntop = 0;
	char esc[4 * 256 + 8];

	fputs("encbench-sample 1\n", fp);
	fputs("command", fp);
	for (char *const *a = argv; a != NULL && *a != NULL; a++) {
		size_t len = strlen(*a);

		/* Only the start of a long argument: the line is for people. */
		eb_sampler_escape(esc, sizeof esc, *a, len > 256 ? 256 : len);
		fprintf(fp, " %s", esc);
	}
	fputc('\n', fp);
	fprintf(fp, "status %d\n", status);
	fprintf(fp, "interval %.6f\n", interval);
	fprintf(fp, "duration %.6f\n", duration);
	fprintf(fp, "samples %ld\n", s->nsamples);
	fprintf(fp, "clock_hz %ld\n", s->hz);
	fprintf(fp, "self_cpu %.6f\n", self_cpu);
	for (int i = 0; i < s->ncpu; i++) {
		busy += s->cpu[i].acc_busy;
		total += s->cpu[i].acc_total;
	}
	fprintf(fp, "cpus %d %d\n", s->online_min, s->online_max);
	fprintf(fp, "cpu_all %.6f %.6f\n", (double)busy / (double)s->hz,
	    (double)total / (double)s->hz);
	for (int i = 0; i < s->ncpu; i++)
		if (s->cpu[i].acc_total > 0 || s->cpu[i].seen)
			fprintf(fp, "cpu %d %.6f %.6f\n", i, (double)s->cpu[i].acc_busy / (double)s->hz,
			    (double)s->cpu[i].acc_total / (double)s->hz);
	top = xrealloc(NULL, (s->nth + 1) * sizeof *top);
	for (size_t i = 0; i < s->thcap; i++)
		if (s->th[i].tid != 0)
			top[ntop++] = &s->th[i];
	qsort(top, ntop, sizeof *top, by_acc);
	/* When every sample listed every thread, each thread alive at any of
	 * them was timed to the nanosecond: their sum is the machine's busy
	 * time, without /proc/stat's whole ticks. The sampler's own is left
	 * out (self_cpu says it). */
	if (s->partial == 0 && s->ticks_only == 0 && s->nsamples >= 2) {
		uint64_t ns = 0;

		for (size_t i = 0; i < ntop; i++)
			if (top[i]->pid != s->self_pid)
				ns += top[i]->acc;
		fprintf(fp, "cpu_threads %.9f\n", (double)ns * 1e-9);
	}
	fprintf(fp, "threads %zu\n", ntop);
	/* ns: every thread was timed by schedstat; ticks: some by stat. */
	fprintf(fp, "thread_clock %s\n", s->ticks_only ? "ticks" : "ns");
	/* The busiest of the test's and the kernel's, then of the others. */
	for (size_t i = 0, listed_o = 0, listed = 0; i < ntop; i++) {
		if (top[i]->kind == 'o' ? listed_o++ >= EB_SAMPLER_TOP_OTHER : listed++ >= EB_SAMPLER_TOP)
			continue;
		fprintf(fp, "thread %d %d %c %.6f %s\n", top[i]->tid, top[i]->pid, top[i]->kind,
		    (double)top[i]->acc * 1e-9, top[i]->name[0] ? top[i]->name : "\\x00");
	}
	free(top);
	for (size_t i = 0; i < s->nzones; i++) {
		const char *base = strrchr(s->zones[i].dir, '/') + 1;

		eb_sampler_escape(esc, sizeof esc, s->zones[i].name, strlen(s->zones[i].name));
		fprintf(fp, "rapl %s %s %.6f\n", base, esc, s->zones[i].joules);
	}
	for (size_t i = 0; i < s->nbats; i++) {
		const struct eb_sampler_battery *b = &s->bats[i];

		if (b->invalid)
			fprintf(fp, "battery %s %.6f %s %.6f\n", b->base, b->joules,
			    b->invalid_status[0] ? b->invalid_status : "unknown", b->invalid_at);
		else
			fprintf(fp, "battery %s %.6f Discharging\n", b->base, b->joules);
	}
	if (s->meter_n > 0 || s->meter_bad > 0)
		fprintf(fp, "meter %ld %ld %.6f %.6f\n", s->meter_n, s->meter_bad, s->meter_joules,
		    s->meter_n > 0 ? s->meter_sum_w / (double)s->meter_n : 0.0);
	fputs("end\n", fp);
}

void
eb_sampler_free(struct eb_sampler *s)
{
	for (size_t i = 0; i < s->nzones; i++)
		free(s->zones[i].dir);
	for (size_t i = 0; i < s->nbats; i++)
		free(s->bats[i].dir);
	for (size_t i = 0; i < s->thcap; i++)
		if (s->th[i].tid != 0)
			thread_forget(&s->th[i]);
	free(s->zones);
	free(s->bats);
	free(s->th);
	free(s->cpu);
	free(s->procfs);
	free(s->sysfs);
}
