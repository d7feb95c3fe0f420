/*
 * contain.c - every student build and run happens here: in a forked child
 * with its own process group, a wall-clock limit (the whole group is killed
 * at it), a CPU-time limit, a limit on its data (RLIMIT_DATA: malloc, brk
 * and private writable mappings, so a runaway allocation fails while PoCL
 * and LLVM keep the large address-space reservations they make), no core
 * dump, and no network where the system lets an unprivileged process have
 * a network namespace of its own. What the child writes to standard output
 * and error comes back to the parent.
 *
 * Where the system allows it, the child also gets a PID namespace: the
 * submission runs as its process 2, under a small init (process 1) that
 * reaps it and passes its end on; when the child is killed at its limit,
 * init dies with it and the kernel kills everything left in the namespace,
 * so a descendant that leaves the session and ignores signals is gone too.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/types.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "contain.h"
#include "sandbox.h"

/* A sandboxed child may start this many processes and threads. */
#define CK_MAX_TASKS 512

/* At most this much of a child's output is kept. */
#define OUT_MAX ((size_t)1 << 20)

static int isolated = -1; /* unknown until the first child */
static char isolated_why[600];
static int files_isolated = -1; /* unknown until the first sandboxed child */
static char files_why[300];

int ck_contain_isolated(const char **why)
{
	if (why)
		*why = isolated_why;
	return isolated == 1;
}

int ck_contain_files_isolated(const char **why)
{
	if (why)
		*why = files_why;
	return files_isolated == 1;
}

const char *ck_self_exe(void)
{
	static char buf[4096];
	ssize_t n = readlink("/proc/self/exe", buf, sizeof buf - 1);
	if (n <= 0)
		return NULL;
	buf[n] = '\0';
	return buf;
}

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/* In the middle process (outside the namespace): wait for init, whose
 * end pipe says how the submission ended ("x STATUS" or "s SIGNAL"), and
 * end the same way. Never returns. */
static void mirror_end(pid_t init, int endfd)
{
	int st;
	while (waitpid(init, &st, 0) < 0 && errno == EINTR)
		;
	char msg[32] = "";
	ssize_t n = read(endfd, msg, sizeof msg - 1);
	int v;
	if (n > 2 && sscanf(msg + 2, "%d", &v) == 1) {
		if (msg[0] == 's') {
			signal(v, SIG_DFL);
			kill(getpid(), v);
		}
		_exit(msg[0] == 'x' ? v : 127);
	}
	_exit(127);
}

/* Init of the namespace: reap everything, and when the submission (pid)
 * ends, say how on endfd and exit, which ends the namespace. Never
 * returns. */
static void init_reap(pid_t pid, int endfd)
{
	for (;;) {
		int st;
		pid_t w = wait(&st);
		if (w < 0 && errno == EINTR)
			continue;
		if (w < 0 || w == pid) {
			char msg[32];
			int n = w < 0 ? snprintf(msg, sizeof msg, "x 127")
				: WIFSIGNALED(st)
				    ? snprintf(msg, sizeof msg, "s %d", WTERMSIG(st))
				    : snprintf(msg, sizeof msg, "x %d", WEXITSTATUS(st));
			ssize_t wr = write(endfd, msg, (size_t)n);
			(void)wr;
			_exit(0);
		}
	}
}

/* Tell the parent how the child is contained: 'N' network isolated or
 * 'n' not, then 'F' files isolated (sandbox.h), 'f' not or '-' not asked,
 * then why the network or the descendants are not contained, a 0x1f, and
 * why the files are not. */
static void report(int fd, int netns, int asked, int mountns, const char *net, const char *files)
{
	if (fd < 0)
		return;
	char msg[600];
	int n = snprintf(msg, sizeof msg, "%c%c%s\x1f%s", netns ? 'N' : 'n',
			 !asked    ? '-'
			 : mountns ? 'F'
				   : 'f',
			 net, files);
	ssize_t w = write(fd, msg, (size_t)n);
	(void)w;
	close(fd);
}

/* After unshare(CLONE_NEWPID): the next child is init of the namespace,
 * which enters the sandbox (a /proc of the namespace needs a process in
 * it) and reports; its child runs the submission, which returns from
 * here. The others never return. */
static void enter_pid_namespace(const ck_limits *lim, int netns, int mountns, const char *net,
				char *files, size_t flen, int report_fd)
{
	int endp[2];
	if (pipe(endp) != 0)
		_exit(127);
	pid_t init = fork();
	if (init < 0)
		_exit(127);
	if (init > 0) {
		close(endp[1]);
		if (report_fd >= 0)
			close(report_fd);
		mirror_end(init, endp[0]);
	}
	close(endp[0]);
	/* init dies with the middle process (killed at the limit); were that
	 * already dead, the process group's kill still reaches init */
	prctl(PR_SET_PDEATHSIG, SIGKILL);
	if (mountns && ck_sandbox_enter(lim, files, flen) != 0)
		mountns = 0;
	report(report_fd, netns, lim->sandbox, mountns, net, files);
	pid_t sub = fork();
	if (sub < 0)
		_exit(127);
	if (sub > 0)
		init_reap(sub, endp[1]);
	close(endp[1]);
	prctl(PR_SET_PDEATHSIG, 0);
	if (mountns)
		ck_sandbox_drop();
}

/* unshare(flags), or with a user namespace of its own where only that is
 * allowed, our ids mapped to themselves (which mounts need). 1 when done,
 * 0 with errno from the first try. */
static int enter_namespaces(int flags)
{
	uid_t uid = getuid();
	gid_t gid = getgid();
	if (unshare(flags) == 0)
		return 1;
	int e = errno;
	if (unshare(flags | CLONE_NEWUSER) != 0) {
		errno = e;
		return 0;
	}
	char map[64];
	int n = snprintf(map, sizeof map, "%u %u 1", (unsigned)uid, (unsigned)uid);
	static const char *const files[] = {"/proc/self/setgroups", "/proc/self/uid_map",
					    "/proc/self/gid_map"};
	for (int k = 0; k < 3; k++) {
		int fd = open(files[k], O_WRONLY | O_CLOEXEC);
		if (fd < 0)
			continue;
		if (k == 2)
			n = snprintf(map, sizeof map, "%u %u 1", (unsigned)gid, (unsigned)gid);
		ssize_t w = k == 0 ? write(fd, "deny", 4) : write(fd, map, (size_t)n);
		(void)w;
		close(fd);
	}
	return 1;
}

/* How many processes (and threads) user uid has now: the tasks of each
 * /proc/PID whose owner is uid. */
static long tasks_of(uid_t uid)
{
	DIR *d = opendir("/proc");
	if (!d)
		return -1;
	long n = 0;
	struct dirent *e;
	while ((e = readdir(d))) {
		char *end, path[64];
		long pid = strtol(e->d_name, &end, 10);
		if (*end || pid <= 0)
			continue;
		snprintf(path, sizeof path, "/proc/%ld/task", pid);
		struct stat st;
		if (stat(path, &st) != 0 || st.st_uid != uid)
			continue;
		n += st.st_nlink > 2 ? (long)st.st_nlink - 2 : 1;
	}
	closedir(d);
	return n;
}

/* In the child: the limits and the namespaces, reported on report_fd
 * (report). */
static void child_setup(const ck_limits *lim, int report_fd)
{
	if (lim->session)
		setsid();
	else
		setpgid(0, 0);
	struct rlimit core = {0, 0};
	setrlimit(RLIMIT_CORE, &core);
	double cpu = lim->cpu_s > 0 ? lim->cpu_s : lim->wall_s;
	if (cpu > 0) {
		rlim_t c = (rlim_t)cpu + 1;
		struct rlimit rc = {c, c + 1};
		setrlimit(RLIMIT_CPU, &rc);
	}
	if (lim->mem_bytes) {
		struct rlimit rd = {lim->mem_bytes, lim->mem_bytes};
		setrlimit(RLIMIT_DATA, &rd);
	}
	/* A student's processes: a few hundred more than the user has, so a
	 * fork bomb stops there (the kernel exempts root from this limit: a
	 * root grader's bomb is ended by the PID namespace at the time limit) */
	long have = lim->sandbox ? tasks_of(getuid()) : -1;
	if (have >= 0) {
		struct rlimit rp = {(rlim_t)have + CK_MAX_TASKS, (rlim_t)have + CK_MAX_TASKS};
		setrlimit(RLIMIT_NPROC, &rp);
	}
	/* No network, a PID namespace, and for a student's build or run a
	 * mount namespace: as root, or through a user namespace where
	 * unprivileged ones are allowed. */
	int base = CLONE_NEWNET | CLONE_NEWPID;
	char net[200] = "", files[300] = "";
	int netns = 1, pidns = 1, mountns = lim->sandbox;
	if (!enter_namespaces(base | (lim->sandbox ? CLONE_NEWNS : 0))) {
		int e1 = errno;
		if (lim->sandbox && enter_namespaces(base)) {
			mountns = 0;
			snprintf(files, sizeof files, "the system refuses a mount namespace (%s)",
				 strerror(e1));
		} else {
			pidns = mountns = 0;
			if (enter_namespaces(CLONE_NEWNET))
				snprintf(
				    net, sizeof net,
				    "the system refuses a PID namespace (%s): a descendant that "
				    "leaves the session may outlive the limit",
				    strerror(e1));
			else {
				netns = 0;
				snprintf(net, sizeof net,
					 "the system refuses a network namespace (%s)",
					 strerror(e1));
			}
			if (lim->sandbox)
				snprintf(files, sizeof files,
					 "the system refuses the namespaces a sandbox needs (%s)",
					 strerror(e1));
		}
	}
	if (pidns)
		enter_pid_namespace(lim, netns, mountns, net, files, sizeof files, report_fd);
	else
		report(report_fd, netns, lim->sandbox, 0, net, files);
}

/* SIGKILL every process of session sid (Linux's /proc: field 6 of
 * /proc/PID/stat), over a few passes in case one was forking as we
 * looked. */
static void kill_session(pid_t sid)
{
	for (int pass = 0; pass < 8; pass++) {
		DIR *d = opendir("/proc");
		if (!d)
			return;
		int found = 0;
		struct dirent *e;
		while ((e = readdir(d))) {
			char *end;
			long pid = strtol(e->d_name, &end, 10);
			if (*end || pid <= 0)
				continue;
			char path[64], buf[512];
			snprintf(path, sizeof path, "/proc/%ld/stat", pid);
			int fd = open(path, O_RDONLY);
			if (fd < 0)
				continue;
			ssize_t n = read(fd, buf, sizeof buf - 1);
			close(fd);
			if (n <= 0)
				continue;
			buf[n] = '\0';
			char *rp = strrchr(buf, ')'), state;
			long ppid, pgrp, sess;
			if (!rp ||
			    sscanf(rp + 1, " %c %ld %ld %ld", &state, &ppid, &pgrp, &sess) != 4)
				continue;
			if (sess == (long)sid && state != 'Z') {
				kill((pid_t)pid, SIGKILL);
				found = 1;
			}
		}
		closedir(d);
		if (!found)
			return;
	}
}

/* Close every descriptor from lo up but keep (0: none), in a child about
 * to exec: close_range(2) where the kernel has it, else one by one up to
 * the descriptors' limit. Nothing here allocates, after a fork. */
static void close_from(int lo, int keep)
{
#ifdef SYS_close_range
	if (keep >= lo) {
		if (keep > lo && syscall(SYS_close_range, (unsigned)lo, (unsigned)keep - 1, 0u) != 0)
			for (int fd = lo; fd < keep; fd++)
				close(fd);
		lo = keep + 1;
	}
	if (syscall(SYS_close_range, (unsigned)lo, ~0u, 0u) == 0)
		return;
#endif
	long max = sysconf(_SC_OPEN_MAX);
	for (long fd = lo; fd < (max > 0 && max < 65536 ? max : 65536); fd++)
		if (fd != keep)
			close((int)fd);
}

/* Kill what the child pid left: its process group, or with lim->session
 * its whole session (the process groups of the children it contained). */
static void kill_all(pid_t pid, const ck_limits *lim)
{
	kill(-pid, SIGKILL);
	if (lim->session)
		kill_session(pid);
}

static int contain(int (*fn)(void *), void *arg, char *const argv[], const ck_limits *lim,
		   ck_proc *p, char *err, size_t errlen)
{
	int outp[2] = {-1, -1}, rep[2] = {-1, -1};
	memset(p, 0, sizeof *p);
	if (pipe(outp) != 0 || pipe(rep) != 0) {
		snprintf(err, errlen, "pipe: %s", strerror(errno));
		goto fail;
	}
	fflush(NULL);
	double t0 = now();
	pid_t pid = fork();
	if (pid < 0) {
		snprintf(err, errlen, "fork: %s", strerror(errno));
		goto fail;
	}
	if (pid == 0) {
		close(outp[0]);
		close(rep[0]);
		int devnull = open("/dev/null", O_RDONLY);
		if (devnull >= 0) {
			dup2(devnull, 0);
			close(devnull);
		}
		dup2(outp[1], 1);
		dup2(outp[1], 2);
		close(outp[1]);
		child_setup(lim, rep[1]);
		if (lim->cwd && chdir(lim->cwd) != 0) {
			fprintf(stderr, "cannot enter %s: %s\n", lim->cwd, strerror(errno));
			_exit(127);
		}
		if (argv) {
			close_from(3, lim->keep_fd);
			execvp(argv[0], argv);
			fprintf(stderr, "cannot run %s: %s\n", argv[0], strerror(errno));
			_exit(127);
		}
		int rc = fn(arg);
		fflush(NULL);
		_exit(rc);
	}
	if (!lim->session)
		setpgid(pid, pid); /* also here, so the group exists before we may kill it */
	close(outp[1]);
	close(rep[1]);
	outp[1] = rep[1] = -1;
	{
		char msg[600];
		ssize_t n = read(rep[0], msg, sizeof msg - 1);
		if (n > 1) {
			msg[n] = '\0';
			char *sep = strchr(msg, '\x1f');
			if (sep)
				*sep++ = '\0';
			if (isolated < 0) {
				isolated = msg[0] == 'N';
				snprintf(isolated_why, sizeof isolated_why, "%s", msg + 2);
			}
			if (msg[1] != '-' && files_isolated < 0) {
				files_isolated = msg[1] == 'F';
				snprintf(files_why, sizeof files_why, "%s", sep ? sep : "");
			}
		}
		close(rep[0]);
		rep[0] = -1;
	}
	size_t cap = 65536;
	p->out = malloc(cap);
	if (!p->out) {
		kill(-pid, SIGKILL);
		waitpid(pid, NULL, 0);
		snprintf(err, errlen, "out of memory");
		goto fail;
	}
	int killed = 0;
	double deadline = t0 + lim->wall_s;
	for (;;) {
		double left = deadline - now();
		if (left <= 0 && !killed) {
			kill_all(pid, lim);
			killed = 1;
			p->timed_out = 1;
		}
		struct pollfd pf = {outp[0], POLLIN, 0};
		int ms = killed ? 1000 : (int)(left * 1000) + 1;
		int rc = poll(&pf, 1, ms);
		if (rc < 0 && errno == EINTR)
			continue;
		if (rc == 0) {
			if (killed)
				break; /* a grandchild kept the pipe open: give up on it */
			continue;
		}
		char buf[8192];
		ssize_t n = read(outp[0], buf, sizeof buf);
		if (n <= 0)
			break;
		if (p->outlen + (size_t)n + 1 > cap && cap < OUT_MAX) {
			size_t nc = cap * 2;
			char *np = realloc(p->out, nc);
			if (np) {
				p->out = np;
				cap = nc;
			}
		}
		size_t take = (size_t)n;
		if (p->outlen + take + 1 > cap)
			take = cap - p->outlen - 1;
		memcpy(p->out + p->outlen, buf, take);
		p->outlen += take;
	}
	p->out[p->outlen] = '\0';
	close(outp[0]);
	outp[0] = -1;
	int st;
	while (waitpid(pid, &st, 0) < 0 && errno == EINTR)
		;
	kill_all(pid, lim); /* whatever it left behind */
	p->seconds = now() - t0;
	if (WIFEXITED(st)) {
		p->exited = 1;
		p->status = WEXITSTATUS(st);
	} else if (WIFSIGNALED(st)) {
		int sig = WTERMSIG(st);
		if (sig == SIGXCPU)
			p->timed_out = 1;
		else if (!(killed && sig == SIGKILL))
			p->signal = sig;
	}
	return 0;
fail:
	for (int k = 0; k < 2; k++) {
		if (outp[k] >= 0)
			close(outp[k]);
		if (rep[k] >= 0)
			close(rep[k]);
	}
	free(p->out);
	p->out = NULL;
	return -1;
}

int ck_contain_fn(int (*fn)(void *), void *arg, const ck_limits *lim, ck_proc *p, char *err,
		  size_t errlen)
{
	return contain(fn, arg, NULL, lim, p, err, errlen);
}

int ck_contain_exec(char *const argv[], const ck_limits *lim, ck_proc *p, char *err, size_t errlen)
{
	return contain(NULL, NULL, argv, lim, p, err, errlen);
}

void ck_proc_free(ck_proc *p)
{
	free(p->out);
	p->out = NULL;
}

void ck_proc_describe(const ck_proc *p, char *buf, size_t len)
{
	if (p->timed_out)
		snprintf(buf, len, "ran past its time limit and was stopped");
	else if (p->signal)
		snprintf(buf, len, "crashed: killed by SIG%s (%s)", sigabbrev_np(p->signal),
			 strsignal(p->signal));
	else if (p->exited)
		snprintf(buf, len, "exited with status %d", p->status);
	else
		snprintf(buf, len, "ended");
}
