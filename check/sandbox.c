/*
 * sandbox.c - what a student's build or run may see of the files (see
 * sandbox.h). The new root is a tmpfs built where /tmp was (in this mount
 * namespace only): every folder or file shown is opened first (O_PATH),
 * so a bind from /proc/self/fd/N still reaches it once /tmp is covered,
 * then bound at its own path under the new root, read-only but for the
 * working folder, the caller's writable folders and PoCL's kernel cache.
 * pivot_root makes it the root, and the old one is let go.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <glob.h>
#include <limits.h>
#include <linux/capability.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "ckutil.h"
#include "files.h"
#include "sandbox.h"

/* Where the new root is built: /tmp, covered in this namespace only. */
#define ROOT "/tmp"

enum {
	SHOW_RO,
	SHOW_RW,
	SHOW_MASK,
	SHOW_OPTIONAL /* read-only where it can be */
};

typedef struct shown {
	char path[PATH_MAX];
	int how;
	int fd;              /* O_PATH, or -1 for a symbolic link */
	int dir;             /* a folder (else a file) */
	char link[PATH_MAX]; /* the link's text, for a symbolic link */
} shown;

#define MAX_SHOWN 64
static shown show_[MAX_SHOWN];
static size_t nshow;

/* Show path (when it exists) as how. */
static void show(const char *path, int how)
{
	struct stat st;
	if (!path || path[0] != '/' || nshow == MAX_SHOWN || lstat(path, &st) != 0)
		return;
	for (size_t k = 0; k < nshow; k++)
		if (strcmp(show_[k].path, path) == 0) {
			if (how == SHOW_RW || how == SHOW_MASK)
				show_[k].how = how;
			return;
		}
	shown *s = &show_[nshow];
	snprintf(s->path, sizeof s->path, "%s", path);
	s->how = how;
	s->fd = -1;
	s->link[0] = '\0';
	if (S_ISLNK(st.st_mode)) {
		ssize_t n = readlink(path, s->link, sizeof s->link - 1);
		if (n <= 0)
			return;
		s->link[n] = '\0';
		nshow++;
		return;
	}
	s->dir = S_ISDIR(st.st_mode);
	s->fd = open(path, O_PATH | O_CLOEXEC);
	if (s->fd >= 0)
		nshow++;
}

/* Show path unless it lies under /usr (shown already). */
static void show_own(const char *path)
{
	if (path && strncmp(path, "/usr/", 5) != 0)
		show(path, SHOW_RO);
}

static int by_path(const void *a, const void *b)
{
	return strcmp(((const shown *)a)->path, ((const shown *)b)->path);
}

/* The flags a read-only remount of target must keep (a user namespace
 * may not drop them). */
static unsigned long kept_flags(const char *target)
{
	struct statvfs v;
	unsigned long f = MS_NOSUID;
	if (statvfs(target, &v) != 0)
		return f;
	if (v.f_flag & ST_NODEV)
		f |= MS_NODEV;
	if (v.f_flag & ST_NOEXEC)
		f |= MS_NOEXEC;
	if (v.f_flag & ST_NOATIME)
		f |= MS_NOATIME;
	if (v.f_flag & ST_NODIRATIME)
		f |= MS_NODIRATIME;
	if (v.f_flag & ST_RELATIME)
		f |= MS_RELATIME;
	return f;
}

/* Put s under the new root. 0, or -1 with why. */
static int place(const shown *s, int devnull, char *why, size_t len)
{
	char target[PATH_MAX + 8], src[64], parent[PATH_MAX + 8];
	snprintf(target, sizeof target, ROOT "%s", s->path);
	snprintf(parent, sizeof parent, "%s", target);
	char *slash = strrchr(parent, '/');
	if (slash)
		*slash = '\0';
	if (s->link[0]) {
		if (files_mkdir_p(parent) != 0 ||
		    (symlink(s->link, target) != 0 && errno != EEXIST))
			goto fail;
		return 0;
	}
	struct stat st;
	if (stat(target, &st) != 0) {
		if (s->dir ? files_mkdir_p(target) != 0 : files_mkdir_p(parent) != 0)
			goto fail;
		if (!s->dir) {
			int fd = open(target, O_WRONLY | O_CREAT | O_CLOEXEC, 0644);
			if (fd < 0)
				goto fail;
			close(fd);
		}
	}
	if (s->how == SHOW_MASK && s->dir) {
		if (mount("tmpfs", target, "tmpfs", MS_RDONLY | MS_NOSUID | MS_NODEV | MS_NOEXEC,
			  "size=4k,mode=0755") != 0)
			goto fail;
		return 0;
	}
	snprintf(src, sizeof src, "/proc/self/fd/%d", s->how == SHOW_MASK ? devnull : s->fd);
	/* its own mount alone (not /sys/fs/cgroup below /sys, say), unless a
	 * user namespace must take the mounts below with it (EINVAL): they
	 * are the host's, locked, and an unprivileged user's anyway */
	if (mount(src, target, NULL, MS_BIND, NULL) != 0 &&
	    (errno != EINVAL || mount(src, target, NULL, MS_BIND | MS_REC, NULL) != 0))
		goto fail;
	if (s->how != SHOW_RW &&
	    mount(NULL, target, NULL, MS_BIND | MS_REMOUNT | MS_RDONLY | kept_flags(target),
		  NULL) != 0) {
		if (s->how != SHOW_OPTIONAL)
			goto fail;
		umount2(target, MNT_DETACH); /* not read-only: not shown */
	}
	return 0;
fail:
	if (s->how == SHOW_OPTIONAL)
		return 0;
	snprintf(why, len, "cannot show %s in the sandbox: %s", s->path, strerror(errno));
	return -1;
}

/* PoCL's kernel cache (its own default), which every child shares. */
static void pocl_cache(char *buf, size_t len)
{
	const char *d = getenv("POCL_CACHE_DIR"), *x = getenv("XDG_CACHE_HOME"),
		   *h = getenv("HOME");
	if (d && *d)
		snprintf(buf, len, "%s", d);
	else if (x && *x)
		snprintf(buf, len, "%s/pocl", x);
	else if (h && *h)
		snprintf(buf, len, "%s/.cache/pocl", h);
	else
		buf[0] = '\0';
	if (buf[0])
		files_mkdir_p(buf);
}

/* What every sandbox shows: the system's folders read-only, /etc without
 * its secrets, the device nodes a program or an OpenCL driver opens,
 * pramsim's own files, and PoCL's cache. */
static void show_defaults(void)
{
	static const char *const sys[] = {"/usr",   "/bin",    "/sbin", "/lib", "/lib32",
					  "/lib64", "/libx32", "/etc",  "/opt"};
	for (size_t k = 0; k < sizeof sys / sizeof sys[0]; k++)
		show(sys[k], SHOW_RO);
	/* the hardware's description, which OpenCL drivers read; a user
	 * namespace may not make it read-only, and then it is left out */
	show("/sys", SHOW_OPTIONAL);
	static const char *const secret[] = {"/etc/shadow",   "/etc/gshadow",  "/etc/shadow-",
					     "/etc/gshadow-", "/etc/ssh",      "/etc/ssl/private",
					     "/etc/sudoers",  "/etc/sudoers.d"};
	for (size_t k = 0; k < sizeof secret / sizeof secret[0]; k++)
		show(secret[k], SHOW_MASK);
	static const char *const dev[] = {"/dev/null",    "/dev/zero", "/dev/full", "/dev/random",
					  "/dev/urandom", "/dev/dri",  "/dev/kfd"};
	for (size_t k = 0; k < sizeof dev / sizeof dev[0]; k++)
		show(dev[k], SHOW_RW);
	glob_t g;
	if (glob("/dev/nvidia*", 0, NULL, &g) == 0) {
		for (size_t k = 0; k < g.gl_pathc; k++)
			show(g.gl_pathv[k], SHOW_RW);
		globfree(&g);
	}
	/* the project's kernels, which a kernel-stage's pipeline builds */
	if (ck_from_build_tree()) {
		show(ABS_TOP_BUILDDIR, SHOW_RO);
		show(ABS_TOP_SRCDIR "/sim", SHOW_RO);
		show(ABS_TOP_SRCDIR "/kernels", SHOW_RO);
	}
	show_own(PKGDATADIR "/kernels");
	show_own(INCLUDEDIR);
	show_own(LIBDIR);
	show_own(PKGLIBDIR);
	show_own(PKGLIBEXECDIR);
	static const char *const env[] = {"PRAM_GRIND_PLUGIN", "PRAM_GRIND_CASE", "PRAM_LINT",
					  "PRAM_KERNEL_DIR"};
	for (size_t k = 0; k < sizeof env / sizeof env[0]; k++)
		show_own(getenv(env[k]));
	char cache[PATH_MAX];
	pocl_cache(cache, sizeof cache);
	show(cache, SHOW_RW);
}

int ck_sandbox_enter(const ck_limits *lim, char *why, size_t len)
{
	nshow = 0;
	if (mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) != 0) {
		snprintf(why, len, "cannot make the mounts private: %s", strerror(errno));
		return -1;
	}
	show_defaults();
	show(lim->cwd, SHOW_RW);
	for (size_t k = 0; k < sizeof lim->ro / sizeof lim->ro[0]; k++)
		show(lim->ro[k], SHOW_RO);
	for (size_t k = 0; k < sizeof lim->rw / sizeof lim->rw[0]; k++)
		show(lim->rw[k], SHOW_RW);
	qsort(show_, nshow, sizeof show_[0], by_path);
	int devnull = open("/dev/null", O_PATH | O_CLOEXEC), ret = -1, rooted = 0;
	if (mount("tmpfs", ROOT, "tmpfs", MS_NOSUID | MS_NODEV, "mode=0755,size=16m") != 0 ||
	    !(rooted = 1) || files_mkdir_p(ROOT "/tmp") != 0 ||
	    files_mkdir_p(ROOT "/dev/shm") != 0 || files_mkdir_p(ROOT "/proc") != 0 ||
	    mount("tmpfs", ROOT "/tmp", "tmpfs", MS_NOSUID | MS_NODEV, "mode=1777,size=1g") != 0 ||
	    mount("tmpfs", ROOT "/dev/shm", "tmpfs", MS_NOSUID | MS_NODEV, "mode=1777,size=64m") !=
		0 ||
	    symlink("/proc/self/fd", ROOT "/dev/fd") != 0 ||
	    symlink("/proc/self/fd/0", ROOT "/dev/stdin") != 0 ||
	    symlink("/proc/self/fd/1", ROOT "/dev/stdout") != 0 ||
	    symlink("/proc/self/fd/2", ROOT "/dev/stderr") != 0) {
		snprintf(why, len, "cannot build the sandbox's root: %s", strerror(errno));
		goto done;
	}
	for (size_t k = 0; k < nshow; k++)
		if (place(&show_[k], devnull, why, len) != 0)
			goto done;
	/* the namespace's own /proc, mounted while the host's is still in
	 * view: the kernel lets a user namespace mount a proc only then */
	if (mount("proc", ROOT "/proc", "proc", MS_NOSUID | MS_NODEV | MS_NOEXEC, NULL) != 0) {
		snprintf(why, len, "cannot mount the sandbox's /proc: %s", strerror(errno));
		goto done;
	}
	/* the new root: pivot_root with the old one stacked below, let go */
	if (chdir(ROOT) != 0 || syscall(SYS_pivot_root, ".", ".") != 0 ||
	    umount2(".", MNT_DETACH) != 0 || chdir("/") != 0) {
		snprintf(why, len, "cannot enter the sandbox's root: %s", strerror(errno));
		goto done;
	}
	if (mount(NULL, "/", NULL, MS_REMOUNT | MS_RDONLY | MS_NOSUID | MS_NODEV, NULL) != 0) {
		snprintf(why, len, "cannot make the sandbox's root read-only: %s", strerror(errno));
		goto done;
	}
	ret = rooted = 0;
done:
	if (rooted) /* not entered: the old root as it was, /tmp uncovered */
		umount2(ROOT, MNT_DETACH);
	for (size_t k = 0; k < nshow; k++)
		if (show_[k].fd >= 0)
			close(show_[k].fd);
	if (devnull >= 0)
		close(devnull);
	return ret;
}

void ck_sandbox_drop(void)
{
	for (int c = 0; c < 64; c++)
		prctl(PR_CAPBSET_DROP, c, 0, 0, 0);
	struct __user_cap_header_struct h = {_LINUX_CAPABILITY_VERSION_3, 0};
	struct __user_cap_data_struct d[2];
	memset(d, 0, sizeof d);
	syscall(SYS_capset, &h, d);
	prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0);
}
