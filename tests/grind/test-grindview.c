/*
 * test-grindview.c - the PRAM view of a kernel (check/grindview.h).
 * First the reader on files written here: a good one read field by field,
 * and malformed ones, each refused with the file and line named. Then the
 * Oclgrind plugin on the kernels of tests/grind, whose PRAM shapes are
 * known exactly: an EREW tree reduction (log2 L + 1 steps, work 2L - 1), the
 * Hillis-Steele scan (CREW, work L (log2 L + 1)), Blelloch's scan (EREW,
 * work 4L - 2), a kernel whose work-items all write one local cell (CRCW,
 * with the line), one whose work-items all increment one local counter with
 * an atomic (CRCW too), and a sweep of L = 2 .. 256 that tells L log L work from
 * linear work, as pram check judges work-efficiency. The plugin part skips,
 * saying why, without oclgrind, the plugin or OpenCL. Prints TAP.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "grindview.h"
#include "pram.h" /* PRAM_STEP_ACCESSES */
#include "../tap.h"

static char err[4096];
static char dir[4096];
static char file[4200];

/* Write text to a fresh file in dir; returns its path (a static buffer). */
static const char *put(const char *name, const char *text)
{
	snprintf(file, sizeof file, "%s/%s", dir, name);
	FILE *f = fopen(file, "w");
	if (f) {
		fputs(text, f);
		fclose(f);
	}
	return file;
}

#define GOOD_GROUP                                                                              \
	"group id=0,0,0 steps=2 work=5 reads=6 writes=4 instructions=30 class=CRCW line=9 "     \
	"array=tmp index=3 items=0,2\n"                                                         \
	"step n=1 work=4 reads=4 writes=4 instructions=20 class=CREW line=7 array=tmp index=1 " \
	"items=0,1\n"                                                                           \
	"step n=2 work=1 reads=2 writes=0 instructions=10 class=CRCW line=9 array=tmp "         \
	"index=3 items=0,2 future=ignored\n"

static const char good[] =
    "pram-grind 1\n"
    "launch kernel=k dim=1 global=8,1,1 local=4,1,1 groups=2,1,1\n" GOOD_GROUP
    "group id=1,0,0 steps=1 work=4 reads=4 writes=4 instructions=9 "
    "class=EREW line=0 array=- index=-1 items=-1,-1\n"
    "step n=1 work=4 reads=4 writes=4 instructions=9 class=EREW line=0 "
    "array=- index=-1 items=-1,-1\n"
    "end groups=2 work=9 depth=2\n"
    "launch kernel=other dim=2 global=4,4,1 local=2,2,1 groups=2,2,1\n"
    "end groups=0 work=0 depth=0\n";

static void test_reader(void)
{
	gv_run r;
	int rc = gv_read(put("good", good), &r, err, sizeof err);
	TAP_OK_WHY(rc == 0, err, "a good file is read");
	if (rc == 0) {
		TAP_EQ_I(r.nlaunch, 2, "two launches");
		gv_launch *l = &r.launch[0];
		TAP_OK(strcmp(l->kernel, "k") == 0, "the kernel's name");
		TAP_OK(l->dim == 1 && l->global[0] == 8 && l->local[0] == 4 && l->groups[0] == 2 &&
			   l->groups[1] == 1,
		       "the launch's sizes");
		TAP_EQ_I(l->ngroup, 2, "two groups");
		TAP_EQ_I(l->work, 9, "the launch's work: the groups' summed");
		TAP_EQ_I(l->depth, 2, "its depth: the most steps");
		TAP_OK(l->access == GV_CRCW && l->worst == 0, "its class: its worst group's");
		gv_group *g = &l->group[0];
		TAP_OK(g->steps == 2 && g->work == 5 && g->reads == 6 && g->writes == 4 &&
			   g->instructions == 30,
		       "a group's counts");
		TAP_OK(g->access == GV_CRCW && g->first.line == 9 &&
			   strcmp(g->first.array, "tmp") == 0 && g->first.index == 3 &&
			   g->first.item[0] == 0 && g->first.item[1] == 2,
		       "a group's class and first conflict");
		TAP_OK(g->step[0].access == GV_CREW && g->step[0].first.line == 7 &&
			   g->step[1].work == 1,
		       "its steps");
		TAP_OK(l->group[1].access == GV_EREW && l->group[1].first.line == 0 &&
			   l->group[1].first.array[0] == '\0' && l->group[1].first.index == -1,
		       "an EREW group has no conflict");
		TAP_OK(r.launch[1].ngroup == 0 && r.launch[1].dim == 2, "a launch with no group");
		gv_free(&r);
		TAP_OK(r.nlaunch == 0 && r.launch == NULL, "gv_free empties the run");
	}
	gv_free(NULL);

	/* Malformed files: each error names the file and the line. */
	static const struct {
		const char *text, *where, *what;
	} bad[] = {
	    {"", "empty", "no launch was recorded"},
	    {"pram-grind 2\n", ":1:", "version 2"},
	    {"hello\n", ":1:", "not a PRAM-view file"},
	    {"pram-grind 1\nlaunch kernel=k dim=1 global=8,1 local=4,1,1 groups=2,1,1\n",
	     ":2:", "global=8,1 is not X,Y,Z"},
	    {"pram-grind 1\nlaunch kernel=k dim=4 global=8,1,1 local=4,1,1 groups=2,1,1\n",
	     ":2:", "dim=4"},
	    {"pram-grind 1\nlaunch kernel=k global=8,1,1 local=4,1,1 groups=2,1,1\n",
	     ":2:", "without dim="},
	    {"pram-grind 1\nlaunch kernel=k dim=1 global=8,1,1 local=4,1,1 groups=2,1,1\n",
	     ":2:", "no end line"},
	    {"pram-grind 1\ngroup id=0,0,0 steps=1\n", ":2:", "outside a launch"},
	    {"pram-grind 1\nlaunch kernel=k dim=1 global=8,1,1 local=4,1,1 groups=2,1,1\n"
	     "group id=0,0,0 steps=1 work=1 reads=1 writes=0 instructions=1 class=ERCW line=0 "
	     "array=- index=-1 items=-1,-1\n",
	     ":3:", "class=ERCW"},
	    {"pram-grind 1\nlaunch kernel=k dim=1 global=8,1,1 local=4,1,1 groups=2,1,1\n"
	     "group id=0,0,0 steps=1 work=x reads=1 writes=0 instructions=1 class=EREW line=0 "
	     "array=- index=-1 items=-1,-1\n",
	     ":3:", "work=x is not a count"},
	    {"pram-grind 1\nlaunch kernel=k dim=1 global=8,1,1 local=4,1,1 groups=2,1,1\n"
	     "group id=0,0,0 steps=1 work=1 reads=1 writes=0 instructions=1 class=CREW line=4 "
	     "array=- index=-1 items=-1,-1\n",
	     ":3:", "without the conflict"},
	    {"pram-grind 1\nlaunch kernel=k dim=1 global=8,1,1 local=4,1,1 groups=2,1,1\n"
	     "group id=0,0,0 steps=2 work=1 reads=1 writes=0 instructions=1 class=EREW line=0 "
	     "array=- index=-1 items=-1,-1\n"
	     "step n=2 work=1 reads=1 writes=0 instructions=1 class=EREW line=0 "
	     "array=- index=-1 items=-1,-1\n",
	     ":4:", "step n=2 where step 1 was expected"},
	    {"pram-grind 1\nlaunch kernel=k dim=1 global=8,1,1 local=4,1,1 groups=2,1,1\n"
	     "group id=0,0,0 steps=1 work=2 reads=1 writes=0 instructions=1 class=EREW line=0 "
	     "array=- index=-1 items=-1,-1\n"
	     "step n=1 work=1 reads=1 writes=0 instructions=1 class=EREW line=0 "
	     "array=- index=-1 items=-1,-1\n",
	     ":4:", "sum to work=1"},
	    {"pram-grind 1\nlaunch kernel=k dim=1 global=8,1,1 local=4,1,1 groups=2,1,1\n"
	     "group id=0,0,0 steps=1 work=1 reads=1 writes=0 instructions=1 class=EREW line=0 "
	     "array=- index=-1 items=-1,-1\n"
	     "step n=1 work=1 reads=1 writes=0 instructions=1 class=EREW line=0 "
	     "array=- index=-1 items=-1,-1\n"
	     "end groups=1 work=7 depth=1\n",
	     ":5:", "end says groups=1 work=7"},
	    {"pram-grind 1\nlaunch kernel=k dim=1 global=8,1,1 local=4,1,1 groups=2,1,1\n"
	     "end groups=0 work=0 depth=0\nstep n=1\n",
	     ":4:", "outside a group"},
	    {"pram-grind 1\nlaunch kernel=k dim=1 global=8,1,1 local=4,1,1 groups=2,1,1\n"
	     "end groups=0 work=0 depth=0\nbarrier x=1\n",
	     ":4:", "unknown record 'barrier'"},
	    {"pram-grind 1\nlaunch kernel=k dim=1 global=8,1,1 local=4,1,1 groups=2,1,1 oops\n",
	     ":2:", "'oops' is not KEY=VALUE"},
	};
	for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
		char name[32];
		snprintf(name, sizeof name, "bad%zu", k);
		const char *path = put(name, bad[k].text);
		gv_run b = {0};
		err[0] = '\0';
		rc = gv_read(path, &b, err, sizeof err);
		TAP_OK_WHY(rc == -1 && b.nlaunch == 0 && b.launch == NULL, err,
			   "malformed file %zu is refused", k);
		TAP_CONTAINS(err, bad[k].where, "its error names the place (%s)", bad[k].where);
		TAP_CONTAINS(err, bad[k].what, "and says what is wrong (%s)", bad[k].what);
		TAP_CONTAINS(err, path, "and the file");
	}
	gv_run none;
	snprintf(file, sizeof file, "%s/no-such-file", dir);
	rc = gv_read(file, &none, err, sizeof err);
	TAP_OK(rc == -1, "a missing file is refused");
	TAP_CONTAINS(err, "cannot open", "and says so");
}

/* ---- the plugin under oclgrind ---------------------------------------- */

static const char *srcdir, *builddir, *oclgrind, *plugin;
static char host[4200], out[4200];

/* The line of tests/grind/FILE holding marker, 0 when none. */
static unsigned line_of(const char *cl, const char *marker)
{
	char path[4200], buf[512];
	snprintf(path, sizeof path, "%s/tests/grind/%s", srcdir, cl);
	FILE *f = fopen(path, "r");
	unsigned n = 0, found = 0;
	while (f && fgets(buf, sizeof buf, f)) {
		n++;
		if (strstr(buf, marker)) {
			found = n;
			break;
		}
	}
	if (f)
		fclose(f);
	return found;
}

/* Run the kernel of tests/grind/NAME.cl under oclgrind with the plugin at
 * the sizes given, and read what it recorded into r. Returns 0, or -1 with
 * a reason in err. */
static int grind(const char *name, const char *check, const char *sizes, gv_run *r)
{
	char cmd[16384], log[4300];
	r->nlaunch = 0;
	r->launch = NULL;
	snprintf(out, sizeof out, "%s/%s.grind", dir, name);
	snprintf(log, sizeof log, "%s/%s.log", dir, name);
	unlink(out);
	/* oclgrind preloads its OpenCL runtime, so a host built with
	 * --enable-sanitizers must let AddressSanitizer come second; leaks
	 * are the host's business, checked in the other tests. */
	snprintf(cmd, sizeof cmd,
		 "PRAM_KERNEL_DIR='%s/tests/grind' PRAM_GRIND_OUT='%s' PRAM_DEVICE= "
		 "ASAN_OPTIONS=verify_asan_link_order=0:detect_leaks=0 '%s' "
		 "--plugins '%s' '%s' %s.cl %s %s %s >'%s' 2>&1",
		 srcdir, out, oclgrind, plugin, host, name, name, check, sizes, log);
	int rc = system(cmd);
	if (rc != 0) {
		/* The command's own output says why (grind-host's message or
		 * oclgrind's). */
		int n = snprintf(err, sizeof err, "oclgrind ... grind-host %s %s exited %d: ", name,
				 sizes, rc);
		FILE *f = fopen(log, "r");
		if (f && n > 0 && (size_t)n < sizeof err) {
			size_t got = fread(err + n, 1, sizeof err - (size_t)n - 1, f);
			err[(size_t)n + got] = '\0';
		}
		if (f)
			fclose(f);
		return -1;
	}
	return gv_read(out, r, err, sizeof err);
}

static unsigned log2u(size_t L)
{
	unsigned k = 0;
	while ((size_t)1 << (k + 1) <= L)
		k++;
	return k;
}

static void test_reduce(void)
{
	gv_run r;
	/* Three groups of 8 over 20 elements (the last one partial), one
	 * group of 1, one of 256. */
	if (grind("reduce_tree", "reduce", "8:20 1 256", &r) != 0) {
		TAP_OK_WHY(0, err, "the tree reduction runs under the plugin");
		return;
	}
	TAP_EQ_I(r.nlaunch, 3, "reduce_tree: one launch per size");
	if (r.nlaunch != 3)
		goto done;
	gv_launch *l = &r.launch[0];
	TAP_OK(strcmp(l->kernel, "reduce_tree") == 0 && l->dim == 1 && l->global[0] == 24 &&
		   l->local[0] == 8 && l->groups[0] == 3,
	       "reduce_tree L = 8, n = 20: the launch's name and sizes");
	TAP_EQ_I(l->ngroup, 3, "reduce_tree L = 8: three groups recorded");
	for (size_t g = 0; g < l->ngroup; g++) {
		gv_group *gr = &l->group[g];
		TAP_EQ_I(gr->steps, 4, "reduce_tree L = 8, group %zu: log2 L + 1 steps", g);
		TAP_EQ_I(gr->work, 15, "reduce_tree L = 8, group %zu: work 2L - 1", g);
		TAP_OK(gr->access == GV_EREW, "reduce_tree L = 8, group %zu: EREW", g);
		/* Loads of in (the last group has 4 of its 8), two reads a
		 * halving, the final read of tmp[0]; L stores to tmp, one a
		 * halving, the sum. */
		TAP_EQ_I(gr->reads, (gr->id[0] == 2 ? 4 : 8) + 2 * 7 + 1,
			 "reduce_tree L = 8, group %zu: reads", g);
		TAP_EQ_I(gr->writes, 8 + 7 + 1, "reduce_tree L = 8, group %zu: writes", g);
		TAP_OK(gr->step[0].work == 8 && gr->step[1].work == 4 && gr->step[2].work == 2 &&
			   gr->step[3].work == 1,
		       "reduce_tree L = 8, group %zu: work L, L/2, L/4, 1 by step", g);
	}
	TAP_OK(l->work == 45 && l->depth == 4 && l->access == GV_EREW,
	       "reduce_tree L = 8: launch work 3 (2L - 1), depth log2 L + 1");
	TAP_OK(r.launch[1].ngroup == 1 && r.launch[1].depth == 1 && r.launch[1].work == 1,
	       "reduce_tree L = 1: one step, work 1");
	l = &r.launch[2];
	TAP_OK(l->ngroup == 1 && l->depth == 9 && l->work == 511 && l->access == GV_EREW,
	       "reduce_tree L = 256: 9 steps, work 511, EREW");
done:
	gv_free(&r);
}

/* grind() and then one launch of ngroup groups; else err says why. */
static int grind_one(const char *name, const char *check, const char *sizes, size_t ngroup,
		     gv_run *r)
{
	if (grind(name, check, sizes, r) != 0)
		return -1;
	if (r->nlaunch == 1 && r->launch[0].ngroup == ngroup)
		return 0;
	snprintf(err, sizeof err, "%s: %zu launches, the first of %zu groups; expected 1 of %zu",
		 name, r->nlaunch, r->nlaunch ? r->launch[0].ngroup : 0, ngroup);
	return -1;
}

static void test_shapes(void)
{
	gv_run r;
	if (grind_one("scan_hillis", "scan", "8", 1, &r) == 0) {
		gv_group *g = &r.launch[0].group[0];
		TAP_EQ_I(g->steps, 4, "scan_hillis L = 8: log2 L + 1 steps");
		TAP_EQ_I(g->work, 32, "scan_hillis L = 8: work L (log2 L + 1)");
		TAP_OK(g->access == GV_CREW, "scan_hillis L = 8: CREW (got %s)",
		       gv_class_name(g->access));
		TAP_EQ_I(g->first.line, line_of("scan_hillis.cl", "dst[lid] = lid >= d"),
			 "scan_hillis: the line of the first concurrent read");
		TAP_OK(strcmp(g->first.array, "tmp") == 0 && g->first.index == 0 &&
			   g->first.item[0] == 0 && g->first.item[1] == 1,
		       "scan_hillis: work-items 0 and 1 both read tmp[0] (got %s[%lld] by %lld, "
		       "%lld)",
		       g->first.array, g->first.index, g->first.item[0], g->first.item[1]);
		TAP_OK(g->step[0].access == GV_EREW && g->step[1].access == GV_CREW,
		       "scan_hillis: the load step is EREW, the doubling steps CREW");
	} else {
		TAP_OK_WHY(0, err, "scan_hillis runs under the plugin");
	}
	gv_free(&r);

	if (grind_one("scan_blelloch", "scan", "8", 1, &r) == 0) {
		gv_group *g = &r.launch[0].group[0];
		TAP_EQ_I(g->steps, 8, "scan_blelloch L = 8: 2 log2 L + 2 steps");
		TAP_EQ_I(g->work, 30, "scan_blelloch L = 8: work 4L - 2");
		TAP_OK(g->access == GV_EREW && g->first.line == 0,
		       "scan_blelloch L = 8: EREW (got %s)", gv_class_name(g->access));
	} else {
		TAP_OK_WHY(0, err, "scan_blelloch runs under the plugin");
	}
	gv_free(&r);

	if (grind_one("all_write", "none", "8:16", 2, &r) == 0) {
		unsigned want = line_of("all_write.cl", "cell[0] = (int)lid");
		TAP_OK(want > 0, "all_write.cl marks its concurrent write");
		for (size_t k = 0; k < 2; k++) {
			gv_group *g = &r.launch[0].group[k];
			TAP_OK(g->steps == 2 && g->work == 9,
			       "all_write group %zu: 2 steps, work L + 1", k);
			TAP_OK(g->access == GV_CRCW, "all_write group %zu: CRCW (got %s)", k,
			       gv_class_name(g->access));
			TAP_EQ_I(g->first.line, want,
				 "all_write group %zu: the concurrent write's line", k);
			TAP_OK(strcmp(g->first.array, "cell") == 0 && g->first.index == 0 &&
				   g->first.item[0] == 0 && g->first.item[1] == 1,
			       "all_write group %zu: work-items 0 and 1 both write cell[0] (got "
			       "%s[%lld])",
			       k, g->first.array, g->first.index);
			TAP_OK(g->step[1].access == GV_EREW, "all_write group %zu: step 2 is EREW",
			       k);
		}
		TAP_OK(r.launch[0].access == GV_CRCW && r.launch[0].worst == 0,
		       "all_write: the launch is CRCW from group 0");
	} else {
		TAP_OK_WHY(0, err, "all_write runs under the plugin");
	}
	gv_free(&r);
}

/* Atomics: each is a read and a write of its cell, so L of them on one
 * local counter in one step are a concurrent write; one alone is not. */
static void test_atomics(void)
{
	gv_run r;
	if (grind("atomic_local", "none", "4 1", &r) == 0 && r.nlaunch == 2 &&
	    r.launch[0].ngroup == 1 && r.launch[1].ngroup == 1) {
		gv_group *g = &r.launch[0].group[0];
		TAP_OK(g->steps == 3 && g->work == 6, "atomic_local L = 4: 3 steps, work L + 2");
		TAP_OK(g->step[1].reads == 4 && g->step[1].writes == 4,
		       "atomic_local L = 4: each atomic counts a read and a write");
		TAP_OK(g->access == GV_CRCW && g->step[1].access == GV_CRCW &&
			   g->step[0].access == GV_EREW,
		       "atomic_local L = 4: the step of the atomics is CRCW (got %s)",
		       gv_class_name(g->access));
		TAP_EQ_I(g->first.line, line_of("atomic_local.cl", "atomic_inc(&count)"),
			 "atomic_local: the line of the atomic");
		TAP_OK(strcmp(g->first.array, "count") == 0, "atomic_local: on count (got %s)",
		       g->first.array);
		TAP_OK(r.launch[1].access == GV_EREW && r.launch[1].work == 3,
		       "atomic_local L = 1: one atomic alone is EREW, work 3");
	} else {
		TAP_OK_WHY(0, err,
			   "atomic_local runs under the plugin (two launches of one group)");
	}
	gv_free(&r);
}

/* Work over L = 2 .. 256 in one group: Hillis-Steele's W(L) / L grows by
 * one with each doubling (L log L), Blelloch's stays below 4 (linear). */
static void test_sweep(void)
{
	static const char sizes[] = "2 4 8 16 32 64 128 256";
	gv_run hs, bl;
	int ok_hs = grind("scan_hillis", "scan", sizes, &hs) == 0;
	if (!ok_hs)
		TAP_OK_WHY(0, err, "the Hillis-Steele sweep runs");
	int ok_bl = grind("scan_blelloch", "scan", sizes, &bl) == 0;
	if (!ok_bl)
		TAP_OK_WHY(0, err, "the Blelloch sweep runs");
	if (ok_hs && ok_bl && hs.nlaunch == 8 && bl.nlaunch == 8) {
		int exact_hs = 1, exact_bl = 1, grows = 1, bounded = 1;
		for (size_t k = 0; k < 8; k++) {
			size_t L = hs.launch[k].local[0];
			unsigned lg = log2u(L);
			exact_hs &= hs.launch[k].work == L * (lg + 1) &&
				    hs.launch[k].depth == lg + 1 && hs.launch[k].access == GV_CREW;
			exact_bl &= bl.launch[k].work == 4 * L - 2 &&
				    bl.launch[k].depth == 2 * lg + 2 &&
				    bl.launch[k].access == GV_EREW;
			double per_hs = (double)hs.launch[k].work / (double)L;
			double per_bl = (double)bl.launch[k].work / (double)L;
			if (k > 0) {
				double prev = (double)hs.launch[k - 1].work / (double)(L / 2);
				grows &= per_hs - prev > 0.99;
			}
			bounded &= per_bl < 4;
			if (!exact_hs || !exact_bl)
				tap_diag("L = %zu: Hillis-Steele work %llu depth %zu, Blelloch "
					 "work %llu "
					 "depth %zu",
					 L, hs.launch[k].work, hs.launch[k].depth,
					 bl.launch[k].work, bl.launch[k].depth);
		}
		TAP_OK(exact_hs, "Hillis-Steele, L = 2 .. 256: work L (log2 L + 1), depth log2 L + "
				 "1, CREW");
		TAP_OK(exact_bl, "Blelloch, L = 2 .. 256: work 4L - 2, depth 2 log2 L + 2, EREW");
		TAP_OK(grows, "Hillis-Steele's work per element grows with each doubling: L log L");
		TAP_OK(bounded, "Blelloch's work per element stays below 4: linear");
	} else if (ok_hs && ok_bl) {
		TAP_OK(0, "one launch per size (got %zu and %zu)", hs.nlaunch, bl.nlaunch);
	}
	if (ok_hs)
		gv_free(&hs);
	if (ok_bl)
		gv_free(&bl);
}

/* Every access charged: work-item 0 summing its block in a loop costs
 * ceil((L + 1) / K) in the loop's step, in work and in depth. */
static void test_charges(void)
{
	static const char sizes[] = "8:8 16:16 64:64 256:256";
	gv_run r;
	if (grind("serial_sum", "reduce", sizes, &r) != 0) {
		TAP_OK_WHY(0, err, "the serial sum runs");
		return;
	}
	int exact = r.nlaunch == 4, grows = 1;
	for (size_t k = 0; k < r.nlaunch && exact; k++) {
		const gv_launch *l = &r.launch[k];
		size_t L = l->local[0];
		unsigned long long loop = (L + 1 + PRAM_STEP_ACCESSES - 1) / PRAM_STEP_ACCESSES;
		const gv_group *g = &l->group[0];
		/* step 1: L work-items, 2 accesses each; step 2: work-item 0 */
		exact &= g->steps == 2 && g->step[0].time == 1 && g->step[0].work == L &&
			 g->step[1].accesses == L + 1 && g->step[1].time == loop &&
			 g->step[1].work == loop && g->depth == 1 + loop && l->depth == 1 + loop &&
			 l->work == L + loop;
		if (k > 0)
			grows &= l->depth > r.launch[k - 1].depth;
		if (!exact)
			tap_diag(
			    "L = %zu: steps %zu, loop time %llu work %llu accesses %llu, depth "
			    "%zu, work %llu",
			    L, g->steps, g->step[1].time, g->step[1].work, g->step[1].accesses,
			    l->depth, l->work);
	}
	TAP_OK(exact, "serial_sum, L = 8 .. 256: the loop's step costs ceil((L + 1) / K) in work "
		      "and depth, D = 1 + ceil((L + 1) / K)");
	TAP_OK(grows, "serial_sum: D grows with L, where counting work-items gave 2");
	gv_free(&r);
}

/* Why the plugin part cannot run here, or NULL. */
static const char *skip_reason(void)
{
	srcdir = getenv("top_srcdir");
	builddir = getenv("top_builddir");
	oclgrind = getenv("OCLGRIND");
	if (!srcdir || !builddir)
		return "top_srcdir and top_builddir are not set (run under make check)";
	if (!oclgrind || !*oclgrind)
		return "oclgrind not found";
	if (!(plugin = gv_plugin_path()))
		return "the Oclgrind plugin is not built (configure found no liboclgrind-dev or "
		       "no C++ compiler)";
	snprintf(host, sizeof host, "%s/tests/grind/grind-host", builddir);
	if (access(host, X_OK) != 0)
		return "pram was built without OpenCL (no tests/grind/grind-host)";
	const char *paths[] = {srcdir, builddir, oclgrind, plugin, dir};
	for (size_t k = 0; k < sizeof paths / sizeof paths[0]; k++)
		if (strchr(paths[k], '\''))
			return "a path holds a quote";
	return NULL;
}

int main(void)
{
	const char *tmp = getenv("TMPDIR");
	snprintf(dir, sizeof dir, "%s/pramgrind.XXXXXX", tmp && *tmp ? tmp : "/tmp");
	if (!mkdtemp(dir)) {
		printf("Bail out! cannot make a temporary folder\n");
		return 1;
	}
	test_reader();
	const char *why = skip_reason();
	if (why) {
		printf("ok %d - the plugin under oclgrind # SKIP %s\n", ++tap_count_, why);
	} else {
		test_reduce();
		test_shapes();
		test_atomics();
		test_sweep();
		test_charges();
	}
	char cmd[4200];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	if (system(cmd) != 0)
		tap_diag("could not remove %s", dir);
	return tap_done();
}
