/*
 * test-check.c - the checker's pieces that need no submission: the growth
 * classes of W and D over a sweep, the exercise files (the three of
 * lessons/ and the refusals of bad ones), the stable list of diagnosis
 * kinds, the dedup of diagnoses and the score, and containment of a child
 * that hangs, crashes or allocates without bound.
 */
#include <inttypes.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include "check.h"
#include "contracts.h"
#include "expr.h"
#include "tap.h"

static void test_growth(void)
{
	double n[12], v[12];
	size_t m = 12;
	struct {
		const char *name;
		ck_growth want;
	} cases[] = {{"1", CK_GROW_CONST},
		     {"log n", CK_GROW_LOG},
		     {"2 log n", CK_GROW_LOG},
		     {"n - 1", CK_GROW_LINEAR},
		     {"2n - 2", CK_GROW_LINEAR},
		     {"n log n", CK_GROW_NLOGN},
		     {"n log n - n + 1", CK_GROW_NLOGN},
		     {"n^2", CK_GROW_POLY},
		     {"log^2 n", CK_GROW_LOG2},
		     {"3 sqrt n", CK_GROW_SQRT},
		     {"n^(1/3)", CK_GROW_ROOT}};
	for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
		for (size_t k = 0; k < m; k++) {
			double x = pow(2, (double)k + 4), l = log2(x);
			n[k] = x;
			v[k] = c == 0   ? 3
			       : c == 1 ? l
			       : c == 2 ? 2 * l
			       : c == 3 ? x - 1
			       : c == 4 ? 2 * x - 2
			       : c == 5 ? x * l
			       : c == 6 ? x * l - x + 1
			       : c == 7 ? x * x
			       : c == 8 ? l * l
			       : c == 9 ? 3 * sqrt(x)
					: cbrt(x);
		}
		ck_growth g = ck_growth_classify(n, v, m);
		TAP_OK_WHY(g == cases[c].want, ck_growth_name(g), "growth: %s is O(%s)",
			   cases[c].name, ck_growth_name(cases[c].want));
	}
}

static void write_text(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");
	if (f) {
		fputs(text, f);
		fclose(f);
	}
}

static void test_exercises(void)
{
	ck_exercise ex;
	char err[1024];
	static const char *const names[] = {"reduce-kernel", "scan-kernel", "scan-pram"};
	static const char *const files[] = {"reduce.cl", "scan.cl", "scan.c"};
	for (int k = 0; k < 3; k++) {
		int rc = ck_exercise_find(names[k], &ex, err, sizeof err);
		TAP_OK_WHY(rc == 0, err, "exercise %s is found and read", names[k]);
		if (rc == 0) {
			TAP_OK(strcmp(ex.file, files[k]) == 0, "%s: the contract's file is %s",
			       names[k], files[k]);
			ck_exercise_free(&ex);
		}
	}
	TAP_OK(ck_exercise_find("scan-pram", &ex, err, sizeof err) == 0 &&
		   ex.work == CK_GROW_LINEAR && ex.depth == CK_GROW_LOG &&
		   ex.contract == CK_PRAM_INPLACE && ex.inclusive == 1 && ex.nsweep == 10,
	       "scan-pram: W = O(n), D = O(log n), inclusive, a sweep of 10 sizes (16 .. 8192)");
	ck_exercise_free(&ex);
	TAP_OK(ck_exercise_find("no-such", &ex, err, sizeof err) != 0 && strstr(err, "no-such"),
	       "an unknown exercise is refused by name");

	char path[600];
	const char *t = getenv("TMPDIR");
	char tdir[512];
	snprintf(tdir, sizeof tdir, "%s/test-check.XXXXXX", t && *t ? t : "/tmp");
	if (!mkdtemp(tdir)) {
		TAP_OK(0, "a temporary folder");
		return;
	}
	snprintf(path, sizeof path, "%s/bad.exercise", tdir);
	struct {
		const char *text, *why;
	} bad[] = {
	    {"name: x\nfile: x.cl\nentry: x\nreference: reduce\ncontract: kernel-sort\nsizes: 1\n",
	     "contract 'kernel-sort'"},
	    {"name: x\ncolour: blue\n", "unknown key 'colour'"},
	    {"name: x\nfile: x.cl\nentry: x\nreference: reduce\ncontract: kernel-reduce-blocks\n"
	     "sizes: 1\nlocal-sizes: 3\n",
	     "3 is not a power of two"},
	    {"name: x\nfile: x.c\nentry: x\nreference: reduce\ncontract: pram-inplace\nsizes: 1\n"
	     "points: speed 3\n",
	     "unknown criterion 'speed'"},
	    {"name: x\nfile: x.c\nentry: x\nreference: reduce\ncontract: pram-inplace\nsizes: 1\n"
	     "work: n^3\n",
	     "work 'n^3'"},
	    {"file: x.c\n", "no 'name:' line"},
	    {"name: x\nfile: x.c\nentry: x\nreference: reduce\ncontract: pram-inplace\nsizes: -4\n",
	     "'-4' is not a size"},
	    {"just words\n", "expected 'key: value'"},
	    /* the teacher's errors, by line, never blamed on a student */
	    {"name: x\ncolour: blue\n", "bad.exercise:2: unknown key 'colour'"},
	    {"name: x\nfile: x.c\nentry: x\nreference: scan-bleloch\ncontract: pram-inplace\n"
	     "sizes: 1\npoints: build 1\n",
	     "bad.exercise:4: reference 'scan-bleloch' is not an algorithm of the registry; did "
	     "you "
	     "mean 'scan-blelloch'?"},
	    {"name: x\nfile: x.c\nentry: x\nreference: reduce\ncontract: pram-inplace\nsizes: 1\n"
	     "memory-limit: 1K\n",
	     "bad.exercise:7: memory-limit '1K': from 64M to 64G"},
	    {"name: x\nfile: x.c\nentry: x\nreference: reduce\ncontract: pram-inplace\nsizes: 1\n"
	     "points: build 1, sizes 2\n",
	     "bad.exercise:7: points: a pram-inplace exercise does not grade 'sizes'"},
	    {"name: x\nfile: x.c\nentry: x\nreference: reduce\ncontract: pram-inplace\nsizes: 1\n"
	     "points: build 1, work 2\n",
	     "bad.exercise:7: points: 'work' has points but no 'work:' bound"},
	    {"name: x\nfile: x.c\nentry: x\nreference: reduce\ncontract: pram-inplace\nsizes: 1\n",
	     "points: no criterion has points"},
	};
	for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
		write_text(path, bad[k].text);
		int rc = ck_exercise_read(path, &ex, err, sizeof err);
		TAP_OK_WHY(rc != 0 && strstr(err, bad[k].why) && strstr(err, "bad.exercise"), err,
			   "a bad exercise is refused: %s", bad[k].why);
		if (rc == 0)
			ck_exercise_free(&ex);
	}
	unlink(path);
	rmdir(tdir);
}

static void test_kinds_and_score(void)
{
	static const char *const want[] = {
	    "compile-error",      "wrong-result",    "race",
	    "barrier-divergence", "out-of-bounds",   "uninitialized",
	    "work-group-size",    "timeout",         "crash",
	    "out-of-memory",      "model-violation", "unwritten-read",
	    "not-work-efficient", "depth",           "discipline",
	    "below-bound",        "uncoalesced",     "bank-conflict"};
	int ok = CK_KIND_COUNT == sizeof want / sizeof want[0];
	for (int k = 0; ok && k < CK_KIND_COUNT; k++)
		ok = strcmp(ck_kind_name((ck_kind)k), want[k]) == 0;
	TAP_OK(ok, "the diagnosis kinds are the documented list, in order");

	ck_exercise ex = {0};
	ex.name = "t";
	ex.points[CK_CRIT_BUILD] = 1;
	ex.points[CK_CRIT_RESULTS] = 4;
	ex.points[CK_CRIT_MEMORY] = 2;
	ck_result r;
	ck_result_init(&r, &ex, "k.cl");
	r.ran[CK_CRIT_BUILD] = r.ran[CK_CRIT_RESULTS] = 1;
	r.ran[CK_CRIT_MEMORY] = -1; /* not checkable here */
	TAP_OK(ck_score(&r) == 5 && ck_max_score(&r) == 7,
	       "a criterion this machine cannot check stays in max_score (one total everywhere)");
	ex.may_skip[CK_CRIT_MEMORY] = 1;
	TAP_OK(ck_passed(&r) && ck_score(&r) == 5 && ck_max_score(&r) == 5,
	       "... unless the exercise lets it be skipped: then it is left out of the score");
	ck_diag_add(&r, CK_RACE, CK_CRIT_RESULTS, "k.cl", 9, NULL, NULL, "one");
	ck_diag_add(&r, CK_RACE, CK_CRIT_RESULTS, "k.cl", 9, NULL, NULL, "the same again");
	ck_diag_add(&r, CK_RACE, CK_CRIT_RESULTS, "k.cl", 12, NULL, NULL, "another line");
	TAP_EQ_I(r.ndiag, 2, "one diagnosis per kind and line");
	TAP_OK(!ck_passed(&r) && ck_score(&r) == 1,
	       "a diagnosis fails its criterion: score 1 of 5");
	char *buf = NULL;
	size_t len = 0;
	FILE *m = open_memstream(&buf, &len);
	ck_report_json(m, &r);
	fclose(m);
	TAP_CONTAINS(buf, "\"passed\": false, \"score\": 1, \"max_score\": 5",
		     "JSON: passed and score");
	TAP_CONTAINS(
	    buf, "{\"kind\": \"race\", \"criterion\": \"results\", \"file\": \"k.cl\", \"line\": 9",
	    "JSON: a diagnosis with its kind and line");
	free(buf);
	ck_result_free(&r);
}

static int hang(void *arg)
{
	(void)arg;
	for (int k = 0; k < 1000; k++)
		pause();
	return 0;
}

static int crash(void *arg)
{
	(void)arg;
	raise(SIGSEGV);
	return 0;
}

static int hog(void *arg)
{
	(void)arg;
	for (size_t total = 0;; total += 1 << 20) {
		char *p = malloc(1 << 20);
		if (!p) {
			printf("malloc failed after %zu MiB\n", total >> 20);
			return 4;
		}
		memset(p, 1, 1 << 20);
	}
}

static int hello(void *arg)
{
	printf("hello %s\n", (const char *)arg);
	return 3;
}

static void test_contain(void)
{
	ck_limits lim = {.wall_s = 1, .mem_bytes = (size_t)64 << 20};
	ck_proc p;
	char err[256];
	TAP_OK(ck_contain_fn(hello, "child", &lim, &p, err, sizeof err) == 0 && p.exited &&
		   p.status == 3 && strcmp(p.out, "hello child\n") == 0,
	       "contain: the child's output and exit status come back");
	ck_proc_free(&p);
	TAP_OK(ck_contain_fn(hang, NULL, &lim, &p, err, sizeof err) == 0 && p.timed_out &&
		   p.seconds < 5,
	       "contain: a hang is stopped at the wall-clock limit");
	ck_proc_free(&p);
	TAP_OK(ck_contain_fn(crash, NULL, &lim, &p, err, sizeof err) == 0 && p.signal == SIGSEGV,
	       "contain: a crash gives its signal");
	char how[160];
	ck_proc_describe(&p, how, sizeof how);
	TAP_CONTAINS(how, "SIGSEGV", "contain: the signal by name");
	ck_proc_free(&p);
	lim.wall_s = 10;
	TAP_OK(ck_contain_fn(hog, NULL, &lim, &p, err, sizeof err) == 0 && p.exited &&
		   p.status == 4 && strstr(p.out, "malloc failed"),
	       "contain: an unbounded allocation fails at the memory limit");
	ck_proc_free(&p);
}

/* The prediction expressions: precedence, exactness, the functions, and
 * errors that say where and why. */
static void test_expr(void)
{
	static const struct {
		const char *s;
		int64_t n, want;
	} ok[] = {
	    {"2*n - 2", 8, 14},
	    {"n * ceil(log2(n)) - 2^ceil(log2(n)) + 1", 100, 573},
	    {"-2^2", 1, -4},
	    {"2^3^2", 1, 512},
	    {"(n + 1) / 2", 7, 4},
	    {"n / 2 * 2", 5, 5}, /* exact: 5/2 * 2 is 5, not 4 */
	    {"floor(n / 2) * 2", 5, 4},
	    {"ceil(-n / 2)", 5, -2},
	    {"floor(-n / 2)", 5, -3},
	    {"log2(n) + log2(1/n)", 64, 0},
	    {"min(n, 3) + max(n, 3)", 10, 13},
	    {"floor(log2(n))", 1000, 9},
	    {"ceil(log2(n))", 1025, 11},
	    {"n^2 / n", 1 << 20, 1 << 20},
	    {"2^-1 * 4", 1, 2},
	};
	int good = 1;
	char err[256];
	for (size_t k = 0; k < sizeof ok / sizeof ok[0]; k++) {
		size_t col = 0;
		int64_t got = 0;
		ck_expr *e = ck_expr_parse(ok[k].s, &col, err, sizeof err);
		if (!e || ck_expr_eval(e, ok[k].n, &got, err, sizeof err) != 0 ||
		    got != ok[k].want) {
			tap_diag("%s at n = %" PRId64 ": %s (got %" PRId64 ", want %" PRId64 ")",
				 ok[k].s, ok[k].n, e ? err : "no parse", got, ok[k].want);
			good = 0;
		}
		ck_expr_free(e);
	}
	TAP_OK(good, "expressions: precedence, exact rationals, log2, ceil, floor, min, max");
	static const struct {
		const char *s;
		size_t col;
		const char *msg;
	} bad[] = {
	    {"2n", 2, "expected an operator before 'n'"},
	    {"log(n)", 1, "unknown name 'log'"},
	    {"min(n)", 6, "expected ','"},
	    {"(n + 1", 7, "expected ')'"},
	    {"n + ", 5, "expected a number"},
	    {"n)", 2, "')' without its '('"},
	    {"ceil(n, 2)", 7, "takes one argument"},
	};
	good = 1;
	for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
		size_t col = 0;
		err[0] = '\0';
		ck_expr *e = ck_expr_parse(bad[k].s, &col, err, sizeof err);
		if (e || col != bad[k].col || !strstr(err, bad[k].msg)) {
			tap_diag("'%s': column %zu, '%s'", bad[k].s, col, err);
			good = 0;
		}
		ck_expr_free(e);
	}
	TAP_OK(good, "expressions: a malformed one gives the column and what was expected");
	static const struct {
		const char *s;
		int64_t n;
		const char *msg;
	} noval[] = {
	    {"n / (n - 4)", 4, "division by zero"},
	    {"log2(n - 1)", 1, "log2 of 0"},
	    {"n / 2", 5, "5/2, not a whole number"},
	    {"log2(n)", 3, "not a whole number"},
	};
	good = 1;
	for (size_t k = 0; k < sizeof noval / sizeof noval[0]; k++) {
		size_t col = 0;
		int64_t got;
		err[0] = '\0';
		ck_expr *e = ck_expr_parse(noval[k].s, &col, err, sizeof err);
		if (!e || ck_expr_eval(e, noval[k].n, &got, err, sizeof err) == 0 ||
		    !strstr(err, noval[k].msg)) {
			tap_diag("'%s' at n = %" PRId64 ": '%s'", noval[k].s, noval[k].n, err);
			good = 0;
		}
		ck_expr_free(e);
	}
	TAP_OK(good, "expressions: no value is said (division by zero, log2 of 0, not whole)");
}

/* A contained child has no network: connecting to 127.0.0.1 finds the
 * loopback of a namespace of its own down (ENETUNREACH). */
static int net_child(void *arg)
{
	(void)arg;
	int s = socket(AF_INET, SOCK_STREAM, 0);
	struct sockaddr_in a = {.sin_family = AF_INET, .sin_port = htons(9)};
	a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	int isolated =
	    s < 0 || (connect(s, (struct sockaddr *)&a, sizeof a) != 0 && errno == ENETUNREACH);
	if (s >= 0)
		close(s);
	printf("%s\n", isolated ? "isolated" : "reached the network");
	return 0;
}

static void test_network(void)
{
	ck_limits lim = {.wall_s = 10};
	ck_proc p;
	char err[256];
	const char *why = NULL;
	if (ck_contain_fn(net_child, NULL, &lim, &p, err, sizeof err) != 0) {
		TAP_OK_WHY(0, err, "a contained child runs");
		return;
	}
	if (!ck_contain_isolated(&why))
		printf("ok %d - a contained child has no network # SKIP %s\n", ++tap_count_, why);
	else
		TAP_CONTAINS(p.out, "isolated", "a contained child has no network");
	ck_proc_free(&p);
}

/* A descendant that leaves the session and ignores the signals a student
 * would expect, then writes a file after the child's limit: the PID
 * namespace ends it with the child, so the file never appears. */
static int escape_child(void *arg)
{
	const char *path = arg;
	if (fork() == 0) {
		setsid();
		signal(SIGTERM, SIG_IGN);
		signal(SIGHUP, SIG_IGN);
		if (fork() == 0) {
			sleep(2);
			FILE *f = fopen(path, "w");
			if (f)
				fclose(f);
		}
		_exit(0);
	}
	for (;;)
		pause(); /* hangs: killed at the wall-clock limit */
}

static void test_descendants(void)
{
	char path[] = "/tmp/pramcheck-escapeXXXXXX";
	int fd = mkstemp(path);
	if (fd < 0) {
		TAP_OK_WHY(0, strerror(errno), "a temporary file");
		return;
	}
	close(fd);
	unlink(path);
	ck_limits lim = {.wall_s = 1};
	ck_proc p;
	char err[256];
	const char *why = NULL;
	if (ck_contain_fn(escape_child, path, &lim, &p, err, sizeof err) != 0) {
		TAP_OK_WHY(0, err, "a contained child runs");
		return;
	}
	TAP_OK(p.timed_out, "contain: the hanging child is stopped at its limit");
	ck_proc_free(&p);
	sleep(3);
	int left = access(path, F_OK) == 0;
	unlink(path);
	ck_contain_isolated(&why);
	if (why && strstr(why, "PID namespace"))
		printf("ok %d - contain: a descendant that left the session is gone # SKIP %s\n",
		       ++tap_count_, why);
	else
		TAP_OK(!left, "contain: a descendant that left the session and ignores SIGTERM is "
			      "gone with the child (it wrote nothing after the limit)");
}

/* A sandboxed child sees its own folder (writable), the system's files
 * (read-only, /etc's secrets masked), a private /tmp, and nothing else:
 * not a classmate's folder, not the lessons' solutions. */
static int peek_child(void *arg)
{
	const char *classmate = arg;
	char p[4096];
	snprintf(p, sizeof p, "%s/scan.c", classmate);
	printf("classmate:%s\n", access(p, F_OK) == 0 ? "seen" : "hidden");
	snprintf(p, sizeof p, "%s/lessons/01-reduction/solutions/reduce.cl", ABS_TOP_SRCDIR);
	printf("solution:%s\n", access(p, F_OK) == 0 ? "seen" : "hidden");
	FILE *f = fopen("mine.txt", "w");
	printf("cwd:%s\n", f ? "writable" : strerror(errno));
	if (f)
		fclose(f);
	f = fopen(ABS_TOP_BUILDDIR "/sandbox-test.txt", "w");
	printf("build:%s\n", f ? "writable" : errno == EROFS ? "read-only" : strerror(errno));
	if (f)
		fclose(f);
	f = fopen("/etc/shadow", "r");
	printf("shadow:%s\n", !f ? "absent" : fgetc(f) == EOF ? "empty" : "read");
	if (f)
		fclose(f);
	f = fopen("/tmp/scratch.txt", "w");
	printf("tmp:%s\n", f ? "writable" : strerror(errno));
	if (f)
		fclose(f);
	return 0;
}

static void test_sandbox(void)
{
	char classmate[] = "/tmp/pramcheck-classmateXXXXXX", mine[] = "/tmp/pramcheck-mineXXXXXX";
	if (!mkdtemp(classmate) || !mkdtemp(mine)) {
		TAP_OK_WHY(0, strerror(errno), "temporary folders");
		return;
	}
	char p[4096];
	snprintf(p, sizeof p, "%s/scan.c", classmate);
	write_text(p, "a classmate's answer\n");
	unlink("/tmp/scratch.txt"); /* a stale one from an unsandboxed run */
	ck_limits lim = {.wall_s = 20, .cwd = mine, .sandbox = 1};
	ck_proc pr;
	char err[256];
	const char *why = NULL;
	if (ck_contain_fn(peek_child, classmate, &lim, &pr, err, sizeof err) != 0) {
		TAP_OK_WHY(0, err, "a sandboxed child runs");
	} else if (!ck_contain_files_isolated(&why)) {
		printf("ok %d - sandbox: a child sees only its own files # SKIP %s\n", ++tap_count_,
		       why);
		ck_proc_free(&pr);
		unlink("/tmp/scratch.txt");
	} else {
		TAP_CONTAINS(pr.out, "classmate:hidden",
			     "sandbox: a classmate's folder is not there");
		TAP_CONTAINS(pr.out, "solution:hidden",
			     "sandbox: the lessons' solutions are not there");
		TAP_CONTAINS(pr.out, "cwd:writable", "sandbox: its own folder is writable");
		TAP_CONTAINS(pr.out, "build:read-only", "sandbox: pramsim's build is read-only");
		TAP_CONTAINS(pr.out, "shadow:", "sandbox: /etc/shadow is looked at");
		TAP_OK_WHY(strstr(pr.out, "shadow:read") == NULL, pr.out,
			   "sandbox: /etc/shadow's secrets are masked");
		TAP_CONTAINS(pr.out, "tmp:writable", "sandbox: a private /tmp to write in");
		ck_proc_free(&pr);
		snprintf(p, sizeof p, "/tmp/scratch.txt");
		TAP_OK(access(p, F_OK) != 0, "sandbox: its /tmp is its own (nothing left in ours)");
	}
	snprintf(p, sizeof p, "%s/mine.txt", mine);
	unlink(p);
	rmdir(mine);
	snprintf(p, sizeof p, "%s/scan.c", classmate);
	unlink(p);
	rmdir(classmate);
}

/* A fork bomb in a sandboxed child: its forks fail within the limit on
 * processes, and everything it made ends with it. */
static int bomb_child(void *arg)
{
	(void)arg;
	int made = 0;
	for (int k = 0; k < 4000; k++) {
		pid_t p = fork();
		if (p == 0) {
			pause();
			_exit(0);
		}
		if (p < 0)
			break;
		made++;
	}
	printf("made %d\n", made);
	fflush(stdout);
	return 0;
}

static void test_bomb(void)
{
	ck_limits lim = {.wall_s = 20, .sandbox = 1};
	ck_proc p;
	char err[256];
	if (ck_contain_fn(bomb_child, NULL, &lim, &p, err, sizeof err) != 0) {
		TAP_OK_WHY(0, err, "a contained child runs");
		return;
	}
	int made = -1;
	const char *m = strstr(p.out, "made ");
	if (m)
		made = atoi(m + 5);
	if (getuid() == 0)
		printf("ok %d - sandbox: a fork bomb stops within the limit on processes # SKIP "
		       "the kernel does not hold root to RLIMIT_NPROC (the PID namespace still "
		       "ends the %d processes with the child)\n",
		       ++tap_count_, made);
	else
		TAP_OK_WHY(made >= 0 && made < 1000, p.out,
			   "sandbox: a fork bomb stops within the limit on processes (%d made)",
			   made);
	ck_proc_free(&p);
}

int main(void)
{
	test_growth();
	test_exercises();
	test_kinds_and_score();
	test_contain();
	test_network();
	test_descendants();
	test_sandbox();
	test_bomb();
	test_expr();
	return tap_done();
}
