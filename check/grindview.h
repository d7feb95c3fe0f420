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
 * The file format (version 1), one record a line, fields KEY=VALUE
 * separated by one space:
 *
 *     pram-grind 1
 *     launch kernel=NAME dim=D global=X,Y,Z local=X,Y,Z groups=X,Y,Z
 *     group id=X,Y,Z steps=S work=W reads=R writes=W instructions=I
 *           class=C line=N array=A index=K items=P,Q depth=T accesses=M
 *     step n=K work=W reads=R writes=W instructions=I
 *           class=C line=N array=A index=K items=P,Q time=T accesses=M
 *     end groups=G work=W depth=D
 *
 * (group and step are one line each.) Each group line is followed by its S step lines (n = 1 .. S); C is EREW,
 * CREW or CRCW; an EREW record has line=0 array=- index=-1 items=-1,-1;
 * line is 0 where the kernel has no debug information. The end line closes
 * a launch and repeats its totals, which the reader checks (D the largest
 * depth of a group, a group's depth the sum of its steps' times). A record
 * without time=, depth= or accesses= (the plugin before it charged
 * accesses) reads as time 1, depth the steps, accesses 0. Unknown fields
 * are ignored, so later versions may add some. The plugin appends a launch
 * in one write at its end, so a killed run leaves only complete launches.
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

/* "EREW", "CREW" or "CRCW". */
const char *gv_class_name(gv_class c);

#endif /* PRAM_GRINDVIEW_H */
