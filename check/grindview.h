/*
 * grindview.h - the PRAM view of a kernel: where the Oclgrind plugin
 * (kernels/oclgrind/pram_plugin.cpp) is, and the reader of what it records.
 * The plugin turns each work-group's barrier intervals into PRAM steps and
 * records, per launch and per work-group, the steps, the work, the reads
 * and writes and whether the local-memory accesses were EREW, CREW or CRCW.
 *
 *     const char *so = gv_plugin_path();        // NULL: not built
 *     // run: PRAM_GRIND_OUT=F oclgrind --plugins SO HOST ARGS...
 *     // (the checker's host, pram-grind-case --record F, sets it: grind.h)
 *     gv_run run;
 *     if (gv_read(F, &run, err, sizeof err) != 0) { ... err ... }
 *     for (size_t k = 0; k < run.nlaunch; k++)
 *             ... run.launch[k].work, run.launch[k].depth ...
 *     gv_free(&run);
 *
 * Definitions (the plugin's header comment has them in full). A step is an
 * interval of one work-group between two of its barriers, the first from
 * the start, the last to the end: a group that passes b barriers runs b + 1
 * steps. Every access is charged as the simulator charges it: a work-item
 * that makes a global, constant or local memory accesses in a step costs
 * ceil(a / K) (K = PRAM_STEP_ACCESSES); the work of a step is their sum, its
 * time the largest, a group's depth the sum of its steps' times. Reads and
 * writes count every access (an atomic is one of each). The class of a step: EREW when
 * no local byte was read by two work-items and none written by two; CREW
 * when some byte was read by two or more and none written by two; CRCW when
 * some byte was written by two or more. A read and a write of one byte by
 * two work-items does not change the class (legal in every PRAM model, as
 * in the simulator). A group's class is its steps' highest, and its `first`
 * is the first access (in the order Oclgrind ran them) that made it.
 *
 * The file format (version 2; version 1 had no GPU counts and no
 * subgroup= to sectorbytes=), one record a line, fields KEY=VALUE
 * separated by one space:
 *
 *     pram-grind 2
 *     launch kernel=NAME dim=D global=X,Y,Z local=X,Y,Z groups=X,Y,Z
 *            subgroup=S banks=N bankbytes=W sectorbytes=B
 *     group id=X,Y,Z steps=S work=W reads=R writes=W instructions=I
 *           class=C line=N array=A index=K items=P,Q depth=T accesses=M
 *     step n=K work=W reads=R writes=W instructions=I
 *           class=C line=N array=A index=K items=P,Q time=T accesses=M
 *     memory line=N space=global|local step=K array=A requests=R
 *            transactions=T least=M worst=X stride=D size=Z
 *     branch line=N step=K requests=R divergent=V
 *     barrier line=N count=C
 *     end groups=G work=W depth=D
 *
 * (group, step and memory are one line each.) Each group line is followed by its S step lines (n = 1 .. S); C is EREW,
 * CREW or CRCW; an EREW record has line=0 array=- index=-1 items=-1,-1;
 * line is 0 where the kernel has no debug information. The end line closes
 * a launch and repeats its totals, which the reader checks (D the largest
 * depth of a group, a group's depth the sum of its steps' times). A record
 * without time=, depth= or accesses= (the plugin before it charged
 * accesses) reads as time 1, depth the steps, accesses 0. Unknown fields
 * are ignored, so later versions may add some. The plugin appends a launch
 * in one write at its end, so a killed run leaves only complete launches.
 *
 * The GPU's view (memory, branch and barrier records, after a launch's
 * groups): the work-items of a group run in sub-groups of S consecutive
 * local ids; the k-th execution of one memory instruction by a sub-group's
 * work-items in one barrier interval is one request. A global request costs
 * the sectors of B bytes its bytes touch (coalescing); a local one the most
 * distinct words of W bytes in one of the N banks (its bank-conflict
 * degree, 1 when conflict-free). A memory record sums the requests of one
 * source line, space and step K over the groups: T their transactions
 * (sectors, or turns of the banks), M the fewest had their bytes been
 * packed, X the most of one request, D (elements between neighbouring
 * work-items) and Z (bytes an access) of the first request that took X,
 * and A its array (- when unknown). A branch record counts the sub-groups'
 * executions of the conditional branches at a line in step K and the
 * divergent ones (some work-items went each way); a barrier record the
 * work-group barriers passed at a line. The reader checks that M, X and R
 * are at most T and V at most R.
 *
 * Nothing here prints or exits: errors come back as -1 with a message in
 * err that names the file and line.
 */
#ifndef PRAM_GRINDVIEW_H
#define PRAM_GRINDVIEW_H

#include <stddef.h>

/* How the work-items of a step shared local memory, weakest first. */
typedef enum gv_class {
	GV_EREW,
	GV_CREW,
	GV_CRCW
} gv_class;

/* The first access that made a step's or a group's class (none for EREW). */
typedef struct gv_conflict {
	unsigned line;     /* source line; 0: none, or no debug information */
	char array[64];    /* the local array ("tmp"), "" for none */
	long long index;   /* element index in it (byte offset / access size); -1: none */
	long long item[2]; /* local ids of the earlier and the later work-item; -1: none */
} gv_conflict;

typedef struct gv_step {
	unsigned long long work, reads, writes, instructions;
	unsigned long long time;     /* the largest charge ceil(a / K) of a work-item (1 in
					records made before the plugin charged accesses) */
	unsigned long long accesses; /* the most accesses of one work-item (0: not recorded) */
	gv_class access;
	gv_conflict first;
} gv_step;

typedef struct gv_group {
	size_t id[3]; /* work-group id */
	size_t steps; /* barrier intervals run: barriers passed + 1 */
	unsigned long long depth;    /* the sum of its steps' times (steps where none was
					charged more than 1) */
	unsigned long long accesses; /* the most of its steps' */
	unsigned long long work, reads, writes, instructions; /* summed over the steps */
	gv_class access;                                      /* the highest class of its steps */
	gv_conflict first;                                    /* the first access that made it */
	gv_step *step;                                        /* steps entries, step[0] the first */
} gv_group;

/* The requests of one source line to one memory space (in one step, or
 * over the steps: gv_memory_lines). */
typedef enum gv_space {
	GV_GLOBAL,
	GV_LOCAL
} gv_space;

typedef struct gv_memory {
	unsigned line; /* source line; 0 without debug information */
	gv_space space;
	size_t step;                    /* the barrier interval, from 1 (of worst, over steps) */
	char array[64];                 /* of worst; "" when unknown */
	unsigned long long requests;    /* sub-groups' requests */
	unsigned long long transactions; /* sectors (global) or bank turns (local), summed */
	unsigned long long least;       /* the fewest, had the bytes been packed */
	unsigned long long worst;       /* the most of one request: its sectors, or its
					   bank-conflict degree */
	long long stride;               /* elements between neighbouring work-items, in worst */
	unsigned size;                  /* bytes an access, in worst */
} gv_memory;

typedef struct gv_branch {
	unsigned line;
	size_t step;
	unsigned long long requests;  /* sub-groups' executions of the branch */
	unsigned long long divergent; /* of them, those whose work-items went both ways */
} gv_branch;

typedef struct gv_barrier {
	unsigned line;
	unsigned long long count; /* work-group barriers passed there */
} gv_barrier;

typedef struct gv_launch {
	char kernel[128]; /* kernel name */
	unsigned dim;     /* work dimensions, 1 to 3 */
	size_t global[3], local[3], groups[3];
	size_t ngroup;           /* groups recorded: all, unless oclgrind --quick ran the
				    first and last only or a fatal error ended the kernel */
	gv_group *group;         /* in the order Oclgrind ran them */
	unsigned long long work; /* summed over the groups */
	size_t depth;            /* the largest depth of a group */
	gv_class access;         /* the highest class of a group */
	size_t worst;            /* index of the first group with that class */
	/* The GPU's view (all 0 and NULL in a version 1 file). */
	unsigned subgroup, banks, bank_bytes, sector_bytes;
	gv_memory *memory; /* nmemory records, as the file has them */
	size_t nmemory;
	gv_branch *branch;
	size_t nbranch;
	gv_barrier *barrier;
	size_t nbarrier;
} gv_launch;

typedef struct gv_run {
	size_t nlaunch;
	gv_launch *launch; /* in the order the host enqueued them */
} gv_run;

/* The plugin's shared object: the file the environment variable
 * PRAM_GRIND_PLUGIN names when it is set (and nothing else then, as
 * PRAM_KERNEL_DIR for kernels; the tests set it), else the build tree's
 * kernels/oclgrind/pram_plugin.so, else the installed one in pkglibdir.
 * Returns a path (a static buffer, valid until the next call), or NULL when
 * there is no readable plugin (configure skipped it: no liboclgrind-dev or
 * no C++ compiler). */
const char *gv_plugin_path(void);

/* Read the file the plugin wrote (PRAM_GRIND_OUT) into out, which the
 * caller frees with gv_free. Returns 0, or -1 with a message in err naming
 * the file and line (a malformed record, a launch with no end line, totals
 * that do not add up, an empty or missing file); out is then empty. */
int gv_read(const char *path, gv_run *out, char *err, size_t errlen);

/* Free what gv_read allocated and empty r. Accepts NULL and an empty run. */
void gv_free(gv_run *r);

/* The memory records of l summed over the steps, one per line and space,
 * in out (up to max of them; caller owns out), ordered by line, global
 * first: requests, transactions and least summed, worst the most, and
 * step, stride, size and array those of the step that had it first.
 * Returns how many lines there are (more than max when some were left
 * out). */
size_t gv_memory_lines(const gv_launch *l, gv_memory *out, size_t max);

/* "global" or "local". */
const char *gv_space_name(gv_space s);

/* "EREW", "CREW" or "CRCW". */
const char *gv_class_name(gv_class c);

#endif /* PRAM_GRINDVIEW_H */
