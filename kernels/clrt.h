/*
 * clrt.h - the small OpenCL host runtime of pramsim, the part its users
 * outside kernels/ see: open a device, name it, cap the work-group sizes,
 * list the devices. No OpenCL type appears here, so the commands build
 * with or without OpenCL; the rest of the runtime (contexts, queues,
 * program builds, errors by name, event timing) is in clrtint.h, for
 * kernels/ alone.
 *
 *     char err[4096];
 *     clrt *rt = clrt_open(NULL, err, sizeof err); // PRAM_DEVICE, else the first CPU
 *     if (!rt) { fprintf(stderr, "pram: %s\n", err); ... }
 *     ... gpu_run(rt, &job, err, sizeof err) (gpu.h) ...
 *     clrt_close(rt);
 *
 * Nothing here prints (except clrt_print_devices, to the FILE it is given)
 * or exits: every failure returns NULL or -1 with a message in err. In a
 * pram built without OpenCL (kernels/none.c) clrt_open always fails, saying
 * how to get OpenCL, and clrt_print_devices prints that.
 */
#ifndef PRAM_CLRT_H
#define PRAM_CLRT_H

#include <stddef.h>
#include <stdio.h>

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
/* Whether kernels are built with -DPRAM_NV_PTX (NVIDIA's OpenCL, unless
 * PRAM_PTX=0 in the environment): common.clh's warp shuffles in inline PTX. */
int clrt_ptx(const clrt *rt);

/* Largest work-group size the kernels may choose; 0 (the default) leaves the
 * choice to them (up to their own cap and the device's limit). Tests set a
 * small cap so that small inputs already span several work-groups. */
void clrt_set_wg_cap(clrt *rt, size_t cap);

/* How gpu_run and gpu_copy_bandwidth time runs on rt (gpu.h): batch 1 (the
 * default), each run alone, the durations of its kernels summed; batch B >
 * 1, B runs at a time enqueued back to back behind a kernel that holds the
 * queue while the host enqueues them, each run timed as the batch's span,
 * from that kernel's end to the start of a mark after the runs, over B:
 * what a run costs the device in a stream of runs, the gaps between its
 * launches included, as bench/vendor.cu times the vendor's calls. The
 * batch's kernels take no events (unless PRAM_KERNEL_TIMES asks for their
 * times), as the vendor's calls take none. */
void clrt_set_batch(clrt *rt, unsigned batch);
unsigned clrt_batch(const clrt *rt);

/* The text of the kernel file `file` ("radix_sort.cl"), found where
 * clrt_build looks (malloc'd), or NULL with where it looked in err. */
char *clrt_kernel_text(const char *file, char *err, size_t errlen);

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

#endif /* PRAM_CLRT_H */
