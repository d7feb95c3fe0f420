/*
 * clrtint.h - the OpenCL host runtime's functions that take or give OpenCL
 * types, for the files of kernels/ alone (clrt.h is what everyone else
 * sees): the device's limits, its context, queue and device, program builds
 * with the whole build log on failure, OpenCL error codes by name,
 * CL_CHECK, and event timing.
 *
 *     cl_program p = clrt_build(rt, "reduce.cl", "-DOP_SUM", err, sizeof err);
 */
#ifndef PRAM_CLRTINT_H
#define PRAM_CLRTINT_H

#ifndef CL_TARGET_OPENCL_VERSION
#define CL_TARGET_OPENCL_VERSION 120
#endif

#include <CL/cl.h>

#include "clrt.h"

/* The device's largest work-group size. */
size_t clrt_max_wg(const clrt *rt);
/* Local memory per work-group, in bytes. */
unsigned long clrt_local_mem(const clrt *rt);
/* The device's global memory cache, in bytes (CL_DEVICE_GLOBAL_MEM_CACHE_SIZE;
 * 0 where it has none). */
unsigned long long clrt_global_cache(const clrt *rt);
/* Lanes that run in lock step: the warp (NVIDIA) or wavefront (AMD) width
 * where the device says it, else the native int vector width (CPUs), else 1. */
unsigned clrt_simd_width(const clrt *rt);
/* Does the device list the OpenCL extension ext ("cl_khr_int64_base_atomics")? */
int clrt_has_extension(const clrt *rt, const char *ext);
/* The objects are owned by rt: do not release them. */
cl_context clrt_context(const clrt *rt);
cl_command_queue clrt_queue(const clrt *rt); /* in order, profiling enabled */
cl_device_id clrt_device(const clrt *rt);

/* The cap clrt_set_wg_cap set; 0: none. */
size_t clrt_wg_cap(const clrt *rt);

/* A stage of an algorithm's kernels put in their place: while a stage is
 * set, the runners' kernel `kernel` comes from prog (a student's, which
 * the caller owns and keeps until the stage is cleared) and runs in
 * work-groups of local, where the device allows them (pram check's
 * kernel-stage contract, student.c). clrt_set_stage(rt, NULL, NULL, 0)
 * clears it. */
void clrt_set_stage(clrt *rt, const char *kernel, cl_program prog, size_t local);
/* The stage's kernel name (NULL: none), its program and work-group size. */
const char *clrt_stage(const clrt *rt, cl_program *prog, size_t *local);
/* A runner picked the work-group size local for the stage's kernel
 * (gpu__lsize notes each pick); how many picks since the stage was set (0:
 * the runners never reached it) and the last one's size into *local. */
void clrt_stage_note(clrt *rt, size_t local);
unsigned clrt_stage_count(const clrt *rt, size_t *local);

/* Build the kernel file `file` (a bare name such as "reduce.cl") with the
 * given build options. The file is looked for in the environment variable
 * PRAM_KERNEL_DIR, then in the source tree's kernels folder, then in the
 * installed package data's kernels folder. Programs are cached in rt per
 * file and options, so a second call costs nothing. Returns the program,
 * owned by rt (do not release it), or NULL with a message in err; a failed
 * build puts the file's real path and the whole build log there. */
cl_program clrt_build(clrt *rt, const char *file, const char *options, char *err, size_t errlen);

/* The path clrt_build found for file, or NULL when it has not built it yet.
 * Owned by rt. */
const char *clrt_kernel_path(const clrt *rt, const char *file);

/* The name of an OpenCL error code ("CL_OUT_OF_RESOURCES"), or
 * "CL_UNKNOWN_ERROR" for a code OpenCL 1.2 does not define. Static string. */
const char *clrt_errname(cl_int code);

/* Write "file:line: what: CL_NAME (code)" into err; what is cut at its first
 * '(' so that a whole call reads as its function's name. */
void clrt_report(char *err, size_t errlen, const char *file, int line, const char *what,
		 cl_int code);

/*
 * Error injection, for the tests of the failure paths: with the environment
 * variable PRAM_CL_INJECT=NAME:K[:CODE], the K-th OpenCL call (counting from
 * 1) whose function is NAME fails with CODE, a number or an error's name
 * (default CL_OUT_OF_RESOURCES), as if the implementation had returned it.
 * clrt__inject(what) returns that code for the call what ("clBuildProgram",
 * or a whole call's text, which reads up to its '(') or CL_SUCCESS. CODE
 * LOST (CLRT_INJECT_LOST), for clEnqueueNDRangeKernel only: the launch is
 * dropped and reported done, as a kernel that wrote nothing.
 */
#define CLRT_INJECT_LOST 1
cl_int clrt__inject(const char *what);

/* Run an OpenCL call; on failure report it into err (file, line, function,
 * error name) and jump to the caller's fail: label. An injected failure
 * stands in for the call, which then does not run. */
#define CL_CHECK(call, err, errlen)                                                        \
	do {                                                                               \
		cl_int clrt_rc_ = clrt__inject(#call);                                     \
		if (clrt_rc_ == CL_SUCCESS)                                                \
			clrt_rc_ = (call);                                                 \
		if (clrt_rc_ != CL_SUCCESS) {                                              \
			clrt_report((err), (errlen), __FILE__, __LINE__, #call, clrt_rc_); \
			goto fail;                                                         \
		}                                                                          \
	} while (0)

/* The same for a status an object-creating call wrote into rc (an injected
 * failure comes after the object exists: the fail: path releases it). */
#define CL_CHECK_RC(rc, what, err, errlen)                                              \
	do {                                                                            \
		if ((rc) == CL_SUCCESS)                                                 \
			(rc) = clrt__inject(what);                                      \
		if ((rc) != CL_SUCCESS) {                                               \
			clrt_report((err), (errlen), __FILE__, __LINE__, (what), (rc)); \
			goto fail;                                                      \
		}                                                                       \
	} while (0)

/* Milliseconds from the start to the end of a finished command of a
 * profiling queue; a negative value when the event has no profiling info. */
double clrt_event_ms(cl_event ev);

#endif /* PRAM_CLRTINT_H */
