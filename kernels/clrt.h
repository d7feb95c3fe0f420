/*
 * clrt.h - the small OpenCL host runtime of pramsim: device choice, program
 * build with the whole build log on failure, OpenCL error codes by name and
 * event timing.
 *
 *     char err[4096];
 *     clrt *rt = clrt_open(NULL, err, sizeof err); // PRAM_DEVICE, else the first CPU
 *     if (!rt) { fprintf(stderr, "pram: %s\n", err); ... }
 *     cl_program p = clrt_build(rt, "reduce.cl", "-DOP_SUM", err, sizeof err);
 *     ...
 *     clrt_close(rt);
 *
 * Nothing here prints (except clrt_print_devices, to the FILE it is given)
 * or exits: every failure returns NULL or -1 with a message in err.
 */
#ifndef PRAM_CLRT_H
#define PRAM_CLRT_H

#ifndef CL_TARGET_OPENCL_VERSION
#define CL_TARGET_OPENCL_VERSION 120
#endif

#include <stddef.h>
#include <stdio.h>

#include <CL/cl.h>

typedef struct clrt clrt;

/* Open a context and a profiling command queue on one device. spec chooses
 * the device: NULL or "" means the environment variable PRAM_DEVICE, and
 * when that is unset or empty, the first CPU device of any platform (PoCL),
 * else the first device. A spec is "N" (the index clrt_print_devices shows),
 * "P:D" (platform index, device index) or a case-insensitive part of the
 * platform or device name; "cpu", "gpu" and "accelerator" also match the
 * device type. Returns the runtime (free it with clrt_close), or NULL with a
 * message in err: a spec that matches nothing lists the devices there are. */
clrt *clrt_open(const char *spec, char *err, size_t errlen);

/* Release the queue, the context and every cached program. Accepts NULL. */
void clrt_close(clrt *rt);

/* The names are owned by rt and valid until clrt_close. */
const char *clrt_device_name(const clrt *rt);
const char *clrt_platform_name(const clrt *rt);
unsigned clrt_compute_units(const clrt *rt);
/* The device's largest work-group size. */
size_t clrt_max_wg(const clrt *rt);
/* Local memory per work-group, in bytes. */
unsigned long clrt_local_mem(const clrt *rt);
/* Lanes that run in lock step: the warp (NVIDIA) or wavefront (AMD) width
 * where the device says it, else the native int vector width (CPUs), else 1. */
unsigned clrt_simd_width(const clrt *rt);
/* Does the device list the OpenCL extension ext ("cl_khr_int64_base_atomics")? */
int clrt_has_extension(const clrt *rt, const char *ext);
/* The objects are owned by rt: do not release them. */
cl_context clrt_context(const clrt *rt);
cl_command_queue clrt_queue(const clrt *rt); /* in order, profiling enabled */
cl_device_id clrt_device(const clrt *rt);

/* Largest work-group size the kernels may choose; 0 (the default) leaves the
 * choice to them (up to their own cap and the device's limit). Tests set a
 * small cap so that small inputs already span several work-groups. */
void clrt_set_wg_cap(clrt *rt, size_t cap);
size_t clrt_wg_cap(const clrt *rt);

/* Print every platform and device: index, platform:device, platform name,
 * device name, type, version, compute units, largest work-group, local and
 * global memory, and which one clrt_open(NULL) takes. With json, print one
 * array of objects instead:
 *   [{"index": 0, "platform_index": 0, "device_index": 0,
 *     "platform": "...", "name": "...", "type": "cpu", "version": "...",
 *     "compute_units": 2, "max_work_group_size": 4096,
 *     "local_mem_bytes": 524288, "global_mem_bytes": 12345678,
 *     "default": true}, ...]
 * Returns 0, or -1 when there is no platform (the text form then says so and
 * the JSON form prints an empty array). */
int clrt_print_devices(FILE *out, int json);

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

/* Run an OpenCL call; on failure report it into err (file, line, function,
 * error name) and jump to the caller's fail: label. */
#define CL_CHECK(call, err, errlen)                                                        \
	do {                                                                               \
		cl_int clrt_rc_ = (call);                                                  \
		if (clrt_rc_ != CL_SUCCESS) {                                              \
			clrt_report((err), (errlen), __FILE__, __LINE__, #call, clrt_rc_); \
			goto fail;                                                         \
		}                                                                          \
	} while (0)

/* The same for a status an object-creating call wrote into rc. */
#define CL_CHECK_RC(rc, what, err, errlen)                                              \
	do {                                                                            \
		if ((rc) != CL_SUCCESS) {                                               \
			clrt_report((err), (errlen), __FILE__, __LINE__, (what), (rc)); \
			goto fail;                                                      \
		}                                                                       \
	} while (0)

/* Milliseconds from the start to the end of a finished command of a
 * profiling queue; a negative value when the event has no profiling info. */
double clrt_event_ms(cl_event ev);

#endif /* PRAM_CLRT_H */
