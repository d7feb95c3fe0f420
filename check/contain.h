/*
 * contain.h - containment (contain.c): every student build and run of
 * pram check happens in a forked child with its own process group (or
 * session), a wall-clock limit, a CPU-time limit, a limit on its data, no
 * core dump, and, where the system allows them, no network and a PID
 * namespace (every descendant ends with the child); what the child
 * writes to standard output and error comes back in a ck_proc. Nothing
 * here prints or exits.
 *
 *     ck_limits lim = {.wall_s = 20, .mem_bytes = (size_t)1 << 30};
 *     ck_proc p;
 *     char *argv[] = {"cc", "-o", "student", "scan.c", NULL};
 *     if (ck_contain_exec(argv, &lim, &p, err, sizeof err) == 0) {
 *         ... p.exited, p.status, p.timed_out, p.out ...
 *         ck_proc_free(&p);
 *     }
 */
#ifndef PRAM_CONTAIN_H
#define PRAM_CONTAIN_H

#include <stddef.h>

typedef struct ck_limits {
	double wall_s;     /* wall-clock seconds; the process group is killed after */
	double cpu_s;      /* RLIMIT_CPU; 0: wall_s */
	size_t mem_bytes;  /* RLIMIT_DATA (malloc, brk and private mappings) */
	const char *cwd;   /* the child's working folder, or NULL */
	int session;       /* the child starts a session of its own, and at the end (or the
			     limit) every process of the session is killed: the process
			     groups of the children it contained too (--class) */
	int sandbox;       /* a student's build or run: it sees only the system's files,
			     pramsim's, cwd (writable), ro and rw, and a private /tmp
			     (sandbox.h), where the system allows a mount namespace */
	const char *ro[4]; /* more files or folders it may read (sandbox) */
	const char *rw[4]; /* more folders it may write (sandbox) */
	int keep_fd;       /* an exec'd child keeps only its standard streams and this
			     descriptor (a grading channel); 0: none. What else this
			     process has open (a terminal, a log, a class's files) is
			     closed before the exec */
} ck_limits;

typedef struct ck_proc {
	int exited; /* it exited, with status */
	int status;
	int signal;    /* it was killed by this signal (not ours) */
	int timed_out; /* we killed it at the wall-clock limit, or it ran out of CPU time */
	char *out;     /* its standard output and error, merged; NUL-ended */
	size_t outlen;
	double seconds; /* wall-clock */
} ck_proc;

/* Run fn(arg) in a forked child (its own process group, limits, no
 * network when the system allows it, no core dump), capturing what it
 * writes to standard output and error. Returns 0 with *p filled, or -1
 * with a message in err when the child could not be started. */
int ck_contain_fn(int (*fn)(void *), void *arg, const ck_limits *lim, ck_proc *p, char *err,
		  size_t errlen);
/* The same for a program: argv[0] is looked for in PATH. */
int ck_contain_exec(char *const argv[], const ck_limits *lim, ck_proc *p, char *err, size_t errlen);
void ck_proc_free(ck_proc *p);
/* Whether children run without network ("no network" in the report), and
 * when not, why. Decided by the first child. */
int ck_contain_isolated(const char **why);
/* Whether sandboxed children see only their own files, and when not, why.
 * Decided by the first sandboxed child. */
int ck_contain_files_isolated(const char **why);
/* The process's own executable (/proc/self/exe, a static buffer), or NULL:
 * for running pram again in a child, and for ck_from_build_tree. */
const char *ck_self_exe(void);
/* What a finished child's end was, in words ("killed by SIGSEGV
 * (segmentation fault)"). */
void ck_proc_describe(const ck_proc *p, char *buf, size_t len);

#endif
