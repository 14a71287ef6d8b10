/* encbench-sample.c - runs one benchmark command and samples CPU time and
 * energy about ten times a second for its whole life; writes PREFIX.sample. */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "sampler.h"

/* The sampler's own failures, as env(1) and timeout(1) number them. */
#define EXIT_SAMPLER 125
#define EXIT_CANNOT_EXEC 126
#define EXIT_NOT_FOUND 127

static const char usage_text[] =
    "usage: encbench-sample [-i SECONDS] [-p POWER_CMD] -o PREFIX -- COMMAND [ARG...]\n"
    "Runs COMMAND, samples /proc and /sys about every SECONDS (default 0.1)\n"
    "while it runs and writes PREFIX.sample; exits with COMMAND's status.\n"
    "POWER_CMD is a program (run without a shell or arguments) that prints\n"
    "watts, one number a line. ENCBENCH_PROCFS and ENCBENCH_SYSFS replace\n"
    "/proc and /sys.\n";

static volatile sig_atomic_t child_pid;
static volatile sig_atomic_t pending_signal;
static int wake_pipe[2] = { -1, -1 };

static void
on_signal(int sig)
{
	int saved = errno;

	pending_signal = sig;
	if (child_pid > 0)
		kill((pid_t)child_pid, sig);
	errno = saved;
}

static void
on_child(int sig)
{
	int saved = errno;
	char c = (char)sig;

	if (write(wake_pipe[1], &c, 1) < 0) {
		/* The pipe is full: a wake-up is already waiting. */
	}
	errno = saved;
}

static double
now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void
fail(const char *what, const char *why)
{
	fprintf(stderr, "encbench-sample: %s: %s\n", what, why);
}

static const int forwarded[] = { SIGHUP, SIGINT, SIGQUIT, SIGTERM };
/* The sampler keeps a descriptor open per thread; COMMAND gets the limit
 * it would have had. */
static struct rlimit nofile_before;
static int nofile_raised;

/* The first FULL_FIRST samples list every thread, so that the processes
 * a test starts are seen early; after that one in FULL_EVERY does. The
 * last one does too, with COMMAND still a zombie. */
#define FULL_FIRST 3
#define FULL_EVERY 10

static void
child_signals_default(void)
{
	sigset_t none;

	for (size_t i = 0; i < sizeof forwarded / sizeof forwarded[0]; i++)
		signal(forwarded[i], SIG_DFL);
	signal(SIGCHLD, SIG_DFL);
	signal(SIGPIPE, SIG_DFL);
	sigemptyset(&none);
	sigprocmask(SIG_SETMASK, &none, NULL);
	if (nofile_raised)
		setrlimit(RLIMIT_NOFILE, &nofile_before);
}

/* Starts argv[0] by execvp. A failed exec reports its errno through a
 * close-on-exec pipe, so the parent can tell "not found" from a command
 * that ran and failed. stdout_fd, when >= 0, becomes the child's stdout. */
static pid_t
spawn(char *const *argv, int stdout_fd, int *exec_errno)
{
	int ep[2];
	pid_t pid;
	ssize_t r;
	int e = 0;

	*exec_errno = 0;
	if (pipe2(ep, O_CLOEXEC) != 0)
		return -1;
	pid = fork();
	if (pid < 0) {
		close(ep[0]);
		close(ep[1]);
		return -1;
	}
	if (pid == 0) {
		close(ep[0]);
		child_signals_default();
		if (stdout_fd >= 0) {
			int devnull = open("/dev/null", O_RDONLY);

			if (devnull >= 0) {
				dup2(devnull, 0);
				close(devnull);
			}
			dup2(stdout_fd, 1);
			close(stdout_fd);
		}
		execvp(argv[0], argv);
		e = errno;
		if (write(ep[1], &e, sizeof e) < 0)
			_exit(EXIT_SAMPLER);
		_exit(e == ENOENT ? EXIT_NOT_FOUND : EXIT_CANNOT_EXEC);
	}
	close(ep[1]);
	while ((r = read(ep[0], &e, sizeof e)) < 0 && errno == EINTR)
		;
	close(ep[0]);
	if (r == (ssize_t)sizeof e)
		*exec_errno = e;
	return pid;
}

/* What the meter printed since the last call, split into lines. */
struct meter {
	pid_t pid;
	int fd;
	char buf[512];
	size_t len;
};

static void
meter_read(struct meter *m, struct eb_sampler *s, double t)
{
	ssize_t r;

	while ((r = read(m->fd, m->buf + m->len, sizeof m->buf - 1 - m->len)) > 0) {
		char *start = m->buf, *nl;

		m->len += (size_t)r;
		m->buf[m->len] = '\0';
		while ((nl = memchr(start, '\n', m->len - (size_t)(start - m->buf))) != NULL) {
			*nl = '\0';
			eb_sampler_meter_line(s, t, start);
			start = nl + 1;
		}
		m->len -= (size_t)(start - m->buf);
		memmove(m->buf, start, m->len);
		if (m->len == sizeof m->buf - 1) {
			/* A line longer than any number: not a reading. */
			s->meter_bad++;
			m->len = 0;
		}
	}
	if (r == 0) {
		close(m->fd);
		m->fd = -1;
	}
}

static double
self_cpu_seconds(void)
{
	struct rusage ru;

	if (getrusage(RUSAGE_SELF, &ru) != 0)
		return NAN;
	return (double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec * 1e-6 +
	    (double)ru.ru_stime.tv_sec + (double)ru.ru_stime.tv_usec * 1e-6;
}

/* PREFIX.sample.part is opened before COMMAND runs, so that a test is not
 * run for nothing when its samples cannot be kept. */
struct out {
	char *path, *part;
	FILE *fp;
};

static int
out_open(struct out *o, const char *prefix)
{
	size_t n = strlen(prefix) + sizeof ".sample.part";
	int fd;

	o->path = malloc(n);
	o->part = malloc(n);
	if (o->path == NULL || o->part == NULL) {
		fputs("encbench-sample: out of memory\n", stderr);
		abort();
	}
	snprintf(o->path, n, "%s.sample", prefix);
	snprintf(o->part, n, "%s.sample.part", prefix);
	/* A new file only: the runner runs this as root in a folder that a
	 * link planted at PREFIX.sample.part must not redirect. */
	fd = open(o->part, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
	if (fd < 0 || (o->fp = fdopen(fd, "w")) == NULL) {
		fail(o->part, strerror(errno));
		if (fd >= 0) {
			close(fd);
			unlink(o->part);
		}
		o->fp = NULL;
		return -1;
	}
	return 0;
}

static void
out_free(struct out *o)
{
	if (o->fp != NULL) {
		fclose(o->fp);
		unlink(o->part);
	}
	free(o->path);
	free(o->part);
}

static int
out_write(struct out *o, const struct eb_sampler *s, char *const *argv,
    double interval, double duration, int status)
{
	int ok;

	errno = 0;
	eb_sampler_write(s, o->fp, argv, interval, duration, status, self_cpu_seconds());
	ok = !ferror(o->fp);
	if (fclose(o->fp) != 0)
		ok = 0;
	o->fp = NULL;
	if (!ok || rename(o->part, o->path) != 0) {
		fail(o->path, strerror(errno ? errno : EIO));
		unlink(o->part);
		return -1;
	}
	return 0;
}

int
main(int argc, char **argv)
{
	const char *prefix = NULL;
	char *power_cmd = NULL;
	double interval = 0.1, t0, next, t;
	struct eb_sampler s;
	struct meter m = { -1, -1, { 0 }, 0 };
	struct out out = { NULL, NULL, NULL };
	struct sigaction sa;
	int opt, status = 0, rc, exec_errno;
	pid_t pid;

	while ((opt = getopt(argc, argv, "+i:p:o:h")) != -1) {
		char *end;

		switch (opt) {
		case 'i':
			/* Decimal digits and a point only: strtod would also
			 * read 0x10 as 16 and 1e1 as 10. */
			interval = strtod(optarg, &end);
			if (*end != '\0' || optarg[strspn(optarg, "0123456789.")] != '\0' ||
			    !(interval >= 0.01 && interval <= 60)) {
				fail("-i", "the interval must be a decimal number of seconds between 0.01 and 60");
				return EXIT_SAMPLER;
			}
			break;
		case 'p':
			power_cmd = optarg;
			break;
		case 'o':
			prefix = optarg;
			break;
		case 'h':
			fputs(usage_text, stdout);
			return 0;
		default:
			fputs(usage_text, stderr);
			return EXIT_SAMPLER;
		}
	}
	if (prefix == NULL || *prefix == '\0' || optind >= argc) {
		fputs(usage_text, stderr);
		return EXIT_SAMPLER;
	}
	if (out_open(&out, prefix) != 0) {
		out_free(&out);
		return EXIT_SAMPLER;
	}
	if (pipe2(wake_pipe, O_CLOEXEC | O_NONBLOCK) != 0) {
		fail("pipe", strerror(errno));
		out_free(&out);
		return EXIT_SAMPLER;
	}
	memset(&sa, 0, sizeof sa);
	sigemptyset(&sa.sa_mask);
	sa.sa_handler = on_signal;
	for (size_t i = 0; i < sizeof forwarded / sizeof forwarded[0]; i++)
		sigaction(forwarded[i], &sa, NULL);
	sa.sa_handler = on_child;
	sa.sa_flags = SA_NOCLDSTOP;
	sigaction(SIGCHLD, &sa, NULL);
	signal(SIGPIPE, SIG_IGN);

	if (getrlimit(RLIMIT_NOFILE, &nofile_before) == 0 &&
	    nofile_before.rlim_cur < nofile_before.rlim_max) {
		struct rlimit more = nofile_before;

		more.rlim_cur = more.rlim_max;
		nofile_raised = setrlimit(RLIMIT_NOFILE, &more) == 0;
	}
	eb_sampler_init(&s, getenv("ENCBENCH_PROCFS"), getenv("ENCBENCH_SYSFS"));
	if (power_cmd != NULL) {
		char *margv[2] = { power_cmd, NULL };
		int mp[2];

		if (pipe2(mp, O_CLOEXEC) != 0) {
			fail("pipe", strerror(errno));
			out_free(&out);
			eb_sampler_free(&s);
			return EXIT_SAMPLER;
		}
		m.pid = spawn(margv, mp[1], &exec_errno);
		close(mp[1]);
		if (m.pid < 0 || exec_errno != 0) {
			fail(power_cmd, strerror(m.pid < 0 ? errno : exec_errno));
			close(mp[0]);
			if (m.pid > 0)
				waitpid(m.pid, NULL, 0);
			out_free(&out);
			eb_sampler_free(&s);
			return EXIT_SAMPLER;
		}
		m.fd = mp[0];
		fcntl(m.fd, F_SETFL, O_NONBLOCK);
	}
	eb_sampler_take(&s, 0, 1);
	eb_sampler_rebase(&s);
	if (pending_signal != 0) {
		status = 128 + pending_signal;
		goto stop_meter;
	}
	t0 = now();
	pid = spawn(argv + optind, -1, &exec_errno);
	if (pid < 0) {
		fail(argv[optind], strerror(errno));
		status = EXIT_SAMPLER;
		goto stop_meter;
	}
	child_pid = pid;
	s.cmd_pid = (int)pid;
	if (pending_signal != 0)
		kill(pid, pending_signal);
	if (exec_errno != 0)
		fail(argv[optind], strerror(exec_errno));
	next = t0 + interval;
	for (;;) {
		struct pollfd fds[2] = { { wake_pipe[0], POLLIN, 0 }, { m.fd, POLLIN, 0 } };
		double wait = next - now();
		int ready, r;
		siginfo_t si;

		/* ready is poll's own count: the meter's line is read whenever
		 * poll says it is there, or poll returns at once on it until
		 * the next sample (a busy loop that took a CPU from the test). */
		ready = poll(fds, m.fd >= 0 ? 2 : 1, wait > 0 ? (int)ceil(wait * 1000) : 0);
		if (ready < 0 && errno != EINTR) {
			fail("poll", strerror(errno));
			break;
		}
		if (ready > 0 && (fds[0].revents & POLLIN)) {
			char drain[64];

			while (read(wake_pipe[0], drain, sizeof drain) > 0)
				;
		}
		/* WNOWAIT leaves COMMAND a zombie for the last sample, whose
		 * /proc entry still holds its final CPU time. */
		memset(&si, 0, sizeof si);
		while ((r = waitid(P_PID, (id_t)pid, &si, WEXITED | WNOHANG | WNOWAIT)) < 0 &&
		    errno == EINTR)
			;
		if (r < 0) {
			fail("waitid", strerror(errno));
			status = EXIT_SAMPLER;
			break;
		}
		if (si.si_pid == pid)
			break;
		t = now();
		if (m.fd >= 0 && ready > 0 && (fds[1].revents & (POLLIN | POLLHUP | POLLERR)))
			meter_read(&m, &s, t - t0);
		if (t >= next) {
			eb_sampler_take(&s, t - t0, s.nsamples <= FULL_FIRST ||
			    s.nsamples % FULL_EVERY == 0);
			/* A sample that ran late does not make the next ones
			 * crowd in to catch up. */
			next += interval;
			if (next < t)
				next = t + interval;
		}
	}
	t = now();
	if (m.fd >= 0)
		meter_read(&m, &s, t - t0);
	eb_sampler_take_last(&s, t - t0);
	while (waitpid(pid, &rc, 0) < 0) {
		if (errno != EINTR) {
			rc = EXIT_SAMPLER << 8;
			break;
		}
	}
	child_pid = 0;
	if (status == 0)
		status = WIFSIGNALED(rc) ? 128 + WTERMSIG(rc) : WEXITSTATUS(rc);
	if (out_write(&out, &s, argv + optind, interval, t - t0, status) != 0 && status == 0)
		status = EXIT_SAMPLER;
stop_meter:
	if (m.pid > 0) {
		/* A meter that ignores SIGTERM gets a second to go. */
		kill(m.pid, SIGTERM);
		for (int i = 0; i < 100 && waitpid(m.pid, NULL, WNOHANG) == 0; i++)
			poll(NULL, 0, 10);
		if (waitpid(m.pid, NULL, WNOHANG) == 0) {
			kill(m.pid, SIGKILL);
			waitpid(m.pid, NULL, 0);
		}
	}
	if (m.fd >= 0)
		close(m.fd);
	out_free(&out);
	eb_sampler_free(&s);
	return status;
}
