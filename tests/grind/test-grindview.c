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
 * linear work, as pram check judges work-efficiency. Then the GPU's view of
 * the same accesses on memory.cl and the tree reduction, whose requests,
 * sectors, bank-conflict degrees, divergent branches and barriers are
 * worked out by hand in their comments and here. The plugin part skips,
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
	    {"pram-grind 3\n", ":1:", "version 3"},
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
	     "end groups=0 work=0 depth=0\nbogus x=1\n",
	     ":4:", "unknown record 'bogus'"},
	    {"pram-grind 2\nbarrier line=3 count=1\n", ":2:", "barrier line outside a launch"},
	    {"pram-grind 2\nlaunch kernel=k dim=1 global=8,1,1 local=4,1,1 groups=2,1,1\n"
	     "memory line=3 space=shared step=1 array=a requests=1 transactions=1 least=1 "
	     "worst=1 stride=1 size=4\n",
	     ":3:", "space=shared is not global or local"},
	    {"pram-grind 2\nlaunch kernel=k dim=1 global=8,1,1 local=4,1,1 groups=2,1,1\n"
	     "memory line=3 space=local step=1 array=a requests=1 transactions=4 least=1 "
	     "worst=8 stride=1 size=4\n",
	     ":3:", "worst=8, but transactions=4 is fewer"},
	    {"pram-grind 2\nlaunch kernel=k dim=1 global=8,1,1 local=4,1,1 groups=2,1,1\n"
	     "memory line=3 space=local step=1 array=a requests=1 transactions=4 least=1 "
	     "worst=4 stride=x size=4\n",
	     ":3:", "stride=x is not a whole number"},
	    {"pram-grind 2\nlaunch kernel=k dim=1 global=8,1,1 local=4,1,1 groups=2,1,1\n"
	     "branch line=3 step=1 requests=2 divergent=3\n",
	     ":3:", "divergent=3 is more than requests=2"},
	    {"pram-grind 2\nlaunch kernel=k dim=1 global=8,1,1 local=4,1,1 groups=2,1,1\n"
	     "group id=0,0,0 steps=1 work=1 reads=1 writes=0 instructions=1 class=EREW line=0 "
	     "array=- index=-1 items=-1,-1\n"
	     "branch line=3 step=1 requests=2 divergent=1\n",
	     ":4:", "a branch line where step 1 of 1 was expected"},
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

/* A version 2 launch: its GPU parameters and records, and the memory
 * records summed over the steps by line. */
static const char good2[] =
    "pram-grind 2\n"
    "launch kernel=k dim=1 global=64,1,1 local=64,1,1 groups=1,1,1 subgroup=32 banks=32 "
    "bankbytes=4 sectorbytes=32\n"
    "memory line=9 space=local step=3 array=tmp requests=2 transactions=4 least=2 worst=2 "
    "stride=2 size=4\n"
    "memory line=7 space=global step=1 array=in requests=2 transactions=16 least=2 worst=8 "
    "stride=8 size=4\n"
    "memory line=9 space=local step=2 array=tmp requests=1 transactions=16 least=1 "
    "worst=16 stride=-32 size=4\n"
    "memory line=7 space=local step=1 array=- requests=1 transactions=1 least=1 worst=1 "
    "stride=0 size=4\n"
    "branch line=8 step=2 requests=2 divergent=1\n"
    "barrier line=10 count=6\n"
    "end groups=0 work=0 depth=0\n";

static void test_reader_gpu(void)
{
	gv_run r;
	int rc = gv_read(put("good2", good2), &r, err, sizeof err);
	TAP_OK_WHY(rc == 0, err, "a good version 2 file is read");
	if (rc != 0)
		return;
	gv_launch *l = &r.launch[0];
	TAP_OK(l->subgroup == 32 && l->banks == 32 && l->bank_bytes == 4 && l->sector_bytes == 32,
	       "the GPU's parameters");
	TAP_OK(l->nmemory == 4 && l->nbranch == 1 && l->nbarrier == 1, "its records");
	TAP_OK(l->memory[2].space == GV_LOCAL && l->memory[2].stride == -32 &&
		   l->memory[3].array[0] == '\0' && l->branch[0].divergent == 1 &&
		   l->barrier[0].line == 10 && l->barrier[0].count == 6,
	       "a record's fields");
	gv_memory m[3];
	size_t n = gv_memory_lines(l, m, 3);
	TAP_EQ_I(n, 3, "three lines and spaces");
	if (n == 3) {
		TAP_OK(m[0].line == 7 && m[0].space == GV_GLOBAL && m[1].line == 7 &&
			   m[1].space == GV_LOCAL && m[2].line == 9,
		       "ordered by line, global first");
		TAP_OK(m[2].requests == 3 && m[2].transactions == 20 && m[2].least == 3 &&
			   m[2].worst == 16 && m[2].step == 2 && m[2].stride == -32,
		       "line 9's steps summed, its worst step's degree and stride kept");
	}
	TAP_EQ_I(gv_memory_lines(l, m, 2), 3, "too small a buffer: the count of all the lines");
	gv_free(&r);
	/* a version 1 file has none */
	rc = gv_read(put("good", good), &r, err, sizeof err);
	TAP_OK(rc == 0 && r.launch[0].subgroup == 0 && r.launch[0].nmemory == 0,
	       "a version 1 file: no GPU counts");
	if (rc == 0)
		gv_free(&r);
}

/* ---- the plugin under oclgrind ---------------------------------------- */

static const char *srcdir, *builddir, *oclgrind, *plugin;
static const char *grind_env = ""; /* more of the environment, "NAME=VALUE " */
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
		 "PRAM_KERNEL_DIR='%s/tests/grind' PRAM_GRIND_OUT='%s' PRAM_DEVICE= %s"
		 "ASAN_OPTIONS=verify_asan_link_order=0:detect_leaks=0 '%s' "
		 "--plugins '%s' '%s' %s.cl %s %s %s >'%s' 2>&1",
		 srcdir, out, grind_env, oclgrind, plugin, host, name, name, check, sizes, log);
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

/* The memory record of line ln of l in space sp, summed over the steps
 * (zero when none). */
static gv_memory mem_at(const gv_launch *l, unsigned ln, gv_space sp)
{
	gv_memory m[64], none = {0};
	size_t n = gv_memory_lines(l, m, 64);
	for (size_t k = 0; k < n && k < 64; k++)
		if (m[k].line == ln && m[k].space == sp)
			return m[k];
	return none;
}

/* Check the line holding marker in memory.cl: requests R, transactions T,
 * the fewest M, the worst X of one request. */
static void expect(const gv_launch *l, const char *marker, gv_space sp, unsigned long long R,
		   unsigned long long T, unsigned long long M, unsigned long long X,
		   const char *what)
{
	unsigned ln = line_of("memory.cl", marker);
	gv_memory m = mem_at(l, ln, sp);
	int ok = ln && m.requests == R && m.transactions == T && m.least == M && m.worst == X;
	TAP_OK(ok, "memory.cl:%u (%s, S = %u): %s", ln, gv_space_name(sp), l->subgroup, what);
	if (!ok)
		tap_diag("got requests=%llu transactions=%llu least=%llu worst=%llu, expected "
			 "%llu %llu %llu %llu",
			 m.requests, m.transactions, m.least, m.worst, R, T, M, X);
}

/* The branch record of line ln summed over the steps: requests, divergent. */
static void branch_at(const gv_launch *l, unsigned ln, unsigned long long *req,
		      unsigned long long *div)
{
	*req = *div = 0;
	for (size_t k = 0; k < l->nbranch; k++)
		if (l->branch[k].line == ln) {
			*req += l->branch[k].requests;
			*div += l->branch[k].divergent;
		}
}

/* The GPU's view on memory.cl, one group of 64: two sub-groups of 32, or
 * four of 16 with PRAM_GRIND_SUBGROUP=16. */
static void test_memory(void)
{
	gv_run r;
	if (grind_one("memory", "none", "64", 1, &r) != 0) {
		TAP_OK_WHY(0, err, "memory.cl runs under the plugin");
		return;
	}
	gv_launch *l = &r.launch[0];
	TAP_OK(l->subgroup == 32 && l->banks == 32 && l->bank_bytes == 4 && l->sector_bytes == 32,
	       "memory.cl: sub-groups of 32, 32 banks of 4 bytes, sectors of 32");
	/* in[i]: 32 ints are 128 bytes, 4 sectors, a request per sub-group */
	expect(l, "int a = in[i]", GV_GLOBAL, 2, 8, 8, 4, "coalesced, 4 sectors a request");
	/* in[(8 lid) mod L]: words 0, 8, .., 56, each in a sector of its own,
	 * 32 bytes that one sector would hold */
	expect(l, "(lid * 8) % L]", GV_GLOBAL, 2, 16, 2, 8, "8 sectors where 1 would do");
	/* tile[32 lid]: 32 words, all in bank 0 */
	expect(l, "tile[lid * 32] = a", GV_LOCAL, 2, 64, 2, 32, "32-way bank conflicts");
	expect(l, "tile[lid * 33 + 1]", GV_LOCAL, 2, 2, 2, 1, "padded to 33: conflict-free");
	expect(l, "tmp[lid] = a + b", GV_LOCAL, 2, 2, 2, 1, "consecutive words: conflict-free");
	/* words 0, 2, .., 62: the even banks, two words each */
	expect(l, "tmp[(lid * 2) % L]", GV_LOCAL, 2, 4, 2, 2, "stride 2: 2-way");
	expect(l, "tmp[5]", GV_LOCAL, 2, 2, 2, 1, "one word for all: a broadcast");
	/* the odd work-items only: 16 a sub-group, all in bank 0 */
	expect(l, "c += tile[lid * 32]", GV_LOCAL, 2, 32, 2, 16, "half the work-items: 16-way");
	expect(l, "out[i] = c + d", GV_GLOBAL, 2, 8, 8, 4, "the store, coalesced");
	expect(l, "sums[g] = tile[1]", GV_GLOBAL, 1, 1, 1, 1, "one work-item: one sector");
	gv_memory m = mem_at(l, line_of("memory.cl", "(lid * 8) % L]"), GV_GLOBAL);
	TAP_OK(m.stride == 8 && m.size == 4 && strcmp(m.array, "in") == 0 && m.step == 1,
	       "the strided read: 8 elements apart, of 4 bytes, in in, step 1 (got %lld, %u, %s, "
	       "%zu)",
	       m.stride, m.size, m.array, m.step);
	m = mem_at(l, line_of("memory.cl", "c += tile[lid * 32]"), GV_LOCAL);
	/* work-items 1 and 3 read words 32 and 96: 32 elements a local id */
	TAP_OK(m.stride == 32 && strcmp(m.array, "tile") == 0 && m.step == 2,
	       "the odd work-items' read: 32 elements a local id apart in tile, step 2 (got "
	       "%lld, %s, %zu)",
	       m.stride, m.array, m.step);
	unsigned long long req, div;
	branch_at(l, line_of("memory.cl", "if (lid % 2)"), &req, &div);
	TAP_OK(req == 2 && div == 2, "if (lid %% 2): both sub-groups divergent (got %llu of %llu)",
	       div, req);
	branch_at(l, line_of("memory.cl", "if (lid == 0)"), &req, &div);
	TAP_OK(req == 2 && div == 1, "if (lid == 0): the first sub-group only (got %llu of %llu)",
	       div, req);
	TAP_OK(l->nbarrier == 1 && l->barrier[0].line == line_of("memory.cl", "barrier(") &&
		   l->barrier[0].count == 1,
	       "memory.cl: one barrier, at its line");
	gv_free(&r);

	grind_env = "PRAM_GRIND_SUBGROUP=16 ";
	int rc = grind_one("memory", "none", "64", 1, &r);
	grind_env = "";
	if (rc != 0) {
		TAP_OK_WHY(0, err, "memory.cl runs with sub-groups of 16");
		return;
	}
	l = &r.launch[0];
	TAP_EQ_I(l->subgroup, 16, "PRAM_GRIND_SUBGROUP=16: sub-groups of 16");
	/* 16 ints are 2 sectors; words 0, 8, .., 56 twice: 8 sectors, 1 would do */
	expect(l, "int a = in[i]", GV_GLOBAL, 4, 8, 8, 2, "coalesced, 2 sectors a request");
	expect(l, "(lid * 8) % L]", GV_GLOBAL, 4, 32, 4, 8, "8 sectors where 1 would do");
	expect(l, "tile[lid * 32] = a", GV_LOCAL, 4, 64, 4, 16, "16-way bank conflicts");
	expect(l, "c += tile[lid * 32]", GV_LOCAL, 4, 32, 4, 8, "the odd ones: 8-way");
	branch_at(l, line_of("memory.cl", "if (lid == 0)"), &req, &div);
	TAP_OK(req == 4 && div == 1, "if (lid == 0) with 4 sub-groups: 1 divergent of 4 (got "
				    "%llu of %llu)",
	       div, req);
	gv_free(&r);

	/* a bad parameter: nothing recorded, and the plugin says which */
	grind_env = "PRAM_GRIND_BANKS=0 ";
	rc = grind("memory", "none", "64", &r);
	grind_env = "";
	TAP_OK(rc != 0, "PRAM_GRIND_BANKS=0: nothing recorded");
	if (rc == 0)
		gv_free(&r);
	char log[4300];
	snprintf(log, sizeof log, "%s/memory.log", dir);
	FILE *f = fopen(log, "r");
	char said[4096] = "";
	if (f) {
		size_t got = fread(said, 1, sizeof said - 1, f);
		said[got] = '\0';
		fclose(f);
	}
	TAP_CONTAINS(said, "PRAM_GRIND_BANKS=0 is not a whole number from 1 to 1024",
		     "and the plugin names the variable and its range");
}

/* The tree reduction at L = 64 as a GPU runs it: the halvings are
 * conflict-free, the if (lid < s) splits the first sub-group five times
 * (s = 16 .. 1; at s = 32 one sub-group is all in, the other all out), and
 * the barrier in the loop runs six times. */
static void test_reduce_gpu(void)
{
	gv_run r;
	if (grind_one("reduce_tree", "reduce", "64", 1, &r) != 0) {
		TAP_OK_WHY(0, err, "reduce_tree L = 64 runs under the plugin");
		return;
	}
	const gv_launch *l = &r.launch[0];
	/* The load into tmp (a request a sub-group), two reads and a write at
	 * each halving by the first sub-group only, six times, and the read of
	 * tmp[0]: 2 + 18 + 1 requests, all conflict-free. Summed over the
	 * lines, as the compiler may sink the two stores into tmp into one
	 * instruction with one line. */
	unsigned long long req = 0, tr = 0, worst = 0;
	for (size_t k = 0; k < l->nmemory; k++)
		if (l->memory[k].space == GV_LOCAL) {
			req += l->memory[k].requests;
			tr += l->memory[k].transactions;
			worst = l->memory[k].worst > worst ? l->memory[k].worst : worst;
		}
	TAP_OK(req == 21 && tr == 21 && worst == 1,
	       "reduce_tree: 21 local requests, conflict-free (got %llu, %llu, worst %llu)", req,
	       tr, worst);
	unsigned long long div;
	branch_at(l, line_of("reduce_tree.cl", "if (lid < s)"), &req, &div);
	TAP_OK(req == 12 && div == 5, "reduce_tree: if (lid < s) divergent 5 times of 12 (got %llu "
				      "of %llu)",
	       div, req);
	unsigned bl = line_of("reduce_tree.cl", "barrier(");
	TAP_OK(l->nbarrier == 1 && l->barrier[0].line == bl && l->barrier[0].count == 6,
	       "reduce_tree: the barrier at line %u runs log2 L = 6 times", bl);
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
	test_reader_gpu();
	const char *why = skip_reason();
	if (why) {
		printf("ok %d - the plugin under oclgrind # SKIP %s\n", ++tap_count_, why);
	} else {
		test_reduce();
		test_shapes();
		test_atomics();
		test_sweep();
		test_charges();
		test_memory();
		test_reduce_gpu();
	}
	char cmd[4200];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	if (system(cmd) != 0)
		tap_diag("could not remove %s", dir);
	return tap_done();
}
