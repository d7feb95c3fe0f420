/*
 * cmd_check.c - `pram check`: verify a student's kernel or PRAM program
 * against an exercise of lessons/ and explain what is wrong (check/),
 * grade a class folder on every core, and write a Gradescope autograder
 * bundle.
 *
 *     pram check reduce-kernel reduce.cl [--json | --tap] [--gradescope FILE]
 *     pram check scan-pram --class submissions/ [--out DIR] [--jobs N]
 *     pram check scan-kernel --autograder scan-kernel.zip
 */
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "check.h"
#include "classpage.h"
#include "cli.h"
#include "config.h"
#include "files.h"

typedef struct check_opts {
	int json, tap, list, lint;
	const char *gradescope, *junit, *prairielearn, *klass, *out, *autograder, *source,
	    *may_skip;
	uint64_t jobs;
	double time_limit, student_limit; /* 0: the defaults */
} check_opts;

/* Check one file and print it the way asked (*ntap: the TAP tests so far;
 * junit: the open JUnit file, or NULL). Returns 0 passed, 1 not, -1 the
 * check could not run. */
static int check_one(const ck_exercise *ex, const char *path, const check_opts *o, int *ntap,
		     FILE *junit)
{
	int json = o->json, tap = o->tap;
	const char *gradescope = o->gradescope;
	ck_result r;
	ck_result_init(&r, ex, path);
	int rc = ck_run(ex, path, &r);
	if (json)
		ck_report_json(stdout, &r);
	else if (tap)
		ck_report_tap(stdout, &r, ntap);
	else
		ck_report_text(stdout, &r);
	if (junit)
		ck_report_junit(junit, &r);
	if (o->prairielearn) {
		FILE *f = fopen(o->prairielearn, "w");
		if (!f) {
			cli_error("check: %s: %s", o->prairielearn, strerror(errno));
			rc = -1;
		} else {
			ck_report_prairielearn(f, &r, rc == 0, r.nnotes ? r.notes[0] : NULL);
			if (fclose(f) != 0) {
				cli_error("check: %s: %s", o->prairielearn, strerror(errno));
				rc = -1;
			}
		}
	}
	if (gradescope) {
		FILE *f = fopen(gradescope, "w");
		if (!f) {
			cli_error("check: %s: %s", gradescope, strerror(errno));
			rc = -1;
		} else {
			ck_report_gradescope(f, &r);
			if (fclose(f) != 0) {
				cli_error("check: %s: %s", gradescope, strerror(errno));
				rc = -1;
			}
		}
	}
	const char *why;
	if (!ck_contain_isolated(&why) && why && *why && !json && !tap)
		fprintf(stdout, "note: children ran with the network: %s\n", why);
	if (!ck_contain_files_isolated(&why) && why && *why && !json && !tap)
		fprintf(stdout, "note: children saw every file their user may read: %s\n", why);
	int passed = ck_passed(&r);
	if (rc != 0 && r.ndiag == 0)
		for (size_t k = 0; k < r.nnotes; k++)
			cli_error("check: %s", r.notes[k]);
	ck_result_free(&r);
	return rc != 0 && !passed ? -1 : passed ? 0 : 1;
}

/* A student's submission: the contract's file name in their folder, or one
 * folder below it. */
static int find_submission(const char *dir, const char *file, char *out, size_t len)
{
	struct stat st;
	files_path(out, len, "%s/%s", dir, file);
	if (stat(out, &st) == 0 && S_ISREG(st.st_mode))
		return 0;
	DIR *d = opendir(dir);
	if (!d)
		return -1;
	struct dirent *e;
	int found = -1;
	while ((e = readdir(d)) && found) {
		if (e->d_name[0] == '.')
			continue;
		files_path(out, len, "%s/%s/%s", dir, e->d_name, file);
		if (stat(out, &st) == 0 && S_ISREG(st.st_mode))
			found = 0;
	}
	closedir(d);
	return found;
}

static int cmpstr(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

typedef struct grade_job {
	const ck_exercise *ex;
	const char *student, *path, *outdir;
} grade_job;

/* In a contained child: grade one student, write reports/STUDENT.{txt,json}
 * and reports/STUDENT.row (the summary row). */
static int grade_one(void *arg)
{
	grade_job *g = arg;
	char p[PATH_MAX];
	ck_result r;
	ck_result_init(&r, g->ex, g->path);
	ck_run(g->ex, g->path, &r);
	FILE *f;
	files_path(p, sizeof p, "%s/reports/%s.txt", g->outdir, g->student);
	if ((f = fopen(p, "w"))) {
		ck_report_text(f, &r);
		fclose(f);
	}
	files_path(p, sizeof p, "%s/reports/%s.json", g->outdir, g->student);
	if ((f = fopen(p, "w"))) {
		ck_report_json(f, &r);
		fclose(f);
	}
	files_path(p, sizeof p, "%s/reports/%s.row", g->outdir, g->student);
	if ((f = fopen(p, "w"))) {
		fprintf(f, "%s\t%g\t%g", ck_passed(&r) ? "yes" : "no", ck_score(&r),
			ck_max_score(&r));
		for (int c = 0; c < CK_CRIT_COUNT; c++)
			if (g->ex->points[c] > 0)
				fprintf(f, "\t%s",
					r.ran[c] == CK_RAN_NOT_HERE      ? "n/a"
					: r.ran[c] == CK_RAN_NOT_REACHED ? "-"
					: r.failed[c]                    ? "fail"
									 : "pass");
		fputc('\t', f);
		for (size_t k = 0; k < r.ndiag; k++)
			fprintf(f, "%s%s", k ? " " : "", ck_kind_name(r.diags[k].kind));
		/* the class page's: the first diagnosis, and how W and D grew */
		char ex1[600] = "";
		if (r.ndiag && r.diags[0].file && r.diags[0].line)
			snprintf(ex1, sizeof ex1, "%s:%d: %s", r.diags[0].file, r.diags[0].line,
				 r.diags[0].message);
		else if (r.ndiag)
			snprintf(ex1, sizeof ex1, "%s", r.diags[0].message);
		const char *fields[] = {ex1, r.crit_note[CK_CRIT_WORK], r.crit_note[CK_CRIT_DEPTH]};
		for (size_t k = 0; k < 3; k++) {
			fputc('\t', f);
			for (const char *q = fields[k] ? fields[k] : ""; *q && q - fields[k] < 290;
			     q++)
				fputc(*q == '\t' || *q == '\n' ? ' ' : *q, f);
		}
		fputc('\n', f);
		fclose(f);
	}
	ck_result_free(&r);
	return 0;
}

/* In a worker: grade one student of the class, in a contained child with
 * the student's time limit and a session of its own; a missing file, a
 * time-out or a crash gets its summary row here. */
static void grade_student(const ck_exercise *ex, const char *dir, const char *outdir,
			  const char *rep, const char *name, double student_limit)
{
	char sub[PATH_MAX], sdir[PATH_MAX], err[256], q[PATH_MAX];
	files_path(sdir, sizeof sdir, "%s/%s", dir, name);
	files_path(q, sizeof q, "%s/%s.row", rep, name);
	/* every criterion with points: a student with nothing graded is 0 of
	 * the whole, as on any grader */
	double max = 0;
	for (int c = 0; c < CK_CRIT_COUNT; c++)
		max += ex->points[c];
	if (find_submission(sdir, ex->file, sub, sizeof sub) != 0) {
		FILE *f = fopen(q, "w");
		if (f) {
			fprintf(f, "missing\t0\t%g\n", max);
			fclose(f);
		}
		return;
	}
	grade_job g = {ex, name, sub, outdir};
	ck_limits lim = {.wall_s = student_limit, .mem_bytes = 0, .session = 1};
	ck_proc p;
	if (ck_contain_fn(grade_one, &g, &lim, &p, err, sizeof err) != 0)
		return;
	if (p.timed_out || p.signal) {
		FILE *f = fopen(q, "w");
		if (f) {
			fprintf(f, "no\t0\t%g\t%s\n", max, p.timed_out ? "timeout" : "crash");
			fclose(f);
		}
	}
	ck_proc_free(&p);
}

/* The student folders of the class folder dir, sorted by name, into *names
 * (*n of them, the caller's to free). Returns 0, or EXIT_USAGE (reported). */
static int list_students(const char *dir, char ***names, size_t *n)
{
	DIR *d = opendir(dir);
	if (!d) {
		cli_error("check: --class %s: %s", dir, strerror(errno));
		return EXIT_USAGE;
	}
	size_t cap = 0;
	struct dirent *e;
	while ((e = readdir(d))) {
		char p[PATH_MAX];
		struct stat st;
		if (e->d_name[0] == '.')
			continue;
		files_path(p, sizeof p, "%s/%s", dir, e->d_name);
		if (stat(p, &st) != 0 || !S_ISDIR(st.st_mode))
			continue;
		if (*n == cap) {
			cap = cap ? cap * 2 : 64;
			char **nn = realloc(*names, cap * sizeof *nn);
			if (!nn)
				break;
			*names = nn;
		}
		(*names)[(*n)++] = strdup(e->d_name);
	}
	closedir(d);
	if (*n == 0) {
		cli_error("check: --class %s holds no student folders", dir);
		return EXIT_USAGE;
	}
	qsort(*names, *n, sizeof **names, cmpstr);
	return 0;
}

/* Grade the n students of names, each in a worker process, up to jobs at
 * once, their rows in rep. Returns how many could not be started. */
static size_t run_workers(const ck_exercise *ex, const char *dir, const char *outdir,
			  const char *rep, char **names, size_t n, int jobs, double student_limit)
{
	fflush(NULL);
	/* A work queue: up to jobs students at once, the next one starting as
	 * soon as one is done, so a hanging student holds one worker for its
	 * limit and no more. Each student is a worker process of its own that
	 * grades it in a contained child, a session of its own: at the
	 * student's limit the whole session is killed, the cases and Oclgrind
	 * runs it contained included. */
	size_t next = 0;
	int running = 0;
	while (next < n || running > 0) {
		while (running < jobs && next < n) {
			size_t k = next++;
			pid_t pid = fork();
			if (pid < 0) {
				cli_error("check: fork: %s", strerror(errno));
				next--;
				break;
			}
			if (pid == 0) {
				grade_student(ex, dir, outdir, rep, names[k], student_limit);
				fflush(NULL);
				_exit(0);
			}
			running++;
		}
		if (running == 0)
			break;
		pid_t w = waitpid(-1, NULL, 0);
		if (w > 0)
			running--;
		else if (errno != EINTR)
			break;
	}
	return n - next;
}

/* The summaries' heads: the columns, one a criterion with points. Returns
 * how many criteria. */
static int summary_head(FILE *csv, FILE *md, const ck_exercise *ex, size_t n)
{
	fprintf(csv, "student,passed,score,max_score");
	fprintf(md, "# %s: %zu submissions\n\n| student | passed | score |", ex->name, n);
	int ncrit = 0;
	for (int c = 0; c < CK_CRIT_COUNT; c++)
		if (ex->points[c] > 0) {
			fprintf(csv, ",%s", ck_crit_name(c));
			fprintf(md, " %s |", ck_crit_name(c));
			ncrit++;
		}
	fprintf(csv, ",diagnoses\n");
	fprintf(md, " diagnoses |\n|---|---|---|");
	for (int c = 0; c < ncrit; c++)
		fprintf(md, "---|");
	fprintf(md, "---|\n");
	return ncrit;
}

/* One student's row, as its worker left it in rep (removed once read). */
static void read_row(const char *rep, const char *name, int ncrit, class_row *cr)
{
	char p[PATH_MAX], row[4096] = "";
	files_path(p, sizeof p, "%s/%s.row", rep, name);
	FILE *f = fopen(p, "r");
	if (!f || !fgets(row, sizeof row, f))
		snprintf(row, sizeof row, "no\t0\t0\terror\n");
	if (f)
		fclose(f);
	unlink(p);
	row[strcspn(row, "\n")] = '\0';
	char *fields[CK_CRIT_COUNT + 8] = {0};
	int nf = 0;
	for (char *t = row; t && nf < CK_CRIT_COUNT + 8;) {
		fields[nf++] = t;
		t = strchr(t, '\t');
		if (t)
			*t++ = '\0';
	}
	memset(cr, 0, sizeof *cr);
	snprintf(cr->name, sizeof cr->name, "%s", name);
	snprintf(cr->passed, sizeof cr->passed, "%s", nf > 0 ? fields[0] : "no");
	cr->score = nf > 1 ? strtod(fields[1], NULL) : 0;
	cr->max = nf > 2 ? strtod(fields[2], NULL) : 0;
	/* a row of a timed-out or missing student has no criteria */
	cr->full = nf >= 3 + ncrit + 1;
	for (int c = 0; c < ncrit; c++)
		snprintf(cr->crit[c], sizeof cr->crit[c], "%s", cr->full ? fields[3 + c] : "-");
	const char *kinds = cr->full ? fields[3 + ncrit] : nf > 3 ? fields[3] : "";
	snprintf(cr->kinds, sizeof cr->kinds, "%s", kinds);
	if (cr->full) {
		char *const *rest = fields + 4 + ncrit;
		int nr = nf - 4 - ncrit;
		snprintf(cr->example, sizeof cr->example, "%s", nr > 0 ? rest[0] : "");
		snprintf(cr->wnote, sizeof cr->wnote, "%s", nr > 1 ? rest[1] : "");
		snprintf(cr->dnote, sizeof cr->dnote, "%s", nr > 2 ? rest[2] : "");
	} else if (strcmp(cr->passed, "missing") != 0) {
		snprintf(cr->example, sizeof cr->example, "%s", kinds);
	}
}

/* One student's line of the summaries. Returns 1 when the student passed. */
static int summary_row(FILE *csv, FILE *md, const ck_exercise *ex, const class_row *cr, int ncrit)
{
	fprintf(csv, "%s,%s,%g,%g", cr->name, cr->passed, cr->score, cr->max);
	fprintf(md, "| %s | %s | %g / %g |", cr->name, cr->passed, cr->score, cr->max);
	for (int c = 0; c < ncrit; c++) {
		fprintf(csv, ",%s", cr->crit[c]);
		fprintf(md, " %s |", cr->crit[c]);
	}
	char dbuf[700];
	if (strcmp(cr->passed, "missing") == 0)
		snprintf(dbuf, sizeof dbuf, "no %s", ex->file);
	else
		snprintf(dbuf, sizeof dbuf, "%s", cr->kinds);
	fprintf(csv, ",\"%s\"\n", dbuf);
	fprintf(md, " %s |\n", dbuf);
	return strcmp(cr->passed, "yes") == 0;
}

/* OUT/summary.csv and OUT/summary.md from the rows in rep, and the line
 * that says where they are. Returns EXIT_OK or EXIT_FAIL (reported). */
static int write_summary(const ck_exercise *ex, const char *outdir, const char *rep, char **names,
			 size_t n)
{
	char pc[PATH_MAX], pm[PATH_MAX];
	files_path(pc, sizeof pc, "%s/summary.csv", outdir);
	files_path(pm, sizeof pm, "%s/summary.md", outdir);
	FILE *csv = fopen(pc, "w"), *md = fopen(pm, "w");
	if (!csv || !md) {
		cli_error("check: cannot write the summary in %s", outdir);
		if (csv)
			fclose(csv);
		if (md)
			fclose(md);
		return EXIT_FAIL;
	}
	int ncrit = summary_head(csv, md, ex, n);
	class_row *rows = calloc(n ? n : 1, sizeof *rows);
	if (!rows) {
		fclose(csv);
		fclose(md);
		cli_error("check: out of memory");
		return EXIT_FAIL;
	}
	size_t npassed = 0;
	for (size_t k = 0; k < n; k++) {
		read_row(rep, names[k], ncrit, &rows[k]);
		npassed += (size_t)summary_row(csv, md, ex, &rows[k], ncrit);
	}
	fprintf(md, "\n%zu of %zu passed. Per-student reports: reports/STUDENT.txt and .json.\n",
		npassed, n);
	fclose(csv);
	fclose(md);
	char ph[PATH_MAX], err[PATH_MAX + 64];
	files_path(ph, sizeof ph, "%s/summary.html", outdir);
	int rc = class_page(ph, ex, rows, n, err, sizeof err);
	free(rows);
	if (rc != 0) {
		cli_error("check: %s", err);
		return EXIT_FAIL;
	}
	printf("graded %zu submissions (%zu passed): %s, %s, %s, %s/\n", n, npassed, pc, pm, ph,
	       rep);
	return EXIT_OK;
}

/* --class DIR: grade every student folder of dir into outdir. */
static int grade_class(const ck_exercise *ex, const char *dir, const char *outdir, int jobs,
		       double student_limit)
{
	char **names = NULL, rep[PATH_MAX];
	size_t n = 0, left;
	int rc = list_students(dir, &names, &n);
	if (rc)
		goto done;
	rc = EXIT_FAIL;
	files_path(rep, sizeof rep, "%s/reports", outdir);
	if (files_mkdir_p(rep) != 0) {
		cli_error("check: cannot make %s: %s", rep, strerror(errno));
		goto done;
	}
	if ((left = run_workers(ex, dir, outdir, rep, names, n, jobs, student_limit))) {
		cli_error("check: --class: %zu students could not be graded", left);
		goto done;
	}
	rc = write_summary(ex, outdir, rep, names, n);
done:
	for (size_t k = 0; k < n; k++)
		free(names[k]);
	free(names);
	return rc;
}

/* The Gradescope bundle: setup.sh, run_autograder and the exercise. */
static const char setup_sh[] =
    "#!/bin/sh\n"
    "# setup.sh - Gradescope runs this once to build the autograder image:\n"
    "# install pramsim's Debian/Ubuntu packages and pramsim itself.\n"
    "set -eu\n"
    "here=$(cd \"$(dirname \"$0\")\" && pwd)\n"
    "if command -v pram >/dev/null 2>&1 && [ -z \"${PRAMSIM_REBUILD:-}\" ]; then\n"
    "\techo \"pramsim is already installed: $(command -v pram)\"\n"
    "\texit 0\n"
    "fi\n"
    "if [ -z \"${PRAMSIM_SKIP_APT:-}\" ]; then\n"
    "\texport DEBIAN_FRONTEND=noninteractive\n"
    "\tapt-get update\n"
    "\t# what building pram and checking every criterion need: PoCL, Oclgrind and\n"
    "\t# what the checker's plugin and static check build against, gnuplot\n"
    "\tapt-get install -y gcc make autoconf automake libtool pkg-config ocl-icd-opencl-dev \\\n"
    "\t\topencl-headers ocl-icd-libopencl1 pocl-opencl-icd oclgrind g++ liboclgrind-dev \\\n"
    "\t\tllvm-dev libclang-dev gnuplot-nox git\n"
    "fi\n"
    "src=\"$here/pramsim\"\n"
    "if [ ! -d \"$src\" ]; then\n"
    "\tif [ -f \"$here/pramsim.tar.gz\" ]; then\n"
    "\t\tmkdir -p \"$src\" && tar -xzf \"$here/pramsim.tar.gz\" -C \"$src\" "
    "--strip-components=1\n"
    "\telse\n"
    "\t\tgit clone --depth 1 \"${PRAMSIM_GIT:?set PRAMSIM_GIT to pramsim's git URL, or put "
    "pramsim.tar.gz beside setup.sh}\" \"$src\"\n"
    "\tfi\n"
    "fi\n"
    "cd \"$src\"\n"
    "[ -x configure ] || autoreconf -fi\n"
    "./configure --prefix=\"${PRAMSIM_PREFIX:-/usr/local}\"\n"
    "make -j\"$(nproc)\"\n"
    "make install\n";

static const char run_autograder_fmt[] =
    "#!/bin/sh\n"
    "# run_autograder - Gradescope runs this for each submission: pram check\n"
    "# writes results/results.json. AUTOGRADER_ROOT (default /autograder) is\n"
    "# Gradescope's folder.\n"
    "root=${AUTOGRADER_ROOT:-/autograder}\n"
    "here=$(cd \"$(dirname \"$0\")\" && pwd)\n"
    "mkdir -p \"$root/results\"\n"
    "sub=$(find \"$root/submission\" -name '%s' -type f | head -n 1)\n"
    "if [ -z \"$sub\" ]; then\n"
    "\tprintf '{\"score\": 0, \"output\": \"no file named %s in the submission\"}\\n' "
    ">\"$root/results/results.json\"\n"
    "\texit 0\n"
    "fi\n"
    "ex=%s\n"
    "[ -f \"$here/%s.exercise\" ] && ex=\"$here/%s.exercise\"\n"
    "pram check \"$ex\" \"$sub\" --gradescope \"$root/results/results.json\"\n"
    "exit 0\n";

static int write_file(const char *path, const char *text, int exec)
{
	FILE *f = fopen(path, "w");
	if (!f)
		return -1;
	fputs(text, f);
	if (fclose(f) != 0)
		return -1;
	return exec ? chmod(path, 0755) : 0;
}

/* The release tarball the bundle builds pramsim from by default: this
 * build tree's make dist, into buf; NULL with why. */
static const char *own_tarball(char *buf, size_t len, char *why, size_t wlen)
{
	if (!ck_from_build_tree()) {
		snprintf(why, wlen,
			 "give --source PRAMSIM.tar.gz, pramsim's release tarball (make dist "
			 "in its build tree writes it), so that Gradescope builds the pramsim "
			 "that grades here");
		return NULL;
	}
	files_path(buf, len, "%s/%s-%s.tar.gz", ABS_TOP_BUILDDIR, PACKAGE_TARNAME, PACKAGE_VERSION);
	if (access(buf, R_OK) != 0) {
		snprintf(why, wlen,
			 "%s is not there: run make dist in %s first (or give --source "
			 "PRAMSIM.tar.gz), so that Gradescope builds the pramsim that grades here",
			 buf, ABS_TOP_BUILDDIR);
		return NULL;
	}
	return buf;
}

static int write_autograder(const ck_exercise *ex, const char *zip, const char *source)
{
	char own[PATH_MAX], why[PATH_MAX + 512];
	if (!source && !(source = own_tarball(own, sizeof own, why, sizeof why))) {
		cli_error("check: --autograder: %s", why);
		return EXIT_USAGE;
	}
	char dir[PATH_MAX];
	if (files_tempdir("pram-autograder", dir, sizeof dir)) {
		cli_error("check: cannot make a temporary folder: %s", strerror(errno));
		return EXIT_FAIL;
	}
	char p1[PATH_MAX], p2[PATH_MAX], p3[PATH_MAX], p4[PATH_MAX], abszip[PATH_MAX];
	files_path(p1, sizeof p1, "%s/setup.sh", dir);
	files_path(p2, sizeof p2, "%s/run_autograder", dir);
	files_path(p3, sizeof p3, "%s/%s.exercise", dir, ex->name);
	files_path(p4, sizeof p4, "%s/pramsim.tar.gz", dir);
	char *ra = ck_strf(run_autograder_fmt, ex->file, ex->file, ex->name, ex->name, ex->name);
	char err[512];
	char *exdata = ck_slurp(ex->path, NULL, err, sizeof err);
	int rc = EXIT_FAIL;
	if (!ra || !exdata || write_file(p1, setup_sh, 1) != 0 || write_file(p2, ra, 1) != 0 ||
	    write_file(p3, exdata, 0) != 0) {
		cli_error("check: cannot write the autograder's files in %s", dir);
		goto done;
	}
	if (zip[0] == '/')
		files_path(abszip, sizeof abszip, "%s", zip);
	else {
		char cwd[PATH_MAX];
		if (!getcwd(cwd, sizeof cwd))
			goto done;
		files_path(abszip, sizeof abszip, "%s/%s", cwd, zip);
	}
	unlink(abszip);
	char *argv[8] = {"zip", "-q", "-j", abszip, p1, p2, p3, NULL};
	if (source) {
		char *cp[] = {"cp", (char *)source, p4, NULL};
		ck_limits l = {.wall_s = 60};
		ck_proc pr;
		if (ck_contain_exec(cp, &l, &pr, err, sizeof err) != 0 || !pr.exited || pr.status) {
			cli_error("check: --source %s: cannot copy it", source);
			goto done;
		}
		ck_proc_free(&pr);
		argv[7] = p4;
	}
	char *argv2[9];
	memcpy(argv2, argv, sizeof argv);
	argv2[8] = NULL;
	ck_limits lim = {.wall_s = 120};
	ck_proc pr;
	if (ck_contain_exec(argv2, &lim, &pr, err, sizeof err) != 0) {
		cli_error("check: zip: %s", err);
		goto done;
	}
	if (!pr.exited || pr.status != 0) {
		cli_error("check: zip failed (Debian: apt-get install zip): %s", pr.out);
		ck_proc_free(&pr);
		goto done;
	}
	ck_proc_free(&pr);
	printf("wrote %s: setup.sh, run_autograder, %s.exercise%s\n", zip, ex->name,
	       source ? ", pramsim.tar.gz" : "");
	rc = EXIT_OK;
done:
	unlink(p1), unlink(p2), unlink(p3), unlink(p4);
	rmdir(dir);
	free(ra);
	free(exdata);
	return rc;
}

/* ---- the command ---- */

/* The fields of a time limit's row: seconds above 0, at most an hour. */
#define SECONDS(field)                                                                           \
	.arg = "S", .kind = CLI_REAL, .off = offsetof(check_opts, field), .flags = CLI_ABOVE_LO, \
	.lo = 0, .hi = 3600, .bad = "give seconds from 0 to 3600"

static const cli_opt check_options[] = {
    {"json", .kind = CLI_FLAG, .off = offsetof(check_opts, json),
     .help = "one JSON object per file"},
    {"tap", .kind = CLI_FLAG, .off = offsetof(check_opts, tap),
     .help = "TAP, one test per criterion"},
    {"gradescope", .arg = "FILE", .kind = CLI_STR, .off = offsetof(check_opts, gradescope),
     .help = "also write Gradescope's results.json to FILE"},
    {"junit", .arg = "FILE", .kind = CLI_STR, .off = offsetof(check_opts, junit),
     .help = "also write JUnit XML to FILE (a test suite per file)"},
    {"prairielearn", .arg = "FILE", .kind = CLI_STR, .off = offsetof(check_opts, prairielearn),
     .help = "also write PrairieLearn's results.json to FILE"},
    {"time-limit", SECONDS(time_limit),
     .help = "seconds per child process (default: the exercise's)"},
    {"class", .arg = "DIR", .kind = CLI_STR, .off = offsetof(check_opts, klass),
     .help = "grade every student folder of DIR"},
    {"out", .arg = "DIR", .kind = CLI_STR, .off = offsetof(check_opts, out),
     .help = "where --class writes (default check-results)"},
    {"jobs", .arg = "N", .kind = CLI_UINT, .off = offsetof(check_opts, jobs), .min = 1, .max = 256,
     .bad = "give a number from 1 to 256", .help = "students graded at once (default: the cores)"},
    {"student-limit", SECONDS(student_limit), .help = "seconds one student may take in all"},
    {"autograder", .arg = "ZIP", .kind = CLI_STR, .off = offsetof(check_opts, autograder),
     .help = "write a Gradescope autograder bundle"},
    {"source", .arg = "TARBALL", .kind = CLI_STR, .off = offsetof(check_opts, source),
     .help = "put this pramsim source tarball in the bundle"},
    {"may-skip", .arg = "LIST", .kind = CLI_STR, .off = offsetof(check_opts, may_skip),
     .help = "criteria this grader may leave unchecked (memory, work, depth, discipline)"},
    {"list", .kind = CLI_FLAG, .off = offsetof(check_opts, list), .help = "the exercises"},
    {"lint", .kind = CLI_FLAG, .off = offsetof(check_opts, lint),
     .help = "check the exercises themselves: solution full marks, starter incomplete"},
    {"help", .kind = CLI_HELP, .help = "print this help"},
    {0}};

/* The options that exclude each other. Returns 0 or EXIT_USAGE (reported). */
static int check_usage(const check_opts *o, int nops)
{
	if (nops < 1) {
		cli_error("check: give an exercise (pram check --list names them)");
		return EXIT_USAGE;
	}
	if (o->json + o->tap > 1) {
		cli_error("check: --json and --tap exclude each other");
		return EXIT_USAGE;
	}
	int modes = (o->klass != NULL) + (o->autograder != NULL) + (nops > 1);
	if (modes != 1) {
		cli_error("check: give the submission's files, or --class DIR, or --autograder "
			  "FILE.zip (one of them)");
		return EXIT_USAGE;
	}
	return 0;
}

/* Check each of the n files: --tap one stream with one plan, --junit one
 * document. Returns EXIT_OK when every one passed. */
static int check_files(const ck_exercise *ex, const check_opts *o, char **files, int n)
{
	FILE *junit = NULL;
	if (o->junit) {
		junit = fopen(o->junit, "w");
		if (!junit) {
			cli_error("check: --junit %s: %s", o->junit, strerror(errno));
			return EXIT_USAGE;
		}
		fputs("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites>\n", junit);
	}
	int rc = EXIT_OK, ntap = 0;
	for (int k = 0; k < n; k++) {
		int r1 = check_one(ex, files[k], o, &ntap, junit);
		if (r1 < 0 && rc == EXIT_OK)
			rc = EXIT_USAGE;
		else if (r1 > 0)
			rc = EXIT_FAIL;
	}
	if (o->tap)
		ck_report_tap_plan(stdout, ntap);
	if (junit) {
		fputs("</testsuites>\n", junit);
		if (fclose(junit) != 0) {
			cli_error("check: --junit %s: %s", o->junit, strerror(errno));
			rc = EXIT_USAGE;
		}
	}
	return rc;
}

/* One role of an exercise (its solution or its starter) checked: says
 * what it got, and returns 0 when it got what it should (the solution
 * full marks; the starter built, ran and failed, none of its diagnoses a
 * broken kind), else 1. */
static int lint_role(const ck_exercise *ex, const char *role, const char *rel, int line)
{
	char path[PATH_MAX];
	struct stat st;
	if (!rel) {
		printf("%s: FAILED: no '%s:' line\n", ex->path, role);
		return 1;
	}
	if (files_path(path, sizeof path, "%s/%s", ex->dir, rel) != 0 || stat(path, &st) != 0) {
		printf("%s:%d: FAILED: %s '%s' is not there (%s)\n", ex->path, line, role, rel,
		       strerror(errno));
		return 1;
	}
	ck_result r;
	ck_result_init(&r, ex, path);
	int rc = ck_run(ex, path, &r);
	int passed = ck_passed(&r), full = ck_score(&r) == ck_max_score(&r), broken = 0;
	static const ck_kind broken_kinds[] = {CK_COMPILE_ERROR, CK_CRASH, CK_TIMEOUT,
					       CK_OUT_OF_MEMORY};
	for (size_t k = 0; k < sizeof broken_kinds / sizeof broken_kinds[0]; k++)
		broken |= ck_has_kind(&r, broken_kinds[k]);
	int sol = strcmp(role, "solution") == 0;
	int ok = rc == 0 && (sol ? passed && full : !passed && !broken);
	printf("%s: %s %s: %g / %g%s%s\n", ex->name, role, rel, ck_score(&r), ck_max_score(&r),
	       ok ? "" : ": FAILED, ",
	       ok       ? ""
	       : sol    ? "a reference solution must pass with full marks"
	       : broken ? "a starter must build and run (incomplete, never broken)"
			: "a starter must not pass");
	if (!ok)
		for (size_t k = 0; k < r.ndiag; k++)
			printf("  %s: %s\n", ck_kind_name(r.diags[k].kind), r.diags[k].message);
	ck_result_free(&r);
	return ok ? 0 : 1;
}

/* pram check --lint EXERCISE...: each read (a malformed one named by file
 * and line), its solution and starter checked. EXIT_OK when all are
 * right, EXIT_USAGE (the teacher's errors) otherwise. */
static int lint_exercises(char **names, int n, double time_limit)
{
	int bad = 0;
	for (int k = 0; k < n; k++) {
		ck_exercise ex;
		char err[2048];
		if (ck_exercise_find(names[k], &ex, err, sizeof err) != 0) {
			printf("%s: FAILED: %s\n", names[k], err);
			bad++;
			continue;
		}
		if (time_limit > 0)
			ex.time_limit = time_limit;
		if (!ck_can_grade(&ex, err, sizeof err)) {
			printf("%s: FAILED: this machine cannot check it: %s\n", ex.path, err);
			bad++;
			ck_exercise_free(&ex);
			continue;
		}
		bad += lint_role(&ex, "solution", ex.solution, ex.line_of.solution);
		bad += lint_role(&ex, "starter", ex.starter, ex.line_of.starter);
		ck_exercise_free(&ex);
	}
	printf("%d exercise%s linted: %s\n", n, n == 1 ? "" : "s",
	       bad ? "the teacher's errors above" : "every one right");
	return bad ? EXIT_USAGE : EXIT_OK;
}

static int check_exec(int argc, char **argv)
{
	check_opts o = {.out = "check-results", .jobs = (uint64_t)sysconf(_SC_NPROCESSORS_ONLN)};
	int nops, rc = cli_parse(&cmd_check_entry, argc, argv, &o, &nops);
	if (rc)
		return rc == CLI_HELP_GIVEN ? EXIT_OK : rc;
	if (o.list) {
		printf("exercises:\n");
		ck_exercise_list(stdout);
		return EXIT_OK;
	}
	char **ops = argv + 1;
	if (o.lint) {
		if (nops < 1) {
			cli_error("check: --lint: give the exercises to check");
			return EXIT_USAGE;
		}
		return lint_exercises(ops, nops, o.time_limit);
	}
	if ((rc = check_usage(&o, nops)))
		return rc;
	ck_exercise ex;
	char err[2048];
	if (ck_exercise_find(ops[0], &ex, err, sizeof err) != 0) {
		cli_error("check: %s", err);
		return EXIT_USAGE;
	}
	if (o.time_limit > 0)
		ex.time_limit = o.time_limit;
	if (o.may_skip && ck_may_skip_parse(o.may_skip, &ex, err, sizeof err) != 0) {
		cli_error("check: --may-skip: %s", err);
		ck_exercise_free(&ex);
		return EXIT_USAGE;
	}
	/* one total everywhere: a criterion this machine cannot check stops
	 * the grading, rather than leaving max_score smaller than elsewhere */
	if (!o.autograder && !ck_can_grade(&ex, err, sizeof err)) {
		FILE *f = o.prairielearn ? fopen(o.prairielearn, "w") : NULL;
		if (f) { /* the platform shows the grader's trouble, not a zero */
			ck_result r;
			ck_result_init(&r, &ex, nops > 1 ? ops[1] : ex.file);
			char why[2200];
			snprintf(why, sizeof why, "this machine cannot grade %s: %s", ex.name, err);
			ck_report_prairielearn(f, &r, 0, why);
			ck_result_free(&r);
			fclose(f);
		}
		cli_error("check: this machine cannot grade %s as written: %s; install what is "
			  "named, or let the criteria go unchecked (and out of max_score) with "
			  "--may-skip or the exercise's may-skip: line",
			  ex.name, err);
		ck_exercise_free(&ex);
		return EXIT_USAGE;
	}
	if (o.autograder)
		rc = write_autograder(&ex, o.autograder, o.source);
	else if (o.klass)
		rc = grade_class(&ex, o.klass, o.out, (int)o.jobs,
				 o.student_limit > 0 ? o.student_limit : 12 * ex.time_limit + 120);
	else
		rc = check_files(&ex, &o, ops + 1, nops - 1);
	ck_exercise_free(&ex);
	return rc;
}

const cmd_entry cmd_check_entry = {
    .name = "check",
    .args = "EXERCISE FILE... [--json | --tap] [--gradescope FILE] [--junit FILE]\n"
	    "       [--prairielearn FILE]\n"
	    "       pram check EXERCISE --class DIR [--out DIR] [--jobs N]\n"
	    "       pram check EXERCISE --autograder FILE.zip [--source PRAMSIM.tar.gz]\n"
	    "       pram check --lint EXERCISE...\n"
	    "       pram check --list",
    .summary = "check a student's kernel or PRAM program against an exercise",
    .help = "EXERCISE is an exercise of lessons/ (pram check --list) or a path to an\n"
	    ".exercise file. Each FILE is built and run in a child process with a time\n"
	    "limit, a memory limit and no network; the report says what is wrong: the\n"
	    "compiler's errors, the first mismatch and its case, the work-group sizes\n"
	    "that fail, Oclgrind's races, barrier divergence, out-of-bounds accesses\n"
	    "and uninitialised reads with the line, and for PRAM programs the\n"
	    "simulator's violations and W and D against the exercise's bounds.\n\n"
	    "options:\n"
	    "  --json              one JSON object per file (schema in pram(1))\n"
	    "  --tap               TAP, one test per criterion (one stream for all files)\n"
	    "  --gradescope FILE   also write Gradescope's results.json to FILE\n"
	    "  --junit FILE        also write JUnit XML to FILE (a test suite per file)\n"
	    "  --prairielearn FILE also write PrairieLearn's external grader's\n"
	    "                      results.json to FILE (with the W and D figure)\n"
	    "  --time-limit S      seconds per child process (default: the exercise's)\n"
	    "  --class DIR         grade every student folder of DIR (the contract's file\n"
	    "                      name in it): OUT/summary.csv, OUT/summary.md, the class\n"
	    "                      at a glance in OUT/summary.html, and\n"
	    "                      OUT/reports/STUDENT.txt and .json; exits 0 when every\n"
	    "                      submission was graded, however it scored, and 1 only\n"
	    "                      when one could not be (a grader's fault)\n"
	    "  --out DIR           where --class writes (default check-results)\n"
	    "  --jobs N            students graded at once (default: the cores)\n"
	    "  --student-limit S   seconds one student may take in all (default 12\n"
	    "                      times the time limit plus 120)\n"
	    "  --autograder ZIP    write a Gradescope autograder bundle (setup.sh,\n"
	    "                      run_autograder, the exercise)\n"
	    "  --source TARBALL    put this pramsim source tarball in the bundle\n"
	    "  --lint              check each EXERCISE itself: read it (a teacher's error is\n"
	    "                      named with its file and line), its solution gets full\n"
	    "                      marks and its starter builds, runs and fails; exit 2\n"
	    "                      when one does not\n"
	    "  --may-skip LIST     criteria this grader may leave unchecked, out of\n"
	    "                      max_score (memory, work, depth, discipline); without\n"
	    "                      it, a criterion this machine cannot check (no Oclgrind,\n"
	    "                      no plugin, no libclang) stops the grading, exit 2\n"
	    "  --list              the exercises\n\n"
	    "Exit status: 0 every file passes, 1 a file fails, 2 a usage error.\n",
    .opts = check_options,
    .operands = CLI_ANY,
    .exec = check_exec,
};
