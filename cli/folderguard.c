/* folderguard.c - removing the folder a command is building when a signal
 * ends it, so that Ctrl-C, SIGTERM or a hang-up leave no hidden folder. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "folderswap.h"

/* The signals whose default is to end the process. */
static const int ending_signals[] = {
	SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE, SIGALRM, SIGUSR1, SIGUSR2,
	SIGXCPU, SIGXFSZ, SIGVTALRM, SIGPROF,
};

/* The folder being built, or "" when none. A handler reads it, so it is a
 * fixed buffer written only while the signals are blocked. */
static char guarded[4096];
static volatile sig_atomic_t handling;
/* The process that guards it: the processes it forks to draw charts
 * inherit the handler, and theirs is to end, not to remove the folder
 * their parent is building. */
static pid_t guarding;
/* The processes drawing its charts. A handler ends and reaps them before
 * it removes the folder: one still drawing would add a file after the
 * folder was emptied, and on a loaded machine its last pass too. */
static volatile pid_t drawers[16];

/* Removes what fd, a folder, holds, with nothing but system calls: a
 * signal handler may not call malloc, so readdir is out. Folders deeper
 * than the report's few levels are left, and their parents with them. */
static void
empty_at(int fd, int depth)
{
	char buf[4096];
	long n;

	while ((n = syscall(SYS_getdents64, fd, buf, sizeof buf)) > 0) {
		for (long off = 0; off < n;) {
			struct {
				unsigned long long ino;
				long long off;
				unsigned short reclen;
				unsigned char type;
				char name[];
			} *e = (void *)(buf + off);

			off += e->reclen;
			if (strcmp(e->name, ".") == 0 || strcmp(e->name, "..") == 0)
				continue;
			if (unlinkat(fd, e->name, 0) == 0 || (errno != EISDIR && errno != EPERM))
				continue;
			if (depth < 8) {
				int sub = openat(fd, e->name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW |
				    O_CLOEXEC);

				if (sub >= 0) {
					empty_at(sub, depth + 1);
					close(sub);
				}
			}
			unlinkat(fd, e->name, AT_REMOVEDIR);
		}
	}
}

static void
on_signal(int sig)
{
	int saved = errno;

	if (!handling && guarded[0] != '\0' && getpid() == guarding) {
		handling = 1;
		for (size_t i = 0; i < sizeof drawers / sizeof drawers[0]; i++) {
			pid_t pid = drawers[i];

			if (pid > 0) {
				kill(pid, SIGKILL);
				while (waitpid(pid, NULL, 0) < 0 && errno == EINTR)
					;
				drawers[i] = 0;
			}
		}
		/* Threads drawing charts may still add a file: a second pass
		 * takes what came during the first. */
		for (int pass = 0; pass < 3 && rmdir(guarded) != 0; pass++) {
			int fd = open(guarded, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);

			if (fd < 0)
				break;
			empty_at(fd, 0);
			close(fd);
		}
	}
	errno = saved;
	signal(sig, SIG_DFL);
	raise(sig);
}

static void
block(sigset_t *was)
{
	sigset_t set;

	sigemptyset(&set);
	for (size_t i = 0; i < sizeof ending_signals / sizeof ending_signals[0]; i++)
		sigaddset(&set, ending_signals[i]);
	pthread_sigmask(SIG_BLOCK, &set, was);
}

void
eb_folder_guard(const char *path)
{
	static int installed;
	sigset_t was;

	if (strlen(path) >= sizeof guarded)
		return;
	block(&was);
	snprintf(guarded, sizeof guarded, "%s", path);
	guarding = getpid();
	/* A signal the caller ignores (nohup's SIGHUP) stays ignored. */
	for (size_t i = 0; !installed && i < sizeof ending_signals / sizeof ending_signals[0]; i++) {
		struct sigaction sa, old;

		if (sigaction(ending_signals[i], NULL, &old) != 0 || old.sa_handler != SIG_DFL)
			continue;
		memset(&sa, 0, sizeof sa);
		sa.sa_handler = on_signal;
		sa.sa_flags = SA_NODEFER;
		sigemptyset(&sa.sa_mask);
		sigaction(ending_signals[i], &sa, NULL);
	}
	installed = 1;
	pthread_sigmask(SIG_SETMASK, &was, NULL);
}

void
eb_folder_unguard(const char *path)
{
	sigset_t was;

	block(&was);
	if (strcmp(path, guarded) == 0)
		guarded[0] = '\0';
	pthread_sigmask(SIG_SETMASK, &was, NULL);
}

void
eb_folder_guard_drawer(pid_t pid, int drawing)
{
	sigset_t was;

	block(&was);
	for (size_t i = 0; i < sizeof drawers / sizeof drawers[0]; i++)
		if (drawing ? drawers[i] == 0 : drawers[i] == pid) {
			drawers[i] = drawing ? pid : 0;
			break;
		}
	pthread_sigmask(SIG_SETMASK, &was, NULL);
}
